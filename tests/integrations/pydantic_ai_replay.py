"""Replaying a recorded agent trajectory inside pydantic-ai's own agent loop.

The trajectory (packlight's canonical messages, as :mod:`tests.wrappers.replay` loads them)
becomes what pydantic-ai needs to run it again: a ``FunctionModel`` that answers each model
call with the next *recorded* assistant turn (text and tool calls) and keeps every message
list it was sent; stub tools that return the recorded output of each call; and the runs:
each user message that follows an assistant's final answer starts a new ``agent.run`` with
the history so far, and one that follows a tool result is injected by that tool
(``RunContext.enqueue``), where the recorded agent received it.

Nothing here knows about packlight's integration: the message lists are read back with this
module's own conversion, so the tests check what the model really received.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import openai
from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.usage import RequestUsage, UsageLimits

import packlight
from tests.live.window_checks import check_window, error_body
from tests.wrappers.replay import Trajectory

END_OF_RECORDING = "[the recorded trajectory ends here]"
PERMISSIVE_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": True}
"""For trajectories recorded without tool schemas (tau-bench): any arguments."""


@dataclass(frozen=True)
class ModelCall:
    """One call of the scripted model: what it received and what it should have received."""

    messages: list[ModelMessage]
    latest_user: str
    """The latest recorded user message before this turn, which must arrive verbatim."""
    tools: list[dict[str, Any]]
    note: Any = None
    """What :attr:`ScriptedReplay.note` returned at this call (the session's last reason)."""


def _text(content: Any) -> str:
    return packlight.message_text({"role": "user", "content": content})


def as_openai(messages: Sequence[ModelMessage]) -> list[dict[str, Any]]:
    """What a provider would receive for ``messages``, in OpenAI chat shape (for counting)."""
    converted: list[dict[str, Any]] = []
    for message in messages:
        if isinstance(message, ModelResponse):
            texts = [p.content for p in message.parts if isinstance(p, TextPart)]
            calls = [p for p in message.parts if isinstance(p, ToolCallPart)]
            entry: dict[str, Any] = {"role": "assistant", "content": "\n\n".join(texts)}
            if calls:
                entry["tool_calls"] = [
                    {
                        "id": c.tool_call_id,
                        "type": "function",
                        "function": {"name": c.tool_name, "arguments": c.args_as_json_str()},
                    }
                    for c in calls
                ]
            converted.append(entry)
            continue
        for part in message.parts:
            if isinstance(part, SystemPromptPart):
                converted.append({"role": "system", "content": part.content})
            elif isinstance(part, UserPromptPart):
                content = part.content if isinstance(part.content, str) else _text(part.content)
                converted.append({"role": "user", "content": content})
            elif isinstance(part, ToolReturnPart):
                converted.append(
                    {
                        "role": "tool",
                        "tool_call_id": part.tool_call_id,
                        "content": part.model_response_str(),
                    }
                )
            else:
                raise AssertionError(f"unexpected part {type(part).__name__} sent to the model")
    return converted


def tool_pairing_errors(messages: Sequence[ModelMessage]) -> list[str]:
    """Where ``messages`` break pydantic-ai's tool pairing: each response's tool calls are
    answered, all of them and nothing else, by the request right after it."""
    errors: list[str] = []
    for index, message in enumerate(messages):
        if not isinstance(message, ModelRequest):
            continue
        returned = [p.tool_call_id for p in message.parts if isinstance(p, ToolReturnPart)]
        previous = messages[index - 1] if index else None
        called = (
            [p.tool_call_id for p in previous.parts if isinstance(p, ToolCallPart)]
            if isinstance(previous, ModelResponse)
            else []
        )
        if sorted(returned) != sorted(called):
            errors.append(f"message {index}: returns {returned} answer calls {called}")
    last = messages[-1] if messages else None
    if not isinstance(last, ModelRequest):
        errors.append("the last message sent is not a request")
    return errors


def provider_overflow(prompt_tokens: int, window: int, model_name: str) -> ModelHTTPError:
    """What pydantic-ai's OpenAI model raises when OpenAI refuses a prompt over ``window``:
    a ``ModelHTTPError`` caused by the SDK's ``BadRequestError`` (``context_length_exceeded``,
    OpenAI's own wording and body)."""
    rejection = check_window("openai_chat", prompt_tokens, None, window, True)
    assert rejection is not None
    body = error_body("openai_chat", rejection, "req_replay")
    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    response = httpx.Response(400, request=request, json=body)
    cause = openai.BadRequestError(
        f"Error code: 400 - {body}", response=response, body=body["error"]
    )
    error = ModelHTTPError(400, model_name, body=body["error"])
    error.__cause__ = cause
    return error


def latest_user_prompt(messages: Sequence[ModelMessage]) -> str | None:
    for message in reversed(messages):
        if isinstance(message, ModelRequest):
            for part in reversed(message.parts):
                if isinstance(part, UserPromptPart):
                    return part.content if isinstance(part.content, str) else None
    return None


@dataclass
class ScriptedReplay:
    """A recorded trajectory as a pydantic-ai model, tools and runs (see the module doc)."""

    trajectory: Trajectory
    calls: list[ModelCall] = field(default_factory=list)
    counter: packlight.TranscriptCounter = field(
        default_factory=lambda: packlight.TranscriptCounter(packlight.EstimateCounter())
    )
    note: Callable[[], Any] | None = None
    """Called at each model call; what it returns is kept in :attr:`ModelCall.note`."""
    provider_window: int | None = None
    """When set, the model refuses a request over this many tokens as OpenAI does (see
    :func:`provider_overflow`) instead of answering it; refusals are kept in :attr:`refused`."""
    refused: list[ModelCall] = field(default_factory=list)

    def __post_init__(self) -> None:
        messages = self.trajectory.messages
        self.system = next((m["content"] for m in messages[:1] if m["role"] == "system"), None)
        self.turns: list[tuple[dict[str, Any], str]] = []
        """Each recorded assistant message with the latest user text before it."""
        self.outputs: dict[str, list[tuple[str, str | None]]] = {}
        """Per tool call id, in recorded order (real runs reuse ids): the output, and the
        user message the recorded agent received right after it, if any."""
        self.prompts: list[str] = []
        """The user messages that start a run."""
        latest = ""
        for index, message in enumerate(messages):
            role = message["role"]
            if role == "user":
                latest = _text(message["content"])
                before = messages[index - 1]["role"] if index else "system"
                if before == "tool":
                    answered = self.outputs[messages[index - 1]["tool_call_id"]]
                    answered[-1] = (answered[-1][0], latest)
                else:
                    self.prompts.append(latest)
            elif role == "assistant":
                self.turns.append((message, latest))
            elif role == "tool":
                self.outputs.setdefault(message["tool_call_id"], []).append(
                    (_text(message["content"]), None)
                )
        self.final_user = latest
        self._next = 0

    # --- the model ---------------------------------------------------------------------------

    def respond(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        sent = as_openai(messages)
        tools = [
            {
                "type": "function",
                "function": {
                    "name": t.name,
                    "description": t.description or "",
                    "parameters": t.parameters_json_schema,
                },
            }
            for t in info.function_tools
        ]
        prompt_tokens = self.counter.raw_request(sent, tools or None)
        usage = RequestUsage(input_tokens=prompt_tokens)
        note = self.note() if self.note is not None else None
        if self.provider_window is not None and prompt_tokens > self.provider_window:
            self.refused.append(ModelCall(list(messages), "", tools, note))
            raise provider_overflow(prompt_tokens, self.provider_window, "scripted-replay")
        if self._next >= len(self.turns):
            self.calls.append(ModelCall(list(messages), self.final_user, tools, note))
            return ModelResponse(parts=[TextPart(END_OF_RECORDING)], usage=usage)
        recorded, latest = self.turns[self._next]
        self._next += 1
        self.calls.append(ModelCall(list(messages), latest, tools, note))
        parts: list[Any] = []
        if recorded.get("content"):
            parts.append(TextPart(_text(recorded["content"])))
        for call in recorded.get("tool_calls") or ():
            function = call["function"]
            parts.append(
                ToolCallPart(function["name"], function["arguments"], tool_call_id=call["id"])
            )
        return ModelResponse(parts=parts or [TextPart("")], usage=usage)

    def model(self) -> FunctionModel:
        return FunctionModel(self.respond, model_name="scripted-replay")

    # --- the tools ---------------------------------------------------------------------------

    def tools(self) -> list[Tool[None]]:
        schemas = {t["function"]["name"]: t["function"] for t in self.trajectory.tools}
        names = {
            call["function"]["name"]
            for message, _ in self.turns
            for call in message.get("tool_calls") or ()
        }
        return [
            Tool.from_schema(
                self._stub(),
                name=name,
                description=schemas.get(name, {}).get("description", f"the recorded {name}"),
                json_schema=schemas.get(name, {}).get("parameters", PERMISSIVE_SCHEMA),
                takes_ctx=True,
            )
            for name in sorted(names)
        ]

    def _stub(self) -> Callable[..., str]:
        def recorded_output(ctx: RunContext[None], **arguments: Any) -> str:
            call_id = ctx.tool_call_id
            assert call_id is not None
            recorded = self.outputs.get(call_id)
            if not recorded:
                return json.dumps({"recorded": "no output"})
            output, injected = recorded.pop(0)
            if injected is not None:
                ctx.enqueue(UserPromptPart(injected))
            return output

        return recorded_output

    # --- the runs ----------------------------------------------------------------------------

    def agent(self, capabilities: Sequence[Any]) -> Agent[None, str]:
        return Agent(
            self.model(),
            system_prompt=self.system or (),
            tools=self.tools(),
            capabilities=list(capabilities),
        )

    def run(self, agent: Agent[None, str]) -> list[ModelMessage]:
        """Every run of the trajectory, each continuing the last one's history."""
        history: list[ModelMessage] = []
        for prompt in self.prompts:
            result = agent.run_sync(
                prompt, message_history=history, usage_limits=UsageLimits(request_limit=None)
            )
            history = result.all_messages()
        return history

    async def arun(self, agent: Agent[None, str]) -> list[ModelMessage]:
        history: list[ModelMessage] = []
        for prompt in self.prompts:
            result = await agent.run(
                prompt, message_history=history, usage_limits=UsageLimits(request_limit=None)
            )
            history = result.all_messages()
        return history
