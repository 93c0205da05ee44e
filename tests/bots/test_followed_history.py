"""The bots' histories kept in memory from append to append (``bots.services``) are, at every
turn, exactly what the event store gives (``bots.selectors.seat_history``): when followed
through this process's appends, after a player's move in between, and when read afresh (another
process appended, or the memory was dropped)."""

from __future__ import annotations

import itertools
from datetime import timedelta
from typing import Any

import pytest

from bots import services as bot_services
from bots.seeds import numbered_seed
from bots.selectors import seat_history
from games import services
from games.registry import game_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every history a bot is given, compared with the store's; (seq, seat) of each."""
    seen: list[tuple[int, int]] = []
    followed = bot_services.seat_history_followed

    def checking(match: Any, seat: int) -> list[dict[str, Any]]:
        history = followed(match, seat)
        assert history == seat_history(match, seat), (match.seq, seat)
        seen.append((match.seq, seat))
        return history

    monkeypatch.setattr(bot_services, "seat_history_followed", checking)
    return seen


def _deals(label: str) -> Any:
    return (numbered_seed(label, number) for number in itertools.count(1))


@pytest.mark.parametrize(
    ("game", "seats", "turns"),
    [
        ("holdem", ["calling_station", "medium", "calling_station", "medium"], 1500),
        ("updown", ["hard", "medium"], 400),
    ],
)
def test_among_bots_the_followed_history_is_the_stored_one(game, seats, turns, checked):
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals(f"followed-{game}")):
        appended = services.match_start(player=player, game=game, seats=seats)
        match, state = appended.match, appended.state
        for turn in range(turns):
            if turn % 97 == 50:
                services.forget_known()  # as if another process had appended
            if turn % 89 == 40:
                bot_services._FOLLOWED.clear()  # as in a process that has not followed it
            played = bot_services.ai_turn_take(match_id=match.id, seq=match.seq, salt="s")
            if played is None:
                break
            match, state = played.match, played.state
    assert len(checked) >= 60
    if game == "holdem":  # beyond the window of recent hands the bots are shown
        assert state.hand_number > 26


def test_with_a_player_moving_in_between_the_followed_history_is_the_stored_one(checked):
    holdem = game_for("holdem")
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals("followed-human")):
        appended = services.match_start(player=player, game="holdem", level="easy")
        moves = {"player": 0, "ai": 0}
        for _ in range(600):
            if moves["player"] > 10 and moves["ai"] > 100:
                break
            match, state = appended.match, appended.state
            seat = holdem.to_act(state)
            if seat is None:
                if holdem.is_match_over(state) or moves["player"] <= 10:
                    # The AIs' rng follows the match's random id: a player who busts early
                    # starts again, so the player's moves really come in between.
                    player = services.player_create_guest()
                    appended = services.match_start(player=player, game="holdem", level="easy")
                    continue
                appended = services.match_watch(match_id=match.id, player=player)  # human out
                continue
            if seat == holdem.human_seat:
                legal = holdem.view(state, seat)["legal_actions"]
                kind = "check" if legal["can_check"] else "call"
                appended = services.match_act(match_id=match.id, player=player, kind=kind)
                moves["player"] += 1
                continue
            played = bot_services.ai_turn_take(match_id=match.id, seq=match.seq)
            assert played is not None
            appended = played
            moves["ai"] += 1
    # The AIs' rng follows the match's random id, so how long a match lasts varies: matches are
    # started until the player's moves have really come in between enough followed ones.
    assert len(checked) > 100 and moves["player"] > 10 and moves["ai"] > 100, moves


def test_a_followed_history_is_a_copy_the_bot_may_keep(checked):
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals("followed-copy")):
        match = services.match_start(player=player, seats=["maniac"] * 4).match
        played = bot_services.ai_turn_take(match_id=match.id, seq=match.seq)
        assert played is not None
        match = played.match
        first = bot_services.seat_history_followed(match, 0)
        kept = list(first)
        first.clear()  # a bot that empties its list changes nothing for the next turn
        assert bot_services.seat_history_followed(match, 0) == kept


