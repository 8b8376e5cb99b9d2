"""Part 2: ``packlight compress FILE --store URL`` killed with SIGKILL at random moments.

Each input is first run to completion to measure how long a run takes, and ``packlight
--version`` to measure the interpreter's start-up; then every run is killed at a moment drawn
uniformly between the end of start-up and the end of a whole run (some finish first): a kill
during imports tests nothing about the store. Afterwards every
session the store lists is exported with ``--original`` and compared with its input: a
session with fewer messages than its input (or none) is half-written, and an export that is
not the input, compared as ``json.dumps(json.loads(text))``, is non-identical.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _robustness_common import PACKLIGHT, Backend, Completed, cli_env, run_cli

TIMING_RUNS = 2
"""Whole runs per input before the kills; their mean is the window the kills are drawn from."""


@dataclass(frozen=True)
class KillInput:
    path: Path
    index: int | None
    """The ``--session-index`` of a JSONL file with one session per line."""
    text: str
    """The input session's JSON text: the whole file, or its line."""
    line: int | None = None
    """The 1-based line of that session in a JSONL file."""

    @property
    def label(self) -> str:
        return self.path.name + (f"#{self.index}" if self.index is not None else "")

    @property
    def messages(self) -> int:
        return _message_count(json.loads(self.text))

    def args(self, backend: Backend, output: Path) -> list[str]:
        args = ["compress", str(self.path), "-o", str(output), "--store", backend.url]
        return args + (["--session-index", str(self.index)] if self.index is not None else [])


def _message_count(data: Any) -> int:
    messages = data.get("messages") if isinstance(data, dict) else data
    return len(messages) if isinstance(messages, list) else 0


def parse_inputs(specs: list[str]) -> list[KillInput]:
    """``PATH`` or ``PATH#INDEX`` (a session of a JSONL file)."""
    inputs = []
    for spec in specs:
        name, _, index = spec.partition("#")
        path = Path(name).resolve()
        if not index:
            inputs.append(KillInput(path, None, path.read_text(encoding="utf-8")))
            continue
        wanted = int(index)
        sessions = [
            (number, line)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if line.strip()
        ]
        number, line = sessions[wanted]
        inputs.append(KillInput(path, wanted, line, number))
    return inputs


@dataclass
class KillResult:
    backend: str
    runs: int = 0
    killed: int = 0
    finished: int = 0
    failed_alone: int = 0
    """Runs that ended with a nonzero exit before the kill came."""
    sessions: int = 0
    timing_runs: int = 0
    half_written: int = 0
    non_identical: int = 0
    export_failed: int = 0
    list_failed: int = 0
    integrity_errors: int | None = None
    durations: dict[str, float] = field(default_factory=dict)
    startup: float = 0.0
    """Seconds ``packlight --version`` takes: kills are drawn after it."""
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def example(self, text: str) -> None:
        """Keep two examples of each kind (the text before its first colon)."""
        kind = text.split(":", 1)[0]
        if sum(1 for e in self.examples if e.split(":", 1)[0] == kind) < 2:
            self.examples.append(text)


