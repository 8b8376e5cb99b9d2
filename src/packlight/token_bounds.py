"""Counting exactly only what can be sent whole.

A text whose parts alone are over the context window can never be sent whole: it is cut,
digested or archived, and only what replaces it is counted for the request. Counting all of it
exactly cost most of a first compaction of a session with one 868K-character log (quicktok
counts about 25 million tokens a second, and Hermes' whole compaction of that session takes
four times the count). :class:`WindowBoundedCounter` counts small parts of such a text
exactly, spread over all of it, and estimates the rest from their characters per token; it
stops once at least 16 parts were counted and they alone are over the window (dense text,
such as a log, gets there in about a third of the 64); every other text is counted exactly.
The estimate is always over the window, so every decision that compares a count with a
budget (keep it verbatim? does the request fit? is a replacement cheaper?) comes out as it
would with the exact count; only a report of the tokens *before* a compaction is then an
estimate (see :attr:`WindowBoundedCounter.estimated`).
"""

from __future__ import annotations

from packlight.tokens import CalibratedCounter, EstimateCounter, ExactCounter, TokenCounter

PREFIX_CHARS_PER_TOKEN = 6
"""The counted parts are this many characters per token of the window together: more than
almost any text spends per token (English prose about 4, code 3, logs 2-5), so that the parts
alone are over the window, and a text under it is counted whole."""

_MEMO_ENTRIES = 1_024
_PARTS = 64
_ENOUGH_PARTS = 16
"""Parts counted before the estimate may stop early: 16 evenly spread are within 1-4% of the
exact count of the shared sessions' logs at windows of 8K, 32K and 128K (64: 0.1-1.3%), and
only the report of the tokens before a compaction reads the estimate."""


def _spread(count: int) -> tuple[int, ...]:
    """0 .. count-1 (a power of two) in bit-reversed order: every prefix of it is spread
    evenly over the range (0, 32, 16, 48, 8, ...), so the parts counted first cover the
    whole text."""
    bits = count.bit_length() - 1
    return tuple(int(format(number, f"0{bits}b")[::-1], 2) for number in range(count))


_SPREAD = _spread(_PARTS)


class WindowBoundedCounter:
    """A counter that is exact for every text that could be sent whole under ``limit`` tokens
    and estimates the tokens of a text whose counted parts are already over ``limit``."""

    def __init__(self, base: TokenCounter, limit: int) -> None:
        if limit <= 0:
            raise ValueError(f"limit must be a positive number of tokens, got {limit}")
        self.base = base
        self.limit = limit
        self.prefix_chars = limit * PREFIX_CHARS_PER_TOKEN
        self.estimated = 0
        """How many distinct texts were estimated rather than counted."""
        # Python caches a str's hash: a repeat of the same long text is a dictionary lookup.
        self._estimates: dict[str, int] = {}

    @property
    def name(self) -> str:
        return self.base.name

    @property
    def exact_bytes_bound(self) -> bool:
        """True when every token covers at least one byte of text (a BPE tokenizer), so that
        a text of fewer UTF-8 bytes than a room fits in it without being counted."""
        return isinstance(self.base, ExactCounter)

    def count_text(self, text: str) -> int:
        if len(text) <= self.prefix_chars:
            return self.base.count_text(text)
        known = self._estimates.get(text)
        if known is not None:
            return known
        # Small parts spread evenly from the start to the end: a log's kind of lines changes as
        # it goes (1.3 to 4 characters per token in a real 868K-character test log, where one
        # part from the start was 13% off and eight were 22% off; 64 are within 0.1-1.3% at
        # windows of 8K, 32K and 128K). Each is cut at line breaks, where a tokenizer splits
        # too, so that their counts add up.
        part = self.prefix_chars // _PARTS
        step = (len(text) - part) / (_PARTS - 1)
        counted = sampled = 0
        for done, number in enumerate(_SPREAD, start=1):
            start = int(number * step)
            begin = text.rfind("\n", max(start - part // 2, 0), start) + 1 if start else 0
            end = text.rfind("\n", begin + part // 2, begin + part) + 1 or begin + part
            counted += self.base.count_text(text[begin:end])
            sampled += end - begin
            if done >= _ENOUGH_PARTS and counted > self.limit:
                break  # already over the window: what the estimate must be
        if counted <= self.limit:
            # Dense text (a long run of one character) can hold more characters per token
            # than the parts assume: it might fit, so count all of it.
            return self.base.count_text(text)
        estimate = max(counted, round(counted * len(text) / sampled))
        if len(self._estimates) >= _MEMO_ENTRIES:
            self._estimates.clear()
        self._estimates[text] = estimate
        self.estimated += 1
        return estimate

    def was_estimated(self, text: str) -> bool:
        """Whether the count of ``text`` is an estimate (it was counted, and is over the limit)."""
        return len(text) > self.prefix_chars and text in self._estimates


def bounded_by_window(counter: TokenCounter, window: int) -> TokenCounter:
    """``counter`` counting exactly only what fits in ``window`` tokens (see the module).

    The estimate counter is cheap already and is returned as it is; a calibrated counter keeps
    its calibration around a bounded base."""
    if isinstance(counter, EstimateCounter | WindowBoundedCounter) or window <= 0:
        return counter
    if isinstance(counter, CalibratedCounter):
        return CalibratedCounter(
            base=bounded_by_window(counter.base, window), calibration=counter.calibration
        )
    return WindowBoundedCounter(counter, window)


def window_bound_of(counter: TokenCounter) -> WindowBoundedCounter | None:
    """The :class:`WindowBoundedCounter` in ``counter`` (as :func:`bounded_by_window` returns
    it), if there is one."""
    if isinstance(counter, CalibratedCounter):
        counter = counter.base
    return counter if isinstance(counter, WindowBoundedCounter) else None
