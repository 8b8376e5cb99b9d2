"""A LangChain agent kept inside a 4,096-token window by packlight, offline.

Run it from the repository root (no API key, no network)::

    pip install 'packlight[langchain]'
    python examples/langchain_agent.py

The agent is LangChain's own ``create_agent`` with one tool, ``read_log``, whose every answer is
about 900 tokens. Its model is LangChain's test model, ``GenericFakeChatModel``, scripted: it
reads twelve parts of the log, then looks up what the first part said with packlight's
``context_grep`` tool (that part was compacted out of its window long before), then answers.
``PacklightMiddleware`` is the one added line. The last line printed is a JSON summary.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage, convert_to_openai_messages
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver

import packlight
from packlight.integrations.langchain import PacklightMiddleware

MODEL = "gpt-4o"
WINDOW = 4096
PARTS = 12
MARKER = "ERROR 1205: deadlock found on table orders"


@tool
def read_log(part: int) -> str:
    """Read one part of the deploy log."""
    lines = [f"{part:02d}.{n:03d} INFO worker {n % 7} synced shard {n}" for n in range(120)]
    if part == 0:
        lines[57] = f"00.057 {MARKER}"
    return "\n".join(lines)


class ScriptedModel(GenericFakeChatModel):
    """LangChain's test model, which can be given tools and remembers what it was sent."""

    sent: list[tuple[list[BaseMessage], list[dict[str, Any]]]] = []  # noqa: RUF012

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        kwargs.pop("tool_choice", None)
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.sent.append((list(messages), list(kwargs.get("tools") or [])))
        return super()._generate(messages, *args, **kwargs)


def script() -> list[AIMessage]:
    def call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
        return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])

    turns = [call("read_log", {"part": part}, f"log-{part}") for part in range(PARTS)]
    turns.append(call("context_grep", {"pattern": "ERROR 1205"}, "grep-1"))
    turns.append(AIMessage("The deploy failed on a deadlock on table orders (log part 0)."))
    return turns


def main() -> None:
    model = ScriptedModel(messages=iter(script()))
    packlight_middleware = PacklightMiddleware(model=MODEL, context_window=WINDOW)
    agent = create_agent(
        model,
        tools=[read_log],
        system_prompt="You investigate failed deploys. Read the log, then say what failed.",
        middleware=[packlight_middleware],  # the one added line
        checkpointer=InMemorySaver(),
    )
    config: Any = {"configurable": {"thread_id": "deploy-1234"}}
    state = agent.invoke({"messages": [("user", "Why did deploy 1234 fail?")]}, config)

    counter = packlight.TranscriptCounter(packlight.load_settings().token_counter(MODEL))
    sizes = [
        counter.raw_request([convert_to_openai_messages(m) for m in sent], tools or None)
        for sent, tools in model.sent
    ]
    read_back = next(
        m for m in state["messages"] if isinstance(m, ToolMessage) and m.tool_call_id == "grep-1"
    )
    stats = packlight_middleware.session("deploy-1234").stats
    print(f"model calls: {len(sizes)}; compactions: {stats.compactions}")
    print(f"largest request the model got: {max(sizes):,} tokens (window {WINDOW:,})")
    print(f"messages in the graph's state: {len(state['messages'])} (none removed)")
    print(f"context_grep read back: {read_back.content.splitlines()[1][:80]}")
    print(f"answer: {state['messages'][-1].content}")
    summary = {
        "model_calls": len(sizes),
        "compactions": stats.compactions,
        "context_window": WINDOW,
        "largest_request_tokens": max(sizes),
        "graph_messages": len(state["messages"]),
        "messages_expected": 1 + len(script()) + PARTS + 1,  # the task, replies, tool results
        "read_back": MARKER in str(read_back.content),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
