"""What the stores do to bodies before they are written: redaction and sealing (docs/security.md).

:class:`StoreProtection` is the setting (a key to seal with, older keys to read with, and
whether to redact); :class:`RowCodec` is what a store calls to turn a message, an artifact or
an engine state into the value of its column and back. Both stores keep the same rules:

- **Sealed** (AES-256-GCM, :mod:`packlight.store.sealing`) when a current key is set: each
  message's JSON, each artifact's content together with its meta, each engine state (it
  holds the session's artifact-id key and counters). Associated data binds each to its row:
  ``["message", session id, position]``, ``["artifact", session id, artifact id]``,
  ``["state", session id]``. A copy of a row to another position (rows appended while a
  compaction ran) is opened and sealed again for its new place.
- **Plaintext** rows written before a key was set stay readable beside sealed ones, and
  sealed rows stay readable with only older keys given (new rows are then plaintext):
  ``packlight store rekey`` moves every row to the current key, or back to plaintext.
- **Redacted** (``redact_on_archive``): message bodies go through
  :func:`packlight.redact.redact_message` and artifact contents through
  :func:`packlight.redact.redact` before they are written (and before they are sealed).

A SQLite column holds an envelope as a BLOB, a PostgreSQL ``text`` column its base64url text
form (``text=True``); either way a reader tells sealed from plaintext by the value itself.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from packlight.messages import Message
from packlight.store._text import dump_json
from packlight.store.sealing import (
    Sealer,
    StoreKey,
    StoreKeyError,
    armor,
    context_bytes,
    envelope_key_id,
    is_sealed,
    is_sealed_text,
    split_keys,
    unarmor,
)

if TYPE_CHECKING:
    from packlight.config import Settings

__all__ = ["PLAINTEXT", "RekeyReport", "RowCodec", "StoreProtection"]

PLAINTEXT = "plaintext"
"""What :meth:`RowCodec.key_of` reports for a row that is not sealed."""


@dataclass(frozen=True, slots=True)
class StoreProtection:
    """How a store protects the bodies it writes (see the module docstring).

    ``key`` seals new rows (base64url of 32 random bytes; ``None``: plaintext); ``old_keys``
    are accepted for reading only (each entry may hold several keys separated by commas);
    ``redact_on_archive`` redacts message and artifact bodies before they are written.
    Raises :class:`~packlight.errors.ConfigError` for a key that is not 32 bytes of base64url.
    Build from the settings with :meth:`from_settings` (constructor argument >
    ``PACKLIGHT_STORE_KEY`` / ``PACKLIGHT_STORE_OLD_KEYS`` / ``PACKLIGHT_STORE_REDACT_ON_ARCHIVE``
    > the ``store:`` section of the config file > off).
    """

    key: str | None = field(default=None, repr=False)
    old_keys: tuple[str, ...] = field(default=(), repr=False)
    redact_on_archive: bool = False
    current: StoreKey | None = field(init=False, default=None, repr=False, compare=False)
    readable: tuple[StoreKey, ...] = field(init=False, default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        current = None if not self.key else StoreKey.parse(self.key, "store.key")
        older = tuple(
            StoreKey.parse(text, f"store.old_keys[{index}]")
            for index, text in enumerate(split_keys(self.old_keys))
        )
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "readable", older)

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> StoreProtection:
        """The protection the settings ask for (default: those
        :func:`~packlight.config.load_settings` finds)."""
        if settings is None:
            from packlight.config import load_settings

            settings = load_settings()
        store = settings.store
        return cls(store.key, store.old_keys, store.redact_on_archive)

    @property
    def key_id(self) -> str | None:
        """The id of the key new rows are sealed with (``None``: they are plaintext)."""
        return None if self.current is None else self.current.key_id

    def codec(self, *, text: bool) -> RowCodec:
        """The codec a store uses (``text``: its columns hold text, not BLOBs)."""
        return RowCodec(self, text=text)


@dataclass(slots=True)
class RekeyReport:
    """What a store's ``rekey`` found and did (``dry_run``: found only)."""

    target: str
    """The key id every row is moved to, or :data:`PLAINTEXT` (no current key)."""
    found: Counter[str] = field(default_factory=Counter)
    """Rows (messages, artifacts, engine states) per key id (or plaintext) before the run."""
    rewritten: int = 0
    """Rows written again under ``target``."""
    sessions: int = 0
    """Sessions visited."""

    def count(self, key: str) -> None:
        self.found[key] += 1


