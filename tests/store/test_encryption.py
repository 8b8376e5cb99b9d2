"""Encryption at rest and redact-on-archive, through the stores' public API, checked against
the raw rows (the SQLite file's bytes, the PostgreSQL tables read directly).

The contract (``test_contract.py``) also runs whole on sealed stores (``-sealed`` variants);
this module covers what only raw rows can show: no plaintext at rest, key ids, rotation,
stores holding plaintext and sealed rows together, and rows that cannot be swapped.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from packlight.artifacts import Artifact
from packlight.errors import ConfigError, MissingExtraError, UserError
from packlight.store import StoreKeyError, StoreProtection, new_store_key
from packlight.store.sealing import StoreKey
from tests.store.conftest import POSTGRES_DSN_VAR

SECRET = "planted-plaintext-7c1e5b"
KEY_A = new_store_key()
KEY_B = new_store_key()
ID_A = StoreKey.parse(KEY_A).key_id
ID_B = StoreKey.parse(KEY_B).key_id


class Backend:
    """One database, opened as often as a test likes, with direct access to its raw rows."""

    name: str

    def open(self, protection: StoreProtection) -> Any:
        raise NotImplementedError

    def bodies(self) -> list[str | bytes]:
        """Every message, artifact (content, exact copy, meta, sealed body) and engine state
        value as stored."""
        raise NotImplementedError

    def everything(self) -> bytes:
        """All the bytes at rest that could hold a body."""
        raise NotImplementedError

    def swap_messages(self, session_id: str, first: int, second: int) -> None:
        raise NotImplementedError


class SQLiteBackend(Backend):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path

    def open(self, protection: StoreProtection) -> Any:
        from packlight.store.sqlite import SQLiteStore

        return SQLiteStore(self.path, protection=protection)

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with sqlite3.connect(self.path) as conn:
            return conn.execute(sql, params).fetchall()

    def bodies(self) -> list[str | bytes]:
        values: list[str | bytes] = [row[0] for row in self._rows("SELECT message FROM messages")]
        for row in self._rows("SELECT content, meta, sealed FROM artifacts"):
            values.extend(value for value in row if value is not None)
        values.extend(row[0] for row in self._rows("SELECT state FROM engine_state"))
        return values

    def everything(self) -> bytes:
        files = [self.path, self.path.with_name(self.path.name + "-wal")]
        return b"".join(file.read_bytes() for file in files if file.exists())

    def swap_messages(self, session_id: str, first: int, second: int) -> None:
        with sqlite3.connect(self.path) as conn:
            sql = (
                "SELECT position, message FROM messages WHERE session_id = ? AND position IN (?, ?)"
            )
            values = dict(conn.execute(sql, (session_id, first, second)).fetchall())
            for position, other in ((first, second), (second, first)):
                conn.execute(
                    "UPDATE messages SET message = ? WHERE session_id = ? AND position = ?",
                    (values[other], session_id, position),
                )


class PostgresBackend(Backend):
    name = "postgres"

    def __init__(self, dsn: str, schema: str) -> None:
        self.dsn, self.schema = dsn, schema
        self.stores: list[Any] = []

    def open(self, protection: StoreProtection) -> Any:
        from packlight.store.postgres import PostgresStore

        store = PostgresStore(self.dsn, schema=self.schema, protection=protection)
        self.stores.append(store)
        return store

    def _rows(self, template: str, params: tuple[Any, ...] = ()) -> list[Any]:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            statement = sql.SQL(template).format(s=sql.Identifier(self.schema))
            cursor = conn.execute(statement, params)
            return cursor.fetchall() if cursor.description else []

    def bodies(self) -> list[str | bytes]:
        values: list[str | bytes] = [
            row[0] for row in self._rows("SELECT message FROM {s}.messages")
        ]
        for row in self._rows("SELECT content, content_exact, meta, tsv::text FROM {s}.artifacts"):
            values.extend(value for value in row if value is not None)
        values.extend(row[0] for row in self._rows("SELECT state FROM {s}.engine_state"))
        return values

    def everything(self) -> bytes:
        return "\n".join(map(str, self.bodies())).encode("utf-8", "surrogatepass")

    def swap_messages(self, session_id: str, first: int, second: int) -> None:
        self._rows(
            "UPDATE {s}.messages AS m SET message = o.message FROM {s}.messages AS o"
            " WHERE m.session_id = %s AND o.session_id = m.session_id"
            " AND ((m.position = %s AND o.position = %s) OR (m.position = %s AND o.position = %s))",
            (session_id, first, second, second, first),
        )

    def close(self) -> None:
        from packlight.store.postgres import PostgresStore

        for store in self.stores:
            store.close()
        PostgresStore.drop_schema(self.dsn, self.schema)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    if request.param == "sqlite":
        yield SQLiteBackend(tmp_path / "store" / "packlight.db")
        return
    dsn = os.environ.get(POSTGRES_DSN_VAR)
    if not dsn:
        pytest.skip(
            f"PostgreSQL encryption tests need {POSTGRES_DSN_VAR} (e.g. postgresql://postgres@127.0.0.1:5432/test)"
        )
    pytest.importorskip("psycopg", reason="PostgreSQL store unavailable (packlight[postgres])")
    postgres = PostgresBackend(dsn, f"packlight_test_{uuid.uuid4().hex[:12]}")
    try:
        yield postgres
    finally:
        postgres.close()


def sealed(key: str | None = KEY_A, *old: str, redact: bool = False) -> StoreProtection:
    return StoreProtection(key=key, old_keys=old, redact_on_archive=redact)


def planted_session(store: Any, session_id: str = "s1") -> None:
    """A session whose messages, artifact and engine state all hold :data:`SECRET`."""
    store.create_session(
        session_id=session_id,
        messages=[
            {"role": "user", "content": f"remember {SECRET}"},
            {"role": "assistant", "content": "noted"},
        ],
        artifacts=[
            Artifact("art1", "tool_result", f"log line\nfound {SECRET} here", {"tool": SECRET})
        ],
        engine_state={"note": SECRET},
    )


def key_ids(backend: Backend) -> set[str]:
    from packlight.store.protection import RowCodec

    codec = RowCodec(StoreProtection(), text=backend.name == "postgres")
    return {codec.key_of(value) for value in backend.bodies() if value not in ("", "{}")}


# --- sealing -------------------------------------------------------------------------------


def test_sealed_rows_hold_no_plaintext_and_read_back_whole(backend: Backend) -> None:
    store = backend.open(sealed())
    planted_session(store)
    assert SECRET.encode() not in backend.everything()
    assert key_ids(backend) == {ID_A}
    # Through the API, everything is as written.
    assert [row.message["content"] for row in store.all_messages("s1")] == [
        f"remember {SECRET}",
        "noted",
    ]
    artifact = store.get_artifact("s1", "art1")
    assert artifact is not None
    assert artifact.content == f"log line\nfound {SECRET} here"
    assert dict(artifact.meta) == {"tool": SECRET}
    assert store.load_engine_state("s1") == {"note": SECRET}
    # Search cannot use an index of plaintext (there is none): it scans and opens.
    hits = store.search_artifacts("s1", SECRET)
    assert [(hit.artifact_id, hit.line) for hit in hits] == [("art1", 2)]
    assert SECRET in hits[0].snippet


def test_a_plaintext_store_keeps_plaintext(backend: Backend) -> None:
    store = backend.open(StoreProtection())
    planted_session(store)
    assert SECRET.encode() in backend.everything()
    assert key_ids(backend) == {"plaintext"}


def test_the_wrong_key_names_the_missing_key_id_and_leaves_other_reads_alone(
    backend: Backend,
) -> None:
    planted_session(backend.open(sealed(KEY_A)))
    backend.open(StoreProtection()).create_session(
        session_id="plain", messages=[{"role": "user", "content": "hello"}]
    )
    store = backend.open(sealed(KEY_B))
    with pytest.raises(StoreKeyError, match=ID_A) as caught:
        store.all_messages("s1")
    assert caught.value.key_id == ID_A
    with pytest.raises(StoreKeyError, match=ID_A):
        store.get_artifact("s1", "art1")
    with pytest.raises(StoreKeyError, match=ID_A):
        store.load_engine_state("s1")
    # Unrelated reads work: the session's record, another session's rows.
    assert store.get_session("s1") is not None
    assert [row.message["content"] for row in store.all_messages("plain")] == ["hello"]
    # Without any key, the error says that no key is set.
    with pytest.raises(StoreKeyError, match="no store key is set"):
        backend.open(StoreProtection()).all_messages("s1")


def test_a_ciphertext_moved_to_another_row_fails_authentication(backend: Backend) -> None:
    store = backend.open(sealed())
    store.create_session(
        session_id="s1",
        messages=[{"role": "user", "content": "first"}, {"role": "user", "content": "second"}],
    )
    backend.swap_messages("s1", 0, 1)
    with pytest.raises(StoreKeyError, match="fails authentication"):
        store.all_messages("s1")


def test_a_sealed_artifact_cannot_be_read_as_another_sessions(tmp_path: Path) -> None:
    backend = SQLiteBackend(tmp_path / "packlight.db")
    store = backend.open(sealed())
    for session_id in ("s1", "s2"):
        store.create_session(session_id=session_id)
    store.put_artifacts("s1", [Artifact("a1", "tool_result", "one")])
    store.put_artifacts("s2", [Artifact("a1", "tool_result", "two")])
    with sqlite3.connect(backend.path) as conn:
        (body,) = conn.execute("SELECT sealed FROM artifacts WHERE session_id = 's2'").fetchone()
        conn.execute("UPDATE artifacts SET sealed = ? WHERE session_id = 's1'", (body,))
    with pytest.raises(StoreKeyError, match="fails authentication"):
        store.get_artifact("s1", "a1")
    artifact = store.get_artifact("s2", "a1")
    assert artifact is not None
    assert artifact.content == "two"


def test_plaintext_and_sealed_rows_live_side_by_side(backend: Backend) -> None:
    before = backend.open(StoreProtection())
    before.create_session(session_id="s1", messages=[{"role": "user", "content": "old plain"}])
    store = backend.open(sealed())
    store.append_messages("s1", [{"role": "user", "content": f"new {SECRET}"}])
    assert [row.message["content"] for row in store.all_messages("s1")] == [
        "old plain",
        f"new {SECRET}",
    ]
    assert key_ids(backend) == {"plaintext", ID_A}
    assert SECRET.encode() not in backend.everything()


# --- rotation ------------------------------------------------------------------------------


def test_rotation_reads_old_keys_and_rekey_moves_every_row_to_the_current_key(
    backend: Backend,
) -> None:
    planted_session(backend.open(sealed(KEY_A)))
    plain = backend.open(StoreProtection())
    plain.create_session(session_id="plain", messages=[{"role": "user", "content": "hi"}])
    rotated = backend.open(sealed(KEY_B, KEY_A))
    rotated.append_messages("s1", [{"role": "user", "content": "after rotation"}])
    assert key_ids(backend) == {ID_A, ID_B, "plaintext"}

    dry = rotated.rekey(dry_run=True)
    assert dry.rewritten == 0
    assert dry.found[ID_B] == 1
    assert key_ids(backend) == {ID_A, ID_B, "plaintext"}

    report = rotated.rekey()
    assert report.target == ID_B
    assert report.rewritten == sum(report.found.values()) - 1  # all but the row under B
    assert key_ids(backend) == {ID_B}
    assert SECRET.encode() not in backend.everything()
    assert rotated.rekey().rewritten == 0  # nothing left to move

    # The old key is no longer needed.
    only_new = backend.open(sealed(KEY_B))
    assert [row.message["content"] for row in only_new.all_messages("s1")] == [
        f"remember {SECRET}",
        "noted",
        "after rotation",
    ]
    artifact = only_new.get_artifact("s1", "art1")
    assert artifact is not None
    assert SECRET in artifact.content
    assert only_new.load_engine_state("s1") == {"note": SECRET}
    assert [row.message["content"] for row in only_new.all_messages("plain")] == ["hi"]
    assert [hit.artifact_id for hit in only_new.search_artifacts("s1", "found")] == ["art1"]


def test_rekey_without_a_current_key_decrypts_back_to_plaintext(backend: Backend) -> None:
    planted_session(backend.open(sealed(KEY_A)))
    store = backend.open(sealed(None, KEY_A))
    report = store.rekey()
    assert report.target == "plaintext"
    assert key_ids(backend) == {"plaintext"}
    plain = backend.open(StoreProtection())
    assert plain.load_engine_state("s1") == {"note": SECRET}
    # Once plaintext, the database's own search index serves the search again.
    assert [hit.artifact_id for hit in plain.search_artifacts("s1", SECRET)] == ["art1"]


def test_rekey_stops_at_a_row_no_key_opens(backend: Backend) -> None:
    planted_session(backend.open(sealed(KEY_A)))
    with pytest.raises(StoreKeyError, match=ID_A):
        backend.open(sealed(KEY_B)).rekey()


def test_rekey_of_a_plaintext_sqlite_store_leaves_no_plaintext_in_the_file(tmp_path: Path) -> None:
    backend = SQLiteBackend(tmp_path / "packlight.db")
    plain = backend.open(StoreProtection())
    planted_session(plain)
    # The search index holds the plaintext too, once a search has brought it up to date.
    assert [hit.artifact_id for hit in plain.search_artifacts("s1", SECRET)] == ["art1"]
    plain.close()
    assert SECRET.encode() in backend.everything()
    store = backend.open(sealed())
    store.rekey()
    assert SECRET.encode() not in backend.everything()
    assert [hit.artifact_id for hit in store.search_artifacts("s1", SECRET)] == ["art1"]


# --- keys and settings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("c2hvcnQ", "32 bytes"),  # "short"
        ("A" * 64, "32 bytes"),
        ("not base64!" * 4, "base64url"),
    ],
)
def test_an_invalid_key_is_a_config_error_that_does_not_echo_it(text: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem) as caught:
        StoreProtection(key=text)
    assert isinstance(caught.value, UserError)
    assert text not in str(caught.value)
    assert "store.key" in str(caught.value)
    assert "packlight store new-key" in str(caught.value)
    with pytest.raises(ConfigError, match=r"store\.old_keys\[1\]"):
        StoreProtection(key=KEY_A, old_keys=(f"{KEY_B},{text}",))


def test_a_key_parses_with_or_without_padding_and_its_id_is_stable() -> None:
    padded = KEY_A if KEY_A.endswith("=") else KEY_A + "="
    assert StoreKey.parse(padded.rstrip("=")).key_id == StoreKey.parse(padded).key_id == ID_A
    assert len(ID_A) == 16
    assert ID_A != ID_B
    assert KEY_A not in repr(StoreProtection(key=KEY_A))


def test_settings_precedence_constructor_over_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from packlight.config import load_settings

    monkeypatch.setenv("PACKLIGHT_STORE_KEY", KEY_A)
    monkeypatch.setenv("PACKLIGHT_STORE_OLD_KEYS", f"{KEY_B}, {KEY_B}")
    monkeypatch.setenv("PACKLIGHT_STORE_REDACT_ON_ARCHIVE", "true")
    monkeypatch.chdir(tmp_path)
    settings = load_settings(env=os.environ, cwd=tmp_path)
    assert settings.store.key == KEY_A
    assert settings.store.redact_on_archive is True
    protection = StoreProtection.from_settings(settings)
    assert protection.key_id == ID_A
    assert [key.key_id for key in protection.readable] == [ID_B, ID_B]
    assert KEY_A not in repr(settings)

    by_environment = SQLiteBackend(tmp_path / "env.db")
    from packlight.store.sqlite import SQLiteStore

    SQLiteStore(by_environment.path).create_session(
        session_id="s", messages=[{"role": "user", "content": SECRET}]
    )
    assert key_ids(by_environment) == {ID_A}
    by_argument = SQLiteBackend(tmp_path / "arg.db")
    by_argument.open(StoreProtection()).create_session(
        session_id="s", messages=[{"role": "user", "content": SECRET}]
    )
    assert key_ids(by_argument) == {"plaintext"}


def test_settings_file_holds_the_store_section(tmp_path: Path) -> None:
    from packlight.config import load_settings

    (tmp_path / "packlight.yaml").write_text(
        f"store:\n  key: {KEY_A}\n  old_keys: [{KEY_B}]\n  redact_on_archive: true\n"
    )
    settings = load_settings(env={}, cwd=tmp_path)
    assert StoreProtection.from_settings(settings).key_id == ID_A
    (tmp_path / "packlight.yaml").write_text("store:\n  key: short\n")
    with pytest.raises(ConfigError, match=r"store\.key"):
        load_settings(env={}, cwd=tmp_path)


def test_without_cryptography_a_key_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cryptography.hazmat.primitives.ciphers.aead", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'packlight\[encryption\]'"):
        SQLiteBackend(tmp_path / "packlight.db").open(sealed())
    # Without a key, cryptography is not needed.
    SQLiteBackend(tmp_path / "plain.db").open(StoreProtection()).close()


# --- redact on archive ---------------------------------------------------------------------


def test_redact_on_archive_removes_a_planted_secret_from_the_raw_rows(backend: Backend) -> None:
    from packlight.redact import redact

    api_key = "sk-proj-" + "Zq8" * 16
    line = f"export OPENAI_API_KEY={api_key}"
    for protection in (sealed(None, redact=True), sealed(KEY_A, redact=True)):
        store = backend.open(protection)
        session_id = f"s-{protection.key_id}"
        store.create_session(
            session_id=session_id,
            messages=[{"role": "user", "content": line}],
            artifacts=[Artifact("a1", "tool_result", f"$ env\n{line}\n")],
        )
        store.append_messages(session_id, [{"role": "tool", "tool_call_id": "c", "content": line}])
        assert api_key.encode() not in backend.everything()
        contents = [row.message["content"] for row in store.all_messages(session_id)]
        assert contents == [redact(line), redact(line)]
        assert api_key not in contents[0]
        artifact = store.get_artifact(session_id, "a1")
        assert artifact is not None
        assert artifact.content == redact(f"$ env\n{line}\n")


def test_the_documented_key_one_liner_makes_a_valid_key() -> None:
    import re
    import subprocess

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    (code,) = re.findall(r'^python -c "(.+)"$', text, flags=re.MULTILINE)
    made = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert len(StoreKey.parse(made).secret) == 32
