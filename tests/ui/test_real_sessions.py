"""Over more real sessions: the inspector follows a session as it grows, and every citation in
every checkpoint the engine wrote opens lines that exist."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import packlight
from packlight.cli.demo import example_path
from packlight.store.sqlite import SQLiteStore
from packlight.ui import create_app
from packlight.ui.checkpoints import citations
from tests.ui.stores import replay


def test_the_pages_follow_a_session_as_it_grows(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    run = packlight.read_session(example_path())
    messages, tools = [dict(m) for m in run.messages], [dict(t) for t in run.tools]
    session = packlight.Session(
        model="gpt-4o", context_window=8192, store=store, session_id="growing"
    )
    with TestClient(create_app(store)) as client:
        seen = []
        for index, message in enumerate(messages):
            if message.get("role") == "assistant" and index > 0:
                session.prepare(messages[:index], tools, max_tokens=512)
                if index % 10 == 1:
                    view = client.get("/api/sessions/growing").json()
                    listed = client.get("/api/sessions").json()["sessions"][0]
                    events = store.compaction_events("growing")
                    assert len(view["compactions"]) == len(events) == listed["compactions"]
                    assert listed["tokens"] == sum(
                        r.tokens or 0 for r in store.active_messages("growing")
                    )
                    seen.append(view["turns"])
    assert seen == sorted(seen)
    assert len(set(seen)) == len(seen)
    store.close()


def cited_links_open(client: TestClient, session_id: str, text: str) -> int:
    """Check every citation of ``text`` through the API; returns how many there were."""
    found = citations(text)
    for citation in found:
        url = f"/api/sessions/{session_id}/artifacts/{citation.artifact_id}"
        if citation.first_line is None:
            assert client.get(url).status_code == 200, citation.text
            continue
        assert citation.last_line is not None
        count = citation.last_line - citation.first_line + 1
        window = client.get(f"{url}?start={citation.first_line}&count={count}").json()
        assert len(window["lines"]) == count, citation.text
        page = client.get(
            f"/sessions/{session_id}/artifacts/{citation.artifact_id}",
            params={"lines": f"{citation.first_line}-{citation.last_line}"},
        )
        assert page.text.count('class="cited"') == count, citation.text
    return len(found)


@pytest.mark.shared_data
def test_every_citation_in_every_checkpoint_opens_existing_lines(
    shared_data: Path, tmp_path: Path
) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    files = sorted((shared_data / "trajectories" / "mini-swe-agent").glob("*.json"))
    checked = 0
    with TestClient(create_app(store)) as client:
        for path in itertools.islice(files, 4):
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            session = packlight.read_session(path)
            compacted = replay(
                store,
                path.stem,
                [dict(m) for m in session.messages],
                [dict(t) for t in session.tools],
                window=8192,
            )
            assert data["messages"]
            view = client.get(f"/api/sessions/{path.stem}").json()
            assert [c["turn"] for c in view["compactions"]] == compacted
            html = client.get(f"/sessions/{path.stem}").text
            assert html.count('class="compaction-marker"') == len(compacted)
            for index in range(1, len(compacted) + 1):
                diff = client.get(f"/api/sessions/{path.stem}/compactions/{index}").json()
                text = diff["checkpoint"] or ""
                checked += cited_links_open(client, path.stem, text)
    assert checked > 20
    store.close()


def test_a_recovery_from_a_provider_overflow_is_marked_in_the_timeline(tmp_path: Path) -> None:
    from tests.test_session import context_exceeded

    store = SQLiteStore(tmp_path / "s.db")
    run = packlight.read_session(example_path())
    history = [dict(m) for m in run.messages][:40]
    session = packlight.Session(model="gpt-4o", store=store, session_id="overflowed")
    prepared = session.prepare(history, [dict(t) for t in run.tools])
    assert not prepared.compacted
    retry = session.recover(context_exceeded(8192, prepared.estimate), history)
    assert retry.compacted
    with TestClient(create_app(store)) as client:
        view = client.get("/api/sessions/overflowed").json()
        assert [c["trigger"] for c in view["compactions"]] == ["recovery"]
        page = client.get("/sessions/overflowed").text
        assert "recovered from a provider overflow" in page
        assert page.count('class="compaction-marker"') == 1
    store.close()


def test_a_rotated_lineage_links_parent_and_child(tmp_path: Path) -> None:
    """Rotation ends the session and continues it in a child that starts from the compacted
    transcript: the parent shows its compaction, the child its lineage and no false turn."""
    from packlight.stored_session import StoredSession

    store = SQLiteStore(tmp_path / "s.db")
    run = packlight.read_session(example_path())
    messages = [dict(m) for m in run.messages]
    stored = StoredSession.create(
        store, model="gpt-4o", messages=messages[:30], in_place=False, context_window=16_000
    )
    parent = stored.session_id
    result = stored.compact(force=True)
    assert result.compacted
    child = stored.session_id
    assert child != parent
    stored.append(messages[30:40])
    with TestClient(create_app(store)) as client:
        parent_view = client.get(f"/api/sessions/{parent}").json()
        child_view = client.get(f"/api/sessions/{child}").json()
        assert parent_view["children"] == [child]
        assert child_view["lineage"] == [parent, child]
        assert len(parent_view["compactions"]) == 1
        assert child_view["compactions"] == []
        appended_answers = sum(1 for m in messages[30:40] if m["role"] == "assistant")
        assert child_view["turns"] == appended_answers
        assert child_view["checkpoint"]  # the child starts from the checkpoint
        page = client.get(f"/sessions/{child}").text
        assert f'href="/sessions/{parent}"' in page
    store.close()
