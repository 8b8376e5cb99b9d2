"""Message rows in the PostgreSQL store: positions, inserts, late-row copies, deactivation, reads.

The statements :class:`~packlight.store.postgres.PostgresStore` composes its writes from
(``create_session``, ``append_messages``, ``commit_compaction``, ``commit_rotation``). Every
function runs on the connection the store hands it, inside the store's transaction; ``q`` is
the store's composer binding ``{s}`` to its schema.

**Positions** come from a per-session counter on the session row (``next_position``): they
grow by one and are never reused, and taking them row-locks the session, which is how the
store serialises writers.

**Arrays are sent in binary** (``%b``): psycopg writes a text-format array by quoting and
escaping every element in Python, which for one 50 KB tool output costs 30 times what the
binary form does (3.3 ms against 0.1 ms of CPU), and every appended turn pays it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from packlight.errors import UserError
from packlight.messages import Message
from packlight.store.base import SessionNotFoundError, StoredMessage
from packlight.store.postgres_schema import MESSAGE_COLUMNS, stored_message
from packlight.store.protection import RowCodec

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.sql import Composed

    _Connection = Connection[tuple[Any, ...]]

__all__ = [
    "active_positions",
    "as_text",
    "copy_rows",
    "deactivate_messages",
    "insert_messages",
    "read_messages",
    "reserve_positions",
    "token_list",
]


def token_list(
    messages: Sequence[Message], tokens: Sequence[int | None] | None, name: str
) -> list[int | None]:
    """One token count (or None) per message; raises :class:`UserError` naming ``name``."""
    if tokens is None:
        return [None] * len(messages)
    if len(tokens) != len(messages):
        raise UserError(f"{name}: {len(tokens)} token counts for {len(messages)} messages")
    return list(tokens)


def reserve_positions(
    conn: _Connection, q: Callable[[str], Composed], session_id: str, count: int, action: str
) -> int:
    """Take ``count`` positions from the session's counter (row-locks the session)."""
    row = conn.execute(
        q(
            "UPDATE {s}.sessions SET next_position = next_position + %s"
            " WHERE id = %s RETURNING next_position - %s"
        ),
        (count, session_id, count),
    ).fetchone()
    if row is None:
        raise SessionNotFoundError(f"{action}: no session {session_id!r}")
    return int(row[0])


def insert_messages(
    conn: _Connection,
    q: Callable[[str], Composed],
    session_id: str,
    first: int,
    texts: list[str],
    tokens: list[int | None],
    inserted_by: str | None,
) -> list[int]:
    """Insert active rows at positions ``first``, ``first + 1``, ...; returns the positions."""
    positions = list(range(first, first + len(texts)))
    if texts:
        conn.execute(
            q(
                "INSERT INTO {s}.messages"
                " (session_id, position, message, tokens, active, inserted_by)"
                " SELECT %s, p, m, t, true, %s"
                " FROM unnest(%b::bigint[], %b::text[], %b::integer[]) AS u (p, m, t)"
            ),
            (session_id, inserted_by, positions, texts, tokens),
        )
    return positions


def insert_session_with_messages(
    conn: _Connection,
    q: Callable[[str], Composed],
    session: tuple[Any, ...],
    texts: list[str],
    tokens: list[int | None],
) -> None:
    """Insert a session row (id, parent_id, model, created_at, meta, next_position) and its
    first active rows at positions 0, 1, ... (none when ``texts`` is empty: the row is
    inserted all the same) as one statement: atomic without a transaction (the rows' foreign
    key is checked at the end of the statement, when the session row is there)."""
    conn.execute(
        q(
            "WITH s AS (INSERT INTO {s}.sessions"
            " (id, parent_id, model, created_at, meta, next_position)"
            " VALUES (%s, %s, %s, %s, %s, %s) RETURNING id)"
            " INSERT INTO {s}.messages (session_id, position, message, tokens, active)"
            " SELECT s.id, u.p, u.m, u.t, true"
            " FROM s, unnest(%b::bigint[], %b::text[], %b::integer[]) AS u (p, m, t)"
        ),
        (*session, list(range(len(texts))), texts, tokens),
    )


def copy_rows(
    conn: _Connection,
    q: Callable[[str], Composed],
    source: str,
    positions: Sequence[int],
    target: str,
    first: int,
    inserted_by: str,
    codec: RowCodec,
) -> None:
    """Copy ``source``'s rows at ``positions`` (message and tokens, in order) to active rows
    of ``target`` from position ``first``.

    Read into Python and written back rather than copied by one ``INSERT ... SELECT``: a
    sealed row is bound to its place, so each copy is opened and sealed again for its new
    one (plaintext is sealed when the store has a current key).
    """
    rows = conn.execute(
        q(
            "SELECT m.position, m.message, m.tokens"
            " FROM unnest(%b::bigint[]) WITH ORDINALITY AS u (p, n)"
            " JOIN {s}.messages m ON m.session_id = %s AND m.position = u.p ORDER BY u.n"
        ),
        (list(positions), source),
    ).fetchall()
    values = [
        as_text(codec.reseal_message((source, int(position)), value, (target, first + i)))
        for i, (position, value, _) in enumerate(rows)
    ]
    insert_messages(conn, q, target, first, values, [row[2] for row in rows], inserted_by)


def as_text(value: str | bytes) -> str:
    """A column value of a text codec (``RowCodec(text=True)`` never returns bytes)."""
    if isinstance(value, bytes):  # pragma: no cover - a codec built for SQLite
        raise TypeError("a PostgreSQL store needs a text codec")
    return value


def active_positions(conn: _Connection, q: Callable[[str], Composed], session_id: str) -> list[int]:
    """The positions of the session's active rows, in order."""
    rows = conn.execute(
        q("SELECT position FROM {s}.messages WHERE session_id = %s AND active ORDER BY position"),
        (session_id,),
    )
    return [int(row[0]) for row in rows]


def deactivate_messages(
    conn: _Connection, q: Callable[[str], Composed], session_id: str, compaction_id: str
) -> None:
    """Mark every active row of the session compacted by ``compaction_id``."""
    conn.execute(
        q(
            "UPDATE {s}.messages SET active = false, compaction_id = %s"
            " WHERE session_id = %s AND active"
        ),
        (compaction_id, session_id),
    )


def read_messages(
    conn: _Connection,
    q: Callable[[str], Composed],
    session_id: str,
    codec: RowCodec,
    *,
    active_only: bool,
    after: int | None = None,
) -> list[StoredMessage]:
    """The session's rows (only the active ones with ``active_only``; only those after
    position ``after`` when given), in position order."""
    where = " AND active" if active_only else ""
    params: tuple[Any, ...] = (session_id,)
    if after is not None:
        where += " AND position > %s"
        params = (session_id, after)
    query = q(
        f"SELECT {MESSAGE_COLUMNS} FROM {{s}}.messages WHERE session_id = %s{where}"
        " ORDER BY position"
    )
    rows = conn.execute(query, params).fetchall()
    return [stored_message(row, codec) for row in rows]
