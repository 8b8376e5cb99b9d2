"""Chat providers: one summary call to OpenAI or Anthropic, with failures sorted into kinds.

Both providers use the official SDKs (optional extras, imported lazily) with the SDK's own
retries turned off (``max_retries=0``): retry policy belongs to the caller, which knows
whether to try again, fall back to the main model or give up.

Every failure surfaces as :class:`SummaryCallError` with a :data:`FailureKind`:

=================  ================================================================
``auth``           401 or 403: the key is wrong, revoked or lacks permission; or no key
                   is configured for a remote endpoint (raised before any request)
``quota``          402 (out of credits), or a 400, 403 or 429 whose body mentions quota,
                   ``insufficient_quota``, billing, credit, balance or payment: retrying
                   will not help until someone pays
``server``         5xx, 529 overloaded, or any *other* 429 (a plain rate limit). A rate
                   limit clears by itself, so it is grouped with the retryable server
                   failures rather than with ``quota``
``network``        the connection failed or was dropped without a response
``timeout``        no answer within ``ProviderConfig.timeout`` (or an HTTP 408)
``model_not_found`` 404, or a 400 whose message says the model does not exist
``malformed``      unparseable JSON, a response of unexpected shape, or another 4xx
                   (the exchange does not fit the protocol; ``status`` tells which)
``empty``          a well-formed response without text: no choices, ``content: null``,
                   or whitespace only
=================  ================================================================

The sync and async paths share the request arguments, the response parsing and the
exception translation; only the network call differs.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType, TracebackType
from typing import Any, Literal, Protocol, Self, cast, get_args
from urllib.parse import urlsplit

from packlight.errors import ConfigError, MissingExtraError, RuntimeFailure

FailureKind = Literal[
    "auth", "quota", "network", "timeout", "model_not_found", "server", "malformed", "empty"
]
ProviderName = Literal["openai", "anthropic"]

_RETRYABLE: frozenset[str] = frozenset({"server", "timeout"})
# Billing answers: OpenAI's insufficient_quota, Anthropic's "credit balance is too low",
# OpenRouter's "Insufficient credits", DeepSeek's "Insufficient Balance", HTTP 402's reason.
_BILLING = re.compile(
    r"quota|billing|\bcredits?\b|insufficient[ _]balance|payment[ _]required", re.IGNORECASE
)
_KEY_VARIABLES: dict[str, str] = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
# Name suffixes that only resolve inside a private network (RFC 6762, 6761, 8375).
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa")
_MODEL_MISSING_WORDS = ("model_not_found", "does not exist", "not found", "unknown model")
_REDACTED = "[redacted]"


class SummaryCallError(RuntimeFailure):
    """A summary call failed. ``kind`` says how; ``status`` is the HTTP status when there was one.

    The message never contains the API key: every occurrence is replaced before the
    exception is built (provider error bodies sometimes echo the key back).
    """

    def __init__(
        self,
        kind: FailureKind,
        message: str,
        *,
        status: int | None = None,
        provider: str | None = None,
        secret: str | None = None,
    ) -> None:
        self.kind: FailureKind = kind
        self.status = status
        self.provider = provider
        text = _redact(message, secret)
        prefix = f"{provider} " if provider else ""
        where = f" (HTTP {status})" if status is not None else ""
        super().__init__(f"{prefix}summary call failed [{kind}]{where}: {text}")

    @property
    def retryable(self) -> bool:
        """True for failures that may clear by themselves (server errors, rate limits, timeouts)."""
        return self.kind in _RETRYABLE


def _redact(text: str, secret: str | None) -> str:
    if secret:
        text = text.replace(secret, _REDACTED)
    return text


@dataclass(frozen=True)
class ProviderConfig:
    """Where and how to make summary calls. ``api_key`` is never shown in ``repr``."""

    provider: ProviderName
    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    temperature: float | None = None
    """Sent with every OpenAI-compatible call when set; ``None`` leaves the server's own
    default (many sample at 0.7-1.0). 0 makes a local model's summaries repeatable."""

    def __post_init__(self) -> None:
        check_temperature(self.provider, self.temperature)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ProviderConfig:
        """Read ``PACKLIGHT_SUMMARY_PROVIDER`` / ``_MODEL`` / ``_BASE_URL`` / ``_API_KEY``
        (and optionally ``_TIMEOUT`` and ``_TEMPERATURE``).

        The provider defaults to ``openai``. Without ``PACKLIGHT_SUMMARY_API_KEY`` the key
        comes from ``OPENAI_API_KEY`` or ``ANTHROPIC_API_KEY``, matching the provider.
        """
        env = os.environ if environ is None else environ
        provider = env.get("PACKLIGHT_SUMMARY_PROVIDER", "openai").strip().lower() or "openai"
        if provider not in get_args(ProviderName):
            raise ConfigError("PACKLIGHT_SUMMARY_PROVIDER", provider, "'openai' or 'anthropic'")
        model = env.get("PACKLIGHT_SUMMARY_MODEL", "").strip()
        if not model:
            raise ConfigError("PACKLIGHT_SUMMARY_MODEL", model, "a model name")
        fallback = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
        api_key = env.get("PACKLIGHT_SUMMARY_API_KEY") or env.get(fallback) or None
        base_url = env.get("PACKLIGHT_SUMMARY_BASE_URL") or None
        timeout = 60.0
        raw_timeout = env.get("PACKLIGHT_SUMMARY_TIMEOUT")
        if raw_timeout:
            try:
                timeout = float(raw_timeout)
            except ValueError:
                timeout = -1.0
            if not timeout > 0:
                raise ConfigError(
                    "PACKLIGHT_SUMMARY_TIMEOUT", raw_timeout, "a positive number of seconds"
                )
        return cls(
            provider=cast(ProviderName, provider),
            model=model,
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            temperature=_temperature(env.get("PACKLIGHT_SUMMARY_TEMPERATURE")),
        )


