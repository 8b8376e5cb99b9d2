"""How fast the inspector answers for a long session: a 4,000-message session with about 20
compactions (python benchmarks/bench_ui.py; writes benchmarks/results/ui.md).

The session is the bundled mini-swe-agent run laid end to end with itself (each copy's
messages marked with its round, so nothing deduplicates) to 4,000 messages, replayed turn by
turn through packlight.Session into a SQLite store with a window that makes it compact about
20 times. Server time is measured in-process through Starlette's TestClient (the app's whole
request path, no socket). A *first load* is the first request to a new app (its caches
empty; the operating system's file cache is warm, as it is for a person reloading); repeated
loads are the same request again on that app.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._common import machine_header, write_result  # noqa: E402
from tests.ui.stores import replay  # noqa: E402

import packlight  # noqa: E402
from packlight.cli.demo import example_path  # noqa: E402
from packlight.store.sqlite import SQLiteStore  # noqa: E402

SESSION = "long-session"
MESSAGES = 4_000
BUDGET_MS = 300.0


def long_history(count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    example = packlight.read_session(example_path())
    base = [dict(m) for m in example.messages]
    head, body = base[:2], base[2:]
    messages = list(head)
    round_number = 0
    while len(messages) < count:
        round_number += 1
        for message in body:
            copy = dict(message)
            if isinstance(copy.get("content"), str):
                copy["content"] = f"[round {round_number}] {copy['content']}"
            messages.append(copy)
            if len(messages) == count:
                break
    return messages, [dict(t) for t in example.tools]


def timed(client: Any, url: str) -> float:
    started = time.perf_counter()
    response = client.get(url)
    elapsed = (time.perf_counter() - started) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{response.request.url} answered {response.status_code}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--window", type=int, default=96_000)
    parser.add_argument("--first-runs", type=int, default=5)
    parser.add_argument("--repeat-runs", type=int, default=20)
    options = parser.parse_args()

    from starlette.testclient import TestClient

    from packlight.ui import create_app

    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "packlight.db")
        messages, tools = long_history(MESSAGES)
        started = time.perf_counter()
        replay(store, SESSION, messages, tools, window=options.window)
        fill_seconds = time.perf_counter() - started
        rows = store.all_messages(SESSION)
        events = store.compaction_events(SESSION)
        artifacts = store.list_artifacts(SESSION)
        longest = max(artifacts, key=lambda a: a.line_count)
        middle = max(1, len(events) // 2)
        word = "Traceback"
        requests = {
            "page: sessions list": "/",
            "page: session": f"/sessions/{SESSION}",
            f"page: compaction {middle}": f"/sessions/{SESSION}/compactions/{middle}",
            "page: archive search": f"/sessions/{SESSION}/archive?q={word}",
            f"page: artifact ({longest.line_count:,} lines)": (
                f"/sessions/{SESSION}/artifacts/{longest.id}?lines=200-210"
            ),
            "api: sessions": "/api/sessions",
            "api: session": f"/api/sessions/{SESSION}",
            "api: turns (500)": f"/api/sessions/{SESSION}/turns",
            f"api: compaction {middle}": f"/api/sessions/{SESSION}/compactions/{middle}",
            "api: artifacts": f"/api/sessions/{SESSION}/artifacts",
            "api: artifact lines (400)": f"/api/sessions/{SESSION}/artifacts/{longest.id}",
            "api: artifact raw (streamed)": f"/api/sessions/{SESSION}/artifacts/{longest.id}/raw",
            "api: search": f"/api/sessions/{SESSION}/search?q={word}",
        }
        first: dict[str, list[float]] = {name: [] for name in requests}
        after_warm: dict[str, list[float]] = {name: [] for name in requests}
        repeated: dict[str, list[float]] = {name: [] for name in requests}
        for _ in range(options.first_runs):
            for name, url in requests.items():
                with TestClient(create_app(store)) as client:
                    first[name].append(timed(client, url))
                app = create_app(store, warm=True)
                with TestClient(app) as client:
                    app.state.warmed.wait(120)
                    after_warm[name].append(timed(client, url))
        with TestClient(create_app(store)) as client:
            for name, url in requests.items():
                client.get(url)
                for _ in range(options.repeat_runs):
                    repeated[name].append(timed(client, url))
        store.close()

    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    lines = [
        machine_header("Inspector speed (packlight ui)"),
        f"- commit: {commit}\n",
        f"A {len([r for r in rows if r.inserted_by is None]):,}-message session "
        f"({len(rows):,} rows with the compactions' own), {len(events)} compactions "
        f"(window {options.window:,}), {len(artifacts):,} artifacts; replayed into the store "
        f"in {fill_seconds:.0f} s. Server time in ms, in-process (Starlette TestClient). "
        "*Cold*: a new app's first request, nothing read ahead "
        f"({options.first_runs} runs). *Started*: a new app's first request once its startup "
        "read-ahead finished, as `packlight ui` serves it (create_app(warm=True)). "
        f"*Repeated*: the same request again on one app ({options.repeat_runs} runs). "
        f"Budget: the session page under {BUDGET_MS:.0f} ms.\n",
        "| request | cold median | cold p90 | started median | started p90 "
        "| repeated median | repeated p90 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name in requests:
        lines.append(
            f"| {name} | {statistics.median(first[name]):.1f} | {p90(first[name]):.1f} "
            f"| {statistics.median(after_warm[name]):.1f} | {p90(after_warm[name]):.1f} "
            f"| {statistics.median(repeated[name]):.1f} | {p90(repeated[name]):.1f} |"
        )
    page = "page: session"
    for label, values in (("cold", first), ("started", after_warm), ("repeated", repeated)):
        verdict = "under" if p90(values[page]) < BUDGET_MS else "OVER"
        lines.append(f"- session page, {label}: p90 {verdict} {BUDGET_MS:.0f} ms")
    lines.append(
        "\nWhere the time goes: a cold session page decodes every row of the session "
        "(`SessionStore.all_messages`, JSON and the store's row protection: most of the cold "
        "time); after that the rows, events and turn history stay in memory until "
        "`messages_after` says the session changed. The archive page and `api: artifacts` "
        "read every artifact whole to list their sizes (the store offers no lighter call), "
        "and the first search of a store brings its full-text index up to date (the cold "
        "p90 of the archive search).\n"
    )
    text = "\n".join(lines)
    print(text)
    print(f"wrote {write_result('ui.md', text)}")


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
