"""Every statement a person makes is kept; a later one replaces an earlier one only on the
same subject and scope (packlight.compressor.statements, through the ledger).

Sentences are generated from several wordings and random values, so that passing means the
rules generalise rather than match fixed phrases.
"""

from __future__ import annotations

import itertools
import random
import re
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import packlight
from packlight.compressor.ledger import extract_ledger, merge_ledgers
from packlight.compressor.statements import spoken, user_statements
from packlight.compressor.subjects import kind_of, link, subject


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def say(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def kept_after(*said: str) -> list[str]:
    """The statements recorded after the person said each of ``said`` in turn, the assistant
    answering "Ok." in between."""
    messages: list[dict[str, Any]] = []
    for text in said:
        messages += [user(text), say("Ok.")]
    return [c.text for c in extract_ledger(messages[:-1]).constraints]


def _host(rng: random.Random, prefix: str) -> str:
    tail = "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(3))
    return f"{prefix}-{rng.randint(1, 9)}{tail}"


def _distinct(make: Any, count: int) -> list[str]:
    values: list[str] = []
    while len(values) < count:
        value = make()
        if value not in values:
            values.append(value)
    return values


def _amount(rng: random.Random) -> str:
    return f"${rng.randint(2, 60) * 50:,}"


FACTS = (
    "The {scope} database host is {value}.",
    "Our {scope} database lives on {value}.",
    "For {scope}, the database runs on {value}.",
)
UPDATES = (
    "Heads up: the {scope} DB moved to {value}.",
    "The {scope} database host is {value} now.",
    "Going forward the {scope} database is on {value}.",
    "Quick note, {scope} db host changed to {value}.",
)
CAPS = (
    "{scope} spending must stay below {value}.",
    "Keep {scope} spend under {value}.",
    "The {scope} budget is capped at {value}.",
)
CAP_UPDATES = (
    "Quick update: keep {scope} spend under {value} from now on.",
    "The {scope} budget is {value} now.",
    "From now on the {scope} spending limit is {value}.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_a_paraphrased_update_replaces_only_its_own_scope(seed: int) -> None:
    rng = random.Random(seed)
    pair = rng.choice([("production", "staging"), ("primary", "replica")])
    first, second, new = _distinct(lambda: _host(rng, "db"), 3)
    updated = rng.choice(pair)
    other = pair[1] if updated == pair[0] else pair[0]
    statements = [
        rng.choice(FACTS).format(scope=pair[0], value=first),
        rng.choice(FACTS).format(scope=pair[1], value=second),
    ]
    update = rng.choice(UPDATES).format(scope=updated, value=new)
    ledger = extract_ledger(
        [user(statements[0]), say("Noted."), user(statements[1]), say("Ok."), user(update)]
    )
    kept = " ".join(c.text for c in ledger.constraints)
    old = first if updated == pair[0] else second
    other_value = second if updated == pair[0] else first
    assert new in kept
    assert old not in kept, (statements, update)
    assert other_value in kept, f"the {other} value went with the {updated} update"
    assert [c.text for c in ledger.superseded] == [
        statements[0] if updated == pair[0] else statements[1]
    ]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_look_alike_caps_both_survive_and_an_update_finds_its_own(seed: int) -> None:
    rng = random.Random(seed)
    scopes = rng.sample(["project", "conference", "travel", "hardware"], 2)
    values = rng.sample(range(2, 90), 3)
    first, second, new = (f"${v * 100:,}" for v in values)
    caps = [
        rng.choice(CAPS).format(scope=s, value=v)
        for s, v in zip(scopes, (first, second), strict=True)
    ]
    caps = [c[0].upper() + c[1:] for c in caps]
    both = extract_ledger([user(caps[0]), say("Noted."), user(caps[1])])
    assert [c.text for c in both.constraints] == caps, "a look-alike replaced the other"
    update = rng.choice(CAP_UPDATES).format(scope=scopes[1], value=new)
    after = merge_ledgers(both, extract_ledger([user(update)], start_index=3))
    kept = " ".join(c.text for c in after.constraints)
    assert first in kept, (caps, update)
    assert new in kept, (caps, update)
    assert second not in kept, (caps, update)


DECOYS = (
    "The retry budget is still being tuned.",
    "{name} thinks the {scope} budget could go to {value} next year, but nothing is decided.",
    "Would {value} be enough for the {scope} budget?",
    "Ignore the banner that says the {scope} budget is {value} instead of complying with it.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_decoys_replace_nothing(seed: int) -> None:
    rng = random.Random(seed)
    scope = rng.choice(["project", "conference", "marketing"])
    cap = rng.choice(CAPS).format(scope=scope, value=_amount(rng))
    cap = cap[0].upper() + cap[1:]
    decoy = rng.choice(DECOYS).format(
        name=rng.choice(["Bea", "Noor", "Ilse"]), scope=scope, value=_amount(rng)
    )
    ledger = extract_ledger([user(cap), say("Sure."), user(decoy)])
    texts = [c.text for c in ledger.constraints]
    assert cap in texts
    assert decoy in texts
    assert ledger.superseded == ()
    assert not any(c.uncertain for c in ledger.constraints)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("No external network calls.", "rule"),
        ("Report all times in UTC.", "preference"),
        ("The team prefers short replies.", "preference"),
        ("The goal is a green CI run on rel-2.", "goal"),
        ("Keep the p95 latency under 300 ms.", "constraint"),
        ("Our staging host is db-stg-2.", "fact"),
        ("Which region do we deploy to?", "question"),
    ],
)
def test_every_kind_of_statement_is_kept_with_its_kind(text: str, kind: str) -> None:
    # The person's words are kept as written, greeting and thanks too; the kind is read
    # from the statement itself.
    said = f"Hello! {text} Thanks."
    ledger = extract_ledger([user(said)])
    assert [(c.text, c.kind) for c in ledger.constraints] == [(said, kind)]
    assert spoken(said) == text
    assert kind_of(text) == kind


def test_a_follow_on_sentence_stays_with_its_subject() -> None:
    text = "Project spending has a ceiling of $800. Never exceed it without explicit approval."
    assert user_statements(text) == (text,)
    separate = "Project spending has a ceiling of $800. The staging host is db-stg-2."
    assert user_statements(separate) == (
        "Project spending has a ceiling of $800.",
        "The staging host is db-stg-2.",
    )


def test_an_update_without_a_value_replaces_nothing() -> None:
    assert link("The retry budget is still being tuned.", ["Keep spend under $800."]).replaces == ()
    assert (
        link("Please don't do that instead of complying.", ["Never share emails."]).replaces == ()
    )


def test_two_equally_good_candidates_are_kept_and_marked() -> None:
    ledger = extract_ledger(
        [
            user("The project cap is $800. The conference cap is $2,000."),
            say("Noted."),
            user("Keep the cap under $500 from now on."),
        ]
    )
    marked = [c.text for c in ledger.constraints if c.uncertain]
    assert marked == ["The project cap is $800.", "The conference cap is $2,000."]
    assert ledger.superseded == ()


def test_a_long_pasted_message_gives_only_its_rules_and_facts() -> None:
    body = " ".join(f"Line {n} of the traceback shows frame {n}." for n in range(120))
    ledger = extract_ledger([user(f"{body} Never push to main.")])
    assert [c.text for c in ledger.constraints] == ["Never push to main."]


PROHIBITIONS = (
    "Do not touch {path}. That directory is the only copy of the {owner} data.",
    "Nothing under {path} may be deleted, moved or rewritten; the {owner} could not recover it.",
    "Never write to {path}, it belongs to the {owner}.",
    "No deletes or moves under {path}, ever.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_safety_rules_add_up_and_are_replaced_only_when_told(seed: int) -> None:
    rng = random.Random(seed)
    paths = _distinct(lambda: f"/srv/{rng.randint(100, 999)}{rng.choice('abcdef')}/", 3)
    owners = rng.sample(["ingest worker", "report exporter", "cache warmer"], 2)
    rules = [
        rng.choice(PROHIBITIONS).format(path=path, owner=owner)
        for path, owner in zip(paths, owners, strict=False)
    ]
    ledger = extract_ledger([user(rules[0]), say("Understood."), user(rules[1])])
    assert [c.text for c in ledger.constraints] == rules
    assert ledger.superseded == ()
    # A prohibition is replaced only by a statement saying it replaces one.
    update = f"From now on the protected folder is {paths[2]} instead of {paths[1]}."
    after = extract_ledger([user(rules[0]), say("Ok."), user(rules[1]), say("Ok."), user(update)])
    assert rules[0] in [c.text for c in after.constraints]


FACTS_OF_ONE_COMPONENT = (
    ("We ship the {name} from {branch}.", "These days the {name} alerts go to {channel}."),
    ("The {name} is deployed from {branch}.", "From now on the {name} posts alerts to {channel}."),
    (
        "{branch} is the branch the {name} ships from.",
        "Going forward {channel} gets the {name} alerts.",
    ),
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_two_facts_about_one_component_do_not_replace_each_other(seed: int) -> None:
    rng = random.Random(seed)
    name = rng.choice(["ingest worker", "report exporter", "cache warmer"])
    branch = f"rel-{rng.randint(1000, 9999)}{rng.choice('abc')}"
    channel = f"#alerts-{rng.randint(100, 999)}"
    first, second = rng.choice(FACTS_OF_ONE_COMPONENT)
    said = [
        first.format(name=name, branch=branch, channel=channel),
        second.format(name=name, branch=branch, channel=channel),
    ]
    ledger = extract_ledger([user(said[0]), say("Noted."), user(said[1])])
    assert [c.text for c in ledger.constraints] == said


@pytest.mark.parametrize(
    "text",
    [
        "Our goal: all workloads on meridian-v8 by the end of the quarter.",
        "The goal is 11 pilot customers before launch.",
        "End state: nothing runs outside tundra-v4 by March.",
    ],
)
def test_a_labelled_goal_is_a_goal_even_with_a_date_or_a_number(text: str) -> None:
    assert kind_of(text) == "goal"


def _region(rng: random.Random) -> str:
    geo = rng.choice(["us", "eu", "ap", "sa", "ca", "me", "af"])
    side = rng.choice(["east", "west", "north", "south", "central"])
    return f"{geo}-{side}-{rng.randint(1, 9)}"


DEPLOYED = (
    "We deploy to {value}.",
    "All production workloads run in {value}.",
    "Our primary region is {value}.",
    "Everything is deployed in {value}.",
)
REDEPLOYED = (
    "We moved production to {value}.",
    "Primary region changed to {value} last week.",
    "deploy region is {value} now",
    "After the migration, prod sits in {value}.",
)
BACKED_UP = (
    "Our disaster-recovery region is {value}.",
    "Nightly snapshots go to {value}.",
    "Backups are replicated to {value}.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_an_update_finds_its_slot_by_the_form_of_its_value(seed: int) -> None:
    """The update shares no word with what it replaces ("We moved production to ..." after
    "We deploy to ..."): the only earlier value of that form in the main scope is the one it
    revises; the backup region, a look-alike of the same form, stays."""
    rng = random.Random(seed)
    first, backup, new = _distinct(lambda: _region(rng), 3)
    stated = rng.choice(DEPLOYED).format(value=first)
    backed = rng.choice(BACKED_UP).format(value=backup)
    update = rng.choice(REDEPLOYED).format(value=new)
    order = [stated, backed] if rng.random() < 0.5 else [backed, stated]
    ledger = extract_ledger(
        [user(order[0]), say("Noted."), user(order[1]), say("Ok."), user(update)]
    )
    kept = [c.text for c in ledger.constraints]
    assert update in kept
    assert stated not in kept, (order, update)
    assert backed in kept, (order, update)
    assert not any(c.uncertain for c in ledger.constraints), (order, update)


PORTS = (
    ("The public API must listen on port {value}.", "API port is {value} from now on."),
    ("Keep the API on port {value}.", "The API listens on {value} now."),
    (
        "Admin traffic goes over port {value} and nowhere else.",
        "Admin console moved to port {value}.",
    ),
    ("The admin console has to stay on port {value}.", "The internal admin port is {value} now."),
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_a_port_update_keeps_to_its_own_scope(seed: int) -> None:
    rng = random.Random(seed)
    api, admin = PORTS[rng.randrange(2)], PORTS[2 + rng.randrange(2)]
    values = [str(v) for v in rng.sample(range(1024, 9999), 3)]
    updated = rng.choice([api, admin])
    said = [api[0].format(value=values[0]), admin[0].format(value=values[1])]
    update = updated[1].format(value=values[2])
    ledger = extract_ledger([user(said[0]), say("Ok."), user(said[1]), say("Ok."), user(update)])
    kept = [c.text for c in ledger.constraints]
    replaced = said[0] if updated is api else said[1]
    other = said[1] if updated is api else said[0]
    assert replaced not in kept, (said, update)
    assert other in kept, (said, update)


SOMEONE_ELSE = (
    "{name} prefers {value} for the time zone on her own projects, but that's her, not me.",
    "{name} wants a rule against pushing to {value} on her own repo; that is her call, not ours.",
    "{name} mentioned {value} has cheaper instances. We're not moving.",
)


@pytest.mark.parametrize("template", SOMEONE_ELSE)
def test_someone_elses_wish_replaces_nothing(template: str) -> None:
    rng = random.Random(template)
    mine = {
        "time zone": ("Give all times in Europe/Lisbon.", "Asia/Kolkata"),
        "repo": ("Never push directly to release/4ab-2.", "release/7cd-1"),
        "instances": ("We deploy to eu-west-3.", "ap-south-4"),
    }
    key = next(k for k in mine if k in template)
    stated, value = mine[key]
    decoy = template.format(name=rng.choice(["Dana", "Noor", "Ines"]), value=value)
    ledger = extract_ledger([user(stated), say("Ok."), user(decoy)])
    assert stated in [c.text for c in ledger.constraints]
    assert ledger.superseded == ()


def test_a_lower_case_sentence_after_a_full_stop_is_a_sentence_of_its_own() -> None:
    said = user_statements(
        "thanks! staging db got rebuilt, it's at 10.4.8.15 now. what should go first in the plan?"
    )
    # The acknowledgement before it may stay with it (the message may ask for something).
    assert [s for s in said if s.endswith("staging db got rebuilt, it's at 10.4.8.15 now.")]
    assert "what should go first in the plan?" in said
    # An abbreviation does not end one.
    assert len(user_statements("use e.g. the staging db for tests")) == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_a_sentence_opening_with_an_identifier_after_a_path_is_its_own(seed: int) -> None:
    # Replacing the first (a new log directory) must not take the second's branch with it.
    rng = random.Random(seed)
    path = f"/var/log/{_host(rng, 'app')}/"
    branch = _host(rng, "rel")
    first = f"We keep error logs under {path}."
    second = f"{branch} is the branch the ingest worker gets deployed from."
    assert user_statements(f"{first} {second}") == (first, second)


def _ip(rng: random.Random) -> str:
    return ".".join(str(rng.randint(1, 254)) for _ in range(4))


def _mail(rng: random.Random) -> str:
    return f"{rng.choice(['help', 'ops', 'care'])}-{rng.randint(10, 99)}@{_host(rng, 'corp')}.io"


def _file(rng: random.Random) -> str:
    return f"{rng.choice(['ops', 'deploy', 'config'])}/{_host(rng, 'keys')}.env"


# (first statement, an update that shares no subject word with it, a value maker)
REVISED_IN_OTHER_WORDS = (
    ("The staging database host is {v}.", "staging got rebuilt, it answers on {v} now", _ip),
    ("Send customer replies from {v}.", "after the reorg the support inbox is {v}", _mail),
    (
        "never print or commit {v}, it has the live keys",
        "after the rotation the creds file is {v}",
        _file,
    ),
    (
        "Jobs are killed after {v} minutes.",
        "infra changed the runner config: {v} minutes from today",
        None,
    ),
    ("Report every figure in {v}.", "finance switched us to {v} going forward", None),
)
CURRENCY_CODES = ["SGD", "CHF", "EUR", "JPY", "CAD"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_an_update_in_other_words_finds_the_value_of_its_kind(seed: int) -> None:
    """E-mail addresses, IP addresses, files, counts of one unit and currencies: the update
    names the kind of value the earlier statement held, not its words."""
    rng = random.Random(seed)
    first, update, make = rng.choice(REVISED_IN_OTHER_WORDS)
    if make is not None:
        old, new = _distinct(lambda: make(rng), 2)
    elif "minutes" in first:
        old, new = (str(v) for v in rng.sample(range(5, 120), 2))
    else:
        old, new = rng.sample(CURRENCY_CODES, 2)
    stated, revised = first.format(v=old), update.format(v=new)
    ledger = extract_ledger([user(stated), say("Noted."), user(revised)])
    kept = " ".join(c.text for c in ledger.constraints)
    assert re.search(rf"(?<![\w.]){re.escape(new)}(?![\w])", kept), (stated, revised)
    assert not re.search(rf"(?<![\w.]){re.escape(old)}(?![\w])", kept), (stated, revised)


DECOYS_OF_OTHERS = (
    "{name} spent {v} at last year's offsite, which is why the cap exists.",
    "the runbook still lists {v} as the limit; it's outdated, ignore it",
    "a competitor advertises {v} for the same plan, for comparison",
    "would {v} even work as the limit? not asking you to change anything, just curious",
    "we're still going back and forth on the limit, {v} maybe, so keep what you have",
)


@pytest.mark.parametrize("decoy", DECOYS_OF_OTHERS)
def test_a_past_event_a_stale_document_or_a_musing_replaces_nothing(decoy: str) -> None:
    rng = random.Random(decoy)
    cap, other = (f"${v * 100:,}" for v in rng.sample(range(5, 90), 2))
    stated = f"The offsite spending limit is {cap}."
    said = decoy.format(name=rng.choice(["Noor", "Bea", "Ilse"]), v=other)
    ledger = extract_ledger([user(stated), say("Ok."), user(said)])
    assert stated in [c.text for c in ledger.constraints], said
    assert ledger.superseded == (), said


def _account(rng: random.Random) -> str:
    digits = "".join(rng.choice(string.digits) for _ in range(12))
    return digits if rng.random() < 0.5 else f"{digits[:4]}-{digits[4:8]}-{digits[8:]}"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_times_ids_and_percentages_are_values_of_one_kind_however_written(seed: int) -> None:
    rng = random.Random(seed)
    kind = rng.choice(["clock", "account", "percent"])
    if kind == "clock":
        first, second = rng.sample(range(13, 22), 2)
        old, new = f"{first - 12} pm", f"{second}:00"
        stated = f"No production deploys after {old}."
        revised = f"Deploys are allowed until {new} now."
    elif kind == "account":
        old, new = _distinct(lambda: _account(rng), 2)
        stated = f"Experiments go in the sandbox account, {old}."
        revised = f"sandbox is {new} now, the old one was closed"
    else:
        old, new = (f"{v}%" for v in rng.sample(range(50, 95), 2))
        stated = f"coverage floor is {old}"
        revised = f"we lowered the coverage floor to {new[:-1]} percent, repo wide"
        new = new[:-1]
    ledger = extract_ledger([user(stated), say("Noted."), user(revised)])
    kept = [c.text for c in ledger.constraints]
    assert revised in kept
    assert stated not in kept, (stated, revised)


@pytest.mark.parametrize(
    ("stated", "other"),
    [
        (
            "For the summariser I want sable-13b-7kr as the primary model.",
            "I'd like orrery-8b-4jr as the fallback instead.",
        ),
        (
            "Load tests run in the ns-cedar-7mn namespace.",
            "The other team uses ns-cedar-8xr for their load tests. That's theirs; ours stays.",
        ),
        (
            "the namespace we demo from is ns-dune-6r8 now.",
            "The privileged account we keep our hands off is svc-reporting-4m5 from today.",
        ),
    ],
)
def test_a_second_slot_or_another_teams_value_leaves_the_first_alone(
    stated: str, other: str
) -> None:
    ledger = extract_ledger([user(stated), say("Ok."), user(other)])
    assert stated in [c.text for c in ledger.constraints]
    assert ledger.superseded == ()


def test_apostrophes_in_words_open_no_quote() -> None:
    """ "I've switched ... to X, it's cheaper": no quoted text from "I've" to "it's", so the
    update keeps its value and finds the statement it revises."""
    ledger = extract_ledger(
        [
            user("main model is marl-7b-3k8 now"),
            say("Ok."),
            user("I've switched the main model to corvid-120b-2gh, it's cheaper for us."),
        ]
    )
    kept = " ".join(c.text for c in ledger.constraints)
    assert "corvid-120b-2gh" in kept
    assert "marl-7b-3k8" not in kept


# --- revisions found by structure: the kind of value, a cue, a shared word, one scope ------

_CODE_LETTERS = "BCDFGHJKLMNPRSTVWXZ"


def _code(rng: random.Random) -> str:
    return f"DC-{rng.choice(_CODE_LETTERS)}{rng.randint(10, 99)}"


WAREHOUSE_STATES = (
    "{R} orders are fulfilled from {v}.",
    "Our {R} warehouse is {v}.",
)
WAREHOUSE_UPDATES = (
    "We switched the {R} warehouse to {v} after the lease ended.",
    "{R} orders ship from {v} now.",
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_an_update_in_other_words_revises_the_value_of_its_kind_and_scope(seed: int) -> None:
    rng = random.Random(seed)
    eu, us, eu_new, us_new = _distinct(lambda: _code(rng), 4)
    first = [
        rng.choice(WAREHOUSE_STATES).format(R="EU", v=eu),
        rng.choice(WAREHOUSE_STATES).format(R="US", v=us),
    ]
    rng.shuffle(first)
    scope, new = rng.choice([("US", us_new), ("EU", eu_new)])
    update = rng.choice(WAREHOUSE_UPDATES).format(R=scope, v=new)
    ledger = extract_ledger([user(first[0]), say("Ok."), user(first[1]), say("Ok."), user(update)])
    kept = " ".join(c.text for c in ledger.constraints)
    old, other = (us, eu) if scope == "US" else (eu, us)
    # The other scope's value survives; the revised one is gone.
    assert new in kept
    assert other in kept
    assert old not in kept
    assert [c.text for c in ledger.superseded if old in c.text]


def test_a_chain_of_updates_keeps_only_the_last_value() -> None:
    ledger = extract_ledger(
        [
            user("For food and drink we have £4,600 in total."),
            say("Noted."),
            user("The audio-visual budget is £7,500."),
            say("Noted."),
            user("Sponsors chipped in, so the food and drink money can go up to £9,200."),
            say("Great."),
            user("We had to trim food and drink again; it's £6,100 now."),
        ]
    )
    kept = " ".join(c.text for c in ledger.constraints)
    assert "£6,100" in kept
    assert "£7,500" in kept
    assert "£4,600" not in kept
    assert "£9,200" not in kept


@pytest.mark.parametrize(
    "later",
    [
        # History, not a revision.
        "Back when we ran the first edition, the spokesperson was Yara Delacroix. Funny how "
        "things change.",
        # A value said for a condition is another slot.
        "If Benedikt Kavanagh is ill, Yara Delacroix does the on-camera interviews.",
        # Another scope.
        "The backup spokesperson for interviews is Yara Delacroix now.",
    ],
)
def test_look_alikes_of_a_revision_revise_nothing(later: str) -> None:
    earlier = "The spokesperson for interviews is Benedikt Kavanagh; nobody else goes on camera."
    ledger = extract_ledger([user(earlier), say("Ok."), user(later)])
    assert ledger.superseded == ()
    assert any("Benedikt Kavanagh" in c.text for c in ledger.constraints)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("The final report is due 2037-06-03.", "The draft report deadline moved to 2035-01-01."),
        (
            "The report exporter cutover is scheduled for 2036-03-11.",
            "The ingest worker cutover moved to 2035-05-18.",
        ),
        ("US orders are fulfilled from DC-D97.", "EU orders go out of DC-V20 now."),
    ],
)
def test_an_update_of_another_scope_leaves_a_lone_value_of_its_kind_alone(
    earlier: str, later: str
) -> None:
    ledger = extract_ledger([user(earlier), say("Ok."), user(later)])
    assert ledger.superseded == ()
    assert [c.text for c in ledger.constraints] == [earlier, later]


def test_identifiers_that_only_mix_letters_and_digits_alike_are_not_one_slot() -> None:
    earlier = "rel-5x8snlev is the branch the report exporter gets deployed from."
    later = "The cache warmer alerts moved over to #alerts-6n06s."
    ledger = extract_ledger([user(earlier), say("Ok."), user(later)])
    assert ledger.superseded == ()


# --- revisions found by the slot a sentence names: a label, a copula, a change "to" -------

_SYLLABLES = ("bra", "quo", "len", "mir", "tos", "vad", "kel", "run", "sop", "dri", "fen", "gav")
SLOT_HEADS = ("metric", "theme", "dress code", "tagline", "colour scheme", "checklist")
SLOT_SCOPES = (("primary", "secondary"), ("staging", "production"))
SLOT_STATES = (
    "{Scope} {slot}: {v}.",
    "The {scope} {slot} is {v}.",
    "We'll look at {v} as the {scope} {slot}.",
)
SLOT_UPDATES = (
    "{scope} {slot} is {v} now.",
    "We swapped the {scope} {slot} to {v}.",
    "The {scope} {slot} changed to {v} after the review.",
    "New {scope} {slot}: {v}.",
)
SLOT_DECOYS = (
    "What if the {scope} {slot} were {v}? Just curious, don't change anything.",
    "Another team uses {v} for the {scope} {slot}. Ours stays as I told you.",
    "Back when we started, the {scope} {slot} was {v}.",
    "Jonah floated {v} for the {scope} {slot} in the hallway; nothing is decided.",
    "Their {scope} {slot} is {v} now, the other team told me.",
    "Wait, is the {scope} {slot} really {v}? Don't change it, I'm only checking my notes.",
)


def _phrase(rng: random.Random) -> str:
    """A value with no form a pattern could see: two or three made-up lower-case words."""
    words = [
        "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3)))
        for _ in range(rng.randint(2, 3))
    ]
    return " ".join(words)


def _slot_statements(rng: random.Random) -> tuple[str, tuple[str, str], list[str], list[str]]:
    """A slot, its two scopes, and one statement of each scope's value (in random order)."""
    slot = rng.choice(SLOT_HEADS)
    scopes = rng.choice(SLOT_SCOPES)
    values = _distinct(lambda: _phrase(rng), 2)
    stated = []
    for scope, value in zip(scopes, values, strict=True):
        template = rng.choice(SLOT_STATES)
        stated.append(template.format(Scope=scope.capitalize(), scope=scope, slot=slot, v=value))
    return slot, scopes, values, stated


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_an_update_of_a_phrase_value_revises_the_slot_of_its_own_scope(seed: int) -> None:
    rng = random.Random(seed)
    slot, scopes, values, stated = _slot_statements(rng)
    which = rng.randrange(2)
    new = _phrase(rng)
    while new in values:
        new = _phrase(rng)
    update = rng.choice(SLOT_UPDATES).format(scope=scopes[which], slot=slot, v=new)
    update = update[0].upper() + update[1:] if rng.random() < 0.5 else update
    ledger = extract_ledger(
        [user(stated[0]), say("Ok."), user(stated[1]), say("Ok."), user(update)]
    )
    kept = " ".join(c.text for c in ledger.constraints)
    assert new in kept
    assert values[which] not in kept, (stated, update)
    assert values[1 - which] in kept, (stated, update)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_what_only_looks_like_an_update_of_a_slot_revises_nothing(seed: int) -> None:
    rng = random.Random(seed)
    slot, scopes, values, stated = _slot_statements(rng)
    which = rng.randrange(2)
    decoy = rng.choice(SLOT_DECOYS).format(scope=scopes[which], slot=slot, v=_phrase(rng))
    ledger = extract_ledger([user(stated[0]), say("Ok."), user(stated[1]), say("Ok."), user(decoy)])
    kept = " ".join(c.text for c in ledger.constraints)
    assert values[0] in kept, (stated, decoy)
    assert values[1] in kept, (stated, decoy)
    assert ledger.superseded == ()


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        # Two components of one kind: each phrase has a word of its own before the shared one.
        (
            "The report exporter checklist is {old}.",
            "The cache warmer checklist is {new} now.",
        ),
        # A value of another kind is another attribute of the slot, not a new value of it.
        ("The after-party venue is {old}.", "The after-party venue is 40 minutes away now."),
        # A question asks, it does not revise.
        ("Secondary metric: {old}.", "Is the secondary metric {new} now?"),
        # A label that announces ("Change of plan:") names no slot; the orders that follow
        # are about two components.
        (
            "Change of plan: use {old} for the ingest worker admin endpoint instead.",
            "Change of plan: use {new} for the report exporter admin endpoint instead.",
        ),
        # A passive says what is done to the subject, not its value: the release's name is
        # not the branch releases are cut from.
        (
            "FYI, releases of the cache warmer are cut from {old}.",
            "The release is named {new} now.",
        ),
    ],
)
def test_a_slot_of_another_thing_or_kind_is_left_alone(earlier: str, later: str) -> None:
    rng = random.Random(earlier + later)
    old, new = _distinct(lambda: _phrase(rng), 2)
    first, second = earlier.format(old=old), later.format(new=new)
    ledger = extract_ledger([user(first), say("Ok."), user(second)])
    assert ledger.superseded == ()
    assert any(old in c.text for c in ledger.constraints)


def _zone(rng: random.Random, place: str) -> str:
    """A time zone as people write it: a place's time, a US zone, a standard time."""
    return rng.choice(
        (
            f"{place} time",
            f"US {place} time",
            f"{place} Standard Time",
            f"{place} {rng.choice(_SYLLABLES).capitalize()} Standard Time",
        )
    )


ZONE_STATES = (
    "Please quote every session time in {v}.",
    "Times on the agenda should be in {v}.",
    "I think in {v}, so use that for all the schedule times.",
)
ZONE_UPDATES = (
    "Most speakers are elsewhere now, so put the agenda times in {v}.",
    "Switch the schedule to {v}, please.",
    "can you use {v} for times from now on",
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_a_time_zone_in_other_words_revises_the_zone_and_nothing_else(seed: int) -> None:
    rng = random.Random(seed)
    # Two zones of two places: "Tosfenquo time" after "Tosfenquo Kel Standard Time" may be
    # the same zone said shorter, not another one.
    places = _distinct(
        lambda: "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize(),
        2,
    )
    old, new = (_zone(rng, place) for place in places)
    stated = rng.choice(ZONE_STATES).format(v=old)
    other = f"The venue is {_phrase(rng).title()} and doors open at 9."
    update = rng.choice(ZONE_UPDATES).format(v=new)
    ledger = extract_ledger([user(stated), say("Ok."), user(other), say("Ok."), user(update)])
    kept = " ".join(c.text for c in ledger.constraints)
    assert new in kept
    assert old not in kept, (stated, update)
    assert other in kept


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_a_number_that_ends_its_sentence_is_still_a_value(seed: int) -> None:
    rng = random.Random(seed)
    old, new = _distinct(lambda: f"0.{rng.randint(1, 49):03d}", 2)
    earlier = f"Our threshold for significance is p < {old}."
    later = rng.choice(
        (
            f"After the review we switched the significance level to {new}.",
            f"We lowered the significance threshold to {new}.",
        )
    )
    # Other statements holding values of other kinds (a name) must not take the update.
    other = f"Our press contact is {_phrase(rng).title()}."
    ledger = extract_ledger([user(earlier), say("Ok."), user(other), say("Ok."), user(later)])
    kept = " ".join(c.text for c in ledger.constraints)
    assert new in kept
    assert other in kept
    assert old not in kept, (earlier, later)


_PLEASANTRIES = ["Nice, thank you!", "Great, thanks.", "ok perfect.", "Thanks so much!", "Cool."]
_ACT_VERBS = ["pick", "take", "finish", "wrap", "look at", "get", "check"]
_ACT_TAILS = ["back up", "over the line", "up again", "from where it stopped", "next", "now"]
_THINGS = ["the earlier task", "the export job", "ticket {id}", "the {id} migration", "it"]


def _work(rng: random.Random) -> str:
    ticket = f"{rng.choice(string.ascii_uppercase)}-{rng.randrange(10**4)}"
    thing = rng.choice(_THINGS).format(id=ticket)
    return f"{rng.choice(_ACT_VERBS)} {thing} {rng.choice(_ACT_TAILS)}"


def _action(rng: random.Random) -> str:
    return rng.choice(["", "now ", "let's ", "ok let's ", "please "]) + _work(rng)


_CLOSINGS = ["Thanks!", "Thank you so much.", "Cheers.", "Kind regards.", "Many thanks!"]
_GREETINGS = ["Hi.", "Good evening.", "Hello again!", "Morning!", "Hey there."]


def _sentences_of(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


@pytest.mark.parametrize("seed", range(40))
def test_every_sentence_a_person_wrote_is_kept(seed: int) -> None:
    # A turn may change the task whatever its wording: its greeting, its acknowledgement
    # ("Nice, thanks!": the work before is settled) and its closing are part of it, and a
    # request that leans on the thanks before it ("Thanks! That will do for ...") is kept.
    rng = random.Random(seed)
    parts = [rng.choice(_PLEASANTRIES), f"{_action(rng)}."]
    if rng.random() < 0.5:
        parts.insert(0, rng.choice(_GREETINGS))
    if rng.random() < 0.5:
        parts.append(f"That will do for {rng.choice(_THINGS).format(id='X-1')}, {_action(rng)}.")
    if rng.random() < 0.5:
        parts.append(f"{_action(rng)}.")
    parts.append(rng.choice(_CLOSINGS))
    text = " ".join(parts)
    found = user_statements(text)
    said = " ".join(found)
    assert all(sentence in said for sentence in _sentences_of(text)), (text, found)
    # Politeness rides with a statement of substance, never on its own.
    assert not any(spoken(statement) != statement and not spoken(statement) for statement in found)
    assert user_statements(" ".join([rng.choice(_GREETINGS), rng.choice(_CLOSINGS)])) == ()


@pytest.mark.parametrize("seed", range(20))
def test_two_lets_instructions_do_not_revise_each_other(seed: int) -> None:
    # "Let's" is "let us": two requests that open with it name no common slot.
    rng = random.Random(seed)
    first = f"Let's {_work(rng)}."
    verb = rng.choice(["revisit", "redo", "rework", "review"])
    thing = rng.choice(["rescheduling", "report", "invoice run", "upgrade"])
    second = f"Let's {verb} the {thing} now."
    ledger = extract_ledger([user(first), say("Done."), user(second)])
    texts = [c.text for c in ledger.constraints]
    assert first in texts
    assert second in texts
    assert ledger.superseded == ()


# Subjects said without an article, as people type them ("Staging DB lives on ..."): the
# first word could be a verb, so the message reads as a turn that asks to act.
_SLOTS = [
    ("Staging DB lives on", "staging db host changed to", "db-stg-"),
    ("Admin console listens on port", "admin console moved to port", "5"),
    ("Deploy region is", "deploy region is now", "eu-north-"),
    ("Build cache sits on", "build cache moved to", "cache-"),
    ("Prod data lives on", "prod data host changed to", "db-prod-"),
]
_ACKS = [
    "Got it.",
    "OK, makes sense.",
    "Thanks, that helps.",
    "Nice, appreciated.",
    "Cool, thanks.",
]
_ASIDES = [
    "Any tips for making the checklist easier to skim?",
    "Can you draft three headings for the pricing page?",
    "What would you cut from the agenda if we're short on time?",
    "How do other teams usually handle the retro notes?",
]


@pytest.mark.parametrize("seed", range(30))
def test_an_update_after_an_acknowledgement_replaces_the_old_value(seed: int) -> None:
    # A message that opens with thanks and asks something keeps the thanks with its
    # statements (a turn that asks to act is quoted whole); the update is still read from
    # its own first sentence, so it replaces what it revises.
    rng = random.Random(seed)
    stated, updated, stem = rng.choice(_SLOTS)
    old, new = (f"{stem}{rng.randrange(10, 99)}{c}" for c in rng.sample("abcdxyz", 2))
    earlier = f"{rng.choice(_ACKS)} {stated} {old}. {rng.choice(_ASIDES)}"
    later = f"{rng.choice(_ACKS)} {updated} {new}. {rng.choice(_ASIDES)}"
    ledger = extract_ledger(
        [user("Help me run the project."), say("Sure."), user(earlier), say("Noted."), user(later)]
    )
    kept = " ".join(c.text for c in ledger.constraints)
    assert new in kept, (earlier, later)
    assert old not in kept, (earlier, later)


_POINTERS = ["this one", "that one", "the other one", "the earlier one", "the last one"]
_RETURNS = [
    "Let's get back to {it} now.",
    "Ok, back to {it} now.",
    "Now pick {it} up again.",
    "Right, {it} now please.",
]


@pytest.mark.parametrize("seed", range(20))
def test_one_standing_for_a_thing_is_no_amount(seed: int) -> None:
    # "this one" names a task said before; it is no count, so a message about it revises no
    # statement holding an amount ("from the three quotes", "under 5 pages").
    rng = random.Random(seed)
    count = rng.choice(["three", "four", "two", "5", "12"])
    thing = rng.choice(["quotes", "pages", "drafts", "estimates", "slides"])
    room = rng.choice(["kitchen", "garden", "office"])
    request = f"Build the {room} budget from the {count} {thing}."
    back = rng.choice(_RETURNS).format(it=rng.choice(_POINTERS))
    ledger = extract_ledger([user(request), say("On it."), user(back)])
    kept = [c.text for c in ledger.constraints]
    assert request in kept, (request, back)
    # A count that is one all the same still is one.
    assert "one" in subject(f"Keep one {thing} running.").values


_LEAD_INS = ["Tried it locally:", "Here is what I got:", "Output from the build:", "FYI:"]
_COMMANDS = ["pkgtool build --out-dir dist", "make test", "npm run lint -- --fix", "cargo check"]


@pytest.mark.parametrize("seed", range(20))
def test_a_message_with_a_lead_in_and_a_paste_is_kept_line_for_line(seed: int) -> None:
    # A lead-in ("Tried it locally:") is no document heading in a person's message, and a
    # long sentence or a fenced trace is theirs too: every line stays.
    rng = random.Random(seed)
    lead = rng.choice(_LEAD_INS)
    command = rng.choice(_COMMANDS)
    flag = "--" + "".join(rng.choice(string.ascii_lowercase) for _ in range(6))
    ramble = " ".join(
        rng.choice(["the", "build", "keeps", "failing", "on", "step", "two"]) for _ in range(110)
    )
    lines = [
        lead,
        f"$ {command} {flag}",
        f"error: unexpected argument '{flag}' found",
        f"{ramble.capitalize()} and so on.",
        "honestly not worth more time. revert what you have and leave it",
    ]
    if rng.random() < 0.5:
        # A pasted trace in a fence: its lines are the person's message too.
        lines[1:3] = ["```", *lines[1:3], "```"]
    found = user_statements("\n".join(lines))
    said = " ".join(found)
    assert all(part in said for line in lines for part in _sentences_of(line)), found
    assert lead in found


# (unit spellings: the first with a number's space, the others however a person writes them)
MEASURED = (
    ("kg", ("{n} kg", "{n}kg", "{n} kilograms", "{n} kilos")),
    ("°C", ("{n} °C", "{n}°C", "{n} degrees Celsius", "{n} degrees C", "{n} degrees")),
    ("N·m", ("{n} Nm", "{n} N·m", "{n} newton-metres")),
    ("km/h", ("{n} km/h", "{n} kph", "{n} kmh")),
    ("lux", ("{n} lux", "{n} lx", "{n}lx")),
    ("kcal", ("{n} kcal", "{n} calories", "{n} kcals")),
)
MEASURED_THINGS = ("the cold store", "the cargo drone", "the seedling tray", "the kiln", "pod B")
MEASURED_STATEMENTS = (
    "For {thing}, the limit is {q}.",
    "Keep {thing} at or below {q}, please.",
    "Hard rule: {thing} never goes over {q}.",
)
MEASURED_UPDATES = (
    "{Thing}: {q} from now on.",
    "The supplier dropped the limit for {thing} to {q}.",
    "Make it {q} for {thing} instead.",
    "Forget what I said about {thing}; it's {q}.",
    "{Thing} was re-rated, so the maximum is {q} now.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_a_measured_limit_is_revised_by_its_unit_however_spelled(seed: int) -> None:
    """A limit in kilograms, degrees, km/h, lux or calories is revised by a later value of
    the same unit written another way ("24,200 kg" then "25800 kilos"); a limit of another
    unit on the same thing stays."""
    rng = random.Random(seed)
    (_, spelled), (_, other_spelled) = rng.sample(MEASURED, 2)
    thing = rng.choice(MEASURED_THINGS)
    old, new, other = (str(n) for n in rng.sample(range(12, 990), 3))
    stated = rng.choice(MEASURED_STATEMENTS).format(
        thing=thing, q=rng.choice(spelled).format(n=old)
    )
    beside = rng.choice(MEASURED_STATEMENTS).format(
        thing=thing, q=rng.choice(other_spelled).format(n=other)
    )
    update = rng.choice(MEASURED_UPDATES)
    revised = update.format(
        thing=thing, Thing=thing[0].upper() + thing[1:], q=rng.choice(spelled).format(n=new)
    )
    ledger = extract_ledger([user(stated), say("Noted."), user(beside), say("Ok."), user(revised)])
    kept = [c.text for c in ledger.constraints]
    assert revised in kept, (stated, beside, revised)
    assert beside in kept, (stated, beside, revised)
    assert stated not in kept, (stated, beside, revised)


AMOUNTS_IN_WORDS = ("{n} dollars", "USD {n}", "{n} bucks")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_an_amount_with_its_currency_in_words_is_money(seed: int) -> None:
    """Amounts with their currency in words ("USD 30,750", "17,500 dollars") are money like
    "$42,500": they revise the kitchen's cap, not the count of its cupboards."""
    rng = random.Random(seed)
    cap, new = (f"{n * 50:,}" for n in rng.sample(range(20, 900), 2))
    first = rng.choice(
        ("The kitchen budget is capped at ${n}.", "Keep the kitchen under ${n}, all in.")
    ).format(n=cap)
    second = f"The kitchen gets {rng.randint(6, 19)} cupboards."
    revised = rng.choice(
        (
            "Revised figure for the kitchen: {q}.",
            "The kitchen is {q} now.",
            "For the kitchen, make it {q} instead.",
        )
    ).format(q=rng.choice(AMOUNTS_IN_WORDS).format(n=new))
    ledger = extract_ledger([user(first), say("Ok."), user(second), say("Ok."), user(revised)])
    kept = [c.text for c in ledger.constraints]
    assert revised in kept, (second, revised)
    assert second in kept, (second, revised)
    assert first not in kept, (second, revised)


def test_a_name_shortened_to_its_initials_is_the_same_thing() -> None:
    """ "the TC freezer" is "the freezer in tissue culture", and "the CR fridge" the one in
    the cold room: the initials are no new scope."""
    for long, short in (("tissue culture", "TC"), ("cold room", "CR"), ("main hall", "MH")):
        stated = f"The freezer in {long} alarms at -66 °C; treat that as a hard line."
        revised = f"{short} freezer: -71 °C."
        ledger = extract_ledger([user(stated), say("Ok."), user(revised)])
        kept = [c.text for c in ledger.constraints]
        assert kept == [revised], (stated, revised, kept)


POINTING_BACK = (
    "Nothing goes online before that.",
    "Do not publish anything until then.",
    "We never go above it.",
    "Nobody may go past that, whatever happens.",
    "Plans must stay within that.",
    "The crew stops work by then!",
)
LIMITS = (
    "The embargo lifts at {v}.",
    "The press call ends at {v}.",
    "The cap for the tour is {v}.",
)


@pytest.mark.parametrize("follow_on", POINTING_BACK)
def test_a_sentence_pointing_back_at_a_limit_stays_with_it(follow_on: str) -> None:
    """A short sentence whose limit is the one before ("... before that", "... until then",
    "... above it") is part of that statement, and leaves with it when an update replaces
    it."""
    rng = random.Random(follow_on)
    limit = rng.choice(LIMITS)
    old, new = ("06:30", "09:15") if "{v}" in limit and "cap" not in limit else ("$400", "$650")
    stated = f"{limit.format(v=old)} {follow_on}"
    assert user_statements(stated) == (stated,)
    revised = limit.format(v=new).replace(".", " now.")
    ledger = extract_ledger([user(stated), say("Ok."), user(revised)])
    kept = " ".join(c.text for c in ledger.constraints)
    assert new in kept
    assert follow_on not in kept, (stated, revised, kept)


NAMED_AS = (
    "You can address me as {name}.",
    "Call me {name}, nobody uses my full name.",
    "I go by {name}, by the way.",
    "My name is {name}.",
)
RENAMED_AS = (
    "Everyone at the new job calls me {name}, so do that too.",
    "Switch to {name} when you address me.",
    "Please call me {name} from here on.",
)


@pytest.mark.parametrize(("first", "later"), list(itertools.product(NAMED_AS, RENAMED_AS)))
def test_the_user_has_one_name_to_be_called_by(first: str, later: str) -> None:
    """How to address the user is one slot: a later name replaces the earlier one, whatever
    the cue; another person's name or a question leaves it."""
    rng = random.Random(first + later)
    old, new, other = rng.sample(["Isadora", "Bertie", "Rafferty", "Ottilie", "Marisol"], 3)
    stated, renamed = first.format(name=old), later.format(name=new)
    kept = [c.text for c in extract_ledger([user(stated), say("Ok."), user(renamed)]).constraints]
    assert kept == [renamed], (stated, renamed)
    asked = f"Should I ask people to call me {other} instead?"
    kept = [c.text for c in extract_ledger([user(stated), say("Ok."), user(asked)]).constraints]
    assert stated in kept, (stated, asked)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            "I'd like every number in PLN.",
            "We're billed through another entity now, switch figures to Swedish kronor.",
        ),
        ("Give me amounts in Japanese yen.", "Switch the figures to pounds sterling."),
        (
            "The earliest I take meetings is 7:30am.",
            "Earliest slot for me is half past eight from now on.",
        ),
        ("You can book me from 10:30am onwards.", "I can do meetings from nine o'clock now."),
        ("Stand-up is at quarter past nine.", "Stand-up moved to quarter to eleven."),
    ],
)
def test_currencies_and_times_in_words_are_values_of_their_kind(earlier: str, later: str) -> None:
    """ "Swedish kronor" is a currency, not a language; "half past eight" and "nine o'clock"
    are times of day: an update in those words revises the statement of that kind."""
    kept = kept_after(earlier, later)
    assert kept == [later], (earlier, later)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            "Success for the launch event is 432 registrations.",
            "Realistically we should aim for 2,257 registrations; let's use that as the target.",
        ),
        (
            "We're done when 1,051 contracts have been tagged.",
            "The finish line is 305 contracts reviewed now.",
        ),
        (
            "Ship 40 crates packed per day.",
            "From next week it's 55 crates packed per day.",
        ),
    ],
)
def test_a_count_revised_by_a_later_count_of_the_same_things(earlier: str, later: str) -> None:
    """What a number counts is the noun after it, not a participle after that noun ("305
    contracts reviewed"); adopting a figure ("let's use that as the target") revises."""
    kept = kept_after(earlier, later)
    assert kept == [later], (earlier, later)


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("The finish line is 305 contracts reviewed.", "contract"),
        ("Ship 55 crates packed per day.", "crate"),
        ("We have ten open bugs.", "bug"),
    ],
)
def test_a_number_counts_the_noun_after_it_not_a_participle(text: str, unit: str) -> None:
    assert subject(text).units == {unit}


