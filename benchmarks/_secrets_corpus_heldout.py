"""A held-out corpus of planted secrets for the security benchmark.

Written from the attacker's and the careless user's side WITHOUT reading packlight's
detection rules (``redact.py``, ``secret_rules.py``, their tests and the context files were
not opened). Every secret value is drawn from ``random.Random(seed)`` with the prefix,
length and alphabet the issuing service really uses; nothing is a documentation example.
Carrier text mixes user pastes, tool output (``cat .env``, logs, error messages, file
dumps with ordinary lines around the secret), shell commands an agent ran (``tool_call``)
and assistant explanations, with several templates per form.

``generate(seed, count)`` cycles through ``FORMS``; ``generate_near_misses(seed, count)``
returns realistic text that must NOT be treated as a secret (digests, ids, variable names,
placeholders, ``-u``/``-p`` flags that are not credentials, ...).

``PlantedSecret.secret`` is only the credential part: the password of a URL, the final
token segment of a webhook URL (the part that grants access), the part after the colon of
a Telegram bot token, one fully random body line of a PEM key, the base64 value of a
Kubernetes Secret.
"""

# Carrier templates are literal data and read best on one line; international passwords
# deliberately contain look-alike letters.
# ruff: noqa: E501, RUF001

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote

Role = Literal["user", "assistant", "tool", "tool_call"]


@dataclass(frozen=True)
class PlantedSecret:
    form: str
    secret: str
    text: str
    role: Role


Made = tuple[str, str, Role]  # (secret, text, role)
Maker = Callable[[random.Random], Made]

# --- alphabets and random helpers -------------------------------------------------------

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = LOWER + DIGITS
UPPER_ALNUM = UPPER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32 = UPPER + "234567"
URL_SAFE_PW = ALNUM + "-_.~"
SHELL_SAFE_SYMBOLS = "@%^_+=.,:-#"
SYMBOLS = "!@#%^&*()-_=+[]{};:,.?~"


def _s(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def _b64(r: random.Random, nbytes: int) -> str:
    return base64.b64encode(r.randbytes(nbytes)).decode()


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _uuid(r: random.Random) -> str:
    return str(uuid.UUID(int=r.getrandbits(128), version=4))


def _pick(r: random.Random, secret: str, options: list[tuple[Role, str]]) -> Made:
    role, text = r.choice(options)
    return secret, text, role


def _date(r: random.Random) -> str:
    return (
        f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}T"
        f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}"
    )


def _ip(r: random.Random) -> str:
    return f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(2, 254)}"


# --- word pools ---------------------------------------------------------------------------

# fmt: off
COMPANIES = ("acme", "northwind", "bluefin", "quillcorp", "halyard", "tessellate", "marlowe",
             "fernhill", "orbitly", "kestrel")
TLDS = ("io", "dev", "com", "net", "app", "cloud")
ENVS = ("staging", "prod", "dev", "qa", "preprod", "sandbox")
SERVICES = ("billing", "checkout", "auth", "ingest", "search", "notify", "orders", "reports",
            "ledger", "gateway")
USERS = ("admin", "deploy", "svc_app", "root", "appuser", "etl", "readonly", "jenkins", "ops",
         "analytics")
DBNAMES = ("app", "orders", "billing_prod", "analytics", "users", "inventory", "crm", "metrics")
REGIONS = ("us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2")
WORDS = ("Tangerine", "falcon", "Marmot", "copper", "Velvet", "quasar", "Lantern", "orbit",
         "Pumpkin", "glacier", "Thistle", "harbor", "Nimbus", "walnut", "Sparrow", "cobalt",
         "Juniper", "meteor", "Bramble", "saffron")
INTL_WORDS = ("Kärnkraft", "Straße", "Niño", "Łódź", "Ørsted", "Çağrı", "Jürgen", "Málaga",
              "Żółw", "Škoda", "Medved", "Kaffeetür", "Ñandú", "Fjällräv", "Größe", "Crème")
PEOPLE = ("Priya", "Marco", "Dana", "Kenji", "Olu", "Sofia", "Tomasz", "Aisha", "Lars", "Mei")
# fmt: on


def _host(r: random.Random) -> str:
    return f"{r.choice(SERVICES)}-{r.choice(ENVS)}.{r.choice(COMPANIES)}.{r.choice(TLDS)}"


def _domain(r: random.Random) -> str:
    return f"{r.choice(COMPANIES)}.{r.choice(TLDS)}"


def _repo(r: random.Random) -> str:
    return f"{r.choice(COMPANIES)}/{r.choice(SERVICES)}-{r.choice(('api', 'web', 'svc', 'infra'))}"


def _password(r: random.Random, style: str | None = None) -> str:
    """A human-chosen password: memorable, symbol-heavy, international or random."""
    style = style or r.choice(("word", "symbols", "intl", "random", "leet"))
    if style == "word":
        return (
            r.choice(WORDS).capitalize()
            + r.choice(("", "_", ".", "-", "#"))
            + str(r.randint(10, 9999))
            + r.choice("!@#$%?*")
        )
    if style == "symbols":
        return _s(r, ALNUM + SYMBOLS, r.randint(14, 22))
    if style == "intl":
        return r.choice(INTL_WORDS) + r.choice("!#%&*") + str(r.randint(1, 999)) + r.choice(WORDS)
    if style == "leet":
        word = r.choice(WORDS).lower()
        table = str.maketrans({"a": "4", "e": "3", "o": "0", "i": "1", "s": "$"})
        return word.capitalize().translate(table) + r.choice("!?") + str(r.randint(10, 99))
    return _s(r, ALNUM, r.randint(12, 20))


def _shell_password(r: random.Random) -> str:
    """A password that can be written unquoted in a shell command."""
    style = r.choice(("word", "plain", "sym"))
    if style == "word":
        return r.choice(WORDS).capitalize() + r.choice("@%_+.") + str(r.randint(100, 99999))
    if style == "sym":
        return _s(r, ALNUM + SHELL_SAFE_SYMBOLS, r.randint(12, 20))
    return _s(r, ALNUM, r.randint(10, 18))


def _url_password(r: random.Random) -> str:
    """A password as it appears inside a URL (URL-safe or percent-encoded)."""
    if r.random() < 0.3:
        return quote(_password(r, "word"), safe="")
    return _s(r, URL_SAFE_PW, r.randint(12, 28))


def _pem_body(r: random.Random, prefix: str, total: int) -> list[str]:
    body = prefix + _s(r, B64, total - len(prefix))
    return [body[i : i + 64] for i in range(0, len(body), 64)]


# --- filler lines -------------------------------------------------------------------------


def _env_filler(r: random.Random, n: int) -> list[str]:
    pool = [
        "NODE_ENV=production",
        f"PORT={r.choice((3000, 8000, 8080, 5000))}",
        f"LOG_LEVEL={r.choice(('info', 'debug', 'warn'))}",
        f"DATABASE_HOST={_host(r)}",
        "DATABASE_PORT=5432",
        "REDIS_PORT=6379",
        f"AWS_REGION={r.choice(REGIONS)}",
        f"APP_NAME={r.choice(SERVICES)}",
        "FEATURE_NEW_CHECKOUT=false",
        f"SENTRY_ENVIRONMENT={r.choice(ENVS)}",
        "TZ=UTC",
        f"WORKERS={r.randint(2, 16)}",
        f"PUBLIC_URL=https://{_domain(r)}",
        "# --- third party ---",
        "",
    ]
    return r.sample(pool, k=min(n, len(pool)))


def _log_prefix(r: random.Random) -> str:
    return f"{_date(r)}.{r.randint(0, 999):03d}Z {r.choice(('INFO', 'DEBUG', 'WARN', 'ERROR'))}"


def _with_filler(r: random.Random, line: str, filler: list[str]) -> str:
    lines = list(filler)
    lines.insert(r.randint(0, len(lines)), line)
    return "\n".join(lines)


# --- forms --------------------------------------------------------------------------------

_MAKERS: dict[str, Maker] = {}


def _form(name: str) -> Callable[[Maker], Maker]:
    def deco(fn: Maker) -> Maker:
        _MAKERS[name] = fn
        return fn

    return deco


def _aws_key_id(r: random.Random, temp: bool = False) -> str:
    return ("ASIA" if temp else "AKIA") + _s(r, BASE32, 16)


def _aws_secret(r: random.Random) -> str:
    return _s(r, ALNUM + "/+", 40)


# Cloud providers -----------------------------------------------------------------------


