"""packlight inside the OpenAI Agents SDK's own run loop.

Real trajectories are replayed through ``Runner.run_sync`` with the SDK's ``ScriptedModel``
answering each model call with the recorded assistant turn and stub tools answering each
call with its recorded output. Every model call must get a request under packlight's
threshold, with every ``function_call`` answered by its ``function_call_output``, and the
latest user message verbatim; the store must hold every original message.
"""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
from agents import (
    Agent,
    Model,
    ModelProvider,
    ModelResponse,
    ModelSettings,
    RunConfig,
    Runner,
    set_tracing_disabled,
)
from agents.memory import SQLiteSession
from agents.models.openai_responses import OpenAIResponsesModel
from agents.testing import ModelCall, ModelStep, ScriptedModel, assistant_message

import packlight
from packlight.integrations.openai_agents import (
    PacklightModel,
    PacklightSession,
    input_filter,
    wrap_model,
)
from tests.integrations.openai_agents_replay import (
    Run,
    instructions_of,
    request_tokens,
    runs_of,
    scripted_model,
    stub_tools,
    texts_of,
    unique_call_ids,
)
from tests.live.window_server import WindowServer
from tests.wrappers.replay import MODEL, Trajectory, contains_text, swe_agent, tau_bench

ROOT = Path(__file__).resolve().parents[2]
TRAJECTORIES = {
    "mini-swe-agent": lambda: unique_call_ids(swe_agent()),
    "tau-bench": lambda: unique_call_ids(tau_bench()),
}
MAX_TURNS = 200


@pytest.fixture(autouse=True)
def _no_tracing() -> Iterator[None]:
    set_tracing_disabled(True)  # nothing leaves the machine, not even a trace
    yield
    close_default_loop()


def close_default_loop() -> None:
    """``Runner.run_sync`` runs on the thread's default event loop and leaves it open: close
    it before an ``asyncio.run`` drops it unclosed."""
    policy = asyncio.get_event_loop_policy()
    try:
        loop = policy.get_event_loop()
    except RuntimeError:  # no run_sync since the last close
        return
    if not loop.is_running():
        loop.close()
    policy.set_event_loop(None)


def counter() -> packlight.TranscriptCounter:
    return packlight.TranscriptCounter(packlight.load_settings().token_counter(MODEL))


def agent_for(trajectory: Trajectory, model: Model) -> Agent[Any]:
    return Agent(
        name="replay",
        instructions=instructions_of(trajectory),
        model=model,
        tools=list(stub_tools(trajectory)),
    )


# --------------------------------------------------------------------------- checks


def check_pairing(number: int, items: list[dict[str, Any]]) -> None:
    """Each function_call is answered after it, and each output follows its call."""
    called: set[str] = set()
    answered: set[str] = set()
    for item in items:
        if item.get("type") == "function_call":
            called.add(item["call_id"])
        elif item.get("type") == "function_call_output":
            assert item["call_id"] in called, f"call {number}: output before its function_call"
            answered.add(item["call_id"])
    assert called == answered, f"call {number}: unanswered calls {sorted(called - answered)}"


def check_calls(
    calls: tuple[ModelCall, ...],
    runs: list[Run],
    stats: packlight.SessionStats,
    decisions: list[packlight.SessionStats],
) -> list[int]:
    """Every model call under the session's threshold by its own estimate and under the
    window by the test's count, validly paired, with its run's user message. A call packlight
    deferred (real usage had just proved a request this size fits, or the call right after a
    compaction) may pass the threshold, never the window."""
    threshold, window = stats.threshold, stats.context_window
    assert threshold is not None
    assert window is not None
    assert threshold < window
    assert len(decisions) == len(calls)
    sizes = []
    call_iter = iter(calls)
    tokens = counter()
    for run in runs:
        latest = run.input[-1]["content"]
        # The runner calls the model once per recorded turn, once more after a trailing tool.
        count = len(run.turns) + (1 if run.turns[-1].get("tool_calls") else 0)
        for _ in range(count):
            call = next(call_iter)
            number = len(sizes)
            size = request_tokens(call, tokens)
            sizes.append(size)
            assert size <= window, f"call {number}: {size:,} tokens over the window {window:,}"
            decision = decisions[number]
            estimate = decision.last_estimate
            assert estimate is not None
            if "deferred" not in decision.last_reason:
                assert estimate < threshold, f"call {number}: {decision.last_reason}"
            check_pairing(number, list(call.input))
            assert latest in texts_of(call.input), f"call {number}: latest user message lost"
    assert next(call_iter, None) is None, "more model calls than recorded turns"
    return sizes


