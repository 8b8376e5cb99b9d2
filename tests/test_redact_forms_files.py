"""Secrets in config files, command lines, protocol logs and code that the fourth blind corpus
found: named XML properties, crypt sections, maps under a secret's name, name | value
listings, package managers' credentials, password flags and statements, FTP and Redis logs,
wallet keys. Every value is generated per test by a seeded rng and the names and wording vary;
the values that only look like secrets (elided keys, dates, checksums, names) stay."""

from __future__ import annotations

import random
import string
import uuid

import pytest

from packlight.redact import redact, redact_arguments, redact_with_report
from tests.redaction import masked

_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _random(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def _password(rng: random.Random) -> str:
    word = rng.choice(["Cobalt", "Lantern", "Meadow", "Quartz", "Saffron", "Tundra"])
    return (
        f"{word}{rng.choice('.-_!')}{_random(rng, _ALNUM, rng.randint(6, 12))}{rng.randint(10, 99)}"
    )


def _token(rng: random.Random, size: int = 32) -> str:
    # Both cases and a digit in every token, as a generated key has.
    return rng.choice("ABCDEFGH") + rng.choice("abcdefgh") + "7" + _random(rng, _ALNUM, size - 3)


def _gone(secret: str, text: str) -> bool:
    redacted, counts = redact_with_report(text)
    return secret not in masked(redacted) and bool(counts)


def _user(rng: random.Random) -> str:
    return rng.choice(["ci", "deploy", "svc_app", "amara.k", "jdoe"])


@pytest.mark.parametrize("seed", range(6))
def test_config_files_give_their_secrets_by_structure(seed: int) -> None:
    rng = random.Random(seed)
    password, key = _password(rng), _token(rng)
    hex_key = _random(rng, _HEX, 32)
    prop = rng.choice(["hibernate.connection.password", "db.password", "jdbc.password"])
    tag = rng.choice(["property", "entry", "setting"])
    attribute = rng.choice(["name", "key"])
    section = rng.choice(["crypt", "encryption", "cipher"])
    network = rng.choice(["mainnet", "sepolia", "polygon", "arbitrumOne"])
    map_name = rng.choice(["apiKey", "api_key", "tokens", "secrets"])
    upper_key = "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(30))
    upper_key = upper_key[:26] + "4821"
    setting = rng.choice(["DB_PASSWORD", "password", "SMTP_PASS", "mail_password"])
    cases = [
        (password, f'  <{tag} {attribute}="{prop}">{password}</{tag}>'),
        (hex_key, f"    '{section}' => [\n        'key' => '{hex_key}'\n    ],"),
        (hex_key, f'"{section}": {{"key": "{hex_key}"}}'),
        (upper_key, f'etherscan: {{\n  {map_name}: {{\n    {network}: "{upper_key}",\n  }},\n}},'),
        (key, f'{map_name} = {{\n  {network}: "{key}",\n  other: "{_token(rng)}"\n}}'),
        (password, f"| {setting:<16} | {password} |\n| DB_HOST          | db.lan |"),
        (password, f" {setting} | {password}"),
    ]
    for secret, text in cases:
        assert _gone(secret, text), text


@pytest.mark.parametrize("seed", range(6))
def test_package_managers_credentials_are_gone(seed: int) -> None:
    rng = random.Random(seed)
    pair = f"{_random(rng, _HEX, 8)}:{_random(rng, _HEX, 8)}"
    host = rng.choice(["GEMS__CONTRIBSYS__COM", "ENTERPRISE__KIQ__IO", "RUBYGEMS__ACME__DEV"])
    channel_token = f"{_random(rng, 'abcxyz', 2)}-{uuid.UUID(int=rng.getrandbits(128))}"
    deno = _token(rng, 40)
    hex_key = _random(rng, _HEX, 32)
    source = rng.choice(["(using `HEX_API_KEY`)", "(from ~/.hex/hex.config)", "(set by env)"])
    cases = [
        (pair, f"BUNDLE_{host}={pair}\nBUNDLE_WITHOUT=development:test"),
        (pair, f'gems.example.com\nSet for the current user (/home/a/.bundle/config): "{pair}"'),
        (channel_token, f"channels:\n  - https://conda.anaconda.org/t/{channel_token}/acme"),
        (deno, f"export DENO_AUTH_TOKENS={deno}@raw.githubusercontent.com;a@b.example"),
        (hex_key, f"api_key: {hex_key} {source}\napi_url: https://hex.pm/api"),
        (f"ci:{_token(rng, 20)}", ""),
    ]
    ident = f"{_user(rng)}:{_token(rng, 20)}"
    cases[-1] = (ident, f'npmScopes:\n  acme:\n    npmAuthIdent: "{ident}"')
    for secret, text in cases:
        assert _gone(secret, text), text


@pytest.mark.parametrize("seed", range(6))
def test_password_flags_and_statements_are_gone(seed: int) -> None:
    rng = random.Random(seed)
    password = _password(rng)
    quoted_inside = password[:5] + "'\\''" + password[5:]
    key = _random(rng, _HEX, 32)
    cases = [
        f"dotnet nuget add source https://nuget.example/v3/index.json -n feed -u {_user(rng)} "
        f"-p {password} --store-password-in-clear-text",
        f'CREATE USER app_{seed} IDENTIFIED BY "{password}" DEFAULT TABLESPACE users;',
        f"ALTER USER app_{seed} IDENTIFIED BY {password};",
        f"+ mysqldump -h db -u {_user(rng)} '-p{quoted_inside}' shop",
    ]
    for text in cases:
        secret = quoted_inside if "'\\''" in text else password
        assert _gone(secret, text), text
    curl = f"curl https://api.example.com/export -u {key}: -d from=2025-01-01"
    out, _ = redact_arguments('{"command": "' + curl + '"}')
    assert key not in out


@pytest.mark.parametrize("seed", range(6))
def test_protocol_logs_and_stores_give_their_passwords(seed: int) -> None:
    rng = random.Random(seed)
    password = _password(rng)
    user = _user(rng)
    cases = [
        f"$ {rng.choice(['pass', 'gopass'])} show work/app/{user}\n{password}\nurl: https://x",
        f"220 (vsFTPd 3.0.5)\nUSER {user}\n331 Please specify the password.\n"
        f"PASS {password}\n230 Login successful.",
        f'write(3, "USER {user}\\r\\n", 12) = 12\nwrite(3, "PASS {password}\\r\\n", 24) = 24',
        f'1733310000.55 [0 127.0.0.1:40222] "CONFIG" "SET" "requirepass" "{password}"',
        f'1733310000.12 [0 10.0.0.5:53122] "AUTH" "{password}"\n1733310000.13 [0] "GET" "k"',
        f"#0 Connector.php(65): PDO->__construct('mysql:host=db;dbname=app', '{user}', "
        f"'{password}', Array)",
        f"$pdo = new PDO(\"pgsql:host=db\", $user, '{password}');",
    ]
    for text in cases:
        assert _gone(password, text), text


@pytest.mark.parametrize("seed", range(6))
def test_issuer_shapes_and_wallet_keys_are_gone(seed: int) -> None:
    rng = random.Random(seed)
    resend = f"re_{_token(rng, 8)}_{_token(rng, 24)}"
    asana = f"{rng.choice('12')}/{rng.randint(10**15, 10**16)}/{rng.randint(10**15, 10**16)}:"
    asana += _random(rng, _HEX, 32)
    eth = _random(rng, _HEX, 64)
    keypair = "[" + ",".join(str(rng.randrange(256)) for _ in range(64)) + "]"
    words = "abandon ability anchor blanket cabin cactus alpha arrow basket battle bench border"
    phrase = " ".join(rng.sample(words.split(), 12))
    code = _token(rng, 40)
    cases = [
        (resend, f"const resend = new Resend('{resend}');"),
        (asana, f"ASANA_PAT={asana}"),
        (eth, f'acct = Account.from_key("0x{eth}")'),
        (eth, f"const wallet = new ethers.Wallet('{eth}', provider);"),
        (keypair, f"$ cat ~/.config/solana/id.json\n{keypair}"),
        (phrase, f'provider: () => new HDWalletProvider("{phrase}", rpcUrl),'),
        (phrase, f"Created 2025-01-02\nSeed phrase: {phrase}\nDO NOT LOSE"),
        (code, f"https://app.example.com/auth/magic?code={code}&redirect=%2Fhome"),
    ]
    for secret, text in cases:
        assert _gone(secret, text), text


@pytest.mark.parametrize("seed", range(6))
def test_a_password_in_a_quoted_printable_mail_is_gone_across_soft_breaks(seed: int) -> None:
    rng = random.Random(seed)
    password = _password(rng)
    encoded = password.replace("=", "=3D")
    word = rng.choice(["password", "Password", "Passwort", "passcode"])
    cut = rng.randint(1, len(word) - 1)
    broken = f"{word[:cut]}=\n{word[cut:]}"
    mail = (
        'Content-Type: text/plain; charset="utf-8"\n'
        "Content-Transfer-Encoding: quoted-printable\n\n"
        f"Hello,=0A=0Athe new login is:=0Auser: {_user(rng)}=0A{broken}: {encoded}=0A=0ABye"
    )
    assert _gone(encoded, mail), mail


@pytest.mark.parametrize("seed", range(4))
def test_values_shown_rather_than_given_stay(seed: int) -> None:
    rng = random.Random(seed)
    day = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    some_uuid = uuid.UUID(int=rng.getrandbits(128))
    name = rng.choice(["DB_PASSWORD", "API_TOKEN", "STRIPE_SECRET_KEY"])
    suffix = _random(rng, _HEX, 7)
    stays = [
        f"Set `{name}=sk_test_...` in your environment.",
        f"api_key: sk-...{suffix}\ntoken: {'●' * rng.randint(8, 14)}",
        f"NAME              UPDATED\nPYPI_API_TOKEN    {day}\nSENTRY_AUTH_TOKEN {day}",
        f"NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_test_{_random(rng, _HEX, 16)}",
        f"Idempotency-Key: {some_uuid}",
        f'password = os.getenv("{name}")',
        '    key_salt = "django.contrib.auth.tokens.PasswordResetTokenGenerator"',
        f"github.com/acme/auth v1.{seed}.4/go.mod h1:{_token(rng, 43)}=",
        "| password | string | the user's password |",
        "https://example.com/callback?code=404",
        "CREATE USER app IDENTIFIED EXTERNALLY;",
        "https://discuss.python.org/t/conda-env-activation-is-slow-on-windows/12345",
        "re_compile_cache_hits_total_per_process 42",
        "[" + ",".join(str(rng.randrange(256, 4096)) for _ in range(64)) + "]",
        "The mnemonic feature lets users write their backup words down on paper safely now",
        f"USER guide updated for v{seed}\nPASS tests/test_{suffix}.py::test_login",
        "BUNDLE_WITHOUT=development:test\nBUNDLE_BUILD__NOKOGIRI=--use-system-libraries",
    ]
    for text in stays:
        assert redact(text) == text, text
