"""The eval report's charts as headless Chromium lays them out, read back from the DOM."""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest

from packlight.evaluation.svg import line_chart
from tests.conftest import SHARED_DATA
from tests.evaluation.browser import build_report, chromium_missing, chromium_page

pytestmark = pytest.mark.slow

# Per chart: each series' computed stroke and dash pattern, whether some point of its line is
# the topmost element there (seen, not covered), the legend's names and the x labels' boxes.
READ_CHARTS = """
() => Array.from(document.querySelectorAll('svg.line-chart')).map((svg) => {
  svg.scrollIntoView({block: 'center'});
  const series = Array.from(svg.querySelectorAll('g.series')).map((group) => {
    const name = group.dataset.series;
    const line = group.querySelector('polyline');
    const style = line ? getComputedStyle(line) : null;
    let seen = false;
    for (const drawn of group.querySelectorAll('polyline')) {
      const matrix = drawn.getScreenCTM();
      const points = Array.from(drawn.points);
      for (let i = 1; i < points.length && !seen; i++) {
        for (const t of [0.25, 0.5, 0.75]) {
          const x = points[i - 1].x + t * (points[i].x - points[i - 1].x);
          const y = points[i - 1].y + t * (points[i].y - points[i - 1].y);
          const screen = new DOMPoint(x, y).matrixTransform(matrix);
          const hit = document.elementFromPoint(screen.x, screen.y);
          const owner = hit && hit.closest('g.series');
          if (owner && owner.dataset.series === name) { seen = true; break; }
        }
      }
    }
    return {name, stroke: style && style.stroke, dash: style && style.strokeDasharray, seen};
  });
  const legend = Array.from(svg.querySelectorAll('g.legend-entry')).map((g) => g.dataset.series);
  const ticks = Array.from(svg.querySelectorAll('text.x-tick')).map((text) => {
    const box = text.getBoundingClientRect();
    return {text: text.textContent, left: box.left, right: box.right, top: box.top,
            bottom: box.bottom};
  });
  return {title: svg.getAttribute('aria-label'), width: svg.getBoundingClientRect().width,
          series, legend, ticks};
})
"""

CONTENT_WIDTH = """
() => {
  const body = getComputedStyle(document.body);
  return document.body.getBoundingClientRect().width - parseFloat(body.paddingLeft)
    - parseFloat(body.paddingRight);
}
"""

TABLE_SYSTEMS = """
() => Array.from(document.querySelectorAll('table')[0].querySelectorAll('tbody tr'))
  .map((row) => row.cells[0].textContent)
"""


@pytest.fixture(scope="module")
def page() -> Any:
    reason = chromium_missing()
    if reason is not None:
        pytest.skip(reason)
    with chromium_page() as opened:
        yield opened


# The two longest mini-swe-agent runs of the shared data (129 and 116 model calls): long
# token axes, a 32,000-token window, several compactions each.
SHARED_SESSIONS = ("sympy__sympy-13091.json", "django__django-11138.json")


@pytest.fixture(
    scope="module",
    params=[
        "bundled",
        pytest.param("shared", marks=pytest.mark.shared_data),
    ],
)
def report_charts(
    request: pytest.FixtureRequest, page: Any, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("eval") / "report"
    if request.param == "bundled":
        html = build_report(out)
    else:
        folder = SHARED_DATA / "trajectories" / "mini-swe-agent"
        if not folder.is_dir():
            pytest.skip(f"real trajectories not found at {SHARED_DATA}")
        html = build_report(out, [folder / name for name in SHARED_SESSIONS], context_window=32_000)
    page.goto(html.as_uri())
    return {
        "charts": page.evaluate(READ_CHARTS),
        "content_width": page.evaluate(CONTENT_WIDTH),
        "systems": page.evaluate(TABLE_SYSTEMS),
        "summary": json.loads((html.parent / "report.json").read_text(encoding="utf-8")),
    }


def overlapping_labels(ticks: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [
        (a["text"], b["text"])
        for a, b in combinations(ticks, 2)
        if a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    ]


def test_each_system_has_one_colour_in_every_chart(report_charts: dict[str, Any]) -> None:
    charts = report_charts["charts"]
    assert len(charts) == 2 + 8  # two token charts, one per canary type
    colours: dict[str, set[str]] = {}
    for chart in charts:
        for series in chart["series"]:
            colours.setdefault(series["name"], set()).add(series["stroke"])
    assert set(colours) == {"packlight", "none", "truncation", "masking"}
    assert all(len(seen) == 1 for seen in colours.values()), colours
    assert len({next(iter(seen)) for seen in colours.values()}) == len(colours)


def test_legends_name_each_system_once_as_the_tables_do(report_charts: dict[str, Any]) -> None:
    systems = report_charts["systems"]
    assert systems == ["packlight", "none", "truncation", "masking"]
    for chart in report_charts["charts"]:
        assert len(chart["legend"]) == len(set(chart["legend"])), chart["title"]
        assert chart["legend"] == [series["name"] for series in chart["series"]]
        assert set(chart["legend"]) <= set(systems), chart["title"]


def test_every_series_can_be_seen(report_charts: dict[str, Any]) -> None:
    hidden = [
        (chart["title"], series["name"])
        for chart in report_charts["charts"]
        for series in chart["series"]
        if not series["seen"]
    ]
    assert hidden == []
    # The case that hid lines: several systems keep every canary of a type in a round, so
    # their lines share the 100% value.
    peers = [p for p in report_charts["summary"]["peers"] if p["status"] == "ok"]
    assert any(
        sum(p["canaries"]["survival"][kind][round_] == 1.0 for p in peers) >= 3
        for kind in peers[0]["canaries"]["survival"]
        for round_ in range(5)
    )
    for chart in report_charts["charts"]:
        dashes = [series["dash"] for series in chart["series"]]
        assert len(set(dashes)) == len(dashes), chart["title"]


def test_x_labels_never_overlap(report_charts: dict[str, Any]) -> None:
    for chart in report_charts["charts"]:
        assert len(chart["ticks"]) >= 2, chart["title"]
        assert overlapping_labels(chart["ticks"]) == [], chart["title"]


def test_charts_use_the_page_width(report_charts: dict[str, Any]) -> None:
    content = report_charts["content_width"]
    assert content > 1000  # the page itself uses most of a 1280-pixel window
    for chart in report_charts["charts"]:
        assert chart["width"] >= 0.6 * content, chart["title"]


@pytest.mark.parametrize("container_width", [1200, 640, 360])
def test_long_axes_keep_their_labels_apart(page: Any, container_width: int) -> None:
    charts = [
        line_chart(
            f"{calls} calls",
            {
                "packlight": [float(n % 50) for n in range(calls)],
                "none": [float(n) for n in range(calls)],
            },
            x_label="model call",
            y_label="tokens",
        )
        for calls in (9, 142, 999, 54_321)
    ]
    page.set_content(
        f"<!doctype html><body style='margin:0'><div style='width:{container_width}px'>"
        + "".join(charts)
        + "</div></body>"
    )
    for chart in page.evaluate(READ_CHARTS):
        assert len(chart["ticks"]) >= 2, chart["title"]
        assert overlapping_labels(chart["ticks"]) == [], chart["title"]
        assert chart["width"] == pytest.approx(container_width, abs=1)
