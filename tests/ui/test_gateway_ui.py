"""The inspector at /ui in ``packlight serve``: behind the gateway's keys, each caller seeing
the sessions filed under its own key (a real gateway on loopback, the OpenAI SDK as client)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from tests.gateway.serving import RunningGateway, gateway_settings, serve
from tests.live.window_server import WindowServer
from tests.wrappers.replay import MAX_TOKENS, MODEL, WINDOW

KEY, OTHER_KEY = "pl-ui-key-one", "pl-ui-key-two"


@pytest.fixture
def gateway(tmp_path: Path) -> Iterator[RunningGateway]:
    with WindowServer(window=WINDOW, reply="done") as upstream:
        settings = gateway_settings(
            upstream.openai_url,
            tmp_path / "gateway.db",
            **{"gateway.api_keys": [KEY, OTHER_KEY], "context.context_window": WINDOW},
        )
        with serve(settings) as running:
            yield running


def start_session(gateway: RunningGateway, key: str, task: str) -> str:
    with openai.OpenAI(base_url=gateway.openai_url, api_key=key, max_retries=0) as client:
        answer = client.chat.completions.with_raw_response.create(
            model=MODEL, messages=[{"role": "user", "content": task}], max_tokens=MAX_TOKENS
        )
    return str(answer.headers["x-packlight-session"])


def test_the_inspector_shows_each_key_its_own_sessions(gateway: RunningGateway) -> None:
    mine = start_session(gateway, KEY, "Fix the parser.")
    theirs = start_session(gateway, OTHER_KEY, "Fix the exporter.")
    with httpx.Client(base_url=f"{gateway.url}/ui") as browser:
        refused = browser.get("/")
        assert refused.status_code == 401
        assert refused.headers["www-authenticate"].startswith("Basic")
        assert browser.get("/", auth=("me", "not-a-key")).status_code == 401
        listed = browser.get("/api/sessions", auth=("me", KEY)).json()
        assert [s["id"] for s in listed["sessions"]] == [mine]
        bearer = {"authorization": f"Bearer {OTHER_KEY}"}
        assert [
            s["id"] for s in browser.get("/api/sessions", headers=bearer).json()["sessions"]
        ] == [theirs]
        page = browser.get(f"/sessions/{mine}", auth=("me", KEY))
        assert page.status_code == 200
        # Links and assets live under the mount point.
        assert 'href="/ui/static/ui.css"' in page.text
        assert 'href="/ui/"' in page.text
        assert browser.get(f"/sessions/{theirs}", auth=("me", KEY)).status_code == 404
        assert browser.get(f"/api/sessions/{theirs}", auth=("me", KEY)).status_code == 404
