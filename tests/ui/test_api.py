"""The inspector's JSON API and pages over a store filled by real compactions (Starlette's
TestClient: the app in-process, through its HTTP interface)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from packlight.messages import message_text
from packlight.ui import create_app
from tests.ui.conftest import Filled
from tests.ui.stores import SWE_AGENT_ID, TAU_BENCH_IDS

ALL_IDS = {SWE_AGENT_ID, *TAU_BENCH_IDS}


@pytest.fixture(scope="module")
def client(filled: Filled) -> Iterator[TestClient]:
    with TestClient(create_app(filled.store)) as running:
        yield running


def get_json(client: TestClient, url: str, status: int = 200) -> Any:
    response = client.get(url)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response.json()


def test_the_sessions_list_holds_every_stored_session_with_its_numbers(
    client: TestClient, filled: Filled
) -> None:
    listed = get_json(client, "/api/sessions")
    assert listed["total"] == 3
    by_id = {s["id"]: s for s in listed["sessions"]}
    assert set(by_id) == ALL_IDS
    for session_id, summary in by_id.items():
        events = filled.store.compaction_events(session_id)
        active = filled.store.active_messages(session_id)
        assert summary["compactions"] == len(events) >= 2
        assert summary["tokens"] == sum(row.tokens or 0 for row in active)
        assert summary["active_messages"] == len(active)
        assert summary["model"] == "gpt-4o"
        assert summary["store_bytes"] > 0


def test_the_sessions_list_searches_filters_sorts_and_pages(client: TestClient) -> None:
    assert {s["id"] for s in get_json(client, "/api/sessions?q=TAU airline")["sessions"]} == set(
        TAU_BENCH_IDS
    )
    by_tokens = get_json(client, "/api/sessions?sort=tokens&order=asc")["sessions"]
    tokens = [s["tokens"] for s in by_tokens]
    assert tokens == sorted(tokens)
    most = max(s["compactions"] for s in by_tokens)
    busiest = get_json(client, f"/api/sessions?min_compactions={most}")["sessions"]
    assert busiest
    assert all(s["compactions"] == most for s in busiest)
    assert len(busiest) < 3
    assert get_json(client, "/api/sessions?model=claude-3")["total"] == 0
    assert get_json(client, "/api/sessions?since=2999-01-01")["total"] == 0
    small = min(s["store_bytes"] for s in by_tokens)
    assert get_json(client, f"/api/sessions?min_size={small + 1}")["total"] == 2
    pages = [get_json(client, f"/api/sessions?sort=id&limit=1&offset={n}") for n in range(3)]
    assert [p["total"] for p in pages] == [3, 3, 3]
    assert [p["sessions"][0]["id"] for p in pages] == sorted(ALL_IDS, reverse=True)


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("sort=size", "sort"),
        ("limit=0", "limit"),
        ("offset=-1", "offset"),
        ("min_tokens=lots", "min_tokens"),
        ("since=yesterday", "since"),
        ("order=up", "order"),
    ],
)
def test_a_bad_list_parameter_is_a_400_naming_it(
    client: TestClient, query: str, named: str
) -> None:
    error = get_json(client, f"/api/sessions?{query}", status=400)["error"]
    assert named in error


def test_the_chart_data_puts_one_marker_at_each_call_a_compaction_prepared(
    client: TestClient, filled: Filled
) -> None:
    for session_id in ALL_IDS:
        view = get_json(client, f"/api/sessions/{session_id}")
        events = filled.store.compaction_events(session_id)
        assert [c["id"] for c in view["compactions"]] == [e.id for e in events]
        # Which call each compaction prepared is known from the replay itself.
        assert [c["turn"] for c in view["compactions"]] == filled.compacted[session_id]
        for compaction, event in zip(view["compactions"], events, strict=True):
            assert compaction["tokens_after"] < compaction["tokens_before"]
            assert compaction["stages"] == list(event.meta["stages"])
        assert view["context_window"] == events[-1].meta["context_window"]
        assert view["threshold"] == events[-1].meta["threshold"]
        turns = get_json(client, f"/api/sessions/{session_id}/turns?limit=5000")
        assert turns["total"] == view["turns"] == len(turns["turns"])
        numbers = [t["turn"] for t in turns["turns"]]
        assert numbers == list(range(1, len(numbers) + 1))


def test_the_turns_of_the_swe_agent_run_are_the_views_it_was_sent(
    client: TestClient, filled: Filled
) -> None:
    """Before the first compaction, each call's input is every message before it."""
    turns = get_json(client, f"/api/sessions/{SWE_AGENT_ID}/turns")["turns"]
    rows = filled.store.all_messages(SWE_AGENT_ID)
    first_compaction = filled.compacted[SWE_AGENT_ID][0]
    for turn in turns[: first_compaction - 1]:
        expected = sum(r.tokens or 0 for r in rows if r.position < turn["position"])
        assert turn["input_tokens"] == expected


