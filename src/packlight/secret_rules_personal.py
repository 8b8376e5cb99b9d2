"""Personal credentials a person types into a chat: payment cards, national ids, one-time and
door codes, wallet recovery phrases, backup codes, bank accounts, and a login given as
"user / password".

None of them has a provider's prefix; each is found by its own check (a card number passes
the Luhn check) or by the words that name it, and a number that only looks like one (an exit
code, a port, an AWS account) is left alone. Same contract as :mod:`packlight.secret_rules`.
"""

from __future__ import annotations

import re

from packlight.secret_rules import (
    Rule,
    SecretSpan,
    context_before,
    only_markers,
    value_span,
    word_is_secret,
)

# 13 to 19 digits that pass the Luhn check: in groups (4-4-4-4, Amex's 4-6-5) anywhere, or
# whole after a word that names a card (ids and timestamps pass the check one time in ten).
_CARD_GROUPED = r"\d(?<![\d.-]\d)\d{3}[ -]\d{4,6}+[ -]\d{4,5}+(?:[ -]\d{1,4}+)?(?![\d.-])"
_CARD_WHOLE = r"\d(?<![\d.-]\d)\d{12,18}+(?![\d.-])"
_CARD_WORDS = re.compile(r"(?i:card|visa|mastercard|amex|credit|debit|\bcc\b|\bpan\b|payment)")


