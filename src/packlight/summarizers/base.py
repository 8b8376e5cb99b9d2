"""The summarizer protocol: what the engine asks for and what it gets back.

A checkpoint has two kinds of content. The *ledger sections* (active task, constraints, files,
identifiers, errors, archive references) are always written by code from the ledger, so they
cannot drop or invent anything. The *prose* (what was going on, decisions, where things stand)
may come from a summarizer: none at all with :class:`DeterministicSummarizer`, an LLM's with
the LLM summarizer. The engine merges the two.

The request carries everything a summarizer may look at; it is built by the engine's pure
planning step, so a summarizer never reaches back into the transcript.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from packlight.messages import Message

SummaryPath = Literal["deterministic", "llm", "retry-on-main", "fallback"]
"""Which path produced a summary: no LLM by design, the summary model, the main model after
the summary model failed, or the deterministic checkpoint after an LLM failure."""


@dataclass(frozen=True, slots=True)
class SummaryRequest:
    """Everything a summarizer may use to write a checkpoint's prose."""

    span: Sequence[Message]
    """The messages being compacted, already pruned (digests instead of bulky outputs)."""
    ledger_text: str
    """The ledger sections as the checkpoint will show them."""
    required_items: tuple[str, ...] = ()
    """Exact strings (identifiers, paths, error lines) the final checkpoint must contain."""
    previous_checkpoint: str | None = None
    """The checkpoint of the previous compaction, to be updated rather than rewritten."""
    focus: str | None = None
    """A topic that should get the larger share of the budget."""
    token_budget: int = 2_000
    """The checkpoint's size target in tokens (sent to an LLM as ``max_tokens``)."""
    language_hint: str | None = None
    """The language the user writes in, when known."""


@dataclass(frozen=True, slots=True)
class SummaryResult:
    """What a summarizer returns. ``prose`` may be empty: the ledger sections stand alone."""

    prose: str
    path: SummaryPath
    tokens_used: int = 0
    reason: str | None = None
    """Why this path was taken (e.g. the failure that caused a fallback)."""
    aborted: bool = False
    """True when the compaction must not happen (auth failure, network error, policy)."""
    failure: str | None = None
    """The kind of the last summary-call failure (``auth``, ``network``, ...), when there was
    one: the engine freezes the session or cools down from it (see :mod:`.policy`)."""
    sections: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Items an LLM wrote per checkpoint section (``Goal``, ``Key Decisions``...); merged with
    the ledger's items by the engine. ``prose`` is the same content as one text."""
    details: dict[str, object] = field(default_factory=dict)


@runtime_checkable
class Summarizer(Protocol):
    """Writes checkpoint prose. Sync and async share everything but the network call."""

    @property
    def name(self) -> str: ...

    def summarize(self, request: SummaryRequest) -> SummaryResult: ...

    async def asummarize(self, request: SummaryRequest) -> SummaryResult: ...
