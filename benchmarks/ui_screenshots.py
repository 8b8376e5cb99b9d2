"""Screenshots of the inspector's pages for docs/images/ (python benchmarks/ui_screenshots.py).

Fills a temporary store the way an agent does (tests/ui/stores.py: the bundled mini-swe-agent
run and two tau-bench sessions through packlight.Session with small windows), serves
``packlight ui``'s app on loopback and photographs each page with Debian's headless Chromium.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui.server import browser, serving  # noqa: E402
from tests.ui.stores import SWE_AGENT_ID, fill  # noqa: E402

from packlight.store.sqlite import SQLiteStore  # noqa: E402
from packlight.ui import create_app  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "packlight.db")
        fill(store)
        session = f"/sessions/{SWE_AGENT_ID}"
        with serving(create_app(store)) as base, browser() as chromium:
            page = chromium.new_page(viewport={"width": 1280, "height": 900})
            shots = {
                "ui-sessions.png": "/",
                "ui-session.png": session,
                "ui-compaction.png": f"{session}/compactions/2",
                "ui-archive.png": f"{session}/archive?q=Traceback",
            }
            for name, path in shots.items():
                page.goto(base + path)
                page.screenshot(path=str(IMAGES / name), full_page=name != "ui-session.png")
                print(f"wrote docs/images/{name}")
            page.goto(base + session)
            page.locator("a.citation[href*='lines=']").first.click()
            page.wait_for_load_state()
            page.screenshot(path=str(IMAGES / "ui-artifact.png"))
            print("wrote docs/images/ui-artifact.png")
        store.close()


if __name__ == "__main__":
    main()
