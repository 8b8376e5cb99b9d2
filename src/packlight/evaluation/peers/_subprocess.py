"""Other projects' code, run as black boxes: their virtualenvs and the subprocess that talks
to them.

An external peer (LangChain, the OpenAI Agents SDK, hermes-agent) is installed from PyPI into
a virtualenv of its own and never imported here. Two pieces make that work:

- :func:`ensure_venv` builds a virtualenv from a :class:`VenvSpec` (pinned packages and an
  import check), writes a stamp file only after the check passes, and serialises concurrent
  builds on a lock file. :func:`venv_ready` is the offline check that ``packlight eval`` uses.
- :class:`RunnerProcess` keeps one long-lived runner subprocess per peer and speaks JSON lines
  with it: one request line, one response line with the same ``id``. A request that runs out
  of time, a runner that dies and a reply that is not a JSON object all kill the runner and
  raise :class:`RunnerError`; the next request starts a fresh one.

The runner side is ``runners/_serve.py`` plus one adapter module per peer (see
:data:`SERVE_SCRIPT`); it blocks the network inside the subprocess.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any, NoReturn

from packlight.errors import RuntimeFailure

log = logging.getLogger("packlight.evaluation.peers")

RUNNERS_DIR = Path(__file__).resolve().with_name("runners")
SERVE_SCRIPT = RUNNERS_DIR / "_serve.py"
"""The runner entry point: ``python -I _serve.py ADAPTER.py`` in the peer's virtualenv."""

PEERS_DIR_ENV = "PACKLIGHT_PEERS_DIR"

_INSTALL_TIMEOUT = 1800.0


class RunnerError(RuntimeFailure):
    """A runner subprocess did not answer: it timed out, exited or sent something that is
    not a protocol line. The runner has been stopped; the next request starts a new one."""


class VenvError(RuntimeFailure):
    """Building a peer's virtualenv failed (the message holds the failing command's output)."""


def peers_dir() -> Path:
    """Where peer virtualenvs live: ``$PACKLIGHT_PEERS_DIR``, else
    ``platformdirs.user_cache_dir("packlight")/peers``. Read at call time, never at import."""
    configured = os.environ.get(PEERS_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("packlight")) / "peers"


@dataclass(frozen=True, slots=True)
class VenvSpec:
    """What one peer's virtualenv holds."""

    name: str
    """Short name, used for the default directory and the lock file (``hermes``)."""
    packages: tuple[str, ...]
    """Pinned requirements given to ``pip install``."""
    import_check: str
    """Python source run with ``-I`` in a throwaway HOME; the stamp is written only after it
    succeeds."""
    stamp_name: str = ".packlight-peer-stamp.json"
    python_range: tuple[tuple[int, int], tuple[int, int]] = ((3, 11), (3, 14))
    """Interpreters the packages accept, ``[low, high)``."""
    python_env: str = "PACKLIGHT_PEERS_PYTHON"
    """Environment variable naming the base interpreter when ``python3`` on PATH won't do."""

    def __post_init__(self) -> None:
        if not self.packages:
            raise ValueError(f"VenvSpec {self.name!r}: give at least one package to install")
        if not all("==" in package for package in self.packages):
            raise ValueError(
                f"VenvSpec {self.name!r}: pin every package with == so runs are comparable"
            )

    def stamp(self) -> dict[str, str]:
        # One string for the whole requirement set; for a single package it is the
        # requirement itself, the shape the benchmark's hermes venv has always carried.
        return {"package": " ".join(self.packages)}


def venv_python(venv: Path) -> Path:
    return Path(venv) / "bin" / "python"


