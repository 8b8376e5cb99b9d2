"""The word lists behind statements and subjects: words that name the same thing, words that
frame a statement without naming its subject, politeness that is no statement, the choice
words of topics users revise, units, calendar words and number names; and :func:`word_set`,
which the other word lists of the engine are written with.

Data only. A list is words written as one text (:func:`word_set`), lower case.
"""

from __future__ import annotations


def word_set(text: str) -> frozenset[str]:
    """A set of words written as one string."""
    return frozenset(text.split())


def _in_order(text: str) -> list[str]:
    """The words of ``text`` in order (a number's name at its index)."""
    return text.split()


MONTHS = word_set(
    """
        january february march april may june july august september october november
        december jan feb mar apr jun jul aug sep sept oct nov dec
        """
)
"""A date's month: two statements that each name one state dates of the same form."""

WEEKDAYS = word_set(
    """
        monday tuesday wednesday thursday friday saturday sunday mondays tuesdays
        wednesdays thursdays fridays saturdays sundays
        """
)
"""A weekday names a day of a recurring event ("the sync is on Wednesdays")."""
CURRENCIES = word_set(
    """
        dollar dollars euro euros pound pounds yen buck bucks usd eur gbp jpy chf cad aud
        franc francs
        """
)
"""Units that make a number an amount of money."""

CALENDAR = WEEKDAYS | word_set(
    """
        january february march april may june july august september october november
        december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday
        wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri
        sat sun today tomorrow tonight yesterday morning afternoon evening noon midnight
        am pm weekend weekday week month year
        """
)

# Choice words of topics users revise: the choice is the value, the topic the subject.
CHOICES: dict[str, frozenset[str]] = {
    "language": word_set(
        """
            english french spanish german chinese mandarin cantonese japanese korean
            italian portuguese russian arabic hindi dutch swedish norwegian danish
            finnish polish turkish vietnamese thai indonesian greek hebrew czech
            ukrainian romanian hungarian
            """
    ),
    "indentation": frozenset(["tab", "tabs", "space", "spaces"]),
    "length": word_set(
        """
            concise brief briefly terse short shorter long longer verbose detailed
            thorough exhaustive succinct compact lengthy
            """
    ),
    "timezone": word_set(
        """
            utc gmt pst pdt est edt cst cdt mst mdt cet cest bst ist jst aest
            pacific eastern central mountain local zulu
            """
    ),
    "format": word_set(
        """
            markdown json yaml csv xml html table tables bullet bullets prose plain
            """
    ),
    "quote": frozenset(["single", "double"]),
    # What figures are reported in (not an amount's unit: "$800" is money, "in SGD" a choice).
    "currency": word_set(
        """
            usd eur gbp jpy chf cad aud sgd sek nok dkk pln czk huf inr cny brl mxn zar nzd
            hkd krw try sterling reais real kronor krona kroner rupees rupee yuan renminbi
            pesos peso rand zloty forint koruna won lira francs franc yen euros euro
            dollars dollar pounds pound
            """
    ),
    "seat": frozenset(["aisle", "window", "middle"]),
    "class": frozenset(["economy", "business", "premium"]),
}

CHOICE_OF = {word: topic for topic, words in CHOICES.items() for word in words}

# Units of an amount are part of its value ("five hundred dollars"), never a subject.
UNITS = word_set(
    """
        usd eur gbp jpy chf cad aud dollar dollars euro euros pound pounds yen bucks
        cents mb gb kb tb ms percent hours hour minutes minute seconds second days
        """
)

