from __future__ import annotations

from typing import Any

from packlight.compressor.boundaries import find_boundaries, head_end_index
from packlight.integrity import COMPACT_END_MARKER, signed
from packlight.messages import CHECKPOINT_MARKER


def call(call_id: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": "bash", "arguments": "{}"}}


def agent_run(turns: int) -> list[dict[str, Any]]:
    """system, user task, then `turns` tool groups each with a short thought."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "the task"},
    ]
    for n in range(turns):
        messages.append(
            {"role": "assistant", "content": f"thought {n}", "tool_calls": [call(f"c{n}")]}
        )
        messages.append({"role": "tool", "tool_call_id": f"c{n}", "content": f"output {n}"})
    return messages


def test_head_protects_first_n_only_before_the_first_compaction() -> None:
    messages = agent_run(5)
    assert head_end_index(messages, protect_first_n=3, compactions_so_far=0) == 4
    assert head_end_index(messages, protect_first_n=3, compactions_so_far=1) == 1
    checkpoint = signed(f"{CHECKPOINT_MARKER}\n## Goal\n- fix it\n{COMPACT_END_MARKER}")
    with_checkpoint = [messages[0], {"role": "user", "content": checkpoint}, *messages[1:]]
    assert head_end_index(with_checkpoint, protect_first_n=3, compactions_so_far=0) == 1


def test_head_never_splits_a_tool_group() -> None:
    messages = agent_run(3)
    # protect_first_n=2 would end inside the first group (user, assistant | tool): it extends.
    end = head_end_index(messages, protect_first_n=2, compactions_so_far=0)
    assert end == 4
    assert messages[end - 1]["role"] == "tool"


def test_tail_by_tokens_never_splits_groups_and_keeps_minimum() -> None:
    messages = agent_run(20)
    counts = [100] * len(messages)
    b = find_boundaries(messages, counts, tail_budget=450, tail_ceiling=600, min_tail_messages=3)
    assert messages[b.tail_start]["role"] == "assistant"  # a group starts the tail
    assert 400 <= sum(counts[b.tail_start :]) <= 600
    tiny = find_boundaries(messages, counts, tail_budget=0, tail_ceiling=0, min_tail_messages=3)
    assert len(messages) - tiny.tail_start >= 3
    assert messages[tiny.tail_start]["role"] == "assistant"


def test_latest_user_message_is_pinned_when_the_tail_cannot_reach_it() -> None:
    messages = agent_run(30)
    counts = [100] * len(messages)
    b = find_boundaries(
        messages, counts, tail_budget=300, tail_ceiling=450, protect_first_n=0, compactions_so_far=1
    )
    assert b.pinned == ((1, 2),)
    assert 1 not in b.middle
    assert b.head_end == 1


def test_latest_user_message_joins_the_tail_when_it_fits() -> None:
    messages = [*agent_run(10), {"role": "user", "content": "now do X"}]
    messages += [
        {"role": "assistant", "content": "ok", "tool_calls": [call("z")]},
        {"role": "tool", "tool_call_id": "z", "content": "done"},
    ]
    counts = [100] * len(messages)
    b = find_boundaries(messages, counts, tail_budget=200, tail_ceiling=400, compactions_so_far=1)
    assert b.tail_start == len(messages) - 3
    assert b.pinned == ()


def test_trailing_pending_call_stays_in_the_tail() -> None:
    messages = agent_run(10)
    messages.append({"role": "assistant", "content": None, "tool_calls": [call("p1"), call("p2")]})
    counts = [10] * (len(messages) - 1) + [50_000]
    b = find_boundaries(messages, counts, tail_budget=100, tail_ceiling=150, compactions_so_far=1)
    assert b.tail_start <= len(messages) - 1


def test_nothing_to_compact_on_a_short_transcript() -> None:
    messages = agent_run(1)
    b = find_boundaries(messages, [10] * len(messages), tail_budget=1_000, tail_ceiling=1_500)
    assert b.is_empty
