"""``packlight demo``: the main job on the bundled example session, no key and no server."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click

from packlight.cli.inspect_cmd import run_inspect

EXAMPLE = "django__django-15022.json"


def example_path() -> Path:
    """The bundled real session (mini-swe-agent on SWE-bench, MIT; see examples/README.md)."""
    return Path(str(resources.files("packlight.examples").joinpath(EXAMPLE)))


@click.command("demo")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def demo_command(ctx: click.Context, as_json: bool) -> None:
    """Inspect the bundled example session (a real 78-message coding-agent run).

    Uses a 32,000-token window so that the session is over its compaction threshold,
    the situation packlight exists for.
    """
    run_inspect(
        ctx,
        str(example_path()),
        model="gpt-4o",
        context_window=32_000,
        session_index=0,
        as_json=as_json,
        top=5,
    )
