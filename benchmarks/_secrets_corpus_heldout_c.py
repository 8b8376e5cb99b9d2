"""A third held-out corpus of planted secrets (``heldout_c``), written blind.

Written from the side of careless users, hurried operators and attackers WITHOUT opening
packlight's detection rules or any corpus built against them: ``src/packlight/redact.py``,
``src/packlight/secret_rules*.py``, ``tests/test_redact*.py``, ``tests/redaction.py``,
``docs/security.md``, ``benchmarks/results/security.md``, ``benchmarks/_secrets_corpus.py``
and ``benchmarks/_secrets_corpus_heldout.py`` were not opened; of
``benchmarks/_secrets_corpus_heldout_b.py`` only the first 60 lines (its docstring and
``PlantedSecret``) were read, for the module shape and the list of what it emphasised, and of
``benchmarks/bench_security.py`` only its docstring. packlight's redactor was never run on
this corpus while it was written. Do not tune the redactor against this file before it has
been measured once.

The emphasis goes beyond the earlier corpora (tool config files, debug logs, code, shell
commands and chat):

- infrastructure state and CI/CD output: ``terraform.tfstate``, ``terraform output -json``,
  ``*.tfvars``, helm values and ``--set``, ansible vars and inventories, systemd units,
  supervisord, Jenkins ``credentials.xml`` and ``jenkins-cli``, GitLab / GitHub Actions /
  CircleCI logs, ArgoCD, ``vault operator init`` / ``vault token create`` / dynamic database
  credentials, ``kubeadm`` and ``docker swarm`` join tokens, k3s tokens, Consul SecretIDs
  (a UUID that is a secret, printed beside an AccessorID UUID that is not);
- cloud CLI dumps: ``aws iam create-access-key`` / ``sts assume-role`` JSON, ``gcloud auth
  print-access-token``, application-default credentials, ``az ad sp create-for-rbac``,
  signed URLs of S3, GCS, Azure (SAS) and CloudFront;
- about fifty SaaS issuers with their real prefixes and alphabets (Stripe live, restricted
  and webhook keys, Twilio, SendGrid, Mailgun, Shopify, Okta SSWS, Auth0, Datadog, New Relic,
  PagerDuty, Slack app tokens, GitHub fine-grained and OAuth tokens, GitLab runner tokens,
  PyPI, npm, Hugging Face, OpenAI project keys, Anthropic, Google API keys, DigitalOcean,
  Linear, Notion, Atlassian, Discord, Telegram, Terraform Cloud, Pulumi, Netlify, Supabase,
  Databricks, Grafana, Postman, Mapbox, Square, Braintree, Cloudflare, age, Tailscale,
  1Password, Dropbox, Airtable, Docker Hub, Artifactory, Doppler, SonarQube, crates.io,
  NuGet, RubyGems, Azure DevOps, Bitbucket, Backblaze, Cloudinary, Weights & Biases ...);
- connection strings of many engines: JDBC (SQL Server, Oracle, Snowflake), ODBC, libpq
  keyword strings, Go MySQL DSNs, MongoDB SRV, Kafka SASL JAAS (PLAIN and SCRAM), Elastic
  API keys, RabbitMQ, Redis ``AUTH``, SMTP relays, FileZilla's base64 ``<Pass>``, LDAP bind
  in ``sssd.conf``, SNMP communities, Wi-Fi PSKs (``wpa_supplicant``, ``nmcli``, ``netsh``),
  IPsec PSKs and OpenVPN static keys;
- session material: JWTs in ``Authorization`` headers and ``Set-Cookie``, framework session
  cookies in a browser "copy as cURL", OAuth refresh tokens in token responses;
- keys: EC and PKCS#8 keys built from real DER prefixes (the body line that carries the
  private scalar is the secret), PGP and PuTTY keys, a whole PEM base64-wrapped in a
  Kubernetes TLS secret, keystore passwords in ``ps`` output and Gradle signing configs;
- where an attacker looks next: cloud secret stores (Secrets Manager's JSON-in-JSON
  ``SecretString``, SSM ``--with-decryption``, ``gcloud secrets versions access``, Key Vault),
  the job token ``actions/checkout`` leaves base64-encoded in ``.git/config``, ``git credential
  fill``, ``docker history``, shell history, crontabs, proxy URLs, SOAP WS-Security headers,
  GraphQL variables, OAuth client-credentials calls and implicit-flow fragments, WebSocket
  query tokens, TOTP seeds in ``otpauth://`` links, Wi-Fi QR payloads, JSON logs that embed a
  request body as an escaped string, dataclass reprs in debug logs, Node ``util.inspect`` and
  Rust ``Debug`` output, tokens wrapped in ANSI colour codes, hidden form inputs, CSV exports,
  Discord and Teams webhook URLs, a passphrase given beside an encrypted key, passwords with
  umlauts and other non-ASCII letters;
- encodings and shapes: base64 and URL-encoded secrets, secrets spelled with spaces, a token
  wrapped by the terminal across two lines, secrets in markdown tables, diffs, git remotes,
  ``docker run -e``, ``kubectl create secret``, Windows ``set``, PowerShell ``$env:`` and
  ``ConvertTo-SecureString``, access-log query strings, Jupyter ``os.environ`` dumps,
  ``pytest --showlocals`` output, ``psql`` result tables;
- personal secrets in chat in thirteen languages (plus a Spanish WIF key and a German SIM
  PUK), BitLocker recovery keys (groups divisible by 11, as real ones are), Apple
  app-specific passwords and recovery keys, bank account numbers, security answers, wallet
  private keys.

Judgement calls a reader may disagree with: Jenkins' encrypted ``{AQAAAB...}`` blob counts as
a secret (the master key that decrypts it sits beside it on disk); a Consul SecretID is a bare
UUID; a UK account number and a SIM PUK are bare 8-digit numbers in chat; GitHub recovery
codes are short ``xxxxx-xxxxx`` hex pairs. About 100 of the forms are what the brief lists;
the rest (248 in all) are further carriers of the same kinds.

``generate(seed, count)`` cycles through ``FORMS`` in order and draws every value from
``random.Random(seed)`` with the prefix, length and alphabet its issuer uses; no
documentation example value appears. ``generate_near_misses(seed, count)`` returns realistic
text holding no secret (hashes, digests, UUIDs, ids, public keys and certificates, JWKS,
PKCE challenges, placeholders shaped like real tokens, masked values, ``SecretStr`` reprs,
variable names without values, secret *digests* from ``fly secrets list``, webhook payload
signatures, PGP signatures, and values encrypted to be committed: SOPS, ansible-vault,
SealedSecrets) that must NOT be redacted. Near misses draw from a seed of their own so they cannot repeat a planted value.

``PlantedSecret.secret`` is only the credential part: the password of a URL, command or
config line, the key of a DSN, the signature of a signed URL, the body line of a key that
carries the private part, the base64 value when the carrier base64-encodes the secret, the
spaced or URL-encoded form when that is how it appears, the first line of a token the
terminal wrapped.

    PYTHONPATH=src .venv/bin/python benchmarks/_secrets_corpus_heldout_c.py   # self-check
"""

# Carrier templates are literal data and read best on one line; chat in other languages
# contains look-alike letters.
# ruff: noqa: E501, RUF001

from __future__ import annotations

import base64
import json
import random
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
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
# Symbols people and password managers put in passwords that survive most config syntaxes.
PW_SYMBOLS = "!%*+-=^_.~"


def _form(name: str) -> Callable[[_Form], _Form]:
    def register(fn: _Form) -> _Form:
        FORMS.append((name, fn))
        return fn

    return register


def _s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _pick(rng: random.Random, items: Sequence[_T]) -> _T:
    return items[rng.randrange(len(items))]


def _hex(rng: random.Random, n: int) -> str:
    return _s(rng, HEX, n)


def _b64(rng: random.Random, nbytes: int, prefix: bytes = b"") -> str:
    return base64.b64encode(prefix + rng.randbytes(nbytes)).decode()


def _b64url(rng: random.Random, nbytes: int) -> str:
    return base64.urlsafe_b64encode(rng.randbytes(nbytes)).decode().rstrip("=")


def _b64url_json(obj: object) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _pw(rng: random.Random, n: int = 16, symbols: str = PW_SYMBOLS) -> str:
    """A generated password: mixed case, digits, symbols, starting with a letter."""
    body = _s(rng, ALNUM + symbols, n - 2)
    return rng.choice(string.ascii_letters) + body + rng.choice(DIGITS)


_WORDS = (
    "Sonnenblume",
    "Kastanie",
    "Lighthouse",
    "Marmalade",
    "Papillon",
    "Girasol",
    "Tramonto",
    "Vlinder",
    "Zeppelin",
    "Cormorant",
    "Hedgehog",
    "Mandarina",
    "Kirschbaum",
    "Borboleta",
    "Pomodoro",
    "Winterfell",
    "Aurora",
    "Baobab",
    "Quokka",
    "Tamarind",
    "Nebulosa",
    "Walross",
    "Chouette",
    "Tortuga",
    "Snowdrop",
    "Kolibri",
    "Dragonfly",
    "Panettone",
    "Jacaranda",
    "Falkenberg",
)
_SEPARATORS = ("", "", ".", "_", "-", "!", "#", "@")


def _human_pw(rng: random.Random) -> str:
    """A password a person makes up: a word or two, a year or some digits, a symbol."""
    word = _pick(rng, _WORDS)
    if rng.random() < 0.4:
        word += _pick(rng, _SEPARATORS) + _pick(rng, _WORDS).lower()
    tail = str(rng.randint(1000, 99999))
    return word + _pick(rng, _SEPARATORS) + tail + _pick(rng, ("!", "?", "$", "*", "", "#"))


def _name(rng: random.Random) -> str:
    first = _pick(
        rng,
        (
            "maria",
            "jonas",
            "aiko",
            "li",
            "olga",
            "pedro",
            "fatma",
            "sven",
            "nina",
            "raj",
            "chloe",
            "tomas",
        ),
    )
    last = _pick(
        rng,
        (
            "keller",
            "tanaka",
            "wang",
            "petrova",
            "silva",
            "yilmaz",
            "berg",
            "okafor",
            "rossi",
            "nowak",
            "dubois",
            "kim",
        ),
    )
    return f"{first}.{last}"


def _svc(rng: random.Random) -> str:
    return _pick(
        rng,
        (
            "orders",
            "billing",
            "ledger",
            "catalog",
            "search",
            "notify",
            "auth",
            "reports",
            "ingest",
            "checkout",
            "inventory",
            "payroll",
        ),
    )


def _host(rng: random.Random) -> str:
    return f"{_svc(rng)}-{_pick(rng, ('db', 'pg', 'mysql', 'cache', 'mq', 'api', 'srv'))}{rng.randint(1, 9)}.{_pick(rng, ('internal', 'prod.corp', 'eu-west-1.compute.internal', 'lan', 'svc.cluster.local'))}"


def _ip(rng: random.Random) -> str:
    return f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}"


def _pubip(rng: random.Random) -> str:
    return f"{rng.choice((34, 35, 52, 54, 91, 141, 185))}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}"


def _iso(rng: random.Random) -> str:
    return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z"


def _epoch(rng: random.Random) -> int:
    return rng.randint(1_760_000_000, 1_795_000_000)


def _pem_lines(rng: random.Random, prefix: bytes, nbytes: int) -> list[str]:
    body = _b64(rng, nbytes, prefix)
    return [body[i : i + 64] for i in range(0, len(body), 64)]


def _jwt(rng: random.Random, payload: dict[str, object], alg: str = "HS256") -> str:
    header: dict[str, object] = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        header["kid"] = _b64url(rng, 12)
    sig = _b64url(rng, 32 if alg == "HS256" else 256)
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{sig}"


_REPLY_LEADS = (
    "Here is the corrected version with your values filled in:",
    "Done. This is what the file looks like now:",
    "The bug was the missing await; updated code:",
    "I kept your credentials as they were and only fixed the indentation:",
    "This should work; paste it over the old block:",
)


def _reply(rng: random.Random, code: str) -> str:
    """An assistant reply that repeats code the user pasted, credentials included."""
    return f"{_pick(rng, _REPLY_LEADS)}\n\n```\n{code}\n```\n\nRun it again and tell me what the log says."


