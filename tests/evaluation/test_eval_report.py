from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from packlight.evaluation.canaries import CANARY_TYPES
from packlight.evaluation.peers import PEERS
from packlight.evaluation.probes import PROBE_KINDS
from packlight.evaluation.report import render_html, render_markdown, write_report
from packlight.evaluation.run import EvalConfig, load_trajectories, run_evaluation
from packlight.evaluation.summary import summarize

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


SVG = "{http://www.w3.org/2000/svg}"


def charts(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S)]


def looks_by_chart(html: str) -> list[dict[str, tuple[str | None, str | None]]]:
    """Per chart, each series' (colour, dash pattern), from its legend entry."""
    found = []
    for chart in charts(html):
        entries = [g for g in chart.iter(f"{SVG}g") if g.get("class") == "legend-entry"]
        names = [g.attrib["data-series"] for g in entries]
        assert len(names) == len(set(names)), f"a system listed twice: {names}"
        samples = [g.find(f"{SVG}line") for g in entries]
        found.append(
            {
                name: (line.get("stroke"), line.get("stroke-dasharray"))
                for name, line in zip(names, samples, strict=True)
                if line is not None
            }
        )
    return found


def test_every_chart_names_each_system_once_in_one_look(summary: dict[str, Any]) -> None:
    html = render_html(summary)
    per_chart = looks_by_chart(html)
    assert len(per_chart) == 2 + len(CANARY_TYPES)
    table_names = {p["name"] for p in summary["peers"]}
    seen: dict[str, tuple[str | None, str | None]] = {}
    for looks in per_chart:
        assert set(looks) <= table_names, "a chart names a system the tables do not"
        for name, look in looks.items():
            assert seen.setdefault(name, look) == look, f"{name} changes its look"
    assert set(seen) == {"packlight", "none", "truncation"}
    assert len(set(seen.values())) == len(seen)
    assert "no compaction" not in html


def test_the_baseline_is_none_even_when_none_did_not_run(summary: dict[str, Any]) -> None:
    without = {**summary, "peers": [p for p in summary["peers"] if p["name"] != "none"]}
    token_chart, mean_chart, *canary = looks_by_chart(render_html(without))
    assert list(token_chart) == ["packlight", "none", "truncation"]
    assert list(mean_chart) == ["packlight", "none", "truncation"]
    assert all("none" not in looks for looks in canary)
    assert looks_by_chart(render_html(summary))[0] == token_chart


def test_the_report_image_in_the_docs_is_there() -> None:
    root = Path(__file__).resolve().parents[2] / "docs"
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", (root / "eval.md").read_text(encoding="utf-8"))
    assert images == ["images/eval-report.png"]
    assert (root / images[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
