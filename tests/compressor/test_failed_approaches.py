"""The failed approaches of a span: failed calls later tried again differently. The linear
pass agrees with the definition checked pair by pair, on generated call sequences."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from packlight.compressor.activity import read_activity
from packlight.compressor.toolcalls import ToolEvent

PROGRAMS = ["pytest", "python", "make", "grep", "sed"]
FILES = ["src/app.py", "src/db.py", "tests/test_app.py"]


@st.composite
def call(draw: st.DrawFn, index: int) -> ToolEvent:
    program = draw(st.sampled_from(PROGRAMS))
    target = draw(st.sampled_from(FILES))
    flag = draw(st.sampled_from(["", " -x", " -q", " -k slow"]))
    return ToolEvent(
        call_index=index,
        result_index=index,
        call_id=f"call_{index}",
        tool="bash",
        arguments={"command": f"{program} {target}{flag}"},
        kind="shell",
        command=f"{program} {target}{flag}",
        exit_code=draw(st.sampled_from([0, 0, 1, 2])),
    )


@st.composite
def calls(draw: st.DrawFn) -> list[ToolEvent]:
    count = draw(st.integers(min_value=0, max_value=30))
    return [draw(call(index)) for index in range(count)]


def by_definition(events: list[ToolEvent]) -> list[str]:
    """Failed calls with a later call of the same program and file but another command line,
    each (command, exit code) named once, in the order they failed (the definition, pair by
    pair)."""
    named: list[str] = []
    for position, event in enumerate(events):
        assert event.command is not None
        assert event.exit_code is not None
        if event.exit_code == 0:
            continue
        aim = event.command.split()[:2]
        retried = any(
            later.command is not None
            and later.command.split()[:2] == aim
            and later.command != event.command
            for later in events[position + 1 :]
        )
        line = f"bash: {event.command} -> exit {event.exit_code}"
        if retried and line not in named:
            named.append(line)
    return named


@given(calls())
def test_failed_approaches_are_the_failed_calls_retried_differently(
    events: list[ToolEvent],
) -> None:
    activity = read_activity(events, list(range(len(events))))
    assert list(activity.failed_approaches) == by_definition(events)
