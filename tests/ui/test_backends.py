"""The inspector over each store backend, sealed or not: the same pages from the same
contract (PostgreSQL runs when PACKLIGHT_TEST_POSTGRES_DSN is set, as in .ci/run)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import packlight
from packlight.cli.demo import example_path
from packlight.ui import create_app
from packlight.ui.checkpoints import citations
from tests.store.conftest import _postgres_factory, _sqlite_factory
from tests.ui.stores import replay


@pytest.fixture(params=["sqlite", "postgres", "sqlite-sealed", "postgres-sealed"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    backend, _, variant = str(request.param).partition("-")
    sealed = variant == "sealed"
    if backend == "sqlite":
        opened = _sqlite_factory(tmp_path, sealed=sealed)()
        yield opened
        opened.close()
        return
    make, cleanup = _postgres_factory(sealed=sealed)
    try:
        yield make()
    finally:
        cleanup()


def test_the_inspector_reads_every_backend_alike(store: Any) -> None:
    run = packlight.read_session(example_path())
    compacted = replay(
        store,
        "on-every-backend",
        [dict(m) for m in run.messages][:50],
        [dict(t) for t in run.tools],
        window=8192,
    )
    assert compacted
    with TestClient(create_app(store)) as client:
        listed = client.get("/api/sessions").json()
        assert [s["id"] for s in listed["sessions"]] == ["on-every-backend"]
        view = client.get("/api/sessions/on-every-backend").json()
        assert [c["turn"] for c in view["compactions"]] == compacted
        page = client.get("/sessions/on-every-backend").text
        assert page.count('class="compaction-marker"') == len(compacted)
        checkpoint = "\n".join(s["body"] for s in view["checkpoint"])
        cited = [c for c in citations(checkpoint) if c.first_line is not None]
        assert cited
        first = cited[0]
        artifact = store.get_artifact("on-every-backend", first.artifact_id)
        lines = client.get(
            f"/api/sessions/on-every-backend/artifacts/{first.artifact_id}"
            f"?start={first.first_line}&count=1"
        ).json()["lines"]
        assert lines == [artifact.content.split("\n")[first.first_line - 1]]
        hits = client.get("/api/sessions/on-every-backend/search?q=Traceback").json()["hits"]
        assert any(h["kind"] == "tool_result" for h in hits)
