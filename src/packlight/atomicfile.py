"""Write output files atomically: a temporary file beside the target, fsync, then rename.

A reader of the target sees the old file or the whole new one, never half of one. The
temporary file lives in the target's own directory (a rename across file systems would not be
atomic), is named ``.NAME.XXXXXXXX.packlight-tmp`` so that a leftover of a killed process is
recognisably ours, and is removed on every failure path, an interrupt included. The new file
gets the permissions a plain ``open(path, "w")`` would give it (the process umask applies),
or the mode of the file it replaces. With ``private=True`` (transcripts: exports, compacted
sessions) a new file is created ``0600`` and a replaced one loses its group and other bits,
on POSIX; on Windows the file inherits its folder's ACL as any other. A symbolic link as
target is written through: the file it points to is replaced, the link stays. A character
device or a named pipe (``/dev/null``, ``/dev/stdout``) is written directly, since it can
neither be replaced nor half-written.

::

    check_output_path(path)      is a file creatable there? (no writing; for early checks)
    write_text_atomic(path, text)
    with open_atomic(path) as out:   # streaming; the target appears when the block ends
        out.write(...)

Errors: :class:`OutputPathError` (a :class:`~packlight.errors.UserError`, CLI exit 2) when
the target cannot be a file here: it is a directory, its directory is missing, permission is
denied. :class:`OutputWriteError` (a :class:`~packlight.errors.RuntimeFailure`, exit 1) when
writing fails midway (disk full, I/O error) or the text cannot be encoded.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from packlight.errors import RuntimeFailure, UserError

TEMP_SUFFIX = ".packlight-tmp"
_NAME_ROOM = 200
"""Bytes of the target's name kept in the temporary name (NAME_MAX is 255 bytes; the rest
of the temporary name takes 24)."""

# Failures that say the target cannot be a file there, whatever is written: the caller's to fix.
_PATH_ERRNOS = {
    errno.EACCES,
    errno.EPERM,
    errno.EROFS,
    errno.ENOENT,
    errno.ENOTDIR,
    errno.EISDIR,
    errno.ENAMETOOLONG,
    errno.ELOOP,
}


class OutputPathError(UserError):
    """The output path cannot be written: a directory, a missing directory, no permission."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"cannot write {self.path}: {problem}")


class OutputWriteError(RuntimeFailure):
    """Writing the output failed midway (disk full, I/O error); the target is unchanged."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"cannot write {self.path}: {problem}; it was left as it was")


def _names_a_directory(raw: str) -> bool:
    separators = tuple(s for s in (os.sep, os.altsep) if s)
    return raw.endswith(separators) or Path(raw).name in {"", ".", ".."}


def check_output_path(path: str | os.PathLike[str]) -> Path:
    """The file to write for ``path`` (a symbolic link followed), after checking that a file
    can be created there; raises :class:`OutputPathError` saying why not. Nothing is written."""
    raw = os.fspath(path)
    if not raw:
        raise OutputPathError("''", "the path is empty")
    if _names_a_directory(raw):
        raise OutputPathError(raw, "the path names a directory, not a file")
    target = Path(os.path.realpath(raw)) if os.path.islink(raw) else Path(raw)
    try:
        info: os.stat_result | None = target.stat()
    except (FileNotFoundError, NotADirectoryError):
        info = None  # the directory checks below say which part is missing
    except OSError as exc:
        raise OutputPathError(raw, exc.strerror or str(exc)) from exc
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputPathError(raw, "it is a directory")
        if _is_stream(info.st_mode):
            return target  # /dev/null, /dev/stdout, a named pipe: written straight through
        if not stat.S_ISREG(info.st_mode):
            raise OutputPathError(raw, "it is not a regular file (a block device or a socket)")
        if not os.access(target, os.W_OK):
            raise OutputPathError(raw, "the file is read-only (permission denied)")
    parent = target.parent
    if not parent.exists():
        raise OutputPathError(raw, f"the directory {parent} does not exist")
    if not parent.is_dir():
        raise OutputPathError(raw, f"{parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputPathError(raw, f"no permission to create files in {parent}")
    return target


def _is_stream(mode: int) -> bool:
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _translate(exc: OSError, raw: str) -> OutputPathError | OutputWriteError:
    problem = exc.strerror or str(exc)
    if exc.errno in _PATH_ERRNOS:
        return OutputPathError(raw, problem)
    return OutputWriteError(raw, problem)


def _create_temporary(target: Path, *, private: bool = False) -> tuple[int, Path]:
    # os.open with 0o666 lets the kernel apply the umask, as for any new file (mkstemp would
    # make it 0o600, and reading the umask means changing it, which races other threads).
    # A private file is created 0o600 from the start, never readable by others for a moment.
    mode = 0o600 if private else 0o666
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    kept = target.name
    while len(os.fsencode(kept)) > _NAME_ROOM:
        kept = kept[:-1]
    while True:
        name = f".{kept}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        temporary = target.with_name(name)
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); best effort where directories cannot be opened."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@contextmanager
def open_atomic(
    path: str | os.PathLike[str], *, encoding: str = "utf-8", private: bool = False
) -> Iterator[IO[str]]:
    """A text file to write; ``path`` gets its content when the block ends without an
    exception, and is left untouched (the temporary file removed) when it raises. A
    character device or a named pipe (``/dev/null``, ``/dev/stdout``) is written directly:
    it cannot be replaced, and holds no earlier content to keep. ``private``: readable by
    its owner only (see the module docstring)."""
    raw = os.fspath(path)
    target = check_output_path(raw)
    try:
        info: os.stat_result | None = target.stat()
    except OSError:
        info = None
    with _translated(raw, encoding):
        if info is not None and _is_stream(info.st_mode):
            with open(target, "w", encoding=encoding, newline="") as stream:
                yield stream
            return
        descriptor, temporary = _create_temporary(target, private=private)
        committed = False
        try:
            with open(descriptor, "w", encoding=encoding, newline="") as stream:
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
            if info is not None:
                mode = stat.S_IMODE(info.st_mode)
                os.chmod(temporary, mode & ~0o077 if private else mode)
            os.replace(temporary, target)
            committed = True
        finally:
            if not committed:
                with suppress(OSError):
                    os.unlink(temporary)
    _sync_directory(target.parent)


@contextmanager
def _translated(raw: str, encoding: str) -> Iterator[None]:
    """OSError and UnicodeEncodeError as this module's errors, naming the output."""
    try:
        yield
    except UnicodeEncodeError as exc:
        character = exc.object[exc.start : exc.start + 1]
        what = (
            "a lone UTF-16 surrogate"
            if "\ud800" <= character <= "\udfff"
            else f"a character {encoding} cannot encode"
        )
        raise OutputWriteError(raw, f"the text holds {what} ({character!r})") from exc
    except OSError as exc:
        raise _translate(exc, raw) from exc


def write_text_atomic(
    path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", private: bool = False
) -> None:
    """Replace ``path`` with ``text`` atomically (see :func:`open_atomic`)."""
    with open_atomic(path, encoding=encoding, private=private) as stream:
        stream.write(text)
