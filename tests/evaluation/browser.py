"""A real ``packlight eval`` report and a headless Chromium to look at it with.

Shared by the browser test of the report's charts and by the script that takes the
screenshot in the docs (``python -m tests.evaluation.screenshot``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from packlight.cli.demo import example_path
from packlight.cli.main import cli

TAU_SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "tau-bench-airline-sample.jsonl"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 900}


def chromium_missing() -> str | None:
    """Why the browser checks cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    return None


def build_report(
    out_dir: Path, sessions: Sequence[Path] | None = None, *, context_window: int = 6_000
) -> Path:
    """Run ``packlight eval`` against the offline peers and return the HTML report's path.

    By default on the bundled sessions, the mini-swe-agent example and the two tau-bench
    sessions, at a 6,000-token window: with no compaction, truncation and masking beside
    packlight, every system compacts, several keep every canary (lines at 100% on top of one
    another), and the token axis is long.
    """
    paths = list(sessions) if sessions is not None else [example_path(), TAU_SAMPLE]
    arguments = [
        "eval",
        *(str(path) for path in paths),
        "--context-window",
        str(context_window),
        "--peers",
        "none,truncation,masking",
        "--rounds",
        "5",
        "--out",
        str(out_dir),
        "--no-progress",
    ]
    result = CliRunner().invoke(cli, arguments)
    if result.exit_code != 0:
        raise RuntimeError(f"packlight eval failed ({result.exit_code}):\n{result.output}")
    return out_dir / "report.html"


@contextmanager
def chromium_page() -> Iterator[Any]:
    """A Playwright page in headless Chromium at a 1280-pixel-wide viewport."""
    from playwright.sync_api import sync_playwright

    executable = CHROMIUM if CHROMIUM.exists() else Path(shutil.which("chromium") or CHROMIUM)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport=VIEWPORT)
        finally:
            browser.close()
