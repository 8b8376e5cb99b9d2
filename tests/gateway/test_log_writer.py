"""The gateway's log lines are written by a thread of their own: logging never waits for the
stream, a stalled stream costs dropped records (counted in the log), never a stopped gateway."""

from __future__ import annotations

import io
import json
import logging
import threading
import uuid
from collections.abc import Iterator

import pytest

from packlight.cli.serve_cmd import JsonLines
from packlight.gateway import log_writer
from packlight.gateway.log_writer import start_log_writer

WAIT = 10.0


class StuckStream(io.StringIO):
    """A stream whose writes wait until :attr:`release` is set (a full pipe, a stalled
    collector); :attr:`entered` is set by the first write."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.release = threading.Event()

    def write(self, text: str) -> int:
        self.entered.set()
        self.release.wait()
        return super().write(text)

    def events(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.getvalue().splitlines()]


@pytest.fixture
def logger() -> Iterator[logging.Logger]:
    named = logging.getLogger(f"packlight.test.{uuid.uuid4().hex}")
    named.setLevel(logging.INFO)
    named.propagate = False
    yield named
    named.handlers.clear()


def log_in_thread(logger: logging.Logger, names: list[str]) -> threading.Thread:
    thread = threading.Thread(
        target=lambda: [logger.info(name, extra={"route": "/v1/messages"}) for name in names]
    )
    thread.start()
    thread.join(WAIT)
    return thread


def test_logging_returns_while_the_stream_is_stuck_and_every_line_follows(
    logger: logging.Logger,
) -> None:
    stream = StuckStream()
    writer = start_log_writer(logger, stream, JsonLines())
    names = [f"request {n}" for n in range(25)]
    thread = log_in_thread(logger, names)
    assert not thread.is_alive(), "a log call waited for the stream"
    assert stream.entered.wait(WAIT)
    stream.release.set()
    writer.stop()
    events = stream.events()
    assert [e["event"] for e in events] == names
    assert all(e["route"] == "/v1/messages" and e["level"] == "info" for e in events)
    assert writer.dropped == 0


def test_a_full_queue_drops_records_and_the_next_line_counts_them(
    logger: logging.Logger,
) -> None:
    stream = StuckStream()
    capacity = 3
    writer = start_log_writer(logger, stream, JsonLines(), capacity=capacity)
    logger.info("first")
    assert stream.entered.wait(WAIT)  # the writer holds "first", stuck in the stream
    later = [f"later {n}" for n in range(9)]
    thread = log_in_thread(logger, later)
    assert not thread.is_alive(), "a log call waited for the stream"
    assert writer.dropped == len(later) - capacity
    stream.release.set()
    writer.stop()
    events = stream.events()
    assert [e["event"] for e in events[:1]] == ["first"]
    note = events[1]
    assert note["level"] == "warning"
    assert "dropped" in str(note["event"])
    assert note["dropped"] == len(later) - capacity
    assert [e["event"] for e in events[2:]] == later[:capacity]
    logger.info("after the stop")
    assert len(stream.events()) == len(events), "a stopped writer still took records"


@pytest.mark.parametrize(
    ("capacity", "queued"),
    [(1, 1), (log_writer.QUEUE_CAPACITY, 5)],
    ids=["queue full", "room left in the queue"],
)
def test_stop_returns_when_the_stream_never_comes_back(
    logger: logging.Logger, monkeypatch: pytest.MonkeyPatch, capacity: int, queued: int
) -> None:
    monkeypatch.setattr(log_writer, "STOP_TIMEOUT_SECONDS", 0.2)
    stream = StuckStream()
    writer = start_log_writer(logger, stream, JsonLines(), capacity=capacity)
    logger.info("held")
    assert stream.entered.wait(WAIT)
    for number in range(queued):
        logger.info("queued %d", number)
    stopping = threading.Thread(target=writer.stop)
    stopping.start()
    stopping.join(WAIT)
    try:
        assert not stopping.is_alive(), "stop() waited for a stream that never came back"
    finally:
        stream.release.set()
