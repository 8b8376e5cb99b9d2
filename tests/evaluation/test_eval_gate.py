"""CI gate: packlight must not forget more on the bundled fixtures than it last did."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.evaluation.gate import ACCEPTED, measure, regressions


@pytest.fixture(scope="module")
def measured() -> dict[str, Any]:
    return measure()


def test_retention_is_not_below_the_accepted_values(measured: dict[str, Any]) -> None:
    accepted = json.loads(ACCEPTED.read_text(encoding="utf-8"))
    worse = regressions(accepted, measured)
    assert not worse, (
        "packlight forgets more than the accepted values in tests/evaluation/accepted.json:\n"
        + "\n".join(worse)
        + "\nIf this is intended, run: .venv/bin/python -m tests.evaluation.gate --accept"
    )


def test_the_gate_notices_a_regression(measured: dict[str, Any]) -> None:
    accepted = json.loads(json.dumps(measured))
    group = next(iter(accepted))
    kind = next(iter(accepted[group]["retention"]))
    worse = json.loads(json.dumps(measured))
    worse[group]["retention"][kind] -= 0.01
    worse[group]["stale_values"] += 1
    found = regressions(accepted, worse)
    assert len(found) == 2
    assert regressions(accepted, measured) == []


def test_measurement_is_deterministic(measured: dict[str, Any]) -> None:
    assert measure() == measured