def _middle(lines: list[str]) -> str:
    """The body line a secret is checked on: full length, away from the fixed DER prefix."""
    full = [line for line in lines[1:-1] if len(line) == 64] or lines
    return full[len(full) // 2]


# --- cloud CLIs and signed URLs -------------------------------------------------------------


@_form("aws-iam-create-access-key-json")
def _aws_create_access_key(rng: random.Random) -> tuple[str, str, Role]:
    user = f"ci-{_svc(rng)}"
    secret = _s(rng, ALNUM + "/+", 40)
    doc = {
        "AccessKey": {
            "UserName": user,
            "AccessKeyId": "AKIA" + _s(rng, BASE32, 16),
            "Status": "Active",
            "SecretAccessKey": secret,
            "CreateDate": _iso(rng),
        }
    }
    return (
        secret,
        f"$ aws iam create-access-key --user-name {user} --output json\n{json.dumps(doc, indent=4)}",
        "tool",
    )


@_form("aws-sts-assume-role-session-token")
def _aws_sts(rng: random.Random) -> tuple[str, str, Role]:
    secret = "IQoJb3JpZ2luX2VjE" + _s(rng, ALNUM + "/+", 620) + "=="
    account = rng.randint(100000000000, 999999999999)
    doc = {
        "Credentials": {
            "AccessKeyId": "ASIA" + _s(rng, BASE32, 16),
            "SecretAccessKey": _s(rng, ALNUM + "/+", 40),
            "SessionToken": secret,
            "Expiration": _iso(rng),
        },
        "AssumedRoleUser": {
            "AssumedRoleId": "AROA" + _s(rng, BASE32, 17) + ":deploy",
            "Arn": f"arn:aws:sts::{account}:assumed-role/DeployRole/deploy",
        },
    }
    return secret, json.dumps(doc, indent=4), "tool"


@_form("aws-export-credentials-powershell")
def _aws_export_ps(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "/+", 40)
    text = f'PS C:\\src\\infra> aws configure export-credentials --profile prod --format powershell\n$Env:AWS_ACCESS_KEY_ID="AKIA{_s(rng, BASE32, 16)}"\n$Env:AWS_SECRET_ACCESS_KEY="{secret}"\nPS C:\\src\\infra>'
    return secret, text, "tool"


@_form("gcloud-print-access-token")
def _gcloud_token(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ya29.a0" + _s(rng, B64URL, 210)
    return (
        secret,
        f"$ gcloud auth print-access-token --impersonate-service-account=deployer@{_svc(rng)}-prod.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n{secret}",
        "tool",
    )


@_form("gcloud-adc-refresh-token")
def _gcloud_adc(rng: random.Random) -> tuple[str, str, Role]:
    secret = "1//0" + _s(rng, ALNUM, 2) + _s(rng, B64URL, 99)
    doc = {
        "account": "",
        "client_id": f"{rng.randint(10**11, 10**12 - 1)}-{_s(rng, LOWER_ALNUM, 32)}.apps.googleusercontent.com",
        "client_secret": "GOCSPX-" + _s(rng, B64URL, 28),
        "quota_project_id": f"{_svc(rng)}-prod",
        "refresh_token": secret,
        "type": "authorized_user",
        "universe_domain": "googleapis.com",
    }
    return (
        secret,
        f"cat ~/.config/gcloud/application_default_credentials.json gives me this, is it fine to commit for the CI?\n\n{json.dumps(doc, indent=2)}",
        "user",
    )


@_form("google-oauth-client-secret-json")
def _google_client_secret(rng: random.Random) -> tuple[str, str, Role]:
    secret = "GOCSPX-" + _s(rng, B64URL, 28)
    project = f"{_svc(rng)}-{rng.randint(100000, 999999)}"
    doc = {
        "installed": {
            "client_id": f"{rng.randint(10**11, 10**12 - 1)}-{_s(rng, LOWER_ALNUM, 32)}.apps.googleusercontent.com",
            "project_id": project,
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "client_secret": secret,
            "redirect_uris": ["http://localhost"],
        }
    }
    return (
        secret,
        f"$ cat client_secret_{rng.randint(10**11, 10**12 - 1)}.json\n{json.dumps(doc)}",
        "tool",
    )


@_form("gcp-service-account-private-key-line")
def _gcp_sa(rng: random.Random) -> tuple[str, str, Role]:
    lines = _pem_lines(
        rng,
        bytes.fromhex(
            "308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100"
        ),
        1180,
    )
    secret = _middle(lines)
    pem = "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(lines) + "\\n-----END PRIVATE KEY-----\\n"
    project = f"{_svc(rng)}-prod-{rng.randint(1000, 9999)}"
    text = (
        "{\n"
        '  "type": "service_account",\n'
        f'  "project_id": "{project}",\n'
        f'  "private_key_id": "{_hex(rng, 40)}",\n'
        f'  "private_key": "{pem}",\n'
        f'  "client_email": "terraform@{project}.iam.gserviceaccount.com",\n'
        f'  "client_id": "{rng.randint(10**20, 10**21 - 1)}",\n'
        '  "token_uri": "https://oauth2.googleapis.com/token"\n'
        "}"
    )
    return secret, text, "user"


@_form("azure-sp-create-for-rbac")
def _az_sp(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 3) + "8Q~" + _s(rng, ALNUM + "_~.-", 34)
    name = f"gh-actions-{_svc(rng)}"
    doc = {
        "appId": _uuid(rng),
        "displayName": name,
        "password": secret,
        "tenant": _uuid(rng),
    }
    text = f"$ az ad sp create-for-rbac --name {name} --role contributor --scopes /subscriptions/{_uuid(rng)}\nCreating 'contributor' role assignment under scope '/subscriptions/...'\nThe output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control.\n{json.dumps(doc, indent=2)}"
    return secret, text, "tool"


@_form("azure-storage-connection-string-local-settings")
def _az_storage(rng: random.Random) -> tuple[str, str, Role]:
    secret = _b64(rng, 64)
    account = f"st{_svc(rng)}{rng.randint(100, 999)}"
    doc = {
        "IsEncrypted": False,
        "Values": {
            "AzureWebJobsStorage": f"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={secret};EndpointSuffix=core.windows.net",
            "FUNCTIONS_WORKER_RUNTIME": "python",
        },
    }
    return secret, f"local.settings.json:\n{json.dumps(doc, indent=2)}", "tool"


@_form("azure-sas-url-azcopy")
def _az_sas(rng: random.Random) -> tuple[str, str, Role]:
    secret = quote(_b64(rng, 32), safe="")
    account = f"st{_svc(rng)}{rng.randint(100, 999)}"
    url = f"https://{account}.blob.core.windows.net/backups/db-{rng.randint(1, 28):02d}.bak?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2027-01-01T00:00:00Z&st=2026-12-01T00:00:00Z&spr=https&sig={secret}"
    return secret, f"azcopy copy ./db.bak '{url}'", "tool_call"


@_form("s3-presigned-url-python-log")
def _s3_presigned(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 64)
    url = f"https://{_svc(rng)}-exports.s3.eu-central-1.amazonaws.com/reports/{_uuid(rng)}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA{_s(rng, BASE32, 16)}%2F20261204%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20261204T031500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={secret}"
    return (
        secret,
        f">>> s3.generate_presigned_url('get_object', Params={{'Bucket': b, 'Key': k}}, ExpiresIn=604800)\n'{url}'",
        "tool",
    )


@_form("gcs-signed-url")
def _gcs_signed(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 512)
    url = f"https://storage.googleapis.com/{_svc(rng)}-artifacts/builds/app-{rng.randint(100, 999)}.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=signer%40{_svc(rng)}-prod.iam.gserviceaccount.com%2F20261204%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20261204T040000Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature={secret}"
    return secret, f"Here is the download link for the build, valid 24h:\n{url}", "assistant"


@_form("cloudfront-signed-url")
def _cloudfront(rng: random.Random) -> tuple[str, str, Role]:
    secret = _b64(rng, 128).replace("+", "-").replace("=", "_").replace("/", "~")
    url = f"https://d{_s(rng, LOWER_ALNUM, 13)}.cloudfront.net/videos/onboarding.mp4?Expires={_epoch(rng)}&Signature={secret}&Key-Pair-Id=K{_s(rng, UPPER_ALNUM, 13)}"
    return secret, f"curl -o onboarding.mp4 '{url}'", "tool_call"


# --- infrastructure state, CI/CD, orchestration ---------------------------------------------


@_form("terraform-tfstate-db-password")
def _tfstate(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 24, "!#*+-=_")
    name = f"{_svc(rng)}-prod"
    doc = {
        "mode": "managed",
        "type": "aws_db_instance",
        "name": "main",
        "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
        "instances": [
            {
                "schema_version": 2,
                "attributes": {
                    "identifier": name,
                    "engine": "postgres",
                    "engine_version": "16.3",
                    "instance_class": "db.r6g.large",
                    "username": "app_admin",
                    "password": secret,
                    "port": 5432,
                    "storage_encrypted": True,
                },
                "sensitive_attributes": [[{"type": "get_attr", "value": "password"}]],
            }
        ],
    }
    return (
        secret,
        f"$ jq '.resources[] | select(.type==\"aws_db_instance\")' terraform.tfstate\n{json.dumps(doc, indent=2)}",
        "tool",
    )


@_form("terraform-output-json-sensitive")
def _tf_output(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 32, "")
    doc = {
        "db_endpoint": {
            "sensitive": False,
            "type": "string",
            "value": f"{_svc(rng)}.{_s(rng, LOWER_ALNUM, 12)}.eu-west-1.rds.amazonaws.com",
        },
        "redis_auth_token": {"sensitive": True, "type": "string", "value": secret},
    }
    return secret, f"$ terraform output -json\n{json.dumps(doc, indent=2)}", "tool"


@_form("terraform-tfvars-cloudflare-token")
def _tfvars(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 40)
    text = f'# prod.auto.tfvars\nzone_name            = "{_svc(rng)}.example.net"\ncloudflare_api_token = "{secret}"\nenable_waf           = true\nallowed_cidrs        = ["{_pubip(rng)}/32"]\n'
    return secret, text, "tool"


@_form("helm-values-postgres-password")
def _helm_values(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20)
    text = f'# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: {_svc(rng)}\n    database: {_svc(rng)}\n    postgresPassword: "{secret}"\n  primary:\n    persistence:\n      size: 50Gi\nredis:\n  architecture: standalone\n'
    return secret, text, "tool"


@_form("helm-install-set-password")
def _helm_set(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    return (
        secret,
        f"helm upgrade --install rabbit bitnami/rabbitmq -n messaging --set auth.username=admin --set auth.password={secret} --set auth.erlangCookie={_s(rng, UPPER_ALNUM, 20)} --wait",
        "tool_call",
    )


@_form("ansible-group-vars-become-password")
def _ansible_vars(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    text = f'# inventories/prod/group_vars/dbservers.yml\n---\nansible_user: deploy\nansible_become: true\nansible_become_password: "{secret}"\npostgresql_version: 16\npostgresql_listen_addresses: "*"\n'
    return secret, text, "tool"


@_form("ansible-inventory-ssh-pass")
def _ansible_inventory(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "!%_")
    text = f"[web]\nweb1 ansible_host={_ip(rng)} ansible_user=root ansible_ssh_pass='{secret}'\nweb2 ansible_host={_ip(rng)} ansible_user=root ansible_ssh_pass='{secret}'\n\n[web:vars]\nansible_python_interpreter=/usr/bin/python3\n"
    return secret, text, "user"


@_form("ansible-playbook-extra-vars")
def _ansible_extra(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    return (
        secret,
        f'ansible-playbook -i inventories/prod site.yml --limit dbservers -e "mysql_root_password={secret} mysql_replication_user=repl" --diff',
        "tool_call",
    )


@_form("systemctl-show-environment")
def _systemd_env(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 22, "")
    svc = _svc(rng)
    text = f"$ systemctl show {svc}.service -p Environment\nEnvironment=PORT=8080 LOG_LEVEL=info DATABASE_URL=postgres://{svc}:{secret}@{_host(rng)}:5432/{svc}?sslmode=require"
    return secret, text, "tool"


@_form("systemd-environmentfile")
def _systemd_envfile(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 64)
    svc = _svc(rng)
    text = f"$ sudo cat /etc/{svc}/{svc}.env\n# loaded by EnvironmentFile= in {svc}.service\nRUST_LOG=info\nAPP_BIND=0.0.0.0:9000\nAPP_SIGNING_KEY={secret}\nAPP_PUBLIC_URL=https://{svc}.example.org\n"
    return secret, text, "tool"


@_form("supervisord-program-environment")
def _supervisord(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    text = f'[program:celery-worker]\ncommand=/srv/app/venv/bin/celery -A app worker -l info\ndirectory=/srv/app\nuser=app\nautostart=true\nenvironment=DJANGO_SETTINGS_MODULE="app.settings.prod",CELERY_BROKER_URL="amqp://celery:{secret}@{_host(rng)}:5672/prod"\nstdout_logfile=/var/log/celery/worker.log\n'
    return secret, text, "tool"


@_form("nginx-proxy-basic-auth-header")
def _nginx_basic(rng: random.Random) -> tuple[str, str, Role]:
    secret = base64.b64encode(f"{_svc(rng)}-proxy:{_pw(rng, 18, '')}".encode()).decode()
    text = f'location /upstream-api/ {{\n    proxy_pass https://partner.example.com/;\n    proxy_set_header Host partner.example.com;\n    proxy_set_header Authorization "Basic {secret}";\n    proxy_ssl_server_name on;\n}}'
    return secret, text, "tool"


@_form("apache-ldap-bind-password")
def _apache_ldap(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    text = f'<Location "/svn">\n    AuthType Basic\n    AuthName "Corp SVN"\n    AuthBasicProvider ldap\n    AuthLDAPURL "ldaps://dc1.corp.example:636/OU=Staff,DC=corp,DC=example?sAMAccountName?sub"\n    AuthLDAPBindDN "CN=svc-apache,OU=Service,DC=corp,DC=example"\n    AuthLDAPBindPassword "{secret}"\n    Require valid-user\n</Location>'
    return secret, text, "tool"


@_form("jenkins-credentials-xml-encrypted")
def _jenkins_creds(rng: random.Random) -> tuple[str, str, Role]:
    # Encrypted with the instance's master key, which sits next to it on disk: whoever reads
    # both reads the password, so the blob is treated as the secret.
    secret = "{" + _b64(rng, 58, bytes.fromhex("010000001000000020")) + "}"
    text = f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>nexus-deploy</id>\n  <description>Nexus deploy user</description>\n  <username>deploy</username>\n  <password>{secret}</password>\n  <usernameSecret>false</usernameSecret>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>"
    return secret, text, "tool"


@_form("jenkins-cli-api-token")
def _jenkins_cli(rng: random.Random) -> tuple[str, str, Role]:
    secret = "11" + _hex(rng, 32)
    return (
        secret,
        f"java -jar jenkins-cli.jar -s https://ci.{_svc(rng)}.example/ -auth {_name(rng)}:{secret} build release-pipeline -p VERSION=2.4.1 -f -v",
        "tool_call",
    )


@_form("gitlab-ci-log-docker-login")
def _gitlab_log(rng: random.Random) -> tuple[str, str, Role]:
    secret = "glpat-" + _s(rng, B64URL, 20)
    text = f'Running with gitlab-runner 17.5.2 (c6f5d1cd)\n  on shared-runner-3 xZ1a9sT, system ID: s_{_hex(rng, 12)}\nExecuting "step_script" stage of the job script\n$ echo "logging in as $REGISTRY_USER"\nlogging in as deploy-bot\n$ docker login -u deploy-bot -p {secret} registry.gitlab.com\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n$ docker build -t $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA .'
    return secret, text, "tool"


@_form("gitlab-runner-config-toml")
def _gitlab_runner(rng: random.Random) -> tuple[str, str, Role]:
    secret = "glrt-" + _s(rng, B64URL, 20)
    text = f'concurrent = 4\ncheck_interval = 0\n\n[[runners]]\n  name = "build-{rng.randint(1, 9)}"\n  url = "https://gitlab.{_svc(rng)}.example"\n  id = {rng.randint(100, 9999)}\n  token = "{secret}"\n  token_obtained_at = {_iso(rng)}\n  executor = "docker"\n  [runners.docker]\n    image = "alpine:3.20"\n    privileged = true\n'
    return secret, text, "tool"


@_form("github-actions-log-kubeconfig-token")
def _gha_kubeconfig(rng: random.Random) -> tuple[str, str, Role]:
    secret = _jwt(
        rng,
        {
            "iss": "kubernetes/serviceaccount",
            "kubernetes.io/serviceaccount/namespace": "ci",
            "kubernetes.io/serviceaccount/service-account.name": "deployer",
            "sub": "system:serviceaccount:ci:deployer",
        },
        "RS256",
    )
    text = f'2026-12-04T03:12:44.1203311Z ##[group]Run echo "$KUBECONFIG_B64" | base64 -d | tee ~/.kube/config\n2026-12-04T03:12:44.1208812Z ##[endgroup]\n2026-12-04T03:12:44.2301187Z apiVersion: v1\n2026-12-04T03:12:44.2301554Z clusters:\n2026-12-04T03:12:44.2301890Z - cluster:\n2026-12-04T03:12:44.2302210Z     server: https://{_pubip(rng)}:6443\n2026-12-04T03:12:44.2302561Z users:\n2026-12-04T03:12:44.2302880Z - name: deployer\n2026-12-04T03:12:44.2303190Z   user:\n2026-12-04T03:12:44.2303511Z     token: {secret}'
    return secret, text, "tool"


@_form("circleci-api-token-header")
def _circleci(rng: random.Random) -> tuple[str, str, Role]:
    secret = "CCIPAT_" + _s(rng, ALNUM, 22) + "_" + _hex(rng, 40)
    return (
        secret,
        f"curl -s -H \"Circle-Token: {secret}\" https://circleci.com/api/v2/project/gh/{_svc(rng)}-org/{_svc(rng)}/pipeline?branch=main | jq '.items[0]'",
        "tool_call",
    )


@_form("argocd-initial-admin-secret")
def _argocd(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 16)
    text = f'$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{{.data.password}}" | base64 -d; echo\n{secret}\n$ argocd login argocd.{_svc(rng)}.example --username admin --grpc-web'
    return secret, text, "tool"


@_form("argocd-login-password-flag")
def _argocd_login(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    return (
        secret,
        f"argocd login argocd.internal:443 --username admin --password '{secret}' --insecure && argocd app sync {_svc(rng)}-prod",
        "tool_call",
    )


@_form("vault-operator-init-unseal-key")
def _vault_init(rng: random.Random) -> tuple[str, str, Role]:
    keys = [_b64(rng, 33) for _ in range(5)]
    secret = keys[rng.randrange(5)]
    lines = "\n".join(f"Unseal Key {i + 1}: {k}" for i, k in enumerate(keys))
    text = f"$ vault operator init\n{lines}\n\nInitial Root Token: hvs.{_s(rng, ALNUM, 24)}\n\nVault initialized with 5 key shares and a key threshold of 3. Please securely\ndistribute the key shares printed above."
    return secret, text, "tool"


@_form("vault-token-create-table")
def _vault_token(rng: random.Random) -> tuple[str, str, Role]:
    secret = "hvs.CAESI" + _s(rng, B64URL, 86)
    text = f'$ vault token create -policy=ci-deploy -ttl=720h\nKey                  Value\n---                  -----\ntoken                {secret}\ntoken_accessor       {_s(rng, ALNUM, 24)}\ntoken_duration       720h\ntoken_renewable      true\ntoken_policies       ["ci-deploy" "default"]\nidentity_policies    []\npolicies             ["ci-deploy" "default"]'
    return secret, text, "tool"


@_form("vault-database-dynamic-creds")
def _vault_db(rng: random.Random) -> tuple[str, str, Role]:
    secret = "A1a-" + _s(rng, ALNUM, 20)
    text = f"$ vault read database/creds/readonly\nKey                Value\n---                -----\nlease_id           database/creds/readonly/{_s(rng, ALNUM, 24)}\nlease_duration     1h\nlease_renewable    true\npassword           {secret}\nusername           v-token-readonly-{_s(rng, ALNUM, 20)}-{_epoch(rng)}"
    return secret, text, "tool"


@_form("kubeadm-join-bootstrap-token")
def _kubeadm(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, LOWER_ALNUM, 6) + "." + _s(rng, LOWER_ALNUM, 16)
    return (
        secret,
        f"$ kubeadm token create --print-join-command\nkubeadm join {_ip(rng)}:6443 --token {secret} --discovery-token-ca-cert-hash sha256:{_hex(rng, 64)}",
        "tool",
    )


@_form("docker-swarm-join-token")
def _swarm(rng: random.Random) -> tuple[str, str, Role]:
    secret = "SWMTKN-1-" + _s(rng, LOWER_ALNUM, 50) + "-" + _s(rng, LOWER_ALNUM, 25)
    return (
        secret,
        f"$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n    docker swarm join --token {secret} {_ip(rng)}:2377\n",
        "tool",
    )


@_form("k3s-node-token")
def _k3s(rng: random.Random) -> tuple[str, str, Role]:
    secret = "K10" + _hex(rng, 64) + "::server:" + _hex(rng, 32)
    return (
        secret,
        f"curl -sfL https://get.k3s.io | K3S_URL=https://{_ip(rng)}:6443 K3S_TOKEN={secret} sh -",
        "tool_call",
    )


@_form("consul-acl-bootstrap-secretid")
def _consul(rng: random.Random) -> tuple[str, str, Role]:
    secret = _uuid(rng)
    text = f"$ consul acl bootstrap\nAccessorID:       {_uuid(rng)}\nSecretID:         {secret}\nDescription:      Bootstrap Token (Global Management)\nLocal:            false\nCreate Time:      2026-12-04 03:20:11.402876 +0000 UTC\nPolicies:\n   00000000-0000-0000-0000-000000000001 - global-management"
    return secret, text, "tool"


@_form("kubectl-create-secret-from-literal")
def _kubectl_secret(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 64)
    return (
        secret,
        f"kubectl -n {_svc(rng)} create secret generic app-secrets --from-literal=JWT_SIGNING_KEY={secret} --from-literal=LOG_LEVEL=info --dry-run=client -o yaml | kubectl apply -f -",
        "tool_call",
    )


@_form("kubectl-create-secret-docker-registry")
def _kubectl_regcred(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    return (
        secret,
        f"kubectl create secret docker-registry regcred --docker-server=harbor.{_svc(rng)}.example --docker-username='robot$ci' --docker-password={secret} --docker-email=ci@{_svc(rng)}.example",
        "tool_call",
    )


@_form("k8s-secret-yaml-base64-value")
def _k8s_secret_b64(rng: random.Random) -> tuple[str, str, Role]:
    password = _pw(rng, 20, "")
    secret = base64.b64encode(password.encode()).decode()
    text = f'$ kubectl get secret {_svc(rng)}-db -o yaml\napiVersion: v1\ndata:\n  DB_HOST: {base64.b64encode(_host(rng).encode()).decode()}\n  DB_PASSWORD: {secret}\n  DB_USER: {base64.b64encode(b"app").decode()}\nkind: Secret\nmetadata:\n  creationTimestamp: "{_iso(rng)}"\n  name: db\n  namespace: prod\ntype: Opaque'
    return secret, text, "tool"


@_form("k8s-tls-secret-base64-pem")
def _k8s_tls(rng: random.Random) -> tuple[str, str, Role]:
    lines = _pem_lines(
        rng,
        bytes.fromhex(
            "308204be020100300d06092a864886f70d0101010500048204a8308204a40201000282010100"
        ),
        1180,
    )
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----\n"
    secret = base64.b64encode(pem.encode()).decode()
    text = f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: wildcard-tls\n  namespace: ingress\ntype: kubernetes.io/tls\ndata:\n  tls.crt: {_b64(rng, 1300)}\n  tls.key: {secret}\n"
    return secret, text, "tool"


# --- SaaS API keys with their issuers' shapes -----------------------------------------------


@_form("stripe-secret-key-python")
def _stripe_sk(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sk_live_51" + _s(rng, ALNUM, 97)
    text = f'import stripe\n\nstripe.api_key = "{secret}"\n\nsession = stripe.checkout.Session.create(\n    mode="subscription",\n    line_items=[{{"price": "price_{_s(rng, ALNUM, 24)}", "quantity": 1}}],\n    success_url="https://shop.example/ok",\n)'
    return secret, text, "user"


@_form("stripe-restricted-key-dotenv")
def _stripe_rk(rng: random.Random) -> tuple[str, str, Role]:
    secret = "rk_live_51" + _s(rng, ALNUM, 97)
    return (
        secret,
        f"NEXT_PUBLIC_SITE_URL=https://shop.example\nSTRIPE_RESTRICTED_KEY={secret}\nSTRIPE_PRICE_PRO=price_{_s(rng, ALNUM, 24)}\n",
        "tool",
    )


@_form("stripe-listen-webhook-secret")
def _stripe_whsec(rng: random.Random) -> tuple[str, str, Role]:
    secret = "whsec_" + _s(rng, ALNUM, 32)
    return (
        secret,
        f"$ stripe listen --forward-to localhost:4242/webhook\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is {secret} (^C to quit)\n2026-12-04 04:01:12   --> customer.subscription.updated [evt_{_s(rng, ALNUM, 24)}]",
        "tool",
    )


@_form("twilio-auth-token-curl")
def _twilio(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    sid = "AC" + _hex(rng, 32)
    return (
        secret,
        f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json --data-urlencode 'To=+4915112345678' --data-urlencode 'From=+15005550006' --data-urlencode 'Body=deploy finished' -u {sid}:{secret}",
        "tool_call",
    )


@_form("twilio-api-key-secret-csharp")
def _twilio_csharp(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    text = f'// Program.cs\nTwilioClient.Init(\n    "SK{_hex(rng, 32)}",\n    "{secret}",\n    "AC{_hex(rng, 32)}");\nvar call = await CallResource.CreateAsync(to: new PhoneNumber(onCall), from: new PhoneNumber("+18885550123"), url: new Uri(twimlUrl));'
    return secret, text, "user"


@_form("sendgrid-api-key-node")
def _sendgrid(rng: random.Random) -> tuple[str, str, Role]:
    secret = "SG." + _s(rng, B64URL, 22) + "." + _s(rng, B64URL, 43)
    return (
        secret,
        f"const sgMail = require('@sendgrid/mail');\nsgMail.setApiKey('{secret}');\nawait sgMail.send({{ to: user.email, from: 'no-reply@shop.example', templateId: 'd-{_hex(rng, 32)}' }});",
        "user",
    )


@_form("mailgun-api-key-curl-user")
def _mailgun(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32) + "-" + _hex(rng, 8) + "-" + _hex(rng, 8)
    return (
        secret,
        f"curl -s --user 'api:{secret}' https://api.eu.mailgun.net/v3/mg.{_svc(rng)}.example/messages -F from='Ops <ops@mg.example>' -F to=oncall@example.org -F subject='Backup done' -F text='ok'",
        "tool_call",
    )


@_form("shopify-admin-token-ruby")
def _shopify(rng: random.Random) -> tuple[str, str, Role]:
    secret = "shpat_" + _hex(rng, 32)
    text = f'session = ShopifyAPI::Auth::Session.new(\n  shop: "{_svc(rng)}-store.myshopify.com",\n  access_token: "{secret}"\n)\nclient = ShopifyAPI::Clients::Graphql::Admin.new(session: session)'
    return secret, text, "user"


@_form("shopify-shared-secret-http-dump")
def _shopify_http(rng: random.Random) -> tuple[str, str, Role]:
    secret = "shpss_" + _hex(rng, 32)
    text = f'POST /admin/oauth/access_token HTTP/1.1\nHost: {_svc(rng)}-store.myshopify.com\nContent-Type: application/json\n\n{{"client_id":"{_hex(rng, 32)}","client_secret":"{secret}","code":"{_hex(rng, 32)}"}}'
    return secret, text, "tool"


@_form("okta-ssws-token-curl")
def _okta(rng: random.Random) -> tuple[str, str, Role]:
    secret = "00" + _s(rng, B64URL, 40)
    return (
        secret,
        f"curl -s -H 'Accept: application/json' -H 'Authorization: SSWS {secret}' 'https://{_svc(rng)}.okta.com/api/v1/users?search=profile.department+eq+\"Engineering\"'",
        "tool_call",
    )


@_form("auth0-deploy-cli-config")
def _auth0(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 64)
    doc = {
        "AUTH0_DOMAIN": f"{_svc(rng)}-prod.eu.auth0.com",
        "AUTH0_CLIENT_ID": _s(rng, ALNUM, 32),
        "AUTH0_CLIENT_SECRET": secret,
        "AUTH0_ALLOW_DELETE": False,
        "AUTH0_KEYWORD_REPLACE_MAPPINGS": {"ENV": "prod"},
    }
    return secret, f"$ cat config.json\n{json.dumps(doc, indent=2)}", "tool"


@_form("datadog-agent-yaml")
def _datadog(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    return (
        secret,
        f"## /etc/datadog-agent/datadog.yaml\napi_key: {secret}\nsite: datadoghq.eu\nhostname: {_host(rng)}\nlogs_enabled: true\napm_config:\n  enabled: true\n",
        "tool",
    )


@_form("datadog-app-key-docker-run-e")
def _datadog_docker(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 40)
    return (
        secret,
        f'docker run -d --name dd-synthetics -e DD_API_KEY="$DD_API_KEY" -e DD_APP_KEY={secret} -e DD_SITE=datadoghq.com datadog/synthetics-private-location-worker:1.52.0',
        "tool_call",
    )


@_form("newrelic-license-key-ini")
def _newrelic(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 36) + "NRAL"
    return (
        secret,
        f"[newrelic]\nlicense_key = {secret}\napp_name = {_svc(rng)} (production)\nmonitor_mode = true\nlog_level = info\ndistributed_tracing.enabled = true\n",
        "tool",
    )


@_form("newrelic-user-key-graphql")
def _newrelic_user(rng: random.Random) -> tuple[str, str, Role]:
    secret = "NRAK-" + _s(rng, UPPER_ALNUM, 27)
    return (
        secret,
        f"curl https://api.eu.newrelic.com/graphql -H 'Content-Type: application/json' -H 'API-Key: {secret}' -d '{{\"query\":\"{{ actor {{ user {{ name }} }} }}\"}}'",
        "tool_call",
    )


@_form("pagerduty-rest-token-python")
def _pagerduty(rng: random.Random) -> tuple[str, str, Role]:
    secret = "u+" + _s(rng, B64URL, 18)
    text = f'HEADERS = {{\n    "Authorization": "Token token={secret}",\n    "Accept": "application/vnd.pagerduty+json;version=2",\n}}\nresp = requests.get("https://api.pagerduty.com/oncalls", headers=HEADERS, timeout=10)'
    return secret, text, "user"


@_form("pagerduty-events-routing-key")
def _pagerduty_events(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    doc = {
        "routing_key": secret,
        "event_action": "trigger",
        "payload": {
            "summary": f"disk full on {_host(rng)}",
            "severity": "critical",
            "source": "prometheus",
        },
    }
    return secret, f"alertmanager webhook payload sent:\n{json.dumps(doc)}", "tool"


@_form("slack-app-level-token-dotenv")
def _slack_xapp(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"xapp-1-A{_s(rng, UPPER_ALNUM, 10)}-{rng.randint(10**12, 10**13 - 1)}-{_hex(rng, 64)}"
    return (
        secret,
        f"# .env for the socket-mode bot\nSLACK_BOT_TOKEN=\"${{SLACK_BOT_TOKEN}}\"\nSLACK_APP_TOKEN='{secret}'\nSLACK_SIGNING_SECRET=\n",
        "tool",
    )


@_form("slack-bot-token-traceback-locals")
def _slack_xoxb(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"xoxb-{rng.randint(10**11, 10**12 - 1)}-{rng.randint(10**12, 10**13 - 1)}-{_s(rng, ALNUM, 24)}"
    text = f"Traceback (most recent call last):\n  File \"/app/notify.py\", line 41, in post_alert\n    client.chat_postMessage(channel=channel, text=text)\nslack_sdk.errors.SlackApiError: The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage)\nThe server responded with: {{'ok': False, 'error': 'channel_not_found'}}\n\nLocals at frame post_alert:\n    channel = '#ops-alerts'\n    token = '{secret}'\n    text = 'disk usage 97%'"
    return secret, text, "tool"


@_form("github-fine-grained-pat-git-remote")
def _github_pat_remote(rng: random.Random) -> tuple[str, str, Role]:
    secret = "github_pat_11" + _s(rng, UPPER_ALNUM, 20) + "_" + _s(rng, ALNUM, 59)
    org = f"{_svc(rng)}-org"
    user = _name(rng)
    return (
        secret,
        f"$ git remote -v\norigin\thttps://{user}:{secret}@github.com/{org}/platform.git (fetch)\norigin\thttps://{user}:{secret}@github.com/{org}/platform.git (push)",
        "tool",
    )


@_form("github-oauth-token-gh-auth-status")
def _github_gho(rng: random.Random) -> tuple[str, str, Role]:
    secret = "gho_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f"$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account {_name(rng).replace('.', '-')} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: {secret}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
        "tool",
    )


@_form("github-app-installation-token-json")
def _github_ghs(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ghs_" + _s(rng, ALNUM, 36)
    doc = {
        "token": secret,
        "expires_at": _iso(rng),
        "permissions": {"contents": "write", "metadata": "read", "pull_requests": "write"},
        "repository_selection": "selected",
    }
    return (
        secret,
        f"POST /app/installations/{rng.randint(10**7, 10**8)}/access_tokens -> 201\n{json.dumps(doc, indent=2)}",
        "tool",
    )


@_form("npm-token-config-set")
def _npm(rng: random.Random) -> tuple[str, str, Role]:
    secret = "npm_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f"npm config set //registry.npmjs.org/:_authToken={secret} && npm publish --access public",
        "tool_call",
    )


@_form("npm-token-yarnrc-yml")
def _yarnrc(rng: random.Random) -> tuple[str, str, Role]:
    secret = "npm_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f'# .yarnrc.yml\nnodeLinker: node-modules\nnpmScopes:\n  {_svc(rng)}:\n    npmRegistryServer: "https://registry.npmjs.org"\n    npmAlwaysAuth: true\n    npmAuthToken: "{secret}"\nyarnPath: .yarn/releases/yarn-4.5.3.cjs\n',
        "tool",
    )


@_form("pypi-token-twine-upload")
def _pypi(rng: random.Random) -> tuple[str, str, Role]:
    secret = "pypi-AgEIcHlwaS5vcmcCJ" + _s(rng, B64URL, 160)
    return (
        secret,
        f"python -m twine upload --non-interactive -u __token__ -p {secret} dist/*",
        "tool_call",
    )


@_form("huggingface-token-notebook")
def _hf(rng: random.Random) -> tuple[str, str, Role]:
    secret = "hf_" + _s(rng, string.ascii_letters, 34)
    return (
        secret,
        f'In [3]: from huggingface_hub import login\n   ...: login(token="{secret}", add_to_git_credential=True)\nToken is valid (permission: write).\nYour token has been saved in your configured git credential helpers (store).\nLogin successful',
        "tool",
    )


@_form("openai-project-key-jupyter-environ")
def _openai(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sk-proj-" + _s(rng, B64URL, 74) + "T3BlbkFJ" + _s(rng, B64URL, 74)
    text = f"In [7]: import os; os.environ\nOut[7]: environ({{'PATH': '/opt/conda/bin:/usr/local/bin:/usr/bin', 'HOME': '/home/jovyan', 'JUPYTER_SERVER_ROOT': '/home/jovyan', 'OPENAI_API_KEY': '{secret}', 'WANDB_PROJECT': 'ft-eval', 'LANG': 'C.UTF-8'}})"
    return secret, text, "tool"


@_form("anthropic-key-typescript")
def _anthropic(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sk-ant-api03-" + _s(rng, B64URL, 93) + "AA"
    return (
        secret,
        f"import Anthropic from '@anthropic-ai/sdk';\n\nconst client = new Anthropic({{\n  apiKey: '{secret}', // TODO move to env before merging\n}});",
        "user",
    )


@_form("google-api-key-url-query")
def _google_key(rng: random.Random) -> tuple[str, str, Role]:
    secret = "AIza" + _s(rng, B64URL, 35)
    return (
        secret,
        f"curl \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key={secret}\" -H 'Content-Type: application/json' -d @prompt.json",
        "tool_call",
    )


@_form("digitalocean-doctl-auth-init")
def _digitalocean(rng: random.Random) -> tuple[str, str, Role]:
    secret = "dop_v1_" + _hex(rng, 64)
    return (
        secret,
        f"doctl auth init --context prod -t {secret} && doctl kubernetes cluster kubeconfig save prod-fra1",
        "tool_call",
    )


@_form("linear-api-key-graphql")
def _linear(rng: random.Random) -> tuple[str, str, Role]:
    secret = "lin_api_" + _s(rng, ALNUM, 40)
    return (
        secret,
        f'curl -X POST https://api.linear.app/graphql -H "Content-Type: application/json" -H "Authorization: {secret}" --data \'{{ "query": "{{ issues(first: 5) {{ nodes {{ identifier title }} }} }}" }}\'',
        "tool_call",
    )


@_form("notion-integration-token-js")
def _notion(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ntn_" + str(rng.randint(10**10, 10**11 - 1)) + _s(rng, ALNUM, 35)
    return (
        secret,
        _reply(
            rng,
            f"const {{ Client }} = require('@notionhq/client');\nconst notion = new Client({{ auth: \"{secret}\" }});\nconst db = await notion.databases.query({{ database_id: '{_hex(rng, 32)}' }});",
        ),
        "assistant",
    )


@_form("atlassian-api-token-curl-basic")
def _atlassian(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ATATT3xFfGF0" + _s(rng, B64URL, 170) + "=" + _s(rng, UPPER_HEX, 8)
    return (
        secret,
        f"curl -s -u {_name(rng)}@{_svc(rng)}.example:{secret} -H 'Accept: application/json' 'https://{_svc(rng)}.atlassian.net/rest/api/3/search?jql=project=OPS'",
        "tool_call",
    )


@_form("discord-bot-token-python")
def _discord(rng: random.Random) -> tuple[str, str, Role]:
    user_id = str(rng.randint(10**17, 10**19 - 1))
    secret = (
        base64.b64encode(user_id.encode()).decode().rstrip("=")
        + "."
        + _s(rng, B64URL, 6)
        + "."
        + _s(rng, B64URL, 38)
    )
    return (
        secret,
        f"intents = discord.Intents.default()\nintents.message_content = True\nbot = commands.Bot(command_prefix='!', intents=intents)\n\nbot.run('{secret}')",
        "user",
    )


@_form("telegram-bot-token-url-path")
def _telegram(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"{rng.randint(10**9, 8 * 10**9)}:AA{_s(rng, B64URL, 33)}"
    return (
        secret,
        f"requests.exceptions.HTTPError: 400 Client Error: Bad Request for url: https://api.telegram.org/bot{secret}/sendMessage?chat_id=-100{rng.randint(10**9, 10**10)}&text=backup+ok",
        "tool",
    )


@_form("terraform-cloud-credentials-tfrc")
def _tfc(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 14) + ".atlasv1." + _s(rng, ALNUM, 67)
    doc = {"credentials": {"app.terraform.io": {"token": secret}}}
    return (
        secret,
        f"$ cat ~/.terraform.d/credentials.tfrc.json\n{json.dumps(doc, indent=2)}",
        "tool",
    )


@_form("pulumi-token-windows-set")
def _pulumi(rng: random.Random) -> tuple[str, str, Role]:
    secret = "pul-" + _hex(rng, 40)
    return (
        secret,
        f"C:\\Users\\build\\infra> set PULUMI_ACCESS_TOKEN={secret}\nC:\\Users\\build\\infra> pulumi stack select prod\nC:\\Users\\build\\infra> pulumi up --yes",
        "tool",
    )


@_form("netlify-token-powershell-env")
def _netlify(rng: random.Random) -> tuple[str, str, Role]:
    secret = "nfp_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f'$env:NETLIFY_AUTH_TOKEN = "{secret}"; $env:NETLIFY_SITE_ID = "{_uuid(rng)}"; npx netlify deploy --prod --dir dist',
        "tool_call",
    )


@_form("supabase-service-role-jwt-env-local")
def _supabase(rng: random.Random) -> tuple[str, str, Role]:
    ref = _s(rng, LOWER, 20)
    iat = _epoch(rng)
    secret = _jwt(
        rng,
        {"iss": "supabase", "ref": ref, "role": "service_role", "iat": iat, "exp": iat + 315360000},
    )
    return (
        secret,
        f"# .env.local\nNEXT_PUBLIC_SUPABASE_URL=https://{ref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={secret}\n",
        "tool",
    )


@_form("databricks-cfg-token")
def _databricks(rng: random.Random) -> tuple[str, str, Role]:
    secret = "dapi" + _hex(rng, 32)
    return (
        secret,
        f"[DEFAULT]\nhost  = https://adb-{rng.randint(10**15, 10**16 - 1)}.{rng.randint(1, 19)}.azuredatabricks.net\ntoken = {secret}\n\n[staging]\nhost  = https://dbc-{_hex(rng, 8)}-{_hex(rng, 4)}.cloud.databricks.com\n",
        "tool",
    )


@_form("grafana-service-account-token")
def _grafana(rng: random.Random) -> tuple[str, str, Role]:
    secret = "glsa_" + _s(rng, ALNUM, 32) + "_" + _hex(rng, 8)
    return (
        secret,
        f'curl -s -H "Authorization: Bearer {secret}" https://grafana.{_svc(rng)}.example/api/dashboards/uid/{_s(rng, ALNUM, 9)} | jq .dashboard.title',
        "tool_call",
    )


@_form("postman-environment-export-secret")
def _postman(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    doc = {
        "id": _uuid(rng),
        "name": "staging",
        "values": [
            {
                "key": "baseUrl",
                "value": f"https://staging-api.{_svc(rng)}.example",
                "type": "default",
                "enabled": True,
            },
            {"key": "adminPassword", "value": secret, "type": "secret", "enabled": True},
            {
                "key": "apiKey",
                "value": "PMAK-" + _hex(rng, 24) + "-" + _hex(rng, 34),
                "type": "secret",
                "enabled": True,
            },
        ],
        "_postman_variable_scope": "environment",
        "_postman_exported_using": "Postman/11.22.1",
    }
    return secret, json.dumps(doc, indent=2), "user"


@_form("mapbox-secret-token")
def _mapbox(rng: random.Random) -> tuple[str, str, Role]:
    secret = (
        "sk."
        + _b64url_json({"u": _name(rng).replace(".", ""), "a": _s(rng, LOWER_ALNUM, 25)})
        + "."
        + _s(rng, B64URL, 22)
    )
    return (
        secret,
        f"MAPBOX_DOWNLOADS_TOKEN={secret}  # needed by the iOS pod install, scope DOWNLOADS:READ",
        "tool",
    )


@_form("square-access-token-and-oauth-secret")
def _square(rng: random.Random) -> tuple[str, str, Role]:
    secret = "EAAA" + _s(rng, B64URL, 60)
    return (
        secret,
        f"SQUARE_ENVIRONMENT=production\nSQUARE_ACCESS_TOKEN={secret}\nSQUARE_LOCATION_ID=L{_s(rng, UPPER_ALNUM, 12)}\n",
        "tool",
    )


@_form("braintree-access-token")
def _braintree(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"access_token$production${_s(rng, LOWER_ALNUM, 16)}${_hex(rng, 32)}"
    return (
        secret,
        _reply(rng, f'gateway = braintree.BraintreeGateway(access_token="{secret}")'),
        "assistant",
    )


@_form("cloudflare-global-key-curl-verbose")
def _cloudflare(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 37)
    text = f"*   Trying 104.16.132.229:443...\n* Connected to api.cloudflare.com (104.16.132.229) port 443\n> GET /client/v4/zones?name={_svc(rng)}.example HTTP/2\n> Host: api.cloudflare.com\n> User-Agent: curl/8.5.0\n> X-Auth-Email: {_name(rng)}@{_svc(rng)}.example\n> X-Auth-Key: {secret}\n> Accept: */*\n>\n< HTTP/2 200\n< content-type: application/json"
    return secret, text, "tool"


@_form("age-identity-keys-txt")
def _age(rng: random.Random) -> tuple[str, str, Role]:
    secret = "AGE-SECRET-KEY-1" + _s(rng, BECH32, 58).upper()
    return (
        secret,
        f"$ cat ~/.config/sops/age/keys.txt\n# created: {_iso(rng)}\n# public key: age1{_s(rng, BECH32, 58)}\n{secret}",
        "tool",
    )


@_form("tailscale-auth-key")
def _tailscale(rng: random.Random) -> tuple[str, str, Role]:
    secret = "tskey-auth-k" + _s(rng, ALNUM, 16) + "-" + _s(rng, ALNUM, 33)
    return (
        secret,
        f"sudo tailscale up --authkey={secret} --advertise-tags=tag:ci --hostname=runner-{rng.randint(1, 40)}",
        "tool_call",
    )


@_form("onepassword-service-account-token")
def _op(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ops_" + _b64url_json(
        {
            "signInAddress": "my.1password.com",
            "userAuth": {
                "method": "SRPg-4096",
                "alg": "PBES2g-HS256",
                "iterations": 650000,
                "salt": _b64url(rng, 16),
            },
            "email": f"{_s(rng, LOWER_ALNUM, 13)}@1passwordserviceaccounts.com",
            "srpX": _hex(rng, 64),
            "muk": {
                "alg": "A256GCM",
                "ext": True,
                "k": _b64url(rng, 32),
                "key_ops": ["encrypt", "decrypt"],
                "kty": "oct",
                "kid": "mp",
            },
        }
    )
    return (
        secret,
        f'export OP_SERVICE_ACCOUNT_TOKEN={secret}\nop read "op://Prod/postgres/password"',
        "tool_call",
    )


@_form("dropbox-short-lived-token")
def _dropbox(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sl.B" + _s(rng, B64URL, 134)
    return (
        secret,
        f"dbx = dropbox.Dropbox(\"{secret}\")\ndbx.files_upload(data, '/backups/' + name, mode=dropbox.files.WriteMode.overwrite)",
        "user",
    )


@_form("airtable-personal-access-token")
def _airtable(rng: random.Random) -> tuple[str, str, Role]:
    secret = "pat" + _s(rng, ALNUM, 14) + "." + _hex(rng, 64)
    return (
        secret,
        f'curl "https://api.airtable.com/v0/app{_s(rng, ALNUM, 14)}/Leads?maxRecords=3" -H "Authorization: Bearer {secret}"',
        "tool_call",
    )


@_form("dockerhub-pat-password-stdin")
def _dockerhub(rng: random.Random) -> tuple[str, str, Role]:
    secret = "dckr_pat_" + _s(rng, B64URL, 27)
    return (
        secret,
        f"echo {secret} | docker login -u {_name(rng).replace('.', '')} --password-stdin",
        "tool_call",
    )


@_form("artifactory-api-key-gradle-properties")
def _artifactory(rng: random.Random) -> tuple[str, str, Role]:
    secret = "AKCp8" + _s(rng, ALNUM, 68)
    return (
        secret,
        f"# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nartifactory_user={_name(rng)}\nartifactory_password={secret}\nartifactory_contextUrl=https://{_svc(rng)}.jfrog.io/artifactory\n",
        "tool",
    )


@_form("doppler-service-token")
def _doppler(rng: random.Random) -> tuple[str, str, Role]:
    secret = "dp.st.prd." + _s(rng, ALNUM, 43)
    return (
        secret,
        f"docker run --rm -e DOPPLER_TOKEN='{secret}' {_svc(rng)}:latest doppler run -- ./server",
        "tool_call",
    )


@_form("sonarqube-token-workflow-yaml")
def _sonar(rng: random.Random) -> tuple[str, str, Role]:
    secret = "squ_" + _hex(rng, 40)
    return (
        secret,
        f"      - name: SonarQube Scan\n        uses: sonarsource/sonarqube-scan-action@v3\n        env:\n          SONAR_TOKEN: {secret}\n          SONAR_HOST_URL: https://sonar.{_svc(rng)}.example\n",
        "tool",
    )


@_form("crates-io-credentials-toml")
def _cargo(rng: random.Random) -> tuple[str, str, Role]:
    secret = "cio" + _s(rng, ALNUM, 32)
    return secret, f'$ cat ~/.cargo/credentials.toml\n[registry]\ntoken = "{secret}"', "tool"


@_form("nuget-push-api-key")
def _nuget(rng: random.Random) -> tuple[str, str, Role]:
    secret = "oy2" + _s(rng, LOWER_ALNUM, 43)
    return (
        secret,
        f"dotnet nuget push bin/Release/{_svc(rng).capitalize()}.Client.3.1.0.nupkg --api-key {secret} --source https://api.nuget.org/v3/index.json",
        "tool_call",
    )


@_form("rubygems-credentials")
def _rubygems(rng: random.Random) -> tuple[str, str, Role]:
    secret = "rubygems_" + _hex(rng, 48)
    return secret, f"---\n:rubygems_api_key: {secret}\n", "tool"


@_form("azure-devops-pat-requirements-index")
def _ado(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, LOWER + "234567", 52)
    return (
        secret,
        f"# requirements.txt\n--extra-index-url https://build:{secret}@pkgs.dev.azure.com/{_svc(rng)}-org/_packaging/internal/pypi/simple/\n{_svc(rng)}-sdk==4.2.0\nrequests>=2.32\n",
        "tool",
    )


@_form("bitbucket-app-password-git-clone")
def _bitbucket(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ATBB" + _s(rng, ALNUM, 28) + _s(rng, UPPER_HEX, 8)
    return (
        secret,
        f"git clone https://{_name(rng).replace('.', '_')}:{secret}@bitbucket.org/{_svc(rng)}-team/{_svc(rng)}-service.git",
        "tool_call",
    )


@_form("backblaze-b2-authorize")
def _b2(rng: random.Random) -> tuple[str, str, Role]:
    secret = "K005" + _s(rng, ALNUM + "/+", 27)
    return secret, f"b2 account authorize 005{_hex(rng, 22)} {secret}", "tool_call"


@_form("cloudinary-url")
def _cloudinary(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 27)
    return (
        secret,
        f"CLOUDINARY_URL=cloudinary://{rng.randint(10**14, 10**15 - 1)}:{secret}@{_svc(rng)}-media",
        "tool",
    )


@_form("wandb-netrc-via-login")
def _wandb(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 40)
    return (
        secret,
        f"!wandb login {secret} --relogin\nwandb: Appending key for api.wandb.ai to your netrc file: /root/.netrc",
        "tool",
    )


@_form("firebase-ci-token")
def _firebase_ci(rng: random.Random) -> tuple[str, str, Role]:
    secret = "1//0" + _s(rng, ALNUM, 2) + _s(rng, B64URL, 99)
    return (
        secret,
        f'$ firebase login:ci --no-localhost\n\n✔  Success! Use this token to login on a CI server:\n\n{secret}\n\nExample: firebase deploy --token "$FIREBASE_TOKEN"',
        "tool",
    )


@_form("fcm-legacy-server-key-header")
def _fcm(rng: random.Random) -> tuple[str, str, Role]:
    secret = "AAAA" + _s(rng, B64URL, 7) + ":APA91b" + _s(rng, B64URL, 134)
    return (
        secret,
        f'curl -X POST https://fcm.googleapis.com/fcm/send -H \'Authorization: key={secret}\' -H \'Content-Type: application/json\' -d \'{{"to":"/topics/news","notification":{{"title":"Hi"}}}}\'',
        "tool_call",
    )


@_form("sentry-dsn-django-settings")
def _sentry_dsn(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    return (
        secret,
        _reply(
            rng,
            f'sentry_sdk.init(\n    dsn="https://{secret}@o{rng.randint(100000, 999999)}.ingest.us.sentry.io/{rng.randint(10**15, 10**16 - 1)}",\n    traces_sample_rate=0.2,\n    send_default_pii=False,\n)',
        ),
        "assistant",
    )


@_form("sentry-org-auth-token")
def _sentry_token(rng: random.Random) -> tuple[str, str, Role]:
    secret = (
        "sntrys_"
        + _b64url_json(
            {
                "iat": _epoch(rng),
                "url": "https://sentry.io",
                "region_url": "https://us.sentry.io",
                "org": _svc(rng),
            }
        )
        + "_"
        + _s(rng, B64URL, 43)
    )
    return (
        secret,
        f"sentry-cli --auth-token {secret} releases files {_hex(rng, 12)} upload-sourcemaps ./dist",
        "tool_call",
    )


@_form("algolia-admin-key-js")
def _algolia(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    return (
        secret,
        f"// scripts/reindex.mjs\nconst client = algoliasearch('{_s(rng, UPPER_ALNUM, 10)}', '{secret}'); // admin key, server side only\nawait client.replaceAllObjects({{ indexName: 'products', objects }});",
        "user",
    )


@_form("mailchimp-key-php")
def _mailchimp(rng: random.Random) -> tuple[str, str, Role]:
    datacenter = f"us{rng.randint(1, 21)}"
    secret = _hex(rng, 32) + "-" + datacenter
    return (
        secret,
        f"<?php\n$client = new \\MailchimpMarketing\\ApiClient();\n$client->setConfig([\n    'apiKey' => '{secret}',\n    'server' => '{datacenter}',\n]);",
        "user",
    )


# --- databases, brokers, mail, file transfer, directories -----------------------------------


@_form("jdbc-sqlserver-application-properties")
def _jdbc_mssql(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "!*-_")
    return (
        secret,
        f"spring.datasource.url=jdbc:sqlserver://{_host(rng)}:1433;databaseName={_svc(rng)};user=svc_{_svc(rng)};password={secret};encrypt=true;trustServerCertificate=false\nspring.jpa.hibernate.ddl-auto=validate\n",
        "tool",
    )


@_form("jdbc-oracle-thin-user-slash-password")
def _jdbc_oracle(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "_")
    return (
        secret,
        f"Caused by: java.sql.SQLRecoverableException: IO Error: The Network Adapter could not establish the connection (CONNECTION_ID={_b64(rng, 16)})\n\tat oracle.jdbc.driver.T4CConnection.logon(T4CConnection.java:892)\n\turl = jdbc:oracle:thin:APPUSER/{secret}@//{_host(rng)}:1521/ORCLPDB1",
        "tool",
    )


@_form("jdbc-snowflake-password-query")
def _jdbc_snowflake(rng: random.Random) -> tuple[str, str, Role]:
    # The password rides URL-encoded in the query string; the encoded form is what leaks.
    secret = quote(_human_pw(rng), safe="")
    return (
        secret,
        f'dbt_url = "jdbc:snowflake://{_s(rng, LOWER, 7)}-{_s(rng, LOWER, 7)}.snowflakecomputing.com/?warehouse=TRANSFORM_WH&db=ANALYTICS&role=TRANSFORMER&user=DBT_PROD&password={secret}"',
        "user",
    )


@_form("odbc-connection-string-pwd-braces")
def _odbc(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "!%*+-=^_.~;")
    return (
        secret,
        f'conn = pyodbc.connect("Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:{_svc(rng)}-sql.database.windows.net,1433;Database={_svc(rng)};Uid=sqladmin;Pwd={{{secret}}};Encrypt=yes;TrustServerCertificate=no;Connection Timeout=30;")',
        "user",
    )


@_form("csharp-appsettings-connection-string")
def _csharp_conn(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!#_")
    doc = {
        "ConnectionStrings": {
            "Default": f"Server={_host(rng)};Database={_svc(rng)};User Id=sa;Password={secret};TrustServerCertificate=True;MultipleActiveResultSets=true"
        },
        "Logging": {"LogLevel": {"Default": "Information"}},
    }
    return secret, f"appsettings.Production.json\n{json.dumps(doc, indent=2)}", "tool"


@_form("libpq-keyword-connstring-psql")
def _libpq(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    return (
        secret,
        f"psql \"host={_host(rng)} port=5432 dbname={_svc(rng)} user=readonly password={secret} sslmode=verify-full\" -c '\\dt'",
        "tool_call",
    )


@_form("go-mysql-dsn-literal")
def _go_dsn(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!*-_")
    return (
        secret,
        _reply(
            rng,
            f'func openDB() (*sql.DB, error) {{\n\tdsn := "{_svc(rng)}:{secret}@tcp({_host(rng)}:3306)/{_svc(rng)}?parseTime=true&tls=preferred"\n\treturn sql.Open("mysql", dsn)\n}}',
        ),
        "assistant",
    )


@_form("mongodb-srv-uri-node")
def _mongo_srv(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    return (
        secret,
        _reply(
            rng,
            f"await mongoose.connect('mongodb+srv://{_svc(rng)}-app:{secret}@cluster0.{_s(rng, LOWER_ALNUM, 5)}.mongodb.net/{_svc(rng)}?retryWrites=true&w=majority&appName=Cluster0');",
        ),
        "assistant",
    )


@_form("postgres-uri-url-encoded-password")
def _pg_urlenc(rng: random.Random) -> tuple[str, str, Role]:
    raw = (
        _pick(rng, _WORDS)
        + _pick(rng, ("@", "/", "#", "?", ":"))
        + str(rng.randint(100, 9999))
        + _pick(rng, ("@", "%", "&", "/"))
    )
    secret = quote(raw, safe="")
    return (
        secret,
        f"DATABASE_URL=postgresql+psycopg://{_svc(rng)}:{secret}@{_host(rng)}:5432/{_svc(rng)}",
        "tool",
    )


@_form("sql-alter-user-password")
def _sql_alter(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "!*_")
    db = _svc(rng)
    return (
        secret,
        f"{db}=# ALTER ROLE reporting WITH LOGIN PASSWORD '{secret}' VALID UNTIL '2027-06-30';\nALTER ROLE\n{db}=# GRANT pg_read_all_data TO reporting;\nGRANT ROLE",
        "tool",
    )


@_form("mysql-create-user-identified-by")
def _mysql_create(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!_")
    return (
        secret,
        f"mysql> CREATE USER 'grafana'@'10.%' IDENTIFIED BY '{secret}';\nQuery OK, 0 rows affected (0.02 sec)",
        "tool",
    )


@_form("sqlcmd-password-flag")
def _sqlcmd(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!#")
    db = _svc(rng)
    return (
        secret,
        f'/opt/mssql-tools18/bin/sqlcmd -S localhost -U SA -P "{secret}" -C -Q "RESTORE DATABASE [{db}] FROM DISK = N\'/var/opt/mssql/backup/{db}.bak\' WITH REPLACE"',
        "tool_call",
    )


@_form("kafka-client-properties-sasl-plain")
def _kafka_plain(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "+/", 64)
    return (
        secret,
        f'bootstrap.servers=pkc-{_s(rng, LOWER_ALNUM, 5)}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{_s(rng, UPPER_ALNUM, 16)}" password="{secret}";\nclient.dns.lookup=use_all_dns_ips\n',
        "tool",
    )


@_form("kafka-server-jaas-scram")
def _kafka_scram(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 22, "")
    return (
        secret,
        f'$ cat /etc/kafka/kafka_server_jaas.conf\nKafkaServer {{\n    org.apache.kafka.common.security.scram.ScramLoginModule required\n    username="broker"\n    password="{secret}";\n}};',
        "tool",
    )


@_form("elastic-apikey-header")
def _elastic_apikey(rng: random.Random) -> tuple[str, str, Role]:
    secret = base64.b64encode(f"{_s(rng, B64URL, 20)}:{_s(rng, B64URL, 22)}".encode()).decode()
    return (
        secret,
        f'curl -s -H "Authorization: ApiKey {secret}" "https://{_svc(rng)}.es.eu-west-1.aws.elastic-cloud.com/logs-*/_search?size=5"',
        "tool_call",
    )


@_form("elasticsearch-reset-password-output")
def _elastic_reset(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "*_=+-", 20)
    return (
        secret,
        f"$ bin/elasticsearch-reset-password -u elastic -b\nPassword for the [elastic] user successfully reset.\nNew value: {secret}",
        "tool",
    )


@_form("rabbitmqctl-add-user")
def _rabbit(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    user = f"svc_{_svc(rng)}"
    return (
        secret,
        f"rabbitmqctl add_user {user} '{secret}' && rabbitmqctl set_permissions -p / {user} '.*' '.*' '.*'",
        "tool_call",
    )


@_form("redis-cli-auth-session")
def _redis_auth(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    host = _host(rng)
    return (
        secret,
        f"$ redis-cli -h {host} -p 6380 --tls\n{host}:6380> AUTH default {secret}\nOK\n{host}:6380> INFO keyspace\n# Keyspace\ndb0:keys={rng.randint(1000, 99999)},expires=412,avg_ttl=0",
        "tool",
    )


@_form("postfix-sasl-passwd-gmail-app-password")
def _postfix(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, LOWER, 16)
    return (
        secret,
        f"# /etc/postfix/sasl_passwd\n[smtp.gmail.com]:587 alerts.{_svc(rng)}@gmail.com:{secret}\n",
        "tool",
    )


@_form("gmail-app-password-spaced-chat")
def _gmail_spaced(rng: random.Random) -> tuple[str, str, Role]:
    groups = [_s(rng, LOWER, 4) for _ in range(4)]
    secret = " ".join(groups)
    return (
        secret,
        f"google gave me this app password for the SMTP relay: {secret} — can you put it in the EMAIL_HOST_PASSWORD setting?",
        "user",
    )


@_form("django-email-settings")
def _django_email(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    return (
        secret,
        _reply(
            rng,
            f'EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"\nEMAIL_HOST = "smtp.eu.mailgun.org"\nEMAIL_PORT = 587\nEMAIL_HOST_USER = "postmaster@mg.{_svc(rng)}.example"\nEMAIL_HOST_PASSWORD = "{secret}"\nEMAIL_USE_TLS = True',
        ),
        "assistant",
    )


@_form("filezilla-sitemanager-base64-pass")
def _filezilla(rng: random.Random) -> tuple[str, str, Role]:
    secret = base64.b64encode(_human_pw(rng).encode()).decode()
    return (
        secret,
        f'<?xml version="1.0" encoding="UTF-8"?>\n<FileZilla3 version="3.67.0" platform="windows">\n  <Servers>\n    <Server>\n      <Host>ftp.{_svc(rng)}.example</Host>\n      <Port>21</Port>\n      <Protocol>0</Protocol>\n      <User>webmaster</User>\n      <Pass encoding="base64">{secret}</Pass>\n      <Name>prod web</Name>\n    </Server>\n  </Servers>\n</FileZilla3>',
        "user",
    )


@_form("lftp-sftp-user-comma-password")
def _lftp(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "!_")
    return (
        secret,
        f"lftp -u uploader,'{secret}' sftp://{_pubip(rng)} -e 'mirror -R ./export /incoming; bye'",
        "tool_call",
    )


@_form("sssd-ldap-bind-authtok")
def _sssd(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f"[domain/corp]\nid_provider = ldap\nauth_provider = ldap\nldap_uri = ldaps://ldap.corp.example\nldap_search_base = dc=corp,dc=example\nldap_default_bind_dn = cn=sssd-reader,ou=services,dc=corp,dc=example\nldap_default_authtok_type = password\nldap_default_authtok = {secret}\ncache_credentials = true\n",
        "tool",
    )


@_form("python-ldap3-bind")
def _ldap3(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!#_")
    domain = _svc(rng)
    return (
        secret,
        f"server = Server('ldaps://dc01.{domain}.local', get_info=ALL)\nconn = Connection(server, user='CN=svc_sync,OU=Service Accounts,DC={domain},DC=local', password='{secret}', auto_bind=True)",
        "user",
    )


@_form("snmpd-conf-community")
def _snmpd(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 14)
    return (
        secret,
        f'# /etc/snmp/snmpd.conf\nagentaddress udp:161\nrocommunity {secret} 10.20.0.0/16\nsyslocation "DC2 rack 14"\nsyscontact noc@{_svc(rng)}.example\n',
        "tool",
    )


@_form("snmpwalk-v3-auth-priv")
def _snmpwalk(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    return (
        secret,
        f"snmpwalk -v3 -l authPriv -u monitor -a SHA -A '{secret}' -x AES -X '{_pw(rng, 16, '')}' {_ip(rng)} 1.3.6.1.2.1.2.2.1.2",
        "tool_call",
    )


@_form("wpa-supplicant-psk")
def _wpa(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={{\n    ssid="{_pick(rng, _WORDS)}-5G"\n    psk="{secret}"\n    key_mgmt=WPA-PSK\n}}',
        "tool",
    )


@_form("nmcli-wifi-connect-password")
def _nmcli(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f'sudo nmcli dev wifi connect "Office-{rng.randint(1, 9)}F" password "{secret}" ifname wlan0',
        "tool_call",
    )


@_form("netsh-wlan-key-clear")
def _netsh(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f"Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : {secret}\n\nCost settings\n-------------\n    Cost                   : Unrestricted",
        "tool",
    )


@_form("ipsec-secrets-psk")
def _ipsec(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return secret, f'# /etc/ipsec.secrets\n{_pubip(rng)} {_pubip(rng)} : PSK "{secret}"\n', "tool"


@_form("openvpn-inline-tls-auth-key-line")
def _openvpn(rng: random.Random) -> tuple[str, str, Role]:
    lines = [_hex(rng, 32) for _ in range(16)]
    secret = lines[rng.randrange(2, 14)]
    body = "\n".join(lines)
    return (
        secret,
        f"client\ndev tun\nproto udp\nremote vpn.{_svc(rng)}.example 1194\nauth-user-pass\nremote-cert-tls server\nkey-direction 1\n<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n{body}\n-----END OpenVPN Static key V1-----\n</tls-auth>",
        "user",
    )


@_form("openconnect-passwd-on-stdin")
def _openconnect(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f"echo '{secret}' | sudo openconnect --protocol=gp vpn.{_svc(rng)}.example --user={_name(rng)} --passwd-on-stdin",
        "tool_call",
    )


@_form("minio-mc-alias-set")
def _minio(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "+/", 40)
    return (
        secret,
        f"mc alias set prod https://minio.{_svc(rng)}.example {_s(rng, UPPER_ALNUM, 20)} {secret} --api S3v4",
        "tool_call",
    )


@_form("s3cmd-s3cfg-spaces")
def _s3cfg(rng: random.Random) -> tuple[str, str, Role]:
    secret = _b64(rng, 32).rstrip("=")
    return (
        secret,
        f"[default]\naccess_key = DO00{_s(rng, UPPER_ALNUM, 16)}\nsecret_key = {secret}\nhost_base = fra1.digitaloceanspaces.com\nhost_bucket = %(bucket)s.fra1.digitaloceanspaces.com\nuse_https = True\n",
        "tool",
    )


# --- sessions, tokens in HTTP, OAuth --------------------------------------------------------


@_form("jwt-bearer-curl-verbose")
def _jwt_bearer(rng: random.Random) -> tuple[str, str, Role]:
    iat = _epoch(rng)
    secret = _jwt(
        rng,
        {
            "sub": str(rng.randint(1000, 999999)),
            "email": f"{_name(rng)}@{_svc(rng)}.example",
            "roles": ["admin"],
            "iat": iat,
            "exp": iat + 3600,
        },
        "RS256",
    )
    return (
        secret,
        f"> POST /api/v2/exports HTTP/1.1\n> Host: api.{_svc(rng)}.example\n> Authorization: Bearer {secret}\n> Content-Type: application/json\n> Content-Length: 48\n>\n< HTTP/1.1 403 Forbidden\n< x-request-id: {_uuid(rng)}",
        "tool",
    )


@_form("jwt-set-cookie-response")
def _jwt_cookie(rng: random.Random) -> tuple[str, str, Role]:
    iat = _epoch(rng)
    secret = _jwt(rng, {"uid": _uuid(rng), "sid": _hex(rng, 16), "iat": iat, "exp": iat + 86400})
    return (
        secret,
        f'HTTP/2 200\ncontent-type: application/json\nset-cookie: access_token={secret}; Path=/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax\nset-cookie: theme=dark; Path=/\n\n{{"ok":true}}',
        "tool",
    )


@_form("browser-copy-as-curl-session-cookies")
def _copy_as_curl(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, LOWER_ALNUM, 32)
    return (
        secret,
        f"curl 'https://admin.{_svc(rng)}.example/orders/export/?status=paid' \\\n  -H 'accept: text/csv' \\\n  -H 'cookie: csrftoken={_s(rng, ALNUM, 32)}; sessionid={secret}; django_language=de' \\\n  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'",
        "user",
    )


@_form("express-connect-sid-cookie-header")
def _connect_sid(rng: random.Random) -> tuple[str, str, Role]:
    secret = "s%3A" + _s(rng, B64URL, 32) + "." + quote(_b64(rng, 32).rstrip("="), safe="")
    return (
        secret,
        f"GET /dashboard HTTP/1.1\nHost: localhost:3000\nCookie: connect.sid={secret}\nAccept: text/html",
        "tool",
    )


@_form("rails-session-cookie-in-log")
def _rails_cookie(rng: random.Random) -> tuple[str, str, Role]:
    secret = (
        quote(_b64(rng, 120), safe="")
        + "--"
        + quote(_b64(rng, 12), safe="")
        + "--"
        + quote(_b64(rng, 16), safe="")
    )
    return (
        secret,
        f'Started GET "/admin/users" for {_pubip(rng)} at 2026-12-04 03:44:10 +0000\n  HTTP_COOKIE: _{_svc(rng)}_session={secret}\nProcessing by Admin::UsersController#index as HTML',
        "tool",
    )


@_form("microsoft-token-response-refresh-token")
def _ms_refresh(rng: random.Random) -> tuple[str, str, Role]:
    secret = "0.A" + _s(rng, B64URL, 120) + "." + _s(rng, B64URL, 600)
    doc = {
        "token_type": "Bearer",
        "scope": "https://graph.microsoft.com/Mail.Read offline_access",
        "expires_in": 4521,
        "ext_expires_in": 4521,
        "access_token": "eyJ0eXAiOiJKV1QiLCJub25jZSI6Ij" + _s(rng, B64URL, 300),
        "refresh_token": secret,
    }
    return secret, json.dumps(doc), "tool"


@_form("nginx-access-log-access-token-query")
def _access_log(rng: random.Random) -> tuple[str, str, Role]:
    secret = "EAA" + _s(rng, ALNUM, 180)
    return (
        secret,
        f'{_pubip(rng)} - - [04/Dec/2026:03:51:22 +0000] "GET /webhooks/fb/sync?access_token={secret}&fields=id,name HTTP/1.1" 200 512 "-" "facebookexternalua"',
        "tool",
    )


@_form("urllib3-debug-log-api-key-query")
def _urllib3_log(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return (
        secret,
        f'DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.openweathermap.org:443\nDEBUG:urllib3.connectionpool:https://api.openweathermap.org:443 "GET /data/3.0/onecall?lat=52.52&lon=13.40&appid={secret}&units=metric HTTP/1.1" 200 18211',
        "tool",
    )


@_form("har-post-data-login-form")
def _har_post(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    form = f"username={_name(rng)}&password={quote(secret, safe='')}&remember=1"
    secret = quote(secret, safe="")
    doc = {
        "request": {
            "method": "POST",
            "url": f"https://portal.{_svc(rng)}.example/login",
            "httpVersion": "HTTP/2",
            "headers": [{"name": "content-type", "value": "application/x-www-form-urlencoded"}],
            "postData": {"mimeType": "application/x-www-form-urlencoded", "text": form},
        },
        "response": {"status": 302},
    }
    return secret, json.dumps(doc, indent=1), "user"


@_form("postman-collection-bearer-auth")
def _postman_collection(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    doc = {
        "info": {
            "name": f"{_svc(rng)} API",
            "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
        },
        "auth": {"type": "bearer", "bearer": [{"key": "token", "value": secret, "type": "string"}]},
        "item": [
            {"name": "list orders", "request": {"method": "GET", "url": "{{baseUrl}}/orders"}}
        ],
    }
    return secret, json.dumps(doc, indent=2), "user"


@_form("basic-auth-header-curl-verbose")
def _basic_header(rng: random.Random) -> tuple[str, str, Role]:
    user = _name(rng)
    secret = base64.b64encode(f"{user}:{_human_pw(rng)}".encode()).decode()
    return (
        secret,
        f"* Server auth using Basic with user '{user}'\n> GET /service/rest/v1/repositories HTTP/1.1\n> Host: nexus.{_svc(rng)}.example\n> Authorization: Basic {secret}\n> User-Agent: curl/8.5.0\n>\n< HTTP/1.1 200 OK",
        "tool",
    )


# --- private keys and keystores -------------------------------------------------------------


def _ec_p256_der(rng: random.Random) -> bytes:
    """An RFC 5915 ECPrivateKey for P-256: the private scalar sits in the first base64 line."""
    return (
        bytes.fromhex("30770201010420")
        + rng.randbytes(32)
        + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
        + b"\x04"
        + rng.randbytes(64)
    )


@_form("ec-private-key-pem-first-line")
def _ec_key(rng: random.Random) -> tuple[str, str, Role]:
    body = base64.b64encode(_ec_p256_der(rng)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    secret = lines[0]
    return (
        secret,
        "$ cat certs/server.key\n-----BEGIN EC PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END EC PRIVATE KEY-----",
        "tool",
    )


@_form("app-store-connect-p8-key")
def _p8(rng: random.Random) -> tuple[str, str, Role]:
    der = (
        bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
        + rng.randbytes(32)
        + bytes.fromhex("a144034200")
        + b"\x04"
        + rng.randbytes(64)
    )
    body = base64.b64encode(der).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    secret = lines[1]
    key_id = _s(rng, UPPER_ALNUM, 10)
    text = (
        f"I'm trying to get fastlane to upload. AuthKey_{key_id}.p8 is:\n\n-----BEGIN PRIVATE KEY-----\n"
        + "\n".join(lines)
        + f"\n-----END PRIVATE KEY-----\n\nissuer id {_uuid(rng)}, key id {key_id}"
    )
    return secret, text, "user"


@_form("openssh-private-key-partial-paste")
def _ssh_partial(rng: random.Random) -> tuple[str, str, Role]:
    body = _b64(
        rng,
        360,
        b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519",
    )
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    secret = lines[3]
    return (
        secret,
        "the key got cut off when I copied it from the VM console, this is what I have, the middle part:\n"
        + "\n".join(lines[2:5])
        + "\ncan you tell if it is ed25519 or rsa?",
        "user",
    )


@_form("pgp-private-key-block-line")
def _pgp(rng: random.Random) -> tuple[str, str, Role]:
    body = _b64(rng, 900, b"\x95\x03\xc6\x04")
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    secret = _middle(lines)
    return (
        secret,
        "$ gpg --export-secret-keys --armor release@"
        + _svc(rng)
        + ".example\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + "\n".join(lines)
        + "\n="
        + _s(rng, B64, 4)
        + "\n-----END PGP PRIVATE KEY BLOCK-----",
        "tool",
    )


@_form("putty-ppk-private-lines")
def _ppk(rng: random.Random) -> tuple[str, str, Role]:
    secret = _b64(rng, 36)
    return (
        secret,
        f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: {_name(rng)}@laptop\nPublic-Lines: 2\n{_b64(rng, 51, bytes.fromhex('0000000b7373682d65643235353139'))[:64]}\n{_b64(rng, 12)}\nPrivate-Lines: 1\n{secret}\nPrivate-MAC: {_hex(rng, 64)}",
        "user",
    )


@_form("keystore-password-in-ps-output")
def _ps_keystore(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    return (
        secret,
        f"$ ps -eo pid,args | grep java\n 2214 /usr/lib/jvm/java-21-openjdk/bin/java -Xms2g -Xmx2g -Djavax.net.ssl.keyStore=/opt/app/keystore.p12 -Djavax.net.ssl.keyStorePassword={secret} -Djavax.net.ssl.keyStoreType=PKCS12 -jar /opt/app/{_svc(rng)}.jar\n 3120 grep --color=auto java",
        "tool",
    )


@_form("keytool-importkeystore-storepass")
def _keytool(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "")
    return (
        secret,
        f"keytool -importkeystore -srckeystore wildcard.p12 -srcstoretype PKCS12 -srcstorepass '{secret}' -destkeystore /etc/kafka/secrets/kafka.keystore.jks -deststorepass '{secret}' -noprompt",
        "tool_call",
    )


@_form("gradle-signing-config-kts")
def _gradle_signing(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        _reply(
            rng,
            f'android {{\n    signingConfigs {{\n        create("release") {{\n            storeFile = file("../keys/upload-keystore.jks")\n            storePassword = "{secret}"\n            keyAlias = "upload"\n            keyPassword = "{secret}"\n        }}\n    }}\n}}',
        ),
        "assistant",
    )


@_form("spring-ssl-key-store-password-yaml")
def _spring_ssl(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    return (
        secret,
        f"server:\n  port: 8443\n  ssl:\n    enabled: true\n    key-store: classpath:keystore.p12\n    key-store-type: PKCS12\n    key-store-password: {secret}\n    key-alias: {_svc(rng)}\n",
        "tool",
    )


@_form("openssl-pkcs12-passin-env-style")
def _openssl_passin(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "_")
    return (
        secret,
        f"openssl pkcs12 -in client-{_svc(rng)}.pfx -nocerts -nodes -passin pass:{secret} | openssl pkey -out client.key",
        "tool_call",
    )


# --- code literals in several languages -----------------------------------------------------


@_form("python-boto3-client-literal")
def _boto3(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "/+", 40)
    return (
        secret,
        f's3 = boto3.client(\n    "s3",\n    region_name="eu-west-1",\n    aws_access_key_id="AKIA{_s(rng, BASE32, 16)}",\n    aws_secret_access_key="{secret}",\n)',
        "user",
    )


@_form("java-static-final-password")
def _java_const(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!#_")
    return (
        secret,
        _reply(
            rng,
            f'public final class SftpConfig {{\n    static final String HOST = "sftp.{_svc(rng)}.example";\n    static final String USER = "edi_partner";\n    private static final String PASSWORD = "{secret}";\n}}',
        ),
        "assistant",
    )


@_form("ruby-secret-key-base")
def _ruby_skb(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 128)
    return (
        secret,
        f'# config/initializers/secret_key_base.rb -- temporary until credentials work\nRails.application.config.secret_key_base = "{secret}"',
        "user",
    )


@_form("rust-reqwest-bearer-literal")
def _rust_bearer(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 48)
    return (
        secret,
        _reply(
            rng,
            f'let resp = reqwest::Client::new()\n    .get("https://api.{_svc(rng)}.example/v1/metrics")\n    .bearer_auth("{secret}")\n    .send()\n    .await?;',
        ),
        "assistant",
    )


@_form("csharp-networkcredential")
def _csharp_cred(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 15, "!#_")
    return (
        secret,
        _reply(
            rng,
            f'using var smtp = new SmtpClient("smtp.office365.com", 587)\n{{\n    EnableSsl = true,\n    Credentials = new NetworkCredential("reports@{_svc(rng)}.example", "{secret}"),\n}};',
        ),
        "assistant",
    )


@_form("php-wp-config-auth-key")
def _wp_config(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "!#%()*+,-.:;<=>?@[]^_{|}~", 64)
    return (
        secret,
        f"define( 'DB_NAME', 'wp_{_svc(rng)}' );\ndefine( 'DB_USER', 'wp' );\ndefine( 'DB_HOST', 'localhost' );\ndefine( 'AUTH_KEY',         '{secret}' );\ndefine( 'WP_DEBUG', false );",
        "tool",
    )


@_form("go-const-webhook-secret")
def _go_const(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    return (
        secret,
        f'const (\n\tgithubWebhookSecret = "{secret}"\n\tlistenAddr          = ":8088"\n)',
        "user",
    )


@_form("flask-secret-key-bytes")
def _flask_key(rng: random.Random) -> tuple[str, str, Role]:
    raw = rng.randbytes(24)
    secret = repr(raw)[2:-1]
    if len(secret) < 8 or "'" in secret:
        secret = raw.hex()
        return secret, f'app = Flask(__name__)\napp.secret_key = bytes.fromhex("{secret}")', "user"
    return secret, f"app = Flask(__name__)\napp.secret_key = b'{secret}'", "user"


@_form("powershell-convertto-securestring")
def _ps_secure(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "!#%_")
    return (
        secret,
        f'$pass = ConvertTo-SecureString "{secret}" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("CORP\\svc-backup", $pass)\nInvoke-Command -ComputerName FS01 -Credential $cred -ScriptBlock {{ Get-PSDrive D }}',
        "tool_call",
    )


# --- env files, quoting, diffs, tables, other shapes ----------------------------------------


@_form("dotenv-django-secret-key-single-quoted")
def _dotenv_django(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, LOWER_ALNUM + "!@#%^&*(-_=+)", 50)
    return (
        secret,
        f"DEBUG=False\nALLOWED_HOSTS=.{_svc(rng)}.example\nexport DJANGO_SECRET_KEY='{secret}'\nDATABASE_URL=postgres://localhost/app\n",
        "tool",
    )


@_form("dotenv-laravel-app-key")
def _laravel(rng: random.Random) -> tuple[str, str, Role]:
    secret = "base64:" + _b64(rng, 32)
    return (
        secret,
        f'APP_NAME="{_svc(rng).capitalize()} Portal"\nAPP_ENV=production\nAPP_KEY={secret}\nAPP_DEBUG=false\nAPP_URL=https://portal.{_svc(rng)}.example\n',
        "tool",
    )


@_form("dotenv-unquoted-with-inline-comment")
def _dotenv_comment(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    return (
        secret,
        f"MEILI_MASTER_KEY={secret} # rotate quarterly, see runbook\nMEILI_ENV=production\n",
        "tool",
    )


@_form("dotenv-double-quoted-escaped-dollar")
def _dotenv_dollar(rng: random.Random) -> tuple[str, str, Role]:
    a = _s(rng, ALNUM, 7)
    b = _s(rng, ALNUM, 8)
    secret = f"{a}\\${b}"
    return (
        secret,
        f'# docker compose expands $, so the dollar is escaped\nKEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD="{secret}"\n',
        "tool",
    )


@_form("git-diff-added-secret")
def _git_diff(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sk_live_51" + _s(rng, ALNUM, 97)
    return (
        secret,
        f"diff --git a/deploy/prod.env b/deploy/prod.env\nindex {_hex(rng, 7)}..{_hex(rng, 7)} 100644\n--- a/deploy/prod.env\n+++ b/deploy/prod.env\n@@ -3,4 +3,4 @@ APP_ENV=production\n LOG_LEVEL=info\n-STRIPE_SECRET_KEY=${{STRIPE_SECRET_KEY}}\n+STRIPE_SECRET_KEY={secret}\n SENTRY_ENVIRONMENT=prod",
        "tool",
    )


@_form("git-diff-yaml-password-hunk")
def _git_diff_yaml(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    return (
        secret,
        f"@@ -12,7 +12,7 @@ spring:\n   datasource:\n     url: jdbc:postgresql://{_host(rng)}:5432/{_svc(rng)}\n     username: {_svc(rng)}\n-    password: ${{DB_PASSWORD}}\n+    password: {secret}\n   jpa:\n     open-in-view: false",
        "tool",
    )


@_form("markdown-table-credentials-handover")
def _md_table(rng: random.Random) -> tuple[str, str, Role]:
    rows = [(s, _name(rng), _pw(rng, 16, "!_")) for s in ("Grafana", "pgAdmin", "Keycloak")]
    secret = rows[rng.randrange(3)][2]
    table = "\n".join(f"| {s} | `{u}` | `{p}` |" for s, u, p in rows)
    return (
        secret,
        f"Here is the handover table you asked for:\n\n| Service | User | Password |\n|---|---|---|\n{table}\n\nRemember to rotate these after the migration.",
        "assistant",
    )


@_form("psql-result-table-api-tokens")
def _psql_rows(rng: random.Random) -> tuple[str, str, Role]:
    tokens = [_s(rng, ALNUM, 40) for _ in range(3)]
    secret = tokens[rng.randrange(3)]
    rows = "\n".join(
        f" {rng.randint(10, 9999):>4} | {_name(rng) + '@' + _svc(rng) + '.example':<30} | {t}"
        for t in tokens
    )
    return (
        secret,
        f"{_svc(rng)}=> SELECT id, email, api_token FROM users WHERE is_staff LIMIT 3;\n  id  |             email              |                api_token\n------+--------------------------------+------------------------------------------\n{rows}\n(3 rows)",
        "tool",
    )


@_form("mysql-oauth-clients-row")
def _mysql_rows(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    return (
        secret,
        f"mysql> SELECT id, name, secret, redirect FROM oauth_clients WHERE revoked = 0;\n+----+-----------------+------------------------------------------+----------------------------+\n| id | name            | secret                                   | redirect                   |\n+----+-----------------+------------------------------------------+----------------------------+\n|  2 | Password Grant  | {secret} | http://localhost           |\n+----+-----------------+------------------------------------------+----------------------------+\n1 row in set (0.00 sec)",
        "tool",
    )


@_form("pytest-showlocals-connstring")
def _pytest_locals(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 18, "")
    return (
        secret,
        f"    def test_migrations_apply(engine_url):\n>       engine = create_engine(engine_url)\n\nengine_url = 'postgresql://ci:{secret}@{_host(rng)}:5432/test_{_svc(rng)}'\n\ntests/test_migrations.py:14: \n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\nE   sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection refused",
        "tool",
    )


@_form("docker-compose-environment-list")
def _compose(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    return (
        secret,
        f"services:\n  db:\n    image: mariadb:11.4\n    environment:\n      - MARIADB_DATABASE={_svc(rng)}\n      - MARIADB_USER={_svc(rng)}\n      - MARIADB_ROOT_PASSWORD={secret}\n    volumes:\n      - db:/var/lib/mysql\n",
        "tool",
    )


@_form("docker-run-e-postgres-password")
def _docker_run(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return (
        secret,
        f"docker run -d --name pg16 -p 5432:5432 -e POSTGRES_USER={_svc(rng)} -e POSTGRES_PASSWORD='{secret}' -v pgdata:/var/lib/postgresql/data postgres:16",
        "tool_call",
    )


@_form("docker-inspect-env-array")
def _docker_inspect(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    doc = [
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        f"GF_SECURITY_ADMIN_PASSWORD={secret}",
        "GF_SERVER_ROOT_URL=https://grafana.example",
        "GF_PATHS_DATA=/var/lib/grafana",
    ]
    return (
        secret,
        f"$ docker inspect grafana --format '{{{{json .Config.Env}}}}' | jq .\n{json.dumps(doc, indent=2)}",
        "tool",
    )


@_form("token-wrapped-across-two-lines")
def _wrapped(rng: random.Random) -> tuple[str, str, Role]:
    token = "ghp_" + _s(rng, ALNUM, 36)
    cut = rng.randint(22, 30)
    secret = token[:cut]
    return (
        secret,
        f"my terminal wrapped it but here's the token: {token[:cut]}\n{token[cut:]}\nplease add it to the repo secrets for the release workflow",
        "user",
    )


@_form("password-spelled-with-spaces")
def _spelled(rng: random.Random) -> tuple[str, str, Role]:
    raw = _s(rng, ALNUM, 12)
    secret = " ".join(raw)
    return (
        secret,
        f"I'll read it out so autocorrect doesn't mangle it, the router admin password is: {secret} (no spaces, case matters)",
        "user",
    )


@_form("base64-encoded-password-in-chat")
def _b64_chat(rng: random.Random) -> tuple[str, str, Role]:
    secret = base64.b64encode(f"{_svc(rng)}_admin:{_human_pw(rng)}".encode()).decode()
    return (
        secret,
        f"The ops doc only has it base64'd: `{secret}` — decode that and log into the Nexus UI with it.",
        "assistant",
    )


@_form("assistant-repeats-redis-url")
def _assistant_redis(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return (
        secret,
        f"The worker fails because `REDIS_URL` points at the old host. Set it to `rediss://default:{secret}@{_svc(rng)}-cache.{_s(rng, LOWER_ALNUM, 6)}.ng.0001.euw1.cache.amazonaws.com:6379/0` and restart the celery service.",
        "assistant",
    )


@_form("gitea-app-ini-internal-token")
def _gitea(rng: random.Random) -> tuple[str, str, Role]:
    iat = _epoch(rng)
    secret = _jwt(rng, {"nbf": iat})
    return (
        secret,
        f"[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN = {secret}\nPASSWORD_HASH_ALGO = pbkdf2\n\n[database]\nDB_TYPE = postgres\nHOST = {_host(rng)}:5432\n",
        "tool",
    )


# --- personal secrets in chat ---------------------------------------------------------------

_CHAT_PASSWORD = (
    "Le mot de passe du routeur c'est {s}, ne le partage pas stp",
    "Mein Passwort fürs Online-Banking ist {s}, die TAN kommt per App",
    "La contraseña del wifi de la oficina es {s} (con mayúsculas)",
    "A senha do e-mail corporativo é {s}, troquei ontem",
    "La password del pannello Aruba è {s}",
    "Het wachtwoord van de NAS is {s}, niet doorsturen aub",
    "Hasło do konta admina w panelu to {s}",
    "サーバーのrootパスワードは{s}です。よろしくお願いします。",
    "数据库的密码是{s}，别外传。",
    "Пароль от рабочей почты: {s} — поменяю после отпуска",
    "Sunucunun root şifresi {s}, kimseye verme",
    "관리자 페이지 비밀번호는 {s} 입니다",
    "मेरा नेटबैंकिंग पासवर्ड {s} है, किसी को मत बताना",
)


@_form("chat-password-i18n")
def _chat_password(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    return secret, _pick(rng, _CHAT_PASSWORD).format(s=secret), "user"


@_form("chat-bitlocker-recovery-key")
def _bitlocker(rng: random.Random) -> tuple[str, str, Role]:
    # Every group of a real BitLocker recovery password is a multiple of 11 below 720896.
    secret = "-".join(f"{11 * rng.randrange(65536):06d}" for _ in range(8))
    return (
        secret,
        f"laptop is asking for the BitLocker recovery key after the BIOS update. IT sent me this, which box do I type it in?\n\nKey ID: {_uuid(rng)[:8].upper()}\nRecovery Key: {secret}",
        "user",
    )


@_form("chat-apple-app-specific-password-altool")
def _apple_asp(rng: random.Random) -> tuple[str, str, Role]:
    secret = "-".join(_s(rng, LOWER, 4) for _ in range(4))
    return (
        secret,
        f"xcrun notarytool store-credentials notary --apple-id {_name(rng)}@icloud.com --team-id {_s(rng, UPPER_ALNUM, 10)} --password {secret}",
        "tool_call",
    )


@_form("chat-apple-recovery-key")
def _apple_recovery(rng: random.Random) -> tuple[str, str, Role]:
    secret = "-".join(_s(rng, UPPER_ALNUM, 4) for _ in range(7))
    return (
        secret,
        f"Saving this here so I don't lose it again: Apple ID recovery key {secret}",
        "user",
    )


@_form("chat-uk-bank-account")
def _uk_bank(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"{rng.randint(10_000_000, 99_999_999)}"
    return (
        secret,
        f"for the invoice: pay to {_name(rng).replace('.', ' ').title()}, sort code {rng.randint(10, 99)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}, account number {secret}, reference INV-{rng.randint(1000, 9999)}",
        "user",
    )


@_form("chat-us-routing-and-account")
def _us_bank(rng: random.Random) -> tuple[str, str, Role]:
    secret = str(rng.randint(10**9, 10**12 - 1))
    return (
        secret,
        f"Direct deposit form: routing 0{rng.randint(10**7, 10**8 - 1)}, checking account {secret}. Can you fill the payroll CSV with that?",
        "user",
    )


@_form("chat-security-question-answers")
def _security_answers(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"{_pick(rng, _WORDS).lower()} {_pick(rng, _WORDS).lower()} {rng.randint(10, 99)}"
    return (
        secret,
        f'Bank security questions (I made up fake answers): first pet = "{secret}", city of birth = "{_pick(rng, _WORDS).lower()}{rng.randint(100, 999)}". Please note them in my vault entry.',
        "user",
    )


@_form("chat-wallet-private-key-hex")
def _wallet(rng: random.Random) -> tuple[str, str, Role]:
    secret = "0x" + _hex(rng, 64)
    return (
        secret,
        f"MetaMask shows my address as 0x{_s(rng, HEX + 'ABCDEF', 40)} and when I click export private key I get {secret} — can the script sign with that?",
        "user",
    )


@_form("chat-bitcoin-wif-key")
def _wif(rng: random.Random) -> tuple[str, str, Role]:
    # A compressed-key WIF: 52 base58 characters, and the prefix byte 0x80 pins the second one.
    first = _pick(rng, ("K", "L"))
    secret = first + rng.choice("wxyz" if first == "K" else "12345") + _s(rng, BASE58, 50)
    return (
        secret,
        f"Tengo esta clave privada WIF de un paper wallet viejo: {secret} ¿cómo la importo en Electrum?",
        "user",
    )


@_form("chat-github-recovery-codes-list")
def _recovery_codes(rng: random.Random) -> tuple[str, str, Role]:
    codes = [f"{_hex(rng, 5)}-{_hex(rng, 5)}" for _ in range(8)]
    secret = codes[rng.randrange(8)]
    listing = "\n".join(codes)
    return secret, f"github-recovery-codes.txt\n{listing}\n", "tool"


# --- where an attacker looks after the obvious places ---------------------------------------


@_form("git-config-actions-extraheader")
def _extraheader(rng: random.Random) -> tuple[str, str, Role]:
    # actions/checkout persists the job token as a base64 basic-auth header in .git/config.
    secret = base64.b64encode(f"x-access-token:ghs_{_s(rng, ALNUM, 36)}".encode()).decode()
    return (
        secret,
        f'$ cat .git/config\n[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/{_svc(rng)}-org/{_svc(rng)}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic {secret}',
        "tool",
    )


@_form("git-credential-fill-output")
def _git_credential(rng: random.Random) -> tuple[str, str, Role]:
    secret = "ghp_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f"$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername={_name(rng).replace('.', '-')}\npassword={secret}",
        "tool",
    )


@_form("aws-secretsmanager-escaped-json")
def _secretsmanager(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 24, "!*+-=^_")
    name = f"prod/{_svc(rng)}/db"
    inner = json.dumps(
        {
            "username": "admin",
            "password": secret,
            "engine": "postgres",
            "host": _host(rng),
            "port": 5432,
        }
    )
    doc = {
        "ARN": f"arn:aws:secretsmanager:eu-west-1:{rng.randint(10**11, 10**12 - 1)}:secret:{name}-{_s(rng, ALNUM, 6)}",
        "Name": name,
        "VersionId": _uuid(rng),
        "SecretString": inner,
        "VersionStages": ["AWSCURRENT"],
    }
    return (
        secret,
        f"$ aws secretsmanager get-secret-value --secret-id {name} --output json\n{json.dumps(doc, indent=4)}",
        "tool",
    )


@_form("aws-ssm-get-parameter-decrypted")
def _ssm(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    doc = {
        "Parameter": {
            "Name": f"/prod/{_svc(rng)}/GITHUB_WEBHOOK_SECRET",
            "Type": "SecureString",
            "Value": secret,
            "Version": rng.randint(1, 9),
            "LastModifiedDate": f"{_epoch(rng)}.{rng.randint(100, 999)}",
            "DataType": "text",
        }
    }
    return (
        secret,
        f"$ aws ssm get-parameter --name /prod/webhook --with-decryption\n{json.dumps(doc, indent=4)}",
        "tool",
    )


@_form("gcloud-secrets-versions-access")
def _gcloud_secret(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 28, "")
    return (
        secret,
        f"$ gcloud secrets versions access latest --secret={_svc(rng)}-db-password --project={_svc(rng)}-prod\n{secret}",
        "tool",
    )


@_form("az-keyvault-secret-show")
def _az_kv(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 24, "")
    doc = {
        "attributes": {"enabled": True, "recoveryLevel": "Recoverable+Purgeable"},
        "id": f"https://kv-{_svc(rng)}-prod.vault.azure.net/secrets/sql-admin/{_hex(rng, 32)}",
        "name": "sql-admin",
        "value": secret,
    }
    return (
        secret,
        f"$ az keyvault secret show --vault-name kv-prod --name sql-admin\n{json.dumps(doc, indent=2)}",
        "tool",
    )


@_form("heroku-config-database-url")
def _heroku_config(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 64)
    app = f"{_svc(rng)}-prod"
    return (
        secret,
        f"$ heroku config -a {app}\n=== {app} Config Vars\nDATABASE_URL: postgres://u{_s(rng, LOWER_ALNUM, 13)}:{secret}@c{_s(rng, LOWER_ALNUM, 10)}.cluster-{_s(rng, LOWER_ALNUM, 12)}.eu-west-1.rds.amazonaws.com:5432/d{_s(rng, LOWER_ALNUM, 13)}\nLOG_LEVEL:    info\nWEB_CONCURRENCY: 4",
        "tool",
    )


@_form("dockerfile-env-in-docker-history")
def _docker_history(rng: random.Random) -> tuple[str, str, Role]:
    secret = "npm_" + _s(rng, ALNUM, 36)
    return (
        secret,
        f'$ docker history --no-trunc {_svc(rng)}:latest --format \'{{{{.CreatedBy}}}}\' | head -4\nCMD ["node" "dist/server.js"]\nRUN /bin/sh -c npm ci --omit=dev # buildkit\nENV NPM_TOKEN={secret}\nWORKDIR /app',
        "tool",
    )


@_form("bash-history-export")
def _bash_history(rng: random.Random) -> tuple[str, str, Role]:
    secret = "hvs." + _s(rng, ALNUM, 24)
    return (
        secret,
        f"$ tail -5 ~/.bash_history\ncd infra/vault\nexport VAULT_ADDR=https://vault.{_svc(rng)}.example:8200\nexport VAULT_TOKEN={secret}\nvault kv get secret/prod/db\nhistory -c",
        "tool",
    )


@_form("crontab-mysqldump-password")
def _crontab(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "_")
    return (
        secret,
        f"$ crontab -l\n# m h  dom mon dow   command\n15 2 * * * /usr/bin/mysqldump -u backup --password={secret} --single-transaction --all-databases | gzip > /backup/all-$(date +\\%F).sql.gz",
        "tool",
    )


@_form("https-proxy-env-credentials")
def _proxy(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    encoded = quote(secret, safe="")
    return (
        encoded,
        f"export https_proxy=http://{_name(rng)}:{encoded}@proxy.corp.example:3128\nexport no_proxy=localhost,127.0.0.1,.corp.example\npip install -r requirements.txt",
        "tool_call",
    )


@_form("soap-wsse-password-text")
def _wsse(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "!_")
    return (
        secret,
        f'<soapenv:Header>\n  <wsse:Security soapenv:mustUnderstand="1" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">\n    <wsse:UsernameToken wsu:Id="UsernameToken-{rng.randint(10**6, 10**7)}">\n      <wsse:Username>EDI_{_svc(rng).upper()}</wsse:Username>\n      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{secret}</wsse:Password>\n    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>',
        "tool",
    )


@_form("graphql-login-mutation-variables")
def _graphql_login(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    doc = {
        "operationName": "Login",
        "query": "mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token } }",
        "variables": {"email": f"{_name(rng)}@{_svc(rng)}.example", "password": secret},
    }
    return secret, f"Request payload (from the Network tab):\n{json.dumps(doc)}", "user"


@_form("oauth-client-credentials-curl")
def _client_credentials(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 48)
    return (
        secret,
        f"curl -s -X POST https://auth.{_svc(rng)}.example/realms/prod/protocol/openid-connect/token -d grant_type=client_credentials -d client_id=reporting-job --data-urlencode 'client_secret={secret}'",
        "tool_call",
    )


@_form("oauth-implicit-fragment-redirect")
def _implicit(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 64)
    return (
        secret,
        f"after login the browser ends up on http://localhost:5173/callback#access_token={secret}&token_type=Bearer&expires_in=3600&state={_hex(rng, 16)} and then the page is blank, why?",
        "user",
    )


@_form("websocket-url-token-query")
def _ws_token(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 48)
    return (
        secret,
        f"WebSocket connection to 'wss://stream.{_svc(rng)}.example/v1/live?token={secret}&channel=orders' failed: Error during WebSocket handshake: Unexpected response code: 403",
        "tool",
    )


@_form("totp-otpauth-uri-seed")
def _totp(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, BASE32, 32)
    return (
        secret,
        f"The QR code didn't scan, so I copied the setup link: otpauth://totp/AWS:{_name(rng)}@{_svc(rng)}-prod?secret={secret}&issuer=Amazon%20Web%20Services — can you generate the current code in Python?",
        "user",
    )


@_form("wifi-qr-payload")
def _wifi_qr(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng).replace(";", "")
    return (
        secret,
        f'qrencode -o guest-wifi.png "WIFI:T:WPA;S:{_pick(rng, _WORDS)}-Guest;P:{secret};H:false;;"',
        "tool_call",
    )


@_form("htpasswd-batch-command")
def _htpasswd(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 14, "!_")
    return (
        secret,
        f"sudo htpasswd -b -c /etc/nginx/.htpasswd {_svc(rng)}-admin '{secret}' && sudo nginx -s reload",
        "tool_call",
    )


@_form("ansible-vault-password-file")
def _vault_pass_file(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return (
        secret,
        f"echo '{secret}' > ~/.ansible/vault_pass.txt && chmod 600 ~/.ansible/vault_pass.txt && ansible-vault view group_vars/prod/vault.yml --vault-password-file ~/.ansible/vault_pass.txt",
        "tool_call",
    )


@_form("pulumi-config-set-secret")
def _pulumi_config(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    return (
        secret,
        f"pulumi config set --secret {_svc(rng)}:dbPassword {secret} --stack prod",
        "tool_call",
    )


@_form("terraform-provider-hardcoded-keys")
def _tf_provider(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM + "/+", 40)
    return (
        secret,
        f'provider "aws" {{\n  region     = "eu-central-1"\n  access_key = "AKIA{_s(rng, BASE32, 16)}"\n  secret_key = "{secret}"\n}}',
        "user",
    )


@_form("vscode-sqltools-connection")
def _vscode(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    doc = {
        "sqltools.connections": [
            {
                "previewLimit": 50,
                "server": _host(rng),
                "port": 5432,
                "driver": "PostgreSQL",
                "name": "prod (read only)",
                "database": _svc(rng),
                "username": "analyst",
                "password": secret,
            }
        ]
    }
    return secret, f".vscode/settings.json\n{json.dumps(doc, indent=4)}", "tool"


@_form("dataclass-repr-in-log")
def _dataclass_repr(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return (
        secret,
        f"2026-12-04 03:58:01,227 DEBUG app.config loaded Settings(env='prod', db_host='{_host(rng)}', db_user='app', db_password='{secret}', pool_size=10, debug=False)",
        "tool",
    )


@_form("json-log-escaped-request-body")
def _json_log(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 16, "")
    body = json.dumps({"username": _name(rng), "password": secret})
    line = json.dumps(
        {
            "ts": _iso(rng),
            "level": "debug",
            "msg": "incoming request",
            "path": "/api/login",
            "body": body,
        }
    )
    return secret, line, "tool"


@_form("chat-sim-puk-code")
def _puk(rng: random.Random) -> tuple[str, str, Role]:
    secret = f"{rng.randint(10_000_000, 99_999_999)}"
    return (
        secret,
        f"Handy ist gesperrt nach 3x falscher PIN. Laut Brief von der Telekom ist die PUK {secret} — wo gebe ich die ein?",
        "user",
    )


@_form("vercel-env-pull-oidc-token")
def _vercel(rng: random.Random) -> tuple[str, str, Role]:
    iat = _epoch(rng)
    secret = _jwt(
        rng,
        {
            "iss": "https://oidc.vercel.com/team",
            "sub": f"owner:team:project:{_svc(rng)}:environment:development",
            "aud": "https://vercel.com/team",
            "iat": iat,
            "exp": iat + 43200,
        },
        "RS256",
    )
    return (
        secret,
        f'$ cat .env.local\n# Created by Vercel CLI\nVERCEL="1"\nVERCEL_ENV="development"\nVERCEL_OIDC_TOKEN="{secret}"',
        "tool",
    )


@_form("firebase-rtdb-legacy-secret-query")
def _firebase_rtdb(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 40)
    return (
        secret,
        f"curl -s 'https://{_svc(rng)}-app-default-rtdb.europe-west1.firebasedatabase.app/users.json?auth={secret}&shallow=true'",
        "tool_call",
    )


@_form("openssh-key-yaml-block-scalar")
def _ssh_yaml(rng: random.Random) -> tuple[str, str, Role]:
    body = _b64(
        rng,
        390,
        b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519",
    )
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    secret = lines[len(lines) // 2]
    key = "\n".join(
        "  " + line
        for line in [
            "-----BEGIN OPENSSH PRIVATE KEY-----",
            *lines,
            "-----END OPENSSH PRIVATE KEY-----",
        ]
    )
    return (
        secret,
        f"# roles/deploy/vars/main.yml\ndeploy_user: deploy\ndeploy_repo: git@github.com:{_svc(rng)}-org/{_svc(rng)}.git\ndeploy_private_key: |\n{key}\n",
        "tool",
    )


@_form("encrypted-pkcs8-with-passphrase-in-chat")
def _enc_pkcs8(rng: random.Random) -> tuple[str, str, Role]:
    secret = _human_pw(rng)
    lines = _pem_lines(
        rng,
        bytes.fromhex("3082051c304e06092a864886f70d01050d3041302906092a864886f70d01050c301c0408"),
        1200,
    )
    pem = (
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
        + "\n".join(lines[:3])
        + "\n[...]\n-----END ENCRYPTED PRIVATE KEY-----"
    )
    return (
        secret,
        f"{pem}\n\nthat's the start of signing.key, the passphrase is {secret} — openssl says 'bad decrypt', what am I doing wrong?",
        "user",
    )


@_form("chat-password-non-ascii")
def _non_ascii_pw(rng: random.Random) -> tuple[str, str, Role]:
    word = _pick(
        rng,
        (
            "Bärenhöhle",
            "Größenwahn",
            "Mañanita",
            "Çiçekçi",
            "Żółwik",
            "Ørnereir",
            "Crème-brûlée",
            "Пингвин",
            "Škoda-Fabia",
            "Ålesund",
        ),
    )
    secret = f"{word}{rng.randint(10, 9999)}{_pick(rng, ('!', '?', '#', '§', '€'))}"
    return (
        secret,
        f"Das WLAN-Passwort für die Ferienwohnung ist {secret} – mit Umlauten, ja, das war Absicht.",
        "user",
    )


@_form("ansi-colored-cli-token-output")
def _ansi(rng: random.Random) -> tuple[str, str, Role]:
    secret = "glpat-" + _s(rng, B64URL, 20)
    return (
        secret,
        f"\x1b[1m\x1b[32m✔\x1b[0m Personal access token created\n  \x1b[2mname\x1b[0m    ci-{_svc(rng)}\n  \x1b[2mscopes\x1b[0m  api, read_registry\n  \x1b[2mtoken\x1b[0m   \x1b[36m{secret}\x1b[0m\n\x1b[33m! Copy it now, it will not be shown again.\x1b[0m",
        "tool",
    )


@_form("html-hidden-input-api-key")
def _html_hidden(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 32)
    return (
        secret,
        f'<form action="https://api.{_svc(rng)}.example/v2/upload" method="post" enctype="multipart/form-data">\n  <input type="hidden" name="api_key" value="{secret}">\n  <input type="file" name="file">\n  <button>Upload</button>\n</form>',
        "user",
    )


@_form("csv-export-user-passwords")
def _csv(rng: random.Random) -> tuple[str, str, Role]:
    rows = [(_name(rng), _human_pw(rng)) for _ in range(3)]
    secret = rows[rng.randrange(3)][1]
    body = "\n".join(f"{n},{n}@{_svc(rng)}.example,{p},active" for n, p in rows)
    return (
        secret,
        f"$ head -4 legacy_users_export.csv\nusername,email,password,status\n{body}",
        "tool",
    )


@_form("toml-inline-table-password")
def _toml_inline(rng: random.Random) -> tuple[str, str, Role]:
    secret = _pw(rng, 20, "")
    return (
        secret,
        f'# config/production.toml\n[server]\nbind = "0.0.0.0:8080"\n\n[database]\nprimary = {{ host = "{_host(rng)}", user = "{_svc(rng)}", password = "{secret}", pool = 16 }}\n',
        "tool",
    )


@_form("aspnet-web-config-appsettings")
def _web_config(rng: random.Random) -> tuple[str, str, Role]:
    secret = "sk_live_51" + _s(rng, ALNUM, 97)
    return (
        secret,
        f'<configuration>\n  <appSettings>\n    <add key="StripePublishableKey" value="pk_live_51{_s(rng, ALNUM, 97)}" />\n    <add key="StripeSecretKey" value="{secret}" />\n    <add key="Environment" value="Production" />\n  </appSettings>\n</configuration>',
        "tool",
    )


@_form("node-util-inspect-config")
def _node_inspect(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, ALNUM, 24)
    return (
        secret,
        f"[server] booting with config {{\n  port: 3000,\n  db: {{\n    host: '{_host(rng)}',\n    user: 'app',\n    password: '{secret}',\n    ssl: true\n  }},\n  features: [ 'search', 'export' ]\n}}",
        "tool",
    )


@_form("rust-debug-struct-panic")
def _rust_panic(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 43)
    return (
        secret,
        f'thread \'main\' panicked at src/main.rs:58:10:\ncalled `Result::unwrap()` on an `Err` value: Connect(Config {{ endpoint: "https://api.{_svc(rng)}.example", api_key: "{secret}", timeout: 30s }})\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
        "tool",
    )


@_form("discord-webhook-url")
def _discord_webhook(rng: random.Random) -> tuple[str, str, Role]:
    secret = _s(rng, B64URL, 68)
    return (
        secret,
        f"ALERT_WEBHOOK=https://discord.com/api/webhooks/{rng.randint(10**17, 10**19 - 1)}/{secret}",
        "tool",
    )


@_form("teams-incoming-webhook-url")
def _teams_webhook(rng: random.Random) -> tuple[str, str, Role]:
    secret = _hex(rng, 32)
    return (
        secret,
        f"Invoke-RestMethod -Method Post -ContentType 'application/json' -Body $card -Uri 'https://{_svc(rng)}.webhook.office.com/webhookb2/{_uuid(rng)}@{_uuid(rng)}/IncomingWebhook/{secret}/{_uuid(rng)}/V2{_s(rng, B64URL, 43)}'",
        "tool_call",
    )


@_form("rsa-private-key-python-triple-quoted")
def _rsa_pkcs1(rng: random.Random) -> tuple[str, str, Role]:
    lines = _pem_lines(rng, bytes.fromhex("308204a40201000282010100"), 1180)
    secret = _middle(lines)
    key = "\n".join(lines)
    return (
        secret,
        f'# tests/conftest.py -- copied from the staging box so the JWT tests pass\nSIGNING_KEY = """-----BEGIN RSA PRIVATE KEY-----\n{key}\n-----END RSA PRIVATE KEY-----\n"""',
        "user",
    )


# --- near misses: text with no secret that must survive -------------------------------------

_NearMiss = Callable[[random.Random], str]
_NEAR_MISSES: list[_NearMiss] = []


def _near(fn: _NearMiss) -> _NearMiss:
    _NEAR_MISSES.append(fn)
    return fn


@_near
def _nm_git_log(rng: random.Random) -> str:
    return "\n".join(
        f"{_hex(rng, 40)} {msg}"
        for msg in ("fix(auth): refresh token rotation", "chore: bump ruff", "feat: export csv")
    )


@_near
def _nm_image_digest(rng: random.Random) -> str:
    return f"Pulling from library/postgres\nDigest: sha256:{_hex(rng, 64)}\nStatus: Downloaded newer image for postgres:16"


@_near
def _nm_npm_integrity(rng: random.Random) -> str:
    return f'"node_modules/lodash": {{\n  "version": "4.17.21",\n  "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n  "integrity": "sha512-{_b64(rng, 64)}"\n}}'


@_near
def _nm_request_ids(rng: random.Random) -> str:
    return f"INFO request_id={_uuid(rng)} trace_id={_hex(rng, 32)} span_id={_hex(rng, 16)} status=200 duration_ms={rng.randint(3, 900)}"


@_near
def _nm_kubectl_get_secrets(rng: random.Random) -> str:
    return f"$ kubectl get secrets -n {_svc(rng)}\nNAME                  TYPE                             DATA   AGE\ndb-credentials        Opaque                           3      41d\nregcred               kubernetes.io/dockerconfigjson   1      120d\nwildcard-tls          kubernetes.io/tls                2      9d"


@_near
def _nm_aws_configure_list(rng: random.Random) -> str:
    return f"      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                     prod           manual    --profile\naccess_key     ****************{_s(rng, BASE32, 4)} shared-credentials-file\nsecret_key     ****************{_s(rng, ALNUM, 4)} shared-credentials-file\n    region                eu-west-1      config-file    ~/.aws/config"


@_near
def _nm_env_example(rng: random.Random) -> str:
    return "# .env.example - copy to .env and fill in\nSTRIPE_SECRET_KEY=<your-stripe-secret-key>\nOPENAI_API_KEY=\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/app\nSENTRY_DSN=https://<key>@<org>.ingest.sentry.io/<project>"


@_near
def _nm_actions_secrets_refs(rng: random.Random) -> str:
    return f"      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{{{ secrets.NPM_TOKEN }}}}\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::{rng.randint(10**11, 10**12 - 1)}:role/gha-deploy\n          aws-region: eu-west-1"


@_near
def _nm_ssh_public_key(rng: random.Random) -> str:
    return f"ssh-ed25519 {_b64(rng, 32, bytes.fromhex('0000000b7373682d6564323535313900000020'))} {_name(rng)}@workstation"


@_near
def _nm_pem_public_key(rng: random.Random) -> str:
    body = _b64(
        rng,
        270,
        bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100"),
    )
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"JWKS is served from this public key:\n-----BEGIN PUBLIC KEY-----\n{lines}\n-----END PUBLIC KEY-----"


@_near
def _nm_ssh_fingerprint(rng: random.Random) -> str:
    return f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{_b64(rng, 32).rstrip('=')} {_name(rng)}@laptop (ED25519)"


@_near
def _nm_sha256sums(rng: random.Random) -> str:
    return "\n".join(
        f"{_hex(rng, 64)}  {f}"
        for f in ("app-linux-amd64.tar.gz", "app-darwin-arm64.tar.gz", "app-windows-amd64.zip")
    )


@_near
def _nm_terraform_sensitive(rng: random.Random) -> str:
    return f'  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {{\n        id       = "db-{_s(rng, UPPER_ALNUM, 26)}"\n      ~ password = (sensitive value)\n        # (41 unchanged attributes hidden)\n    }}\n\nPlan: 0 to add, 1 to change, 0 to destroy.'


@_near
def _nm_gitlab_masked(rng: random.Random) -> str:
    return f"$ docker login -u deploy-bot -p [MASKED] registry.gitlab.com\nLogin Succeeded\n$ echo $CI_COMMIT_SHA\n{_hex(rng, 40)}"


@_near
def _nm_openai_masked_error(rng: random.Random) -> str:
    return f"openai.AuthenticationError: Error code: 401 - {{'error': {{'message': 'Incorrect API key provided: sk-proj-********************{_s(rng, ALNUM, 4)}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}}}"


@_near
def _nm_password_policy(rng: random.Random) -> str:
    return f"Passwords must be at least {rng.randint(12, 16)} characters long and contain an uppercase letter, a digit and a symbol. The password field is validated on blur."


@_near
def _nm_test_fixture(rng: random.Random) -> str:
    return f'def test_login_rejects_wrong_password(client, user_factory):\n    user = user_factory(username="alice{rng.randint(1, 99)}")\n    resp = client.post("/login", data={{"username": user.username, "password": "wrong"}})\n    assert resp.status_code == 401'


@_near
def _nm_png_data_url(rng: random.Random) -> str:
    return f'<img alt="logo" src="data:image/png;base64,{_b64(rng, 90, bytes.fromhex("89504e470d0a1a0a0000000d49484452"))}">'


@_near
def _nm_env_names_only(rng: random.Random) -> str:
    return "$ env | cut -d= -f1 | sort | grep -E 'KEY|TOKEN|SECRET|PASS'\nAWS_SECRET_ACCESS_KEY\nDB_PASSWORD\nGITHUB_TOKEN\nOPENAI_API_KEY\nSTRIPE_WEBHOOK_SECRET"


@_near
def _nm_vault_kv_list(rng: random.Random) -> str:
    return f"$ vault kv list secret/{_svc(rng)}/prod\nKeys\n----\napi-keys\ndb\nsmtp\nstripe"


@_near
def _nm_arns(rng: random.Random) -> str:
    account = rng.randint(10**11, 10**12 - 1)
    return f"RoleArn: arn:aws:iam::{account}:role/{_svc(rng)}-task\nKmsKeyId: arn:aws:kms:eu-west-1:{account}:key/{_uuid(rng)}\nSecretArn: arn:aws:secretsmanager:eu-west-1:{account}:secret:prod/db-{_s(rng, ALNUM, 6)}"


@_near
def _nm_stripe_object_ids(rng: random.Random) -> str:
    return f"charge ch_3{_s(rng, ALNUM, 23)} for customer cus_{_s(rng, ALNUM, 14)} succeeded (payment_intent pi_3{_s(rng, ALNUM, 23)}, event evt_{_s(rng, ALNUM, 24)})"


@_near
def _nm_sentry_event_id(rng: random.Random) -> str:
    return (
        f"ERROR 2026-12-04 03:12:55 checkout failed; reported to Sentry, event id {_hex(rng, 32)}"
    )


@_near
def _nm_traceparent(rng: random.Random) -> str:
    return f'> traceparent: 00-{_hex(rng, 32)}-{_hex(rng, 16)}-01\n> etag: W/"{_hex(rng, 40)}"\n> x-amzn-requestid: {_uuid(rng)}'


@_near
def _nm_pip_hashes(rng: random.Random) -> str:
    return f"certifi==2024.8.30 \\\n    --hash=sha256:{_hex(rng, 64)} \\\n    --hash=sha256:{_hex(rng, 64)}"


@_near
def _nm_go_sum(rng: random.Random) -> str:
    return f"golang.org/x/crypto v0.31.0 h1:{_b64(rng, 32)}\ngolang.org/x/crypto v0.31.0/go.mod h1:{_b64(rng, 32)}"


@_near
def _nm_docker_ps(rng: random.Random) -> str:
    return f"$ docker ps --no-trunc --format '{{{{.ID}}}} {{{{.Image}}}}'\n{_hex(rng, 64)} redis:7.4\n{_hex(rng, 64)} nginx:1.27"


@_near
def _nm_mongo_objectids(rng: random.Random) -> str:
    return f'{{ "_id": ObjectId("{_hex(rng, 24)}"), "orderId": "{_hex(rng, 24)}", "status": "shipped" }}'


@_near
def _nm_sri(rng: random.Random) -> str:
    return f'<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.3/dist/htmx.min.js" integrity="sha384-{_b64(rng, 48)}" crossorigin="anonymous"></script>'


@_near
def _nm_kubeadm_placeholder(rng: random.Random) -> str:
    return f"To join more nodes run: kubeadm join {_ip(rng)}:6443 --token <token> --discovery-token-ca-cert-hash sha256:{_hex(rng, 64)}"


@_near
def _nm_masked_ui(rng: random.Random) -> str:
    return f"Connection test for {_host(rng)}: user=readonly password=•••••••• sslmode=require → OK ({rng.randint(2, 80)} ms)"


@_near
def _nm_grep_usages(rng: random.Random) -> str:
    return 'src/settings.py:12:SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\nsrc/payments.py:8:stripe.api_key = os.getenv("STRIPE_SECRET_KEY")\nsrc/mail.py:21:    password=settings.EMAIL_HOST_PASSWORD,'


@_near
def _nm_secret_key_ref(rng: random.Random) -> str:
    return f"        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: {_svc(rng)}-db\n                key: password"


@_near
def _nm_azure_resource_id(rng: random.Random) -> str:
    return f"/subscriptions/{_uuid(rng)}/resourceGroups/rg-{_svc(rng)}-prod/providers/Microsoft.KeyVault/vaults/kv-{_svc(rng)}-prod"


@_near
def _nm_wireguard_show(rng: random.Random) -> str:
    return f"interface: wg0\n  public key: {_b64(rng, 32)}\n  private key: (hidden)\n  listening port: 51820\n\npeer: {_b64(rng, 32)}\n  endpoint: {_pubip(rng)}:51820\n  allowed ips: 10.8.0.2/32"


@_near
def _nm_eth_address(rng: random.Random) -> str:
    return f"Send the refund to 0x{_hex(rng, 40)} (ETH mainnet), tx hash 0x{_hex(rng, 64)}"


@_near
def _nm_consul_accessor_only(rng: random.Random) -> str:
    return f"$ consul acl token list -format=json | jq -r '.[].AccessorID'\n{_uuid(rng)}\n{_uuid(rng)}\n00000000-0000-0000-0000-000000000002"


@_near
def _nm_token_shaped_placeholders(rng: random.Random) -> str:
    return "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nexport AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX\nexport SLACK_BOT_TOKEN=xoxb-your-token-here"


@_near
def _nm_compose_required_var(rng: random.Random) -> str:
    return "    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}\n      POSTGRES_USER: ${POSTGRES_USER:-app}"


@_near
def _nm_paths(rng: random.Random) -> str:
    return "Checked ~/.aws/credentials, ~/.ssh/id_ed25519, ~/.config/gcloud/application_default_credentials.json and /etc/ssl/private/server.key: all have mode 0600."


@_near
def _nm_build_ids(rng: random.Random) -> str:
    return f"$ file ./server\n./server: ELF 64-bit LSB pie executable, x86-64, dynamically linked, BuildID[sha1]={_hex(rng, 40)}, stripped\nGo BuildID={_s(rng, B64URL, 20)}/{_s(rng, B64URL, 20)}"


@_near
def _nm_age_public(rng: random.Random) -> str:
    return (
        f"creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: age1{_s(rng, BECH32, 58)}"
    )


@_near
def _nm_jwt_header_only(rng: random.Random) -> str:
    return 'Every token we issue starts with eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 because the header is always {"alg":"RS256","typ":"JWT"}.'


@_near
def _nm_base64_config(rng: random.Random) -> str:
    content = f"server {{ listen {rng.randint(8000, 9000)}; }}".encode()
    return f"binaryData:\n  nginx.conf: {base64.b64encode(content).decode()}"


@_near
def _nm_semver_and_ports(rng: random.Random) -> str:
    return f"Upgraded {_svc(rng)} from 3.{rng.randint(0, 20)}.{rng.randint(0, 9)} to 4.0.{rng.randint(0, 9)}; listens on {_ip(rng)}:{rng.randint(1024, 65000)}; build #{rng.randint(1000, 99999)}"


@_near
def _nm_lfs_pointer(rng: random.Random) -> str:
    return f"version https://git-lfs.github.com/spec/v1\noid sha256:{_hex(rng, 64)}\nsize {rng.randint(10**5, 10**9)}"


@_near
def _nm_fly_secrets_digests(rng: random.Random) -> str:
    return f"$ fly secrets list\nNAME                 DIGEST           CREATED AT\nDATABASE_URL         {_hex(rng, 16)} 2mo ago\nSECRET_KEY_BASE      {_hex(rng, 16)} 2mo ago\nSTRIPE_API_KEY       {_hex(rng, 16)} 9d ago"


@_near
def _nm_pydantic_secretstr(rng: random.Random) -> str:
    return f"Settings(env='prod', db_host='{_host(rng)}', db_password=SecretStr('**********'), api_key=SecretStr('**********'), pool_size={rng.randint(2, 20)})"


@_near
def _nm_sqlalchemy_masked_url(rng: random.Random) -> str:
    return f"INFO sqlalchemy.engine.Engine connecting to postgresql+psycopg://app:***@{_host(rng)}:5432/{_svc(rng)}"


@_near
def _nm_psycopg_auth_failure(rng: random.Random) -> str:
    return f'psycopg.OperationalError: connection failed: connection to server at "{_ip(rng)}", port 5432 failed: FATAL:  password authentication failed for user "{_svc(rng)}"'


@_near
def _nm_kubectl_describe_secret(rng: random.Random) -> str:
    name = f"{_svc(rng)}-db"
    return f"$ kubectl describe secret {name}\nName:         {name}\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  {rng.randint(16, 40)} bytes\nusername:  3 bytes"


@_near
def _nm_x509_certificate(rng: random.Random) -> str:
    body = _b64(rng, 700, bytes.fromhex("308204a23082038aa00302010202"))
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"The server presents this chain (leaf first):\n-----BEGIN CERTIFICATE-----\n{lines}\n-----END CERTIFICATE-----"


@_near
def _nm_jwks_public(rng: random.Random) -> str:
    doc = {
        "keys": [
            {
                "kty": "RSA",
                "use": "sig",
                "kid": _b64url(rng, 12),
                "alg": "RS256",
                "n": _b64url(rng, 256),
                "e": "AQAB",
            }
        ]
    }
    return f"$ curl -s https://auth.{_svc(rng)}.example/.well-known/jwks.json\n{json.dumps(doc)}"


@_near
def _nm_pkce_challenge(rng: random.Random) -> str:
    return f"GET /authorize?response_type=code&client_id={_svc(rng)}-web&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&code_challenge={_b64url(rng, 32)}&code_challenge_method=S256&scope=openid%20profile"


@_near
def _nm_django_masked_settings(rng: random.Random) -> str:
    return "SECRET_KEY\t'********************'\nDATABASES\t{'default': {'ENGINE': 'django.db.backends.postgresql', 'PASSWORD': '********************', 'PORT': '5432'}}"


@_near
def _nm_docker_config_helper(rng: random.Random) -> str:
    return (
        '{\n  "auths": {\n    "ghcr.io": {},\n    "'
        + f"{rng.randint(10**11, 10**12 - 1)}"
        + '.dkr.ecr.eu-west-1.amazonaws.com": {}\n  },\n  "credsStore": "desktop"\n}'
    )


@_near
def _nm_totp_code_prompt(rng: random.Random) -> str:
    return f"Enter the 6-digit code from your authenticator app: {rng.randint(100000, 999999)}\nVerification failed, codes expire after 30 seconds."


@_near
def _nm_commit_message_about_secrets(rng: random.Random) -> str:
    author = _name(rng)
    return f"commit {_hex(rng, 40)}\nAuthor: {author} <{author}@{_svc(rng)}.example>\n\n    Rotate the Stripe webhook secret and move DB_PASSWORD to Secrets Manager\n\n    The old values were revoked on {_iso(rng)[:10]}."


@_near
def _nm_webhook_signatures(rng: random.Random) -> str:
    return f"POST /hooks/github 200\n  X-GitHub-Delivery: {_uuid(rng)}\n  X-Hub-Signature-256: sha256={_hex(rng, 64)}\nPOST /hooks/stripe 200\n  Stripe-Signature: t={_epoch(rng)},v1={_hex(rng, 64)}"


@_near
def _nm_pgp_signature(rng: random.Random) -> str:
    body = _b64(rng, 180, b"\x88\x75\x04\x00")
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"gpgsig -----BEGIN PGP SIGNATURE-----\n\n{lines}\n=+{_s(rng, B64, 3)}\n-----END PGP SIGNATURE-----"


@_near
def _nm_sops_encrypted(rng: random.Random) -> str:
    return f'db:\n    password: ENC[AES256_GCM,data:{_b64(rng, 18)},iv:{_b64(rng, 32)},tag:{_b64(rng, 16)},type:str]\nsops:\n    age:\n        - recipient: age1{_s(rng, BECH32, 58)}\n    lastmodified: "{_iso(rng)}"\n    mac: ENC[AES256_GCM,data:{_b64(rng, 32)},type:str]'


@_near
def _nm_ansible_vault_blob(rng: random.Random) -> str:
    lines = "\n".join(_hex(rng, 80) for _ in range(4))
    return f"$ cat group_vars/prod/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n{lines}"


@_near
def _nm_sealed_secret(rng: random.Random) -> str:
    return f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: {_svc(rng)}-db\nspec:\n  encryptedData:\n    password: {_b64(rng, 300)}"


@_near
def _nm_ssh_keyscan(rng: random.Random) -> str:
    return f"# github.com:22 SSH-2.0-babeld\ngithub.com ssh-ed25519 {_b64(rng, 32, bytes.fromhex('0000000b7373682d6564323535313900000020'))}\ngithub.com ecdsa-sha2-nistp256 {_b64(rng, 72, bytes.fromhex('0000001365636473612d736861322d6e69737470323536'))}"


# --- public API -----------------------------------------------------------------------------


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
    """``count`` realistic texts holding no secret, cycling through the near-miss templates."""
    # A seed of its own: the same stream as generate() could align and repeat a planted value.
    rng = random.Random(f"near-miss-{seed}")
    return [_NEAR_MISSES[index % len(_NEAR_MISSES)](rng) for index in range(count)]


def _self_check() -> list[str]:
    problems: list[str] = []
    names = [name for name, _ in FORMS]
    if len(set(names)) != len(names):
        problems.append("duplicate form names")
    first, second = generate(1, 330), generate(2, 240)
    for a, b in zip(first, second, strict=False):
        if a.secret == b.secret:
            problems.append(f"{a.form}: same value under seeds 1 and 2")
    secrets = {p.secret for p in first} | {p.secret for p in second}
    for seed in (1, 2):
        for text in generate_near_misses(seed, 3 * len(_NEAR_MISSES)):
            problems.extend(
                f"near miss holds a planted secret: {text[:60]!r}" for s in secrets if s in text
            )
    return problems


if __name__ == "__main__":
    sample = generate(1, 330)
    problems = _self_check()
    roles = sorted({p.role for p in sample})
    print(f"{len(FORMS)} forms, {len(_NEAR_MISSES)} near-miss templates, roles {roles}")
    for planted in generate(7, len(FORMS))[:: max(1, len(FORMS) // 6)]:
        print(f"--- {planted.form} ({planted.role}) secret={planted.secret[:24]}...")
        print(planted.text[:300])
    print("--- near miss:", generate_near_misses(7, 1)[0])
    for problem in problems:
        print("PROBLEM:", problem)
    sys.exit(1 if problems else 0)
