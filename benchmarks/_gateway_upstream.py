"""The upstream of ``bench_gateway.py``: an OpenAI-compatible server with a fixed answer delay.

Every chat completion waits ``BENCH_UPSTREAM_DELAY`` seconds (default 0.05), then streams five
chunks 2 ms apart (and the usage chunk when asked), or answers JSON after the same time. The
prompt is counted at four characters a token, and a request over ``BENCH_UPSTREAM_WINDOW``
tokens (default: no limit) is refused the way OpenAI refuses it. Run it under uvicorn::

    BENCH_UPSTREAM_DELAY=0.05 uvicorn benchmarks._gateway_upstream:app --port 9000
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

DELAY = float(os.environ.get("BENCH_UPSTREAM_DELAY", "0.05"))
WINDOW = int(os.environ.get("BENCH_UPSTREAM_WINDOW", "0")) or None
WORDS = ["The ", "command ", "ran; ", "next ", "step."]


def _prompt_tokens(body: dict[str, Any]) -> int:
    return len(json.dumps(body.get("messages", []))) // 4


def _chunk(delta: dict[str, Any], finish: str | None = None, usage: Any = None) -> bytes:
    data: dict[str, Any] = {
        "id": "chatcmpl-bench",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": "bench",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    if usage is not None:
        data = {**data, "choices": [], "usage": usage}
    return f"data: {json.dumps(data)}\n\n".encode()


async def completions(request: Request) -> Response:
    body = await request.json()
    prompt = _prompt_tokens(body)
    if WINDOW is not None and prompt > WINDOW:
        message = (
            f"This model's maximum context length is {WINDOW} tokens. However, you requested "
            f"{prompt} tokens ({prompt} in the messages, 0 in the completion)."
        )
        error = {"message": message, "type": "invalid_request_error", "param": "messages",
                 "code": "context_length_exceeded"}  # fmt: skip
        return JSONResponse({"error": error}, status_code=400)
    usage = {"prompt_tokens": prompt, "completion_tokens": 5, "total_tokens": prompt + 5}
    if not body.get("stream"):
        await asyncio.sleep(DELAY)
        message = {"role": "assistant", "content": "".join(WORDS)}
        return JSONResponse(
            {
                "id": "chatcmpl-bench",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": "bench",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": usage,
            }
        )
    include_usage = (body.get("stream_options") or {}).get("include_usage") is True

    async def events() -> AsyncIterator[bytes]:
        await asyncio.sleep(DELAY)
        yield _chunk({"role": "assistant", "content": ""})
        for word in WORDS:
            await asyncio.sleep(0.002)
            yield _chunk({"content": word})
        yield _chunk({}, "stop")
        if include_usage:
            yield _chunk({}, usage=usage)
        yield b"data: [DONE]\n\n"

    return StreamingResponse(events(), media_type="text/event-stream")


async def models(request: Request) -> Response:
    return JSONResponse({"object": "list", "data": [{"id": "bench", "object": "model"}]})


app = Starlette(
    routes=[
        Route("/v1/chat/completions", completions, methods=["POST"]),
        Route("/v1/models", models, methods=["GET"]),
    ]
)
