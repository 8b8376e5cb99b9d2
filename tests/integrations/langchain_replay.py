"""Replaying a recorded trajectory inside LangChain's own agent loop (``create_agent``).

A canonical trajectory (``tests/wrappers/replay.py``) becomes:

- the agent's ``system_prompt``;
- a list of :class:`Run` s, one per ``agent.invoke``: each starts with the user message(s) the
  trajectory holds there and replays its assistant turns in order, the last of which calls no
  tool (LangChain's loop ends a run there);
- :class:`ScriptedChatModel`, a LangChain chat model that answers each call with the
  *recorded* assistant turn, whatever it was sent, after sending what it was sent to the
  window server over loopback, as ``langchain-openai`` would: the server checks the request's
  shape (tool pairing, no packlight metadata) and its size against its window, counting with
  its own tokenizer, and the model reports the server's prompt count as its usage. A refusal
  for length is raised the way ``langchain-openai`` raises it: an ``openai.BadRequestError``
  that is also LangChain's ``ContextOverflowError``;
- :class:`RecordedTool` stubs, one per tool name, answering each call id with the recorded
  output.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import openai
from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.exceptions import ContextOverflowError
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolCall,
    ToolMessage,
    convert_to_openai_messages,
)
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import PrivateAttr

from tests.live.window_server import WindowServer
from tests.wrappers.replay import MODEL, Trajectory

END_OF_RECORDING = "(The recording ends here.)"
"""The answer that closes a run whose last recorded turn still called a tool."""
CONTINUE = "Continue."
"""The user turn put between two recorded assistant turns that call no tool (LangChain's
loop ends a run at each: the second needs a run of its own)."""
NO_OUTPUT = "(no output was recorded for this call)"


@dataclass
class Run:
    """One ``agent.invoke``: its new input and the assistant turns the model replays."""

    inputs: list[BaseMessage]
    replies: list[AIMessage] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        return bool(self.replies) and not self.replies[-1].tool_calls


@dataclass
class Script:
    system_prompt: str | None
    runs: list[Run]
    outputs: dict[str, str]
    """Recorded tool output by tool call id."""
    tool_parameters: dict[str, dict[str, Any]]
    """JSON schema of each tool's arguments, by name."""

    @property
    def replies(self) -> list[AIMessage]:
        return [reply for run in self.runs for reply in run.replies]


def _arguments(text: str | None) -> dict[str, Any]:
    """Recorded tool arguments as LangChain holds them (a dict; text that is not a JSON object
    is kept whole under one key)."""
    try:
        value = json.loads(text or "{}")
    except json.JSONDecodeError:
        value = None
    return value if isinstance(value, dict) else {"arguments": text}


def _recorded_reply(message: dict[str, Any]) -> AIMessage:
    calls = [
        ToolCall(
            name=call["function"]["name"],
            args=_arguments(call["function"].get("arguments")),
            id=call["id"],
            type="tool_call",
        )
        for call in message.get("tool_calls") or []
    ]
    return AIMessage(content=message.get("content") or "", tool_calls=calls)


def script_of(trajectory: Trajectory) -> Script:
    """The trajectory cut into runs (see the module docstring)."""
    messages = list(trajectory.messages)
    system_prompt = None
    if messages and messages[0].get("role") == "system":
        system_prompt = str(messages.pop(0)["content"])
    runs: list[Run] = []
    outputs: dict[str, str] = {}
    parameters = {
        tool["function"]["name"]: dict(tool["function"].get("parameters") or {})
        for tool in trajectory.tools
    }
    for message in messages:
        role = message["role"]
        if role in {"user", "system", "developer"}:
            if runs and runs[-1].replies and not runs[-1].closed:
                runs[-1].replies.append(AIMessage(content=END_OF_RECORDING))
            if not runs or runs[-1].replies:
                runs.append(Run([]))
            kind = HumanMessage if role == "user" else SystemMessage  # developer: system
            runs[-1].inputs.append(kind(content=message["content"]))
        elif role == "assistant":
            if not runs or runs[-1].closed:
                runs.append(Run([HumanMessage(content=CONTINUE)]))
            reply = _recorded_reply(message)
            runs[-1].replies.append(reply)
            for call in reply.tool_calls:
                parameters.setdefault(call["name"], {"type": "object", "properties": {}})
        elif role == "tool":
            outputs[str(message["tool_call_id"])] = str(message.get("content") or "")
    if runs and not runs[-1].closed:
        runs[-1].replies.append(AIMessage(content=END_OF_RECORDING))
    return Script(system_prompt, runs, outputs, parameters)


# --------------------------------------------------------------------------- the model


class ProviderContextOverflow(openai.BadRequestError, ContextOverflowError):
    """What ``langchain-openai`` raises for OpenAI's ``context_length_exceeded``: the SDK's
    own error, that is also LangChain's ``ContextOverflowError``."""


@dataclass
class ModelCall:
    """What one call of the scripted model was sent, and what became of it."""

    messages: list[BaseMessage]
    tools: list[dict[str, Any]]
    run: int
    """The index of the run (``agent.invoke``) the call belongs to."""
    outcome: str = "ok"
    """``ok``, ``overflow`` (the server refused it for length) or ``error``."""