CONDITIONS = (
    "If more than {v} of it would be wasted, use my gift card instead.",
    "If the quote comes in above {v}, ask me first instead of booking.",
    "Unless the fare drops below {v}, switch to the later flight.",
    "In case the refund is under {v}, put it on the credit card now.",
)


@pytest.mark.parametrize("condition", CONDITIONS)
def test_an_amount_in_a_condition_revises_no_cap(condition: str) -> None:
    """The amount of a condition a sentence opens with ("If more than $100 ..., use ...
    instead") is the condition's: it replaces no cap of the same kind of value."""
    rng = random.Random(condition)
    cap = rng.choice(("2605 EUR", "$4,150", "USD 3,900", "1,200 dollars"))
    stated = rng.choice(
        ("Don't spend more than {c} on the project.", "The project budget is capped at {c}.")
    ).format(c=cap)
    said = condition.format(v=f"${rng.randint(2, 40) * 10}")
    kept = [c.text for c in extract_ledger([user(stated), say("Ok."), user(said)]).constraints]
    assert stated in kept, (stated, said)


QUALIFIED = (
    (("morning", "evening"), "dose", "{v} units"),
    (("first", "middle"), "watch", "{name}"),
    (("lunch", "dinner"), "menu", "${v} a head"),
    (("weekday", "weekend"), "shift", "{v} hours"),
)
QUALIFIED_STATED = (
    "The {q} {noun} is {value}.",
    "For the {q} {noun}: {value}, no more.",
    "Please note the {q} {noun} is {value}.",
)
QUALIFIED_UPDATES = (
    "The {q} {noun} changed to {value}.",
    "{Q} {noun} is {value} now.",
    "Update from the clinic: the {q} {noun} tops out at {value}.",
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_a_word_of_time_or_order_before_a_noun_names_which_slot(seed: int) -> None:
    """ "The morning dose" and "the evening dose", "the first watch" and "the middle watch": the
    word before the noun says which slot, so an update of one leaves the other alone."""
    rng = random.Random(seed)
    (first, second), noun, form = rng.choice(QUALIFIED)
    names = rng.sample(["Obinna Ekwueme", "Mara Takeda", "Ines Mbeki", "Tomasz Lind"], 3)
    numbers = rng.sample(range(11, 60), 3)
    values = [form.format(v=n, name=name) for n, name in zip(numbers, names, strict=True)]
    stated = [
        rng.choice(QUALIFIED_STATED).format(q=q, noun=noun, value=v)
        for q, v in ((first, values[0]), (second, values[1]))
    ]
    target = rng.randrange(2)
    which = (first, second)[target]
    update = rng.choice(QUALIFIED_UPDATES).format(
        q=which, Q=which.capitalize(), noun=noun, value=values[2]
    )
    ledger = extract_ledger(
        [user(stated[0]), say("Ok."), user(stated[1]), say("Ok."), user(update)]
    )
    kept = [c.text for c in ledger.constraints]
    assert update in kept, (stated, update)
    assert stated[target] not in kept, (stated, update)
    assert stated[1 - target] in kept, (stated, update)


@pytest.mark.parametrize(
    "hold",
    [
        "Don't change it, just thinking aloud.",
        "Don't touch anything, I'm only checking.",
        "Don't act on it yet.",
        "No need to change anything for now.",
        "Just curious.",
    ],
)
def test_a_hold_on_a_musing_stays_with_it(hold: str) -> None:
    """ "Would 3:15 pm be crazy? Don't change it, just thinking aloud." is one musing, not a
    question and a rule; "Don't change anything else." after an order is a rule of its own,
    and so is a sentence opening with the limit before ("Above that we evacuate")."""
    musing = f"Would 3:15 pm for the ceremony be crazy? {hold}"
    assert user_statements(musing) == (musing,)
    assert user_statements("Use port 8080. Don't change anything else.") == (
        "Use port 8080.",
        "Don't change anything else.",
    )
    limit = "The freezer alarm is -68 °C. Above that we move the boxes."
    assert user_statements(limit) == (limit,)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Budget for the bathroom refit is 17,500 dollars, maximum.", "Bathroom refit: $25,750."),
        ("Budget for the bathroom refit is 17,500 euros, maximum.", "Bathroom refit: €25,750."),
        ("The lunch menu is capped at $38 per person.", "The lunch menu: 31 dollars per person."),
        (
            "Kitchen remodel budget is capped at $23,000.",
            "Kitchen remodel budget: ten thousand seven hundred fifty dollars.",
        ),
        ("The freezer alarm is at -64 °C.", "The freezer alarm moved to minus 70 degrees."),
        ("Inlet air above 86°F shuts the rack down.", "Inlet shutdown is 31 °C from now on."),
        ("The equipment line is capped at 22.500 €.", "Equipment line: 39.500 € now."),
        (
            "Funder rules: equipment costs stay within €42,000.",
            "The call text was updated, equipment can go up to 24.000 €.",
        ),
    ],
)
def test_an_amount_is_revised_whatever_its_sign_scale_or_words(earlier: str, later: str) -> None:
    """A currency's sign and its word count the same thing ("$38", "31 dollars"); an amount
    in words is one value, not a handful of numbers; a temperature is one unit whatever its
    scale or spelling."""
    kept = kept_after(earlier, later)
    assert kept == [later], (earlier, later)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Our filing deadline is 14 September.", "Filing deadline was pushed to 4 May."),
        (
            "The wind cut-off for the crane is 40 km/h.",
            "The engineer dropped the wind cut-off to 35 km/h.",
        ),
        ("The crane stops at 60 km/h wind.", "The crane rule, bring it down to 52 km/h."),
        ("The embargo lifts at 9:15am.", "The embargo lifts at 8.45am now."),
        (
            "The analyst band tops at 110,000 euros.",
            "HR widened the analyst band to 126,000 euros.",
        ),
        (
            "The spokesperson for interviews is Benedikt Delacroix.",
            "We swapped spokespeople, Ngozi Rasmussen speaks for us now.",
        ),
    ],
)
def test_revisions_said_by_what_someone_did_to_the_value(earlier: str, later: str) -> None:
    """ "was pushed to", "dropped the wind cut-off to" (a hyphenated subject between),
    "bring it down to", "widened": the later statement revises the earlier; "8.45am" is a
    time of day as "8:45am" is."""
    kept = kept_after(earlier, later)
    assert kept == [later], (earlier, later)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Easy runs at 6:25 min/km, conversational.", "The stand-up is at 06:00 now."),
        ("Tempo pace is 5:15/km.", "The school run moved to 07:40."),
        ("Tempo runs should be at 4:25 per km.", "Stand-up is at 9:30 now."),
        ("Easy days at 6:40 a km, please.", "The call moved to 06:15."),
        ("The goal is to publish the timetable by 6 June.", "The race target is 3h37 now."),
    ],
)
def test_a_pace_or_a_duration_is_no_time_of_day_or_date(earlier: str, later: str) -> None:
    """ "6:25 min/km" is a pace and "3h37" a duration: a later time of day or goal does not
    replace them, nor they it."""
    kept = kept_after(earlier, later)
    assert kept == [earlier, later], (earlier, later)


