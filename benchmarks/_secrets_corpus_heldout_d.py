"""A fourth held-out corpus of planted secrets (``heldout_d``), written blind.

Written from the side of developers, operators and support staff WITHOUT opening packlight's
detection rules or any corpus built against them: ``src/packlight/redact*.py``,
``src/packlight/secret_*.py``, ``src/packlight/compressor/secret_context.py``,
``tests/test_redact*.py``, ``tests/redaction.py``, ``docs/security.md``,
``benchmarks/results/security.md``, ``benchmarks/_secrets_corpus.py``,
``benchmarks/_secrets_corpus_heldout.py`` and ``benchmarks/_secrets_corpus_heldout_b.py`` were
not opened. Of ``benchmarks/_secrets_corpus_heldout_c.py`` only its docstring (the first 116
lines, to pick other ground), its list of top-level names and the bodies of ``PlantedSecret``,
``generate``, ``generate_near_misses`` and the ``FORMS`` and near-miss registries were read, so
this module is a drop-in for it; of ``benchmarks/bench_security.py`` only its docstring and the
lines that use the corpus modules (imports, ``_plant_secret``, the call in ``measure_secrets``,
``run`` and the report loops over ``SECRET_CORPORA``). packlight's redactor was never run on
this corpus while it was written. Do not tune the redactor against this file before it has
been measured once.

256 forms and 46 near-miss kinds. The emphasis is where heldout_c was thin:

- language and framework configuration: Rails ``master.key`` and ``credentials:show``, Django
  and Flask ``SECRET_KEY``, ``php artisan key:generate``, Spring ``application.yml`` and
  ``.properties``, ``actuator/env``, ASP.NET ``appsettings.json``, ``dotnet user-secrets``,
  ``machineKey``, Symfony, Phoenix ``secret_key_base``, Play, Quarkus, Tomcat ``context.xml``
  and ``tomcat-users.xml``, WildFly, Hibernate, Drupal, Magento, Joomla, Strapi, Ghost,
  Keycloak realm exports, Hasura, Airflow Fernet keys and connections, Superset, Metabase,
  n8n, Jupyter server tokens, Streamlit ``secrets.toml``, NextAuth, Express sessions, ORMs
  (Prisma, Sequelize, TypeORM, Knex, Rails ``database.yml``), Celery brokers;
- package-manager auth: ``.npmrc`` ``_auth`` / ``_password`` (base64) and scoped registries,
  ``.yarnrc.yml`` ``npmAuthIdent``, ``pip.conf``, ``--extra-index-url``, Poetry and uv,
  ``.pypirc`` private repositories, ``twine -p``, Maven ``settings.xml``,
  ``gradle.properties``, Bundler (``BUNDLE_GEMS__...``), ``auth.json`` of Composer, Cargo
  registry env tokens, ``NuGet.Config`` ``ClearTextPassword``, ``.netrc`` for Go modules,
  ``GOPROXY`` credentials, conda ``/t/<token>/`` channels, ``helm repo add``, Deno
  ``DENO_AUTH_TOKENS``, ``bunfig.toml``, ``jf c add``, Hex, ``credentials.tfrc.json``;
- desktop and IDE files: ``.pgpass``, ``.my.cnf``, ``.git-credentials``, JetBrains run
  configurations, DBeaver ``data-sources.json``, ``rclone.conf``, boto ``.cfg``, Docker
  ``config.json`` / ``.dockercfg`` / podman ``auth.json`` base64 ``auth``, kubeconfig
  ``client-key-data`` and ``token``, a ``sqlite3`` dump of gcloud's ``credentials.db``, Azure
  ``msal_token_cache.json``, ``WinSCP.ini``, ``glab`` config, simonw ``llm`` ``keys.json``,
  MCP server configs of Claude Desktop and Cursor, aider and Continue configs, password
  manager CLIs (``security -w``, ``secret-tool``, ``pass``, ``keepassxc-cli``, ``bw``);
- logs and traces: Sentry events, OpenTelemetry span attributes and collector debug output,
  HAR responses, nginx debug header logs, ModSecurity audit logs, Python logging of headers
  dicts, httpx traces, Java exceptions carrying JDBC URLs, Go ``%+v`` of config structs, Node
  ``console.log`` of options, rich tracebacks with locals, Django debug POST data, PHP stack
  frames with ``PDO->__construct`` arguments, ``kubectl describe pod`` env, ``docker compose
  config``, ``curl -v`` and HTTPie request dumps, ``strace``, ``tcpdump -A``, FTP streams,
  PostgreSQL and MySQL statement logs, Redis ``MONITOR``;
- messaging: emails (temporary passwords, quoted-printable bodies, welcome keys, reset and
  magic links, invites, Zoom ``pwd=``), Jira ``{code}`` pastes, Slack and Teams and Discord
  messages, support and Zendesk tickets, GitHub issue comments, onboarding notes;
- newer SaaS and AI issuers with their prefixes and alphabets: Groq, Mistral, Cohere,
  Replicate, Together, Fireworks, Perplexity, xAI, DeepSeek, OpenRouter, Pinecone, Weaviate,
  Qdrant, LangSmith, Langfuse, Vercel, Fly.io, Render, Railway, Heroku, Neon, PlanetScale,
  Upstash, Clerk, Resend, Postmark, Algolia, Segment, Mixpanel, Amplitude, Intercom, Zendesk,
  HubSpot, Salesforce, Asana, monday.com, Figma, Miro, Contentful, Sanity, Twitch, Spotify,
  Zoom, Box, Plaid, Coinbase CDP, Alchemy, Infura, Etherscan, Brave Search; Ethereum private
  keys, BIP39 mnemonics (real words) and Solana keypair JSON arrays;
- keys in source: Python, JS/TS, Go, Java, C#, Rust, PHP (PHPMailer), Ruby, Kotlin Gradle,
  Swift, Dart, shell scripts, Dockerfiles, Makefiles, workflow files, ``.ipynb`` JSON; SQL
  ``CREATE USER``/``CREATE LOGIN``/``CREATE ROLE`` of Oracle, SQL Server, PostgreSQL,
  Snowflake and ClickHouse;
- encodings as they really occur: percent-encoding in URLs, PHP's ``\\/`` JSON escapes, Go's
  ``\\u0026`` JSON escapes, XML ``&amp;``, HTML ``&#43;``, quoted-printable ``=3D``,
  ``shlex.quote`` quoting, YAML folded block scalars, hex AES keys, base32 seeds;
- personal secrets in chat in languages heldout_c did not use (Vietnamese, Indonesian,
  Turkish, Polish, Dutch, Swedish, Hindi, Arabic, Hebrew, Greek, Ukrainian, Thai, Czech,
  Finnish, Romanian, Hungarian, Swahili, Tagalog ...): PINs, passphrases, security answers,
  recovery and 2FA backup codes.

Judgement calls a reader may disagree with: a Railway or Postmark token is a bare UUID beside
words that name it; an 8-digit PIN counts; for a list of recovery codes the secret is one code
chosen at random from the list (all of them leak together or not at all in practice); an
obscured ``rclone`` ``pass`` and ``WinSCP.ini`` ``Password`` count (both are reversible); when a
carrier encodes the secret (base64 ``auth``, percent- or entity-encoding, quoted-printable), the
secret is the encoded form as it appears in the text; a security answer is a surname (sometimes
double-barrelled) from a short list of the chat's language, so the same answer can recur across
items.

``generate(seed, count)`` cycles through ``FORMS`` in order and draws every value from
``random.Random(seed)``; each form picks one of several carriers and fills hosts, users, ids
and times at random. ``generate_near_misses(seed, count)`` returns realistic text holding no
secret (hashes, digests, ids, public keys, placeholders, policy text, variable names) that
must NOT be redacted; near misses draw from a seed of their own. Secrets of ``tool_call`` forms
are ASCII without quotes or backslashes, so they survive ``json.dumps`` of the arguments.

    PYTHONPATH=src .venv/bin/python benchmarks/_secrets_corpus_heldout_d.py   # self-check
"""

# Carrier templates are literal data and read best on one line; chat in other languages
# contains look-alike letters.
# ruff: noqa: E501, RUF001

from __future__ import annotations

import base64
import json
import random
import re
import string
import sys
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar
from urllib.parse import quote

Role = Literal["user", "assistant", "tool", "tool_call"]


@dataclass(frozen=True)
class PlantedSecret:
    form: str
    secret: str
    text: str
    role: Role


_Form = Callable[[random.Random], tuple[str, str, Role]]
_SecretMaker = Callable[[random.Random], str]
_T = TypeVar("_T")

FORMS: list[tuple[str, Callable[[random.Random], tuple[str, str, Role]]]] = []

DIGITS = string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = LOWER + DIGITS
UPPER_ALNUM = UPPER + DIGITS
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32 = UPPER + "234567"
# Symbols that survive URLs, shells, YAML, XML and JSON without escaping.
SAFE_SYMBOLS = "-_.~"
# Symbols people put in passwords that still survive most config syntaxes unescaped.
PW_SYMBOLS = "!%*+-=^_.~"
DJANGO_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)"


# --- random pieces ---------------------------------------------------------------------------


def _s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _pick(rng: random.Random, items: Sequence[_T]) -> _T:
    return items[rng.randrange(len(items))]


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _b64(rng: random.Random, nbytes: int) -> str:
    return base64.b64encode(rng.randbytes(nbytes)).decode()


def _b64url(rng: random.Random, nbytes: int) -> str:
    return base64.urlsafe_b64encode(rng.randbytes(nbytes)).decode().rstrip("=")


def _pw(rng: random.Random, n: int = 0, symbols: str = PW_SYMBOLS) -> str:
    """A password-manager password: letters, digits and a few symbols, never starting with one."""
    n = n or rng.randint(14, 22)
    body = [rng.choice(ALNUM)] + [
        rng.choice(symbols) if rng.random() < 0.15 else rng.choice(ALNUM) for _ in range(n - 1)
    ]
    body[rng.randrange(1, n)] = rng.choice(DIGITS)
    return "".join(body)


_WORDS = (
    "harbor",
    "violet",
    "cactus",
    "lantern",
    "meadow",
    "copper",
    "falcon",
    "pepper",
    "glacier",
    "orchid",
    "thunder",
    "saffron",
    "pebble",
    "walnut",
    "cobalt",
    "marble",
    "juniper",
    "rocket",
    "summit",
    "velvet",
    "tundra",
    "biscuit",
    "magnet",
    "canyon",
    "ember",
    "quartz",
    "willow",
    "nectar",
    "hazel",
    "breeze",
    "tornado",
    "compass",
    "lobster",
    "mango",
    "raven",
    "sprocket",
)


def _human_pw(rng: random.Random) -> str:
    """The password a person makes up: two capitalised words, digits and often a symbol."""
    first, second = rng.sample(_WORDS, 2)
    sep = _pick(rng, ("", "", "-", "_", ".", "!"))
    tail = str(rng.randint(10, 9999)) + _pick(rng, ("", "", "!", "?", "*"))
    return f"{first.capitalize()}{sep}{second.capitalize()}{tail}"


def _any_pw(rng: random.Random) -> str:
    return _human_pw(rng) if rng.random() < 0.4 else _pw(rng)


def _url_pw(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return _pw(rng, symbols=SAFE_SYMBOLS)
    return _human_pw(rng).rstrip("!?*").replace("!", "")


_FIRST = (
    "maria",
    "jonas",
    "aiko",
    "omar",
    "lena",
    "tomasz",
    "priya",
    "diego",
    "fatima",
    "lucas",
    "ingrid",
    "kwame",
    "mei",
    "sven",
    "nadia",
    "pablo",
    "hana",
    "igor",
    "zara",
    "felix",
)
_LAST = (
    "novak",
    "okafor",
    "lindqvist",
    "tanaka",
    "moreau",
    "haddad",
    "silva",
    "kowalski",
    "chen",
    "brennan",
)
_APPS = (
    "billing",
    "checkout",
    "inventory",
    "ledger",
    "notifier",
    "reports",
    "search",
    "gateway",
    "auth",
    "catalog",
    "scheduler",
    "payments",
    "ingest",
    "webapp",
    "api",
    "worker",
)
_TLDS = ("io", "com", "dev", "net", "cloud", "app")


def _org(rng: random.Random) -> str:
    return _pick(
        rng,
        (
            "acme",
            "northwind",
            "globex",
            "initech",
            "umbrella",
            "hooli",
            "vandelay",
            "tyrell",
            "wayne",
            "stark",
            "contoso",
            "fabrikam",
        ),
    )


def _context(rng: random.Random) -> dict[str, str]:
    """Surroundings for one carrier: who, where and when, drawn fresh each time."""
    first = _pick(rng, _FIRST)
    last = _pick(rng, _LAST)
    org = _org(rng)
    domain = f"{org}.{_pick(rng, _TLDS)}"
    app = _pick(rng, _APPS)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, sec = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return {
        "first": first,
        "First": first.capitalize(),
        "Last": last.capitalize(),
        "user": _pick(
            rng,
            (
                first,
                f"{first}.{last}",
                f"{first[0]}{last}",
                "deploy",
                "svc_" + app,
                app,
                "admin",
                "ci",
            ),
        ),
        "email": f"{first}.{last}@{domain}",
        "org": org,
        "ORG": org.upper(),
        "domain": domain,
        "app": app,
        "host": f"{_pick(rng, ('db', 'pg', 'mysql', 'cache', 'mq', 'prod-db', 'replica', 'primary'))}-{rng.randint(1, 9)}.{_pick(rng, ('internal', 'prod', 'eu-west-1.rds.amazonaws.com', 'svc.cluster.local', 'lan'))}",
        "ip": f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}",
        "pubip": f"{rng.randint(23, 198)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}",
        "port": str(_pick(rng, (5432, 3306, 1433, 6379, 5672, 27017, 8080, 8443, 9200))),
        "db": _pick(rng, (app, f"{app}_prod", f"{app}_staging", "main", "analytics")),
        "ts": f"2025-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{sec:02d}.{rng.randint(0, 999):03d}Z",
        "logts": f"2025-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{sec:02d},{rng.randint(0, 999):03d}",
        "time": f"{hour:02d}:{minute:02d}",
        "date": f"2025-{month:02d}-{day:02d}",
        "uuid": _uuid(rng),
        "uuid2": _uuid(rng),
        "hex7": _s(rng, HEX, 7),
        "hex12": _s(rng, HEX, 12),
        "hex16": _s(rng, HEX, 16),
        "hex16b": _s(rng, HEX, 16),
        "hex32": _s(rng, HEX, 32),
        "hex40": _s(rng, HEX, 40),
        "pid": str(rng.randint(1200, 98000)),
        "num": str(rng.randint(2, 9999)),
        "ms": str(rng.randint(3, 2400)),
        "line": str(rng.randint(12, 480)),
        "region": _pick(
            rng, ("us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2", "us-west-2")
        ),
        "repo": f"{org}/{app}",
        "home": _pick(rng, (f"/home/{first}", f"/Users/{first}", "/root")),
        "ticket": f"{_pick(rng, ('OPS', 'SUP', 'PLAT', 'INFRA', 'DEV'))}-{rng.randint(100, 9999)}",
        "version": f"{rng.randint(1, 5)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
    }


_FIELD = re.compile(r"⟦(\w+)⟧")


def _fill(template: str, secret: str, context: dict[str, str]) -> str:
    return _FIELD.sub(lambda m: secret if m[1] == "S" else context[m[1]], template)


_USER_LEADS = (
    "",
    "",
    "",
    "fyi\n",
    "context:\n",
    "ok so\n",
    "quick one:\n",
    "see below\n",
    "(pasting as-is)\n",
)
_TOOL_TAILS = ("", "", "", "\n$ ", "\n", "\n(END)", "\n[exit code 0]")


def _surround(rng: random.Random, role: Role, text: str) -> str:
    """Vary what sits around a carrier the way a session does: a lead-in, a prompt after it."""
    if role == "user":
        return _pick(rng, _USER_LEADS) + text
    if role == "tool":
        return text + _pick(rng, _TOOL_TAILS)
    return text


