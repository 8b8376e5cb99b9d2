"""Artifacts: what compaction takes out of the window, kept whole and addressable by id.

The engine never deletes anything: a pruned tool output, a shortened argument, a stripped
image, a compacted message and a superseded ledger entry each become an :class:`Artifact`.
Ids are derived from the content with a keyed hash, so the pure pipeline can compute them
without I/O, they are stable (the same content under the same key gets the same id) and they
are unguessable without the session's key.

The engine commits artifacts to an :class:`ArtifactSink` only once a compaction has verified;
the in-memory :class:`~packlight.archive.MemoryArchive` is the default sink, the stores of
the persistence layer are others.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

ArtifactKind = Literal[
    "tool_result", "tool_arguments", "image", "message", "span", "ledger", "superseded"
]
ARTIFACT_SCHEME = "artifact://"


@dataclass(frozen=True, slots=True)
class Artifact:
    """One archived item. ``content`` is the original text (a JSON text for whole messages)."""

    id: str
    kind: ArtifactKind
    content: str
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def line_count(self) -> int:
        return self.content.count("\n") + 1 if self.content else 0

    @property
    def uri(self) -> str:
        return artifact_uri(self.id)


def artifact_id(key: bytes, kind: str, content: str) -> str:
    """A stable id for ``content``, unguessable without ``key`` (26 lowercase base32 chars)."""
    return _artifact_id(key, kind, content)


# Pruning and compaction archive the same outputs again at every escalation level and every
# later compaction; the id depends only on these three values, so hash each once.
@functools.lru_cache(maxsize=16_384)
def _artifact_id(key: bytes, kind: str, content: str) -> str:
    digest = hashlib.blake2b(
        f"{kind}\0{content}".encode("utf-8", "surrogatepass"), key=key[:64], digest_size=16
    ).digest()
    return "a" + base64.b32encode(digest).decode("ascii").rstrip("=").lower()[:25]


def make_artifact(
    key: bytes, kind: ArtifactKind, content: str, meta: Mapping[str, Any] | None = None
) -> Artifact:
    return Artifact(
        id=artifact_id(key, kind, content), kind=kind, content=content, meta=dict(meta or {})
    )


def artifact_uri(
    identifier: str, start_line: int | None = None, end_line: int | None = None
) -> str:
    """``artifact://ID`` or ``artifact://ID#Lstart-Lend``: how checkpoints and digests cite."""
    if start_line is None:
        return f"{ARTIFACT_SCHEME}{identifier}"
    if end_line is None or end_line == start_line:
        return f"{ARTIFACT_SCHEME}{identifier}#L{start_line}"
    return f"{ARTIFACT_SCHEME}{identifier}#L{start_line}-L{end_line}"


class ArtifactSink(Protocol):
    """Where the engine commits artifacts. Implemented by the in-memory archive and the stores."""

    def put(self, artifact: Artifact) -> None:
        """Store an artifact; storing the same id twice is a no-op."""
        ...

    def get(self, identifier: str) -> Artifact | None:
        """The artifact with this id, or ``None``."""
        ...
