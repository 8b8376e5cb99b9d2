"""packlight inside the agent frameworks people already run.

Each submodule fits one framework's own hook for what the model sees, on the same
:class:`packlight.Session` the SDK wrappers and the gateway use (same triggers, same recovery,
same store). Submodules import their framework when they are imported, never before:
``import packlight`` imports none of them, and a missing extra raises
:class:`packlight.MissingExtraError` naming the install command.

- :mod:`packlight.integrations.langchain`: ``PacklightMiddleware`` for LangChain's
  ``create_agent`` (extra ``packlight[langchain]``).
- :mod:`packlight.integrations.openai_agents`: ``PacklightSession`` and ``input_filter`` for
  the OpenAI Agents SDK (extra ``packlight[openai-agents]``).
- :mod:`packlight.integrations.pydantic_ai`: ``history_processor`` for pydantic-ai
  (extra ``packlight[pydantic-ai]``).

In a framework's loop every model call is kept under the compaction threshold
(``live.defer_preflight`` is off unless the caller turns it on, see docs/runtime.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from packlight.config import Settings, settings_with

_DEFER_KEYS = frozenset({"defer_preflight", "live.defer_preflight"})


def strict_threshold(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``overrides`` with ``live.defer_preflight`` off unless the caller set it: in a
    framework's loop every model call stays under the threshold by packlight's estimate (the
    framework, not packlight, calls the model, and many test models report no usage)."""
    if _DEFER_KEYS & overrides.keys():
        return dict(overrides)
    return {**overrides, "defer_preflight": False}


def strict_settings(settings: Settings | None, overrides: Mapping[str, Any]) -> Settings:
    """:func:`~packlight.config.settings_with` with :func:`strict_threshold` applied."""
    resolved = settings_with(settings, overrides)
    if _DEFER_KEYS & overrides.keys():
        return resolved
    return replace(resolved, live=replace(resolved.live, defer_preflight=False))
