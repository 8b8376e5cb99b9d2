"""Checkpoints that cannot be forged: an integrity tag only this installation can write.

A checkpoint is packlight's own when its message carries packlight's metadata, or, read back
from its text alone (a transcript that went through another tool), when its end line carries
a valid tag: ``[end checkpoint #qfzkeomtwbr]``. The tag is 11 lowercase letters (51 bits) of
an HMAC-SHA256, keyed by the installation's key (:mod:`packlight.local_key`), of everything
from the checkpoint marker to the end marker with runs of blank space made one, so that a
tool which re-wraps lines or changes line endings keeps the tag valid while any change to a
word breaks it. Text that merely starts with ``[packlight checkpoint]`` (a tool output, a
pasted or planted message) has no valid tag and is ordinary data. Fifty bits are plenty here:
nothing answers whether a guess was right, so a forger has one chance in 10^15. Letters, not
digits (which cost one token less): a tag of 15 digits holds any given four-digit number about
once in eighty checkpoints, so a port, a price or a year the user has since changed seemed to
be still carried, and a number to be kept seemed kept when it was not. Tags of 15 digits,
written before, still verify.

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
TAG_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
TAG_LETTERS = 11
_LEGACY_DIGITS = 15
_DOMAIN = b"packlight-checkpoint\0"
_END_MARKERS = (END_MARKER, COMPACT_END_MARKER)
_TAGGED_END = re.compile(
    "(?P<end>"
    + "|".join(re.escape(marker[:-1]) for marker in _END_MARKERS)
    + rf") #(?P<tag>[{TAG_ALPHABET}]{{{TAG_LETTERS}}}|[0-9]{{{_LEGACY_DIGITS}}})\]"
)


def tag_for(body: str) -> str:
    """The tag of a checkpoint whose text up to and including its end marker is ``body``."""
    return _tag(local_key(), _normalized(body))


def _normalized(body: str) -> str:
    """``" ".join(body.split())``, line by line: a checkpoint fitted to its budget is signed
    after each cut with all but a line or two the same, and each line is normalized once."""
    return " ".join(filter(None, map(_normalized_line, body.split("\n"))))


@functools.lru_cache(maxsize=4_096)
def _normalized_line(line: str) -> str:
    return " ".join(line.split())


@functools.lru_cache(maxsize=256)
def _tag(key: bytes, normalized: str) -> str:
    number = _mac(key, normalized)
    letters = []
    for _ in range(TAG_LETTERS):
        number, index = divmod(number, len(TAG_ALPHABET))
        letters.append(TAG_ALPHABET[index])
    return "".join(letters)


def _legacy_tag(key: bytes, normalized: str) -> str:
    """The tag as written before letters: 15 decimal digits of the same MAC."""
    return str(_mac(key, normalized) % 10**_LEGACY_DIGITS).zfill(_LEGACY_DIGITS)


def _mac(key: bytes, normalized: str) -> int:
    digest = hmac.new(key, _DOMAIN + normalized.encode("utf-8", "surrogatepass"), "sha256")
    return int.from_bytes(digest.digest()[:8], "big")


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
        tag = found["tag"]
        make = _legacy_tag if tag.isdigit() else _tag
        if hmac.compare_digest(make(key, " ".join(body.split())), tag):
            return True
    return False