def luhn_valid(digits: str) -> bool:
    """Whether a string of digits passes the Luhn check that every payment card number does."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card(match: re.Match[str]) -> list[SecretSpan]:
    text = match.group(0)
    digits = re.sub(r"[ -]", "", text)
    if not 13 <= len(digits) <= 19 or not luhn_valid(digits) or len(set(digits)) < 3:
        return []
    if digits == text:
        # Whole: ids and timestamps pass the check one time in ten; a card is named before.
        before = context_before(match, 60)
        if _CARD_WORDS.search(before) is None:
            return []
    return [("card-number", match.start(), match.end())]


# "security code 758", "CVV: 1234"
_CARD_CODE = (
    r"\b(?i:cvv2?|cvc2?|csc|security[ \t]++code|card[ \t]++code)[ \t]*+(?:is[ \t]++)?[:#]?"
    r"[ \t]*+(?P<value>\d{3,4}+)(?!\d)"
)

# US social security numbers: 3-2-4 digits after the words that name one. The pattern starts
# with a digit (a leading look-behind would make the search try every position); _ssn reads
# the words before it.
_SSN = r"\d(?<![\d-]\d)\d{2}-\d{2}-\d{4}(?![\d-])"
_SSN_WORDS = re.compile(
    r"(?i:\bssn|\bsocial\b|\btax(?:payer)?[ \t]++id|\btin\b|\bw-?9\b|national[ \t]++id)"
)


def _ssn(match: re.Match[str]) -> list[SecretSpan]:
    before = context_before(match, 60)
    if _SSN_WORDS.search(before) is None:
        return []
    return [("national-id", match.start(), match.end())]


# One-time, verification, door and PIN codes: 4 to 8 digits named as such. The pattern
# finds the noun ("code", "otp", "passcode", "keypad"); _code reads what comes before it.
_CODE = (
    r"(?<![A-Za-z0-9_-])(?i:code|otp|passcode|keypad|lockbox)(?![A-Za-z0-9_-])"
    r"(?:[ \t]++(?i:is|was|=))?[ \t]*+[:=#]?[ \t]*+"
    r"(?P<value>\d{3,4}[ -]\d{3,4}(?!\d)|\d{4,8}+)(?![\d.,]\d)"
    # "the code is 1500 lines long": a count
    r"(?![ \t]*+(?i:lines?|rows?|bytes?|chars?|characters?|words?|tokens?|files?)\b)"
)
_CODE_QUALIFIER = re.compile(
    r"(?i:one[ -]time|verification|confirmation|2fa|mfa|auth(?:entication|enticator)?|sms|login"
    r"|door|gate|alarm|entry|building|garage|safe|access|disarm|the|my|our|your|this)"
    r"[ \t]++(?:[a-z]++[ \t]++)?$"
)


def _code(match: re.Match[str]) -> list[SecretSpan]:
    noun = match.group(0)[:4].lower()
    if noun == "code":
        # "exit code 1234" and "status code 4040" are not secrets: a code is a secret only
        # when the words before it say which kind.
        before = context_before(match, 40)
        if _CODE_QUALIFIER.search(before) is None:
            return []
    if only_markers(match["value"]):
        return []
    return [("one-time-code", match.start("value"), match.end("value"))]


# The code said first: "055228 is the code from the authenticator".
# The first digit comes before the look back: ``re`` then skips to digits fast, where a
# pattern that starts by looking back is tried at every position.
_CODE_FIRST = (
    r"(?P<value>\d(?<![\d.,-]\d)\d{3,7}+)[ \t]++(?i:is|was)[ \t]++(?i:the|my|your|our)[ \t]++"
    r"(?:[a-z]++[ \t]++)?(?i:code|otp|pin)\b"
)
# A Google app password: four groups of four letters.
_APP_PASSWORD = (
    r"(?i:app[ \t]++password)[^\r\n]{0,60}?[:\s][ \t]*+(?P<value>[a-z]{4}(?:[ \t][a-z]{4}){3})\b"
)
# A TOTP seed typed by hand: base32 in groups of four ("dp5j d3aw w4qg ..."), a few words
# after what names it ("the 2FA setup key for the ops account: ...", "typed the key: ...").
_TOTP_GROUPS = (
    r"(?:key|Key|KEY|secret|Secret|SECRET|seed|Seed|SEED|totp|TOTP|2fa|2FA|mfa|MFA|otp|OTP"
    r"|authenticator|Authenticator)[^\r\n]{0,80}?[:\s][ \t]*+"
    r"(?P<value>(?:[a-z2-7]{4}[ \t]){3,9}[a-z2-7]{4}|(?:[A-Z2-7]{4}[ \t]){3,9}[A-Z2-7]{4})"
    r"(?![\w-])"
)


def _totp_groups(match: re.Match[str]) -> list[SecretSpan]:
    if not any(c.isdigit() for c in match["value"]):
        return []  # "key is then just used once more": words, not base32 (which has digits)
    return [("totp-seed", match.start("value"), match.end("value"))]


# A passphrase of plain words: "enter the passphrase cobalt sparrow cobalt juniper 99".
_WORD_PASSPHRASE = (
    r"\b(?i:passphrase|pass[ \t]phrase|wi-?fi[ \t]++(?:password|key)|wpa2?[ \t]++key"
    r"|network[ \t]++key)(?P<said>[ \t]++(?i:is|was))?(?:[ \t]*+(?P<sign>[:=])[ \t]*+|[ \t]++)"
    r"(?P<value>[a-z]{3,12}+(?:[ \t-][a-z]{3,12}+){2,6}(?:[ \t-]\d{1,4}+)?)(?![\w-])"
)
_PROSE_WORDS = frozenset(
    re.findall(
        r"\w+",
        "the and for must should will can cannot not with your you that this from have has "
        "are was were been being into than then when where which while least more most less "
        "characters character long length contain contains include includes required "
        "optional change changed reset enter type use used using set",
    )
)


def _word_passphrase(match: re.Match[str]) -> list[SecretSpan]:
    words = re.findall(r"[a-z]+", match["value"])
    if any(word in _PROSE_WORDS for word in words):
        return []  # "the passphrase must be at least twelve characters long"
    if not (match["said"] or match["sign"] or match["value"][-1].isdigit()):
        return []  # "the passphrase prompt appears twice": said as a value, or ending in digits
    return [("passphrase", match.start("value"), match.end("value"))]


# A wallet's recovery phrase: 12 to 24 lower-case words after the words that name it.
_RECOVERY_PHRASE = (
    r"\b(?i:recovery|seed|secret|backup|mnemonic)(?:[ \t]++(?i:phrase|words|seed))?\b"
    r"[^\r\n]{0,60}?[:\r\n][\s|>-]*+(?P<value>(?:[a-z]{3,8}+[ \t\r\n]++){11,23}[a-z]{3,8}+)\b"
)

# A wallet's words alone on their line, in a file or note about a wallet.
_MNEMONIC_LINE = (
    r"(?m:^)[ \t]*+(?P<value>(?:[a-z]{3,8}+[ \t]++){11,23}[a-z]{3,8}+)[ \t]*+(?![^\r\n])"
)
_WALLET_WORDS = re.compile(
    r"(?i:wallet|seed|mnemonic|recovery|metamask|ledger|trezor|phantom|bip-?39|phrase)"
)
_WALLET_NEEDLES = (
    *("wallet", "seed", "mnemonic", "recovery", "metamask", "ledger", "trezor", "phantom"),
    *("bip39", "bip-39", "phrase"),
)


def _mnemonic_line(match: re.Match[str]) -> list[SecretSpan]:
    words = match["value"].split()
    if len(words) not in {12, 15, 18, 21, 24}:
        return []
    before = context_before(match, 200)
    if not _WALLET_WORDS.search(before):
        return []
    return [("recovery-phrase", match.start("value"), match.end("value"))]


# A wallet's words after a colon in a sentence: "I restored my wallet with these words: ... —".
_MNEMONIC_AFTER_COLON = (
    r":[ \t]*+(?P<value>(?:[a-z]{3,8}+[ \t]++){11,23}[a-z]{3,8}+)"
    r"(?=[ \t]*+(?:[—–.,;!?)\r\n]|-[ \t]|$))"  # noqa: RUF001 - a dash ends a clause
)
# Words of English prose that no wallet's word list (BIP-39) holds.
_NOT_WALLET_WORDS = frozenset(
    re.findall(
        r"\w+",
        "the and for with are was were this that have has from but not you they them their "
        "there than what which who when where would could should into these those been its "
        "our your his her she him did does can may must how why very here",
    )
)


def _mnemonic_after_colon(match: re.Match[str]) -> list[SecretSpan]:
    words = match["value"].split()
    if _NOT_WALLET_WORDS.intersection(words):
        return []  # a sentence after a colon
    return _mnemonic_line(match)


# Backup or recovery codes listed one per line (or separated by blanks) after their name.
_BACKUP_CODES = (
    r"\b(?i:recovery|backup|2fa|mfa|one-time|emergency|scratch)[ \t_-]++(?i:codes)\b[^\r\n]{0,80}"
    r"(?P<value>(?:[\s,;|*-]++[A-Za-z0-9]{4,6}-?[A-Za-z0-9]{4,6}+(?![A-Za-z0-9-])){3,20})"
)
_BACKUP_CODE = re.compile(r"[A-Za-z0-9]{4,6}-?[A-Za-z0-9]{4,6}(?![A-Za-z0-9-])")


def _backup_codes(match: re.Match[str]) -> list[SecretSpan]:
    offset = match.start("value")
    return [
        ("backup-code", offset + code.start(), offset + code.end())
        for code in _BACKUP_CODE.finditer(match["value"])
        if any(c.isdigit() for c in code.group(0))
    ]


# A bank account number where a payment is being made: "wire it to account 447761118846".
_BANK_ACCOUNT = (
    r"\b(?i:account(?:[ \t]++(?:number|no\.?|#))?|acct(?:[ \t]++no\.?)?|a/c)[ \t]*+[:#]?[ \t]*+"
    r"(?P<value>\d{6,17}+)(?!\d)"
)
_BANK_WORDS = re.compile(
    r"(?i:wire|routing|bank|iban|swift|bic|sort[ \t]code|transfer|deposit|ach)"
)
_IBAN = r"\b(?P<value>[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,4})?)\b"


def _bank_account(match: re.Match[str]) -> list[SecretSpan]:
    text, start = match.string, match.start()
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end != -1 else len(text)]
    if not _BANK_WORDS.search(line):
        return []  # "AWS account 123456789012" is an id
    return [("bank-account", match.start("value"), match.end("value"))]


def _iban(match: re.Match[str]) -> list[SecretSpan]:
    compact = match["value"].replace(" ", "")
    # The IBAN check: the country and check digits moved to the end, read as one number.
    rearranged = compact[4:] + compact[:4]
    number = "".join(str(int(char, 36)) for char in rearranged)
    if not 15 <= len(compact) <= 34 or int(number) % 97 != 1:
        return []
    return [("bank-account", match.start("value"), match.end("value"))]


# A note's Wi-Fi line: "- Wi-Fi (acme-Staff): PepperCopper9969", "WLAN: Kx7!pq2m".
_WIFI_LINE = (
    r"(?:Wi-Fi|Wi-fi|wi-fi|WI-FI|WiFi|Wifi|wifi|WIFI|WLAN|Wlan|wlan)"
    r"(?:[ \t]*+\([^()\r\n]{1,40}+\))?[ \t]*+:[ \t]*+(?P<value>[^\s'\"`]{6,64}+)[ \t]*+(?![^\r\n])"
)
# A line about the network rather than its password: a standard, a band, a speed, an address.
_WIFI_NOT_A_PASSWORD = re.compile(
    r"(?i:wpa|wep|802\.11|ghz|mhz|mbps|gbps|dbm|://|^[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}$"
    r"|^\d++(?:\.\d++)++$)"
)


def _wifi_line(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"].rstrip(".,;")
    has_letter = any(c.isalpha() for c in value)
    has_other = any(c.isdigit() or not c.isalnum() for c in value)
    if not (has_letter and has_other) or _WIFI_NOT_A_PASSWORD.search(value):
        return []  # "Wi-Fi: connected", "Wi-Fi: 5GHz"
    if not word_is_secret(value) or only_markers(value):
        return []
    return [("password", match.start("value"), match.start("value") + len(value))]


# "log into the router for me, it's admin / PW": a login given as user and password.
_USER_SLASH_PASSWORD = (
    r"\b(?i:it's|its|it is|use|with|creds?|login)[ \t:]++[\w.@+-]{2,40}+[ \t]*+/[ \t]*+"
    r"(?P<value>[^\s/'\"`]{6,200}+)"
)
_LOGIN_WORDS = re.compile(r"(?i:log[ \t]?(?:in|on)|sign[ \t]?in|admin|router|account|creds?|user)")


def _user_slash_password(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"].rstrip(".,;:!?)")
    before = context_before(match, 120)
    if not _LOGIN_WORDS.search(before + match.group(0)) or not word_is_secret(value):
        return []
    if only_markers(value):
        return []
    return [("password", match.start("value"), match.start("value") + len(value))]


RULES: tuple[Rule, ...] = (
    Rule(_CARD_GROUPED, _card, (" ", "-")),
    Rule(_CARD_WHOLE, _card, ("card", "visa", "mastercard", "amex", "credit", "debit", "payment")),
    Rule(_CARD_CODE, value_span("card-code"), ("cvv", "cvc", "csc", "security code", "card code")),
    Rule(_SSN, _ssn, ("-",)),
    Rule(
        _CODE_FIRST,
        value_span("one-time-code"),
        (" is the ", " was the ", " is my ", " is your "),
    ),
    Rule(_APP_PASSWORD, value_span("app-password"), ("app password",)),
    Rule(_TOTP_GROUPS, _totp_groups, ("key", "secret", "seed", "totp", "2fa", "mfa", "otp")),
    Rule(_CODE, _code, ("code", "otp", "keypad", "lockbox")),
    Rule(
        _RECOVERY_PHRASE,
        value_span("recovery-phrase"),
        ("recovery", "seed", "secret", "backup", "mnemonic"),
    ),
    Rule(_BACKUP_CODES, _backup_codes, ("codes",)),
    Rule(
        _WORD_PASSPHRASE,
        _word_passphrase,
        ("passphrase", "pass phrase", "wifi", "wi-fi", "wpa", "network key"),
    ),
    Rule(_MNEMONIC_LINE, _mnemonic_line, _WALLET_NEEDLES),
    Rule(_MNEMONIC_AFTER_COLON, _mnemonic_after_colon, _WALLET_NEEDLES),
    Rule(_BANK_ACCOUNT, _bank_account, ("account", "acct", "a/c")),
    Rule(_WIFI_LINE, _wifi_line, ("wi-fi", "wifi", "wlan")),
    Rule(_IBAN, _iban, ("iban", "bank", "wire", "transfer", "account", "payment")),
    Rule(
        _USER_SLASH_PASSWORD,
        _user_slash_password,
        ("log in", "login", "log into", "sign in", "signin", "router", "admin", "cred"),
    ),
)
