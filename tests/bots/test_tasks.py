"""Playing an AI seat through the services (tasks run in-process here): the bot sees exactly its
seat's view and visible history, a failing bot never stalls a match, and turns are idempotent."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from bots import registry, tasks
from bots import services as bot_services
from bots.services import ai_command_choose
from games import services
from games.engine.holdem import events as ev
from games.models import Match
from games.selectors import match_state, stored_events
from tests.bots import spies

pytestmark = pytest.mark.django_db


def seeds(label: str) -> Iterator[bytes]:
    for number in range(10**6):
        yield hashlib.sha256(f"{label}:{number}".encode()).digest()


@pytest.fixture
def player():
    return services.player_create_guest()


def ai_match(player, seats, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return services.match_start(player=player, seats=seats).match


def test_a_bot_sees_only_its_seats_view_and_the_public_history(player):
    spies.SEEN.clear()
    spy = "tests.bots.spies:Spy"
    seats = [spy, "calling_station", spy, "random"]
    choose = functools.partial(ai_command_choose, salt="spied")
    with services.driving_ai_turns(seeds=seeds("spied")):
        match = services.match_start(player=player, seats=seats).match
        for _ in range(200):
            played = services.ai_turn_play(match_id=match.id, seq=match.seq, choose=choose)
            if played is None:
                break
            match = played.match
    assert len(spies.SEEN) > 40
    for view, history in spies.SEEN:
        seat = view["viewer"]
        assert view["legal_actions"] is not None and view["legal_actions"]["seat"] == seat
        assert spies.no_hidden_cards(view, history, seat) == []
        assert history[-1]["type"] != "holdem.hand_ended"  # the hand in play is the last one
        hands = {r["payload"]["hand_number"] for r in history if r["type"] == "holdem.hand_started"}
        assert len(hands) <= registry.recent_hands("holdem") + 1
    assert max(len(history) for _, history in spies.SEEN) > 100  # earlier hands are included


@pytest.mark.parametrize("culprit", ["tests.bots.spies:Broken", "tests.bots.spies:Cheater"])
def test_a_bot_that_fails_or_cheats_is_stood_in_for_and_the_match_goes_on(
    player, culprit, django_capture_on_commit_callbacks
):
    seats = ["human", "calling_station", "calling_station", culprit]
    match = ai_match(player, seats, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    actions = [item for _, item in stored_events(match) if isinstance(item, ev.PLAYER_ACTIONS)]
    assert [action.seat for action in actions] == [3]  # the medium level played its turn
    assert match_state(match).to_act == 0  # the human's turn: nothing hangs on the bot


def test_when_even_the_stand_in_fails_the_move_is_the_one_never_refused(player, monkeypatch):
    with services.driving_ai_turns():
        match = services.match_start(player=player, seats=["human", "easy", "easy", "easy"]).match
    monkeypatch.setattr(bot_services, "bot_for", lambda *args: spies.Broken())
    state = match_state(match)
    assert ai_command_choose(match, state, state.to_act).kind == "fold"  # it owes the big blind


def test_the_same_turn_decided_twice_decides_the_same(player):
    with services.driving_ai_turns():
        match = services.match_start(player=player, seats=["human", "hard", "hard", "hard"]).match
    state = match_state(match)
    first = ai_command_choose(match, state, state.to_act)
    assert all(ai_command_choose(match, state, state.to_act) == first for _ in range(5))


def test_a_late_or_repeated_turn_does_nothing(player, django_capture_on_commit_callbacks):
    with services.driving_ai_turns():
        match = services.match_start(player=player, seats=["human", "easy", "easy", "easy"]).match
    stale = match.seq
    tasks.play(str(match.id), stale)  # seat 3 plays
    match.refresh_from_db()
    moved = match.seq
    assert moved > stale
    tasks.play(str(match.id), stale)  # the same message delivered again
    tasks.play(str(match.id), moved)  # the human is to act: not an AI's turn
    match.refresh_from_db()
    assert match.seq == moved


def test_the_sweep_requeues_only_matches_left_waiting_on_an_ai(player, monkeypatch):
    with services.driving_ai_turns():
        waiting = services.match_start(player=player, seats=["human", "easy", "easy", "easy"])
        on_human = services.match_start(player=player, seats=["human", "easy", "easy", "easy"])
        services.ai_turn_play(
            match_id=on_human.match.id,
            seq=on_human.match.seq,
            choose=ai_command_choose,
        )
    Match.objects.update(updated_at=timezone.now() - timedelta(seconds=30))
    queued: list[tuple[str, int]] = []
    monkeypatch.setattr(tasks, "play", SimpleNamespace(delay=lambda *args: queued.append(args)))
    assert tasks.sweep() == 1
    assert queued == [(str(waiting.match.id), waiting.match.seq)]
    flags = dict(Match.objects.values_list("id", "awaiting_ai"))
    assert flags == {waiting.match.id: True, on_human.match.id: False}


def test_the_sweep_clears_a_stale_flag_and_reads_no_match_waiting_on_its_human(
    player, monkeypatch, django_assert_max_num_queries
):
    with services.driving_ai_turns():
        on_human = services.match_start(player=player, seats=["human", "easy", "easy", "easy"])
        services.ai_turn_play(
            match_id=on_human.match.id,
            seq=on_human.match.seq,
            choose=ai_command_choose,
        )
    long_ago = timezone.now() - timedelta(seconds=30)
    Match.objects.update(updated_at=long_ago, awaiting_ai=True)  # e.g. flagged by migration 0004
    monkeypatch.setattr(tasks, "play", SimpleNamespace(delay=lambda *args: None))
    assert tasks.sweep() == 0
    assert Match.objects.get().awaiting_ai is False
    with django_assert_max_num_queries(1):  # the flagged-match query, and no match read
        assert tasks.sweep() == 0


def test_a_hand_the_blinds_play_out_by_themselves_is_followed_by_the_next(player):
    """Heads-up, a big blind of 10 chips is all-in and matched by the small blind: nobody acts,
    the hand plays itself out, and the next hand must still be dealt — or the match would wait
    for a move nobody can make."""
    from games.engine.holdem.game import StartMatch
    from games.registry import game_for

    rules = game_for("holdem")
    heads_up = StartMatch(stacks=(3990, 10), small_blind=10, big_blind=20)
    between_hands = rules.advance(rules.new_state(), heads_up)[0]
    for deal in range(6):  # the short stack wins the first hand in some of these deals
        match = Match.objects.create(owner=player, game="holdem", seats=["easy", "easy"])
        with services.driving_ai_turns(seeds=seeds(f"blinds-{deal}")):
            state = services._append(match, between_hands, [], rules).state
        assert state.hand_number >= 1
        assert state.phase == "match_over" or state.to_act is not None
