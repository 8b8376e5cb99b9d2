"""The inspector's pure pieces: checkpoint sections, citations and diffs, a replay of rows
written by a real store, escaping."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from packlight.store.sqlite import SQLiteStore
from packlight.ui import create_app
from packlight.ui.checkpoints import checkpoint_diff, citations, sections
from packlight.ui.turns import token_history

CHECKPOINT = """[packlight checkpoint] Reference only.
## Task
Fix the failing test.
```text
## not a heading inside a fence
```
## Blocked
- First error: Traceback (artifact://aju7njm7g6gbdrnnsdjldqjhsu#L16)
- Output (artifact://atvo7gqnjolvnervuajwyog2qu#L3-L9) and artifact://a7wk6pqsrmgmdnariz4mkdq4zp
"""


def test_a_checkpoint_is_cut_at_its_headings_but_not_inside_code() -> None:
    found = sections(CHECKPOINT)
    assert [s.title for s in found] == ["", "Task", "Blocked"]
    assert "## not a heading inside a fence" in found[1].body
    assert found[0].body == "[packlight checkpoint] Reference only."


def test_citations_keep_their_line_ranges() -> None:
    found = [(c.artifact_id, c.first_line, c.last_line) for c in citations(CHECKPOINT)]
    assert found == [
        ("aju7njm7g6gbdrnnsdjldqjhsu", 16, 16),
        ("atvo7gqnjolvnervuajwyog2qu", 3, 9),
        ("a7wk6pqsrmgmdnariz4mkdq4zp", None, None),
    ]


def test_the_diff_shows_changed_lines_with_context_and_gaps() -> None:
    old = "\n".join(f"line {n}" for n in range(20))
    new = old.replace("line 3", "line three").replace("line 17", "line 17\nline 17b")
    diff = checkpoint_diff(old, new, context=1)
    changed = [(d.kind, d.text) for d in diff if d is not None and d.kind != "same"]
    assert changed == [("removed", "line 3"), ("added", "line three"), ("added", "line 17b")]
    assert None in diff  # the unchanged middle is left out
    assert checkpoint_diff("same", "same") == []


def test_a_session_without_compactions_has_turns_and_no_marker(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "user", "content": "more"},
        {"role": "assistant", "content": "sure"},
    ]
    store.create_session(session_id="plain", messages=messages, tokens=[10, 20, 30, 40])
    history = token_history(store.all_messages("plain"), store.compaction_events("plain"))
    assert [(t.number, t.input_tokens) for t in history.turns] == [(1, 10), (2, 60)]
    assert history.marks == []
    assert history.active_tokens == 100
    store.close()


def test_stored_text_is_escaped_in_every_page(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    hostile = "<script>alert(1)</script>"
    store.create_session(
        session_id="hostile",
        model=hostile,
        meta={"source": hostile},
        messages=[{"role": "user", "content": hostile}, {"role": "assistant", "content": "ok"}],
    )
    with TestClient(create_app(store)) as client:
        for url in ("/", "/sessions/hostile", "/?q=%3Cscript%3E"):
            page = client.get(url).text
            assert hostile not in page
        assert "&lt;script&gt;" in client.get("/").text
    store.close()


def test_links_to_a_session_whose_id_needs_quoting_open_it(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    awkward = "run 7 #2?x=1&y"
    store.create_session(
        session_id=awkward,
        messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "ok"}],
    )
    with TestClient(create_app(store)) as client:
        listing = client.get("/").text
        link = re.search(r'<a href="(/sessions/[^"]+)">', listing)
        assert link is not None
        page = client.get(html.unescape(link.group(1)))
        assert page.status_code == 200
        assert html.escape(awkward) in page.text
        archive = re.search(r'<a href="(/sessions/[^"]+/archive)">archive', page.text)
        assert archive is not None
        assert client.get(html.unescape(archive.group(1))).status_code == 200
    store.close()
