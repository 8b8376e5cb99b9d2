"""Take the screenshot of ``packlight eval``'s HTML report shown in the docs.

    .venv/bin/python -m tests.evaluation.screenshot          # writes docs/images/eval-report.png

The report is the one the browser test checks (:func:`tests.evaluation.browser.build_report`:
the bundled sessions against the offline peers), seen in headless Chromium at a 1280-pixel
viewport, from the top of the page to the end of the first canary chart: the overview table,
both token charts and one survival chart where several systems stay at 100%.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.evaluation.browser import build_report, chromium_missing, chromium_page

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "docs" / "images" / "eval-report.png"
CHARTS_SHOWN = 3
"""Two token charts and the first canary chart."""

BOTTOM_OF_CHART = "(n) => document.querySelectorAll('svg.line-chart')[n].getBoundingClientRect()"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="PNG file to write")
    out: Path = parser.parse_args(argv).out
    reason = chromium_missing()
    if reason is not None:
        print(f"cannot take the screenshot: {reason}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch, chromium_page() as page:
        page.goto(build_report(Path(scratch) / "report").as_uri())
        box = page.evaluate(BOTTOM_OF_CHART, CHARTS_SHOWN - 1)
        height = int(box["bottom"] + page.evaluate("window.scrollY")) + 24
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(out), full_page=True, clip={"x": 0, "y": 0, "width": 1280, "height": height}
        )
    print(f"wrote {out} (1280x{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
