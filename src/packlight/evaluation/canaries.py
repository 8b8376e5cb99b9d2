"""Canaries: typed facts planted into a real trajectory, then compacted again and again.

Eight types, each planted early, in the middle and late (as user messages slipped in before
an assistant turn, where a user could have interjected), each carrying a value no model
could guess (seeded random tokens, the same for the same run seed and trajectory):

======================  ================================================================
``safety_rule``         never touch ``/srv/<token>/``
``hard_constraint``     a memory limit with a number (``<n> MB``)
``project_fact``        the release branch (``rel-<token>``)
``goal_state``          the status word that means done
``user_preference``     a naming prefix (``<token>_``)
``update``              a port stated near the start, changed later under a header
                        ("Actually, ...", "Update: ...") -- the new value must survive and the
                        old one must not be carried (stale)
``paraphrased_update``  a bucket, codename, date, channel, owner or timeout stated near the
                        start in one wording and replaced later in other words, with no
                        header: scored like ``update``
``lookalike``           two values of the same kind in two scopes (the production and the
                        staging database host), stated at different positions; both must
                        survive, and when one is later replaced the other must not move
======================  ================================================================

The wording is generated: every type has several templates (labelled or not, imperatives,
bare negations, the value carried by a second sentence with a pronoun), chosen by the seeded
rng, so passing means reading the statement rather than matching one phrase. Each position
has its own subject (``SUBJECTS``) and each look-alike pair its own kind of value, so no
position's facts supersede another's.

Decoys ride along: sentences on a canary's subject that look like updates but change
nothing ("Update: the cache warmer README was reformatted, nothing else changed.", "The
ingest worker retry budget is still being tuned."), planted in the message after the
canary. A decoy has no score of its own; it is scored through the canary it could knock out
(:attr:`Canary.decoy`).

Each round forces a compaction (``prepare(force=True)``); between rounds a short user and
assistant exchange is appended so every round has new turns to push the old ones out. A
canary survives a round when its value is in the context the peer returned. A stale value is
the superseded value anywhere in the context other than its own original message left
verbatim (a raw message still in the window is history, not a carried claim). A look-alike
pair is kept when both its values survive.
"""

from __future__ import annotations

import dataclasses
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from packlight.evaluation.peers.base import Peer
from packlight.evaluation.replay import archive_of
from packlight.evaluation.rounds import forced_rounds
from packlight.evaluation.visibility import ArchiveView, visible_text
from packlight.messages import Message, as_mapping, message_text, tool_calls_of
from packlight.tokens import TranscriptCounter

CanaryType = Literal[
    "safety_rule",
    "hard_constraint",
    "project_fact",
    "goal_state",
    "user_preference",
    "update",
    "paraphrased_update",
    "lookalike",
]
CANARY_TYPES: tuple[CanaryType, ...] = get_args(CanaryType)
Position = Literal["early", "middle", "late"]
POSITIONS: dict[Position, float] = {"early": 0.15, "middle": 0.5, "late": 0.85}
ORIGIN = 0.03
"""Where the values that updates later supersede are first stated (share of the messages)."""
CLOSING = 0.95
"""Where the late position's decoys and look-alike replacements go (share of the messages)."""
Slot = Literal["origin", "early", "middle", "late", "closing"]
SLOTS: dict[Slot, float] = {
    "origin": ORIGIN,
    "early": POSITIONS["early"],
    "middle": POSITIONS["middle"],
    "late": POSITIONS["late"],
    "closing": CLOSING,
}
NEXT_SLOT: dict[Slot, Slot] = {
    "origin": "early",
    "early": "middle",
    "middle": "late",
    "late": "closing",
}
SUBJECTS: dict[Position, str] = {
    "early": "ingest worker",
    "middle": "report exporter",
    "late": "cache warmer",
}
"""A distinct subject per position, so that one position's facts never supersede another's."""
HEADER_WORDS = ("actually", "update", "instead", "correction")
"""Words that announce a supersession; ``paraphrased_update`` and look-alike replacements
never use them."""
EXCHANGE_USER = "Round {round}: please continue with the task."
EXCHANGE_ASSISTANT = "Understood, continuing."
DECOYS_PER_POSITION = 2

