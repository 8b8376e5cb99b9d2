"""packlight inside the agent frameworks people already run.

Each submodule fits one framework's own hook for what the model sees, on the same
:class:`packlight.Session` the SDK wrappers and the gateway use (same triggers, same recovery,
same store). Submodules import their framework when they are imported, never before:
``import packlight`` imports none of them, and a missing extra raises
:class:`packlight.MissingExtraError` naming the install command.

- :mod:`packlight.integrations.langchain`: ``PacklightMiddleware`` for LangChain's
  ``create_agent`` (extra ``packlight[langchain]``).
- :mod:`packlight.integrations.openai_agents`: ``PacklightSession`` and ``input_filter`` for
  the OpenAI Agents SDK (extra ``packlight[openai-agents]``).
- :mod:`packlight.integrations.pydantic_ai`: ``history_processor`` for pydantic-ai
  (extra ``packlight[pydantic-ai]``).
"""
