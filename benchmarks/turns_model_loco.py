"""Would a small statistical model read turns better than the clause rules? A leave-one-
corpus-out experiment.

A multinomial logistic regression over features of the message (what the clause rules of
``packlight.compressor.turns`` find in it, and a few surface signals) is trained on three of
the four turn corpora (``bench_turns.CORPORA``) and scored on the fourth, beside the rules'
own reading of that corpus. The rules were tuned on all four corpora, so neither column is a
held-out number for the rules; the table says whether a model over the same signals
generalises across authors better than the hand-written decision, not how either does on
unseen wording. Fixed seeds; numpy is used here only (nothing at runtime).

    .venv/bin/python benchmarks/turns_model_loco.py
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_turns
from packlight.compressor import turns

KINDS = bench_turns.KINDS
SEEDS = (0, 1, 2)


def features(text: str, in_force: Sequence[str], set_aside: Sequence[str]) -> list[float]:
    """Signals of one message: the rules' verdict and what each clause rule found."""
    clauses = turns._clauses(text)
    reading = turns.read_turn(text, in_force=in_force, set_aside=set_aside)
    strict = [c for c in clauses if turns._halts(c, in_force)]
    lenient = [c for c in clauses if turns._halts(c, in_force, lenient=True)]
    rest = [c for c in clauses if c not in lenient]
    plain = turns._plain_sentences(text)
    words = turns._words(text)
    return [
        1.0,
        *(float(reading.kind == kind) for kind in ("switch", "stop", "resume", "request")),
        float(bool(strict)),
        float(bool(lenient)),
        float(any(turns._instructs(c) for c in rest)),
        float(any(turns._NEW_TASK.search(c) or turns._INSTEAD.search(c) for c in clauses)),
        float(any(turns._resumed(c, set_aside, in_force) is not None for c in clauses)),
        float(bool(turns._ASIDE_WORD.search(text))),
        float(bool(turns._RETURN_WORD.search(text))),
        float(bool(turns._PAUSE.search(text))),
        float(bool(turns._AGAIN.search(text))),
        float(any(turns._sets_aside(c, in_force) for c in plain)),
        float(any(turns._names(c, t) for c in clauses for t in in_force)),
        float(any(turns._names(c, t) for c in clauses for t in set_aside)),
        float(bool(set_aside)),
        float(text.rstrip().endswith("?")),
        float(bool(turns._CONDITION.search(text))),
        float(bool(turns._NEGATED_ASIDE.search(text))),
        float(bool(re.search(r"\b(?:thanks|thank you|thx)\b", text, re.I))),
        min(len(words), 60) / 60,
        min(len(clauses), 6) / 6,
    ]


def dataset(name: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], list[str]]:
    rows: list[list[float]] = []
    labels: list[int] = []
    rule: list[str] = []
    for seed in SEEDS:
        for case in bench_turns._normalised(bench_turns.CORPORA[name](seed)):
            aside = [case["stopped"]] if case["stopped"] else []
            rows.append(features(case["text"], [case["current_task"]], aside))
            labels.append(KINDS.index(case["kind"]))
            rule.append(
                turns.read_turn(case["text"], in_force=[case["current_task"]], set_aside=aside).kind
            )
    return np.array(rows), np.array(labels), rule


def train(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Softmax regression by full-batch gradient descent, L2-regularised, from zero."""
    weights = np.zeros((x.shape[1], len(KINDS)))
    target = np.eye(len(KINDS))[y]
    for _ in range(3_000):
        logits = x @ weights
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        grad = x.T @ (prob - target) / len(x) + 1e-3 * weights
        weights -= 0.5 * grad
    return weights


def report(y: np.ndarray[Any, Any], predicted: Sequence[int]) -> str:
    right = float(np.mean(np.array(predicted) == y))
    recalls = []
    for k in range(len(KINDS)):
        mask = y == k
        recalls.append(f"{np.mean(np.array(predicted)[mask] == k):.1%}" if mask.any() else "n/a")
    # An added request changes no task either: it counts as a reply here.
    replies = y == KINDS.index("reply")
    misread = int(np.sum(np.array(predicted)[replies] != KINDS.index("reply")))
    return f"{right:.1%} | " + " | ".join(recalls) + f" | {misread}"


def main() -> None:
    data = {name: dataset(name) for name in bench_turns.CORPORA}
    print("| held-out corpus | reader | right | " + " | ".join(KINDS) + " | replies misread |")
    print("|---|---|--:|" + "--:|" * len(KINDS) + "--:|")
    for held, (x, y, rule) in data.items():
        train_x = np.vstack([data[n][0] for n in data if n != held])
        train_y = np.concatenate([data[n][1] for n in data if n != held])
        weights = train(train_x, train_y)
        model = list(np.argmax(x @ weights, axis=1))
        rules = [KINDS.index(kind) if kind in KINDS else KINDS.index("reply") for kind in rule]
        print(f"| {held} | rules | {report(y, rules)} |")
        print(f"| {held} | model (trained on the other three) | {report(y, model)} |")


if __name__ == "__main__":
    main()
