"""Make ``src/packlight/compressor/turn_model.bin``: the weights of the learned reading of a
person's message (:mod:`packlight.compressor.turn_model`).

Trained on development data only:

- ``packlight eval``'s switch generator and corpora ``a`` to ``d``, ``g`` to ``j``, ``q``
  to ``v``, ``x``, ``y`` and ``z`` of ``bench_turns.py`` (seeds 10 to 13, ``q`` to ``z`` 10
  and 11; the benchmark scores seeds 0 to 2);
- as messages that change no task, the user's statements in ``bench_task_state.py``'s
  generated chats (its development template sets, seeds 10 to 13), and real customers'
  messages from half of the tau-bench airline sessions of ``../shared/data`` (those
  :func:`customer_sessions` gives to training; a message the rules read as a change is left
  out), each counted ``CUSTOMER_WEIGHT`` times; generated requests for more work that say
  nothing of the work in force (:func:`added_requests`). The other half is
  where ``bench_turns.py`` counts the readings the model changes on
  real messages it never saw; the sessions ``bench_switch_e2e.py`` plants into are in
  neither.

Half of the corpora's messages are also trained on in a terse form (:func:`terse`: lower
case, chat shorthand, no articles or punctuation), with the same label.

Corpora ``e``, ``f``, ``k``, ``l``, ``m`` to ``p``, ``w`` and ``aa`` to ``ae`` are held out:
never trained on, never read, only scored (``aa`` and ``ab``, trained on beside ``y`` and
``z``, made the model read 4 more of the real customers' messages as changes and cost the
task-switch probe of ``packlight eval`` 6 points; ``ac`` to ``ae`` cost it 4:
results/turns.md). Each example carries what the clause rules read of it
(``read_turn_by_rules``), which the model weighs with the words. The same data give the same
weights (``--check`` compares them with the file).

    .venv/bin/python benchmarks/train_turn_model.py [--check] [--data DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _task_state_corpus as task_state
from _common import DEFAULT_DATA
from bench_switch_e2e import pick_sessions
from bench_turns import CORPORA, HELD_OUT, _normalised
from packlight.compressor.turn_model import KINDS, Example, ModelKind, TurnModel, train
from packlight.compressor.turns import read_turn_by_rules
from packlight.evaluation.run import Trajectory, load_trajectories

TRAINING_CORPORA = (
    "eval",
    "a",
    "b",
    "c",
    "d",
    "g",
    "h",
    "i",
    "j",
    "q",
    "r",
    "s",
    "t",
    "u",
    "v",
    "x",
    "y",
    "z",
)
TRAINING_SEEDS = (10, 11, 12, 13)
LATER_CORPORA = frozenset({"q", "r", "s", "t", "u", "v", "x", "y", "z"})
LATER_SEEDS = (10, 11)
"""The corpora added last are trained on two seeds, half the weight of the others: with four,
two hand-written readings of the tests (a switch said as "I changed my mind about X. Write Y
instead.", a refusal "No, leave it as is.") were read as stops, while the accuracy on the
held-out corpora was the same either way (benchmarks/results/turns.md)."""
STATEMENT_TEMPLATES = ("main", "heldout", "heldout_b")
STATEMENT_TRANSCRIPTS = 2
E2E_SEEDS = (0, 1, 2)
E2E_SESSIONS = 4
WEIGHTS = Path(__file__).resolve().parents[1] / "src/packlight/compressor/turn_model.bin"


def statements() -> list[Example]:
    """Messages that state rules, facts, preferences and updated values, ask questions or
    thank (bench_task_state's generated chats, development template sets only): none of
    them changes the task, though many say "instead", "now" or "from now on"."""
    found: list[Example] = []
    for templates in STATEMENT_TEMPLATES:
        task_state.use_templates(templates)
        for seed in TRAINING_SEEDS:
            for index in range(STATEMENT_TRANSCRIPTS):
                said = [
                    m["content"]
                    for m in task_state.build_transcript(seed, index).all_messages()
                    if m["role"] == "user"
                ]
                task = (said[0],)
                for text in said[1:]:
                    rules = read_turn_by_rules(text, in_force=task)
                    found.append(Example(text, "reply", task, (), rules.kind))
    return found


_ASKS = (
    "draft",
    "look up",
    "summarise",
    "compare",
    "book",
    "check",
    "write up",
    "collect",
    "estimate",
    "list",
    "translate",
    "order",
    "schedule",
    "find",
    "price out",
)
_THINGS = (
    "the quarterly supplier invoices",
    "a caterer for the offsite",
    "the changelog for version 3",
    "two quotes for the roof repair",
    "the conference travel options",
    "the onboarding checklist for new hires",
    "the warranty terms of the printer",
    "a dentist appointment for Thursday",
    "the parking permits for the visitors",
    "the readme of the billing service",
    "the lease renewal dates",
    "the open pull requests from last week",
    "a birthday gift for my sister",
    "the shipping costs to Canada",
    "the minutes of yesterday's call",
)
_POLITE = ("", "please ", "could you ", "can you ", "would you ", "i'd like you to ")
_AFTER = (
    "",
    ", and put the result in {file}",
    " and send me a short summary",
    ", a table is fine",
    " when you get a chance",
    " too",
)
_CLOSINGS = (
    "",
    " Thanks!",
    " Thank you so much.",
    " I really need this sorted.",
    " It matters a lot to me.",
    " Much appreciated, have a good day.",
)
_HELD = ("the seat", "the booking", "the room", "that slot", "the table", "the order")
_UNTIL = ("until tomorrow", "for me until Friday", "until my boss signs off", "till we decide")
ADDED_REQUESTS = 400


def new_request(rng: random.Random) -> str:
    """A request for work no task names yet ("could you price out the conference travel
    options"), as :func:`added_requests` makes them."""
    ask = f"{rng.choice(_POLITE)}{rng.choice(_ASKS)} {rng.choice(_THINGS)}"
    tail = rng.choice(_AFTER).format(file=f"notes-{rng.randrange(100, 999)}.md")
    return ask[:1].upper() + ask[1:] + tail + rng.choice((".", "?", "", "!"))


def added_requests() -> list[Example]:
    """Requests for more work that say nothing of the work in force ("could you also book a
    caterer for the offsite"): added beside the task, as a chat adds requests, not a switch
    (the rules read them as a request or a reply). The generated corpora also hold switches
    with no word of dropping anything ("prod is on fire, look at the 500s"); these teach the
    model that asking alone does not drop the work in force."""
    rng = random.Random(7)
    tasks = [c["current_task"] for c in _normalised(CORPORA["eval"](10))]
    found: list[Example] = []
    for _ in range(ADDED_REQUESTS):
        text = new_request(rng)
        if rng.random() < 0.3:
            # Holding a booking is an operation of the task, not a pause of the work.
            held = f"{rng.choice(('Please hold', 'Can you keep', 'Hold'))} {rng.choice(_HELD)}"
            text = f"{held} {rng.choice(_UNTIL)}."
        text += rng.choice(_CLOSINGS)
        task = (rng.choice(tasks),)
        rules = read_turn_by_rules(text, in_force=task)
        if rules.kind not in ("switch", "stop", "resume"):
            found.append(Example(text, "reply", task, (), rules.kind))
    return found


def customer_sessions(data: Path) -> tuple[list[Trajectory], list[Trajectory]]:
    """The tau-bench airline sessions split in two by a hash of their names: (for training,
    held out). Those ``bench_switch_e2e.py`` plants switches into (its seeds 0 to 2) are in
    neither."""
    path = data / "trajectories" / "tau-bench-airline.jsonl"
    if not path.exists():
        sys.exit(f"{path} is missing: the model is trained on real customers' messages too")
    trajectories, _ = load_trajectories([path])
    planted = {
        t.name
        for seed in E2E_SEEDS
        for t in pick_sessions(trajectories, E2E_SESSIONS, seed)["tau-bench"]
    }
    halves: tuple[list[Trajectory], list[Trajectory]] = ([], [])
    for trajectory in trajectories:
        if trajectory.name not in planted:
            digest = hashlib.sha256(trajectory.name.encode("utf-8")).digest()
            halves[digest[0] % 2].append(trajectory)
    return halves


def customer_messages(sessions: Sequence[Trajectory]) -> list[tuple[str, tuple[str, ...]]]:
    """Each customer message after a session's first, with that first one as the task."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for session in sessions:
        said = [
            m["content"]
            for m in session.messages
            if m["role"] == "user" and isinstance(m.get("content"), str)
        ]
        found += [(text, (said[0],)) for text in said[1:]]
    return found


def customers(data: Path) -> list[Example]:
    found: list[Example] = []
    for text, task in customer_messages(customer_sessions(data)[0]):
        rules = read_turn_by_rules(text, in_force=task)
        if rules.kind not in ("switch", "stop", "resume"):
            found.append(Example(text, "reply", task, (), rules.kind))
    return found


CUSTOMER_WEIGHT = 8
"""How many times each real customer's message is trained on: real messages of a chat, where a
new request sits beside the open ones, are a few hundred among twenty thousand generated ones;
without this weight the model learnt from the corpora's implicit switches to read a customer's
added request ("please note the refund on my account") as a switch. Raised from 4 to 8 when
``y`` and ``z`` were added: with four corpora more at 4, 8 of the 433 held-out customers'
messages were read as changes, at 8 six (results/turns.md)."""


# Chat shorthand a person typing fast uses (word -> its short forms), for :func:`terse`.
_SHORT_FORMS: dict[str, tuple[str, ...]] = {
    "please": ("pls", "plz"),
    "you": ("u",),
    "your": ("ur",),
    "thanks": ("thx", "ty"),
    "thank you": ("ty", "thx"),
    "okay": ("ok", "k"),
    "because": ("bc", "cuz"),
    "tomorrow": ("tmrw",),
    "right now": ("rn",),
    "going to": ("gonna",),
    "want to": ("wanna",),
    "about": ("abt",),
    "with": ("w/",),
    "without": ("w/o",),
    "something": ("smth",),
    "before": ("b4",),
    "though": ("tho",),
    "probably": ("prob",),
    "message": ("msg",),
    "don't": ("dont", "don't"),
    "can't": ("cant",),
    "i'm": ("im",),
    "that's": ("thats",),
    "let's": ("lets",),
    "it's": ("its",),
    "we're": ("were",),
}
_SHORT_FORM = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _SHORT_FORMS), key=len, reverse=True)) + r")\b"
)
_DROPPED = re.compile(r"\b(?:the|a|an|just|actually|really|basically)\s+")
_SUBJECT = re.compile(r"(^|[.!?]\s+)(?:i|we)\s+(?=\w)")
TERSE_SHARE = 0.5
"""Of the corpora's messages, the share also trained on in their terse form."""


def terse(text: str, rng: random.Random) -> str:
    """``text`` as someone typing on a phone writes it: lower case, shorthand ("pls", "u",
    "rn"), articles and fillers and the sentence's "I"/"we" dropped, most punctuation gone.
    The words that say what to stop, drop or take up stay: the kind is unchanged. The
    corpora's authors mostly wrote whole sentences; a message of a few clipped words reads
    otherwise to the words-and-pairs model, and the kind must not depend on register."""
    out = text.lower()
    out = _SHORT_FORM.sub(lambda m: rng.choice(_SHORT_FORMS[m.group(1)]), out)
    if rng.random() < 0.7:
        out = _DROPPED.sub("", out)
    if rng.random() < 0.6:
        out = _SUBJECT.sub(r"\1", out)
    if rng.random() < 0.8:
        out = re.sub(r"[.!;:,]+(\s|$)", rng.choice((" ", " - ", ", ", "  ")) + r"\1", out)
        out = re.sub(r"\s+", " ", out).strip(" -,")
    return out


def examples(data: Path = DEFAULT_DATA) -> list[Example]:
    found: list[Example] = statements() + customers(data) * CUSTOMER_WEIGHT + added_requests()
    assert not HELD_OUT & set(TRAINING_CORPORA), "a held-out corpus is never trained on"
    rng = random.Random(11)
    for name in TRAINING_CORPORA:
        for seed in LATER_SEEDS if name in LATER_CORPORA else TRAINING_SEEDS:
            for case in _normalised(CORPORA[name](seed)):
                kind: ModelKind = case["kind"]
                assert kind in KINDS, kind
                in_force = (case["current_task"],)
                set_aside = (case["stopped"],) if case["stopped"] else ()
                texts = [case["text"]]
                if rng.random() < TERSE_SHARE:
                    texts.append(terse(case["text"], rng))
                for text in texts:
                    rules = read_turn_by_rules(text, in_force=in_force, set_aside=set_aside)
                    found.append(Example(text, kind, in_force, set_aside, rules.kind))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder")
    args = parser.parse_args()
    training = examples(args.data)
    model = train(training)
    data = model.to_bytes()
    size = sum(1 for kind in KINDS for value in model.weights[kind] if value)
    if args.check:
        shipped = TurnModel.from_bytes(WEIGHTS.read_bytes()).weights
        worst = max(
            abs(a - b)
            for kind in KINDS
            for a, b in zip(shipped[kind], model.weights[kind], strict=True)
        )
        print(f"{len(training)} examples, {size} weights; largest difference {worst:.4f}")
        sys.exit(0 if worst < 1e-3 else 1)
    WEIGHTS.write_bytes(data)
    print(f"{len(training)} examples, {size} weights, {len(data):,} bytes -> {WEIGHTS}")


if __name__ == "__main__":
    main()
