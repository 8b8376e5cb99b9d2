"""A chat made of a person's statements, and its checkpoint at a budget in characters: the
shape of the tests that check what a checkpoint's budget keeps (public API only)."""

from __future__ import annotations

from collections.abc import Iterable

from packlight import ContextCompressor, load_settings


def statement_chat(system: str, said: Iterable[str], ask: str) -> list[dict[str, str]]:
    """The system prompt, each statement answered "Noted.", then the person's request."""
    messages: list[dict[str, str]] = [{"role": "system", "content": system}]
    for text in said:
        messages += [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted."}]
    messages.append({"role": "user", "content": ask})
    return messages


def checkpoint_at(messages: list[dict[str, str]], chars: int) -> str:
    """The compact checkpoint of all of ``messages`` (nothing kept verbatim) within ``chars``."""
    settings = load_settings(
        {"context.checkpoint_chars": chars, "context.checkpoint_frame": "compact"}
    )
    result = ContextCompressor(settings=settings).compress(messages, force=True, keep_last=0)
    assert result.checkpoint is not None
    return result.checkpoint
