"""packlight.atomicfile: the target is the old file or the whole new one, never a leftover."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from packlight.atomicfile import (
    TEMP_SUFFIX,
    OutputPathError,
    OutputWriteError,
    check_output_path,
    open_atomic,
    write_text_atomic,
)
from packlight.errors import RuntimeFailure, UserError


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(TEMP_SUFFIX))


def test_writes_the_text_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_text_atomic(target, "ünïcode ✓\n")
    assert target.read_bytes() == "ünïcode ✓\n".encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_new_file_gets_the_permissions_of_a_plain_open(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_text_atomic(tmp_path / "new.txt", "x")
        (tmp_path / "plain.txt").write_text("x")
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "new.txt").stat().st_mode)
    assert mode == stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o604)
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


@pytest.mark.parametrize("failure", [ValueError, KeyboardInterrupt])
def test_a_failure_midway_keeps_the_old_file_and_removes_the_temporary(
    tmp_path: Path, failure: type[BaseException]
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    seen: list[str] = []

    def write_half_then_fail() -> None:
        with open_atomic(target) as stream:
            stream.write("half of the new")
            seen.extend(leftovers(tmp_path))
            raise failure()

    with pytest.raises(failure):
        write_half_then_fail()
    assert len(seen) == 1  # the temporary file was beside the target, named as ours
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_a_disk_full_is_a_runtime_failure_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    target = tmp_path / "out.txt"
    with pytest.raises(OutputWriteError) as caught:
        write_text_atomic(target, "text")
    assert isinstance(caught.value, RuntimeFailure)
    assert "No space left on device" in str(caught.value)
    assert not target.exists()
    assert leftovers(tmp_path) == []


def test_a_failed_rename_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(source: object, destination: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(OutputWriteError):
        write_text_atomic(tmp_path / "out.txt", "text")
    assert list(tmp_path.iterdir()) == []


def test_text_utf8_cannot_hold_is_refused_before_the_target_changes(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(OutputWriteError, match="lone UTF-16 surrogate"):
        write_text_atomic(target, "a\ud800b")
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("DIR", "is a directory"),
        ("DIR/", "names a directory"),
        ("DIR/missing/out.txt", "does not exist"),
        ("FILE/out.txt", "is not a directory"),
        ("", "empty"),
        (".", "names a directory"),
        ("DIR/..", "names a directory"),
    ],
)
def test_paths_that_cannot_be_a_file_are_user_errors(
    tmp_path: Path, name: str, fragment: str
) -> None:
    (tmp_path / "file").write_text("x")
    path = name.replace("DIR", str(tmp_path)).replace("FILE", str(tmp_path / "file"))
    with pytest.raises(OutputPathError, match=fragment) as caught:
        write_text_atomic(path, "text")
    assert isinstance(caught.value, UserError)
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_directory_is_a_user_error(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(OutputPathError, match="permission"):
            check_output_path(tmp_path / "out.txt")
    finally:
        tmp_path.chmod(0o700)


def test_a_link_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("old")
    (tmp_path / "link.txt").symlink_to("real.txt")
    write_text_atomic(tmp_path / "link.txt", "new")
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real.txt").read_text() == "new"


def test_a_character_device_is_written_directly() -> None:
    write_text_atomic(os.devnull, "nothing to keep")
    assert Path(os.devnull).is_char_device()


def test_a_long_name_still_fits_a_temporary_name(tmp_path: Path) -> None:
    name = "日" * 80 + ".json"  # 245 bytes: the longest a name may be, nearly
    write_text_atomic(tmp_path / name, "x")
    assert (tmp_path / name).read_text() == "x"
