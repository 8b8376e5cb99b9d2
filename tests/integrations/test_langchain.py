"""``PacklightMiddleware`` inside LangChain's own agent loop (``create_agent``).

Real trajectories are replayed turn by turn by a scripted chat model (the recorded assistant
turns, the recorded tool outputs from stub tools) that sends every request it gets to the
window server over loopback, as a provider integration would. Each model call must fit the
window and, unless the session deferred on the model's own usage report, sit under the
threshold; keep LangChain's tool pairing; carry the latest user message verbatim; and pass
every message packlight did not change as the graph's own object. The graph state keeps the
whole history, the SQLite store every original message, and the model's overflow errors are
recovered inside the model call.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
from langchain_core.exceptions import ContextOverflowError, ModelAuthenticationError
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    ChatMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_openai_messages,
)
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import PrivateAttr

import packlight
from packlight.integrations.langchain import PacklightMiddleware
from packlight.stored_session import original_messages
from tests.integrations.langchain_replay import (
    Replay,
    ScriptedChatModel,
    agent_for,
    replay,
    script_of,
    thread_config,
)
from tests.live.window_server import WindowServer
from tests.wrappers.replay import TAU_BENCH, Trajectory, swe_agent, tau_bench

ROOT = Path(__file__).resolve().parents[2]
THREAD = "replay"


# --------------------------------------------------------------------------- helpers


@dataclass
class Sent:
    """One model request as the middleware produced it."""

    messages: list[BaseMessage]
    """The system message (when there is one) and the messages, as the model gets them."""
    state: list[BaseMessage]
    """The graph's messages at that moment."""
    stats: packlight.SessionStats


class Spy(AgentMiddleware[Any, Any, Any]):
    """Placed after (inside) packlight: records every request packlight hands to the model."""

    def __init__(self, packlight_middleware: PacklightMiddleware, thread: str = THREAD) -> None:
        super().__init__()
        self.packlight = packlight_middleware
        self.thread = thread
        self.sent: list[Sent] = []

    def _record(self, request: ModelRequest[Any]) -> None:
        head = [request.system_message] if request.system_message else []
        self.sent.append(
            Sent(
                [*head, *request.messages],
                list(request.state["messages"]),
                self.packlight.session(self.thread).stats,
            )
        )

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any]:
        self._record(request)
        return handler(request)

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any]:
        self._record(request)
        return await handler(request)


def canonical(messages: list[BaseMessage]) -> list[dict[str, Any]]:
    return [convert_to_openai_messages(m) for m in messages]  # type: ignore[misc]


def tool_pairing_problems(messages: list[BaseMessage]) -> list[str]:
    """LangChain's pairing: every ToolMessage answers a call of the AIMessage before its run
    of tool messages, and every call is answered before the next non-tool message."""
    problems: list[str] = []
    open_calls: set[str] = set()
    for index, message in enumerate(messages):
        if isinstance(message, ToolMessage):
            if message.tool_call_id not in open_calls:
                problems.append(f"{index}: orphan tool result {message.tool_call_id}")
            open_calls.discard(message.tool_call_id)
            continue
        if open_calls:
            problems.append(f"{index}: calls {sorted(open_calls)} were never answered")
        open_calls = set()
        if isinstance(message, AIMessage):
            calls = [*message.tool_calls, *message.invalid_tool_calls]
            open_calls = {str(call["id"]) for call in calls}
    if open_calls:
        problems.append(f"end: calls {sorted(open_calls)} were never answered")
    return problems


def tau_bench_second() -> Trajectory:
    session = list(packlight.iter_sessions(TAU_BENCH))[1]
    return Trajectory([dict(m) for m in session.messages], [dict(t) for t in session.tools])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[packlight.SessionStore]:
    opened = packlight.open_store(str(tmp_path / "packlight.db"))
    yield opened
    opened.close()


def run_replay(
    trajectory: Trajectory,
    window: int,
    *,
    mode: str = "sync",
    server_window: int | None = None,
    **options: Any,
) -> tuple[Replay, Spy, PacklightMiddleware, WindowServer]:
    middleware = PacklightMiddleware(context_window=window, **options)
    spy = Spy(middleware)
    with WindowServer(window=server_window or window) as server:
        result = replay(server, trajectory, [middleware, spy], mode=mode, thread_id=THREAD)
    return result, spy, middleware, server


