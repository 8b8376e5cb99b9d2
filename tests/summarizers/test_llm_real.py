"""Real compactions of a real trajectory through a real model server (SmolLM2-135M on llama.cpp).

The small model writes poor prose; these tests check what packlight guarantees around it:
the request that crossed the wire was redacted and carried ``max_tokens``, the usage came
from the real response, and the merge rules held (ledger sections authoritative, identifiers
kept, no thinking, no secret, the caller's list untouched, the checkpoint within its budget).
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Iterator
from importlib import resources

import pytest

from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.engine import ContextCompressor
from packlight.engine import CompressionResult, StageReport
from packlight.messages import Message, is_summary, message_text
from packlight.sessionfile import read_session
from packlight.summarizers.llm import LLMSummarizer, answer_budget
from packlight.summarizers.providers import OpenAIProvider, ProviderConfig
from tests.summarizers.llama_server import LlamaServer
from tests.summarizers.recording_proxy import RecordingProxy

pytestmark = [pytest.mark.llm_server, pytest.mark.slow]

SECRET = "sk-proj-REALserverPLANTED0123456789abcdefghij"
MAX_ANSWER = 192  # SmolLM2 on one CPU thread writes ~30 tokens/s: keep each test short
# Declared smaller than the server's real 8,192 tokens: the pre-call window check then lowers
# the input cap, and each call reads ~2K tokens of prompt instead of ~7K (one CPU thread).
SUMMARY_WINDOW = 2_600
KEY = b"r" * 32


def _transcript() -> list[Message]:
    example = resources.files("packlight") / "examples" / "django__django-15022.json"
    with resources.as_file(example) as path:
        messages = copy.deepcopy(read_session(path).messages)
    messages.insert(
        4, {"role": "user", "content": f"The deploy key is OPENAI_API_KEY={SECRET}, keep it."}
    )
    messages.insert(5, {"role": "assistant", "content": "Understood."})
    return messages


@pytest.fixture
def proxy(llama_server: LlamaServer) -> Iterator[RecordingProxy]:
    with RecordingProxy(llama_server.base_url) as recording:
        yield recording


def _summarizer(proxy: RecordingProxy, server: LlamaServer) -> LLMSummarizer:
    # Greedy decoding: the server samples at 0.8 with a random seed otherwise, and a
    # 135M model then now and then answers with nothing usable (a retry, not a summary).
    config = ProviderConfig(
        "openai", server.model, base_url=proxy.base_url, timeout=600, temperature=0.0
    )
    return LLMSummarizer(
        OpenAIProvider(config),
        window_tokens=SUMMARY_WINDOW,
        model=server.model,
        max_answer_tokens=MAX_ANSWER,
    )


def _engine(summarizer: LLMSummarizer | None, window: int = 32_000) -> ContextCompressor:
    return ContextCompressor(model="gpt-4o", context_window=window, summarizer=summarizer, key=KEY)


def _stage(result: CompressionResult, name: str) -> StageReport:
    return next(stage for stage in result.stages if stage.name == name)


def _check_merge_rules(result: CompressionResult, deterministic: CompressionResult) -> None:
    checkpoint = result.checkpoint or ""
    sections = parse_sections(checkpoint)
    expected = parse_sections(deterministic.checkpoint or "")
    for title in ("Active Task", "Constraints & Preferences"):
        wanted = expected.get(title, [])  # an empty section is not written
        assert sections.get(title, [])[: len(wanted)] == wanted, title
    # Modified and created files are always written; files only read may yield to prose.
    changed = [i for i in expected["Relevant Files"] if not i.startswith("read: ")]
    assert changed
    assert sections["Relevant Files"][: len(changed)] == changed
    assert set(expected["Critical Identifiers"]) <= set(sections["Critical Identifiers"])
    assert "<think>" not in checkpoint
    # What the model wrote never carries the secret (the ledger quotes the user, who wrote it).
    model_items = [
        item
        for title, items in sections.items()
        for item in items
        if item not in expected.get(title, [])
    ]
    assert SECRET not in "\n".join(model_items)
    budget = int(_stage(result, "checkpoint").details["budget"])
    # The frame and headings are counted with a small margin; the items never exceed it.
    assert result.checkpoint_tokens <= budget * 1.1 + 50


def test_real_compaction_through_the_local_model(
    llama_server: LlamaServer, proxy: RecordingProxy
) -> None:
    transcript = _transcript()
    with _summarizer(proxy, llama_server) as summarizer:
        result = _engine(summarizer).compress(transcript, force=True)
    deterministic = _engine(None).compress(transcript, force=True)

    assert result.compacted, result.reason
    assert result.summarizer_path == "llm", result.reason
    summarize = _stage(result, "summarize").details
    # The request that crossed the wire: redacted, capped to the model's window, max_tokens.
    (request,) = proxy.requests
    assert request["temperature"] == 0
    sent = json.dumps(request)
    assert SECRET not in sent
    assert "[secret: " in sent
    budget = int(_stage(result, "checkpoint").details["budget"])
    assert request["max_tokens"] == answer_budget(budget, MAX_ANSWER)
    assert f"to fit a {SUMMARY_WINDOW:,}-token window" in str(summarize["input_note"])
    assert summarize["input_cut_total"]
    # Usage read from the real response, not estimated.
    (response,) = proxy.responses
    assert summarize["input_tokens"] == response["usage"]["prompt_tokens"] > 500
    assert summarize["input_tokens"] + MAX_ANSWER <= SUMMARY_WINDOW
    assert summarize["output_tokens"] == response["usage"]["completion_tokens"] <= MAX_ANSWER
    assert summarize["tokens_used"] == response["usage"]["total_tokens"]
    _check_merge_rules(result, deterministic)
    assert result.after_tokens < result.before_tokens
    assert transcript == _transcript()


def test_real_async_compaction_and_previous_checkpoint_update(
    llama_server: LlamaServer, proxy: RecordingProxy
) -> None:
    transcript = _transcript()
    with _summarizer(proxy, llama_server) as summarizer:
        engine = _engine(summarizer, window=16_000)
        first = asyncio.run(engine.acompress(transcript, force=True))
        extended = [
            *first.messages,
            {"role": "user", "content": "Now run the admin_changelist tests again."},
            {"role": "assistant", "content": "Running them."},
        ]
        second = asyncio.run(engine.acompress(extended, force=True))
    deterministic = _engine(None, window=16_000).compress(transcript, force=True)

    assert first.summarizer_path == "llm", first.reason
    assert second.compacted, second.reason
    assert second.summarizer_path == "llm", second.reason
    _check_merge_rules(first, deterministic)
    previous = next(m for m in first.messages if is_summary(m))
    prompt = proxy.requests[-1]["messages"][1]["content"]
    assert "<previous_checkpoint>" in prompt
    assert message_text(previous).splitlines()[0] in prompt
    assert len([m for m in second.messages if is_summary(m)]) == 1