# Templates take ``{noun}`` (the position's subject) and ``{value}`` (the canary's value).
WORDING: dict[str, tuple[str, ...]] = {
    "safety_rule": (
        "Safety rule: never delete or overwrite anything under {value}, it holds the only "
        "copy of the {noun} data.",
        "No writes under {value}; the {noun} keeps its only copy of the data there.",
        "Do not touch {value}. That directory is the only copy of the {noun} data.",
        "The {noun} data has no backup anywhere. It lives under {value}, so never delete or "
        "overwrite anything there.",
        "Leave {value} alone whatever happens: the {noun} state in it cannot be rebuilt.",
        "Nothing under {value} may be deleted, moved or rewritten; the {noun} could not "
        "recover it.",
    ),
    "hard_constraint": (
        "Hard limit: the {noun} must never use more than {value} of memory.",
        "The {noun} has a memory ceiling. Never let it go past {value}.",
        "Keep the {noun} under {value} of memory at all times.",
        "Memory for the {noun} is capped at {value}; anything above that gets it killed.",
        "No more than {value} of RAM for the {noun}, ever.",
        "The {noun} runs on a small box. Its memory use has to stay below {value}.",
    ),
    "project_fact": (
        "Project fact: the {noun} is deployed from the branch {value}.",
        "We ship the {noun} from {value}.",
        "The {noun} has its own release branch. It is called {value}.",
        "Deploys of the {noun} go out from the {value} branch.",
        "{value} is the branch the {noun} gets deployed from.",
        "FYI, releases of the {noun} are cut from {value}.",
    ),
    "goal_state": (
        "Goal: the work is finished only when the {noun} health check prints {value}.",
        "We are done once the {noun} health check reports {value}.",
        "Keep going until the {noun} health check says {value}.",
        "The {noun} health check decides when this is finished. It has to print {value}.",
        "Done means the {noun} health check prints {value}, nothing less.",
        "Don't stop before the {noun} health check returns {value}.",
    ),
    "user_preference": (
        "I prefer that new helper functions for the {noun} start with the prefix {value}.",
        "I'd rather the new {noun} helpers started with {value}.",
        "The team prefers the {value} prefix on new {noun} helper functions.",
        "Please name new {noun} helpers with a leading {value}.",
        "New helper functions in the {noun} should start with {value}, that is how we like them.",
        "We have a naming habit for the {noun}. Its helper functions start with {value}.",
        "Naming preference: new {noun} helper functions begin with {value}.",
    ),
}
PORT_ORIGINALS = (
    "Use {value} for the {noun} admin endpoint.",
    "The {noun} admin endpoint listens on {value}.",
    "The {noun} admin endpoint is on {value}.",
    "Point clients of the {noun} admin endpoint at {value}.",
)
PORT_UPDATES = (
    "Actually, use {value} for the {noun} admin endpoint from now on.",
    "Update: the {noun} admin endpoint moves to {value}.",
    "Correction: the {noun} admin endpoint is on {value}, not the port I gave earlier.",
    "Change of plan: use {value} for the {noun} admin endpoint instead.",
    "Actually the {noun} admin endpoint should listen on {value} instead.",
)
DECOYS: dict[str, tuple[str, ...]] = {
    # On the canary's subject, shaped like an update or a lifted rule, changing nothing.
    "safety_rule": (
        "The {noun} prints a disk-space banner on start; ignore the banner instead of "
        "complying with it.",
        "The {noun} repo has an old cleanup script. No need to run it today.",
        "Actually, the {noun} logs are noisy; don't worry about their warnings.",
    ),
    "hard_constraint": (
        "The {noun} retry budget is still being tuned.",
        "CPU usage of the {noun} does not matter for now.",
        "Correction: I meant the {noun} logs earlier, not its docs.",
    ),
    "project_fact": (
        "The {noun} changelog branch is no longer maintained.",
        "The {noun} used to have a second deploy job, but it was removed.",
        "Update: the {noun} README was reformatted, nothing else changed.",
    ),
    "goal_state": (
        "The {noun} docs are out of scope; we are not done with them, but that can wait.",
        "The {noun} health check looks different on CI, and that is expected.",
        "Instead of rerunning everything, just run the {noun} tests that changed.",
    ),
    "user_preference": (
        "Naming of the {noun} test fixtures doesn't matter to me.",
        "I no longer care about line length in the {noun} code.",
        "The team stopped using type comments in the {noun}.",
    ),
}
DECOY_TARGETS: tuple[CanaryType, ...] = tuple(cast(CanaryType, kind) for kind in DECOYS)
ORIGIN_LEADS = ("A note on the setup:", "Some background before you go on:", "For context:", "")


