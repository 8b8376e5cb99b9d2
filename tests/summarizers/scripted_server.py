"""A loopback HTTP server that plays a provider: OpenAI chat completions or Anthropic messages.

Each test picks one behaviour; the server answers every request with it and records the
request bodies it received::

    with ScriptedServer("ok") as server:
        provider = OpenAIProvider(ProviderConfig("openai", "m", base_url=server.openai_url))
        ...
        assert server.requests[0]["max_tokens"] == 100

It also answers as a forward HTTP proxy (``HTTP_PROXY=server.root_url``): a request for
``http://api.example.test/v1/chat/completions`` is recorded and answered like a direct one,
so a test can count what a provider would send to a remote endpoint without leaving loopback.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal
from urllib.parse import urlsplit

from tests.summarizers.loopback import LoopbackServer

Behaviour = Literal[
    "ok",
    "400",
    "400_quota",
    "401",
    "402",
    "403",
    "403_billing",
    "429_quota",
    "429_rate",
    "404",
    "500",
    "drop",
    "slow",
    "empty_choices",
    "content_null",
    "whitespace",
    "malformed_json",
]

OK_TEXT = "The agent fixed the failing test in src/app.py."
USAGE_IN = 123
USAGE_OUT = 45


def _openai_ok(model: str, content: Any, *, choices: bool = True) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": (
            [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ]
            if choices
            else []
        ),
        "usage": {
            "prompt_tokens": USAGE_IN,
            "completion_tokens": USAGE_OUT,
            "total_tokens": USAGE_IN + USAGE_OUT,
        },
    }


def _anthropic_ok(model: str, content: Any) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": USAGE_IN, "output_tokens": USAGE_OUT},
    }


def _error(anthropic: bool, status: int, err_type: str, message: str, code: str | None) -> Any:
    if anthropic:
        return {"type": "error", "error": {"type": err_type, "message": message}}
    return {"error": {"message": message, "type": err_type, "param": None, "code": code}}


class ScriptedServer(LoopbackServer):
    """A threaded ``http.server`` on 127.0.0.1 (free port) answering with one behaviour."""

    def __init__(
        self,
        behaviour: Behaviour,
        *,
        slow_seconds: float = 2.0,
        ok_text: str = OK_TEXT,
        by_model: dict[str, Behaviour] | None = None,
    ) -> None:
        self.behaviour: Behaviour = behaviour
        self.slow_seconds = slow_seconds
        self.ok_text = ok_text
        """What an ``ok`` answer says."""
        self.by_model = dict(by_model or {})
        """Behaviours for particular models (the rest get ``behaviour``)."""
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.headers: list[dict[str, str]] = []
        self._stop = threading.Event()
        self._lock = threading.Lock()
        super().__init__(self._handler_class())

    # root_url is the base URL for the Anthropic SDK (it appends ``/v1/messages``).

    @property
    def openai_url(self) -> str:
        """The base URL for the OpenAI SDK (it appends ``/chat/completions``)."""
        return f"{self.root_url}/v1"

    def _before_stop(self) -> None:
        self._stop.set()  # a "slow" answer stops waiting

    # ------------------------------------------------------------------ answering

    def _answer(self, path: str, body: dict[str, Any], key: str) -> tuple[int, bytes] | None:
        """The status and body to send, or ``None`` to drop the connection."""
        anthropic = path == "/v1/messages"
        model = str(body.get("model", "unknown"))
        b = self.by_model.get(model, self.behaviour)
        payload: Any
        status = 200
        if b == "drop":
            return None
        if b == "slow":
            self._stop.wait(self.slow_seconds)
            payload = _anthropic_ok(model, []) if anthropic else _openai_ok(model, OK_TEXT)
        elif b == "ok":
            payload = (
                _anthropic_ok(model, [{"type": "text", "text": self.ok_text}])
                if anthropic
                else _openai_ok(model, self.ok_text)
            )
        elif b == "401":
            # Real providers echo (part of) the key back: the client must not repeat it.
            status = 401
            payload = _error(
                anthropic,
                401,
                "authentication_error" if anthropic else "invalid_request_error",
                f"Incorrect API key provided: {key}",
                "invalid_api_key",
            )
        elif b == "400":
            status = 400
            payload = _error(
                anthropic,
                400,
                "invalid_request_error",
                "Invalid 'messages[1].content': expected a string.",
                "invalid_value",
            )
        elif b == "400_quota":
            # OpenAI says so in the code only; Anthropic's real answer when credits run out.
            status = 400
            payload = _error(
                anthropic,
                400,
                "invalid_request_error",
                "Your credit balance is too low to access the Anthropic API."
                if anthropic
                else "The request was rejected.",
                "insufficient_quota",
            )
        elif b == "402":
            # OpenRouter, DeepSeek and other OpenAI-compatible services when credits run out.
            status = 402
            payload = _error(
                anthropic,
                402,
                "payment_required",
                "Insufficient Balance. Add more using the dashboard.",
                None,
            )
        elif b == "403_billing":
            status = 403
            payload = _error(
                anthropic,
                403,
                "permission_error",
                "Billing is not active for this account. Payment required.",
                None,
            )
        elif b == "403":
            status = 403
            payload = _error(
                anthropic,
                403,
                "permission_error",
                f"Key {key} is not allowed to use this model",
                None,
            )
        elif b == "429_quota":
            status = 429
            payload = _error(
                anthropic,
                429,
                "rate_limit_error" if anthropic else "insufficient_quota",
                "You exceeded your current quota, please check your plan and billing details.",
                "insufficient_quota",
            )
        elif b == "429_rate":
            status = 429
            payload = _error(
                anthropic,
                429,
                "rate_limit_error",
                "Rate limit reached for requests per minute. Please try again in 1s.",
                "rate_limit_exceeded",
            )
        elif b == "404":
            status = 404
            payload = _error(
                anthropic,
                404,
                "not_found_error" if anthropic else "invalid_request_error",
                f"The model `{model}` does not exist or you do not have access to it.",
                "model_not_found",
            )
        elif b == "500":
            status = 500
            payload = _error(anthropic, 500, "api_error", "Internal server error", None)
        elif b == "empty_choices":
            payload = (
                _anthropic_ok(model, []) if anthropic else _openai_ok(model, None, choices=False)
            )
        elif b == "content_null":
            payload = _anthropic_ok(model, None) if anthropic else _openai_ok(model, None)
        elif b == "whitespace":
            payload = (
                _anthropic_ok(model, [{"type": "text", "text": "  \n\t "}])
                if anthropic
                else _openai_ok(model, "  \n\t ")
            )
        elif b == "malformed_json":
            return 200, b'{"id": "x", "choices": [ {"message": '
        else:  # pragma: no cover - Literal exhausts the cases
            raise AssertionError(b)
        return status, json.dumps(payload).encode()

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                key = self.headers.get("x-api-key") or (
                    self.headers.get("Authorization", "").removeprefix("Bearer ")
                )
                with server._lock:
                    server.requests.append(body)
                    server.paths.append(self.path)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                route = urlsplit(self.path).path  # an absolute URI when asked as a proxy
                if route not in ("/v1/chat/completions", "/v1/messages"):
                    self._send(404, b'{"error": {"message": "no such route"}}')
                    return
                answer = server._answer(route, body, key)
                if answer is None:
                    # Close without a response: the client sees a dropped connection.
                    self.close_connection = True
                    with contextlib.suppress(OSError):
                        self.connection.shutdown(socket.SHUT_RDWR)
                    return
                self._send(*answer)

            def _send(self, status: int, data: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.send_header("x-should-retry", "false")
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (slow behaviour)
                    self.close_connection = True

        return Handler
