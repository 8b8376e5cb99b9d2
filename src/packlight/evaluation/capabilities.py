"""Optional abilities a peer may have beyond the :class:`~packlight.evaluation.peers.Peer`
protocol; the evaluation checks for them with ``isinstance`` and does without them otherwise.

They live here rather than in ``peers/base.py`` so that the peer interface stays the four
methods every external adapter implements.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from packlight.retrieval import RetrievalTools


@runtime_checkable
class ObservesUsage(Protocol):
    """A peer that takes the provider's usage after each model call (packlight's
    post-response trigger)."""

    def observe(self, usage: Mapping[str, Any]) -> None:
        """The usage of the response to the history the peer last returned."""
        ...


@runtime_checkable
class HasArchive(Protocol):
    """A peer whose removed content stays retrievable through tools the model can call."""

    @property
    def retrieval(self) -> RetrievalTools | None:
        """The retrieval tools over this trajectory's archive (``None`` before ``reset``)."""
        ...
