"""Live loop: packlight.wrap against a window-enforcing server, and the wrapper's overhead.

Part A (replay) resends each mini-swe-agent trajectory turn by turn, as an agent loop does,
through ``packlight.wrap`` (OpenAI chat, streamed or not; Anthropic messages, streamed or not)
against tests/live/window_server.py with an 8,192-token window, side by side with the bare
clients on the same turns; it counts what reached the caller and the server (errors, invalid
requests, overflows, compactions, prefix breaks, the cacheable share of each request).
Part B (overhead) times the bare and the wrapped ``openai.OpenAI`` on a 4,000-message history
growing by one message per turn, against an in-process transport that answers at once.
Writes benchmarks/results/live.md.

    python3 dev.py bench live [--data DIR] [--limit N] [--apis LIST] [--model NAME]
                              [--extra-model NAME] [--turns N] [--parts LIST]
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.live.window_server

import anthropic
import openai
from tests.live.window_server import Seen, WindowServer, shared_prefix_tokens
from tests.live.window_tokens import count_text

import packlight
from _common import DEFAULT_DATA, machine_header, write_result
from _live_overhead import run_overhead

WINDOW = 8_192
MAX_TOKENS = 512
APIS = ("openai", "openai-stream", "anthropic", "anthropic-stream")
DEFAULT_EXTRA_MODEL = "acme-agent-1"
"""A model name no registry knows: packlight estimates its tokens and calibrates from usage."""

Family = Literal["openai", "anthropic"]
ChatMessage = dict[str, Any]


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Trajectory:
    name: str
    messages: list[ChatMessage]
    tools: list[dict[str, Any]]


def load_trajectories(data_dir: Path, limit: int | None) -> list[Trajectory]:
    folder = data_dir / "trajectories" / "mini-swe-agent"
    files = sorted(folder.glob("*.json"))
    if not files:
        sys.exit(f"no trajectories under {folder}; pass --data DIR")
    trajectories = []
    for path in files[:limit]:
        data = json.loads(path.read_text(encoding="utf-8"))
        trajectories.append(Trajectory(path.stem, data["messages"], data["tools"]))
    return trajectories


def anthropic_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI function tools as Anthropic tool definitions."""
    converted = []
    for tool in tools:
        function = tool["function"]
        converted.append(
            {
                "name": function["name"],
                "description": function.get("description", ""),
                "input_schema": function.get("parameters", {"type": "object"}),
            }
        )
    return converted


def text_of(message: ChatMessage) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict) and part)
    return ""


def latest_user_text(history: Sequence[ChatMessage]) -> str:
    for message in reversed(history):
        if message.get("role") == "user":
            return text_of(message)
    return ""


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def user_text_presence(body: dict[str, Any], text: str) -> Literal["whole", "start", "absent"]:
    """Whether ``text`` is in one string of the request's messages (or system), only its
    first 200 characters are, or neither."""
    strings = list(strings_in([body.get("system"), body.get("messages")]))
    if any(text in s for s in strings):
        return "whole"
    start = text[:200]
    return "start" if any(start in s for s in strings) else "absent"


# --------------------------------------------------------------------------- Part A: replay


@dataclass(frozen=True)
class Variant:
    name: str
    family: Family
    stream: bool
    model: str


@dataclass
class TurnRecord:
    """One caller request of a wrapped client and what the server saw for it."""

    turn: int
    seen: list[Seen]
    error: str | None
    compactions: int
    prefix_breaks: int
    recoveries: int
    user_text: Literal["whole", "start", "absent"] | None = None
    cache_read: int | None = None
    cache_total: int | None = None

    @property
    def ok(self) -> Seen | None:
        return self.seen[-1] if self.seen and self.seen[-1].outcome == "ok" else None


@dataclass
class WrappedRun:
    trajectory: str
    turns: list[TurnRecord]
    stats: packlight.SessionStats
    seconds: float


@dataclass
class BareRun:
    trajectory: str
    turns: int = 0
    failed: int = 0
    overflow: int = 0
    invalid: int = 0
    first_failed_turn: int | None = None
    peak_prompt: int = 0
    seconds: float = 0.0


