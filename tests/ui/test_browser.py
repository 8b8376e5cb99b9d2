"""The inspector in a real browser: Debian's headless Chromium, driven by Playwright, over a
real uvicorn on loopback and the store filled by real compactions. Skipped, saying why, where
/usr/bin/chromium is missing (python3 dev.py test installs it when it can)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from packlight.ui import create_app
from packlight.ui.checkpoints import citations
from tests.ui.conftest import Filled
from tests.ui.server import browser, chromium_missing, serving
from tests.ui.stores import SWE_AGENT_ID, TAU_BENCH_IDS
from tests.ui.test_api import archived_only_phrase

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_missing() is not None, reason=chromium_missing() or ""),
]


@pytest.fixture(scope="module")
def site(filled: Filled) -> Iterator[tuple[str, Any]]:
    with serving(create_app(filled.store)) as base, browser() as chromium:
        page = chromium.new_page()
        # The page may reach this server and nothing else.
        outside: list[str] = []
        page.on(
            "request",
            lambda request: None if request.url.startswith(base) else outside.append(request.url),
        )
        yield base, page
        assert outside == []


def test_the_sessions_list_shows_every_session(site: tuple[str, Any]) -> None:
    base, page = site
    page.goto(f"{base}/")
    rows = page.locator("tr.session-row")
    assert sorted(rows.evaluate_all("rows => rows.map(r => r.dataset.session)")) == sorted(
        [SWE_AGENT_ID, *TAU_BENCH_IDS]
    )
    page.fill("input[name=q]", "tau")
    page.click("form.filters button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("tr.session-row").count() == 2
    page.click(f"text={TAU_BENCH_IDS[0]}")
    page.wait_for_load_state()
    assert page.url.endswith(f"/sessions/{TAU_BENCH_IDS[0]}")


@pytest.mark.parametrize("session_id", [SWE_AGENT_ID, *TAU_BENCH_IDS])
def test_the_chart_has_one_marker_per_recorded_compaction(
    site: tuple[str, Any], filled: Filled, session_id: str
) -> None:
    base, page = site
    page.goto(f"{base}/sessions/{session_id}")
    markers = page.locator("svg.token-chart .compaction-marker")
    assert markers.count() == len(filled.store.compaction_events(session_id))
    # Hovering a point says which turn it is.
    page.locator("svg.token-chart circle.turn").nth(2).hover()
    assert page.locator("#chart-info").inner_text().startswith("turn 3:")
    markers.first.hover()
    assert page.locator("#chart-info").inner_text().startswith("compaction 1 before turn")
    markers.first.click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/sessions/{session_id}/compactions/1")
    assert page.locator("tr.change").count() > 0


def test_clicking_a_citation_opens_the_cited_lines(site: tuple[str, Any], filled: Filled) -> None:
    base, page = site
    page.goto(f"{base}/sessions/{SWE_AGENT_ID}")
    link = page.locator(".checkpoint a.citation[href*='lines=']").first
    cited = citations(link.inner_text())[0]
    link.click()
    page.wait_for_load_state()
    assert f"/artifacts/{cited.artifact_id}" in page.url
    artifact = filled.store.get_artifact(SWE_AGENT_ID, cited.artifact_id)
    assert artifact is not None
    assert cited.first_line is not None
    assert cited.last_line is not None
    expected = artifact.content.split("\n")[cited.first_line - 1 : cited.last_line]
    shown = page.locator("tr.cited td.code").all_inner_texts()
    assert [line.rstrip("\n") for line in shown] == expected
    assert page.locator("tr.cited").first.get_attribute("id") == f"L{cited.first_line}"


def test_the_archive_search_finds_an_archived_tool_output(
    site: tuple[str, Any], filled: Filled
) -> None:
    base, page = site
    phrase, artifact_id = archived_only_phrase(filled)
    page.goto(f"{base}/sessions/{SWE_AGENT_ID}/archive")
    page.fill("form.search input[name=q]", phrase)
    page.click("form.search button")
    page.wait_for_load_state()
    hit = page.locator(f"li.hit a[href*='/artifacts/{artifact_id}']")
    assert hit.count() == 1
    hit.click()
    page.wait_for_load_state()
    cited = page.locator("tr.cited td.code").all_inner_texts()
    assert any(all(word in line for word in phrase.split()) for line in cited)


def test_load_more_fetches_the_next_lines_of_a_long_artifact(
    site: tuple[str, Any], filled: Filled
) -> None:
    base, page = site
    longest = max(filled.store.list_artifacts(SWE_AGENT_ID), key=lambda a: a.line_count)
    assert longest.line_count > 400  # the run archives a 654-line message
    page.goto(f"{base}/sessions/{SWE_AGENT_ID}/artifacts/{longest.id}")
    assert page.locator("table.lines tr").count() == 400
    page.click("#more-lines")
    page.wait_for_function("document.querySelectorAll('table.lines tr').length > 400")
    last = page.locator("table.lines tr").last
    lines = longest.content.split("\n")
    assert last.get_attribute("id") == f"L{min(800, len(lines))}"
    assert (
        re.sub(r"\n$", "", last.locator("td.code").inner_text()) == lines[min(800, len(lines)) - 1]
    )
