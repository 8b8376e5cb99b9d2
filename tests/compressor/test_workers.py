"""Compactions computed in worker processes: the same result and state as in-process, the
commit made by the asking engine, and a dead pool never costs a compaction."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import multiprocessing
import os
import random
import signal
import socket
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from packlight.archive import MemoryArchive
from packlight.cli.demo import example_path
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.workers import CompactionWorkers
from packlight.config import Settings, load_settings
from packlight.engine import CompressionResult
from packlight.errors import PacklightError
from packlight.messages import is_summary
from packlight.store.sqlite import SQLiteStore
from packlight.stored_session import StoredSession
from packlight.summarizers.deterministic import DeterministicSummarizer

MODEL = "gpt-4o"


def settings(**options: Any) -> Settings:
    return load_settings(options, env={}, config_file=None)


@pytest.fixture(scope="module")
def workers() -> Iterator[CompactionWorkers]:
    with CompactionWorkers(settings(), 1) as pool:
        pool.start()
        yield pool


def transcripts(count: int, seed: int) -> Iterator[list[dict[str, Any]]]:
    """The bundled real session cut at random points, each with a generated request last."""
    messages = json.loads(example_path().read_text(encoding="utf-8"))["messages"]
    rng = random.Random(seed)
    verbs = ["rerun", "inspect", "compare", "summarise", "revert", "extend"]
    for _ in range(count):
        cut = rng.randrange(len(messages) // 2, len(messages))
        while messages[cut - 1]["role"] == "assistant" and messages[cut - 1].get("tool_calls"):
            cut -= 1  # end on a complete step: a trailing call without its result is kept
        ask = f"Now {rng.choice(verbs)} step {rng.randrange(1, 99)} and report the exit code."
        yield [*copy.deepcopy(messages[:cut]), {"role": "user", "content": ask}]


def twins(workers: CompactionWorkers, window: int) -> tuple[ContextCompressor, ContextCompressor]:
    """An engine computing in ``workers`` and one computing in-process, in the same state."""
    pooled = ContextCompressor(model=MODEL, context_window=window, workers=workers)
    local = ContextCompressor(settings=workers.settings, model=MODEL, context_window=window)
    local.restore_state(pooled.export_state())  # the same artifact-id key
    return pooled, local


def same(a: CompressionResult, b: CompressionResult) -> bool:
    return (
        a.messages == b.messages
        and a.compacted == b.compacted
        and a.reason == b.reason
        and [x.id for x in a.artifacts] == [x.id for x in b.artifacts]
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_a_worker_computes_what_the_engine_would_and_the_engine_commits_it(
    workers: CompactionWorkers, seed: int
) -> None:
    window = random.Random(seed).choice([6_000, 9_000, 14_000])
    pooled, local = twins(workers, window)
    for messages in transcripts(3, seed):
        snapshot = copy.deepcopy(messages)
        computed = pooled.compress(messages, force=True)
        expected = local.compress(messages, force=True)
        assert computed.compacted, computed.reason
        assert same(computed, expected)
        assert pooled.export_state() == local.export_state()  # committed here
        assert pooled.last_result is computed
        assert messages == snapshot
        for artifact in computed.artifacts:  # archived by the asking engine
            assert pooled.archive.get(artifact.id) == artifact
    assert pooled.compactions == 3


def test_acompress_is_offloaded_the_same_way(workers: CompactionWorkers) -> None:
    pooled, local = twins(workers, 8_000)
    messages = next(transcripts(1, 7))

    async def both() -> tuple[CompressionResult, CompressionResult]:
        return await pooled.acompress(messages), await local.acompress(messages)

    computed, expected = asyncio.run(both())
    assert computed.compacted, computed.reason
    assert same(computed, expected)
    assert pooled.export_state() == local.export_state()


def test_an_unneeded_compaction_is_answered_without_a_change(workers: CompactionWorkers) -> None:
    pooled, _ = twins(workers, 128_000)
    messages = next(transcripts(1, 3))
    state = pooled.export_state()
    result = pooled.compress(messages, current_tokens=100)
    assert not result.compacted
    assert result.messages == messages
    assert pooled.export_state() == state


def test_a_refused_commit_leaves_the_engine_and_its_archive_as_they_were(
    workers: CompactionWorkers,
) -> None:
    pooled, _ = twins(workers, 8_000)
    messages = next(transcripts(1, 11))
    state = pooled.export_state()

    def refuse(result: CompressionResult, after: Mapping[str, Any]) -> None:
        raise PacklightError("the store said no")

    pooled.persist = refuse
    result = pooled.compress(messages, force=True)
    assert not result.compacted
    assert result.reason == "not committed: the store said no"
    assert result.messages == messages
    assert pooled.export_state() == state
    assert isinstance(pooled.archive, MemoryArchive)
    assert len(pooled.archive) == 0


def test_a_stored_session_commits_a_worker_result_in_its_own_transaction(
    workers: CompactionWorkers, tmp_path: Path
) -> None:
    messages = next(transcripts(1, 5))
    store = SQLiteStore(tmp_path / "s.db")
    try:
        record = store.create_session(model=MODEL)
        engine = ContextCompressor(model=MODEL, context_window=8_000, workers=workers)
        stored = StoredSession(store, record.id, engine, admission=None)
        stored.append(messages)
        result = stored.compact(force=True, trigger="manual")
        assert result.compacted, result.reason
        assert stored.messages() == result.messages
        assert [e.trigger for e in store.compaction_events(record.id)] == ["manual"]
        reopened = StoredSession(store, record.id, admission=None)
        assert reopened.engine.export_state() == engine.export_state()
        assert store.get_artifact(record.id, result.artifacts[0].id) is not None
    finally:
        store.close()


def test_a_summarizer_failure_in_the_worker_is_noted_by_the_asking_engine(
    tmp_path: Path,
) -> None:
    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    failing = settings(
        **{
            "summary.model": "gpt-4o-mini",
            "summary.base_url": f"http://127.0.0.1:{port}/v1",
            "summary.api_key": "not-a-real-key",
            "summary.abort_on_failure": True,
            "summary.timeout": 5.0,
        }
    )
    with CompactionWorkers(failing, 1) as pool:
        engine = ContextCompressor(model=MODEL, context_window=8_000, workers=pool)
        messages = next(transcripts(1, 13))
        result = engine.compress(messages, force=True)
    assert not result.compacted
    assert result.aborted
    assert engine.network_failures == 1
    assert engine.cooldown_until is not None
    assert engine.compactions == 0


def test_a_dead_worker_costs_no_compaction_and_the_next_one_gets_a_new_pool(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with CompactionWorkers(settings(), 1) as pool:
        pooled, local = twins(pool, 8_000)
        messages = list(transcripts(2, 17))
        pool.start()
        children = multiprocessing.active_children()
        assert children, "the pool started a worker process"
        for child in children:
            os.kill(child.pid or 0, signal.SIGKILL)
            child.join(timeout=10)
        with caplog.at_level(logging.WARNING, logger="packlight"):
            first = pooled.compress(messages[0], force=True)
        assert first.compacted, first.reason
        assert same(first, local.compress(messages[0], force=True))
        assert "compacting in this process" in caplog.text
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="packlight"):
            second = pooled.compress(messages[1], force=True)
        assert second.compacted, second.reason
        assert same(second, local.compress(messages[1], force=True))
        assert "compacting in this process" not in caplog.text
        assert multiprocessing.active_children(), "a new worker serves the next compaction"


def test_only_an_engine_made_from_settings_alone_takes_workers(
    workers: CompactionWorkers,
) -> None:
    with pytest.raises(TypeError, match="summarizer"):
        ContextCompressor(workers=workers, summarizer=DeterministicSummarizer())
    with pytest.raises(ValueError, match="settings its workers were made with"):
        ContextCompressor(settings=settings(model="gpt-4.1"), workers=workers)
    with pytest.raises(ValueError, match="1 or more processes"):
        CompactionWorkers(settings(), 0)


def test_closed_workers_leave_the_engine_compacting_in_process() -> None:
    pool = CompactionWorkers(settings(), 1)
    pool.close()
    pooled, local = twins(pool, 8_000)
    messages = next(transcripts(1, 19))
    result = pooled.compress(messages, force=True)
    assert result.compacted, result.reason
    assert same(result, local.compress(messages, force=True))
    assert is_summary(next(m for m in result.messages if is_summary(m)))


def test_the_runtime_docs_example_runs_and_compacts_in_a_worker() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "runtime.md").read_text(encoding="utf-8")
    section = docs.split("## Compactions in worker processes", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/runtime.md", "exec"), namespace)
    workers, session = namespace["workers"], namespace["session"]
    try:
        messages = next(transcripts(1, 23))
        result = session.compact(messages)
        assert result.compacted, result.reason
        assert session.engine.workers is workers
    finally:
        workers.close()
