"""Images in canonical transcripts: drop the ones that only cost tokens, shrink oversized ones.

An image part is one of ``{"type": "image_url", "image_url": {"url": ...}}`` (the canonical
shape), ``{"type": "input_image", "image_url": ...}`` (OpenAI Responses) or ``{"type":
"image", "source": {...}}`` (Anthropic). The URL is either a base64 ``data:`` URL or a remote
address; remote images are never fetched, so only their parts can be dropped, never shrunk.

- :func:`strip_historical_images` replaces every image outside the latest user message with a
  short text note, since an agent rarely needs to look again at an old screenshot and each one
  costs hundreds to thousands of tokens on every request.
- :func:`shrink_images` re-encodes the images a provider would refuse (over a byte or pixel
  limit) with Pillow, and replaces them with a note when that is not possible.

Pillow is optional (``pip install 'packlight[images]'``) and imported only when an image has
to be read. Nothing here mutates its argument: messages without a change are returned as the
same objects, changed ones are new dicts.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, cast

from packlight.errors import ConfigError
from packlight.messages import IMAGE_PART_TYPES, Message, as_mapping

if TYPE_CHECKING:
    from PIL.Image import Image as PillowImage

IMAGE_NOTE = "[image removed: {details}; too large to send to the provider]"
"""The text that replaces an image :func:`shrink_images` could not bring under the limits."""

HISTORICAL_IMAGE_NOTE = "[image omitted from an earlier turn: {details}]"
"""The text that replaces an image :func:`strip_historical_images` drops."""

_JPEG_QUALITIES = (85, 70, 50)
_LOSSLESS_SOURCES = frozenset({"PNG", "GIF", "BMP", "TIFF"})
_MAX_ATTEMPTS = 12
_SMALLEST_SIDE = 16  # below this an image shows nothing worth its tokens


@dataclass(frozen=True, slots=True)
class _Image:
    """What a part says about its image: a media type and, for inline images, the data."""

    media_type: str | None
    data: str | None  # base64, for inline images
    remote: bool

    @property
    def approx_bytes(self) -> int | None:
        if self.data is None:
            return None
        padding = len(self.data) - len(self.data.rstrip("="))
        return len(self.data) * 3 // 4 - padding

    def details(self) -> str:
        if self.data is None:
            return "remote image" if self.remote else "image"
        kilobytes = max(1, round((self.approx_bytes or 0) / 1024))
        return f"{self.media_type or 'image'}, {kilobytes} KB"


def images_available() -> bool:
    """Whether Pillow is installed, so that :func:`shrink_images` can re-encode images."""
    try:
        # ``from`` goes through the PIL package, so a blocked or broken package reads as absent.
        from PIL import Image, ImageOps  # noqa: F401
    except ImportError:
        return False
    return True


def strip_historical_images(
    messages: Sequence[Message], *, keep_latest_user: bool = True
) -> tuple[list[Message], int]:
    """Replace every image outside the latest user message with a short text note.

    Returns the new transcript and how many images were replaced. Images in tool results
    after the latest user message are historical too. With ``keep_latest_user=False`` every
    image goes.
    """
    keep = -1
    if keep_latest_user:
        for index in range(len(messages) - 1, -1, -1):
            if as_mapping(messages[index]).get("role") == "user":
                keep = index
                break

    def note(part: Mapping[str, Any], image: _Image) -> dict[str, Any] | None:
        return _note_part(part, HISTORICAL_IMAGE_NOTE.format(details=image.details()))

    result: list[Message] = []
    replaced = 0
    for index, message in enumerate(messages):
        if index == keep:
            result.append(message)
            continue
        new_message, count = _map_images(message, note)
        result.append(new_message)
        replaced += count
    return result, replaced


def shrink_images(
    messages: Sequence[Message], *, max_bytes: int, max_dimension: int | None = None
) -> tuple[list[Message], int]:
    """Bring every inline image under ``max_bytes`` (decoded) and ``max_dimension`` pixels.

    An image over a limit is downscaled, keeping its aspect ratio, and re-encoded: PNG when it
    has transparency; otherwise PNG first for lossless sources (screenshots keep sharp text)
    and then JPEG at falling quality. When Pillow is missing, the image cannot be decoded or
    no attempt fits, the part becomes a text note. ``max_dimension`` is checked only when
    Pillow can read the image. Animated images keep their first frame. Remote URLs are left
    alone. ``max_bytes`` counts decoded bytes; base64 text is a third larger, so for a limit
    on the encoded request pass three quarters of it.

    Returns the new transcript and how many images were changed (re-encoded or replaced).
    """
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
        raise ConfigError("images.max_bytes", max_bytes, "a positive number of bytes")
    if max_dimension is not None and (
        isinstance(max_dimension, bool) or not isinstance(max_dimension, int) or max_dimension < 1
    ):
        raise ConfigError("images.max_dimension", max_dimension, "a positive number of pixels")
    pillow = images_available()

    def shrink(part: Mapping[str, Any], image: _Image) -> dict[str, Any] | None:
        if image.data is None:
            return None
        too_big = (image.approx_bytes or 0) > max_bytes
        removed = _note_part(part, IMAGE_NOTE.format(details=image.details()))
        if not pillow:
            return removed if too_big else None
        try:
            raw = base64.b64decode(image.data)
        except (binascii.Error, ValueError):
            return removed if too_big else None
        outcome = _reencode(raw, max_bytes=max_bytes, max_dimension=max_dimension)
        if outcome is _Outcome.KEEP:
            return None
        if outcome is _Outcome.UNREADABLE:
            return removed if too_big else None
        if outcome is _Outcome.NO_FIT:
            return removed
        data, media_type = outcome
        return _with_data(part, media_type, base64.b64encode(data).decode("ascii"))

    result: list[Message] = []
    changed = 0
    for message in messages:
        new_message, count = _map_images(message, shrink)
        result.append(new_message)
        changed += count
    return result, changed


# --- parts ------------------------------------------------------------------------------------


def _parse_data_url(url: str) -> tuple[str | None, str] | None:
    if not url.startswith("data:") or ";base64," not in url:
        return None
    header, data = url[len("data:") :].split(";base64,", 1)
    media_type = header.split(";", 1)[0] or None
    return media_type, data


def _image_of(part: Mapping[str, Any]) -> _Image:
    kind = part.get("type")
    if kind == "image":
        source = part.get("source")
        if isinstance(source, Mapping) and source.get("type") == "base64":
            media_type, data = source.get("media_type"), source.get("data")
            if isinstance(data, str):
                return _Image(media_type if isinstance(media_type, str) else None, data, False)
        remote = isinstance(source, Mapping) and source.get("type") == "url"
        return _Image(None, None, remote)
    url = part.get("image_url")
    if isinstance(url, Mapping):
        url = url.get("url")
    if not isinstance(url, str):
        return _Image(None, None, False)  # e.g. an input_image that names an uploaded file_id
    parsed = _parse_data_url(url)
    if parsed is None:
        return _Image(None, None, remote=True)
    return _Image(parsed[0], parsed[1], False)


def _with_data(part: Mapping[str, Any], media_type: str, data: str) -> dict[str, Any]:
    """A copy of an inline image part holding new data, in the part's own shape."""
    if part.get("type") == "image":
        source = {**part["source"], "media_type": media_type, "data": data}
        return {**part, "source": source}
    url = f"data:{media_type};base64,{data}"
    image_url = part.get("image_url")
    if isinstance(image_url, Mapping):
        return {**part, "image_url": {**image_url, "url": url}}
    return {**part, "image_url": url}


