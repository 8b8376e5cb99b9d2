"""``packlight.Session``: the live loop's contract, through the public API.

Replays feed a real coding-agent run (the bundled example) the way an agent loop does: the
whole history every turn, the recorded assistant message appended after each request.
Provider errors are the SDKs' own exception classes, built as the SDKs build them from a
response.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx2
import openai
import pytest

import packlight
from packlight.cli.demo import example_path
from packlight.compressor.ordering import verify
from packlight.messages import PACKLIGHT_KEY, Message, message_text
from packlight.session import DEFAULT_RECOVERY_ATTEMPTS

WINDOW = 8_192


def example() -> list[Message]:
    return packlight.read_session(example_path()).messages


def turns(messages: list[Message]) -> Iterator[list[Message]]:
    """The history as it stands before each recorded assistant message (one list, growing)."""
    history: list[Message] = []
    for message in messages:
        if message["role"] == "assistant" and any(m["role"] == "user" for m in history):
            yield history
        history.append(message)


def latest_user_text(history: list[Message]) -> str:
    return next(message_text(m) for m in reversed(history) if m["role"] == "user")


def openai_error(status: int, body: dict[str, Any]) -> openai.APIStatusError:
    request = httpx2.Request("POST", "http://127.0.0.1/v1/chat/completions")
    response = httpx2.Response(status, request=request, json=body)
    classes = {400: openai.BadRequestError, 401: openai.AuthenticationError}
    inner = body.get("error", body)
    return classes.get(status, openai.APIStatusError)(
        f"Error code: {status} - {body}", response=response, body=inner
    )


def anthropic_error(status: int, message: str, kind: str) -> anthropic.APIStatusError:
    request = httpx2.Request("POST", "http://127.0.0.1/v1/messages")
    body = {"type": "error", "error": {"type": kind, "message": message}}
    response = httpx2.Response(status, request=request, json=body)
    classes = {400: anthropic.BadRequestError, 429: anthropic.RateLimitError}
    return classes.get(status, anthropic.APIStatusError)(
        f"Error code: {status} - {body}", response=response, body=body
    )


def context_exceeded(window: int, tokens: int) -> openai.APIStatusError:
    return openai_error(
        400,
        {
            "error": {
                "message": f"This model's maximum context length is {window} tokens. However, "
                f"your messages resulted in {tokens} tokens. Please reduce the length of the "
                "messages.",
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        },
    )


# --- prefix stability and validity ------------------------------------------------------------


def test_views_extend_each_other_and_change_only_at_a_compaction() -> None:
    session = packlight.Session(model="gpt-4o", context_window=WINDOW)
    previous: list[Message] | None = None
    for history in turns(example()):
        prepared = session.prepare(history, max_tokens=512)
        view = prepared.messages
        assert latest_user_text(history) in [message_text(m) for m in view]
        assert not verify(view), "the view breaks a provider's ordering rules"
        assert all(PACKLIGHT_KEY not in m for m in view)
        assert prepared.estimate + 512 <= WINDOW
        if previous is not None and not prepared.compacted:
            assert view[: len(previous)] == previous, "a view without compaction must extend"
        previous = view
        # The provider counts roughly what the session estimated.
        session.observe({"prompt_tokens": prepared.estimate, "completion_tokens": 50})
    stats = session.stats
    assert stats.compactions >= 3
    assert stats.prefix_breaks == stats.compactions
    assert stats.lineages == 1
    assert stats.tokens_saved > 0


def test_the_callers_history_is_never_mutated() -> None:
    original = example()
    history = copy.deepcopy(original)
    session = packlight.Session(model="gpt-4o", context_window=WINDOW)
    for step in range(1, len(history) + 1):
        session.prepare(history[:step])
    assert session.stats.compactions > 0
    assert history == original


def test_bad_input_names_the_message_and_field() -> None:
    session = packlight.Session(model="gpt-4o")
    with pytest.raises(packlight.TranscriptError, match="expected a list of messages"):
        session.prepare("hello")  # type: ignore[arg-type]
    with pytest.raises(packlight.TranscriptError) as caught:
        session.prepare([{"role": "user", "content": "hi"}, {"content": "no role"}])
    assert caught.value.index == 1
    assert caught.value.field == "role"


# --- lineage ----------------------------------------------------------------------------------


def compacted_session() -> tuple[packlight.Session, list[Message]]:
    session = packlight.Session(model="gpt-4o", context_window=WINDOW)
    for history in turns(example()):
        prepared = session.prepare(history)
        if prepared.compacted:
            return session, list(history)
    raise AssertionError("the example never compacted")


def test_an_edit_to_the_compacted_part_starts_a_new_lineage() -> None:
    session, history = compacted_session()
    edited = copy.deepcopy(history)
    marker = "Please solve the issue in the billing module instead."
    edited[1]["content"] = marker
    prepared = session.prepare(edited)
    assert session.stats.lineages == 2
    texts = [message_text(m) for m in prepared.messages]
    assert any(marker in text for text in texts), "the new lineage shows the edited history"
    assert not any(text.startswith("[packlight checkpoint]") for text in texts[:2]) or (
        prepared.compacted
    ), "a checkpoint of the old history must not survive into the new lineage"


def test_an_in_place_edit_is_noticed_too() -> None:
    session, history = compacted_session()
    marker = "Actually, only fix the docs."
    history[1]["content"] = marker  # the caller's own list and dict, edited in place
    prepared = session.prepare(history)
    assert session.stats.lineages == 2
    assert any(marker in message_text(m) for m in prepared.messages)


def test_retrying_the_last_turn_keeps_the_compacted_prefix() -> None:
    session, history = compacted_session()
    session.prepare([*history, {"role": "assistant", "content": "thinking..."}])
    before = session.stats
    retried = session.prepare(history)  # the caller dropped the reply and asks again
    assert session.stats.lineages == 1
    assert retried.messages == session.messages()
    assert session.stats.prefix_breaks == before.prefix_breaks + 1
    assert not retried.compacted


def test_a_caller_that_adopts_the_view_continues_the_same_lineage() -> None:
    session, history = compacted_session()
    view = session.prepare(history).messages
    adopted = [*copy.deepcopy(view), {"role": "user", "content": "carry on"}]
    prepared = session.prepare(adopted)
    assert session.stats.lineages == 1
    assert prepared.messages[: len(view)] == view
    assert message_text(prepared.messages[-1]) == "carry on"


# --- triggers and usage -----------------------------------------------------------------------


def test_observe_counts_prompt_tokens_only() -> None:
    session = packlight.Session(model="gpt-4o")
    session.prepare([{"role": "user", "content": "hi"}])
    assert session.observe({"prompt_tokens": 120, "completion_tokens": 9_000}) == 120
    anthropic_usage = {
        "input_tokens": 10,
        "cache_read_input_tokens": 700,
        "cache_creation_input_tokens": 40,
        "output_tokens": 5_000,
    }
    assert session.observe(anthropic_usage) == 750
    assert session.observe({"completion_tokens": 5}) is None
    assert session.stats.last_reported == 750


def test_calibration_follows_what_the_provider_reports() -> None:
    session = packlight.Session(model="unknown-local-model", context_window=200_000)
    history: list[Message] = [{"role": "system", "content": "You are terse."}]
    for step in range(6):
        history.append({"role": "user", "content": f"question {step}: " + "word " * 400})
        prepared = session.prepare(history)
        session.observe({"prompt_tokens": round(prepared.estimate * 1.6)})
        history.append({"role": "assistant", "content": "ok"})
    assert session.stats.calibration > 1.3


def test_the_turn_after_a_compaction_waits_for_real_usage() -> None:
    session, history = compacted_session()
    session.observe({"prompt_tokens": 900})
    grown = [*history, {"role": "assistant", "content": "done"}, {"role": "user", "content": "ok"}]
    prepared = session.prepare(grown)
    assert not prepared.compacted


# --- recovery ---------------------------------------------------------------------------------


def test_a_stated_limit_is_learned_and_the_retry_fits() -> None:
    session = packlight.Session(model="gpt-4o")  # the registry says 128K
    history = list(turns(example()))[-1]
    prepared = session.prepare(history)
    assert not prepared.compacted
    retry = session.recover(context_exceeded(WINDOW, prepared.estimate), history)
    assert session.context_window == WINDOW
    assert retry.compacted
    assert retry.attempt == 1
    assert retry.estimate < WINDOW
    assert latest_user_text(history) in [message_text(m) for m in retry.messages]


def test_an_unstated_limit_compacts_without_lowering_the_window() -> None:
    session = packlight.Session(model="gpt-4o")
    history = list(turns(example()))[-1]
    prepared = session.prepare(history)
    error = anthropic_error(400, "prompt is too long", "invalid_request_error")
    retry = session.recover(error, history)
    assert retry.compacted
    assert session.context_window == 128_000
    assert retry.estimate < prepared.estimate


def test_an_output_cap_refusal_lowers_max_tokens_instead() -> None:
    session = packlight.Session(model="gpt-4o")
    history = [{"role": "user", "content": "write a poem"}]
    session.prepare(history, max_tokens=100_000)
    error = openai_error(
        400,
        {
            "error": {
                "message": "max_tokens is too large: 100000. This model supports at most 16384 "
                "completion tokens, whereas you provided 100000.",
                "type": "invalid_request_error",
                "param": "max_tokens",
                "code": "invalid_value",
            }
        },
    )
    retry = session.recover(error, history, max_tokens=100_000)
    assert retry.max_tokens == 16_384
    assert not retry.compacted
    assert session.prepare(history, max_tokens=100_000).max_tokens == 16_384


def test_historical_images_leave_first_when_an_image_is_refused() -> None:
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64," + "A" * 4_000}}
    history: list[Message] = [
        {"role": "user", "content": [{"type": "text", "text": "look"}, image]},
        {"role": "assistant", "content": "a cat"},
        {"role": "user", "content": [{"type": "text", "text": "and this one?"}, image]},
    ]
    session = packlight.Session(model="claude-sonnet-4-5")
    session.prepare(history)
    error = anthropic_error(
        400,
        "messages.0.content.1.image.source.base64: image exceeds 5 MB maximum: 7340032 bytes > "
        "5242880 bytes",
        "invalid_request_error",
    )
    retry = session.recover(error, history)
    first, last = retry.messages[0], retry.messages[-1]
    assert not any(p.get("type") == "image_url" for p in first["content"])  # type: ignore[union-attr]
    assert any(p.get("type") == "image_url" for p in last["content"])  # type: ignore[union-attr]


def test_other_errors_are_raised_unchanged() -> None:
    session = packlight.Session(model="gpt-4o")
    history = [{"role": "user", "content": "hi"}]
    session.prepare(history)
    for error in (
        openai_error(401, {"error": {"message": "Incorrect API key", "code": "invalid_api_key"}}),
        anthropic_error(429, "Number of requests has exceeded your rate limit", "rate_limit_error"),
        openai.APIConnectionError(request=httpx2.Request("POST", "http://127.0.0.1/v1")),
    ):
        with pytest.raises(type(error)) as caught:
            session.recover(error, history)
        assert caught.value is error
    assert session.stats.recoveries == 0


def give_up(
    session: packlight.Session, error: Exception, history: list[Message]
) -> packlight.ContextOverflowError:
    """Recover from ``error`` until the session gives up (it must, within four calls)."""
    for _ in range(4):
        try:
            session.recover(error, history)
        except packlight.ContextOverflowError as raised:
            return raised
    raise AssertionError("the session kept retrying a request the provider always refuses")


def test_recovery_gives_up_after_three_attempts_with_the_providers_words() -> None:
    session = packlight.Session(model="gpt-4o")
    history = list(turns(example()))[-1]
    session.prepare(history)
    error = context_exceeded(WINDOW, 9_999)  # whatever packlight sends, the provider refuses
    assert session.recover(error, history).compacted  # the first recovery is worth a retry
    raised = give_up(session, error, history)
    assert raised.attempts == 3
    assert "maximum context length is 8192" in raised.provider_message
    assert raised.__cause__ is error


def test_a_prompt_that_fits_without_its_reply_gets_a_smaller_reply_cap() -> None:
    # Nothing to compact (one long task), the prompt fits, the reply the caller asked does not.
    session = packlight.Session(model="gpt-4o")
    history = [
        {"role": "system", "content": "You are a careful engineer."},
        {"role": "user", "content": "Refactor the billing module. " * 900},
    ]
    prepared = session.prepare(history, max_tokens=512)
    prompt = 8_150
    error = openai_error(
        400,
        {
            "error": {
                "message": f"This model's maximum context length is {WINDOW} tokens. However, "
                f"you requested {prompt + 512} tokens ({prompt} in the messages, 512 in the "
                "completion). Please reduce the length of the messages or completion.",
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        },
    )
    retry = session.recover(error, history, max_tokens=512)
    assert retry.max_tokens == WINDOW - prompt
    assert retry.messages == prepared.messages  # the task is never cut


def test_a_new_request_gets_its_own_attempts() -> None:
    session = packlight.Session(model="gpt-4o")
    histories = [list(h) for h in turns(example())]
    first, later = histories[len(histories) // 2], histories[-1]
    session.prepare(first)
    give_up(session, context_exceeded(WINDOW, 9_999), first)  # the first request runs out
    session.prepare(later)
    # Carried over, the earlier request's attempts would be spent already and this recovery
    # would give up at once; counted afresh it succeeds within the limit (a first try that
    # cannot shrink the request counts as one attempt of its own).
    recovered = session.recover(context_exceeded(WINDOW, 9_999), later)
    assert recovered.compaction is not None
    assert recovered.compaction.compacted
    assert 1 <= recovered.attempt < DEFAULT_RECOVERY_ATTEMPTS


# --- manual compaction ------------------------------------------------------------------------


def test_preview_changes_nothing_and_compact_keeps_the_last_messages() -> None:
    session = packlight.Session(model="gpt-4o", context_window=200_000)
    history = list(turns(example()))[-1]
    before = session.prepare(history).messages
    preview = session.compact(history, preview=True, focus="the failing test")
    assert preview.compaction is not None
    assert preview.compaction.compacted
    assert len(preview.messages) < len(before)
    assert session.stats.compactions == 0
    assert session.prepare(history).messages == before

    done = session.compact(history, keep_last=6)
    assert done.compacted
    assert done.messages[-6:] == before[-6:]
    assert session.stats.compactions == 1
    assert session.prepare(history).messages == done.messages


# --- the async twin ---------------------------------------------------------------------------


def test_the_async_session_sends_what_the_sync_one_sends() -> None:
    histories = [list(h) for h in turns(example())]
    # One artifact key for both: ids are keyed per engine, and an id's length in tokens
    # decides what else fits a checkpoint's budget.
    key = bytes(range(32))

    def engine() -> packlight.ContextCompressor:
        return packlight.ContextCompressor(model="gpt-4o", context_window=WINDOW, key=key)

    sync = packlight.Session(engine(), model="gpt-4o", context_window=WINDOW)
    expected = []
    for history in histories:
        prepared = sync.prepare(history, max_tokens=256)
        sync.observe({"prompt_tokens": prepared.estimate})
        expected.append(json.dumps(prepared.messages, sort_keys=True))

    async def replay() -> list[str]:
        session = packlight.AsyncSession(engine(), model="gpt-4o", context_window=WINDOW)
        views = []
        for history in histories:
            prepared = await session.prepare(history, max_tokens=256)
            session.observe({"prompt_tokens": prepared.estimate})
            views.append(json.dumps(prepared.messages, sort_keys=True))
        return views

    assert asyncio.run(replay()) == expected


def test_the_latest_user_message_is_cut_only_when_nothing_else_can_give_way() -> None:
    task = "Port the scheduler to the new queue API and keep every test green. " * 700
    history: list[Message] = [
        {"role": "system", "content": "You are a careful engineer."},
        {"role": "user", "content": task},
    ]
    session = packlight.Session(model="gpt-4o", context_window=WINDOW)
    prepared = session.prepare(history, max_tokens=512)
    assert prepared.messages[-1]["content"] == task  # not cut before the provider refuses
    error = context_exceeded(WINDOW, prepared.estimate)
    retry = session.recover(error, history, max_tokens=512)
    for _ in range(3):
        if retry.estimate + 512 <= WINDOW:
            break
        retry = session.recover(error, history, max_tokens=512)
    cut = message_text(retry.messages[-1])
    assert retry.estimate + 512 <= WINDOW
    assert cut.startswith(task[:300])
    assert cut.endswith(task[-100:])
    assert "characters were cut here" in cut
    assert history[-1]["content"] == task


def _replay_reasons(**options: Any) -> tuple[list[str], list[tuple[int, int]]]:
    """Replay the example with usage reported as the session's own estimate; the reason of
    every prepare, and (estimate, threshold) of each request that was sent."""
    session = packlight.Session(model="gpt-4o", context_window=WINDOW, **options)
    reasons: list[str] = []
    sizes: list[tuple[int, int]] = []
    for history in turns(example()):
        prepared = session.prepare(history, max_tokens=256)
        stats = session.stats
        assert stats.last_estimate is not None
        assert stats.threshold is not None
        reasons.append(prepared.reason)
        sizes.append((stats.last_estimate, stats.threshold))
        session.observe({"prompt_tokens": stats.last_estimate, "completion_tokens": 10})
    return reasons, sizes


def test_deferral_waits_for_real_usage_unless_turned_off() -> None:
    """By default an estimate just over the threshold may wait for the provider's usage;
    with ``defer_preflight=False`` every request is under the threshold (or says why not)."""
    deferring, _ = _replay_reasons()
    assert any(reason.startswith("deferred") for reason in deferring)
    strict, sizes = _replay_reasons(defer_preflight=False)
    assert not any(reason.startswith("deferred") for reason in strict)
    over = [
        reason
        for reason, (estimate, threshold) in zip(strict, sizes, strict=True)
        if estimate >= threshold
    ]
    # Over the threshold only when compacting could not bring it under.
    assert all("still" in reason or "nothing" in reason for reason in over), over


@pytest.mark.parametrize("ratio", [1.0, 1.000764, 1.0008, 1.013, 1.1, 1.37, 2.5])
def test_the_threshold_reported_agrees_with_the_decision(ratio: float) -> None:
    """``stats.threshold`` is the engine's threshold in the provider's units: a request whose
    expected provider count is under it is exactly one the session reads as under the
    threshold (in its engine's units), at every calibration. Rounding it made an estimate one
    token under the threshold read as on it (6,962 tokens against 6,957 x 1.000764)."""
    from packlight.session_core import engine_units, provider_threshold

    for threshold in range(1_000, 9_000, 7):
        shown = provider_threshold(threshold, ratio)
        for expected in range(int(threshold * ratio) - 3, int(threshold * ratio) + 4):
            below = engine_units(expected, ratio) < threshold
            assert below == (expected < shown), (threshold, ratio, expected, shown)
