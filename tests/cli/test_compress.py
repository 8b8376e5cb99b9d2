from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from packlight.cli.demo import example_path
from packlight.messages import CHECKPOINT_MARKER
from tests.cli.test_inspect import run_cli


def test_compress_writes_the_same_shape_and_reports_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.json"
    code, stdout, _ = run_cli(
        [
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "-o",
            str(out),
            "--report",
            "json",
        ],
        capsys,
    )
    assert code == 0
    report = json.loads(stdout)
    (round_one,) = report["rounds"]
    assert round_one["compacted"]
    assert round_one["fits"]
    assert round_one["after_tokens"] < report["threshold"] <= round_one["before_tokens"]
    assert {s["name"] for s in round_one["stages"]} >= {"prune", "boundaries", "checkpoint"}
    original = json.loads(example_path().read_text(encoding="utf-8"))
    written = json.loads(out.read_text(encoding="utf-8"))
    assert set(written) == set(original)  # same shape: id, source, license, tools, meta...
    assert written["meta"] == original["meta"]
    assert len(written["messages"]) == round_one["after_messages"]
    assert any(CHECKPOINT_MARKER in (m["content"] or "") for m in written["messages"])
    assert all("_packlight" not in m for m in written["messages"])  # sendable as is


def test_output_to_stdout_and_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, stderr = run_cli(
        [
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "-o",
            "-",
            "--rounds",
            "2",
            "--report",
            "json",
        ],
        capsys,
    )
    assert code == 0
    session = json.loads(stdout)
    assert "messages" in session
    report = json.loads(stderr)
    assert len(report["rounds"]) == 2
    assert report["rounds"][1]["compacted"] is False  # nothing left between head and tail
    assert "nothing to compact" in report["rounds"][1]["reason"]


def test_table_report_and_checkpoint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, stdout, _ = run_cli(
        [
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "-o",
            str(tmp_path / "o.json"),
            "--show-checkpoint",
        ],
        capsys,
    )
    assert code == 0
    for text in ("packlight compress", "what each stage did", "## Active Task", "wrote"):
        assert text in stdout


def test_malformed_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"role": "user", "content": "x"}, {"role": "tool"}]', encoding="utf-8")
    code, _, stderr = run_cli(["compress", str(bad)], capsys)
    assert code == 2
    assert "message 1" in stderr


def test_console_entry_point_runs_in_a_subprocess(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "packlight",
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "--report",
            "json",
            "-o",
            str(tmp_path / "o.json"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["rounds"][0]["fits"] is True
