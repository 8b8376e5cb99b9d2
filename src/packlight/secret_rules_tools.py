"""Secrets that tools, files and code give away by where they put them.

The rules of :mod:`packlight.secret_rules` find secrets by their own shape or by the name they
are assigned to; these find them by their place in what a tool printed, a file held or a
command ran: the line a command prints after asking for a secret, an XML element named like
one, a URL's user part or signature parameter, a SQL statement that sets a password, the
password flags of LDAP, Windows and openssl commands, a PowerShell secure string, a 256-bit
key in base64, and a hexadecimal key named by the words before it. Same contract as there: a
pattern, a function from a match to its secret spans, the needles a match contains.
"""

from __future__ import annotations

import base64
import re

from packlight.secret_rules import (
    CONSTANT_NAME,
    SECRET_NAME,
    Rule,
    SecretSpan,
    assigned_secret_kind,
    context_before,
    line_before,
    looks_like_placeholder,
    looks_random,
    only_markers,
    scheme_anchor,
    value_span,
    word_is_secret,
)

_SECRET_WORD = re.compile(
    r"(?i:secret|token|passw|api[ _-]?key|access[ _-]?key|private[ _-]?key|credential|\bkey\b"
    r"|key[_-]|_key\b|-key\b|keytab|\bpwd\b|\bdsn\b)"
)

# The command-line tools of secret stores and platforms that hold secrets.
_SECRET_TOOLS = (
    r"(?:gcloud|aws|az|vault|kubectl|oc|op|doppler|heroku|bw|gopass|pass|security|terraform"
    r"|pulumi|sops|infisical|chamber|fly|flyctl|railway|vercel|netlify|wrangler|gh|glab|akeyless"
    r"|conjur|kv|docker[ \t]++secret|scw|doctl|ibmcloud|oci)"
)

# "$ terraform output -raw db_password" and, alone on the next line, what it printed.
_PRINTED = (
    r"(?m:^)[ \t]*+(?:(?:\$|#|PS[^\r\n>]{0,80}+>|>>>|\w[\w@.-]{0,40}+[$#%])[ \t]++"
    # Without a prompt, a command of a tool that keeps secrets ("gcloud secrets versions
    # access ...", "aws secretsmanager get-secret-value ... --output text").
    r"|(?=" + _SECRET_TOOLS + r"[ \t]))"
    r"(?P<command>[^\r\n]{1,400}+)\r?\n[ \t]*+(?P<value>[^\s]{8,8000}+)[ \t]*+(?![^\r\n])"
)


def _printed(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if not _SECRET_WORD.search(match["command"]) or not _secret_like(value):
        return []
    return [("printed-secret", match.start("value"), match.end("value"))]


def _secret_like(value: str) -> bool:
    """A value a command printed that reads as a secret, not a word, a name or a status."""
    if only_markers(value) or looks_like_placeholder(value):
        return False
    if value.startswith(("/", "./", "~/", "http://", "https://")) and " " not in value:
        return False  # a path or an address the command printed
    if CONSTANT_NAME.fullmatch(value) or value.lower() in {"true", "false", "null", "none"}:
        return False  # a variable's name, a flag
    classes = sum(
        any(test(c) for c in value)
        for test in (str.islower, str.isupper, str.isdigit, lambda c: not c.isalnum())
    )
    # Asked for a secret, a command printed one token: it is the secret unless it reads as a
    # plain word.
    return classes >= 2 or value.isdigit() or word_is_secret(value) or looks_random(value)


# <password>PW</password>, <apiKey>K</apiKey>: an element named like a secret.
_XML_ELEMENT = r"<(?P<name>[A-Za-z_][\w.:-]{0,60}+)>(?P<value>[^<>\r\n]{1,400}+)</(?P=name)>"


def _xml_element(match: re.Match[str]) -> list[SecretSpan]:
    name = match["name"].rpartition(":")[2]  # a namespace prefix names no secret
    value = match["value"].strip()
    if not SECRET_NAME.fullmatch(name) or looks_like_placeholder(value) or only_markers(value):
        return []
    kind = assigned_secret_kind(name, value)
    if kind is None:
        return []
    start = match.start("value") + match["value"].index(value)
    return [(kind, start, start + len(value))]


# https://KEY@host (a Sentry DSN, a token as a URL's user): a user part in no name's shape.
_URL_USER = (
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}+://(?P<value>[A-Za-z0-9_.~-]{20,200}+)"
    r"@(?=[A-Za-z0-9])"
)


