"""The processes of part 3 (run as a script by _robustness_store.py): appenders that each
append marked messages to one stored session, and a compactor that keeps rotating it.

    python _robustness_workers.py appender URL ROOT_ID FOLDER --worker K --count P --seed S
    python _robustness_workers.py compactor URL ROOT_ID FOLDER

Each opens the store (PACKLIGHT_STORE_SCHEMA picks the PostgreSQL schema) and its session,
touches FOLDER/ready-NAME, waits for FOLDER/go, works, and prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import uuid
from pathlib import Path
from typing import Any

from packlight.store import open_store
from packlight.stored_session import StoredSession

WINDOW = 32_000
KEEP_LAST = 4
"""The compactor keeps only this many messages verbatim, so that it has something to
compact (and a rotation to make) almost every time it runs."""


def _wait(folder: Path, name: str) -> None:
    (folder / f"ready-{name}").touch()
    deadline = time.monotonic() + 300
    while not (folder / "go").exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"{name}: no go after 300 s")
        time.sleep(0.01)


def _names_current_session(store: Any, root: str, own: str, error: BaseException) -> bool:
    """Whether ``error`` names the session the lineage continues in: a session after the
    appender's own in the lineage (or its own, when it is still the tip)."""
    try:
        lineage = [record.id for record in store.lineage(store.tip(root).id)]
    except Exception:
        return False
    current = lineage[lineage.index(own) + 1 :] if own in lineage else lineage
    current = current or [own]
    text = str(error)
    return any(session_id in text for session_id in current)


def appender(url: str, root: str, folder: Path, worker: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    store = open_store(url)
    session = StoredSession.resume(store, root, context_window=WINDOW)
    own = session.session_id
    _wait(folder, f"appender-{worker}")
    appended: list[str] = []
    raised: list[dict[str, str]] = []
    errors: list[dict[str, str]] = []
    for number in range(count):
        marker = f"robustness-marker-w{worker}-{number:04d}-{uuid.uuid4().hex[:8]}"
        message: Any = {"role": "user", "content": f"{marker} please keep going with step {number}"}
        try:
            session.append([message])  # the same session object for every append
        except Exception as exc:
            entry = {"marker": marker, "error": f"{type(exc).__name__}: {exc}"[:400]}
            named = _names_current_session(store, root, own, exc)
            (raised if named else errors).append(entry)
        else:
            appended.append(marker)
        time.sleep(rng.uniform(0, 0.04))
    store.close()
    report = {"worker": worker, "appended": appended, "raised": raised, "errors": errors}
    print(json.dumps(report))


def compactor(url: str, root: str, folder: Path) -> None:
    store = open_store(url)
    session = StoredSession(store, root, in_place=False, context_window=WINDOW)
    _wait(folder, "compactor")
    committed = 0
    skipped: dict[str, int] = {}
    errors: list[str] = []
    while not (folder / "stop").exists():
        try:
            result = session.compact(force=True, keep_last=KEEP_LAST)
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}"[:400])
        else:
            if result.compacted:
                committed += 1
            else:
                reason = (result.reason or "?")[:80]
                skipped[reason] = skipped.get(reason, 0) + 1
        time.sleep(0.02)
    store.close()
    print(json.dumps({"committed": committed, "skipped": skipped, "errors": errors[:5]}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["appender", "compactor"])
    parser.add_argument("url")
    parser.add_argument("root")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--worker", type=int, default=0)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.role == "appender":
        appender(args.url, args.root, args.folder, args.worker, args.count, args.seed)
    else:
        compactor(args.url, args.root, args.folder)


if __name__ == "__main__":
    main()
