"""Personal secrets said in a chat in the world's main languages: a PIN or a door code, a
passphrase of plain words, the answer to a security question, a list of backup codes.

Each is found by the words that name it in that language (with their usual inflections:
"kódja", "Koden", "parolam", "PIN-код"), then by the value's shape a few words later: digits
for a PIN, words joined by "-" or "." for a passphrase, a capitalised name for an answer, a
column of codes for backup codes. The vocabulary is kept by meaning, not by sample, so that a
language not yet seen in a test is likely caught by its word for the thing. Same contract as
:mod:`packlight.secret_rules`.

Every pattern starts with a flat alternation of words, case spelt out (:func:`_any_case`):
the search then skips to the letters they start with, where a group or an ignored case makes
it try every alternative at every position of a long tool output.
"""

# ruff: noqa: RUF001 - letters and marks of other scripts are what this module matches

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from packlight.lazy_patterns import lazy_compile
from packlight.secret_rules import (
    MARKER_PATTERN,
    Rule,
    SecretSpan,
    looks_like_placeholder,
    only_markers,
)

# --- words -----------------------------------------------------------------------------------


_Entry = tuple[str, str]
"""A word as written, and the pattern after it."""


def _any_case(*stems: str, then: str = "") -> list[_Entry]:
    """Each stem as written, capitalised, in title case and in capitals, ``then`` after it."""
    forms = (
        form
        for stem in stems
        for form in (stem, stem[:1].upper() + stem[1:], stem.title(), stem.upper())
    )
    return [(form, then) for form in dict.fromkeys(forms)]


def _uncased(*words: str, then: str = "") -> list[_Entry]:
    """Words of scripts without capitals, with their blanks and without ("인증 번호")."""
    forms = (form for word in words for form in (word, word.replace(" ", "")))
    return [(form, then) for form in dict.fromkeys(forms)]


def _alternation(*groups: list[_Entry], word_start: bool = False) -> str:
    """The words as a trie: at each position the search follows the one branch its letter
    opens, where a flat list of hundreds of words would try them all. With ``word_start``, a
    word of a script with capitals must not begin inside another word."""
    trie: dict[str, Any] = {}
    for group in groups:
        for word, then in group:
            node = trie
            for char in word:
                node = node.setdefault(char, {})
            node.setdefault("", set()).add(then)
    return _trie_pattern(trie, word_start=word_start)


def _trie_pattern(node: dict[str, Any], *, word_start: bool = False) -> str:
    branches = [
        re.escape(char)
        + (_WORD_START if word_start and _cased(char) else "")
        + _trie_pattern(child)
        for char, child in sorted(node.items())
        if char
    ]
    branches.extend(f"(?:{then})" if "|" in then else then for then in sorted(node.get("", ())))
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


def _starts_a_word(match: re.Match[str]) -> bool:
    """Whether the match does not begin inside a word of a script with capitals ("SPIN",
    "barcode", "_sparse_coding"); Hebrew or Arabic join "the" to a noun (הקוד), Thai and
    Chinese every word."""
    at = match.start()
    first = match.string[at : at + 1]
    if at == 0 or first.lower() == first.upper():
        return True
    before = match.string[at - 1]
    return not (before == "_" or (before.isalpha() and before.lower() != before.upper()))


# Right after a word's first letter: the character before that letter is no letter and no
# "_" ("barcode", "_sparse_coding" hold no code's name). Checked after the letter, not before
# it, so that the search still skips to the first letters fast.
_WORD_START = r"(?<![^\W\d].)"


def _cased(char: str) -> bool:
    return char.lower() != char.upper()


# An inflection after a stem ("kódja", "Koden", "parolam", "пароля"), and its end.
_INFLECTED = r"[^\W\d_]{0,4}+(?![^\W\d_])"

