"""Which redaction rules can match a text, found in one pass for all of them.

:mod:`packlight.redact` runs its rules one after the other, and a rule runs over every text
that holds one of its keywords (``key``, ``token``, ``/``...). Ordinary prose and code hold
the keywords of half the rules, and each of those runs its pattern over the whole text: a
4,000-message session's 28 long task descriptions went through 40 to 60 rules each, of
which 2 to 6 could match (benchmarks/results/compress.md). Hyperscan, a library made for
running many regular expressions over one text at once, reads each text once for every rule
and says which ones may match; of the rules the keywords choose, only those run (the
keywords stay: some rules are meant to run only where a word of theirs is, a
``quoted-printable`` decoding among them).

Hyperscan compiles each rule in its "prefilter" mode: a pattern it cannot match exactly
(look-behinds, possessive repeats) is widened, so it reports every text the rule matches
and perhaps a few more, never fewer. What Python's ``re`` and Hyperscan read differently
is kept out: a text is prefiltered only when it is ASCII without the four separator
controls ``\\x1c``-``\\x1f`` (Python's ``\\s`` takes them, Hyperscan's does not; letters of
other scripts fold case in ways the two may not share). Every other text, and every process
without Hyperscan (an optional dependency, on the platforms it has wheels for), keeps the
keyword filter alone; both give the same redaction, which the tests compare.

Compiling the rules takes about a second and a half, so the compiled database is kept in
the user's cache folder (``$PACKLIGHT_HOME/cache`` when that is set), under a name made
from the text of the rules' modules and of this one and from Hyperscan's version, and
read back by the next process. A process reads it once it has redacted enough text to pay
for that (:data:`LOAD_AFTER_CHARS`), and compiles it when it was not there only after more
(:data:`COMPILE_AFTER_CHARS`); a file that cannot be read or written costs the speed-up,
never a redaction.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

logger = logging.getLogger("packlight.redact")

LOAD_AFTER_CHARS = 65_536
"""Characters a process redacts through the keyword filter alone before it reads the
compiled database from the cache (importing Hyperscan and reading the file take about 10
ms, more than a few short texts cost)."""
COMPILE_AFTER_CHARS = 262_144
"""Characters a process redacts through the keyword filter alone before it compiles the
database (when no compiled one was found in the cache): a CLI run over a short transcript
does not pay the half second."""

DISABLE_ENV = "PACKLIGHT_REDACTION_PREFILTER"
"""Set to ``0`` to redact with the keyword filter alone (the tests compare both)."""

_UNSHARED = re.compile(r"[^\x00-\x1b\x20-\x7f]")
"""A character the prefilter does not read as Python's ``re`` does: anything not ASCII, and
the separators ``\\x1c``-``\\x1f`` that Python's ``\\s`` matches."""

_ENABLED: ContextVar[bool | None] = ContextVar("packlight_redaction_prefilter", default=None)


class Candidates(NamedTuple):
    """What the prefilter says of one text."""

    may_match: frozenset[int]
    """The rules it reads that may match the text (the others it reads cannot)."""
    unread: frozenset[int]
    """The rules it does not read: the caller decides for them."""


class _Prefilter:
    """A compiled database of every rule and one scratch space per thread (Hyperscan's
    scratch may be used by one scan at a time)."""

    def __init__(self, hyperscan: Any, database: Any, compiled: frozenset[int], rules: int):
        self._hyperscan = hyperscan
        self.database = database
        self.compiled = compiled
        self.uncompiled = frozenset(range(rules)) - compiled
        """Rules Hyperscan could not read: the caller's keywords alone decide for them."""
        self._local = threading.local()

    def candidates(self, text: str) -> Candidates:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = self._hyperscan.Scratch(self.database)
        found: set[int] = set()
        self.database.scan(
            text.encode("ascii"), match_event_handler=_collect, context=found, scratch=scratch
        )
        return Candidates(frozenset(found), self.uncompiled)


def _collect(rule: int, start: int, end: int, flags: int, found: set[int]) -> None:
    found.add(rule)


class _State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.prefilter: _Prefilter | None = None
        self.path: Path | None = None
        """The cached database's file, once it was looked for."""
        self.failed = False
        """Hyperscan is missing or the database cannot be built: never tried again."""
        self.plain_chars = 0


_STATE = _State()


@dataclass(frozen=True)
class RuleSet:
    """The rules to prefilter, as the caller has them."""

    count: int
    sources: Callable[[], Sequence[str]]
    """Each rule's pattern source, in order (built only to compile the database)."""
    fingerprint: Callable[[], bytes]
    """Changes whenever a rule does: names the cached database."""


