"""Provider errors that say "too long": recognised whoever raised them, numbers and all.

The recovery matrix has the real SDKs raise the errors: a loopback server answers with each
provider's status and body, ``openai``/``anthropic`` build their exception from the response
as they do in production, and :func:`classify_error` reads that exception. The wording table
then runs every recognised phrasing through Hypothesis-chosen numbers and separators, and the
negative matrix checks that ordinary failures (auth, rate limits, 5xx, bad schemas) stay
``None``.
"""

from __future__ import annotations

import json
import random
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal

import anthropic
import httpx2
import openai
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.overflow import (
    OverflowKind,
    ProviderLimit,
    classify_error,
    error_message,
    error_status,
)
from tests.summarizers.loopback import LoopbackServer

Sdk = Literal["openai", "responses", "anthropic"]
Expected = tuple[OverflowKind, int | None, int | None, int | None]
"""kind, limit, requested, completion"""
MIB = 1024 * 1024


# ----------------------------------------------------------------------- a scripted provider


class ErrorServer:
    """Answers every request under ``/<case>/`` with the status and body registered for it."""

    def __init__(self) -> None:
        replies: dict[str, tuple[int, bytes, str]] = {}
        self._replies = replies

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                case = self.path.strip("/").split("/", 1)[0]
                status, payload, content_type = replies.get(
                    case, (599, b'{"error": "unknown case"}', "application/json")
                )
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet: the tests assert on what the SDK raised."""

        self._loopback = LoopbackServer(Handler)

    def __enter__(self) -> ErrorServer:
        self._loopback.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._loopback.__exit__(None, None, None)

    def raise_from(self, sdk: Sdk, status: int, body: object) -> Exception:
        """What ``sdk`` raises when the provider answers ``status`` with ``body``."""
        case = f"case{len(self._replies)}"
        if isinstance(body, str):
            self._replies[case] = (status, body.encode(), "text/html")
        else:
            self._replies[case] = (status, json.dumps(body).encode(), "application/json")
        return _raised_by(sdk, f"{self._loopback.root_url}/{case}")


HELLO: Any = [{"role": "user", "content": "hello"}]


def _raised_by(sdk: Sdk, root: str) -> Exception:
    """The exception ``sdk`` raises for one request to the provider at ``root``."""
    if sdk == "anthropic":
        claude = anthropic.Anthropic(base_url=root, api_key="x", max_retries=0)
        with claude, pytest.raises(anthropic.APIError) as raised:
            claude.messages.create(model="claude-x", max_tokens=64, messages=HELLO)
        return raised.value
    client = openai.OpenAI(base_url=f"{root}/v1", api_key="x", max_retries=0)
    if sdk == "responses":
        with client, pytest.raises(openai.APIError) as raised_openai:
            client.responses.create(model="gpt-x", input="hello")
    else:
        with client, pytest.raises(openai.APIError) as raised_openai:
            client.chat.completions.create(model="gpt-x", messages=HELLO, max_tokens=64)
    return raised_openai.value


@pytest.fixture(scope="module")
def provider() -> Iterator[ErrorServer]:
    with ErrorServer() as server:
        yield server


# ------------------------------------------------------------------ the recovery matrix


@dataclass(frozen=True)
class Numbers:
    window: int
    prompt: int
    completion: int

    @property
    def cap(self) -> int:
        """An output cap (below what is asked for)."""
        return self.completion

    @property
    def asked(self) -> int:
        return self.completion + self.window


def numbers_for(name: str, count: int = 3) -> list[Numbers]:
    rng = random.Random(f"overflow:{name}")
    picked = []
    for _ in range(count):
        window = rng.choice([2048, 4096, 8192, 32_768, 131_072, 200_000, 1_048_576])
        window = rng.choice([window, rng.randint(1_000, 2_000_000)])
        picked.append(Numbers(window, window + rng.randint(1, window), rng.randint(1, 65_536)))
    return picked


@dataclass(frozen=True)
class Reply:
    """A provider's answer and what classify_error must make of the exception it becomes."""

    sdk: Sdk
    status: int
    body: object
    message: str
    """The provider's own text, as ProviderLimit.message must carry it."""
    expected: Expected


def _openai_body(message: str, code: str | None = None, **extra: Any) -> dict[str, Any]:
    error = {"message": message, "type": "invalid_request_error", "param": None, "code": code}
    return {"error": {**error, **extra}}


def _anthropic_body(message: str, kind: str = "invalid_request_error") -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


def openai_messages_resulted_in(n: Numbers) -> Reply:
    text = (
        f"This model's maximum context length is {n.window} tokens. However, your messages "
        f"resulted in {n.prompt} tokens. Please reduce the length of the messages."
    )
    body = _openai_body(text, "context_length_exceeded", param="messages")
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


