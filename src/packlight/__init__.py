"""packlight keeps long-running LLM agents inside their context window without losing the thread.

The public API is what ``__all__`` lists; everything else is private and may change. Names
are imported on first use (``import packlight`` stays cheap: a command or a host that needs
only part of the library does not pay for the rest); ``from packlight import X`` works as
usual.
"""

import importlib
from typing import TYPE_CHECKING, Any

from packlight.errors import (
    ConfigError,
    ContextOverflowError,
    MissingExtraError,
    PacklightError,
    RuntimeFailure,
    TranscriptError,
    UserError,
)

if TYPE_CHECKING:
    from packlight.archive import MemoryArchive
    from packlight.artifacts import Artifact
    from packlight.budget import Budget, BudgetPolicy, compaction_threshold
    from packlight.compressor.engine import ContextCompressor
    from packlight.compressor.workers import CompactionWorkers
    from packlight.config import Settings, load_settings
    from packlight.context_files import (
        InstructionFile,
        InstructionFinding,
        ProjectInstructions,
        load_project_instructions,
        scan_instruction_text,
    )
    from packlight.engine import CompressionResult, ContextEngine, Decision, create_engine
    from packlight.formats import Format, detect_format, from_canonical, to_canonical
    from packlight.inspection import TokenReport, inspect_transcript
    from packlight.messages import (
        PACKLIGHT_KEY,
        Message,
        ToolCall,
        ToolGroup,
        Transcript,
        is_summary,
        message_text,
        strip_packlight,
        tool_calls_of,
        tool_groups,
    )
    from packlight.models import ModelInfo, ModelRegistry
    from packlight.retrieval import RetrievalTools
    from packlight.session import AsyncSession, Prepared, Session, SessionStats
    from packlight.sessionfile import SessionFile, iter_sessions, read_session, write_session
    from packlight.store import SessionStore, open_store
    from packlight.stored_session import StoredSession
    from packlight.tokens import (
        CalibratedCounter,
        Calibration,
        EstimateCounter,
        ExactCounter,
        TokenCounter,
        TranscriptCounter,
    )
    from packlight.wrappers import wrap

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "MemoryArchive": "packlight.archive",
    "Artifact": "packlight.artifacts",
    "Budget": "packlight.budget",
    "BudgetPolicy": "packlight.budget",
    "compaction_threshold": "packlight.budget",
    "ContextCompressor": "packlight.compressor.engine",
    "CompactionWorkers": "packlight.compressor.workers",
    "Settings": "packlight.config",
    "load_settings": "packlight.config",
    "InstructionFile": "packlight.context_files",
    "InstructionFinding": "packlight.context_files",
    "ProjectInstructions": "packlight.context_files",
    "load_project_instructions": "packlight.context_files",
    "scan_instruction_text": "packlight.context_files",
    "CompressionResult": "packlight.engine",
    "ContextEngine": "packlight.engine",
    "Decision": "packlight.engine",
    "create_engine": "packlight.engine",
    "Format": "packlight.formats",
    "detect_format": "packlight.formats",
    "from_canonical": "packlight.formats",
    "to_canonical": "packlight.formats",
    "TokenReport": "packlight.inspection",
    "inspect_transcript": "packlight.inspection",
    "PACKLIGHT_KEY": "packlight.messages",
    "Message": "packlight.messages",
    "ToolCall": "packlight.messages",
    "ToolGroup": "packlight.messages",
    "Transcript": "packlight.messages",
    "is_summary": "packlight.messages",
    "message_text": "packlight.messages",
    "strip_packlight": "packlight.messages",
    "tool_calls_of": "packlight.messages",
    "tool_groups": "packlight.messages",
    "ModelInfo": "packlight.models",
    "ModelRegistry": "packlight.models",
    "RetrievalTools": "packlight.retrieval",
    "AsyncSession": "packlight.session",
    "Prepared": "packlight.session",
    "Session": "packlight.session",
    "SessionStats": "packlight.session",
    "SessionFile": "packlight.sessionfile",
    "iter_sessions": "packlight.sessionfile",
    "read_session": "packlight.sessionfile",
    "write_session": "packlight.sessionfile",
    "SessionStore": "packlight.store",
    "open_store": "packlight.store",
    "StoredSession": "packlight.stored_session",
    "CalibratedCounter": "packlight.tokens",
    "Calibration": "packlight.tokens",
    "EstimateCounter": "packlight.tokens",
    "ExactCounter": "packlight.tokens",
    "TokenCounter": "packlight.tokens",
    "TranscriptCounter": "packlight.tokens",
    "wrap": "packlight.wrappers",
}
"""Where each public name not imported above lives."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'packlight' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups find it without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "PACKLIGHT_KEY",
    "Artifact",
    "AsyncSession",
    "Budget",
    "BudgetPolicy",
    "CalibratedCounter",
    "Calibration",
    "CompactionWorkers",
    "CompressionResult",
    "ConfigError",
    "ContextCompressor",
    "ContextEngine",
    "ContextOverflowError",
    "Decision",
    "EstimateCounter",
    "ExactCounter",
    "Format",
    "InstructionFile",
    "InstructionFinding",
    "MemoryArchive",
    "Message",
    "MissingExtraError",
    "ModelInfo",
    "ModelRegistry",
    "PacklightError",
    "Prepared",
    "ProjectInstructions",
    "RetrievalTools",
    "RuntimeFailure",
    "Session",
    "SessionFile",
    "SessionStats",
    "SessionStore",
    "Settings",
    "StoredSession",
    "TokenCounter",
    "TokenReport",
    "ToolCall",
    "ToolGroup",
    "Transcript",
    "TranscriptCounter",
    "TranscriptError",
    "UserError",
    "__version__",
    "compaction_threshold",
    "create_engine",
    "detect_format",
    "from_canonical",
    "inspect_transcript",
    "is_summary",
    "iter_sessions",
    "load_project_instructions",
    "load_settings",
    "message_text",
    "open_store",
    "read_session",
    "scan_instruction_text",
    "strip_packlight",
    "to_canonical",
    "tool_calls_of",
    "tool_groups",
    "wrap",
    "write_session",
]
