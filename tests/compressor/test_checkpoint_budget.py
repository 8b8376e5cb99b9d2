"""The checkpoint's hard budget and its compact frame.

Whatever the ledger and however small the budget (tokens, characters or both), the text
starts with the checkpoint marker and stays within both budgets; required items go in the
stated order (statements by kind, oldest first, the active task last), and whatever was cut
is counted in a "(+N more" note when there is room for one. The compact frame is shorter,
writes no empty section, and reads back like the full one.
"""

from __future__ import annotations

import random
import re
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.compressor.checkpoint import (
    COMPACT_END_MARKER,
    COMPACT_HEADINGS,
    COMPACT_PREFIX,
    END_MARKER,
    PREFIX,
    SECTIONS,
    UNCERTAIN_NOTE,
    CheckpointFrame,
    cut_kind,
    parse_sections,
    render_checkpoint,
    required_tokens,
    strip_uncertain_note,
)
from packlight.compressor.constraints import KINDS, PRIORITY, Constraint
from packlight.compressor.identifiers import Identifier, IdentifierKind
from packlight.compressor.ledger import Ledger
from packlight.integrity import signed, without_tag
from packlight.messages import CHECKPOINT_MARKER, is_summary
from packlight.tokens import ExactCounter
from tests.compressor.statement_chats import checkpoint_at, statement_chat

COUNTER = ExactCounter()
LEDGER_REF = "artifact://ledger-0001"
HUGE = 10**7


def shortest() -> str:
    """The shortest frame: the marker and the compact end line with its tag."""
    return signed(f"{CHECKPOINT_MARKER}\n{COMPACT_END_MARKER}")


NOTE = re.compile(r"^- \(\+(\d+) more(?: in \S+)?\)$")


def within(text: str, token_budget: int, char_budget: int | None) -> bool:
    chars_ok = char_budget is None or len(text) <= char_budget
    return COUNTER.count_text(text) <= token_budget and chars_ok


# ------------------------------------------------------------------------------ ledgers

WORD = st.text(string.ascii_lowercase, min_size=1, max_size=9)
SENTENCE = st.lists(WORD, min_size=1, max_size=30).map(" ".join)
ID_KINDS: tuple[IdentifierKind, ...] = ("hash", "url", "issue", "port")
PATH = st.lists(st.text(string.ascii_lowercase, min_size=1, max_size=8), min_size=1, max_size=4)


@st.composite
def ledgers(draw: st.DrawFn) -> tuple[Ledger, list[str]]:
    """A ledger with single-line items (so that every item reads back as one), and archive
    references; statements carry distinct indices and texts."""
    kinds = draw(st.lists(st.sampled_from(KINDS), max_size=12))
    constraints = tuple(
        Constraint(
            subject=f"s{n}",
            text=f"{draw(SENTENCE)} number {n}.",
            index=index,
            kind=kind,
            uncertain=draw(st.booleans()),
        )
        for n, (kind, index) in enumerate(
            zip(kinds, draw(st.permutations(range(len(kinds)))), strict=True)
        )
    )
    paths = draw(st.lists(PATH.map("/".join), unique=True, max_size=14))
    cut = draw(st.integers(0, len(paths)))
    modified, created = paths[:cut], paths[cut:]
    identifiers = tuple(
        Identifier(kind, f"{kind}-{n}-{draw(WORD)}")
        for n, kind in enumerate(draw(st.lists(st.sampled_from(ID_KINDS), max_size=8)))
    )
    ledger = Ledger(
        active_task=draw(st.none() | SENTENCE.map(lambda s: f"Please {s}")),
        goal=draw(st.none() | SENTENCE.map(lambda s: f"Goal: {s}")),
        constraints=constraints,
        files_modified=tuple(f"src/{p}.py" for p in modified),
        files_created=tuple(f"new/{p}.py" for p in created),
        files_read=tuple(f"docs/{p}.md" for p in draw(st.lists(PATH.map("/".join), max_size=4))),
        errors=tuple(f"E{n}: {s}" for n, s in enumerate(draw(st.lists(SENTENCE, max_size=5)))),
        test_status=draw(st.none() | SENTENCE),
        identifiers=identifiers,
        todos=tuple(draw(st.lists(SENTENCE, max_size=3))),
        decisions=tuple(draw(st.lists(SENTENCE, max_size=3))),
    )
    refs = [f"artifact://ref-{n}: part {n}" for n in range(draw(st.integers(0, 3)))]
    return ledger, refs


def statement_item(constraint: Constraint) -> str:
    return constraint.text + (UNCERTAIN_NOTE if constraint.uncertain else "")