def check_temperature(provider: str, temperature: float | None) -> None:
    """Refuse a temperature out of range, or any with the Anthropic provider, whose
    Messages API (SDK 2.x) takes none: a setting that is silently ignored misleads."""
    if temperature is None:
        return
    if not 0.0 <= temperature <= 2.0:
        raise ConfigError("summary.temperature", temperature, "a number from 0 to 2")
    if provider == "anthropic":
        raise ConfigError(
            "summary.temperature",
            temperature,
            "unset with the anthropic provider (its Messages API takes no temperature)",
        )


def _temperature(raw: str | None) -> float | None:
    """``PACKLIGHT_SUMMARY_TEMPERATURE`` as a number, ``None`` when unset or blank (its range
    is checked with the config's, :func:`check_temperature`)."""
    if raw is None or not raw.strip():
        return None
    try:
        return float(raw)
    except ValueError:
        raise ConfigError("PACKLIGHT_SUMMARY_TEMPERATURE", raw, "a number from 0 to 2") from None


@dataclass(frozen=True)
class Completion:
    """The text of one summary call and the token usage the provider reported."""

    text: str
    input_tokens: int
    output_tokens: int
    model: str


class ChatProvider(Protocol):
    """One system + user turn in, one completion out."""

    def complete(self, system: str, user: str, *, max_tokens: int) -> Completion: ...

    async def acomplete(self, system: str, user: str, *, max_tokens: int) -> Completion: ...


# --------------------------------------------------------------------------- shared helpers


def is_local_url(base_url: str | None) -> bool:
    """Whether ``base_url`` points at this machine or a private network, where a model server
    may legitimately take no key. ``None`` (the vendor's endpoint) is not local.

    Local: ``localhost`` and ``*.localhost``/``.local``/``.internal``/``.lan``/``.home.arpa``
    names, single-label names (``http://ollama:11434``, a compose service), and IP addresses
    that are not globally routable (loopback, private, link-local, CGNAT).
    """
    if not base_url:
        return False
    try:
        host = urlsplit(base_url if "//" in base_url else f"//{base_url}").hostname
    except ValueError:
        return False
    if not host:
        return False
    host = host.rstrip(".").lower()
    if host == "localhost" or host.endswith(_LOCAL_SUFFIXES):
        return True
    if "." not in host and ":" not in host:
        return True
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global


