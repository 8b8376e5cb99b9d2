"""Personal secrets said in a chat in many languages (packlight.secret_rules_languages, and the
chat forms of secret_rules_personal and secret_rules_chat): a PIN or a door code, a passphrase,
the answer to a security question, a list of backup codes, a TOTP seed, wallet words, an
invitation link, a note's Wi-Fi line. Sentences are put together here from words and values
drawn at random; the fourth blind corpus (benchmarks/_secrets_corpus_heldout_d.py, read after
its first measurement) checks its own chat forms at the end."""

# ruff: noqa: RUF001 - the sentences are in other scripts on purpose

from __future__ import annotations

import random
import re
import string
import sys
from pathlib import Path

import pytest

from packlight.redact import redact
from tests.redaction import masked

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from _secrets_corpus_heldout_d import FORMS, generate


def _digits(rng: random.Random) -> str:
    # 4 to 8 digits that do not read as a year, each drawn at random
    while True:
        value = "".join(rng.choice(string.digits) for _ in range(rng.randint(4, 8)))
        if not (len(value) == 4 and value[:2] in {"19", "20"}):
            return value


# "{v}" is the PIN; each sentence names it in its own language, with or without "is".
_PIN_SENTENCES = (
    "Die PIN für meine Karte lautet {v}.",
    "Der Code für die Haustür ist {v}, bitte nicht weitergeben.",
    "mon code PIN : {v}",
    "Le code de l'alarme est {v} depuis lundi.",
    "El PIN de la tarjeta es {v}",
    "mi clave del banco es {v}",
    "A senha do cartão é {v}",
    "o código do portão: {v}",
    "Il PIN del bancomat è {v}",
    "il codice dell'allarme è {v}",
    "De pincode van mijn pas is {v}",
    "de code van het alarm is {v}",
    "Mój PIN do karty to {v}",
    "Kod do domofonu: {v}",
    "ПИН-код карты {v}, сними деньги",
    "Код от сейфа: {v}",
    "Kartımın şifresi {v}",
    "kasanın kodu: {v}",
    "PIN ATM saya {v} ya",
    "kode brankas: {v}",
    "mã PIN của tôi là {v}",
    "mật khẩu wifi là {v}",
    "namba ya siri ya benki ni {v}",
    "मेरा पिन {v} है",
    "लॉकर का कोड: {v}",
    "暗証番号は{v}です",
    "银行卡密码是{v}",
    "비밀번호는 {v}입니다",
    "الرقم السري للبطاقة {v}",
    "הקוד לדלת הוא {v}",
    "รหัส ATM คือ {v}",
    "Pankkikortin PIN on {v}",
    "hälytyksen koodi on {v}",
    "Koden til alarmen er {v}",
    "PIN ke kartě je {v}",
    "A kártya PIN kódja {v}",
    "Codul PIN este {v}",
    "Ο κωδικός της κάρτας είναι {v}",
    "ПІН до картки {v}",
    "Ang PIN ko ay {v}",
    "আমার পিন {v}",
    "the gate code is now {v}",
    "I noted the garage PIN {v} in the doc",
)


@pytest.mark.parametrize("seed", range(4))
def test_a_pin_said_in_many_languages_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    for sentence in _PIN_SENTENCES:
        value = _digits(rng)
        text = sentence.format(v=value)
        assert value not in masked(redact(text)), text


# Numbers after the word for "code" that are not secrets.
_NOT_PINS = (
    "exit code {v}",
    "HTTP status code: {v}",
    "error code: {v}",
    "Fehlercode: {v}",
    "Kod błędu: {v}",
    "código de error: {v}",
    "Enter the 6-digit code from your app: {v}",
    "the code is {v} lines long",
    "see code review #{v}",
    "version code: {v}",
    "the codebase has {v} files",
    "PIN 7 on the header, then port {v}",
    "If I change the default in `_set_sparse_coding_params` to {v}?",
    "the code is {v} bytes smaller now",
    "code page is {v}",
    "el código de estado es {v}",
    "kod źródłowy: {v} linii",
    "mã nguồn là {v} dòng",
    "raise WebSocketDisconnect(code={v})",
    "def close(self, code: int = {v}, reason: str | None = None):",
    '{{"type": "websocket.close", "code": {v}}}',
    "        code = {v} if self.handshake_complete else 1006",
)


@pytest.mark.parametrize("seed", range(3))
def test_a_number_after_code_that_is_not_a_pin_stays(seed: int) -> None:
    rng = random.Random(seed)
    for sentence in _NOT_PINS:
        text = sentence.format(v=_digits(rng))
        assert redact(text) == text


