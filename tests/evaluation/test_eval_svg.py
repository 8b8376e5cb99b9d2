"""The chart helpers shared by the eval report and the inspector: pure, data in, SVG out."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from packlight.evaluation.chart_layout import TICK_GAP_EM, label_width, spread_apart
from packlight.evaluation.chart_style import KNOWN_STYLES, SeriesStyle
from packlight.evaluation.peers import PEERS
from packlight.evaluation.svg import LINE_GAP, line_chart, nice_ticks, series_styles, x_ticks

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def series_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["data-series"]: g for g in root.iter(f"{SVG}g") if g.get("class") == "series"}


def legend_names(root: ET.Element) -> list[str]:
    entries = [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend-entry"]
    return [g.attrib["data-series"] for g in entries]


# -- x ticks ------------------------------------------------------------------------------


@given(
    first=st.integers(0, 3),
    length=st.integers(1, 300_000),
    width=st.floats(40, 3000),
    font_size=st.floats(8, 16),
)
def test_x_labels_never_overlap(first: int, length: int, width: float, font_size: float) -> None:
    last = first + length - 1
    ticks = x_ticks(first, last, width, font_size=font_size)
    assert ticks, "at least one value is labelled"
    assert ticks == sorted(set(ticks))
    assert first <= ticks[0]
    assert ticks[-1] <= last
    if last == first:
        return
    per_unit = width / (last - first)
    for left, right in pairwise(ticks):
        half_widths = (label_width(str(left), font_size) + label_width(str(right), font_size)) / 2
        assert (right - left) * per_unit >= half_widths + TICK_GAP_EM * font_size


@given(first=st.integers(0, 3), length=st.integers(2, 300_000), width=st.floats(200, 3000))
def test_x_labels_step_by_a_round_number(first: int, length: int, width: float) -> None:
    ticks = x_ticks(first, first + length - 1, width, font_size=11)
    inner = [t for t in ticks if t not in (first, first + length - 1)]
    steps = {b - a for a, b in pairwise(inner)}
    assert len(steps) <= 1
    for step in steps:
        assert step / 10 ** (len(str(step)) - 1) in (1, 2, 5)


def test_x_labels_use_the_width_they_have() -> None:
    # Five canary rounds on a report-wide chart: every round labelled.
    assert x_ticks(1, 5, 666, font_size=11) == [1, 2, 3, 4, 5]
    # 142 model calls (the chart that once printed "134141"): thinned, last label apart.
    ticks = x_ticks(0, 141, 666, font_size=11)
    assert ticks[:3] == [0, 10, 20]
    assert ticks[-1] == 140
    # The same axis in a narrow chart: fewer labels, round, and the last value where it fits.
    assert x_ticks(0, 141, 200, font_size=11) == [0, 50, 100, 141]
    assert x_ticks(7, 7, 666, font_size=11) == [7]


def test_x_ticks_reject_a_reversed_axis() -> None:
    with pytest.raises(ValueError, match=r"last \(2\) is before first \(5\)"):
        x_ticks(5, 2, 100, font_size=11)


def test_y_ticks_cover_the_top_value() -> None:
    assert nice_ticks(0) == [0.0, 1.0]
    for top in (7, 99, 1234, 48_000):
        ticks = nice_ticks(top)
        assert ticks[0] == 0
        assert ticks[-1] >= top
        assert len(ticks) <= 7


# -- lines at the same value ----------------------------------------------------------------

columns = st.lists(
    st.lists(st.one_of(st.none(), st.floats(0, 300)), min_size=1, max_size=6),
    min_size=1,
    max_size=8,
)


@given(columns, st.floats(1, 6), st.booleans())
def test_spread_lines_are_all_apart(
    ys: list[list[float | None]], gap: float, bounded: bool
) -> None:
    series = {f"s{n}": values for n, values in enumerate(ys)}
    before = copy.deepcopy(series)
    drawn = spread_apart(series, gap, within=(0, 300) if bounded else None)
    assert series == before
    length = max(len(values) for values in ys)
    for index in range(length):
        placed = [
            (values[index], drawn[name][index], number)
            for number, (name, values) in enumerate(series.items())
            if index < len(values)
        ]
        for value, position, _ in placed:
            assert (value is None) == (position is None)
        present = [(v, p, n) for v, p, n in placed if v is not None and p is not None]
        for value, position, _ in present:
            assert abs(position - value) <= (len(present) - 1) * gap + 1e-6
            if bounded:
                assert -1e-6 <= position <= 300 + 1e-6
        # Far enough apart to be seen, and in the same order as the values (ties: series order).
        ordered = sorted(present, key=lambda item: (item[0], item[2]))
        for (_, upper, _), (_, lower, _) in pairwise(ordered):
            assert lower - upper >= gap - 1e-6


def test_spread_leaves_lines_with_room_alone() -> None:
    series = {"a": [10.0, 50.0, None], "b": [30.0, 90.0, 5.0]}
    assert spread_apart(series, 4.0) == {"a": [10.0, 50.0, None], "b": [30.0, 90.0, 5.0]}


def test_spread_keeps_a_series_on_its_side() -> None:
    drawn = spread_apart({"a": [20.0, 20.0, 20.0], "b": [20.0, 20.0, 20.0]}, 4.0)
    assert drawn == {"a": [18.0, 18.0, 18.0], "b": [22.0, 22.0, 22.0]}


def test_spread_lays_lines_at_the_top_of_the_axis_out_inwards() -> None:
    at_top = {"a": [30.0], "b": [30.0], "c": [30.0], "d": [200.0]}
    assert spread_apart(at_top, 4.0, within=(30, 270)) == {
        "a": [30.0],
        "b": [34.0],
        "c": [38.0],
        "d": [200.0],
    }
    # Without bounds the same lines straddle their value.
    assert spread_apart(at_top, 4.0)["a"] == [26.0]
    # A value already past the bound stays where it is (not pulled in, not pushed further).
    assert spread_apart({"a": [10.0], "b": [10.0]}, 4.0, within=(30, 270)) == {
        "a": [10.0],
        "b": [14.0],
    }


def test_spread_rejects_a_gap_that_is_not_positive() -> None:
    with pytest.raises(ValueError, match="gap must be positive"):
        spread_apart({"a": [1.0]}, 0)


# -- one look per system ------------------------------------------------------------------


def test_every_registered_system_has_its_own_look() -> None:
    assert set(KNOWN_STYLES) == set(PEERS)
    styles = list(KNOWN_STYLES.values())
    for attribute in ("color", "dash", "marker"):
        assert len({getattr(style, attribute) for style in styles}) == len(styles), attribute


def test_a_system_looks_the_same_whatever_else_is_drawn() -> None:
    alone = series_styles(["packlight"])["packlight"]
    assert alone == KNOWN_STYLES["packlight"]
    assert series_styles(["masking", "none", "packlight"])["packlight"] == alone
    assert series_styles(["my-adapter", "packlight"])["packlight"] == alone
    assert list(series_styles(["b", "a", "b", "packlight"])) == ["b", "a", "packlight"]


def test_other_names_get_other_looks_than_the_known_systems() -> None:
    names = [f"adapter-{n}" for n in range(8)]
    styles = series_styles([*KNOWN_STYLES, *names])
    known_colors = {style.color for style in KNOWN_STYLES.values()}
    unknown = [styles[name] for name in names]
    assert len({style.color for style in unknown}) == 8
    assert not known_colors & {style.color for style in unknown}
    # Past eight unknown names the pool is reused rather than failing.
    assert len(series_styles([f"adapter-{n}" for n in range(20)])) == 20


def test_an_unknown_name_keeps_its_look_from_one_process_to_the_next() -> None:
    code = (
        "from packlight.evaluation.svg import series_styles;"
        "print(series_styles(['my-adapter', 'other'])['my-adapter'])"
    )
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert "SeriesStyle(" in outputs.pop()


def test_a_style_names_an_unknown_marker() -> None:
    with pytest.raises(ValueError, match="'hexagon' is not a known shape"):
        SeriesStyle("#000000", "", "hexagon")


# -- the chart ----------------------------------------------------------------------------


def test_chart_is_responsive_and_well_formed() -> None:
    svg = line_chart("t", {"packlight": [1.0, 2.0]}, x_label="call", y_label="tokens")
    root = parse(svg)
    assert root.get("width") == "100%"
    assert root.get("height") is None
    assert root.get("viewBox") == "0 0 960 320"


def test_chart_draws_each_series_in_its_look_with_a_legend() -> None:
    series: dict[str, list[float | None]] = {
        "packlight": [100.0, 90.0, 80.0],
        "none": [100.0, 100.0, 100.0],
        "truncation": [100.0, 100.0, 100.0],
        "masking": [100.0, 100.0, 100.0],
    }
    before = copy.deepcopy(series)
    root = parse(line_chart("survival", series, x_label="round", y_label="%", x_start=1))
    assert series == before
    groups = series_groups(root)
    assert list(groups) == list(series)
    assert legend_names(root) == list(series)
    lines: dict[str, list[tuple[float, float]]] = {}
    for name, group in groups.items():
        polyline = group.find(f"{SVG}polyline")
        assert polyline is not None
        assert polyline.get("stroke") == KNOWN_STYLES[name].color
        assert polyline.get("stroke-dasharray") == (KNOWN_STYLES[name].dash or None)
        lines[name] = [
            (float(x), float(y))
            for x, y in (pair.split(",") for pair in polyline.attrib["points"].split())
        ]
    # The three lines at 100% are drawn apart; none lies on another.
    tops = sorted(lines[name][1][1] for name in ("none", "truncation", "masking"))
    assert tops[1] - tops[0] >= LINE_GAP
    assert tops[2] - tops[1] >= LINE_GAP
    assert [x for x, _ in lines["none"]] == [x for x, _ in lines["masking"]]
    x_labels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "x-tick"]
    assert x_labels == ["1", "2", "3"]


def test_chart_escapes_text_and_leaves_gaps() -> None:
    svg = line_chart("a <b> & c", {"x<y": [1.0, None, 3.0]}, x_label="call", y_label="tokens")
    assert "a &lt;b&gt; &amp; c" in svg
    group = series_groups(parse(svg))["x<y"]
    assert group.find(f"{SVG}polyline") is None  # no line across the gap
    assert len(list(group)) == 2  # each point alone is drawn as its marker
    assert legend_names(parse(svg)) == ["x<y"]


def test_chart_takes_the_page_styles_and_needs_one_for_every_series() -> None:
    look = SeriesStyle("#123456", "1 1", "star")
    svg = line_chart("t", {"mine": [1.0, 2.0]}, x_label="x", y_label="y", styles={"mine": look})
    polyline = series_groups(parse(svg))["mine"].find(f"{SVG}polyline")
    assert polyline is not None
    assert polyline.get("stroke") == "#123456"
    with pytest.raises(ValueError, match="no style for series other"):
        line_chart("t", {"other": [1.0]}, x_label="x", y_label="y", styles={"mine": look})


def test_chart_of_nothing_is_still_a_chart() -> None:
    root = parse(line_chart("empty", {}, x_label="x", y_label="y"))
    assert series_groups(root) == {}
    assert legend_names(root) == []
