#!/usr/bin/env python3
"""Bootstrap and run packlight's developer tasks with nothing but Python 3.11+.

    python3 dev.py demo    compact the bundled example session (no API key, no server)
    python3 dev.py test    lint, type-check and run the whole test suite
    python3 dev.py bench   run the benchmarks under benchmarks/ (writes benchmarks/results/)

Each task creates ``.venv`` on first use and reinstalls the project into it whenever
``pyproject.toml`` changes, so a fresh clone needs no manual step.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".packlight-install-stamp"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def _python() -> Path:
    return BIN / ("python.exe" if os.name == "nt" else "python")


def _run(*args: str | Path) -> None:
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, check=False)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


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


def demo() -> None:
    python = ensure_venv()
    _run(python, "-m", "packlight", "demo")


def test(pytest_args: list[str]) -> None:
    python = ensure_venv()
    _run(python, "-m", "ruff", "check", "src", "tests", "benchmarks", "dev.py")
    _run(python, "-m", "ruff", "format", "--check", "src", "tests", "benchmarks", "dev.py")
    _run(python, "-m", "mypy")
    _run(python, "-m", "pytest", *pytest_args)


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
