"""A pydantic-ai agent kept inside an 8,192-token window by packlight, offline.

Run it from a checkout (no API key, no network: pydantic-ai's own ``FunctionModel`` plays
the model)::

    pip install -e '.[pydantic-ai]'
    python examples/pydantic_ai_agent.py

The scripted model reads twenty large source files one tool call at a time, then answers.
The whole history grows far past the window; with packlight's history processor every
request stays in it (compacted more than once), the original messages are archived in a
SQLite store, and the task reaches the model whole.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from pydantic_ai import Agent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

import packlight
from packlight.integrations.pydantic_ai import PacklightModel, history_processor

WINDOW = 8192
FILES = [f"src/module_{number:02d}.py" for number in range(20)]
TASK = "Find every function that opens a file without closing it, and list them."


def read_file(path: str) -> str:
    """Read a source file of the repository."""
    return "\n".join(
        f"def handler_{n}(request):  # {path}\n    return process(request, {n})" for n in range(90)
    )


def history_tokens(messages: list[packlight.Message]) -> int:
    """What the whole history would cost to send, as packlight estimates it."""
    return packlight.TranscriptCounter(packlight.EstimateCounter()).raw_request(messages)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = packlight.open_store(str(Path(folder) / "sessions.db"))
        processor = history_processor(context_window=WINDOW, store=store)
        sizes: list[int] = []

        def scripted_model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
            sizes.append(processor.session.stats.last_estimate or 0)
            step = len(sizes) - 1
            if step < len(FILES):
                call = ToolCallPart("read_file", {"path": FILES[step]}, tool_call_id=f"c{step}")
                return ModelResponse(parts=[TextPart(f"Reading {FILES[step]}."), call])
            return ModelResponse(parts=[TextPart("None of the handlers opens a file.")])

        # The one line packlight adds: the processor (and, for overflow recovery, the model).
        agent = Agent(
            PacklightModel(FunctionModel(scripted_model), processor),
            capabilities=[ProcessHistory(processor)],
            tools=[read_file],
        )
        result = agent.run_sync(TASK)
        stats = processor.session.stats
        session_id = processor.session.session_id
        assert session_id is not None
        archived = packlight.StoredSession.resume(store, session_id).original_messages()
        store.close()
    print(f"model calls: {len(sizes)}")
    print(f"whole history: {history_tokens(archived):,} tokens")
    print(f"largest request: {max(sizes):,} tokens (window {WINDOW:,})")
    print(f"compactions: {stats.compactions}")
    print(f"originals archived: {len(archived)} messages")
    print(f"answer: {result.output}")


if __name__ == "__main__":
    main()
