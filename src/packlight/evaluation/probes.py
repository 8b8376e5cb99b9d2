"""Probes: exact strings a raw trajectory says the agent must still know after a compaction.

Built deterministically from the *raw* messages up to the cut (never from anything a peer
produced), one list per cut:

========================  ============================================================
``active_task``           the latest user message, verbatim
``constraint``            each rule, prohibition or limit a user, developer or system
                          message states (one sentence or bullet, verbatim)
``file_modified``         each path an edit tool or a shell command wrote: ``sed -i``,
                          redirections, ``tee``, heredocs, ``python - <<`` / ``python -c``
                          scripts that open a file for writing, ``patch``/``git apply``
                          (paths from the diff headers when the diff is inline)
``first_error``           the first error or traceback line a call ran into
``failed_approach``       a command that failed and was then changed (first line)
``last_command``          the last command before the cut (first line)
``identifier``            each exact identifier (path, URL, hash, id, version, amount...)
                          in what the user, the system or the agent itself wrote
========================  ============================================================

Reading a tool call (what it wrote, its exit code, its error lines) reuses packlight's
parser (:mod:`packlight.compressor.toolcalls`, :mod:`packlight.compressor.activity`), and
sentences and identifiers use the same splitters as the ledger: one definition of "a file
this command wrote". What the ledger then *keeps* is what the probes check; the extra write
patterns below and the failed-approach rule are this module's own, so the ledger's choices
are checked against an independent reading, not against themselves.

A probe passes in context when its exact text is in what the model receives, retrievable
when a retrieval tool returns it (:mod:`packlight.evaluation.visibility`), and is lost
otherwise. Commands are probed by their first line, at most :data:`COMMAND_PROBE_CHARS`
characters: enough to tell one attempt from another, short enough to be quotable.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from packlight.compressor.activity import error_lines, failed, written_paths
from packlight.compressor.constraints import is_constraint, sentences
from packlight.compressor.identifiers import extract_identifiers
from packlight.compressor.toolcalls import ToolEvent, tool_events
from packlight.evaluation.visibility import ArchiveView
from packlight.messages import INSTRUCTION_ROLES, Message, as_mapping, is_summary, message_text

ProbeKind = Literal[
    "active_task",
    "constraint",
    "file_modified",
    "first_error",
    "failed_approach",
    "last_command",
    "identifier",
]
PROBE_KINDS: tuple[ProbeKind, ...] = (
    "active_task",
    "constraint",
    "file_modified",
    "first_error",
    "failed_approach",
    "last_command",
    "identifier",
)
Where = Literal["context", "archive", "lost"]

COMMAND_PROBE_CHARS = 120

_DIFF_TARGET = re.compile(r"^\+\+\+ (?:b/)?([^\s]+)", re.MULTILINE)
_APPLIES_PATCH = re.compile(r"(?:^|[\s;&|(])(?:patch|git\s+apply|git\s+am)\b")
_PY_INLINE = re.compile(r"\bpython[\d.]*\s+-c\s+(['\"])(.*?)\1", re.DOTALL)
_PY_OPEN_WRITE = re.compile(r"open\(\s*['\"]([^'\"]+)['\"]\s*,\s*['\"](?:w|a|r\+|wb|ab|w\+)b?['\"]")
_CD_PREFIX = re.compile(r"^\s*(?:cd\s+\S+\s*(?:&&|;)\s*)+")


@dataclass(frozen=True, slots=True)
class Probe:
    """One exact string to look for after a compaction."""

    kind: ProbeKind
    text: str
    index: int
    """Index of the raw message it was read from."""


@dataclass(frozen=True, slots=True)
class ProbeResult:
    probe: Probe
    where: Where


def command_probe(command: str) -> str:
    """How a command is probed: its first non-empty line (cd prefix kept), shortened."""
    first = next((line.strip() for line in command.splitlines() if line.strip()), "")
    return first[:COMMAND_PROBE_CHARS]


def extra_written_paths(command: str) -> tuple[str, ...]:
    """Files a command writes that a plain reading of its first line misses: the targets of
    an inline diff applied with ``patch``/``git apply``, and ``python -c`` scripts that open
    a file for writing."""
    found: list[str] = []
    if _APPLIES_PATCH.search(command) and "\n" in command:
        found.extend(p for p in _DIFF_TARGET.findall(command) if p != "/dev/null")
    for _, script in _PY_INLINE.findall(command):
        found.extend(_PY_OPEN_WRITE.findall(script))
    return tuple(dict.fromkeys(found))


def files_modified(events: Sequence[ToolEvent]) -> list[tuple[str, int]]:
    """Every path written by the calls, with the index of the first call that wrote it."""
    seen: dict[str, int] = {}
    for event in events:
        paths = list(written_paths(event))
        if event.command:
            paths.extend(extra_written_paths(event.command))
        for path in paths:
            seen.setdefault(path, event.call_index)
    return list(seen.items())


def _approach(event: ToolEvent) -> str:
    """What an attempt aims at: the program and its first argument, or the tool and path."""
    if event.command:
        words = _CD_PREFIX.sub("", event.command).split()[:2]
        return "run:" + " ".join(words)
    paths = written_paths(event) or event.paths_read
    return f"{event.tool}:{paths[0] if paths else ''}"


def _signature(event: ToolEvent) -> str:
    return event.command if event.command is not None else repr(sorted(event.arguments.items()))


def failed_approaches(events: Sequence[ToolEvent]) -> list[ToolEvent]:
    """Calls that failed and were later retried at the same target in a different way (the
    same call failing then passing is a flaky check, not an abandoned approach)."""
    keys = [_approach(e) for e in events]
    signatures = [_signature(e) for e in events]
    return [
        event
        for position, event in enumerate(events)
        if failed(event)
        and any(
            keys[later] == keys[position] and signatures[later] != signatures[position]
            for later in range(position + 1, len(events))
        )
    ]


def _written_by(role: str | None) -> bool:
    return role == "user" or role in INSTRUCTION_ROLES


def _constraint_probes(messages: Sequence[Message]) -> Iterable[Probe]:
    for index, message in enumerate(messages):
        data = as_mapping(message)
        if not _written_by(data.get("role")) or is_summary(message):
            continue
        for sentence in sentences(message_text(message)):
            if is_constraint(sentence):
                yield Probe("constraint", sentence, index)


def _identifier_probes(messages: Sequence[Message]) -> Iterable[Probe]:
    """Identifiers the user, the system or the agent wrote (tool outputs are the world's
    text: most of their identifiers were never relied on)."""
    for index, message in enumerate(messages):
        data = as_mapping(message)
        role = data.get("role")
        if is_summary(message) or not (_written_by(role) or role == "assistant"):
            continue
        texts = [message_text(message)]
        for call in data.get("tool_calls") or []:
            function = call.get("function") if isinstance(call, Mapping) else None
            if isinstance(function, Mapping):
                texts.append(str(function.get("arguments", "")))
        for text in texts:
            for identifier in extract_identifiers(text):
                yield Probe("identifier", identifier.value, index)


def build_probes(messages: Sequence[Message]) -> list[Probe]:
    """The probes of a raw trajectory prefix, unique by (kind, text), in kind order."""
    events = tool_events(messages)
    probes: list[Probe] = []
    latest_user = next(
        (
            i
            for i in range(len(messages) - 1, -1, -1)
            if as_mapping(messages[i]).get("role") == "user" and not is_summary(messages[i])
        ),
        None,
    )
    if latest_user is not None and message_text(messages[latest_user]).strip():
        probes.append(Probe("active_task", message_text(messages[latest_user]), latest_user))
    probes.extend(_constraint_probes(messages))
    probes.extend(Probe("file_modified", path, index) for path, index in files_modified(events))
    first_error = next(((e, error_lines(e)) for e in events if error_lines(e)), None)
    if first_error is not None:
        event, lines = first_error
        probes.append(Probe("first_error", lines[0], event.result_index or event.call_index))
    probes.extend(
        Probe("failed_approach", command_probe(e.command), e.call_index)
        for e in failed_approaches(events)
        if e.command and command_probe(e.command)
    )
    last_command = next((e for e in reversed(events) if e.command and e.command.strip()), None)
    if last_command is not None and last_command.command is not None:
        probes.append(
            Probe("last_command", command_probe(last_command.command), last_command.call_index)
        )
    probes.extend(_identifier_probes(messages))
    unique: dict[tuple[str, str], Probe] = {}
    for probe in probes:
        if probe.text.strip():
            unique.setdefault((probe.kind, probe.text), probe)
    return sorted(unique.values(), key=lambda p: PROBE_KINDS.index(p.kind))


def score_probes(
    probes: Sequence[Probe], context_text: str, archive: ArchiveView | None
) -> list[ProbeResult]:
    """Where each probe is found: in context first, else through the archive, else lost."""
    results: list[ProbeResult] = []
    for probe in probes:
        if probe.text in context_text:
            where: Where = "context"
        elif archive is not None and archive.contains(probe.text):
            where = "archive"
        else:
            where = "lost"
        results.append(ProbeResult(probe, where))
    return results


@dataclass(slots=True)
class Retention:
    """Counts per probe kind: found in context, retrievable, lost."""

    context: Counter[str]
    archive: Counter[str]
    lost: Counter[str]

    @classmethod
    def empty(cls) -> Retention:
        return cls(Counter(), Counter(), Counter())

    def add(self, results: Iterable[ProbeResult]) -> None:
        for result in results:
            getattr(self, result.where)[result.probe.kind] += 1

    def merge(self, other: Retention) -> None:
        self.context.update(other.context)
        self.archive.update(other.archive)
        self.lost.update(other.lost)

    def total(self, kind: str) -> int:
        return self.context[kind] + self.archive[kind] + self.lost[kind]

    def rate(self, kind: str, *, with_archive: bool = True) -> float | None:
        """Share of ``kind`` probes kept (``None`` when there were none)."""
        total = self.total(kind)
        if not total:
            return None
        kept = self.context[kind] + (self.archive[kind] if with_archive else 0)
        return kept / total

    def to_json(self) -> dict[str, Any]:
        return {
            kind: {
                "probes": self.total(kind),
                "in_context": self.context[kind],
                "retrievable": self.archive[kind],
                "lost": self.lost[kind],
                "retention": self.rate(kind),
                "in_context_rate": self.rate(kind, with_archive=False),
            }
            for kind in PROBE_KINDS
        }
