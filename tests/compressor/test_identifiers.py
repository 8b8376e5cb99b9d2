"""Exact identifiers: every kind found, nothing invented, every value an exact substring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.compressor.identifiers import Identifier, extract_identifiers


def found(text: str) -> list[tuple[str, str]]:
    return [(i.kind, i.value) for i in extract_identifiers(text)]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        # paths: absolute, relative with an extension or a slash, ./ and ~/
        ("Edit django/contrib/admin/options.py now", "path", "django/contrib/admin/options.py"),
        ("tail /tmp/x.log", "path", "/tmp/x.log"),
        ("run ./run.sh first", "path", "./run.sh"),
        ("see ~/.config/packlight/config.yaml", "path", "~/.config/packlight/config.yaml"),
        ("open setup.py and README.md", "path", "setup.py"),
        ("open setup.py and README.md", "path", "README.md"),
        ("look in src/packlight/ for it", "path", "src/packlight/"),
        ("the cwd is /testbed.", "path", "/testbed"),
        (r"C:\Users\mia\report.docx", "path", r"C:\Users\mia\report.docx"),
        # URLs (sentence punctuation left out) and e-mail addresses
        (
            "See https://github.com/psf/requests/issues/1142.",
            "url",
            "https://github.com/psf/requests/issues/1142",
        ),
        ("(docs at http://x.org/a_(b))", "url", "http://x.org/a_(b)"),
        ("mail mia.li3818@example.com today", "url", "mia.li3818@example.com"),
        ("server 10.0.0.12 is down", "url", "10.0.0.12"),
        # hashes and UUIDs
        ("reverted 3f2a9c1 yesterday", "hash", "3f2a9c1"),
        (
            "sha d54da30ef83b7c00f6dc7e9a1b2c3d4e5f6a7b8c",
            "hash",
            "d54da30ef83b7c00f6dc7e9a1b2c3d4e5f6a7b8c",
        ),
        (
            "id 123e4567-e89b-12d3-a456-426614174000.",
            "uuid",
            "123e4567-e89b-12d3-a456-426614174000",
        ),
        # issues and pull requests
        ("Fixes #1234.", "issue", "#1234"),
        ("as discussed in PR 1234", "issue", "PR 1234"),
        ("see GH-12", "issue", "GH-12"),
        ("upstream psf/requests#12 too", "issue", "psf/requests#12"),
        ("ticket PROJ-123 is open", "issue", "PROJ-123"),
        # ports
        ("listen on :8080 please", "port", ":8080"),
        ("open localhost:3000", "port", "localhost:3000"),
        ("postgres on port 5432", "port", "5432"),
        ("bind 127.0.0.1:8000", "port", "127.0.0.1:8000"),
        ("api at example.com:8443 works", "port", "example.com:8443"),
        # versions
        ("released v1.2.3", "version", "v1.2.3"),
        ("pin 1.2.3 for now", "version", "1.2.3"),
        ("needs Python 3.11", "version", "3.11"),
        ("django==4.2 is required", "version", "4.2"),
        ("requests>=2.25.1", "version", "2.25.1"),
        ("/usr/bin/python3.10 -m pip", "path", "/usr/bin/python3.10"),
        # tests
        ("run tests/x.py::TestA::test_b", "test", "tests/x.py::TestA::test_b"),
        ("test_something_long fails", "test", "test_something_long"),
        ("MyTest.test_method fails", "test", "MyTest.test_method"),
        ("test_parse[utf-8] fails", "test", "test_parse[utf-8]"),
        # error codes
        ("E501 line too long", "error_code", "E501"),
        ("net::ERR_CONN_RESET", "error_code", "ERR_CONN_RESET"),
        ("got HTTP 404 back", "error_code", "HTTP 404"),
        ("open failed: ENOENT", "error_code", "ENOENT"),
        ("503 Service Unavailable", "error_code", "503 Service Unavailable"),
        ("raised ValueError: bad", "error_code", "ValueError"),
        ("killed by SIGKILL", "error_code", "SIGKILL"),
        ("see CVE-2024-12345", "error_code", "CVE-2024-12345"),
        # amounts
        ("keep it under $500.", "amount", "$500"),
        ("pay 500 USD", "amount", "500 USD"),
        ("costs €12.50 each", "amount", "€12.50"),
        ("a $1,200.50 refund", "amount", "$1,200.50"),
        # dates and times
        ("due 2024-05-15", "date", "2024-05-15"),
        ("at 2024-05-15 15:00:00 EST", "date", "2024-05-15 15:00:00"),
        ("fly on May 20th", "date", "May 20th"),
        ("on 20 May 2024", "date", "20 May 2024"),
        ("not before 11 AM EST", "date", "11 AM EST"),
        ("departs 06:00:00", "date", "06:00:00"),
        # opaque codes
        ("reservation 8JX2WO please", "code", "8JX2WO"),
        ("my user id is mia_li_3668.", "code", "mia_li_3668"),
        ("flight HAT136 works", "code", "HAT136"),
        ("my reservation ID is HXDUBJ.", "code", "HXDUBJ"),
        ("Their codes are IFOYYZ and NQNU5R.", "code", "IFOYYZ"),
        ("certificate 7504069 first", "code", "7504069"),
        ("the card ending in 7447", "code", "7447"),
        ('{"reservation_id": "MDCLVA"}', "code", "MDCLVA"),
    ],
)
def test_each_kind_is_found_exactly(text: str, kind: str, value: str) -> None:
    assert (kind, value) in found(text)


@pytest.mark.parametrize(
    "prose",
    [
        "The quick brown fox jumps over the lazy dog, and/or the client/server talk 24/7.",
        "I have 3 bags and 12.50 apples; e.g. the first one, i.e. this one. Mr. Smith agreed.",
        "Please be careful. IMPORTANT: DO NOT MODIFY the tests, ALWAYS do EXACTLY what I say.",
        "It seems like requests.get always adds a header; os.path.join and self.log = x.",
        "Use python3 with base64 and sha256, wait 100ms, then the 2nd try.",
        "if True and not None: return lambda x: x in range(10)",
        "Reply with application/json, not text/html, in under 5 minutes.",
        "The DEBUG flag and the TRACE level are both off.",
    ],
)
def test_ordinary_prose_has_no_identifiers(prose: str) -> None:
    assert found(prose) == []


def test_values_are_in_order_of_first_appearance_and_unique() -> None:
    text = "see /tmp/a.log, then v1.2.3, then /tmp/a.log again and HAT136 and v1.2.3"
    assert found(text) == [("path", "/tmp/a.log"), ("version", "v1.2.3"), ("code", "HAT136")]


def test_limit_stops_after_that_many_identifiers() -> None:
    text = "a.py b.py c.py d.py"
    assert [i.value for i in extract_identifiers(text, limit=2)] == ["a.py", "b.py"]
    assert extract_identifiers(text, limit=0) == []


def test_tricky_neighbours() -> None:
    # a file and its line number are not a port or a time
    assert found("requests/models.py:123:45: E501 line too long") == [
        ("path", "requests/models.py"),
        ("error_code", "E501"),
    ]
    # a sed script is not a path; the file it edits is
    assert found("sed -i 's/collections.MutableMapping/MutableMapping/g' requests/cookies.py") == [
        ("path", "requests/cookies.py")
    ]
    # attribute access and modules are not files
    assert found("r = response.json(); django.db.models; self.log = 1") == []
    # an awk field is not an amount
    assert found("awk '{print $1}'") == []
    # closing XML tags are not paths
    assert found("</pr_description> and </output>") == []


def test_identifiers_inside_json_and_lists() -> None:
    text = '{"reservations": ["HXDUBJ", "DXG8T6", "MDCLVA"], "user_id": "yara_garcia_1905"}'
    assert [value for _, value in found(text)] == ["HXDUBJ", "DXG8T6", "MDCLVA", "yara_garcia_1905"]


@pytest.mark.parametrize("bad", [None, 42, b"bytes", "", [], "\x00\x01\ud800"])
def test_never_raises(bad: object) -> None:
    assert isinstance(extract_identifiers(bad), list)  # type: ignore[arg-type]


_FRAGMENTS = st.sampled_from(
    [
        "/tmp/x.log",
        "a/b.py:12",
        "$500",
        "#12",
        "v1.2",
        "3.11",
        "HXDUBJ",
        "ID is ",
        "port ",
        "May 20",
        "http://x.y/(z)",
        "s/a/b/g",
        "e.g.",
        "::",
        "..",
        "~/",
        "\\",
        "€",
        "\n",
        " ",
        "'",
        '"',
    ]
)
_TEXTS = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=8)), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.one_of(st.none(), st.integers(min_value=1, max_value=5)))
def test_every_value_is_an_exact_substring(text: str, limit: int | None) -> None:
    identifiers = extract_identifiers(text, limit=limit)
    values = [i.value for i in identifiers]
    assert all(isinstance(i, Identifier) and i.value and i.value in text for i in identifiers)
    assert len(values) == len(set(values))
    if limit is not None:
        assert len(values) <= limit


def test_numbered_variable_names_and_sed_ranges_are_not_identifiers() -> None:
    text = "nl -ba x.py | sed -n '994,1030p'; word1 name2 clientoffice__name2 HAT136 8JX2WO"
    values = [identifier.value for identifier in extract_identifiers(text)]
    for noise in ("1030p", "word1", "name2", "clientoffice__name2"):
        assert noise not in values
    assert "HAT136" in values
    assert "8JX2WO" in values
