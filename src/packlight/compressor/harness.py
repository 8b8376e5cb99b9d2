"""Which user-role messages an agent harness wrote rather than a person.

Agent harnesses put many messages under the ``user`` role that no person wrote: format
reminders, step-limit and cost notices, command output wrapped as an observation, "continue"
nudges. None of them is the task, and the checkpoint must not name one as the active task or
the goal. :func:`harness_indices` finds them from the shape of the conversation, not from a
list of known phrases:

- **A marker the host sets.** ``message["_packlight"]["harness"]`` (:data:`HARNESS_KEY`) set
  to ``True`` marks a message as the harness's, ``False`` as a person's; either overrides the
  rules below.
- **A repeated template.** A user message whose text appears twice among the user messages
  with at most its numbers changed, or three times once numbers, hex ids, paths and quoted
  strings are replaced by placeholders (:func:`template_key`), is a template the harness
  fills in (two requests that differ only in a file name are a person's); in a chat, where no
  assistant turn runs anything, a repeat that says a value changed ("Admin console moved to
  port 7117" after "... to port 2420") is a person revising it in the same words. A person who
  types the same thing twice ("continue", "yes") is counted with the harness too: such a
  message carries no task of its own, and the instruction before it stays the active task.
  The session's first user message is never taken for a template: it is the original task
  (unless a checkpoint precedes it, which holds the task).
- **An observation wrapper.** A user message that answers an assistant turn which ran
  something (a tool call or a fenced code block) and begins with a markup tag
  (``<returncode>0</returncode><output>...``) is command output that the harness wraps.
- **A templated notice.** A short user message that answers an assistant turn and lays out
  a block of markup (a line ``<name>``, later a line ``</name>``, outside fenced code), the
  way a harness shows the model the reply it expects after a malformed one, even once.
- **The host's patterns.** Regular expressions in ``context.harness_patterns`` (or
  ``Session(..., harness_patterns=[...])``): a user message other than the first that one
  matches is the harness's.

A single short message ("continue" once) is a person's: one occurrence is not a template.

Everything here is pure and never mutates its arguments.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from packlight.compressor.subjects import subject
from packlight.messages import (
    Message,
    is_summary,
    message_text,
    packlight_meta,
    tool_calls_of,
)

__all__ = [
    "HARNESS_KEY",
    "first_human_index",
    "harness_indices",
    "latest_human_index",
    "runs_something",
    "template_key",
]

HARNESS_KEY = "harness"
"""The key under ``message["_packlight"]`` by which a host says who wrote a user message:
``True`` for the harness, ``False`` for a person."""

_TEMPLATE_REPEATS = 3
"""How many times one template, filled with different values, marks the harness."""
_QUOTED = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|`[^`\n]*`")
# A path starts where a run of its characters starts ("/" is not one of them, so the run
# never gives back a character): the same matches as without the look-behind and the
# possessive run, without trying again from inside every word.
_PATH = re.compile(r"(?<![\w.~-])(?:[\w.~-]*+/)+[\w.-]*")
_HEX = re.compile(r"\b(?:0x)?(?=[0-9a-f]*\d)[0-9a-f]{7,}\b", re.IGNORECASE)
# Every hex id holds a run of seven hex digits, which few texts do; looking for the run
# skips most characters at once, where _HEX tries its word boundary at each of them.
_HEX_RUN = re.compile(r"[0-9a-fA-F]{7}")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_LEADING_TAG = re.compile(r"\s*<[A-Za-z_][\w-]*(?:\s[^<>]*)?>")
_FENCE = re.compile(r"^\s*```", re.MULTILINE)
_FENCED = re.compile(r"^\s*```.*?^\s*```", re.MULTILINE | re.DOTALL)
_BLOCK_TAG = re.compile(r"^\s*<([A-Za-z_][\w-]*)>\s*$", re.MULTILINE)
NOTICE_CHARS = 1_500
"""A templated notice is short; a longer message with tag blocks is a paste."""


def template_key(text: str) -> str:
    """``text`` with the parts a template fills in (quoted strings, paths, hex ids, numbers)
    replaced by placeholders, whitespace collapsed and case folded: two messages from one
    template have the same key."""
    text = _QUOTED.sub("<q>", text)
    if "/" in text:
        # A path holds a "/" and no line break, and the look-behind that opens _PATH is tried
        # at every character searched: search only the lines with a "/" (a long paste has
        # few). A line break before a line is no path character, as nothing is before a text.
        text = "\n".join(
            _PATH.sub("<path>", line) if "/" in line else line for line in text.split("\n")
        )
    if _HEX_RUN.search(text):
        text = _HEX.sub("<hex>", text)
    text = _NUMBER.sub("<n>", text)
    return _collapsed(text).casefold()


def _collapsed(text: str) -> str:
    """``text`` with its whitespace collapsed to single spaces and stripped (``str.split``
    splits where ``\\s`` matches, and faster than a substitution)."""
    return " ".join(text.split())


def harness_indices(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    patterns: Sequence[re.Pattern[str]] = (),
    summaries: Sequence[bool] | None = None,
) -> frozenset[int]:
    """The indices of the user messages in ``messages`` that the harness wrote (the rules are
    in the module docstring). ``patterns`` are the host's own (``context.harness_patterns``):
    a user message other than the first that one of them matches is the harness's.
    Checkpoints and other roles are never included. ``summaries`` is :func:`is_summary` of
    each message, when the caller has it."""
    data: Sequence[Mapping[str, Any]] = messages
    if summaries is None:
        summaries = [is_summary(m) for m in data]
    users = [i for i, m in enumerate(data) if m.get("role") == "user" and not summaries[i]]
    texts = {i: message_text(data[i]) for i in users}
    # The original task is the first user message unless a checkpoint came before it (then
    # the task is in the checkpoint and this is a later message like any other).
    opening = next((i for i, summary in enumerate(summaries) if summary), len(data))
    first = next((i for i in users if texts[i].strip() and i < opening), None)
    keys = {i: template_key(texts[i]) for i in users if i != first and texts[i].strip()}
    # Counters and counts are what a notice varies most ("found 2 actions", "12 steps left");
    # a person's repeated request differs in what it is about: a file, a name, a quote.
    numbered = {i: _collapsed(_NUMBER.sub("<n>", texts[i])).casefold() for i in keys}
    repeats = Counter(keys.values())
    numbered_repeats = Counter(numbered.values())

    chat = not any(
        m.get("role") == "assistant"
        and (tool_calls_of(m) or _FENCE.search(message_text(m)) is not None)
        for m in data
    )
    found: set[int] = set()
    for i in users:
        marked = packlight_meta(data[i]).get(HARNESS_KEY)
        if isinstance(marked, bool):
            if marked:
                found.add(i)
            continue
        # The same words (numbers aside) twice, or one template filled in three times: a
        # person who asks for the same thing about two different files is not a template.
        # In a chat (no assistant turn runs anything, so no harness loop) a person who says
        # a value changed ("Admin console moved to port 7117", after "... to port 2420")
        # revises it in the same words: an update, not a counter.
        repeated = (
            i in keys
            and (numbered_repeats[numbered[i]] >= 2 or repeats[keys[i]] >= _TEMPLATE_REPEATS)
            and not (chat and subject(texts[i]).update)
        )
        if repeated or (i != first and _written_by_harness(data, i, texts[i], patterns, summaries)):
            found.add(i)
    return frozenset(found)


def _written_by_harness(
    data: Sequence[Mapping[str, Any]],
    index: int,
    text: str,
    patterns: Sequence[re.Pattern[str]],
    summaries: Sequence[bool],
) -> bool:
    """Whether a user message other than the first is an observation wrapper, a templated
    notice, or matched by one of the host's patterns."""
    return (
        _is_observation(data, index, text, summaries)
        or _is_notice(data, index, text, summaries)
        or any(pattern.search(text) for pattern in patterns)
    )


