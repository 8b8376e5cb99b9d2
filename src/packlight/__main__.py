"""``python -m packlight`` runs the CLI."""

from packlight.cli.main import main

main()
