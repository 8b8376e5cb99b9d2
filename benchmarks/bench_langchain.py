"""LangChain ``create_agent`` with and without packlight, on real trajectories.

Each trajectory is replayed inside LangChain's own agent loop (tests/integrations/
langchain_replay.py: a scripted chat model answers with the recorded assistant turns and
sends each request it gets to tests/live/window_server.py; stub tools answer with the
recorded outputs), three ways side by side:

- ``none``: the agent as it is; the server's window is lifted so the run goes on, and each
  request the server counts over ``--window`` tokens is one that a real provider refuses;
- ``summarization``: LangChain's ``SummarizationMiddleware`` (a fake summary model; trigger at
  85% of the window by its own count, the last 20 messages kept), window lifted the same way;
- ``packlight``: ``PacklightMiddleware(context_window=window)`` against a server that enforces
  the window (its refusals are recovered inside the model call).

Per model call: over the window (server's exact count); the task (the trajectory's first user
message) gone from the request (its first 200 characters nowhere) or cut (its beginning there,
not the whole of it: packlight's checkpoint keeps a long task's head and tail); the latest
user message missing. Writes
benchmarks/results/langchain.md.

    python3 benchmarks/bench_langchain.py [--data DIR] [--limit N] [--window N]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.*

from langchain.agents.middleware import AgentMiddleware, SummarizationMiddleware
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from tests.integrations.langchain_replay import replay
from tests.live.window_server import WindowServer
from tests.wrappers.replay import Trajectory, swe_agent, tau_bench

import packlight
from _common import DEFAULT_DATA, iter_sessions, machine_header, write_result
from packlight.integrations.langchain import PacklightMiddleware

LIFTED_WINDOW = 10_000_000
TASK_HEAD = 200
THRESHOLD_SHARE = 0.85
"""packlight's threshold at a window under 64K tokens (DESIGN 4)."""
ARMS = ("none", "summarization", "packlight")


@dataclass
class Tally:
    runs: int = 0
    calls: int = 0
    over_window: int = 0
    over_threshold: int = 0
    """Answered requests at or over packlight's threshold (85% of the window, by the
    server's count), under the window or not."""
    task_gone: int = 0
    """Requests without the task's first 200 characters anywhere."""
    task_cut: int = 0
    """Requests with the task's beginning but not the whole of it."""
    latest_missing: int = 0
    refusals: int = 0
    errors: int = 0
    compactions: int = 0
    seconds: float = 0.0


def text_of(message: BaseMessage) -> str:
    return message.text if isinstance(message.text, str) else str(message.content)


def first_user_text(trajectory: Trajectory) -> str:
    return next(packlight.message_text(m) for m in trajectory.messages if m["role"] == "user")


def arm_middleware(arm: str, window: int) -> list[AgentMiddleware[Any, Any, Any]]:
    if arm == "none":
        return []
    if arm == "summarization":
        summary = GenericFakeChatModel(
            messages=itertools.repeat(AIMessage("Summary of the earlier conversation."))
        )
        return [
            SummarizationMiddleware(
                summary, trigger=("tokens", int(window * 0.85)), keep=("messages", 20)
            )
        ]
    return [PacklightMiddleware(context_window=window)]


def run_arm(arm: str, trajectory: Trajectory, window: int, tally: Tally) -> None:
    middleware = arm_middleware(arm, window)
    task = first_user_text(trajectory)
    started = time.perf_counter()
    with WindowServer(window=window if arm == "packlight" else LIFTED_WINDOW) as server:
        try:
            result = replay(server, trajectory, middleware)
        except Exception as error:  # counted: a run that broke
            print(f"  {arm}: {type(error).__name__}: {str(error)[:160]}", file=sys.stderr)
            tally.errors += 1
            return
    tally.seconds += time.perf_counter() - started
    tally.runs += 1
    for call, seen in zip(result.calls, server.requests, strict=True):
        if call.outcome != "ok":
            tally.refusals += 1
            continue
        tally.calls += 1
        sent = " \n".join(text_of(m) for m in call.messages)
        tally.over_window += seen.prompt_tokens > window
        tally.over_threshold += seen.prompt_tokens >= int(window * THRESHOLD_SHARE)
        head_kept = task[:TASK_HEAD] in sent
        tally.task_gone += not head_kept
        tally.task_cut += head_kept and task not in sent
        inputs = [text_of(m) for m in result.script.runs[call.run].inputs]
        tally.latest_missing += bool(inputs) and inputs[-1] not in sent
    if arm == "packlight":
        packlight_middleware = middleware[0]
        assert isinstance(packlight_middleware, PacklightMiddleware)
        tally.compactions += packlight_middleware.session("replay").stats.compactions


def trajectories(data: Path, limit: int | None) -> Iterator[tuple[str, Trajectory]]:
    if not (data / "trajectories").is_dir():
        yield "bundled mini-swe-agent", swe_agent()
        yield "bundled tau-bench", tau_bench()
        return
    sessions = iter_sessions(data)
    for number, session in enumerate(itertools.islice(sessions, limit)):
        name = str(session.get("id") or number)
        messages = [dict(m) for m in session["messages"]]
        yield name, Trajectory(messages, [dict(t) for t in session.get("tools") or []])


def report(tallies: dict[str, Tally], window: int, sessions: int) -> str:
    lines = [
        machine_header("LangChain create_agent: none, SummarizationMiddleware, packlight"),
        f"- window: {window:,} tokens; {sessions} trajectories replayed in create_agent's loop",
        "",
        "| arm | runs | model calls | over the window | over 85% of it | task gone | task cut | "
        "latest user message not whole | refusals recovered | compactions | broken runs | "
        "seconds |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for arm, t in tallies.items():
        lines.append(
            f"| {arm} | {t.runs} | {t.calls} | {t.over_window} | {t.over_threshold} | "
            f"{t.task_gone} | {t.task_cut} | "
            f"{t.latest_missing} | {t.refusals} | {t.compactions} | {t.errors} | {t.seconds:.1f} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None, help="first N trajectories only")
    parser.add_argument("--window", type=int, default=8192)
    parser.add_argument("--arms", default=",".join(ARMS))
    options = parser.parse_args(argv)
    arms = [arm for arm in options.arms.split(",") if arm]
    tallies = {arm: Tally() for arm in arms}
    count = 0
    progress: Callable[[str], None] = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    for name, trajectory in trajectories(options.data, options.limit):
        count += 1
        progress(f"{count}: {name} ({len(trajectory.messages)} messages)")
        for arm in arms:
            run_arm(arm, trajectory, options.window, tallies[arm])
    text = report(tallies, options.window, count)
    path = write_result("langchain.md", text)
    print(text)
    print(f"written to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
