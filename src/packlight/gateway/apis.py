"""The two APIs the gateway speaks: what a request body holds and what the upstream gets.

The wrappers' call objects already read an SDK call's arguments (a request body is the same
mapping) and write a :class:`~packlight.session.Prepared` view back into one; here they are
given a body and a few things only a proxy needs: the messages to fingerprint, the usage in a
JSON answer or a stream event, and the stream event packlight itself asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from packlight.config import LiveSettings
from packlight.formats.openai_chat import validate_message
from packlight.gateway.errors import Api, GatewayError
from packlight.gateway.fingerprint import prefix_digests
from packlight.session import Prepared
from packlight.wrappers.anthropic import Conversions, MessagesCall
from packlight.wrappers.openai import ChatCall

__all__ = ["PATHS", "Turn", "read_turn"]

PATHS: dict[Api, str] = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages"}


@dataclass(slots=True)
class Turn:
    """One request: the caller's whole history in the canonical shape, and how to send it."""

    api: Api
    call: ChatCall | MessagesCall
    digests: list[str]
    """Digests of each prefix of the request's raw messages (see ``fingerprint``)."""

    @property
    def history(self) -> list[Any]:
        return self.call.history

    @property
    def streaming(self) -> bool:
        return self.call.streaming

    def check(self) -> None:
        """Validate the whole transcript (:class:`TranscriptError` naming the message and
        field). Needed only before a session is created for it: a session validates the
        messages it has not seen, and reading Anthropic input validates it already."""
        if self.api == "openai":
            for index, message in enumerate(self.history):
                validate_message(index, message)

    def upstream_body(self, prepared: Prepared) -> dict[str, Any]:
        return self.call.request(prepared)

    def usage(self, answer: Mapping[str, Any]) -> object:
        """The usage of a whole (non-streamed) answer."""
        return answer.get("usage")

    def stream_usage(self, event: Mapping[str, Any]) -> object:
        """The prompt usage a stream event carries, if any."""
        if self.api == "anthropic":
            if event.get("type") == "message_start":
                message = event.get("message")
                return message.get("usage") if isinstance(message, Mapping) else None
            return None
        return event.get("usage")

    def hides(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` is the usage chunk packlight asked for and the caller did not."""
        return (
            self.api == "openai"
            and isinstance(self.call, ChatCall)
            and self.call.hide_usage
            and event.get("usage") is not None
            and not event.get("choices")
        )


def read_turn(api: Api, body: object, live: LiveSettings) -> Turn:
    """The request ``body`` of ``api`` as a turn; :class:`GatewayError` 400 when it is not one
    (the transcript's own problems are found later, with the message index)."""
    if not isinstance(body, Mapping):
        raise GatewayError(400, f"the request body is a JSON {_json_type(body)}, not an object")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise GatewayError(400, "'messages' must be a non-empty list of messages")
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise GatewayError(
                400, f"message {index} is a JSON {_json_type(message)}, not an object"
            )
    if "model" in body and not isinstance(body["model"], str):
        raise GatewayError(400, "'model' must be a string")
    call: ChatCall | MessagesCall
    if api == "anthropic":
        system = body.get("system")
        if system is not None and not isinstance(system, str | list):
            raise GatewayError(400, "'system' must be a string or a list of text blocks")
        call = MessagesCall(body, live, Conversions())
        digests = prefix_digests(messages, api=api, preamble=system)
    else:
        call = ChatCall(body)
        digests = prefix_digests(messages, api=api)
    return Turn(api, call, digests)


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "null" if value is None else type(value).__name__
