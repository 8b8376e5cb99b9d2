"""Secrets in configuration files and structured output, found by the structure around them.

A JSON object that says its ``"value"`` is sensitive (Terraform outputs, Postman exports, a
cloud secret store's answer), a JSON document escaped inside a JSON string, an XML element
with attributes, an Apache or SSSD directive, a PHP ``define`` or array, a table whose header
names a password column (Markdown, psql, CSV), a key block armoured with a name other than
"PRIVATE KEY" (OpenVPN static keys, PuTTY's private lines), and the lines of base64 that
continue a redacted one. Same contract as :mod:`packlight.secret_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from packlight.secret_rules import (
    SECRET_NAME,
    Rule,
    SecretSpan,
    assigned_secret_kind,
    context_before,
    looks_like_placeholder,
    looks_random,
    only_markers,
    value_span,
    word_is_secret,
)

# Names of secrets beyond SECRET_NAME's: SSSD's authtok, SNMP communities, Consul's SecretID,
# WordPress salts, and any name with a secret word inside it ("secret_key_base").
_EXTRA_NAME = re.compile(
    r"(?i:[\w.-]*(?:authtok|community|secret[ _-]?id|_salt|salt|psk|secret|password|passwd"
    r"|api[_-]?key|private[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key"
    r"|auth[_-]?key|access[_-]?key|token)[\w.-]*)"
)
_NOT_SECRET_NAME = re.compile(
    r"(?i:.*(?:_type|_file|_path|_url|_uri|_name|_id_?|_endpoint|_length|_policy|_expir\w*"
    r"|_ttl|_header|_prefix|_env|_var|_field|_hash|_count|_dir|_mode|_version)"
    r"|.*secret[ _-]?id.*(?<!secret[ _-]id)|token_?type)"
)


def _secret_named(name: str) -> bool:
    name = name.strip("\"'$:[] ")
    if re.fullmatch(r"(?i:secret[ _-]?id)", name) or re.search(r"(?i:secretid$)", name):
        return True
    if _NOT_SECRET_NAME.fullmatch(name):
        return False
    return SECRET_NAME.fullmatch(name) is not None or _EXTRA_NAME.fullmatch(name) is not None


def _value_ok(name: str, value: str) -> bool:
    """Whether ``value`` assigned to a secret's ``name`` is one: not empty, a mask, a
    reference or a placeholder; a name other than a password's wants 8 characters."""
    value = value.strip()
    if not value or only_markers(value) or looks_like_placeholder(value):
        return False
    if value.startswith(("$", "{{", "${", "/", "./", "~/")) or re.fullmatch(r"%\w+%", value):
        return False
    if value.lower() in {"true", "false", "null", "none", "password", "secret"}:
        return False
    if assigned_secret_kind(name, value) == "password":
        return len(value) >= 4
    if value.count("\\x") >= 4:
        return True  # random bytes written as a literal: b'\x93R\xdeA...'
    if len(value) >= 16 and " " not in value and _mixed(value) and len(set(value)) >= 10:
        return True  # both cases and many distinct characters, a word or two fewer
    return len(value) >= 8 and (word_is_secret(value) or looks_random(value, digits=False))


def _kind(name: str) -> str:
    return "password" if re.search(r"(?i:pass|pwd|authtok)", name) else "secret"


# ---- JSON: {"key": "adminPassword", "value": "X"}, {"sensitive": true, "value": "X"} ----
_JSON_VALUE = (
    r"\"(?i:value|secretstring|secret_string|plaintext|secret)\"[ \t]*+:[ \t]*+"
    r"\"(?P<value>(?:[^\"\\\r\n]|\\.){4,4000}+)\""
)
_JSON_OBJECT_SECRET = re.compile(
    r"\"(?i:key|name|id|label|parameter|variable)\"[ \t]*+:[ \t]*+"
    r"\"(?P<name>[^\"\r\n]{1,200}+)\""
    r"|\"sensitive\"[ \t]*+:[ \t]*+true"
    r"|\"type\"[ \t]*+:[ \t]*+\"(?i:secret|securestring|password)\""
    r"|\"(?P<key>[^\"\r\n]{1,100}+)\"[ \t]*+:[ \t]*+\{"
)
_SECRET_STORE_COMMAND = re.compile(
    r"(?i:keyvault[ \t]++secret[ \t]++show|get-secret-value|get-parameters?\b"
    r"|secrets[ \t]++versions[ \t]++access|kv[ \t]++get|secret[ \t]++(?:show|get|read)|/secrets/)"
)


