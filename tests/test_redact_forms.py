"""The secret forms a careless user and a busy agent produce, generated with fresh values
(benchmarks/_secrets_corpus.py), are gone after redaction; what only looks like them stays."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from packlight.redact import placeholder, redact, redact_arguments, redact_with_report
from tests.redaction import masked

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _secrets_corpus import FORMS, PlantedSecret, generate


def _redacted(item: PlantedSecret) -> str:
    if item.role == "tool_call":  # a command the agent ran, inside tool-call arguments
        arguments, _ = redact_arguments(json.dumps({"command": item.text}))
        return str(json.loads(arguments)["command"])
    return redact(item.text)


@pytest.mark.parametrize("seed", range(5))
def test_every_planted_secret_of_every_form_is_gone(seed: int) -> None:
    planted = generate(seed, len(FORMS) * 3)
    leaked = [(item.form, item.text) for item in planted if item.secret in _redacted(item)]
    assert not leaked
    assert {item.form for item in planted} == set(FORMS)


def test_redacting_the_corpus_twice_changes_nothing_more() -> None:
    for item in generate(11, len(FORMS) * 2):
        once = redact(item.text)
        assert redact_with_report(once) == (once, Counter())


def test_the_same_secret_gets_the_same_placeholder_and_two_secrets_two() -> None:
    text = (
        "DB_PASSWORD=Orchid2291!xQ\nREPLICA_PASSWORD=Mango118?Zp\nretry DB_PASSWORD=Orchid2291!xQ"
    )
    redacted = redact(text)
    first, second = placeholder("password", "Orchid2291!xQ"), placeholder("password", "Mango118?Zp")
    assert first != second
    assert redacted.count(first) == 2
    assert redacted.count(second) == 1
    assert "Orchid2291" not in first  # the fingerprint says nothing of the value


def test_a_placeholder_depends_on_the_installation_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PACKLIGHT_LOCAL_KEY", "a" * 40)
    one = redact("the admin password is Falcon77#Qq")
    monkeypatch.setenv("PACKLIGHT_LOCAL_KEY", "b" * 40)
    other = redact("the admin password is Falcon77#Qq")
    assert one != other
    assert one.startswith("the admin password is [secret: password #")


def test_a_bare_aws_secret_key_needs_no_label() -> None:
    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for _ in range(20):
        body = [rng.choice(alphabet) for _ in range(40)]
        body[rng.randrange(40)] = rng.choice("/+")
        secret = "".join(body)
        text = f"rotated it this morning, new one: {secret} (old one revoked)"
        assert secret not in masked(redact(text))
        assert secret not in masked(redact(f"{secret}"))


NEAR_MISSES = [
    "    token: the token to use for the API",
    "    password: Optional[str] = None",
    "def login(self, username: str, password: str) -> bool:",
    "mkdir -p /tmp/build && cp -p a b",
    "docker run -u 1000:1000 -v $PWD:/src node:20 npm test",
    "git push -u origin main; sort -u names.txt",
    "psql -p 5432 -h localhost app",
    "mysql -p app_db",
    "curl -u $API_USER:$API_PASS https://example.internal/status",
    "PASS: test_parse_dates\nFAIL: test_timezone",
    "pwd: /home/runner/work/app",
    "AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxx",
    'api_key = "your-api-key-here"',
    "password = <YOUR PASSWORD>",
    "The password prompt timed out; reset your password here.",
    "commit 3f9c2e4b1d0a3f9c2e4b1d0a3f9c2e4b1d0a3f9 fixes the token refresh",
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "call_Xk29Lm3QpZ7Rt5Vw8Yb1Nc4D toolu_01A2B3C4D5E6F7G8H9J0K1L2",
    "password = get_password()  # from the keyring",
    "pin the version to 2.31.0 and rerun",
    "src/packlight/compressor/engine.py+tests",
    "integrity sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_what_only_looks_like_a_secret_stays(text: str) -> None:
    assert redact_with_report(text) == (text, Counter())
