"""What the gateway answers when something is wrong: keys, bodies, transcripts, the upstream.

Every refusal has the status a provider would use and an error body in the shape of the route
the client called (OpenAI's on /v1/chat/completions, Anthropic's on /v1/messages), whose
message says what was wrong and where.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import anthropic
import httpx
import openai
import pytest

from packlight.store.base import ConversationHead, StoreError
from packlight.store.sqlite import SQLiteStore
from tests.gateway.conftest import KEY
from tests.gateway.faulty_upstream import DrippingUpstream, SlowUpstream
from tests.gateway.serving import RunningGateway, gateway_settings, serve, wait_until_warm
from tests.live.window_server import WindowServer
from tests.wrappers.replay import MODEL, swe_agent

CHAT = "/v1/chat/completions"
MESSAGES = "/v1/messages"


def post(
    gateway: RunningGateway,
    path: str,
    content: bytes | dict[str, Any],
    *,
    key: str | None = KEY,
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    sent = {"content-type": "application/json", **(headers or {})}
    if key is not None:
        sent["authorization"] = f"Bearer {key}"
    data = content if isinstance(content, bytes) else json.dumps(content).encode()
    return httpx.post(gateway.url + path, content=data, headers=sent, timeout=30)


def openai_error(response: httpx.Response) -> str:
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["type"]
    return str(body["error"]["message"])


def anthropic_error(response: httpx.Response) -> str:
    body = response.json()
    assert body["type"] == "error"
    assert body["error"]["type"]
    return str(body["error"]["message"])


def chat_body() -> dict[str, Any]:
    return {"model": MODEL, "messages": swe_agent(2).messages, "max_tokens": 64}


# --- keys ------------------------------------------------------------------------------------


def test_no_key_or_a_wrong_key_is_401_in_each_routes_shape(
    sdk: Any, gateway: RunningGateway
) -> None:
    for key in (None, "not-a-key"):
        response = post(gateway, CHAT, chat_body(), key=key)
        assert response.status_code == 401
        assert "key" in openai_error(response)
        response = post(gateway, MESSAGES, {"model": MODEL, "messages": []}, key=key)
        assert response.status_code == 401
        assert "key" in anthropic_error(response)
    with pytest.raises(openai.AuthenticationError):
        sdk("openai", gateway.openai_url, "wrong").models.list()
    with pytest.raises(anthropic.AuthenticationError):
        sdk("anthropic", gateway.url, "wrong").messages.create(
            model=MODEL, max_tokens=8, messages=[{"role": "user", "content": "hi"}]
        )


def test_the_anthropic_sdks_x_api_key_is_accepted(
    sdk: Any, gateway: RunningGateway, upstream: WindowServer
) -> None:
    client = sdk("anthropic", gateway.url, KEY)
    answer = client.messages.create(
        model=MODEL, max_tokens=8, messages=[{"role": "user", "content": "hi"}]
    )
    assert answer.content
    assert upstream.requests[-1].outcome == "ok"


def test_the_upstream_gets_the_upstream_key_never_the_callers(tmp_path: Path) -> None:
    with SlowUpstream(0) as upstream:
        settings = gateway_settings(
            upstream.root_url,
            tmp_path / "g.db",
            **{"gateway.api_keys": [KEY], "gateway.upstream_key": "sk-upstream"},
        )
        with serve(settings) as gateway:
            assert post(gateway, CHAT, chat_body()).status_code == 200
    assert upstream.headers_seen[-1]["authorization"] == "Bearer sk-upstream"
    assert KEY not in json.dumps(upstream.headers_seen)


def test_an_open_gateway_passes_the_callers_key_through(tmp_path: Path) -> None:
    with (
        SlowUpstream(0) as upstream,
        serve(gateway_settings(upstream.root_url, tmp_path / "g.db")) as gateway,
    ):
        assert post(gateway, CHAT, chat_body(), key="sk-callers-own").status_code == 200
    assert upstream.headers_seen[-1]["authorization"] == "Bearer sk-callers-own"


# --- bodies and transcripts ------------------------------------------------------------------


def test_malformed_json_is_400_naming_where_it_broke(gateway: RunningGateway) -> None:
    response = post(gateway, CHAT, b'{"model": "m", "messages": [')
    assert response.status_code == 400
    message = openai_error(response)
    assert "not valid JSON" in message
    assert "char" in message
    response = post(gateway, MESSAGES, b"{not json")
    assert response.status_code == 400
    assert "not valid JSON" in anthropic_error(response)


def test_a_body_over_the_limit_is_413(upstream: WindowServer, tmp_path: Path) -> None:
    settings = gateway_settings(
        upstream.openai_url, tmp_path / "g.db", **{"gateway.max_body_bytes": 2_000}
    )
    with serve(settings) as gateway:
        big = {"model": MODEL, "messages": [{"role": "user", "content": "x" * 5_000}]}
        response = post(gateway, CHAT, big)
        assert response.status_code == 413
        assert "2,000" in openai_error(response)
        # Sent in chunks without a length, the body is still cut off at the limit.
        response = httpx.post(
            gateway.url + MESSAGES,
            content=iter([json.dumps(big).encode()[:1_500], b" " * 1_500]),
            headers={"x-api-key": KEY, "content-type": "application/json"},
            timeout=30,
        )
        assert response.status_code == 413
        assert anthropic_error(response)
    assert upstream.requests == []


@pytest.mark.parametrize(
    ("messages", "where"),
    [
        ([{"role": "user", "content": "hi"}, {"role": "wizard", "content": "x"}], "message 1"),
        ([{"role": "user", "content": 42}], "'content'"),
        ([{"role": "user", "content": "a"}, "not a message"], "message 1"),
        ([], "messages"),
    ],
    ids=["role", "content", "not-an-object", "empty"],
)
def test_an_invalid_transcript_is_400_naming_the_message_and_field(
    gateway: RunningGateway, upstream: WindowServer, messages: list[Any], where: str
) -> None:
    response = post(gateway, CHAT, {"model": MODEL, "messages": messages})
    assert response.status_code == 400
    assert where in openai_error(response)
    assert upstream.requests == []
    assert gateway.gateway.store.list_sessions() == []  # a refused request leaves nothing


def test_an_invalid_anthropic_transcript_is_400_in_anthropics_shape(
    sdk: Any,
    gateway: RunningGateway,
) -> None:
    client = sdk("anthropic", gateway.url, KEY)
    with pytest.raises(anthropic.BadRequestError) as raised:
        client.messages.create(
            model=MODEL,
            max_tokens=8,
            messages=cast(
                Any, [{"role": "user", "content": "hi"}, {"role": "user", "content": 42}]
            ),
        )
    assert "message 1" in str(raised.value)


# --- the upstream ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_unreachable_upstream_is_502(tmp_path: Path) -> None:
    settings = gateway_settings(f"http://127.0.0.1:{free_port()}", tmp_path / "g.db")
    with serve(settings) as gateway:
        response = post(gateway, CHAT, chat_body())
        assert response.status_code == 502
        assert "cannot be reached" in openai_error(response)
        health = httpx.get(gateway.url + "/healthz")
        assert health.status_code == 503
        assert health.json()["store"] == "ok"
        assert health.json()["upstream"] != "ok"


def test_an_upstream_that_does_not_answer_in_time_is_504(tmp_path: Path) -> None:
    with SlowUpstream(5) as upstream:
        settings = gateway_settings(
            upstream.root_url, tmp_path / "g.db", **{"gateway.upstream_timeout": 0.5}
        )
        with serve(settings) as gateway:
            body = {
                "model": MODEL,
                "max_tokens": 8,
                "messages": [{"role": "user", "content": "hi"}],
            }
            response = post(gateway, MESSAGES, body, key=None, headers={"x-api-key": "k"})
            assert response.status_code == 504
            assert "did not answer in time" in anthropic_error(response)


def test_a_client_that_leaves_mid_stream_cancels_the_upstream_request(tmp_path: Path) -> None:
    with (
        DrippingUpstream() as upstream,
        serve(gateway_settings(upstream.root_url, tmp_path / "g.db")) as gateway,
    ):
        body = {**chat_body(), "stream": True}
        with httpx.stream(
            "POST", gateway.url + CHAT, json=body, headers={"authorization": "Bearer k"}
        ) as response:
            assert response.status_code == 200
            seen = b""
            for chunk in response.iter_raw():
                seen += chunk
                if seen.count(b"data:") >= 3:
                    break  # leave the stream open no longer: the client goes away
        assert upstream.closed.wait(10), "the upstream request went on after the client left"
        sent = upstream.sent
        time.sleep(0.3)
        assert upstream.sent == sent
        # The store holds the turn the client sent, once, and nothing of the answer.
        store = gateway.gateway.store
        (record,) = store.list_sessions()
        stored = [row.message for row in store.all_messages(record.id)]
        assert stored == chat_body()["messages"]


# --- the service routes ----------------------------------------------------------------------


def test_healthz_metrics_models_and_openapi(sdk: Any, gateway: RunningGateway) -> None:
    assert post(gateway, CHAT, chat_body()).status_code == 200
    assert post(gateway, CHAT, chat_body(), key=None).status_code == 401
    wait_until_warm(gateway)
    health = httpx.get(gateway.url + "/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "upstream": "ok", "store": "ok", "warm_up": "ok"}
    metrics = httpx.get(gateway.url + "/metrics").text
    assert 'packlight_requests_total{route="/v1/chat/completions",status="200"} 1.0' in metrics
    assert 'packlight_requests_total{route="/v1/chat/completions",status="401"} 1.0' in metrics
    assert "packlight_upstream_latency_seconds_bucket" in metrics
    # No key and no message content in any label or value.
    assert KEY not in metrics
    assert swe_agent(2).messages[1]["content"][:40] not in metrics
    document = httpx.get(gateway.url + "/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert {"/v1/chat/completions", "/v1/messages", "/v1/models", "/healthz"} <= set(
        document["paths"]
    )
    models = sdk("openai", gateway.openai_url, KEY).models.list()
    assert models.data


class _FailingStore(SQLiteStore):
    """A SQLite store whose reads of conversation heads fail once ``failing`` is set."""

    failing = False

    def find_heads(self, owner: str, heads: Sequence[str]) -> list[ConversationHead]:
        if self.failing:
            raise StoreError("the database is gone (a test's store)")
        return super().find_heads(owner, heads)


def test_a_store_that_fails_before_the_request_goes_out_is_503(tmp_path: Path) -> None:
    store = _FailingStore(tmp_path / "failing.db")
    with (
        SlowUpstream(0) as upstream,
        serve(gateway_settings(upstream.root_url, tmp_path / "failing.db"), store=store) as gateway,
    ):
        wait_until_warm(gateway)
        store.failing = True
        response = post(gateway, CHAT, chat_body(), key="k")
        assert response.status_code == 503
        assert "session store is unavailable" in openai_error(response)
        assert upstream.received == []  # nothing went upstream
        store.failing = False
        assert post(gateway, CHAT, chat_body(), key="k").status_code == 200
