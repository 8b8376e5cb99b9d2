"""Secrets known by their issuer's shape: a token prefix, a grouping, a checksum.

These need no name around them: ``tskey-auth-...`` is a Tailscale key wherever it is written,
eight groups of six digits are a BitLocker recovery key, a Base58Check string that decodes to
version byte 0x80 is a Bitcoin private key. Each shape is specific enough that commit hashes,
UUIDs, ids and words never take it. Same contract as :mod:`packlight.secret_rules`: a pattern,
a function from a match to its secret spans, and the needles every match contains.
"""

from __future__ import annotations

import hashlib
import re

from packlight.secret_rules import Rule, SecretSpan, context_before, looks_random

# (kind, pattern): every pattern starts with a literal prefix, so that the needle search skips
# a text that holds none. A prefix alone is not enough when it is a common word ("sl."), so
# those also want the length their issuer gives them.
_ISSUER_FORMATS: tuple[tuple[str, str], ...] = (
    ("tailscale-key", r"tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}+-[A-Za-z0-9]{16,}+"),
    ("dropbox-token", r"sl\.(?:u\.)?[A-Za-z0-9_-]{100,}+"),
    ("rubygems-key", r"rubygems_[0-9a-f]{48}"),
    ("google-oauth", r"1//0[A-Za-z0-9_-]{40,}+"),
    ("planetscale-token", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{30,}+"),
    ("artifactory-key", r"AKCp[A-Za-z0-9]{60,}+"),
    ("figma-token", r"figd_[A-Za-z0-9_-]{30,}+"),
    ("netlify-token", r"nfp_[A-Za-z0-9]{30,}+"),
    ("sourcegraph-token", r"sgp_[A-Za-z0-9_]{40,}+"),
    ("grafana-token", r"glc_[A-Za-z0-9+/]{32,}+={0,2}"),
    ("pulumi-token", r"pul-[a-f0-9]{40}"),
    ("docker-swarm-token", r"SWMTKN-1-[a-z0-9]{40,}+-[a-z0-9]{20,}+"),
    ("k3s-token", r"K10[0-9a-f]{40,}+::[a-z]+:[0-9a-f]{16,}+"),
    ("nuget-key", r"oy2[a-z0-9]{43}"),
    ("tencent-secret-id", r"AKID[A-Za-z0-9]{32}"),
    ("gcs-hmac-key", r"GOOG1[A-Z0-9]{50,}+"),
    ("brevo-key", r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("notion-token", r"secret_[A-Za-z0-9]{43}"),
    ("contentful-token", r"CFPAT-[A-Za-z0-9_-]{40,}+"),
    ("langsmith-key", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    ("pinecone-key", r"pcsk_[A-Za-z0-9_]{40,}+"),
    ("nvidia-key", r"nvapi-[A-Za-z0-9_-]{50,}+"),
    ("tavily-key", r"tvly-[A-Za-z0-9_-]{20,}+"),
    (
        "hubspot-token",
        r"pat-(?:na|eu|ap)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    ),
    ("posthog-key", r"phx_[A-Za-z0-9]{30,}+"),
    ("fly-token", r"fm1_[A-Za-z0-9+/=_-]{40,}+"),
    ("fly-token", r"fm2_[A-Za-z0-9+/=_-]{40,}+"),
    ("onepassword-token", r"ops_eyJ[A-Za-z0-9+/=_-]{40,}+"),
    ("dynatrace-token", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    ("bitcoin-private-key", r"xprv[1-9A-HJ-NP-Za-km-z]{100,}+"),
    ("bitcoin-private-key", r"tprv[1-9A-HJ-NP-Za-km-z]{100,}+"),
    ("shopify-token", r"shpca_[a-fA-F0-9]{32}"),
    ("easypost-key", r"EZAK[a-zA-Z0-9]{50,}+"),
    ("easypost-key", r"EZTK[a-zA-Z0-9]{50,}+"),
    ("flutterwave-key", r"FLWSECK(?:_TEST)?-[a-f0-9]{32}-X"),
)

_ISSUER_KEY = "|".join(
    f"{pattern[0]}(?<![A-Za-z0-9_-]{pattern[0]})(?P<g{index}>{pattern[1:]})(?![A-Za-z0-9_-])"
    for index, (_, pattern) in enumerate(_ISSUER_FORMATS)
)


def _issuer_key(match: re.Match[str]) -> list[SecretSpan]:
    index = int((match.lastgroup or "g0")[1:])
    return [(_ISSUER_FORMATS[index][0], match.start(), match.end())]


def _needle(pattern: str) -> str:
    literal = re.match(r"[A-Za-z0-9_/-]+", pattern)
    return (literal[0] if literal else "").lower()[:5]


_ISSUER_NEEDLES = tuple(sorted({_needle(p) for _, p in _ISSUER_FORMATS}))


# Mailchimp: 32 hexadecimal digits and the datacenter ("...-us5").
_MAILCHIMP = r"[0-9a-f](?<![A-Za-z0-9_-][0-9a-f])[0-9a-f]{31}-us[0-9]{1,2}(?![\w-])"
# A BitLocker recovery key: eight groups of six digits.
_BITLOCKER = r"\d(?<![\w-]\d)\d{5}(?:-\d{6}){7}(?![\w-])"

# Bitcoin private keys in WIF (5H.., K.., L.. on mainnet; 9.., c.. on testnet), checked by
# their Base58Check checksum: a random 51 or 52 character string passes it one time in four
# billion.
_WIF = r"[5KLc9](?<![\w-][5KLc9])[1-9A-HJ-NP-Za-km-z]{50,51}(?![\w-])"
_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _base58check(value: str) -> bytes | None:
    """The payload of a Base58Check string, or ``None`` when its checksum fails."""
    number = 0
    for char in value:
        number = number * 58 + _BASE58.index(char)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(value) - len(value.lstrip("1"))) + raw
    payload, checksum = raw[:-4], raw[-4:]
    digest = hashlib.sha256(hashlib.sha256(payload).digest()).digest()
    return payload if len(payload) > 1 and digest[:4] == checksum else None


def _wif(match: re.Match[str]) -> list[SecretSpan]:
    payload = _base58check(match.group(0))
    valid = payload is not None and payload[0] in (0x80, 0xEF) and len(payload) in (33, 34)
    # A key copied by hand may have a typo that breaks its checksum: the words before it
    # still say what it is.
    named = _WIF_WORDS.search(context_before(match, 100)) is not None
    if not (valid or (named and looks_random(match.group(0)))):
        return []
    return [("bitcoin-private-key", match.start(), match.end())]


_WIF_WORDS = re.compile(
    r"(?i:\bwif\b|private[ \t]key|privkey|clave[ \t]privada|privater[ \t]schlüssel|clé[ \t]privée"
    r"|paper[ \t]wallet)"
)


# A token a terminal wrapped: its known prefix ends a line too short, the rest opens the next.
# The rest starts with a letter or digit: a line of dashes opens a PEM block, not a token's end.
_WRAPPED = (
    # From a token's start only: a failed match must not be retried inside the same token.
    r"(?P<head>(?<![A-Za-z0-9_-])(?:gh[pousr]_|github_pat_|glpat-|hf_|npm_|sk-(?:proj-|ant-)?|xox[abpr]-)"
    r"[A-Za-z0-9_-]{8,}+)[ \t]*+\r?\n[ \t]*+(?P<tail>[A-Za-z0-9][A-Za-z0-9_-]{5,}+)(?![^\s.,;:!?])"
)


def _wrapped(match: re.Match[str]) -> list[SecretSpan]:
    tail = match["tail"]
    if not any(c.isdigit() for c in tail) and not any(c.isupper() for c in tail[1:]):
        return []  # the next line's first word
    return [
        ("wrapped-token", match.start("head"), match.end("head")),
        ("wrapped-token", match.start("tail"), match.end("tail")),
    ]


# Asana's personal access tokens: version/user id/token id:32 hexadecimal digits.
# The pattern starts at the first "/" (a literal is fast to look for) and looks back for the
# version digit.
_ASANA = r"/(?<=[012]/)(?<![\w/-][012]/)\d{10,20}+/\d{10,20}+:[0-9a-f]{32}(?![\w-])"

# Resend's keys: "re_", a short id, "_", the secret ("re_AbC12345_...").
_RESEND = r"r(?<![A-Za-z0-9_-]r)e_[A-Za-z0-9]{6,12}+_[A-Za-z0-9]{20,40}+(?![\w-])"


def _resend(match: re.Match[str]) -> list[SecretSpan]:
    if not looks_random(match.group(0)[3:]):
        return []  # "re_compile_..." is a name
    return [("resend-key", match.start(), match.end())]


# An Ethereum private key handed to the call that makes an account of it:
# new ethers.Wallet('KEY'), Account.from_key("0xKEY"), privateKeyToAccount("0x...").
_WALLET_CALL = r"\(\s*+(?P<q>['\"`])(?:0x)?(?P<value>[0-9a-fA-F]{64})(?P=q)"
_WALLET_CALLEE = re.compile(
    r"(?i:wallet|from_?key|from_?private_?key|private_?key_?to_?account|signing_?key|privkey"
    r"|private_?key)$"
)


def _wallet_call(match: re.Match[str]) -> list[SecretSpan]:
    if _WALLET_CALLEE.search(context_before(match, 40)) is None:
        return []
    return [("private-key", match.start("value"), match.end("value"))]


# A Solana keypair file: a JSON array of the 64 bytes of the secret key (and its public half).
_BYTE_ARRAY_64 = r"\[\s*+(?:\d{1,3}+\s*+,\s*+){63}\d{1,3}+\s*+\]"


def _byte_array(match: re.Match[str]) -> list[SecretSpan]:
    if any(int(byte) > 255 for byte in re.findall(r"\d+", match.group(0))):
        return []
    return [("private-key", match.start(), match.end())]


# A BIP39 seed phrase (12 to 24 lower-case words of 3 to 8 letters) where a wallet takes it:
# new HDWalletProvider("words...", url), Wallet.fromMnemonic("..."), "Seed phrase: words...".
_MNEMONIC = (
    r"(?i:mnemonic|seed[ _-]?phrase|recovery[ _-]?phrase|secret[ _-]?phrase|backup[ _-]?phrase"
    r"|seed[ _-]?words|HDWalletProvider|fromPhrase)"
    r"[^\r\n\w]{0,40}+(?:[\w.]{0,40}+\([ \t]*+)?[\"'`]?"
    r"(?P<value>[a-z]{3,8}+(?:[ \t]++[a-z]{3,8}+){11,23}+)(?![ \t]*+[a-z])"
)


def _mnemonic(match: re.Match[str]) -> list[SecretSpan]:
    if len(match["value"].split()) % 3:
        return []  # a seed has 12, 15, 18, 21 or 24 words
    return [("seed-phrase", match.start("value"), match.end("value"))]


RULES: tuple[Rule, ...] = (
    Rule(
        _ISSUER_KEY,
        _issuer_key,
        _ISSUER_NEEDLES,
    ),
    Rule(_WRAPPED, _wrapped, ("ghp_", "gho_", "_pat_", "glpat", "hf_", "npm_", "sk-", "xox")),
    Rule(_MAILCHIMP, lambda m: [("mailchimp-key", m.start(), m.end())], ("-us",)),
    Rule(_BITLOCKER, lambda m: [("recovery-key", m.start(), m.end())], ("bitlocker", "recovery")),
    # A WIF key is handed over as one: the words around it say so.
    Rule(_WIF, _wif, ("wif", "priv", "wallet", "bitcoin", "btc", "electrum", "clave")),
    Rule(_ASANA, lambda m: [("asana-token", m.start() - 1, m.end())], (":",)),
    Rule(_RESEND, _resend, ("re_",)),
    Rule(
        _WALLET_CALL,
        _wallet_call,
        ("wallet(", "key(", "account("),
    ),
    Rule(_BYTE_ARRAY_64, _byte_array, (",",)),
    Rule(_MNEMONIC, _mnemonic, ("mnemonic", "phrase", "hdwalletprovider", "seed")),
)
