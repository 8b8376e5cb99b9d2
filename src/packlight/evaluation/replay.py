"""Replay a trajectory turn by turn, as an agent host would, through one peer.

Every assistant message of the raw trajectory stands for one model call: just before it, the
host would have sent the history so far. So the replay appends the raw messages one by one
and, before each assistant message, asks the peer to prepare the history (its triggers decide
whether to compact), counts what would be sent, verifies it against the OpenAI and Anthropic
ordering rules, tells the peer the usage, and carries on from the history the peer returned
plus the next raw messages. After every compaction the probes of the raw prefix are scored
against what was sent (and the peer's archive, when it has one).

Usage: a file's recorded usage (``usage`` on an assistant message) is passed on only while
the peer has sent the raw history unchanged (it describes the raw prompt); after a
compaction the usage is the count of what was actually sent, which is what a provider would
have reported. Every peer is measured with the same counter.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from packlight.compressor.ordering import PAIR_RULES, verify
from packlight.evaluation.capabilities import HasArchive, ObservesUsage
from packlight.evaluation.peers.base import Peer
from packlight.evaluation.probes import Probe, Retention, build_probes, score_probes
from packlight.evaluation.visibility import ArchiveView, sent, visible_text
from packlight.messages import Message, as_mapping
from packlight.tokens import TranscriptCounter

INEFFECTIVE_SAVINGS = 0.10
"""A compaction that removes less than this share of the prompt is ineffective (the same
bar packlight's anti-thrash uses, applied to every peer)."""
LOST_EXAMPLES = 40
"""Lost probes kept per replay, with where they were lost, for the report."""


@dataclass(frozen=True, slots=True)
class Trajectory:
    """One raw session to replay."""

    name: str
    messages: tuple[Message, ...]
    tools: tuple[Mapping[str, Any], ...] = ()
    usage: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    """Recorded usage by the index of the assistant message it came with."""

    @classmethod
    def from_messages(
        cls,
        name: str,
        messages: Sequence[Message],
        tools: Sequence[Mapping[str, Any]] = (),
    ) -> Trajectory:
        """A trajectory whose recorded ``usage`` keys are lifted off the messages (a usage
        block is the provider's bookkeeping, never sent back)."""
        cleaned: list[Message] = []
        usage: dict[int, Mapping[str, Any]] = {}
        for index, message in enumerate(messages):
            data = as_mapping(message)
            recorded = data.get("usage")
            if isinstance(recorded, Mapping):
                usage[index] = dict(recorded)
                cleaned.append(cast(Message, {k: v for k, v in data.items() if k != "usage"}))
            else:
                cleaned.append(message)
        return cls(name, tuple(cleaned), tuple(tools), usage)


@dataclass(frozen=True, slots=True)
class Baseline:
    """What the host sends with no compaction, per model call (shared by every peer)."""

    call_indices: tuple[int, ...]
    """Raw index of the assistant message each call produced."""
    tokens: tuple[int, ...]
    pair_problems: tuple[Counter[tuple[str, str]], ...]
    """Tool-pair problems the raw history itself has at each call (not a peer's fault)."""

    @property
    def cumulative(self) -> int:
        return sum(self.tokens)

    @property
    def peak(self) -> int:
        return max(self.tokens, default=0)


def model_calls(messages: Sequence[Message]) -> list[int]:
    """Indices of the assistant messages that a model call produced (not the first message)."""
    return [i for i, m in enumerate(messages) if i > 0 and as_mapping(m).get("role") == "assistant"]


def pair_problems(messages: Sequence[Message]) -> Counter[tuple[str, str]]:
    """Tool-pair problems by (provider, rule)."""
    return Counter((p.provider, p.rule) for p in verify(messages) if p.rule in PAIR_RULES)


def baseline(trajectory: Trajectory, counter: TranscriptCounter) -> Baseline:
    calls = model_calls(trajectory.messages)
    raw = list(trajectory.messages)
    return Baseline(
        call_indices=tuple(calls),
        tokens=tuple(counter.request(raw[:i], trajectory.tools) for i in calls),
        pair_problems=tuple(pair_problems(raw[:i]) for i in calls),
    )


@dataclass(slots=True)
class Compaction:
    """One prepare call that changed the history."""

    call: int
    """Which model call (0-based) it preceded."""
    before_tokens: int
    after_tokens: int
    note: str | None
    fallback: bool
    seconds: float

    @property
    def savings(self) -> float:
        if not self.before_tokens:
            return 0.0
        return (self.before_tokens - self.after_tokens) / self.before_tokens

    @property
    def ineffective(self) -> bool:
        return self.savings < INEFFECTIVE_SAVINGS


@dataclass(slots=True)
class ReplayResult:
    """Everything one peer did on one trajectory."""

    peer: str
    trajectory: str
    tokens: list[int] = field(default_factory=list)
    """Input tokens sent at each model call."""
    baseline_tokens: list[int] = field(default_factory=list)
    compactions: list[Compaction] = field(default_factory=list)
    invalid_transcripts: int = 0
    invalid_rules: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    summarizer_calls: int = 0
    summarizer_tokens: int = 0
    retention: Retention = field(default_factory=Retention.empty)
    lost: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def turns(self) -> int:
        return len(self.tokens)

    @property
    def peak(self) -> int:
        return max(self.tokens, default=0)

    @property
    def cumulative(self) -> int:
        return sum(self.tokens)


ProbeSource = Callable[[int], Sequence[Probe]]
"""Probes of the raw prefix ending before a given raw index (memoised by the caller)."""


def probe_source(trajectory: Trajectory) -> ProbeSource:
    """Probes per cut, built once per trajectory and shared by every peer."""
    cache: dict[int, list[Probe]] = {}

    def probes(end: int) -> list[Probe]:
        if end not in cache:
            cache[end] = build_probes(list(trajectory.messages[:end]))
        return cache[end]

    return probes


def _new_pair_problems(
    found: Counter[tuple[str, str]], existing: Counter[tuple[str, str]]
) -> list[str]:
    return sorted({rule for key, rule in ((k, k[1]) for k in found) if found[key] > existing[key]})


def replay(
    trajectory: Trajectory,
    peer: Peer,
    *,
    counter: TranscriptCounter,
    base: Baseline,
    probes: ProbeSource,
) -> ReplayResult:
    """Drive ``peer`` through ``trajectory`` (the peer is reset first)."""
    started = time.perf_counter()
    peer.reset()
    result = ReplayResult(peer=peer.name, trajectory=trajectory.name)
    archive = archive_of(peer)
    history: list[Message] = []
    untouched = True
    position = 0
    for call, raw_index in enumerate(base.call_indices):
        history.extend(trajectory.messages[position:raw_index])
        position = raw_index
        before = counter.request(sent(history), trajectory.tools)
        try:
            outcome = peer.prepare(history)
        except Exception as exc:  # a peer's crash is a result, not the end of the run
            result.errors.append(f"call {call}: {type(exc).__name__}: {exc}")
            outcome = None
        messages = list(outcome.messages) if outcome is not None else list(history)
        outgoing = sent(messages)
        tokens = counter.request(outgoing, trajectory.tools)
        result.tokens.append(tokens)
        result.baseline_tokens.append(base.tokens[call])
        new_rules = _new_pair_problems(pair_problems(outgoing), base.pair_problems[call])
        if new_rules:
            result.invalid_transcripts += 1
            result.invalid_rules.update(new_rules)
        if outcome is not None:
            if outcome.error:
                result.errors.append(f"call {call}: {outcome.note or 'error'}")
            result.summarizer_calls += outcome.summarizer_calls
            result.summarizer_tokens += outcome.summarizer_tokens
            if outcome.compacted:
                untouched = False
                result.compactions.append(
                    Compaction(
                        call=call,
                        before_tokens=before,
                        after_tokens=tokens,
                        note=outcome.note,
                        fallback=bool(outcome.details.get("fallback")),
                        seconds=outcome.seconds,
                    )
                )
                _score(result, probes(raw_index), outgoing, archive, call)
        if isinstance(peer, ObservesUsage):
            recorded = trajectory.usage.get(raw_index)
            peer.observe(recorded if untouched and recorded else {"prompt_tokens": tokens})
        history = messages
    result.seconds = time.perf_counter() - started
    return result


def archive_of(peer: Peer) -> ArchiveView | None:
    if isinstance(peer, HasArchive) and peer.retrieval is not None:
        return ArchiveView(peer.retrieval.reader)
    return None


def _score(
    result: ReplayResult,
    probes: Sequence[Probe],
    outgoing: Sequence[Message],
    archive: ArchiveView | None,
    call: int,
) -> None:
    scored = score_probes(probes, visible_text(outgoing), archive)
    result.retention.add(scored)
    for item in scored:
        if item.where == "lost" and len(result.lost) < LOST_EXAMPLES:
            result.lost.append(
                {
                    "call": call,
                    "kind": item.probe.kind,
                    "text": item.probe.text[:300],
                    "from_message": item.probe.index,
                }
            )
