"""``input_filter``: packlight as the SDK's ``RunConfig.call_model_input_filter``.

The runner calls the filter before every model call of a run with the whole input it is
about to send (the session's history, the new input, every item the run generated so far)
and the agent's instructions. The filter hands back packlight's view of it: compacted when
the request crosses the threshold or would not fit, the same prefix byte for byte between
compactions. The SDK reads a session once per ``Runner.run``, so this is what keeps one long
run inside the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from packlight.integrations.openai_agents._conversation import Conversation, tool_schemas

RawItems = Callable[[list[Any]], list[Any]]
"""Maps the runner's input to the raw history it stands for (a packlight session memory
hands the runner a compacted list; the raw items behind it are its own)."""


class InputFilter:
    """A ``call_model_input_filter`` over one conversation (see :func:`input_filter`).

    ``packlight`` is its :class:`~packlight.AsyncSession` (stats, manual compaction).
    """

    def __init__(self, conversation: Conversation, raw_items: RawItems | None = None) -> None:
        self._conversation = conversation
        self._raw_items = raw_items

    @property
    def packlight(self) -> Any:
        """The :class:`~packlight.AsyncSession` this filter prepares with."""
        return self._conversation.session

    @property
    def conversation(self) -> Conversation:
        return self._conversation

    def wrap_model(self, model: Any) -> Any:
        """``model`` (an ``agents.Model``) recovering from overflow errors on this filter's
        conversation (:class:`~packlight.integrations.openai_agents.PacklightModel`)."""
        from packlight.integrations.openai_agents._model import PacklightModel

        if isinstance(model, PacklightModel):
            return model
        return PacklightModel(model, self._conversation)

    async def __call__(self, data: Any) -> Any:
        """``CallModelData`` in, ``ModelInputData`` out (the SDK's own types)."""
        from agents.run_config import ModelInputData

        model_data = data.model_data
        items: Sequence[Any] = model_data.input
        if self._raw_items is not None:
            items = self._raw_items(list(items))
        tools = tool_schemas(getattr(data.agent, "tools", None) or ())
        # The agent's own cap (a RunConfig's, which wins over it, is not shown to filters;
        # the model wrapper sees the one in force).
        max_tokens = getattr(getattr(data.agent, "model_settings", None), "max_tokens", None)
        view = await self._conversation.prepare(
            items,
            model_data.instructions,
            tools,
            max_tokens if isinstance(max_tokens, int) else None,
        )
        items_out: list[Any] = list(view.items)
        return ModelInputData(input=items_out, instructions=view.instructions)