def _form(name: str) -> Callable[[_Form], _Form]:
    def register(fn: _Form) -> _Form:
        FORMS.append((name, fn))
        return fn

    return register


def _add(name: str, role: Role, make_secret: _SecretMaker, *templates: str) -> None:
    """Register a form whose carrier is one of ``templates`` with ``⟦S⟧`` for the secret."""

    def make(rng: random.Random) -> tuple[str, str, Role]:
        secret = make_secret(rng)
        template = _pick(rng, templates)
        return secret, _surround(rng, role, _fill(template, secret, _context(rng))), role

    FORMS.append((name, make))


def _tok(prefix: str, alphabet: str, n: int, suffix: str = "") -> _SecretMaker:
    return lambda rng: f"{prefix}{_s(rng, alphabet, n)}{suffix}"


def _b64_of(make: Callable[[random.Random], str]) -> _SecretMaker:
    return lambda rng: base64.b64encode(make(rng).encode()).decode()


def _user_pw_b64(rng: random.Random) -> str:
    user = _pick(rng, (*_FIRST, "deploy", "ci-bot", "jenkins"))
    return base64.b64encode(f"{user}:{_url_pw(rng)}".encode()).decode()


def _hexs(n: int) -> _SecretMaker:
    return _tok("", HEX, n)


def _alnum(n: int) -> _SecretMaker:
    return _tok("", ALNUM, n)


def _django_key(rng: random.Random) -> str:
    return "django-insecure-" + _s(rng, DJANGO_ALPHABET.replace("'", ""), 50)


# --- language and framework configuration ----------------------------------------------------

_add(
    "rails_master_key",
    "tool",
    _hexs(32),
    "$ cat config/master.key\n⟦S⟧\n$ ls -la config/\n-rw-------  1 ⟦first⟧ staff   32 ⟦date⟧ master.key\n-rw-r--r--  1 ⟦first⟧ staff  464 ⟦date⟧ credentials.yml.enc",
    "remote: -----> Setting RAILS_MASTER_KEY\nremote:        RAILS_MASTER_KEY=⟦S⟧\nremote: -----> Detecting rake tasks",
)
_add(
    "rails_credentials_show",
    "tool",
    _hexs(128),
    "$ EDITOR=cat bin/rails credentials:show\n# aws:\n#   access_key_id: 123\n\n# Used as the base secret for all MessageVerifiers in Rails, including the one protecting cookies.\nsecret_key_base: ⟦S⟧\n",
    "$ RAILS_ENV=production bin/rails runner 'puts Rails.application.secret_key_base'\n⟦S⟧",
)
_add(
    "django_settings_secret_key",
    "tool",
    _django_key,
    "# ⟦app⟧/settings.py\nfrom pathlib import Path\n\nBASE_DIR = Path(__file__).resolve().parent.parent\n\n# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '⟦S⟧'\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = True\nALLOWED_HOSTS = []",
    "$ grep -rn SECRET_KEY ⟦app⟧/\n⟦app⟧/settings/base.py:23:SECRET_KEY = '⟦S⟧'\n⟦app⟧/settings/prod.py:4:# SECRET_KEY comes from base",
)
_add(
    "flask_config_class",
    "tool",
    _hexs(48),
    'class Config:\n    SQLALCHEMY_TRACK_MODIFICATIONS = False\n\n\nclass ProductionConfig(Config):\n    SECRET_KEY = "⟦S⟧"\n    SESSION_COOKIE_SECURE = True',
    ">>> import secrets; secrets.token_hex(24)\n'⟦S⟧'\n>>> # pasted into instance/config.py as SECRET_KEY",
)
_add(
    "laravel_key_generate_show",
    "tool",
    _tok("base64:", B64, 43, "="),
    "$ php artisan key:generate --show\n⟦S⟧",
    "$ php artisan tinker\nPsy Shell v0.12.3 (PHP 8.3.4 — cli) by Justin Hileman\n> config('app.key')\n= \"⟦S⟧\"",
)
_add(
    "spring_application_yml",
    "tool",
    _any_pw,
    "spring:\n  datasource:\n    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧\n    username: ⟦user⟧\n    password: ⟦S⟧\n  jpa:\n    hibernate:\n      ddl-auto: validate",
    "spring:\n  rabbitmq:\n    host: ⟦host⟧\n    port: 5672\n    username: ⟦user⟧\n    password: '⟦S⟧'\n    virtual-host: /⟦app⟧",
)
_add(
    "spring_properties_oauth_client_secret",
    "tool",
    _tok("", B64URL, 40),
    "server.port=8080\nspring.security.oauth2.client.registration.github.client-id=Iv1.⟦hex16⟧\nspring.security.oauth2.client.registration.github.client-secret=⟦S⟧\nspring.security.oauth2.client.registration.github.scope=read:user",
    "spring.mail.host=smtp.⟦domain⟧\nspring.mail.port=587\nspring.mail.username=noreply@⟦domain⟧\nspring.mail.password=⟦S⟧\nspring.mail.properties.mail.smtp.starttls.enable=true",
)
_add(
    "spring_actuator_env",
    "tool",
    _any_pw,
    '$ curl -s http://localhost:8081/actuator/env | jq \'.propertySources[1].properties\'\n{\n  "spring.datasource.url": {\n    "value": "jdbc:mysql://⟦host⟧:3306/⟦db⟧",\n    "origin": "class path resource [application-prod.properties] - 3:25"\n  },\n  "spring.datasource.password": {\n    "value": "⟦S⟧",\n    "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\""\n  }\n}',
)
_add(
    "aspnet_appsettings_json",
    "tool",
    _any_pw,
    '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": {\n    "DefaultConnection": "Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=True"\n  },\n  "AllowedHosts": "*"\n}',
    '{\n  "ConnectionStrings": {\n    "Redis": "⟦host⟧:6379,password=⟦S⟧,ssl=True,abortConnect=False"\n  }\n}',
)
_add(
    "dotnet_user_secrets_list",
    "tool",
    _tok("sk_live_", ALNUM, 40),
    "$ dotnet user-secrets list\nStripe:PublishableKey = pk_live_⟦hex32⟧\nStripe:SecretKey = ⟦S⟧\nLogging:LogLevel:Default = Debug",
)
_add(
    "aspnet_machine_key",
    "tool",
    _tok("", UPPER_HEX, 128),
    '<system.web>\n  <compilation debug="false" targetFramework="4.8" />\n  <machineKey validationKey="⟦S⟧" decryptionKey="⟦hex16⟧⟦hex32⟧" validation="HMACSHA256" decryption="AES" />\n</system.web>',
)
_add(
    "symfony_env_local",
    "tool",
    _hexs(32),
    "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=⟦S⟧\n###< symfony/framework-bundle ###\n\n###> symfony/messenger ###\nMESSENGER_TRANSPORT_DSN=doctrine://default?auto_setup=0\n###< symfony/messenger ###",
)
_add(
    "symfony_mailer_dsn",
    "tool",
    _url_pw,
    "###> symfony/mailer ###\nMAILER_DSN=smtp://⟦user⟧:⟦S⟧@smtp.⟦domain⟧:587\n###< symfony/mailer ###",
    "$ php bin/console debug:dotenv\n  MAILER_DSN   smtp://⟦user⟧:⟦S⟧@smtp.⟦domain⟧:587   n/a   smtp://null",
)
_add(
    "phoenix_secret_key_base",
    "tool",
    _tok("", B64, 64),
    '# config/prod.secret.exs\nimport Config\n\nconfig :⟦app⟧, ⟦First⟧Web.Endpoint,\n  http: [port: 4000],\n  secret_key_base: "⟦S⟧"',
    "$ mix phx.gen.secret\n⟦S⟧",
)
_add(
    "elixir_repo_runtime",
    "tool",
    _any_pw,
    'config :⟦app⟧, ⟦First⟧.Repo,\n  username: "⟦user⟧",\n  password: "⟦S⟧",\n  hostname: "⟦host⟧",\n  database: "⟦db⟧",\n  pool_size: 10',
)
_add(
    "play_http_secret",
    "tool",
    _tok("", ALNUM + "_", 56),
    'play.http.secret.key="⟦S⟧"\nplay.filters.hosts.allowed = [".⟦domain⟧", "localhost:9000"]',
    'play.http.secret.key = ${?APPLICATION_SECRET}\nplay.http.secret.key = "⟦S⟧"',
)
_add(
    "quarkus_properties",
    "tool",
    _any_pw,
    "quarkus.datasource.db-kind=postgresql\nquarkus.datasource.username=⟦user⟧\nquarkus.datasource.password=⟦S⟧\nquarkus.datasource.jdbc.url=jdbc:postgresql://⟦host⟧:5432/⟦db⟧",
    "%prod.quarkus.oidc.credentials.secret=⟦S⟧\n%prod.quarkus.oidc.client-id=⟦app⟧",
)
_add(
    "tomcat_context_resource",
    "tool",
    _any_pw,
    '<Context>\n  <Resource name="jdbc/⟦app⟧" auth="Container" type="javax.sql.DataSource"\n            maxTotal="20" maxIdle="10" username="⟦user⟧" password="⟦S⟧"\n            driverClassName="org.postgresql.Driver"\n            url="jdbc:postgresql://⟦host⟧:5432/⟦db⟧"/>\n</Context>',
)
_add(
    "tomcat_users_xml",
    "tool",
    _any_pw,
    '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n  <role rolename="manager-gui"/>\n  <user username="⟦user⟧" password="⟦S⟧" roles="manager-gui,admin-gui"/>\n</tomcat-users>',
)
_add(
    "wildfly_datasource",
    "tool",
    _any_pw,
    '<datasource jndi-name="java:jboss/datasources/⟦First⟧DS" pool-name="⟦First⟧DS">\n    <connection-url>jdbc:oracle:thin:@⟦host⟧:1521/ORCLPDB1</connection-url>\n    <driver>oracle</driver>\n    <security>\n        <user-name>⟦user⟧</user-name>\n        <password>⟦S⟧</password>\n    </security>\n</datasource>',
)
_add(
    "hibernate_cfg_xml",
    "tool",
    _any_pw,
    '<hibernate-configuration>\n  <session-factory>\n    <property name="hibernate.connection.url">jdbc:mysql://⟦host⟧:3306/⟦db⟧</property>\n    <property name="hibernate.connection.username">⟦user⟧</property>\n    <property name="hibernate.connection.password">⟦S⟧</property>\n  </session-factory>\n</hibernate-configuration>',
)
_add(
    "drupal_settings_php",
    "tool",
    _any_pw,
    "$databases['default']['default'] = [\n  'database' => '⟦db⟧',\n  'username' => '⟦user⟧',\n  'password' => '⟦S⟧',\n  'host' => '⟦host⟧',\n  'port' => '3306',\n  'driver' => 'mysql',\n];",
)
_add(
    "magento_env_crypt_key",
    "tool",
    _hexs(32),
    "<?php\nreturn [\n    'backend' => ['frontName' => 'admin_⟦hex7⟧'],\n    'crypt' => [\n        'key' => '⟦S⟧'\n    ],\n    'db' => ['table_prefix' => ''],",
)
_add(
    "joomla_configuration_php",
    "tool",
    _any_pw,
    "class JConfig {\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = '⟦host⟧';\n\tpublic $user = '⟦user⟧';\n\tpublic $password = '⟦S⟧';\n\tpublic $db = '⟦db⟧';\n\tpublic $dbprefix = 'jos_';",
)
_add(
    "strapi_env",
    "tool",
    _tok("", B64, 22, "=="),
    "HOST=0.0.0.0\nPORT=1337\nAPP_KEYS=⟦hex16⟧,⟦hex16b⟧\nADMIN_JWT_SECRET=⟦S⟧\nTRANSFER_TOKEN_SALT=tobemodified",
)
_add(
    "ghost_config_mail",
    "tool",
    _any_pw,
    '{\n  "url": "https://blog.⟦domain⟧",\n  "mail": {\n    "transport": "SMTP",\n    "options": {\n      "service": "Mailgun",\n      "auth": { "user": "postmaster@mg.⟦domain⟧", "pass": "⟦S⟧" }\n    }\n  }\n}',
)
_add(
    "keycloak_realm_export_secret",
    "tool",
    _alnum(32),
    '    {\n      "clientId": "⟦app⟧-backend",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "⟦S⟧",\n      "redirectUris": ["https://⟦app⟧.⟦domain⟧/*"],',
)
_add(
    "hasura_admin_secret",
    "tool_call",
    _alnum(40),
    "curl -s -X POST https://⟦app⟧.hasura.app/v1/graphql -H 'x-hasura-admin-secret: ⟦S⟧' -d '{\"query\":\"{ users(limit: 3) { id } }\"}'",
    "hasura console --endpoint https://⟦app⟧.hasura.app --admin-secret ⟦S⟧",
)
_add(
    "airflow_fernet_key",
    "tool",
    _tok("", B64URL, 43, "="),
    "[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\nfernet_key = ⟦S⟧\nload_examples = False",
    "$ python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'\n⟦S⟧",
)
_add(
    "airflow_connections_get",
    "tool",
    _url_pw,
    "$ airflow connections get ⟦app⟧_pg -o yaml\n- conn_id: ⟦app⟧_pg\n  conn_type: postgres\n  host: ⟦host⟧\n  login: ⟦user⟧\n  password: ⟦S⟧\n  port: 5432\n  schema: ⟦db⟧",
    "AIRFLOW_CONN_WAREHOUSE='postgres://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧'",
)
_add(
    "superset_config_secret",
    "tool",
    _tok("", B64, 42),
    "# superset_config.py\nROW_LIMIT = 5000\nSECRET_KEY = '⟦S⟧'\nSQLALCHEMY_DATABASE_URI = 'sqlite:////app/superset_home/superset.db'",
)
_add(
    "metabase_encryption_key",
    "tool_call",
    _alnum(32),
    "docker run -d -p 3000:3000 -e MB_DB_TYPE=postgres -e MB_ENCRYPTION_SECRET_KEY=⟦S⟧ --name metabase metabase/metabase",
)
_add(
    "n8n_encryption_key",
    "tool",
    _alnum(32),
    '$ cat ~/.n8n/config\n{\n\t"encryptionKey": "⟦S⟧"\n}',
)
_add(
    "jupyter_server_token",
    "tool",
    _hexs(48),
    "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token=⟦S⟧ :: ⟦home⟧/notebooks",
    "[I ⟦time⟧:11.402 ServerApp] Jupyter Server 2.14.1 is running at:\n[I ⟦time⟧:11.402 ServerApp] http://127.0.0.1:8888/lab?token=⟦S⟧\n[I ⟦time⟧:11.402 ServerApp]  or http://127.0.0.1:8888/lab?token=⟦S⟧",
)
_add(
    "streamlit_secrets_toml",
    "tool",
    _tok("sk-proj-", B64URL, 64),
    '# .streamlit/secrets.toml\nOPENAI_API_KEY = "⟦S⟧"\n\n[connections.snowflake]\naccount = "⟦org⟧-xy12345"',
)
_add(
    "nextauth_secret",
    "tool",
    _tok("", B64, 43, "="),
    "NEXTAUTH_URL=http://localhost:3000\nNEXTAUTH_SECRET=⟦S⟧\nGITHUB_ID=Ov23li⟦hex12⟧",
    "$ openssl rand -base64 32\n⟦S⟧",
)
_add(
    "express_session_secret",
    "tool",
    _pw,
    "app.use(session({\n  store: new RedisStore({ client: redisClient }),\n  secret: '⟦S⟧',\n  resave: false,\n  saveUninitialized: false,\n}));",
)
_add(
    "prisma_database_url",
    "tool",
    _url_pw,
    '# Environment variables declared in this file are automatically made available to Prisma.\nDATABASE_URL="postgresql://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧?schema=public"',
    'Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\nDatasource "db": PostgreSQL database "⟦db⟧", schema "public" at "⟦host⟧:5432"\n\nError: P1001: Can\'t reach database server at `⟦host⟧:5432`\n(DATABASE_URL=postgresql://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧)',
)
_add(
    "sequelize_config_json",
    "tool",
    _any_pw,
    '{\n  "development": {\n    "username": "root",\n    "password": null,\n    "database": "⟦db⟧_dev",\n    "dialect": "mysql"\n  },\n  "production": {\n    "username": "⟦user⟧",\n    "password": "⟦S⟧",\n    "database": "⟦db⟧",\n    "host": "⟦host⟧",\n    "dialect": "mysql"\n  }\n}',
)
_add(
    "typeorm_datasource",
    "tool",
    _any_pw,
    'export const AppDataSource = new DataSource({\n    type: "postgres",\n    host: "⟦host⟧",\n    port: 5432,\n    username: "⟦user⟧",\n    password: "⟦S⟧",\n    database: "⟦db⟧",\n    synchronize: false,\n})',
)
_add(
    "knexfile",
    "tool",
    _any_pw,
    "module.exports = {\n  production: {\n    client: 'pg',\n    connection: { host: '⟦host⟧', user: '⟦user⟧', password: '⟦S⟧', database: '⟦db⟧' },\n    pool: { min: 2, max: 10 },\n  },\n};",
)
_add(
    "rails_database_yml",
    "tool",
    _any_pw,
    "production:\n  <<: *default\n  database: ⟦db⟧\n  username: ⟦user⟧\n  password: ⟦S⟧\n  host: ⟦host⟧",
)
_add(
    "celery_broker_url",
    "tool",
    _url_pw,
    "[⟦logts⟧: INFO/MainProcess] Connected to amqp://⟦user⟧:⟦S⟧@⟦host⟧:5672//\n[⟦logts⟧: INFO/MainProcess] mingle: searching for neighbors",
    " -------------- celery@⟦app⟧-worker-1 v5.4.0 (opalescent)\n--- ***** -----\n- ** ---------- .> transport:   redis://:⟦S⟧@⟦host⟧:6379/0\n- ** ---------- .> results:     disabled://",
)
_add(
    "grafana_ini_admin",
    "tool",
    _any_pw,
    "[security]\n# default admin user, created on startup\nadmin_user = admin\n# default admin password, can be changed before first start of grafana, or in profile settings\nadmin_password = ⟦S⟧\n;cookie_secure = false",
)
_add(
    "wp_cli_config_get",
    "tool",
    _any_pw,
    "$ wp config get DB_PASSWORD --path=/var/www/html\n⟦S⟧",
    "$ wp config list --fields=name,value --format=table\n+------------------+------------------+\n| name             | value            |\n+------------------+------------------+\n| DB_NAME          | ⟦db⟧ |\n| DB_USER          | ⟦user⟧ |\n| DB_PASSWORD      | ⟦S⟧ |\n| DB_HOST          | ⟦host⟧ |\n+------------------+------------------+",
)


