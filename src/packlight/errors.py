"""The exceptions packlight raises.

::

    PacklightError                 everything packlight raises derives from this
    ├── UserError                  misuse: fix the call, the file or the setting
    │   ├── ConfigError            a setting has an invalid value (names key, value, allowed range)
    │   ├── TranscriptError        a transcript is malformed (names message, field, expectation)
    │   └── MissingExtraError      an optional feature needs an extra that is not installed
    └── RuntimeFailure             the world failed: a provider, a database, the network
        └── ContextOverflowError   the provider still says the request is too long after
                                   every recovery attempt (carries the provider's message)

Lower-level exceptions (``json.JSONDecodeError``, ``yaml.YAMLError``, ``OSError``) are
translated where they happen, with the original chained as ``__cause__``.
"""

from __future__ import annotations


class PacklightError(Exception):
    """Base class of every exception packlight raises."""


class UserError(PacklightError):
    """The caller asked for something packlight cannot do as asked."""


class ConfigError(UserError):
    """A setting has an invalid value."""

    def __init__(self, key: str, value: object, expected: str) -> None:
        self.key = key
        self.value = value
        self.expected = expected
        super().__init__(f"invalid setting {key}={value!r}: expected {expected}")


class TranscriptError(UserError):
    """A transcript or session file is malformed.

    ``index`` is the position of the offending message (``None`` when the problem is not
    tied to one message), ``field`` the key inside it, ``expected`` what should be there.
    """

    def __init__(
        self,
        problem: str,
        *,
        index: int | None = None,
        field: str | None = None,
        expected: str | None = None,
        source: str | None = None,
    ) -> None:
        self.problem = problem
        self.index = index
        self.field = field
        self.expected = expected
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.index is not None:
            where.append(f"message {self.index}")
        if self.field:
            where.append(f"field {self.field!r}")
        text = self.problem
        if self.expected:
            text += f" (expected {self.expected})"
        return f"{', '.join(where)}: {text}" if where else text

    def located(self, source: str) -> TranscriptError:
        """The same error, naming the file or stream it came from."""
        return TranscriptError(
            self.problem,
            index=self.index,
            field=self.field,
            expected=self.expected,
            source=source,
        )


class MissingExtraError(UserError, ImportError):
    """An optional dependency is missing; the message names the install command."""

    def __init__(self, feature: str, extra: str) -> None:
        self.feature = feature
        self.extra = extra
        super().__init__(f"{feature} needs an optional extra: pip install 'packlight[{extra}]'")


class RuntimeFailure(PacklightError):
    """Something outside packlight failed (a provider, a database, the network)."""


class ContextOverflowError(RuntimeFailure):
    """The provider kept rejecting the request as too long, and recovery could not help.

    ``provider_message`` is the provider's own words; ``attempts`` how many recoveries ran;
    ``reason`` why packlight gave up; ``__cause__`` is the provider's last error.
    """

    def __init__(self, provider_message: str, *, attempts: int, reason: str) -> None:
        self.provider_message = provider_message
        self.attempts = attempts
        self.reason = reason
        super().__init__(
            f"the request is still too long for the provider after {attempts} recovery "
            f"attempt(s) ({reason}); the provider said: {provider_message}"
        )
