"""``packlight store``: the store's keys: make one, see which keys its rows use, rotate.

Encryption at rest is described in docs/security.md; the keys come from the settings
(``PACKLIGHT_STORE_KEY``, ``PACKLIGHT_STORE_OLD_KEYS``, or ``store:`` in the config file).
"""

from __future__ import annotations

import click

from packlight.cli._options import STORE_OPTION
from packlight.cli.sessions_cmd import open_existing_store
from packlight.store import new_store_key
from packlight.store.protection import RekeyReport


@click.group("store")
def store_group() -> None:
    """The store's encryption keys (docs/security.md)."""


@store_group.command("new-key")
def new_key_command() -> None:
    """Print a new random store key (for PACKLIGHT_STORE_KEY; keep it secret)."""
    click.echo(new_store_key())


@store_group.command("status")
@STORE_OPTION
def status_command(store_url: str | None) -> None:
    """Count the stored rows per key id (and plaintext), and name the current key."""
    store = open_existing_store(store_url)
    try:
        report = _rekey(store, dry_run=True)
    finally:
        store.close()
    click.echo(f"current key: {report.target}")
    for key, count in sorted(report.found.items()):
        click.echo(f"{key}: {count} rows")


@store_group.command("rekey")
@STORE_OPTION
def rekey_command(store_url: str | None) -> None:
    """Rewrite every message, artifact and engine state under the current key.

    Reads with PACKLIGHT_STORE_KEY and PACKLIGHT_STORE_OLD_KEYS, writes with
    PACKLIGHT_STORE_KEY (without one: back to plaintext). Afterwards the old keys are no
    longer needed (`packlight store status` shows no row under them).
    """
    store = open_existing_store(store_url)
    try:
        report = _rekey(store, dry_run=False)
    finally:
        store.close()
    click.echo(
        f"rekeyed {report.rewritten} rows in {report.sessions} sessions to {report.target}"
        f" ({sum(report.found.values()) - report.rewritten} already there)"
    )


def _rekey(store: object, *, dry_run: bool) -> RekeyReport:
    rekey = getattr(store, "rekey", None)
    if rekey is None:
        raise click.UsageError(f"{store!r} cannot rekey (only the built-in stores can)")
    report = rekey(dry_run=dry_run)
    assert isinstance(report, RekeyReport)
    return report