def openai_requested_with_completion(n: Numbers) -> Reply:
    text = (
        f"This model's maximum context length is {n.window} tokens. However, you requested "
        f"{n.prompt + n.completion} tokens ({n.prompt} in the messages, {n.completion} in the "
        "completion). Please reduce the length of the messages or completion."
    )
    body = _openai_body(text, "context_length_exceeded", param="messages")
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, n.completion))


def openai_responses_api(n: Numbers) -> Reply:
    text = (
        "Your input exceeds the context window of this model. Please adjust your input and "
        "try again."
    )
    body = _openai_body(text, "context_length_exceeded", param="input")
    return Reply("responses", 400, body, text, ("context", None, None, None))


def openai_max_tokens_too_large(n: Numbers) -> Reply:
    text = (
        f"max_tokens is too large: {n.asked}. This model supports at most {n.cap} completion "
        f"tokens, whereas you provided {n.asked}."
    )
    body = _openai_body(text, "invalid_value", param="max_tokens")
    return Reply("openai", 400, body, text, ("output_cap", n.cap, n.asked, None))


def openai_max_completion_tokens_too_large(n: Numbers) -> Reply:
    text = (
        f"max_completion_tokens is too large: {n.asked}. This model supports at most {n.cap} "
        f"completion tokens, whereas you provided {n.asked}."
    )
    body = _openai_body(text, None, param="max_completion_tokens")
    return Reply("openai", 400, body, text, ("output_cap", n.cap, n.asked, None))


def anthropic_prompt_too_long(n: Numbers) -> Reply:
    text = f"prompt is too long: {n.prompt} tokens > {n.window} maximum"
    return Reply(
        "anthropic", 400, _anthropic_body(text), text, ("context", n.window, n.prompt, None)
    )


def anthropic_input_and_max_tokens(n: Numbers) -> Reply:
    text = (
        f"input length and `max_tokens` exceed context limit: {n.prompt} + {n.completion} > "
        f"{n.window}, decrease input length or `max_tokens` and try again"
    )
    expected: Expected = ("context", n.window, n.prompt, n.completion)
    return Reply("anthropic", 400, _anthropic_body(text), text, expected)


def anthropic_max_tokens(n: Numbers) -> Reply:
    text = (
        f"max_tokens: {n.asked} > {n.cap}, which is the maximum allowed number of output "
        "tokens for claude-sonnet-4-5"
    )
    return Reply(
        "anthropic", 400, _anthropic_body(text), text, ("output_cap", n.cap, n.asked, None)
    )


def anthropic_long_context_429(n: Numbers) -> Reply:
    text = "Extra usage is required for long context requests."
    body = _anthropic_body(text, "rate_limit_error")
    return Reply("anthropic", 429, body, text, ("context", None, None, None))


def anthropic_image_bytes(n: Numbers) -> Reply:
    limit = 5 * MIB
    size = limit + n.completion
    text = (
        "messages.0.content.1.image.source.base64: image exceeds 5 MB maximum: "
        f"{size} bytes > {limit} bytes"
    )
    return Reply("anthropic", 400, _anthropic_body(text), text, ("image", limit, size, None))


def anthropic_image_dimensions(n: Numbers) -> Reply:
    pixels = 1000 + n.completion % 9000
    text = (
        "messages.0.content.0.image.source.base64.data: image dimensions exceed max allowed "
        f"size: {pixels} pixels"
    )
    return Reply("anthropic", 400, _anthropic_body(text), text, ("image", pixels, None, None))


def anthropic_image_dimensions_details(n: Numbers) -> Reply:
    # The SDK raises its ImageDimensionsTooLargeError; the limit is only in the details.
    pixels = 1000 + n.completion % 9000
    text = "One or more images exceed the maximum dimensions."
    body = _anthropic_body(text)
    body["error"]["details"] = {
        "error_code": "image_dimensions_too_large",
        "max_side_length_pixels": pixels,
        "paths": ["messages.0.content.1"],
    }
    return Reply("anthropic", 400, body, text, ("image", pixels, None, None))


def anthropic_request_too_large_413(n: Numbers) -> Reply:
    text = "Request exceeds the maximum size"
    body = _anthropic_body(text, "request_too_large")
    return Reply("anthropic", 413, body, text, ("context", None, None, None))


def proxy_413_html(n: Numbers) -> Reply:
    text = "<html><head><title>413 Request Entity Too Large</title></head><body></body></html>"
    return Reply("openai", 413, text, text, ("context", None, None, None))


def groq_413_tokens_per_minute(n: Numbers) -> Reply:
    text = (
        "Request too large for model `llama-3.3-70b-versatile` in organization `org_01` "
        f"service tier `on_demand` on tokens per minute (TPM): Limit {n.window}, Requested "
        f"{n.prompt}, please reduce your message size and try again."
    )
    body = _openai_body(text, "rate_limit_exceeded")
    body["error"]["type"] = "tokens"
    return Reply("openai", 413, body, text, ("context", n.window, n.prompt, None))