def candidates(text: str, rules: RuleSet) -> Candidates | None:
    """Which of ``rules`` (indices in their order) may match ``text``, or None when the
    prefilter cannot say (the caller filters by keywords)."""
    if not _enabled():
        return None
    prefilter = _prefilter(rules, len(text))
    # The characters it does not read are looked for only once it is there to read the text.
    if prefilter is None or _UNSHARED.search(text) is not None:
        return None
    return prefilter.candidates(text)


def prepare(rules: RuleSet) -> bool:
    """Read the compiled database from the cache, or compile it now (a server that will
    redact for hours, at start): whether the prefilter is ready."""
    return _prefilter(rules, COMPILE_AFTER_CHARS) is not None


@contextlib.contextmanager
def prefilter_enabled(enabled: bool) -> Iterator[None]:
    """Within this block redaction uses the prefilter (when it can) or not, whatever the
    environment says."""
    token = _ENABLED.set(enabled)
    try:
        yield
    finally:
        _ENABLED.reset(token)


def _enabled() -> bool:
    chosen = _ENABLED.get()
    if chosen is not None:
        return chosen
    return os.environ.get(DISABLE_ENV, "1").strip().lower() not in {"0", "false", "no", "off"}


def _prefilter(rules: RuleSet, chars: int) -> _Prefilter | None:
    state = _STATE
    if state.prefilter is not None or state.failed:
        return state.prefilter
    with state.lock:
        if state.prefilter is not None or state.failed:
            return state.prefilter
        state.plain_chars += chars
        if state.path is None:
            if state.plain_chars < LOAD_AFTER_CHARS:
                return None
            hyperscan = _hyperscan()
            if hyperscan is None:
                state.failed = True
                return None
            state.path = _cache_path(hyperscan, rules)
            state.prefilter = _read(hyperscan, state.path, rules.count)
            if state.prefilter is not None:
                return state.prefilter
        if state.plain_chars < COMPILE_AFTER_CHARS:
            return None
        hyperscan = _hyperscan()
        state.prefilter = _compile(hyperscan, rules.sources())
        if state.prefilter is None:
            state.failed = True
            return None
        _write(hyperscan, state.path, state.prefilter)
        return state.prefilter


def _hyperscan() -> Any:
    try:
        import hyperscan
    except Exception as error:  # not installed, or its library does not load on this machine
        logger.debug("redaction runs without its prefilter: %s", error)
        return None
    return hyperscan


_FLAGS_NAMES = ("HS_FLAG_PREFILTER", "HS_FLAG_ALLOWEMPTY", "HS_FLAG_SINGLEMATCH")


def _flags(hyperscan: Any) -> int:
    flags = 0
    for name in _FLAGS_NAMES:
        flags |= getattr(hyperscan, name)
    return flags


_REPEAT = re.compile(r"\{(\d+)(?:,(\d*))?\}")
_NEVER_IN_ASCII = "\\xff"
"""What a character outside ASCII becomes: a byte that no ASCII text holds."""


def _prefilter_source(source: str) -> bytes | None:
    """``source`` widened into a pattern Hyperscan reads over ASCII bytes, or None when it
    cannot be (a letter of another script that Python's ``re`` folds to an ASCII one
    under ignored case, such as a dotless i, ``\\u0131``, matching ``I``).

    Every text of ASCII characters (but ``\\x1c``-``\\x1f``) that ``source`` matches, the
    widened pattern matches: a repeat has no upper bound (``{20,2000}`` reads as ``{20,}``;
    Hyperscan's compile time and memory grow with the bound, a prefilter needs none), end
    anchors are dropped (Hyperscan takes
    no ``\\Z`` inside a pattern), and characters outside ASCII, which such a text does not
    hold, become a byte it does not hold either (in a negated class too, they exclude
    nothing it holds)."""
    out: list[str] = []
    at, end, in_class = 0, len(source), False
    while at < end:
        char = source[at]
        if char == "\\":
            escape = source[at : at + 2]
            if escape in {"\\u", "\\U"}:
                width = 4 if escape == "\\u" else 8
                code = int(source[at + 2 : at + 2 + width], 16)
                if _folds_to_ascii(chr(code)):
                    return None
                out.append(f"\\x{code:02x}" if code < 0x80 else _NEVER_IN_ASCII)
                at += 2 + width
                continue
            if escape == "\\Z" and not in_class:
                at += 2
                continue
            out.append(escape)
            at += 2
            continue
        if not char.isascii():
            if _folds_to_ascii(char):
                return None
            out.append(_NEVER_IN_ASCII)
        elif in_class:
            in_class = char != "]"
            out.append(char)
        elif char == "[":
            in_class = True
            out.append(char)
            for opening in ("^", "]"):  # "[^]...]" and "[]...]": the "]" is a member
                if source.startswith(opening, at + 1):
                    out.append(opening)
                    at += 1
        elif char == "$":
            pass
        elif char == "{" and (repeat := _REPEAT.match(source, at)) is not None:
            if repeat.group(2) is None:
                out.append(repeat.group(0))  # an exact count
            else:
                least = int(repeat.group(1))
                out.append(f"{{{least},}}" if least else "*")
            at = repeat.end()
            continue
        else:
            out.append(char)
        at += 1
    return "".join(out).encode("ascii")


