"""``packlight archive``: search and read what compaction archived; enforce retention."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import click

from packlight.cli._options import STORE_OPTION
from packlight.cli.sessions_cmd import _require, open_existing_store
from packlight.errors import RuntimeFailure, UserError
from packlight.retrieval import RetrievalTools, StoreReader

MAX_TTL_DAYS = 1_000_000.0


def _utf8(context: click.Context, parameter: click.Parameter, value: str) -> str:
    """Refuse an argument holding bytes that are not UTF-8 (the shell passed them through;
    no id or archived text can match them)."""
    if any("\udc80" <= character <= "\udcff" for character in value):
        raise click.BadParameter("holds bytes that are not UTF-8 text", context, parameter)
    return value


def _finite_days(
    context: click.Context, parameter: click.Parameter, value: float | None
) -> float | None:
    if value is not None and not 0 <= value <= MAX_TTL_DAYS:  # NaN fails too
        raise click.BadParameter(
            f"give a number of days from 0 to {MAX_TTL_DAYS:,.0f}", context, parameter
        )
    return value


def _echo_result(result: str) -> None:
    """Print a retrieval tool's result; its ``error: ...`` answer becomes the exit status."""
    if not result.startswith("error: "):
        click.echo(result)
        return
    problem = result.removeprefix("error: ")
    if "not a problem with your arguments" in problem:  # the archive failed to be read
        raise RuntimeFailure(problem)
    raise UserError(problem)


@click.group("archive")
def archive_group() -> None:
    """Search, read and garbage-collect archived artifacts."""


@archive_group.command("search")
@STORE_OPTION
@click.argument("query", callback=_utf8)
@click.option(
    "--session",
    "session_id",
    required=True,
    callback=_utf8,
    help="Session whose lineage to search.",
)
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
def search_command(store_url: str | None, query: str, session_id: str, limit: int) -> None:
    """Full-text search over a session lineage's artifacts (what context_search returns)."""
    store = open_existing_store(store_url)
    try:
        _require(store, session_id)
        tools = RetrievalTools(StoreReader(store, session_id))
        _echo_result(tools.handle("context_search", {"query": query, "limit": limit}))
    finally:
        store.close()


@archive_group.command("read")
@STORE_OPTION
@click.argument("artifact_id", callback=_utf8)
@click.option(
    "--session",
    "session_id",
    required=True,
    callback=_utf8,
    help="Session the artifact belongs to.",
)
@click.option("--start", "start_line", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--end", "end_line", type=click.IntRange(min=1), default=None)
def read_command(
    store_url: str | None,
    artifact_id: str,
    session_id: str,
    start_line: int,
    end_line: int | None,
) -> None:
    """Lines of one artifact (what context_read returns)."""
    store = open_existing_store(store_url)
    try:
        _require(store, session_id)
        tools = RetrievalTools(StoreReader(store, session_id))
        arguments: dict[str, object] = {"id": artifact_id, "start_line": start_line}
        if end_line is not None:
            arguments["end_line"] = end_line
        _echo_result(tools.handle("context_read", arguments))
    finally:
        store.close()


@archive_group.command("gc")
@STORE_OPTION
@click.option(
    "--max-bytes",
    type=click.IntRange(min=0),
    default=None,
    help="Per-session cap on archived bytes; the oldest artifacts go first.",
)
@click.option(
    "--ttl-days",
    type=float,
    default=None,
    callback=_finite_days,
    help="Drop the artifacts of sessions that ended (or started) longer ago than this.",
)
@click.option("--dry-run", is_flag=True, help="Say what would be removed, remove nothing.")
def gc_command(
    store_url: str | None, max_bytes: int | None, ttl_days: float | None, dry_run: bool
) -> None:
    """Enforce retention. Removed artifacts can no longer be retrieved: this is the one
    operation that gives up losslessness, so it only runs when asked."""
    if max_bytes is None and ttl_days is None:
        raise click.UsageError("say what to enforce: --max-bytes and/or --ttl-days")
    store = open_existing_store(store_url)
    removed = 0
    freed = 0
    try:
        cutoff = datetime.now(UTC) - timedelta(days=ttl_days) if ttl_days is not None else None
        offset = 0
        while True:
            batch = store.list_sessions(limit=200, offset=offset)
            if not batch:
                break
            offset += len(batch)
            for record in batch:
                # list_artifacts covers the lineage; keep the session's own artifacts.
                inherited = (
                    {a.id for a in store.list_artifacts(record.parent_id)}
                    if record.parent_id and store.get_session(record.parent_id)
                    else set()
                )
                own = [a for a in store.list_artifacts(record.id) if a.id not in inherited]
                doomed: list[str] = []
                moment = record.ended_at or record.created_at
                if cutoff is not None and moment < cutoff:
                    doomed = [a.id for a in own]
                elif max_bytes is not None:
                    total = sum(len(a.content.encode()) for a in own)
                    for artifact in own:  # oldest first
                        if total <= max_bytes:
                            break
                        doomed.append(artifact.id)
                        total -= len(artifact.content.encode())
                size = sum(len(a.content.encode()) for a in own if a.id in set(doomed))
                if doomed and not dry_run:
                    store.delete_artifacts(record.id, doomed)
                removed += len(doomed)
                freed += size
    finally:
        store.close()
    verb = "would remove" if dry_run else "removed"
    click.echo(f"{verb} {removed} artifacts ({freed:,} bytes)")