def originals_text(messages: list[Any]) -> str:
    return json.dumps(messages, ensure_ascii=False)


def check_archive(store: packlight.SessionStore, session_id: str, trajectory: Trajectory) -> None:
    """The store keeps every user message, assistant text, tool call and tool output."""
    stored = packlight.StoredSession.resume(store, session_id).original_messages()
    kept = originals_text([packlight.message_text(m) for m in stored])
    calls = originals_text(stored)
    replayed = trajectory.messages
    while replayed[-1].get("role") != "assistant":  # a closing user line no turn answers
        replayed = replayed[:-1]
    for message in replayed[1:]:
        text = packlight.message_text(message)
        if text:
            assert json.dumps(text, ensure_ascii=False)[1:-1] in kept, message
        for call in message.get("tool_calls") or []:
            assert call["id"] in calls


# --------------------------------------------------------------------------- replays


def replay_with_session(
    trajectory: Trajectory, window: int, tmp_path: Path
) -> tuple[PacklightSession, ScriptedModel, list[Run], list[packlight.SessionStats]]:
    runs = runs_of(trajectory)
    session = PacklightSession(
        "replay", store=str(tmp_path / "packlight.db"), context_window=window, model=MODEL
    )
    decisions: list[packlight.SessionStats] = []
    model = scripted_model(runs, counter(), lambda _: decisions.append(session.packlight.stats))
    agent = agent_for(trajectory, session.wrap_model(model))
    for run in runs:
        Runner.run_sync(
            agent, run.input, session=session, run_config=session.run_config(),
            max_turns=MAX_TURNS,
        )  # fmt: skip
    model.assert_complete()
    close_default_loop()
    return session, model, runs, decisions


REPLAYS = [
    pytest.param("mini-swe-agent", 8192, id="mini-swe-agent-8K"),
    pytest.param("mini-swe-agent", 16384, id="mini-swe-agent-16K"),
    # The tau-bench sample tops out at 6.6K tokens: a 4K window makes it compact.
    pytest.param("tau-bench", 4096, id="tau-bench-4K"),
]


@pytest.mark.parametrize(("name", "window"), REPLAYS)
def test_packlight_session_keeps_every_call_under_the_threshold(
    name: str, window: int, tmp_path: Path
) -> None:
    trajectory = TRAJECTORIES[name]()
    snapshot = copy.deepcopy(trajectory.messages)

    session, model, runs, decisions = replay_with_session(trajectory, window, tmp_path)

    stats = session.packlight.stats
    assert stats.context_window == window
    check_calls(model.calls, runs, stats, decisions)
    assert stats.compactions >= 2, stats
    assert stats.lineages == 1, "the session should follow one history"
    assert stats.prefix_breaks == stats.compactions
    assert session.store is not None
    assert session.packlight.session_id is not None
    check_archive(session.store, session.packlight.session_id, trajectory)
    assert trajectory.messages == snapshot


def test_streamed_runs_with_a_packlight_session(tmp_path: Path) -> None:
    """``Runner.run_streamed`` saves a run's input before its first model call, and streams
    each answer: the same replay holds there too."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    runs = runs_of(trajectory)
    session = PacklightSession(
        "streamed", store=str(tmp_path / "packlight.db"), context_window=8192, model=MODEL
    )
    decisions: list[packlight.SessionStats] = []
    model = scripted_model(runs, counter(), lambda _: decisions.append(session.packlight.stats))
    agent = agent_for(trajectory, session.wrap_model(model))

    async def replay() -> None:
        for run in runs:
            result = Runner.run_streamed(
                agent, run.input, session=session, run_config=session.run_config(),
                max_turns=MAX_TURNS,
            )  # fmt: skip
            async for _ in result.stream_events():
                pass

    asyncio.run(replay())

    model.assert_complete()
    assert all(call.streamed for call in model.calls)
    stats = session.packlight.stats
    check_calls(model.calls, runs, stats, decisions)
    assert stats.compactions >= 2
    assert stats.lineages == 1
    check_archive(session.store, session.packlight.session_id or "", trajectory)


def test_a_packlight_session_without_its_filter_compacts_between_runs(tmp_path: Path) -> None:
    """Without ``run_config()`` the runner still reads the session's compacted view at the
    start of every run (one long run then grows unchecked: the filter is what stops it)."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    runs = runs_of(trajectory)
    model = scripted_model(runs, counter())
    session = PacklightSession(
        "no-filter", store=str(tmp_path / "p.db"), context_window=16384, model=MODEL
    )
    agent = agent_for(trajectory, model)
    for run in runs:
        Runner.run_sync(agent, run.input, session=session, max_turns=MAX_TURNS)

    first_calls = []
    position = 0
    for run in runs:
        first_calls.append(model.calls[position])
        position += len(run.turns) + (1 if run.turns[-1].get("tool_calls") else 0)
    sizes = [request_tokens(call, counter()) for call in first_calls]
    assert session.packlight.stats.compactions >= 1
    assert max(sizes[1:]) < 16384
    assert session.packlight.stats.lineages == 1
    for call, run in zip(first_calls, runs, strict=True):
        assert run.input[-1]["content"] in texts_of(call.input)


