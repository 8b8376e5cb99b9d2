"""A second held-out corpus of planted secrets (``heldout_b``), written blind.

Written from the side of real users, attackers and careless agents WITHOUT opening
packlight's detection rules or any corpus built against them: ``src/packlight/redact.py``,
``src/packlight/secret_rules.py``, ``tests/test_redact*.py``, ``tests/redaction.py``,
``benchmarks/_secrets_corpus.py``, ``docs/security.md`` and
``benchmarks/results/security.md`` were not opened, and of
``benchmarks/_secrets_corpus_heldout.py`` only the first 140 lines (module docstring,
``PlantedSecret``, helper signatures) were read, for the API shape. packlight's redactor was
never run on this corpus while it was written. Do not tune it against the redactor's output.

The emphasis is on forms a rule writer would not think of first: credentials inside tool
configuration files (docker ``config.json``, ``.npmrc``, ``pip.conf``, ``settings.xml``,
``.pgpass``, ``.netrc``, ``rclone.conf``, ``wg0.conf`` ...), inside logs (``set -x``
traces, ``docker inspect``, ``kubectl describe``, HTTP debug dumps, HAR files, tracebacks
printing locals), inside code in several languages, in shell commands an agent ran
(``sshpass``, ``mysql -pPW``, ``cmdkey``, ``ldapsearch -w``, ``openssl -passout``), and in
plain chat (passwords in several languages, door codes, 2FA backup codes, recovery
phrases, card numbers, IBANs, national ids). Every value is drawn from
``random.Random(seed)`` with the prefix, length and alphabet the issuer really uses; no
documentation example appears.

``generate(seed, count)`` cycles through ``FORMS``; ``generate_near_misses(seed, count)``
returns realistic text that must NOT be treated as a secret.

``PlantedSecret.secret`` is only the credential part: the password of a URL or command, the
token segment of a webhook, one fully random body line of a PEM/OpenSSH/PGP key, the
signature of a signed URL, the base64 ``auth`` value of a docker config, the card number (not
the CVV) of a card, one code of a list of backup codes, the whole phrase of a seed phrase.
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
from collections import Counter
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
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


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


def _ts(r: random.Random) -> str:
    return (
        f"2026-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}T"
        f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}"
    )


def _ip(r: random.Random) -> str:
    return f"172.{r.randint(16, 31)}.{r.randint(0, 255)}.{r.randint(2, 254)}"


def _luhn_complete(partial: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(partial)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return partial + str((10 - total % 10) % 10)


def _iban_de(r: random.Random) -> str:
    bban = _s(r, DIGITS, 18)
    num = int(bban + "131400")  # D=13 E=14, check digits 00
    check = 98 - num % 97
    return f"DE{check:02d}{bban}"


def _jwt(r: random.Random, payload: dict[str, object], alg: str = "HS256") -> str:
    header = _b64url(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    body = _b64url(json.dumps(payload, separators=(",", ":")).encode())
    sig = _b64url(r.randbytes(256 if alg.startswith("RS") else 32))
    return f"{header}.{body}.{sig}"


def _b64_lines(data: bytes, width: int) -> list[str]:
    enc = base64.b64encode(data).decode()
    return [enc[i : i + width] for i in range(0, len(enc), width)]


def _pem_private(r: random.Random, label: str = "PRIVATE KEY") -> tuple[str, list[str]]:
    """A PEM private-key block; returns (one fully random body line, all lines)."""
    lines = _b64_lines(
        bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7") + r.randbytes(1180),
        64,
    )
    secret = lines[r.randint(3, len(lines) - 3)]
    return secret, [f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"]


# --- word pools ---------------------------------------------------------------------------

# fmt: off
ORGS = ("gannet", "larchwood", "pellucid", "ironbark", "saltmarsh", "vantablue", "corbel",
        "thimble", "oxbow", "ridgeline", "wrenfield", "ambergate")
TLDS = ("io", "com", "net", "dev", "co.uk", "cloud")
ENVS = ("prod", "stg", "uat", "dev", "perf", "dr")
APPS = ("payroll", "intake", "catalog", "dispatch", "metering", "claims", "tickets", "geo",
        "feeds", "vault", "portal", "export")
LOGINS = ("svc_payroll", "ci-bot", "dbadmin", "maria.k", "j.okafor", "build", "sa", "postgres",
          "app_rw", "backup", "ingest", "reporter")
FIRST = ("Ines", "Bartek", "Yusuf", "Hana", "Rafael", "Greta", "Tunde", "Ailsa", "Vikram",
         "Noor", "Emil", "Camila")
WORDS = ("drizzle", "Gondola", "pepper", "Zeppelin", "anvil", "Muffin", "tundra", "Octopus",
         "riddle", "Kettle", "lagoon", "Pistachio", "beacon", "Walrus", "ember", "Tornado")
BIP39 = ["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access", "accident", "account", "accuse", "achieve", "acid", "acoustic", "acquire", "across", "act", "action", "actor", "actress", "actual", "adapt", "add", "addict", "address", "adjust", "admit", "adult", "advance", "advice", "aerobic", "affair", "afford", "afraid", "again", "age", "agent", "agree", "ahead", "aim", "air", "airport", "aisle", "alarm", "album", "alcohol", "alert", "alien", "all", "alley", "allow", "almost", "alone", "alpha", "already", "also", "alter", "always", "amateur", "amazing", "among", "amount", "amused", "analyst", "anchor", "ancient", "anger", "angle", "angry", "animal", "ankle", "announce", "annual", "another", "answer", "antenna", "antique", "anxiety", "any", "apart", "apology", "appear", "apple", "approve", "april", "arch", "arctic", "area", "arena", "argue", "arm", "armed", "armor", "army", "around", "arrange", "arrest", "arrive", "arrow", "art", "artefact", "artist", "artwork", "ask", "aspect", "assault", "asset", "assist", "assume", "asthma", "athlete", "atom", "attack", "attend", "attitude", "attract", "auction", "audit", "august", "aunt", "author", "auto", "autumn", "average", "avocado", "avoid", "awake", "aware", "away", "awesome", "awful", "awkward", "axis", "baby", "bachelor", "bacon", "badge", "bag", "balance", "balcony", "ball", "bamboo", "banana", "banner", "bar", "barely", "bargain", "barrel", "base", "basic", "basket", "battle", "beach", "bean", "beauty", "because", "become", "beef", "before", "begin", "behave", "behind", "believe", "below", "belt", "bench", "benefit", "best", "betray", "better", "between", "beyond", "bicycle", "bid", "bike", "bind", "biology", "bird", "birth", "bitter", "black", "blade", "blame", "blanket", "blast", "bleak", "bless", "blind", "blood", "blossom", "blouse", "blue", "blur", "blush", "board", "boat", "body", "boil", "bomb", "bone", "bonus", "book", "boost", "border", "boring", "borrow", "boss", "bottom", "bounce", "box", "boy", "bracket", "brain", "brand", "brass", "brave", "bread", "breeze", "brick", "bridge", "brief", "bright", "bring", "brisk", "broccoli", "broken", "bronze", "broom", "brother", "brown", "brush", "bubble", "buddy", "budget", "buffalo", "build", "bulb", "bulk", "bullet", "bundle", "bunker", "burden", "burger", "burst", "bus", "business", "busy", "butter", "buyer", "buzz", "cabbage", "cabin", "cable", "cactus"]
# fmt: on


def _host(r: random.Random) -> str:
    return f"{r.choice(APPS)}.{r.choice(ENVS)}.{r.choice(ORGS)}.{r.choice(TLDS)}"


def _domain(r: random.Random) -> str:
    return f"{r.choice(ORGS)}.{r.choice(TLDS)}"


def _email(r: random.Random) -> str:
    return f"{r.choice(FIRST).lower()}@{_domain(r)}"


def _password(r: random.Random, style: str | None = None, shell_safe: bool = False) -> str:
    """A human or generated password."""
    style = style or r.choice(("phrase", "generated", "keyboard", "pinlike", "mixed"))
    if style == "phrase":
        pw = f"{r.choice(WORDS)}{r.choice(('-', '.', '_', ''))}{r.choice(WORDS).lower()}{r.randint(1, 999)}"
    elif style == "generated":
        pw = _s(r, ALNUM + "!#%^*_-", r.randint(16, 28))
    elif style == "keyboard":
        pw = r.choice(("Qwerty", "Asdf", "Zxcv", "Plokij")) + _s(r, DIGITS, 4) + r.choice("!#*%")
    elif style == "pinlike":
        pw = f"{r.choice(WORDS)}{_s(r, DIGITS, 6)}"
    else:
        pw = (
            _s(r, ALNUM, 5) + r.choice("#%*") + _s(r, ALNUM, 6) + r.choice("!^~") + _s(r, DIGITS, 2)
        )
    if shell_safe:
        pw = pw.replace("!", "_").replace("^", "_").replace("~", "_")
    return pw


# --- forms: configuration files -----------------------------------------------------------


def docker_config_auths(r: random.Random) -> Made:
    user = r.choice(LOGINS)
    pw = _password(r, "generated")
    auth = base64.b64encode(f"{user}:{pw}".encode()).decode()
    reg = r.choice(("https://index.docker.io/v1/", "ghcr.io", f"registry.{_domain(r)}", "quay.io"))
    cfg = json.dumps({"auths": {reg: {"auth": auth}}, "credsStore": ""}, indent=2)
    return _pick(
        r,
        auth,
        [
            ("tool", f"$ cat ~/.docker/config.json\n{cfg}"),
            (
                "user",
                f"the CI runner can't pull, here's the config it mounts:\n```json\n{cfg}\n```",
            ),
            (
                "tool",
                f"Step 4/9 : COPY config.json /root/.docker/config.json\n{cfg}\n ---> Using cache",
            ),
        ],
    )


def npmrc_authtoken(r: random.Random) -> Made:
    tok = "npm_" + _s(r, ALNUM, 36)
    scope = r.choice(ORGS)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"@{scope}:registry=https://npm.pkg.github.com\n//registry.npmjs.org/:_authToken={tok}\nalways-auth=true\nfund=false",
            ),
            (
                "tool_call",
                f"echo '//registry.npmjs.org/:_authToken={tok}' >> ~/.npmrc && npm publish --access public",
            ),
            (
                "user",
                f"npm publish keeps 401ing. my .npmrc is literally just `//registry.npmjs.org/:_authToken={tok}`",
            ),
        ],
    )


def npmrc_legacy_auth(r: random.Random) -> Made:
    user = r.choice(LOGINS)
    pw = _password(r)
    auth = base64.b64encode(f"{user}:{pw}".encode()).decode()
    host = f"artifactory.{_domain(r)}"
    return _pick(
        r,
        auth,
        [
            (
                "tool",
                f"registry=https://{host}/artifactory/api/npm/npm-virtual/\n_auth = {auth}\nemail = {_email(r)}\nalways-auth = true",
            ),
            (
                "assistant",
                f"Artifactory's 'Set Me Up' gave you a legacy line, `_auth = {auth}`; newer npm wants it scoped to the registry path instead.",
            ),
        ],
    )


def pip_conf_index_url(r: random.Random) -> Made:
    user = r.choice(LOGINS)
    pw = _password(r, r.choice(("generated", "phrase")))
    enc = quote(pw, safe="")
    host = f"pypi.{_domain(r)}"
    return _pick(
        r,
        enc,
        [
            (
                "tool",
                f"$ cat /etc/pip.conf\n[global]\nindex-url = https://{user}:{enc}@{host}/simple\ntimeout = 60\ntrusted-host = {host}",
            ),
            (
                "tool_call",
                f"pip install --extra-index-url https://{user}:{enc}@{host}/simple/ internal-utils==2.4.1",
            ),
            (
                "tool",
                f"Looking in indexes: https://pypi.org/simple, https://{user}:{enc}@{host}/simple\nCollecting internal-utils==2.4.1",
            ),
        ],
    )


def gradle_properties(r: random.Random) -> Made:
    pw = _password(r)
    key = r.choice(
        (
            "artifactoryPassword",
            "signing.password",
            "ossrhPassword",
            "mavenCentralPassword",
            "nexusPassword",
        )
    )
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\norg.gradle.parallel=true\nsigning.keyId={_s(r, HEX.upper(), 8)}\n{key}={pw}\nossrhUsername={r.choice(LOGINS)}",
            ),
            ("tool_call", f"./gradlew publish -P{key}={pw} --no-daemon"),
        ],
    )


def maven_settings_xml(r: random.Random) -> Made:
    pw = _password(r, "generated").replace("<", "").replace("&", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"<settings>\n  <servers>\n    <server>\n      <id>{r.choice(ORGS)}-releases</id>\n      <username>{r.choice(LOGINS)}</username>\n      <password>{pw}</password>\n    </server>\n  </servers>\n</settings>",
            ),
            (
                "user",
                f"mvn deploy fails with 401 even though settings.xml has <username>deploy</username><password>{pw}</password> for the releases server",
            ),
        ],
    )


def terraform_tfvars(r: random.Random) -> Made:
    pw = _password(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'$ cat terraform.tfvars\nregion            = "eu-west-2"\ninstance_class    = "db.r6g.large"\nmaster_username   = "{r.choice(LOGINS)}"\nmaster_password   = "{pw}"\nmulti_az          = true',
            ),
            (
                "tool_call",
                f"terraform apply -auto-approve -var 'db_password={pw}' -var env={r.choice(ENVS)}",
            ),
            (
                "tool",
                f'  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {{\n      ~ password = (sensitive value)\n    }}\n\nvar.admin_password was set from TF_VAR_admin_password="{pw}" in .envrc',
            ),
        ],
    )


def helm_values_yaml(r: random.Random) -> Made:
    pw = _password(r, r.choice(("generated", "mixed")))
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'postgresql:\n  enabled: true\n  auth:\n    username: {r.choice(LOGINS)}\n    postgresPassword: "{pw}"\n    database: {r.choice(APPS)}\n  primary:\n    persistence:\n      size: 20Gi',
            ),
            (
                "tool_call",
                f"helm upgrade --install {r.choice(APPS)} bitnami/redis --set auth.password='{pw}' -n {r.choice(ENVS)}",
            ),
        ],
    )


def ansible_vars(r: random.Random) -> Made:
    pw = _password(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'# group_vars/dbservers.yml\nansible_user: {r.choice(LOGINS)}\nansible_become: true\nansible_become_pass: "{pw}"\npostgres_version: 16',
            ),
            (
                "tool_call",
                f"ansible-playbook site.yml -i inventory/{r.choice(ENVS)} -e 'ansible_ssh_pass={pw}' --limit web",
            ),
            (
                "tool",
                f"[web]\n{_ip(r)} ansible_user=ubuntu ansible_password={pw}\n{_ip(r)} ansible_user=ubuntu",
            ),
        ],
    )


def git_credentials_file(r: random.Random) -> Made:
    tok = "gho_" + _s(r, ALNUM, 36)
    user = r.choice(LOGINS)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"$ cat ~/.git-credentials\nhttps://{user}:{tok}@github.com\nhttps://{user}:{_s(r, ALNUM, 20)}@bitbucket.org",
            ),
            (
                "tool_call",
                f"git config --global credential.helper store && printf 'protocol=https\\nhost=github.com\\nusername={user}\\npassword={tok}\\n' | git credential approve",
            ),
        ],
    )


def aws_session_token(r: random.Random) -> Made:
    tok = "IQoJb3JpZ2luX2Vj" + _b64(r, r.randint(600, 700)).rstrip("=")
    akid = "ASIA" + _s(r, UPPER_ALNUM, 16)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"[default]\naws_access_key_id = {akid}\naws_secret_access_key = {_s(r, B64, 40)}\naws_session_token = {tok}\nregion = eu-west-1",
            ),
            (
                "tool",
                json.dumps(
                    {
                        "Credentials": {
                            "AccessKeyId": akid,
                            "SessionToken": tok,
                            "Expiration": _ts(r) + "Z",
                        }
                    },
                    indent=4,
                ),
            ),
        ],
    )


def gcp_service_account_json(r: random.Random) -> Made:
    line, pem = _pem_private(r)
    proj = f"{r.choice(ORGS)}-{r.choice(ENVS)}-{r.randint(100000, 999999)}"
    doc = {
        "type": "service_account",
        "project_id": proj,
        "private_key_id": _s(r, HEX, 40),
        "private_key": "\n".join(pem) + "\n",
        "client_email": f"{r.choice(APPS)}@{proj}.iam.gserviceaccount.com",
        "client_id": _s(r, DIGITS, 21),
    }
    blob = json.dumps(doc, indent=2)
    return _pick(
        r,
        line,
        [
            ("tool", f"$ cat key.json\n{blob}"),
            (
                "user",
                f"GOOGLE_APPLICATION_CREDENTIALS points at this file and it still says invalid_grant:\n{blob}",
            ),
        ],
    )


def kubeconfig_client_key_data(r: random.Random) -> Made:
    _, pem = _pem_private(r, "RSA PRIVATE KEY")
    data = base64.b64encode(("\n".join(pem) + "\n").encode()).decode()
    return _pick(
        r,
        data,
        [
            (
                "tool",
                f"users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: {_b64(r, 90)}\n    client-key-data: {data}",
            ),
            (
                "tool",
                f"$ kubectl config view --raw -o jsonpath='{{.users[0].user.client-key-data}}'\n{data}",
            ),
        ],
    )


def kubeconfig_sa_token(r: random.Random) -> Made:
    ns = r.choice(ENVS)
    tok = _jwt(
        r,
        {
            "iss": "kubernetes/serviceaccount",
            "kubernetes.io/serviceaccount/namespace": ns,
            "sub": f"system:serviceaccount:{ns}:deployer",
        },
        "RS256",
    )
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"- name: deployer\n  user:\n    token: {tok}\ncontexts:\n- context:\n    cluster: {r.choice(ORGS)}\n    user: deployer",
            ),
            (
                "tool_call",
                f"curl -sk https://{_ip(r)}:6443/api/v1/namespaces/{ns}/pods -H 'Authorization: Bearer {tok}'",
            ),
            ("tool", f"$ kubectl create token deployer -n {ns} --duration=8760h\n{tok}"),
        ],
    )


def pypirc_token(r: random.Random) -> Made:
    tok = "pypi-AgEIcHlwaS5vcmcCJ" + _s(r, B64URL, 160)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = {tok}",
            ),
            ("tool_call", f"twine upload dist/* -u __token__ -p {tok}"),
        ],
    )


def composer_auth_json(r: random.Random) -> Made:
    pw = _s(r, HEX, 40)
    doc = {
        "http-basic": {f"repo.{_domain(r)}": {"username": r.choice(LOGINS), "password": pw}},
        "github-oauth": {},
    }
    blob = json.dumps(doc, indent=4)
    return _pick(
        r,
        pw,
        [
            ("tool", f"$ cat auth.json\n{blob}"),
            (
                "tool_call",
                f"composer config --global http-basic.repo.{_domain(r)} {r.choice(LOGINS)} {pw}",
            ),
        ],
    )


def rclone_conf(r: random.Random) -> Made:
    obscured = _b64url(r.randbytes(r.randint(28, 40)))
    return _pick(
        r,
        obscured,
        [
            (
                "tool",
                f"[nas]\ntype = sftp\nhost = {_ip(r)}\nuser = {r.choice(LOGINS)}\npass = {obscured}\nshell_type = unix",
            ),
            (
                "tool",
                f"$ rclone config show\n[offsite]\ntype = webdav\nurl = https://dav.{_domain(r)}/remote.php/dav/files/{r.choice(LOGINS)}\nvendor = nextcloud\nuser = {r.choice(LOGINS)}\npass = {obscured}",
            ),
        ],
    )


def s3cfg_spaces(r: random.Random) -> Made:
    secret = _b64(r, 32).rstrip("=")
    return _pick(
        r,
        secret,
        [
            (
                "tool",
                f"[default]\naccess_key = DO00{_s(r, UPPER_ALNUM, 16)}\nsecret_key = {secret}\nhost_base = fra1.digitaloceanspaces.com\nhost_bucket = %(bucket)s.fra1.digitaloceanspaces.com\nuse_https = True",
            ),
            (
                "tool_call",
                f"s3cmd --access_key=DO00{_s(r, UPPER_ALNUM, 16)} --secret_key={secret} ls s3://{r.choice(ORGS)}-backups",
            ),
        ],
    )


def boto_gs_hmac(r: random.Random) -> Made:
    secret = _s(r, B64, 40)
    return _pick(
        r,
        secret,
        [
            (
                "tool",
                f"$ cat ~/.boto\n[Credentials]\ngs_access_key_id = GOOG1E{_s(r, UPPER_ALNUM, 55)}\ngs_secret_access_key = {secret}\n\n[Boto]\nhttps_validate_certificates = True",
            ),
            (
                "user",
                f"gsutil interop: access id GOOG1E{_s(r, UPPER_ALNUM, 55)} secret {secret} — can you set up the boto file?",
            ),
        ],
    )


def pgpass_line(r: random.Random) -> Made:
    pw = _password(r).replace(":", "")
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"$ cat ~/.pgpass\n{host}:5432:*:{r.choice(LOGINS)}:{pw}\nlocalhost:5432:test:test:test",
            ),
            (
                "tool_call",
                f"echo '{host}:5432:{r.choice(APPS)}:{r.choice(LOGINS)}:{pw}' > ~/.pgpass && chmod 600 ~/.pgpass",
            ),
        ],
    )


def netrc_machine(r: random.Random) -> Made:
    tok = "HRKU-AA" + _s(r, B64URL, 58)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"machine api.heroku.com\n  login {_email(r)}\n  password {tok}\nmachine git.heroku.com\n  login {_email(r)}\n  password {tok}",
            ),
            (
                "tool",
                f"$ heroku authorizations:create -d ci\nCreating OAuth Authorization... done\nClient:      <none>\nID:          {_uuid(r)}\nDescription: ci\nScope:       global\nToken:       {tok}\nUpdated at:  {_ts(r)}",
            ),
        ],
    )


def mycnf_client(r: random.Random) -> Made:
    pw = _password(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'[client]\nuser={r.choice(LOGINS)}\npassword="{pw}"\nhost={_host(r)}\n\n[mysqldump]\nsingle-transaction',
            ),
            (
                "tool",
                f"$ sudo cat /etc/mysql/debian.cnf\n# Automatically generated for Debian scripts. DO NOT TOUCH!\n[client]\nhost     = localhost\nuser     = debian-sys-maint\npassword = {pw}\nsocket   = /var/run/mysqld/mysqld.sock",
            ),
        ],
    )


def wireguard_private_key(r: random.Random) -> Made:
    key = _b64(r, 32)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"[Interface]\nAddress = 10.8.0.{r.randint(2, 250)}/24\nPrivateKey = {key}\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {_b64(r, 32)}\nEndpoint = vpn.{_domain(r)}:51820\nAllowedIPs = 0.0.0.0/0",
            ),
            ("tool_call", f"echo '{key}' | wg pubkey"),
        ],
    )


# --- forms: connection strings and commands -------------------------------------------------


def sshpass_command(r: random.Random) -> Made:
    pw = _password(r, shell_safe=True).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"sshpass -p '{pw}' ssh -o StrictHostKeyChecking=no {r.choice(LOGINS)}@{_ip(r)} 'systemctl restart {r.choice(APPS)}'",
            ),
            (
                "tool_call",
                f"sshpass -p{pw} rsync -az ./dist/ {r.choice(LOGINS)}@{_host(r)}:/srv/www/",
            ),
        ],
    )


def jdbc_password_param(r: random.Random) -> Made:
    pw = _password(r, r.choice(("generated", "phrase"))).replace("&", "").replace(";", "")
    db = r.choice(APPS)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"spring.datasource.url=jdbc:mysql://{_host(r)}:3306/{db}?user={r.choice(LOGINS)}&password={pw}&useSSL=true",
            ),
            (
                "tool",
                f"Caused by: java.sql.SQLException: Access denied for user\n\tat com.mysql.cj.jdbc.ConnectionImpl.createNewIO(ConnectionImpl.java:836)\nurl=jdbc:sqlserver://{_host(r)}:1433;databaseName={db};user=sa;password={pw};encrypt=true",
            ),
        ],
    )


def odbc_connection_string(r: random.Random) -> Made:
    pw = _password(r).replace(";", "").replace("}", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'"ConnectionStrings": {{\n  "Default": "Server=tcp:{r.choice(ORGS)}.database.windows.net,1433;Initial Catalog={r.choice(APPS)};User ID={r.choice(LOGINS)};Password={pw};Encrypt=True;"\n}}',
            ),
            (
                "assistant",
                f"Use `Driver={{ODBC Driver 18 for SQL Server}};Server={_host(r)};Database={r.choice(APPS)};Uid=sa;Pwd={{{pw}}};TrustServerCertificate=yes` — the braces around Pwd let it contain symbols.",
            ),
        ],
    )


def mongodb_srv_uri(r: random.Random) -> Made:
    pw = _s(r, ALNUM, r.choice((16, 24, 32)))
    cluster = f"cluster{r.randint(0, 3)}.{_s(r, LOWER_ALNUM, 5)}.mongodb.net"
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"MongoServerError: bad auth : authentication failed\n    at Connection.onMessage\n  uri: 'mongodb+srv://{r.choice(LOGINS)}:{pw}@{cluster}/?retryWrites=true&w=majority'",
            ),
            (
                "tool_call",
                f'mongosh "mongodb+srv://{cluster}/{r.choice(APPS)}" --username {r.choice(LOGINS)} --password {pw}',
            ),
        ],
    )


def redis_auth(r: random.Random) -> Made:
    pw = _s(r, ALNUM, r.choice((20, 32, 64)))
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"redis-cli -h {_host(r)} -p 6380 --tls -a {pw} --no-auth-warning INFO keyspace",
            ),
            (
                "tool",
                f"# redis.conf\nbind 0.0.0.0\nprotected-mode yes\nrequirepass {pw}\nmaxmemory 2gb",
            ),
            (
                "tool",
                f"127.0.0.1:6379> AUTH default {pw}\nOK\n127.0.0.1:6379> DBSIZE\n(integer) {r.randint(10, 90000)}",
            ),
        ],
    )


def amqp_uri(r: random.Random) -> Made:
    pw = _s(r, ALNUM, 32)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"[celery] Cannot connect to amqps://{r.choice(LOGINS)}:{pw}@{r.choice(ORGS)}.rmq.cloudamqp.com/{r.choice(LOGINS)}: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)",
            ),
            (
                "tool",
                f"CELERY_BROKER_URL=amqp://{r.choice(LOGINS)}:{pw}@{_ip(r)}:5672//\nCELERY_RESULT_BACKEND=rpc://",
            ),
        ],
    )


def gmail_app_password(r: random.Random) -> Made:
    pw = " ".join(_s(r, LOWER, 4) for _ in range(4))
    return _pick(
        r,
        pw,
        [
            (
                "user",
                f"I made a google app password for the smtp relay: {pw} — put it in the mailer config please",
            ),
            (
                "tool",
                f"EMAIL_BACKEND = 'django.core.mail.backends.smtp.EmailBackend'\nEMAIL_HOST = 'smtp.gmail.com'\nEMAIL_PORT = 587\nEMAIL_HOST_USER = '{_email(r)}'\nEMAIL_HOST_PASSWORD = '{pw}'",
            ),
        ],
    )


def ldap_bind_w(r: random.Random) -> Made:
    pw = _password(r, shell_safe=True).replace("'", "")
    dc = ",".join(f"dc={p}" for p in _domain(r).split("."))
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"ldapsearch -x -H ldaps://ldap.{_domain(r)} -D 'cn=admin,{dc}' -w '{pw}' -b 'ou=people,{dc}' '(uid=*)' mail",
            ),
            (
                "tool_call",
                f"ldappasswd -x -D 'cn=admin,{dc}' -w {pw} -S 'uid={r.choice(LOGINS)},ou=people,{dc}'",
            ),
        ],
    )


def mysql_p_nospace(r: random.Random) -> Made:
    pw = _password(r, shell_safe=True).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"mysql -h {_host(r)} -u{r.choice(LOGINS)} -p'{pw}' -e 'SHOW PROCESSLIST'",
            ),
            (
                "tool_call",
                f"mysqldump -u root -p{pw} --all-databases | gzip > /backup/all-$(date +%F).sql.gz",
            ),
        ],
    )


def pgpassword_env_prefix(r: random.Random) -> Made:
    pw = _password(r, shell_safe=True).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"PGPASSWORD='{pw}' psql -h {_host(r)} -U {r.choice(LOGINS)} -d {r.choice(APPS)} -c '\\dt'",
            ),
            ("tool_call", f"MYSQL_PWD={pw} mysql -h 127.0.0.1 -u {r.choice(LOGINS)} < migrate.sql"),
        ],
    )


def docker_login_stdin(r: random.Random) -> Made:
    tok = "dckr_pat_" + _s(r, B64URL, 27)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"echo {tok} | docker login -u {r.choice(LOGINS)} --password-stdin"),
            (
                "tool_call",
                f"docker login -u {r.choice(LOGINS)} -p {tok} docker.io && docker push {r.choice(ORGS)}/{r.choice(APPS)}:latest",
            ),
        ],
    )


def curl_user_colon(r: random.Random) -> Made:
    tok = "ATATT3xFfGF0" + _s(r, B64URL, 170) + "=" + _s(r, HEX.upper(), 8)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -s -u {_email(r)}:{tok} -H 'Accept: application/json' https://{r.choice(ORGS)}.atlassian.net/rest/api/3/myself",
            ),
            ("user", f"jira token (for the script only): {tok}"),
        ],
    )


def windows_cmdkey_netuse(r: random.Random) -> Made:
    pw = _password(r).replace('"', "")
    dom = r.choice(ORGS).upper()
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f'net use Z: \\\\fs01.{_domain(r)}\\share /user:{dom}\\{r.choice(LOGINS)} "{pw}" /persistent:no',
            ),
            (
                "tool_call",
                f"cmdkey /add:TERMSRV/{_host(r)} /user:{dom}\\{r.choice(LOGINS)} /pass:{pw}",
            ),
        ],
    )


def powershell_securestring(r: random.Random) -> Made:
    pw = _password(r).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"pwsh -c \"$sec = ConvertTo-SecureString '{pw}' -AsPlainText -Force; $cred = New-Object PSCredential('{r.choice(LOGINS)}', $sec); Enter-PSSession -ComputerName {_host(r)} -Credential $cred\"",
            ),
            (
                "tool",
                f'PS C:\\deploy> $pw = ConvertTo-SecureString "{pw}" -AsPlainText -Force\nPS C:\\deploy> Import-PfxCertificate -FilePath .\\site.pfx -Password $pw -CertStoreLocation Cert:\\LocalMachine\\My',
            ),
        ],
    )


def openssl_pkcs12_pass(r: random.Random) -> Made:
    pw = _password(r, shell_safe=True).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw}",
            ),
            (
                "tool_call",
                f"keytool -importkeystore -srckeystore bundle.p12 -srcstoretype PKCS12 -srcstorepass '{pw}' -destkeystore app.jks -deststorepass '{pw}'",
            ),
        ],
    )


def openssl_enc_hex_key(r: random.Random) -> Made:
    key = _s(r, HEX, 64)
    return _pick(
        r,
        key,
        [
            (
                "tool_call",
                f"openssl enc -aes-256-cbc -K {key} -iv {_s(r, HEX, 32)} -in dump.sql -out dump.sql.enc",
            ),
            ("tool", f"ENCRYPTION_KEY={key}\nENCRYPTION_ALGO=aes-256-gcm\nLOG_LEVEL=info"),
        ],
    )


def git_remote_token_url(r: random.Random) -> Made:
    tok = "glpat-" + _s(r, B64URL, 20)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"git remote set-url origin https://oauth2:{tok}@gitlab.{_domain(r)}/{r.choice(ORGS)}/{r.choice(APPS)}.git && git push -u origin main",
            ),
            (
                "tool",
                f"Cloning into '{r.choice(APPS)}'...\nremote: HTTP Basic: Access denied\nfatal: Authentication failed for 'https://gitlab-ci-token:{tok}@gitlab.com/{r.choice(ORGS)}/{r.choice(APPS)}.git/'",
            ),
        ],
    )


def nmcli_wifi(r: random.Random) -> Made:
    pw = _password(r, r.choice(("phrase", "pinlike"))).replace("'", "")
    ssid = f"{r.choice(ORGS).capitalize()}-{r.choice(('Guest', '5G', 'Office', 'IoT'))}"
    return _pick(
        r,
        pw,
        [
            ("tool_call", f"nmcli dev wifi connect '{ssid}' password '{pw}' ifname wlan0"),
            ("user", f"office wifi is {ssid}, the key is {pw} if you need it for the pi"),
            ("tool", f"WIFI:T:WPA;S:{ssid};P:{pw};H:false;;"),
        ],
    )


# --- forms: logs and dumps -------------------------------------------------------------------


def _locals_box(values: dict[str, str]) -> str:
    """The locals panel a rich traceback prints (``show_locals=True``)."""
    rows = [f"{k:>6} = {v}" for k, v in values.items()]
    width = max(len(row) for row in rows) + 2
    title = " locals "
    left = (width - len(title)) // 2
    top = "╭" + "─" * left + title + "─" * (width - left - len(title)) + "╮"
    body = [f"│ {row.ljust(width - 2)} │" for row in rows]
    return "\n".join([top, *body, "╰" + "─" * width + "╯"])


def traceback_locals(r: random.Random) -> Made:
    pw = _password(r).replace("'", "")
    host = _host(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"Traceback (most recent call last):\n  File \"/app/worker.py\", line 88, in connect\n    conn = psycopg.connect(**cfg)\n    cfg = {{'host': '{host}', 'port': 5432, 'user': '{r.choice(LOGINS)}', 'password': '{pw}', 'dbname': '{r.choice(APPS)}'}}\npsycopg.OperationalError: connection timeout expired",
            ),
            (
                "tool",
                _locals_box({"host": repr(host), "passwd": repr(pw), "port": "3306"})
                + '\npymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server")',
            ),
        ],
    )


def python_http_debug(r: random.Random) -> Made:
    key = _s(r, HEX, 32)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"send: b'POST /api/v1/events HTTP/1.1\\r\\nHost: api.{_domain(r)}\\r\\nUser-Agent: python-requests/2.32.3\\r\\nX-Api-Key: {key}\\r\\nContent-Length: 212\\r\\n\\r\\n'\nreply: 'HTTP/1.1 202 Accepted\\r\\n'",
            ),
            (
                "tool",
                f'DEBUG:urllib3.connectionpool:https://api.{_domain(r)}:443 "GET /v2/reports?api_key={key}&page=2 HTTP/1.1" 200 5123',
            ),
        ],
    )


def curl_verbose_headers(r: random.Random) -> Made:
    tok = _b64url(r.randbytes(r.choice((32, 48))))
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"*   Trying {_ip(r)}:443...\n* Connected to api.{_domain(r)}\n> GET /v1/me HTTP/2\n> Host: api.{_domain(r)}\n> user-agent: curl/8.5.0\n> authorization: Bearer {tok}\n> accept: */*\n< HTTP/2 401",
            ),
            (
                "tool",
                f"> POST /graphql HTTP/1.1\n> X-Auth-Token: {tok}\n> Content-Type: application/json\n>\n< HTTP/1.1 200 OK",
            ),
        ],
    )


def set_x_trace_export(r: random.Random) -> Made:
    tok = "hvs." + _s(r, B64URL, 90)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"+ export VAULT_ADDR=https://vault.{_domain(r)}:8200\n+ VAULT_ADDR=https://vault.{_domain(r)}:8200\n++ vault login -method=oidc -token-only\n+ export VAULT_TOKEN={tok}\n+ VAULT_TOKEN={tok}\n+ vault kv get secret/{r.choice(APPS)}",
            ),
            (
                "tool",
                f"+ VAULT_TOKEN={tok}\n+ terraform init -backend-config=backend.hcl\nInitializing the backend...",
            ),
        ],
    )


def printenv_dump(r: random.Random) -> Made:
    key = _s(r, HEX, 32)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"$ printenv | sort\nDD_API_KEY={key}\nDD_ENV={r.choice(ENVS)}\nDD_SITE=datadoghq.eu\nHOME=/root\nHOSTNAME={_s(r, HEX, 12)}\nPATH=/usr/local/bin:/usr/bin:/bin\nPYTHONUNBUFFERED=1",
            ),
            (
                "tool",
                f"$ env\nLANG=C.UTF-8\nNEW_RELIC_LICENSE_KEY={_s(r, HEX, 36)}NRAL\nDATADOG_API_KEY={key}\nSHLVL=1",
            ),
        ],
    )


def docker_inspect_env(r: random.Random) -> Made:
    pw = _password(r, "generated").replace('"', "")
    env = [
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
        f"POSTGRES_USER={r.choice(LOGINS)}",
        f"POSTGRES_PASSWORD={pw}",
        "PGDATA=/var/lib/postgresql/data",
        "PG_MAJOR=16",
    ]
    return _pick(
        r,
        pw,
        [
            ("tool", "$ docker inspect db --format '{{json .Config.Env}}'\n" + json.dumps(env)),
            (
                "tool",
                '        "Config": {\n            "Hostname": "'
                + _s(r, HEX, 12)
                + '",\n            "Env": '
                + json.dumps(env, indent=16)
                + "\n        }",
            ),
        ],
    )


def kubectl_describe_env(r: random.Random) -> Made:
    key = f"{_s(r, HEX, 32)}-{_s(r, HEX, 8)}-{_s(r, HEX, 8)}"
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"Containers:\n  {r.choice(APPS)}:\n    Image:          {r.choice(ORGS)}/{r.choice(APPS)}:1.{r.randint(0, 40)}.0\n    Environment:\n      LOG_LEVEL:         info\n      MAILGUN_DOMAIN:    mg.{_domain(r)}\n      MAILGUN_API_KEY:   {key}\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{_s(r, LOWER_ALNUM, 5)} (ro)",
            ),
            (
                "tool_call",
                f"curl -s --user 'api:{key}' https://api.eu.mailgun.net/v3/mg.{_domain(r)}/messages -F from=ops@{_domain(r)} -F to={_email(r)} -F subject=test -F text=hi",
            ),
        ],
    )


def ci_log_unmasked(r: random.Random) -> Made:
    tok = "github_pat_11" + _s(r, UPPER_ALNUM, 20) + "_" + _s(r, ALNUM, 59)
    ts = _ts(r)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"{ts}.1234567Z ##[group]Run ./scripts/release.sh\n{ts}.1301122Z + gh auth login --with-token <<< {tok}\n{ts}.4410021Z ##[endgroup]",
            ),
            (
                "tool",
                f"[{r.choice(APPS)}-release] $ /bin/sh -xe /tmp/jenkins{r.randint(1000, 9999)}.sh\n+ GH_TOKEN={tok} gh release create v{r.randint(1, 9)}.{r.randint(0, 20)}.0 dist/*",
            ),
        ],
    )


def har_entry_header(r: random.Random) -> Made:
    tok = "1//0" + _s(r, B64URL, 99)
    entry = {
        "request": {
            "method": "POST",
            "url": "https://oauth2.googleapis.com/token",
            "headers": [{"name": "content-type", "value": "application/x-www-form-urlencoded"}],
            "postData": {
                "text": f"client_id={_s(r, DIGITS, 12)}-{_s(r, LOWER_ALNUM, 32)}.apps.googleusercontent.com&grant_type=refresh_token&refresh_token={tok}"
            },
        }
    }
    return _pick(
        r,
        tok,
        [
            ("tool", json.dumps({"log": {"version": "1.2", "entries": [entry]}}, indent=1)),
            ("user", f"my refresh token for the drive script is {tok}, swap it in and rerun"),
        ],
    )


def postgres_statement_log(r: random.Random) -> Made:
    pw = _password(r).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"{_ts(r)}.412 UTC [{r.randint(1000, 99999)}] postgres@{r.choice(APPS)} LOG:  statement: ALTER USER {r.choice(LOGINS)} WITH PASSWORD '{pw}';",
            ),
            (
                "tool",
                f"mysql> CREATE USER '{r.choice(LOGINS)}'@'%' IDENTIFIED BY '{pw}';\nQuery OK, 0 rows affected (0.02 sec)",
            ),
        ],
    )


def terraform_state_json(r: random.Random) -> Made:
    pw = _s(r, ALNUM + "!#$%&*()-_=+[]{}<>:?", 16)
    attrs = {
        "address": f"{r.choice(APPS)}-db.{_s(r, LOWER_ALNUM, 12)}.eu-west-1.rds.amazonaws.com",
        "engine": "postgres",
        "password": pw,
        "username": r.choice(LOGINS),
    }
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                json.dumps(
                    {
                        "mode": "managed",
                        "type": "aws_db_instance",
                        "name": "main",
                        "instances": [{"schema_version": 2, "attributes": attrs}],
                    },
                    indent=2,
                ),
            ),
            ("tool", f"$ terraform output -raw db_password\n{pw}"),
        ],
    )


def pydantic_repr_leak(r: random.Random) -> Made:
    key = "gsk_" + _s(r, ALNUM, 52)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"Settings(model='llama-3.3-70b-versatile', base_url='https://api.groq.com/openai/v1', api_key='{key}', timeout=30.0, max_retries=2)",
            ),
            ("tool_call", f"GROQ_API_KEY={key} python -m evals.run --model llama-3.1-8b-instant"),
        ],
    )


# --- forms: code ---------------------------------------------------------------------------------


def python_dict_cohere(r: random.Random) -> Made:
    key = _s(r, ALNUM, 40)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f'import cohere\n\nco = cohere.ClientV2(api_key="{key}")\nresp = co.embed(texts=docs, model="embed-english-v3.0", input_type="search_document")',
            ),
            (
                "assistant",
                f'Here\'s the fixed `config.py`:\n```python\nPROVIDERS = {{\n    "cohere": {{"api_key": "{key}", "model": "command-r-plus"}},\n}}\n```',
            ),
        ],
    )


def js_algolia_admin(r: random.Random) -> Made:
    key = _s(r, HEX, 32)
    app = _s(r, UPPER_ALNUM, 10)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"import algoliasearch from 'algoliasearch';\n\nconst client = algoliasearch('{app}', '{key}');\nconst index = client.initIndex('products_{r.choice(ENVS)}');\nawait index.saveObjects(records, {{ autoGenerateObjectIDIfNotExist: true }});",
            ),
            ("user", f"algolia app id {app}, admin key {key} (not the search-only one)"),
        ],
    )


def go_struct_literal(r: random.Random) -> Made:
    pw = _password(r).replace('"', "").replace("\\", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f'cfg := mysql.Config{{\n\tUser:   "{r.choice(LOGINS)}",\n\tPasswd: "{pw}",\n\tNet:    "tcp",\n\tAddr:   "{_host(r)}:3306",\n\tDBName: "{r.choice(APPS)}",\n}}',
            ),
            (
                "tool",
                f'auth := smtp.PlainAuth("", "{_email(r)}", "{pw}", "smtp.{_domain(r)}")\nerr := smtp.SendMail(addr, auth, from, to, msg)',
            ),
        ],
    )


def java_spring_properties(r: random.Random) -> Made:
    pw = _password(r)
    return _pick(
        r,
        pw,
        [
            (
                "tool",
                f"spring.datasource.url=jdbc:postgresql://{_host(r)}:5432/{r.choice(APPS)}\nspring.datasource.username={r.choice(LOGINS)}\nspring.datasource.password={pw}\nspring.jpa.hibernate.ddl-auto=validate",
            ),
            (
                "tool",
                f"spring:\n  mail:\n    host: smtp.{_domain(r)}\n    username: {_email(r)}\n    password: {pw}\n    properties.mail.smtp.starttls.enable: true",
            ),
        ],
    )


def ruby_csharp_assign(r: random.Random) -> Made:
    key = "sk_live_51" + _s(r, ALNUM, 97)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"# config/initializers/stripe.rb\nStripe.api_key = '{key}'\nStripe.api_version = '2024-06-20'",
            ),
            (
                "tool",
                f'StripeConfiguration.ApiKey = "{key}";\nvar service = new CustomerService();',
            ),
        ],
    )


def sql_create_user(r: random.Random) -> Made:
    pw = _password(r).replace("'", "")
    return _pick(
        r,
        pw,
        [
            (
                "tool_call",
                f"psql -c \"CREATE ROLE {r.choice(LOGINS)} WITH LOGIN PASSWORD '{pw}' VALID UNTIL '2027-01-01';\"",
            ),
            (
                "tool",
                f"-- migrations/0042_reporting_user.sql\nCREATE USER reporting IDENTIFIED BY '{pw}';\nGRANT SELECT ON {r.choice(APPS)}.* TO reporting;",
            ),
            (
                "tool",
                f"ALTER LOGIN [{r.choice(LOGINS)}] WITH PASSWORD = N'{pw}', CHECK_POLICY = OFF;\nGO",
            ),
        ],
    )


def dockerfile_build_arg(r: random.Random) -> Made:
    tok = "ghp_" + _s(r, ALNUM, 36)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f'FROM golang:1.23 AS build\nENV GOPRIVATE=github.com/{r.choice(ORGS)}/*\nRUN git config --global url."https://{tok}:x-oauth-basic@github.com/".insteadOf "https://github.com/"\nCOPY . .\nRUN go build ./...',
            ),
            ("tool_call", f"docker build --build-arg GITHUB_TOKEN={tok} -t {r.choice(APPS)}:dev ."),
        ],
    )


def jupyter_cell_json(r: random.Random) -> Made:
    key = "hf_" + _s(r, ALNUM, 34)
    cell = {
        "cell_type": "code",
        "execution_count": r.randint(1, 40),
        "metadata": {},
        "outputs": [],
        "source": ["from huggingface_hub import login\n", f'login(token="{key}")\n'],
    }
    return _pick(
        r,
        key,
        [
            ("tool", json.dumps(cell, indent=1)),
            ("tool_call", f"huggingface-cli login --token {key} --add-to-git-credential"),
        ],
    )


def laravel_app_key(r: random.Random) -> Made:
    key = _b64(r, 32)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"APP_NAME={r.choice(ORGS).capitalize()}\nAPP_ENV=production\nAPP_KEY=base64:{key}\nAPP_DEBUG=false\nAPP_URL=https://{_domain(r)}",
            ),
            ("tool", f"$ php artisan key:generate --show\nbase64:{key}"),
        ],
    )


def django_secret_key(r: random.Random) -> Made:
    key = _s(r, LOWER + DIGITS + "!@#$%^&*(-_=+)", 50)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"# settings/production.py\nDEBUG = False\nSECRET_KEY = '{key}'\nALLOWED_HOSTS = ['{_domain(r)}']",
            ),
            ("tool", f"$ heroku config:get SECRET_KEY -a {r.choice(APPS)}-{r.choice(ENVS)}\n{key}"),
        ],
    )


def fernet_key(r: random.Random) -> Made:
    key = base64.urlsafe_b64encode(r.randbytes(32)).decode()
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"# airflow.cfg\n[core]\nexecutor = CeleryExecutor\nfernet_key = {key}\nload_examples = False",
            ),
            (
                "tool_call",
                f"python -c \"from cryptography.fernet import Fernet; print(Fernet(b'{key}').decrypt(open('blob.bin','rb').read()))\"",
            ),
        ],
    )


def hardhat_eth_private_key(r: random.Random) -> Made:
    key = "0x" + _s(r, HEX, 64)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f'module.exports = {{\n  solidity: "0.8.24",\n  networks: {{\n    sepolia: {{\n      url: "https://eth-sepolia.g.alchemy.com/v2/{_s(r, B64URL, 32)}",\n      accounts: ["{key}"],\n    }},\n  }},\n}};',
            ),
            ("user", f"deployer wallet private key is {key}, it only has test eth"),
        ],
    )


def supabase_service_role(r: random.Random) -> Made:
    ref = _s(r, LOWER, 20)
    jwt = _jwt(
        r,
        {
            "iss": "supabase",
            "ref": ref,
            "role": "service_role",
            "iat": r.randint(1700000000, 1760000000),
            "exp": r.randint(2000000000, 2100000000),
        },
    )
    return _pick(
        r,
        jwt,
        [
            (
                "tool",
                f"const supabase = createClient(\n  'https://{ref}.supabase.co',\n  '{jwt}'\n)",
            ),
            ("tool", f"SUPABASE_URL=https://{ref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={jwt}"),
        ],
    )


def github_actions_inline_env(r: random.Random) -> Made:
    tok = "lin_api_" + _s(r, ALNUM, 40)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f"jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      LINEAR_API_KEY: {tok}\n    steps:\n      - uses: actions/checkout@v4\n      - run: node scripts/sync-issues.mjs",
            ),
            (
                "tool_call",
                f"curl -s https://api.linear.app/graphql -H 'Authorization: {tok}' -H 'Content-Type: application/json' -d '{{\"query\":\"{{ viewer {{ id }} }}\"}}'",
            ),
        ],
    )


# --- forms: provider tokens in odd places ---------------------------------------------------------


def twilio_auth_token(r: random.Random) -> Made:
    tok = _s(r, HEX, 32)
    sid = "AC" + _s(r, HEX, 32)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json -u {sid}:{tok} --data-urlencode 'To=+447700900{r.randint(100, 999)}' --data-urlencode 'Body=deploy done'",
            ),
            ("user", f"twilio: account {sid}, auth token {tok}"),
        ],
    )


def sendgrid_key(r: random.Random) -> Made:
    key = "SG." + _s(r, B64URL, 22) + "." + _s(r, B64URL, 43)
    return _pick(
        r,
        key,
        [
            ("tool", f"sg = SendGridAPIClient('{key}')\nresponse = sg.send(message)"),
            ("tool", f"[smtp]\nhost = smtp.sendgrid.net\nuser = apikey\npassword = {key}"),
        ],
    )


def shopify_token(r: random.Random) -> Made:
    tok = r.choice(("shpat_", "shpca_", "shppa_")) + _s(r, HEX, 32)
    shop = f"{r.choice(ORGS)}-store.myshopify.com"
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -s https://{shop}/admin/api/2024-10/products.json -H 'X-Shopify-Access-Token: {tok}'",
            ),
            ("tool", f"SHOPIFY_STORE={shop}\nSHOPIFY_ADMIN_TOKEN={tok}"),
        ],
    )


def square_access_token(r: random.Random) -> Made:
    tok = "EAAA" + _s(r, B64URL, 60)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f'client = Client(access_token="{tok}", environment="production")\nresult = client.payments.list_payments()',
            ),
            ("user", f"square prod token {tok} — only for the refund script"),
        ],
    )


def newrelic_user_key(r: random.Random) -> Made:
    key = "NRAK-" + _s(r, UPPER_ALNUM, 27)
    return _pick(
        r,
        key,
        [
            (
                "tool_call",
                f"curl https://api.newrelic.com/graphql -H 'API-Key: {key}' -d '{{\"query\":\"{{ actor {{ user {{ name }} }} }}\"}}'",
            ),
            (
                "tool_call",
                f"newrelic profile add --profile default --region EU --apiKey {key} --accountId {r.randint(1000000, 9999999)}",
            ),
        ],
    )


def sentry_dsn(r: random.Random) -> Made:
    key = _s(r, HEX, 32)
    dsn = f"https://{key}@o{r.randint(100000, 4500000)}.ingest.us.sentry.io/{r.randint(1000000, 9999999)}"
    return _pick(
        r,
        key,
        [
            ("tool", f'sentry_sdk.init(\n    dsn="{dsn}",\n    traces_sample_rate=0.2,\n)'),
            ("tool", f"SENTRY_DSN={dsn}\nSENTRY_ENVIRONMENT={r.choice(ENVS)}"),
        ],
    )


def mapbox_secret(r: random.Random) -> Made:
    payload = _b64url(
        json.dumps(
            {"u": r.choice(LOGINS).replace("_", ""), "a": _s(r, LOWER_ALNUM, 25)},
            separators=(",", ":"),
        ).encode()
    )
    tok = f"sk.{payload}.{_s(r, B64URL, 22)}"
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"MAPBOX_DOWNLOADS_TOKEN={tok} ./gradlew assembleRelease"),
            ("tool", f"# ~/.gradle/gradle.properties\nMAPBOX_DOWNLOADS_TOKEN={tok}"),
        ],
    )


def cloudflare_token_prose(r: random.Random) -> Made:
    tok = _s(r, B64URL, 40)
    return _pick(
        r,
        tok,
        [
            ("user", f"ok I created a cloudflare token with Zone:DNS:Edit for {_domain(r)}: {tok}"),
            (
                "tool_call",
                f"curl -s https://api.cloudflare.com/client/v4/user/tokens/verify -H 'Authorization: Bearer {tok}'",
            ),
            (
                "tool",
                f'name = "{r.choice(APPS)}-worker"\nmain = "src/index.ts"\n# wrangler.toml\n[vars]\nCF_API_TOKEN = "{tok}"',
            ),
        ],
    )


def digitalocean_token(r: random.Random) -> Made:
    tok = "dop_v1_" + _s(r, HEX, 64)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"doctl auth init --access-token {tok} --context {r.choice(ENVS)}"),
            ("tool", f"access-token: {tok}\ncontext: default\noutput: text"),
        ],
    )


def vercel_token_flag(r: random.Random) -> Made:
    tok = _s(r, ALNUM, 24)
    return _pick(
        r,
        tok,
        [
            ("tool_call", f"npx vercel deploy --prod --token {tok} --scope {r.choice(ORGS)}"),
            ("tool_call", f"vercel env pull .env.local --token={tok} --yes"),
        ],
    )


def replicate_token(r: random.Random) -> Made:
    tok = "r8_" + _s(r, ALNUM, 37)
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f'import replicate\nclient = replicate.Client(api_token="{tok}")\nout = client.run("black-forest-labs/flux-schnell", input={{"prompt": p}})',
            ),
            ("user", f"use my replicate token {tok}"),
        ],
    )


def mistral_bare_key(r: random.Random) -> Made:
    key = _s(r, ALNUM, 32)
    return _pick(
        r,
        key,
        [
            ("user", f"mistral key: {key}"),
            (
                "tool",
                f'client = Mistral(api_key="{key}")\nchat = client.chat.complete(model="mistral-large-latest", messages=msgs)',
            ),
        ],
    )


def openai_project_key_split(r: random.Random) -> Made:
    key = "sk-proj-" + _s(r, B64URL, 156)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"openai.APIStatusError: Error code: 401 - {{'error': {{'message': 'Incorrect API key provided: {key}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error'}}}}",
            ),
            ("user", f"here: {key}"),
        ],
    )


def anthropic_admin_key(r: random.Random) -> Made:
    key = "sk-ant-admin01-" + _s(r, B64URL, 93) + "AA"
    return _pick(
        r,
        key,
        [
            (
                "tool_call",
                f"curl https://api.anthropic.com/v1/organizations/users -H 'x-api-key: {key}' -H 'anthropic-version: 2023-06-01'",
            ),
            ("user", f"admin key for usage reports: {key}"),
        ],
    )


def notion_integration(r: random.Random) -> Made:
    tok = r.choice(("ntn_" + _s(r, DIGITS, 11) + _s(r, ALNUM, 35), "secret_" + _s(r, ALNUM, 43)))
    return _pick(
        r,
        tok,
        [
            (
                "tool",
                f'const notion = new Client({{ auth: "{tok}" }});\nconst db = await notion.databases.query({{ database_id: "{_s(r, HEX, 32)}" }});',
            ),
            ("user", f"internal integration secret: {tok}"),
        ],
    )


def airtable_pat(r: random.Random) -> Made:
    tok = "pat" + _s(r, ALNUM, 14) + "." + _s(r, HEX, 64)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl 'https://api.airtable.com/v0/app{_s(r, ALNUM, 14)}/Tasks?maxRecords=3' -H 'Authorization: Bearer {tok}'",
            ),
            ("tool", f"AIRTABLE_PAT={tok}\nAIRTABLE_BASE=app{_s(r, ALNUM, 14)}"),
        ],
    )


def okta_ssws(r: random.Random) -> Made:
    tok = "00" + _s(r, B64URL, 40)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -s https://{r.choice(ORGS)}.okta.com/api/v1/users?limit=25 -H 'Authorization: SSWS {tok}'",
            ),
            (
                "tool",
                f"okta:\n  client:\n    orgUrl: https://{r.choice(ORGS)}.okta.com\n    token: {tok}",
            ),
        ],
    )


def auth0_client_secret(r: random.Random) -> Made:
    sec = _s(r, B64URL, 64)
    return _pick(
        r,
        sec,
        [
            (
                "tool",
                f"AUTH0_DOMAIN={r.choice(ORGS)}.eu.auth0.com\nAUTH0_CLIENT_ID={_s(r, ALNUM, 32)}\nAUTH0_CLIENT_SECRET={sec}",
            ),
            (
                "tool_call",
                f"curl --request POST --url https://{r.choice(ORGS)}.eu.auth0.com/oauth/token --data grant_type=client_credentials --data client_id={_s(r, ALNUM, 32)} --data client_secret={sec} --data audience=https://api.{_domain(r)}",
            ),
        ],
    )


def azure_ad_client_secret(r: random.Random) -> Made:
    sec = _s(r, ALNUM, 3) + "8Q~" + _s(r, ALNUM + "-_.~", 34)
    return _pick(
        r,
        sec,
        [
            (
                "tool",
                json.dumps(
                    {
                        "appId": _uuid(r),
                        "displayName": f"{r.choice(APPS)}-sp",
                        "password": sec,
                        "tenant": _uuid(r),
                    },
                    indent=2,
                ),
            ),
            (
                "tool_call",
                f"az login --service-principal -u {_uuid(r)} -p '{sec}' --tenant {_uuid(r)}",
            ),
        ],
    )


def azure_storage_conn(r: random.Random) -> Made:
    key = _b64(r, 64)
    acct = f"{r.choice(ORGS)}{r.choice(ENVS)}sa"
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net",
            ),
            (
                "tool_call",
                f"az storage blob upload --account-name {acct} --account-key {key} -c backups -f db.bak -n db-$(date +%F).bak",
            ),
        ],
    )


def gcp_api_key_in_url(r: random.Random) -> Made:
    key = "AIza" + _s(r, B64URL, 35)
    return _pick(
        r,
        key,
        [
            (
                "tool",
                f"GET https://maps.googleapis.com/maps/api/geocode/json?address=10+Downing+St&key={key} -> 200 (312 ms)",
            ),
            (
                "tool_call",
                f"curl -s 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent?key={key}' -H 'Content-Type: application/json' -d @req.json",
            ),
        ],
    )


def discord_webhook(r: random.Random) -> Made:
    tok = _s(r, B64URL, 68)
    return _pick(
        r,
        tok,
        [
            (
                "tool_call",
                f"curl -H 'Content-Type: application/json' -d '{{\"content\":\"build failed\"}}' https://discord.com/api/webhooks/{r.randint(10**17, 10**18)}/{tok}",
            ),
            (
                "tool",
                f"ALERT_WEBHOOK=https://discordapp.com/api/webhooks/{r.randint(10**17, 10**18)}/{tok}",
            ),
        ],
    )


# --- forms: signed URLs, keys, tokens ------------------------------------------------------------


def s3_presigned_url(r: random.Random) -> Made:
    sig = _s(r, HEX, 64)
    url = (
        f"https://{r.choice(ORGS)}-exports.s3.eu-west-1.amazonaws.com/reports/{r.randint(2024, 2026)}/q{r.randint(1, 4)}.csv"
        f"?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA{_s(r, UPPER_ALNUM, 16)}%2F20260301%2Feu-west-1%2Fs3%2Faws4_request"
        f"&X-Amz-Date=20260301T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}"
    )
    return _pick(
        r,
        sig,
        [
            ("user", f"can you parse this export? {url}"),
            ("tool_call", f"wget -O q.csv '{url}'"),
        ],
    )


def gcs_signed_url(r: random.Random) -> Made:
    sig = _s(r, HEX, 512)
    url = (
        f"https://storage.googleapis.com/{r.choice(ORGS)}-media/video/{_uuid(r)}.mp4?X-Goog-Algorithm=GOOG4-RSA-SHA256"
        f"&X-Goog-Credential=signer%40{r.choice(ORGS)}.iam.gserviceaccount.com%2F20260301%2Fauto%2Fstorage%2Fgoog4_request"
        f"&X-Goog-Date=20260301T101500Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}"
    )
    return _pick(r, sig, [("user", f"the signed link: {url}"), ("tool", f"signed_url: {url}")])


def azure_sas_url(r: random.Random) -> Made:
    sig = quote(_b64(r, 32), safe="")
    url = f"https://{r.choice(ORGS)}sa.blob.core.windows.net/uploads?sp=racwdl&st=2026-03-01T00:00:00Z&se=2026-09-01T00:00:00Z&spr=https&sv=2022-11-02&sr=c&sig={sig}"
    return _pick(
        r,
        sig,
        [
            ("tool_call", f"azcopy copy ./build '{url}' --recursive"),
            ("user", f"SAS for the uploads container: {url}"),
        ],
    )


def basic_auth_header(r: random.Random) -> Made:
    cred = base64.b64encode(f"{r.choice(LOGINS)}:{_password(r)}".encode()).decode()
    return _pick(
        r,
        cred,
        [
            (
                "tool_call",
                f"wget --header='Authorization: Basic {cred}' https://{_host(r)}/metrics -O -",
            ),
            (
                "tool",
                f'{_ip(r)} - - [01/Mar/2026:10:15:00 +0000] "GET /admin HTTP/1.1" 401 0 "-" "curl/8.5.0" auth="Basic {cred}"',
            ),
        ],
    )


def session_cookie(r: random.Random) -> Made:
    sess = _s(r, LOWER_ALNUM, 32)
    return _pick(
        r,
        sess,
        [
            (
                "tool_call",
                f"curl -s https://{_host(r)}/api/orders -b 'csrftoken={_s(r, ALNUM, 32)}; sessionid={sess}'",
            ),
            (
                "user",
                f"copied from devtools: Cookie: _ga=GA1.1.{r.randint(10**8, 10**9)}.{r.randint(10**9, 2 * 10**9)}; sessionid={sess}; theme=dark",
            ),
        ],
    )


def rails_signed_cookie(r: random.Random) -> Made:
    val = quote(_b64(r, 96), safe="") + "--" + _s(r, HEX, 40)
    return _pick(
        r,
        val,
        [
            (
                "tool",
                f"Set-Cookie: _{r.choice(APPS)}_session={val}; path=/; secure; HttpOnly; SameSite=Lax",
            ),
            (
                "tool_call",
                f"http GET https://{_host(r)}/dashboard 'Cookie:_{r.choice(APPS)}_session={val}'",
            ),
        ],
    )


def jwt_signing_secret(r: random.Random) -> Made:
    sec = _s(r, ALNUM, r.choice((32, 48, 64)))
    return _pick(
        r,
        sec,
        [
            (
                "tool",
                f"const token = jwt.sign({{ sub: user.id, role: user.role }}, '{sec}', {{ expiresIn: '7d' }});",
            ),
            ("tool", f"JWT_SECRET={sec}\nJWT_EXPIRES_IN=3600"),
        ],
    )


def age_secret_key(r: random.Random) -> Made:
    key = "AGE-SECRET-KEY-1" + _s(r, BECH32, 58)
    return _pick(
        r,
        key,
        [
            ("tool", f"# created: {_ts(r)}Z\n# public key: age1{_s(r, BECH32.lower(), 58)}\n{key}"),
            ("tool_call", f"SOPS_AGE_KEY={key} sops -d secrets/{r.choice(ENVS)}.enc.yaml"),
        ],
    )


def pgp_private_block(r: random.Random) -> Made:
    lines = _b64_lines(b"\x95\x05\x86\x04" + r.randbytes(1300), 64)
    line = lines[r.randint(2, len(lines) - 3)]
    block = (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + "\n".join(lines)
        + f"\n={_b64(r, 3)}\n-----END PGP PRIVATE KEY BLOCK-----"
    )
    return _pick(
        r,
        line,
        [
            ("tool", f"$ gpg --export-secret-keys --armor {_s(r, HEX.upper(), 16)}\n{block}"),
            ("user", f"import this on the build box:\n{block}"),
        ],
    )


def openssh_key_truncated(r: random.Random) -> Made:
    lines = _b64_lines(
        b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
        + r.randbytes(r.randint(500, 1700)),
        70,
    )
    line = lines[r.randint(2, len(lines) - 2)]
    keep = lines[: r.randint(lines.index(line) + 1, len(lines))]
    text = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(keep)
    return _pick(
        r,
        line,
        [
            ("tool", f"$ head -c 900 ~/.ssh/id_ed25519\n{text}"),
            ("user", f"the deploy key (cut off, sorry):\n{text}\n..."),
        ],
    )


def kerberos_keytab_b64(r: random.Random) -> Made:
    kt = base64.b64encode(b"\x05\x02" + r.randbytes(r.randint(120, 260))).decode()
    return _pick(
        r,
        kt,
        [
            (
                "tool_call",
                f"echo '{kt}' | base64 -d > /etc/krb5.keytab && kinit -kt /etc/krb5.keytab HTTP/{_host(r)}",
            ),
            ("tool", f"KRB5_KEYTAB_B64={kt}"),
        ],
    )


def totp_seed_uri(r: random.Random) -> Made:
    seed = _s(r, BASE32, 32)
    if r.random() < 1 / 3:
        spaced = " ".join(seed[i : i + 4].lower() for i in range(0, 32, 4))
        return spaced, f"can't scan the qr, the manual setup key is {spaced}", "user"
    org = r.choice(ORGS).capitalize()
    return _pick(
        r,
        seed,
        [
            (
                "user",
                f"2fa setup qr decodes to otpauth://totp/{org}:{_email(r)}?secret={seed}&issuer={org}&digits=6",
            ),
            ("tool_call", f"oathtool --totp -b {seed}"),
        ],
    )


# --- forms: chat ----------------------------------------------------------------------------------


def chat_password_english(r: random.Random) -> Made:
    pw = _password(r)
    who = r.choice(FIRST)
    return _pick(
        r,
        pw,
        [
            ("user", f"log into the router admin page for me, it's admin / {pw}"),
            (
                "user",
                f"{who} said the staging box password got reset to {pw} this morning, try that",
            ),
            ("user", f"I'm locked out, the old pw was {pw} but maybe I changed it"),
            (
                "assistant",
                f"I've set the temporary password for {who.lower()} to {pw}; they'll be asked to change it at next login.",
            ),
        ],
    )


def chat_password_foreign(r: random.Random) -> Made:
    pw = _password(r, r.choice(("phrase", "mixed", "keyboard")))
    return _pick(
        r,
        pw,
        [
            ("user", f"Das Passwort für den Server ist {pw}, bitte nicht weitergeben."),
            ("user", f"le mot de passe du compte admin c'est {pw} (avec la majuscule)"),
            ("user", f"la contraseña de la base de datos es {pw}"),
            ("user", f"a senha do banco é {pw}, pode usar"),
            ("user", f"пароль от сервера: {pw}"),
            ("user", f"サーバーのパスワードは {pw} です"),
            ("user", f"het wachtwoord is {pw}"),
            ("user", f"hasło do panelu: {pw}"),
        ],
    )


def chat_door_code(r: random.Random) -> Made:
    code = (
        f"{_s(r, DIGITS, 4)}-{_s(r, DIGITS, 4)}"
        if r.random() < 0.5
        else _s(r, DIGITS, r.choice((4, 6)))
    )
    return _pick(
        r,
        code,
        [
            ("user", f"the code is {code}, put it in the note for the courier"),
            ("user", f"server room keypad: {code}#"),
            (
                "user",
                f"alarm disarm code {code} — add it to the onboarding doc for the night shift",
            ),
        ],
    )


def chat_backup_codes(r: random.Random) -> Made:
    codes = [f"{_s(r, HEX, 5)}-{_s(r, HEX, 5)}" for _ in range(r.choice((8, 10, 16)))]
    one = r.choice(codes)
    listing = "\n".join(codes)
    return _pick(
        r,
        one,
        [
            ("user", f"save these github recovery codes somewhere safe for me:\n{listing}"),
            ("tool", f"$ cat ~/Downloads/github-recovery-codes.txt\n{listing}"),
        ],
    )


def chat_sms_otp(r: random.Random) -> Made:
    code = _s(r, DIGITS, 6)
    return _pick(
        r,
        code,
        [
            (
                "user",
                f'got the sms: "Your {r.choice(ORGS).capitalize()} verification code is {code}. Don\'t share it with anyone." enter it quick',
            ),
            ("user", f"otp {code}"),
            ("user", f"{code} is the code from the authenticator, go"),
        ],
    )


def chat_recovery_phrase(r: random.Random) -> Made:
    phrase = " ".join(r.choice(BIP39) for _ in range(r.choice((12, 24))))
    return _pick(
        r,
        phrase,
        [
            ("user", f"I wrote down my wallet seed: {phrase}. can you check it's valid bip39?"),
            ("user", f"recovery phrase\n{phrase}"),
            ("tool", f"$ cat wallet-backup.txt\n# metamask {_ts(r)}\n{phrase}"),
        ],
    )


def chat_credit_card(r: random.Random) -> Made:
    prefix = r.choice(("4", "51", "53", "55", "2221"))
    pan = _luhn_complete(prefix + _s(r, DIGITS, 15 - len(prefix)))
    spaced = " ".join(pan[i : i + 4] for i in range(0, 16, 4))
    num = r.choice((pan, spaced))
    exp = f"{r.randint(1, 12):02d}/{r.randint(27, 31)}"
    cvv = _s(r, DIGITS, 3)
    return _pick(
        r,
        num,
        [
            ("user", f"book it on my card {num} exp {exp} cvv {cvv}"),
            (
                "user",
                f"card: {num}\nexpiry {exp}\nsecurity code {cvv}\nname {r.choice(FIRST)} {r.choice(WORDS).capitalize()}",
            ),
        ],
    )


def chat_bank_details(r: random.Random) -> Made:
    if r.random() < 0.5:
        acct = _s(r, DIGITS, r.randint(9, 12))
        routing = r.choice(("021000021", "026009593", "121000358", "011401533"))
        return (
            acct,
            f"wire it to account {acct}, routing {routing}, {r.choice(FIRST)} {r.choice(WORDS).capitalize()}",
            "user",
        )
    iban = _iban_de(r)
    spaced = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    v = r.choice((iban, spaced))
    return v, f"Bitte überweisen an IBAN {v}, BIC {_s(r, UPPER, 6)}XXX", "user"


def chat_national_id(r: random.Random) -> Made:
    area = r.choice([n for n in range(1, 899) if n != 666])
    ssn = f"{area:03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}"
    return _pick(
        r,
        ssn,
        [
            (
                "user",
                f"for the w-9 form: {r.choice(FIRST)} {r.choice(WORDS).capitalize()}, SSN {ssn}, dob 1989-0{r.randint(1, 9)}-1{r.randint(0, 9)}",
            ),
            ("user", f"my social is {ssn}"),
        ],
    )


# --- registry ----------------------------------------------------------------------------------------

FORMS: list[tuple[str, Maker]] = [
    ("docker_config_auths", docker_config_auths),
    ("npmrc_authtoken", npmrc_authtoken),
    ("npmrc_legacy_auth", npmrc_legacy_auth),
    ("pip_conf_index_url", pip_conf_index_url),
    ("gradle_properties", gradle_properties),
    ("maven_settings_xml", maven_settings_xml),
    ("terraform_tfvars", terraform_tfvars),
    ("helm_values_yaml", helm_values_yaml),
    ("ansible_vars", ansible_vars),
    ("git_credentials_file", git_credentials_file),
    ("aws_session_token", aws_session_token),
    ("gcp_service_account_json", gcp_service_account_json),
    ("kubeconfig_client_key_data", kubeconfig_client_key_data),
    ("kubeconfig_sa_token", kubeconfig_sa_token),
    ("pypirc_token", pypirc_token),
    ("composer_auth_json", composer_auth_json),
    ("rclone_conf", rclone_conf),
    ("s3cfg_spaces", s3cfg_spaces),
    ("boto_gs_hmac", boto_gs_hmac),
    ("pgpass_line", pgpass_line),
    ("netrc_machine", netrc_machine),
    ("mycnf_client", mycnf_client),
    ("wireguard_private_key", wireguard_private_key),
    ("sshpass_command", sshpass_command),
    ("jdbc_password_param", jdbc_password_param),
    ("odbc_connection_string", odbc_connection_string),
    ("mongodb_srv_uri", mongodb_srv_uri),
    ("redis_auth", redis_auth),
    ("amqp_uri", amqp_uri),
    ("gmail_app_password", gmail_app_password),
    ("ldap_bind_w", ldap_bind_w),
    ("mysql_p_nospace", mysql_p_nospace),
    ("pgpassword_env_prefix", pgpassword_env_prefix),
    ("docker_login_stdin", docker_login_stdin),
    ("curl_user_colon", curl_user_colon),
    ("windows_cmdkey_netuse", windows_cmdkey_netuse),
    ("powershell_securestring", powershell_securestring),
    ("openssl_pkcs12_pass", openssl_pkcs12_pass),
    ("openssl_enc_hex_key", openssl_enc_hex_key),
    ("git_remote_token_url", git_remote_token_url),
    ("nmcli_wifi", nmcli_wifi),
    ("traceback_locals", traceback_locals),
    ("python_http_debug", python_http_debug),
    ("curl_verbose_headers", curl_verbose_headers),
    ("set_x_trace_export", set_x_trace_export),
    ("printenv_dump", printenv_dump),
    ("docker_inspect_env", docker_inspect_env),
    ("kubectl_describe_env", kubectl_describe_env),
    ("ci_log_unmasked", ci_log_unmasked),
    ("har_entry_header", har_entry_header),
    ("postgres_statement_log", postgres_statement_log),
    ("terraform_state_json", terraform_state_json),
    ("pydantic_repr_leak", pydantic_repr_leak),
    ("python_dict_cohere", python_dict_cohere),
    ("js_algolia_admin", js_algolia_admin),
    ("go_struct_literal", go_struct_literal),
    ("java_spring_properties", java_spring_properties),
    ("ruby_csharp_assign", ruby_csharp_assign),
    ("sql_create_user", sql_create_user),
    ("dockerfile_build_arg", dockerfile_build_arg),
    ("jupyter_cell_json", jupyter_cell_json),
    ("laravel_app_key", laravel_app_key),
    ("django_secret_key", django_secret_key),
    ("fernet_key", fernet_key),
    ("hardhat_eth_private_key", hardhat_eth_private_key),
    ("supabase_service_role", supabase_service_role),
    ("github_actions_inline_env", github_actions_inline_env),
    ("twilio_auth_token", twilio_auth_token),
    ("sendgrid_key", sendgrid_key),
    ("shopify_token", shopify_token),
    ("square_access_token", square_access_token),
    ("newrelic_user_key", newrelic_user_key),
    ("sentry_dsn", sentry_dsn),
    ("mapbox_secret", mapbox_secret),
    ("cloudflare_token_prose", cloudflare_token_prose),
    ("digitalocean_token", digitalocean_token),
    ("vercel_token_flag", vercel_token_flag),
    ("replicate_token", replicate_token),
    ("mistral_bare_key", mistral_bare_key),
    ("openai_project_key_split", openai_project_key_split),
    ("anthropic_admin_key", anthropic_admin_key),
    ("notion_integration", notion_integration),
    ("airtable_pat", airtable_pat),
    ("okta_ssws", okta_ssws),
    ("auth0_client_secret", auth0_client_secret),
    ("azure_ad_client_secret", azure_ad_client_secret),
    ("azure_storage_conn", azure_storage_conn),
    ("gcp_api_key_in_url", gcp_api_key_in_url),
    ("discord_webhook", discord_webhook),
    ("s3_presigned_url", s3_presigned_url),
    ("gcs_signed_url", gcs_signed_url),
    ("azure_sas_url", azure_sas_url),
    ("basic_auth_header", basic_auth_header),
    ("session_cookie", session_cookie),
    ("rails_signed_cookie", rails_signed_cookie),
    ("jwt_signing_secret", jwt_signing_secret),
    ("age_secret_key", age_secret_key),
    ("pgp_private_block", pgp_private_block),
    ("openssh_key_truncated", openssh_key_truncated),
    ("kerberos_keytab_b64", kerberos_keytab_b64),
    ("totp_seed_uri", totp_seed_uri),
    ("chat_password_english", chat_password_english),
    ("chat_password_foreign", chat_password_foreign),
    ("chat_door_code", chat_door_code),
    ("chat_backup_codes", chat_backup_codes),
    ("chat_sms_otp", chat_sms_otp),
    ("chat_recovery_phrase", chat_recovery_phrase),
    ("chat_credit_card", chat_credit_card),
    ("chat_bank_details", chat_bank_details),
    ("chat_national_id", chat_national_id),
]


def generate(seed: int, count: int) -> list[PlantedSecret]:
    """``count`` planted secrets, cycling through :data:`FORMS` in order."""
    r = random.Random(seed)
    out: list[PlantedSecret] = []
    for i in range(count):
        form, make = FORMS[i % len(FORMS)]
        secret, text, role = make(r)
        if not secret or secret not in text:
            raise ValueError(f"{form}: the secret is not in its text")
        out.append(PlantedSecret(form, secret, text, role))
    return out


# --- near misses ---------------------------------------------------------------------------------


def _near_misses(r: random.Random) -> list[str]:
    sha = _s(r, HEX, 40)
    return [
        f"$ git log --oneline -3\n{sha[:7]} Fix flaky retry test\n{_s(r, HEX, 7)} Bump ruff to 0.8.4\n{_s(r, HEX, 7)} Merge pull request #{r.randint(100, 9999)} from {r.choice(ORGS)}/feat-export",
        f"HEAD is now at {sha[:12]} and the full commit is {sha}",
        f"request_id={_uuid(r)} trace_id={_s(r, HEX, 32)} span_id={_s(r, HEX, 16)} status=200 duration_ms={r.randint(3, 900)}",
        f"tool_call id call_{_s(r, ALNUM, 24)} returned 3 results; toolu_{_s(r, ALNUM, 24)} timed out",
        f"sha256:{_s(r, HEX, 64)}  {r.choice(APPS)}-linux-amd64.tar.gz",
        f"Digest: sha256:{_s(r, HEX, 64)}\nStatus: Downloaded newer image for postgres:16-alpine",
        f'integrity "sha512-{_b64(r, 64)}"\n  resolved "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"',
        'export OPENAI_API_KEY="$OPENAI_API_KEY"\nexport DATABASE_URL=${DATABASE_URL:?must be set}',
        "API_KEY=<your-key>\nAPI_SECRET=<your-secret-here>\nDB_PASSWORD=changeme",
        "STRIPE_SECRET_KEY=sk_test_your_key_here  # replace before running",
        "password: ********\napi_key: '[REDACTED]'\ntoken: \"***\"",
        "POSTGRES_PASSWORD: ${{ secrets.POSTGRES_PASSWORD }}\nNPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
        'password = os.environ["DB_PASSWORD"]\napi_key = settings.get("api_key")\ntoken = getpass.getpass("Token: ")',
        'def test_login_rejects_bad_password():\n    assert not check("user", "wrong-password")\n    assert not check("user", "")',
        'fixtures/users.json: {"username": "alice", "password": "password123"}  # fake test user',
        f".btn-primary {{ background: #{_s(r, HEX, 6)}; border-color: #{_s(r, HEX, 6)}; color: #fff; }}",
        f"const ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA{_b64(r, 60)}';",
        f"docker run -d -p 8080:80 -p {r.randint(3000, 9999)}:{r.randint(3000, 9999)} --name web nginx:1.27",
        f"ssh -p 2222 -i ~/.ssh/id_ed25519 {r.choice(LOGINS)}@{_ip(r)}",
        f"psql -h localhost -U {r.choice(LOGINS)} -d {r.choice(APPS)} -W   # prompts for the password",
        f"mysql -u {r.choice(LOGINS)} -p -h {_host(r)}",
        "Password must be at least 12 characters and contain a number, an uppercase letter and a symbol.",
        "Forgot your password? We sent a reset link to the address on file; it expires in 30 minutes.",
        f"-----BEGIN PUBLIC KEY-----\n{_b64(r, 48)}\n-----END PUBLIC KEY-----",
        f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(r, 32)[:43]} {r.choice(FIRST).lower()}@laptop",
        f"PR #{r.randint(100, 9999)} opened by {r.choice(FIRST).lower()}: rotate the token in the vault (no value here, see 1Password item '{r.choice(APPS)} prod')",
        f"The pipeline exposed {r.randint(2, 9)} secrets as masked variables: DB_PASSWORD, API_TOKEN, SIGNING_KEY.",
        f"Order #{r.randint(100000, 999999)} shipped; tracking 1Z{_s(r, UPPER_ALNUM, 16)}.",
        f"Build {r.randint(1000, 9999)} finished in {r.randint(1, 59)}m{r.randint(0, 59)}s — artifact {r.choice(APPS)}-{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 9)}.whl",
        f'ETag: "{_s(r, HEX, 32)}"\nCache-Control: max-age=3600',
        "Authorization: Bearer $TOKEN\nAuthorization: Bearer <token>\nAuthorization: Basic <base64 user:pass>",
        'kubectl create secret generic db --from-literal=password="$(openssl rand -base64 24)"',
        f"Set the key with `gh secret set NPM_TOKEN < token.txt`; the workflow reads it at {r.choice(('build', 'publish'))} time.",
        "The lock code mechanism uses 4 to 8 digits; the default factory code must be changed on install.",
        f"Invoice INV-{r.randint(2024, 2026)}-{r.randint(1000, 9999)}: total EUR {r.randint(100, 9999)}.{r.randint(0, 99):02d}, due in 30 days.",
        f"Phone +44 20 {r.randint(1000, 9999)} {r.randint(1000, 9999)}; office hours 9–17.",
        f"AWS account id {_s(r, DIGITS, 12)} in region eu-west-1; arn:aws:iam::{_s(r, DIGITS, 12)}:role/{r.choice(APPS)}-deployer",
        f'{{"type": "service_account", "client_email": "{r.choice(APPS)}@proj.iam.gserviceaccount.com", "private_key": "<redacted>"}}',
        f"Model: claude-sonnet-4-5, tokens in={r.randint(1000, 90000)} out={r.randint(100, 4000)}, cache_read={r.randint(0, 50000)}",
        f"Card ending in {_s(r, DIGITS, 4)} was charged $42.00.",
        "secret_key_base is read from credentials.yml.enc; run `bin/rails credentials:edit` to change it.",
        f"base64 of the avatar thumbnail: {_b64(r, 24)} (first bytes only, for the test)",
        f"Generated migration 20260301_{_s(r, DIGITS, 6)}_add_password_digest_to_users.rb",
        f"User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/13{r.randint(0, 9)}.0.0.0 Safari/537.36",
        "We use bcrypt with cost 12; a hash looks like $2b$12$ followed by 53 characters, never store the plain value.",
    ]


def generate_near_misses(seed: int, count: int) -> list[str]:
    """``count`` realistic texts that hold no secret."""
    r = random.Random(f"near-misses:{seed}")  # not the planted stream
    out: list[str] = []
    i = 0
    while len(out) < count:
        pool = _near_misses(r)
        out.append(pool[i % len(pool)])
        i += 1
    return out


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sample = generate(seed, len(FORMS) * 3)
    for p in random.Random(seed).sample(sample, 10):
        print(f"--- {p.form} [{p.role}] secret={p.secret[:60]!r}")
        print(p.text[:400])
    print()
    counts = Counter(p.form for p in sample)
    for form, n in counts.items():
        print(f"{n:3d}  {form}")
    print(
        f"{len(FORMS)} forms, {len(sample)} secrets, {len(generate_near_misses(seed, 60))} near misses"
    )