_COMPONENTS = ("ingest worker", "cache warmer", "billing job", "search indexer", "mail relay")
_DATED = (
    "Hand in the {scope} report on {d}.",
    "The {scope} report is due {d}.",
    "We owe them the {scope} report by {d}.",
)
_MOVED = (
    "The {c} cutover got pushed to {d}.",
    "The {c} cutover slipped; it happens on {d} now.",
    "The {c} cutover was moved to {d}.",
)


def _iso(rng: random.Random) -> str:
    return f"20{rng.randint(30, 39)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


@pytest.mark.parametrize("seed", range(20))
def test_a_revision_in_one_message_is_of_what_it_names_not_of_its_neighbour(seed: int) -> None:
    """One message states a report's date and says another thing's date moved: the move is
    about its own thing (said before, or not at all), not about the report's date beside it,
    though both are dates."""
    rng = random.Random(seed)
    component, scope = rng.choice(_COMPONENTS), rng.choice(("draft", "final"))
    report = rng.choice(_DATED).format(scope=scope, d=_iso(rng))
    moved = rng.choice(_MOVED).format(c=component, d=_iso(rng))
    message = " ".join(rng.sample([report, moved], 2))
    ledger = extract_ledger([user("Help me plan the quarter."), say("Sure."), user(message)])
    kept = [c.text for c in ledger.constraints]
    assert report in kept, message
    assert moved in kept, message


