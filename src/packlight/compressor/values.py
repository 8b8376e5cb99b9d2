"""What a stated value is, whatever its particulars: the form that says which slot it fills.

A user who revises a value rarely repeats the words that stated it ("We deploy to
ca-southeast-5", later "We moved production to ca-central-3"); what stays is the kind of value:
a region, an amount of money, a port, a file of one extension, an e-mail address, a date, a
weekday, a choice among languages or currencies, a number of one unit ("7 retries", "three
retries"). :func:`slot_forms` names these forms, and :mod:`packlight.compressor.subjects`
links an update to the statement that holds a value of the same form.

Pure functions of strings.
"""

from __future__ import annotations

import functools
import re

from packlight.compressor.vocabulary import (
    CALENDAR,
    CHOICE_OF,
    CURRENCIES,
    MONTHS,
    ONES,
    SCALES,
    SIGN_OF_CURRENCY,
    SYNONYMS,
    TENS,
    UNITS,
    VALUE_HEADS,
    WEEKDAYS,
    word_set,
)

NUMBER_WORD = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|thousand|million|billion|half|quarter|dozen|single|"
    r"double|triple)\b",
    re.IGNORECASE,
)


_TIME_ZONE = re.compile(
    r"(?:africa|america|antarctica|asia|atlantic|australia|europe|indian|pacific)/\w+"
    r"|(?:utc|gmt)[+-]\d{1,2}(?::?\d{2})?",
    re.I,
)


_HEAD = re.compile(r"([a-z]{2,})[-_/.](?=\w)")


DATE_FORMAT = re.compile(r"(?:[YMDymd]{1,4}[-/. ]){2}[YMDymd]{1,4}")


def value_topic(token: str) -> str | None:
    """What a value says about its own subject: ``Europe/Helsinki`` is a time zone,
    ``cluster-teal-1jc`` a cluster, ``db-prod-4rv`` a database (a lower-case word leading an
    identifier; two-letter codes like ``eu-`` and upper-case keys like ``OPS-`` say too
    little)."""
    bare = token.strip(".,;:!?")
    if _TIME_ZONE.fullmatch(bare):
        return "timezone"
    if DATE_FORMAT.fullmatch(bare):
        return "dateformat"
    head = _HEAD.match(bare)
    if head is None:
        return None
    word = head.group(1)
    if word in SYNONYMS:
        return SYNONYMS[word]
    # Only a word that names a kind of thing ("cluster-teal-1jc"); a name's first part
    # ("atlas-v5", "cobalt-v6") says nothing about what it is.
    return word if word in VALUE_HEADS else None


_SPELLED = re.compile(
    r"\b(?:(?:" + "|".join([*ONES, *TENS, *SCALES]) + r")(?:[\s-]+(?:and[\s-]+)?|\b))+"
    r"(?:(dollars?|bucks|euros?|pounds?)\b)?",
    re.I,
)


def spelled_amounts(text: str) -> set[str]:
    """Amounts written in words, as digits: "five hundred dollars" is ``$500``, so that it
    is a value of the same form as ``$800``."""
    found: set[str] = set()
    for match in _SPELLED.finditer(text):
        words = re.findall(r"[a-z]+", match.group().lower())
        total = current = 0
        for word in words:
            if word in ONES:
                current += ONES[word]
            elif word in TENS:
                current += TENS[word]
            elif word == "hundred":
                current = max(current, 1) * 100
            elif word in SCALES:
                total += max(current, 1) * SCALES[word]
                current = 0
        number = total + current
        if number <= 1 or (len(words) < 2 and not match.group(1)):
            continue  # "one" alone is rarely an amount
        currency = (match.group(1) or "").lower()
        prefix = SIGN_OF_CURRENCY.get(currency, "")
        found.add(f"{prefix}{number:,}")
    return found


def number_words(token: str) -> bool:
    """Whether ``token`` is a number in words ("seven", "twenty-one")."""
    return all(is_number_word(part) for part in token.lower().split("-"))


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_NUMBER_WORDS = word_set(
    """
    zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million billion half quarter dozen single double triple
    """
)
"""The words of :data:`NUMBER_WORD`, for looking a whole word up rather than matching it."""


def is_number_word(word: str) -> bool:
    """``NUMBER_WORD.fullmatch(word)``, by a set lookup where that is the same: an ASCII word
    (outside ASCII, case folding is wider than ``str.lower``: the long s matches "s")."""
    if word.isascii():
        return word.lower() in _NUMBER_WORDS
    return NUMBER_WORD.fullmatch(word) is not None


