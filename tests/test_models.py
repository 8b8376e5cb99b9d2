from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from packlight import Session, models
from packlight.cli.main import cli
from packlight.compressor.engine import ContextCompressor
from packlight.config import ContextSettings, Settings, load_settings
from packlight.engine import create_engine
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


# --- an unknown model: warned about only when its default window is used, and once ----------

UNKNOWN = "acme-private-llm-9b"
EXAMPLE = Path(__file__).resolve().parents[1] / "src/packlight/examples/django__django-15022.json"


@pytest.fixture
def fresh_warnings(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> Callable[[], list[str]]:
    """Forget which models were warned about; returns a function giving the warnings so far."""
    monkeypatch.setattr(models, "_WARNED", set())
    caplog.set_level(logging.WARNING, logger="packlight")

    def unknown_model_warnings() -> list[str]:
        return [r.getMessage() for r in caplog.records if "unknown model" in r.getMessage()]

    return unknown_model_warnings


def messages() -> list[dict[str, Any]]:
    return json.loads(EXAMPLE.read_text("utf-8"))["messages"]


def use(engine: ContextCompressor) -> None:
    """What a host does with an engine: decide, compact, size it again."""
    engine.decide(50_000)
    engine.compress(messages(), force=True)
    engine.set_context_window(40_000, reserved_output=1_000)


@pytest.mark.parametrize(
    "build",
    [
        lambda: ContextCompressor(model=UNKNOWN, context_window=50_000),
        lambda: ContextCompressor(
            settings=Settings(model=UNKNOWN, context=ContextSettings(context_window=50_000))
        ),
        lambda: ContextCompressor(
            settings=Settings(context=ContextSettings(context_window=50_000)), model=UNKNOWN
        ),
        lambda: ContextCompressor(
            settings=load_settings({"context.context_window": 50_000}), model=UNKNOWN
        ),
        lambda: create_engine(model=UNKNOWN, context_window=50_000),
    ],
    ids=["arguments", "settings", "settings and model", "loaded settings and model", "factory"],
)
def test_an_explicit_window_means_no_warning(
    build: Callable[[], ContextCompressor],
    fresh_warnings: Callable[[], list[str]],
    recwarn: pytest.WarningsRecorder,
) -> None:
    engine = build()
    use(engine)
    assert fresh_warnings() == []
    assert not recwarn.list
    assert engine.budget.context_window == 40_000  # set_context_window's


def test_settings_given_with_a_model_keep_their_window_and_the_rest(
    fresh_warnings: Callable[[], list[str]],
) -> None:
    settings = Settings(context=ContextSettings(context_window=50_000, threshold_fraction=0.7))
    engine = ContextCompressor(settings=settings, model=UNKNOWN)
    assert engine.model == UNKNOWN
    assert engine.settings.model == UNKNOWN
    assert engine.budget.context_window == 50_000
    assert engine.settings.context.threshold_fraction == 0.7
    assert ContextCompressor(settings=settings, context_window=60_000).budget.context_window == (
        60_000  # an argument still beats the settings
    )
    assert fresh_warnings() == []


def test_an_explicit_window_in_a_session_means_no_warning(
    fresh_warnings: Callable[[], list[str]],
) -> None:
    session = Session(model=UNKNOWN, context_window=50_000)
    prepared = session.prepare(messages())
    assert prepared.messages
    assert fresh_warnings() == []


def test_an_explicit_window_on_the_command_line_means_no_warning(
    fresh_warnings: Callable[[], list[str]], tmp_path: Path
) -> None:
    runner = CliRunner()
    for command in (
        ["inspect", str(EXAMPLE), "--model", UNKNOWN, "--context-window", "50000", "--json"],
        [
            "compress",
            str(EXAMPLE),
            "--model",
            UNKNOWN,
            "--context-window",
            "20000",
            "-o",
            str(tmp_path / "out.json"),
        ],
    ):
        outcome = runner.invoke(cli, command, catch_exceptions=False)
        assert outcome.exit_code == 0, outcome.output
        assert "unknown model" not in outcome.output
    assert fresh_warnings() == []


def test_without_a_window_an_unknown_model_is_warned_about_once(
    fresh_warnings: Callable[[], list[str]], recwarn: pytest.WarningsRecorder
) -> None:
    for _ in range(2):
        engine = ContextCompressor(model=UNKNOWN)
        use(engine)
    Session(model=UNKNOWN).prepare(messages())
    load_settings({"model": UNKNOWN}).token_counter()
    warned = fresh_warnings()
    assert len(warned) == 1
    assert UNKNOWN in warned[0]
    assert not recwarn.list
