"""``packlight ui`` as a person runs it, and the commands that point to it."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from packlight.cli.demo import example_path
from packlight.cli.main import main
from packlight.cli.ui_cmd import ui_command_line


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


@pytest.mark.parametrize("kind", ["missing", "not a database", "a folder"])
def test_a_store_that_cannot_be_opened_is_one_line_and_exit_2(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if kind == "missing":
        store = tmp_path / "nowhere" / "packlight.db"
    elif kind == "not a database":
        store = tmp_path / "notes.db"
        store.write_text("these are notes, not a database\n", encoding="utf-8")
    else:
        store = tmp_path
    code, out, err = run_cli(["ui", "--store", str(store)], capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("packlight: error:")
    assert str(store) in err
    assert not (tmp_path / "nowhere").exists()


def test_an_unknown_session_argument_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "s.db"
    run_cli(
        ["compress", str(example_path()), "-o", str(tmp_path / "o.json"), "--store", str(store)],
        capsys,
    )
    code, _, err = run_cli(["ui", "no-such-session", "--store", str(store)], capsys)
    assert code == 2
    assert "no session 'no-such-session'" in err


def test_compress_prints_the_ui_command_only_when_it_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "my store.db"
    args = [
        "compress",
        str(example_path()),
        "--context-window",
        "32000",
        "-o",
        str(tmp_path / "o.json"),
    ]
    code, out, _ = run_cli([*args, "--store", str(store)], capsys)
    assert code == 0
    session = re.search(r"recorded as session (\S+)", out)
    assert session is not None
    assert f"look at it: packlight ui {session.group(1)} --store '{store}' --open" in out
    code, out, _ = run_cli([*args, "--no-store"], capsys)
    assert code == 0
    assert "packlight ui" not in out


def test_the_printed_command_quotes_what_the_shell_would_split() -> None:
    assert ui_command_line() == "packlight ui --open"
    assert ui_command_line("abc", "/tmp/a b.db") == "packlight ui abc --store '/tmp/a b.db' --open"


@pytest.mark.slow
def test_demo_then_ui_shows_the_demo_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new user's two commands: the demo records into the default store, and the command
    it prints serves a page that shows that session (the browser it would open is `true`)."""
    code, out, _ = run_cli(["demo", "-o", str(tmp_path / "demo.json")], capsys)
    assert code == 0
    printed = re.search(r"look at it: (packlight ui (\S+) --open)", out)
    assert printed is not None
    session_id = printed.group(2)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", *printed.group(1).split(), "--port", str(port)]
    server = subprocess.Popen(
        command,
        env={**os.environ, "BROWSER": "true"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        listed = None
        for _ in range(300):  # bounded: up to ~30 s for the interpreter and uvicorn to start
            try:
                listed = httpx.get(f"http://127.0.0.1:{port}/api/sessions", timeout=2).json()
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()[1]
                time.sleep(0.1)
        assert listed is not None, "packlight ui did not start"
        assert [s["id"] for s in listed["sessions"]] == [session_id]
        page = httpx.get(f"http://127.0.0.1:{port}/sessions/{session_id}", timeout=5)
        assert page.status_code == 200
        assert page.text.count('class="compaction-marker"') == 1
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    assert f"http://localhost:{port}/sessions/{session_id}" in err