# --- package-manager auth ----------------------------------------------------------------------

_add(
    "npmrc_auth_base64",
    "tool",
    _user_pw_b64,
    "$ cat ~/.npmrc\nregistry=https://⟦org⟧.jfrog.io/artifactory/api/npm/npm-virtual/\n_auth=⟦S⟧\nalways-auth=true\nemail=⟦email⟧",
    '; userconfig ⟦home⟧/.npmrc\n//nexus.⟦domain⟧/repository/npm-group/:_auth = "⟦S⟧"\n//nexus.⟦domain⟧/repository/npm-group/:always-auth = true',
)
_add(
    "npmrc_password_base64",
    "tool",
    _b64_of(_url_pw),
    "//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦app⟧/npm/registry/:username=⟦org⟧\n//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦app⟧/npm/registry/:_password=⟦S⟧\n//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦app⟧/npm/registry/:email=npm requires email to be set but doesn't use the value",
)
_add(
    "npmrc_gitlab_scoped",
    "tool",
    _tok("glpat-", B64URL, 20),
    "@⟦org⟧:registry=https://gitlab.⟦domain⟧/api/v4/projects/⟦num⟧/packages/npm/\n//gitlab.⟦domain⟧/api/v4/projects/⟦num⟧/packages/npm/:_authToken=⟦S⟧",
)
_add(
    "npm_config_env",
    "tool_call",
    _tok("npm_", ALNUM, 36),
    "NPM_CONFIG_//registry.npmjs.org/:_authToken=⟦S⟧ npm publish --access public",
    "npm config set //registry.npmjs.org/:_authToken ⟦S⟧ && npm whoami",
)
_add(
    "yarnrc_npm_auth_ident",
    "tool",
    lambda rng: f"{_pick(rng, _FIRST)}:{_url_pw(rng)}",
    'npmRegistryServer: "https://npm.⟦domain⟧"\nnpmScopes:\n  ⟦org⟧:\n    npmAlwaysAuth: true\n    npmAuthIdent: "⟦S⟧"\n    npmRegistryServer: "https://npm.⟦domain⟧"',
)
_add(
    "pip_conf_index_url",
    "tool",
    _url_pw,
    "$ pip config list\nglobal.index-url='https://⟦user⟧:⟦S⟧@nexus.⟦domain⟧/repository/pypi-all/simple'\nglobal.timeout='60'",
    "[global]\nindex-url = https://⟦user⟧:⟦S⟧@pypi.⟦domain⟧/simple/\ntrusted-host = pypi.⟦domain⟧",
)
_add(
    "pip_extra_index_url_cmd",
    "tool_call",
    _tok("", B64URL, 43),
    "pip install --extra-index-url https://__token__:⟦S⟧@gitlab.⟦domain⟧/api/v4/projects/⟦num⟧/packages/pypi/simple ⟦app⟧-client==⟦version⟧",
)
_add(
    "poetry_config_http_basic",
    "tool_call",
    _url_pw,
    "poetry config http-basic.⟦org⟧ ⟦user⟧ ⟦S⟧",
    "poetry source add --priority=supplemental ⟦org⟧ https://pypi.⟦domain⟧/simple/ && poetry config http-basic.⟦org⟧ ⟦user⟧ ⟦S⟧",
)
_add(
    "poetry_auth_toml",
    "tool",
    _url_pw,
    '$ cat ~/.config/pypoetry/auth.toml\n[http-basic.⟦org⟧]\nusername = "⟦user⟧"\npassword = "⟦S⟧"',
)
_add(
    "uv_index_password_env",
    "tool",
    _tok("", B64URL, 40),
    "export UV_INDEX_⟦ORG⟧_USERNAME=aws\nexport UV_INDEX_⟦ORG⟧_PASSWORD=⟦S⟧\nuv sync --frozen",
)
_add(
    "pypirc_private_repo",
    "tool",
    _any_pw,
    "[distutils]\nindex-servers =\n    pypi\n    ⟦org⟧\n\n[⟦org⟧]\nrepository = https://pypi.⟦domain⟧/\nusername = ⟦user⟧\npassword = ⟦S⟧",
)
_add(
    "twine_upload_password",
    "tool_call",
    _url_pw,
    "twine upload --repository-url https://pypi.⟦domain⟧/ -u ⟦user⟧ -p ⟦S⟧ dist/*",
    "TWINE_USERNAME=⟦user⟧ TWINE_PASSWORD=⟦S⟧ python -m twine upload -r ⟦org⟧ dist/⟦app⟧-⟦version⟧*",
)
_add(
    "maven_settings_xml",
    "tool",
    _any_pw,
    "<settings>\n  <servers>\n    <server>\n      <id>⟦org⟧-releases</id>\n      <username>⟦user⟧</username>\n      <password>⟦S⟧</password>\n    </server>\n  </servers>\n</settings>",
)
_add(
    "gradle_properties",
    "tool",
    _any_pw,
    "org.gradle.jvmargs=-Xmx2048m\nartifactoryUser=⟦user⟧\nartifactoryPassword=⟦S⟧\nkotlin.code.style=official",
    "ossrhUsername=⟦user⟧\nossrhPassword=⟦S⟧\nsigning.keyId=⟦hex7⟧A",
)
_add(
    "bundler_env_credentials",
    "tool",
    lambda rng: f"{_s(rng, HEX, 8)}:{_s(rng, HEX, 8)}",
    '$ bundle config\nSettings are listed in order of priority. The top value will be used.\ngems.contribsys.com\nSet for your local app (⟦home⟧/⟦app⟧/.bundle/config): "⟦S⟧"',
    "BUNDLE_GEMS__CONTRIBSYS__COM=⟦S⟧\nBUNDLE_WITHOUT=development:test",
)
_add(
    "composer_auth_json",
    "tool",
    _any_pw,
    '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": "⟦hex32⟧",\n            "password": "⟦S⟧"\n        }\n    }\n}',
)
_add(
    "composer_github_oauth",
    "tool_call",
    _tok("ghp_", ALNUM, 36),
    "composer config --global github-oauth.github.com ⟦S⟧",
    'COMPOSER_AUTH=\'{"github-oauth": {"github.com": "⟦S⟧"}}\' composer install --no-dev',
)
_add(
    "cargo_registry_token_env",
    "tool",
    _tok("", B64URL, 40),
    "env:\n  CARGO_REGISTRIES_⟦ORG⟧_INDEX: sparse+https://cargo.⟦domain⟧/index/\n  CARGO_REGISTRIES_⟦ORG⟧_TOKEN: Bearer ⟦S⟧",
)
_add(
    "nuget_config_cleartext",
    "tool",
    _any_pw,
    '<configuration>\n  <packageSourceCredentials>\n    <⟦org⟧Feed>\n      <add key="Username" value="⟦user⟧" />\n      <add key="ClearTextPassword" value="⟦S⟧" />\n    </⟦org⟧Feed>\n  </packageSourceCredentials>\n</configuration>',
)
_add(
    "dotnet_nuget_add_source",
    "tool_call",
    _url_pw,
    "dotnet nuget add source https://nuget.⟦domain⟧/v3/index.json -n ⟦org⟧ -u ⟦user⟧ -p ⟦S⟧ --store-password-in-clear-text",
)
_add(
    "netrc_go_modules",
    "tool",
    _tok("ghp_", ALNUM, 36),
    "$ cat ~/.netrc\nmachine github.com\n  login ⟦user⟧\n  password ⟦S⟧\n$ go env GOPRIVATE\ngithub.com/⟦org⟧/*",
)
_add(
    "goproxy_credentials",
    "tool",
    _url_pw,
    "$ go env | grep -i proxy\nGONOPROXY=''\nGOPROXY='https://⟦user⟧:⟦S⟧@athens.⟦domain⟧,direct'",
)
_add(
    "conda_channel_token",
    "tool",
    lambda rng: f"{_s(rng, LOWER_ALNUM, 2)}-{_uuid(rng)}",
    "channels:\n  - https://conda.anaconda.org/t/⟦S⟧/⟦org⟧\n  - conda-forge\nchannel_priority: strict",
)
_add(
    "helm_repo_add_password",
    "tool_call",
    _url_pw,
    "helm repo add ⟦org⟧ https://charts.⟦domain⟧ --username ⟦user⟧ --password ⟦S⟧",
)
_add(
    "deno_auth_tokens",
    "tool",
    _tok("", ALNUM, 40),
    "DENO_AUTH_TOKENS=⟦S⟧@raw.githubusercontent.com deno run --allow-net main.ts",
)
_add(
    "bunfig_registry_token",
    "tool",
    _tok("", B64URL, 40),
    '[install.scopes]\n"@⟦org⟧" = { token = "⟦S⟧", url = "https://npm.⟦domain⟧/" }',
)
_add(
    "jfrog_cli_config_add",
    "tool_call",
    _tok("cmVmdGtuOjAxOj", ALNUM, 50),
    "jf c add ⟦org⟧ --url=https://⟦org⟧.jfrog.io --access-token=⟦S⟧ --interactive=false",
)
_add(
    "hex_api_key",
    "tool",
    _hexs(32),
    "$ mix hex.config\napi_key: ⟦S⟧ (using `HEX_API_KEY`)\napi_url: https://hex.pm/api",
)
_add(
    "terraform_credentials_tfrc",
    "tool",
    lambda rng: f"{_s(rng, ALNUM, 14)}.atlasv1.{_s(rng, ALNUM, 67)}",
    '$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "⟦S⟧"\n    }\n  }\n}',
)
_add(
    "dockerfile_npm_token_arg",
    "tool",
    _tok("npm_", ALNUM, 36),
    'FROM node:20-alpine\nWORKDIR /app\nCOPY package*.json ./\nRUN echo "//registry.npmjs.org/:_authToken=⟦S⟧" > .npmrc && npm ci && rm .npmrc\nCOPY . .',
)
_add(
    "docker_login_stdin_echo",
    "tool_call",
    _url_pw,
    "echo ⟦S⟧ | docker login registry.⟦domain⟧ -u ⟦user⟧ --password-stdin",
    "echo '⟦S⟧' | helm registry login registry.⟦domain⟧ --username ⟦user⟧ --password-stdin",
)


# --- desktop, IDE and CLI files ----------------------------------------------------------------


def _docker_auth(rng: random.Random) -> str:
    return _user_pw_b64(rng)


def _pem_body_line(rng: random.Random) -> str:
    return _b64(rng, 48)


def _kube_client_key_data(rng: random.Random) -> str:
    lines = [_b64(rng, 48) for _ in range(rng.randint(6, 10))]
    pem = (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA"
        + "\n".join(lines)
        + "\n-----END RSA PRIVATE KEY-----\n"
    )
    return base64.b64encode(pem.encode()).decode()