def check_replay(
    result: Replay,
    spy: Spy,
    middleware: PacklightMiddleware,
    server: WindowServer,
    *,
    min_compactions: int = 2,
) -> None:
    """What every replay must show; see the module docstring."""
    window = server.window
    invalid = [seen.error for seen in server.requests if seen.outcome == "invalid"]
    assert invalid == [], invalid
    assert len(spy.sent) == len(result.calls) == len(server.requests)
    stats = middleware.session(THREAD).stats
    assert stats.lineages == 1
    assert stats.compactions >= min_compactions, stats

    # The graph state keeps the whole history: every input, reply and recorded tool output.
    script = result.script
    state = result.state
    assert [m.content for m in state if isinstance(m, HumanMessage)] == [
        m.content for run in script.runs for m in run.inputs if isinstance(m, HumanMessage)
    ]
    assert [m.content for m in state if isinstance(m, AIMessage)] == [
        r.content for r in script.replies
    ]
    tool_results = [m for m in state if isinstance(m, ToolMessage)]
    assert len(tool_results) == sum(len(r.tool_calls) for r in script.replies)
    assert all(m.content == script.outputs[m.tool_call_id] for m in tool_results)

    for number, (sent, call, seen) in enumerate(
        zip(spy.sent, result.calls, server.requests, strict=True)
    ):
        where = f"call {number} (run {call.run})"
        # Inside the window by the session's own estimate and, once answered, by the
        # server's exact count; under the threshold unless the session deferred because the
        # model's last usage report said the request fits.
        tokens, threshold = sent.stats.last_estimate, sent.stats.threshold
        assert tokens is not None
        assert threshold is not None
        assert tokens <= window, f"{where}: {tokens:,} tokens"
        if call.outcome == "ok":
            assert seen.prompt_tokens <= window
            assert tokens < threshold or sent.stats.last_reason.startswith("deferred"), (
                f"{where}: {tokens:,} >= {threshold:,}, {sent.stats.last_reason}"
            )
        assert tool_pairing_problems(sent.messages) == [], where
        # The latest user message, verbatim, as the graph's own object.
        latest_input = [m for m in script.runs[call.run].inputs if isinstance(m, HumanMessage)]
        latest = [m for m in sent.messages if isinstance(m, HumanMessage) and m.id is not None]
        assert latest[-1].content == latest_input[-1].content, where
        assert any(latest[-1] is m for m in sent.state), where
        # Whatever packlight did not make (packlight's messages have no id) is the graph's
        # own object, ids and all.
        for message in sent.messages:
            if message.id is not None:
                assert any(message is m for m in sent.state), f"{where}: {message.id}"
    if stats.compactions:  # then later requests carried messages packlight made
        made = [m for s in spy.sent for m in s.messages if m.id is None]
        assert any(not isinstance(m, SystemMessage) for m in made)
    # And the model's own usage reached the session.
    assert stats.last_reported == server.requests[-1].prompt_tokens


def check_archive(
    store: packlight.SessionStore, middleware: PacklightMiddleware, result: Replay
) -> None:
    """The store holds every original message the model was ever sent (all but the last
    answer), in order, whole."""
    session_id = middleware.session(THREAD).session_id
    assert session_id == THREAD
    archived = packlight.strip_packlight(original_messages(store, session_id))
    system = [{"role": "system", "content": result.script.system_prompt}]
    assert isinstance(result.state[-1], AIMessage)
    assert archived == system + canonical(result.state[:-1])


# --------------------------------------------------------------------------- replays


@pytest.mark.parametrize(
    ("trajectory", "window", "mode"),
    [
        pytest.param(swe_agent, 8192, "sync", id="mini-swe-agent-8k-sync"),
        pytest.param(swe_agent, 8192, "async", id="mini-swe-agent-8k-async"),
        pytest.param(swe_agent, 16384, "sync", id="mini-swe-agent-16k-sync"),
        pytest.param(tau_bench, 6144, "sync", id="tau-bench-6k-sync"),
        pytest.param(tau_bench_second, 4096, "async", id="tau-bench-second-4k-async"),
    ],
)
def test_replay_inside_create_agent_stays_in_the_window(
    trajectory: Callable[[], Trajectory], window: int, mode: str, store: packlight.SessionStore
) -> None:
    result, spy, middleware, server = run_replay(trajectory(), window, mode=mode, store=store)

    check_replay(result, spy, middleware, server)
    check_archive(store, middleware, result)


