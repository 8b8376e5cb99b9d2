"""Tasks in force, each with a name a person may call it by when they halt it: shared by the
tests that generate halts and the requests around them."""

from __future__ import annotations

NAMED_TASKS = [
    (
        "Please fix the FilteredRelation join reuse bug in the django ORM.",
        "the FilteredRelation bug",
    ),
    ("Plan the Istanbul trip for the sales offsite in May.", "the Istanbul plan"),
    ("Migrate the nightly export job from cron to the scheduler service.", "the export migration"),
    ("Upgrade the CI workflow from Node 18 to Node 20.", "the Node upgrade"),
]

TASKS_IN_FORCE = [
    "Please fix the failing join reuse in the ORM's FilteredRelation handling.",
    "Migrate the nightly export job from cron to the scheduler service.",
    "Write the onboarding guide for new volunteers at the food pantry.",
]
"""Tasks a person set first, for tests that halt or return to them by other words."""
