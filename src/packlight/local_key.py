"""This installation's secret key: what makes packlight's own marks its own.

Two marks use it, and both must be stable across processes and unforgeable by text that
passes through a transcript:

- the integrity tag at the end of a checkpoint (:mod:`packlight.integrity`), so that text
  which merely starts like a checkpoint (a tool output, a pasted message) is never taken for
  one;
- the fingerprint in a redacted secret's placeholder (``[secret: password #482913]``,
  :mod:`packlight.redact`), so that the same secret gets the same placeholder in every
  compaction without the placeholder telling anything about the secret.

Where the key comes from, first found wins:

1. ``PACKLIGHT_LOCAL_KEY``: any text of 32 characters or more (hashed to 32 bytes). Set the
   same value on every machine whose checkpoints should be recognised by the others.
2. The file ``local.key`` in ``$PACKLIGHT_HOME``, else in packlight's user data directory
   (beside the default store): 32 random bytes, hex, created private (0600 in a 0700
   folder) on first use.
3. When that file can be neither read nor created (a read-only home): a random key for this
   process only, with a warning; checkpoints it tags are then recognised in this process
   alone (elsewhere by their metadata).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from packlight.errors import UserError

KEY_ENV = "PACKLIGHT_LOCAL_KEY"
HOME_ENV = "PACKLIGHT_HOME"
KEY_FILENAME = "local.key"
_MIN_KEY_CHARS = 32
_KEY_BYTES = 32

logger = logging.getLogger("packlight.local_key")


_LENT: ContextVar[bytes | None] = ContextVar("packlight_lent_key", default=None)


def local_key() -> bytes:
    """The 32-byte key of this installation (see the module docstring for where it is from)."""
    lent = _LENT.get()
    if lent is not None:
        return lent
    configured = os.environ.get(KEY_ENV)
    if configured:
        return _from_text(configured)
    return _from_file(str(key_path()))


@contextmanager
def lent_key(key: bytes) -> Iterator[None]:
    """Within this block, :func:`local_key` is ``key``: a compaction worker process works
    with the key of the process that asked it, whatever its own environment says."""
    token = _LENT.set(key)
    try:
        yield
    finally:
        _LENT.reset(token)


def key_path() -> Path:
    """Where the key file is: ``$PACKLIGHT_HOME/local.key``, else in the user data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / KEY_FILENAME
    return _default_folder() / KEY_FILENAME


@functools.lru_cache(maxsize=1)
def _default_folder() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("packlight"))


@functools.lru_cache(maxsize=8)
def _from_text(configured: str) -> bytes:
    if len(configured.strip()) < _MIN_KEY_CHARS:
        raise UserError(
            f"{KEY_ENV} is {len(configured.strip())} characters long; it needs at least "
            f"{_MIN_KEY_CHARS} (for example the output of "
            '`python -c "import secrets; print(secrets.token_hex(32))"`)'
        )
    return hashlib.sha256(configured.strip().encode("utf-8")).digest()


@functools.lru_cache(maxsize=8)
def _from_file(path_text: str) -> bytes:
    path = Path(path_text)
    try:
        return _read_or_create(path)
    except OSError as error:
        logger.warning(
            "cannot read or create the local key %s (%s); using a key for this process only, "
            "so its checkpoints are recognised by their metadata alone elsewhere; set %s to "
            "share one",
            path,
            error.strerror or error,
            KEY_ENV,
        )
        return secrets.token_bytes(_KEY_BYTES)


def _read_or_create(path: Path) -> bytes:
    existing = _read(path)
    if existing is not None:
        return existing
    missing = [parent for parent in path.parents if not parent.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
    key = secrets.token_bytes(_KEY_BYTES)
    try:
        # O_EXCL: two processes creating it at once agree on the first one's key.
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        # Another process created it a moment ago: give it time to write the key.
        for _ in range(50):
            found = _read(path)
            if found is not None:
                return found
            time.sleep(0.01)
        raise OSError(f"{path} exists but holds no key") from None
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(key.hex() + "\n")
        file.flush()
        os.fsync(file.fileno())
    return key


def _read(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise OSError(f"{path} is not a packlight key file") from None
    if not text:
        return None  # created by a process that has not written it yet, or emptied
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise OSError(f"{path} is not a packlight key file") from None
    if len(key) != _KEY_BYTES:
        raise OSError(f"{path} holds {len(key)} bytes, not {_KEY_BYTES}")
    return key
