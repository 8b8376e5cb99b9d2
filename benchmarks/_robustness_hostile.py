"""Hostile session files, generated from a seeded RNG: every file differs (its base session,
its layout, where and how it is broken), and the same seed gives the same files.

Each file belongs to one class and carries what a correct CLI must answer to it: ``valid``
files exit 0; ``odd`` files are valid JSON with something unusual (NaN, a BOM, duplicate keys,
a number no float holds...) and may be accepted (0) or refused as misuse (2); ``bad`` files
must be refused with exit 2. None of them may ever exit 1 or print a traceback.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

Verdict = Literal["valid", "odd", "bad"]
Layout = Literal["object", "list", "jsonl-messages", "jsonl-sessions"]

SENTINEL = "@@HOSTILE@@"
_CONTROL = [chr(c) for c in [*range(0x00, 0x09), *range(0x0E, 0x1C), 0x1F]]


@dataclass(frozen=True)
class HostileFile:
    kind: str
    """The class (``nan_infinity``, ``deep_content``, ...)."""
    verdict: Verdict
    note: str
    """How this one is hostile, e.g. ``-Infinity in messages[3].score``."""
    name: str
    """The file's name; ``data`` None with ``directory`` True is a directory of that name,
    with ``directory`` False a path that does not exist."""
    data: bytes | None
    directory: bool = False

    def materialize(self, folder: Path) -> Path:
        path = folder / self.name
        if self.directory:
            path.mkdir(parents=True, exist_ok=True)
            if self.data is not None:
                (path / "inside.json").write_bytes(self.data)
        elif self.data is not None:
            path.write_bytes(self.data)
        return path


# --------------------------------------------------------------------------- base sessions

_ALPHABET = string.ascii_letters + string.digits
_UNICODE_WORDS = ("café", "naïve", "Straße", "日本語", "данные", "émoji🙂", "ΔT", "→", "مرحبا")


def _word(rng: random.Random) -> str:
    if rng.random() < 0.08:
        return rng.choice(_UNICODE_WORDS)
    return "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 10)))


def _sentence(rng: random.Random, low: int = 3, high: int = 25) -> str:
    return " ".join(_word(rng) for _ in range(rng.randint(low, high)))


def _output(rng: random.Random) -> str:
    return "\n".join(_sentence(rng, 1, 12) for _ in range(rng.randint(1, 40)))


def base_messages(rng: random.Random) -> list[dict[str, Any]]:
    """A small, valid OpenAI-chat transcript with tool calls, different every time."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": _sentence(rng, 5, 40)},
        {"role": "user", "content": _sentence(rng)},
    ]
    for _ in range(rng.randint(1, 7)):
        if rng.random() < 0.6:
            call_id = f"call_{rng.getrandbits(48):012x}"
            name = rng.choice(["bash", "read_file", "search", "edit_file"])
            arguments = json.dumps({"command": _sentence(rng, 1, 8)}, ensure_ascii=False)
            messages.append(
                {
                    "role": "assistant",
                    "content": _sentence(rng) if rng.random() < 0.5 else None,
                    "tool_calls": [
                        {
                            "id": call_id,
                            "type": "function",
                            "function": {"name": name, "arguments": arguments},
                        }
                    ],
                }
            )
            messages.append({"role": "tool", "tool_call_id": call_id, "content": _output(rng)})
        else:
            messages.append({"role": "assistant", "content": _sentence(rng)})
            messages.append({"role": "user", "content": _sentence(rng)})
    messages.append({"role": "assistant", "content": _sentence(rng)})
    return messages


def _tools(rng: random.Random) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {
                "name": name,
                "description": _sentence(rng, 2, 8),
                "parameters": {"type": "object", "properties": {"command": {"type": "string"}}},
            },
        }
        for name in ("bash", "read_file", "search", "edit_file")
    ]


