"""The rules that find secrets in text: what each form looks like, and where its secret is.

:mod:`packlight.redact` applies them in the order of :data:`RULES`; this module only finds.
A rule is a compiled pattern, a function that turns one match into the secret spans it holds
(``(kind, start, end)`` in the searched text, or none when the match is not a secret after
all), and the lower-case needles one of which every match contains (a text with none of them
skips the pattern).

Every pattern is built so that matching stays linear in the length of the text: a candidate
starts at the beginning of a token and scans only that token (or a bounded stretch), with
possessive quantifiers where a failed match could otherwise retry. Where a form depends on
the command around it (``mysql -pPW``, ``curl -u user:PW``) the rule matches the flag alone
and looks back at most :data:`_COMMAND_LOOKBACK` characters of its line for the command.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable

from packlight.secret_rules_anchors import Anchor, anchor

SecretSpan = tuple[str, int, int]
"""One secret found: its kind, and where it starts and ends in the searched text."""

MARKER_PATTERN = re.compile(r"\[(?:secret: [a-z0-9-]+ #[0-9]{6}|REDACTED:[a-z0-9-]+)\]")
"""What a redacted secret looks like (``[REDACTED:kind]`` is the form of packlight < 0.3)."""


def only_markers(value: str) -> bool:
    """Whether ``value`` holds nothing but markers and blanks (so it was redacted already)."""
    return not MARKER_PATTERN.sub("", value).strip()


class Rule:
    """A pattern, what its matches hold (``find``), and the needles one of which every match
    contains.

    The pattern is given as its source (or a function that builds the source) and compiled the
    first time a text holds one of the needles: compiling every rule took most of the time of
    importing :mod:`packlight.redact`, and a process that redacts a few short texts needs
    only the few rules their needles name."""

    __slots__ = (
        "_anchor",
        "_anchor_of",
        "_anchored",
        "_compiled",
        "_plain_chars",
        "_source",
        "find",
        "needles",
    )

    def __init__(
        self,
        pattern: str | Callable[[], str],
        find: Callable[[re.Match[str]], list[SecretSpan]],
        needles: tuple[str, ...],
        *,
        anchor_of: Callable[[], Anchor] | None = None,
    ) -> None:
        self._source = pattern
        self._compiled: re.Pattern[str] | None = None
        self._anchor: Anchor | None = None
        self._anchor_of = anchor_of
        """Builds the anchor of a pattern whose beginnings cannot be read from it."""
        self._anchored = False
        self._plain_chars = 0
        """Characters searched without the anchor while it was not built yet."""
        self.find = find
        self.needles = needles

    @property
    def source(self) -> str:
        """The pattern's source (built, when a function builds it, but not compiled)."""
        source = self._source
        if not isinstance(source, str):
            source = self._source = source()
        return source

    @property
    def pattern(self) -> re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.source)
        return compiled

    def anchor_for(self, chars: int) -> Anchor | None:
        """The anchor to search a text of ``chars`` characters with, or None for the plain
        search (both find the same matches). A short text is searched at once. The anchor
        is built (its pattern compiled: about half a millisecond) once the rule has searched
        enough text without it to have paid for that: a process that redacts a few texts
        (the CLI, an agent's first compaction) does not build the anchors of every rule
        their words name."""
        if chars < ANCHORED_CHARS:
            return None
        if not self._anchored:
            self._plain_chars += chars
            if self._plain_chars < ANCHOR_AFTER_CHARS:
                return None
        return self.anchor

    @property
    def anchored_by_rule(self) -> bool:
        """The rule builds its own anchor (one the table of read anchors does not keep)."""
        return self._anchor_of is not None

    @property
    def anchor(self) -> Anchor | None:
        """Where matches can start, when that is faster to search for than the pattern
        (:mod:`packlight.secret_rules_anchors`); read on first use too."""
        if not self._anchored:
            self._anchor = anchor(self.pattern) if self._anchor_of is None else self._anchor_of()
            self._anchored = True
        return self._anchor


ANCHORED_CHARS = 512
"""Below this, a text is searched at once: finding the anchor's places costs more."""
ANCHOR_AFTER_CHARS = 16_384
"""A rule builds its anchor once it has searched this many characters without it."""

# A candidate token may not start in the middle of another token: this is what keeps every
# pattern linear (a run of token characters is scanned from its start only, never from each
# of its positions) and what keeps ``task-sk-...`` or ``MONKEY=`` from matching.
_TOKEN_START = r"(?<![A-Za-z0-9_-])"
_COMMAND_LOOKBACK = 300
_MIN_SECRET_CHARS = 8
_MIN_BASIC_CHARS = 4

_PRIVATE_KEY = (
    r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:"
    # The whole block: the body cannot contain "-----", so a BEGIN without an END scans only
    # up to the next dashes.
    r"[^-]*+(?:-(?!----)[^-]*+)*+-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    # A block cut short (a truncated tool output): its base64 lines, real or JSON-escaped,
    # with the armour's headers ("Proc-Type: 4,ENCRYPTED", "Version: ...") and blank lines.
    r"|(?:(?:\r?\n|\\r\\n|\\n)[ \t]*+(?:[A-Za-z0-9+/=]{16,}+|[A-Za-z-]{2,40}+:[^\r\n\\]{0,200}+"
    r"|(?=\r?\n|\\r\\n|\\n)|[A-Za-z0-9+/=]{4,15}+(?=[ \t]*+(?:\Z|[\"'])))"
    r")*+"
    r")"
)

_JWT = r"e(?<![A-Za-z0-9_-]e)yJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]*+"


def scheme_anchor() -> Anchor:
    """Where a URL that starts with its scheme (``[A-Za-z][A-Za-z0-9+.-]{0,30}+://``, not
    inside a longer run of those characters) can start: at the run of scheme characters
    before a "://" (``re`` finds "://" fast, where it tries a pattern that starts by looking
    back at every position)."""
    return Anchor(re.compile("://"), ascii_only=False, starts=_scheme_starts)


_SCHEME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-")
_MAX_SCHEME_CHARS = 31


def _scheme_starts(text: str, at: int) -> range:
    start = at
    floor = max(0, at - _MAX_SCHEME_CHARS - 1)
    while start > floor and text[start - 1] in _SCHEME_CHARS:
        start -= 1
    if start == floor and start and text[start - 1] in _SCHEME_CHARS:
        return range(0)  # a run too long for a scheme: no URL starts in it
    return range(start, start + 1)


_URL_PASSWORD = (
    r"(?<![A-Za-z0-9+.-])"
    r"(?P<prefix>[A-Za-z][A-Za-z0-9+.-]{0,30}+://[^\s:/?#@\[\]'\"<>]*+:)"
    # Greedy with "@" allowed, so that an unencoded "@" in a password ends at the last one;
    # an unencoded "#" or "?" too, when the host still follows ("user:Xk7#pQ2@db").
    r"(?P<secret>[^\s/\[\]'\"<>]+)"
    r"(?=@[^\s@/?#])"
)

# Incoming webhooks: whoever has the URL can post as the integration. The host stays.
_WEBHOOK_HOSTS = {
    "hooks.slack.com": "slack-webhook",
    "discord": "discord-webhook",
    "webhook.office.com": "teams-webhook",
    "outlook.office.com": "teams-webhook",
    "chat.googleapis.com": "google-chat-webhook",
}
_WEBHOOK = (
    r"h(?<![A-Za-z0-9_-]h)ttps?://(?P<host>hooks\.slack\.com/(?:services|workflows|triggers)/"
    r"|(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/"
    r"|[a-z0-9-]{1,60}+\.webhook\.office\.com/webhookb2/|outlook\.office\.com/webhook/"
    r"|chat\.googleapis\.com/v1/spaces/)"
    r"(?P<secret>[A-Za-z0-9_@./?=&%-]{16,}+)"
)

_HEADER_VALUE = r"(?P<secret>[A-Za-z0-9._~+/-]++=*+)"
_AUTHORIZATION_VALUE_TEXT = (
    r"(?:(?P<scheme>(?i:bearer|basic|token|apikey))[ \t]++)?" + _HEADER_VALUE
)
_AUTHORIZATION = (
    _TOKEN_START
    + r"(?P<prefix>(?i:(?:proxy-)?authorization)[\"']?[ \t]*+[:=][ \t]*+[\"']?)"
    + _AUTHORIZATION_VALUE_TEXT
)
AUTHORIZATION_VALUE = re.compile(_AUTHORIZATION_VALUE_TEXT)
AUTHORIZATION_NAME = re.compile(r"(?i:(?:proxy-)?authorization)")

