"""Provisioning the external peers' virtualenvs (the one step of ``packlight eval`` that
needs PyPI; ``packlight eval --install-peers`` calls :func:`install_peers`).

Each external peer runs in a virtualenv of its own under :func:`peers_dir`
(``$PACKLIGHT_PEERS_DIR``, else ``platformdirs.user_cache_dir("packlight")/peers``), built from
exact pins so every run compares the same code:

=============================  ==================  ==============================
peer                           environment         packages
=============================  ==================  ==============================
``langchain-summarization``    ``langchain``       ``langchain==1.5.2``
``langchain-clear-tool-uses``  ``langchain``       ``langchain==1.5.2``
``openai-agents-trimmer``      ``openai-agents``   ``openai-agents==0.24.0``
``hermes``                     ``hermes``          ``hermes-agent==0.19.0``
=============================  ==================  ==============================

A virtualenv counts as installed once its stamp file exists, written after an import check
of what the runner needs; building is idempotent and serialised by a lock file (see
:func:`packlight.evaluation.peers._subprocess.ensure_venv`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from packlight.evaluation.peers._subprocess import VenvError, VenvSpec, ensure_venv, peers_dir

ENVIRONMENTS: dict[str, VenvSpec] = {
    "langchain": VenvSpec(
        name="langchain",
        packages=("langchain==1.5.2",),
        import_check=(
            "import langchain.agents.middleware.summarization, "
            "langchain.agents.middleware.context_editing, "
            "langchain_core.language_models.fake_chat_models"
        ),
    ),
    "openai-agents": VenvSpec(
        name="openai-agents",
        packages=("openai-agents==0.24.0",),
        import_check="from agents.extensions import ToolOutputTrimmer; import agents.run_config",
    ),
    "hermes": VenvSpec(
        name="hermes",
        packages=("hermes-agent==0.19.0",),
        import_check="import agent.context_compressor, agent.model_metadata",
        stamp_name=".packlight-hermes-stamp.json",
        python_env="PACKLIGHT_HERMES_PYTHON",
    ),
}
"""Environment name -> what it holds."""

PEER_ENVIRONMENTS: dict[str, str] = {
    "langchain-summarization": "langchain",
    "langchain-clear-tool-uses": "langchain",
    "openai-agents-trimmer": "openai-agents",
    "hermes": "hermes",
}
"""Peer name (as in :data:`packlight.evaluation.peers.PEERS`) -> environment name."""


def environment_venv(environment: str) -> Path:
    """Where ``environment``'s virtualenv lives (it may not exist yet)."""
    return peers_dir() / environment


def unavailable_message(peer: str) -> str:
    """The :class:`PeerUnavailable` text for a peer whose virtualenv is missing."""
    environment = PEER_ENVIRONMENTS[peer]
    spec = ENVIRONMENTS[environment]
    return (
        f"{peer}: {' '.join(spec.packages)} is not installed in {environment_venv(environment)}; "
        "run `packlight eval --install-peers` (needs PyPI)"
    )


@dataclass
class InstallResult:
    environment: str
    venv: Path
    packages: tuple[str, ...]
    ok: bool
    seconds: float
    error: str | None = None


@dataclass
class InstallReport:
    """What :func:`install_peers` did, one entry per environment."""

    results: list[InstallResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(result.ok for result in self.results)

    def lines(self) -> list[str]:
        """One human-readable line per environment (the CLI prints these)."""
        out = []
        for result in self.results:
            what = " ".join(result.packages)
            if result.ok:
                out.append(f"ok      {what} in {result.venv} ({result.seconds:.0f} s)")
            else:
                first = (result.error or "failed").splitlines()[0]
                out.append(f"FAILED  {what} in {result.venv}: {first}")
        return out


def resolve_environments(names: Iterable[str] | None) -> list[str]:
    """Environment names for ``names`` (peer or environment names; ``None``, ``"all"`` or an
    empty list mean every external peer). Unknown names raise ``ValueError`` listing the
    known ones."""
    wanted = [] if names is None else [name for name in names if name]
    if not wanted or "all" in wanted:
        return list(ENVIRONMENTS)
    result: list[str] = []
    for name in wanted:
        environment = PEER_ENVIRONMENTS.get(name, name if name in ENVIRONMENTS else None)
        if environment is None:
            known = ", ".join(sorted({*PEER_ENVIRONMENTS, *ENVIRONMENTS}))
            raise ValueError(f"unknown external peer {name!r}; known: {known}")
        if environment not in result:
            result.append(environment)
    return result


def install_peers(names: Iterable[str] | None = None, *, announce: bool = True) -> InstallReport:
    """Build the virtualenvs of the peers named in ``names`` (peer names such as ``hermes`` or
    ``langchain-summarization``, environment names, or ``None``/``"all"`` for every external
    peer), skipping those already installed. Needs PyPI. Failures are reported per
    environment, not raised, so one unreachable package does not stop the others."""
    report = InstallReport()
    for environment in resolve_environments(names):
        spec = ENVIRONMENTS[environment]
        venv = environment_venv(environment)
        started = time.monotonic()
        try:
            ensure_venv(venv, spec, announce=announce)
        except (VenvError, OSError) as exc:
            report.results.append(
                InstallResult(
                    environment, venv, spec.packages, False, time.monotonic() - started, str(exc)
                )
            )
            continue
        report.results.append(
            InstallResult(environment, venv, spec.packages, True, time.monotonic() - started)
        )
    return report


__all__ = [
    "ENVIRONMENTS",
    "PEER_ENVIRONMENTS",
    "InstallReport",
    "InstallResult",
    "environment_venv",
    "install_peers",
    "resolve_environments",
    "unavailable_message",
]
