"""packlight.integrations.pydantic_ai inside pydantic-ai's own agent loop.

Recorded trajectories are replayed turn by turn by a ``FunctionModel`` (see
tests/integrations/pydantic_ai_replay.py) with the history processor installed the way
pydantic-ai 2 takes one, ``ProcessHistory``; the tests hold every message list the model
received against what packlight promises.
"""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
from pydantic_ai import Agent, AgentRunResult, RunContext
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import (
    ImageUrl,
    ModelMessage,
    ModelMessagesTypeAdapter,
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.models.test import TestModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai.usage import RunUsage, UsageLimits

import packlight
from packlight.integrations.pydantic_ai import (
    AsyncPacklightHistory,
    PacklightHistory,
    PacklightModel,
    async_history_processor,
    history_processor,
)
from tests.live.window_server import WindowServer
from tests.wrappers.replay import Trajectory, swe_agent, tau_bench

from .pydantic_ai_replay import ScriptedReplay, as_openai, tool_pairing_errors

ROOT = Path(__file__).resolve().parents[2]
CHECKPOINT_OPENING = "[packlight checkpoint]"

CASES = [
    pytest.param(swe_agent, 8192, id="mini-swe-agent-8k"),
    pytest.param(swe_agent, 16384, id="mini-swe-agent-16k"),
    # The tau-bench sample peaks under 7K tokens: a smaller window makes it compact.
    pytest.param(tau_bench, 4096, id="tau-bench-4k"),
]


def user_texts(messages: list[ModelMessage]) -> list[str]:
    return [
        part.content
        for message in messages
        if isinstance(message, ModelRequest)
        for part in message.parts
        if isinstance(part, UserPromptPart) and isinstance(part.content, str)
    ]


def check_calls(
    replay: ScriptedReplay, session: packlight.Session | packlight.AsyncSession
) -> None:
    """What every model call of a replay must show (see the module docstring)."""
    stats = session.stats
    assert stats.threshold is not None
    window = stats.context_window
    assert window is not None
    assert len(replay.calls) >= len(replay.turns)
    for number, call in enumerate(replay.calls):
        sent = as_openai(call.messages)
        tokens = replay.counter.raw_request(sent, call.tools or None)
        assert tokens <= window, f"call {number}: {tokens:,} tokens > the {window:,} window"
        if tokens >= stats.threshold:
            # Over the threshold only when the session said why: it deferred (real usage said
            # the request fits), compaction could not get under it (the system prompt and the
            # task alone are that large), or the engine paused compacting after two that saved
            # little; the request still fits the window.
            note = str(call.note)
            assert note.startswith(("deferred", "paused")) or any(
                why in note for why in ("still over the threshold", "not compacted")
            ), (number, tokens, note)
        assert tool_pairing_errors(call.messages) == [], number
        # The latest user message arrives whole, as a user prompt of its own (a checkpoint,
        # also a user prompt, may follow it).
        assert call.latest_user in user_texts(call.messages), (
            f"call {number}: the latest user message is missing"
        )
        if replay.system is not None:
            first = call.messages[0]
            assert isinstance(first, ModelRequest)
            assert isinstance(first.parts[0], SystemPromptPart)
            assert first.parts[0].content == replay.system, "the system prompt is untouched"
    assert stats.compactions >= 2, stats
    assert stats.lineages == 1, "the adopted view should continue the same lineage"
    assert stats.prefix_breaks == stats.compactions
    checkpoints = [
        text
        for call in replay.calls
        for text in user_texts(call.messages)
        if text.startswith(CHECKPOINT_OPENING)
    ]
    assert checkpoints, "the checkpoint should reach the model as a user prompt"


def tool_calls(message: dict[str, Any]) -> list[tuple[str, Any]]:
    """(id, arguments) of each call; pydantic-ai re-serialises arguments, so compare values."""
    return [
        (call["id"], json.loads(call["function"]["arguments"]))
        for call in message.get("tool_calls") or ()
    ]


def check_archive(store: packlight.SessionStore, session_id: str, trajectory: Trajectory) -> None:
    """The store holds every recorded message, in order, as the agent produced it."""
    archived = packlight.StoredSession.resume(store, session_id).original_messages()
    recorded = trajectory.messages
    assert len(archived) == len(recorded)
    for index, (kept, original) in enumerate(zip(archived, recorded, strict=True)):
        assert kept["role"] == original["role"], index
        assert packlight.message_text(kept) == packlight.message_text(original), index
        assert kept.get("tool_call_id") == original.get("tool_call_id"), index
        assert tool_calls(kept) == tool_calls(original), index


@pytest.fixture
def sync_runs() -> Iterator[None]:
    """``Agent.run_sync`` leaves the event loop it made set on the thread, open: close it (a
    test skipped before any run left none)."""
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:
            return
    loop.close()
    asyncio.set_event_loop(None)


@pytest.mark.usefixtures("sync_runs")
@pytest.mark.parametrize(("load", "window"), CASES)
def test_sync_processor_keeps_every_model_call_in_the_window(
    load: Callable[[], Trajectory], window: int, tmp_path: Path
) -> None:
    trajectory = load()
    store = packlight.open_store(str(tmp_path / "store.db"))
    processor = history_processor(context_window=window, store=store)
    replay = ScriptedReplay(trajectory, note=lambda: processor.session.stats.last_reason)
    replay.run(replay.agent([ProcessHistory(processor)]))
    check_calls(replay, processor.session)
    session_id = processor.session.session_id
    assert session_id is not None
    check_archive(store, session_id, trajectory)


@pytest.mark.parametrize(("load", "window"), CASES)
def test_async_processor_keeps_every_model_call_in_the_window(
    load: Callable[[], Trajectory], window: int, tmp_path: Path
) -> None:
    trajectory = load()
    store = packlight.open_store(str(tmp_path / "store.db"))
    processor = async_history_processor(context_window=window, store=store)
    replay = ScriptedReplay(trajectory, note=lambda: processor.session.stats.last_reason)
    asyncio.run(replay.arun(replay.agent([ProcessHistory(processor)])))
    check_calls(replay, processor.session)
    session_id = processor.session.session_id
    assert session_id is not None
    check_archive(store, session_id, trajectory)


def test_a_restarted_process_continues_the_stored_session(tmp_path: Path) -> None:
    """The agent's history saved as JSON (pydantic-ai's own adapter) and the store reopened
    in a new processor: the same stored session and lineage go on, nothing is lost."""
    trajectory = swe_agent()
    replay = ScriptedReplay(trajectory)
    assert len(replay.prompts) >= 2
    first_prompt, *later_prompts = replay.prompts
    limits = UsageLimits(request_limit=None)
    path = str(tmp_path / "store.db")

    store = packlight.open_store(path)
    before = async_history_processor(context_window=8192, store=store)
    result = asyncio.run(
        replay.agent([ProcessHistory(before)]).run(first_prompt, usage_limits=limits)
    )
    session_id = before.session.session_id
    assert session_id is not None
    assert before.session.stats.compactions >= 1
    saved = ModelMessagesTypeAdapter.dump_json(result.all_messages())
    store.close()

    reopened = packlight.open_store(path)
    after = async_history_processor(context_window=8192, store=reopened, session_id=session_id)
    agent = replay.agent([ProcessHistory(after)])
    history = ModelMessagesTypeAdapter.validate_json(saved)

    async def go_on(history: list[ModelMessage]) -> None:
        for prompt in later_prompts:
            history = (
                await agent.run(prompt, message_history=history, usage_limits=limits)
            ).all_messages()

    asyncio.run(go_on(history))
    stats = after.session.stats
    assert after.session.session_id == session_id
    assert stats.lineages == 1, "the saved history is the stored session's view"
    assert stats.compactions >= 1
    check_archive(reopened, session_id, trajectory)
    reopened.close()


@pytest.mark.parametrize(("load", "window"), CASES)
def test_without_packlight_the_same_replay_overflows(
    load: Callable[[], Trajectory], window: int
) -> None:
    """The replays above prove something: without the processor they do not fit."""
    replay = ScriptedReplay(load())
    asyncio.run(replay.arun(replay.agent([])))
    sizes = [
        replay.counter.raw_request(as_openai(c.messages), c.tools or None) for c in replay.calls
    ]
    assert sum(size > window for size in sizes) >= len(sizes) // 3


@pytest.mark.shared_data
@pytest.mark.slow
@pytest.mark.usefixtures("sync_runs")
@pytest.mark.parametrize("window", [8192, 16384])
def test_more_real_trajectories(shared_data: Path, window: int, tmp_path: Path) -> None:
    folder = shared_data / "trajectories" / "mini-swe-agent"
    compacted = 0
    for path in sorted(folder.glob("*.json"))[:4]:
        session = json.loads(path.read_text(encoding="utf-8"))
        trajectory = Trajectory(session["messages"], session.get("tools") or [])
        processor = history_processor(context_window=window)
        replay = ScriptedReplay(trajectory, note=lambda p=processor: p.session.stats.last_reason)
        replay.run(replay.agent([ProcessHistory(processor)]))
        stats = processor.session.stats
        if stats.compactions >= 2:
            check_calls(replay, processor.session)
            compacted += 1
        else:  # a short run: nothing to compact, every call still fits
            assert all(
                replay.counter.raw_request(as_openai(c.messages), c.tools or None) <= window
                for c in replay.calls
            ), path.name
    assert compacted, "at least one of the real trajectories should have compacted twice"


# --- the processor on its own -----------------------------------------------------------------


def context() -> RunContext[None]:
    return RunContext(deps=None, model=TestModel(), usage=RunUsage())


def history(turns: int, output: str) -> list[ModelMessage]:
    messages: list[ModelMessage] = [
        ModelRequest(parts=[SystemPromptPart("You fix bugs."), UserPromptPart("Fix the bug.")])
    ]
    for turn in range(turns):
        call_id = f"call_{turn}"
        messages.append(
            ModelResponse(
                parts=[
                    TextPart(f"Step {turn}: look at the file."),
                    ToolCallPart("bash", {"command": f"cat part_{turn}.py"}, tool_call_id=call_id),
                ]
            )
        )
        messages.append(
            ModelRequest(parts=[ToolReturnPart("bash", f"{output} {turn}", tool_call_id=call_id)])
        )
    return messages


def test_a_history_under_the_threshold_comes_back_as_the_callers_objects() -> None:
    messages = history(3, "short output")
    before = copy.deepcopy(messages)
    processor = history_processor(context_window=8192)
    returned = processor(context(), messages)
    assert len(returned) == len(messages)
    assert all(mine is theirs for mine, theirs in zip(returned, messages, strict=True))
    assert messages == before
    assert processor.session.stats.compactions == 0


def test_a_compacted_history_keeps_the_callers_objects_it_did_not_change() -> None:
    messages = history(24, "line of output " * 90)
    messages.append(ModelRequest(parts=[UserPromptPart("Now also add a test for it.")]))
    before = copy.deepcopy(messages)
    processor = history_processor(context_window=8192)
    returned = processor(context(), messages)
    assert messages == before, "the caller's messages were changed"
    assert processor.session.stats.compactions == 1
    assert len(returned) < len(messages)
    head = returned[0]
    assert isinstance(head, ModelRequest)
    # The caller's system prompt part itself, then packlight's note that turns were compacted.
    assert head.parts[0] is messages[0].parts[0]
    note = head.parts[1]
    assert isinstance(note, SystemPromptPart)
    assert note.content.startswith("[packlight] Earlier turns")
    originals = {id(message) for message in messages}
    checkpoints = [
        message
        for message in returned
        if isinstance(message, ModelRequest)
        and any(
            isinstance(part, UserPromptPart) and str(part.content).startswith(CHECKPOINT_OPENING)
            for part in message.parts
        )
    ]
    assert len(checkpoints) == 1
    assert id(checkpoints[0]) not in originals, "the checkpoint is a new request"
    # What the session kept verbatim comes back as the very objects the caller holds.
    kept = [message for message in returned[1:] if id(message) in originals]
    assert kept, "the recent turns should come back as the caller's objects"
    assert returned[-1] is messages[-1]
    assert tool_pairing_errors(returned) == []
    # The next turn hands back the adopted view: the same lineage goes on.
    reply = ModelResponse(parts=[TextPart("Done.")])
    follow_up = ModelRequest(parts=[UserPromptPart("Thanks, one more thing.")])
    again = processor(context(), [*returned, reply, follow_up])
    assert again[-1] is follow_up
    assert processor.session.stats.lineages == 1


def test_parts_packlight_does_not_count_travel_with_their_message() -> None:
    """Images, thinking and file-free text: under the threshold all come back untouched."""
    messages: list[ModelMessage] = [
        ModelRequest(
            parts=[
                UserPromptPart(
                    ["What is in this picture?", ImageUrl(url="https://example.com/cat.png")]
                )
            ]
        ),
        ModelResponse(parts=[ThinkingPart("Looking at it."), TextPart("A cat.")]),
        ModelRequest(parts=[UserPromptPart("Thanks.")]),
    ]
    before = copy.deepcopy(messages)
    processor = history_processor(context_window=8192)
    returned = processor(context(), messages)
    assert all(mine is theirs for mine, theirs in zip(returned, messages, strict=True))
    assert messages == before


def test_a_dynamic_system_prompt_survives_compaction_across_runs() -> None:
    """pydantic-ai re-renders a dynamic system prompt in the history each run: the caller's
    part stays untouched (packlight's note is a part of its own), so the session goes on."""
    processor = async_history_processor(context_window=4096)
    steps = 24
    calls: list[int] = []

    def reads_files(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        step = len(calls)
        calls.append(step)
        if step < steps:
            call = ToolCallPart("read", {"path": f"f{step}.py"}, tool_call_id=f"c{step}")
            return ModelResponse(parts=[TextPart(f"Step {step}."), call])
        return ModelResponse(parts=[TextPart("Done.")])

    agent = Agent(FunctionModel(reads_files), capabilities=[ProcessHistory(processor)])

    @agent.system_prompt(dynamic=True)
    def policy() -> str:
        return "You are careful with files."

    @agent.tool_plain
    def read(path: str) -> str:
        return f"{path}: " + "a line of the file " * 120

    async def two_runs() -> list[ModelMessage]:
        first = await agent.run("Read the files.")
        assert processor.session.stats.compactions >= 1
        second = await agent.run("Now summarise them.", message_history=first.all_messages())
        return second.all_messages()

    history = asyncio.run(two_runs())
    assert processor.session.stats.lineages == 1
    opening = history[0]
    assert isinstance(opening, ModelRequest)
    system = opening.parts[0]
    assert isinstance(system, SystemPromptPart)
    assert system.content == "You are careful with files."
    assert system.dynamic_ref is not None


def test_project_instructions_reach_every_call_once(tmp_path: Path) -> None:
    """The session adds AGENTS.md to the system prompt; pydantic-ai keeps the view it was
    sent as its history, and the section comes back with it: never added twice, and the
    same lineage goes on across compactions and runs."""
    (tmp_path / ".git").mkdir()
    rule = "Always run the tests with pytest -q before finishing."
    (tmp_path / "AGENTS.md").write_text(rule + "\n", encoding="utf-8")
    processor = async_history_processor(context_window=4096, project_instructions=tmp_path)
    received: list[list[ModelMessage]] = []

    def reads_files(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        received.append(list(messages))
        if len(received) < 24:
            call = ToolCallPart("read", {"path": "f.py"}, tool_call_id=f"c{len(received)}")
            return ModelResponse(parts=[TextPart("Reading."), call])
        return ModelResponse(parts=[TextPart("Done.")])

    agent = Agent(
        FunctionModel(reads_files),
        system_prompt="You are careful.",
        capabilities=[ProcessHistory(processor)],
    )

    @agent.tool_plain
    def read(path: str) -> str:
        return f"{path}: " + "a line of the file " * 120

    async def two_runs() -> None:
        first = await agent.run("Read the files.")
        await agent.run("Again.", message_history=first.all_messages())

    asyncio.run(two_runs())
    assert processor.session.stats.compactions >= 2
    assert processor.session.stats.lineages == 1
    for messages in received:
        system_text = "\n\n".join(
            part.content
            for message in messages
            if isinstance(message, ModelRequest)
            for part in message.parts
            if isinstance(part, SystemPromptPart)
        )
        assert system_text.startswith("You are careful.")
        assert system_text.count(rule) == 1


def test_async_processor_is_a_coroutine_processor_on_an_async_session() -> None:
    processor = async_history_processor(context_window=8192)
    assert isinstance(processor, AsyncPacklightHistory)
    assert isinstance(processor.session, packlight.AsyncSession)
    assert isinstance(history_processor(context_window=8192), PacklightHistory)
    messages = history(2, "output")
    returned = asyncio.run(processor(context(), messages))
    assert all(mine is theirs for mine, theirs in zip(returned, messages, strict=True))


def test_reported_usage_reaches_the_session() -> None:
    processor = history_processor(context_window=8192)
    messages = history(2, "output")
    answered = ModelResponse(parts=[TextPart("ok")])
    answered.usage.input_tokens = 777
    processor(context(), [*messages, answered, ModelRequest(parts=[UserPromptPart("next")])])
    assert processor.session.stats.last_reported == 777


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        ({"role": "user", "content": "hi"}, "message 1"),
        ("hello", "message 1"),
    ],
)
def test_bad_messages_are_named(bad: Any, where: str) -> None:
    processor = history_processor(context_window=8192)
    messages: list[Any] = [ModelRequest(parts=[UserPromptPart("hi")]), bad]
    with pytest.raises(packlight.TranscriptError, match=where) as caught:
        processor(context(), messages)
    assert "ModelRequest or ModelResponse" in str(caught.value)


def test_a_history_that_is_not_a_list_is_refused() -> None:
    processor = history_processor(context_window=8192)
    with pytest.raises(packlight.TranscriptError, match="list of pydantic-ai messages"):
        processor(context(), "not a history")  # type: ignore[arg-type]


# --- packaging -------------------------------------------------------------------------------


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=120,
        check=False,
    )


