"""docs/testing.md names markers, variables and server flags; keep them the real ones."""

from __future__ import annotations

import re
import tomllib

from tests.conftest import ROOT

DOC = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")


def test_documented_markers_are_registered() -> None:
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    registered = {
        line.split(":", 1)[0] for line in pytest_options["tool"]["pytest"]["ini_options"]["markers"]
    }
    documented = set(re.findall(r'pytest[^\n]* -m "?(?:not )?(\w+)', DOC))
    assert documented
    assert documented <= registered


def test_documented_variables_are_read_by_the_code() -> None:
    code = "".join(
        (ROOT / path).read_text(encoding="utf-8")
        for path in ("dev.py", "tests/conftest.py", "tests/summarizers/llama_server.py")
    )
    documented = set(re.findall(r"PACKLIGHT_[A-Z_]+", DOC))
    assert documented
    assert {name for name in documented if name not in code} == set()


def test_documented_server_flags_are_the_ones_passed() -> None:
    launcher = (ROOT / "tests" / "summarizers" / "llama_server.py").read_text(encoding="utf-8")
    documented = set(re.findall(r"(--[a-z_]+) ", DOC.split("### The fixture", 1)[1][:600]))
    assert len(documented) >= 6
    assert {flag for flag in documented if f'"{flag}"' not in launcher} == set()