def _full_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seq of every history read whole from the store."""
    reads: list[int] = []
    whole = bot_services._read_histories

    def counting(match: Any) -> Any:
        reads.append(match.seq)
        return whole(match)

    monkeypatch.setattr(bot_services, "_read_histories", counting)
    return reads


def test_after_another_process_appended_only_its_events_are_read(checked, monkeypatch):
    """A worker's history catches up on a player's action stored by the web process (here:
    forgotten, as in another process) from the events after it, not from the whole window."""
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals("followed-store")):
        match = services.match_start(player=player, seats=["medium"] * 4).match
        reads = _full_reads(monkeypatch)
        for _ in range(120):
            services.forget_known()  # every append as if made by another process
            played = bot_services.ai_turn_take(match_id=match.id, seq=match.seq)
            if played is None:
                break
            match = played.match
    assert len(checked) >= 100
    assert len(reads) <= 1, reads  # at most the first: every later turn caught up


def test_a_history_whose_last_event_is_not_the_stored_one_is_read_whole(checked, monkeypatch):
    """Memory that ends with an event the store does not hold (an append rolled back, then
    another stored in its place) is dropped and the window read afresh."""
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals("followed-rolled-back")):
        match = services.match_start(player=player, seats=["medium"] * 4).match
        for _ in range(3):
            match = bot_services.ai_turn_take(match_id=match.id, seq=match.seq).match
        followed = bot_services._FOLLOWED[str(match.pk)]
        assert followed.created_at is not None
        followed.created_at = followed.created_at - timedelta(microseconds=1)
        services.forget_known()
        reads = _full_reads(monkeypatch)
        bot_services.ai_turn_take(match_id=match.id, seq=match.seq)
    assert reads == [match.seq]


def test_a_history_read_whole_shares_every_record_no_seat_sees_more_of(checked):
    """A window read from the store keeps one record for what every seat sees alike, and a
    seat's own for its own cards: four copies of a Hold'em match's window were about 0.9 MB
    and took 7 ms to build, where one costs 0.3 MB and 5 ms."""
    player = services.player_create_guest()
    with services.driving_ai_turns(seeds=_deals("followed-shared")):
        match = services.match_start(player=player, seats=["medium"] * 4).match
        for _ in range(40):
            match = bot_services.ai_turn_take(match_id=match.id, seq=match.seq).match
        histories = bot_services._read_histories(match).histories
    records = list(zip(*histories.records, strict=True))
    own = [row for row in records if row[0]["type"] == "holdem.hole_cards_dealt"]
    public = [row for row in records if row[0]["type"] != "holdem.hole_cards_dealt"]
    assert own and len(public) > 20
    assert all(all(seat is row[0] for seat in row) for row in public)
    # Hole cards: each seat's record shows its own two cards and no one else's.
    for row in own:
        shown = [record["payload"]["cards"] for record in row]
        seat = row[0]["payload"]["seat"]
        assert sum(cards is not None for cards in shown) == 1, row
        assert [seat_no for seat_no, cards in enumerate(shown) if cards] == [seat], row


def test_a_process_keeps_the_histories_of_as_many_matches_as_it_is_told(
    checked, monkeypatch, settings
):
    """Turns of three matches in turn: kept for three, each is followed; kept for two, each
    turn finds its match dropped and reads it whole (a worker's pool process plays turns of
    every match in play)."""
    player = services.player_create_guest()
    reads = _full_reads(monkeypatch)
    for kept, whole in ((3, False), (2, True)):
        settings.AI_HISTORIES_KEPT = kept
        bot_services._FOLLOWED.clear()
        with services.driving_ai_turns(seeds=_deals(f"followed-kept-{kept}")):
            matches = [
                services.match_start(player=player, seats=["medium"] * 4).match for _ in range(3)
            ]
            for _ in range(4):
                for number, match in enumerate(matches):
                    played = bot_services.ai_turn_take(match_id=match.id, seq=match.seq)
                    matches[number] = played.match
        later = reads[3:]  # the first turn of each match reads it whole in any case
        assert bool(later) is whole and (not whole or len(later) == 9), (kept, reads)
        reads.clear()
