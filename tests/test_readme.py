"""The README's two commands are the contract with a new user; these tests keep them true."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert block, "README must start with a sh code block"
    assert text.index("```sh") < 40, "the commands must come first"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_readme_starts_with_exactly_two_commands() -> None:
    assert readme_commands() == ["python3 ./dev.py demo", "python3 ./dev.py test"]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci


@pytest.mark.slow
def test_readme_demo_command_runs() -> None:
    # dev.py reuses the already-bootstrapped .venv (its install stamp matches), so this runs
    # the same code path a new user's second invocation does.
    completed = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "demo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "total tokens" in completed.stdout
    assert "## Active Task" in completed.stdout


def test_readme_library_example_runs() -> None:
    from packlight.cli.demo import example_path

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    library = text[text.index("## Library") :]
    block = re.search(r"```python\n(.*?)```", library, re.DOTALL)
    assert block, "README has a Python example under ## Library"
    code = block.group(1).replace('"session.json"', repr(str(example_path())))
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert "messages" in namespace  # the example reached the compaction branch


def test_readme_live_loop_examples_run() -> None:
    """The "Use it in your agent" snippets, against a loopback provider instead of the real
    ones (only the client constructors are pointed at it)."""
    import openai

    from packlight.cli.demo import example_path
    from packlight.sessionfile import read_session
    from tests.live.window_server import WindowServer

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Use it in your agent") : text.index("## Let a model write")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 2, "the section shows the wrapper and a hand-written loop"
    session = read_session(example_path())
    history = [m for m in session.messages[:12]]
    while history[-1]["role"] == "assistant":
        history.pop()
    with WindowServer(window=8192) as server:
        local = f'base_url="{server.openai_url}", api_key="x", max_retries=0'
        code = "\n".join(blocks)
        code = code.replace("openai.OpenAI()", f"openai.OpenAI({local})")
        code = code.replace(
            "anthropic.Anthropic()",
            f'anthropic.Anthropic(base_url="{server.anthropic_url}", api_key="x", max_retries=0)',
        )
        code = code.replace(
            'openai.OpenAI(base_url="http://127.0.0.1:8080/v1")', f"openai.OpenAI({local})"
        )
        bare = openai.OpenAI(base_url=server.openai_url, api_key="x", max_retries=0)
        namespace: dict[str, object] = {
            "history": history,
            "tools": session.tools,
            "client_without_packlight": bare,
        }
        try:
            exec(compile(code, "README.md", "exec"), namespace)
        finally:
            bare.close()
        assert [seen.outcome for seen in server.requests] == ["ok", "ok"]
