from __future__ import annotations

from pathlib import Path

import pytest

from packlight.config import load_settings
from packlight.errors import ConfigError

NO_ENV: dict[str, str] = {}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "packlight.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults(tmp_path: Path) -> None:
    settings = load_settings(env=NO_ENV, cwd=tmp_path)
    assert settings.model is None
    assert settings.context.threshold_fraction == 0.5
    assert settings.config_file is None or settings.config_file.name == "config.yaml"


def test_precedence_constructor_over_env_over_file_over_default(tmp_path: Path) -> None:
    config = write(
        tmp_path,
        "model: from-file\ncontext:\n  threshold_fraction: 0.6\n  tail_ratio: 0.3\n"
        "  floor_tokens: 1000\n",
    )
    env = {"PACKLIGHT_MODEL": "from-env", "PACKLIGHT_CONTEXT_THRESHOLD_FRACTION": "0.7"}
    settings = load_settings(
        {"context.threshold_fraction": 0.8, "model": None}, config_file=config, env=env
    )
    assert settings.context.threshold_fraction == 0.8  # constructor
    assert settings.model == "from-env"  # env beats file; None override falls through
    assert settings.context.tail_ratio == 0.3  # file beats default
    assert settings.context.floor_tokens == 1000
    assert settings.context.min_tail_messages == 3  # default
    assert settings.config_file == config


def test_file_is_found_in_cwd_and_through_env(tmp_path: Path) -> None:
    write(tmp_path, "model: gpt-4o\n")
    assert load_settings(env=NO_ENV, cwd=tmp_path).model == "gpt-4o"
    other = tmp_path / "elsewhere.yaml"
    other.write_text("model: claude-sonnet-4\n", encoding="utf-8")
    settings = load_settings(env={"PACKLIGHT_CONFIG": str(other)}, cwd=tmp_path)
    assert settings.model == "claude-sonnet-4"


@pytest.mark.parametrize(
    ("env", "key", "fragment"),
    [
        (
            {"PACKLIGHT_CONTEXT_THRESHOLD_FRACTION": "1.5"},
            "context.threshold_fraction",
            "between 0 and 1",
        ),
        (
            {"PACKLIGHT_CONTEXT_THRESHOLD_FRACTION": "half"},
            "context.threshold_fraction",
            "a number",
        ),
        ({"PACKLIGHT_CONTEXT_FLOOR_TOKENS": "12.5"}, "context.floor_tokens", "an integer"),
        ({"PACKLIGHT_TOKENS_COUNTER": "magic"}, "tokens.counter", "auto | exact | estimate"),
        ({"PACKLIGHT_CONTEXT_CONTEXT_WINDOW": "-5"}, "context.context_window", "positive"),
        ({"PACKLIGHT_SUMMARY_TEMPERATURE": "3"}, "summary.temperature", "from 0 to 2"),
        (
            {"PACKLIGHT_SUMMARY_PROVIDER": "anthropic", "PACKLIGHT_SUMMARY_TEMPERATURE": "0"},
            "summary.temperature",
            "anthropic",
        ),
    ],
)
def test_invalid_values_name_key_value_and_range(
    tmp_path: Path, env: dict[str, str], key: str, fragment: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(env=env, cwd=tmp_path)
    message = str(caught.value)
    assert key in message
    assert fragment in message
    assert caught.value.key == key


def test_unknown_key_in_file_suggests_the_right_one(tmp_path: Path) -> None:
    config = write(tmp_path, "context:\n  treshold_fraction: 0.5\n")
    with pytest.raises(ConfigError, match=r"did you mean 'context\.threshold_fraction'"):
        load_settings(config_file=config, env=NO_ENV)


def test_invalid_yaml_and_missing_file(tmp_path: Path) -> None:
    config = write(tmp_path, "context: [unclosed\n")
    with pytest.raises(ConfigError, match="valid YAML"):
        load_settings(config_file=config, env=NO_ENV)
    with pytest.raises(ConfigError, match="an existing YAML file"):
        load_settings(config_file=tmp_path / "missing.yaml", env=NO_ENV)


def test_model_overrides_and_budget(tmp_path: Path) -> None:
    config = write(
        tmp_path,
        "model: my-local-llm\nmodels:\n  my-local-*:\n    context_window: 32000\n"
        "    threshold_fraction: 0.6\n",
    )
    settings = load_settings(config_file=config, env=NO_ENV)
    info = settings.model_info()
    assert info.context_window == 32_000
    # 0.6 x 32,000 = 19,200 is under the 64K floor, which reaches the window: 85% fallback.
    assert settings.budget().threshold == 27_200
    bad = write(tmp_path, "models:\n  x:\n    context_window: lots\n")
    with pytest.raises(ConfigError, match=r"models\.x\.context_window"):
        load_settings(config_file=bad, env=NO_ENV)


def test_context_window_setting_overrides_the_registry(tmp_path: Path) -> None:
    settings = load_settings(
        {"model": "gpt-4o", "context.context_window": 32_000}, env=NO_ENV, cwd=tmp_path
    )
    assert settings.budget().threshold == 27_200
    assert settings.token_counter().name == "exact:o200k_base"
    estimate = load_settings({"tokens.counter": "estimate"}, env=NO_ENV, cwd=tmp_path)
    assert estimate.token_counter().name == "estimate"
