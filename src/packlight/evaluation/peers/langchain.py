"""LangChain v1's context middleware as peers: ``SummarizationMiddleware`` and
``ClearToolUsesEdit``.

Both run in LangChain's own virtualenv (``langchain==1.5.2``) through
``runners/langchain_runner.py``; LangChain is never imported here.

How each is configured (``T = settings.threshold * settings.context_window``):

- :class:`SummarizationPeer`: ``SummarizationMiddleware(trigger=("tokens", T),
  keep=("messages", 20))`` with LangChain's defaults otherwise (its approximate token counter,
  its summary prompt, ``trim_tokens_to_summarize=4000``). Summarisation replaces the agent's
  state, so what it returns is what the replay keeps. ``force=True`` uses
  ``trigger=("messages", 1)``. The summary model is LangChain's ``FakeListChatModel`` (no
  model can be reached offline): the middleware decides, cuts and builds its prompt for
  real, and the summary text is a placeholder that says so. Every outcome's ``note`` and
  ``details["fake_model"]`` carry this.
- :class:`ClearToolUsesPeer`: ``ContextEditingMiddleware(edits=[ClearToolUsesEdit(trigger=T,
  keep=3)])`` (approximate counting, ``[cleared]`` placeholder). The edit applies to one
  model request only, so the peer keeps the unedited history in a :class:`ShadowHistory` and
  edits ``full history + new messages`` on each call, as the agent would. ``force=True``
  uses ``trigger=0``.

Both triggers count the conversation without the system prompt (LangChain keeps the system
prompt apart, so it is never summarised or counted against ``T``).

Message conversion, to LangChain's ``messages_to_dict`` shape and back:
user <-> ``human``, assistant <-> ``ai`` (``tool_calls`` with arguments parsed into ``args``),
tool <-> ``tool``, later system/developer messages <-> ``system``. A message LangChain gives
back unchanged (same id and same content, calls and call id) is restored from the original,
so the conversion loses nothing there. Lossy only for what LangChain changed or wrote:
developer becomes system, provider-specific keys are gone, tool-call arguments are re-encoded
as compact JSON, and the summary comes back as a user message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from packlight.evaluation.peers._external import (
    DEFAULT_TIMEOUT,
    ExternalPeer,
    PerCallFilterPeer,
    split_leading_instructions,
)
from packlight.evaluation.peers.base import PeerOutcome, PeerSettings
from packlight.messages import Message, as_mapping

SUMMARY_KEEP_MESSAGES = 20
"""``SummarizationMiddleware``'s default ``keep=("messages", 20)``."""
CLEAR_KEEP_TOOL_RESULTS = 3
"""``ClearToolUsesEdit``'s default ``keep=3``."""

RAW_ARGUMENTS_KEY = "__packlight_raw_arguments__"
"""LangChain holds tool-call arguments as a dict; arguments that are not a JSON object travel
under this key and are restored on the way back."""

FAKE_MODEL_NOTE = (
    "ran offline with LangChain's FakeListChatModel as the summary model: the trigger, the cut "
    "and the prompt are LangChain's, the summary text is a placeholder"
)

LangChainDict = dict[str, Any]

_ROLE_TO_TYPE = {
    "user": "human",
    "assistant": "ai",
    "tool": "tool",
    "system": "system",
    "developer": "system",
}
_TYPE_TO_ROLE = {"human": "user", "ai": "assistant", "tool": "tool", "system": "system"}


def _arguments_to_args(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, str):
        try:
            parsed = json.loads(arguments)
        except ValueError:
            return {RAW_ARGUMENTS_KEY: arguments}
        if isinstance(parsed, dict):
            return parsed
    return {RAW_ARGUMENTS_KEY: arguments}


def _args_to_arguments(args: Any) -> str:
    if isinstance(args, Mapping) and set(args) == {RAW_ARGUMENTS_KEY}:
        raw = args[RAW_ARGUMENTS_KEY]
        return raw if isinstance(raw, str) else json.dumps(raw)
    return json.dumps(args, ensure_ascii=False, separators=(",", ":"))


def message_id(index: int) -> str:
    return f"pl-{index}"


def to_langchain(messages: Sequence[Message], *, start: int = 0) -> list[LangChainDict]:
    """Canonical messages -> ``messages_from_dict`` input; message ``i`` gets id
    ``pl-{start + i}``. Pure."""
    result: list[LangChainDict] = []
    for offset, message in enumerate(messages):
        data_in = as_mapping(message)
        role = str(data_in.get("role"))
        kind = _ROLE_TO_TYPE.get(role)
        if kind is None:
            raise ValueError(f"message {start + offset}: no LangChain type for role {role!r}")
        content = data_in.get("content")
        data: dict[str, Any] = {
            "content": "" if content is None else content,
            "id": message_id(start + offset),
        }
        if data_in.get("name"):
            data["name"] = data_in["name"]
        if kind == "ai" and data_in.get("tool_calls"):
            data["tool_calls"] = [
                {
                    "name": call["function"]["name"],
                    "args": _arguments_to_args(call["function"].get("arguments")),
                    "id": call["id"],
                    "type": "tool_call",
                }
                for call in data_in["tool_calls"]
            ]
        if kind == "tool":
            data["tool_call_id"] = str(data_in.get("tool_call_id") or "")
        result.append({"type": kind, "data": data})
    return result


