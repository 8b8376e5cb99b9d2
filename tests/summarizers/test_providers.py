"""The OpenAI and Anthropic providers against a scripted loopback server."""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from collections.abc import Iterator

import pytest

from packlight.errors import ConfigError, MissingExtraError
from packlight.summarizers.providers import (
    AnthropicProvider,
    ChatProvider,
    Completion,
    OpenAIProvider,
    ProviderConfig,
    SummaryCallError,
    is_local_url,
    make_provider,
)
from tests.summarizers.scripted_server import (
    OK_TEXT,
    USAGE_IN,
    USAGE_OUT,
    Behaviour,
    ScriptedServer,
)

KEY = "sk-test-SECRET-0123456789abcdef"
MODEL = "summary-model-1"
TIMEOUT = 0.5
"""The timeout of the call that must time out (the scripted server waits four times as long)."""
ANSWERED_TIMEOUT = 10.0
"""The timeout of every call the server answers: generous, so that a loaded machine (a CI run
took over 0.5 s to answer a 400 once) cannot turn an answer into a timeout."""
PROVIDERS = ["openai", "anthropic"]

FAILURES: list[tuple[Behaviour, str, int | None]] = [
    ("401", "auth", 401),
    ("403", "auth", 403),
    ("402", "quota", 402),
    ("400_quota", "quota", 400),
    ("403_billing", "quota", 403),
    ("429_quota", "quota", 429),
    ("400", "malformed", 400),
    ("429_rate", "server", 429),
    ("404", "model_not_found", 404),
    ("500", "server", 500),
    ("drop", "network", None),
    ("slow", "timeout", None),
    ("empty_choices", "empty", None),
    ("content_null", "empty", None),
    ("whitespace", "empty", None),
    ("malformed_json", "malformed", None),
]


def _config(
    provider: str, server: ScriptedServer, timeout: float = ANSWERED_TIMEOUT
) -> ProviderConfig:
    return ProviderConfig(
        provider=provider,  # type: ignore[arg-type]
        model=MODEL,
        base_url=server.openai_url if provider == "openai" else server.root_url,
        api_key=KEY,
        timeout=timeout,
    )


@pytest.fixture
def serve() -> Iterator[list[ScriptedServer]]:
    servers: list[ScriptedServer] = []
    yield servers
    for server in servers:
        server.__exit__(None, None, None)


def _start(servers: list[ScriptedServer], behaviour: Behaviour) -> ScriptedServer:
    server = ScriptedServer(behaviour, slow_seconds=TIMEOUT * 4).__enter__()
    servers.append(server)
    return server


def _call(provider: ChatProvider, *, use_async: bool) -> Completion:
    if use_async:
        return asyncio.run(provider.acomplete("be brief", "summarize this", max_tokens=321))
    return provider.complete("be brief", "summarize this", max_tokens=321)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("behaviour", "kind", "status"), FAILURES, ids=[f[0] for f in FAILURES])
def test_failures_map_to_kinds(
    serve: list[ScriptedServer],
    provider: str,
    use_async: bool,
    behaviour: Behaviour,
    kind: str,
    status: int | None,
) -> None:
    server = _start(serve, behaviour)
    chat = make_provider(
        _config(provider, server, TIMEOUT if kind == "timeout" else ANSWERED_TIMEOUT)
    )
    try:
        with pytest.raises(SummaryCallError) as info:
            _call(chat, use_async=use_async)
    finally:
        chat.close()  # type: ignore[attr-defined]
    error = info.value
    assert error.kind == kind, str(error)
    assert error.status == status
    assert KEY not in str(error)
    assert KEY not in repr(error)
    assert error.retryable == (kind in {"server", "timeout"})
    # No chained SDK exception: a logged traceback cannot show the request or the key.
    assert error.__cause__ is None
    assert error.__suppress_context__


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_ok_returns_text_usage_and_sends_request(
    serve: list[ScriptedServer], provider: str, use_async: bool
) -> None:
    server = _start(serve, "ok")
    chat = make_provider(_config(provider, server))
    try:
        completion = _call(chat, use_async=use_async)
    finally:
        chat.close()  # type: ignore[attr-defined]
    assert completion == Completion(
        text=OK_TEXT, input_tokens=USAGE_IN, output_tokens=USAGE_OUT, model=MODEL
    )
    assert len(server.requests) == 1  # no SDK retries
    request = server.requests[0]
    assert request["model"] == MODEL
    assert request["max_tokens"] == 321
    assert "temperature" not in request  # unset: the provider's own default
    if provider == "openai":
        assert server.paths == ["/v1/chat/completions"]
        assert request["messages"] == [
            {"role": "system", "content": "be brief"},
            {"role": "user", "content": "summarize this"},
        ]
        assert server.headers[0]["authorization"] == f"Bearer {KEY}"
    else:
        assert server.paths == ["/v1/messages"]
        assert request["system"] == "be brief"
        assert request["messages"] == [{"role": "user", "content": "summarize this"}]
        sent = server.headers[0]
        # Older SDKs send x-api-key; newer ones a bearer token.
        assert sent.get("x-api-key") == KEY or sent.get("authorization") == f"Bearer {KEY}"


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("temperature", [0.0, 0.35, 2.0])
def test_a_set_temperature_is_sent(
    serve: list[ScriptedServer], use_async: bool, temperature: float
) -> None:
    server = _start(serve, "ok")
    config = dataclasses.replace(_config("openai", server), temperature=temperature)
    chat = make_provider(config)
    try:
        _call(chat, use_async=use_async)
    finally:
        chat.close()  # type: ignore[attr-defined]
    assert server.requests[0]["temperature"] == temperature