def llama_cpp_exceed_context(n: Numbers) -> Reply:
    text = (
        f"request ({n.prompt} tokens) exceeds the available context size ({n.window} tokens), "
        "try increasing it"
    )
    error = {
        "code": 400,
        "message": text,
        "type": "exceed_context_size_error",
        "n_prompt_tokens": n.prompt,
        "n_ctx": n.window,
    }
    return Reply("openai", 400, {"error": error}, text, ("context", n.window, n.prompt, None))


def llama_cpp_exceed_context_fields_only(n: Numbers) -> Reply:
    text = "the request exceeds the available context size, try increasing it"
    error = {
        "code": 400,
        "message": text,
        "type": "exceed_context_size_error",
        "n_prompt_tokens": n.prompt,
        "n_ctx": n.window,
    }
    return Reply("openai", 400, {"error": error}, text, ("context", n.window, n.prompt, None))


def llama_cpp_physical_batch(n: Numbers) -> Reply:
    text = "input is too large to process. increase the physical batch size"
    body = {"error": {"code": 500, "message": text, "type": "server_error"}}
    return Reply("openai", 500, body, text, ("context", None, None, None))


def llama_cpp_python(n: Numbers) -> Reply:
    # The server rewrites "Requested tokens (P) exceed context window of W" like this.
    text = (
        f"This model's maximum context length is {n.window} tokens. However, you requested "
        f"{n.prompt + n.completion} tokens ({n.prompt} in the messages, {n.completion} in the "
        "completion). Please reduce the length of the messages or completion."
    )
    body = _openai_body(text, "context_length_exceeded", param="messages")
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, n.completion))


def llama_cpp_python_no_max_tokens(n: Numbers) -> Reply:
    text = (
        f"This model's maximum context length is {n.window} tokens. However, you requested "
        f"{n.prompt} tokens ({n.prompt} in the messages, None in the completion). Please "
        "reduce the length of the messages or completion."
    )
    body = _openai_body(text, "context_length_exceeded", param="messages")
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


def vllm_requested(n: Numbers) -> Reply:
    text = (
        f"This model's maximum context length is {n.window} tokens. However, you requested "
        f"{n.prompt + n.completion} tokens ({n.prompt} in the messages, {n.completion} in the "
        "completion). Please reduce the length of the messages or completion."
    )
    # Older vLLM answers with the error object at the top level.
    body = {
        "object": "error",
        "message": text,
        "type": "BadRequestError",
        "param": None,
        "code": 400,
    }
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, n.completion))


def vllm_max_tokens_too_large(n: Numbers) -> Reply:
    prompt = n.window - n.window // 4
    completion = n.window // 2
    text = (
        f"'max_tokens' or 'max_completion_tokens' is too large: {completion}. This model's "
        f"maximum context length is {n.window} tokens and your request has {prompt} input "
        f"tokens ({completion} > {n.window} - {prompt})."
    )
    body = {
        "error": {"message": text, "type": "BadRequestError", "param": "max_tokens", "code": 400}
    }
    return Reply("openai", 400, body, text, ("context", n.window, prompt, completion))


def vllm_prompt_total_length(n: Numbers) -> Reply:
    text = (
        f"The prompt (total length {n.prompt}) is too long to fit into the model (context "
        f"length {n.window}). Make sure that `max_model_len` is no smaller than the number "
        "of text tokens plus multimodal tokens."
    )
    body = {"error": {"message": text, "type": "BadRequestError", "param": None, "code": 400}}
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


def gemini_openai_endpoint(n: Numbers) -> Reply:
    # Gemini's OpenAI-compatible endpoint answers with a JSON list.
    text = (
        f"The input token count ({n.prompt}) exceeds the maximum number of tokens allowed "
        f"({n.window})."
    )
    body = [{"error": {"code": 400, "message": text, "status": "INVALID_ARGUMENT"}}]
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


def openrouter_wrapped_anthropic(n: Numbers) -> Reply:
    text = f"prompt is too long: {n.prompt} tokens > {n.window} maximum"
    raw = json.dumps(_anthropic_body(text))
    body = {
        "error": {
            "message": "Provider returned error",
            "code": 400,
            "metadata": {"raw": raw, "provider_name": "Anthropic"},
        },
        "user_id": "user_1",
    }
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


def openrouter_endpoint(n: Numbers) -> Reply:
    text = (
        f"This endpoint's maximum context length is {n.window} tokens. However, you requested "
        f"about {n.prompt + n.completion} tokens ({n.prompt} of text input, {n.completion} in "
        'the output). Please reduce the length of either one, or use the "middle-out" '
        "transform to compress your prompt automatically."
    )
    body = {"error": {"message": text, "code": 400, "metadata": {"provider_name": None}}}
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, n.completion))


