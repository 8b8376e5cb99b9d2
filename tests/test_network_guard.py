"""The session-wide guard in conftest.py: loopback gets through, the internet fails loudly.

Nothing here leaves the machine: the guard refuses before any packet or DNS query is sent.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from packlight.summarizers.providers import OpenAIProvider, ProviderConfig
from tests.conftest import InternetAccessError, NetworkGuard

PUBLIC_V4 = ("93.184.216.34", 80)
PUBLIC_V6 = ("2606:2800:220:1:248:1893:25c8:1946", 80)


@pytest.fixture
def refused(network_guard: NetworkGuard) -> Iterator[list[str]]:
    """The attempts this test provokes on purpose, removed so that teardown does not fail it."""
    before = len(network_guard.attempts)
    provoked: list[str] = []
    yield provoked
    provoked.extend(network_guard.attempts[before:])
    del network_guard.attempts[before:]


def _connect_v4(address: tuple[str, int]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.connect(address)


def _connect_ex_v4(address: tuple[str, int]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.connect_ex(address)


def _create_connection(address: tuple[str, int]) -> None:
    socket.create_connection(address, timeout=1).close()


@pytest.mark.parametrize("attempt", [_connect_v4, _connect_ex_v4, _create_connection])
def test_public_ipv4_is_refused_naming_the_address(
    attempt: Callable[[tuple[str, int]], None], refused: list[str]
) -> None:
    with pytest.raises(InternetAccessError, match=r"93\.184\.216\.34:80"):
        attempt(PUBLIC_V4)


def test_public_ipv6_is_refused(refused: list[str]) -> None:
    with (
        socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as sock,
        pytest.raises(InternetAccessError, match="2606:2800"),
    ):
        sock.connect(PUBLIC_V6)


def test_dns_lookup_of_a_public_name_is_refused(refused: list[str]) -> None:
    with pytest.raises(InternetAccessError, match=r"example\.com:443"):
        socket.getaddrinfo("example.com", 443)
    with pytest.raises(InternetAccessError, match=r"example\.com:443"):
        socket.create_connection(("example.com", 443), timeout=1)


def test_the_error_gets_past_except_exception(refused: list[str]) -> None:
    # SDKs catch Exception to retry or translate; the guard must not become a "network error".
    assert not issubclass(InternetAccessError, Exception)
    config = ProviderConfig(provider="openai", model="gpt-4o-mini", api_key="sk-test")
    with (
        OpenAIProvider(config) as chat,
        pytest.raises(InternetAccessError, match=r"api\.openai\.com:443"),
    ):
        chat.complete("system", "user", max_tokens=8)


def test_a_swallowed_refusal_is_still_recorded(
    network_guard: NetworkGuard, refused: list[str]
) -> None:
    """The record is what fails a test (at teardown) whose refusal a library swallowed."""
    before = len(network_guard.attempts)
    with contextlib.suppress(BaseException):  # what a careless library might do
        _create_connection(PUBLIC_V4)
    assert network_guard.attempts[before:] == ["93.184.216.34:80"]


@pytest.fixture
def loopback_listener() -> Iterator[tuple[str, int]]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()  # the kernel completes connections from the backlog: no accept needed
        yield server.getsockname()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_loopback_connections_get_through(
    loopback_listener: tuple[str, int], host: str, network_guard: NetworkGuard
) -> None:
    before = len(network_guard.attempts)
    with socket.create_connection((host, loopback_listener[1]), timeout=5):
        pass
    assert len(network_guard.attempts) == before


def test_unix_sockets_get_through(tmp_path: Path) -> None:
    path = str(tmp_path / "s")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(path)
        server.listen()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.connect(path)
