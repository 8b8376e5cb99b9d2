"""The inspector's ASGI application: server-rendered pages (Jinja2) and the JSON API they use.

Read-only over the store. Pages carry everything they show (inline SVG charts, the package's
own CSS and script); a Content-Security-Policy of ``'self'`` keeps the browser from loading or
sending anything anywhere else. Works mounted under a prefix (``/ui`` in ``packlight serve``):
every link is built from the request's ``root_path``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from packlight.errors import UserError
from packlight.store.base import SessionStore
from packlight.ui.catalog import SORT_KEYS, SessionQuery
from packlight.ui.chart import token_chart
from packlight.ui.checkpoints import CITATION
from packlight.ui.inspector import Inspector, NotFound

__all__ = ["Authorize", "Unauthorized", "create_app"]

HERE = Path(__file__).resolve().parent
STATIC = {"ui.css": "text/css", "ui.js": "text/javascript"}
ARTIFACT_PAGE_LINES = 400
ARTIFACT_API_MAX_LINES = 5_000
STREAM_CHUNK = 64 * 1024
SEARCH_MAX = 100
HEADERS = {
    # Nothing on these pages may come from, or go to, another host.
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
}


class Unauthorized(Exception):
    """The caller may not look (the gateway's keys)."""


Authorize = Callable[[Mapping[str, str]], str | None]
"""Given a request's headers: the owner whose sessions it may see (``None``: all of them),
or :class:`Unauthorized`."""


def create_app(
    store: SessionStore, *, authorize: Authorize | None = None, warm: bool = False
) -> Starlette:
    """The inspector over ``store`` (which the caller keeps open and closes).

    ``warm``: when the app starts, read the sessions list and the newest sessions in a
    background thread, so the first page a person opens is served from memory instead of
    decoding thousands of rows while they wait (``app.state.warmed`` is set when done).
    """
    inspector = Inspector(store)
    warmed = threading.Event()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm:
            threading.Thread(
                target=inspector.warm, args=(warmed,), name="packlight-ui-warm", daemon=True
            ).start()
        yield

    templates = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.filters["cite"] = _linked_citations
    templates.filters["bytes"] = _size
    # An id inside a link: a session id is the caller's own string (spaces, '#', '?').
    templates.filters["u"] = lambda value: quote(str(value), safe="")

    def viewer(request: Request) -> Inspector:
        if authorize is None:
            return inspector
        try:
            owner = authorize(request.headers)
        except Unauthorized as refused:
            raise HTTPException(
                401, str(refused), headers={"www-authenticate": 'Basic realm="packlight"'}
            ) from None
        return inspector.visible_to(owner)

    def page(request: Request, name: str, status: int = 200, **values: Any) -> HTMLResponse:
        base = request.scope.get("root_path", "").rstrip("/")
        html = templates.get_template(name).render(base=base, request=request, **values)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    def api(value: Any, status: int = 200) -> JSONResponse:
        return JSONResponse(value, status_code=status, headers=HEADERS)

    # --- pages ---------------------------------------------------------------------------

    def sessions_page(request: Request) -> Response:
        seen = viewer(request)
        query = SessionQuery.from_params(request.query_params)
        total, shown = seen.sessions(query)
        return page(
            request,
            "sessions.html",
            total=total,
            sessions=shown,
            query=query,
            params=request.query_params,
            models=seen.models(),
            sort_keys=SORT_KEYS,
            keep_params="".join(
                f"{urlencode({key: value})}&"
                for key, value in request.query_params.items()
                if key != "offset" and value
            ),
        )

    def session_page(request: Request) -> Response:
        view = viewer(request).session(request.path_params["session_id"])
        base = request.scope.get("root_path", "").rstrip("/")
        chart = token_chart(
            view.history,
            window=view.window,
            threshold=view.threshold,
            base_url=f"{base}/sessions/{quote(view.record.id, safe='')}",
        )
        return page(request, "session.html", view=view, chart=Markup(chart))

    def compaction_page(request: Request) -> Response:
        view = viewer(request).compaction(
            request.path_params["session_id"], request.path_params["index"]
        )
        return page(request, "compaction.html", view=view)

    def archive_page(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        seen = viewer(request)
        record = seen.record(session_id)
        text = request.query_params.get("q", "").strip()
        hits = seen.search(session_id, text, limit=SEARCH_MAX) if text else []
        offset, limit = _page_params(request.query_params, default_limit=100)
        artifacts = seen.artifacts(session_id)
        return page(
            request,
            "archive.html",
            record=record,
            text=text,
            hits=hits,
            artifacts=artifacts[offset : offset + limit],
            artifact_total=len(artifacts),
            offset=offset,
            limit=limit,
        )

    def artifact_page(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        first, last = _line_range(request.query_params.get("lines", ""))
        start = max(1, first - 20) if first else 1
        window = viewer(request).artifact_lines(
            session_id,
            request.path_params["artifact_id"],
            start=start,
            count=max(ARTIFACT_PAGE_LINES, (last or 0) - start + 21),
        )
        return page(
            request,
            "artifact.html",
            session_id=session_id,
            window=window,
            first=first,
            last=last,
        )

    # --- the JSON API --------------------------------------------------------------------

    def api_sessions(request: Request) -> Response:
        query = SessionQuery.from_params(request.query_params)
        total, shown = viewer(request).sessions(query)
        return api(
            {
                "total": total,
                "offset": query.offset,
                "limit": query.limit,
                "sessions": [s.as_json() for s in shown],
            }
        )

    def api_session(request: Request) -> Response:
        view = viewer(request).session(request.path_params["session_id"])
        return api(
            {
                "session": view.summary.as_json(),
                "lineage": [r.id for r in view.lineage],
                "children": view.children,
                "context_window": view.window,
                "threshold": view.threshold,
                "turns": len(view.history.turns),
                "compactions": [
                    {
                        "index": mark.index,
                        "turn": mark.turn,
                        "tokens_before": mark.tokens_before,
                        "tokens_after": mark.tokens_after,
                        **_event_json(mark.event),
                    }
                    for mark in view.history.marks
                ],
                "checkpoint": [
                    {"title": s.title, "body": s.body} for s in view.checkpoint_sections
                ],
                "engine_state": view.engine_state,
            }
        )

    def api_turns(request: Request) -> Response:
        view = viewer(request).session(request.path_params["session_id"])
        offset, limit = _page_params(request.query_params, default_limit=500, most=5_000)
        turns = view.history.turns
        return api(
            {
                "total": len(turns),
                "offset": offset,
                "limit": limit,
                "turns": [
                    {"turn": t.number, "position": t.position, "input_tokens": t.input_tokens}
                    for t in turns[offset : offset + limit]
                ],
            }
        )

    def api_compaction(request: Request) -> Response:
        view = viewer(request).compaction(
            request.path_params["session_id"], request.path_params["index"]
        )
        offset, limit = _page_params(request.query_params, default_limit=200)
        return api(
            {
                "index": view.index,
                "event": _event_json(view.event),
                "changes_total": len(view.changes),
                "offset": offset,
                "limit": limit,
                "changes": [
                    {
                        "position": c.position,
                        "role": c.role,
                        "kind": c.kind,
                        "tokens": c.tokens,
                        "preview": c.preview,
                        "artifacts": c.artifacts,
                    }
                    for c in view.changes[offset : offset + limit]
                ],
                "checkpoint": view.checkpoint,
                "checkpoint_diff": [
                    None if line is None else {"kind": line.kind, "text": line.text}
                    for line in view.diff
                ],
            }
        )

    def api_artifacts(request: Request) -> Response:
        infos = viewer(request).artifacts(request.path_params["session_id"])
        offset, limit = _page_params(request.query_params, default_limit=100)
        return api(
            {
                "total": len(infos),
                "offset": offset,
                "limit": limit,
                "artifacts": [i.as_json() for i in infos[offset : offset + limit]],
            }
        )

    def api_artifact(request: Request) -> Response:
        start = _whole(request.query_params, "start", 1)
        count = _whole(request.query_params, "count", ARTIFACT_PAGE_LINES)
        if not 1 <= count <= ARTIFACT_API_MAX_LINES:
            raise UserError(f"count must be from 1 to {ARTIFACT_API_MAX_LINES}, not {count}")
        window = viewer(request).artifact_lines(
            request.path_params["session_id"],
            request.path_params["artifact_id"],
            start=start,
            count=count,
        )
        return api(
            {
                "artifact": window.info.as_json(),
                "start": window.start,
                "lines": window.lines,
                "next_start": (
                    window.start + len(window.lines)
                    if window.start + len(window.lines) <= window.info.lines
                    else None
                ),
            }
        )

    def api_artifact_raw(request: Request) -> Response:
        artifact = viewer(request).artifact(
            request.path_params["session_id"], request.path_params["artifact_id"]
        )
        content = artifact.content

        def chunks() -> Iterator[bytes]:
            for at in range(0, len(content), STREAM_CHUNK):
                yield content[at : at + STREAM_CHUNK].encode("utf-8", "surrogatepass")

        return StreamingResponse(chunks(), media_type="text/plain; charset=utf-8", headers=HEADERS)

    def api_search(request: Request) -> Response:
        text = request.query_params.get("q", "").strip()
        if not text:
            raise UserError("q (the words to search for) is required")
        offset, limit = _page_params(request.query_params, default_limit=20, most=SEARCH_MAX)
        if offset + limit > SEARCH_MAX:
            raise UserError(f"offset + limit must be at most {SEARCH_MAX}")
        hits = viewer(request).search(request.path_params["session_id"], text, limit=offset + limit)
        return api(
            {
                "offset": offset,
                "limit": limit,
                "hits": [
                    {
                        "artifact_id": h.artifact_id,
                        "session_id": h.session_id,
                        "kind": h.kind,
                        "line": h.line,
                        "snippet": h.snippet,
                    }
                    for h in hits[offset : offset + limit]
                ],
            }
        )

    def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise NotFound(f"no static file {name!r}")
        body = (HERE / "static" / name).read_bytes()
        return Response(
            body, media_type=STATIC[name], headers={**HEADERS, "cache-control": "max-age=300"}
        )

    # --- errors --------------------------------------------------------------------------

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith(f"{request.scope.get('root_path', '')}/api/")

    async def not_found(request: Request, error: Exception) -> Response:
        if wants_json(request):
            return api({"error": str(error)}, 404)
        return page(request, "error.html", 404, title="Not found", message=str(error))

    async def bad_request(request: Request, error: Exception) -> Response:
        if wants_json(request):
            return api({"error": str(error)}, 400)
        return page(request, "error.html", 400, title="Bad request", message=str(error))

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        message = error.detail if error.status_code != 404 else f"no page {request.url.path}"
        headers = {**HEADERS, **(error.headers or {})}
        if wants_json(request):
            return JSONResponse({"error": message}, error.status_code, headers=headers)
        html = templates.get_template("error.html").render(
            base=request.scope.get("root_path", "").rstrip("/"),
            title=f"Error {error.status_code}",
            message=message,
        )
        return HTMLResponse(html, status_code=error.status_code, headers=headers)

    session_path = "/sessions/{session_id}"
    api_path = "/api/sessions/{session_id}"
    app = Starlette(
        routes=[
            Route("/", sessions_page),
            Route(session_path, session_page),
            Route(session_path + "/compactions/{index:int}", compaction_page),
            Route(session_path + "/archive", archive_page),
            Route(session_path + "/artifacts/{artifact_id}", artifact_page),
            Route("/api/sessions", api_sessions),
            Route(api_path, api_session),
            Route(api_path + "/turns", api_turns),
            Route(api_path + "/compactions/{index:int}", api_compaction),
            Route(api_path + "/artifacts", api_artifacts),
            Route(api_path + "/artifacts/{artifact_id}", api_artifact),
            Route(api_path + "/artifacts/{artifact_id}/raw", api_artifact_raw),
            Route(api_path + "/search", api_search),
            Route("/static/{name}", static),
        ],
        exception_handlers={
            NotFound: not_found,
            UserError: bad_request,
            HTTPException: http_error,
        },
        lifespan=lifespan,
    )
    app.state.warmed = warmed
    return app


def _event_json(event: Any) -> dict[str, Any]:
    return {
        "id": event.id,
        "created_at": event.created_at.isoformat(),
        "trigger": event.trigger,
        "reason": event.reason,
        "before_tokens": event.before_tokens,
        "after_tokens": event.after_tokens,
        "before_messages": event.before_messages,
        "after_messages": event.after_messages,
        "summarizer": event.summarizer,
        "duration_seconds": event.duration_seconds,
        "checkpoint_id": event.checkpoint_id,
        "stages": list(event.meta.get("stages", [])),
    }


def _whole(params: Mapping[str, str], name: str, default: int) -> int:
    text = params.get(name) or ""
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise UserError(f"{name} must be a whole number, not {text!r}") from None


def _page_params(
    params: Mapping[str, str], *, default_limit: int, most: int = 500
) -> tuple[int, int]:
    offset = _whole(params, "offset", 0)
    limit = _whole(params, "limit", default_limit)
    if offset < 0:
        raise UserError(f"offset must be 0 or more, not {offset}")
    if not 1 <= limit <= most:
        raise UserError(f"limit must be from 1 to {most}, not {limit}")
    return offset, limit


LINES = re.compile(r"^L?(\d+)(?:-L?(\d+))?$")


def _line_range(text: str) -> tuple[int | None, int | None]:
    """``lines=12`` or ``lines=12-40`` (``L12-L40`` too); anything else is a bad request."""
    if not text:
        return None, None
    match = LINES.match(text)
    if not match:
        raise UserError(f"lines must look like 12 or 12-40, not {text!r}")
    first = int(match.group(1))
    last = int(match.group(2)) if match.group(2) else first
    if first < 1 or last < first:
        raise UserError(f"lines must be a range from 1 up, not {text!r}")
    return first, last


def _linked_citations(text: str, base: str, session_id: str) -> Markup:
    """``text`` escaped, each ``artifact://ID#Lx-Ly`` a link that opens the cited lines."""
    out = []
    at = 0
    for match in CITATION.finditer(text):
        out.append(escape(text[at : match.start()]))
        artifact_id, first, last = match.group(1), match.group(2), match.group(3)
        href = f"{base}/sessions/{quote(session_id, safe='')}/artifacts/{artifact_id}"
        if first:
            lines = f"{first}-{last}" if last else first
            href += f"?lines={lines}#L{first}"
        out.append(Markup('<a class="citation" href="{}">{}</a>').format(href, match.group(0)))
        at = match.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def _size(value: int) -> str:
    amount = float(value)
    for unit in ("B", "KB", "MB"):
        if amount < 1024:
            return f"{amount:.0f} {unit}" if unit == "B" else f"{amount:.1f} {unit}"
        amount /= 1024
    return f"{amount:.1f} GB"