def groups(sections: dict[str, list[str]], archive_refs: list[str]) -> list[list[str]]:
    """The required items of a parsed checkpoint in the documented cut order, first cut
    first (one group per stage)."""

    def where(title: str, prefix: str = "") -> list[str]:
        return [item for item in sections.get(title, []) if item.startswith(prefix)]

    files = "Relevant Files"
    statements = sections.get("Constraints & Preferences", [])
    archive = where("Archive")
    return [
        where("Critical Identifiers"),
        where(files, "created: "),
        where("Active State", "Latest test result: "),
        where("Blocked", "Latest error seen: "),
        where("Blocked", "First error seen: "),
        where(files, "modified: "),
        [item for item in archive if item in archive_refs[1:]],
        where("Goal"),
        statements,  # within the group: by kind and age, checked on their own
        [item for item in archive if item in archive_refs[:1]],
        where("Active Task"),
    ]


# --------------------------------------------------------------------------- properties


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    ledgers(),
    st.integers(0, 900),
    st.none() | st.integers(0, 4_000),
    st.sampled_from(["full", "compact"]),
    st.booleans(),
    st.sampled_from([None, LEDGER_REF]),
)
def test_the_budget_is_hard_and_cuts_go_by_priority(
    drawn: tuple[Ledger, list[str]],
    token_budget: int,
    char_budget: int | None,
    frame: CheckpointFrame,
    task_in_window: bool,
    overflow_ref: str | None,
) -> None:
    ledger, refs = drawn

    def render_at(tokens: int, chars: int | None) -> tuple[str, dict[str, int]]:
        rendered = render_checkpoint(
            ledger,
            counter=COUNTER,
            token_budget=tokens,
            char_budget=chars,
            frame=frame,
            task_in_window=task_in_window,
            archive_refs=refs,
            overflow_ref=overflow_ref,
        )
        assert rendered.tokens == COUNTER.count_text(rendered.text)
        return rendered.text, rendered.omitted

    text, omitted = render_at(token_budget, char_budget)
    everything = parse_sections(render_at(HUGE, None)[0])
    got = parse_sections(text)

    assert text.startswith(CHECKPOINT_MARKER)
    assert "(none)" not in text
    if within(shortest(), token_budget, char_budget):
        assert within(text, token_budget, char_budget)
    else:  # below the floor: the marker alone, which must lead every checkpoint
        assert text == CHECKPOINT_MARKER

    # Every item is either written or counted, section by section.
    for title in SECTIONS:
        assert len(got.get(title, [])) + omitted[title] == len(everything.get(title, [])), title

    # Notes say exactly how many items are left out, and are missing only for want of room.
    prefix = COMPACT_PREFIX if frame == "compact" else PREFIX
    blocks = section_blocks(text, frame)
    where = f" in {overflow_ref}" if overflow_ref else ""
    for title in SECTIONS:
        notes = [int(m.group(1)) for line in blocks.get(title, []) if (m := NOTE.match(line))]
        assert notes in ([], [omitted[title]]), title
        if omitted[title] and not notes and text.startswith(prefix):
            heading = "" if title in blocks else f"## {heading_of(title, frame)}\n"
            missing = f"{heading}- (+{omitted[title]} more{where})\n"
            # a little slack: tokens do not add up exactly, and a full-frame section adds a
            # blank line
            room = COUNTER.count_text(text) + COUNTER.count_text(missing) + 3 <= token_budget
            chars_room = char_budget is None or len(text) + len(missing) + 2 <= char_budget
            assert not (room and chars_room), f"{title}: a note had room but is missing"

    # Required items go stage by stage, first cut first: once a stage keeps anything, every
    # later stage is whole.
    full_groups, kept_groups = groups(everything, refs), groups(got, refs)
    sizes = [(len(full), len(kept)) for full, kept in zip(full_groups, kept_groups, strict=True)]
    for stage, (_, kept) in enumerate(sizes):
        if kept:
            assert all(k == f for f, k in sizes[stage + 1 :]), sizes
    # Once a required item is cut, no optional item is written in its place.
    if sum(omitted.values()) > optional_count(ledger):
        assert not optional_written(got)

    # Statements: a higher-priority one is never cut while a lower-priority one is kept
    # (within a kind the oldest go first, but a shorter one may take the room a longer,
    # newer one of the same kind could not use). A statement that may be superseded, but
    # for a rule or a hard constraint, is cut with the questions.
    by_item = {statement_item(c): PRIORITY[cut_kind(c)] for c in ledger.constraints}
    kept_statements = {by_item[item] for item in got.get("Constraints & Preferences", [])}
    cut_statements = {
        by_item[item] for item in by_item if item not in got.get("Constraints & Preferences", [])
    }
    if kept_statements and cut_statements:
        assert max(cut_statements) <= min(kept_statements)


