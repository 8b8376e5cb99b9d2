"""Part 1: hostile files through every CLI command that reads or writes a file.

Each run gets its own folder (input, output, working directory, a copy of a store holding one
session), so runs can go in parallel and every file a run leaves is its own. Per run the
checks are: a traceback in stdout or stderr; an exit status a correct CLI would not give; a
failure whose stderr is not exactly one line; a bare NaN/Infinity in anything written; a new
file besides the intended output; a store (or a file given as the store) that changed
although the run failed.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from _robustness_common import (
    Completed,
    cli_env,
    copy_store,
    looks_like_json,
    non_finite_token,
    run_cli,
    snapshot,
    store_fingerprint,
)
from _robustness_hostile import HostileFile, base_messages, generate, render

CHECKS = ("traceback", "exit", "stderr", "nonfinite", "leftover", "store")
CHECK_TITLES = {
    "traceback": "tracebacks",
    "exit": "wrong exit status",
    "stderr": "stderr not one line",
    "nonfinite": "NaN/Infinity written",
    "leftover": "files left behind",
    "store": "store changed by a failure",
}
EXPECTED = {"valid": frozenset({0}), "odd": frozenset({0, 2}), "bad": frozenset({2})}

# Where an output goes: (argument, intended files relative to the run folder, exit statuses
# a correct CLI gives for a valid input). A directory may be written into or refused; a
# missing parent may be created or refused; a path under a regular file, or in /proc (root
# ignores permissions, /proc does not), cannot be written.
DESTINATIONS: dict[str, tuple[str, tuple[str, ...], frozenset[int]]] = {
    "FILE": ("{out}/result.json", ("out/result.json",), frozenset({0})),
    "-": ("-", (), frozenset({0})),
    "DIR": ("{out}", ("out/*",), frozenset({0, 2})),
    "MISSING/x": ("{out}/missing/deeper/x.json", ("out/missing/deeper/x.json",), frozenset({0, 2})),
    "FILE/x": ("{out}/afile/x.json", (), frozenset({2})),
    "/proc/self/x": ("/proc/self/packlight-robustness.json", (), frozenset({2})),
}
ROW_ORDER = ("compress", "inspect", "eval", "sessions export -o", "archive", "sessions", "--config")
"""The order of the table's rows: by the start of the command."""
STORE_READERS = (
    "archive search",
    "archive read",
    "archive gc",
    "sessions list",
    "sessions show",
    "sessions export",
    "--config",
)


@dataclass(frozen=True)
class About:
    """What a run reads: a hostile file's class, verdict and note, and which file it is."""

    kind: str
    verdict: str
    note: str
    file_index: int | None = None
    """Which hostile file ``{input}`` is (None: the run reads only the valid ``{aux}``)."""

    @classmethod
    def of(cls, hostile: HostileFile, number: int) -> About:
        return cls(hostile.kind, hostile.verdict, hostile.note, number)


@dataclass(frozen=True)
class Spec:
    command: str
    """The table row, e.g. ``compress -o FILE``."""
    about: About
    args: tuple[str, ...]
    expected: frozenset[int]
    intended: tuple[str, ...] = ()
    """Globs (relative to the run folder) of files a successful run may create."""
    copy_store: bool = False
    """Run against a copy of the one-session store (``{store}``) and compare it after."""
    input_is_store: bool = False
    stdout_is_output: bool = False


@dataclass(frozen=True)
class Failure:
    check: str
    spec: Spec
    detail: str
    completed: Completed
    argv: str
    """The command line, with paths relative to the run's folder."""
    excerpt: str
    """The first lines of the output (and a traceback's last), paths relative too."""


@dataclass
class FilesResult:
    files: int = 0
    runs: Counter[str] = field(default_factory=Counter)
    counts: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    by_class: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    class_files: Counter[str] = field(default_factory=Counter)
    class_expected: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """The exit statuses a correct CLI gives to each class's files, e.g. {"2", "0/2"}."""
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0


def row_key(command: str) -> tuple[int, str]:
    position = next((n for n, start in enumerate(ROW_ORDER) if command.startswith(start)), 99)
    return position, command


