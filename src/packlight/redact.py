"""Secrets out of text before it leaves the process.

Everything an LLM summarizer sends goes through :func:`redact` first (DESIGN.md section 5), and
so does every text a checkpoint quotes. A secret becomes a placeholder that says what it was
and which one, ``[secret: aws-secret-key #482913]``, and every other character stays as it was,
so that a summary can still cite paths, identifiers and error lines exactly, and the agent
still knows that a value existed and where it was used. The ``#`` part is a keyed fingerprint
of the secret (:mod:`packlight.local_key`): the same secret gets the same placeholder in every
message and every compaction, two secrets get two, and the placeholder tells nothing about the
value to anyone without this installation's key.

What is found (:mod:`packlight.secret_rules` has every pattern), by the kind a placeholder
names:

- whole structures: ``private-key`` (a PEM block, also cut short or JSON-escaped), ``jwt``,
  ``url-password`` (``scheme://user:PASSWORD@host``; user and host stay), incoming webhooks
  (``slack-webhook``, ``discord-webhook``, ``teams-webhook``, ``google-chat-webhook``: the
  host stays);
- providers' key formats: OpenAI, Anthropic, Stripe (keys and webhook secrets), Google (API
  keys, OAuth client secrets and tokens), GitHub, GitLab (every token prefix), Slack, AWS and
  Alibaba access key ids, Hugging Face, npm, PyPI, Docker Hub, SendGrid, Twilio, Mailgun,
  DigitalOcean, Shopify, CircleCI, Atlassian, Bitbucket, Linear, Notion, Postman, Grafana,
  New Relic, HashiCorp Vault, Doppler, age, Square, Groq, Replicate, Perplexity, xAI,
  Databricks, Supabase, Sentry, Telegram bot tokens and Discord bot tokens;
- headers: ``Authorization`` (``bearer-token``, ``basic-auth``, ``authorization``), API key
  headers (``api-key-header``), a bare ``Bearer <token>``, ``Cookie`` values (``cookie``);
- assignments: ``aws-secret-key``; ``password`` for a password-like name (``password=``,
  ``PGPASSWORD=``, ``"passwd": "..."``, a connection string's ``Password=``), whatever its
  length; ``secret`` for another secret-like name (``API_KEY``, ``*_TOKEN``, ``apiKey``,
  ``AccountKey``, ``credentials``...) when it has 8 characters or more; in ``.env``, shell,
  INI, JSON, query strings and YAML (an unquoted one-word value on its own line); an
  attached value keeps every symbol (``PGPASSWORD=Sq,ft(k}``); ``k8s-secret`` for every
  value of a Kubernetes Secret's ``data:`` or ``stringData:``; ``azure-sas`` (a SAS URL's
  ``sig=``);
- command lines: ``--password PW`` and ``--token T`` style flags, ``mysql -pPW``,
  ``sshpass -p PW``, ``docker login -p PW``, ``curl -u user:PW``, ``.netrc`` lines;
- words: "my password is hunter2", "the password for staging is ...", "use password X" when
  the value looks like one (a digit, a symbol, mixed case, quotes, or 16+ characters; an
  English word such as "incorrect" does not);
- ``high-entropy-secret``: an unlabelled string of 20 to 120 characters with upper and lower
  case and digits, high entropy and few word-like runs, within 60 characters after a
  secret-like word on its line. Hexadecimal strings (commit hashes, digests, UUIDs) never are.

:mod:`packlight.secret_rules_tools` and :mod:`packlight.secret_rules_personal` add what tools,
files and people give away by where they put it (secret stores' command lines, a command's
printed secret, XML elements, SQL, chat credentials...); :mod:`packlight.secret_rules_languages`
what people name in their own language (a PIN, a passphrase, a security answer, backup codes).

What looks like code stays: a call, an index or a name inside brackets or before a comma
(``api_key=get_key()``, ``f(token=token2)``; a name is told from generated letters by
:func:`~packlight.secret_rules.reads_as_name`), a spaced value made of names only
(``self.password = password``),
``$VARIABLE`` references, type annotations (``password: str``), empty values. In tool-call
arguments (:func:`redact_arguments`) a JSON string under a secret-like key is redacted by the
same rule, the key being the name.

Matching is linear in the length of the text (see :mod:`packlight.secret_rules`); a rule runs
only on text that contains one of its keywords. Redaction is idempotent: a placeholder never
matches again, and neither does the ``[REDACTED:<kind>]`` form of older versions.

Nothing here raises on any ``str``, and :func:`redact_message` never mutates its input.
"""