def heading_of(title: str, frame: CheckpointFrame) -> str:
    return COMPACT_HEADINGS[title] if frame == "compact" else title


def section_blocks(text: str, frame: CheckpointFrame) -> dict[str, list[str]]:
    """The raw lines under each heading, by canonical title (notes included)."""
    titles = {f"## {heading_of(title, frame)}": title for title in SECTIONS}
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line in titles:
            current = blocks.setdefault(titles[line], [])
        elif current is not None and line:
            current.append(line)
    return blocks


def optional_count(ledger: Ledger) -> int:
    middle_errors = max(len(ledger.errors) - 2, 0)
    return len(ledger.files_read) + middle_errors + len(ledger.todos) + len(ledger.decisions)


def optional_written(sections: dict[str, list[str]]) -> list[str]:
    return [
        *(i for i in sections.get("Relevant Files", []) if i.startswith("read: ")),
        *(i for i in sections.get("Blocked", []) if i.startswith("Error: ")),
        *sections.get("Open Work", []),
        *sections.get("Key Decisions", []),
    ]


# ----------------------------------------------------------------------------- concrete


def sample_ledger() -> Ledger:
    return Ledger(
        active_task="Fix the login page so that emails with a plus sign are accepted.",
        goal="Build the login flow for the shop.",
        constraints=(
            Constraint("magic", "Should we also support magic links?", 6, "question"),
            Constraint("tabs", "Use tabs for indentation.", 2, "preference"),
            Constraint("secrets", "Never commit secrets to the repository.", 4, "rule", True),
            Constraint("money", "Keep the hosting bill under $500.", 1, "constraint"),
            Constraint("python", "The servers run Python 3.11.", 3, "fact"),
            Constraint("deploy", "Never deploy on a Friday.", 5, "rule"),
        ),
        files_modified=("src/login.py",),
        files_created=("tests/test_login.py",),
        files_read=("README.md",),
        errors=("E1: first failure", "E2: middle failure", "E3: latest failure"),
        test_status="3 passed, 1 failed",
        identifiers=(Identifier("hash", "3f2a9c1"),),
        todos=("Document the new rule.",),
        decisions=("Use bcrypt for hashes.",),
    )


def render(
    ledger: Ledger,
    frame: CheckpointFrame = "full",
    *,
    token_budget: int = 2_000,
    char_budget: int | None = None,
    task_in_window: bool = False,
    archive_refs: tuple[str, ...] = ("artifact://span-1: the original messages",),
) -> str:
    return render_checkpoint(
        ledger,
        counter=COUNTER,
        token_budget=token_budget,
        char_budget=char_budget,
        frame=frame,
        task_in_window=task_in_window,
        archive_refs=archive_refs,
        overflow_ref=LEDGER_REF,
    ).text


EXPECTED: dict[str, list[str]] = {
    "Active Task": ["Fix the login page so that emails with a plus sign are accepted."],
    "Goal": ["Build the login flow for the shop."],
    "Constraints & Preferences": [
        f"Never commit secrets to the repository.{UNCERTAIN_NOTE}",
        "Never deploy on a Friday.",
        "Keep the hosting bill under $500.",
        "The servers run Python 3.11.",
        "Use tabs for indentation.",
        "Should we also support magic links?",
    ],
    "Active State": ["Latest test result: 3 passed, 1 failed"],
    "Blocked": [
        "First error seen: E1: first failure",
        "Latest error seen: E3: latest failure",
        "Error: E2: middle failure",
    ],
    "Key Decisions": ["Use bcrypt for hashes."],
    "Relevant Files": ["modified: src/login.py", "created: tests/test_login.py", "read: README.md"],
    "Critical Identifiers": ["hashes: `3f2a9c1`"],
    "Open Work": ["Document the new rule."],
    "Archive": ["artifact://span-1: the original messages"],
}


def test_render_then_parse_round_trips_in_both_frames() -> None:
    frames: tuple[CheckpointFrame, ...] = ("full", "compact")
    for frame in frames:
        assert parse_sections(render(sample_ledger(), frame)) == EXPECTED, frame


