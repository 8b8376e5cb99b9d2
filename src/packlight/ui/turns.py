"""What a stored session sent each turn, and what each compaction changed: pure functions over
the store's rows and events (no I/O).

The store does not log requests; it keeps every row ever appended, in position order, with
the compaction that replaced it (``compaction_id``) or inserted it (``inserted_by``). Walking
the positions replays the active transcript: an agent's row joins it, the first row a
compaction inserted marks the moment that compaction ran (its rows come after every row that
existed then), and takes the rows it replaced out. A *turn* is a model call; its input is
the active transcript just before the assistant message that answered it, which is what the
agent sent (within packlight's token counter).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from packlight.messages import PACKLIGHT_KEY, as_mapping, is_summary, message_text
from packlight.store.base import CompactionEvent, StoredMessage

__all__ = [
    "CompactionMark",
    "MessageChange",
    "TokenHistory",
    "Turn",
    "compaction_changes",
    "token_history",
]


@dataclass(frozen=True, slots=True)
class Turn:
    number: int
    """1-based: the n-th model call of the session."""
    position: int
    """The position of the assistant row that answered it."""
    input_tokens: int
    """The active transcript's tokens when the call was made (packlight's counter)."""


@dataclass(frozen=True, slots=True)
class CompactionMark:
    event: CompactionEvent
    index: int
    """1-based: the n-th compaction of the session."""
    turn: int
    """The turn whose request the compaction prepared (the next model call)."""
    tokens_before: int
    tokens_after: int
    """The active transcript's tokens around the commit, by the stored per-row counts."""


@dataclass(frozen=True, slots=True)
class TokenHistory:
    turns: list[Turn]
    marks: list[CompactionMark]
    active_tokens: int
    """The active transcript's tokens now."""
    original_messages: int
    """Rows the agent appended (not inserted by a compaction)."""


def token_history(rows: Sequence[StoredMessage], events: Sequence[CompactionEvent]) -> TokenHistory:
    """Replay ``rows`` (one session's, in position order) against its ``events``."""
    by_id = {event.id: event for event in events}
    order = {event.id: index for index, event in enumerate(events, start=1)}
    replaced: dict[str, list[StoredMessage]] = {}
    for row in rows:
        if row.compaction_id is not None:
            replaced.setdefault(row.compaction_id, []).append(row)
    active: dict[int, int] = {}
    total = 0
    turns: list[Turn] = []
    marks: list[CompactionMark] = []
    seen_events: set[str] = set()
    original = 0
    for row in rows:
        tokens = row.tokens or 0
        inserter = row.inserted_by
        if inserter is not None and inserter in by_id and inserter not in seen_events:
            seen_events.add(inserter)
            before = total
            for gone in replaced.get(inserter, ()):
                total -= active.pop(gone.position, 0)
            marks.append(
                CompactionMark(by_id[inserter], order[inserter], len(turns) + 1, before, 0)
            )
        if inserter is None:
            original += 1
            if as_mapping(row.message).get("role") == "assistant":
                turns.append(Turn(len(turns) + 1, row.position, total))
        active[row.position] = tokens
        total += tokens
        if marks and inserter is not None and inserter == marks[-1].event.id:
            last = marks[-1]
            marks[-1] = CompactionMark(last.event, last.index, last.turn, last.tokens_before, total)
    # A compaction whose inserted rows are all gone (a later one replaced them, or a
    # rotation moved them to the child) still happened: place it after the last turn.
    for event in events:
        if event.id not in seen_events:
            marks.append(
                CompactionMark(
                    event, order[event.id], len(turns) + 1, event.before_tokens, event.after_tokens
                )
            )
    marks.sort(key=lambda mark: mark.index)
    return TokenHistory(turns, marks, total, original)


ChangeKind = Literal["kept", "digested", "summarized"]


@dataclass(frozen=True, slots=True)
class MessageChange:
    """One row a compaction took out of the active transcript, and what became of it."""

    position: int
    role: str
    kind: ChangeKind
    """``kept``: inserted again as it was; ``digested``: kept in a shortened form (same tool
    call); ``summarized``: folded into the checkpoint (its original stays in the store)."""
    preview: str
    tokens: int | None
    artifacts: list[str] = field(default_factory=list)
    """Artifacts a digest or the checkpoint points at for it (``artifact://ID``)."""


def compaction_changes(rows: Sequence[StoredMessage], event_id: str) -> list[MessageChange]:
    """The rows ``event_id`` replaced, each classified against the rows it inserted."""
    removed = [row for row in rows if row.compaction_id == event_id]
    inserted = [row for row in rows if row.inserted_by == event_id]
    verbatim = {_identity(row.message) for row in inserted}
    by_call: dict[str, Mapping[str, Any]] = {}
    for row in inserted:
        if is_summary(row.message):
            continue
        for key in _call_keys(row.message):
            by_call[key] = as_mapping(row.message)
    changes = []
    for row in removed:
        message = as_mapping(row.message)
        role = str(message.get("role", "?"))
        kind: ChangeKind
        pointers: list[str] = []
        if _identity(row.message) in verbatim:
            kind = "kept"
        elif any(key in by_call for key in _call_keys(row.message)):
            kind = "digested"
            match = next(by_call[key] for key in _call_keys(row.message) if key in by_call)
            pointers = _artifact_ids(message_text(match))
        else:
            kind = "summarized"
        changes.append(
            MessageChange(
                row.position, role, kind, _preview(message_text(message)), row.tokens, pointers
            )
        )
    return changes


def _identity(message: Any) -> str:
    """The message as JSON without packlight's metadata: a row inserted again verbatim has the
    same identity as the one it replaced."""
    body = {k: v for k, v in as_mapping(message).items() if k != PACKLIGHT_KEY}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)


def _call_keys(message: Any) -> list[str]:
    """The tool calls a message belongs to: a result's call id, an assistant's call ids."""
    mapping = as_mapping(message)
    keys = []
    call_id = mapping.get("tool_call_id")
    if isinstance(call_id, str):
        keys.append(f"result:{call_id}")
    for call in mapping.get("tool_calls") or ():
        if isinstance(call, Mapping) and isinstance(call.get("id"), str):
            keys.append(f"call:{call['id']}")
    return keys


def _preview(text: str, limit: int = 240) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _artifact_ids(text: str) -> list[str]:
    from packlight.ui.checkpoints import citations

    return list(dict.fromkeys(citation.artifact_id for citation in citations(text)))