from __future__ import annotations

import bisect
import copy
import functools
import hashlib
import hmac
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, cast

import ahocorasick

from packlight import (
    secret_rules,
    secret_rules_chat,
    secret_rules_commands,
    secret_rules_config,
    secret_rules_issuers,
    secret_rules_languages,
    secret_rules_personal,
    secret_rules_tools,
)
from packlight.local_key import local_key
from packlight.messages import Message, as_mapping
from packlight.secret_prefilter import Candidates, RuleSet, candidates, prepare
from packlight.secret_rules import (
    AUTHORIZATION_NAME,
    AUTHORIZATION_VALUE,
    MARKER_PATTERN,
    Rule,
    assigned_secret_kind,
    authorization_kind,
    only_markers,
)
from packlight.secret_rules_anchors import Anchor
from packlight.secret_rules_anchors import finditer as anchored_matches
from packlight.secret_vetoes import vetoed

__all__ = [
    "MARKER_PATTERN",
    "PLACEHOLDER_PREFIX",
    "collecting_secrets",
    "placeholder",
    "redact",
    "redact_arguments",
    "redact_each",
    "redact_message",
    "redact_message_with_report",
    "redact_with_report",
    "scrub",
]

_RULE_MODULES = (
    secret_rules_issuers,
    secret_rules,
    secret_rules_tools,
    secret_rules_personal,
    secret_rules_languages,
    secret_rules_config,
    secret_rules_commands,
    secret_rules_chat,
)
RULES: tuple[Rule, ...] = tuple(rule for module in _RULE_MODULES for rule in module.RULES)
"""Every rule, in the order they are applied (the order decides only the kind a placeholder
names: whole structures and providers' formats first, what surrounds a value last)."""

PLACEHOLDER_PREFIX = "[secret: "
"""How every placeholder begins."""


def placeholder(kind: str, secret: str) -> str:
    """The text that stands in for ``secret`` (a secret of ``kind``)."""
    return f"{PLACEHOLDER_PREFIX}{kind} #{fingerprint(secret)}]"


def fingerprint(secret: str) -> str:
    """Six digits of a keyed hash of ``secret``: the same for the same secret in every
    process of this installation, meaningless without its key. Digits, because tokenizers
    read them three at a time: every placeholder costs the same tokens whatever the key, so
    what fits in a checkpoint never depends on it."""
    return _fingerprint(local_key(), secret)


@functools.lru_cache(maxsize=4096)
def _fingerprint(key: bytes, secret: str) -> str:
    message = b"packlight-secret\0" + secret.encode("utf-8", "surrogatepass")
    digest = hmac.new(key, message, "sha256").digest()
    return str(int.from_bytes(digest[:8], "big") % 1_000_000).zfill(6)


