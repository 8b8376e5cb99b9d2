"""At-rest encryption of store rows: store keys, key ids and the sealed envelope.

``pip install 'packlight[encryption]'`` (the ``cryptography`` package: AES-256-GCM).

- **A store key** is 32 random bytes written as base64url (padding optional, 43 or 44
  characters); :func:`new_store_key` makes one (``packlight store new-key``), as does the
  Python one-liner in ``docs/security.md``.
- **A key id** names a key without revealing it: the first 8 bytes of
  HMAC-SHA256(key, ``"packlight store key id"``), 16 hex characters. Every envelope carries
  the id of the key that sealed it, so a store read with several keys (rotation) picks the
  right one, and a row whose key is missing is reported by that id.
- **The envelope** (bytes)::

      ff 50 4b | 01      | key id (8 bytes) | nonce (12 bytes) | ciphertext + GCM tag (16 bytes)
      magic    | version |

  The magic starts with ``0xff``, a byte no UTF-8 text holds, so a sealed BLOB is never
  mistaken for text. Its text form (for PostgreSQL's ``text`` columns) is the envelope in
  base64url without padding, which therefore starts with :data:`TEXT_PREFIX` (``_1BL``):
  neither a JSON object (``{``) nor a JSON string (``"``) does.
- **Associated data** is the envelope's header (magic, version, key id) followed by the row's
  *context*: what the row is and where it sits (``["message", session id, position]``,
  ``["artifact", session id, artifact id]``, ``["state", session id]``). A ciphertext moved to
  another row, or whose header was edited, fails authentication instead of decrypting.

Nothing here touches a database; :mod:`packlight.store.protection` decides which columns are
sealed, and the stores call it.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from packlight.errors import ConfigError, MissingExtraError
from packlight.store.base import StoreError

__all__ = [
    "TEXT_PREFIX",
    "Sealer",
    "StoreKey",
    "StoreKeyError",
    "armor",
    "is_sealed",
    "is_sealed_text",
    "new_store_key",
    "unarmor",
]

KEY_BYTES = 32
MAGIC = b"\xffPK"
VERSION = 1
KEY_ID_BYTES = 8
NONCE_BYTES = 12
TAG_BYTES = 16
HEADER_BYTES = len(MAGIC) + 1 + KEY_ID_BYTES
OVERHEAD_BYTES = HEADER_BYTES + NONCE_BYTES + TAG_BYTES
"""What sealing adds to a row's bytes (40); the text form adds a third on top."""
TEXT_PREFIX = base64.urlsafe_b64encode(MAGIC).decode("ascii")
"""How a sealed row's text form starts (``_1BL``)."""
_KEY_ID_LABEL = b"packlight store key id"
MAKE_A_KEY = (
    "make one with `packlight store new-key` or "
    '`python -c "import secrets,base64;'
    'print(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode())"`'
)


class StoreKeyError(StoreError):
    """A sealed row cannot be opened: its key is not among the store's keys, or it fails
    authentication (altered, or moved from another row). ``key_id`` names the key that
    sealed it (``None`` when the envelope itself is unreadable)."""

    def __init__(self, message: str, *, key_id: str | None = None) -> None:
        self.key_id = key_id
        super().__init__(message)


def new_store_key() -> str:
    """A fresh random store key, base64url-encoded (what ``PACKLIGHT_STORE_KEY`` takes)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(KEY_BYTES)).decode("ascii")


@dataclass(frozen=True, slots=True)
class StoreKey:
    """A parsed store key and its id. Build with :meth:`parse`."""

    secret: bytes = field(repr=False)
    key_id: str

    @classmethod
    def parse(cls, text: str, setting: str = "store.key") -> StoreKey:
        """The key written as base64url (padding optional) of 32 bytes; raises
        :class:`~packlight.errors.ConfigError` naming ``setting`` and what is wrong, without
        echoing the key."""
        cleaned = text.strip()
        shown = f"<{len(cleaned)} characters>"
        if not re.fullmatch(r"[A-Za-z0-9_\-]+={0,2}", cleaned):
            raise ConfigError(
                setting,
                shown,
                "a base64url key (letters, digits, '-' and '_'; "
                f"{KEY_BYTES} random bytes): {MAKE_A_KEY}",
            )
        try:
            secret = base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
        except (binascii.Error, ValueError) as exc:
            raise ConfigError(setting, shown, f"valid base64url: {MAKE_A_KEY}") from exc
        if len(secret) != KEY_BYTES:
            raise ConfigError(
                setting,
                shown,
                f"{KEY_BYTES} bytes of key (43 or 44 base64url characters), got "
                f"{len(secret)} bytes: {MAKE_A_KEY}",
            )
        return cls(secret, key_id(secret))


def key_id(secret: bytes) -> str:
    """The public name of a key: 16 hex characters derived from it, revealing nothing of it."""
    return hmac.new(secret, _KEY_ID_LABEL, "sha256").digest()[:KEY_ID_BYTES].hex()


def split_keys(entries: Iterable[str]) -> list[str]:
    """Keys from a list whose entries may each hold several, separated by commas or
    whitespace (``PACKLIGHT_STORE_OLD_KEYS=key1,key2``)."""
    return [part for entry in entries for part in re.split(r"[,\s]+", entry) if part]


def is_sealed(value: bytes) -> bool:
    """Whether a BLOB is an envelope (no UTF-8 text starts with ``0xff``)."""
    return value[: len(MAGIC)] == MAGIC


def is_sealed_text(value: str) -> bool:
    """Whether a text column holds an envelope's text form."""
    return value.startswith(TEXT_PREFIX)


