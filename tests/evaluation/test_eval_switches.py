from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from packlight.evaluation.replay import pair_problems
from packlight.evaluation.switch_probe import (
    SwitchPlan,
    plant_switch,
    plant_turns,
    run_switches,
    score_switch,
)
from packlight.evaluation.switches import (
    PlantedTurn,
    generate_non_switch,
    generate_resume,
    generate_switch,
    task_name,
)
from packlight.evaluation.task_sections import heading_items, task_view
from packlight.messages import Message, message_text
from tests.evaluation.builders import FixedCheckpointPeer, session

SEEDS = range(300)
NAME = "fix the failing test"
# The words a switch halts a task with; every one should show up across seeds.
HALTING = (
    "stop",
    "drop",
    "cancel",
    "abandon",
    "scrap",
    "forget",
    "pause",
    "on hold",
    "park",
    "shelve",
    "aside",
    "can wait",
    "never mind",
    "no longer",
)


def _sentences_make_the_text(turn: PlantedTurn) -> bool:
    """The text is its sentences in order, joined by a space or line breaks only."""
    rest = turn.text
    for sentence in turn.sentences:
        if not rest.startswith(sentence):
            return False
        rest = rest[len(sentence) :]
        stripped = rest.lstrip(" \n")
        if rest[: len(rest) - len(stripped)] not in {"", " ", "\n", "\n\n"}:
            return False
        rest = stripped
    return rest == ""


def test_switches_are_seeded() -> None:
    assert generate_switch(random.Random(7), NAME) == generate_switch(random.Random(7), NAME)
    assert generate_non_switch(random.Random(7)) == generate_non_switch(random.Random(7))


def test_switches_vary_in_words_structure_and_order() -> None:
    turns = [generate_switch(random.Random(seed), NAME) for seed in SEEDS]
    assert len({t.text for t in turns}) == len(turns)
    assert Counter(t.kind for t in turns).keys() == {"switch", "pause_then_new"}
    structures = {t.structure for t in turns}
    assert len(structures) > 150
    orders = Counter(re.search(r"order:([\w-]+)", t.structure)[1] for t in turns)  # type: ignore[index]
    assert set(orders) == {"stop-first", "new-first", "one-sentence"}
    assert min(orders.values()) > 30
    lowered = " ".join(t.text.lower() for t in turns)
    assert all(word in lowered for word in HALTING)
    # The old task is named by its words in some messages and by a pronoun in others.
    assert 50 < sum(NAME in t.text for t in turns) < 250
    # No opening is shared by more than a few messages: there is no one template to match.
    openings = Counter(" ".join(t.text.split()[:3]).lower() for t in turns)
    assert openings.most_common(1)[0][1] < 30
    assert {len(t.sentences) for t in turns} >= {1, 2, 3, 4}


def test_every_sentence_is_accounted_for_and_the_token_is_in_the_new_task() -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        switch = generate_switch(rng, NAME)
        resume = generate_resume(rng, NAME, new_task_token=switch.new_task_token)
        negative = generate_non_switch(rng)
        for turn in (switch, resume, negative):
            assert _sentences_make_the_text(turn), turn
        assert switch.new_task_token is not None
        assert switch.new_task is not None
        assert switch.new_task_token in switch.new_task
        assert switch.new_task_token in switch.text
        assert resume.new_task_token is None


def test_resumes_and_negatives_vary_and_negatives_use_the_same_words() -> None:
    resumes = {generate_resume(random.Random(seed), NAME).text for seed in SEEDS}
    negatives = [generate_non_switch(random.Random(seed)) for seed in SEEDS]
    assert len(resumes) > 40
    assert len({n.text for n in negatives}) > 150
    assert all(n.kind == "non_switch" and n.new_task_token is None for n in negatives)
    lowered = " ".join(n.text.lower() for n in negatives)
    for word in ("drop", "cancel", "stop", "pause", "abandon", "never mind", "current task"):
        assert word in lowered
    assert sum("?" in n.text for n in negatives) > 30


@pytest.mark.parametrize(
    ("first", "name"),
    [
        (
            "<pr_description>\nConsider the following PR description:\nOptimize .delete() to use "
            "only required fields.\n</pr_description>",
            "optimize .delete() to use",
        ),
        ("Hi! I need to change my flight back from Denver to Houston.", "change my flight back"),
        ("Hi! I'd like to book a flight from San Francisco to New York.", "book a flight"),
    ],
)
def test_task_name_takes_the_words_a_user_would_use(first: str, name: str) -> None:
    assert task_name(first) == name


def test_planting_keeps_the_transcript_valid_and_lands_mid_session() -> None:
    messages: list[Any] = session(40)
    resumed = 0
    for seed in range(30):
        plan = plant_switch(messages, f"{seed}:t")
        assert plan.switch is not None
        assert plan == plant_switch(messages, f"{seed}:t")
        assert not pair_problems(plan.messages)
        texts = [message_text(m) for m in plan.messages]
        at = texts.index(plan.switch.text)
        assert int(0.25 * len(messages)) <= at <= int(0.75 * len(messages))
        assert plan.messages[at]["role"] == "user"
        assert plan.messages[at + 1]["role"] == "assistant"
        planted = 1
        if plan.resume is not None:
            resumed += 1
            planted += 1
            assert texts.index(plan.resume.text) > at
        assert len(plan.messages) == len(messages) + planted
    assert 4 <= resumed <= 18  # about a third