def _json_value(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    text, at = match.string, match.start()
    # The object this value sits in: back to its opening brace (or a bounded stretch).
    opening = text.rfind("{", max(0, at - 1500), at)
    floor = max(0, opening - 120) if opening != -1 else max(0, at - 600)
    closing = text.find("}", match.end(), match.end() + 1500)
    around = text[floor:at] + text[match.end() : closing if closing != -1 else match.end()]
    secret = False
    for found in _JSON_OBJECT_SECRET.finditer(around):
        name = found["name"] or found["key"]
        if name is None:
            secret = True  # "sensitive": true, "type": "secret"
        elif _secret_named(name.rsplit("/", 1)[-1]) and not name.startswith(("http", "/v")):
            secret = True
    if not secret and _SECRET_STORE_COMMAND.search(context_before(match, 1500)) is None:
        return []
    if not (word_is_secret(value) or len(value) >= 8) or value.startswith(("http://", "https://")):
        return []
    return [("secret", match.start("value"), match.end("value"))]


# ---- A JSON document escaped inside a string: {\"password\": \"X\"} ----
_ESCAPED_PAIR = (
    r"\\\"(?P<name>[A-Za-z0-9_.-]{2,60}+)\\\"[ \t]*+:[ \t]*+\\\""
    r"(?P<value>(?:[^\"\\\r\n]|\\[^\"\r\n]){1,400}+)\\\""
)


def _escaped_pair(match: re.Match[str]) -> list[SecretSpan]:
    name, value = match["name"], match["value"]
    if not _secret_named(name) or not _value_ok(name, value):
        return []
    return [(_kind(name), match.start("value"), match.end("value"))]


# ---- XML elements with attributes: <Pass encoding="base64">X</Pass> ----
_XML_ATTRIBUTED = (
    r"<(?P<name>[A-Za-z_][\w.:-]{0,60}+)[ \t][^<>\r\n]{0,300}+>(?P<value>[^<>\r\n]{1,400}+)"
    r"</(?P=name)>"
)


def _xml_attributed(match: re.Match[str]) -> list[SecretSpan]:
    name = match["name"].rpartition(":")[2]
    value = match["value"].strip()
    if not (_secret_named(name) or name.lower() in {"pass", "pwd", "pw"}):
        return []
    if not _value_ok("password" if name.lower() in {"pass", "pwd", "pw"} else name, value):
        return []
    start = match.start("value") + match["value"].index(value)
    return [(_kind(name), start, start + len(value))]


# ---- Directives: "AuthLDAPBindPassword "X"", "ldap_default_authtok = X", "SecretID: X" ----
_DIRECTIVE_LINE = (
    r"(?m:^)[ \t]*+(?=[\w.-]*?(?i:pass|pwd|secret|token|key|authtok|community|psk|salt))"
    r"(?P<name>[A-Za-z][\w.-]{1,80}+)(?:[ \t]*+(?P<sign>[=:])[ \t]*+|[ \t]++)"
    r"(?P<value>\"[^\"\r\n]{1,400}+\"|'[^'\r\n]{1,400}+'|[^\s\"'#;=:][^\r\n]{0,400}?)[ \t]*+"
    r"(?![^\r\n])"
)


_CODE_VALUE = re.compile(
    r"[A-Za-z_][\w.]*+(?:\(.*\)|\[.*\])(?:\.\w++|\(.*\)|\[.*\])*+;?|[A-Za-z_]++\d{0,2}+(?:\.[A-Za-z_]++\d{0,2}+)++|[A-Za-z_]++"
)


def _directive_line(match: re.Match[str]) -> list[SecretSpan]:
    name, raw = match["name"], match["value"]
    quoted = raw[0] in "\"'"
    value = raw[1:-1] if quoted else raw
    if not _secret_named(name) or (not quoted and (" " in value or "\t" in value)):
        return []
    if not match["sign"] and not quoted and not word_is_secret(value):
        return []  # "Password required", "token expired" are prose
    if not quoted and _CODE_VALUE.fullmatch(value):
        return []  # "password = os.environ["DB_PASSWORD"]" is code
    if not _value_ok(name, value):
        return []
    start = match.start("value") + (1 if quoted else 0)
    return [(_kind(name), start, start + len(value))]


# ---- Network daemons ----
# snmpd.conf: "rocommunity PW 10.0.0.0/16", "com2sec ro default PW"
_SNMP_COMMUNITY = (
    r"(?m:^)[ \t]*+(?:(?i:r[ow]community6?)[ \t]++|com2sec6?[ \t]++\S++[ \t]++\S++[ \t]++)"
    r"(?P<value>[^\s#]{4,200}+)"
)
# ipsec.secrets: ": PSK "X"", ": EAP "X"", ": XAUTH "X""
_IPSEC_SECRET = (
    r":[ \t]*+(?:PSK|EAP|XAUTH|NTLM)[ \t]++(?P<q>[\"'])(?P<value>[^\"'\r\n]{1,400}+)(?P=q)"
)
# netsh wlan show profile key=clear: "Key Content : X"
_KEY_CONTENT = (
    r"(?m:^)[ \t]*+(?i:key[ \t]content|key[ \t]material|pre-?shared[ \t]key|wpa[ \t]passphrase)"
    r"[ \t]*+:[ \t]*+(?P<value>[^\r\n]*?\S)[ \t]*+(?![^\r\n])"
)
# postfix sasl_passwd: "[smtp.host]:587 user@domain:PW"
_SASL_PASSWD = (
    r"\[(?<![^\n \t]\[)[\w-]++(?:\.[\w-]++)++\](?::\d++)?[ \t]++[^\s:/]++:(?P<value>(?!//)\S++)"
    r"[ \t]*+(?![^\r\n])"
)


def _sasl_passwd(match: re.Match[str]) -> list[SecretSpan]:
    text, at = match.string, match.start()
    if text[text.rfind("\n", 0, at) + 1 : at].strip():
        return []  # the host in brackets opens its line
    return value_span("password")(match)


# ---- Code: define('AUTH_KEY', 'X'), 'apiKey' => 'X', $cfg['secret'] = 'X', b'...' ----
# The pattern starts at what follows the name ("define(", "=>", "] =", "= b'"), which the
# search finds fast; the name is read back from the text before it.
_QUOTED = r"[ \t]*+[bBrRuU]{0,2}(?P<q>['\"])(?P<value>(?:(?!(?P=q))[^\\\r\n]|\\.){1,400}+)(?P=q)"
_DEFINE = (
    r"define\((?<![\w$]define\()[ \t]*+(?P<q1>['\"])(?P<dname>[\w.-]{2,80}+)(?P=q1)[ \t]*+,"
    + _QUOTED
)
_ARROW = r"=>" + _QUOTED
_INDEXED = r"\][ \t]*+=" + _QUOTED
_BYTES_LITERAL = r"=[ \t]*+(?=[bBrR]{1,2}['\"])" + _QUOTED
_NAME_BEFORE = {
    "=>": re.compile(r"(?:(?P<q>['\"])|:)?(?P<name>[\w.-]{2,80})(?(q)(?P=q))[ \t]*$"),
    "]": re.compile(r"\[[ \t]*(?P<q>['\"])(?P<name>[\w.-]{2,80})(?P=q)[ \t]*$"),
    "=": re.compile(r"(?<![\w-])(?P<name>[\w.]{2,80})[ \t]*$"),
}


def _code_pair(match: re.Match[str]) -> list[SecretSpan]:
    name = match.groupdict().get("dname")
    if name is None:
        opener = match.group(0)[:2] if match.group(0).startswith("=>") else match.group(0)[0]
        found = _NAME_BEFORE[opener].search(context_before(match, 100))
        if found is None:
            return []
        name = found["name"]
    name = name.rpartition(".")[2]
    value = match["value"]
    if not _secret_named(name) or not _value_ok(name, value):
        return []
    return [(_kind(name), match.start("value"), match.end("value"))]


# A long key assigned to a name with a secret word anywhere in it ("secret_key_base = "...").
# The pattern finds the quoted key (quotes, then a long token: rare, and fast to rule out); the
# name it is assigned to is read back from the text before it.
_KEY_ASSIGNMENT = r"(?P<q>[\"'])(?P<value>(?:0x)?[0-9a-fA-F]{32,}+|[A-Za-z0-9+/_=-]{24,}+)(?P=q)"
_KEY_ASSIGNED_TO = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z_][\w.]{2,80})[\"']?[ \t]*(?:=|:|:=)[ \t]*"
    # A call that only decodes the literal: bytes.fromhex("..."), base64.b64decode("...").
    r"(?:[\w.]{1,40}\([ \t]*)?[bB]?$"
)


