"""Line charts as inline SVG, written by hand so a report needs no plotting library.

:func:`line_chart` is pure (data in, SVG text out) and shared by ``packlight eval``'s HTML
report and the inspector. What it guarantees a reader:

- every system has one look, the same in every chart (:func:`series_styles`: colour, dash
  pattern and marker by system name), shown in a legend;
- every series stays visible: lines that would lie on one another are drawn a few units
  apart (:func:`~packlight.evaluation.chart_layout.spread_apart`), and colour, dash and
  marker differ between any two series;
- x labels never collide (:func:`x_ticks` thins them by the width they have);
- the chart scales to its container: a ``viewBox`` with ``width="100%"`` and no fixed height.

Every text is escaped. Each series is a ``<g class="series" data-series="name">`` and each
legend entry a ``<g class="legend-entry" data-series="name">``, so a page or a test can find
them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

from packlight.evaluation.chart_layout import (
    label_width,
    nice_ticks,
    spread_apart,
    x_ticks,
)
from packlight.evaluation.chart_style import SeriesStyle, series_styles

__all__ = ["HEIGHT", "WIDTH", "SeriesStyle", "line_chart", "nice_ticks", "series_styles", "x_ticks"]

WIDTH, HEIGHT = 960, 320
"""The ``viewBox`` size; the chart is drawn at whatever width its container gives it."""
LEFT, RIGHT, TOP, BOTTOM = 64, 230, 30, 44
FONT_SIZE = 11
STROKE_WIDTH = 2.0
LINE_GAP = 3.0
"""Distance between two lines at the same value: the stroke and a visible sliver between."""
MARKER_RADIUS = 2.8
MARKERS_PER_LINE = 16
"""Above this many points, a line carries a marker every few points, not on every one."""
PLOT_PADDING = 6
"""Room above the top grid line and below 0, for lines drawn apart there and their markers."""
LEGEND_ROW = 16
LEGEND_SAMPLE = 28
REFERENCE_COLOR = "#cf222e"
GRID_COLOR = "#d0d7de"


def _number(value: float) -> str:
    """A coordinate with at most one decimal (``12``, ``12.5``)."""
    return f"{value:.1f}".removesuffix(".0")


def _tick_label(value: float) -> str:
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    if value >= 1_000:
        return f"{value / 1_000:g}k"
    return f"{value:g}"


def _marker(shape: str, x: float, y: float, color: str) -> str:
    """One marker centred on (x, y): filled shapes with a white rim, strokes for + and x."""
    r = MARKER_RADIUS
    filled = f'fill="{color}" stroke="#ffffff" stroke-width="0.8"'
    if shape == "circle":
        return f'<circle cx="{_number(x)}" cy="{_number(y)}" r="{r}" {filled}/>'
    corners: list[tuple[float, float]]
    if shape == "square":
        s = r * 0.9
        corners = [(-s, -s), (s, -s), (s, s), (-s, s)]
    elif shape == "triangle":
        corners = [(0, -1.2 * r), (1.1 * r, 0.8 * r), (-1.1 * r, 0.8 * r)]
    elif shape == "triangle-down":
        corners = [(0, 1.2 * r), (1.1 * r, -0.8 * r), (-1.1 * r, -0.8 * r)]
    elif shape == "diamond":
        corners = [(0, -1.3 * r), (1.1 * r, 0), (0, 1.3 * r), (-1.1 * r, 0)]
    elif shape == "star":
        corners = [
            (
                (1.3 * r if k % 2 == 0 else 0.55 * r) * math.sin(math.pi * k / 5),
                -(1.3 * r if k % 2 == 0 else 0.55 * r) * math.cos(math.pi * k / 5),
            )
            for k in range(10)
        ]
    else:
        arm = 1.1 * r
        if shape == "plus":
            strokes = [(-arm, 0, arm, 0), (0, -arm, 0, arm)]
        else:  # cross
            strokes = [(-arm, -arm, arm, arm), (-arm, arm, arm, -arm)]
        d = " ".join(
            f"M{_number(x + a)} {_number(y + b)}L{_number(x + c)} {_number(y + e)}"
            for a, b, c, e in strokes
        )
        return f'<path d="{d}" fill="none" stroke="{color}" stroke-width="1.8"/>'
    d = "M" + "L".join(f"{_number(x + dx)} {_number(y + dy)}" for dx, dy in corners) + "Z"
    return f'<path d="{d}" {filled}/>'


def _marked_indices(length: int, series_number: int, series_count: int) -> set[int]:
    """Where a series gets markers: every point of a short line; on a long one every few
    points, each series starting at another point so the markers do not pile up."""
    if length <= MARKERS_PER_LINE:
        return set(range(length))
    every = math.ceil(length / MARKERS_PER_LINE)
    phase = series_number * every // max(series_count, 1)
    return set(range(phase, length, every))


def _series_group(
    name: str,
    style: SeriesStyle,
    points: Sequence[tuple[float, float] | None],
    marked: set[int],
) -> str:
    runs: list[list[tuple[int, tuple[float, float]]]] = [[]]
    for index, point in enumerate(points):
        if point is None:
            runs.append([])
        else:
            runs[-1].append((index, point))
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    parts = [f'<g class="series" data-series="{escape(name)}">']
    markers = []
    for run in runs:
        if len(run) > 1:
            coordinates = " ".join(f"{_number(x)},{_number(y)}" for _, (x, y) in run)
            parts.append(
                f'<polyline fill="none" stroke="{style.color}" stroke-width="{STROKE_WIDTH}"'
                f'{dash} stroke-linejoin="round" points="{coordinates}"/>'
            )
        # A point alone between gaps has no line to show it: it always gets its marker.
        markers += [
            _marker(style.marker, x, y, style.color)
            for index, (x, y) in run
            if index in marked or len(run) == 1
        ]
    parts += markers
    parts.append("</g>")
    return "".join(parts)


def _legend(styles: Mapping[str, SeriesStyle], names: Sequence[str]) -> list[str]:
    left = WIDTH - RIGHT + 16
    room = RIGHT - 16 - LEGEND_SAMPLE - 6
    out = []
    for row, name in enumerate(names):
        style = styles[name]
        y = TOP + 6 + row * LEGEND_ROW
        shown = name
        while label_width(shown, FONT_SIZE) > room and len(shown) > 1:
            shown = shown[:-2] + "…"
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        out.append(
            f'<g class="legend-entry" data-series="{escape(name)}"><title>{escape(name)}</title>'
            f'<line x1="{left}" y1="{y}" x2="{left + LEGEND_SAMPLE}" y2="{y}" '
            f'stroke="{style.color}" stroke-width="{STROKE_WIDTH}"{dash}/>'
            + _marker(style.marker, left + LEGEND_SAMPLE / 2, y, style.color)
            + f'<text x="{left + LEGEND_SAMPLE + 6}" y="{y + 4}">{escape(shown)}</text></g>'
        )
    return out


def line_chart(
    title: str,
    series: Mapping[str, Sequence[float | None]],
    *,
    x_label: str,
    y_label: str,
    y_max: float | None = None,
    marker: tuple[float, str] | None = None,
    x_start: int = 0,
    styles: Mapping[str, SeriesStyle] | None = None,
) -> str:
    """An SVG element (as text): one line per series, y from 0, a legend on the right.

    ``series`` maps a system name to its y values at x = ``x_start``, ``x_start + 1``, ...
    (``None`` leaves a gap; a point alone between gaps is drawn as its marker). The y axis
    runs from 0 to a round value at or above ``y_max`` (default: the largest value or the
    marker). ``marker`` draws a labelled horizontal reference line (the context window, the
    50% line). ``styles`` sets each series' look; by default :func:`series_styles` of the
    names, so a system looks the same in every chart either way. Pass the styles of all the
    names on a page when it shows systems outside the known ones, so that they keep one look
    across its charts too.
    """
    names = list(series)
    looks = dict(styles) if styles is not None else series_styles(names)
    missing = [name for name in names if name not in looks]
    if missing:
        raise ValueError(f"line_chart {title!r}: no style for series {', '.join(missing)}")
    values = [v for ys in series.values() for v in ys if v is not None]
    top = max([*values, marker[0] if marker else 0.0, 0.0]) if y_max is None else y_max
    y_ticks = nice_ticks(top)
    y_top = y_ticks[-1] or 1.0
    length = max((len(ys) for ys in series.values()), default=0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_at(index: int) -> float:
        return LEFT + (plot_w * index / (length - 1) if length > 1 else plot_w / 2)

    def y_at(value: float) -> float:
        inner = plot_h - 2 * PLOT_PADDING
        return TOP + PLOT_PADDING + inner * (1 - value / y_top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" role="img" aria-label="{escape(title)}" class="line-chart" '
        f'font-family="sans-serif" font-size="{FONT_SIZE}" style="display:block;height:auto">',
        f'<text x="{LEFT}" y="16" font-size="13" font-weight="bold">{escape(title)}</text>',
    ]
    for tick in y_ticks:
        grid_y = _number(y_at(tick))
        out.append(
            f'<line x1="{LEFT}" y1="{grid_y}" x2="{LEFT + plot_w}" y2="{grid_y}" '
            f'stroke="{GRID_COLOR}"/>'
            f'<text x="{LEFT - 6}" y="{_number(y_at(tick) + 4)}" text-anchor="end">'
            f"{_tick_label(tick)}</text>"
        )
    if length:
        for value in x_ticks(x_start, x_start + length - 1, plot_w, font_size=FONT_SIZE):
            out.append(
                f'<text class="x-tick" x="{_number(x_at(value - x_start))}" '
                f'y="{TOP + plot_h + 20}" text-anchor="middle">{value}</text>'
            )
    out.append(
        f'<text x="{_number(LEFT + plot_w / 2)}" y="{HEIGHT - 6}" text-anchor="middle">'
        f"{escape(x_label)}</text>"
        f'<text transform="translate(14 {_number(TOP + plot_h / 2)}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_label)}</text>'
    )
    if marker is not None:
        y = y_at(marker[0])
        out.append(
            f'<line x1="{LEFT}" y1="{_number(y)}" x2="{LEFT + plot_w}" y2="{_number(y)}" '
            f'stroke="{REFERENCE_COLOR}" stroke-width="1" stroke-dasharray="6 3"/>'
            f'<text x="{LEFT + plot_w - 4}" y="{_number(y - 5)}" text-anchor="end" '
            f'fill="{REFERENCE_COLOR}" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
            f"{escape(marker[1])}</text>"
        )
    drawn_ys = spread_apart(
        {name: [None if v is None else y_at(v) for v in ys] for name, ys in series.items()},
        LINE_GAP,
        within=(TOP, TOP + plot_h),
    )
    for number, name in enumerate(names):
        points = [None if y is None else (x_at(i), y) for i, y in enumerate(drawn_ys[name])]
        marked = _marked_indices(len(points), number, len(names))
        out.append(_series_group(name, looks[name], points, marked))
    out += _legend(looks, names)
    out.append("</svg>")
    return "\n".join(out)
