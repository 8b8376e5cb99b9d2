"""``PacklightSession``: the SDK's ``Session`` protocol on packlight's store.

Every raw item the runner saves is kept, in memory and (as canonical messages, through
:meth:`packlight.AsyncSession.record`) in packlight's store, so a restarted process that
opens the same ``session_id`` gets the conversation back. ``get_items()`` hands the runner
packlight's view of it: compacted once it crosses the threshold, the recent turns verbatim.

The runner then sends that view plus what the run adds to the input filter; the filter this
session makes (:attr:`PacklightSession.input_filter`) recognises the view at the head of its
input and puts back the raw items it stands for, so packlight always sees one raw history
that only grows, and compacts it again inside a long run when it needs to.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from packlight.formats import openai_responses
from packlight.integrations import strict_threshold
from packlight.integrations.openai_agents._conversation import Conversation, canonical_history
from packlight.integrations.openai_agents._filter import InputFilter
from packlight.integrations.openai_agents._model import PacklightModel, PacklightModelProvider
from packlight.messages import message_text
from packlight.session import AsyncSession
from packlight.store import SessionStore, open_store

logger = logging.getLogger("packlight.integrations.openai_agents")

Item = dict[str, Any]


class PacklightSession:
    """An Agents SDK session whose history packlight keeps inside the context window.

    ``session_id`` names the conversation in the store. ``store`` is a
    :class:`packlight.SessionStore`, a SQLite path or ``postgresql://`` DSN, or ``None`` for
    :func:`packlight.open_store`'s default (``$PACKLIGHT_STORE_URL``, else SQLite under
    ``$PACKLIGHT_HOME``). ``context_window``, ``model``, ``engine``, ``settings`` and
    ``overrides`` (settings by short name: ``threshold_fraction=0.6``) are those of
    :class:`packlight.AsyncSession`. ``session_settings`` is the SDK's ``SessionSettings``.

    Use it with its filter, so that one long run is compacted too::

        session = PacklightSession("user-42", context_window=128_000)
        await Runner.run(agent, "...", session=session, run_config=session.run_config())
    """

    def __init__(
        self,
        session_id: str,
        *,
        store: SessionStore | str | None = None,
        context_window: int | None = None,
        model: str | None = None,
        engine: Any = None,
        settings: Any = None,
        session_settings: Any = None,
        **overrides: Any,
    ) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise ValueError(f"session_id must be a non-empty string, not {session_id!r}")
        self.session_id = session_id
        self.session_settings = session_settings
        self.store: SessionStore = (
            open_store(store) if store is None or isinstance(store, str) else store
        )
        self._options: dict[str, Any] = {
            "context_window": context_window,
            "model": model,
            "settings": settings,
            **overrides,
        }
        self._engine = engine
        self._open()

    def _open(self) -> None:
        self.packlight = AsyncSession(
            self._engine,
            store=self.store,
            session_id=self.session_id,
            **strict_threshold(self._options),
        )
        self._conversation = Conversation(self.packlight)
        self.input_filter = InputFilter(self._conversation, self._raw_input)
        """The ``call_model_input_filter`` bound to this session."""
        self._items: list[Item] | None = None
        self._handed: list[Item] = []
        self._behind: list[Item] = []

    # --- the runner's hooks -----------------------------------------------------------------

    def run_config(self, **options: Any) -> Any:
        """An ``agents.RunConfig`` with this session's input filter, its model provider
        (``options["model_provider"]``, else the SDK's default) wrapped so that the models it
        resolves for string names recover from overflow errors, and a model object given as
        ``options["model"]`` wrapped the same way. ``options`` are ``RunConfig``'s own."""
        from agents import RunConfig

        options.setdefault("call_model_input_filter", self.input_filter)
        provider = options.get("model_provider")
        if not isinstance(provider, PacklightModelProvider):
            options["model_provider"] = PacklightModelProvider(self._conversation, provider)
        model = options.get("model")
        if model is not None and not isinstance(model, str):
            options["model"] = self.wrap_model(model)
        return RunConfig(**options)

    def wrap_model(self, model: Any) -> PacklightModel:
        """``model`` (an ``agents.Model``) with overflow recovery on this conversation: for
        an ``Agent(model=...)`` built from a model object, which no provider resolves."""
        if isinstance(model, PacklightModel):
            return model
        return PacklightModel(model, self._conversation)

    # --- the SDK's Session protocol ---------------------------------------------------------

    async def get_items(self, limit: int | None = None) -> list[Any]:
        """The conversation as packlight would send it now; with ``limit``, the latest
        ``limit`` raw items instead (the runner reads a tail for its own bookkeeping, and a
        ``SessionSettings.limit`` asks for exactly that many items)."""
        items = self._load()
        if limit is not None:
            return copy.deepcopy(items[-limit:]) if limit > 0 else []
        if not items:
            self._handed, self._behind = [], []
            return []
        conversation = self._conversation
        view = await conversation.prepare(items, conversation.instructions, conversation.tools)
        self._handed = copy.deepcopy(view.items)
        self._behind = list(items)
        return copy.deepcopy(view.items)

    async def add_items(self, items: list[Any]) -> None:
        """Keep ``items`` (copies: the runner's objects are never held or changed)."""
        self._load().extend(copy.deepcopy(list(items)))
        self._record()

    async def pop_item(self) -> Any | None:
        """Remove and return the latest raw item. packlight then follows the shorter history
        as a new lineage (a new stored session that names this one as its origin)."""
        items = self._load()
        if not items:
            return None
        item = items.pop()
        self._handed, self._behind = [], []
        self._record()
        return item

    async def clear_session(self) -> None:
        """Forget the conversation, in the store too."""
        store = self.store
        for stored_id in {self.session_id, self.packlight.session_id}:
            if stored_id is not None and store.get_session(stored_id) is not None:
                store.delete_session(stored_id)
        self._open()

    # --- between the two -------------------------------------------------------------------

    def _load(self) -> list[Item]:
        """The raw items, read back from the store the first time (a restart)."""
        if self._items is None:
            history = self.packlight.history()
            if history and history[0].get("role") == "system":
                # The input filter leads what it keeps with the agent's instructions.
                self._conversation.instructions = message_text(history[0])
                self._conversation.shaped = True
                history = history[1:]
            self._items = openai_responses.from_canonical(history) if history else []
        return self._items

    def _record(self) -> None:
        # Until a model call showed whether the history is led by instructions, what would
        # be recorded might not be what the filter sends: it waits for the next request.
        if self._conversation.shaped:
            items = self._load()
            self.packlight.record(canonical_history(items, self._conversation.instructions))

    def _raw_input(self, items: list[Any]) -> list[Any]:
        """The runner's input with the view :meth:`get_items` handed out put back to the raw
        items it stands for."""
        handed = self._handed
        if not handed:
            return items
        if items[: len(handed)] == handed:
            return [*self._behind, *items[len(handed) :]]
        logger.warning(
            "the run's input does not start with the history this session handed out "
            "(a session_input_callback?): packlight follows it as a new history"
        )
        return items
