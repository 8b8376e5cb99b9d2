"""A loopback model server that enforces a context window the way OpenAI and Anthropic do.

It stands in for a provider when a test or a benchmark replays an agent through packlight's SDK
wrappers. Every request is checked as a real provider checks it, in this order, and answered
with that provider's own error body:

1. shape: roles, tool-call pairing, packlight's ``_packlight`` metadata left in the body,
   Anthropic's ``max_tokens``, cache breakpoints and empty text blocks (400, ``invalid``);
2. window: the prompt (plus the requested completion when ``count_completion``) must fit
   ``window`` tokens (400, ``overflow``, with the provider's context-length message);
3. otherwise a 200 reply with usage, streamed as server-sent events when ``stream`` is true.

Prompt tokens are the server's own count, deliberately not packlight's estimator: exact
o200k_base counts of every string the model reads, 4 tokens per message, the tools' JSON
schemas, and a flat 1,000 per image or other media part. Anthropic's prompt cache is simulated
(``cache_read_input_tokens``) so that a benchmark can see how much of each resent history a
provider would serve from cache::

    with WindowServer(window=8192) as server:
        client = openai.OpenAI(base_url=server.openai_url, api_key="x", max_retries=0)
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
        assert server.requests[0].outcome == "ok"
"""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.live.window_checks import (
    Outcome,
    Rejection,
    check_shape,
    check_window,
    completion_budget,
    error_body,
)
from tests.live.window_tokens import COUNTER, Api, Unit, as_dict, prefix_digests, units_of
from tests.summarizers.loopback import LoopbackServer

__all__ = ["Seen", "WindowServer", "shared_prefix_tokens"]

DEFAULT_MODEL = "window-model"
ROUTES: dict[str, Api] = {
    "/v1/chat/completions": "openai_chat",
    "/v1/messages": "anthropic",
    "/v1/responses": "openai_responses",
}


@dataclass
class Seen:
    """One request the server received, and what it made of it."""

    api: Api
    body: dict[str, Any]
    """The JSON request body as received."""
    prompt_tokens: int
    """The prompt as this server counts it (0 when the body could not be read)."""
    outcome: Outcome
    error: str | None
    """The error message sent back, if any."""
    stream: bool


def shared_prefix_tokens(previous: Seen, current: Seen) -> int:
    """Tokens of ``current`` in the longest prefix it shares unchanged with ``previous``.

    Compared message by message as canonical JSON (tools and system prompt first, as the
    providers' prompt caches see them); a message that changed, or grew, ends the prefix.
    """
    if previous.api != current.api:
        return 0
    old, new = units_of(previous.api, previous.body), units_of(current.api, current.body)
    matched = 0
    for a, b in zip(old, new, strict=False):
        if a.key != b.key or a.group != b.group:
            break
        matched += 1
    if matched == len(old) == len(new):
        return sum(unit.tokens for unit in new)
    cut_group = (new[matched] if matched < len(new) else old[matched]).group
    return sum(unit.tokens for unit in new[:matched] if unit.group != cut_group)


# --------------------------------------------------------------------------- replies


def _pieces(text: str, most: int = 6) -> list[str]:
    """``text`` split at word starts into at most ``most`` consecutive pieces."""
    words = [w for w in re.split(r"(?<=\s)(?=\S)", text) if w]
    size = max(1, -(-len(words) // most))
    return ["".join(words[i : i + size]) for i in range(0, len(words), size)]


def _sse(data: dict[str, Any], event: str | None = None) -> bytes:
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data)}\n\n".encode()


@dataclass(frozen=True)
class _Answer:
    text: str
    prompt: int
    completion: int
    cached: int
    request_id: str
    model: str
    created: int


def _chat_completion(answer: _Answer) -> dict[str, Any]:
    return {
        "id": answer.request_id,
        "object": "chat.completion",
        "created": answer.created,
        "model": answer.model,
        "system_fingerprint": None,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": answer.text, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": _chat_usage(answer),
    }


def _chat_usage(answer: _Answer) -> dict[str, Any]:
    return {
        "prompt_tokens": answer.prompt,
        "completion_tokens": answer.completion,
        "total_tokens": answer.prompt + answer.completion,
    }


def _chat_events(answer: _Answer, body: dict[str, Any]) -> list[bytes]:
    include_usage = as_dict(body.get("stream_options")).get("include_usage") is True
    base = {
        "id": answer.request_id,
        "object": "chat.completion.chunk",
        "created": answer.created,
        "model": answer.model,
        "system_fingerprint": None,
    }

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
        # With include_usage every chunk carries "usage": null until the last one.
        return _sse({**base, "choices": [choice], **({"usage": None} if include_usage else {})})

    events = [chunk({"role": "assistant", "content": "", "refusal": None})]
    events += [chunk({"content": piece}) for piece in _pieces(answer.text)]
    events.append(chunk({}, "stop"))
    if include_usage:
        events.append(_sse({**base, "choices": [], "usage": _chat_usage(answer)}))
    events.append(b"data: [DONE]\n\n")
    return events