class ScriptedChatModel(BaseChatModel):
    """Replays recorded assistant turns; sends what it is given to the window server first."""

    base_url: str
    model_name: str = MODEL
    _replies: list[AIMessage] = PrivateAttr(default_factory=list)
    _client: Any = PrivateAttr(default=None)
    calls: list[ModelCall] = []  # noqa: RUF012  (pydantic copies the default per instance)
    run: int = 0

    def model_post_init(self, context: Any) -> None:
        self._client = openai.OpenAI(base_url=self.base_url, api_key="x", max_retries=0)

    def script(self, replies: Sequence[AIMessage]) -> None:
        self._replies = list(replies)

    @property
    def remaining(self) -> int:
        return len(self._replies)

    @property
    def _llm_type(self) -> str:
        return "scripted-replay"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        kwargs.pop("tool_choice", None)
        return self.bind(tools=[convert_to_openai_tool(tool) for tool in tools], **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools = list(kwargs.get("tools") or [])
        call = ModelCall(list(messages), tools, self.run)
        self.calls.append(call)
        body: dict[str, Any] = {
            "model": self.model_name,
            "messages": convert_to_openai_messages(messages),
        }
        if tools:
            body["tools"] = tools
        if kwargs.get("max_tokens"):
            body["max_tokens"] = kwargs["max_tokens"]
        try:
            completion = self._client.chat.completions.create(**body)
        except openai.BadRequestError as error:
            if error.code == "context_length_exceeded":
                call.outcome = "overflow"
                raise ProviderContextOverflow(
                    error.message, response=error.response, body=error.body
                ) from error
            call.outcome = "error"
            raise
        if not self._replies:
            raise AssertionError("the model was called more often than the recording has turns")
        recorded = self._replies.pop(0)
        usage = completion.usage
        reply = recorded.model_copy(
            update={
                "usage_metadata": {
                    "input_tokens": usage.prompt_tokens,
                    "output_tokens": usage.completion_tokens,
                    "total_tokens": usage.total_tokens,
                }
            }
        )
        return ChatResult(generations=[ChatGeneration(message=reply)])


# --------------------------------------------------------------------------- the tools


class RecordedTool(BaseTool):
    """Answers each call with the output recorded for its call id."""

    outputs: dict[str, str]
    parameters: dict[str, Any]

    def model_post_init(self, context: Any) -> None:
        self.args_schema = self.parameters

    def _run(self, *args: Any, **kwargs: Any) -> str:
        raise AssertionError("called with its call, never with bare arguments")

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        call_id = str(input["id"])
        return ToolMessage(
            content=self.outputs.get(call_id, NO_OUTPUT), tool_call_id=call_id, name=self.name
        )

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        return self.invoke(input, config)


def recorded_tools(script: Script) -> list[BaseTool]:
    return [
        RecordedTool(
            name=name,
            description=f"The recorded {name} tool.",
            outputs=script.outputs,
            parameters=parameters,
        )
        for name, parameters in script.tool_parameters.items()
    ]


# --------------------------------------------------------------------------- the replay


@dataclass
class Replay:
    script: Script
    model: ScriptedChatModel
    state: list[BaseMessage]
    """The graph's messages once every run finished."""

    @property
    def calls(self) -> list[ModelCall]:
        return self.model.calls

    def answered(self) -> Iterator[ModelCall]:
        return (call for call in self.calls if call.outcome == "ok")


def agent_for(
    script: Script,
    model: ScriptedChatModel,
    middleware: Sequence[AgentMiddleware[Any, Any, Any]],
    checkpointer: InMemorySaver,
) -> Any:
    return create_agent(
        model,
        tools=recorded_tools(script),
        system_prompt=script.system_prompt,
        middleware=list(middleware),
        checkpointer=checkpointer,
    )


def thread_config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}, "recursion_limit": 10_000}


def replay(
    server: WindowServer,
    trajectory: Trajectory,
    middleware: Sequence[AgentMiddleware[Any, Any, Any]],
    *,
    mode: str = "sync",
    thread_id: str = "replay",
) -> Replay:
    """Run ``trajectory`` through ``create_agent`` with ``middleware`` (``mode`` is ``sync``
    for ``invoke`` or ``async`` for ``ainvoke``), one thread, run by run."""
    script = script_of(trajectory)
    model = ScriptedChatModel(base_url=server.openai_url)
    model.script(script.replies)
    agent = agent_for(script, model, middleware, InMemorySaver())
    config = thread_config(thread_id)
    state: dict[str, Any] = {"messages": []}

    async def run_async() -> dict[str, Any]:
        result: dict[str, Any] = {"messages": []}
        for index, run in enumerate(script.runs):
            model.run = index
            result = await agent.ainvoke({"messages": run.inputs}, config)
        return result

    if mode == "async":
        state = asyncio.run(run_async())
    else:
        for index, run in enumerate(script.runs):
            model.run = index
            state = agent.invoke({"messages": run.inputs}, config)
    assert model.remaining == 0, f"{model.remaining} recorded turns were never asked for"
    return Replay(script, model, list(state["messages"]))