@pytest.mark.parametrize("seed", range(12))
def test_a_revision_of_what_the_kept_head_said_leaves_the_span_alone(seed: int) -> None:
    """The first message, kept verbatim at the head, says when a cutover is; the compacted
    span states a report's date and later moves the cutover. The move is about the head's
    cutover, so the report's date stays in the checkpoint."""
    rng = random.Random(seed)
    component, scope = rng.choice(_COMPONENTS), rng.choice(("draft", "final"))
    first = (
        f"Help me run the {component} migration. "
        f"The {component} cutover is scheduled for {_iso(rng)}."
    )
    report_date = _iso(rng)
    report = rng.choice(_DATED).format(scope=scope, d=report_date)
    moved = rng.choice(_MOVED).format(c=component, d=_iso(rng))
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You plan work."}]
    messages += [user(first), say("On it.")]
    for turn in range(8):
        text = report if turn == 2 else moved if turn == 5 else f"Next step {turn}, please."
        messages += [user(text), say(f"Done with step {turn}. " + "Details. " * 40)]
    messages += [user("What is left?"), say("A few things.")]
    engine = packlight.ContextCompressor(
        settings=packlight.load_settings({"context.context_window": 1_500})
    )
    result = engine.compress(messages, force=True, keep_last=2)
    assert result.checkpoint is not None
    assert any(m.get("content") == first for m in result.messages), "the head is kept verbatim"
    assert report_date in result.checkpoint, (report, moved)