@_form("aws-access-key-id")
def _aws_access_key_id(r: random.Random) -> Made:
    kid = _aws_key_id(r)
    user = f"{r.choice(SERVICES)}-{r.choice(('ci', 'deployer', 'uploader'))}"
    return _pick(
        r,
        kid,
        [
            ("tool_call", f"export AWS_ACCESS_KEY_ID={kid}"),
            (
                "tool",
                "{\n"
                '    "AccessKey": {\n'
                f'        "UserName": "{user}",\n'
                f'        "AccessKeyId": "{kid}",\n'
                '        "Status": "Active",\n'
                f'        "CreateDate": "{_date(r)}+00:00"\n'
                "    }\n"
                "}",
            ),
            (
                "tool",
                f"An error occurred (InvalidClientTokenId) when calling the GetCallerIdentity "
                f"operation: The security token included in the request is invalid. "
                f"(key {kid})",
            ),
            ("user", f"the IAM user {user} has access key {kid}, can you check its policies"),
            (
                "assistant",
                f"The failing call uses access key `{kid}`, which belongs to `{user}`; that user has no `s3:PutObject` permission.",
            ),
        ],
    )


@_form("aws-secret-key-env")
def _aws_secret_env(r: random.Random) -> Made:
    sk = _aws_secret(r)
    kid = _aws_key_id(r)
    q = r.choice(("", '"', "'"))
    return _pick(
        r,
        sk,
        [
            (
                "tool",
                _with_filler(
                    r,
                    f"AWS_SECRET_ACCESS_KEY={q}{sk}{q}",
                    [f"AWS_ACCESS_KEY_ID={kid}", *_env_filler(r, 5)],
                ),
            ),
            (
                "tool_call",
                f"AWS_ACCESS_KEY_ID={kid} AWS_SECRET_ACCESS_KEY={sk} aws s3 ls "
                f"s3://{r.choice(COMPANIES)}-{r.choice(('backups', 'assets', 'logs'))}/",
            ),
            (
                "tool",
                f"      env:\n        - name: AWS_ACCESS_KEY_ID\n          value: {kid}\n"
                f"        - name: AWS_SECRET_ACCESS_KEY\n          value: {sk}\n"
                f"        - name: AWS_DEFAULT_REGION\n          value: {r.choice(REGIONS)}",
            ),
            (
                "tool_call",
                f"docker run --rm -e AWS_SECRET_ACCESS_KEY='{sk}' -e AWS_REGION=us-east-1 "
                f"amazon/aws-cli sts get-caller-identity",
            ),
        ],
    )


@_form("aws-secret-key-prose")
def _aws_secret_prose(r: random.Random) -> Made:
    sk = _aws_secret(r)
    kid = _aws_key_id(r)
    return _pick(
        r,
        sk,
        [
            ("user", f"ok the secret key is {sk} (the id is {kid}). try the upload again"),
            ("user", f"secret: {sk}\nthat's for the {r.choice(ENVS)} account, don't commit it"),
            ("user", f"I rotated it, new one is {sk}"),
            (
                "assistant",
                f"I'll configure the profile with the key you gave me ({sk}) and then run "
                f"`aws sts get-caller-identity` to confirm it works.",
            ),
            ("user", f"{kid} / {sk}"),
        ],
    )


@_form("aws-configure-set")
def _aws_configure_set(r: random.Random) -> Made:
    sk = _aws_secret(r)
    prof = r.choice(("default", "staging", "prod", "ci", r.choice(COMPANIES)))
    pflag = "" if prof == "default" else f" --profile {prof}"
    return _pick(
        r,
        sk,
        [
            ("tool_call", f"aws configure set aws_secret_access_key {sk}{pflag}"),
            (
                "tool_call",
                f"aws configure set aws_access_key_id {_aws_key_id(r)}{pflag} && "
                f"aws configure set aws_secret_access_key {sk}{pflag} && "
                f"aws configure set region {r.choice(REGIONS)}{pflag}",
            ),
            (
                "tool_call",
                f'aws configure set{pflag} aws_secret_access_key "{sk}"',
            ),
        ],
    )


@_form("aws-credentials-file")
def _aws_credentials_file(r: random.Random) -> Made:
    sk = _aws_secret(r)
    kid = _aws_key_id(r)
    prof = r.choice(("default", "staging", "prod", "personal"))
    sep = r.choice((" = ", "=", " ="))
    other = _aws_key_id(r)
    return _pick(
        r,
        sk,
        [
            (
                "tool",
                f"[{prof}]\naws_access_key_id{sep}{kid}\naws_secret_access_key{sep}{sk}\n"
                f"region{sep}{r.choice(REGIONS)}\n\n[readonly]\nrole_arn = arn:aws:iam::"
                f"{r.randint(10**11, 10**12 - 1)}:role/ReadOnly\nsource_profile = {prof}",
            ),
            (
                "user",
                f"here's my ~/.aws/credentials:\n```\n[{prof}]\naws_access_key_id = {kid}\n"
                f"aws_secret_access_key = {sk}\n```\nwhy does it say the profile is not found?",
            ),
            (
                "tool",
                f"$ cat ~/.aws/credentials\n[default]\naws_access_key_id = {other}\n"
                f"aws_secret_access_key = {sk}\noutput = json",
            ),
        ],
    )


@_form("aws-session-token")
def _aws_session_token(r: random.Random) -> Made:
    tok = "IQoJb3JpZ2luX2Vj" + _s(r, B64, r.randint(340, 700))
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                '{\n    "Credentials": {\n'
                f'        "AccessKeyId": "{_aws_key_id(r, temp=True)}",\n'
                f'        "SecretAccessKey": "{_aws_secret(r)}",\n'
                f'        "SessionToken": "{tok}",\n'
                f'        "Expiration": "{_date(r)}+00:00"\n    }}\n}}',
            ),
            ("tool_call", f"export AWS_SESSION_TOKEN={tok}"),
        ],
    )


def _gcp_key_json(r: random.Random, body_lines: list[str], project: str) -> str:
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body_lines) + "\n-----END PRIVATE KEY-----\n"
    sa = f"{r.choice(SERVICES)}-sa@{project}.iam.gserviceaccount.com"
    doc = {
        "type": "service_account",
        "project_id": project,
        "private_key_id": _s(r, HEX, 40),
        "private_key": pem,
        "client_email": sa,
        "client_id": str(r.randint(10**20, 10**21 - 1)),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/" + quote(sa),
        "universe_domain": "googleapis.com",
    }
    return json.dumps(doc, indent=r.choice((2, 4)))


@_form("gcp-service-account-json")
def _gcp_sa(r: random.Random) -> Made:
    project = f"{r.choice(COMPANIES)}-{r.choice(ENVS)}-{r.randint(100000, 999999)}"
    lines = _pem_body(
        r, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", r.randint(1600, 1640)
    )
    secret = lines[2]
    text = _gcp_key_json(r, lines, project)
    return _pick(
        r,
        secret,
        [
            ("tool", text),
            ("user", f"the service account key is below, put it in the secret manager\n{text}"),
            ("tool", f"$ cat credentials/{project}.json\n{text}"),
        ],
    )


@_form("google-api-key")
def _google_api_key(r: random.Random) -> Made:
    key = "AIza" + _s(r, B64URL, 35)
    return _pick(
        r,
        key,
        [
            (
                "tool_call",
                f'curl "https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={key}"',
            ),
            ("tool", _with_filler(r, f"GOOGLE_MAPS_API_KEY={key}", _env_filler(r, 4))),
            ("user", f"use this gemini key: {key}"),
            (
                "tool",
                f'const firebaseConfig = {{\n  apiKey: "{key}",\n  authDomain: '
                f'"{r.choice(COMPANIES)}-app.firebaseapp.com",\n  projectId: '
                f'"{r.choice(COMPANIES)}-app",\n}};',
            ),
            (
                "tool",
                f'{{\n  "error": {{\n    "code": 400,\n    "message": "API key not valid. '
                f'Please pass a valid API key.",\n    "status": "INVALID_ARGUMENT"\n  }}\n}}\n'
                f"request: GET /v1/models?key={key}",
            ),
        ],
    )


@_form("google-oauth-client-secret")
def _google_oauth(r: random.Random) -> Made:
    sec = "GOCSPX-" + _s(r, B64URL, 28)
    cid = f"{r.randint(10**11, 10**12 - 1)}-{_s(r, LOWER_ALNUM, 32)}.apps.googleusercontent.com"
    doc = {
        "web": {
            "client_id": cid,
            "project_id": f"{r.choice(COMPANIES)}-login",
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "client_secret": sec,
            "redirect_uris": [f"https://{_domain(r)}/auth/callback"],
        }
    }
    return _pick(
        r,
        sec,
        [
            ("tool", json.dumps(doc)),
            ("tool", f"GOOGLE_CLIENT_ID={cid}\nGOOGLE_CLIENT_SECRET={sec}"),
            ("user", f"client id {cid}\nclient secret {sec}"),
        ],
    )


