"""No planted secret reaches a checkpoint or a summary prompt, whatever carries it: a user's
paste, a tool's output, a command the agent ran, a bare value in the focus topic."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from packlight.compressor.engine import ContextCompressor
from packlight.messages import Message
from packlight.summarizers.base import SummaryRequest
from packlight.summarizers.llm import build_prompt
from packlight.summarizers.prepare import InputLimits
from tests.compressor.test_harness import EXAMPLE

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from _secrets_corpus import FORMS, PlantedSecret, generate


def _plant(messages: list[dict[str, Any]], item: PlantedSecret, rng: random.Random, n: int) -> None:
    spots = [
        i
        for i in range(4, len(messages) * 2 // 3)
        if messages[i].get("role") != "tool"
        and not (messages[i - 1].get("role") == "assistant" and messages[i - 1].get("tool_calls"))
    ]
    at = rng.choice(spots)
    if item.role == "tool_call":
        call = {
            "id": f"call_secret_{n}",
            "type": "function",
            "function": {"name": "bash", "arguments": json.dumps({"command": item.text})},
        }
        messages[at:at] = [
            {"role": "assistant", "content": "Running it.", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"call_secret_{n}", "content": "ok"},
        ]
    elif item.role == "tool":
        call = {
            "id": f"call_out_{n}",
            "type": "function",
            "function": {"name": "bash", "arguments": "{}"},
        }
        messages[at:at] = [
            {"role": "assistant", "content": "Checking.", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"call_out_{n}", "content": item.text},
        ]
    else:
        messages[at:at] = [
            {"role": "user", "content": item.text},
            {"role": "assistant", "content": "Noted."},
        ]


@pytest.mark.parametrize("seed", range(3))
def test_no_planted_secret_is_in_the_checkpoint(seed: int) -> None:
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = json.loads(EXAMPLE.read_text("utf-8"))["messages"]
    planted = generate(seed, len(FORMS))
    for n, item in enumerate(planted):
        _plant(messages, item, rng, n)
    result = ContextCompressor(model="gpt-4o", context_window=64_000).compress(
        cast(list[Message], messages), force=True, focus=f"the step that used {planted[0].secret}"
    )
    assert result.compacted, result.reason
    assert result.checkpoint is not None
    leaked = [item.form for item in planted if item.secret in result.checkpoint]
    assert not leaked
    # The originals are not lost: the archive holds them.
    archived = "\n".join(artifact.content for artifact in result.artifacts)
    assert sum(item.secret in archived for item in planted) > len(planted) // 2


def test_a_value_redacted_in_the_span_leaves_the_focus_and_ledger_of_the_prompt() -> None:
    password = "Orchid" + "2291!xQz"
    span = cast(
        list[Message],
        [
            {"role": "user", "content": "Deploy it."},
            {"role": "assistant", "content": "Connecting."},
            {"role": "tool", "tool_call_id": "c1", "content": f"export DB_PASSWORD={password}"},
        ],
    )
    request = SummaryRequest(
        span=span,
        ledger_text=json.dumps({"active_task": "Deploy it.", "errors": [f"auth {password}"]}),
        focus=f"the login that used {password}",
    )
    prompt = build_prompt(request, limits=InputLimits(), today="2026-12-03")
    assert password not in prompt.system + prompt.user
    assert "[secret: password #" in prompt.user


@pytest.mark.parametrize("seed", range(3))
def test_a_ledger_redacted_in_one_pass_loses_no_secret_a_text_alone_would(seed: int) -> None:
    """The ledger's texts are redacted together; what one text says (a digest's name, a
    public key's first line) never hides a secret in the next one."""
    from dataclasses import replace
    from string import ascii_letters, digits

    from packlight.compressor.ledger import extract_ledger, with_secrets_redacted
    from packlight.redact import redact

    rng = random.Random(seed)
    key = "".join(rng.choice(ascii_letters + digits) for _ in range(43)) + "="
    ledger = replace(
        extract_ledger([]),
        errors=(
            "checked the sha256 digest",
            f"{key} is what the script printed",
            "-----BEGIN PUBLIC KEY-----",
        ),
        failed_approaches=(f"exported the wallet as {key}",),
    )
    alone = [redact(text) for text in (*ledger.errors, *ledger.failed_approaches)]
    assert key not in alone[1]  # the rule itself finds it in the text alone
    cleaned = with_secrets_redacted(ledger)
    assert list((*cleaned.errors, *cleaned.failed_approaches)) == alone


def test_a_long_task_and_an_identifier_it_holds_lose_its_secret() -> None:
    """A ledger's long texts (a task is a whole user message, often a paste) are redacted
    apart from the short ones: the secret in one still leaves the task, the active task, and
    the identifiers the checkpoint would list."""
    from dataclasses import replace

    from packlight.compressor.identifiers import Identifier
    from packlight.compressor.ledger import extract_ledger, with_secrets_redacted
    from packlight.compressor.tasks import Task
    from packlight.redact import redact

    password = "Zq7#velvet-Walnut94"
    paste = "\n".join(f"line {n}: the build step {n} ran fine" for n in range(120))
    task = f"Deploy the service.\n{paste}\nDB_PASSWORD={password}\nThen run the smoke test."
    assert len(task) > 4_000
    ledger = replace(
        extract_ledger([]),
        active_task=task,
        tasks=(Task(task),),
        errors=("connection refused on port 5432",),
        identifiers=(Identifier(kind="code", value=password),),
    )
    cleaned = with_secrets_redacted(ledger)
    assert cleaned.active_task == redact(task)
    assert password not in (cleaned.active_task or "")
    assert [t.text for t in cleaned.tasks] == [redact(task)]
    assert cleaned.errors == ledger.errors
    assert password not in [i.value for i in cleaned.identifiers]