# A PIN by name: a value may follow a few words later ("PIN m-banking aku 8947", "ПІН-код від
# моєї картки 7621"). Latin "PIN" only in capitals: "pin the version" is a verb.
_PIN_WORDS = [
    ("PIN", r"[^\W\d_]{0,3}+"),
    *_any_case(
        *("pincode", "pinkod", "pinkoodi", "tunnusluku", "geheimzahl", "geheimnummer"),
        *("geheimcode", "code secret", "code confidentiel", "número secreto", "numero secreto"),
        *("código secreto", "codice segreto", "mã bí mật", "mã số bí mật", "nambari ya siri"),
        *("namba ya siri", "пин", "пін"),
        then=_INFLECTED,
    ),
    *_uncased("पिन", "পিন", "暗証番号", "验证码", "驗證碼", "인증 번호", "핀 번호", "קוד סודי"),
    *_uncased("الرقم السري", "الرمز السري"),
]
# The word for "password" (a number, or words, after it may be one).
_PASSWORD_WORDS = [
    *_any_case(
        *("password", "passcode", "passwort", "kennwort", "passord", "lösenord", "losenord"),
        *("adgangskode", "wachtwoord", "salasana", "jelsz", "heslo", "geslo", "lozinka"),
        *("parola", "parolă", "parool", "slaptažod", "contraseña", "contrasena", "senha"),
        *("mot de passe", "palavra-passe", "hasło", "haslo", "пароль", "mật khẩu"),
        *("kata sandi", "sandi", "nenosiri", "neno la siri", "şifre", "sifre", "clave"),
        "лозинк",
        then=_INFLECTED,
    ),
    *_uncased("סיסמ", "كلمة المرور", "كلمة السر", "पासवर्ड", "পাসওয়ার্ড", "پاس ورڈ", "رمز عبور"),
    *_uncased("密码", "密碼", "口令", "パスワード", "비밀 번호", "비번", "รหัสผ่าน"),
]
# The word for "code": a number after it is a secret only when it is said to be one ("Koden
# till larmet är 7000", "Kód k trezoru: 2616"), as "error code 4040" is not.
_CODE_WORDS = [
    *_any_case(
        *("kod", "kód", "kode", "koodi", "code", "código", "codigo", "codice", "mã", "codul"),
        *("msimbo", "κωδικ", "код"),
        then=_INFLECTED,
    ),
    *_uncased("קוד", "كود", "رمز", "कोड", "কোড", "コード", "코드", "รหัส", "暗号"),
]
# What says a value is one: a colon, or "is" in the language ("är", "je", "là", "הוא"...);
# "now" may follow ("the alarm code is now 5051"). Scripts without spaces join them. Not
# Polish "to": "set the coding param to 1000" is English.
_SIGN = (
    r"(?:[ \t]*+[:=：][ \t]*+|[ \t]++[—–][ \t]++|[ \t]++(?i:is|was|ist|lautet|war|est|es|era|é|è"
    r"|är|var|er|on|oli|je|jest|byl|volt|van|este|là|adalah|ialah|ni|ay|είναι|ήταν|הוא|היא"
    r"|هو|هي|है|hai|şu|şöyle)(?:[ \t]++(?i:now|still|jetzt|maintenant|ahora|agora|ora|nu|nå|nyt"
    r"|teraz|nyní|most|acum|sekarang|şimdi|теперь|тепер|bây[ \t]giờ|sasa))?[ \t]*+[:：]?[ \t]*+"
    r"|[ \t]*+(?:は|是|为|為|는|은|คือ)[ \t]*+)"
)
# A number that is not a secret even so: a status, an error, a postcode, a version.
_NOT_A_SECRET_CODE = lazy_compile(
    r"(?i:exit|status|error|errno|return|http|response|zip|post|area|country|line|row|promo"
    r"|discount|coupon|tracking|order|invoice|product|sku|ticket|erreur|fehler|fout|błąd|chyba"
    r"|błęd|hiba|hata|ошибк|помилк|errore|erro|virhe|eroare|σφάλμα|שגיאה|خطأ|エラー|错误|錯誤|오류"
    r"|lỗi|kesalahan|poczt|postal|país|länder|versi|version|page|point|source|estado|état|stato"
    r"|źródł|nguồn|fuente|fonte|sorgente|исходн|вихідн|kaynak|sumber|源)"
)
# "the 6-digit code from your app: 820210": a prompt that says what shape a code has, and the
# one-time code typed into it.
_CODE_SHAPE = lazy_compile(
    r"\d[ \t-]?(?i:digits?|stellig|chiffres|cifr|dígitos|cijfer|siffr|цифр|haneli|angka|chữ số)"
)
_YEAR = lazy_compile(r"(?:19|20)\d\d")
_PIN_WORD = lazy_compile(_alternation(_PIN_WORDS))
_PASSWORD_WORD = lazy_compile(_alternation(_PASSWORD_WORDS))

