"""Summarizers write the prose of a checkpoint; the ledger's sections are always code-written.

See :mod:`packlight.summarizers.base` for the protocol.
"""

from packlight.summarizers.base import (
    Summarizer,
    SummaryPath,
    SummaryRequest,
    SummaryResult,
)
from packlight.summarizers.deterministic import DeterministicSummarizer

__all__ = [
    "DeterministicSummarizer",
    "Summarizer",
    "SummaryPath",
    "SummaryRequest",
    "SummaryResult",
]