def _token(rng: random.Random, length: int = 8, alphabet: str = "") -> str:
    return "".join(
        rng.choice(alphabet or string.ascii_lowercase + string.digits) for _ in range(length)
    )


def _pseudo_word(rng: random.Random) -> str:
    """A pronounceable made-up name (``Kavoril``): a codename no model could guess."""
    syllables = [rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(3)]
    return ("".join(syllables) + rng.choice("klnrs")).capitalize()


def _date(rng: random.Random) -> str:
    return f"{rng.randint(2031, 2039)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


@dataclass(frozen=True, slots=True)
class Facet:
    """A property whose value a ``paraphrased_update`` replaces (or a look-alike pair holds)."""

    name: str
    make: Callable[[random.Random], str]
    statements: tuple[str, ...]
    """Wordings of the first statement."""
    replacements: tuple[str, ...]
    """Wordings that replace the value, without a header word."""
    scopes: tuple[str, str] = ("", "")
    """The two scopes of a look-alike pair (``{scope}`` in the templates)."""


PARAPHRASED: tuple[Facet, ...] = (
    Facet(
        "bucket",
        lambda rng: f"in-{_token(rng, 6)}",
        (
            "The {noun} reads from bucket {value}.",
            "Input for the {noun} comes from the {value} bucket.",
            "The {noun} takes its input from {value}.",
        ),
        (
            "Going forward the {noun} pulls its input from {value}.",
            "The {noun} gets its input from {value} now.",
            "The {noun} input bucket has moved to {value}.",
            "From here on, point the {noun} at {value} for its input.",
        ),
    ),
    Facet(
        "codename",
        _pseudo_word,
        (
            "We call the {noun} release {value}.",
            "The {noun} release goes by the codename {value}.",
            "Internally the {noun} release is known as {value}.",
        ),
        (
            "The {noun} release is named {value} now.",
            "We renamed the {noun} release; it is {value} these days.",
            "People will know the {noun} release as {value} from here on.",
        ),
    ),
    Facet(
        "date",
        _date,
        (
            "The {noun} cutover is scheduled for {value}.",
            "We plan to cut the {noun} over on {value}.",
            "The {noun} migration date is {value}.",
        ),
        (
            "The {noun} cutover moved to {value}.",
            "The {noun} cutover slipped; it happens on {value} now.",
            "The {noun} cutover got pushed to {value}.",
        ),
    ),
    Facet(
        "channel",
        lambda rng: f"#alerts-{_token(rng, 5)}",
        (
            "The {noun} posts its alerts to {value}.",
            "Alerts from the {noun} land in {value}.",
        ),
        (
            "These days the {noun} alerts go to {value}.",
            "The {noun} alerts moved over to {value}.",
            "Watch {value} for {noun} alerts from here on.",
        ),
    ),
    Facet(
        "owner",
        lambda rng: "@" + _pseudo_word(rng).lower(),
        (
            "Questions about the {noun} go to {value}.",
            "The {noun} is owned by {value}.",
        ),
        (
            "{value} took over the {noun}.",
            "The {noun} belongs to {value} now, ask them first.",
            "Going forward, {value} is the one to ask about the {noun}.",
        ),
    ),
    Facet(
        "timeout",
        lambda rng: f"{rng.randint(1_000, 9_999)} seconds",
        (
            "The {noun} times out after {value}.",
            "The {noun} gives up after {value}.",
        ),
        (
            "Give the {noun} {value} before it times out.",
            "The {noun} timeout is {value} these days.",
            "Going forward the {noun} waits {value} before giving up.",
        ),
    ),
)
LOOKALIKES: tuple[Facet, ...] = (
    Facet(
        "database host",
        lambda rng: f"db-{_token(rng, 6)}",
        (
            "The {scope} database host is {value}.",
            "For {scope}, the database lives on {value}.",
            "{value} is the {scope} database host.",
            "Connect to {value} for the {scope} database.",
        ),
        (
            "The {scope} database moved to {value}.",
            "The {scope} database runs on {value} now.",
        ),
        ("production", "staging"),
    ),
    Facet(
        "spending cap",
        lambda rng: f"{rng.randint(1_000, 9_999)} EUR",
        (
            "Spending for the {scope} is capped at {value}.",
            "Don't spend more than {value} on the {scope}.",
            "The {scope} has a spending cap of {value}.",
            "Keep {scope} costs under {value}.",
        ),
        (
            "The {scope} cap went up to {value}.",
            "We can spend up to {value} on the {scope} now.",
        ),
        ("project", "conference"),
    ),
    Facet(
        "region",
        lambda rng: f"zone-{_token(rng, 5)}",
        (
            "The {scope} region is {value}.",
            "Our {scope} deployment sits in {value}.",
            "{value} hosts the {scope} deployment.",
        ),
        (
            "The {scope} deployment moved to {value}.",
            "The {scope} region is {value} now.",
        ),
        ("primary", "backup"),
    ),
    Facet(
        "API key",
        lambda rng: f"KEY_{_token(rng, 6, string.ascii_uppercase + string.digits)}",
        (
            "The {scope} API key is stored as {value}.",
            "Use the {value} secret for {scope} API access.",
            "For {scope} API calls, authenticate with {value}.",
        ),
        (
            "The {scope} API key lives in {value} now.",
            "Going forward, {scope} API access uses {value}.",
        ),
        ("read-only", "admin"),
    ),
    Facet(
        "report deadline",
        _date,
        (
            "The {scope} report is due {value}.",
            "We owe them the {scope} report by {value}.",
            "Hand in the {scope} report on {value}.",
        ),
        (
            "The {scope} report deadline moved to {value}.",
            "The {scope} report is due {value} now.",
        ),
        ("draft", "final"),
    ),
    Facet(
        "log directory",
        lambda rng: f"/var/log/{_token(rng, 6)}/",
        (
            "The {scope} logs are written to {value}.",
            "Look in {value} for the {scope} logs.",
            "We keep {scope} logs under {value}.",
        ),
        (
            "The {scope} logs moved to {value}.",
            "From here on {scope} logs are written to {value}.",
        ),
        ("access", "error"),
    ),
)
LOOKALIKE_SLOTS: dict[Position, tuple[Slot, Slot]] = {
    "early": ("origin", "early"),
    "middle": ("early", "middle"),
    "late": ("middle", "late"),
}
"""Where the two members of each position's look-alike pair are stated (one is replaced, if
at all, in the slot after the second)."""


