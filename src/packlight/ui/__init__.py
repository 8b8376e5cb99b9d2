"""The inspector: a local web app over the session store (``packlight ui``, and ``/ui`` in
``packlight serve``). See docs/ui.md.

Pure pieces (what a stored session sent each turn, what a compaction changed, checkpoint
sections and diffs, the sessions list's filters, the SVG chart) import nothing optional; the
web app needs the ``ui`` extra (Starlette, Jinja2, uvicorn), imported only when it is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from packlight.errors import MissingExtraError

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from packlight.store.base import SessionStore

__all__ = ["create_app"]


def create_app(store: SessionStore, **options: Any) -> Starlette:
    """The inspector's ASGI app over ``store`` (see :func:`packlight.ui.app.create_app`);
    :class:`~packlight.errors.MissingExtraError` without the ``ui`` extra."""
    try:
        from packlight.ui.app import create_app as build
    except ImportError as error:
        raise MissingExtraError("packlight ui", "ui") from error
    return build(store, **options)
