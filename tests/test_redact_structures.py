"""Secrets known by their issuer's shape, by the structure of a file or an output, by the
command they are handed to, or said in a chat in another language (packlight.secret_rules_issuers,
secret_rules_config, secret_rules_commands, secret_rules_chat), generated with fresh values, are
gone after redaction; masks, placeholders, public keys and committed ciphertext in the same
places stay (packlight.secret_vetoes)."""

from __future__ import annotations

import base64
import hashlib
import random
import string
import sys
from pathlib import Path

import pytest

from packlight.redact import redact
from tests.redaction import masked

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _secrets_corpus_heldout_c import FORMS, generate, generate_near_misses

_ALNUM = string.ascii_letters + string.digits


def _random(rng: random.Random, alphabet: str, size: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def _password(rng: random.Random) -> str:
    word = rng.choice(["Kolibri", "Lanterna", "Orchidee", "Sparrow", "Tamarind", "Quokka"])
    return f"{word}{rng.choice('!#$*?')}{rng.randrange(10000, 99999)}"


def _key(rng: random.Random, size: int = 40) -> str:
    # Random key material: at least one of each class, so that it reads as random.
    return _random(rng, _ALNUM, size - 3) + rng.choice("ABCXYZ") + rng.choice("qwz") + "7"


def _gone(text: str, *secrets: str) -> None:
    redacted = masked(redact(text))
    for secret in secrets:
        assert secret not in redacted, redacted
    assert "[secret: " in redacted


@pytest.mark.parametrize("seed", range(3))
def test_every_form_of_the_third_corpus_is_gone(seed: int) -> None:
    planted = generate(300 + seed, len(FORMS) * 3)
    leaked = [(item.form, item.text) for item in planted if item.secret in redact(item.text)]
    assert not leaked


@pytest.mark.parametrize("seed", range(3))
def test_its_near_misses_are_left_alone(seed: int) -> None:
    for text in generate_near_misses(400 + seed, 120):
        assert redact(text) == text


def _wif(rng: random.Random) -> str:
    """A Bitcoin private key in WIF, with a valid Base58Check checksum."""
    payload = b"\x80" + rng.randbytes(32) + b"\x01"
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    number = int.from_bytes(raw, "big")
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    encoded = ""
    while number:
        number, digit = divmod(number, 58)
        encoded = alphabet[digit] + encoded
    return encoded


@pytest.mark.parametrize("seed", range(4))
def test_issuer_shapes_need_no_label(seed: int) -> None:
    rng = random.Random(seed)
    tailscale = f"tskey-auth-{_random(rng, _ALNUM, 12)}-{_key(rng, 30)}"
    rubygems = "rubygems_" + _random(rng, "0123456789abcdef", 48)
    mailchimp = _random(rng, "0123456789abcdef", 32) + f"-us{rng.randrange(1, 20)}"
    bitlocker = "-".join(f"{rng.randrange(0, 999999):06d}" for _ in range(8))
    wif = _wif(rng)
    _gone(f"sudo tailscale up --authkey={tailscale} --hostname=ci-{seed}", tailscale)
    _gone(f"---\n:rubygems_api_key: {rubygems}\n", rubygems)
    _gone(f"client.setConfig({{ apiKey: '{mailchimp}' }})", mailchimp)
    _gone(f"BitLocker asks for it again:\n{bitlocker}", bitlocker)
    _gone(f"found this in an old note: {wif} (from a paper wallet)", wif)


@pytest.mark.parametrize("seed", range(4))
def test_values_a_structure_marks_as_secret(seed: int) -> None:
    rng = random.Random(seed)
    value, password, token = _key(rng, 32), _password(rng), _key(rng, 40)
    name = rng.choice(["redis_auth_token", "db_password", "signing_secret"])
    _gone(f'{{\n  "{name}": {{\n    "sensitive": true,\n    "value": "{value}"\n  }}\n}}', value)
    _gone(f'{{"key": "adminPassword", "value": "{password}", "type": "secret"}}', password)
    _gone(f'{{"body": "{{\\"user\\": \\"ops\\", \\"password\\": \\"{password}\\"}}"}}', password)
    _gone(f'<Pass encoding="plain">{password}</Pass>', password)
    _gone(f'    AuthLDAPBindPassword "{password}"\n', password)
    _gone(f"[domain/corp]\nldap_default_authtok = {password}\n", password)
    _gone(f"define( 'SECURE_AUTH_KEY', '{token}' );", token)
    _gone(f"$config = ['apiKey' => '{token}'];", token)
    hexkey = _random(rng, "0123456789abcdef", 48)
    _gone(f'app.secret_key = bytes.fromhex("{hexkey}")', hexkey)
    _gone(f"rocommunity {password} 10.0.0.0/16", password)
    _gone(f'1.2.3.4 5.6.7.8 : PSK "{token}"', token)
    _gone(f"    Key Content            : {password}\n", password)
    _gone(f"[smtp.gmail.com]:587 alerts@example.com:{password}\n", password)


@pytest.mark.parametrize("seed", range(4))
def test_a_column_named_as_a_secret(seed: int) -> None:
    rng = random.Random(seed)
    first, second = _password(rng), _password(rng)
    column = rng.choice(["Password", "password", "api_token", "Token"])
    markdown = (
        f"| Service | User | {column} |\n|---|---|---|\n"
        f"| grafana | `ana` | `{first}` |\n| keycloak | `li` | `{second}` |\n"
    )
    csv = f"username,email,{column.lower()},status\nana,ana@x.example,{first},active\n"
    psql = (
        f"  id  | email          | {column.lower()}\n------+----------------+----------\n"
        f" 4926 | ana@x.example  | {first}\n(1 row)\n"
    )
    _gone(markdown, first, second)
    _gone(csv, first)
    _gone(psql, first)


def test_a_table_with_no_secret_column_and_sql_stay() -> None:
    table = "| Service | Port | Owner |\n|---|---|---|\n| grafana | 3000 | ops |\n"
    sql = "SELECT id, email, api_token FROM users WHERE is_staff LIMIT 3;\n id | email\n 1 | a\n"
    prose = "I rotated the password, then restarted nginx, and it came back\nok, thanks\n"
    for text in (table, sql, prose):
        assert redact(text) == text


@pytest.mark.parametrize("seed", range(3))
def test_key_blocks(seed: int) -> None:
    rng = random.Random(seed)
    lines = [_random(rng, "0123456789abcdef", 32) for _ in range(4)]
    openvpn = "-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(lines)
    private = _key(rng, 48)
    putty = f"Public-Lines: 1\nAAAAC3NzaC1lZDI1NTE5\nPrivate-Lines: 1\n{private}\nPrivate-MAC: ab"
    _gone(openvpn + "\n-----END OpenVPN Static key V1-----", *lines)
    _gone(putty, private)


@pytest.mark.parametrize("seed", range(4))
def test_secrets_handed_to_commands(seed: int) -> None:
    rng = random.Random(seed)
    password, token = _password(rng), _key(rng, 40)
    hexkey = _random(rng, "0123456789abcdef", 40)
    cases = [
        (f'sqlcmd -S localhost -U SA -P "{password}" -Q "SELECT 1"', password),
        (f"snmpwalk -v3 -l authPriv -u mon -a SHA -A '{password}' -x AES 10.0.0.1", password),
        (f"lftp -u uploader,'{password}' sftp://10.0.0.9", password),
        (f"smbclient //fs/share -U backup%{password}", password),
        (f"java -jar jenkins-cli.jar -s https://ci/ -auth ana:{hexkey} build x", hexkey),
        (f"!wandb login {hexkey} --relogin", hexkey),
        (f"mc alias set prod https://minio.example AKIDLHDPDTJ8AL3C1AH {token}", token),
        (f"echo '{password}' > ~/.ansible/vault_pass.txt", password),
        (f"echo '{password}' | sudo openconnect vpn.example --passwd-on-stdin", password),
        (f"url = jdbc:oracle:thin:APP/{password}@//db:1521/ORCL", password),
        (f'dsn := "billing:{password}@tcp(db:3306)/app"', password),
        (f'new NetworkCredential("ops@example.com", "{password}")', password),
        (f"sudo htpasswd -b -c /etc/nginx/.htpasswd admin '{password}'", password),
    ]
    for text, secret in cases:
        _gone(text, secret)


def test_commands_with_numbers_and_names_stay() -> None:
    for text in (
        "docker run -u 1000:1000 -p 8080:80 nginx",
        "tar -c -p -w archive.tar src/",
        "echo 'build finished' > build.log",
        "echo hello | sudo tee /etc/motd",
        "git log -p --stat",
    ):
        assert redact(text) == text


@pytest.mark.parametrize("seed", range(4))
def test_said_in_a_chat(seed: int) -> None:
    rng = random.Random(seed)
    password = _password(rng)
    user_pass = base64.b64encode(f"ops_admin:{password}".encode()).decode()
    grouped = "-".join(_random(rng, string.ascii_uppercase + string.digits, 4) for _ in range(7))
    private = "0x" + _random(rng, "0123456789abcdef", 64)
    cases = [
        (f"Sunucunun root şifresi {password}, kimseye verme", password),
        (f"Mitt lösenord är {password} för wifi", password),
        (f"Das WLAN-Passwort für die Wohnung ist {password} - mit Absicht.", password),
        (f"Laut Brief ist die PUK {rng.randrange(10**7, 10**8)}", "PUK [secret"),
        (f"the admin password is: {' '.join(password)} (no spaces)", " ".join(password)),
        (f"it's base64'd: `{user_pass}` — decode it and log in", user_pass),
        (f'Security questions: first pet = "{password}", city = "lima{seed}99"', password),
        (f"Apple ID recovery key {grouped}", grouped),
        (f"when I export the private key I get {private} — can it sign?", private),
    ]
    for text, secret in cases:
        if secret.endswith("[secret"):
            assert secret in redact(text)
        else:
            _gone(text, secret)


def test_prose_about_passwords_stays() -> None:
    for text in (
        "Das Passwort für das Online-Banking muss ich noch ändern.",
        "Set a strong şifre for the server before the demo.",
        "The pin 3 of the chip is ground; see the PIN diagram.",
        "The recovery key is printed on the card in the drawer.",
        "We use the private key from the vault, never a file.",
    ):
        assert redact(text) == text


@pytest.mark.parametrize("seed", range(3))
def test_masks_placeholders_and_public_values_stay(seed: int) -> None:
    rng = random.Random(seed)
    public = base64.b64encode(rng.randbytes(32)).decode()
    uuid = "-".join(_random(rng, "0123456789abcdef", n) for n in (8, 4, 4, 4, 12))
    for text in (
        "      ~ password = (sensitive value)\n",
        "$ docker login -u bot -p [MASKED] registry.example\n",
        "postgres://app:***@db.internal:5432/app",
        "DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/app",
        "export GITHUB_TOKEN=ghp_" + "x" * 36,
        "export AWS_ACCESS_KEY_ID=AKIA" + "X" * 16,
        f"interface: wg0\n  public key: {public}\n  private key: (hidden)\n",
        f"    password: ENC[AES256_GCM,data:{_key(rng, 24)},iv:{public},type:str]\n",
        "SecretArn: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbC123",
        "$ kubectl describe secret inventory-db\npassword:  30 bytes\n",
        f"$ consul acl token list | jq -r '.[].AccessorID'\n{uuid}\n",
        "The header is always eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 for our tokens.",
    ):
        assert redact(text) == text, redact(text)


def test_a_secret_next_to_a_mask_is_still_found() -> None:
    rng = random.Random(7)
    password = _password(rng)
    text = f"$ docker login -u bot -p [MASKED] registry.example\n$ mysql -uroot -p{password}\n"
    _gone(text, password)


@pytest.mark.parametrize("seed", range(4))
def test_a_token_before_a_private_key_block_does_not_hide_the_block(seed: int) -> None:
    # A wrapped-token reading once took the block's "-----BEGIN" line for the token's end.
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits
    token = "sk-" + "".join(rng.choices(alphabet, k=40))
    body = ["".join(rng.choices(alphabet, k=64)) for _ in range(3)]
    block = "\n".join(["-----BEGIN RSA PRIVATE KEY-----", *body, "-----END RSA PRIVATE KEY-----"])
    out = redact(f"{rng.choice(['key', 'OPENAI', 'token'])}: {token}\n{block}")
    assert token not in out
    assert not any(line in out for line in body)


@pytest.mark.parametrize("wrapper", ["SecretStr", "os.environ.get", "Secret"])
def test_a_secret_wrapper_call_is_not_taken_for_the_value(wrapper: str) -> None:
    rng = random.Random(wrapper)
    masked = (
        f"Settings(db_password={wrapper}('{'*' * rng.randint(6, 12)}'), pool={rng.randint(2, 30)})"
    )
    assert redact(masked) == masked
    value = "".join(rng.choices(string.ascii_letters + string.digits, k=20))
    assert value not in redact(f"Settings(db_password={wrapper}('{value}'))")
