"""A second reading of a human message, learned: a linear model over its words, its word
pairs, how much of it names the tasks in force or set aside, and what the clause rules of
:mod:`packlight.compressor.turns` read (:func:`read_turn` asks it).

The rules read a message clause by clause and miss what their authors did not think of; the
model weighs many small cues at once. It was trained (``benchmarks/train_turn_model.py``) on
generated messages whose kind is known (``packlight eval``'s switch generator and eight
corpora written by separate authors) and on messages that change no task (generated
statements of rules and facts, real airline customers' messages), and measured on two more
corpora and on customers' sessions it never saw (benchmarks/results/turns.md). Its weights
are data of this package (``turn_model.bin``); the same script remakes them.

Words of the tasks are masked (``<cur>``, ``<set>``): what the model learns is how a person
speaks of the work in force or set aside, never which work the examples were about.

Pure functions; the weights are read once, on first use.
"""

from __future__ import annotations

import array
import functools
import itertools
import math
import operator
import random
import re
import struct
import sys
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Literal

from packlight.compressor.spelling import corrected

__all__ = [
    "BUCKETS",
    "KINDS",
    "MARKUP_TOKEN",
    "Example",
    "ModelKind",
    "TurnModel",
    "bucket",
    "features",
    "hashed",
    "load_model",
    "train",
]

ModelKind = Literal["switch", "stop", "resume", "reply"]
KINDS: tuple[ModelKind, ...] = ("switch", "stop", "resume", "reply")
"""What the model tells apart (a rule reading of ``request`` is given to it as ``reply``:
neither changes the task in force)."""

FEATURES_VERSION = 3
"""Bumped whenever :func:`features` changes: weights made for another version are refused."""

MARKUP_TOKEN = re.compile(r"#{2,}\w+#{2,}|<[^>]{1,40}>")
"""Markup in a message (``###STOP###``, a harness's end marker; ``<tag>``): no one's words."""

_WORD = re.compile(r"[a-z][a-z']*|[0-9]+|[^\sa-z0-9]")
_FUNCTION_WORDS = frozenset(
    {"the", "a", "an", "to", "of", "and", "in", "on", "for", "is", "it", "this", "that"}
    | {"with", "be", "i", "we", "you", "my", "our", "your"}
)
_MIN_TASK_WORD = 3
_TASK_WORDS = 12
_TASK_CHARS = 400
_OVERLAP_STEPS = 8
_MAX_OVERLAP_BUCKET = 3
_WORDS_PER_LENGTH_BUCKET = 6
_MAX_LENGTH_BUCKET = 6
_RULE_WEIGHT = 2


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _task_words(tasks: Iterable[str]) -> frozenset[str]:
    """The words that name each task: its first content words. A task is often a long
    message (an agent's whole issue description); all its words would mask most of what a
    person writes, and the model learnt from tasks said in one sentence."""
    named: set[str] = set()
    for task in tasks:
        content = [
            word
            for word in _words(task[:_TASK_CHARS])
            if word not in _FUNCTION_WORDS and word.isalpha() and len(word) >= _MIN_TASK_WORD
        ]
        named.update(content[:_TASK_WORDS])
    return frozenset(named)


def features(
    text: str, in_force: Sequence[str], set_aside: Sequence[str], rule_kind: str
) -> Counter[str]:
    """The model's features of one message, given the tasks' texts and the rules' reading
    (markup left out: "###STOP###" is not "stop")."""
    words = _words(MARKUP_TOKEN.sub(" ", corrected(text)))
    current = _task_words(in_force)
    aside = _task_words(set_aside)
    masked = ["<set>" if word in aside else "<cur>" if word in current else word for word in words]
    # Counted by Counter.update (a loop in C): a task message of a few thousand words is
    # read whenever a later one arrives.
    found: Counter[str] = Counter(["w:" + word for word in masked])
    found.update([f"b:{first}_{second}" for first, second in itertools.pairwise(masked)])
    if masked:
        found["first:" + masked[0]] += 1
    if len(masked) > 1:
        found[f"first2:{masked[0]}_{masked[1]}"] += 1
    content = [w for w in words if w not in _FUNCTION_WORDS and w.isalpha() and len(w) > 2]
    if content:
        for name, task_words in (("cur", current), ("set", aside)):
            share = sum(word in task_words for word in content) / len(content)
            bucket = min(_MAX_OVERLAP_BUCKET, int(share * _OVERLAP_STEPS))
            found[f"{name}_overlap_{bucket}"] += 1
    found["has_set_aside"] += bool(set_aside)
    found[f"len_{min(_MAX_LENGTH_BUCKET, len(words) // _WORDS_PER_LENGTH_BUCKET)}"] += 1
    found["rule:" + (rule_kind if rule_kind in KINDS else "reply")] += _RULE_WEIGHT
    return found


BUCKETS = 1 << 16
"""Features are hashed into this many weights per kind (feature hashing): the model holds
four arrays of floats, no names. A few features share a weight; the measured accuracy is
that of the hashed model (benchmarks/results/turns.md)."""


def bucket(name: str) -> int:
    """The weight a feature reads (CRC-32 of its name: the same on every machine)."""
    return zlib.crc32(name.encode("utf-8")) & (BUCKETS - 1)


def hashed(found: Mapping[str, int]) -> dict[int, int]:
    """``found`` by bucket, counts of features that share one added, in first-seen order."""
    result: dict[int, int] = {}
    for name, count in found.items():
        at = bucket(name)
        result[at] = result.get(at, 0) + count
    return result