_add(
    "pgpass_line",
    "tool",
    lambda rng: _any_pw(rng).replace(":", "").replace("\\", ""),
    "$ cat ~/.pgpass\n⟦host⟧:5432:⟦db⟧:⟦user⟧:⟦S⟧\nlocalhost:5432:*:postgres:postgres",
    '$ echo "⟦host⟧:5432:*:⟦user⟧:⟦S⟧" >> ~/.pgpass && chmod 600 ~/.pgpass',
)
_add(
    "my_cnf_client",
    "tool",
    _any_pw,
    "$ cat ~/.my.cnf\n[client]\nuser=⟦user⟧\npassword=⟦S⟧\nhost=⟦host⟧\n\n[mysql]\nauto-rehash",
    '[mysqldump]\nuser = ⟦user⟧\npassword = "⟦S⟧"\nsingle-transaction',
)
_add(
    "git_credentials_file",
    "tool",
    _tok("glpat-", B64URL, 20),
    "$ cat ~/.git-credentials\nhttps://⟦user⟧:⟦S⟧@gitlab.⟦domain⟧\n",
    "$ git config --global credential.helper\nstore\n$ cat ~/.git-credentials\nhttps://oauth2:⟦S⟧@gitlab.com",
)
_add(
    "jetbrains_run_config_env",
    "tool",
    _any_pw,
    '<component name="ProjectRunConfigurationManager">\n  <configuration name="⟦app⟧ (prod db)" type="PythonConfigurationType">\n    <envs>\n      <env name="PYTHONUNBUFFERED" value="1" />\n      <env name="DB_PASSWORD" value="⟦S⟧" />\n    </envs>\n  </configuration>\n</component>',
)
_add(
    "dbeaver_data_sources",
    "tool",
    _any_pw,
    '"postgres-jdbc-⟦hex12⟧": {\n\t"provider": "postgresql",\n\t"driver": "postgres-jdbc",\n\t"name": "⟦db⟧ @ ⟦host⟧",\n\t"save-password": true,\n\t"configuration": {\n\t\t"host": "⟦host⟧",\n\t\t"database": "⟦db⟧",\n\t\t"user": "⟦user⟧",\n\t\t"password": "⟦S⟧",\n\t\t"auth-model": "native"\n\t}\n}',
)
_add(
    "rclone_conf_s3",
    "tool",
    _tok("", B64, 40),
    "$ rclone config show\n[⟦org⟧-backup]\ntype = s3\nprovider = AWS\naccess_key_id = AKIA⟦hex16⟧\nsecret_access_key = ⟦S⟧\nregion = ⟦region⟧",
)
_add(
    "rclone_conf_obscured_pass",
    "tool",
    lambda rng: _b64url(rng, rng.randint(24, 36)),
    "[nas]\ntype = sftp\nhost = ⟦ip⟧\nuser = ⟦user⟧\npass = ⟦S⟧\nshell_type = unix",
)
_add(
    "boto_cfg_credentials",
    "tool",
    _tok("", B64, 40),
    "$ cat /etc/boto.cfg\n[Credentials]\naws_access_key_id = AKIA⟦hex16⟧\naws_secret_access_key = ⟦S⟧\n\n[Boto]\ndebug = 0",
)
_add(
    "docker_config_json_auths",
    "tool",
    _docker_auth,
    '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"registry.⟦domain⟧": {\n\t\t\t"auth": "⟦S⟧"\n\t\t}\n\t},\n\t"currentContext": "desktop-linux"\n}',
)
_add(
    "dockercfg_legacy",
    "tool",
    _docker_auth,
    '{"https://index.docker.io/v1/":{"auth":"⟦S⟧","email":"⟦email⟧"}}',
)
_add(
    "podman_auth_json",
    "tool",
    _docker_auth,
    '$ cat ${XDG_RUNTIME_DIR}/containers/auth.json\n{\n\t"auths": {\n\t\t"quay.io": {\n\t\t\t"auth": "⟦S⟧"\n\t\t}\n\t}\n}',
)
_add(
    "kubeconfig_client_key_data",
    "tool",
    _kube_client_key_data,
    "users:\n- name: ⟦user⟧@⟦app⟧\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURJVENDQWdtZ0F3SUJBZ0lJRmRs\n    client-key-data: ⟦S⟧",
)
_add(
    "kubeconfig_token",
    "tool",
    lambda rng: (
        f"{_s(rng, LOWER_ALNUM, 6)}.{_s(rng, LOWER_ALNUM, 16)}"
        if rng.random() < 0.3
        else "kubeconfig-u-" + _s(rng, LOWER_ALNUM, 10) + ":" + _s(rng, LOWER_ALNUM, 54)
    ),
    '$ kubectl config view --raw -o jsonpath=\'{.users[0].user}\'\n{"token":"⟦S⟧"}',
    "- name: ⟦app⟧-admin\n  user:\n    token: ⟦S⟧",
)
_add(
    "gcloud_credentials_db_dump",
    "tool",
    lambda rng: "1//0" + _s(rng, B64URL, 99),
    '$ sqlite3 ~/.config/gcloud/credentials.db .dump\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE credentials (account_id TEXT PRIMARY KEY, value BLOB);\nINSERT INTO credentials VALUES(\'⟦email⟧\',\'{\n  "client_id": "32555940559.apps.googleusercontent.com",\n  "refresh_token": "⟦S⟧",\n  "type": "authorized_user"\n}\');\nCOMMIT;',
)
_add(
    "azure_msal_token_cache",
    "tool",
    lambda rng: "1.A" + _s(rng, B64URL, 180),
    '$ jq \'.RefreshToken\' ~/.azure/msal_token_cache.json\n{\n  "⟦uuid⟧.⟦uuid2⟧-login.microsoftonline.com-refreshtoken-04b07795-8ddb-461a-bbee-02f9e1bf7b46--": {\n    "credential_type": "RefreshToken",\n    "secret": "⟦S⟧",\n    "home_account_id": "⟦uuid⟧.⟦uuid2⟧"\n  }\n}',
)
_add(
    "winscp_ini_password",
    "tool",
    _tok("A35C", UPPER_HEX, 60),
    "[Sessions\\⟦user⟧@⟦host⟧]\nHostName=⟦host⟧\nUserName=⟦user⟧\nPassword=⟦S⟧\nFSProtocol=2",
)
_add(
    "glab_config_token",
    "tool",
    _tok("glpat-", B64URL, 20),
    "$ cat ~/.config/glab-cli/config.yml\nhosts:\n    gitlab.⟦domain⟧:\n        token: ⟦S⟧\n        api_host: gitlab.⟦domain⟧\n        git_protocol: ssh",
)
_add(
    "llm_keys_json",
    "tool",
    _tok("gsk_", ALNUM, 52),
    '$ cat "$(llm keys path)"\n{\n  "// Note": "This file stores secret API credentials. Do not share!",\n  "groq": "⟦S⟧"\n}',
)
_add(
    "claude_desktop_mcp_env",
    "tool",
    _tok("github_pat_", ALNUM + "_", 82),
    '{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-github"],\n      "env": {\n        "GITHUB_PERSONAL_ACCESS_TOKEN": "⟦S⟧"\n      }\n    }\n  }\n}',
)
_add(
    "cursor_mcp_brave_key",
    "tool",
    _tok("BSA", ALNUM, 28),
    '// .cursor/mcp.json\n{\n  "mcpServers": {\n    "brave-search": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-brave-search"],\n      "env": { "BRAVE_API_KEY": "⟦S⟧" }\n    }\n  }\n}',
)
_add(
    "aider_conf_yml",
    "tool",
    _tok("sk-ant-api03-", B64URL, 93, "AA"),
    "# .aider.conf.yml\nmodel: sonnet\nanthropic-api-key: ⟦S⟧\nauto-commits: false",
)
_add(
    "continue_config_mistral",
    "tool",
    _alnum(32),
    '{\n  "models": [\n    {\n      "title": "Codestral",\n      "provider": "mistral",\n      "model": "codestral-latest",\n      "apiKey": "⟦S⟧"\n    }\n  ]\n}',
)
_add(
    "macos_security_find_password",
    "tool",
    _any_pw,
    "$ security find-generic-password -s '⟦app⟧-prod-db' -w\n⟦S⟧",
    '$ security find-internet-password -s ⟦host⟧ -g\nkeychain: "/Users/⟦first⟧/Library/Keychains/login.keychain-db"\nclass: "inet"\npassword: "⟦S⟧"',
)
_add(
    "secret_tool_lookup",
    "tool",
    _any_pw,
    "$ secret-tool lookup service ⟦app⟧ username ⟦user⟧\n⟦S⟧",
)
_add(
    "pass_show",
    "tool",
    _any_pw,
    "$ pass show work/⟦app⟧/⟦user⟧\n⟦S⟧\nurl: https://⟦app⟧.⟦domain⟧\nusername: ⟦user⟧",
)
_add(
    "keepassxc_cli_show",
    "tool",
    _any_pw,
    "$ keepassxc-cli show -s ~/Passwords.kdbx 'Work/⟦First⟧ VPN'\nEnter password to unlock ~/Passwords.kdbx:\nTitle: ⟦First⟧ VPN\nUserName: ⟦user⟧\nPassword: ⟦S⟧\nURL: https://vpn.⟦domain⟧\nNotes:",
)
_add(
    "bitwarden_cli_get",
    "tool",
    _any_pw,
    '$ bw get item ⟦app⟧-admin | jq .login\n{\n  "username": "⟦email⟧",\n  "password": "⟦S⟧",\n  "totp": null\n}',
    "$ bw get password ⟦uuid⟧\n⟦S⟧",
)
_add(
    "vscode_launch_env",
    "tool",
    _tok("sk-or-v1-", HEX, 64),
    '{\n  "version": "0.2.0",\n  "configurations": [\n    {\n      "name": "Python: agent",\n      "type": "debugpy",\n      "request": "launch",\n      "program": "${workspaceFolder}/agent.py",\n      "env": { "OPENROUTER_API_KEY": "⟦S⟧" }\n    }\n  ]\n}',
)
_add(
    "insomnia_export_header",
    "tool",
    _tok("", ALNUM, 40),
    '{\n  "_type": "request",\n  "name": "List invoices",\n  "url": "https://api.⟦domain⟧/v2/invoices",\n  "headers": [\n    { "name": "X-Api-Key", "value": "⟦S⟧" }\n  ]\n}',
)


# --- logs and traces ---------------------------------------------------------------------------


def _bearer_opaque(rng: random.Random) -> str:
    return _pick(rng, ("", "at_", "tok_", "ya29.")) + _s(rng, B64URL, rng.randint(36, 60))


_add(
    "sentry_event_headers",
    "tool",
    _bearer_opaque,
    '{\n  "event_id": "⟦hex32⟧",\n  "level": "error",\n  "request": {\n    "url": "https://api.⟦domain⟧/v1/orders",\n    "method": "POST",\n    "headers": {\n      "Content-Type": "application/json",\n      "Authorization": "Bearer ⟦S⟧"\n    }\n  },\n  "exception": {"values": [{"type": "KeyError", "value": "\'sku\'"}]}\n}',
)
_add(
    "sentry_breadcrumb_query",
    "tool",
    _alnum(32),
    "Breadcrumbs\n  ⟦time⟧:02  http   GET https://api.⟦domain⟧/v3/search?q=boots&api_key=⟦S⟧ [200]\n  ⟦time⟧:03  ui.click  button#checkout\n  ⟦time⟧:04  http   POST /api/cart [500]",
)
_add(
    "otel_span_attributes",
    "tool",
    _tok("", ALNUM, 40),
    'Span #3\n    Trace ID       : ⟦hex32⟧\n    Parent ID      : ⟦hex16⟧\n    ID             : ⟦hex16b⟧\n    Name           : POST /v1/charge\n    Kind           : Client\nAttributes:\n     -> http.request.method: Str(POST)\n     -> http.request.header.x-api-key: Slice(["⟦S⟧"])\n     -> server.address: Str(api.⟦domain⟧)',
)
_add(
    "otel_collector_url_token",
    "tool",
    _hexs(40),
    '⟦ts⟧\tinfo\tTracesExporter\t{"kind": "exporter", "data_type": "traces", "name": "debug", "resource spans": 1}\nResourceSpans #0\n     -> url.full: Str(https://hooks.⟦domain⟧/ingest?token=⟦S⟧)\n     -> http.response.status_code: Int(202)',
)
_add(
    "har_response_set_cookie",
    "tool",
    lambda rng: _s(rng, LOWER_ALNUM, 32),
    '"response": {\n  "status": 302,\n  "headers": [\n    { "name": "location", "value": "/dashboard" },\n    { "name": "set-cookie", "value": "sessionid=⟦S⟧; expires=Thu, 04 Dec 2025 10:00:00 GMT; HttpOnly; Path=/; SameSite=Lax" }\n  ],',
)
_add(
    "har_request_api_key_header",
    "tool",
    _tok("", ALNUM, 36),
    '"request": {\n  "method": "GET",\n  "url": "https://api.⟦domain⟧/v1/me",\n  "headers": [\n    { "name": "accept", "value": "application/json" },\n    { "name": "x-api-key", "value": "⟦S⟧" }\n  ],',
)
_add(
    "nginx_debug_auth_header",
    "tool",
    _user_pw_b64,
    '⟦date⟧ ⟦time⟧:14 [debug] 31#31: *41 http header: "Host: ⟦app⟧.⟦domain⟧"\n⟦date⟧ ⟦time⟧:14 [debug] 31#31: *41 http header: "Authorization: Basic ⟦S⟧"\n⟦date⟧ ⟦time⟧:14 [debug] 31#31: *41 http header: "User-Agent: curl/8.5.0"',
)
_add(
    "modsecurity_audit_log",
    "tool",
    _bearer_opaque,
    "--⟦hex7⟧-B--\nPOST /api/v2/export HTTP/1.1\nHost: ⟦app⟧.⟦domain⟧\nAuthorization: Bearer ⟦S⟧\nContent-Type: application/json\n\n--⟦hex7⟧-F--\nHTTP/1.1 403 Forbidden",
)
_add(
    "python_logging_headers_dict",
    "tool",
    _bearer_opaque,
    "⟦logts⟧ DEBUG ⟦app⟧.client: POST https://api.⟦domain⟧/v2/sync headers={'User-Agent': 'python-requests/2.32.3', 'Accept': '*/*', 'Authorization': 'Bearer ⟦S⟧', 'Content-Length': '87'}",
    "DEBUG:⟦app⟧.http:request kwargs: {'timeout': 30, 'headers': {'X-Auth-Token': '⟦S⟧'}, 'params': {'page': 2}}",
)
_add(
    "httpx_trace_headers",
    "tool",
    _bearer_opaque,
    "DEBUG [⟦logts⟧] httpcore.http11 - send_request_headers.started request=<Request [b'POST']>\nDEBUG [⟦logts⟧] httpx - headers=[(b'Host', b'api.⟦domain⟧'), (b'Authorization', b'Bearer ⟦S⟧'), (b'Content-Type', b'application/json')]",
)
_add(
    "java_exception_jdbc_url",
    "tool",
    _url_pw,
    "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection\n\tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)\nCaused by: java.sql.SQLException: Cannot create PoolableConnectionFactory (url=jdbc:postgresql://⟦host⟧:5432/⟦db⟧?user=⟦user⟧&password=⟦S⟧&ssl=true)\n\tat org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:653)",
    "⟦logts⟧ ERROR [main] c.z.h.HikariConfig - jdbcUrl.........................jdbc:mysql://⟦host⟧:3306/⟦db⟧?user=⟦user⟧&password=⟦S⟧",
)
_add(
    "go_struct_plus_v",
    "tool",
    _any_pw,
    "⟦date⟧ ⟦time⟧:07 loaded config: &{Addr::8080 DB:{Host:⟦host⟧ Port:5432 User:⟦user⟧ Password:⟦S⟧ Name:⟦db⟧} Debug:true}",
    'panic: dial tcp ⟦ip⟧:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustConnect({Host:"⟦host⟧", User:"⟦user⟧", Password:"⟦S⟧", SSLMode:"require"})\n\t/src/cmd/⟦app⟧/main.go:⟦line⟧ +0x1a5',
)
_add(
    "node_console_log_options",
    "tool",
    _any_pw,
    "Connecting with {\n  host: '⟦host⟧',\n  port: 5432,\n  user: '⟦user⟧',\n  password: '⟦S⟧',\n  database: '⟦db⟧',\n  ssl: { rejectUnauthorized: false }\n}\nError: connect ETIMEDOUT ⟦ip⟧:5432",
)
_add(
    "rich_traceback_locals",
    "tool",
    _tok("", ALNUM, 40),
    "╭──────────────── Traceback (most recent call last) ────────────────╮\n│ /app/⟦app⟧/client.py:⟦line⟧ in fetch                                    │\n│ ╭──────────────────────────── locals ─────────────────────────────╮ │\n│ │  api_key = '⟦S⟧'                  │ │\n│ │      url = 'https://api.⟦domain⟧/v1/items'                      │ │\n│ ╰─────────────────────────────────────────────────────────────────╯ │\n╰─────────────────────────────────────────────────────────────────────╯\nHTTPStatusError: Client error '401 Unauthorized'",
)
_add(
    "django_debug_post_data",
    "tool",
    _any_pw,
    "POST\nVariable\tValue\ncsrfmiddlewaretoken\t'⟦hex32⟧'\nusername\t'⟦user⟧'\npassword\t'⟦S⟧'\nFILES\nNo FILES data",
)
_add(
    "php_stack_pdo_construct",
    "tool",
    _any_pw,
    "PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65\nStack trace:\n#0 /var/www/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=⟦host⟧;port=3306;dbname=⟦db⟧', '⟦user⟧', '⟦S⟧', Array)\n#1 /var/www/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(44): Illuminate\\Database\\Connectors\\Connector->createPdoConnection()",
)
_add(
    "kubectl_describe_pod_env",
    "tool",
    _any_pw,
    "Containers:\n  ⟦app⟧:\n    Image:          registry.⟦domain⟧/⟦app⟧:⟦version⟧\n    Environment:\n      LOG_LEVEL:     info\n      DB_HOST:       ⟦host⟧\n      DB_PASSWORD:   ⟦S⟧\n      REDIS_URL:     <set to the key 'url' in secret '⟦app⟧-redis'>  Optional: false",
)
_add(
    "docker_compose_config_output",
    "tool",
    _any_pw,
    "$ docker compose config\nname: ⟦app⟧\nservices:\n  db:\n    environment:\n      POSTGRES_DB: ⟦db⟧\n      POSTGRES_PASSWORD: ⟦S⟧\n      POSTGRES_USER: ⟦user⟧\n    image: postgres:16",
)
_add(
    "curl_verbose_request",
    "tool",
    _tok("", ALNUM, 40),
    "*   Trying ⟦pubip⟧:443...\n* Connected to api.⟦domain⟧ (⟦pubip⟧) port 443\n> GET /v2/accounts HTTP/2\n> Host: api.⟦domain⟧\n> User-Agent: curl/8.5.0\n> X-API-Key: ⟦S⟧\n> Accept: */*\n>\n< HTTP/2 200",
)
_add(
    "httpie_print_headers",
    "tool",
    _bearer_opaque,
    "GET /api/v1/projects HTTP/1.1\nAccept: */*\nAccept-Encoding: gzip, deflate\nAuthorization: Bearer ⟦S⟧\nConnection: keep-alive\nHost: ⟦app⟧.⟦domain⟧\nUser-Agent: HTTPie/3.2.2",
)
_add(
    "strace_write_pass",
    "tool",
    _url_pw,
    'connect(3, {sa_family=AF_INET, sin_port=htons(21), sin_addr=inet_addr("⟦ip⟧")}, 16) = 0\nwrite(3, "USER ⟦user⟧\\r\\n", 12) = 12\nwrite(3, "PASS ⟦S⟧\\r\\n", 24) = 24\nread(3, "230 Login successful.\\r\\n", 8192) = 24',
)
_add(
    "tcpdump_ascii_basic",
    "tool",
    _user_pw_b64,
    "⟦time⟧:31.559210 IP ⟦pubip⟧.51522 > ⟦ip⟧.8080: Flags [P.], seq 1:213, ack 1, win 502, length 212: HTTP: GET /metrics HTTP/1.1\nE.....@.@.\nGET /metrics HTTP/1.1\nHost: ⟦ip⟧:8080\nAuthorization: Basic ⟦S⟧\nUser-Agent: Prometheus/2.53.0",
)
_add(
    "ftp_follow_stream",
    "tool",
    _url_pw,
    "220 (vsFTPd 3.0.5)\nUSER ⟦user⟧\n331 Please specify the password.\nPASS ⟦S⟧\n230 Login successful.\nSYST\n215 UNIX Type: L8",
)
_add(
    "postgres_statement_log",
    "tool",
    _any_pw,
    "⟦logts⟧ UTC [⟦pid⟧] ⟦user⟧@⟦db⟧ LOG:  statement: ALTER USER ⟦app⟧_ro WITH PASSWORD '⟦S⟧';",
)
_add(
    "mysql_general_log",
    "tool",
    _any_pw,
    "⟦ts⟧\t   42 Query\tCREATE USER '⟦app⟧'@'%' IDENTIFIED BY '⟦S⟧'\n⟦ts⟧\t   42 Query\tGRANT SELECT ON ⟦db⟧.* TO '⟦app⟧'@'%'",
)
_add(
    "redis_monitor_auth",
    "tool",
    _pw,
    '1733310000.123456 [0 ⟦ip⟧:53122] "AUTH" "⟦S⟧"\n1733310000.124001 [0 ⟦ip⟧:53122] "GET" "session:⟦hex16⟧"',
    '1733310000.551032 [0 127.0.0.1:40222] "CONFIG" "SET" "requirepass" "⟦S⟧"',
)
_add(
    "journalctl_connection_string",
    "tool",
    _url_pw,
    "⟦date⟧ ⟦time⟧:44 ⟦app⟧-1 ⟦app⟧[⟦pid⟧]: INFO using broker amqps://⟦user⟧:⟦S⟧@mq.⟦domain⟧:5671/prod\n⟦date⟧ ⟦time⟧:45 ⟦app⟧-1 systemd[1]: ⟦app⟧.service: Main process exited, code=exited, status=1/FAILURE",
)
_add(
    "printenv_ci_dump",
    "tool",
    _tok("", ALNUM, 40),
    "$ printenv | sort\nCI=true\nCI_COMMIT_SHA=⟦hex40⟧\nHOME=/root\nHOSTNAME=runner-⟦hex7⟧\nMIXPANEL_API_SECRET=⟦S⟧\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
)


