"""Every budget rule of DESIGN section 4, with its worked values."""

from __future__ import annotations

import pytest

from packlight.budget import (
    Budget,
    BudgetPolicy,
    checkpoint_token_budget,
    compaction_threshold,
    effective_window,
    tail_token_budget,
    tail_token_ceiling,
)
from packlight.errors import ConfigError


@pytest.mark.parametrize(
    ("window", "expected"),
    [(1_000_000, 500_000), (200_000, 100_000), (64_000, 54_400), (32_000, 27_200)],
)
def test_threshold_worked_values_from_the_design(window: int, expected: int) -> None:
    assert compaction_threshold(window) == expected


def test_floor_applies_between_fallback_and_half() -> None:
    # 100K: half is 50K, under the 64K floor, and 64K is still below the window.
    assert compaction_threshold(100_000) == 64_000


def test_reserved_output_shrinks_the_effective_window() -> None:
    assert effective_window(200_000, 64_000) == 136_000
    assert compaction_threshold(200_000, reserved_output=64_000) == 68_000


def test_reserved_output_larger_than_window_falls_back_to_whole_window() -> None:
    assert effective_window(32_000, 40_000) == 32_000
    assert compaction_threshold(32_000, reserved_output=40_000) == 27_200


def test_minimum_fraction_raises_but_never_lowers() -> None:
    policy = BudgetPolicy(min_threshold_fraction=0.75)
    assert compaction_threshold(200_000, policy=policy) == 150_000
    # Windows at or above the small-window limit keep the plain rule.
    assert compaction_threshold(1_000_000, policy=policy) == 500_000
    # A higher plain fraction is not lowered by a smaller minimum.
    assert compaction_threshold(200_000, policy=policy, threshold_fraction=0.8) == 160_000


def test_per_model_fraction_overrides_policy() -> None:
    assert compaction_threshold(200_000, threshold_fraction=0.6) == 120_000


def test_tail_budget_and_soft_ceiling() -> None:
    assert tail_token_budget(100_000) == 20_000
    assert tail_token_ceiling(100_000) == 30_000


@pytest.mark.parametrize(
    ("span", "window", "expected"),
    [
        (50_000, 200_000, 10_000),  # 20% = 10,000, at the 10,000 cap
        (20_000, 200_000, 4_000),  # 20%
        (5_000, 200_000, 2_000),  # raised to the 2,000 minimum
        (400_000, 1_000_000, 10_000),  # capped at 10,000
        (100_000, 100_000, 5_000),  # capped at 5% of the window
        (100_000, 32_000, 1_600),  # 5% of a small window is under the minimum: ceiling wins
    ],
)
def test_checkpoint_budget(span: int, window: int, expected: int) -> None:
    assert checkpoint_token_budget(span, window) == expected


def test_budget_bundle_matches_the_functions() -> None:
    budget = Budget.for_window(200_000)
    assert budget.threshold == 100_000
    assert budget.tail_budget == 20_000
    assert budget.tail_ceiling == 30_000
    assert budget.min_tail_messages == 3
    assert budget.share_of_window(50_000) == 0.25


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"threshold_fraction": 1.2}, "context.threshold_fraction"),
        ({"threshold_fraction": 0}, "context.threshold_fraction"),
        ({"min_threshold_fraction": 1.0}, "context.min_threshold_fraction"),
        ({"tail_ratio": -0.1}, "context.tail_ratio"),
        ({"floor_tokens": -1}, "context.floor_tokens"),
        ({"min_tail_messages": 0}, "context.min_tail_messages"),
        (
            {"checkpoint_max_tokens": 10, "checkpoint_min_tokens": 20},
            "context.checkpoint_max_tokens",
        ),
    ],
)
def test_invalid_policy_names_the_key(kwargs: dict[str, float], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        BudgetPolicy(**kwargs)
    assert caught.value.key == key
    assert key in str(caught.value)


def test_non_positive_window_is_rejected() -> None:
    with pytest.raises(ConfigError, match="context_window"):
        compaction_threshold(0)
