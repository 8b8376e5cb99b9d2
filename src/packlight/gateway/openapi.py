"""``GET /openapi.json``: the gateway's routes as an OpenAPI 3.1 document.

The request and response bodies are the providers' own (OpenAI Chat Completions, Anthropic
Messages): the document names them and the fields the gateway itself reads, and leaves the
rest open, since the gateway forwards what it does not read.
"""

from __future__ import annotations

from typing import Any

from packlight import __version__

_OPEN_OBJECT: dict[str, Any] = {"type": "object", "additionalProperties": True}


def _error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def _completion(summary: str, provider: str, system: bool) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "model": {"type": "string"},
        "messages": {"type": "array", "minItems": 1, "items": _OPEN_OBJECT},
        "tools": {"type": "array", "items": _OPEN_OBJECT},
        "stream": {"type": "boolean"},
        "max_tokens": {"type": "integer"},
    }
    if system:
        properties["system"] = {"oneOf": [{"type": "string"}, {"type": "array"}]}
    return {
        "post": {
            "summary": summary,
            "description": (
                f"The {provider} request, whole history every turn. The gateway sends the "
                "upstream the session's prefix-stable view (compacted when needed) and "
                "recovers from overflow errors."
            ),
            "parameters": [
                {
                    "name": "X-Packlight-Session",
                    "in": "header",
                    "required": False,
                    "schema": {"type": "string", "maxLength": 128},
                    "description": "Names the session; without it the history finds it.",
                }
            ],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["messages"],
                            "properties": properties,
                            "additionalProperties": True,
                        }
                    }
                },
            },
            "responses": {
                "200": {
                    "description": f"The upstream's {provider} answer (JSON, or server-sent "
                    "events when stream is true).",
                    "content": {
                        "application/json": {"schema": _OPEN_OBJECT},
                        "text/event-stream": {"schema": {"type": "string"}},
                    },
                },
                "400": _error("Malformed JSON or an invalid transcript (names the message)."),
                "401": _error("No valid gateway key."),
                "404": _error("The named session is not this key's."),
                "413": _error("The body is over the size limit."),
                "502": _error("The upstream cannot be reached."),
                "504": _error("The upstream did not answer in time."),
            },
        }
    }


def openapi_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "packlight gateway",
            "version": __version__,
            "description": "An OpenAI- and Anthropic-compatible proxy that keeps agents "
            "inside their context window.",
        },
        "security": [{"bearer": []}, {"apiKey": []}],
        "paths": {
            "/v1/chat/completions": _completion(
                "OpenAI Chat Completions", "OpenAI Chat Completions", system=False
            ),
            "/v1/messages": _completion("Anthropic Messages", "Anthropic Messages", system=True),
            "/v1/models": {
                "get": {
                    "summary": "The upstream's models, passed through.",
                    "responses": {"200": {"description": "The upstream's list."}},
                }
            },
            "/healthz": {
                "get": {
                    "summary": "Upstream and store reachable.",
                    "security": [],
                    "responses": {
                        "200": {"description": "Both reachable."},
                        "503": {"description": "One is not; the body says which."},
                    },
                }
            },
            "/metrics": {
                "get": {
                    "summary": "Prometheus text exposition (packlight_* series).",
                    "security": [],
                    "responses": {"200": {"description": "The metrics."}},
                }
            },
        },
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "apiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
            },
            "schemas": {
                "Error": {
                    "description": "OpenAI's error shape on OpenAI routes, Anthropic's on "
                    "/v1/messages.",
                    "type": "object",
                }
            },
        },
    }
