"""Secrets handed to commands and constructors: by flag, by position, on stdin, in a DSN.

``sqlcmd -P PW``, ``snmpwalk -A PW -X PW``, ``lftp -u user,PW``, ``smbclient -U user%PW``,
``java -jar jenkins-cli.jar -auth user:TOKEN``, ``wandb login KEY``, ``mc alias set NAME URL
KEY SECRET``, ``echo PW > vault_pass.txt``, ``echo PW | openconnect --passwd-on-stdin``,
``jdbc:oracle:thin:user/PW@host``, ``"user:PW@tcp(host)"`` (Go's MySQL DSN),
``NetworkCredential("user", "PW")``, and a secret written right after its key id. A flag's
meaning depends on the command, so a rule matches the flag and looks back along its line for
the command (as :mod:`packlight.secret_rules` does for ``mysql -p``). Same contract there.
"""

from __future__ import annotations

import re

from packlight.secret_rules import (
    Rule,
    SecretSpan,
    line_before,
    looks_like_placeholder,
    looks_random,
    only_markers,
    word_is_secret,
)

# Short flags that take a password, by the commands that read them so.
_FLAG_COMMANDS: dict[str, re.Pattern[str]] = {
    "P": re.compile(r"\b(?:sqlcmd|bcp|osql|isql|ipmitool|sqlpackage)\b"),
    "p": re.compile(
        r"\b(?:mongosh|mongo|mongodump|mongorestore|mongoexport|mongoimport|cqlsh|rabbitmqadmin|influx"
        # "dotnet nuget add source URL -u USER -p PW"
        r"|nuget)\b"
    ),
    "A": re.compile(r"\bsnmp\w*+"),
    "X": re.compile(r"\bsnmp\w*+"),
    "c": re.compile(r"\bsnmp(?:walk|get|set|bulkwalk|bulkget|getnext|table|trap|check|df)\b"),
    "w": re.compile(r"\b(?:smbclient|rpcclient|nxc|crackmapexec|impacket)\b"),
}
_SHORT_FLAG = (
    r"-(?<=[ \t]-)(?P<flag>[PpAXcw])[ \t]++(?P<q>['\"]?)(?P<value>(?![-$<{])[^\s'\"]{3,200}+)(?P=q)"
)


def _short_flag(match: re.Match[str]) -> list[SecretSpan]:
    commands = _FLAG_COMMANDS[match["flag"]]
    if not commands.search(line_before(match)):
        return []
    return _checked("password", match)


def _checked(kind: str, match: re.Match[str], group: str = "value") -> list[SecretSpan]:
    value = match[group]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    return [(kind, match.start(group), match.end(group))]


# "user:PW", "user,PW", "user%PW" after a flag that takes a login.
_LOGIN_FLAG = (
    r"-(?<=[ \t]-)(?P<flag>-?auth|-?creds?|-credentials|-basic-auth|-http-user|u|U|-user)"
    r"(?:[ \t]++|=)(?P<q>['\"]?)(?P<user>[\w.@\\-]{1,80}+)(?P<sep>[:,%])(?P=q)?(?P<q2>['\"]?)"
    r"(?P<value>[^\s'\"]{3,200}+)"
)
_LOGIN_FLAG_COMMANDS = {
    ",": re.compile(r"\blftp\b"),
    "%": re.compile(r"\b(?:smbclient|rpcclient|smbmap|mount|smbcacls|net)\b"),
}


def _login_flag(match: re.Match[str]) -> list[SecretSpan]:
    flag, separator, value = match["flag"].lstrip("-"), match["sep"], match["value"]
    if separator in _LOGIN_FLAG_COMMANDS:
        if not _LOGIN_FLAG_COMMANDS[separator].search(line_before(match)):
            return []
    elif flag in {"u", "U", "user"}:
        return []  # "-u 1000:1000" is a uid; curl's "-u user:PW" has its own rule
    if value.isdigit() and separator == ":":
        return []
    return _checked("password", match)


