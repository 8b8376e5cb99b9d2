"""What an adapter needs from ``packlight.__all__`` alone: keep nothing verbatim, a budget in
characters, the compact frame, a previous checkpoint passed as text, and a fixed point."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import packlight
from packlight import ContextCompressor, load_settings

NAMES = ["Falcon", "Osprey", "Kestrel", "Heron", "Plover", "Curlew"]
SCOPES = ["production", "staging"]


def _chat(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """A short chat with typed statements, one paraphrased update and filler turns; the
    values that must survive and the one that must not."""
    hosts = {s: f"db-{s[:4]}-{rng.randint(10, 99)}{rng.choice('abcxyz')}" for s in SCOPES}
    new_host = f"db-prod-{rng.randint(100, 999)}q"
    old_name, new_name = rng.sample(NAMES, 2)
    cap = f"${rng.randint(3, 40) * 100:,}"
    statements = [
        f"The {SCOPES[0]} database host is {hosts[SCOPES[0]]}.",
        f"For {SCOPES[1]}, the database runs on {hosts[SCOPES[1]]}.",
        rng.choice(["Never run migrations on Fridays.", "No destructive commands, ever."]),
        f"Project spending must stay below {cap}. Never exceed it without approval.",
        f"The project codename is {old_name}.",
        rng.choice(["Report all times in UTC.", "I prefer short answers."]),
    ]
    filler = [
        "Can you outline the rollout plan?",
        "What would you check first?",
        "Thanks, that helps.",
    ]
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a planner."}]
    for text in [*statements, *rng.sample(filler, 2)]:
        messages.append({"role": "user", "content": text})
        messages.append({"role": "assistant", "content": f"Noted ({rng.randint(1, 99)})."})
    messages.append(
        {"role": "user", "content": f"Heads up: the production DB moved to {new_host}."}
    )
    messages.append({"role": "assistant", "content": "Understood."})
    messages.append({"role": "user", "content": f"We are calling the project {new_name} now."})
    keep = {"staging": hosts["staging"], "production": new_host, "name": new_name, "cap": cap}
    gone = {"production": hosts["production"], "name": old_name}
    return messages, {**{f"keep:{k}": v for k, v in keep.items()}, **gone}


def _engine(chars: int, frame: str = "compact") -> ContextCompressor:
    return ContextCompressor(
        settings=load_settings(
            {"context.checkpoint_chars": chars, "context.checkpoint_frame": frame}
        )
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["compact", "full"]))
def test_five_rounds_keep_every_value_within_budget_and_drop_the_replaced(
    seed: int, frame: str
) -> None:
    messages, values = _chat(random.Random(seed))
    budget = 1_600 if frame == "full" else 1_000
    engine = _engine(budget, frame)
    current = messages
    texts = []
    for _ in range(5):
        result = engine.compress(current, force=True, keep_last=0)
        assert result.compacted, result.reason
        assert result.checkpoint is not None
        assert len(result.checkpoint) <= budget
        # Nothing verbatim but the system prompt.
        assert [m["role"] for m in result.messages] == ["system", "user"]
        texts.append(result.checkpoint)
        current = result.messages
    for key, value in values.items():
        if key.startswith("keep:"):
            assert value in texts[-1], key
        else:
            assert value not in texts[-1], f"superseded {key} {value} carried"
    # Nothing new: the same checkpoint round after round.
    assert len(set(texts[1:])) == 1
    assert messages == _chat(random.Random(seed))[0]  # the caller's list is untouched


def _strip_ids(text: str) -> str:
    return re.sub(r"artifact://\w+", "artifact://ID", text)


@pytest.mark.parametrize("frame", ["compact", "full"])
def test_a_checkpoint_read_back_from_its_text_alone_keeps_every_item(frame: str) -> None:
    messages, values = _chat(random.Random(7))
    first = _engine(3_000, frame).compress(messages, force=True, keep_last=0)
    assert first.checkpoint is not None
    # Another tool kept only the text: no metadata, passed in as the previous checkpoint.
    system = messages[:1]
    again = _engine(3_000, frame).compress(
        system, force=True, keep_last=0, previous_checkpoint=first.checkpoint
    )
    assert again.checkpoint is not None
    assert again.checkpoint == first.checkpoint
    # Its statements keep their priority: under a tight budget the rule outlives the facts.
    compact = _engine(3_000, "compact").compress(messages, force=True, keep_last=0)
    assert compact.checkpoint is not None
    tight = _engine(340, "compact").compress(
        system, force=True, keep_last=0, previous_checkpoint=compact.checkpoint
    )
    assert tight.checkpoint is not None
    assert len(tight.checkpoint) <= 340
    assert "Never" in tight.checkpoint or "No destructive" in tight.checkpoint
    assert values["keep:staging"] not in tight.checkpoint


def test_a_later_statement_replaces_one_read_back_from_text() -> None:
    messages, values = _chat(random.Random(11))
    first = _engine(3_000).compress(messages, force=True, keep_last=0)
    assert first.checkpoint is not None
    # The frame stripped: only the items, as a hand-written note.
    body = "\n".join(
        line
        for line in first.checkpoint.splitlines()
        if line.startswith("- ") and "artifact://" not in line
    )
    update = {"role": "user", "content": "Quick update: the staging database moved to db-st-77k."}
    result = _engine(3_000).compress(
        [messages[0], update], force=True, keep_last=0, previous_checkpoint=body
    )
    assert result.checkpoint is not None
    assert "db-st-77k" in result.checkpoint
    assert values["keep:staging"] not in result.checkpoint
    assert values["keep:production"] in result.checkpoint


def test_a_failed_or_skipped_compaction_returns_the_callers_transcript() -> None:
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
    result = ContextCompressor().compress(messages, previous_checkpoint="- Never push to main.")
    assert not result.compacted  # under the threshold, not forced
    assert result.messages == messages


def test_bad_arguments_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="keep_last"):
        ContextCompressor().compress([], keep_last=-1)
    with pytest.raises(TypeError, match="previous_checkpoint"):
        ContextCompressor().compress([], previous_checkpoint=b"x")  # type: ignore[arg-type]
    with pytest.raises(packlight.ConfigError, match="checkpoint_frame"):
        load_settings({"context.checkpoint_frame": "tiny"})
    with pytest.raises(packlight.ConfigError, match="checkpoint_chars"):
        load_settings({"context.checkpoint_chars": -5})


def test_auto_frame_is_compact_for_a_small_budget_and_full_otherwise() -> None:
    messages, _ = _chat(random.Random(3))
    small = _engine(900, "auto").compress(messages, force=True, keep_last=0)
    large = ContextCompressor().compress(messages, force=True, keep_last=0)
    assert small.checkpoint is not None
    assert large.checkpoint is not None
    assert "REFERENCE ONLY" not in small.checkpoint
    assert "REFERENCE ONLY" in large.checkpoint
    assert _strip_ids(small.checkpoint) != _strip_ids(large.checkpoint)


def test_the_session_compacts_to_nothing_but_the_system_prompt() -> None:
    messages, values = _chat(random.Random(5))
    session = packlight.Session(model="gpt-4o", context_window=128_000)
    done = session.compact(messages, keep_last=0)
    assert done.compacted
    assert [m["role"] for m in done.messages] == ["system", "user"]
    assert values["keep:cap"] in packlight.message_text(done.messages[1])


SECRETS = (
    ("My OpenAI key is sk-proj-{token}, use it for the batch job.", "openai-key"),
    ("Deploy with DB_PASSWORD={token} on the staging box.", "password"),
    ("Call the API with Authorization: Bearer {token}9 from now on.", "bearer-token"),
    ("The database URL is postgresql://app:{token}@db-stg-2:5432/app.", "url-password"),
)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(SECRETS))
def test_a_secret_the_user_pastes_is_redacted_in_the_checkpoint_and_kept_in_the_archive(
    seed: int, secret: tuple[str, str]
) -> None:
    rng = random.Random(seed)
    token = "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(24))
    template, kind = secret
    said = template.format(token=token)
    messages, _ = _chat(rng)
    messages.insert(3, {"role": "user", "content": said})
    messages.insert(4, {"role": "assistant", "content": "Noted."})
    engine = ContextCompressor()
    result = engine.compress(messages, force=True, keep_last=0)
    assert result.checkpoint is not None
    assert token not in result.checkpoint
    assert f"[secret: {kind} #" in result.checkpoint
    # The original is not lost: the archived span holds the message as it was.
    assert any(token in artifact.content for artifact in result.artifacts)


def test_a_checkpoints_items_pasted_back_as_a_user_message_are_statements() -> None:
    # Another tool stripped the frame and sent the items on as the user's own message.
    messages, values = _chat(random.Random(13))
    filler = [f"- Can you outline step {n} of the rollout plan?" for n in range(40)]
    first = _engine(5_000).compress(messages, force=True, keep_last=0)
    assert first.checkpoint is not None
    items = [line for line in first.checkpoint.splitlines() if line.startswith("- ")]
    # A plain instruction no trigger word marks as a rule.
    plain = "- Report every figure to the nearest 0.05 in the weekly digest."
    pasted = "\n".join([*items, plain, *filler])
    assert len(pasted) > 1_500  # long enough to read as a pasted document by length alone
    later = [
        {"role": "user", "content": "Picking this up again after the weekend."},
        {"role": "assistant", "content": "Welcome back."},
        {"role": "user", "content": pasted},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Carry on with the rollout plan."},
    ]
    again = _engine(5_000).compress([messages[0], *later], force=True, keep_last=0)
    assert again.checkpoint is not None
    assert plain.removeprefix("- ") in again.checkpoint
    for key, value in values.items():
        if key.startswith("keep:"):
            assert value in again.checkpoint, key


def test_every_quoted_field_of_the_ledger_is_redacted() -> None:
    from packlight.compressor.ledger import Ledger, with_secrets_redacted
    from packlight.redact import placeholder

    secret = "DB_PASSWORD=hunter2hunter2"
    ledger = Ledger(
        active_task="Fix the login.",
        failed_approaches=(f"Tried {secret} against prod",),
        test_status=f"1 failed: {secret}",
        errors=(f"error: {secret}",),
        todos=(f"rotate {secret}",),
    )
    cleaned = with_secrets_redacted(ledger)
    shown = [*cleaned.failed_approaches, cleaned.test_status or "", *cleaned.errors, *cleaned.todos]
    placeholder_text = placeholder("password", "hunter2hunter2")
    assert all("hunter2" not in text and placeholder_text in text for text in shown)
    clean_ledger = Ledger(active_task="Fix the login.", errors=("error: no such table",))
    assert with_secrets_redacted(clean_ledger) is clean_ledger  # nothing to redact: untouched
