"""``packlight.wrap`` for ``anthropic.Anthropic`` and ``anthropic.AsyncAnthropic``.

``messages.create`` (streaming and not) and ``messages.stream`` go through the session: the
request's ``system`` and ``messages`` are read into the canonical shape, the session's view
is written back, and prompt-cache breakpoints are placed (``live.prompt_caching``, on by
default; see :mod:`packlight.caching`) unless the caller placed its own in ``system`` or
``messages`` (the caller's breakpoints on ``tools`` leave fewer to place). Everything else on
the client is untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, cast

from packlight.caching import MAX_BREAKPOINTS, CacheTTL, add_cache_breakpoints
from packlight.config import LiveSettings
from packlight.formats.incremental import AnthropicReader, AnthropicWriter
from packlight.session import AsyncSession, Prepared, Session
from packlight.wrappers._drive import adrive, drive, send_through
from packlight.wrappers._proxy import ClientProxy, Proxy
from packlight.wrappers.openai import _int, _tools, answer, given


@dataclass(frozen=True, slots=True)
class Conversions:
    """One wrapped client's format conversions: each turn converts only what is new."""

    reader: AnthropicReader = field(default_factory=AnthropicReader)
    writer: AnthropicWriter = field(default_factory=AnthropicWriter)


class MessagesCall:
    """One ``messages.create`` or ``messages.stream``."""

    def __init__(
        self, kwargs: Mapping[str, Any], live: LiveSettings, conversions: Conversions
    ) -> None:
        self.kwargs = dict(kwargs)
        system = kwargs.get("system")
        self.writer = conversions.writer
        self.history: list[Any] = conversions.reader.read(
            list(kwargs["messages"]), system=system if given(system) else None
        )
        self.tools = _tools(kwargs.get("tools"))
        self.model = kwargs.get("model") if isinstance(kwargs.get("model"), str) else None
        output = kwargs.get("max_tokens")
        self.max_tokens = _int(output) if given(output) else None
        self.streaming = kwargs.get("stream") is True
        self.caching = live.prompt_caching and not given(kwargs.get("cache_control"))
        self.ttl = cast(CacheTTL, live.cache_ttl)
        self.cache_room = _cache_room(self.tools, self.ttl)

    @staticmethod
    def applies(kwargs: Mapping[str, Any]) -> bool:
        messages = kwargs.get("messages")
        return isinstance(messages, list | tuple) and bool(messages)

    def request(self, prepared: Prepared) -> dict[str, Any]:
        conversation = self.writer.write(prepared.canonical)
        system = conversation.get("system")
        messages: list[dict[str, Any]] = list(conversation.get("messages", []))
        existing = self.writer.breakpoints
        if self.caching and existing == 0:
            system, messages = add_cache_breakpoints(
                system, messages, ttl=self.ttl, max_breakpoints=self.cache_room, existing=0
            )
        request = {**self.kwargs, "messages": messages}
        request.pop("system", None)
        if system is not None:
            request["system"] = system
        if prepared.max_tokens is not None:
            request["max_tokens"] = prepared.max_tokens
        return request

    def answer(self, response: Any, observe: Callable[[object], object], *, stream: str) -> Any:
        return answer(
            response,
            streaming=self.streaming,
            stream=stream,
            observe=observe,
            event_type="message_start",
            usage_of=lambda event: getattr(getattr(event, "message", None), "usage", None),
        )


def _cache_room(tools: Sequence[Mapping[str, Any]] | None, ttl: CacheTTL) -> int:
    """How many breakpoints packlight may place after the ones the caller put on ``tools``.

    The tools come first in the prompt: their breakpoints count toward the API's four, and a
    one-hour breakpoint may not follow a five-minute one.
    """
    marks = [
        tool["cache_control"]
        for tool in tools or ()
        if isinstance(tool, Mapping) and tool.get("cache_control") is not None
    ]
    if ttl == "1h" and not all(isinstance(m, Mapping) and m.get("ttl") == "1h" for m in marks):
        return 0
    return max(MAX_BREAKPOINTS - len(marks), 0)


def _observe_snapshot(stream: Any, observe: Callable[[object], object]) -> None:
    try:
        snapshot = stream.current_message_snapshot
    except Exception:  # nothing was read from the stream: no usage to learn
        return
    observe(getattr(snapshot, "usage", None))


class _StreamManager:
    """``messages.stream(...)``: the SDK's stream manager, with recovery on entering (where the
    request is sent) and the usage observed on leaving."""

    def __init__(
        self, session: Session, open_stream: Callable[..., Any], call: MessagesCall
    ) -> None:
        self._session = session
        self._open = open_stream
        self._call = call
        self._manager: Any = None
        self._stream: Any = None

    def _enter(self, prepared: Prepared) -> Any:
        manager = self._open(**self._call.request(prepared))
        self._stream = manager.__enter__()
        self._manager = manager
        return self._stream

    def __enter__(self) -> Any:
        return drive(self._session, self._call, self._enter)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._stream is not None:
            _observe_snapshot(self._stream, self._session.observe)
        if self._manager is not None:
            self._manager.__exit__(exc_type, exc, tb)


class _AsyncStreamManager:
    """The async twin of :class:`_StreamManager`."""

    def __init__(
        self, session: AsyncSession, open_stream: Callable[..., Any], call: MessagesCall
    ) -> None:
        self._session = session
        self._open = open_stream
        self._call = call
        self._manager: Any = None
        self._stream: Any = None

    async def _enter(self, prepared: Prepared) -> Any:
        manager = self._open(**self._call.request(prepared))
        self._stream = await manager.__aenter__()
        self._manager = manager
        return self._stream

    async def __aenter__(self) -> Any:
        return await adrive(self._session, self._call, self._enter)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._stream is not None:
            _observe_snapshot(self._stream, self._session.observe)
        if self._manager is not None:
            await self._manager.__aexit__(exc_type, exc, tb)


class _Messages(Proxy):
    def __init__(self, target: Any, session: Session | AsyncSession, live: LiveSettings):
        super().__init__(target)
        self._session = session
        self._live = live
        self._conversions = Conversions()

    def create(self, **kwargs: Any) -> Any:
        if not MessagesCall.applies(kwargs):
            return self._target.create(**kwargs)
        call = MessagesCall(kwargs, self._live, self._conversions)
        return send_through(self._session, self._target.create, call)

    def stream(self, **kwargs: Any) -> Any:
        if not MessagesCall.applies(kwargs):
            return self._target.stream(**kwargs)
        call = MessagesCall(kwargs, self._live, self._conversions)
        if isinstance(self._session, AsyncSession):
            return _AsyncStreamManager(self._session, self._target.stream, call)
        return _StreamManager(self._session, self._target.stream, call)


class WrappedAnthropic(ClientProxy):
    """An ``anthropic.Anthropic`` or ``anthropic.AsyncAnthropic`` whose ``messages`` calls go
    through ``packlight`` (the :class:`~packlight.session.Session`)."""

    def __init__(self, client: Any, session: Session | AsyncSession, live: LiveSettings) -> None:
        super().__init__(client)
        self.packlight = session
        self._live = live
        self.messages = _Messages(client.messages, session, live)

    def with_options(self, **options: Any) -> WrappedAnthropic:
        """The client's ``with_options``, still wrapped, with the same session."""
        return WrappedAnthropic(self._target.with_options(**options), self.packlight, self._live)

    copy = with_options
