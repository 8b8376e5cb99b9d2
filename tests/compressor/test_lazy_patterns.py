"""A lazily compiled pattern finds what the compiled one finds, and compiles at its first use."""

from __future__ import annotations

import re

import pytest

from packlight.compressor.constraints import CaselessPattern
from packlight.lazy_patterns import lazy_compile

_SOURCES = [
    (r"\b(?:stop|drop|pause)\s+(?P<object>the \w+)", re.IGNORECASE),
    (r"(?<![A-Za-z])[A-Z]{2,6}-\d+", 0),
    (r"^\s*[-*]\s+(.*)$", re.MULTILINE),
]
_TEXTS = [
    "Please STOP the migration and drop the cache. See OPS-1530, INFRA-640 and abc-12.",
    "- first item\n* second item\nnot an item\n  - third",
    "",
]


@pytest.mark.parametrize(("source", "flags"), _SOURCES)
def test_a_lazy_pattern_finds_what_the_compiled_one_finds(source: str, flags: int) -> None:
    lazy, compiled = lazy_compile(source, flags), re.compile(source, flags)
    assert "search" not in vars(lazy)  # nothing compiled before the first use
    for text in _TEXTS:
        assert [m.span() for m in lazy.finditer(text)] == [
            m.span() for m in compiled.finditer(text)
        ]
        assert lazy.findall(text) == compiled.findall(text)
        assert lazy.sub("<x>", text) == compiled.sub("<x>", text)
        assert lazy.split(text) == compiled.split(text)
        found, expected = lazy.search(text), compiled.search(text)
        assert (found and found.groups()) == (expected and expected.groups())
    assert (lazy.pattern, lazy.flags, lazy.groups) == (
        compiled.pattern,
        compiled.flags,
        compiled.groups,
    )


def test_a_caseless_pattern_compiled_lazily_still_checks_its_source_at_once() -> None:
    with pytest.raises(ValueError, match="lower case"):
        CaselessPattern.compile(r"\bStop\b", re.IGNORECASE)
    with pytest.raises(ValueError, match="lower case"):
        CaselessPattern.compile(r"\bstop\b", 0)
    caseless = CaselessPattern.compile(r"\b(?:stop|drop) the \w+", re.IGNORECASE)
    found = caseless.search("Please DROP the Cache now")
    assert found is not None
    assert found.group(0) == "DROP the Cache"
    assert caseless.search("nothing to halt here") is None