def test_unfiltered_run_would_overflow() -> None:
    """The replay is a real test: without packlight the same calls cross the window."""
    trajectory = swe_agent()
    runs = runs_of(trajectory)
    model = scripted_model(runs, counter())
    session = SQLiteSession("plain")
    agent = agent_for(trajectory, model)
    for run in runs:
        Runner.run_sync(agent, run.input, session=session, max_turns=MAX_TURNS)
    sizes = [request_tokens(call, counter()) for call in model.calls]
    assert max(sizes) > 8192


# --------------------------------------------------------------------------- the filter alone


@pytest.mark.parametrize(("name", "window"), REPLAYS)
def test_input_filter_alone_with_the_sdks_own_session(name: str, window: int) -> None:
    """A user who keeps the SDK's SQLiteSession (every raw item, no compaction) adds the
    filter; every model call of every run is compacted into the window."""
    trajectory = TRAJECTORIES[name]()
    runs = runs_of(trajectory)
    compactor = input_filter(context_window=window, model=MODEL)
    decisions: list[packlight.SessionStats] = []
    model = scripted_model(runs, counter(), lambda _: decisions.append(compactor.packlight.stats))
    agent = agent_for(trajectory, compactor.wrap_model(model))
    memory = SQLiteSession("own")
    config = RunConfig(call_model_input_filter=compactor)
    for run in runs:
        Runner.run_sync(agent, run.input, session=memory, run_config=config, max_turns=MAX_TURNS)
    close_default_loop()

    stats = compactor.packlight.stats
    check_calls(model.calls, runs, stats, decisions)
    assert stats.compactions >= 2, stats
    assert stats.lineages == 1
    assert stats.requests == len(model.calls)
    # The SDK's session still holds every raw item: the filter changes only what is sent.
    kept = asyncio.run(memory.get_items())
    assert sum(item.get("type") == "function_call_output" for item in kept) == sum(
        m.get("role") == "tool" for m in trajectory.messages
    )


def test_input_filter_without_a_session() -> None:
    """No session at all: the caller carries ``result.to_input_list()`` into the next run."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    runs = runs_of(trajectory)
    compactor = input_filter(context_window=8192, model=MODEL)
    decisions: list[packlight.SessionStats] = []
    model = scripted_model(runs, counter(), lambda _: decisions.append(compactor.packlight.stats))
    agent = agent_for(trajectory, model)  # no model wrapper: the filter alone
    config = RunConfig(call_model_input_filter=compactor)
    history: list[Any] = []
    for run in runs:
        result = Runner.run_sync(
            agent, [*history, *run.input], run_config=config, max_turns=MAX_TURNS
        )
        history = result.to_input_list()

    stats = compactor.packlight.stats
    check_calls(model.calls, runs, stats, decisions)
    assert stats.compactions >= 2
    assert stats.lineages == 1
    # The caller's own history is whole: nothing the filter did reached it.
    assert sum(item.get("type") == "function_call" for item in history) == sum(
        len(m.get("tool_calls") or []) for m in trajectory.messages
    )


def test_the_agents_output_cap_is_kept_free() -> None:
    """An agent that asks for replies of 3,000 tokens gets requests that leave them room:
    a history that would fit the window alone is compacted for the reply's sake."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    items = packlight.from_canonical(trajectory.messages[1:22], packlight.Format.OPENAI_RESPONSES)
    compactor = input_filter(context_window=8192, model=MODEL)
    scripted = ScriptedModel([[assistant_message("ok", item_id="msg_cap")]])
    agent = Agent(
        name="capped",
        instructions=instructions_of(trajectory),
        model=compactor.wrap_model(scripted),
        model_settings=ModelSettings(max_tokens=3000),
    )
    config = RunConfig(call_model_input_filter=compactor)

    Runner.run_sync(agent, items, run_config=config)

    size = request_tokens(scripted.calls[0], counter())
    raw = sum(counter().messages(packlight.to_canonical(items, packlight.Format.OPENAI_RESPONSES)))
    assert raw < 8192 < raw + 3000, "the history alone fits, not with the reply"
    assert compactor.packlight.stats.compactions == 1
    assert size + 3000 <= 8192


