"""What the robustness benchmark's parts share: running the real CLI in a subprocess, the
stores it runs against (SQLite, PostgreSQL in a throwaway schema), and the checks on what a
run wrote (non-finite numbers, files left behind)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/test"
PACKLIGHT = (sys.executable, "-m", "packlight")

# The variables a developer's shell may carry that would change what the CLI does (another
# store, a config file, a summary model that needs the network).
_CLEARED_PREFIXES = ("PACKLIGHT_",)
_CLEARED = {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"}


def cli_env(home: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of every CLI run: no inherited packlight settings, a private
    PACKLIGHT_HOME and config directory, so nothing outside ``home`` is read or written."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(_CLEARED_PREFIXES) and key not in _CLEARED
    }
    env["PACKLIGHT_HOME"] = str(home / "packlight-home")
    env["XDG_CONFIG_HOME"] = str(home / "xdg-config")
    env["XDG_DATA_HOME"] = str(home / "xdg-data")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra or {})
    return env


@dataclass(frozen=True)
class Completed:
    """One finished CLI run (``returncode`` is None when it timed out and was killed)."""

    argv: tuple[str, ...]
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float

    @property
    def traceback(self) -> bool:
        return "Traceback" in self.stdout or "Traceback" in self.stderr

    def excerpt(self, lines: int = 3) -> str:
        """The first lines of stderr (stdout when stderr is empty); for a traceback, also
        its last line, which names the exception."""
        text = self.stderr if self.stderr.strip() else self.stdout
        rows = [row for row in text.splitlines() if row.strip()]
        shown = rows[:lines]
        if self.traceback and len(rows) > lines:
            shown += ["...", rows[-1]]
        return "\n".join(row[:300] for row in shown) or "(no output)"


def run_cli(
    args: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    timeout: float = 300.0,
) -> Completed:
    argv = (*PACKLIGHT, *args)
    started = time.perf_counter()
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        return Completed(
            argv,
            None,
            _text(exc.stdout),
            _text(exc.stderr) + f"\n(killed after {timeout:.0f} s)",
            time.perf_counter() - started,
        )
    return Completed(
        argv, done.returncode, _text(done.stdout), _text(done.stderr), time.perf_counter() - started
    )


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", errors="replace")


# --------------------------------------------------------------------------- checks on output

# A JSON string (skipped whole) or a bare NaN / Infinity token, which no JSON parser but
# Python's accepts.
_NON_FINITE = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


def non_finite_token(text: str) -> str | None:
    """The first bare NaN/Infinity/-Infinity outside strings of JSON or JSONL text."""
    for match in _NON_FINITE.finditer(text):
        if match.group(1):
            return match.group(1)
    return None


def looks_like_json(path: Path) -> bool:
    if path.suffix in {".json", ".jsonl"}:
        return True
    try:
        with path.open("rb") as stream:
            head = stream.read(64).lstrip()
    except OSError:
        return False
    return head[:1] in {b"{", b"["}


def snapshot(folders: Iterable[Path], ignored: Iterable[Path] = ()) -> set[Path]:
    """Every file (and symlink) under ``folders``, recursively, outside ``ignored``."""
    found: set[Path] = set()
    skip = {str(path) for path in ignored}
    for folder in folders:
        if not folder.is_dir():
            continue
        for base, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if os.path.join(base, d) not in skip]
            for name in files + [d for d in dirs if os.path.islink(os.path.join(base, d))]:
                found.add(Path(base) / name)
    return found


# --------------------------------------------------------------------------- stores


@dataclass
class Backend:
    """A store the CLI and the library both reach: a SQLite file, or a PostgreSQL DSN with
    the schema that keeps this benchmark's tables apart (dropped by :meth:`cleanup`)."""

    name: str
    url: str
    schema: str | None = None
    dsn: str | None = None
    sqlite_path: Path | None = None
    _opened: list[Any] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        return {"PACKLIGHT_STORE_SCHEMA": self.schema} if self.schema else {}

    def open(self) -> Any:
        """The library's store for this backend (closed by :meth:`cleanup` at the latest)."""
        if self.schema and self.dsn:
            from packlight.store.postgres import PostgresStore

            store: Any = PostgresStore(self.dsn, schema=self.schema)
        else:
            from packlight.store import open_store

            store = open_store(self.url)
        self._opened.append(store)
        return store

    def cleanup(self) -> None:
        for store in self._opened:
            try:
                store.close()
            except Exception as exc:
                print(f"robustness: closing {self.name} store: {exc}", file=sys.stderr)
        self._opened.clear()
        if self.schema and self.dsn:
            from packlight.store.postgres import PostgresStore

            try:
                PostgresStore.drop_schema(self.dsn, self.schema)
            except Exception as exc:
                print(f"robustness: dropping schema {self.schema}: {exc}", file=sys.stderr)


def sqlite_backend(folder: Path, name: str = "store.db") -> Backend:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    return Backend("SQLite", str(path), sqlite_path=path)


def postgres_backend(dsn: str, part: str) -> Backend:
    schema = f"plrob_{part}_{uuid.uuid4().hex[:10]}"
    return Backend("PostgreSQL", dsn, schema=schema, dsn=dsn)


def postgres_unreachable(dsn: str) -> str | None:
    """Why PostgreSQL at ``dsn`` cannot be used here, or None when it can."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install 'packlight[postgres]')"
    try:
        with psycopg.connect(dsn, connect_timeout=5) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc) else ''}"
    return None


def store_fingerprint(url: str) -> dict[str, Any]:
    """What a SQLite store holds, as ``sessions list --json`` shows it plus every message,
    event and artifact count (read through the library, so it costs no process)."""
    from packlight.store import open_store

    store = open_store(url)
    try:
        return {
            record.id: {
                "ended": record.end_reason,
                "messages": len(store.all_messages(record.id)),
                "active": len(store.active_messages(record.id)),
                "events": len(store.compaction_events(record.id)),
                "artifacts": len(store.list_artifacts(record.id)),
            }
            for record in store.list_sessions(limit=10_000)
        }
    finally:
        store.close()


def copy_store(source: Path, target: Path) -> None:
    """A SQLite store file with its WAL (when a run left one)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


def example_session_path() -> Path:
    """The session file bundled with packlight (the demo's)."""
    import packlight

    return sorted((Path(packlight.__file__).parent / "examples").glob("*.json"))[0]


def load_json_messages(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(data["messages"] if isinstance(data, dict) else data)


def snapshot_source(target: Path) -> str:
    """Copy src/ to ``target`` and make it what this process and every child imports, so a
    run sees one state of a tree others are editing. Returns a digest of the copy."""
    import hashlib

    source = ROOT / "src"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    digest = hashlib.sha256()
    for path in sorted(target.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(target)).encode() + b"\0" + path.read_bytes())
    sys.path.insert(0, str(target))
    inherited = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(target) + (os.pathsep + inherited if inherited else "")
    return digest.hexdigest()[:12]
