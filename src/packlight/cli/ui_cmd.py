"""``packlight ui``: the inspector, a local web app over the session store."""

from __future__ import annotations

import ipaddress
import shlex
import threading
import webbrowser
from urllib.parse import quote

import click

from packlight.cli._options import STORE_OPTION
from packlight.cli.sessions_cmd import open_existing_store
from packlight.errors import MissingExtraError, UserError
from packlight.store import StoreError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8788


def ui_command_line(session_id: str | None = None, store_url: str | None = None) -> str:
    """The command that opens ``session_id`` (or the sessions list) in the inspector, for a
    command that just wrote to the store to print."""
    words = ["packlight", "ui"]
    if session_id is not None:
        words.append(session_id)
    if store_url:
        words += ["--store", store_url]
    return shlex.join([*words, "--open"])


@click.command("ui")
@click.argument("session", required=False)
@STORE_OPTION
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def ui_command(
    session: str | None, store_url: str | None, host: str, port: int, open_browser: bool
) -> None:
    """Look at the sessions in the store: tokens per turn, compactions, checkpoints, archive.

    SESSION (optional) is the session --open shows first. A read-only web app on this
    machine (loopback by default; another --host shows every recorded transcript to
    whoever reaches it). Nothing is fetched from or sent to another host. The page's JSON
    API is documented in docs/ui.md.
    """
    try:
        import uvicorn

        from packlight.ui.app import create_app
    except ImportError as error:
        raise MissingExtraError("packlight ui", "ui") from error
    try:
        store = open_existing_store(store_url)
        store.list_sessions(limit=1)
    except StoreError as error:
        raise UserError(f"cannot open the store: {error}") from error
    if not _is_loopback(host):
        click.echo(
            f"packlight ui: warning: listening on {host}, not loopback: anyone who reaches "
            "it reads every stored transcript (no key protects it; packlight serve's /ui has one)",
            err=True,
        )
    url = f"http://{'localhost' if _is_loopback(host) else host}:{port}/"
    if session is not None:
        if store.get_session(session) is None:
            store.close()
            raise UserError(f"no session {session!r} in the store (packlight sessions list)")
        url += f"sessions/{quote(session, safe='')}"
    click.echo(f"packlight ui: {url} (store {store!r}; Ctrl-C stops)", err=True)
    if open_browser:
        # After the server starts listening, not before: a browser faster than uvicorn
        # would show an error page.
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    try:
        uvicorn.run(
            create_app(store, warm=True),
            host=host,
            port=port,
            access_log=False,
            log_level="warning",
        )
    finally:
        store.close()


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
