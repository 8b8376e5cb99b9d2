"""The gateway's log lines, written by a thread of their own.

A log line written where it is logged makes the caller wait for the stream: the event loop
that logs each request would stop every request in flight whenever stderr is slow (a pipe
to a log collector that is behind, a terminal scrolled back) or whenever a worker thread
holds the handler's lock. Here a record is only put on a bounded queue, which never waits;
one writer thread formats and writes. When the queue is full (the stream has stalled for
thousands of records) a record is dropped rather than the gateway stopped, and the writer
says how many were dropped in the next line it writes.
"""

from __future__ import annotations

import logging
import queue
import threading
from logging.handlers import QueueHandler, QueueListener
from typing import TextIO

__all__ = ["LogWriter", "start_log_writer"]

QUEUE_CAPACITY = 10_000
"""Records waiting to be written at most (a few MB) before new ones are dropped."""

STOP_TIMEOUT_SECONDS = 5.0
"""How long stopping waits to queue its end mark on a full queue (a stream stalled for good)."""


class _DroppingQueueHandler(QueueHandler):
    """Puts each record on the queue without waiting; counts those a full queue refused."""

    def __init__(self, records: queue.Queue[logging.LogRecord | None]) -> None:
        super().__init__(records)
        self.dropped = 0
        self._count_lock = threading.Lock()

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            self.queue.put_nowait(record)
        except queue.Full:
            with self._count_lock:
                self.dropped += 1


class _ReportingHandler(logging.Handler):
    """The writer thread's handler: writes each record to ``stream``, and first a line that
    counts the records dropped since the last line, when there were some."""

    def __init__(
        self, stream: TextIO, formatter: logging.Formatter, source: _DroppingQueueHandler
    ) -> None:
        super().__init__()
        self.setFormatter(formatter)
        self._stream = stream
        self._source = source
        self._reported = 0

    def emit(self, record: logging.LogRecord) -> None:
        try:
            dropped = self._source.dropped
            if dropped > self._reported:
                note = logging.makeLogRecord(
                    {
                        "name": record.name,
                        "levelno": logging.WARNING,
                        "levelname": "WARNING",
                        "msg": "log records dropped: the log stream was too slow",
                        "dropped": dropped - self._reported,
                    }
                )
                self._stream.write(self.format(note) + "\n")
                self._reported = dropped
            self._stream.write(self.format(record) + "\n")
            self._stream.flush()
        except Exception:  # the stream failed: say so where logging says such things
            self.handleError(record)


class _Listener(QueueListener):
    def __init__(
        self, records: queue.Queue[logging.LogRecord | None], handler: logging.Handler
    ) -> None:
        super().__init__(records, handler)
        self._records = records

    def stop(self) -> None:
        """Write what is queued and end the thread, waiting for neither longer than
        ``STOP_TIMEOUT_SECONDS`` (the thread is a daemon: a stream stalled for good is left
        to the process's exit)."""
        try:
            # The base class's put_nowait would raise on a full queue.
            self._records.put(None, timeout=STOP_TIMEOUT_SECONDS)  # the end mark
        except queue.Full:
            return
        if self._thread is not None:
            self._thread.join(STOP_TIMEOUT_SECONDS)
            self._thread = None


class LogWriter:
    """A logger's records written to a stream by one thread (see the module docstring);
    :meth:`stop` writes what is queued and ends the thread."""

    def __init__(
        self,
        logger: logging.Logger,
        stream: TextIO,
        formatter: logging.Formatter,
        *,
        capacity: int = QUEUE_CAPACITY,
    ) -> None:
        records: queue.Queue[logging.LogRecord | None] = queue.Queue(capacity)
        self.handler = _DroppingQueueHandler(records)
        self._logger = logger
        self._listener = _Listener(records, _ReportingHandler(stream, formatter, self.handler))

    @property
    def dropped(self) -> int:
        """Records the full queue refused so far."""
        return self.handler.dropped

    def start(self) -> None:
        self._listener.start()
        self._logger.addHandler(self.handler)

    def stop(self) -> None:
        self._logger.removeHandler(self.handler)
        self._listener.stop()


def start_log_writer(
    logger: logging.Logger,
    stream: TextIO,
    formatter: logging.Formatter,
    *,
    capacity: int = QUEUE_CAPACITY,
) -> LogWriter:
    """Send ``logger``'s records to ``stream`` through a :class:`LogWriter`, started."""
    writer = LogWriter(logger, stream, formatter, capacity=capacity)
    writer.start()
    return writer
