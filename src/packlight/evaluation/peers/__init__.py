"""The systems ``packlight eval`` compares, by name, imported only when asked for.

Every entry is ``module:Class``; the class is constructed with a :class:`PeerSettings` and
implements :class:`Peer`. External peers (LangChain, the OpenAI Agents SDK, hermes-agent) run
in their own virtualenvs and raise :class:`PeerUnavailable` when those are not set up.
"""

from __future__ import annotations

import importlib

from packlight.evaluation.peers.base import (
    Peer,
    PeerOutcome,
    PeerSettings,
    PeerUnavailable,
)

PEERS: dict[str, str] = {
    "packlight": "packlight.evaluation.peers.packlight_peer:PacklightPeer",
    "none": "packlight.evaluation.peers.builtin:NoCompaction",
    "truncation": "packlight.evaluation.peers.builtin:Truncation",
    "masking": "packlight.evaluation.peers.builtin:ObservationMasking",
    "langchain-summarization": "packlight.evaluation.peers.langchain:SummarizationPeer",
    "langchain-clear-tool-uses": "packlight.evaluation.peers.langchain:ClearToolUsesPeer",
    "openai-agents-trimmer": "packlight.evaluation.peers.openai_agents:ToolOutputTrimmerPeer",
    "hermes": "packlight.evaluation.peers.hermes:HermesPeer",
}
"""Name -> ``module:Class``. ``--peers all`` means every entry but ``packlight`` itself."""


def create_peer(name: str, settings: PeerSettings) -> Peer:
    """Construct the peer called ``name``; :class:`PeerUnavailable` says why one cannot run."""
    try:
        target = PEERS[name]
    except KeyError:
        known = ", ".join(sorted(PEERS))
        raise PeerUnavailable(f"unknown peer {name!r}; known peers: {known}") from None
    module_name, _, class_name = target.partition(":")
    module = importlib.import_module(module_name)
    peer: Peer = getattr(module, class_name)(settings)
    return peer


__all__ = ["PEERS", "Peer", "PeerOutcome", "PeerSettings", "PeerUnavailable", "create_peer"]