@_form("azure-storage-connection-string")
def _azure_conn(r: random.Random) -> Made:
    key = _b64(r, 64)
    acct = f"{r.choice(COMPANIES)}{r.choice(ENVS)}{r.randint(1, 99)}"
    conn = (
        f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};"
        "EndpointSuffix=core.windows.net"
    )
    return _pick(
        r,
        key,
        [
            (
                "tool",
                _with_filler(r, f'AZURE_STORAGE_CONNECTION_STRING="{conn}"', _env_filler(r, 4)),
            ),
            (
                "tool",
                '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": '
                f'"{conn}",\n    "FUNCTIONS_WORKER_RUNTIME": "python"\n  }}\n}}',
            ),
            (
                "tool_call",
                f'az storage blob list --container-name uploads --connection-string "{conn}"',
            ),
            ("user", f"conn string for the blob account: {conn}"),
            (
                "assistant",
                f"Set `AZURE_STORAGE_CONNECTION_STRING` to `{conn}` in the function app settings and restart it.",
            ),
        ],
    )


@_form("azure-sas-token")
def _azure_sas(r: random.Random) -> Made:
    sig = quote(_b64(r, 32), safe="")
    acct = f"{r.choice(COMPANIES)}store"
    qs = (
        f"sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2026-0{r.randint(1, 9)}-01T00:00:00Z"
        f"&st=2025-01-01T00:00:00Z&spr=https&sig={sig}"
    )
    url = f"https://{acct}.blob.core.windows.net/exports/report.csv?{qs}"
    return _pick(
        r,
        sig,
        [
            ("tool_call", f'azcopy copy ./dist "{url}" --recursive'),
            ("user", f"here's a SAS URL that works until next year: {url}"),
            (
                "tool",
                f"{_log_prefix(r)} uploading to {url}\n{_log_prefix(r)} 403 AuthorizationFailure",
            ),
        ],
    )


# CI systems ---------------------------------------------------------------------------


@_form("github-pat-classic")
def _gh_classic(r: random.Random) -> Made:
    tok = "ghp_" + _s(r, ALNUM, 36)
    repo = _repo(r)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"git remote set-url origin https://{tok}@github.com/{repo}.git"),
            ("user", f"here's my token {tok}, it has repo + workflow scope"),
            (
                "assistant",
                f"The push failed because the remote URL still embeds the old token. I replaced it with `{tok}` and the push went through.",
            ),
            ("tool_call", f"echo {tok} | gh auth login --with-token"),
            (
                "tool",
                f"$ git remote -v\norigin\thttps://x-access-token:{tok}@github.com/{repo}.git "
                f"(fetch)\norigin\thttps://x-access-token:{tok}@github.com/{repo}.git (push)",
            ),
            (
                "tool_call",
                f'curl -H "Authorization: token {tok}" https://api.github.com/repos/{repo}/pulls',
            ),
        ],
    )


@_form("github-pat-fine-grained")
def _gh_fine(r: random.Random) -> Made:
    tok = "github_pat_" + _s(r, UPPER_ALNUM, 22) + "_" + _s(r, ALNUM, 59)
    return _pick(
        r,
        tok,
        [
            ("tool", _with_filler(r, f"GITHUB_TOKEN={tok}", _env_filler(r, 3))),
            ("user", f"new fine-grained PAT (read-only on contents): {tok}"),
            (
                "tool_call",
                f"GH_TOKEN={tok} gh release create v{r.randint(1, 4)}.{r.randint(0, 20)}.0",
            ),
        ],
    )


@_form("github-app-token")
def _gh_app(r: random.Random) -> Made:
    tok = r.choice(("ghs_", "gho_", "ghu_")) + _s(r, ALNUM, 36)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"##[debug]Evaluating: secrets.GITHUB_TOKEN\n##[debug]Result: '{tok}'\n"
                "##[debug]Finishing: Checkout",
            ),
            (
                "tool",
                f'{{"token": "{tok}", "expires_at": "{_date(r)}Z", "permissions": '
                f'{{"contents": "write"}}}}',
            ),
        ],
    )


@_form("gitlab-token")
def _gitlab(r: random.Random) -> Made:
    tok = r.choice(("glpat-", "glpat-", "gldt-", "glptt-")) + _s(r, B64URL, 20)
    host = r.choice(("gitlab.com", f"gitlab.{_domain(r)}"))
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f'curl --header "PRIVATE-TOKEN: {tok}" "https://{host}/api/v4/projects?owned=true"',
            ),
            ("tool_call", f"git clone https://oauth2:{tok}@{host}/{_repo(r)}.git"),
            ("user", f"gitlab token: {tok}"),
            (
                "assistant",
                f"I added `GITLAB_TOKEN={tok}` as a masked CI/CD variable; the pipeline can now push tags.",
            ),
            ("tool", f"variables:\n  GITLAB_TOKEN: {tok}\n  DOCKER_DRIVER: overlay2"),
        ],
    )


@_form("circleci-token")
def _circleci(r: random.Random) -> Made:
    if r.random() < 0.6:
        tok = "CCIPAT_" + _s(r, ALNUM, 22) + "_" + _s(r, HEX, 40)
    else:
        tok = _s(r, HEX, 40)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f'curl -X POST -H "Circle-Token: {tok}" '
                f"https://circleci.com/api/v2/project/gh/{_repo(r)}/pipeline",
            ),
            ("tool", f"token: {tok}\nhost: https://circleci.com\n"),
            ("tool_call", f"circleci setup --no-prompt --token {tok} --host https://circleci.com"),
            ("user", f"CIRCLE_TOKEN={tok}"),
        ],
    )


@_form("npm-token")
def _npm(r: random.Random) -> Made:
    tok = "npm_" + _s(r, ALNUM, 36)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={tok}\n"
                "save-exact=true",
            ),
            (
                "tool_call",
                f'echo "//registry.npmjs.org/:_authToken={tok}" > ~/.npmrc && npm publish',
            ),
            ("user", f"npm automation token is {tok}"),
            ("tool_call", f"NPM_TOKEN={tok} pnpm publish --access public"),
        ],
    )


@_form("pypi-token")
def _pypi(r: random.Random) -> Made:
    tok = "pypi-AgEIcHlwaS5vcmc" + _s(r, B64URL, r.randint(150, 190))
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\n"
                f"password = {tok}",
            ),
            ("tool_call", f"twine upload -u __token__ -p {tok} dist/*"),
            ("tool_call", f"UV_PUBLISH_TOKEN={tok} uv publish"),
            ("user", f"publish with this: {tok}"),
        ],
    )


@_form("dockerhub-pat")
def _dockerhub(r: random.Random) -> Made:
    tok = "dckr_pat_" + _s(r, B64URL, 27)
    user = r.choice(USERS) + str(r.randint(1, 99))
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"echo {tok} | docker login -u {user} --password-stdin"),
            ("tool_call", f"docker login -u {user} -p {tok} docker.io"),
            ("user", f"dockerhub user {user}, token {tok}"),
            (
                "assistant",
                f"Logged in to Docker Hub as {user} using the access token {tok}; the image push should work now.",
            ),
            ("tool", f"DOCKERHUB_USERNAME={user}\nDOCKERHUB_TOKEN={tok}"),
        ],
    )


# Databases ----------------------------------------------------------------------------


@_form("postgres-url-password")
def _pg_url(r: random.Random) -> Made:
    pw = _url_password(r)
    user = r.choice(USERS)
    scheme = r.choice(("postgres", "postgresql", "postgresql+psycopg", "postgresql+asyncpg"))
    url = f"{scheme}://{user}:{pw}@{_host(r)}:5432/{r.choice(DBNAMES)}"
    return _pick(
        r,
        pw,
        [
            ("tool", _with_filler(r, f"DATABASE_URL={url}", _env_filler(r, 5))),
            ("tool_call", f'psql "{url}?sslmode=require" -c "select count(*) from users"'),
            (
                "tool",
                f"sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: "
                f'FATAL:  password authentication failed for user "{user}"\n'
                f"(Background on this error at: https://sqlalche.me/e/20/e3q8)\nurl={url}",
            ),
            ("user", f"prod db is {url} — read only please"),
            (
                "assistant",
                f"The app reads `DATABASE_URL` ({url}) at startup, so the migration ran against {scheme} on that host.",
            ),
        ],
    )