@pytest.mark.shared_data
@pytest.mark.slow
def test_held_out_trajectories_in_create_agent(
    shared_data: Path, store: packlight.SessionStore
) -> None:
    # The first sessions of each kind in ../shared/data, at 8K: whatever they hold, the same
    # guarantees; every one that outgrows the window compacts.
    from tests.conftest import iter_shared_sessions

    chosen: dict[str, int] = {}
    for name, session in iter_shared_sessions(shared_data):
        kind = "swe" if name.startswith("django") else "tau"
        if chosen.get(kind, 0) >= 3:
            continue
        chosen[kind] = chosen.get(kind, 0) + 1
        trajectory = Trajectory(
            [dict(m) for m in session["messages"]], [dict(t) for t in session.get("tools") or []]
        )
        middleware = PacklightMiddleware(context_window=8192, store=store)
        spy = Spy(middleware)
        with WindowServer(window=8192) as server:
            result = replay(server, trajectory, [middleware, spy], thread_id=THREAD)
        outgrew = sum(len(json.dumps(m)) for m in trajectory.messages) // 4 > 8192
        check_replay(result, spy, middleware, server, min_compactions=1 if outgrew else 0)
        store.delete_session(THREAD)
    assert chosen == {"swe": 3, "tau": 3}


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_the_models_overflow_error_is_recovered_inside_the_model_call(mode: str) -> None:
    # packlight is told 32K; the server holds 8K and says so when it refuses, as OpenAI does.
    result, _, middleware, server = run_replay(swe_agent(), 32768, mode=mode, server_window=8192)

    overflows = [n for n, call in enumerate(result.calls) if call.outcome == "overflow"]
    assert overflows, "the server should have refused a request for its length"
    stats = middleware.session(THREAD).stats
    assert stats.recoveries == len(overflows)
    assert stats.context_window == 8192  # learned from the provider's message
    for number in overflows:
        # The same turn is sent again, smaller, and answered (or refused once more).
        retry = result.calls[number + 1]
        assert retry.run == result.calls[number].run
        assert server.requests[number + 1].prompt_tokens < server.requests[number].prompt_tokens
    assert [c.outcome for c in result.calls][-1] == "ok"
    assert all(s.prompt_tokens <= 8192 for s in server.requests if s.outcome == "ok")
    assert [s.outcome for s in server.requests].count("invalid") == 0


def test_two_threads_are_two_conversations() -> None:
    middleware = PacklightMiddleware(context_window=8192)
    with WindowServer(window=8192) as server:
        first = replay(server, swe_agent(), [middleware], thread_id="a")
        second = replay(server, tau_bench_second(), [middleware], mode="async", thread_id="b")

    one, other = middleware.session("a"), middleware.session("b")
    assert one is not other
    assert (one.stats.requests, other.stats.requests) == (len(first.calls), len(second.calls))
    assert one.stats.lineages == other.stats.lineages == 1
    assert one.stats.compactions >= 2
    assert other.stats.compactions >= 1


# --------------------------------------------------------------------------- a model that raises


class ScriptedErrors(BaseChatModel):
    """Raises the errors it is given, one per call, then answers with its replies in turn."""

    errors: list[BaseException]
    replies: list[AIMessage]
    _sent: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _options: list[dict[str, Any]] = PrivateAttr(default_factory=list)

    @property
    def options(self) -> list[dict[str, Any]]:
        """The keyword arguments of each call (bound tools, model settings)."""
        return self._options

    @property
    def sent(self) -> list[list[BaseMessage]]:
        return self._sent

    @property
    def _llm_type(self) -> str:
        return "scripted-errors"

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        kwargs.pop("tool_choice", None)
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self._sent.append(list(messages))
        self._options.append(dict(kwargs))
        if self.errors:
            raise self.errors.pop(0)
        return ChatResult(generations=[ChatGeneration(message=self.replies.pop(0))])


def history_of(trajectory: Trajectory) -> list[BaseMessage]:
    from langchain_core.messages import convert_to_messages

    return list(convert_to_messages(trajectory.messages))


