"""``packlight store``: new-key, status and rekey, on the store the other commands record in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packlight.store.sealing import StoreKey
from tests.cli.test_inspect import run_cli
from tests.cli.test_sessions import compress_and_record


def new_key(capsys: pytest.CaptureFixture[str]) -> str:
    code, out, _ = run_cli(["store", "new-key"], capsys)
    assert code == 0
    return out.strip()


def test_new_key_prints_a_fresh_valid_key(capsys: pytest.CaptureFixture[str]) -> None:
    first, second = new_key(capsys), new_key(capsys)
    assert first != second
    assert len(StoreKey.parse(first).secret) == 32


def test_rotation_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = new_key(capsys), new_key(capsys)
    old_id, new_id = StoreKey.parse(old).key_id, StoreKey.parse(new).key_id
    monkeypatch.setenv("PACKLIGHT_STORE_KEY", old)
    session_id = compress_and_record(tmp_path, capsys)
    code, before, _ = run_cli(["sessions", "export", session_id, "--original"], capsys)
    assert code == 0

    monkeypatch.setenv("PACKLIGHT_STORE_KEY", new)
    code, _, err = run_cli(["sessions", "export", session_id], capsys)
    assert code == 1
    assert old_id in err

    monkeypatch.setenv("PACKLIGHT_STORE_OLD_KEYS", old)
    code, out, _ = run_cli(["store", "status"], capsys)
    assert code == 0
    assert f"current key: {new_id}" in out
    assert f"{old_id}: " in out
    code, out, _ = run_cli(["store", "rekey"], capsys)
    assert code == 0
    assert f"to {new_id}" in out
    code, out, _ = run_cli(["store", "status"], capsys)
    assert old_id not in out
    assert "plaintext" not in out

    monkeypatch.delenv("PACKLIGHT_STORE_OLD_KEYS")
    code, after, _ = run_cli(["sessions", "export", session_id, "--original"], capsys)
    assert code == 0
    assert json.loads(after) == json.loads(before)


def test_an_invalid_key_exits_2_naming_the_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from packlight.store import StoreProtection
    from packlight.store.sqlite import SQLiteStore

    path = tmp_path / "packlight.db"
    SQLiteStore(path, protection=StoreProtection()).close()
    monkeypatch.setenv("PACKLIGHT_STORE_KEY", "c2hvcnQ")
    code, _, err = run_cli(["store", "new-key"], capsys)
    assert code == 0  # making a key needs no key
    code, _, err = run_cli(["store", "status", "--store", str(path)], capsys)
    assert code == 2
    assert "store.key" in err
    assert "c2hvcnQ" not in err
