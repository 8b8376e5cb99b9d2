"""The gateway's own CPU per request, measured in its process (``packlight serve`` as it runs).

The gateway runs here under uvicorn (the same app, loop and logging as ``packlight serve``),
the upstream of ``bench_gateway.py`` in a process of its own, and the client in another, so
that this process's CPU time is the gateway's alone. Two loads of streaming conversations
(generated as ``bench_gateway.py`` generates them): one request at a time, then 50
conversations at once with no think time. For each: CPU milliseconds per request (all of this
process's threads, from ``getrusage``; the event loop's thread apart), the client's time to
first byte p50, and, with ``--profile``, the functions the event loop's thread spends most of
its time in (cProfile, which slows everything down: its CPU figures are not comparable).

    python benchmarks/profile_gateway.py [--sequential 60] [--conversations 50] [--turns 6]
        [--store postgresql://...] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import logging
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT
from bench_gateway import KEY, conversation, free_port, process, quantile

WINDOW = 8_192


# --- the client (its own process) -------------------------------------------------------------


async def _client(url: str, seeds: list[int], turns: int, concurrent: bool) -> list[float]:
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    ttfb: list[float] = []

    async def converse(client: httpx.AsyncClient, seed: int) -> None:
        messages = conversation(seed, turns)
        for index in (i for i, m in enumerate(messages) if m["role"] == "assistant"):
            body = {"model": "bench", "messages": messages[:index], "stream": True}
            started = time.perf_counter()
            first = None
            async with client.stream(
                "POST",
                url + "/v1/chat/completions",
                json=body,
                headers={"authorization": f"Bearer {KEY}"},
            ) as response:
                async for _ in response.aiter_raw():
                    first = first or time.perf_counter()
            if response.status_code != 200:
                raise SystemExit(f"status {response.status_code}")
            ttfb.append((first or time.perf_counter()) - started)

    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        if concurrent:
            await asyncio.gather(*(converse(client, seed) for seed in seeds))
        else:
            for seed in seeds:
                await converse(client, seed)
    return ttfb


def client_main(argv: list[str]) -> None:
    url, first, count, turns, concurrent = argv
    seeds = list(range(int(first), int(first) + int(count)))
    ttfb = asyncio.run(_client(url, seeds, int(turns), concurrent == "1"))
    print(json.dumps(ttfb))


def run_client(url: str, first: int, count: int, turns: int, concurrent: bool) -> list[float]:
    command = [sys.executable, __file__, "--client", url, str(first), str(count), str(turns)]
    command.append("1" if concurrent else "0")
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return [float(value) for value in json.loads(done.stdout)]


# --- the gateway (this process) ---------------------------------------------------------------


class Server:
    """``packlight serve``'s app under uvicorn in a thread; the event loop's thread can be
    profiled and its CPU time read."""

    def __init__(self, upstream: str, store: str) -> None:
        import uvicorn

        from packlight.cli.serve_cmd import JsonLines
        from packlight.config import load_settings
        from packlight.gateway.app import create_app
        from packlight.gateway.log_writer import start_log_writer

        settings = load_settings(
            {
                "gateway.upstream": upstream,
                "gateway.store": store,
                "gateway.api_keys": [KEY],
                "context.context_window": WINDOW,
            },
            env={},
        )
        app = create_app(settings)
        # As serve does: one JSON line per request, written by a thread of its own (to
        # nowhere: it is the formatting we count).
        gateway_logger = logging.getLogger("packlight.gateway")
        gateway_logger.setLevel(logging.INFO)
        gateway_logger.propagate = False
        start_log_writer(gateway_logger, open(os.devnull, "w"), JsonLines())  # noqa: SIM115
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, port=self.port, access_log=False, log_level="warning", lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        # uvloop when installed, as under ``packlight serve``.
        factory = self.server.config.get_loop_factory() or asyncio.new_event_loop
        self.loop = factory()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise SystemExit("the gateway did not get ready")

    def in_loop(self, work: Any) -> Any:
        """Run ``work()`` in the event loop's thread and return what it returns."""
        assert self.loop is not None
        done = threading.Event()
        box: list[Any] = []

        def call() -> None:
            box.append(work())
            done.set()

        self.loop.call_soon_threadsafe(call)
        done.wait()
        return box[0]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def process_cpu() -> tuple[float, float]:
    """(user, system) CPU seconds of this process so far, all threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def measure(
    server: Server, label: str, load: tuple[int, int, int, bool], profile: bool
) -> list[str]:
    first, count, turns, concurrent = load
    profiler = cProfile.Profile() if profile else None
    loop_before = server.in_loop(time.thread_time)
    cpu_before = process_cpu()
    if profiler is not None:
        server.in_loop(profiler.enable)
    started = time.perf_counter()
    ttfb = run_client(server.url, first, count, turns, concurrent)
    seconds = time.perf_counter() - started
    if profiler is not None:
        server.in_loop(profiler.disable)
    user, system = (after - before for after, before in zip(process_cpu(), cpu_before, strict=True))
    cpu = user + system
    loop = server.in_loop(time.thread_time) - loop_before
    requests = len(ttfb)
    lines = [
        f"- {label}: {requests} requests in {seconds:.1f} s; gateway CPU "
        f"{cpu / requests * 1e3:.2f} ms a request (event loop thread {loop / requests * 1e3:.2f}, "
        f"other threads {(cpu - loop) / requests * 1e3:.2f}; in the kernel "
        f"{system / requests * 1e3:.2f}); time to first byte p50 "
        f"{quantile(ttfb, 0.5) * 1e3:.1f} ms, p99 {quantile(ttfb, 0.99) * 1e3:.1f} ms"
    ]
    if profiler is not None:
        profiler.dump_stats(f"{os.environ.get('TMPDIR', '/tmp')}/profile_gateway_{first}.prof")
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(45)
        lines.append(text.getvalue())
    return lines


def main() -> None:
    if sys.argv[1:2] == ["--client"]:
        client_main(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequential", type=int, default=10, help="conversations, one by one")
    parser.add_argument("--conversations", type=int, default=50, help="conversations at once")
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=2, help="times each load runs")
    parser.add_argument("--profile", action="store_true", help="cProfile the event loop")
    parser.add_argument(
        "--store", help="a postgresql:// DSN (a new schema of its own); default: a new SQLite file"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="profile-gateway-"))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT / "benchmarks")}
    os.environ["PACKLIGHT_HOME"] = str(work)
    upstream_port = free_port()
    upstream = f"http://127.0.0.1:{upstream_port}"
    with process(
        [sys.executable, "-m", "uvicorn", "_gateway_upstream:app", "--port", str(upstream_port),
         "--log-level", "warning", "--no-access-log"],
        upstream + "/v1/models", work / "upstream.log", env,
    ):  # fmt: skip
        if args.store:
            # A schema of its own: conversations generated from the same seeds by an earlier
            # run must not be found and continued.
            os.environ["PACKLIGHT_STORE_SCHEMA"] = f"profile_{os.getpid()}_{int(time.time())}"
        server = Server(upstream, args.store or str(work / "gateway.db"))
        server.start()
        out: list[str] = []
        try:
            # A first load, not counted: whatever the first requests pay once.
            run_client(server.url, 100_000, 5, args.turns, True)
            seed = 0
            for _ in range(args.repeat):
                for label, count, concurrent in (
                    ("one at a time", args.sequential, False),
                    (f"{args.conversations} at once", args.conversations, True),
                ):
                    load = (seed, count, args.turns, concurrent)
                    out += measure(server, label, load, args.profile)
                    seed += count
        finally:
            server.stop()
    print("\n".join(out))


if __name__ == "__main__":
    main()
