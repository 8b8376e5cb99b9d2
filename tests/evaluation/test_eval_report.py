from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from packlight.evaluation.canaries import CANARY_TYPES
from packlight.evaluation.peers import PEERS
from packlight.evaluation.probes import PROBE_KINDS
from packlight.evaluation.report import render_markdown, write_report
from packlight.evaluation.run import EvalConfig, load_trajectories, run_evaluation
from packlight.evaluation.summary import summarize
from packlight.evaluation.svg import line_chart, nice_ticks

TAU = Path(__file__).resolve().parents[1] / "fixtures" / "tau-bench-airline-sample.jsonl"


@pytest.fixture(scope="module")
def summary() -> dict[str, Any]:
    trajectories, skipped = load_trajectories([TAU])
    assert not skipped
    assert len(trajectories) == 2
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(PEERS, "missing", "packlight.evaluation.peers.not_written_yet:Peer")
        run = run_evaluation(
            trajectories,
            EvalConfig(context_window=6_000, peers=("none", "truncation", "missing"), rounds=2),
        )
    return summarize(run)


def test_summary_is_json_and_names_every_peer(summary: dict[str, Any]) -> None:
    assert json.loads(json.dumps(summary)) == summary
    by_name = {p["name"]: p for p in summary["peers"]}
    assert list(by_name) == ["packlight", "none", "truncation", "missing"]
    assert by_name["missing"]["status"] == "unavailable"
    assert "not_written_yet" in by_name["missing"]["reason"]
    none = by_name["none"]["replay"]
    assert none["cumulative_ratio"] == 1.0
    assert none["compactions"] == 0
    assert none["cumulative_tokens"] == sum(
        t["baseline_cumulative"] for t in summary["trajectories"]
    )
    packlight = by_name["packlight"]
    assert packlight["replay"]["compactions"] > 0
    assert packlight["replay"]["cumulative_ratio"] < 1.0
    assert set(packlight["replay"]["retention"]) == set(PROBE_KINDS)
    assert len(packlight["canaries"]["survival"]["safety_rule"]) == 2
    # Sending everything keeps every canary, in a context that no longer fits the window.
    assert by_name["none"]["canary_survival_last_round"] == 1.0
    assert by_name["none"]["canaries"]["over_window_last_round"] == 2
    assert packlight["canaries"]["over_window_last_round"] == 0
    # Look-alike pairs and decoyed canaries are counted for every system, with the same
    # denominators; sending everything keeps them all and carries nothing stale.
    none_canaries = by_name["none"]["canaries"]
    assert none_canaries["pairs"] == packlight["canaries"]["pairs"] == 2 * 3
    assert none_canaries["decoyed"] == packlight["canaries"]["decoyed"] == 2 * 3 * 2
    assert by_name["none"]["pairs_kept_both_last_round"] == 1.0
    assert none_canaries["decoyed_survival"] == [1.0, 1.0]
    assert none_canaries["stale_total"] == 0
    assert set(none_canaries["stale_by_type"]) >= {"update", "paraphrased_update"}
    assert len(packlight["canaries"]["pairs_kept_both"]) == 2
    assert packlight["pairs_kept_both_round_1"] is not None
    trajectory = packlight["per_trajectory"][0]["canaries"]
    assert len(trajectory["pairs_kept"]) == 2
    assert {c["type"] for c in trajectory["planted"]} == set(CANARY_TYPES)


def test_report_files(summary: dict[str, Any], tmp_path: Path) -> None:
    written = write_report(summary, tmp_path / "out")
    assert [p.name for p in written] == ["report.json", "report.md", "report.html"]
    assert json.loads(written[0].read_text(encoding="utf-8")) == summary
    markdown = written[1].read_text(encoding="utf-8")
    for name in ("packlight", "truncation", "missing"):
        assert f"| {name} |" in markdown
    assert "unavailable" in markdown
    assert "| pairs kept both round 1 | pairs kept both round 2 |" in markdown
    assert "| look-alike pairs, both kept |" in markdown
    assert "| canaries behind a decoy |" in markdown
    assert "paraphrased_update" in markdown
    html = written[2].read_text(encoding="utf-8")
    # Two token charts and one survival chart per canary type.
    assert html.count("<svg") == 2 + len(CANARY_TYPES)
    assert "<script" not in html


def test_markdown_of_a_run_where_nothing_ran() -> None:
    summary = {
        "config": {"model": "m", "context_window": 1000, "threshold": 0.75, "rounds": 1, "seed": 0},
        "seconds": 0.0,
        "trajectories": [],
        "skipped": ["a.json: bad"],
        "peers": [{"name": "hermes", "status": "unavailable", "reason": "not installed"}],
    }
    text = render_markdown(summary)
    assert "unavailable: not installed" in text
    assert "a.json: bad" in text


def test_svg_escapes_text_and_leaves_gaps() -> None:
    svg = line_chart("a <b> & c", {"x<y": [1.0, None, 3.0]}, x_label="call", y_label="tokens")
    assert "a &lt;b&gt; &amp; c" in svg
    assert "x&lt;y" in svg
    assert svg.count("<circle") == 2  # two isolated points, no line across the gap
    assert "<polyline" not in svg


def test_ticks_cover_the_top_value() -> None:
    assert nice_ticks(0) == [0.0, 1.0]
    for top in (7, 99, 1234, 48_000):
        ticks = nice_ticks(top)
        assert ticks[0] == 0
        assert ticks[-1] >= top
        assert len(ticks) <= 7
