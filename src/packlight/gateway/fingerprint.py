"""Which conversation a request continues, from its history alone (pure).

A client of the gateway resends its whole raw history every turn. Each prefix of that history
gets a digest, chained message by message, so that the digest of the first ``k`` messages is
known for every ``k`` in one pass. The store keeps, per session, the digest of the history
its client sent last (the session's *head*); a new request continues the session whose head
is the digest of one of its prefixes: the conversation whose last history it extends.

Two conversations that start alike and then diverge never share a session: once one of them
has moved the head past the common part, the other's history no longer extends it and it
gets its own session.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from packlight.store.base import ConversationHead

__all__ = ["Continuation", "continued", "prefix_digests"]

_SEPARATOR = b"\x1e"


# Key order is not content: a client that rebuilds its dicts must get the same digest. One
# encoder for every call (json.dumps with options builds a new one each time).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _encoded(value: Any) -> bytes:
    return _CANONICAL.encode(value).encode("utf-8", "surrogatepass")


def prefix_digests(messages: Sequence[Any], *, api: str, preamble: Any = None) -> list[str]:
    """``result[k]`` is the digest of ``messages[: k + 1]`` in a request to ``api`` whose
    ``preamble`` (Anthropic's ``system`` parameter) is what comes before the messages."""
    state = hashlib.blake2b(digest_size=20)
    state.update(api.encode())
    state.update(_SEPARATOR)
    state.update(_encoded(preamble))
    digests: list[str] = []
    for message in messages:
        state.update(_SEPARATOR)
        state.update(_encoded(message))
        digests.append(state.copy().hexdigest())
    return digests


@dataclass(frozen=True, slots=True)
class Continuation:
    """The session a request continues, and how much of the request it has seen."""

    head: ConversationHead
    seen: int
    """Messages of the request the session's last history already held."""


def continued(digests: Sequence[str], heads: Sequence[ConversationHead]) -> Continuation | None:
    """The head among ``heads`` (newest first) that ``digests`` extends furthest, if any."""
    best: Continuation | None = None
    for head in heads:
        if not 1 <= head.length <= len(digests) or digests[head.length - 1] != head.head:
            continue
        if best is None or head.length > best.seen:
            best = Continuation(head, head.length)
    return best
