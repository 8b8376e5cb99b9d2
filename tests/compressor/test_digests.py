from __future__ import annotations

import json
from typing import Any

import pytest

from packlight.compressor.digests import (
    DigestContext,
    DigestRegistry,
    default_read_key,
    default_registry,
    generic_digest,
    output_lines,
    read_key_covers,
)
from packlight.compressor.toolcalls import ToolEvent, tool_events
from packlight.errors import ConfigError

URI = "artifact://aexampleexampleexampleexam"


def event(tool: str, arguments: dict[str, Any] | str, output: str) -> ToolEvent:
    """Classify one call through toolcalls, as prune does."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    messages: list[dict[str, Any]] = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": tool, "arguments": text}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": output},
    ]
    (found,) = tool_events(messages)
    return found


def shell(command: str, output: str) -> ToolEvent:
    return event("bash", {"command": command}, output)


def context(output: str) -> DigestContext:
    return DigestContext(uri=URI, size_chars=len(output), line_count=output.count("\n") + 1)


def digest(found: ToolEvent) -> str:
    assert found.output is not None
    return default_registry().digest(found, context(found.output))


def mini(body: str, code: int = 0) -> str:
    """A mini-swe-agent style result."""
    return f"<returncode>{code}</returncode>\n<output>\n{body}\n</output>"


TRACEBACK = "\n".join(
    [
        "Starting the run",
        *[f"progress line {n}" for n in range(30)],
        "Traceback (most recent call last):",
        '  File "/testbed/repro.py", line 12, in <module>',
        "    settings.INSTALLED_APPS",
        "django.core.exceptions.ImproperlyConfigured: Requested setting INSTALLED_APPS, but"
        " settings are not configured.",
    ]
)


def assert_contract(text: str, original: str, tool: str) -> None:
    assert "\n" not in text
    assert len(text.splitlines()) == 1
    assert text.startswith(f"[{tool}] ")
    assert text.endswith(URI)
    assert len(text) < len(original)


# --- the default digests ---------------------------------------------------------------------


def test_shell_digest_has_command_exit_code_lines_and_the_exact_first_error_line() -> None:
    output = mini(TRACEBACK, code=1)
    found = shell("python3 repro.py --verbose\necho done", output)
    text = digest(found)
    assert_contract(text, output, "bash")
    assert "$ python3 repro.py --verbose (+1 lines)" in text
    assert "exit 1" in text
    assert f"{output.count(chr(10)) + 1} lines" in text
    assert found.error_lines[0] == "Traceback (most recent call last):"
    assert "error: Traceback (most recent call last):" in text
    # toolcalls does not report the exception line (no "Error" in its name); the digest does.
    assert "django.core.exceptions.ImproperlyConfigured: Requested setting" in text


def test_a_long_first_error_line_keeps_its_first_300_characters_verbatim() -> None:
    error = "ValueError: " + "x" * 1_000
    output = mini("\n".join(["line"] * 50 + [error]), code=1)
    text = digest(shell("python3 run.py", output))
    assert error[:299] in text
    assert error not in text
    assert len(text) < 600


def test_test_run_digest_shows_the_runner_summary() -> None:
    body = "\n".join(
        [
            "test_a (tests.A) ... ok",
            "ERROR: test_b (tests.B)",
            "Traceback (most recent call last):",
            '  File "x.py", line 1, in test_b',
            "AttributeError: 'NoneType' object has no attribute 'pk'",
            "-" * 70,
            "Ran 2 tests in 0.01s",
            "",
            "FAILED (errors=1)",
        ]
        * 5
    )
    output = mini(body, code=1)
    found = shell("python3 tests/runtests.py delete", output)
    assert found.kind == "test"
    text = digest(found)
    assert_contract(text, output, "bash")
    assert "tests $ python3 tests/runtests.py delete" in text
    assert "FAILED (errors=1)" in text
    assert "error: ERROR: test_b (tests.B)" in text


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("nl -ba src/app/models.py | sed -n '10,20p'", "read src/app/models.py L10-L20"),
        ("sed -n '5,9p' src/app/models.py", "read src/app/models.py L5-L9"),
        ("cat src/app/models.py", "read src/app/models.py whole file"),
        ("tail -n 30 logs/run.log", "read logs/run.log last 30 lines"),
    ],
)
def test_read_digest_names_path_and_line_range(command: str, expected: str) -> None:
    output = mini("\n".join(f"{n}\tline {n}" for n in range(40)))
    text = digest(shell(command, output))
    assert_contract(text, output, "bash")
    assert expected in text


def test_read_digest_of_a_filtered_read_shows_the_command() -> None:
    output = mini("\n".join(f"{n}: def delete" for n in range(40)))
    text = digest(shell('nl -ba pkg/deletion.py | grep -n "def delete" -A 5', output))
    assert "read pkg/deletion.py" in text
    assert 'via $ nl -ba pkg/deletion.py | grep -n "def delete" -A 5' in text


def test_read_tool_digest_uses_offsets() -> None:
    output = "x\n" * 300
    found = event("read_file", {"path": "/repo/a.py", "offset": 100, "limit": 50}, output)
    assert found.kind == "read"
    assert "read /repo/a.py L100-L149" in digest(found)


def test_write_digests_name_every_written_path_exactly() -> None:
    output = mini("\n".join(["Traceback (most recent call last):", "  x", "KeyError: 'a'"] * 20), 1)
    command = "cat <<'EOF' > scripts/repro_issue.py\nprint(1)\nEOF\npython3 scripts/repro_issue.py"
    found = shell(command, output)
    assert found.kind == "write"
    text = digest(found)
    assert_contract(text, output, "bash")
    assert "wrote scripts/repro_issue.py" in text
    assert "exit 1" in text
    assert "KeyError: 'a'" in text


def test_edit_tool_digest_says_what_changed_and_the_outcome() -> None:
    arguments = {
        "command": "str_replace",
        "path": "/testbed/django/db/models/deletion.py",
        "old_str": "a\nb",
        "new_str": "a\nb\nc",
    }
    output = "The file /testbed/django/db/models/deletion.py has been edited.\n" + "snippet\n" * 80
    found = event("str_replace_based_edit_tool", arguments, output)
    assert found.kind == "edit"
    text = digest(found)
    assert_contract(text, output, "str_replace_based_edit_tool")
    assert "edited /testbed/django/db/models/deletion.py" in text
    assert "replaced 2 lines with 3 lines" in text
    assert "has been edited." in text


def test_write_tool_digest_reports_size_written() -> None:
    found = event("write_file", {"path": "notes/todo.md", "content": "a\nb\nc"}, "ok " * 100)
    text = digest(found)
    assert "wrote notes/todo.md" in text
    assert "3 lines, 5 chars" in text


def test_search_digest_has_pattern_path_and_match_count() -> None:
    output = mini("\n".join(f"django/db/x.py:{n}:    def CASCADE" for n in range(11)))
    text = digest(shell('grep -rn "def CASCADE" django/db -A 2', output))
    assert_contract(text, output, "bash")
    assert 'search "def CASCADE" in django/db' in text
    assert "11 matches" in text  # the mini-swe-agent tags are not matches


def test_search_digest_for_find_and_rg() -> None:
    output = mini("\n".join(f"./a/b{n}/operations.py" for n in range(20)))
    assert 'search "operations.py" in django/db/backends' in digest(
        shell("find django/db/backends -name operations.py", output)
    )
    assert "in src, tests" in digest(shell("rg -n -e TODO src tests", output))


def test_list_digest_counts_entries() -> None:
    output = mini("total 12\n" + "\n".join(f"-rw-r--r-- 1 u u 1 file{n}.py" for n in range(9)))
    text = digest(shell("ls -la tests/delete", output))
    assert_contract(text, output, "bash")
    assert "list tests/delete" in text
    assert "9 entries" in text


def test_elided_output_is_marked() -> None:
    output = (
        "<returncode>0</returncode>\n<warning>\ntoo long\n</warning><output_head>\na\nb\n"
        "</output_head>\n<elided_chars>\n9000 characters elided\n</elided_chars>\n"
        "<output_tail>\nc\n</output_tail>"
    )
    assert output_lines(output) == (3, True)


def test_web_digest_has_url_and_http_status() -> None:
    output = "HTTP/1.1 404 Not Found\ncontent-type: text/html\n\n" + "<p>gone</p>\n" * 50
    found = event("web_fetch", {"url": "https://example.com/docs/page?x=1"}, output)
    assert found.kind == "web"
    text = digest(found)
    assert_contract(text, output, "web_fetch")
    assert "fetch https://example.com/docs/page?x=1" in text
    assert "HTTP 404" in text


def test_browser_digest_has_url_and_title() -> None:
    output = "- Page URL: https://shop.example/cart\n- Page Title: Your cart\n" + "- button\n" * 99
    found = event("browser_snapshot", {}, output)
    assert found.kind == "browser"
    text = digest(found)
    assert_contract(text, output, "browser_snapshot")
    assert "snapshot https://shop.example/cart" in text
    assert '"Your cart"' in text


def test_generic_digest_shortens_arguments() -> None:
    output = "result " * 100
    found = event("lookup_customer", {"customer_id": "C-123", "notes": "n" * 500}, output)
    text = digest(found)
    assert_contract(text, output, "lookup_customer")
    assert "customer_id=C-123" in text
    assert "n" * 61 not in text


def test_digest_without_a_tool_name_still_has_a_bracketed_prefix() -> None:
    found = event("", {"q": "x"}, "y" * 300)
    assert digest(found).startswith("[tool] ")


# --- read keys ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "key"),
    [
        ("sed -n '10,20p' a/b.py", "a/b.py#L10-L20"),
        ("nl -ba a/b.py | sed -n '10,20p'", "a/b.py#L10-L20"),
        ("cat -n a/b.py | sed -n '10,20p'", "a/b.py#L10-L20"),
        ("sed -n '7p' a/b.py", "a/b.py#L7-L7"),
        ("sed -n '7,$p' a/b.py", "a/b.py#L7-end"),
        ("nl -ba a/b.py | head -n 250 | tail -n 50", "a/b.py#L201-L250"),
        ("head -n 30 a/b.py", "a/b.py#L1-L30"),
        ("head -30 a/b.py", "a/b.py#L1-L30"),
        ("cat a/b.py | head -n 5", "a/b.py#L1-L5"),
        ("tail -n +40 a/b.py", "a/b.py#L40-end"),
        ("tail -n 20 a/b.py", "a/b.py#tail20"),
        ("cat a/b.py", "a/b.py#full"),
        ("nl -ba a/b.py", "a/b.py#full"),
        ("cd /testbed && sed -n '1,5p' a/b.py", "/testbed/a/b.py#L1-L5"),
        ("cat a/b.py | grep -n foo", "a/b.py#cmd:cat a/b.py | grep -n foo"),
    ],
)
def test_read_keys_of_shell_reads(command: str, key: str) -> None:
    found = shell(command, "x")
    assert found.kind == "read"
    assert default_read_key(found) == key


@pytest.mark.parametrize(
    "command",
    ["cat a.py b.py", "ls -la", "python3 run.py", "grep -rn foo src", "sed -i 's/a/b/' a.py"],
)
def test_non_reads_and_multi_file_reads_have_no_read_key(command: str) -> None:
    assert default_read_key(shell(command, "x")) is None


def test_read_keys_of_read_tools() -> None:
    full = event("read_file", {"path": "src/a.py"}, "x")
    ranged = event("read_file", {"path": "src/a.py", "start_line": 3, "end_line": 9}, "x")
    viewed = event(
        "str_replace_based_edit_tool",
        {"command": "view", "path": "/r/a.py", "view_range": [5, -1]},
        "x",
    )
    assert default_read_key(full) == "src/a.py#full"
    assert default_read_key(ranged) == "src/a.py#L3-L9"
    assert default_read_key(viewed) == "/r/a.py#L5-end"


def test_read_key_coverage() -> None:
    assert read_key_covers("a.py#full", "a.py#L10-L20")
    assert read_key_covers("a.py#full", "a.py#cmd:cat a.py | grep x")
    assert read_key_covers("a.py#L1-L50", "a.py#L10-L20")
    assert read_key_covers("a.py#L5-end", "a.py#L10-L20")
    assert read_key_covers("a.py#tail5", "a.py#tail5")
    assert not read_key_covers("a.py#L10-L20", "a.py#full")
    assert not read_key_covers("a.py#L10-L20", "a.py#L1-L50")
    assert not read_key_covers("a.py#L1-L50", "a.py#L10-end")
    assert not read_key_covers("b.py#full", "a.py#L10-L20")
    assert not read_key_covers("a.py#L1-L50", "a.py#tail5")


# --- the registry ------------------------------------------------------------------------------


def tagged(tag: str) -> Any:
    def function(found: ToolEvent, ctx: DigestContext) -> str:
        return f"[{found.tool}] {tag} · {ctx.uri}"

    return function


def test_lookup_order_name_then_longest_glob_then_kind_then_generic() -> None:
    registry = default_registry()
    registry.register("kind:shell", tagged("kind"))
    registry.register("mcp__*", tagged("short glob"))
    registry.register("mcp__shell__*", tagged("long glob"))
    registry.register("mcp__shell__run", tagged("exact"))
    ctx = context("x" * 300)
    assert "kind" in registry.digest(shell("make", "x"), ctx)
    assert "exact" in registry.digest(event("mcp__shell__run", {"command": "ls"}, "x"), ctx)
    assert "long glob" in registry.digest(event("mcp__shell__other", {"q": 1}, "x"), ctx)
    assert "short glob" in registry.digest(event("mcp__files__read", {"q": 1}, "x"), ctx)
    assert registry.lookup(event("unknown_tool", {"q": 1}, "x")) is generic_digest


def test_equal_length_globs_prefer_the_latest_registration() -> None:
    registry = DigestRegistry()
    registry.register("ab*", tagged("first"))
    registry.register("a*c", tagged("second"))
    assert "second" in registry.digest(event("abc", {}, "x"), context("x"))


def test_copy_is_independent() -> None:
    original = default_registry()
    copied = original.copy()
    copied.register("bash", tagged("custom"))
    found = shell("make", "x" * 300)
    assert "custom" in copied.digest(found, context("x"))
    assert "custom" not in original.digest(found, context("x"))


def test_custom_results_are_made_to_keep_the_contract() -> None:
    registry = DigestRegistry()
    registry.register("kind:other", lambda found, ctx: "two\nlines")
    text = registry.digest(event("thing", {}, "x"), context("x"))
    assert text == f"[thing] two lines · {URI}"


def test_custom_read_key() -> None:
    registry = DigestRegistry(read_key=lambda found: "same")
    assert registry.read_key(shell("ls", "x")) == "same"
    assert registry.copy().read_key(shell("ls", "x")) == "same"
    assert default_registry().read_key(shell("ls", "x")) is None


@pytest.mark.parametrize("name", ["", "  ", "kind:nonsense"])
def test_bad_names_are_config_errors(name: str) -> None:
    with pytest.raises(ConfigError):
        DigestRegistry().register(name, tagged("x"))