def _apply(rule: Rule, text: str, counts: Counter[str], placed: list[tuple[int, int]]) -> str:
    """``text`` with ``rule`` applied (its needles are known to be in it; ``placed`` are the
    spans of its placeholders)."""

    def substitute(match: re.Match[str]) -> str:
        if placed and _inside(placed, match.start()):
            return match.group(0)  # its cue is a placeholder's kind ("[secret: password #1]")
        if placed and _overlaps(placed, match.start(), match.end()):
            # Inside a placeholder ("[secret: password #482913]" reads as a password said in
            # words): only the secrets around it count.
            spans = [s for s in rule.find(match) if not _overlaps(placed, s[1], s[2])]
        else:
            spans = rule.find(match)
        # A mask, a placeholder, a public key or committed ciphertext where a secret would be.
        spans = [s for s in spans if not vetoed(s[0], text, s[1], s[2])]
        if not spans:
            return match.group(0)
        pieces: list[str] = []
        at = match.start()
        for kind, start, end in spans:
            pieces.append(text[at:start])
            pieces.append(placeholder(kind, text[start:end]))
            counts[kind] += 1
            _note(kind, text[start:end])
            at = end
        pieces.append(text[at : match.end()])
        return "".join(pieces)

    found = sum(counts.values())
    anchor = rule.anchor_for(len(text))
    if anchor is None or (anchor.ascii_only and not text.isascii()):
        changed = rule.pattern.sub(substitute, text)
    else:
        changed = _substituted(rule.pattern, anchor, text, substitute)
    # A match that held no secret still makes a new string: hand back the same one, so that
    # the needles are not looked up again for a text that did not change.
    return text if sum(counts.values()) == found else changed


def _substituted(
    pattern: re.Pattern[str],
    anchor: Anchor,
    text: str,
    substitute: Callable[[re.Match[str]], str],
) -> str:
    """``pattern.sub(substitute, text)``, the pattern tried only where its anchor is."""
    pieces: list[str] = []
    at = 0
    for match in anchored_matches(pattern, anchor, text):
        pieces.append(text[at : match.start()])
        pieces.append(substitute(match))
        at = match.end()
    if not pieces:
        return text
    pieces.append(text[at:])
    return "".join(pieces)


_FOUND: ContextVar[tuple[dict[str, str], int] | None] = ContextVar(
    "packlight_found_secrets", default=None
)
_MIN_SCRUBBED_CHARS = 6


@contextmanager
def collecting_secrets(*, min_chars: int = _MIN_SCRUBBED_CHARS) -> Iterator[dict[str, str]]:
    """Within this block every secret redacted is also noted: the yielded dict maps each
    secret value of ``min_chars`` characters or more to its kind (shorter values would be
    found inside other words). A text that holds the same value where nothing marks it as a
    secret (a bare password in a focus topic, an identifier list) is then cleaned with
    :func:`scrub`."""
    found: dict[str, str] = {}
    token = _FOUND.set((found, min_chars))
    try:
        yield found
    finally:
        _FOUND.reset(token)


def _note(kind: str, secret: str) -> None:
    collecting = _FOUND.get()
    if collecting is None:
        return
    found, min_chars = collecting
    if len(secret) >= min_chars and not only_markers(secret):
        found.setdefault(secret, kind)


def scrub(text: str, secrets: Mapping[str, str]) -> str:
    """``text`` with every one of ``secrets`` (values found by redaction elsewhere, see
    :func:`collecting_secrets`) replaced by its placeholder, the longest first."""
    for secret in sorted(secrets, key=len, reverse=True):
        if secret in text:
            text = text.replace(secret, placeholder(secrets[secret], secret))
    return text


