"""``PacklightModel``: overflow recovery around any Agents SDK ``Model``.

The SDK has no hook between a model's refusal and its next attempt: its retry policy resends
the same input, and the input filter runs once per model call, before it. So recovery wraps
the model itself. When the wrapped model raises the provider's context-overflow error (the
OpenAI models raise the SDK's ``openai.BadRequestError`` with code
``context_length_exceeded``), the wrapper has packlight compact harder and calls the model
again with the smaller view, at most ``live.max_recovery_attempts`` times; any other error
reaches the runner unchanged, and a request that cannot be made to fit ends in
:class:`packlight.ContextOverflowError`.

A model call whose input is the input filter's last view is recovered from the raw history
that view stands for; a model used without the filter prepares its input itself (so the
wrapper alone also compacts, once per model call).
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from typing import Any, cast

from agents import Model, ModelProvider

from packlight.integrations.openai_agents._conversation import (
    Conversation,
    ModelView,
    tool_schemas,
)


class PacklightModel(Model):
    """``model`` with packlight's overflow recovery (see the module docstring)."""

    def __init__(self, model: Model, conversation: Conversation) -> None:
        if not isinstance(model, Model):
            raise TypeError(f"PacklightModel wraps an agents.Model, not {type(model)!r}")
        self.model = model
        self._conversation = conversation

    @property
    def packlight(self) -> Any:
        """The :class:`~packlight.AsyncSession` this model recovers with."""
        return self._conversation.session

    async def _view(
        self, items: Any, instructions: str | None, tools: list[Any], settings: Any
    ) -> ModelView:
        if isinstance(items, str):
            items = [{"role": "user", "content": items}]
        known = self._conversation.for_model(items, instructions)
        if known is not None:
            return known
        max_tokens = getattr(settings, "max_tokens", None)
        return await self._conversation.prepare(
            items,
            instructions,
            tool_schemas(tools),
            max_tokens if isinstance(max_tokens, int) else None,
        )

    async def get_response(
        self,
        system_instructions: str | None,
        input: Any,
        model_settings: Any,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: Any,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> Any:
        if previous_response_id or conversation_id:
            # The history lives on the server: there is nothing here to compact.
            return await self.model.get_response(
                system_instructions, input, model_settings, tools, output_schema, handoffs,
                tracing, previous_response_id=previous_response_id,
                conversation_id=conversation_id, prompt=prompt,
            )  # fmt: skip
        view = await self._view(input, system_instructions, tools, model_settings)
        while True:
            try:
                response = await self.model.get_response(
                    view.instructions,
                    cast(Any, view.items),
                    _capped(model_settings, view),
                    tools,
                    output_schema,
                    handoffs,
                    tracing,
                    previous_response_id=None,
                    conversation_id=None,
                    prompt=prompt,
                )
            except Exception as error:
                view = await self._conversation.recover(error, view)
                continue
            self._conversation.observe(getattr(response.usage, "input_tokens", None))
            return response

    async def stream_response(
        self,
        system_instructions: str | None,
        input: Any,
        model_settings: Any,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: Any,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> AsyncIterator[Any]:
        if previous_response_id or conversation_id:
            async for event in self.model.stream_response(
                system_instructions, input, model_settings, tools, output_schema, handoffs,
                tracing, previous_response_id=previous_response_id,
                conversation_id=conversation_id, prompt=prompt,
            ):  # fmt: skip
                yield event
            return
        view = await self._view(input, system_instructions, tools, model_settings)
        while True:
            started = False
            try:
                async for event in self.model.stream_response(
                    view.instructions,
                    cast(Any, view.items),
                    _capped(model_settings, view),
                    tools,
                    output_schema,
                    handoffs,
                    tracing,
                    previous_response_id=None,
                    conversation_id=None,
                    prompt=prompt,
                ):
                    started = True
                    if getattr(event, "type", None) == "response.completed":
                        usage = getattr(getattr(event, "response", None), "usage", None)
                        self._conversation.observe(getattr(usage, "input_tokens", None))
                    yield event
                return
            except Exception as error:
                if started:
                    raise  # the caller already saw part of this answer: no silent retry
                view = await self._conversation.recover(error, view)

    def get_retry_advice(self, request: Any) -> Any:
        return self.model.get_retry_advice(request)

    async def close(self) -> None:
        await self.model.close()


def _capped(settings: Any, view: ModelView) -> Any:
    """``settings`` with the output cap packlight lowered so that the reply fits, if it did."""
    if view.max_tokens is None or getattr(settings, "max_tokens", None) in (None, view.max_tokens):
        return settings
    return dataclasses.replace(settings, max_tokens=view.max_tokens)


class PacklightModelProvider(ModelProvider):
    """A ``ModelProvider`` whose models are wrapped in :class:`PacklightModel`: for agents
    that name their model by a string (``Agent(model="gpt-4.1")``), which the runner resolves
    through ``RunConfig.model_provider``. ``provider`` defaults to the SDK's own
    ``MultiProvider``."""

    def __init__(self, conversation: Conversation, provider: ModelProvider | None = None) -> None:
        if provider is None:
            from agents import MultiProvider

            provider = MultiProvider()
        self.provider = provider
        self._conversation = conversation

    def get_model(self, model_name: str | None) -> Model:
        return PacklightModel(self.provider.get_model(model_name), self._conversation)

    async def aclose(self) -> None:
        await self.provider.aclose()
