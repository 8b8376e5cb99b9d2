"""The prompt size a provider reports, read from any SDK's usage object or a plain mapping.

Only prompt-side tokens count toward the window: OpenAI Chat Completions ``prompt_tokens``;
Anthropic ``input_tokens + cache_read_input_tokens + cache_creation_input_tokens`` (cached
tokens are still in the window); OpenAI Responses ``input_tokens``. Completion and reasoning
tokens never count: they are the reply, not the prompt the next request resends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_ANTHROPIC_CACHE_FIELDS = ("cache_read_input_tokens", "cache_creation_input_tokens")


def _field(usage: object, name: str) -> Any:
    if isinstance(usage, Mapping):
        return usage.get(name)
    return getattr(usage, name, None)


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if value >= 0 else None


def prompt_tokens(usage: object) -> int | None:
    """The prompt tokens ``usage`` reports (a mapping or an SDK object), or ``None``."""
    if usage is None:
        return None
    reported = _count(_field(usage, "prompt_tokens"))
    if reported is not None:
        return reported
    reported = _count(_field(usage, "input_tokens"))
    if reported is None:
        return None
    # Anthropic reports cached prompt tokens apart from input_tokens; Responses has no such
    # fields (its cached count is a detail *inside* input_tokens), so adding them is safe.
    return reported + sum(_count(_field(usage, name)) or 0 for name in _ANTHROPIC_CACHE_FIELDS)
