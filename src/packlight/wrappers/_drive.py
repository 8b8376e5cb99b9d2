"""The one loop every wrapped call runs: prepare, send, and recover while the provider says
the request is too long; any other error reaches the caller unchanged.

A call object knows one SDK method (what the caller's arguments mean, how to build the
request from a :class:`~packlight.session.Prepared`, how to read usage off the answer); the
drivers know nothing about any SDK.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from packlight.session import AsyncSession, Prepared, Session


class Call(Protocol):
    """What the drivers need of one wrapped SDK call."""

    history: list[Any]
    """The caller's whole history, in the canonical shape."""
    tools: Sequence[Mapping[str, Any]] | None
    model: str | None
    max_tokens: int | None

    def request(self, prepared: Prepared) -> dict[str, Any]:
        """The SDK keyword arguments that send ``prepared``."""
        ...

    def answer(self, response: Any, observe: Callable[[object], object], *, stream: str) -> Any:
        """What the caller gets for ``response``: usage observed, a stream wrapped so that
        its usage is observed as it arrives (``stream`` is ``"sync"`` or ``"async"``)."""
        ...


def drive(session: Session, call: Call, send: Callable[[Prepared], Any]) -> Any:
    """``send`` the session's view of ``call``; overflow errors are recovered, others
    re-raised. Returns what ``send`` returned."""
    prepared = session.prepare(
        call.history, call.tools, model=call.model, max_tokens=call.max_tokens
    )
    while True:
        try:
            return send(prepared)
        except Exception as error:
            # Re-raises ``error`` itself unless it is an overflow recovery can still help.
            prepared = session.recover(
                error, call.history, call.tools, model=call.model, max_tokens=call.max_tokens
            )


async def adrive(
    session: AsyncSession, call: Call, send: Callable[[Prepared], Awaitable[Any]]
) -> Any:
    """The async twin of :func:`drive`."""
    prepared = await session.prepare(
        call.history, call.tools, model=call.model, max_tokens=call.max_tokens
    )
    while True:
        try:
            return await send(prepared)
        except Exception as error:
            prepared = await session.recover(
                error, call.history, call.tools, model=call.model, max_tokens=call.max_tokens
            )


def send_through(session: Session | AsyncSession, create: Callable[..., Any], call: Call) -> Any:
    """Run ``call`` through ``create`` (the SDK method) under ``session``: the answer for a
    sync session, a coroutine for an async one."""
    if isinstance(session, AsyncSession):
        async_session = session

        async def send_async(prepared: Prepared) -> Any:
            return await create(**call.request(prepared))

        async def run() -> Any:
            response = await adrive(async_session, call, send_async)
            return call.answer(response, async_session.observe, stream="async")

        return run()
    response = drive(session, call, lambda prepared: create(**call.request(prepared)))
    return call.answer(response, session.observe, stream="sync")
