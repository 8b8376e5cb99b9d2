"""The ContextEngine interface an agent host talks to, and how an engine is chosen.

An engine owns one session's context decisions: it is told the provider's usage after each
response (:meth:`ContextEngine.update_from_response`), asked whether to compact
(:meth:`~ContextEngine.decide`, :meth:`~ContextEngine.should_compress`), and asked to compact
(:meth:`~ContextEngine.compress` / :meth:`~ContextEngine.acompress`). A compaction never
raises for a bad transcript and never changes the caller's list: it returns a
:class:`CompressionResult` whose ``messages`` are either the compacted transcript or the input
unchanged, with the reason.

Engines register under the entry-point group ``packlight.engines``; ``context.engine`` in the
settings selects one by name. Plugins are loaded only when named; an unknown or broken plugin
falls back to the built-in ``compressor`` with a warning.
"""

from __future__ import annotations

import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from packlight.artifacts import Artifact
from packlight.messages import Message

if TYPE_CHECKING:
    from importlib import metadata

    from packlight.config import Settings

logger = logging.getLogger("packlight.engine")

ENTRY_POINT_GROUP = "packlight.engines"
BUILTIN_ENGINE = "compressor"


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether to compact now, and why (every "no" has a reason)."""

    compress: bool
    reason: str
    prompt_tokens: int | None = None
    threshold: int | None = None


@dataclass(frozen=True, slots=True)
class StageReport:
    """What one stage of a compaction did, for reports and the CLI."""

    name: str
    removed_tokens: int = 0
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CompressionResult:
    """The outcome of one compaction attempt.

    ``messages`` is always safe to send: the compacted transcript when ``compacted`` is true,
    otherwise a copy of the input, unchanged, with ``reason`` saying why. The built-in engine
    shares no dict or list with the input either way, so the caller may edit one freely
    without changing the other.
    """

    messages: list[Message]
    compacted: bool
    reason: str
    before_tokens: int
    after_tokens: int
    before_messages: int
    after_messages: int
    summarizer_path: str | None = None
    checkpoint_tokens: int = 0
    checkpoint: str | None = None
    artifacts: tuple[Artifact, ...] = ()
    stages: tuple[StageReport, ...] = ()
    fits: bool = True
    """False when even the compacted transcript is over the threshold (said in ``reason``)."""
    aborted: bool = False
    duration_seconds: float = 0.0

    @property
    def saved_tokens(self) -> int:
        return self.before_tokens - self.after_tokens

    @property
    def savings(self) -> float:
        """Share of the prompt removed (0.0 when nothing was)."""
        return self.saved_tokens / self.before_tokens if self.before_tokens else 0.0


class ToolProvider(Protocol):
    """Tools an engine offers the model (the archive's retrieval tools implement this)."""

    def schemas(self) -> list[dict[str, Any]]:
        """OpenAI function-tool schemas."""
        ...

    def handle(self, name: str, arguments: Mapping[str, Any] | str) -> str:
        """Run one tool; returns the result text, never raises."""
        ...


class ContextEngine(ABC):
    """One session's context manager. Subclass it to write a plugin engine."""

    name: ClassVar[str] = "abstract"

    @abstractmethod
    def update_from_response(self, usage: Mapping[str, Any]) -> None:
        """Record a provider response's usage (``prompt_tokens`` or ``input_tokens``)."""

    @abstractmethod
    def decide(self, prompt_tokens: int | None = None) -> Decision:
        """Whether to compact at ``prompt_tokens`` (default: the last reported usage)."""

    def should_compress(self, prompt_tokens: int | None = None) -> bool:
        """``decide(prompt_tokens).compress``."""
        return self.decide(prompt_tokens).compress

    @abstractmethod
    def should_defer_preflight(self, estimate: int) -> bool:
        """Whether a pre-request estimate should wait for real usage instead of compacting."""

    @abstractmethod
    def compress(
        self,
        messages: Sequence[Message],
        *,
        current_tokens: int | None = None,
        focus: str | None = None,
        force: bool = False,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
    ) -> CompressionResult:
        """Compact ``messages``; never raises for a bad transcript, never mutates it.

        ``keep_last`` (manual compaction) keeps at least that many of the last messages
        verbatim; callers pass it only when set, so older plugin engines need not accept it."""

    @abstractmethod
    async def acompress(
        self,
        messages: Sequence[Message],
        *,
        current_tokens: int | None = None,
        focus: str | None = None,
        force: bool = False,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
    ) -> CompressionResult:
        """The async twin of :meth:`compress`."""

    def preview(
        self,
        messages: Sequence[Message],
        *,
        focus: str | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
    ) -> CompressionResult:
        """What a forced compaction would return now, committing nothing (optional)."""
        raise NotImplementedError(f"the {self.name!r} engine cannot preview a compaction")

    def set_context_window(  # noqa: B027 - optional hook
        self, context_window: int, *, reserved_output: int = 0
    ) -> None:
        """Size budgets for ``context_window`` from now on (the live session learned it from
        the request's model or from the provider). Engines that size nothing may ignore it."""

    @abstractmethod
    def has_content_to_compress(self, messages: Sequence[Message]) -> bool:
        """Whether anything lies between the protected head and tail."""

    def on_session_start(self, session_id: str | None = None) -> None:  # noqa: B027 - optional hook
        """Called when a session begins or is resumed."""

    def on_session_end(  # noqa: B027 - optional hook
        self, session_id: str | None = None, reason: str | None = None
    ) -> None:
        """Called when a session ends."""

    def on_session_reset(self) -> None:  # noqa: B027 - optional hook
        """Called when the host clears the conversation (``/new``): forget per-session state."""

    def get_tool_schemas(self) -> list[dict[str, Any]]:
        """Tools the engine offers the model (OpenAI function schemas). None by default."""
        return []

    def handle_tool_call(self, name: str, arguments: Mapping[str, Any] | str) -> str:
        """Run one of :meth:`get_tool_schemas`' tools; returns the tool result text."""
        return json.dumps({"error": f"unknown tool {name!r}: this engine offers no tools"})

    @abstractmethod
    def status(self) -> Mapping[str, Any]:
        """A JSON-serialisable snapshot of the engine's state (for logs and the inspector)."""


def available_engines() -> dict[str, metadata.EntryPoint]:
    """Installed plugin engines by name (the built-in one is not listed)."""
    # Imported here: importlib.metadata takes ~8 ms to import, and only a named engine
    # other than the built-in one is looked up.
    from importlib import metadata

    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def create_engine(
    name: str | None = None, *, settings: Settings | None = None, **options: Any
) -> ContextEngine:
    """Build the engine ``name`` (default: ``settings.context.engine``, else the built-in).

    A plugin is loaded only when named. If it is not installed, fails to load, or is not a
    :class:`ContextEngine`, the built-in compressor is used instead and a warning says why.
    """
    from packlight.compressor.engine import ContextCompressor  # the default engine

    wanted = name or (settings.context.engine if settings else None) or BUILTIN_ENGINE
    if wanted in {BUILTIN_ENGINE, ContextCompressor.name}:
        return ContextCompressor(settings=settings, **options)
    entry = available_engines().get(wanted)
    if entry is None:
        logger.warning(
            "context engine %r is not installed (known: %s); using the built-in %r",
            wanted,
            ", ".join(sorted(available_engines())) or "none",
            BUILTIN_ENGINE,
        )
        return ContextCompressor(settings=settings, **options)
    try:
        factory = entry.load()
        engine = factory(settings=settings, **options)
    except Exception as exc:  # a broken plugin must not take the agent down
        logger.warning(
            "context engine %r failed to load (%s: %s); using the built-in %r",
            wanted,
            type(exc).__name__,
            exc,
            BUILTIN_ENGINE,
        )
        return ContextCompressor(settings=settings, **options)
    if not isinstance(engine, ContextEngine):
        logger.warning(
            "context engine %r built a %s, not a ContextEngine; using the built-in %r",
            wanted,
            type(engine).__name__,
            BUILTIN_ENGINE,
        )
        return ContextCompressor(settings=settings, **options)
    return engine
