"""Put a compacted transcript together: head + checkpoint + pinned messages + tail (DESIGN 5.5).

Pure. The head, pinned and tail messages are the caller's objects, passed through untouched;
only the first system message may be replaced by a copy carrying a one-time note (added once,
so the system prefix stays byte-stable across later compactions and prompt caches keep hitting).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from packlight.messages import Message, as_mapping, message_text

SYSTEM_NOTE = (
    "[packlight] Earlier turns of this conversation were compacted into a reference-only "
    "checkpoint (the message that starts with [packlight checkpoint]). Use it together with "
    "the current state of files and tools, and do not redo work it lists as completed."
)


def with_system_note(message: Message) -> Message:
    """A copy of a system message with :data:`SYSTEM_NOTE` appended, unless already there."""
    if SYSTEM_NOTE in message_text(message):
        return message
    data = dict(as_mapping(message))
    content = data.get("content")
    if isinstance(content, list):
        data["content"] = [*content, {"type": "text", "text": SYSTEM_NOTE}]
    else:
        data["content"] = f"{content or ''}\n\n{SYSTEM_NOTE}" if content else SYSTEM_NOTE
    return cast(Message, data)


def checkpoint_role(
    previous: Mapping[str, Any] | None, following: Mapping[str, Any] | None
) -> Literal["user", "assistant"]:
    """The role that keeps user/assistant alternation where one exists.

    After system messages (or nothing) Anthropic needs a user turn first. When neither role
    alternates with both neighbours, "user" is chosen: both providers accept consecutive user
    turns (Anthropic merges them), whereas rewriting a neighbour would break its bytes.
    """
    before = previous.get("role") if previous else None
    after = following.get("role") if following else None
    if before in {None, "system", "developer", "assistant", "tool"}:
        return "user"
    # before is "user": an assistant checkpoint alternates unless an assistant turn follows.
    return "assistant" if after != "assistant" else "user"


def assemble(
    messages: Sequence[Message],
    *,
    head_end: int,
    tail_start: int,
    pinned: Sequence[tuple[int, int]],
    checkpoint_text: str,
    checkpoint_meta: Mapping[str, Any],
    add_note: bool = True,
) -> list[Message]:
    """The compacted transcript. ``messages`` may be the pruned list (same indices)."""
    head = list(messages[:head_end])
    if add_note and head and as_mapping(head[0]).get("role") == "system":
        head[0] = with_system_note(head[0])
    kept_between = [messages[i] for start, end in pinned for i in range(start, end)]
    tail = list(messages[tail_start:])
    following = (kept_between or tail)[:1]
    role = checkpoint_role(
        as_mapping(head[-1]) if head else None,
        as_mapping(following[0]) if following else None,
    )
    checkpoint: dict[str, Any] = {
        "role": role,
        "content": checkpoint_text,
        "_packlight": dict(checkpoint_meta),
    }
    return [*head, cast(Message, checkpoint), *kept_between, *tail]