def ollama_openai_endpoint(n: Numbers) -> Reply:
    text = f"prompt too long; exceeded max context length by {n.prompt - n.window} tokens"
    body = _openai_body(text)
    body["error"]["type"] = "api_error"
    return Reply("openai", 400, body, text, ("context", None, None, None))


def mistral(n: Numbers) -> Reply:
    text = (
        f"Prompt contains {n.prompt} tokens and 0 draft tokens, too large for model with "
        f"{n.window} maximum context length"
    )
    body = {
        "object": "error",
        "message": text,
        "type": "invalid_request_message_error",
        "param": None,
        "code": "3051",
    }
    return Reply("openai", 400, body, text, ("context", n.window, n.prompt, None))


RECOVERABLE: list[Callable[[Numbers], Reply]] = [
    openai_messages_resulted_in,
    openai_requested_with_completion,
    openai_responses_api,
    openai_max_tokens_too_large,
    openai_max_completion_tokens_too_large,
    anthropic_prompt_too_long,
    anthropic_input_and_max_tokens,
    anthropic_max_tokens,
    anthropic_long_context_429,
    anthropic_image_bytes,
    anthropic_image_dimensions,
    anthropic_image_dimensions_details,
    anthropic_request_too_large_413,
    proxy_413_html,
    groq_413_tokens_per_minute,
    llama_cpp_exceed_context,
    llama_cpp_exceed_context_fields_only,
    llama_cpp_physical_batch,
    llama_cpp_python,
    llama_cpp_python_no_max_tokens,
    vllm_requested,
    vllm_max_tokens_too_large,
    vllm_prompt_total_length,
    gemini_openai_endpoint,
    openrouter_wrapped_anthropic,
    openrouter_endpoint,
    ollama_openai_endpoint,
    mistral,
]
RECOVERY_MATRIX = [
    pytest.param(build(n), id=f"{build.__name__}-{i}")
    for build in RECOVERABLE
    for i, n in enumerate(numbers_for(build.__name__))
]


@pytest.mark.parametrize("reply", RECOVERY_MATRIX)
def test_the_sdk_error_is_classified_with_its_numbers(provider: ErrorServer, reply: Reply) -> None:
    error = provider.raise_from(reply.sdk, reply.status, reply.body)

    limit = classify_error(error)

    assert limit is not None, error
    kind, window, requested, completion = reply.expected
    assert limit == ProviderLimit(
        kind=kind,
        message=reply.message,
        status=reply.status,
        limit=window,
        requested=requested,
        completion=completion,
    )
    assert error_status(error) == reply.status
    assert error_message(error) == reply.message
    # The gateway hands over the decoded body and the status instead of an exception.
    assert classify_error(reply.body, status=reply.status) == limit


def test_the_sdks_build_the_exceptions_the_matrix_relies_on(provider: ErrorServer) -> None:
    """The shapes classify_error reads: openai keeps the inner error, anthropic the envelope."""
    n = numbers_for("shapes", 1)[0]
    reply = openai_messages_resulted_in(n)
    error = provider.raise_from("openai", reply.status, reply.body)
    assert isinstance(error, openai.BadRequestError)
    assert isinstance(reply.body, dict)
    assert error.body == reply.body["error"]
    assert error.code == "context_length_exceeded"
    assert error.message == f"Error code: 400 - {reply.message}"

    reply = anthropic_image_dimensions_details(n)
    error = provider.raise_from("anthropic", reply.status, reply.body)
    assert type(error).__name__ == "ImageDimensionsTooLargeError"
    assert error.body == reply.body
    # What str() gives changed between SDK releases (a dict repr before anthropic 2.17, the
    # status and message since): classify_error reads the body, never this text.
    found = classify_error(error)
    assert found is not None
    assert found == classify_error(reply.body, status=reply.status)


# ------------------------------------------------------------------- the negative matrix

