"""Replaying a recorded trajectory inside the Agents SDK's own run loop.

A canonical trajectory (``tests/wrappers/replay.py``) becomes:

- the agent's ``instructions`` (its system prompt);
- a list of :class:`Run` s, one per ``Runner.run``: each starts with the user message(s)
  the trajectory holds there and replays its assistant turns in order;
- the SDK's own test model, ``agents.testing.ScriptedModel``, answering each model call with
  the *recorded* assistant turn as Responses output items (its text as an assistant message,
  each tool call as a ``function_call``), whatever the input it was sent;
- ``FunctionTool`` stubs, one per tool name, returning the recorded output of the call id
  the runner executes.

Each model call is answered with a usage whose ``input_tokens`` is the size of what it was
sent (counted by the test's own counter), as a real provider reports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents import FunctionTool, Usage
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

import packlight
from tests.wrappers.replay import Trajectory

END_OF_RECORDING = "(The recording ends here.)"
"""The answer that closes a run whose last recorded turn still called a tool: the runner
calls the model once more after the tools ran, and the recording has no answer for it."""


@dataclass
class Run:
    """One ``Runner.run``: its new input and the assistant turns the model replays."""

    input: list[dict[str, Any]]
    turns: list[dict[str, Any]] = field(default_factory=list)


def tool_calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    calls = message.get("tool_calls")
    return list(calls) if isinstance(calls, list) else []


def unique_call_ids(trajectory: Trajectory) -> Trajectory:
    """The trajectory with a call id that was used before renamed (in its call and in the
    tool output answering it). Recordings reuse ids now and then (the tau-bench sample
    does); the runner de-duplicates items by call id, as a provider's unique ids allow."""
    used: set[str] = set()
    current: dict[str, str] = {}
    messages: list[dict[str, Any]] = []
    for recorded_message in trajectory.messages:
        message = recorded_message
        if tool_calls(message):
            calls = []
            for call in tool_calls(message):
                recorded = str(call["id"])
                unique = recorded
                while unique in used:
                    unique = f"{unique}_again"
                used.add(unique)
                current[recorded] = unique
                calls.append({**call, "id": unique})
            message = {**message, "tool_calls": calls}
        elif message.get("role") == "tool":
            recorded = str(message["tool_call_id"])
            message = {**message, "tool_call_id": current.get(recorded, recorded)}
        messages.append(message)
    return Trajectory(messages, trajectory.tools)


def runs_of(trajectory: Trajectory) -> list[Run]:
    """The trajectory cut into runs: a run starts at user messages and ends with an
    assistant turn that calls no tool."""
    runs: list[Run] = []
    for message in trajectory.messages:
        role = message.get("role")
        if role == "user":
            if not runs or runs[-1].turns:
                runs.append(Run([]))
            runs[-1].input.append({"role": "user", "content": message["content"]})
        elif role == "assistant":
            if not runs:
                raise ValueError("the trajectory has an assistant turn before any user message")
            runs[-1].turns.append(message)
    return [run for run in runs if run.turns]


def instructions_of(trajectory: Trajectory) -> str | None:
    first = trajectory.messages[0]
    return packlight.message_text(first) if first.get("role") == "system" else None


def recorded_outputs(trajectory: Trajectory) -> dict[str, str]:
    """Each tool call id's recorded output."""
    return {
        str(message["tool_call_id"]): packlight.message_text(message)
        for message in trajectory.messages
        if message.get("role") == "tool"
    }


def output_items(turn: dict[str, Any], number: int) -> list[Any]:
    """A recorded assistant turn as the Responses output items a model returns."""
    items: list[Any] = []
    text = packlight.message_text(turn)
    if text:
        # Unique ids: the runner de-duplicates input items by id.
        items.append(assistant_message(text, item_id=f"msg_{number}"))
    for call in tool_calls(turn):
        function = call["function"]
        items.append(function_call(function["name"], function["arguments"], call_id=call["id"]))
    return items


def stub_tools(trajectory: Trajectory) -> list[FunctionTool]:
    """One tool per name the trajectory calls, answering with the recorded outputs."""
    outputs = recorded_outputs(trajectory)
    schemas = {t["function"]["name"]: t["function"] for t in trajectory.tools}
    names = sorted(
        {call["function"]["name"] for m in trajectory.messages for call in tool_calls(m)}
    )

    async def invoke(context: Any, arguments: str) -> str:
        return outputs.get(context.tool_call_id, "(no recorded output)")

    tools = []
    for name in names:
        schema = schemas.get(name, {})
        tools.append(
            FunctionTool(
                name=name,
                description=schema.get("description", f"The recorded {name} tool."),
                params_json_schema=schema.get(
                    "parameters", {"type": "object", "properties": {}, "additionalProperties": True}
                ),
                on_invoke_tool=invoke,
                strict_json_schema=False,
            )
        )
    return tools


def request_tokens(call: ModelCall, counter: packlight.TranscriptCounter) -> int:
    """What one model call was sent, counted as a transcript (instructions first)."""
    history = packlight.to_canonical(
        {"input": call.input, "instructions": call.system_instructions},
        packlight.Format.OPENAI_RESPONSES,
    )
    return sum(counter.messages(history))


OnCall = Callable[[ModelCall], None]


def scripted_model(
    runs: Sequence[Run], counter: packlight.TranscriptCounter, on_call: OnCall | None = None
) -> ScriptedModel:
    """The SDK's ``ScriptedModel`` replaying every run's turns in order (and closing a run
    that ends on a tool call with :data:`END_OF_RECORDING`); ``on_call`` sees each call as
    the model receives it."""
    steps: list[ModelStep] = []
    number = 0
    for run in runs:
        turns = list(run.turns)
        for turn in turns:
            number += 1
            steps.append(_step(output_items(turn, number), counter, on_call))
        if tool_calls(turns[-1]):
            number += 1
            closing = [assistant_message(END_OF_RECORDING, item_id=f"msg_{number}")]
            steps.append(_step(closing, counter, on_call))
    return ScriptedModel(steps)


def _step(
    output: list[Any], counter: packlight.TranscriptCounter, on_call: OnCall | None
) -> ModelStep:
    def respond(call: ModelCall) -> ModelStep:
        if on_call is not None:
            on_call(call)
        usage = Usage(requests=1, input_tokens=request_tokens(call, counter), output_tokens=50)
        return ModelStep(output=output, usage=usage)

    return ModelStep.respond(respond)


def texts_of(items: Any) -> list[str]:
    """Every user message's text in Responses input items."""
    if isinstance(items, str):
        return [items]
    texts = []
    for item in items:
        if item.get("role") == "user":
            content = item.get("content")
            if isinstance(content, str):
                texts.append(content)
            else:
                texts.append("".join(part.get("text", "") for part in content))
    return texts


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
