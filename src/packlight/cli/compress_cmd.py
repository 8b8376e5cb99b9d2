"""``packlight compress``: compact a session file and say what each stage did."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from packlight.atomicfile import check_output_path, write_text_atomic
from packlight.cli._logs import told_by_the_command
from packlight.cli._options import STORE_OPTION
from packlight.config import load_settings
from packlight.errors import RuntimeFailure, TranscriptError, UserError

# The engine, the store and their imports take about as long as loading the tokenizer: they
# are imported once the load has started in the background (see run_compress).
if TYPE_CHECKING:
    from rich.console import Console

    from packlight.compressor.engine import ContextCompressor
    from packlight.engine import CompressionResult
    from packlight.sessionfile import SessionFile
    from packlight.store import SessionStore
    from packlight.stored_session import StoredSession

EXIT_SUMMARIZER_ABORTED = 3
ENGINE_FAILURE = "compaction failed: "
"""How the engine's result begins when compaction raised (it returns the input unchanged)."""

logger = logging.getLogger("packlight.cli")


@dataclass(frozen=True, slots=True)
class SummaryOptions:
    """The summarizer options of ``compress`` (``None``: settings and environment decide)."""

    summarizer: str | None = None
    model: str | None = None
    base_url: str | None = None
    provider: str | None = None


def default_output(path: Path) -> Path:
    return path.with_name(f"{path.stem}.compacted{path.suffix or '.json'}")


def run_compress(
    ctx: click.Context,
    path: Path,
    *,
    output: str | None,
    model: str | None,
    context_window: int | None,
    threshold: float | None,
    focus: str | None,
    rounds: int,
    report: str,
    keep_metadata: bool,
    session_index: int = 0,
    show_checkpoint: bool = False,
    record: bool = True,
    store_url: str | None = None,
    summary: SummaryOptions | None = None,
) -> list[CompressionResult]:
    """Shared by ``compress`` and ``demo``."""
    summary = summary or SummaryOptions()
    settings = load_settings(
        {
            "model": model,
            "context.context_window": context_window,
            "context.threshold_fraction": threshold,
            "summary.summarizer": summary.summarizer,
            "summary.model": summary.model,
            "summary.base_url": summary.base_url,
            "summary.provider": summary.provider,
        },
        config_file=(ctx.obj or {}).get("config_file"),
    )
    from rich.console import Console

    from packlight.cli.sessions_cmd import session_meta
    from packlight.cli.ui_cmd import ui_command_line
    from packlight.compressor.engine import ContextCompressor
    from packlight.sessionfile import read_session
    from packlight.store import StoreProtection, open_store
    from packlight.stored_session import StoredSession

    to_stdout = output == "-"
    # The output is checked before anything is read or recorded: a run that cannot write
    # its result must not have changed the store.
    target = None if to_stdout else _output_target(path, output)
    session = read_session(path, index=session_index)
    engine = ContextCompressor(settings=settings)
    store: SessionStore | None = None
    stored: StoredSession | None = None
    try:
        protection = StoreProtection.from_settings(settings)
        store = open_store(store_url, protection=protection) if record else None
        if store is not None:
            # Recorded as a session in the store, so the input can always be exported back
            # and every artifact stays retrievable (packlight sessions / packlight archive).
            stored = StoredSession.create(
                store,
                model=engine.model,
                meta=session_meta(session),
                messages=session.messages,
                engine=engine,
            )
            # The store holds the input now: a second copy in memory would nearly double
            # the peak for a large session (an aborted run reads the input back).
            session = dataclasses.replace(session, messages=[])
        results = _compact(
            engine,
            session,
            stored,
            rounds=rounds,
            focus=focus,
            engine_log=(ctx.obj or {}).get("verbose", 0) >= 2,
        )
        # When the summarizer aborts, nothing is half-applied: the input goes out unchanged
        # and the caller (the command) exits with status 3.
        if not results[-1].aborted:
            final = results[-1].messages
        else:
            final = stored.original_messages() if stored is not None else session.messages
        compacted = dataclasses.replace(session, messages=final)
        text = _dump(compacted, keep_metadata)
        if target is None:
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            write_text_atomic(target, text, private=True)  # a transcript
    except BaseException:
        if store is not None and stored is not None:
            _forget(store, stored.session_id)
        raise
    finally:
        close = getattr(engine.summarizer, "close", None)
        if callable(close):
            close()
        if store is not None:
            store.close()
    session_id = stored.session_id if stored is not None else None
    compacted_path = "-" if target is None else str(target)
    console = Console(stderr=to_stdout)
    if report == "json":
        data = {
            "input": str(path),
            "output": compacted_path,
            "session": session_id,
            "model": settings.model,
            "context_window": engine.budget.context_window,
            "threshold": engine.budget.threshold,
            "rounds": [_result_json(r) for r in results],
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False), err=to_stdout)
    else:
        _render(console, results, engine, None if to_stdout else compacted_path)
        if session_id:
            console.print(
                f"recorded as session {session_id} "
                f"(packlight sessions export {session_id} --original)",
                markup=False,
                highlight=False,
            )
            console.print(
                f"look at it: {ui_command_line(session_id, store_url)}",
                markup=False,
                highlight=False,
                soft_wrap=True,  # a command to copy: never cut into lines
            )
        if show_checkpoint:
            checkpoint = next((r.checkpoint for r in reversed(results) if r.checkpoint), None)
            if checkpoint:
                console.rule("checkpoint")
                console.print(checkpoint, markup=False, highlight=False)
    return results


