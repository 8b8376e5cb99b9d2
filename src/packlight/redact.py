"""Secrets out of text before it leaves the process.

Everything an LLM summarizer sends goes through :func:`redact` first (DESIGN.md section 5).
A secret becomes ``[REDACTED:<kind>]`` and every other character stays as it was, so that a
summary can still cite paths, identifiers and error lines exactly. The kinds:

===================== =====================================================================
``private-key``       a PEM block, ``-----BEGIN ... PRIVATE KEY-----`` to its ``-----END``
                      (or to the end of its base64 lines when the block was cut short)
``jwt``               three base64url segments, the first starting ``eyJ``
``url-password``      the password of ``scheme://user:PASSWORD@host`` (database URLs
                      included); user and host stay
``bearer-token``      ``Authorization: Bearer ...`` (also in ``curl -H``), and a bare
                      ``Bearer <token>`` whose token has 16+ characters and a digit
``basic-auth``        ``Authorization: Basic ...``
``authorization``     any other ``Authorization:`` value
``api-key-header``    ``x-api-key:``, ``api-key:``, ``x-goog-api-key:``, ``x-auth-token:``,
                      ``x-access-token:``, ``private-token:``
``<provider>-key``    ``openai-key`` (``sk-``, ``sk-proj-``), ``anthropic-key`` (``sk-ant-``),
                      ``google-api-key`` (``AIza``), ``github-token`` (``ghp_ gho_ ghu_ ghs_
                      ghr_ github_pat_``), ``gitlab-token`` (``glpat-``), ``slack-token``
                      (``xox[abposr]-``), ``stripe-key`` (``sk_live_ rk_live_`` and
                      ``_test_``), ``aws-access-key-id`` (``AKIA ASIA``), ``huggingface-token``
                      (``hf_``), ``npm-token`` (``npm_``), ``sendgrid-key`` (``SG.``)
``aws-secret-key``    the value of ``aws_secret_access_key = ...`` (or ``SecretAccessKey``)
``password``          the value assigned to a password-like name (``password=``,
                      ``DB_PASSWORD=``, ``"passwd": "..."``), whatever its length, including
                      ``password=...`` in a libpq or ADO.NET connection string
``secret``            the value assigned to another secret-like name (``API_KEY``, ``SECRET``,
                      ``TOKEN``, ``*_SECRET``, ``*_TOKEN``, ``*_KEY``, ``apiKey``...) when it
                      has 8 characters or more
===================== =====================================================================

An assignment is ``NAME=value`` (``.env`` files, shell, query strings, ``--flag=value``),
``NAME = value`` alone on its line (INI files), or ``"NAME": "value"`` (JSON, Python, YAML with
a quoted value); the name and the quotes stay. What looks like code stays too: an unquoted
value followed by ``(``, ``[``, ``)`` or ``,`` (``api_key=get_key()``, ``f(token=token)``), a
spaced value made of names only (``self.password = password``), ``$VARIABLE`` references,
``password: str`` annotations and empty values. In tool-call arguments (:func:`redact_arguments`)
a JSON string under a secret-like key is redacted by the same rule, the key being the name.

The patterns are compiled once and built so that matching is linear in the length of the
text: every candidate starts at the beginning of a token and scans only that token (or, for a
PEM body, only up to the next ``-----``), with possessive quantifiers where a failed match
could otherwise retry; a pattern runs only on text that contains one of its keywords.
Redaction is idempotent: a marker never matches again.

Pure: nothing here raises on any ``str``, and :func:`redact_message` never mutates its input.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from packlight.messages import Message, as_mapping

MARKER_PATTERN = re.compile(r"\[REDACTED:[a-z0-9-]+\]")
"""What a redaction looks like in the output."""


def marker(kind: str) -> str:
    """The text that stands in for a secret of ``kind``."""
    return f"[REDACTED:{kind}]"


# A candidate token may not start in the middle of another token: this is what keeps every
# pattern linear (a run of token characters is scanned from its start only, never from each
# of its positions) and what keeps ``task-sk-...`` or ``MONKEY=`` from matching.
_TOKEN_START = r"(?<![A-Za-z0-9_-])"

_PRIVATE_KEY = re.compile(
    r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:"
    # The whole block: the body cannot contain "-----", so a BEGIN without an END scans only
    # up to the next dashes.
    r"[^-]*+(?:-(?!----)[^-]*+)*+-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    # A block cut short (a truncated tool output): its base64 lines, real or JSON-escaped.
    r"|(?:(?:\r?\n|\\r\\n|\\n)[ \t]*+[A-Za-z0-9+/=]{16,}+)*+"
    r")"
)

_JWT = re.compile(r"e(?<![A-Za-z0-9_-]e)yJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]*+")

_URL_PASSWORD = re.compile(
    r"(?<![A-Za-z0-9+.-])"
    r"(?P<prefix>[A-Za-z][A-Za-z0-9+.-]{0,30}+://[^\s:/?#@\[\]'\"<>]*+:)"
    # Greedy with "@" allowed, so that an unencoded "@" in a password ends at the last one.
    r"(?P<secret>[^\s/?#\[\]'\"<>]+)"
    r"(?=@[^\s@/?#])"
)

_HEADER_VALUE = r"(?P<secret>[A-Za-z0-9._~+/-]++=*+)"

_AUTHORIZATION_VALUE_TEXT = (
    r"(?:(?P<scheme>(?i:bearer|basic|token|apikey))[ \t]++)?" + _HEADER_VALUE
)

_AUTHORIZATION = re.compile(
    _TOKEN_START
    + r"(?P<prefix>(?i:(?:proxy-)?authorization)[\"']?[ \t]*+[:=][ \t]*+[\"']?)"
    + _AUTHORIZATION_VALUE_TEXT
)
_AUTHORIZATION_VALUE = re.compile(_AUTHORIZATION_VALUE_TEXT)
_AUTHORIZATION_NAME = re.compile(r"(?i:(?:proxy-)?authorization)")

_API_KEY_HEADER = re.compile(
    _TOKEN_START
    + r"(?P<prefix>(?i:x-api-key|api-key|x-goog-api-key|x-auth-token|x-access-token|private-token)"
    r"[\"']?[ \t]*+:[ \t]*+[\"']?)" + _HEADER_VALUE
)

_BEARER = re.compile(
    _TOKEN_START
    + r"(?P<prefix>(?i:bearer)[ \t]++)"
    + r"(?P<secret>(?=[A-Za-z0-9._~+/-]*?[0-9])[A-Za-z0-9._~+/-]{16,}+=*+)"
)

# The providers' key formats: (group, kind, pattern). Every pattern starts with a literal
# character and checks the token start right after it, so that the search skips every position
# that cannot start a key (a leading lookbehind would disable that).
_PROVIDER_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("anthropic", "anthropic-key", r"sk-ant-[A-Za-z0-9_-]{20,}+"),
    # A project key's prefix is specific enough on its own; a bare "sk-" key of 20+ random
    # characters has a digit, where "sk-learn-compatible-..." has none.
    ("openai_project", "openai-key", r"sk-proj-[A-Za-z0-9_-]{20,}+"),
    ("openai", "openai-key", r"sk-(?=[A-Za-z0-9_-]*?[0-9])[A-Za-z0-9_-]{20,}+"),
    ("stripe_secret", "stripe-key", r"sk_(?:live|test)_[A-Za-z0-9]{16,}+"),
    ("stripe_restricted", "stripe-key", r"rk_(?:live|test)_[A-Za-z0-9]{16,}+"),
    ("google", "google-api-key", r"AIza[A-Za-z0-9_-]{30,}+"),
    ("github", "github-token", r"gh[pousr]_[A-Za-z0-9]{30,}+"),
    ("github_pat", "github-token", r"github_pat_[A-Za-z0-9_]{30,}+"),
    ("gitlab", "gitlab-token", r"glpat-[A-Za-z0-9_-]{20,}+"),
    ("slack", "slack-token", r"xox[abposr]-[A-Za-z0-9-]{10,}+"),
    ("aws_akia", "aws-access-key-id", r"AKIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_asia", "aws-access-key-id", r"ASIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("huggingface", "huggingface-token", r"hf_[A-Za-z0-9]{30,}+"),
    ("npm", "npm-token", r"npm_[A-Za-z0-9]{30,}+"),
    ("sendgrid", "sendgrid-key", r"SG\.[A-Za-z0-9_-]{16,}+\.[A-Za-z0-9_-]{16,}+"),
)
_PROVIDER_KINDS = {group: kind for group, kind, _ in _PROVIDER_FORMATS}
_PROVIDER_KEY = re.compile(
    "|".join(
        f"{pattern[0]}(?<![A-Za-z0-9_-]{pattern[0]})(?P<{group}>{pattern[1:]})"
        for group, _, pattern in _PROVIDER_FORMATS
    )
)

_AWS_SECRET = re.compile(
    _TOKEN_START + r"(?P<prefix>(?i:aws_?secret_?access_?key|secret_?access_?key|aws_?secret_?key)"
    r"[\"']?[ \t]*+[:=][ \t]*+[\"']?)"
    r"(?P<secret>[A-Za-z0-9/+=]{30,}+)"
)

_SECRET_NAME_TEXT = (
    r"(?:(?i:(?:[a-z0-9]+[_-])*(?:api[_-]?key|secret|token|password|passwd|passphrase)"
    r"|(?:[a-z0-9]+[_-])+(?:key|pass|pwd))"
    r"|[A-Za-z][A-Za-z0-9]*(?:Key|Token|Secret|Password))"
)
_SECRET_NAME = re.compile(_SECRET_NAME_TEXT)
_PASSWORD_NAME = re.compile(r"(?i:.*(?:password|passwd|passphrase|pass|pwd))")

_QUOTED_VALUE = r"\"(?:[^\"\\\r\n]|\\.)*+\"|'[^'\r\n]*+'"
# Unquoted: not a reference ($VAR, ${VAR}, <placeholder>), not a comment, and not code (a value
# followed by "(", "[", ")" or "," is a call or an argument: api_key=get_key(), f(token=t)).
_UNQUOTED_VALUE = r"(?![$=\[{<#])[^\s'\"`<>(){}\[\],;&|]++(?![(\[),])"
_LINE_END = r"(?=[ \t]*+(?![^\r\n]))"

_ASSIGNMENT = re.compile(
    _TOKEN_START
    + r"(?P<prefix>(?:--?)?(?P<quote>[\"']?)(?P<name>"
    + _SECRET_NAME_TEXT
    + r")(?P=quote)[ \t]*+(?:(?P<equals>=)|:)(?P<space>[ \t]++)?)"
    r"(?P<value>"
    + _QUOTED_VALUE
    # After "=" a value may be unquoted: right after it, or alone to the end of the line
    # ("key = value" in an INI file), so that "PASSWORD= TOKEN=abc" assigns nothing to
    # PASSWORD. After ":" only a quoted value counts: "password: str" is a type annotation.
    + r"|(?(equals)(?(space)"
    + _UNQUOTED_VALUE
    + _LINE_END
    + r"|"
    + _UNQUOTED_VALUE
    + r")|(?!))"
    r")"
)

# A spaced, unquoted value made of names only ("password = password", "x = self.token") is
# code; a spaced INI value with a digit or a symbol in it is still redacted.
_CODE_REFERENCE = re.compile(r"[A-Za-z_]++(?:\.[A-Za-z_]++)*+")

_MIN_SECRET_CHARS = 8
_MIN_BASIC_CHARS = 4

_Replacement = tuple[str, str] | None
"""What a rule makes of one match: the replacement text and the kind, or ``None`` to keep it."""


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str]
    replace: Callable[[re.Match[str]], _Replacement]
    needles: tuple[str, ...]
    """Lower-case strings one of which every match contains: a text without any of them skips
    the (much slower) pattern search."""


def _only_markers(value: str) -> bool:
    """Whether ``value`` holds nothing but markers and blanks (so it was redacted already)."""
    return not MARKER_PATTERN.sub("", value).strip()


def _assigned_secret_kind(name: str, value: str) -> str | None:
    """The kind of secret ``value`` is when it is assigned to ``name`` (``None``: not one)."""
    if not _SECRET_NAME.fullmatch(name) or _only_markers(value):
        return None
    if _PASSWORD_NAME.fullmatch(name):
        return "password"
    return "secret" if len(value) >= _MIN_SECRET_CHARS else None


def _whole(kind: str) -> Callable[[re.Match[str]], _Replacement]:
    return lambda match: (marker(kind), kind)


def _secret_group(kind: str) -> Callable[[re.Match[str]], _Replacement]:
    def replace(match: re.Match[str]) -> _Replacement:
        return match["prefix"] + marker(kind), kind

    return replace


def _provider_key(match: re.Match[str]) -> _Replacement:
    kind = _PROVIDER_KINDS.get(match.lastgroup or "", "api-key")
    return marker(kind), kind


def _authorization_value(match: re.Match[str], value_start: int) -> tuple[str, str] | None:
    """The scheme (``"Bearer "``, or nothing) and the kind of an authorization value."""
    scheme = (match["scheme"] or "").lower()
    kind = {"bearer": "bearer-token", "basic": "basic-auth"}.get(scheme, "authorization")
    minimum = _MIN_BASIC_CHARS if scheme == "basic" else _MIN_SECRET_CHARS
    if len(match["secret"]) < minimum:
        return None
    return match.string[value_start : match.start("secret")], kind


def _authorization(match: re.Match[str]) -> _Replacement:
    value = _authorization_value(match, match.end("prefix"))
    if value is None:
        return None
    scheme, kind = value
    return match["prefix"] + scheme + marker(kind), kind


def _header(match: re.Match[str]) -> _Replacement:
    if len(match["secret"]) < _MIN_SECRET_CHARS:
        return None
    return match["prefix"] + marker("api-key-header"), "api-key-header"


def _assignment(match: re.Match[str]) -> _Replacement:
    value = match["value"]
    quoted = value[:1] in {'"', "'"}
    inner = value[1:-1] if quoted else value
    if match["space"] and not quoted and _CODE_REFERENCE.fullmatch(inner):
        return None  # "self.password = password" is code, not an INI file
    kind = _assigned_secret_kind(match["name"], inner)
    if kind is None:
        return None
    quote = value[0] if quoted else ""
    return match["prefix"] + quote + marker(kind) + quote, kind


# Order decides only the kind a marker names: whole structures first (a key inside a PEM block,
# a JWT or a URL password is reported as that), then the providers' formats (a key in an
# Authorization header is named by its provider), then headers, assignments last.
_RULES: tuple[_Rule, ...] = (
    _Rule(_PRIVATE_KEY, _whole("private-key"), ("private key",)),
    _Rule(_JWT, _whole("jwt"), ("eyj",)),
    _Rule(_URL_PASSWORD, _secret_group("url-password"), ("://",)),
    _Rule(
        _PROVIDER_KEY,
        _provider_key,
        (
            "sk",
            "rk_",
            "aiza",
            "gh",
            "github_pat_",
            "glpat-",
            "xox",
            "akia",
            "asia",
            "hf_",
            "npm_",
            "sg.",
        ),
    ),
    _Rule(_AUTHORIZATION, _authorization, ("authorization",)),
    _Rule(_API_KEY_HEADER, _header, ("api-key", "auth-token", "access-token", "private-token")),
    _Rule(_BEARER, _secret_group("bearer-token"), ("bearer",)),
    _Rule(_AWS_SECRET, _secret_group("aws-secret-key"), ("secret",)),
    _Rule(_ASSIGNMENT, _assignment, ("key", "secret", "token", "pass", "pwd")),
)


def _apply(rule: _Rule, text: str, lowered: str, counts: Counter[str]) -> str:
    """``text`` with ``rule`` applied; ``lowered`` is ``text.lower()``, made once per text
    rather than once per rule."""
    if not any(needle in lowered for needle in rule.needles):
        return text

    def substitute(match: re.Match[str]) -> str:
        replacement = rule.replace(match)
        if replacement is None:
            return match.group(0)
        counts[replacement[1]] += 1
        return replacement[0]

    return rule.pattern.sub(substitute, text)


def redact_with_report(text: str) -> tuple[str, Counter[str]]:
    """``text`` with its secrets replaced, and how many of each kind were replaced."""
    counts: Counter[str] = Counter()
    lowered = text.lower()
    for rule in _RULES:
        changed = _apply(rule, text, lowered, counts)
        if changed is not text:
            text, lowered = changed, changed.lower()
    return text, counts


def redact(text: str) -> str:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``; the rest is unchanged."""
    return redact_with_report(text)[0]