# "wandb login KEY", "heroku auth:token", "npm login --auth-token KEY" (a token as a login's
# argument).
_LOGIN_COMMAND = (
    r"(?:login|authtoken)(?:[ \t]++--?[\w-]++)*+[ \t]++(?P<value>[A-Za-z0-9_.-]{20,200}+)"
)
_LOGIN_TOOL = re.compile(
    r"\b(?:wandb|huggingface-cli|hf|fly|flyctl|railway|doctl|linode-cli|vercel|netlify|replicate"
    r"|modal|ngrok|infisical|doppler|op)(?:[ \t]++(?:auth|config|token|add-))?[ \t]*+$"
)


def _login_command(match: re.Match[str]) -> list[SecretSpan]:
    if _LOGIN_TOOL.search(line_before(match)) is None:
        return []
    value = match["value"]
    if not (re.fullmatch(r"[0-9a-f]{32,}", value) or looks_random(value, digits=False)):
        return []
    return _checked("api-key", match)


# "mc alias set NAME URL ACCESS SECRET", "mc config host add NAME URL ACCESS SECRET"
_MINIO_ALIAS = (
    r"\bmc[ \t]++(?:alias[ \t]++set|config[ \t]++host[ \t]++add)[ \t]++\S++[ \t]++\S++[ \t]++"
    r"(?P<q1>['\"]?)\S++(?P=q1)[ \t]++(?P<q>['\"]?)(?P<value>[^\s'\"]{8,200}+)(?P=q)"
)
# A secret right after its key id: ("AKIA...", "SECRET"), AK SK on a command line, or a
# redacted key id followed by its secret ("[secret: twilio-key #1]", "SECRET").
_KEY_PAIR = (
    r"\[secret: [a-z0-9-]+ #[0-9]{6}\]"
    + r"(?P<q>['\"]?)[ \t]*+(?:,[ \t\r\n]*+|[ \t]++)(?P=q)['\"]?"
    r"(?P<value>[A-Za-z0-9/+=_-]{24,80}+)(?![\w/+=-])"
)
# The same with a key id no rule knows (S3-compatible stores: MinIO, Wasabi, R2...).
_RAW_KEY_PAIR = (
    r"(?<![\w-])[A-Z0-9]{16,24}+(?![\w-])(?P<q>['\"]?)[ \t]*+(?:,[ \t\r\n]*+|[ \t]++)(?P=q)['\"]?"
    r"(?P<value>[A-Za-z0-9/+=_-]{24,80}+)(?![\w/+=-])"
)


def _key_pair(match: re.Match[str]) -> list[SecretSpan]:
    head = match.group(0)[: match.start("value") - match.start()]
    if not head.startswith("[secret") and not any(c.isdigit() for c in head):
        return []  # an upper-case word, not a key id
    if not _secret_shaped(match["value"]):
        return []
    return _checked("secret", match)


def _secret_shaped(value: str) -> bool:
    """What follows a key id as its secret: long, both cases, many distinct characters (a
    random secret may still hold a run that reads as a word)."""
    if re.fullmatch(r"[0-9a-fA-F]+", value):
        return False  # a hash or an id
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return len(value) >= 24 and mixed and len(set(value)) >= 14


# "htpasswd -b -c FILE USER PW", with flags in any grouping.
_HTPASSWD = (
    r"\bhtpasswd(?P<flags>(?:[ \t]++-[a-zA-Z]++)++)[ \t]++\S++[ \t]++"
    # The user may have been taken for the password already (by an older rule).
    r"(?:\[secret: [a-z0-9-]+ #[0-9]{6}\]|\S++)[ \t]++"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{1,200}+)(?P=q)"
)


def _htpasswd(match: re.Match[str]) -> list[SecretSpan]:
    if "b" not in match["flags"]:
        return []
    return _checked("password", match)