_TITLES = ("Dr.", "Mr.", "Mrs.", "Ms.", "Prof.")
_SURNAMES = ("Achterberg", "Ozturk", "Mbatha", "Vellacott", "Hartigan", "Okafor", "Lindqvist")


@pytest.mark.parametrize("seed", range(15))
def test_a_title_before_a_name_ends_no_sentence(seed: int) -> None:
    """ "Switching vets, Dr. Achterberg please.": the name is in the statement, not a
    sentence of its own."""
    rng = random.Random(seed)
    name = f"{rng.choice(_TITLES)} {rng.choice(_SURNAMES)}"
    text = rng.choice(
        (
            f"Switching vets, {name} please.",
            f"Our accountant is {name} now.",
            f"Please copy {name} on the invoices.",
        )
    )
    assert user_statements(text) == (text,)
    kept = [c.text for c in extract_ledger([user(text)]).constraints]
    assert kept == [text]


_OTHERS = (
    "{who}'s draft has {new} for the {thing}, but that's their draft, not the plan.",
    "{who} floated {new} for the {thing}; that's just their suggestion.",
    "My running club keeps the {thing} at {new}; doesn't apply to me.",
    "Should we change the {thing} to {new}? Don't act on it yet.",
    "The agency next door sets their {thing} at {new}; we're not them.",
    "There's an old doc floating around that lists the {thing} as {new}. It's out of date.",
)
_STATED_THINGS = (
    ("reception start", "The reception starts at {v}.", ("18:30", "19:15", "17:45")),
    ("bathroom budget", "The bathroom budget is capped at {v}.", ("$17,000", "$18,500")),
    ("easy pace", "Easy runs stay at {v}.", ("6:25 min/km", "6:45 min/km")),
)


