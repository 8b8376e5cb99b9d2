"""``packlight compress`` with the LLM summarizer, against a scripted loopback provider."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packlight.cli.compress_cmd import EXIT_SUMMARIZER_ABORTED
from packlight.cli.demo import example_path
from tests.cli.test_inspect import run_cli
from tests.summarizers.scripted_server import ScriptedServer

KEY = "sk-test-cli-KEY-0123456789abcdef"
ANSWER = "## Key Decisions\n- Kept the ORM query unchanged and split terms once.\n"


def _compress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, str, str, Path]:
    out = tmp_path / "out.json"
    code, stdout, stderr = run_cli(
        [
            "compress",
            str(example_path()),
            "--context-window",
            "32000",
            "--model",
            "gpt-4o",
            "-o",
            str(out),
            "--report",
            "json",
            *extra,
        ],
        capsys,
    )
    return code, stdout, stderr, out


def test_llm_summarizer_from_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with ScriptedServer("ok", ok_text=ANSWER) as server:
        code, stdout, _, out = _compress(
            tmp_path,
            capsys,
            "--summarizer",
            "llm",
            "--summary-model",
            "tiny-summary",
            "--summary-base-url",
            server.openai_url,
        )
    assert code == 0
    (round_one,) = json.loads(stdout)["rounds"]
    assert round_one["summarizer"] == "llm"
    assert server.requests[0]["model"] == "tiny-summary"
    written = json.loads(out.read_text(encoding="utf-8"))
    assert any(
        "Kept the ORM query unchanged" in (m.get("content") or "") for m in written["messages"]
    )


def test_environment_selects_the_llm_summarizer_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with ScriptedServer("ok", ok_text=ANSWER) as server:
        monkeypatch.setenv("PACKLIGHT_SUMMARY_MODEL", "env-summary")
        monkeypatch.setenv("PACKLIGHT_SUMMARY_BASE_URL", server.openai_url)
        monkeypatch.setenv("PACKLIGHT_SUMMARY_API_KEY", KEY)
        code, stdout, _, _ = _compress(tmp_path, capsys, "--no-store")
    assert code == 0
    assert json.loads(stdout)["rounds"][0]["summarizer"] == "llm"
    assert server.headers[0]["authorization"] == f"Bearer {KEY}"


def test_deterministic_flag_wins_over_a_configured_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PACKLIGHT_SUMMARY_MODEL", "env-summary")
    monkeypatch.setenv("PACKLIGHT_SUMMARY_BASE_URL", "http://127.0.0.1:9/v1")
    code, stdout, _, _ = _compress(tmp_path, capsys, "--summarizer", "deterministic")
    assert code == 0
    assert json.loads(stdout)["rounds"][0]["summarizer"] == "deterministic"


@pytest.mark.parametrize("behaviour", ["401", "drop"])
def test_an_aborting_summarizer_writes_the_input_unchanged_and_exits_3(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    behaviour: str,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with ScriptedServer(behaviour) as server:  # type: ignore[arg-type]
        code, stdout, stderr, out = _compress(
            tmp_path,
            capsys,
            "--summary-model",
            "tiny-summary",
            "--summary-base-url",
            server.openai_url,
            "--rounds",
            "2",
        )
    assert code == EXIT_SUMMARIZER_ABORTED
    assert "wrote the input unchanged" in stderr
    assert KEY not in stderr
    assert KEY not in stdout
    original = json.loads(example_path().read_text(encoding="utf-8"))
    assert json.loads(out.read_text(encoding="utf-8"))["messages"] == original["messages"]
    (only,) = json.loads(stdout)["rounds"]
    assert only["aborted"]


def test_llm_without_any_model_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.json"
    code, _, stderr = run_cli(
        ["compress", str(example_path()), "--summarizer", "llm", "-o", str(out)], capsys
    )
    assert code == 2
    assert "summary.model" in stderr
    assert not out.exists()
