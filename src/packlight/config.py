"""packlight's settings, from four sources.

Precedence, highest first: constructor arguments (``load_settings(overrides=...)``, CLI
options) > ``PACKLIGHT_*`` environment variables > a YAML file > built-in defaults.

The YAML file is the first that exists of: the ``config_file`` argument (CLI ``--config``),
``$PACKLIGHT_CONFIG``, ``./packlight.yaml``, and ``config.yaml`` in the user config
directory (``platformdirs.user_config_dir("packlight")``).

Keys are dotted (``context.threshold_fraction``); the environment variable of a key is
``PACKLIGHT_`` + the key in upper case with dots as underscores
(``PACKLIGHT_CONTEXT_THRESHOLD_FRACTION``). ``model`` is ``PACKLIGHT_MODEL``. Per-model
overrides live under ``models:`` in the file only::

    model: gpt-4o
    context:
      threshold_fraction: 0.5
      reserved_output: 0
    models:
      my-local-model*:
        context_window: 32768
        max_output: 4096

Every value is validated; a bad one raises :class:`~packlight.errors.ConfigError` naming the
key, the value and what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import os
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packlight.budget import Budget, BudgetPolicy
from packlight.errors import ConfigError
from packlight.models import ModelInfo, ModelOverride, ModelRegistry
from packlight.tokens import DEFAULT_IMAGE_TOKENS, TokenCounter, counter_for_tokenizer

ENV_PREFIX = "PACKLIGHT_"
COUNTER_MODES = ("auto", "exact", "estimate")
CHECKPOINT_FRAMES = ("auto", "full", "compact")
DEFAULT_INSTRUCTION_FILES = (
    "AGENTS.md",
    "CLAUDE.md",
    ".cursorrules",
    ".cursor/rules/*.mdc",
    "HERMES.md",
    ".hermes.md",
)


@dataclass(frozen=True, slots=True)
class ContextSettings:
    """``context.*``: which engine runs and where compaction triggers."""

    engine: str = "compressor"
    context_window: int | None = None
    """Overrides the model registry's window for the main model."""
    reserved_output: int = 0
    threshold_fraction: float = 0.50
    floor_tokens: int = 64_000
    min_threshold_fraction: float | None = None
    tail_ratio: float = 0.20
    min_tail_messages: int = 3
    checkpoint_tokens: int = 0
    """The checkpoint's budget in tokens; 0 sizes it from the span it replaces (20% of it,
    within the window's limits). A checkpoint never exceeds its budget."""
    checkpoint_chars: int = 0
    """A budget in characters as well (0: none); the checkpoint stays within both."""
    checkpoint_frame: str = "auto"
    """``full`` (the reference-only preamble and headings), ``compact`` (one short line and
    short headings) or ``auto``: compact when the checkpoint's budget is small (under 1,000
    tokens or 4,000 characters), where the full frame would take a large share of it."""

    harness_patterns: tuple[str, ...] = ()
    """Regular expressions (Python syntax, searched anywhere in the text) that mark a user
    message as written by the agent's harness rather than a person: it never becomes the
    active task or the goal, and its sentences are not the user's statements. The session's
    first user message is never matched. Beside these, packlight recognises repeated
    templates, observation wrappers and templated notices by itself."""

    instruction_files: tuple[str, ...] = DEFAULT_INSTRUCTION_FILES
    """Project instruction files, in order of preference: names relative to a directory,
    a ``*`` in the last part matching several (all of them load, sorted). Searched from the
    start directory up to the git root; the nearest directory holding any of them wins, and
    in it the first name of this list (:mod:`packlight.context_files`)."""
    instruction_max_chars: int = 20_000
    """A longer instruction file keeps its head and tail around a marker line."""

    def __post_init__(self) -> None:
        for name in self.instruction_files:
            problem = instruction_name_problem(name)
            if problem:
                raise ConfigError("context.instruction_files", name, problem)
        if (
            not isinstance(self.instruction_max_chars, int)
            or isinstance(self.instruction_max_chars, bool)
            or self.instruction_max_chars < 1_000
        ):
            raise ConfigError(
                "context.instruction_max_chars", self.instruction_max_chars, "1000 or more"
            )
        for pattern in self.harness_patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ConfigError(
                    "context.harness_patterns", pattern, f"a valid regular expression ({exc})"
                ) from exc
        for key, value in (
            ("context.checkpoint_tokens", self.checkpoint_tokens),
            ("context.checkpoint_chars", self.checkpoint_chars),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigError(key, value, "an integer of at least 0 (0: automatic)")
        if self.checkpoint_frame not in CHECKPOINT_FRAMES:
            raise ConfigError(
                "context.checkpoint_frame", self.checkpoint_frame, " | ".join(CHECKPOINT_FRAMES)
            )
        if not self.engine:
            raise ConfigError("context.engine", self.engine, "the name of an engine")
        if self.context_window is not None and self.context_window <= 0:
            raise ConfigError(
                "context.context_window", self.context_window, "a positive integer or null"
            )
        if self.reserved_output < 0:
            raise ConfigError("context.reserved_output", self.reserved_output, "0 or more")
        self.policy()  # validates the budget fields with their dotted names

    def policy(self) -> BudgetPolicy:
        return BudgetPolicy(
            threshold_fraction=self.threshold_fraction,
            floor_tokens=self.floor_tokens,
            min_threshold_fraction=self.min_threshold_fraction,
            tail_ratio=self.tail_ratio,
            min_tail_messages=self.min_tail_messages,
        )


def instruction_name_problem(name: str) -> str | None:
    """What is wrong with an entry of ``context.instruction_files`` (``None``: nothing)."""
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\", "~")) or ".." in parts:
        return "a name inside the project directory (no absolute path, no '..')"
    if not name.strip() or "" in parts:
        return "a file name relative to the project directory (AGENTS.md, .cursor/rules/*.mdc)"
    if any(c in part for part in parts[:-1] for c in "*?[") or "**" in parts[-1]:
        return "a name with wildcards ('*', '?') in its last part only"
    return None


@dataclass(frozen=True, slots=True)
class TokenSettings:
    """``tokens.*``: how tokens are counted."""

    counter: str = "auto"
    """``auto`` (exact when the model's tokenizer ships with packlight, else estimate),
    ``exact`` (o200k_base when the model has no bundled tokenizer) or ``estimate``."""
    image_tokens: int = DEFAULT_IMAGE_TOKENS

    def __post_init__(self) -> None:
        if self.counter not in COUNTER_MODES:
            raise ConfigError("tokens.counter", self.counter, " | ".join(COUNTER_MODES))
        if self.image_tokens < 0:
            raise ConfigError("tokens.image_tokens", self.image_tokens, "0 or more")


SUMMARIZER_CHOICES = ("auto", "deterministic", "llm")
SUMMARY_PROVIDERS = ("openai", "anthropic")


@dataclass(frozen=True, slots=True)
class SummarySettings:
    """``summary.*``: who writes the checkpoint's prose (DESIGN 5, step 4).

    The summary model defaults to the main model; its key to ``PACKLIGHT_SUMMARY_API_KEY``,
    then ``OPENAI_API_KEY`` / ``ANTHROPIC_API_KEY`` by provider (read when the provider is
    built, never stored in reports or logs).
    """

    summarizer: str = "auto"
    """``auto`` (the LLM when ``summary.model`` is set, else deterministic), ``deterministic``
    or ``llm`` (the summary model, else the main model)."""
    provider: str = "openai"
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    temperature: float | None = None
    """Sampling temperature sent with each OpenAI-compatible summary call (0 to 2; refused
    with the anthropic provider); unset leaves the server's default. 0 makes a local
    model's checkpoints repeatable."""
    context_window: int | None = None
    """The summary model's window, when the model registry does not know it."""
    input_chars: int = 160_000
    """Cap on the transcript text sent to the summary model (head and tail kept)."""
    max_output_tokens: int = 8_192
    """Cap on ``max_tokens`` (half the checkpoint budget otherwise); lower it for slow
    local models."""
    abort_on_failure: bool = False
    """Turn every summarizer failure into an abort (transcript unchanged) instead of the
    deterministic fallback."""

    def __post_init__(self) -> None:
        if self.summarizer not in SUMMARIZER_CHOICES:
            raise ConfigError("summary.summarizer", self.summarizer, " | ".join(SUMMARIZER_CHOICES))
        if self.provider not in SUMMARY_PROVIDERS:
            raise ConfigError("summary.provider", self.provider, " | ".join(SUMMARY_PROVIDERS))
        if not self.timeout > 0:
            raise ConfigError("summary.timeout", self.timeout, "a positive number of seconds")
        if self.temperature is not None:
            # Imported here: the providers module is loaded only when a summary model is set.
            from packlight.summarizers.providers import check_temperature

            check_temperature(self.provider, self.temperature)
        if self.context_window is not None and self.context_window <= 0:
            raise ConfigError(
                "summary.context_window", self.context_window, "a positive integer or null"
            )
        if self.max_output_tokens < 128:
            raise ConfigError("summary.max_output_tokens", self.max_output_tokens, "128 or more")
        if self.input_chars < 1_000:
            raise ConfigError("summary.input_chars", self.input_chars, "1000 or more")


CACHE_TTLS = ("5m", "1h")


@dataclass(frozen=True, slots=True)
class LiveSettings:
    """``live.*``: the live loop (``Session``, ``packlight.wrap``)."""

    prompt_caching: bool = True
    """Anthropic ``cache_control`` breakpoints on the system prompt and the last three
    eligible messages (the Anthropic wrapper adds them; off with ``false``)."""
    cache_ttl: str = "5m"
    """``5m`` or ``1h``: how long Anthropic keeps a cached prefix."""
    max_recovery_attempts: int = 3
    """Recoveries (compact and retry) per request before the overflow reaches the caller."""
    min_output_tokens: int = 16
    """The smallest ``max_tokens`` packlight lowers a request's to when the prompt fits the
    window but the reply the caller asked for does not (and compaction cannot help)."""
    defer_preflight: bool = True
    """Whether an estimate over the threshold waits for the provider's real usage before
    compacting (the last real usage was under the threshold and the history grew by less
    than 2,000 tokens, or a compaction just ran): fewer compactions, so prompt caches hit
    longer, at the price of requests between the threshold and the window. ``false`` keeps
    every request under the threshold by packlight's estimate (the framework integrations'
    default)."""

    def __post_init__(self) -> None:
        if self.cache_ttl not in CACHE_TTLS:
            raise ConfigError("live.cache_ttl", self.cache_ttl, " | ".join(CACHE_TTLS))
        if self.max_recovery_attempts < 0:
            raise ConfigError("live.max_recovery_attempts", self.max_recovery_attempts, "0 or more")
        if self.min_output_tokens < 1:
            raise ConfigError("live.min_output_tokens", self.min_output_tokens, "1 or more")


@dataclass(frozen=True, slots=True)
class GatewaySettings:
    """``gateway.*``: ``packlight serve`` (the CLI's options override these)."""

    upstream: str | None = None
    """The provider's base URL (``https://api.openai.com``, ``http://127.0.0.1:8080``)."""
    host: str = "127.0.0.1"
    port: int = 8787
    store: str | None = None
    """Where sessions live: a ``postgresql://`` DSN (several replicas) or a SQLite path
    (default: the SQLite file under ``PACKLIGHT_HOME``)."""
    api_keys: tuple[str, ...] = ()
    """The gateway's own keys (from the environment, one per line). Without any key and key
    file the gateway is open: each caller's own credential then names its sessions."""
    keys_file: str | None = None
    """A file of keys, one per line (``#`` comments and blank lines skipped)."""
    upstream_key: str | None = None
    """The key sent to the upstream. Without it, the caller's own credential is passed
    through when the gateway is open (``pass_through_key`` forces that either way)."""
    pass_through_key: bool = False
    max_body_bytes: int = 32 * 1024 * 1024
    upstream_timeout: float = 600.0
    """Seconds to wait for the upstream's answer (and between two chunks of a stream)."""
    connect_timeout: float = 10.0
    hygiene_fraction: float = 0.85
    """The safety net: compact whenever a request would fill this share of the window..."""
    hygiene_messages: int = 5_000
    """...or hold this many messages, whatever the preflight rule decided."""
    cached_sessions: int = 1_000
    """Sessions kept in memory per process (the store has them all)."""
    compaction_workers: int | None = None
    """Worker processes that compute compactions, so that one never stalls the requests
    served meanwhile (default: one per core but one, from 1 to 4; 0: in the serving
    process)."""

    def __post_init__(self) -> None:
        if not 1 <= self.port <= 65_535:
            raise ConfigError("gateway.port", self.port, "a port from 1 to 65535")
        if self.max_body_bytes < 1:
            raise ConfigError("gateway.max_body_bytes", self.max_body_bytes, "1 or more")
        for key in ("upstream_timeout", "connect_timeout"):
            if not getattr(self, key) > 0:
                raise ConfigError(f"gateway.{key}", getattr(self, key), "a positive number")
        if not 0 < self.hygiene_fraction <= 1:
            raise ConfigError("gateway.hygiene_fraction", self.hygiene_fraction, "in (0, 1]")
        if self.hygiene_messages < 2:
            raise ConfigError("gateway.hygiene_messages", self.hygiene_messages, "2 or more")
        if self.cached_sessions < 1:
            raise ConfigError("gateway.cached_sessions", self.cached_sessions, "1 or more")
        if self.compaction_workers is not None and self.compaction_workers < 0:
            raise ConfigError(
                "gateway.compaction_workers", self.compaction_workers, "0 or more processes"
            )


@dataclass(frozen=True, slots=True)
class StoreSettings:
    """``store.*``: what the session store does to the bodies it writes (docs/security.md).

    Environment: ``PACKLIGHT_STORE_KEY``, ``PACKLIGHT_STORE_OLD_KEYS`` (comma-separated),
    ``PACKLIGHT_STORE_REDACT_ON_ARCHIVE``. Where the store is stays ``PACKLIGHT_STORE_URL``.
    """

    key: str | None = field(default=None, repr=False)
    """Seal message bodies, artifacts and engine state with AES-256-GCM under this key
    (base64url of 32 random bytes; ``packlight store new-key`` makes one). Needs
    ``packlight[encryption]``."""
    old_keys: tuple[str, ...] = field(default=(), repr=False)
    """Earlier keys, accepted for reading only (rotation; ``packlight store rekey`` moves
    every row to ``key``)."""
    redact_on_archive: bool = False
    """Redact secrets (``packlight.redact``) out of message and artifact bodies before they
    are written: they are lost, not kept."""

    def __post_init__(self) -> None:
        if not self.key and not self.old_keys:
            # Nothing to validate; the store's modules stay unimported for commands that
            # never open it (and until compress has started loading its tokenizer).
            return
        from packlight.store.protection import StoreProtection

        StoreProtection(self.key, self.old_keys, self.redact_on_archive)  # validates the keys


@dataclass(frozen=True, slots=True)
class Settings:
    """All of packlight's settings. Build with :func:`load_settings`."""

    model: str | None = None
    context: ContextSettings = field(default_factory=ContextSettings)
    tokens: TokenSettings = field(default_factory=TokenSettings)
    summary: SummarySettings = field(default_factory=SummarySettings)
    live: LiveSettings = field(default_factory=LiveSettings)
    gateway: GatewaySettings = field(default_factory=GatewaySettings)
    store: StoreSettings = field(default_factory=StoreSettings)
    models: Mapping[str, ModelOverride] = field(default_factory=dict)
    config_file: Path | None = None
    """The YAML file the settings were read from, if any."""

    def registry(self) -> ModelRegistry:
        return ModelRegistry(self.models)

    def model_info(self, model: str | None = None) -> ModelInfo:
        """Limits of ``model`` (default: the main model) with ``context.context_window`` applied."""
        window_known = self.context.context_window is not None
        info = self.registry().lookup(
            model if model is not None else self.model, warn=not window_known
        )
        if self.context.context_window is not None:
            info = dataclasses.replace(info, context_window=self.context.context_window)
        return info

    def budget(self, model: str | None = None) -> Budget:
        info = self.model_info(model)
        return Budget.for_window(
            info.context_window,
            reserved_output=self.context.reserved_output,
            policy=self.context.policy(),
            threshold_fraction=info.threshold_fraction,
        )

    def token_counter(self, model: str | None = None) -> TokenCounter:
        # Only the tokenizer is wanted: an unknown model's default window is not used here, so
        # it is warned of where the window is (Settings.budget), not here.
        info = self.registry().lookup(model if model is not None else self.model, warn=False)
        if self.tokens.counter == "estimate":
            return counter_for_tokenizer(None)
        if self.tokens.counter == "exact":
            return counter_for_tokenizer(info.tokenizer or "o200k_base")
        return counter_for_tokenizer(info.tokenizer)


# --- loading -----------------------------------------------------------------------------

_SECTIONS: dict[str, type[Any]] = {
    "context": ContextSettings,
    "tokens": TokenSettings,
    "summary": SummarySettings,
    "live": LiveSettings,
    "gateway": GatewaySettings,
    "store": StoreSettings,
}


def _known_keys() -> list[str]:
    keys = ["model"]
    for section, cls in _SECTIONS.items():
        keys.extend(f"{section}.{f.name}" for f in dataclasses.fields(cls))
    return keys


@functools.cache
def _field_type(key: str) -> Any:
    # Cached: resolving a dataclass's string annotations costs far more than the lookup, and
    # every Session and engine built applies its settings through here.
    if key == "model":
        return str | None
    section, name = key.split(".", 1)
    return typing.get_type_hints(_SECTIONS[section])[name]


def _coerce(key: str, value: Any, from_env: bool) -> Any:
    kind = _field_type(key)
    options = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
    optional = type(None) in options
    base = next(option for option in options if option is not type(None))
    if value is None or (from_env and str(value).strip().lower() in {"", "none", "null"}):
        if optional:
            return None
        raise ConfigError(key, value, f"a {base.__name__}")
    try:
        if typing.get_origin(base) is tuple:
            return _texts(value, from_env)
        if base is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise ValueError(text)
        if base is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError(value)
            return int(str(value).replace("_", "")) if isinstance(value, str) else int(value)
        if base is float:
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)
        if base is str:
            if not isinstance(value, str) and not from_env:
                raise ValueError(value)
            return str(value)
    except (TypeError, ValueError) as exc:
        expected = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}
        raise ConfigError(key, value, expected.get(base, "a list of strings")) from exc
    raise ConfigError(key, value, f"a {base}")  # pragma: no cover - all field types handled


