"""``packlight sessions``: what the store holds, and getting transcripts back out of it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from packlight.atomicfile import check_output_path, write_text_atomic
from packlight.cli._options import STORE_OPTION
from packlight.errors import UserError
from packlight.formats import Format
from packlight.messages import Message, packlight_meta
from packlight.sessionfile import SessionFile, dumps_session
from packlight.store import SessionRecord, SessionStore, StoreError, StoreProtection, open_store
from packlight.stored_session import original_messages


class NoStoreError(UserError):
    """A command that reads the store was pointed at a SQLite file that does not exist."""


def open_existing_store(store_url: str | None) -> SessionStore:
    """The store a reading command looks into; a SQLite file that is not there is an error
    (exit 2), not a new empty database and folders left where a mistyped path pointed."""
    url = store_url or os.environ.get("PACKLIGHT_STORE_URL") or None
    if not (url and url.startswith(("postgresql://", "postgres://"))):
        from packlight.store.sqlite import default_store_path

        path = Path(url) if url else default_store_path()
        if not path.exists():
            blocker = next((p for p in path.parents if p.exists()), None)
            if blocker is not None and not blocker.is_dir():
                raise UserError(f"the store {path} cannot exist: {blocker} is not a folder")
            raise NoStoreError(
                f"no store at {path}: nothing was recorded there (packlight compress records "
                "sessions; --store or PACKLIGHT_STORE_URL names another store)"
            )
    return open_store(store_url, protection=cli_store_protection())


def cli_store_protection() -> StoreProtection:
    """The store's protection from the settings a command reads (``--config`` included)."""
    from packlight.config import load_settings

    context = click.get_current_context(silent=True)
    config_file = (context.find_root().obj or {}).get("config_file") if context else None
    return StoreProtection.from_settings(load_settings(config_file=config_file))


def session_meta(session: SessionFile) -> dict[str, Any]:
    """What a stored session keeps to write its transcript back in the file's own shape.

    The messages themselves (with Anthropic's ``system`` and Responses' ``instructions``,
    which became leading system messages) are the stored rows; this is the rest of the file:
    its format and layout, the top-level keys in file order (``keys``: where the messages,
    ``system``, ``instructions`` and ``tools`` sat, and whether ``tools`` was there even
    empty), every other top-level value (``extra``), the tool schemas, and whether a
    Responses ``input`` was a plain string.
    """
    return {
        "source": session.source,
        "format": session.format.value,
        "layout": session.layout,
        "keys": session.keys,
        "extra": session.extra,
        "tools": session.tools,
        "input_text": session.input_text,
    }


def as_session_file(record: SessionRecord, messages: list[Message]) -> SessionFile:
    """``messages`` in the shape :func:`session_meta` recorded in ``record`` (sessions not
    read from a file get an object with ``messages``)."""
    meta = dict(record.meta)
    layout = meta.get("layout", "object")
    keys = meta.get("keys")
    return SessionFile(
        messages=messages,
        tools=list(meta.get("tools") or []),
        format=Format(meta.get("format", Format.OPENAI_CHAT.value)),
        layout=layout
        if layout in {"list", "object", "jsonl-sessions", "jsonl-messages"}
        else "object",
        extra=dict(meta.get("extra") or {}),
        keys=[str(key) for key in keys] if isinstance(keys, list) else None,
        input_text=meta.get("input_text") is True,
    )


def _require(store: SessionStore, session_id: str) -> SessionRecord:
    record = store.get_session(session_id)
    if record is None:
        raise UserError(f"no session {session_id!r} in the store (see: packlight sessions list)")
    return record


def export_session(store: SessionStore, session_id: str, *, original: bool) -> SessionFile:
    """The session file of ``session_id``'s lineage (compaction that rotates continues a
    session in a child, so any id of the chain stands for the whole chain).

    With ``original``: every message the agent appended, from the root to the tip, with the
    tool outputs admission control externalised restored from their artifacts, in the root
    file's shape. Otherwise the tip's current (compacted) transcript.
    Raises :class:`~packlight.errors.UserError` for an unknown id, and
    :class:`~packlight.errors.StoreError` when an externalised output is gone from the store
    (``packlight archive gc`` removed it), since what is left would not be the original.
    """
    _require(store, session_id)
    root = store.lineage(session_id)[0]
    tip = store.tip(session_id)
    if not original:
        return as_session_file(root, [row.message for row in store.active_messages(tip.id)])
    messages = original_messages(store, tip.id)
    missing = [
        str(marker["admitted"])
        for marker in map(packlight_meta, messages)
        if isinstance(marker.get("admitted"), str)
    ]
    if missing:
        raise StoreError(
            f"{len(missing)} externalised tool output(s) of session {session_id!r} are no longer "
            f"in the store (removed by retention: packlight archive gc), first {missing[0]}; "
            "the original cannot be rebuilt"
        )
    return as_session_file(root, messages)