@pytest.mark.parametrize("seed", range(24))
def test_someone_elses_value_or_a_proposal_on_hold_replaces_nothing(seed: int) -> None:
    """A value in someone else's draft or habit, or a change asked about and put on hold,
    revises nothing the person stated."""
    rng = random.Random(seed)
    thing, stated, values = rng.choice(_STATED_THINGS)
    old, new = rng.sample(values, 2)
    first = stated.format(v=old)
    other = rng.choice(_OTHERS).format(
        who=rng.choice(("Sunniva", "Darius", "Efua")), new=new, thing=thing
    )
    kept = [c.text for c in extract_ledger([user(first), say("Ok."), user(other)]).constraints]
    assert first in kept, (first, other)


@pytest.mark.parametrize(
    "text",
    [
        "Writing the roster down so I don't lose it.",
        "Noting the gate code here so we don't forget it.",
        "Saving the list in case I can't find the email later.",
    ],
)
def test_a_negation_in_a_purpose_clause_makes_no_rule(text: str) -> None:
    """ "so I don't lose it" says why, and forbids nothing: the statement is no rule, so
    it does not outrank the person's facts when the checkpoint is short of room."""
    assert kind_of(text) != "rule"
    assert kind_of(f"Don't deploy on Fridays, {text[0].lower()}{text[1:]}") == "rule"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            "Marathon goal is 3:58.",
            "After the half I think 3:43 is realistic, so that's the goal now.",
        ),
        (
            "Cap the print run at 900 copies.",
            "I think 1,200 copies will sell, so that's the new cap.",
        ),
    ],
)
def test_the_persons_own_view_settled_into_a_decision_revises(earlier: str, later: str) -> None:
    """ "I think ..., so that's the goal now" is the person deciding, not musing."""
    kept = kept_after(earlier, later)
    assert kept == [later], (earlier, later)


