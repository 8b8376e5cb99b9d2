"""How each system looks in a chart: one colour, dash pattern and marker per system name.

A reader follows a system from chart to chart and from report to report by its look, so the
look is a function of the name, not of the order the series happen to come in: the systems
the evaluation knows (packlight, the baselines, the registered peers) have a fixed style each,
and any other name (an external adapter, a test's peer) gets one from a second pool chosen by
a stable hash of the name. :func:`series_styles` gives the styles of one chart or report at
once, so that two unknown names whose hashes collide still look different there.

Every style differs from every other in colour, dash pattern *and* marker, so two series stay
apart on a grey-scale print and for a reader who cannot tell two of the colours apart.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass

MARKER_SHAPES = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "triangle-down",
    "plus",
    "cross",
    "star",
)
"""The marker shapes :mod:`packlight.evaluation.svg` knows how to draw."""


@dataclass(frozen=True)
class SeriesStyle:
    """The look of one system's line."""

    color: str
    """A CSS colour (``#rrggbb``), for the line, its markers and its legend entry."""
    dash: str
    """An SVG ``stroke-dasharray`` (``""`` for a solid line)."""
    marker: str
    """One of :data:`MARKER_SHAPES`."""

    def __post_init__(self) -> None:
        if self.marker not in MARKER_SHAPES:
            raise ValueError(
                f"SeriesStyle.marker {self.marker!r} is not a known shape; "
                f"use one of {', '.join(MARKER_SHAPES)}"
            )


KNOWN_STYLES: dict[str, SeriesStyle] = {
    "packlight": SeriesStyle("#0969da", "", "circle"),
    "none": SeriesStyle("#57606a", "9 4", "square"),
    "truncation": SeriesStyle("#e16f24", "5 3", "triangle"),
    "masking": SeriesStyle("#1a7f37", "2 3", "diamond"),
    "langchain-summarization": SeriesStyle("#8250df", "9 3 2 3", "triangle-down"),
    "langchain-clear-tool-uses": SeriesStyle("#bf3989", "5 2 1 2", "plus"),
    "openai-agents-trimmer": SeriesStyle("#0a7b83", "12 3", "cross"),
    "hermes": SeriesStyle("#9a6700", "3 2 3 6", "star"),
}
"""The fixed style of every system the evaluation ships, by the name its reports use."""

_OTHER_STYLES = (
    SeriesStyle("#a40e26", "7 3", "star"),
    SeriesStyle("#116329", "3 3 9 3", "cross"),
    SeriesStyle("#6639ba", "1 3", "plus"),
    SeriesStyle("#953800", "11 3 3 3", "triangle-down"),
    SeriesStyle("#0550ae", "6 2", "diamond"),
    SeriesStyle("#99286e", "2 2 6 2", "triangle"),
    SeriesStyle("#3d444d", "4 4", "square"),
    SeriesStyle("#1b7c83", "10 2 2 2 2 2", "circle"),
)
"""Styles for names outside :data:`KNOWN_STYLES`: other colours, other dash patterns."""


def _stable_hash(name: str) -> int:
    # crc32 rather than hash(): str hashes are salted per process, and a name must keep its
    # look from one report to the next.
    return zlib.crc32(name.encode("utf-8"))


def series_styles(names: Iterable[str]) -> dict[str, SeriesStyle]:
    """The style of every name, keyed by name, in the order given (duplicates once).

    A known system always gets its :data:`KNOWN_STYLES` entry. Other names are placed, in
    sorted order, at their hash in a pool of eight further styles, moving on to the next free
    one on a collision; so an unknown name keeps its style across reports unless another
    unknown name in the same report took it first. Past eight unknown names the pool is
    reused.
    """
    ordered = list(dict.fromkeys(names))
    styles = {name: KNOWN_STYLES[name] for name in ordered if name in KNOWN_STYLES}
    taken: set[int] = set()
    for name in sorted(n for n in ordered if n not in KNOWN_STYLES):
        slot = _stable_hash(name) % len(_OTHER_STYLES)
        if len(taken) < len(_OTHER_STYLES):
            while slot in taken:
                slot = (slot + 1) % len(_OTHER_STYLES)
        taken.add(slot)
        styles[name] = _OTHER_STYLES[slot]
    return {name: styles[name] for name in ordered}