# --- recovery from the provider's overflow error -----------------------------------------------


def recorded_history(trajectory: Trajectory) -> list[ModelMessage]:
    """The trajectory as pydantic-ai's own history of it (replayed without packlight)."""
    replay = ScriptedReplay(trajectory)
    return asyncio.run(replay.arun(replay.agent([])))


async def converse(
    server: WindowServer,
    processor: PacklightHistory | AsyncPacklightHistory,
    history: list[ModelMessage],
    questions: list[str],
) -> list[AgentRunResult[str]]:
    """One run per question, each continuing the last, against the server's OpenAI API."""
    client = openai.AsyncOpenAI(base_url=server.openai_url, api_key="x", max_retries=0)
    model = OpenAIChatModel("window-model", provider=OpenAIProvider(openai_client=client))
    agent = Agent(PacklightModel(model, processor), capabilities=[ProcessHistory(processor)])
    results = []
    try:
        for question in questions:
            results.append(await agent.run(question, message_history=history))
            history = results[-1].all_messages()
    finally:
        await client.close()
    return results


@pytest.mark.parametrize("make", [history_processor, async_history_processor])
def test_an_overflow_from_the_provider_is_recovered(
    make: Callable[..., PacklightHistory | AsyncPacklightHistory],
) -> None:
    """The session believes the window is 64K; the provider's is 8K and says so in a real
    OpenAI 400 (``context_length_exceeded``), which pydantic-ai raises as ``ModelHTTPError``."""
    history = recorded_history(swe_agent())
    processor = make(context_window=65536)
    questions = ["Where are you with the task?", "And what is left to do?"]
    with WindowServer(window=8192) as server:
        results = asyncio.run(converse(server, processor, history, questions))
    assert [result.output for result in results] == ["ok", "ok"]
    outcomes = [seen.outcome for seen in server.requests]
    assert outcomes[0] == "overflow", "the history should not fit the provider's 8K"
    assert outcomes.count("invalid") == 0, [s.error for s in server.requests]
    assert outcomes[-1] == "ok"
    stats = processor.session.stats
    assert stats.recoveries >= 1
    assert stats.context_window == 8192, "the window the provider stated is learned"
    assert stats.lineages == 1
    answered = [seen for seen in server.requests if seen.outcome == "ok"]
    assert len(answered) == 2
    for seen, question in zip(answered, questions, strict=True):
        assert seen.prompt_tokens <= 8192
        assert seen.body["messages"][-1] == {"role": "user", "content": question}


