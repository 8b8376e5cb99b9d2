"""The default engine through its public API, on the bundled real session and on edge cases."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from packlight.archive import MemoryArchive
from packlight.cli.demo import example_path
from packlight.compressor.assemble import SYSTEM_NOTE
from packlight.compressor.checkpoint import END_MARKER, PREFIX
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.ordering import verify
from packlight.integrity import without_tag
from packlight.messages import is_summary, message_text, strip_packlight
from packlight.summarizers.base import SummaryRequest, SummaryResult


def example() -> dict[str, Any]:
    return json.loads(example_path().read_text(encoding="utf-8"))


def latest_user(messages: list[Any]) -> Any:
    return next(m for m in reversed(messages) if m["role"] == "user" and not is_summary(m))


@pytest.fixture
def session() -> dict[str, Any]:
    return example()


def engine(window: int = 32_000, **kwargs: Any) -> ContextCompressor:
    return ContextCompressor(model="gpt-4o", context_window=window, **kwargs)


def test_compaction_fits_verifies_and_keeps_what_matters(session: dict[str, Any]) -> None:
    messages = session["messages"]
    snapshot = copy.deepcopy(messages)
    archive = MemoryArchive()
    compressor = engine(archive=archive)
    result = compressor.compress(messages, tools=session["tools"])

    assert result.compacted, result.reason
    assert result.fits
    assert result.after_tokens < compressor.budget.threshold <= result.before_tokens
    assert verify(result.messages) == []
    assert messages == snapshot  # the caller's list and dicts are untouched
    assert latest_user(result.messages)["content"] == latest_user(messages)["content"]
    system = result.messages[0]
    assert system["content"].startswith(messages[0]["content"])
    assert system["content"].endswith(SYSTEM_NOTE)
    checkpoints = [m for m in result.messages if is_summary(m)]
    assert len(checkpoints) == 1
    text = checkpoints[0]["content"]
    assert text.startswith(PREFIX)
    assert without_tag(text.rstrip()).endswith(END_MARKER)
    assert "django/contrib/admin/options.py" in text  # the file the agent modified
    assert "Traceback (most recent call last):" in text  # the first error it saw
    # Nothing is lost: every artifact is in the archive, and the span artifact holds the
    # original messages the checkpoint replaced, byte for byte.
    assert all(a.id in archive for a in result.artifacts)
    span = next(a for a in result.artifacts if a.kind == "span")
    originals = [json.loads(line) for line in span.content.splitlines()]
    assert originals == [messages[i] for i in span.meta["indices"]]


def test_below_threshold_is_left_alone_with_a_reason(session: dict[str, Any]) -> None:
    compressor = engine(window=1_000_000)
    result = compressor.compress(session["messages"])
    assert not result.compacted
    assert "below threshold" in result.reason
    assert result.messages == session["messages"]
    forced = compressor.compress(session["messages"], force=True)
    assert forced.compacted


def test_usage_sentinel_and_preflight_deferral(session: dict[str, Any]) -> None:
    compressor = engine()
    compressor.update_from_response({"prompt_tokens": 30_000})
    assert compressor.decide().compress
    assert not compressor.should_defer_preflight(30_500)
    compressor.compress(session["messages"])
    assert compressor.just_compacted
    assert compressor.should_defer_preflight(40_000)  # wait for real usage after compacting
    assert not compressor.decide().compress  # no usage known yet: no decision on stale data
    compressor.update_from_response({"input_tokens": 9_000, "cache_read_input_tokens": 1_000})
    assert compressor.last_prompt_tokens == 10_000
    assert not compressor.just_compacted
    assert compressor.should_defer_preflight(10_500)


class EmptySummarizer:
    """A summarizer whose output changes nothing, to provoke ineffective compactions."""

    name = "empty"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(prose="", path="deterministic")

    async def asummarize(self, request: SummaryRequest) -> SummaryResult:
        return self.summarize(request)


def small_middle_huge_user() -> list[dict[str, Any]]:
    """A transcript whose latest user message (never cut) is most of it."""
    turns = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " * 150}
        for i in range(8)
    ]
    return [
        {"role": "system", "content": "rules"},
        *turns,
        {"role": "user", "content": "please read all of this: " + "lorem ipsum " * 14_000},
    ]


def test_two_ineffective_compactions_pause_until_usage_drops() -> None:
    compressor = engine()
    messages = small_middle_huge_user()
    for _ in range(2):
        result = compressor.compress(messages, force=True)
        assert result.compacted
        assert result.savings < 0.10
        assert not result.fits
        assert "never cuts" in result.reason  # says plainly why it cannot fit
    assert compressor.strikes == 2
    decision = compressor.decide(30_000)
    assert not decision.compress
    assert "paused" in decision.reason
    compressor.update_from_response({"prompt_tokens": 5_000})
    assert compressor.strikes == 0
    assert compressor.decide(30_000).compress


def test_later_compaction_updates_the_previous_checkpoint(session: dict[str, Any]) -> None:
    compressor = engine()
    messages = session["messages"]
    first = compressor.compress(messages[:44], force=True)
    assert first.compacted
    second = compressor.compress([*first.messages, *messages[44:]], force=True)
    assert second.compacted
    checkpoints = [m for m in second.messages if is_summary(m)]
    assert len(checkpoints) == 1
    text = checkpoints[0]["content"]
    assert checkpoints[0]["_packlight"]["compaction"] == 2
    assert "Traceback (most recent call last):" in text  # seen before the first compaction
    # Read after it; a critical identifier. Under the hard budget the active task (not in the
    # window here, so quoted at length) outranks identifiers: when the path does not fit, it
    # is counted in a note that points to the archived ledger, which holds it.
    meta = checkpoints[0]["_packlight"]
    assert "tests/admin_changelist/tests.py" in text or (
        "tests/admin_changelist/tests.py" in json.dumps(meta["ledger"])
        and f"more in artifact://{meta['ledger_artifact']})" in text
    )
    assert "django/contrib/admin/options.py" in text


def test_resume_from_a_file_without_metadata_carries_the_checkpoint(
    session: dict[str, Any],
) -> None:
    first = engine().compress(session["messages"], force=True)
    saved = strip_packlight(first.messages)  # what a wire-clean session file holds
    resumed = engine().compress(saved, force=True)  # a new process, no memory
    text = next(m for m in resumed.messages if is_summary(m))["content"]
    assert "django/contrib/admin/options.py" in text
    assert "Traceback (most recent call last):" in text
    assert sum(1 for m in resumed.messages if is_summary(m)) == 1


def test_a_remembered_checkpoint_of_another_session_is_not_carried(
    session: dict[str, Any],
) -> None:
    compressor = engine()
    compressor.compress(session["messages"], force=True)
    other = [
        {"role": "system", "content": "other agent"},
        {"role": "user", "content": "unrelated task " * 400},
        *[
            {"role": "assistant" if i % 2 else "user", "content": f"turn {i} " * 300}
            for i in range(12)
        ],
    ]
    result = compressor.compress(other, force=True)
    text = next(m for m in result.messages if is_summary(m))["content"]
    assert "django" not in text


class ExplodingSummarizer:
    name = "exploding"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        raise RuntimeError("boom")

    async def asummarize(self, request: SummaryRequest) -> SummaryResult:
        raise RuntimeError("boom")


class AbortingSummarizer:
    name = "aborting"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        return SummaryResult(prose="", path="llm", aborted=True, reason="401 unauthorized")

    async def asummarize(self, request: SummaryRequest) -> SummaryResult:
        return self.summarize(request)


@pytest.mark.parametrize("summarizer", [ExplodingSummarizer(), AbortingSummarizer()])
def test_failures_return_the_input_unchanged(session: dict[str, Any], summarizer: Any) -> None:
    archive = MemoryArchive()
    compressor = engine(summarizer=summarizer, archive=archive)
    result = compressor.compress(session["messages"], force=True)
    assert not result.compacted
    assert result.messages == session["messages"]
    assert len(archive) == 0  # nothing committed
    assert compressor.compactions == 0
    assert "boom" in result.reason or "401" in result.reason


def test_async_twin_matches_sync(session: dict[str, Any]) -> None:
    key = b"k" * 32
    sync = engine(key=key).compress(session["messages"], force=True)
    asynchronous = asyncio.run(engine(key=key).acompress(session["messages"], force=True))
    assert asynchronous.messages == sync.messages


def test_focus_moves_matching_items_first(session: dict[str, Any]) -> None:
    compressor = engine(window=32_000)
    plain = compressor.compress(session["messages"], force=True)
    focused = engine(window=32_000).compress(
        session["messages"], force=True, focus="admin_changelist tests"
    )
    assert plain.checkpoint is not None
    assert focused.checkpoint is not None
    assert focused.checkpoint.count("admin_changelist") >= plain.checkpoint.count(
        "admin_changelist"
    )


def test_bad_input_never_raises() -> None:
    compressor = engine()
    for bad in ([{"no": "role"}], [1, 2, 3], "text", [{"role": "tool", "content": "x"}]):
        result = compressor.compress(bad, force=True)
        assert not result.compacted


def test_has_content_and_status(session: dict[str, Any]) -> None:
    compressor = engine()
    assert compressor.has_content_to_compress(session["messages"])
    assert not compressor.has_content_to_compress(session["messages"][:3])
    status = compressor.status()
    assert status["threshold"] == 27_200
    json.dumps(status)


def iter_texts(messages: list[Any]) -> Iterator[str]:
    for message in messages:
        yield message_text(message)
