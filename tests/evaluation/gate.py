"""The evaluation's CI gate: packlight's retention on the bundled fixtures, measured the same
way every time, against the last accepted values in ``accepted.json``.

After a change that is meant to move the numbers, look at the new values and accept them:

    .venv/bin/python -m tests.evaluation.gate --accept
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from packlight.cli.demo import example_path
from packlight.evaluation.peers import PeerSettings
from packlight.evaluation.peers.packlight_peer import PacklightPeer
from packlight.evaluation.run import EvalConfig, load_trajectories, run_evaluation
from packlight.evaluation.summary import summarize

HERE = Path(__file__).resolve().parent
ACCEPTED = HERE / "accepted.json"
FIXTURES = HERE.parent / "fixtures"
GROUPS: dict[str, tuple[Path, int]] = {
    # A small window makes the short tau-bench sessions compact several times.
    "tau-bench": (FIXTURES / "tau-bench-airline-sample.jsonl", 6_000),
    "mini-swe-agent": (example_path(), 32_000),
}
ROUNDS = 5
KEY = b"packlight-eval-gate".ljust(32, b"\0")


def measure() -> dict[str, Any]:
    """Retention per probe kind, canary survival (and look-alike pairs kept), stale values
    and invalid transcripts."""
    measured: dict[str, Any] = {}
    for group, (path, window) in GROUPS.items():
        trajectories, skipped = load_trajectories([path])
        assert not skipped, skipped
        config = EvalConfig(context_window=window, rounds=ROUNDS, seed=0)
        peer = PacklightPeer(PeerSettings(model=config.model, context_window=window), key=KEY)
        summary = summarize(run_evaluation(trajectories, config, peers={"packlight": peer}))
        packlight = summary["peers"][0]
        retention = packlight["replay"]["retention"]
        measured[group] = {
            "retention": {k: v["retention"] for k, v in retention.items() if v["probes"]},
            "in_context": {k: v["in_context_rate"] for k, v in retention.items() if v["probes"]},
            "canary_survival": {
                "round_1": packlight["canary_survival_round_1"],
                f"round_{ROUNDS}": packlight["canary_survival_last_round"],
                # Look-alike pairs with both values still in context.
                "pairs_round_1": packlight["pairs_kept_both_round_1"],
                f"pairs_round_{ROUNDS}": packlight["pairs_kept_both_last_round"],
            },
            "stale_values": packlight["canaries"]["stale_total"],
            "invalid_transcripts": packlight["replay"]["invalid_transcripts"]
            + packlight["canaries"]["invalid_transcripts"],
        }
    return measured


def regressions(accepted: dict[str, Any], measured: dict[str, Any]) -> list[str]:
    """Every value that got worse than accepted (shares lower, counts higher)."""
    worse: list[str] = []
    for group, values in accepted.items():
        now = measured.get(group)
        if now is None:
            worse.append(f"{group}: not measured")
            continue
        for section in ("retention", "in_context", "canary_survival"):
            for key, floor in values[section].items():
                value = now[section].get(key)
                if value is None or value < floor - 1e-9:
                    worse.append(f"{group} {section} {key}: {value} < accepted {floor}")
        for key in ("stale_values", "invalid_transcripts"):
            if now[key] > values[key]:
                worse.append(f"{group} {key}: {now[key]} > accepted {values[key]}")
    return worse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accept", action="store_true", help=f"write {ACCEPTED.name}")
    args = parser.parse_args()
    measured = measure()
    text = json.dumps(measured, indent=1, sort_keys=True) + "\n"
    print(text)
    if args.accept:
        ACCEPTED.write_text(text, encoding="utf-8")
        print(f"accepted: wrote {ACCEPTED}")


if __name__ == "__main__":
    main()
