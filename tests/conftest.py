"""Shared test fixtures.

Tests never reach the internet: for the whole session a guard refuses every connection (and
every DNS lookup) that does not stay on a loopback address. The refusal is an
:class:`InternetAccessError`, a ``BaseException`` so that an SDK's ``except Exception`` retry
or translation cannot turn it into an ordinary network failure; any attempt also fails the
test that made it, even if something swallowed the error.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.summarizers.llama_server import LlamaServer, llama_server_session

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
_INTERNET_FAMILIES = (socket.AF_INET, socket.AF_INET6)


class InternetAccessError(BaseException):
    """A test tried to leave the machine."""


def _is_loopback_host(host: object) -> bool:
    """True for hosts that stay on this machine without a DNS lookup."""
    if host is None:
        return True  # getaddrinfo(None, port): the local wildcard/loopback address
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.strip("[]").split("%", 1)[0].lower()
    if name in {"localhost", "localhost.", ""} or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    # Connecting to the unspecified address (0.0.0.0, ::) reaches this machine.
    return address.is_loopback or address.is_unspecified


def _is_ip_literal(host: object) -> bool:
    try:
        ipaddress.ip_address(str(host).strip("[]").split("%", 1)[0])
    except ValueError:
        return False
    return True


class NetworkGuard:
    """Patches the socket module so that only loopback and unix-socket traffic gets through.

    Every refused attempt is recorded in ``attempts`` (as ``"host:port"``).
    """

    def __init__(self) -> None:
        self.attempts: list[str] = []

    def _refuse(self, how: str, host: object, port: object) -> InternetAccessError:
        where = f"{host}:{port}"
        self.attempts.append(where)
        return InternetAccessError(
            f"a test tried to reach the internet ({how} to {where}); tests may only use "
            "loopback addresses (127.0.0.0/8, ::1, localhost) and unix sockets"
        )

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original_connect = socket.socket.connect
        original_connect_ex = socket.socket.connect_ex
        original_create_connection = socket.create_connection
        original_getaddrinfo = socket.getaddrinfo
        guard = self

        def check(sock: socket.socket, address: Any, how: str) -> None:
            if sock.family in _INTERNET_FAMILIES and not _is_loopback_host(address[0]):
                raise guard._refuse(how, address[0], address[1])

        def connect(self: socket.socket, address: Any) -> None:
            check(self, address, "socket.connect")
            original_connect(self, address)

        def connect_ex(self: socket.socket, address: Any) -> int:
            check(self, address, "socket.connect_ex")
            return original_connect_ex(self, address)

        def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
            # Checked before the lookup: resolving a public name is already a network call.
            if not _is_loopback_host(address[0]):
                raise guard._refuse("socket.create_connection", address[0], address[1])
            return original_create_connection(address, *args, **kwargs)

        def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
            # An IP literal resolves without DNS; connecting to it is checked above.
            if not (_is_loopback_host(host) or _is_ip_literal(host)):
                raise guard._refuse("DNS lookup (socket.getaddrinfo)", host, port)
            return original_getaddrinfo(host, port, *args, **kwargs)

        monkeypatch.setattr(socket.socket, "connect", connect)
        monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
        monkeypatch.setattr(socket, "create_connection", create_connection)
        monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.fixture(scope="session", autouse=True)
def network_guard() -> Iterator[NetworkGuard]:
    """The session's :class:`NetworkGuard`, installed before the first test runs."""
    guard = NetworkGuard()
    with pytest.MonkeyPatch.context() as monkeypatch:
        guard.install(monkeypatch)
        yield guard


@pytest.fixture(autouse=True)
def _no_internet(network_guard: NetworkGuard) -> Iterator[None]:
    """Fail the test if it tried to reach the internet, even when the error was swallowed."""
    before = len(network_guard.attempts)
    yield
    attempts = network_guard.attempts[before:]
    if attempts:
        pytest.fail(f"test tried to reach the internet: {', '.join(attempts)}", pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def _redaction_prefilter(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Redact in every test as a long-running process does: through the rules' prefilter,
    compiled once here (tests/test_secret_prefilter.py compares it with the keywords alone,
    which a text outside ASCII and a machine without Hyperscan still use)."""
    from packlight.redact import prepare_prefilter

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("PACKLIGHT_HOME", str(tmp_path_factory.mktemp("prefilter")))
        prepare_prefilter()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real llama-cpp-python OpenAI-compatible server on loopback, serving SmolLM2-135M.

    Started once per session on a free port; see tests/summarizers/llama_server.py and
    docs/testing.md. Use it from tests marked ``llm_server``.
    """
    with llama_server_session(tmp_path_factory.mktemp("llama-server")) as server:
        yield server


@pytest.fixture
def shared_data() -> Path:
    """The real trajectories in ../shared/data, or a skip when this machine has none."""
    if not (SHARED_DATA / "trajectories").is_dir():
        pytest.skip(
            f"real trajectories not found at {SHARED_DATA} (only on development/CI machines)"
        )
    return SHARED_DATA


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(autouse=True)
def _isolated_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Keep the developer's own packlight settings and data out of every test."""
    import os

    for name in list(os.environ):
        # PACKLIGHT_TEST_* and PACKLIGHT_SKIP_* configure the test infrastructure itself.
        if name.startswith("PACKLIGHT_") and not name.startswith(
            ("PACKLIGHT_TEST_", "PACKLIGHT_SKIP_")
        ):
            monkeypatch.delenv(name)
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("PACKLIGHT_HOME", str(home / "packlight"))


def iter_shared_sessions(shared_data: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every real session under ``shared_data``: the mini-swe-agent files, then tau-bench lines."""
    import json

    for path in sorted((shared_data / "trajectories" / "mini-swe-agent").glob("*.json")):
        yield path.stem, json.loads(path.read_text(encoding="utf-8"))
    with (shared_data / "trajectories" / "tau-bench-airline.jsonl").open(encoding="utf-8") as f:
        for line in f:
            session = json.loads(line)
            yield session["id"], session
