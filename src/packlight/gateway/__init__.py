"""``packlight serve``: an OpenAI- and Anthropic-compatible gateway (DESIGN section 7).

Needs the ``gateway`` extra (``pip install 'packlight[gateway]'``)::

    from packlight.gateway import create_app
    app = create_app(upstream="https://api.openai.com")   # any ASGI server runs it
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from packlight.errors import MissingExtraError

if TYPE_CHECKING:
    from packlight.gateway.app import Gateway, create_app

__all__ = ["Gateway", "create_app"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(name)
    try:
        from packlight.gateway import app
    except ImportError as error:
        raise MissingExtraError("packlight serve", "gateway") from error
    return getattr(app, name)