def _redact_keyed(key: str, value: str, counts: Counter[str]) -> str:
    """A JSON string value, knowing the key it sits under (``{"password": "hunter2"}``)."""
    text, found = redact_with_report(value)
    counts.update(found)
    if _AUTHORIZATION_NAME.fullmatch(key):
        match = _AUTHORIZATION_VALUE.match(text)
        redacted = _authorization_value(match, 0) if match is not None else None
        if match is not None and redacted is not None:
            counts[redacted[1]] += 1
            return redacted[0] + marker(redacted[1]) + text[match.end() :]
        return text
    kind = _assigned_secret_kind(key, text)
    if kind is None:
        return text
    counts[kind] += 1
    return marker(kind)


def _redact_json(value: Any, key: str | None, counts: Counter[str]) -> Any:
    if isinstance(value, str):
        if key is None:
            text, found = redact_with_report(value)
            counts.update(found)
            return text
        return _redact_keyed(key, value, counts)
    if isinstance(value, list):
        return [_redact_json(item, None, counts) for item in value]
    if isinstance(value, dict):
        return {name: _redact_json(item, str(name), counts) for name, item in value.items()}
    return value


def redact_arguments(arguments: str) -> tuple[str, Counter[str]]:
    """Tool-call arguments with their secrets replaced, still valid JSON when they were.

    JSON arguments are parsed and every string value is redacted (a value under a secret-like
    key as a whole); they are dumped again only when something changed. Anything that is not
    JSON is redacted as text.
    """
    try:
        parsed = json.loads(arguments)
        counts: Counter[str] = Counter()
        redacted = _redact_json(parsed, None, counts)
        if not counts:
            return arguments, counts
        return json.dumps(redacted, ensure_ascii=False), counts
    except (ValueError, RecursionError):
        return redact_with_report(arguments)