def _placeholder_spans(text: str) -> list[tuple[int, int]]:
    if "[secret: " not in text and "[REDACTED:" not in text:
        return []
    return [match.span() for match in MARKER_PATTERN.finditer(text)]


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``start:end`` overlaps one of ``spans`` (sorted, disjoint)."""
    # The last span starting at or before ``start``, and the first one starting after it.
    at = bisect.bisect_right(spans, (start, _NO_END))
    if at and spans[at - 1][1] > start:
        return True
    return at < len(spans) and spans[at][0] < end


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    """Whether ``at`` lies inside one of ``spans`` (sorted, disjoint), after its first
    character."""
    index = bisect.bisect_left(spans, (at, 0))
    return index > 0 and spans[index - 1][1] > at


_NO_END = 1 << 62


_ROUNDS = 3
"""Passes over a text at most: a placeholder can end a value where the secret ran on ("a
quote opened in a password"), and the next pass reads what follows as it is."""


def redact_with_report(text: str) -> tuple[str, Counter[str]]:
    """``text`` with its secrets replaced, and how many of each kind were replaced. The rules
    run again over a text they changed, until a pass finds nothing (at most ``_ROUNDS``):
    redacting the result once more changes nothing."""
    counts: Counter[str] = Counter()
    for _ in range(_ROUNDS):
        text, found = _one_pass(text)
        if not found:
            break
        counts.update(found)
    return text, counts


def _one_pass(text: str) -> tuple[str, Counter[str]]:
    counts: Counter[str] = Counter()
    # Looked up once per version of the text, not once per rule applied to it.
    chosen = _chosen(text)
    placed = _placeholder_spans(text)
    for index, (rule, _) in enumerate(_RULE_NEEDLES):
        if index not in chosen:
            continue  # a rule that cannot match this text
        changed = _apply(rule, text, counts, placed)
        if changed is not text:
            text = changed
            chosen = _chosen(text)
            placed = _placeholder_spans(text)
    return text, counts


_RULE_NEEDLES = tuple((rule, frozenset(rule.needles)) for rule in RULES)
_ALL_NEEDLES = tuple(sorted({needle for _, needles in _RULE_NEEDLES for needle in needles}))
_RULES_OF_NEEDLE: dict[str, tuple[int, ...]] = {
    needle: tuple(index for index, (_, needles) in enumerate(_RULE_NEEDLES) if needle in needles)
    for needle in _ALL_NEEDLES
}


def _sources() -> tuple[str, ...]:
    return tuple(rule.source for rule, _ in _RULE_NEEDLES)


def _rules_fingerprint() -> bytes:
    """The text of the modules that write the rules, and of this one, which orders them
    (reading them costs a millisecond; building every rule's source, twenty)."""
    digest = hashlib.sha256()
    try:
        for module in (*_RULE_MODULES, sys.modules[__name__]):
            digest.update(Path(module.__file__ or "").read_bytes())
    except OSError:
        digest = hashlib.sha256("\0".join(_sources()).encode("utf-8", "surrogatepass"))
    return digest.digest()


_RULE_SET = RuleSet(len(_RULE_NEEDLES), _sources, _rules_fingerprint)


def prepare_prefilter() -> bool:
    """Make the rules' prefilter ready now rather than once enough text was redacted
    (:mod:`packlight.secret_prefilter`); whether it is (Hyperscan may be missing)."""
    return prepare(_RULE_SET)


def _chosen(text: str) -> frozenset[int]:
    """The rules (indices into :data:`_RULE_NEEDLES`) to run over ``text``: those whose
    needles it holds (a rule runs only where one of its words is), less those the
    prefilter finds cannot match it (:mod:`packlight.secret_prefilter`)."""
    return _narrowed(_with_needles(_needles_in(text)), candidates(text, _RULE_SET))


def _narrowed(by_needles: frozenset[int], found: Candidates | None) -> frozenset[int]:
    if found is None:
        return by_needles
    return by_needles & (found.may_match | found.unread)


def _with_needles(present: frozenset[str]) -> frozenset[int]:
    """The rules one of whose needles is among ``present``."""
    chosen: set[int] = set()
    for needle in present:
        chosen.update(_RULES_OF_NEEDLE[needle])
    return frozenset(chosen)


def _needles_in(text: str) -> frozenset[str]:
    """The rules' needles ``text`` holds, looked up once per text rather than once per rule
    (the needles are lower case; so is what they are looked for in). One pass of an
    Aho-Corasick automaton finds every needle of two characters or more, overlapping ones
    too; the single characters are plain ``in`` tests (an automaton would report every
    space)."""
    lowered = text.lower()
    found = {needle for _, needle in _NEEDLE_AUTOMATON.iter(lowered)}
    found.update(needle for needle in _SINGLE_CHARACTER_NEEDLES if needle in lowered)
    return frozenset(found)


def _needle_automaton(needles: Iterable[str]) -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for needle in needles:
        automaton.add_word(needle, needle)
    automaton.make_automaton()
    return automaton


_SINGLE_CHARACTER_NEEDLES = tuple(needle for needle in _ALL_NEEDLES if len(needle) == 1)
_NEEDLE_AUTOMATON = _needle_automaton(needle for needle in _ALL_NEEDLES if len(needle) > 1)


def redact(text: str) -> str:
    """``text`` with every secret replaced by its placeholder; the rest is unchanged."""
    return redact_with_report(text)[0]


def redact_each(texts: Sequence[str]) -> list[str]:
    """Each of ``texts`` as :func:`redact` gives it (the same rules, in the same order, over
    each text alone), found rule by rule: the texts that hold a rule's needles are looked up
    in one index rather than each text's needles tested against every rule (a checkpoint's
    hundred short quotes and identifiers: 1.1 ms where redacting them one by one took 2.3,
    and all of them joined 5.2)."""
    current = _one_pass_each(texts)
    for index, text in enumerate(texts):
        if current[index] is text:
            continue
        # Changed by the first pass: the later ones, as redact_with_report runs them.
        for _ in range(_ROUNDS - 1):
            current[index], found = _one_pass(current[index])
            if not found:
                break
    return current


def _one_pass_each(texts: Sequence[str]) -> list[str]:
    current = list(texts)
    chosen = _chosen_each(current)
    holders: dict[int, set[int]] = {}
    for index, rules in enumerate(chosen):
        for rule_index in rules:
            holders.setdefault(rule_index, set()).add(index)
    placed: dict[int, list[tuple[int, int]]] = {}
    counts: Counter[str] = Counter()
    for rule_index, (rule, _) in enumerate(_RULE_NEEDLES):
        for index in sorted(holders.get(rule_index, ())):
            text = current[index]
            spans = placed.get(index)
            if spans is None:
                spans = placed[index] = _placeholder_spans(text)
            changed = _apply(rule, text, counts, spans)
            if changed is text:
                continue
            current[index] = changed
            placed[index] = _placeholder_spans(changed)
            old, new = chosen[index], _chosen(changed)
            for gone in old - new:
                holders[gone].discard(index)
            for added in new - old:
                holders.setdefault(added, set()).add(index)
            chosen[index] = new
    return current


def _chosen_each(texts: Sequence[str]) -> list[frozenset[int]]:
    """:func:`_chosen` of each text, the needles found in one pass over all of them."""
    return [
        _narrowed(_with_needles(present), candidates(text, _RULE_SET))
        for text, present in zip(texts, _needles_of_each(texts), strict=True)
    ]


def _needles_of_each(texts: Sequence[str]) -> list[frozenset[str]]:
    """:func:`_needles_in` of each text, the automaton run once over all of them."""
    lowered = [text.lower() for text in texts]
    found: list[set[str]] = [set() for _ in lowered]
    starts: list[int] = []
    at = 0
    for text in lowered:
        starts.append(at)
        at += len(text) + 1
    for end, needle in _NEEDLE_AUTOMATON.iter("\x00".join(lowered)):
        found[bisect.bisect_right(starts, end) - 1].add(needle)
    return [
        frozenset(needles.union(c for c in _SINGLE_CHARACTER_NEEDLES if c in text))
        for needles, text in zip(found, lowered, strict=True)
    ]


def _redact_keyed(key: str, value: str, counts: Counter[str]) -> str:
    """A JSON string value, knowing the key it sits under (``{"password": "hunter2"}``)."""
    text, found = redact_with_report(value)
    counts.update(found)
    if AUTHORIZATION_NAME.fullmatch(key):
        match = AUTHORIZATION_VALUE.match(text)
        kind = authorization_kind(match) if match is not None else None
        if match is None or kind is None:
            return text
        counts[kind] += 1
        secret = match["secret"]
        _note(kind, secret)
        return text[: match.start("secret")] + placeholder(kind, secret) + text[match.end() :]
    kind = assigned_secret_kind(key, text)
    if kind is None:
        return text
    counts[kind] += 1
    _note(kind, text)
    return placeholder(kind, text)


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
