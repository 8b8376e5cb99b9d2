"""Checkpoints that cannot be forged: an integrity tag only this installation can write.

A checkpoint is packlight's own when its message carries packlight's metadata, or, read back
from its text alone (a transcript that went through another tool), when its end line carries
a valid tag: ``[end checkpoint #480213957716304]``. The tag is 15 decimal digits (50 bits)
of an HMAC-SHA256, keyed by the installation's key (:mod:`packlight.local_key`), of
everything from the checkpoint marker to the end marker with runs of blank space made one,
so that a tool which re-wraps lines or changes line endings keeps the tag valid while any
change to a word breaks it. Text that merely starts with ``[packlight checkpoint]`` (a tool
output, a pasted or planted message) has no valid tag and is ordinary data. Fifty bits are
plenty here: nothing answers whether a guess was right, so a forger has one chance in 10^15.
Digits because tokenizers read them three at a time: the tag costs 6 tokens, where as many
bits in base32 cost 7 to 10.

Pure apart from the key, which is read once per process.
"""

from __future__ import annotations

import functools
import hmac
import re

from packlight.local_key import local_key

END_MARKER = "[end of checkpoint: continue from the conversation below]"
"""The end line of a checkpoint in the full frame (its tag goes before the closing bracket)."""
COMPACT_END_MARKER = "[end checkpoint]"
"""The end line of a checkpoint in the compact frame."""
TAG_DIGITS = 15
_DOMAIN = b"packlight-checkpoint\0"
_END_MARKERS = (END_MARKER, COMPACT_END_MARKER)
_TAGGED_END = re.compile(
    "(?P<end>"
    + "|".join(re.escape(marker[:-1]) for marker in _END_MARKERS)
    + r") #(?P<tag>[0-9]{15})\]"
)


def tag_for(body: str) -> str:
    """The tag of a checkpoint whose text up to and including its end marker is ``body``."""
    return _tag(local_key(), " ".join(body.split()))


@functools.lru_cache(maxsize=256)
def _tag(key: bytes, normalized: str) -> str:
    digest = hmac.new(key, _DOMAIN + normalized.encode("utf-8", "surrogatepass"), "sha256")
    return str(int.from_bytes(digest.digest()[:8], "big") % 10**TAG_DIGITS).zfill(TAG_DIGITS)


def signed(body: str) -> str:
    """``body``, a checkpoint ending with one of the end markers, with its tag written into
    that end marker."""
    for marker in _END_MARKERS:
        if body.endswith(marker):
            return f"{body[:-1]} #{tag_for(body)}]"
    raise ValueError("a checkpoint to sign ends with its end marker")


def without_tag(line: str) -> str:
    """``line`` with a tagged end marker written as the plain end marker."""
    return _TAGGED_END.sub(lambda found: found["end"] + "]", line)


def has_valid_tag(text: str) -> bool:
    """Whether ``text`` (a message's text, starting with the checkpoint marker) holds an end
    line whose tag this installation wrote for everything before it."""
    return _verified(local_key(), text)


@functools.lru_cache(maxsize=512)
def _verified(key: bytes, text: str) -> bool:
    # A checkpoint is checked on every turn it stays in the window: remember the answer.
    start = len(text) - len(text.lstrip())
    for found in _TAGGED_END.finditer(text, start):
        body = text[start : found.end("end")] + "]"
        if hmac.compare_digest(_tag(key, " ".join(body.split())), found["tag"]):
            return True
    return False