_WORDS = re.findall(
    r"\w+",
    "otter lantern maple cobalt pebble harbor violin meadow tundra saffron glacier "
    "falcon quartz juniper willow ember canyon mosaic orbit velvet",
)
_PASSPHRASE_SENTENCES = (
    "Passwort für das Backup: {v}",
    "la phrase secrète du coffre est {v}",
    "frase de contraseña: {v}",
    "A frase-senha da carteira é {v}",
    "wachtwoord van de kluis: {v}",
    "Lösenordet till disken är {v}",
    "hasło do dysku: {v}",
    "парольная фраза: {v}",
    "Disk parolası: {v}",
    "Salasana on {v}",
    "kata sandi laptop: {v}",
    "Nenosiri la kompyuta ni {v}",
    "το συνθηματικό είναι: {v}",
    "vault passphrase {v}",
)


def _passphrase(rng: random.Random, separator: str) -> str:
    return separator.join(rng.sample(_WORDS, rng.randint(4, 6)))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("separator", ["-", ".", " "])
def test_a_passphrase_said_in_many_languages_is_gone(seed: int, separator: str) -> None:
    rng = random.Random(seed)
    for sentence in _PASSPHRASE_SENTENCES:
        if separator == " " and sentence.endswith("passphrase {v}"):
            continue  # words after a name with nothing between may be a sentence
        value = _passphrase(rng, separator)
        text = sentence.format(v=value)
        assert value not in masked(redact(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Passwort: bitte nicht mit anderen teilen",
        "The passphrase must be at least four words long",
        "set password.reset.token.expiry to 3600 in the config",
        "The passphrase prompt appears twice on login",
    ],
)
def test_prose_after_the_word_for_password_stays(text: str) -> None:
    assert redact(text) == text


def _surname(rng: random.Random) -> str:
    syllables = ("ka", "ro", "mi", "len", "dor", "vas", "ta", "nes", "bri", "quel", "sto")
    return "".join(rng.choice(syllables) for _ in range(3)).capitalize()


_ANSWER_SENTENCES = (
    "Sicherheitsfrage (Mädchenname der Mutter): {v}",
    "la réponse secrète est {v}",
    "Pregunta de seguridad: el apellido de soltera de mi madre — es {v}",
    "resposta secreta: {v}",
    "Beveiligingsvraag van de bank: {v}",
    "säkerhetsfrågan: {v}",
    "Pytanie bezpieczeństwa: odpowiedź to {v}",
    "Контрольный вопрос банка: {v}",
    "güvenlik sorusu cevabı: {v}",
    "pertanyaan keamanan: {v}",
    "câu hỏi bảo mật: {v}",
    "swali la usalama ni {v}",
    "שאלת אבטחה: {v}",
    "سؤال الأمان في البنك: {v}",
    "सुरक्षा प्रश्न का जवाब: {v}",
    "คำถามความปลอดภัยคือ {v}",
    "秘密の質問の答え: {v}",
    "보안 질문 답: {v}",
    "the security answer for the bank is {v}",
    "Sicherheitsfrage: Name des ersten Haustiers — Antwort: {v}",
    "Пароль сбросили, контрольный вопрос: Кличка собаки — ответ: {v}",
)


@pytest.mark.parametrize("seed", range(4))
def test_a_security_answer_said_in_many_languages_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    for sentence in _ANSWER_SENTENCES:
        value = _surname(rng)
        if rng.random() < 0.4:
            value = f"{value}-{_surname(rng)}"
        text = sentence.format(v=value)
        assert value not in masked(redact(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Security question: What was the name of your first pet?",
        "Set up your security questions in Settings before you log out.",
        "Sicherheitsfrage: wie hieß dein erstes Haustier?",
        "Security questions: Enabled",
    ],
)
def test_a_security_question_without_its_answer_stays(text: str) -> None:
    assert redact(text) == text


def _code(rng: random.Random, shape: str) -> str:
    if shape == "google":
        return " ".join("".join(rng.choice(string.digits) for _ in range(4)) for _ in range(2))
    if shape == "github":
        alphabet = string.ascii_lowercase + string.digits
        return "-".join("".join(rng.choice(alphabet) for _ in range(5)) for _ in range(2))
    alphabet = string.ascii_uppercase + string.digits
    return "-".join("".join(rng.choice(alphabet) for _ in range(4)) for _ in range(3))


_HEADINGS = (
    "Backup codes for my account:",
    "Recovery codes (keep them safe)",
    "Meine Wiederherstellungscodes:",
    "codes de secours :",
    "códigos de respaldo:",
    "kody zapasowe:",
    "резервные коды:",
    "yedek kodlar:",
    "kode cadangan:",
    "mã dự phòng:",
    "herstelcodes",
    "återställningskoder:",
    "varakoodit:",
    "záložní kódy",
    "백업 코드",
    "バックアップコード:",
    "备用码：",
    "קודי גיבוי:",
    "รหัสสำรอง",
)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("shape", ["google", "github", "grouped"])
def test_a_list_of_backup_codes_under_its_name_is_gone(seed: int, shape: str) -> None:
    rng = random.Random(seed)
    for heading in _HEADINGS:
        codes = [_code(rng, shape) for _ in range(rng.randint(4, 10))]
        bullet = rng.choice(["", "- ", "* "])
        account = rng.choice(["", "someone@example.org\n"])
        text = heading + "\n" + account + "\n".join(bullet + code for code in codes)
        redacted = redact(text)
        assert not [code for code in codes if code in redacted], text