# --------------------------------------------------------------------------- a real provider


class ProviderChecked(Model):
    """Sends every call to a real provider first (the SDK's own ``OpenAIResponsesModel``
    over HTTP to the window server, which enforces the window and the tool pairing and
    refuses with OpenAI's own errors), then answers with the scripted turn."""

    def __init__(self, scripted: ScriptedModel, provider: Model) -> None:
        self.scripted = scripted
        self.provider = provider

    async def get_response(self, *args: Any, **kwargs: Any) -> ModelResponse:
        await self.provider.get_response(*args, **kwargs)
        return await self.scripted.get_response(*args, **kwargs)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


@pytest.fixture
def server() -> Iterator[WindowServer]:
    with WindowServer(window=8192) as running:
        yield running


def responses_model(client: openai.AsyncOpenAI) -> OpenAIResponsesModel:
    return OpenAIResponsesModel(model=MODEL, openai_client=client)


def client_of(server: WindowServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.openai_url, api_key="x", max_retries=0)


def test_provider_overflow_is_recovered_inside_the_run(
    server: WindowServer, tmp_path: Path
) -> None:
    """packlight is not told the window: the provider's context_length_exceeded errors (as
    the openai SDK raises them, through the Agents SDK's own model) teach it, and each one
    is compacted away and the call retried, without the run seeing an error."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    runs = runs_of(trajectory)
    scripted = scripted_model(runs, counter())
    session = PacklightSession("provider", store=str(tmp_path / "p.db"), model=MODEL)

    async def replay() -> None:
        async with client_of(server) as client:
            model = session.wrap_model(ProviderChecked(scripted, responses_model(client)))
            agent = agent_for(trajectory, model)
            for run in runs:
                await Runner.run(
                    agent, run.input, session=session, run_config=session.run_config(),
                    max_turns=MAX_TURNS,
                )  # fmt: skip

    asyncio.run(replay())

    scripted.assert_complete()
    outcomes = [seen.outcome for seen in server.requests]
    assert "invalid" not in outcomes, [s.error for s in server.requests if s.error]
    assert outcomes.count("ok") == len(scripted.calls)
    assert outcomes.count("overflow") >= 1
    stats = session.packlight.stats
    assert stats.recoveries == outcomes.count("overflow")
    assert stats.compactions >= 2
    assert all(seen.prompt_tokens <= 8192 for seen in server.requests if seen.outcome == "ok")
    answered = iter(seen for seen in server.requests if seen.outcome == "ok")
    for run in runs:
        for _ in range(len(run.turns) + (1 if run.turns[-1].get("tool_calls") else 0)):
            assert contains_text(next(answered).body, run.input[-1]["content"])


def test_overflow_recovery_of_a_single_long_request(server: WindowServer) -> None:
    """The SDK's real Responses model alone, wrapped: a history far over the window is sent
    once, refused, compacted, and answered."""
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    items = packlight.from_canonical(trajectory.messages[1:60], packlight.Format.OPENAI_RESPONSES)

    async def run() -> Any:
        async with client_of(server) as client:
            model = wrap_model(responses_model(client), model=MODEL)
            agent = Agent(name="long", instructions=instructions_of(trajectory), model=model)
            return await Runner.run(agent, items, max_turns=2), model

    result, model = asyncio.run(run())

    assert result.final_output == "ok"
    assert [seen.outcome for seen in server.requests] == ["overflow", "ok"]
    assert model.packlight.stats.recoveries == 1


def test_other_errors_reach_the_runner_unchanged() -> None:
    error = openai.AuthenticationError(
        "Error code: 401", response=_response(401), body={"code": "invalid_api_key"}
    )
    scripted = ScriptedModel([ModelStep.raise_error(error)])
    agent = Agent(name="a", model=wrap_model(scripted, context_window=8192))

    with pytest.raises(openai.AuthenticationError) as raised:
        Runner.run_sync(agent, "hello")

    assert raised.value is error


def test_an_overflow_that_cannot_be_helped_ends_in_context_overflow_error() -> None:
    """A request that is all latest user message cannot be compacted below what the
    provider refuses: packlight gives up with its own error, the provider's as the cause."""
    body = {
        "error": {
            "message": "Your input exceeds the context window of this model.",
            "type": "invalid_request_error",
            "param": "input",
            "code": "context_length_exceeded",
        }
    }
    errors = [
        openai.BadRequestError(
            f"Error code: 400 - {body}", response=_response(400), body=body["error"]
        )
        for _ in range(6)
    ]
    scripted = ScriptedModel([ModelStep.raise_error(error) for error in errors])
    agent = Agent(name="a", model=wrap_model(scripted, context_window=8192))

    with pytest.raises(packlight.ContextOverflowError) as raised:
        Runner.run_sync(agent, "hello")

    assert isinstance(raised.value.__cause__, openai.BadRequestError)


