"""Hypothesis strategies for transcripts in every format packlight reads.

``canonical_transcripts()`` draws transcripts that pass ``openai_chat.validate``;
``anthropic_conversations()`` draws ``(messages, system)`` pairs that pass
``anthropic.validate``; ``responses_items()`` draws input lists that pass
``openai_responses.validate``. Each deliberately includes the shapes a naive mapping gets wrong
(extra keys, empty strings, non-ASCII text, parallel calls, odd block order), so later tests
can reuse them for anything that must hold for every transcript.
"""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

Json = Any

TEXT = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.sampled_from(["", " ", "héllo wörld", "日本語のテキスト", "ls -R", "emoji 🎉", "a\nb"]),
)
IDENTIFIER = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)

JSON_VALUES: st.SearchStrategy[Json] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children, max_size=3),
    max_leaves=6,
)
JSON_OBJECTS = st.dictionaries(IDENTIFIER, JSON_VALUES, max_size=3)

# Keys no format maps; they must still come back after a round trip.
EXTRA_KEYS = st.dictionaries(
    st.sampled_from(["x_trace", "reasoning_content", "provider_meta"]), JSON_VALUES, max_size=2
)
PACKLIGHT_META = st.fixed_dictionaries(
    {}, optional={"kind": st.sampled_from(["checkpoint", "pinned"]), "tokens": st.integers(0, 999)}
)
CACHE_CONTROL = st.just({"type": "ephemeral"})

Ids = Iterator[int]
"""Numbers for tool-call ids; each top-level strategy makes its own so ids are unique within a
drawn transcript yet the same when Hypothesis replays an example."""


@st.composite
def data_urls(draw: st.DrawFn) -> str:
    media = draw(st.sampled_from(["image/png", "image/jpeg", "image/webp"]))
    payload = base64.b64encode(draw(st.binary(max_size=12))).decode()
    return f"data:{media};base64,{payload}"


IMAGE_URLS = data_urls() | st.sampled_from(
    ["https://example.com/cat.png", "http://example.org/a.jpg?size=2"]
)


def _maybe(draw: st.DrawFn, key: str, value: st.SearchStrategy[Any]) -> dict[str, Any]:
    return {key: draw(value)} if draw(st.booleans()) else {}


# --- canonical (OpenAI Chat Completions) ----------------------------------------------------


@st.composite
def text_parts(draw: st.DrawFn) -> dict[str, Any]:
    return {"type": "text", "text": draw(TEXT), **_maybe(draw, "cache_control", CACHE_CONTROL)}


@st.composite
def image_parts(draw: st.DrawFn) -> dict[str, Any]:
    image = {
        "url": draw(IMAGE_URLS),
        **_maybe(draw, "detail", st.sampled_from(["low", "high", "auto"])),
    }
    return {"type": "image_url", "image_url": image, **_maybe(draw, "cache_control", CACHE_CONTROL)}


REASONING_PARTS = st.one_of(
    st.builds(
        lambda thinking, signature: {
            "type": "thinking",
            "thinking": thinking,
            "signature": signature,
        },
        TEXT,
        TEXT,
    ),
    st.builds(lambda data: {"type": "redacted_thinking", "data": data}, TEXT),
    st.builds(
        lambda rs_id, summary: {
            "type": "reasoning",
            "id": f"rs_{rs_id}",
            "summary": [{"type": "summary_text", "text": summary}],
        },
        IDENTIFIER,
        TEXT,
    ),
)


@st.composite
def _decorated(draw: st.DrawFn, message: dict[str, Any]) -> dict[str, Any]:
    message = {**message, **draw(EXTRA_KEYS)}
    if draw(st.integers(0, 4)) == 0:
        message["_packlight"] = draw(PACKLIGHT_META)
    return message


@st.composite
def instruction_messages(draw: st.DrawFn) -> dict[str, Any]:
    role = draw(st.sampled_from(["system", "system", "developer"]))
    content = draw(TEXT | st.lists(text_parts(), min_size=1, max_size=2))
    return draw(_decorated({"role": role, "content": content}))


