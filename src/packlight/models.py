"""What packlight knows about models: context window, maximum output, tokenizer.

Models are matched by pattern against a normalised name (lower case, provider prefixes such
as ``openai/``, ``anthropic.``, ``models/`` and Ollama-style ``:tag`` suffixes removed), the
longest matching pattern winning. Configured overrides (``models:`` in the config file) are
matched first. An unknown model falls back to :data:`DEFAULT_MODEL_INFO` (128,000-token window,
8,192-token output) with one warning per name.

The numbers are the providers' published limits as of late 2026; a provider that serves a
model with a smaller window (many hosts cap open models) is described with an override.
"""

from __future__ import annotations

import fnmatch
import functools
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from packlight.errors import ConfigError

logger = logging.getLogger("packlight.models")


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """The limits of one model. ``tokenizer`` names an offline exact encoding, or ``None``."""

    name: str
    context_window: int
    max_output: int
    tokenizer: str | None = None
    threshold_fraction: float | None = None
    """A per-model compaction threshold fraction, overriding the global one when set."""
    known: bool = True
    """False when the model matched nothing and the defaults were used."""

    def __post_init__(self) -> None:
        if self.context_window <= 0:
            raise ConfigError(
                f"models.{self.name}.context_window", self.context_window, "a positive integer"
            )
        if self.max_output < 0:
            raise ConfigError(
                f"models.{self.name}.max_output", self.max_output, "zero or a positive integer"
            )
        if self.threshold_fraction is not None and not 0 < self.threshold_fraction < 1:
            raise ConfigError(
                f"models.{self.name}.threshold_fraction",
                self.threshold_fraction,
                "a number between 0 and 1 (exclusive)",
            )


@dataclass(frozen=True, slots=True)
class _Entry:
    pattern: str
    context_window: int
    max_output: int
    tokenizer: str | None = None


O200K = "o200k_base"
CL100K = "cl100k_base"
LLAMA3 = "llama3"
QWEN = "qwen3"

# Patterns are fnmatch globs over the normalised name; the longest pattern that matches wins,
# so "gpt-4o-mini*" beats "gpt-4o*" and "gpt-4*".
_BUILTIN: tuple[_Entry, ...] = (
    # OpenAI
    _Entry("gpt-5*", 400_000, 128_000, O200K),
    _Entry("gpt-5*-chat*", 128_000, 16_384, O200K),
    _Entry("gpt-4.1*", 1_047_576, 32_768, O200K),
    _Entry("gpt-4o*", 128_000, 16_384, O200K),
    _Entry("chatgpt-4o*", 128_000, 16_384, O200K),
    _Entry("gpt-4-turbo*", 128_000, 4_096, CL100K),
    _Entry("gpt-4", 8_192, 8_192, CL100K),
    _Entry("gpt-4-0*", 8_192, 8_192, CL100K),
    _Entry("gpt-4-32k*", 32_768, 8_192, CL100K),
    _Entry("gpt-3.5-turbo*", 16_385, 4_096, CL100K),
    _Entry("o1*", 200_000, 100_000, O200K),
    _Entry("o1-mini*", 128_000, 65_536, O200K),
    _Entry("o3*", 200_000, 100_000, O200K),
    _Entry("o4-mini*", 200_000, 100_000, O200K),
    _Entry("gpt-oss*", 131_072, 32_768, "o200k_harmony"),
    _Entry("codex-mini*", 200_000, 100_000, O200K),
    # Anthropic
    _Entry("claude-opus-4*", 200_000, 32_000),
    _Entry("claude-opus-4-5*", 200_000, 64_000),
    _Entry("claude-sonnet-4*", 200_000, 64_000),
    _Entry("claude-haiku-4*", 200_000, 64_000),
    _Entry("claude-3-7-sonnet*", 200_000, 64_000),
    _Entry("claude-3-5-sonnet*", 200_000, 8_192),
    _Entry("claude-3-5-haiku*", 200_000, 8_192),
    _Entry("claude-3-opus*", 200_000, 4_096),
    _Entry("claude-3-haiku*", 200_000, 4_096),
    _Entry("claude*", 200_000, 8_192),
    # Google
    _Entry("gemini-3*", 1_048_576, 65_536),
    _Entry("gemini-2.5*", 1_048_576, 65_536),
    _Entry("gemini-2.0*", 1_048_576, 8_192),
    _Entry("gemini-1.5-pro*", 2_097_152, 8_192),
    _Entry("gemini-1.5-flash*", 1_048_576, 8_192),
    _Entry("gemma-3*", 131_072, 8_192),
    _Entry("gemma3*", 131_072, 8_192),
    # Meta Llama
    _Entry("llama-3.1*", 131_072, 8_192, LLAMA3),
    _Entry("llama-3.2*", 131_072, 8_192, LLAMA3),
    _Entry("llama-3.3*", 131_072, 8_192, LLAMA3),
    _Entry("llama3.1*", 131_072, 8_192, LLAMA3),
    _Entry("llama3.2*", 131_072, 8_192, LLAMA3),
    _Entry("llama3.3*", 131_072, 8_192, LLAMA3),
    _Entry("meta-llama-3.1*", 131_072, 8_192, LLAMA3),
    _Entry("llama-3-*", 8_192, 8_192, LLAMA3),
    _Entry("llama3", 8_192, 8_192, LLAMA3),
    _Entry("llama-4*", 1_048_576, 16_384),
    # Qwen
    _Entry("qwen3-coder*", 262_144, 65_536, QWEN),
    _Entry("qwen3*", 131_072, 32_768, QWEN),
    _Entry("qwen2.5*", 131_072, 8_192, QWEN),
    _Entry("qwq*", 131_072, 32_768, QWEN),
    # DeepSeek
    _Entry("deepseek-chat*", 128_000, 8_192),
    _Entry("deepseek-reasoner*", 128_000, 65_536),
    _Entry("deepseek-v3*", 131_072, 8_192),
    _Entry("deepseek-r1*", 131_072, 32_768),
    _Entry("deepseek-coder*", 128_000, 8_192),
    # Mistral
    _Entry("mistral-large*", 131_072, 8_192),
    _Entry("mistral-medium*", 131_072, 8_192),
    _Entry("mistral-small*", 131_072, 8_192),
    _Entry("magistral*", 40_960, 40_000),
    _Entry("codestral*", 262_144, 8_192),
    _Entry("devstral*", 131_072, 8_192),
    _Entry("ministral*", 131_072, 8_192),
    _Entry("*mistral-nemo*", 131_072, 8_192),
    _Entry("mixtral-8x7b*", 32_768, 8_192),
    _Entry("mixtral-8x22b*", 65_536, 8_192),
)

