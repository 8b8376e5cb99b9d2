"""``report.json``, ``report.md`` and ``report.html`` from a summary dict.

The renderers are pure (dict in, text out); :func:`write_report` is the only I/O. The HTML
page carries its charts as inline SVG (:mod:`packlight.evaluation.svg`): tokens per model
call for one trajectory and averaged over all of them, and canary survival per type. Every
system has one name and one look on the page: the sending-everything baseline every run
measures is the ``none`` system (a row of its own when it ran as a peer), and each system's
colour, dash and marker come from :func:`~packlight.evaluation.svg.series_styles`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from statistics import fmean
from typing import Any

from packlight.evaluation.canaries import CANARY_TYPES
from packlight.evaluation.peers.builtin import NoCompaction
from packlight.evaluation.probes import PROBE_KINDS
from packlight.evaluation.svg import SeriesStyle, line_chart, series_styles

BASELINE_NAME = NoCompaction.name
"""The name the baseline goes by in charts: the peer that sends everything, whose numbers
the baseline are (one system, one name, whether or not it ran as a peer)."""


def _pct(value: Any) -> str:
    return "n/a" if value is None else f"{100 * float(value):.1f}%"


def _inline(text: str, limit: int = 120) -> str:
    """``text`` fit for one Markdown code span: one line, no backticks."""
    return " ".join(text[:limit].replace("`", "'").split())


def _ok(summary: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in summary["peers"] if p["status"] == "ok"]


def _retention_cell(entry: Mapping[str, Any]) -> str:
    if not entry["probes"]:
        return "n/a"
    kept = _pct(entry["retention"])
    if entry["retrievable"]:
        return f"{kept} ({_pct(entry['in_context_rate'])} in context)"
    return kept


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def overview_rows(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The headline table: cost, validity and canaries per system."""
    header = [
        "system",
        "cumulative tokens vs none",
        "peak vs none",
        "compactions /100 turns",
        "ineffective",
        "fallback",
        "invalid transcripts",
        "canaries round 1",
        f"canaries round {summary['config']['rounds']}",
        "stale values",
        "pairs kept both round 1",
        f"pairs kept both round {summary['config']['rounds']}",
        "over window after canary rounds",
        "seconds",
    ]
    rows: list[list[str]] = []
    for peer in summary["peers"]:
        if peer["status"] != "ok":
            rows.append(
                [peer["name"], f"{peer['status']}: {peer['reason']}", *[""] * (len(header) - 2)]
            )
            continue
        replay, canaries = peer["replay"], peer["canaries"]
        rows.append(
            [
                peer["name"],
                _pct(replay["cumulative_ratio"]),
                _pct(replay["peak_ratio"]),
                "n/a"
                if replay["compactions_per_100_turns"] is None
                else f"{replay['compactions_per_100_turns']:.1f}",
                _pct(replay["ineffective_rate"]),
                _pct(replay["fallback_rate"]),
                str(replay["invalid_transcripts"] + canaries["invalid_transcripts"]),
                _pct(peer["canary_survival_round_1"]),
                _pct(peer["canary_survival_last_round"]),
                str(canaries["stale_total"]),
                _pct(peer.get("pairs_kept_both_round_1")),
                _pct(peer.get("pairs_kept_both_last_round")),
                f"{canaries['over_window_last_round']}/{canaries['trajectories']}",
                f"{peer['seconds']:.1f}",
            ]
        )
    return header, rows


