"""Artifacts in the PostgreSQL store: their rows, lineage reads, deletes and full-text search.

Every function runs on the connection :class:`~packlight.store.postgres.PostgresStore` hands
it, inside the store's transaction; ``q`` is the store's composer binding ``{s}`` to its
schema. The store owns the pool and translates psycopg errors.

- **Search**: a stored generated ``tsvector`` (``'simple'`` configuration, so no stemming or
  stop words: ``HAT136`` stays ``hat136`` and paths stay whole) with a GIN index, *or* a
  case-insensitive substring match of every query word (``ILIKE``), which finds what the
  text-search parser splits or joins differently (``options.py`` inside
  ``/x/django/contrib/admin/options.py``, ``Baz`` inside ``foo.bar.Baz``). ``pg_trgm`` backs
  the substring match with a trigram index when the extension is available; without it the
  match scans the lineage's artifacts only, which the primary key narrows first.
- **Content** is ``text``; content PostgreSQL cannot hold as text (NUL characters, lone
  surrogates) is kept exactly in ``content_exact`` (a JSON string) next to a searchable copy
  with those characters replaced.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from packlight.artifacts import Artifact
from packlight.store._postgres_messages import as_text
from packlight.store._text import (
    MAX_SEARCH_LIMIT,
    dump_json,
    like_pattern,
    locate,
    searchable_and_exact,
)
from packlight.store.base import SearchHit
from packlight.store.postgres_schema import ARTIFACT_COLUMNS, LINEAGE, MAX_DEPTH, artifact_record
from packlight.store.protection import RowCodec

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.sql import Composed, Identifier

    _Connection = Connection[tuple[Any, ...]]

__all__ = [
    "artifact_rows",
    "delete_artifacts",
    "get_artifact",
    "insert_artifacts",
    "list_artifacts",
    "scan_artifacts",
    "search_artifacts",
]


def artifact_rows(
    session_id: str, artifacts: Sequence[Artifact], created_at: datetime, codec: RowCodec
) -> list[tuple[Any, ...]]:
    """The rows :func:`insert_artifacts` writes, built before the transaction starts
    (redacted and sealed as ``codec`` says: a sealed row's content is '', its meta '{}' and
    its ``content_exact`` the envelope's text form, so neither index sees its text).

    Raises :class:`~packlight.errors.UserError` for meta that JSON cannot hold.
    """
    rows: list[tuple[Any, ...]] = []
    for artifact in artifacts:
        meta = dump_json(artifact.meta, f"meta of artifact {artifact.id}")
        content = codec.artifact_content(artifact.content)
        sealed = codec.seal_artifact(session_id, artifact.id, content, artifact.meta)
        row: tuple[Any, ...]
        if sealed is not None:
            row = (session_id, artifact.id, artifact.kind, "", as_text(sealed), "{}", created_at)
        else:
            searchable, exact = searchable_and_exact(content)
            row = (session_id, artifact.id, artifact.kind, searchable, exact, meta, created_at)
        rows.append(row)
    return rows


def insert_artifacts(
    conn: _Connection, q: Callable[[str], Composed], rows: list[tuple[Any, ...]]
) -> None:
    """Insert :func:`artifact_rows` (an id the session already has is left as it is)."""
    if not rows:
        return
    with conn.cursor() as cursor:
        cursor.executemany(
            q(
                "INSERT INTO {s}.artifacts"
                " (session_id, id, kind, content, content_exact, meta, created_at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (session_id, id) DO NOTHING"
            ),
            rows,
        )


def get_artifact(
    conn: _Connection,
    q: Callable[[str], Composed],
    session_id: str,
    artifact_id: str,
    codec: RowCodec,
) -> Artifact | None:
    """The artifact if it belongs to ``session_id``'s lineage (the nearest session's)."""
    row = conn.execute(
        q(
            LINEAGE + f" SELECT {ARTIFACT_COLUMNS}"
            " FROM {s}.artifacts a JOIN lineage l ON a.session_id = l.id"
            " WHERE a.id = %(artifact_id)s ORDER BY l.depth LIMIT 1"
        ),
        {"session_id": session_id, "artifact_id": artifact_id, "max_depth": MAX_DEPTH},
    ).fetchone()
    return None if row is None else artifact_record(row, codec)


def list_artifacts(
    conn: _Connection, q: Callable[[str], Composed], session_id: str, codec: RowCodec
) -> list[Artifact]:
    """Artifacts of the lineage, oldest first (an id archived twice, once: the oldest)."""
    return [artifact_record(row, codec) for row in _oldest_rows(conn, q, session_id)]


def _oldest_rows(
    conn: _Connection, q: Callable[[str], Composed], session_id: str
) -> list[tuple[Any, ...]]:
    """Rows of :data:`ARTIFACT_COLUMNS` of the lineage, oldest first, an id once."""
    return conn.execute(
        q(
            LINEAGE
            + f""" SELECT {ARTIFACT_COLUMNS} FROM (
                SELECT DISTINCT ON (a.id) a.*
                FROM {{s}}.artifacts a JOIN lineage l ON a.session_id = l.id
                ORDER BY a.id, a.seq
            ) a ORDER BY a.seq"""
        ),
        {"session_id": session_id, "max_depth": MAX_DEPTH},
    ).fetchall()


def scan_artifacts(
    conn: _Connection,
    q: Callable[[str], Composed],
    session_id: str,
    words: Sequence[str],
    limit: int,
    codec: RowCodec,
) -> list[SearchHit]:
    """Search without the indexes, for a store with keys: every artifact of the lineage is
    read (opened when sealed) and kept when it holds every word as a case-insensitive
    substring; ranked by how often the words occur, then oldest first."""
    hits: list[SearchHit] = []
    for row in _oldest_rows(conn, q, session_id):
        artifact = artifact_record(row, codec)
        found = locate(artifact.content, words, clip_at_earliest=True)
        if len(found.terms) == len(set(words)):
            score = float(found.occurrences)
            hits.append(
                SearchHit(artifact.id, row[5], artifact.kind, found.line, found.snippet, score)
            )
    hits.sort(key=lambda hit: -hit.score)  # stable: oldest first among equals
    return hits[: min(max(limit, 1), MAX_SEARCH_LIMIT)]


def search_artifacts(
    conn: _Connection, schema: Identifier, session_id: str, words: Sequence[str], limit: int
) -> list[SearchHit]:
    """Artifacts of the lineage matching every one of ``words`` (non-empty), best first.

    ``schema`` is the store's quoted schema: the statement depends on the number of words, so
    it is composed here rather than cached. See the store's ``search_artifacts`` for scoring.
    """
    from psycopg import sql  # installed: a store exists

    # Each side of the OR is its own indexed subquery (tsvector GIN; one ILIKE per word
    # for the trigram GIN): as a plain OR the planner under-costs ILIKE and scans.
    substrings = " AND ".join(f"content ILIKE %(word{i})s" for i in range(len(words)))
    statement = sql.SQL(
        LINEAGE
        + """, hits AS (
            SELECT DISTINCT ON (a.id) a.id, a.session_id, a.kind, a.content,
                a.content_exact, a.seq,
                ts_rank_cd(a.tsv, plainto_tsquery('simple', %(query)s), 32)
                + CASE WHEN a.content ILIKE %(phrase)s THEN 1.0 ELSE 0.0 END AS score
            FROM {s}.artifacts a JOIN lineage l ON a.session_id = l.id
            WHERE (a.session_id, a.id) IN (
                SELECT session_id, id FROM {s}.artifacts
                WHERE session_id IN (SELECT id FROM lineage)
                    AND tsv @@ plainto_tsquery('simple', %(query)s)
                UNION
                SELECT session_id, id FROM {s}.artifacts
                WHERE session_id IN (SELECT id FROM lineage) AND {substrings}
            )
            ORDER BY a.id, l.depth
        )
        SELECT id, session_id, kind, content, content_exact, score FROM hits
        ORDER BY score DESC, seq LIMIT %(limit)s"""
    ).format(s=schema, substrings=sql.SQL(substrings))
    params: dict[str, Any] = {
        "session_id": session_id,
        "max_depth": MAX_DEPTH,
        "query": " ".join(words),
        "phrase": like_pattern(" ".join(words)),
        "limit": min(max(limit, 1), MAX_SEARCH_LIMIT),
    }
    params.update({f"word{i}": like_pattern(word) for i, word in enumerate(words)})
    rows = conn.execute(statement, params).fetchall()
    hits = []
    for identifier, owner, kind, content, exact, score in rows:
        text = content if exact is None else json.loads(exact)
        found = locate(text, words, clip_at_earliest=True)
        hits.append(SearchHit(identifier, owner, kind, found.line, found.snippet, float(score)))
    return hits


def delete_artifacts(
    conn: _Connection, q: Callable[[str], Composed], session_id: str, artifact_ids: Sequence[str]
) -> int:
    """Remove this session's own artifacts with these ids; returns how many went."""
    cursor = conn.execute(
        q("DELETE FROM {s}.artifacts WHERE session_id = %s AND id = ANY(%b)"),
        (session_id, list(artifact_ids)),
    )
    return cursor.rowcount
