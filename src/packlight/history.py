"""What a live session has seen of the caller's own history, to tell "it grew" from "it changed".

Agents resend their whole history every turn. A :class:`SeenHistory` remembers, per message, a
stable digest of its content (role, text, tool calls, provider fields; ``None`` values and
packlight's ``_packlight`` metadata left out), and the identity of the message and of its
``content`` so that a turn whose list still holds the same objects is checked in two C-speed
list comparisons instead of hashing everything again. Only positions whose objects changed
are hashed; a message rebuilt with the same content (SDK objects dumped anew, a list read
back from JSON) therefore still matches, and one edited in place (its ``content`` replaced)
does not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from itertools import repeat
from typing import Any

from packlight.messages import PACKLIGHT_KEY


def _normalised(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {
            str(key): _normalised(item)
            for key, item in value.items()
            if item is not None and key != PACKLIGHT_KEY
        }
    if isinstance(value, list | tuple):
        return [_normalised(item) for item in value]
    return value


def message_digest(message: Mapping[str, Any]) -> bytes:
    """A stable 128-bit digest of what a message says (not of how its dict was built)."""
    text = json.dumps(
        _normalised(message),
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        default=repr,
    )
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _content_ids(messages: Sequence[Mapping[str, Any]]) -> list[int]:
    if all(type(m) is dict for m in messages):
        return list(map(id, map(dict.get, messages, repeat("content"))))  # type: ignore[arg-type]
    return [id(m.get("content")) for m in messages]


class SeenHistory:
    """The caller's raw history as the session last saw it."""

    def __init__(self) -> None:
        self._ids: list[int] = []
        self._content_ids: list[int] = []
        # Holding the objects keeps their ids from being reused by new ones.
        self._refs: list[Mapping[str, Any]] = []
        self._digests: list[bytes] = []

    def __len__(self) -> int:
        return len(self._digests)

    @property
    def digests(self) -> list[bytes]:
        return list(self._digests)

    def common_prefix(self, messages: Sequence[Mapping[str, Any]]) -> int:
        """How many leading ``messages`` say exactly what the seen history says there."""
        ids = list(map(id, messages))
        contents = _content_ids(messages)
        known = min(len(ids), len(self._ids))
        if ids[:known] == self._ids[:known] and contents[:known] == self._content_ids[:known]:
            return known
        for index in range(known):
            same_object = ids[index] == self._ids[index]
            if same_object and contents[index] == self._content_ids[index]:
                continue
            if message_digest(messages[index]) != self._digests[index]:
                return index
        return known

    def adopt(self, messages: Sequence[Mapping[str, Any]], common: int) -> None:
        """Remember ``messages`` as the history, given that the first ``common`` match."""
        self._digests[common:] = [message_digest(m) for m in messages[common:]]
        self._ids = list(map(id, messages))
        self._content_ids = _content_ids(messages)
        self._refs = list(messages)

    def reset(self, digests: Sequence[bytes] = ()) -> None:
        """Forget everything (a new lineage), or start from known ``digests`` (a restart)."""
        self._digests = list(digests)
        # Unknown objects: every position is checked by digest until the next adopt().
        self._ids = [0] * len(self._digests)
        self._content_ids = [0] * len(self._digests)
        self._refs = []
