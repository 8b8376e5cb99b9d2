"""Load on ``packlight serve``: 50 concurrent streaming conversations, gateway against direct.

An upstream with a fixed answer delay (``_gateway_upstream.py``, its own process) is called by
50 agent-like conversations at once, each resending its whole history every turn and
streaming the answer: once directly, once through ``packlight serve`` (its own process, told
an 8,192-token window so that it compacts as the histories grow), in alternating rounds, in
the same run. The client is the same asyncio process with the same httpx client settings.

Reported: time to first byte and to the end of the stream, p50 and p99, direct and through
the gateway, and the difference (the latency the gateway adds; turns on which it compacted
are left out and reported apart); requests per second; the gateway's peak memory; and, read
back from the store afterwards, messages lost or duplicated (each conversation's stored
original transcript must be exactly the last history it sent). Then the same with two
replicas on PostgreSQL, each conversation alternating between them turn by turn, half of
them starting on each (a load balancer's round robin spreads a burst of new conversations
over the replicas; every turn of a conversation lands on the replica that did not serve
the turn before, the case where the replica's cached session is out of date).

    python3 dev.py bench gateway [--conversations 50] [--turns 24] [--postgres DSN]
        [--postgres-only] [--rounds N] [--own-work]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, machine_header, write_result

KEY = "bench-key"
WINDOW = 8_192
COMMANDS = ["pytest -x tests/", "grep -rn TODO src/", "cat src/app/models.py", "git diff", "ls -la"]


# --- conversations ----------------------------------------------------------------------------


def conversation(seed: int, turns: int) -> list[dict[str, Any]]:
    """A generated agent run: system prompt, task, then tool call and result per turn (the
    results vary from a few lines to a long log, as a coding agent's do)."""
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": f"You are agent {seed}. " + "Follow the rules. " * 60},
        {"role": "user", "content": f"Fix issue #{rng.randrange(1000, 9999)} in the parser."},
    ]
    for turn in range(turns):
        call_id = f"call_{seed}_{turn}"
        command = rng.choice(COMMANDS)
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "bash", "arguments": f'{{"command": "{command}"}}'},
                    }
                ],
            }
        )
        lines = rng.choice([3, 10, 40, 120])
        output = "\n".join(
            f"{command.split()[0]}: line {i} of turn {turn}: value={rng.random():.6f}"
            for i in range(lines)
        )
        messages.append({"role": "tool", "tool_call_id": call_id, "content": output})
    return messages


# --- processes --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{url} exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(url, timeout=2).status_code < 500:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    sys.exit(f"{url} did not start")


@contextmanager
def process(command: list[str], ready: str, log: Path, env: dict[str, str]) -> Iterator[int]:
    with log.open("wb") as output:
        child = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
    try:
        wait_ready(ready, child, log)
        yield child.pid
    finally:
        child.terminate()
        child.wait(timeout=30)


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- the load ---------------------------------------------------------------------------------


@dataclass
class Sample:
    ttfb: float
    total: float
    status: int
    compaction: str | None
    turn: int = 0
    """0: the conversation's first request (the gateway creates its session)."""


@dataclass
class Phase:
    name: str
    samples: list[Sample] = field(default_factory=list)
    seconds: float = 0.0
    sessions: dict[int, set[str]] = field(default_factory=dict)
    last_sent: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


async def converse(
    client: httpx.AsyncClient,
    urls: Sequence[str],
    messages: list[dict[str, Any]],
    number: int,
    phase: Phase,
    stagger: float,
    think: float,
) -> None:
    await asyncio.sleep(stagger)
    pace = random.Random(number)
    for turn, index in enumerate(i for i, m in enumerate(messages) if m["role"] == "assistant"):
        history = messages[:index]
        body = {"model": "bench", "messages": history, "max_tokens": 256, "stream": True}
        started = time.perf_counter()
        first = None
        try:
            async with client.stream(
                "POST",
                urls[(number + turn) % len(urls)] + "/v1/chat/completions",
                json=body,
                headers={"authorization": f"Bearer {KEY}"},
            ) as response:
                async for _ in response.aiter_raw():
                    if first is None:
                        first = time.perf_counter()
        except httpx.TransportError as error:  # counted, not retried: a failure is a result
            phase.failures.append(f"{type(error).__name__} on turn {turn}")
            phase.samples.append(Sample(0.0, time.perf_counter() - started, 0, None, turn))
            continue
        end = time.perf_counter()
        phase.samples.append(
            Sample(
                (first or end) - started,
                end - started,
                response.status_code,
                response.headers.get("x-packlight-compaction"),
                turn,
            )
        )
        session = response.headers.get("x-packlight-session")
        if session:
            phase.sessions.setdefault(number, set()).add(session)
        phase.last_sent[number] = history
        if think:
            # The agent runs its tool before the next turn (0.5x to 1.5x the mean).
            await asyncio.sleep(think * pace.uniform(0.5, 1.5))


