"""Options shared by several commands, in a module light enough for any command to import."""

from __future__ import annotations

import click

STORE_OPTION = click.option(
    "--store",
    "store_url",
    envvar="PACKLIGHT_STORE_URL",
    help="A postgresql:// DSN or a SQLite file (default: packlight.db under PACKLIGHT_HOME).",
)