def agent_with(model: BaseChatModel, middleware: PacklightMiddleware) -> Any:
    return create_agent(model, tools=[], middleware=[middleware], checkpointer=InMemorySaver())


def config(thread: str = "t") -> Any:
    return {"configurable": {"thread_id": thread}}


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_langchains_overflow_error_is_recovered_whatever_its_wording(mode: str) -> None:
    # A provider integration raised LangChain's ContextOverflowError in words packlight does
    # not know: its type says what it is.
    model = ScriptedErrors(
        errors=[ContextOverflowError("this deployment cannot take that much text")],
        replies=[AIMessage(content="done")],
    )
    middleware = PacklightMiddleware(context_window=65536, retrieval_tools=False)
    history = history_of(swe_agent(40))
    agent = agent_with(model, middleware)

    if mode == "async":
        state = asyncio.run(agent.ainvoke({"messages": history}, config()))
    else:
        state = agent.invoke({"messages": history}, config())

    assert state["messages"][-1].content == "done"
    assert len(state["messages"]) == len(history) + 1  # the graph's history is whole
    stats = middleware.session("t").stats
    assert (stats.recoveries, stats.compactions) == (1, 1)
    assert len(model.sent) == 2
    assert len(model.sent[1]) < len(model.sent[0])


@pytest.mark.parametrize(
    "error",
    [
        pytest.param(RuntimeError("the upstream is down"), id="plain"),
        pytest.param(
            ModelAuthenticationError("Invalid API key"), id="langchain-authentication-error"
        ),
    ],
)
def test_other_errors_reach_the_caller_unchanged(error: Exception) -> None:
    model = ScriptedErrors(errors=[error], replies=[])
    middleware = PacklightMiddleware(context_window=8192, retrieval_tools=False)

    with pytest.raises(type(error)) as caught:
        agent_with(model, middleware).invoke({"messages": [HumanMessage("hi")]}, config())

    assert caught.value is error
    assert middleware.session("t").stats.recoveries == 0


def test_a_refused_reply_size_is_lowered_for_the_retry() -> None:
    body = {
        "message": "max_tokens is too large: 100000. This model supports at most 4096 "
        "completion tokens, whereas you provided 100000.",
        "type": "invalid_request_error",
        "param": "max_tokens",
        "code": "invalid_value",
    }
    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    response = httpx.Response(400, request=request, json={"error": body})
    refusal = openai.BadRequestError(body["message"], response=response, body=body)
    model = ScriptedErrors(errors=[refusal], replies=[AIMessage(content="done")])
    middleware = PacklightMiddleware(context_window=200_000, max_tokens=100_000)

    agent_with(model, middleware).invoke({"messages": [HumanMessage("hi")]}, config())

    assert model.options[1]["max_tokens"] == 4096
    assert middleware.session("t").stats.compactions == 0


def test_recovery_gives_up_after_its_attempts() -> None:
    refusals = [ContextOverflowError("too long, whatever you send") for _ in range(10)]
    model = ScriptedErrors(errors=refusals, replies=[])
    middleware = PacklightMiddleware(
        context_window=65536, retrieval_tools=False, max_recovery_attempts=2
    )

    with pytest.raises(packlight.ContextOverflowError) as caught:
        agent_with(model, middleware).invoke({"messages": history_of(swe_agent(40))}, config())

    assert caught.value.attempts <= 2
    # The first request, at most two recoveries and one last resort: never an endless loop.
    assert len(model.sent) <= 4