def _key_assignment(match: re.Match[str]) -> list[SecretSpan]:
    assigned = _KEY_ASSIGNED_TO.search(context_before(match, 160))
    if assigned is None:
        return []
    name_text = assigned["name"].rpartition(".")[2]
    value = match["value"]
    if not _EXTRA_NAME.fullmatch(name_text) or _NOT_SECRET_NAME.fullmatch(name_text):
        return []
    if not (re.fullmatch(r"(?:0x)?[0-9a-fA-F]{32,}", value) or looks_random(value)):
        return []
    return [("secret", match.start("value"), match.end("value"))]


# ---- Tables whose header names a secret column: Markdown, psql, CSV ----
# A header cell: up to four words (a line of SQL or prose has more between its commas).
_CELL = r"[ \t]*+(?:[^\s|,]{1,40}+(?:[ ][^\s|,]{1,40}+){0,3}+)?[ \t]*+"
_TABLE = (
    # From the secret's column name (a word the search finds fast) to the end of its line;
    # _table reads the whole header line back and checks that it is one.
    r"(?:[Pp]ass(?:word|wd)|PASS(?:WORD|WD)|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]pi[_ -]?[Kk]ey"
    r"|API[_ -]?KEY|[Pp]wd|PWD)[\w.-]{0,20}+[ \t]*+"
    # The rest of the header: cells, not a line of SQL or prose.
    + r"(?:[|,\t]"
    + _CELL
    + r"){0,40}+[ \t]*+\r?\n"
    # Rows, and the rules under a header ("|---|", psql's "----+----").
    r"(?P<rows>(?:[^\r\n|,\t+]*+[|,\t+][^\r\n]*+(?:\r?\n|$)){1,500}+)"
)
_HEADER = re.compile(
    # Short cells only: a line of prose or SQL with commas in it is no header.
    _CELL + r"(?:[|,\t]" + _CELL + r"){1,40}+[ \t]*+"
)
_COLUMN_NAME = re.compile(
    r"(?i:[\w .-]{0,20}?(?:password|passwd|secret|token|api[_ -]?key|pwd)(?:[_ ]?(?:hash))?"
    r"[\w .-]{0,8})"
)


