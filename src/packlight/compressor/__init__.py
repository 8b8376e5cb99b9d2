"""The default engine, ``ContextCompressor``, and the pure stages it is built from."""

from packlight import artifacts
from packlight.compressor import activity, constraints, digests, identifiers, ledger, toolcalls


def clear_caches() -> None:
    """Forget every process-wide memo of the compressor's stages (for cold-start benchmarks).

    The stages memoise pure analyses of text (tool calls, shell commands, user sentences),
    so that a session compacted again, or pruned and then summarised, does not analyse the
    same text twice.
    """
    for module in (artifacts, activity, constraints, digests, identifiers, ledger, toolcalls):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
