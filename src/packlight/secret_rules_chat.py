"""Secrets a person writes in a chat, in any language and any spelling.

A password named in Turkish, Swedish or Polish ("root şifresi X", "lösenordet är X"), or in
a compound word ("WLAN-Passwort ... ist X"); a PIN or PUK; a password read out one character at
a time ("4 g Q q s 8 ..."); credentials pasted in base64; the answers to security questions;
a recovery key in groups ("ZANW-PF7M-..."); a wallet's private key a few words after its name.
Same contract as :mod:`packlight.secret_rules`.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable

from packlight.secret_rules import (
    Rule,
    SecretSpan,
    context_before,
    looks_like_placeholder,
    looks_random,
    only_markers,
    word_is_secret,
)

# The word for "password" in the languages a user may write in; a compound may come before it
# ("WLAN-Passwort", "root-parola").
_PASSWORD_WORDS = (
    r"passwort|kennwort|passord(?:et)?|lösenord(?:et)?|losenord|adgangskode(?:n)?"
    r"|wachtwoord|salasana|jelszó|jelszava|heslo|geslo|lozinka|parolă|parolası|parolasi"  # noqa: RUF001
    r"|şifre(?:si|m|niz)?|sifre(?:si)?|contraseña|contrasena|senha|mot[ \t]de[ \t]passe"
    r"|palavra-passe|hasło|haslo|пароль|пароля|κωδικός|סיסמה|كلمة[ \t]المرور|mật[ \t]khẩu"
    r"|kata[ \t]sandi|รหัสผ่าน|पासवर्ड|密码|密碼|口令|パスワード|비밀번호|비번"
)
_SAID_ANY_LANGUAGE = r"(?i:" + _PASSWORD_WORDS + r")(?P<rest>[^\r\n]{1,80}+)"
# Up to four short words between the name and the value ("für die Ferienwohnung ist").
_MAX_WORDS_BETWEEN = 5


def _said_any_language(match: re.Match[str]) -> list[SecretSpan]:
    rest = match["rest"]
    offset = match.start("rest")
    for index, word in enumerate(re.finditer(r"\[secret: [^\]]*+\]|[^\s'\"`,]++", rest)):
        if index > _MAX_WORDS_BETWEEN:
            break
        value = word.group(0).rstrip(".;:!?)")
        if value.startswith("[secret: "):
            continue  # redacted already
        if value.startswith(("-", "$", "/", "<", "{", "[", "%", "http")) or "=" in value:
            if index == 0:
                return []  # "password=..." and "--password" are the other rules' forms
            continue
        if _password_shaped(value) and word_is_secret(value):
            if only_markers(value) or looks_like_placeholder(value) or "@" in value[:1]:
                return []
            if re.fullmatch(r"[\w.-]+\.(?:py|js|ts|txt|md|json|yml|yaml|sh|cfg|conf|ini)", value):
                return []  # a file name
            start = offset + word.start()
            return [("password", start, start + len(value))]
    return []


def _password_shaped(value: str) -> bool:
    """Letters with digits, or with a symbol other than those joining words ("Online-Banking"
    is a name; "Kolibri!72037$" and "Panettone-11642*" are passwords)."""
    if len(value) < 6 or not any(c.isalpha() for c in value):
        return False
    digits = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() and c not in "-_." for c in value)
    return digits or symbol


# A PIN or PUK: "ist die PUK 46127196", "PIN: 4821"
_PIN = (
    r"(?:P(?<![\w-]P)(?:UK2?|IN2?|uk|in|IN-Code|IN[ \t]code)|S(?<![\w-]S)IM-PIN)(?![\w-])"
    r"(?:[ \t]++(?i:is|ist|es|est|är|er|on|je|jest|é|lautet|was|code|number|nummer))*+"
    r"[ \t]*+[:=]?[ \t]*+(?P<value>\d{4,8}+)(?![\d.,]\d)"
)
# A password read out one character at a time: "is: 4 g Q q s 8 Z b 8 J Q L"
_SPELLED = (
    r"(?:[Pp]ass(?:word|phrase|code|wort)|PASS(?:WORD|PHRASE|CODE)|[Cc]ontraseña"
    r"|[Mm]ot[ \t]de[ \t]passe)\b"
    r"[^\r\n]{0,30}?(?:\bis|:|=)[ \t]*+(?P<value>\S(?!\S)(?:[ \t]\S(?!\S)){5,63}+)"
)
# Credentials pasted in base64 ("user:password" encoded), near words that say so.
_BASE64_TOKEN = r"(?<![A-Za-z0-9+/=_-])(?P<value>[A-Za-z0-9+/]{16,400}+={0,2})(?![A-Za-z0-9+/=_-])"


def _base64_credentials(match: re.Match[str]) -> list[SecretSpan]:
    value = match["value"]
    if len(value) % 4:
        return []
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return []
    if not decoded.isprintable() or len(decoded) < 6:
        return []
    user, colon, password = decoded.partition(":")
    if colon and re.fullmatch(r"[\w.@+-]{1,64}", user) and word_is_secret(password):
        return [("basic-auth", match.start("value"), match.end("value"))]
    context = context_before(match, 120)
    named = re.search(r"(?i:pass|secret|token|key|cred)", context) is not None
    digits = any(c.isdigit() for c in decoded)
    if named and digits and " " not in decoded and word_is_secret(decoded):
        return [("password", match.start("value"), match.end("value"))]
    return []


# The answers to security questions: every quoted value on the line that names them.
_SECURITY_ANSWERS = (
    # Case spelt out rather than ignored: the search then skips to the first letters fast.
    r"(?:[Ss]ecurity[ \t]++(?:[Qq]uestions?|[Aa]nswers?)|SECURITY[ \t]++(?:QUESTIONS?|ANSWERS?)"
    r"|[Ss]ecret[ \t]++(?:[Qq]uestions?|[Aa]nswers?)|[Mm]emorable[ \t]++(?:word|information|answer)"
    r"|[Mm]other'?s[ \t]++maiden[ \t]++name|[Ss]icherheitsfragen?"
    r"|[Pp]reguntas?[ \t]++de[ \t]++seguridad|[Qq]uestions?[ \t]++de[ \t]++sécurité)"
    r"(?P<rest>[^\r\n]{1,600}+)"
)
_ANSWER = re.compile(r"(?:[:=]|\bis)[ \t]*+(?P<q>[\"'“])(?P<value>[^\"'”\r\n]{2,120}+)[\"'”]")


def _security_answers(match: re.Match[str]) -> list[SecretSpan]:
    offset = match.start("rest")
    return [
        ("security-answer", offset + answer.start("value"), offset + answer.end("value"))
        for answer in _ANSWER.finditer(match["rest"])
        if not looks_like_placeholder(answer["value"]) and not only_markers(answer["value"])
    ]


# A recovery, product or license key in groups: "recovery key ZANW-PF7M-9N65-I09B-..."
_GROUPED_KEY = (
    # From "key" (a literal the search finds fast); _grouped_key reads the word before it.
    r"(?:ey(?<=[Kk]ey)|EY(?<=KEY))\b"
    r"[^\r\n]{0,40}?(?P<value>(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,9}+)(?![\w-])"
)
# A wallet's private key a few words after its name: "export private key I get 0x<64 hex>"
_HEX_PRIVATE_KEY = (
    r"(?:[Pp]rivate[ \t]++[Kk]ey|PRIVATE[ \t]++KEY|[Pp]rivkey|[Ss]ecret[ \t]++[Kk]ey"
    r"|[Ss]igning[ \t]++[Kk]ey|[Cc]lave[ \t]++privada|[Pp]rivater[ \t]++[Ss]chlüssel"
    r"|[Cc]lé[ \t]++privée)"
    r"[^\r\n]{0,80}?(?<![\w])(?P<value>(?:0x)?[0-9a-fA-F]{64})(?![\w])"
)


_KEY_QUALIFIER = re.compile(
    r"(?i:recovery|backup|rescue|product|licen[cs]e|activation|unlock|serial)[ \t]++k$"
)


def _grouped_key(match: re.Match[str]) -> list[SecretSpan]:
    if _KEY_QUALIFIER.search(context_before(match, 30)) is None:
        return []
    return [("recovery-key", match.start("value"), match.end("value"))]


# An invitation link: whoever holds it joins ("https://app.acme.dev/join/vFfSodChqry...").
_INVITE_LINK = (
    r"/(?:join|invite|invites|invitation|invitations|accept-invite|accept_invite)/"
    r"(?P<value>[A-Za-z0-9_-]{16,128}+)(?![A-Za-z0-9_-])"
    r"|[?&](?:invite|invitation|invite_code|invite_token|invitation_token)="
    r"(?P<query>[A-Za-z0-9_-]{16,128}+)(?![A-Za-z0-9_-])"
)


def _invite_link(match: re.Match[str]) -> list[SecretSpan]:
    group = "value" if match["value"] is not None else "query"
    token = match[group]
    if not looks_random(token) or "://" not in context_before(match, 200):
        return []  # "/join/getting-started-with-teams": a page, not a token
    return [("invite-token", match.start(group), match.end(group))]


def _value(kind: str) -> Callable[[re.Match[str]], list[SecretSpan]]:
    def find(match: re.Match[str]) -> list[SecretSpan]:
        if only_markers(match["value"]):
            return []
        return [(kind, match.start("value"), match.end("value"))]

    return find


RULES: tuple[Rule, ...] = (
    Rule(
        _HEX_PRIVATE_KEY,
        _value("private-key"),
        ("priv", "secret key", "signing key", "clave", "schlüssel", "clé"),
    ),
    Rule(_GROUPED_KEY, _grouped_key, ("key",)),
    Rule(_INVITE_LINK, _invite_link, ("/join/", "/invite", "invite=", "invitation", "_invite/")),
    Rule(
        _SECURITY_ANSWERS,
        _security_answers,
        (
            "security",
            "secret q",
            "secret a",
            "memorable",
            "maiden",
            "sicherheitsfrage",
            "seguridad",
            "sécurité",
        ),
    ),
    Rule(
        _SPELLED,
        _value("password"),
        ("password", "passphrase", "passcode", "passwort", "contrase", "mot de passe"),
    ),
    Rule(_PIN, _value("pin"), ("pin", "puk")),
    Rule(
        _BASE64_TOKEN,
        _base64_credentials,
        ("base64", "decode", "passw", "cred", "login", "log in", "auth"),
    ),
    Rule(
        _SAID_ANY_LANGUAGE,
        _said_any_language,
        (
            *("passwort", "kennwort", "passord", "senord", "adgangskode", "wachtwoord", "salasana"),
            *("jelsz", "eslo", "lozinka", "parol", "ifre", "contrase", "senha", "mot de passe"),
            *("palavra-passe", "hasło", "haslo", "пароль", "пароля", "κωδικός", "סיסמה", "المرور"),
            *(
                "mật khẩu",
                "sandi",
                "รหัสผ่าน",
                "पासवर्ड",
                "密码",
                "密碼",
                "口令",
                "パスワード",
                "비밀번호",
            ),
            "비번",
        ),
    ),
)
