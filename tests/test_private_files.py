"""Files packlight writes that hold transcripts are readable by their owner only (POSIX).

The store's own file, folder and journal files are covered in ``tests/store/test_sqlite.py``;
here: session files, exports and compacted outputs, which go through ``atomicfile``.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from packlight.atomicfile import write_text_atomic
from packlight.cli.demo import example_path
from packlight.sessionfile import read_session, write_session
from tests.cli.test_inspect import run_cli

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_private_file_is_0600_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "new.json", "{}", private=True)
        write_text_atomic(tmp_path / "shared.json", "{}")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.json") == 0o600
    assert mode(tmp_path / "shared.json") == 0o644


def test_a_replaced_file_loses_its_group_and_other_bits(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")
    target.chmod(0o664)
    write_text_atomic(target, "new", private=True)
    assert target.read_text() == "new"
    assert mode(target) == 0o600


def test_write_session_is_private(tmp_path: Path) -> None:
    write_session(tmp_path / "copy.json", read_session(example_path()))
    assert mode(tmp_path / "copy.json") == 0o600


def test_compress_output_and_export_are_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = os.umask(0o022)
    try:
        out = tmp_path / "out.json"
        code, _, _ = run_cli(
            ["compress", str(example_path()), "--context-window", "32000", "-o", str(out)],
            capsys,
        )
        assert code == 0
        assert mode(out) == 0o600
        code, listing, _ = run_cli(["sessions", "list", "--json"], capsys)
        assert code == 0
        exported = tmp_path / "export.json"
        first = json.loads(listing)[0]["id"]
        code, _, _ = run_cli(["sessions", "export", first, "-o", str(exported)], capsys)
        assert code == 0
        assert mode(exported) == 0o600
    finally:
        os.umask(old)
    store = Path(os.environ["PACKLIGHT_HOME"]) / "packlight.db"
    assert mode(store) == 0o600
    assert mode(store.parent) == 0o700