def render(
    rng: random.Random,
    layout: Layout,
    messages: list[dict[str, Any]],
    *,
    message_texts: dict[int, str] | None = None,
    extra: dict[str, Any] | None = None,
) -> str:
    """The session as file text; ``message_texts`` replaces some messages' JSON verbatim."""
    ascii_only = rng.random() < 0.3
    texts = [
        (message_texts or {}).get(i) or json.dumps(m, ensure_ascii=ascii_only)
        for i, m in enumerate(messages)
    ]
    if layout == "jsonl-messages":
        return "\n".join(texts) + "\n"
    body = "[" + ", ".join(texts) + "]"
    if layout == "list":
        return body
    head = {"id": f"session-{rng.getrandbits(32):08x}", **(extra or {})}
    fields = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=ascii_only)}" for k, v in head.items()]
    fields += [f'"tools": {json.dumps(_tools(rng))}', f'"messages": {body}']
    rng.shuffle(fields)
    obj = "{" + ", ".join(fields) + "}"
    if layout == "object":
        return obj
    # jsonl-sessions: the hostile session is one of several lines (the first here, so that
    # --session-index 0 reads it).
    others = [render(rng, "object", base_messages(rng)) for _ in range(rng.randint(1, 3))]
    return "\n".join([obj, *others]) + "\n"


def _layout(rng: random.Random, *allowed: Layout) -> Layout:
    return rng.choice(allowed or ("object", "object", "list", "jsonl-messages", "jsonl-sessions"))


def _suffix(layout: Layout) -> str:
    return ".jsonl" if layout.startswith("jsonl") else ".json"


def _is_json(text: str | bytes) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _place(rng: random.Random, messages: list[dict[str, Any]], value: Any) -> str:
    """Put ``value`` in a field packlight passes through: a new key on a random message."""
    index = rng.randrange(len(messages))
    key = rng.choice(["score", "weight", "meta", "usage", "latency", "x_extra"])
    if rng.random() < 0.5:
        value = {rng.choice(["tokens", "cost", "t"]): value}
    messages[index][key] = value
    return f"messages[{index}].{key}"


# --------------------------------------------------------------------------- classes

Generator = Callable[[random.Random], tuple[Verdict, str, str, bytes | None]]
"""Returns the verdict, a note, the file suffix and the bytes."""