async def run_phase(
    name: str, urls: Sequence[str], conversations: list[list[dict[str, Any]]], think: float
) -> Phase:
    phase = Phase(name)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        started = time.perf_counter()
        await asyncio.gather(
            *(
                converse(client, urls, messages, number, phase, (number % 10) * 0.02, think)
                for number, messages in enumerate(conversations)
            )
        )
        phase.seconds = time.perf_counter() - started
    return phase


# --- report -----------------------------------------------------------------------------------


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def store_check(store: Any, phase: Phase) -> tuple[int, int, int]:
    """(conversations in more than one session, messages lost, messages duplicated)."""
    from packlight.stored_session import original_messages

    split = lost = duplicated = 0
    for number, sent in phase.last_sent.items():
        sessions = phase.sessions.get(number, set())
        if len(sessions) != 1:
            split += 1
            continue
        stored = original_messages(store, next(iter(sessions)))
        common = 0
        for a, b in zip(stored, sent, strict=False):
            if a != b:
                break
            common += 1
        # Past the common prefix, what was sent and is not there is lost; what is there and
        # was not sent (a message stored twice, or another conversation's) is extra.
        lost += len(sent) - common
        duplicated += len(stored) - common
    return split, lost, duplicated


def medians_and_tails(
    direct: Sequence[float], gateway: Sequence[float]
) -> tuple[float, float, float, float]:
    """p50 direct, p50 through the gateway, p99 direct, p99 through the gateway."""
    return (
        quantile(direct, 0.5), quantile(gateway, 0.5),
        quantile(direct, 0.99), quantile(gateway, 0.99),
    )  # fmt: skip


