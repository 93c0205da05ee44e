"""On PostgreSQL an append sends its writes in one round trip, and an AI turn that leaves no
snapshot to write sends its COMMIT with them. Still one transaction per command: a failing
write stores nothing, and what a process remembers of a match is used only while the row is at
the key it remembered (another writer, or a rolled-back append, makes it read the store)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots.seeds import numbered_seed
from bots.services import ai_turn_take
from games import services
from games.models import Event, HandSummary, Match, Snapshot
from games.projections import project
from games.selectors import folded_from_events, match_state

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SEATS = ["calling_station", "medium", "calling_station", "medium"]


def _deals(label: str) -> Any:
    return (numbered_seed(label, number) for number in itertools.count(1))


def _summaries(match: Match) -> list[tuple]:
    return list(
        HandSummary.objects.filter(match=match)
        .order_by("hand_number")
        .values_list("hand_number", "segment", "first_seq", "last_seq", "pot_total", "finished")
    )


def _rebuilt(match: Match) -> list[tuple]:
    """The read model projected afresh from every stored event (rolled back afterwards)."""
    from django.db import transaction

    from games.selectors import stored_events

    class Undo(Exception):
        pass

    rows: list[tuple] = []
    try:
        with transaction.atomic():
            HandSummary.objects.filter(match=match).delete()
            project(match, stored_events(match))
            rows = _summaries(match)
            raise Undo
    except Undo:
        pass
    return rows


def _play(match: Match, turns: int) -> Match:
    for _ in range(turns):
        played = ai_turn_take(match_id=match.id, seq=match.seq, salt="batched")
        if played is None:  # only once the match is over
            assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
            break
        match = played.match
    return match


def test_an_ai_turn_commits_with_its_writes_and_stores_what_the_orm_would():
    with services.driving_ai_turns(seeds=_deals("batched")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 30)
        with CaptureQueriesContext(connection) as queries:
            match = _play(match, 1)
        writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("INSERT")]
        assert len(writes) == 1 and writes[0].rstrip().endswith("COMMIT")
        assert not connection.in_atomic_block  # and the connection is as after any command
        match = _play(match, 200)  # commands go on as usual

    stored = Match.objects.get(pk=match.pk)
    assert (stored.seq, stored.updated_at) == (match.seq, match.updated_at)
    seqs = list(Event.objects.filter(match=match).values_list("seq", flat=True).order_by("seq"))
    assert seqs == list(range(1, match.seq + 1))
    assert match_state(stored) == folded_from_events(stored)
    assert _summaries(stored) == _rebuilt(stored)
    snapshot = Snapshot.objects.get(match=match)
    assert 0 <= stored.seq - snapshot.seq < services.SNAPSHOT_EVERY


def test_a_failing_write_stores_nothing_not_even_with_the_commit_in_the_same_round_trip():
    with services.driving_ai_turns(seeds=_deals("conflict")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 20)
        before = (match.seq, _summaries(match), Snapshot.objects.get(match=match).seq)
        # Another writer took the next seq (as if the lock had been bypassed).
        Event.objects.create(match=match, seq=match.seq + 1, type="x", version=1, payload={})
        with pytest.raises(Exception, match="games_event_unique_seq"):
            _play(match, 1)
    assert not connection.in_atomic_block
    stored = Match.objects.get(pk=match.pk)
    assert (stored.seq, _summaries(stored), Snapshot.objects.get(match=match).seq) == before
    assert Event.objects.filter(match=match).count() == match.seq + 1  # only the intruder


def test_a_match_moved_on_by_another_process_is_read_from_the_store():
    with services.driving_ai_turns(seeds=_deals("elsewhere")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 25)
        remembered = services.known(match)
        assert remembered is not None and remembered.seq == match.seq
        # Another process plays two turns: this one's memory no longer fits the row.
        services.forget_known()
        match = _play(match, 2)
        services._remember(remembered)  # what this process last saw, now stale
        fresh = Match.objects.get(pk=match.pk)
        assert services.known(fresh) is None
        match = _play(fresh, 40)
    stored = Match.objects.get(pk=match.pk)
    assert match_state(stored) == folded_from_events(stored)
    assert _summaries(stored) == _rebuilt(stored)


def _broken(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("broken")


def test_a_failure_before_the_writes_stores_nothing_and_the_memory_still_fits(monkeypatch):
    with services.driving_ai_turns(seeds=_deals("before")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 10)
        events = Event.objects.filter(match=match).count()
        monkeypatch.setattr(services, "project", _broken)  # the last step before the writes
        with pytest.raises(RuntimeError):
            _play(match, 1)
        monkeypatch.undo()
        stored = Match.objects.get(pk=match.pk)
        assert (stored.seq, stored.updated_at) == (match.seq, match.updated_at)
        assert Event.objects.filter(match=match).count() == events
        assert services.known(stored) is not None  # the row is still where it was remembered
        match = _play(stored, 30)
    stored = Match.objects.get(pk=match.pk)
    assert match_state(stored) == folded_from_events(stored)
    assert _summaries(stored) == _rebuilt(stored)


def test_a_failure_once_the_commit_went_leaves_the_command_stored_and_unremembered(monkeypatch):
    with services.driving_ai_turns(seeds=_deals("after")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 10)
        monkeypatch.setattr(services, "_remember", _broken)  # after the batch and its COMMIT
        with pytest.raises(RuntimeError):
            _play(match, 1)
        monkeypatch.undo()
        stored = Match.objects.get(pk=match.pk)
        assert stored.seq > match.seq  # as if the process had died right after its COMMIT
        assert services.known(stored) is None  # so the next command reads the store
        match = _play(stored, 30)
    stored = Match.objects.get(pk=match.pk)
    assert match_state(stored) == folded_from_events(stored)
    assert _summaries(stored) == _rebuilt(stored)
