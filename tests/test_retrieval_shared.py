"""Identifier retrievability on every real trajectory (DESIGN 6; issue: 100%).

Compact each session at a 32K window; every identifier found in the compacted span must be
in the checkpoint or found by ``context_grep`` over the archive.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from packlight.compressor.engine import ContextCompressor
from packlight.compressor.identifiers import extract_identifiers
from packlight.messages import message_text, tool_calls_of
from packlight.retrieval import MemoryReader, RetrievalTools
from tests.conftest import iter_shared_sessions

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]


def test_every_identifier_of_a_compacted_span_is_retrievable(shared_data: Path) -> None:
    total = in_checkpoint = by_grep = 0
    missing: list[str] = []
    for name, session in iter_shared_sessions(shared_data):
        engine = ContextCompressor(model="gpt-4o", context_window=32_000)
        result = engine.compress(session["messages"], force=True)
        span = next((a for a in result.artifacts if a.kind == "span"), None)
        if span is None:
            continue
        texts: list[str] = []
        for index in span.meta["indices"]:
            message = session["messages"][index]
            texts.append(message_text(message))
            texts.extend(call["function"]["arguments"] for call in tool_calls_of(message))
        values = {i.value for text in texts for i in extract_identifiers(text)}
        tools = RetrievalTools(MemoryReader(engine.archive))
        for value in sorted(values):
            total += 1
            if value in (result.checkpoint or ""):
                in_checkpoint += 1
                continue
            found = tools.handle("context_grep", {"pattern": re.escape(value), "max_matches": 1})
            if found.startswith("error") or "artifact://" not in found:
                missing.append(f"{name}: {value!r}")
            else:
                by_grep += 1
    print(f"identifiers: {total}, in checkpoint {in_checkpoint}, by context_grep {by_grep}")
    assert total > 1_000
    assert not missing, missing[:20]
