"""Attribute pass-through, and the streams that report their usage to the session."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from types import TracebackType
from typing import Any, Self


class Proxy:
    """Everything not defined on the subclass is the wrapped object's, untouched."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target, name)

    def __repr__(self) -> str:
        return f"<packlight {type(self).__name__} of {self._target!r}>"


class ClientProxy(Proxy):
    """A wrapped SDK client, also usable as the client is in ``with`` / ``async with``: the
    client is entered and closed as usual, and the block gets the wrapped client back."""

    def __enter__(self) -> Self:
        self._target.__enter__()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._target.__exit__(exc_type, exc, tb)

    async def __aenter__(self) -> Self:
        await self._target.__aenter__()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._target.__aexit__(exc_type, exc, tb)


class ObservedStream(Proxy):
    """A provider stream, chunk by chunk as the SDK yields them; ``inspect`` sees each chunk
    first and returns whether the caller should see it (a usage chunk the caller did not ask
    for is not shown)."""

    def __init__(self, target: Any, inspect: Callable[[Any], bool]) -> None:
        super().__init__(target)
        self._inspect = inspect
        self._iterator: Iterator[Any] | None = None

    def _chunks(self) -> Iterator[Any]:
        for chunk in self._target:
            if self._inspect(chunk):
                yield chunk

    def __iter__(self) -> Iterator[Any]:
        if self._iterator is None:
            self._iterator = self._chunks()
        return self._iterator

    def __next__(self) -> Any:
        return next(iter(self))

    def __enter__(self) -> ObservedStream:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._target.close()


class AsyncObservedStream(Proxy):
    """The async twin of :class:`ObservedStream`."""

    def __init__(self, target: Any, inspect: Callable[[Any], bool]) -> None:
        super().__init__(target)
        self._inspect = inspect
        self._iterator: AsyncIterator[Any] | None = None

    async def _chunks(self) -> AsyncIterator[Any]:
        async for chunk in self._target:
            if self._inspect(chunk):
                yield chunk

    def __aiter__(self) -> AsyncIterator[Any]:
        if self._iterator is None:
            self._iterator = self._chunks()
        return self._iterator

    async def __anext__(self) -> Any:
        return await self.__aiter__().__anext__()

    async def __aenter__(self) -> AsyncObservedStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._target.close()