@_form("mysql-url-password")
def _mysql_url(r: random.Random) -> Made:
    pw = _url_password(r)
    url = f"mysql://{r.choice(USERS)}:{pw}@{_host(r)}:3306/{r.choice(DBNAMES)}"
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"spring.datasource.url=jdbc:{url}?useSSL=true\nspring.jpa.hibernate.ddl-auto=none",
            ),
            ("tool", _with_filler(r, f'MYSQL_URL="{url}"', _env_filler(r, 4))),
            ("user", f"connect with {url}"),
            (
                "assistant",
                f"I connected using `{url}` and the `orders` table has 3 rows with a NULL status.",
            ),
            (
                "tool_call",
                f"DATABASE_URL={url.replace('mysql://', 'mysql2://')} bin/rails db:migrate",
            ),
        ],
    )


@_form("mongodb-url-password")
def _mongo_url(r: random.Random) -> Made:
    pw = _url_password(r)
    cluster = f"cluster{r.randint(0, 9)}.{_s(r, LOWER_ALNUM, 5)}.mongodb.net"
    url = f"mongodb+srv://{r.choice(USERS)}:{pw}@{cluster}/?retryWrites=true&w=majority"
    return _pick(
        r,
        pw,
        [
            ("tool_call", f'mongosh "{url}" --eval "db.stats()"'),
            ("tool", _with_filler(r, f"MONGO_URI={url}", _env_filler(r, 4))),
            (
                "tool",
                f"MongoServerError: bad auth : authentication failed\n    at Connection.onMessage "
                f"(node_modules/mongodb/lib/cmap/connection.js:202:26)\n  uri: '{url}'",
            ),
            ("user", f"atlas connection string: {url}"),
        ],
    )


@_form("redis-url-password")
def _redis_url(r: random.Random) -> Made:
    pw = _s(r, ALNUM, r.randint(20, 40))
    user = r.choice(("", "default"))
    scheme = r.choice(("redis", "rediss"))
    url = f"{scheme}://{user}:{pw}@{_host(r)}:{r.choice((6379, 6380, 25061))}/0"
    return _pick(
        r,
        pw,
        [
            ("tool", _with_filler(r, f"REDIS_URL={url}", _env_filler(r, 4))),
            ("tool", f"celery:\n  broker_url: {url}\n  result_backend: {url}"),
            ("tool_call", f"redis-cli -u {url} ping"),
        ],
    )


@_form("redis-cli-a-flag")
def _redis_a(r: random.Random) -> Made:
    pw = _shell_password(r)
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            ("tool_call", f"redis-cli -h {host} -p 6379 -a {pw} INFO keyspace"),
            ("tool_call", f"redis-cli -h {host} -a '{pw}' --no-auth-warning FLUSHDB"),
            ("tool", f"requirepass {pw}\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru"),
        ],
    )


@_form("mysql-p-flag")
def _mysql_p(r: random.Random) -> Made:
    pw = _shell_password(r)
    db = r.choice(DBNAMES)
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            ("tool_call", f"mysql -u root -p{pw} -e 'SHOW DATABASES;'"),
            ("tool_call", f"mysql -h {host} -u{r.choice(USERS)} -p'{pw}' {db} < schema.sql"),
            (
                "tool_call",
                f"mysqldump -uroot -p{pw} --single-transaction {db} | gzip > {db}.sql.gz",
            ),
            ("tool_call", f'docker exec -it db mysql -uroot -p"{pw}" {db}'),
            (
                "tool",
                f"+ mysqladmin -u root -p{pw} status\nmysqladmin: [Warning] Using a password on "
                "the command line interface can be insecure.\nUptime: 81234  Threads: 2",
            ),
        ],
    )


@_form("pgpassword-env")
def _pgpassword(r: random.Random) -> Made:
    pw = _shell_password(r)
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"PGPASSWORD={pw} psql -h {host} -U {r.choice(USERS)} -d {r.choice(DBNAMES)}",
            ),
            (
                "tool_call",
                f"export PGPASSWORD='{pw}'\npg_dump -h {host} -U postgres -Fc app > app.dump",
            ),
            ("tool", f"      - PGPASSWORD={pw}\n      - PGHOST={host}\n      - PGUSER=postgres"),
            ("tool", f"{host}:5432:*:{r.choice(USERS)}:{pw}"),
        ],
    )


@_form("psql-conninfo-password")
def _psql_conninfo(r: random.Random) -> Made:
    pw = _shell_password(r)
    host = _host(r)
    conninfo = (
        f"host={host} port=5432 dbname={r.choice(DBNAMES)} user={r.choice(USERS)} "
        f"password={pw} sslmode=require"
    )
    return _pick(
        r,
        pw,
        [
            ("tool_call", f'psql "{conninfo}" -c "\\dt"'),
            ("tool", f'conn = psycopg.connect("{conninfo}")'),
            ("tool", f"psql: error: connection to server failed\nDSN: {conninfo}"),
        ],
    )


@_form("cli-password-space")
def _cli_password_space(r: random.Random) -> Made:
    pw = _shell_password(r)
    user = r.choice(USERS)
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"mongodump --host {host} --username {user} --password {pw} --out /tmp/dump",
            ),
            ("tool_call", f"rabbitmqctl add_user {user} {pw}"),
            (
                "tool_call",
                f"helm repo add internal https://charts.{_domain(r)} --username {user} --password {pw}",
            ),
            (
                "tool_call",
                f"influx setup --username {user} --password {pw} --org {r.choice(COMPANIES)} --force",
            ),
            (
                "tool_call",
                f"./manage.py createsuperuser --username {user} --password '{pw}' --noinput",
            ),
            ("tool_call", f"keytool -importcert -file ca.pem -keystore trust.jks -storepass {pw}"),
        ],
    )


@_form("sshpass-p")
def _sshpass(r: random.Random) -> Made:
    pw = _shell_password(r)
    user = r.choice(USERS)
    ip = _ip(r)
    return _pick(
        r,
        pw,
        [
            ("tool_call", f"sshpass -p '{pw}' ssh -o StrictHostKeyChecking=no {user}@{ip} uptime"),
            ("tool_call", f"sshpass -p {pw} scp build.tar.gz {user}@{ip}:/opt/app/"),
            ("tool_call", f'sshpass -p "{pw}" rsync -az ./dist/ {user}@{ip}:/var/www/'),
        ],
    )


# Chat tools -----------------------------------------------------------------------------


@_form("slack-bot-token")
def _slack_bot(r: random.Random) -> Made:
    kind = r.choice(("xoxb", "xoxb", "xoxp", "xapp"))
    if kind == "xoxb":
        tok = f"xoxb-{r.randint(10**10, 10**13)}-{r.randint(10**10, 10**13)}-{_s(r, ALNUM, 24)}"
    elif kind == "xoxp":
        tok = (
            f"xoxp-{r.randint(10**10, 10**13)}-{r.randint(10**10, 10**13)}-"
            f"{r.randint(10**10, 10**13)}-{_s(r, HEX, 32)}"
        )
    else:
        tok = f"xapp-1-A{_s(r, UPPER_ALNUM, 10)}-{r.randint(10**12, 10**13)}-{_s(r, HEX, 64)}"
    return _pick(
        r,
        tok,
        [
            ("tool", _with_filler(r, f"SLACK_BOT_TOKEN={tok}", _env_filler(r, 4))),
            (
                "tool_call",
                f'curl -s -H "Authorization: Bearer {tok}" -d channel=C{_s(r, UPPER_ALNUM, 10)} '
                '-d text="deploy finished" https://slack.com/api/chat.postMessage',
            ),
            ("user", f"bot token {tok} — it's already in the workspace"),
            (
                "assistant",
                f"Your bot token ({tok}) lacks the `chat:write` scope, which is why posting fails.",
            ),
            ("tool", f"slack_sdk.errors.SlackApiError: invalid_auth\ntoken={tok}"),
        ],
    )


@_form("slack-webhook")
def _slack_webhook(r: random.Random) -> Made:
    tok = _s(r, ALNUM, 24)
    url = (
        f"https://hooks.slack.com/services/T{_s(r, UPPER_ALNUM, r.randint(8, 10))}/"
        f"B{_s(r, UPPER_ALNUM, r.randint(8, 10))}/{tok}"
    )
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"hi\"}}' {url}",
            ),
            ("user", f"post alerts to {url}"),
            (
                "tool",
                f"alertmanager:\n  receivers:\n    - name: slack\n      slack_configs:\n"
                f"        - api_url: {url}\n          channel: '#alerts'",
            ),
            ("tool", _with_filler(r, f"SLACK_WEBHOOK_URL={url}", _env_filler(r, 3))),
        ],
    )


