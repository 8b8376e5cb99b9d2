"""Versioned schema migrations: the bookkeeping both stores share.

Each backend keeps its own list of :class:`Migration` steps (the SQL differs) and a
``schema_migrations`` table with one row per applied step::

    schema_migrations(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at <timestamp>)

At startup a store reads the applied versions, asks :func:`pending_migrations` which steps
are left, and applies each with its bookkeeping row inside the same transaction, so a crash
never leaves a step half applied or applied but unrecorded. Nothing here touches a database:
the decision is a pure function, the I/O stays in the backend.

A step is never edited once released; a change to the schema is a new step with the next
version. A database that records a version this code does not know was written by a newer
packlight, and :func:`pending_migrations` refuses it rather than guess.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from packlight.store.base import StoreError

MIGRATIONS_TABLE = "schema_migrations"


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: a version, a name for humans, and the statements that apply it."""

    version: int
    """Positive, strictly increasing along a backend's list."""
    name: str
    """What the step does, in a few words (``"initial schema"``); stored with the version."""
    statements: tuple[str, ...]
    """The backend's DDL/DML, executed in order inside one transaction."""

    def __post_init__(self) -> None:
        if self.version < 1:
            raise ValueError(f"migration version must be >= 1, got {self.version}")
        if not self.name.strip():
            raise ValueError(f"migration {self.version} needs a name")


def check_migrations(migrations: Sequence[Migration]) -> None:
    """Fail loudly (at import/startup, in tests) when a backend's list is malformed."""
    versions = [migration.version for migration in migrations]
    if versions != sorted(set(versions)):
        raise ValueError(f"migration versions must be unique and increasing, got {versions}")


def pending_migrations(
    migrations: Sequence[Migration], applied: Collection[int]
) -> list[Migration]:
    """The steps of ``migrations`` not yet in ``applied``, in version order.

    Raises :class:`~packlight.store.base.StoreError` when ``applied`` holds a version this
    code does not know (the database was migrated by a newer packlight).
    """
    check_migrations(migrations)
    known = {migration.version for migration in migrations}
    unknown = sorted(set(applied) - known)
    if unknown:
        raise StoreError(
            f"the database has schema version {unknown[-1]}, newer than this packlight knows "
            f"(up to {max(known, default=0)}); upgrade packlight to open it"
        )
    return [migration for migration in migrations if migration.version not in applied]
