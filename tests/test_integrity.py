"""A checkpoint's tag reads its words, not how blank space lays them out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.integrity import COMPACT_END_MARKER, has_valid_tag, signed, tag_for

_WORDS = st.text(
    alphabet=st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=8
)
# Every kind of blank space str.split() splits at, line breaks of other systems included.
_SPACES = st.text(alphabet=" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2028\u2029\u3000", min_size=1)


@settings(max_examples=300, deadline=None)
@given(words=st.lists(_WORDS, min_size=1, max_size=40), data=st.data())
def test_a_tag_is_the_same_however_blank_space_lays_the_words_out(
    words: list[str], data: st.DataObject
) -> None:
    laid_out = data.draw(st.sampled_from(["", "\n", "  \n\n"]))
    for word in words:
        laid_out += word + data.draw(_SPACES)
    assert tag_for(laid_out) == tag_for(" ".join(words))


@settings(max_examples=100, deadline=None)
@given(words=st.lists(_WORDS, min_size=2, max_size=30), changed=st.integers(min_value=0))
def test_a_changed_word_breaks_the_tag(words: list[str], changed: int) -> None:
    body = "[packlight checkpoint]\n" + "\n".join(words) + "\n" + COMPACT_END_MARKER
    text = signed(body)
    assert has_valid_tag(text)
    at = changed % len(words)
    forged = text.replace(words[at], words[at] + "x", 1)
    assert forged == text or not has_valid_tag(forged)