@dataclass(frozen=True, slots=True)
class TurnModel:
    """A weight per kind and bucket; :meth:`probabilities` reads a message."""

    weights: Mapping[ModelKind, Sequence[float]]

    def probabilities(self, found: Mapping[str, int]) -> dict[ModelKind, float]:
        return self.probabilities_of(hashed(found))

    def probabilities_of(self, buckets: Mapping[int, int]) -> dict[ModelKind, float]:
        """:meth:`probabilities` of features already hashed."""
        at, counts = list(buckets), list(buckets.values())
        # The same products summed in the same order as a plain loop would, in C.
        scores = {
            kind: sum(map(operator.mul, map(self.weights[kind].__getitem__, at), counts))
            for kind in KINDS
        }
        top = max(scores.values())
        exps = {kind: math.exp(score - top) for kind, score in scores.items()}
        total = sum(exps.values())
        return {kind: value / total for kind, value in exps.items()}

    def to_bytes(self) -> bytes:
        """The weights as ``turn_model.bin`` holds them: a header (magic, features version,
        buckets), then each kind's weights as little-endian 32-bit floats."""
        body = b""
        for kind in KINDS:
            row = array.array("f", self.weights[kind])
            if sys.byteorder == "big":  # pragma: no cover - no such machine here
                row.byteswap()
            body += row.tobytes()
        return _HEADER.pack(_MAGIC, FEATURES_VERSION, BUCKETS) + body

    @classmethod
    def from_bytes(cls, data: bytes) -> TurnModel:
        """The model :meth:`to_bytes` wrote."""
        magic, version, buckets = _HEADER.unpack_from(data)
        if magic != _MAGIC or version != FEATURES_VERSION or buckets != BUCKETS:
            raise RuntimeError(
                f"turn_model.bin was made for features version {version}, {buckets} buckets; "
                f"this packlight reads version {FEATURES_VERSION}, {BUCKETS}: run "
                "benchmarks/train_turn_model.py"
            )
        size = BUCKETS * 4
        weights: dict[ModelKind, Sequence[float]] = {}
        for number, kind in enumerate(KINDS):
            row = array.array("f")
            start = _HEADER.size + number * size
            row.frombytes(data[start : start + size])
            if sys.byteorder == "big":  # pragma: no cover - no such machine here
                row.byteswap()
            weights[kind] = row
        return cls(weights)


_MAGIC = b"PLTM"
_HEADER = struct.Struct("<4sHI")


@functools.cache
def load_model() -> TurnModel:
    """The weights shipped with packlight (``turn_model.bin``, 1 MB: four arrays of floats,
    read in a millisecond)."""
    data = resources.files("packlight.compressor").joinpath("turn_model.bin").read_bytes()
    return TurnModel.from_bytes(data)


@dataclass(frozen=True, slots=True)
class Example:
    """One labelled message for :func:`train`."""

    text: str
    kind: ModelKind
    in_force: tuple[str, ...]
    set_aside: tuple[str, ...]
    rule_kind: str


_EPOCHS = 6
_LEARNING_RATE = 0.1
_DECAY = 0.6
_L2 = 1e-5
TRAINING_ORDERS = (0, 1, 2)
"""The orders of the examples whose runs :func:`train` averages."""
_KEEP_ABOVE = 0.03
_DIGITS = 4


def train(examples: Sequence[Example], *, seeds: Sequence[int] = TRAINING_ORDERS) -> TurnModel:
    """Multinomial logistic regression by stochastic gradient descent, once per seed in
    ``seeds`` (each a fixed order of the examples, so the same examples give the same
    weights), the runs' weights averaged: one order alone leaves weights that depend on which
    examples came last, and a message near the threshold may read otherwise from one order to
    the next (benchmarks/results/turns.md). Weights under 0.03 in size are dropped, the rest
    rounded to four digits and kept as 32-bit floats, as shipped."""
    rows = [
        (hashed(features(e.text, e.in_force, e.set_aside, e.rule_kind)), e.kind) for e in examples
    ]
    runs = [_descend(rows, seed) for seed in seeds]
    kept = {
        kind: array.array(
            "f",
            (
                round(value, _DIGITS) if abs(value) >= _KEEP_ABOVE else 0.0
                for value in (
                    math.fsum(column) / len(runs)
                    for column in zip(*(r[kind] for r in runs), strict=True)
                )
            ),
        )
        for kind in KINDS
    }
    return TurnModel(kept)


def _descend(
    rows: Sequence[tuple[Mapping[int, int], ModelKind]], seed: int
) -> dict[ModelKind, list[float]]:
    """One run of stochastic gradient descent over ``rows`` in an order drawn from ``seed``."""
    weights: dict[ModelKind, list[float]] = {kind: [0.0] * BUCKETS for kind in KINDS}
    model = TurnModel(weights)
    order = list(range(len(rows)))
    rng = random.Random(seed)
    rate = _LEARNING_RATE
    for _ in range(_EPOCHS):
        rng.shuffle(order)
        for at in order:
            found, label = rows[at]
            probabilities = model.probabilities_of(found)
            for kind in KINDS:
                gradient = probabilities[kind] - (1.0 if kind == label else 0.0)
                row = weights[kind]
                for index, count in found.items():
                    old = row[index]
                    row[index] = old - rate * (gradient * count + _L2 * old)
        rate *= _DECAY
    return weights