def _response(status: int) -> Any:
    import httpx

    return httpx.Response(status, request=httpx.Request("POST", "http://127.0.0.1/v1/responses"))


# --------------------------------------------------------------------------- streaming


def test_streamed_run_is_compacted_and_recovered(server: WindowServer) -> None:
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    items = packlight.from_canonical(trajectory.messages[1:60], packlight.Format.OPENAI_RESPONSES)

    async def run() -> Any:
        async with client_of(server) as client:
            model = wrap_model(responses_model(client), model=MODEL)
            agent = Agent(name="long", instructions=instructions_of(trajectory), model=model)
            result = Runner.run_streamed(agent, items, max_turns=2)
            async for _ in result.stream_events():
                pass
            return result, model

    result, model = asyncio.run(run())

    assert result.final_output == "ok"
    assert [(seen.outcome, seen.stream) for seen in server.requests] == [
        ("overflow", True),
        ("ok", True),
    ]
    assert model.packlight.stats.recoveries == 1
    assert model.packlight.stats.last_reported == server.requests[-1].prompt_tokens


# --------------------------------------------------------------------------- the session


def test_a_restarted_process_gets_the_conversation_back(tmp_path: Path) -> None:
    trajectory = TRAJECTORIES["mini-swe-agent"]()
    session, *_ = replay_with_session(trajectory, 8192, tmp_path)
    everything = asyncio.run(session.get_items(limit=10**6))
    view = asyncio.run(session.get_items())

    reopened = PacklightSession(
        "replay", store=str(tmp_path / "packlight.db"), context_window=8192, model=MODEL
    )

    assert _canonical(asyncio.run(reopened.get_items(limit=10**6))) == _canonical(everything)
    assert asyncio.run(reopened.get_items()) == view
    follow_up = ScriptedModel([[assistant_message("Done.", item_id="msg_follow_up")]])
    agent = agent_for(trajectory, reopened.wrap_model(follow_up))
    Runner.run_sync(agent, "Anything else?", session=reopened, run_config=reopened.run_config())
    close_default_loop()
    sent = follow_up.calls[0]
    assert texts_of(sent.input)[-1] == "Anything else?"
    assert len(json.dumps(sent.input)) < len(json.dumps(asyncio.run(reopened.get_items(10**6))))
    assert reopened.packlight.stats.lineages == 1


def _canonical(items: list[Any]) -> list[Any]:
    """Items as packlight reads them: the SDK's bookkeeping fields (ids, status), which the
    Responses adapter does not carry, left out."""
    return packlight.strip_packlight(
        packlight.to_canonical(items, packlight.Format.OPENAI_RESPONSES)
    )