def _is_notice(
    data: Sequence[Mapping[str, Any]], index: int, text: str, summaries: Sequence[bool]
) -> bool:
    """Whether the user message at ``index`` is a templated notice: it answers an assistant
    turn (or follows a checkpoint, which replaced that turn) and lays out a block of markup
    of its own (a line that is only ``<name>`` and a later one that is only ``</name>``,
    outside fenced code), the way a harness shows the model an example of the reply it
    expects. A person's short message mid-session does not
    frame its words in tag blocks; a long paste may, and is not taken for a notice."""
    if len(text) > NOTICE_CHARS or index == 0:
        return False
    # Right after a checkpoint the assistant turn it answered was compacted away.
    before = data[index - 1]
    if before.get("role") != "assistant" and not summaries[index - 1]:
        return False
    outside = _FENCED.sub("", text)
    return any(
        re.search(rf"^\s*</{re.escape(name)}>\s*$", outside[opening.end() :], re.MULTILINE)
        for opening in _BLOCK_TAG.finditer(outside)
        for name in [opening.group(1)]
    )


def _is_observation(
    data: Sequence[Mapping[str, Any]], index: int, text: str, summaries: Sequence[bool]
) -> bool:
    """Whether the user message at ``index`` is wrapped command output: it begins with a
    markup tag and answers an assistant turn that ran something."""
    if not _LEADING_TAG.match(text):
        return False
    before = next((data[j] for j in range(index - 1, -1, -1) if not summaries[j]), None)
    return before is not None and runs_something(before)


def runs_something(message: Mapping[str, Any]) -> bool:
    """Whether ``message`` is an assistant turn that ran something: a tool call, or a fenced
    code block (an agent that acts through its text, as mini-swe-agent does)."""
    if message.get("role") != "assistant":
        return False
    return bool(tool_calls_of(message)) or bool(_FENCE.search(message_text(message)))


def _human_users(
    messages: Sequence[Message | Mapping[str, Any]],
    harness: Collection[int] | None,
    summaries: Sequence[bool] | None,
) -> list[int]:
    if summaries is None:
        summaries = [is_summary(m) for m in messages]
    excluded = harness_indices(messages, summaries=summaries) if harness is None else harness
    return [
        i
        for i, m in enumerate(messages)
        if m.get("role") == "user" and not summaries[i] and i not in excluded
    ]


def latest_human_index(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    harness: Collection[int] | None = None,
    stop: int | None = None,
    summaries: Sequence[bool] | None = None,
) -> int | None:
    """The index of the latest user message a person wrote (before ``stop``, when given), or
    ``None``. ``harness`` is :func:`harness_indices` of ``messages`` and ``summaries`` is
    :func:`is_summary` of each message, when already known."""
    found = [i for i in _human_users(messages, harness, summaries) if stop is None or i < stop]
    return found[-1] if found else None


def first_human_index(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    harness: Collection[int] | None = None,
    stop: int | None = None,
    summaries: Sequence[bool] | None = None,
) -> int | None:
    """The index of the first user message a person wrote (before ``stop``, when given), or
    ``None``. ``harness`` and ``summaries`` as for :func:`latest_human_index`."""
    found = [i for i in _human_users(messages, harness, summaries) if stop is None or i < stop]
    return found[0] if found else None
