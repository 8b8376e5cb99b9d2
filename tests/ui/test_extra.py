"""The ``ui`` extra is optional: nothing imports it until the inspector is built, and its
absence is named with the install command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import packlight.ui
from packlight.cli.main import main
from packlight.store.sqlite import SQLiteStore


def test_importing_packlight_and_its_cli_loads_no_web_framework() -> None:
    code = (
        "import sys, packlight, packlight.ui, packlight.ui.turns, packlight.ui.chart, "
        "packlight.cli.main; "
        "print(sorted(m for m in ('starlette', 'jinja2', 'uvicorn') if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == "[]"


@pytest.mark.parametrize("missing", ["jinja2", "starlette.applications"])
def test_building_the_app_without_the_extra_names_it(
    missing: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delitem(sys.modules, "packlight.ui.app", raising=False)
    monkeypatch.setitem(sys.modules, missing, None)
    store = SQLiteStore(tmp_path / "s.db")
    with pytest.raises(packlight.MissingExtraError, match=r"pip install 'packlight\[ui\]'"):
        packlight.ui.create_app(store)
    store.close()


def test_the_command_without_the_extra_exits_2_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "packlight.ui.app", raising=False)
    monkeypatch.setitem(sys.modules, "jinja2", None)
    with pytest.raises(SystemExit) as exited:
        main(["ui"])
    assert exited.value.code == 2
    assert (
        "packlight ui needs an optional extra: pip install 'packlight[ui]'"
        in capsys.readouterr().err
    )