def sdk_client(server: WindowServer, family: Family) -> Any:
    if family == "openai":
        return openai.OpenAI(base_url=server.openai_url, api_key="x", max_retries=0)
    return anthropic.Anthropic(base_url=server.anthropic_url, api_key="x", max_retries=0)


def anthropic_request(
    history: Sequence[ChatMessage], tools: list[dict[str, Any]]
) -> dict[str, Any]:
    conversation = packlight.from_canonical(
        cast(list[packlight.Message], list(history)), packlight.Format.ANTHROPIC
    )
    request: dict[str, Any] = {"messages": conversation["messages"], "tools": tools}
    if "system" in conversation:
        request["system"] = conversation["system"]
    return request


Send = Callable[[list[ChatMessage]], tuple[int, int] | None]
"""Sends one turn's history; returns Anthropic's (cache read, prompt total) when it has one."""


def sender(client: Any, variant: Variant, trajectory: Trajectory) -> Send:
    if variant.family == "openai":
        completions = client.chat.completions

        def send_openai(history: list[ChatMessage]) -> None:
            if variant.stream:
                for _ in completions.create(
                    model=variant.model,
                    messages=history,
                    tools=trajectory.tools,
                    max_tokens=MAX_TOKENS,
                    stream=True,
                ):
                    pass
            else:
                completions.create(
                    model=variant.model,
                    messages=history,
                    tools=trajectory.tools,
                    max_tokens=MAX_TOKENS,
                )

        return send_openai

    tools = anthropic_tools(trajectory.tools)

    def send_anthropic(history: list[ChatMessage]) -> tuple[int, int] | None:
        request = anthropic_request(history, tools)
        usage: Any = None
        if variant.stream:
            for event in client.messages.create(
                model=variant.model, max_tokens=MAX_TOKENS, stream=True, **request
            ):
                if event.type == "message_start":
                    usage = event.message.usage
        else:
            usage = client.messages.create(
                model=variant.model, max_tokens=MAX_TOKENS, **request
            ).usage
        if usage is None:
            return None
        read = usage.cache_read_input_tokens or 0
        total = usage.input_tokens + read + (usage.cache_creation_input_tokens or 0)
        return read, total

    return send_anthropic


def replay_wrapped(server: WindowServer, variant: Variant, trajectory: Trajectory) -> WrappedRun:
    server.reset()
    client = packlight.wrap(
        sdk_client(server, variant.family), context_window=WINDOW, model=variant.model
    )
    with client:
        return replay_turns(server, client, variant, trajectory)


def replay_turns(
    server: WindowServer, client: Any, variant: Variant, trajectory: Trajectory
) -> WrappedRun:
    session: packlight.Session = client.packlight
    send = sender(client, variant, trajectory)
    history: list[ChatMessage] = []  # one list, growing, as an agent keeps it
    turns: list[TurnRecord] = []
    started = time.perf_counter()
    for message in trajectory.messages:
        if message["role"] == "assistant":
            before, stats = len(server.requests), session.stats
            error, cache = None, None
            try:
                cache = send(history)
            except Exception as exc:
                latest = count_text(latest_user_text(history))
                error = f"[latest user message: {latest:,} tokens] {type(exc).__name__}: {exc}"
            after = session.stats
            record = TurnRecord(
                turn=len(turns),
                seen=server.requests[before:],
                error=error,
                compactions=after.compactions - stats.compactions,
                prefix_breaks=after.prefix_breaks - stats.prefix_breaks,
                recoveries=after.recoveries - stats.recoveries,
            )
            if record.ok is not None:
                record.user_text = user_text_presence(record.ok.body, latest_user_text(history))
            if cache is not None:
                record.cache_read, record.cache_total = cache
            turns.append(record)
        history.append(message)  # the recorded answer, not the server's reply
    return WrappedRun(trajectory.name, turns, session.stats, time.perf_counter() - started)