def _combine(verdict: str, destination: frozenset[int]) -> frozenset[int]:
    if verdict == "bad":
        return EXPECTED["bad"]
    return destination | ({2} if verdict == "odd" else set())


def plan(files: Sequence[HostileFile], session_id: str, rng: random.Random) -> list[Spec]:
    specs: list[Spec] = []
    other_destinations = [d for d in DESTINATIONS if d != "FILE"]
    store = ("--store", "{store}")
    for number, hostile in enumerate(files):
        about = About.of(hostile, number)
        expected = EXPECTED[hostile.verdict]
        target, intended, _ = DESTINATIONS["FILE"]
        specs.append(
            Spec(
                "compress -o FILE",
                args=("compress", "{input}", "-o", target, *store),
                expected=expected,
                intended=intended,
                copy_store=True,
                about=about,
            )
        )
        # A file that may get as far as writing also goes to one of the other destinations.
        if hostile.verdict != "bad":
            name = other_destinations[number % len(other_destinations)]
            target, intended, codes = DESTINATIONS[name]
            specs.append(
                Spec(
                    f"compress -o {name}",
                    args=("compress", "{input}", "-o", target, *store),
                    expected=_combine(hostile.verdict, codes),
                    intended=intended,
                    copy_store=True,
                    stdout_is_output=name == "-",
                    about=about,
                )
            )
        inspect_args = ("inspect", "{input}") + (("--json",) if number % 2 else ())
        specs.append(Spec("inspect", about, args=inspect_args, expected=expected))
        eval_args = (
            "eval",
            "{input}",
            "--peers",
            "none",
            "--rounds",
            "1",
            "--no-progress",
            "--context-window",
            "4000",
            "-o",
            "{out}/eval",
        )
        if hostile.directory:
            # eval searches a directory for session files: one holding a session is input.
            expected = EXPECTED["valid" if hostile.data is not None else "bad"]
        specs.append(
            Spec(
                "eval",
                args=eval_args,
                expected=expected,
                intended=("out/eval/*", "out/eval/**/*"),
                about=about,
            )
        )
        reader = STORE_READERS[number % len(STORE_READERS)]
        specs.append(_reader(hostile, number, reader, session_id))
    specs += _fixed(session_id, rng)
    return specs


def _reader(hostile: HostileFile, number: int, command: str, session_id: str) -> Spec:
    """The hostile file where a store (or the settings file) is expected."""
    about = About.of(hostile, number)
    # An empty file is an empty SQLite database, and a missing one is created: either may
    # be used or refused. Anything else is not a database: misuse.
    creatable = hostile.kind == "missing" or (hostile.data == b"" and not hostile.directory)
    expected = frozenset({0, 2}) if creatable else frozenset({2})
    store = ("--store", "{input}")
    args: tuple[str, ...]
    intended: tuple[str, ...] = ()
    if command == "archive search":
        args = ("archive", "search", "error", "--session", session_id, *store)
    elif command == "archive read":
        args = ("archive", "read", "a1b2c3d4e5f6", "--session", session_id, *store)
    elif command == "archive gc":
        args = ("archive", "gc", "--max-bytes", "0", "--dry-run", *store)
    elif command == "sessions list":
        args = ("sessions", "list", "--json", *store)
    elif command == "sessions show":
        args = ("sessions", "show", session_id, *store)
    elif command == "sessions export":
        args = ("sessions", "export", session_id, "-o", "{out}/export.json", *store)
        intended = ("out/export.json",)
    else:
        args = ("--config", "{input}", "inspect", "{aux}")
        expected = frozenset({2}) if hostile.kind in {"directory", "missing"} else EXPECTED["odd"]
        return Spec("--config F", about, args=args, expected=expected)
    return Spec(
        f"{command} --store F",
        args=args,
        expected=expected,
        intended=intended,
        input_is_store=True,
        about=about,
    )