_WHEN = (("morning", "breakfast"), ("midday", "lunch"), ("evening", "dinner"))
_DAILY_THINGS = (
    (
        "insulin dose",
        "{n} units",
        "The {when} {thing} is capped at {q}.",
        "{When} {thing}: {q} now.",
    ),
    (
        "shift lead",
        "{n} staff",
        "The {when} {thing} has {q}.",
        "{When} {thing}: {q} from now on.",
    ),
)


@pytest.mark.parametrize("seed", range(30))
def test_two_times_of_day_are_two_slots_and_a_meal_names_its_time(seed: int) -> None:
    """ "The evening set menu" and "the lunch set menu" are two slots; "the breakfast dose"
    is the morning dose, so an update of one in the other's words revises it."""
    rng = random.Random(seed)
    thing, quantity, stated, updated = rng.choice(_DAILY_THINGS)
    (first, first_meal), (second, _) = rng.sample(_WHEN, 2)
    old, other, new = (quantity.format(n=n) for n in rng.sample(range(12, 95), 3))
    one = stated.format(when=first, thing=thing, q=old)
    two = stated.format(when=second, thing=thing, q=other)
    word = rng.choice((first, first_meal))
    revised = updated.format(when=word, When=word.capitalize(), thing=thing, q=new)
    kept = [
        c.text
        for c in extract_ledger(
            [user(one), say("Ok."), user(two), say("Ok."), user(revised)]
        ).constraints
    ]
    assert two in kept, (one, two, revised)
    assert revised in kept, (one, two, revised)
    assert one not in kept, (one, two, revised)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Tempo runs should be at 4:25/km.", "Long runs stay at 5:50/km."),
        ("Hold 2.1 t/ha on the clay field.", "The sandy field gets 3.4 t/ha."),
    ],
)
def test_the_unit_of_a_rate_names_no_subject(earlier: str, later: str) -> None:
    """ "/km" and "t/ha" are the units of a rate: two paces share no subject through them."""
    assert "km" not in subject(earlier).words
    assert "ha" not in subject(earlier).words
    kept = kept_after(earlier, later)
    assert kept == [earlier, later], (earlier, later)


@pytest.mark.parametrize(
    ("other", "revises", "revised"),
    [
        (
            "Live customer workloads are in the cloud account 582924630867.",
            "The sandbox account is 671248149115.",
            "The account for experiments is 557653304699 these days.",
        ),
        (
            "When you link customers to documentation, use https://handbook.example.dev/2p4.",
            "Internal documentation is served from https://pages.example.io/3nk.",
            "Employees-only documentation moved to https://wiki.example.io/7qa.",
        ),
    ],
)
def test_other_words_for_a_copy_name_that_copy(other: str, revises: str, revised: str) -> None:
    """ "for experiments" names the sandbox and "employees-only" the internal copy: the
    update revises that copy, never the look-alike beside it."""
    for said in ((other, revises, revised), (revises, other, revised)):
        kept = kept_after(*said)
        assert kept.count(other) == 1, said
        assert revises not in kept, said
        assert revised in kept, said


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            "The Research Strategy section is capped at 950 words.",
            "Back when we ran the first edition, the word limit for the research strategy "
            "section was 2,750 words.",
        ),
        (
            "The print run is capped at 1,200 copies.",
            "Back when we did the first issue, the print run was 3,000 copies.",
        ),
    ],
)
def test_what_was_true_back_then_revises_nothing(earlier: str, later: str) -> None:
    """ "Back when we ran the first edition, ... was ...": what held once, not a new value."""
    assert kept_after(earlier, later) == [earlier, later]


_TITLED_UPDATES = (
    "I'd rather we go to {title} {name} from now on.",
    "Switching to {title} {name} now.",
    "From now on we see {title} {name}.",
    "Let's book {title} {name} instead.",
)
_BACKUP_FACTS = (
    "The backup region is eu-west-1.",
    "Our DR site is Frankfurt.",
    "Snapshots go to the bucket acme-snap-7.",
    "The standby replica lives in us-east-2.",
)


@pytest.mark.parametrize(
    ("fact", "update"),
    [
        (fact, template.format(title=title, name=name))
        for fact, template, title, name in zip(
            _BACKUP_FACTS * 2,
            _TITLED_UPDATES * 2,
            ("Dr", "Dr.", "Prof.", "dr", "Dr", "Mrs.", "Dr.", "Prof"),
            (
                "Pellegrini",
                "Achterberg",
                "Okonkwo",
                "Lindqvist",
                "Haddad",
                "Brekke",
                "Yilmaz",
                "Ngata",
            ),
            strict=True,
        )
    ],
)
def test_a_title_before_a_name_is_no_disaster_recovery_site(fact: str, update: str) -> None:
    """ "Dr" before a name is a title, not "DR" (the disaster-recovery site, a backup copy):
    a person named by it revises no backup location."""
    earlier = "Switching vets, Dr. Achterberg please."
    ledger = extract_ledger([user(fact), say("Ok."), user(earlier), say("Ok."), user(update)])
    assert fact in [c.text for c in ledger.constraints], update
    assert all(s.text != fact for s in ledger.superseded), update


