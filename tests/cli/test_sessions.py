"""packlight compress records a session; sessions and archive commands read it back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from packlight.cli.demo import example_path
from packlight.cli.sessions_cmd import session_meta
from packlight.sessionfile import SessionFile
from tests.cli.test_inspect import run_cli
from tests.conftest import ROOT


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
    original = json.loads(example_path().read_text(encoding="utf-8"))
    assert json.dumps(json.loads(out)) == json.dumps(original)  # key order included
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


def test_unknown_session_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    compress_and_record(tmp_path, capsys)  # the store exists, the session does not
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
    artifacts = store.list_artifacts(session_id)
    store.close()
    before = len(artifacts)
    assert before > 10
    # A cap that holds the newest artifact (gc removes the oldest first) but not all of them.
    cap = max(len(artifacts[-1].content.encode()), 20_000)
    assert sum(len(a.content.encode()) for a in artifacts) > cap

    code, _, err = run_cli(["archive", "gc"], capsys)
    assert code == 2
    assert "--max-bytes" in err
    code, out, _ = run_cli(["archive", "gc", "--max-bytes", "0", "--dry-run"], capsys)
    assert code == 0
    assert f"would remove {before} artifacts" in out
    code, out, _ = run_cli(["archive", "gc", "--max-bytes", str(cap)], capsys)
    assert code == 0
    store = open_store()
    kept = store.list_artifacts(session_id)
    store.close()
    assert 0 < len(kept) < before
    assert sum(len(a.content.encode()) for a in kept) <= cap
    code, out, _ = run_cli(["archive", "gc", "--ttl-days", "0"], capsys)
    assert code == 0
    store = open_store()
    assert store.list_artifacts(session_id) == []
    store.close()


def test_export_help_and_docs_say_how_the_original_is_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(["sessions", "export", "--help"], capsys)
    assert code == 0
    doc = (ROOT / "docs" / "sessions.md").read_text(encoding="utf-8")
    for text in (" ".join(out.split()), " ".join(doc.split())):
        assert "json.dumps(value, ensure_ascii=False)" in text
        assert "same keys in the same order" in text
    # The table of recorded meta keys is the one session_meta writes.
    documented = re.findall(r"^\| `(\w+)` \|", doc, re.MULTILINE)
    assert documented == list(session_meta(SessionFile(messages=[])))


def test_export_to_a_file_in_a_missing_directory_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    target = tmp_path / "missing" / "out.json"
    code, _, err = run_cli(["sessions", "export", session_id, "-o", str(target)], capsys)
    assert code == 2
    assert "cannot write" in err
    assert not target.exists()


def test_export_to_dash_prints_to_standard_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = compress_and_record(tmp_path, capsys)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["sessions", "export", session_id, "--original", "-o", "-"], capsys)
    assert code == 0
    assert not (tmp_path / "-").exists()
    original = json.loads(example_path().read_text(encoding="utf-8"))
    assert json.dumps(json.loads(out)) == json.dumps(original)


@pytest.mark.parametrize(
    "command",
    [
        ["sessions", "show", "s1"],
        ["sessions", "export", "s1", "--original"],
        ["sessions", "rm", "s1"],
        ["archive", "search", "error", "--session", "s1"],
        ["archive", "read", "a1", "--session", "s1"],
        ["archive", "gc", "--ttl-days", "3"],
    ],
)
def test_reading_a_store_that_is_not_there_exits_2_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    store = tmp_path / "typo" / "packlight.db"
    code, _, err = run_cli([*command, "--store", str(store)], capsys)
    assert code == 2
    assert f"no store at {store}" in err
    assert list(tmp_path.iterdir()) == []


def test_listing_a_store_that_is_not_there_lists_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "never-written.db"
    code, out, _ = run_cli(["sessions", "list", "--json", "--store", str(store)], capsys)
    assert code == 0
    assert json.loads(out) == []
    assert not store.exists()