def rows(direct: list[Phase], gateway: list[Phase], flat_out: list[Phase]) -> list[str]:
    plain = [s for p in direct for s in p.samples if s.status == 200]
    through = [s for p in gateway for s in p.samples if s.status == 200 and s.compaction is None]
    compacted = [s for p in gateway for s in p.samples if s.compaction is not None]
    failed = sum(s.status != 200 for p in [*direct, *gateway] for s in p.samples)
    lines = [
        "| | direct p50 | gateway p50 | added p50 | direct p99 | gateway p99 | added p99 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for label, key in (("time to first byte", "ttfb"), ("whole stream", "total")):
        d = [getattr(s, key) for s in plain]
        g = [getattr(s, key) for s in through]
        d50, g50, d99, g99 = medians_and_tails(d, g)
        lines.append(
            f"| {label} (ms) | {d50 * 1e3:.1f} | {g50 * 1e3:.1f} | {(g50 - d50) * 1e3:+.1f} "
            f"| {d99 * 1e3:.1f} | {g99 * 1e3:.1f} | {(g99 - d99) * 1e3:+.1f} |"
        )
    lines.append("")
    # The same rows split: each conversation's first request (all 50 arrive within 0.2 s and
    # the gateway creates a session for each) and the requests that continue a session.
    # The end of a stream waits for the turn's write: the whole stream is split too.
    for measure, key in (("time to first byte", "ttfb"), ("whole stream", "total")):
        for label, first in (("first requests", True), ("continuing requests", False)):
            d = [getattr(s, key) for s in plain if (s.turn == 0) == first]
            g = [getattr(s, key) for s in through if (s.turn == 0) == first]
            d50, g50, d99, g99 = medians_and_tails(d, g)
            lines.append(
                f"- {measure}, {label} only ({len(g)} through the gateway): added "
                f"{(g50 - d50) * 1e3:+.1f} ms p50, {(g99 - d99) * 1e3:+.1f} ms p99 (direct "
                f"{d50 * 1e3:.1f} / {d99 * 1e3:.1f}, gateway {g50 * 1e3:.1f} / {g99 * 1e3:.1f})"
            )
    rps_direct, rps_gateway = (len(p.samples) / p.seconds for p in flat_out)
    lines.append(
        f"- requests: {len(plain)} direct, {len(through) + len(compacted)} through the gateway, "
        f"{failed} not answered 200"
    )
    for phase in [*direct, *gateway]:
        if phase.failures:
            lines.append(f"  - {phase.name}: {', '.join(sorted(set(phase.failures)))}")
    lines.append(
        f"- requests per second with no think time (client, gateway and upstream saturate the "
        f"machine together): direct {rps_direct:.1f}, gateway {rps_gateway:.1f} "
        f"(ratio {rps_gateway / rps_direct:.2f})"
    )
    if compacted:
        lines.append(
            f"- turns on which the gateway compacted (left out above): {len(compacted)}; their "
            f"whole stream p50 {quantile([s.total for s in compacted], 0.5) * 1e3:.0f} ms, "
            f"p99 {quantile([s.total for s in compacted], 0.99) * 1e3:.0f} ms"
        )
    return lines


def run(args: argparse.Namespace) -> str:
    python = sys.executable
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT / "benchmarks")}
    work = Path(tempfile.mkdtemp(prefix="bench-gateway-"))
    upstream_port = free_port()
    upstream = f"http://127.0.0.1:{upstream_port}"
    upstream_env = {**env, "BENCH_UPSTREAM_DELAY": str(args.delay)}
    out = [
        machine_header("packlight serve under load"),
        f"- {args.conversations} concurrent streaming conversations x {args.turns} turns, "
        f"{args.rounds} rounds each way; upstream answer delay {args.delay * 1e3:.0f} ms; "
        f"{args.think:.1f} s mean think time between an agent's turns (tool runs); "
        f"gateway told a {WINDOW:,}-token window; client, gateway and upstream on one machine",
        "",
    ]
    setups: list[tuple[str, int, str | None]] = []
    if not args.postgres_only:
        setups.append(("one replica, SQLite", 1, None))
    if args.postgres:
        setups.append(("two replicas, PostgreSQL, round robin", 2, args.postgres))
    with process(
        [python, "-m", "uvicorn", "_gateway_upstream:app", "--port", str(upstream_port),
         "--log-level", "warning", "--no-access-log"],
        upstream + "/v1/models", work / "upstream.log", upstream_env,
    ):  # fmt: skip
        for title, replicas, dsn in setups:
            schema = f"bench_gateway_{uuid.uuid4().hex[:8]}"
            store_url = dsn or str(work / f"{schema}.db")
            gateway_env = {**env, "PACKLIGHT_STORE_SCHEMA": schema, "PACKLIGHT_HOME": str(work)}
            with ExitStack() as stack:
                urls, pids = [], []
                for number in range(replicas):
                    port = free_port()
                    url = f"http://127.0.0.1:{port}"
                    command = [
                        python, "-m", "packlight", "serve", "--upstream", upstream,
                        "--store", store_url, "--port", str(port), "--api-key", KEY,
                        "--context-window", str(WINDOW),
                    ]  # fmt: skip
                    log = work / f"{schema}-{number}.log"
                    pids.append(
                        stack.enter_context(process(command, url + "/healthz", log, gateway_env))
                    )
                    urls.append(url)
                direct: list[Phase] = []
                gateway: list[Phase] = []
                for round_number in range(args.rounds):
                    seeds = range(round_number * 1000, round_number * 1000 + args.conversations)
                    conversations = [conversation(seed, args.turns) for seed in seeds]
                    for phases, phase_urls in ((direct, [upstream]), (gateway, urls)):
                        phases.append(
                            asyncio.run(run_phase("", phase_urls, conversations, args.think))
                        )
                    direct[-1].name, gateway[-1].name = "direct", "gateway"
                # Throughput: the same load with no think time, as fast as the machine goes.
                seeds = range(9000, 9000 + args.conversations)
                conversations = [conversation(seed, args.turns) for seed in seeds]
                flat_out = [
                    asyncio.run(run_phase(name, phase_urls, conversations, 0.0))
                    for name, phase_urls in (("direct", [upstream]), ("gateway", urls))
                ]
                gateway.append(flat_out[1])
                memory = [peak_memory_mb(pid) for pid in pids]
            from packlight.store import open_store

            if dsn:
                os.environ["PACKLIGHT_STORE_SCHEMA"] = schema
            store = open_store(store_url)
            checks = [store_check(store, phase) for phase in gateway]
            if dsn:
                from packlight.store.postgres import PostgresStore

                store.close()
                PostgresStore.drop_schema(dsn, schema)
            else:
                store.close()
            split = sum(c[0] for c in checks)
            lost = sum(c[1] for c in checks)
            duplicated = sum(c[2] for c in checks)
            out += [f"## {title}", "", *rows(direct, gateway[:-1], flat_out)]
            out.append(f"- gateway peak memory (VmHWM): {', '.join(f'{m:.0f} MB' for m in memory)}")
            out.append(
                f"- store afterwards: {lost} messages lost, {duplicated} duplicated, "
                f"{split} conversations split over more than one session "
                f"(of {args.conversations * len(gateway)})"
            )
            out.append("")
    return "\n".join(out)


