"""Small transcripts written by hand for the evaluation tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from packlight.evaluation.peers.base import PeerOutcome
from packlight.messages import Message


def call(call_id: str, command: str, name: str = "bash") -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps({"command": command})},
    }


def shell_turn(
    call_id: str, command: str, output: str, *, text: str = "Running it."
) -> list[dict[str, Any]]:
    """An assistant message with one bash call and its result."""
    return [
        {"role": "assistant", "content": text, "tool_calls": [call(call_id, command)]},
        {"role": "tool", "tool_call_id": call_id, "content": output},
    ]


def session(turns: int, *, output_chars: int = 400) -> list[dict[str, Any]]:
    """A system prompt, one task, then ``turns`` shell turns with outputs of a given size."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent. Never push to main."},
        {"role": "user", "content": "Fix the failing test in src/app/models.py, please."},
    ]
    for number in range(turns):
        messages += shell_turn(
            f"call_{number}",
            f"grep -n item_{number} src/app/models.py",
            f"<returncode>0</returncode>\n{number}: " + "x" * output_chars,
        )
    messages.append({"role": "assistant", "content": "Done."})
    return messages


class FixedCheckpointPeer:
    """A peer that returns one fixed checkpoint message and the latest message, every call."""

    name = "fixed-checkpoint"
    needs_llm = False

    def __init__(self, checkpoint: Message) -> None:
        self.checkpoint = checkpoint

    def reset(self) -> None:
        pass

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        return PeerOutcome(messages=[self.checkpoint, *history[-1:]], compacted=True)

    def close(self) -> None:
        pass
