"""Engines are chosen by name through the ``packlight.engines`` entry-point group."""

from __future__ import annotations

import logging
import sys
import textwrap
from pathlib import Path

import pytest

from packlight.compressor.engine import ContextCompressor
from packlight.config import load_settings
from packlight.engine import available_engines, create_engine

PLUGIN = """
from packlight.compressor.engine import ContextCompressor

class TinyEngine(ContextCompressor):
    name = "tiny"

def broken(**options):
    raise RuntimeError("plugin exploded")

class NotAnEngine:
    def __init__(self, **options):
        pass
"""


@pytest.fixture
def installed_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real installed distribution (module + dist-info with entry points) on sys.path."""
    (tmp_path / "tiny_plugin.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    dist = tmp_path / "tiny_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[packlight.engines]\n"
        "tiny = tiny_plugin:TinyEngine\n"
        "broken = tiny_plugin:broken\n"
        "wrong = tiny_plugin:NotAnEngine\n"
        "missing = tiny_plugin_absent:Engine\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "tiny_plugin", raising=False)


def test_builtin_by_default() -> None:
    assert isinstance(create_engine(), ContextCompressor)
    assert type(create_engine("compressor")) is ContextCompressor


@pytest.mark.usefixtures("installed_plugin")
def test_plugin_selected_by_name_and_by_setting() -> None:
    assert "tiny" in available_engines()
    assert create_engine("tiny").name == "tiny"
    settings = load_settings({"context.engine": "tiny"})
    assert create_engine(settings=settings).name == "tiny"


@pytest.mark.usefixtures("installed_plugin")
@pytest.mark.parametrize("name", ["broken", "wrong", "missing", "not-installed"])
def test_bad_plugins_fall_back_with_a_warning(name: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="packlight.engine"):
        engine = create_engine(name)
    assert type(engine) is ContextCompressor
    assert any(name in record.getMessage() for record in caplog.records)
