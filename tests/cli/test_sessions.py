"""packlight compress records a session; sessions and archive commands read it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packlight.cli.demo import example_path
from tests.cli.test_inspect import run_cli


def compress_and_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, _ = run_cli(
        [
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "-o",
            str(tmp_path / "out.json"),
            "--report",
            "json",
        ],
        capsys,
    )
    assert code == 0
    session_id = json.loads(out)["session"]
    assert session_id
    return str(session_id)


def test_export_original_gives_back_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    code, out, _ = run_cli(["sessions", "list", "--json"], capsys)
    assert code == 0
    assert session_id in [row["id"] for row in json.loads(out)]
    code, out, _ = run_cli(["sessions", "export", session_id, "--original"], capsys)
    assert code == 0
    assert json.loads(out) == json.loads(example_path().read_text(encoding="utf-8"))
    code, out, _ = run_cli(["sessions", "export", session_id], capsys)
    assert code == 0
    current = json.loads(out)
    compacted = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert current["messages"] == compacted["messages"]


def test_show_lists_the_compaction_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    code, out, _ = run_cli(["sessions", "show", session_id], capsys)
    assert code == 0
    shown = json.loads(out)
    (event,) = shown["compaction_events"]
    assert event["after_tokens"] < event["before_tokens"]
    assert "key" not in shown["engine_state"]  # the artifact key is never printed


def test_archive_search_and_read_find_what_was_compacted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    code, out, _ = run_cli(
        ["archive", "search", "ImproperlyConfigured", "--session", session_id], capsys
    )
    assert code == 0
    assert "artifact://" in out
    artifact_id = out.split("artifact://", 1)[1].split("#", 1)[0].split()[0]
    code, out, _ = run_cli(
        ["archive", "read", artifact_id, "--session", session_id, "--start", "1", "--end", "3"],
        capsys,
    )
    assert code == 0
    assert artifact_id in out


def test_unknown_session_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["sessions", "show", "nope"], capsys)
    assert code == 2
    assert "no session 'nope'" in err


def test_rm_and_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    code, out, _ = run_cli(["sessions", "path"], capsys)
    assert code == 0
    assert out.strip().endswith("packlight.db")
    code, _, _ = run_cli(["sessions", "rm", session_id], capsys)
    assert code == 0
    code, out, _ = run_cli(["sessions", "list", "--json"], capsys)
    assert session_id not in [row["id"] for row in json.loads(out)]


def test_archive_gc_enforces_byte_caps_and_ttl(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from packlight.store import open_store

    session_id = compress_and_record(tmp_path, capsys)
    store = open_store()
    before = len(store.list_artifacts(session_id))
    store.close()
    assert before > 10

    code, _, err = run_cli(["archive", "gc"], capsys)
    assert code == 2
    assert "--max-bytes" in err
    code, out, _ = run_cli(["archive", "gc", "--max-bytes", "0", "--dry-run"], capsys)
    assert code == 0
    assert f"would remove {before} artifacts" in out
    code, out, _ = run_cli(["archive", "gc", "--max-bytes", "20000"], capsys)
    assert code == 0
    store = open_store()
    kept = store.list_artifacts(session_id)
    store.close()
    assert 0 < len(kept) < before
    assert sum(len(a.content.encode()) for a in kept) <= 20_000
    code, out, _ = run_cli(["archive", "gc", "--ttl-days", "0"], capsys)
    assert code == 0
    store = open_store()
    assert store.list_artifacts(session_id) == []
    store.close()