@st.composite
def user_messages(draw: st.DrawFn) -> dict[str, Any]:
    content = draw(TEXT | st.lists(text_parts() | image_parts(), max_size=3))
    message = {"role": "user", "content": content, **_maybe(draw, "name", IDENTIFIER)}
    return draw(_decorated(message))


@st.composite
def assistant_text_messages(draw: st.DrawFn) -> dict[str, Any]:
    content = draw(
        TEXT
        | st.lists(text_parts() | REASONING_PARTS, max_size=3)
        | st.just([{"type": "refusal", "refusal": "no"}])
    )
    return draw(_decorated({"role": "assistant", "content": content}))


@st.composite
def arguments(draw: st.DrawFn) -> str:
    value = draw(JSON_OBJECTS)
    style = draw(st.sampled_from(["default", "default", "compact", "ascii", "empty", "not json"]))
    if style == "compact":
        return json.dumps(value, separators=(",", ":"))
    if style == "ascii":
        return json.dumps(value)
    if style == "empty":
        return ""
    if style == "not json":
        return draw(st.sampled_from(["[1, 2]", "{broken", "42", '"text"']))
    return json.dumps(value, ensure_ascii=False)


@st.composite
def tool_groups(draw: st.DrawFn, ids: Ids | None = None) -> list[dict[str, Any]]:
    """An assistant message with 1-3 parallel calls, then one tool message per call."""
    ids = ids or itertools.count()
    calls = [
        {
            "id": f"call_{next(ids)}",
            "type": "function",
            "function": {"name": draw(IDENTIFIER), "arguments": draw(arguments())},
        }
        for _ in range(draw(st.integers(1, 3)))
    ]
    content = draw(
        st.none() | st.just("") | TEXT | st.lists(text_parts() | REASONING_PARTS, max_size=2)
    )
    assistant = draw(_decorated({"role": "assistant", "content": content, "tool_calls": calls}))
    results = []
    for call in draw(st.permutations(calls)):
        result = {
            "role": "tool",
            "tool_call_id": call["id"],
            "content": draw(TEXT | st.lists(text_parts(), min_size=1, max_size=2)),
        }
        if draw(st.booleans()):
            result["name"] = call["function"]["name"]
        results.append(draw(_decorated(result)))
    return [assistant, *results]


@st.composite
def canonical_transcripts(draw: st.DrawFn, max_turns: int = 8) -> list[dict[str, Any]]:
    """A valid canonical transcript: optional system messages first, then mixed turns."""
    ids = itertools.count()
    transcript: list[dict[str, Any]] = draw(st.lists(instruction_messages(), max_size=2))
    turn = st.one_of(
        user_messages().map(lambda message: [message]),
        assistant_text_messages().map(lambda message: [message]),
        tool_groups(ids),
        instruction_messages().map(lambda message: [message]),
    )
    groups: list[list[dict[str, Any]]] = []
    for messages in draw(st.lists(turn, max_size=max_turns)):
        transcript.extend(messages)
        if messages[0].get("tool_calls"):
            groups.append(messages)
    if len(groups) > 1 and draw(st.booleans()):
        # Real agents (tau-bench) reuse a call id once its result is in.
        _rename_call(groups[-1], groups[0][0]["tool_calls"][0]["id"])
    return transcript


def _rename_call(group: list[dict[str, Any]], new_id: str) -> None:
    call = group[0]["tool_calls"][0]
    for message in group[1:]:
        if message["tool_call_id"] == call["id"]:
            message["tool_call_id"] = new_id
    call["id"] = new_id


# --- Anthropic Messages ---------------------------------------------------------------------


@st.composite
def anthropic_text_blocks(draw: st.DrawFn) -> dict[str, Any]:
    # Anthropic rejects empty text blocks, so real data never has them.
    text = draw(TEXT.filter(bool))
    return {"type": "text", "text": text, **_maybe(draw, "cache_control", CACHE_CONTROL)}