_PIN_AFTER = (
    # The first digits after the word are the value: looked for at once, before the words
    # between are tried one length at a time.
    r"(?=[^\r\n\d]{0,70}+\d{4})"
    r"(?P<between>[^\r\n\d.!?;。！？]{0,60}?)(?P<sign>"
    + _SIGN
    + r")?(?<![\dA-Za-z.,/-])(?P<value>\d{4,8}+)(?![\dA-Za-z]|[.,:/-]\d)"
    # "1500 lines" in a few languages: a count
    r"(?![ \t]*+(?i:lines?|rows?|bytes?|chars?|characters?|words?|tokens?|ms|times?|files?|kb|mb"
    r"|linii|linhas|líneas|lignes|zeilen|regels|rader|linjer|строк|рядк|satır|baris|dòng|行))"
)


def _pin(match: re.Match[str]) -> list[SecretSpan]:
    if not _starts_a_word(match):
        return []
    between, before = match["between"], _before(match, 24)
    if _NOT_A_SECRET_CODE.search(between) or _NOT_A_SECRET_CODE.search(before):
        return []  # "error code: 4040", "kod pocztowy: 00950"
    if _CODE_SHAPE.search(before):
        return []
    named_pin = _PIN_WORD.match(match.group(0)) is not None or _PIN_WORD.search(between)
    if not named_pin and _in_code(match):
        return []  # close(code=1000), {"code": 1006}: a key or an argument in code
    # "şifresi 4821", "password 4821": a password's word and, right after it, the number.
    next_to_password = not between.strip() and _PASSWORD_WORD.match(match.group(0)) is not None
    if not (named_pin or next_to_password) and match["sign"] is None:
        return []  # "the code on line 1234": a code is a secret only when said to be one
    if match["sign"] is None and between.strip() and _YEAR.fullmatch(match["value"]):
        return []  # "PIN expires in 2027"
    return [("pin", match.start("value"), match.end("value"))]


def _in_code(match: re.Match[str]) -> bool:
    """Whether the word is a name in code: assigned with "=", quoted or reached through "."."""
    before = _before(match, 1)
    quoted = before in {"'", '"', "`", ".", "[", "$"} or match["between"][:1] in {"'", '"', "`"}
    return quoted or "=" in (match["sign"] or "")


def _before(match: re.Match[str], chars: int) -> str:
    start = max(0, match.start() - chars)
    return match.string[start : match.start()]


# --- passphrases -------------------------------------------------------------------------------

