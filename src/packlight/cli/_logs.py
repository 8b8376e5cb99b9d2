"""Keeping a library log line off the terminal when the command reports the event itself."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def told_by_the_command(logger_name: str, prefix: str, *, unless: bool = False) -> Iterator[None]:
    """While the block runs, drop records of ``logger_name`` whose message starts with
    ``prefix``: the command says it once, in its own line (``unless``: keep them, for -vv)."""

    def not_told_here(record: logging.LogRecord) -> bool:
        return unless or not str(record.msg).startswith(prefix)

    logger = logging.getLogger(logger_name)
    logger.addFilter(not_told_here)
    try:
        yield
    finally:
        logger.removeFilter(not_told_here)