_API_KEY_HEADER = (
    _TOKEN_START
    + r"(?P<prefix>(?i:x-api-key|api-key|x-goog-api-key|x-auth-token|x-access-token|private-token"
    r"|x-vault-token|x-figma-token|x-shopify-access-token|x-postmark-server-token|circle-token"
    r"|x-gitlab-token|x-api-token|x-auth-key|ocp-apim-"
    r"subscription-key)[\"']?[ \t]*+:[ \t]*+[\"']?)" + _HEADER_VALUE
)

_BEARER = (
    _TOKEN_START
    + r"(?P<prefix>(?i:bearer)[ \t]++)"
    + r"(?P<secret>(?=[A-Za-z0-9._~+/-]*?[0-9])[A-Za-z0-9._~+/-]{16,}+=*+)"
)

# The providers' key formats: (group, kind, pattern). Every pattern starts with a literal
# character and checks the token start right after it, so that the search skips every position
# that cannot start a key (a leading lookbehind would disable that).
PROVIDER_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("anthropic", "anthropic-key", r"sk-ant-[A-Za-z0-9_-]{20,}+"),
    # A project key's prefix is specific enough on its own; a bare "sk-" key of 20+ random
    # characters has a digit, where "sk-learn-compatible-..." has none.
    ("openai_project", "openai-key", r"sk-proj-[A-Za-z0-9_-]{20,}+"),
    ("openai", "openai-key", r"sk-(?=[A-Za-z0-9_-]*?[0-9])[A-Za-z0-9_-]{20,}+"),
    ("stripe_secret", "stripe-key", r"sk_(?:live|test)_[A-Za-z0-9]{16,}+"),
    ("stripe_restricted", "stripe-key", r"rk_(?:live|test)_[A-Za-z0-9]{16,}+"),
    ("stripe_webhook", "stripe-key", r"whsec_[A-Za-z0-9]{20,}+"),
    ("google", "google-api-key", r"AIza[A-Za-z0-9_-]{30,}+"),
    ("google_oauth_secret", "google-oauth", r"GOCSPX-[A-Za-z0-9_-]{20,}+"),
    ("google_oauth_token", "google-oauth", r"ya29\.[A-Za-z0-9_-]{20,}+"),
    ("github", "github-token", r"gh[pousr]_[A-Za-z0-9]{30,}+"),
    ("github_pat", "github-token", r"github_pat_[A-Za-z0-9_]{30,}+"),
    ("airtable_pat", "airtable-token", r"pat[A-Za-z0-9]{14}\.[0-9a-f]{64}"),
    (
        "gitlab",
        "gitlab-token",
        r"gl(?:pat|rt|cbt|dt|ptt|ft|imt|oas|soat|agent|ffct)-[A-Za-z0-9_-]{20,}+",
    ),
    ("slack", "slack-token", r"xox[abposre]-[A-Za-z0-9-]{10,}+"),
    ("slack_app", "slack-token", r"xapp-[0-9]-[A-Za-z0-9-]{20,}+"),
    ("aws_akia", "aws-access-key-id", r"AKIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_asia", "aws-access-key-id", r"ASIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("alibaba", "alibaba-access-key-id", r"LTAI[A-Za-z0-9]{12,20}+(?![A-Za-z0-9])"),
    ("huggingface", "huggingface-token", r"hf_[A-Za-z0-9]{30,}+"),
    ("npm", "npm-token", r"npm_[A-Za-z0-9]{30,}+"),
    ("pypi", "pypi-token", r"pypi-AgE[A-Za-z0-9_-]{50,}+"),
    ("docker", "docker-token", r"dckr_pat_[A-Za-z0-9_-]{20,}+"),
    ("sendgrid", "sendgrid-key", r"SG\.[A-Za-z0-9_-]{16,}+\.[A-Za-z0-9_-]{16,}+"),
    ("twilio", "twilio-key", r"SK[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("mailgun", "mailgun-key", r"key-[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("digitalocean", "digitalocean-token", r"do[por]_v1_[a-f0-9]{64}"),
    ("shopify", "shopify-token", r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
    ("circleci", "circleci-token", r"CCIPAT_[A-Za-z0-9_]{30,}+"),
    ("atlassian", "atlassian-token", r"ATATT3[A-Za-z0-9_=-]{40,}+"),
    ("bitbucket", "bitbucket-token", r"ATBB[A-Za-z0-9]{28,}+"),
    ("linear", "linear-key", r"lin_api_[A-Za-z0-9]{30,}+"),
    ("notion", "notion-token", r"ntn_[A-Za-z0-9]{40,}+"),
    ("postman", "postman-key", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    ("grafana", "grafana-token", r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
    ("newrelic", "newrelic-key", r"NRAK-[A-Z0-9]{27}"),
    ("vault", "vault-token", r"hv[sb]\.[A-Za-z0-9_-]{24,}+"),
    ("doppler", "doppler-token", r"dp\.(?:st|pt|ct|sa|scim|audit)\.[A-Za-z0-9_.-]{40,}+"),
    ("age", "age-secret-key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    ("square", "square-token", r"sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}+"),
    ("groq", "groq-key", r"gsk_[A-Za-z0-9]{40,}+"),
    ("replicate", "replicate-token", r"r8_[A-Za-z0-9]{30,}+"),
    ("perplexity", "perplexity-key", r"pplx-[A-Za-z0-9]{40,}+"),
    ("xai", "xai-key", r"xai-[A-Za-z0-9]{40,}+"),
    ("databricks", "databricks-token", r"dapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])"),
    ("supabase", "supabase-token", r"sbp_[a-f0-9]{40}"),
    ("sentry", "sentry-token", r"sntry[su]_[A-Za-z0-9+/=_]{40,}+"),
)
PROVIDER_KINDS = {group: kind for group, kind, _ in PROVIDER_FORMATS}
_PROVIDER_KEY = "|".join(
    f"{pattern[0]}(?<![A-Za-z0-9_-]{pattern[0]})(?P<{group}>{pattern[1:]})"
    for group, _, pattern in PROVIDER_FORMATS
)


def _literal_prefix(pattern: str) -> str:
    """The first characters of ``pattern`` that are literal (every format starts with some)."""
    match = re.match(r"[A-Za-z0-9_-]+", pattern)
    return (match[0] if match else pattern[0]).lower()[:4]


_PROVIDER_NEEDLES = tuple(sorted({_literal_prefix(p) for _, _, p in PROVIDER_FORMATS}))

_TELEGRAM = r"(?:(?<=/bot)|(?<![A-Za-z0-9_:-]))[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])"
_DISCORD_BOT = (
    r"[MNO](?<![A-Za-z0-9_-][MNO])[A-Za-z0-9_-]{23,27}+\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}+"
)

_AWS_SECRET = (
    _TOKEN_START + r"(?P<prefix>(?i:aws_?secret_?access_?key|secret_?access_?key|aws_?secret_?key)"
    r"[\"']?(?:[ \t]*+[:=][ \t]*+[\"']?|[ \t]++))"
    r"(?P<secret>[A-Za-z0-9/+=]{30,}+)"
)

_SECRET_NAME_TEXT = (
    r"(?:(?i:[a-z0-9_-]*(?:api[_-]?key|apikey|secret|token|password|passwd|passphrase|credentials?)"
    r"|(?:[a-z0-9]+[_-])+(?:key|pass|pwd|pat|auth)|_auth"
    # Key material under any name: a keytab, a private key, in base64 or not.
    r"|[a-z0-9_-]*(?:keytab|private[_-]?key)[a-z0-9_-]*)"
    # Bare short names count in lower case only: "PASS: test_x" is a test runner's line.
    r"|pass|pwd|pw|psk"
    r"|[A-Za-z][A-Za-z0-9]*(?:Key|Token|Secret|Password|AuthIdent))"
)
SECRET_NAME = re.compile(_SECRET_NAME_TEXT)
_PASSWORD_NAME = re.compile(r"(?i:.*(?:password|passwd|passphrase|pass|pwd)|pw|psk)")

_QUOTED_VALUE = r"\"(?:[^\"\\\r\n]|\\.)*+\"|'[^'\r\n]*+'"
# Unquoted: not a reference ($VAR, ${VAR}, <placeholder>), not a comment, and not code (a value
# followed by "(", "[", ")" or "," is a call or an argument: api_key=get_key(), f(token=t)).
_UNQUOTED_VALUE = r"(?![$=\[{<#])[^\s'\"`<>(){}\[\],;&|]++(?![(\[),])"
# Right after "=" a "#" starts the value ("PGPASSWORD=#x1"): only a spaced "# ..." is a comment.
# A generated password holds any symbol ("PGPASSWORD=Sq,ft(k", "credentials=zF](&S}}*sY"), so an
# attached value runs to a blank or a quote; "&", ";", "|" and "," end it only where they
# start the next parameter or command ("pw=x&user=y", "PW=x; make", "pw=x,db=y"). What
# code leaves around a name ("f(password=pw, user=u)", "token=get_token()") is told apart
# in _assignment.
_ATTACHED_VALUE = (
    r"(?![$=\[{<(])(?:[^\s'\"`<>&;|,]++|[&;|,](?![\s;&|,]|[A-Za-z_][\w.-]{0,40}+=|$))++"
)
_LINE_END = r"(?=[ \t]*+(?![^\r\n]))"

# A candidate name: one whole token that ends like a secret's name; _assignment checks it
# against SECRET_NAME. Matching the token possessively and looking back at its end scans each
# token once, where matching SECRET_NAME itself here backtracked through every token.
_NAME_ENDINGS = (
    "key",
    "pass",
    "pwd",
    "psk",
    "pw",
    "token",
    "secret",
    "passwd",
    "password",
    "passphrase",
    "credential",
    "credentials",
    "auth",
    "authident",
)
_CANDIDATE_NAME = (
    r"[A-Za-z0-9_-]++(?:" + "|".join(f"(?<=(?i:{ending}))" for ending in _NAME_ENDINGS) + ")"
)
_ASSIGNMENT = (
    _TOKEN_START
    + r"(?P<prefix>(?:--?)?(?P<quote>[\"']?)(?P<name>"
    + _CANDIDATE_NAME
    + r")(?P=quote)[ \t]*+(?:(?P<equals>=)|:)(?P<space>[ \t]++)?)"
    r"(?P<value>"
    + _QUOTED_VALUE
    # After "=" a value may be unquoted: right after it, or alone to the end of the line
    # ("key = value" in an INI file), so that "PASSWORD= TOKEN=abc" assigns nothing to
    # PASSWORD. After ":" only a quoted value counts here: "password: str" is a type
    # annotation (unquoted YAML values are _YAML_VALUE's).
    + r"|(?(equals)(?(space)"
    + _UNQUOTED_VALUE
    + _LINE_END
    + r"|"
    + _ATTACHED_VALUE
    + r")|(?!))"
    r")"
)


def _assignment_anchor() -> Anchor:
    """Where an assignment can start, found from its "=" or ":" (``re`` skips to those fast):
    after a name's last letter, a quote or a blank (the rest is checked in Python: a
    name's ending and where its run of name characters starts)."""
    lasts = "".join(
        sorted({c for ending in _NAME_ENDINGS for c in (ending[-1], ending[-1].upper())})
    )
    mark = re.compile(rf"[=:](?<=[{lasts}\"' \t][=:])")
    return Anchor(mark, ascii_only=False, starts=_assignment_starts)


_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_LONGEST_ENDING = max(map(len, _NAME_ENDINGS))


def _assignment_starts(text: str, at: int) -> range:
    """Where an assignment whose "=" or ":" is at ``at`` can start: where the run of name
    characters before it starts (past the blanks and a quote), or up to three characters
    earlier (``--"`` before a name); none when no secret-like name ends there."""
    end = at
    while end and text[end - 1] in " \t":
        end -= 1
    if end and text[end - 1] in "\"'":
        end -= 1
    # Lower case is wider than the pattern's ignored case only outside the name characters.
    if not text[max(0, end - _LONGEST_ENDING) : end].lower().endswith(_NAME_ENDINGS):
        return range(0)
    start = end
    while start and text[start - 1] in _NAME_CHARS:
        start -= 1
    return range(max(0, start - 3), start + 1)


# A spaced, unquoted value made of names only ("password = password", "x = self.token") is
# code; a spaced INI value with a digit or a symbol in it is still redacted.
_CODE_REFERENCE = re.compile(r"[A-Za-z_]++(?:\.[A-Za-z_]++)*+")

# YAML and similar "name: value" lines with an unquoted value, alone on their line.
_YAML_VALUE = (
    r"(?m:^)[ \t]*+(?:-[ \t]++)?(?P<name>" + _SECRET_NAME_TEXT + r")[ \t]*+:[ \t]++"
    # One token (a value with spaces is prose: "token: the token to use"); a "#" starts a
    # comment only after a blank, as in YAML.
    r"(?P<value>[^\s#'\"|>&*!\[{%][^\s]*+)(?:[ \t]++#[^\r\n]*+)?[ \t]*+(?![^\r\n])"
)
# What follows "name:" in code rather than in a YAML file: a type, or a default after it.
_TYPE_LIKE = re.compile(
    r"(?:Optional|SecretStr|SecretBytes|str|bytes|int|bool|float|Any|None|null|Null|NULL|"
    r"true|false|True|False|yes|no|on|off|~|required|optional|string|object|"
    r"[A-Za-z_][A-Za-z0-9_.]*+(?:\[.*|[ \t]*+[|=].*|\(.*))"
)

# "--password PW", "--token PW": a flag and its value as the next word.
_FLAG_VALUE = (
    r"-(?<![A-Za-z0-9_-]-)(?:-|(?=(?:store|key|src|dest|src-?store|dest-?store|src-?key|dest-?key)?"
    r"pass\b|passin\b|passout\b|password\b))(?P<name>(?i:password|passwd|pass|pwd|db-password|"
    r"http-password|proxy-password|ftp-password|token|api-key|apikey|api-token|auth-token|"
    r"access-token|secret|client-secret|secret-key|private-token|registry-password|storepass|keypass|srcstorepass|deststorepass|srckeypass|destkeypass|passin|"
    r"passout))[ \t]++"
    r"(?P<value>'[^'\r\n]*+'|\"(?:[^\"\\\r\n]|\\.)*+\"|(?![-$<{])[^\s'\"`<>|;&()]++)"
)
# "-pPW" of the MySQL family (a value right after -p; "-p alone" prompts), "-p PW" of sshpass
# and of "... login" commands: the command decides, so the rule looks back along the line.
_SHORT_P = (
    r"-(?<=[ \t]-)(?P<flag>[paP])(?P<space>[ \t]++)?"
    # Spaced, a value starting with "-" is the next flag; attached ("-p-5tI..."), a password.
    r"(?P<value>'[^'\r\n]*+'|\"[^\"\r\n]*+\"|(?(space)(?![-$<{])|(?![$<{]))[^\s'\"`<>|;&()]++)"
)
_A_COMMANDS = re.compile(r"\bredis-cli\b")
_ATTACHED_P_COMMANDS = re.compile(
    r"\b(?:mysql|mysqldump|mysqladmin|mysqlsh|mariadb(?:-dump)?|sshpass)\b"
)
# "rabbitmqctl add_user USER PW", "htpasswd -b FILE USER PW": a password by position.
_POSITIONAL_PASSWORD = (
    r"\b(?:rabbitmqctl[ \t]++(?:add_user|change_password)|htpasswd[ \t]++-[a-zA-Z]*b[a-zA-Z]*"
    r"[ \t]++\S++|smbpasswd[ \t]++-a)[ \t]++\S++[ \t]++(?P<q>['\"]?)(?P<value>[^\s'\"]++)(?P=q)"
)
_SPACED_P_COMMANDS = re.compile(
    r"\b(?:sshpass|(?:docker|podman|nerdctl|buildah|skopeo|helm[ \t]+registry|oras|oc|cf|az)"
    r"[ \t]+login"
    # Database shells whose "-p" takes the password as the next word.
    r"|mongo(?:sh|dump|restore|export|import|stat|top)?|cqlsh|snowsql|vsql|isql|twine)\b"
)
_CAPITAL_P_COMMANDS = re.compile(r"\b(?:sqlcmd|bcp|osql|isql|sqlpackage)\b")
# "curl -u user:PW" ("--user", "--proxy-user"): the password after the colon.
_CURL_USER = (
    r"-(?<=[ \t]-)(?:u|U|-user|-proxy-user)(?:[ \t]++|(?=['\"]?[^\s:'\"-]))(?P<quote>['\"]?)"
    r"(?P<user>[^\s:'\"]++):(?P<value>[^\s'\"]++)"
)
_CURL_COMMANDS = re.compile(r"\b(?:curl|wget|http|https|xh|httpie)\b")
# ".netrc": "machine HOST login USER password PW".
_NETRC = (
    # On one line or one per line ("machine h\n  login u\n  password p").
    r"(?<![A-Za-z0-9_-])(?i:login)[ \t]++\S++(?:[ \t]++|[ \t]*+\r?\n[ \t]*+)(?i:password)[ \t]++"
    r"(?P<value>\S++)"
)

# Said in words: "my password is hunter2", "the password for staging is 'x'", "use password
# hunter2", "passphrase: correct horse". The value must look like one (see word_is_secret).
_PASSWORD_WORD = (
    r"(?<![A-Za-z0-9_$.{/-])(?i:password|passwd|passphrase|passcode|pass[ \t]word|pw"
    r"|pin(?:[ \t]?code)?|unlock[ \t]code|access[ \t]code|mot[ \t]de[ \t]passe|contrase(?:ñ|n)a"
    r"|passwort|kennwort|senha"
    r"|wachtwoord|has(?:ł|l)o|пароль|密码|口令|パスワード|비밀번호)"
)
_SAID_VALUE = (
    r"(?P<value>'[^'\r\n]{1,200}+'|\"[^\"\r\n]{1,200}+\"|`[^`\r\n]{1,200}+`|[^\s'\"`]{1,200}+)"
)
_SAID = (
    _PASSWORD_WORD
    # "for the staging db": up to three words, given back one by one until a verb follows.
    + r"(?:[ \t]++(?i:for|of|to|on|für|fur|pour|para|per|voor|dla|для|de|del|des|du|da|do|di"
    r"|van|von|der|zur|zum|от|к)"
    r"(?:[ \t]++[^\s,;:'\"]{1,40}+){1,4})?"
    r"[ \t]*+(?i:is[ \t]++now|now[ \t]++is|is[ \t]++still|will[ \t]++be|should[ \t]++be|"
    r"(?:(?:got|has[ \t]++been|have[ \t]++been|was|is|just)[ \t]++)?"
    r"(?:set|changed|reset|updated|rotated)[ \t]++to"
    # A verb is a whole word: "is" must not read the first letters of "ist".
    r"|(?:is|was|ist|est|c'est|c\u2019est|es|é|è|to)(?!\w)|=|:|->"
    # Japanese, Chinese and Korean say "is" with a particle right after the word.
    r"|は|是|为|為|는|은|\uff1a)[ \t]*+"
    r"(?:(?i:now|still|currently|actually|just|simply)[ \t]++)?" + _SAID_VALUE
)
# "use password hunter2", "with passphrase 'x y z'": the value right after the word.
_SAID_BARE = _PASSWORD_WORD + r"[ \t]++" + _SAID_VALUE
_SAID_NEEDLES = (
    "password",
    "passwd",
    "passphrase",
    "passcode",
    "pass word",
    "pw",
    " pin",
    "pin ",
    "pincode",
    "unlock code",
    "access code",
    "mot de passe",
    "contrase",
    "passwort",
    "kennwort",
    "senha",
    "wachtwoord",
    "hasło",
    "haslo",
    "пароль",
    "密码",
    "口令",
    "パスワード",
    "비밀번호",
)
_NOT_A_PASSWORD = frozenset(
    {
        "is",
        "was",
        "the",
        "a",
        "an",
        "and",
        "or",
        "not",
        "no",
        "none",
        "null",
        "empty",
        "incorrect",
        "wrong",
        "invalid",
        "required",
        "missing",
        "expired",
        "set",
        "unset",
        "reset",
        "change",
        "changed",
        "field",
        "prompt",
        "prompts",
        "manager",
        "hash",
        "hashes",
        "hashed",
        "policy",
        "length",
        "protected",
        "authentication",
        "auth",
        "login",
        "stored",
        "saved",
        "secret",
        "secure",
        "correct",
        "str",
        "string",
        "bytes",
        "here",
        "there",
        "below",
        "above",
        "it",
        "this",
        "that",
        "same",
        "different",
        "strength",
        "strong",
        "weak",
        "input",
        "entry",
        "attempt",
        "attempts",
        "check",
        "validation",
        "rules",
        "rule",
        "too",
        "must",
        "should",
        "will",
        "can",
        "cannot",
        "to",
        "for",
        "of",
        "on",
        "in",
        "with",
        "from",
        "by",
        "as",
        "at",
        "password",
        "passwords",
        "passwd",
        "passphrase",
        "pwd",
        "user",
        "username",
        "value",
        "only",
    }
)

# An AWS secret access key needs no label: 40 characters of base64 with a "/" or a "+", in no
# word's shape. (Nothing of the kind was found in 9,760 shared messages of code and logs.)
_AWS_SECRET_SHAPE = r"(?<![A-Za-z0-9/+=_-])[A-Za-z0-9/+]{40}+(?![A-Za-z0-9/+=_-])"
# Unlabelled high-entropy strings next to a secret-like word.
_ENTROPY_CANDIDATE = (
    r"(?<![A-Za-z0-9+/=_.#-])(?P<value>[A-Za-z0-9+/_-]{20,2000}+={0,2})(?![A-Za-z0-9+/=_.-])"
)
_SECRET_WORD = re.compile(
    r"(?i:secret|token|passw|api[ _-]?key|access[ _-]?key|private[ _-]?key|credential|auth|rotat|"
    r"\bkey\b|\bpwd\b)"
)
_ENTROPY_CONTEXT_CHARS = 60
_WORDY_RUN = re.compile(r"[A-Z]?[a-z]{3,}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_CONSONANT_CLUSTER = re.compile(r"[^aeiouy]{4,}", re.IGNORECASE)


def _pronounceable(run: str) -> bool:
    """Whether a run of letters reads as (part of) a word: a vowel in every three letters and
    no four consonants in a row ("Kettle" does; "Sjcleyxk", from a random key, does not)."""
    vowels = sum(c in "aeiouyAEIOUY" for c in run)
    return vowels * 3 >= len(run) and _CONSONANT_CLUSTER.search(run) is None


_MIN_ENTROPY_BITS = 3.6

_COOKIE = _TOKEN_START + r"(?i:(?:set-)?cookie)[\"']?[ \t]*+:[ \t]*+(?P<value>[^\r\n'\"]{1,4000}+)"
_COOKIE_PAIR = re.compile(r"(?:^|;)[ \t]*+(?P<name>[^=;\s]{1,80}+)=(?P<value>[^;\s]{8,}+)")
_COOKIE_ATTRIBUTES = frozenset({"path", "domain", "expires", "max-age", "samesite"})

_AZURE_SAS = r"[?&]sig=(?P<value>[A-Za-z0-9%+/=]{20,}+)"
# Session cookies named anywhere, not only in a Cookie header: "my cookie is PHPSESSID=...".
# Each name's first letter comes before the look back (``re`` skips to those letters fast,
# where a pattern that starts by looking back is tried at every position): PHPSESSID,
# JSESSIONID, ASP.NET_SessionId, ASPSESSIONID..., sessionid, session_id, session, sid,
# _session_id, _..._session, connect.sid, laravel_session, auth_token, remember_token.
_SESSION_COOKIE = (
    r"(?:P(?<![A-Za-z0-9_.-]P)HPSESSID|J(?<![A-Za-z0-9_.-]J)SESSIONID"
    r"|A(?<![A-Za-z0-9_.-]A)SP(?:\.NET_SessionId|SESSIONID\w*)"
    r"|s(?<![A-Za-z0-9_.-]s)(?:essionid|ession_id|ession|id)"
    r"|_(?<![A-Za-z0-9_.-]_)(?:session_id|\w+_session)|c(?<![A-Za-z0-9_.-]c)onnect\.sid"
    r"|l(?<![A-Za-z0-9_.-]l)aravel_session|a(?<![A-Za-z0-9_.-]a)uth_token"
    r"|r(?<![A-Za-z0-9_.-]r)emember_token)"
    r"=(?P<value>[^;\s'\"&]{16,}+)"
)
# Config directives with the value after a blank: "requirepass PW", "masterauth PW".
_DIRECTIVE = (
    r"(?m:^)[ \t]*+(?i:requirepass|masterauth|rootpw|auth_pass|bindpw|userpassword|secret)"
    r"[ \t]++(?P<value>[^\s#][^\r\n]*?)[ \t]*+(?![^\r\n])"
)
# A password-like name alone on an INI or TOML line: the whole rest of the line is the value
# ("password = t(uu?Y7!", which the assignment rule reads as code).
_INI_PASSWORD = (
    r"(?m:^)[ \t]*+(?P<name>(?i:[a-z0-9_.-]*(?:password|passwd|pwd))|pass)[ \t]*+[=:][ \t]*+"
    r"(?P<value>(?!#[ \t]|;)[^\s'\"][^\r\n]*?)[ \t]*+(?![^\r\n])"
)
# A whole .env or shell line "NAME=value" whose name is secret-like: the value runs to the end
# of the line, whatever characters it holds ("SECRET_KEY=2wU%6L+Q)wu*iR4").
_ENV_LINE = (
    r"(?m:^)[ \t]*+(?:export[ \t]++)?(?P<name>[A-Za-z0-9_.-]++)=(?P<value>(?![\"'$])[^\s]++)"
    r"[ \t]*+(?![^\r\n])"
)
# A call that logs in with a literal password: login("user", "PW"), connect(u, "PW").
_LOGIN_CALL = (
    r"\b(?:login|log_in|authenticate|auth|connect|sign_in|signin|bind|simple_bind_s|starttls_login)"
    r"\(\s*+(?:[^,()\n]{1,80}+),\s*+(?P<q>['\"])(?P<value>[^'\"\n]{1,200}+)(?P=q)"
)
# "echo 'PW' | sudo -S ...", "echo PW | passwd --stdin"
_PIPED_PASSWORD = (
    r"\becho[ \t]++(?P<q>['\"]?)(?P<value>[^\s'\"|]{1,200}+)(?P=q)[ \t]*+\|[ \t]*+"
    r"(?:sudo[ \t]++-S|sudo[ \t]++--stdin|passwd[ \t]++--stdin|chpasswd|docker[ \t]++login|"
    r"podman[ \t]++login|vault[ \t]++login)"
)
# "login: deploy / PW", "creds: admin/PW"
_CREDENTIAL_PAIR = (
    r"\b(?i:login|credentials?|creds|user(?:name)?[ \t]*+(?:and|&|/)[ \t]*+pass(?:word)?)"
    r"[ \t]*+(?:[:=]|(?i:are|is))[ \t]*+[^\s/,]{1,60}+[ \t]*+(?:/|,|(?i:and))[ \t]*+"
    r"(?P<value>[^\s]{4,200}+)"
)
# The value named first, the password after it: "try X, that's the root password".
_VALUE_THEN_PASSWORD = (
    r"\b(?i:try|use|it's|its|it is)[ \t]++(?P<value>[^\s'\"`]{6,200}+)"
    r"(?:[ \t]*+[\u2014\u2013,:-]++[ \t]*+"
    r"(?i:that's|that is|it's|this is|which is)[ \t]++(?i:the|my|our)"
    # "use X as the root password"
    r"|[ \t]++(?i:as)(?:[ \t]++(?i:the|my|our|your|a|an))?)"
    r"[ \t]++(?:\S++[ \t]++){0,3}?(?i:password|passphrase|passcode|pin)\b"
)
# A password word, and a few words on, what to type: "if it asks for a password just type X".
_TYPE_THE_PASSWORD = (
    r"(?<![A-Za-z0-9_-])(?i:password|passphrase|passcode)\b[^.\n]{0,60}?\b(?i:type|enter|paste|input|"
    r"use)[ \t]++(?P<value>[^\s'\"`]{6,200}+)"
)
# "use pass X", "with pass X"
_USE_PASS = r"\b(?i:use|with|enter|type)[ \t]++(?i:pass)[ \t]++(?P<value>\S{6,200}+)"
# Kubernetes-style pairs: "- name: DB_PASSWORD" then "value: PW" on the next line.
_NAME_VALUE_PAIR = (
    r"\bname:[ \t]*+[\"']?(?P<name>" + _SECRET_NAME_TEXT + r")[\"']?[ \t]*+\r?\n"
    r"[ \t]*+(?:-[ \t]++)?value:[ \t]*+(?P<q>[\"']?)(?P<value>[^\s\"']++)(?P=q)"
)
# A .pgpass line: "host:port:database:user:PW".
_PGPASS = (
    r"(?m:^)[ \t]*+[A-Za-z0-9_.*-]++:(?:[0-9]++|\*):[^\s:]++:[^\s:]++:(?P<value>\S++)"
    r"[ \t]*+(?![^\r\n])"
)
# "log into grafana with admin:PW", "sign in using ops:PW"
_LOGIN_WITH_PAIR = (
    r"\b(?i:log[ \t]?(?:in|into|on)|sign[ \t]?in|authenticate)\b[^\r\n]{0,60}?\b(?i:with|using|as)"
    r"[ \t]++[\w.@+-]{1,60}+:(?P<value>[^\s'\"]{4,200}+)"
)
# A password word and, a few words on, the value in brackets or quotes:
# "with the password you provided (X)", "the new password, 'X', works".
_SAID_LATER = (
    _PASSWORD_WORD + r"(?:[ \t]++[^\s(\"'`]{1,30}+){0,6}?[ \t]*+[,:]?[ \t]*+"
    # The value in brackets runs to the ")" a blank or the end follows: "(x)y(z)" is one.
    r"(?:\((?P<paren>[^\s]{4,200}?)\)(?=[.,;:!?]*+(?:\s|$))"
    r"|[\"'`](?P<quoted>[^\s\"'`]{4,200}+)[\"'`])"
)


def _whole(kind: str) -> Callable[[re.Match[str]], list[SecretSpan]]:
    return lambda match: [(kind, match.start(), match.end())]


def _group(kind: str, group: str = "secret") -> Callable[[re.Match[str]], list[SecretSpan]]:
    def find(match: re.Match[str]) -> list[SecretSpan]:
        if only_markers(match[group]):
            return []
        return [(kind, match.start(group), match.end(group))]

    return find


def _webhook(match: re.Match[str]) -> list[SecretSpan]:
    host = match["host"]
    kind = next(kind for part, kind in _WEBHOOK_HOSTS.items() if part in host)
    return [(kind, match.start("secret"), match.end("secret"))]


def _provider_key(match: re.Match[str]) -> list[SecretSpan]:
    group = match.lastgroup or ""
    return [(PROVIDER_KINDS.get(group, "api-key"), match.start(), match.end())]


def authorization_kind(match: re.Match[str]) -> str | None:
    """The kind of an authorization value (``None``: too short to be a credential)."""
    scheme = (match["scheme"] or "").lower()
    kind = {"bearer": "bearer-token", "basic": "basic-auth"}.get(scheme, "authorization")
    minimum = _MIN_BASIC_CHARS if scheme == "basic" else _MIN_SECRET_CHARS
    return kind if len(match["secret"]) >= minimum else None


def _authorization(match: re.Match[str]) -> list[SecretSpan]:
    kind = authorization_kind(match)
    if kind is None:
        return []
    return [(kind, match.start("secret"), match.end("secret"))]


def _header(match: re.Match[str]) -> list[SecretSpan]:
    if len(match["secret"]) < _MIN_SECRET_CHARS:
        return []
    return [("api-key-header", match.start("secret"), match.end("secret"))]


def assigned_secret_kind(name: str, value: str) -> str | None:
    """The kind of secret ``value`` is when it is assigned to ``name`` (``None``: not one)."""
    if not SECRET_NAME.fullmatch(name) or only_markers(value):
        return None
    if _PASSWORD_NAME.fullmatch(name):
        return "password"
    return "secret" if len(value) >= _MIN_SECRET_CHARS else None


def _unquoted_span(match: re.Match[str], group: str = "value") -> tuple[str, int, int]:
    """The value of ``group`` without its quotes, and where that is."""
    value, start, end = match[group], match.start(group), match.end(group)
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"`":
        return value[1:-1], start + 1, end - 1
    return value, start, end


def _assignment(match: re.Match[str]) -> list[SecretSpan]:
    inner, start, end = _unquoted_span(match)
    quoted = end - start != len(match["value"])
    if match["space"] and not quoted and _CODE_REFERENCE.fullmatch(inner):
        return []  # "self.password = password" is code, not an INI file
    if match["equals"] and not match["space"] and not quoted:
        inner = _without_closers(inner, line_before(match))
        end = start + len(inner)
        after = match.string[match.end("value") : match.end("value") + 1]
        closed = inner != match["value"] or after in {",", ")", "]", "}"}
        if not inner or _code_argument(inner, closed):
            return []
    if looks_like_placeholder(inner):
        return []
    kind = assigned_secret_kind(match["name"], inner)
    return [] if kind is None else [(kind, start, end)]


def _without_closers(value: str, before: str) -> str:
    """An attached value without what closes the code or the text around it (``before``,
    its line up to the name): a trailing "," ("password=pw, user=u") and brackets that the
    line opened and the value does not ("f(token=t)", "Credentials{user=u, password=p}");
    a "}" no one opened belongs to the password ("PGPASSWORD=x7}")."""
    value = value.rstrip(",")
    for opener, closer in ("()", "[]", "{}"):
        open_before = _unclosed(before, opener, closer)
        while (
            value.endswith(closer) and open_before > 0 and value.count(closer) > value.count(opener)
        ):
            value = value[:-1].rstrip(",")
            open_before -= 1
    return value


def _unclosed(before: str, opener: str, closer: str) -> int:
    """How many ``opener`` brackets of ``before`` are still open at its end: a closer that
    nothing opened counts for nothing (") f(token=t)" leaves one open, not none)."""
    if opener not in before:
        return 0
    depth = 0
    for bracket in _BRACKETS[opener].findall(before):
        if bracket == opener:
            depth += 1
        elif depth:
            depth -= 1
    return depth


_BRACKETS = {
    opener: re.compile(re.escape(opener) + "|" + re.escape(closer))
    for opener, closer in ("()", "[]", "{}")
}

_CALL_START = re.compile(r"[A-Za-z_][\w.]*+[(\[]")


def _code_argument(value: str, closed: bool) -> bool:
    """Whether an attached value is code rather than a secret: a call or an index
    ("get_key()", "os.environ["), a dotted name ("settings.TOKEN"), or, where the value
    sat inside brackets or before a comma, a name that reads as one ("f(token=token2)")."""
    call = _CALL_START.match(value)
    if call is not None and all(reads_as_name(part) for part in call[0][:-1].split(".") if part):
        return True
    if _CODE_REFERENCE.fullmatch(value) and "." in value:
        return True
    return closed and _IDENTIFIER.fullmatch(value) is not None and reads_as_name(value)


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*+")
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[A-Z]|[0-9]+")


def reads_as_name(word: str) -> bool:
    """Whether letters and digits read as a name someone wrote (``db_password``,
    ``tokenValue``, ``API_KEY2``) rather than as generated ones (``FkynVgzjkpUHtYWlQv``): every
    part between underscores and case changes reads as a word, a short acronym or a number,
    and mixed case changes no more often than words begin."""
    parts = [part for chunk in word.split("_") for part in _NAME_PART.findall(chunk)]
    if not parts:
        return False
    mixed = any(c.isupper() for c in word) and any(c.islower() for c in word)
    letters = [part for part in parts if not part.isdigit()]
    if mixed and letters and sum(map(len, letters)) < _MIN_NAME_PART_CHARS * len(letters):
        return False  # "OYHUdkhxEpyIgKpa", "CIYIcEyHNrYS": the case changes every few letters
    return all(
        part.isdigit()
        or (part.isupper() and len(part) <= 5)
        or (part.islower() and len(part) <= 4)  # "str", "cls", "ctx", "cfg"
        or _word_like(part)
        for part in parts
    )


_MIN_NAME_PART_CHARS = 3.5


def _word_like(part: str) -> bool:
    """Letters that may be a word or a contraction of words as names use them ("getpass",
    "strftime"): a vowel in every four letters and no five consonants in a row."""
    vowels = sum(c in "aeiouyAEIOUY" for c in part)
    return vowels * 4 >= len(part) and _LONG_CONSONANT_RUN.search(part) is None


_LONG_CONSONANT_RUN = re.compile(r"[^aeiouy0-9]{5,}", re.IGNORECASE)


def _base64_padded(value: str) -> bool:
    """A base64 value with its padding ("Q29wcGVy=") rather than "Type = default"."""
    return len(value) % 4 == 0 and re.fullmatch(r"[A-Za-z0-9+/]{4,}+={1,2}", value) is not None


def _yaml_value(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if (_TYPE_LIKE.fullmatch(value) and not _base64_padded(value)) or only_markers(value):
        return []
    if looks_like_placeholder(value):
        return []
    if _PATH.fullmatch(value):
        return []  # "pwd: /srv/app" is a directory
    kind = assigned_secret_kind(match["name"], value)
    if kind == "password" and (len(value) < 4 or value.lower().rstrip(".") in _NOT_A_PASSWORD):
        return []  # "password: required" in a schema, "Password: Password" in a docstring
    if kind == "secret" and _CODE_REFERENCE.fullmatch(value) and not _random_letters(value):
        return []  # "token: request_token" names a variable
    return [] if kind is None else [(kind, match.start("value"), match.end("value"))]


def _random_letters(value: str) -> bool:
    """A long run of letters in no word's shape ("BSVlmVVoGNQHqnEPKZENhdZdVJmAdyku")."""
    return len(value) >= _MIN_RANDOM_LETTERS and looks_random(value, digits=False)


_MIN_RANDOM_LETTERS = 16


def _flag_value(match: re.Match[str]) -> list[SecretSpan]:
    inner, start, end = _unquoted_span(match)
    if not inner or only_markers(inner):
        return []
    kind = "password" if _PASSWORD_NAME.fullmatch(match["name"]) else "secret"
    if kind == "secret" and len(inner) < _MIN_SECRET_CHARS:
        return []
    return [(kind, start, end)]


def line_before(match: re.Match[str]) -> str:
    text, at = match.string, match.start()
    line_start = max(
        text.rfind("\n", max(0, at - _COMMAND_LOOKBACK), at) + 1, at - _COMMAND_LOOKBACK
    )
    return text[line_start:at]


def _short_p(match: re.Match[str]) -> list[SecretSpan]:
    if match["flag"] == "a":
        commands = _A_COMMANDS  # redis-cli -a PW
    elif match["flag"] == "P":
        commands = _CAPITAL_P_COMMANDS  # sqlcmd -P PW (elsewhere "-P" is a port)
    else:
        commands = _SPACED_P_COMMANDS if match["space"] else _ATTACHED_P_COMMANDS
    if not commands.search(line_before(match)):
        return []
    inner, start, end = _unquoted_span(match)
    if not inner or only_markers(inner):
        return []
    return [("password", start, end)]


def _curl_user(match: re.Match[str]) -> list[SecretSpan]:
    if not _CURL_COMMANDS.search(line_before(match)) or only_markers(match["value"]):
        return []
    if looks_like_placeholder(match["value"]):
        return []  # "curl -u $USER:$PASS"
    return [("password", match.start("value"), match.end("value"))]


def _netrc(match: re.Match[str]) -> list[SecretSpan]:
    if only_markers(match["value"]):
        return []
    return [("password", match.start("value"), match.end("value"))]


def word_is_secret(word: str) -> bool:
    """Whether an unquoted word said to be a password looks like one: a digit, a symbol or
    mixed case in it, or long; an English word, a reference or a mask is not."""
    word = word.rstrip(".,;:!?)")
    if len(word) < 4 or word.lower() in _NOT_A_PASSWORD or only_markers(word):
        return False
    if word.startswith(("$", "<", "{")) or set(word) <= {"*", "x", "X", "•"}:
        return False
    if word[0] + word[-1] in {"[]", "()"}:
        return False  # "[hidden]", "(none)": a mask; "[U~!z8Gr6O-B)Z" is a password
    if _FORMAT.fullmatch(word):
        return False  # "%s", "%(password)s", "%DB_PASSWORD%": a format or a variable
    if looks_like_placeholder(word) or _PATH.fullmatch(word):
        return False  # "pwd: /srv/app", "<your-password>"
    if _TYPE_LIKE.fullmatch(word) and not _generated(word) and not _random_then_bracket(word):
        return False  # "password: Optional[str]", "password=get_password()"
    if _CODE_REFERENCE.fullmatch(word) and "." in word:
        return False  # settings.DB_PASSWORD
    if CONSTANT_NAME.fullmatch(word):
        return False  # os.environ["DB_PASSWORD"]: the name of a variable
    snake = "_" in word and word.replace("_", "").isalpha()
    if snake and word.islower() and reads_as_name(word):
        return False  # connect(password=db_password): a variable; "tundra_pepper484" is not
    has_digit = any(c.isdigit() for c in word)
    has_symbol = any(not c.isalnum() for c in word)
    mixed = any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)
    return has_digit or has_symbol or mixed or len(word) >= 16


_FORMAT = re.compile(r"%[-#0 +]*[0-9]*[sdifr]|%\([^)]*\)[sdifr]?|%[A-Za-z_][A-Za-z0-9_]*%")


def _random_then_bracket(word: str) -> bool:
    """Generated letters around brackets ("UBfPHxqFtoh[xnMf", "QVI[WWoUwhGF824B]Jh"), where
    a type or a call is made of names ("Optional[str]", "Settings.get(")."""
    return any(len(run) >= 3 and not reads_as_name(run) for run in _IDENTIFIER.findall(word))


def _generated(word: str) -> bool:
    """A generated password that only looks like code: upper and lower case, a digit or a
    symbol no code is made of, and brackets that do not pair or a symbol such as "~" or "*"
    ("ouGcbuX(9Cn7B5F2Q2]H", "KjLA(EvL).pWKqD(FSoz*", "HSR(x4ea4q~omTEI)80"); a call or a
    type ("get_password()", "Optional[str]", "Settings.get(") has neither."""
    odd = any(c.isdigit() or (not c.isalnum() and c not in "()[]{}._") for c in word)
    mixed = any(c.isupper() for c in word) and any(c.islower() for c in word)
    # Code pairs its brackets and holds no "~", "*", "^"...; a password may pair them too.
    unlike_code = not _brackets_pair(word) or any(c in "~*^%&!#@$|" for c in word)
    return len(word) >= 10 and mixed and odd and unlike_code


def _brackets_pair(word: str) -> bool:
    stack: list[str] = []
    for char in word:
        if char in "([{":
            stack.append({"(": ")", "[": "]", "{": "}"}[char])
        elif char in ")]}" and (not stack or stack.pop() != char):
            return False
    return not stack


_PATH = re.compile(r"(?:/|~/|\./|\.\./)[\w./-]*+")
CONSTANT_NAME = re.compile(r"[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++")
"""An UPPER_SNAKE name: a variable's or a setting's, never a secret."""
_PLACEHOLDER_VALUE = re.compile(
    r"(?i:[x*•.#_-]{3,}|<[^<>]*>|\{\{.*\}\}|\$\{.*\}|\$\(.*\)|`.*`|\$[A-Za-z_]\w*"
    r"|%\(.*\)s?|your[-_ ].*"
    r"|.*[-_ ](?:here|goes-here)|replace[-_]?me|change[-_]?me|placeholder|example|redacted"
    r"|\[redacted\]|null|none|nil|undefined|todo|tbd|fixme|secret|password|\*+[a-z0-9]{0,4}"
    # The dummy passwords of fixtures and tutorials.
    r"|password\d{1,3}|letmein|hunter2|qwerty)"
)


def looks_like_placeholder(value: str) -> bool:
    """Whether an assigned value stands for a secret rather than being one: a mask
    (``xxxxxxxx``, ``****``), a ``<placeholder>``, a template or a variable, "your-key-here"."""
    return _PLACEHOLDER_VALUE.fullmatch(value.strip()) is not None


def _said(match: re.Match[str]) -> list[SecretSpan]:
    inner, start, end = _unquoted_span(match)
    quoted = end - start != len(match["value"])
    if quoted:
        if not inner.strip() or only_markers(inner) or looks_like_placeholder(inner):
            return []
        return [("password", start, end)]
    stripped = inner.rstrip(".,;:!?)")
    if not word_is_secret(inner):
        return []
    if match.group(0)[:3].lower() in {"pin", "acc", "unl"} and not stripped.isdigit():
        return []  # a PIN or a code is digits: "pin the version", "access code review"
    return [("password", start, start + len(stripped))]


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def looks_random(value: str, *, digits: bool = True) -> bool:
    """Whether ``value`` reads as random key material rather than a name, a path, a hash or
    an id: upper and lower case (and digits, unless ``digits`` is false), high entropy,
    little that reads as words, and not hexadecimal (commit hashes, digests and UUIDs stay)."""
    core = value.rstrip("=")
    if not (
        any(c.isupper() for c in core)
        and any(c.islower() for c in core)
        and (any(c.isdigit() for c in core) or not digits)
    ):
        return False
    if re.fullmatch(r"[0-9a-fA-F-]+", core):
        return False
    parts = re.split(r"[-_.]", core)
    if (
        len(parts) > 1
        and any(len(part) >= 4 and _pronounceable(part) for part in parts)
        and all(len(part) <= 4 or _pronounceable(part) or _HEX.fullmatch(part) for part in parts)
    ):
        return False  # words, short tags and a hash: a name ("node-cache-Linux-x64-3f78...")
    wordy = sum(len(run) for run in _WORDY_RUN.findall(core) if _pronounceable(run))
    if wordy * 2 >= len(core):
        return False
    return _entropy(core) >= _MIN_ENTROPY_BITS


def _near_secret_word(match: re.Match[str]) -> bool:
    """A secret-like word before ``match`` on its line, or on the line before when the
    match is alone on its own (a command's output: ``kubectl get secret ...`` then the value)."""
    text, at = match.string, match.start()
    line_start = text.rfind("\n", max(0, at - _ENTROPY_CONTEXT_CHARS), at) + 1
    if line_start == 0 and at > _ENTROPY_CONTEXT_CHARS:
        line_start = at - _ENTROPY_CONTEXT_CHARS
    if _secret_word_between(text, line_start, at):
        return True
    alone = line_start > 0 and not text[line_start:at].strip()
    if not alone or text[match.end() : match.end() + 1] not in {"", "\n", "\r"}:
        return False
    previous_start = text.rfind("\n", max(0, line_start - 400), line_start - 1) + 1
    return _secret_word_between(text, previous_start, line_start - 1)


def _secret_word_between(text: str, start: int, end: int) -> bool:
    """A secret-like word in ``text[start:end]`` whose value is not redacted already. A
    placeholder ("[secret: high-entropy-secret #774087]") is what a value *was*: neither it
    nor a name before it is a cue for what follows, or the text redacted a second time
    would lose more (the placeholder is shorter than the value, and brings the name within
    reach of the next word)."""
    placed = _markers_between(text, start, end)
    if placed:
        start = max(start, placed[-1][1])
    return _SECRET_WORD.search(text, start, end) is not None


def _markers_between(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the placeholders that end inside ``text[start:end]``."""
    begin = max(0, start - _MARKER_CHARS)
    if text.find("[secret: ", begin, end) == -1 and text.find("[REDACTED:", begin, end) == -1:
        return []
    return [m.span() for m in MARKER_PATTERN.finditer(text, begin, end) if m.end() > start]


_MARKER_CHARS = 48
"""Enough to hold any placeholder before the word it contains."""


def context_before(match: re.Match[str], chars: int) -> str:
    """Up to ``chars`` characters of the searched text before ``match``, never across a NUL:
    texts redacted together are kept apart by one (packlight.compressor.ledger), and what
    one says must not decide whether another holds a secret."""
    text, at = match.string, match.start()
    start = max(0, at - chars, text.rfind("\x00", 0, at) + 1)
    return text[start:at]


def _in_public_block(match: re.Match[str]) -> bool:
    """Whether ``match`` lies inside a PEM block that holds no secret (a public key, a
    certificate): the latest armour line before it opens one."""
    text, at = match.string, match.start()
    floor = max(at - _PEM_LOOKBACK, text.rfind("\x00", 0, at) + 1, 0)
    begin = text.rfind("-----BEGIN ", floor, at)
    if begin == -1 or text.rfind("-----END ", begin, at) != -1:
        return False
    return _PUBLIC_ARMOUR.match(text, begin) is not None


_PEM_LOOKBACK = 20_000
_PUBLIC_ARMOUR = re.compile(
    r"-----BEGIN (?:(?:RSA |EC |SSH2 |PGP )?PUBLIC KEY(?: BLOCK)?|CERTIFICATE(?: REQUEST)?"
    r"|X509 CRL|TRUSTED CERTIFICATE)-----"
)


def _high_entropy(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if not looks_random(value) or not _near_secret_word(match) or _in_public_block(match):
        return []
    return [("high-entropy-secret", match.start("value"), match.end("value"))]


def _aws_secret_shape(match: re.Match[str]) -> list[SecretSpan]:
    value = match.group(0)
    if ("/" not in value and "+" not in value) or not looks_random(value):
        return []
    return [("aws-secret-key", match.start(), match.end())]


def _cookie(match: re.Match[str]) -> list[SecretSpan]:
    found: list[SecretSpan] = []
    offset = match.start("value")
    for pair in _COOKIE_PAIR.finditer(match["value"]):
        if pair["name"].lower() in _COOKIE_ATTRIBUTES:
            continue
        if MARKER_PATTERN.match(match.string, offset + pair.start("value")):
            continue  # redacted already (a JWT session cookie)
        found.append(("cookie", offset + pair.start("value"), offset + pair.end("value")))
    return found


def value_span(
    kind: str, check: Callable[[str], bool] | None = None
) -> Callable[[re.Match[str]], list[SecretSpan]]:
    """The ``value`` group as a secret of ``kind`` (when ``check`` accepts it)."""

    def find(match: re.Match[str]) -> list[SecretSpan]:
        value = match["value"]
        if only_markers(value) or looks_like_placeholder(value):
            return []
        if check is not None and not check(value):
            return []
        return [(kind, match.start("value"), match.end("value"))]

    return find


_CODE_CALL = re.compile(r"[A-Za-z_][\w.]*+(?:\(.*\)|\[.*\])(?:\.\w+|\(.*\)|\[.*\])*+")


def _not_code(value: str) -> bool:
    """Not a call, an index or a name (``get_password()``, ``os.environ["X"]``, ``password``)."""
    return not (_CODE_CALL.fullmatch(value) or _CODE_REFERENCE.fullmatch(value))


def _ini_value(value: str) -> bool:
    """Whether the rest of a ``password = ...`` line is a value, not code, a type, a path or
    a comment."""
    value = re.split(r"[ \t]+[#;]", value, maxsplit=1)[0]
    if _PATH.fullmatch(value) or _ANNOTATION.fullmatch(value) or looks_like_placeholder(value):
        return False
    if _IDENTIFIER.fullmatch(value) and not reads_as_name(value):
        return True  # "PWD=FkynVgzjkpUHtYWlQv": generated letters, not a variable
    return _not_code(value)


_ANNOTATION = re.compile(
    r"(?:Optional|SecretStr|SecretBytes|str|bytes|int|bool|float|Any|None|Union|Literal)"
    r"(?:\[[^\]]*\])?(?:[ \t]*+[|=].*)?"
)


def _env_line(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or not _ini_value(value):
        return []
    kind = assigned_secret_kind(match["name"], value)
    return [] if kind is None else [(kind, match.start("value"), match.end("value"))]


def _name_value_pair(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if only_markers(value) or looks_like_placeholder(value):
        return []
    kind = assigned_secret_kind(match["name"], value)
    return [] if kind is None else [(kind, match.start("value"), match.end("value"))]


def _said_later(match: re.Match[str]) -> list[SecretSpan]:
    group = "paren" if match["paren"] is not None else "quoted"
    value = match[group]
    if not word_is_secret(value):
        return []
    return [("password", match.start(group), match.end(group))]


def _azure_sas(match: re.Match[str]) -> list[SecretSpan]:
    return [("azure-sas", match.start("value"), match.end("value"))]


# Order decides only the kind a marker names: whole structures first (a key inside a PEM block,
# a JWT or a URL password is reported as that), then the providers' formats (a key in an
# Authorization header is named by its provider), then headers, assignments, the forms that
# depend on a command, words, and unlabelled high-entropy strings last.
RULES: tuple[Rule, ...] = (
    Rule(_PRIVATE_KEY, _whole("private-key"), ("private key",)),
    Rule(_JWT, _whole("jwt"), ("eyj",)),
    Rule(_WEBHOOK, _webhook, ("hooks.slack", "discord", "webhook", "chat.googleapis")),
    Rule(_URL_PASSWORD, _group("url-password"), ("://",), anchor_of=scheme_anchor),
    Rule(_PROVIDER_KEY, _provider_key, _PROVIDER_NEEDLES),
    Rule(_TELEGRAM, _whole("telegram-bot-token"), (":aa",)),
    Rule(_DISCORD_BOT, _whole("discord-bot-token"), (".",)),
    Rule(_AUTHORIZATION, _authorization, ("authorization",)),
    Rule(
        _API_KEY_HEADER,
        _header,
        ("api-key", "auth-key", "-token", "subscription-key"),
    ),
    Rule(_BEARER, _group("bearer-token"), ("bearer",)),
    Rule(_AWS_SECRET, _group("aws-secret-key"), ("secret",)),
    Rule(_AZURE_SAS, _azure_sas, ("sig=",)),
    Rule(
        _ASSIGNMENT,
        _assignment,
        ("key", "secret", "token", "pass", "pwd", "credential", "auth", "psk", "pw"),
        anchor_of=_assignment_anchor,
    ),
    Rule(
        _YAML_VALUE,
        _yaml_value,
        ("key", "secret", "token", "pass", "pwd", "credential", "psk", "pw"),
    ),
    Rule(_FLAG_VALUE, _flag_value, ("--", "pass")),
    Rule(_SHORT_P, _short_p, (" -p", "\t-p", " -a")),  # needles are lower case: " -p" holds " -P"
    Rule(_CURL_USER, _curl_user, ("-u", "-user")),
    Rule(_NETRC, _netrc, ("password",)),
    Rule(_SAID, _said, _SAID_NEEDLES),
    Rule(_SAID_BARE, _said, _SAID_NEEDLES),
    Rule(_COOKIE, _cookie, ("cookie",)),
    Rule(_SESSION_COOKIE, value_span("cookie"), ("sess", "sid", "_token")),
    Rule(_DIRECTIVE, value_span("password"), ("pass", "auth", "pw", "secret")),
    Rule(_INI_PASSWORD, value_span("password", _ini_value), ("pass", "pwd")),
    Rule(_ENV_LINE, _env_line, ("key", "secret", "token", "pass", "pwd", "credential")),
    Rule(_LOGIN_CALL, value_span("password"), ("login", "auth", "connect", "sign", "bind")),
    Rule(_PIPED_PASSWORD, value_span("password"), ("echo",)),
    Rule(_CREDENTIAL_PAIR, value_span("password", word_is_secret), ("login", "cred", "user")),
    Rule(
        _VALUE_THEN_PASSWORD,
        value_span("password", word_is_secret),
        ("password", "pin", "passcode"),
    ),
    Rule(
        _TYPE_THE_PASSWORD,
        value_span("password", word_is_secret),
        ("password", "passphrase", "passcode"),
    ),
    Rule(_USE_PASS, value_span("password", word_is_secret), (" pass ",)),
    Rule(_NAME_VALUE_PAIR, _name_value_pair, ("name:",)),
    Rule(_SAID_LATER, _said_later, _SAID_NEEDLES),
    Rule(_PGPASS, value_span("password"), (":",)),
    Rule(_POSITIONAL_PASSWORD, value_span("password"), ("rabbitmqctl", "htpasswd", "smbpasswd")),
    Rule(_LOGIN_WITH_PAIR, value_span("password", word_is_secret), ("log", "sign", "auth")),
    Rule(_AWS_SECRET_SHAPE, _aws_secret_shape, ("/", "+")),
    Rule(
        _ENTROPY_CANDIDATE,
        _high_entropy,
        ("secret", "token", "passw", "key", "credential", "auth", "pwd", "rotat"),
    ),
)