def _cells(line: str, separator: str) -> list[tuple[int, int]]:
    """The spans of ``line``'s cells, stripped of blanks and of Markdown's outer bars."""
    spans: list[tuple[int, int]] = []
    at = 0
    for part in line.split(separator):
        start, end = at, at + len(part)
        at = end + 1
        while start < end and line[start] in " \t`'\"":
            start += 1
        while end > start and line[end - 1] in " \t`'\"":
            end -= 1
        spans.append((start, end))
    if separator == "|" and line.strip().startswith("|"):
        spans = spans[1:]
    if separator == "|" and line.strip().endswith("|"):
        spans = spans[:-1]
    return spans


def _table(match: re.Match[str]) -> list[SecretSpan]:
    text = match.string
    line_start = text.rfind("\n", 0, match.start()) + 1
    header = text[line_start : match.start("rows")].rstrip("\r\n")
    if not _HEADER.fullmatch(header):
        return []
    separator = max("|,\t", key=header.count)
    names = [header[s:e] for s, e in _cells(header, separator)]
    if len(names) < 2 or any(len(name) > 40 for name in names):
        return []  # prose with a comma in it, not a header
    columns = [
        i for i, name in enumerate(names) if _COLUMN_NAME.fullmatch(name) and "hash" not in name
    ]
    if not columns:
        return []
    found: list[SecretSpan] = []
    offset = match.start("rows")
    for line in match["rows"].splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if re.fullmatch(r"[\s|:+-]*", body):
            offset += len(line)
            continue  # "|---|---|", "----+----"
        cells = _cells(body, separator)
        if len(cells) != len(names):
            break
        for column in columns:
            start, end = cells[column]
            value = body[start:end]
            name = names[column]
            if _value_ok(name, value) and " " not in value:
                found.append((_kind(name), offset + start, offset + end))
        offset += len(line)
    return found


