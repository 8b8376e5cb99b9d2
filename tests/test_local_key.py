"""The installation's key: private, stable across processes, overridable, never fatal."""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from packlight.errors import UserError
from packlight.local_key import KEY_ENV, key_path, lent_key, local_key


def test_the_key_file_is_created_private_and_reused_by_another_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "fresh" / "home"
    monkeypatch.setenv("PACKLIGHT_HOME", str(home))
    key = local_key()
    assert len(key) == 32
    path = key_path()
    assert path.parent == home
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "from packlight.local_key import local_key; print(local_key().hex())",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ},
    )
    assert child.stdout.strip() == key.hex()


def test_the_environment_key_wins_and_must_be_long(monkeypatch: pytest.MonkeyPatch) -> None:
    from_file = local_key()
    monkeypatch.setenv(KEY_ENV, "x" * 40)
    configured = local_key()
    assert configured != from_file
    monkeypatch.setenv(KEY_ENV, "y" * 40)
    assert local_key() != configured
    monkeypatch.setenv(KEY_ENV, "short")
    with pytest.raises(UserError, match=f"{KEY_ENV} is 5 characters long"):
        local_key()


def test_a_lent_key_applies_inside_its_block_only() -> None:
    own = local_key()
    lent = bytes(range(32))
    with lent_key(lent):
        assert local_key() == lent
    assert local_key() == own


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_an_unwritable_home_gives_a_process_key_and_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    monkeypatch.setenv("PACKLIGHT_HOME", str(locked / "home"))
    with caplog.at_level(logging.WARNING, logger="packlight.local_key"):
        key = local_key()
    assert len(key) == 32
    assert local_key() == key
    assert "for this process only" in caplog.text


def test_a_damaged_key_file_gives_a_process_key_and_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    home = tmp_path / "damaged"
    home.mkdir()
    (home / "local.key").write_text("not hex at all\n", encoding="ascii")
    monkeypatch.setenv("PACKLIGHT_HOME", str(home))
    with caplog.at_level(logging.WARNING, logger="packlight.local_key"):
        key = local_key()
    assert len(key) == 32
    assert local_key() == key
    assert "not a packlight key file" in caplog.text
    assert (home / "local.key").read_text(encoding="ascii") == "not hex at all\n"  # untouched
