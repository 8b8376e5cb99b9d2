"""Anchored scanning (:mod:`packlight.secret_rules_anchors`) finds exactly what the plain
search finds, for every rule that has an anchor: the same matches, at the same places, with the
same groups, over texts of every kind with secrets planted in them (prose, code, logs, the
secrets corpus), and over upper, swapped and mixed case copies (the anchors spell case out)."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from packlight.redact import RULES
from packlight.secret_rules import Rule
from packlight.secret_rules_anchors import Anchor, anchor, finditer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import _secrets_corpus
import _secrets_corpus_heldout
import _secrets_corpus_heldout_b
import _secrets_corpus_heldout_c
import _secrets_corpus_heldout_d

_CORPORA = (
    _secrets_corpus,
    _secrets_corpus_heldout,
    _secrets_corpus_heldout_b,
    _secrets_corpus_heldout_c,
    _secrets_corpus_heldout_d,
)

_PROSE = (
    "We moved the deploy to Friday; the staging password is {secret} until the rotation.\n",
    "Thanks! I tried the token {secret} but the API said 401, is the key expired?\n",
    "my pin is {secret} and the code 4821 is the door, use password {secret} for now\n",
    "Le mot de passe est {secret} ; el código es 7731 and the passcode: {secret}\n",
)
_CODE = (
    'API_KEY = "{secret}"\nclient = Client(api_key=API_KEY, token=get_token())\n',
    "export AWS_SECRET_ACCESS_KEY={secret}\nexport PGPASSWORD='{secret}'\n",
    '{{"password": "{secret}", "user": "admin", "apiKey": "{secret}"}}\n',
    "password: {secret}\ndb:\n  host: localhost\n  secret_key: {secret}\n",
    "curl -H 'Authorization: Bearer {secret}' https://user:{secret}@example.com/v1?sig={secret}\n",
    "mysql -u root -p{secret} -h db; sshpass -p {secret} ssh host; echo {secret} | vault login -\n",
)
_LOGS = (
    "2024-05-01 12:00:03 INFO session=abc sessionid={secret} remember_token={secret}\n",
    'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n'
    "KeyError: 'token'  # secret={secret}\n",
    "| name | value |\n| DB_PASSWORD | {secret} |\n$ cat .env\nSECRET={secret}\n",
    "-----BEGIN RSA PRIVATE KEY-----\n{secret}\n-----END RSA PRIVATE KEY-----\n",
)


def _texts(seed: int) -> list[str]:
    """Documents of several carriers each, every one with a planted secret, long enough for
    the anchors to skip much; the corpus's own texts and near misses; and case copies."""
    rng = random.Random(seed)
    planted = [item for corpus in _CORPORA for item in corpus.generate(seed, len(corpus.FORMS))]
    secrets = [item.secret for item in planted]
    texts = [item.text for item in planted]
    for corpus in _CORPORA:
        if hasattr(corpus, "generate_near_misses"):
            texts += corpus.generate_near_misses(seed, 40)
    carriers = [*_PROSE, *_CODE, *_LOGS]
    for _ in range(24):
        pieces = [rng.choice(carriers).format(secret=rng.choice(secrets)) for _ in range(8)]
        pieces += rng.sample(texts[: len(planted)], 6)
        rng.shuffle(pieces)
        texts.append("".join(pieces))
    copies: list[str] = []
    for text in texts:
        copies.append(text.upper())
        copies.append(text.swapcase())
        copies.append("".join(c.upper() if rng.random() < 0.5 else c for c in text))
    return texts + copies


_ANCHORED = [rule for rule in RULES if rule.anchor is not None]


def _found(
    matches: Iterable[re.Match[str]],
) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in matches]


def test_many_rules_have_anchors() -> None:
    assert len(_ANCHORED) >= 40


@pytest.mark.parametrize("seed", range(2))
def test_anchored_scanning_finds_what_the_plain_search_finds(seed: int) -> None:
    texts = _texts(seed)
    ascii_texts = [text for text in texts if text.isascii()]
    for rule in _ANCHORED:
        found = rule.anchor
        assert found is not None
        for text in ascii_texts if found.ascii_only else texts:
            assert _found(finditer(rule.pattern, found, text)) == _found(
                rule.pattern.finditer(text)
            ), (rule.pattern.pattern[:80], text[:200])


def test_an_anchor_is_where_a_match_starts() -> None:
    """Every match of an anchored rule over the texts begins where its anchor is found (or,
    for an anchor that looks back from a mark, at a start it names for the match's mark)."""
    texts = _texts(7)[::3]
    for rule in _ANCHORED:
        found = rule.anchor
        assert isinstance(found, Anchor)
        for text in texts:
            if found.ascii_only and not text.isascii():
                continue
            for match in rule.pattern.finditer(text):
                if found.starts is None:
                    at = match.start() + found.offset
                    assert found.pattern.match(text, at), _described(rule)
                    continue
                mark = found.pattern.search(text, match.start())
                assert mark is not None, _described(rule)
                assert match.start() in found.starts(text, mark.start()), _described(rule)


def _described(rule: Rule) -> str:
    found = rule.anchor
    return f"{rule.pattern.pattern[:80]!r} anchored by {found.pattern.pattern if found else None!r}"


def test_case_is_spelt_out_for_ascii_only() -> None:
    # "(?i:k)" matches the Kelvin sign too: an anchor that spells case out is kept off
    # text of other scripts, where it would miss that match.
    pattern = re.compile(r"\b(?i:key)[ \t]*+=[ \t]*+(?P<value>\S{8,}+)")
    found = anchor(pattern)
    assert found is not None
    assert found.ascii_only
    text = "\u212aEY = abcdefgh12345678"
    assert pattern.search(text) is not None


