"""The archive: where everything compaction removes from the window is kept.

:class:`MemoryArchive` holds artifacts for one process; the persistent stores implement the
same :class:`~packlight.artifacts.ArtifactSink` protocol. Its :meth:`~MemoryArchive.search` is
the simple word search the retrieval tools use over it
(:class:`~packlight.retrieval.MemoryReader`).
"""

from __future__ import annotations

from collections.abc import Iterator

from packlight.artifacts import Artifact
from packlight.store.base import SearchHit

_SNIPPET_CHARS = 200


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

    def search(self, query: str, limit: int = 10) -> list[SearchHit]:
        """Artifacts containing the words of ``query``, best first (at most ``limit``).

        Each whitespace-separated word of the query is matched as a case-insensitive
        substring. An artifact's score is the number of distinct words it contains plus a
        fraction that grows with how often they occur (``words + n / (n + 1)``); ties go to
        the newest artifact. ``line`` is the first line holding the most words, ``snippet``
        that line around its first match. This archive has no sessions: ``session_id`` is
        ``""``.
        """
        words = list(dict.fromkeys(query.lower().split()))
        if not words or limit < 1:
            return []
        ranked: list[tuple[float, int, Artifact]] = []
        for order, artifact in enumerate(self._items.values()):
            lowered = artifact.content.lower()
            counts = [lowered.count(word) for word in words]
            found = sum(1 for count in counts if count)
            if found:
                occurrences = sum(counts)
                ranked.append((found + occurrences / (occurrences + 1), order, artifact))
        ranked.sort(key=lambda item: (-item[0], -item[1]))
        return [_hit(artifact, words, score) for score, _, artifact in ranked[:limit]]


def _hit(artifact: Artifact, words: list[str], score: float) -> SearchHit:
    best_line, best_text, best_key = 1, "", (0, 0)
    for number, text in enumerate(artifact.content.split("\n"), start=1):
        lowered = text.lower()
        counts = [lowered.count(word) for word in words]
        key = (sum(1 for count in counts if count), sum(counts))
        if key > best_key:
            best_line, best_text, best_key = number, text, key
    lowered = best_text.lower()
    first = min((p for p in (lowered.find(w) for w in words) if p >= 0), default=0)
    start = max(0, first - _SNIPPET_CHARS // 4)
    snippet = best_text[start : start + _SNIPPET_CHARS].strip()
    if start > 0:
        snippet = "…" + snippet
    if start + _SNIPPET_CHARS < len(best_text):
        snippet += "…"
    return SearchHit(
        artifact_id=artifact.id,
        session_id="",
        kind=artifact.kind,
        line=best_line,
        snippet=snippet,
        score=score,
    )
