"""Importing packlight imports no framework; an integration whose framework is missing names
the install command (each in a fresh interpreter, so that nothing is imported already)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# (integration module, the framework's top-level packages, the extra)
INTEGRATIONS = [
    ("langchain", ("langchain", "langchain_core", "langgraph"), "langchain"),
    ("openai_agents", ("agents",), "openai-agents"),
    ("pydantic_ai", ("pydantic_ai",), "pydantic-ai"),
]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=120,
    )


def test_importing_packlight_imports_no_framework() -> None:
    frameworks = tuple(name for _, packages, _ in INTEGRATIONS for name in packages)
    done = _python(
        "import sys, packlight, packlight.integrations\n"
        f"loaded = [n for n in sys.modules if n.split('.')[0] in {frameworks!r}]\n"
        "assert not loaded, loaded\n"
        "print('clean')"
    )
    assert done.stdout.strip() == "clean", done.stderr


@pytest.mark.parametrize(("module", "packages", "extra"), INTEGRATIONS)
def test_a_missing_framework_names_the_install_command(
    module: str, packages: tuple[str, ...], extra: str
) -> None:
    done = _python(
        "import sys\n"
        f"sys.modules[{packages[0]!r}] = None  # as if it were not installed\n"
        "import packlight\n"
        "try:\n"
        f"    import packlight.integrations.{module}\n"
        "except packlight.MissingExtraError as error:\n"
        "    print(error)\n"
        "else:\n"
        "    raise SystemExit('imported without its framework')\n"
    )
    assert done.returncode == 0, done.stderr
    assert f"pip install 'packlight[{extra}]'" in done.stdout
