"""The ``packlight`` command: a click group whose commands live one per module."""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

import click

from packlight import __version__
from packlight.cli.archive_cmd import archive_group
from packlight.cli.compress_cmd import compress_command
from packlight.cli.demo import demo_command
from packlight.cli.eval_cmd import eval_command
from packlight.cli.inspect_cmd import inspect_command
from packlight.cli.sessions_cmd import sessions_group
from packlight.errors import PacklightError, UserError

EXIT_USER_ERROR = 2
EXIT_RUNTIME_ERROR = 1


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
    logging.basicConfig(level=level, format="packlight: %(levelname)s: %(message)s")
    ctx.ensure_object(dict)
    ctx.obj["config_file"] = config_file


cli.add_command(archive_group)
cli.add_command(compress_command)
cli.add_command(inspect_command)
cli.add_command(demo_command)
cli.add_command(eval_command)
cli.add_command(sessions_group)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI; misuse prints one line and exits 2, runtime failures exit 1."""
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
        exc.show()
        sys.exit(EXIT_USER_ERROR)
    except UserError as exc:
        click.echo(f"packlight: error: {exc}", err=True)
        sys.exit(EXIT_USER_ERROR)
    except PacklightError as exc:
        click.echo(f"packlight: failed: {exc}", err=True)
        sys.exit(EXIT_RUNTIME_ERROR)
    sys.exit(0)