@_form("discord-webhook")
def _discord(r: random.Random) -> Made:
    tok = _s(r, B64URL, 68)
    url = f"https://{r.choice(('discord.com', 'discordapp.com'))}/api/webhooks/{r.randint(10**17, 10**19 - 1)}/{tok}"
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f'curl -H "Content-Type: application/json" -d \'{{"content": "build ok"}}\' "{url}"',
            ),
            ("user", f"discord webhook for the #releases channel: {url}"),
            (
                "tool",
                f'DISCORD_WEBHOOK = "{url}"\n\ndef notify(msg):\n    requests.post(DISCORD_WEBHOOK, json={{"content": msg}})',
            ),
        ],
    )


@_form("telegram-bot-token")
def _telegram(r: random.Random) -> Made:
    secret = "AA" + _s(r, B64URL, 33)
    tok = f"{r.randint(10**8, 10**10 - 1)}:{secret}"
    return _pick(
        r,
        secret,
        [
            (
                "tool_call",
                f'curl "https://api.telegram.org/bot{tok}/sendMessage?chat_id=-100{r.randint(10**9, 10**10)}&text=ok"',
            ),
            ("user", f"BotFather gave me this: {tok}"),
            ("tool", _with_filler(r, f"TELEGRAM_BOT_TOKEN={tok}", _env_filler(r, 4))),
            (
                "tool",
                f'telegram.error.InvalidToken: Invalid token\n  File "bot.py", line 12, in <module>\n    app = Application.builder().token("{tok}").build()',
            ),
        ],
    )


@_form("teams-webhook")
def _teams(r: random.Random) -> Made:
    tok = _s(r, HEX, 32)
    url = (
        f"https://{r.choice(COMPANIES)}.webhook.office.com/webhookb2/{_uuid(r)}@{_uuid(r)}"
        f"/IncomingWebhook/{tok}/{_uuid(r)}/V2{_s(r, B64URL, 42)}"
    )
    return _pick(
        r,
        tok,
        [
            ("user", f"teams channel webhook: {url}"),
            ("tool", f"notifications:\n  teams:\n    url: {url}"),
            ("tool_call", f"curl -H 'Content-Type: application/json' -d @card.json '{url}'"),
        ],
    )


# HTTP -------------------------------------------------------------------------------------


@_form("curl-basic-auth")
def _curl_u(r: random.Random) -> Made:
    pw = _shell_password(r)
    user = r.choice(USERS)
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            ("tool_call", f"curl -u {user}:{pw} https://{host}/api/v1/status"),
            ("tool_call", f"curl -s --user '{user}:{pw}' -X PUT https://{host}/_cluster/settings"),
            (
                "tool_call",
                f'curl -fsS -u "{user}:{pw}" https://{host}/artifactory/api/repositories',
            ),
            ("tool_call", f"wget --user={user} --password={pw} https://{host}/exports/dump.tgz"),
        ],
    )


def _opaque_token(r: random.Random) -> str:
    return r.choice(
        (
            _s(r, ALNUM, r.randint(32, 48)),
            _s(r, B64URL, 43),
            f"{_s(r, HEX, 8)}-{_s(r, ALNUM + '.', 40)}",
        )
    )


@_form("authorization-bearer")
def _bearer(r: random.Random) -> Made:
    tok = _opaque_token(r)
    host = _host(r)
    h = r.choice(("Authorization", "authorization", "AUTHORIZATION"))
    return _pick(
        r,
        tok,
        [
            ("tool_call", f'curl -H "{h}: Bearer {tok}" https://{host}/v2/orders?limit=5'),
            (
                "tool",
                f"> GET /v2/orders HTTP/1.1\n> Host: {host}\n> User-Agent: curl/8.5.0\n"
                f"> Accept: */*\n> {h}: Bearer {tok}\n>\n< HTTP/1.1 401 Unauthorized",
            ),
            ("user", f"the API wants `Authorization: Bearer {tok}`, can you add it to the client"),
            ("tool", f'headers = {{"{h}": "Bearer {tok}", "Accept": "application/json"}}'),
        ],
    )


@_form("authorization-basic")
def _basic(r: random.Random) -> Made:
    cred = base64.b64encode(f"{r.choice(USERS)}:{_password(r)}".encode()).decode()
    host = _host(r)
    return _pick(
        r,
        cred,
        [
            ("tool_call", f"curl -H 'Authorization: Basic {cred}' https://{host}/api/health"),
            ("tool", f"GET /metrics HTTP/1.1\r\nHost: {host}\r\nAuthorization: Basic {cred}\r\n"),
            ("tool", f"  - name: Authorization\n    value: Basic {cred}"),
        ],
    )


@_form("x-api-key-header")
def _x_api_key(r: random.Random) -> Made:
    key = r.choice((_s(r, HEX, 32), _s(r, ALNUM, 40), _uuid(r).replace("-", "") + _s(r, HEX, 8)))
    host = _host(r)
    h = r.choice(("x-api-key", "X-API-Key", "X-Api-Key", "api-key"))
    return _pick(
        r,
        key,
        [
            ("tool_call", f'curl -H "{h}: {key}" https://{host}/v1/search?q=shoes'),
            ("tool", f"request headers: {{'{h}': '{key}', 'content-type': 'application/json'}}"),
            ("user", f"send `{h}: {key}` with every request"),
        ],
    )


@_form("session-cookie")
def _cookie(r: random.Random) -> Made:
    name, val = r.choice(
        (
            ("sessionid", _s(r, LOWER_ALNUM, 32)),
            ("connect.sid", "s%3A" + _s(r, B64URL, 32) + "." + _s(r, B64URL, 43)),
            ("_session_id", _s(r, HEX, 32)),
            ("PHPSESSID", _s(r, LOWER_ALNUM, 26)),
            ("laravel_session", _b64(r, 60).rstrip("=")),
        )
    )
    host = _host(r)
    csrf = _s(r, ALNUM, 32)
    return _pick(
        r,
        val,
        [
            (
                "tool_call",
                f"curl 'https://{host}/admin/' -H 'Cookie: csrftoken={csrf}; {name}={val}'",
            ),
            (
                "tool",
                f"< HTTP/2 302\n< location: /dashboard\n< set-cookie: {name}={val}; Path=/; HttpOnly; Secure; SameSite=Lax",
            ),
            ("user", f"I'm logged in, my cookie is {name}={val} — scrape the orders page with it"),
        ],
    )


# Config files ---------------------------------------------------------------------------


@_form("dotenv-secret-line")
def _dotenv(r: random.Random) -> Made:
    name, val = r.choice(
        (
            ("SECRET_KEY", _s(r, ALNUM + "!@#%^&*(-_=+)", 50)),
            ("DJANGO_SECRET_KEY", "django-insecure-" + _s(r, LOWER_ALNUM + "!@#%^&*(-_=+)", 50)),
            ("JWT_SECRET", _s(r, HEX, 64)),
            ("SENDGRID_API_KEY", "SG." + _s(r, B64URL, 22) + "." + _s(r, B64URL, 43)),
            ("MAILGUN_API_KEY", _s(r, HEX, 32) + "-" + _s(r, HEX, 8) + "-" + _s(r, HEX, 8)),
            ("DB_PASSWORD", _password(r)),
            ("APP_KEY", "base64:" + _b64(r, 32)),
            ("ENCRYPTION_KEY", _b64(r, 32)),
        )
    )
    q = r.choice(("", "", '"')) if not any(c in val for c in "#$ ") else '"'
    line = f"{name}={q}{val}{q}"
    return _pick(
        r,
        val,
        [
            ("tool", _with_filler(r, line, _env_filler(r, r.randint(3, 8)))),
            ("tool", "$ cat .env\n" + _with_filler(r, line, _env_filler(r, 5))),
            ("user", f"add {line} to the env file"),
        ],
    )


@_form("stripe-secret-key")
def _stripe(r: random.Random) -> Made:
    key = r.choice(("sk_live_", "rk_live_", "sk_test_")) + _s(r, ALNUM, r.choice((24, 99)))
    return _pick(
        r,
        key,
        [
            ("tool", _with_filler(r, f"STRIPE_SECRET_KEY={key}", _env_filler(r, 4))),
            ("tool_call", f"curl https://api.stripe.com/v1/charges -u {key}: -d limit=3"),
            ("tool", f'stripe.api_key = "{key}"\ncustomer = stripe.Customer.retrieve(cid)'),
        ],
    )


