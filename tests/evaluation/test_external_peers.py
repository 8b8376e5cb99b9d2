"""The external peers' machinery: the JSON-lines runner client against real subprocesses,
the runner's sandbox and network guard, virtualenv stamps, message conversions, and (slow,
when the peers' virtualenvs are installed) each real peer on a real trajectory.

Nothing here installs anything or reaches the internet: the end-to-end tests skip with the
install command when a peer's virtualenv is missing.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from packlight.evaluation.peers import Peer, PeerSettings, PeerUnavailable, create_peer
from packlight.evaluation.peers._external import ShadowHistory, split_leading_instructions
from packlight.evaluation.peers._subprocess import (
    PEERS_DIR_ENV,
    RunnerError,
    RunnerProcess,
    VenvSpec,
    peers_dir,
    runner_argv,
    venv_ready,
)
from packlight.evaluation.peers.install import (
    ENVIRONMENTS,
    PEER_ENVIRONMENTS,
    install_peers,
    resolve_environments,
)
from packlight.evaluation.peers.langchain import RAW_ARGUMENTS_KEY, from_langchain, to_langchain
from packlight.evaluation.peers.openai_agents import from_items, to_items
from packlight.messages import Message
from packlight.tokens import ExactCounter, TranscriptCounter

HERE = Path(__file__).resolve().parent
SCRIPTED = HERE / "peers_scripted_runner.py"
ADAPTER = HERE / "peers_test_adapter.py"
EXTERNAL_PEERS = list(PEER_ENVIRONMENTS)


def scripted(mode: str = "ready", **kwargs: Any) -> RunnerProcess:
    return RunnerProcess(argv=[sys.executable, str(SCRIPTED), mode], name="scripted", **kwargs)


@pytest.fixture
def runner() -> Iterator[RunnerProcess]:
    process = scripted(timeout=30)
    yield process
    process.close()


# -- the JSON-lines client ---------------------------------------------------------------------


def test_a_request_gets_the_reply_with_its_id(runner: RunnerProcess) -> None:
    ready = runner.start()
    assert ready["type"] == "ready"
    assert runner.request({"op": "echo", "value": [1, "two"]})["echo"] == [1, "two"]
    assert runner.request({"op": "echo", "value": "again"})["echo"] == "again"
    # One process served both: the client keeps its runner alive between requests.
    assert runner.ready["pid"] == ready["pid"]
    assert runner.restarts == 0


def test_a_peer_error_is_a_reply_not_an_exception(runner: RunnerProcess) -> None:
    reply = runner.request({"op": "no-such-op"})
    assert reply["ok"] is False
    assert "no-such-op" in reply["error"]
    assert runner.running


def test_a_request_past_its_timeout_kills_the_runner_and_the_next_one_restarts_it(
    runner: RunnerProcess,
) -> None:
    first_pid = runner.start()["pid"]
    with pytest.raises(RunnerError, match=r"timed out after 0\.5s"):
        runner.request({"op": "sleep", "seconds": 60}, timeout=0.5)
    assert not runner.running
    assert runner.request({"op": "echo", "value": 1})["echo"] == 1
    assert runner.ready["pid"] != first_pid
    assert runner.restarts == 1


def test_a_runner_that_dies_is_reported_with_its_log_and_restarted(runner: RunnerProcess) -> None:
    with pytest.raises(RunnerError, match="runner exited") as caught:
        runner.request({"op": "exit", "code": 7})
    message = str(caught.value)
    assert "exit code 7" in message
    assert "scripted runner: exiting on request" in message  # the stderr log tail
    assert runner.request({"op": "echo", "value": "back"})["echo"] == "back"
    assert runner.restarts == 1


def test_a_malformed_reply_stops_the_runner(runner: RunnerProcess) -> None:
    with pytest.raises(RunnerError, match="malformed reply 'this is not json'"):
        runner.request({"op": "garbage"})
    assert not runner.running
    assert runner.request({"op": "echo", "value": 2})["echo"] == 2


def test_a_reply_for_another_request_stops_the_runner(runner: RunnerProcess) -> None:
    with pytest.raises(RunnerError, match="reply for id -999"):
        runner.request({"op": "wrong-id"})
    assert runner.request({"op": "echo", "value": 3})["echo"] == 3


def test_a_runner_that_does_not_say_ready_fails_to_start() -> None:
    process = scripted("bad-ready")
    with pytest.raises(RunnerError, match="unexpected first message"):
        process.start()
    assert not process.running
    silent = scripted("silent", start_timeout=0.5)
    with pytest.raises(RunnerError, match="runner start: timed out"):
        silent.start()
    assert not silent.running


def test_a_missing_interpreter_is_a_runner_error() -> None:
    process = RunnerProcess(argv=["/nonexistent/python", "x.py"], name="missing")
    with pytest.raises(RunnerError, match="cannot start"):
        process.start()


def test_the_runner_gets_a_private_home_and_none_of_our_environment(
    runner: RunnerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PACKLIGHT_TEST_SECRET_API_KEY", "sk-should-not-leak")
    env = runner.request({"op": "env"})["env"]
    assert "PACKLIGHT_TEST_SECRET_API_KEY" not in env
    assert env["HOME"] == runner.ready["home"]
    assert Path(env["HOME"]).parent == Path(env["PACKLIGHT_RUNNER_SANDBOX"])
    sandbox = Path(env["PACKLIGHT_RUNNER_SANDBOX"])
    runner.close()
    assert not sandbox.exists()  # close() removes the sandbox and the default log


# -- the serve loop in the runner --------------------------------------------------------------


@pytest.fixture
def served() -> Iterator[RunnerProcess]:
    process = RunnerProcess(
        argv=runner_argv(Path(sys.executable), ADAPTER),
        name="serve",
        timeout=30,
        # A key the parent passes on purpose must still be scrubbed inside the runner.
        env={"OPENAI_API_KEY": "sk-test", "SOME_TOKEN": "t"},
    )
    yield process
    process.close()


def test_serve_answers_through_the_adapter_and_keeps_stdout_for_the_protocol(
    served: RunnerProcess,
) -> None:
    ready = served.start()
    assert ready["peer"] == "test-adapter"
    assert ready["protocol"] == 1
    reply = served.request({"op": "environment"})  # the adapter prints to stdout first
    assert reply["ok"] is True
    assert "OPENAI_API_KEY" not in reply["env"]
    assert "SOME_TOKEN" not in reply["env"]
    assert reply["env"]["HOME"].startswith(reply["env"]["PACKLIGHT_RUNNER_SANDBOX"])
    assert served.request({"op": "ping"})["ok"] is True


def test_serve_reports_an_adapter_exception_as_a_failed_reply(served: RunnerProcess) -> None:
    reply = served.request({"op": "fail"})
    assert reply["ok"] is False
    assert reply["error"] == "ValueError: the adapter failed on purpose"
    assert served.running


def test_serve_blocks_the_network_even_to_loopback(served: RunnerProcess) -> None:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    try:
        by_name = served.request({"op": "connect", "host": "localhost", "port": port})
        by_ip = served.request({"op": "connect_ip", "host": "127.0.0.1", "port": port})
    finally:
        listener.close()
    assert by_name["reached"] is False
    assert "DNS disabled" in by_name["error"]
    assert by_ip["reached"] is False
    assert "network disabled" in by_ip["error"]
    assert by_name["network_blocked"] == 1
    assert by_ip["network_blocked"] == 1


# -- virtualenvs and availability --------------------------------------------------------------


def test_a_venv_spec_must_pin_its_packages() -> None:
    with pytest.raises(ValueError, match="pin every package"):
        VenvSpec(name="x", packages=("langchain>=1",), import_check="pass")
    with pytest.raises(ValueError, match="at least one package"):
        VenvSpec(name="x", packages=(), import_check="pass")


def test_a_venv_is_ready_only_with_its_own_stamp_and_interpreter(tmp_path: Path) -> None:
    spec = ENVIRONMENTS["langchain"]
    venv = tmp_path / "venv"
    assert not venv_ready(venv, spec)
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("")
    assert not venv_ready(venv, spec)  # no stamp: an interrupted install
    (venv / spec.stamp_name).write_text(json.dumps({"package": "langchain==0.0.1"}))
    assert not venv_ready(venv, spec)  # another version
    (venv / spec.stamp_name).write_text(json.dumps(spec.stamp()))
    assert venv_ready(venv, spec)


def test_the_hermes_stamp_is_the_one_the_benchmark_venvs_already_carry() -> None:
    spec = ENVIRONMENTS["hermes"]
    assert spec.stamp_name == ".packlight-hermes-stamp.json"
    assert spec.stamp() == {"package": "hermes-agent==0.19.0"}


def test_the_peers_directory_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PEERS_DIR_ENV, str(tmp_path))
    assert peers_dir() == tmp_path
    monkeypatch.delenv(PEERS_DIR_ENV)
    assert peers_dir().parts[-2:] == ("packlight", "peers")


@pytest.mark.parametrize("name", EXTERNAL_PEERS)
def test_a_peer_without_its_venv_is_unavailable_and_says_how_to_install_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PEERS_DIR_ENV, str(tmp_path))
    with pytest.raises(
        PeerUnavailable, match=r"run `packlight eval --install-peers` \(needs PyPI\)"
    ):
        create_peer(name, PeerSettings(model="gpt-4o", context_window=32_000))


def test_install_names_resolve_to_environments() -> None:
    assert resolve_environments(None) == ["langchain", "openai-agents", "hermes"]
    assert resolve_environments(["all"]) == ["langchain", "openai-agents", "hermes"]
    assert resolve_environments(["langchain-summarization", "langchain-clear-tool-uses"]) == [
        "langchain"
    ]
    assert resolve_environments(["hermes", "openai-agents"]) == ["hermes", "openai-agents"]
    with pytest.raises(ValueError, match="unknown external peer 'packlight'"):
        resolve_environments(["packlight"])


def test_install_skips_environments_that_are_already_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A stamped venv is complete: installing again must not touch PyPI (the test would fail
    # on the network guard, or hang on pip, if it did).
    monkeypatch.setenv(PEERS_DIR_ENV, str(tmp_path))
    spec = ENVIRONMENTS["openai-agents"]
    venv = tmp_path / "openai-agents"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("")
    (venv / spec.stamp_name).write_text(json.dumps(spec.stamp()))
    report = install_peers(["openai-agents-trimmer"], announce=False)
    assert report.ok
    assert [result.environment for result in report.results] == ["openai-agents"]
    assert report.lines()[0].startswith("ok      openai-agents==0.24.0")


# -- message conversion ------------------------------------------------------------------------


def _conversation() -> list[Message]:
    return cast(
        list[Message],
        [
            {"role": "system", "content": "You are a coding agent."},
            {"role": "user", "content": "Fix the bug in pkg/mod.py."},
            {
                "role": "assistant",
                "content": "Looking.",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "bash", "arguments": '{"command": "ls -la"}'},
                    },
                    {
                        "id": "call_2",
                        "type": "function",
                        "function": {"name": "bash", "arguments": "not json"},
                    },
                ],
                "reasoning_content": "provider-specific, not LangChain's",
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "a.py\nb.py"},
            {"role": "tool", "tool_call_id": "call_2", "content": "x" * 2000},
            {"role": "user", "content": [{"type": "text", "text": "Continue."}]},
            {"role": "assistant", "content": "Done."},
        ],
    )


def test_langchain_conversion_gives_back_the_originals_when_nothing_changed() -> None:
    messages = _conversation()[1:]
    sent = to_langchain(messages)
    originals = {item["data"]["id"]: (m, item) for m, item in zip(messages, sent, strict=True)}
    back = from_langchain(sent, originals)
    assert all(a is b for a, b in zip(back, messages, strict=True))


def test_langchain_conversion_without_originals_keeps_roles_calls_and_contents() -> None:
    messages = _conversation()[1:]
    back = from_langchain(to_langchain(messages))
    assert [m["role"] for m in back] == [m["role"] for m in messages]
    assert [m.get("content") for m in back] == [m.get("content") for m in messages]
    calls = back[1]["tool_calls"]
    assert [call["id"] for call in calls] == ["call_1", "call_2"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"command": "ls -la"}
    # Arguments that are not a JSON object survive the trip through LangChain's dict args.
    assert calls[1]["function"]["arguments"] == "not json"
    assert to_langchain(messages)[1]["data"]["tool_calls"][1]["args"] == {
        RAW_ARGUMENTS_KEY: "not json"
    }
    assert back[2]["tool_call_id"] == "call_1"
    # What LangChain has no field for is gone unless the message came back unchanged.
    assert "reasoning_content" not in back[1]


def test_langchain_conversion_converts_a_message_langchain_changed() -> None:
    messages = _conversation()[1:]
    sent = to_langchain(messages)
    originals = {item["data"]["id"]: (m, item) for m, item in zip(messages, sent, strict=True)}
    cleared = json.loads(json.dumps(sent))
    cleared[3]["data"]["content"] = "[cleared]"
    summary = {"type": "human", "data": {"content": "Here is a summary", "id": None}}
    back = from_langchain([summary, *cleared[1:]], originals)
    assert back[0] == {"role": "user", "content": "Here is a summary"}
    assert back[1] is messages[1]
    assert back[3] == {"role": "tool", "content": "[cleared]", "tool_call_id": "call_2"}


def test_responses_items_round_trip_and_a_trimmed_output_replaces_only_the_content() -> None:
    messages = _conversation()[1:]
    items, spans = to_items(messages)
    assert [items[start]["type"] for start, _ in spans][:3] == [
        "message",
        "message",
        "function_call_output",
    ]
    untouched = from_items(messages, items, spans, items)
    assert all(a is b for a, b in zip(untouched, messages, strict=True))
    trimmed = [dict(item) for item in items]
    start, _ = spans[3]
    trimmed[start]["output"] = "[Trimmed: bash output]"
    back = from_items(messages, items, spans, trimmed)
    assert back[3] == {**messages[3], "content": "[Trimmed: bash output]"}
    assert back[:3] == messages[:3]
    with pytest.raises(ValueError, match="not a one-to-one filter"):
        from_items(messages, items, spans, items[:-1])


def test_leading_instructions_are_split_off() -> None:
    messages = _conversation()
    instructions, rest = split_leading_instructions(messages)
    assert instructions == messages[:1]
    assert rest == messages[1:]


def test_the_shadow_history_rebuilds_the_unfiltered_history() -> None:
    shadow = ShadowHistory()
    full = _conversation()[:5]
    filtered = [
        *full[:3],
        {"role": "tool", "tool_call_id": "call_1", "content": "[cleared]"},
        full[4],
    ]
    assert shadow.full(full) == full  # nothing remembered yet
    shadow.remember(full, cast(list[Message], filtered))
    new = _conversation()[5:]
    assert shadow.full(cast(list[Message], [*filtered, *new])) == [*full, *new]
    # Anything that does not continue the filtered history is taken as it stands.
    other = _conversation()[:2]
    assert shadow.full(other) == other
    shadow.reset()
    assert shadow.full(cast(list[Message], filtered)) == filtered


# -- the real peers (slow; only where their virtualenvs are installed) -------------------------

TRAJECTORY = "django__django-11087"
WINDOW = 32_000


def _peer_or_skip(name: str) -> Any:
    # The test environment drops PACKLIGHT_* variables; PACKLIGHT_TEST_PEERS_DIR points the
    # end-to-end tests at peers installed somewhere other than the default directory.
    configured = os.environ.get("PACKLIGHT_TEST_PEERS_DIR")
    if configured:
        os.environ[PEERS_DIR_ENV] = configured
    try:
        return create_peer(name, PeerSettings(model="gpt-4o", context_window=WINDOW))
    except PeerUnavailable as exc:
        pytest.skip(f"{exc} (CI does not provision peers)")
    finally:
        os.environ.pop(PEERS_DIR_ENV, None)


def _replay(peer: Any, messages: list[Message]) -> list[Any]:
    """Call ``prepare`` before every assistant message and continue from what it returns."""
    outcomes = []
    history: list[Message] = []
    for message in messages:
        if message["role"] == "assistant" and history:
            outcome = peer.prepare(history)
            outcomes.append(outcome)
            history = list(outcome.messages)
        history.append(message)
    return outcomes


@pytest.mark.slow
@pytest.mark.parametrize("name", EXTERNAL_PEERS)
def test_each_external_peer_runs_on_a_real_trajectory(name: str, shared_data: Path) -> None:
    path = shared_data / "trajectories" / "mini-swe-agent" / f"{TRAJECTORY}.json"
    messages = cast(list[Message], json.loads(path.read_text(encoding="utf-8"))["messages"])
    counter = TranscriptCounter(ExactCounter())
    peer = _peer_or_skip(name)
    assert isinstance(peer, Peer)
    assert peer.name == name
    try:
        outcomes = _replay(peer, messages)
        forced = peer.prepare(messages, force=True)
    finally:
        peer.close()
    assert not [o.note for o in outcomes if o.error]
    assert not forced.error
    assert any(o.compacted for o in outcomes), f"{name} never changed a history"
    assert forced.compacted
    assert counter.request(forced.messages) < counter.request(messages)
    # The system prompt is never theirs to touch (Hermes appends a note to it).
    assert forced.messages[0]["role"] == "system"
    assert all(o.seconds >= 0 for o in outcomes)
    # Every tool result still answers a call in the history that precedes it.
    for outcome in [*outcomes, forced]:
        called: set[str] = set()
        for message in outcome.messages:
            for call in message.get("tool_calls") or ():
                called.add(call["id"])
            if message["role"] == "tool":
                assert message["tool_call_id"] in called
    if name == "langchain-summarization":
        assert peer.needs_llm
        assert all("FakeListChatModel" in (o.note or "") for o in outcomes if o.compacted)
        assert forced.details["fake_model"] is True
    if name == "hermes":
        assert forced.details["path"] == "static_fallback"
        assert forced.details["network_blocked"] == 0