def replay_bare(
    server: WindowServer, family: Family, model: str, trajectory: Trajectory
) -> BareRun:
    """The bare client on the same turns: a refused request just goes on to the next turn."""
    server.reset()
    run = BareRun(trajectory.name)
    client = sdk_client(server, family)
    send = sender(client, Variant("bare", family, False, model), trajectory)
    history: list[ChatMessage] = []
    started = time.perf_counter()
    for message in trajectory.messages:
        if message["role"] == "assistant":
            failed = False
            try:
                send(history)
            except (openai.APIStatusError, anthropic.APIStatusError):
                failed = True
            seen = server.requests[-1]
            run.peak_prompt = max(run.peak_prompt, seen.prompt_tokens)
            if failed:
                run.failed += 1
                run.overflow += seen.outcome == "overflow"
                run.invalid += seen.outcome == "invalid"
                if run.first_failed_turn is None:
                    run.first_failed_turn = run.turns
            run.turns += 1
            server.reset()  # whole histories are large: keep no request bodies
        history.append(message)
    run.seconds = time.perf_counter() - started
    client.close()
    return run


# --------------------------------------------------------------------------- Part A: summary


def share_stats(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"{statistics.fmean(values):.1%} / {statistics.median(values):.1%}"


@dataclass
class Summary:
    """Totals of one variant over the trajectories, and every anomaly with where it was."""

    trajectories: int = 0
    turns: int = 0
    server_requests: int = 0
    errors: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    overflows: int = 0
    overflows_recovered: int = 0
    recoveries: int = 0
    compactions: int = 0
    prefix_breaks: int = 0
    server_breaks: int = 0
    break_anomalies: list[str] = field(default_factory=list)
    """Turns whose accepted request broke the prefix with no compaction, whose session counted
    more breaks than compactions, or whose session count disagrees with what the server saw."""
    kept_prefix: list[str] = field(default_factory=list)
    """Turns where a compaction ran but the accepted request still extends the previous one,
    as the server compares them (not a break: counted for information)."""
    user_checked: int = 0
    user_missing: list[str] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    shares_steady: list[float] = field(default_factory=list)
    cache_shares: list[float] = field(default_factory=list)
    peak_ok: int = 0
    peak_any: int = 0
    calibrations: list[float] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class TrajectoryFacts:
    """What one wrapped run adds up to (one row of the per-trajectory table)."""

    requests: int
    overflows: int
    server_breaks: int
    shares: list[float]
    peak_ok: int
    errors: int
    invalid: int
    user_missing: int


def add_run(summary: Summary, run: WrappedRun) -> TrajectoryFacts:
    where = run.trajectory
    summary.trajectories += 1
    summary.turns += len(run.turns)
    summary.recoveries += run.stats.recoveries
    summary.compactions += run.stats.compactions
    summary.prefix_breaks += run.stats.prefix_breaks
    summary.calibrations.append(run.stats.calibration)
    summary.seconds += run.seconds
    facts = TrajectoryFacts(0, 0, 0, [], 0, 0, 0, 0)
    previous: Seen | None = None
    for record in run.turns:
        at = f"{where} turn {record.turn}"
        facts.requests += len(record.seen)
        for seen in record.seen:
            summary.peak_any = max(summary.peak_any, seen.prompt_tokens)
            if seen.outcome == "invalid":
                summary.invalid.append(f"{at}: {seen.error}")
                facts.invalid += 1
            elif seen.outcome == "overflow":
                summary.overflows += 1
                facts.overflows += 1
                summary.overflows_recovered += record.ok is not None and record.error is None
        if record.error is not None:
            summary.errors.append(f"{at}: {record.error[:500]}")
            facts.errors += 1
        if record.prefix_breaks > record.compactions:
            summary.break_anomalies.append(
                f"{at}: the session counted {record.prefix_breaks} prefix break(s) for "
                f"{record.compactions} compaction(s)"
            )
        current = record.ok
        if current is None:
            continue
        facts.peak_ok = max(facts.peak_ok, current.prompt_tokens)
        summary.user_checked += 1
        if record.user_text != "whole":
            summary.user_missing.append(
                f"{at}: the latest user message is "
                + (
                    "cut (its first 200 characters are in)"
                    if record.user_text == "start"
                    else "absent"
                )
            )
            facts.user_missing += 1
        if record.cache_read is not None and record.cache_total and previous is not None:
            summary.cache_shares.append(record.cache_read / record.cache_total)
        if previous is not None:
            shared = shared_prefix_tokens(previous, current)
            share = shared / current.prompt_tokens if current.prompt_tokens else 0.0
            summary.shares.append(share)
            facts.shares.append(share)
            if record.compactions == 0:
                summary.shares_steady.append(share)
            broke = shared < previous.prompt_tokens
            facts.server_breaks += broke
            if broke and record.compactions == 0:
                summary.break_anomalies.append(
                    f"{at}: the accepted request does not extend the previous one "
                    f"({shared:,} of {previous.prompt_tokens:,} tokens shared) and no "
                    "compaction ran"
                )
            if broke != (record.prefix_breaks > 0) and record.error is None:
                summary.break_anomalies.append(
                    f"{at}: the session counted {record.prefix_breaks} prefix break(s) but the "
                    "accepted request "
                    + ("does not extend" if broke else "extends")
                    + f" the previous one ({shared:,} of {previous.prompt_tokens:,} tokens shared)"
                )
            if not broke and record.compactions > 0:
                summary.kept_prefix.append(
                    f"{at}: {record.compactions} compaction(s), {record.prefix_breaks} prefix "
                    "break(s) counted; the accepted request extends the previous one "
                    f"({current.prompt_tokens:,} tokens after {previous.prompt_tokens:,}): the "
                    "compaction changed only messages the previous request did not hold"
                )
        previous = current
    summary.server_requests += facts.requests
    summary.server_breaks += facts.server_breaks
    summary.peak_ok = max(summary.peak_ok, facts.peak_ok)
    return facts


@dataclass
class BareSummary:
    turns: int = 0
    failed: int = 0
    overflow: int = 0
    invalid: int = 0
    trajectories_failing: int = 0
    first_failed: list[int] = field(default_factory=list)
    peak: int = 0
    seconds: float = 0.0


def add_bare(summary: BareSummary, run: BareRun) -> None:
    summary.turns += run.turns
    summary.failed += run.failed
    summary.overflow += run.overflow
    summary.invalid += run.invalid
    summary.trajectories_failing += run.failed > 0
    if run.first_failed_turn is not None:
        summary.first_failed.append(run.first_failed_turn)
    summary.peak = max(summary.peak, run.peak_prompt)
    summary.seconds += run.seconds


def count_list(items: list[str]) -> str:
    return f"{len(items):,}"


def totals_table(
    variants: list[Variant], summaries: dict[str, Summary], bare: dict[Family, BareSummary]
) -> list[str]:
    def row(label: str, cell: Callable[[Variant, Summary], str]) -> str:
        cells = " | ".join(cell(v, summaries[v.name]) for v in variants)
        return f"| {label} | {cells} |"

    def per_compaction(s: Summary) -> str:
        return f"{s.prefix_breaks / s.compactions:.2f}" if s.compactions else "n/a"

    def user_cell(s: Summary) -> str:
        if not s.user_missing:
            return f"yes ({s.user_checked:,} of {s.user_checked:,})"
        return f"no: missing from {len(s.user_missing):,} of {s.user_checked:,}"

    def bare_cell(v: Variant, _: Summary) -> str:
        b = bare.get(v.family)
        if b is None:
            return "not run"
        return f"{b.failed:,} of {b.turns:,} requests failed ({b.overflow:,} overflow)"

    def bare_first(v: Variant, _: Summary) -> str:
        b = bare.get(v.family)
        if b is None or not b.first_failed:
            return "n/a"
        return (
            f"{b.trajectories_failing} of {summaries[v.name].trajectories} trajectories; "
            f"median first failing turn {statistics.median(b.first_failed):.0f}"
        )

    header = " | ".join(v.name for v in variants)
    lines = [
        f"| | {header} |",
        "|---|" + "---:|" * len(variants),
        row("model name sent", lambda v, s: v.model),
        row("trajectories", lambda v, s: f"{s.trajectories:,}"),
        row("caller requests (turns)", lambda v, s: f"{s.turns:,}"),
        row("requests that reached the server", lambda v, s: f"{s.server_requests:,}"),
        row("**errors reaching the caller** (goal 0)", lambda v, s: count_list(s.errors)),
        row("**invalid requests** (goal 0)", lambda v, s: count_list(s.invalid)),
        row(
            "overflow responses (recovered)",
            lambda v, s: f"{s.overflows:,} ({s.overflows_recovered:,})",
        ),
        row("recoveries", lambda v, s: f"{s.recoveries:,}"),
        row("compactions", lambda v, s: f"{s.compactions:,}"),
        row("prefix breaks (session's count)", lambda v, s: f"{s.prefix_breaks:,}"),
        row(
            "prefix breaks per compaction (goal: at most 1, none elsewhere)",
            lambda v, s: per_compaction(s),
        ),
        row(
            "accepted requests not extending the previous accepted one",
            lambda v, s: f"{s.server_breaks:,}",
        ),
        row(
            "breaks without a compaction, or counted unlike the server saw them (goal 0)",
            lambda v, s: count_list(s.break_anomalies),
        ),
        row(
            "compactions that kept the accepted request's prefix",
            lambda v, s: count_list(s.kept_prefix),
        ),
        row("latest user message in every accepted request", lambda v, s: user_cell(s)),
        row("cacheable share, mean / median", lambda v, s: share_stats(s.shares)),
        row(
            "cacheable share, requests not right after a compaction",
            lambda v, s: share_stats(s.shares_steady),
        ),
        row(
            "simulated cache_read_input_tokens share, mean / median",
            lambda v, s: share_stats(s.cache_shares) if v.family == "anthropic" else "n/a",
        ),
        row(
            "peak accepted prompt + max_tokens / window",
            lambda v, s: f"{s.peak_ok:,} + {MAX_TOKENS} = {s.peak_ok + MAX_TOKENS:,} / {WINDOW:,}",
        ),
        row("peak prompt of any request (refused ones too)", lambda v, s: f"{s.peak_any:,}"),
        row(
            "calibration at the end (min / median / max)",
            lambda v, s: (
                f"{min(s.calibrations):.3f} / {statistics.median(s.calibrations):.3f} / "
                f"{max(s.calibrations):.3f}"
            ),
        ),
        row("bare client (same turns, non-streaming)", bare_cell),
        row("bare client: failing", bare_first),
    ]
    return lines


def trajectory_table(
    rows: list[tuple[WrappedRun, TrajectoryFacts]], bare: dict[str, BareRun]
) -> list[str]:
    lines = [
        "| trajectory | turns | whole history, tokens | requests | overflows | compactions | "
        "recoveries | prefix breaks (session / server) | errors | invalid | user msg missing | "
        "cacheable share | peak accepted prompt | bare failed |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run, facts in rows:
        b = bare.get(run.trajectory)
        history = f"{b.peak_prompt:,}" if b else "n/a"
        failed = f"{b.failed:,} of {b.turns:,}" if b else "n/a"
        share = f"{statistics.fmean(facts.shares):.1%}" if facts.shares else "n/a"
        lines.append(
            f"| {run.trajectory} | {len(run.turns):,} | {history} | {facts.requests:,} | "
            f"{facts.overflows:,} | {run.stats.compactions:,} | {run.stats.recoveries:,} | "
            f"{run.stats.prefix_breaks:,} / {facts.server_breaks:,} | {facts.errors:,} | "
            f"{facts.invalid:,} | {facts.user_missing:,} | {share} | {facts.peak_ok:,} | "
            f"{failed} |"
        )
    return lines


def anomaly_kinds(s: Summary) -> list[tuple[str, list[str]]]:
    return [
        ("errors reaching the caller", s.errors),
        ("invalid requests", s.invalid),
        ("prefix breaks not matching a compaction", s.break_anomalies),
        ("compactions that kept the prefix (not a fault)", s.kept_prefix),
        ("accepted requests without the latest user message", s.user_missing),
    ]


def where(item: str) -> str:
    """The "trajectory turn N" an anomaly line starts with."""
    return item.split(":", 1)[0]


def anomaly_lines(variants: list[Variant], summaries: dict[str, Summary], most: int) -> list[str]:
    """Every anomaly of the first variant; of the others, those at other turns than the
    first variant's of the same kind (the rest counted)."""
    lines: list[str] = []
    main = variants[0]
    main_places = {
        title: {where(i) for i in items} for title, items in anomaly_kinds(summaries[main.name])
    }
    for variant in variants:
        for title, items in anomaly_kinds(summaries[variant.name]):
            if not items:
                continue
            shown = items
            lines.append(f"- {variant.name}, {title} ({len(items):,}):")
            if variant is not main:
                shown = [i for i in items if where(i) not in main_places[title]]
                if len(shown) < len(items):
                    lines.append(
                        f"  - {len(items) - len(shown):,} at the same turns as {main.name}"
                    )
            lines += [f"  - {item}" for item in shown[:most]]
            if len(shown) > most:
                lines.append(f"  - ... and {len(shown) - most:,} more")
    return lines or ["- none"]


def run_replay(
    trajectories: list[Trajectory], variants: list[Variant], model: str
) -> tuple[list[str], dict[str, Summary]]:
    summaries = {v.name: Summary() for v in variants}
    families = sorted({v.family for v in variants})
    bare_summaries: dict[Family, BareSummary] = {f: BareSummary() for f in families}
    bare_runs: dict[str, BareRun] = {}
    main = variants[0]
    rows: list[tuple[WrappedRun, TrajectoryFacts]] = []
    with WindowServer(window=WINDOW) as server:
        for number, trajectory in enumerate(trajectories, 1):
            for family in families:
                bare_run = replay_bare(server, family, model, trajectory)
                add_bare(bare_summaries[family], bare_run)
                if family == main.family:
                    bare_runs[trajectory.name] = bare_run
            for variant in variants:
                run = replay_wrapped(server, variant, trajectory)
                facts = add_run(summaries[variant.name], run)
                if variant is main:
                    rows.append((run, facts))
            s = summaries[main.name]
            print(
                f"[{number}/{len(trajectories)}] {trajectory.name}: {main.name} "
                f"{len(s.errors)} errors, {len(s.invalid)} invalid, {s.compactions} compactions, "
                f"{len(s.break_anomalies)} break anomalies so far",
                file=sys.stderr,
                flush=True,
            )
        server.reset()
    lines = [
        "## Part A: replay",
        "",
        "Totals over the trajectories (cacheable share: for each accepted request after a "
        "trajectory's first, the tokens of its longest prefix unchanged from the previous "
        "accepted request, over its prompt tokens, as the server counts them; the second share "
        "leaves out the requests sent right after a compaction):",
        "",
        *totals_table(variants, summaries, bare_summaries),
        "",
        f"Per trajectory, {main.name} (whole history: the largest prompt the bare client sent, "
        "as the server counts it; prefix breaks: the session's count / accepted requests that "
        "did not extend the previous accepted one):",
        "",
        *trajectory_table(rows, bare_runs),
        "",
        "Anomalies (turn = the trajectory's n-th assistant message, from 0; at most 20 "
        f"listed per kind and variant; for the variants after {main.name}, only those at other "
        "turns):",
        "",
        *anomaly_lines(variants, summaries, 20),
    ]
    return lines, summaries


# --------------------------------------------------------------------------- main


def packlight_revision() -> str:
    """The commit the run measured (the session under test changes quickly)."""
    root = Path(__file__).resolve().parent.parent

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "src")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + (", with uncommitted changes under src/" if dirty else "")


class Once(logging.Filter):
    """Lets each distinct message through once (a new session per trajectory warns anew)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message in self.seen:
            return False
        self.seen.add(message)
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None, help="replay the first N trajectories")
    parser.add_argument(
        "--apis",
        default=",".join(APIS),
        help=f"wrapped variants to replay, comma-separated from {', '.join(APIS)}",
    )
    parser.add_argument(
        "--model",
        default="gpt-4o",
        help="model name sent (gpt-4o: packlight counts o200k exactly, as the server does)",
    )
    parser.add_argument(
        "--extra-model",
        default=DEFAULT_EXTRA_MODEL,
        help="also replay the OpenAI wrapper with this model name, one packlight does not know "
        "(it estimates and calibrates from usage); '' to skip",
    )
    parser.add_argument("--turns", type=int, default=200, help="Part B turns")
    parser.add_argument("--messages", type=int, default=4_000, help="Part B history size")
    parser.add_argument("--parts", default="overhead,replay", help="overhead, replay or both")
    args = parser.parse_args()
    logging.getLogger("packlight.models").addFilter(Once())
    revision = packlight_revision()  # before the run: the tree may change while it runs

    apis = [name.strip() for name in args.apis.split(",") if name.strip()]
    unknown = [name for name in apis if name not in APIS]
    if unknown or not apis:
        parser.error(f"--apis takes names from {', '.join(APIS)}, not {unknown or args.apis!r}")
    parts = {part.strip() for part in args.parts.split(",")}
    variants = [
        Variant(
            name,
            "openai" if name.startswith("openai") else "anthropic",
            "stream" in name,
            args.model,
        )
        for name in apis
    ]
    if args.extra_model:
        variants.append(
            Variant(f"openai, model {args.extra_model}", "openai", False, args.extra_model)
        )

    sections: list[str] = []
    if "overhead" in parts:
        # First, in a process that has not yet counted these messages (cold means cold).
        tools = load_trajectories(args.data, 1)[0].tools
        sections += run_overhead(args.data, args.model, tools, args.messages, args.turns)
        print("\n".join(sections), flush=True)
    if "replay" in parts:
        trajectories = load_trajectories(args.data, args.limit)
        replay, _ = run_replay(trajectories, variants, args.model)
        sections = [*replay, "", *sections]

    preamble = [
        "",
        "Part A replays each of the shared mini-swe-agent trajectories as an agent loop does: at "
        "every recorded assistant message the whole history before it is sent with the "
        f"trajectory's tools and max_tokens {MAX_TOKENS}, then the *recorded* assistant message "
        "(not the reply) is appended. The server is tests/live/window_server.py with a "
        f"{WINDOW:,}-token window: it counts each prompt its own way (exact o200k_base, 4 tokens "
        "per message, tool schemas as JSON), refuses prompt + max_tokens over the window with "
        "the provider's own context-length error, and refuses unpaired tool calls or leftover "
        "packlight metadata as invalid. Each wrapped client is "
        f"`packlight.wrap(client, context_window={WINDOW})`, a new one per trajectory (one "
        "session per conversation); the Anthropic variants send the history converted with "
        "`packlight.from_canonical(history, Format.ANTHROPIC)` and the tools as Anthropic tool "
        f"definitions. Model name {args.model}: packlight counts o200k exactly for it (though "
        "not with the server's per-message overheads)"
        + (
            f"; the variant with model {args.extra_model}, a name packlight does not know, has "
            "it estimate tokens and calibrate the estimate from the usage the server reports"
            if args.extra_model
            else ""
        )
        + ". The bare clients (openai.OpenAI, anthropic.Anthropic, non-streaming) send the same "
        "turns unchanged; a refused request just goes on to the next turn. Errors reaching the "
        "caller: exceptions out of the wrapped call. Invalid requests: those the server "
        "refused for their shape. A turn can reach the server more than once (an overflow, "
        "then the recovered retry).",
        "",
    ]
    text = machine_header("Live loop: packlight.wrap against a window-enforcing server")
    text += f"- packlight: commit {revision}\n"
    text += "\n".join(preamble + sections) + "\n"
    print(text)
    print(f"written to {write_result('live.md', text)}")


if __name__ == "__main__":
    main()