def _folds_to_ascii(char: str) -> bool:
    return not char.isascii() and any(
        folded.isascii() for folded in (char.lower(), char.upper(), char.casefold())
    )


def _compile(hyperscan: Any, sources: Sequence[str]) -> _Prefilter | None:
    flags = _flags(hyperscan)
    readable = [
        (index, expression)
        for index, source in enumerate(sources)
        if (expression := _prefilter_source(source)) is not None
    ]
    database = _database(hyperscan, readable, flags)
    if database is None:
        # One of them Hyperscan cannot read even widened: find which, and leave it out.
        readable = [entry for entry in readable if _database(hyperscan, [entry], flags)]
        database = _database(hyperscan, readable, flags)
    if database is None:
        logger.warning("the redaction prefilter cannot be built; rules run by keyword")
        return None
    return _Prefilter(hyperscan, database, frozenset(i for i, _ in readable), len(sources))


def _database(hyperscan: Any, readable: Sequence[tuple[int, bytes]], flags: int) -> Any:
    if not readable:
        return None
    database = hyperscan.Database()
    try:
        database.compile(
            expressions=[expression for _, expression in readable],
            ids=[index for index, _ in readable],
            elements=len(readable),
            flags=[flags] * len(readable),
        )
    except Exception as error:  # hyperscan.error and its kin
        logger.debug("hyperscan cannot compile %d rules: %s", len(readable), error)
        return None
    return database


def _cache_path(hyperscan: Any, rules: RuleSet) -> Path:
    digest = hashlib.sha256()
    digest.update(str(getattr(hyperscan, "__version__", "")).encode())
    digest.update(str(_flags(hyperscan)).encode())
    digest.update(_own_source())
    digest.update(rules.fingerprint())
    return _cache_folder() / f"{_PREFIX}{digest.hexdigest()[:24]}{_SUFFIX}"


_PREFIX = "redaction-prefilter-"
_SUFFIX = ".hsdb"


def _own_source() -> bytes:
    """This module's text (how a pattern is widened is part of what the file holds)."""
    try:
        return Path(__file__).read_bytes()
    except OSError:
        return _WIDENING_VERSION


_WIDENING_VERSION = b"1"


def _cache_folder() -> Path:
    home = os.environ.get("PACKLIGHT_HOME")
    if home:
        return Path(home).expanduser() / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("packlight"))


_HEADER = b"packlight-prefilter 1\n"


def _read(hyperscan: Any, path: Path, rules: int) -> _Prefilter | None:
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    try:
        header, compiled_line, database_bytes = blob.split(b"\n", 2)
        if header + b"\n" != _HEADER:
            return None
        compiled = frozenset(int(i) for i in compiled_line.split(b",") if i)
        database = hyperscan.loadb(database_bytes, hyperscan.HS_MODE_BLOCK)
        hyperscan.Scratch(database)  # a database this machine cannot run fails here
    except Exception as error:  # corrupt, of another version or another CPU: build it again
        logger.debug("the cached redaction prefilter %s is not usable (%s)", path, error)
        return None
    if not compiled or max(compiled) >= rules:
        return None
    return _Prefilter(hyperscan, database, compiled, rules)


def _write(hyperscan: Any, path: Path, prefilter: _Prefilter) -> None:
    blob = (
        _HEADER
        + ",".join(str(i) for i in sorted(prefilter.compiled)).encode()
        + b"\n"
        + hyperscan.dumpb(prefilter.database)
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under another name, then renamed: a reader sees no half file.
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(blob)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        logger.debug("the redaction prefilter is not cached at %s (%s)", path, error)
        return
    # The databases of earlier rules or versions (2 MB each) are not read again.
    for stale in path.parent.glob(f"{_PREFIX}*{_SUFFIX}"):
        if stale != path:
            with contextlib.suppress(OSError):
                stale.unlink()