NOT_OVERFLOWS = [
    pytest.param(
        "openai",
        401,
        _openai_body(
            "Incorrect API key provided: sk-abc. You can find your API key at "
            "https://platform.openai.com/account/api-keys.",
            "invalid_api_key",
        ),
        id="openai-401",
    ),
    pytest.param(
        "anthropic",
        401,
        _anthropic_body("invalid x-api-key", "authentication_error"),
        id="anthropic-401",
    ),
    pytest.param(
        "openai",
        403,
        _openai_body("Project does not have access to model `gpt-x`", "model_not_found"),
        id="openai-403",
    ),
    pytest.param(
        "anthropic",
        403,
        _anthropic_body(
            "Your API key does not have permission to use the specified resource.",
            "permission_error",
        ),
        id="anthropic-403",
    ),
    pytest.param(
        "openai",
        429,
        _openai_body(
            "Rate limit reached for gpt-4o in organization org-1 on tokens per min (TPM): "
            "Limit 30000, Used 29000, Requested 5000. Please try again in 8s.",
            "rate_limit_exceeded",
        ),
        id="openai-429-tpm",
    ),
    pytest.param(
        "openai",
        429,
        _openai_body(
            "Request too large for gpt-4o in organization org-1 on tokens per min (TPM): "
            "Limit 30000, Requested 45000. The input or output tokens must be reduced in order "
            "to run successfully.",
            "rate_limit_exceeded",
        ),
        id="openai-429-request-too-large-for-tpm",
    ),
    pytest.param(
        "openai",
        429,
        _openai_body(
            "You exceeded your current quota, please check your plan and billing details.",
            "insufficient_quota",
        ),
        id="openai-429-quota",
    ),
    pytest.param(
        "anthropic",
        429,
        _anthropic_body(
            "This request would exceed the rate limit for your organization (org-1) of 30,000 "
            "input tokens per minute. For details, refer to the rate limits documentation.",
            "rate_limit_error",
        ),
        id="anthropic-429-input-tokens-per-minute",
    ),
    pytest.param(
        "anthropic",
        429,
        _anthropic_body(
            "Number of request tokens has exceeded your per-minute rate limit", "rate_limit_error"
        ),
        id="anthropic-429-request-tokens",
    ),
    pytest.param(
        "openai",
        500,
        _openai_body("The server had an error while processing your request. Sorry about that!"),
        id="openai-500",
    ),
    pytest.param(
        "anthropic", 500, _anthropic_body("Internal server error", "api_error"), id="anthropic-500"
    ),
    pytest.param(
        "anthropic", 529, _anthropic_body("Overloaded", "overloaded_error"), id="anthropic-529"
    ),
    pytest.param(
        "openai",
        404,
        _openai_body(
            "The model `gpt-9` does not exist or you do not have access to it.", "model_not_found"
        ),
        id="openai-404-model",
    ),
    pytest.param(
        "anthropic",
        404,
        _anthropic_body("model: claude-9", "not_found_error"),
        id="anthropic-404-model",
    ),
    pytest.param(
        "openai",
        400,
        _openai_body(
            "Invalid schema for function 'get_weather': In context=(), 'required' is required "
            "to be supplied and to be an array including every key in properties. Missing "
            "'city'.",
            "invalid_function_parameters",
        ),
        id="openai-400-tool-schema",
    ),
    pytest.param(
        "anthropic",
        400,
        _anthropic_body(
            "tools.0.custom.input_schema: JSON schema is invalid. It must match "
            "JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12)."
        ),
        id="anthropic-400-tool-schema",
    ),
    pytest.param(
        "openai",
        400,
        {
            "object": "error",
            "message": "max_tokens must be at least 1, got 0.",
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        },
        id="vllm-400-max-tokens-at-least-1",
    ),
    pytest.param(
        "openai",
        400,
        _openai_body(
            "Invalid 'max_tokens': integer below minimum value. Expected a value >= 1, "
            "but got 0 instead.",
            "integer_below_min_value",
        ),
        id="openai-400-max-tokens-below-minimum",
    ),
    pytest.param(
        "openai",
        400,
        _openai_body(
            "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, "
            "but got 3 instead.",
            "decimal_above_max_value",
        ),
        id="openai-400-temperature-above-maximum",
    ),
    pytest.param(
        "anthropic",
        400,
        _anthropic_body(
            "`max_tokens` must be greater than `thinking.budget_tokens`. Please "
            "consult our documentation at https://docs.claude.com/en/docs/build-"
            "with-claude/extended-thinking#max-tokens-and-context-window-size"
        ),
        id="anthropic-400-thinking-budget",
    ),
    pytest.param(
        "openai",
        400,
        _openai_body(
            "Your request was rejected as a result of our safety system.",
            "content_policy_violation",
        ),
        id="openai-400-content-policy",
    ),
    pytest.param(
        "openai",
        400,
        _openai_body(
            "The response was filtered due to the prompt triggering Azure OpenAI's "
            "content management policy.",
            "content_filter",
        ),
        id="azure-400-content-filter",
    ),
]


@pytest.mark.parametrize(("sdk", "status", "body"), NOT_OVERFLOWS)
def test_other_errors_are_not_overflows(
    provider: ErrorServer, sdk: Sdk, status: int, body: object
) -> None:
    error = provider.raise_from(sdk, status, body)
    assert classify_error(error) is None
    assert classify_error(body, status=status) is None
    assert error_status(error) == status


def test_connection_errors_are_not_overflows() -> None:
    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    refused = [_raised_by("openai", url), _raised_by("anthropic", url)]
    assert isinstance(refused[0], openai.APIConnectionError)
    assert isinstance(refused[1], anthropic.APIConnectionError)
    request = httpx2.Request("POST", f"{url}/v1/chat/completions")
    for error in (
        *refused,
        openai.APITimeoutError(request=request),
        ConnectionResetError("Connection reset by peer"),
    ):
        assert classify_error(error) is None
        assert error_status(error) is None