@_form("yaml-unquoted-password")
def _yaml_password(r: random.Random) -> Made:
    pw = _password(r, r.choice(("word", "random", "leet")))
    key = r.choice(("password", "db_password", "Password", "pass", "admin_password"))
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"database:\n  host: {_host(r)}\n  port: 5432\n  user: {r.choice(USERS)}\n"
                f"  {key}: {pw}\n  pool_size: {r.randint(5, 30)}",
            ),
            (
                "tool",
                f"spring:\n  datasource:\n    url: jdbc:postgresql://{_host(r)}/app\n"
                f"    username: app\n    {key}: {pw}\n  jpa:\n    open-in-view: false",
            ),
            (
                "tool",
                f"smtp:\n  server: smtp.{_domain(r)}\n  port: 587\n  username: noreply\n  {key}: {pw}",
            ),
        ],
    )


@_form("yaml-unquoted-api-key")
def _yaml_api_key(r: random.Random) -> Made:
    val = _s(r, r.choice((HEX, ALNUM)), r.choice((32, 40, 48)))
    key = r.choice(("api_key", "apiKey", "API_KEY", "apikey", "token", "access_token"))
    return _pick(
        r,
        val,
        [
            (
                "tool",
                f"datadog:\n  site: datadoghq.eu\n  {key}: {val}\n  tags:\n    - env:{r.choice(ENVS)}",
            ),
            (
                "tool",
                f"providers:\n  - name: weather\n    base_url: https://api.{_domain(r)}\n    {key}: {val}\n    timeout: 10",
            ),
            (
                "user",
                f"the config should look like\n\n```yaml\nsearch:\n  {key}: {val}\n  index: products\n```",
            ),
        ],
    )


@_form("yaml-unquoted-client-secret")
def _yaml_client_secret(r: random.Random) -> Made:
    val = r.choice((_s(r, ALNUM + "~._-", 40), _uuid(r), _s(r, B64URL, 48)))
    return _pick(
        r,
        val,
        [
            (
                "tool",
                f"oauth:\n  provider: azuread\n  client_id: {_uuid(r)}\n  client_secret: {val}\n"
                f"  tenant_id: {_uuid(r)}\n  scopes: [openid, email]",
            ),
            (
                "tool",
                f"auth:\n  keycloak:\n    realm: {r.choice(COMPANIES)}\n    clientSecret: {val}",
            ),
        ],
    )


@_form("ini-password")
def _ini(r: random.Random) -> Made:
    pw = _password(r)
    sep = r.choice((" = ", "=", ": "))
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"[client]\nuser{sep}{r.choice(USERS)}\npassword{sep}{pw}\nhost{sep}{_host(r)}\n\n"
                "[mysqldump]\nquick\nmax_allowed_packet = 64M",
            ),
            (
                "tool",
                f"[alembic]\nscript_location = migrations\n\n[database]\nhost = {_host(r)}\n"
                f"user = {r.choice(USERS)}\npasswd{sep}{pw}\n",
            ),
            (
                "tool",
                f"; odbc.ini\n[Reporting]\nDriver=PostgreSQL Unicode\nServer={_host(r)}\nUID=report\nPWD={pw}",
            ),
        ],
    )


@_form("json-config-secret")
def _json_cfg(r: random.Random) -> Made:
    val = r.choice((_password(r), _s(r, ALNUM, 40), _s(r, HEX, 64)))
    key = r.choice(("password", "apiSecret", "secret", "clientSecret", "signingKey", "auth_token"))
    doc = {
        "name": r.choice(SERVICES),
        "port": r.choice((3000, 8080)),
        "upstream": {"url": f"https://{_host(r)}", key: val, "retries": 3},
        "logging": {"level": "info"},
    }
    return _pick(
        r,
        val,
        [
            ("tool", json.dumps(doc, indent=2, ensure_ascii=False)),
            ("tool", json.dumps(doc, ensure_ascii=False)),
        ],
    )


@_form("toml-secret")
def _toml(r: random.Random) -> Made:
    val = r.choice((_password(r, "symbols").replace('"', ""), _s(r, ALNUM, 36)))
    key = r.choice(("password", "token", "secret_key", "api_token"))
    return _pick(
        r,
        val,
        [
            (
                "tool",
                f'[server]\nhost = "0.0.0.0"\nport = 8080\n\n[database]\nurl = "postgres://{_host(r)}/app"\n'
                f'user = "{r.choice(USERS)}"\n{key} = "{val}"\n',
            ),
            ("tool", f'[tool.poetry.http-basic.private]\nusername = "ci"\n{key} = "{val}"'),
            (
                "tool",
                f"[registries.internal]\nindex = \"https://crates.{_domain(r)}/index\"\n{key} = '{val}'",
            ),
        ],
    )


@_form("k8s-secret-base64")
def _k8s(r: random.Random) -> Made:
    plain = _password(r)
    b = base64.b64encode(plain.encode()).decode()
    user_b = base64.b64encode(r.choice(USERS).encode()).decode()
    key = r.choice(("password", "DB_PASSWORD", "api-token", "POSTGRES_PASSWORD"))
    manifest = (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {r.choice(SERVICES)}-db\n"
        f"  namespace: {r.choice(ENVS)}\ntype: Opaque\ndata:\n  username: {user_b}\n  {key}: {b}\n"
    )
    return _pick(
        r,
        b,
        [
            ("tool", manifest),
            ("tool", f"$ kubectl get secret {r.choice(SERVICES)}-db -o yaml\n{manifest}"),
            ("tool", f'$ kubectl get secret app -o jsonpath="{{.data.{key}}}"\n{b}'),
        ],
    )


@_form("netrc-password")
def _netrc(r: random.Random) -> Made:
    pw = r.choice((_shell_password(r), "ghp_" + _s(r, ALNUM, 36)))
    host = r.choice(
        ("github.com", f"git.{_domain(r)}", "api.heroku.com", f"artifacts.{_domain(r)}")
    )
    return _pick(
        r,
        pw,
        [
            ("tool", f"machine {host}\n  login {r.choice(USERS)}\n  password {pw}\n"),
            ("tool", f"$ cat ~/.netrc\nmachine {host} login {r.choice(USERS)} password {pw}"),
            ("tool_call", f"printf 'machine {host} login ci password {pw}\\n' >> ~/.netrc"),
        ],
    )


# LLM providers --------------------------------------------------------------------------


@_form("openai-key")
def _openai(r: random.Random) -> Made:
    kind = r.choice(("proj", "svc", "legacy"))
    if kind == "proj":
        key = "sk-proj-" + _s(r, B64URL, 156)
    elif kind == "svc":
        key = "sk-svcacct-" + _s(r, B64URL, 156)
    else:
        key = "sk-" + _s(r, ALNUM, 20) + "T3BlbkFJ" + _s(r, ALNUM, 20)
    return _pick(
        r,
        key,
        [
            ("tool", _with_filler(r, f"OPENAI_API_KEY={key}", _env_filler(r, 4))),
            ("user", f"use my key {key} for the eval run"),
            (
                "assistant",
                f"I exported OPENAI_API_KEY={key} in this shell only, then started the eval.",
            ),
            ("tool_call", f'export OPENAI_API_KEY="{key}" && python eval.py --model gpt-4o-mini'),
            (
                "tool",
                "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect "
                f"API key provided: {key}. You can find your API key at "
                "https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error'}}",
            ),
            ("tool", f'client = OpenAI(api_key="{key}")'),
        ],
    )


@_form("anthropic-key")
def _anthropic(r: random.Random) -> Made:
    key = "sk-ant-" + r.choice(("api03-", "admin01-")) + _s(r, B64URL, 93) + "AA"
    return _pick(
        r,
        key,
        [
            ("tool", _with_filler(r, f"ANTHROPIC_API_KEY={key}", _env_filler(r, 3))),
            (
                "tool_call",
                f'curl https://api.anthropic.com/v1/messages -H "x-api-key: {key}" -H "anthropic-version: 2023-06-01"',
            ),
            ("user", f"my anthropic key: {key}"),
        ],
    )


@_form("huggingface-token")
def _hf(r: random.Random) -> Made:
    tok = "hf_" + _s(r, string.ascii_letters, 34)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"huggingface-cli login --token {tok}"),
            ("tool_call", f"HF_TOKEN={tok} python train.py --push_to_hub"),
            ("user", f"hf token (write): {tok}"),
            ("tool", f'from huggingface_hub import login\nlogin(token="{tok}")'),
        ],
    )


@_form("groq-key")
def _groq(r: random.Random) -> Made:
    key = "gsk_" + _s(r, ALNUM, 52)
    return _pick(
        r,
        key,
        [
            ("tool", _with_filler(r, f"GROQ_API_KEY={key}", _env_filler(r, 3))),
            ("user", f"try groq instead, key is {key}"),
        ],
    )