def retention_rows(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    header = ["system", *PROBE_KINDS]
    rows = [
        [peer["name"], *(_retention_cell(peer["replay"]["retention"][k]) for k in PROBE_KINDS)]
        for peer in _ok(summary)
    ]
    return header, rows


def _first_below_half(series: Sequence[float | None]) -> str:
    return str(next((n for n, v in enumerate(series, 1) if v is not None and v < 0.5), "never"))


def canary_rows(peer: Mapping[str, Any], rounds: int) -> tuple[list[str], list[list[str]]]:
    """Survival per canary type and round, then look-alike pairs kept with both values and
    the canaries a decoy was planted after (reports from before those existed lack them)."""
    header = ["type", *(f"round {n}" for n in range(1, rounds + 1)), "first below 50%"]
    curves = peer["canaries"]
    rows = [
        [
            kind,
            *(_pct(v) for v in curves["survival"][kind]),
            str(curves["first_round_below_half"][kind] or "never"),
        ]
        for kind in CANARY_TYPES
        if kind in curves["survival"]
    ]
    for label, key in (
        ("look-alike pairs, both kept", "pairs_kept_both"),
        ("canaries behind a decoy", "decoyed_survival"),
    ):
        if key in curves:
            rows.append([label, *(_pct(v) for v in curves[key]), _first_below_half(curves[key])])
    return header, rows


def switch_rows(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The task-switch probe per system: shares of (trajectory, round) where the planted
    messages are whole, the task in force is named, the stopped task is not presented as
    active, and all three; switches and resumes apart (reports from before the probe lack
    it)."""
    header = ["system", "trajectories", "rounds", "whole", "in force", "stopped not active"]
    header.append("all three")
    rows: list[list[str]] = []
    for peer in _ok(summary):
        probe = peer.get("switches")
        if probe is None:
            continue
        for label in ("switch", "resume"):
            scores = probe[label]
            rows.append(
                [
                    f"{peer['name']} ({label})",
                    str(scores["trajectories"]),
                    str(scores["rounds"]),
                    _pct(scores["whole"]),
                    _pct(scores["in_force"]),
                    _pct(scores["stopped_not_active"]),
                    _pct(scores["all_three"]),
                ]
            )
    return header, rows


def harness_rows(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Checkpoints whose Goal or Active Task quotes a harness message, per system."""
    header = ["system", "checkpoints", "without task sections", "quoting a harness message"]
    rows = [
        [
            peer["name"],
            str(peer["harness"]["checkpoints"]),
            str(peer["harness"]["without_sections"]),
            f"{peer['harness']['quoting']} ({_pct(peer['harness']['share'])})",
        ]
        for peer in _ok(summary)
        if "harness" in peer
    ]
    return header, rows


SWITCH_NOTE = (
    "A generated user message stops or parks the session's task and gives a new one, at a "
    "seeded point between 25% and 75% of a copy of each trajectory (in about a third, a "
    "later message returns to the original task); the copy is compacted round after round. "
    "Whole: every sentence of the planted messages is still in context. In force: the task "
    "sections (Goal, Active Task; a summary's goal/task/next headings) name the new task, or "
    "the original one after a resume. Stopped not active: they do not present the stopped "
    "task as the task. n/a: no task sections to read. Rows marked (resume) are the "
    "trajectories where the user went back to the original task."
)


def _harness_note(summary: Mapping[str, Any]) -> str:
    truth = summary.get("harness_messages") or {"texts": 0, "messages": 0}
    return (
        f"Harness messages: user messages (not a session's first) of at least 40 characters "
        f"whose text, digits and whitespace normalised, is in at least 3 trajectories of this "
        f"run ({truth['texts']} distinct texts, {truth['messages']} messages). A checkpoint "
        f"quotes one when its Goal or Active Task holds the start of one."
    )


def render_markdown(summary: Mapping[str, Any]) -> str:
    config = summary["config"]
    lines = [
        "# packlight eval",
        "",
        f"- trajectories: {len(summary['trajectories'])}, model calls: "
        f"{sum(t['model_calls'] for t in summary['trajectories']):,}",
        f"- model: {config['model']}, context window: {config['context_window']:,}, "
        f"threshold: {config['threshold']:.0%}, canary rounds: {config['rounds']}, "
        f"seed: {config['seed']}",
        f"- wall time: {summary['seconds']:.1f} s",
        "",
        "## Cost, validity, canaries",
        "",
        *_table(*overview_rows(summary)),
        "",
        "Ratios are against sending the whole history every call. Canary survival is the "
        "share of planted values still in the context after that many forced compactions; "
        "a pair is kept when both its look-alike values are (two values of one kind in "
        "two scopes); the next column says for how many trajectories that context no longer "
        "fits the window (keeping everything is easy when nothing has to fit).",
        "",
        "## Probe retention (in context or retrievable)",
        "",
        *_table(*retention_rows(summary)),
    ]
    if any("switches" in peer for peer in _ok(summary)):
        lines += [
            "",
            "## Task switches",
            "",
            *_table(*switch_rows(summary)),
            "",
            SWITCH_NOTE,
            "",
            "## Harness messages named as the task",
            "",
            *_table(*harness_rows(summary)),
            "",
            _harness_note(summary),
        ]
    for peer in _ok(summary):
        lines += [
            "",
            f"## Canaries: {peer['name']}",
            "",
            *_table(*canary_rows(peer, config["rounds"])),
        ]
        stale = peer["canaries"]["stale_per_round"]
        by_type = peer["canaries"].get("stale_by_type") or {}
        kinds = ", ".join(f"{kind} {count}" for kind, count in by_type.items())
        lines.append("")
        lines.append(
            f"Stale (superseded) values still carried, per round: {stale}"
            + (f" (over all rounds by type: {kinds})" if kinds else "")
        )
        lost = peer["replay"]["lost_examples"]
        if lost:
            lines += ["", f"Lost probes ({peer['name']}, first {min(len(lost), 15)}):", ""]
            lines += [
                f"- {item['trajectory']} call {item['call']}: {item['kind']} "
                f"`{_inline(item['text'])}`"
                for item in lost[:15]
            ]
    if summary["skipped"]:
        lines += ["", "## Skipped", "", *(f"- {s}" for s in summary["skipped"])]
    return "\n".join(lines) + "\n"


def chosen_trajectory(summary: Mapping[str, Any]) -> str | None:
    """The trajectory the per-call chart shows: the one with the most tokens to save."""
    trajectories = summary["trajectories"]
    if not trajectories:
        return None
    return str(max(trajectories, key=lambda t: t["baseline_cumulative"])["name"])


def _mean_by_call(series: Sequence[Sequence[int]]) -> list[float | None]:
    length = max((len(s) for s in series), default=0)
    return [
        fmean(values) if (values := [s[i] for s in series if i < len(s)]) else None
        for i in range(length)
    ]


def chart_styles(summary: Mapping[str, Any]) -> dict[str, SeriesStyle]:
    """The look of every system the report names, shared by all its charts."""
    return series_styles(["packlight", BASELINE_NAME, *(p["name"] for p in summary["peers"])])


def token_charts(summary: Mapping[str, Any]) -> list[str]:
    window = float(summary["config"]["context_window"])
    name = chosen_trajectory(summary)
    if name is None:
        return []
    baseline = {t["name"]: t["baseline_tokens"] for t in summary["trajectories"]}
    tokens = {BASELINE_NAME: baseline}
    tokens |= {
        peer["name"]: {row["trajectory"]: row["tokens"] for row in peer["per_trajectory"]}
        for peer in _ok(summary)
        if peer["name"] != BASELINE_NAME  # its tokens are the baseline's
    }
    # In the tables' order, the baseline where its own row is or would be (after packlight).
    order = [peer["name"] for peer in _ok(summary)]
    if BASELINE_NAME not in order:
        order.insert(1, BASELINE_NAME)
    one: dict[str, Sequence[float | None]] = {
        system: tokens[system][name] for system in order if name in tokens[system]
    }
    mean: dict[str, Sequence[float | None]] = {
        system: _mean_by_call(list(tokens[system].values())) for system in order
    }
    marker = (window, "context window")
    styles = chart_styles(summary)
    return [
        line_chart(
            f"Input tokens per model call: {name}",
            one,
            x_label="model call",
            y_label="input tokens",
            marker=marker,
            styles=styles,
        ),
        line_chart(
            "Input tokens per model call, mean over all trajectories",
            mean,
            x_label="model call",
            y_label="input tokens",
            marker=marker,
            styles=styles,
        ),
    ]


def canary_charts(summary: Mapping[str, Any]) -> list[str]:
    styles = chart_styles(summary)
    charts = []
    for kind in CANARY_TYPES:
        series = {
            peer["name"]: [
                None if v is None else 100 * v for v in peer["canaries"]["survival"][kind]
            ]
            for peer in _ok(summary)
            if kind in peer["canaries"]["survival"]
        }
        charts.append(
            line_chart(
                f"Canary survival: {kind}",
                series,
                x_label="compaction round",
                y_label="% in context",
                y_max=100.0,
                marker=(50.0, "50%"),
                x_start=1,
                styles=styles,
            )
        )
    return charts


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = (
    "body{font-family:sans-serif;margin:2em auto;padding:0 2em;max-width:1200px;color:#1f2328}"
    "table{border-collapse:collapse;margin:1em 0;font-size:13px}"
    "td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:right}"
    "td:first-child,th:first-child{text-align:left}"
    ".charts{display:grid;gap:16px;margin:1em 0}"
)


def render_html(summary: Mapping[str, Any]) -> str:
    config = summary["config"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>packlight eval</title>",
        f"<style>{_STYLE}</style></head><body><h1>packlight eval</h1>",
        f"<p>{len(summary['trajectories'])} trajectories; model {escape(config['model'])}, "
        f"context window {config['context_window']:,}, threshold {config['threshold']:.0%}, "
        f"{config['rounds']} canary rounds, seed {config['seed']}; "
        f"{summary['seconds']:.1f} s.</p>",
        "<h2>Cost, validity, canaries</h2>",
        _html_table(*overview_rows(summary)),
        "<h2>Tokens per model call</h2><div class='charts'>",
        *token_charts(summary),
        "</div><h2>Probe retention (in context or retrievable)</h2>",
        _html_table(*retention_rows(summary)),
        "<h2>Canary survival</h2><div class='charts'>",
        *canary_charts(summary),
        "</div>",
    ]
    if any("switches" in peer for peer in _ok(summary)):
        parts += [
            "<h2>Task switches</h2>",
            _html_table(*switch_rows(summary)),
            f"<p>{escape(SWITCH_NOTE)}</p>",
            "<h2>Harness messages named as the task</h2>",
            _html_table(*harness_rows(summary)),
            f"<p>{escape(_harness_note(summary))}</p>",
        ]
    for peer in _ok(summary):
        parts += [
            f"<h3>Canaries: {escape(peer['name'])}</h3>",
            _html_table(*canary_rows(peer, config["rounds"])),
        ]
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(summary: Mapping[str, Any], out_dir: Path) -> list[Path]:
    """Write the three files into ``out_dir`` (created if missing); returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {
        "report.json": json.dumps(summary, indent=1, ensure_ascii=False) + "\n",
        "report.md": render_markdown(summary),
        "report.html": render_html(summary),
    }
    written = []
    for name, text in files.items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