@st.composite
def anthropic_image_blocks(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        media = draw(st.sampled_from(["image/png", "image/gif"]))
        data = base64.b64encode(draw(st.binary(max_size=9))).decode()
        source = {"type": "base64", "media_type": media, "data": data}
    else:
        source = {"type": "url", "url": "https://example.com/photo.jpg"}
    return {"type": "image", "source": source, **_maybe(draw, "cache_control", CACHE_CONTROL)}


ANTHROPIC_OTHER_BLOCKS = st.one_of(
    st.builds(lambda t, s: {"type": "thinking", "thinking": t, "signature": s}, TEXT, TEXT),
    st.builds(lambda d: {"type": "redacted_thinking", "data": d}, TEXT),
    st.just(
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}}
    ),
)


@st.composite
def _anthropic_message(draw: st.DrawFn, role: str, content: Any) -> dict[str, Any]:
    return {"role": role, "content": content, **draw(EXTRA_KEYS.filter(lambda e: len(e) < 2))}


@st.composite
def anthropic_turns(draw: st.DrawFn, ids: Ids | None = None) -> list[dict[str, Any]]:
    """A user turn, an assistant turn, or an assistant turn with tool_use and its results."""
    ids = ids or itertools.count()
    kind = draw(st.sampled_from(["user", "assistant", "tools"]))
    if kind == "user":
        blocks = st.lists(
            anthropic_text_blocks() | anthropic_image_blocks() | ANTHROPIC_OTHER_BLOCKS, max_size=3
        )
        return [draw(_anthropic_message("user", draw(TEXT | blocks)))]
    if kind == "assistant":
        blocks = st.lists(anthropic_text_blocks() | ANTHROPIC_OTHER_BLOCKS, max_size=3)
        return [draw(_anthropic_message("assistant", draw(TEXT | blocks)))]
    uses = [
        {
            "type": "tool_use",
            "id": f"toolu_{next(ids)}",
            "name": draw(IDENTIFIER),
            "input": draw(JSON_OBJECTS),
            **_maybe(draw, "cache_control", CACHE_CONTROL),
        }
        for _ in range(draw(st.integers(1, 3)))
    ]
    others = draw(st.lists(anthropic_text_blocks() | ANTHROPIC_OTHER_BLOCKS, max_size=2))
    # Usually text/thinking first, but any order must survive ([text, tool_use, text] too).
    blocks = draw(st.just(others + uses) | st.permutations(others + uses))
    assistant = draw(_anthropic_message("assistant", list(blocks)))
    results: list[dict[str, Any]] = []
    for use in draw(st.permutations(uses)):
        result: dict[str, Any] = {"type": "tool_result", "tool_use_id": use["id"]}
        content = draw(
            st.none()
            | TEXT
            | st.lists(anthropic_text_blocks() | anthropic_image_blocks(), max_size=2)
        )
        if content is not None:
            result["content"] = content
        result |= _maybe(draw, "is_error", st.booleans())
        result |= _maybe(draw, "cache_control", CACHE_CONTROL)
        results.append(result)
    trailing = draw(st.lists(anthropic_text_blocks(), max_size=1))
    if len(results) > 1 and draw(st.booleans()):
        # The API also accepts results spread over consecutive user messages.
        answers = [draw(_anthropic_message("user", [result])) for result in results]
        return [assistant, *answers]
    blocks = results + trailing
    if trailing and draw(st.integers(0, 3)) == 0:
        blocks = trailing + results
    return [assistant, draw(_anthropic_message("user", blocks))]


@st.composite
def anthropic_conversations(draw: st.DrawFn) -> tuple[list[dict[str, Any]], Any]:
    """``(messages, system)``; ``system`` is None, a string or a list of text blocks."""
    system = draw(st.none() | TEXT | st.lists(anthropic_text_blocks(), min_size=1, max_size=2))
    messages: list[dict[str, Any]] = []
    ids = itertools.count()
    for turn in draw(st.lists(anthropic_turns(ids), max_size=6)):
        messages.extend(turn)
    return messages, system


# --- OpenAI Responses -----------------------------------------------------------------------


