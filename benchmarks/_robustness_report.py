"""The robustness benchmark's results as markdown: one table per part, every count next to
its target (0), then one example of each kind of nonzero count."""

from __future__ import annotations

import os
import platform
import shlex
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _robustness_common import ROOT
from _robustness_files import CHECK_TITLES, CHECKS, Failure, FilesResult, row_key
from _robustness_kills import KillResult
from _robustness_large import LargeResult
from _robustness_store import AppendResult, LeaseResult

MAX_EXAMPLES = 40
"""Runs shown under the examples of part 1."""


@dataclass
class Outcome:
    """Everything one benchmark run measured (None: the part did not run)."""

    files: FilesResult | None = None
    kills: dict[str, KillResult] = field(default_factory=dict)
    appends: dict[str, AppendResult] = field(default_factory=dict)
    leases: dict[str, LeaseResult] = field(default_factory=dict)
    large: LargeResult | None = None
    backends: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    """A part that crashed: its name and the error."""
    part_seconds: dict[str, float] = field(default_factory=dict)
    snapshot: str | None = None
    """The digest of the copy of src/ the run used, when it used one."""


def _command(argv: Sequence[str]) -> str:
    script = Path(argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return shlex.join(["python3", str(shown), *argv[1:]])


def _output(*args: str) -> str:
    try:
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    except OSError:
        return ""
    return done.stdout.strip()


def header(argv: Sequence[str], seconds: float, outcome: Outcome) -> str:
    import packlight

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or platform.machine(),
    )
    commit = _output("git", "rev-parse", "--short", "HEAD") or "unknown"
    if _output("git", "status", "--porcelain"):
        commit += " + uncommitted changes"
    source = Path(packlight.__file__).resolve().parent
    where = "" if source == ROOT / "src" / "packlight" else f" (imported from {source})"
    if outcome.snapshot:
        where = f" (src/ as it was at the start of the run, sha256 {outcome.snapshot})"
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    lines = [
        "# Robustness: hostile files, SIGKILLs, concurrent appenders, slow leases, a large input",
        "",
        f"- date: {_output('date', '-u') or datetime.now(UTC).isoformat()}",
        f"- machine: `{_output('uname', '-a') or platform.platform()}`",
        f"- CPU: {cpu}, {os.cpu_count()} cores"
        + (f" (load average {load[0]:.1f} at the end of the run: shared)" if load else ""),
        f"- packlight: commit {commit}{where}",
        f"- python: {sys.version.split()[0]}",
        f"- command: `{_command(argv)}`",
        f"- wall time: {seconds / 60:.1f} min ("
        + ", ".join(f"{name} {value:.0f} s" for name, value in outcome.part_seconds.items())
        + ")",
    ]
    lines += [f"- {note}" for note in outcome.notes]
    return "\n".join(lines) + "\n"


def _files_section(result: FilesResult) -> list[str]:
    total_runs = sum(result.runs.values())
    classes = ", ".join(f"{kind} {n}" for kind, n in sorted(result.class_files.items()))
    lines = [
        "## 1. Hostile files through the CLI",
        "",
        f"{result.files} generated files ({classes}), {total_runs} runs in "
        f"{result.seconds:.0f} s. Every run has its own input, output and working folders "
        "and its own copy of a one-session SQLite store. Expected exits: valid files 0; "
        "valid JSON with something odd (NaN, BOM, duplicate keys, huge numbers, lone "
        "surrogates, a JSONL session file broken after the session read) 0 or 2; everything "
        "else 2; a bad destination 2 (a directory or a missing parent may also be written "
        "to; `-o -` is standard output for `compress` and `sessions export` alike); a file "
        "that is not a SQLite database given as `--store` 2 (an empty or missing one may be "
        "used, 0); a directory holding a session file is input for `eval` (0). Never 1, "
        "never a traceback. A failed run leaves no new file anywhere in its folders (a store "
        "created at a missing `--store` path counts), and the store it was given (`sessions "
        "list --json` and every session's message, event and artifact counts) unchanged. "
        "Target: 0 in every count column.",
        "",
        "| command | runs | " + " | ".join(CHECK_TITLES[c] for c in CHECKS) + " |",
        "|---|---:|" + "---:|" * len(CHECKS),
    ]
    totals = dict.fromkeys(CHECKS, 0)
    for command in sorted(result.runs, key=row_key):
        counts: Counter[str] = result.counts.get(command, Counter())
        for check in CHECKS:
            totals[check] += counts.get(check, 0)
        cells = " | ".join(str(counts.get(c, 0)) for c in CHECKS)
        lines.append(f"| `{command}` | {result.runs[command]} | {cells} |")
    lines.append(
        f"| **total** | {total_runs} | " + " | ".join(f"**{totals[c]}**" for c in CHECKS) + " |"
    )
    lines += ["", "By input class (all commands):", ""]
    lines.append(
        "| class | files | expected exit | " + " | ".join(CHECK_TITLES[c] for c in CHECKS) + " |"
    )
    lines.append("|---|---:|---|" + "---:|" * len(CHECKS))
    for kind in sorted(result.class_files):
        counts = result.by_class.get(kind, Counter())
        codes = " or ".join(sorted(result.class_expected.get(kind, {"?"})))
        cells = " | ".join(str(counts.get(c, 0)) for c in CHECKS)
        lines.append(f"| {kind} | {result.class_files[kind]} | {codes} | {cells} |")
    return lines