@dataclass(frozen=True, slots=True)
class Canary:
    type: CanaryType
    position: Position
    value: str
    """The exact text that must stay in context."""
    stale: str | None = None
    """The superseded value (``update``, ``paraphrased_update``, a replaced ``lookalike``)."""
    original_message: str | None = None
    """The text of the message that first stated ``stale``."""
    template: str = ""
    """Which wording stated it (``"safety_rule:3"``), to see the wording vary."""
    pair: str | None = None
    """The look-alike pair this value belongs to (both members share it)."""
    scope: str | None = None
    """The scope word of a look-alike value (``"staging"``)."""
    decoy: str | None = None
    """The decoy sentence planted after this canary, if any."""


@dataclass(frozen=True, slots=True)
class Planted:
    messages: list[Message]
    canaries: list[Canary]


def insertion_points(messages: Sequence[Message]) -> list[int]:
    """Indices before which a user message fits: before an assistant turn that follows a
    tool result or a user message (never inside a tool group)."""
    return [
        i
        for i in range(2, len(messages))
        if as_mapping(messages[i]).get("role") == "assistant"
        and as_mapping(messages[i - 1]).get("role") in {"tool", "user"}
    ]


def _nearest(points: Sequence[int], target: int, taken: set[int]) -> int | None:
    free = [p for p in points if p not in taken]
    return min(free, key=lambda p: (abs(p - target), p)) if free else None


