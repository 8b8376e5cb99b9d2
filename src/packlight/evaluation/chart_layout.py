"""Where a chart's ticks and lines go: pure geometry, no drawing.

- :func:`nice_ticks`: round y values from 0 up to the data's top;
- :func:`x_ticks`: x labels thinned by the width they have, so no two ever collide;
- :func:`spread_apart`: lines that would lie on top of each other are moved just far enough
  apart to all be seen.

Text widths are estimated from the number of characters (see :func:`label_width`): the chart
is drawn without a browser, and an estimate that errs wide costs a tick, never an overlap.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

CHAR_WIDTH_EM = 0.68
"""Width of one label character in ems: digits are 0.56 em in Arial and Liberation Sans and
0.64 em in DejaVu Sans (the usual sans-serif fonts); the rest is room for a wider one."""

TICK_GAP_EM = 1.0
"""Free space required between two neighbouring x labels, in ems."""


def label_width(text: str, font_size: float) -> float:
    """An upper estimate of the drawn width of ``text`` at ``font_size``."""
    return len(text) * CHAR_WIDTH_EM * font_size


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``, about ``count`` steps."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [step * i for i in range(math.ceil(top / step) + 1)]


def _round_steps() -> Sequence[int]:
    # 1, 2, 5, 10, 20, 50, ... far past any trajectory length.
    return [m * 10**e for e in range(10) for m in (1, 2, 5)]


def x_ticks(first: int, last: int, width: float, *, font_size: float) -> list[int]:
    """Integer x values to label on an axis from ``first`` to ``last`` drawn ``width`` wide.

    The step is the smallest of 1, 2, 5, 10, 20, 50... that leaves every pair of neighbouring
    labels (centred on their value) :data:`TICK_GAP_EM` apart; the axis' first and last value
    are labelled too when they keep that distance from their neighbour. At least one value is
    always labelled.
    """
    if last < first:
        raise ValueError(f"x_ticks: last ({last}) is before first ({first})")
    if last == first:
        return [first]
    per_unit = width / (last - first)
    widest = max(label_width(str(first), font_size), label_width(str(last), font_size))
    needed = widest + TICK_GAP_EM * font_size
    step = next(s for s in _round_steps() if s * per_unit >= needed)
    ticks = list(range(math.ceil(first / step) * step, last + 1, step))
    if not ticks:
        return [first]
    if (ticks[0] - first) * per_unit >= needed:
        ticks.insert(0, first)
    if (last - ticks[-1]) * per_unit >= needed:
        ticks.append(last)
    return ticks


Bounds = tuple[float, float]


def _place(group: list[tuple[float, int]], gap: float, within: Bounds | None) -> list[float]:
    """Positions ``gap`` apart, in the group's order, centred on the mean of its values, then
    shifted back inside ``within`` (as far as the group's own values are inside it)."""
    centre = sum(y for y, _ in group) / len(group)
    positions = [centre + (k - (len(group) - 1) / 2) * gap for k in range(len(group))]
    if within is not None:
        low = min(within[0], group[0][0])
        high = max(within[1], group[-1][0])
        if positions[-1] > high:
            positions = [y - (positions[-1] - high) for y in positions]
        if positions[0] < low:
            positions = [y + (low - positions[0]) for y in positions]
    return positions


def _spread_column(
    points: list[tuple[float, int]], gap: float, within: Bounds | None
) -> dict[int, float]:
    """``(y, series number)`` pairs to drawn y by series number, every two ``gap`` apart."""
    groups: list[list[tuple[float, int]]] = []
    for point in sorted(points):
        groups.append([point])
        # Merge with the group before while the two, each laid out, come closer than the gap:
        # the merged group re-centres and may in turn reach the group before it.
        while (
            len(groups) > 1
            and _place(groups[-1], gap, within)[0] - _place(groups[-2], gap, within)[-1] < gap
        ):
            last = groups.pop()
            groups[-1] = sorted(groups[-1] + last)
    return {
        number: y
        for group in groups
        for (_, number), y in zip(group, _place(group, gap, within), strict=True)
    }


def spread_apart(
    ys_by_series: Mapping[str, Sequence[float | None]],
    gap: float,
    *,
    within: Bounds | None = None,
) -> dict[str, list[float | None]]:
    """Drawn y positions for series whose lines would otherwise hide each other.

    ``ys_by_series`` holds each series' y in drawing units (``None`` for a gap) at every x
    index. At each index, values closer than ``gap`` are gathered and laid out ``gap`` apart
    around their mean: equal values in the order the series come (so a series keeps its
    side from one index to the next), others in the order of their values. Values with
    room around them are not moved. ``within`` (low, high) keeps a gathered group inside the
    plot: lines at the axis' top or bottom value are laid out inwards from it rather than
    across it (when the group fits; a value already outside stays where it is). A series
    among ``n`` close ones moves at most ``(n - 1) * gap``.
    """
    if gap <= 0:
        raise ValueError(f"spread_apart: gap must be positive, got {gap}")
    names = list(ys_by_series)
    length = max((len(ys) for ys in ys_by_series.values()), default=0)
    drawn: dict[str, list[float | None]] = {name: [] for name in names}
    for index in range(length):
        column = [
            (y, number)
            for number, ys in enumerate(ys_by_series.values())
            if index < len(ys) and (y := ys[index]) is not None
        ]
        placed = _spread_column(column, gap, within)
        for number, name in enumerate(names):
            if index < len(ys_by_series[name]):
                drawn[name].append(placed.get(number))
    return drawn