DEFAULT_MODEL_INFO = ModelInfo(
    name="unknown", context_window=128_000, max_output=8_192, tokenizer=None, known=False
)
"""What an unknown model is assumed to have: a conservative window most current models exceed."""

_PREFIX = re.compile(
    r"^(?:openai|anthropic|google|vertex_ai|gemini|bedrock|azure|openrouter|together_ai|"
    r"groq|fireworks_ai|ollama|ollama_chat|meta-llama|mistralai|qwen|deepseek-ai|models)[/.]",
)
_BEDROCK_REGION = re.compile(r"^(?:us|eu|apac|global)\.")
_VERSION_SUFFIX = re.compile(r"-v\d+(?::\d+)?$")


def normalise_model_name(name: str) -> str:
    """Lower-case a model name and drop provider routing prefixes and Ollama tags."""
    result = name.strip().lower()
    result = _BEDROCK_REGION.sub("", result)
    while True:
        stripped = _PREFIX.sub("", result)
        if stripped == result:
            break
        result = stripped
    result = result.rsplit("/", 1)[-1]
    if ":" in result and not result.startswith("ft:"):
        result = result.split(":", 1)[0]
    return _VERSION_SUFFIX.sub("", result)


@dataclass(frozen=True, slots=True)
class ModelOverride:
    """A configured entry under ``models:``; any field left ``None`` keeps the built-in value."""

    context_window: int | None = None
    max_output: int | None = None
    tokenizer: str | None = None
    threshold_fraction: float | None = None


_WARNED: set[str] = set()
"""Unknown model names already warned about: once per process, however many registries
(settings build one per lookup) and sessions ask."""


class ModelRegistry:
    """Looks models up in configured overrides first, then in the built-in table."""

    def __init__(self, overrides: Mapping[str, ModelOverride] | None = None) -> None:
        self._overrides = dict(overrides or {})

    def lookup(self, model: str | None, *, warn: bool = True) -> ModelInfo:
        """The limits of ``model``; unknown or missing names get the defaults (warned once per
        process, unless ``warn`` is false: the caller knows the window another way)."""
        if not model:
            return DEFAULT_MODEL_INFO
        normalised = normalise_model_name(model)
        base = self._builtin(normalised)
        override = self._override(model, normalised)
        if base is None and override is None:
            if warn and normalised not in _WARNED:
                _WARNED.add(normalised)
                logger.warning(
                    "unknown model %r: assuming a %d-token window and %d-token output; "
                    "set models.<name>.context_window in the config to say otherwise",
                    model,
                    DEFAULT_MODEL_INFO.context_window,
                    DEFAULT_MODEL_INFO.max_output,
                )
            return replace(DEFAULT_MODEL_INFO, name=model)
        info = base or replace(DEFAULT_MODEL_INFO, known=True)
        info = replace(info, name=model)
        if override is not None:
            info = replace(
                info,
                context_window=override.context_window or info.context_window,
                max_output=(
                    override.max_output if override.max_output is not None else info.max_output
                ),
                tokenizer=override.tokenizer or info.tokenizer,
                threshold_fraction=override.threshold_fraction or info.threshold_fraction,
                known=True,
            )
        return info

    def _override(self, model: str, normalised: str) -> ModelOverride | None:
        if model in self._overrides:
            return self._overrides[model]
        matches = [
            pattern
            for pattern in self._overrides
            if fnmatch.fnmatchcase(normalised, pattern.lower())
            or fnmatch.fnmatchcase(model.lower(), pattern.lower())
        ]
        return self._overrides[max(matches, key=len)] if matches else None

    @staticmethod
    @functools.lru_cache(maxsize=1024)
    def _builtin(normalised: str) -> ModelInfo | None:
        # Memoised: the table is fixed and every session and engine looks its model up.
        matches = [e for e in _BUILTIN if fnmatch.fnmatchcase(normalised, e.pattern)]
        if not matches:
            return None
        entry = max(matches, key=lambda e: len(e.pattern))
        return ModelInfo(
            name=normalised,
            context_window=entry.context_window,
            max_output=entry.max_output,
            tokenizer=entry.tokenizer,
        )


def builtin_patterns() -> Iterable[str]:
    """The patterns of the built-in table (for docs and ``--help``)."""
    return (entry.pattern for entry in _BUILTIN)
