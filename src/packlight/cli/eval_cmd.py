"""``packlight eval``: what compaction costs and what it forgets, on real trajectories."""

from __future__ import annotations

import os
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from packlight.cli._logs import told_by_the_command
from packlight.errors import TranscriptError, UserError
from packlight.evaluation.peers.base import DEFAULT_THRESHOLD
from packlight.evaluation.report import (
    harness_rows,
    overview_rows,
    retention_rows,
    switch_rows,
    write_report,
)
from packlight.evaluation.run import (
    DEFAULT_CONTEXT_WINDOW,
    DEFAULT_MODEL,
    DEFAULT_ROUNDS,
    EvalConfig,
    expand_paths,
    load_trajectories,
    parse_peers,
    run_evaluation,
    steps,
)
from packlight.evaluation.summary import summarize
from packlight.sessionfile import iter_sessions


@click.command("eval")
@click.argument("paths", nargs=-1)
@click.option(
    "-m",
    "--model",
    default=DEFAULT_MODEL,
    show_default=True,
    help="Model whose window the replay simulates (its tokenizer is not used: every system "
    "is counted with the same o200k counter).",
)
@click.option(
    "--context-window",
    type=click.IntRange(min=1_000),
    default=DEFAULT_CONTEXT_WINDOW,
    show_default=True,
    help="Context window in tokens; a small one makes every system work.",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0, min_open=True),
    default=DEFAULT_THRESHOLD,
    show_default=True,
    help="Share of the window at which every system compacts (packlight's threshold_fraction, "
    "LangChain's trigger tokens, Hermes' threshold_percent, where truncation cuts to).",
)
@click.option(
    "--peers",
    "peers_spec",
    default="all",
    show_default=True,
    help="Systems to compare with packlight: 'all', 'none' (packlight alone), or a "
    "comma-separated list (none,truncation,masking,langchain-summarization,...).",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, 20),
    default=DEFAULT_ROUNDS,
    show_default=True,
    help="Forced compaction rounds for the canaries.",
)
@click.option(
    "-o",
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("packlight-eval"),
    show_default=True,
    help="Directory for report.json, report.md and report.html.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the canary values and of packlight's artifact key (same seed, same report).",
)
@click.option("--no-progress", is_flag=True, help="Do not show the progress bar.")
@click.option(
    "--install-peers",
    is_flag=True,
    help="First build the virtualenvs of the external peers chosen with --peers (needs "
    "PyPI; the evaluation itself never installs anything). Without PATHS, only install.",
)
def eval_command(
    paths: tuple[str, ...],
    model: str,
    context_window: int,
    threshold: float,
    peers_spec: str,
    rounds: int,
    out_dir: Path,
    seed: int,
    no_progress: bool,
    install_peers: bool,
) -> None:
    """Replay session files turn by turn through packlight and its peers, and report.

    PATHS are session files (JSON or JSONL), directories (searched recursively) or globs.
    A file named here that cannot be read stops the run before anything is evaluated;
    unreadable files found in a directory or by a glob are skipped, each with the reason.
    For each system: input tokens per model call against sending everything, how often it
    compacted, whether every transcript it produced is valid for OpenAI and Anthropic,
    which exact facts of the raw trajectory (task, constraints, files modified, errors,
    commands, identifiers) are still in context or retrievable after each compaction, and
    how many planted canary facts survive repeated compaction. Peers that cannot run here
    are listed in the report with the reason.
    """
    config = EvalConfig(
        model=model,
        context_window=context_window,
        threshold=threshold,
        peers=parse_peers(peers_spec),
        rounds=rounds,
        seed=seed,
    )
    if install_peers:
        _install(config.peers)
        if not paths:
            return
    if not paths:
        raise click.UsageError("give at least one session file, directory or glob (PATHS)")
    _check_out_dir(out_dir)
    console = Console(stderr=True)
    readable = _readable_files(paths, console)
    with told_by_the_command("packlight.evaluation", "skipping"):
        trajectories, skipped = load_trajectories(readable)
    for problem in skipped:
        console.print(f"skipped {problem}", markup=False, highlight=False)
    if not trajectories:
        raise UserError("none of the files holds a readable session")
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=no_progress,
        transient=True,
    ) as progress:
        task = progress.add_task("evaluating", total=steps(config, trajectories))

        def advance(description: str) -> None:
            progress.update(task, advance=1, description=description[:60])

        run = run_evaluation(trajectories, config, progress=advance)
    run.skipped = skipped
    summary = summarize(run)
    written = write_report(summary, out_dir)
    _print_summary(summary)
    for path in written:
        click.echo(f"wrote {path}")


def _check_out_dir(out_dir: Path) -> None:
    """Refuse an -o the reports could not be written to, before hours of evaluation."""
    existing = out_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise UserError(f"cannot write the reports to {out_dir}: {existing} is not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UserError(f"cannot write the reports to {out_dir}: permission denied on {existing}")


def _readable_files(paths: tuple[str, ...], console: Console) -> list[Path]:
    """The session files of PATHS that read cleanly. A file named on the command line that
    does not stops the run (exit 2, the reader's one-line reason); one found in a directory
    or by a glob is skipped with that reason (a directory of transcripts often holds other
    JSON). Each file is read whole here, so that a file broken halfway is not half used."""
    named = {Path(spec) for spec in paths if Path(spec).is_file()}
    readable: list[Path] = []
    problems: list[str] = []
    for path in expand_paths(paths):
        try:
            for _ in iter_sessions(path):
                pass
        except TranscriptError as exc:
            if path in named:
                raise
            problems.append(str(exc))
            continue
        readable.append(path)
    if not readable:
        raise UserError(f"none of the files holds a readable session (first: {problems[0]})")
    for problem in problems:
        console.print(f"skipped {problem}", markup=False, highlight=False)
    return readable


def _install(peers: tuple[str, ...]) -> None:
    # Imported here: installing is the one step that needs PyPI, and its module belongs to
    # the external peers.
    from packlight.evaluation.peers.install import PEER_ENVIRONMENTS
    from packlight.evaluation.peers.install import install_peers as build

    external = [name for name in peers if name in PEER_ENVIRONMENTS]
    report = build(external or None)
    for line in report.lines():
        click.echo(line, err=True)


def _print_summary(summary: dict[str, object]) -> None:
    console = Console()
    for title, (header, rows) in (
        ("cost, validity, canaries", overview_rows(summary)),
        ("probe retention (in context or retrievable)", retention_rows(summary)),
        ("task switches", switch_rows(summary)),
        ("harness messages named as the task", harness_rows(summary)),
    ):
        table = Table(title=title, title_justify="left")
        for column in header:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row)
        console.print(table)
