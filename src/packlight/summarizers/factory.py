"""The summarizer the settings ask for (``summary.*``, ``PACKLIGHT_SUMMARY_*``, CLI options).

``summary.summarizer: auto`` means the LLM summarizer when a summary model is configured,
else the deterministic one. The summary model defaults to the main model; the main model is
also the one retry after a model-side failure. Keys come from ``summary.api_key``
(``PACKLIGHT_SUMMARY_API_KEY``), else ``OPENAI_API_KEY`` / ``ANTHROPIC_API_KEY`` by provider.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from packlight.config import Settings
from packlight.errors import ConfigError
from packlight.summarizers.base import Summarizer
from packlight.summarizers.deterministic import DeterministicSummarizer

if TYPE_CHECKING:
    from packlight.summarizers.providers import ProviderConfig, ProviderName

_KEY_VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}


def wants_llm(settings: Settings) -> bool:
    """Whether the settings choose the LLM summarizer."""
    choice = settings.summary.summarizer
    return choice == "llm" or (choice == "auto" and bool(settings.summary.model))


def _fingerprint(config: ProviderConfig, main_model: str | None) -> str:
    """Identifies the configuration without revealing the key (only a hash of it)."""
    key_hash = hashlib.sha256((config.api_key or "").encode()).hexdigest()[:12]
    text = repr((config.provider, config.model, config.base_url, key_hash, main_model))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def summarizer_from_settings(
    settings: Settings, *, environ: Mapping[str, str] | None = None
) -> Summarizer:
    """The deterministic summarizer, or an :class:`LLMSummarizer` wired to the configured
    provider (:class:`~packlight.errors.MissingExtraError` names the extra to install)."""
    if not wants_llm(settings):
        return DeterministicSummarizer()
    # Imported only now: the LLM summarizer and its providers take ~30 ms to import, which
    # every engine without a summary model (the CLI's default) would pay.
    from packlight.summarizers.llm import LLMSummarizer
    from packlight.summarizers.prepare import InputLimits
    from packlight.summarizers.providers import ProviderConfig, make_provider

    summary = settings.summary
    env = os.environ if environ is None else environ
    model = summary.model or settings.model
    if not model:
        raise ConfigError(
            "summary.model",
            None,
            "a model name (--summary-model, PACKLIGHT_SUMMARY_MODEL or --model) for the LLM "
            "summarizer",
        )
    provider = cast("ProviderName", summary.provider)
    api_key = summary.api_key or env.get(_KEY_VARIABLES[provider]) or None
    config = ProviderConfig(
        provider=provider,
        model=model,
        base_url=summary.base_url,
        api_key=api_key,
        timeout=summary.timeout,
        temperature=summary.temperature,
    )
    main_model = settings.model
    main = (
        make_provider(dataclasses.replace(config, model=main_model))
        if main_model and main_model != model
        else None
    )
    window = summary.context_window or settings.registry().lookup(model).context_window
    total = summary.input_chars
    limits = InputLimits(total_chars=total, per_message_chars=min(12_000, total))
    return LLMSummarizer(
        make_provider(config),
        main=main,
        window_tokens=window,
        limits=limits,
        abort_on_failure=summary.abort_on_failure,
        fingerprint=_fingerprint(config, main_model),
        model=model,
        max_answer_tokens=summary.max_output_tokens,
    )
