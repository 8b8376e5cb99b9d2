from __future__ import annotations

from typing import Any

import pytest

from packlight.archive import MemoryArchive
from packlight.artifacts import make_artifact
from packlight.compressor.toolcalls import tool_events
from packlight.evaluation.probes import (
    COMMAND_PROBE_CHARS,
    Retention,
    build_probes,
    extra_written_paths,
    files_modified,
    score_probes,
)
from packlight.evaluation.visibility import ArchiveView, visible_text
from packlight.retrieval import MemoryReader
from tests.evaluation.builders import shell_turn


def modified(command: str) -> list[str]:
    messages: list[Any] = [
        {"role": "user", "content": "go"},
        *shell_turn("c1", command, "<returncode>0</returncode>"),
    ]
    return [path for path, _ in files_modified(tool_events(messages))]


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("sed -i 's/old/new/g' src/app.py", ["src/app.py"]),
        ("cd /repo && sed -i -e 's/x/y/' lib/util.py", ["lib/util.py"]),
        ("echo 'x = 1' > config/settings.py", ["config/settings.py"]),
        ("printf 'note' >> docs/notes.md", ["docs/notes.md"]),
        ("echo hi | tee out/log.txt", ["out/log.txt"]),
        ("cat <<'EOF' > tests/test_new.py\nimport os\nEOF", ["tests/test_new.py"]),
        (
            "python - <<'EOF'\nwith open('pkg/mod.py', 'w') as f:\n    f.write('x')\nEOF",
            ["pkg/mod.py"],
        ),
        ("python3 -c \"open('gen/out.py', 'w').write('1')\"", ["gen/out.py"]),
        (
            "git apply <<'EOF'\n--- a/src/q.py\n+++ b/src/q.py\n@@ -1 +1 @@\n-a\n+b\nEOF",
            ["src/q.py"],
        ),
        (
            "patch -p1 <<'EOF'\n--- a/lib/r.py\n+++ b/lib/r.py\n@@ -1 +1 @@\n-a\n+b\nEOF",
            ["lib/r.py"],
        ),
        ("patch src/a.py < fix.diff", ["src/a.py"]),
    ],
)
def test_files_modified_by_shell_commands(command: str, expected: list[str]) -> None:
    assert modified(command) == expected


@pytest.mark.parametrize(
    "command",
    [
        "cat src/app.py",
        "grep -rn 'x > 1' src/",
        "python -c \"print(open('src/app.py').read())\"",
        "ls -la > /dev/null",
        "python reproduce.py 2>&1 | head",
    ],
)
def test_reading_commands_modify_nothing(command: str) -> None:
    assert modified(command) == []


def test_inline_diff_targets_need_a_patch_command() -> None:
    # A diff shown with cat is not applied.
    assert extra_written_paths("cat <<'EOF'\n+++ b/src/q.py\nEOF") == ()


