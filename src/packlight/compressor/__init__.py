"""The default engine, ``ContextCompressor``, and the pure stages it is built from."""

from packlight import artifacts, integrity, redact
from packlight.compressor import (
    activity,
    constraints,
    cues,
    digests,
    identifiers,
    ledger,
    spelling,
    statements,
    subjects,
    tasks,
    toolcalls,
    turns,
    values,
)


def clear_caches() -> None:
    """Forget every process-wide memo of the compressor's stages (for cold-start benchmarks).

    The stages memoise pure analyses of text (tool calls, shell commands, user sentences,
    redactions), so that a session compacted again, or pruned and then summarised, does not
    analyse the same text twice. A first compaction in a new process has none of them: every
    module that keeps one is listed here, so that a benchmark's first compaction is one.
    """
    modules = (
        *(artifacts, integrity, redact),
        *(activity, constraints, cues, digests, identifiers, ledger),
        *(spelling, statements, subjects, tasks, toolcalls, turns, values),
    )
    for module in modules:
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
