"""The live loop's decisions, written once for :class:`~packlight.session.Session` and its
async twin.

Each public call of a session is a generator here (a *flow*) that yields a
:class:`CompactionCall` whenever it needs a compaction and receives the
:class:`~packlight.engine.CompressionResult`; the sync driver answers with
``engine.compress``, the async one with ``await engine.acompress``. Everything else (the
lineage of the caller's history, the estimate, the triggers, recovery) is here, once.

State, per lineage of the caller's history (the history the caller resends every turn):

- ``prefix``: what the session sends for the first ``covered`` raw messages: the compacted
  transcript of the last compaction (with packlight's metadata), or nothing before one;
- ``tail``: what it sends for the raw messages after those (the caller's own objects, or the
  structured preview a store admitted instead of a huge output);
- the view = prefix + tail. Between compactions each view extends the previous one, so
  provider prompt caches keep hitting; only a compaction (or a history that no longer extends
  what was seen) changes the prefix, and each such change is counted as a prefix break.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal, cast

from packlight.artifacts import Artifact, artifact_uri, make_artifact, message_json
from packlight.config import Settings
from packlight.context_files import add_to_system_prompt
from packlight.engine import CompressionResult, ContextEngine, create_engine
from packlight.errors import ContextOverflowError, TranscriptError
from packlight.formats.openai_chat import validate_message
from packlight.history import SeenHistory
from packlight.last_resort import cut_to_fit
from packlight.media import shrink_images, strip_historical_images
from packlight.messages import (
    PACKLIGHT_KEY,
    Message,
    as_mapping,
    is_summary,
    strip_packlight_message,
)
from packlight.overflow import ProviderLimit, classify_error
from packlight.store.base import SessionRecord, SessionStore
from packlight.stored_session import StoredSession, restore_admitted
from packlight.tokens import Calibration, TranscriptCounter
from packlight.usage import prompt_tokens

logger = logging.getLogger("packlight.session")

RECOVERY_PRESSURE = (1.0, 0.6, 0.35)
"""Share of the prompt window a recovery compaction aims for, by attempt: the first retry
compacts as a preflight would (with whatever the provider's error taught the session), later
ones harder, in case the provider counts far more than packlight does."""
FAILED_SIZE_MARGIN = 0.9
"""Share of the smallest request size that failed for length (no limit stated) that later
requests aim under."""
CUT_MARGIN = 0.05
"""Share of the window left free when the latest user message is cut to fit."""
OUTPUT_FIT_MARGIN = 0.02
"""Share of the window kept free when lowering ``max_tokens`` on the session's own estimate."""
IMAGE_LIMIT_BYTES = 5 * 1024 * 1024
"""Anthropic's per-image limit, the strictest common one: used when an error states none."""
IMAGE_MARGIN = 0.9

Trigger = Literal["preflight", "recovery", "manual"]


def engine_units(tokens: int, ratio: float) -> int:
    """``tokens`` the provider counts, in the engine's own (uncalibrated) units."""
    return int(tokens / max(ratio, 1.0))


def provider_threshold(engine_threshold: int, ratio: float) -> int:
    """The engine's threshold in the provider's units, as the decision reads it: the least
    provider count whose engine units (:func:`engine_units`) are not below
    ``engine_threshold``, so that a request is below this exactly when the session reads it
    as below the threshold. (Rounding ``engine_threshold * ratio`` made a request one token
    under the threshold read as on it; a division in floating point is not exact either.)"""
    shown = max(math.floor(engine_threshold * max(ratio, 1.0)) - 2, 0)
    while engine_units(shown, ratio) < engine_threshold:
        shown += 1
    return shown


@dataclass(frozen=True, slots=True)
class CompactionCall:
    """A compaction a flow needs; the driver runs it and sends back the result."""

    messages: list[Message]
    trigger: Trigger
    force: bool
    current_tokens: int | None = None
    focus: str | None = None
    tools: Sequence[Mapping[str, Any]] | None = None
    keep_last: int | None = None
    preview: bool = False


Flow = Generator[CompactionCall, CompressionResult, Any]


@dataclass(frozen=True, slots=True)
class Prepared:
    """What to send: the view of the caller's history, and why it looks the way it does."""

    messages: list[Message]
    """The messages to send, packlight's ``_packlight`` metadata removed."""
    canonical: list[Message]
    """The same view with packlight's metadata (format adapters convert from this)."""
    tools: Sequence[Mapping[str, Any]] | None
    max_tokens: int | None
    """The output cap to send: the caller's, or lower once the provider refused it."""
    estimate: int
    """Prompt tokens of ``messages`` as the session expects the provider to count them."""
    reason: str
    """Why the session compacted, deferred, recovered or left the history alone."""
    compaction: CompressionResult | None = None
    """The compaction this call ran (``None`` when none ran)."""
    attempt: int = 0
    """0 for :meth:`prepare`; 1 to 3 for the recoveries of one request."""

    @property
    def compacted(self) -> bool:
        return self.compaction is not None and self.compaction.compacted


@dataclass(slots=True)
class SessionStats:
    """Counters of one session (all lineages), and its latest decision (``Session.stats``
    hands out a copy)."""

    requests: int = 0
    compactions: int = 0
    recoveries: int = 0
    tokens_saved: int = 0
    prefix_breaks: int = 0
    """Views that did not extend the previous view byte for byte (a compaction, a recovery
    that changed the history, or a caller history that stopped extending the seen one)."""
    lineages: int = 1
    """Histories the session has followed (a new one starts when the caller's history no
    longer extends what the session saw)."""
    last_reason: str = "no request yet"
    last_estimate: int | None = None
    last_reported: int | None = None
    context_window: int | None = None
    threshold: int | None = None
    calibration: float = 1.0
    """Provider-reported over estimated prompt tokens (1.0 until a response reported usage)."""


@dataclass(slots=True)
class _Emitted:
    """The last view handed out: what the next usage report is about."""

    epoch: int
    length: int
    raw_tokens: int
    expected_tokens: int
    """Prompt plus reserved output, as the session expected the provider to count them."""


def _repeated(history: Sequence[Mapping[str, Any]], sent: Sequence[Message]) -> int:
    """How many leading messages of ``history`` are ``sent``'s, in order."""
    count = 0
    for mine, theirs in zip(history, sent, strict=False):
        if mine is not theirs and mine != theirs:
            break
        count += 1
    return count


def _needs_strip(message: Mapping[str, Any]) -> bool:
    if PACKLIGHT_KEY in message:
        return True
    for key in ("content", "tool_calls"):
        items = message.get(key)
        if isinstance(items, list) and any(
            isinstance(item, Mapping) and PACKLIGHT_KEY in item for item in items
        ):
            return True
    return False


def sendable(message: Message) -> Message:
    """``message`` without packlight's metadata (the same object when it has none)."""
    data = as_mapping(message)
    return cast(Message, strip_packlight_message(data)) if _needs_strip(data) else message


class _Converted:
    """Messages that are SDK objects (``model_dump``) as dicts, converted once per object."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[object, Mapping[str, Any]]] = {}

    def __call__(self, messages: object) -> list[Mapping[str, Any]]:
        if isinstance(messages, str | bytes | Mapping) or not isinstance(messages, Sequence):
            raise TranscriptError(
                f"messages is {type(messages).__name__}",
                expected="a list of messages (the whole history, oldest first)",
            )
        if set(map(type, messages)) <= {dict}:  # the common case: nothing to convert
            return cast(list[Mapping[str, Any]], list(messages))
        converted: list[Mapping[str, Any]] = []
        seen: dict[int, tuple[object, Mapping[str, Any]]] = {}
        for index, item in enumerate(messages):
            if isinstance(item, Mapping):
                converted.append(item)
                continue
            hit = self._cache.get(id(item))
            if hit is not None and hit[0] is item:
                data = hit[1]
            else:
                dump = getattr(item, "model_dump", None)
                if not callable(dump):
                    raise TranscriptError(
                        f"message is {type(item).__name__}",
                        index=index,
                        expected="a dict with a 'role' (or an SDK message object)",
                    )
                data = dump(mode="json", exclude_none=True)
            seen[id(item)] = (item, data)
            converted.append(data)
        self._cache = seen  # what the caller no longer sends is forgotten
        return converted


class SessionCore:
    """State and flows of one live session; see the module docstring."""

    def __init__(
        self,
        *,
        settings: Settings,
        engine: ContextEngine | None,
        model: str | None,
        context_window: int | None,
        store: SessionStore | None,
        session_id: str | None,
        max_recovery_attempts: int,
        system_section: str = "",
        defer_writes: bool = False,
        meta: Mapping[str, Any] | None = None,
        session_is_new: bool = False,
    ) -> None:
        self.settings = settings
        self.system_section = system_section
        """Added to the system prompt of the caller's history as it arrives, each turn the
        same (:func:`packlight.context_files.add_to_system_prompt`)."""
        self.engine = engine
        self.model = model or settings.model
        self.explicit_window = context_window or settings.context.context_window
        self.store = store
        self.requested_session_id = session_id
        self.meta = {"source": "packlight.Session", **(meta or {})}
        """What the store records of the session, when this one creates it."""
        self.stored: StoredSession | None = None
        self.max_recovery_attempts = max_recovery_attempts
        self.counter: TranscriptCounter | None = None
        self.calibration = Calibration()
        self.stated_window: int | None = None
        self.failed_at: int | None = None
        self.registry_window: tuple[str | None, int] | None = None
        self.output_cap: int | None = None
        self.history = SeenHistory()
        self.convert = _Converted()
        self.prefix: list[Message] = []
        self.sent_prefix: list[Message] = []
        self.covered = 0
        self.tail: list[Message] = []
        self.sent_tail: list[Message] = []
        self.epoch = 0
        self.emitted: _Emitted | None = None
        self.last_sent: list[Message] = []
        self.reported: tuple[_Emitted, int] | None = None
        self.attempts = 0
        self.last_resort_tried = False
        self.reserved = 0
        self.engine_window: tuple[int, int] | None = None
        self.counts = SessionStats()
        self.defer_writes = defer_writes
        self.session_is_new = session_is_new and session_id is not None
        """The caller made ``session_id`` for a session the store does not have: nothing is
        read to open it."""
        self.unwritten = False
        """The store has not got the session yet: the first :meth:`flush` creates it, with
        the messages kept back (``defer_writes`` and :attr:`session_is_new`)."""
        """Keep each turn's new messages in memory until :meth:`flush` (see
        :class:`~packlight.session.Session`); with a store only."""
        self.pending: list[Message] = []
        self.pending_artifacts: list[Artifact] = []

    # --- set-up ----------------------------------------------------------------------------

    def window(self) -> int:
        """The context window in force: the provider's stated limit, else ``context_window=``,
        else the model registry's entry for the request's model."""
        if self.registry_window is None or self.registry_window[0] != self.model:
            # An unknown model is warned about only when no window was given.
            info = self.settings.registry().lookup(self.model, warn=not self.explicit_window)
            if self.settings.context.context_window is not None:
                info = replace(info, context_window=self.settings.context.context_window)
            self.registry_window = (self.model, info.context_window)
        known = self.explicit_window or self.registry_window[1]
        return min(known, self.stated_window) if self.stated_window else known

    def usable_window(self) -> int:
        """:meth:`window`, or less while a request of some size failed for length with no
        limit stated: the session then keeps requests under 90% of the smallest such size
        (the known window itself moves only when a provider states it)."""
        window = self.window()
        if self.failed_at is not None:
            return max(min(window, int(self.failed_at * FAILED_SIZE_MARGIN)), 1)
        return window

    def ensure_ready(self, model: str | None) -> ContextEngine:
        if model and model != self.model:
            if self.counter is not None:
                logger.info("session model changed from %s to %s", self.model, model)
                self.counter = None
            self.model = model
        if self.counter is None:
            self.counter = TranscriptCounter(
                self.settings.token_counter(self.model),
                image_tokens=self.settings.tokens.image_tokens,
            )
        if self.engine is None:
            self.engine = create_engine(
                settings=self.settings, model=self.model, context_window=self.window()
            )
        if self.store is not None and self.stored is None:
            self._open_store(self.engine)
        return self.engine

    def _open_store(self, engine: ContextEngine) -> None:
        from packlight.compressor.engine import ContextCompressor

        assert self.store is not None
        if not isinstance(engine, ContextCompressor):
            raise TypeError("a store needs the built-in ContextCompressor engine")
        wanted = self.requested_session_id
        if wanted is not None and self.session_is_new and self.defer_writes:
            # Made here and written by the first flush, with the turn's messages: a new
            # conversation's first request goes out without waiting for the store.
            made = SessionRecord(wanted, None, self.model, datetime.now(UTC), meta=self.meta)
            self.stored = StoredSession(self.store, wanted, engine, created=made)
            self.stored.last_position = -1
            self.unwritten = True
            return
        record = self.store.get_session(wanted) if wanted and not self.session_is_new else None
        if record is None:
            created = self.store.create_session(session_id=wanted, model=self.model, meta=self.meta)
            self.stored = StoredSession(self.store, created.id, engine, created=created)
            self.stored.last_position = -1  # a new session: no row yet
            return
        self.stored = StoredSession.resume(self.store, record.id, engine=engine)
        # A restart: the active rows are the view, the original rows the caller's history.
        original, active = self.stored.snapshot()
        self.history.reset([as_mapping(m) for m in original], guarded=len(original))
        self._set_prefix(active, covered=len(original))

    @property
    def session_id(self) -> str | None:
        return self.stored.session_id if self.stored is not None else self.requested_session_id

    def flush(self) -> None:
        """Write the messages :meth:`absorb` kept back (``defer_writes``): the rows and the
        outputs admission archived for them, in one transaction. A failed write keeps them
        pending, so that a later flush (or the next turn) writes them again. A session the
        store has not got yet (:attr:`unwritten`) is created with them, in the same
        transaction; every other write of the session flushes first."""
        if self.stored is None or not (self.pending or self.unwritten):
            return
        messages, artifacts = self.pending, self.pending_artifacts
        self.pending, self.pending_artifacts = [], []
        try:
            if self.unwritten:
                self.stored.create_with(self.model, self.meta, messages, artifacts)
                self.unwritten = False
            else:
                self.stored.append_admitted(messages, artifacts)
        except BaseException:
            self.pending[:0] = messages
            self.pending_artifacts[:0] = artifacts
            raise

    def refresh(self) -> bool:
        """Catch up with the rows another process appended to the store since this session
        last wrote or read it (a gateway replica after another served the conversation): the
        caller's history and the view grow by them, and the engine's state is reloaded.
        False, changing nothing, when that cannot be done row by row (the other process
        compacted or rotated the session, or this one never read its rows): reopen it."""
        self.flush()
        stored, store = self.stored, self.store
        if stored is None or store is None:
            return True  # opened at the next request, from the store as it is then
        known = stored.last_position
        if known is None:
            return False
        rows = store.messages_after(stored.session_id, known)
        if not rows or any(not row.active or row.inserted_by is not None for row in rows):
            return False
        added = [row.message for row in rows]
        self.history.extend(
            [as_mapping(restore_admitted(store, stored.session_id, m)) for m in added]
        )
        self.tail.extend(added)
        self.sent_tail.extend(map(sendable, added))
        stored.last_position = rows[-1].position
        state = store.load_engine_state(stored.session_id)
        if state is not None:
            stored.engine.restore_state(state)
        self.reported = None  # the provider's last count was of a view this process never sent
        return True

    # --- the caller's history ----------------------------------------------------------------

    def absorb(self, messages: object) -> None:
        """Bring the session's view up to date with the caller's whole raw history."""
        # What an earlier turn kept back goes first: the store's rows stay in turn order. (A
        # new session with nothing kept back yet is left to be created with this turn's.)
        if self.pending:
            self.flush()
        raw = self.convert(messages)
        if self.system_section:
            # Before anything compares or stores the history: the session sees (and a store
            # keeps) the history as it is sent, the caller's own list left untouched.
            raw = add_to_system_prompt(raw, self.system_section)
        common = self.history.common_prefix(raw)
        if common < len(self.history):
            self._diverged(raw, common)
        self.history.adopt(raw)
        new = raw[self.covered + len(self.tail) :]
        for offset, message in enumerate(new):
            validate_message(self.covered + len(self.tail) + offset, message)
        if not new:
            return
        fresh = cast(list[Message], list(new))
        if self.stored is not None and self.defer_writes:
            fresh, artifacts = self.stored.admit(fresh)
            self.pending.extend(fresh)
            self.pending_artifacts.extend(artifacts)
        elif self.stored is not None:
            fresh, _ = self.stored.admit_and_append(fresh)
        self.tail.extend(fresh)
        self.sent_tail.extend(map(sendable, fresh))

    def _diverged(self, raw: Sequence[Mapping[str, Any]], common: int) -> None:
        """The caller's history no longer extends what the session saw."""
        prefix_length = len(self.sent_prefix)
        if prefix_length and list(raw[:prefix_length]) == self.sent_prefix:
            # The caller took the session's view as its history: the prefix now stands for
            # itself, one message for one. The tail messages it took along too are not new
            # (a store would keep them twice): they stay the tail.
            kept = _repeated(raw[prefix_length:], self.sent_tail)
            self.history.reset(raw[: prefix_length + kept], guarded=prefix_length)
            self.covered = prefix_length
            del self.tail[kept:]
            del self.sent_tail[kept:]
            self.epoch += 1
            return
        if common >= self.covered and self.stored is None:
            # Only messages after the compacted part changed (a retry, an edited last turn):
            # the compacted prefix still stands for exactly what it replaced.
            keep = common - self.covered
            del self.tail[keep:]
            del self.sent_tail[keep:]
            self.epoch += 1
            return
        self._new_lineage(raw)

    def _new_lineage(self, raw: Sequence[Mapping[str, Any]]) -> None:
        logger.info("the caller's history no longer extends what the session saw: new lineage")
        self.counts.lineages += 1
        self.history.reset()
        self._set_prefix([], covered=0)
        self.reported = None
        if self.engine is not None:
            self.engine.on_session_reset()
        if self.stored is not None and self.store is not None:
            previous = self.stored.session_id
            record = self.store.create_session(
                model=self.model, meta={**self.meta, "forked_from": previous}
            )
            self.stored = StoredSession(self.store, record.id, self.stored.engine)

    def _set_prefix(self, prefix: Sequence[Message], *, covered: int) -> None:
        self.prefix = list(prefix)
        self.sent_prefix = [sendable(m) for m in self.prefix]
        self.covered = covered
        self.tail, self.sent_tail = [], []
        self.epoch += 1

    def view(self) -> list[Message]:
        return [*self.prefix, *self.tail]

    def sent_view(self) -> list[Message]:
        return [*self.sent_prefix, *self.sent_tail]

    # --- counting ------------------------------------------------------------------------------

    def ratio(self) -> float:
        return self.calibration.ratio

    def estimate(self, tools: Sequence[Mapping[str, Any]] | None) -> tuple[int, int]:
        """(raw estimate, expected provider count) of the current view with ``tools``."""
        assert self.counter is not None
        raw = self.counter.raw_request(self.sent_view(), tools)
        basis = self.reported
        if basis is not None and basis[0].epoch == self.epoch:
            # The provider counted the previous view; only the growth since is estimated.
            emitted, reported = basis
            return raw, reported + round(max(raw - emitted.raw_tokens, 0) * self.ratio())
        return raw, round(raw * self.ratio())

    def _engine_units(self, tokens: int) -> int:
        # The engine sizes everything with its own (uncalibrated) counts.
        return engine_units(tokens, self.ratio())

    def sync_engine_window(self, engine: ContextEngine, *, pressure: float = 1.0) -> None:
        """Give the engine the window the prompt may use, in the engine's own units."""
        prompt_window = self.usable_window() - self.reserved
        if prompt_window <= 0:
            prompt_window = self.usable_window()
        wanted = (max(int(self._engine_units(prompt_window) * pressure), 1), 0)
        if wanted != self.engine_window:
            engine.set_context_window(wanted[0], reserved_output=wanted[1])
            self.engine_window = wanted

    # --- flows -----------------------------------------------------------------------------

    def prepare_flow(
        self,
        messages: object,
        tools: Sequence[Mapping[str, Any]] | None,
        model: str | None,
        max_tokens: int | None,
    ) -> Flow:
        engine = self.ensure_ready(model)
        self.absorb(messages)
        self.attempts = 0
        self.last_resort_tried = False
        self.counts.requests += 1
        max_tokens = self._capped(max_tokens)
        self.reserved = max_tokens or self.settings.context.reserved_output
        self.sync_engine_window(engine)
        raw, expected = self.estimate(tools)
        window = self.usable_window()
        compaction: CompressionResult | None = None
        if expected + self.reserved > window:
            reason = (
                f"would not fit: {expected:,} prompt + {self.reserved:,} output tokens > {window:,}"
            )
            compaction = yield self._call("preflight", True, expected, tools)
        else:
            decision = engine.decide(self._engine_units(expected))
            reason = decision.reason
            if (
                decision.compress
                and self.settings.live.defer_preflight
                and engine.should_defer_preflight(self._engine_units(expected))
            ):
                reason = f"deferred: {reason}; the last real usage says the request fits"
            elif decision.compress:
                compaction = yield self._call("preflight", False, expected, tools)
        if compaction is not None:
            reason = self._adopt(compaction, reason)
            raw, expected = self.estimate(tools)
        fitted = self._fit_output(max_tokens, expected, window, own_count=False)
        if fitted is not None:
            reason += f"; max_tokens lowered to {fitted:,} so that the reply fits the window"
            max_tokens = fitted
        return self._emit(tools, max_tokens, raw, expected, reason, compaction)

    def recover_flow(
        self,
        error: BaseException,
        messages: object,
        tools: Sequence[Mapping[str, Any]] | None,
        model: str | None,
        max_tokens: int | None,
    ) -> Flow:
        limit = classify_error(error)
        if limit is None:
            raise error  # not packlight's to handle: unchanged
        engine = self.ensure_ready(model)
        self.absorb(messages)
        max_tokens = self._capped(max_tokens)
        if self.attempts >= self.max_recovery_attempts:
            if limit.kind == "context" and not self.last_resort_tried:
                # Compaction ran out of attempts: what the last resort can do, once.
                self.last_resort_tried = True
                self._learn(limit)
                return self._last_resort(
                    limit, "no recovery attempt left", tools, max_tokens, error
                )
            raise ContextOverflowError(
                limit.message, attempts=self.attempts, reason="no recovery attempt left"
            ) from error
        self.attempts += 1
        self.counts.recoveries += 1
        if limit.kind == "output_cap":
            return self._lower_output(limit, tools, max_tokens, error)
        if limit.kind == "image":
            return self._fix_images(limit, tools, max_tokens, error)
        learned = self._learn(limit)
        while True:
            pressure = RECOVERY_PRESSURE[min(self.attempts, len(RECOVERY_PRESSURE)) - 1]
            self.sync_engine_window(engine, pressure=pressure)
            try:
                _, expected = self.estimate(tools)
                compaction = yield self._call("recovery", True, expected, tools)
            finally:
                self.sync_engine_window(engine)
            if compaction.compacted and compaction.after_tokens < compaction.before_tokens:
                break
            if self.attempts >= self.max_recovery_attempts:
                self.last_resort_tried = True
                why = f"compaction could not shrink the request: {compaction.reason}"
                return self._last_resort(limit, why, tools, max_tokens, error)
            self.attempts += 1
        reason = self._adopt(
            compaction, f"recovered from the provider's overflow ({limit.message}){learned}"
        )
        raw, expected = self.estimate(tools)
        return self._emit(tools, max_tokens, raw, expected, reason, compaction)

    def compact_flow(
        self,
        messages: object,
        tools: Sequence[Mapping[str, Any]] | None,
        focus: str | None,
        keep_last: int | None,
        preview: bool,
    ) -> Flow:
        self.ensure_ready(None)
        self.absorb(messages)
        if keep_last is not None and keep_last < 0:
            raise ValueError(
                f"keep_last must be 0 (nothing but the system prompt) or more, not {keep_last}"
            )
        _, expected = self.estimate(tools)
        self.flush()
        result = yield CompactionCall(
            messages=self.view(),
            trigger="manual",
            force=True,
            focus=focus,
            tools=tools,
            keep_last=keep_last,
            preview=preview,
        )
        if preview or not result.compacted:
            assert self.counter is not None
            view = result.messages if preview else self.view()
            sent = [sendable(m) for m in view]
            tokens = round(self.counter.raw_request(sent, tools) * self.ratio())
            return Prepared(
                messages=sent,
                canonical=list(view),
                tools=tools,
                max_tokens=None,
                estimate=tokens,
                reason=("preview: " if preview else "") + result.reason,
                compaction=result,
            )
        reason = self._adopt(result, "manual compaction")
        raw, expected = self.estimate(tools)
        return self._emit(tools, None, raw, expected, reason, result)

    # --- flow steps --------------------------------------------------------------------------

    def _call(
        self,
        trigger: Trigger,
        force: bool,
        expected: int,
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> CompactionCall:
        self.flush()  # a stored compaction reads the session's rows from the store
        return CompactionCall(
            messages=self.view(),
            trigger=trigger,
            force=force,
            current_tokens=self._engine_units(expected),
            tools=tools,
        )

    def _capped(self, max_tokens: int | None) -> int | None:
        if max_tokens is not None and self.output_cap is not None:
            return min(max_tokens, self.output_cap)
        return max_tokens

    def _adopt(self, result: CompressionResult, why: str) -> str:
        if not result.compacted:
            return f"{why}; not compacted: {result.reason}"
        self._set_prefix(result.messages, covered=self.covered + len(self.tail))
        self.history.guard(self.covered)
        self.counts.compactions += 1
        self.counts.tokens_saved += max(result.saved_tokens, 0)
        self.reported = None
        return f"{why}; {result.reason}"

    def _learn(self, limit: ProviderLimit) -> str:
        """Take what an overflow error states: the window, and the size it counted."""
        notes = []
        if limit.limit is not None and limit.limit < self.window():
            self.stated_window = limit.limit
            notes.append(f"window is {limit.limit:,} tokens")
        elif limit.limit is None and self.emitted is not None:
            size = self.emitted.expected_tokens
            self.failed_at = size if self.failed_at is None else min(self.failed_at, size)
            notes.append(f"a request of about {size:,} tokens is too long")
        if limit.requested is not None and self.emitted is not None:
            # The provider's count of the view it refused teaches the estimate's ratio.
            self.calibration.observe(limit.requested, self.emitted.raw_tokens)
            notes.append(f"it counted {limit.requested:,} prompt tokens")
        return f"; learned: {', '.join(notes)}" if notes else ""

    def _fit_output(
        self, max_tokens: int | None, prompt: int, window: int, *, own_count: bool
    ) -> int | None:
        """A lower ``max_tokens`` with which ``prompt`` and the reply fit ``window``, when
        one of at least ``live.min_output_tokens`` exists (``None`` otherwise, or when the
        caller's fits). ``own_count``: ``prompt`` is the provider's own count, not an
        estimate, so no safety margin is taken off."""
        if max_tokens is None or prompt + max_tokens <= window:
            return None
        margin = 0 if own_count else int(window * OUTPUT_FIT_MARGIN)
        room = window - prompt - margin
        return room if room >= self.settings.live.min_output_tokens else None

    def _last_resort(
        self,
        limit: ProviderLimit,
        why: str,
        tools: Sequence[Mapping[str, Any]] | None,
        max_tokens: int | None,
        error: BaseException,
    ) -> Prepared:
        """Compaction cannot make the request smaller: when the provider said the prompt
        itself fits, send it with a reply cap that fits; otherwise give up."""
        window = limit.limit or self.usable_window()
        prompt = limit.requested
        fitted = None
        if prompt is not None:
            fitted = self._fit_output(max_tokens, prompt, window, own_count=True)
        if fitted is None:
            cut = self._cut_latest_user(limit, tools, max_tokens, window)
            if cut is not None:
                return cut
            raise ContextOverflowError(limit.message, attempts=self.attempts, reason=why) from error
        raw, expected = self.estimate(tools)
        return self._emit(
            tools,
            fitted,
            raw,
            expected,
            f"{why}; max_tokens "
            f"lowered to {fitted:,}, the room the provider's count leaves ({limit.message})",
            None,
        )

    def _cut_latest_user(
        self,
        limit: ProviderLimit,
        tools: Sequence[Mapping[str, Any]] | None,
        max_tokens: int | None,
        window: int,
    ) -> Prepared | None:
        """The view with its latest user message cut to fit (see :mod:`packlight.last_resort`);
        the whole message is archived first. ``None`` when no cut can help."""
        assert self.counter is not None
        view = self.view()
        index = next(
            (
                i
                for i in range(len(view) - 1, -1, -1)
                if as_mapping(view[i]).get("role") == "user" and not is_summary(view[i])
            ),
            None,
        )
        if index is None:
            return None
        _, expected = self.estimate(tools)
        prompt = max(limit.requested or 0, expected)
        allowed = window - (max_tokens or 0) - int(window * CUT_MARGIN)
        message = view[index]
        total = round(self.counter.message(message) * self.ratio())
        where = self._archive_whole(message)
        cut = cut_to_fit(
            message,
            # Half the room at most: the turns that follow it need room too.
            keep_tokens=min(total - (prompt - allowed), allowed // 2),
            total_tokens=total,
            where=where,
        )
        if cut is None:
            return None
        view[index] = cut
        self._set_prefix(view, covered=self.covered + len(self.tail))
        self.history.guard(self.covered)
        raw, expected = self.estimate(tools)
        return self._emit(
            tools,
            max_tokens,
            raw,
            expected,
            f"the system prompt and the latest user message alone do not fit: that message was "
            f"cut to fit, the whole of it is {where} ({limit.message})",
            None,
        )

    def _archive_whole(self, message: Message) -> str:
        """Keep ``message`` whole where the engine's retrieval tools find it; its address."""
        from packlight.compressor.engine import ContextCompressor

        engine = self.engine
        if not isinstance(engine, ContextCompressor):
            return "in the caller's own history"
        artifact = make_artifact(
            engine.key, "message", message_json(as_mapping(message)), {"reason": "cut to fit"}
        )
        if self.stored is not None and self.store is not None:
            self.flush()
            self.store.put_artifacts(self.stored.session_id, [artifact])
        else:
            engine.archive.put(artifact)
        return artifact_uri(artifact.id)

    def _lower_output(
        self,
        limit: ProviderLimit,
        tools: Sequence[Mapping[str, Any]] | None,
        max_tokens: int | None,
        error: BaseException,
    ) -> Prepared:
        if limit.limit is not None and (max_tokens is None or limit.limit < max_tokens):
            lowered: int | None = limit.limit
        else:
            lowered = max_tokens // 2 if max_tokens else None
        if not lowered or lowered < 1:
            raise ContextOverflowError(
                limit.message, attempts=self.attempts, reason="no lower output cap to try"
            ) from error
        self.output_cap = lowered
        self.reserved = lowered
        raw, expected = self.estimate(tools)
        return self._emit(
            tools,
            lowered,
            raw,
            expected,
            f"lowered max_tokens to {lowered:,}: the provider refused the output cap "
            f"({limit.message})",
            None,
        )

    def _fix_images(
        self,
        limit: ProviderLimit,
        tools: Sequence[Mapping[str, Any]] | None,
        max_tokens: int | None,
        error: BaseException,
    ) -> Prepared:
        # Historical images leave first; only then are the latest ones shrunk.
        view, changed = strip_historical_images(self.view())
        how = f"removed {changed} image(s) from earlier turns"
        if not changed:
            max_bytes = int((limit.limit or IMAGE_LIMIT_BYTES) * IMAGE_MARGIN)
            view, changed = shrink_images(view, max_bytes=max_bytes)
            how = f"shrank or removed {changed} image(s) over {max_bytes:,} bytes"
        if not changed:
            raise ContextOverflowError(
                limit.message, attempts=self.attempts, reason="no image left to shrink"
            ) from error
        self._set_prefix(view, covered=self.covered + len(self.tail))
        self.history.guard(self.covered)
        raw, expected = self.estimate(tools)
        return self._emit(tools, max_tokens, raw, expected, f"{how} ({limit.message})", None)

    def _emit(
        self,
        tools: Sequence[Mapping[str, Any]] | None,
        max_tokens: int | None,
        raw: int,
        expected: int,
        reason: str,
        compaction: CompressionResult | None,
    ) -> Prepared:
        sent = self.sent_view()
        previous = self.emitted
        changed = previous is not None and (
            previous.epoch != self.epoch or len(sent) < previous.length
        )
        # A changed view is a break unless the part the provider already saw came through
        # unchanged (a compaction that only touched newer messages).
        if changed and sent[: len(self.last_sent)] != self.last_sent:
            self.counts.prefix_breaks += 1
        self.last_sent = list(sent)  # the caller may extend the list it was handed
        self.emitted = _Emitted(self.epoch, len(sent), raw, expected + self.reserved)
        self.counts.last_reason = reason
        self.counts.last_estimate = expected
        return Prepared(
            messages=sent,
            canonical=self.view(),
            tools=tools,
            max_tokens=max_tokens,
            estimate=expected,
            reason=reason,
            compaction=compaction,
            attempt=self.attempts,
        )

    # --- usage -------------------------------------------------------------------------------

    def observe(self, usage: object) -> int | None:
        """Record a response's usage; returns the prompt tokens it reported (or ``None``)."""
        reported = prompt_tokens(usage)
        if reported is None:
            return None
        self.counts.last_reported = reported
        if self.emitted is not None:
            self.calibration.observe(reported, self.emitted.raw_tokens)
            self.reported = (replace(self.emitted), reported)
            if self.failed_at is not None and reported + self.reserved > self.failed_at:
                self.failed_at = None  # that size went through: the failure was not its size
        if self.engine is not None:
            self.engine.update_from_response({"prompt_tokens": self._engine_units(reported)})
            if self.stored is not None and self.store is not None:
                self.flush()
                self.store.save_engine_state(
                    self.stored.session_id, self.stored.engine.export_state()
                )
        return reported

    def stats(self) -> SessionStats:
        engine = self.engine
        threshold = None
        if engine is not None:
            engine_threshold = engine.decide(0).threshold
            if engine_threshold is not None:
                threshold = provider_threshold(engine_threshold, self.ratio())
        return replace(
            self.counts,
            context_window=self.window(),
            threshold=threshold,
            calibration=self.ratio(),
        )
