"""The ``packlight`` command: a click group whose commands live one per module."""

from __future__ import annotations

import codecs
import contextlib
import importlib
import io
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from packlight import __version__
from packlight.errors import PacklightError, UserError

EXIT_USER_ERROR = 2
EXIT_RUNTIME_ERROR = 1

logger = logging.getLogger("packlight.cli")
_SURROGATE_HANDLER = "packlight.escape-surrogates"


COMMANDS: dict[str, tuple[str, str]] = {
    "archive": ("packlight.cli.archive_cmd", "archive_group"),
    "compress": ("packlight.cli.compress_cmd", "compress_command"),
    "demo": ("packlight.cli.demo", "demo_command"),
    "eval": ("packlight.cli.eval_cmd", "eval_command"),
    "inspect": ("packlight.cli.inspect_cmd", "inspect_command"),
    "serve": ("packlight.cli.serve_cmd", "serve_command"),
    "sessions": ("packlight.cli.sessions_cmd", "sessions_group"),
    "store": ("packlight.cli.store_cmd", "store_group"),
    "ui": ("packlight.cli.ui_cmd", "ui_command"),
}
"""Each command's module and attribute: a command's module is imported only when it runs (or
when the help lists it), so ``packlight compress`` does not pay for the evaluation's or the
gateway's imports."""


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module, attribute = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(
    cls=_LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="packlight")
@click.option(
    "--config",
    "config_file",
    type=click.Path(dir_okay=False),
    envvar="PACKLIGHT_CONFIG",
    help="YAML settings file (default: ./packlight.yaml, then the user config dir).",
)
@click.option("-v", "--verbose", count=True, help="Log more (-v info, -vv debug).")
@click.pass_context
def cli(ctx: click.Context, config_file: str | None, verbose: int) -> None:
    """packlight keeps long-running LLM agents inside their context window.

    It decides every turn what the model still needs verbatim, what can be shortened,
    what becomes a structured hand-off checkpoint, and what leaves the window while staying
    retrievable, and it never loses the original.

    \b
    Start with:
      packlight demo                      compact the bundled example session
      packlight inspect SESSION.json      where the tokens of a transcript go
      packlight compress SESSION.json     compact a transcript to fit its window

    Settings come from options > PACKLIGHT_* environment variables > the YAML file >
    defaults.
    """
    level = logging.WARNING - 10 * min(verbose, 2)
    handler = logging.StreamHandler()
    handler.setFormatter(_LogFormatter(tracebacks=verbose >= 2))
    logging.basicConfig(level=level, handlers=[handler])
    ctx.ensure_object(dict)
    ctx.obj["config_file"] = config_file
    ctx.obj["verbose"] = verbose


