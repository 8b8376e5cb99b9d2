"""The upstream connections, split into a few pools that take requests in turn.

httpcore's connection pool (under every ``httpx`` client) looks at each of its connections,
and for each idle one counts all of them again, every time a request starts and every time a
response is closed, asking the operating system whether each idle socket has been closed by
the server. With 50 streams at once the pool holds about 50 connections, and this bookkeeping
grows with their square: the gateway's CPU per streamed request was 6.9 to 7.1 ms, 3.5 to
4.0 ms with the connections in 8 pools (``benchmarks/profile_gateway.py``, 50 conversations
at once). Each request still goes out whole on one connection of one pool, as before; a pool
keeps its connections alive as one pool did. Each pool gets ``limit / shards`` (rounded up) of
the connection limits.
"""

from __future__ import annotations

import itertools
import ssl

import httpx

__all__ = ["DEFAULT_SHARDS", "ShardedTransport"]

DEFAULT_SHARDS = 8


class ShardedTransport(httpx.AsyncBaseTransport):
    """``shards`` ``httpx.AsyncHTTPTransport`` pools sharing ``limits`` between them, each
    request sent by the next one in turn."""

    def __init__(self, limits: httpx.Limits, shards: int = DEFAULT_SHARDS) -> None:
        if shards < 1:
            raise ValueError(f"shards must be at least 1, not {shards}")
        # One TLS context for all (building one reads the system's certificates).
        context: ssl.SSLContext = httpx.create_ssl_context()
        share = httpx.Limits(
            max_connections=_share(limits.max_connections, shards),
            max_keepalive_connections=_share(limits.max_keepalive_connections, shards),
            keepalive_expiry=limits.keepalive_expiry,
        )
        self._pools = [
            httpx.AsyncHTTPTransport(verify=context, limits=share) for _ in range(shards)
        ]
        self._turns = itertools.cycle(self._pools)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await next(self._turns).handle_async_request(request)

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()


def _share(limit: int | None, shards: int) -> int | None:
    """Each pool's part of ``limit`` (``None``: no limit), at least one."""
    return None if limit is None else max(1, -(-limit // shards))