NOT_OVERFLOW_WORDINGS = [
    "Could not finish the message because max_tokens or model output limit was reached. "
    "Please try again with higher max_tokens.",
    "Invalid 'messages[1].content': string too long. Expected a string with maximum length "
    "10485760, but got a string with length 12000000 instead.",
    "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an "
    "array with length 200 instead.",
    "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got "
    "8 instead.",
    "max_tokens: Input should be greater than or equal to 1",
    "thinking.budget_tokens: Input should be greater than or equal to 1024",
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    "messages: text content blocks must be non-empty",
    "An assistant message with 'tool_calls' must be followed by tool messages responding to "
    "each 'tool_call_id'.",
    "The long context beta is not yet available for this subscription.",
    "Resource has been exhausted (e.g. check quota).",
    "Number of concurrent connections has exceeded your rate limit.",
    "Too many tokens, please wait before trying again.",
    "Request too large for gpt-4o in organization org-1 on tokens per min (TPM): Limit 30000, "
    "Requested 45000.",
    "Request timed out.",
    "Connection error.",
]


@pytest.mark.parametrize("text", NOT_OVERFLOW_WORDINGS)
def test_other_wordings_are_not_overflows(text: str) -> None:
    assert classify_error(RuntimeError(text)) is None
    assert classify_error({"error": {"message": text}}) is None


# -------------------------------------------------------------------- the wording table


@dataclass(frozen=True)
class Wording:
    name: str
    kind: OverflowKind
    template: str
    """``{L}`` window/cap, ``{P}`` prompt/asked, ``{C}`` completion, ``{T}`` P+C, ``{L1}``
    L+1, ``{MB}`` a size in MB, ``{LB}`` that size in bytes, ``{PB}`` a larger size."""
    limit: str | None = None
    requested: str | None = None
    completion: str | None = None


# fmt: off
WORDINGS = [
    Wording("openai-legacy", "context",
            "This model's maximum context length is {L} tokens, however you requested {T} "
            "tokens ({P} in your prompt; {C} for the completion). Please reduce your prompt; or"
            " completion length.", "L", "P", "C"),
    Wording("openai-functions", "context",
            "This model's maximum context length is {L} tokens. However, your messages resulted"
            " in {P} tokens (100 in the messages, 20 in the functions). Please reduce the "
            "length of the messages or functions.", "L", "P"),
    Wording("openai-output-responses", "output_cap",
            "Invalid 'max_output_tokens': integer above maximum value. Expected a value <= {L},"
            " but got {P} instead.", "L", "P"),
    Wording("vllm-request-has", "context",
            "This model's maximum context length is {L} tokens. However, your request has {P} "
            "input tokens. Please reduce the length of the input messages.", "L", "P"),
    Wording("vllm-output-and-prompt", "context",
            "This model's maximum context length is {L} tokens. However, you requested {C} "
            "output tokens and your prompt contains at least {P} input tokens, for a total of "
            "at least {T} tokens. Please reduce the length of the input prompt or the number of"
            " requested output tokens.", "L", "P", "C"),
    Wording("vllm-input-prompt", "context",
            "Input prompt ({P} tokens) is too long and exceeds limit of {L}", "L", "P"),
    Wording("vllm-decoder-prompt", "context",
            "The decoder prompt (length {P}) is longer than the maximum model length of {L}. "
            "Make sure that `max_model_len` is no smaller than the number of text tokens.",
            "L", "P"),
    Wording("llama-cpp-python-raw", "context",
            "Requested tokens ({P}) exceed context window of {L}", "L", "P"),
    Wording("llama-cpp-old", "context", "context size exceeded"),
    Wording("ollama-embed", "context", "input length exceeds maximum context length"),
    Wording("ollama-embed-new", "context", "the input length exceeds the context length"),
    Wording("gemini-native", "context",
            "The input token count ({P}) exceeds the maximum number of tokens allowed ({L}).",
            "L", "P"),
    Wording("vertex-max-output", "output_cap",
            "Unable to submit request because it has a maxOutputTokens value of {P} but the "
            "supported range is from 1 (inclusive) to {L1} (exclusive). Update the value and "
            "try again.", "L", "P"),
    Wording("mistral-no-draft", "context",
            "Prompt contains {P} tokens, too large for model with {L} maximum context length",
            "L", "P"),
    Wording("bedrock-input", "context", "Input is too long for requested model."),
    Wording("gemini-payload", "context", "Request payload size exceeds the limit: {LB} bytes."),
    Wording("bedrock-max-tokens", "output_cap",
            "The maximum tokens you requested exceeds the model limit of {L}. Try again with a "
            "maximum tokens value that is lower than {L}.", "L"),
    Wording("cohere", "context",
            "too many tokens: total number of tokens in the prompt cannot exceed {L} - received"
            " {P}. Try using a shorter prompt, or enabling prompt truncating.", "L", "P"),
    Wording("cohere-v2", "context",
            "too many tokens: size limit exceeded by {C} tokens. Try using shorter or fewer "
            "inputs, or setting truncate=END."),
    Wording("tgi", "context",
            "Input validation error: `inputs` tokens + `max_new_tokens` must be <= {L}. Given: "
            "{P} `inputs` tokens and {C} `max_new_tokens`", "L", "P", "C"),
    Wording("tgi-inputs", "context",
            "Input validation error: `inputs` must have less than {L} tokens. Given: {P}",
            "L", "P"),
    Wording("xai", "context",
            "This model's maximum prompt length is {L} but the request contains {P} tokens.",
            "L", "P"),
    Wording("together", "context",
            "The input ({P} tokens) is longer than the model's context length ({L} tokens).",
            "L", "P"),
    Wording("fireworks", "context",
            "The prompt is too long: {P}, model maximum context length: {L}", "L", "P"),
    Wording("kimi", "context",
            "Your request exceeded model token limit: {L} (requested: {P})", "L", "P"),
    Wording("dashscope", "context", "Range of input length should be [1, {L}]", "L"),
    Wording("dashscope-max-tokens", "output_cap", "Range of max_tokens should be [1, {L}]", "L"),
    Wording("lm-studio", "context",
            "The number of tokens to keep from the initial prompt is greater than the context "
            "length"),
    Wording("zai", "context", "model_context_window_exceeded"),
    Wording("litellm", "context",
            "litellm.ContextWindowExceededError: litellm.BadRequestError: model's context "
            "window exceeded"),
    Wording("generic-token-limit", "context", "Token limit exceeded for this request"),
    Wording("generic-reduce", "context", "Please reduce the length of the messages or completion."),
    Wording("generic-max-tokens", "output_cap", "max_tokens must be less than or equal to {L}"),
    Wording("openai-image-size", "image", "Image size {PB} exceeds the limit of {LB} bytes."),
    Wording("openai-image-too-large", "image", "Image too large: max {MB}MB"),
    Wording("openai-image-url", "image",
            "Invalid 'messages[1].content[0].image_url.url': string too long. Expected a string"
            " with maximum length {L}, but got a string with length {P} instead.", "L", "P"),
    Wording("anthropic-image-many", "image",
            "messages.0.content.0.image.source.base64.data: At least one of the image "
            "dimensions exceed max allowed size for many-image requests: {L} pixels", "L"),
    Wording("anthropic-image-mb-only", "image", "image exceeds {MB} MB maximum", "MB_AS_BYTES"),
    Wording("too-many-images", "image", "Too many images in the request (max 100)."),
]
# fmt: on


