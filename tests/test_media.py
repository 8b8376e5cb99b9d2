"""Images in canonical transcripts: historical ones stripped, oversized ones shrunk or noted."""

from __future__ import annotations

import base64
import copy
import io
import os
import sys
from typing import Any, cast

import pytest
from hypothesis import given, settings
from PIL import Image

from packlight.errors import ConfigError
from packlight.media import (
    HISTORICAL_IMAGE_NOTE,
    images_available,
    shrink_images,
    strip_historical_images,
)
from packlight.messages import IMAGE_PART_TYPES, Message, image_count
from tests.formats.strategies import canonical_transcripts

REMOTE = "https://example.com/cat.png"


def noise_image(width: int, height: int, image_format: str, mode: str = "RGB") -> bytes:
    """Random pixels, so the encoded file stays large whatever the codec does."""
    image = Image.frombytes(mode, (width, height), os.urandom(width * height * len(mode)))
    buffer = io.BytesIO()
    image.save(buffer, format=image_format)
    return buffer.getvalue()


def data_url(data: bytes, media_type: str) -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode()}"


def image_part(url: str, **extra: Any) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": url, **extra}}


def user(*parts: dict[str, Any]) -> Message:
    return cast(Message, {"role": "user", "content": [{"type": "text", "text": "look"}, *parts]})


def parts(message: Message) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], message["content"])


def decoded(part: dict[str, Any]) -> tuple[str, bytes]:
    url = part["image_url"]["url"] if part["type"] == "image_url" else part["image_url"]
    header, data = url.split(";base64,", 1)
    return header.removeprefix("data:"), base64.b64decode(data)


def open_image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.fixture(scope="module")
def photo() -> bytes:
    return noise_image(1600, 1000, "JPEG")


@pytest.fixture(scope="module")
def screenshot() -> bytes:
    return noise_image(1200, 900, "PNG")


# --- shrink_images --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "media_type"), [("photo", "image/jpeg"), ("screenshot", "image/png")]
)
def test_oversized_images_are_reencoded_under_the_limit(
    request: pytest.FixtureRequest, fixture: str, media_type: str
) -> None:
    raw: bytes = request.getfixturevalue(fixture)
    source = open_image(raw)
    max_bytes = 150_000
    assert len(raw) > max_bytes
    messages = [user(image_part(data_url(raw, media_type), detail="high"))]
    snapshot = copy.deepcopy(messages)

    result, changed = shrink_images(messages, max_bytes=max_bytes)

    assert changed == 1
    assert messages == snapshot
    part = parts(result[0])[1]
    assert part["image_url"]["detail"] == "high"
    new_type, data = decoded(part)
    assert len(data) <= max_bytes
    image = open_image(data)
    assert new_type == f"image/{str(image.format).lower()}"
    assert image.width < source.width
    assert image.width / image.height == pytest.approx(source.width / source.height, rel=0.01)
    assert parts(result[0])[0] is parts(messages[0])[0]


def test_transparency_is_kept_as_png() -> None:
    raw = noise_image(800, 400, "PNG", mode="RGBA")
    messages = [user(image_part(data_url(raw, "image/png")))]

    result, changed = shrink_images(messages, max_bytes=100_000)

    assert changed == 1
    media_type, data = decoded(parts(result[0])[1])
    image = open_image(data)
    assert media_type == "image/png"
    assert image.mode == "RGBA"
    assert len(data) <= 100_000
    assert image.width == 2 * image.height


def test_images_over_the_dimension_limit_are_downscaled() -> None:
    raw = noise_image(1000, 250, "PNG")
    messages = [user(image_part(data_url(raw, "image/png")))]

    result, changed = shrink_images(messages, max_bytes=len(raw) + 1, max_dimension=500)

    assert changed == 1
    media_type, data = decoded(parts(result[0])[1])
    assert open_image(data).size == (500, 125)
    assert media_type == "image/png"


def test_anthropic_and_responses_shapes_are_shrunk_in_place(photo: bytes) -> None:
    anthropic_part = {
        "type": "image",
        "source": {
            "type": "base64",
            "media_type": "image/jpeg",
            "data": base64.b64encode(photo).decode(),
        },
    }
    responses_part = {
        "type": "input_image",
        "image_url": data_url(photo, "image/jpeg"),
        "detail": "low",
    }
    messages = [user(anthropic_part, responses_part)]

    result, changed = shrink_images(messages, max_bytes=100_000)

    assert changed == 2
    shrunk_anthropic, shrunk_responses = parts(result[0])[1:]
    assert shrunk_anthropic["source"]["type"] == "base64"
    assert len(base64.b64decode(shrunk_anthropic["source"]["data"])) <= 100_000
    assert shrunk_anthropic["source"]["media_type"] == "image/jpeg"
    assert shrunk_responses["detail"] == "low"
    assert len(decoded(shrunk_responses)[1]) <= 100_000


