"""Which features of the learned turn reading generalise to authors it never saw? A
leave-corpora-out experiment over the blind corpora already trained on.

``benchmarks/train_turn_model.py`` trains :mod:`packlight.compressor.turn_model` on the
corpora ``a``-``d``, ``g``-``j`` and ``q``-``t`` (and generated and real messages). Here the
corpora written blind and trained on later (``g``-``j``, ``q``-``t``) are left out two at a
time: the model is trained without them, and ``read_turn`` (rules and model together, as
shipped) is scored on them, seeds 0-2, as ``bench_turns.py`` scores a corpus. The held-out
corpora (``bench_turns.HELD_OUT``) are never read here.

A variant adds feature groups to :func:`packlight.compressor.turn_model.features` in this
process only (the shipped weights and features are untouched):

``skip``
    word pairs with one word between ("drop the rota", "park that for");
``stem``
    words longer than five letters cut to five, alone and in pairs ("parking", "parked");
``char``
    letter 4-grams of each word with its edges marked ("^par", "park", "ing$").

Results and what became of them: benchmarks/results/turns.md.

    .venv/bin/python benchmarks/turn_features_loco.py [--variants base,char_stem_skip]
        [--folds gq,hr,is,jt] [--data DIR]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_turns
import train_turn_model
from _common import DEFAULT_DATA
from packlight.compressor import turn_model, turns

_STEM = 5
_GRAM = 4
Features = Callable[[str, Sequence[str], Sequence[str], str], Counter[str]]
SHIPPED_FEATURES: Features = turn_model.features
GROUPS = ("skip", "stem", "char")


def _masked(text: str, in_force: Sequence[str], set_aside: Sequence[str]) -> list[str]:
    """The message's words as the model reads them, the tasks' words masked."""
    words = turn_model._words(turn_model.MARKUP_TOKEN.sub(" ", text))
    current = turn_model._task_words(in_force)
    aside = turn_model._task_words(set_aside)
    return ["<set>" if w in aside else "<cur>" if w in current else w for w in words]


def extra_features(groups: Sequence[str], masked: Sequence[str]) -> list[str]:
    """The feature names of ``groups`` (see the module) for the masked words."""
    found: list[str] = []
    if "skip" in groups:
        found += [f"k:{first}_{third}" for first, third in zip(masked, masked[2:], strict=False)]
    if "stem" in groups:
        stems = [w[:_STEM] if len(w) > _STEM and w[0] != "<" else w for w in masked]
        found += [f"s:{stem}" for stem, word in zip(stems, masked, strict=True) if stem != word]
        found += [f"sb:{first}_{second}" for first, second in itertools.pairwise(stems)]
    if "char" in groups:
        for word in masked:
            if len(word) >= _GRAM and word.isalpha():
                marked = f"^{word}$"
                found += ["c:" + marked[at : at + _GRAM] for at in range(len(marked) - _GRAM + 1)]
    return found


def variant_features(groups: Sequence[str]) -> Features:
    """The shipped features with ``groups`` added."""

    def features(
        text: str, in_force: Sequence[str], set_aside: Sequence[str], rule_kind: str
    ) -> Counter[str]:
        found = SHIPPED_FEATURES(text, in_force, set_aside, rule_kind)
        found.update(extra_features(groups, _masked(text, in_force, set_aside)))
        return found

    return features


def use_features(features: Features) -> None:
    # train() and read_turn look the function up by these names at call time.
    turn_model.features = features  # type: ignore[assignment]
    turns.features = features  # type: ignore[attr-defined]


def use_model(model: turn_model.TurnModel) -> None:
    turns.load_model = lambda: model  # type: ignore[attr-defined]


def accuracy(corpus: str) -> tuple[float, dict[str, float]]:
    """``read_turn``'s share right on ``corpus`` over seeds 0-2, and its recall by kind."""
    matrix: Counter[tuple[str, str]] = Counter()
    for seed in (0, 1, 2):
        matrix += bench_turns.score(bench_turns._normalised(bench_turns.CORPORA[corpus](seed)))
    total = sum(matrix.values())
    right = sum(matrix[(kind, kind)] for kind in bench_turns.KINDS)
    recall = {
        kind: matrix[(kind, kind)] / max(1, sum(n for (k, _), n in matrix.items() if k == kind))
        for kind in bench_turns.KINDS
    }
    return right / total, recall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="base,char_stem_skip")
    parser.add_argument("--folds", default="gq,hr,is,jt")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    folds = [tuple(fold) for fold in args.folds.split(",")]
    left_out = {corpus for fold in folds for corpus in fold}
    assert not left_out & bench_turns.HELD_OUT, "a held-out corpus is never read here"
    shipped_corpora = train_turn_model.TRAINING_CORPORA
    for variant in args.variants.split(","):
        groups = [group for group in GROUPS if group in variant.split("_")]
        use_features(variant_features(groups) if groups else SHIPPED_FEATURES)
        scores: list[float] = []
        for fold in folds:
            started = time.perf_counter()
            train_turn_model.TRAINING_CORPORA = tuple(c for c in shipped_corpora if c not in fold)
            use_model(turn_model.train(train_turn_model.examples(args.data)))
            for corpus in fold:
                right, recall = accuracy(corpus)
                scores.append(right)
                kinds = " ".join(f"{kind} {share:.0%}" for kind, share in recall.items())
                seconds = time.perf_counter() - started
                print(
                    f"{variant} {corpus}: {right:.1%} right ({kinds}) {seconds:.0f} s", flush=True
                )
        print(f"{variant}: mean {statistics.mean(scores):.2%} over {len(scores)} corpora left out")
    train_turn_model.TRAINING_CORPORA = shipped_corpora
    use_features(SHIPPED_FEATURES)


if __name__ == "__main__":
    main()