_PASSPHRASE_WORDS = [
    *_any_case(
        *("passphrase", "pass phrase", "pass-phrase", "passfras", "wachtzin", "lösenfras"),
        *("losenfras", "løsenfrase", "adgangssætning", "salauslause", "salasanalause"),
        *("jelmondat", "kaulisiri", "frase de contraseña", "frase secreta", "frase-senha"),
        *("phrase secrète", "phrase de passe", "frază de acces", "heslová fráze", "fraza"),
        *("φράση πρόσβασης", "συνθηματικό", "κωδικ", "парольн", "кодов", "frasa sandi"),
        *("cụm mật khẩu", "wallet words"),
        then=_INFLECTED,
    ),
    *_uncased("पासफ़्रेज़", "पासफ्रेज", "পাসফ্রেজ", "วลีรหัสผ่าน", "パスフレーズ", "密码短语"),
    *_uncased("암호 문구", "ביטוי סיסמה", "عبارة المرور"),
]
# Words joined by "-" or "." (any sign before them), or by blanks after a colon or an "is".
# Words joined by "-" or "." (any sign before them), or by blanks when something says they are
# the value: a colon or an "is" before them, or an "is" after them ("... hai" in Hindi).
_PASSPHRASE_AFTER = (
    r"(?P<between>[^\r\n]{0,60}?)(?P<sign>"
    + _SIGN
    + r")?(?<![\w.-])(?P<value>(?P<joined>[A-Za-z][a-z]{2,9}+(?P<sep>[-.])[A-Za-z][a-z]{2,9}+"
    r"(?:(?P=sep)[A-Za-z][a-z]{2,9}+){2,8}+)(?![\w-]|\.\w)"
    r"|[a-z]{3,10}+(?:[ ](?!hai\b)[a-z]{3,10}+){3,8}+(?![ \t]*+(?!hai\b)[a-z])"
    r"(?(sign)|(?=[ \t]++(?:hai|hain|है|हैं)(?![^\W\d_]))))"
)
# Words of prose in the languages written in Latin letters: a sentence, not a passphrase.
_PROSE = frozenset(
    re.findall(
        r"\w+",
        "the and for must should will can cannot not with your you that this from have has are was "
        "were been into than then when where which while least more most less characters long "
        "length contain include required optional change changed reset enter type use used using "
        "set und der die das ist nicht mit für les des est pas une pour que los las una para por "
        "con não com uma het een niet voor van och att inte för med ikke og til eller ich sie wir "
        "nie jest się czy ale bir için yang dan ini itu untuk dengan sana kwa hii cho của và không "
        "ang mga ako",
    )
)


def _passphrase(match: re.Match[str]) -> list[SecretSpan]:
    if not _starts_a_word(match):
        return []
    value = match["value"]
    words = re.findall(r"[A-Za-z]+", value.lower())
    if any(word in _PROSE for word in words) or looks_like_placeholder(value):
        return []
    dotted = match["joined"] is not None and match["sep"] == "."
    if dotted and match["sign"] is None and match["between"] != " ":
        return []  # "password.reset.token.expiry": a dotted name, unless said to be the value
    return [("passphrase", match.start("value"), match.end("value"))]


# --- answers to security questions ------------------------------------------------------------