def without_open_calls(messages: Sequence[Message]) -> list[Message]:
    """``messages`` without a trailing assistant turn whose calls nothing answered."""
    trimmed = list(messages)
    while (
        trimmed
        and tool_calls_of(trimmed[-1])
        and as_mapping(trimmed[-1]).get("role") == "assistant"
    ):
        trimmed.pop()
    return trimmed


def _slots(base: Sequence[Message]) -> dict[Slot, int] | None:
    """The message index each slot's user message goes before, in slot order."""
    points = insertion_points(base)
    if len(points) < len(SLOTS) + 1:
        return None
    taken: set[int] = set()
    for share in SLOTS.values():
        point = _nearest(points, int(len(base) * share), taken)
        if point is None:
            return None
        taken.add(point)
    # Sorted, so the slots keep their order even where nearest points would cross.
    return dict(zip(SLOTS, sorted(taken), strict=True))


def _distinct(rng: random.Random, make: Callable[[random.Random], str], count: int) -> list[str]:
    values: list[str] = []
    while len(values) < count:
        value = make(rng)
        if all(value not in v and v not in value for v in values):
            values.append(value)
    return values


@dataclass(slots=True)
class _Draft:
    """The canaries and sentences of one planting, before the messages exist."""

    rng: random.Random
    sentences: dict[Slot, list[str]] = field(default_factory=lambda: {s: [] for s in SLOTS})
    canaries: list[tuple[Canary, Slot | None]] = field(default_factory=list)
    """Each canary with the slot whose message first stated its stale value."""

    def say(self, slot: Slot, templates: Sequence[str], **fields: str) -> int:
        """Add one sentence worded by a template the rng picks; returns the template's index."""
        index = self.rng.randrange(len(templates))
        self.sentences[slot].append(templates[index].format(**fields))
        return index

    def add(self, canary: Canary, stated_in: Slot | None = None) -> None:
        self.canaries.append((canary, stated_in))


