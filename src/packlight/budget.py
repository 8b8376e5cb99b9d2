"""Budget arithmetic: when to compact, how much tail to keep, how long a checkpoint may be.

All pure functions of a few integers (DESIGN section 4):

- effective window = context window - reserved output, or the whole window when that is not
  positive;
- threshold = max(effective x threshold_fraction, floor_tokens); when that reaches the
  effective window, 85% of the effective window instead. An optional *minimum fraction* raises
  (never lowers) the threshold for windows under ``small_window_limit`` tokens;
- tail budget = threshold x tail_ratio, with a soft ceiling of 1.5x and at least 3 messages;
- checkpoint budget = 20% of the compacted span, at least 2,000 tokens, at most
  min(5% of the window, 10,000). On windows so small that 5% is under 2,000 the ceiling wins:
  a checkpoint must never crowd out the conversation it summarises. Except below the
  *checkpoint floor* (640 tokens, at most 10% of the window): what every checkpoint must hold
  (its frame and headings, the pointers to the task and the archive, a few critical
  identifiers) takes about that much, and a budget under it would be overrun by required
  content, not respected;
- critical identifiers = what a quarter of the checkpoint budget carries at about 7.5 tokens
  each, between 8 and 48 (:func:`critical_identifier_limit`).

Worked values (no reserved output, defaults): 1M -> 500,000; 200K -> 100,000; 64K -> 54,400;
32K -> 27,200.
"""

from __future__ import annotations

from dataclasses import dataclass

from packlight.errors import ConfigError


@dataclass(frozen=True, slots=True)
class BudgetPolicy:
    """The knobs of the budget rules; every field is validated on construction."""

    threshold_fraction: float = 0.50
    floor_tokens: int = 64_000
    fallback_fraction: float = 0.85
    """Where to trigger when the floor would reach the effective window."""
    min_threshold_fraction: float | None = None
    """Raise-only minimum for windows under ``small_window_limit`` (Hermes uses 0.75 under 512K);
    off by default so that the threshold stays where the documented rule puts it."""
    small_window_limit: int = 512_000
    tail_ratio: float = 0.20
    tail_soft_ceiling: float = 1.5
    min_tail_messages: int = 3
    checkpoint_ratio: float = 0.20
    checkpoint_min_tokens: int = 2_000
    checkpoint_max_tokens: int = 10_000
    checkpoint_window_fraction: float = 0.05
    checkpoint_floor_tokens: int = 640
    """The least a checkpoint gets, above the window ceiling: its fixed frame, headings and
    pointers measure about 310 tokens (o200k), and a few critical identifiers and a short
    task take the rest. Bounded by ``checkpoint_floor_window_fraction`` of the window."""
    checkpoint_floor_window_fraction: float = 0.10

    def __post_init__(self) -> None:
        _fraction("context.threshold_fraction", self.threshold_fraction)
        _fraction("context.fallback_fraction", self.fallback_fraction)
        if self.min_threshold_fraction is not None:
            _fraction("context.min_threshold_fraction", self.min_threshold_fraction)
        _fraction("context.tail_ratio", self.tail_ratio)
        _fraction("context.checkpoint_ratio", self.checkpoint_ratio)
        _fraction("context.checkpoint_window_fraction", self.checkpoint_window_fraction)
        _fraction("context.checkpoint_floor_window_fraction", self.checkpoint_floor_window_fraction)
        _non_negative("context.checkpoint_floor_tokens", self.checkpoint_floor_tokens)
        _non_negative("context.floor_tokens", self.floor_tokens)
        _non_negative("context.small_window_limit", self.small_window_limit)
        _non_negative("context.checkpoint_min_tokens", self.checkpoint_min_tokens)
        if self.tail_soft_ceiling < 1:
            raise ConfigError(
                "context.tail_soft_ceiling", self.tail_soft_ceiling, "a number of at least 1.0"
            )
        if self.min_tail_messages < 1:
            raise ConfigError(
                "context.min_tail_messages", self.min_tail_messages, "an integer of at least 1"
            )
        if self.checkpoint_max_tokens < self.checkpoint_min_tokens:
            raise ConfigError(
                "context.checkpoint_max_tokens",
                self.checkpoint_max_tokens,
                f"at least context.checkpoint_min_tokens ({self.checkpoint_min_tokens})",
            )


def _fraction(key: str, value: float) -> None:
    if not isinstance(value, int | float) or not 0 < value < 1:
        raise ConfigError(key, value, "a number between 0 and 1 (exclusive)")


def _non_negative(key: str, value: int) -> None:
    if not isinstance(value, int) or value < 0:
        raise ConfigError(key, value, "an integer of at least 0")


