"""StoredSession's compaction lease on both stores: renewed while a slow summarizer works,
given up on every way out, and a compaction whose lease another holder took is discarded.

The situations are made with sleeps (a summarizer slower than the lease); nothing here asserts
how long anything took.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from packlight.cli.demo import example_path
from packlight.stored_session import StoredSession
from packlight.summarizers.base import SummaryRequest, SummaryResult
from packlight.summarizers.deterministic import DeterministicSummarizer

StoreFactory = Callable[..., Any]
LEASE_SECONDS = 0.6
SUMMARIZER_SECONDS = 1.5


def example_messages() -> list[dict[str, Any]]:
    return json.loads(example_path().read_text(encoding="utf-8"))["messages"]


class SlowSummarizer:
    """The deterministic summarizer, after a pause and whatever ``during`` does meanwhile."""

    name = "slow"

    def __init__(self, seconds: float, during: Callable[[], None] | None = None) -> None:
        self.seconds = seconds
        self.during = during
        self.inner = DeterministicSummarizer()
        self.calls = 0

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        self.calls += 1
        time.sleep(self.seconds / 2)
        if self.during is not None:
            self.during()
        time.sleep(self.seconds / 2)
        return self.inner.summarize(request)

    async def asummarize(self, request: SummaryRequest) -> SummaryResult:
        self.calls += 1
        await asyncio.sleep(self.seconds / 2)
        if self.during is not None:
            self.during()
        await asyncio.sleep(self.seconds / 2)
        return self.inner.summarize(request)


class Interrupted(BaseException):
    """What a Ctrl-C in the middle of a summary looks like to the session."""


def lease_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("packlight-lease-")]


def run(session: StoredSession, mode: str, **options: Any) -> Any:
    if mode == "async":
        return asyncio.run(session.acompact(force=True, **options))
    return session.compact(force=True, **options)


@pytest.mark.slow
@pytest.mark.parametrize("in_place", [True, False], ids=["in-place", "rotation"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_compaction_slower_than_its_lease_still_commits(
    store: Any, mode: str, in_place: bool
) -> None:
    summarizer = SlowSummarizer(SUMMARIZER_SECONDS)
    session = StoredSession.create(
        store,
        model="gpt-4o",
        messages=example_messages(),
        context_window=32_000,
        summarizer=summarizer,
        lease_seconds=LEASE_SECONDS,
        in_place=in_place,
    )
    first_id = session.session_id
    result = run(session, mode)
    assert summarizer.calls == 1
    assert result.compacted, result.reason
    assert session.messages() == result.messages
    assert session.original_messages() == example_messages()
    assert len(store.compaction_events(first_id)) == 1
    assert (session.session_id == first_id) == in_place
    assert session.engine.compactions == 1
    # Given up afterwards, and no heartbeat is left running.
    assert lease_threads() == []
    assert store.acquire_lease(first_id, "next", 60)


@pytest.mark.slow
@pytest.mark.parametrize("in_place", [True, False], ids=["in-place", "rotation"])
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_lease_taken_by_another_holder_discards_the_compaction(
    store_factory: StoreFactory, mode: str, in_place: bool
) -> None:
    store = store_factory()
    # Another host whose clock runs an hour ahead sees the lease as expired and takes it.
    thief = store_factory(now=lambda: time.time() + 3600)
    taken: list[bool] = []
    try:
        session = StoredSession.create(
            store,
            model="gpt-4o",
            messages=example_messages(),
            context_window=32_000,
            summarizer=SlowSummarizer(
                SUMMARIZER_SECONDS,
                during=lambda: taken.append(thief.acquire_lease(session.session_id, "thief", 60)),
            ),
            lease_seconds=LEASE_SECONDS,
            in_place=in_place,
        )
        session_id = session.session_id
        before = session.messages()
        state = store.load_engine_state(session_id)
        result = run(session, mode)
        assert taken == [True]
        assert not result.compacted
        assert "lost to another holder" in result.reason
        assert "not committed" in result.reason
        assert result.messages == before
        assert session.session_id == session_id
        assert session.messages() == before
        assert store.compaction_events(session_id) == []
        assert [r.id for r in store.list_sessions()] == [session_id]  # no child either
        assert store.load_engine_state(session_id) == state
        assert session.engine.compactions == 0
        assert lease_threads() == []
        # The thief's lease stays the thief's: the loser released nothing of it.
        assert not store.acquire_lease(session_id, "someone", 60)
        assert thief.renew_lease(session_id, "thief", 60)
    finally:
        thief.close()
        store.close()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_the_lease_is_given_up_when_the_compaction_is_interrupted(store: Any, mode: str) -> None:
    def interrupt() -> None:
        raise Interrupted

    session = StoredSession.create(
        store,
        model="gpt-4o",
        messages=example_messages(),
        context_window=32_000,
        summarizer=SlowSummarizer(SUMMARIZER_SECONDS, during=interrupt),
        lease_seconds=LEASE_SECONDS,
    )
    before = session.messages()
    with pytest.raises(Interrupted):
        run(session, mode)
    assert lease_threads() == []
    assert store.acquire_lease(session.session_id, "next", 60)  # released, not left to expire
    assert session.messages() == before
    assert store.compaction_events(session.session_id) == []


def test_a_commit_that_finds_another_holder_is_discarded(store_factory: StoreFactory) -> None:
    store = store_factory()
    thief = store_factory(now=lambda: time.time() + 3600)
    try:
        # A long lease: no renewal comes before the commit, which finds the thief's lease.
        session = StoredSession.create(
            store,
            model="gpt-4o",
            messages=example_messages(),
            context_window=32_000,
            summarizer=SlowSummarizer(
                0.2, during=lambda: thief.acquire_lease(session.session_id, "thief", 60)
            ),
            lease_seconds=60,
        )
        before = session.messages()
        result = session.compact(force=True)
        assert not result.compacted
        assert "lost to 'thief'" in result.reason
        assert session.messages() == before
        assert store.compaction_events(session.session_id) == []
    finally:
        thief.close()
        store.close()
