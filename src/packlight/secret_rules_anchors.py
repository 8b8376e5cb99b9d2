"""Where a rule's matches can start: the literal beginnings every match of a pattern has.

Python's ``re`` finds the candidates of a pattern that starts with a literal fast (a loop in
C over the text), but most rules start with a condition on what comes before
(``(?<![A-Za-z0-9_-])``, ``\\b``) or with words whose case is ignored, and for those it tries
the whole pattern at every position of the text. :func:`anchor` reads the pattern (with the
parser ``re`` itself uses) and returns a pattern of the strings every match starts with,
case spelt out (``(?i:code|otp)`` gives ``[Cc][Oo][Dd]``... as alternatives of literals), which
``re`` does search fast; :func:`finditer` then tries the rule's pattern only where one
starts. The matches are the same ones, found the same way (a match attempt at a position reads
the text before it too): only positions where no match can start are skipped.

Only what is certain is used: literals, small classes, alternatives, groups, repeats and
assertions (which take no characters). Anything else ends the beginning there. A pattern whose
beginnings are shorter than :data:`_MIN_CHARS` characters may still hold a literal at a fixed
distance from its start (``[A-Za-z0-9+/_-]{43}=``); otherwise it keeps the plain search. A
letter whose case is ignored is spelt out in ASCII only: such an anchor is used on ASCII text
alone (in other text the Kelvin sign matches ``(?i:k)``). Whatever the parser of another
Python version returns that this module does not read leaves the plain search.

Reading the patterns costs a new process about 100 ms, at its first redaction of a long text:
the anchors of the built-in rules are read once, when the rules change, and kept in
:mod:`packlight.secret_rules_anchor_table` (``python -m packlight.secret_rules_anchors``
writes it; a test fails when it is out of date). A pattern it does not hold is read here.
"""

from __future__ import annotations

import hashlib
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from packlight.secret_rules_anchor_table import TABLE, Entry

# The parser of the standard library's own ``re`` (``re._parser``; no stubs): read only.
_parser: Any = importlib.import_module("re._parser")
_constants: Any = importlib.import_module("re._constants")

_MAX_CHARS = 6
"""Longest beginning looked for: longer ones skip few more positions."""
_MIN_CHARS = 3
"""Shortest beginning worth it: each place one starts costs a match attempt from Python."""
_MAX_STRINGS = 256
_MAX_CLASS = 24
_FAST_BRANCHES = 8
"""Alternatives of literals up to this many are searched fast by ``re`` already."""


class _TooMany(Exception):
    """The beginnings cannot be spelt out (too many strings, a wide class, a letter of
    another script whose case is ignored): stop where they are."""


_Prefixes = frozenset[str]


def _literal(code: int, flags: int) -> tuple[set[str], bool]:
    char = chr(code)
    if not flags & _constants.SRE_FLAG_IGNORECASE:
        return {char}, False
    if not char.isascii():
        raise _TooMany  # other scripts fold case in ways spelling out both cases would miss
    return {char, char.lower(), char.upper()}, char.lower() != char.upper()


def _class(items: Sequence[tuple[Any, Any]], flags: int) -> tuple[set[str], bool]:
    chars: set[str] = set()
    cased = False
    for op, value in items:
        if op is _constants.LITERAL:
            found, case = _literal(value, flags)
        elif op is _constants.RANGE and value[1] - value[0] < _MAX_CLASS:
            found, case = set(), False
            for code in range(value[0], value[1] + 1):
                more, more_case = _literal(code, flags)
                found |= more
                case = case or more_case
        else:
            raise _TooMany  # a negated class, a category, a wide range
        chars |= found
        cased = cased or case
    if len(chars) > _MAX_CLASS:
        raise _TooMany
    return chars, cased


