"""The OpenAI Agents SDK's ``ToolOutputTrimmer`` as a peer.

``agents.extensions.ToolOutputTrimmer`` (``openai-agents==0.24.0``) is a
``call_model_input_filter``: before each model call it replaces old, large tool outputs with
a short preview. It runs in the SDK's own virtualenv through
``runners/openai_agents_runner.py``; the SDK is never imported here.

Configuration: the SDK's defaults, ``recent_turns=2, max_output_chars=500,
preview_chars=200``, every tool eligible. The trimmer has no token trigger, so
``settings.threshold`` maps onto nothing: it filters every call, and ``force=True`` is the
same call. "Recent" is counted in user messages (everything from the second-to-last user
message on is left alone), so on a transcript with one user message it trims nothing; that
is the SDK's behaviour, reported as is (``details["trimmed_outputs"]``).

The filter changes only what one model call receives (the SDK's session keeps the full
items), so the peer keeps the untrimmed history in a :class:`ShadowHistory` and trims
``full history + new messages`` on each call.

Message conversion uses packlight's own Responses converter (:mod:`packlight.formats`), one
message at a time so each item knows its message. Leading system/developer messages become
the run's ``instructions`` and are never trimmed. Back: a message whose items came back
unchanged is the original itself; a tool result whose ``function_call_output`` was trimmed
is the original with the trimmed text as its content. Lossless for everything the trimmer
did not touch; what it touched keeps only the SDK's preview.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from packlight.evaluation.peers._external import (
    PerCallFilterPeer,
)
from packlight.formats import Format, from_canonical, to_canonical
from packlight.messages import Message

RECENT_TURNS = 2
MAX_OUTPUT_CHARS = 500
PREVIEW_CHARS = 200

Item = dict[str, Any]


def to_items(messages: Sequence[Message]) -> tuple[list[Item], list[tuple[int, int]]]:
    """Canonical messages -> Responses input items, and for each message the ``(start, end)``
    of its items. Pure."""
    items: list[Item] = []
    spans: list[tuple[int, int]] = []
    for message in messages:
        converted = cast(list[Item], from_canonical([message], Format.OPENAI_RESPONSES))
        spans.append((len(items), len(items) + len(converted)))
        items.extend(converted)
    return items, spans


def from_items(
    messages: Sequence[Message],
    sent: Sequence[Item],
    spans: Sequence[tuple[int, int]],
    returned: Sequence[Item],
) -> list[Message]:
    """Rebuild the canonical history after a filter that maps items one to one (as
    ``ToolOutputTrimmer`` does). Pure; raises ``ValueError`` when the counts differ."""
    if len(returned) != len(sent):
        raise ValueError(
            f"the filter returned {len(returned)} items for {len(sent)}: not a one-to-one filter"
        )
    result: list[Message] = []
    for message, (start, end) in zip(messages, spans, strict=True):
        before, after = sent[start:end], returned[start:end]
        if list(before) == list(after):
            result.append(message)
            continue
        if (
            message.get("role") == "tool"
            and len(after) == 1
            and after[0].get("type") == "function_call_output"
        ):
            result.append(cast(Message, {**message, "content": after[0].get("output")}))
            continue
        result.extend(to_canonical(list(after), Format.OPENAI_RESPONSES))
    return result


class ToolOutputTrimmerPeer(PerCallFilterPeer):
    """The Agents SDK's ``ToolOutputTrimmer`` (see the module docstring for its settings)."""

    name = "openai-agents-trimmer"
    runner_script = "openai_agents_runner.py"
    needs_llm = False

    def filter_request(
        self, conversation: list[Message], system: str | None, force: bool
    ) -> tuple[dict[str, Any], Callable[[Mapping[str, Any]], list[Message]]]:
        # The trimmer has no trigger: ``force`` changes nothing.
        items, spans = to_items(conversation)
        request = {
            "op": "trim",
            "items": items,
            "instructions": system,
            "recent_turns": RECENT_TURNS,
            "max_output_chars": MAX_OUTPUT_CHARS,
            "preview_chars": PREVIEW_CHARS,
        }
        return request, lambda response: from_items(conversation, items, spans, response["items"])


__all__ = ["ToolOutputTrimmerPeer", "from_items", "to_items"]
