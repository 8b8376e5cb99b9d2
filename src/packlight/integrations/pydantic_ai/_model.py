"""``PacklightModel``: recovery from a provider's context-overflow error inside pydantic-ai.

A history processor runs before the request and cannot see the provider's answer. The model
wrapper can: when the wrapped model raises (pydantic-ai's ``ModelHTTPError`` for a provider
400, its cause the SDK's own error), the processor's session reads the error; an overflow
makes it learn what the provider stated and compact harder, and the request is sent again
with the new view (at most ``live.max_recovery_attempts`` times, then
:class:`packlight.ContextOverflowError`). Any other error is raised unchanged.

The retried view is the session's from then on: the next model request's history processor
sends the compacted prefix the recovery made, followed by what came after.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import KnownModelName, Model, ModelRequestParameters, StreamedResponse
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.settings import ModelSettings
from pydantic_ai.tools import RunContext

from packlight.integrations.pydantic_ai._processor import (
    AsyncPacklightHistory,
    PacklightHistory,
    RecoveryRequest,
    output_cap,
)


class PacklightModel(WrapperModel):
    """``wrapped`` with overflow recovery through ``processor``'s session::

    processor = history_processor(context_window=8192)
    agent = Agent(PacklightModel("openai:gpt-4o", processor),
                  capabilities=[ProcessHistory(processor)])
    """

    def __init__(
        self,
        wrapped: Model | KnownModelName | str,
        processor: PacklightHistory | AsyncPacklightHistory,
    ) -> None:
        super().__init__(wrapped)
        self.processor = processor

    async def _retry_with(
        self,
        error: BaseException,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        parameters: ModelRequestParameters,
    ) -> list[ModelMessage]:
        request = RecoveryRequest(
            messages,
            [*parameters.function_tools, *parameters.output_tools],
            output_cap(model_settings),
            self.model_name,
        )
        processor = self.processor
        if isinstance(processor, AsyncPacklightHistory):
            return await processor.recover(error, request)
        # A compaction is CPU work: off the event loop, as pydantic-ai runs sync processors.
        return await asyncio.to_thread(processor.recover, error, request)

    async def request(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
    ) -> ModelResponse:
        attempt = messages
        while True:
            try:
                return await self.wrapped.request(attempt, model_settings, model_request_parameters)
            except Exception as error:
                # Raises ``error`` itself unless it is an overflow recovery can still help.
                attempt = await self._retry_with(
                    error, attempt, model_settings, model_request_parameters
                )

    @asynccontextmanager
    async def request_stream(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
        run_context: RunContext[Any] | None = None,
    ) -> AsyncIterator[StreamedResponse]:
        attempt = messages
        while True:
            stack = AsyncExitStack()
            try:
                stream = await stack.enter_async_context(
                    self.wrapped.request_stream(
                        attempt, model_settings, model_request_parameters, run_context
                    )
                )
            except Exception as error:
                await stack.aclose()
                attempt = await self._retry_with(
                    error, attempt, model_settings, model_request_parameters
                )
                continue
            # Only opening the stream is retried: errors after that are the caller's.
            async with stack:
                yield stream
            return
