"""Persistence: the ``SessionStore`` contract and its SQLite and PostgreSQL implementations."""

from packlight.store.base import (
    CompactionEvent,
    SearchHit,
    SessionNotFoundError,
    SessionRecord,
    SessionRotatedError,
    SessionStore,
    StaleTranscriptError,
    StoredMessage,
    StoreError,
)
from packlight.store.protection import StoreProtection
from packlight.store.sealing import StoreKeyError, new_store_key

__all__ = [
    "CompactionEvent",
    "SearchHit",
    "SessionNotFoundError",
    "SessionRecord",
    "SessionRotatedError",
    "SessionStore",
    "StaleTranscriptError",
    "StoreError",
    "StoreKeyError",
    "StoreProtection",
    "StoredMessage",
    "new_store_key",
]


def open_store(
    url: str | None = None, *, protection: StoreProtection | None = None
) -> SessionStore:
    """The store at ``url``: a ``postgresql://`` DSN, or a SQLite file path.

    Without ``url``: ``$PACKLIGHT_STORE_URL``, else the SQLite file under ``$PACKLIGHT_HOME``
    (or the platform's user data directory). PostgreSQL tables live in the schema
    ``$PACKLIGHT_STORE_SCHEMA`` (default ``packlight``). ``protection`` (encryption at rest,
    redaction; docs/security.md) defaults to the settings' (``PACKLIGHT_STORE_KEY`` ...).
    """
    import os

    url = url or os.environ.get("PACKLIGHT_STORE_URL") or None
    if url and url.startswith(("postgresql://", "postgres://")):
        from packlight.store.postgres import PostgresStore

        schema = os.environ.get("PACKLIGHT_STORE_SCHEMA") or "packlight"
        return PostgresStore(url, schema=schema, protection=protection)
    from packlight.store.sqlite import SQLiteStore, default_store_path

    return SQLiteStore(url or default_store_path(), protection=protection)


__all__ += ["open_store"]