# --- messaging: email, tickets, chat -----------------------------------------------------------


def _qp_password(rng: random.Random) -> str:
    """A password with ``=`` in it, as a quoted-printable mail body carries it (``=3D``)."""
    left, right = (
        _pw(rng, rng.randint(6, 9), SAFE_SYMBOLS),
        _pw(rng, rng.randint(6, 9), SAFE_SYMBOLS),
    )
    return f"{left}=3D{right}"


_add(
    "email_temporary_password",
    "user",
    _any_pw,
    "From: IT Service Desk <servicedesk@⟦domain⟧>\nTo: ⟦email⟧\nSubject: Your new account\n\nHi ⟦First⟧,\n\nYour account has been created.\nUsername: ⟦user⟧\nTemporary password: ⟦S⟧\n\nYou will be asked to change it at first login.",
    "Forwarded message:\n> Welcome aboard ⟦First⟧! Your temporary password for the VPN portal is ⟦S⟧ (expires in 72h).\n\ncan you help me set this up on linux?",
)
_add(
    "email_quoted_printable",
    "tool",
    _qp_password,
    'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\nHello ⟦First⟧,=0A=0AThe new credentials for the staging database are:=0A=0Auser: ⟦user⟧=0Apas=\nsword: ⟦S⟧=0A=0ARegards,=0AOps',
)
_add(
    "email_welcome_api_key",
    "user",
    _tok("live_", ALNUM, 40),
    "got this email from the vendor, how do I use it in our python client?\n\n---\nWelcome to ⟦Last⟧ Analytics!\nYour production API key: ⟦S⟧\nKeep this key secret. You can rotate it from the dashboard at any time.\n---",
)
_add(
    "email_password_reset_link",
    "user",
    _tok("", B64URL, 43),
    "the reset link from the email doesn't work, it says expired:\nhttps://⟦app⟧.⟦domain⟧/account/reset-password?uid=⟦num⟧&token=⟦S⟧",
)
_add(
    "email_magic_link",
    "tool",
    _tok("", B64URL, 48),
    "Subject: Sign in to ⟦First⟧'s workspace\n\nClick the link below to sign in. This link expires in 15 minutes.\n\nhttps://app.⟦domain⟧/auth/magic?code=⟦S⟧&redirect=%2Fhome\n\nIf you didn't request this, you can ignore this email.",
)
_add(
    "invite_link_token",
    "user",
    _tok("", ALNUM, 32),
    "invite link for the new contractor: https://⟦app⟧.⟦domain⟧/join/⟦S⟧ — it gives admin on the billing workspace, is that right?",
)
_add(
    "zoom_meeting_pwd_param",
    "user",
    _tok("", ALNUM, 32, ".1"),
    "⟦First⟧ ⟦Last⟧ is inviting you to a scheduled Zoom meeting.\n\nJoin Zoom Meeting\nhttps://⟦org⟧.zoom.us/j/8⟦num⟧45⟦num⟧?pwd=⟦S⟧\n\nMeeting ID: 8⟦num⟧ 45⟦num⟧",
)
_add(
    "jira_code_block_paste",
    "user",
    _tok("", ALNUM, 40),
    "⟦ticket⟧ comment by ⟦First⟧ ⟦Last⟧:\nRepro steps:\n{code:bash}\nexport PARTNER_API_KEY=⟦S⟧\n./bin/sync --since ⟦date⟧\n{code}\nFails with 429 after ~200 requests.",
)
_add(
    "slack_message_token",
    "user",
    _any_pw,
    "[⟦time⟧] ⟦First⟧ ⟦Last⟧: the grafana admin login is admin / ⟦S⟧ , don't share it outside the channel pls\n[⟦time⟧] ⟦first⟧: 👍",
    "⟦First⟧ ⟦Last⟧  ⟦time⟧\npw for the shared staging box is ⟦S⟧\n⟦First⟧  ⟦time⟧\nthanks!",
)
_add(
    "teams_chat_credentials",
    "user",
    _any_pw,
    "[⟦date⟧ ⟦time⟧] ⟦First⟧ ⟦Last⟧: Hi, here are the SFTP creds for the partner upload\nhost: sftp.⟦domain⟧\nuser: ⟦user⟧\npassword: ⟦S⟧",
)
_add(
    "discord_message_key",
    "user",
    _tok("", ALNUM, 40),
    "⟦first⟧ — Today at ⟦time⟧\nyo use my key for now until yours gets approved: ⟦S⟧\nrate limit is 60/min",
)
_add(
    "support_ticket_admin_creds",
    "user",
    _any_pw,
    "Ticket #⟦num⟧ — Priority: High\nCustomer: ⟦Last⟧ GmbH\nMessage: We can't log in to the admin panel since the upgrade. Our admin account is ⟦email⟧ and the password is ⟦S⟧. Please check asap.",
)
_add(
    "zendesk_ticket_api_token",
    "user",
    _alnum(40),
    "customer pasted this in ticket ⟦num⟧, should I tell them to rotate it?\n\n> we are calling https://⟦org⟧.zendesk.com/api/v2/tickets.json with ⟦email⟧/token:⟦S⟧ and get 401",
)
_add(
    "github_issue_comment_config",
    "user",
    _tok("", ALNUM, 40),
    "Here is my config (**v⟦version⟧**):\n\n```yaml\nprovider: openai-compatible\nbase_url: https://api.⟦domain⟧/v1\napi_key: ⟦S⟧\nmodel: gpt-4o-mini\n```\n\nStill getting `Invalid URL` when I run `⟦app⟧ chat`.",
)
_add(
    "onboarding_note_wifi_vpn",
    "user",
    _human_pw,
    "Onboarding checklist for ⟦First⟧\n- laptop: done\n- Wi-Fi (⟦org⟧-Staff): ⟦S⟧\n- VPN: use SSO\n- badge: pick up at reception",
)
_add(
    "pastebin_env_dump",
    "user",
    _tok("", ALNUM, 36),
    "here's the env from the container (pasted to https://paste.⟦domain⟧/⟦hex7⟧ too):\nNODE_ENV=production\nPORT=3000\nSEGMENT_WRITE_KEY=⟦S⟧\nLOG_LEVEL=debug",
)


# --- newer SaaS and AI issuers -----------------------------------------------------------------

# Carriers any issuer's key turns up in, by role; each form adds one or two of its own.
_ISSUER_CARRIERS: dict[str, tuple[str, ...]] = {
    "tool": (
        "$ cat .env.local\nNEXT_PUBLIC_SITE_URL=https://⟦app⟧.⟦domain⟧\n@ENV@=⟦S⟧\n",
        "$ env | grep -i @LOWER@\n@ENV@=⟦S⟧",
        'export @ENV@="⟦S⟧"   # from the @NAME@ dashboard, ⟦date⟧',
        '  - name: @ENV@\n    value: "⟦S⟧"',
    ),
    "tool_call": (
        "export @ENV@=⟦S⟧ && python -m ⟦app⟧.smoke_test",
        "@ENV@=⟦S⟧ uv run pytest tests/integration -k @LOWER@ -x",
        "docker run --rm -e @ENV@=⟦S⟧ ghcr.io/⟦org⟧/⟦app⟧:⟦version⟧",
        "gh secret set @ENV@ --repo ⟦repo⟧ --body ⟦S⟧",
    ),
    "user": (
        "my @NAME@ key is ⟦S⟧, can you add it to the config so the agent can call it?",
        "set @ENV@ to ⟦S⟧ for now, I'll rotate it after the demo",
        "here: ⟦S⟧ (that's the @NAME@ one)",
    ),
}


def _issuer(name: str, env: str, role: Role, make: _SecretMaker, *own: str) -> None:
    word = env.partition("_")[0].lower()
    generic = tuple(
        t.replace("@ENV@", env).replace("@LOWER@", word).replace("@NAME@", name.partition("_")[0])
        for t in _ISSUER_CARRIERS[role if role in _ISSUER_CARRIERS else "tool"]
    )
    _add(name, role, make, *own, *own, *generic)


