"""Artifact ids and texts: the fast paths give exactly what their definitions say."""

from __future__ import annotations

import hmac
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from packlight.artifacts import artifact_id, line_count, message_json

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
