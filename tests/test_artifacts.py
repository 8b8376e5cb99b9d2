"""Artifact ids and texts: the fast paths give exactly what their definitions say."""

from __future__ import annotations

import hmac
import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from packlight.artifacts import (
    Artifact,
    artifact_id,
    line_count,
    make_artifact,
    make_messages_artifact,
    message_json,
)

# Every character, lone surrogates and control characters included.
TEXT = st.text(st.characters(blacklist_categories=()), max_size=40)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)


@given(st.dictionaries(st.sampled_from(["role", "content", "name", "x"]), VALUES), TEXT)
def test_message_json_is_sorted_unescaped_json(message: dict[str, Any], content: str) -> None:
    for candidate in (message, {**message, "content": content}):
        assert message_json(candidate) == json.dumps(candidate, ensure_ascii=False, sort_keys=True)


def expected_id(key: bytes, kind: str, content: str) -> str:
    digest = hmac.digest(key, f"{kind}\0{content}".encode("utf-8", "surrogatepass"), "sha256")
    bits = int.from_bytes(digest[:16], "big") >> 3
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    return "a" + "".join(alphabet[(bits >> shift) & 31] for shift in range(120, -1, -5))


@given(st.binary(min_size=1, max_size=64), st.sampled_from(["span", "message"]), TEXT)
def test_artifact_id_is_the_keyed_hash_of_kind_and_content(
    key: bytes, kind: str, content: str
) -> None:
    # Long contents are hashed in slices: repeat the text past several slice boundaries.
    for text in (content, content * 2_000):
        assert artifact_id(key, kind, text) == expected_id(key, kind, text)
        assert artifact_id(key, kind, text) == expected_id(key, kind, text)  # memoised
        assert line_count(text) == (text.count("\n") + 1 if text else 0)


MESSAGES = st.lists(
    st.fixed_dictionaries({"role": st.sampled_from(["user", "tool"]), "content": TEXT | VALUES}),
    max_size=5,
)


@given(st.binary(min_size=1, max_size=64), MESSAGES)
def test_a_messages_artifact_is_the_artifact_of_their_json_lines(
    key: bytes, messages: list[dict[str, Any]]
) -> None:
    # Long texts cross the hash's slice boundaries inside one line and across lines.
    messages = [
        *messages,
        {"role": "user", "content": "é" * 20_000},
        {"role": "tool", "content": "x" * 40_000},
    ]
    joined = "\n".join(json.dumps(m, ensure_ascii=False, sort_keys=True) for m in messages)
    deferred = make_messages_artifact(key, "span", messages, {"start": 1})
    eager = make_artifact(key, "span", joined, {"start": 1})
    assert deferred.id == eager.id == expected_id(key, "span", joined)
    assert deferred.line_count == eager.line_count == len(messages)
    assert deferred == eager
    assert deferred.content == joined


def test_a_messages_artifact_keeps_the_messages_as_they_were_when_it_was_made() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": "run the tests"}]},
        {"role": "tool", "content": "3 passed", "tool_call_id": "call_1"},
    ]
    artifact = make_messages_artifact(b"k" * 32, "span", messages)
    before = "\n".join(json.dumps(m, ensure_ascii=False, sort_keys=True) for m in messages)
    messages[0]["content"][0]["text"] = "changed by the caller afterwards"
    messages[1]["content"] = "changed too"
    assert artifact.content == before
    assert artifact.id == expected_id(b"k" * 32, "span", before)


def test_an_artifact_is_immutable_and_pickles_with_its_text() -> None:
    artifact = make_messages_artifact(b"k" * 32, "span", [{"role": "user", "content": "hi"}])
    with pytest.raises(AttributeError, match="immutable"):
        artifact.id = "other"
    copy = pickle.loads(pickle.dumps(artifact))
    assert copy == artifact
    assert copy.content == '{"content": "hi", "role": "user"}'
    assert isinstance(copy, Artifact)
