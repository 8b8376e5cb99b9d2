"""The last resort of a live session: the latest user message cut to fit the window.

packlight never cuts the latest user message while anything else can give way. When the
system prompt, that message and the least tail a transcript can keep are over the window on
their own (a task pasted whole into an 8K window), every compaction fails and the provider
refuses every request; the only request it will take is one whose latest message is shorter.
:func:`cut_to_fit` keeps the message's beginning and end (where instructions and questions
usually sit) around a marker that says how much was cut and where the whole message is kept.
"""

from __future__ import annotations

from typing import cast

from packlight.messages import Message, as_mapping

HEAD_SHARE = 2 / 3
"""Share of the kept characters taken from the beginning of the message."""
MIN_KEPT_TOKENS = 200
"""Below this a cut message would no longer say what was asked: better to give up."""


def cut_to_fit(
    message: Message, *, keep_tokens: int, total_tokens: int, where: str
) -> Message | None:
    """A copy of ``message`` (text content) cut to about ``keep_tokens`` of its
    ``total_tokens``, or ``None`` when that is too little to keep or the content is not text.
    ``where`` says where the whole message is kept (an ``artifact://`` URI)."""
    content = as_mapping(message).get("content")
    if not isinstance(content, str) or keep_tokens < MIN_KEPT_TOKENS or total_tokens <= 0:
        return None
    keep_chars = int(len(content) * min(keep_tokens / total_tokens, 1.0))
    if keep_chars >= len(content):
        return None
    head = int(keep_chars * HEAD_SHARE)
    tail = keep_chars - head
    marker = (
        f"\n\n[packlight: {len(content) - keep_chars:,} of this message's {len(content):,} "
        "characters were cut here so that the request fits the model's context window; the "
        f"whole message is {where}]\n\n"
    )
    cut = content[:head] + marker + (content[-tail:] if tail else "")
    return cast(Message, {**as_mapping(message), "content": cut})
