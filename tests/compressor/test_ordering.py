"""Ordering checks: each OpenAI and Anthropic rule, its exceptions, and the checks' contract
(never raise, never mutate), with a cross-check against what the Anthropic adapter writes.

The builders and strategies at the top are shared with ``test_sanitize.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.compressor.ordering import (
    PAIR_RULES,
    RULES,
    OrderingProblem,
    anthropic_problems,
    openai_problems,
    verify,
)
from packlight.formats import anthropic
from tests.formats.strategies import JSON_VALUES, canonical_transcripts

PROPERTY = settings(max_examples=100, deadline=None)

Msg = dict[str, Any]

# --- builders and strategies (also used by test_sanitize.py) -----------------------------------


def system(text: str = "You are a careful agent.") -> Msg:
    return {"role": "system", "content": text}


def user(content: Any = "fix the bug") -> Msg:
    return {"role": "user", "content": content}


def assistant(content: Any = "on it", *call_ids: str) -> Msg:
    message: Msg = {"role": "assistant", "content": content}
    if call_ids:
        message["tool_calls"] = [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": "bash", "arguments": '{"command": "ls"}'},
            }
            for call_id in call_ids
        ]
    return message


def calls(*call_ids: str) -> Msg:
    """An assistant message that only calls tools (content None, as OpenAI writes it)."""
    return assistant(None, *call_ids)


def tool(call_id: str, content: Any = "ok") -> Msg:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def located(problems: list[OrderingProblem]) -> set[tuple[int | None, str]]:
    return {(problem.index, problem.rule) for problem in problems}


def rules(problems: list[OrderingProblem]) -> set[str]:
    return {problem.rule for problem in problems}


def pair_problems(problems: list[OrderingProblem]) -> list[OrderingProblem]:
    return [problem for problem in problems if problem.rule in PAIR_RULES]


@st.composite
def damaged_transcripts(draw: st.DrawFn) -> list[Msg]:
    """A valid transcript after a few random deletions, duplications, moves and cut spans:
    the damage a careless compaction or a buggy client does to tool pairs. Tool calls and
    results are picked more often than other messages, since they are what can break."""
    messages = list(draw(canonical_transcripts()))
    for _ in range(draw(st.integers(0, 5))):
        if not messages:
            break
        paired = [i for i, m in enumerate(messages) if m["role"] == "tool" or m.get("tool_calls")]
        prefer_paired = draw(st.booleans())
        if paired and prefer_paired:
            index = draw(st.sampled_from(paired))
        else:
            index = draw(st.integers(0, len(messages) - 1))
        operation = draw(st.sampled_from(["delete", "duplicate", "repeat", "move", "cut"]))
        if operation == "delete":
            del messages[index]
        elif operation == "duplicate":
            target = draw(st.integers(0, len(messages)))
            messages.insert(target, copy.deepcopy(messages[index]))
        elif operation == "repeat":  # the same message twice in a row, as a retry would do
            messages.insert(index + 1, copy.deepcopy(messages[index]))
        elif operation == "move":
            moved = messages.pop(index)
            messages.insert(draw(st.integers(0, len(messages))), moved)
        else:
            del messages[index : draw(st.integers(index, len(messages)))]
    return messages


def _filled_part(part: Any) -> Any:
    if isinstance(part, dict) and part.get("type") == "text" and not part["text"].strip():
        return {**part, "text": "text"}
    return part


def with_text(transcript: list[Msg]) -> list[Msg]:
    """A copy of a generated transcript that meets the content rules: no blank text, no empty
    content, a user message first (the strategies draw all of those on purpose)."""
    result: list[Msg] = []
    for original in transcript:
        message = copy.deepcopy(original)
        content = message.get("content")
        if isinstance(content, str) and not content.strip():
            message["content"] = "text"
        elif isinstance(content, list):
            parts = [_filled_part(part) for part in content]
            if all(part.get("type") == "reasoning" for part in parts):
                parts.append({"type": "text", "text": "text"})
            message["content"] = parts
        elif content is None and not message.get("tool_calls"):
            message["content"] = "text"
        result.append(message)
    leading = 0
    while leading < len(result) and result[leading]["role"] in {"system", "developer"}:
        leading += 1
    if leading < len(result) and result[leading]["role"] != "user":
        result.insert(leading, user("start"))
    return result


CONTENT_RULES = {
    "empty-text",
    "empty-content",
    "first-message-not-user",
    "assistant-without-content",
}
"""What the generated (structurally valid) transcripts may break: the strategies draw blank
text, empty lists and an assistant first on purpose."""


# --- a valid transcript -------------------------------------------------------------------------


def agent_session() -> list[Msg]:
    return [
        system(),
        user(),
        assistant("Let me look.", "call_1"),
        tool("call_1", "README.md src"),
        calls("call_2", "call_3"),
        tool("call_3"),  # parallel calls answered out of order: both APIs accept it
        tool("call_2"),
        assistant("Fixed."),
        user("thanks"),
    ]


def test_a_well_formed_session_has_no_problems() -> None:
    assert verify(agent_session()) == []


def test_an_empty_transcript_has_no_problems() -> None:
    assert verify([]) == []


def test_ids_reused_in_a_later_turn_pair_by_adjacency() -> None:
    # tau-bench reuses an answered id in a later assistant message.
    messages = [user(), calls("call_1"), tool("call_1"), calls("call_1"), tool("call_1")]
    assert verify(messages) == []


def test_consecutive_same_role_messages_are_allowed() -> None:
    messages = [user(), user("more"), assistant("a"), assistant("b"), user("c")]
    assert verify(messages) == []


def test_a_mid_transcript_system_message_is_fine() -> None:
    messages = [
        system(),
        user(),
        assistant(),
        system("note"),
        {"role": "developer", "content": "x"},
    ]
    assert verify(messages) == []


def test_every_rule_is_documented() -> None:
    assert set(RULES) >= PAIR_RULES
    assert all(RULES[slug] for slug in RULES)


# --- tool results without their call ------------------------------------------------------------


def test_a_transcript_starting_with_a_tool_result() -> None:
    messages = [system(), tool("call_1"), user()]
    assert located(openai_problems(messages)) == {(1, "first-message-tool")}
    assert located(anthropic_problems(messages)) == {(1, "tool-result-without-call")}


def test_a_tool_result_after_a_user_message() -> None:
    messages = [user(), assistant(), user("go"), tool("call_1")]
    assert located(openai_problems(messages)) == {(3, "tool-result-without-call")}
    # Anthropic merges it into the user turn, after text, answering nothing.
    assert located(anthropic_problems(messages)) == {
        (3, "tool-result-without-call"),
        (3, "tool-result-not-first"),
    }


def test_a_tool_result_answering_another_messages_call() -> None:
    messages = [user(), calls("call_1"), tool("call_1"), calls("call_2"), tool("call_1"), user()]
    expected = {(3, "call-without-result"), (4, "tool-result-without-call")}
    assert located(openai_problems(messages)) == expected
    assert located(anthropic_problems(messages)) == expected


def test_a_call_answered_twice() -> None:
    messages = [user(), calls("call_1"), tool("call_1"), tool("call_1"), user("next")]
    assert located(openai_problems(messages)) == {(3, "duplicate-tool-result")}
    assert located(anthropic_problems(messages)) == {(3, "duplicate-tool-result")}


def test_a_result_without_a_tool_call_id() -> None:
    messages = [user(), calls("call_1"), tool("call_1"), {"role": "tool", "content": "x"}]
    assert (3, "tool-result-without-call") in located(openai_problems(messages))
    assert (3, "tool-result-without-call") in located(anthropic_problems(messages))
    assert (3, "malformed-message") in located(openai_problems(messages))


# --- tool calls without their result ------------------------------------------------------------


def test_a_call_whose_result_is_missing_before_the_next_user_message() -> None:
    messages = [user(), calls("call_1", "call_2"), tool("call_2"), user("and?")]
    problems = openai_problems(messages)
    assert located(problems) == {(1, "call-without-result")}
    assert "'call_1'" in problems[0].detail
    assert located(anthropic_problems(messages)) == {(1, "call-without-result")}


def test_a_result_separated_from_its_call_by_a_system_message() -> None:
    messages = [user(), calls("call_1"), system("note"), tool("call_1")]
    expected = {(1, "call-without-result"), (3, "tool-result-without-call")}
    assert located(openai_problems(messages)) == expected
    # Anthropic: the system note becomes user text in the same turn, before the result.
    assert located(anthropic_problems(messages)) == {(3, "tool-result-not-first")}


def test_results_after_other_user_content() -> None:
    messages = [user(), calls("call_1"), user("wait"), tool("call_1")]
    assert located(anthropic_problems(messages)) == {(3, "tool-result-not-first")}
    assert located(openai_problems(messages)) == {
        (1, "call-without-result"),
        (3, "tool-result-without-call"),
    }


def test_results_followed_by_user_text_in_the_same_turn_are_fine() -> None:
    messages = [user(), calls("call_1"), tool("call_1"), user("and now?")]
    assert verify(messages) == []


def test_anthropic_merges_consecutive_assistant_messages() -> None:
    # Modelled on the API merging consecutive same-role turns: the tool_use and the text form
    # one assistant turn, and the next user turn answers it. OpenAI refuses the same order.
    messages = [user(), calls("call_1"), assistant("thinking aloud"), tool("call_1")]
    assert anthropic_problems(messages) == []
    assert rules(openai_problems(messages)) == {"call-without-result", "tool-result-without-call"}


# --- the trailing pending exception -------------------------------------------------------------


@pytest.mark.parametrize(
    "tail",
    [
        pytest.param([calls("call_1", "call_2")], id="nothing-answered"),
        pytest.param([calls("call_1", "call_2"), tool("call_2")], id="partly-answered"),
    ],
)
def test_calls_at_the_very_end_may_be_pending(tail: list[Msg]) -> None:
    messages = [system(), user(), *tail]
    assert verify(messages) == []
    strict = verify(messages, allow_trailing_pending=False)
    assert located(strict) == {(2, "call-without-result")}
    assert {problem.provider for problem in strict} == {"openai", "anthropic"}


def test_pending_calls_followed_by_anything_else_are_not_trailing() -> None:
    messages = [user(), calls("call_1"), assistant("done")]
    assert located(openai_problems(messages)) == {(1, "call-without-result")}
    assert located(anthropic_problems(messages)) == {(1, "call-without-result")}


def test_only_the_last_call_group_may_be_pending() -> None:
    messages = [user(), calls("call_1"), user("hurry"), calls("call_2")]
    assert located(verify(messages)) == {(1, "call-without-result")}


def test_an_orphan_in_the_trailing_run_is_still_a_problem() -> None:
    messages = [user(), calls("call_1"), tool("call_9")]
    assert located(openai_problems(messages)) == {(2, "tool-result-without-call")}
    assert located(anthropic_problems(messages)) == {(2, "tool-result-without-call")}


# --- first message and content rules -------------------------------------------------------------


def test_anthropic_needs_a_user_message_first() -> None:
    messages = [system(), assistant("Hello!"), user()]
    assert located(anthropic_problems(messages)) == {(1, "first-message-not-user")}
    assert openai_problems(messages) == []


def test_openai_needs_assistant_content_or_calls() -> None:
    empty: tuple[Any, ...] = (None, [])
    for content in empty:
        messages = [user(), {"role": "assistant", "content": content}]
        assert located(openai_problems(messages)) == {(1, "assistant-without-content")}
        assert located(anthropic_problems(messages)) == {(1, "empty-content")}
    assert openai_problems([user(), {"role": "assistant"}]) != []


@pytest.mark.parametrize("blank", ["", " ", "\n\t"])
def test_blank_text_is_refused_by_anthropic_only(blank: str) -> None:
    for message in (user(blank), assistant(blank), user([{"type": "text", "text": blank}])):
        messages = (
            [user(), assistant(), message] if message["role"] == "user" else [user(), message]
        )
        assert located(anthropic_problems(messages)) == {(len(messages) - 1, "empty-text")}
        assert openai_problems(messages) == []


def test_text_next_to_tool_calls() -> None:
    # The adapter drops an empty string next to tool calls but sends whitespace as a block.
    assert verify([user(), assistant("", "call_1"), tool("call_1")]) == []
    messages = [user(), assistant("  ", "call_1"), tool("call_1")]
    assert located(anthropic_problems(messages)) == {(1, "empty-text")}
    listed = [user(), assistant([{"type": "text", "text": ""}], "call_1"), tool("call_1")]
    assert located(anthropic_problems(listed)) == {(1, "empty-text")}


def test_empty_user_content_list() -> None:
    messages = [user([])]
    assert located(anthropic_problems(messages)) == {(0, "empty-content")}


def test_reasoning_alone_is_no_anthropic_content() -> None:
    reasoning = {"type": "reasoning", "id": "rs_1", "summary": []}
    messages = [user(), {"role": "assistant", "content": [reasoning]}]
    assert located(anthropic_problems(messages)) == {(1, "empty-content")}
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "s"}
    assert anthropic_problems([user(), {"role": "assistant", "content": [thinking]}]) == []


def test_blank_system_text() -> None:
    # One leading system message stays a string parameter; several become text blocks.
    assert anthropic_problems([system(""), user()]) == []
    assert located(anthropic_problems([system("rules"), system(" "), user()])) == {
        (1, "empty-text")
    }
    assert located(anthropic_problems([user(), assistant(), system("")])) == {(2, "empty-text")}


def test_blank_text_in_a_tool_result_list() -> None:
    messages = [user(), calls("call_1"), tool("call_1", [{"type": "text", "text": ""}])]
    assert located(anthropic_problems(messages)) == {(2, "empty-text")}
    assert anthropic_problems([user(), calls("call_1"), tool("call_1", "")]) == []


def test_a_call_id_used_twice_in_one_message() -> None:
    messages = [user(), calls("call_1", "call_1"), tool("call_1")]
    assert located(openai_problems(messages)) == {(1, "duplicate-call-id")}
    assert located(anthropic_problems(messages)) == {(1, "duplicate-call-id")}


# --- the contract: never raise, never mutate ---------------------------------------------------


@pytest.mark.parametrize(
    "messages",
    [
        [{}],
        [{"role": 5}],
        [{"role": ["assistant"]}],
        [{"role": "robot", "content": "x"}],
        [{"role": "assistant", "tool_calls": "abc"}],
        [{"role": "assistant", "tool_calls": [{"id": 1}, None, {"function": {}}]}],
        [{"role": "assistant", "tool_calls": [{}]}, {"role": "tool", "tool_call_id": ["x"]}],
        [{"role": "tool"}, {"role": "user", "content": 42}, {"role": "user", "tool_calls": []}],
        [{"role": "user", "content": [None, 3, {"type": "text", "text": None}]}],
        [None, 3, "user", []],
    ],
)
def test_malformed_input_gives_problems_not_exceptions(messages: list[Any]) -> None:
    problems = verify(messages)
    assert "malformed-message" in rules(problems)
    assert all(problem.rule in RULES for problem in problems)


MESSAGE_LIKE = st.dictionaries(
    st.sampled_from(["role", "content", "tool_calls", "tool_call_id", "name"]),
    st.sampled_from(["user", "assistant", "tool", "system", None, ""])
    | JSON_VALUES
    | st.lists(
        st.dictionaries(st.sampled_from(["id", "type", "function", "text"]), JSON_VALUES),
        max_size=2,
    ),
)


@PROPERTY
@given(st.lists(MESSAGE_LIKE, max_size=8), st.booleans())
def test_checks_never_raise(messages: list[Msg], allow_trailing_pending: bool) -> None:
    problems = verify(messages, allow_trailing_pending=allow_trailing_pending)
    assert all(problem.rule in RULES for problem in problems)
    assert all(problem.index is None or 0 <= problem.index < len(messages) for problem in problems)


def test_problems_are_frozen_values() -> None:
    problem = verify([tool("x")])[0]
    with pytest.raises(AttributeError):
        problem.rule = "other"  # type: ignore[misc]
    assert problem == OrderingProblem(problem.provider, problem.index, problem.rule, problem.detail)


# --- properties over generated transcripts -------------------------------------------------------


@PROPERTY
@given(canonical_transcripts())
def test_generated_transcripts_break_no_pair_rule(messages: list[Msg]) -> None:
    problems = verify(messages, allow_trailing_pending=False)
    assert rules(problems) <= CONTENT_RULES


@PROPERTY
@given(canonical_transcripts())
def test_generated_transcripts_with_real_text_have_no_problems(messages: list[Msg]) -> None:
    assert verify(with_text(messages), allow_trailing_pending=False) == []


@PROPERTY
@given(damaged_transcripts())
def test_verify_is_both_checks_and_mutates_nothing(messages: list[Msg]) -> None:
    before = copy.deepcopy(messages)
    assert verify(messages) == openai_problems(messages) + anthropic_problems(messages)
    verify(messages, allow_trailing_pending=False)
    assert messages == before
    assert {problem.provider for problem in openai_problems(messages)} <= {"openai"}
    assert {problem.provider for problem in anthropic_problems(messages)} <= {"anthropic"}


# --- cross-check: the canonical-level Anthropic model against the adapter's real output --------


def _blank_text_in(blocks: Any) -> bool:
    if not isinstance(blocks, list):
        return False
    for block in blocks:
        if block.get("type") == "text" and not block["text"].strip():
            return True
        if block.get("type") == "tool_result" and _blank_text_in(block.get("content")):
            return True
    return False


def native_anthropic_rules(conversation: Mapping[str, Any]) -> set[str]:
    """The rules a written Anthropic conversation breaks, checked on its own terms: an
    independent reading of the API's rules to hold anthropic_problems to."""
    found: set[str] = set()
    system_param = conversation.get("system")
    if _blank_text_in(system_param):
        found.add("empty-text")
    messages = conversation["messages"]
    if messages and messages[0]["role"] != "user":
        found.add("first-message-not-user")
    for message in messages:
        content = message["content"]
        if isinstance(content, str) and not content.strip():
            found.add("empty-text")
        elif content == []:
            found.add("empty-content")
        elif _blank_text_in(content):
            found.add("empty-text")
    # The API merges consecutive same-role messages into one turn.
    turns: list[tuple[str, list[tuple[int, dict[str, Any]]]]] = []
    for position, message in enumerate(messages):
        content = message["content"]
        blocks = [(position, block) for block in content] if isinstance(content, list) else []
        if not isinstance(content, list):
            blocks = [(position, {"type": "text", "text": content})]
        if turns and turns[-1][0] == message["role"]:
            turns[-1][1].extend(blocks)
        else:
            turns.append((message["role"], blocks))
    last_assistant = max(
        (i for i, message in enumerate(messages) if message["role"] == "assistant"), default=-1
    )
    # An empty content list answers nothing: only messages made of tool results keep the
    # trailing calls "pending" rather than unanswered.
    only_results_after = all(
        bool(message["content"])
        and all(block.get("type") == "tool_result" for block in message["content"])
        if isinstance(message["content"], list)
        else False
        for message in messages[last_assistant + 1 :]
    )
    for number, (role, blocks) in enumerate(turns):
        if role == "assistant":
            following = turns[number + 1][1] if number + 1 < len(turns) else []
            answered = {b["tool_use_id"] for _, b in following if b.get("type") == "tool_result"}
            for position, block in blocks:
                if block.get("type") != "tool_use" or block["id"] in answered:
                    continue
                if not (position == last_assistant and only_results_after):
                    found.add("call-without-result")
            continue
        previous = turns[number - 1][1] if number > 0 else []
        called = {b["id"] for _, b in previous if b.get("type") == "tool_use"}
        seen_other, answered_here = False, set()
        for _, block in blocks:
            if block.get("type") != "tool_result":
                seen_other = True
                continue
            if seen_other:
                found.add("tool-result-not-first")
            if block["tool_use_id"] not in called:
                found.add("tool-result-without-call")
            elif block["tool_use_id"] in answered_here:
                found.add("duplicate-tool-result")
            answered_here.add(block["tool_use_id"])
    return found


@settings(max_examples=150, deadline=None)
@given(damaged_transcripts(), st.booleans())
def test_anthropic_problems_agree_with_the_written_conversation(
    messages: list[Msg], fill: bool
) -> None:
    transcript = with_text(messages) if fill else messages
    expected = native_anthropic_rules(anthropic.from_canonical(transcript))  # type: ignore[arg-type]
    assert rules(anthropic_problems(transcript)) == expected
