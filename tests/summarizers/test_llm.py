"""The LLM summarizer: prompt, merge rules, and every failure mode through a real HTTP exchange.

The provider side is :class:`ScriptedServer` on loopback, driven through the official SDKs;
the engine is the real :class:`ContextCompressor` on the bundled real trajectory.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
from collections.abc import Iterator
from importlib import resources

import pytest

from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.engine import ContextCompressor
from packlight.config import load_settings
from packlight.engine import CompressionResult
from packlight.messages import Message, is_summary, message_text
from packlight.redact import redact_with_report
from packlight.sessionfile import read_session
from packlight.summarizers.base import SummaryRequest
from packlight.summarizers.factory import summarizer_from_settings
from packlight.summarizers.llm import (
    LLMSummarizer,
    UnusableAnswer,
    answer_budget,
    build_prompt,
    detect_language,
    merge_answer,
)
from packlight.summarizers.policy import COOLDOWN_LADDER
from packlight.summarizers.prepare import PREVIOUS_CHECKPOINT_NOTE, InputLimits
from packlight.summarizers.providers import ProviderConfig, make_provider
from tests.summarizers.scripted_server import Behaviour, ScriptedServer

KEY = "sk-test-SECRET-0123456789abcdef"
SUMMARY_MODEL = "summary-model-1"
MAIN_MODEL = "main-model-1"
PLANTED_SECRET = "sk-proj-PLANTEDsecret0123456789abcdefXYZ"
GOOD_ANSWER = """<think>The user wants me to summarise. Let me think about secrets.</think>
## Active Task
Rewrite the whole project in Rust.
## Goal
- Make the admin search stop producing duplicate joins.
## Completed Actions
- Ran the failing test and read django/contrib/admin/options.py.
## Active State
- A patch is in progress.
## Key Decisions
- Chose to split search terms once, outside the loop.
## Open Work
- Run the full admin test suite.
## Critical Identifiers
- nothing-real-here
"""


def _transcript() -> list[Message]:
    example = resources.files("packlight") / "examples" / "django__django-15022.json"
    with resources.as_file(example) as path:
        session = read_session(path)
    messages = copy.deepcopy(session.messages)
    # A secret in the middle of the run: it must never reach the summary model.
    messages.insert(
        4,
        {"role": "user", "content": f"Use OPENAI_API_KEY={PLANTED_SECRET} for the upload step."},
    )
    messages.insert(5, {"role": "assistant", "content": "Noted; I will not print it."})
    return messages


@pytest.fixture(scope="module")
def transcript() -> list[Message]:
    return _transcript()


def _summarizer(
    server: ScriptedServer,
    *,
    provider: str = "openai",
    abort_on_failure: bool = False,
    timeout: float = 1.0,
    window_tokens: int | None = None,
) -> LLMSummarizer:
    def config(model: str) -> ProviderConfig:
        return ProviderConfig(
            provider=provider,  # type: ignore[arg-type]
            model=model,
            base_url=server.openai_url if provider == "openai" else server.root_url,
            api_key=KEY,
            timeout=timeout,
        )

    summarizer = LLMSummarizer(
        make_provider(config(SUMMARY_MODEL)),
        main=make_provider(config(MAIN_MODEL)),
        abort_on_failure=abort_on_failure,
        window_tokens=window_tokens,
        model=SUMMARY_MODEL,
    )
    _OPEN.append(summarizer)
    return summarizer


_OPEN: list[LLMSummarizer] = []


@pytest.fixture(autouse=True)
def _close_summarizers() -> Iterator[None]:
    """Every summarizer a test made is closed (their HTTP clients hold sockets)."""
    yield
    while _OPEN:
        _OPEN.pop().close()


_NEXT_TURN: list[Message] = [
    {"role": "user", "content": "Now run the whole admin test suite."},
    {"role": "assistant", "content": "Running it."},
]
ENGINE_KEY = b"k" * 32  # one key: artifact ids (cited in checkpoints) comparable across engines


def _engine(summarizer: LLMSummarizer | None = None) -> ContextCompressor:
    return ContextCompressor(
        model="gpt-4o", context_window=32_000, summarizer=summarizer, key=ENGINE_KEY
    )


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _all_text(result: CompressionResult) -> str:
    return "\n".join(message_text(m) for m in result.messages)


# --------------------------------------------------------------------------- pure parts


def test_merge_drops_thinking_and_ledger_sections_and_flags_an_invented_task() -> None:
    request = SummaryRequest(
        span=[{"role": "user", "content": "Fix the duplicate joins in admin search."}],
        ledger_text=json.dumps(
            {
                "active_task": "Fix the duplicate joins in admin search.",
                "identifiers": [
                    {"kind": "path", "value": "django/contrib/admin/options.py"},
                    {"kind": "test", "value": "admin_changelist.tests.ChangeListTests"},
                ],
            }
        ),
    )
    merged = merge_answer(GOOD_ANSWER, request)
    assert merged.thinking_removed
    assert "Active Task" in merged.dropped_sections
    assert "Critical Identifiers" in merged.dropped_sections
    assert merged.invented_task  # "Rewrite the whole project in Rust" was never said
    assert "Rust" not in merged.prose
    assert "think" not in merged.prose.lower()
    assert merged.sections["Key Decisions"] == [
        "Chose to split search terms once, outside the loop."
    ]
    # The model never named the test: the ledger sections re-insert it.
    assert merged.missing_identifiers == ("admin_changelist.tests.ChangeListTests",)


def test_merge_keeps_a_grounded_task_claim_and_removes_an_invented_one() -> None:
    request = SummaryRequest(
        span=[{"role": "user", "content": "please add a --dry-run flag to deploy.sh"}],
        ledger_text="{}",
    )
    answer = (
        "## Goal\n"
        '- The user asked "please add a --dry-run flag to deploy.sh".\n'
        '- The user asked "delete the production database tonight".\n'
    )
    merged = merge_answer(answer, request)
    assert merged.removed_claims == 1
    assert merged.sections["Goal"] == ['The user asked "please add a --dry-run flag to deploy.sh".']


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("<think>only thinking, never closed", "empty"),
        ("   \n\t", "empty"),
        ("Error: upstream connect error or disconnect/reset before headers", "malformed"),
        ('{"error": {"message": "Internal server error"}}', "malformed"),
        ("## Goal\n- none\n## Open Work\n- n/a\n", "empty"),
        ("<Scratchpad>notes</scratchpad>\n<REASONING>more, never closed", "empty"),
    ],
)
def test_merge_refuses_answers_a_checkpoint_must_not_contain(answer: str, kind: str) -> None:
    with pytest.raises(UnusableAnswer) as caught:
        merge_answer(answer, SummaryRequest(span=[], ledger_text="{}"))
    assert caught.value.kind == kind


def test_merge_redacts_secrets_the_model_repeats() -> None:
    answer = f"## Active State\n- Uploaded with key {PLANTED_SECRET}.\n"
    merged = merge_answer(answer, SummaryRequest(span=[], ledger_text="{}"))
    assert PLANTED_SECRET not in merged.prose
    assert merged.redactions == 1


def test_prompt_carries_language_budget_previous_checkpoint_and_focus() -> None:
    span: list[Message] = [
        {"role": "user", "content": "请把预算控制在五百美元以内，并修复登录页面的错误。"},  # noqa: RUF001
        {"role": "assistant", "content": "好的。"},
    ]
    request = SummaryRequest(
        span=span,
        ledger_text="{}",
        previous_checkpoint="## Goal\n- Fix the login page.",
        focus="login page errors",
        token_budget=3_000,
    )
    prompt = build_prompt(request, limits=InputLimits(), today="2026-11-30")
    assert detect_language(span) == "Chinese"
    assert "Write in Chinese" in prompt.system
    assert prompt.max_tokens == answer_budget(3_000) == 1_500
    assert "Update it rather than summarising it again" in prompt.user
    assert "## Goal\n- Fix the login page." in prompt.user
    assert "login page errors" in prompt.user
    assert "past tense" in prompt.system
    assert "2026-11-30" in prompt.system


def test_prompt_input_is_lowered_to_fit_a_small_summary_window(
    transcript: list[Message],
) -> None:
    request = SummaryRequest(span=transcript, ledger_text="{}", token_budget=2_000)
    roomy = build_prompt(request, limits=InputLimits(), window_tokens=None)
    small = build_prompt(request, limits=InputLimits(), window_tokens=8_192)
    assert roomy.input_note is None
    assert small.input_note is not None
    assert "8,192-token window" in small.input_note
    assert len(small.user) < len(roomy.user)
    assert small.prepared.cut_total


# --------------------------------------------------------------------------- through HTTP


def test_a_good_answer_becomes_a_hybrid_checkpoint(transcript: list[Message]) -> None:
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        engine = _engine(_summarizer(server))
        result = engine.compress(transcript, force=True)
        deterministic = _engine().compress(transcript, force=True)
    assert result.compacted
    assert result.summarizer_path == "llm"
    request = server.requests[0]
    assert request["model"] == SUMMARY_MODEL
    stage = next(s for s in result.stages if s.name == "checkpoint")
    assert request["max_tokens"] == answer_budget(int(stage.details["budget"]))
    sent = json.dumps(request)
    assert PLANTED_SECRET not in sent
    assert "[redacted" in sent
    checkpoint = result.checkpoint or ""
    sections = parse_sections(checkpoint)
    assert "Chose to split search terms once, outside the loop." in sections["Key Decisions"]
    assert "Rust" not in checkpoint
    assert "<think>" not in checkpoint
    # Ledger sections stay authoritative: every item the deterministic checkpoint required
    # for files and the active task is in the hybrid one too.
    expected = parse_sections(deterministic.checkpoint or "")
    for title in ("Active Task", "Relevant Files", "Constraints & Preferences"):
        wanted = expected.get(title, [])
        assert sections.get(title, [])[: len(wanted)] == wanted
    # The model's prose never pushes out an identifier the ledger alone would have carried.
    assert set(expected["Critical Identifiers"]) <= set(sections["Critical Identifiers"])
    assert len(expected["Critical Identifiers"]) > 5
    assert transcript == _transcript()  # the caller's list is untouched


def test_failure_kinds_the_model_causes_retry_on_the_main_model(
    transcript: list[Message],
) -> None:
    with ScriptedServer("404", by_model={MAIN_MODEL: "ok"}, ok_text=GOOD_ANSWER) as server:
        result = _engine(_summarizer(server)).compress(transcript, force=True)
    assert [r["model"] for r in server.requests] == [SUMMARY_MODEL, MAIN_MODEL]
    assert result.compacted
    assert result.summarizer_path == "retry-on-main"
    assert "Chose to split search terms once" in (result.checkpoint or "")


FALLBACKS: list[Behaviour] = [
    "400",
    "404",
    "500",
    "429_rate",
    "malformed_json",
    "empty_choices",
    "content_null",
    "whitespace",
]
ABORTS: list[tuple[Behaviour, str]] = [
    ("401", "auth"),
    ("403", "auth"),
    ("402", "quota"),
    ("400_quota", "quota"),
    ("403_billing", "quota"),
    ("429_quota", "quota"),
    ("drop", "network"),
    ("slow", "timeout"),
]
ERROR_WORDS = (
    "Internal server error",
    "does not exist",
    "Rate limit",
    "quota",
    "Invalid 'messages",
    KEY,
)


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
@pytest.mark.parametrize("behaviour", FALLBACKS)
def test_model_side_failures_fall_back_to_the_deterministic_checkpoint(
    transcript: list[Message], behaviour: Behaviour, provider: str
) -> None:
    with ScriptedServer(behaviour) as server:
        result = _engine(_summarizer(server, provider=provider)).compress(transcript, force=True)
    assert len(server.requests) == 2  # the summary model, then one retry on the main model
    assert result.compacted
    assert result.summarizer_path == "fallback"
    assert not any(word in _all_text(result) for word in ERROR_WORDS)
    deterministic = _engine().compress(transcript, force=True)
    assert parse_sections(result.checkpoint or "") == parse_sections(deterministic.checkpoint or "")


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
@pytest.mark.parametrize(("behaviour", "kind"), ABORTS)
def test_account_and_network_failures_abort_with_the_transcript_unchanged(
    transcript: list[Message], behaviour: Behaviour, kind: str, provider: str
) -> None:
    with ScriptedServer(behaviour, slow_seconds=3.0) as server:
        engine = _engine(_summarizer(server, provider=provider, timeout=0.5))
        result = engine.compress(transcript, force=True)
    assert len(server.requests) == 1  # no retry: it cannot help
    assert result.aborted
    assert not result.compacted
    assert result.messages == transcript
    assert kind in result.reason
    assert KEY not in result.reason
    assert engine.compactions == 0


def test_auth_failure_freezes_until_force_or_a_new_configuration(
    transcript: list[Message],
) -> None:
    with ScriptedServer("401") as server:
        engine = _engine(_summarizer(server))
        engine.compress(transcript, force=True)
        decision = engine.decide(10**6)
        assert not decision.compress
        assert decision.reason.startswith("frozen")
        state = engine.export_state()
    # A restarted process with the same configuration stays frozen...
    with ScriptedServer("401") as server:
        same = _engine(_summarizer(server))
        same.restore_state(state)
        assert not same.decide(10**6).compress
    # ...a new key (another configuration) resumes, and so does a forced compaction that works.
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        reconfigured = LLMSummarizer(
            make_provider(
                ProviderConfig(
                    "openai", SUMMARY_MODEL, base_url=server.openai_url, api_key="sk-new-key"
                )
            ),
            fingerprint="another-configuration",
        )
        _OPEN.append(reconfigured)
        fixed = ContextCompressor(model="gpt-4o", context_window=32_000, summarizer=reconfigured)
        fixed.restore_state(state)
        assert fixed.decide(10**6).compress
        frozen = _engine(_summarizer(server))
        frozen.restore_state(state)
        assert frozen.compress(transcript, force=True).compacted
        assert frozen.frozen_reason is None
        assert frozen.decide(10**6).compress


def test_network_failures_cool_down_along_the_ladder(transcript: list[Message]) -> None:
    clock = FakeClock()
    with ScriptedServer("drop") as server:
        engine = _engine(_summarizer(server))
        engine.clock = clock
        waits = []
        for _ in range(4):
            assert engine.compress(transcript, force=True).aborted
            waits.append(engine.cooldown_until - clock.now if engine.cooldown_until else 0)
            decision = engine.decide(10**6)
            assert not decision.compress
            assert decision.reason.startswith("cooling down")
            clock.now = (engine.cooldown_until or clock.now) + 1
            assert engine.decide(10**6).compress  # the cooldown has passed
    assert waits == [*COOLDOWN_LADDER, COOLDOWN_LADDER[-1]]


def test_abort_on_failure_turns_a_fallback_into_an_abort(transcript: list[Message]) -> None:
    with ScriptedServer("500") as server:
        result = _engine(_summarizer(server, abort_on_failure=True)).compress(
            transcript, force=True
        )
    assert len(server.requests) == 2
    assert result.aborted
    assert result.messages == transcript


def test_two_fallbacks_in_a_row_are_a_strike(transcript: list[Message]) -> None:
    with ScriptedServer("500") as server:
        engine = ContextCompressor(
            model="gpt-4o", context_window=16_000, summarizer=_summarizer(server)
        )
        first = engine.compress(transcript, force=True)
        assert first.summarizer_path == "fallback"
        assert engine.strikes == 0
        assert engine.fallbacks_in_row == 1
        extended = [*first.messages, *_NEXT_TURN]
        second = engine.compress(extended, force=True)
    assert second.summarizer_path == "fallback"
    assert engine.strikes == 1
    assert engine.fallbacks_in_row == 0


def test_async_shares_the_policy(transcript: list[Message]) -> None:
    with ScriptedServer("500", by_model={MAIN_MODEL: "ok"}, ok_text=GOOD_ANSWER) as server:
        engine = _engine(_summarizer(server))
        result = asyncio.run(engine.acompress(transcript, force=True))
    assert result.summarizer_path == "retry-on-main"
    with ScriptedServer("401") as server:
        aborted = asyncio.run(_engine(_summarizer(server)).acompress(transcript, force=True))
    assert aborted.aborted
    assert aborted.messages == transcript


def test_later_compactions_send_the_previous_checkpoint_to_update(
    transcript: list[Message],
) -> None:
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        # A smaller window, so that the second round has something between head and tail.
        engine = ContextCompressor(
            model="gpt-4o", context_window=16_000, summarizer=_summarizer(server)
        )
        first = engine.compress(transcript, force=True)
        extended = [*first.messages, *_NEXT_TURN]
        engine.compress(extended, force=True)
    second_prompt = server.requests[-1]["messages"][1]["content"]
    checkpoint = next(m for m in first.messages if is_summary(m))
    assert "<previous_checkpoint>" in second_prompt
    # What the model wrote the first time (its Goal item fitted the small budget) is sent back.
    assert "Make the admin search stop producing duplicate joins." in second_prompt
    assert message_text(checkpoint).splitlines()[0] in second_prompt
    # Once: inside <previous_checkpoint>, not again as a turn of the transcript.
    body, _ = redact_with_report(message_text(checkpoint).split("\n", 1)[1])
    assert len(body) > 1_000
    assert second_prompt.count(body) == 1
    assert second_prompt.index(body) < second_prompt.index("<transcript>")
    # Every message of the span keeps its block; only the checkpoint's is a pointer.
    transcript_part = second_prompt.split("<transcript>\n", 1)[1]
    blocks = re.split(r"\n\n(?=\[\d+\] [A-Z])", transcript_part.split("\n</transcript>")[0])
    count = int(re.findall(r"The (\d+) messages being compacted", second_prompt)[0])
    assert count >= 3
    assert [int(b[1 : b.index("]")]) for b in blocks] == list(range(count))
    notes = [b for b in blocks if b.endswith(f"\n{PREVIOUS_CHECKPOINT_NOTE}")]
    assert len(notes) == 1


def test_the_previous_checkpoint_is_quoted_once_and_nothing_else_is_left_out() -> None:
    current = "[packlight checkpoint]\n## Goal\n- Fix the login page, CURRENT-BODY."
    older = "[packlight checkpoint]\n## Goal\n- An older checkpoint, OLDER-BODY."
    span: list[Message] = [
        {"role": "user", "content": current, "_packlight": {"kind": "checkpoint"}},
        {"role": "assistant", "content": "Reading login.py."},
        {"role": "user", "content": older, "_packlight": {"kind": "checkpoint"}},
        {"role": "user", "content": "Also keep CURRENT-BODY in mind."},
    ]
    request = SummaryRequest(span=span, ledger_text="{}", previous_checkpoint=current)
    prompt = build_prompt(request, limits=InputLimits()).user
    assert prompt.count("Fix the login page, CURRENT-BODY.") == 1
    assert prompt.index("Fix the login page") < prompt.index("<transcript>")
    transcript_part = prompt.split("<transcript>", 1)[1]
    assert f"[0] USER\n{PREVIOUS_CHECKPOINT_NOTE}" in transcript_part
    # Positions are kept; a checkpoint that is not the one quoted stays, as do the others.
    for expected in ("[1] ASSISTANT\nReading login.py.", "OLDER-BODY", "[3] USER\nAlso keep"):
        assert expected in transcript_part
    assert request.span[0]["content"] == current  # the request is not changed


def test_inline_reasoning_never_reaches_the_summary_model(transcript: list[Message]) -> None:
    messages = copy.deepcopy(transcript)
    messages.insert(
        6,
        {
            "role": "assistant",
            "content": "<think>HIDDEN-ONE weigh the options</think>VISIBLE-ONE chose the loop."
            "\n<Scratchpad>HIDDEN-TWO</Scratchpad> VISIBLE-TWO <reasoning>HIDDEN-THREE",
        },
    )
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        result = _engine(_summarizer(server)).compress(messages, force=True)
    assert result.summarizer_path == "llm"
    sent = json.dumps(server.requests[0])
    assert "HIDDEN" not in sent
    assert "VISIBLE-ONE chose the loop." in sent
    assert "VISIBLE-TWO" in sent


@pytest.mark.parametrize("base_url", [None, "http://api.example.test/v1"])
def test_a_missing_key_freezes_without_a_request(
    transcript: list[Message], monkeypatch: pytest.MonkeyPatch, base_url: str | None
) -> None:
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        # Every plain-HTTP request goes through the scripted server, which counts it.
        for name in (
            *("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "http_proxy"),
            "OPENAI_BASE_URL",
        ):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("HTTP_PROXY", server.root_url)
        env = {"PACKLIGHT_SUMMARY_MODEL": SUMMARY_MODEL}
        if base_url:
            env["PACKLIGHT_SUMMARY_BASE_URL"] = base_url
        settings = load_settings({"model": "gpt-4o", "context.context_window": 32_000}, env=env)
        summarizer = summarizer_from_settings(settings, environ={})
        assert isinstance(summarizer, LLMSummarizer)
        _OPEN.append(summarizer)
        engine = ContextCompressor(settings=settings, summarizer=summarizer)
        result = engine.compress(transcript, force=True)
        decision = engine.decide(10**6)
    assert server.requests == []
    assert result.aborted
    assert result.messages == transcript
    assert engine.compactions == 0
    for needed in ("[auth]", "no API key", "PACKLIGHT_SUMMARY_API_KEY", "OPENAI_API_KEY"):
        assert needed in result.reason
    assert not decision.compress
    assert decision.reason.startswith("frozen")


# --------------------------------------------------------------------------- settings


def test_no_summary_model_means_the_deterministic_summarizer() -> None:
    settings = load_settings({}, env={})
    assert summarizer_from_settings(settings, environ={}).name == "deterministic"
    engine = ContextCompressor(settings=settings)
    result = engine.compress(_transcript(), force=True)
    assert result.summarizer_path == "deterministic"


def test_settings_build_the_llm_summarizer_with_keys_from_the_environment() -> None:
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        settings = load_settings(
            {"model": "gpt-4o", "context.context_window": 32_000},
            env={
                "PACKLIGHT_SUMMARY_MODEL": SUMMARY_MODEL,
                "PACKLIGHT_SUMMARY_BASE_URL": server.openai_url,
                "PACKLIGHT_SUMMARY_TEMPERATURE": "0",
            },
        )
        summarizer = summarizer_from_settings(settings, environ={"OPENAI_API_KEY": KEY})
        assert isinstance(summarizer, LLMSummarizer)
        _OPEN.append(summarizer)
        result = ContextCompressor(settings=settings, summarizer=summarizer).compress(
            _transcript(), force=True
        )
    assert result.summarizer_path == "llm"
    assert server.headers[0]["authorization"] == f"Bearer {KEY}"
    assert server.requests[0]["temperature"] == 0
    assert KEY not in repr(settings)
    assert KEY not in repr(summarizer.__dict__)


@pytest.fixture(autouse=True)
def _no_leftover_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("PACKLIGHT_SUMMARY_MODEL", "PACKLIGHT_SUMMARY_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return


def test_a_window_too_small_for_any_prompt_falls_back_without_a_call(
    transcript: list[Message],
) -> None:
    with ScriptedServer("ok", ok_text=GOOD_ANSWER) as server:
        tiny = _summarizer(server, window_tokens=600)
        result = _engine(tiny).compress(transcript, force=True)
        strict = _summarizer(server, window_tokens=600, abort_on_failure=True)
        aborted = _engine(strict).compress(transcript, force=True)
    assert server.requests == []
    assert result.compacted
    assert result.summarizer_path == "fallback"
    assert "600" in str(next(s for s in result.stages if s.name == "summarize").details["reason"])
    assert aborted.aborted
    assert aborted.messages == transcript
