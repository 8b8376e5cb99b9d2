"""packlight for pydantic-ai: a history processor that keeps every model request in the window.

::

    from pydantic_ai import Agent
    from pydantic_ai.capabilities import ProcessHistory
    from packlight.integrations.pydantic_ai import history_processor

    agent = Agent(model, capabilities=[ProcessHistory(history_processor(context_window=8192))])

pydantic-ai 2 takes history processors as the ``ProcessHistory`` capability (the v1
``Agent(history_processors=[...])`` argument is gone). Before each model request the processor
hands the run's history to a :class:`packlight.Session`, which compacts it when the request
would cross its threshold (same triggers, store and checkpoint as everywhere in packlight), and
returns the session's view as pydantic-ai messages: the caller's own objects for everything
packlight left alone, tool calls and returns still paired, system prompts and the latest user
prompt intact, the checkpoint as a new ``ModelRequest`` holding one ``UserPromptPart``.
For recovery from a provider's context-overflow error, wrap the agent's model too:
``Agent(PacklightModel(model, processor), capabilities=[ProcessHistory(processor)])``.
See docs/integrations/pydantic_ai.md.

Requires the ``pydantic-ai`` extra (``pip install 'packlight[pydantic-ai]'``).
"""

from __future__ import annotations

import os
from typing import Any

from packlight.errors import MissingExtraError

try:
    import pydantic_ai  # noqa: F401  (the extra this module needs)
except ImportError as error:
    raise MissingExtraError("packlight.integrations.pydantic_ai", "pydantic-ai") from error

from packlight.config import Settings
from packlight.context_files import ProjectInstructions
from packlight.engine import ContextEngine
from packlight.integrations import strict_settings
from packlight.integrations.pydantic_ai._model import PacklightModel
from packlight.integrations.pydantic_ai._processor import AsyncPacklightHistory, PacklightHistory
from packlight.session import AsyncSession, Session
from packlight.store.base import SessionStore

__all__ = [
    "AsyncPacklightHistory",
    "PacklightHistory",
    "PacklightModel",
    "async_history_processor",
    "history_processor",
]


def _session_options(
    *,
    context_window: int | None,
    store: SessionStore | None,
    model: str | None,
    session_id: str | None,
    settings: Settings | None,
    project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None,
    overrides: dict[str, Any],
) -> dict[str, Any]:
    resolved = strict_settings(settings, overrides)
    return {
        "model": model,
        "context_window": context_window,
        "settings": resolved,
        "store": store,
        "session_id": session_id,
        "max_recovery_attempts": resolved.live.max_recovery_attempts,
        "project_instructions": project_instructions,
    }


def history_processor(
    *,
    context_window: int | None = None,
    store: SessionStore | None = None,
    model: str | None = None,
    session_id: str | None = None,
    engine: ContextEngine | None = None,
    settings: Settings | None = None,
    project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None = None,
    observe_usage: bool = True,
    **overrides: Any,
) -> PacklightHistory:
    """A history processor for ``ProcessHistory(...)`` on a new :class:`packlight.Session`.

    One processor follows one conversation (several runs that pass each other's
    ``all_messages()`` as ``message_history`` are one conversation): make one per
    conversation. ``context_window`` overrides the model registry's window (a provider's
    stated limit corrects both); ``model`` names the model to size for, else the agent's
    model name is used; ``store``/``session_id`` keep the originals, the compactions and the
    engine's state (a restarted process resumes them); ``observe_usage`` feeds the prompt
    size each ``ModelResponse`` reports back to the session (calibration and the
    post-response trigger); ``overrides`` are packlight settings by short name or dotted key
    (``threshold_fraction=0.6``). ``processor.session`` is the session.
    """
    options = _session_options(
        context_window=context_window,
        store=store,
        model=model,
        session_id=session_id,
        settings=settings,
        project_instructions=project_instructions,
        overrides=overrides,
    )
    return PacklightHistory(Session(engine, **options), model=model, observe_usage=observe_usage)


def async_history_processor(
    *,
    context_window: int | None = None,
    store: SessionStore | None = None,
    model: str | None = None,
    session_id: str | None = None,
    engine: ContextEngine | None = None,
    settings: Settings | None = None,
    project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None = None,
    observe_usage: bool = True,
    **overrides: Any,
) -> AsyncPacklightHistory:
    """:func:`history_processor` as a coroutine on a :class:`packlight.AsyncSession`: runs in
    the agent's event loop instead of a worker thread (the options are the same)."""
    options = _session_options(
        context_window=context_window,
        store=store,
        model=model,
        session_id=session_id,
        settings=settings,
        project_instructions=project_instructions,
        overrides=overrides,
    )
    return AsyncPacklightHistory(
        AsyncSession(engine, **options), model=model, observe_usage=observe_usage
    )
