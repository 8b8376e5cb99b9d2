from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from packlight.cli.main import cli
from packlight.errors import UserError
from tests.cli.test_inspect import run_cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_eval_writes_the_three_reports(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(
        cli,
        [
            "eval",
            str(FIXTURES / "*.jsonl"),
            "--context-window",
            "6000",
            "--peers",
            "truncation,masking",
            "--rounds",
            "2",
            "--seed",
            "3",
            "--out",
            str(out),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json", "report.md"]
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert [p["name"] for p in report["peers"]] == ["packlight", "truncation", "masking"]
    assert report["config"]["rounds"] == 2
    assert report["config"]["seed"] == 3
    assert len(report["trajectories"]) == 2
    assert "probe retention" in result.output


def test_peers_none_runs_packlight_alone(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["eval", str(FIXTURES), "--peers", "none", "--rounds", "1", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [p["name"] for p in report["peers"]] == ["packlight"]


def test_unknown_peer_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(
        ["eval", str(FIXTURES), "--peers", "nosuch", "--out", str(tmp_path)], capsys
    )
    assert code == 2
    assert "unknown peer(s) nosuch" in err


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "nothing-*.json")])
    assert isinstance(result.exception, UserError)
    assert "no such file" in str(result.exception)


def test_documented_options_exist() -> None:
    """docs/eval.md and the README name only options `packlight eval --help` lists."""
    import re

    from tests.conftest import ROOT

    help_text = CliRunner().invoke(cli, ["eval", "--help"]).output
    for doc in (ROOT / "docs" / "eval.md", ROOT / "README.md"):
        text = doc.read_text(encoding="utf-8")
        commands = [line for line in text.splitlines() if line.startswith("packlight eval")]
        assert commands, doc
        for option in re.findall(r"(?<![\w-])--[a-z][a-z-]+", "\n".join(commands)):
            assert option in help_text, f"{doc.name}: {option} is not an eval option"
    table = (ROOT / "docs" / "eval.md").read_text(encoding="utf-8")
    for option in re.findall(r"^\| `(--[a-z-]+)`", table, re.MULTILINE):
        assert option in help_text, option
