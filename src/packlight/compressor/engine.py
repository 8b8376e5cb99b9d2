"""``ContextCompressor``: packlight's default engine.

``compress = finish(plan(messages), summarizer.summarize(plan.request))`` and ``acompress``
differs only in awaiting ``asummarize``. ``plan`` and ``finish`` are pure (no I/O, no state
change); :meth:`ContextCompressor._commit` is the one place that changes engine state and
writes artifacts to the archive, and it runs only for a compaction that verified.

plan: count -> boundaries -> prune -> fit (escalate pruning until head + checkpoint budget +
      pinned + tail fit under the threshold) -> ledger -> summary request
finish: checkpoint -> assemble -> sanitize -> verify -> result (or the input unchanged)
"""

from __future__ import annotations

import functools
import json
import logging
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any, cast, overload

from packlight.archive import MemoryArchive
from packlight.artifacts import (
    Artifact,
    ArtifactSink,
    artifact_uri,
    make_artifact,
    make_messages_artifact,
    message_json,
)
from packlight.budget import (
    IDENTIFIER_SHARE,
    Budget,
    checkpoint_token_budget,
    critical_identifier_limit,
)
from packlight.compressor.assemble import assemble
from packlight.compressor.boundaries import Boundaries, find_boundaries
from packlight.compressor.checkpoint import (
    CheckpointFrame,
    parse_sections,
    render_checkpoint,
    required_tokens,
)
from packlight.compressor.digests import DigestRegistry, default_registry
from packlight.compressor.harness import first_human_index, harness_indices, latest_human_index
from packlight.compressor.ledger import (
    Ledger,
    cap_identifiers,
    extract_ledger,
    focus_without_secrets,
    ledger_json_lines,
    merge_ledgers,
    retire_superseded,
    with_secrets_redacted,
    without_stale_identifiers,
)
from packlight.compressor.ordering import PAIR_RULES, OrderingProblem, verify
from packlight.compressor.prune import PruneResult, PruneSettings, prune
from packlight.compressor.readback import ledger_from_text
from packlight.compressor.sanitize import sanitize_tool_pairs
from packlight.compressor.tasks import goal_of, significant_tasks, tasks_of, track_tasks
from packlight.compressor.toolcalls import ToolEvent
from packlight.compressor.workers import CompactionWorkers, Computed, WorkersUnavailableError
from packlight.config import Settings, load_settings, settings_with
from packlight.engine import (
    CompressionResult,
    ContextEngine,
    Decision,
    StageReport,
    ToolProvider,
)
from packlight.errors import PacklightError
from packlight.messages import (
    INSTRUCTION_ROLES,
    PACKLIGHT_KEY,
    Message,
    as_mapping,
    copy_messages,
    is_summary,
    message_text,
    packlight_meta,
    tool_calls_of,
)
from packlight.redact import PLACEHOLDER_PREFIX, redact
from packlight.retrieval import MemoryReader, RetrievalTools
from packlight.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from packlight.summarizers.factory import summarizer_from_settings
from packlight.summarizers.policy import COOLING_KINDS, FREEZING_KINDS, cooldown_seconds
from packlight.token_bounds import bounded_by_window, window_bound_of
from packlight.tokens import TokenCounter, TranscriptCounter, message_texts
from packlight.usage import prompt_tokens

logger = logging.getLogger("packlight.compressor")


@dataclass(frozen=True, slots=True)
class CompressorOptions:
    """Engine knobs beyond the budget settings."""

    protect_first_n: int = 3
    prune: PruneSettings = field(default_factory=PruneSettings)
    ineffective_savings: float = 0.10
    """A compaction that saves less than this share of the prompt is a strike."""
    max_strikes: int = 2
    """Strikes in a row after which automatic compaction waits for usage below the threshold."""
    preflight_growth_tokens: int = 2_000
    """Growth since the last real usage below which a preflight estimate defers to usage."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything ``finish`` needs; built by the pure :meth:`ContextCompressor.plan`."""

    messages: tuple[Message, ...]
    pruned: tuple[Message, ...]
    boundaries: Boundaries
    ledger: Ledger
    request: SummaryRequest
    artifacts: tuple[Artifact, ...]
    before_tokens: int
    checkpoint_budget: int
    focus: str | None
    previous_checkpoint_id: str | None
    carried: dict[str, list[str]]
    stages: tuple[StageReport, ...]
    escalation: int
    skip_reason: str | None = None


def _citations(lines: Sequence[str], artifacts: Sequence[Artifact]) -> dict[str, str]:
    """``artifact://ID#Ln`` for each exact line, from the first archived output holding it."""
    found: dict[str, str] = {}
    for line in lines:
        for artifact in artifacts:
            if artifact.kind != "tool_result":
                continue
            at = artifact.content.find(line)
            if at >= 0:
                number = artifact.content.count("\n", 0, at) + 1
                found[line] = artifact_uri(artifact.id, number, number)
                break
    return found


class _SourceTexts(Sequence[str]):
    """The text and tool-call arguments of each message, read only when a secret check asks
    (most ledgers have no identifier worth checking)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self._messages = messages
        self._texts: list[str] | None = None

    def _all(self) -> list[str]:
        if self._texts is None:
            texts: list[str] = []
            for message in self._messages:
                texts.append(message_text(message))
                for call in tool_calls_of(message):
                    function = call.get("function") if isinstance(call, Mapping) else None
                    arguments = function.get("arguments") if isinstance(function, Mapping) else None
                    if isinstance(arguments, str):
                        texts.append(arguments)
            self._texts = texts
        return self._texts

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._all()[index]

    def __iter__(self) -> Iterator[str]:
        # Not Sequence's, which indexes one item at a time (two calls per text, per pass).
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _quotes(message: Message, text: str | None) -> bool:
    """Whether ``message`` is the one ``text`` quotes (the ledger quotes it with its secrets
    redacted)."""
    if text is None:
        return False
    raw = message_text(message)
    return raw == text or (PLACEHOLDER_PREFIX in text and redact(raw) == text)


@functools.lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pattern) for pattern in patterns)


def _goal_place(
    messages: Sequence[Message], boundaries: Boundaries, goal: str | None
) -> dict[str, bool]:
    """Where the goal is kept verbatim: above the checkpoint (in the head) or below it (the
    pinned and tail messages), as :func:`render_checkpoint` takes it."""
    above = any(_quotes(messages[i], goal) for i in range(boundaries.head_end))
    below = not above and any(
        _quotes(messages[i], goal)
        for i in (*boundaries.pinned_indices, *range(boundaries.tail_start, len(messages)))
    )
    return {"goal_in_window": above, "goal_below": below}


def _previous_refs(
    checkpoint: Message, fresh: list[str], fresh_ledger_uri: str
) -> tuple[list[str], str]:
    """The archive references of ``checkpoint`` (to its originals and to its full ledger,
    each where its text still has it, else the ``fresh`` one) and the ledger's URI."""
    items = parse_sections(message_text(checkpoint)).get("Archive", [])
    originals = next(
        (i for i in items if i.startswith("artifact://") and "original messages" in i), fresh[0]
    )
    ledger = next((i for i in items if i.startswith("artifact://") and "full ledger" in i), None)
    if ledger is None:
        return [originals, fresh[1]], fresh_ledger_uri
    return [originals, ledger], ledger.split(": ", 1)[0]


