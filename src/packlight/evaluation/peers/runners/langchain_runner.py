"""Adapter for LangChain v1's context middleware, served by ``_serve.py`` in LangChain's venv.

LangChain is used as a black box through its public pieces: ``SummarizationMiddleware``'s
``before_model`` hook and ``ContextEditingMiddleware``'s ``wrap_model_call`` hook with a
``ClearToolUsesEdit``, called the way ``create_agent``'s graph calls them, on messages built
with ``messages_from_dict`` and returned with ``messages_to_dict`` (the
``{"type": ..., "data": {...}}`` shape; packlight converts from and to it).

No model can be reached from here, so the chat model is LangChain's own
``FakeListChatModel`` answering every summary prompt with :data:`FAKE_SUMMARY`. The
middleware still decides when to summarise, what to keep and formats its summary prompt; only
the summary text is a placeholder, and the report says so.

Operations::

    summarize        {messages, trigger_tokens, keep_messages, force}
                     -> {changed, messages, seconds, info}
    clear_tool_uses  {messages, system, trigger_tokens, keep, force}
                     -> {changed, messages, seconds, info}

``messages`` exclude the system prompt, as in an agent's state (``create_agent`` keeps the
system prompt apart); ``clear_tool_uses`` receives it as ``system`` because the request it
edits carries one.
"""

from __future__ import annotations

import importlib
import time
from importlib.metadata import PackageNotFoundError, version
from typing import Any

_t0 = time.perf_counter()
_summarization: Any = importlib.import_module("langchain.agents.middleware.summarization")
_context_editing: Any = importlib.import_module("langchain.agents.middleware.context_editing")
_types: Any = importlib.import_module("langchain.agents.middleware.types")
_messages: Any = importlib.import_module("langchain_core.messages")
_fakes: Any = importlib.import_module("langchain_core.language_models.fake_chat_models")
IMPORT_SECONDS = time.perf_counter() - _t0

FAKE_SUMMARY = (
    "[no summary: packlight eval ran LangChain offline with FakeListChatModel, so this text "
    "stands where the summary model's answer would be]"
)


def _fake_model() -> Any:
    return _fakes.FakeListChatModel(responses=[FAKE_SUMMARY])


_SUMMARIZERS: dict[tuple[int, int, bool], Any] = {}


def _summarizer(trigger_tokens: int, keep_messages: int, force: bool) -> Any:
    key = (trigger_tokens, keep_messages, force)
    middleware = _SUMMARIZERS.get(key)
    if middleware is None:
        # Forcing means "summarise now": the smallest trigger LangChain accepts, one message.
        trigger = ("messages", 1) if force else ("tokens", trigger_tokens)
        middleware = _summarization.SummarizationMiddleware(
            model=_fake_model(), trigger=trigger, keep=("messages", keep_messages)
        )
        _SUMMARIZERS[key] = middleware
    return middleware


def do_summarize(request: dict[str, Any]) -> dict[str, Any]:
    messages = _messages.messages_from_dict(request["messages"])
    middleware = _summarizer(
        int(request["trigger_tokens"]), int(request["keep_messages"]), bool(request.get("force"))
    )
    tokens = middleware.token_counter(messages)
    started = time.perf_counter()
    # ``before_model`` reads only ``state["messages"]``; the runtime is not used by this hook.
    update = middleware.before_model({"messages": messages}, None)
    seconds = time.perf_counter() - started
    info = {"approximate_tokens": tokens, "trigger_tokens": int(request["trigger_tokens"])}
    if update is None:
        return {"ok": True, "changed": False, "seconds": seconds, "info": info}
    # The update replaces the state: RemoveMessage(REMOVE_ALL_MESSAGES), then the new list.
    new_state = [
        message
        for message in update["messages"]
        if not isinstance(message, _messages.RemoveMessage)
    ]
    return {
        "ok": True,
        "changed": True,
        "messages": _messages.messages_to_dict(new_state),
        "seconds": seconds,
        "info": {
            **info,
            "summarized_messages": len(messages) - (len(new_state) - 1),
            # LangChain skips the model when trimming leaves nothing to summarise and writes
            # its own fixed text instead; the fake model's text shows the model was asked.
            "summary_calls": int(FAKE_SUMMARY in str(new_state[0].content)) if new_state else 0,
        },
    }


def do_clear_tool_uses(request: dict[str, Any]) -> dict[str, Any]:
    messages = _messages.messages_from_dict(request["messages"])
    system = request.get("system")
    system_message = _messages.SystemMessage(content=system) if system else None
    trigger = 0 if request.get("force") else int(request["trigger_tokens"])
    edit = _context_editing.ClearToolUsesEdit(trigger=trigger, keep=int(request["keep"]))
    middleware = _context_editing.ContextEditingMiddleware(edits=[edit])
    model_request = _types.ModelRequest(
        model=_fake_model(), messages=messages, system_message=system_message
    )
    seen: list[Any] = []

    def handler(edited: Any) -> Any:
        # Stands in for the model call: what the middleware would send is what we keep.
        seen.extend(edited.messages)
        return _messages.AIMessage(content="")

    started = time.perf_counter()
    middleware.wrap_model_call(model_request, handler)
    seconds = time.perf_counter() - started
    cleared = sum(
        1
        for message in seen
        if isinstance(message, _messages.ToolMessage)
        and message.response_metadata.get("context_editing", {}).get("cleared")
    )
    return {
        "ok": True,
        "changed": cleared > 0,
        "messages": _messages.messages_to_dict(seen),
        "seconds": seconds,
        "info": {"cleared_tool_results": cleared, "trigger_tokens": trigger},
    }


def _version(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


def ready() -> dict[str, Any]:
    # Warm-up: one call of each, so lazy imports are not charged to the first timed request.
    warm = [
        {"type": "human", "data": {"content": "hi", "id": "w0"}},
        {"type": "ai", "data": {"content": "hello " * 50, "id": "w1"}},
        {"type": "human", "data": {"content": "again", "id": "w2"}},
    ]
    do_summarize({"messages": warm, "trigger_tokens": 1, "keep_messages": 1, "force": True})
    do_clear_tool_uses({"messages": warm, "trigger_tokens": 1, "keep": 1})
    return {
        "peer": "langchain",
        "langchain_version": _version("langchain"),
        "langchain_core_version": _version("langchain-core"),
        "import_seconds": IMPORT_SECONDS,
    }


OPERATIONS = {"summarize": do_summarize, "clear_tool_uses": do_clear_tool_uses}