def _essentials(item: Mapping[str, Any]) -> tuple[Any, ...]:
    """What decides whether LangChain changed a message (not ids, metadata or defaults)."""
    data = item.get("data") or {}
    calls = tuple(
        (call.get("id"), call.get("name"), json.dumps(call.get("args"), sort_keys=True))
        for call in data.get("tool_calls") or ()
    )
    return (item.get("type"), data.get("content"), calls, data.get("tool_call_id"))


def from_langchain(
    items: Sequence[Mapping[str, Any]],
    originals: Mapping[str, tuple[Message, LangChainDict]] | None = None,
) -> list[Message]:
    """``messages_to_dict`` output -> canonical messages. ``originals`` maps the ids given by
    :func:`to_langchain` to (canonical message, what was sent); a message that comes back
    unchanged is the original itself. Pure."""
    originals = originals or {}
    result: list[Message] = []
    for item in items:
        data = item.get("data") or {}
        known = originals.get(str(data.get("id")))
        if known is not None and _essentials(item) == _essentials(known[1]):
            result.append(known[0])
            continue
        kind = str(item.get("type"))
        role = _TYPE_TO_ROLE.get(kind)
        if role is None:
            raise ValueError(f"LangChain message type {kind!r} has no canonical role")
        message: dict[str, Any] = {"role": role, "content": data.get("content")}
        if role == "assistant" and data.get("tool_calls"):
            message["tool_calls"] = [
                {
                    "id": call.get("id"),
                    "type": "function",
                    "function": {
                        "name": call.get("name"),
                        "arguments": _args_to_arguments(call.get("args")),
                    },
                }
                for call in data["tool_calls"]
            ]
        if role == "tool":
            message["tool_call_id"] = data.get("tool_call_id")
        if data.get("name"):
            message["name"] = data["name"]
        result.append(cast(Message, message))
    return result


class _LangChainPeer(ExternalPeer):
    runner_script = "langchain_runner.py"
    needs_llm = True

    def __init__(
        self,
        settings: PeerSettings,
        *,
        venv: Path | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        super().__init__(settings, venv=venv, timeout=timeout)
        self.trigger_tokens = max(1, int(settings.threshold * settings.context_window))

    def _convert(
        self, conversation: Sequence[Message]
    ) -> tuple[list[LangChainDict], dict[str, tuple[Message, LangChainDict]]]:
        sent = to_langchain(conversation)
        originals = {
            item["data"]["id"]: (message, item)
            for message, item in zip(conversation, sent, strict=True)
        }
        return sent, originals


class SummarizationPeer(_LangChainPeer):
    """LangChain's ``SummarizationMiddleware`` (see the module docstring for its settings)."""

    name = "langchain-summarization"

    def reset(self) -> None:
        """The middleware keeps no state between calls; the replay holds the history."""

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        instructions, conversation = split_leading_instructions(history)
        sent, originals = self._convert(conversation)
        response, error, elapsed = self.call(
            {
                "op": "summarize",
                "messages": sent,
                "trigger_tokens": self.trigger_tokens,
                "keep_messages": SUMMARY_KEEP_MESSAGES,
                "force": force,
            }
        )
        if response is None:
            return self.failed(history, error or "", elapsed)
        info = dict(response.get("info") or {})
        details = {**info, "fake_model": True, "round_trip_seconds": elapsed}
        if not response.get("changed"):
            return PeerOutcome(
                messages=list(history),
                compacted=False,
                seconds=float(response["seconds"]),
                details=details,
            )
        kept = from_langchain(response["messages"], originals)
        calls = int(info.get("summary_calls", 0))
        note = FAKE_MODEL_NOTE
        if calls == 0:
            note += (
                "; LangChain did not call the model (nothing left after trimming to "
                "trim_tokens_to_summarize) and used its own fixed text"
            )
        return PeerOutcome(
            messages=[*instructions, *kept],
            compacted=True,
            seconds=float(response["seconds"]),
            note=note,
            summarizer_calls=calls,
            details=details,
        )


class ClearToolUsesPeer(PerCallFilterPeer, _LangChainPeer):
    """LangChain's ``ContextEditingMiddleware`` with one ``ClearToolUsesEdit`` (see the
    module docstring for its settings)."""

    name = "langchain-clear-tool-uses"
    needs_llm = False

    def filter_request(
        self, conversation: list[Message], system: str | None, force: bool
    ) -> tuple[dict[str, Any], Callable[[Mapping[str, Any]], list[Message]]]:
        sent, originals = self._convert(conversation)
        request = {
            "op": "clear_tool_uses",
            "messages": sent,
            "system": system,
            "trigger_tokens": self.trigger_tokens,
            "keep": CLEAR_KEEP_TOOL_RESULTS,
            "force": force,
        }
        return request, lambda response: from_langchain(response["messages"], originals)


__all__ = ["ClearToolUsesPeer", "SummarizationPeer", "from_langchain", "to_langchain"]
