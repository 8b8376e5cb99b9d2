"""packlight in LangChain v1 agents: ``PacklightMiddleware`` for ``create_agent``.

::

    from langchain.agents import create_agent
    from packlight.integrations.langchain import PacklightMiddleware

    agent = create_agent(model, tools, middleware=[PacklightMiddleware(model="gpt-4o")])

Needs the ``langchain`` extra (``pip install 'packlight[langchain]'``); see
docs/integrations/langchain.md.
"""

from __future__ import annotations

from packlight.errors import MissingExtraError

try:
    import langchain.agents.middleware  # noqa: F401  (the hook this integration fits)
except ImportError as exc:
    raise MissingExtraError("packlight.integrations.langchain", "langchain") from exc

from packlight.integrations.langchain._middleware import PacklightMiddleware

__all__ = ["PacklightMiddleware"]