def test_the_engine_state_shown_never_holds_the_artifact_key(client: TestClient) -> None:
    view = get_json(client, f"/api/sessions/{SWE_AGENT_ID}")
    assert "key" not in view["engine_state"]
    assert view["engine_state"]["compactions"] == len(view["compactions"])


def test_a_compaction_shows_what_it_removed_and_its_checkpoint_diff(
    client: TestClient, filled: Filled
) -> None:
    events = filled.store.compaction_events(SWE_AGENT_ID)
    rows = filled.store.all_messages(SWE_AGENT_ID)
    for index, event in enumerate(events, start=1):
        view = get_json(client, f"/api/sessions/{SWE_AGENT_ID}/compactions/{index}?limit=500")
        replaced = [r.position for r in rows if r.compaction_id == event.id]
        assert [c["position"] for c in view["changes"]] == replaced
        assert view["changes_total"] == len(replaced)
        assert "summarized" in {c["kind"] for c in view["changes"]}
        kinds = {line["kind"] for line in view["checkpoint_diff"] if line is not None}
        assert "added" in kinds
        if index == 1:
            assert kinds == {"added"}
    second = get_json(client, f"/api/sessions/{SWE_AGENT_ID}/compactions/2?limit=2&offset=1")
    assert len(second["changes"]) == 2
    assert second["offset"] == 1


def test_artifact_lines_come_a_window_at_a_time_and_raw_streams_it_whole(
    client: TestClient, filled: Filled
) -> None:
    artifact = max(filled.store.list_artifacts(SWE_AGENT_ID), key=lambda a: a.line_count)
    lines = artifact.content.split("\n")
    url = f"/api/sessions/{SWE_AGENT_ID}/artifacts/{artifact.id}"
    window = get_json(client, f"{url}?start=3&count=5")
    assert window["lines"] == lines[2:7]
    assert window["next_start"] == 8
    assert window["artifact"]["lines"] == len(lines)
    tail = get_json(client, f"{url}?start={len(lines) - 1}&count=50")
    assert tail["lines"] == lines[-2:]
    assert tail["next_start"] is None
    raw = client.get(f"{url}/raw")
    assert raw.status_code == 200
    assert raw.text == artifact.content
    assert "count" in get_json(client, f"{url}?count=0", status=400)["error"]
    listed = get_json(client, f"/api/sessions/{SWE_AGENT_ID}/artifacts?limit=500")
    assert listed["total"] == len(filled.store.list_artifacts(SWE_AGENT_ID))


def test_the_archive_search_finds_what_only_an_archived_tool_output_holds(
    client: TestClient, filled: Filled
) -> None:
    phrase, artifact_id = archived_only_phrase(filled)
    hits = get_json(client, f"/api/sessions/{SWE_AGENT_ID}/search?q={phrase}&limit=100")["hits"]
    hit = next(h for h in hits if h["artifact_id"] == artifact_id)
    assert hit["kind"] == "tool_result"
    page = client.get(f"/sessions/{SWE_AGENT_ID}/archive", params={"q": phrase})
    assert page.status_code == 200
    assert f"/artifacts/{artifact_id}?lines={hit['line']}" in page.text
    assert "q" in get_json(client, f"/api/sessions/{SWE_AGENT_ID}/search", status=400)["error"]


def archived_only_phrase(filled: Filled) -> tuple[str, str]:
    """Three words of an archived tool output that the active transcript does not hold
    together (only the archive can answer for them), and that output's artifact id."""
    active = "\n".join(message_text(r.message) for r in filled.store.active_messages(SWE_AGENT_ID))
    for artifact in filled.store.list_artifacts(SWE_AGENT_ID):
        if artifact.kind != "tool_result":
            continue
        for line in artifact.content.splitlines():
            words = re.findall(r"[A-Za-z_]{5,}", line)[:3]
            if len(words) == 3 and not all(w in active for w in words):
                return " ".join(words), artifact.id
    raise AssertionError("no archived tool output holds words the transcript lost")


