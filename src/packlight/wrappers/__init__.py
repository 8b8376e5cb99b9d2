"""``packlight.wrap(client)``: the official SDK clients with packlight in their loop.

    client = packlight.wrap(openai.OpenAI())            # or AsyncOpenAI, Anthropic, AsyncAnthropic
    client.chat.completions.create(model=..., messages=history, tools=tools)

The wrapped client has the same surface. Its conversation calls (OpenAI
``chat.completions.create`` and ``responses.create``, Anthropic ``messages.create`` and
``messages.stream``) send the session's view of the history instead of the history itself,
recover from context-overflow errors (compact, retry; at most three times per request), and
report usage back; everything else is the client's own. ``client.packlight`` is the
:class:`~packlight.session.Session` (an :class:`~packlight.session.AsyncSession` for the
async clients). One wrapped client follows one conversation: wrap one per conversation.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from packlight.config import Settings, settings_with
from packlight.context_files import ProjectInstructions
from packlight.engine import ContextEngine
from packlight.errors import MissingExtraError, UserError
from packlight.session import AsyncSession, Session
from packlight.store.base import SessionStore

__all__ = ["wrap"]

_SUPPORTED = "openai.OpenAI, openai.AsyncOpenAI, anthropic.Anthropic or anthropic.AsyncAnthropic"


def _sdk(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise MissingExtraError(f"packlight.wrap for {name} clients", name) from exc


def wrap(
    client: Any,
    *,
    context_window: int | None = None,
    model: str | None = None,
    store: SessionStore | None = None,
    session_id: str | None = None,
    engine: ContextEngine | None = None,
    settings: Settings | None = None,
    project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None = None,
    **overrides: Any,
) -> Any:
    """``client`` with packlight in its loop (see the module docstring).

    ``context_window`` overrides the model registry's window for the request's model (a
    provider's stated limit corrects both); ``model`` is the model to size for before the
    first request names one; ``store``/``session_id`` keep the session across restarts;
    ``project_instructions`` adds the project's AGENTS.md (or CLAUDE.md, ...) to the system
    prompt, as :class:`~packlight.Session` does;
    ``overrides`` are settings by short name or dotted key (``threshold_fraction=0.6``,
    ``prompt_caching=False``, ``cache_ttl="1h"``). Raises :class:`MissingExtraError` when
    the client's SDK is not installed, :class:`UserError` for any other object.
    """
    family = type(client).__module__.split(".", 1)[0]
    if family not in {"openai", "anthropic"}:
        raise UserError(f"packlight.wrap needs an {_SUPPORTED} client, not {type(client)!r}")
    sdk = _sdk(family)
    resolved = settings_with(settings, overrides)
    options: dict[str, Any] = {
        "model": model,
        "context_window": context_window,
        "settings": resolved,
        "store": store,
        "session_id": session_id,
        "max_recovery_attempts": resolved.live.max_recovery_attempts,
        "project_instructions": project_instructions,
    }
    if family == "openai":
        from packlight.wrappers.openai import WrappedOpenAI

        if isinstance(client, sdk.AsyncOpenAI):
            return WrappedOpenAI(client, AsyncSession(engine, **options))
        if isinstance(client, sdk.OpenAI):
            return WrappedOpenAI(client, Session(engine, **options))
    else:
        from packlight.wrappers.anthropic import WrappedAnthropic

        if isinstance(client, sdk.AsyncAnthropic):
            return WrappedAnthropic(client, AsyncSession(engine, **options), resolved.live)
        if isinstance(client, sdk.Anthropic):
            return WrappedAnthropic(client, Session(engine, **options), resolved.live)
    raise UserError(f"packlight.wrap needs an {_SUPPORTED} client, not {type(client)!r}")