def missing_key_error(config: ProviderConfig, base_url: str | None) -> SummaryCallError | None:
    """The ``auth`` failure for a remote endpoint with no key configured, else ``None``.

    ``base_url`` is where the SDK will send the request (``config.base_url``, else its
    ``OPENAI_BASE_URL`` / ``ANTHROPIC_BASE_URL`` variable, else the vendor's endpoint).
    Raised before any request: sending a placeholder key to a vendor only earns a 401.
    """
    if (config.api_key or "").strip() or is_local_url(base_url):
        return None
    where = base_url or config.base_url or "the provider's default endpoint"
    vendor = _KEY_VARIABLES.get(config.provider, "the provider's API key variable")
    return SummaryCallError(
        "auth",
        f"no API key configured for {where}: set PACKLIGHT_SUMMARY_API_KEY or {vendor} "
        "(or summary.api_key); no request was sent. A server that takes no key works "
        "without one on a local address, or with any non-empty key.",
        provider=config.provider,
    )


def _body_text(exc: BaseException) -> str:
    """The error's message plus its body, lowercased, for wording checks."""
    parts = [str(getattr(exc, "message", "") or exc)]
    body = getattr(exc, "body", None)
    if body is not None:
        parts.append(repr(body))
    return " ".join(parts).lower()


def _error_message(exc: BaseException) -> str:
    """A short message from the provider's error body (``error.message``), else the exception."""
    body = getattr(exc, "body", None)
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping):
            message = inner.get("message")
            if isinstance(message, str) and message:
                return message
    return str(getattr(exc, "message", "") or exc) or type(exc).__name__


def _kind_for_status(status: int, text: str) -> FailureKind:
    if status == 402 or (status in (400, 403, 429) and _BILLING.search(text)):
        return "quota"
    if status in (401, 403):
        return "auth"
    if status == 429:
        return "server"
    if status == 404:
        return "model_not_found"
    if status == 408:
        return "timeout"
    if status >= 500:
        return "server"
    if "model" in text and any(word in text for word in _MODEL_MISSING_WORDS):
        return "model_not_found"
    return "malformed"


def _translate(
    exc: BaseException, sdk: ModuleType, provider: str, secret: str | None
) -> SummaryCallError:
    """Map an SDK (or parsing) exception onto a :class:`SummaryCallError`."""
    if isinstance(exc, sdk.APIStatusError):
        status = int(exc.status_code)
        kind = _kind_for_status(status, _body_text(exc))
        return SummaryCallError(
            kind, _error_message(exc), status=status, provider=provider, secret=secret
        )
    if isinstance(exc, sdk.APITimeoutError):  # subclass of APIConnectionError: check first
        return SummaryCallError(
            "timeout", "no response before the timeout", provider=provider, secret=secret
        )
    if isinstance(exc, sdk.APIConnectionError):
        cause = exc.__cause__ or exc
        return SummaryCallError(
            "network", f"connection failed: {cause}", provider=provider, secret=secret
        )
    if isinstance(exc, sdk.APIResponseValidationError):
        return SummaryCallError(
            "malformed", f"unexpected response: {exc}", provider=provider, secret=secret
        )
    # JSON decoding errors, pydantic validation errors, attribute errors on odd shapes.
    return SummaryCallError(
        "malformed",
        f"could not read the response: {type(exc).__name__}: {exc}",
        provider=provider,
        secret=secret,
    )


def _as_int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer token count, got {value!r}")
    return value


def _require_object(response: object, expected: type[Any], provider: str) -> None:
    """Raise ``malformed`` when the SDK handed back something other than its model type.

    With a non-JSON body the SDKs return the raw text instead of raising.
    """
    if not isinstance(response, expected):
        raise SummaryCallError(
            "malformed",
            f"expected a JSON {expected.__name__}, got {type(response).__name__}",
            provider=provider,
        )


