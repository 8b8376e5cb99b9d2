"""Secrets given away by where tools, files and people put them (packlight.secret_rules_tools
and secret_rules_personal), generated with fresh values by the second blind corpus
(benchmarks/_secrets_corpus_heldout_b.py, read after its first measurement), are gone after
redaction; numbers, hashes and names that only look like them stay."""

from __future__ import annotations

import base64
import json
import random
import string
import sys
from pathlib import Path

import pytest

from packlight.redact import redact, redact_arguments, redact_with_report
from packlight.secret_rules_personal import luhn_valid
from tests.redaction import masked

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _secrets_corpus_heldout_b import FORMS, PlantedSecret, generate, generate_near_misses


def _redacted(item: PlantedSecret) -> str:
    if item.role == "tool_call":
        arguments, _ = redact_arguments(json.dumps({"command": item.text}))
        return str(json.loads(arguments)["command"])
    return redact(item.text)


@pytest.mark.parametrize("seed", range(4))
def test_every_form_of_the_second_corpus_is_gone(seed: int) -> None:
    planted = generate(100 + seed, len(FORMS) * 3)
    leaked = [(item.form, item.text) for item in planted if item.secret in _redacted(item)]
    assert not leaked
    assert {item.form for item in planted} == {name for name, _ in FORMS}


@pytest.mark.parametrize("seed", range(3))
def test_its_near_misses_are_left_alone(seed: int) -> None:
    for text in generate_near_misses(200 + seed, 120):
        assert redact(text) == text


