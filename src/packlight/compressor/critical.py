"""Which identifiers a checkpoint carries: the ledger's critical list, clean, ranked, capped.

:func:`~packlight.compressor.identifiers.extract_identifiers` errs on the side of finding:
over an agent's transcript it also reports the leftovers of the agent's own tooling (the
``/def`` of a sed or grep pattern, ``a/x.py`` and ``b/x.py`` of a diff, ``/dev/null``),
interpreter frames of every traceback, clock times and dozens of dates from one test's output,
and the same file under several names. A checkpoint has room for a few dozen identifiers, so
:func:`select_identifiers` turns sightings (an identifier, where it was seen, when) into:

- **critical**: at most ``limit`` identifiers the next context window needs, noise removed,
  one name per file, ranked: what a user or system message stated, then tool-call arguments
  and files the agent wrote, then the assistant's text, then tool outputs; within a rank the
  more often seen, then the more recent, first;
- **other**: the rest that is not noise, for the archived ledger.

Nothing a user or system message states is ever taken for noise: the rules below describe
artifacts of tools, and a person who types ``/dev/null`` or ``23:50`` means it. A value folded
into a longer one (``operations.py`` into ``django/db/backends/mysql/operations.py``, a date
into the timestamp that starts with it) stays visible inside it.

Pure; the cost is a few passes over at most a few hundred distinct values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from packlight.budget import MAX_CRITICAL_IDENTIFIERS
from packlight.compressor.identifiers import (
    Identifier,
    IdentifierKind,
    IdentifierSource,
    may_be_attribute,
)

__all__ = [
    "MAX_CRITICAL",
    "MAX_OTHER",
    "Selection",
    "Sighting",
    "carried_sightings",
    "is_noise",
    "select_identifiers",
]

MAX_CRITICAL = MAX_CRITICAL_IDENTIFIERS
"""Identifiers a checkpoint carries at most (a smaller budget carries fewer:
:func:`~packlight.budget.critical_identifier_limit`)."""
MAX_OTHER = 200
"""Further identifiers kept in the (archived) ledger."""
PER_OUTPUT_KIND = 3
"""A tool output ranks at most this many identifiers of one kind as a tool output (unless
another message mentions more); the rest rank after everything else: a test run prints dozens
of dates and times, and the first few say as much as all of them."""

_TIER: dict[IdentifierSource, int] = {
    "user": 0,
    "call": 1,
    "file": 1,
    "assistant": 2,
    "output": 3,
}
_OVERFLOW_TIER = 4
_FREQUENT = 3
"""Seen in this many messages counts as often; beyond it frequency stops outranking recency."""

# Paths that name a device or the interpreter, not something of the task.
_PSEUDO_PATH = re.compile(r"/(?:dev|proc|sys)/")
_LIBRARY_PATH = re.compile(
    r"/(?:site-packages|dist-packages|node_modules|\.?venv|envs|miniconda\d*|anaconda\d*)/|"
    r"/lib(?:64)?/python\d|^/usr/(?:local/)?lib/|^<frozen "
)
# "/def", "/import": a pattern's slash glued to a word; one absolute component without a dot.
_BARE_ROOT = re.compile(r"/[^/.]+/?")
# "s/FROM_TZ": a sed or vim substitution cut at its second slash.
_ONE_LETTER_DIR = re.compile(r"[A-Za-z]/[^/.]*/?")
# "conn.create_function/": attribute access before a regex's slash, not a directory.
_DOTTED_DIR = re.compile(r"[^/]+\.[^/]+/")
_DIFF_PREFIX = re.compile(r"[ab]/(?=[^/])")
_CLOCK_ONLY = re.compile(r"[\d:.]+(?:\s?[AaPp]\.?[Mm]\.?)?(?:\s[A-Z]{2,4})?")


@dataclass(frozen=True, slots=True)
class Sighting:
    """An identifier seen once: where, and when (a larger ``position`` is later)."""

    identifier: Identifier
    source: IdentifierSource
    position: int


@dataclass(frozen=True, slots=True)
class Selection:
    """The outcome of :func:`select_identifiers`; every identifier carries its source."""

    critical: tuple[Identifier, ...]
    """Ranked, most important first."""
    other: tuple[Identifier, ...]
    """Not noise, not critical: ranked the same way."""


@dataclass(slots=True)
class _Candidate:
    kind: IdentifierKind
    value: str
    tier: int
    source: IdentifierSource
    count: int
    last: int

    def absorb(self, other: _Candidate) -> None:
        if other.tier < self.tier:
            self.tier, self.source = other.tier, other.source
        self.count += other.count
        self.last = max(self.last, other.last)

    def rank(self) -> tuple[int, int, int]:
        return (self.tier, -min(self.count, _FREQUENT), -self.last)

    def identifier(self) -> Identifier:
        return Identifier(kind=self.kind, value=self.value, source=self.source)


def is_noise(identifier: Identifier, source: IdentifierSource) -> bool:
    """Whether ``identifier``, seen in ``source``, is an artifact of tooling rather than
    something the next context window needs. Never true for what a user states."""
    if source == "user":
        return False
    value = identifier.value
    if identifier.kind == "path":
        if _PSEUDO_PATH.match(value) or value in {"/dev", "/proc", "/sys"}:
            return True
        if _BARE_ROOT.fullmatch(value) or _ONE_LETTER_DIR.fullmatch(value):
            return True
        if _DOTTED_DIR.fullmatch(value):
            return True
        if source in {"assistant", "output"}:
            # Interpreter frames of a traceback and module attributes in prose or output;
            # a library file the agent opened itself (a call) stays.
            return bool(_LIBRARY_PATH.search(value)) or may_be_attribute(value)
        return False
    if identifier.kind == "date" and source in {"assistant", "output"}:
        # A clock time without a day ("23:50", "0:00") in a test's output.
        return _CLOCK_ONLY.fullmatch(value) is not None
    return False


def _canonical(identifier: Identifier, source: IdentifierSource) -> Identifier:
    """One name per file: ``a/x.py`` and ``b/x.py`` of a diff are ``x.py`` (a substring of
    either, so it stays exact)."""
    value = identifier.value
    if identifier.kind == "path" and source != "user" and _DIFF_PREFIX.match(value):
        return Identifier(kind="path", value=value[2:])
    return identifier


def _aggregate(sightings: Iterable[Sighting]) -> dict[str, _Candidate]:
    candidates: dict[str, _Candidate] = {}
    per_output: dict[tuple[int, str], int] = {}
    # A session shows the same identifiers from the same source many times: each is
    # canonicalised and judged once (None: noise).
    judged: dict[tuple[Identifier, IdentifierSource], Identifier | None] = {}
    for sighting in sightings:
        source = sighting.source
        key = (sighting.identifier, source)
        if key in judged:
            identifier = judged[key]
        else:
            identifier = _canonical(sighting.identifier, source)
            if is_noise(identifier, source):
                identifier = None
            judged[key] = identifier
        if identifier is None:
            continue
        tier = _TIER[source]
        if source == "output":
            seen = per_output.get((sighting.position, identifier.kind), 0)
            per_output[(sighting.position, identifier.kind)] = seen + 1
            if seen >= PER_OUTPUT_KIND:
                tier = _OVERFLOW_TIER
        known = candidates.get(identifier.value)
        if known is None:
            candidates[identifier.value] = _Candidate(
                identifier.kind, identifier.value, tier, source, 1, sighting.position
            )
        else:
            # absorb() of a one-sighting candidate, without building it
            if tier < known.tier:
                known.tier, known.source = tier, source
            known.count += 1
            known.last = max(known.last, sighting.position)
    return candidates


def _fold_file_names(candidates: dict[str, _Candidate]) -> None:
    """Fold a path into the one longer path that ends with it (``operations.py`` or
    ``django/x.py`` into ``/testbed/django/x.py``); drop a bare file name that several paths
    end with, unless a user wrote it (it is ambiguous shorthand for one of them)."""
    paths = [c for c in candidates.values() if c.kind == "path"]
    by_last: dict[str, list[_Candidate]] = {}
    for candidate in paths:
        last = candidate.value.rstrip("/").rsplit("/", 1)[-1]
        by_last.setdefault(last, []).append(candidate)
    for candidate in paths:
        value = candidate.value
        if value.startswith(("/", "~")):
            continue
        last = value.rstrip("/").rsplit("/", 1)[-1]
        longer = [
            c for c in by_last.get(last, []) if c is not candidate and c.value.endswith("/" + value)
        ]
        if len(longer) == 1:
            longer[0].absorb(candidate)
            del candidates[value]
        elif len(longer) > 1 and "/" not in value and candidate.source != "user":
            del candidates[value]


def select_identifiers(
    sightings: Iterable[Sighting], *, limit: int = MAX_CRITICAL, other_limit: int = MAX_OTHER
) -> Selection:
    """The critical and other identifiers of ``sightings`` (see the module docstring)."""
    candidates = _aggregate(sightings)
    _fold_file_names(candidates)
    ranked = sorted(candidates.values(), key=_Candidate.rank)
    critical: list[_Candidate] = []
    other: list[_Candidate] = []
    for candidate in ranked:
        if len(critical) >= limit:
            other.append(candidate)
            continue
        # The same thing written longer ("2017-07-06" in "2017-07-06 20:50:00", a directory
        # in a path) is kept once, the longer way. Only within a kind: a user id inside an
        # e-mail address is another identifier that happens to be visible.
        if any(candidate.kind == kept.kind and candidate.value in kept.value for kept in critical):
            other.append(candidate)
            continue
        inside = [
            kept
            for kept in critical
            if kept.kind == candidate.kind and kept.value in candidate.value
        ]
        for kept in inside:
            critical.remove(kept)
            other.append(kept)
        critical.append(candidate)
    other.sort(key=_Candidate.rank)
    return Selection(
        critical=tuple(c.identifier() for c in critical),
        other=tuple(c.identifier() for c in other[:other_limit]),
    )


def carried_sightings(*ranked_lists: Sequence[Identifier], start: int = 0) -> list[Sighting]:
    """Sightings that reproduce the order of stored, already ranked identifier lists, later
    lists counting as more recent: for re-ranking the lists of two ledgers as one. An
    identifier stored without a source is ranked as if a tool output showed it."""
    sightings: list[Sighting] = []
    position = start
    for identifiers in ranked_lists:
        # Within a list the first is the most important: give it the latest position.
        for offset, identifier in enumerate(identifiers):
            source = identifier.source or "output"
            sightings.append(Sighting(identifier, source, position + len(identifiers) - offset))
        position += len(identifiers) + 1
    return sightings