def redact_message_with_report(message: Message) -> tuple[Message, Counter[str]]:
    """A redacted deep copy of ``message``, and how many secrets of each kind it held.

    Redacted: string content, the text of text, refusal and thinking parts, and tool-call
    arguments. Everything else (images, ids, names, unknown keys) is copied as it is.
    """
    counts: Counter[str] = Counter()
    result: dict[str, Any] = copy.deepcopy(dict(as_mapping(message)))
    content = result.get("content")
    if isinstance(content, str):
        result["content"] = _counted(content, counts)
    elif isinstance(content, list):
        for part in content:
            if not isinstance(part, dict):
                continue
            for key in ("text", "refusal", "thinking"):
                value = part.get(key)
                if isinstance(value, str):
                    part[key] = _counted(value, counts)
    calls = result.get("tool_calls")
    if isinstance(calls, list):
        for call in calls:
            function = call.get("function") if isinstance(call, dict) else None
            if not isinstance(function, dict):
                continue
            arguments = function.get("arguments")
            if isinstance(arguments, str):
                function["arguments"], found = redact_arguments(arguments)
                counts.update(found)
            elif isinstance(arguments, dict | list):
                function["arguments"] = _redact_json(arguments, None, counts)
    return cast(Message, result), counts


def redact_message(message: Message) -> Message:
    """A copy of ``message`` with every secret in its text and tool-call arguments replaced."""
    return redact_message_with_report(message)[0]


def _counted(text: str, counts: Counter[str]) -> str:
    redacted, found = redact_with_report(text)
    counts.update(found)
    return redacted
