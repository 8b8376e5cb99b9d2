"""The gateway says it is ready (``/healthz``) only once its warm-up is over, and serves
requests meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import httpx

from packlight.gateway.keys import owner_of
from packlight.store.base import ConversationHead
from packlight.store.sqlite import SQLiteStore
from tests.gateway.conftest import KEY
from tests.gateway.serving import gateway_settings, serve, wait_until_warm
from tests.live.window_server import WindowServer
from tests.wrappers.replay import WINDOW


class HeldStore(SQLiteStore):
    """A store whose ``find_heads`` for anyone but the test's caller (the warm-up's) waits
    until the test lets it go."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.release = threading.Event()

    def find_heads(self, owner: str, heads: Sequence[str]) -> list[ConversationHead]:
        if owner != owner_of(KEY):
            self.release.wait(timeout=60)
        return super().find_heads(owner, heads)


def test_not_ready_until_the_warm_up_is_over(upstream: WindowServer, tmp_path: Path) -> None:
    store = HeldStore(tmp_path / "gateway.db")
    settings = gateway_settings(
        upstream.openai_url,
        tmp_path / "gateway.db",
        **{"gateway.api_keys": [KEY], "context.context_window": WINDOW},
    )
    with serve(settings, store=store) as running:
        try:
            health = httpx.get(running.url + "/healthz")
            assert health.status_code == 503
            assert health.json() == {
                "status": "unavailable",
                "upstream": "ok",
                "store": "ok",
                "warm_up": "in progress",
            }
            # A request that comes anyway is served.
            answer = httpx.post(
                running.openai_url + "/chat/completions",
                json={"model": "m", "messages": [{"role": "user", "content": "hi"}]},
                headers={"authorization": f"Bearer {KEY}"},
            )
            assert answer.status_code == 200
            assert not running.gateway.warmed
        finally:
            store.release.set()
        wait_until_warm(running)
        health = httpx.get(running.url + "/healthz")
        assert health.status_code == 200
        assert health.json()["warm_up"] == "ok"