@_form("openrouter-key")
def _openrouter(r: random.Random) -> Made:
    key = "sk-or-v1-" + _s(r, HEX, 64)
    return _pick(
        r,
        key,
        [
            (
                "tool_call",
                f'curl https://openrouter.ai/api/v1/chat/completions -H "Authorization: Bearer {key}" -d @req.json',
            ),
            ("tool", f"OPENROUTER_API_KEY={key}"),
        ],
    )


@_form("unprefixed-llm-key")
def _unprefixed(r: random.Random) -> Made:
    name, key = r.choice(
        (
            ("MISTRAL_API_KEY", _s(r, ALNUM, 32)),
            ("COHERE_API_KEY", _s(r, ALNUM, 40)),
            ("TOGETHER_API_KEY", _s(r, HEX, 64)),
            ("DEEPSEEK_API_KEY", "sk-" + _s(r, HEX, 32)),
        )
    )
    return _pick(
        r,
        key,
        [
            ("tool", _with_filler(r, f"{name}={key}", _env_filler(r, 4))),
            ("tool_call", f"export {name}={key}"),
            ("user", f"{name.split('_')[0].lower()} key → {key}"),
        ],
    )


# PEM keys and JWTs ------------------------------------------------------------------------


def _pem(r: random.Random, label: str, prefix: str, size: int) -> tuple[str, str]:
    lines = _pem_body(r, prefix, size)
    text = f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"
    return lines[2], text


@_form("pem-rsa-private-key")
def _pem_rsa(r: random.Random) -> Made:
    secret, pem = _pem(r, "RSA PRIVATE KEY", "MIIEpAIBAAKCAQEA", r.randint(1580, 1640))
    return _pick(
        r,
        secret,
        [
            ("tool", f"$ cat deploy/id_rsa\n{pem}"),
            ("user", f"here's the key for the bastion:\n{pem}"),
            ("tool", "TLS_KEY: |\n  " + pem.replace("\n", "\n  ")),
        ],
    )


@_form("pem-ec-private-key")
def _pem_ec(r: random.Random) -> Made:
    secret, pem = _pem(r, "EC PRIVATE KEY", "MHcCAQEEI", 164)
    return _pick(
        r,
        secret,
        [
            ("tool", f"$ openssl ecparam -name prime256v1 -genkey -noout\n{pem}"),
            ("tool", f"$ cat certs/server.key\n{pem}"),
            ("user", f"```\n{pem}\n```\nthis is the signing key for the webhook verifier"),
        ],
    )


@_form("pem-openssh-private-key")
def _pem_openssh(r: random.Random) -> Made:
    header = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    secret, pem = _pem(r, "OPENSSH PRIVATE KEY", header, r.choice((399, 2590)))
    return _pick(
        r,
        secret,
        [
            ("tool", f"$ cat ~/.ssh/id_ed25519\n{pem}"),
            ("user", f"use this deploy key\n\n{pem}\n"),
            (
                "tool",
                f"      - name: Write SSH key\n        run: |\n          echo '{pem}' > ~/.ssh/id_ed25519",
            ),
        ],
    )


@_form("pem-truncated")
def _pem_trunc(r: random.Random) -> Made:
    label = r.choice(
        ("RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY")
    )
    prefix = "b3BlbnNzaC1rZXktdjE" if label.startswith("OPENSSH") else "MII"
    lines = _pem_body(r, prefix, 64 * r.randint(3, 6))
    secret = lines[1]
    body = "\n".join(lines)
    return _pick(
        r,
        secret,
        [
            (
                "user",
                f"-----BEGIN {label}-----\n{body}\n... (cut off, the rest is on my other machine)",
            ),
            (
                "tool",
                f"$ head -n {len(lines) + 1} secrets/tls.key\n-----BEGIN {label}-----\n{body}",
            ),
            (
                "tool",
                f"Error: could not parse key: unexpected EOF\ninput was:\n-----BEGIN {label}-----\n{body}",
            ),
        ],
    )


def _jwt(r: random.Random) -> str:
    header = {"alg": r.choice(("HS256", "RS256", "ES256")), "typ": "JWT"}
    payload: dict[str, object] = {
        "sub": r.choice((_uuid(r), str(r.randint(1000, 99999)))),
        "email": f"{r.choice(PEOPLE).lower()}@{_domain(r)}",
        "role": r.choice(("admin", "user", "service")),
        "iat": r.randint(1_730_000_000, 1_760_000_000),
    }
    payload["exp"] = int(str(payload["iat"])) + 3600
    sig = _b64url(r.randbytes(32 if header["alg"] == "HS256" else 64))
    return (
        _b64url(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + _b64url(json.dumps(payload, separators=(",", ":")).encode())
        + "."
        + sig
    )


@_form("jwt")
def _jwt_form(r: random.Random) -> Made:
    tok = _jwt(r)
    host = _host(r)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"curl -H 'Authorization: Bearer {tok}' https://{host}/api/me"),
            ("user", f"here's a token from the browser devtools: {tok}"),
            (
                "assistant",
                f"Decoding the token `{tok}` shows it expired an hour after it was issued, so the 401 is expected.",
            ),
            ("tool", f'{{"access_token": "{tok}", "token_type": "bearer", "expires_in": 3600}}'),
            ("tool", f"{_log_prefix(r)} auth: rejected expired token {tok}"),
        ],
    )


# Passwords in plain English ---------------------------------------------------------------


@_form("plain-password-staging")
def _plain_staging(r: random.Random) -> Made:
    pw = _password(r)
    env = r.choice(ENVS)
    user = r.choice(USERS)
    return _pick(
        r,
        pw,
        [
            ("user", f"my password for the {env} box is {pw}"),
            ("user", f"ssh in as {user}, password {pw}"),
            ("user", f"login: {user} / {pw}"),
            (
                "user",
                f"The {env} admin panel is at https://{_host(r)}/admin, creds are {user} and {pw}.",
            ),
            ("user", f"pw is {pw} btw"),
        ],
    )


@_form("plain-password-login")
def _plain_login(r: random.Random) -> Made:
    pw = _password(r)
    return _pick(
        r,
        pw,
        [
            ("user", f"use pass {pw} to log in"),
            ("user", f"you can log into grafana with admin:{pw}"),
            ("user", f"If it asks for a password just type {pw} and hit enter"),
            (
                "assistant",
                f"I'll log in to the dashboard with the password you provided ({pw}) and export the report.",
            ),
            ("user", f"{r.choice(PEOPLE)} said the shared account password is now {pw}"),
        ],
    )


@_form("plain-password-intl")
def _plain_intl(r: random.Random) -> Made:
    pw = _password(r, r.choice(("intl", "symbols")))
    return _pick(
        r,
        pw,
        [
            ("user", f"the password is {pw}"),
            ("user", f"contraseña: {pw}  (sorry, my keyboard is set to spanish)"),
            ("user", f"Passwort für den Server: {pw}"),
            ("user", f"try {pw} — that's the root password on the NAS"),
            ("user", f"mot de passe = {pw}"),
        ],
    )


@_form("sudo-password")
def _sudo(r: random.Random) -> Made:
    pw = _password(r, r.choice(("word", "leet", "random")))
    return _pick(
        r,
        pw,
        [
            ("user", f"sudo password is {pw}, you'll need it for apt"),
            ("tool_call", f"echo '{pw}' | sudo -S systemctl restart nginx"),
            ("tool_call", f"echo {pw} | sudo -S apt-get install -y jq"),
        ],
    )


@_form("wifi-passphrase")
def _wifi(r: random.Random) -> Made:
    if r.random() < 0.5:
        pw = (
            " ".join(r.choice(WORDS).lower() for _ in range(r.randint(3, 4)))
            + f" {r.randint(10, 99)}"
        )
    else:
        pw = _password(r, r.choice(("word", "symbols")))
    ssid = f"{r.choice(COMPANIES).capitalize()}-{r.choice(('Guest', 'Office', '5G', 'Lab'))}"
    return _pick(
        r,
        pw,
        [
            ("user", f"the wifi passphrase is {pw}"),
            ("assistant", f"To join {ssid}, choose WPA2-Personal and enter the passphrase {pw}."),
            ("user", f"network {ssid}, passphrase: {pw}"),
            ("tool_call", f'nmcli dev wifi connect "{ssid}" password "{pw}"'),
            ("tool", f'network={{\n    ssid="{ssid}"\n    psk="{pw}"\n    key_mgmt=WPA-PSK\n}}'),
        ],
    )


