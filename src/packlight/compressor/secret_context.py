"""Values a transcript marks as secrets, found again where nothing marks them.

A password said bare in a focus topic ("the deploy that used Sparrow@69554") or kept as an
identifier ("codes: 14356837") reads as nothing on its own; the transcript says what it is
("PIN for the vault is 14356837", a PEM block, a ``DB_PASSWORD=`` line). These functions look
the value up in the transcript and redact the stretch around it there (its line and what
came before: a PEM block's armour, a "recovery phrase" heading, the command that printed it):
when the value does not survive, it is a secret here too. Pure: the transcript is read,
never changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from packlight.redact import collecting_secrets, placeholder, redact, redact_each, scrub
from packlight.secret_rules import only_markers, reads_as_name

__all__ = [
    "could_be_secret",
    "focus_without_secrets",
    "secret_in_context",
    "secrets_in_context",
]

_MIN_SECRET_CHARS = 6
_MIN_DIGITS = 4
_MIN_LETTERS = 8
_DIGIT_GROUPS = re.compile(r"[0-9]++(?:[ -][0-9]++)*+")
# A file named by a common extension ("models.py", "src/app/index.tsx.orig"), or a path of
# lower-case words ("tests/delete_regress"): a line of a key is letters of both cases.
_NAMES_A_FILE = re.compile(
    r"[\w./+~-]*[\w-]\.(?:py[cdiwx]?|ipynb|[jt]sx?|mjs|rst|txt|md|log|json|ya?ml|toml|cfg|ini"
    r"|conf|html?|css|c|h|cc|cpp|hpp|rs|go|java|kt|rb|php|sh|mo|po|xml|csv|sql|lock|patch|diff"
    r"|tmp|new|orig|bak|so|o|a)++"
    r"|/?[a-z_][a-z_.-]*+(?:/[a-z_][a-z_.-]*+)++/?"
)
_MEMORY_ADDRESS = re.compile(r"0x[0-9a-fA-F]{1,16}")
_CONTEXT_LOOKUPS = 3
_LINES_BEFORE_CHARS = 400
_LINES_AFTER_CHARS = 200
_PEM_LOOKBACK_CHARS = 20_000
_PHRASE_WORDS = 3
_PHRASE_LOOKUPS = 24
_MIN_PHRASE_SECRET_CHARS = 12


def could_be_secret(value: str) -> bool:
    """A value that may be a credential read out of context: letters and digits mixed (a
    base64 line too), or a number of four digits or more (a PIN, a code); no address or
    blank. A path may be one: a line of a key holds "/" as well."""
    # A backslash may be part of one: a dollar escaped for docker compose ("ab\$cd").
    if "://" in value or any(c in value for c in " \t\n"):
        return False  # an address (its password is redacted on its own), several words
    if _MEMORY_ADDRESS.fullmatch(value) or (
        _NAMES_A_FILE.fullmatch(value) and ("/" in value or not any(c.isdigit() for c in value))
    ):
        # Most identifiers of a coding session; looking each up in the transcript was a
        # sixth of a first compaction, and none was ever a secret. A bare name with a digit
        # ("hunter2.sh") may be a password said as one: it is looked up.
        return False
    if _DIGIT_GROUPS.fullmatch(value):
        return sum(c.isdigit() for c in value) >= _MIN_DIGITS  # a PIN, "9045-7151"
    if len(value) < _MIN_SECRET_CHARS or not any(c.isalpha() for c in value):
        return False
    if any(c.isdigit() for c in value) or any(not c.isalnum() and c not in "-_." for c in value):
        return True
    # Letters alone: generated ones ("nBAGGIjUUXqOJmoSu"), not a word or a name.
    return len(value) >= _MIN_LETTERS and not reads_as_name(value.replace("-", "_"))


def _window(text: str, start: int, end: int) -> str:
    """The stretch of ``text`` that decides whether ``start:end`` is a secret: its line, a
    few lines after it and more before, back to an open PEM block's armour when it is in
    one."""
    # A few lines after it too: a list of backup codes is recognised as a list.
    line_end = text.find("\n", min(len(text), end + _LINES_AFTER_CHARS))
    line_end = len(text) if line_end < 0 else line_end
    floor = max(0, start - _LINES_BEFORE_CHARS)
    begin = text.rfind("-----BEGIN ", max(0, start - _PEM_LOOKBACK_CHARS), start)
    if begin >= 0 and text.find("-----END ", begin, start) < 0:
        floor = max(0, min(floor, begin - _LINES_BEFORE_CHARS))
    line_start = text.rfind("\n", 0, floor) + 1 if floor else 0
    return text[line_start:line_end]


def _occurrences(value: str, sources: Sequence[str], limit: int) -> Iterator[str]:
    """Up to ``limit`` windows of ``sources`` that hold ``value``."""
    seen = 0
    for text in _listed(sources):
        at = text.find(value)
        while at >= 0 and seen < limit:
            end = at + len(value)
            # A number only where it stands alone: "4821" in "4821-7730" is another value.
            numeric = _DIGIT_GROUPS.fullmatch(value) is not None
            if not numeric or not (_joined(text, at - 1) or _joined(text, end)):
                yield _window(text, at, end)
                seen += 1
            at = text.find(value, end)
        if seen >= limit:
            return


def _listed(sources: Sequence[str]) -> Sequence[str]:
    """``sources`` as a list: a sequence that reads its texts lazily (the compressor's) costs
    a call of its ``__getitem__`` for each text iterated, and every value looked up iterated
    them again; one slice copies them at once."""
    if isinstance(sources, list | tuple):
        return sources
    try:
        return sources[:]
    except TypeError:  # a sequence without slices
        return sources


def _joined(text: str, at: int) -> bool:
    """Whether the character at ``at`` would continue a value next to it."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "-_")


def secret_in_context(
    value: str, sources: Sequence[str], redacted: dict[str, str] | None = None
) -> bool:
    """Whether a stretch of ``sources`` that holds ``value`` loses it to redaction (a
    password in a YAML file, a URL's password that an identifier kept with its host, a line
    of a PEM block). ``redacted`` keeps the stretches already redacted: identifiers of one
    span often share them."""
    cache: dict[str, str] = {} if redacted is None else redacted
    for window in _occurrences(value, sources, _CONTEXT_LOOKUPS):
        clean = cache.get(window)
        if clean is None:
            clean = cache[window] = redact(window)
        if value not in clean:
            return True
    return False


def secrets_in_context(values: Sequence[str], sources: Sequence[str]) -> set[str]:
    """The ``values`` that :func:`secret_in_context` finds to be secrets, the stretches of
    every value redacted together (:func:`packlight.redact.redact_each`): a checkpoint's
    identifiers share few stretches, and one call over all of them costs less than one per
    stretch."""
    listed = _listed(sources)
    windows = {
        value: list(_occurrences(value, listed, _CONTEXT_LOOKUPS))
        for value in dict.fromkeys(values)
    }
    stretches = list(dict.fromkeys(window for found in windows.values() for window in found))
    clean = dict(zip(stretches, redact_each(stretches), strict=True))
    return {value for value, found in windows.items() if any(value not in clean[w] for w in found)}


# Plain words, or groups of letters and digits ("yt6f qh4g 7kbp ...", a TOTP setup key).
_WORD_RUN = re.compile(r"(?<![\w-])[a-z0-9]{3,12}(?:[ \t]+[a-z0-9]{3,12}){2,}(?![\w-])")


def _phrase_secrets(focus: str, sources: Sequence[str]) -> dict[str, str]:
    """Secrets made of plain words (a recovery phrase, a passphrase) that the transcript
    marks as such and that ``focus`` holds: every three words of a run of lower-case words
    are looked up, and the secrets redaction finds around them are collected."""
    found: dict[str, str] = {}
    lookups = 0
    done: set[str] = set()
    for run in _WORD_RUN.finditer(focus):
        words = run.group(0).split()
        for at in range(len(words) - _PHRASE_WORDS + 1):
            if lookups >= _PHRASE_LOOKUPS:
                return found
            shingle = " ".join(words[at : at + _PHRASE_WORDS])
            if shingle in done:
                continue
            done.add(shingle)
            lookups += 1
            for window in _occurrences(shingle, sources, _CONTEXT_LOOKUPS):
                with collecting_secrets(min_chars=_MIN_PHRASE_SECRET_CHARS) as secrets:
                    redact(window)
                found.update(secrets)
    return found


def focus_without_secrets(focus: str, sources: Sequence[str]) -> str:
    """A focus topic as a summary model may read it: redacted, and without any value that
    redaction removes from its place in ``sources`` (the transcript), so that a password, a
    PIN, a key's line or a recovery phrase named bare in the focus ("the deploy that used
    Sparrow@69554") goes too."""
    focus = redact(focus)
    phrases = _phrase_secrets(focus, sources)
    if phrases:
        focus = scrub(focus, {value: kind for value, kind in phrases.items() if value in focus})
    # Whole words and their pieces: a password may hold "," or "(", a sentence puts them
    # around words.
    words = [found.rstrip(".:!?") for found in re.findall(r"[^\s'\"`,;()]{4,}", focus)]
    words += [found.strip("'\"`,;()[]<>").rstrip(".:!?") for found in focus.split()]
    redacted: dict[str, str] = {}
    for word in dict.fromkeys(words):
        candidate = could_be_secret(word) and not only_markers(word)
        if candidate and secret_in_context(word, sources, redacted):
            focus = focus.replace(word, placeholder("secret", word))
    return focus
