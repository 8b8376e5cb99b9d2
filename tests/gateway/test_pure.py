"""The gateway's pure pieces: prefix digests, stream splitting, keys."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from packlight.gateway.errors import GatewayError
from packlight.gateway.fingerprint import continued, prefix_digests
from packlight.gateway.keys import Keys, owner_of
from packlight.gateway.sse import EventSplitter
from packlight.store.base import ConversationHead

MOMENT = datetime(2026, 12, 3, tzinfo=UTC)


def head(session: str, digests: list[str], length: int) -> ConversationHead:
    return ConversationHead(session, "o", digests[length - 1], length, MOMENT)


def test_a_digest_is_of_the_whole_prefix_and_ignores_key_order() -> None:
    messages = [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]
    digests = prefix_digests(messages, api="openai")
    assert len(digests) == 2
    assert len(set(digests)) == 2
    reordered = [{"content": "a", "role": "user"}, {"content": "b", "role": "assistant"}]
    assert prefix_digests(reordered, api="openai") == digests
    assert prefix_digests(messages, api="anthropic") != digests
    assert prefix_digests(messages, api="anthropic", preamble="sys") != prefix_digests(
        messages, api="anthropic"
    )
    changed = [messages[0], {"role": "assistant", "content": "c"}]
    assert prefix_digests(changed, api="openai")[0] == digests[0]
    assert prefix_digests(changed, api="openai")[1] != digests[1]


def test_the_longest_extended_head_wins() -> None:
    digests = prefix_digests([{"role": "user", "content": str(i)} for i in range(6)], api="x")
    other = prefix_digests([{"role": "user", "content": "z"}], api="x")
    heads = [head("short", digests, 2), head("long", digests, 5), head("other", other, 1)]
    found = continued(digests, heads)
    assert found is not None
    assert (found.head.session_id, found.seen) == ("long", 5)
    assert continued(digests[:4], heads) is not None
    assert continued(digests[:1], heads) is None
    assert continued(other, heads[:2]) is None


@given(
    st.lists(
        st.binary(min_size=1, max_size=40).filter(lambda b: b"\n" not in b and b"\r" not in b),
        min_size=1,
        max_size=8,
    ),
    st.lists(st.integers(min_value=1, max_value=17), min_size=1, max_size=30),
    st.sampled_from([b"\n\n", b"\r\n\r\n"]),
)
def test_events_come_out_whole_however_the_bytes_are_cut(
    payloads: list[bytes], cuts: list[int], end: bytes
) -> None:
    stream = b"".join(b"data: " + payload + end for payload in payloads)
    splitter = EventSplitter()
    events: list[bytes] = []
    position = 0
    for size in [*cuts, len(stream)]:
        events.extend(event.raw for event in splitter.feed(stream[position : position + size]))
        position += size
    assert events == [b"data: " + payload + end for payload in payloads]
    assert splitter.rest() == b""


def test_keys_accept_only_their_own_and_name_owners_by_digest() -> None:
    keys = Keys.build(["k1", " k2 "])
    assert keys.authenticate({"authorization": "Bearer k2"}, "openai") == "k2"
    assert keys.authenticate({"x-api-key": "k1"}, "anthropic") == "k1"
    for headers in ({}, {"authorization": "Bearer k3"}, {"authorization": "Basic k1"}):
        with pytest.raises(GatewayError) as refused:
            keys.authenticate(headers, "openai")
        assert refused.value.status == 401
    assert owner_of("k1") != owner_of("k2")
    assert "k1" not in owner_of("k1")
    assert keys.for_upstream("k1") is None  # a closed gateway never forwards its own keys
    assert Keys.build([], upstream_key="up").for_upstream("caller") == "up"
    assert Keys.build([]).for_upstream("caller") == "caller"
    assert Keys.build(["k1"], upstream_key="up", pass_through=True).for_upstream("k1") == "k1"
