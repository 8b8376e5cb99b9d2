"""One store fixture, parametrised over the backends, so every contract test runs on both.

Each backend runs twice: as it is, and ``-sealed``, with a store key (every message, artifact
and engine state written encrypted, artifact search scanning instead of the index).

PostgreSQL tests run when PACKLIGHT_TEST_POSTGRES_DSN is set (``.ci/run`` sets it to the local
server); each test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

POSTGRES_DSN_VAR = "PACKLIGHT_TEST_POSTGRES_DSN"


# A fixed key, so that every store a test opens on one database reads the others' rows.
TEST_STORE_KEY = "x" * 42 + "w"


def store_protection(sealed: bool) -> Any:
    from packlight.store.protection import StoreProtection

    return StoreProtection(key=TEST_STORE_KEY if sealed else None)


def _sqlite_factory(tmp_path: Path, sealed: bool = False) -> Callable[[], Any]:
    from packlight.store.sqlite import SQLiteStore

    path = tmp_path / "packlight.db"

    def make(**options: Any) -> Any:
        options.setdefault("protection", store_protection(sealed))
        return SQLiteStore(path, **options)

    return make


def _postgres_factory(sealed: bool = False) -> tuple[Callable[[], Any], Callable[[], None]]:
    dsn = os.environ.get(POSTGRES_DSN_VAR)
    if not dsn:
        pytest.skip(
            f"PostgreSQL tests need {POSTGRES_DSN_VAR} (e.g. "
            "postgresql://postgres@127.0.0.1:5432/test); .ci/run sets it"
        )
    try:
        from packlight.store.postgres import PostgresStore
    except ImportError as exc:  # the extra is not installed
        pytest.skip(f"PostgreSQL store unavailable: {exc}")
    schema = f"packlight_test_{uuid.uuid4().hex[:12]}"
    stores: list[Any] = []

    def make(**options: Any) -> Any:
        options.setdefault("protection", store_protection(sealed))
        store = PostgresStore(dsn, schema=schema, **options)
        stores.append(store)
        return store

    def cleanup() -> None:
        for store in stores:
            store.close()
        PostgresStore.drop_schema(dsn, schema)

    return make, cleanup


@pytest.fixture(params=["sqlite", "postgres", "sqlite-sealed", "postgres-sealed"])
def store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """A function that opens a store on the same database each time it is called (keyword
    arguments go to the store's constructor, e.g. ``now=`` for another clock)."""
    backend, _, variant = str(request.param).partition("-")
    if backend == "sqlite":
        yield _sqlite_factory(tmp_path, sealed=variant == "sealed")
        return
    make, cleanup = _postgres_factory(sealed=variant == "sealed")
    try:
        yield make
    finally:
        cleanup()


@pytest.fixture
def store(store_factory: Callable[[], Any]) -> Iterator[Any]:
    opened = store_factory()
    try:
        yield opened
    finally:
        opened.close()
