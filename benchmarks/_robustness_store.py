"""Parts 3 and 4, through the library: appenders racing a rotating compactor, and a
compaction whose summarizer outlasts its lease.

Part 3: K processes append P marked messages each to one session through
``StoredSession.append`` (one session object each, opened before the first append) while
another process compacts the same session again and again with ``in_place=False``, so the
session keeps rotating into children. Afterwards every marker must be in
``StoredSession.resume(store, root).original_messages()`` exactly once and in each writer's
order. An append that raised an error naming the lineage's current session is allowed
("raised"); any other exception, or a marker missing without one, is lost.

Part 4: a summarizer that sleeps longer than the compaction's lease; the compaction must
still commit (the lease is renewed while it runs).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _robustness_common import Backend, cli_env

WORKERS = Path(__file__).resolve().parent / "_robustness_workers.py"
WINDOW = 32_000
MODEL = "gpt-4o"


@dataclass
class AppendResult:
    backend: str
    appenders: int = 0
    attempted: int = 0
    lost: int = 0
    duplicated: int = 0
    reordered: int = 0
    raised: int = 0
    raised_but_stored: int = 0
    stranded: int = 0
    """Markers whose only row is an active row of a rotated (ended) session, in no later
    session of the lineage: stored, but outside the conversation that continues."""
    compactions: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    rotations: int = 0
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0


def run_appenders(
    backend: Backend,
    seed_messages: list[Any],
    *,
    writers: int,
    appends: int,
    seed: int,
    work: Path,
) -> AppendResult:
    from packlight.stored_session import StoredSession

    started = time.perf_counter()
    work.mkdir(parents=True, exist_ok=True)
    result = AppendResult(backend.name, appenders=writers, attempted=writers * appends)
    store = backend.open()
    root = StoredSession.create(
        store, model=MODEL, messages=seed_messages, context_window=WINDOW
    ).session_id
    env = cli_env(work / "home", backend.env())
    common = [backend.url, root, str(work)]
    compactor = _spawn(["compactor", *common], env, work)
    appenders = [
        _spawn(
            [
                "appender",
                *common,
                "--worker",
                str(k),
                "--count",
                str(appends),
                "--seed",
                str(seed + k),
            ],
            env,
            work,
        )
        for k in range(writers)
    ]
    deadline = time.monotonic() + 300
    while len(list(work.glob("ready-*"))) < writers + 1:
        if time.monotonic() > deadline or any(
            p.poll() is not None for p in [compactor, *appenders]
        ):
            break
        time.sleep(0.05)
    (work / "go").touch()
    reports = [_finish(p, result) for p in appenders]
    (work / "stop").touch()
    compacted = _finish(compactor, result)
    result.compactions = int(compacted.get("committed", 0)) if compacted else 0
    if compacted:
        result.skipped = dict(compacted.get("skipped", {}))
        if compacted.get("errors"):
            _example(result, f"compactor errors: {compacted['errors'][:2]}")

    original = StoredSession.resume(store, root).original_messages()
    result.rotations = len(store.lineage(store.tip(root).id)) - 1
    found = Counter(_markers(original))
    order = [m for m in _markers(original)]
    for report in reports:
        if report is None:
            result.lost += appends  # the appender died: nothing it did can be vouched for
            continue
        for marker in report["appended"]:
            if found[marker] == 0:
                result.lost += 1
                _example(result, f"lost: {marker} was appended without error but is missing")
        for entry in report["errors"]:
            result.lost += 1
            _example(result, f"lost: {entry['marker']}: {entry['error']}")
        for entry in report["raised"]:
            result.raised += 1
            if found[entry["marker"]]:
                result.raised_but_stored += 1
            _example(result, f"raised (allowed): {entry['error']}")
        positions = [order.index(m) for m in report["appended"] if found[m]]
        result.reordered += sum(1 for a, b in itertools.pairwise(positions) if b < a)
    result.stranded = _stranded(store, root)
    if result.stranded:
        _example(result, f"stranded: {result.stranded} markers only in a rotated session")
    result.duplicated = sum(count - 1 for count in found.values() if count > 1)
    if result.duplicated:
        _example(result, f"duplicated: {[m for m, c in found.items() if c > 1][:2]}")
    if result.reordered:
        _example(result, "reordered: a writer's messages are not in the order it appended them")
    result.seconds = time.perf_counter() - started
    return result


def _stranded(store: Any, root: str) -> int:
    """Markers appended to a session after it was rotated that no later session has."""
    lineage = store.lineage(store.tip(root).id)
    later: set[str] = set()
    stranded = 0
    for record in reversed(lineage):
        rows = store.all_messages(record.id)
        markers = {m: r for r in rows for m in _markers([r.message])}
        if record.end_reason is not None:
            for marker, row in markers.items():
                if row.active and row.inserted_by is None and marker not in later:
                    stranded += 1
        later |= set(markers)
    return stranded


def _spawn(args: list[str], env: dict[str, str], work: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKERS), *args],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str], result: AppendResult) -> dict[str, Any] | None:
    try:
        out, err = process.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if process.returncode != 0 or not lines:
        tail = [line for line in err.splitlines() if line.strip()][-1:]
        _example(result, f"a worker exited {process.returncode}: {tail}")
        return None
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def _markers(messages: list[Any]) -> list[str]:
    found = []
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str) and content.startswith("robustness-marker-"):
            found.append(content.split(" ", 1)[0])
    return found


def _example(result: AppendResult, text: str) -> None:
    if len(result.examples) < 8 and text not in result.examples:
        result.examples.append(text)


# --------------------------------------------------------------------------- part 4


class SlowSummarizer:
    """The deterministic summarizer, after a sleep longer than the compaction's lease."""

    name = "slow-robustness"

    def __init__(self, seconds: float) -> None:
        from packlight.summarizers import DeterministicSummarizer

        self.seconds = seconds
        self.inner = DeterministicSummarizer()
        self.calls = 0

    def summarize(self, request: Any) -> Any:
        self.calls += 1
        time.sleep(self.seconds)
        return self.inner.summarize(request)

    async def asummarize(self, request: Any) -> Any:
        self.calls += 1
        await asyncio.sleep(self.seconds)
        return self.inner.summarize(request)


