"""Hermes' ContextCompressor as a benchmark peer, run as a black box in its own virtualenv.

Hermes (``hermes-agent`` on PyPI) is installed into ``<repo>/.venv-hermes`` and driven through
``hermes_runner.py``, one long-lived subprocess speaking JSON lines, so its interpreter start
and imports are paid once per ``HermesPeer``. No Hermes code lives in this repository.

    from peers.hermes import HermesPeer

    with HermesPeer() as peer:
        outcome = peer.compress(messages, context_window=32_000)
        print(outcome.path, len(outcome.messages), outcome.seconds)

See ``benchmarks/peers/README.md`` for the configuration Hermes gets and its caveats.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

HERMES_VERSION = "0.19.0"
HERMES_PACKAGE = f"hermes-agent=={HERMES_VERSION}"
REPO_ROOT = Path(__file__).resolve().parents[2]
HERMES_VENV = REPO_ROOT / ".venv-hermes"
RUNNER = Path(__file__).resolve().with_name("hermes_runner.py")
STAMP_NAME = ".packlight-hermes-stamp.json"

# Interpreters Hermes 0.19.0 accepts (Requires-Python: >=3.11,<3.14).
_PYTHON_RANGE = ((3, 11), (3, 14))
_INSTALL_TIMEOUT = 1800.0


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def _stamp() -> dict[str, str]:
    return {"package": HERMES_PACKAGE}


def _read_stamp(venv: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((venv / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


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


def _base_python() -> str:
    """``python3`` from PATH when Hermes supports it, else this interpreter
    (PACKLIGHT_HERMES_PYTHON overrides both)."""
    candidates = [os.environ.get("PACKLIGHT_HERMES_PYTHON"), shutil.which("python3")]
    candidates.append(sys.executable)
    for candidate in candidates:
        if not candidate:
            continue
        version = _python_version(candidate)
        if version is not None and _PYTHON_RANGE[0] <= version < _PYTHON_RANGE[1]:
            return candidate
    raise RuntimeError(
        f"no Python in [{_PYTHON_RANGE[0]}, {_PYTHON_RANGE[1]}) found for {HERMES_PACKAGE}; "
        "set PACKLIGHT_HERMES_PYTHON"
    )


def _run_logged(cmd: list[str], *, timeout: float, env: dict[str, str] | None = None) -> None:
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, check=False, env=env
    )
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-30:])
        raise RuntimeError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{tail}")


def ensure_hermes_venv(venv: Path = HERMES_VENV) -> Path:
    """Create ``venv`` with ``hermes-agent==HERMES_VERSION`` unless it is already there.

    Idempotent: a stamp file written after a successful install and import check marks the
    venv as complete; a venv without a matching stamp (interrupted install, other version) is
    rebuilt from scratch. Concurrent callers serialise on a lock file in the temp directory.
    Returns the venv's python.
    """
    venv = Path(venv)
    python = _venv_python(venv)
    if _read_stamp(venv) == _stamp() and python.exists():
        return python

    key = hashlib.sha256(str(venv.resolve()).encode()).hexdigest()[:16]
    lock_path = Path(tempfile.gettempdir()) / f"packlight-hermes-venv-{key}.lock"
    with lock_path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _read_stamp(venv) == _stamp() and python.exists():
            return python
        print(f"[hermes peer] installing {HERMES_PACKAGE} into {venv} ...", file=sys.stderr)
        if venv.exists():
            shutil.rmtree(venv)
        _run_logged([_base_python(), "-m", "venv", str(venv)], timeout=300)
        _run_logged(
            [
                str(python),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                HERMES_PACKAGE,
            ],
            timeout=_INSTALL_TIMEOUT,
        )
        # The runner's imports, checked in a sandbox so Hermes never touches the real HOME.
        with tempfile.TemporaryDirectory(prefix="packlight-hermes-check-") as home:
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home}
            env["HERMES_HOME"] = str(Path(home) / "hermes-home")
            _run_logged(
                [
                    str(python),
                    "-I",
                    "-c",
                    "import agent.context_compressor, agent.model_metadata",
                ],
                timeout=300,
                env=env,
            )
        (venv / STAMP_NAME).write_text(json.dumps(_stamp()), encoding="utf-8")
        print(f"[hermes peer] {HERMES_PACKAGE} ready in {venv}", file=sys.stderr)
    return python


@dataclass
class HermesOutcome:
    """One ``ContextCompressor.compress`` call.

    ``messages`` is what Hermes returned (empty when ``error`` is set); ``seconds`` is the wall
    time of ``compress`` measured inside the runner (no JSON transport, no constructor);
    ``path`` is what Hermes did: ``static_fallback`` (middle replaced by its deterministic
    "summary unavailable" handoff), ``noop`` (returned unchanged: too few messages or nothing
    outside the protected head/tail), ``aborted`` (summary failure made it keep everything)
    or ``llm_summary`` (never expected here: no model is configured). ``info`` holds the
    thresholds, rough token counts and the count of blocked network attempts.
    """

    messages: list[dict[str, Any]]
    seconds: float
    error: str | None = None
    path: str | None = None
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class HermesDecision:
    """Hermes' should-compress check: rough request estimate + ``should_compress``."""

    decision: bool
    tokens: int
    threshold_tokens: int
    seconds: float