def _parse_openai(response: object, requested_model: str) -> Completion:
    choices = getattr(response, "choices", None)
    if choices is None:
        raise SummaryCallError("malformed", "response has no 'choices' field", provider="openai")
    if not choices:
        raise SummaryCallError("empty", "response has no choices", provider="openai")
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    if content is None:
        raise SummaryCallError("empty", "the first choice has no content", provider="openai")
    if not isinstance(content, str):
        raise SummaryCallError("malformed", "content is not a string", provider="openai")
    if not content.strip():
        raise SummaryCallError("empty", "the completion is whitespace only", provider="openai")
    usage = getattr(response, "usage", None)
    try:
        input_tokens = _as_int(getattr(usage, "prompt_tokens", 0) or 0)
        output_tokens = _as_int(getattr(usage, "completion_tokens", 0) or 0)
    except TypeError as exc:
        raise SummaryCallError("malformed", str(exc), provider="openai") from exc
    model = getattr(response, "model", None)
    return Completion(
        text=content,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        model=model if isinstance(model, str) and model else requested_model,
    )


def _parse_anthropic(response: object, requested_model: str) -> Completion:
    if not hasattr(response, "content"):
        raise SummaryCallError("malformed", "response has no 'content' field", provider="anthropic")
    blocks = response.content
    if blocks is None or (isinstance(blocks, list) and not blocks):
        raise SummaryCallError("empty", "response has no content", provider="anthropic")
    if not isinstance(blocks, list):
        raise SummaryCallError("malformed", "content is not a list", provider="anthropic")
    texts: list[str] = []
    for block in blocks:
        if getattr(block, "type", None) == "text":
            text = getattr(block, "text", None)
            if text is not None and not isinstance(text, str):
                raise SummaryCallError("malformed", "text is not a string", provider="anthropic")
            texts.append(text or "")
    content = "".join(texts)
    if not content.strip():
        raise SummaryCallError("empty", "the completion has no text", provider="anthropic")
    usage = getattr(response, "usage", None)
    try:
        input_tokens = _as_int(getattr(usage, "input_tokens", 0) or 0)
        output_tokens = _as_int(getattr(usage, "output_tokens", 0) or 0)
    except TypeError as exc:
        raise SummaryCallError("malformed", str(exc), provider="anthropic") from exc
    model = getattr(response, "model", None)
    return Completion(
        text=content,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        model=model if isinstance(model, str) and model else requested_model,
    )


# Provider errors are raised "from None": the SDK's own exception (kept out of the chain)
# can quote the request, key included, and a logged traceback must never show it.
def _reraise_with_secret(exc: SummaryCallError, secret: str | None) -> SummaryCallError:
    """Parsing errors are built without the key; redact again in case a body echoed it."""
    if secret and secret in str(exc):
        return SummaryCallError(
            exc.kind, str(exc), status=exc.status, provider=exc.provider, secret=secret
        )
    return exc


# --------------------------------------------------------------------------- providers


class _SDKProvider:
    """What both SDK providers share: client settings, error translation, lifecycle.

    Subclasses say how to build the request, call the SDK (sync and async) and parse its
    response; sync and async share everything but the network call.
    """

    name = "provider"

    def __init__(self, config: ProviderConfig, sdk: ModuleType) -> None:
        self.config = config
        self._sdk = sdk

    def _client_args(self) -> dict[str, Any]:
        return {
            "base_url": self.config.base_url,
            # The SDKs refuse to start without a key; a local server that takes none ignores
            # this placeholder (a remote endpoint without a key never gets a request).
            "api_key": self.config.api_key or "not-set",
            "timeout": self.config.timeout,
            "max_retries": 0,
        }

    def _require_key(self) -> None:
        # The client's base URL is the one the SDK resolved, its environment variable included.
        resolved = getattr(self._client, "base_url", None)
        error = missing_key_error(self.config, str(resolved) if resolved else self.config.base_url)
        if error is not None:
            raise error

    def _failure(self, exc: Exception) -> SummaryCallError:
        """The error to raise for anything a call raised (raise it ``from None``)."""
        if isinstance(exc, SummaryCallError):
            return _reraise_with_secret(exc, self.config.api_key)
        return _translate(exc, self._sdk, self.name, self.config.api_key)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    _client: Any


