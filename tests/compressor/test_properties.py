"""Properties of ``compress`` over generated transcripts (Hypothesis).

Random tool groups with parallel calls, orphans, duplicates and cut-out spans (the damage
strategy), empty contents, images, huge arguments and outputs, non-ASCII text. Whatever comes
in: ``compress`` never raises, never mutates its input, returns a transcript with no tool-pair
problem for either provider, adds no ordering problem the input did not have, and keeps the
latest user message and the system prompt (plus the note) intact.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.compressor.assemble import SYSTEM_NOTE
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.ordering import PAIR_RULES, verify
from packlight.messages import is_summary
from tests.compressor.test_ordering import damaged_transcripts
from tests.formats.strategies import canonical_transcripts

BIG = "Traceback (most recent call last):\n" + '  File "x.py", line 1\n' * 400 + "ValueError: ü"


@st.composite
def bulky_transcripts(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Generated transcripts with some messages made huge, so that compaction has work."""
    base = draw(st.one_of(canonical_transcripts(max_turns=12), damaged_transcripts()))
    transcript = copy.deepcopy(base)
    for message in transcript:
        if message.get("role") == "tool" and draw(st.booleans()):
            message["content"] = BIG
        for call in message.get("tool_calls") or []:
            if draw(st.integers(0, 5)) == 0:
                call["function"]["arguments"] = json.dumps({"content": "é" * 6_000, "path": "a.py"})
        if message.get("role") == "assistant" and draw(st.integers(0, 6)) == 0:
            message["content"] = "raisonnement " * 900
    return transcript


def latest_user(messages: list[Any]) -> Any:
    return next(
        (m for m in reversed(messages) if m.get("role") == "user" and not is_summary(m)), None
    )


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(bulky_transcripts(), st.sampled_from([4_000, 16_000, 32_000]))
def test_compress_invariants(transcript: list[dict[str, Any]], window: int) -> None:
    snapshot = copy.deepcopy(transcript)
    engine = ContextCompressor(model="gpt-4o", context_window=window, key=b"p" * 32)
    result = engine.compress(transcript, force=True)  # must not raise
    assert transcript == snapshot
    out = result.messages
    if not result.compacted:
        assert out == transcript
        return
    problems = verify(out)
    assert not [p for p in problems if p.rule in PAIR_RULES]
    before = Counter((p.provider, p.rule) for p in verify(transcript))
    after = Counter((p.provider, p.rule) for p in problems)
    assert all(after[key] <= before[key] for key in after)
    wanted = latest_user(transcript)
    if wanted is not None:
        assert latest_user(out) == wanted
    if transcript and transcript[0].get("role") == "system":
        original = transcript[0]["content"]
        noted = f"{original}\n\n{SYSTEM_NOTE}" if original else SYSTEM_NOTE
        assert out[0]["content"] in (original, noted) or (
            isinstance(original, list) and out[0]["content"][: len(original)] == original
        )
    assert sum(1 for m in out if is_summary(m)) <= 1 + sum(1 for m in transcript if is_summary(m))
    # Same input, same key: same output (no hidden state or randomness in plan/finish).
    again = ContextCompressor(model="gpt-4o", context_window=window, key=b"p" * 32)
    assert again.compress(transcript, force=True).messages == out
