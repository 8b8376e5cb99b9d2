"""The gateway's own keys, who a caller is, and which key goes to the upstream.

A caller presents its key as ``Authorization: Bearer KEY`` (OpenAI SDKs) or, on the Anthropic
route, ``x-api-key: KEY`` (the Anthropic SDK). With keys configured, any other key is refused.
Without any, the gateway is open and each caller's own credential (or none) names it.

A caller is known by its *owner* digest, never by the key: that is what the store keeps next
to each session, and what logs may show. Keys are compared in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from packlight.errors import ConfigError
from packlight.gateway.errors import Api, GatewayError

__all__ = ["Keys", "basic_password", "credential_of", "owner_of", "read_keys_file"]

ANONYMOUS = "anonymous"


def read_keys_file(path: str | Path) -> list[str]:
    """Keys one per line; blank lines and ``#`` comments are skipped."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError("gateway.keys_file", str(path), f"a readable file ({error})") from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def credential_of(headers: Mapping[str, str], api: Api) -> str | None:
    """The key a request presents: a bearer token, or Anthropic's ``x-api-key``."""
    authorization = headers.get("authorization", "")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if api == "anthropic" or "x-api-key" in headers:
        key = headers.get("x-api-key", "").strip()
        return key or None
    return None


def basic_password(headers: Mapping[str, str]) -> str | None:
    """The password of HTTP Basic auth (how a browser presents a key to the inspector)."""
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic" or not token.strip():
        return None
    try:
        decoded = base64.b64decode(token.strip(), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    password = decoded.partition(":")[2]
    return password or None


def owner_of(credential: str | None) -> str:
    """The digest a caller's sessions are filed under (the key itself is never stored)."""
    if credential is None:
        return ANONYMOUS
    return hashlib.sha256(b"packlight-gateway-owner\0" + credential.encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Keys:
    """Which callers the gateway serves and what it sends the upstream."""

    accepted: frozenset[str]
    upstream_key: str | None = None
    pass_through: bool = False

    @classmethod
    def build(
        cls,
        keys: Iterable[str],
        *,
        keys_file: str | None = None,
        upstream_key: str | None = None,
        pass_through: bool = False,
    ) -> Keys:
        accepted = {key.strip() for key in keys if key.strip()}
        if keys_file:
            accepted.update(read_keys_file(keys_file))
        return cls(frozenset(accepted), upstream_key or None, pass_through)

    @property
    def open(self) -> bool:
        return not self.accepted

    def authenticate(self, headers: Mapping[str, str], api: Api) -> str | None:
        """The caller's credential; :class:`GatewayError` 401 when it is not accepted."""
        credential = credential_of(headers, api)
        if self.open:
            return credential
        if credential is None:
            where = "x-api-key or Authorization: Bearer" if api == "anthropic" else "Bearer"
            raise GatewayError(401, f"no API key: send the gateway's key ({where})")
        # Every accepted key is compared, so the time taken says nothing about which matched.
        matched = False
        for key in self.accepted:
            matched |= hmac.compare_digest(key.encode(), credential.encode())
        if not matched:
            raise GatewayError(401, "invalid API key for this gateway")
        return credential

    def for_upstream(self, credential: str | None) -> str | None:
        """The key to send the upstream for a caller presenting ``credential``."""
        if self.upstream_key is not None and not self.pass_through:
            return self.upstream_key
        if self.pass_through or self.open:
            return credential or self.upstream_key
        return None