def armor(envelope: bytes) -> str:
    """The envelope's text form: base64url without padding."""
    return base64.urlsafe_b64encode(envelope).rstrip(b"=").decode("ascii")


def unarmor(text: str) -> bytes:
    """The inverse of :func:`armor`; raises :class:`StoreKeyError` for a damaged text."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise StoreKeyError(f"a sealed row's text is damaged ({exc})") from exc


def context_bytes(*parts: str | int) -> bytes:
    """A row's context for the associated data (unambiguous whatever the ids hold)."""
    return json.dumps(list(parts), ensure_ascii=True).encode("ascii")


def envelope_key_id(envelope: bytes) -> str:
    """The id of the key that sealed ``envelope``."""
    return envelope[len(MAGIC) + 1 : HEADER_BYTES].hex()


class Sealer:
    """Seals with the current key and opens with any known key (AES-256-GCM).

    ``current`` seals new rows (``None``: rows are written as plaintext, while ``readable``
    still opens sealed ones); ``readable`` are the older keys kept for reading. Raises
    :class:`~packlight.errors.MissingExtraError` without the ``cryptography`` package.
    """

    def __init__(self, current: StoreKey | None, readable: Sequence[StoreKey] = ()) -> None:
        try:
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        except ImportError as exc:
            raise MissingExtraError("store encryption", "encryption") from exc
        self.current = current
        keys = ([current] if current is not None else []) + list(readable)
        self._ciphers: dict[str, Any] = {}
        for key in keys:
            self._ciphers.setdefault(key.key_id, AESGCM(key.secret))
        self._invalid_tag: type[Exception] = _invalid_tag()

    @property
    def key_ids(self) -> list[str]:
        """The ids of the keys this sealer can open, the current one first."""
        return list(self._ciphers)

    def seal(self, plaintext: bytes, context: bytes) -> bytes:
        """An envelope of ``plaintext`` under the current key, bound to ``context``."""
        if self.current is None:
            raise StoreKeyError("no current store key to seal with (store.key is not set)")
        header = MAGIC + bytes([VERSION]) + bytes.fromhex(self.current.key_id)
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = self._ciphers[self.current.key_id].encrypt(nonce, plaintext, header + context)
        return header + nonce + bytes(sealed)

    def open(self, envelope: bytes, context: bytes, what: str) -> bytes:
        """The plaintext of ``envelope`` (``what`` names the row in errors).

        Raises :class:`StoreKeyError` naming the key id when the key is not known, and when
        authentication fails (wrong row, altered bytes).
        """
        if len(envelope) < OVERHEAD_BYTES or not is_sealed(envelope):
            raise StoreKeyError(f"{what} is not a valid sealed row (truncated or damaged)")
        if envelope[len(MAGIC)] != VERSION:
            raise StoreKeyError(
                f"{what} was sealed by envelope version {envelope[len(MAGIC)]}, which this "
                "packlight does not know (a newer packlight wrote it)"
            )
        identifier = envelope_key_id(envelope)
        cipher = self._ciphers.get(identifier)
        if cipher is None:
            known = ", ".join(self._ciphers) or "none"
            raise StoreKeyError(
                f"{what} is encrypted with store key {identifier}, which is not among the "
                f"keys given (known: {known}); set it in PACKLIGHT_STORE_KEY or "
                "PACKLIGHT_STORE_OLD_KEYS (store.key / store.old_keys)",
                key_id=identifier,
            )
        header = envelope[:HEADER_BYTES]
        nonce = envelope[HEADER_BYTES : HEADER_BYTES + NONCE_BYTES]
        try:
            plain = cipher.decrypt(nonce, envelope[HEADER_BYTES + NONCE_BYTES :], header + context)
        except self._invalid_tag as exc:
            raise StoreKeyError(
                f"{what} fails authentication under store key {identifier}: the row was "
                "altered, or its ciphertext was moved from another row",
                key_id=identifier,
            ) from exc
        return bytes(plain)


def _invalid_tag() -> type[Exception]:
    from cryptography.exceptions import InvalidTag

    return InvalidTag