def _read_stamp(venv: Path, spec: VenvSpec) -> dict[str, Any] | None:
    try:
        data = json.loads((venv / spec.stamp_name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def venv_ready(venv: Path, spec: VenvSpec) -> bool:
    """True when ``venv`` was built from ``spec`` and passed its import check (no I/O beyond
    reading the stamp; never touches the network)."""
    venv = Path(venv)
    return _read_stamp(venv, spec) == spec.stamp() and venv_python(venv).exists()


def _python_version(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info[0], sys.version_info[1])"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.split()
        return int(out[0]), int(out[1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def base_python(spec: VenvSpec) -> str:
    """``$<spec.python_env>``, else ``python3`` from PATH, else this interpreter: the first
    one inside ``spec.python_range``."""
    low, high = spec.python_range
    candidates = [os.environ.get(spec.python_env), shutil.which("python3"), sys.executable]
    for candidate in candidates:
        if not candidate:
            continue
        version = _python_version(candidate)
        if version is not None and low <= version < high:
            return candidate
    raise VenvError(
        f"no Python in [{low}, {high}) found for {' '.join(spec.packages)}; "
        f"set {spec.python_env} to one"
    )


def _run_logged(
    cmd: Sequence[str], *, timeout: float, env: Mapping[str, str] | None = None
) -> None:
    try:
        proc = subprocess.run(
            list(cmd), capture_output=True, text=True, timeout=timeout, check=False, env=env
        )
    except subprocess.TimeoutExpired as exc:
        raise VenvError(f"command timed out after {timeout:g}s: {' '.join(cmd)}") from exc
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-30:])
        raise VenvError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{tail}")


def lock_path(venv: Path, spec: VenvSpec) -> Path:
    """The lock file serialising builds of ``venv`` (in the temp directory, so it survives
    the venv being deleted and rebuilt)."""
    key = hashlib.sha256(str(Path(venv).resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"packlight-{spec.name}-venv-{key}.lock"


def ensure_venv(venv: Path, spec: VenvSpec, *, announce: bool = True) -> Path:
    """Build ``venv`` from ``spec`` unless it is already there; return its python.

    Idempotent: the stamp, written after ``pip install`` and the import check, marks a
    complete venv; a venv without a matching stamp (an interrupted install, other versions)
    is deleted and rebuilt. Concurrent callers wait on :func:`lock_path`. Needs PyPI.
    """
    venv = Path(venv)
    python = venv_python(venv)
    if venv_ready(venv, spec):
        return python
    with lock_path(venv, spec).open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if venv_ready(venv, spec):
            return python
        requirement = " ".join(spec.packages)
        if announce:
            print(f"[{spec.name} peer] installing {requirement} into {venv} ...", file=sys.stderr)
        if venv.exists():
            shutil.rmtree(venv)
        venv.parent.mkdir(parents=True, exist_ok=True)
        _run_logged([base_python(spec), "-m", "venv", str(venv)], timeout=300)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        _run_logged([*pip, *spec.packages], timeout=_INSTALL_TIMEOUT)
        # Imported in a throwaway HOME so the package never reads or writes the user's own.
        with tempfile.TemporaryDirectory(prefix=f"packlight-{spec.name}-check-") as home:
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home}
            _run_logged([str(python), "-I", "-c", spec.import_check], timeout=300, env=env)
        (venv / spec.stamp_name).write_text(json.dumps(spec.stamp()), encoding="utf-8")
        if announce:
            print(f"[{spec.name} peer] {requirement} ready in {venv}", file=sys.stderr)
    return python


@dataclass
class RunnerProcess:
    """One long-lived runner subprocess speaking JSON lines.

    ``argv`` starts it (usually ``[venv python, "-I", SERVE_SCRIPT, adapter]``). The runner
    must write ``{"type": "ready", ...}`` first (kept in :attr:`ready`), then answer each
    request line with one line carrying the request's ``id``. The process runs in its own
    session with a private temporary directory as its cwd and ``HOME``
    (``PACKLIGHT_RUNNER_SANDBOX`` names it); its stderr goes to ``log_path`` (by default a
    file in that directory, deleted by :meth:`close`). Only ``PATH``, the locale, ``TZ`` and
    ``env`` reach it: no API keys. Requests are serialised, so one instance may be shared
    between threads.
    """

    argv: Sequence[str]
    name: str = "runner"
    timeout: float = 300.0
    """Seconds per request unless the request says otherwise."""
    start_timeout: float = 120.0
    """Seconds for the runner to import its package, warm up and say ``ready``."""
    env: Mapping[str, str] = field(default_factory=dict)
    log_path: Path | None = None
    """Where the runner's stderr goes; ``None`` keeps it in the sandbox until :meth:`close`."""
    ready: dict[str, Any] = field(default_factory=dict, init=False)
    current_log: Path | None = field(default=None, init=False)
    restarts: int = field(default=0, init=False)
    """How many times a runner was started after the first (timeouts, crashes)."""

    def __post_init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._sandbox: Path | None = None
        self._log_file: IO[bytes] | None = None
        self._lock = threading.RLock()
        self._next_id = 0
        self._timed_out = False
        self._started_once = False

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> dict[str, Any]:
        """Start the runner unless it is running; return its ``ready`` message."""
        with self._lock:
            if self.running:
                return self.ready
            self._stop_process()
            if self._started_once:
                self.restarts += 1
            self._started_once = True
            self._sandbox = Path(tempfile.mkdtemp(prefix=f"packlight-{self.name}-"))
            self.current_log = self.log_path or self._sandbox / "runner.log"
            self._log_file = self.current_log.open("ab")
            env = {
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "HOME": str(self._sandbox / "home"),
                "LANG": "C.UTF-8",
                "LC_ALL": "C.UTF-8",
                "PACKLIGHT_RUNNER_SANDBOX": str(self._sandbox),
                **self.env,
            }
            if "TZ" in os.environ:
                env["TZ"] = os.environ["TZ"]
            try:
                self._proc = subprocess.Popen(
                    list(self.argv),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=self._log_file,
                    env=env,
                    cwd=str(self._sandbox),
                    start_new_session=True,
                )
            except OSError as exc:
                self._stop_process()
                raise RunnerError(f"{self.name}: cannot start {self.argv[0]}: {exc}") from exc
            self._lines = queue.Queue()
            threading.Thread(
                target=_pump, args=(self._proc.stdout, self._lines), daemon=True
            ).start()
            self._timed_out = False
            message = self._receive(self._proc, self.start_timeout, what="runner start")
            if message.get("type") != "ready":
                self._stop_process()
                raise RunnerError(f"{self.name}: unexpected first message {message!r}")
            self.ready = message
            return message

    def close(self) -> None:
        """Ask the runner to exit, then make sure it has; removes the sandbox."""
        with self._lock:
            proc = self._proc
            if proc is not None and proc.poll() is None and proc.stdin is not None:
                with contextlib.suppress(OSError, ValueError):
                    proc.stdin.write(b'{"op": "shutdown", "id": -1}\n')
                    proc.stdin.flush()
                    proc.stdin.close()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=5)
            self._stop_process()

    def __enter__(self) -> RunnerProcess:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._stop_process()

    # -- requests ----------------------------------------------------------------------------

    def request(self, payload: Mapping[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """Send ``payload`` (which names its ``op``) and return the runner's reply, whose
        ``ok`` may be false with an ``error`` from the peer. Raises :class:`RunnerError`
        when the runner itself fails (then it has been stopped)."""
        limit = self.timeout if timeout is None else timeout
        with self._lock:
            self.start()
            proc = self._proc
            if proc is None or proc.stdin is None:
                raise RunnerError(f"{self.name}: runner is not running")
            self._next_id += 1
            request_id = self._next_id
            data = json.dumps({**payload, "id": request_id}).encode("ascii") + b"\n"
            self._timed_out = False
            # The watchdog covers the write too: a stuck runner cannot block us on a full pipe.
            watchdog = threading.Timer(limit, self._on_timeout, args=(proc,))
            watchdog.daemon = True
            watchdog.start()
            try:
                try:
                    proc.stdin.write(data)
                    proc.stdin.flush()
                except (OSError, ValueError):
                    pass  # the reader sees EOF; _receive reports it with the log tail
                what = f"request {payload.get('op')!r}"
                while True:
                    message = self._receive(proc, limit, what=what)
                    if message.get("id") == request_id:
                        return message
                    # A reply to an older request cannot arrive (the runner is killed when a
                    # request times out), so anything else is the runner misbehaving.
                    self._fail(proc, f"{what}: reply for id {message.get('id')!r}")
            finally:
                watchdog.cancel()

    # -- plumbing ----------------------------------------------------------------------------

    def _on_timeout(self, proc: subprocess.Popen[bytes]) -> None:
        self._timed_out = True
        _kill(proc)

    def _receive(self, proc: subprocess.Popen[bytes], limit: float, *, what: str) -> dict[str, Any]:
        # The request watchdog fires at ``limit``; this deadline is only a backstop.
        deadline = time.monotonic() + limit + 10
        try:
            line = self._lines.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            self._timed_out = True
            line = None
        if line is None:
            timed_out = self._timed_out or time.monotonic() >= deadline
            reason = f"timed out after {limit:g}s" if timed_out else "runner exited"
            self._fail(proc, f"{what}: {reason}")
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            # The runner keeps its protocol channel to itself (everything else printed goes
            # to stderr), so a stray line means it is broken: restart rather than guess.
            shown = line[:200].decode("utf-8", "replace").rstrip()
            self._fail(proc, f"{what}: malformed reply {shown!r}")
        return message

    def _fail(self, proc: subprocess.Popen[bytes], reason: str) -> NoReturn:
        _kill(proc)
        tail = self._log_tail()  # before _stop_process removes the sandbox
        self._stop_process()
        raise RunnerError(
            f"{self.name}: {reason} (exit code {proc.returncode}); runner stopped.\n{tail}"
        )

    def _log_tail(self, lines: int = 20) -> str:
        if self.current_log is None:
            return ""
        try:
            text = self.current_log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "runner log tail:\n" + "\n".join(text.splitlines()[-lines:])

    def _stop_process(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            _kill(proc)
            for stream in (proc.stdin, proc.stdout):
                with contextlib.suppress(Exception):
                    if stream is not None:
                        stream.close()
        if self._log_file is not None:
            with contextlib.suppress(OSError):
                self._log_file.close()
            self._log_file = None
        if self._sandbox is not None:
            # Removes the default log too; pass log_path= to keep one.
            shutil.rmtree(self._sandbox, ignore_errors=True)
            self._sandbox = None


def _pump(stream: IO[bytes] | None, lines: queue.Queue[bytes | None]) -> None:
    try:
        if stream is not None:
            for line in iter(stream.readline, b""):
                lines.put(line)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the runner and anything it started (its own session, see ``start_new_session``)."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)


def runner_argv(python: Path, adapter: Path) -> list[str]:
    """The command that serves ``adapter`` with ``python`` (isolated mode: no user site, no
    ``PYTHON*`` variables, no script directory on ``sys.path``)."""
    return [str(python), "-I", str(SERVE_SCRIPT), str(adapter)]
