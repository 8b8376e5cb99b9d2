"""``packlight serve``: the ASGI application (Starlette).

Per request on ``/v1/chat/completions`` or ``/v1/messages``:

1. the caller's key is checked (401 in the route's error shape) and the body read within the
   size limit (413) as JSON (400);
2. in a worker thread, the conversation is found (header or history, see
   :mod:`packlight.gateway.directory`), its :class:`~packlight.session.Session` prepares the
   view to send (preflight compaction) and the hygiene rule compacts when the view would still
   fill 85% of the window or hold 5,000 messages; the session's head moves;
3. the view goes upstream; an overflow error is recovered (compact, retry, at most
   ``live.max_recovery_attempts`` times) and reaches the client only when recovery cannot help;
4. the answer goes back as it came: JSON, or a stream forwarded event by event (the usage
   chunk packlight asked for is not shown to a caller who did not ask for it). A client that
   goes away mid-stream closes the upstream request.

Nothing here logs a key or message content: logs carry the session id, route, status, token
estimates, timings and the session's decision.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from concurrent.futures import Future
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar, cast

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from packlight.compressor.workers import CompactionWorkers
from packlight.config import Settings, load_settings
from packlight.errors import ContextOverflowError, TranscriptError
from packlight.gateway.apis import PATHS, Turn, read_turn
from packlight.gateway.directory import Conversation, Directory
from packlight.gateway.errors import Api, GatewayError, error_body
from packlight.gateway.keys import Keys, basic_password, credential_of, owner_of
from packlight.gateway.metrics import CONTENT_TYPE_LATEST, Metrics
from packlight.gateway.openapi import openapi_document
from packlight.gateway.sse import EventSplitter
from packlight.gateway.threads import WorkerThreads
from packlight.gateway.upstream import Upstream, UpstreamRefused
from packlight.gateway.warmup import warm_up
from packlight.overflow import classify_error
from packlight.session import Prepared, Session
from packlight.store import StoreProtection, open_store
from packlight.store.base import SessionStore, StoreError

__all__ = ["Gateway", "create_app"]

logger = logging.getLogger("packlight.gateway")

SESSION_HEADER = "x-packlight-session"

_ENDING = re.compile(
    rb'\[DONE\]|message_stop|"(?:finish|stop)_reason"\s*:\s*"|^event:\s*error|(?<!\\)"error"\s*:',
    re.MULTILINE,
)
"""An event that ends an answer, or may: the reason it stopped (not ``null``), the end
markers of both APIs, an error. Escaped quotes inside a message's own text do not match."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Served:
    """What the worker thread hands back: the view to send and whose it is."""

    conversation: Conversation
    prepared: Prepared
    trigger: str | None
    """What compacted this turn (``preflight`` or ``hygiene``), if anything did."""


