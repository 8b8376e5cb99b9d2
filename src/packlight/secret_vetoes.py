"""Values a rule takes for a secret that are not one: masks, placeholders, public keys,
ciphertext meant to be committed, and names.

The rules find a secret by its shape or by where it is written; some values sit in exactly
those places and hold nothing: ``password = (sensitive value)`` in a Terraform plan, ``-p
[MASKED]`` in a CI log, ``ghp_xxxxxxxx...`` in a README, ``public key: <base64>`` in ``wg show``,
``ENC[AES256_GCM,data:...]`` in a SOPS file, a SealedSecret's ``encryptedData``, a Secrets
Manager ARN. :func:`vetoed` says so for one span a rule found; :mod:`packlight.redact` then
keeps it. A veto looks only at the value and its own line (or, for a YAML block, the lines
above it), so a real secret next to such a value is still found.
"""

from __future__ import annotations

import base64
import binascii
import json
import re

# Masks printed where a secret was: "[MASKED]", "***", "(sensitive value)", "<hidden>".
_MASK = re.compile(
    r"[\[(<{]?[ \t]*+(?i:masked|redacted|hidden|filtered|sensitive(?:[ \t]value)?|omitted|removed"
    r"|secret|not[ \t]shown|\*{3,}+|[•●∙⚫]{3,}+)[ \t]*+[\])>}]?"
    r"|\*{3,}+|[•●∙⚫]{3,}+|\d++[ \t]bytes"
)
# A placeholder word standing for the secret ("USER:PASSWORD", "-p wrong" in a test).
_PLACEHOLDER_WORD = re.compile(
    r"(?i:(?:your[-_]?|my[-_]?|the[-_]?)?(?:password|passwd|pass|pwd|secret|token|api[-_]?key)"
    r"|wrong|invalid|incorrect|bad|wrong[-_]?password|bad[-_]?password|invalid[-_]?password)"
)
# Words that only a placeholder is made of ("xoxb-your-token-here", "sk-example-key").
_PLACEHOLDER_PART = re.compile(
    r"(?:^|[-_.])(?i:your|here|example|placeholder|changeme|replace[-_]?me|dummy|sample)"
    r"(?:$|[-_.])"
)
# On the value's line before it: a public half of a key pair, or a peer's key.
_PUBLIC_CONTEXT = re.compile(
    r"(?i:\bpublic[ _-]?key|publickey|\bpubkey|\bpub[ _-]key|\bpeer\b|\brecipients?\b"
    # A publishable key (Stripe's, Clerk's pk_...) is meant for the browser.
    r"|publishable)"
)
_PRIVATE_CONTEXT = re.compile(r"(?i:private|secret|preshared|\bpsk\b|password|passphrase)")
# Ciphertext meant to be committed: SOPS values, Vault transit ciphertext.
_SOPS_OPEN = re.compile(r"ENC\[[A-Z0-9_]+,")
_ARN = re.compile(r"arn:aws[\w-]*+:[\w-]++:[\w-]*+:\d*+:[^\s\"']*$")
# "kubectl describe secret NAME": the word after the noun is the secret's name.
_SECRET_NOUN_BEFORE = re.compile(
    r"(?i:\b(?:kubectl|oc|helm|gh|glab|docker|podman|az|gcloud|vault|doppler|infisical|aws)\b"
    r"[^\r\n]*?\bsecrets?[ \t]++(?:(?:get|show|describe|create|delete|edit|list|set|view|"
    r"generic|tls|docker-registry|versions|access|describe-secret)[ \t]++)*+)$"
)
# A command that prints ids ("jq -r '.[].AccessorID'"), not secrets.
_ID_COMMAND = re.compile(r"(?i:accessor_?id|\.id\b|_id\b|\bid\b|uuid)")
_UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_ENCRYPTED_BLOCK = re.compile(r"(?m:^([ \t]*+)(?:encryptedData|encrypted_data):[ \t]*+$)")
# A value shortened for display: "sk_test_...", "sk-...8cd7918", "ghp_…".
_ELIDED = re.compile(r"[\w-]{0,16}+(?:\.{3,}+|…)[\w-]{0,16}+")
# A date or a timestamp: "gh secret list" prints when each secret was updated, not its value.
_DATE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
# Keys that are not secrets: an idempotency or a cache key, a database's sort key.
_NON_SECRET_KEY_NAME = re.compile(
    r"(?i:(?<![a-z])(?:idempotency|dedup(?:lication)?|cache|partition|sort|primary|foreign"
    r"|lock|object|row|shard(?:ing)?|composite|correlation|request|trace)[ _-]?keys?)"
    r"[\"']?[ \t]*+[:=][ \t]*+[\"']?$"
)
# A lookup of a secret by its name: os.getenv("DB_PASSWORD"), ENV["TOKEN"], env::var("KEY").
_ENV_LOOKUP = re.compile(
    r"(?i:getenv|environ(?:\.get)?|\benv(?:::var)?|process\.env|env\.get)[ \t]*+[(\[][ \t]*+$"
)
_IDENTIFIER = re.compile(r"[\"']?[A-Za-z_][A-Za-z0-9_]*+[\"']?")
# A dotted class path (django.contrib.auth.tokens.PasswordResetTokenGenerator): a salt that
# names the class using it, the same in every installation.
_CLASS_PATH = re.compile(r"[a-z_][a-z0-9_]*+(?:\.[a-z_][a-z0-9_]*+)++\.(?:[A-Z][a-z]{2,}+){2,}+")
# go.sum's lines: "module version[/go.mod] h1:<base64 hash>".
_GO_SUM = re.compile(r"\S[ \t]++v\d[\w.+-]*+(?:/go\.mod)?[ \t]++h1:$")
_LOOKBACK = 4000
_LINE_CHARS = 300