def effective_window(context_window: int, reserved_output: int = 0) -> int:
    """The window left for the prompt once the reply's room is set aside."""
    if context_window <= 0:
        raise ConfigError("context.context_window", context_window, "a positive integer")
    effective = context_window - max(reserved_output, 0)
    return effective if effective > 0 else context_window


def compaction_threshold(
    context_window: int,
    *,
    reserved_output: int = 0,
    policy: BudgetPolicy | None = None,
    threshold_fraction: float | None = None,
) -> int:
    """Prompt size (tokens) at which automatic compaction triggers.

    ``threshold_fraction`` overrides the policy's (a per-model override passes it here).
    """
    policy = policy or BudgetPolicy()
    fraction = threshold_fraction if threshold_fraction is not None else policy.threshold_fraction
    _fraction("context.threshold_fraction", fraction)
    effective = effective_window(context_window, reserved_output)
    threshold = max(int(effective * fraction), policy.floor_tokens)
    if policy.min_threshold_fraction is not None and context_window < policy.small_window_limit:
        threshold = max(threshold, int(effective * policy.min_threshold_fraction))
    if threshold >= effective:
        threshold = int(effective * policy.fallback_fraction)
    return threshold


def tail_token_budget(threshold: int, policy: BudgetPolicy | None = None) -> int:
    """Tokens of recent messages kept verbatim after a compaction."""
    policy = policy or BudgetPolicy()
    return int(threshold * policy.tail_ratio)


def tail_token_ceiling(threshold: int, policy: BudgetPolicy | None = None) -> int:
    """How far the tail may overrun its budget to avoid splitting a tool group or a turn."""
    policy = policy or BudgetPolicy()
    return int(tail_token_budget(threshold, policy) * policy.tail_soft_ceiling)


def checkpoint_token_budget(
    compacted_tokens: int, context_window: int, policy: BudgetPolicy | None = None
) -> int:
    """Tokens the checkpoint replacing ``compacted_tokens`` may use (sent as ``max_tokens``)."""
    policy = policy or BudgetPolicy()
    ceiling = min(
        int(context_window * policy.checkpoint_window_fraction), policy.checkpoint_max_tokens
    )
    wanted = max(int(compacted_tokens * policy.checkpoint_ratio), policy.checkpoint_min_tokens)
    floor = min(
        policy.checkpoint_floor_tokens,
        int(context_window * policy.checkpoint_floor_window_fraction),
    )
    return max(min(wanted, ceiling), floor, 1)


IDENTIFIER_SHARE = 0.25
"""Share of a checkpoint's budget its Critical Identifiers may take."""
IDENTIFIER_TOKENS = 7.5
"""Measured cost of one identifier as a checkpoint writes them (grouped by kind, quoted):
7.4 tokens on average over the 174 shared trajectories."""
MIN_CRITICAL_IDENTIFIERS = 8
MAX_CRITICAL_IDENTIFIERS = 48


def critical_identifier_limit(checkpoint_budget: int, required_tokens: int = 0) -> int:
    """How many critical identifiers a checkpoint of ``checkpoint_budget`` tokens carries
    (all of them are written): a quarter of the budget, or what the rest of the budget holds
    after ``required_tokens`` of other required content if that is less; between 8 and 48."""
    room = min(checkpoint_budget * IDENTIFIER_SHARE, checkpoint_budget - required_tokens)
    fitting = int(room / IDENTIFIER_TOKENS)
    return max(MIN_CRITICAL_IDENTIFIERS, min(fitting, MAX_CRITICAL_IDENTIFIERS))


@dataclass(frozen=True, slots=True)
class Budget:
    """The budgets of one model window, computed once."""

    context_window: int
    reserved_output: int
    effective_window: int
    threshold: int
    tail_budget: int
    tail_ceiling: int
    min_tail_messages: int

    @classmethod
    def for_window(
        cls,
        context_window: int,
        *,
        reserved_output: int = 0,
        policy: BudgetPolicy | None = None,
        threshold_fraction: float | None = None,
    ) -> Budget:
        policy = policy or BudgetPolicy()
        threshold = compaction_threshold(
            context_window,
            reserved_output=reserved_output,
            policy=policy,
            threshold_fraction=threshold_fraction,
        )
        return cls(
            context_window=context_window,
            reserved_output=reserved_output,
            effective_window=effective_window(context_window, reserved_output),
            threshold=threshold,
            tail_budget=tail_token_budget(threshold, policy),
            tail_ceiling=tail_token_ceiling(threshold, policy),
            min_tail_messages=policy.min_tail_messages,
        )

    def share_of_window(self, tokens: int) -> float:
        """``tokens`` as a fraction of the whole context window."""
        return tokens / self.context_window