_SECURITY_WORDS = [
    *_any_case(
        *("security question", "security answer", "secret question", "secret answer"),
        *("memorable word", "memorable answer", "maiden name", "pytanie bezpieczeństwa"),
        *("pytania bezpieczeństwa", "pytanie pomocnicze", "pytanie zabezpieczające"),
        *("nazwisko panieńskie", "sicherheitsfrage", "sicherheitsantwort", "geheimfrage"),
        *("mädchenname", "question secrète", "question de sécurité", "réponse secrète"),
        *("nom de jeune fille", "pregunta de seguridad", "pregunta secreta"),
        *("respuesta secreta", "apellido de soltera", "pergunta de segurança"),
        *("pergunta secreta", "resposta secreta", "nome de solteira", "domanda di sicurezza"),
        *("domanda segreta", "risposta segreta", "cognome da nubile", "beveiligingsvra"),
        *("geheime vraag", "meisjesnaam", "säkerhetsfråg", "hemlig fråga", "flicknamn"),
        *("sikkerhetsspørsmål", "sikkerhedsspørgsmål", "pikenavn", "pigenavn", "turvakysym"),
        *("tyttönimi", "bezpečnostní otázk", "kontrolní otázk", "rodné příjmení"),
        *("biztonsági kérdés", "leánykori név", "întrebarea de securitate", "întrebare secretă"),
        *("răspunsul secret", "răspuns secret", "numele de fată", "güvenlik soru"),
        *("gizli soru", "kızlık soyad", "pertanyaan keamanan", "soalan keselamatan"),
        *("nama gadis ibu", "câu hỏi bảo mật", "tên thời con gái", "swali la usalama"),
        *("tanong panseguridad", "apelyido ng nanay", "apelyido ng ina", "секретный вопрос"),
        *("контрольный вопрос", "секретне питання", "контрольне питання", "девичья фамилия"),
        *("дівоче прізвище", "ερώτηση ασφαλείας", "μυστική ερώτηση", "πατρικό επώνυμο"),
        then=r"[^\W\d_]{0,4}+",
    ),
    *_uncased("שאלת אבטחה", "שאלה סודית", "שם נעורים", "سؤال الأمان", "سؤال الامان"),
    *_uncased("السؤال السري", "قبل الزواج", "سوال امنیتی", "حفاظتی سوال", "सुरक्षा प्रश्न"),
    *_uncased("सुरक्षा सवाल", "নিরাপত্তা প্রশ্ন", "คำถามความปลอดภัย", "คำถามกู้บัญชี"),
    *_uncased("ชื่อสกุลเดิม", "นามสกุลเดิม", "安全问题", "安全問題", "密保", "秘密の質問", "旧姓"),
    *_uncased("보안 질문", "비밀 질문"),
]
_SECURITY_REST = r"(?P<rest>[^\r\n]{1,300}+)"
# What says the answer follows (a colon, a dash, an "is"; no blank taken, as the next one
# may start right after), then (looked at, not taken) the answer itself.
_ANSWER = lazy_compile(
    r"(?:[:=：—–]|(?<![^\W\d_])(?i:is|was|ist|lautet|est|es|era|é|è|är|er|on|je|jest|to|e|este"
    r"|là|adalah|ialah|ni|ay|είναι|הוא|היא|هو|هي|है|hai|şu)(?![^\W\d_])|は|是|为|為|는|은|คือ)"
    r"(?=[ \t]*+(?P<quote>[„“\"«'‘「]?)(?P<value>[^\W\d_]{2,}+(?:[-'’ ][^\W\d_]{2,}+){0,3}+))"
)


# The word for "answer": where there is one, the answer is after it, not in the question
# before it ("Sicherheitsfrage: Name des ersten Haustiers — Antwort: Bello").
_ANSWER_WORD = lazy_compile(
    r"(?i:answer|antwort|réponse|respuesta|resposta|risposta|antwoord|svar|vastaus|válasz"
    r"|odpowied[źz]|odpověď|răspuns|cevab|cevap|yanıt|jawab|jibu|sagot|câu trả lời|απάντηση"
    r"|ответ|відповід)|תשובה|جواب|الجواب|إجابة|คำตอบ|答案|答え|回答|답|उत्तर|जवाब|উত্তর"
)
# A settings page's word where an answer would be: "Security questions: Enabled".
_SETTING_WORDS = frozenset(
    re.findall(
        r"\w+",
        "Enabled Disabled On Off Yes No None Not Set Required Optional Configured True False "
        "Active Inactive Unknown Missing Pending Verified",
    )
)


def _security_answer(match: re.Match[str]) -> list[SecretSpan]:
    if not _starts_a_word(match):
        return []
    rest, offset = match["rest"], match.start("rest")
    named = list(_ANSWER_WORD.finditer(rest))
    after = named[-1].end() if named else 0
    for answer in _ANSWER.finditer(rest, after):
        value = _capitalised_name(answer["value"], quoted=bool(answer["quote"]))
        if value is None or value.split(" ")[0] in _SETTING_WORDS:
            continue
        if "?" in rest[answer.end("value") : answer.end("value") + 80]:
            continue  # the question itself ("Security question: What was ...?")
        if only_markers(value) or looks_like_placeholder(value):
            return []
        start = offset + answer.start("value")
        return [("security-answer", start, start + len(value))]
    return []


