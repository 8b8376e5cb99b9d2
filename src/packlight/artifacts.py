"""Artifacts: what compaction takes out of the window, kept whole and addressable by id.

The engine never deletes anything: a pruned tool output, a shortened argument, a stripped
image, a compacted message and a superseded ledger entry each become an :class:`Artifact`.
Ids are derived from the content with a keyed hash, so the pure pipeline can compute them
without I/O, they are stable (the same content under the same key gets the same id) and they
are unguessable without the session's key.

The engine commits artifacts to an :class:`ArtifactSink` only once a compaction has verified;
the in-memory :class:`~packlight.archive.MemoryArchive` is the default sink, the stores of
the persistence layer are others.
"""

from __future__ import annotations

import functools
import hmac
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol

from packlight.messages import copy_tree

ArtifactKind = Literal[
    "tool_result", "tool_arguments", "image", "message", "span", "ledger", "superseded"
]
ARTIFACT_SCHEME = "artifact://"


class Artifact:
    """One archived item. ``content`` is the original text (a JSON text for whole messages).

    Immutable, like a frozen dataclass. The artifact of a compacted span (one message's JSON
    per line) writes its text on the first read of ``content``: a compaction needs only the
    span's id, and the joined text of 4,000 messages was 12 MiB, more than the rest of the
    compaction's peak allocation together (one non-ASCII character makes the whole string two
    bytes per character), so it keeps independent copies of the messages instead, whose
    strings are shared, and an archive writes the text once.
    """

    __slots__ = ("_content", "_write", "id", "kind", "meta")

    id: str
    kind: ArtifactKind
    meta: Mapping[str, Any]
    _content: str | None
    _write: Callable[[], str] | None

    def __init__(
        self,
        id: str,
        kind: ArtifactKind,
        content: str,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self._init(id, kind, content, None, meta)

    @classmethod
    def deferred(
        cls,
        id: str,
        kind: ArtifactKind,
        write: Callable[[], str],
        meta: Mapping[str, Any] | None = None,
    ) -> Artifact:
        """An artifact whose content ``write()`` returns when it is first read (once)."""
        artifact = cls.__new__(cls)
        artifact._init(id, kind, None, write, meta)
        return artifact

    def _init(
        self,
        id: str,
        kind: ArtifactKind,
        content: str | None,
        write: Callable[[], str] | None,
        meta: Mapping[str, Any] | None,
    ) -> None:
        for name, value in (
            ("id", id),
            ("kind", kind),
            ("meta", {} if meta is None else meta),
            ("_content", content),
            ("_write", write),
        ):
            object.__setattr__(self, name, value)

    @property
    def content(self) -> str:
        content = self._content
        if content is None:
            write = self._write
            assert write is not None  # one of the two is always set
            content = write()
            object.__setattr__(self, "_content", content)
            object.__setattr__(self, "_write", None)
        return content

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: Artifact is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: Artifact is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Artifact):
            return NotImplemented
        return (self.id, self.kind, self.meta, self.content) == (
            other.id,
            other.kind,
            other.meta,
            other.content,
        )

    def __reduce__(self) -> tuple[type[Artifact], tuple[str, ArtifactKind, str, Mapping[str, Any]]]:
        # Pickled (a compaction in a worker process) with its text written out.
        return (Artifact, (self.id, self.kind, self.content, self.meta))

    __hash__ = None  # type: ignore[assignment]  # meta is a mapping, as before: unhashable

    def __repr__(self) -> str:
        return (
            f"Artifact(id={self.id!r}, kind={self.kind!r}, content={self.content!r}, "
            f"meta={self.meta!r})"
        )

    @property
    def line_count(self) -> int:
        return self.content.count("\n") + 1 if self.content else 0

    @property
    def uri(self) -> str:
        return artifact_uri(self.id)


# Each compaction archives the same long outputs again (pruning describes them by their size):
# a multi-megabyte log cost a few tenths of a millisecond to count each time. Once per string
# in the process, like the ids below; Python caches a str's hash, so a repeat is a lookup.
@functools.lru_cache(maxsize=8_192)
def line_count(text: str) -> int:
    """Lines of ``text`` as :attr:`Artifact.line_count` counts them (memoised)."""
    return text.count("\n") + 1 if text else 0


def artifact_id(key: bytes, kind: str, content: str) -> str:
    """A stable id for ``content``, unguessable without ``key`` (26 lowercase base32 chars)."""
    return _artifact_id(key, kind, content)


