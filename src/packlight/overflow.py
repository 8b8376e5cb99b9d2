"""Read a provider's error and say whether the request broke a limit the Session can recover from.

A live agent loop sends a request and the provider rejects it. :func:`classify_error` looks at
what was raised (an ``openai`` or ``anthropic`` SDK exception, any exception with a status, a
plain exception, or a JSON error body) and answers with a :class:`ProviderLimit`, or ``None``
when the error is something else and should be re-raised unchanged::

    kind         what the provider refused                     what the Session does
    context      the prompt (with max_tokens) exceeds the      compact the transcript, retry
                 window, or the request is too large (413)
    output_cap   max_tokens is above the model's output cap    lower max_tokens, retry
    image        an image is over the size or dimension cap    shrink or strip images, retry

Recognised wordings (case-insensitive; ``N`` is a number, thousands separators allowed). The
specific wordings are tried before the general ones and give the numbers they state; the
general ones only give the kind. A status or code decides when no wording matches::

    provider            wording                                                     kind
    any                 HTTP 413 (Groq's "Limit N, Requested N" read when stated);  context
                          "Request Entity Too Large"; "payload too large"
    OpenAI, vLLM,       "maximum context length is N tokens. However, you           context
      DeepSeek, Groq,     requested N tokens (N in the messages, N in the
      llama-cpp-python    completion)"; "... your messages resulted in N tokens";
                          "... your request has N input tokens"
    OpenAI (legacy)     "..., however you requested N tokens (N in your prompt;     context
                          N for the completion)"
    OpenAI              code context_length_exceeded; Responses API "Your input     context
                          exceeds the context window of this model"
    OpenRouter          "This endpoint's maximum context length is N tokens.        context
                          However, you requested about N tokens (..., N in the
                          output)"; upstream bodies inside error.metadata.raw
    OpenAI              "max_tokens is too large: N. This model supports at most    output_cap
                          N completion tokens" (also max_completion_tokens);
                          "Invalid 'max_output_tokens': integer above maximum
                          value. Expected a value <= N, but got N instead."
    Anthropic           "prompt is too long: N tokens > N maximum"                  context
    Anthropic           "input length and `max_tokens` exceed context limit:        context
                          N + N > N"
    Anthropic           413 request_too_large "Request exceeds the maximum size"    context
    Anthropic           429 rate_limit_error mentioning "long context" ("Extra      context
                          usage is required for long context requests.")
    Anthropic           "max_tokens: N > N, which is the maximum allowed number     output_cap
                          of output tokens for <model>"
    Anthropic           "image exceeds N MB maximum: N bytes > N bytes";            image
                          "image dimensions exceed max allowed size: N pixels";
                          code image_dimensions_too_large (details.max_side_...)
    OpenAI and others   "Image too large"; "image size ... exceeds";                image
                          "image_url ...: string too long"; "too many images"
    llama.cpp server    "request (N tokens) exceeds the available context size      context
                          (N tokens), try increasing it" (numbers also from the
                          error's n_prompt_tokens / n_ctx); exceed_context_size_
                          error; "input is too large to process. increase the
                          physical batch size"; "context size exceeded"
    llama-cpp-python    "Requested tokens (N) exceed context window of N"           context
    vLLM                "'max_tokens' or 'max_completion_tokens' is too large: N.   context
                          This model's maximum context length is N tokens and
                          your request has N input tokens (N > N - N)"
    vLLM                "you requested N output tokens and your prompt contains     context
                          at least N input tokens"; "The prompt (total length N)
                          is too long to fit into the model (context length N)";
                          "Input prompt (N tokens) is too long and exceeds limit
                          of N"; "The decoder prompt (length N) is longer than
                          the maximum model length of N"
    TGI, Together       "`inputs` tokens + `max_new_tokens` must be <= N. Given:    context
                          N `inputs` tokens and N `max_new_tokens`"; "`inputs`
                          must have less than N tokens. Given: N"; "The input (N
                          tokens) is longer than the model's context length (N
                          tokens)"
    Ollama              "input length exceeds maximum context length"; "prompt      context
                          too long; exceeded max context length by N tokens"
    Gemini              "The input token count (N) exceeds the maximum number of    context
                          tokens allowed (N)."; "Request payload size exceeds the
                          limit: N bytes"; the OpenAI endpoint's list-shaped body
    Vertex AI           "maxOutputTokens value of N but the supported range is      output_cap
                          from 1 (inclusive) to N (exclusive)"
    Mistral             "Prompt contains N tokens and N draft tokens, too large     context
                          for model with N maximum context length"
    Cohere              "too many tokens: total number of tokens in the prompt      context
                          cannot exceed N - received N"
    xAI                 "maximum prompt length is N but the request contains N      context
                          tokens"
    Fireworks           "The prompt is too long: N, model maximum context           context
                          length: N"
    Kimi, DashScope     "exceeded model token limit: N (requested: N)"; "total      context
                          message size N exceeds limit N"; "Range of input
                          length should be [1, N]"
    DashScope           "Range of max_tokens should be [1, N]"                      output_cap
    Bedrock             "Input is too long for requested model"; "The maximum       context /
                          tokens you requested exceeds the model limit of N"        output_cap
    general             "maximum context length"; "context window/length/size"      context
                          next to "exceed"/"too long"/"overflow"; "prompt/input/
                          request is too long/large"; "too many tokens"; "token
                          limit exceeded"; "reduce the length of the messages"
    general             "max_tokens is too large / exceeds / must be <= ..."        output_cap

Never an overflow (``None``): 401, 402, 403, 404, 405 and 407 whatever they say; rate limits (a
429, or with no status a rate-limit code or wording such as "per minute" or "please wait")
unless they mention long context, so OpenAI's 429 "Request too large for gpt-4o ... on tokens
per min" is left to the caller's retry policy; server errors that say nothing about size;
validation errors such as "max_tokens must be at least 1" or "Could not finish the message
because max_tokens ... was reached"; tool schema errors; content policy refusals.

Pure: nothing here performs I/O or imports an SDK; exceptions are read through their
attributes (``status_code``, ``body``, ``message``, ``code``, ``type``, ``error_code``,
``response``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

__all__ = [
    "OverflowKind",
    "ProviderLimit",
    "classify_error",
    "error_message",
    "error_status",
]

OverflowKind = Literal["context", "output_cap", "image"]


@dataclass(frozen=True, slots=True)
class ProviderLimit:
    """What a provider's error says about a limit the request broke."""

    kind: OverflowKind
    """``context``: compact and retry; ``output_cap``: lower max_tokens; ``image``: shrink."""
    message: str
    """The provider's own error text (the most specific one found in the body)."""
    status: int | None
    """The HTTP status, when known."""
    limit: int | None = None
    """context: the window in tokens; output_cap: the largest max_tokens allowed; image: the
    largest size allowed, in bytes (or in pixels for a dimension limit)."""
    requested: int | None = None
    """context: the prompt tokens the request had; output_cap: the max_tokens requested;
    image: the image's size in bytes."""
    completion: int | None = None
    """context: the tokens requested for the completion, when the error states them."""


