"""One store filled by replaying real sessions through packlight.Session, shared read-only by
the inspector's tests (filling it takes a few seconds)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from packlight.store.sqlite import SQLiteStore
from tests.ui.stores import fill


@dataclass
class Filled:
    path: Path
    store: SQLiteStore
    compacted: dict[str, list[int]]
    """For each session, the model calls whose request a compaction prepared."""


@pytest.fixture(scope="session")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Filled]:
    path = tmp_path_factory.mktemp("ui-store") / "packlight.db"
    store = SQLiteStore(path)
    compacted = fill(store)
    yield Filled(path, store, compacted)
    store.close()