# "echo PW > ~/.vault_pass", "printf '%s' PW | tool --passwd-on-stdin"
_ECHOED = (
    r"(?:echo(?<![\w-]echo)|printf(?<![\w-]printf))[ \t]++"
    r"(?:-[ne][ \t]++|'%s\\?n?'[ \t]++)?(?P<q>['\"]?)"
    r"(?P<value>[^\s'\"|>]{4,200}+)(?P=q)[ \t]*+(?P<into>>>?|\|)[ \t]*+(?P<target>[^\r\n]{1,300}+)"
)
_SECRET_FILE = re.compile(r"(?i:pass|secret|token|cred|key|\.netrc|pgpass|htpasswd|\.pw\b)")
_STDIN_CONSUMER = re.compile(
    r"(?:--passw(?:or)?d-(?:on-)?stdin|--password-stdin|--stdin\b|\bsudo[ \t]++-S\b|\bchpasswd\b"
    r"|--password-file[ \t=]++-|\bkinit\b|\bcryptsetup\b|\bopenconnect\b)"
)


def _echoed(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if value.startswith(("$", "-")) or not word_is_secret(value):
        return []
    target = match["target"]
    if match["into"] == "|":
        if not _STDIN_CONSUMER.search(target):
            return []
    else:
        path = target.split()[0] if target.split() else ""
        if not _SECRET_FILE.search(path.rsplit("/", 1)[-1]):
            return []
    return _checked("password", match)


# "jdbc:oracle:thin:user/PW@host", "sqlplus user/PW@db", "expdp user/PW"
_SLASH_LOGIN = (
    r"(?:jdbc:oracle:\w++:|\b(?:sqlplus|rman|expdp|impdp|sqlldr|dgmgrl)[ \t]++"
    r"(?:-\w++[ \t]++)*+)[\w$#.]{1,60}+/(?P<value>[^\s@/'\"]{3,200}+)(?=@|[ \t]|$)"
)
# Go's MySQL DSN and the like: "user:PW@tcp(host:3306)/db", "user:PW@unix(/run/sock)"
_DSN = r"(?<![\w/:.@-])[\w.+-]{1,64}+:(?P<value>[^\s@'\"`/]{3,200}+)@(?:tcp|udp|unix|tcp6)\("

# Credential constructors: the password is the second (or third) string argument.
_CREDENTIAL_CALL = (
    r"(?P<call>NetworkCredential|PasswordAuthentication|UsernamePasswordCredentials?"
    r"|HTTPBasicAuth|HTTPDigestAuth|HttpBasicAuth|BasicAuthCredentials|BasicCredentials"
    r"|BasicAWSCredentials|AwsBasicCredentials\.create|StaticCredentialsProvider|getConnection"
    r"|UsernamePasswordAuthenticationToken|(?<![\w.])auth[ \t]*+=[ \t]*+)\(\s*+"
    r"(?P<args>(?:(?:\"[^\"\r\n]*+\"|'[^'\r\n]*+'|[\w.]++)\s*+,\s*+){1,2}+)"
    r"(?P<q>['\"])(?P<value>[^'\"\r\n]{3,200}+)(?P=q)"
)


def _credential_call(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if match["call"] == "getConnection" and match["args"].count(",") < 2:
        return []  # getConnection(url, user, PW): the user is the second
    if not (word_is_secret(value) or looks_random(value)):
        return []
    return _checked("password", match)


# "pulumi config set --secret NAME VALUE", "gh secret set NAME --body VALUE"
_SECRET_SET = (
    r"(?:config[ \t]++set[ \t]++--secret[ \t]++(?:\[secret: [a-z0-9-]+ #[0-9]{6}\]|\S++)"
    r"|secret[ \t]++set[ \t]++\S++[ \t]++(?:--body|-b))"
    r"[ \t]++(?P<q>['\"]?)(?P<value>(?![-$<{])[^\s'\"]{4,400}+)(?P=q)"
)


# A Redis session's "AUTH [user] PW" at its prompt ("host:6379> AUTH default PW").
_REDIS_AUTH = (
    r">[ \t]*+(?:AUTH|auth)[ \t]++(?:[\w.@-]{1,64}+[ \t]++)?(?P<value>[^\s]{4,200}+)[ \t]*+"
    r"(?![^\r\n])"
)


def _redis_auth(match: re.Match[str]) -> list[SecretSpan]:
    if not re.search(r"(?i:redis|:\d{2,5}$)", line_before(match)):
        return []
    return _checked("password", match)


# A bearer token given to an HTTP client's builder: .bearer_auth("T"), setBearerAuth("T")
_BEARER_CALL = (
    r"(?i:bearer_?auth|with_?bearer(?:_?token)?|set_?bearer_?auth|bearer_?token)\(\s*+(?P<q>['\"])"
    r"(?P<value>[A-Za-z0-9._~+/=-]{8,400}+)(?P=q)"
)


# SQL's "IDENTIFIED BY" with a double-quoted or a bare password (Oracle takes both):
# CREATE USER app IDENTIFIED BY "PW", ALTER USER app IDENTIFIED BY PW;
_SQL_IDENTIFIED = (
    r"\b(?i:identified)[ \t]++(?i:by)[ \t]++(?:\"(?P<quoted>[^\"\r\n]{1,200}+)\""
    r"|(?P<bare>(?![\"'$:&])[^\s;'\"]{1,200}+))"
)
_SQL_KEYWORDS = frozenset({"password", "values", "externally", "globally", "default", "random"})


def _sql_identified(match: re.Match[str]) -> list[SecretSpan]:
    group = "quoted" if match["quoted"] is not None else "bare"
    value = match[group]
    if value.lower() in _SQL_KEYWORDS or only_markers(value) or looks_like_placeholder(value):
        return []
    if group == "bare" and not word_is_secret(value):
        return []
    return [("password", match.start(group), match.end(group))]


# A password flag quoted whole by a shell's trace (bash -x, shlex.join): '-pPW', with a
# quote inside written '\'' ("mysql -u ci '-pab'\''cd'").
_QUOTED_ATTACHED_P = (
    r"'-p(?<=[ \t]'-p)(?P<value>(?:[^'\r\n]|'\\''){1,200}+)'(?![^\s;|&)])"
    r"|\"-p(?<=[ \t]\"-p)(?P<dvalue>(?:[^\"\\\r\n]|\\.){1,200}+)\"(?![^\s;|&)])"
)
_ATTACHED_P_TOOLS = re.compile(r"\b(?:mysql|mysqldump|mysqladmin|mysqlsh|mariadb(?:-dump)?)\b")


def _quoted_attached_p(match: re.Match[str]) -> list[SecretSpan]:
    if not _ATTACHED_P_TOOLS.search(line_before(match)):
        return []
    return _checked("password", match, "value" if match["value"] is not None else "dvalue")


# An API key given as the user with no password, as HTTP Basic auth for key-only APIs:
# "curl -u KEY: URL" (Mixpanel, Stripe, Chargebee, Recurly).
_KEY_AS_USER = (
    r"-(?<=[ \t]-)(?:u|-user)(?:[ \t]++|=)(?P<q>['\"]?)(?P<value>[A-Za-z0-9_-]{16,200}+):(?P=q)"
    r"(?=\s|$)"
)


def _key_as_user(match: re.Match[str]) -> list[SecretSpan]:
    if not re.search(r"\b(?:curl|wget|http|https|xh)\b", line_before(match)):
        return []
    value = match["value"]
    if not (re.fullmatch(r"[0-9a-f]{24,}", value) or looks_random(value)):
        return []
    return _checked("api-key", match)


# "pass show NAME" (and gopass): the first line printed is the password.
_PASS_SHOW = (
    r"(?m:^)[ \t]*+(?:[$#%>][ \t]++)?(?:pass|gopass)[ \t]++(?:show[ \t]++)?(?:-[\w-]++[ \t]++)*+"
    r"(?!(?:ls|list|find|search|grep|git|insert|edit|rm|mv|cp|init|generate|otp|version|help)\b)"
    r"[\w@.+/-]{1,200}+[ \t]*+\r?\n(?P<value>[^\s]{4,200}+)[ \t]*+(?![^\r\n])"
)
# FTP's and POP3's login: "USER name" then "PASS PW", in a capture or a trace of the socket
# (strace's write(3, "PASS PW\r\n", 24)).
_PROTOCOL_PASS = (
    r"P(?<![^\r\n\"]P)ASS[ \t]++(?P<value>[^\s\"\\]{1,200}+)(?=\\r|\\n|\"|[ \t]*+(?:\r?\n|$))"
)


# The "USER name" command alone on its line (or in its own written string) before it.
_PROTOCOL_USER = re.compile(
    r"(?:^|(?<=[\r\n\"]))USER[ \t]++[^\s\"\\]{1,200}+(?:\\r|\\n|\"|[ \t]*+\r?\n)"
)


def _protocol_pass(match: re.Match[str]) -> list[SecretSpan]:
    text = match.string
    if not _PROTOCOL_USER.search(text, max(0, match.start() - 400), match.start()):
        return []
    return _checked("password", match)


# Redis: "CONFIG SET requirepass PW" (also as MONITOR prints it, every word quoted), and
# MONITOR's "AUTH" "PW".
_REDIS_SECRET_SETTING = (
    r"(?i:requirepass|masterauth)\"?[ \t]++(?P<q>\"?)(?P<value>[^\s\"]{1,200}+)(?P=q)"
    r"|\"(?i:auth)\"(?:[ \t]++\"[^\"\r\n]{1,80}+\")?[ \t]++"
    r"\"(?P<auth>[^\"\r\n]{1,200}+)\"[ \t]*+(?![^\r\n])"
)


def _redis_secret_setting(match: re.Match[str]) -> list[SecretSpan]:
    return _checked("password", match, "value" if match["value"] is not None else "auth")


# PHP's PDO: new PDO(DSN, USER, PW) and a stack trace's PDO->__construct('dsn', 'user', 'PW', ...)
_PDO_CONSTRUCT = (
    r"(?:\bnew[ \t]++PDO|PDO->__construct)\(\s*+"
    r"(?:(?:'[^'\r\n]*+'|\"[^\"\r\n]*+\"|\$\w++)\s*+,\s*+){2}"
    r"(?P<q>['\"])(?P<value>[^'\"\r\n]{1,200}+)(?P=q)"
)


RULES: tuple[Rule, ...] = (
    Rule(_BEARER_CALL, lambda m: _checked("bearer-token", m), ("bearer",)),
    Rule(_REDIS_AUTH, _redis_auth, ("auth",)),
    Rule(_SECRET_SET, lambda m: _checked("secret", m), ("secret",)),
    Rule(_SHORT_FLAG, _short_flag, (" -p", " -a", " -x", " -c", " -w")),
    Rule(_LOGIN_FLAG, _login_flag, ("auth", "cred", "-u", "-user")),
    Rule(
        _LOGIN_COMMAND,
        _login_command,
        ("login", "auth"),
    ),
    Rule(_MINIO_ALIAS, lambda m: _checked("secret", m), ("mc ",)),
    Rule(_KEY_PAIR, _key_pair, ("[secret: ",)),
    Rule(_RAW_KEY_PAIR, _key_pair, ("access", "secret", "minio", "credential")),
    Rule(_HTPASSWD, _htpasswd, ("htpasswd",)),
    Rule(_ECHOED, _echoed, ("echo", "printf")),
    Rule(
        _SLASH_LOGIN,
        lambda m: _checked("password", m),
        ("jdbc:oracle", "sqlplus", "rman ", "expdp", "impdp", "sqlldr", "dgmgrl"),
    ),
    Rule(_DSN, lambda m: _checked("password", m), ("@tcp", "@unix(", "@udp(")),
    Rule(
        _CREDENTIAL_CALL,
        _credential_call,
        (
            "credential",
            "basicauth",
            "digestauth",
            "authentication",
            "getconnection",
            "auth=",
            "auth =",
        ),
    ),
    Rule(_SQL_IDENTIFIED, _sql_identified, ("identified",)),
    Rule(_QUOTED_ATTACHED_P, _quoted_attached_p, (" '-p", ' "-p')),
    Rule(_KEY_AS_USER, _key_as_user, ("-u", "-user")),
    Rule(_PASS_SHOW, lambda m: _checked("password", m), ("pass ",)),
    Rule(_PROTOCOL_PASS, _protocol_pass, ("pass ",)),
    Rule(_REDIS_SECRET_SETTING, _redis_secret_setting, ("requirepass", "masterauth", '"auth"')),
    Rule(_PDO_CONSTRUCT, lambda m: _checked("password", m), ("pdo(", "pdo->__construct(")),
)
