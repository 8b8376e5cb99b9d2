"""The message-order rules OpenAI and Anthropic enforce, checked on a canonical transcript.

A compaction is committed only when its result passes :func:`verify` (DESIGN.md section 5,
step 6), because a transcript that breaks one of these rules is refused by the provider with an
HTTP 400 on the agent's very next turn. Each check returns a list of :class:`OrderingProblem`
(empty when the transcript is acceptable) and never raises: a malformed message is one more
problem, not an exception, so a caller can always report why it kept the original.

The rules, by their stable slug (also in :data:`RULES`):

==========================  ======  =========  ================================================
rule                        OpenAI  Anthropic  meaning
==========================  ======  =========  ================================================
malformed-message           yes     yes        a message fails the canonical structure check
duplicate-call-id           yes     yes        one assistant message uses a call id twice
first-message-tool          yes     no         the first non-system message is a tool result
first-message-not-user      no      yes        the first non-system message is not from user
tool-result-without-call    yes     yes        a result answers no call of the turn before it
duplicate-tool-result       yes     yes        a call is answered twice in one run or turn
call-without-result         yes     yes        a call is unanswered when the conversation goes on
tool-result-not-first       no      yes        a user turn has other content before a result
assistant-without-content   yes     no         an assistant message has no content nor calls
empty-content               no      yes        a user or assistant turn would have no content
empty-text                  no      yes        text to be sent is empty or whitespace only
==========================  ======  =========  ================================================

:data:`PAIR_RULES` are the ones about tool calls and their results, which
:func:`~packlight.compressor.sanitize.sanitize_tool_pairs` repairs.

Deliberately not checked: Anthropic's refusal of an empty ``messages`` list (the caller always
appends the next user turn before sending), and tool-call ids reused in a later turn (real
transcripts do that and pairing is by adjacency, so it is not treated as an error here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from packlight.errors import TranscriptError
from packlight.formats import openai_chat
from packlight.messages import INSTRUCTION_ROLES, ROLES, Message

Provider = Literal["openai", "anthropic"]

RULES: Mapping[str, str] = {
    "malformed-message": "a message fails the canonical structure check",
    "duplicate-call-id": "one assistant message uses a tool-call id twice",
    "first-message-tool": "the first non-system message is a tool result",
    "first-message-not-user": "the first non-system message is not a user turn",
    "tool-result-without-call": "a tool result answers no call of the turn just before it",
    "duplicate-tool-result": "a tool call is answered twice",
    "call-without-result": "a tool call is not answered before the conversation moves on",
    "tool-result-not-first": "a user turn has other content before a tool result",
    "assistant-without-content": "an assistant message has neither content nor tool calls",
    "empty-content": "a user or assistant turn would be sent with no content",
    "empty-text": "text that would be sent is empty or whitespace only",
}
"""Every rule slug a check can report, with a one-line meaning."""

PAIR_RULES: frozenset[str] = frozenset(
    {
        "first-message-tool",
        "tool-result-without-call",
        "duplicate-tool-result",
        "call-without-result",
        "tool-result-not-first",
    }
)
"""The rules about tool calls and their results: what sanitizing tool pairs repairs."""


@dataclass(frozen=True, slots=True)
class OrderingProblem:
    """One way a transcript breaks a provider's ordering rules."""

    provider: Provider
    """Which provider would refuse the transcript."""
    index: int | None
    """Index of the offending canonical message (``None`` when no one message is at fault)."""
    rule: str
    """A stable slug from :data:`RULES`, such as ``"call-without-result"``."""
    detail: str
    """A human-readable explanation naming ids or fields; never message content."""


# --- reading messages without trusting them ----------------------------------------------------


def _role(message: Any) -> str | None:
    role = message.get("role") if isinstance(message, Mapping) else None
    return role if isinstance(role, str) else None


def _call_ids(message: Any) -> list[str]:
    """The string ids of an assistant message's tool calls; malformed calls are skipped."""
    if _role(message) != "assistant":
        return []
    calls = message.get("tool_calls")
    if not isinstance(calls, list):
        return []
    ids: list[str] = []
    for call in calls:
        if isinstance(call, Mapping) and isinstance(call.get("id"), str) and call["id"]:
            ids.append(call["id"])
    return ids


def _has_calls(message: Any) -> bool:
    if _role(message) != "assistant":
        return False
    calls = message.get("tool_calls")
    return isinstance(calls, list) and bool(calls)


def _result_id(message: Any) -> str | None:
    value = message.get("tool_call_id") if isinstance(message, Mapping) else None
    return value if isinstance(value, str) else None


