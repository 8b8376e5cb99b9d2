from __future__ import annotations

import logging

import pytest

from packlight.models import DEFAULT_MODEL_INFO, ModelOverride, ModelRegistry, normalise_model_name


@pytest.mark.parametrize(
    ("name", "window", "tokenizer"),
    [
        ("gpt-4o", 128_000, "o200k_base"),
        ("gpt-4o-mini-2024-07-18", 128_000, "o200k_base"),
        ("openai/gpt-4.1", 1_047_576, "o200k_base"),
        ("gpt-4", 8_192, "cl100k_base"),
        ("gpt-3.5-turbo-0125", 16_385, "cl100k_base"),
        ("gpt-5", 400_000, "o200k_base"),
        ("o3-mini", 200_000, "o200k_base"),
        ("claude-sonnet-4-5-20250929", 200_000, None),
        ("anthropic/claude-3-5-haiku-latest", 200_000, None),
        ("us.anthropic.claude-3-7-sonnet-20250219-v1:0", 200_000, None),
        ("gemini-2.5-pro", 1_048_576, None),
        ("models/gemini-2.0-flash", 1_048_576, None),
        ("meta-llama/Llama-3.1-8B-Instruct", 131_072, "llama3"),
        ("llama3.1:8b", 131_072, "llama3"),
        ("Qwen/Qwen3-32B", 131_072, "qwen3"),
        ("qwen2.5-coder:7b", 131_072, "qwen3"),
        ("deepseek-chat", 128_000, None),
        ("mistral-large-latest", 131_072, None),
        ("open-mistral-nemo", 131_072, None),
    ],
)
def test_common_models_are_known(name: str, window: int, tokenizer: str | None) -> None:
    info = ModelRegistry().lookup(name)
    assert info.known
    assert info.context_window == window
    assert info.tokenizer == tokenizer
    assert info.name == name


def test_longest_pattern_wins() -> None:
    registry = ModelRegistry()
    assert registry.lookup("o1-mini").context_window == 128_000
    assert registry.lookup("o1").context_window == 200_000
    assert registry.lookup("claude-opus-4-5").max_output == 64_000
    assert registry.lookup("claude-opus-4-1").max_output == 32_000


def test_unknown_model_falls_back_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    registry = ModelRegistry()
    with caplog.at_level(logging.WARNING, logger="packlight.models"):
        first = registry.lookup("my-private-model-7b")
        registry.lookup("my-private-model-7b")
    assert not first.known
    assert first.context_window == DEFAULT_MODEL_INFO.context_window
    warnings = [r for r in caplog.records if "my-private-model-7b" in r.getMessage()]
    assert len(warnings) == 1


def test_override_beats_builtin_and_names_unknown_models() -> None:
    registry = ModelRegistry(
        {
            "gpt-4o*": ModelOverride(context_window=64_000),
            "my-local-*": ModelOverride(context_window=32_768, max_output=2_048),
        }
    )
    gpt = registry.lookup("gpt-4o")
    assert gpt.context_window == 64_000
    assert gpt.max_output == 16_384  # untouched fields keep the built-in value
    local = registry.lookup("my-local-llm")
    assert (local.context_window, local.max_output, local.known) == (32_768, 2_048, True)


def test_normalisation() -> None:
    assert normalise_model_name("OpenRouter/Anthropic/Claude-3-Opus") == "claude-3-opus"
    assert normalise_model_name("llama3.1:70b") == "llama3.1"
