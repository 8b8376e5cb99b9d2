"""packlight for the OpenAI Agents SDK (``pip install 'packlight[openai-agents]'``).

Three pieces, each on one :class:`packlight.AsyncSession` (same triggers, same recovery,
same store as ``packlight.wrap`` and the gateway)::

    from packlight.integrations.openai_agents import PacklightSession

    session = PacklightSession("user-42", context_window=128_000)
    result = await Runner.run(agent, task, session=session, run_config=session.run_config())

- :class:`PacklightSession`: the SDK's ``Session`` protocol on packlight's store; every raw
  item is kept, ``get_items()`` hands the runner packlight's compacted view.
- :func:`input_filter`: a ``RunConfig.call_model_input_filter`` that compacts between the
  model calls of one long run (the runner reads a session once per run). A
  ``PacklightSession`` makes its own (``session.input_filter``, installed by
  ``session.run_config()``); alone it works with any session or none.
- :func:`wrap_model` / :func:`model_provider`: overflow recovery. A provider's
  context-overflow error (``openai.BadRequestError``, code ``context_length_exceeded``) is
  compacted away and the call retried inside the model, the one place the SDK lets a refused
  request be sent again with different input.

Importing this module imports the SDK (``agents``); ``import packlight`` does not.
"""

from __future__ import annotations

from typing import Any

from packlight.errors import MissingExtraError

try:
    import agents as _agents  # noqa: F401
except ImportError as _error:
    raise MissingExtraError("packlight.integrations.openai_agents", "openai-agents") from _error

from packlight.integrations import strict_threshold
from packlight.integrations.openai_agents._conversation import Conversation
from packlight.integrations.openai_agents._filter import InputFilter
from packlight.integrations.openai_agents._model import PacklightModel, PacklightModelProvider
from packlight.integrations.openai_agents._session import PacklightSession
from packlight.session import AsyncSession

__all__ = [
    "InputFilter",
    "PacklightModel",
    "PacklightModelProvider",
    "PacklightSession",
    "input_filter",
    "model_provider",
    "wrap_model",
]

Source = InputFilter | PacklightSession


def input_filter(session: AsyncSession | None = None, **options: Any) -> InputFilter:
    """A ``call_model_input_filter`` that keeps every model call of a run inside the window.

    ``session`` is the :class:`packlight.AsyncSession` to prepare with; without one, a new
    one is made from ``options`` (``context_window=``, ``model=``, ``store=`` and
    ``session_id=`` to keep originals in a store, settings by short name). One filter follows
    one conversation: make one per conversation. Use :meth:`InputFilter.wrap_model` for
    overflow recovery on the same session.
    """
    if session is not None and options:
        raise TypeError(f"give either session= or AsyncSession options, not both: {options}")
    if session is not None and not isinstance(session, AsyncSession):
        raise TypeError(f"session must be a packlight.AsyncSession, not {type(session)!r}")
    return InputFilter(Conversation(session or AsyncSession(**strict_threshold(options))))


def _conversation_of(source: Source | None, options: dict[str, Any]) -> Conversation:
    if source is None:
        return Conversation(AsyncSession(**strict_threshold(options)))
    if options:
        raise TypeError(
            f"give either a filter/session or AsyncSession options, not both: {options}"
        )
    if isinstance(source, PacklightSession):
        return source.input_filter.conversation
    if isinstance(source, InputFilter):
        return source.conversation
    raise TypeError(f"source must be an InputFilter or a PacklightSession, not {type(source)!r}")


def wrap_model(model: Any, source: Source | None = None, /, **options: Any) -> PacklightModel:
    """``model`` (an ``agents.Model``) recovering from context-overflow errors on the
    conversation of ``source`` (the input filter or session it runs with), or on a new
    :class:`packlight.AsyncSession` made from ``options``, which then also compacts its
    input before every call."""
    return PacklightModel(model, _conversation_of(source, options))


def model_provider(
    source: Source | None = None, provider: Any = None, **options: Any
) -> PacklightModelProvider:
    """A ``RunConfig.model_provider`` whose models are wrapped as by :func:`wrap_model`:
    for agents that name their model by a string. ``provider`` defaults to the SDK's
    ``MultiProvider``."""
    return PacklightModelProvider(_conversation_of(source, options), provider)
