"""``packlight.wrap`` for ``openai.OpenAI`` and ``openai.AsyncOpenAI``.

``chat.completions.create``/``parse`` and ``responses.create``/``parse`` (with a list of input
items) go through the session; everything else, including ``with_raw_response``,
``chat.completions.stream`` and ``responses.create`` with a ``previous_response_id`` (the
history then lives on the server), is the client's, untouched.
A streamed chat completion asks for ``stream_options.include_usage`` when the caller did not,
so that the session learns the prompt size; that extra chunk is not shown to such a caller.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from packlight.formats import openai_responses
from packlight.session import AsyncSession, Prepared, Session
from packlight.wrappers._drive import send_through
from packlight.wrappers._proxy import AsyncObservedStream, ClientProxy, ObservedStream, Proxy

_OUTPUT_KEYS = ("max_completion_tokens", "max_tokens")


def given(value: Any) -> bool:
    """Whether an SDK argument was given (the SDKs mark omitted ones with sentinels)."""
    return value is not None and type(value).__name__ not in {"NotGiven", "Omit"}


def _tools(value: Any) -> Sequence[Mapping[str, Any]] | None:
    return list(value) if given(value) and isinstance(value, Sequence) else None


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int | float | str) else None


def answer(
    response: Any,
    *,
    streaming: bool,
    stream: str,
    observe: Callable[[object], object],
    event_type: str,
    usage_of: Callable[[Any], object],
) -> Any:
    """A response with its usage observed: at once, or from the stream event of
    ``event_type`` as it passes (every event still reaches the caller)."""
    if not streaming:
        observe(getattr(response, "usage", None))
        return response

    def inspect(event: Any) -> bool:
        if getattr(event, "type", None) == event_type:
            observe(usage_of(event))
        return True

    return wrap_stream(response, inspect, stream)


def wrap_stream(response: Any, inspect: Callable[[Any], bool], stream: str) -> Any:
    if stream == "async":
        return AsyncObservedStream(response, inspect)
    return ObservedStream(response, inspect)


class ChatCall:
    """One ``chat.completions.create``."""

    def __init__(self, kwargs: Mapping[str, Any]) -> None:
        self.kwargs = dict(kwargs)
        self.history = list(kwargs["messages"])
        self.tools = _tools(kwargs.get("tools"))
        self.model = kwargs.get("model") if isinstance(kwargs.get("model"), str) else None
        self.output_key = next((k for k in _OUTPUT_KEYS if given(kwargs.get(k))), None)
        self.max_tokens = _int(kwargs[self.output_key]) if self.output_key else None
        self.streaming = kwargs.get("stream") is True
        self.hide_usage = False
        if self.streaming:
            options = kwargs.get("stream_options")
            options = dict(options) if given(options) and isinstance(options, Mapping) else {}
            if options.get("include_usage") is None:
                self.kwargs["stream_options"] = {**options, "include_usage": True}
                self.hide_usage = True

    @staticmethod
    def applies(kwargs: Mapping[str, Any]) -> bool:
        messages = kwargs.get("messages")
        return isinstance(messages, Sequence) and not isinstance(messages, str) and bool(messages)

    def request(self, prepared: Prepared) -> dict[str, Any]:
        request = {**self.kwargs, "messages": prepared.messages}
        if prepared.max_tokens is not None and prepared.max_tokens != self.max_tokens:
            request[self.output_key or "max_completion_tokens"] = prepared.max_tokens
        return request

    def answer(self, response: Any, observe: Callable[[object], object], *, stream: str) -> Any:
        if not self.streaming:
            observe(getattr(response, "usage", None))
            return response

        def inspect(chunk: Any) -> bool:
            usage = getattr(chunk, "usage", None)
            if usage is None:
                return True
            observe(usage)
            return not (self.hide_usage and not getattr(chunk, "choices", None))

        return wrap_stream(response, inspect, stream)


class ResponsesCall:
    """One ``responses.create`` with a list of input items."""

    def __init__(self, kwargs: Mapping[str, Any]) -> None:
        self.kwargs = dict(kwargs)
        self.history = openai_responses.to_canonical(kwargs["input"])
        self.tools = _tools(kwargs.get("tools"))
        self.model = kwargs.get("model") if isinstance(kwargs.get("model"), str) else None
        output = kwargs.get("max_output_tokens")
        self.max_tokens = _int(output) if given(output) else None
        self.streaming = kwargs.get("stream") is True

    @staticmethod
    def applies(kwargs: Mapping[str, Any]) -> bool:
        items = kwargs.get("input")
        server_side = given(kwargs.get("previous_response_id")) or given(kwargs.get("conversation"))
        return isinstance(items, list) and bool(items) and not server_side

    def request(self, prepared: Prepared) -> dict[str, Any]:
        request = {
            **self.kwargs,
            "input": openai_responses.from_canonical(prepared.canonical),
        }
        if prepared.max_tokens is not None and prepared.max_tokens != self.max_tokens:
            request["max_output_tokens"] = prepared.max_tokens
        return request

    def answer(self, response: Any, observe: Callable[[object], object], *, stream: str) -> Any:
        return answer(
            response,
            streaming=self.streaming,
            stream=stream,
            observe=observe,
            event_type="response.completed",
            usage_of=lambda event: getattr(getattr(event, "response", None), "usage", None),
        )


class _Completions(Proxy):
    def __init__(self, target: Any, session: Session | AsyncSession) -> None:
        super().__init__(target)
        self._session = session

    def create(self, **kwargs: Any) -> Any:
        if not ChatCall.applies(kwargs):
            return self._target.create(**kwargs)
        return send_through(self._session, self._target.create, ChatCall(kwargs))

    def parse(self, **kwargs: Any) -> Any:
        """``parse`` (structured outputs) takes the same history as ``create``."""
        if not ChatCall.applies(kwargs):
            return self._target.parse(**kwargs)
        return send_through(self._session, self._target.parse, ChatCall(kwargs))


class _Chat(Proxy):
    def __init__(self, target: Any, session: Session | AsyncSession) -> None:
        super().__init__(target)
        self.completions = _Completions(target.completions, session)


class _Responses(Proxy):
    def __init__(self, target: Any, session: Session | AsyncSession) -> None:
        super().__init__(target)
        self._session = session

    def create(self, **kwargs: Any) -> Any:
        if not ResponsesCall.applies(kwargs):
            return self._target.create(**kwargs)
        return send_through(self._session, self._target.create, ResponsesCall(kwargs))

    def parse(self, **kwargs: Any) -> Any:
        """``parse`` (structured outputs) takes the same input items as ``create``."""
        if not ResponsesCall.applies(kwargs):
            return self._target.parse(**kwargs)
        return send_through(self._session, self._target.parse, ResponsesCall(kwargs))


class WrappedOpenAI(ClientProxy):
    """An ``openai.OpenAI`` or ``openai.AsyncOpenAI`` whose chat and responses calls go
    through ``packlight`` (the :class:`~packlight.session.Session`)."""

    def __init__(self, client: Any, session: Session | AsyncSession) -> None:
        super().__init__(client)
        self.packlight = session
        self.chat = _Chat(client.chat, session)
        self.responses = _Responses(client.responses, session)

    def with_options(self, **options: Any) -> WrappedOpenAI:
        """The client's ``with_options``, still wrapped, with the same session."""
        return WrappedOpenAI(self._target.with_options(**options), self.packlight)

    copy = with_options