def _given_turn(rng: random.Random, kind: Any) -> PlantedTurn:
    """A message written elsewhere: words the generator here never uses."""
    words = ["".join(rng.choice("aeioubdfgklmnprstvz") for _ in range(6)) for _ in range(5)]
    sentences = (f"{words[0].capitalize()} {words[1]}.", f"{words[2]} {words[3]} {words[4]}?")
    return PlantedTurn(kind=kind, text="\n".join(sentences), sentences=sentences)


def test_given_turns_are_planted_where_a_generated_switch_would_be() -> None:
    messages: list[Any] = session(40)
    resumes_fitted = 0
    for seed in range(30):
        rng = random.Random(seed)
        switch, resume = _given_turn(rng, "stop"), _given_turn(rng, "resume")
        plan = plant_turns(messages, f"{seed}:t", switch, resume)
        assert plan == plant_turns(messages, f"{seed}:t", switch, resume)
        assert plan.switch == switch
        assert not pair_problems(plan.messages)
        texts = [message_text(m) for m in plan.messages]
        at = texts.index(switch.text)
        assert int(0.25 * len(messages)) <= at <= int(0.75 * len(messages))
        # The same point as the generator's switch for the same seed (one draw before it).
        generated = plant_switch(messages, f"{seed}:t")
        assert generated.switch is not None
        assert [message_text(m) for m in generated.messages].index(generated.switch.text) == at
        if plan.resume is not None:
            resumes_fitted += 1
            assert texts.index(resume.text) > at
        alone = plant_turns(messages, f"{seed}:t", switch)
        assert alone.resume is None
        assert len(alone.messages) == len(messages) + 1
    assert resumes_fitted >= 25  # a resume is planted whenever there is room after the switch


# --- the scorer, on checkpoints written by hand -------------------------------------------

FIRST = "Fix the failing test in src/app/models.py, please."
SWITCH = PlantedTurn(
    kind="switch",
    text="Drop the failing test work. Instead, list every TODO comment into todo-k3v9x2.txt.",
    sentences=(
        "Drop the failing test work.",
        "Instead, list every TODO comment into todo-k3v9x2.txt.",
    ),
    new_task_token="k3v9x2",
    new_task="list every TODO comment into todo-k3v9x2.txt",
)
RESUME = PlantedTurn(
    kind="resume",
    text="Ok, go back to the original task now.",
    sentences=("Ok, go back to the original task now.",),
)


def _checkpoint(task: str, goal: str, *, compact: bool = False) -> Message:
    if compact:
        text = f"[packlight checkpoint] Reference only.\n## Task\n- {task}\n## Goal\n- {goal}\n"
    else:
        text = (
            "[packlight checkpoint]\nREFERENCE ONLY.\n\n## Active Task\n"
            f"{task}\n\n## Goal\n{goal}\n\n[end of checkpoint: continue from the conversation "
            "below]"
        )
    return {"role": "user", "content": text}


def _context(checkpoint: Message, *tail: str) -> list[Message]:
    return [
        {"role": "system", "content": "You are a coding agent."},
        checkpoint,
        *({"role": "user", "content": text} for text in tail),
        {"role": "assistant", "content": "On it."},
    ]


def _plan(resume: PlantedTurn | None = None) -> SwitchPlan:
    return SwitchPlan([], FIRST, SWITCH, resume)


def _score(plan: SwitchPlan, context: list[Message]) -> Any:
    return score_switch(plan, context, task_view(context, set()))


@pytest.mark.parametrize("compact", [False, True])
def test_a_checkpoint_whose_goal_quotes_the_new_task_passes(compact: bool) -> None:
    context = _context(
        _checkpoint(
            "The latest user message below; it begins: Round 2: please continue.",
            SWITCH.text,
            compact=compact,
        ),
        "Round 2: please continue.",
    )
    check = _score(_plan(), context)
    assert (check.whole, check.in_force, check.stopped_not_active) == (True, True, True)
    assert check.all_three


@pytest.mark.parametrize("compact", [False, True])
def test_a_goal_pointing_at_the_first_message_after_a_switch_fails(compact: bool) -> None:
    goal = (
        "The first user message above."
        if compact
        else "The first user message above, kept verbatim."
    )
    context = _context(
        _checkpoint(f"Drop the failing test work. {SWITCH.sentences[1]}", goal, compact=compact),
        FIRST,
        "Round 2: please continue.",
    )
    check = _score(_plan(), context)
    assert check.whole
    assert check.in_force  # the Active Task quotes the switch...
    assert check.stopped_not_active is False  # ...but the Goal still names the stopped task
    assert check.all_three is False


