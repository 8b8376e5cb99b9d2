"""Replaying real agent trajectories through ``packlight.wrap`` against the window server.

A replay walks a recorded trajectory the way the agent ran it: at each recorded assistant
message it sends the whole history so far (everything before that message), then appends the
*recorded* assistant message, not the server's reply, and goes on. What the caller saw (the
text it read, the usage, any exception) is kept per turn in a :class:`Replay`, beside the
server's own record of every request, so that :func:`check_replay` can hold the two against
each other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import packlight
from packlight.cli.demo import example_path
from tests.live.window_server import Seen, WindowServer, shared_prefix_tokens

WINDOW = 8192
MODEL = "window-model"
"""Unknown to packlight's model registry: without ``context_window=`` it assumes 128K."""
MAX_TOKENS = 512
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TAU_BENCH = FIXTURES / "tau-bench-airline-sample.jsonl"
SLOW_VARIANT_MESSAGES = 40
"""The first messages of the mini-swe-agent run replayed by the slower variants (streaming,
async): enough to cross the window once or twice."""


@dataclass(frozen=True)
class Trajectory:
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    """In OpenAI chat shape (see :func:`anthropic_tools`)."""


def swe_agent(limit: int | None = None) -> Trajectory:
    """The bundled mini-swe-agent run (78 messages), or its first ``limit`` messages."""
    session = packlight.read_session(example_path())
    messages = [dict(m) for m in session.messages][:limit]
    return Trajectory(messages, [dict(t) for t in session.tools])


def tau_bench() -> Trajectory:
    """The first tau-bench airline session of the fixture (62 messages, no tool schemas)."""
    session = next(packlight.iter_sessions(TAU_BENCH))
    return Trajectory([dict(m) for m in session.messages], [dict(t) for t in session.tools])


def anthropic_tools(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "name": t["function"]["name"],
            "description": t["function"].get("description", ""),
            "input_schema": t["function"]["parameters"],
        }
        for t in tools
    ]


def anthropic_request(history: Sequence[Any]) -> dict[str, Any]:
    """``system`` and ``messages`` of the canonical ``history``, as an Anthropic caller holds it."""
    return dict(packlight.from_canonical(list(history), packlight.Format.ANTHROPIC))


def latest_user_text(history: Sequence[dict[str, Any]]) -> str:
    for message in reversed(history):
        if message.get("role") == "user":
            return packlight.message_text(message)
    raise AssertionError("the history has no user message")


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def contains_text(body: dict[str, Any], text: str) -> bool:
    return any(text in piece for piece in strings_in(body))


@dataclass
class Turn:
    user_text: str
    requests: list[Seen]
    """What the server received for this turn (overflow refusals, then the request it answered)."""
    compactions: int
    """``stats.compactions`` once the turn was over."""
    text: str | None = None
    """The reply text the caller read."""
    usage: Any = None
    error: BaseException | None = None

    @property
    def answered(self) -> Seen | None:
        return next((seen for seen in reversed(self.requests) if seen.outcome == "ok"), None)


@dataclass
class Replay:
    turns: list[Turn] = field(default_factory=list)

    @property
    def errors(self) -> list[BaseException]:
        return [turn.error for turn in self.turns if turn.error is not None]


Send = Callable[[list[dict[str, Any]]], tuple[str, Any]]
"""Sends the whole history through the wrapped client; returns (text read, usage seen)."""


def _histories(messages: Sequence[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The caller's one history list, grown message by message, at each assistant turn."""
    history: list[dict[str, Any]] = []
    for message in messages:
        if message.get("role") == "assistant":
            yield history
        history.append(message)


def replay(
    server: WindowServer, session: Any, messages: Sequence[dict[str, Any]], send: Send
) -> Replay:
    result = Replay()
    for history in _histories(messages):
        before = len(server.requests)
        turn = Turn(latest_user_text(history), [], 0)
        try:
            turn.text, turn.usage = send(history)
        except Exception as error:  # counted: the tests require that none reaches the caller
            turn.error = error
        turn.requests = server.requests[before:]
        turn.compactions = session.stats.compactions
        result.turns.append(turn)
    return result


async def areplay(
    server: WindowServer,
    session: Any,
    messages: Sequence[dict[str, Any]],
    send: Callable[[list[dict[str, Any]]], Awaitable[tuple[str, Any]]],
) -> Replay:
    result = Replay()
    for history in _histories(messages):
        before = len(server.requests)
        turn = Turn(latest_user_text(history), [], 0)
        try:
            turn.text, turn.usage = await send(history)
        except Exception as error:
            turn.error = error
        turn.requests = server.requests[before:]
        turn.compactions = session.stats.compactions
        result.turns.append(turn)
    return result


def check_replay(server: WindowServer, session: Any, result: Replay) -> None:
    """What every replay through a wrapped client must show: no invalid request and no error
    for the caller; one answered request per turn, carrying the turn's latest user message
    verbatim; compactions, each one prefix break; and, between compactions, each request
    extending the previous one whole (its shared prefix is the previous request's prompt)."""
    invalid = [seen.error for seen in server.requests if seen.outcome == "invalid"]
    assert invalid == [], invalid
    assert result.errors == [], result.errors
    answered = [seen for seen in server.requests if seen.outcome == "ok"]
    assert len(answered) == len(result.turns)
    for number, turn in enumerate(result.turns):
        seen = turn.answered
        assert seen is not None, f"turn {number}: no request was answered"
        assert contains_text(seen.body, turn.user_text), (
            f"turn {number}: the latest user message is missing from the request"
        )
    stats = session.stats
    assert stats.compactions > 0, "the window should have forced compactions"
    assert stats.prefix_breaks == stats.compactions
    # Between compactions each request extends the previous one whole; a compaction breaks it.
    for number in range(1, len(result.turns)):
        previous, current = result.turns[number - 1], result.turns[number]
        assert previous.answered is not None
        assert current.answered is not None
        shared = shared_prefix_tokens(previous.answered, current.answered)
        extends = shared == previous.answered.prompt_tokens
        compacted = current.compactions > previous.compactions
        assert extends != compacted, (
            f"turn {number}: shared prefix {shared:,} of {previous.answered.prompt_tokens:,} "
            f"tokens, compactions {previous.compactions} -> {current.compactions}"
        )