_issuer(
    "groq_key",
    "GROQ_API_KEY",
    "tool",
    _tok("gsk_", ALNUM, 52),
    'from groq import Groq\n\nclient = Groq(api_key="⟦S⟧")\nchat = client.chat.completions.create(model="llama-3.3-70b-versatile", messages=msgs)',
)
_issuer(
    "mistral_key",
    "MISTRAL_API_KEY",
    "tool_call",
    _alnum(32),
    "curl https://api.mistral.ai/v1/models -H 'Authorization: Bearer ⟦S⟧'",
)
_issuer(
    "cohere_key",
    "CO_API_KEY",
    "tool",
    _alnum(40),
    'import cohere\nco = cohere.ClientV2("⟦S⟧")\nresp = co.embed(texts=docs, model="embed-v4.0", input_type="search_document")',
)
_issuer(
    "replicate_token",
    "REPLICATE_API_TOKEN",
    "tool_call",
    _tok("r8_", ALNUM, 37),
    "curl -s -X POST -H 'Authorization: Bearer ⟦S⟧' -H 'Prefer: wait' https://api.replicate.com/v1/models/black-forest-labs/flux-schnell/predictions -d @input.json",
)
_issuer(
    "together_key",
    "TOGETHER_API_KEY",
    "tool",
    _hexs(64),
    'from together import Together\nclient = Together(api_key="⟦S⟧")',
)
_issuer(
    "fireworks_key",
    "FIREWORKS_API_KEY",
    "tool",
    _tok("fw_", ALNUM, 24),
    'client = openai.OpenAI(base_url="https://api.fireworks.ai/inference/v1", api_key="⟦S⟧")',
)
_issuer(
    "perplexity_key",
    "PERPLEXITY_API_KEY",
    "tool_call",
    _tok("pplx-", ALNUM, 48),
    'curl https://api.perplexity.ai/chat/completions -H \'Authorization: Bearer ⟦S⟧\' -H \'Content-Type: application/json\' -d \'{"model":"sonar","messages":[{"role":"user","content":"hi"}]}\'',
)
_issuer(
    "xai_key",
    "XAI_API_KEY",
    "tool",
    _tok("xai-", ALNUM, 80),
    'client = OpenAI(api_key="⟦S⟧", base_url="https://api.x.ai/v1")',
)
_issuer(
    "deepseek_key",
    "DEEPSEEK_API_KEY",
    "tool",
    _tok("sk-", HEX, 32),
    'llm = ChatOpenAI(model="deepseek-chat", openai_api_base="https://api.deepseek.com", openai_api_key="⟦S⟧")',
)
_issuer(
    "openrouter_key",
    "OPENROUTER_API_KEY",
    "user",
    _tok("sk-or-v1-", HEX, 64),
    "openrouter keeps saying 401 'No auth credentials found', my key is ⟦S⟧ and I put it in the Authorization header, what's wrong?",
)
_issuer(
    "pinecone_key",
    "PINECONE_API_KEY",
    "tool",
    lambda rng: f"pcsk_{_s(rng, ALNUM, 5)}_{_s(rng, ALNUM, 62)}",
    'from pinecone import Pinecone\npc = Pinecone(api_key="⟦S⟧")\nindex = pc.Index("⟦app⟧-docs")',
)
_issuer(
    "weaviate_key",
    "WEAVIATE_API_KEY",
    "tool",
    _alnum(40),
    'client = weaviate.connect_to_weaviate_cloud(\n    cluster_url="https://⟦hex12⟧.c0.europe-west3.gcp.weaviate.cloud",\n    auth_credentials=Auth.api_key("⟦S⟧"),\n)',
)
_issuer(
    "qdrant_key",
    "QDRANT_API_KEY",
    "tool_call",
    _tok("", B64URL, 54),
    "curl -X GET 'https://⟦uuid⟧.eu-central-1-0.aws.cloud.qdrant.io:6333/collections' --header 'api-key: ⟦S⟧'",
)
_issuer(
    "langsmith_key",
    "LANGSMITH_API_KEY",
    "tool",
    lambda rng: f"lsv2_pt_{_s(rng, HEX, 32)}_{_s(rng, HEX, 10)}",
    "LANGSMITH_TRACING=true\nLANGSMITH_ENDPOINT=https://api.smith.langchain.com\nLANGSMITH_API_KEY=⟦S⟧\nLANGSMITH_PROJECT=⟦app⟧",
)
_issuer(
    "langfuse_secret_key",
    "LANGFUSE_SECRET_KEY",
    "tool",
    lambda rng: "sk-lf-" + _uuid(rng),
    'langfuse = Langfuse(\n  public_key="pk-lf-⟦uuid2⟧",\n  secret_key="⟦S⟧",\n  host="https://cloud.langfuse.com"\n)',
)
_issuer(
    "vercel_token",
    "VERCEL_TOKEN",
    "tool_call",
    _alnum(24),
    "vercel deploy --prod --token ⟦S⟧ --scope ⟦org⟧",
)
_issuer(
    "flyio_token",
    "FLY_API_TOKEN",
    "tool",
    lambda rng: "FlyV1 fm2_" + _s(rng, B64, 120),
    "$ fly tokens create deploy -x 999999h\n⟦S⟧",
)
_issuer(
    "render_key",
    "RENDER_API_KEY",
    "tool_call",
    _tok("rnd_", ALNUM, 32),
    "curl --request GET --url 'https://api.render.com/v1/services?limit=20' --header 'Authorization: Bearer ⟦S⟧'",
)
_issuer(
    "railway_token",
    "RAILWAY_TOKEN",
    "tool",
    _uuid,
    "- name: Deploy\n  run: railway up --service ⟦app⟧\n  env:\n    RAILWAY_TOKEN: ⟦S⟧",
)
_issuer(
    "heroku_key",
    "HEROKU_API_KEY",
    "tool",
    _tok("HRKU-AA", B64URL, 58),
    "$ heroku authorizations:create -d 'ci deploy'\nCreating OAuth Authorization... done\nClient:      <none>\nID:          ⟦uuid⟧\nDescription: ci deploy\nScope:       global\nToken:       ⟦S⟧",
)
_issuer(
    "neon_key",
    "NEON_API_KEY",
    "tool_call",
    _tok("napi_", LOWER_ALNUM, 64),
    "curl 'https://console.neon.tech/api/v2/projects' -H 'Accept: application/json' -H 'Authorization: Bearer ⟦S⟧'",
)
_issuer(
    "planetscale_password",
    "DATABASE_PASSWORD",
    "tool",
    _tok("pscale_pw_", B64URL, 43),
    "$ pscale password create ⟦app⟧ main ci-⟦num⟧\n  NAME       BRANCH   USERNAME          ACCESS HOST URL                  ROLE    PLAIN TEXT\n ---------- -------- ----------------- ---------------------------------- ------- ---------------------------------------------------\n  ci-⟦num⟧   main     ⟦hex12⟧      aws.connect.psdb.cloud              admin   ⟦S⟧",
)
_issuer(
    "upstash_rest_token",
    "UPSTASH_REDIS_REST_TOKEN",
    "tool",
    _tok("AX", B64URL, 58, "="),
    "const redis = new Redis({\n  url: 'https://⟦first⟧-⟦num⟧.upstash.io',\n  token: '⟦S⟧',\n})",
)
_issuer(
    "clerk_secret",
    "CLERK_SECRET_KEY",
    "tool",
    _tok("sk_live_", ALNUM, 46),
    "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsu⟦hex16⟧\nCLERK_SECRET_KEY=⟦S⟧",
)
_issuer(
    "resend_key",
    "RESEND_API_KEY",
    "tool",
    lambda rng: f"re_{_s(rng, ALNUM, 8)}_{_s(rng, ALNUM, 24)}",
    "import { Resend } from 'resend';\n\nconst resend = new Resend('⟦S⟧');\nawait resend.emails.send({ from: 'noreply@⟦domain⟧', to, subject, html });",
)
_issuer(
    "postmark_server_token",
    "POSTMARK_SERVER_TOKEN",
    "tool_call",
    _uuid,
    "curl 'https://api.postmarkapp.com/email' -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' -H 'X-Postmark-Server-Token: ⟦S⟧' -d @mail.json",
)
_issuer(
    "algolia_admin_key",
    "ALGOLIA_ADMIN_API_KEY",
    "tool",
    _hexs(32),
    "const client = algoliasearch('⟦hex7⟧ABC', '⟦S⟧');\nawait client.saveObjects({ indexName: 'products', objects });",
)
_issuer(
    "segment_write_key",
    "SEGMENT_WRITE_KEY",
    "tool",
    _alnum(32),
    "analytics = Analytics(write_key='⟦S⟧', host='https://events.eu1.segmentapis.com')",
)
_issuer(
    "mixpanel_secret",
    "MIXPANEL_API_SECRET",
    "tool_call",
    _hexs(32),
    "curl https://data.mixpanel.com/api/2.0/export -u ⟦S⟧: -d from_date=⟦date⟧ -d to_date=⟦date⟧",
)
_issuer(
    "amplitude_secret",
    "AMPLITUDE_SECRET_KEY",
    "tool_call",
    _hexs(32),
    "curl -u ⟦hex32⟧:⟦S⟧ 'https://amplitude.com/api/2/export?start=20250101T00&end=20250102T00' -o export.zip",
)
_issuer(
    "intercom_token",
    "INTERCOM_ACCESS_TOKEN",
    "tool",
    lambda rng: base64.b64encode(f"tok:{_uuid(rng)}".encode()).decode().rstrip("="),
    "intercom = Client(personal_access_token='⟦S⟧')",
)
_issuer(
    "zendesk_api_token",
    "ZENDESK_API_TOKEN",
    "tool",
    _alnum(40),
    "zenpy_client = Zenpy(email='⟦email⟧', token='⟦S⟧', subdomain='⟦org⟧')",
)
_issuer(
    "hubspot_pat",
    "HUBSPOT_ACCESS_TOKEN",
    "tool",
    lambda rng: f"pat-{_pick(rng, ('na1', 'eu1', 'na2'))}-{_uuid(rng)}",
    "hubspot = HubSpot(access_token='⟦S⟧')\ncontacts = hubspot.crm.contacts.get_all()",
)
_issuer(
    "salesforce_session",
    "SF_ACCESS_TOKEN",
    "tool",
    lambda rng: f"00D{_s(rng, ALNUM, 12)}!{_s(rng, ALNUM + '._', 96)}",
    "$ sf org display --target-org ⟦org⟧-prod\n=== Org Description\n KEY              VALUE\n ──────────────── ──────────────────────────\n Access Token     ⟦S⟧\n Api Version      62.0\n Instance Url     https://⟦org⟧.my.salesforce.com",
)
_issuer(
    "salesforce_security_token",
    "SF_SECURITY_TOKEN",
    "user",
    _alnum(25),
    "Salesforce emailed me a security token for the integration user: ⟦S⟧ — do I append it to the password in simple_salesforce?",
)
_issuer(
    "asana_pat",
    "ASANA_PAT",
    "tool",
    lambda rng: (
        f"2/{rng.randint(10**15, 10**16 - 1)}/{rng.randint(10**15, 10**16 - 1)}:{_s(rng, HEX, 32)}"
    ),
    "client = asana.ApiClient(asana.Configuration())\nclient.configuration.access_token = '⟦S⟧'",
)
_issuer(
    "figma_pat",
    "FIGMA_TOKEN",
    "tool_call",
    _tok("figd_", B64URL, 40),
    "curl -H 'X-Figma-Token: ⟦S⟧' 'https://api.figma.com/v1/files/⟦hex12⟧ABC/images?ids=1:2&format=svg'",
)
_issuer(
    "miro_token",
    "MIRO_ACCESS_TOKEN",
    "tool",
    _tok("eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_", B64URL, 27),
    "GET /v2/boards HTTP/1.1\nHost: api.miro.com\nAuthorization: Bearer ⟦S⟧",
)
_issuer(
    "contentful_cma_token",
    "CONTENTFUL_MANAGEMENT_TOKEN",
    "tool",
    _tok("CFPAT-", B64URL, 43),
    "const client = contentful.createClient({ accessToken: '⟦S⟧' })",
)
_issuer(
    "sanity_token",
    "SANITY_API_TOKEN",
    "tool",
    _tok("sk", ALNUM, 180),
    "export const client = createClient({\n  projectId: '⟦hex7⟧x',\n  dataset: 'production',\n  token: '⟦S⟧',\n  useCdn: false,\n})",
)
_issuer(
    "twitch_oauth",
    "TWITCH_OAUTH_TOKEN",
    "tool",
    _tok("oauth:", LOWER_ALNUM, 30),
    "[irc]\nnick = ⟦first⟧bot\npass = ⟦S⟧\nchannel = #⟦first⟧",
)
_issuer(
    "spotify_client_secret",
    "SPOTIPY_CLIENT_SECRET",
    "tool",
    _hexs(32),
    "sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials(client_id='⟦hex32⟧', client_secret='⟦S⟧'))",
)
_issuer(
    "zoom_client_secret",
    "ZOOM_CLIENT_SECRET",
    "tool_call",
    _alnum(32),
    "curl -X POST https://zoom.us/oauth/token -d 'grant_type=account_credentials&account_id=⟦hex16⟧' -u '⟦hex16⟧ABCD:⟦S⟧'",
)
_issuer(
    "box_developer_token",
    "BOX_DEVELOPER_TOKEN",
    "tool",
    _alnum(32),
    "auth = BoxDeveloperTokenAuth(token='⟦S⟧')\nclient = BoxClient(auth=auth)",
)
_issuer(
    "plaid_secret",
    "PLAID_SECRET",
    "tool",
    _hexs(30),
    "PLAID_CLIENT_ID=⟦hex16⟧⟦hex7⟧\nPLAID_SECRET=⟦S⟧\nPLAID_ENV=production",
)
_issuer(
    "alchemy_key",
    "ALCHEMY_API_KEY",
    "tool",
    _tok("", B64URL, 32),
    "const provider = new ethers.JsonRpcProvider('https://eth-mainnet.g.alchemy.com/v2/⟦S⟧');",
)
_issuer(
    "infura_secret",
    "INFURA_API_KEY_SECRET",
    "tool_call",
    _hexs(32),
    'curl --user ⟦hex32⟧:⟦S⟧ https://mainnet.infura.io/v3/⟦hex32⟧ -X POST -H \'Content-Type: application/json\' -d \'{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}\'',
)
_issuer(
    "etherscan_key",
    "ETHERSCAN_API_KEY",
    "tool",
    _tok("", UPPER_ALNUM, 34),
    'etherscan: {\n  apiKey: {\n    mainnet: "⟦S⟧",\n  },\n},',
)
_issuer(
    "monday_token",
    "MONDAY_API_TOKEN",
    "tool",
    lambda rng: "eyJhbGciOiJIUzI1NiJ9." + _b64url(rng, 130) + "." + _b64url(rng, 32),
    'headers = {"Authorization": "⟦S⟧", "API-Version": "2024-10"}\nrequests.post("https://api.monday.com/v2", json={"query": q}, headers=headers)',
)


# --- wallets -----------------------------------------------------------------------------------

# Real words of the BIP39 English list (a slice of it: a phrase of these is a valid-looking seed).
_BIP39 = (  # noqa: SIM905 - a word list reads best as prose
    "abandon ability able about above absent absorb abstract absurd abuse access accident account "
    "accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict "
    "address adjust admit adult advance advice aerobic affair afford afraid again age agent agree "
    "ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha "
    "already also alter always amateur amazing among amount amused analyst anchor ancient anger "
    "angle angry animal ankle announce annual another answer antenna antique anxiety any apart "
    "apology appear apple approve april arch arctic area arena argue arm armed armor army around "
    "arrange arrest arrive arrow art artefact artist artwork ask aspect assault asset assist assume "
    "asthma athlete atom attack attend attitude attract auction audit august aunt author auto "
    "autumn average avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon "
    "badge bag balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket "
    "battle beach bean beauty because become beef before begin behave behind believe below belt "
    "bench benefit best betray better between beyond bicycle bid bike bind biology bird birth "
    "bitter black blade blame blanket blast bleak bless blind blood blossom blouse blue blur blush "
    "board boat body boil bomb bone bonus book boost border boring borrow boss bottom bounce box "
    "cabbage cabin cable cactus cage cake call calm camera camp canal cancel candy cannon canoe"
).split()


def _mnemonic(rng: random.Random) -> str:
    return " ".join(rng.choice(_BIP39) for _ in range(_pick(rng, (12, 12, 24))))


def _solana_keypair(rng: random.Random) -> str:
    return "[" + ",".join(str(b) for b in rng.randbytes(64)) + "]"


def _coinbase_cdp_key_line(rng: random.Random) -> str:
    return _b64(rng, 48)


_add(
    "ethereum_private_key_env",
    "tool",
    _tok("0x", HEX, 64),
    "# hardhat .env\nSEPOLIA_RPC_URL=https://sepolia.infura.io/v3/⟦hex32⟧\nDEPLOYER_PRIVATE_KEY=⟦S⟧",
    "$ cast wallet new\nSuccessfully created new keypair.\nAddress:     0x⟦hex40⟧\nPrivate key: ⟦S⟧",
)
_add(
    "ethereum_private_key_code",
    "tool",
    _tok("", HEX, 64),
    "const wallet = new ethers.Wallet('⟦S⟧', provider);\nconst tx = await wallet.sendTransaction({ to, value: ethers.parseEther('0.01') });",
    'from eth_account import Account\nacct = Account.from_key("0x⟦S⟧")\nprint(acct.address)',
)
_add(
    "bip39_mnemonic_chat",
    "user",
    _mnemonic,
    "I restored my wallet with these words but the balance is 0: ⟦S⟧ — did I use the wrong derivation path?",
    "backup phrase for the test wallet (mainnet too!):\n⟦S⟧",
)
_add(
    "bip39_mnemonic_config",
    "tool",
    _mnemonic,
    'module.exports = {\n  networks: {\n    goerli: {\n      provider: () => new HDWalletProvider("⟦S⟧", `https://goerli.infura.io/v3/${projectId}`),\n      network_id: 5,\n    },\n  },\n};',
    "$ cat wallet-backup.txt\nCreated ⟦date⟧\nSeed phrase: ⟦S⟧\nDO NOT LOSE",
)
_add(
    "solana_keypair_json",
    "tool",
    _solana_keypair,
    "$ cat ~/.config/solana/id.json\n⟦S⟧",
    "$ solana-keygen new --no-bip39-passphrase -o deployer.json && cat deployer.json\nGenerating a new keypair\nWrote new keypair to deployer.json\n⟦S⟧",
)
_add(
    "coinbase_cdp_api_key_json",
    "tool",
    _coinbase_cdp_key_line,
    '{\n   "name": "organizations/⟦uuid⟧/apiKeys/⟦uuid2⟧",\n   "privateKey": "-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI⟦S⟧\\noAoGCCqGSM49AwEHoUQDQgAE⟦hex16⟧\\n-----END EC PRIVATE KEY-----\\n"\n}',
)


# --- keys in source code -----------------------------------------------------------------------

