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
    block = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert block, "README has a Python example"
    code = block.group(1).replace('"session.json"', repr(str(example_path())))
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert "messages" in namespace  # the example reached the compaction branch
