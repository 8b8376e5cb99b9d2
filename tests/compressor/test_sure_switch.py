"""A switch the learned reading is sure of, in words the clause rules do not know as an order.

The rules find the new work of a switch by its instruction ("please write ...", "look at
..."); a person also asks in words they were not written for ("the supervisors' first week is
superseded. please do my schedule c"). Where the model is sure, such a message is a switch
even though it names the work it drops, even though its order carries a version or a number,
and even with a log pasted below it; at work also where the rules read only the halt. What
each of these guards against stays guarded: a list of facts and values, a plain stop in a
chat, a chat's message that acts on one item of an errand set aside.
"""

from __future__ import annotations

import random

from packlight.compressor.turns import read_turn

from .named_tasks import NAMED_TASKS

DROPPED = (
    "{n} is superseded",
    "{n} is not needed anymore",
    "{n} isn't a priority anymore",
    "{n} is off the table for now",
    "we don't need {n} any more, the client cancelled it",
    "{n} got overtaken by events",
)
LEADS = ("", "Sorry, ", "ok so ", "Update: ", "hey, ")
ORDERS = (
    "please do my schedule C for 2024",
    "can u pull the recent Texas non-compete cases for the Hartley matter",
    "the boss wants you to do a regression pass of checkout on Android 14",
    "please draft the Q3 board memo on hiring",
    "could you get the Lisbon venue shortlist ready",
    "I need the churn-by-tier query built by Friday",
)
UPGRADES = (
    "the boss wants you to upgrade us from Django 3.2 to 4.2",
    "I need the Postgres image bumped from 14.9 to 16.1",
    "could u move the mobile app to React Native 0.74",
    "what matters now is getting the build hosts onto kernel 6.8",
)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _switch(rng: random.Random, name: str) -> str:
    dropped = rng.choice(DROPPED).format(n=name)
    return f"{rng.choice(LEADS)}{dropped}. {_capitalised(rng.choice(ORDERS))}."


def test_a_switch_that_names_the_work_it_drops_is_a_switch() -> None:
    """ "X is superseded. Please do Y." names X because it drops it: most such messages are
    switches that halt the task in force (before, naming it kept the rules' reading)."""
    rng = random.Random(7)
    switched = 0
    for _ in range(120):
        task, name = rng.choice(NAMED_TASKS)
        reading = read_turn(_switch(rng, name), in_force=[task])
        switched += reading.kind == "switch" and reading.halted == (0,)
    assert switched / 120 >= 0.95, switched


def test_an_order_with_versions_in_it_is_no_list_of_values() -> None:
    """Two sentences of which only the order carries numbers ("X is superseded. The boss wants
    you to upgrade us from Django 3.2 to 4.2.") ask for work; two that both set a value stay
    facts."""
    rng = random.Random(11)
    switched = 0
    for _ in range(80):
        task, name = rng.choice(NAMED_TASKS)
        dropped = rng.choice(DROPPED).format(n=name)
        text = f"{rng.choice(LEADS)}{dropped}. {_capitalised(rng.choice(UPGRADES))}."
        reading = read_turn(text, in_force=[task])
        switched += reading.kind == "switch"
    assert switched / 80 >= 0.75, switched
    for seed in range(20):
        values = random.Random(seed)
        task, _ = values.choice(NAMED_TASKS)
        text = (
            f"Watch #alerts-{values.randint(100, 999)} for the {values.choice(['API', 'ingest'])} "
            f"alerts from here on. The worker is deployed from the branch "
            f"rel-{values.randint(100000, 999999)}."
        )
        assert read_turn(text, in_force=[task]).kind not in ("switch", "stop"), text


def _log(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f"2026-11-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d} "
        f"{rng.choice(['INFO', 'WARN', 'ERROR'])} job={rng.randint(1, 9999)} "
        f"latency_ms={rng.randint(3, 900)}"
        for _ in range(lines)
    )


def test_a_log_pasted_below_a_switch_adds_no_sentences() -> None:
    """A short log below a switch (not long enough to be cut to its opening and close) leaves
    the reading of the person's words as it was: its lines are no sentences of theirs, and no
    values they set."""
    rng = random.Random(3)
    read_alone = 0
    for _ in range(60):
        task, name = rng.choice(NAMED_TASKS)
        switch = _switch(rng, name)
        alone = read_turn(switch, in_force=[task])
        if alone.kind != "switch":
            continue
        read_alone += 1
        with_log = read_turn(f"{switch}\n\n{_log(rng, rng.randint(5, 20))}", in_force=[task])
        assert with_log.kind == "switch", switch
    assert read_alone >= 40, read_alone