# ---------------------------------------------------------------------------------- wordings

# "200000", "200,000", "200_000" (and narrow/no-break spaces as separators).
_NUMBER: Final = r"(?<!\d)(?:\d{1,3}(?:[,_\u00a0\u202f]\d{3})+(?!\d)|\d+)"
_MIB: Final = 1024 * 1024


def _pattern(text: str) -> re.Pattern[str]:
    """Compile ``text``; ``<name>`` in it captures a number into the group ``name``.

    The group names say what the number is: ``limit``, ``requested``, ``completion``,
    ``total`` (prompt plus completion), ``limit_exclusive`` (one above the limit) and
    ``limit_mib`` (the limit in mebibytes).
    """
    expanded = re.sub(r"<(\w+)>", lambda m: f"(?P<{m[1]}>{_NUMBER})", text)
    return re.compile(expanded, re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Wording:
    kind: OverflowKind
    provider: str
    """Who says it (for the reader; the docstring's table lists them)."""
    pattern: re.Pattern[str]


def _table(*rows: tuple[OverflowKind, str, str]) -> tuple[_Wording, ...]:
    return tuple(_Wording(kind, provider, _pattern(text)) for kind, provider, text in rows)


# "(7452 in the messages, 2048 in the completion)", "(... 8000 in the output)",
# "(1000 in your prompt; 4000 for the completion)".
_BREAKDOWN: Final = (
    r"(?:\s*\((?:[^()]{0,200}?[,;]\s*)?<completion> (?:tokens )?(?:in|for) the "
    r"(?:completion|output)\))?"
)
_Q: Final = r"[`'\"]?"  # a quote around a parameter name, or none
_CONTEXT_NOUN: Final = r"context[\s_-]?(?:window|length|size|limit)"

# A table is easier to read aligned than exploded one argument per line.
# fmt: off

# Specific wordings first: they state numbers, and some contain words the general ones look
# for (vLLM's "'max_tokens' ... is too large" is a context overflow).
_SPECIFIC: Final = _table(
    ("context", "vLLM",
     r"is too large: <completion>\.\s*this model's maximum context length is <limit> tokens "
     r"and your request has <requested> input tokens"),
    ("context", "vLLM",
     r"maximum context length is <limit> tokens?[.,;]?\s*however,? you requested <completion> "
     r"output tokens and your prompt contains (?:at least )?<requested> input tokens"),
    ("context", "OpenAI, vLLM, OpenRouter, llama-cpp-python",
     r"maximum context length is <limit> tokens?[.,;]?\s*however,?\s*(?:you requested|your "
     r"messages resulted in|your request has|your prompt (?:has|contains)) (?:about |at least )?"
     r"<total> (?:input |prompt )?tokens?" + _BREAKDOWN),
    ("context", "Anthropic", r"prompt is too long: <requested> tokens? > <limit> maximum"),
    ("context", "Anthropic",
     rf"input length and {_Q}max_tokens{_Q} exceed context limit: <requested> \+ <completion> "
     r"> <limit>"),
    ("context", "llama.cpp",
     r"request(?: \(<requested> tokens?\))? exceeds the available context size"
     r"(?: \(<limit> tokens?\))?"),
    ("context", "llama-cpp-python",
     r"requested tokens? \(<requested>\) exceeds? (?:the )?context window of <limit>"),
    ("context", "vLLM",
     r"prompt \(total length <requested>\) is too long to fit into the model "
     r"\(context length <limit>\)"),
    ("context", "vLLM",
     r"input prompt \(<requested> tokens?\) is too long and exceeds limit of <limit>"),
    ("context", "vLLM",
     r"prompt \(length <requested>\) is longer than the maximum model length of <limit>"),
    ("context", "Gemini",
     r"input token count \(?<requested>\)? exceeds the maximum number of tokens allowed "
     r"\(?<limit>\)?"),
    ("context", "Mistral",
     r"prompt contains <requested> tokens?(?: and [^,]{0,60}?)?,? too large for model with "
     r"<limit> maximum context length"),
    ("context", "Cohere",
     r"tokens in the prompt cannot exceed <limit>\s*-\s*received <requested>"),
    ("context", "TGI, Together",
     rf"{_Q}inputs{_Q} tokens \+ {_Q}max_new_tokens{_Q} must be <= <limit>\.\s*given: "
     rf"<requested> {_Q}inputs{_Q} tokens and <completion> {_Q}max_new_tokens"),
    ("context", "TGI",
     rf"{_Q}inputs{_Q} must have less than <limit> tokens\.\s*given: <requested>"),
    ("context", "xAI",
     r"maximum prompt length is <limit>(?: tokens)?,? but the request contains <requested> "
     r"tokens"),
    ("context", "Together",
     r"input \(<requested> tokens?\) is longer than the model's context length "
     r"\(<limit> tokens?\)"),
    ("context", "various",
     r"input length \(<requested>\) exceeds (?:the )?model's maximum context length "
     r"\(<limit>\)"),
    ("context", "various",
     r"prompt has <requested> tokens?, but the configured context size is <limit>"),
    ("context", "various", r"maximum context length of <limit> tokens"),
    ("context", "Fireworks",
     r"prompt is too long: <requested>, model maximum context length: <limit>"),
    ("context", "Kimi", r"exceeded model token limit: <limit> \(requested: <requested>\)"),
    ("context", "Kimi", r"total message size <requested> exceeds limit <limit>"),
    ("context", "DashScope", r"range of input length should be \[\d+,\s*<limit>\]"),
    ("output_cap", "OpenAI",
     r"max_(?:completion_)?tokens\W{0,2} is too large: <requested>\.\s*this model supports "
     r"at most <limit> completion tokens"),
    ("output_cap", "Anthropic",
     rf"max_tokens{_Q}: <requested> > <limit>, which is the maximum allowed number of output "
     r"tokens"),
    ("output_cap", "OpenAI",
     r"max_(?:output_|completion_)?tokens\W{0,2}: integer above maximum value\.\s*expected a "
     r"value <= <limit>, but got <requested>"),
    ("output_cap", "Vertex AI",
     r"max_?output_?tokens value of <requested> but the supported range is from \d+ "
     r"\(inclusive\) to <limit_exclusive> \(exclusive\)"),
    ("output_cap", "Bedrock",
     r"maximum tokens you requested exceeds the model limit of <limit>"),
    ("output_cap", "DashScope", r"range of max_tokens should be \[\d+,\s*<limit>\]"),
    ("image", "OpenAI",
     r"image_url[\w.\[\]'\"]*: string too long\.(?:\s*expected a string with maximum length "
     r"<limit>, but got a string with length <requested>)?"),
    ("image", "Anthropic",
     r"image exceeds <limit_mib> ?MB maximum(?::\s*<requested> bytes > <limit> bytes)?"),
    ("image", "Anthropic",
     r"image dimensions exceed max allowed size[^:]{0,40}:\s*<limit> pixels"),
)

# General wordings give the kind only. Context first: "input length and max_tokens exceed
# context limit" is a context overflow whatever else it says about max_tokens.
_GENERAL: Final = _table(
    ("context", "general", r"maximum context length"),
    ("context", "general",
     r"(?:exceed\w*|too long|too large|longer than|larger than|greater than|beyond)\W+"
     rf"(?:\w+\W+){{0,4}}?{_CONTEXT_NOUN}"),
    ("context", "general",
     rf"{_CONTEXT_NOUN}[\W_]*(?:\w+\W+){{0,4}}?(?:exceed\w*|too (?:long|large|small)|overflow)"),
    ("context", "general",
     r"\b(?:prompt|input|request|messages?|conversation)s?\s+(?:is\s+|are\s+|was\s+)?too\s+"
     r"(?:long|large)"),
    ("context", "general",
     r"\b(?:prompt|input|request)(?:[\s_-](?:token count|tokens?|length|size))?\s+"
     r"(?:has\s+|have\s+)?exceed\w*\s+(?:the\s+)?(?:max\w*|limit|context|model)"),
    ("context", "general",
     r"request entity too large|payload too large|content too large|payload size exceeds"),
    ("context", "general", r"too many (?:input |prompt |total )?tokens"),
    ("context", "general",
     r"token limit\W+(?:\w+\W+){0,2}?exceed\w*|exceed\w*\W+(?:\w+\W+){0,3}?token limit"),
    ("context", "general", r"reduce the length of the messages"),
    ("output_cap", "general",
     r"max[\s_-]?(?:completion[\s_-]|output[\s_-]|new[\s_-])?tokens\W{0,3}\s*(?:is\s+)?"
     r"(?:too (?:large|high)|exceed\w*|must be (?:<=|less than|at most|no (?:greater|more) "
     r"than|smaller than))"),
    ("output_cap", "general",
     r"max(?:imum)? (?:allowed )?(?:number of )?(?:output|completion) tokens"),
    ("image", "general",
     r"\bimages?\b[^.\n]{0,80}?(?:too (?:large|big|long)|exceed\w*|larger than)"),
    ("image", "general", r"too many images"),
)

# fmt: on

_WORDINGS: Final = _SPECIFIC + _GENERAL

# A rate-limited request is only an overflow when the provider says long context is the issue.
_LONG_CONTEXT: Final = _Wording("context", "Anthropic", _pattern(r"long[\s-]context"))
_RATE_LIMIT_WORDING: Final = re.compile(
    r"rate[\s_-]?limit|per[\s-]min(?:ute)?\b|\b[TR]P[MD]\b|quota|please wait|throttl"
    r"|too many requests|try again later",
    re.IGNORECASE,
)
_RATE_LIMIT_CODES: Final = frozenset(
    {
        "rate_limit_error",
        "rate_limit_exceeded",
        "insufficient_quota",
        "throttlingexception",
        "resource_exhausted",
        "too_many_requests",
    }
)
_CONTEXT_CODES: Final = frozenset(
    {
        "context_length_exceeded",
        "context_window_exceeded",
        "model_context_window_exceeded",
        "exceed_context_size_error",
        "request_too_large",
        "request_body_too_large_after_decoding",
        "payload_too_large",
        "prompt_too_long",
        "input_too_long",
    }
)
_IMAGE_CODES: Final = frozenset({"image_dimensions_too_large", "image_too_large"})
_CONTEXT_EXCEPTION_NAME: Final = re.compile(
    r"context(?:window|length)exceeded|contextoverflow|prompttoolong", re.IGNORECASE
)
# Statuses that mean something else whatever the body says (auth, billing, routing).
_NEVER_OVERFLOW: Final = frozenset({401, 402, 403, 404, 405, 407})
# Groq's 413 states its tokens-per-minute budget: "Limit 6000, Requested 7000".
_TOO_LARGE_NUMBERS: Final = _pattern(r"\blimit:? <limit>\W+requested:? <requested>")

# --------------------------------------------------------------------------- reading an error

_MESSAGE_KEYS: Final = frozenset(
    {"message", "msg", "detail", "error", "raw", "error_message", "errormessage"}
)
_CODE_KEYS: Final = frozenset({"code", "type", "error_code", "status", "__type"})
_NUMBER_KEYS: Final = frozenset({"n_ctx", "n_prompt_tokens", "max_side_length_pixels"})
_SDK_PREFIX: Final = re.compile(r"^\s*error code:\s*\d{3}\s*-\s*", re.IGNORECASE)
_STATUS_IN_TEXT: Final = re.compile(
    r"^\s*(?:error code:?|http(?:\s+error)?:?)\s*(?P<a>[1-5]\d\d)\b"
    r"|^\s*(?P<b>[1-5]\d\d) status code\b",
    re.IGNORECASE,
)
# Bodies are small JSON documents; these bounds only stop a hostile or cyclic one.
_MAX_DEPTH: Final = 8
_MAX_NODES: Final = 2_000
_MAX_TEXT: Final = 20_000


@dataclass(slots=True)
class _Evidence:
    """Everything one error says, gathered once."""

    texts: list[tuple[int, str]] = field(default_factory=list)
    """(depth, message) pairs: deeper messages are more specific (an upstream error quoted
    inside a gateway's error)."""
    codes: set[str] = field(default_factory=set)
    numbers: dict[str, int] = field(default_factory=dict)
    nodes: int = 0

    def messages(self) -> list[str]:
        """The distinct messages, most specific first."""
        ordered = sorted(self.texts, key=lambda pair: -pair[0])
        seen: dict[str, None] = {}
        for _, text in ordered:
            seen.setdefault(text, None)
        return list(seen)

    def add_text(self, text: str, depth: int) -> None:
        text = _SDK_PREFIX.sub("", text).strip()
        if text:
            self.texts.append((depth, text[:_MAX_TEXT]))

    def walk(self, node: object, depth: int = 0) -> None:
        """Collect messages, codes and stated numbers from a decoded JSON body."""
        self.nodes += 1
        if depth > _MAX_DEPTH or self.nodes > _MAX_NODES:
            return
        if isinstance(node, Mapping):
            for key, value in node.items():
                name = str(key).lower()
                if isinstance(value, str):
                    if name in _MESSAGE_KEYS:
                        self._add_message(value, depth)
                    elif name in _CODE_KEYS:
                        self.codes.add(value.strip().lower())
                elif isinstance(value, int) and not isinstance(value, bool):
                    if name in _NUMBER_KEYS:
                        self.numbers.setdefault(name, value)
                elif isinstance(value, Mapping | list | tuple):
                    self.walk(value, depth + 1)
        elif isinstance(node, list | tuple):
            for item in node:
                # Strings in a list are data (Anthropic's image paths), not messages.
                if isinstance(item, Mapping | list | tuple):
                    self.walk(item, depth + 1)
        elif isinstance(node, str):
            self._add_message(node, depth)
        elif isinstance(node, bytes | bytearray):
            self._add_message(bytes(node[:_MAX_TEXT]).decode("utf-8", "replace"), depth)

    def _add_message(self, text: str, depth: int) -> None:
        # Gateways quote the upstream body as a JSON string (OpenRouter's metadata.raw).
        stripped = text.strip()
        if stripped[:1] in ("{", "[") and len(stripped) <= _MAX_TEXT * 5:
            try:
                decoded = json.loads(stripped)
            except ValueError:
                pass
            else:
                self.walk(decoded, depth + 1)
                return
        self.add_text(text, depth)


def _http_status(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 100 <= value <= 599:
        return value
    return None


def _attr(obj: object, name: str) -> object:
    """``getattr`` that treats a raising property like a missing attribute."""
    try:
        return getattr(obj, name, None)
    except Exception:
        return None


def _body_of(error: object) -> object:
    if isinstance(error, Mapping | str | bytes | bytearray | list | tuple):
        return error
    return _attr(error, "body")


def _status_in_body(body: object) -> int | None:
    """An HTTP status the body states: ``status``/``status_code``/``code`` as a number."""
    if isinstance(body, list | tuple) and body:
        return _status_in_body(body[0])  # Gemini's OpenAI endpoint answers with a list
    if not isinstance(body, Mapping):
        return None
    for layer in (body, body.get("error")):
        if isinstance(layer, Mapping):
            for key in ("status", "status_code", "code"):
                status = _http_status(layer.get(key))
                if status is not None:
                    return status
    return None


def _status_of(error: object) -> int | None:
    if isinstance(error, Mapping | list | tuple):
        return _status_in_body(error)
    if isinstance(error, str | bytes | bytearray):
        text = error if isinstance(error, str) else bytes(error[:200]).decode("utf-8", "replace")
        found = _STATUS_IN_TEXT.search(text[:200])
        return int(found["a"] or found["b"]) if found else None
    for name in ("status_code", "status", "http_status"):
        status = _http_status(_attr(error, name))
        if status is not None:
            return status
    response = _attr(error, "response")
    if isinstance(response, Mapping):  # botocore's ClientError.response
        metadata = response.get("ResponseMetadata")
        if isinstance(metadata, Mapping):
            status = _http_status(metadata.get("HTTPStatusCode"))
            if status is not None:
                return status
    elif response is not None:
        for name in ("status_code", "status"):
            status = _http_status(_attr(response, name))
            if status is not None:
                return status
    status = _http_status(_attr(error, "code"))  # urllib's HTTPError, google.api_core
    if status is not None:
        return status
    status = _status_in_body(_attr(error, "body"))
    if status is not None:
        return status
    match = _STATUS_IN_TEXT.search(_safe_str(error)[:200])
    return int(match["a"] or match["b"]) if match else None


def _safe_str(error: object) -> str:
    try:
        return str(error)
    except Exception:
        return ""


def _gather(error: object) -> _Evidence:
    evidence = _Evidence()
    body = _body_of(error)
    if body is not None:
        evidence.walk(body)
    if isinstance(error, Mapping | str | bytes | bytearray | list | tuple):
        return evidence
    # Messages outside the body rank below every message inside it.
    outside = -1
    for name in ("code", "type", "error_code"):
        value = _attr(error, name)
        if isinstance(value, str):
            evidence.codes.add(value.strip().lower())
    response = _attr(error, "response")
    if isinstance(response, Mapping):  # botocore: {"Error": {"Code": ..., "Message": ...}}
        evidence.walk(response, 0)
    arguments = _attr(error, "args")
    for argument in arguments if isinstance(arguments, tuple) else ():
        if isinstance(argument, Mapping):
            evidence.walk(argument, 0)
    for name in ("api_message", "message"):
        value = _attr(error, name)
        if isinstance(value, str):
            evidence.add_text(value, outside)
    evidence.add_text(_safe_str(error), outside - 1)
    # Wrappers that already classified it say so in the class name (litellm's
    # ContextWindowExceededError).
    if _CONTEXT_EXCEPTION_NAME.search(type(error).__name__):
        evidence.codes.add("context_length_exceeded")
    return evidence


# ------------------------------------------------------------------------------ public API


def error_status(error: object) -> int | None:
    """The HTTP status of ``error`` (an exception or a JSON error body), when it states one.

    Read from ``status_code``/``status``, the ``response`` it carries, an HTTP status in its
    body (``{"error": {"code": 400}}``), or a leading ``"Error code: 413"`` in its text.
    """
    try:
        return _status_of(error)
    except Exception:  # never let reading an error raise over the error being handled
        return None


def error_message(error: object) -> str:
    """The provider's own error text: the most specific message in the body, else ``str``.

    The SDKs' ``"Error code: 400 - "`` prefix is dropped. ``""`` when there is no text.
    """
    if error is None:
        return ""
    try:
        messages = _gather(error).messages()
    except Exception:
        return ""
    return messages[0] if messages else ""


def classify_error(error: object, *, status: int | None = None) -> ProviderLimit | None:
    """Whether ``error`` says the request broke a context, output or image limit.

    ``error`` is an SDK exception (openai or anthropic, read by duck typing), any exception,
    or a decoded JSON error body; ``status`` overrides the HTTP status read from it (pass it
    with a body). Returns ``None`` for every other error, and for input it cannot read: it
    never raises, since it runs while another exception is being handled.
    """
    try:
        return _classify(error, status)
    except Exception:
        return None


def _classify(error: object, status_override: int | None) -> ProviderLimit | None:
    status = _http_status(status_override) or _status_of(error)
    if status in _NEVER_OVERFLOW:
        return None
    evidence = _gather(error)
    messages = evidence.messages()
    rate_limited = status == 429 or (
        status is None
        and (
            bool(evidence.codes & _RATE_LIMIT_CODES)
            or any(_RATE_LIMIT_WORDING.search(text) for text in messages)
        )
    )
    wordings = (_LONG_CONTEXT,) if rate_limited else _WORDINGS
    for wording in wordings:
        for text in messages:
            match = wording.pattern.search(text)
            if match:
                return _limit_from(wording.kind, text, status, match, evidence)
    if rate_limited:
        return None
    first = messages[0] if messages else ""
    if evidence.codes & _IMAGE_CODES:
        return _limit_from("image", first, status, None, evidence)
    if evidence.codes & _CONTEXT_CODES:
        return _limit_from("context", first, status, None, evidence)
    if status == 413:
        return _limit_from("context", first, status, None, evidence)
    return None


def _number(match: re.Match[str] | None, group: str) -> int | None:
    if match is None or group not in match.re.groupindex:
        return None
    text = match[group]
    return int(re.sub(r"\D", "", text)) if text else None


def _limit_from(
    kind: OverflowKind,
    message: str,
    status: int | None,
    match: re.Match[str] | None,
    evidence: _Evidence,
) -> ProviderLimit:
    limit = _number(match, "limit")
    if limit is None and (above := _number(match, "limit_exclusive")) is not None:
        limit = above - 1
    if limit is None and (mib := _number(match, "limit_mib")) is not None:
        limit = mib * _MIB
    completion = _number(match, "completion")
    requested = _number(match, "requested")
    total = _number(match, "total")
    if requested is None and total is not None:
        # "you requested 9500 tokens (7452 in the messages, 2048 in the completion)": the
        # prompt is what is left of the total once the completion is taken out.
        in_total = completion is not None and completion <= total
        requested = total - (completion or 0) if in_total else total
    if kind == "context" and status == 413 and limit is None and requested is None:
        stated = _TOO_LARGE_NUMBERS.search(message)
        if stated:
            limit, requested = _number(stated, "limit"), _number(stated, "requested")
    if kind == "context":
        # llama.cpp's error object carries the counts as fields as well.
        limit = limit if limit is not None else evidence.numbers.get("n_ctx")
        if requested is None:
            requested = evidence.numbers.get("n_prompt_tokens")
    elif kind == "image" and limit is None:
        limit = evidence.numbers.get("max_side_length_pixels")
    return ProviderLimit(
        kind=kind,
        message=message,
        status=status,
        limit=limit,
        requested=requested,
        completion=completion,
    )