def _trailing_start(messages: Sequence[Any]) -> int | None:
    """Index of the assistant message whose calls may still be running, if there is one.

    That is an assistant message with tool calls followed only by tool messages up to the end:
    the agent is about to run the calls (or has run some of them), so their missing results
    are expected rather than lost.
    """
    index = len(messages) - 1
    while index >= 0 and _role(messages[index]) == "tool":
        index -= 1
    if index >= 0 and _has_calls(messages[index]):
        return index
    return None


def _pending_allowed(messages: Sequence[Any], index: int, allow_trailing_pending: bool) -> bool:
    return allow_trailing_pending and _trailing_start(messages) == index


def _structure_problems(provider: Provider, messages: Sequence[Any]) -> list[OrderingProblem]:
    problems: list[OrderingProblem] = []
    for index, message in enumerate(messages):
        role = _role(message)
        if role not in ROLES:
            # Checked here because validate_message would hash an unhashable role value.
            detail = "missing role" if role is None else f"unknown role {role!r}"
            if not isinstance(message, Mapping):
                detail = f"message is {type(message).__name__}, not an object"
            problems.append(OrderingProblem(provider, index, "malformed-message", detail))
            continue
        try:
            openai_chat.validate_message(index, message)
        except TranscriptError as exc:
            problems.append(OrderingProblem(provider, index, "malformed-message", str(exc)))
        ids = _call_ids(message)
        duplicated = sorted({call_id for call_id in ids if ids.count(call_id) > 1})
        if duplicated:
            problems.append(
                OrderingProblem(
                    provider,
                    index,
                    "duplicate-call-id",
                    f"tool-call ids used twice in one message: {', '.join(duplicated)}",
                )
            )
    return problems


def _ids_text(ids: Sequence[str]) -> str:
    return ", ".join(repr(call_id) for call_id in ids)


# --- OpenAI Chat Completions ------------------------------------------------------------------


def openai_problems(
    messages: Sequence[Message] | Sequence[Mapping[str, Any]],
    *,
    allow_trailing_pending: bool = True,
) -> list[OrderingProblem]:
    """The ways ``messages`` breaks the OpenAI Chat Completions ordering rules.

    A ``tool`` message must sit in the run of tool messages directly after an assistant message
    with ``tool_calls`` and answer one of that message's calls, once; every call must be
    answered by that run; the first non-system message must not be a tool result; an
    assistant message needs content or tool calls. Results may come in any order within the
    run. With ``allow_trailing_pending`` (the default), calls of the last assistant message
    that only tool results follow may be unanswered: the agent is about to run them.

    Never raises and never mutates ``messages``; an empty list means the order is acceptable.
    """
    provider: Provider = "openai"
    items: Sequence[Any] = messages
    problems = _structure_problems(provider, items)
    seen_conversation = False
    # The open tool group: index of its assistant message, its call ids, the ids answered.
    group: tuple[int, list[str], set[str]] | None = None

    def close_group() -> None:
        if group is None:
            return
        start, ids, answered = group
        missing = [call_id for call_id in dict.fromkeys(ids) if call_id not in answered]
        if missing and not _pending_allowed(items, start, allow_trailing_pending):
            problems.append(
                OrderingProblem(
                    provider,
                    start,
                    "call-without-result",
                    f"tool calls {_ids_text(missing)} have no result in the tool messages "
                    "directly after this message",
                )
            )

    for index, message in enumerate(items):
        role = _role(message)
        if role == "tool":
            call_id = _result_id(message)
            if group is None:
                rule = "tool-result-without-call" if seen_conversation else "first-message-tool"
                problems.append(
                    OrderingProblem(
                        provider,
                        index,
                        rule,
                        f"tool result for {call_id!r} does not follow an assistant message "
                        "with tool_calls",
                    )
                )
            elif call_id not in group[1]:
                problems.append(
                    OrderingProblem(
                        provider,
                        index,
                        "tool-result-without-call",
                        f"tool result for {call_id!r} answers no call of message {group[0]}",
                    )
                )
            elif call_id in group[2]:
                problems.append(
                    OrderingProblem(
                        provider,
                        index,
                        "duplicate-tool-result",
                        f"tool call {call_id!r} of message {group[0]} is answered twice",
                    )
                )
            else:
                group[2].add(call_id)
            seen_conversation = True
            continue
        close_group()
        group = None
        if role in INSTRUCTION_ROLES:
            continue
        seen_conversation = True
        if role != "assistant":
            continue
        if _has_calls(message):
            group = (index, _call_ids(message), set())
        elif _is_blank_content(message.get("content")):
            problems.append(
                OrderingProblem(
                    provider,
                    index,
                    "assistant-without-content",
                    "assistant message has neither content nor tool_calls",
                )
            )
    close_group()
    return sorted(problems, key=_order)