def _row(record: SessionRecord, store: SessionStore) -> dict[str, Any]:
    return {
        "id": record.id,
        "parent_id": record.parent_id,
        "model": record.model,
        "created_at": record.created_at.isoformat(),
        "ended_at": record.ended_at.isoformat() if record.ended_at else None,
        "end_reason": record.end_reason,
        "source": record.meta.get("source"),
        "active_messages": len(store.active_messages(record.id)),
        "compactions": len(store.compaction_events(record.id)),
    }


@click.group("sessions")
def sessions_group() -> None:
    """List, show, export and remove stored sessions."""


@sessions_group.command("list")
@STORE_OPTION
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of sessions.")
def list_command(store_url: str | None, limit: int, as_json: bool) -> None:
    """Stored sessions, newest first."""
    try:
        store = open_existing_store(store_url)
    except NoStoreError:
        rows: list[dict[str, Any]] = []  # nothing recorded yet: nothing to list
    else:
        try:
            rows = [_row(record, store) for record in store.list_sessions(limit=limit)]
        finally:
            store.close()
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    table = Table(title="sessions", title_justify="left")
    for column in ("id", "created", "model", "messages", "compactions", "source"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["id"],
            row["created_at"][:19],
            row["model"] or "",
            str(row["active_messages"]),
            str(row["compactions"]),
            str(row["source"] or ""),
        )
    Console().print(table)


@sessions_group.command("show")
@STORE_OPTION
@click.argument("session_id")
def show_command(store_url: str | None, session_id: str) -> None:
    """One session: its record, lineage and compaction events (JSON)."""
    store = open_existing_store(store_url)
    try:
        record = _require(store, session_id)
        data = _row(record, store)
        data["lineage"] = [r.id for r in store.lineage(session_id)]
        data["tip"] = store.tip(session_id).id
        data["engine_state"] = {
            k: v for k, v in (store.load_engine_state(session_id) or {}).items() if k != "key"
        }
        data["compaction_events"] = [
            {
                "id": e.id,
                "created_at": e.created_at.isoformat(),
                "trigger": e.trigger,
                "before_tokens": e.before_tokens,
                "after_tokens": e.after_tokens,
                "before_messages": e.before_messages,
                "after_messages": e.after_messages,
                "summarizer": e.summarizer,
                "duration_seconds": round(e.duration_seconds, 4),
                "checkpoint_id": e.checkpoint_id,
            }
            for e in store.compaction_events(session_id)
        ]
    finally:
        store.close()
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@sessions_group.command("export")
@STORE_OPTION
@click.argument("session_id")
@click.option(
    "--original",
    is_flag=True,
    help="The input as it came in, before admission and compaction: the same JSON value.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write to a file instead of standard output ('-': standard output).",
)
def export_command(
    store_url: str | None, session_id: str, original: bool, output: Path | None
) -> None:
    """Print a session file: the current transcript, or with --original the input.

    Any id of a lineage (compaction that rotates continues in a child session) exports the
    lineage: its tip's current transcript, or with --original everything from the root on.

    --original gives the JSON value of the input as it was parsed: the same keys in the
    same order and the same values, externalised tool outputs restored whole. For a JSONL
    file it is the one session's line (or the messages, one per line). The text is
    json.dumps(value, ensure_ascii=False) on one line, ending in a newline, so it is
    the same bytes only when the input was written that way (indentation, escapes such as
    \\u00e9, number spellings such as 1.0e2 differ): compare json.dumps(json.loads(...))
    of both, key order included. See docs/sessions.md.
    """
    if output == Path("-"):
        output = None
    if output:
        check_output_path(output)  # before the work, not after it
    store = open_existing_store(store_url)
    try:
        session = export_session(store, session_id, original=original)
    finally:
        store.close()
    text = dumps_session(session)
    if output:
        write_text_atomic(output, text, private=True)  # a whole transcript
    else:
        click.echo(text, nl=False)


@sessions_group.command("path")
@STORE_OPTION
def path_command(store_url: str | None) -> None:
    """Where the store is."""
    if store_url:
        click.echo(store_url)
        return
    from packlight.store.sqlite import default_store_path

    click.echo(str(default_store_path()))


@sessions_group.command("rm")
@STORE_OPTION
@click.argument("session_ids", nargs=-1, required=True)
def rm_command(store_url: str | None, session_ids: tuple[str, ...]) -> None:
    """Delete sessions with their messages, events and artifacts."""
    store = open_existing_store(store_url)
    try:
        for session_id in session_ids:
            _require(store, session_id)
            store.delete_session(session_id)
            click.echo(f"deleted {session_id}")
    finally:
        store.close()