# Words naming the same thing, folded to one.
SYNONYMS: dict[str, str] = {
    **dict.fromkeys(
        word_set(
            """
            budget budgets spend spends spending spent cost costs expense expenses
            expenditure money price prices pay paying payment outlay
            """
        ),
        "spend",
    ),
    **dict.fromkeys(
        ["db", "database", "databases", "dbs", "postgres", "postgresql", "mysql", "mariadb"],
        "database",
    ),
    # "Our live database" is the production one.
    **dict.fromkeys(["prod", "production", "live"], "production"),
    **dict.fromkeys(["stage", "staging"], "staging"),
    # "The account for experiments" is the sandbox; "employees-only documentation" the
    # internal one.
    **dict.fromkeys(
        ["sandbox", "sandboxes", "experiment", "experiments", "experimental"], "sandbox"
    ),
    **dict.fromkeys(["internal", "employees-only", "staff-only", "intranet"], "internal"),
    **dict.fromkeys(["dev", "development"], "development"),
    # The two legs of a trip: "the flight home" is the return flight.
    **dict.fromkeys(["outbound", "outward", "outgoing"], "outbound"),
    **dict.fromkeys(["return", "homeward", "inbound"], "return"),
    **dict.fromkeys(["env", "environment", "environments"], "environment"),
    **dict.fromkeys(["repo", "repos", "repository", "repositories"], "repository"),
    # Where something is: "the database runs on", "lives on", "is hosted on".
    **dict.fromkeys(
        word_set(
            """
            host hosts hosted hostname hostnames server servers machine run runs
            running lives sits sit located resides reside stored store stores
            """
        ),
        "host",
    ),
    **dict.fromkeys(
        word_set(
            """
            name names named naming called calling codename codenames code-name
            renamed rename renaming known title titled label labelled labeled
            """
        ),
        "name",
    ),
    **dict.fromkeys(
        word_set(
            """
            date dates day days deadline deadlines due launch launches launching
            ship ships shipping go-live
            """
        ),
        "date",
    ),
    **dict.fromkeys(["time", "times", "timezone", "timezones", "clock"], "time"),
    **dict.fromkeys(
        word_set(
            """
            answer answers reply replies respond response responses explanation
            explanations output outputs message messages
            """
        ),
        "reply",
    ),
    # Where a deployment sits: "the backup region", "the backup deployment moved to".
    **dict.fromkeys(["region", "regions", "zone", "zones", "datacenter", "datacentre"], "deploy"),
    **dict.fromkeys(
        ["migration", "migrations", "migrate", "migrating", "cutover", "cut-over"],
        "migration",
    ),
    **dict.fromkeys(
        ["deploy", "deploys", "deployed", "deploying", "deployment", "deployments"], "deploy"
    ),
    **dict.fromkeys(["port", "ports"], "port"),
    # Kept as it is: "the protected branch", "the off-limits branch", "the hands-off cluster".
    **dict.fromkeys(
        word_set(
            """
            protect protected protects protecting off-limits hands-off look-don't-touch
            untouchable no-touch frozen locked no-delete do-not-touch read-only
            """
        ),
        "protect",
    ),
    **dict.fromkeys(
        ["person", "people", "head", "heads", "attendee", "attendees", "each"], "person"
    ),
    **dict.fromkeys(
        word_set(
            """
            fly flying flight flights leave leaving depart departs departure
            departing
            """
        ),
        "flight",
    ),
    **dict.fromkeys(
        word_set(
            """
            dependency dependencies package packages library libraries lib libs
            third-party module modules
            """
        ),
        "dependency",
    ),
    **dict.fromkeys(
        word_set(
            """
            backup backups snapshot snapshots dr replica replicas replicated
            replication replicate disaster-recovery replica-site standby fallback fallbacks
            spare spares
            """
        ),
        "backup",
    ),
    **dict.fromkeys(
        word_set(
            """
            owner owners ownership contact contacts oncall on-call assignee
            """
        ),
        "owner",
    ),
    **dict.fromkeys(["branch", "branches"], "branch"),
    # "app logs" are the application logs.
    **dict.fromkeys(["app", "apps", "application", "applications"], "application"),
    **dict.fromkeys(["email", "emails", "e-mail", "mail"], "email"),
}