@dataclass
class LeaseResult:
    backend: str
    rounds: int = 0
    not_committed: int = 0
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0


def run_lease(
    backend: Backend,
    messages: list[Any],
    *,
    rounds: int,
    lease_seconds: float = 1.0,
    summarizer_seconds: float = 2.5,
) -> LeaseResult:
    """``rounds`` forced compactions (in place and rotating, alternately) whose summarizer
    outlasts the lease; counts those that did not commit."""
    from packlight.stored_session import StoredSession

    started = time.perf_counter()
    result = LeaseResult(backend.name, rounds=rounds)
    store = backend.open()
    for number in range(rounds):
        in_place = number % 2 == 0
        summarizer = SlowSummarizer(summarizer_seconds)
        how = "in place" if in_place else "rotating"
        try:
            session = StoredSession.create(
                store,
                model=MODEL,
                messages=messages,
                context_window=WINDOW,
                summarizer=summarizer,
                lease_seconds=lease_seconds,
                in_place=in_place,
            )
            first = session.session_id
            outcome = session.compact(force=True)
            events = len(store.compaction_events(first))
        except Exception as exc:
            result.not_committed += 1
            result.examples.append(f"{how}: {type(exc).__name__}: {exc}"[:300])
            continue
        if not (outcome.compacted and events == 1):
            result.not_committed += 1
            result.examples.append(
                f"{how}: compacted={outcome.compacted}, {events} events, reason: {outcome.reason}"
            )
    result.seconds = time.perf_counter() - started
    return result
