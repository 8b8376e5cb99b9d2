"""The history processors: each model request's history through a packlight session.

pydantic-ai calls a processor with the run's whole message history before every model
request and makes what it returns the run's history (``ProcessHistory`` writes it back to
``RunContext.messages``). After a compaction the agent's history therefore *is* the session's
view: the session recognises its own view at the head of the next history (see
docs/runtime.md, "a caller that adopted the session's view") and goes on from there, while
the original messages stay in the session's store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.tools import RunContext, ToolDefinition

from packlight.errors import TranscriptError
from packlight.integrations.pydantic_ai._convert import Group, flatten, read_message, write_view
from packlight.session import AsyncSession, Prepared, Session


class _Bridge:
    """What the sync and async processors share: reading, writing, usage, request facts."""

    def __init__(self, *, model: str | None, observe_usage: bool) -> None:
        self._model = model
        self._observe_usage = observe_usage
        self._known: dict[int, tuple[Group, int]] = {}
        """Messages already read, by id, with their part count when read: pydantic-ai may
        still add parts to the newest request, and such a message is read again."""
        self._observed: ModelResponse | None = None
        self._tool_defs: list[ToolDefinition] = []
        self._tools: list[dict[str, Any]] | None = None

    def read(self, messages: object) -> list[Group]:
        if not isinstance(messages, list):
            raise TranscriptError(
                f"messages is {type(messages).__name__}",
                expected="the list of pydantic-ai messages pydantic-ai hands a history processor",
            )
        groups: list[Group] = []
        known: dict[int, tuple[Group, int]] = {}
        for index, message in enumerate(messages):
            size = len(getattr(message, "parts", ()))
            hit = self._known.get(id(message))
            if hit is not None and hit[0].message is message and hit[1] == size:
                group = hit[0]
            else:
                group = read_message(message, index)
            known[id(message)] = (group, size)
            groups.append(group)
        self._known = known  # what the history no longer holds is forgotten
        return groups

    def write(self, prepared: Prepared, groups: Sequence[Group]) -> list[ModelMessage]:
        written = write_view(prepared.messages, groups)
        for group in written.emitted:
            # Next turn this object reads back as exactly the view it was built from.
            self._known[id(group.message)] = (group, len(group.message.parts))
        return written.messages

    def usage(self, messages: Sequence[ModelMessage]) -> dict[str, int] | None:
        """The prompt size the provider reported for the latest response not yet observed."""
        if not self._observe_usage:
            return None
        latest = next((m for m in reversed(messages) if isinstance(m, ModelResponse)), None)
        if latest is None or latest is self._observed:
            return None
        self._observed = latest
        tokens = latest.usage.input_tokens
        return {"prompt_tokens": tokens} if tokens > 0 else None

    def model(self, ctx: RunContext[Any]) -> str | None:
        name = getattr(ctx.model, "model_name", None)
        return self.model_named(name if isinstance(name, str) else None)

    def model_named(self, name: str | None) -> str | None:
        """The model to size for: the one the caller named, else the agent's."""
        return self._model if self._model is not None else name

    def tools(self, ctx: RunContext[Any]) -> list[dict[str, Any]] | None:
        """The run's tool schemas in OpenAI chat shape (they count toward the request)."""
        manager = ctx.tool_manager
        try:
            definitions = manager.tool_defs if manager is not None else []
        except ValueError:  # not prepared for this step: count none
            definitions = []
        return self.schemas(definitions)

    def schemas(self, definitions: Sequence[ToolDefinition]) -> list[dict[str, Any]] | None:
        if definitions != self._tool_defs:  # one list per tool set: the session caches its count
            self._tool_defs = list(definitions)
            self._tools = [
                {
                    "type": "function",
                    "function": {
                        "name": tool.name,
                        "description": tool.description or "",
                        "parameters": tool.parameters_json_schema,
                    },
                }
                for tool in definitions
            ] or None
        return self._tools

    @staticmethod
    def max_tokens(ctx: RunContext[Any]) -> int | None:
        return output_cap(ctx.model_settings)


def output_cap(settings: object) -> int | None:
    """``max_tokens`` of pydantic-ai model settings (a dict), when set."""
    value = settings.get("max_tokens") if isinstance(settings, dict) else None
    return value if isinstance(value, int) else None


class RecoveryRequest:
    """What a model wrapper hands a processor when the provider refused a request."""

    def __init__(
        self,
        messages: list[ModelMessage],
        tools: Sequence[ToolDefinition],
        max_tokens: int | None,
        model: str | None,
    ) -> None:
        self.messages = messages
        self.tools = tools
        self.max_tokens = max_tokens
        self.model = model


class PacklightHistory:
    """A synchronous history processor on a :class:`packlight.Session` (pydantic-ai runs it
    in a worker thread). Made by :func:`packlight.integrations.pydantic_ai.history_processor`."""

    def __init__(self, session: Session, *, model: str | None, observe_usage: bool) -> None:
        self.session = session
        """The session (``.stats`` for compactions, ``.session_id`` for the store)."""
        self._bridge = _Bridge(model=model, observe_usage=observe_usage)

    def __call__(self, ctx: RunContext[Any], messages: list[ModelMessage]) -> list[ModelMessage]:
        bridge = self._bridge
        groups = bridge.read(messages)
        usage = bridge.usage(messages)
        if usage is not None:
            self.session.observe(usage)
        prepared = self.session.prepare(
            list(flatten(groups)),
            bridge.tools(ctx),
            model=bridge.model(ctx),
            max_tokens=bridge.max_tokens(ctx),
        )
        return bridge.write(prepared, groups)

    def recover(self, error: BaseException, request: RecoveryRequest) -> list[ModelMessage]:
        """The messages to retry with after the provider refused ``request.messages`` with
        ``error``; ``error`` itself is raised again when it is not about the request's length
        (see :meth:`packlight.Session.recover`)."""
        bridge = self._bridge
        groups = bridge.read(request.messages)
        prepared = self.session.recover(
            error,
            list(flatten(groups)),
            bridge.schemas(request.tools),
            model=self._bridge.model_named(request.model),
            max_tokens=request.max_tokens,
        )
        return bridge.write(prepared, groups)


class AsyncPacklightHistory:
    """The asyncio twin of :class:`PacklightHistory`, on a :class:`packlight.AsyncSession`.
    Made by :func:`packlight.integrations.pydantic_ai.async_history_processor`."""

    def __init__(self, session: AsyncSession, *, model: str | None, observe_usage: bool) -> None:
        self.session = session
        """The session (``.stats`` for compactions, ``.session_id`` for the store)."""
        self._bridge = _Bridge(model=model, observe_usage=observe_usage)

    async def __call__(
        self, ctx: RunContext[Any], messages: list[ModelMessage]
    ) -> list[ModelMessage]:
        bridge = self._bridge
        groups = bridge.read(messages)
        usage = bridge.usage(messages)
        if usage is not None:
            self.session.observe(usage)
        prepared = await self.session.prepare(
            list(flatten(groups)),
            bridge.tools(ctx),
            model=bridge.model(ctx),
            max_tokens=bridge.max_tokens(ctx),
        )
        return bridge.write(prepared, groups)

    async def recover(self, error: BaseException, request: RecoveryRequest) -> list[ModelMessage]:
        """See :meth:`PacklightHistory.recover`."""
        bridge = self._bridge
        groups = bridge.read(request.messages)
        prepared = await self.session.recover(
            error,
            list(flatten(groups)),
            bridge.schemas(request.tools),
            model=self._bridge.model_named(request.model),
            max_tokens=request.max_tokens,
        )
        return bridge.write(prepared, groups)