def test_statements_are_grouped_by_kind_and_uncertain_ones_are_marked() -> None:
    items = parse_sections(render(sample_ledger()))["Constraints & Preferences"]
    # rules (by index), constraint, fact, preference, question: the order of KINDS
    assert [strip_uncertain_note(item) for item in items] == [
        ("Never commit secrets to the repository.", True),
        ("Never deploy on a Friday.", False),
        ("Keep the hosting bill under $500.", False),
        ("The servers run Python 3.11.", False),
        ("Use tabs for indentation.", False),
        ("Should we also support magic links?", False),
    ]


def test_empty_sections_are_not_written() -> None:
    ledger = Ledger(active_task="Rename the module.", files_modified=("src/a.py",))
    frames: tuple[CheckpointFrame, ...] = ("full", "compact")
    for frame in frames:
        text = render(ledger, frame, archive_refs=())
        assert "(none)" not in text
        assert text.count("## ") == 2, text  # the task and the files only
        assert parse_sections(text) == {
            "Active Task": ["Rename the module."],
            "Relevant Files": ["modified: src/a.py"],
        }


def test_the_compact_frame_is_one_short_line_and_shorter_overall() -> None:
    assert COMPACT_PREFIX.startswith(CHECKPOINT_MARKER)
    assert "\n" not in COMPACT_PREFIX
    assert len(COMPACT_PREFIX) <= 91
    for phrase in ("Reference only", "latest user message decides", "Tools remain available"):
        assert phrase in COMPACT_PREFIX
    ledger = sample_ledger()
    full, compact = render(ledger, "full"), render(ledger, "compact")
    assert is_summary({"role": "user", "content": compact})
    assert without_tag(compact).endswith(COMPACT_END_MARKER)
    assert without_tag(full).endswith(END_MARKER)
    assert COUNTER.count_text(compact) < COUNTER.count_text(full)
    assert len(compact) < len(full)
    # the pointer to a task kept in the window is shorter too
    full_pointer = parse_sections(render(ledger, "full", task_in_window=True))["Active Task"]
    compact_pointer = parse_sections(render(ledger, "compact", task_in_window=True))["Active Task"]
    assert len(compact_pointer[0]) < len(full_pointer[0])
    assert required_tokens(ledger, counter=COUNTER, token_budget=2_000, frame="compact") < (
        required_tokens(ledger, counter=COUNTER, token_budget=2_000)
    )


def test_required_items_over_the_budget_are_cut_and_counted() -> None:
    # The reported case: required items alone well over a 433-token budget.
    ledger = Ledger(
        active_task="Migrate the billing service to the new queue.",
        goal="Keep billing running while moving it to the queue. " * 20,
        constraints=tuple(
            Constraint(f"c{n}", f"Statement {n} about the billing migration.", n, kind)
            for n, kind in enumerate(KINDS * 3)
        ),
        files_modified=tuple(f"src/billing/module_{n}.py" for n in range(20)),
        files_created=tuple(f"src/queue/worker_{n}.py" for n in range(20)),
        identifiers=tuple(Identifier("hash", f"{n:07x}abc") for n in range(30)),
        errors=("E1: connection refused", "E9: timeout after 30s"),
        test_status="12 failed",
    )
    unbounded = COUNTER.count_text(render(ledger, token_budget=HUGE))
    assert unbounded > 433
    frames: tuple[CheckpointFrame, ...] = ("full", "compact")
    for frame in frames:
        rendered = render_checkpoint(
            ledger,
            counter=COUNTER,
            token_budget=433,
            frame=frame,
            task_in_window=False,
            overflow_ref=LEDGER_REF,
        )
        assert rendered.tokens <= 433
        sections = parse_sections(rendered.text)
        # the task and the rules survive; identifiers (cut first) are counted, not written
        assert sections["Active Task"] == ["Migrate the billing service to the new queue."]
        rules = [c.text for c in ledger.constraints if c.kind == "rule"]
        assert set(rules) <= set(sections["Constraints & Preferences"])
        assert rendered.omitted["Critical Identifiers"] == 1
        assert not sections.get("Critical Identifiers")


def test_the_active_task_is_clipped_before_it_is_dropped() -> None:
    task = "Rewrite the importer. " * 30 + "\nSecond line with details.\n" + "More. " * 200
    ledger = Ledger(active_task=task, files_modified=("src/importer.py",))
    clipped_budget = COUNTER.count_text(PREFIX + END_MARKER) + 80
    rendered = render_checkpoint(
        ledger, counter=COUNTER, token_budget=clipped_budget, task_in_window=False
    )
    assert rendered.tokens <= clipped_budget
    (item,) = parse_sections(rendered.text)["Active Task"]
    assert item.startswith("Rewrite the importer.")
    assert len(item) <= 200
    assert rendered.omitted["Relevant Files"] == 1  # cut long before the task