@pytest.mark.parametrize(
    ("provider", "temperature", "expected"),
    [
        ("openai", -0.1, "from 0 to 2"),
        ("openai", 2.5, "from 0 to 2"),
        ("openai", float("nan"), "from 0 to 2"),
        ("anthropic", 0.0, "unset with the anthropic provider"),
    ],
)
def test_a_temperature_the_provider_cannot_take_is_refused(
    provider: str, temperature: float, expected: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        ProviderConfig(provider, MODEL, temperature=temperature)  # type: ignore[arg-type]
    assert caught.value.key == "summary.temperature"
    assert expected in str(caught.value)


REMOTE = {"openai": "http://api.example.test/v1", "anthropic": "http://api.example.test"}


def _sdk_provider(
    provider: str, base_url: str | None, api_key: str | None
) -> OpenAIProvider | AnthropicProvider:
    config = ProviderConfig(
        provider,  # type: ignore[arg-type]
        MODEL,
        base_url=base_url,
        api_key=api_key,
        timeout=TIMEOUT,
    )
    return OpenAIProvider(config) if provider == "openai" else AnthropicProvider(config)


@pytest.fixture
def proxy_through(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedServer]:
    """A scripted server that every plain-HTTP request goes through as its proxy, so a
    request for a remote endpoint is counted on loopback instead of leaving the machine."""
    with ScriptedServer("ok") as server:
        for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "http_proxy"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("HTTP_PROXY", server.root_url)
        yield server


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("api_key", [None, "", "  "], ids=["none", "empty", "blank"])
def test_a_remote_endpoint_without_a_key_fails_before_any_request(
    proxy_through: ScriptedServer, provider: str, use_async: bool, api_key: str | None
) -> None:
    chat = _sdk_provider(provider, REMOTE[provider], api_key)
    with chat, pytest.raises(SummaryCallError) as info:
        _call(chat, use_async=use_async)
    assert proxy_through.requests == []
    error = info.value
    assert error.kind == "auth"
    assert error.status is None
    vendor = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    assert "PACKLIGHT_SUMMARY_API_KEY" in str(error)
    assert vendor in str(error)
    assert "no request was sent" in str(error)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_same_remote_endpoint_with_a_key_is_reached(
    proxy_through: ScriptedServer, provider: str
) -> None:
    """The control for the test above: through the same proxy, a key means a request."""
    with _sdk_provider(provider, REMOTE[provider], KEY) as chat:
        assert _call(chat, use_async=False).text == OK_TEXT
    assert len(proxy_through.requests) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_vendor_endpoint_without_a_key_fails_before_any_request(
    provider: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    # Were a request made, the test network guard would raise InternetAccessError instead.
    expected = r"\[auth\].*PACKLIGHT_SUMMARY_API_KEY"
    chat = _sdk_provider(provider, None, None)
    with chat, pytest.raises(SummaryCallError, match=expected):
        _call(chat, use_async=False)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_local_server_needs_no_key(
    serve: list[ScriptedServer], provider: str, use_async: bool
) -> None:
    server = _start(serve, "ok")
    base_url = server.openai_url if provider == "openai" else server.root_url
    with _sdk_provider(provider, base_url, None) as chat:
        assert _call(chat, use_async=use_async).text == OK_TEXT
    assert len(server.requests) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_local_server_named_by_the_sdk_variable_needs_no_key(
    serve: list[ScriptedServer], provider: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = _start(serve, "ok")
    if provider == "openai":
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_url)
    else:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.root_url)
    with _sdk_provider(provider, None, None) as chat:
        assert _call(chat, use_async=False).text == OK_TEXT
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://localhost:11434/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://10.0.0.5:8000/v1", True),
        ("http://192.168.1.20/v1", True),
        ("http://100.101.102.103:8000/v1", True),  # CGNAT, e.g. a tailnet
        ("http://ollama:11434/v1", True),  # a compose service name
        ("http://gpu-box.local:8000/v1", True),
        ("http://vllm.internal/v1", True),
        ("127.0.0.1:8080/v1", True),
        ("https://api.openai.com/v1", False),
        ("https://openrouter.ai/api/v1", False),
        ("http://8.8.8.8/v1", False),
        ("http://api.example.test/v1", False),
        (None, False),
        ("", False),
    ],
)
def test_is_local_url(url: str | None, local: bool) -> None:
    assert is_local_url(url) is local