def test_images_within_limits_and_remote_images_are_left_alone(screenshot: bytes) -> None:
    messages = [
        user(image_part(data_url(screenshot, "image/png")), image_part(REMOTE)),
        cast(Message, {"role": "assistant", "content": "a cat"}),
    ]

    result, changed = shrink_images(messages, max_bytes=len(screenshot), max_dimension=1200)

    assert changed == 0
    assert all(a is b for a, b in zip(result, messages, strict=True))


def test_an_image_that_cannot_get_small_enough_becomes_a_note(photo: bytes) -> None:
    part = image_part(data_url(photo, "image/jpeg"))
    part["cache_control"] = {"type": "ephemeral"}

    result, changed = shrink_images([user(part)], max_bytes=100)

    assert changed == 1
    note = parts(result[0])[1]
    assert note["type"] == "text"
    assert "too large" in note["text"]
    assert "image/jpeg" in note["text"]
    assert note["cache_control"] == {"type": "ephemeral"}  # the breakpoint stays put


def test_undecodable_images_are_noted_only_when_too_large() -> None:
    garbage = os.urandom(5000)
    messages = [user(image_part(data_url(garbage, "image/png")))]

    kept, kept_count = shrink_images(messages, max_bytes=10_000, max_dimension=10)
    noted, noted_count = shrink_images(messages, max_bytes=1000)

    assert kept_count == 0
    assert kept[0] is messages[0]
    assert noted_count == 1
    assert "too large" in parts(noted[0])[1]["text"]


def test_without_pillow_oversized_images_become_notes(
    monkeypatch: pytest.MonkeyPatch, screenshot: bytes
) -> None:
    small = noise_image(20, 20, "PNG")
    monkeypatch.setitem(sys.modules, "PIL", None)
    messages = [
        user(
            image_part(data_url(screenshot, "image/png")), image_part(data_url(small, "image/png"))
        )
    ]

    result, changed = shrink_images(messages, max_bytes=10_000, max_dimension=5)

    assert not images_available()
    assert changed == 1
    big, kept = parts(result[0])[1:]
    assert big["type"] == "text"
    assert big["text"].startswith("[image removed: image/png, ")
    assert kept is parts(messages[0])[2]


def test_pillow_is_reported_available() -> None:
    assert images_available()


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"max_bytes": 0}, "images.max_bytes"),
        ({"max_bytes": True}, "images.max_bytes"),
        ({"max_bytes": 10, "max_dimension": 0}, "images.max_dimension"),
    ],
)
def test_invalid_limits_are_config_errors(kwargs: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        shrink_images([], **kwargs)
    assert caught.value.key == key


# --- strip_historical_images ----------------------------------------------------------------


def conversation(png: bytes) -> list[Message]:
    return [
        cast(Message, {"role": "system", "content": "You look at pictures."}),
        user(image_part(data_url(png, "image/png")), image_part(REMOTE)),
        cast(Message, {"role": "assistant", "content": "Two pictures."}),
        cast(
            Message,
            {
                "role": "tool",
                "tool_call_id": "c1",
                "content": [image_part(data_url(png, "image/png"))],
            },
        ),
        user(image_part(data_url(png, "image/png"))),
        cast(Message, {"role": "assistant", "content": "Another one."}),
    ]


def test_images_outside_the_latest_user_message_become_notes() -> None:
    png = noise_image(64, 64, "PNG")
    messages = conversation(png)
    snapshot = copy.deepcopy(messages)

    result, replaced = strip_historical_images(messages)

    assert replaced == 3
    assert messages == snapshot
    kilobytes = max(1, round(len(png) / 1024))
    assert parts(result[1])[1:] == [
        {
            "type": "text",
            "text": HISTORICAL_IMAGE_NOTE.format(details=f"image/png, {kilobytes} KB"),
        },
        {"type": "text", "text": "[image omitted from an earlier turn: remote image]"},
    ]
    assert image_count(result[3]) == 0
    assert result[4] is messages[4]
    assert image_count(result[4]) == 1
    for index in (0, 2, 5):
        assert result[index] is messages[index]


def test_keep_latest_user_false_strips_every_image() -> None:
    messages = conversation(noise_image(8, 8, "PNG"))

    result, replaced = strip_historical_images(messages, keep_latest_user=False)

    assert replaced == 4
    assert sum(image_count(m) for m in result) == 0


@settings(max_examples=80, deadline=None)
@given(canonical_transcripts())
def test_stripping_keeps_only_the_latest_user_messages_images(
    transcript: list[dict[str, Any]],
) -> None:
    messages = cast(list[Message], transcript)
    snapshot = copy.deepcopy(messages)

    result, replaced = strip_historical_images(messages)

    assert messages == snapshot
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    latest = users[-1] if users else -1
    assert replaced == sum(image_count(m) for i, m in enumerate(messages) if i != latest)
    for index, (before, after) in enumerate(zip(messages, result, strict=True)):
        if index == latest or image_count(before) == 0:
            assert after is before
        else:
            assert image_count(after) == 0
            assert len(parts(after)) == len(parts(before))
            for old, new in zip(parts(before), parts(after), strict=True):
                if old.get("type") in IMAGE_PART_TYPES:
                    assert new["text"].startswith("[image omitted from an earlier turn: ")
                else:
                    assert new is old
