"""The provider behind the gateway, over one ``httpx.AsyncClient`` (its connections in a few
pools: :mod:`packlight.gateway.pool`).

A refusal comes back as :class:`UpstreamRefused` with the provider's status and JSON body, so
that :func:`packlight.overflow.classify_error` can read it exactly as it reads an SDK's
exception; an upstream that cannot be reached is :class:`GatewayError` 502, one that does not
answer in time 504.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit
from urllib.request import getproxies

import httpx

from packlight.errors import ConfigError
from packlight.gateway.errors import Api, GatewayError
from packlight.gateway.pool import ShardedTransport

__all__ = ["Upstream", "UpstreamRefused"]

# Headers a client may send that the upstream needs to see (everything else stays here).
FORWARDED_HEADERS = (
    "anthropic-version",
    "anthropic-beta",
    "openai-organization",
    "openai-project",
    "openai-beta",
)
ANTHROPIC_VERSION = "2023-06-01"


class UpstreamRefused(Exception):
    """The upstream answered with an error status."""

    def __init__(self, status_code: int, body: object, headers: Mapping[str, str]) -> None:
        super().__init__(f"upstream answered {status_code}")
        self.status_code = status_code
        self.body = body
        self.headers = dict(headers)


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
    def __init__(self, url: str, *, timeout: float, connect_timeout: float) -> None:
        self.url = base_url(url)
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=200)
        self.client = httpx.AsyncClient(
            base_url=self.url,
            timeout=httpx.Timeout(timeout, connect=connect_timeout),
            # Streams pass through as they come: no compression to undo on the way.
            headers={"accept-encoding": "identity"},
            limits=limits,
            # httpx reads the proxy variables only for its own transport: with one set, the
            # gateway keeps that (one pool) and goes through the proxy as it always did.
            transport=None if _proxy_in_environment() else ShardedTransport(limits),
        )

    async def close(self) -> None:
        await self.client.aclose()

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
    ) -> AsyncIterator[httpx.Response]:
        """A streamed response with a success status, closed (and the upstream request
        cancelled, if still running) when the block ends."""
        async with self._errors():
            request = self.client.build_request("POST", path, json=body, headers=dict(headers))
            response = await self.client.send(request, stream=True)
        try:
            if response.status_code >= 400:
                async with self._errors():
                    raw = await response.aread()
                raise UpstreamRefused(response.status_code, _json_or_text(raw), response.headers)
            yield response
        finally:
            await response.aclose()

    async def get(self, path: str, headers: Mapping[str, str]) -> httpx.Response:
        async with self._errors():
            return await self.client.get(path, headers=dict(headers))

    @asynccontextmanager
    async def _errors(self) -> AsyncIterator[None]:
        try:
            yield
        except httpx.TimeoutException:
            raise GatewayError(
                504, f"the upstream ({self.url}) did not answer in time", code="upstream_timeout"
            ) from None
        except httpx.TransportError as error:
            raise GatewayError(
                502,
                f"the upstream ({self.url}) cannot be reached: {type(error).__name__}",
                code="upstream_unreachable",
            ) from None


def _proxy_in_environment() -> bool:
    """Whether ``HTTP_PROXY``, ``HTTPS_PROXY`` or ``ALL_PROXY`` (any case) is set."""
    return any(getproxies().get(scheme) for scheme in ("http", "https", "all"))


def _json_or_text(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")
