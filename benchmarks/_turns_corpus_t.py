# ruff: noqa: E501
"""Held-out corpus ``t`` of a person's turns to an AI coding agent mid-task. Written blind.

Written as an independent author from the side of open-source maintainers, frontend, mobile
and game developers, students and hobbyists who steer a coding agent in their own
repositories. Opened while writing: only lines 1-60 of ``benchmarks/_turns_corpus_j.py`` (its
docstring and imports, ``KINDS``), to copy the interface; none of its wording is reused. NOT
opened or grepped: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, and every
other ``benchmarks/_turns_corpus_*.py`` file (nor the rest of ``_turns_corpus_j.py``).
packlight's classifiers and benchmarks were never run on this corpus; do not tune this file
against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or
  ``"reply"`` (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 34 hobby / open-source / frontend / mobile / game / homework tasks, each with concrete names
  (PR ``#2207``, issue ``#812``, ``PricingGrid.tsx``, ``CameraFollow.cs``, ``checkDebugAarMetadata``,
  ``sync_mirror.py``, ``/remind`` ...): a Safari grid bug, dark mode, a GitHub Actions matrix,
  Unity camera jitter, a C linked-list homework, a PR review, npm bumps, pt-BR/es strings, a
  Flutter Gradle error, a README, a slow React list, Intl dates, a god class, a Python 2 port,
  a CLI progress bar, a Godot memory leak, an Android 14 receiver crash, modal a11y, a
  changelog, the iOS keyboard, a Pygame save system, webpack to Vite, a flaky Playwright test,
  a Raspberry Pi Dockerfile, a discord.py command, TS strict mode, SVG icons, clap
  completions, SPDX headers, Ionic back navigation, a Dijkstra homework, ESLint/Prettier, a
  service worker and Phaser music across scenes.
- Each task carries nicknames, an imperative "do" phrase, a context-only report ("a player on
  itch.io says ..."), a question form that implies the work, a "done" line and same-task
  replies, many of them hard look-alikes that use stop / cancel / pause / switch / back /
  resume / instead as the task's own subject matter (``stopPropagation``, a ``switch``
  statement, a pause menu, "Cancelar", ``cancel-in-progress``, "go back to the previous
  screen", "revert ... and try flexbox instead").
- Switch, stop and resume wording is mostly indirect: a reaction followed by a change of
  course, a question that implies new work, a priority statement, giving up, deferral, a
  hand-off, a new problem introduced by context only, "the action is green, continue with the
  README"; only a minority of templates says stop / switch / instead / cancel literally.
- Registers: formal and verbose, rambling, terse, non-native phrasings (German, Indian,
  Brazilian, Chinese speakers' typical constructions), casual / gen-z slang. Seeded slot
  filling over 210 message templates (60 switch, 44 stop, 38 resume, 68 reply) plus 177
  task-specific replies, then register noise on some cases (lowercase, ``pls``/``u``/``thx``
  substitutions, dropped punctuation and apostrophes, one letter-swap typo, slang prefixes,
  emoji). Standard library only.

``python benchmarks/_turns_corpus_t.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN: dict[str, int] = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, str | None]


@dataclass(frozen=True)
class _Task:
    key: str
    ask: str
    do: str
    refs: tuple[str, ...]
    report: str
    question: str
    done: str
    files: tuple[str, ...]
    replies: tuple[str, ...]


_TASKS: tuple[_Task, ...] = (
    _Task(
        key="safari-grid",
        ask="The pricing cards in `PricingGrid.tsx` collapse into a single column on Safari 16 but look fine in Chrome and Firefox. Can you fix the CSS so the grid works on Safari too?",
        do="fix the pricing cards collapsing into one column on Safari 16",
        refs=("the Safari bug", "the pricing grid thing", "issue #812", "the Safari layout fix"),
        report="someone on Discord says the pricing cards collapse into one column on Safari 16",
        question="could you check why the pricing cards collapse into one column on Safari?",
        done="the pricing grid looks right on Safari now",
        files=("src/components/PricingGrid.tsx", "src/styles/pricing.module.css"),
        replies=(
            "revert your last change to PricingGrid.tsx and try flexbox instead, I think the grid gap is the culprit",
            "don't switch the whole page to flexbox, only the card row",
            "go back to the version with `minmax(0, 1fr)`, that one was closer",
            "it's only 16.4 btw, on Safari 17 it already looks fine",
            "still one column on my iPad :( screenshot: https://imgur.com/a/x8Kq2",
            "the `gap` fallback is fine but stop adding `-webkit-` prefixes everywhere, autoprefixer does that",
        ),
    ),
    _Task(
        key="dark-mode",
        ask="Add dark mode to the docs site. It should follow `prefers-color-scheme` by default and have a toggle in the navbar that remembers the choice in localStorage.",
        do="add a dark mode with a navbar toggle to the docs site",
        refs=("dark mode", "the dark theme", "the theme toggle", "PR #341"),
        report="people keep opening issues asking for a dark theme on the docs site",
        question="can we finally get a dark mode on the docs site?",
        done="dark mode works and the toggle remembers the setting",
        files=("docs/.vitepress/theme/Navbar.vue", "docs/.vitepress/theme/vars.css"),
        replies=(
            "the toggle should switch instantly, no fade transition pls",
            "there's a white flash on page load, read the setting before first paint so it stops flickering",
            "cancel the color transition when `prefers-reduced-motion` is set",
            "use a real switch component instead of the moon icon button, better for a11y",
            "code blocks are unreadable in dark, bump the contrast a bit",
            "when I switch back to light the syntax colors stay dark, bug?",
        ),
    ),
    _Task(
        key="ci-matrix",
        ask="Write a GitHub Action that runs `pytest` on Ubuntu, macOS and Windows for Python 3.9 to 3.12 on every pull request.",
        do="write a GitHub Actions workflow that runs pytest on Linux, macOS and Windows",
        refs=("the CI workflow", "the GitHub Action", "`ci.yml`", "the test matrix"),
        report="we have no CI at all and a contributor just merged something that broke `main`",
        question="could we get a GitHub Action that runs the tests on every PR?",
        done="the action is green",
        files=(".github/workflows/ci.yml", "pyproject.toml"),
        replies=(
            "add `fail-fast: false` so one failing job doesn't cancel the others",
            "use `concurrency` with `cancel-in-progress: true`, old runs should stop when I push again",
            "skip 3.9 on windows instead of dropping windows entirely",
            "the windows job dies with `UnicodeDecodeError` in test_io.py, maybe set `PYTHONUTF8=1`",
            "cache pip pls, it takes 2 min just to install",
            "why is there a `workflow_dispatch` trigger? I didn't ask for that",
        ),
    ),
    _Task(
        key="unity-jitter",
        ask="The player in our Unity 2D platformer jitters when the camera follows it. Please fix the jitter, the code is in `PlayerController.cs` and `CameraFollow.cs`.",
        do="fix the camera jitter in the Unity platformer",
        refs=("the jitter", "the camera jitter", "the physics jitter thing", "`CameraFollow.cs`"),
        report="playtesters say the character stutters whenever the camera follows it at full speed",
        question="any idea why the player stutters when the camera follows it in the Unity build?",
        done="the jitter is gone",
        files=("Assets/Scripts/CameraFollow.cs", "Assets/Scripts/PlayerController.cs"),
        replies=(
            "move the follow into `LateUpdate` instead of `Update`",
            "switch the Rigidbody2D interpolation from None to Interpolate and test again",
            "funny, the jitter stops when I open the pause menu and close it again",
            "the pause menu sets `Time.timeScale = 0`, make sure the camera doesn't freeze with it",
            "it's way worse at 144hz, at 60 it's almost fine",
            "nah don't use `SmoothDamp` there, the camera lags behind",
        ),
    ),
    _Task(
        key="linked-list",
        ask="For my data structures homework I need a singly linked list in C with insert, delete and reverse. Please explain each function because I have to present it in class.",
        do="help me write a singly linked list in C for my homework",
        refs=("the linked list", "the homework", "the linked list assignment", "`list.c`"),
        report="my prof just posted assignment 4, a singly linked list in C with insert, delete and reverse",
        question="can you help me with the linked list homework in C?",
        done="the linked list passes the prof's test file",
        files=("list.c", "list.h"),
        replies=(
            "delete should stop at the first match, not remove all of them",
            "use a switch statement for the menu in `main()` instead of the if chain",
            "can you do reverse iteratively instead? we didn't learn recursion yet",
            "go back one step, I don't get why `prev` is NULL there",
            "valgrind says `definitely lost: 48 bytes in 3 blocks`",
            "we're not allowed to use `calloc`, only `malloc`",
        ),
    ),
    _Task(
        key="pr-2207",
        ask="Please review PR #2207 from @mkovac, it adds retry logic to the HTTP client. Leave inline comments on anything risky.",
        do="review PR #2207, the retry logic in the HTTP client",
        refs=("the review", "#2207", "mkovac's PR", "the retry PR"),
        report="@mkovac pinged me again, #2207 has been waiting a week for a review",
        question="could you give #2207 a proper review?",
        done="the review on #2207 is posted",
        files=("src/http/client.ts", "src/http/retry.ts"),
        replies=(
            "also ask him to cancel the retry when the caller aborts the request",
            "flag that the backoff never stops, there's no max attempts",
            "suggest `AbortController` instead of his custom `isCancelled` flag",
            "be nice in the comments, it's his first PR",
            "the `switch` on status codes is fine, don't nitpick that",
            "approve it if the tests are ok, the rest can be follow-ups",
        ),
    ),
    _Task(
        key="deps-bump",
        ask="Bump all dependencies in `package.json` to their latest minor versions and fix whatever breaks.",
        do="bump the npm dependencies to their latest minor versions",
        refs=("the dependency bump", "the deps upgrade", "the npm updates", "the package bumps"),
        report="npm audit shows 3 high vulnerabilities and dependabot opened 14 PRs again",
        question="can you bump our npm deps? audit is screaming",
        done="deps are bumped and the tests pass",
        files=("package.json", "package-lock.json"),
        replies=(
            "pin eslint back to 8.x instead, v9 needs the flat config and I don't want that now",
            "stop at vite 5, don't go to 6 yet",
            "revert the typescript bump but keep the rest",
            "we use pnpm not npm, regenerate the lockfile with pnpm",
            "`ERESOLVE unable to resolve dependency tree` on react-dom, what now?",
        ),
    ),
    _Task(
        key="translate-ptbr",
        ask="Translate the UI strings in `locales/en.json` to Brazilian Portuguese and Spanish, as new files `pt-BR.json` and `es.json`.",
        do="translate the UI strings in `locales/en.json` to pt-BR and Spanish",
        refs=("the translations", "the pt-BR strings", "the locale files", "the i18n strings"),
        report="a Brazilian user offered to proofread a Portuguese translation if we had one",
        question="could you translate our UI strings to pt-BR and Spanish?",
        done="the translations are in",
        files=("locales/pt-BR.json", "locales/es.json"),
        replies=(
            '"Cancel" should be "Cancelar" in both, not "Anular"',
            '"Stop recording" is "Parar gravação" in pt-BR',
            '"Switch account" -> "Trocar de conta", sounds more natural',
            '"Go back" should just be "Voltar"',
            "keep the `{count}` placeholders untouched pls",
            'use "você" not "tu", it is for Brazil',
        ),
    ),
    _Task(
        key="flutter-aar",
        ask="Our Flutter app doesn't build anymore: `Execution failed for task ':app:checkDebugAarMetadata'`. Please fix the Android build.",
        do="fix the Flutter Android build failing on checkDebugAarMetadata",
        refs=(
            "the Flutter build",
            "the Gradle error",
            "the AAR metadata error",
            "the Android build",
        ),
        report="since the Flutter upgrade `flutter build apk` fails with checkDebugAarMetadata",
        question="why does `flutter build apk` fail with checkDebugAarMetadata now?",
        done="the APK builds again",
        files=("android/app/build.gradle", "pubspec.yaml"),
        replies=(
            "don't switch to the beta channel, we stay on stable",
            "stop the gradle daemon first (`./gradlew --stop`) then rebuild, it caches weird stuff",
            "bump `compileSdkVersion` to 34 instead of downgrading the plugin",
            "new error now: `Namespace not specified`",
            "flutter doctor is all green btw",
        ),
    ),
    _Task(
        key="readme",
        ask="Write a proper README for the repo: what it does, install, quickstart, config options and a contributing section.",
        do="write a README with install, quickstart and contributing sections",
        refs=("the README", "the readme rewrite", "`README.md`", "the docs"),
        report="someone opened an issue saying they couldn't even figure out how to install the thing",
        question="could you write us an actual README?",
        done="the README is done",
        files=("README.md", "CONTRIBUTING.md"),
        replies=(
            "in the quickstart, show how to stop the server with ctrl+c",
            'put the "Switching from v1" section right after install',
            "mention the `--cancel-on-timeout` flag in the config table",
            "use a table instead of the bullet list for the options",
            "too much marketing speak, make it drier",
            "badges at the top pls: CI, pypi, license",
        ),
    ),
    _Task(
        key="order-list",
        ask="The `<OrderList>` in our React app takes about 3 seconds to render 5k rows. Profile it and make it fast.",
        do="profile the slow `<OrderList>` and make it render faster",
        refs=("the slow list", "`OrderList`", "the list perf", "the profiling"),
        report="support says the orders page freezes for seconds when a customer has thousands of orders",
        question="can you find out why `<OrderList>` takes 3 seconds to render?",
        done="the list renders in under 100ms now",
        files=("src/orders/OrderList.tsx", "src/orders/OrderRow.tsx"),
        replies=(
            "switch to react-window instead of rendering all rows",
            "the rows re-render when the parent state changes, memo them so that stops",
            "cancel the pending fetch in the effect cleanup, it renders twice",
            "the switch in the row renderer is fine, leave it",
            "profiler flamegraph shows `formatCurrency` at 40%, fyi",
            "go back to the commit before the memo change, scrolling got janky",
        ),
    ),
    _Task(
        key="intl-dates",
        ask="Dates in the dashboard are hard-coded as MM/DD/YYYY. Use `Intl.DateTimeFormat` so they follow the user's locale.",
        do="make the dashboard dates locale-aware with `Intl.DateTimeFormat`",
        refs=("the date formatting", "the i18n dates", "the Intl stuff", "the date formats"),
        report="German users complain the dashboard shows 03/04/2024 and they read it as 3 April",
        question="can the dashboard dates follow the user's locale?",
        done="dates follow the locale now",
        files=("src/utils/formatDate.ts", "src/dashboard/Table.tsx"),
        replies=(
            "when the user switches language the dates should update without a reload",
            "use `formatRange` instead for the start/end pair",
            "stop using moment in that file too, it's the last place that imports it",
            "timezone should stay UTC, only the format changes",
            "pt-BR shows `03/04/2024` too now, is that right?",
        ),
    ),
    _Task(
        key="god-class",
        ask="Refactor `GameManager.cs`, it's 2400 lines. Split it into smaller classes without changing behaviour.",
        do="split the 2400-line `GameManager.cs` into smaller classes",
        refs=("the refactor", "`GameManager`", "the god class", "the GameManager split"),
        report="every PR conflicts in `GameManager.cs` because it's 2400 lines",
        question="could you break up `GameManager.cs` into something sane?",
        done="GameManager is split up",
        files=("Assets/Scripts/GameManager.cs", "Assets/Scripts/PauseController.cs"),
        replies=(
            "put the pause logic into its own `PauseController`",
            "the big switch on `GameState` could become a state pattern, but not in this PR",
            "go back to one file for the audio bits, splitting those was overkill",
            "keep `StopAllCoroutines()` in the manager, don't move it",
            "does the scene still load? I got a NullReferenceException in `Awake`",
        ),
    ),
    _Task(
        key="py2-port",
        ask="Port `scripts/sync_mirror.py` from Python 2 to Python 3, it still uses `urllib2` and print statements.",
        do="port `scripts/sync_mirror.py` to Python 3",
        refs=("the py2 port", "`sync_mirror.py`", "the Python 3 port", "the old mirror script"),
        report="the mirror sync cron died because the new server doesn't have python2 anymore",
        question="can you make `sync_mirror.py` run on Python 3?",
        done="sync_mirror runs on py3",
        files=("scripts/sync_mirror.py", "scripts/requirements.txt"),
        replies=(
            "use `subprocess.run` instead of `os.popen`",
            "the script should stop on the first failed download, not keep going",
            "keep the `--dry-run` switch, people rely on it",
            "no requests pls, stdlib only, it runs on a bare server",
            "`TypeError: a bytes-like object is required, not 'str'` on line 88",
        ),
    ),
    _Task(
        key="dl-progress",
        ask="Add a progress bar to the `dl` command of our CLI that shows bytes downloaded and an ETA. No new heavy dependencies.",
        do="add a progress bar with ETA to the CLI's `dl` command",
        refs=("the progress bar", "the CLI progress thing", "the ETA bar", "the `dl` progress"),
        report="users say `dl` looks frozen on big files because it prints nothing",
        question="could `dl` show some kind of progress bar?",
        done="the progress bar works",
        files=("cli/commands/dl.py", "cli/ui.py"),
        replies=(
            "on ctrl+c cancel the download and clear the bar cleanly",
            "pause the bar while the retry message prints, they overlap",
            "add a `--no-progress` switch for CI logs",
            "stop redrawing more than 10 times a second, it flickers",
            "bar looks good. ETA jumps around a lot though",
        ),
    ),
    _Task(
        key="godot-leak",
        ask="Our Godot 4 game leaks memory: RAM goes from 300 MB to 2 GB after about 20 minutes. Find and fix the leak.",
        do="find the memory leak in the Godot game",
        refs=("the leak", "the memory leak", "the Godot leak", "the RAM thing"),
        report="a player on itch.io says the game eats 2 GB of RAM after half an hour",
        question="why does the Godot game climb to 2 GB of RAM after 20 minutes?",
        done="memory stays flat now",
        files=("scenes/bullet.gd", "scenes/level_manager.gd"),
        replies=(
            "bullets are never freed when they stop moving, `queue_free()` them there",
            "check the pause menu, it instantiates a new scene every time you open it",
            "disconnect the signals when switching levels",
            "stop the Timer nodes before freeing the enemies",
            "the monitor shows orphan nodes going up by ~200 per wave",
        ),
    ),
    _Task(
        key="android14",
        ask="The app crashes on Android 14 when opening Settings with `SecurityException: One of RECEIVER_EXPORTED or RECEIVER_NOT_EXPORTED should be specified`. Please fix it.",
        do="fix the Android 14 crash when opening Settings",
        refs=("the Android 14 crash", "the settings crash", "issue #1490", "the receiver crash"),
        report="a user just reported the app crashes on Android 14 when opening settings",
        question="can you see why the app crashes on Android 14 when you open Settings?",
        done="Settings opens fine on Android 14",
        files=(
            "app/src/main/java/com/acme/SettingsActivity.kt",
            "app/src/main/AndroidManifest.xml",
        ),
        replies=(
            "unregister the receiver in `onStop`, not `onDestroy`",
            "use `RECEIVER_NOT_EXPORTED` instead, the broadcast is internal only",
            "the back button should still go back to the previous screen after your change, check that",
            "crashes on the Pixel emulator API 34, not on 33",
            "does this need `ContextCompat.registerReceiver` for older versions?",
        ),
    ),
    _Task(
        key="modal-a11y",
        ask="Make our `<Modal>` component accessible: focus trap, Esc to close, and `aria-labelledby` on the dialog.",
        do="make the `<Modal>` component accessible with a focus trap and Esc to close",
        refs=("the modal a11y", "the modal", "the focus trap", "the accessibility pass"),
        report="the a11y audit came back and our modal fails keyboard navigation",
        question="could you make the modal keyboard accessible?",
        done="the modal passes axe now",
        files=("src/components/Modal.tsx", "src/components/Modal.test.tsx"),
        replies=(
            "Esc should cancel the dialog, not submit the form",
            "call `stopPropagation` on the keydown so the page behind doesn't scroll",
            "on close, return focus back to the button that opened it",
            "tab on the last element should jump back to the first one",
            "don't use a library for the focus trap, it's like 20 lines",
        ),
    ),
    _Task(
        key="changelog",
        ask="Write the CHANGELOG entry for v2.4.0 from the PRs merged since v2.3.1.",
        do="write the v2.4.0 changelog entry from the merged PRs",
        refs=("the changelog", "the release notes", "`CHANGELOG.md`", "the v2.4 notes"),
        report="release is tomorrow and the changelog still just says TBD",
        question="can you write the v2.4.0 changelog?",
        done="the changelog is written",
        files=("CHANGELOG.md", "docs/releases/v2.4.0.md"),
        replies=(
            "the `Client.stop()` rename goes under Breaking, not Changed",
            "the cancel button fix goes under Fixed",
            'move "switched to pnpm" to Internal, users don\'t care',
            "credit the contributors with their handles pls",
            "#2190 was reverted, leave it out",
        ),
    ),
    _Task(
        key="ios-keyboard",
        ask="On iOS the keyboard covers the chat input in our React Native app. Fix it so the input always stays visible.",
        do="fix the iOS keyboard covering the chat input",
        refs=("the keyboard bug", "the chat input thing", "the iOS keyboard issue", "`ChatScreen`"),
        report="TestFlight feedback says you can't see what you type in chat, the keyboard covers it",
        question="why does the keyboard cover the chat input on iOS?",
        done="the chat input stays visible",
        files=("src/screens/ChatScreen.tsx", "src/components/Composer.tsx"),
        replies=(
            'switch `behavior` to "padding" on iOS instead of "height"',
            "the input jumps back down when I switch apps and come back",
            "stop the list from scrolling to the top when the keyboard opens",
            "on Android it's fine, only iOS 17",
            "try `react-native-keyboard-controller`? or is that overkill",
        ),
    ),
    _Task(
        key="save-system",
        ask="Add a save/load system to my Pygame roguelike that stores the player's progress in a JSON file.",
        do="add save/load to the Pygame roguelike",
        refs=("the save system", "save/load", "the savegame thing", "`savegame.py`"),
        report="my playtesters lost an hour of progress because there's no saving at all",
        question="could you add saving to the roguelike?",
        done="saving and loading works",
        files=("game/savegame.py", "game/main.py"),
        replies=(
            "also save when the player opens the pause menu, not only on quit",
            "add a version field so old saves still load when we switch the format",
            "the Resume button in the pause menu should load the last autosave",
            "cancel the autosave during boss fights",
            "put the file in `~/.local/share`, not next to the exe",
        ),
    ),
    _Task(
        key="vite",
        ask="Migrate the frontend build from webpack 4 to Vite. Keep the same output folder.",
        do="migrate the frontend build from webpack 4 to Vite",
        refs=("the Vite migration", "the webpack thing", "the build migration", "the vite stuff"),
        report="webpack 4 doesn't run on Node 20 and our CI image just moved to Node 20",
        question="can we move the build from webpack 4 to Vite?",
        done="the Vite build works",
        files=("vite.config.ts", "webpack.config.js"),
        replies=(
            "stop using `process.env` in the client code, `import.meta.env` instead",
            "switch the dev proxy over to `server.proxy`",
            "keep `dist/` as the output folder, the deploy script expects it",
            "`require is not defined` in legacy/chart.js, any idea?",
            "don't delete webpack.config.js yet, I want to compare bundle sizes",
        ),
    ),
    _Task(
        key="flaky-checkout",
        ask="The Playwright test `checkout.spec.ts` fails about one in five runs. Find out why and fix it.",
        do="find out why `checkout.spec.ts` is flaky and fix it",
        refs=("the flaky test", "`checkout.spec.ts`", "the Playwright flake", "the e2e flake"),
        report="`checkout.spec.ts` failed again on three PRs today and people just re-run it",
        question="can you figure out why `checkout.spec.ts` keeps failing randomly?",
        done="checkout.spec passed 50 runs in a row",
        files=("e2e/checkout.spec.ts", "playwright.config.ts"),
        replies=(
            "wait for the network to go idle instead of `waitForTimeout(2000)`",
            "unroute the mocks after each test so they stop leaking into the next one",
            "run it with `--repeat-each=30` to be sure",
            "the trace shows the Pay button is still disabled when it clicks",
            "don't add retries, that just hides it",
        ),
    ),
    _Task(
        key="pi-docker",
        ask="Write a Dockerfile for my Telegram bot so I can run it on my Raspberry Pi 4 (arm64).",
        do="write a Dockerfile for the Telegram bot that runs on the Pi",
        refs=("the Dockerfile", "the docker image", "the Pi setup", "the docker stuff"),
        report="my bot keeps dying on the Pi because the system Python there is 3.7",
        question="could you dockerize the Telegram bot for my Pi?",
        done="the container runs on the Pi",
        files=("Dockerfile", "docker-compose.yml"),
        replies=(
            "add `STOPSIGNAL SIGINT` so the bot stops gracefully",
            "use python:3.12-slim instead of alpine, the wheels don't build on alpine",
            "restart: unless-stopped in compose pls",
            "image is 1.2GB lol, can it be smaller",
            "`exec format error` when I run it, I built it on my mac",
        ),
    ),
    _Task(
        key="remind-cmd",
        ask="Add a `/remind` slash command to my discord.py bot that pings the user after a given time, like `/remind 10m drink water`.",
        do="add a `/remind` slash command to the discord.py bot",
        refs=("the reminder command", "`/remind`", "the bot command", "the reminders"),
        report="my server members keep asking for a reminder command in the bot",
        question="could the bot get a `/remind` command?",
        done="`/remind` works",
        files=("bot/cogs/remind.py", "bot/main.py"),
        replies=(
            "add `/remind cancel <id>` so people can cancel a reminder",
            "reminders should stop if the user leaves the server",
            "store them in sqlite so they survive a restart",
            "`discord.errors.NotFound: 404 Unknown interaction` when I use it",
            "use an embed instead of plain text for the ping",
        ),
    ),
    _Task(
        key="ts-strict",
        ask="Turn on `strict: true` in `tsconfig.json` and fix the type errors, there are about 180.",
        do="turn on TypeScript strict mode and fix the errors",
        refs=("strict mode", "the TS errors", "the tsconfig strict thing", "the type errors"),
        report="we shipped another `undefined is not a function` bug that strict mode would have caught",
        question="can you turn on strict mode and clean up the errors?",
        done="strict mode is on and tsc is clean",
        files=("tsconfig.json", "src/store/reducer.ts"),
        replies=(
            "use a type guard instead of `as any` there",
            "the switch in `reducer.ts` needs an exhaustive `never` check in the default branch",
            "stop adding `!` everywhere, handle the null",
            "42 errors left per tsc, nice",
            "`@ts-expect-error` is ok for the legacy folder only",
        ),
    ),
    _Task(
        key="svg-icons",
        ask="Replace the icon font in our design system (`packages/ui`) with inline SVG icons.",
        do="replace the icon font in `packages/ui` with inline SVG icons",
        refs=(
            "the icon migration",
            "the SVG icons",
            "the icon font thing",
            "the `packages/ui` icons",
        ),
        report="the icon font shows empty squares for anyone with a custom font setting",
        question="could we get rid of the icon font and use inline SVGs?",
        done="all icons are SVG now",
        files=("packages/ui/src/Icon.tsx", "packages/ui/icons/index.ts"),
        replies=(
            "the stop and pause icons are swapped in the media player, check the names",
            "keep `currentColor` so they switch with the theme",
            "use `aria-hidden` instead of an empty title",
            "the cancel icon (x) is 1px off, ignore it, the designer will fix the svg",
            "does tree-shaking work? bundle size didn't move",
        ),
    ),
    _Task(
        key="completions",
        ask="Add shell completions for bash, zsh and fish to our Rust CLI using `clap_complete`.",
        do="add bash, zsh and fish completions to the Rust CLI",
        refs=(
            "the completions",
            "the shell completions",
            "the `clap_complete` stuff",
            "the completion scripts",
        ),
        report="a packager for Arch asked if we can ship shell completions",
        question="can the Rust CLI ship shell completions?",
        done="completions are generated for all three shells",
        files=("src/cli.rs", "build.rs"),
        replies=(
            "the `--stop-after` flag should only complete numbers",
            "generate them in build.rs instead of a `completions` subcommand",
            "fish wants them in `~/.config/fish/completions`, mention that",
            "`error[E0433]: failed to resolve: use of undeclared crate clap_complete`",
            "yes add PowerShell too, it's free",
        ),
    ),
    _Task(
        key="spdx",
        ask="Add SPDX license headers to all source files and a CI check that fails when one is missing.",
        do="add SPDX license headers and a CI check for them",
        refs=("the license headers", "the SPDX stuff", "the header check", "the licensing chore"),
        report="the foundation's legal review says every file needs an SPDX header before we can join",
        question="could you add SPDX headers everywhere plus a CI check?",
        done="every file has its header and the check runs in CI",
        files=("scripts/check_headers.py", ".github/workflows/license.yml"),
        replies=(
            "skip generated files, the check should stop complaining about `*_pb2.py`",
            "it's Apache-2.0, not MIT",
            "use `reuse lint` instead of a custom script?",
            "year range 2019-2024 is fine",
        ),
    ),
    _Task(
        key="ionic-back",
        ask="In our Ionic app the back button on the order detail page goes to Home instead of the order list. Fix the navigation.",
        do="fix the back button on the order detail page going to Home",
        refs=("the back button bug", "the navigation bug", "the router thing", "issue #77"),
        report="QA filed #77: back on the order detail page jumps to Home instead of the list",
        question="why does back on the order detail page go to Home?",
        done="back goes to the order list now",
        files=("src/app/orders/order-detail.page.ts", "src/app/app-routing.module.ts"),
        replies=(
            "going back to the previous screen should keep the scroll position too",
            "stop the router from replacing the history entry, that's the bug I think",
            "use `NavController.back()` instead of `navigateRoot`",
            "hardware back on Android does the same thing, check that too",
            "the switch between tabs is a separate issue, don't touch it",
        ),
    ),
    _Task(
        key="dijkstra",
        ask="Algorithms homework: implement Dijkstra in Java with a `PriorityQueue` and explain the time complexity. Due Friday.",
        do="help me implement Dijkstra in Java for my homework",
        refs=("the Dijkstra homework", "Dijkstra", "the graph assignment", "`Dijkstra.java`"),
        report="I just saw the graph assignment is due Friday, Dijkstra in Java with a PriorityQueue",
        question="can you help me with Dijkstra in Java for the algorithms class?",
        done="Dijkstra is done and I actually understand it",
        files=("Dijkstra.java", "Graph.java"),
        replies=(
            "stop the loop when you pop the target node, prof wants the early exit",
            "use a switch for the input commands in main",
            "why O((V+E) log V) and not V²? explain slower pls",
            "we have to use an adjacency list, not a matrix",
            "go back to the part with the visited set, I lost you",
        ),
    ),
    _Task(
        key="eslint",
        ask="Set up ESLint and Prettier for the monorepo with one shared config in `packages/config`.",
        do="set up ESLint and Prettier for the monorepo with a shared config",
        refs=("the lint setup", "the ESLint config", "the Prettier stuff", "the shared config"),
        report="every PR has 200 lines of formatting noise because nobody runs a formatter",
        question="could you set up ESLint and Prettier across the monorepo?",
        done="lint and prettier run on every package",
        files=("packages/config/eslint.config.js", ".prettierrc"),
        replies=(
            "nah use tabs",
            "turn off `no-fallthrough` only for the switch in parser.ts, it's intentional",
            "printWidth 100 instead of 80",
            "don't lint the `dist` folders",
            "`Cannot find module '@acme/config'` in apps/web",
        ),
    ),
    _Task(
        key="pwa-offline",
        ask="Make the web app work offline with a service worker that caches the app shell.",
        do="add a service worker so the web app works offline",
        refs=("the offline mode", "the service worker", "the PWA stuff", "`sw.js`"),
        report="field techs say the app is useless in basements because there's no offline mode",
        question="could the web app work offline?",
        done="offline works",
        files=("public/sw.js", "src/registerSW.ts"),
        replies=(
            "call `skipWaiting` so the new worker switches over right away",
            "stop caching API responses, only the shell",
            'add an "update available" banner instead of reloading silently',
            "in devtools the old worker says `redundant`, is that normal?",
        ),
    ),
    _Task(
        key="phaser-music",
        ask="The background music in my Phaser game restarts every time the scene changes. Make it keep playing across scenes.",
        do="make the background music in the Phaser game continue across scenes",
        refs=("the music bug", "the audio thing", "the BGM issue", "the background music"),
        report="my friend who playtested says the music restarting every level drives him crazy",
        question="why does the music restart on every scene change in the Phaser game?",
        done="the music plays through scene changes now",
        files=("src/scenes/Boot.js", "src/audio/MusicManager.js"),
        replies=(
            "when the pause menu opens, pause the music too",
            "but stop the music on game over",
            "resume it from the same spot after the pause menu closes, not from 0",
            "switch tracks only on the boss level",
            "volume setting resets too, same bug probably",
        ),
    ),
)

_CLOSERS = (
    "can you look into it?",
    "can you take a look?",
    "could you check?",
    "can you have a look pls?",
    "can you help with that?",
    "can u check it out?",
    "could you try to reproduce it?",
)

_HANDLES = ("lena-k", "rafael", "priya_s", "jwang", "tobi", "mkovac")

# ---------------------------------------------------------------------------------------------
# Templates. Slots: {a}/{A} a name of the task in force (switch, stop, reply) or of the stopped
# task (resume); {a_do}/{A_do} its imperative; {f} one of its files; {key} its slug. {b}/{B},
# {b_do}/{B_do}, {b_rep}/{B_rep}, {b_q}/{B_q}, {b_done}/{B_done}: the other task (the new one
# for a switch, the one done in between for a resume, an unrelated one for a reply).
# {close} a closing request, {handle} a GitHub handle. Upper-case slots are capitalised.
# ---------------------------------------------------------------------------------------------

_SWITCH: tuple[str, ...] = (
    "ok {a} can wait. {B_do} pls",
    "hmm this isn't going anywhere. {b_rep}, {close}",
    "btw {b_q}",
    "btw {b_q} {A} isn't urgent anyway",
    "release is tomorrow so {b} matters more than {a} rn. {B_do}.",
    "Looks decent so far, but let's leave {a} here. I need you to {b_do}.",
    "ngl {a} is a rabbit hole. {b_do} instead?",
    "Please let {a} be for the moment. More important is now: {b_do}.",
    "Kindly keep {a} on hold and {b_do}, it is urgent from client side.",
    "ok forget {a} for now pls, i need that you {b_do} kkkk sorry",
    "{A} no need to continue. Please help me {b_do}.",
    "Thank you for the progress so far. On reflection, I would prefer to set {a} aside for now; could you please {b_do} instead?",
    "hmm ok so I was thinking about this and honestly {a} is probably fine as it is for most people, and what's actually hurting us is that {b_rep}... can you look into that?",
    "{B_rep}. {close}",
    "stash what you have on {a}. {B_do}.",
    "scrap that. {b_do}",
    "lol ok that broke more than it fixed. new plan: {b_do}",
    "change of plans: {b_do}. we'll get back to {a} at some point",
    "{A}: leave it as is, not worth it. {B_do} though, that one's real.",
    "my PM just pinged me, I need you to {b_do}, that takes priority. park {a}.",
    "can you drop {a} and {b_do}?",
    "Stop working on {a}. Switch to this: {b_do}.",
    "ok hold on, before you go further with {a}: {b_rep}. that's more urgent, {close}",
    "wait wait. {b_rep}!! pls look at that asap, {a} later",
    "tbh I'm bored of {a} 😅 can we {b_do} instead",
    "nvm {a}, we'll ship without it. {B_do}?",
    "Sorry, {a} I decide not to do now. First {b_do}, this is more important.",
    "I think {a} we make later. Can you now {b_do}?",
    "{A} we will take up tomorrow. Right now please {b_do}, my manager is asking.",
    "bro leave {a} for later kkkk, {b_do} first",
    "ok {a} is lowkey cursed, im done w it. {b_do} fr",
    "{a} -> later. {b_do} now.",
    "park it. {b_do}.",
    "meh. {b_do} instead",
    "any chance you could {b_do} real quick? {A} can sit for a bit",
    "Let's put a pin in {a}. Something came up: {b_rep}. Can you dig into it?",
    "thanks, that's enough {a} for today. next up: {b_do}.",
    "ugh, still broken. whatever, I'll deal with {a} myself later, can you {b_do} meanwhile?",
    "{B_rep} 😬 drop everything and look at that pls",
    "actually you know what, {b_do}. {A} isn't going anywhere",
    "ok so priorities changed: {b_do} before end of day. {A} is on ice.",
    "I'm closing {a} as wontfix. could you {b_do}?",
    "hey so my teammate is taking over {a}, could you {b_do} in the meantime?",
    "lemme stop you there. {b_do}, that's what I actually need today",
    "Good progress, but I have to change the priority. {B_do}, please. Leave {a} as it is in the branch.",
    "so I just got out of a meeting and, um, turns out {b_rep}, which honestly is way worse than {a}, so could you look at that now and we leave {a} where it is",
    "hmm. on second thought {a} doesn't matter until v3. could you {b_do}?",
    "switching gears: {b_do}",
    "Instead of {a}, do this: {b_do}.",
    "ok whatever, {a} is fine like this. more important: {b_q}",
    "{B_q} that's blocking me, {a} can wait",
    "Cancel {a}, please. New task: {b_do}.",
    "ah wait, before I forget: {b_rep}. can you handle that now? {A} later",
    "sorry for the chaos but {a} is not needed anymore, the client changed scope. Please {b_do}.",
    "Okay, {a} is enough for now. Now the next thing: please {b_do}.",
    "yaar {a} is taking too long, leave it. {b_do} na, quickly",
    "haha ok nevermind, {a} isn't important. {B_q}",
    "I'm going to be honest, {a} has eaten my whole afternoon. Let's do something useful: {b_do}.",
    "{A} is good enough for the release. Could you now {b_do}? Much appreciated.",
    "wait so {b_rep}?? ok that's way worse. {close} {A} can chill",
)

_STOP: tuple[str, ...] = (
    "meh, not worth it, leave {a} as is",
    "let's table {a} for now",
    "ok that's enough on {a}, thanks. I'll pick it up myself later",
    "never mind {a}, we're closing the issue",
    "forget about {a}, upstream fixed it in their last release",
    "ok stop here pls",
    "Please do not continue with {a} for the moment. I must discuss with the team first.",
    "Kindly hold {a}, client has not confirmed the requirement yet.",
    "ok deixa pra la, {a} is not needed anymore",
    "{A} we don't do anymore, the PM cancel it.",
    "ngl {a} isn't worth the pain, let's just not",
    "ok im calling it, {a} stays broken for now lol",
    "my coworker is gonna take {a} from here, you can leave it",
    "@{handle} already has a PR open for {a}, so let's drop yours",
    "that's it for today, I'll look at the rest of {a} tomorrow myself",
    "hold off on {a} until the design is final",
    "{A} is blocked on upstream, park it",
    "let's not go down this road. {A} stays as is.",
    "k, enough. leave it",
    "nah forget it",
    "pause {a} pls, I need to think about it",
    "ok so I talked to the other maintainers and they don't want {a} at all, so... let's just leave it, sorry for the back and forth",
    "Thank you, but I have decided not to pursue {a} any further at this time.",
    "no more {a} today 😵",
    "just leave the branch as it is, don't push anything else for {a}",
    "eh. we'll revisit {a} after the release",
    "honestly let's shelve {a}, the cost isn't worth it",
    "ok i give up on {a} fr. leave it",
    "Please stop here. I will hand {a} over to the contributor who reported it.",
    "The issue got closed as duplicate, so no need to continue with {a}.",
    "I'll do {a} by hand, you can stop",
    "dont bother with {a} anymore",
    "{A} is on ice until Q3",
    "lowkey regret asking for {a} lmao, just leave it",
    "good enough for now, don't touch {a} anymore, I'll take it from here",
    "hmm, you know what, I'd rather not merge any of this. let's leave {a} alone",
    "Ok, I think we make {a} another time. For today it is enough.",
    "{A} I will ask my senior about it first. Until then please wait, don't change anything more.",
    "wait... actually no. {a} is not my call, I'll ask the lead. leave it for now",
    "we ran out of time for {a} this sprint. put it back in the backlog",
    "ugh fine, {a} isn't happening today 🙃",
    "ok, abort mission on {a}",
    "@{handle} said they want to do {a} themselves as their first contribution, so hands off",
    "This is taking much longer than expected. Let us not spend more time on {a}; I will leave it as it is.",
)

_RESUME: tuple[str, ...] = (
    "ok now the thing from earlier",
    "lets get back to {a}",
    "{B_done}, continue with {a}",
    "remember {a}? finish it",
    "ok {b} is done. where were we with {a}? pick it back up",
    "back to {a} pls",
    "nice, that's merged. now {a} again",
    "Now please resume {a} from where you left it.",
    "Okay, that is done. Kindly continue the {a} which we stopped before.",
    "beleza! now go back to {a} please",
    "{B_done}. ok let's finish {a} then",
    "alright, {a} time again",
    "ok the other stuff is sorted, can we pick {a} back up?",
    "Let's return to {a}; I believe you were about halfway through.",
    "ok resume {a}",
    "un-park {a} pls",
    "{A}: let's finish what we started",
    "so uh, {a}. we never finished that, right? let's do it now",
    "we're unblocked on {a}, continue",
    "the maintainers changed their minds, {a} is back on. continue where you stopped",
    "lol ok back to {a} i guess",
    "and now {a} again, same branch as before",
    "ok that's out of the way. {A_do}, like we started before.",
    "pick up {a} where you left off",
    "next: {a} from before",
    "Continue with {a} now please. Last time you were changing some files, check the git diff first.",
    "ok lets go back to {a}, i think we were close",
    "can u reopen {a}? i want it done today after all",
    "fr now lets finish {a}",
    "Earlier you started {a}. Please now continue it.",
    "ok where was i. ah right, {a}. go on with that",
    "{B_done} 🎉 now the one we paused: {a}",
    "cool. so, {a}. still in your context? carry on with it",
    "Since {b} is finished, I would like you to return to {a} and complete it.",
    "{B_done}. Now we can do {a} again, yes?",
    "ok ok. {a} now, for real this time",
    "yaar {b} is done finally. now {a} please, continue from before",
    "thx! the earlier one next pls, {a}",
)

_REPLY: tuple[str, ...] = (
    "looks good",
    "lgtm, continue",
    "perfect 👌",
    "yes go ahead",
    "why did you change {f}?",
    "why did you change that?",
    "revert your last change to {f} and try another way instead",
    "go back to {f}, you missed a spot",
    "don't stop to ask me every step, just keep going with {a}",
    "no need to stop, those warnings are expected",
    "before you switch to the next file, commit what you have",
    "wait, don't push to main. branch pls",
    "cancel that command, it's hanging. run it with `--verbose` instead",
    "Could you please explain the change in {f}? I do not understand why it is needed.",
    "Kindly add one test case for this also.",
    "ok but why it is working now? before it was not working",
    "How long do you think {a} will take?",
    "is this safe to merge into main?",
    "hmm, that's not what I meant. read my first message again",
    "the diff in {f} is huge, is all of that necessary?",
    "don't reformat {f}, it makes the diff unreadable",
    "fr this is so much cleaner, thx",
    "lowkey impressed ngl",
    "ok and what about edge cases?",
    "I'm on Windows 11 btw, if that matters",
    "yes that's the right file",
    "no, the other one. {f}",
    "go back to your first approach, it was cleaner",
    "instead of a new helper, reuse the one we already have in utils",
    "quick pause: what does the change in {f} actually do?",
    "don't worry about {b} yet, finish {a} first",
    "ignore the CI mail about {b}, not your problem, keep going",
    "someone asked about {b} in chat, I told them later. carry on",
    "is {b} still broken btw? just curious, don't look at it now",
    "Thank you, this is helpful. Please continue in the same way.",
    "Vielen Dank! It works now also on my machine.",
    "obrigado!! it's working here now",
    "same error as before 😩",
    "still broken on my side, let me paste the log",
    "commit message should say `fix:` not `Fix:`",
    "use 2 spaces not 4",
    "good, but please rename `tmp2` to something meaningful",
    "can u add a comment why",
    "what does that flag do?",
    "idk, you decide",
    "either is fine tbh",
    "yeah sure",
    "👍",
    "hmm let me check on my machine first, one sec",
    "it works!! but the tests for {f} fail now",
    "one more thing for {a}: keep it backwards compatible",
    "Also, kindly take care that {a} works in the old version also.",
    "the switch from your old approach to this one is fine by me, continue",
    "don't cancel the whole thing, only the part in {f} is wrong",
    "stop, stop. wrong branch. checkout `fix/{key}` first and redo it there",
    "instead of asking, just try it and show me the output",
    "back in 10 min, keep going",
    "brb, coffee. continue with {a} meanwhile",
    "I'll be offline for an hour but keep working on {a}",
    "ok i see the problem now, my env var was wrong. my bad, continue",
    "This is the error I get: `ModuleNotFoundError: No module named 'yaml'`",
    "Sorry, I was not clear. I meant only {f}, the other files must stay same.",
    "wdym by that? explain like im 5",
    "can you go back and undo the rename in {f}? keep the rest",
    "I don't want to stop the existing users from upgrading, so no breaking changes pls",
    "yep, and then run the tests",
    "i trust u, go",
    "Before we continue, could you summarise what you have changed so far for {a}?",
)

# ---------------------------------------------------------------------------------------------
# Register noise.
# ---------------------------------------------------------------------------------------------

_CODE = re.compile(r"(`[^`]*`)")
_SUBS: tuple[tuple[str, str], ...] = (
    (r"\bplease\b", "pls"),
    (r"\bPlease\b", "Pls"),
    (r"\byou\b", "u"),
    (r"\bthanks\b", "thx"),
    (r"\bbecause\b", "bc"),
    (r"\bright now\b", "rn"),
    (r"\bgoing to\b", "gonna"),
    (r"\bwant to\b", "wanna"),
    (r"\bokay\b", "ok"),
    (r"\bOkay\b", "ok"),
    (r"\bwith\b", "w/"),
    (r"\bto be honest\b", "tbh"),
)
_PREFIXES = ("ngl ", "tbh ", "ok ", "hmm ", "so ", "yo ", "hey, ", "alright ")
_SUFFIXES = (" 🙏", " 😅", " thx", " pls", " 🙂", " lol", " 👀", "!!", " ty", " 🫠")


def _outside_code(text: str, fn: Callable[[str], str]) -> str:
    parts = _CODE.split(text)
    return "".join(p if i % 2 else fn(p) for i, p in enumerate(parts))


def _typo(text: str, rng: random.Random) -> str:
    parts = _CODE.split(text)
    spots = [
        (i, m.start(), m.end())
        for i, p in enumerate(parts)
        if i % 2 == 0
        for m in re.finditer(r"(?<![\w./#@-])[A-Za-z]{6,}(?![\w./-])", p)
    ]
    if not spots:
        return text
    i, start, end = rng.choice(spots)
    word = parts[i][start:end]
    j = rng.randrange(1, len(word) - 2)
    word = word[:j] + word[j + 1] + word[j] + word[j + 2 :]
    parts[i] = parts[i][:start] + word + parts[i][end:]
    return "".join(parts)


def _register(text: str, rng: random.Random) -> str:
    if rng.random() < 0.3:
        text = _outside_code(text, str.lower)
    if rng.random() < 0.22:
        subs = rng.sample(_SUBS, k=3)

        def _sub(part: str) -> str:
            for pat, rep in subs:
                part = re.sub(pat, rep, part)
            return part

        text = _outside_code(text, _sub)
    if rng.random() < 0.22:
        text = _outside_code(text, lambda p: re.sub(r"(?<=[a-z])'(?=(t|s|m|re|ll)\b)", "", p))
        text = text.rstrip(".")
    if rng.random() < 0.15:
        text = _typo(text, rng)
    if rng.random() < 0.12:
        prefix = rng.choice(_PREFIXES)
        first = text.split(" ", 1)[0].lower().strip(",.")
        if first != prefix.strip(" ,"):
            if text[:1].isupper() and text[1:2].islower():
                text = text[0].lower() + text[1:]
            text = prefix + text
    if rng.random() < 0.18:
        text = text + rng.choice(_SUFFIXES)
    return text


# ---------------------------------------------------------------------------------------------
# Generation.
# ---------------------------------------------------------------------------------------------


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s[:1].isalpha() else s


def _slots(a: _Task, b: _Task, rng: random.Random) -> dict[str, str]:
    ar, br = rng.choice(a.refs), rng.choice(b.refs)
    return {
        "a": ar,
        "A": _cap(ar),
        "a_do": a.do,
        "A_do": _cap(a.do),
        "f": rng.choice(a.files),
        "key": a.key,
        "b": br,
        "B": _cap(br),
        "b_do": b.do,
        "B_do": _cap(b.do),
        "b_rep": b.report,
        "B_rep": _cap(b.report),
        "b_q": b.question,
        "B_q": _cap(b.question),
        "b_done": b.done,
        "B_done": _cap(b.done),
        "close": rng.choice(_CLOSERS),
        "handle": rng.choice(_HANDLES),
    }


Builder = Callable[[random.Random], Case]


def _two(rng: random.Random) -> tuple[_Task, _Task]:
    a, b = rng.sample(_TASKS, k=2)
    return a, b


def _template_builder(kind: str, template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        a, b = _two(rng)
        text = template.format(**_slots(a, b, rng))
        if kind == "resume":
            # ``a`` is the task stopped earlier, ``b`` the one done in between (now in force).
            return {"kind": kind, "text": text, "current_task": b.ask, "stopped_task": a.ask}
        return {"kind": kind, "text": text, "current_task": a.ask, "stopped_task": None}

    return build


def _fixed_reply_builder(task: _Task, text: str) -> Builder:
    def build(rng: random.Random) -> Case:
        del rng
        return {"kind": "reply", "text": text, "current_task": task.ask, "stopped_task": None}

    return build


def _builders() -> dict[str, list[Builder]]:
    out: dict[str, list[Builder]] = {
        "switch": [_template_builder("switch", t) for t in _SWITCH],
        "stop": [_template_builder("stop", t) for t in _STOP],
        "resume": [_template_builder("resume", t) for t in _RESUME],
        "reply": [_template_builder("reply", t) for t in _REPLY],
    }
    out["reply"].extend(_fixed_reply_builder(t, r) for t in _TASKS for r in t.replies)
    return out


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    builders = _builders()
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in KINDS:
        pool = list(builders[kind])
        rng.shuffle(pool)
        want = PLAN[kind]
        made = 0
        step = 0
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            case = pool[step % len(pool)](rng)
            step += 1
            text = _register(str(case["text"]), rng)
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            case["text"] = text
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


def _template_count() -> int:
    return len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY)


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {_template_count()} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, reply {len(_REPLY)}), "
        f"{sum(len(t.replies) for t in _TASKS)} task-specific replies"
    )
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(str(c["kind"]) for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)} distinct texts: {distinct} total: {len(got)}")
        assert len(got) == 600, len(got)
        assert counts == Counter(PLAN), counts
        assert distinct == 600, distinct
        for c in got:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}, c
            assert c["kind"] in KINDS
            assert c["text"], c
            assert c["current_task"], c
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume"), c
            if c["kind"] == "resume":
                assert c["stopped_task"] != c["current_task"], c
        assert generate(s) == got, "not deterministic"
    assert generate(0) != generate(1)
    print("ok")
