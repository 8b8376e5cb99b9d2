"""A chat that ends in thanks: the closing line is not the task.

A customer asks for something, the agent does it, and the customer's last message only
thanks or closes ("Thank you so much for your help!", a simulator's "###STOP###"). Once the
turns are compacted, the checkpoint must still say what was asked, in the customer's words,
and must not hand the next window the thanks as its task (in the compact frame the request,
every sentence of which is listed among the statements, was left out, and the thanks was the
only task). A latest message that asks for something is still the active task.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from packlight import ContextCompressor, is_summary, message_text
from packlight.compressor.checkpoint import parse_sections
from packlight.config import load_settings

REQUESTS = (
    "Hi! I'm looking to book a flight from {a} to {b} on May {d}th.",
    "Hello, I need to change my reservation {code} to a later flight.",
    "hey there, could you cancel my trip from {a} to {b}? booking {code}",
    "Good morning. I'd like to add a checked bag to reservation {code}.",
    "I want to upgrade my seat on the {a} to {b} flight next {day}.",
)
DETAILS = (
    "My user id is {user}.",
    "One way, economy please.",
    "I'd rather not fly before {hour} AM.",
    "Use the card ending in {card}.",
    "No travel insurance, thanks.",
)
THANKS = (
    "Thank you so much for your help!",
    "thanks, that's all",
    "Perfect, thank you!",
    "great, thanks a lot",
    "Thanks! Have a nice day.",
    "ok thank you",
)
CLOSERS = ("", " ###STOP###", " Bye!", " :)")
CITIES = ("New York", "Seattle", "Denver", "Boston", "Miami", "Chicago", "Austin")


def _fill(template: str, rng: random.Random) -> str:
    a, b = rng.sample(CITIES, 2)
    return template.format(
        a=a,
        b=b,
        d=rng.randint(10, 28),
        code=f"{rng.choice('HQXZ')}{rng.randrange(10**5):05d}",
        day=rng.choice(("Monday", "Friday", "Sunday")),
        user=f"user_{rng.randrange(10**4)}",
        hour=rng.randint(7, 11),
        card=rng.randrange(1000, 9999),
    )


def _chat(rng: random.Random, last: str) -> tuple[list[dict[str, Any]], str]:
    request = _fill(rng.choice(REQUESTS), rng)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an airline agent. Follow the booking policy."},
        {"role": "user", "content": request},
    ]
    for detail in rng.choices(DETAILS, k=8):
        messages.append({"role": "assistant", "content": "Sure. " + "Let me check that. " * 30})
        messages.append({"role": "user", "content": _fill(detail, rng)})
    messages.append({"role": "assistant", "content": "All done: your request is complete."})
    messages.append({"role": "user", "content": last})
    return messages, request


def _compress(messages: list[dict[str, Any]], frame: str, keep_last: int) -> dict[str, list[str]]:
    settings = load_settings({"context.checkpoint_frame": frame, "context.context_window": 4_000})
    result = ContextCompressor(model="gpt-4o", settings=settings).compress(
        messages, force=True, keep_last=keep_last
    )
    checkpoint = next(m for m in result.messages if is_summary(m))
    return parse_sections(message_text(checkpoint))


@pytest.mark.parametrize("frame", ["full", "compact"])
@pytest.mark.parametrize("keep_last", [0, 1])
def test_the_thanks_that_closes_a_chat_is_not_its_task(frame: str, keep_last: int) -> None:
    rng = random.Random(f"{frame}-{keep_last}")
    for _ in range(12):
        closing = rng.choice(THANKS) + rng.choice(CLOSERS)
        messages, request = _chat(rng, closing)
        sections = _compress(messages, frame, keep_last)
        task = " ".join(sections.get("Active Task", []) + sections.get("Goal", []))
        assert closing.split("!")[0] not in task, (closing, sections)
        # The request, in the customer's words (or pointed to where it is kept verbatim).
        assert request in task or "The first user message above" in task, (request, sections)
        assert closing not in sections.get("Constraints & Preferences", [])


@pytest.mark.parametrize("frame", ["full", "compact"])
def test_a_last_message_that_asks_for_something_is_still_the_task(frame: str) -> None:
    rng = random.Random(frame)
    for _ in range(8):
        ask = _fill(rng.choice(REQUESTS), rng)
        messages, _ = _chat(rng, ask)
        task = " ".join(_compress(messages, frame, 0).get("Active Task", []))
        assert ask in task, (ask, task)


@pytest.mark.parametrize("frame", ["full", "compact"])
def test_a_short_stop_is_no_closing(frame: str) -> None:
    """ "Stop.", "pause that": as few words as a thanks, but they change the task; the
    checkpoint says so and does not put the request back in force."""
    rng = random.Random(f"stop-{frame}")
    for stop in ("Stop.", "stop that", "pause that", "Drop it.", "ok, hold off on that"):
        messages, request = _chat(rng, stop)
        sections = _compress(messages, frame, 0)
        named = " ".join(sections.get("Active Task", []) + sections.get("Goal", []))
        assert stop in named, (stop, sections)
        assert f"[in force] {request}" not in named


@pytest.mark.parametrize("frame", ["full", "compact"])
def test_a_short_message_that_points_at_work_stays_the_task(frame: str) -> None:
    """ "ok, back to the first one", "great, now the refund": short and polite, but about
    work; whether or not the reading of turns knows it, it stays the active task."""
    rng = random.Random(f"back-{frame}")
    for short in (
        "ok, back to the first one",
        "great, now the refund",
        "thanks, go on with the original request",
        "perfect. same for the return flight",
    ):
        messages, _ = _chat(rng, short)
        task = " ".join(_compress(messages, frame, 0).get("Active Task", []))
        assert short in task, (short, task)