CURRENCY_SIGN = re.compile(r"[$€£¥]")
_CLOCK_TIME = re.compile(r"\d{1,2}(?::\d{2})?(?:am|pm)?|am|pm")
_PLAIN_NUMBER = re.compile(r"[\d,.]+%?")


# Both are asked of every earlier value each time a statement is compared with the earlier
# ones: once per value.
@functools.lru_cache(maxsize=16_384)
def shape(value: str) -> str:
    if CURRENCY_SIGN.search(value) or value in UNITS or is_number_word(value):
        return "amount"
    if _CLOCK_TIME.fullmatch(value) or value in CALENDAR:
        return "time"
    if _PLAIN_NUMBER.fullmatch(value):
        return "number"
    return "name"


_BARE_SMALL_NUMBER = re.compile(r"\d{1,2}")


@functools.lru_cache(maxsize=16_384)
def shapes(value: str) -> frozenset[str]:
    """The shapes ``value`` may have: a bare number of one or two digits is a clock time
    ("the ceremony at 11") or a plain number ("75 lux", after "130 lux") alike, so it has
    both; any other value has its one :func:`shape`."""
    if _BARE_SMALL_NUMBER.fullmatch(value):
        return frozenset({"time", "number"})
    return frozenset({shape(value)})


_VALUE_SHAPE = re.compile(r"[a-z0-9]+")


def common_prefix(first: str, second: str) -> int:
    """How many leading characters two values share."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


@functools.lru_cache(maxsize=16_384)
def value_shape(value: str) -> str:
    """A value's form without its particulars: ``db-stg-9ms`` and ``db-prod-4ar`` are
    ``#-#-#``, ``$2,000`` is ``$#,#``, ``96%`` is ``#%``."""
    return _VALUE_SHAPE.sub("#", value)


def same_topic_form(first: str, second: str) -> bool:
    """Two date formats or two time zones are values of one kind whatever their spelling."""
    topic = value_topic(first)
    return topic in {"dateformat", "timezone"} and value_topic(second) == topic


NOT_A_TITLE = frozenset({"project", "days", "week", "today", "one"})


IDENTIFIER_VALUE = re.compile(r"(?=.*\d)[\w$€£¥./@#:+-]*[-_./:][\w./@#:+-]*")


NAMED_CHOICES = frozenset({"quote", "seat", "class"})
"""Choices whose words are common words too ("the cold *aisle*", "the *middle* watch",
"*single* uploads"): a choice only where the text names what is chosen."""
_RATIO_VALUE = re.compile(r"\d{1,3}\.\d{1,3}:\d{1,3}(?:\.\d{1,3})?|\d{1,3}:\d")
"""A ratio ("16:9", "2.39:1", "4:3"): a decimal before the colon or one digit after it, which
no time of day has ("16:10" stays ambiguous and is read as a time)."""
_CLOCK_VALUE = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d")
_SHORT_AMOUNT = re.compile(r"\d[\d,.]*[km]")
_NUMERIC_ID = re.compile(r"\d+(?:[- ]\d+)*")
VERSION = re.compile(r"v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?")
_PREFIXED_NUMBER = re.compile(r"(?P<prefix>[a-z]{2,8})\d{5,}")
"""A registry's number written with its prefix and no separator (``NCT04332839``,
``ISRCTN29741944``): shorter runs of digits are flights, rooms and models."""


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


_IP = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?")


_SCHEME = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*)://")


_DOMAIN = re.compile(r"(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:/\S*)?")


_FILE = re.compile(r"[\w./~-]*/[\w.-]*?(?P<extension>\.[a-z][a-z0-9]{0,5})")


def address_kind(value: str) -> str | None:
    """What kind of address a value is, whatever its particulars: an e-mail address, an _IP
    address, a URL by its scheme (a host name without one is a web address:
    ``gw-3uk.example.dev/v1`` for ``https://...``), a file by its extension."""
    if _EMAIL.fullmatch(value):
        return "email"
    if _IP.fullmatch(value):
        return "ip"
    scheme = _SCHEME.match(value)
    if scheme:
        name = scheme.group("scheme")
        return f"url:{'http' if name in {'http', 'https'} else name}"
    if _DOMAIN.fullmatch(value) and not _FILE.fullmatch(value):
        return "url:http"
    file = _FILE.fullmatch(value)
    if file:
        return f"file:{file.group('extension')}"
    return None


def segment_shape(value: str) -> str:
    """An identifier's format, each part between separators as letters (``a``), digits
    (``9``) or both (``x``): ``OPS-2602`` and ``INFRA-4466`` are ``a-9``, ``lattice-v2`` is
    ``a-x``, ``ca-central-3`` is ``a-a-9``."""
    return re.sub(
        r"[a-z0-9]+",
        lambda part: "9" if part.group().isdigit() else "a" if part.group().isalpha() else "x",
        value,
    )