# Words that say a statement is an update, or carry no subject: never part of one.
NOT_SUBJECT = word_set(
    """
        quick update updated updates heads note fyi btw reminder remember going forward
        now anymore longer moved move moving changed change changes switched switch fresh
        switching new instead actually correction scratch thought rather replaced
        replace please also just still currently current today latest revised revise
        revision again yet sure set stay stays stick keep keeps make let lets go goes
        get gets put done plan planned think want wants need needs use uses used using
        fine good okay ok work works working shall can will would could might may bit
        lot kind sort way thing things stuff everything something team colleague folks
        everyone anyone whatever target targets goal goals aim objective success
        successful means mean bar requirement requirements rule rules policy thing here
        from today week weeks days these those this that effective official officially
        give gives giving mention mentions mentioned show shows tell tells say says said
        display express read reads write writes provide provides easier easy better
        nicer prefer prefers preferred rather like likes love wish hope cap caps capped
        ceiling ceilings limit limits limited maximum max most exceed exceeds exceeding
        under below beneath within upper least minimum min floor over above before after
        earlier later than up to hard soft stop strict strictly allowed allow slipped
        slip slips happens happen happening occurs occur scheduled schedule planned
        pushed got gone went goes took take takes ask asked first one ones questions old
        number numbers value values figure came back same internally per nobody
        absolutely without sense nice appreciated hi hello hey hiya thanks thank thx ty ok
        okay great cool sure perfect awesome cheers alright appreciate lovely brilliant
        fantastic excellent wonderful super yep yeah
        """
)

DEFAULT_SCOPES = word_set(
    """
    primary main default current our the this my new production project public
    """
)
"""Words before a subject word that name the one there is ("the primary region"), not a
second one beside it."""

SCOPE_WORDS = word_set(
    """
    production staging development test testing qa backup replica secondary sandbox preview
    canary project conference hardware personal admin partner private public internal
    external fallback outbound return front fronts rear rears upstairs downstairs indoor
    outdoor
    """
)
"""Words that name one of several copies of a thing ("the *staging* database", "the
*conference* budget"): before a shared word they set a statement apart."""

THINGS = word_set(
    """
    account namespace cluster bucket queue topic branch node service ticket channel key
    instance volume disk vm pod model database region repository server table file folder
    directory image tag endpoint url email inbox board list
    """
)
"""Kinds of things a value names: two statements that each name a different one are about
two slots, whatever the form of their values."""

VALUE_HEADS = word_set(
    """
    cluster bucket queue topic branch node service release ticket channel alerts build job
    pipeline vpc subnet key instance volume disk vm pod namespace
    """
)

ONES = {
    word: value
    for value, word in enumerate(
        _in_order(
            """
            zero one two three four five six seven eight nine ten eleven twelve thirteen
            fourteen fifteen sixteen seventeen eighteen nineteen
            """
        )
    )
}