def _capitalised_name(text: str, *, quoted: bool) -> str | None:
    """The name at the start of ``text``: its first word capitalised (or quoted), then the
    words joined to it by "-" or "'" and those after a blank that are capitalised too."""
    words = text.split(" ")
    if not (words[0][:1].isupper() or quoted):
        return None
    kept = [words[0]]
    for word in words[1:]:
        if not word[:1].isupper():
            break
        kept.append(word)
    return " ".join(kept)


# --- backup and recovery codes ----------------------------------------------------------------

# The name of a list of codes: "backup codes", "Back-upcodes", "herstelcodes", "BACKUP-
# BESTÄTIGUNGSCODES", "kody zapasowe", "codes de secours", "백업 코드", "recovery-codes.txt".
_BACKUP_STEMS = (
    *("backup", "back-up", "recovery", "emergency", "rescue", "scratch"),
    *("wiederherstellungs", "bestätigungs", "herstel", "återställnings"),
    *("gjenopprettings", "gendannelses", "vara", "palautus", "varmuus", "tartalék"),
    *("biztonsági", "zapasow", "odzyskiwania", "záložní", "obnovovací", "резервн"),
    *("восстановлени", "відновлення", "yedek", "kurtarma", "cadangan", "pemulihan"),
    *("dự phòng", "khôi phục", "akiba", "secours", "récupération", "respaldo"),
    *("recuperación", "recuperação", "recupero", "rezervă", "recuperare", "εφεδρικ"),
    *("ανάκτησης", "2fa", "mfa"),
)
_CODES_STEMS = ("code", "kod", "kód", "koodi", "код", "código", "codici", "coduri", "κωδικ")
_CODES_AFTER = r"[ \t_-]*+" + _alternation(_any_case(*_CODES_STEMS, "mã", "misimbo"))
_BACKUP_AFTER = r"[ \t]++(?:de[ \t]++|di[ \t]++|do[ \t]++)?" + _alternation(
    _any_case(*_BACKUP_STEMS)
)
_BACKUP_FIRST = _any_case(*_BACKUP_STEMS, then=r"[^\W\d_]{0,3}?")
_CODES_FIRST = _any_case(*_CODES_STEMS, "mã", "misimbo", then=_INFLECTED)
_BACKUP_WHOLE = [
    # "reserv" alone is in every text that says "reserved"
    *_any_case("reservekoder", "reservkoder", "reserve codes", then=_INFLECTED),
    *_uncased(
        "백업 코드", "복구 코드", "バックアップ コード", "リカバリー コード", "リカバリ コード"
    ),
    *_uncased("备用码", "恢复码", "備用碼", "復原碼", "बैकअप कोड", "रिकवरी कोड", "রিকভারি কোড"),
    *_uncased("ব্যাকআপ কোড", "رموز الاحتياط", "رموز الاسترداد", "رموز النسخ الاحتياطي"),
    *_uncased("קודי גיבוי", "קודי שחזור", "รหัสสำรอง", "รหัสกู้คืน", "کدهای پشتیبان"),
]
# The lines after the name, where the codes are (a match must hold what it redacts).
_BACKUP_AFTER_LINES = r"[^\r\n]*+(?P<lines>(?:\n[^\n]*+){1,40})"
_CODE_TOKEN = r"[A-Za-z0-9]{3,8}(?:-[A-Za-z0-9]{3,8}){0,3}"
# A line of one or more codes, perhaps numbered or bulleted.
_BULLET = lazy_compile(r"^[ \t]*+(?:[-*•]|\d{1,2}[.)])?[ \t]*+")
_CODE_LINE = lazy_compile(
    r"[ \t]*+(?:[-*•]|\d{1,2}[.)])?[ \t]*+(?P<codes>"
    + _CODE_TOKEN
    + r"(?:[ \t,;|]++"
    + _CODE_TOKEN
    + r")*+)[ \t,;]*+"
)
_HEADER_LINES = 2  # a line or two (an account's address) between the name and the codes
_MIN_CODES = 3