class Gateway:
    """The gateway's state: keys, store, sessions, upstream client and metrics."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: SessionStore | None = None,
        upstream: str | None = None,
    ) -> None:
        self.settings = settings
        options = settings.gateway
        target = upstream or options.upstream
        if not target:
            raise GatewayConfigError("an upstream URL (--upstream or gateway.upstream)")
        # The upstream first: a bad URL is refused before the store is opened.
        self.upstream = Upstream(
            target, timeout=options.upstream_timeout, connect_timeout=options.connect_timeout
        )
        self.keys = Keys.build(
            options.api_keys,
            keys_file=options.keys_file,
            upstream_key=options.upstream_key,
            pass_through=options.pass_through_key,
        )
        if store is None:
            protection = StoreProtection.from_settings(settings)
            store = open_store(options.store, protection=protection)
        self.store = store
        self.workers = (
            None
            if options.compaction_workers == 0
            else CompactionWorkers(settings, options.compaction_workers)
        )
        self.directory = Directory(
            self.store,
            settings,
            context_window=settings.context.context_window,
            capacity=options.cached_sessions,
            workers=self.workers,
        )
        self.metrics = Metrics()
        self.threads = WorkerThreads()
        """Where every request's blocking work runs (:mod:`packlight.gateway.threads`)."""
        self._writes: set[asyncio.Task[None]] = set()
        """Turns being written while their requests are answered (:meth:`_persist`)."""
        self._warming: asyncio.Task[None] | None = None
        self.warmed = False
        """The warm-up is over (``/healthz`` says ready only then)."""

    def start(self) -> None:
        """Start the compaction workers and warm up (:mod:`packlight.gateway.warmup`) in the
        background: requests are served meanwhile, and ``/healthz`` says ready after it.
        The worker threads start first, before any request needs one."""
        self.threads.start()
        warming = [] if self.workers is None else self.workers.start()
        self._warming = asyncio.get_running_loop().create_task(self._warm_up(warming))

    async def _warm_up(self, workers: list[Future[None]]) -> None:
        try:
            await self.threads.run(
                partial(
                    warm_up,
                    self.settings,
                    self.store,
                    context_window=self.settings.context.context_window,
                    workers=workers,
                )
            )
        except Exception as error:  # what failed fails again where a request meets it
            logger.warning("the warm-up failed: %s: %s", type(error).__name__, error)
        self.warmed = True

    async def close(self) -> None:
        if self._warming is not None:
            await asyncio.gather(self._warming, return_exceptions=True)
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        await self.upstream.close()
        if self.workers is not None:
            await self.threads.run(self.workers.close)
        self.threads.close()
        self.store.close()

    # --- routes ------------------------------------------------------------------------------

    async def chat_completions(self, request: Request) -> Response:
        return await self._completion(request, "openai")

    async def messages(self, request: Request) -> Response:
        return await self._completion(request, "anthropic")

    async def models(self, request: Request) -> Response:
        api: Api = "anthropic" if "anthropic-version" in request.headers else "openai"
        try:
            credential = self.keys.authenticate(request.headers, api)
            headers = self.upstream.headers(
                api, self.keys.for_upstream(credential), request.headers
            )
            answer = await self.upstream.get("/v1/models", headers)
        except GatewayError as error:
            return self._error(api, error, "/v1/models")
        self.metrics.requests.labels("/v1/models", str(answer.status_code)).inc()
        return Response(
            answer.content,
            status_code=answer.status_code,
            media_type=answer.headers.get("content-type", "application/json"),
        )

    async def healthz(self, request: Request) -> Response:
        checks: dict[str, str] = {}
        try:
            await self.upstream.get("/v1/models", {})
            checks["upstream"] = "ok"
        except GatewayError as error:
            checks["upstream"] = error.message
        try:
            await self.threads.run(lambda: self.store.list_sessions(limit=1))
            checks["store"] = "ok"
        except StoreError as error:
            checks["store"] = f"unavailable: {type(error).__name__}"
        # Not ready before the warm-up: a load balancer sends nothing here yet.
        checks["warm_up"] = "ok" if self.warmed else "in progress"
        healthy = all(value == "ok" for value in checks.values())
        return JSONResponse(
            {"status": "ok" if healthy else "unavailable", **checks},
            status_code=200 if healthy else 503,
        )

    async def metrics_text(self, request: Request) -> Response:
        self.metrics.cached_sessions.set(len(self.directory))
        return Response(self.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document())

    # --- the completion routes ---------------------------------------------------------------

    async def _completion(self, request: Request, api: Api) -> Response:
        path = PATHS[api]
        try:
            credential = self.keys.authenticate(request.headers, api)
            body = await self._read_json(request)
            try:
                turn = read_turn(api, body, self.settings.live)
            except TranscriptError as error:
                raise GatewayError(400, f"invalid transcript: {error}") from None
            headers = self.upstream.headers(
                api, self.keys.for_upstream(credential), request.headers
            )
            named = request.headers.get(SESSION_HEADER)
            served, write = await self._prepare(turn, owner_of(credential), named)
            try:
                response = await self._send(turn, served, headers, write)
            except GatewayError:
                await self._settled(write)
                raise
            if not isinstance(response, StreamingResponse):
                await self._settled(write)  # a stream waits for it before the end of its answer
        except GatewayError as error:
            return self._error(api, error, path)
        self.metrics.requests.labels(path, str(response.status_code)).inc()
        return response

    async def _read_json(self, request: Request) -> Any:
        limit = self.settings.gateway.max_body_bytes
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise GatewayError(
                413, f"the request body is {int(declared):,} bytes; the limit is {limit:,}"
            )
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise GatewayError(413, f"the request body is over the limit of {limit:,} bytes")
            chunks.append(chunk)
        try:
            return json.loads(b"".join(chunks))
        except ValueError as error:
            raise GatewayError(400, f"the request body is not valid JSON: {error}") from None

    async def _prepare(
        self, turn: Turn, owner: str, named: str | None
    ) -> tuple[Served, asyncio.Task[None]]:
        """The view to send, and the task that writes the turn (:meth:`_persist`).

        One worker thread does both, one after the other: it hands the view back to the
        loop as soon as it is known, and goes on with the write while the request goes
        upstream. (A second hand-off to a thread for the write cost the loop more than the
        write itself under load; the thread that held the conversation releases it.) A
        request cancelled meanwhile leaves the write running: the conversation is never
        left held."""
        started = time.perf_counter()
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[Served] = loop.create_future()

        def prepare_then_write() -> None:
            try:
                served = self._prepare_blocking(turn, owner, named)
            except BaseException as error:
                loop.call_soon_threadsafe(_settle, ready, None, error)
                return
            loop.call_soon_threadsafe(_settle, ready, served, None)
            self._release(served.conversation, turn.digests)

        write = self._persist(prepare_then_write)
        with _refusals_of_the_work():
            served = await ready
        self.metrics.prepare_seconds.labels(str(served.trigger is not None).lower()).observe(
            time.perf_counter() - started
        )
        if served.trigger is not None:
            self._count_compaction(served.trigger, served.prepared)
        return served, write

    def _prepare_blocking(self, turn: Turn, owner: str, named: str | None) -> Served:
        """The view to send, the conversation still held: :meth:`_persist` releases it."""
        call = turn.call
        conversation = self.directory.hold(
            owner, turn.digests, named, call.model, check_new=turn.check
        )
        try:
            session = conversation.session
            prepared = session.prepare(
                call.history, call.tools, model=call.model, max_tokens=call.max_tokens
            )
            trigger = "preflight" if prepared.compacted else None
            if not prepared.compacted and self._needs_hygiene(prepared, session.context_window):
                compacted = session.compact(call.history, tools=call.tools)
                if compacted.compacted:
                    prepared = _with_output(compacted, prepared.max_tokens)
                    trigger = "hygiene"
        except BaseException:
            self.directory.release(conversation, turn.digests, advance=False)
            raise
        return Served(conversation, prepared, trigger)

    def _persist(self, work: Callable[[], None]) -> asyncio.Task[None]:
        """Run ``work`` (:meth:`_prepare`'s: it writes the turn's new messages and moves the
        session's head) in a worker thread, kept until it is over. The write runs while the
        request goes upstream; the answer ends only after it (a whole answer goes
        out after it, a stream's last event waits for it: :meth:`_forward`), so that a
        client's next turn, on any replica, finds its last one stored.

        Sending before writing loses nothing a crash in between would need: the store holds
        every earlier turn whole (a turn is one transaction), the head still names the
        previous history, and the client, which resends its whole history every turn, brings
        the unwritten messages again with its next request, which continues the session from
        that head and appends them. A client that leaves mid-stream does not stop the write.
        """
        task = asyncio.get_running_loop().create_task(self.threads.run(work))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        return task

    def _release(self, conversation: Conversation, digests: list[str]) -> None:
        try:
            self.directory.release(conversation, digests, advance=True)
        except StoreError as error:
            # The answer is on its way already; the next request writes the turn (see above).
            self.metrics.deferred_write_failures.inc()
            logger.error(
                "session store failed after the request was sent: %s",
                error,
                extra={"session": conversation.session_id},
            )

    def _observe(self, session: Session, usage: object) -> None:
        """Record the answer's usage (the engine's state goes to the store). Its commit is
        relaxed, as a turn's are (see :meth:`Directory.release`): a database crash that loses
        it loses one turn's usage, which the next answer reports again; on PostgreSQL a commit
        that waits for the disk flush cost about 4 ms, and the client's stream ends only after
        this."""
        with self.store.relaxed_commits():
            session.observe(usage)

    @staticmethod
    async def _settled(write: asyncio.Task[None]) -> None:
        """Wait for a turn's write; shielded: a request cancelled meanwhile leaves it running."""
        await asyncio.shield(write)

    def _needs_hygiene(self, prepared: Prepared, window: int) -> bool:
        options = self.settings.gateway
        return (
            len(prepared.messages) >= options.hygiene_messages
            or prepared.estimate >= window * options.hygiene_fraction
        )

    async def _send(
        self,
        turn: Turn,
        served: Served,
        headers: Mapping[str, str],
        write: asyncio.Task[None],
    ) -> Response:
        path = PATHS[turn.api]
        session = served.conversation.session
        prepared = served.prepared
        compacted_by = served.trigger
        call = turn.call
        while True:
            body = turn.upstream_body(prepared)
            self.metrics.prompt_tokens.labels(path).inc(prepared.estimate)
            started = time.perf_counter()
            stack = AsyncExitStack()
            try:
                if turn.streaming:
                    upstream = await stack.enter_async_context(
                        self.upstream.open(path, body, headers)
                    )
                else:
                    answer = await self.upstream.post(path, body, headers)
            except UpstreamRefused as refused:
                await stack.aclose()
                if classify_error(refused) is None:
                    return _refusal(refused)
                try:
                    prepared = await self._in_thread(
                        partial(
                            session.recover,
                            refused,
                            call.history,
                            call.tools,
                            model=call.model,
                            max_tokens=call.max_tokens,
                        )
                    )
                except ContextOverflowError:
                    self.metrics.overflows_returned.labels(path).inc()
                    return _refusal(refused)
                self.metrics.recoveries.labels(path).inc()
                if prepared.compacted:
                    self._count_compaction("recovery", prepared)
                    compacted_by = "recovery"
                self.directory.learn_window(call.model, session.context_window)
                continue
            except BaseException:
                await stack.aclose()
                raise
            finally:
                self.metrics.upstream_latency.labels(path).observe(time.perf_counter() - started)
            self._log(turn, served, prepared, started)
            extra = {"x-packlight-session": served.conversation.session_id}
            if compacted_by is not None:
                # What compacted on this turn: the client can see why this one took longer.
                extra["x-packlight-compaction"] = compacted_by
            if not turn.streaming:
                await self._settled(write)  # before observe: both write the session's store
                await self._in_thread(partial(self._observe, session, turn.usage(answer)))
                return JSONResponse(answer, headers=extra)
            return StreamingResponse(
                self._forward(turn, partial(self._observe, session), upstream, stack, write),
                status_code=upstream.status_code,
                media_type=upstream.headers.get("content-type", "text/event-stream"),
                headers={**extra, "cache-control": "no-cache"},
            )

    async def _forward(
        self,
        turn: Turn,
        observe: Callable[[object], object],
        upstream: Any,
        stack: AsyncExitStack,
        write: asyncio.Task[None],
    ) -> AsyncIterator[bytes]:
        """The upstream stream, event by event; closing it (the client left) closes the
        upstream request. The answer's first bytes go out as they come; the turn's write is
        waited for before the end of the answer does (:data:`_ENDING`: the reason it stopped,
        ``[DONE]``, ``message_stop``, an error) and before the stream closes. A client sends
        its next turn only after the end of this answer, to any replica, which must find this
        turn stored; the write runs while the upstream works on its first token and is
        usually over long before the end (the wait costs nothing then), but under a burst of
        new conversations it took longer than the first token (50 ms) for one in ten."""
        splitter = EventSplitter()
        usage: object = None
        marker = b"message_start" if turn.api == "anthropic" else b'"usage"'
        try:
            async for chunk in upstream.aiter_raw():
                out: list[bytes] = []
                for event in splitter.feed(chunk):
                    if marker in event.raw:
                        data = event.data
                        if isinstance(data, Mapping):
                            usage = turn.stream_usage(data) or usage
                            if turn.hides(data):
                                continue
                    out.append(event.raw)
                if out:
                    if not write.done() and any(_ENDING.search(raw) for raw in out):
                        await self._settled(write)
                    yield b"".join(out)
            rest = splitter.rest()
            if rest:
                await self._settled(write)
                yield rest
        finally:
            # Shielded: a client that left cancels this generator, and the upstream request
            # must still be closed (that is what cancels it upstream).
            with anyio.CancelScope(shield=True):
                await stack.aclose()
        await self._settled(write)  # before observe: both write the session's store
        if usage is not None:
            await self._in_thread(partial(observe, usage))

    # --- plumbing ----------------------------------------------------------------------------

    async def _in_thread(self, work: Callable[[], T]) -> T:
        with _refusals_of_the_work():
            return await self.threads.run(work)

    def _count_compaction(self, trigger: str, prepared: Prepared) -> None:
        self.metrics.compactions.labels(trigger).inc()
        result = prepared.compaction
        if result is not None:
            self.metrics.tokens_before.inc(max(result.before_tokens, 0))
            self.metrics.tokens_after.inc(max(result.after_tokens, 0))

    def _error(self, api: Api, error: GatewayError, path: str) -> Response:
        self.metrics.requests.labels(path, str(error.status)).inc()
        logger.info(
            "refused", extra={"route": path, "status": error.status, "problem": error.message}
        )
        return JSONResponse(
            error_body(api, error.status, error.message, error.code), status_code=error.status
        )

    def _log(self, turn: Turn, served: Served, prepared: Prepared, started: float) -> None:
        logger.info(
            "request",
            extra={
                "session": served.conversation.session_id,
                "route": PATHS[turn.api],
                "messages": len(turn.history),
                "sent_messages": len(prepared.messages),
                "tokens": prepared.estimate,
                "attempt": prepared.attempt,
                "upstream_seconds": round(time.perf_counter() - started, 4),
                "decision": prepared.reason,
            },
        )