def _format(numbers: dict[str, int], separator: str) -> dict[str, str]:
    def show(n: int) -> str:
        return f"{n:,}".replace(",", separator) if separator else str(n)

    return {key: show(value) for key, value in numbers.items()}


@settings(max_examples=20, deadline=None)
@given(
    window=st.integers(1_000, 2_000_000),
    over=st.integers(1, 1_000_000),
    completion=st.integers(1, 200_000),
    megabytes=st.integers(1, 64),
    separator=st.sampled_from(["", ",", "_", "\u202f"]),
    upper=st.booleans(),
)
@pytest.mark.parametrize("wording", [pytest.param(w, id=w.name) for w in WORDINGS])
def test_every_wording_is_recognised_with_its_numbers(
    wording: Wording,
    window: int,
    over: int,
    completion: int,
    megabytes: int,
    separator: str,
    upper: bool,
) -> None:
    numbers = {
        "L": window,
        "P": window + over,
        "C": completion,
        "T": window + over + completion,
        "L1": window + 1,
        "MB": megabytes,
        "LB": megabytes * MIB,
        "PB": megabytes * MIB + over,
    }
    text = wording.template.format(**_format(numbers, separator))
    text = text.upper() if upper else text
    expected_numbers = {**numbers, "MB_AS_BYTES": megabytes * MIB}

    def value(key: str | None) -> int | None:
        return None if key is None else expected_numbers[key]

    expected = ProviderLimit(
        kind=wording.kind,
        message=text,
        status=None,
        limit=value(wording.limit),
        requested=value(wording.requested),
        completion=value(wording.completion),
    )
    assert classify_error(ValueError(text)) == expected
    as_body = classify_error(
        {"error": {"message": text, "type": "invalid_request_error"}}, status=400
    )
    assert as_body is not None
    assert (as_body.kind, as_body.limit, as_body.requested, as_body.completion, as_body.status) == (
        expected.kind,
        expected.limit,
        expected.requested,
        expected.completion,
        400,
    )


# ------------------------------------------------------------------------------ edge cases


