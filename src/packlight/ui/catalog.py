"""The sessions list: one summary per session, and the search, filters, sort and page a
person asks for (pure: the summaries come from :mod:`packlight.ui.inspector`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from packlight.errors import UserError

__all__ = ["SORT_KEYS", "SessionQuery", "SessionSummary", "select_sessions"]

MAX_PAGE = 500


@dataclass(frozen=True, slots=True)
class SessionSummary:
    id: str
    model: str | None
    source: str | None
    """Where the session came from (a file, ``packlight.Session``, the gateway)."""
    parent_id: str | None
    created_at: datetime
    last_activity: datetime
    """The newest of its creation, its compactions and its end (the store keeps no time per
    message)."""
    ended: str | None
    messages: int
    """Rows the agent appended."""
    active_messages: int
    tokens: int
    """The active transcript's tokens now."""
    compactions: int
    store_bytes: int | None
    """What it holds in the store: its rows' JSON and its own artifacts, in UTF-8 bytes
    (``None`` where it was not measured: a session page before the list measured it)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "model": self.model,
            "source": self.source,
            "parent_id": self.parent_id,
            "created_at": self.created_at.isoformat(),
            "last_activity": self.last_activity.isoformat(),
            "ended": self.ended,
            "messages": self.messages,
            "active_messages": self.active_messages,
            "tokens": self.tokens,
            "compactions": self.compactions,
            "store_bytes": self.store_bytes,
        }


SORT_KEYS = (
    "last_activity",
    "created_at",
    "tokens",
    "compactions",
    "messages",
    "store_bytes",
    "model",
    "id",
)


@dataclass(frozen=True, slots=True)
class SessionQuery:
    """What the sessions list shows: every field is optional, and a bad one is a
    :class:`~packlight.errors.UserError` naming the parameter."""

    search: str = ""
    """Words that must all appear in the id, model or source (case-insensitive)."""
    model: str | None = None
    min_tokens: int | None = None
    max_tokens: int | None = None
    min_compactions: int | None = None
    active_since: datetime | None = None
    min_store_bytes: int | None = None
    sort: str = "last_activity"
    descending: bool = True
    offset: int = 0
    limit: int = 50

    def __post_init__(self) -> None:
        if self.sort not in SORT_KEYS:
            raise UserError(f"sort must be one of {', '.join(SORT_KEYS)}, not {self.sort!r}")
        if self.offset < 0:
            raise UserError(f"offset must be 0 or more, not {self.offset}")
        if not 1 <= self.limit <= MAX_PAGE:
            raise UserError(f"limit must be from 1 to {MAX_PAGE}, not {self.limit}")

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> SessionQuery:
        """From URL query parameters (``q``, ``model``, ``min_tokens``, ``max_tokens``,
        ``min_compactions``, ``since`` as an ISO date, ``min_size`` in bytes, ``sort``,
        ``order`` asc|desc, ``offset``, ``limit``); empty values mean "any"."""
        order = params.get("order") or "desc"
        if order not in ("asc", "desc"):
            raise UserError(f"order must be asc or desc, not {order!r}")
        since = params.get("since") or None
        try:
            active_since = datetime.fromisoformat(since) if since else None
        except ValueError:
            raise UserError(f"since must be an ISO date (2026-01-31), not {since!r}") from None
        if active_since is not None and active_since.tzinfo is None:
            from datetime import UTC

            active_since = active_since.replace(tzinfo=UTC)
        return cls(
            search=params.get("q", ""),
            model=params.get("model") or None,
            min_tokens=_number(params, "min_tokens"),
            max_tokens=_number(params, "max_tokens"),
            min_compactions=_number(params, "min_compactions"),
            active_since=active_since,
            min_store_bytes=_number(params, "min_size"),
            sort=params.get("sort") or "last_activity",
            descending=order == "desc",
            offset=_or(_number(params, "offset"), 0),
            limit=_or(_number(params, "limit"), 50),
        )


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


def _number(params: Mapping[str, str], name: str) -> int | None:
    text = params.get(name) or ""
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise UserError(f"{name} must be a whole number, not {text!r}") from None


def select_sessions(
    summaries: Sequence[SessionSummary], query: SessionQuery
) -> tuple[int, list[SessionSummary]]:
    """The number of sessions that match, and the requested page of them, sorted."""
    words = query.search.lower().split()
    matching = [s for s in summaries if _matches(s, query, words)]
    matching.sort(key=lambda s: _sort_value(s, query.sort), reverse=query.descending)
    return len(matching), matching[query.offset : query.offset + query.limit]


def _matches(summary: SessionSummary, query: SessionQuery, words: list[str]) -> bool:
    haystack = " ".join(filter(None, (summary.id, summary.model, summary.source))).lower()
    checks = (
        all(word in haystack for word in words),
        query.model is None or summary.model == query.model,
        query.min_tokens is None or summary.tokens >= query.min_tokens,
        query.max_tokens is None or summary.tokens <= query.max_tokens,
        query.min_compactions is None or summary.compactions >= query.min_compactions,
        query.active_since is None or summary.last_activity >= query.active_since,
        query.min_store_bytes is None or (summary.store_bytes or 0) >= query.min_store_bytes,
    )
    return all(checks)


def _sort_value(summary: SessionSummary, key: str) -> Any:
    value = getattr(summary, key)
    # A session without a model sorts as the empty name, an unmeasured size as 0.
    if value is None:
        return "" if key == "model" else 0
    return value
