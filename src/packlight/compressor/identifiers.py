"""Exact identifiers in free text: the strings a summary must never paraphrase.

:func:`extract_identifiers` finds file paths, URLs, hashes, UUIDs, issue and PR references,
ports, versions, test ids, error codes, amounts, dates and times, and opaque codes (booking
references, user ids, flight numbers) in any text, in order of first appearance. Every value
is an exact substring of the input, so a checkpoint can quote it and a test can check that it
survived.

How it stays fast (tens of MB per second): one compiled pattern scans the text once, and it
only tries its rules where an identifier can start, at the start of a token that holds a digit,
a capital, a slash or another rare character. Plain prose fails that gate after a character or
two. Tokens that pass the gate but that no rule could match ("The", "command:", a lone digit)
are ruled out next, before any rule is tried. Behind that the rules are grouped by their first
character, so a token starting with a digit never tries the rules for paths starting with
``/``. Inside a group the order is priority: the first rule that matches wins (a pytest node id
before a path, a date before a version, a hash before a generic code).

Identifiers that only mean something after a cue word ("Python 3.11", "certificate 7504069",
"reservation ID is HXDUBJ", "port 5432") are matched on the value and kept only when the cue
precedes it; the value alone is reported. Small checks a regex cannot express (a sed script
that looks like a path, ``python3``, ``100ms``) run on each match.

Pure and total: any input, including non-text, gives a list and never an exception.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Literal, cast

from packlight.compressor.vocabulary import word_set

IdentifierKind = Literal[
    "path",
    "url",
    "hash",
    "uuid",
    "issue",
    "port",
    "version",
    "test",
    "error_code",
    "amount",
    "date",
    "code",
]
"""What an identifier is. Bare IPv4 and e-mail addresses are reported as ``url``."""


IDENTIFIER_KINDS: frozenset[str] = word_set(
    "path url hash uuid issue port version test error_code amount date code"
)


IdentifierSource = Literal["user", "call", "file", "assistant", "output"]
"""Where the ledger saw an identifier, most authoritative first: a user (or system) message,
a tool call's arguments, a file the agent modified or created, the assistant's text, a tool
output."""

IDENTIFIER_SOURCES: tuple[IdentifierSource, ...] = ("user", "call", "file", "assistant", "output")


@dataclass(frozen=True, slots=True)
class Identifier:
    """One exact identifier found in a text."""

    kind: IdentifierKind
    value: str
    """An exact substring of the text it was found in."""
    source: IdentifierSource | None = None
    """Where the ledger saw it (``None`` when not recorded, as from :func:`extract_identifiers`);
    kept so that a later compaction can rank it against newer ones."""


# Extensions that make a dotted word a file name. Only real file types, so that attribute
# access (``requests.get``, ``os.path``) and domains (``amazon.com``) are not taken for files.
_EXTENSIONS = (
    "py|pyi|pyx|pxd|ipynb|js|mjs|cjs|ts|tsx|jsx|json|jsonl|ndjson|yaml|yml|toml|ini|cfg|conf|"
    "txt|md|rst|log|sh|bash|zsh|fish|ps1|bat|c|h|cc|cpp|cxx|hpp|hh|rs|go|java|kt|kts|rb|php|"
    "cs|swift|scala|sql|html|htm|css|scss|sass|less|xml|csv|tsv|lock|env|pem|crt|key|gz|tgz|"
    "tar|zip|whl|so|dylib|dll|exe|png|jpg|jpeg|gif|svg|webp|pdf|patch|diff|out|err|tmp|bak|"
    "dat|db|sqlite|sqlite3|proto|vue|svelte|lua|pl|pm|jl|dart|ex|exs|erl|hs|ml|tf|tfvars|mk|"
    "cmake|gradle|po|mo|j2|jinja|jinja2|tpl|tex|bib|wasm|parquet|pkl|pickle|npy|npz|pt|onnx|"
    "mat|xlsx|xls|docx|pptx|mp3|mp4|wav|avi|mov|ico|ttf|woff|woff2|map|spec|rej|orig|service|"
    "plist|gemspec|podspec|csproj|sln|vcxproj"
)
_EXTENSION_SET = frozenset(_EXTENSIONS.split("|"))
# Extensions that are also common attribute or method names (``response.json``, ``self.log``):
# a dotted word with one of these is a file only when its stem is not a usual variable name.
_RISKY_EXTENSIONS = word_set(
    "log json out err env key lock db c h m go ts js rs so sh md tmp dat map spec "
    "html xml csv pt mat conf sqlite sqlite3 io"
)
_VARIABLE_STEMS = word_set(
    "self cls this os sys r resp response request req res result obj ctx logger logging "
    "console window document np pd json e err exc f fp fh s x y data args kwargs config "
    "settings app module django flask sqlalchemy requests urllib http email sphinx sympy "
    "matplotlib numpy pandas scipy torch sklearn pytest unittest typing collections asyncio "
    "pathlib importlib"
)

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_ZONE = r"(?:\s(?:EST|EDT|CST|CDT|MST|MDT|PST|PDT|UTC|GMT|CET|CEST|BST|IST|JST|AEST)\b)?"
_ERRNO = (
    r"E(?:NOENT|ACCES|PERM|EXIST|AGAIN|CONNREFUSED|CONNRESET|CONNABORTED|PIPE|NOTDIR|ISDIR|"
    r"INVAL|NOMEM|NOSPC|TIMEDOUT|ADDRINUSE|ADDRNOTAVAIL|BADF|NOTEMPTY|ROFS|MFILE|NFILE|BUSY|"
    r"HOSTUNREACH|NETUNREACH|NETDOWN|NOTCONN|WOULDBLOCK|INTR|XDEV|NOSYS|OPNOTSUPP|NOTSUP|"
    r"PROTO|SRCH|CHILD|NXIO|NOEXEC|FAULT|NODEV|TXTBSY|FBIG|SPIPE|MLINK|NAMETOOLONG|"
    r"LOOP|OVERFLOW|ILSEQ|ALREADY|INPROGRESS|NOBUFS|ISCONN|SHUTDOWN|DQUOT|STALE|CANCELED|"
    r"NOTFOUND)"
)
_HTTP_REASONS = (
    r"(?:Not Found|Forbidden|Unauthorized|Bad Request|Internal Server Error|Bad Gateway|"
    r"Service Unavailable|Gateway Timeout|Too Many Requests|Conflict|Method Not Allowed|"
    r"Payload Too Large|Request Entity Too Large|Unprocessable Entity|Request Timeout|Gone|"
    r"Not Implemented|Precondition Failed|Not Acceptable|Length Required)"
)
_HEX_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"


_Trie = dict[str, "_Trie"]


def _alternation(words: list[str]) -> str:
    """A regex matching any of ``words``, as a trie, so that it costs one step per character
    instead of one attempt per word (the extension list has ~150 entries)."""
    tree: _Trie = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def render(node: _Trie) -> str:
        branches = [re.escape(char) + render(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return "(?:" + render(tree) + ")"


_EXT = _alternation(_EXTENSIONS.split("|"))
_PATH_RELATIVE = r"[\w@+-][\w.@+-]*+(?:/[\w.@+%~-]+)+/?"
_PATH_DIR = r"\w[\w.@+-]++/(?![\w/])"
_PATH_FILE = rf"[\w@+-][\w.@+-]*\.{_EXT}\b(?!\(|\.\w|[/-])"
_TEST_NODE = r"(?=[\w./-]*+::)[\w./-]*\w\.py(?:::\w+(?:\[[^\]\s]*\])?)+"
_TEST_QUALIFIED = r"(?=[\w.]*?\.test)(?:[A-Za-z_]\w*\.)*[A-Z]\w*\.test\w*\b(?!\()"
_CODE_MIXED = r"(?=[^\W\d]*+\d)(?=[\d_]*+[A-Za-z])\w{5,}\b"
_PORT_CUED = (
    r"(?:(?<=port )|(?<=Port )|(?<=PORT )|(?<=port=)|(?<=PORT=)|(?<=port: )|(?<=Port: ))"
    r"\d{2,5}\b(?![.,]\d)"
)
# A number after a word and one space, a colon, a hash or a JSON key; never after the run of
# spaces that starts a numbered line ("   1234\t...").
_CUED_NUMBER = (
    r"(?:(?<=[A-Za-z.:] )|(?<=[#=])|(?<=[A-Za-z]:)|(?<=\": )|(?<=\":)|(?<=\": \")|(?<=\":\"))"
    r"\d{4,}\b(?![.,]\d)"
)
# host:port, but not file.py:12 (a file and a line number)
_PORT_HOST = (
    rf"(?=[\w.-]*+:\d)(?:localhost:\d{{2,5}}\b|(?![\w.-]*\.{_EXT}:)"
    r"[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}:\d{2,5}\b)"
)
_EXCEPTION = (
    r"[A-Z][A-Za-z0-9]*+(?:(?<=[a-z0-9]Error)|(?<=[a-z0-9]Exception)|(?<=[a-z0-9]Warning))\b"
)
_EMAIL = r"[\w.+-]++@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"

# (group, rule, pattern). A rule is named ``<kind>__<variant>``; its group says which tokens
# can start it, so that a token only tries the rules of its group. Inside a group, the first
# rule that matches wins.
_RULES: tuple[tuple[str, str, str], ...] = (
    # -- a plain integer: only cue-dependent rules can apply ("port 5432", "certificate 7504069")
    ("integer", "port__cued", _PORT_CUED),
    ("integer", "code__cued_number", _CUED_NUMBER),
    # -- other tokens starting with a digit
    ("digit", "uuid__plain", _HEX_UUID),
    (
        "digit",
        "date__iso",
        r"\d{4}-[01]\d-[0-3]\d(?:[ T][0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?"
        r"(?:Z|[+-][0-2]\d:?[0-5]\d)?)?(?![\d-])",
    ),
    ("digit", "date__slash", r"[0-3]?\d/[0-3]?\d/(?:\d{4}|\d{2})\b(?!/)"),
    ("digit", "date__day_month", rf"[0-3]?\d(?:st|nd|rd|th)? (?:of )?{_MONTH}(?:,? \d{{4}})?\b"),
    (
        "digit",
        "date__clock",
        rf"(?<![:.\d])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?"
        rf"(?:\s?[AaPp]\.?[Mm]\.?(?![\w.]))?{_ZONE}(?![\w:])",
    ),
    ("digit", "date__ampm", rf"(?:1[0-2]|0?[1-9])\s?(?:AM|PM|am|pm|a\.m\.|p\.m\.)(?!\w){_ZONE}"),
    ("digit", "port__ip", r"(?:\d{1,3}\.){3}\d{1,3}:\d{2,5}\b"),
    ("digit", "url__ip", r"(?:\d{1,3}\.){3}\d{1,3}\b(?![.\d])"),
    (
        "digit",
        "amount__currency",
        r"\d+(?:,\d{3})*(?:\.\d+)?\s?(?:USD|EUR|GBP|JPY|CAD|AUD|CHF|CNY|INR|dollars|euros|pounds)\b",
    ),
    ("digit", "error_code__status", rf"[1-5]\d\d {_HTTP_REASONS}\b"),
    (
        "digit",
        "version__semver",
        r"\d+\.\d+\.\d+(?:\.\d+)?(?:[-.]?(?:a|b|rc|dev|post|alpha|beta)\.?\d*)?"
        r"(?:\+[\w.]+)?\b(?!\.\d)",
    ),
    ("digit", "version__cued", r"\d+\.\d+\b(?![.\d])"),
    ("digit", "hash__lower", r"(?=\d*+[a-f])[0-9a-f]{7,64}\b"),
    ("digit", "hash__upper", r"(?=\d*+[A-F])[0-9A-F]{12,64}\b"),
    ("digit", "path__relative", _PATH_RELATIVE),
    ("digit", "path__file", _PATH_FILE),
    ("digit", "port__cued", _PORT_CUED),
    ("digit", "code__cued_number", _CUED_NUMBER),
    ("digit", "code__mixed", _CODE_MIXED),
    # -- tokens starting with two capitals or a capital and a digit (HTTP, E501, HXDUBJ)
    ("caps", "uuid__plain", _HEX_UUID),
    ("caps", "amount__prefix", r"(?:USD|EUR|GBP|CAD|AUD|CHF)\s?\d+(?:,\d{3})*(?:\.\d+)?\b"),
    ("caps", "error_code__cve", r"CVE-\d{4}-\d{4,}\b"),
    ("caps", "error_code__http", r"HTTP(?:/\d(?:\.\d)?)?(?: [Ee]rror)?:? [1-5]\d\d\b"),
    ("caps", "issue__word", r"(?:PR|GH)(?: ?#|-| )\d+\b"),
    ("caps", "issue__key", r"[A-Z][A-Z0-9]{1,9}-\d+\b(?![.-]\d)"),
    ("caps", "error_code__errno", rf"(?=E[A-Z]{{2,}}\b){_ERRNO}\b"),
    ("caps", "error_code__constant", r"(?:ERR|E)_[A-Z0-9_]{2,}\b"),
    ("caps", "error_code__signal", r"SIG(?:KILL|SEGV|TERM|INT|ABRT|BUS|PIPE|HUP|FPE|ILL|QUIT)\b"),
    ("caps", "error_code__vendor", r"(?:ORA|SQLSTATE|MSB|LNK)-?\d{4,5}\b"),
    (
        "caps",
        "error_code__lint",
        r"(?:[EWFCRDNB]|PL[RCWE]|RUF|SIM|UP|PT|ANN|TRY|SC|DL|TS)\d{3,4}\b",
    ),
    ("caps", "path__relative", _PATH_RELATIVE),
    ("caps", "path__file", _PATH_FILE),
    (
        "caps",
        "error_code__exception",
        r"[A-Z][A-Za-z0-9]*+(?:(?<=[a-z0-9A-Z]Error)|(?<=[a-z0-9A-Z]Exception)|(?<=[a-z0-9A-Z]Warning))\b",
    ),
    ("caps", "hash__upper", r"(?=[A-F]*+\d)[0-9A-F]{12,64}\b"),
    ("caps", "code__cued_caps", r"[A-Z]{5,12}\b(?![-.]\w)"),
    ("caps", "code__mixed", _CODE_MIXED),
    # -- a capitalised word of letters only (ValueError, May 20)
    ("plain_word", "date__month_day", rf"{_MONTH}\.? [0-3]?\d(?:st|nd|rd|th)?(?:,? \d{{4}})?\b"),
    ("plain_word", "issue__word", r"(?:Issue|Bug|Pull [Rr]equest)(?: ?#| )\d+\b"),
    ("plain_word", "error_code__exception", _EXCEPTION),
    # -- other tokens starting with a capital and something else (Django/x.py, Mia.Li@x.com)
    ("word", "url__email", _EMAIL),
    ("word", "uuid__plain", _HEX_UUID),
    ("word", "date__month_day", rf"{_MONTH}\.? [0-3]?\d(?:st|nd|rd|th)?(?:,? \d{{4}})?\b"),
    ("word", "issue__word", r"(?:Issue|Bug|Pull [Rr]equest)(?: ?#| )\d+\b"),
    ("word", "test__node", _TEST_NODE),
    ("word", "path__windows", r"[A-Za-z]:\\[^\s\"'<>|:*?]+"),
    ("word", "path__relative", _PATH_RELATIVE),
    ("word", "path__file", _PATH_FILE),
    ("word", "test__qualified", _TEST_QUALIFIED),
    ("word", "error_code__exception", _EXCEPTION),
    ("word", "code__mixed", _CODE_MIXED),
    # -- tokens starting with a lowercase letter or an underscore, with a slash before the end
    (
        "slashed",
        "url__scheme",
        r"(?:https?|ftps?|wss?|file|ssh|git|s3|gs|sftp)://[^\s<>\"'`{}|\\^]+",
    ),
    ("slashed", "test__node", _TEST_NODE),
    ("slashed", "issue__repo", r"[\w.-]++/[\w.-]++#\d+\b"),
    ("slashed", "path__relative", _PATH_RELATIVE),
    ("slashed", "path__dir", _PATH_DIR),
    ("slashed", "port__host", _PORT_HOST),
    ("slashed", "code__mixed", _CODE_MIXED),
    # -- a lowercase word of letters and underscores only (flight_number, test_parse)
    ("plain_lower", "test__function", r"test_\w{3,}(?:\[[^\]\s]*\])?"),
    # -- other tokens starting with a lowercase letter or an underscore
    ("lower", "url__email", _EMAIL),
    ("lower", "uuid__plain", _HEX_UUID),
    ("lower", "test__node", _TEST_NODE),
    ("lower", "port__host", _PORT_HOST),
    ("lower", "version__v", r"v\d+(?:\.\d+){1,3}(?:[-.]?(?:a|b|rc|dev|post|alpha|beta)\.?\d*)?\b"),
    ("lower", "version__python", r"python(?P<v_version__python>\d+\.\d+)\b(?![.\d])"),
    ("lower", "hash__lower", r"(?=[a-f]*+\d)(?=\d*+[a-f])[0-9a-f]{7,64}\b"),
    ("lower", "test__qualified", _TEST_QUALIFIED),
    ("lower", "path__file", _PATH_FILE),
    ("lower", "test__function", r"test_\w{3,}(?:\[[^\]\s]*\])?"),
    ("lower", "code__mixed", _CODE_MIXED),
    # -- tokens starting with a symbol
    ("symbol", "path__absolute", r"(?<!<)(?:~|\.{1,2})?/[\w.@+%~-]+(?:/[\w.@+%~-]+)*/?"),
    (
        "symbol",
        "amount__symbol",
        r"[$€£¥]\s?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?(?:[kKmM]|bn|million|billion)\b)?(?![\w/])",
    ),
    ("symbol", "issue__hash", r"#\d+\b"),
    ("symbol", "port__bare", r":\d{2,5}\b(?![:.]\d)"),
)

# (a comma matters before a thousands group, a colon before digits: "1,200 USD" and "12:30"
# are not plain integers, "1,2,3" and "file.py:123: ..." are)
_INTEGER = r"\d++(?![\w./\\-]|:\d|,\d{3}(?!\d)| [A-Za-z])"
_SLASHED = r"[a-z_][\w.@+%~:-]*+/"
# Where each group's tokens start. The groups exclude each other, so that a token that
# fails its own group's rules fails at once instead of trying the next group's.
_PLAIN_WORD = r"[A-Z][A-Za-z]*+(?![\w.@:/\\-])"
_PLAIN_LOWER = r"[a-z_][a-z_]*+(?![\w.@:/\\-])"
_GROUP_START = {
    # an integer followed by something that cannot continue an identifier
    "integer": _INTEGER,
    "digit": rf"(?!{_INTEGER})[0-9]",
    "caps": r"[A-Z][A-Z0-9]",
    "plain_word": rf"(?=[A-Z][a-z]){_PLAIN_WORD}",
    "word": rf"(?!{_PLAIN_WORD})[A-Z](?![A-Z0-9])",
    "slashed": _SLASHED,
    "plain_lower": _PLAIN_LOWER,
    "lower": rf"(?!{_SLASHED}|{_PLAIN_LOWER})[a-z_]",
    "symbol": r"[/~.\\$€£¥#:]",
}
# Where a token may start: right after whitespace, a quote, an opening bracket or a
# separator. The scanner consumes that one character (the text is scanned with a newline in
# front), because a pattern that starts with a character class lets the regex engine skip
# ahead in C instead of trying every position.
_TOKEN_BOUNDARY = r"[\s\"'`(\[{<,;=|*>:!?]"
# What makes a token worth the rules: after a run of lowercase letters (hyphenated words
# included), a digit, a capital, a slash, an underscore, a dot before a letter (a file name) or
# another rare character. A token that starts with a capital always passes. Ordinary words
# fail this after one pass over their letters.
_WORTH_A_LOOK = r"(?=[a-z]*+(?:-[a-z]++)*+(?:[0-9A-Z/\\@#$€£¥:_~]|\.[A-Za-z/.]))"
# Tokens that pass that gate but that no rule can match, ruled out before the groups are tried
# (two thirds of the tokens that pass it in an agent's transcript). Each case names the only
# rules its token could reach and why they fail:
# - a capitalised word of letters or a lone capital ("The", "SimpleLazyObject"), not before
#   a character that continues a token: plain_word, which needs a month, "Issue", "Bug" or
#   "Pull" before a number or "request", or a name ending in Error, Exception or Warning;
# - such a word of lowercase letters before a colon or a full stop that ends it ("None:",
#   "No."): word, whose rules need a digit, a slash, a file extension, "::", ":\\" or a month
#   before a number;
# - a word of lowercase letters and underscores, alone or before such a colon or a full stop
#   ("related_objects", "command:"): only test__function, which needs "test_", and for the
#   colon the rules that need a digit, "@", "::" or a dot (a slash reachable through "+",
#   "%", "~" or ":" would make it "slashed"); the same word followed by dotted names of
#   letters and underscores ("self.data", "models.Model", "django.db.backends"), none of them
#   a file extension that ends the name or comes before "." and a space, nor starting "test":
#   the lower rules need a digit, "@", "-", ":" or a file extension, and test__qualified
#   ".test";
# - one digit alone, or before a full stop ("1,", "2. "): the cued numbers need two digits
#   or more, the other rules a digit, a letter or a separator after it;
# - a plain integer (the "integer" group) after a character no cue ends with: its rules,
#   the cued numbers and ports, need "=", ":", "#" or a quote right before it, or a space
#   after a letter, "." or ":" (the "   220" of a numbered listing has none);
# - "#" or ":" before anything but a digit, "." not before "/" or "./", a backslash, "/"
#   after "<" or before no path character, "~" not before "/": symbol, whose rules are an
#   issue number, a port, an amount and an absolute path;
# - two to four capitals alone ("NOT", "EOF"), not before a number, "#" or " Error": the caps
#   rules need a digit, "-", "_", "/", a dot, a number after a currency, "PR", "GH" or "HTTP",
#   or five characters or more (an errno, a signal, a cued code, an exception name).
_NO_RULE_APPLIES = (
    r"(?![A-Z]{2,4}(?![\w.@+:/\\-])(?! ?#| [Ee]rror|\s?\d)"
    r"|[A-Z](?:[a-z][A-Za-z]*+)?(?![\w.@:/\\-])(?<!Error)(?<!Exception)(?<!Warning)"
    r"(?! ?#| \d| [Rr]equest)"
    r"|[A-Z][a-z]*+[:.](?![\w.@+%~:/\\-])(?! \d)"
    r"|(?!test_)[a-z_]++"
    rf"(?:\.(?!test|{_EXT}\b(?!\(|\.\w))[A-Za-z_]++)*+"
    r"(?:(?![\w.@:/\\+%~-])|[:.](?![\w.@+%~:/\\-]))"
    r"|\d(?:(?![\w./\\-]|:\d|,\d{3}(?!\d)| [A-Za-z])|\.(?![\w.@+%~:/\\-]))"
    r'|(?<![=:"#])(?<![A-Za-z.:] )'
    + _INTEGER
    + r"|[#:](?!\d)|\.(?!\.?/)|\\|/(?<=</)|/(?![\w.@+%~-])|~(?!/))"
)
# The groups by their first character: a token tries only the groups that can start with it.
# Groups with different first characters exclude each other, so their order does not matter;
# within one class the order of _GROUP_START is kept (a "slashed" token that fails its rules
# may still be a "plain_lower" one).
_FIRST_CHARACTER = {
    "[a-z_]": ("slashed", "plain_lower", "lower"),
    "[A-Z]": ("caps", "plain_word", "word"),
    "[0-9]": ("integer", "digit"),
    r"[/~.\\$€£¥#:]": ("symbol",),
}


def _build_scanner() -> re.Pattern[str]:
    groups: dict[str, str] = {}
    for group, first in _GROUP_START.items():
        rules = [f"(?P<{name}>{pattern})" for g, name, pattern in _RULES if g == group]
        groups[group] = f"(?={first})(?:{'|'.join(rules)})"
    assert sorted(groups) == sorted(g for names in _FIRST_CHARACTER.values() for g in names)
    classes = [
        f"(?={first})(?:{'|'.join(groups[name] for name in names)})"
        for first, names in _FIRST_CHARACTER.items()
    ]
    return re.compile(
        _TOKEN_BOUNDARY + _WORTH_A_LOOK + _NO_RULE_APPLIES + "(?:" + "|".join(classes) + ")"
    )


def _unique_rule_names() -> list[tuple[str, str, str]]:
    # A rule shared by several groups needs one group name per copy.
    seen: dict[str, int] = {}
    renamed: list[tuple[str, str, str]] = []
    for group, name, pattern in _RULES:
        count = seen.get(name, 0)
        seen[name] = count + 1
        unique = name if count == 0 else f"{name}__{count}"
        renamed.append((group, unique, pattern))
    return renamed


_RULES = tuple(_unique_rule_names())
_SCANNER = _build_scanner()
_VALUE_GROUPS = {name: f"v_{name}" for _, name, pattern in _RULES if f"?P<v_{name}>" in pattern}
_KIND_OF: dict[str, IdentifierKind] = {
    name: cast(IdentifierKind, name.split("__", 1)[0]) for _, name, _ in _RULES
}
_RULE_OF = {name: name.split("__")[0] + "__" + name.split("__")[1] for _, name, _ in _RULES}
assert set(_KIND_OF.values()) <= IDENTIFIER_KINDS, "a rule name does not start with a kind"

_SED_SCRIPT = re.compile(r"^(?:\d+(?:,\d+)?)?[sy]([/|#,:]).*\1.*\1[gimpeIw\d]*$")
_NUMBER_WITH_UNIT = re.compile(
    r"^\d+(?:\.\d+)?(?:ms|us|ns|s|sec|secs|min|mins|h|hr|hrs|px|em|rem|pt|k|kb|mb|gb|tb|kib|mib|"
    r"gib|x|th|st|nd|rd|m|km|kg|g|mg|ml|l|fps|hz|khz|mhz|ghz|bit|bits|bytes|b|d|w|y)$",
    re.IGNORECASE,
)
# Words with digits that name a technology, not a thing of this task.
_COMMON_ALNUM = word_set(
    "python2 python3 pip3 base32 base64 sha1 sha224 sha256 sha384 sha512 blake2b blake2s md5 "
    "utf8 utf16 utf32 latin1 int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 "
    "float32 float64 float128 bfloat16 complex64 complex128 x86_64 amd64 arm64 aarch64 i386 "
    "i686 win32 win64 oauth2 html5 http2 http3 ipv4 ipv6 es2015 es2020 es2022 py3k "
    "h264 h265 utf_8 utf_16 latin_1 iso8859 cp1252 ucs2 ucs4 sqlite3 psycopg2 boto3 "
    "log2 log10 atan2 expm1 log1p"
)
# Capitalised words that may follow a cue like "code" or "order" without being codes.
_SHOUTED_WORDS = word_set(
    "ALWAYS NEVER EXACTLY IMPORTANT MUST SHOULD NOTE WARNING ERROR ERRORS TODO FIXME DONE "
    "FAILED PASSED CRITICAL REQUIRED PLEASE THANKS NONE NULL TRUE FALSE BEFORE AFTER ABOVE "
    "BELOW FIRST LAST ORDER CODES BLOCK CHANGE CHANGES REVIEW UPDATE DELETE INSERT SELECT "
    "WHERE GROUP LIMIT OFFSET VALUES TABLE INDEX COMMIT ABORT RESET START STOP PAUSE UNTIL "
    "WHILE THERE THESE THOSE THEIR OTHER ABOUT AGAIN STILL MAYBE DEBUG TRACE FATAL PANIC "
    "WHICH ASCII"
)
_NOT_ISSUE_PREFIXES = word_set(
    "UTF ISO SHA AES RSA GPT CP RFC IEC ECMA ANSI MD RC TLS SSL IPV X DES HTTP PEP ES LATIN "
    "WIN ARM AVX SSE COVID MP H PY UCS"
)
_KEYWORDS = word_set(
    "False None True and as assert async await break class continue def del elif else except "
    "finally for from global if import in is lambda nonlocal not or pass raise return try "
    "while with yield match case"
)

_CUE_WINDOW = 64
_WORD_PUNCTUATION = "\"'\u201c\u201d\u2018\u2019:=#[](){},.;"
_CODE_CUE_WORDS = word_set(
    "id ids code codes reservation reservations booking bookings confirmation locator "
    "locators pnr ref reference order orders ticket tickets voucher vouchers coupon coupons "
    "promo number numbers"
)
_NUMBER_CUE_WORDS = word_set(
    "id number no certificate card account invoice order ticket confirmation member "
    "membership ending four digits customer case reservation booking reference ref "
    "phone"
)
_ID_SUFFIXES = ("_id", "_ids", "_code", "_number", "_ref")
_VERSION_CUE_WORDS = word_set(
    "python py version versions ver release django node nodejs node.js go ruby java jdk php "
    "rust rustc gcc clang postgres postgresql mysql redis ubuntu debian alpine macos ios "
    "android windows numpy pandas sphinx pytest sympy matplotlib flask react vue angular "
    "typescript kotlin swift scala perl lua bash tls ssl http openssl cuda torch pytorch "
    "tensorflow pip npm scikit-learn"
)
_VERSION_OPERATORS = ("==", ">=", "<=", "~=", "!=")
_CONNECTIVES = word_set("is are was were and or the my a an of in")
_CODE_LIKE = re.compile(r"[A-Z0-9]{4,12}")
# A cue word, or an id key, as a substring in any case: a window without one holds no cue.
# Most cued matches ("THOUGHT", "DEBUG", "SELECT") have none near, and this search is a
# fraction of splitting and stripping the window's words. (Caseless matching folds the
# Kelvin sign to "k" as str.lower does.)
_CUE_HINTS = {
    cues: re.compile(_alternation(sorted({*cues, *_ID_SUFFIXES})), re.IGNORECASE)
    for cues in (_CODE_CUE_WORDS, _NUMBER_CUE_WORDS)
}


def _cued(text: str, start: int, cues: frozenset[str]) -> bool:
    """Whether a cue ("ID", "reservation", a ``reservation_id`` key) shortly precedes ``start``.

    Connectives and other codes in between do not count, so that every code of "the codes are
    IFOYYZ and HXDUBJ" or of a JSON list after ``"reservations":`` is cued.
    """
    window_start = max(0, start - _CUE_WINDOW)
    if not _CUE_HINTS[cues].search(text, window_start, start):
        return False
    considered = 0
    for raw in reversed(text[window_start:start].split()):
        word = raw.strip(_WORD_PUNCTUATION)
        if not word:
            continue  # a bracket or a quote on its own
        lowered = word.lower()
        if lowered in cues or lowered.endswith(_ID_SUFFIXES):
            return True
        if lowered in _CONNECTIVES or _CODE_LIKE.fullmatch(word):
            continue
        considered += 1
        if considered >= 2:
            return False
    return False


def _version_cued(text: str, start: int) -> bool:
    """Whether "N.N" is a version: "Python 3.11", "django==4.2" (not "12.50" or "0.5")."""
    if text[max(0, start - 2) : start].endswith(_VERSION_OPERATORS):
        return True
    if text[start - 1 : start] not in {" ", "-"}:
        return False
    previous = text[max(0, start - _CUE_WINDOW) : start].split()[-1:]
    return bool(previous) and previous[0].strip(_WORD_PUNCTUATION).lower() in _VERSION_CUE_WORDS


def may_be_attribute(value: str) -> bool:
    """Whether a bare file name could as well be attribute access (``math.log``,
    ``backends.sqlite``): no directory, and an extension that is also a usual attribute name.
    Extraction keeps such names (the stem might be a file); a ranking may trust them less."""
    stem, dot, extension = value.rpartition(".")
    return bool(dot and stem) and "/" not in value and extension in _RISKY_EXTENSIONS


_ESCAPED_CONTROL = re.compile(r"\\[nrt](?![A-Za-z0-9])|\\[nrt]\Z")


def _path_accepted(rule: str, value: str) -> bool:
    """Whether a path-shaped match is a path rather than prose or a sed script."""
    if _SED_SCRIPT.match(value):
        return False
    if _ESCAPED_CONTROL.search(value):
        # "B:\n" from JSON-escaped text is a drive letter glued to an escape, not a path.
        return False
    if rule == "path__file":
        stem, _, extension = value.rpartition(".")
        # response.json, django.db, django.db.backends.sqlite3: attributes and modules
        risky = extension in _RISKY_EXTENSIONS and "/" not in stem
        if risky and ("." in stem or stem in _VARIABLE_STEMS):
            return False
        return not stem.replace(".", "").isdigit()
    if rule == "path__absolute":
        # "/tmp" is a path; "/s", "/." and the "/__" of ASCII art are not.
        body = value.lstrip("~.")
        return len(body) > 2 and any(char.isalnum() for char in body)
    if rule in {"path__relative", "path__dir"}:
        parts = [part for part in value.split("/") if part]
        if not parts or all(part.isdigit() for part in parts):
            return False  # 24/7, 1/2
        if value.startswith(("./", "../", "~/")) or value.endswith("/") or len(parts) >= 3:
            return True
        last = parts[-1]
        if "." in last.strip("."):
            return last.rsplit(".", 1)[-1] in _EXTENSION_SET
        # Two plain words ("and/or", "client/server", "application/json", "M2M/O2M") are prose.
        return any("_" in part or "." in part.strip(".") for part in parts)
    return True


# Lower-case words numbered with one digit (word1, name2, clientoffice__name2) are variable
# names, not identifiers worth a checkpoint line; codes have more digits or capitals.
_PLAIN_NAME_WITH_DIGIT = re.compile(r"[a-z_]+\d\Z")
# The end of a sed range ("994,1030p"): a number with one command letter.
_SED_RANGE_END = re.compile(r"\d+[pdq]\Z")


def _accepted(rule: str, value: str, text: str, start: int, end: int) -> bool:
    """The checks a regex cannot express; ``False`` drops the match."""
    kind = rule.split("__", 1)[0]
    if kind == "path":
        return _path_accepted(rule, value)
    if rule == "code__mixed":
        return not (
            value.lower() in _COMMON_ALNUM
            or value in _KEYWORDS
            or _NUMBER_WITH_UNIT.match(value) is not None
            or _PLAIN_NAME_WITH_DIGIT.match(value) is not None
            or _SED_RANGE_END.match(value) is not None
        )
    if rule == "code__cued_caps":
        return value not in _SHOUTED_WORDS and _cued(text, start, _CODE_CUE_WORDS)
    if rule == "code__cued_number":
        return _cued(text, start, _NUMBER_CUE_WORDS)
    if rule == "version__cued":
        return _version_cued(text, start)
    if rule == "issue__key":
        return value.split("-", 1)[0] not in _NOT_ISSUE_PREFIXES
    if rule == "issue__hash":
        # packlight's own marks: a secret's fingerprint ("[secret: password #482913]") and a
        # checkpoint's integrity tag (legacy: "[end checkpoint #480213957716304]") name no issue.
        return not (
            text[end : end + 1] == "]" and _OWN_MARK.search(text, max(0, start - 80), start)
        )
    if rule == "amount__symbol":
        # "$1" followed by a quote or brace is a shell or awk positional parameter.
        return not (len(value) == 2 and text[end : end + 1] in {"}", "'", '"'})
    return True


_CONTEXT_FREE_RULES = frozenset({"code__mixed", "issue__key"})
# The rules _accepted has a check for; every other match is taken as it is.
_CHECKED_RULES = frozenset(
    {
        "code__mixed",
        "code__cued_caps",
        "code__cued_number",
        "version__cued",
        "issue__key",
        "issue__hash",
        "amount__symbol",
    }
)
# Per scanner group: kind, rule, the group holding the value, whether _accepted checks the
# rule, whether a rejection holds whatever the context. Looked up once per match.
_MATCH_INFO: dict[str, tuple[IdentifierKind, str, str, bool, bool]] = {
    name: (
        _KIND_OF[name],
        _RULE_OF[name],
        _VALUE_GROUPS.get(name, name),
        _RULE_OF[name] in _CHECKED_RULES or _KIND_OF[name] == "path",
        _RULE_OF[name] in _CONTEXT_FREE_RULES or _KIND_OF[name] == "path",
    )
    for _, name, _ in _RULES
}
_OWN_MARK = re.compile(
    r"\[(?:secret: [a-z0-9-]+|end checkpoint|end of checkpoint: continue from the conversation"
    r" below) $"
)
_URL_TRAILING = ".,;:!?'\")]}>*"


def _trim_url(value: str) -> str:
    """Drop sentence punctuation a URL match swallowed (a ``)`` stays when it closes a ``(``)."""
    while value and value[-1] in _URL_TRAILING:
        if value[-1] == ")" and value.count("(") >= value.count(")"):
            break
        value = value[:-1]
    return value


def extract_identifiers(text: str, *, limit: int | None = None) -> list[Identifier]:
    """The exact identifiers of ``text``, deduplicated, in order of first appearance.

    ``limit`` stops the scan once that many distinct identifiers were found. Every value is an
    exact substring of ``text``. Plain words, lone numbers and Python keywords are never
    reported. Never raises: anything that is not a non-empty string gives an empty list.
    """
    if not isinstance(text, str) or not text or (limit is not None and limit <= 0):
        return []
    # Every compaction of a session reads the same messages again: memoise by text.
    return list(_extract_memo(text, limit))


@functools.lru_cache(maxsize=16_384)
def _extract_memo(text: str, limit: int | None) -> tuple[Identifier, ...]:
    return tuple(_extract(text, limit))


# A session names the same paths and codes in many messages: their context-free checks and
# their (immutable) Identifier are made once per value.
@functools.lru_cache(maxsize=16_384)
def _accepted_anywhere(rule: str, value: str) -> bool:
    """:func:`_accepted` for a rule whose checks read only the value."""
    return _accepted(rule, value, "", 0, 0)


@functools.lru_cache(maxsize=16_384)
def _identifier(kind: IdentifierKind, value: str) -> Identifier:
    return Identifier(kind=kind, value=value)


def _extract(text: str, limit: int | None) -> list[Identifier]:
    if not isinstance(text, str) or not text or (limit is not None and limit <= 0):
        return []
    found: dict[str, Identifier] = {}
    rejected: set[str] = set()
    # The scanner consumes the character before each token, so the first token needs one.
    padded = "\n" + text
    try:
        for match in _SCANNER.finditer(padded):
            name = match.lastgroup
            if name is None:
                continue
            kind, rule, group, checked, remember = _MATCH_INFO[name]
            start, end = match.span(group)
            value = padded[start:end]
            if rule == "url__scheme":
                value = _trim_url(value)
                end = start + len(value)
            elif kind == "path" and value.endswith(".") and value != "..":
                if not value.endswith("/.."):
                    value = value.rstrip(".")  # a full stop or an ellipsis after the path
                end = start + len(value)
            if not value or value in found:
                continue
            if value in rejected:
                continue
            if checked and not (
                _accepted_anywhere(rule, value)
                if remember
                else _accepted(rule, value, padded, start, end)
            ):
                if remember:
                    rejected.add(value)  # cue and amount checks depend on the context
                continue
            found[value] = _identifier(kind, value)
            if limit is not None and len(found) >= limit:
                break
    except (RecursionError, MemoryError):  # pragma: no cover - defensive: never raise
        pass
    return list(found.values())