def test_thousands_separators_are_read() -> None:
    limit = classify_error(RuntimeError("prompt is too long: 1,048,577 tokens > 1,000,000 maximum"))
    assert limit is not None
    assert (limit.limit, limit.requested) == (1_000_000, 1_048_577)
    limit = classify_error(
        "This model's maximum context length is 128,000 tokens. However, you requested 130,048 "
        "tokens (128,000 in the messages, 2,048 in the completion)."
    )
    assert limit is not None
    assert (limit.limit, limit.requested, limit.completion) == (128_000, 128_000, 2_048)


def test_a_mapping_body_takes_its_status_from_the_keyword() -> None:
    body = {
        "type": "error",
        "error": {"type": "request_too_large", "message": "Request exceeds the maximum size"},
    }
    assert classify_error(body, status=413) == ProviderLimit(
        "context", "Request exceeds the maximum size", 413
    )
    # Without a status the error type still says what happened.
    assert classify_error(body) == ProviderLimit(
        "context", "Request exceeds the maximum size", None
    )
    # A 413 with nothing readable is still a request that was too large.
    assert classify_error({}, status=413) == ProviderLimit("context", "", 413)
    # The keyword wins over a status the body states.
    overflow = {"error": {"code": 400, "message": "prompt is too long: 5 tokens > 4 maximum"}}
    assert classify_error(overflow) == ProviderLimit(
        "context", "prompt is too long: 5 tokens > 4 maximum", 400, limit=4, requested=5
    )
    assert classify_error(overflow, status=401) is None
    assert error_status(overflow) == 400


def test_a_long_context_rate_limit_without_a_status_is_read_from_the_body() -> None:
    long_context = _anthropic_body(
        "Extra usage is required for long context requests.", "rate_limit_error"
    )
    plain = _anthropic_body(
        "Number of request tokens has exceeded your per-minute rate limit", "rate_limit_error"
    )
    limit = classify_error(long_context)
    assert limit is not None
    assert limit.kind == "context"
    assert classify_error(plain) is None
    assert classify_error(plain, status=429) is None


def test_exceptions_of_any_shape() -> None:
    class Bare(Exception):
        pass

    assert classify_error(Bare()) is None
    assert error_message(Bare()) == ""
    assert error_status(Bare()) is None

    class GatewayError(Exception):
        status_code = 413

    limit = classify_error(GatewayError())
    assert limit == ProviderLimit("context", "", 413)

    class HttpStatusError(Exception):
        def __init__(self, message: str, status: int) -> None:
            super().__init__(message)
            self.response = httpx2.Response(status)

    wrapped = HttpStatusError("Client error '400 Bad Request': prompt too long", 400)
    assert error_status(wrapped) == 400
    limit = classify_error(wrapped)
    assert limit is not None
    assert limit.kind == "context"

    class ClientError(Exception):  # botocore's shape
        def __init__(self, code: str, message: str, status: int) -> None:
            super().__init__(
                f"An error occurred ({code}) when calling the Converse operation: {message}"
            )
            self.response = {
                "Error": {"Code": code, "Message": message},
                "ResponseMetadata": {"HTTPStatusCode": status},
            }

    too_long = ClientError("ValidationException", "Input is too long for requested model.", 400)
    assert classify_error(too_long) == ProviderLimit(
        "context", "Input is too long for requested model.", 400
    )
    throttled = ClientError(
        "ThrottlingException", "Too many tokens, please wait before trying again.", 429
    )
    assert classify_error(throttled) is None
    assert classify_error(RuntimeError("Too many tokens, please wait before trying again.")) is None

    # A status in the text of an exception that carries no attributes.
    assert error_status(RuntimeError("Error code: 413 - request entity too large")) == 413
    assert error_status(RuntimeError("413 status code (no body)")) == 413


def test_odd_input_never_raises() -> None:
    class Hostile(Exception):
        @property
        def body(self) -> object:
            raise RuntimeError("no body for you")

        @property
        def status_code(self) -> int:
            raise RuntimeError("no status either")

        def __str__(self) -> str:
            raise RuntimeError("not even a string")

    cyclic: dict[str, Any] = {"error": {}}
    cyclic["error"]["error"] = cyclic
    deep: dict[str, Any] = {"message": "context window exceeded"}
    for _ in range(10_000):
        deep = {"error": deep}
    for odd in (Hostile(), None, 42, object(), cyclic, deep, b"\xff\xfe", [[[]]], {1: 2}):
        assert classify_error(odd) is None
        assert isinstance(error_message(odd), str)
        error_status(odd)
    assert classify_error("prompt too long", status=True) is not None  # a bool is not a status


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["error", "message", "code", "type", "raw", "detail", "n_ctx", "x"])
            | st.text(max_size=5),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(body=JSON, status=st.none() | st.integers(-5, 1_000))
def test_any_json_body_gives_a_limit_or_none(body: object, status: int | None) -> None:
    result = classify_error(body, status=status)
    assert result is None or isinstance(result, ProviderLimit)
    assert isinstance(error_message(body), str)