def _note_part(part: Mapping[str, Any], text: str) -> dict[str, Any]:
    note: dict[str, Any] = {"type": "text", "text": text}
    if "cache_control" in part:  # a prompt-cache breakpoint stays where the caller put it
        note["cache_control"] = part["cache_control"]
    return note


def _map_images(
    message: Message,
    replace: Callable[[Mapping[str, Any], _Image], dict[str, Any] | None],
) -> tuple[Message, int]:
    """Apply ``replace`` to each image part; None from it keeps the part."""
    data = as_mapping(message)
    content = data.get("content")
    if not isinstance(content, list):
        return message, 0
    parts: list[Any] = []
    count = 0
    for part in content:
        new_part = None
        if isinstance(part, Mapping) and part.get("type") in IMAGE_PART_TYPES:
            new_part = replace(part, _image_of(part))
        if new_part is None:
            parts.append(part)
        else:
            parts.append(new_part)
            count += 1
    if count == 0:
        return message, 0
    return cast(Message, {**data, "content": parts}), count


# --- Pillow -----------------------------------------------------------------------------------


class _Outcome(Enum):
    KEEP = "already within the limits"
    UNREADABLE = "Pillow cannot decode it"
    NO_FIT = "no attempt came under the limits"


def _reencode(
    raw: bytes, *, max_bytes: int, max_dimension: int | None
) -> tuple[bytes, str] | _Outcome:
    """``(data, media_type)`` within the limits, or why there is none."""
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(raw)) as opened:
            source_format = opened.format
            opened.load()
            # Re-encoding drops EXIF, so its rotation is applied to the pixels first.
            image = ImageOps.exif_transpose(opened)
        longest = max(image.size)
        over_dimension = max_dimension is not None and longest > max_dimension
        if len(raw) <= max_bytes and not over_dimension:
            return _Outcome.KEEP
        has_alpha = image.mode in {"RGBA", "LA", "PA", "RGBa", "La"} or (
            image.mode == "P" and "transparency" in image.info
        )
        if has_alpha:
            image = image.convert("RGBA")
        elif image.mode not in {"RGB", "L"}:
            image = image.convert("RGB")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return _Outcome.UNREADABLE

    attempts: list[tuple[str, int | None]] = [("PNG", None)]
    if not has_alpha:
        jpeg: list[tuple[str, int | None]] = [("JPEG", q) for q in _JPEG_QUALITIES]
        # Screenshots and diagrams stay sharp as PNG; photos are far smaller as JPEG.
        attempts = attempts + jpeg if source_format in _LOSSLESS_SOURCES else jpeg

    scale = max_dimension / longest if max_dimension is not None and over_dimension else 1.0
    width, height = image.size
    for _ in range(_MAX_ATTEMPTS):
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        resized = image if size == image.size else image.resize(size, Image.Resampling.LANCZOS)
        smallest = math.inf
        for image_format, quality in attempts:
            try:
                data = _encode(resized, image_format, quality)
            except (OSError, ValueError):
                return _Outcome.NO_FIT
            if len(data) <= max_bytes:
                return data, f"image/{image_format.lower()}"
            smallest = min(smallest, len(data))
        if max(size) <= _SMALLEST_SIDE:
            break
        # Encoded size grows roughly with the pixel count, so the side scales with its root.
        scale *= min(0.9, max(0.1, math.sqrt(max_bytes / smallest) * 0.95))
    return _Outcome.NO_FIT


def _encode(image: PillowImage, image_format: str, quality: int | None) -> bytes:
    buffer = io.BytesIO()
    if quality is None:  # PNG: optimize=True costs seconds on a large screenshot for a few %
        image.save(buffer, format=image_format)
    else:
        image.save(buffer, format=image_format, quality=quality, optimize=True)
    return buffer.getvalue()