@pytest.mark.parametrize(
    "url",
    [
        "/sessions/no-such-session",
        f"/sessions/{SWE_AGENT_ID}/compactions/99",
        f"/sessions/{SWE_AGENT_ID}/artifacts/anosuchartifact000",
        f"/sessions/{SWE_AGENT_ID}/archive-nope",
        "/no/such/page",
    ],
)
def test_unknown_ids_are_a_404_page(client: TestClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Not found" in response.text or "Error 404" in response.text


@pytest.mark.parametrize(
    "url",
    [
        "/api/sessions/no-such-session",
        "/api/sessions/no-such-session/turns",
        f"/api/sessions/{SWE_AGENT_ID}/compactions/0",
        f"/api/sessions/{SWE_AGENT_ID}/artifacts/anosuchartifact000",
        f"/api/sessions/{SWE_AGENT_ID}/artifacts/anosuchartifact000/raw",
    ],
)
def test_unknown_ids_are_a_404_in_the_api(client: TestClient, url: str) -> None:
    assert "error" in get_json(client, url, status=404)


def test_an_artifact_is_only_readable_in_its_own_lineage(
    client: TestClient, filled: Filled
) -> None:
    artifact = filled.store.list_artifacts(SWE_AGENT_ID)[0]
    other = TAU_BENCH_IDS[0]
    get_json(client, f"/api/sessions/{other}/artifacts/{artifact.id}", status=404)
    assert client.get(f"/sessions/{other}/artifacts/{artifact.id}").status_code == 404


def test_every_page_renders_with_nothing_from_another_host(
    client: TestClient, filled: Filled
) -> None:
    artifact = filled.store.list_artifacts(SWE_AGENT_ID)[0]
    pages = [
        "/",
        f"/sessions/{SWE_AGENT_ID}",
        f"/sessions/{SWE_AGENT_ID}/compactions/1",
        f"/sessions/{SWE_AGENT_ID}/archive?q=error",
        f"/sessions/{SWE_AGENT_ID}/artifacts/{artifact.id}?lines=2-4",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert not re.search(r"""(src|href|action)=["']?(https?:)?//""", response.text), url
    for name in ("ui.css", "ui.js"):
        body = client.get(f"/static/{name}").text
        assert "http://" not in body
        assert "https://" not in body


def test_the_session_page_draws_one_marker_per_compaction_and_links_citations(
    client: TestClient, filled: Filled
) -> None:
    html = client.get(f"/sessions/{SWE_AGENT_ID}").text
    events = filled.store.compaction_events(SWE_AGENT_ID)
    assert html.count('class="compaction-marker"') == len(events)
    assert html.count('class="turn"') == get_json(client, f"/api/sessions/{SWE_AGENT_ID}")["turns"]
    cited = re.findall(r'class="citation" href="([^"]+)"', html)
    assert cited
    assert all(f"/sessions/{SWE_AGENT_ID}/artifacts/" in href for href in cited)


def test_the_pages_read_the_store_and_change_no_session(client: TestClient, filled: Filled) -> None:
    before = {s: filled.store.all_messages(s) for s in ALL_IDS}
    events = {s: filled.store.compaction_events(s) for s in ALL_IDS}
    for session_id in ALL_IDS:
        client.get(f"/sessions/{session_id}")
        client.get(f"/sessions/{session_id}/compactions/1")
        client.get(f"/sessions/{session_id}/archive?q=flight")
    assert {s: filled.store.all_messages(s) for s in ALL_IDS} == before
    assert {s: filled.store.compaction_events(s) for s in ALL_IDS} == events


def test_every_request_docs_ui_md_lists_answers(client: TestClient, filled: Filled) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "ui.md").read_text(encoding="utf-8")
    documented = re.findall(r"^\| `GET (/api/[^`]+)`", doc, flags=re.MULTILINE)
    assert len(documented) == 8
    artifact = filled.store.list_artifacts(SWE_AGENT_ID)[0]
    for template in documented:
        url = (
            template.replace("/ID", f"/{SWE_AGENT_ID}")
            .replace("/AID", f"/{artifact.id}")
            .replace("/N", "/1")
            .replace("q=WORDS", "q=error")
            .replace("q=&", "q=django&")
        )
        assert client.get(url).status_code == 200, url