def _anthropic_usage(answer: _Answer) -> dict[str, Any]:
    return {
        "input_tokens": answer.prompt - answer.cached,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": answer.cached,
        "output_tokens": answer.completion,
    }


def _anthropic_message(answer: _Answer) -> dict[str, Any]:
    return {
        "id": answer.request_id,
        "type": "message",
        "role": "assistant",
        "model": answer.model,
        "content": [{"type": "text", "text": answer.text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": _anthropic_usage(answer),
    }


def _anthropic_events(answer: _Answer) -> list[bytes]:
    start = {
        **_anthropic_message(answer),
        "content": [],
        "stop_reason": None,
        "usage": {**_anthropic_usage(answer), "output_tokens": 1},
    }
    events = [
        _sse({"type": "message_start", "message": start}, "message_start"),
        _sse(
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "text", "text": ""},
            },
            "content_block_start",
        ),
        _sse({"type": "ping"}, "ping"),
    ]
    events += [
        _sse(
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": piece},
            },
            "content_block_delta",
        )
        for piece in _pieces(answer.text)
    ]
    delta = {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": answer.completion},
    }
    events += [
        _sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
        _sse(delta, "message_delta"),
        _sse({"type": "message_stop"}, "message_stop"),
    ]
    return events


def _response(answer: _Answer) -> dict[str, Any]:
    text_part = {"type": "output_text", "text": answer.text, "annotations": [], "logprobs": []}
    return {
        "id": answer.request_id,
        "object": "response",
        "created_at": answer.created,
        "status": "completed",
        "model": answer.model,
        "output": [
            {
                "type": "message",
                "id": f"msg_{answer.request_id}",
                "status": "completed",
                "role": "assistant",
                "content": [text_part],
            }
        ],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": answer.prompt,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": answer.completion,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": answer.prompt + answer.completion,
        },
    }


def _response_events(answer: _Answer) -> list[bytes]:
    done = _response(answer)
    item = done["output"][0]
    at = {"item_id": item["id"], "output_index": 0, "content_index": 0}
    sequence = itertools.count()

    def event(kind: str, **fields: Any) -> bytes:
        return _sse({"type": kind, "sequence_number": next(sequence), **fields}, kind)

    running = {**done, "status": "in_progress", "output": [], "usage": None}
    empty_part = {**item["content"][0], "text": ""}
    return [
        event("response.created", response=running),
        event("response.in_progress", response=running),
        event("response.output_item.added", output_index=0, item={**item, "content": []}),
        event("response.content_part.added", **at, part=empty_part),
        *(
            event("response.output_text.delta", **at, delta=piece, logprobs=[])
            for piece in _pieces(answer.text)
        ),
        event("response.output_text.done", **at, text=answer.text, logprobs=[]),
        event("response.content_part.done", **at, part=item["content"][0]),
        event("response.output_item.done", output_index=0, item=item),
        event("response.completed", response=done),
    ]


@dataclass(frozen=True)
class _Reply:
    status: int
    payload: dict[str, Any] | None = None
    events: list[bytes] | None = None


# --------------------------------------------------------------------------- server