def test_pop_and_clear(tmp_path: Path) -> None:
    session = PacklightSession("edit", store=str(tmp_path / "p.db"), context_window=8192)
    first = {"role": "user", "content": "first"}
    second = {"role": "user", "content": "second"}
    asyncio.run(session.add_items([first, second]))

    assert asyncio.run(session.pop_item()) == second
    assert asyncio.run(session.get_items()) == [first]
    asyncio.run(session.clear_session())
    assert asyncio.run(session.get_items()) == []
    assert asyncio.run(session.pop_item()) is None
    reopened = PacklightSession("edit", store=str(tmp_path / "p.db"), context_window=8192)
    assert asyncio.run(reopened.get_items()) == []


def test_the_callers_items_are_never_changed(tmp_path: Path) -> None:
    session = PacklightSession("mine", store=str(tmp_path / "p.db"), context_window=8192)
    items = [{"role": "user", "content": "hello"}]
    snapshot = copy.deepcopy(items)
    asyncio.run(session.add_items(items))
    got = asyncio.run(session.get_items())
    got[0]["content"] = "changed"

    assert items == snapshot
    assert asyncio.run(session.get_items()) == snapshot


def test_bad_arguments_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="session_id"):
        PacklightSession("", store=str(tmp_path / "p.db"))
    with pytest.raises(TypeError, match=r"agents\.Model"):
        wrap_model("gpt-4.1", context_window=8192)
    with pytest.raises(TypeError, match="AsyncSession"):
        input_filter(session=packlight.Session())  # type: ignore[arg-type]
    session = PacklightSession("bad", store=str(tmp_path / "p.db"), context_window=8192)
    asyncio.run(session.add_items([{"role": "user", "content": "fine"}, {"type": 3}]))
    with pytest.raises(packlight.TranscriptError, match=r"\b1\b"):
        asyncio.run(session.get_items())


class ScriptedProvider(ModelProvider):
    def __init__(self, model: Model) -> None:
        self.model = model
        self.names: list[str | None] = []

    def get_model(self, model_name: str | None) -> Model:
        self.names.append(model_name)
        return self.model


def test_run_config_wraps_the_provider_of_string_models(tmp_path: Path) -> None:
    """``Agent(model="...")`` is resolved by the run config's provider: its models recover."""
    session = PacklightSession("cfg", store=str(tmp_path / "p.db"), context_window=8192)
    body = {"message": "Your input exceeds the context window of this model.",
            "code": "context_length_exceeded"}  # fmt: skip
    overflow = openai.BadRequestError(
        f"Error code: 400 - {body}", response=_response(400), body=body
    )
    scripted = ScriptedModel([ModelStep.raise_error(overflow), [assistant_message("fine")]])
    provider = ScriptedProvider(scripted)
    config = session.run_config(model_provider=provider)
    agent = Agent(name="a", model="gpt-4.1")

    result = Runner.run_sync(agent, "x " * 3000, session=session, run_config=config)

    assert config.call_model_input_filter is session.input_filter
    assert provider.names == ["gpt-4.1"]
    assert isinstance(session.run_config(model=ScriptedModel()).model, PacklightModel)
    assert session.run_config(model="gpt-4.1").model == "gpt-4.1"
    assert result.final_output == "fine"
    assert session.packlight.stats.recoveries == 1


# --------------------------------------------------------------------------- the extra


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )


# --------------------------------------------------------------------------- docs and example

EXAMPLE = ROOT / "examples" / "openai_agents_agent.py"
DOCS = ROOT / "docs" / "integrations" / "openai_agents.md"
RUN_COMMAND = "python examples/openai_agents_agent.py"


def test_the_example_runs_offline_and_stays_in_the_window(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
             "PACKLIGHT_HOME": str(tmp_path / "packlight")},
        check=False,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    largest = int(lines["largest request"].split(" tokens")[0].replace(",", ""))
    whole = int(lines["the whole conversation"].split(" tokens")[0].replace(",", ""))
    assert largest <= 8192 < whole
    compactions, recoveries = lines["compactions"].split(", recoveries: ")
    assert int(compactions) >= 2
    assert int(recoveries) == 1
    assert lines["task in every request"] == "True"
    assert lines["answer"].startswith("module_07 defines parse_header")


def test_the_docs_and_the_example_give_the_same_command() -> None:
    assert RUN_COMMAND in DOCS.read_text(encoding="utf-8")
    assert RUN_COMMAND in EXAMPLE.read_text(encoding="utf-8")
