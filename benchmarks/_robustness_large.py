"""Part 5: a ~200 MB session through ``packlight compress``, without and with the store.

The session repeats the messages of the largest mini-swe-agent trajectory (tool call ids
renamed per copy, so every call keeps exactly one result) until it reaches the size asked
for; it is cached in the temp directory. Both runs use the same options and are measured in
the same benchmark run: wall time and peak RSS of the ``packlight`` process.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _robustness_common import PACKLIGHT, Backend, cli_env

CACHE = Path(tempfile.gettempdir()) / "packlight-bench-robustness"


def _renamed(message: dict[str, Any], copy: int) -> dict[str, Any]:
    renamed = dict(message)
    if isinstance(renamed.get("tool_call_id"), str):
        renamed["tool_call_id"] = f"{renamed['tool_call_id']}-r{copy}"
    if isinstance(renamed.get("tool_calls"), list):
        renamed["tool_calls"] = [
            {**call, "id": f"{call['id']}-r{copy}"} if isinstance(call, dict) else call
            for call in renamed["tool_calls"]
        ]
    return renamed


def large_session(source: Path, megabytes: int) -> tuple[Path, int]:
    """The cached session file of at least ``megabytes`` MB built from ``source``, and its
    message count."""
    data = json.loads(source.read_text(encoding="utf-8"))
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:12]
    path = CACHE / f"large-{source.stem}-{digest}-{megabytes}MB.json"
    messages: list[dict[str, Any]] = data["messages"]
    head = [m for m in messages[:1] if m.get("role") == "system"]
    body = messages[len(head) :]
    if path.exists():
        meta = path.with_suffix(".count")
        if meta.exists():
            return path, int(meta.read_text())
    CACHE.mkdir(parents=True, exist_ok=True)
    target = megabytes * 1_000_000
    partial = path.with_suffix(".partial")
    count = 0
    with partial.open("w", encoding="utf-8") as stream:
        written = stream.write('{"tools": ' + json.dumps(data.get("tools", [])) + ', "messages": [')
        first = True
        for message in head:
            written += stream.write(json.dumps(message, ensure_ascii=False))
            count += 1
            first = False
        copy = 0
        while written < target:
            for message in body:
                text = json.dumps(_renamed(message, copy), ensure_ascii=False)
                written += stream.write(("" if first else ", ") + text)
                first = False
                count += 1
            copy += 1
        stream.write("]}\n")
    os.replace(partial, path)
    path.with_suffix(".count").write_text(str(count))
    return path, count


@dataclass
class Measured:
    label: str
    returncode: int | None
    seconds: float
    peak_rss_mb: float | None
    note: str = ""


@dataclass
class LargeResult:
    input_path: Path
    size_mb: float
    messages: int
    runs: list[Measured] = field(default_factory=list)


def measure(args: list[str], label: str, work: Path, env: dict[str, str]) -> Measured:
    """Wall time and peak RSS of one CLI run (GNU time when there is one)."""
    gnu_time = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    report = work / f"time-{label}.txt"
    argv = [*PACKLIGHT, *args]
    if gnu_time:
        argv = [gnu_time, "-o", str(report), "-f", "%e %M", *argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    peak: float | None = None
    if gnu_time and report.exists():
        fields = report.read_text().split()
        if len(fields) >= 2:
            seconds, peak = float(fields[-2]), int(fields[-1]) / 1024
    else:
        after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        peak = after / 1024 if after > before else None  # the largest child so far
    note = ""
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        note = " / ".join(lines[:1] + lines[-1:])[:300]
    return Measured(label, done.returncode, seconds, peak, note)


def run_large(source: Path, megabytes: int, work: Path, backend: Backend) -> LargeResult:
    path, count = large_session(source, megabytes)
    work.mkdir(parents=True, exist_ok=True)
    env = cli_env(work / "home", backend.env())
    result = LargeResult(path, path.stat().st_size / 1e6, count)
    common = ["compress", str(path), "--report", "json"]
    result.runs.append(
        measure([*common, "-o", str(work / "nostore.json"), "--no-store"], "no-store", work, env)
    )
    result.runs.append(
        measure(
            [*common, "-o", str(work / "store.json"), "--store", backend.url], "store", work, env
        )
    )
    for name in ("nostore.json", "store.json"):
        (work / name).unlink(missing_ok=True)
    return result