def test_quoting_the_stopped_task_fails_and_a_lost_sentence_is_not_whole() -> None:
    context = _context(_checkpoint("Round 3: please continue.", FIRST), "Round 3: please continue.")
    check = _score(_plan(), context)
    assert check.whole is False  # the switch is nowhere in the context
    assert check.in_force is False
    assert check.stopped_not_active is False


def test_after_a_resume_the_original_task_must_be_in_force() -> None:
    good = _context(
        _checkpoint(RESUME.text, "The first user message above, kept verbatim."),
        FIRST,
        SWITCH.text,
    )
    check = _score(_plan(RESUME), good)
    assert (check.whole, check.in_force, check.stopped_not_active) == (True, True, True)
    stale = _context(_checkpoint("Round 2: please continue.", SWITCH.text), RESUME.text)
    check = _score(_plan(RESUME), stale)
    assert check.in_force is False
    assert check.stopped_not_active is False


def test_the_latest_message_speaks_for_itself_unless_contradicted() -> None:
    quiet = _context(_checkpoint("Earlier: see below.", "Keep the tests green."), SWITCH.text)
    check = _score(_plan(), quiet)
    assert check.in_force
    assert check.stopped_not_active
    stale = _context(_checkpoint("Earlier: see below.", FIRST), SWITCH.text)
    assert _score(_plan(), stale).in_force is False


def test_without_task_sections_the_verdict_is_not_applicable() -> None:
    context: list[Message] = [
        {"role": "user", "content": "Round 4: please continue."},
        {"role": "assistant", "content": "ok"},
    ]
    check = score_switch(_plan(), context, task_view(context, {"Round 4: please continue."}))
    assert check is not None
    assert check.in_force is None
    assert check.stopped_not_active is None
    assert check.all_three is None


def test_a_peer_summary_is_read_by_its_goal_and_next_step_headings() -> None:
    summary = (
        "## Goal\nList every TODO comment into todo-k3v9x2.txt.\n\n## Files\n- models.py\n\n"
        "**Next steps:**\n1. Run grep\n"
    )
    assert heading_items(summary) == [
        "List every TODO comment into todo-k3v9x2.txt.",
        "Run grep",
    ]
    assert heading_items("## Files\n- models.py") is None
    context: list[Message] = [
        {"role": "user", "content": summary},
        {"role": "user", "content": FIRST},
    ]
    # The first user message was in the history given to the peer: it is not a summary.
    view = task_view(context, {FIRST})
    assert view is not None
    assert view.source == "headings"
    check = score_switch(_plan(), context, view)
    assert check is not None
    assert check.in_force
    assert check.stopped_not_active


STOP = PlantedTurn(
    kind="stop",
    text="Please halt the failing test work.\nI'll get back to you.",
    sentences=("Please halt the failing test work.", "I'll get back to you."),
)


def test_a_stop_needs_no_task_named_but_must_not_leave_the_stopped_one_active() -> None:
    plan = SwitchPlan([], FIRST, STOP)
    waiting = _context(_checkpoint(STOP.text, "No task is in force."), "Round 2: please continue.")
    check = _score(plan, waiting)
    assert (check.whole, check.in_force, check.stopped_not_active) == (True, None, True)
    assert check.all_three is True
    stale = _context(
        _checkpoint("Round 2: please continue.", "The first user message above, kept verbatim."),
        FIRST,
        "Round 2: please continue.",
    )
    check = _score(plan, stale)
    assert check.whole is False
    assert check.stopped_not_active is False
    assert check.all_three is False


def test_a_goal_listing_the_first_message_as_in_force_still_points_at_it() -> None:
    listed = "\n".join(
        ["[in force] The first user message above, kept verbatim.", f"[in force] {SWITCH.text}"]
    )
    after_switch = _context(_checkpoint("Round 2: please continue.", listed), FIRST)
    check = _score(_plan(), after_switch)
    assert check.in_force is True  # the new task is listed...
    assert check.stopped_not_active is False  # ...but so is the stopped one, as in force
    after_resume = _context(_checkpoint("Round 2: please continue.", listed), FIRST)
    assert _score(_plan(RESUME), after_resume).in_force is True
    done = "[done] The first user message above, kept verbatim."
    finished = _context(
        _checkpoint("Round 2: please continue.", f"{done}\n[in force] {SWITCH.text}")
    )
    assert _score(_plan(), finished).stopped_not_active is True


def test_a_checkpoint_kept_unchanged_over_rounds_is_scored_every_round() -> None:
    """From round 2 on the peer gets its own checkpoint back and returns it unchanged (nothing
    new was said): it still names the task in force, in every round."""
    messages: list[Message] = [
        {"role": "user", "content": FIRST},
        {"role": "assistant", "content": "Looking."},
        {"role": "user", "content": SWITCH.text},
        {"role": "assistant", "content": "On it."},
    ]
    peer = FixedCheckpointPeer(_checkpoint(SWITCH.text, SWITCH.text, compact=True))
    run = run_switches(SwitchPlan(messages, FIRST, SWITCH, None), peer, name="t", rounds=3)
    assert [(c.in_force, c.stopped_not_active) for c in run.rounds] == [(True, True)] * 3
