"""Helpers shared by the benchmark scripts: data discovery, machine description, output."""

from __future__ import annotations

import json
import platform
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
RESULTS = ROOT / "benchmarks" / "results"


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_header(title: str) -> str:
    import os

    return (
        f"# {title}\n\n"
        f"- date: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}\n"
        f"- machine: {cpu_name()}, {os.cpu_count()} cores, "
        f"{platform.system()} {platform.release()}\n"
        f"- python: {sys.version.split()[0]}\n"
    )


def iter_sessions(data_dir: Path) -> Iterator[dict[str, Any]]:
    """Every session object under ``data_dir/trajectories`` (JSON files and JSONL lines)."""
    root = data_dir / "trajectories"
    if not root.is_dir():
        sys.exit(f"no trajectories under {root}; pass --data DIR")
    for path in sorted(root.rglob("*.json")):
        yield json.loads(path.read_text(encoding="utf-8"))
    for path in sorted(root.rglob("*.jsonl")):
        with path.open(encoding="utf-8") as stream:
            for line in stream:
                if line.strip():
                    yield json.loads(line)


def write_result(name: str, text: str) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / name
    path.write_text(text, encoding="utf-8")
    return path