def _plant_position(draft: _Draft, position: Position, ports: tuple[int, int]) -> None:
    rng, noun = draft.rng, SUBJECTS[position]
    values: dict[str, str] = {
        "safety_rule": f"/srv/{_token(rng)}/",
        "hard_constraint": f"{rng.randint(1_000, 99_999)} MB",
        "project_fact": f"rel-{_token(rng)}",
        "goal_state": _token(rng, 8, string.ascii_uppercase),
        "user_preference": f"{_token(rng, 6, string.ascii_lowercase)}_",
    }
    decoyed = set(rng.sample(DECOY_TARGETS, DECOYS_PER_POSITION))
    for kind, value in values.items():
        index = draft.say(position, WORDING[kind], noun=noun, value=value)
        decoy = None
        if kind in decoyed:
            decoy_index = draft.say(NEXT_SLOT[position], DECOYS[kind], noun=noun)
            decoy = DECOYS[kind][decoy_index].format(noun=noun)
        draft.add(
            Canary(cast(CanaryType, kind), position, value, template=f"{kind}:{index}", decoy=decoy)
        )
    old_port, new_port = (f"port {p}" for p in ports)
    first = draft.say("origin", PORT_ORIGINALS, noun=noun, value=old_port)
    then = draft.say(position, PORT_UPDATES, noun=noun, value=new_port)
    draft.add(
        Canary("update", position, new_port, old_port, template=f"update:{first}/{then}"), "origin"
    )


def _plant_paraphrase(draft: _Draft, position: Position, facet: Facet) -> None:
    noun = SUBJECTS[position]
    old, new = _distinct(draft.rng, facet.make, 2)
    first = draft.say("origin", facet.statements, noun=noun, value=old)
    then = draft.say(position, facet.replacements, noun=noun, value=new)
    template = f"paraphrased_update:{facet.name}:{first}/{then}"
    draft.add(Canary("paraphrased_update", position, new, old, template=template), "origin")


def _plant_pair(draft: _Draft, position: Position, facet: Facet) -> None:
    rng = draft.rng
    pair = f"{position}:{facet.name}"
    values = _distinct(rng, facet.make, 3)
    replaced = rng.randrange(2) if rng.random() < 0.5 else None
    for member, (scope, slot) in enumerate(
        zip(facet.scopes, LOOKALIKE_SLOTS[position], strict=True)
    ):
        index = draft.say(slot, facet.statements, scope=scope, value=values[member])
        template = f"lookalike:{facet.name}:{index}"
        if member == replaced:
            later = NEXT_SLOT[LOOKALIKE_SLOTS[position][1]]
            then = draft.say(later, facet.replacements, scope=scope, value=values[2])
            canary = Canary(
                "lookalike",
                position,
                values[2],
                values[member],
                template=f"{template}/{then}",
                pair=pair,
                scope=scope,
            )
            draft.add(canary, slot)
        else:
            draft.add(
                Canary(
                    "lookalike", position, values[member], template=template, pair=pair, scope=scope
                )
            )


def plant(messages: Sequence[Message], seed: str) -> Planted:
    """``messages`` with canary messages inserted; deterministic for the same ``seed``."""
    rng = random.Random(seed)
    base = without_open_calls(messages)
    slots = _slots(base)
    if slots is None:
        return Planted(base, [])
    draft = _Draft(rng)
    ports = rng.sample(range(20_000, 65_000), 2 * len(POSITIONS))
    facets = rng.sample(PARAPHRASED, len(POSITIONS))
    families = rng.sample(LOOKALIKES, len(POSITIONS))
    for number, position in enumerate(POSITIONS):
        _plant_position(draft, position, (ports[2 * number], ports[2 * number + 1]))
        _plant_paraphrase(draft, position, facets[number])
        _plant_pair(draft, position, families[number])
    texts: dict[Slot, str] = {}
    for slot, sentences in draft.sentences.items():
        rng.shuffle(sentences)
        lead = rng.choice(ORIGIN_LEADS) if slot == "origin" else ""
        texts[slot] = " ".join([lead, *sentences] if lead else sentences)
    canaries = [
        dataclasses.replace(canary, original_message=texts[stated_in])
        if stated_in is not None
        else canary
        for canary, stated_in in draft.canaries
    ]
    at = {index: texts[slot] for slot, index in slots.items() if texts[slot]}
    planted: list[Message] = []
    for index, message in enumerate(base):
        if index in at:
            planted.append(cast(Message, {"role": "user", "content": at[index]}))
        planted.append(message)
    return Planted(planted, canaries)


