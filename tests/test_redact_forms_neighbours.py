"""Neighbours of the forms that leaked last: values with any symbol after a secret's name,
Kubernetes Secret data, private-key blocks cut short, secret stores' command lines, and a
secret said bare in a focus topic. Every value is generated per test by a seeded rng and the
wording varies, so that no test passes on one corpus' phrasing; code, hashes and prose that
only look like them stay."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from packlight.compressor.ledger import focus_without_secrets
from packlight.redact import redact, redact_arguments, redact_with_report
from tests.redaction import masked

_SYMBOLS = "!#%^*()[]{},;:.?~+=@-_"


def _random(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def _password(rng: random.Random) -> str:
    """A generated password with a letter, a digit and symbols anywhere in it, brackets and
    commas included (what a password manager gives)."""
    middle = _random(rng, string.ascii_letters + string.digits + _SYMBOLS, rng.randint(10, 20))
    return rng.choice(string.ascii_letters) + middle + rng.choice(string.digits)


def _gone(secret: str, text: str) -> bool:
    redacted, counts = redact_with_report(text)
    return secret not in masked(redacted) and bool(counts)


@pytest.mark.parametrize("seed", range(8))
def test_a_labelled_value_with_any_symbol_is_gone_in_every_context(seed: int) -> None:
    rng = random.Random(seed)
    password = _password(rng)
    name = rng.choice(
        ["PGPASSWORD", "credentials", "DB_PASSWORD", "MYSQL_PWD", "redis_password", "SECRET_KEY"]
    )
    contexts = [
        f"{name}={password} psql -h db -U app",
        f"{rng.choice(['DEBUG', 'ERROR'])} bind failed dn=cn=svc {name}={password}",
        f"add {name}={password} to the env file",
        f'{{"env": ["{name}={password}", "PGUSER=app"]}}',
        f"Server=db;Database=app;User Id=sa;{name}={password};Encrypt=true",
        f"{name}={password}&&make deploy",
        f"docker run -e {name}={password} -p 5432:5432 postgres",
    ]
    for text in contexts:
        assert _gone(password, text), text


@pytest.mark.parametrize("seed", range(4))
def test_a_password_in_a_repr_loses_only_its_own_brackets(seed: int) -> None:
    rng = random.Random(seed)
    password = _random(rng, string.ascii_letters + string.digits, 14) + "!"
    for text in (
        f"User(name=bob, password={password})",
        f"Credentials{{user=bob, password={password}}}",
        f"connect(host=db,password={password},dbname=app)",
    ):
        redacted = redact(text)
        assert password not in redacted, text
        assert redacted.endswith(text[-1]), redacted  # the closing bracket stays


@pytest.mark.parametrize(
    "text",
    [
        "f(password=pw, user=u)",
        "client(api_key=api_key_value, x=1)",
        "dict(token=get_token())",
        "session = Session(token=self.session_token)",
        "run(secret_key=settings.SECRET_KEY)",
        "conn = connect(password=db_password, host=host)",
    ],
)
def test_code_that_passes_a_secret_by_name_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("seed", range(6))
def test_every_value_of_a_kubernetes_secret_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    plain = _password(rng)
    encoded = base64.b64encode(plain.encode()).decode()
    key = rng.choice(["password", "api-token", "config.json", "tls.key", "DATABASE_URL", "user"])
    name = _random(rng, string.ascii_lowercase, 6)
    yaml = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {name}\ntype: Opaque\n"
        f"data:\n  {key}: {encoded}\n"
    )
    as_json = json.dumps(
        {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name}, "data": {key: encoded}},
        indent=rng.choice([None, 2]),
    )
    string_data = f"kind: Secret\nstringData:\n  {key}: {plain}\n"
    printed = f"$ kubectl get secret {name} -o yaml\n{yaml}"
    for text in (yaml, as_json, string_data, printed):
        redacted = redact(text)
        assert encoded not in redacted, text
        assert plain not in redacted, text
    # In a tool's JSON arguments too.
    arguments, _ = redact_arguments(json.dumps({"content": yaml}))
    assert encoded not in arguments


def test_the_data_of_a_config_map_stays() -> None:
    text = "apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  REPLICAS: Mw==\n"
    assert redact(text) == text


@pytest.mark.parametrize("seed", range(6))
def test_a_private_key_block_cut_anywhere_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    label = rng.choice(
        ["RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "PGP PRIVATE KEY BLOCK"]
    )
    lines = [_random(rng, string.ascii_letters + string.digits + "+/", 64) for _ in range(4)]
    cut = rng.randint(5, 15)
    headers = rng.choice(
        ["", "\n", "Version: GnuPG v2\n\n", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0F\n\n"]
    )
    body = "\n".join([*lines[:3], lines[3][:cut]])
    newline = rng.choice(["\n", "\r\n"])
    block = f"-----BEGIN {label}-----\n{headers}{body}".replace("\n", newline)
    for text in (block, f"Error: unexpected EOF\ninput was:\n{block}"):
        redacted = redact(text)
        assert not any(line in redacted for line in lines[:3]), text
        assert lines[3][:cut] not in redacted, text
    # JSON-escaped, as a tool call's arguments carry it.
    escaped = json.dumps({"content": block})
    assert not any(line in redact(escaped) for line in lines[:3])


@pytest.mark.parametrize("seed", range(6))
def test_values_handed_to_or_printed_by_a_secret_store_are_gone(seed: int) -> None:
    rng = random.Random(seed)
    secret = _password(rng)
    quote = rng.choice(["'", '"'])
    name = _random(rng, string.ascii_uppercase, 6)
    cases = [
        f"gh secret set {name} --body {quote}{secret}{quote}",
        f"az keyvault secret set --vault-name kv --name {name} --value {quote}{secret}{quote}",
        f"aws secretsmanager create-secret --name {name} --secret-string {quote}{secret}{quote}",
        f"aws ssm put-parameter --name /{name} --type SecureString --value {quote}{secret}{quote}",
        f"echo -n {quote}{secret}{quote} | gcloud secrets create {name.lower()} --data-file=-",
        f"echo {quote}::add-mask::{secret}{quote}",
        f'<add key="{rng.choice(["ApiKey", "DbPassword", "ClientSecret"])}" value="{secret}" />',
        f"gcloud secrets versions access latest --secret={name.lower()}\n{secret}",
        f"aws secretsmanager get-secret-value --secret-id {name} --query SecretString "
        f"--output text\n{secret}",
    ]
    for text in cases:
        assert _gone(secret, text), text


@pytest.mark.parametrize(
    "text",
    [
        "aws secretsmanager create-secret --name x --secret-string file://creds.json",
        "echo $TOKEN | gh secret set DEPLOY_TOKEN",
        "echo hello | aws s3 ls",
        "curl --data @body.json https://example.com",
        '<add key="LogLevel" value="Verbose" />',
        "gcloud config list\nproject-id",
    ],
)
def test_what_only_names_a_secret_store_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("seed", range(6))
def test_neighbouring_forms_of_tools_and_chats(seed: int) -> None:
    rng = random.Random(seed)
    password = _random(rng, string.ascii_letters + string.digits, 12) + rng.choice("!#%*")
    letters = _random(rng, string.ascii_uppercase, 4) + _random(rng, string.ascii_letters, 12)
    hexkey = _random(rng, "0123456789abcdef", 64)
    accented = rng.choice(["Jürgen", "Grüße", "Málaga", "Señor"]) + str(rng.randint(10, 99))
    basic = base64.b64encode(f"{rng.choice(['root', 'ci'])}:{accented}*".encode()).decode()
    cases = [
        (password, f"127.0.0.1:6379> AUTH {rng.choice(['default ', ''])}{password}"),
        (password, f"ldapsearch -x -D cn=admin,dc=ex -w '-{password}' -b dc=ex"),
        (basic, f"  - name: Authorization\n    value: Basic {basic}"),
        (
            password,
            f"{rng.choice(['サーバーのパスワードは', '密码是', '비밀번호는'])} {password} です",
        ),
        (password, f"machine git.example.com\n  login ci\n  password {password}."),
        (hexkey, f"{rng.choice(['together', 'fireworks', 'deepinfra'])} key → {hexkey}"),
        (letters, f"[odbc]\nUID=report\nPWD={letters}"),
        (password, f"mot de passe = [{password}"),
        (password, f"I'll log in with the password you provided ({password}) and export it"),
        (password, f"sqlcmd -S db -U sa -P {rng.choice([password, repr(password)])}"),
        (
            password,
            f"{rng.choice(['mongosh', 'mongodump', 'cqlsh', 'snowsql'])} -u root -p {password}",
        ),
        (password, f"psql postgresql://app:{password[:5]}#{password[5:]}@db:5432/app"),
        (password, f"use {password} as the {rng.choice(['root', 'admin', ''])} password"),
    ]
    for secret, text in cases:
        assert secret not in masked(redact(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "cache key: " + "ab" * 32,
        "the AUTH header is missing",
        "[run]\nPWD=/home/ci/build",
        "password: Optional[str] = None",
        "password = <YOUR PASSWORD>",
        "sha256 key: " + "0f" * 32,
        "mysql -h db -P 3306 -u root -p",
        "scp -P 2222 build.tgz deploy@host:/srv",
        "see http://example.com/a?x=1#frag@b",
        "http://host:8080/x#a@b",
    ],
)
def test_hashes_paths_and_placeholders_near_those_forms_stay(text: str) -> None:
    assert redact(text) == text


_WORDS = ["acid", "bubble", "cable", "dune", "ember", "fringe", "glow", "harbor", "icon"]
_WORDS += ["jungle", "kettle", "lunar", "maple", "nectar", "orbit", "pepper", "quartz"]
_WORDS += ["ripple", "saddle", "timber", "umbra", "velvet", "walnut", "yonder", "zephyr"]


@pytest.mark.parametrize("seed", range(6))
def test_a_secret_said_bare_in_a_focus_topic_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    phrase = " ".join(rng.choice(_WORDS) for _ in range(rng.choice([12, 24])))
    pin = str(rng.randint(100000, 99999999))
    door = f"{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}"
    key_line = _random(rng, string.ascii_letters + string.digits + "+/", 64)
    seed_groups = " ".join(_random(rng, "abcdefghijklmnopqrstuvwxyz234567", 4) for _ in range(8))
    generated = _random(rng, string.ascii_uppercase, 3) + _random(rng, string.ascii_letters, 11)
    # Written for docker compose, which expands "$" unless a backslash escapes it.
    escaped = _random(rng, string.ascii_letters, 7) + "\\$" + _random(rng, string.digits, 6)
    transcript = [
        f"{rng.choice(['recovery phrase', 'my wallet seed:', 'mnemonic'])}\n{phrase}",
        f"{rng.choice(['PIN for the vault is', 'the unlock pin is', 'card PIN:'])} {pin}",
        f"{rng.choice(['the door code is', 'gate code:'])} {door}",
        f"$ head secrets/tls.key\n-----BEGIN PRIVATE KEY-----\n{_random(rng, 'AB', 64)}\n"
        f"{key_line}",
        f"the manual setup key is {seed_groups}",
        f"spring:\n  datasource:\n    password: {generated}\n",
        f'{rng.choice(["KEYCLOAK_ADMIN_PASSWORD", "DB_PASS", "ADMIN_PASSWORD"])}="{escaped}"',
    ]
    for secret in (phrase, pin, door, key_line, seed_groups, generated, escaped):
        wording = rng.choice(["the deploy that used", "focus on what broke with", "why"])
        focus = focus_without_secrets(f"{wording} {secret}", transcript)
        assert secret not in focus, focus
        assert wording in focus


def test_a_focus_on_ordinary_words_and_numbers_stays() -> None:
    transcript = ["the door code is 4821-7730", "run the parser tests again, 3 of 12 failed"]
    focus = "the parser tests again and issue 4821 and the build at 12:30"
    assert focus_without_secrets(focus, transcript) == focus
    # A Windows path is looked up like any value, and stays: nothing marks it as a secret.
    path = "C:\\Users\\build\\logs\\app2.log"
    assert focus_without_secrets(f"why {path} grew", [f"opened {path}"]) == f"why {path} grew"


@pytest.mark.parametrize("seed", range(4))
def test_a_password_shaped_like_a_file_name_is_gone_and_file_names_stay(seed: int) -> None:
    """File names and paths are not looked up as possible secrets (most identifiers of a
    coding session are): a password written like one, with a digit in it, still is."""
    rng = random.Random(seed)
    for _ in range(10):
        stem = rng.choice(_WORDS).capitalize() + str(rng.randint(1, 999))
        password = f"{stem}.{rng.choice(['sh', 'py', 'txt', 'md', 'log', 'json'])}"
        label = rng.choice(["the vault password is", "password:", "DB_PASSWORD="])
        source = f"{rng.choice(_WORDS)}/{rng.choice(_WORDS)}_views.py"
        transcript = [f"{label} {password}", f"edited {source} and ran the tests"]
        focus = focus_without_secrets(f"why {password} failed in {source}", transcript)
        assert password not in focus, focus
        assert source in focus
