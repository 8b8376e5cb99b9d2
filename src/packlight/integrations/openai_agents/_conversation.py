"""What the SDK session, the input filter and the model wrapper share for one conversation.

The Agents SDK hands its model Responses input items and the agent's instructions apart;
packlight's :class:`~packlight.AsyncSession` wants one canonical history with the system
prompt first. :class:`Conversation` converts between the two (through packlight's Responses
format adapter, which keeps ``function_call``/``function_call_output``/``reasoning`` items
paired) and remembers the last view it handed to the model, so that the model wrapper knows
which raw history a failed request stood for. Nothing here imports the SDK.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from packlight.formats import openai_responses
from packlight.messages import Message, message_text
from packlight.session import AsyncSession, Prepared

Item = dict[str, Any]


@dataclass(frozen=True)
class ModelView:
    """One request as the model receives it, and the raw history it stands for."""

    items: list[Item]
    """The Responses input items to send."""
    instructions: str | None
    """The system prompt to send (the agent's, with packlight's note once it compacted)."""
    history: list[Message]
    """The caller's whole raw history in the canonical shape, system prompt first."""
    tools: list[dict[str, Any]] | None
    max_tokens: int | None = None
    """The output cap to send: the caller's, or lower when packlight lowered it so that the
    reply fits the window (``None``: the caller set none)."""


def tool_schemas(tools: Sequence[Any]) -> list[dict[str, Any]] | None:
    """The SDK's tools as Chat Completions schemas, for packlight's estimate of a request.

    Function tools carry their JSON schema; hosted tools (web search, file search...) have
    none the model sees as text, so only their name is counted.
    """
    schemas: list[dict[str, Any]] = []
    for tool in tools:
        name = getattr(tool, "name", None) or type(tool).__name__
        function: dict[str, Any] = {"name": str(name)}
        description = getattr(tool, "description", None)
        if isinstance(description, str) and description:
            function["description"] = description
        parameters = getattr(tool, "params_json_schema", None)
        if isinstance(parameters, Mapping):
            function["parameters"] = dict(parameters)
        schemas.append({"type": "function", "function": function})
    return schemas or None


def canonical_history(items: Sequence[Any], instructions: str | None) -> list[Message]:
    """``items`` (Responses input items) as a canonical history led by ``instructions``."""
    return list(openai_responses.to_canonical(list(items), instructions=instructions))


class Conversation:
    """One conversation's :class:`~packlight.AsyncSession` and the last view it handed out."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self.last: ModelView | None = None
        self.tools: list[dict[str, Any]] | None = None
        """The tool schemas of the latest model call (the session memory has none)."""
        self.instructions: str | None = None
        """The agent's instructions as the latest model call carried them: they lead the
        history packlight keeps, so a session memory must lead its items with them too."""
        self.shaped = False
        """Whether a model call has shown if the history is led by instructions or not."""

    async def prepare(
        self,
        items: Sequence[Any],
        instructions: str | None,
        tools: list[dict[str, Any]] | None,
        max_tokens: int | None = None,
    ) -> ModelView:
        """The view to send for the whole raw history ``items`` (compacted when due), with
        room kept for a reply of ``max_tokens``."""
        self.instructions, self.shaped = instructions, True
        if tools is not None:
            self.tools = tools
        history = canonical_history(items, instructions)
        prepared = await self.session.prepare(history, tools, max_tokens=max_tokens)
        return self._remember(
            prepared, history, tools, led=instructions is not None, max_tokens=max_tokens
        )

    async def recover(self, error: BaseException, view: ModelView) -> ModelView:
        """The view to retry ``view`` with after the model refused it with ``error``; any
        error that is not an overflow packlight can help with is re-raised unchanged."""
        prepared = await self.session.recover(
            error, view.history, view.tools, max_tokens=view.max_tokens
        )
        return self._remember(
            prepared,
            view.history,
            view.tools,
            led=view.instructions is not None,
            max_tokens=view.max_tokens,
        )

    def for_model(self, items: Sequence[Any], instructions: str | None) -> ModelView | None:
        """The last view, when ``items`` and ``instructions`` are exactly what it handed
        out (the model is called with the input filter's output)."""
        last = self.last
        if last is None or instructions != last.instructions:
            return None
        if items is last.items or list(items) == last.items:
            return last
        return None

    def observe(self, input_tokens: object) -> None:
        """The provider's count of the last request's input tokens; zero or a missing count
        (test models report none) says nothing and is ignored."""
        if isinstance(input_tokens, int) and input_tokens > 0:
            self.session.observe({"input_tokens": input_tokens})

    def _remember(
        self,
        prepared: Prepared,
        history: list[Message],
        tools: list[dict[str, Any]] | None,
        *,
        led: bool,
        max_tokens: int | None,
    ) -> ModelView:
        view = list(prepared.canonical)
        instructions: str | None = None
        if led and view:
            # The system prompt is never cut; a compaction only appends its note to it.
            instructions = message_text(view[0])
            view = view[1:]
        items = openai_responses.from_canonical(view)
        if prepared.max_tokens is not None:
            max_tokens = prepared.max_tokens
        self.last = ModelView(items, instructions, history, tools, max_tokens)
        return self.last