def _beginnings(
    items: Sequence[tuple[Any, Any]], flags: int, prefixes: _Prefixes, limit: int
) -> tuple[_Prefixes, bool, bool]:
    """``prefixes`` each extended by what ``items`` (a sequence of the parsed pattern) must
    match first: the strings, whether the sequence was read to its end (so that what follows
    it extends them further), and whether a case was spelt out."""
    cased = False
    for index, (op, value) in enumerate(items):
        if min(map(len, prefixes)) >= limit:
            return prefixes, False, cased
        try:
            if op in (_constants.ASSERT, _constants.ASSERT_NOT, _constants.AT):
                continue  # takes no character: the match goes on from the same place
            if op is _constants.LITERAL:
                chars, case = _literal(value, flags)
            elif op is _constants.IN:
                chars, case = _class(value, flags)
            elif op is _constants.SUBPATTERN:
                _, add, remove, inner = value
                inner_flags = (flags | add) & ~remove
                prefixes, complete, case = _beginnings(inner.data, inner_flags, prefixes, limit)
                cased = cased or case
                if not complete:
                    return prefixes, False, cased
                continue
            elif op is _constants.BRANCH:
                union: set[str] = set()
                complete = True
                for alternative in value[1]:
                    found, done, case = _beginnings(alternative.data, flags, prefixes, limit)
                    union |= found
                    complete = complete and done
                    cased = cased or case
                if len(union) > _MAX_STRINGS:
                    raise _TooMany
                prefixes = frozenset(union)
                if not complete:
                    return prefixes, False, cased
                continue
            elif op in (
                _constants.MAX_REPEAT,
                _constants.MIN_REPEAT,
                _constants.POSSESSIVE_REPEAT,
            ):
                low, high, inner = value
                if high == 0:
                    return prefixes, False, cased
                taken, _, case = _beginnings(inner.data, flags, prefixes, limit)
                cased = cased or case
                if low > 0:
                    return taken, False, cased
                # Optional: a match starts with it, or without it with what follows.
                skipped, _, case = _beginnings(list(items)[index + 1 :], flags, prefixes, limit)
                if len(taken | skipped) > _MAX_STRINGS:
                    raise _TooMany
                return taken | skipped, False, cased or case
            else:
                return prefixes, False, cased  # a back reference, a conditional...
        except _TooMany:
            return prefixes, False, cased
        cased = cased or case
        extended = frozenset(prefix + char for prefix in prefixes for char in chars)
        if len(extended) > _MAX_STRINGS:
            return prefixes, False, cased
        prefixes = extended
    return prefixes, True, cased


def _searched_fast(parsed: Any) -> bool:
    """Whether ``re`` skips to the candidates of ``parsed`` itself: it starts with a literal
    or a class of its case, or with a few alternatives that each start with a literal (it
    tries every one of many in turn, where a tree of their beginnings tries few: the
    providers' key formats)."""
    items, flags = parsed.data, parsed.state.flags
    while items and items[0][0] is _constants.SUBPATTERN:
        _, add, remove, inner = items[0][1]
        items, flags = inner.data, (flags | add) & ~remove
    if not items:
        return False
    op, value = items[0]
    if flags & _constants.SRE_FLAG_IGNORECASE:
        return op is _constants.LITERAL and chr(value).lower() == chr(value).upper()
    if op in (_constants.LITERAL, _constants.IN):
        return True
    alternatives = value[1] if op is _constants.BRANCH else ()
    return 0 < len(alternatives) < _FAST_BRANCHES and all(
        a.data and a.data[0][0] is _constants.LITERAL for a in alternatives
    )


class Anchor:
    """Where a pattern's matches can start, as a pattern ``re`` searches fast: each match
    starts ``offset`` characters before a match of ``pattern``, or, given ``starts``, at one
    of the places it names for that match (in increasing order)."""

    __slots__ = ("ascii_only", "offset", "pattern", "starts")

    def __init__(
        self,
        pattern: re.Pattern[str],
        *,
        offset: int = 0,
        ascii_only: bool,
        starts: Callable[[str, int], Sequence[int]] | None = None,
    ) -> None:
        self.pattern = pattern
        self.offset = offset
        self.ascii_only = ascii_only
        """Case was spelt out in ASCII: in a text of other scripts too, a letter may fold
        to one of them (the Kelvin sign to "k")."""
        self.starts = starts
        """For a pattern whose matches hold a mark at no fixed distance from their start
        (a name of any length before "="): the places a match holding the mark found at
        the given index can start. The mark of a later match is never found before the
        mark of an earlier one."""


def anchor(pattern: re.Pattern[str]) -> Anchor | None:
    """The anchor of ``pattern``, or None when a plain search is as fast or the beginnings
    are too short to be worth it."""
    key = table_key(pattern)
    if key in TABLE:
        return _from_entry(TABLE[key])
    return read_anchor(pattern)


def read_anchor(pattern: re.Pattern[str]) -> Anchor | None:
    """:func:`anchor` read from the pattern itself, not from the table."""
    try:
        return _anchor(pattern)
    except Exception:  # a parser of another Python that reads differently: the plain search
        return None


def table_key(pattern: re.Pattern[str]) -> str:
    """What identifies ``pattern`` in the table: a hash of its source and flags."""
    text = f"{pattern.flags}\0{pattern.pattern}".encode("utf-8", "surrogatepass")
    return hashlib.blake2b(text, digest_size=10).hexdigest()


def table_entry(found: Anchor | None) -> Entry:
    """How the table keeps an anchor (one made of places, ``starts``, is not kept)."""
    if found is None:
        return None
    if found.starts is not None:
        raise ValueError("an anchor with starts= is built by its rule, not kept in the table")
    return (found.pattern.pattern, found.pattern.flags, found.offset, found.ascii_only)


def _from_entry(entry: Entry) -> Anchor | None:
    if entry is None:
        return None
    source, flags, offset, ascii_only = entry
    return Anchor(re.compile(source, flags), offset=offset, ascii_only=ascii_only)