class RowCodec:
    """Turns bodies into column values and back, for one store (see the module docstring).

    Raises :class:`~packlight.errors.MissingExtraError` when keys are given and the
    ``cryptography`` package is missing; reads raise
    :class:`~packlight.store.sealing.StoreKeyError` for a row no key given can open.
    """

    def __init__(self, protection: StoreProtection, *, text: bool) -> None:
        self.protection = protection
        self._text = text
        has_keys = protection.current is not None or protection.readable
        self._sealer = Sealer(protection.current, protection.readable) if has_keys else None

    @property
    def sealing(self) -> bool:
        """Whether new rows are sealed (a current key is set)."""
        return self.protection.current is not None

    @property
    def has_keys(self) -> bool:
        """Whether any key is given (current or old): artifact search then scans and opens
        rows in Python instead of asking the database's index, which holds no sealed text."""
        return self._sealer is not None

    # --- messages ------------------------------------------------------------------------

    def message_text(self, message: Message, what: str) -> str:
        """The message's JSON as stored before sealing (redacted when asked)."""
        if self.protection.redact_on_archive:
            from packlight.redact import redact_message

            message = redact_message(message)
        return dump_json(message, what)

    def seal_message(self, session_id: str, position: int, text: str) -> str | bytes:
        """The column value of a message row at ``position`` of ``session_id``."""
        return self._seal(text, context_bytes("message", session_id, position))

    def open_message(self, session_id: str, position: int, value: str | bytes) -> Message:
        """The message a column value holds (sealed or not)."""
        what = f"message {position} of session {session_id!r}"
        text = self._open(value, context_bytes("message", session_id, position), what)
        return cast(Message, json.loads(text))

    def reseal_message(
        self,
        source: tuple[str, int],
        value: str | bytes,
        target: tuple[str, int],
    ) -> str | bytes:
        """A message row's value copied from ``source`` to ``target`` (session, position):
        a sealed row is opened and sealed again for its new place; plaintext is sealed when a
        key is set."""
        if self._envelope(value) is None and not self.sealing:
            return value
        what = f"message {source[1]} of session {source[0]!r}"
        text = self._open(value, context_bytes("message", *source), what)
        return self.seal_message(target[0], target[1], text)

    # --- artifacts -----------------------------------------------------------------------

    def artifact_content(self, content: str) -> str:
        """An artifact's content as stored before sealing (redacted when asked)."""
        if self.protection.redact_on_archive:
            from packlight.redact import redact

            return redact(content)
        return content

    def seal_artifact(
        self, session_id: str, artifact_id: str, content: str, meta: Mapping[str, Any]
    ) -> str | bytes | None:
        """The sealed body (content and meta together) of an artifact, or ``None`` when
        no current key is set (the row is then written as plaintext)."""
        if not self.sealing:
            return None
        body = dump_json([content, dict(meta)], f"artifact {artifact_id}")
        return self._seal(body, context_bytes("artifact", session_id, artifact_id))

    def open_artifact(
        self, session_id: str, artifact_id: str, sealed: str | bytes
    ) -> tuple[str, dict[str, Any]]:
        """``(content, meta)`` of a sealed artifact body."""
        what = f"artifact {artifact_id} of session {session_id!r}"
        body = self._open(sealed, context_bytes("artifact", session_id, artifact_id), what)
        content, meta = json.loads(body)
        return str(content), dict(meta)

    # --- engine state --------------------------------------------------------------------

    def seal_state(self, session_id: str, text: str) -> str | bytes:
        return self._seal(text, context_bytes("state", session_id))

    def open_state(self, session_id: str, value: str | bytes) -> dict[str, Any]:
        what = f"the engine state of session {session_id!r}"
        return cast(
            dict[str, Any], json.loads(self._open(value, context_bytes("state", session_id), what))
        )

    # --- rotation ------------------------------------------------------------------------

    def key_of(self, value: str | bytes | None) -> str:
        """The key id a column value is sealed with, or :data:`PLAINTEXT`."""
        envelope = None if value is None else self._envelope(value)
        return PLAINTEXT if envelope is None else envelope_key_id(envelope)

    def is_current(self, value: str | bytes | None) -> bool:
        """Whether a column value is already as a write now would store it: sealed with the
        current key, or plaintext when there is none."""
        return self.key_of(value) == (self.protection.key_id or PLAINTEXT)

    # --- plumbing ------------------------------------------------------------------------

    def _seal(self, text: str, context: bytes) -> str | bytes:
        if self._sealer is None or not self.sealing:
            return text
        envelope = self._sealer.seal(text.encode("utf-8", "surrogatepass"), context)
        return armor(envelope) if self._text else envelope

    def _open(self, value: str | bytes, context: bytes, what: str) -> str:
        envelope = self._envelope(value)
        if envelope is None:
            return value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value
        if self._sealer is None:
            raise StoreKeyError(
                f"{what} is encrypted with store key {envelope_key_id(envelope)}, and no "
                "store key is set (PACKLIGHT_STORE_KEY / PACKLIGHT_STORE_OLD_KEYS)",
                key_id=envelope_key_id(envelope),
            )
        return self._sealer.open(envelope, context, what).decode("utf-8", "surrogatepass")

    @staticmethod
    def _envelope(value: str | bytes) -> bytes | None:
        if isinstance(value, bytes):
            return value if is_sealed(value) else None
        return unarmor(value) if is_sealed_text(value) else None
