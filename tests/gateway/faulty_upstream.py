"""A loopback upstream for the gateway's fault tests: slow answers, endless streams.

``SlowUpstream(delay)`` answers every chat completion after ``delay`` seconds;
``DrippingUpstream()`` streams one event every 50 ms until the client goes away and records
when it noticed (``closed`` is set): what a gateway must cause when its own client leaves.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.summarizers.loopback import LoopbackServer

ANSWER = {
    "id": "chatcmpl-slow",
    "object": "chat.completion",
    "created": 1_700_000_000,
    "model": "m",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "late"}, "finish_reason": "stop"}
    ],
    "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11},
}


def _chunk(text: str) -> bytes:
    data = {
        "id": "chatcmpl-drip",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": "m",
        "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}],
    }
    return f"data: {json.dumps(data)}\n\n".encode()


def _start_stream(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()


def _send_chunk(handler: BaseHTTPRequestHandler, data: bytes) -> None:
    """One HTTP chunk, flushed (raises ``OSError`` when the client has gone)."""
    handler.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
    handler.wfile.flush()


class _Base(LoopbackServer):
    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.headers_seen: list[dict[str, str]] = []
        self.stop = threading.Event()
        super().__init__(self._handler())

    def _before_stop(self) -> None:
        self.stop.set()

    def respond(self, handler: BaseHTTPRequestHandler) -> None:
        raise NotImplementedError

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_GET(self) -> None:
                body = b'{"object": "list", "data": [{"id": "m", "object": "model"}]}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                upstream.received.append(json.loads(self.rfile.read(length)))
                upstream.headers_seen.append({k.lower(): v for k, v in self.headers.items()})
                upstream.respond(self)

        return Handler


class SlowUpstream(_Base):
    def __init__(self, delay: float) -> None:
        self.delay = delay
        super().__init__()

    def respond(self, handler: BaseHTTPRequestHandler) -> None:
        self.stop.wait(self.delay)
        body = json.dumps(ANSWER).encode()
        try:
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)
        except OSError:  # the gateway gave up waiting: nobody to answer
            return


class DrippingUpstream(_Base):
    def __init__(self) -> None:
        self.closed = threading.Event()
        self.sent = 0
        super().__init__()

    def respond(self, handler: BaseHTTPRequestHandler) -> None:
        _start_stream(handler)
        deadline = time.monotonic() + 30
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                _send_chunk(handler, _chunk(f"word{self.sent} "))
            except OSError:
                self.closed.set()
                return
            self.sent += 1
            time.sleep(0.05)


class TricklingUpstream(_Base):
    """Streams ``words`` content events ``gap`` seconds apart, then the reason it stopped and
    ``[DONE]``; ``finished`` is set once all of it is written."""

    def __init__(self, words: int = 5, gap: float = 0.03) -> None:
        self.words = words
        self.gap = gap
        self.finished = threading.Event()
        super().__init__()

    def respond(self, handler: BaseHTTPRequestHandler) -> None:
        _start_stream(handler)
        stop = {**json.loads(_chunk("")[len(b"data: ") :])}
        stop["choices"] = [{"index": 0, "delta": {}, "finish_reason": "stop"}]
        events = [_chunk(f"word{n} ") for n in range(self.words)]
        events += [f"data: {json.dumps(stop)}\n\n".encode(), b"data: [DONE]\n\n"]
        try:
            for data in events:
                _send_chunk(handler, data)
                time.sleep(self.gap)
            _send_chunk(handler, b"")  # the last, empty chunk
        except OSError:
            return
        self.finished.set()