def test_edit_tool_writes_are_files_modified() -> None:
    messages: list[Any] = [
        {"role": "user", "content": "go"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "e1",
                    "type": "function",
                    "function": {
                        "name": "str_replace_based_edit_tool",
                        "arguments": '{"command": "str_replace", "path": "/repo/a.py", '
                        '"old_str": "a", "new_str": "b"}',
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "e1", "content": "edited"},
    ]
    assert [p for p, _ in files_modified(tool_events(messages))] == ["/repo/a.py"]


def transcript() -> list[Any]:
    return [
        {"role": "system", "content": "You must never push to main. Be concise."},
        {"role": "user", "content": "Fix issue #4512 in src/app/models.py."},
        *shell_turn(
            "c1",
            "python -m pytest tests/test_models.py",
            "<returncode>1</returncode>\nTraceback (most recent call last):\n"
            "  File 'x.py', line 3\nValueError: bad value 17\n",
        ),
        *shell_turn("c2", "sed -i 's/17/18/' src/app/models.py", "<returncode>0</returncode>"),
        *shell_turn(
            "c3",
            "python -m pytest tests/test_models.py -k ordering",
            "<returncode>0</returncode>\n1 passed",
        ),
        {"role": "user", "content": "Now also update the changelog, and do not touch setup.cfg."},
    ]


def kinds_and_texts(messages: list[Any]) -> set[tuple[str, str]]:
    return {(p.kind, p.text) for p in build_probes(messages)}


def test_probes_of_a_transcript() -> None:
    found = kinds_and_texts(transcript())
    assert (
        "active_task",
        "Now also update the changelog, and do not touch setup.cfg.",
    ) in found
    assert ("constraint", "You must never push to main.") in found
    assert ("constraint", "Now also update the changelog, and do not touch setup.cfg.") in found
    assert ("file_modified", "src/app/models.py") in found
    assert ("first_error", "Traceback (most recent call last):") in found
    assert ("failed_approach", "python -m pytest tests/test_models.py") in found
    assert ("last_command", "python -m pytest tests/test_models.py -k ordering") in found
    assert ("identifier", "src/app/models.py") in found
    # Reading code is not an instruction: no constraint probe comes from a tool output.
    assert not any(kind == "constraint" and "ValueError" in text for kind, text in found)


def test_probes_depend_only_on_the_prefix() -> None:
    messages = transcript()
    early = kinds_and_texts(messages[:4])
    assert ("active_task", "Fix issue #4512 in src/app/models.py.") in early
    assert not any(kind == "file_modified" for kind, _ in early)
    assert not any(kind == "failed_approach" for kind, _ in early)


def test_same_command_failing_then_passing_is_not_a_failed_approach() -> None:
    messages: list[Any] = [
        {"role": "user", "content": "go"},
        *shell_turn("c1", "make test", "<returncode>2</returncode>\nerror: flaky"),
        *shell_turn("c2", "make test", "<returncode>0</returncode>"),
    ]
    assert not any(p.kind == "failed_approach" for p in build_probes(messages))


def test_long_commands_are_probed_by_their_first_line_prefix() -> None:
    command = "python - <<'EOF'\n" + "print(1)\n" * 3 + "EOF"
    long_command = "echo " + "y" * 500
    messages: list[Any] = [
        {"role": "user", "content": "go"},
        *shell_turn("c1", command, "ok"),
        *shell_turn("c2", long_command, "ok"),
    ]
    last = next(p for p in build_probes(messages) if p.kind == "last_command")
    assert last.text == long_command[:COMMAND_PROBE_CHARS]
    messages = messages[:3]
    last = next(p for p in build_probes(messages) if p.kind == "last_command")
    assert last.text == "python - <<'EOF'"


def test_scoring_counts_context_archive_and_lost_separately() -> None:
    probes = build_probes(transcript())
    context = transcript()[-3:]  # the last turn and the latest user message
    archive = MemoryArchive()
    archive.put(make_artifact(b"k" * 32, "span", "\n".join(str(m) for m in transcript()[:3])))
    view = ArchiveView(MemoryReader(archive))
    results = score_probes(probes, visible_text(context), view)
    where = {(r.probe.kind, r.probe.text): r.where for r in results}
    assert where[("last_command", "python -m pytest tests/test_models.py -k ordering")] == "context"
    assert where[("constraint", "You must never push to main.")] == "archive"
    assert where[("first_error", "Traceback (most recent call last):")] == "lost"
    retention = Retention.empty()
    retention.add(results)
    assert retention.rate("first_error") == 0.0
    assert retention.rate("constraint", with_archive=False) is not None
    assert retention.rate("constraint")  # in context or archived
    assert retention.rate("nothing") is None
    # Without an archive, archived text does not count.
    without = score_probes(probes, visible_text(context), None)
    assert all(r.where != "archive" for r in without)


def test_archived_span_is_searched_decoded() -> None:
    import json

    message = {"role": "user", "content": 'line one\nsay "hi"'}
    archive = MemoryArchive()
    archive.put(make_artifact(b"k" * 32, "span", json.dumps(message)))
    view = ArchiveView(MemoryReader(archive))
    assert view.contains('line one\nsay "hi"')
    assert not view.contains("line two")


def test_visible_text_reads_commands_unescaped() -> None:
    messages: list[Any] = shell_turn("c1", 'grep -n "def x" a.py', "ok")
    assert 'grep -n "def x" a.py' in visible_text(messages)