_EDGES = (
    "password=hunter2x9 --api-key=Zx81kLm0pQ --\"token\"=\"abc12345xyz\" -'secret': 's3cr3tvalue'",
    'PGPASSWORD=Sq,ft(k}x export API_TOKEN = \'Ab9!xyz123\' "db_pass"  :  "pw-123456"',
    "x" * 40
    + "key=abcdefgh12 "
    + "a-b_c" * 30
    + "_TOKEN=q1w2e3r4t5 passkey=12345678 keykey:'zz9zz9zz9'",
    "\u212aEY=abcdefgh12 K\u212aey=abcdefgh12 Me\u212a=abcdefgh12"
    " \u043a\u043b\u044e\u0447 password=\u043f\u0430\u0440\u043e\u043b\u044c12345",
    "postgres://admin:Xk7#pQ2@db:5432/app https://user:pa55word@host "
    + "a" * 31
    + "://u:pw123456@h "
    + "b" * 30
    + "://u:pw123456@h "
    + "c" * 40
    + "://u:pw123456@h ://x:y@z 9ab://u:p@h",
    "https://0123456789abcdef0123456789abcdef@o12345.ingest.sentry.io/1 "
    "git+ssh://AbCdEfGhIjKlMnOpQrStUv@github.com/x",
)


@pytest.mark.parametrize("text", _EDGES)
def test_anchors_that_look_back_from_their_mark_find_what_the_plain_search_finds(
    text: str,
) -> None:
    """The assignment's and the URLs' anchors find a mark ("=", ":", "://") and look back
    for the start: names of every length, quotes and dashes before them, schemes too long
    to be one, marks at the very start."""
    back = [rule for rule in _ANCHORED if rule.anchor is not None and rule.anchor.starts]
    assert len(back) >= 3
    for rule in back:
        found = rule.anchor
        assert found is not None
        for variant in (text, text.upper(), text[1:], text[5:], text[: len(text) // 2]):
            assert _found(finditer(rule.pattern, found, variant)) == _found(
                rule.pattern.finditer(variant)
            ), (rule.pattern.pattern[:80], variant)


def test_the_table_holds_the_anchors_read_from_the_rules() -> None:
    """The kept anchors are the ones the patterns give now: a rule changed without writing
    the table again (``python -m packlight.secret_rules_anchors``) fails here."""
    from packlight.secret_rules_anchor_table import TABLE
    from packlight.secret_rules_anchors import read_anchor, table_entry, table_key

    patterns = [rule.pattern for rule in RULES if not rule.anchored_by_rule]
    read = {table_key(p): table_entry(read_anchor(p)) for p in patterns}
    stale = sorted(key for key in read if TABLE.get(key, "missing") != read[key])
    assert not stale, f"{len(stale)} anchors differ: run python -m packlight.secret_rules_anchors"
    assert set(TABLE) == set(read), "entries of rules that no longer exist: write it again"


def test_a_rule_searches_without_its_anchor_until_that_would_have_paid() -> None:
    from packlight.secret_rules import ANCHOR_AFTER_CHARS, ANCHORED_CHARS

    source = _ANCHORED[0]
    rule = Rule(source.pattern.pattern, source.find, source.needles)
    assert rule.anchor_for(ANCHORED_CHARS - 1) is None
    chunk = ANCHOR_AFTER_CHARS // 4
    assert [rule.anchor_for(chunk) is None for _ in range(3)] == [True, True, True]
    built = rule.anchor_for(chunk)
    assert isinstance(built, Anchor)
    assert rule.anchor_for(ANCHORED_CHARS) is built
    assert rule.anchor_for(ANCHORED_CHARS - 1) is None  # a short text still goes at once


@pytest.mark.parametrize("seed", range(3))
def test_redacting_texts_together_gives_each_what_redacting_it_alone_gives(seed: int) -> None:
    """``redact_each`` runs each rule once over the texts that name it, joined: every text
    comes back as ``redact`` gives it alone, secrets, near misses and plain texts mixed in
    random groups, with texts that already hold placeholders, a NUL or nothing at all."""
    from packlight.redact import redact, redact_each

    rng = random.Random(seed)
    texts = [text[: rng.randint(20, 400)] for text in _texts(seed)]
    texts += [redact(text) for text in texts[:40]]  # placeholders already in
    texts += ["", "plain words only", "a NUL \x00 password: hunter2hunter2"]
    for _ in range(30):
        group = rng.sample(texts, rng.randint(1, 60))
        assert redact_each(group) == [redact(text) for text in group]


@pytest.mark.parametrize("seed", range(2))
def test_values_looked_up_together_are_the_secrets_each_lookup_finds(seed: int) -> None:
    """``secrets_in_context`` redacts every value's stretches of the transcript in one call;
    it finds exactly the values ``secret_in_context`` finds one at a time: planted secrets
    (which the transcript marks as such) and plain words, codes and paths (which it does
    not)."""
    from packlight.compressor.secret_context import secret_in_context, secrets_in_context

    rng = random.Random(seed)
    planted = [item for corpus in _CORPORA for item in corpus.generate(seed, 12)]
    sources = [item.text for item in planted] + rng.sample(_texts(seed), 40)
    words = [w.strip(".,;:'\"()") for text in sources for w in text.split()]
    values = [item.secret for item in planted] + rng.sample([w for w in words if w], 80)
    rng.shuffle(values)
    found = secrets_in_context(values, sources)
    assert found == {value for value in values if secret_in_context(value, sources)}
    assert found  # some of the planted secrets are found in their context