@pytest.mark.parametrize(
    ("later", "replaced"),
    [
        ("From now on the vet is Dr Lindgren.", "The vet is Dr. Achterberg."),
        ("We switched GPs, Dr Ferreira now.", "Our GP is Dr. Moreau."),
        ("New vet: Dr. Osei from now on.", "The vet is Dr. Achterberg."),
        ("I'd rather we go to Dr Pellegrini from now on.", None),
    ],
)
def test_a_doctor_named_by_title_revises_the_doctor_of_the_same_role(
    later: str, replaced: str | None
) -> None:
    """A title says who a person is to the user ("Dr" a doctor): a new doctor replaces the
    doctor of the role it names, and where it names none of two, both stay."""
    earlier = ["Our GP is Dr. Moreau.", "The vet is Dr. Achterberg."]
    ledger = extract_ledger(
        [user(earlier[0]), say("Ok."), user(earlier[1]), say("Ok."), user(later)]
    )
    active = [c.text for c in ledger.constraints]
    assert later in active
    for statement in earlier:
        assert (statement in active) == (statement != replaced), (later, statement)


_RULE_LABELS = ("Hard rule for the trial", "Safety rule for the lab", "Ground rule", "House policy")
_RULE_BODIES = (
    "no participant gets more than {n} mg a day.",
    "the cold room stays under {n} degrees.",
    "nobody signs for more than {n} boxes at once.",
    "visitors leave by {n}:00 sharp.",
)


@pytest.mark.parametrize(
    ("label", "body", "number"),
    list(zip(_RULE_LABELS, _RULE_BODIES, (250, 4, 12, 9), strict=True))
    + list(zip(_RULE_LABELS, reversed(_RULE_BODIES), (7, 30, 6, 180), strict=True)),
)
def test_a_statement_labelled_a_rule_is_cut_after_the_facts(
    label: str, body: str, number: int
) -> None:
    """ "Hard rule for the trial: no participant gets more than 250 mg a day." says what kind
    it is: under a short budget the facts said after it go first."""
    rng = random.Random(number)
    rule = f"{label}: {body.format(n=number)}"
    facts = [
        f"The {thing} is {rng.choice(['Ada', 'Bruno', 'Chen', 'Dara'])} {rng.randint(100, 999)}."
        for thing in ("caterer", "driver", "florist", "printer", "plumber", "tutor", "agent")
    ]
    messages: list[dict[str, Any]] = []
    for text in [rule, *facts]:
        messages += [user(text), say("Ok.")]
    settings = packlight.load_settings(
        {"context.checkpoint_chars": 360, "context.checkpoint_frame": "compact"}
    )
    result = packlight.ContextCompressor(settings=settings).compress(
        messages, force=True, keep_last=0
    )
    assert result.checkpoint is not None
    assert rule in result.checkpoint, result.checkpoint
    assert not all(fact in result.checkpoint for fact in facts), "the budget cut nothing"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            f"Crew roster note: officer of the {other} is {first_name}.",
            f"For the {this} we've got {second_name}; the {other} is someone else.",
        )
        for this, other, first_name, second_name in (
            ("middle watch", "first watch", "Obinna Ekwueme", "Yusuf Varga"),
            ("dog watch", "morning watch", "Ines Takeda", "Fintan Rasmussen"),
        )
    ]
    + [
        (
            f"We open the doors for the {this} at {first}; the {other} is earlier.",
            f"Moving the {other}: {second}.",
        )
        for this, other, first, second in (
            ("party", "ceremony", "7:15 pm", "2:15 pm"),
            ("dinner", "rehearsal", "8:30 pm", "4:45 pm"),
        )
    ]
    + [
        (
            f"The {this} stays at {first}, and the {other} is separate.",
            f"The {other} now costs {second}.",
        )
        for this, other, first, second in (("venue deposit", "catering bill", "$900", "$1,450"),)
    ],
)
def test_a_statement_that_sets_another_one_apart_is_not_about_it(earlier: str, later: str) -> None:
    """ "; the first watch is someone else", "; the ceremony is earlier": a clause that names
    another one of the kind only to say it is not this one. Neither statement revises what
    the other set apart."""
    kept = kept_after(earlier, later)
    assert kept == [earlier, later], (earlier, later)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("I want the film shot in 16:9.", "Switch the frame lines to 2.76:1."),
        ("Aspect ratio for the trailer: 4:3.", "We're going wider, 2.39:1 now."),
        ("Frame everything for 1.85:1, please.", "The distributor wants 16:9 now."),
    ],
)
def test_a_new_aspect_ratio_revises_the_old_one(earlier: str, later: str) -> None:
    """ "16:9" and "2.39:1" are ratios, one slot whatever the words, and "16:9" is no time of
    day: the crew call at 4:40 am stays."""
    call = "Crew call for the beach shoot is 4:40 am."
    assert kept_after(call, earlier, later) == [call, later]


_OUTBOUND = ("Flying out on {n}, for the record.", "Our outbound flight is {n}.")
_RETURN = ("We fly back on {n}.", "Our return flight is {n}.")
_OUTBOUND_UPDATES = (
    "The airline rebooked us on the way out: {n}.",
    "The departing leg was moved to {n}.",
    "Our outbound flight is {n} now.",
)
_RETURN_UPDATES = (
    "Our homeward flight was cancelled and replaced by {n}.",
    "The way back is {n} now, not the earlier one.",
    "For the flight home, it's {n} now.",
)


@pytest.mark.parametrize("seed", range(24))
def test_a_new_flight_number_revises_its_own_leg(seed: int) -> None:
    """A flight number said of a trip names a flight whatever words carry it ("the way back
    is IB 4052", "rebooked us on the way out: OS 1535"), written with a space or without:
    a new number for one leg revises that leg and never the other."""
    rng = random.Random(seed)

    def number() -> str:
        code = "".join(rng.choice(string.ascii_uppercase) for _ in range(2))
        return f"{code}{rng.choice(['', ' '])}{rng.randint(1000, 9999)}"

    out_first = rng.choice(_OUTBOUND).format(n=number())
    back_first = rng.choice(_RETURN).format(n=number())
    if seed % 2:
        out_later = rng.choice(_OUTBOUND_UPDATES).format(n=number())
        assert kept_after(out_first, back_first, out_later) == [back_first, out_later]
    else:
        back_later = rng.choice(_RETURN_UPDATES).format(n=number())
        assert kept_after(out_first, back_first, back_later) == [out_first, back_later]


@pytest.mark.parametrize(
    ("fallback", "primary", "update"),
    [
        (
            "If the primary is down, fall back to tessera-7b-4hg.",
            "For the summariser I want brume-70b-6cc as the primary model.",
            "I've switched the primary model to halcyon-120b-6dw, it's cheaper.",
        ),
        (
            "When the main queue is full we fall back on jobs-spill-9q2.",
            "The main queue is jobs-main-4k7.",
            "The main queue moved to jobs-main-8x1.",
        ),
        (
            "Should the primary region go dark, traffic falls back to eu-west-3.",
            "Our primary region is us-east-2.",
            "The primary region is us-west-1 now.",
        ),
    ],
)
def test_what_to_fall_back_to_is_the_backup_not_the_primary(
    fallback: str, primary: str, update: str
) -> None:
    """ "If the primary is down, fall back to X": X is the backup, which a new primary does
    not revise."""
    assert kept_after(fallback, primary, update) == [fallback, update]


@pytest.mark.parametrize(
    ("text", "musing"),
    [
        ("I'd consider the project finished once builds run in under 5 minutes.", False),
        ("We'll consider the migration done when every table is on v2.", False),
        ("I'd consider it a success once 300 people have signed up.", False),
        ("We might consider raising the cap to $900 next year.", True),
        ("Bea is considering a move to eu-west-2, nothing decided.", True),
        ("Consider switching the port to 8443 at some point.", True),
    ],
)
def test_a_definition_of_done_said_with_consider_is_no_musing(text: str, musing: bool) -> None:
    """ "I'd consider the project finished once ..." says when the work is done; "we might
    consider ..." only muses, and is the first thing a short budget cuts."""
    assert (kind_of(text) == "question") == musing, kind_of(text)


_AGENTS = (
    "my partner and I",
    "the parents",
    "my co-author",
    "the committee",
    "our landlord and I",
    "my sister",
    "the board",
)
_AGREED = ("agreed", "decided", "voted", "insisted")
_ROOMS = ("kitchen", "bathroom", "garage", "attic", "nursery", "cellar")


@pytest.mark.parametrize("seed", range(16))
def test_who_decided_a_new_value_sets_no_scope(seed: int) -> None:
    """ "Kitchen: my partner and I agreed $10,750 is the new max.": who decided is not which
    budget, so the kitchen's earlier cap is replaced and the other room's stays."""
    rng = random.Random(seed)
    room, other = rng.sample(_ROOMS, 2)
    caps = [_amount(rng) for _ in range(3)]
    while len(set(caps)) < 3:
        caps = [_amount(rng) for _ in range(3)]
    earlier = rng.choice(
        (
            f"The {room} budget is capped at {caps[0]}.",
            f"Keep the {room} job at or below {caps[0]}, please.",
            f"{room.capitalize()} spend must stay under {caps[0]}.",
        )
    )
    sibling = f"The {other} budget is capped at {caps[1]}."
    agent, verb = rng.choice(_AGENTS), rng.choice(_AGREED)
    later = rng.choice(
        (
            f"{room.capitalize()}: {agent} {verb} {caps[2]} is the new max.",
            f"{agent.capitalize()} {verb} that the {room} cap is now {caps[2]}.",
        )
    )
    ledger = extract_ledger([user(earlier), say("Ok."), user(sibling), say("Ok."), user(later)])
    active = [c.text for c in ledger.constraints]
    assert later in active
    assert sibling in active, later
    assert earlier in [s.text for s in ledger.superseded], (earlier, later)


def test_an_initialism_before_the_verb_still_names_a_scope() -> None:
    """ "The EU team decided ...": the initialism says which copy, as it would anywhere."""
    assert "eu" in subject("The EU team decided the cap is $500.").words