def test_a_budget_below_the_frame_returns_the_shortest_frame() -> None:
    ledger = sample_ledger()
    frames: tuple[CheckpointFrame, ...] = ("full", "compact")
    for frame in frames:
        for budget in (0, 1, COUNTER.count_text(shortest()) - 1):
            assert render(ledger, frame, token_budget=budget) == CHECKPOINT_MARKER  # the floor
        assert render(ledger, frame, token_budget=COUNTER.count_text(shortest())) == shortest()
        assert render(ledger, frame, char_budget=len(shortest())) == shortest()
    # the full frame keeps its own end marker when that fits and the frame does not
    assert render(ledger, "full", token_budget=50) == signed(f"{CHECKPOINT_MARKER}\n{END_MARKER}")


def test_a_character_budget_binds_on_its_own() -> None:
    ledger = sample_ledger()
    frames: tuple[CheckpointFrame, ...] = ("full", "compact")
    for frame in frames:
        generous = render(ledger, frame)
        limit = len(generous) - 100
        text = render(ledger, frame, char_budget=limit)
        assert len(text) <= limit
        assert text.startswith(CHECKPOINT_MARKER)
        assert "Never commit secrets to the repository." in text


def test_parse_reads_both_frames_and_ignores_notes() -> None:
    text = (
        f"{COMPACT_PREFIX}\n## Task\n- Do it.\n## Rules & facts\n- Use tabs.\n"
        f"- (+3 more in {LEDGER_REF})\n## IDs\n- (+2 more)\n{COMPACT_END_MARKER}"
    )
    assert parse_sections(text) == {
        "Active Task": ["Do it."],
        "Constraints & Preferences": ["Use tabs."],
        "Critical Identifiers": [],
    }


MUSINGS = (
    "Would {v} for the ceremony be crazy? Don't change it, just thinking aloud.",
    "Is the ceremony still at {v}? Don't touch anything, I'm only checking.",
    "Priya's draft has {v} for the ceremony, but that's their draft, not the plan.",
)
FACTS = (
    "The ceremony starts at {v}.",
    "Dinner is served at {v}.",
    "The band plays from {v}.",
    "Speeches begin at {v}.",
)


def test_under_the_budget_musings_and_other_peoples_values_go_before_facts() -> None:
    """A question or musing ("Would 3:15 pm be crazy? Don't change it") and someone else's
    value are cut before the user's own facts, even when they carry an order."""
    times = [
        f"{hour}:{minute:02d}"
        for hour, minute in zip((1, 2, 3, 4, 5, 6, 7), (5, 10, 15, 20, 25, 35, 40), strict=True)
    ]
    facts = [template.format(v=times[n]) for n, template in enumerate(FACTS)]
    musings = [template.format(v=times[4 + n]) for n, template in enumerate(MUSINGS)]
    said = [musings[0], facts[0], musings[1], facts[1], facts[2], musings[2], facts[3]]
    messages = statement_chat("You plan weddings.", said, "Please draft the running order.")
    whole = checkpoint_at(messages, 100_000)
    mused = times[4:]  # the musings' values
    assert all(text in whole for text in facts)
    assert all(value in whole for value in mused)
    tight = checkpoint_at(messages, len(whole) - sum(len(m) for m in musings[:2]) - 10)
    assert all(text in tight for text in facts), tight
    assert not all(value in tight for value in mused), tight


REMARKS = (
    "For now it stays as it is.",
    "None.",
    "Keep it like that.",
    "It is what it is, nothing else to add.",
)


@given(seed=st.integers(0, 10_000))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_under_the_budget_remarks_that_name_nothing_go_before_preferences(seed: int) -> None:
    """A remark with neither subject nor value ("For now it stays as it is.") is cut before a
    preference that names both, whatever order they came in."""
    rng = random.Random(seed)
    fonts = rng.sample(("Baskerville", "Futura PT", "Gill Sans", "Palatino", "Garamond"), 2)
    preferences = [
        f"For the programme I'd like the headings set in {fonts[0]}.",
        f"For the main text use {fonts[1]}, please.",
    ]
    remarks = rng.sample(REMARKS, 2)
    said = [remarks[0], preferences[0], remarks[1], preferences[1]]
    rng.shuffle(said)
    messages = statement_chat("You help with a concert.", said, "Please draft the poster.")
    whole = checkpoint_at(messages, 100_000)
    assert all(text in whole for text in preferences + remarks), whole
    tight = checkpoint_at(messages, len(whole) - sum(len(r) for r in remarks) + 2)
    assert all(font in tight for font in fonts), tight