def _url_user(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if not _key_like(value):
        return []
    return [("url-token", match.start("value"), match.end("value"))]


def _key_like(value: str, hex_chars: int = 24) -> bool:
    """A long hexadecimal string (``0x`` allowed) or random key material."""
    hexadecimal = re.fullmatch(rf"(?:0x)?[0-9a-fA-F]{{{hex_chars},}}", value) is not None
    return hexadecimal or looks_random(value)


# A URL parameter that signs or authorises the request.
_URL_PARAMETER = (
    r"[?&](?P<name>(?i:x-amz-signature|x-amz-security-token|x-goog-signature|signature|sig"
    r"|access_token|refresh_token|id_token|token|api_key|apikey|api-key|client_secret|secret"
    r"|password|passwd|auth|key"
    # A sign-in link's one-time code (a magic link, an OAuth redirect).
    r"|code|otp|magic|login_token|signin_token))=(?P<value>[^&\s'\"#<>]{12,}+)"
)


def _url_parameter(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    if match["name"].lower() == "key" and not (looks_random(value) or len(value) >= 30):
        return []  # ?key=sort-order is a key of another kind
    if match["name"].lower() in {"code", "otp", "magic"} and not (
        len(value) >= 20 and looks_random(value)
    ):
        return []  # ?code=US, ?code=404, ?code=ABC-123: a country, a status, a product
    return [("url-secret", match.start("value"), match.end("value"))]


# SQL that sets a password: IDENTIFIED BY 'PW', WITH PASSWORD 'PW', PASSWORD = 'PW'.
_SQL_PASSWORD = (
    r"\b(?i:identified(?:[ \t]++with[ \t]++\w++)?[ \t]++by(?:[ \t]++password)?"
    r"|(?:encrypted[ \t]++|unencrypted[ \t]++)?password(?:[ \t]*+=)?)[ \t]++"
    r"'(?P<value>[^'\r\n]{1,200}+)'"
)

# The LDAP tools' bind password: ldapsearch ... -w PW
_LDAP_W = (
    # Quoted, the password may start with "-"; bare, a "-" starts the next flag.
    r"-(?<=[ \t]-)w[ \t]++(?:(?P<q>['\"])(?P<quoted>[^'\"\r\n]{1,200}+)(?P=q)"
    r"|(?P<value>(?![-$<{])[^\s'\"]{1,200}+))"
)
_LDAP_COMMANDS = re.compile(r"\bldap(?:search|modify|add|delete|passwd|whoami|compare|modrdn)\b")


def _ldap_w(match: re.Match[str]) -> list[SecretSpan]:
    group = "value" if match["value"] is not None else "quoted"
    if not _LDAP_COMMANDS.search(line_before(match)) or only_markers(match[group]):
        return []
    return [("password", match.start(group), match.end(group))]


# Redis: "AUTH [user] PW" typed at a redis-cli prompt or sent as a command; upper case, as
# redis documents it ("auth" in lower case is a word of prose).
_REDIS_AUTH = (
    r"A(?<![\w-]A)UTH2?[ \t]++(?:[^\s'\"]{1,80}+[ \t]++)?"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{1,200}+)(?P=q)[ \t]*+(?![^\r\n])"
)
_REDIS_PROMPT = re.compile(r"(?:[\w.:-]{1,80}+>)?[ \t]*+")


def _redis_auth(match: re.Match[str]) -> list[SecretSpan]:
    if not _REDIS_PROMPT.fullmatch(line_before(match)) or only_markers(match["value"]):
        return []  # the command alone on its line, or after a redis-cli prompt
    return [("password", match.start("value"), match.end("value"))]


# Windows: cmdkey /pass:PW, schtasks /rp PW is rarer; /password:PW of many tools.
_WINDOWS_PASS = r"(?<=[ \t])/(?i:pass|password|pwd)[:=](?P<q>\"?)(?P<value>[^\s\"]{1,200}+)(?P=q)"

# PowerShell: ConvertTo-SecureString "PW" -AsPlainText
_SECURE_STRING = (
    r"(?i:convertto-securestring)[ \t]++(?:-(?i:string)[ \t]++)?(?P<q>['\"])"
    r"(?P<value>[^'\"\r\n]{1,200}+)(?P=q)"
)

# openssl: -K HEX (the raw key), -pass pass:PW / -passin / -passout, -k PW
_OPENSSL_KEY = (
    r"-(?<=[ \t]-)(?:K[ \t]++(?P<key>[0-9a-fA-F]{16,}+)"
    r"|(?:pass|passin|passout)[ \t]++pass:(?P<pass>[^\s'\"]{1,200}+)"
    r"|k[ \t]++(?P<word>(?![-$<{])[^\s'\"]{1,200}+))"
)


def _openssl_key(match: re.Match[str]) -> list[SecretSpan]:
    group = next(g for g in ("key", "pass", "word") if match[g] is not None)
    if group != "pass" and "openssl" not in line_before(match):
        return []
    if only_markers(match[group]):
        return []
    kind = "encryption-key" if group == "key" else "password"
    return [(kind, match.start(group), match.end(group))]


# oathtool --totp -b SEED: a TOTP seed in base32.
_TOTP_SEED = r"\boathtool\b[^\r\n]{0,80}?[ \t](?P<value>[A-Z2-7]{16,}+=*+)(?![\w=])"

# composer config http-basic.HOST USER PW
_HTTP_BASIC = (
    r"\bhttp-basic\.[^\s]++[ \t]++[^\s]++[ \t]++(?P<q>['\"]?)(?P<value>[^\s'\"]{4,200}+)(?P=q)"
)

# Go's smtp.PlainAuth(identity, username, password, host) and friends.
_PLAIN_AUTH = (
    r"\b(?:PlainAuth|CRAMMD5Auth|NewCredentials|BasicAuth|SetBasicAuth)\(\s*+"
    r"(?:\"[^\"\n]*+\"\s*+,\s*+){1,2}\"(?P<value>[^\"\n]{4,200}+)\""
)

# A 256-bit key in base64 (44 characters with its "=": WireGuard, Fernet, many app keys), and
# a "base64:" app key (Laravel's APP_KEY).
_KEY_256 = r"(?<![A-Za-z0-9+/=_:-])(?P<value>[A-Za-z0-9+/_-]{43}=)(?![A-Za-z0-9+/=_-])"
_DIGEST_CONTEXT = re.compile(r"(?i:sha(?:1|224|256|384|512)|digest|integrity|checksum|hash)")
_BASE64_KEY = r"\bbase64:(?P<value>[A-Za-z0-9+/]{32,}+={0,2})"


def _key_256(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    before = context_before(match, 40)
    if _DIGEST_CONTEXT.search(before) or not looks_random(value, digits=False):
        return []  # "sha256-..." and "digest: ..." are hashes of something, not keys
    return [("key-material", match.start("value"), match.end("value"))]


# "admin key 2538...", "auth token e7f6...", "private key is 0x0f...": a hexadecimal (or
# random) value named by the words right before it. Commit hashes and digests stay: their
# words are "commit", "sha", "digest", never "private key" or "auth token".
_NAMED_KEY = (
    r"\b(?i:(?:admin|api|auth|access|secret|private|signing|master|encryption|app|client|wallet"
    r"|deployer|session|refresh|bot|service)[ \t]++(?:key|token|secret)|secret|passphrase"
    r"|(?:wifi|wi-fi|network|wpa)[ \t]++(?:key|password)|the[ \t]++key)"
    r"(?:[ \t]++(?i:is|was|now))?(?:[ \t]*+(?:[:=]|->|=>|\u2192|\u2014)[ \t]*+|[ \t]++)"
    r"(?P<value>(?:0x)?[0-9a-fA-F]{32,}+|[^\s'\"`,;()]{8,200}+)"
)
# A 256-bit hexadecimal value given as some service's key: "together key -> 7ed2...",
# "TOGETHER key: 7ed2...". Hashes are named otherwise ("cache key", "sha256", "digest").
_VENDOR_HEX_KEY = (
    r"(?i:key|token|secret)[ \t]*+(?:[:=]|->|=>|\u2192|\u2014|(?i:is))[ \t]*+[\"'`]?"
    r"(?P<value>(?:0x)?[0-9a-fA-F]{64})(?![0-9A-Za-z])"
)
_VENDOR = re.compile(r"(?<![\w.-])(?P<vendor>[A-Za-z][\w.-]{1,40}?)[ \t_-]++$")
_HASH_WORDS = re.compile(
    r"(?i:cache|hash|digest|sha\d*|md5|checksum|etag|object|sort|primary|foreign|partition|dedup"
    r"|idempotency|lookup|commit|public|content|index|row|shard|routing|map|dict)"
)


def _vendor_hex_key(match: re.Match[str]) -> list[SecretSpan]:
    vendor = _VENDOR.search(context_before(match, 48))
    if vendor is None or _HASH_WORDS.fullmatch(vendor["vendor"]):
        return []
    if _DIGEST_CONTEXT.search(vendor["vendor"]):
        return []
    return [("secret", match.start("value"), match.end("value"))]


# The data of a Kubernetes Secret: every value under "data:" or "stringData:" is one, whatever
# its key is named (kubectl prints them base64-encoded, which no other rule reads as secret).
_SECRET_DATA_MAP = (
    r"(?m:^)(?P<indent>[ \t]*+)(?:data|stringData):[ \t]*+\r?\n"
    r"(?P<block>(?:(?P=indent)[ \t]++[^\s:#][^\r\n:]{0,253}+:[^\r\n]*+(?:\r?\n|$))++)"
)
_SECRET_DATA_JSON = r"\\?\"(?:data|stringData)\\?\"[ \t]*+:[ \t]*+\{(?P<block>[^{}]{1,20000}+)\}"
_DATA_LINE = re.compile(
    r"(?m:^)[ \t]++[^\s:#][^\r\n:]*+:[ \t]++(?P<q>[\"']?)(?P<value>[^\s\"'#|>][^\s\"']*+)(?P=q)"
)
_DATA_PAIR = re.compile(
    r"\\?\"[^\"\\]{1,253}+\\?\"[ \t]*+:[ \t]*+\\?\"(?P<value>[^\"\\]{1,20000}+)\\?\""
)
_SECRET_KIND = re.compile(r"\\?[\"']?kind\\?[\"']?[ \t]*+:[ \t]*+\\?[\"']?Secret\b")
_MANIFEST_CHARS = 3000


# A value handed to a secret store on its command line: "gh secret set X --body V",
# "az keyvault secret set ... --value V", "aws secretsmanager create-secret ... --secret-string
# V", "aws ssm put-parameter ... --value V", "fly secrets set X=V" (the "=" form is an
# assignment rule's).
_STORED_SECRET = (
    r"-(?<=[ \t]-)(?:-body|b|-value|-secret-string|-secret-binary|-secret-value|-data)"
    r"(?:[ \t]++|=)(?:(?P<q>['\"])(?P<quoted>[^'\"\r\n]{1,4000}+)(?P=q)"
    r"|(?P<value>(?![-$<{@])[^\s'\"]{1,4000}+))"
)
_STORE_COMMANDS = re.compile(
    r"\b(?:(?:gh|glab)[ \t]++(?:secret|variable)[ \t]++set|keyvault[ \t]++secret[ \t]++set"
    r"|secretsmanager|ssm[ \t]++put-parameter|secrets[ \t]++(?:create|versions[ \t]++add|set)"
    r"|doppler|infisical|akeyless|conjur|vault)\b"
)


def _stored_secret(match: re.Match[str]) -> list[SecretSpan]:
    group = "value" if match["value"] is not None else "quoted"
    value = match[group]
    if not _STORE_COMMANDS.search(line_before(match)) or only_markers(value):
        return []
    if looks_like_placeholder(value) or value.startswith(("file://", "fileb://")):
        return []  # "--secret-string file://creds.json" names a file
    return [("secret", match.start(group), match.end(group))]


# A value piped into a secret store: "echo -n 'V' | gcloud secrets create db --data-file=-".
_PIPED_TO_STORE = (
    r"\b(?:echo|printf)[ \t]++(?:-[neE]++[ \t]++)?(?:(?P<q>['\"])(?P<quoted>[^'\"\r\n]{1,4000}+)"
    r"(?P=q)|(?P<value>(?![-$<{])[^\s'\"|]{1,4000}+))[ \t]*+\|[ \t]*+"
    r"(?=" + _SECRET_TOOLS + r"\b[^\r\n|]{0,200}?\b(?:secrets?|env|config|kv|put|set|add|create)\b)"
)


def _piped_to_store(match: re.Match[str]) -> list[SecretSpan]:
    group = "value" if match["value"] is not None else "quoted"
    if only_markers(match[group]) or looks_like_placeholder(match[group]):
        return []
    return [("secret", match.start(group), match.end(group))]


# GitHub Actions: "::add-mask::V" registers V as a secret to hide from logs.
_ADD_MASK = r"::add-mask::(?P<value>(?![$%])[^\s'\"]{1,4000}+)"

# .NET appSettings and similar: <add key="ApiKey" value="V" />
_KEY_VALUE_ATTRIBUTES = (
    r"\b(?:key|name)[ \t]*+=[ \t]*+\"(?P<name>[^\"\r\n]{1,80}+)\"[ \t]++value[ \t]*+=[ \t]*+"
    r"\"(?P<value>[^\"\r\n]{1,4000}+)\""
)


def _key_value_attributes(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    kind = assigned_secret_kind(match["name"].replace(".", "_").replace(":", "_"), value)
    return [] if kind is None else [(kind, match.start("value"), match.end("value"))]


def _secret_data(match: re.Match[str]) -> list[SecretSpan]:
    text = match.string
    # "kind: Secret" in the same manifest: before the map or after it, never across "---".
    start = max(0, match.start() - _MANIFEST_CHARS, text.rfind("\n---", 0, match.start()) + 1)
    end = text.find("\n---", match.end())
    end = min(len(text), match.end() + _MANIFEST_CHARS) if end == -1 else end
    if _SECRET_KIND.search(text, start, end) is None and "secret" not in line_before(match):
        return []
    pattern = _DATA_PAIR if match.group(0).lstrip("\\").startswith('"') else _DATA_LINE
    offset = match.start("block")
    found: list[SecretSpan] = []
    for pair in pattern.finditer(match["block"]):
        value = pair["value"]
        if only_markers(value) or looks_like_placeholder(value) or len(value) < 4:
            continue
        found.append(("k8s-secret", offset + pair.start("value"), offset + pair.end("value")))
    return found


def _named_key(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"].rstrip(".,;:!?)")
    if only_markers(value) or looks_like_placeholder(value):
        return []
    if not (_key_like(value, hex_chars=32) or word_is_secret(value)):
        return []
    start = match.start("value")
    return [("secret", start, start + len(value))]


# Headers written inside an escaped byte string ("...\r\nX-Api-Key: K\r\n..."): the header
# rules want a token start, and an escaped "\n" ends in a letter.
_ESCAPED_HEADER = (
    r"\\n(?P<name>(?i:x-api-key|api-key|x-auth-token|x-access-token|authorization|private-token"
    r"|x-api-token|cookie))[ \t]*+:[ \t]*+(?:(?i:bearer|basic|token)[ \t]++)?"
    r"(?P<value>[^\\\s'\"]{8,}+)"
)

# net use Z: \\host\share /user:DOMAIN\name "PW": the password follows the user.
_NET_USE = (
    r"\bnet[ \t]++use\b[^\r\n]{0,200}?/user:[^\s]++[ \t]++(?P<q>\"?)(?P<value>[^\s\"/]{1,200}+)"
    r"(?P=q)"
)
# A Wi-Fi QR payload: WIFI:T:WPA;S:name;P:PW;;
_WIFI_QR = r"\bWIFI:[^\r\n]{0,200}?;P:(?P<value>(?:[^;\\\r\n]|\\.){1,200}+);"
# Search and backend clients built with an app id and a key: algoliasearch('APP', 'KEY').
_CLIENT_KEY = (
    r"\b(?i:algoliasearch|searchclient|createclient|initializeapp|client)\(\s*+(?P<q1>['\"])"
    r"[^'\"\n]{1,80}+(?P=q1)\s*+,\s*+(?P<q>['\"])(?P<value>[^'\"\n]{16,200}+)(?P=q)"
)
# Wallet keys in a Hardhat or Foundry config: accounts: ["0x<64 hex>"], privateKey: "0x..."
_WALLET_KEY = (
    r"\b(?i:accounts|private_?key|deployer_?key|mnemonic_?key)[\"']?[ \t]*+[:=][ \t]*+\[?[ \t]*+"
    r"[\"'](?P<value>(?:0x)?[0-9a-fA-F]{64})[\"']"
)


# A PEM private key in base64 (a kubeconfig's client-key-data, a CI variable): the encoded
# armour "-----BEGIN ... PRIVATE KEY-----" is always the same text.
_BASE64_PEM = r"(?<![A-Za-z0-9+/=])LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}+={0,2}(?![A-Za-z0-9+/=])"


def _base64_pem(match: re.Match[str]) -> list[SecretSpan]:
    head = match.group(0)[:96]
    try:
        armour = base64.b64decode(head[: len(head) // 4 * 4]).decode("ascii", "replace")
    except ValueError:
        return []
    if "PRIVATE KEY" not in armour.split("\n", 1)[0]:
        return []  # a certificate or a public key
    return [("private-key", match.start(), match.end())]


# echo '<base64>' | base64 -d > /etc/krb5.keytab: key material written into a key file.
_DECODED_TO_KEY_FILE = (
    r"\becho[ \t]++(?P<q>['\"]?)(?P<value>[A-Za-z0-9+/]{40,}+={0,2})(?P=q)[ \t]*+\|[ \t]*+"
    r"(?:base64|openssl[ \t]++base64)[ \t]++(?:-d|--decode|-D)\b[^\r\n]{0,40}?>[ \t]*+[^\s]*?"
    r"(?i:key|keytab|pem|p12|pfx|jks|secret|cred|token|id_rsa|id_ed25519)"
)


# "Basic <base64 of user:password>" wherever it is written (a log's auth="Basic ...").
_BASIC_CREDENTIALS = (
    r"(?<![A-Za-z0-9_-])(?i:basic)[ \t]++(?P<value>[A-Za-z0-9+/]{8,}+={0,2})(?![A-Za-z0-9+/=])"
)


def _basic_credentials(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except ValueError:
        return []
    try:
        pair = decoded.decode("utf-8")  # a password may hold any letter ("root:Jürgen*38")
    except UnicodeDecodeError:
        return []
    if ":" not in pair or not pair.isprintable():
        return []  # base64 of something else, or a word that happens to fit
    return [("basic-auth", match.start("value"), match.end("value"))]


# npm's legacy "_auth = <base64 of user:password>" and the like, whatever follows on the line.
_ENCODED_AUTH = (
    r"(?<![A-Za-z0-9-])(?i:_auth|[a-z0-9]++[_-]auth|auth)[\"'`]?[ \t]*+[:=][ \t]*+[\"'`]?"
    r"(?P<value>[A-Za-z0-9+/]{12,}+={0,2})(?![A-Za-z0-9+/=])"
)


# ODBC and ADO connection strings quote a password in braces: Pwd={PW};
_BRACED_PASSWORD = r"\b(?i:pwd|password)=\{(?P<value>[^}\r\n]{1,200}+)\}"
# A .pgpass line written by a command: echo 'host:port:db:user:PW' > ~/.pgpass
_PGPASS_WRITTEN = (
    r"\becho[ \t]++(?P<q>['\"])[^\s:'\"]++:(?:\d++|\*):[^\s:'\"]++:[^\s:'\"]++:"
    r"(?P<value>[^'\"\r\n]{1,200}+)(?P=q)[ \t]*+>>?[ \t]*+[^\s]*pgpass"
)


def _client_key(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if not _key_like(value) or only_markers(value):
        return []
    return [("api-key", match.start("value"), match.end("value"))]


RULES: tuple[Rule, ...] = (
    Rule(_BASE64_PEM, _base64_pem, ("ls0tls1crudjti",)),
    Rule(_SECRET_DATA_MAP, _secret_data, ("data:",)),
    Rule(_SECRET_DATA_JSON, _secret_data, ('data":', 'data\\":', 'data" :')),
    Rule(_REDIS_AUTH, _redis_auth, ("auth",)),
    Rule(_STORED_SECRET, _stored_secret, ("-body", " -b", "-value", "-secret-", "-data")),
    Rule(_PIPED_TO_STORE, _piped_to_store, ("echo", "printf")),
    Rule(_ADD_MASK, value_span("secret"), ("::add-mask::",)),
    Rule(_KEY_VALUE_ATTRIBUTES, _key_value_attributes, ("value=", "value =")),
    Rule(_VENDOR_HEX_KEY, _vendor_hex_key, ("key", "token", "secret")),
    Rule(_DECODED_TO_KEY_FILE, value_span("key-material"), ("base64",)),
    Rule(_NET_USE, value_span("password"), ("net use",)),
    Rule(_BASIC_CREDENTIALS, _basic_credentials, ("basic",)),
    Rule(_ENCODED_AUTH, _basic_credentials, ("auth",)),
    Rule(_BRACED_PASSWORD, value_span("password"), ("pwd={", "password={")),
    Rule(_PGPASS_WRITTEN, value_span("password"), ("pgpass",)),
    Rule(_WIFI_QR, value_span("password"), ("wifi:",)),
    Rule(_CLIENT_KEY, _client_key, ("client(", "search(", "app(")),
    Rule(_WALLET_KEY, value_span("private-key"), ("accounts", "key")),
    Rule(_XML_ELEMENT, _xml_element, ("</",)),
    Rule(_URL_USER, _url_user, ("://",), anchor_of=scheme_anchor),
    Rule(_URL_PARAMETER, _url_parameter, ("=",)),
    Rule(_SQL_PASSWORD, value_span("password"), ("identified", "password")),
    Rule(_LDAP_W, _ldap_w, (" -w",)),
    Rule(_WINDOWS_PASS, value_span("password"), ("/pass", "/pwd")),
    Rule(_SECURE_STRING, value_span("password"), ("securestring",)),
    Rule(_OPENSSL_KEY, _openssl_key, (" -k", "pass:")),
    Rule(_TOTP_SEED, value_span("totp-seed"), ("oathtool",)),
    Rule(_HTTP_BASIC, value_span("password"), ("http-basic.",)),
    Rule(_PLAIN_AUTH, value_span("password"), ("auth(", "credentials(")),
    Rule(_ESCAPED_HEADER, value_span("api-key-header"), ("\\n",)),
    Rule(_BASE64_KEY, value_span("key-material"), ("base64:",)),
    Rule(_KEY_256, _key_256, ("=",)),
    Rule(_PRINTED, _printed, ("\n",)),
    Rule(
        _NAMED_KEY,
        _named_key,
        ("key", "token", "secret", "passphrase", "password"),
    ),
)