def _random(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def _card_number(rng: random.Random) -> str:
    digits = "4" + _random(rng, string.digits, 14)
    check = next(d for d in string.digits if luhn_valid(digits + d))
    return digits + check


@pytest.mark.parametrize("seed", range(6))
def test_personal_credentials_said_in_a_chat(seed: int) -> None:
    rng = random.Random(seed)
    card = _card_number(rng)
    grouped = " ".join(card[i : i + 4] for i in range(0, 16, 4))
    ssn = f"{rng.randint(100, 899)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    code = str(rng.randint(100000, 999999))
    words = " ".join(rng.choice(["apple", "brave", "cable", "dune", "ember"]) for _ in range(12))
    said = [
        (grouped, f"pay with {grouped}, exp {rng.randint(1, 12):02d}/29"),
        (card, f"{rng.choice(['card', 'Visa', 'credit card'])} number {card}"),
        (ssn, f"{rng.choice(['SSN', 'my social is', 'social security number:'])} {ssn}"),
        (code, f"{rng.choice(['the door code is', 'otp', 'verification code:'])} {code}"),
        (code, f"{code} is the code from the authenticator"),
        (words, f"{rng.choice(['seed phrase', 'recovery phrase'])}:\n{words}"),
    ]
    for secret, text in said:
        assert secret not in masked(redact(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "the command failed with exit code 1234 after 3 retries",
        "HTTP status code 4040 is not a real status",
        "aws account 123456789012 owns the bucket",
        "order id 4111111111111111 shipped",  # Luhn-valid but named as an order id
        "call me on 555-123-4567",
        "commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",
        "cache key: node-cache-Linux-x64-3f786850e387550fdab836ed7e6dc881de23001b",
        '"integrity": "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="',
        "Basic usage: run the tool with --help",
        "the key is to restart the worker before the migration",
        'password = os.environ["DB_PASSWORD"]',
        'kubectl create secret generic db --from-literal=password="$(openssl rand -base64 24)"',
    ],
)
def test_what_only_looks_like_a_secret_stays(text: str) -> None:
    assert redact(text) == text


def test_a_certificate_in_base64_stays_and_a_private_key_goes() -> None:
    rng = random.Random(7)
    body = _random(rng, string.ascii_letters + string.digits, 64)
    certificate = base64.b64encode(
        f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n".encode()
    ).decode()
    key = base64.b64encode(
        f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\n".encode()
    ).decode()
    text = f"client-certificate-data: {certificate}\nclient-key-data: {key}\n"
    redacted = redact(text)
    assert certificate in redacted
    assert key not in redacted


@pytest.mark.parametrize("seed", range(4))
def test_what_a_command_printed_after_asking_for_a_secret_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    secret = _random(rng, string.ascii_letters + string.digits + "!%^&*_-=", 24)
    command = rng.choice(
        [
            "terraform output -raw db_password",
            "heroku config:get SECRET_KEY -a web",
            "vault kv get -field=token secret/ci",
            "gcloud secrets versions access latest --secret=api-key",
        ]
    )
    text = f"$ {command}\n{secret}\n$ echo done"
    assert secret not in masked(redact(text))
    # A command that asks for nothing secret prints nothing secret.
    plain = f"$ git rev-parse --abbrev-ref HEAD\n{secret}\n"
    assert redact(plain) == plain


@pytest.mark.parametrize("seed", range(4))
def test_tool_forms(seed: int) -> None:
    rng = random.Random(seed)
    password = _random(rng, string.ascii_letters + string.digits, 10) + "#7"
    hexkey = _random(rng, "0123456789abcdef", 64)
    user_token = _random(rng, "0123456789abcdef", 32)
    basic = base64.b64encode(f"deploy:{password}".encode()).decode()
    cases = [
        (password, f"<server><id>r</id><password>{password}</password></server>"),
        (password, f"CREATE USER app IDENTIFIED BY '{password}';"),
        (password, f"ALTER ROLE app WITH PASSWORD '{password}';"),
        (password, f"ldapsearch -x -D cn=admin,dc=ex,dc=org -w {password} -b dc=ex,dc=org"),
        (password, f"cmdkey /add:host /user:ops /pass:{password}"),
        (password, f'$pw = ConvertTo-SecureString "{password}" -AsPlainText -Force'),
        (hexkey, f"openssl enc -aes-256-cbc -K {hexkey} -iv 00 -in a -out b"),
        (password, f"Driver={{ODBC}};Server=db;Uid=sa;Pwd={{{password}}};"),
        (user_token, f"SENTRY_DSN=https://{user_token}@o1.ingest.sentry.io/42"),
        (hexkey, f"https://b.s3.amazonaws.com/k?X-Amz-Signature={hexkey}&X-Amz-Date=1"),
        (basic, f'10.0.0.1 - - "GET / HTTP/1.1" 401 auth="Basic {basic}"'),
        (hexkey, f"deployer wallet private key is 0x{hexkey}"),
        (user_token, f"twilio auth token {user_token}"),
    ]
    for secret, text in cases:
        redacted, counts = redact_with_report(text)
        assert secret not in redacted, text
        assert counts, text


@pytest.mark.parametrize("seed", range(4))
def test_generated_passwords_that_look_like_code_and_plain_word_passphrases(seed: int) -> None:
    rng = random.Random(seed)
    symbols = "()[]{}~*&^%"
    password = (
        _random(rng, string.ascii_uppercase, 3)
        + rng.choice("([{")
        + _random(rng, string.ascii_lowercase + string.digits, 6)
        + rng.choice(")]}*~")
        + _random(rng, string.ascii_letters + symbols, 6)
        + str(rng.randint(10, 99))
    )
    words = " ".join(
        rng.choice(["cobalt", "walnut", "juniper", "sparrow", "glacier"]) for _ in range(4)
    )
    phrase = f"{words} {rng.randint(10, 99)}"
    said = [
        (password, f"try {password} — that's the root password on the box"),
        (password, f"ssh in as deploy, password {password}"),
        (password[1:], f"mysql -u root -p-{password[1:]} -e 'SHOW TABLES;'"),
        (
            phrase,
            f"{rng.choice(['enter the passphrase', 'passphrase is', 'passphrase:'])} {phrase}.",
        ),
    ]
    for secret, text in said:
        assert secret not in masked(redact(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "the passphrase prompt appears twice now",
        "The passphrase must be at least twelve characters long",
        "password: Optional[str] = None",
        "token = getpass.getpass('Token: ')",
        "mysql -u root -p -e 'SHOW TABLES;'",
    ],
)
def test_prose_and_code_around_passwords_stay(text: str) -> None:
    assert redact(text) == text