class HermesPeerError(RuntimeError):
    pass


class HermesPeer:
    """One long-lived ``hermes_runner.py`` subprocess in ``.venv-hermes``.

    The subprocess starts on first use (``start()`` starts it eagerly) and is restarted after
    a timeout or crash. Each request gets ``timeout`` seconds (per call override available);
    past that the subprocess is killed and the call returns an outcome with ``error`` set.
    Requests are serialised, so one peer may be shared between threads.
    """

    def __init__(
        self,
        *,
        timeout: float = 300.0,
        start_timeout: float = 120.0,
        venv: Path = HERMES_VENV,
        log_level: str = "WARNING",
        log_path: Path | None = None,
    ) -> None:
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.venv = Path(venv)
        self.log_level = log_level
        self._log_path_arg = Path(log_path) if log_path else None
        self.log_path: Path | None = None
        self.ready: dict[str, Any] = {}
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._sandbox: Path | None = None
        self._log_file: IO[bytes] | None = None
        self._lock = threading.RLock()
        self._next_id = 0
        self._timed_out = False

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """Start the runner (if not running) and return its ``ready`` message."""
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                return self.ready
            self._stop_process()
            python = ensure_hermes_venv(self.venv)
            self._sandbox = Path(tempfile.mkdtemp(prefix="packlight-hermes-"))
            self.log_path = self._log_path_arg or self._sandbox / "runner.log"
            self._log_file = self.log_path.open("ab")
            env = {
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "HOME": str(self._sandbox / "home"),
                "LANG": "C.UTF-8",
                "LC_ALL": "C.UTF-8",
                "PACKLIGHT_HERMES_SANDBOX": str(self._sandbox),
                "PACKLIGHT_HERMES_LOG_LEVEL": self.log_level,
            }
            if "TZ" in os.environ:
                env["TZ"] = os.environ["TZ"]
            self._proc = subprocess.Popen(
                [str(python), "-I", str(RUNNER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log_file,
                env=env,
                cwd=str(self._sandbox),
                start_new_session=True,
            )
            self._lines = queue.Queue()
            threading.Thread(
                target=_pump, args=(self._proc.stdout, self._lines), daemon=True
            ).start()
            self._timed_out = False
            message = self._receive(self._proc, self.start_timeout, what="runner start")
            if message.get("type") != "ready":
                self._stop_process()
                raise HermesPeerError(f"unexpected first message from runner: {message!r}")
            self.ready = message
            return message

    def close(self) -> None:
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

    def __enter__(self) -> HermesPeer:
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

    def compress(
        self,
        messages: list[dict[str, Any]],
        *,
        context_window: int,
        model: str = "gpt-4o",
        focus: str | None = None,
        fresh: bool = True,
        timeout: float | None = None,
    ) -> HermesOutcome:
        """Hermes' ``ContextCompressor.compress`` on ``messages`` with context length
        ``context_window``. Never raises for Hermes or runner failures: they come back in
        ``error``.

        ``fresh=True`` (default) builds a new compressor for the call, so every call is
        independent and includes Hermes' failed attempt to reach a summary model (it
        serialises the middle into a summary prompt, finds no provider, then builds its static
        fallback). ``fresh=False`` reuses one compressor per (window, model) across calls,
        like one long-lived agent: after the first failure Hermes' 600 s summary cooldown
        makes later calls skip the prompt and the provider lookup."""
        request = {
            "op": "compress",
            "messages": messages,
            "context_window": int(context_window),
            "model": model,
            "focus": focus,
            "fresh": fresh,
        }
        try:
            resp = self._request(request, timeout)
        except HermesPeerError as exc:
            return HermesOutcome(messages=[], seconds=float("nan"), error=str(exc))
        if not resp.get("ok"):
            return HermesOutcome(
                messages=[], seconds=float("nan"), error=str(resp.get("error") or "failed")
            )
        return HermesOutcome(
            messages=resp["messages"],
            seconds=float(resp["seconds"]),
            error=None,
            path=resp.get("path"),
            info=resp.get("info") or {},
        )

    def should_compress(
        self,
        messages: list[dict[str, Any]],
        context_window: int,
        *,
        model: str = "gpt-4o",
        tools: list[dict[str, Any]] | None = None,
        timeout: float | None = None,
    ) -> HermesDecision:
        """Hermes' pre-call check: ``estimate_request_tokens_rough`` (messages + tool schemas)
        then ``should_compress`` on a fresh compressor. Raises ``HermesPeerError`` on failure."""
        request = {
            "op": "should_compress",
            "messages": messages,
            "context_window": int(context_window),
            "model": model,
            "tools": tools,
        }
        resp = self._request(request, timeout)
        if not resp.get("ok"):
            raise HermesPeerError(str(resp.get("error") or "should_compress failed"))
        return HermesDecision(
            decision=bool(resp["decision"]),
            tokens=int(resp["tokens"]),
            threshold_tokens=int(resp["threshold_tokens"]),
            seconds=float(resp["seconds"]),
        )

    def should_compress_seconds(
        self, messages: list[dict[str, Any]], context_window: int, **kwargs: Any
    ) -> float:
        """Seconds Hermes spends deciding whether to compress (measured inside the runner)."""
        return self.should_compress(messages, context_window, **kwargs).seconds

    def ping(self) -> bool:
        return bool(self._request({"op": "ping"}, 30).get("ok"))

    # -- plumbing ----------------------------------------------------------------------------

    def _request(self, payload: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        limit = self.timeout if timeout is None else timeout
        with self._lock:
            self.start()
            proc = self._proc
            if proc is None or proc.stdin is None:
                raise HermesPeerError("runner is not running")
            self._next_id += 1
            req_id = self._next_id
            data = json.dumps({**payload, "id": req_id}).encode("ascii") + b"\n"
            self._timed_out = False
            # The watchdog covers the write too: a stuck runner cannot block us on a full pipe.
            watchdog = threading.Timer(limit, self._on_timeout, args=(proc,))
            watchdog.daemon = True
            watchdog.start()
            try:
                try:
                    proc.stdin.write(data)
                    proc.stdin.flush()
                except (BrokenPipeError, OSError, ValueError):
                    pass  # the reader sees EOF; _receive reports it
                while True:
                    message = self._receive(proc, limit, what=f"request {payload['op']}")
                    if message.get("id") == req_id:
                        return message
            finally:
                watchdog.cancel()

    def _on_timeout(self, proc: subprocess.Popen[bytes]) -> None:
        self._timed_out = True
        _kill(proc)

    def _receive(self, proc: subprocess.Popen[bytes], limit: float, *, what: str) -> dict[str, Any]:
        # The request watchdog fires at ``limit``; this deadline is only a backstop.
        deadline = time.monotonic() + limit + 10
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(remaining, 0.01))
            except queue.Empty:
                self._timed_out = True
                line = None
            if line is None:
                timed_out = self._timed_out or time.monotonic() >= deadline
                _kill(proc)
                tail = self._log_tail()  # before _stop_process removes the sandbox
                self._stop_process()
                reason = f"timed out after {limit:g}s" if timed_out else "runner exited"
                raise HermesPeerError(
                    f"{what}: {reason} (exit code {proc.returncode}); runner stopped.\n{tail}"
                )
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict):
                return message

    def _log_tail(self, lines: int = 20) -> str:
        if self.log_path is None:
            return ""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
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
    """Kill the runner (its own process group, started with start_new_session)."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)
