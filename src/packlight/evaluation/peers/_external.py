"""What the external peers (LangChain, the OpenAI Agents SDK, hermes-agent) share on
packlight's side: finding their virtualenv, one runner subprocess per peer, failures turned
into error outcomes, and the shadow history that per-call filters need.

Per-call filters (``ClearToolUsesEdit``, ``ToolOutputTrimmer``) change only what one model
call receives; the agent's own history keeps everything. The replay, though, continues from
what ``prepare`` returns. :class:`ShadowHistory` reconciles the two: it remembers the full
history behind the last filtered one, so the next call filters ``full + new messages``
exactly as the real framework would, and not a history that was already filtered.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from packlight.evaluation.peers._subprocess import (
    RUNNERS_DIR,
    RunnerError,
    RunnerProcess,
    runner_argv,
    venv_python,
    venv_ready,
)
from packlight.evaluation.peers.base import PeerOutcome, PeerSettings, PeerUnavailable
from packlight.evaluation.peers.install import (
    ENVIRONMENTS,
    PEER_ENVIRONMENTS,
    environment_venv,
    unavailable_message,
)
from packlight.messages import INSTRUCTION_ROLES, Message, as_mapping

DEFAULT_TIMEOUT = 300.0
"""Seconds one ``prepare`` may take inside a runner before it is killed and restarted."""


class ExternalPeer:
    """Base of the peers that run in another virtualenv behind a :class:`RunnerProcess`.

    Construction checks the virtualenv (offline: only its stamp) and starts the runner, so
    a peer that cannot run raises :class:`PeerUnavailable` from its factory with the reason,
    and import and warm-up time never lands in a ``prepare``. ``venv`` overrides the
    virtualenv (default: the peer's environment under the peers directory).
    """

    name: str = ""
    runner_script: str = ""

    def __init__(
        self,
        settings: PeerSettings,
        *,
        venv: Path | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = 120.0,
    ) -> None:
        self.settings = settings
        environment = PEER_ENVIRONMENTS[self.name]
        self.venv = Path(venv) if venv is not None else environment_venv(environment)
        if not venv_ready(self.venv, ENVIRONMENTS[environment]):
            if venv is None:
                raise PeerUnavailable(unavailable_message(self.name))
            raise PeerUnavailable(
                f"{self.name}: {self.venv} is not a complete "
                f"{' '.join(ENVIRONMENTS[environment].packages)} virtualenv; "
                "run `packlight eval --install-peers` (needs PyPI)"
            )
        self.runner = RunnerProcess(
            argv=runner_argv(venv_python(self.venv), RUNNERS_DIR / self.runner_script),
            name=self.name,
            timeout=timeout,
            start_timeout=start_timeout,
        )
        try:
            self.runner.start()
        except RunnerError as exc:
            raise PeerUnavailable(f"{self.name}: its runner did not start: {exc}") from exc

    @property
    def versions(self) -> dict[str, Any]:
        """What the runner reported when it started (package versions, import seconds)."""
        return dict(self.runner.ready)

    def call(self, payload: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str | None, float]:
        """One request: ``(response, error, round-trip seconds)``; exactly one of response
        and error is set. A runner failure restarts the runner on the next call."""
        started = time.perf_counter()
        try:
            response = self.runner.request(payload)
        except RunnerError as exc:
            return None, str(exc), time.perf_counter() - started
        elapsed = time.perf_counter() - started
        if not response.get("ok"):
            return None, str(response.get("error") or "the runner reported a failure"), elapsed
        return response, None, elapsed

    def failed(self, history: Sequence[Message], error: str, elapsed: float) -> PeerOutcome:
        """The outcome of a call that failed: the input unchanged, the error in ``note``."""
        return PeerOutcome(
            messages=list(history),
            compacted=False,
            seconds=elapsed,
            note=f"{self.name} failed, history left unchanged: {error}",
            error=True,
            details={"round_trip_seconds": elapsed},
        )

    def close(self) -> None:
        self.runner.close()


class PerCallFilterPeer(ExternalPeer):
    """A peer that filters each request and never changes the history its framework keeps
    (LangChain's ``ClearToolUsesEdit``, the Agents SDK's ``ToolOutputTrimmer``).

    The full history lives in a :class:`ShadowHistory`; each call filters "full history + new
    messages" with the system prompt kept apart, as those frameworks do. A subclass says how
    to ask its runner (:meth:`filter_request`) and how to read the answer back.
    """

    def __init__(
        self,
        settings: PeerSettings,
        *,
        venv: Path | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        super().__init__(settings, venv=venv, timeout=timeout)
        self.shadow = ShadowHistory()

    def reset(self) -> None:
        self.shadow.reset()

    def filter_request(
        self, conversation: list[Message], system: str | None, force: bool
    ) -> tuple[dict[str, Any], Callable[[Mapping[str, Any]], list[Message]]]:
        """The runner request for ``conversation`` and how to turn its reply into messages
        (raising ``ValueError`` when the reply does not fit the request)."""
        raise NotImplementedError

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        full = self.shadow.full(history)
        instructions, conversation = split_leading_instructions(full)
        request, read_back = self.filter_request(
            conversation, instructions_text(instructions), force
        )
        response, error, elapsed = self.call(request)
        if response is None:
            return self.failed(history, error or "", elapsed)
        try:
            filtered = read_back(response)
        except ValueError as exc:
            return self.failed(history, str(exc), elapsed)
        sent = [*instructions, *filtered]
        self.shadow.remember(full, sent)
        return PeerOutcome(
            messages=sent,
            compacted=sent != list(history),
            seconds=float(response["seconds"]),
            details={
                **(response.get("info") or {}),
                "full_history_messages": len(full),
                "round_trip_seconds": elapsed,
            },
        )


def split_leading_instructions(history: Sequence[Message]) -> tuple[list[Message], list[Message]]:
    """``(leading system/developer messages, the rest)``: the frameworks keep the system
    prompt apart from the conversation (LangChain's ``system_prompt``, the Agents SDK's
    ``instructions``), so it is never theirs to summarise or trim."""
    index = 0
    while index < len(history) and as_mapping(history[index]).get("role") in INSTRUCTION_ROLES:
        index += 1
    return list(history[:index]), list(history[index:])


def instructions_text(messages: Sequence[Message]) -> str | None:
    """The text of instruction messages joined by blank lines (``None`` when there is none)."""
    texts: list[str] = []
    for message in messages:
        content = as_mapping(message).get("content")
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            texts.extend(str(part.get("text", "")) for part in content if isinstance(part, Mapping))
    joined = "\n\n".join(text for text in texts if text)
    return joined or None


class ShadowHistory:
    """The full history behind a per-call filter's output.

    After a call, :meth:`remember` stores the full history and the filtered one that was
    returned. The next call's history normally is that filtered list plus new messages;
    :meth:`full` then gives back ``full + new messages``. Any other history (a new
    trajectory, a replay that edited the past) is taken as full as it stands.
    """

    def __init__(self) -> None:
        self._full: list[Message] = []
        self._sent: list[Message] = []

    def reset(self) -> None:
        self._full = []
        self._sent = []

    def full(self, history: Sequence[Message]) -> list[Message]:
        sent = self._sent
        if not sent or len(history) < len(sent):
            return list(history)
        prefix = history[: len(sent)]
        same = all(a is b for a, b in zip(prefix, sent, strict=True)) or list(prefix) == sent
        if not same:
            return list(history)
        return [*self._full, *history[len(sent) :]]

    def remember(self, full: Sequence[Message], sent: Sequence[Message]) -> None:
        self._full = list(full)
        self._sent = list(sent)