def _fixed(session_id: str, rng: random.Random) -> list[Spec]:
    """A valid session to every destination, and the store's session exported to each."""
    specs = []
    about = About("destination", "valid", "a valid session")
    store = ("--store", "{store}")
    specs.append(
        Spec(
            "compress (default output)",
            args=("compress", "{aux}", *store),
            expected=frozenset({0}),
            intended=("in/*.compacted.*",),
            copy_store=True,
            about=about,
        )
    )
    for name, (target, intended, codes) in DESTINATIONS.items():
        specs.append(
            Spec(
                f"compress -o {name}",
                args=("compress", "{aux}", "-o", target, *store),
                expected=codes,
                intended=intended,
                copy_store=True,
                stdout_is_output=name == "-",
                about=about,
            )
        )
        specs.append(
            Spec(
                "sessions export -o BAD",
                args=("sessions", "export", session_id, "--original", "-o", target, *store),
                expected=codes,
                intended=intended,
                copy_store=True,
                stdout_is_output=name == "-",
                about=replace(about, note=f"-o {name}"),
            )
        )
    for name in ("FILE/x", "/proc/self/x"):
        target = DESTINATIONS[name][0].replace(".json", "")
        specs.append(
            Spec(
                "eval -o BAD",
                args=(
                    "eval",
                    "{aux}",
                    "--peers",
                    "none",
                    "--rounds",
                    "1",
                    "--no-progress",
                    "-o",
                    target,
                ),
                expected=frozenset({2}),
                about=replace(about, note=f"-o {name}"),
            )
        )
    rng.shuffle(specs)
    return specs


# --------------------------------------------------------------------------- running


def store_state(url: str, cwd: Path, home: Path, timeout: float) -> tuple[str, dict[str, object]]:
    """What ``packlight sessions list --json`` prints for the store (or how it fails), and
    every session's message, event and artifact counts read through the library."""
    listed = run_cli(
        ["sessions", "list", "--json", "--limit", "100000", "--store", url],
        cwd=cwd,
        env=cli_env(home),
        timeout=timeout,
    )
    shown = listed.stdout if listed.returncode == 0 else f"exit {listed.returncode}"
    try:
        counts: dict[str, object] = dict(store_fingerprint(url))
    except Exception as exc:
        counts = {"error": f"{type(exc).__name__}: {exc}"}
    return shown, counts


def _store_difference(
    before: tuple[str, dict[str, object]], after: tuple[str, dict[str, object]]
) -> str:
    if after[0] != before[0]:
        if after[0].startswith("exit "):
            return f"`sessions list` fails afterwards ({after[0]})"
        return "`sessions list --json` shows another store than before the run"
    return "the sessions' messages, events or artifacts differ from before the run"


