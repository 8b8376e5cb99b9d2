"""The retrieval tools: every path, every bad call, isolation, bounds, and the bundled example."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from packlight.archive import MemoryArchive
from packlight.artifacts import Artifact, ArtifactKind, make_artifact
from packlight.cli.demo import example_path
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.identifiers import extract_identifiers
from packlight.config import load_settings
from packlight.errors import ConfigError
from packlight.messages import message_text
from packlight.retrieval import (
    TOOL_SCHEMAS,
    MemoryReader,
    RetrievalTools,
    StoreReader,
    cite,
)
from packlight.store.base import SearchHit, StoreError

KEY = b"k" * 32
CUT = re.compile(r"\[cut: [\d,]+ more chars; use context_read with a narrower range\]")


def artifact(content: str, kind: ArtifactKind = "tool_result", **meta: Any) -> Artifact:
    return make_artifact(KEY, kind, content, meta)


LOG = artifact(
    "\n".join(
        f"ERROR line {n}: failed to open /srv/app/config.yaml" if n % 50 == 0 else f"line {n} ok"
        for n in range(1, 301)
    ),
    tool="bash",
    call_id="call_1",
)
SMALL = artifact("alpha beta\ngamma Delta\nepsilon", tool="read_file")


@pytest.fixture
def archive() -> MemoryArchive:
    archive = MemoryArchive()
    archive.put(LOG)
    archive.put(SMALL)
    return archive


@pytest.fixture
def tools(archive: MemoryArchive) -> RetrievalTools:
    return RetrievalTools(MemoryReader(archive))


def assert_error(result: str) -> None:
    assert result.startswith("error: "), result
    assert "\n" not in result, "an error result is one paragraph"


# --- schemas and citations ----------------------------------------------------------------


def test_schemas_are_openai_function_tools() -> None:
    names = [schema["function"]["name"] for schema in TOOL_SCHEMAS]
    assert names == ["context_search", "context_read", "context_grep", "context_expand"]
    for schema in TOOL_SCHEMAS:
        assert schema["type"] == "function"
        function = schema["function"]
        assert set(function) == {"name", "description", "parameters"}
        assert function["parameters"]["type"] == "object"
        assert set(function["parameters"]["required"]) <= set(function["parameters"]["properties"])
        assert "cut" in function["description"]  # says results are bounded
    read = TOOL_SCHEMAS[1]["function"]
    assert "artifact://" in read["description"]
    assert "#L3-L9" in read["description"]
    json.dumps(TOOL_SCHEMAS)  # serialisable as sent to a provider


def test_schemas_are_copies_with_the_instance_limits(tools: RetrievalTools) -> None:
    first = tools.schemas()
    first[0]["function"]["name"] = "changed"
    assert tools.schemas()[0]["function"]["name"] == "context_search"
    custom = RetrievalTools(MemoryReader(MemoryArchive()), max_result_chars=5_000)
    assert "5,000 characters" in custom.schemas()[1]["function"]["description"]


def test_cite() -> None:
    assert cite("abc") == "artifact://abc"
    assert cite("abc", 3) == "artifact://abc#L3"
    assert cite("abc", 3, 9) == "artifact://abc#L3-L9"


@pytest.mark.parametrize(
    "options",
    [
        {"max_result_chars": 10},
        {"max_result_chars": True},
        {"grep_timeout_seconds": 0},
        {"grep_timeout_seconds": "1"},
        {"max_pattern_chars": 0},
    ],
)
def test_invalid_limits_are_config_errors(options: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        RetrievalTools(MemoryReader(MemoryArchive()), **options)


# --- context_read -------------------------------------------------------------------------


def test_read_whole_artifact(tools: RetrievalTools) -> None:
    result = tools.handle("context_read", {"id": SMALL.id})
    lines = result.split("\n")
    assert lines[0] == f"artifact://{SMALL.id} lines 1-3 of 3 (tool_result, tool=read_file)"
    assert lines[1:] == ["1| alpha beta", "2| gamma Delta", "3| epsilon"]


def test_read_range_and_json_string_arguments(tools: RetrievalTools) -> None:
    result = tools.handle(
        "context_read", json.dumps({"id": LOG.uri, "start_line": 49, "end_line": 51})
    )
    assert result.split("\n")[0].startswith(f"{LOG.uri} lines 49-51 of 300 (tool_result")
    assert result.split("\n")[1:] == [
        "49| line 49 ok",
        "50| ERROR line 50: failed to open /srv/app/config.yaml",
        "51| line 51 ok",
    ]


@pytest.mark.parametrize(
    ("given", "first", "last"),
    [
        ("artifact://{id}#L3-L9", 3, 9),
        ("artifact://{id}#L3-9", 3, 9),
        ("{id}#L3-L9", 3, 9),
        ("`artifact://{id}#L3-L9`.", 3, 9),  # copied with backticks and a full stop
        ("artifact://{id}#L57", 52, 77),  # one cited line: shown with context around it
        ("artifact://{id}#L2", 1, 22),
    ],
)
def test_read_takes_the_range_from_a_citation(
    tools: RetrievalTools, given: str, first: int, last: int
) -> None:
    result = tools.handle("context_read", {"id": given.format(id=LOG.id)})
    assert result.startswith(f"{LOG.uri} lines {first}-{last} of 300")
    assert result.split("\n")[1].startswith(f"{first}| ")
    assert result.split("\n")[-1].startswith(f"{last}| ")


def test_explicit_lines_win_over_the_citation(tools: RetrievalTools) -> None:
    result = tools.handle("context_read", {"id": f"{LOG.uri}#L3-L9", "start_line": 10})
    assert result.startswith(f"{LOG.uri} lines 10-300 of 300")
    result = tools.handle("context_read", {"id": f"{LOG.uri}#L3-L9", "end_line": 2})
    assert result.startswith(f"{LOG.uri} lines 1-2 of 300")


def test_lenient_number_forms(tools: RetrievalTools) -> None:
    as_text = tools.handle("context_read", {"id": LOG.id, "start_line": "4", "end_line": 5.0})
    assert as_text.startswith(f"{LOG.uri} lines 4-5 of 300")


def test_read_clips_a_range_past_the_end_and_says_so(tools: RetrievalTools) -> None:
    result = tools.handle("context_read", {"id": SMALL.id, "start_line": 2, "end_line": 10**9})
    assert result.startswith(f"{SMALL.uri} lines 2-3 of 3")
    assert "ends at line 3" in result


def test_read_of_a_huge_range_is_cut_and_says_where_to_continue() -> None:
    big = artifact("\n".join(f"row {n} " + "x" * 80 for n in range(1, 5_001)))
    archive = MemoryArchive()
    archive.put(big)
    tools = RetrievalTools(MemoryReader(archive), max_result_chars=2_000)
    result = tools.handle("context_read", {"id": big.id, "start_line": 1, "end_line": 10**12})
    assert len(result) <= 2_000
    assert CUT.search(result)
    header = result.split("\n")[0]
    last = int(re.match(rf"{big.uri} lines 1-(\d+) of 5,000", header).group(1))  # type: ignore[union-attr]
    assert "asked for lines up to 1,000,000,000,000" in result.split("\n")[1]
    assert result.split("\n")[last + 1].startswith(f"{last}| row {last} ")
    assert f"start_line={last + 1}, end_line=5000" in result
    more = int(CUT.search(result).group(0).split()[1].replace(",", ""))  # type: ignore[union-attr]
    rendered_rest = sum(len(f"{n}| row {n} " + "x" * 80) + 1 for n in range(last + 1, 5_001))
    assert more == rendered_rest


def test_read_of_one_giant_line_shows_its_start() -> None:
    giant = artifact("{" + "a" * 50_000 + "}")
    archive = MemoryArchive()
    archive.put(giant)
    tools = RetrievalTools(MemoryReader(archive), max_result_chars=3_000)
    result = tools.handle("context_read", {"id": giant.id})
    assert len(result) <= 3_000
    assert CUT.search(result)
    assert "line 1 alone is 50,002 chars" in result
    assert "1| {aaa" in result


def test_read_of_an_empty_artifact() -> None:
    empty = artifact("")
    archive = MemoryArchive()
    archive.put(empty)
    result = RetrievalTools(MemoryReader(archive)).handle("context_read", {"id": empty.id})
    assert result.startswith(f"{empty.uri} is empty")


# --- every bad call is an error result, never an exception --------------------------------

BAD_CALLS: list[tuple[str, Any, str]] = [
    ("context_read", "{not json", "not valid JSON"),
    ("context_read", "[1, 2]", "must be a JSON object"),
    ("context_read", 42, "must be a JSON object"),
    ("context_read", {}, "needs the argument 'id'"),
    ("context_read", {"id": 7}, "must be a string"),
    ("context_read", {"id": ""}, "not an artifact id"),
    ("context_read", {"id": "`artifact://`"}, "no artifact 'artifact'"),
    ("context_read", {"id": "no spaces allowed"}, "not an artifact id"),
    ("context_read", {"id": "{log}", "start_line": "abc"}, "whole number"),
    ("context_read", {"id": "{log}", "start_line": [1]}, "whole number"),
    ("context_read", {"id": "{log}", "start_line": True}, "whole number"),
    ("context_read", {"id": "{log}", "end_line": 2.5}, "whole number"),
    ("context_read", {"id": "{log}", "start_line": 9, "end_line": 3}, "after end_line"),
    ("context_read", {"id": "{log}", "start_line": -4}, "start at 1"),
    ("context_read", {"id": "{log}", "start_line": 0}, "start at 1"),
    ("context_read", {"id": "{log}", "end_line": 0}, "start at 1"),
    ("context_read", {"id": "{log}", "start_line": 301}, "has 300 lines"),
    ("context_read", {"id": "artifact://{log}#L9-L3"}, "after end_line"),
    ("context_read", {"id": "artifact://{log}#lines3to9"}, "not understood"),
    ("context_read", {"id": "aunknownunknownunknownunkn"}, "no artifact"),
    ("context_read", {"id": "{log}", "start": 3}, "does not take 'start'"),
    ("context_search", {"query": ""}, "non-empty query"),
    ("context_search", {"query": "   "}, "non-empty query"),
    ("context_search", {}, "needs the argument 'query'"),
    ("context_search", {"query": ["a"]}, "must be a string"),
    ("context_search", {"query": "x" * 2_000}, "keep it under"),
    ("context_search", {"query": "ok", "limit": 0}, "from 1 to 50"),
    ("context_search", {"query": "ok", "limit": -3}, "from 1 to 50"),
    ("context_search", {"query": "ok", "limit": "many"}, "whole number"),
    ("context_grep", {}, "needs the argument 'pattern'"),
    ("context_grep", {"pattern": ""}, "non-empty pattern"),
    ("context_grep", {"pattern": "(unclosed"}, "not a valid regular expression"),
    ("context_grep", {"pattern": "(two\nlines"}, "not a valid regular expression"),
    ("context_read", {"id": "{log}", "start_line": "²"}, "whole number"),
    ("context_grep", {"pattern": "a{5000}"}, "limited to"),
    ("context_grep", {"pattern": "((a{100}){100}){100}"}, "multiply to"),
    ("context_grep", {"pattern": "x" * 501}, "keep it under 500"),
    ("context_grep", {"pattern": "ok", "max_matches": 0}, "from 1 to 500"),
    ("context_grep", {"pattern": "ok", "id": "aunknownunknownunknownunkn"}, "no artifact"),
    ("context_grep", {"pattern": "ok", "id": 3}, "must be a string"),
    ("context_expand", {}, "needs the argument 'compaction_id'"),
    ("context_expand", {"compaction_id": "{log}"}, "not a compaction"),
    ("context_expand", {"compaction_id": "aunknownunknownunknownunkn"}, "no artifact"),
    ("context_fetch", {"id": "{log}"}, "no tool 'context_fetch'"),
]


@pytest.mark.parametrize(("name", "arguments", "expected"), BAD_CALLS)
def test_bad_calls_return_an_error_that_says_how_to_fix_them(
    tools: RetrievalTools, name: str, arguments: Any, expected: str
) -> None:
    if isinstance(arguments, dict):
        arguments = {
            key: value.format(log=LOG.id) if isinstance(value, str) and "{log}" in value else value
            for key, value in arguments.items()
        }
    result = tools.handle(name, arguments)
    assert_error(result)
    assert expected in result


def test_a_non_string_tool_name_is_an_error(tools: RetrievalTools) -> None:
    assert_error(tools.handle(None, {}))  # type: ignore[arg-type]


def test_expand_range_outside_the_span_is_an_error() -> None:
    span = artifact(json.dumps({"role": "user", "content": "hi"}), "span")
    archive = MemoryArchive()
    archive.put(span)
    result = RetrievalTools(MemoryReader(archive)).handle(
        "context_expand", {"compaction_id": f"{span.uri}#L2-L5"}
    )
    assert_error(result)
    assert "holds 1 messages" in result


def test_a_failing_archive_is_an_error_result_not_an_exception() -> None:
    class Broken:
        def get_artifact(self, artifact_id: str) -> Artifact | None:
            raise StoreError("database is locked: secret content")

        def list_artifacts(self) -> list[Artifact]:
            raise StoreError("boom")

        def search(self, query: str, limit: int) -> list[SearchHit]:
            raise StoreError("boom")

    tools = RetrievalTools(Broken())
    for name, arguments in [
        ("context_read", {"id": LOG.id}),
        ("context_grep", {"pattern": "x"}),
        ("context_search", {"query": "x"}),
        ("context_expand", {"compaction_id": LOG.id}),
    ]:
        result = tools.handle(name, arguments)
        assert_error(result)
        assert "StoreError" in result
        assert "secret" not in result


# --- context_grep -------------------------------------------------------------------------


def test_grep_one_artifact(tools: RetrievalTools) -> None:
    result = tools.handle("context_grep", {"pattern": r"^ERROR line \d+", "id": LOG.uri})
    lines = result.split("\n")
    assert lines[0] == f"6 matching lines in {LOG.uri}:"
    assert lines[1] == f"{LOG.uri}#L50: ERROR line 50: failed to open /srv/app/config.yaml"
    assert lines[6].startswith(f"{LOG.uri}#L300: ")


def test_grep_all_artifacts_is_bounded_and_says_how_many_more(tools: RetrievalTools) -> None:
    result = tools.handle("context_grep", {"pattern": "ok|epsilon", "max_matches": 3})
    lines = result.split("\n")
    assert lines[0] == "295 matching lines in 2 artifacts (showing the first 3):"
    assert lines[1:4] == [
        f"{LOG.uri}#L1: line 1 ok",
        f"{LOG.uri}#L2: line 2 ok",
        f"{LOG.uri}#L3: line 3 ok",
    ]
    assert "292 more matching lines not shown" in lines[4]


def test_grep_is_case_sensitive_unless_asked(tools: RetrievalTools) -> None:
    assert tools.handle("context_grep", {"pattern": "delta"}).startswith("no line matches")
    result = tools.handle("context_grep", {"pattern": "(?i)delta"})
    assert f"{SMALL.uri}#L2: gamma Delta" in result


def test_grep_reports_each_matching_line_once_and_windows_long_lines() -> None:
    long_line = "a" * 5_000 + " needle " + "b" * 5_000
    item = artifact(f"first\n{long_line}\nneedle needle needle")
    archive = MemoryArchive()
    archive.put(item)
    result = RetrievalTools(MemoryReader(archive)).handle("context_grep", {"pattern": "needle"})
    lines = result.split("\n")
    assert lines[0] == f"2 matching lines in {item.uri}:"
    assert lines[1].startswith(f"{item.uri}#L2: …[")
    assert " needle " in lines[1]
    assert len(lines[1]) < 400
    assert lines[2] == f"{item.uri}#L3: needle needle needle"


def test_a_catastrophic_pattern_times_out_with_an_error_result() -> None:
    archive = MemoryArchive()
    archive.put(artifact("a" * 5_000 + "b"))
    tools = RetrievalTools(MemoryReader(archive), grep_timeout_seconds=0.2)
    started = time.monotonic()
    result = tools.handle("context_grep", {"pattern": "(a+)+$"})
    assert time.monotonic() - started < 3
    assert_error(result)
    assert "took longer than 0.2 s" in result


def test_grep_output_is_bounded() -> None:
    archive = MemoryArchive()
    archive.put(artifact("\n".join(f"match {n} " + "y" * 200 for n in range(2_000))))
    tools = RetrievalTools(MemoryReader(archive), max_result_chars=1_500)
    result = tools.handle("context_grep", {"pattern": "match", "max_matches": 500})
    assert len(result) <= 1_500
    assert CUT.search(result)


# --- context_search -----------------------------------------------------------------------


def test_memory_search_scores_by_matches_newest_first_on_ties() -> None:
    archive = MemoryArchive()
    older = artifact("the Widget broke\nnothing here")
    newer = artifact("a widget again")
    most = artifact("widget widget\nWIDGET factory widget")
    for item in (older, newer, most):
        archive.put(item)
    hits = MemoryReader(archive).search("widget", 10)
    assert [hit.artifact_id for hit in hits] == [most.id, newer.id, older.id]
    assert hits[0].line == 1
    assert hits[2].line == 1
    both = MemoryReader(archive).search("widget factory", 10)
    assert both[0].artifact_id == most.id
    assert both[0].line == 2
    assert MemoryReader(archive).search("widget", 1) == hits[:1]
    assert MemoryReader(archive).search("absent", 5) == []


def test_search_result_format(tools: RetrievalTools) -> None:
    result = tools.handle("context_search", {"query": "config.yaml"})
    lines = result.split("\n")
    assert lines[0] == "1 result for 'config.yaml', best first:"
    assert lines[1] == (
        f"1. {LOG.uri}#L50 (tool_result) ERROR line 50: failed to open /srv/app/config.yaml"
    )
    assert "context_read" in lines[-1]


def test_search_without_hits_and_with_a_clipped_limit(tools: RetrievalTools) -> None:
    assert tools.handle("context_search", {"query": "zebra"}).startswith("no archived artifact")
    result = tools.handle("context_search", {"query": "line", "limit": 500})
    assert "(limit 500 lowered to 50)" in result


# --- isolation between sessions -----------------------------------------------------------


def test_a_memory_reader_cannot_read_another_sessions_artifact() -> None:
    mine, theirs = MemoryArchive(), MemoryArchive()
    secret = make_artifact(b"other-session-key", "tool_result", "their secret token 1234")
    theirs.put(secret)
    mine.put(artifact("my own output"))
    tools = RetrievalTools(MemoryReader(mine))
    foreign = tools.handle("context_read", {"id": secret.uri})
    unknown = tools.handle("context_read", {"id": "a" + "b" * 25})
    assert_error(foreign)
    # Indistinguishable from an id that never existed.
    assert foreign.replace(secret.id, "ID") == unknown.replace("a" + "b" * 25, "ID")
    assert tools.handle("context_grep", {"pattern": "secret"}).startswith("no line matches")
    assert tools.handle("context_search", {"query": "secret"}).startswith("no archived")
    assert_error(tools.handle("context_expand", {"compaction_id": secret.id}))


class FakeStore:
    """The three artifact methods of a SessionStore, with lineage, for StoreReader tests."""

    def __init__(self) -> None:
        self.parents: dict[str, str | None] = {"root": None, "child": "root", "other": None}
        self.owned: dict[str, list[Artifact]] = {"root": [], "child": [], "other": []}
        self.searches: list[tuple[str, str, int]] = []

    def _lineage(self, session_id: str) -> list[str]:
        chain: list[str] = []
        current: str | None = session_id
        while current is not None:
            chain.append(current)
            current = self.parents[current]
        return chain

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None:
        for owner in self._lineage(session_id):
            for item in self.owned[owner]:
                if item.id == artifact_id:
                    return item
        return None

    def list_artifacts(self, session_id: str) -> list[Artifact]:
        return [item for owner in reversed(self._lineage(session_id)) for item in self.owned[owner]]

    def search_artifacts(self, session_id: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        self.searches.append((session_id, query, limit))
        return [
            SearchHit(item.id, session_id, item.kind, 1, item.content.split("\n")[0], 1.0)
            for item in self.list_artifacts(session_id)
            if query.lower() in item.content.lower()
        ][:limit]


def test_a_store_reader_reads_its_lineage_and_nothing_else() -> None:
    store = FakeStore()
    parent_item = make_artifact(b"root-key", "tool_result", "root output: port 5432")
    other_item = make_artifact(b"other-key", "tool_result", "other output: port 5432")
    store.owned["root"].append(parent_item)
    store.owned["other"].append(other_item)
    child = RetrievalTools(StoreReader(store, "child"))
    assert child.handle("context_read", {"id": parent_item.uri}).startswith(
        f"{parent_item.uri} lines 1-1 of 1"
    )
    foreign = child.handle("context_read", {"id": other_item.uri})
    assert_error(foreign)
    assert "no artifact" in foreign
    grep = child.handle("context_grep", {"pattern": "port 5432"})
    assert parent_item.id in grep
    assert other_item.id not in grep
    search = child.handle("context_search", {"query": "port", "limit": 7})
    assert parent_item.id in search
    assert other_item.id not in search
    assert store.searches == [("child", "port", 7)]
    # The root cannot read down into its child's lineage either.
    child_item = make_artifact(b"child-key", "tool_result", "child output")
    store.owned["child"].append(child_item)
    assert_error(
        RetrievalTools(StoreReader(store, "root")).handle("context_read", {"id": child_item.id})
    )


# --- bounded results everywhere -----------------------------------------------------------


def test_every_tool_result_is_bounded() -> None:
    archive = MemoryArchive()
    lines = [
        json.dumps({"role": "tool", "tool_call_id": f"c{n}", "content": "z" * 3_000})
        for n in range(40)
    ]
    span = artifact("\n".join(lines), "span")
    archive.put(span)
    for n in range(60):
        archive.put(artifact(f"common word {n}\n" + "w" * 5_000))
    tools = RetrievalTools(MemoryReader(archive), max_result_chars=1_200)
    results = [
        tools.handle("context_read", {"id": span.id}),
        tools.handle("context_grep", {"pattern": "w+", "max_matches": 500}),
        tools.handle("context_search", {"query": "common word", "limit": 50}),
        tools.handle("context_expand", {"compaction_id": span.id}),
        tools.handle("context_read", {"id": "x" * 5_000}),
    ]
    for result in results:
        assert len(result) <= 1_200, result[:200]


# --- the bundled example: expand and identifier retrievability ----------------------------


@pytest.fixture(scope="module")
def compacted() -> tuple[dict[str, Any], ContextCompressor, Any]:
    session = json.loads(example_path().read_text(encoding="utf-8"))
    compressor = ContextCompressor(model="gpt-4o", context_window=32_000)
    result = compressor.compress(session["messages"], tools=session["tools"])
    assert result.compacted, result.reason
    return session, compressor, result


def span_of(compressor: ContextCompressor) -> Artifact:
    assert isinstance(compressor.archive, MemoryArchive)
    return next(a for a in compressor.archive if a.kind == "span")


def test_expand_a_real_compaction(compacted: tuple[dict[str, Any], ContextCompressor, Any]) -> None:
    session, compressor, result = compacted
    span = span_of(compressor)
    assert span.uri in result.checkpoint  # the checkpoint cites the span it replaced
    assert isinstance(compressor.archive, MemoryArchive)
    originals = [session["messages"][i] for i in span.meta["indices"]]
    whole = RetrievalTools(MemoryReader(compressor.archive), max_result_chars=10_000_000)
    text = whole.handle("context_expand", {"compaction_id": span.uri})
    first, last = span.meta["indices"][0], span.meta["indices"][-1]
    assert text.startswith(
        f"{span.uri}: {len(originals)} of the {len(originals)} messages a compaction replaced "
        f"(original messages {first}-{last})"
    )
    for line_number, (index, message) in enumerate(
        zip(span.meta["indices"], originals, strict=True), 1
    ):
        title = f"[message {index}, {span.uri}#L{line_number}] "
        assert (
            title + ("tool result of bash" if message["role"] == "tool" else message["role"])
            in text
        )
        assert message_text(message)[:300] in text
    assert "tool result of ?" not in text
    assert "→ calls bash (call " in text

    bounded = RetrievalTools(MemoryReader(compressor.archive)).handle(
        "context_expand", {"compaction_id": span.id}
    )
    assert len(bounded) <= 12_000
    assert CUT.search(bounded)
    assert "context_expand(compaction_id=" in bounded  # says how to see fewer messages
    part = RetrievalTools(MemoryReader(compressor.archive)).handle(
        "context_expand", {"compaction_id": f"{span.uri}#L2-L3"}
    )
    assert part.startswith(f"{span.uri}: 2 of the {len(originals)} messages")
    assert f"[message {span.meta['indices'][1]}, {span.uri}#L2] tool result of bash" in part
    assert "#L4]" not in part


def retrievable(
    compacted: tuple[dict[str, Any], ContextCompressor, Any],
) -> tuple[list[str], list[str], list[str]]:
    """Distinct identifiers of the compacted span: in the checkpoint, found by grep, missing."""
    session, compressor, result = compacted
    span = span_of(compressor)
    assert isinstance(compressor.archive, MemoryArchive)
    tools = RetrievalTools(MemoryReader(compressor.archive))
    values = dict.fromkeys(
        identifier.value
        for index in span.meta["indices"]
        for identifier in extract_identifiers(message_text(session["messages"][index]))
    )
    in_checkpoint: list[str] = []
    by_grep: list[str] = []
    missing: list[str] = []
    for value in values:
        if value in result.checkpoint:
            in_checkpoint.append(value)
            continue
        found = tools.handle("context_grep", {"pattern": re.escape(value), "max_matches": 1})
        first_match = found.split("\n")[1] if "\n" in found else ""
        (by_grep if first_match.startswith("artifact://") else missing).append(value)
    return in_checkpoint, by_grep, missing


def test_every_identifier_of_the_compacted_span_is_retrievable(
    compacted: tuple[dict[str, Any], ContextCompressor, Any],
) -> None:
    in_checkpoint, by_grep, missing = retrievable(compacted)
    assert len(in_checkpoint) + len(by_grep) > 50  # the example is rich in identifiers
    assert missing == []


def test_grep_finds_what_search_finds_in_the_real_archive(
    compacted: tuple[dict[str, Any], ContextCompressor, Any],
) -> None:
    _, compressor, _ = compacted
    assert isinstance(compressor.archive, MemoryArchive)
    tools = RetrievalTools(MemoryReader(compressor.archive))
    search = tools.handle("context_search", {"query": "get_search_results"})
    first = re.search(r"artifact://(\w+)#L(\d+)", search)
    assert first is not None
    read = tools.handle("context_read", {"id": first.group(0)})
    assert "get_search_results" in read


# --- a reused engine: a reset forgets the previous conversation's archive ------------------


def conversation(word: str, turns: int = 10) -> list[dict[str, Any]]:
    """A conversation whose old tool outputs (compacted away) all mention ``word``."""
    output = "\n".join(f"{word} check {n}: /srv/{word}/file_{n}.py ok" for n in range(120))
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": f"Audit the {word} service."},
    ]
    for turn in range(turns):
        call = {
            "id": f"{word}_{turn}",
            "type": "function",
            "function": {"name": "bash", "arguments": json.dumps({"command": f"audit {turn}"})},
        }
        messages += [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": call["id"], "content": output},
            {"role": "user", "content": f"Continue with step {turn + 1}."},
        ]
    return messages


def retrieval_calls(engine: ContextCompressor, word: str, ids: list[str]) -> dict[str, str]:
    """What each retrieval tool answers about ``word`` and the artifacts ``ids``."""
    answers = {
        "search": engine.handle_tool_call("context_search", {"query": word}),
        "grep": engine.handle_tool_call("context_grep", {"pattern": word}),
    }
    for identifier in ids:
        answers[f"read {identifier}"] = engine.handle_tool_call("context_read", {"id": identifier})
        answers[f"expand {identifier}"] = engine.handle_tool_call(
            "context_expand", {"compaction_id": identifier}
        )
    return answers


@pytest.mark.parametrize("own_archive", [True, False])
def test_a_reset_engine_retrieves_nothing_of_the_previous_conversation(own_archive: bool) -> None:
    given = MemoryArchive()
    engine = ContextCompressor(
        model="gpt-4o", context_window=16_000, archive=None if own_archive else given
    )
    assert isinstance(engine.archive, MemoryArchive)
    engine.retrieval = RetrievalTools(MemoryReader(engine.archive), max_result_chars=5_000)
    first = engine.compress(conversation("zebracorn"), force=True)
    assert first.compacted, first.reason
    old_ids = [a.id for a in first.artifacts]
    span_id = next(a.id for a in first.artifacts if a.kind == "span")
    before = retrieval_calls(engine, "zebracorn", [span_id])
    assert "artifact://" in before["search"]
    assert "artifact://" in before["grep"]
    assert not before[f"read {span_id}"].startswith("error:")
    assert not before[f"expand {span_id}"].startswith("error:")

    engine.on_session_reset()

    assert engine.get_tool_schemas()  # still offered, over the new conversation's archive
    after = retrieval_calls(engine, "zebracorn", old_ids)
    assert after["search"].startswith("no archived artifact matches")
    assert "artifact://" not in after["grep"]
    for identifier in old_ids:
        assert after[f"read {identifier}"].startswith("error: there is no artifact")
        assert after[f"expand {identifier}"].startswith("error:")
    echoed = "".join(after.values()).replace("'zebracorn'", "").replace("/zebracorn/", "")
    assert "zebracorn" not in echoed  # only the query itself is quoted back

    second = engine.compress(conversation("quokkaflux"), force=True)
    assert second.compacted, second.reason
    new_span = next(a.id for a in second.artifacts if a.kind == "span")
    found = retrieval_calls(engine, "quokkaflux", [new_span])
    assert "artifact://" in found["search"]
    assert "artifact://" in found["grep"]
    assert not found[f"expand {new_span}"].startswith("error:")
    assert engine.handle_tool_call("context_search", {"query": "zebracorn"}).startswith(
        "no archived artifact matches"
    )
    assert isinstance(engine.retrieval, RetrievalTools)
    assert engine.retrieval.max_result_chars == 5_000  # the host's limits are kept
    if not own_archive:
        assert len(given) == len(set(old_ids))  # the caller's archive object is left alone


@pytest.mark.parametrize("frame", ["compact", "full"])
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_checkpoints_archive_reference_expands_to_every_message_it_replaced(
    frame: str, seed: int
) -> None:
    # The compact frame cites the span without a line range: the reference as the checkpoint's
    # text gives it must still bring back every message the checkpoint replaced.
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You plan releases."}]
    for turn in range(rng.randint(6, 12)):
        port = rng.randint(1_024, 65_000)
        messages.append({"role": "user", "content": f"Step {turn}: the service listens on {port}."})
        messages.append({"role": "assistant", "content": f"Noted {port} ({rng.random():.4f})."})
    archive = MemoryArchive()
    engine = ContextCompressor(
        settings=load_settings(
            {"context.checkpoint_chars": 2_000, "context.checkpoint_frame": frame}
        ),
        archive=archive,
    )
    engine.retrieval = RetrievalTools(MemoryReader(archive))
    result = engine.compress(messages, force=True, keep_last=0)
    assert result.checkpoint is not None
    cited = [
        line[2:].split(": ", 1)[0]
        for line in result.checkpoint.splitlines()
        if line.startswith("- artifact://") and "original messages" in line
    ]
    assert len(cited) == 1
    expanded = engine.handle_tool_call("context_expand", {"compaction_id": cited[0]})
    assert not expanded.startswith("error"), expanded
    for message in messages[1:]:
        assert message["content"] in expanded
