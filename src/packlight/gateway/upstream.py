"""The provider behind the gateway, over one ``aiohttp.ClientSession``.

aiohttp rather than httpx (which the SDKs use): a streamed answer passes through the gateway
chunk by chunk, and every chunk costs the event loop's time twice, reading it from the
upstream and writing it to the client. aiohttp parses HTTP in C and reads straight from
asyncio's transport; httpx goes through h11, anyio and a timeout scope per read. Measured on
the benchmark's upstream, one streamed answer of 10 chunks at a time: 3.6-4.9 ms of client
CPU a request with httpx (its connections in 8 pools), 1.4-1.7 ms with aiohttp
(docs/gateway.md, "Why these libraries").

A refusal comes back as :class:`UpstreamRefused` with the provider's status and JSON body, so
that :func:`packlight.overflow.classify_error` can read it exactly as it reads an SDK's
exception; an upstream that cannot be reached is :class:`GatewayError` 502, one that does not
answer in time 504.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit
from urllib.request import getproxies, proxy_bypass

import aiohttp

from packlight.errors import ConfigError
from packlight.gateway.errors import Api, GatewayError

__all__ = ["Upstream", "UpstreamAnswer", "UpstreamRefused", "UpstreamStream"]

# Headers a client may send that the upstream needs to see (everything else stays here).
FORWARDED_HEADERS = (
    "anthropic-version",
    "anthropic-beta",
    "openai-organization",
    "openai-project",
    "openai-beta",
)
ANTHROPIC_VERSION = "2023-06-01"

KEEPALIVE_SECONDS = 4.0
"""How long an idle upstream connection is kept: under the 5 s after which common servers
(uvicorn, many proxies) close theirs, so that a request is not sent on a connection the
server is closing at that moment."""

# The body as httpx and the SDKs write it: compact, UTF-8 as it is.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class UpstreamRefused(Exception):
    """The upstream answered with an error status."""

    def __init__(self, status_code: int, body: object, headers: Mapping[str, str]) -> None:
        super().__init__(f"upstream answered {status_code}")
        self.status_code = status_code
        self.body = body
        self.headers = _lower(headers)


@dataclass(frozen=True, slots=True)
class UpstreamAnswer:
    """A whole answer (``GET /v1/models``), whatever its status."""

    status_code: int
    headers: Mapping[str, str]
    """Lower-case names."""
    content: bytes


class UpstreamStream:
    """A streamed answer with a success status: its bytes as they arrive."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response
        self.status_code = response.status
        self.headers: Mapping[str, str] = _lower(response.headers)

    async def aiter_raw(self) -> AsyncIterator[bytes]:
        """Each piece of the body as the upstream's connection delivers it."""
        while True:
            chunk = await self._response.content.readany()
            if not chunk:
                return
            yield chunk

    async def aread(self) -> bytes:
        return await self._response.read()


def base_url(upstream: str) -> str:
    """The upstream's root: ``http://host:port/v1`` and ``http://host:port`` both work."""
    parts = urlsplit(upstream)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise ConfigError("gateway.upstream", upstream, "an http(s) URL such as http://host:port")
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[: -len("/v1")]
    return f"{parts.scheme}://{parts.netloc}{path}"


class Upstream:
    """The upstream client. Its session is made at first use, on the loop that serves (the
    gateway object itself is made before uvicorn starts its loop)."""

    def __init__(self, url: str, *, timeout: float, connect_timeout: float) -> None:
        self.url = base_url(url)
        # ``sock_read``: the longest silence between two pieces of an answer, as httpx's read
        # timeout was; no limit on a whole answer (a long stream is fine while it moves).
        self._timeout = aiohttp.ClientTimeout(
            total=None, sock_connect=connect_timeout, sock_read=timeout
        )
        self._session: aiohttp.ClientSession | None = None
        self._proxy = proxy_for(self.url)

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                timeout=self._timeout,
                connector=aiohttp.TCPConnector(limit=0, keepalive_timeout=KEEPALIVE_SECONDS),
                # Streams pass through as they come: no compression to undo on the way.
                headers={"accept-encoding": "identity"},
                auto_decompress=False,
                # Not ``trust_env``: with it aiohttp reads the proxy variables and ~/.netrc again
                # for every request, in a thread; the proxy is found once (``proxy_for``).
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    def headers(self, api: Api, key: str | None, incoming: Mapping[str, str]) -> dict[str, str]:
        headers = {name: incoming[name] for name in FORWARDED_HEADERS if name in incoming}
        if api == "anthropic":
            headers.setdefault("anthropic-version", ANTHROPIC_VERSION)
            if key:
                headers["x-api-key"] = key
        elif key:
            headers["authorization"] = f"Bearer {key}"
        return headers

    async def post(self, path: str, body: Mapping[str, Any], headers: Mapping[str, str]) -> Any:
        """The JSON answer; :class:`UpstreamRefused` for an error status."""
        async with self._errors(), self.open(path, body, headers) as response:
            data = await response.aread()
        try:
            return json.loads(data)
        except ValueError:
            raise GatewayError(502, "the upstream answered with a body that is not JSON") from None

    @asynccontextmanager
    async def open(
        self, path: str, body: Mapping[str, Any], headers: Mapping[str, str]
    ) -> AsyncIterator[UpstreamStream]:
        """A streamed response with a success status, closed (and the upstream request
        cancelled, if still running) when the block ends."""
        payload = _ENCODER.encode(body).encode()
        sent = {**headers, "content-type": "application/json"}
        async with self._errors():
            response = await self._client().post(
                self.url + path, data=payload, headers=sent, proxy=self._proxy
            )
        try:
            if response.status >= 400:
                async with self._errors():
                    raw = await response.read()
                raise UpstreamRefused(response.status, _json_or_text(raw), response.headers)
            yield UpstreamStream(response)
        finally:
            if response.content.at_eof():
                response.release()  # read to the end: the connection goes back to the pool
            else:
                response.close()  # the client left: closing the connection stops the upstream

    async def get(self, path: str, headers: Mapping[str, str]) -> UpstreamAnswer:
        async with (
            self._errors(),
            self._client().get(
                self.url + path, headers=dict(headers), proxy=self._proxy
            ) as response,
        ):
            content = await response.read()
        return UpstreamAnswer(response.status, _lower(response.headers), content)

    @asynccontextmanager
    async def _errors(self) -> AsyncIterator[None]:
        try:
            yield
        except TimeoutError:  # aiohttp's connect and read timeouts are TimeoutErrors
            raise GatewayError(
                504, f"the upstream ({self.url}) did not answer in time", code="upstream_timeout"
            ) from None
        except aiohttp.ClientError as error:
            raise GatewayError(
                502,
                f"the upstream ({self.url}) cannot be reached: {type(error).__name__}",
                code="upstream_unreachable",
            ) from None


def proxy_for(url: str) -> str | None:
    """The proxy the environment names for ``url`` (``HTTPS_PROXY``, ``HTTP_PROXY`` or
    ``ALL_PROXY``, any case; none when ``NO_PROXY`` covers its host), as httpx and the SDKs
    read them."""
    parts = urlsplit(url)
    proxies = getproxies()
    proxy = proxies.get(parts.scheme) or proxies.get("all")
    if not proxy or proxy_bypass(parts.hostname or ""):
        return None
    return proxy


def _lower(headers: Mapping[str, str]) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def _json_or_text(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")
