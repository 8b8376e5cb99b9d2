"""Errors the gateway answers with, in the shape of the API the client called.

An OpenAI client reads ``{"error": {"message", "type", "param", "code"}}``; an Anthropic
client reads ``{"type": "error", "error": {"type", "message"}}``. Both SDKs raise their own
exception classes from the status and show the message, so the message says what was wrong
and where (the message index and field of a bad transcript, the limit a body broke).
"""

from __future__ import annotations

from typing import Any, Literal

Api = Literal["openai", "anthropic"]

_OPENAI_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    413: "invalid_request_error",
    502: "upstream_error",
    503: "service_unavailable",
    504: "upstream_timeout",
}
_ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    413: "request_too_large",
    502: "api_error",
    503: "overloaded_error",
    504: "api_error",
}


class GatewayError(Exception):
    """A request the gateway answers itself, with ``status`` and ``message``."""

    def __init__(self, status: int, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code


def error_body(api: Api, status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """The error body an ``api`` client expects for ``status``."""
    if api == "anthropic":
        kind = _ANTHROPIC_TYPES.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    kind = _OPENAI_TYPES.get(status, "api_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}