def _start(inp: KillInput, backend: Backend, env: dict[str, str], work: Path, n: int) -> Any:
    errors = tempfile.TemporaryFile(dir=work)  # noqa: SIM115 - closed by the caller
    output = work / f"out-{n:04d}.json"
    process = subprocess.Popen(
        [*PACKLIGHT, *inp.args(backend, output)],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    return process, errors, output


def _startup_seconds(env: dict[str, str], work: Path) -> float:
    """The shortest of three ``packlight --version`` runs: the interpreter and the CLI's
    imports, before any command touches a file or a store."""
    times = []
    for _ in range(3):
        begun = time.perf_counter()
        subprocess.run(
            [*PACKLIGHT, "--version"], cwd=work, env=env, capture_output=True, check=False
        )
        times.append(time.perf_counter() - begun)
    return min(times)


def run_kills(
    backend: Backend,
    inputs: list[KillInput],
    *,
    kills: int,
    seed: int,
    work: Path,
    jobs: int,
    progress: bool = True,
) -> KillResult:
    started = time.perf_counter()
    work.mkdir(parents=True, exist_ok=True)
    env = cli_env(work / "home", backend.env())
    rng = random.Random(seed)
    result = KillResult(backend.name)
    # How long a whole run takes, per input (these runs are in the store too).
    for n, inp in enumerate(inputs * TIMING_RUNS):
        result.timing_runs += 1
        begun = time.perf_counter()
        process, errors, output = _start(inp, backend, env, work, n)
        code = process.wait()
        seconds = (time.perf_counter() - begun) / TIMING_RUNS
        result.durations[inp.label] = result.durations.get(inp.label, 0.0) + seconds
        if code != 0:
            errors.seek(0)
            text = errors.read().decode("utf-8", "replace").strip().splitlines()
            result.example(f"a timing run of {inp.label} exited {code}: {text[-1:]}")
        errors.close()
        output.unlink(missing_ok=True)
    result.startup = _startup_seconds(env, work)
    for n in range(kills):
        inp = inputs[n % len(inputs)]
        whole = result.durations[inp.label]
        delay = rng.uniform(min(result.startup, whole), whole)
        process, errors, output = _start(inp, backend, env, work, 1000 + n)
        result.runs += 1
        try:
            code = process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
            result.killed += 1
        else:
            result.finished += 1
            if code != 0:
                result.failed_alone += 1
                errors.seek(0)
                text = errors.read().decode("utf-8", "replace").strip().splitlines()
                result.example(f"{inp.label} exited {code} on its own: {text[-1:]}")
        errors.close()
        output.unlink(missing_ok=True)
        if progress and (n + 1) % 20 == 0:
            print(f"  kills ({backend.name}): {n + 1}/{kills}", file=sys.stderr, flush=True)
    _check_store(backend, inputs, env, work, jobs, result)
    result.seconds = time.perf_counter() - started
    return result


def _check_store(
    backend: Backend,
    inputs: list[KillInput],
    env: dict[str, str],
    work: Path,
    jobs: int,
    result: KillResult,
) -> None:
    listed = run_cli(
        ["sessions", "list", "--json", "--limit", "1000000", "--store", backend.url],
        cwd=work,
        env=env,
    )
    try:
        sessions = json.loads(listed.stdout) if listed.returncode == 0 else None
    except ValueError:
        sessions = None
    if not isinstance(sessions, list):
        result.list_failed = 1
        result.example(f"sessions list exited {listed.returncode}: {listed.excerpt()}")
        sessions = []
    result.sessions = len(sessions)
    by_source: dict[str, KillInput] = {}
    for inp in inputs:
        by_source[str(inp.path) if inp.line is None else f"{inp.path}:{inp.line}"] = inp

    def export(row: dict[str, Any]) -> Completed:
        args = ["sessions", "export", str(row.get("id")), "--original", "--store", backend.url]
        return run_cli(args, cwd=work, env=env)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        exports = list(pool.map(export, sessions))
    for row, done in zip(sessions, exports, strict=True):
        session_id = row.get("id")
        try:
            data = json.loads(done.stdout) if done.returncode == 0 else None
        except ValueError:
            data = None
        if data is None:
            result.export_failed += 1
            result.example(f"sessions export {session_id} --original: {done.excerpt()}")
            continue
        known = by_source.get(str(row.get("source")))
        candidates = [known] if known is not None else inputs
        exported = json.dumps(data)
        same = any(exported == json.dumps(json.loads(c.text)) for c in candidates)
        count = _message_count(data)
        wanted = min(c.messages for c in candidates)
        if count == 0 or count < wanted:
            result.half_written += 1
            result.example(
                f"half-written: session {session_id} ({row.get('source')}) exports {count} "
                f"messages of {wanted}"
            )
        if not same:
            result.non_identical += 1
            if count >= wanted:
                where = first_difference(data, json.loads(candidates[0].text))
                result.example(
                    f"non-identical: session {session_id} ({row.get('source')}): {where}"
                    + ("" if known is not None else " (its source names no input)")
                )
    if backend.sqlite_path is not None:
        result.integrity_errors = 0
        try:
            with closing(sqlite3.connect(backend.sqlite_path)) as conn:
                rows = conn.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.Error as exc:
            rows = [(f"{type(exc).__name__}: {exc}",)]
        if rows != [("ok",)]:
            result.integrity_errors = len(rows)
            result.example(f"PRAGMA integrity_check: {rows[:3]}")


def first_difference(exported: Any, original: Any, path: str = "$") -> str:
    """Where two JSON values first differ (key order counts, as in json.dumps)."""
    if isinstance(exported, dict) and isinstance(original, dict):
        if list(exported) != list(original):
            missing = [k for k in original if k not in exported]
            added = [k for k in exported if k not in original]
            if missing or added:
                return f"{path}: keys missing {missing}, added {added}"
            return f"{path}: keys in another order ({list(exported)} vs {list(original)})"
        for key in original:
            if json.dumps(exported[key]) != json.dumps(original[key]):
                return first_difference(exported[key], original[key], f"{path}.{key}")
    if isinstance(exported, list) and isinstance(original, list):
        if len(exported) != len(original):
            return f"{path}: {len(exported)} items, the input has {len(original)}"
        for number, (left, right) in enumerate(zip(exported, original, strict=True)):
            if json.dumps(left) != json.dumps(right):
                return first_difference(left, right, f"{path}[{number}]")
    return f"{path}: {json.dumps(exported)[:80]} vs {json.dumps(original)[:80]}"
