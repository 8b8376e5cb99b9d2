"""Artifacts in the SQLite store: their rows, lineage reads, deletes and full-text search.

Every function runs on the connection :class:`~packlight.store.sqlite.SQLiteStore` hands it,
inside the store's transaction or read; the store owns connections, locking and the
translation of ``sqlite3`` errors into :class:`~packlight.store.base.StoreError`.

**Search** uses FTS5 with the ``trigram`` tokenizer: each query word must occur as a
case-insensitive *substring*, so code identifiers are found whole or in part
(``django/contrib/admin/options.py``, ``options.py``, ``HAT136``,
``test_multiple_search_fields``). ``unicode61`` cannot: it splits at ``/``, ``.`` and ``_``
and matches whole tokens only. Ranking is BM25. Trigram cannot index words shorter than
three characters, so those are checked on the candidates' text. A SQLite without FTS5
trigram (before 3.34) scans the lineage's artifacts instead, detected when the store opens;
:func:`reconcile_search_index` rebuilds the index when a capable build opens the file again.
The index is brought up to date by the search itself (:func:`update_search_index`), not by
the write of each artifact: see ``FTS_TRIGGERS``.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from typing import Any

from packlight.artifacts import Artifact
from packlight.store._text import (
    MAX_SEARCH_LIMIT,
    dump_json,
    from_text_or_blob,
    locate,
    text_or_blob,
)
from packlight.store.base import SearchHit
from packlight.store.protection import RowCodec
from packlight.store.sqlite_schema import (
    ARTIFACT_COLUMNS,
    FTS_PENDING_TABLE,
    FTS_TABLE,
    FTS_TRIGGER_PREFIX,
    FTS_TRIGGERS,
    LINEAGE_CTE,
    artifact_record,
)

__all__ = [
    "artifact_rows",
    "delete_artifacts",
    "get_artifact",
    "insert_artifacts",
    "list_artifacts",
    "reconcile_search_index",
    "search_artifacts",
    "search_index_behind",
    "update_search_index",
]

# The store's logger: these messages are about the store the user opened.
logger = logging.getLogger("packlight.store.sqlite")

_TRIGRAM = 3


def reconcile_search_index(conn: sqlite3.Connection, fts: bool) -> None:
    """Make the FTS index and its triggers match this build (``fts``: FTS5 trigram works)."""
    present = {
        row[0]
        for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        if row[0].startswith(FTS_TRIGGER_PREFIX)
    }
    if not fts:
        # Triggers writing to an index this build cannot open would make every artifact
        # write fail: drop them; the next FTS-capable open rebuilds the index.
        for name in present:
            conn.execute(f"DROP TRIGGER {name}")
        logger.warning(
            "SQLite %s lacks the FTS5 trigram tokenizer: artifact search scans instead",
            sqlite3.sqlite_version,
        )
        return
    conn.execute(FTS_TABLE)
    conn.execute(FTS_PENDING_TABLE)
    for name in present - FTS_TRIGGERS.keys():  # an earlier scheme's (indexed on insert)
        conn.execute(f"DROP TRIGGER {name}")
    missing = [name for name in FTS_TRIGGERS if name not in present]
    for name in missing:
        conn.execute(f"CREATE TRIGGER {name} {FTS_TRIGGERS[name]}")
    if missing:  # a new index, or artifacts were written while nothing maintained it
        conn.execute("INSERT INTO artifacts_fts(artifacts_fts) VALUES ('rebuild')")
        conn.execute("DELETE FROM artifacts_fts_pending")


def search_index_behind(conn: sqlite3.Connection) -> bool:
    """Whether artifacts were written since the index was last brought up to date."""
    row = conn.execute("SELECT EXISTS (SELECT 1 FROM artifacts_fts_pending)").fetchone()
    return bool(row[0])


def update_search_index(conn: sqlite3.Connection) -> None:
    """Index the artifacts written since the last update (in the caller's write transaction)."""
    conn.execute(
        "INSERT INTO artifacts_fts(rowid, content) SELECT a.seq, a.content "
        "FROM artifacts_fts_pending AS p JOIN artifacts AS a ON a.seq = p.seq ORDER BY p.seq"
    )
    conn.execute("DELETE FROM artifacts_fts_pending")


def artifact_rows(
    session_id: str, artifacts: Sequence[Artifact], created: float, codec: RowCodec
) -> list[tuple[Any, ...]]:
    """The rows :func:`insert_artifacts` writes, built before the write lock is taken
    (redacted and sealed as ``codec`` says: a sealed row's content is '' and its meta '{}').

    Raises :class:`~packlight.errors.UserError` for meta that JSON cannot hold.
    """
    rows: list[tuple[Any, ...]] = []
    for item in artifacts:
        meta = dump_json(dict(item.meta), f"meta of artifact {item.id}")
        content = codec.artifact_content(item.content)
        sealed = codec.seal_artifact(session_id, item.id, content, item.meta)
        if sealed is not None:
            rows.append((session_id, item.id, item.kind, "", "{}", created, sealed))
        else:
            rows.append(
                (session_id, item.id, item.kind, text_or_blob(content), meta, created, None)
            )
    return rows


def insert_artifacts(conn: sqlite3.Connection, rows: Sequence[tuple[Any, ...]]) -> None:
    """Insert :func:`artifact_rows` (an id the session already has is left as it is)."""
    conn.executemany(
        "INSERT INTO artifacts(session_id, id, kind, content, meta, created_at, sealed) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id, id) DO NOTHING",
        rows,
    )


def get_artifact(
    conn: sqlite3.Connection, session_id: str, artifact_id: str, codec: RowCodec
) -> Artifact | None:
    """The artifact if it belongs to ``session_id``'s lineage (the nearest session's)."""
    sql = (
        f"{LINEAGE_CTE} SELECT {ARTIFACT_COLUMNS} FROM chain "
        "JOIN artifacts AS a ON a.session_id = chain.id AND a.id = :artifact_id "
        "ORDER BY chain.depth LIMIT 1"
    )
    params = {"session_id": session_id, "artifact_id": artifact_id}
    rows = conn.execute(sql, params).fetchall()
    return artifact_record(rows[0], codec) if rows else None


def list_artifacts(conn: sqlite3.Connection, session_id: str, codec: RowCodec) -> list[Artifact]:
    """Artifacts of the session's lineage, oldest first (an id stored twice, once)."""
    sql = (
        f"{LINEAGE_CTE} SELECT {ARTIFACT_COLUMNS} FROM chain "
        "JOIN artifacts AS a ON a.session_id = chain.id ORDER BY a.seq"
    )
    rows = conn.execute(sql, {"session_id": session_id}).fetchall()
    first = {row[0]: row for row in reversed(rows)}  # reversed: the oldest row wins
    return [artifact_record(row, codec) for row in rows if first[row[0]] is row]


def search_artifacts(
    conn: sqlite3.Connection,
    session_id: str,
    terms: Sequence[str],
    limit: int,
    codec: RowCodec,
    *,
    fts: bool,
) -> list[SearchHit]:
    """Artifacts of the lineage containing every one of ``terms`` (non-empty), best first.

    ``fts`` says whether the trigram index can be used; without it the lineage is scanned
    (and always when the store has keys: the index holds no sealed text, so the scan opens
    each sealed artifact). ``limit`` is clamped to 1..100. A hit names the first line
    holding the most terms.
    """
    limit = min(max(limit, 1), MAX_SEARCH_LIMIT)
    indexed = [term for term in terms if len(term) >= _TRIGRAM]
    params: dict[str, Any] = {"session_id": session_id}
    if fts and indexed and not codec.has_keys:
        # Each word a quoted FTS5 string: with trigram, a substring; together, AND.
        params["match"] = " ".join('"' + term.replace('"', '""') + '"' for term in indexed)
        sql = (
            f"{LINEAGE_CTE} SELECT a.id, a.session_id, a.kind, a.content, "
            "-bm25(artifacts_fts), NULL FROM artifacts_fts "
            "JOIN artifacts AS a ON a.seq = artifacts_fts.rowid "
            "JOIN chain ON chain.id = a.session_id "
            "WHERE artifacts_fts MATCH :match ORDER BY bm25(artifacts_fts), a.seq"
        )
        must_find = {term for term in terms if len(term) < _TRIGRAM}
    else:
        sql = (
            f"{LINEAGE_CTE} SELECT a.id, a.session_id, a.kind, a.content, NULL, a.sealed "
            "FROM chain JOIN artifacts AS a ON a.session_id = chain.id ORDER BY a.seq"
        )
        must_find = set(terms)
    hits: dict[str, SearchHit] = {}
    # closing() ends the statement (and its read snapshot) when the loop stops early.
    with closing(conn.cursor()) as rows:
        for artifact_id, owner, kind, stored, rank, sealed in rows.execute(sql, params):
            if artifact_id in hits:
                continue  # the same id archived again further up the lineage
            if sealed is not None:
                content = codec.open_artifact(owner, artifact_id, sealed)[0]
            else:
                content = from_text_or_blob(stored)
            found = locate(content, terms)
            if not must_find <= found.terms:
                continue
            score = float(found.occurrences if rank is None else rank)
            hits[artifact_id] = SearchHit(
                artifact_id, owner, kind, found.line, found.snippet, score
            )
            if rank is not None and len(hits) == limit:
                break  # FTS rows arrive best first; a scan has to see them all
    # A stable sort: BM25 order stays; a scan ranks by occurrences, then oldest first.
    return sorted(hits.values(), key=lambda hit: -hit.score)[:limit]


def delete_artifacts(conn: sqlite3.Connection, session_id: str, artifact_ids: Sequence[str]) -> int:
    """Remove this session's own artifacts with these ids; returns how many went."""
    cursor = conn.executemany(
        "DELETE FROM artifacts WHERE session_id = ? AND id = ?",
        [(session_id, artifact_id) for artifact_id in dict.fromkeys(artifact_ids)],
    )
    return max(cursor.rowcount, 0)
