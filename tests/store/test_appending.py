"""Appending: one service locks the match, folds, decides and appends every event of a command in
one transaction, with gapless sequence numbers; refusals and failures append nothing."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from django.db import DataError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games import hooks, services
from games.engine.errors import IllegalAction
from games.engine.game import ActionRequest
from games.engine.holdem import HOLDEM
from games.engine.holdem import events as ev
from games.errors import MatchNotFound, StaleSequence
from games.models import Event, HandSummary, IdempotentResponse, Match, Snapshot
from games.selectors import folded_from_events, match_get, match_state, stored_events
from tests.store.conftest import (
    CHIPS_IN_PLAY,
    calling_station,
    fold_to_the_big_blind,
    heads_up_shoves,
)


def _store_of(match: Match) -> tuple:
    """Everything a command may change, to compare before and after."""
    match = Match.objects.get(pk=match.pk)
    snapshot = Snapshot.objects.get(match=match)
    return (
        match.seq,
        match.status,
        match.watching,
        list(Event.objects.filter(match=match).values_list("seq", "type", "payload")),
        (snapshot.seq, bytes(snapshot.state)),
        list(match.hands.values()),
        IdempotentResponse.objects.count(),
    )


def test_a_new_match_stores_its_table_and_first_hand_from_seq_1(house):
    events = stored_events(house.match())
    assert [seq for seq, _ in events] == list(range(1, len(events) + 1))
    assert isinstance(events[0][1], ev.MatchStarted)
    assert isinstance(events[1][1], ev.HandStarted)
    assert house.match().seq == len(events)
    assert house.state().to_act == 3  # first hand: button 0, blinds 1 and 2, seat 3 first


def test_seqs_stay_gapless_over_hands_restarts_and_watching(house, fixed_seeds):
    house.play_hands(4, calling_station)
    house.step(calling_station)
    house.step(calling_station)
    house.restart()  # abandons the hand in play
    house.play_hands(30, heads_up_shoves)
    events = stored_events(house.match())
    kinds = {type(item) for _, item in events}
    assert {ev.HandAbandoned, ev.MatchRestarted, ev.PlayerEliminated, ev.MatchEnded} <= kinds
    dealt: dict[int, set[int]] = {}
    for _, item in events:
        if isinstance(item, ev.HandStarted):
            hand = dealt.setdefault(item.hand_number, set())
        elif isinstance(item, ev.HoleCardsDealt):
            hand.add(item.seat)
    assert any(0 not in seats for seats in dealt.values())  # the AIs played on, watched
    seqs = house.seqs()
    assert seqs == list(range(1, len(seqs) + 1))
    assert house.match().seq == seqs[-1]


def test_every_event_has_a_type_a_version_a_payload_and_a_time(house):
    house.play_hands(2, calling_station)
    for row in Event.objects.filter(match_id=house.match_id):
        assert row.type.startswith("holdem.")
        assert row.version >= 1
        assert isinstance(row.payload, dict)
        assert row.created_at is not None


def test_hand_events_carry_their_hand_number(house):
    house.play_hands(3, calling_station)
    for row in Event.objects.filter(match_id=house.match_id).order_by("seq"):
        if row.type == "holdem.match_started":
            assert row.hand_number is None
        else:
            assert row.hand_number is not None
        if row.type == "holdem.hand_started":
            assert row.payload["hand_number"] == row.hand_number


def test_one_command_appends_the_action_and_all_the_dealer_work_after_it(house):
    house.play_hands(1, fold_to_the_big_blind)  # now in hand 2
    # Everyone checks/calls round to the last action of the river: that action brings showdown,
    # pots, the end of the hand and the next hand's deal, all in one command.
    while True:
        state = house.state()
        if (
            state.street == "river"
            and sum(1 for seat in state.seats if seat.can_act and not seat.acted) == 1
        ):
            break
        house.step(calling_station)
    before = house.match().seq
    appended = house.step(calling_station)
    kinds = [type(item) for _, item in appended.events]
    assert kinds[0] in (ev.Checked, ev.Called)
    assert ev.HandShown in kinds and ev.PotAwarded in kinds and ev.HandEnded in kinds
    assert ev.HandStarted in kinds and ev.HoleCardsDealt in kinds
    assert [seq for seq, _ in appended.events] == list(range(before + 1, appended.match.seq + 1))


def test_an_illegal_action_appends_nothing(house):
    before = _store_of(house.match())
    with pytest.raises(IllegalAction) as refused:
        house.human("call")  # seat 3 is to act, not the human
    assert refused.value.code == "not_your_turn"
    assert _store_of(house.match()) == before


def test_a_failure_after_the_events_were_written_rolls_the_whole_command_back(house, monkeypatch):
    house.ai("call")  # the human (button) is to act
    before = _store_of(house.match())

    def broken_snapshot(match, *_):
        assert Event.objects.filter(match=match, seq__gt=before[0]).exists()  # written...
        assert HandSummary.objects.filter(match=match, last_seq=match.seq).exists()
        raise RuntimeError("snapshot down")

    def broken_batched_snapshot(writes, *_):
        writes.statements.append(("SELECT 1 / 0", []))  # after the events, the match, the model

    # The last write of a player's command: the events, the match and its read model are in.
    # (On PostgreSQL the snapshot goes in the same batch of statements as the other writes.)
    monkeypatch.setattr(services, "_snapshot_write", broken_snapshot)
    monkeypatch.setattr(services._Writes, "snapshot_upsert", broken_batched_snapshot)
    with pytest.raises((RuntimeError, DataError)):
        house.human("call")
    assert _store_of(house.match()) == before  # ...and gone with the transaction


def test_a_stale_expected_seq_is_refused_with_the_current_seq(house):
    house.ai("call")
    current = house.match().seq
    before = _store_of(house.match())
    with pytest.raises(StaleSequence) as stale:
        house.human("call", expected_seq=current - 1)
    assert stale.value.params == {"expected_seq": current - 1, "current_seq": current}
    assert stale.value.status_code == 409
    assert _store_of(house.match()) == before
    appended = house.human("call", expected_seq=current)
    assert appended.match.seq > current


def test_the_match_row_is_locked_before_folding_and_appending(house):
    house.ai("call")
    services.forget_known()  # as in a process that has not seen the match yet: it reads it
    with CaptureQueriesContext(connection) as queries:
        house.human("call")
    sql = [query["sql"] for query in queries.captured_queries]

    def first(prefix: str) -> int:
        return next(i for i, text in enumerate(sql) if text.startswith(prefix))

    lock = first('SELECT "games_match"')
    assert '"games_snapshot"' in sql[lock]  # the snapshot to fold from comes with the lock...
    assert not any('"games_snapshot"' in text for text in sql[:lock])
    # ...and nothing of the match is read before it (the events after the snapshot, if any).
    assert not any('"games_event"' in text or '"games_handsummary"' in text for text in sql[:lock])
    assert lock < first('INSERT INTO "games_event"')
    if connection.vendor == "postgresql":  # (SQLite has no row locks: it locks the database)
        assert sql[lock].endswith('FOR UPDATE OF "games_match"')


def test_another_players_match_cannot_be_locked_or_played(house):
    other = services.player_create_guest()
    with pytest.raises(MatchNotFound), transaction.atomic():
        match_get(match_id=house.match_id, player=other, lock=True)
    with pytest.raises(MatchNotFound), transaction.atomic():
        match_get(match_id="not-a-uuid", player=house.match().owner, lock=True)
    before = _store_of(house.match())
    with pytest.raises(MatchNotFound):
        services.match_act(match_id=house.match_id, player=other, kind="fold")
    assert _store_of(house.match()) == before


def test_an_ai_turn_delivered_late_or_twice_does_nothing(house):
    seq = house.match().seq
    choose = lambda match, state, seat: HOLDEM.command(seat, ActionRequest("call"))  # noqa: E731
    assert services.ai_turn_play(match_id=house.match_id, seq=seq, choose=choose) is not None
    before = _store_of(house.match())
    # The same task again (a redelivery) and an old one: the match has moved on.
    assert services.ai_turn_play(match_id=house.match_id, seq=seq, choose=choose) is None
    assert services.ai_turn_play(match_id=house.match_id, seq=seq - 1, choose=choose) is None
    # Now the human is to act: an AI task at the current seq has nothing to do either.
    assert services.ai_turn_play(match_id=house.match_id, seq=before[0], choose=choose) is None
    assert _store_of(house.match()) == before


def test_an_ai_turn_for_a_vanished_match_does_nothing(db):
    import uuid

    assert services.ai_turn_play(match_id=uuid.uuid4(), seq=1, choose=None) is None


def test_an_ai_turn_is_announced_after_commit_only_when_an_ai_is_to_act(
    house, django_capture_on_commit_callbacks, monkeypatch
):
    due: list[tuple[str, int]] = []
    monkeypatch.setattr(hooks, "ai_turn_due", lambda match_id, seq: due.append((match_id, seq)))
    with django_capture_on_commit_callbacks(execute=True):
        house.ai("call")  # now the human is to act
    assert due == []
    with django_capture_on_commit_callbacks() as callbacks:
        house.human("call")  # now seat 1 (small blind) is to act
        assert due == []  # not before the commit
    for callback in callbacks:
        callback()
    assert due == [(str(house.match_id), house.match().seq)]


def test_the_stored_history_passes_the_audit(house):
    house.play_hands(8, calling_station)
    events = [item for _, item in stored_events(house.match())]
    report = HOLDEM.audit(events)
    assert report.ok, report.mismatches
    assert report.hands_verified >= 8


def test_chips_are_conserved_at_the_end_of_every_hand(house):
    house.play_hands(10, calling_station)
    ended = [item for _, item in stored_events(house.match()) if isinstance(item, ev.HandEnded)]
    assert len(ended) >= 10
    assert all(sum(item.stacks) == CHIPS_IN_PLAY for item in ended)


def _folded_upto(match: Match, seq: int) -> Any:
    state = HOLDEM.new_state()
    for _, item in stored_events(match, upto=seq):
        HOLDEM.apply(state, item)
    return state


def test_the_snapshot_is_rewritten_by_every_outside_command_and_every_few_ai_events(
    house, monkeypatch
):
    """A player's command (and an AI turn handing the match back to them) rewrites the snapshot;
    AI turns among themselves rewrite it once ``SNAPSHOT_EVERY`` events have gone by. Either
    way it is the fold of the events up to its seq, and the state is that plus the rest."""
    monkeypatch.setattr(services, "SNAPSHOT_EVERY", 3)  # the AIs' stretches between two moves
    written_by_ai = 0
    for _ in range(60):
        before = house.match().snapshot.seq
        by_human = house.state().to_act == HOLDEM.human_seat
        house.step(calling_station)
        match = house.match()
        snapshot = Snapshot.objects.get(match=match)
        assert snapshot.engine_version == HOLDEM.engine_version
        assert pickle.loads(bytes(snapshot.state)) == _folded_upto(match, snapshot.seq)
        assert match_state(match) == folded_from_events(match)
        if by_human or not match.awaiting_ai:
            assert snapshot.seq == match.seq
        elif snapshot.seq != before:
            written_by_ai += 1
            assert snapshot.seq == match.seq
        assert match.seq - snapshot.seq < services.SNAPSHOT_EVERY
    assert written_by_ai > 0
