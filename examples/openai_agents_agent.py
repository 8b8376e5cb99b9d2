"""An OpenAI Agents SDK agent kept inside an 8,192-token window by packlight, offline.

Run it (no API key, no network; the model is the SDK's own ``ScriptedModel``)::

    pip install 'packlight[openai-agents]'
    python examples/openai_agents_agent.py

The agent reads twelve source files of about 1,500 tokens each in one ``Runner.run``: far
more than the window holds. ``PacklightSession`` keeps every item in a SQLite store and its
input filter compacts between model calls, so every call fits; the last call is refused once
by the "provider" for its length, and the model wrapper compacts and retries.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import openai
from agents import Agent, FunctionTool, Runner, set_tracing_disabled
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message, function_call

import packlight
from packlight.integrations.openai_agents import PacklightSession

WINDOW = 8_192
FILES = [f"src/module_{number:02d}.py" for number in range(12)]
TASK = "Find which module defines parse_header and explain how it handles folded lines."


def source_of(path: str) -> str:
    """A stand-in file of about 1,500 tokens."""
    lines = [f"# {path}"]
    lines += [f"def helper_{n}(value):\n    return value * {n}  # step {n}" for n in range(120)]
    if path.endswith("07.py"):
        lines.append("def parse_header(raw):\n    return raw.replace('\\r\\n ', ' ')")
    return "\n".join(lines)


async def read_file(context: Any, arguments: str) -> str:
    import json

    return source_of(json.loads(arguments)["path"])


READ_FILE = FunctionTool(
    name="read_file",
    description="Read one file of the repository.",
    params_json_schema={
        "type": "object",
        "properties": {"path": {"type": "string"}},
        "required": ["path"],
    },
    on_invoke_tool=read_file,
)


def overflow_error() -> openai.BadRequestError:
    """What the openai SDK raises when a request is over the model's window."""
    import httpx

    body = {
        "message": "Your input exceeds the context window of this model.",
        "type": "invalid_request_error",
        "param": "input",
        "code": "context_length_exceeded",
    }
    request = httpx.Request("POST", "https://api.openai.com/v1/responses")
    return openai.BadRequestError(
        f"Error code: 400 - {body}", response=httpx.Response(400, request=request), body=body
    )


def script() -> list[Any]:
    steps: list[Any] = [
        [function_call("read_file", {"path": path}, call_id=f"call_{n}")]
        for n, path in enumerate(FILES)
    ]
    steps.append(ModelStep.raise_error(overflow_error()))  # refused once, then answered
    steps.append([assistant_message("module_07 defines parse_header; it unfolds lines.")])
    return steps


async def main() -> None:
    set_tracing_disabled(True)
    sizes: list[int] = []
    counter = packlight.TranscriptCounter(packlight.EstimateCounter())

    def measure(call: ModelCall) -> None:
        history = packlight.to_canonical(
            {"input": call.input, "instructions": call.system_instructions}
        )
        sizes.append(sum(counter.messages(history)))

    scripted = ScriptedModel(script())
    store_path = Path(tempfile.mkdtemp()) / "packlight.db"
    session = PacklightSession("example", store=str(store_path), context_window=WINDOW)
    agent = Agent(
        name="reader",
        instructions="You answer questions about a repository by reading its files.",
        model=session.wrap_model(scripted),
        tools=[READ_FILE],
    )
    result = await Runner.run(
        agent, TASK, session=session, run_config=session.run_config(), max_turns=30
    )
    for call in scripted.calls:
        measure(call)

    stats = session.packlight.stats
    kept = await session.get_items(limit=10_000)  # with a limit: the raw items, not the view
    print(f"answer: {result.final_output}")
    print(f"model calls: {len(scripted.calls)}")
    print(f"largest request: {max(sizes):,} tokens (window {WINDOW:,})")
    everything = packlight.to_canonical({"input": kept, "instructions": agent.instructions})
    print(f"the whole conversation: {sum(counter.messages(everything)):,} tokens")
    print(f"compactions: {stats.compactions}, recoveries: {stats.recoveries}")
    print(f"items kept in {store_path.name}: {len(kept)}")
    print(f"task in every request: {all(TASK in str(call.input) for call in scripted.calls)}")


if __name__ == "__main__":
    asyncio.run(main())