@st.composite
def _item_extras(draw: st.DrawFn, prefix: str) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    if draw(st.booleans()):
        extras["id"] = prefix + draw(IDENTIFIER)
    if draw(st.booleans()):
        extras["status"] = "completed"
    return extras


@st.composite
def responses_input_parts(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"type": "input_text", "text": draw(TEXT)}
    image = {"type": "input_image", "image_url": draw(IMAGE_URLS)}
    return image | _maybe(draw, "detail", st.sampled_from(["low", "high", "auto"]))


@st.composite
def responses_input_messages(draw: st.DrawFn) -> dict[str, Any]:
    role = draw(st.sampled_from(["user", "user", "system", "developer"]))
    content = draw(TEXT | st.lists(responses_input_parts(), max_size=3))
    if draw(st.integers(0, 3)) == 0:  # EasyInputMessage: no type
        return {"role": role, "content": content}
    return {"type": "message", "role": role, "content": content, **draw(_item_extras("msg_"))}


@st.composite
def responses_assistant_turns(draw: st.DrawFn, ids: Ids | None = None) -> list[dict[str, Any]]:
    """Optional reasoning, an optional assistant message, function calls and their outputs."""
    ids = ids or itertools.count()
    items: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 2))):
        reasoning = {
            "type": "reasoning",
            "id": "rs_" + draw(IDENTIFIER),
            "summary": draw(
                st.lists(TEXT, max_size=2).map(
                    lambda texts: [{"type": "summary_text", "text": text} for text in texts]
                )
            ),
        }
        items.append(reasoning | _maybe(draw, "encrypted_content", TEXT))
    if draw(st.booleans()):
        text_part = st.builds(
            lambda text: {"type": "output_text", "text": text, "annotations": []}, TEXT
        )
        content = draw(TEXT | st.lists(text_part, max_size=2))
        message = {"role": "assistant", "content": content}
        if draw(st.integers(0, 3)):
            message = {"type": "message", **message, **draw(_item_extras("msg_"))}
        items.append(message)
    calls = [
        {
            "type": "function_call",
            "call_id": f"call_{next(ids)}",
            "name": draw(IDENTIFIER),
            "arguments": draw(arguments()),
            **draw(_item_extras("fc_")),
        }
        for _ in range(draw(st.integers(0 if items else 1, 3)))
    ]
    items.extend(calls)
    for call in draw(st.permutations(calls)):
        output = draw(TEXT | st.lists(responses_input_parts(), max_size=2))
        items.append({"type": "function_call_output", "call_id": call["call_id"], "output": output})
    return items


@st.composite
def responses_items(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A valid Responses ``input`` list, including EasyInputMessages and unknown item types."""
    ids = itertools.count()
    turn = st.one_of(
        responses_input_messages().map(lambda item: [item]),
        responses_assistant_turns(ids),
        IDENTIFIER.map(lambda ref: [{"type": "item_reference", "id": f"ref_{ref}"}]),
    )
    items: list[dict[str, Any]] = []
    for group in draw(st.lists(turn, max_size=6)):
        items.extend(group)
    return items


# --- helpers for the tests that use these strategies ---------------------------------------


def contains_packlight(value: Any) -> bool:
    """Whether a ``_packlight`` key appears anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return "_packlight" in value or any(contains_packlight(item) for item in value.values())
    if isinstance(value, list):
        return any(contains_packlight(item) for item in value)
    return False


def shared_transcripts(shared_data: Path) -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
    """``(source, name, messages)`` for every real transcript in ``../shared/data``.

    ``source`` is ``"mini-swe-agent"`` or ``"tau-bench"``; ``name`` says which file or line.
    """
    trajectories = shared_data / "trajectories"
    for path in sorted((trajectories / "mini-swe-agent").glob("*.json")):
        yield "mini-swe-agent", path.name, json.loads(path.read_text(encoding="utf-8"))["messages"]
    tau = trajectories / "tau-bench-airline.jsonl"
    for number, line in enumerate(tau.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            yield "tau-bench", f"{tau.name}:{number}", json.loads(line)["messages"]
