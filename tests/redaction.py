"""Comparing redacted text: placeholders carry a fingerprint keyed by the installation."""

from __future__ import annotations

import re

_FINGERPRINT = re.compile(r"(\[secret: [a-z0-9-]+ #)[0-9]{6}\]")


def masked(text: str) -> str:
    """``text`` with each placeholder's fingerprint written ``____``, so that a test can spell
    out what it expects (fingerprints are tested on their own in tests/test_redact.py)."""
    return _FINGERPRINT.sub(r"\1____]", text)
