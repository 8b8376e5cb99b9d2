"""The archive: where everything compaction removes from the window is kept.

:class:`MemoryArchive` holds artifacts for one process; the persistent stores implement the
same :class:`~packlight.artifacts.ArtifactSink` protocol.
"""

from __future__ import annotations

from collections.abc import Iterator

from packlight.artifacts import Artifact


class MemoryArchive:
    """Artifacts in a dict, in insertion order."""

    def __init__(self) -> None:
        self._items: dict[str, Artifact] = {}

    def put(self, artifact: Artifact) -> None:
        self._items.setdefault(artifact.id, artifact)

    def get(self, identifier: str) -> Artifact | None:
        return self._items.get(identifier)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Artifact]:
        return iter(list(self._items.values()))

    def __contains__(self, identifier: object) -> bool:
        return identifier in self._items