def table_source(patterns: Iterable[re.Pattern[str]]) -> str:
    """The text of :mod:`packlight.secret_rules_anchor_table` for ``patterns``."""
    entries = {table_key(p): table_entry(read_anchor(p)) for p in patterns}
    lines = [
        '"""The anchors of the built-in redaction rules, read from their patterns by',
        ":mod:`packlight.secret_rules_anchors` (a pattern's flags and source hashed; ``None``: no",
        "anchor, the plain search). Written by ``python -m packlight.secret_rules_anchors``: do",
        'not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "Entry = tuple[str, int, int, bool] | None",
        '"""An anchor\'s pattern source, flags, offset and whether it is for ASCII text only."""',
        "",
        "TABLE: dict[str, Entry] = {",
        *(f"    {key!r}: {entry!r}," for key, entry in sorted(entries.items())),
        "}",
        "",
    ]
    return "\n".join(lines)


def _write_table() -> None:  # pragma: no cover - a developer's command
    from packlight.redact import RULES  # the rules import this module

    patterns = [rule.pattern for rule in RULES if not rule.anchored_by_rule]
    target = Path(__file__).with_name("secret_rules_anchor_table.py")
    target.write_text(table_source(patterns), encoding="utf-8")
    print(f"wrote {len(patterns)} anchors to {target}", file=sys.stderr)


def _anchor(pattern: re.Pattern[str]) -> Anchor | None:
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    if _searched_fast(parsed):
        return None
    best: tuple[_Prefixes, bool] = (frozenset({""}), False)
    for limit in range(_MAX_CHARS, _MIN_CHARS - 1, -1):
        # Shorter beginnings when the longer ones are too many strings.
        prefixes, _, cased = _beginnings(parsed.data, parsed.state.flags, frozenset({""}), limit)
        if min(map(len, prefixes)) > min(map(len, best[0])):
            best = (prefixes, cased)
        if min(map(len, prefixes)) >= limit:
            break
    prefixes, cased = best
    if min(map(len, prefixes)) >= _MIN_CHARS:
        return Anchor(re.compile(_trie(prefixes)), ascii_only=cased)
    return _literal_after_fixed_width(parsed)


def _literal_after_fixed_width(parsed: Any) -> Anchor | None:
    """A literal every match holds at the same distance from its start, after characters of
    a fixed number (``[A-Za-z0-9+/_-]{43}=``: the "=" 43 characters in)."""
    offset = 0
    literal = ""
    for op, value, flags, width in _flattened(parsed, parsed.state.flags):
        char = chr(value) if op is _constants.LITERAL and offset > 0 else ""
        if flags & _constants.SRE_FLAG_IGNORECASE and char.lower() != char.upper():
            char = ""  # a letter whose case is ignored
        if char:
            literal += char
            continue
        if literal:
            break
        low, high = width
        if low != high:
            return None
        offset += low
    if not literal:
        return None
    return Anchor(re.compile(re.escape(literal)), offset=offset, ascii_only=False)


def _flattened(items: Any, flags: int) -> Iterator[tuple[Any, Any, int, tuple[int, int]]]:
    """The elements of a sequence, groups opened: each with its flags and its width."""
    for index in range(len(items)):
        op, value = items[index]
        if op is _constants.SUBPATTERN:
            _, add, remove, inner = value
            yield from _flattened(inner, (flags | add) & ~remove)
        else:
            yield op, value, flags, items[index : index + 1].getwidth()


def _trie(strings: frozenset[str]) -> str:
    """Alternatives of literals as a tree (one branch per next character): a string that
    starts another is enough on its own."""
    root: dict[str, Any] = {}
    for string in strings:
        node = root
        for char in string:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        if "" in node:
            return ""
        branches = [re.escape(char) + build(child) for char, child in sorted(node.items())]
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return build(root)


def finditer(pattern: re.Pattern[str], found: Anchor, text: str) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` finds (its matches take a character at least: each
    holds its anchor), trying ``pattern`` only where its anchor says a match can start."""
    if found.starts is not None:
        yield from _finditer_back(pattern, found.pattern, found.starts, text)
        return
    search, match, offset = found.pattern.search, pattern.match, found.offset
    position = 0
    while (candidate := search(text, position + offset)) is not None:
        start = candidate.start() - offset
        result = match(text, start)
        if result is None:
            position = start + 1
        else:
            yield result
            position = result.end()


def _finditer_back(
    pattern: re.Pattern[str],
    mark: re.Pattern[str],
    starts: Callable[[str, int], Sequence[int]],
    text: str,
) -> Iterator[re.Match[str]]:
    """:func:`finditer` for an anchor that names the starts of each mark found. The leftmost
    match is the one of the first mark that has one: marks come in the order of their
    matches' starts."""
    search, match = mark.search, pattern.match
    position = 0
    while (candidate := search(text, position)) is not None:
        for start in starts(text, candidate.start()):
            if start >= position and (result := match(text, start)) is not None:
                yield result
                position = result.end()
                break
        else:
            position = candidate.start() + 1


if __name__ == "__main__":  # pragma: no cover
    _write_table()