def exchange(history: Sequence[Message], round_number: int) -> list[Message]:
    """``history`` with a short exchange appended, ending in a user message."""
    extended = list(history)
    last = as_mapping(extended[-1]).get("role") if extended else None
    if last != "assistant" or tool_calls_of(extended[-1]):
        extended.append(cast(Message, {"role": "assistant", "content": EXCHANGE_ASSISTANT}))
    extended.append(
        cast(Message, {"role": "user", "content": EXCHANGE_USER.format(round=round_number)})
    )
    return extended


@dataclass(frozen=True, slots=True)
class CanaryCheck:
    canary: Canary
    in_context: bool
    retrievable: bool
    stale: bool


def check(
    canaries: Sequence[Canary], messages: Sequence[Message], archive: ArchiveView | None
) -> list[CanaryCheck]:
    """Where each canary is after a round (pure)."""
    text = visible_text(messages)
    checks: list[CanaryCheck] = []
    for canary in canaries:
        in_context = canary.value in text
        stale = False
        if canary.stale is not None:
            carried = [m for m in messages if message_text(m) != canary.original_message]
            stale = canary.stale in visible_text(carried)
        checks.append(
            CanaryCheck(
                canary,
                in_context,
                in_context or (archive is not None and archive.contains(canary.value)),
                stale,
            )
        )
    return checks


def pairs_kept(checks: Sequence[CanaryCheck]) -> dict[str, bool]:
    """Per look-alike pair in ``checks``: whether every one of its values is in context."""
    kept: dict[str, bool] = {}
    for item in checks:
        if item.canary.pair is not None:
            kept[item.canary.pair] = kept.get(item.canary.pair, True) and item.in_context
    return kept


@dataclass(slots=True)
class CanaryRun:
    """One peer's rounds on one planted trajectory."""

    peer: str
    trajectory: str
    canaries: list[Canary] = field(default_factory=list)
    rounds: list[list[CanaryCheck]] = field(default_factory=list)
    compacted: list[bool] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    """Tokens of the history after each round (0 when no counter was given)."""
    invalid_transcripts: int = 0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "trajectory": self.trajectory,
            "compacted": self.compacted,
            "tokens": self.tokens,
            "invalid_transcripts": self.invalid_transcripts,
            "errors": self.errors,
            "planted": [
                {
                    "type": c.type,
                    "position": c.position,
                    "value": c.value,
                    "stale_value": c.stale,
                    "template": c.template,
                    "pair": c.pair,
                    "scope": c.scope,
                    "decoy": c.decoy,
                }
                for c in self.canaries
            ],
            "rounds": [
                [
                    {
                        "type": c.canary.type,
                        "position": c.canary.position,
                        "in_context": c.in_context,
                        "retrievable": c.retrievable,
                        "stale": c.stale,
                        "pair": c.canary.pair,
                        "decoyed": c.canary.decoy is not None,
                    }
                    for c in checks
                ]
                for checks in self.rounds
            ],
            "pairs_kept": [sum(pairs_kept(checks).values()) for checks in self.rounds],
        }


def run_canaries(
    planted: Planted,
    peer: Peer,
    *,
    name: str,
    rounds: int,
    counter: TranscriptCounter | None = None,
) -> CanaryRun:
    """Force ``rounds`` compactions of the planted trajectory through ``peer`` (``counter``
    measures the history after each round: keeping everything is easy over the window)."""
    peer.reset()
    archive = archive_of(peer)
    run = CanaryRun(peer=peer.name, trajectory=name, canaries=list(planted.canaries))
    for done in forced_rounds(peer, planted.messages, rounds, exchange=exchange, errors=run.errors):
        run.invalid_transcripts += done.invalid
        run.compacted.append(done.outcome.compacted)
        run.tokens.append(counter.request(done.outgoing) if counter is not None else 0)
        run.rounds.append(check(planted.canaries, done.outgoing, archive))
    return run
