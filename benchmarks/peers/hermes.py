"""Hermes' ContextCompressor as a benchmark peer, run as a black box in its own virtualenv.

Hermes (``hermes-agent`` on PyPI) is installed into ``<repo>/.venv-hermes`` and driven through
one long-lived runner subprocess speaking JSON lines, so its interpreter start and imports
are paid once per ``HermesPeer``. No Hermes code lives in this repository.

    from peers.hermes import HermesPeer

    with HermesPeer() as peer:
        outcome = peer.compress(messages, context_window=32_000)
        print(outcome.path, len(outcome.messages), outcome.seconds)

The machinery is shared with ``packlight eval``: the virtualenv builder and the JSON-lines
client are ``packlight.evaluation.peers._subprocess``, and the runner is
``packlight/evaluation/peers/runners/hermes_runner.py`` served by ``runners/_serve.py``. This
module keeps the benchmarks' API on top. See ``benchmarks/peers/README.md`` for the
configuration Hermes gets and its caveats.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from packlight.evaluation.peers._subprocess import (
    RUNNERS_DIR,
    RunnerError,
    RunnerProcess,
    VenvError,
    ensure_venv,
    runner_argv,
)
from packlight.evaluation.peers.install import ENVIRONMENTS

SPEC = ENVIRONMENTS["hermes"]
HERMES_PACKAGE = SPEC.packages[0]
HERMES_VERSION = HERMES_PACKAGE.partition("==")[2]
REPO_ROOT = Path(__file__).resolve().parents[2]
HERMES_VENV = REPO_ROOT / ".venv-hermes"
RUNNER = RUNNERS_DIR / "hermes_runner.py"
STAMP_NAME = SPEC.stamp_name


def ensure_hermes_venv(venv: Path = HERMES_VENV) -> Path:
    """Create ``venv`` with ``hermes-agent==HERMES_VERSION`` unless it is already there.

    Idempotent: a stamp file written after a successful install and import check marks the
    venv as complete; a venv without a matching stamp (interrupted install, other version) is
    rebuilt from scratch. Concurrent callers serialise on a lock file in the temp directory.
    Returns the venv's python.
    """
    try:
        return ensure_venv(Path(venv), SPEC)
    except VenvError as exc:
        raise RuntimeError(str(exc)) from exc


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
    """One long-lived Hermes runner subprocess in ``.venv-hermes``.

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
        self._runner: RunnerProcess | None = None
        self._lock = threading.RLock()

    @property
    def ready(self) -> dict[str, Any]:
        """The runner's ``ready`` message (versions, import and warm-up timings)."""
        return self._runner.ready if self._runner is not None else {}

    @property
    def log_path(self) -> Path | None:
        """The current runner's log (removed by ``close()`` unless ``log_path=`` was given)."""
        return self._runner.current_log if self._runner is not None else None

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        """Start the runner (if not running) and return its ``ready`` message."""
        with self._lock:
            if self._runner is None:
                python = ensure_hermes_venv(self.venv)
                self._runner = RunnerProcess(
                    argv=runner_argv(python, RUNNER),
                    name="hermes",
                    timeout=self.timeout,
                    start_timeout=self.start_timeout,
                    env={"PACKLIGHT_RUNNER_LOG_LEVEL": self.log_level},
                    log_path=self._log_path_arg,
                )
            try:
                return self._runner.start()
            except RunnerError as exc:
                raise HermesPeerError(str(exc)) from exc

    def close(self) -> None:
        with self._lock:
            if self._runner is not None:
                self._runner.close()

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
        trace_memory: bool = False,
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
            "trace_memory": trace_memory,
        }
        try:
            resp = self._request(request, timeout)
        except HermesPeerError as exc:
            return HermesOutcome(messages=[], seconds=float("nan"), error=str(exc))
        if not resp.get("ok"):
            return HermesOutcome(
                messages=[], seconds=float("nan"), error=str(resp.get("error") or "failed")
            )
        info = dict(resp.get("info") or {})
        info["blocked_network_attempts"] = resp.get("network_blocked", 0)
        info["blocked_network_sample"] = resp.get("network_blocked_sample", [])
        return HermesOutcome(
            messages=resp["messages"],
            seconds=float(resp["seconds"]),
            error=None,
            path=resp.get("path"),
            info=info,
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

    def _request(self, payload: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        with self._lock:
            self.start()
            assert self._runner is not None  # start() made it
            try:
                return self._runner.request(payload, timeout)
            except RunnerError as exc:
                raise HermesPeerError(str(exc)) from exc