TENS = {
    word: 10 * value
    for value, word in enumerate(
        _in_order("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
    )
    if word != "_"
}

SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

EXTRA_UNITS = word_set(
    """
    ms sec secs s min mins h hrs requests rps qps words lines chars characters users people
    customers attendees tokens
    """
)


def _measures(table: str) -> dict[str, str]:
    """``"kg: kg kgs kilo"`` lines -> every spelling mapped to the unit's one name."""
    found: dict[str, str] = {}
    for line in table.strip().splitlines():
        name, spellings = line.split(":")
        found.update(dict.fromkeys([name.strip(), *spellings.split()], name.strip()))
    return found


# Units of measure, each under its one name: "115 lx" and "155 lux" are values of one slot,
# as are "49 km/h" and "63 kph". Only after a number ("the lux meter" names a subject); no
# one-letter spelling but the degrees' ("5m" may be minutes, "3 l" a typo).
# "°c" and "°f" are read with the degree sign (or after "degrees"): a bare "c" is a letter.
MEASURES = _measures(
    """
    kg: kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes
    gram: grams gramme grammes
    mg: mg milligram milligrams
    lb: lb lbs
    tonne: tonnes
    km/h: km/h kph kmh kmph
    mph: mph
    m/s: m/s
    km: km kms kilometre kilometres kilometer kilometers
    metre: metres meter meters
    cm: cm centimetre centimetres centimeter centimeters
    mm: mm millimetre millimetres millimeter millimeters
    mile: miles
    degree: °c celsius centigrade °f fahrenheit
    lux: lux lx
    kcal: kcal kcals calorie calories cal cals kilocalorie kilocalories
    litre: litres liter liters
    ml: ml millilitre millilitres milliliter milliliters
    kw: kw kilowatt kilowatts
    kwh: kwh
    decibel: dba decibels
    psi: psi
    mbps: mbps
    iu: iu
    n·m: nm n·m n-m newton-metre newton-metres newton-meter newton-meters
    ppm: ppm
    mg/l: mg/l
    t/ha: t/ha
    """
)
SIGN_OF_CURRENCY: dict[str, str] = {
    **dict.fromkeys(["dollar", "dollars", "buck", "bucks", "usd"], "$"),
    **dict.fromkeys(["euro", "euros", "eur"], "€"),
    **dict.fromkeys(["pound", "pounds", "quid", "gbp"], "£"),
    **dict.fromkeys(["yen", "jpy"], "¥"),
}
"""A currency's word or code -> its sign: "17,500 dollars" and "five hundred dollars" are
amounts of the same form as "$800"."""
BARE_DEGREE_UNITS = {"c": "degree", "f": "degree"}
"""Written after a degree sign or "degrees" only ("-66 °C", "86 degrees F"). A temperature is
one unit whatever its scale: "minus 70 degrees" revises "-64 °C"."""
CURRENCY_OF_SIGN = {"$": "dollar", "€": "euro", "£": "pound", "¥": "yen"}
"""A currency sign -> the currency's one name (the words of each: :data:`SIGN_OF_CURRENCY`)."""
UNIT_NAMES: dict[str, str] = {
    **CURRENCY_OF_SIGN,
    **{word: CURRENCY_OF_SIGN[sign] for word, sign in SIGN_OF_CURRENCY.items()},
    **dict.fromkeys(["hours", "hour", "hrs", "hr", "h"], "hour"),
    **dict.fromkeys(["minutes", "minute", "mins", "min"], "minute"),
    **dict.fromkeys(["seconds", "second", "secs", "sec", "s"], "second"),
    **dict.fromkeys(["ms", "msec", "msecs", "millisecond", "milliseconds"], "millisecond"),
    # A currency with no sign of its own is counted by its name: "CHF 360", "285 francs".
    **dict.fromkeys(["chf", "franc", "francs"], "franc"),
    **dict.fromkeys(["mb", "megabyte", "megabytes"], "mb"),
    **dict.fromkeys(["gb", "gigabyte", "gigabytes"], "gb"),
}
"""A unit's spellings and signs -> its one name: "$38 per person" and "31 dollars" count
the same thing, as do "12 hrs" and "78 hours"."""


# Verbs that fold into a subject word ("runs on" is "host", "renamed" is "name"): a word
# before one is its subject, not a scope ("production runs on", "marketing renamed us").
VERB_FORMS = word_set(
    """
    run runs running lives sits sit located resides reside hosted stored stores renamed rename
    called calling named call owned owns belongs belong deploys deployed deploying replicated
    migrate migrating launches launching ships shipping
    """
)

# Pure politeness: a sentence of these words only is not a statement.
BOILERPLATE = word_set(
    """
        hi hello hey hiya thanks thank thx ty you ok okay k great cool sure perfect a an
        awesome nice good fine morning afternoon evening please continue go ahead sounds
        got it yes yeah yep no nope alright right appreciate cheers bye goodbye hope
        well doing done that's that all for now much so very lot again proceed keep
        going carry on understood noted makes sense excellent wonderful lovely super
        fantastic brilliant glad to hear help helping the work looks look looked sounds
        seems this is it's was were be i we great job there helps helped helpful
        appreciated useful clear works ta tks tnx cheerio
        """
)
