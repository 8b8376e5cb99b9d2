"""How well packlight reads a person's message as a task switch, a stop, a resume or none.

Generated corpora of labelled messages, each written by a different author:

- ``eval``: the generator of ``packlight eval``'s task-switch probe
  (``packlight.evaluation.switches``), which the classifier was tuned against;
- ``a`` to ``e`` (``_turns_corpus_*.py``): written afterwards by five more
  authors who saw neither the classifier nor the other generators, as held-out sets. Each was
  measured once before any change prompted by it (see benchmarks/results/turns.md for those
  numbers); the failures of ``a``, ``b``, ``c`` and (on 2026-12-04, branch turns_fix) ``d``
  were then read and general fixes made, so later numbers on them are no longer held out.
  ``e`` is held out: its failures are unread.

- ``g`` to ``j`` (2026-12-04, night): four more, each written blind by another author with
  its own domains and voices (g: legal, hospital, warehouse robotics ... in idioms; h: tooling,
  payroll, newsroom ... in ticket-speak and autocorrect; i: customer-service errands, several
  about cancelling something; j: software tasks with pasted errors). Each was measured once
  (benchmarks/results/turns.md) and then added to the learned model's training data, so
  later numbers on them are not held out; ``e`` and ``f`` stay held out and untrained.
- ``k`` (an academic and writing assistant's person: formal mails, hedged requests) and ``l``
  (small-business owners in SMS fragments), written blind the same night and measured first
  with the model trained on g-j, which never saw them: held out, never trained on, like e
  and f.
- ``m`` to ``p`` (2026-12-05): four more blind authors (m: voice-dictated family and health
  errands, non-native speakers; n: an engineer's Slack and terminal shorthand; o: hedged
  corporate e-mail; p: students and gamers in slang and code-switching). Measured once with
  the shipped reading, then again with the model's returns (benchmarks/results/turns.md).
- ``q`` to ``t`` (2026-12-05, afternoon): four more blind authors (q: chat errands and office
  work, bookings and refunds, terse and non-native; r: data scientists' notebooks, SQL and
  training jobs; s: on-call operators mid-incident; t: maintainers, students and hobbyists from
  formal to slang). Each was measured once with the shipped model (benchmarks/results/turns.md)
  and then added to the model's training data, so later numbers on them are not held out.
- ``u`` to ``x`` (2026-12-06): four more blind authors (u: non-native speakers at work and at
  home; v: messages dictated on a phone; w: customers of a service agent, bookings, banking,
  orders; x: long structured messages from engineering leads). Each was measured once with the
  shipped model; ``u``, ``v`` and ``x`` were then added to the training data, ``w`` is held out
  (benchmarks/results/turns.md, "Four more blind authors u-x").
- ``y``, ``z``, ``aa`` and ``ab`` (2026-12-06, evening): four more blind authors (y: creative
  professionals; z: scientists outside software, hedged and passive; aa: older people with
  personal admin, long and polite; ab: institutional memos and board decisions). Each was
  measured once with the shipped model; ``y`` and ``z`` were then added to the training data,
  ``aa`` and ``ab`` are held out (benchmarks/results/turns.md, "Four more blind authors y, z,
  aa, ab").
- ``ac``, ``ad`` and ``ae`` (2026-12-06, evening): three more (ac: tradespeople and shop
  owners texting in fragments; ad: finance, legal and HR e-mail; ae: group chats of teachers,
  coaches and parents). Measured once with the shipped model and held out: trained on, they
  cost the task-switch probe of ``packlight eval`` 4 points (benchmarks/results/turns.md).

Each case is read with ``read_turn(text, in_force=[task], set_aside=[stopped])`` and the
predicted kind is compared with the label; below each table, the share the clause rules alone
(``read_turn_by_rules``, without the learned model) read right, and the share read right as if
the agent were working on its own when the message came (``read_turn(at_work=True)``, the
lower bar of the learned reading there), with the recall of each kind. ``f`` is held out too, and
neither ``e`` nor ``f`` is ever trained on (benchmarks/train_turn_model.py). Prints a
confusion matrix per corpus; with ``--out`` writes benchmarks/results/turns.md.

    .venv/bin/python benchmarks/bench_turns.py [--seeds 0,1,2] [--out]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _turns_corpus_a
import _turns_corpus_aa
import _turns_corpus_ab
import _turns_corpus_ac
import _turns_corpus_ad
import _turns_corpus_ae
import _turns_corpus_b
import _turns_corpus_c
import _turns_corpus_d
import _turns_corpus_e
import _turns_corpus_f
import _turns_corpus_g
import _turns_corpus_h
import _turns_corpus_i
import _turns_corpus_j
import _turns_corpus_k
import _turns_corpus_l
import _turns_corpus_m
import _turns_corpus_n
import _turns_corpus_o
import _turns_corpus_p
import _turns_corpus_q
import _turns_corpus_r
import _turns_corpus_s
import _turns_corpus_t
import _turns_corpus_u
import _turns_corpus_v
import _turns_corpus_w
import _turns_corpus_x
import _turns_corpus_y
import _turns_corpus_z
from _common import DEFAULT_DATA, machine_header, write_result
from packlight.compressor.tasks import read_turn
from packlight.compressor.turns import TurnReading, read_turn_by_rules
from packlight.evaluation.switches import generate_non_switch, generate_resume, generate_switch

KINDS = ("switch", "stop", "resume", "reply")
OLD_TASKS = (
    "Fix the timezone conversion bug in utils/dates.py so naive datetimes are read as UTC.",
    "I need to change my flight from Boston to Denver on June 3 to a later one.",
    "Make the CSV exporter stream rows instead of loading them all in memory.",
    "Find out why the login page renders twice on Safari and fix it.",
)
SIDE_TASK = "Write a short summary of the repository layout in NOTES.md."


def eval_corpus(seed: int) -> list[dict[str, Any]]:
    """Cases from ``packlight eval``'s generator: switches (and pauses), resumes and look-alike
    non-switches, against a few tasks in force."""
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for _ in range(200):
        task = rng.choice(OLD_TASKS)
        name = " ".join(task.split()[1:4]).lower()
        switch = generate_switch(rng, name)
        cases.append({"kind": "switch", "text": switch.text, "current_task": task})
        resume = generate_resume(rng, name)
        cases.append(
            {"kind": "resume", "text": resume.text, "current_task": SIDE_TASK, "stopped": task}
        )
        other = generate_non_switch(rng)
        cases.append({"kind": "reply", "text": other.text, "current_task": task})
    return cases


def _normalised(cases: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "kind": case["kind"],
            "text": case["text"],
            "current_task": case["current_task"],
            "stopped": case.get("stopped") or case.get("stopped_task"),
        }
        for case in cases
    ]


CORPORA: dict[str, Callable[[int], list[dict[str, Any]]]] = {
    "eval": eval_corpus,
    "a": _turns_corpus_a.generate,
    "b": _turns_corpus_b.generate,
    "c": _turns_corpus_c.generate,
    "d": _turns_corpus_d.generate,
    "e": _turns_corpus_e.generate,
    "f": _turns_corpus_f.generate,
    "g": _turns_corpus_g.generate,
    "h": _turns_corpus_h.generate,
    "i": _turns_corpus_i.generate,
    "j": _turns_corpus_j.generate,
    "k": _turns_corpus_k.generate,
    "l": _turns_corpus_l.generate,
    "m": _turns_corpus_m.generate,
    "n": _turns_corpus_n.generate,
    "o": _turns_corpus_o.generate,
    "p": _turns_corpus_p.generate,
    "q": _turns_corpus_q.generate,
    "r": _turns_corpus_r.generate,
    "s": _turns_corpus_s.generate,
    "t": _turns_corpus_t.generate,
    "u": _turns_corpus_u.generate,
    "v": _turns_corpus_v.generate,
    "w": _turns_corpus_w.generate,
    "x": _turns_corpus_x.generate,
    "y": _turns_corpus_y.generate,
    "z": _turns_corpus_z.generate,
    "aa": _turns_corpus_aa.generate,
    "ab": _turns_corpus_ab.generate,
    "ac": _turns_corpus_ac.generate,
    "ad": _turns_corpus_ad.generate,
    "ae": _turns_corpus_ae.generate,
}


HELD_OUT = frozenset({"e", "f", "k", "l", "m", "n", "o", "p", "w", "aa", "ab", "ac", "ad", "ae"})
"""Corpora never trained on (benchmarks/train_turn_model.py) and whose failures are never
shown (bench_switch_e2e.py --show-failures)."""


def score(
    cases: list[dict[str, Any]], reader: Callable[..., TurnReading] = read_turn
) -> Counter[tuple[str, str]]:
    matrix: Counter[tuple[str, str]] = Counter()
    for case in cases:
        stopped = [case["stopped"]] if case["stopped"] else []
        predicted = reader(case["text"], in_force=[case["current_task"]], set_aside=stopped)
        matrix[(case["kind"], predicted.kind)] += 1
    return matrix


def table(name: str, matrix: Counter[tuple[str, str]]) -> list[str]:
    predicted = [*KINDS, "request"]
    total = sum(matrix.values())
    right = sum(matrix[(kind, kind)] for kind in KINDS)
    lines = [
        f"### corpus {name}: {right / total:.1%} right over {total:,} cases",
        "",
        "| label \\ read as | " + " | ".join(predicted) + " | recall |",
        "|---|" + "--:|" * (len(predicted) + 1),
    ]
    for kind in KINDS:
        row = [matrix[(kind, p)] for p in predicted]
        recall = matrix[(kind, kind)] / max(1, sum(row))
        lines.append(f"| {kind} | " + " | ".join(map(str, row)) + f" | {recall:.1%} |")
    precision = [
        f"{matrix[(p, p)] / max(1, sum(matrix[(k, p)] for k in KINDS)):.1%}" for p in predicted
    ]
    lines.append("| precision | " + " | ".join(precision) + " | |")
    lines.append("")
    return lines


def _right(matrix: Counter[tuple[str, str]]) -> float:
    return sum(matrix[(kind, kind)] for kind in KINDS) / max(1, sum(matrix.values()))


def _recalls(matrix: Counter[tuple[str, str]]) -> str:
    recalls = []
    for kind in KINDS:
        total = sum(n for (label, _), n in matrix.items() if label == kind)
        if total:
            recalls.append(f"{kind} {matrix[(kind, kind)] / total:.1%}")
    return ", ".join(recalls)


def customers_section(data: Path) -> list[str]:
    """How many real customers' messages the model reads otherwise than the rules: the
    tau-bench sessions that train_turn_model.py holds out (none of them is a task change
    planted by anyone; a changed reading is a switch or stop the model read into a customer's
    message, or a change of the rules' it undid)."""
    from train_turn_model import customer_messages, customer_sessions

    if not (data / "trajectories" / "tau-bench-airline.jsonl").exists():
        return [f"(no {data}: the real customers' messages are not read)", ""]
    messages = customer_messages(customer_sessions(data)[1])
    changed: Counter[tuple[str, str]] = Counter()
    for text, task in messages:
        rules, both = read_turn_by_rules(text, in_force=task), read_turn(text, in_force=task)
        if rules.kind != both.kind:
            changed[(rules.kind, both.kind)] += 1
    moves = ", ".join(f"{n} {a} -> {b}" for (a, b), n in sorted(changed.items())) or "none"
    return [
        "### real customers' messages",
        "",
        f"{len(messages)} messages of the tau-bench sessions held out from training: "
        f"{sum(changed.values())} read otherwise than by the rules alone ({moves}).",
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0,1,2", help="corpus seeds, comma-separated")
    parser.add_argument("--out", action="store_true", help="write results/turns.md")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder")
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    lines = [machine_header("Task switches, stops and resumes read from generated messages")]
    lines += [
        "",
        f"Seeds {', '.join(map(str, seeds))}; `read_turn` from `packlight.compressor.tasks`.",
        "",
    ]
    for name, generate in CORPORA.items():
        matrix: Counter[tuple[str, str]] = Counter()
        rules: Counter[tuple[str, str]] = Counter()
        working: Counter[tuple[str, str]] = Counter()
        for seed in seeds:
            cases = _normalised(generate(seed))
            matrix += score(cases)
            rules += score(cases, read_turn_by_rules)
            working += score(cases, partial(read_turn, at_work=True))
        lines += table(name, matrix)
        lines += [
            f"The clause rules alone: {_right(rules):.1%} right. Sent while the agent works on "
            f"its own (`at_work=True`): {_right(working):.1%} right "
            f"({_recalls(working)}).",
            "",
        ]
    lines += customers_section(args.data)
    text = "\n".join(lines)
    print(text)
    if args.out:
        write_result("turns.md", text + "\n")


if __name__ == "__main__":
    main()