def _is_blank_content(content: Any) -> bool:
    return content is None or (isinstance(content, list) and not content)


def _order(problem: OrderingProblem) -> tuple[int, str]:
    return (-1 if problem.index is None else problem.index, problem.rule)


# --- Anthropic Messages -----------------------------------------------------------------------


@dataclass(slots=True)
class _Block:
    """One content block the Anthropic adapter would write, tied to its canonical message."""

    kind: Literal["tool_use", "tool_result", "other"]
    index: int
    call_id: str | None = None


@dataclass(slots=True)
class _Turn:
    """A run of consecutive same-role Anthropic messages, which the API merges into one."""

    role: Literal["user", "assistant"]
    first_index: int
    """The canonical index of the turn's first message."""
    blocks: list[_Block] = field(default_factory=list)

    def use_ids(self) -> set[str]:
        return {b.call_id for b in self.blocks if b.kind == "tool_use" and b.call_id is not None}


def _leading_instructions(messages: Sequence[Any]) -> int:
    count = 0
    while count < len(messages) and _role(messages[count]) in INSTRUCTION_ROLES:
        count += 1
    return count


def _turns(messages: Sequence[Any], start: int) -> list[_Turn]:
    """The conversation as Anthropic sees it, mirroring ``formats.anthropic.from_canonical``.

    Mid-transcript system and developer messages and tool results become user content; every
    role the adapter does not know as assistant is written as user.
    """
    turns: list[_Turn] = []
    for index in range(start, len(messages)):
        message = messages[index]
        role = _role(message)
        blocks: list[_Block]
        if role == "assistant":
            # Only the tool_use blocks matter to the rules checked on assistant turns.
            blocks = [_Block("tool_use", index, call_id) for call_id in _call_ids(message)]
        elif role == "tool":
            blocks = [_Block("tool_result", index, _result_id(message))]
        elif isinstance(message, Mapping) and message.get("content") == []:
            blocks = []  # written as no blocks at all (and reported as empty content)
        else:
            blocks = [_Block("other", index)]
        turn_role: Literal["user", "assistant"] = "assistant" if role == "assistant" else "user"
        if turns and turns[-1].role == turn_role:
            turns[-1].blocks.extend(blocks)
        else:
            turns.append(_Turn(turn_role, index, blocks))
    return turns


def _text_values(parts: Any) -> list[str]:
    if not isinstance(parts, list):
        return []
    values: list[str] = []
    for part in parts:
        # Only "text" parts become Anthropic text blocks; the adapter passes other kinds on.
        if isinstance(part, Mapping) and part.get("type") == "text":
            text = part.get("text")
            if isinstance(text, str):
                values.append(text)
    return values


def _content_problems(messages: Sequence[Any], leading: int) -> list[OrderingProblem]:
    """Empty content and empty text, judged on what the Anthropic adapter would write."""
    provider: Provider = "anthropic"
    problems: list[OrderingProblem] = []

    def empty_text(index: int, what: str) -> None:
        problems.append(
            OrderingProblem(provider, index, "empty-text", f"{what} is empty or whitespace only")
        )

    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            continue
        role = _role(message)
        content = message.get("content")
        if index < leading:
            # One leading message keeps its string as the system parameter; several become
            # a list of text blocks, where an empty one is refused.
            several = leading > 1
            texts = [content] if several and isinstance(content, str) else _text_values(content)
            if any(not text.strip() for text in texts):
                empty_text(index, "system text")
            continue
        if role == "tool":
            if any(not text.strip() for text in _text_values(content)):
                empty_text(index, "a text part of the tool result")
            continue
        if role == "assistant":
            parts = (
                [
                    p
                    for p in content
                    if not (isinstance(p, Mapping) and p.get("type") == "reasoning")
                ]
                if isinstance(content, list)
                else content
            )
            if _has_calls(message):
                # The adapter drops an empty string next to tool calls but writes any other
                # string as a text block.
                if isinstance(parts, str) and parts and not parts.strip():
                    empty_text(index, "assistant text next to tool calls")
            elif isinstance(parts, str) and not parts.strip():
                empty_text(index, "assistant content")
            elif not parts:
                problems.append(
                    OrderingProblem(
                        provider,
                        index,
                        "empty-content",
                        "assistant message without tool calls has no content to send",
                    )
                )
            if any(not text.strip() for text in _text_values(parts)):
                empty_text(index, "a text part of the assistant message")
            continue
        # user, mid-transcript system/developer (written as user text), anything unknown
        if isinstance(content, str):
            if not content.strip():
                empty_text(index, f"{role or 'user'} content")
        elif not content:
            problems.append(
                OrderingProblem(
                    provider, index, "empty-content", f"{role or 'user'} message has no content"
                )
            )
        elif any(not text.strip() for text in _text_values(content)):
            empty_text(index, f"a text part of the {role or 'user'} message")
    return problems