class OpenAIProvider(_SDKProvider):
    """Chat completions through the official ``openai`` SDK (also OpenAI-compatible servers)."""

    name = "openai"

    def __init__(self, config: ProviderConfig) -> None:
        try:
            import openai
        except ImportError as exc:
            raise MissingExtraError("the OpenAI summary provider", "openai") from exc
        super().__init__(config, openai)
        self._client = openai.OpenAI(**self._client_args())

    def _request(self, system: str, user: str, max_tokens: int) -> dict[str, Any]:
        return {
            "model": self.config.model,
            "messages": [
                {"role": "system", "content": system},
                {"role": "user", "content": user},
            ],
            "max_tokens": max_tokens,
            **({} if self.config.temperature is None else {"temperature": self.config.temperature}),
        }

    def _finish(self, response: object) -> Completion:
        _require_object(response, self._sdk.types.chat.ChatCompletion, "openai")
        return _parse_openai(response, self.config.model)

    def complete(self, system: str, user: str, *, max_tokens: int) -> Completion:
        self._require_key()
        try:
            request = self._request(system, user, max_tokens)
            return self._finish(self._client.chat.completions.create(**request))
        except Exception as exc:
            raise self._failure(exc) from None

    async def acomplete(self, system: str, user: str, *, max_tokens: int) -> Completion:
        self._require_key()
        # One async client per call: an httpx async client is bound to the event loop it
        # first ran on, and callers may use a fresh loop per call (asyncio.run).
        try:
            async with self._sdk.AsyncOpenAI(**self._client_args()) as client:
                request = self._request(system, user, max_tokens)
                response: object = await client.chat.completions.create(**request)
            return self._finish(response)
        except Exception as exc:
            raise self._failure(exc) from None


class AnthropicProvider(_SDKProvider):
    """Messages API through the official ``anthropic`` SDK."""

    name = "anthropic"

    def __init__(self, config: ProviderConfig) -> None:
        try:
            import anthropic
        except ImportError as exc:
            raise MissingExtraError("the Anthropic summary provider", "anthropic") from exc
        super().__init__(config, anthropic)
        self._client = anthropic.Anthropic(**self._client_args())

    def _request(self, system: str, user: str, max_tokens: int) -> dict[str, Any]:
        return {
            "model": self.config.model,
            "system": system,
            "messages": [{"role": "user", "content": user}],
            "max_tokens": max_tokens,
        }

    def _finish(self, response: object) -> Completion:
        _require_object(response, self._sdk.types.Message, "anthropic")
        return _parse_anthropic(response, self.config.model)

    def complete(self, system: str, user: str, *, max_tokens: int) -> Completion:
        self._require_key()
        try:
            request = self._request(system, user, max_tokens)
            return self._finish(self._client.messages.create(**request))
        except Exception as exc:
            raise self._failure(exc) from None

    async def acomplete(self, system: str, user: str, *, max_tokens: int) -> Completion:
        self._require_key()
        try:
            async with self._sdk.AsyncAnthropic(**self._client_args()) as client:
                request = self._request(system, user, max_tokens)
                response: object = await client.messages.create(**request)
            return self._finish(response)
        except Exception as exc:
            raise self._failure(exc) from None


def make_provider(config: ProviderConfig) -> ChatProvider:
    """The provider named by ``config.provider``."""
    if config.provider == "openai":
        return OpenAIProvider(config)
    if config.provider == "anthropic":
        return AnthropicProvider(config)
    raise ConfigError("provider", config.provider, "'openai' or 'anthropic'")