def own_work(store_url: str | None) -> list[str]:
    """The gateway's own work per turn, apart from any load, in one thread, for 10 generated
    conversations of 24 turns: before the request can go upstream (reading the body, finding
    the conversation, preparing the view) and after (writing the turn's new messages and
    moving the head, which the gateway does while the upstream answers); once with the
    sessions kept in memory, once reopened every turn (SQLite only)."""
    from packlight.config import load_settings
    from packlight.gateway.apis import read_turn
    from packlight.gateway.directory import Directory
    from packlight.store import open_store

    settings = load_settings({"context.context_window": WINDOW}, env={})
    lines = [
        "| the gateway's own work per turn | before sending p50 | p99 | written while the "
        "upstream answers p50 | p99 | compacting turns |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    modes = [("the session in memory", False)] + ([] if store_url else [("reopened", True)])
    for label, reopen in modes:
        work = Path(tempfile.mkdtemp(prefix="bench-gateway-own-"))
        schema = f"bench_own_{uuid.uuid4().hex[:8]}"
        if store_url:
            from packlight.store.postgres import PostgresStore

            store: Any = PostgresStore(store_url, schema=schema)
        else:
            store = open_store(str(work / "own.db"))
        directory = Directory(store, settings, context_window=WINDOW)
        plain: list[float] = []
        after: list[float] = []
        compacting = 0
        for seed in range(10):
            messages = conversation(5000 + seed, 24)
            for index in (i for i, m in enumerate(messages) if m["role"] == "assistant"):
                body = {"model": "bench", "messages": messages[:index], "max_tokens": 256}
                started = time.perf_counter()
                turn = read_turn("openai", body, settings.live)
                held = directory.hold("own", turn.digests, None, "bench")
                prepared = held.session.prepare(turn.history, None, model="bench", max_tokens=256)
                sent = time.perf_counter()
                directory.release(held, turn.digests, advance=True)
                written = time.perf_counter()
                if reopen:
                    directory._cache.clear()  # the next turn opens the session from the store
                if prepared.compacted:
                    compacting += 1
                else:
                    plain.append(sent - started)
                    after.append(written - sent)
        store.close()
        if store_url:
            PostgresStore.drop_schema(store_url, schema)
        where = "PostgreSQL" if store_url else "SQLite"
        lines.append(
            f"| {where}, {label} | {quantile(plain, 0.5) * 1e3:.1f} ms "
            f"| {quantile(plain, 0.99) * 1e3:.1f} ms | {quantile(after, 0.5) * 1e3:.1f} ms "
            f"| {quantile(after, 0.99) * 1e3:.1f} ms | {compacting} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=50)
    parser.add_argument("--turns", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--delay", type=float, default=0.05, help="upstream answer delay (s)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds an agent takes between turns"
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN"),
        help="PostgreSQL DSN for the two-replica run (default: PACKLIGHT_TEST_POSTGRES_DSN)",
    )
    parser.add_argument("--out", help="write the report to benchmarks/results/OUT")
    parser.add_argument(
        "--postgres-only", action="store_true", help="only the two-replica PostgreSQL setup"
    )
    parser.add_argument(
        "--own-work",
        action="store_true",
        help="only measure the gateway's own work per turn, in one thread, with no load",
    )
    args = parser.parse_args()
    if args.own_work:
        print(
            "\n".join(
                own_work(None) + own_work(args.postgres)[2:] if args.postgres else own_work(None)
            )
        )
        return
    report = run(args)
    print(report)
    if args.out:
        print(f"written to {write_result(args.out, report + chr(10))}")


if __name__ == "__main__":
    main()