def _texts(value: Any, from_env: bool) -> tuple[str, ...]:
    """A list of strings; from the environment, one per line."""
    if from_env and isinstance(value, str):
        return tuple(line for line in value.splitlines() if line.strip())
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(value)
    if not all(isinstance(item, str) for item in value):
        raise ValueError(value)
    return tuple(value)


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping) and dotted in _SECTIONS:
            flat.update(_flatten(value, f"{dotted}."))
        else:
            flat[dotted] = value
    return flat


def _check_known(key: str, source: str) -> None:
    known = _known_keys()
    if key not in known:
        close = difflib.get_close_matches(key, known, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"one of {', '.join(known)}"
        raise ConfigError(key, f"<from {source}>", f"a known setting ({hint})")


def _parse_models(raw: Any, source: str) -> dict[str, ModelOverride]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ConfigError("models", raw, f"a mapping of model patterns to limits (in {source})")
    allowed = {f.name for f in dataclasses.fields(ModelOverride)}
    result: dict[str, ModelOverride] = {}
    for pattern, entry in raw.items():
        if not isinstance(entry, Mapping):
            raise ConfigError(f"models.{pattern}", entry, "a mapping such as {context_window: N}")
        for name in entry:
            if name not in allowed:
                raise ConfigError(
                    f"models.{pattern}.{name}", entry[name], f"one of {', '.join(sorted(allowed))}"
                )
        window = entry.get("context_window")
        if window is not None and (not isinstance(window, int) or window <= 0):
            raise ConfigError(f"models.{pattern}.context_window", window, "a positive integer")
        max_output = entry.get("max_output")
        if max_output is not None and (not isinstance(max_output, int) or max_output < 0):
            raise ConfigError(f"models.{pattern}.max_output", max_output, "0 or more")
        fraction = entry.get("threshold_fraction")
        if fraction is not None and (
            not isinstance(fraction, int | float)
            or isinstance(fraction, bool)
            or not 0 < fraction < 1
        ):
            raise ConfigError(
                f"models.{pattern}.threshold_fraction", fraction, "a number between 0 and 1"
            )
        result[str(pattern)] = ModelOverride(
            context_window=window,
            max_output=max_output,
            tokenizer=entry.get("tokenizer"),
            threshold_fraction=fraction,
        )
    return result


def user_config_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("packlight")) / "config.yaml"