# ---- Key blocks ----
# An armoured block that is not a PEM private key but as secret: "-----BEGIN OpenVPN Static
# key V1-----", a symmetric or secret key; the body up to its END line (or the text's end).
_ARMOURED_SECRET = (
    r"-----BEGIN (?P<label>[^\r\n-]{0,60}?(?i:static[ \t]key|secret[ \t]key|symmetric|shared[ \t]"
    r"secret)[^\r\n-]{0,20}+)-----\r?\n(?P<value>[A-Za-z0-9+/=\r\n \t]{16,20000}?)"
    r"(?=-----END|\Z|\r?\n[ \t]*+(?![A-Za-z0-9+/=]))"
)
# PuTTY: the lines after "Private-Lines: N", and the MAC is no secret.
_PUTTY_PRIVATE = (
    r"Private-Lines:[ \t]*+\d++[ \t]*+\r?\n(?P<value>(?:[A-Za-z0-9+/=]{4,}+[ \t]*+(?:\r?\n|\Z))+)"
)
# Base64 lines that continue a redacted one (a key pasted across lines).
_CONTINUED_BASE64 = (
    r"(?m:^)[ \t]*+\[secret: [a-z0-9-]+ #[0-9]{6}\][ \t]*+\r?\n"
    r"(?P<value>(?:[ \t]*+[A-Za-z0-9+/]{40,}+={0,2}[ \t]*+(?:\r?\n|\Z))+)"
)


def _lines(kind: str) -> Callable[[re.Match[str]], list[SecretSpan]]:
    def find(match: re.Match[str]) -> list[SecretSpan]:
        found: list[SecretSpan] = []
        offset = match.start("value")
        for line in match["value"].splitlines(keepends=True):
            stripped = line.strip()
            if stripped and not only_markers(stripped) and not stripped.startswith("#"):
                start = offset + line.index(stripped)
                found.append((kind, start, start + len(stripped)))
            offset += len(line)
        return found

    return find


def _continued(match: re.Match[str]) -> list[SecretSpan]:
    return [
        span
        for span in _lines("key-material")(match)
        if looks_random(match.string[span[1] : span[2]])
    ]


# URL parameters that carry a key, beyond those of packlight.secret_rules_tools.
_URL_KEY_PARAMETER = (
    r"[?&](?i:appid|app_?key|app_?secret|api_?token|apitoken|auth_?token|authtoken|private_?token"
    r"|access_?key|secret_?key|client_?key|license_?key|subscription[_-]key|session_?token"
    r"|passkey|pass|pwd|hapikey|apikey|x-api-key)=(?P<value>[^&\s'\"#<>]{8,}+)"
)