def valid(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    return (
        "valid",
        f"{layout} layout",
        _suffix(layout),
        render(rng, layout, base_messages(rng)).encode(),
    )


def invalid_json(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    text = render(rng, layout, base_messages(rng))
    mutations = {
        "a structural character deleted": lambda t, i: t[:i] + t[i + 1 :],
        "garbage inserted": lambda t, i: (
            t[:i] + rng.choice(["}", "]", ",", "'", ":", "\\", "//x"]) + t[i:]
        ),
        # Not JSON whitespace (tab, newline) and not a line break: invalid anywhere.
        "a raw control character": lambda t, i: t[:i] + rng.choice(_CONTROL) + t[i:],
        "a trailing comma": lambda t, i: t[: t.rindex("]")] + "," + t[t.rindex("]") :],
        "single-quoted keys": lambda t, i: t.replace('"role"', "'role'", rng.randint(1, 3)),
        "Python literals": lambda t, i: t.replace("null", "None", 1).replace("[", "[True, ", 1),
    }
    for _ in range(200):
        name = rng.choice(list(mutations))
        spots = [i for i, c in enumerate(text) if c in '{}[]:,"'] or [0]
        candidate = mutations[name](text, rng.choice(spots))
        lines = candidate.split("\n") if layout.startswith("jsonl") else [candidate]
        if not all(_is_json(line) for line in lines if line.strip()):
            # A JSONL session file whose first session is whole may be read up to the session
            # asked for (--session-index 0), as with a cut last line.
            verdict: Verdict = "bad"
            if layout == "jsonl-sessions" and _is_json(lines[0]):
                verdict = "odd"
                name += " (in a later session)"
            return verdict, f"{layout}, {name}", _suffix(layout), candidate.encode()
    raise RuntimeError("could not break the JSON")


def truncated_json(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng, "object", "list")
    data = render(rng, layout, base_messages(rng)).encode()
    while True:
        cut = rng.randint(1, len(data) - 2)
        if not _is_json(data[:cut]):
            return "bad", f"{layout}, cut at byte {cut} of {len(data)}", ".json", data[:cut]


def truncated_jsonl(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng, "jsonl-messages", "jsonl-sessions")
    text = render(rng, layout, base_messages(rng)).rstrip("\n")
    last = text.rfind("\n") + 1
    cut = rng.randint(last + 1, len(text) - 2)
    # The first session of a JSONL session file is whole; whether the tool reads on is its
    # choice. A message file missing the end of its last message must be refused.
    verdict: Verdict = "odd" if layout == "jsonl-sessions" else "bad"
    note = f"{layout}, last line cut at {cut - last} of {len(text) - last} characters, no newline"
    return verdict, note, ".jsonl", text[:cut].encode()


def nan_infinity(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng, "object", "list", "jsonl-messages")
    messages = base_messages(rng)
    token = rng.choice(["NaN", "Infinity", "-Infinity"])
    where = _place(rng, messages, SENTINEL)
    text = render(rng, layout, messages).replace(json.dumps(SENTINEL), token)
    return "odd", f"{token} in {where}", _suffix(layout), text.encode()


def _deep(rng: random.Random, depth: int) -> str:
    style = rng.choice(["list", "object", "mixed"])
    if style == "list":
        return "[" * depth + "]" * depth
    if style == "object":
        return '{"a": ' * depth + "1" + "}" * depth
    opens = [rng.choice(["[", '{"k": ']) for _ in range(depth)]
    closes = ["]" if o == "[" else "}" for o in reversed(opens)]
    return "".join(opens) + "0" + "".join(closes)


def deep_content(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    messages = base_messages(rng)
    index = rng.randrange(len(messages))
    messages[index]["content"] = SENTINEL
    depth = rng.randint(10_000, 60_000)
    text = render(rng, layout, messages).replace(json.dumps(SENTINEL), _deep(rng, depth), 1)
    return "bad", f"messages[{index}].content nested {depth:,} deep", _suffix(layout), text.encode()


def deep_top(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    depth = rng.randint(10_000, 100_000)
    inner = render(rng, "object", base_messages(rng)) if rng.random() < 0.5 else "0"
    wrapper = rng.choice(["[", '{"messages": '])
    close = "]" if wrapper == "[" else "}"
    text = wrapper * depth + inner + close * depth
    return (
        "bad",
        f"the whole file nested {depth:,} deep in {wrapper.strip()}",
        ".json",
        text.encode(),
    )


def lone_surrogate(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    messages = base_messages(rng)
    index = rng.randrange(len(messages))
    messages[index]["content"] = f"{_word(rng)} {SENTINEL} {_word(rng)}"
    escape = rng.choice(
        [
            f"\\u{rng.randint(0xD800, 0xDBFF):04x}",
            f"\\u{rng.randint(0xDC00, 0xDFFF):04x}",
            f"\\u{rng.randint(0xDC00, 0xDFFF):04x}\\u{rng.randint(0xD800, 0xDBFF):04x}",
        ]
    )
    text = render(rng, layout, messages).replace(SENTINEL, escape, 1)
    return "odd", f"{escape} in messages[{index}].content", _suffix(layout), text.encode()


def non_utf8(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    messages = base_messages(rng)
    index = rng.randrange(len(messages))
    messages[index]["content"] = f"{_word(rng)} {SENTINEL} {_word(rng)}"
    fixed = [b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf"]
    random_high = bytes(rng.randint(0x80, 0xFF) for _ in range(rng.randint(1, 6)))
    raw = rng.choice([*fixed, b"caf\xe9", random_high])
    text = render(rng, layout, messages).encode()
    data = text.replace(SENTINEL.encode(), raw, 1)
    return "bad", f"bytes {raw!r} in messages[{index}].content", _suffix(layout), data


def binary_junk(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    prefix = rng.choice([b"", b"", b'{"messages": [', b"\x89PNG\r\n\x1a\n", b"\x1f\x8b\x08\x00"])
    size = rng.randint(1, 65_536)
    data = prefix + rng.randbytes(size)
    return "bad", f"{size:,} random bytes after {prefix[:12]!r}", ".json", data


def empty(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    data = rng.choice([b"", b"", b" ", b"\n", b"\n\n\t  \r\n", b"\xef\xbb\xbf"])
    return "bad", f"{len(data)} bytes: {data!r}", rng.choice([".json", ".jsonl"]), data


def wrong_top_level(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    choices: list[tuple[str, Any]] = [
        ("a number", rng.choice([rng.randint(-(10**9), 10**9), rng.random() * 1e6])),
        ("a string", _sentence(rng, 1, 6)),
        ("null", None),
        ("a boolean", rng.random() < 0.5),
        ("an object without messages", {_word(rng): _sentence(rng, 1, 3) for _ in range(3)}),
        ("messages: null", {"messages": None}),
        ("messages: a string", {"messages": _sentence(rng, 1, 5)}),
        ("messages: a number", {"messages": rng.randint(0, 99)}),
        ("messages: an object", {"messages": {"role": "user", "content": _word(rng)}}),
    ]
    note, value = rng.choice(choices)
    return "bad", note, ".json", json.dumps(value).encode()


def message_not_object(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    messages: list[Any] = base_messages(rng)
    index = rng.randrange(len(messages))
    value = rng.choice(
        [_sentence(rng, 1, 4), rng.randint(0, 1000), None, [messages[index]], True, 3.5]
    )
    messages[index] = value
    text = render(rng, layout, messages)
    note = f"messages[{index}] is {type(value).__name__}"
    return "bad", note, _suffix(layout), text.encode()


def wrong_field_type(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    messages = base_messages(rng)
    calls = [i for i, m in enumerate(messages) if m.get("tool_calls")]
    tools = [i for i, m in enumerate(messages) if m["role"] == "tool"]
    options: list[str] = ["content number", "content boolean", "content object", "role missing"]
    options += ["role number", "role unknown"]
    if calls:
        options += ["tool_calls a string", "tool_calls an object", "tool_calls numbers"]
    if tools:
        options += ["tool_call_id a list"]
    what = rng.choice(options)
    index = rng.randrange(len(messages))
    message = messages[index]
    if what == "content number":
        message["content"] = rng.choice([rng.randint(-99, 10**6), rng.random()])
    elif what == "content boolean":
        message["content"] = rng.random() < 0.5
    elif what == "content object":
        message["content"] = {_word(rng): _word(rng)}
    elif what == "role missing":
        del message["role"]
    elif what == "role number":
        message["role"] = rng.randint(0, 9)
    elif what == "role unknown":
        message["role"] = rng.choice(["robot", "", "USER ", "function_call"])
    elif what.startswith("tool_calls"):
        index = rng.choice(calls)
        message = messages[index]
        if what == "tool_calls a string":
            message["tool_calls"] = json.dumps(message["tool_calls"])
        elif what == "tool_calls an object":
            message["tool_calls"] = message["tool_calls"][0]
        else:
            message["tool_calls"] = [rng.randint(0, 9)]
    else:
        index = rng.choice(tools)
        messages[index]["tool_call_id"] = [messages[index]["tool_call_id"]]
    return (
        "bad",
        f"{what} (messages[{index}])",
        _suffix(layout),
        render(rng, layout, messages).encode(),
    )


def huge_number(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng, "object", "list", "jsonl-messages")
    messages = base_messages(rng)
    digits = rng.randint(4_400, 20_000)
    token = rng.choice(
        [
            "1e400",
            "-1e400",
            f"{rng.randint(1, 9)}.{rng.randint(0, 99)}e{rng.randint(309, 9999)}",
            "1" + "0" * 5000,
            str(rng.randint(1, 9)) + "".join(rng.choice(string.digits) for _ in range(digits)),
            "1e-400",
        ]
    )
    where = _place(rng, messages, SENTINEL)
    text = render(rng, layout, messages).replace(json.dumps(SENTINEL), token)
    shown = token if len(token) < 20 else f"a {len(token):,}-digit integer"
    return "odd", f"{shown} in {where}", _suffix(layout), text.encode()


def duplicate_keys(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng, "object", "list", "jsonl-messages")
    messages = base_messages(rng)
    index = rng.randrange(len(messages))
    message = messages[index]
    key = rng.choice(["role", "content", "content"])
    if key == "role":
        first: Any = rng.choice(["user", "assistant", "system", "tool", "robot"])
    else:
        first = rng.choice([_sentence(rng, 1, 5), None, 42])
    text = json.dumps(message)
    twice = "{" + json.dumps(key) + ": " + json.dumps(first) + ", " + text[1:]
    body = render(rng, layout, messages, message_texts={index: twice})
    return (
        "odd",
        f"messages[{index}] has {key!r} twice (first {first!r})",
        _suffix(layout),
        body.encode(),
    )


def bom(rng: random.Random) -> tuple[Verdict, str, str, bytes | None]:
    layout = _layout(rng)
    text = render(rng, layout, base_messages(rng))
    encoding = rng.choice(["utf-8-sig", "utf-8-sig", "utf-16", "utf-16-be-bom"])
    if encoding == "utf-16-be-bom":
        data = b"\xfe\xff" + text.encode("utf-16-be")
    else:
        data = text.encode(encoding)
    return "odd", f"{layout} in {encoding} with its byte order mark", _suffix(layout), data


CLASSES: dict[str, Generator] = {
    "valid": valid,
    "invalid_json": invalid_json,
    "truncated_json": truncated_json,
    "truncated_jsonl": truncated_jsonl,
    "nan_infinity": nan_infinity,
    "deep_content": deep_content,
    "deep_top": deep_top,
    "lone_surrogate": lone_surrogate,
    "non_utf8": non_utf8,
    "binary_junk": binary_junk,
    "empty": empty,
    "wrong_top_level": wrong_top_level,
    "message_not_object": message_not_object,
    "wrong_field_type": wrong_field_type,
    "huge_number": huge_number,
    "duplicate_keys": duplicate_keys,
    "bom": bom,
    "directory": valid,  # replaced below: its data is what the directory holds, if anything
    "missing": valid,
}


def generate(count: int, seed: int) -> list[HostileFile]:
    """``count`` hostile files, every class at least once when ``count`` allows, the rest
    of the classes drawn at random."""
    rng = random.Random(seed)
    kinds = list(CLASSES)
    order = kinds * (count // len(kinds)) + rng.sample(kinds, count % len(kinds))
    rng.shuffle(order)
    files = []
    for number, kind in enumerate(order):
        stem = f"{number:03d}-{kind}-{rng.getrandbits(24):06x}"
        if kind == "directory":
            holds = rng.random() < 0.5
            data = render(rng, "object", base_messages(rng)).encode() if holds else None
            note = "a directory holding a session file" if holds else "an empty directory"
            files.append(HostileFile(kind, "bad", note, f"{stem}.json", data, directory=True))
            continue
        if kind == "missing":
            name = f"{stem}.json" if rng.random() < 0.5 else f"{stem}-gone/{stem}.json"
            files.append(HostileFile(kind, "bad", "no such file", name, None))
            continue
        verdict, note, suffix, data = CLASSES[kind](rng)
        files.append(HostileFile(kind, verdict, note, f"{stem}{suffix}", data))
    return files
