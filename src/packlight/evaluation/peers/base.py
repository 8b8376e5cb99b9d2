"""The one small interface every system compared by ``packlight eval`` sits behind.

A replay calls :meth:`Peer.prepare` before every simulated model call with the history the
host would send; the peer returns the history to send *and to keep* (the host continues from
it, appending the next raw messages). ``force=True`` asks for a compaction now, whatever the
peer's own trigger says (the canary rounds use it). Peers that run elsewhere (another
virtualenv, a subprocess) stay behind this interface; a peer that cannot run here raises
:class:`PeerUnavailable` from its factory with the reason, and the report marks it as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from packlight.messages import Message


class PeerUnavailable(RuntimeError):
    """The peer cannot run on this machine (not installed, no model); the message says why
    and how to fix it."""


DEFAULT_THRESHOLD = 0.5
"""The share of the window every system compacts at unless told otherwise: packlight's own
default ``threshold_fraction`` (and Hermes'), where most hosts trigger. At 75% short
trajectories that barely pass the threshold score close to no compaction however small the
compacted context is, which measures where the trigger sits, not what compaction costs."""


@dataclass(frozen=True, slots=True)
class PeerSettings:
    """What every peer is told about the run."""

    model: str
    context_window: int
    threshold: float = DEFAULT_THRESHOLD
    """Share of the window at which peers with a trigger compact (each peer maps it onto its
    own knob where it has one)."""
    seed: int | None = None
    """The run's seed (``--seed``): a peer whose output depends on a random key derives it
    from this, so that one seed gives one set of numbers; ``None``, a fresh random key for
    each trajectory."""


@dataclass(frozen=True, slots=True)
class PeerOutcome:
    """One ``prepare`` call."""

    messages: list[Message]
    """The history to send now and to continue from."""
    compacted: bool
    """Whether the peer changed the history on this call."""
    seconds: float = 0.0
    """Wall time of the peer's own work (transport excluded where the peer can tell)."""
    note: str | None = None
    """What happened when it matters: a fallback path, an error (then ``messages`` is the
    input unchanged), the reason a compaction was skipped."""
    error: bool = False
    summarizer_calls: int = 0
    summarizer_tokens: int = 0
    details: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Peer(Protocol):
    """A compaction system under evaluation (packlight itself is one)."""

    @property
    def name(self) -> str: ...

    @property
    def needs_llm(self) -> bool:
        """True when the peer's design calls for a summary model; the report marks how it
        was run (the same model as ours, or its own fallback)."""
        ...

    def reset(self) -> None:
        """Forget everything before a new trajectory."""
        ...

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome: ...

    def close(self) -> None: ...
