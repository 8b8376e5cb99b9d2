"""Where the tokens of a transcript go: by role, by tool, the largest messages, the static
prefix, images, and how close the whole is to the compaction threshold.

Pure: takes messages, tool schemas, a counter and a budget; returns a :class:`TokenReport`.
The CLI renders it (``packlight inspect``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from packlight.budget import Budget
from packlight.messages import (
    INSTRUCTION_ROLES,
    Message,
    as_mapping,
    image_count,
    message_text,
    tool_calls_of,
)
from packlight.tokens import REPLY_PRIMING_TOKENS, TranscriptCounter

PREVIEW_CHARS = 80


@dataclass(frozen=True, slots=True)
class RoleCost:
    messages: int = 0
    tokens: int = 0


@dataclass(slots=True)
class ToolCost:
    """Tokens one tool accounts for: the calls' arguments and the results they returned."""

    calls: int = 0
    call_tokens: int = 0
    results: int = 0
    result_tokens: int = 0

    @property
    def tokens(self) -> int:
        return self.call_tokens + self.result_tokens


@dataclass(frozen=True, slots=True)
class MessageCost:
    index: int
    role: str
    tokens: int
    tool: str | None
    preview: str


@dataclass(frozen=True, slots=True)
class TokenReport:
    """The answer of :func:`inspect_transcript`; :meth:`to_json` is what ``--json`` prints."""

    model: str | None
    counter: str
    messages: int
    total_tokens: int
    message_tokens: int
    tool_schema_tokens: int
    static_prefix_tokens: int
    images: int
    image_tokens: int
    context_window: int
    effective_window: int
    threshold: int
    by_role: dict[str, RoleCost] = field(default_factory=dict)
    by_tool: dict[str, ToolCost] = field(default_factory=dict)
    largest: list[MessageCost] = field(default_factory=list)

    @property
    def share_of_window(self) -> float:
        return self.total_tokens / self.context_window

    @property
    def share_of_threshold(self) -> float:
        return self.total_tokens / self.threshold if self.threshold else float("inf")

    @property
    def over_threshold(self) -> bool:
        return self.total_tokens >= self.threshold

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["by_tool"] = {
            name: {**asdict(cost), "tokens": cost.tokens} for name, cost in self.by_tool.items()
        }
        data["share_of_window"] = round(self.share_of_window, 4)
        data["share_of_threshold"] = round(self.share_of_threshold, 4)
        data["over_threshold"] = self.over_threshold
        return data


def _preview(message: Message) -> str:
    text = " ".join(message_text(message).split())
    if not text:
        calls = tool_calls_of(message)
        if calls:
            text = f"{calls[0]['function']['name']}({calls[0]['function']['arguments']})"
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


def inspect_transcript(
    messages: Sequence[Message],
    tools: Sequence[Mapping[str, Any]] | None,
    *,
    counter: TranscriptCounter,
    budget: Budget,
    model: str | None = None,
    top: int = 10,
) -> TokenReport:
    """Account for every token of a request built from ``messages`` and ``tools``."""
    per_message = counter.messages(messages)
    tool_schema_tokens = counter.tools(tools)
    by_role: dict[str, RoleCost] = {}
    by_tool: dict[str, ToolCost] = {}
    call_names: dict[str, str] = {}
    tool_of_message: list[str | None] = []
    images = 0

    for message, tokens in zip(messages, per_message, strict=True):
        role = message["role"]
        previous = by_role.get(role, RoleCost())
        by_role[role] = RoleCost(previous.messages + 1, previous.tokens + tokens)
        images += image_count(message)
        tool_name: str | None = None
        for call in tool_calls_of(message):
            name = call["function"]["name"]
            call_names[call["id"]] = name
            cost = by_tool.setdefault(name, ToolCost())
            cost.calls += 1
            cost.call_tokens += counter.counter.count_text(call["function"]["arguments"])
            tool_name = tool_name or name
        if role == "tool":
            call_id = as_mapping(message).get("tool_call_id")
            tool_name = call_names.get(call_id, "<unknown call>") if call_id else None
            if tool_name is not None:
                cost = by_tool.setdefault(tool_name, ToolCost())
                cost.results += 1
                cost.result_tokens += tokens
        tool_of_message.append(tool_name)

    prefix_end = 0
    while prefix_end < len(messages) and messages[prefix_end]["role"] in INSTRUCTION_ROLES:
        prefix_end += 1
    static_prefix = sum(per_message[:prefix_end]) + tool_schema_tokens

    ranked = sorted(range(len(messages)), key=lambda i: per_message[i], reverse=True)[:top]
    largest = [
        MessageCost(
            index=i,
            role=messages[i]["role"],
            tokens=per_message[i],
            tool=tool_of_message[i],
            preview=_preview(messages[i]),
        )
        for i in ranked
    ]
    message_tokens = sum(per_message)
    return TokenReport(
        model=model,
        counter=counter.counter.name,
        messages=len(messages),
        total_tokens=message_tokens + tool_schema_tokens + REPLY_PRIMING_TOKENS,
        message_tokens=message_tokens,
        tool_schema_tokens=tool_schema_tokens,
        static_prefix_tokens=static_prefix,
        images=images,
        image_tokens=images * counter.image_tokens,
        context_window=budget.context_window,
        effective_window=budget.effective_window,
        threshold=budget.threshold,
        by_role=by_role,
        by_tool=dict(sorted(by_tool.items(), key=lambda item: -item[1].tokens)),
        largest=largest,
    )