class GatewayConfigError(ValueError):
    def __init__(self, what: str) -> None:
        super().__init__(f"packlight serve needs {what}")


@contextmanager
def _refusals_of_the_work() -> Iterator[None]:
    """What a worker thread's store or transcript failure tells the client: 503 and 400."""
    try:
        yield
    except StoreError as error:
        logger.error("session store failed: %s", error)
        raise GatewayError(503, "the session store is unavailable; try again") from None
    except TranscriptError as error:
        raise GatewayError(400, f"invalid transcript: {error}") from None


def _settle(
    future: asyncio.Future[Served], served: Served | None, error: BaseException | None
) -> None:
    """Hand a worker thread's outcome to the loop (the request may have been cancelled)."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(cast(Served, served))


def _with_output(prepared: Prepared, max_tokens: int | None) -> Prepared:
    return replace(prepared, max_tokens=max_tokens)


def _refusal(refused: UpstreamRefused) -> Response:
    """The upstream's own error, passed through unchanged."""
    if isinstance(refused.body, str):
        return Response(refused.body, status_code=refused.status_code, media_type="text/plain")
    return JSONResponse(refused.body, status_code=refused.status_code)


def create_app(
    settings: Settings | None = None,
    *,
    store: SessionStore | None = None,
    upstream: str | None = None,
) -> Starlette:
    """The gateway as an ASGI app (``uvicorn.run(create_app(...))``); settings default to
    :func:`packlight.load_settings` (``gateway.*``, ``PACKLIGHT_GATEWAY_*``)."""
    gateway = Gateway(settings or load_settings(), store=store, upstream=upstream)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        gateway.start()
        yield
        await gateway.close()

    app = Starlette(
        routes=[
            Route("/v1/chat/completions", gateway.chat_completions, methods=["POST"]),
            Route("/v1/messages", gateway.messages, methods=["POST"]),
            Route("/v1/models", gateway.models, methods=["GET"]),
            Route("/healthz", gateway.healthz, methods=["GET"]),
            Route("/metrics", gateway.metrics_text, methods=["GET"]),
            Route("/openapi.json", gateway.openapi, methods=["GET"]),
        ],
        lifespan=lifespan,
    )
    inspector = _inspector(gateway)
    if inspector is not None:
        app.mount("/ui", inspector)
    app.state.gateway = gateway
    return app


def _inspector(gateway: Gateway) -> Starlette | None:
    """The inspector (``packlight ui``'s app) at ``/ui``, behind the gateway's keys: a caller
    sees the sessions filed under its own key, as the API serves them. A browser presents
    the key as HTTP Basic auth (any user name, the key as password) or a bearer token.
    Without the ``ui`` extra (Jinja2) the gateway runs without it."""
    try:
        from packlight.ui.app import Unauthorized, create_app
    except ImportError:
        logger.info("no inspector at /ui: pip install 'packlight[ui]' adds it")
        return None

    def authorize(headers: Mapping[str, str]) -> str | None:
        credential = credential_of(headers, "openai") or basic_password(headers)
        if gateway.keys.open:
            return owner_of(credential)
        if credential is None:
            raise Unauthorized("the inspector needs one of the gateway's keys")
        try:
            gateway.keys.authenticate({"authorization": f"Bearer {credential}"}, "openai")
        except GatewayError:
            raise Unauthorized("invalid key for this gateway") from None
        return owner_of(credential)

    return create_app(gateway.store, authorize=authorize)
