"""``packlight inspect``: where the tokens of a transcript go, or (``--instructions DIR``) which
project instruction file a session would load."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from packlight.config import load_settings
from packlight.context_files import ProjectInstructions, load_project_instructions
from packlight.errors import TranscriptError
from packlight.inspection import TokenReport, inspect_transcript
from packlight.sessionfile import read_session
from packlight.tokens import TranscriptCounter


def run_inspect(
    ctx: click.Context,
    path: str,
    *,
    model: str | None,
    context_window: int | None,
    session_index: int,
    as_json: bool,
    top: int,
) -> None:
    """Shared by ``inspect`` and ``demo``."""
    settings = load_settings(
        {"model": model, "context.context_window": context_window},
        config_file=(ctx.obj or {}).get("config_file"),
    )
    text_counter = settings.token_counter()
    session = read_session(path, index=session_index)
    counter = TranscriptCounter(text_counter, image_tokens=settings.tokens.image_tokens)
    try:
        report = inspect_transcript(
            session.messages,
            session.tools,
            counter=counter,
            budget=settings.budget(),
            model=settings.model,
            top=top,
        )
    except RecursionError as exc:
        # The reader refuses what JSON itself nests too deeply; a counting step that recurses
        # deeper per level still stops here, as the input's fault.
        raise TranscriptError("the session nests too deeply to count", source=path) from exc
    if as_json:
        data: dict[str, Any] = {"file": path, "format": session.format.value, **report.to_json()}
        # A lone surrogate read from a "\ud800" escape prints as that escape (cli.main).
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False))
    else:
        render_report(report, title=f"{path} ({session.format.value})")


def run_instructions(ctx: click.Context, directory: str, *, as_json: bool) -> None:
    """``inspect --instructions DIR``: what ``Session(project_instructions=DIR)`` would put
    into the system prompt."""
    settings = load_settings(config_file=(ctx.obj or {}).get("config_file"))
    found = load_project_instructions(directory, settings=settings)
    if as_json:
        click.echo(json.dumps(instructions_json(found), indent=2, ensure_ascii=False))
        return
    click.echo(render_instructions(found), nl=False)


def instructions_json(found: ProjectInstructions) -> dict[str, Any]:
    return {
        "start": str(found.start),
        "root": str(found.root),
        "git_root": found.git_root,
        "order": list(found.order),
        "files": [
            {
                "name": item.name,
                "path": str(item.path),
                "loaded": item.loaded,
                "blocked_reasons": list(item.blocked_reasons),
                "error": item.error,
                "truncated": item.truncated,
                "chars": item.chars,
                "lines": item.lines,
            }
            for item in found.files
        ],
        "section_text": found.section_text,
    }


def render_instructions(found: ProjectInstructions) -> str:
    """Plain text (file text is printed as it is: no markup is interpreted in it)."""
    where = (
        f"{found.start} up to the git root {found.root}"
        if found.git_root and found.root != found.start
        else f"{found.start} only" + ("" if found.git_root else " (no git root above it)")
    )
    lines = [f"searched: {where}", f"order: {', '.join(found.order)}"]
    if not found.files:
        lines.append("found: no instruction file (nothing would be added to the system prompt)")
        return "\n".join(lines) + "\n"
    for item in found.files:
        lines.append(f"found: {item.name} ({item.path})")
        if item.error is not None:
            lines.append(f"  status: unreadable ({item.error})")
        elif item.blocked_reasons:
            lines.append("  status: BLOCKED (not loaded): " + "; ".join(item.blocked_reasons))
        else:
            lines.append(f"  status: loaded ({item.chars:,} characters, {item.lines:,} lines)")
        if item.truncated:
            lines.append("  truncated: yes (head and tail kept around a marker line)")
    lines += ["", "system prompt section:", found.section_text]
    return "\n".join(lines) + "\n"


@click.command("inspect")
@click.argument("path", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--instructions",
    "instructions_dir",
    type=click.Path(exists=True, file_okay=False),
    metavar="DIR",
    help="Instead of a session file: show the project instruction file (AGENTS.md, "
    "CLAUDE.md...) a session started in DIR would load, and what it would inject.",
)
@click.option("-m", "--model", envvar="PACKLIGHT_MODEL", help="Model the transcript is sent to.")
@click.option(
    "--context-window",
    type=click.IntRange(min=1),
    help="Override the model's context window (tokens).",
)
@click.option(
    "--session-index",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Which session of a JSONL file with one session per line.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    help="How many of the largest messages to list.",
)
@click.pass_context
def inspect_command(
    ctx: click.Context,
    path: str | None,
    instructions_dir: str | None,
    model: str | None,
    context_window: int | None,
    session_index: int,
    as_json: bool,
    top: int,
) -> None:
    """Show where the tokens of a session file go (or, with --instructions DIR, which
    project instruction file would be loaded).

    PATH is a session file: a JSON list of messages, an object with "messages" (and
    "tools"), or JSONL (one session or one message per line), in OpenAI Chat, Anthropic
    Messages or OpenAI Responses shape (detected).

    Reports the total, tokens by role and by tool, the largest messages, images, the static
    prefix (system prompt and tool schemas), the share of the model's window, and where the
    compaction threshold lies. Counts are exact when the model's tokenizer ships with
    packlight (OpenAI, Llama 3, Qwen), else estimated.

    With --instructions DIR: the file found (walking up to the git root, first found wins in
    the order of context.instruction_files), whether it is blocked by the injection scan and
    why, whether it is truncated, and the exact text the system prompt would get.
    """
    if instructions_dir is not None:
        if path is not None:
            raise click.UsageError("give a session file or --instructions DIR, not both")
        run_instructions(ctx, instructions_dir, as_json=as_json)
        return
    if path is None:
        raise click.UsageError("missing a session file (PATH), or --instructions DIR")
    run_inspect(
        ctx,
        path,
        model=model,
        context_window=context_window,
        session_index=session_index,
        as_json=as_json,
        top=top,
    )


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def render_report(report: TokenReport, *, title: str, console: Console | None = None) -> None:
    """Rich tables for a terminal."""
    console = console or Console()
    summary = Table(title=title, show_header=False, title_justify="left")
    summary.add_column(style="bold")
    summary.add_column(justify="right")
    summary.add_row("model", report.model or "(unknown: default limits)")
    summary.add_row("counter", report.counter)
    summary.add_row("messages", f"{report.messages:,}")
    summary.add_row("total tokens", f"{report.total_tokens:,}")
    summary.add_row(
        "static prefix (system + tool schemas)",
        f"{report.static_prefix_tokens:,} (schemas {report.tool_schema_tokens:,})",
    )
    summary.add_row("images", f"{report.images} ({report.image_tokens:,} tokens)")
    summary.add_row(
        "context window", f"{report.context_window:,} ({_pct(report.share_of_window)} used)"
    )
    state = "over: would compact" if report.over_threshold else "under"
    summary.add_row(
        "compaction threshold",
        f"{report.threshold:,} ({_pct(report.share_of_threshold)}, {state})",
    )
    console.print(summary)

    roles = Table(title="by role", title_justify="left")
    for column in ("role", "messages", "tokens", "share"):
        roles.add_column(column, justify="left" if column == "role" else "right")
    for role, cost in sorted(report.by_role.items(), key=lambda item: -item[1].tokens):
        roles.add_row(
            role,
            f"{cost.messages:,}",
            f"{cost.tokens:,}",
            _pct(cost.tokens / max(report.total_tokens, 1)),
        )
    console.print(roles)

    if report.by_tool:
        tools = Table(title="by tool", title_justify="left")
        for column in ("tool", "calls", "argument tokens", "results", "result tokens"):
            tools.add_column(column, justify="left" if column == "tool" else "right")
        for name, tool in report.by_tool.items():
            tools.add_row(
                name,
                f"{tool.calls:,}",
                f"{tool.call_tokens:,}",
                f"{tool.results:,}",
                f"{tool.result_tokens:,}",
            )
        console.print(tools)

    if report.largest:
        largest = Table(title="largest messages", title_justify="left")
        for column in ("#", "role", "tool", "tokens", "preview"):
            largest.add_column(column, justify="right" if column in {"#", "tokens"} else "left")
        for item in report.largest:
            largest.add_row(
                str(item.index), item.role, item.tool or "", f"{item.tokens:,}", item.preview
            )
        console.print(largest)
