"""Line charts as inline SVG, written by hand so the report needs no plotting library.

One function, :func:`line_chart`: named series of y values (``None`` leaves a gap) over
their index, axes with a few round ticks, an optional dashed horizontal marker (the
context window, the 50% line) and a legend. Every text is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

PALETTE = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#57606a", "#0a7b83")
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 28, 40


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [step * i for i in range(math.ceil(top / step) + 1)]


def _label(value: float) -> str:
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    if value >= 1_000:
        return f"{value / 1_000:g}k"
    return f"{value:g}"


def line_chart(
    title: str,
    series: Mapping[str, Sequence[float | None]],
    *,
    x_label: str,
    y_label: str,
    y_max: float | None = None,
    marker: tuple[float, str] | None = None,
    x_start: int = 0,
) -> str:
    """An SVG document (as text) with one polyline per series."""
    values = [v for ys in series.values() for v in ys if v is not None]
    top = max([*values, marker[0] if marker else 0.0, 0.0]) if y_max is None else y_max
    ticks = nice_ticks(top)
    y_top = ticks[-1] or 1.0
    length = max((len(ys) for ys in series.values()), default=0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_at(i: int) -> float:
        return LEFT + (plot_w * i / (length - 1) if length > 1 else plot_w / 2)

    def y_at(v: float) -> float:
        return TOP + plot_h * (1 - v / y_top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}" '
        'font-family="sans-serif" font-size="11">',
        f'<text x="{LEFT}" y="16" font-size="13" font-weight="bold">{escape(title)}</text>',
    ]
    for tick in ticks:
        y = y_at(tick)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#d0d7de"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_label(tick)}</text>'
        )
    for i in sorted({0, length - 1, *range(0, length, max(1, length // 6))}):
        if i >= 0:
            out.append(
                f'<text x="{x_at(i):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">'
                f"{i + x_start}</text>"
            )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">'
        f"{escape(x_label)}</text>"
        f'<text transform="translate(14 {TOP + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_label)}</text>'
    )
    if marker is not None:
        y = y_at(marker[0])
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#57606a" '
            f'stroke-dasharray="5 4"/><text x="{LEFT + plot_w - 4}" y="{y - 4:.1f}" '
            f'text-anchor="end" fill="#57606a">{escape(marker[1])}</text>'
        )
    for number, (name, ys) in enumerate(series.items()):
        color = PALETTE[number % len(PALETTE)]
        runs: list[list[str]] = [[]]
        for i, v in enumerate(ys):
            if v is None:
                runs.append([])
            else:
                runs[-1].append(f"{x_at(i):.1f},{y_at(v):.1f}")
        for points in runs:
            if len(points) == 1:
                cx, cy = points[0].split(",")
                out.append(f'<circle cx="{cx}" cy="{cy}" r="2.5" fill="{color}"/>')
            elif points:
                out.append(
                    f'<polyline fill="none" stroke="{color}" stroke-width="1.8" '
                    f'points="{" ".join(points)}"/>'
                )
        legend_y = TOP + 14 * number + 8
        out.append(
            f'<line x1="{WIDTH - RIGHT + 12}" y1="{legend_y - 4}" x2="{WIDTH - RIGHT + 30}" '
            f'y2="{legend_y - 4}" stroke="{color}" stroke-width="2.5"/>'
            f'<text x="{WIDTH - RIGHT + 35}" y="{legend_y}">{escape(name[:20])}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)