RECOVERY_CASES = [
    pytest.param(swe_agent, 8192, async_history_processor, id="mini-swe-agent-8k-async"),
    pytest.param(swe_agent, 8192, history_processor, id="mini-swe-agent-8k-sync"),
    pytest.param(swe_agent, 16384, async_history_processor, id="mini-swe-agent-16k-async"),
    pytest.param(tau_bench, 4096, async_history_processor, id="tau-bench-4k-async"),
]


@pytest.mark.parametrize(("load", "window", "make"), RECOVERY_CASES)
def test_overflows_in_the_agent_loop_are_recovered(
    load: Callable[[], Trajectory],
    window: int,
    make: Callable[..., PacklightHistory | AsyncPacklightHistory],
    tmp_path: Path,
) -> None:
    """The replay's model refuses every request over the provider's window as OpenAI does
    (``ModelHTTPError`` from the SDK's ``BadRequestError``); the session was told a window
    twice that size, so only the refusals can teach it the real one."""
    trajectory = load()
    store = packlight.open_store(str(tmp_path / "store.db"))
    processor = make(context_window=2 * window, store=store)
    replay = ScriptedReplay(trajectory, provider_window=window)
    agent = Agent(
        PacklightModel(replay.model(), processor),
        system_prompt=replay.system or (),
        tools=replay.tools(),
        capabilities=[ProcessHistory(processor)],
    )
    asyncio.run(replay.arun(agent))
    assert replay.refused, "the provider should have refused at least one request"
    stats = processor.session.stats
    assert stats.recoveries >= len(replay.refused) >= 1
    assert stats.context_window == window, "the window the provider stated is learned"
    assert stats.lineages == 1
    assert len(replay.calls) >= len(replay.turns), "every recorded turn was answered"
    for number, call in enumerate(replay.calls):
        tokens = replay.counter.raw_request(as_openai(call.messages), call.tools or None)
        assert tokens <= window, number
        assert tool_pairing_errors(call.messages) == [], number
        assert call.latest_user in user_texts(call.messages), number
    session_id = processor.session.session_id
    assert session_id is not None
    check_archive(store, session_id, trajectory)