def test_a_restarted_process_resumes_the_thread_from_the_store(
    store: packlight.SessionStore, tmp_path: Path
) -> None:
    # Two middleware objects on one store file: the second stands for a restarted process
    # that resumes the thread from the same checkpointer.
    script = script_of(swe_agent())
    half = len(script.runs) // 2
    checkpointer = InMemorySaver()
    with WindowServer(window=8192) as server:
        model = ScriptedChatModel(base_url=server.openai_url)
        model.script(script.replies)
        before = PacklightMiddleware(context_window=8192, store=store)
        agent = agent_for(script, model, [before], checkpointer)
        for index, run in enumerate(script.runs[:half]):
            model.run = index
            agent.invoke({"messages": run.inputs}, thread_config(THREAD))
        compacted_before = before.session(THREAD).stats.compactions
        view_before = before.session(THREAD).messages()

        reopened = packlight.open_store(str(tmp_path / "packlight.db"))
        after = PacklightMiddleware(context_window=8192, store=reopened)
        spy = Spy(after)
        agent = agent_for(script, model, [after, spy], checkpointer)
        for index, run in enumerate(script.runs[half:], start=half):
            model.run = index
            state = agent.invoke({"messages": run.inputs}, thread_config(THREAD))
        reopened.close()

    assert compacted_before >= 1
    stats = after.session(THREAD).stats
    assert stats.lineages == 1  # the same conversation, not a new one
    # The first request after the restart starts with the view the first process left.
    first = canonical(spy.sent[0].messages)
    assert first[: len(view_before)] == [packlight.strip_packlight(m) for m in view_before]
    # The recording without its system prompt, and the answer that closes the last run.
    assert len(state["messages"]) == len(swe_agent().messages) - 1 + 1
    assert [s.outcome for s in server.requests].count("ok") == len(model.calls)


def test_langchain_messages_survive_a_round_trip_through_packlight() -> None:
    # The canonical form of a LangChain message is what it converts to (LangChain keeps tool
    # arguments as dicts and empty content as ""): a message packlight rebuilt from that form
    # converts to it again, and is the same LangChain message.
    from packlight.integrations.langchain._messages import from_canonical, to_canonical

    recorded = [*swe_agent().messages, *tau_bench().messages, *tau_bench_second().messages]
    for index, message in enumerate(recorded):
        original = from_canonical(message, {})
        canonical_form = to_canonical(original, index)
        rebuilt = from_canonical(canonical_form, {})
        assert to_canonical(rebuilt, index) == canonical_form, index
        assert rebuilt == original, index


# --------------------------------------------------------------------------- retrieval


def test_retrieval_tools_read_back_what_compaction_took_out(store: packlight.SessionStore) -> None:
    result, spy, middleware, _ = run_replay(swe_agent(), 8192, store=store)
    tools = {tool.name: tool for tool in middleware.tools}
    # In the first tool output only, long compacted away by the end of the run.
    gone = "django/contrib/admin/locale/af/LC_MESSAGES"
    assert not any(gone in str(m.content) for m in spy.sent[-1].messages)
    assert any(gone in str(m.content) for m in result.state)

    found = tools["context_grep"].invoke({"pattern": gone}, config(THREAD))
    searched = tools["context_search"].invoke({"query": "LC_MESSAGES locale"}, config(THREAD))

    assert set(tools) == {"context_search", "context_read", "context_grep", "context_expand"}
    assert gone in found
    assert "artifact://" in searched
    assert "no artifact" in tools["context_read"].invoke({"id": "artifact://nope"}, config(THREAD))


@pytest.mark.parametrize("how", ["invoke", "stream"])
def test_the_agent_calls_a_retrieval_tool_in_its_own_loop(how: str) -> None:
    # The model reads back, through the ToolNode, a tool output compaction took out.
    first_output = "UNIQUE-MARKER-41 the migration failed on table admin_log"
    history: list[BaseMessage] = [
        HumanMessage("Fix the failing migration."),
        AIMessage("", tool_calls=[{"name": "shell", "args": {"cmd": "migrate"}, "id": "c0"}]),
        ToolMessage(first_output + "\n" + "noise " * 3000, tool_call_id="c0"),
        *[
            message
            for n in range(1, 12)
            for message in (
                AIMessage(
                    "", tool_calls=[{"name": "shell", "args": {"cmd": f"ls {n}"}, "id": f"c{n}"}]
                ),
                ToolMessage(f"listing {n}: " + "file.py " * 300, tool_call_id=f"c{n}"),
            )
        ],
        HumanMessage("What did the migration say?"),
    ]
    search_call = {"name": "context_grep", "args": {"pattern": "UNIQUE-MARKER-41"}, "id": "r1"}
    model = ScriptedErrors(
        errors=[],
        replies=[AIMessage("", tool_calls=[search_call]), AIMessage(content="It failed.")],
    )
    middleware = PacklightMiddleware(context_window=8192)
    agent = create_agent(model, tools=[], middleware=[middleware], checkpointer=InMemorySaver())

    if how == "stream":  # token by token: the model call goes through the middleware alike
        for _ in agent.stream({"messages": history}, config("loop"), stream_mode="messages"):
            pass
        state = agent.get_state(config("loop")).values
    else:
        state = agent.invoke({"messages": history}, config("loop"))

    assert middleware.session("loop").stats.compactions >= 1
    assert not any("UNIQUE-MARKER-41" in str(m.content) for m in model.sent[0])
    answer = [m for m in state["messages"] if isinstance(m, ToolMessage)][-1]
    assert answer.tool_call_id == "r1"
    assert first_output in answer.content


