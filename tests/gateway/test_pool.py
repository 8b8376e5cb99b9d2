"""The upstream's connections in several pools (``packlight.gateway.pool``): every request gets
its own answer, and connections are kept and reused as one pool keeps them."""

from __future__ import annotations

import asyncio
import random
import string

import httpx
import pytest

from packlight.gateway.pool import ShardedTransport


class EchoServer:
    """HTTP/1.1 on loopback, keep-alive: answers each request with its own path, after a
    short random pause (so that answers overlap), and counts the connections it accepted."""

    def __init__(self) -> None:
        self.connections = 0
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        for writer in self.writers:
            writer.close()
        await asyncio.gather(
            *(writer.wait_closed() for writer in self.writers), return_exceptions=True
        )
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.writers.append(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                path = head.split(b" ", 2)[1]
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = await reader.readexactly(length)
                await asyncio.sleep(random.uniform(0, 0.01))
                answer = path + b"|" + body
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n"
                    + f"content-length: {len(answer)}\r\n\r\n".encode()
                    + answer
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the client closed the connection: closed with the server


def _word(rng: random.Random) -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 12)))


@pytest.mark.parametrize("shards", [1, 3, 8])
def test_concurrent_requests_each_get_their_own_answer(shards: int) -> None:
    rng = random.Random(shards)
    asked = [(f"/{_word(rng)}/{index}", _word(rng)) for index in range(60)]

    async def run() -> list[str]:
        async with EchoServer() as url:
            limits = httpx.Limits(max_connections=None, max_keepalive_connections=200)
            transport = ShardedTransport(limits, shards=shards)
            async with httpx.AsyncClient(base_url=url, transport=transport) as client:
                answers = await asyncio.gather(
                    *(client.post(path, content=body) for path, body in asked)
                )
        return [answer.text for answer in answers]

    assert asyncio.run(run()) == [f"{path}|{body}" for path, body in asked]


def test_connections_are_kept_and_reused() -> None:
    shards = 4
    server = EchoServer()

    async def run() -> None:
        async with server as url:
            limits = httpx.Limits(max_connections=None, max_keepalive_connections=200)
            async with httpx.AsyncClient(
                base_url=url, transport=ShardedTransport(limits, shards=shards)
            ) as client:
                for index in range(5 * shards):
                    answer = await client.get(f"/turn/{index}")
                    assert answer.text == f"/turn/{index}|"

    asyncio.run(run())
    # One request at a time: each pool opened one connection and kept it.
    assert server.connections == shards


def test_at_least_one_pool() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        ShardedTransport(httpx.Limits(), shards=0)