def _cell(value: Any) -> str:
    return "n/a" if value is None else str(value)


def _store_section(outcome: Outcome) -> list[str]:
    names = outcome.backends
    rows: list[tuple[str, list[Any], str]] = []

    def row(label: str, values: list[Any], target: str = "0") -> None:
        rows.append((label, values, target))

    kills = [outcome.kills.get(n) for n in names]
    if any(kills):
        row("SIGKILL: half-written sessions", [k and k.half_written for k in kills])
        row("SIGKILL: non-identical `--original` exports", [k and k.non_identical for k in kills])
        row("SIGKILL: exports that failed", [k and k.export_failed for k in kills])
        row("SIGKILL: `sessions list` failed", [k and k.list_failed for k in kills])
        row("SIGKILL: runs that failed before the kill", [k and k.failed_alone for k in kills])
        row("SIGKILL: `PRAGMA integrity_check` problems", [k and k.integrity_errors for k in kills])
    appends = [outcome.appends.get(n) for n in names]
    if any(appends):
        row("appenders: lost appends", [a and a.lost for a in appends])
        row("appenders: duplicated appends", [a and a.duplicated for a in appends])
        row("appenders: appends out of their writer's order", [a and a.reordered for a in appends])
        row("appenders: stranded in a rotated session ¹", [a and a.stranded for a in appends])
        row("appenders: raised, yet stored", [a and a.raised_but_stored for a in appends])
    leases = [outcome.leases.get(n) for n in names]
    if any(leases):
        row("lease: compactions that did not commit", [x and x.not_committed for x in leases])
    if any(kills):
        row(
            "SIGKILL: runs / killed / finished first",
            [k and f"{k.runs} / {k.killed} / {k.finished}" for k in kills],
            "-",
        )
        row(
            "SIGKILL: sessions in the store (of them from whole timing runs)",
            [k and f"{k.sessions} ({k.timing_runs})" for k in kills],
            "-",
        )
        row(
            "SIGKILL: a whole run (s), per input",
            [k and ", ".join(f"{v:.1f}" for v in k.durations.values()) for k in kills],
            "-",
        )
        row(
            "SIGKILL: start-up before the kill window (s)",
            [k and f"{k.startup:.2f}" for k in kills],
            "-",
        )
    if any(appends):
        row(
            "appenders: writers x appends",
            [a and f"{a.appenders} x {a.attempted // max(a.appenders, 1)}" for a in appends],
            "-",
        )
        row(
            "appenders: raised an error naming the current session (allowed)",
            [a and a.raised for a in appends],
            "-",
        )
        row("appenders: rotations committed meanwhile", [a and a.compactions for a in appends], "-")
    if any(leases):
        row(
            "lease: compactions tried (lease 1 s, summarizer 2.5 s)",
            [x and x.rounds for x in leases],
            "-",
        )
    if not rows:
        return []
    lines = [
        "## 2-4. Stores: SIGKILL, concurrent appenders under rotation, a lease outlived",
        "",
        "| count | " + " | ".join(names) + " | target |",
        "|---|" + "---:|" * len(names) + "---:|",
    ]
    for label, values, target in rows:
        lines.append(f"| {label} | " + " | ".join(_cell(v) for v in values) + f" | {target} |")
    if not any(appends):
        return lines
    lines += [
        "",
        "¹ Not in the lost count (the original transcript still holds them): appends that "
        "went to a session after it was rotated, and that no later session of the lineage "
        "has, so the conversation that continues never sees them.",
    ]
    return lines


