from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from packlight.cli.demo import example_path
from packlight.cli.main import main
from packlight.tokens import ExactCounter


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


def test_inspect_json_on_the_bundled_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["inspect", str(example_path()), "--model", "gpt-4o", "--json"], capsys)
    assert code == 0
    report = json.loads(out)
    session = json.loads(example_path().read_text(encoding="utf-8"))
    assert report["messages"] == len(session["messages"])
    assert report["counter"] == "exact:o200k_base"
    assert report["context_window"] == 128_000
    assert report["threshold"] == 64_000
    assert report["by_role"]["tool"]["messages"] == sum(
        1 for m in session["messages"] if m["role"] == "tool"
    )
    assert report["by_tool"]["bash"]["calls"] == report["by_tool"]["bash"]["results"]
    assert sum(role["tokens"] for role in report["by_role"].values()) == report["message_tokens"]
    assert report["static_prefix_tokens"] >= report["tool_schema_tokens"] > 0
    assert report["largest"][0]["tokens"] >= report["largest"][-1]["tokens"]


def content_and_arguments_tokens(messages: list[dict[str, Any]]) -> int:
    counter = ExactCounter("o200k_base")
    total = 0
    for message in messages:
        total += counter.count_text(message.get("content") or "")
        for call in message.get("tool_calls") or []:
            total += counter.count_text(call["function"]["arguments"])
    return total


@pytest.mark.shared_data
def test_inspect_total_within_one_percent_of_exact_content_count(
    shared_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shared_data / "trajectories" / "mini-swe-agent" / "psf__requests-1142.json"
    code, out, _ = run_cli(["inspect", str(path), "--model", "gpt-4o", "--json"], capsys)
    assert code == 0
    reported = json.loads(out)["total_tokens"]
    exact = content_and_arguments_tokens(json.loads(path.read_text(encoding="utf-8"))["messages"])
    assert exact > 400_000
    assert abs(reported - exact) / exact < 0.01


def test_threshold_position_with_a_small_window(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        ["inspect", str(example_path()), "--context-window", "32000", "--json"], capsys
    )
    assert code == 0
    report = json.loads(out)
    assert report["threshold"] == 27_200
    assert report["over_threshold"] is (report["total_tokens"] >= 27_200)


def test_table_output_names_the_sections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["inspect", str(example_path()), "--model", "gpt-4o"], capsys)
    assert code == 0
    for heading in ("total tokens", "by role", "by tool", "largest messages", "threshold"):
        assert heading in out


def test_malformed_file_prints_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"role": "user", "content": 5}]), encoding="utf-8")
    code, out, err = run_cli(["inspect", str(path)], capsys)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "message 0" in lines[0]
    assert "'content'" in lines[0]


def test_invalid_setting_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PACKLIGHT_CONTEXT_THRESHOLD_FRACTION", "7")
    code, _, err = run_cli(["inspect", str(example_path())], capsys)
    assert code == 2
    assert "context.threshold_fraction" in err


def test_help_is_informative(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["--help"], capsys)
    assert code == 0
    for word in ("inspect", "demo", "PACKLIGHT_"):
        assert word in out
    code, out, _ = run_cli(["inspect", "--help"], capsys)
    assert code == 0
    for option in ("--model", "--context-window", "--json", "--session-index"):
        assert option in out
