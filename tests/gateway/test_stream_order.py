"""A streamed answer starts before its turn is stored and ends after: the client sees its
first words while the store is still writing, and a client that has the end of its answer
(and may send its next turn to any replica) finds the turn stored. The store here holds every
turn's write until the test lets it go."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from packlight.artifacts import Artifact
from packlight.messages import Message
from packlight.store.base import SessionRecord
from packlight.store.sqlite import SQLiteStore
from tests.gateway.conftest import KEY
from tests.gateway.faulty_upstream import TricklingUpstream
from tests.gateway.serving import gateway_settings, serve, wait_until_warm


class HeldStore(SQLiteStore):
    """A SQLite store whose session writes wait for ``release`` to be set."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.release = threading.Event()
        self.released_at: float | None = None

    def let_go(self) -> None:
        self.released_at = time.monotonic()
        self.release.set()

    def create_session(self, **options: Any) -> SessionRecord:
        assert self.release.wait(30)
        return super().create_session(**options)

    def append_messages(
        self,
        session_id: str,
        messages: Sequence[Message],
        tokens: Sequence[int | None] | None = None,
        *,
        artifacts: Sequence[Artifact] = (),
    ) -> list[int]:
        assert self.release.wait(30)
        return super().append_messages(session_id, messages, tokens, artifacts=artifacts)


def _event(line: str) -> Mapping[str, Any] | None:
    if not line.startswith("data: ") or line == "data: [DONE]":
        return None
    data: Mapping[str, Any] = json.loads(line[len("data: ") :])
    return data


def test_a_stream_starts_before_its_turn_is_stored_and_ends_after(tmp_path: Path) -> None:
    store = HeldStore(tmp_path / "held.db")
    body = {
        "model": "m",
        "stream": True,
        "messages": [
            {"role": "system", "content": "You are a careful agent."},
            {"role": "user", "content": "List the files that changed in the last commit."},
        ],
    }
    with (
        TricklingUpstream(words=5, gap=0.03) as upstream,
        serve(
            gateway_settings(
                upstream.root_url, tmp_path / "held.db", **{"gateway.api_keys": [KEY]}
            ),
            store=store,
        ) as running,
    ):
        wait_until_warm(running)
        arrived: dict[str, float] = {}
        headers = {"authorization": f"Bearer {KEY}"}
        with httpx.stream(
            "POST", running.url + "/v1/chat/completions", json=body, headers=headers, timeout=30
        ) as response:
            assert response.status_code == 200
            session_id = response.headers["x-packlight-session"]
            lines = response.iter_lines()
            for line in lines:
                event = _event(line)
                if event and event["choices"][0]["delta"].get("content"):
                    break
            # The first words are here and the turn is not stored (its write is held).
            assert store.get_session(session_id) is None
            assert upstream.finished.wait(10)  # the whole answer has reached the gateway
            threading.Timer(0.3, store.let_go).start()
            for line in lines:
                event = _event(line)
                if line == "data: [DONE]":
                    arrived["done"] = time.monotonic()
                elif event and event["choices"][0].get("finish_reason"):
                    arrived["stop"] = time.monotonic()
        assert store.released_at is not None
        assert set(arrived) == {"stop", "done"}
        # The end of the answer came only once the turn could be stored, and it is.
        assert min(arrived.values()) >= store.released_at
        assert store.get_session(session_id) is not None
        assert store.get_head(session_id) is not None
