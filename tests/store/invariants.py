"""What committed compactions must have left in a session's rows (the stress tests share it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from packlight.store import StoredMessage


def check_compactions(
    rows: Sequence[StoredMessage], prefixes: Mapping[str, Sequence[int]], new_count: int
) -> int:
    """Assert the prefix compare-and-swap's invariants over ``rows`` (all of one session's).

    ``prefixes`` maps each committed compaction's event id to the ``expected_positions`` it
    passed; each inserted ``new_count`` messages. For every event: the rows it compacted are
    its prefix, then the rows appended after it (late rows); the rows it inserted are its new
    list, then copies of the late rows (same message and tokens, same order), at consecutive
    positions. Every appended row ends up active, compacted as part of a prefix, or carried
    on as a copy: nothing falls out of the live transcript unsummarised. Returns how many
    late rows were carried in all.
    """
    rows = sorted(rows, key=lambda row: row.position)
    by_position = {row.position: row for row in rows}
    assert len(by_position) == len(rows), "a position is duplicated"
    assert {row.compaction_id for row in rows if not row.active} <= set(prefixes), "ghost event"
    assert all(row.compaction_id is None for row in rows if row.active)
    assert {row.inserted_by for row in rows} <= {None, *prefixes}

    covered: set[int] = set()
    copy_of: dict[int, StoredMessage] = {}
    for event_id, expected in prefixes.items():
        compacted = [row for row in rows if row.compaction_id == event_id]
        prefix = sorted(expected)
        assert prefix, f"{event_id} compacted nothing"
        assert [row.position for row in compacted[: len(prefix)]] == prefix, event_id
        late = compacted[len(prefix) :]
        inserted = [row for row in rows if row.inserted_by == event_id]
        assert len(inserted) == new_count + len(late), event_id
        first = inserted[0].position
        assert [row.position for row in inserted] == list(range(first, first + len(inserted)))
        copies = inserted[new_count:]
        assert [(c.message, c.tokens) for c in copies] == [(r.message, r.tokens) for r in late]
        covered.update(prefix)
        copy_of.update((row.position, copy) for row, copy in zip(late, copies, strict=True))

    for row in rows:
        if row.inserted_by is not None:
            continue
        current = row
        while not current.active and current.position not in covered:
            assert current.position in copy_of, f"row {row.position} was dropped"
            current = copy_of[current.position]
            assert current.message == row.message
    return len(copy_of)