REQUIRED_WINDOW_SHARE = 0.10
"""The most an automatic checkpoint budget grows to hold its required items."""
AUTO_COMPACT_TOKENS = 1_000
AUTO_COMPACT_CHARS = 4_000
"""Below these budgets ``checkpoint_frame: auto`` uses the compact frame."""

_NOTHING_TO_SUMMARIZE = SummaryResult(prose="", path="deterministic", reason="no span to summarize")


def _new_problems(before: Sequence[Message], after: Sequence[Message]) -> list[OrderingProblem]:
    """Problems the result has that the input did not: any tool-pair problem (sanitizing must
    have fixed those), or more problems of another rule than the input already had (an
    empty message the caller sent is theirs to fix, not a reason to refuse compaction)."""
    found = verify(after)
    if not found:
        return []
    existing = Counter((p.provider, p.rule) for p in verify(before))
    counts = Counter((p.provider, p.rule) for p in found)
    return [
        p
        for p in found
        if p.rule in PAIR_RULES or counts[(p.provider, p.rule)] > existing[(p.provider, p.rule)]
    ]


def _check_workers(
    workers: CompactionWorkers, settings: Settings | None, **objects: object
) -> None:
    """Refuse ``workers`` for an engine a worker process could not rebuild (see
    :mod:`packlight.compressor.workers`)."""
    given = sorted(name for name, value in objects.items() if value is not None)
    if given:
        raise TypeError(
            f"an engine with workers is made from settings alone; the {', '.join(given)} "
            "given cannot be rebuilt in a worker process"
        )
    if settings is not None and settings != workers.settings:
        raise ValueError("an engine with workers takes the settings its workers were made with")