def test_an_error_that_is_not_an_overflow_reaches_the_caller_unchanged() -> None:
    raised: list[BaseException] = []

    def refuse(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        error = ModelHTTPError(401, "scripted", body={"error": {"message": "bad key"}})
        raised.append(error)
        raise error

    processor = history_processor(context_window=8192)
    agent = Agent(
        PacklightModel(FunctionModel(refuse), processor), capabilities=[ProcessHistory(processor)]
    )
    with pytest.raises(ModelHTTPError) as caught:
        asyncio.run(agent.run("hello"))
    assert caught.value is raised[0]
    assert len(raised) == 1, "not retried"
    assert processor.session.stats.recoveries == 0


# --- the example and its docs ------------------------------------------------------------------

EXAMPLE = ROOT / "examples" / "pydantic_ai_agent.py"
DOCS = ROOT / "docs" / "integrations" / "pydantic_ai.md"
RUN_COMMAND = "python examples/pydantic_ai_agent.py"


def test_the_example_runs_offline_and_stays_in_the_window(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    report = dict(line.split(": ", 1) for line in completed.stdout.strip().splitlines())
    window = 8192
    assert int(report["whole history"].split()[0].replace(",", "")) > 2 * window
    largest = int(report["largest request"].split()[0].replace(",", ""))
    assert 0 < largest <= window
    assert int(report["compactions"]) >= 2
    assert report["originals archived"] == "41 messages"
    assert report["answer"] == "None of the handlers opens a file."


def test_the_run_command_is_the_same_in_the_docs_and_the_example() -> None:
    assert RUN_COMMAND in EXAMPLE.read_text(encoding="utf-8")
    assert RUN_COMMAND in DOCS.read_text(encoding="utf-8")


def test_an_overflow_is_recovered_when_the_agent_streams() -> None:
    history = recorded_history(swe_agent())
    processor = async_history_processor(context_window=65536)

    async def stream() -> str:
        client = openai.AsyncOpenAI(base_url=server.openai_url, api_key="x", max_retries=0)
        model = OpenAIChatModel("window-model", provider=OpenAIProvider(openai_client=client))
        agent = Agent(PacklightModel(model, processor), capabilities=[ProcessHistory(processor)])
        try:
            async with agent.run_stream("Where are you?", message_history=history) as result:
                return await result.get_output()
        finally:
            await client.close()

    with WindowServer(window=8192) as server:
        output = asyncio.run(stream())
    assert output == "ok"
    assert server.requests[0].outcome == "overflow"
    assert server.requests[-1].outcome == "ok"
    assert server.requests[-1].stream
    assert processor.session.stats.recoveries >= 1
