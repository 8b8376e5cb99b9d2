"""Repair tool-call pairs so that no provider refuses the transcript.

Compaction removes messages, and a removed assistant message or tool result leaves the other
half of its pair behind: the HTTP 400 after compaction that every peer system has shipped at
some point. :func:`sanitize_tool_pairs` restores the one shape both OpenAI and Anthropic accept
(DESIGN.md section 5, step 6): each assistant message with ``tool_calls`` is followed directly
by exactly one result per call, in any order, and tool results appear nowhere else.

Pairing is by adjacency, never by a global id: real agents (tau-bench) reuse an answered id in
a later turn, so a result belongs to the assistant message right before its run or to none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from packlight.messages import PACKLIGHT_KEY, Message

STUB_RESULT = "[no result recorded: this tool call's output was removed by context compaction]"
"""The content of the tool message that stands in for a result that is gone."""


@dataclass(frozen=True, slots=True)
class SanitizeResult:
    """The repaired transcript and what it took to repair it."""

    messages: list[Message]
    """The transcript with every tool call paired; untouched messages are the input objects."""
    dropped: tuple[Message, ...]
    """Tool results that answered no call of the turn before them, or answered one twice, in
    input order. The caller archives them: they leave the window but are not lost."""
    stubbed: tuple[str, ...]
    """Call ids that got a :data:`STUB_RESULT` tool message, in transcript order."""

    @property
    def changed(self) -> bool:
        """Whether anything was dropped or stubbed."""
        return bool(self.dropped or self.stubbed)


def stub_result(call_id: str) -> Message:
    """The tool message that answers ``call_id`` when its real result is gone."""
    stub: dict[str, Any] = {
        "role": "tool",
        "tool_call_id": call_id,
        "content": STUB_RESULT,
        PACKLIGHT_KEY: {"stub": True},
    }
    return cast(Message, stub)


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, Mapping) else None


def _call_ids(message: Any) -> list[str]:
    """An assistant message's call ids, each once, in call order (malformed calls skipped)."""
    calls = message.get("tool_calls") if _role(message) == "assistant" else None
    if not isinstance(calls, list):
        return []
    ids = [
        call["id"]
        for call in calls
        if isinstance(call, Mapping) and isinstance(call.get("id"), str) and call["id"]
    ]
    return list(dict.fromkeys(ids))


def sanitize_tool_pairs(
    messages: Sequence[Message], *, allow_trailing_pending: bool = True
) -> SanitizeResult:
    """Pair every tool call with exactly one result directly after its assistant message.

    - A tool message in the run directly after an assistant message with ``tool_calls`` is
      kept when it answers one of that message's calls for the first time; any other tool
      message (an orphan, a duplicate, one whose call was compacted away) is dropped.
    - A call without a result gets a stub tool message (:func:`stub_result`), placed after the
      results its group still has, in call order.
    - With ``allow_trailing_pending`` (the default), the last assistant message with calls,
      when only tool messages follow it, keeps its missing results missing: the agent is
      about to run those calls. Its orphans are still dropped.

    Every other message, and every key of every message, is kept as it is. The input is never
    mutated; kept messages are the same objects. Never raises on a list of dicts. Sanitizing
    the result again changes nothing.
    """
    kept: list[Message] = []
    dropped: list[Message] = []
    stubbed: list[str] = []
    index = 0
    while index < len(messages):
        message = messages[index]
        index += 1
        role = _role(message)
        if role == "tool":
            dropped.append(message)  # not directly after an assistant message's calls
            continue
        kept.append(message)
        call_ids = _call_ids(message)
        if not call_ids:
            continue
        answered: set[str] = set()
        while index < len(messages) and _role(messages[index]) == "tool":
            result = messages[index]
            index += 1
            call_id = result.get("tool_call_id")
            if isinstance(call_id, str) and call_id in call_ids and call_id not in answered:
                answered.add(call_id)
                kept.append(result)
            else:
                dropped.append(result)
        if allow_trailing_pending and index == len(messages):
            continue  # the agent may still be running these calls
        for call_id in call_ids:
            if call_id not in answered:
                kept.append(stub_result(call_id))
                stubbed.append(call_id)
    return SanitizeResult(messages=kept, dropped=tuple(dropped), stubbed=tuple(stubbed))