class WindowServer(LoopbackServer):
    """OpenAI (chat and Responses) and Anthropic endpoints that enforce a ``window``.

    ``state_limit=False`` leaves the numbers out of context-length errors (some providers and
    gateways do); ``count_completion=False`` checks the prompt alone, ignoring ``max_tokens``;
    ``tool_pairing=False`` accepts unanswered or orphaned tool calls; ``reply`` is the answer
    text, or a function of the request body that returns it.
    """

    def __init__(
        self,
        *,
        window: int = 8192,
        state_limit: bool = True,
        count_completion: bool = True,
        reply: str | Callable[[dict[str, Any]], str] = "ok",
        tool_pairing: bool = True,
    ) -> None:
        if window <= 0:
            raise ValueError(f"window must be a positive number of tokens, got {window}")
        self.window = window
        self.state_limit = state_limit
        self.count_completion = count_completion
        self.reply = reply
        self.tool_pairing = tool_pairing
        self.requests: list[Seen] = []
        """Every request to a model endpoint, in arrival order."""
        self._lock = threading.Lock()
        self._cached_prefixes: set[bytes] = set()
        """Digests of every prefix of every Anthropic request answered so far."""
        self._ids = itertools.count(1)
        super().__init__(self._handler_class())

    @property
    def openai_url(self) -> str:
        """The base URL for ``openai.OpenAI`` (it appends ``/chat/completions``)."""
        return f"{self.root_url}/v1"

    @property
    def anthropic_url(self) -> str:
        """The base URL for ``anthropic.Anthropic`` (it appends ``/v1/messages``)."""
        return self.root_url

    def reset(self) -> None:
        """Forget the requests seen and the simulated prompt cache."""
        with self._lock:
            self.requests.clear()
            self._cached_prefixes.clear()

    def _record(self, seen: Seen) -> str:
        with self._lock:
            self.requests.append(seen)
            return f"{next(self._ids):06d}"

    def _cached_tokens(self, units: list[Unit], digests: list[bytes]) -> int:
        """Tokens Anthropic would read from its cache (call with the lock held).

        The longest prefix that an earlier answered request also began with, cut back to end at
        or before this request's last ``cache_control`` block; nothing without one.
        """
        last_breakpoint = max((i for i, u in enumerate(units) if u.breakpoint), default=-1)
        if last_breakpoint < 0:
            return 0
        matched = 0
        for digest in digests:
            if digest not in self._cached_prefixes:
                break
            matched += 1
        return sum(unit.tokens for unit in units[: min(matched, last_breakpoint + 1)])

    def _answer(self, api: Api, raw: bytes) -> _Reply:
        try:
            parsed = json.loads(raw or b"null")
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            unreadable = Rejection(
                "There was an error parsing the body of your request"
                if api == "anthropic"
                else "We could not parse the JSON body of your request.",
                param=None,
            )
            request_id = self._record(Seen(api, {}, 0, "invalid", unreadable.message, False))
            return _Reply(400, error_body(api, unreadable, f"req_{request_id}"))
        body: dict[str, Any] = parsed
        stream = body.get("stream") is True
        rejection = check_shape(api, body, self.tool_pairing)
        units = units_of(api, body)
        prompt = sum(unit.tokens for unit in units)
        if rejection is None:
            completion = completion_budget(api, body) if self.count_completion else None
            rejection = check_window(api, prompt, completion, self.window, self.state_limit)
        if rejection is not None:
            seen = Seen(api, body, prompt, rejection.outcome, rejection.message, stream)
            request_id = self._record(seen)
            return _Reply(400, error_body(api, rejection, f"req_{request_id}"))

        text = self.reply(body) if callable(self.reply) else self.reply
        digests = prefix_digests(units) if api == "anthropic" else []
        with self._lock:
            cached = self._cached_tokens(units, digests) if digests else 0
            self._cached_prefixes.update(digests)
            self.requests.append(Seen(api, body, prompt, "ok", None, stream))
            number = next(self._ids)
        prefix = {"openai_chat": "chatcmpl", "anthropic": "msg", "openai_responses": "resp"}[api]
        answer = _Answer(
            text=text,
            prompt=prompt,
            completion=COUNTER.count(text),
            cached=cached,
            request_id=f"{prefix}_{number:06d}",
            model=str(body.get("model") or DEFAULT_MODEL),
            created=int(time.time()),
        )
        if api == "openai_chat":
            if stream:
                return _Reply(200, events=_chat_events(answer, body))
            return _Reply(200, _chat_completion(answer))
        if api == "anthropic":
            return (
                _Reply(200, events=_anthropic_events(answer))
                if stream
                else _Reply(200, _anthropic_message(answer))
            )
        return (
            _Reply(200, events=_response_events(answer))
            if stream
            else _Reply(200, _response(answer))
        )

    def _models(self, anthropic: bool) -> dict[str, Any]:
        if anthropic:
            model: dict[str, Any] = {
                "type": "model",
                "id": DEFAULT_MODEL,
                "display_name": "Window model",
                "created_at": "2025-01-01T00:00:00Z",
                "max_input_tokens": self.window,
            }
            return {
                "data": [model],
                "has_more": False,
                "first_id": DEFAULT_MODEL,
                "last_id": DEFAULT_MODEL,
            }
        model = {"id": DEFAULT_MODEL, "object": "model", "created": 0, "owned_by": "packlight"}
        return {"object": "list", "data": [model]}

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes: with Nagle's algorithm the second waits
            # for the client's delayed ACK, about 40 ms a request.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.split("?", 1)[0] == "/v1/models":
                    anthropic = "anthropic-version" in {k.lower() for k in self.headers}
                    self._send_json(200, server._models(anthropic))
                else:
                    self._send_json(404, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                api = ROUTES.get(self.path.split("?", 1)[0])
                if api is None:
                    self._send_json(404, {"error": {"message": f"no route {self.path}"}})
                    return
                reply = server._answer(api, raw)
                if reply.events is not None:
                    self._send_events(reply.events)
                else:
                    self._send_json(reply.status, reply.payload or {})

            def _send_json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client went away
                    self.close_connection = True

            def _send_events(self, events: list[bytes]) -> None:
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream; charset=utf-8")
                    self.send_header("Cache-Control", "no-cache")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for event in events:
                        # One HTTP chunk per event, flushed, so clients see them one by one.
                        self.wfile.write(f"{len(event):X}\r\n".encode() + event + b"\r\n")
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                except OSError:
                    self.close_connection = True

        return Handler