HALTS_WITH_ORDERS = (
    "okay so ditch {n} i'd like you to redo the winter jacket copy to the new style guide",
    "Update: the board met this morning. So let's shelve {n} and have you review the gene "
    "editing literature since 2020",
    "please stop with {n} now i need that you help me dispute a 349 pound charge on my card",
    "so, park {n}, lets put together a Scottish Highlands itinerary.",
    "ok instead of {n}, can u book a table for four at dishoom on saturday at 8? thx",
)


def test_at_work_a_halt_with_an_order_the_rules_miss_is_a_switch() -> None:
    """At work, where the rules read the halt but not the order after it, a sure model makes
    the message the switch it is; in a chat the same words keep at least the halt."""
    rng = random.Random(5)
    at_work = idle = 0
    for _ in range(60):
        task, name = rng.choice(NAMED_TASKS)
        text = rng.choice(HALTS_WITH_ORDERS).format(n=name)
        working = read_turn(text, in_force=[task], at_work=True)
        chatting = read_turn(text, in_force=[task])
        assert working.halted == (0,), text
        assert chatting.kind in ("switch", "stop"), text
        at_work += working.kind == "switch"
        idle += chatting.kind == "switch"
    assert at_work >= idle
    assert at_work / 60 >= 0.5, at_work


DEAD_ENDS = (
    "hey turns out {n} was a dead end",
    "um don't put any more hours into {n}",
    "so yeah {n} isn't worth it anymore",
    "ok {n} was never going to work",
)
NEXT = (
    "let's translate the safety data sheet into english instead",
    "can you do the kitchen reno budget",
    "write the cover letter for the leeds shop",
    "lets build the churn by tier query",
)


def test_at_work_what_a_switch_says_of_the_work_it_drops_is_no_fact() -> None:
    """At work, "turns out X was a dead end let's do Y" states a fact only of the work it
    drops: a switch. In a chat a statement of that shape may be a fact of the errand, and the
    rules' reading stands."""
    rng = random.Random(17)
    switched = 0
    for _ in range(60):
        task, name = rng.choice(NAMED_TASKS)
        text = f"{rng.choice(DEAD_ENDS).format(n=name)} {rng.choice(NEXT)}"
        reading = read_turn(text, in_force=[task], at_work=True)
        switched += reading.kind == "switch" and reading.halted == (0,)
    assert switched / 60 >= 0.6, switched


def _ticket_set_aside(rng: random.Random) -> tuple[str, str, str]:
    """A ticket, the task set aside that it names, and a task in force that does not."""
    ticket = f"{rng.choice(['BILL', 'DATA', 'OPS', 'WEB'])}-{rng.randint(100, 999)}"
    aside = f"Fix {ticket}: the invoice totals round the wrong way."
    return ticket, aside, rng.choice(NAMED_TASKS)[0]


def test_at_work_a_return_by_the_ticket_of_the_work_set_aside() -> None:
    """At work, "the hotfix is finished. BILL-219 now, same as before" returns to the work set
    aside that BILL-219 names; in a chat a message that names one item (a reservation, a
    flight) acts on it and is left to the rules, and names no return here."""
    rng = random.Random(13)
    returned = 0
    for _ in range(40):
        ticket, aside, current = _ticket_set_aside(rng)
        done = rng.choice(
            ["so the hotfix is finished. ", "the release went out. ", "phew, the demo's done. ", ""]
        )
        text = (
            f"{done}{ticket} {rng.choice(['now', 'next', 'now please'])}, "
            f"{rng.choice(['same as before', 'as it was', 'as before'])}"
        )
        working = read_turn(text, in_force=[current], set_aside=[aside], at_work=True)
        returned += working.kind == "resume" and working.resumed == 0
        assert read_turn(text, in_force=[current], set_aside=[aside]).kind != "resume", text
    assert returned / 40 >= 0.9, returned


def test_at_work_a_question_that_asks_to_go_on_with_work_set_aside_returns_to_it() -> None:
    """At work, "could we do BILL-219 again?" and "BILL-219 next, can we?" return to the
    work set aside that BILL-219 names; "is BILL-219 still failing?" asks how it stands."""
    rng = random.Random(19)
    returned = 0
    for _ in range(40):
        ticket, aside, current = _ticket_set_aside(rng)
        asks = rng.choice(
            [
                "could we do {t} again?",
                "{t} next, can we?",
                "shall we do {t} again now?",
                "ok so could we have another go at {t}?",
            ]
        ).format(t=ticket)
        reading = read_turn(asks, in_force=[current], set_aside=[aside], at_work=True)
        returned += reading.kind == "resume" and reading.resumed == 0
        status = rng.choice(["is {t} still failing?", "did {t} get merged?"]).format(t=ticket)
        assert read_turn(status, in_force=[current], set_aside=[aside], at_work=True).kind != (
            "resume"
        ), status
    assert returned / 40 >= 0.6, returned
