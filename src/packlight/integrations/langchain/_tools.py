"""packlight's retrieval tools as LangChain tools.

The model reads back what compaction took out of its window with the four tools of
:mod:`packlight.retrieval` (``context_search``, ``context_read``, ``context_grep``,
``context_expand``). Here each becomes a LangChain ``StructuredTool`` with packlight's own
JSON schema, so ``create_agent`` binds it to the model and its ``ToolNode`` runs it. A tool
call is answered from the archive of the conversation it belongs to: the tool is handed the
run's config, whose ``thread_id`` names the conversation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, StructuredTool

from packlight.retrieval import TOOL_SCHEMAS

Retrieve = Callable[[str, Mapping[str, Any], RunnableConfig], str]
"""Runs one retrieval call (tool name, arguments, the run's config); returns the result text."""


def retrieval_tools(retrieve: Retrieve) -> list[BaseTool]:
    """The four retrieval tools, each answered by ``retrieve``."""
    return [_tool(schema["function"], retrieve) for schema in TOOL_SCHEMAS]


def _tool(function: Mapping[str, Any], retrieve: Retrieve) -> BaseTool:
    name = str(function["name"])

    # LangChain hands a tool function its run config when the function takes ``config``.
    def run(config: RunnableConfig, **arguments: Any) -> str:
        return retrieve(name, arguments, config)

    return StructuredTool(
        name=name,
        description=str(function["description"]),
        args_schema=dict(function["parameters"]),
        func=run,
    )
