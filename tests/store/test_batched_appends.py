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
from games.models import Event, HandSummary, HoldemStatLine, Match, Snapshot
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


def _lines(match: Match) -> list[dict[str, Any]]:
    """The owner's statistics lines, by hand number, without their keys."""
    numbers = dict(HandSummary.objects.filter(match=match).values_list("pk", "hand_number"))
    lines = []
    for row in HoldemStatLine.objects.filter(match=match).values():
        del row["id"]
        lines.append({"hand_number": numbers[row.pop("hand_id")], **row})
    return sorted(lines, key=lambda line: line["hand_number"])


def _rebuilt(match: Match, read: Any = _summaries) -> list:
    """The read model projected afresh from every stored event through the ORM (rolled back
    afterwards), as ``read`` reads it."""
    from django.db import transaction

    from games.selectors import stored_events

    class Undo(Exception):
        pass

    rows: list[tuple] = []
    try:
        with transaction.atomic():
            HandSummary.objects.filter(match=match).delete()
            project(match, stored_events(match))
            rows = read(match)
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


def test_the_owners_statistics_lines_go_with_the_writes_as_the_orm_would_store_them():
    with services.driving_ai_turns(seeds=_deals("lines")):
        seats = ["medium"] * 4  # the owner's seat (0) plays on for many hands
        match = services.match_start(player=services.player_create_guest(), seats=seats).match
        match = _play(match, 150)
    stored = Match.objects.get(pk=match.pk)
    lines = _lines(stored)
    assert len(lines) > 10
    assert lines == _rebuilt(stored, _lines)


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


def test_a_process_whose_memory_is_stale_reads_the_snapshot_with_the_lock():
    """In the live stack the web process and the worker append in turn: each remembers the
    match where its own last append left it, and finds it moved on by the other. The snapshot
    then comes with the lock's query, as for a process that remembers nothing, not after it."""
    with services.driving_ai_turns(seeds=_deals("in turn")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 25)
        for _ in range(5):
            remembered = services.known(match)
            services.forget_known()
            match = _play(match, 1)  # the other process
            assert remembered is not None
            services._remember(remembered)  # where this process left it
            with CaptureQueriesContext(connection) as queries:
                match = _play(match, 1)
            reads = [query["sql"] for query in queries.captured_queries]
            assert not [sql for sql in reads if sql.startswith('SELECT "games_snapshot"')], reads
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


def test_a_failure_once_the_commit_went_leaves_the_turn_stored_and_remembered(monkeypatch):
    send = services._Writes.send

    def send_then_fail(self: Any, *, commit: bool = False) -> None:
        send(self, commit=commit)
        if commit:
            raise RuntimeError("broken")  # as if the process died right after its COMMIT

    with services.driving_ai_turns(seeds=_deals("after")):
        match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
        match = _play(match, 10)
        monkeypatch.setattr(services._Writes, "send", send_then_fail)
        with pytest.raises(RuntimeError):
            _play(match, 1)
        monkeypatch.undo()
        stored = Match.objects.get(pk=match.pk)
        assert stored.seq > match.seq
        # The turn was remembered before its COMMIT, under the key the COMMIT gave the row.
        remembered = services.known(stored)
        assert remembered is not None and remembered.state == match_state(stored)
        match = _play(stored, 30)
    stored = Match.objects.get(pk=match.pk)
    assert match_state(stored) == folded_from_events(stored)
    assert _summaries(stored) == _rebuilt(stored)


def test_several_turns_in_one_commit_store_what_one_at_a_time_would():
    stored = {}
    for most in (1, 7):
        with services.driving_ai_turns(seeds=_deals("several")):
            match = services.match_start(player=services.player_create_guest(), seats=SEATS).match
            for _ in range(40):
                played = ai_turn_take(match_id=match.id, seq=match.seq, salt="s", most=most)
                if played is None:
                    break
                match = played.match
            # the same number of turns either way: stop at the seq one at a time reached
            match = Match.objects.get(pk=match.pk)
        stored[most] = (
            match,
            [(e.seq, e.type, e.payload) for e in Event.objects.filter(match=match).order_by("seq")],
        )
    (one, one_events), (several, several_events) = stored[1], stored[7]
    upto = min(one.seq, several.seq)
    assert upto > 40  # the batches did go further than one turn each
    assert [e for e in one_events if e[0] <= upto] == [e for e in several_events if e[0] <= upto]
    assert match_state(several) == folded_from_events(several)
    assert _summaries(several) == _rebuilt(several)