class ContextCompressor(ContextEngine):
    """Deterministic-by-default compaction that keeps tool pairs valid and loses nothing."""

    name = "compressor"

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        model: str | None = None,
        context_window: int | None = None,
        summarizer: Summarizer | None = None,
        archive: ArtifactSink | None = None,
        counter: TokenCounter | None = None,
        digests: DigestRegistry | None = None,
        options: CompressorOptions | None = None,
        key: bytes | None = None,
        workers: CompactionWorkers | None = None,
    ) -> None:
        if workers is not None:
            _check_workers(
                workers,
                settings,
                summarizer=summarizer,
                counter=counter,
                digests=digests,
                options=options,
            )
            settings = workers.settings
        overrides: dict[str, Any] = {"model": model, "context.context_window": context_window}
        if settings is None:
            self.settings = load_settings(overrides)
        else:
            # On top of the settings given, not reloaded from their file: a window or any other
            # value set on the object must survive a model named here.
            self.settings = settings_with(
                settings, {key: value for key, value in overrides.items() if value is not None}
            )
        self.model = model or self.settings.model
        self.budget: Budget = self.settings.budget(self.model)
        # Without an explicit summarizer, the settings choose (summary.*: deterministic unless
        # a summary model is configured).
        self.summarizer: Summarizer = summarizer or summarizer_from_settings(self.settings)
        self.archive: ArtifactSink = archive if archive is not None else MemoryArchive()
        # Exact for every text that could be sent whole; a text over the window is estimated
        # beyond its first window's worth (token_bounds): the whole of it is never sent.
        self.counter = TranscriptCounter(
            bounded_by_window(
                counter or self.settings.token_counter(self.model), self.budget.context_window
            ),
            image_tokens=self.settings.tokens.image_tokens,
        )
        self.digests = digests or default_registry()
        self.options = options or CompressorOptions()
        # Artifact ids are keyed per engine so they cannot be guessed from content alone.
        self.key = key or secrets.token_bytes(32)
        self.retrieval: ToolProvider | None = None
        """The archive's retrieval tools, when the host wires an archive reader in."""
        self.clock: Callable[[], float] = time.time
        """Wall-clock seconds; cooldowns are stored as absolute times so they survive a
        restart (tests substitute a fake clock)."""
        self.persist: Callable[[CompressionResult, Mapping[str, Any]], None] | None = None
        """Called with each verified result and the engine state it leads to, before anything
        changes; raising a PacklightError cancels the compaction (see StoredSession)."""
        self.workers = workers
        """Worker processes that compute this engine's compactions (committed here); see
        :mod:`packlight.compressor.workers`."""
        self._reset_state()

    # --- state -----------------------------------------------------------------------

    def on_session_reset(self) -> None:
        """Forget the conversation: the engine's state and, with an in-memory archive, every
        artifact of it. The archive is replaced by an empty one (a caller's archive object is
        left as it was) and retrieval tools over the old one are pointed at the new one, so that
        nothing of the previous conversation can be searched, read, grepped or expanded. A
        store's archive is the store's: a new conversation there is a new store session."""
        self._reset_state()
        if isinstance(self.archive, MemoryArchive):
            previous = self.archive
            self.archive = MemoryArchive()
            retrieval = self.retrieval
            if (
                isinstance(retrieval, RetrievalTools)
                and isinstance(retrieval.reader, MemoryReader)
                and retrieval.reader.archive is previous
            ):
                self.retrieval = retrieval.with_reader(MemoryReader(self.archive))

    def _reset_state(self) -> None:
        self.compactions = 0
        self.strikes = 0
        self.last_prompt_tokens: int | None = None
        self.just_compacted = False
        self.previous_checkpoint_id: str | None = None
        self.last_result: CompressionResult | None = None
        # Summarizer failures (summarizers/policy.py): an auth or quota failure freezes
        # automatic compaction until force=True or another summarizer configuration; network
        # failures cool it down for a growing while; fallbacks in a row count as strikes.
        self.frozen_reason: str | None = None
        self.frozen_fingerprint: str | None = None
        self.cooldown_until: float | None = None
        self.network_failures = 0
        self.fallbacks_in_row = 0

    def on_session_start(self, session_id: str | None = None) -> None:
        self.session_id = session_id

    def set_context_window(self, context_window: int, *, reserved_output: int = 0) -> None:
        """Size every budget for ``context_window`` from now on (the live session calls this
        when the request's model, its output reservation or a provider's stated limit says
        the window is not what the settings said)."""
        # The window is given: an unknown model's default window is not used, so not warned of.
        info = self.settings.registry().lookup(self.model, warn=False)
        self.budget = Budget.for_window(
            context_window,
            reserved_output=reserved_output,
            policy=self.settings.context.policy(),
            threshold_fraction=info.threshold_fraction,
        )

    def update_from_response(self, usage: Mapping[str, Any]) -> None:
        tokens = prompt_tokens(usage)
        if tokens is None:
            return
        self.last_prompt_tokens = tokens
        self.just_compacted = False
        if tokens < self.budget.threshold:
            self.strikes = 0  # real usage fell below the threshold: compaction may run again

    def decide(self, prompt_tokens: int | None = None) -> Decision:
        threshold = self.budget.threshold
        tokens = prompt_tokens if prompt_tokens is not None else self.last_prompt_tokens
        if tokens is None:
            return Decision(False, "no prompt size known yet", None, threshold)
        if tokens < threshold:
            return Decision(
                False, f"below threshold ({tokens:,} < {threshold:,})", tokens, threshold
            )
        if self.frozen_reason is not None and self.frozen_fingerprint == self._fingerprint():
            return Decision(
                False,
                f"frozen: the summary model refused ({self.frozen_reason}); fix its "
                "configuration, or compact with force=True",
                tokens,
                threshold,
            )
        now = self.clock()
        if self.cooldown_until is not None and now < self.cooldown_until:
            return Decision(
                False,
                f"cooling down for {self.cooldown_until - now:.0f} s more after "
                f"{self.network_failures} failed summary call(s) (network or timeout); "
                "force=True overrides",
                tokens,
                threshold,
            )
        if self.strikes >= self.options.max_strikes:
            return Decision(
                False,
                f"paused: the last {self.strikes} compactions each saved under "
                f"{self.options.ineffective_savings:.0%}; waiting for usage below the "
                "threshold (force=True or a focus topic overrides)",
                tokens,
                threshold,
            )
        return Decision(
            True, f"at or over threshold ({tokens:,} >= {threshold:,})", tokens, threshold
        )

    def should_defer_preflight(self, estimate: int) -> bool:
        if self.just_compacted:
            return True  # the next real usage will say whether the compaction was enough
        if self.last_prompt_tokens is None or self.last_prompt_tokens >= self.budget.threshold:
            return False
        return estimate - self.last_prompt_tokens < self.options.preflight_growth_tokens

    def has_content_to_compress(self, messages: Sequence[Message]) -> bool:
        counts = self.counter.messages(messages)
        return not self._boundaries(messages, counts, tail_scale=1.0).is_empty

    def get_tool_schemas(self) -> list[dict[str, Any]]:
        return self.retrieval.schemas() if self.retrieval is not None else []

    def handle_tool_call(self, name: str, arguments: Mapping[str, Any] | str) -> str:
        if self.retrieval is None:
            return super().handle_tool_call(name, arguments)
        return self.retrieval.handle(name, arguments)

    def status(self) -> Mapping[str, Any]:
        return {
            "engine": self.name,
            "model": self.model,
            "context_window": self.budget.context_window,
            "threshold": self.budget.threshold,
            "compactions": self.compactions,
            "strikes": self.strikes,
            "last_prompt_tokens": self.last_prompt_tokens,
            "just_compacted": self.just_compacted,
            "previous_checkpoint_id": self.previous_checkpoint_id,
            "summarizer": self.summarizer.name,
            "frozen": self.frozen_reason,
            "cooldown_until": self.cooldown_until,
            "fallbacks_in_row": self.fallbacks_in_row,
        }

    # --- compaction ------------------------------------------------------------------

    def compress(
        self,
        messages: Sequence[Message],
        *,
        current_tokens: int | None = None,
        focus: str | None = None,
        force: bool = False,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
        previous_checkpoint: str | None = None,
    ) -> CompressionResult:
        """See :meth:`ContextEngine.compress`. ``keep_last=0`` keeps nothing verbatim but the
        system prompt (the checkpoint carries the latest request too).
        ``previous_checkpoint`` is the text of the checkpoint an earlier compaction wrote,
        for a transcript that no longer holds it (a host that keeps only the new turns):
        it is read back and updated like a checkpoint in the transcript; ignored when the
        transcript holds one."""
        elsewhere = self._submit(
            messages, current_tokens, focus, force, tools, keep_last, previous_checkpoint
        )
        if elsewhere is not None:
            try:
                return self._adopt(messages, elsewhere.result())
            except WorkersUnavailableError as exc:
                logger.warning("%s; compacting in this process", exc)
        started = time.perf_counter()
        given = messages
        messages = self._with_previous(messages, previous_checkpoint, keep_last)
        pending = self._begin(messages, current_tokens, focus, force, tools, keep_last)
        if isinstance(pending, CompressionResult):
            return self._as_given(pending, given, tools)
        try:
            summary = self._summarize(pending)
        except Exception as exc:
            return self._failed(given, exc, tools)
        return self._as_given(self._end(pending, summary, tools, started), given, tools)

    def preview(
        self,
        messages: Sequence[Message],
        *,
        focus: str | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
        previous_checkpoint: str | None = None,
    ) -> CompressionResult:
        """What a forced compaction would return now, with nothing committed: the engine's
        state, its archive and any store stay as they are (the summarizer is still called)."""
        started = time.perf_counter()
        given = messages
        messages = self._with_previous(messages, previous_checkpoint, keep_last)
        pending = self._begin(messages, None, focus, True, tools, keep_last)
        if isinstance(pending, CompressionResult):
            return self._as_given(pending, given, tools)
        try:
            result = self.finish(pending, self._summarize(pending), tools=tools)
        except Exception as exc:
            return self._failed(given, exc, tools)
        result = replace(result, duration_seconds=time.perf_counter() - started)
        return self._as_given(result, given, tools)

    def _summarize(self, plan: Plan) -> SummaryResult:
        """The summarizer's answer for ``plan`` (nothing to ask when the span is empty)."""
        if plan.boundaries.is_empty:
            return _NOTHING_TO_SUMMARIZE
        return self.summarizer.summarize(plan.request)

    async def acompress(
        self,
        messages: Sequence[Message],
        *,
        current_tokens: int | None = None,
        focus: str | None = None,
        force: bool = False,
        tools: Sequence[Mapping[str, Any]] | None = None,
        keep_last: int | None = None,
        previous_checkpoint: str | None = None,
    ) -> CompressionResult:
        """:meth:`compress` with the summarizer awaited."""
        elsewhere = self._submit(
            messages, current_tokens, focus, force, tools, keep_last, previous_checkpoint
        )
        if elsewhere is not None:
            import asyncio  # here: importing asyncio costs a process that never awaits ~14 ms

            try:
                return self._adopt(messages, await asyncio.wrap_future(elsewhere))
            except WorkersUnavailableError as exc:
                logger.warning("%s; compacting in this process", exc)
        started = time.perf_counter()
        given = messages
        messages = self._with_previous(messages, previous_checkpoint, keep_last)
        pending = self._begin(messages, current_tokens, focus, force, tools, keep_last)
        if isinstance(pending, CompressionResult):
            return self._as_given(pending, given, tools)
        try:
            summary = _NOTHING_TO_SUMMARIZE
            if not pending.boundaries.is_empty:
                summary = await self.summarizer.asummarize(pending.request)
        except Exception as exc:
            return self._failed(given, exc, tools)
        return self._as_given(self._end(pending, summary, tools, started), given, tools)

    # With workers, compress and acompress hand the whole computation to a worker process
    # (_submit) and commit its answer here (_adopt); without workers, or when the pool
    # fails, they compute it themselves.

    def _submit(
        self,
        messages: Sequence[Message],
        current_tokens: int | None,
        focus: str | None,
        force: bool,
        tools: Sequence[Mapping[str, Any]] | None,
        keep_last: int | None,
        previous_checkpoint: str | None,
    ) -> Future[Computed] | None:
        if self.workers is None:
            return None
        options = {
            "current_tokens": current_tokens,
            "focus": focus,
            "force": force,
            "tools": tools,
            "keep_last": keep_last,
            "previous_checkpoint": previous_checkpoint,
        }
        try:
            return self.workers.submit(
                self.model, self.budget, self.export_state(), messages, options
            )
        except WorkersUnavailableError as exc:
            logger.warning("%s; compacting in this process", exc)
            return None

    def _adopt(self, messages: Sequence[Message], computed: Computed) -> CompressionResult:
        # The worker started from this engine's state: what it reached before its commit
        # (a summarizer failure noted) is this engine's now, and the commit is made here.
        result, state = computed
        self.restore_state(state)
        return self._commit(result, messages)

    @staticmethod
    def _with_previous(
        messages: Sequence[Message], previous: str | None, keep_last: int | None
    ) -> Sequence[Message]:
        """``messages`` with a checkpoint given as text placed after the instructions; the
        arguments checked (a programming error raises, as a bad setting does)."""
        if keep_last is not None and (
            not isinstance(keep_last, int) or isinstance(keep_last, bool) or keep_last < 0
        ):
            raise ValueError(f"keep_last must be an integer of at least 0, not {keep_last!r}")
        if previous is None:
            return messages
        if not isinstance(previous, str):
            raise TypeError(
                f"previous_checkpoint must be the checkpoint's text, not {type(previous).__name__}"
            )
        if not previous.strip() or not isinstance(messages, Sequence):
            return messages
        if isinstance(messages, str | bytes) or any(is_summary(m) for m in messages):
            return messages  # the transcript's own checkpoint is the newer record
        head = 0
        while head < len(messages) and as_mapping(messages[head]).get("role") in INSTRUCTION_ROLES:
            head += 1
        carried = cast(
            Message, {"role": "user", "content": previous, PACKLIGHT_KEY: {"kind": "checkpoint"}}
        )
        return [*messages[:head], carried, *messages[head:]]

    def _as_given(
        self,
        result: CompressionResult,
        given: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> CompressionResult:
        """``result``, or when nothing was compacted, the caller's own transcript unchanged
        (without a checkpoint :meth:`_with_previous` placed in it)."""
        if result.compacted or not isinstance(given, Sequence) or isinstance(given, str | bytes):
            return result
        if len(given) == result.before_messages:
            return result
        return self._unchanged(given, result.reason, tools, aborted=result.aborted)

    # compress and acompress differ only in the summarizer call: everything before it is
    # _begin, everything after it _end.

    def _begin(
        self,
        messages: Sequence[Message],
        current_tokens: int | None,
        focus: str | None,
        force: bool,
        tools: Sequence[Mapping[str, Any]] | None,
        keep_last: int | None = None,
    ) -> Plan | CompressionResult:
        gate = self._gate(messages, current_tokens, focus, force, tools)
        if gate is not None:
            return gate
        try:
            plan = self.plan(
                messages,
                focus=focus,
                tools=tools,
                current_tokens=current_tokens,
                keep_last=keep_last,
            )
        except Exception as exc:
            return self._failed(messages, exc, tools)
        return self._unchanged(messages, plan.skip_reason, tools) if plan.skip_reason else plan

    def _end(
        self,
        plan: Plan,
        summary: SummaryResult,
        tools: Sequence[Mapping[str, Any]] | None,
        started: float,
    ) -> CompressionResult:
        if summary.aborted:
            # Nothing is compacted, but the failure changes what the engine does next.
            self._note_abort(summary)
        try:
            result = self.finish(plan, summary, tools=tools)
        except Exception as exc:
            return self._failed(list(plan.messages), exc, tools)
        result = replace(result, duration_seconds=time.perf_counter() - started)
        return self._commit(result, plan.messages)

    def _fingerprint(self) -> str:
        fingerprint = getattr(self.summarizer, "config_fingerprint", None)
        return fingerprint if isinstance(fingerprint, str) else self.summarizer.name

    def _note_abort(self, summary: SummaryResult) -> None:
        if summary.failure in FREEZING_KINDS:
            self.frozen_reason = summary.failure
            self.frozen_fingerprint = self._fingerprint()
        elif summary.failure in COOLING_KINDS:
            self.network_failures += 1
            self.cooldown_until = self.clock() + cooldown_seconds(self.network_failures)

    def _failed(
        self,
        messages: Sequence[Message],
        exc: Exception,
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> CompressionResult:
        # Atomic: any failure leaves the transcript exactly as it was.
        logger.exception("compaction failed; transcript left unchanged")
        return self._unchanged(messages, f"compaction failed: {type(exc).__name__}: {exc}", tools)

    def _gate(
        self,
        messages: Sequence[Message],
        current_tokens: int | None,
        focus: str | None,
        force: bool,
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> CompressionResult | None:
        if not isinstance(messages, Sequence) or isinstance(messages, str | bytes):
            return CompressionResult(
                messages=messages if isinstance(messages, list) else [],
                compacted=False,
                reason=f"not a transcript: {type(messages).__name__}",
                before_tokens=0,
                after_tokens=0,
                before_messages=0,
                after_messages=0,
            )
        if force or focus:
            return None
        tokens = current_tokens
        if tokens is None:
            try:
                tokens = self.counter.request(messages, tools)
            except Exception as exc:
                return self._unchanged(messages, f"cannot count the transcript: {exc}", None)
        decision = self.decide(tokens)
        return None if decision.compress else self._unchanged(messages, decision.reason, tools)

    def _unchanged(
        self,
        messages: Sequence[Message],
        reason: str,
        tools: Sequence[Mapping[str, Any]] | None,
        *,
        aborted: bool = False,
    ) -> CompressionResult:
        try:
            tokens = self.counter.request(messages, tools)
        except Exception:
            tokens = 0
        try:
            copied = copy_messages(messages)
        except Exception:  # an object nothing can copy: still never raise for a bad transcript
            copied = list(messages)
        return CompressionResult(
            messages=copied,
            compacted=False,
            reason=reason,
            before_tokens=tokens,
            after_tokens=tokens,
            before_messages=len(messages),
            after_messages=len(messages),
            aborted=aborted,
        )

    def _boundaries(
        self,
        messages: Sequence[Message],
        counts: Sequence[int],
        *,
        tail_scale: float,
        keep_last: int | None = None,
        summaries: Sequence[bool] | None = None,
    ) -> Boundaries:
        if keep_last == 0:
            # Nothing verbatim but the system prompt: head and tail are empty, and the
            # checkpoint carries the latest request too.
            return find_boundaries(
                messages,
                counts,
                tail_budget=0,
                tail_ceiling=0,
                min_tail_messages=0,
                protect_first_n=0,
                compactions_so_far=self.compactions,
                keep_latest=False,
                summaries=summaries,
            )
        return find_boundaries(
            messages,
            counts,
            tail_budget=int(self.budget.tail_budget * tail_scale),
            tail_ceiling=int(self.budget.tail_ceiling * tail_scale),
            min_tail_messages=keep_last or self.budget.min_tail_messages,
            protect_first_n=self.options.protect_first_n,
            compactions_so_far=self.compactions,
            summaries=summaries,
        )

    # --- plan (pure) -----------------------------------------------------------------

    def plan(
        self,
        messages: Sequence[Message],
        *,
        focus: str | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
        current_tokens: int | None = None,
        keep_last: int | None = None,
    ) -> Plan:
        """Decide everything about a compaction without changing any state.

        ``keep_last`` keeps at least that many of the last messages verbatim (the tail grows
        to the start of their tool groups), whatever the tail budget says."""
        original = tuple(messages)
        counts = self.counter.messages(original)
        tool_tokens = self.counter.tools(tools)
        before = current_tokens or (sum(counts) + tool_tokens)
        # Which messages are checkpoints, once: the harness, the boundaries, the tasks and the
        # span ledger all ask, and a long transcript has thousands of messages.
        all_summaries = [is_summary(m) for m in original]
        latest_user = next(
            (
                i
                for i in range(len(original) - 1, -1, -1)
                if as_mapping(original[i]).get("role") == "user" and not all_summaries[i]
            ),
            None,
        )
        never_cut = frozenset({latest_user} if latest_user is not None else ())
        # The task is what a person asked, never a reminder or an observation the harness
        # wrote under the user role after it.
        harness = harness_indices(
            original, patterns=self._harness_patterns(), summaries=all_summaries
        )
        latest_human = latest_human_index(original, harness=harness, summaries=all_summaries)

        # Escalate until the compacted transcript fits under the threshold: plain pruning,
        # then digests inside the tail, then cutting oversized messages, then a minimal tail.
        steps: list[tuple[bool, int | None, float]] = [
            (False, None, 1.0),
            (True, None, 1.0),
            (True, max(self.budget.tail_budget // 2, 256), 1.0),
            (True, max(self.budget.tail_budget // 4, 128), 0.0),
        ]
        chosen: tuple[int, Boundaries, PruneResult, int] | None = None
        skip_pressure = False
        first_level = 0
        # Levels 0 and 1 cannot shrink pinned or tail messages (beyond what pressure may
        # digest): when those alone are over the threshold, go straight to the oversize cut.
        plain = self._boundaries(
            original, counts, tail_scale=1.0, keep_last=keep_last, summaries=all_summaries
        )
        untouchable = sum(counts[i] for i in plain.pinned_indices) + sum(counts[plain.tail_start :])
        if untouchable + tool_tokens >= self.budget.threshold and self._pressure_cannot_fit(
            original, counts, plain, untouchable + tool_tokens
        ):
            first_level = 2
        for level, (pressure, max_message, tail_scale) in enumerate(steps):
            if level < first_level or (level == 1 and skip_pressure):
                continue
            boundaries = (
                plain
                if tail_scale == 1.0
                else self._boundaries(
                    original,
                    counts,
                    tail_scale=tail_scale,
                    keep_last=keep_last,
                    summaries=all_summaries,
                )
            )
            pruned = prune(
                original,
                protect_from=boundaries.tail_start,
                key=self.key,
                registry=self.digests,
                settings=replace(self.options.prune, max_message_tokens=max_message),
                pressure=pressure,
                counter=self.counter.counter,
                never_cut=never_cut,
                transcript_counter=self.counter,
            )
            span_tokens = sum(counts[i] for i in boundaries.middle)
            checkpoint_budget = 0 if boundaries.is_empty else self._checkpoint_budget(span_tokens)
            kept = [
                *range(boundaries.head_end),
                *boundaries.pinned_indices,
                *range(boundaries.tail_start, len(original)),
            ]
            # Pruning returns unchanged messages as the same objects, already counted.
            after = pruned.messages
            estimate = (
                sum(
                    counts[i] if after[i] is original[i] else self.counter.message(after[i])
                    for i in kept
                )
                + tool_tokens
                + checkpoint_budget
            )
            if not boundaries.is_empty or pruned.artifacts:
                chosen = (level, boundaries, pruned, checkpoint_budget)
            # Harder measures only while the result would still not fit.
            if estimate < self.budget.threshold:
                break
            if level == 0 and self._pressure_cannot_fit(original, counts, boundaries, estimate):
                skip_pressure = True
        if chosen is None:
            return self._skip(original, before, "nothing to compact between the head and the tail")
        level, boundaries, pruned, checkpoint_budget = chosen

        middle = [original[i] for i in boundaries.middle]
        summaries = [all_summaries[i] for i in boundaries.middle]
        checkpoints = [m for m, summary in zip(middle, summaries, strict=True) if summary]
        previous_ledger, previous_id, carried = self._previous_checkpoint(checkpoints)
        ledger = self._span_ledger(
            previous_ledger,
            original,
            boundaries.middle,
            summaries,
            boundaries.head_end,
            pruned,
            harness,
        )
        summary_at = [i for i, summary in zip(boundaries.middle, summaries, strict=True) if summary]
        at = max(summary_at, default=-1)
        if latest_human is not None and (latest_human > at or previous_ledger is None):
            # The active task is the latest user message a person wrote wherever it sits,
            # unless the checkpoint being replaced is newer (a decayed head lies before it).
            ledger = replace(ledger, active_task=message_text(original[latest_human]))
        elif previous_ledger is not None and previous_ledger.active_task is not None:
            ledger = replace(ledger, active_task=previous_ledger.active_task)
        ledger = self._with_tasks(
            ledger,
            original,
            boundaries,
            harness,
            previous_ledger,
            max(summary_at, default=None),
            all_summaries,
        )
        # What the user says in the kept messages may replace what the span said.
        # (What the harness wrote under the user role there is not the user's word.)
        ledger = retire_superseded(
            ledger,
            [
                original[i]
                for i in (*boundaries.pinned_indices, *range(boundaries.tail_start, len(original)))
                if i not in harness
            ],
            [original[i] for i in range(boundaries.head_end) if i not in harness],
        )
        # The checkpoint writes every critical identifier: keep what its budget carries
        # beside the other required content.
        # A value a later statement replaced is written nowhere, not even as an identifier.
        # The checkpoint is sent every turn and stored for good: no secret in what it quotes.
        ledger = with_secrets_redacted(without_stale_identifiers(ledger), _SourceTexts(original))
        verbatim = (
            *range(boundaries.head_end),
            *boundaries.pinned_indices,
            *range(boundaries.tail_start, len(original)),
        )
        required = required_tokens(
            ledger,
            counter=self.counter.counter,
            token_budget=checkpoint_budget,
            frame=self._frame(checkpoint_budget),
            task_in_window=any(_quotes(original[i], ledger.active_task) for i in verbatim),
            **_goal_place(original, boundaries, ledger.goal),
        )
        checkpoint_budget = self._room_for_required(checkpoint_budget, required)
        ledger = cap_identifiers(ledger, critical_identifier_limit(checkpoint_budget, required))
        pruned_middle = [pruned.messages[i] for i in boundaries.middle]
        request = SummaryRequest(
            span=pruned_middle,
            ledger_text=json.dumps(ledger.to_json(), ensure_ascii=False),
            required_items=tuple(
                dict.fromkeys(
                    [
                        *ledger.files_modified,
                        *ledger.files_created,
                        *ledger.errors[:1],
                        *ledger.errors[-1:],
                    ]
                )
            ),
            previous_checkpoint=message_text(checkpoints[0]) if checkpoints else None,
            focus=focus_without_secrets(focus, _SourceTexts(original)) if focus else focus,
            token_budget=checkpoint_budget,
        )
        stages = (
            StageReport(
                "prune",
                # Pruning returns unchanged messages as the same objects: count only the rest.
                removed_tokens=sum(
                    counts[i] - self.counter.message(m)
                    for i, m in enumerate(pruned.messages)
                    if m is not original[i]
                ),
                details={
                    "deduplicated": pruned.stats.deduplicated,
                    "superseded_reads": pruned.stats.superseded_reads,
                    "digested": pruned.stats.digested,
                    "images_stripped": pruned.stats.images_stripped,
                    "arguments_shortened": pruned.stats.arguments_shortened,
                    "oversized_cut": pruned.stats.oversized_cut,
                    "escalation": level,
                },
            ),
            StageReport(
                "boundaries",
                removed_tokens=sum(counts[i] for i in boundaries.middle),
                details={
                    # before_tokens holds estimates for these (each over the whole window).
                    "estimated_messages": self._estimated_messages(original, counts),
                    "head_end": boundaries.head_end,
                    "tail_start": boundaries.tail_start,
                    "pinned": [list(span) for span in boundaries.pinned],
                    "compacted_messages": len(boundaries.middle),
                },
            ),
        )
        return Plan(
            messages=original,
            pruned=tuple(pruned.messages),
            boundaries=boundaries,
            ledger=ledger,
            request=request,
            artifacts=pruned.artifacts,
            before_tokens=before,
            checkpoint_budget=checkpoint_budget,
            focus=focus,
            previous_checkpoint_id=previous_id,
            carried=carried,
            stages=stages,
            escalation=level,
        )

    def _harness_patterns(self) -> tuple[re.Pattern[str], ...]:
        """The host's ``context.harness_patterns``, compiled (validated when loaded)."""
        return _compiled(self.settings.context.harness_patterns)

    @staticmethod
    def _with_tasks(
        ledger: Ledger,
        original: Sequence[Message],
        boundaries: Boundaries,
        harness: frozenset[int],
        previous: Ledger | None,
        at: int | None,
        summaries: Sequence[bool],
    ) -> Ledger:
        """``ledger`` with the tasks of the whole conversation: the checkpoint being replaced
        (the latest checkpoint of the middle, at ``at``) recorded those up to it, and every
        message a person wrote elsewhere (the head, the span, the tail) is read in order, so
        that a task switch anywhere decides the goal. ``summaries`` is :func:`is_summary` of
        each message."""
        human = {i for i, m in enumerate(original) if m.get("role") == "user" and i not in harness}
        carried = {at: tasks_of(previous)} if at is not None and previous is not None else None
        tasks = track_tasks(original, human=human, carried=carried, summaries=summaries)
        goal = goal_of(tasks)
        if goal is None:
            first = first_human_index(
                original, harness=harness, stop=boundaries.head_end, summaries=summaries
            )
            goal = message_text(original[first]) if first is not None else ledger.goal
        return replace(ledger, goal=goal, tasks=significant_tasks(tasks))

    def _span_ledger(
        self,
        previous: Ledger | None,
        original: Sequence[Message],
        middle: Sequence[int],
        summaries: Sequence[bool],
        head_end: int,
        pruned: PruneResult,
        harness: frozenset[int],
    ) -> Ledger:
        """The ledger of the live (not checkpoint) ``middle`` messages, merged with the
        ``previous`` checkpoint's in the order things were said: once the head has decayed,
        the turns it protected lie before the checkpoint (older than its ledger) and the rest
        after it (newer)."""
        live = [i for i, summary in zip(middle, summaries, strict=True) if not summary]
        at = max((i for i, summary in zip(middle, summaries, strict=True) if summary), default=-1)
        before = [i for i in live if i < at] if previous is not None else []
        after = live[len(before) :]

        def ledger_of(indices: list[int], artifacts: Sequence[Artifact]) -> Ledger:
            return extract_ledger(
                [original[i] for i in indices],
                start_index=head_end,
                artifacts=artifacts,
                events=self._span_events(pruned, head_end, indices),
                harness={head_end + k for k, i in enumerate(indices) if i in harness},
                # The tasks of the whole conversation are read once, by _with_tasks.
                read_tasks=False,
                before=[original[i] for i in range(head_end) if i not in harness],
            )

        ledger = ledger_of(after, pruned.artifacts)
        if previous is None:
            return ledger
        if before:
            previous = merge_ledgers(ledger_of(before, ()), previous)
        return merge_ledgers(previous, ledger)

    @staticmethod
    def _span_events(
        pruned: PruneResult, head_end: int, live_indices: Sequence[int]
    ) -> list[ToolEvent] | None:
        """The tool events pruning paired, as :func:`extract_ledger` would pair the messages
        at ``live_indices`` (the middle without pinned and checkpoint messages) on their own,
        with each index shifted to ``head_end`` plus the message's position among them.
        ``None`` when a call there is answered outside them (alone it would look unanswered,
        or answered by a later reuse of its id): the ledger pairs them itself."""
        # Pairing and classifying every call again cost as much as a quarter of the ledger,
        # and a pinned span in the middle (common in long sessions) made it happen every time.
        # Pruning's pairing of the whole transcript agrees with the ledger's pairing of a
        # subset whenever the answer it found lies in the subset: no earlier answer exists.
        position = {index: head_end + rank for rank, index in enumerate(live_indices)}
        events: list[ToolEvent] = []
        for event in pruned.events:
            call = position.get(event.call_index)
            if call is None:
                continue
            result = None
            if event.result_index is not None:
                result = position.get(event.result_index)
                if result is None:
                    return None
            unchanged = call == event.call_index and result == event.result_index
            events.append(
                event if unchanged else replace(event, call_index=call, result_index=result)
            )
        return events

    def _frame(self, token_budget: int) -> CheckpointFrame:
        """The checkpoint's frame: the setting, or with ``auto`` the compact one for a small
        budget (the full frame alone is about 130 tokens and 600 characters)."""
        setting = self.settings.context.checkpoint_frame
        if setting in ("full", "compact"):
            return "compact" if setting == "compact" else "full"
        chars = self.settings.context.checkpoint_chars
        small = token_budget < AUTO_COMPACT_TOKENS or 0 < chars < AUTO_COMPACT_CHARS
        return "compact" if small else "full"

    def _room_for_required(self, budget: int, required: int) -> int:
        """An automatic budget grows to hold what a checkpoint must carry (the task, the
        user's statements, modified files, errors) and a share for identifiers, up to a tenth
        of the window; a budget the caller set (tokens or characters) is kept as it is."""
        context = self.settings.context
        if context.checkpoint_tokens or context.checkpoint_chars:
            return budget
        ceiling = int(self.budget.context_window * REQUIRED_WINDOW_SHARE)
        wanted = int(required / (1 - IDENTIFIER_SHARE))
        return max(budget, min(wanted, ceiling))

    def _estimated_messages(self, messages: Sequence[Message], counts: Sequence[int]) -> int:
        """How many of ``messages`` have a text longer than the window whose count is an
        estimate (:mod:`packlight.token_bounds`). Such a count is over the window, so only
        messages counted over it are read (``counts``: theirs)."""
        bound = window_bound_of(self.counter.counter)
        if bound is None or not bound.estimated:
            return 0
        return sum(
            1
            for message, count in zip(messages, counts, strict=True)
            if count > bound.limit
            and any(bound.was_estimated(text) for text in message_texts(message)[0])
        )

    def _checkpoint_budget(self, span_tokens: int) -> int:
        """Tokens the checkpoint replacing ``span_tokens`` may take: the setting when one is
        given (``context.checkpoint_tokens``), otherwise sized from the span."""
        fixed = self.settings.context.checkpoint_tokens
        if fixed > 0:
            return fixed
        return checkpoint_token_budget(
            span_tokens, self.budget.context_window, self.settings.context.policy()
        )

    def _pressure_cannot_fit(
        self,
        messages: Sequence[Message],
        counts: Sequence[int],
        boundaries: Boundaries,
        estimate: int,
    ) -> bool:
        """Whether digesting every tool result pressure may touch would still leave the
        transcript over the threshold (then the oversize cut is needed, skip straight to it)."""
        last = len(messages) - self.options.prune.pressure_keep_last
        reachable = sum(
            counts[i]
            for i in range(boundaries.tail_start, max(last, boundaries.tail_start))
            if as_mapping(messages[i]).get("role") == "tool"
        )
        return estimate - reachable >= self.budget.threshold

    def _skip(self, messages: tuple[Message, ...], before: int, reason: str) -> Plan:
        empty = extract_ledger([])
        return Plan(
            messages=messages,
            pruned=messages,
            boundaries=Boundaries(0, 0),
            ledger=empty,
            request=SummaryRequest(span=(), ledger_text=""),
            artifacts=(),
            before_tokens=before,
            checkpoint_budget=0,
            focus=None,
            previous_checkpoint_id=None,
            carried={},
            stages=(),
            escalation=0,
            skip_reason=reason,
        )

    def _previous_checkpoint(
        self, middle: Sequence[Message]
    ) -> tuple[Ledger | None, str | None, dict[str, list[str]]]:
        """The ledger of the checkpoint being replaced, from its metadata or (on resume from a
        file without metadata) from its text. A remembered checkpoint that is not in this
        transcript belongs to another session and is ignored."""
        checkpoints = [m for m in middle if is_summary(m)]
        if not checkpoints:
            return None, None, {}
        latest = checkpoints[-1]
        meta = packlight_meta(latest)
        identifier = meta.get("id") if isinstance(meta.get("id"), str) else None
        ledger_data = meta.get("ledger")
        if isinstance(ledger_data, Mapping):
            try:
                return Ledger.from_json(dict(ledger_data)), identifier, {}
            except (KeyError, TypeError, ValueError):
                logger.warning("checkpoint metadata unreadable; reading its text instead")
        # Without metadata the text says what the checkpoint carried: its statements keep
        # their priority and can still be superseded, the rest is carried as text.
        ledger, carried = ledger_from_text(message_text(latest))
        return ledger, identifier, carried

    # --- finish (pure) ---------------------------------------------------------------

    def finish(
        self,
        plan: Plan,
        summary: SummaryResult,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> CompressionResult:
        """Write the checkpoint, assemble, sanitize and verify; the input on any failure."""
        messages = list(plan.messages)
        if summary.aborted:
            return self._unchanged(
                messages,
                f"summarizer aborted: {summary.reason or 'no reason given'}",
                tools,
                aborted=True,
            )
        if plan.boundaries.is_empty:
            # Only pruning applied (oversized messages cut inside a tail that is everything).
            assembled: list[Message] = list(plan.pruned)
            checkpoint_text: str | None = None
            checkpoint_tokens = 0
            extra: tuple[Artifact, ...] = ()
            omitted: dict[str, int] = {}
            compacted_count = 0
        else:
            assembled, checkpoint_text, checkpoint_tokens, extra, omitted = self._checkpointed(
                plan, summary
            )
            compacted_count = len(plan.boundaries.middle)
        sanitized = sanitize_tool_pairs(assembled)
        orphans = tuple(
            make_artifact(
                self.key,
                "message",
                message_json(m),
                {"reason": "orphan tool result"},
            )
            for m in sanitized.dropped
        )
        problems = _new_problems(messages, sanitized.messages)
        if problems:
            described = "; ".join(f"{p.provider} {p.rule} at {p.index}" for p in problems[:5])
            return self._unchanged(messages, f"result failed verification: {described}", tools)
        # Counted before copying: the kept messages are the input's objects, already counted.
        after_tokens = self.counter.request(sanitized.messages, tools)
        # The caller may edit the result (or the input) freely: nothing is shared between them.
        after_messages = copy_messages(sanitized.messages)
        fits = after_tokens < self.budget.threshold
        reason = (
            f"compacted {compacted_count} messages into a checkpoint"
            if compacted_count
            else "pruned oversized messages (nothing lay between the head and the tail)"
        )
        if not fits:
            reason += self._why_not_fitting(after_messages, after_tokens)
        return CompressionResult(
            messages=after_messages,
            compacted=True,
            reason=reason,
            before_tokens=plan.before_tokens,
            after_tokens=after_tokens,
            before_messages=len(plan.messages),
            after_messages=len(after_messages),
            summarizer_path=summary.path,
            checkpoint_tokens=checkpoint_tokens,
            checkpoint=checkpoint_text,
            artifacts=(*plan.artifacts, *extra, *orphans),
            stages=(
                *plan.stages,
                StageReport(
                    "checkpoint",
                    details={
                        "tokens": checkpoint_tokens,
                        "budget": plan.checkpoint_budget,
                        "omitted": omitted,
                    },
                ),
                StageReport(
                    "summarize",
                    details={
                        "path": summary.path,
                        "tokens_used": summary.tokens_used,
                        "reason": summary.reason,
                        **summary.details,
                    },
                ),
                StageReport(
                    "sanitize",
                    details={
                        "orphans_dropped": len(sanitized.dropped),
                        "stubs_added": len(sanitized.stubbed),
                    },
                ),
            ),
            fits=fits,
        )

    def _checkpointed(
        self, plan: Plan, summary: SummaryResult
    ) -> tuple[list[Message], str, int, tuple[Artifact, ...], dict[str, int]]:
        """The assembled transcript with its new checkpoint, and the artifacts it cites."""
        middle_originals = [plan.messages[i] for i in plan.boundaries.middle]
        span_artifact = make_messages_artifact(
            self.key,
            "span",
            middle_originals,
            {
                "start": plan.boundaries.head_end,
                "messages": len(middle_originals),
                "indices": list(plan.boundaries.middle),
            },
        )
        ledger_json = plan.ledger.to_json()
        ledger_artifact = make_artifact(self.key, "ledger", ledger_json_lines(ledger_json))
        # The same sentence superseded twice (restated, then replaced) is one artifact.
        superseded = tuple(
            make_artifact(self.key, "superseded", constraint.text, {"subject": constraint.subject})
            for constraint in {c.text: c for c in plan.ledger.superseded}.values()
        )
        task_in_window = any(
            _quotes(plan.messages[i], plan.ledger.active_task)
            for i in [
                *range(plan.boundaries.head_end),
                *plan.boundaries.pinned_indices,
                *range(plan.boundaries.tail_start, len(plan.messages)),
            ]
        )
        goal_place = _goal_place(plan.messages, plan.boundaries, plan.ledger.goal)
        context = self.settings.context
        frame = self._frame(plan.checkpoint_budget)
        span_uri = artifact_uri(span_artifact.id, 1, max(len(middle_originals), 1))
        ledger_uri = artifact_uri(ledger_artifact.id)
        archive_refs = (
            # The span is the whole artifact: its line range says nothing the count does not.
            [
                f"{artifact_uri(span_artifact.id)}: {len(middle_originals)} original messages",
                f"{ledger_uri}: full ledger",
            ]
            if frame == "compact"
            else [
                f"{span_uri}: the {len(middle_originals)} original messages this checkpoint "
                "replaces (one JSON message per line)",
                f"{ledger_uri}: the full ledger (every file, command, error and identifier, "
                "including what did not fit here)",
            ]
        )
        if all(is_summary(m) for m in middle_originals):
            # Nothing new since the last checkpoint: its originals and ledger are still where
            # it says, and pointing there again makes compaction a fixed point.
            archive_refs, ledger_uri = _previous_refs(
                middle_originals[-1], archive_refs, ledger_uri
            )
        rendered = render_checkpoint(
            plan.ledger,
            counter=self.counter.counter,
            token_budget=plan.checkpoint_budget,
            char_budget=context.checkpoint_chars or None,
            frame=frame,
            task_in_window=task_in_window,
            **goal_place,
            focus=plan.focus,
            prose=summary.prose,
            archive_refs=archive_refs,
            carried=plan.carried,
            written=summary.sections,
            overflow_ref=ledger_uri,
            citations=_citations(
                [*plan.ledger.errors[:1], *plan.ledger.errors[-1:]], plan.artifacts
            ),
        )
        checkpoint_id = span_artifact.id
        assembled = assemble(
            list(plan.pruned),
            head_end=plan.boundaries.head_end,
            tail_start=plan.boundaries.tail_start,
            pinned=plan.boundaries.pinned,
            checkpoint_text=rendered.text,
            checkpoint_meta={
                "kind": "checkpoint",
                "id": checkpoint_id,
                "compaction": self.compactions + 1,
                "span_artifact": span_artifact.id,
                "ledger_artifact": ledger_artifact.id,
                "ledger": ledger_json,
                "summarizer": summary.path,
            },
        )
        return (
            assembled,
            rendered.text,
            rendered.tokens,
            (span_artifact, ledger_artifact, *superseded),
            {k: v for k, v in rendered.omitted.items() if v > 0},
        )

    def _why_not_fitting(self, messages: Sequence[Message], after_tokens: int) -> str:
        protected = [m for m in messages if as_mapping(m).get("role") in INSTRUCTION_ROLES]
        latest_user = next(
            (
                m
                for m in reversed(messages)
                if as_mapping(m).get("role") == "user" and not is_summary(m)
            ),
            None,
        )
        if latest_user is not None:
            protected.append(latest_user)
        floor = sum(self.counter.message(m) for m in protected)
        if floor >= self.budget.threshold:
            return (
                f"; still over the threshold ({after_tokens:,} >= {self.budget.threshold:,}): "
                f"the system prompt and the latest user message alone take {floor:,} tokens, "
                "which packlight never cuts"
            )
        return f"; still over the threshold ({after_tokens:,} >= {self.budget.threshold:,})"

    # --- commit (the only state change) ----------------------------------------------

    def _commit(self, result: CompressionResult, original: Sequence[Message]) -> CompressionResult:
        self.last_result = result
        if not result.compacted:
            return result
        state = self._state_after(result)
        if self.persist is not None:
            # The store commits the new transcript, its artifacts and this state in one
            # transaction; if it refuses (lost lease, stale transcript, database down), the
            # engine's own state must not move either.
            try:
                self.persist(result, state)
            except Exception as exc:  # a store failure must not reach the agent as an error
                if isinstance(exc, PacklightError):
                    logger.warning("compaction not committed: %s", exc)
                else:
                    logger.exception("compaction not committed")
                self.last_result = replace(
                    result,
                    messages=copy_messages(original),
                    compacted=False,
                    reason=f"not committed: {exc}",
                    after_tokens=result.before_tokens,
                    after_messages=result.before_messages,
                    artifacts=(),
                )
                return self.last_result
        for artifact in result.artifacts:
            self.archive.put(artifact)
        self.restore_state(state)
        return result

    def _state_after(self, result: CompressionResult) -> dict[str, Any]:
        """The engine state once ``result`` is committed (pure)."""
        strikes = self.strikes + 1 if result.savings < self.options.ineffective_savings else 0
        # Two deterministic fallbacks in a row (the summary model keeps failing) are a strike.
        fallbacks = self.fallbacks_in_row + 1 if result.summarizer_path == "fallback" else 0
        if fallbacks >= 2:
            strikes, fallbacks = max(strikes, self.strikes + 1), 0
        checkpoint = next((m for m in result.messages if is_summary(m)), None)
        identifier = packlight_meta(checkpoint).get("id") if checkpoint is not None else None
        return {
            **self.export_state(),
            "compactions": self.compactions + 1,
            "strikes": strikes,
            "last_prompt_tokens": None,
            "just_compacted": True,
            "previous_checkpoint_id": identifier if isinstance(identifier, str) else None,
            "fallbacks_in_row": fallbacks,
            # A compaction went through: the summarizer answered or fell back on purpose.
            "frozen_reason": None,
            "frozen_fingerprint": None,
            "cooldown_until": None,
            "network_failures": 0,
        }

    def export_state(self) -> dict[str, Any]:
        """Everything a restarted process needs to behave exactly as this one (JSON-safe)."""
        return {
            "version": 1,
            "compactions": self.compactions,
            "strikes": self.strikes,
            "last_prompt_tokens": self.last_prompt_tokens,
            "just_compacted": self.just_compacted,
            "previous_checkpoint_id": self.previous_checkpoint_id,
            "key": self.key.hex(),
            "frozen_reason": self.frozen_reason,
            "frozen_fingerprint": self.frozen_fingerprint,
            "cooldown_until": self.cooldown_until,
            "network_failures": self.network_failures,
            "fallbacks_in_row": self.fallbacks_in_row,
        }

    def restore_state(self, state: Mapping[str, Any]) -> None:
        """Take over a state saved by :meth:`export_state` (unknown keys are ignored)."""
        self.compactions = int(state.get("compactions", 0))
        self.strikes = int(state.get("strikes", 0))
        tokens = state.get("last_prompt_tokens")
        self.last_prompt_tokens = int(tokens) if isinstance(tokens, int) else None
        self.just_compacted = bool(state.get("just_compacted", False))
        previous = state.get("previous_checkpoint_id")
        self.previous_checkpoint_id = previous if isinstance(previous, str) else None
        key = state.get("key")
        if isinstance(key, str) and key:
            self.key = bytes.fromhex(key)
        frozen = state.get("frozen_reason")
        fingerprint = state.get("frozen_fingerprint")
        self.frozen_reason = frozen if isinstance(frozen, str) else None
        self.frozen_fingerprint = fingerprint if isinstance(fingerprint, str) else None
        until = state.get("cooldown_until")
        self.cooldown_until = float(until) if isinstance(until, int | float) else None
        self.network_failures = int(state.get("network_failures", 0))
        self.fallbacks_in_row = int(state.get("fallbacks_in_row", 0))
