"""Redaction's prefilter (:mod:`packlight.secret_prefilter`) names every rule that matches a
text, so redacting through it gives exactly what redacting by keywords alone gives: over
planted secrets of every corpus, near misses, prose, code and logs in several cases, texts
outside ASCII and texts with the separator controls (which it leaves to the keywords); from
a database compiled in the process, read from the cache, or not there at all."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from packlight import redact as redaction
from packlight import secret_prefilter
from packlight.redact import RULES, prepare_prefilter, redact, redact_each
from packlight.secret_prefilter import prefilter_enabled
from tests.test_secret_rules_anchors import _texts

pytest.importorskip("hyperscan", reason="the prefilter needs hyperscan (pip install hyperscan)")


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The prefilter as a new process finds it: nothing loaded or compiled yet."""
    monkeypatch.setattr(secret_prefilter, "_STATE", secret_prefilter._State())


def _cache_files() -> list[Path]:
    import os

    return sorted((Path(os.environ["PACKLIGHT_HOME"]) / "cache").glob("*.hsdb"))


def _mixed(seed: int) -> list[str]:
    """The anchors' texts, cut to varied lengths, with copies that the prefilter cannot read
    (a letter outside ASCII, a separator control) and texts that already hold placeholders."""
    rng = random.Random(seed)
    texts = [text[: rng.randint(20, 3_000)] for text in _texts(seed)]
    texts += [text.replace(" ", " é ", 1) for text in rng.sample(texts, 40)]
    texts += [text.replace("\n", "\x1d\n", 1) for text in rng.sample(texts, 40)]
    texts += [redact(text) for text in rng.sample(texts, 40)]
    texts += ["", "plain words only", "a NUL \x00 password: hunter2hunter2"]
    return texts


@pytest.mark.parametrize("seed", range(2))
def test_every_rule_that_matches_a_text_is_named(seed: int, fresh_process: None) -> None:
    assert prepare_prefilter()
    rules = [rule for rule, _ in redaction._RULE_NEEDLES]
    assert len(rules) == len(RULES)
    named_any = 0
    for text in _mixed(seed):
        found = secret_prefilter.candidates(text, redaction._RULE_SET)
        if found is None:
            assert not text.isascii() or any("\x1c" <= c <= "\x1f" for c in text)
            continue
        named = found.may_match | found.unread
        named_any += len(found.may_match)
        for index, rule in enumerate(rules):
            if rule.pattern.search(text) is not None:
                assert index in named, (index, rule.needles[:3], text[:200])
    assert named_any > 0  # the prefilter did read texts


@pytest.mark.parametrize("seed", range(2))
def test_redaction_through_the_prefilter_is_redaction_by_keywords(
    seed: int, fresh_process: None
) -> None:
    texts = _mixed(seed)
    with prefilter_enabled(False):
        by_keywords = [redact(text) for text in texts]
        together_by_keywords = redact_each(texts)
    assert prepare_prefilter()
    with prefilter_enabled(True):
        assert [redact(text) for text in texts] == by_keywords
        assert redact_each(texts) == together_by_keywords
    assert by_keywords != texts  # secrets were there to find


def test_a_new_process_reads_the_compiled_rules_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, fresh_process: None
) -> None:
    assert prepare_prefilter()
    assert len(_cache_files()) == 1
    monkeypatch.setattr(secret_prefilter, "_STATE", secret_prefilter._State())

    def no_compiling(*args: object) -> None:
        raise AssertionError("compiled again although the cache held the database")

    monkeypatch.setattr(secret_prefilter, "_compile", no_compiling)
    text = "export GITHUB_TOKEN=ghp_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6" + "\n"
    assert prepare_prefilter()
    assert "ghp_" not in redact(text)


def test_the_database_of_earlier_rules_is_removed(
    monkeypatch: pytest.MonkeyPatch, fresh_process: None
) -> None:
    assert prepare_prefilter()
    (current,) = _cache_files()
    earlier = current.with_name("redaction-prefilter-0123456789abcdef01234567.hsdb")
    current.rename(earlier)
    monkeypatch.setattr(secret_prefilter, "_STATE", secret_prefilter._State())
    assert prepare_prefilter()
    assert _cache_files() == [current]


def test_a_damaged_cache_file_is_built_again(
    monkeypatch: pytest.MonkeyPatch, fresh_process: None
) -> None:
    assert prepare_prefilter()
    (path,) = _cache_files()
    blob = path.read_bytes()
    path.write_bytes(blob[: len(blob) // 2])
    monkeypatch.setattr(secret_prefilter, "_STATE", secret_prefilter._State())
    assert prepare_prefilter()
    assert path.read_bytes() == blob


def test_without_hyperscan_the_keywords_choose_the_rules(
    monkeypatch: pytest.MonkeyPatch, fresh_process: None
) -> None:
    texts = _mixed(0)[:300]
    with prefilter_enabled(False):
        expected = [redact(text) for text in texts]
    monkeypatch.setattr(secret_prefilter, "_hyperscan", lambda: None)
    assert not prepare_prefilter()
    assert [redact(text) for text in texts] == expected
    assert _cache_files() == []


def test_a_hyperscan_that_does_not_load_leaves_the_keywords(
    monkeypatch: pytest.MonkeyPatch, fresh_process: None
) -> None:
    """Its shared library missing or built for another CPU: the import fails with an error
    that is not an ImportError, and redaction goes on by keywords."""
    import importlib.abc
    import sys

    class Broken(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, *args: object) -> None:
            if name == "hyperscan":
                raise OSError("libhs.so.5: cannot open shared object file")

    monkeypatch.delitem(sys.modules, "hyperscan")
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    text = "the staging password is Hunter2-staging\n" * 2_000
    with prefilter_enabled(False):
        expected = redact(text)
    assert not prepare_prefilter()
    assert redact(text) == expected != text


def test_a_process_compiles_only_once_it_has_redacted_enough(fresh_process: None) -> None:
    short = "the staging password is Hunter2-staging\n"
    for _ in range(10):
        redact(short)
    # A short session pays nothing: Hyperscan is not imported, the cache not even read.
    assert secret_prefilter._STATE.prefilter is None
    assert secret_prefilter._STATE.path is None
    long_text = short * (secret_prefilter.COMPILE_AFTER_CHARS // len(short) + 1)
    redact(long_text)
    assert secret_prefilter._STATE.prefilter is not None
    assert len(_cache_files()) == 1


def test_threads_redact_at_once_with_the_same_result(fresh_process: None) -> None:
    texts = _mixed(1)[:400]
    with prefilter_enabled(False):
        expected = [redact(text) for text in texts]
    assert prepare_prefilter()
    results: dict[int, list[str]] = {}

    def work(number: int) -> None:
        order = list(range(len(texts)))
        random.Random(number).shuffle(order)
        done = {index: redact(texts[index]) for index in order}
        results[number] = [done[index] for index in range(len(texts))]

    threads = [threading.Thread(target=work, args=(number,)) for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(result == expected for result in results.values())
    assert len(results) == 4
