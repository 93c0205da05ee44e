"""Snapshots keep folding flat: loading a match folds only the events after its snapshot, so a
command at hand 500 does the same work as one at hand 1. A snapshot is only a cache: one that is
missing, from another engine version or not matching the match is ignored and the state is
rebuilt from the events."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors, services
from games.engine.holdem import Holdem
from games.models import Snapshot
from games.selectors import folded_from_events, match_state
from tests.store.conftest import House, calling_station, fold_to_the_big_blind


class Counting:
    """Counts the events ``match_state``/``folded_from_events`` apply, and the rows they read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.applied = 0
        self.rows_read = 0
        counting = self

        class CountingHoldem(Holdem):
            def apply(self, state: Any, item: Any) -> None:
                counting.applied += 1
                super().apply(state, item)

        counting_holdem = CountingHoldem()
        monkeypatch.setattr(selectors, "game_for", lambda game: counting_holdem)
        stored_events = selectors.stored_events

        def counting_stored_events(match: Any, *, after: int = 0, upto: int | None = None) -> list:
            rows = stored_events(match, after=after, upto=upto)
            self.rows_read += len(rows)
            return rows

        monkeypatch.setattr(selectors, "stored_events", counting_stored_events)

    def reset(self) -> None:
        self.applied = self.rows_read = 0


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    return Counting(monkeypatch)


def _command_cost(house, counting: Counting) -> tuple[int, int, int]:
    """(events applied, event rows read, queries) of the first action of a hand with the button
    on seat 0 (seat 3 folds), through the services."""
    state = house.state()
    assert (state.button, state.to_act, state.street) == (0, 3, "preflop")
    counting.reset()
    with CaptureQueriesContext(connection) as queries:
        house.step(fold_to_the_big_blind)
    return counting.applied, counting.rows_read, len(queries.captured_queries)