def _large_section(result: LargeResult) -> list[str]:
    lines = [
        "## 5. A large input",
        "",
        f"`{result.input_path.name}`: {result.size_mb:.0f} MB, {result.messages:,} messages "
        "(the largest mini-swe-agent trajectory repeated, tool call ids renamed per copy); "
        "`packlight compress FILE --report json -o OUT`, both runs in this benchmark run.",
        "",
        "| run | exit | wall s | peak RSS MB |",
        "|---|---:|---:|---:|",
    ]
    for run in result.runs:
        rss = f"{run.peak_rss_mb:,.0f}" if run.peak_rss_mb is not None else "?"
        lines.append(f"| `{run.label}` | {run.returncode} | {run.seconds:.1f} | {rss} |")
    if len(result.runs) == 2:
        plain, stored = result.runs
        time_ratio = stored.seconds / plain.seconds if plain.seconds else float("nan")
        rss_ratio = (
            f"{stored.peak_rss_mb / plain.peak_rss_mb:.2f}x"
            if stored.peak_rss_mb and plain.peak_rss_mb
            else "?"
        )
        lines.append(f"| store / no-store | | {time_ratio:.2f}x | {rss_ratio} |")
    lines += [f"\n{run.label} failed: {run.note}" for run in result.runs if run.note]
    return lines


def _file_examples(failures: list[Failure]) -> list[str]:
    """One run for each (command, check, input class) that counted, each run shown once with
    every check it failed."""
    chosen: dict[str, list[Failure]] = {}
    seen: set[tuple[str, str, str]] = set()
    for failure in failures:
        key = (failure.spec.command, failure.check, failure.spec.about.kind)
        if key in seen:
            continue
        seen.add(key)
        chosen.setdefault(failure.argv, [])
    for failure in failures:
        if failure.argv in chosen:
            chosen[failure.argv].append(failure)
    lines = []
    ordered = sorted(chosen.values(), key=lambda group: row_key(group[0].spec.command))
    for group in ordered[:MAX_EXAMPLES]:
        first = group[0]
        checks = "; ".join(
            CHECK_TITLES[f.check] + (f" ({f.detail})" if f.detail else "") for f in group
        )
        about = first.spec.about
        lines.append(f"- `{first.spec.command}`, class `{about.kind}` ({about.note}): {checks}")
        lines.append(f"  `{first.argv}` exited {first.completed.returncode}:")
        lines.append("  ```")
        lines += [f"  {line}" for line in first.excerpt.splitlines()]
        lines.append("  ```")
    if len(ordered) > MAX_EXAMPLES:
        lines.append(f"- ({len(ordered) - MAX_EXAMPLES} more runs like these are not shown)")
    return lines


def _examples(outcome: Outcome) -> list[str]:
    lines = ["## Examples of the nonzero counts", ""]
    if outcome.files:
        lines += _file_examples(outcome.files.failures)
    for title, group in (
        ("SIGKILL", outcome.kills),
        ("appenders", outcome.appends),
        ("lease", outcome.leases),
    ):
        for name, result in group.items():
            for example in getattr(result, "examples", [])[:6]:
                lines.append(f"- {title}, {name}: {example}")
    return lines if len(lines) > 2 else []


def render(argv: Sequence[str], seconds: float, outcome: Outcome) -> str:
    parts = [header(argv, seconds, outcome)]
    for name, error in outcome.errors.items():
        parts.append(f"**{name} did not run to the end:** `{error}`\n")
    if outcome.files:
        parts.append("\n".join(_files_section(outcome.files)) + "\n")
    store = _store_section(outcome)
    if store:
        parts.append("\n".join(store) + "\n")
    if outcome.large:
        parts.append("\n".join(_large_section(outcome.large)) + "\n")
    examples = _examples(outcome)
    if examples:
        parts.append("\n".join(examples) + "\n")
    return "\n".join(parts)
