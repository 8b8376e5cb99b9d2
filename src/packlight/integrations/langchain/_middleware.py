"""``PacklightMiddleware``: packlight in a LangChain v1 agent (``create_agent``).

The middleware works in ``wrap_model_call`` (and ``awrap_model_call``), not in
``before_model``, for three reasons:

- it changes only the **request** sent to the model, never the graph's state: the state (and a
  checkpointer) keeps the whole history, as the user's other middleware and tools expect;
  ``before_model`` could only shorten what the model sees by rewriting the state;
- it sees the request as the model will get it, after the middleware outside it changed the
  system prompt or the tools (put it last in ``middleware=[...]``, the innermost layer);
- recovery has to wrap the call itself: when the model refuses the request for its length,
  the session compacts harder and the request is sent again, inside the same model node.

Each conversation (a LangGraph ``thread_id``; one conversation when runs have none) has its
own :class:`packlight.Session`. Sync and async agents share it: the async hook runs the
session's work in a worker thread, so a compaction does not hold up the event loop.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest, ModelResponse
from langchain.agents.structured_output import OutputToolBinding, ToolStrategy
from langchain_core.exceptions import ContextOverflowError as LangChainOverflow
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.config import get_config

from packlight.archive import MemoryArchive
from packlight.compressor.engine import ContextCompressor
from packlight.config import Settings
from packlight.context_files import ProjectInstructions, load_project_instructions
from packlight.engine import ContextEngine
from packlight.integrations import strict_settings
from packlight.integrations.langchain import _tools
from packlight.integrations.langchain._messages import Conversion
from packlight.overflow import classify_error
from packlight.retrieval import MemoryReader, RetrievalTools
from packlight.session import Prepared, Session
from packlight.store.base import SessionStore

__all__ = ["PacklightMiddleware"]

DEFAULT_MAX_CONVERSATIONS = 1024

_SchemaCache = tuple[tuple[int, ...], list[Any], list[dict[str, Any]] | None]
"""(ids of the request's tools and response format, those objects, their schemas)."""


@dataclass
class _Conversation:
    session: Session
    converted: dict[int, tuple[BaseMessage, dict[str, Any]]] = field(default_factory=dict)
    """The canonical dict of each message of the last request, by object: the graph resends
    the same message objects every turn, so each is converted once and the session compares
    the history by identity."""


class _StatedOverflow(Exception):
    """A LangChain ``ContextOverflowError`` whose wording packlight does not know, restated
    as the context-length error it is (the integration said so by its type)."""

    code = "context_length_exceeded"

    def __init__(self, original: BaseException) -> None:
        super().__init__(str(original) or "the input exceeds the model's context window")
        self.__cause__ = original


class PacklightMiddleware(AgentMiddleware[AgentState[Any], Any, Any]):
    """Keeps a ``create_agent`` agent inside its model's context window.

    ::

        agent = create_agent(model, tools, middleware=[PacklightMiddleware(model="gpt-4o")])

    Every model call is sent the session's view of the conversation (compacted when it would
    cross the threshold or not fit), recovers from the model's context-overflow error
    (compact harder, send again; at most ``max_recovery_attempts`` times), and reports the
    model's usage back to the session. The graph state keeps the whole history; the originals
    a compaction replaced stay in packlight's archive, which the model reads back through the
    retrieval tools in :attr:`tools` (``context_search``, ``context_read``, ``context_grep``,
    ``context_expand``).

    Options are :class:`packlight.Session`'s: ``model`` names the model for packlight's
    registry and token counting (default: the chat model's own ``model_name``/``model``);
    ``context_window`` overrides the registry; ``store`` keeps every conversation (originals,
    compactions, engine state) in a :class:`packlight.SessionStore`, under the run's
    ``thread_id`` (or ``session_id`` for an agent that holds one conversation only);
    ``settings`` and ``overrides`` (short or dotted setting names) configure the engine
    (``overrides`` over ``settings``; without ``settings``, :func:`packlight.load_settings`:
    ``PACKLIGHT_*`` environment variable > config file > default);
    ``project_instructions`` adds the project's AGENTS.md (or CLAUDE.md...) to the system
    prompt. ``max_tokens`` is the reply size to reserve (default: the chat model's own
    ``max_tokens``, else ``context.reserved_output``). ``retrieval_tools=False`` offers no
    tools. At most ``max_conversations`` sessions are kept in memory, the least recently
    used one forgotten first (with a store it resumes from there).
    """

    def __init__(
        self,
        *,
        model: str | None = None,
        context_window: int | None = None,
        store: SessionStore | None = None,
        session_id: str | None = None,
        settings: Settings | None = None,
        max_recovery_attempts: int | None = None,
        project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None = None,
        max_tokens: int | None = None,
        retrieval_tools: bool = True,
        max_conversations: int = DEFAULT_MAX_CONVERSATIONS,
        **overrides: Any,
    ) -> None:
        super().__init__()
        for name, value in (("context_window", context_window), ("max_tokens", max_tokens)):
            if value is not None and (isinstance(value, bool) or value < 1):
                raise ValueError(f"{name} must be a positive number of tokens, not {value!r}")
        if max_conversations < 1:
            raise ValueError(f"max_conversations must be 1 or more, not {max_conversations}")
        if max_recovery_attempts is not None and max_recovery_attempts < 0:
            raise ValueError(
                f"max_recovery_attempts must be 0 or more, not {max_recovery_attempts}"
            )
        self._settings = strict_settings(settings, overrides)
        if max_recovery_attempts is None:
            max_recovery_attempts = self._settings.live.max_recovery_attempts
        self._options: dict[str, Any] = {
            "model": model,
            "context_window": context_window,
            "settings": self._settings,
            "store": store,
            "max_recovery_attempts": max_recovery_attempts,
            # Read once here: every conversation's system prompt carries the same text.
            "project_instructions": _instructions(project_instructions, self._settings),
        }
        self._model = model
        self._session_id = session_id
        self._max_tokens = max_tokens
        self._max_conversations = max_conversations
        self._conversations: OrderedDict[str | None, _Conversation] = OrderedDict()
        self._lock = threading.Lock()
        self._tool_schemas: _SchemaCache | None = None
        self.tools = _tools.retrieval_tools(self._retrieve) if retrieval_tools else []

    # --- conversations -----------------------------------------------------------------------

    def session(self, thread_id: str | None = None) -> Session:
        """The :class:`packlight.Session` of the conversation ``thread_id`` (the runs' LangGraph
        ``thread_id``; ``None`` for runs without one), made when first asked for: its
        ``stats`` say how many compactions and recoveries ran."""
        return self._conversation(thread_id).session

    def _conversation(self, thread_id: str | None) -> _Conversation:
        key = None if self._session_id is not None else thread_id
        with self._lock:
            conversation = self._conversations.get(key)
            if conversation is None:
                stored_id = self._session_id or thread_id
                conversation = _Conversation(Session(session_id=stored_id, **self._options))
                self._conversations[key] = conversation
                while len(self._conversations) > self._max_conversations:
                    self._conversations.popitem(last=False)
            else:
                self._conversations.move_to_end(key)
            return conversation

    # --- the model call ------------------------------------------------------------------------

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any]:
        """Send the session's view; on an overflow, compact harder and send again."""
        conversation = self._conversation(_thread_id(request))
        call = self._call(request, conversation)
        session = conversation.session
        prepared = session.prepare(*call.arguments, **call.options)
        while True:
            try:
                response = handler(call.request(prepared))
            except Exception as error:
                # Re-raises ``error`` itself unless it is an overflow recovery can still help.
                prepared = session.recover(_readable(error), *call.arguments, **call.options)
                continue
            _wire_retrieval(session.engine)
            session.observe(_usage(response))
            return response

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any]:
        """The async twin of :meth:`wrap_model_call`."""
        conversation = self._conversation(_thread_id(request))
        call = self._call(request, conversation)
        session = conversation.session
        prepared = await asyncio.to_thread(session.prepare, *call.arguments, **call.options)
        while True:
            try:
                response = await handler(call.request(prepared))
            except Exception as error:
                prepared = await asyncio.to_thread(
                    session.recover, _readable(error), *call.arguments, **call.options
                )
                continue
            _wire_retrieval(session.engine)
            session.observe(_usage(response))
            return response

    def _call(self, request: ModelRequest[Any], conversation: _Conversation) -> _Call:
        head: list[BaseMessage] = [request.system_message] if request.system_message else []
        messages = [*head, *request.messages]
        conversion = Conversion(messages, conversation.converted)
        conversation.converted = conversion.cache
        max_tokens = self._max_tokens or _model_max_tokens(request)
        return _Call(
            original=request,
            conversion=conversion,
            tools=self._schemas(request.tools, request.response_format),
            model=self._model or _model_name(request.model),
            max_tokens=max_tokens,
        )

    def _schemas(
        self, tools: Sequence[Any], response_format: object
    ) -> list[dict[str, Any]] | None:
        """The request's tools as OpenAI function schemas (what their size is counted on),
        with the tools of a structured-output ``ToolStrategy`` (the agent binds them after
        the middleware ran), converted once per tool list."""
        key = (*map(id, tools), id(response_format))
        cached = self._tool_schemas
        if cached is not None and cached[0] == key:
            return cached[2]
        counted = [*tools, *_structured_output_tools(response_format)]
        schemas = [_schema(tool) for tool in counted] or None
        # The objects are kept with their ids, so that an id cannot be reused for another.
        self._tool_schemas = (key, [*tools, response_format], schemas)
        return schemas

    # --- retrieval ------------------------------------------------------------------------------

    def _retrieve(self, name: str, arguments: Mapping[str, Any], config: RunnableConfig) -> str:
        engine = self._conversation(_configured_thread(config)).session.engine
        if engine is None:
            return (
                "error: nothing has been archived in this conversation yet: every message is "
                "still in your context."
            )
        _wire_retrieval(engine)
        return engine.handle_tool_call(name, dict(arguments))