def vetoed(kind: str, text: str, start: int, end: int) -> bool:
    """Whether the value ``text[start:end]`` that a rule took for a secret of ``kind`` is a
    mask, a placeholder, a public key, committed ciphertext or a name after all."""
    if kind == "private-key":
        return False  # a whole PEM block says what it is
    value = text[start:end]
    # The value's line, at most _LINE_CHARS of it: every span pays for this, so it is bounded.
    floor = max(0, start - _LINE_CHARS)
    line_start = max(text.rfind("\n", floor, start) + 1, floor)
    before = text[line_start:start]
    return (
        _masked(value, text, start, end)
        or _placeholder(value)
        or _public(kind, before)
        or _committed_ciphertext(text, start, line_start, before)
        or _ARN.search(before) is not None
        or _ARN.match(value) is not None
        or _SOPS_OPEN.match(value) is not None
        or _SECRET_NOUN_BEFORE.search(before) is not None
        or (kind == "printed-secret" and _printed_id(value, text, line_start))
        or _jwt_header(value)
        or _wrapper_call(value, text, end)
        or (kind in _CONTEXT_KINDS and _shown_not_secret(value, before))
    )


def _shown_not_secret(value: str, before: str) -> bool:
    """A value shortened for display, a date, a key of a kind that is no secret, the name
    of an environment variable looked up, a class path, a module's checksum."""
    bare = value.strip("'\"`")
    return (
        _ELIDED.fullmatch(bare) is not None
        or _DATE.fullmatch(bare) is not None
        or _NON_SECRET_KEY_NAME.search(before) is not None
        or (_ENV_LOOKUP.search(before) is not None and _IDENTIFIER.fullmatch(value) is not None)
        or _CLASS_PATH.fullmatch(bare) is not None
        or _GO_SUM.search(before) is not None
    )


_CALL = re.compile(r"[A-Za-z_][\w.]*+\(")


def _wrapper_call(value: str, text: str, end: int) -> bool:
    # "password=SecretStr('**********')", "token=os.environ.get('TOKEN')": the rule stopped at
    # the quote inside a call, and what it took is the callee's name, not a value.
    return _CALL.fullmatch(value) is not None and text[end : end + 1] in ("'", '"', ")", "")


def _masked(value: str, text: str, start: int, end: int) -> bool:
    # A mask may be cut by the rule at a blank ("(sensitive" of "(sensitive value)"): read it
    # to the bracket that closes it.
    if _MASK.fullmatch(value.strip()):
        return True
    if value[:1] in "([<{" or text[start - 1 : start] in ("(", "[", "<", "{"):
        opening = value[0] if value[:1] in "([<{" else text[start - 1]
        closing = {"(": ")", "[": "]", "<": ">", "{": "}"}[opening]
        stop = text.find(closing, start, start + 40)
        if stop != -1:
            whole = text[start - (0 if value[:1] in "([<{" else 1) : stop + 1]
            return _MASK.fullmatch(whole) is not None
    return False


def _placeholder(value: str) -> bool:
    value = value.strip("'\"`")
    if _PLACEHOLDER_WORD.fullmatch(value) or _PLACEHOLDER_PART.search(value):
        return True
    # "ghp_xxxxxxxxxxxxxxxx", "AKIAXXXXXXXXXXXXXXXX": one character fills the rest of the token.
    body = re.sub(r"^[A-Za-z0-9]{0,8}?[_-]|^(?:AKIA|ASIA)", "", value)
    if len(body) >= 8:
        most = max(body.count(char) for char in set(body))
        if most * 10 >= len(body) * 7 and body.count(body[0]) == most and body[0] in "xX*0.#":
            return True
    return False


def _public(kind: str, before: str) -> bool:
    if kind not in _CONTEXT_KINDS:
        return False  # a provider's token format is a secret whatever its label
    return _PUBLIC_CONTEXT.search(before) is not None and not _PRIVATE_CONTEXT.search(before)


# Kinds found by the words around a value rather than by its own shape.
_CONTEXT_KINDS = frozenset(
    {
        "high-entropy-secret",
        "key-material",
        "secret",
        "printed-secret",
        "password",
        "aws-secret-key",
        "url-token",
        "api-key",
    }
)


def _committed_ciphertext(text: str, start: int, line_start: int, before: str) -> bool:
    opened = before.rfind("ENC[")
    if opened != -1 and "]" not in before[opened:] and _SOPS_OPEN.match(before, opened):
        return True
    if before.rstrip().endswith(("vault:v1:", "vault:v2:")):
        return True
    # A SealedSecret's encryptedData: the value's line is indented under that key.
    floor = max(0, start - _LOOKBACK)
    if text.rfind("ncryptedData:", floor, line_start) == -1 and "encrypted_data:" not in before:
        return False
    blocks = list(_ENCRYPTED_BLOCK.finditer(text, floor, line_start))
    if not blocks:
        return False
    block = blocks[-1]
    indent = len(block[1])
    between = [*text[block.end() : line_start].splitlines()[1:], before]
    return all(len(line) - len(line.lstrip()) > indent for line in between if line.strip())


def _printed_id(value: str, text: str, line_start: int) -> bool:
    command_end = text.rfind("\n", 0, max(0, line_start - 1))
    command = text[command_end + 1 : line_start]
    return _UUID.fullmatch(value) is not None and _ID_COMMAND.search(command) is not None


def _jwt_header(value: str) -> bool:
    """A JWT's header alone (``eyJhbGciOi...``): the same for every token, public."""
    if not value.startswith("eyJ") or "." in value:
        return False
    try:
        decoded = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (ValueError, binascii.Error):
        return False
    return isinstance(decoded, dict) and "alg" in decoded