def anthropic_problems(
    messages: Sequence[Message] | Sequence[Mapping[str, Any]],
    *,
    allow_trailing_pending: bool = True,
) -> list[OrderingProblem]:
    """The ways ``messages`` would break the Anthropic Messages API ordering rules.

    Judged on the conversation ``formats.anthropic.from_canonical`` writes, with problems
    reported at canonical indices: leading system and developer messages become the system
    parameter (later ones become user text, which is fine); the first other message must be a
    user turn; consecutive same-role messages merge into one turn, as the API merges them;
    every ``tool_use`` must be answered by a ``tool_result`` in the next user turn, results
    must come before any other content of that turn and answer a ``tool_use`` of the turn
    just before; text that would be sent must not be empty or whitespace only. The trailing
    exception is the one :func:`openai_problems` makes.

    Never raises and never mutates ``messages``; an empty list means the order is acceptable.
    """
    provider: Provider = "anthropic"
    items: Sequence[Any] = messages
    problems = _structure_problems(provider, items)
    leading = _leading_instructions(items)
    problems += _content_problems(items, leading)
    turns = _turns(items, leading)
    if turns and turns[0].role != "user":
        problems.append(
            OrderingProblem(
                provider,
                turns[0].first_index,
                "first-message-not-user",
                "the first message after the system prompt must be a user message",
            )
        )
    for position, turn in enumerate(turns):
        if turn.role == "assistant":
            following = turns[position + 1] if position + 1 < len(turns) else None
            answered = (
                {b.call_id for b in following.blocks if b.kind == "tool_result"}
                if following is not None
                else set()
            )
            problems += _unanswered(provider, items, turn, answered, allow_trailing_pending)
            continue
        previous = turns[position - 1] if position > 0 else None
        called = previous.use_ids() if previous is not None else set()
        problems += _user_turn_problems(provider, turn, called)
    return sorted(problems, key=_order)


def _unanswered(
    provider: Provider,
    messages: Sequence[Any],
    turn: _Turn,
    answered: set[str | None],
    allow_trailing_pending: bool,
) -> list[OrderingProblem]:
    missing_by_message: dict[int, list[str]] = {}
    for block in turn.blocks:
        if block.kind == "tool_use" and block.call_id is not None and block.call_id not in answered:
            missing_by_message.setdefault(block.index, []).append(block.call_id)
    problems: list[OrderingProblem] = []
    for index, missing in missing_by_message.items():
        if _pending_allowed(messages, index, allow_trailing_pending):
            continue
        problems.append(
            OrderingProblem(
                provider,
                index,
                "call-without-result",
                f"tool_use {_ids_text(list(dict.fromkeys(missing)))} has no tool_result "
                "in the next user message",
            )
        )
    return problems


def _user_turn_problems(provider: Provider, turn: _Turn, called: set[str]) -> list[OrderingProblem]:
    problems: list[OrderingProblem] = []
    seen_other = False
    answered: set[str] = set()
    for block in turn.blocks:
        if block.kind != "tool_result":
            seen_other = True
            continue
        call_id = block.call_id
        if seen_other:
            problems.append(
                OrderingProblem(
                    provider,
                    block.index,
                    "tool-result-not-first",
                    f"tool_result for {call_id!r} comes after other content of its user turn",
                )
            )
        if call_id is None or call_id not in called:
            problems.append(
                OrderingProblem(
                    provider,
                    block.index,
                    "tool-result-without-call",
                    f"tool_result for {call_id!r} answers no tool_use of the assistant turn "
                    "just before it",
                )
            )
        elif call_id in answered:
            problems.append(
                OrderingProblem(
                    provider,
                    block.index,
                    "duplicate-tool-result",
                    f"tool_use {call_id!r} is answered twice",
                )
            )
        else:
            answered.add(call_id)
    return problems


def verify(
    messages: Sequence[Message] | Sequence[Mapping[str, Any]],
    *,
    allow_trailing_pending: bool = True,
) -> list[OrderingProblem]:
    """Every OpenAI problem followed by every Anthropic problem (empty when both accept it)."""
    return [
        *openai_problems(messages, allow_trailing_pending=allow_trailing_pending),
        *anthropic_problems(messages, allow_trailing_pending=allow_trailing_pending),
    ]