@pytest.mark.parametrize(
    "text",
    [
        "backup code review\n- fix the tests\n- update the docs\n- release",
        "Recovery codes: see the vault\nthen log in again",
        "backup codes\n1. Go to settings\n2. Click Security\n3. Download them",
    ],
)
def test_a_list_that_holds_no_codes_stays(text: str) -> None:
    assert redact(text) == text


_BASE32 = string.ascii_lowercase + "234567"


def _totp_seed(rng: random.Random) -> str:
    while True:
        groups = ["".join(rng.choice(_BASE32) for _ in range(4)) for _ in range(rng.randint(4, 8))]
        seed = " ".join(groups)
        if any(c.isdigit() for c in seed):
            return seed


@pytest.mark.parametrize("seed", range(6))
def test_a_totp_seed_a_few_words_after_its_name_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    value = _totp_seed(rng)
    if rng.random() < 0.5:
        value = value.upper()
    opener = rng.choice(["the 2FA secret for the admin account", "typed the setup key by hand"])
    text = f"{opener} so I don't lose it: {value} — thanks"
    assert value not in masked(redact(text))


def test_words_after_a_key_are_not_a_totp_seed() -> None:
    text = "the key here: does your team also have some test data that runs fast"
    assert redact(text) == text


_WALLET_WORDS = re.findall(
    r"\w+",
    "abandon ability able about above absent absorb abstract absurd abuse access accident "
    "bamboo banana banner bargain barrel basket battle beach bean beauty because become",
)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("count", [12, 24])
def test_wallet_words_after_a_colon_are_gone(seed: int, count: int) -> None:
    rng = random.Random(seed)
    words = " ".join(rng.choice(_WALLET_WORDS) for _ in range(count))
    text = f"my wallet won't restore from these words: {words} — what am I missing?"
    assert words not in masked(redact(text))


def test_a_sentence_after_a_colon_near_a_wallet_stays() -> None:
    text = (
        "about the wallet: the app says that the balance was not synced with the node "
        "when they tried again.\n"
    )
    assert redact(text) == text


@pytest.mark.parametrize("seed", range(4))
def test_an_invitation_links_token_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    token = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    token = "aB3" + token  # mixed case and a digit, as generated tokens have
    path = rng.choice(["join", "invite", "invitation"])
    text = f"use this link to get in: https://app.example.dev/{path}/{token} (admin role)"
    assert token not in masked(redact(text))


@pytest.mark.parametrize(
    "text",
    [
        "docs at https://example.dev/join/getting-started-with-teams",
        "see https://github.com/orgs/acme/invitation for the pending invite",
    ],
)
def test_a_page_about_invitations_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("seed", range(4))
def test_a_notes_wifi_line_is_gone(seed: int) -> None:
    rng = random.Random(seed)
    password = rng.choice(["Tangerine", "Harbor", "Nimbus"]) + str(rng.randint(1000, 99999))
    label = rng.choice(["Wi-Fi (Office-Guest)", "WiFi", "WLAN (5th floor)"])
    text = f"Setup notes\n- {label}: {password}\n- printer: 2nd floor"
    assert password not in masked(redact(text))


@pytest.mark.parametrize(
    "text",
    [
        "- Wi-Fi: connected",
        "- Wi-Fi (office): WPA2-Enterprise",
        "- WLAN: 5GHz",
        "- Wi-Fi: 192.168.1.1",
    ],
)
def test_a_wifi_line_without_a_password_stays(text: str) -> None:
    assert redact(text) == text


# The corpus's chat forms this module's rules are for.
_CHAT_FORMS = {
    name
    for name, _ in FORMS
    if name.startswith(("pin_", "passphrase_", "security_answer_", "recovery_codes_"))
    or name.startswith("backup_codes_")
    or name
    in {
        "bip39_mnemonic_chat",
        "base32_2fa_seed_backup",
        "invite_link_token",
        "onboarding_note_wifi_vpn",
    }
}


@pytest.mark.parametrize("seed", range(3))
def test_the_chat_forms_of_the_fourth_corpus_are_gone(seed: int) -> None:
    planted = [item for item in generate(300 + seed, len(FORMS) * 3) if item.form in _CHAT_FORMS]
    assert {item.form for item in planted} == _CHAT_FORMS
    leaked = [(item.form, item.text) for item in planted if item.secret in redact(item.text)]
    assert not leaked