class _LogFormatter(logging.Formatter):
    """``packlight: LEVEL: message``, with a logged exception's traceback only at -vv."""

    def __init__(self, *, tracebacks: bool) -> None:
        super().__init__("packlight: %(levelname)s: %(message)s")
        self.tracebacks = tracebacks

    def formatException(self, ei: Any) -> str:
        return super().formatException(ei) if self.tracebacks else ""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI: misuse and bad input print one line and exit 2, runtime failures one line
    and exit 1, a summarizer abort exits 3 (``compress``). No traceback reaches the terminal
    (``-vv`` logs one for a failure packlight did not foresee)."""
    _tolerate_unencodable_output()
    try:
        # Without standalone mode, click returns the code a command exits with (ctx.exit).
        returned = cli.main(args=list(argv) if argv is not None else None, standalone_mode=False)
        if isinstance(returned, int) and returned:
            sys.exit(returned)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("packlight: aborted", err=True)
        sys.exit(EXIT_RUNTIME_ERROR)
    except click.ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # click >= 8.2: a group's own help
            exc.show()
            sys.exit(EXIT_USER_ERROR)
        _fail(EXIT_USER_ERROR, "error", _one_line(exc.format_message()) + _help_hint(exc))
    except UserError as exc:
        _fail(EXIT_USER_ERROR, "error", _one_line(str(exc)))
    except PacklightError as exc:
        # A --store that names something other than a database (a JSON file, a directory)
        # is the caller's to fix; a database that fails while in use is a runtime failure.
        misuse = _names_no_database(exc)
        _fail(
            EXIT_USER_ERROR if misuse else EXIT_RUNTIME_ERROR,
            "error" if misuse else "failed",
            _one_line(str(exc)),
        )
    except RecursionError as exc:
        # The readers refuse JSON nested too deeply to read; a step that recursed deeper
        # still is caught here, as the input's fault.
        logger.debug("recursion limit reached", exc_info=exc)
        _fail(EXIT_USER_ERROR, "error", "the input is nested too deeply to process")
    except UnicodeDecodeError as exc:
        # The readers say which file and line; a reader that does not is still reading input.
        logger.debug("undecodable input", exc_info=exc)
        _fail(EXIT_USER_ERROR, "error", f"an input file is not UTF-8 text ({exc.reason})")
    except BrokenPipeError:
        # The reader of our output went away (| head): nothing left to say to it.
        _silence_stdout()
        sys.exit(EXIT_RUNTIME_ERROR)
    except OSError as exc:
        logger.debug("unexpected OSError", exc_info=exc)
        where = f": {exc.filename}" if exc.filename else ""
        _fail(EXIT_RUNTIME_ERROR, "failed", f"{exc.strerror or exc}{where}")
    except Exception as exc:
        logger.debug("unexpected failure", exc_info=exc)
        problem = _one_line(f"{type(exc).__name__}: {exc}")
        _fail(EXIT_RUNTIME_ERROR, "internal error", f"{problem} (run with -vv for the traceback)")
    sys.exit(0)


def _names_no_database(exc: PacklightError) -> bool:
    """Whether ``exc`` is the failure to open a SQLite store whose path is not a database file."""
    # Imported here, not at the top: a command that never opens a store (and ``compress``
    # before it starts loading its tokenizer) does not pay for the store's imports.
    import sqlite3

    from packlight.store import StoreError

    if not isinstance(exc, StoreError):
        return False
    cause = exc.__cause__
    if isinstance(cause, sqlite3.Error):
        code = getattr(cause, "sqlite_errorcode", None)
        # Extended codes (SQLITE_CANTOPEN_ISDIR...) keep the primary code in the low byte.
        return isinstance(code, int) and (code & 0xFF) in {
            sqlite3.SQLITE_NOTADB,
            sqlite3.SQLITE_CANTOPEN,
        }
    return isinstance(cause, (NotADirectoryError, FileExistsError, PermissionError))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _help_hint(exc: click.ClickException) -> str:
    context = getattr(exc, "ctx", None)
    if isinstance(context, click.Context):
        return f" (see: {context.command_path} -h)"
    return ""


def _fail(code: int, kind: str, message: str) -> NoReturn:
    click.echo(f"packlight: {kind}: {message}", err=True)
    sys.exit(code)


def _escape_surrogates(error: UnicodeError) -> tuple[str, int]:
    """Write a lone surrogate as its ``\\uXXXX`` escape: inside a JSON string (a report, a
    session on stdout) the same value, elsewhere a readable stand-in."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    escaped = "".join(f"\\u{ord(c):04x}" for c in error.object[error.start : error.end])
    return escaped, error.end


def _tolerate_unencodable_output() -> None:
    """Print a lone surrogate (a ``"\\ud800"`` escape read from a file) as that escape
    instead of failing on it: tables and JSON reports stay printable."""
    codecs.register_error(_SURROGATE_HANDLER, _escape_surrogates)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in {"strict", "surrogateescape"}:
            stream.reconfigure(errors=_SURROGATE_HANDLER)


def _silence_stdout() -> None:
    """Stop the interpreter's final flush of stdout from failing on the closed pipe again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