def _prepare(root: Path, hostile: HostileFile | None, aux: bytes, template: Path) -> dict[str, str]:
    folders = {name: root / name for name in ("in", "out", "cwd", "store")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    (folders["out"] / "afile").write_text("a regular file, not a directory\n")
    (folders["in"] / "aux-valid.json").write_bytes(aux)
    copy_store(template, folders["store"] / "x.db")
    places = {
        "out": str(folders["out"]),
        "store": str(folders["store"] / "x.db"),
        "aux": str(folders["in"] / "aux-valid.json"),
    }
    if hostile is not None:
        places["input"] = str(hostile.materialize(folders["in"]))
    return places


def _run_one(
    spec: Spec,
    hostile: HostileFile | None,
    root: Path,
    aux: bytes,
    template: Path,
    store_before: tuple[str, dict[str, object]],
    timeout: float,
) -> list[Failure]:
    places = _prepare(root, hostile, aux, template)
    args = tuple(a.format(**places) if "{" in a else a for a in spec.args)
    # The whole run folder is watched (a temp file next to the output's folder is a
    # leftover too), except the store's folder (WAL files) and the private home.
    ignored = (root / "store", root / "home")
    watched = [root]
    before = snapshot(watched, ignored)
    input_path = Path(places.get("input", "/nonexistent"))
    input_bytes = input_path.read_bytes() if input_path.is_file() else None
    completed = run_cli(args, cwd=root / "cwd", env=cli_env(root / "home"), timeout=timeout)
    failures: list[Failure] = []

    def fail(check: str, detail: str) -> None:
        shown = " ".join(a.replace(str(root) + "/", "") for a in args)
        excerpt = completed.excerpt(3).replace(str(root) + "/", "")
        failures.append(Failure(check, spec, detail, completed, f"packlight {shown}", excerpt))

    code = completed.returncode
    if completed.traceback:
        fail("traceback", "")
    if code is None or code not in spec.expected:
        wanted = "/".join(str(c) for c in sorted(spec.expected))
        fail("exit", f"exit {code if code is not None else 'none (timed out)'}, expected {wanted}")
    if code not in (None, 0):
        lines = completed.stderr.rstrip("\n").split("\n") if completed.stderr.strip() else []
        if len(lines) != 1:
            fail("stderr", f"{len(lines)} lines on stderr")
    after = snapshot(watched, ignored)
    new = after - before
    intended = set()
    if code == 0:
        for pattern in spec.intended:
            intended |= set(root.glob(pattern))
        if spec.input_is_store:
            intended.add(input_path)
    leftover = sorted(p for p in new if p not in intended)
    if leftover:
        fail("leftover", ", ".join(str(p.relative_to(root)) for p in leftover[:3]))
    written = [p for p in new & intended if p.is_file() and looks_like_json(p)]
    for path in written:
        token = non_finite_token(path.read_text(encoding="utf-8", errors="replace"))
        if token:
            fail("nonfinite", f"{token} in {path.relative_to(root)}")
    if code == 0 and spec.stdout_is_output:
        token = non_finite_token(completed.stdout)
        if token:
            fail("nonfinite", f"{token} on stdout")
    if code != 0:
        if spec.copy_store:
            changed = store_state(places["store"], root / "cwd", root / "home", timeout)
            if changed != store_before:
                fail("store", _store_difference(store_before, changed))
        if spec.input_is_store and input_bytes is not None:
            now = input_path.read_bytes() if input_path.is_file() else None
            if now != input_bytes:
                fail("store", "the file given as --store was modified")
    return failures


def run_files(
    work: Path,
    *,
    count: int,
    seed: int,
    jobs: int,
    timeout: float = 300.0,
    progress: bool = True,
) -> FilesResult:
    """Generate ``count`` hostile files and run every planned command on them."""
    import time

    started = time.perf_counter()
    rng = random.Random(seed + 1)
    files = generate(count, seed)
    aux = render(rng, "object", base_messages(rng)).encode()
    # The store every run gets a copy of: one session, recorded by the CLI itself.
    template_dir = work / "template"
    template_dir.mkdir(parents=True, exist_ok=True)
    (template_dir / "session.json").write_bytes(aux)
    made = run_cli(
        [
            "compress",
            str(template_dir / "session.json"),
            "-o",
            str(template_dir / "out.json"),
            "--store",
            str(template_dir / "x.db"),
        ],
        cwd=template_dir,
        env=cli_env(work / "home"),
        timeout=timeout,
    )
    template = template_dir / "x.db"
    store_before = store_state(str(template), template_dir, work / "home", timeout)
    if made.returncode != 0 or not store_before[1]:
        print(
            f"robustness: the template store could not be made:\n{made.excerpt()}", file=sys.stderr
        )
    session_id = next(iter(store_before[1]), "0" * 32)
    specs = plan(files, session_id, rng)
    result = FilesResult(files=len(files))
    result.class_files.update(f.kind for f in files)
    result.class_files["destination"] = 1
    result.class_expected["destination"].add("per destination")
    for hostile in files:
        codes = "/".join(str(c) for c in sorted(EXPECTED[hostile.verdict]))
        result.class_expected[hostile.kind].add(codes)

    def task(item: tuple[int, Spec]) -> list[Failure]:
        number, spec = item
        hostile = files[spec.about.file_index] if spec.about.file_index is not None else None
        root = work / "runs" / f"{number:04d}"
        try:
            return _run_one(spec, hostile, root, aux, template, store_before, timeout)
        finally:
            shutil.rmtree(root, ignore_errors=True)

    done = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for (_, spec), failures in zip(
            enumerate(specs), pool.map(task, enumerate(specs)), strict=True
        ):
            done += 1
            result.runs[spec.command] += 1
            for failure in failures:
                result.counts[spec.command][failure.check] += 1
                result.by_class[spec.about.kind][failure.check] += 1
                result.failures.append(failure)
            if progress and done % 25 == 0:
                print(f"  hostile files: {done}/{len(specs)} runs", file=sys.stderr, flush=True)
    result.seconds = time.perf_counter() - started
    return result
