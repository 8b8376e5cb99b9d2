"""Planted secrets for bench_security.py: the development corpus.

Each form makes a random secret of a realistic shape (right prefix, length and alphabet; a
fresh value for every item) and puts it in one of several carrier texts: a user pasting it,
a tool printing it, a command the agent ran, the assistant repeating it. The held-out corpus
(``_secrets_corpus_heldout.py``) was written separately, without reading packlight's rules.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Role = Literal["user", "assistant", "tool", "tool_call"]


@dataclass(frozen=True)
class PlantedSecret:
    form: str
    secret: str
    text: str
    role: Role


_ALNUM = string.ascii_letters + string.digits
_LOWER_HEX = "0123456789abcdef"
_B64 = string.ascii_letters + string.digits + "+/"
_URLSAFE = string.ascii_letters + string.digits + "_-"


def _pick(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


def _password(rng: random.Random) -> str:
    """A password a person picks: a word, digits, a symbol, mixed case."""
    word = rng.choice(["Summer", "tr0ub4dor", "Falcon", "kitten", "Orchid", "mango", "Zephyr"])
    return word + str(rng.randrange(10, 9999)) + rng.choice("!@#$%&*?") + _pick(rng, _ALNUM, 2)


_Maker = Callable[[random.Random], tuple[str, list[tuple[str, Role]]]]
"""A form: the secret, and carrier templates (``{s}`` is the secret) with their roles."""


def _aws_secret(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _B64, 40)
    return s, [
        (
            "[default]\naws_access_key_id = AKIA"
            + _pick(rng, string.ascii_uppercase + string.digits, 16)
            + "\naws_secret_access_key = {s}\nregion = eu-west-1",
            "tool",
        ),
        ("aws configure set aws_secret_access_key {s}", "tool_call"),
        ("Here's the secret key for the deploy user: {s} (don't share it)", "user"),
        ("export AWS_SECRET_ACCESS_KEY={s}", "tool_call"),
    ]


def _aws_key_id(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = "AKIA" + _pick(rng, string.ascii_uppercase + string.digits, 16)
    return s, [("the access key id is {s}", "user"), ('"AccessKeyId": "{s}",', "tool")]


def _prefixed(prefix: str, alphabet: str, length: int, *carriers: tuple[str, Role]) -> _Maker:
    def make(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
        return prefix + _pick(rng, alphabet, length), list(carriers)

    return make


def _slack_webhook(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    path = (
        "T"
        + _pick(rng, string.ascii_uppercase + string.digits, 8)
        + "/B"
        + _pick(rng, string.ascii_uppercase + string.digits, 8)
        + "/"
        + _pick(rng, _ALNUM, 24)
    )
    return path, [
        ("Post alerts to https://hooks.slack.com/services/{s} please", "user"),
        ('curl -X POST -d \'{"text":"done"}\' https://hooks.slack.com/services/{s}', "tool_call"),
        ("SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{s}", "tool"),
    ]


def _discord_webhook(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    path = str(rng.randrange(10**17, 10**18)) + "/" + _pick(rng, _URLSAFE, 68)
    return path, [("webhook: https://discord.com/api/webhooks/{s}", "tool")]


def _telegram(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = str(rng.randrange(10**8, 10**10)) + ":AA" + _pick(rng, _URLSAFE, 33)
    return s, [("bot token {s}", "user"), ("TELEGRAM_BOT_TOKEN={s}", "tool")]


def _db_url(scheme: str) -> _Maker:
    def make(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
        s = _password(rng).replace("@", "").replace("#", "").replace("/", "").replace("?", "")
        host = rng.choice(["db.internal", "10.0.3.7", "prod-db.example.net"])
        return s, [
            (f"DATABASE_URL={scheme}://app:" + "{s}" + f"@{host}:5432/app", "tool"),
            (f"connecting to {scheme}://admin:" + "{s}" + f"@{host}/main ... ok", "tool"),
        ]

    return make


def _mysql_p(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng).replace("'", "")
    return s, [
        ("mysql -u root -p{s} -h 127.0.0.1 shop < dump.sql", "tool_call"),
        ("mysqldump -uadmin -p'{s}' --all-databases > all.sql", "tool_call"),
    ]


def _password_flag(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng)
    return s, [
        ("redis-cli -h cache --pass {s} ping", "tool_call"),
        ("./manage.py createsuperuser --username ops --password {s}", "tool_call"),
        ("vault login -method=userpass username=ci password={s}", "tool_call"),
    ]


def _sshpass(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng).replace("'", "")
    return s, [
        ("sshpass -p '{s}' ssh deploy@10.1.2.3 uptime", "tool_call"),
        ("sshpass -p {s} scp build.tgz deploy@web1:/srv", "tool_call"),
    ]


def _curl_user(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng).replace("'", "")
    return s, [
        ("curl -u admin:{s} https://jenkins.example.com/api/json", "tool_call"),
        ("curl -s --user 'ci-bot:{s}' https://registry.example.com/v2/_catalog", "tool_call"),
    ]


def _yaml(name: str) -> _Maker:
    def make(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
        s = _pick(rng, _ALNUM, 10) + str(rng.randrange(100, 999))
        return s, [
            (f"database:\n  host: db\n  user: app\n  {name}: " + "{s}\n  pool: 5", "tool"),
            (f"- name: smtp\n  {name}: " + "{s}\n  port: 587", "tool"),
        ]

    return make


def _said_password(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng)
    return s, [
        ("My password for the staging box is {s}, use it for the login step.", "user"),
        ("the admin password is {s}", "user"),
        ("Log in as ops with password {s} and check the queue.", "user"),
        ("I changed the password to {s} this morning.", "user"),
    ]


def _bare_secret(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _B64, 40)
    return s, [
        ("Use this secret when it asks: {s}", "user"),
        ("client secret -> {s}", "tool"),
        ("the signing key is {s} for now", "user"),
    ]


def _env_line(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _ALNUM, 24)
    name = rng.choice(["STRIPE_SECRET", "JWT_SIGNING_KEY", "SESSION_SECRET", "MAPBOX_TOKEN"])
    return s, [(f"DEBUG=false\n{name}=" + "{s}\nPORT=8080", "tool"), (name + '="{s}"', "tool")]


def _bearer(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _URLSAFE, 32) + str(rng.randrange(10))
    return s, [
        ("curl -H 'Authorization: Bearer {s}' https://api.example.com/v1/me", "tool_call"),
        ("> GET /v1/me\n> Authorization: Bearer {s}\n< 200 OK", "tool"),
    ]


def _basic(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _B64, 28) + "=="
    return s, [("Authorization: Basic {s}", "tool")]


def _cookie(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _LOWER_HEX + "xyz", 32)
    return s, [
        ("curl -H 'Cookie: sessionid={s}; theme=dark' https://app.example.com/", "tool_call")
    ]


def _netrc(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _password(rng)
    return s, [("machine api.example.com login bot password {s}", "tool")]


def _pem(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    body = "\n".join(_pick(rng, _B64, 64) for _ in range(6))
    first_line = body.split("\n", 1)[0]
    kind = rng.choice(["RSA ", "EC ", "OPENSSH ", ""])
    block = f"-----BEGIN {kind}PRIVATE KEY-----\n{body}\n-----END {kind}PRIVATE KEY-----"
    return first_line, [(f"$ cat id_key\n{block}", "tool")]


def _jwt(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = (
        "eyJ"
        + _pick(rng, _URLSAFE, 30)
        + "."
        + _pick(rng, _URLSAFE, 60)
        + "."
        + _pick(rng, _URLSAFE, 43)
    )
    return s, [("token: {s}", "tool"), ("Set-Cookie: auth={s}; HttpOnly", "tool")]


def _azure_conn(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _B64, 86) + "=="
    return s, [
        (
            "DefaultEndpointsProtocol=https;AccountName=acct1;AccountKey={s};EndpointSuffix=core.windows.net",
            "tool",
        )
    ]


def _azure_sas(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    s = _pick(rng, _ALNUM, 40) + "%3D"
    return s, [
        (
            "https://acct1.blob.core.windows.net/logs/a.txt?sv=2022-11-02&se=2026-12-31&sig={s}",
            "tool",
        )
    ]


def _gcp_json(rng: random.Random) -> tuple[str, list[tuple[str, Role]]]:
    body = "\\n".join(_pick(rng, _B64, 64) for _ in range(4))
    first = body.split("\\n", 1)[0]
    text = (
        '{"type": "service_account", "project_id": "proj-1", "private_key": '
        f'"-----BEGIN PRIVATE KEY-----\\n{body}\\n-----END PRIVATE KEY-----\\n"}}'
    )
    return first, [(text, "tool")]


_FORMS: dict[str, _Maker] = {
    "aws-secret-key": _aws_secret,
    "aws-access-key-id": _aws_key_id,
    "openai-key": _prefixed(
        "sk-proj-", _URLSAFE, 48, ("OPENAI_API_KEY={s}", "tool"), ("my key is {s}", "user")
    ),
    "anthropic-key": _prefixed("sk-ant-api03-", _URLSAFE, 90, ("x-api-key: {s}", "tool")),
    "github-pat": _prefixed(
        "ghp_", _ALNUM, 36, ("git clone https://{s}@github.com/o/r.git", "tool_call")
    ),
    "github-fine-grained": _prefixed(
        "github_pat_", _ALNUM + "_", 82, ("GH_TOKEN={s} gh pr list", "tool_call")
    ),
    "gitlab-token": _prefixed("glpat-", _URLSAFE, 20, ("PRIVATE-TOKEN: {s}", "tool")),
    "slack-bot-token": _prefixed("xoxb-", string.digits + "-", 30, ("slack token {s}", "user")),
    "slack-webhook": _slack_webhook,
    "discord-webhook": _discord_webhook,
    "telegram-bot-token": _telegram,
    "stripe-key": _prefixed("sk_live_", _ALNUM, 24, ("stripe.api_key = '{s}'", "assistant")),
    "google-api-key": _prefixed(
        "AIza", _URLSAFE, 35, ("https://maps.googleapis.com/x?key={s}", "tool")
    ),
    "huggingface-token": _prefixed(
        "hf_", _ALNUM, 34, ("huggingface-cli login --token {s}", "tool_call")
    ),
    "npm-token": _prefixed("npm_", _ALNUM, 36, ("//registry.npmjs.org/:_authToken={s}", "tool")),
    "docker-pat": _prefixed(
        "dckr_pat_", _URLSAFE, 27, ("echo {s} | docker login -u me --password-stdin", "tool_call")
    ),
    "postgres-url": _db_url("postgres"),
    "mongodb-url": _db_url("mongodb+srv"),
    "redis-url": _db_url("redis"),
    "mysql-p": _mysql_p,
    "password-flag": _password_flag,
    "sshpass": _sshpass,
    "curl-user": _curl_user,
    "yaml-password": _yaml("password"),
    "yaml-api-key": _yaml("api_key"),
    "yaml-client-secret": _yaml("client_secret"),
    "password-in-words": _said_password,
    "bare-secret": _bare_secret,
    "env-line": _env_line,
    "bearer-token": _bearer,
    "basic-auth": _basic,
    "cookie": _cookie,
    "netrc": _netrc,
    "pem-private-key": _pem,
    "jwt": _jwt,
    "azure-connection-string": _azure_conn,
    "azure-sas": _azure_sas,
    "gcp-service-account": _gcp_json,
}
FORMS: tuple[str, ...] = tuple(_FORMS)


def generate(seed: int, count: int) -> list[PlantedSecret]:
    """``count`` planted secrets cycling through every form, a fresh value and a carrier
    chosen at random for each."""
    rng = random.Random(seed)
    planted: list[PlantedSecret] = []
    for n in range(count):
        form = FORMS[n % len(FORMS)]
        secret, carriers = _FORMS[form](rng)
        template, role = rng.choice(carriers)
        planted.append(PlantedSecret(form, secret, template.replace("{s}", secret), role))
    return planted
