"""``packlight demo``: the main job on the bundled example session, no key and no server."""

from __future__ import annotations

import tempfile
from importlib import resources
from pathlib import Path

import click

from packlight.cli.compress_cmd import run_compress
from packlight.cli.inspect_cmd import run_inspect

EXAMPLE = "django__django-15022.json"
DEMO_WINDOW = 32_000


def example_path() -> Path:
    """The bundled real session (mini-swe-agent on SWE-bench, MIT; see examples/README.md)."""
    return Path(str(resources.files("packlight.examples").joinpath(EXAMPLE)))


@click.command("demo")
@click.option(
    "-o", "--output", help="Where to write the compacted session (default: a temporary directory)."
)
@click.pass_context
def demo_command(ctx: click.Context, output: str | None) -> None:
    """Compact the bundled example session (a real 78-message coding-agent run).

    Shows where its tokens go, then compacts it for a 32,000-token window with the
    deterministic engine (no LLM, no key, no server) and prints the checkpoint.
    """
    path = example_path()
    click.echo(f"== where the tokens of {EXAMPLE} go (for a {DEMO_WINDOW:,}-token window)")
    run_inspect(
        ctx,
        str(path),
        model="gpt-4o",
        context_window=DEMO_WINDOW,
        session_index=0,
        as_json=False,
        top=3,
    )
    target = output or str(Path(tempfile.mkdtemp(prefix="packlight-demo-")) / EXAMPLE)
    click.echo(f"\n== packlight compress {EXAMPLE} --context-window {DEMO_WINDOW}")
    run_compress(
        ctx,
        path,
        output=target,
        model="gpt-4o",
        context_window=DEMO_WINDOW,
        threshold=None,
        focus=None,
        rounds=1,
        report="table",
        keep_metadata=False,
        show_checkpoint=True,
    )
