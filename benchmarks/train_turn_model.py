"""Make ``src/packlight/compressor/turn_model.json``: the weights of the learned reading of a
person's message (:mod:`packlight.compressor.turn_model`).

Trained on development data only:

- ``packlight eval``'s switch generator and corpora ``a`` to ``d`` of ``bench_turns.py``
  (seeds 10 to 13; the benchmark scores seeds 0 to 2);
- as messages that change no task, the user's statements in ``bench_task_state.py``'s
  generated chats (its development template sets, seeds 10 to 13), and real customers'
  messages from half of the tau-bench airline sessions of ``../shared/data`` (those
  :func:`customer_sessions` gives to training; a message the rules read as a change is left
  out). The other half is where ``bench_turns.py`` counts the readings the model changes on
  real messages it never saw; the sessions ``bench_switch_e2e.py`` plants into are in
  neither.

Corpora ``e`` and ``f`` are held out: never trained on, never read, only scored. Each example
carries what the clause rules read of it (``read_turn_by_rules``), which the model weighs
with the words. The same data give the same weights (``--check`` compares them with the
file).

    .venv/bin/python benchmarks/train_turn_model.py [--check] [--data DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _task_state_corpus as task_state
from _common import DEFAULT_DATA
from bench_switch_e2e import pick_sessions
from bench_turns import CORPORA, _normalised
from packlight.compressor.turn_model import KINDS, Example, ModelKind, train
from packlight.compressor.turns import read_turn_by_rules
from packlight.evaluation.run import Trajectory, load_trajectories

TRAINING_CORPORA = ("eval", "a", "b", "c", "d")
HELD_OUT = ("e", "f")
TRAINING_SEEDS = (10, 11, 12, 13)
STATEMENT_TEMPLATES = ("main", "heldout", "heldout_b")
STATEMENT_TRANSCRIPTS = 2
E2E_SEEDS = (0, 1, 2)
E2E_SESSIONS = 4
WEIGHTS = Path(__file__).resolve().parents[1] / "src/packlight/compressor/turn_model.json"


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


def examples(data: Path = DEFAULT_DATA) -> list[Example]:
    found: list[Example] = statements() + customers(data)
    for name in TRAINING_CORPORA:
        for seed in TRAINING_SEEDS:
            for case in _normalised(CORPORA[name](seed)):
                kind: ModelKind = case["kind"]
                assert kind in KINDS, kind
                in_force = (case["current_task"],)
                set_aside = (case["stopped"],) if case["stopped"] else ()
                rules = read_turn_by_rules(case["text"], in_force=in_force, set_aside=set_aside)
                found.append(Example(case["text"], kind, in_force, set_aside, rules.kind))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder")
    args = parser.parse_args()
    training = examples(args.data)
    model = train(training)
    text = model.to_json() + "\n"
    size = sum(len(row) for row in model.weights.values())
    if args.check:
        shipped = json.loads(WEIGHTS.read_text(encoding="utf-8"))["weights"]
        worst = max(
            abs(shipped[kind].get(name, 0.0) - model.weights[kind].get(name, 0.0))
            for kind in KINDS
            for name in {*shipped[kind], *model.weights[kind]}
        )
        print(f"{len(training)} examples, {size} weights; largest difference {worst:.4f}")
        sys.exit(0 if worst < 1e-3 else 1)
    WEIGHTS.write_text(text, encoding="utf-8")
    print(f"{len(training)} examples, {size} weights, {len(text):,} bytes -> {WEIGHTS}")


if __name__ == "__main__":
    main()
