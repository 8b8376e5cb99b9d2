"""packlight keeps long-running LLM agents inside their context window without losing the thread.

The public API is what ``__all__`` lists; everything else is private and may change.
"""

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
from packlight.errors import (
    ConfigError,
    ContextOverflowError,
    MissingExtraError,
    PacklightError,
    RuntimeFailure,
    TranscriptError,
    UserError,
)
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
