"""The public API is declared once, in ``packlight.__all__``; this pins it."""

from __future__ import annotations

import subprocess
import sys

import packlight

EXPECTED = {
    "PACKLIGHT_KEY",
    "Budget",
    "BudgetPolicy",
    "CalibratedCounter",
    "Calibration",
    "ConfigError",
    "EstimateCounter",
    "ExactCounter",
    "Format",
    "Message",
    "MissingExtraError",
    "ModelInfo",
    "ModelRegistry",
    "PacklightError",
    "RuntimeFailure",
    "SessionFile",
    "Settings",
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
    "detect_format",
    "from_canonical",
    "inspect_transcript",
    "is_summary",
    "iter_sessions",
    "load_settings",
    "message_text",
    "read_session",
    "strip_packlight",
    "to_canonical",
    "tool_calls_of",
    "tool_groups",
    "write_session",
    "Artifact",
    "CompressionResult",
    "CompactionWorkers",
    "ContextCompressor",
    "ContextEngine",
    "Decision",
    "MemoryArchive",
    "RetrievalTools",
    "SessionStore",
    "StoredSession",
    "create_engine",
    "open_store",
    "AsyncSession",
    "ContextOverflowError",
    "Prepared",
    "Session",
    "SessionStats",
    "wrap",
    "InstructionFile",
    "InstructionFinding",
    "ProjectInstructions",
    "load_project_instructions",
    "scan_instruction_text",
}


def test_all_is_pinned_and_importable() -> None:
    assert set(packlight.__all__) == EXPECTED
    for name in packlight.__all__:
        assert hasattr(packlight, name), name


def test_exception_tree() -> None:
    assert issubclass(packlight.TranscriptError, packlight.UserError)
    assert issubclass(packlight.ConfigError, packlight.UserError)
    assert issubclass(packlight.UserError, packlight.PacklightError)
    assert issubclass(packlight.RuntimeFailure, packlight.PacklightError)
    assert issubclass(packlight.MissingExtraError, ImportError)


STORE_EXPECTED = {
    "CompactionEvent",
    "SearchHit",
    "SessionNotFoundError",
    "SessionRecord",
    "SessionRotatedError",
    "SessionStore",
    "StaleTranscriptError",
    "StoreError",
    "StoreKeyError",
    "StoreProtection",
    "StoredMessage",
    "new_store_key",
    "open_store",
}


def test_store_all_is_pinned_and_importable() -> None:
    import packlight.store

    assert set(packlight.store.__all__) == STORE_EXPECTED
    for name in packlight.store.__all__:
        assert hasattr(packlight.store, name), name
    for error in (
        "SessionNotFoundError",
        "SessionRotatedError",
        "StaleTranscriptError",
        "StoreKeyError",
    ):
        assert issubclass(getattr(packlight.store, error), packlight.store.StoreError), error


def test_import_is_cheap_and_names_load_on_first_use() -> None:
    """``import packlight`` loads no compressor, store or session module; naming one loads it."""
    probe = (
        "import sys, packlight\n"
        "heavy = [m for m in ('packlight.compressor.engine', 'packlight.store', "
        "'packlight.session', 'packlight.redact') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert packlight.Session.__module__ == 'packlight.session'\n"
        "assert 'packlight.session' in sys.modules\n"
        "from packlight import ContextCompressor, read_session\n"
        "assert callable(read_session) and ContextCompressor.__name__ == 'ContextCompressor'\n"
        "assert set(packlight.__all__) <= set(dir(packlight))\n"
        "try:\n"
        "    packlight.NoSuchName\n"
        "except AttributeError as exc:\n"
        "    assert 'NoSuchName' in str(exc)\n"
        "else:\n"
        "    raise AssertionError('an unknown name must raise AttributeError')\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
