"""Forced compaction rounds through a peer, shared by the probes that plant messages into a
trajectory (canaries, task switches): each round appends a short exchange (from the second
on), forces a compaction, and says whether the peer broke a tool-call pairing the input had
intact. A peer's crash ends the rounds and is recorded, not raised."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from packlight.evaluation.peers.base import Peer, PeerOutcome
from packlight.evaluation.replay import pair_problems
from packlight.evaluation.visibility import sent
from packlight.messages import Message

__all__ = ["Round", "forced_rounds"]


@dataclass(frozen=True, slots=True)
class Round:
    """One forced compaction."""

    number: int
    given: list[Message]
    """What was sent to the peer, as a provider would receive it."""
    outcome: PeerOutcome
    outgoing: list[Message]
    """What the peer returned, as a provider would receive it."""
    invalid: bool
    """Whether the peer left a tool call or result unpaired that was paired before."""


def forced_rounds(
    peer: Peer,
    messages: Sequence[Message],
    rounds: int,
    *,
    exchange: Callable[[Sequence[Message], int], list[Message]],
    errors: list[str],
) -> Iterator[Round]:
    """The rounds of ``messages`` through ``peer``, each compacting the previous round's
    output; a peer's error or crash is appended to ``errors`` (a crash ends the rounds)."""
    history = list(messages)
    for number in range(1, rounds + 1):
        if number > 1:
            history = exchange(history, number)
        given = sent(history)
        before = pair_problems(given)
        try:
            outcome = peer.prepare(history, force=True)
        except Exception as exc:  # a peer's crash is a result, not the end of the run
            errors.append(f"round {number}: {type(exc).__name__}: {exc}")
            return
        if outcome.error:
            errors.append(f"round {number}: {outcome.note or 'error'}")
        history = list(outcome.messages)
        outgoing = sent(history)
        after = pair_problems(outgoing)
        invalid = any(after[key] > before[key] for key in after)
        yield Round(number, given, outcome, outgoing, invalid)