def _utf8(context: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
    """Refuse an argument holding bytes that are not UTF-8 (the shell passed them through):
    no tokenizer or model can take them."""
    if value is not None and any("\udc80" <= character <= "\udcff" for character in value):
        raise click.BadParameter("holds bytes that are not UTF-8 text", context, parameter)
    return value


def _output_target(path: Path, output: str | None) -> Path:
    """Where the compacted session goes, once it is sure a file can be written there."""
    target = check_output_path(output if output is not None else default_output(path))
    if target.exists() and os.path.samefile(target, path):
        raise UserError(
            f"the output {output} is the input file; compress never overwrites its input "
            "(the store keeps the original, but the file would no longer be it): choose "
            "another -o"
        )
    return target


def _compact(
    engine: ContextCompressor,
    session: SessionFile,
    stored: StoredSession | None,
    *,
    rounds: int,
    focus: str | None,
    engine_log: bool = False,
) -> list[CompressionResult]:
    """Compact up to ``rounds`` times (through the store when recorded), stopping at an abort
    or at a round that found nothing left to compact (the next ones would not either)."""
    results: list[CompressionResult] = []
    messages = session.messages
    try:
        # The command reports a failed compaction itself, in one line (-vv shows the log).
        with told_by_the_command("packlight.compressor", "compaction failed", unless=engine_log):
            for _ in range(rounds):
                if stored is not None:
                    results.append(stored.compact(force=True, focus=focus, tools=session.tools))
                else:
                    results.append(
                        engine.compress(messages, focus=focus, force=True, tools=session.tools)
                    )
                    messages = results[-1].messages
                if results[-1].aborted or not results[-1].compacted:
                    break
    except RecursionError as exc:
        # The reader refuses what JSON itself nests too deeply; a step of the pipeline that
        # recurses deeper per level still stops here, as the input's fault.
        raise TranscriptError(
            "the session nests too deeply to compact", source=session.source
        ) from exc
    for result in results:
        # The engine keeps a failed compaction from reaching an agent (the transcript comes
        # back unchanged); the command fails instead, leaving nothing written or recorded.
        if result.reason.startswith(ENGINE_FAILURE):
            problem = result.reason.removeprefix(ENGINE_FAILURE)
            if problem.startswith("RecursionError"):
                raise TranscriptError(
                    "the session nests too deeply to compact", source=session.source
                )
            raise RuntimeFailure(f"compaction failed ({problem}); nothing was written")
    return results


def _forget(store: SessionStore, session_id: str) -> None:
    """Undo the recording of a run that failed: the session and any child it rotated into."""
    try:
        chain = store.lineage(store.tip(session_id).id)
        for record in reversed(chain):
            store.delete_session(record.id)
    except Exception:  # the run's own failure is what the user must see
        logger.warning("could not remove the session %s of the failed run", session_id)


def _dump(session: SessionFile, keep_metadata: bool) -> str:
    from packlight.formats import Format, from_canonical
    from packlight.sessionfile import dumps_session

    if not keep_metadata or session.format is not Format.OPENAI_CHAT:
        return dumps_session(session)
    body: Any = session.to_json_object()
    converted = from_canonical(session.messages, session.format, lossless=True)
    if isinstance(body, dict):
        body["messages"] = converted
    else:
        body = converted
    text = json.dumps(body, ensure_ascii=False, allow_nan=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: the same value, escaped
            text = json.dumps(body, ensure_ascii=True, allow_nan=False)
    return text + "\n"


def _result_json(result: CompressionResult) -> dict[str, Any]:
    return {
        "compacted": result.compacted,
        "reason": result.reason,
        "fits": result.fits,
        "before_tokens": result.before_tokens,
        "after_tokens": result.after_tokens,
        "savings": round(result.savings, 4),
        "before_messages": result.before_messages,
        "after_messages": result.after_messages,
        "checkpoint_tokens": result.checkpoint_tokens,
        "summarizer": result.summarizer_path,
        "aborted": result.aborted,
        "artifacts": len(result.artifacts),
        "duration_ms": round(result.duration_seconds * 1000, 2),
        "stages": [
            {"name": s.name, "removed_tokens": s.removed_tokens, **dict(s.details)}
            for s in result.stages
        ],
    }


def _render(
    console: Console,
    results: list[CompressionResult],
    engine: ContextCompressor,
    output: str | None,
) -> None:
    from rich.table import Table

    table = Table(
        title=f"packlight compress: window {engine.budget.context_window:,}, "
        f"threshold {engine.budget.threshold:,}",
        title_justify="left",
    )
    for column in (
        "round",
        "tokens before",
        "tokens after",
        "saved",
        "messages",
        "checkpoint",
        "fits",
        "summarizer",
        "ms",
    ):
        table.add_column(column, justify="right")
    for number, result in enumerate(results, start=1):
        table.add_row(
            str(number),
            f"{result.before_tokens:,}",
            f"{result.after_tokens:,}",
            f"{result.savings:.0%}",
            f"{result.before_messages} -> {result.after_messages}",
            f"{result.checkpoint_tokens:,}",
            "yes" if result.fits else "NO",
            result.summarizer_path or "-",
            f"{result.duration_seconds * 1000:.1f}",
        )
    console.print(table)
    last = results[-1]
    if last.stages:
        stages = Table(title="what each stage did (last round)", title_justify="left")
        stages.add_column("stage")
        stages.add_column("tokens removed", justify="right")
        stages.add_column("details")
        for stage in last.stages:
            shown = {k: v for k, v in stage.details.items() if v not in (0, {}, [])}
            details = ", ".join(f"{k}={v}" for k, v in shown.items())
            stages.add_row(stage.name, f"{stage.removed_tokens:,}", details)
        console.print(stages)
    for number, result in enumerate(results, start=1):
        if not result.compacted or not result.fits:
            console.print(f"round {number}: {result.reason}", markup=False)
    if output:
        console.print(f"wrote {output}", markup=False, highlight=False)


@click.command("compress")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    help="Where to write the compacted session ('-' for stdout). "
    "Default: INPUT.compacted.json next to the input.",
)
@click.option("-m", "--model", envvar="PACKLIGHT_MODEL", help="Model the transcript is sent to.")
@click.option(
    "--context-window",
    type=click.IntRange(min=1),
    help="Override the model's context window (tokens).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    help="Compaction threshold as a fraction of the effective window.",
)
@click.option(
    "--focus",
    callback=_utf8,
    help="A topic the checkpoint should give the larger share to.",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Compact this many times in a row (like repeated /compact); stops early once a "
    "round finds nothing left to compact.",
)
@click.option(
    "--report",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="How to print what happened.",
)
@click.option(
    "--session-index",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Which session of a JSONL file with one session per line.",
)
@click.option(
    "--keep-metadata",
    is_flag=True,
    help="Keep packlight's _packlight metadata in the output (not sendable as is).",
)
@click.option(
    "--summarizer",
    type=click.Choice(["deterministic", "llm"]),
    help="Who writes the checkpoint's prose. Default: llm when a summary model is configured "
    "(--summary-model, PACKLIGHT_SUMMARY_MODEL, summary.model), else deterministic.",
)
@click.option("--summary-model", help="Model that writes the checkpoint (default: --model).")
@click.option(
    "--summary-base-url",
    help="OpenAI-compatible or Anthropic endpoint of the summary model (vLLM, llama.cpp, ...).",
)
@click.option(
    "--summary-provider",
    type=click.Choice(["openai", "anthropic"]),
    help="API the summary model speaks (default: openai). The key comes from "
    "PACKLIGHT_SUMMARY_API_KEY, else OPENAI_API_KEY / ANTHROPIC_API_KEY.",
)
@click.option("--show-checkpoint", is_flag=True, help="Print the checkpoint text.")
@click.option("--no-store", is_flag=True, help="Do not record the session in the store.")
@STORE_OPTION
@click.pass_context
def compress_command(
    ctx: click.Context,
    path: Path,
    output: str | None,
    model: str | None,
    context_window: int | None,
    threshold: float | None,
    focus: str | None,
    rounds: int,
    report: str,
    session_index: int,
    keep_metadata: bool,
    summarizer: str | None,
    summary_model: str | None,
    summary_base_url: str | None,
    summary_provider: str | None,
    show_checkpoint: bool,
    no_store: bool,
    store_url: str | None,
) -> None:
    """Compact a session file so it fits its model's window, losing no task state.

    Writes the compacted session in the same shape as the input and prints tokens before and
    after, messages, what each stage removed, and the checkpoint's size. Compaction is
    forced (it runs even under the threshold). Everything removed is kept as artifacts in
    the archive; the checkpoint cites them as artifact:// references.

    When the summary model refuses (bad key, quota) or cannot be reached, the input is
    written unchanged, the reason goes to stderr, and the exit status is 3.
    """
    results = run_compress(
        ctx,
        path,
        output=output,
        model=model,
        context_window=context_window,
        threshold=threshold,
        focus=focus,
        rounds=rounds,
        report=report,
        keep_metadata=keep_metadata,
        session_index=session_index,
        show_checkpoint=show_checkpoint,
        record=not no_store,
        store_url=store_url,
        summary=SummaryOptions(
            summarizer=summarizer,
            model=summary_model,
            base_url=summary_base_url,
            provider=summary_provider,
        ),
    )
    if results and results[-1].aborted:
        click.echo(f"packlight compress: {results[-1].reason}; wrote the input unchanged", err=True)
        ctx.exit(EXIT_SUMMARIZER_ABORTED)