def counted_units(units: frozenset[str], words: frozenset[str]) -> frozenset[str]:
    """What a statement's numbers count: the units written with them, or "port" when the
    statement names one ("the admin port is 9291")."""
    return units or (frozenset({"port"}) if "port" in words else frozenset())


_CHANNEL = re.compile(r"#[a-z][\w-]*")
"""A chat channel's name ("#web-digest", "#ops")."""


# Linking a statement compares its values with those of every statement before it, round
# after round: memoised.
@functools.lru_cache(maxsize=16_384)
def slot_forms(
    values: frozenset[str],
    *,
    words: frozenset[str],
    units: frozenset[str],
    kinds: frozenset[str],
    fine: bool = False,
) -> frozenset[str]:
    """The forms of ``values`` that each name one slot: an identifier's form with what its
    leading word names (``cluster:#-#-#``, ``#-#-#`` for a region, ``#/#-#`` for a path), an
    amount of money, a number of one unit (``number:port``), a date format, a time zone. A
    bare number, a word or a name says too little to stand for a slot. ``words``, ``units``
    and ``kinds`` are those of the statement the values come from (a name is a person's when
    the statement is about a role, a number counts the unit it is written with). ``fine``:
    an identifier's exact format (``OPS-2602`` is ``a-9``) rather than its outline
    (``#-#``)."""
    forms: set[str] = set()
    units = counted_units(units, words)
    person = "role" in kinds
    for value in values:
        topic = value_topic(value)
        if topic in {"dateformat", "timezone"}:
            forms.add(topic)
        elif "timezone" in kinds and value.isalpha() and value not in CHOICE_OF:
            forms.add("timezone")  # "Oslo time"
        elif re.search(r"[$€£¥]", value):
            forms.add("money")
        elif value in MONTHS:
            forms.add("date")
        elif (
            value in CHOICE_OF
            and not (
                CHOICE_OF[value] == "currency" and any(re.search(r"\d|[$€£¥]", v) for v in values)
            )
            # "single uploads", "double the budget": a quote or seat only where it says so.
            and (CHOICE_OF[value] not in NAMED_CHOICES or CHOICE_OF[value] in words)
        ):
            forms.add(f"choice:{CHOICE_OF[value]}")  # "reply in Italian", "figures in SGD"
        elif topic is None and person and value.isalpha() and not is_number_word(value):
            forms.add("person")  # "Ngozi Mbeki approves every release"
        elif value in WEEKDAYS:
            forms.add("weekday")
        elif _CHANNEL.fullmatch(value):
            forms.add("channel")  # "post updates in #web-digest"
        elif (re.fullmatch(r"[\d,.]+", value) or number_words(value)) and len(units) == 1:
            # An amount in a currency with no sign ("CHF 360", "285 francs") is money too.
            forms.add("money" if units & CURRENCIES else f"number:{next(iter(units))}")
        elif value.endswith("%") and value[:-1].replace(".", "").isdigit():
            forms.add("number:percent")  # "60%" and "73 percent"
        elif _RATIO_VALUE.fullmatch(value):
            forms.add("ratio")  # "shot in 16:9", "frame lines at 2.39:1"
        elif _CLOCK_VALUE.fullmatch(value):
            forms.add("clock")  # "after 2 pm", "until 19:00"
        elif _NUMERIC_ID.fullmatch(value) and sum(c.isdigit() for c in value) >= 8:
            forms.add("numeric-id")  # "1694-6718-7284", "660656690748"
        elif _SHORT_AMOUNT.fullmatch(value):
            pass  # "41.5k": a number in thousands, of the amount written beside it
        elif address := address_kind(value):
            forms.add(address)
        elif VERSION.fullmatch(value):
            forms.add("version")
        elif prefixed := _PREFIXED_NUMBER.fullmatch(value):
            # The prefix names the registry: another number of the same one is a new value.
            forms.add(f"code:{prefixed.group('prefix')}" if fine else "code")
        elif IDENTIFIER_VALUE.fullmatch(value):
            outline = segment_shape(value) if fine else value_shape(value)
            forms.add(f"{topic or ''}:{outline}")
        elif "name" in words and value.isalpha() and value not in NOT_A_TITLE:
            forms.add("title")  # "The project's codename is Petrel", "New codename: Wagtail"
    if "choice:currency" in forms:
        forms.discard("choice:language")  # "Swedish kronor": a currency, not a language
    return frozenset(forms)