@pytest.fixture
def committing_db(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """On PostgreSQL every command commits, as in production: inside one long test transaction
    PostgreSQL would walk every version of the rows the test rewrote, slower with each hand.
    (The AIs then move only when the house says; commits need not wait for the disk.)
    On SQLite, the usual rolled-back test transaction."""
    if connection.vendor != "postgresql":
        request.getfixturevalue("db")
        yield
        return
    request.getfixturevalue("transactional_db")
    monkeypatch.setattr("bots.tasks.play", SimpleNamespace(delay=lambda *args: None))
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit = off")
    yield
    with connection.cursor() as cursor:
        cursor.execute("RESET synchronous_commit")


def test_folding_cost_stays_flat_as_a_match_grows_to_500_hands(committing_db, monkeypatch):
    player = services.player_create_guest()
    counting = Counting(monkeypatch)
    at_hand_1 = _command_cost(House(services.match_start(player=player).match), counting)
    house = House(services.match_start(player=player).match)

    house.play_hands(496, fold_to_the_big_blind)
    old = Snapshot.objects.get(match_id=house.match_id)
    old_seq, old_state = old.seq, bytes(old.state)
    house.play_hands(4, fold_to_the_big_blind)
    assert house.hands_ended() == 500
    assert house.match().seq > 500 * 12

    # A command at hand 501 does exactly the work of one at hand 1: no event folded or read.
    at_hand_501 = _command_cost(house, counting)
    assert at_hand_501 == at_hand_1
    assert at_hand_501[:2] == (0, 0)

    match = house.match()
    counting.reset()
    full = folded_from_events(match)
    assert counting.applied == match.seq  # the fold of every stored event, for comparison

    counting.reset()
    assert match_state(match) == full
    assert counting.applied == counting.rows_read == 0  # the snapshot is current

    # An older snapshot (as if its last rewrites were lost): only the events after it are folded.
    Snapshot.objects.filter(match=match).update(seq=old_seq, state=old_state)
    match = house.match()
    counting.reset()
    assert match_state(match) == full
    assert counting.applied == counting.rows_read == match.seq - old_seq
    assert 0 < match.seq - old_seq < 100


def test_a_snapshot_from_another_engine_version_is_ignored(house, counting):
    house.play_hands(3, calling_station)
    match = house.match()
    Snapshot.objects.filter(match=match).update(
        engine_version="holdem-0", state=pickle.dumps("not a state")
    )
    match = house.match()
    counting.reset()
    assert match_state(match) == folded_from_events(match)
    assert counting.applied == 2 * match.seq  # rebuilt from all events (twice: both sides)


def test_a_snapshot_ahead_of_the_match_is_ignored(house, counting):
    house.play_hands(2, calling_station)
    match = house.match()
    Snapshot.objects.filter(match=match).update(seq=match.seq + 5, state=pickle.dumps("junk"))
    match = house.match()
    assert match_state(match) == folded_from_events(match)


def test_a_missing_snapshot_is_rebuilt_from_the_events(house):
    house.play_hands(2, calling_station)
    Snapshot.objects.filter(match_id=house.match_id).delete()
    match = house.match()
    assert match_state(match) == folded_from_events(match)
    house.refresh()
    # and the next command that writes one (a player's, or an AI's within a few events) does
    for _ in range(services.SNAPSHOT_EVERY):
        house.step(calling_station)
        if Snapshot.objects.filter(match_id=house.match_id).exists():
            break
    snapshot = Snapshot.objects.get(match_id=house.match_id)
    assert snapshot.seq == house.match().seq
    assert pickle.loads(bytes(snapshot.state)) == folded_from_events(house.match())


def test_a_process_that_did_not_append_last_reads_its_marks_with_the_snapshot(house):
    """Web processes and workers append in turn, so each command finds the match as another
    process left it. The snapshot written by every outside command and every hand-back to the
    human keeps, beside the state, where the hand, the last hands' starts and the read model
    stand: the next command reads them with the snapshot in the locking query, and no events or
    hand rows. What it reads is what the store says, at every step of matches with ends,
    watching and restarts."""
    from django.db import transaction

    from games.projections import _read
    from tests.store.conftest import heads_up_shoves

    from_marks = 0
    for _ in range(150):
        services.forget_known()  # as a process that did not make the last append
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            match = services._locked(house.match_id)
            loaded = services._load(match, Holdem())
        read = " ".join(query["sql"] for query in queries.captured_queries)
        snapshot = Snapshot.objects.get(match_id=house.match_id)
        if snapshot.seq == match.seq:
            from_marks += 1
            assert len(queries.captured_queries) == 1, read  # the locking query, no other
            stored = services._from_store(match, Holdem(), loaded.state, snapshot, usable=True)
            assert (loaded.open_hand, loaded.hand_firsts) == (stored.open_hand, stored.hand_firsts)
            assert loaded.projected == _read(match, before=match.seq + 1)
            assert loaded.snapshot_seq == match.seq
        assert loaded.state == folded_from_events(match)
        state = house.state()
        if state.to_act is not None:
            house.step(heads_up_shoves)
        elif state.phase == "match_over":
            house.restart()
        else:
            house.watch()
    assert from_marks >= 50  # every outside command and hand-back; not an AI passing to an AI


def test_marks_of_another_format_are_read_from_the_store_instead(house, monkeypatch):
    house.play_hands(2, calling_station)
    monkeypatch.setattr(services.Marks, "FORMAT", services.Marks.FORMAT + 1)
    services.forget_known()
    match = services._locked(house.match_id)
    with CaptureQueriesContext(connection) as queries:
        loaded = services._load(match, Holdem())
    # The last event's hand and the hands' starts read from the events and the hand rows.
    assert any('"first_seq"' in query["sql"] for query in queries.captured_queries)
    assert loaded.projected is None  # the read model is read when it is next projected
    assert loaded.state == folded_from_events(match)
    house.step(calling_station)
    assert house.match().seq > match.seq