def find_config_file(explicit: str | Path | None, env: Mapping[str, str], cwd: Path) -> Path | None:
    """The YAML file to read, in precedence order; an explicitly named file must exist."""
    for candidate, must_exist in (
        (explicit, True),
        (env.get(f"{ENV_PREFIX}CONFIG"), True),
    ):
        if candidate:
            path = Path(candidate).expanduser()
            if must_exist and not path.is_file():
                raise ConfigError("config_file", str(path), "an existing YAML file")
            return path
    for path in (cwd / "packlight.yaml", user_config_path()):
        if path.is_file():
            return path
    return None


def read_config_file(path: Path) -> dict[str, Any]:
    # Imported here: most runs have no config file, and a command that starts loading its
    # tokenizer once the settings are known (compress) should reach that point quickly.
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ConfigError("config_file", str(path), f"valid YAML ({exc})") from exc
    except OSError as exc:
        raise ConfigError("config_file", str(path), f"a readable file ({exc})") from exc
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ConfigError("config_file", str(path), "a YAML mapping at the top level")
    return dict(data)


def _env_values(env: Mapping[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key in _known_keys():
        name = ENV_PREFIX + key.upper().replace(".", "_")
        if name in env:
            values[key] = env[name]
    return values


def load_settings(
    overrides: Mapping[str, Any] | None = None,
    *,
    config_file: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Settings:
    """Build :class:`Settings` from overrides > environment > file > defaults.

    ``overrides`` uses dotted keys (``{"context.threshold_fraction": 0.6}``) or nested
    mappings; ``None`` values in it are ignored, so CLI options left unset fall through.
    """
    env = os.environ if env is None else env
    path = find_config_file(config_file, env, cwd or Path.cwd())
    file_data = read_config_file(path) if path else {}
    models = _parse_models(file_data.pop("models", None), str(path))

    merged: dict[str, Any] = {}
    for source, values, from_env in (
        (str(path), _flatten(file_data), False),
        ("environment", _env_values(env), True),
        ("arguments", _flatten(overrides or {}), False),
    ):
        for key, value in values.items():
            if source == "arguments" and value is None:
                continue
            _check_known(key, source)
            merged[key] = _coerce(key, value, from_env)

    sections: dict[str, dict[str, Any]] = {name: {} for name in _SECTIONS}
    for key, value in merged.items():
        if key == "model":
            continue
        section, name = key.split(".", 1)
        sections[section][name] = value
    return Settings(
        model=merged.get("model"),
        context=ContextSettings(**sections["context"]),
        tokens=TokenSettings(**sections["tokens"]),
        summary=SummarySettings(**sections["summary"]),
        live=LiveSettings(**sections["live"]),
        gateway=GatewaySettings(**sections["gateway"]),
        store=StoreSettings(**sections["store"]),
        models=models,
        config_file=path,
    )


def resolve_key(name: str) -> str:
    """The dotted key of a setting named by its key (``context.threshold_fraction``), its key
    with ``__`` for dots, or its short name when only one section has it
    (``threshold_fraction``)."""
    dotted = name.replace("__", ".")
    known = _known_keys()
    if dotted in known:
        return dotted
    matches = [key for key in known if key.rsplit(".", 1)[-1] == name]
    if len(matches) == 1:
        return matches[0]
    _check_known(dotted, "arguments")  # raises, naming the closest known key
    raise ConfigError(name, "<ambiguous>", f"one of {', '.join(matches)}")


def settings_with(settings: Settings | None, overrides: Mapping[str, Any]) -> Settings:
    """``settings`` (default: :func:`load_settings`) with ``overrides`` applied on top; keys
    as :func:`resolve_key` reads them. Values are validated like any other source."""
    resolved = {resolve_key(name): value for name, value in overrides.items()}
    if settings is None:
        return load_settings(resolved)
    if not resolved:
        return settings
    merged: dict[str, Any] = {"model": settings.model}
    for section in _SECTIONS:
        values = getattr(settings, section)
        for item in dataclasses.fields(values):
            merged[f"{section}.{item.name}"] = getattr(values, item.name)
    for key, value in resolved.items():
        merged[key] = _coerce(key, value, from_env=False)
    sections: dict[str, dict[str, Any]] = {name: {} for name in _SECTIONS}
    for key, value in merged.items():
        if key != "model":
            section, name = key.split(".", 1)
            sections[section][name] = value
    return dataclasses.replace(
        settings,
        model=merged["model"],
        **{name: _SECTIONS[name](**values) for name, values in sections.items()},
    )