# --------------------------------------------------------------------------- the hook itself


def request_of(messages: list[BaseMessage], **options: Any) -> ModelRequest[Any]:
    model = ScriptedErrors(errors=[], replies=[])
    return ModelRequest(
        model=model,
        messages=messages,
        system_message=SystemMessage("You are careful."),
        tools=[],
        state={"messages": messages},
        **options,
    )


def test_untouched_messages_go_to_the_model_as_the_callers_objects_unmutated() -> None:
    messages: list[BaseMessage] = [
        HumanMessage("list the files", id="h1"),
        AIMessage(
            "",
            id="a1",
            tool_calls=[{"name": "shell", "args": {"cmd": "ls"}, "id": "call-1"}],
            additional_kwargs={"reasoning_content": "the user wants a listing"},
            response_metadata={"model_name": "some-model"},
        ),
        ToolMessage("a.py\nb.py", tool_call_id="call-1", id="t1", artifact={"rows": 2}),
        HumanMessage([{"type": "text", "text": "and now?"}], id="h2"),
    ]
    before = copy.deepcopy(messages)
    request = request_of(messages)
    sent: list[ModelRequest[Any]] = []

    def handler(forwarded: ModelRequest[Any]) -> ModelResponse[Any]:
        sent.append(forwarded)
        return ModelResponse(
            result=[
                AIMessage(
                    "ok",
                    usage_metadata={"input_tokens": 90, "output_tokens": 1, "total_tokens": 91},
                )
            ]
        )

    middleware = PacklightMiddleware(context_window=8192)
    response = middleware.wrap_model_call(request, handler)

    assert response.result[0].content == "ok"
    assert sent[0].system_message is request.system_message
    assert all(a is b for a, b in zip(sent[0].messages, messages, strict=True))
    assert messages == before
    assert request.messages is messages
    assert middleware.session().stats.last_reported == 90


def test_a_message_packlight_cannot_read_is_named() -> None:
    messages: list[BaseMessage] = [HumanMessage("hi"), ChatMessage(role="narrator", content="x")]

    with pytest.raises(packlight.TranscriptError, match=r"message 2"):
        PacklightMiddleware(context_window=8192).wrap_model_call(
            request_of(messages), lambda r: ModelResponse(result=[AIMessage("ok")])
        )


def test_options_are_checked_when_the_middleware_is_made() -> None:
    with pytest.raises(ValueError, match="context_window"):
        PacklightMiddleware(context_window=0)
    with pytest.raises(ValueError, match="max_recovery_attempts"):
        PacklightMiddleware(max_recovery_attempts=-1)
    with pytest.raises(packlight.ConfigError, match="threshold_fraction"):
        PacklightMiddleware(threshold_fraction=7)
    assert PacklightMiddleware(retrieval_tools=False).tools == []


# --------------------------------------------------------------------------- packaging


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
        timeout=120,
    )


def test_the_example_runs_offline() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "langchain_agent.py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["compactions"] >= 2
    assert report["largest_request_tokens"] <= report["context_window"]
    assert report["graph_messages"] == report["messages_expected"]
    assert report["read_back"] is True
    # The output the docs page shows is the output it prints. Artifact ids are random, and
    # with them the exact size of the largest request, by a few tokens, and so once in a
    # while whether a request is over the threshold: the number of compactions by one
    # (report["compactions"] is checked above).
    import re

    def steady(text: str) -> str:
        text = re.sub(r"artifact://\w+", "artifact://...", text)
        text = re.sub(r"got: [\d,]+ tokens", "got: N tokens", text)
        text = re.sub(r"compactions: \d+", "compactions: N", text)
        return "\n".join(line.rstrip() for line in text.splitlines())

    page = (ROOT / "docs" / "integrations" / "langchain.md").read_text(encoding="utf-8")
    shown = page.split("python examples/langchain_agent.py\n```\n\n```\n", 1)[1]
    shown = shown.split("```", 1)[0]
    assert steady(shown).strip() in steady(done.stdout)


