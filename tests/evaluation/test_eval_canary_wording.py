"""The canaries' wording: generated, varied per seed, and honest about what each type tests."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from packlight.evaluation.canaries import (
    DECOYS,
    HEADER_WORDS,
    LOOKALIKES,
    PARAPHRASED,
    PORT_UPDATES,
    SUBJECTS,
    WORDING,
    Canary,
    Planted,
    plant,
)
from packlight.messages import message_text
from tests.evaluation.builders import session

SEEDS = [f"{n}:django__django-{n}" for n in range(30)]


def planted_runs() -> list[Planted]:
    messages: list[Any] = session(40)
    return [plant(messages, seed) for seed in SEEDS]


def user_texts(planted: Planted) -> list[str]:
    return [message_text(m) for m in planted.messages if m["role"] == "user"]


def sentence_with(text: str, value: str) -> str:
    """The sentence of ``text`` that states ``value`` (values hold no ". ")."""
    return next(s for s in re.split(r"(?<=\.)\s+", text) if value in s)


def stated_in(planted: Planted, value: str) -> int:
    return next(i for i, t in enumerate(user_texts(planted)) if value in t)


def header_words(text: str) -> list[str]:
    return [word for word in HEADER_WORDS if word in text.lower()]


def test_every_type_is_worded_several_ways_across_seeds() -> None:
    templates: dict[str, set[str]] = defaultdict(set)
    for planted in planted_runs():
        for canary in planted.canaries:
            templates[canary.type].add(canary.template)
    assert all(len(WORDING[kind]) >= 6 for kind in WORDING)
    for kind, seen in templates.items():
        assert len(seen) >= 4, (kind, seen)


def test_the_recorded_template_is_the_sentence_that_was_planted() -> None:
    for planted in planted_runs()[:5]:
        texts = "\n".join(user_texts(planted))
        for canary in planted.canaries:
            if canary.type in WORDING:
                index = int(canary.template.split(":")[1])
                noun = SUBJECTS[canary.position]
                wording = WORDING[canary.type][index].format(noun=noun, value=canary.value)
                assert wording in texts


def test_wording_varies_beyond_the_template_ids() -> None:
    """The sentences around the value differ across seeds, labelled or not."""
    shapes: dict[str, set[str]] = defaultdict(set)
    labelled: dict[str, set[bool]] = defaultdict(set)
    for planted in planted_runs():
        texts = user_texts(planted)
        for canary in planted.canaries:
            if canary.type not in WORDING:
                continue
            text = texts[stated_in(planted, canary.value)]
            sentence = sentence_with(text, canary.value).replace(canary.value, "<value>")
            shapes[canary.type].add(sentence.replace(SUBJECTS[canary.position], "<noun>"))
            labelled[canary.type].add(":" in sentence.split("<value>")[0])
    for kind, seen in shapes.items():
        assert len(seen) >= 4, (kind, seen)
    assert all(found == {True, False} for found in labelled.values()), labelled


def test_paraphrased_updates_change_the_value_without_a_header() -> None:
    assert not any(header_words(t) for f in PARAPHRASED for t in f.replacements + f.statements)
    assert all(header_words(t) for t in PORT_UPDATES)  # the headed kind keeps its header
    count = 0
    for planted in planted_runs():
        texts = user_texts(planted)
        for canary in planted.canaries:
            if canary.type != "paraphrased_update":
                continue
            count += 1
            assert canary.stale is not None
            assert canary.value != canary.stale
            assert canary.stale not in canary.value
            assert canary.value not in canary.stale
            new = stated_in(planted, canary.value)
            old = stated_in(planted, canary.stale)
            assert old < new
            assert canary.stale not in texts[new]  # no "X, not Y" to lean on
            replacement = sentence_with(texts[new], canary.value)
            assert SUBJECTS[canary.position] in replacement
            assert header_words(replacement) == [], replacement
    assert count == 3 * len(SEEDS)


def test_lookalike_pairs_differ_in_value_and_scope_and_sit_apart() -> None:
    assert all(len(set(f.scopes)) == 2 for f in LOOKALIKES)
    assert not any(header_words(t) for f in LOOKALIKES for t in f.replacements)
    replaced = 0
    for planted in planted_runs():
        pairs: dict[str, list[Canary]] = defaultdict(list)
        for canary in planted.canaries:
            if canary.type == "lookalike":
                assert canary.pair is not None
                pairs[canary.pair].append(canary)
        assert len(pairs) == 3
        assert len({pair.split(":", 1)[1] for pair in pairs}) == 3  # three kinds of value
        texts = user_texts(planted)
        for first, second in pairs.values():
            assert first.value != second.value
            assert first.scope
            assert second.scope
            assert first.scope != second.scope
            # Each value is stated with its own scope word, in its own message.
            where = []
            for member in (first, second):
                shown = member.stale or member.value
                assert member.scope is not None
                assert member.scope in sentence_with(texts[stated_in(planted, shown)], shown)
                where.append(stated_in(planted, shown))
            assert where[0] != where[1]
            moved = [m for m in (first, second) if m.stale is not None]
            assert len(moved) <= 1
            for member in moved:
                replaced += 1
                assert member.stale not in {first.value, second.value}
                assert stated_in(planted, member.value) > max(where)
    assert 0 < replaced < 3 * len(SEEDS)  # sometimes one member moves, never always


def test_decoys_follow_their_canary_on_its_subject_and_change_nothing() -> None:
    count = 0
    for planted in planted_runs():
        texts = user_texts(planted)
        values = [c.value for c in planted.canaries] + [
            c.stale for c in planted.canaries if c.stale
        ]
        for canary in planted.canaries:
            if canary.decoy is None:
                continue
            count += 1
            assert canary.decoy in DECOYS_FOR[canary.type]
            assert SUBJECTS[canary.position] in canary.decoy
            assert not any(value in canary.decoy for value in values)
            after = next(i for i, t in enumerate(texts) if canary.decoy in t)
            assert after > stated_in(planted, canary.value)
    assert count == 2 * 3 * len(SEEDS)


DECOYS_FOR = {
    kind: {t.format(noun=noun) for t in templates for noun in SUBJECTS.values()}
    for kind, templates in DECOYS.items()
}