_add(
    "go_os_setenv",
    "tool",
    lambda rng: f"pcsk_{_s(rng, ALNUM, 5)}_{_s(rng, ALNUM, 62)}",
    'func init() {\n\tos.Setenv("PINECONE_API_KEY", "⟦S⟧")\n}',
)
_add(
    "java_drivermanager_password",
    "tool",
    _any_pw,
    'Connection conn = DriverManager.getConnection(\n    "jdbc:sqlserver://⟦host⟧:1433;databaseName=⟦db⟧", "⟦user⟧", "⟦S⟧");',
)
_add(
    "csharp_network_credential",
    "tool",
    _any_pw,
    'var smtp = new SmtpClient("smtp.⟦domain⟧", 587)\n{\n    Credentials = new NetworkCredential("⟦email⟧", "⟦S⟧"),\n    EnableSsl = true\n};',
)
_add(
    "rust_const_api_key",
    "tool",
    _tok("", ALNUM, 40),
    'const API_KEY: &str = "⟦S⟧";\n\n#[tokio::main]\nasync fn main() -> Result<(), reqwest::Error> {\n    let client = reqwest::Client::new();',
)
_add(
    "php_phpmailer_password",
    "tool",
    _any_pw,
    "$mail->isSMTP();\n$mail->Host       = 'smtp.⟦domain⟧';\n$mail->SMTPAuth   = true;\n$mail->Username   = '⟦email⟧';\n$mail->Password   = '⟦S⟧';\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;",
)
_add(
    "ruby_octokit_token",
    "tool",
    _tok("ghp_", ALNUM, 36),
    "require 'octokit'\n\nclient = Octokit::Client.new(access_token: '⟦S⟧')\nclient.auto_paginate = true",
)
_add(
    "kotlin_build_config_field",
    "tool",
    _tok("AIza", B64URL, 35),
    'android {\n    defaultConfig {\n        buildConfigField("String", "MAPS_API_KEY", "\\"⟦S⟧\\"")\n    }\n}',
)
_add(
    "swift_api_key_constant",
    "tool",
    _tok("", ALNUM, 40),
    'enum Secrets {\n    static let backendAPIKey = "⟦S⟧"\n}',
    'let config = Configuration(apiKey: "⟦S⟧", environment: .production)',
)
_add(
    "dart_const_api_key",
    "tool",
    _tok("", ALNUM, 39),
    "class Env {\n  static const String weatherApiKey = '⟦S⟧';\n  static const String baseUrl = 'https://api.⟦domain⟧';\n}",
)
_add(
    "shell_script_variable",
    "tool",
    _tok("", ALNUM, 40),
    '#!/usr/bin/env bash\nset -euo pipefail\nAPI_TOKEN="⟦S⟧"\ncurl -fsS -H "Authorization: Token $API_TOKEN" "https://api.⟦domain⟧/v1/backup" -o backup.json',
)
_add(
    "makefile_variable",
    "tool",
    _url_pw,
    "REGISTRY ?= registry.⟦domain⟧\nREGISTRY_PASSWORD = ⟦S⟧\n\nlogin:\n\t@echo $(REGISTRY_PASSWORD) | docker login $(REGISTRY) -u ci --password-stdin",
)
_add(
    "workflow_hardcoded_env",
    "tool",
    _tok("", ALNUM, 40),
    "jobs:\n  e2e:\n    runs-on: ubuntu-latest\n    env:\n      CYPRESS_RECORD_KEY: ⟦S⟧\n    steps:\n      - uses: actions/checkout@v4",
)
_add(
    "ipynb_source_json",
    "tool",
    _tok("sk-proj-", B64URL, 64),
    '  {\n   "cell_type": "code",\n   "execution_count": 3,\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "import openai\\n",\n    "client = openai.OpenAI(api_key=\\"⟦S⟧\\")\\n"\n   ]\n  },',
)
_add(
    "jupyter_cell_output_cat_env",
    "tool",
    _tok("", ALNUM, 32),
    "In [7]: !cat ../.env\nDEBUG=1\nWEAVIATE_URL=https://⟦hex12⟧.weaviate.cloud\nCOHERE_API_KEY=⟦S⟧\n\nIn [8]:",
)
_add(
    "typescript_axios_header",
    "tool",
    _tok("", B64URL, 40),
    "export const api = axios.create({\n  baseURL: 'https://api.⟦domain⟧/v2',\n  headers: { 'X-Access-Token': '⟦S⟧' },\n});",
)


# --- SQL that creates users --------------------------------------------------------------------

_add(
    "oracle_create_user",
    "tool_call",
    _url_pw,
    'sqlplus -s / as sysdba <<EOF\nCREATE USER ⟦app⟧_app IDENTIFIED BY "⟦S⟧" DEFAULT TABLESPACE users QUOTA 500M ON users;\nGRANT CREATE SESSION TO ⟦app⟧_app;\nEOF',
)
_add(
    "mssql_create_login",
    "tool",
    _any_pw,
    "CREATE LOGIN [⟦app⟧_svc] WITH PASSWORD = N'⟦S⟧', CHECK_POLICY = ON;\nGO\nCREATE USER [⟦app⟧_svc] FOR LOGIN [⟦app⟧_svc];\nGO",
)
_add(
    "postgres_create_role",
    "tool",
    _any_pw,
    "-- migrations/0042_reporting_role.sql\nCREATE ROLE reporting LOGIN PASSWORD '⟦S⟧' VALID UNTIL '2026-01-01';\nGRANT pg_read_all_data TO reporting;",
)
_add(
    "snowflake_create_user",
    "tool",
    _any_pw,
    "CREATE USER ⟦user⟧_etl\n  PASSWORD = '⟦S⟧'\n  DEFAULT_ROLE = TRANSFORMER\n  MUST_CHANGE_PASSWORD = FALSE;",
)
_add(
    "clickhouse_create_user",
    "tool_call",
    _url_pw,
    "clickhouse-client --query \"CREATE USER ⟦app⟧ IDENTIFIED WITH sha256_password BY '⟦S⟧' HOST ANY\"",
)


# --- encodings as they really occur ------------------------------------------------------------


def _pw_with(rng: random.Random, symbol: str) -> str:
    left, right = (
        _pw(rng, rng.randint(6, 9), SAFE_SYMBOLS),
        _pw(rng, rng.randint(6, 9), SAFE_SYMBOLS),
    )
    return f"{left}{symbol}{right}"


def _percent_encoded_pw(rng: random.Random) -> str:
    return quote(_pw_with(rng, _pick(rng, ("@", "#", "/", ":", "?", "%"))), safe="")


def _xml_amp_pw(rng: random.Random) -> str:
    return _pw_with(rng, "&amp;")


def _go_json_amp_pw(rng: random.Random) -> str:
    return _pw_with(rng, _pick(rng, ("\\u0026", "\\u003c", "\\u003e")))


def _php_json_slash_pw(rng: random.Random) -> str:
    return _pw_with(rng, "\\/")


def _html_plus_pw(rng: random.Random) -> str:
    return _pw_with(rng, "&#43;")


def _shlex_quoted_pw(rng: random.Random) -> str:
    return _pw_with(rng, "'\\''")


_add(
    "percent_encoded_url_password",
    "tool",
    _percent_encoded_pw,
    "sqlalchemy.url = postgresql+psycopg://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧",
    "MONGO_URL=mongodb://⟦user⟧:⟦S⟧@⟦host⟧:27017/⟦db⟧?authSource=admin",
    "amqp_url: amqps://⟦user⟧:⟦S⟧@mq.⟦domain⟧/%2F",
)
_add(
    "xml_entity_password",
    "tool",
    _xml_amp_pw,
    '<add name="Default" connectionString="Data Source=⟦host⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧" providerName="System.Data.SqlClient" />',
    "<smtp>\n  <host>smtp.⟦domain⟧</host>\n  <user>⟦email⟧</user>\n  <password>⟦S⟧</password>\n</smtp>",
)
_add(
    "go_json_unicode_escape",
    "tool",
    _go_json_amp_pw,
    '{"level":"debug","ts":"⟦ts⟧","msg":"loaded secret","source":"vault","data":{"username":"⟦user⟧","password":"⟦S⟧"}}',
)
_add(
    "php_json_escaped_slash",
    "tool",
    _php_json_slash_pw,
    '$ php -r \'echo json_encode(require "config.php");\'\n{"db":{"host":"⟦host⟧","user":"⟦user⟧","pass":"⟦S⟧"},"debug":false}',
)
_add(
    "html_entity_hidden_value",
    "tool",
    _html_plus_pw,
    '<form method="post" action="/setup/step3">\n  <input type="hidden" name="admin_user" value="⟦user⟧">\n  <input type="hidden" name="admin_pass" value="⟦S⟧">\n  <button type="submit">Continue</button>\n</form>',
)
_add(
    "shlex_quoted_password",
    "tool",
    _shlex_quoted_pw,
    "+ mysql -h ⟦host⟧ -u ⟦user⟧ '-p⟦S⟧' -e 'SHOW DATABASES'\nmysql: [Warning] Using a password on the command line interface can be insecure.",
)
_add(
    "yaml_folded_block_token",
    "tool",
    _tok("", B64URL, 72),
    "auth:\n  type: bearer\n  token: >-\n    ⟦S⟧\n  refresh: false",
    "service:\n  credentials: |\n    ⟦S⟧\n  endpoint: https://api.⟦domain⟧",
)
_add(
    "hex_aes_key",
    "tool",
    _hexs(64),
    "ENCRYPTION_KEY=⟦S⟧\n# 32 bytes hex, used for field-level AES-256-GCM",
    "$ openssl rand -hex 32 | tee /etc/⟦app⟧/field.key\n⟦S⟧",
)
_add(
    "base32_2fa_seed_backup",
    "user",
    lambda rng: " ".join(_s(rng, BASE32.lower(), 4) for _ in range(8)),
    "saving the 2FA setup key for the shared ops account here in case my phone dies: ⟦S⟧",
    "Can't scan the QR code, so I typed the key manually: ⟦S⟧ — still says 'invalid code'",
)
_add(
    "json_string_escaped_env",
    "tool",
    _tok("", ALNUM, 40),
    '{"Env":["PATH=/usr/local/bin:/usr/bin","AMPLITUDE_API_KEY=⟦hex32⟧","SENDGRID_PASSWORD=⟦S⟧"],"Cmd":["node","server.js"]}',
)


# --- personal secrets in chat, in many languages -----------------------------------------------


def _pin8(rng: random.Random) -> str:
    return "".join(rng.choice(DIGITS) for _ in range(8))


def _passphrase(rng: random.Random) -> str:
    return _pick(rng, (" ", "-", ".")).join(rng.sample(_BIP39, rng.randint(4, 6)))


def _answer(*surnames: str) -> _SecretMaker:
    """A mother's maiden name of the chat's own language, sometimes double-barrelled."""

    def make(rng: random.Random) -> str:
        first, second = rng.sample(surnames, 2)
        return f"{first}-{second}" if len(first) < 9 or rng.random() < 0.3 else first

    return make


def _code_list(rng: random.Random, shape: Callable[[random.Random], str]) -> tuple[str, str]:
    codes = [shape(rng) for _ in range(rng.randint(6, 10))]
    return rng.choice(codes), "\n".join(codes)


def _google_code(rng: random.Random) -> str:
    return f"{_s(rng, DIGITS, 4)} {_s(rng, DIGITS, 4)}"


def _dash_code(rng: random.Random) -> str:
    return f"{_s(rng, LOWER_ALNUM, 5)}-{_s(rng, LOWER_ALNUM, 5)}"


def _upper_code(rng: random.Random) -> str:
    return f"{_s(rng, UPPER_ALNUM, 4)}-{_s(rng, UPPER_ALNUM, 4)}-{_s(rng, UPPER_ALNUM, 4)}"


_add(
    "pin_vietnamese",
    "user",
    _pin8,
    "Mã PIN thẻ ngân hàng mới của mình là ⟦S⟧, nhớ giúp mình nhé.",
    "mật khẩu ứng dụng ngân hàng: ⟦S⟧ (đừng gửi cho ai)",
)
_add(
    "pin_indonesian",
    "user",
    _pin8,
    "PIN m-banking aku ⟦S⟧, tolong catat ya buat jaga-jaga.",
    "Kode PIN brankas kantor sekarang ⟦S⟧, jangan disebar.",
)
_add(
    "passphrase_turkish",
    "user",
    _passphrase,
    "Yedek diskin şifreleme parolası: ⟦S⟧ — unutursam her şey gider.",
    "VeraCrypt parolam şu: ⟦S⟧, bir yere not eder misin?",
)
_add(
    "security_answer_polish",
    "user",
    _answer(
        "Wiśniewska", "Kowalczyk", "Zielińska", "Szymańska", "Lewandowska", "Dąbrowska", "Grabowska"
    ),
    "Pytanie bezpieczeństwa w banku: nazwisko panieńskie matki — odpowiedź to ⟦S⟧.",
    "Jak odzyskać konto? Moja odpowiedź na pytanie pomocnicze to „⟦S⟧”.",
)
_add(
    "pin_swedish",
    "user",
    _pin8,
    "Koden till larmet i stugan är ⟦S⟧, ändra den efter sommaren.",
    "Min PIN-kod till BankID är ⟦S⟧ om du behöver logga in åt mig.",
)
_add(
    "passphrase_hindi",
    "user",
    _passphrase,
    "मेरे लैपटॉप का पासफ़्रेज़ है: ⟦S⟧ — कृपया इसे याद रखना।",
    "wallet ka passphrase ⟦S⟧ hai, kisi ko mat batana",
)
_add(
    "security_answer_arabic",
    "user",
    _answer(
        "Al-Husseini", "Abdelrahman", "Al-Khatib", "Haddadin", "Al-Masri", "Nasrallah", "Darwish"
    ),
    "سؤال الأمان: اسم عائلة والدتي قبل الزواج — الجواب هو ⟦S⟧",
    "جواب سؤال الأمان في حساب البريد: ⟦S⟧",
)
_add(
    "pin_hebrew",
    "user",
    _pin8,
    "הקוד של הכספת במשרד הוא ⟦S⟧, אל תשתף אותו.",
    "סיסמת הבנק שלי (קוד סודי): ⟦S⟧",
)
_add(
    "passphrase_greek",
    "user",
    _passphrase,
    "Η φράση πρόσβασης για το κλειδί SSH είναι: ⟦S⟧",
    "Κωδικός για το αρχείο αντιγράφων: ⟦S⟧ — μην τον χάσεις!",
)
_add(
    "pin_ukrainian",
    "user",
    _pin8,
    "ПІН-код від моєї картки ⟦S⟧, зніми, будь ласка, готівку.",
    "Код від домофону і сейфа: ⟦S⟧",
)
_add(
    "security_answer_thai",
    "user",
    _answer("Srisuwan", "Chaiyaphum", "Wongsawat", "Rattanakorn", "Sukprasert", "Boonyarit"),
    "คำตอบคำถามความปลอดภัยของบัญชีธนาคารคือ ⟦S⟧ นะ",
    "ชื่อสกุลเดิมของแม่ (คำถามกู้บัญชี): ⟦S⟧",
)
_add(
    "pin_czech",
    "user",
    _pin8,
    "PIN ke kartě je ⟦S⟧, vyber prosím peníze a kartu mi pak vrať.",
    "Kód k trezoru v kanceláři: ⟦S⟧",
)
_add(
    "passphrase_finnish",
    "user",
    _passphrase,
    "Salauslause varmuuskopioon: ⟦S⟧ — älä kerro kenellekään.",
    "Lompakon salasanalause on ⟦S⟧",
)
_add(
    "security_answer_romanian",
    "user",
    _answer("Constantinescu", "Dumitrescu", "Georgescu", "Stănescu", "Munteanu", "Lungu"),
    "Răspunsul la întrebarea de securitate (numele de fată al mamei): ⟦S⟧",
    "la banca mi-au cerut răspunsul secret, e ⟦S⟧",
)
_add(
    "pin_hungarian",
    "user",
    _pin8,
    "A bankkártyám PIN-kódja ⟦S⟧, kérlek vegyél fel 20 ezret.",
    "A riasztó kódja: ⟦S⟧",
)
_add(
    "passphrase_swahili",
    "user",
    _passphrase,
    "Neno la siri la pochi yangu ni: ⟦S⟧ — usimwambie mtu.",
    "Kaulisiri ya hifadhi: ⟦S⟧",
)
_add(
    "security_answer_tagalog",
    "user",
    _answer("Dela Cruz", "Bautista", "Villanueva", "Macaraeg", "Santiago", "Dimaculangan"),
    "Ang sagot sa security question ko sa bangko ay ⟦S⟧, pakitandaan.",
    "security answer (apelyido ng nanay bago ikasal): ⟦S⟧",
)
_add(
    "pin_english_assistant_repeat",
    "assistant",
    _pin8,
    "Got it — I've noted the door PIN ⟦S⟧ in the handover doc under 'Office access' as you asked.",
    "I updated `office.md`: the alarm code is now ⟦S⟧ (changed on ⟦date⟧).",
)


