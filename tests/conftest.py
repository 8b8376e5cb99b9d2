"""Shared test fixtures.

Tests never reach the internet: a socket guard refuses every connection that does not go to
a loopback address, so a test that tries fails loudly instead of silently passing offline.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _is_local(address: Any) -> bool:
    if isinstance(address, str):  # AF_UNIX path
        return True
    host = address[0]
    if host in {"localhost", ""}:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch: pytest.MonkeyPatch) -> None:
    original_connect = socket.socket.connect

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise RuntimeError(f"test tried to reach the network: {address!r}")
        return original_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)


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
        if name.startswith("PACKLIGHT_") and name != "PACKLIGHT_TEST_POSTGRES_DSN":
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
