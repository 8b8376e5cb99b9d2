"""The token-per-turn chart as inline SVG (no script library, nothing fetched): input tokens
each turn, the threshold and window lines, and one marker per compaction."""

from __future__ import annotations

from html import escape

from packlight.ui.turns import TokenHistory

__all__ = ["token_chart"]

WIDTH, HEIGHT = 960, 280
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 36


def token_chart(
    history: TokenHistory, *, window: int | None, threshold: int | None, base_url: str
) -> str:
    """The chart's ``<svg>`` markup (every text in it escaped). ``base_url`` prefixes the
    links of the compaction markers."""
    turns = history.turns
    last_turn = max([len(turns), *(mark.turn for mark in history.marks), 1])
    peak = max(
        [1, *(t.input_tokens for t in turns), *(m.tokens_before for m in history.marks)]
        + [value for value in (window, threshold) if value]
    )
    top_value = _nice_ceiling(peak)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: float) -> float:
        return LEFT + (turn - 1) / max(last_turn - 1, 1) * plot_w

    def y(tokens: float) -> float:
        return TOP + plot_h - tokens / top_value * plot_h

    parts = [
        f'<svg class="token-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="input tokens per turn, {len(turns)} turns, '
        f'{len(history.marks)} compactions" xmlns="http://www.w3.org/2000/svg">'
    ]
    for step in range(5):
        value = top_value * step / 4
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}"/><text class="axis" x="{LEFT - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{_short(value)}</text>'
        )
    for tick in _ticks(last_turn):
        parts.append(
            f'<text class="axis" x="{x(tick):.1f}" y="{HEIGHT - BOTTOM + 16}" '
            f'text-anchor="middle">{tick}</text>'
        )
    parts.append(
        f'<text class="axis" x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 4}" '
        'text-anchor="middle">turn (model call)</text>'
    )
    for line_value, name in ((window, "window"), (threshold, "threshold")):
        if line_value:
            value = float(line_value)
            parts.append(
                f'<line class="{name}-line" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
                f'y2="{y(value):.1f}"><title>{name}: {line_value:,} tokens</title></line>'
                f'<text class="{name}-label" x="{WIDTH - RIGHT - 4}" y="{y(value) - 4:.1f}" '
                f'text-anchor="end">{name} {line_value:,}</text>'
            )
    if turns:
        points = " ".join(f"{x(t.number):.1f},{y(t.input_tokens):.1f}" for t in turns)
        parts.append(f'<polyline class="tokens" points="{points}"/>')
        for t in turns:
            parts.append(
                f'<circle class="turn" cx="{x(t.number):.1f}" cy="{y(t.input_tokens):.1f}" r="3" '
                f'data-turn="{t.number}"><title>turn {t.number}: {t.input_tokens:,} input tokens '
                f"(message {t.position})</title></circle>"
            )
    for mark in history.marks:
        event = mark.event
        at = x(min(mark.turn, last_turn))
        label = (
            f"compaction {mark.index} before turn {mark.turn} ({event.trigger}): "
            f"{event.before_tokens:,} → {event.after_tokens:,} tokens"
        )
        parts.append(
            f'<a href="{escape(base_url)}/compactions/{mark.index}">'
            f'<g class="compaction-marker" data-compaction="{mark.index}">'
            f'<line x1="{at:.1f}" x2="{at:.1f}" y1="{y(mark.tokens_before):.1f}" '
            f'y2="{y(mark.tokens_after):.1f}"/>'
            f'<path d="M{at - 5:.1f},{y(mark.tokens_before) - 9:.1f} h10 l-5,8 z"/>'
            f"<title>{escape(label)}</title></g></a>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _nice_ceiling(value: float) -> float:
    magnitude = float(10 ** (len(str(int(value))) - 1))
    for factor in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if value <= factor * magnitude:
            return factor * magnitude
    return value


def _short(value: float) -> str:
    if value >= 1000:
        return f"{value / 1000:.0f}K" if value % 1000 == 0 else f"{value / 1000:.1f}K"
    return f"{value:.0f}"


def _ticks(last: int, most: int = 10) -> list[int]:
    step = max(1, -(-last // most))
    return list(range(1, last + 1, step))
