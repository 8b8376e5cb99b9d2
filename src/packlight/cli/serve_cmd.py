"""``packlight serve``: the gateway in front of any OpenAI- or Anthropic-compatible upstream."""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

import click

from packlight.config import load_settings
from packlight.errors import MissingExtraError

# Attributes every LogRecord has; anything else on a gateway record is a structured field.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """One JSON object per record: time, level, event and the record's structured fields
    (session, route, status, tokens, timings, decision; never a key or message content)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        return json.dumps(entry, default=str)


@click.command("serve")
@click.option("--upstream", help="The provider's base URL (gateway.upstream).")
@click.option("--host", help="Address to listen on (default 127.0.0.1: this machine only).")
@click.option("--port", type=int, help="Port to listen on (default 8787).")
@click.option("--store", help="postgresql://... for several replicas, or a SQLite path.")
@click.option(
    "--api-key",
    "api_keys",
    multiple=True,
    help="A key callers must present (repeatable). Without any, the gateway is open.",
)
@click.option("--keys-file", type=click.Path(dir_okay=False), help="Keys, one per line.")
@click.option("--upstream-key", help="The key sent to the upstream (gateway.upstream_key).")
@click.option(
    "--pass-through-key",
    is_flag=True,
    default=None,
    help="Send the caller's own key to the upstream.",
)
@click.option("--context-window", type=int, help="The upstream model's window in tokens.")
@click.option("--model", help="The model whose window applies when requests name none.")
@click.option(
    "--compaction-workers",
    type=click.IntRange(min=0),
    help="Processes that compute compactions (default: cores - 1, 1 to 4; 0: in-process).",
)
@click.pass_context
def serve_command(
    ctx: click.Context,
    upstream: str | None,
    host: str | None,
    port: int | None,
    store: str | None,
    api_keys: tuple[str, ...],
    keys_file: str | None,
    upstream_key: str | None,
    pass_through_key: bool | None,
    context_window: int | None,
    model: str | None,
    compaction_workers: int | None,
) -> None:
    """Put packlight in front of any agent: an OpenAI- and Anthropic-compatible gateway.

    Point the agent's OPENAI_BASE_URL (http://HOST:PORT/v1) or ANTHROPIC_BASE_URL
    (http://HOST:PORT) here. It keeps sending its whole history; the gateway sends the
    upstream a compacted view when the window fills and recovers from overflow errors.

    Every option is also a setting (gateway.*) and a PACKLIGHT_GATEWAY_* variable
    (--context-window is context.context_window).
    """
    try:
        import uvicorn

        from packlight.gateway.app import create_app
        from packlight.gateway.log_writer import start_log_writer
    except ImportError as error:
        raise MissingExtraError("packlight serve", "gateway") from error
    settings = load_settings(
        {
            "gateway.upstream": upstream,
            "gateway.host": host,
            "gateway.port": port,
            "gateway.store": store,
            "gateway.api_keys": list(api_keys) or None,
            "gateway.keys_file": keys_file,
            "gateway.upstream_key": upstream_key,
            "gateway.pass_through_key": pass_through_key,
            "context.context_window": context_window,
            "model": model,
            "gateway.compaction_workers": compaction_workers,
        },
        config_file=ctx.obj.get("config_file") if ctx.obj else None,
    )
    options = settings.gateway
    if not options.upstream:
        raise click.UsageError("--upstream is required (or gateway.upstream in the settings)")
    app = create_app(settings)
    gateway = app.state.gateway
    gateway_logger = logging.getLogger("packlight.gateway")
    gateway_logger.setLevel(logging.INFO)
    gateway_logger.propagate = False
    # Written by a thread of their own: the event loop never waits for stderr.
    log_writer = start_log_writer(gateway_logger, sys.stderr, JsonLines())
    where = "open: any caller" if gateway.keys.open else f"{len(gateway.keys.accepted)} key(s)"
    click.echo(
        f"packlight serve: http://{options.host}:{options.port} -> {gateway.upstream.url} "
        f"({where}; store {type(gateway.store).__name__})",
        err=True,
    )
    try:
        uvicorn.run(
            app, host=options.host, port=options.port, access_log=False, log_level="warning"
        )
    finally:
        log_writer.stop()