def _backup_codes(match: re.Match[str]) -> list[SecretSpan]:
    if not _starts_a_word(match):
        return []
    text, limit = match.string, match.end("lines")
    spans: list[SecretSpan] = []
    listed = skipped = 0
    position = match.start("lines") + 1
    while position < limit:
        end = text.find("\n", position, limit)
        end = limit if end == -1 else end
        line = _CODE_LINE.fullmatch(text, position, end)
        content = _BULLET.sub("", text[position:end], count=1)
        if content.strip() and only_markers(content):
            # Codes another rule took already: the list goes on.
            listed += len(MARKER_PATTERN.findall(text, position, end))
        elif line is not None and _codes_shaped(line["codes"]):
            spans.append(("backup-code", line.start("codes"), line.end("codes")))
            listed += len(re.split(r"[ \t,;|]++", line["codes"]))
        elif listed or skipped >= _HEADER_LINES:
            break
        else:
            skipped += 1
        position = end + 1
    return spans if listed >= _MIN_CODES else []


def _codes_shaped(codes: str) -> bool:
    """Each code has a digit, or equal groups joined by "-" ("qoxs-vmrk"); words do not."""
    for code in re.split(r"[ \t,;|]++", codes):
        groups = code.split("-")
        if any(c.isdigit() for c in code):
            continue
        if len(groups) < 2 or len({len(group) for group in groups}) != 1:
            return False
    return True


# Words in so many texts (most of them code) that each gets a rule of its own: a pattern that
# starts with one word is searched for fast, and the rare words' rule runs on few texts.
_COMMON_WORDS = frozenset({"pin", "code", "password", "passcode", "passphrase", "security"})


def _rules(
    entries: list[_Entry], after: str, find: Callable[[re.Match[str]], list[SecretSpan]]
) -> tuple[Rule, ...]:
    """Rules for ``entries`` followed by ``after``: one for each common word they start
    with, one for the rest; every match holds its entry's word, which is the rule's needle."""
    buckets: dict[str, list[_Entry]] = {}
    for word, then in entries:
        first = word.lower().split(" ")[0]
        buckets.setdefault(first if first in _COMMON_WORDS else "", []).append((word, then))
    return tuple(
        Rule(_pattern_source(bucket, after), find, _needles(bucket))
        for _, bucket in sorted(buckets.items())
    )


def _pattern_source(entries: list[_Entry], after: str) -> Callable[[], str]:
    """The pattern of a rule, built when it is first compiled: the tries of every language's
    words took a third of the time of importing :mod:`packlight.redact`."""
    return lambda: _alternation(entries, word_start=True) + after


def _needles(entries: list[_Entry]) -> tuple[str, ...]:
    """The fewest needles that still hold for every match: each entry in lower case, less those
    that hold a shorter one ("kodu" goes where "kod" is). Every needle costs a look-up in every
    text redacted; a phrase stays whole, as its words alone ("passe" of "mot de passe") are in
    many texts."""
    words = {word.lower() for word, _ in entries}
    return tuple(
        sorted(word for word in words if not any(other in word for other in words - {word}))
    )


RULES: tuple[Rule, ...] = (
    *_rules(_BACKUP_FIRST, _CODES_AFTER + _INFLECTED + _BACKUP_AFTER_LINES, _backup_codes),
    *_rules(_CODES_FIRST, _BACKUP_AFTER + _BACKUP_AFTER_LINES, _backup_codes),
    *_rules(_BACKUP_WHOLE, _BACKUP_AFTER_LINES, _backup_codes),
    *_rules(_SECURITY_WORDS, _SECURITY_REST, _security_answer),
    *_rules([*_PASSPHRASE_WORDS, *_PASSWORD_WORDS], _PASSPHRASE_AFTER, _passphrase),
    *_rules([*_PIN_WORDS, *_PASSWORD_WORDS, *_CODE_WORDS], _PIN_AFTER, _pin),
)
