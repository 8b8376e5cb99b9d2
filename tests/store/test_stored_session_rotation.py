"""Rotation (``in_place=False``) on both stores: nothing an agent appends is lost to a session
that another StoredSession rotated, whether it arrives during the rotation or after it."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from packlight.store.base import ROTATION_SEED
from packlight.stored_session import StoredSession, original_messages
from tests.store.test_stored_session_leases import SlowSummarizer, example_messages

StoreFactory = Callable[..., Any]
WINDOW = 8_192  # small: a few notes give a rotation something to compact


def note(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def test_an_agent_appending_to_a_rotated_session_follows_it(store_factory: StoreFactory) -> None:
    rotator_store, agent_store = store_factory(), store_factory()
    try:
        rotator = StoredSession.create(
            rotator_store,
            model="gpt-4o",
            messages=example_messages(),
            context_window=WINDOW,
            in_place=False,
        )
        root = rotator.session_id
        agent = StoredSession(agent_store, root, context_window=WINDOW)
        assert rotator.compact(force=True).compacted
        child = rotator.session_id
        assert child != root

        agent.append([note("after the rotation")])
        assert agent.session_id == child  # followed, with the child's engine state
        assert agent.engine.export_state() == agent_store.load_engine_state(child)
        assert agent_store.active_messages(root) == []
        assert agent.messages()[-1] == note("after the rotation")
        assert rotator.messages() == agent.messages()
        assert agent.original_messages() == [*example_messages(), note("after the rotation")]

        # A second rotation; the agent, still on the child, follows again.
        more = [note(f"more {n} " + "words " * 20) for n in range(10)]
        rotator.append(more)
        assert rotator.compact(force=True).compacted
        assert rotator.session_id not in {root, child}
        agent.append([note("later")])
        assert agent.session_id == rotator.session_id
        assert original_messages(agent_store, agent.session_id) == [
            *example_messages(),
            note("after the rotation"),
            *more,
            note("later"),
        ]
        # Each id answers for the lineage up to it (the parents keep their rows).
        assert original_messages(agent_store, root) == example_messages()
        assert original_messages(agent_store, child) == [
            *example_messages(),
            note("after the rotation"),
            *more,
        ]
    finally:
        rotator_store.close()
        agent_store.close()


def test_usage_observed_after_another_rotation_lands_in_the_tip(
    store_factory: StoreFactory,
) -> None:
    rotator_store, agent_store = store_factory(), store_factory()
    try:
        rotator = StoredSession.create(
            rotator_store,
            model="gpt-4o",
            messages=example_messages(),
            context_window=WINDOW,
            in_place=False,
        )
        root = rotator.session_id
        agent = StoredSession(agent_store, root, context_window=WINDOW)
        assert rotator.compact(force=True).compacted
        parent_state = agent_store.load_engine_state(root)

        agent.observe({"prompt_tokens": 4_321, "completion_tokens": 12})
        assert agent.session_id == rotator.session_id
        assert agent_store.load_engine_state(root) == parent_state  # the ended parent is left
        assert agent_store.load_engine_state(agent.session_id) == agent.engine.export_state()
    finally:
        rotator_store.close()
        agent_store.close()


def test_rows_appended_during_a_rotation_move_to_the_child(store_factory: StoreFactory) -> None:
    rotator_store, agent_store = store_factory(), store_factory()
    try:
        late = [note("late one"), note("late two")]
        agent: list[StoredSession] = []
        rotator = StoredSession.create(
            rotator_store,
            model="gpt-4o",
            messages=example_messages(),
            context_window=WINDOW,
            in_place=False,
            summarizer=SlowSummarizer(0.2, during=lambda: agent[0].append(late)),
        )
        root = rotator.session_id
        agent.append(StoredSession(agent_store, root, context_window=WINDOW))
        result = rotator.compact(force=True)
        assert result.compacted, result.reason
        child = rotator_store.get_session(rotator.session_id)
        assert child is not None
        assert child.parent_id == root
        active = rotator.messages()
        assert active == [*result.messages, *late]  # the late rows follow the compacted list
        assert child.meta[ROTATION_SEED] == len(active)
        assert rotator.original_messages() == [*example_messages(), *late]
        assert agent[0].session_id == root  # it appended before the rotation committed
    finally:
        rotator_store.close()
        agent_store.close()


@pytest.mark.slow
def test_concurrent_appenders_lose_nothing_to_repeated_rotations(
    store_factory: StoreFactory,
) -> None:
    appenders, per_appender, least_rotations = 3, 40, 3
    opener = store_factory()
    root = StoredSession.create(
        opener, model="gpt-4o", messages=example_messages(), context_window=WINDOW
    ).session_id
    errors: list[BaseException] = []
    appending = threading.Event()
    finished = threading.Barrier(appenders + 1)
    rotations: list[str] = []
    followed: set[tuple[str, str]] = set()  # (appender, session it appended to)

    def append(name: str) -> None:
        store = store_factory()
        try:
            agent = StoredSession(store, root, context_window=WINDOW)
            appending.set()
            for i in range(per_appender):
                agent.append([note(f"note {name}-{i}")])
                followed.add((name, agent.session_id))
                time.sleep(0.01)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            store.close()
            finished.wait()

    def rotate() -> None:
        store = store_factory()
        try:
            # A summarizer that takes a while: appends arrive during each rotation.
            rotator = StoredSession(
                store,
                root,
                context_window=WINDOW,
                in_place=False,
                summarizer=SlowSummarizer(0.1),
            )
            appending.wait()
            extra = 0  # attempts after the appenders finished (a bound, should rotations stall)
            while finished.n_waiting < appenders or len(rotations) < least_rotations:
                extra += finished.n_waiting == appenders
                if extra > 200:
                    break
                if rotator.compact(force=True).compacted:
                    rotations.append(rotator.session_id)
                else:  # nothing to compact yet: let some notes arrive
                    time.sleep(0.02)
        except BaseException as exc:
            errors.append(exc)
        finally:
            store.close()
            finished.wait()

    threads = [threading.Thread(target=append, args=(f"t{n}",)) for n in range(appenders)]
    threads.append(threading.Thread(target=rotate))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        assert len(rotations) >= least_rotations
        tip = opener.tip(root)
        lineage = opener.lineage(tip.id)
        assert [record.id for record in lineage[1:]] == rotations

        # Every appended message is an original of the tip's lineage exactly once, in order.
        found = original_messages(opener, tip.id)
        assert found[: len(example_messages())] == example_messages()
        notes = [str(m["content"]) for m in found[len(example_messages()) :]]
        wanted = {f"note t{n}-{i}" for n in range(appenders) for i in range(per_appender)}
        assert len(notes) == len(wanted)
        assert set(notes) == wanted
        for n in range(appenders):
            mine = [text for text in notes if text.startswith(f"note t{n}-")]
            assert mine == [f"note t{n}-{i}" for i in range(per_appender)]

        # And each is in the tip's transcript: after its last checkpoint, or in a span that
        # a checkpoint of the lineage summarised (context_expand brings it back).
        active = {str(row.message.get("content")) for row in opener.active_messages(tip.id)}
        spans = [a.content for a in opener.list_artifacts(tip.id) if a.kind == "span"]
        missing = [t for t in wanted if t not in active and not any(t in span for span in spans)]
        assert missing == []

        # The rotations did meet appends in flight: some children start with late copies.
        late = 0
        for parent, child in itertools.pairwise(lineage):
            [event] = opener.compaction_events(parent.id)
            late += int(child.meta[ROTATION_SEED]) - event.after_messages
        assert late > 0
        # And appenders met rotations that had committed: they followed to the children.
        assert len(followed) > appenders
    finally:
        opener.close()
