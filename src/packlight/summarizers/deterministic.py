"""The default summarizer: no LLM, no prose. The checkpoint is the ledger, written by code."""

from __future__ import annotations

from packlight.summarizers.base import SummaryRequest, SummaryResult


class DeterministicSummarizer:
    """Adds nothing to the ledger sections: free, instant, and it cannot make anything up."""

    @property
    def name(self) -> str:
        return "deterministic"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(prose="", path="deterministic", reason="no summary model configured")

    async def asummarize(self, request: SummaryRequest) -> SummaryResult:
        return self.summarize(request)
