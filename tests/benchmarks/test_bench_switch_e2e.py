"""The end-to-end switch benchmark (benchmarks/bench_switch_e2e.py): corpus messages become
planted turns sentence by sentence, every kind is drawn, a planted copy is compacted and
scored every round, and the table counts what the rounds say. Only the corpora that are not
held out (a to d) are used here."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, cast

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_switch_e2e as bench
from packlight.evaluation.harness_probe import HarnessTruth
from packlight.evaluation.replay import Trajectory
from packlight.evaluation.switch_probe import SwitchCheck
from packlight.evaluation.switches import PlantedTurn
from packlight.messages import Message
from tests.evaluation.builders import session

OPEN_CORPORA = ("a", "b", "c", "d")


@pytest.fixture(scope="module")
def cases() -> dict[str, list[dict[str, Any]]]:
    return {name: bench.CORPORA[name](3) for name in OPEN_CORPORA}


def test_a_message_is_its_sentences(cases: dict[str, list[dict[str, Any]]]) -> None:
    for corpus in cases.values():
        for case in corpus:
            turn = bench.planted_turn(case, "switch")
            assert turn.sentences
            assert all(sentence.strip() == sentence and sentence for sentence in turn.sentences)
            assert all(sentence in turn.text for sentence in turn.sentences)
            # Nothing but whitespace is left out, and the order is kept.
            assert "".join("".join(turn.sentences).split()) == "".join(turn.text.split())
            if turn.new_task_token is not None:
                assert turn.new_task_token in turn.text


def test_several_sentences_are_split() -> None:
    rng = random.Random(5)
    words = ["".join(rng.choice("bcdfgklmnprst") for _ in range(5)) for _ in range(6)]
    text = f"{words[0]} {words[1]}! {words[2]}?\n{words[3]} {words[4]}. {words[5]}"
    assert bench.sentences_of(text) == (
        f"{words[0]} {words[1]}!",
        f"{words[2]}?",
        f"{words[3]} {words[4]}.",
        words[5],
    )


def test_plants_draw_every_kind_without_repeats(cases: dict[str, list[dict[str, Any]]]) -> None:
    plants = bench.draw_plants(cases["b"], random.Random(1), 20)
    assert [p.kind for p in plants].count("stop") == 20
    for kind in bench.KINDS:
        texts = [p.resume.text if p.resume else p.first.text for p in plants if p.kind == kind]
        assert len(texts) == 20
        assert len(set(texts)) == 20
    labelled = {(c["kind"], c["text"]) for c in cases["b"]}
    for plant in plants:
        first_kind = "stop" if plant.kind == "stop" else "switch"
        assert (first_kind, plant.first.text) in labelled
        assert (plant.resume is not None) == (plant.kind == "resume")
        if plant.resume is not None:
            assert ("resume", plant.resume.text) in labelled


def test_a_planted_copy_is_compacted_and_scored_every_round(
    cases: dict[str, list[dict[str, Any]]],
) -> None:
    trajectory = Trajectory.from_messages("built/one", cast(list[Message], session(60)))
    setting = bench.Setting("built", 4_000)
    for plant in bench.draw_plants(cases["c"], random.Random(2), 1):
        scored = bench.run_plant(
            "c", plant, trajectory, setting, seed="7", rounds=3, truth=HarnessTruth()
        )
        assert scored is not None
        assert [s.round for s in scored] == [1, 2, 3]
        assert all(s.compacted for s in scored)
        assert all(s.sections != "(no task sections)" for s in scored)
        for s in scored:
            assert s.check.stopped_not_active is not None
            assert (s.check.in_force is None) == (plant.kind == "stop")
            assert s.check.all_three is not None


def _scored(
    session: str, kind: str, whole: bool, in_force: bool | None, stopped: bool
) -> bench.Scored:
    turn = PlantedTurn(kind="stop" if kind == "stop" else "switch", text="x", sentences=("x",))
    check = SwitchCheck(whole, in_force, stopped, names_task=kind != "stop")
    return bench.Scored(
        "a",
        session,
        kind,
        bench.SETTINGS[0],
        session,
        1,
        True,
        check,
        bench.Plant(kind, turn),
        "...",
    )


def test_the_table_counts_each_property_and_all_three() -> None:
    rows = [
        _scored("s1", "switch", True, True, True),
        _scored("s2", "switch", True, False, True),
        _scored("s3", "switch", False, True, True),
        _scored("s4", "stop", True, None, True),
        _scored("s5", "stop", True, None, False),
    ]
    lines = bench.table("a", rows, 0)
    switch = next(line for line in lines if line.startswith("| switch | **all"))
    assert "| 2/3 (67%) | 2/3 (67%) | 3/3 (100%) | 1/3 (33%) |" in switch
    stop = next(line for line in lines if line.startswith("| stop | **all"))
    assert "| 2/2 (100%) | n/a | 1/2 (50%) | 1/2 (50%) |" in stop
    assert any("2/5 (40%)" in line for line in lines)
    assert len(bench.failures(rows, 3)) == 3 * 3  # three failing rounds, three lines each