# Pruning and compaction archive the same outputs again at every escalation level and every
# later compaction; the id depends only on these three values, so hash each once.
@functools.lru_cache(maxsize=16_384)
def _artifact_id(key: bytes, kind: str, content: str) -> str:
    # HMAC-SHA256 rather than keyed BLAKE2b: OpenSSL's SHA-256 uses the CPU's SHA extensions
    # and hashes a multi-megabyte transcript in about half the time.
    # Fed in pieces: joining the kind and a multi-megabyte non-ASCII content into one str
    # copied the content once more, and encoding it whole before hashing went through main
    # memory twice; slices that stay in the CPU cache hash a long text in three quarters of
    # the time. UTF-8 encodes code point by code point, so the bytes are the same. (Keeping
    # the bytes of long texts for another key's engine held 7 MiB, more than the rest of a
    # 4,000-message compaction's peak allocation beside its span.)
    mac = hmac.new(key, f"{kind}\0".encode(), "sha256")
    for start in range(0, len(content), _HASH_SLICE_CHARS):
        part = content[start : start + _HASH_SLICE_CHARS]
        mac.update(part.encode("utf-8", "surrogatepass"))
    return _encoded_id(mac.digest())


def _encoded_id(digest: bytes) -> str:
    # 125 bits as 25 base32 characters, without base64.b32encode's pure-Python loop.
    bits = int.from_bytes(digest[:16], "big") >> 3
    return "a" + "".join([_BASE32[(bits >> shift) & 31] for shift in range(120, -1, -5)])


_BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
_HASH_SLICE_CHARS = 16_384


def make_artifact(
    key: bytes, kind: ArtifactKind, content: str, meta: Mapping[str, Any] | None = None
) -> Artifact:
    return Artifact(
        id=artifact_id(key, kind, content), kind=kind, content=content, meta=dict(meta or {})
    )


def make_messages_artifact(
    key: bytes,
    kind: ArtifactKind,
    messages: Sequence[Mapping[str, Any]],
    meta: Mapping[str, Any] | None = None,
) -> Artifact:
    """The artifact :func:`make_artifact` makes of the messages' JSON, one per line
    (:func:`message_json`), with the same id; the text is written when first read, from copies
    of the messages (a caller changing its messages later changes nothing here)."""
    copies = [copy_tree(message) for message in messages]
    mac = hmac.new(key, f"{kind}\0".encode(), "sha256")
    for number, message in enumerate(copies):
        if number:
            mac.update(b"\n")
        line = message_json(message)
        for start in range(0, len(line), _HASH_SLICE_CHARS):
            mac.update(line[start : start + _HASH_SLICE_CHARS].encode("utf-8", "surrogatepass"))
    return Artifact.deferred(
        _encoded_id(mac.digest()),
        kind,
        lambda: "\n".join([message_json(message) for message in copies]),
        dict(meta or {}),
    )


_ASCII_JSON = json.JSONEncoder(sort_keys=True)
_TEXT_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True)


def message_json(message: Mapping[str, Any]) -> str:
    """The text an artifact keeps for a whole message: its JSON with sorted keys and
    non-ASCII characters as themselves (``json.dumps(message, ensure_ascii=False,
    sort_keys=True)``), on one line."""
    # The ASCII-escaping encoder is several times faster on long text, and its output is the
    # same whenever it contains no escape that ensure_ascii=False would have spelt as itself;
    # "\\u" marks each such escape (and also control characters, which both escape alike).
    # A non-ASCII text content (str.isascii is O(1) in CPython) would only be encoded twice.
    content = message.get("content")
    if isinstance(content, str) and not content.isascii():
        return _TEXT_JSON.encode(message)
    text = _ASCII_JSON.encode(message)
    return _TEXT_JSON.encode(message) if "\\u" in text else text


def artifact_uri(
    identifier: str, start_line: int | None = None, end_line: int | None = None
) -> str:
    """``artifact://ID`` or ``artifact://ID#Lstart-Lend``: how checkpoints and digests cite."""
    if start_line is None:
        return f"{ARTIFACT_SCHEME}{identifier}"
    if end_line is None or end_line == start_line:
        return f"{ARTIFACT_SCHEME}{identifier}#L{start_line}"
    return f"{ARTIFACT_SCHEME}{identifier}#L{start_line}-L{end_line}"


class ArtifactSink(Protocol):
    """Where the engine commits artifacts. Implemented by the in-memory archive and the stores."""

    def put(self, artifact: Artifact) -> None:
        """Store an artifact; storing the same id twice is a no-op."""
        ...

    def get(self, identifier: str) -> Artifact | None:
        """The artifact with this id, or ``None``."""
        ...