def test_the_docs_page_says_what_the_code_does() -> None:
    import inspect
    import re

    page = (ROOT / "docs" / "integrations" / "langchain.md").read_text(encoding="utf-8")
    example = (ROOT / "examples" / "langchain_agent.py").read_text(encoding="utf-8")
    command = "python examples/langchain_agent.py"
    assert command in page
    assert command in example.split('"""')[1]  # the example's docstring
    # The options block lists exactly the constructor's parameters, in order.
    block = page.split("PacklightMiddleware(\n", 1)[1].split("\n)", 1)[0]
    documented = re.findall(r"^\s+(\*\*\w+|\w+)=?", block, flags=re.MULTILINE)
    parameters = inspect.signature(PacklightMiddleware.__init__).parameters.values()
    actual = [("**" if p.kind is p.VAR_KEYWORD else "") + p.name for p in parameters][1:]
    assert documented == actual


def test_project_instructions_join_the_system_prompt_the_model_gets(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("Run the tests with `make check`.\n", encoding="utf-8")
    request = request_of([HumanMessage("fix the build", id="h1")])
    sent: list[ModelRequest[Any]] = []

    def handler(forwarded: ModelRequest[Any]) -> ModelResponse[Any]:
        sent.append(forwarded)
        return ModelResponse(result=[AIMessage("ok")])

    middleware = PacklightMiddleware(context_window=8192, project_instructions=tmp_path)
    middleware.wrap_model_call(request, handler)

    system = sent[0].system_message
    assert system is not None
    assert system.text.startswith("You are careful.")
    assert "make check" in system.text
    assert request.system_message is not None
    assert request.system_message.text == "You are careful."  # the caller's is untouched
    assert sent[0].messages[0] is request.messages[0]


def test_structured_output_through_a_tool_strategy() -> None:
    from langchain.agents.structured_output import ToolStrategy
    from pydantic import BaseModel

    class Verdict(BaseModel):
        cause: str

    answer = {"name": "Verdict", "args": {"cause": "a deadlock"}, "id": "v1"}
    model = ScriptedErrors(errors=[], replies=[AIMessage("", tool_calls=[answer])])
    middleware = PacklightMiddleware(context_window=8192)
    agent = create_agent(
        model,
        tools=[],
        middleware=[middleware],
        response_format=ToolStrategy(Verdict),
        checkpointer=InMemorySaver(),
    )

    state = agent.invoke({"messages": history_of(swe_agent(40))}, config("s"))

    assert state["structured_response"] == Verdict(cause="a deadlock")
    assert middleware.session("s").stats.compactions == 1
    bound = {tool["function"]["name"] for tool in model.options[0]["tools"]}
    assert "Verdict" in bound
    assert len(model.sent[0]) < 40


def test_a_structured_output_tool_is_counted_in_the_request() -> None:
    from langchain.agents.structured_output import ToolStrategy
    from pydantic import BaseModel, Field

    class Report(BaseModel):
        findings: list[str] = Field(description="Every finding, one sentence each. " * 40)

    estimates = []
    for response_format in (None, ToolStrategy(Report)):
        middleware = PacklightMiddleware(context_window=8192)
        request = request_of([HumanMessage("summarize", id="h1")], response_format=response_format)
        middleware.wrap_model_call(request, lambda r: ModelResponse(result=[AIMessage("ok")]))
        estimates.append(middleware.session().stats.last_estimate)

    without, with_tool = estimates
    assert without is not None
    assert with_tool is not None
    assert with_tool > without + 200  # the long description is in the count


def test_conversations_kept_in_memory_are_bounded_and_session_id_names_one(
    store: packlight.SessionStore,
) -> None:
    bounded = PacklightMiddleware(context_window=8192, max_conversations=2)
    first_a, first_b = bounded.session("a"), bounded.session("b")
    assert bounded.session("a") is first_a  # used again: now the most recent
    bounded.session("c")  # forgets "b", the least recently used
    assert bounded.session("a") is first_a
    assert bounded.session("b") is not first_b  # made anew

    single = PacklightMiddleware(context_window=8192, store=store, session_id="the-one")
    assert single.session("x") is single.session("y") is single.session()
    assert single.session().session_id == "the-one"