def test_no_sdk_retries_on_server_error(serve: list[ScriptedServer]) -> None:
    server = _start(serve, "500")
    with OpenAIProvider(_config("openai", server)) as chat, pytest.raises(SummaryCallError):
        chat.complete("s", "u", max_tokens=10)
    assert len(server.requests) == 1


def test_make_provider_picks_class(serve: list[ScriptedServer]) -> None:
    server = _start(serve, "ok")
    openai_chat = make_provider(_config("openai", server))
    anthropic_chat = make_provider(_config("anthropic", server))
    assert isinstance(openai_chat, OpenAIProvider)
    assert isinstance(anthropic_chat, AnthropicProvider)
    openai_chat.close()
    anthropic_chat.close()


def test_missing_openai_sdk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'packlight\[openai\]'"):
        OpenAIProvider(ProviderConfig("openai", MODEL))


def test_missing_anthropic_sdk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "anthropic", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'packlight\[anthropic\]'"):
        AnthropicProvider(ProviderConfig("anthropic", MODEL))


def test_config_repr_hides_key() -> None:
    config = ProviderConfig("openai", MODEL, api_key=KEY)
    assert KEY not in repr(config)
    assert MODEL in repr(config)


def test_from_env_reads_packlight_settings() -> None:
    config = ProviderConfig.from_env(
        {
            "PACKLIGHT_SUMMARY_PROVIDER": "anthropic",
            "PACKLIGHT_SUMMARY_MODEL": "claude-x",
            "PACKLIGHT_SUMMARY_BASE_URL": "http://127.0.0.1:1",
            "PACKLIGHT_SUMMARY_API_KEY": "k1",
            "ANTHROPIC_API_KEY": "k2",
            "PACKLIGHT_SUMMARY_TIMEOUT": "5",
        }
    )
    assert config == ProviderConfig("anthropic", "claude-x", "http://127.0.0.1:1", "k1", 5.0)


def test_from_env_reads_a_temperature_for_an_openai_compatible_server() -> None:
    config = ProviderConfig.from_env(
        {"PACKLIGHT_SUMMARY_MODEL": "m", "PACKLIGHT_SUMMARY_TEMPERATURE": " 0.2 "}
    )
    assert config.temperature == 0.2
    blank = ProviderConfig.from_env(
        {"PACKLIGHT_SUMMARY_MODEL": "m", "PACKLIGHT_SUMMARY_TEMPERATURE": " "}
    )
    assert blank.temperature is None


@pytest.mark.parametrize(
    ("provider", "expected"), [("openai", "from-openai"), ("anthropic", "from-anthropic")]
)
def test_from_env_falls_back_to_vendor_key(provider: str, expected: str) -> None:
    config = ProviderConfig.from_env(
        {
            "PACKLIGHT_SUMMARY_PROVIDER": provider,
            "PACKLIGHT_SUMMARY_MODEL": "m",
            "OPENAI_API_KEY": "from-openai",
            "ANTHROPIC_API_KEY": "from-anthropic",
        }
    )
    assert config.api_key == expected
    assert config.base_url is None
    assert config.timeout == 60.0
    assert config.temperature is None


@pytest.mark.parametrize(
    "env",
    [
        {"PACKLIGHT_SUMMARY_PROVIDER": "gemini", "PACKLIGHT_SUMMARY_MODEL": "m"},
        {"PACKLIGHT_SUMMARY_PROVIDER": "openai"},
        {"PACKLIGHT_SUMMARY_MODEL": "m", "PACKLIGHT_SUMMARY_TIMEOUT": "soon"},
        {"PACKLIGHT_SUMMARY_MODEL": "m", "PACKLIGHT_SUMMARY_TEMPERATURE": "cold"},
        {"PACKLIGHT_SUMMARY_MODEL": "m", "PACKLIGHT_SUMMARY_TEMPERATURE": "2.01"},
    ],
)
def test_from_env_rejects_bad_settings(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError):
        ProviderConfig.from_env(env)


def test_error_message_redacts_key() -> None:
    error = SummaryCallError("auth", f"bad key {KEY}", status=401, secret=KEY)
    assert KEY not in str(error)
    assert "[redacted]" in str(error)
