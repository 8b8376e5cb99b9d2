"""The ledger may reuse pruning's tool events instead of pairing the middle again.

``ContextCompressor._span_events`` hands :func:`extract_ledger` the events pruning found over
the whole transcript, re-indexed to a subset of its messages (the middle without pinned spans
and checkpoints). Whenever it does, the ledger must be exactly the one pairing that subset on
its own gives; when it cannot promise that, it must return ``None``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.compressor.engine import ContextCompressor
from packlight.compressor.ledger import extract_ledger
from packlight.compressor.prune import PruneResult, PruneStats
from packlight.compressor.toolcalls import tool_events
from packlight.messages import is_summary
from tests.compressor.test_ordering import damaged_transcripts
from tests.conftest import iter_shared_sessions


def reused_events_agree(messages: list[dict[str, Any]], head_end: int, live: list[int]) -> bool:
    """Whether the shortcut was taken; asserts that it changes nothing when it is."""
    unchanged: list[Any] = list(messages)  # what pruning returns when it rewrites nothing
    pruned = PruneResult(
        messages=unchanged,
        artifacts=(),
        stats=PruneStats(),
        events=tuple(tool_events(messages)),
    )
    events = ContextCompressor._span_events(pruned, head_end, live)
    if events is None:
        return False
    subset = [messages[i] for i in live]
    assert extract_ledger(subset, start_index=head_end, events=events) == extract_ledger(
        subset, start_index=head_end
    )
    return True


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(damaged_transcripts(), st.data())
def test_reused_events_give_the_ledger_of_the_subset(
    transcript: list[dict[str, Any]], data: st.DataObject
) -> None:
    # Any subset: damaged transcripts have orphans, reused ids and results before their calls.
    live = sorted(data.draw(st.sets(st.integers(0, max(len(transcript) - 1, 0)))))
    # As in the engine, checkpoint messages are never among them.
    live = [i for i in live if i < len(transcript) and not is_summary(transcript[i])]
    head_end = min(live, default=0)
    reused_events_agree(transcript, head_end, live)


def test_a_pinned_span_in_the_middle_keeps_the_shortcut() -> None:
    def group(n: int) -> list[dict[str, Any]]:
        function = {"name": "bash", "arguments": f'{{"command": "cat f{n}.py"}}'}
        call = {"id": f"c{n}", "type": "function", "function": function}
        return [
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": f"line of f{n}.py"},
        ]

    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "task"}]
    for n in range(6):
        messages += group(n)
    # Messages 6 and 7 (the third group) stand for a pinned span: not part of the subset.
    live = [i for i in range(2, len(messages)) if i not in (6, 7)]
    assert reused_events_agree(messages, 2, live)
    # A call whose answer lies outside the subset would look unanswered there: no shortcut.
    assert not reused_events_agree(messages, 2, [i for i in live if i != 9])


@pytest.mark.shared_data
@pytest.mark.slow
def test_real_trajectories_ledger_unchanged_by_reused_events(shared_data: Path) -> None:
    taken = 0
    for _name, session in iter_shared_sessions(shared_data):
        messages = session["messages"]
        engine = ContextCompressor(model="gpt-4o", context_window=32_000, key=b"k" * 32)
        boundaries = engine.plan(messages).boundaries
        live = [i for i in boundaries.middle if not is_summary(messages[i])]
        taken += reused_events_agree(messages, boundaries.head_end, live)
    assert taken > 0