def _recovery_form(name: str, shape: Callable[[random.Random], str], *templates: str) -> None:
    def make(rng: random.Random) -> tuple[str, str, Role]:
        secret, codes = _code_list(rng, shape)
        context = _context(rng)
        context["codes"] = codes
        return secret, _fill(_pick(rng, templates), secret, context), "user"

    FORMS.append((name, make))


_recovery_form(
    "recovery_codes_dutch",
    _dash_code,
    "Mijn herstelcodes voor GitHub, bewaar ze even voor me:\n⟦codes⟧",
    "Back-upcodes (elke code werkt één keer):\n⟦codes⟧\nIk ben mijn telefoon kwijt, welke moet ik gebruiken?",
)
_recovery_form(
    "backup_codes_google_german",
    _google_code,
    "Hier meine Google-Backup-Codes, falls ich aus dem Konto ausgesperrt werde:\n⟦codes⟧",
    "BACKUP-BESTÄTIGUNGSCODES\n⟦email⟧\n⟦codes⟧\nJeder Code kann nur einmal verwendet werden.",
)
_recovery_form(
    "recovery_codes_english_file",
    _upper_code,
    "$ cat ~/Downloads/⟦org⟧-recovery-codes.txt\n⟦codes⟧",
    "these are the 2FA recovery codes for the company AWS root account, put them in the vault doc pls:\n⟦codes⟧",
)
_recovery_form(
    "backup_codes_korean",
    _google_code,
    "구글 계정 백업 코드야, 잠깐 보관해줘:\n⟦codes⟧",
    "2단계 인증 백업 코드:\n⟦codes⟧",
)


# --- near misses: text with no secret that must survive -----------------------------------------

_NearMiss = Callable[[random.Random], str]
_NEAR_MISSES: list[_NearMiss] = []


# Ids and hashes drawn anew at each place a template names them, as two commits differ.
_NEAR_FRESH: dict[str, Callable[[random.Random], str]] = {
    "hex7": lambda rng: _s(rng, HEX, 7),
    "hex12": lambda rng: _s(rng, HEX, 12),
    "uuid": _uuid,
    "sha256": lambda rng: _s(rng, HEX, 64),
    "sha512b64": lambda rng: _b64(rng, 64),
    "b64_32": lambda rng: _b64(rng, 32),
    "sri": lambda rng: "sha384-" + _b64(rng, 48),
    "digest": lambda rng: "sha256:" + _s(rng, HEX, 64),
    "pubkey": lambda rng: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(rng, B64, 43),
    "objid": lambda rng: _s(rng, HEX, 24),
    "ulid": lambda rng: "01J" + _s(rng, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23),
    "addr": lambda rng: "0x" + _s(rng, HEX, 40),
}


def _near(*templates: str) -> None:
    """Register a near-miss kind: one of ``templates`` filled with random ids and hashes."""

    def make(rng: random.Random) -> str:
        context = _context(rng)
        template = _pick(rng, templates)

        def value(match: re.Match[str]) -> str:
            fresh = _NEAR_FRESH.get(match[1])
            return fresh(rng) if fresh else context[match[1]]

        return _FIELD.sub(value, template)

    _NEAR_MISSES.append(make)


_near(
    "$ git log --oneline -4\n⟦hex7⟧ fix(⟦app⟧): retry on 503\n⟦hex7⟧ chore: bump deps\n⟦hex7⟧ Merge pull request #⟦num⟧ from ⟦repo⟧/feature\n⟦hex7⟧ docs: changelog",
    "commit ⟦hex40⟧\nAuthor: ⟦First⟧ ⟦Last⟧ <⟦email⟧>\nDate:   ⟦date⟧\n\n    rotate the staging keys (values live in Vault, not here)",
)
_near(
    "$ kubectl get deploy ⟦app⟧ -o jsonpath='{.metadata.uid}'\n⟦uuid⟧",
    "Created project ⟦uuid⟧ (⟦app⟧) in organization ⟦uuid2⟧",
)
_near(
    "⟦app⟧-⟦version⟧.tar.gz: OK\n$ sha256sum dist/*\n⟦sha256⟧  dist/⟦app⟧-⟦version⟧-py3-none-any.whl\n⟦sha256⟧  dist/⟦app⟧-⟦version⟧.tar.gz",
)
_near(
    "x-request-id: ⟦uuid⟧\nx-amzn-trace-id: Root=1-⟦hex7⟧a-⟦hex12⟧⟦hex12⟧\ncf-ray: ⟦hex16⟧-FRA",
    "request_id=⟦ulid⟧ status=200 duration_ms=⟦ms⟧",
)
_near(
    "traceparent: 00-⟦hex32⟧-⟦hex16⟧-01",
    '{"trace_id":"⟦hex32⟧","span_id":"⟦hex16⟧","name":"GET /health","status":"OK"}',
)
_near(
    "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 ⟦pubkey⟧ ⟦email⟧",
    "authorized_keys:\n  - ssh-ed25519 ⟦pubkey⟧ ⟦first⟧@laptop",
)
_near(
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA⟦b64_32⟧\n-----END PUBLIC KEY-----",
)
_near(
    "OPENAI_API_KEY=your-api-key-here\nANTHROPIC_API_KEY=<YOUR_ANTHROPIC_KEY>\nGROQ_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxx",
    'api_key: "<TOKEN>"  # replace with your own key before running',
    "Set `STRIPE_SECRET_KEY=sk_test_...` in your environment (see the docs for where to find it).",
)
_near(
    "environment:\n  DATABASE_PASSWORD: ${DATABASE_PASSWORD}\n  REDIS_PASSWORD: ${REDIS_PASSWORD:?must be set}\n  API_TOKEN: ${{ secrets.API_TOKEN }}",
)
_near(
    "api_key = os.environ['GROQ_API_KEY']\npassword = os.getenv(\"DB_PASSWORD\")\ntoken = settings.SLACK_BOT_TOKEN",
    "const apiKey = process.env.RESEND_API_KEY;\nif (!apiKey) throw new Error('RESEND_API_KEY is not set');",
)
_near(
    "Password requirements: at least 12 characters, one uppercase letter, one digit and one symbol. Passwords expire every 90 days.",
    "error: password must be 12 characters or longer (got 9)",
    "Your password was changed on ⟦date⟧. If this wasn't you, reset it from Settings > Security.",
)
_near(
    'def rotate_api_key(user_id: int, *, revoke_old: bool = True) -> ApiKey:\n    """Issue a new API key and return it; the caller shows it once."""',
    'class PasswordResetTokenGenerator:\n    key_salt = "django.contrib.auth.tokens.PasswordResetTokenGenerator"\n    secret_fallbacks = None',
)
_near(
    '<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA⟦sha512b64⟧" />',
)
_near(
    "$ docker images --digests ⟦app⟧\nREPOSITORY   TAG     DIGEST        IMAGE ID\n⟦app⟧   ⟦version⟧   ⟦digest⟧   ⟦hex12⟧",
    "FROM python:3.12-slim@⟦digest⟧",
)
_near(
    '"node_modules/⟦app⟧": {\n  "version": "⟦version⟧",\n  "resolved": "https://registry.npmjs.org/⟦app⟧/-/⟦app⟧-⟦version⟧.tgz",\n  "integrity": "sha512-⟦sha512b64⟧"\n}',
)
_near(
    "github.com/⟦org⟧/⟦app⟧ v⟦version⟧ h1:⟦b64_32⟧\ngithub.com/⟦org⟧/⟦app⟧ v⟦version⟧/go.mod h1:⟦b64_32⟧",
)
_near(
    "⟦app⟧ ⟦version⟧ (build ⟦hex7⟧, go1.22.5 linux/amd64)\nPython 3.12.4\nnode v20.15.1",
)
_near(
    '[[package]]\nname = "⟦app⟧"\nversion = "⟦version⟧"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "⟦sha256⟧"',
)
_near(
    "⟦app⟧==⟦version⟧ \\\n    --hash=sha256:⟦sha256⟧ \\\n    --hash=sha256:⟦sha256⟧",
)
_near(
    "$ gh secret list --repo ⟦repo⟧\nNAME                UPDATED\nDOCKERHUB_TOKEN     about 2 months ago\nPYPI_API_TOKEN      ⟦date⟧\nSENTRY_AUTH_TOKEN   ⟦date⟧",
)
_near(
    "$ kubectl get secret ⟦app⟧-db -o yaml\napiVersion: v1\ndata: {}\nkind: Secret\nmetadata:\n  name: ⟦app⟧-db\n  uid: ⟦uuid⟧\ntype: Opaque",
)
_near(
    "password: '********'\napi_key: sk-...⟦hex7⟧\ntoken: ●●●●●●●●●●●●",
    "Authorization: Bearer [REDACTED]\nCookie: session=<redacted>",
)
_near(
    'ObjectId("⟦objid⟧")\nObjectId("⟦objid⟧")',
    'db.orders.find({ _id: ObjectId("⟦objid⟧") })',
)
_near(
    '<script src="https://cdn.jsdelivr.net/npm/⟦app⟧@⟦version⟧/dist/⟦app⟧.min.js" integrity="⟦sri⟧" crossorigin="anonymous"></script>',
)
_near(
    "arn:aws:iam::⟦num⟧⟦num⟧⟦num⟧:role/⟦app⟧-task-role\narn:aws:secretsmanager:⟦region⟧:⟦num⟧⟦num⟧:secret:⟦app⟧/db-AbCdEf",
)
_near(
    "/subscriptions/⟦uuid⟧/resourceGroups/rg-⟦app⟧/providers/Microsoft.KeyVault/vaults/kv-⟦app⟧",
)
_near(
    "Sent 0.05 ETH to ⟦addr⟧ (tx 0x⟦sha256⟧)",
    "Contract deployed at ⟦addr⟧ in block ⟦num⟧⟦num⟧",
)
_near(
    '$ grep -rn \'API_KEY\' src/\nsrc/config.py:12:    api_key: str = field(default_factory=lambda: os.environ["API_KEY"])\nsrc/client.py:40:        headers["X-Api-Key"] = self.config.api_key',
)
_near(
    "valueFrom:\n  secretKeyRef:\n    name: ⟦app⟧-secrets\n    key: DB_PASSWORD",
)
_near(
    "version https://git-lfs.github.com/spec/v1\noid sha256:⟦sha256⟧\nsize ⟦num⟧⟦num⟧",
)
_near(
    "SecretStr('**********')\nSettings(db_password=SecretStr('**********'), api_key=SecretStr('**********'))",
)
_near(
    "postgresql://⟦user⟧:***@⟦host⟧:5432/⟦db⟧",
    "Engine(postgresql+psycopg2://⟦user⟧:***@⟦host⟧/⟦db⟧)",
)
_near(
    'psycopg2.OperationalError: connection to server at "⟦host⟧" (⟦ip⟧), port 5432 failed: FATAL:  password authentication failed for user "⟦user⟧"',
)
_near(
    "Enter the 6-digit code from your authenticator app.\nCode sent to +49 ••• •••• 12. It expires in 10 minutes.",
)
_near(
    "chore: stop logging the Authorization header\n\nThe token was printed by the debug middleware; it is now masked.",
)
_near(
    "X-Hub-Signature-256: sha256=⟦sha256⟧\nStripe-Signature: t=1733310000,v1=⟦sha256⟧",
)
_near(
    "langfuse public key: pk-lf-⟦uuid⟧ (the public half, safe in the browser)\nNEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_test_⟦hex16⟧",
)
_near(
    "$ ssh-keyscan github.com\ngithub.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
)
_near(
    "  Running command git clone -q https://github.com/⟦repo⟧.git /tmp/pip-req-build-⟦hex7⟧\n  Resolved https://github.com/⟦repo⟧.git to commit ⟦hex40⟧",
)
_near(
    "Listening on http://0.0.0.0:⟦port⟧ (pid ⟦pid⟧)\nconnected to redis://⟦host⟧:6379/0",
)
_near(
    "Idempotency-Key: ⟦uuid⟧\nX-Correlation-ID: ⟦uuid2⟧",
)
_near(
    'etag: W/"⟦hex32⟧"\nlast-modified: Thu, 04 Dec 2025 10:00:00 GMT',
)
_near(
    "Successfully built ⟦hex12⟧\nSuccessfully tagged ⟦app⟧:⟦version⟧\nwriting image sha256:⟦sha256⟧ done",
)
_near(
    "| key_id | created | last_used |\n|---|---|---|\n| key_⟦hex12⟧ | ⟦date⟧ | never |",
    "API key `key_⟦hex12⟧` was revoked by ⟦email⟧ on ⟦date⟧.",
)
_near(
    "$ gpg --list-keys\npub   ed25519 2024-03-11 [SC]\n      ⟦hex40⟧\nuid           [ultimate] ⟦First⟧ ⟦Last⟧ <⟦email⟧>",
)
_near(
    "Resource ID: ⟦ulid⟧\nInvoice in_⟦hex16⟧ paid; customer cus_⟦hex12⟧",
)


# --- generation --------------------------------------------------------------------------------


def generate(seed: int, count: int) -> list[PlantedSecret]:
    """``count`` planted secrets, cycling through ``FORMS`` in order, all drawn from ``seed``."""
    rng = random.Random(seed)
    planted: list[PlantedSecret] = []
    for index in range(count):
        form, make = FORMS[index % len(FORMS)]
        secret, text, role = make(rng)
        if len(secret) < 8 or secret not in text:
            raise ValueError(f"form {form!r} produced a secret that is short or not in its text")
        planted.append(PlantedSecret(form=form, secret=secret, text=text, role=role))
    return planted


def generate_near_misses(seed: int, count: int) -> list[str]:
    """``count`` realistic texts holding no secret, cycling through the near-miss kinds."""
    # A seed of its own: the same stream as generate() could align and repeat a planted value.
    rng = random.Random(f"near-miss-{seed}")
    return [_NEAR_MISSES[index % len(_NEAR_MISSES)](rng) for index in range(count)]


def _self_check() -> list[str]:
    """What is wrong with the corpus, as sentences; empty when it is sound."""
    problems: list[str] = []
    names = [name for name, _ in FORMS]
    if len(set(names)) != len(names):
        problems.append("form names repeat")
    if len(FORMS) < 220:
        problems.append(f"only {len(FORMS)} forms, want 220 or more")
    if len(_NEAR_MISSES) < 40:
        problems.append(f"only {len(_NEAR_MISSES)} near-miss kinds, want 40 or more")
    for seed in (0, 1, 7):
        planted = generate(seed, len(FORMS) * 3)
        if planted != generate(seed, len(FORMS) * 3):
            problems.append(f"generate({seed}) is not deterministic")
        if generate_near_misses(seed, 200) != generate_near_misses(seed, 200):
            problems.append(f"generate_near_misses({seed}) is not deterministic")
        for item in planted:
            if item.secret not in item.text:
                problems.append(f"{item.form}: secret not in its text")
            if "⟦" in item.text:
                problems.append(f"{item.form}: unfilled field in {item.text!r}")
            if item.role == "tool_call" and item.secret not in json.dumps(item.text):
                problems.append(f"{item.form}: secret does not survive json.dumps")
        secrets = [item.secret for item in planted]
        for text in generate_near_misses(seed, 400):
            if "⟦" in text:
                problems.append(f"unfilled near-miss field in {text!r}")
            if any(secret in text for secret in secrets):
                problems.append(f"a planted secret appears in a near miss: {text[:60]!r}")
    if generate(3, 50) == generate(4, 50):
        problems.append("different seeds give the same corpus")
    return problems


if __name__ == "__main__":
    problems = _self_check()
    sample = generate(2024, len(FORMS))
    print(f"{len(FORMS)} forms, {len(_NEAR_MISSES)} near-miss kinds")
    for item in random.Random(5).sample(sample, 3):
        print(f"\n--- {item.form} ({item.role}); secret {item.secret!r}\n{item.text}")
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    assert not problems, f"{len(problems)} problems"