def _url_key_parameter(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    if not (looks_random(value) or re.fullmatch(r"[0-9a-fA-F]{24,}", value) or len(value) >= 32):
        return []
    return [("url-secret", match.start("value"), match.end("value"))]


# What a reset or setup command prints: "New value: X", "Generated password: X".
_PRINTED_NEW = (
    r"(?m:^)[ \t]*+(?i:new[ \t]value|new[ \t]password|generated[ \t](?:password|secret|token|key)"
    r"|temporary[ \t]password|initial[ \t](?:admin[ \t])?password|one-time[ \t]password"
    r"|password[ \t]for[ \t]the[ \t]\S++[ \t]user[ \t]is)[ \t]*+[:=]?[ \t]*+(?P<value>\S++)[ \t]*+"
    r"(?![^\r\n])"
)


def _printed_new(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    said_new = match.group(0).strip().lower().startswith("new value")
    if said_new and not re.search(r"(?i:pass|secret|token|key)", context_before(match, 300)):
        return []  # "New value:" of a setting, not of a password
    if only_markers(value) or looks_like_placeholder(value) or not _mixed(value):
        return []
    return [("password", match.start("value"), match.end("value"))]


def _mixed(value: str) -> bool:
    """Six characters or more of two classes at least (lower, upper, digit, symbol): what a
    generated password is, where a status word ("unchanged") is not."""
    classes = sum(
        any(test(c) for c in value)
        for test in (str.islower, str.isupper, str.isdigit, lambda c: not c.isalnum())
    )
    return len(value) >= 6 and classes >= 2 and not value.startswith(("/", "http"))


# An HTML form field named like a secret: <input name="api_key" value="K">
_HTML_FIELD = (
    r"name=(?<![\w-]name=)(?P<q1>[\"'])(?P<name>[\w.-]{2,60}+)(?P=q1)[^<>\r\n]{0,200}?"
    r"\bvalue=(?P<q>[\"'])(?P<value>[^\"'<>\r\n]{4,400}+)(?P=q)"
)


def _html_field(match: re.Match[str]) -> list[SecretSpan]:
    name, value = match["name"], match["value"]
    if not _secret_named(name) or not _value_ok(name, value):
        return []
    return [(_kind(name), match.start("value"), match.end("value"))]


# ---- Named elements, nested maps and name/value tables ----
# An element whose name or key attribute names the secret it holds:
# <property name="hibernate.connection.password">PW</property>, <entry key="db.password">PW</entry>
_NAMED_ELEMENT = (
    r"<(?P<tag>[A-Za-z_][\w:.-]{0,40}+)[ \t]++(?:name|key)=(?P<q>[\"'])(?P<name>[\w.:/-]{1,120}+)"
    r"(?P=q)[^<>\r\n]{0,200}+>(?P<value>[^<>\r\n]{1,400}+)</(?P=tag)>"
)


def _named_element(match: re.Match[str]) -> list[SecretSpan]:
    name = re.split(r"[.:/]", match["name"])[-1]
    value = match["value"].strip()
    if not _secret_named(name) or not _value_ok(name, value):
        return []
    start = match.start("value") + match["value"].index(value)
    return [(_kind(name), start, start + len(value))]


# The key of a section that encrypts: Magento's 'crypt' => ['key' => K], a "cipher": {"key": K}.
_CRYPT_SECTION_KEY = (
    r"(?i:crypt|encryption|encrypt|cipher|secret)(?P<q0>[\"']?)[ \t]*+(?:=>|:|=)[ \t]*+"
    r"(?:\[|\{|array\()\s*+(?P<q1>[\"']?)(?i:key)(?P=q1)[ \t]*+(?:=>|:|=)[ \t]*+"
    r"(?P<q>[\"'])(?P<value>[^\"'\r\n]{16,400}+)(?P=q)"
)


def _crypt_section_key(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if not (re.fullmatch(r"[0-9a-fA-F]{16,}", value) or looks_random(value)):
        return []
    return [("secret", match.start("value"), match.end("value"))]


# A map under a secret's name, one value per entry (Hardhat's etherscan apiKey per network):
#   apiKey: {
#     mainnet: "K",
_SECRET_MAP = (
    r"\{[ \t]*+\r?\n"
    r"(?P<body>(?:[ \t]*+[\"']?[\w.-]{1,60}+[\"']?[ \t]*+:[ \t]*+[^\r\n{}]{1,400}+\r?\n){1,30}+)"
)
_MAP_ENTRY = re.compile(
    r"(?m:^[ \t]*+[\"']?[\w.-]{1,60}+[\"']?[ \t]*+:[ \t]*+(?P<q>[\"'])"
    r"(?P<value>[^\"'\r\n]{8,400}+)(?P=q))"
)


_MAP_NAME = re.compile(r"(?<![\w-])(?P<name>[A-Za-z_][\w-]{1,60})[\"']?[ \t]*[:=][ \t]*$")


def _secret_map(match: re.Match[str]) -> list[SecretSpan]:
    named = _MAP_NAME.search(context_before(match, 80))
    if named is None or not _secret_named(named["name"]):
        return []
    name = named["name"]
    spans: list[SecretSpan] = []
    offset = match.start("body")
    for entry in _MAP_ENTRY.finditer(match["body"]):
        value = entry["value"]
        if _value_ok(name, value) or _upper_key(value):
            spans.append((_kind(name), offset + entry.start("value"), offset + entry.end("value")))
    return spans


def _upper_key(value: str) -> bool:
    """An issuer's key in capitals and digits ("SDMI5MPNAKPKEJ..."): long, with many digits."""
    return (
        len(value) >= 20
        and re.fullmatch(r"[A-Z0-9]+", value) is not None
        and sum(c.isdigit() for c in value) >= 4
        and len(set(value)) >= 12
    )


# A two-column listing of settings (wp config list, psql's expanded display):
# "| DB_PASSWORD | PW |", "password | PW".
_NAME_VALUE_ROW = (
    r"(?m:^)[ \t]*+(?:\|[ \t]*+)?(?P<name>[A-Za-z_][\w.-]{1,80}+)[ \t]*+\|[ \t]*+"
    r"(?P<value>[^\s|][^|\r\n]{0,400}?)[ \t]*+\|?[ \t]*+(?![^\r\n])"
)
_CELL_TYPE = re.compile(
    r"(?i:string|str|text|varchar(?:\(\d+\))?|bool(?:ean)?|int(?:eger)?|number|secret|yes|no"
    r"|true|false|null|none|required|optional|hidden|\(none\)|-+|n/a)"
)


def _name_value_row(match: re.Match[str]) -> list[SecretSpan]:
    name, value = match["name"], match["value"].strip()
    if " " in value or not _secret_named(name) or _CELL_TYPE.fullmatch(value):
        return []
    if not _value_ok(name, value):
        return []
    return [(_kind(name), match.start("value"), match.start("value") + len(value))]


# ---- Package managers' credentials ----
# Bundler's per-host credentials: BUNDLE_GEMS__EXAMPLE__COM=user:PW (a "." in the host is "__").
_BUNDLER_HOST = (
    r"(?<![\w-])BUNDLE_(?!BUILD__)(?P<host>[A-Z0-9]{1,63}+(?:_{1,2}+[A-Z0-9]{1,63}+){0,10}+)"
    r"[ \t]*+[=:][ \t]*+"
    r"(?P<q>[\"']?)(?P<value>[^\s\"']{6,400}+)(?P=q)"
)


def _bundler_host(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if "__" not in match["host"]:
        return []  # BUNDLE_WITHOUT, BUNDLE_PATH: settings, not hosts
    if ":" not in value and not (looks_random(value) or re.fullmatch(r"[0-9a-f]{16,}", value)):
        return []
    if looks_like_placeholder(value) or value.startswith(("$", "{")):
        return []
    return [("password", match.start("value"), match.end("value"))]


# "bundle config" prints a host's credentials under the host's name.
_BUNDLER_LISTED = (
    r"(?m:^)(?P<host>[a-z0-9-]{1,63}+(?:\.[a-z0-9-]{1,63}+)++)[ \t]*+\r?\n"
    r"Set for [^\r\n]{0,300}?: \"(?P<value>[^\"\r\n]{3,400}+)\""
)
# A conda channel's token in its URL: https://conda.anaconda.org/t/TOKEN/channel
_CONDA_TOKEN = r"(?i:conda)[\w.-]*+(?::\d{1,5}+)?/t/(?P<value>[A-Za-z0-9_-]{16,200}+)/"
# DENO_AUTH_TOKENS=TOKEN@host;user:PW@host
_DENO_TOKENS = r"DENO_AUTH_TOKENS[ \t]*+[=:][ \t]*+[\"']?(?P<value>[^\s\"']{4,2000}+)"


def _deno_tokens(match: re.Match[str]) -> list[SecretSpan]:
    spans: list[SecretSpan] = []
    at = match.start("value")
    for entry in match["value"].split(";"):
        secret, sign, _host = entry.rpartition("@")
        if sign and secret and not secret.startswith("$") and not only_markers(secret):
            spans.append(("api-key", at, at + len(secret)))
        at += len(entry) + 1
    return spans


# A tool printing its configuration with where each value came from:
# "api_key: K (using `HEX_API_KEY`)".
_SOURCED_SETTING = (
    r"(?m:^)[ \t]*+(?P<name>[A-Za-z_][\w.-]{1,60}+):[ \t]++(?P<value>[^\s]{8,400}+)[ \t]++"
    r"\((?:using|from|set by|via|source:?)[ \t][^\r\n)]{1,200}+\)[ \t]*+(?![^\r\n])"
)


def _sourced_setting(match: re.Match[str]) -> list[SecretSpan]:
    name, value = match["name"], match["value"]
    if not _secret_named(name) or not _value_ok(name, value):
        return []
    return [(_kind(name), match.start("value"), match.end("value"))]


def _has_digit_and_letter(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


# ---- A raw e-mail in quoted-printable ----
# A line may break anywhere with "=" at its end ("pas=\nsword"), and "=" itself is "=3D":
# the word for a password is read across the breaks, the value with its escapes.
_SOFT_BREAK = r"(?:=\r?\n)?"
_QP_PASSWORD = (
    r"(?i:"
    + "|".join(
        _SOFT_BREAK.join(word)
        for word in ("password", "passwort", "passphrase", "passcode", "pwd", "token")
    )
    + r")"
    + _SOFT_BREAK
    + r"(?::|=3D)(?:=20|[ \t]|=\r?\n)*+"
    r"(?P<value>(?:[^\s=]|=(?!0[AD]|20)[0-9A-F]{2}|=\r?\n){4,400}+)"
)


def _qp_password(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    end = match.end("value")
    while value.endswith(("=\n", "=\r\n")):  # a soft break ends the line, not the value
        cut = 2 if value.endswith("=\n") else 3
        value, end = value[:-cut], end - cut
    if len(value) < 4 or looks_like_placeholder(value):
        return []
    return [("password", match.start("value"), end)]


RULES: tuple[Rule, ...] = (
    Rule(_HTML_FIELD, _html_field, ("name=",)),
    Rule(
        _URL_KEY_PARAMETER,
        _url_key_parameter,
        ("appid=", "key=", "token=", "secret=", "pass=", "pwd="),
    ),
    Rule(_PRINTED_NEW, _printed_new, ("password", "new value", "generated")),
    Rule(_ARMOURED_SECRET, _lines("key-material"), ("-----begin",)),
    Rule(_PUTTY_PRIVATE, _lines("private-key"), ("private",)),
    Rule(_JSON_VALUE, _json_value, ('"value"', '"secret', '"plaintext"')),
    Rule(_ESCAPED_PAIR, _escaped_pair, ('\\"',)),
    Rule(_XML_ATTRIBUTED, _xml_attributed, ("</",)),
    Rule(_SNMP_COMMUNITY, value_span("password"), ("community", "com2sec")),
    Rule(_IPSEC_SECRET, value_span("password"), ("psk", "eap", "xauth", "ntlm")),
    Rule(_KEY_CONTENT, value_span("password"), ("key", "passphrase")),
    Rule(_SASL_PASSWD, _sasl_passwd, ("]",)),
    Rule(_DEFINE, _code_pair, ("define(",)),
    Rule(_ARROW, _code_pair, ("=>",)),
    Rule(_INDEXED, _code_pair, ("]",)),
    Rule(_BYTES_LITERAL, _code_pair, ("b'", 'b"', "r'", 'r"')),
    Rule(_KEY_ASSIGNMENT, _key_assignment, ("key", "secret", "token", "salt", "passw")),
    Rule(
        _DIRECTIVE_LINE,
        _directive_line,
        ("pass", "secret", "token", "key", "auth", "community", "psk", "salt"),
    ),
    Rule(_TABLE, _table, ("passw", "secret", "token", "api", "pwd")),
    Rule(_NAMED_ELEMENT, _named_element, ("name=", "key=")),
    Rule(_CRYPT_SECTION_KEY, _crypt_section_key, ("crypt", "cipher", "secret")),
    Rule(_SECRET_MAP, _secret_map, ("{\n", "{ \n", "{\r")),
    Rule(_NAME_VALUE_ROW, _name_value_row, ("|",)),
    Rule(_BUNDLER_HOST, _bundler_host, ("bundle_",)),
    Rule(_BUNDLER_LISTED, value_span("password", lambda v: ":" in v), ("set for ",)),
    Rule(_CONDA_TOKEN, value_span("api-key", _has_digit_and_letter), ("/t/",)),
    Rule(_DENO_TOKENS, _deno_tokens, ("deno_auth_tokens",)),
    Rule(_SOURCED_SETTING, _sourced_setting, ("(using", "(from", "(set by", "(via", "(source")),
    Rule(_QP_PASSWORD, _qp_password, ("quoted-printable",)),
    Rule(_CONTINUED_BASE64, _continued, ("[secret: ",)),
)