@_form("vault-pin")
def _pin(r: random.Random) -> Made:
    pin = "".join(r.choice(DIGITS[1:]) for _ in range(r.choice((6, 7, 8))))
    return _pick(
        r,
        pin,
        [
            ("user", f"PIN for the vault is {pin}"),
            ("user", f"the unlock pin is {pin}, it's the same for the yubikey"),
            ("user", f"card PIN: {pin}"),
        ],
    )


@_form("password-in-error-message")
def _pw_error(r: random.Random) -> Made:
    pw = _password(r)
    user = r.choice(USERS)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"django.db.utils.OperationalError: connection failed with settings {{'USER': '{user}', 'PASSWORD': '{pw}', 'HOST': '{_host(r)}'}}",
            ),
            (
                "tool",
                f'Traceback (most recent call last):\n  File "sync.py", line 41, in <module>\n    client.login("{user}", "{pw}")\nsmtplib.SMTPAuthenticationError: (535, b\'5.7.8 Username and Password not accepted\')',
            ),
            ("tool", f"{_log_prefix(r)} ldap bind failed dn=cn={user},ou=svc credentials={pw}"),
        ],
    )


FORMS: tuple[str, ...] = tuple(_MAKERS)


def generate(seed: int, count: int) -> list[PlantedSecret]:
    """``count`` planted secrets, cycling through ``FORMS``; deterministic for ``seed``."""
    rng = random.Random(seed)
    out: list[PlantedSecret] = []
    for i in range(count):
        form = FORMS[i % len(FORMS)]
        item_rng = random.Random(rng.getrandbits(64))
        secret, text, role = _MAKERS[form](item_rng)
        out.append(PlantedSecret(form=form, secret=secret, text=text, role=role))
    return out


# --- near misses --------------------------------------------------------------------------

NearMaker = Callable[[random.Random], str]
_NEAR: dict[str, NearMaker] = {}


def _near(name: str) -> Callable[[NearMaker], NearMaker]:
    def deco(fn: NearMaker) -> NearMaker:
        _NEAR[name] = fn
        return fn

    return deco


@_near("git-sha")
def _n_git(r: random.Random) -> str:
    sha = _s(r, HEX, 40)
    return r.choice(
        (
            f"commit {sha}\nAuthor: {r.choice(PEOPLE)} <{r.choice(PEOPLE).lower()}@{_domain(r)}>\n"
            f"Date:   Mon Mar 3 10:12:44 2025 +0100\n\n    fix flaky retry test",
            f"HEAD is now at {sha[:7]} bump deps",
            f"git cherry-pick {sha}",
            f"[main {sha[:7]}] refactor: split the parser module\n 3 files changed, 41 insertions(+)",
        )
    )


@_near("uuid")
def _n_uuid(r: random.Random) -> str:
    u = _uuid(r)
    return r.choice(
        (
            f'{{"id": "{u}", "status": "queued", "created_at": "{_date(r)}Z"}}',
            f"{_log_prefix(r)} request_id={u} GET /api/v1/items 200 12ms",
            f"Created job {u}",
        )
    )


@_near("sha256-digest")
def _n_sha(r: random.Random) -> str:
    d = _s(r, HEX, 64)
    return r.choice(
        (
            f"{d}  dist/app-1.{r.randint(0, 9)}.{r.randint(0, 20)}.tar.gz",
            f'sha256 = "{d}"',
            f"    --hash=sha256:{d}",
        )
    )


@_near("docker-digest")
def _n_docker(r: random.Random) -> str:
    d = _s(r, HEX, 64)
    return r.choice(
        (
            f"FROM python:3.12-slim@sha256:{d}",
            f"latest: digest: sha256:{d} size: 1789",
            f"ghcr.io/{_repo(r)}@sha256:{d}",
        )
    )


@_near("tool-call-id")
def _n_tool_id(r: random.Random) -> str:
    return r.choice(
        (
            f'{{"type": "function", "id": "call_{_s(r, ALNUM, 24)}", "function": {{"name": "read_file"}}}}',
            f'{{"type": "tool_use", "id": "toolu_01{_s(r, ALNUM, 22)}", "name": "bash"}}',
            f"tool_call_id=call_{_s(r, ALNUM, 24)} finished in 1.2s",
            f"msg_01{_s(r, ALNUM, 22)}",
            f"chatcmpl-{_s(r, ALNUM, 29)}",
        )
    )


@_near("base64-nonsecret")
def _n_b64(r: random.Random) -> str:
    content = json.dumps(
        {"name": r.choice(WORDS).lower(), "count": r.randint(1, 99), "tags": ["a", "b"]}
    )
    enc = base64.b64encode(content.encode()).decode()
    return r.choice(
        (
            f'FIXTURE = base64.b64decode("{enc}")',
            f"expected = '{base64.b64encode(b'hello world from the test suite').decode()}'",
            f'<img src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" alt="{r.choice(WORDS)}">',
        )
    )


@_near("code-identifiers")
def _n_code(r: random.Random) -> str:
    return r.choice(
        (
            "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
            'api_key = os.environ["API_KEY"]',
            'token = request.headers.get("x-token")',
            "def login(username: str, password: str) -> Session:",
            'secret_key = os.getenv("SECRET_KEY", "")',
            "if not user.check_password(form.password.data):",
            "self.access_token = access_token",
            'AWS_SECRET_ACCESS_KEY = env("AWS_SECRET_ACCESS_KEY")',
            "const apiKey = process.env.OPENAI_API_KEY;",
            "password = getpass.getpass('Password: ')",
            "    password: str\n    remember_me: bool = False",
        )
    )


@_near("docstring")
def _n_doc(r: random.Random) -> str:
    return r.choice(
        (
            '    """Call the API.\n\n    Args:\n        token: the token to use.\n        '
            'timeout: seconds to wait.\n    """',
            "    :param password: the user's password, never logged",
            "# api_key: your API key from the dashboard",
            " * @param secret The shared secret used to sign the payload.",
        )
    )


@_near("flags")
def _n_flags(r: random.Random) -> str:
    return r.choice(
        (
            f"mkdir -p /tmp/{r.choice(SERVICES)}",
            "docker run -u 1000:1000 -v $PWD:/src node:20 npm test",
            "git push -u origin main",
            f"psql -h {_host(r)} -p 5432 -U postgres",
            "ssh -p 2222 deploy@bastion",
            "tar -xzf release.tgz -C /opt/app",
            "sort -u names.txt | head",
            "mysql -u root -p",
            "cp -p config.yml config.yml.bak",
            "curl -u $API_USER:$API_PASS https://example.internal/status",
        )
    )


@_near("password-prose")
def _n_prose(r: random.Random) -> str:
    return r.choice(
        (
            "the password prompt timed out, can you retry?",
            f"reset your password here: https://{_domain(r)}/account/reset",
            "I forgot my password again, lol",
            "The token expired, so I generated a new one in the dashboard.",
            "make sure the API key is read from the environment, not hard-coded",
            "Password must be at least 12 characters and contain a symbol.",
            "Rotate the secret key every 90 days.",
            "Enter password:",
        )
    )


@_near("version-path-url")
def _n_misc(r: random.Random) -> str:
    return r.choice(
        (
            f"Successfully installed requests-2.32.{r.randint(0, 9)} urllib3-2.2.{r.randint(0, 9)}",
            f"/home/{r.choice(USERS)}/projects/{r.choice(SERVICES)}/src/main.py:{r.randint(1, 400)}",
            f"https://github.com/{_repo(r)}/blob/main/README.md",
            f"postgres://{_host(r)}:5432/{r.choice(DBNAMES)}",
            f"Python 3.12.{r.randint(0, 9)} (main, {_date(r)}) [GCC 13.2.0]",
            f"v{r.randint(0, 5)}.{r.randint(0, 30)}.{r.randint(0, 30)}-rc.{r.randint(1, 5)}",
        )
    )


@_near("placeholder")
def _n_placeholder(r: random.Random) -> str:
    return r.choice(
        (
            "OPENAI_API_KEY=<YOUR_API_KEY>",
            "DB_PASSWORD=${DB_PASSWORD}",
            "password: ****",
            "Authorization: Bearer $TOKEN",
            "AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxx",
            'api_key = "your-api-key-here"',
            "export GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}",
            "password=[REDACTED]",
        )
    )


NEAR_MISS_FORMS: tuple[str, ...] = tuple(_NEAR)


def generate_near_misses(seed: int, count: int) -> list[str]:
    """``count`` texts that must NOT be treated as secrets, cycling through kinds."""
    rng = random.Random(seed ^ 0x5EC2E7)
    out: list[str] = []
    for i in range(count):
        item_rng = random.Random(rng.getrandbits(64))
        out.append(_NEAR[NEAR_MISS_FORMS[i % len(NEAR_MISS_FORMS)]](item_rng))
    return out