@dataclass
class _Call:
    """One model request, in packlight's terms."""

    original: ModelRequest[Any]
    conversion: Conversion
    tools: list[dict[str, Any]] | None
    model: str | None
    max_tokens: int | None

    @property
    def arguments(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
        return self.conversion.canonical, self.tools

    @property
    def options(self) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": self.max_tokens}

    def request(self, prepared: Prepared) -> ModelRequest[Any]:
        """The original request with the session's view as its messages."""
        messages = self.conversion.to_langchain(prepared.messages)
        system = messages[0] if messages and isinstance(messages[0], SystemMessage) else None
        overrides: dict[str, Any] = {
            "system_message": system,
            "messages": messages[1:] if system is not None else messages,
        }
        if prepared.max_tokens is not None and prepared.max_tokens != self.max_tokens:
            # The provider refused the reply size: ask for what it allows.
            overrides["model_settings"] = {
                **self.original.model_settings,
                "max_tokens": prepared.max_tokens,
            }
        return self.original.override(**overrides)


# --- what the middleware reads off LangChain objects ---------------------------------------------


def _instructions(
    option: str | os.PathLike[str] | bool | ProjectInstructions | None, settings: Settings
) -> ProjectInstructions | None:
    if option is None or option is False:
        return None
    if isinstance(option, ProjectInstructions):
        return option
    return load_project_instructions(os.getcwd() if option is True else option, settings=settings)


def _configured_thread(config: Mapping[str, Any] | None) -> str | None:
    configurable = (config or {}).get("configurable") or {}
    thread = configurable.get("thread_id")
    return None if thread is None else str(thread)


def _thread_id(request: ModelRequest[Any]) -> str | None:
    """The LangGraph thread the model call belongs to (``None`` when the run has none)."""
    try:
        thread = _configured_thread(get_config())
    except RuntimeError:  # not inside a runnable: only the runtime can tell
        thread = None
    if thread is None:
        info = getattr(request.runtime, "execution_info", None)
        found = getattr(info, "thread_id", None)
        thread = None if found is None else str(found)
    return thread


def _model_name(model: object) -> str | None:
    for name in ("model_name", "model"):
        value = getattr(model, name, None)
        if isinstance(value, str) and value:
            return value
    return None


def _positive(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _model_max_tokens(request: ModelRequest[Any]) -> int | None:
    """The reply size the request asks for: its model settings, else the chat model's own."""
    return _positive(request.model_settings.get("max_tokens")) or _positive(
        getattr(request.model, "max_tokens", None)
    )


def _structured_output_tools(response_format: object) -> list[Any]:
    if not isinstance(response_format, ToolStrategy):
        return []
    return [OutputToolBinding.from_schema_spec(spec).tool for spec in response_format.schema_specs]


def _schema(tool: Any) -> dict[str, Any]:
    if isinstance(tool, Mapping) and tool.get("type") != "function":
        return dict(tool)  # a provider's built-in tool: counted as it is sent
    return dict(convert_to_openai_tool(tool))


def _usage(response: object) -> dict[str, int] | None:
    """The prompt size the model reported (LangChain's ``usage_metadata.input_tokens``, which
    the provider integrations fill with the whole prompt, cached tokens included)."""
    inner = getattr(response, "model_response", response)  # an ExtendedModelResponse
    messages = [inner] if isinstance(inner, AIMessage) else getattr(inner, "result", [])
    for message in messages:
        usage = getattr(message, "usage_metadata", None)
        if isinstance(message, AIMessage) and usage:
            tokens = _positive(usage.get("input_tokens"))
            if tokens is not None:
                return {"prompt_tokens": tokens}
    return None


def _readable(error: BaseException) -> BaseException:
    """``error`` as :func:`packlight.overflow.classify_error` can read it: LangChain's own
    ``ContextOverflowError`` says what it is by its type, whatever its wording."""
    if isinstance(error, LangChainOverflow) and classify_error(error) is None:
        return _StatedOverflow(error)
    return error


def _wire_retrieval(engine: ContextEngine | None) -> None:
    """Point the engine's retrieval tools at its in-memory archive (a store session's are
    wired by the store)."""
    if (
        isinstance(engine, ContextCompressor)
        and engine.retrieval is None
        and isinstance(engine.archive, MemoryArchive)
    ):
        engine.retrieval = RetrievalTools(MemoryReader(engine.archive))
