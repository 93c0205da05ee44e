"""A whole match played through the API by a scripted client, against the placeholder AIs, from
start to the end: chips are conserved after every hand, and every view the client is given is
exactly the fold of the stored events seen through the human's seat."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.engine.holdem.game import deck_for
from games.models import Match
from games.selectors import folded_from_events, match_state
from tests.api.client import ApiClient
from tests.api.conftest import CHIPS_IN_PLAY, Folder


def cautious(view: dict[str, Any], rng: random.Random) -> tuple[str, int | None]:
    legal = view["legal_actions"]
    if (legal["can_bet"] or legal["can_raise"]) and rng.random() < 0.1:
        return ("bet" if legal["can_bet"] else "raise"), legal["min_raise_to"]
    if legal["can_check"]:
        return "check", None
    return ("call", None) if rng.random() < 0.8 else ("fold", None)


def maniac(view: dict[str, Any], rng: random.Random) -> tuple[str, int | None]:
    legal = view["legal_actions"]
    if (legal["can_bet"] or legal["can_raise"]) and rng.random() < 0.5:
        kind = "bet" if legal["can_bet"] else "raise"
        return kind, rng.choice([legal["min_raise_to"], legal["max_raise_to"]])
    return ("check", None) if legal["can_check"] else ("call", None)


def chips_on_the_table(view: dict[str, Any]) -> int:
    return sum(seat["stack"] for seat in view["seats"]) + view["pot"]


def play_a_full_match(
    client: ApiClient, folder: Callable[[str], Folder], style: Any, rng: random.Random
) -> tuple[str, bool]:
    """Play one match to its end; check each view against the fold. (match id, watched?)"""
    started = client.start("medium")
    assert started.status == 201
    match_id = started.body["id"]
    fold = folder(match_id)
    assert started.body["view"] == fold.human_view_at(started.body["seq"])
    watched = False
    for _ in range(5000):
        current = client.view(match_id).ok().body
        view = current["view"]
        assert view == fold.human_view_at(current["seq"])
        assert chips_on_the_table(view) == CHIPS_IN_PLAY
        if current["status"] == "finished":
            return match_id, watched
        if view["legal_actions"] is not None:
            assert view["to_act"] == 0
            action, amount = style(view, rng)
            acted = client.act(match_id, action, amount, expected_seq=current["seq"]).ok().body
            assert acted["view"] == fold.human_view_at(acted["seq"])
            assert chips_on_the_table(acted["view"]) == CHIPS_IN_PLAY
            assert acted["events"][0]["payload"]["seat"] == 0
            # The events in the reply are the feed's, from the action on, stored times included.
            first = acted["events"][0]["seq"]
            feed = client.events(match_id, after=first - 1).ok().body["events"]
            assert feed[: len(acted["events"])] == acted["events"]
        else:
            # Not our turn after the AIs moved: we must be out, and may watch them play on.
            assert not view["seats"][0]["in_match"], view
            assert view["phase"] == "between_hands"
            watching = client.watch(match_id).ok().body
            assert watching["watching"] is True
            watched = True
    raise AssertionError("the match did not end")


def check_the_finished_match(client: ApiClient, match_id: str) -> None:
    match = Match.objects.get(id=match_id)
    final = client.view(match_id).ok().body
    view = final["view"]
    assert view["phase"] == "match_over"
    assert final["status"] == "finished"
    winner = view["winner"]
    assert view["seats"][winner]["stack"] == CHIPS_IN_PLAY
    places = [seat["place"] for seat in view["seats"]]
    assert places[winner] == 1 and sorted(places)[1] > 1  # (two out in one hand may tie)
    assert all(2 <= place <= 4 for seat, place in enumerate(places) if seat != winner)
    assert match_state(match) == folded_from_events(match)

    feed = client.events(match_id).ok().body
    assert [event["seq"] for event in feed["events"]] == list(range(1, match.seq + 1))
    assert feed["seq"] == match.seq

    # Chip conservation after every hand, and the hand list agrees with the feed.
    ended = [event for event in feed["events"] if event["type"] == "holdem.hand_ended"]
    assert ended and all(sum(e["payload"]["stacks"]) == CHIPS_IN_PLAY for e in ended)
    hands = client.hands(match_id).ok().body["hands"]
    assert [hand["hand_number"] for hand in hands] == list(range(1, len(ended) + 1))
    assert all(hand["finished"] for hand in hands)
    awarded: dict[int, int] = {}
    hand_number = 0
    for event in feed["events"]:
        if event["type"] == "holdem.hand_started":
            hand_number = event["payload"]["hand_number"]
        elif event["type"] == "holdem.pot_awarded":
            awarded[hand_number] = awarded.get(hand_number, 0) + event["payload"]["amount"]
    assert {hand["hand_number"]: hand["pot_total"] for hand in hands} == awarded

    # Every finished hand can be verified from its replay, which shows exactly the hand list's
    # first_seq..last_seq: the eliminations and the end of the match belong to the last hand.
    for hand in hands:
        replay = client.replay(match_id, hand["hand_number"]).ok().body
        verify_replay(replay)
        seqs = [event["seq"] for event in replay["events"]]
        assert seqs == list(range(hand["first_seq"], hand["last_seq"] + 1))
    assert hands[-1]["last_seq"] == match.seq
    assert replay["events"][-1]["type"] == "holdem.match_ended"


def verify_replay(replay: dict[str, Any]) -> None:
    """The revealed seed matches the commitment and deals exactly the cards the replay shows."""
    seed = bytes.fromhex(replay["seed"])
    assert hashlib.sha256(seed).hexdigest() == replay["commitment"]
    deck = deck_for(seed)
    events = replay["events"]
    assert events[0]["type"] == "holdem.hand_started"
    assert events[0]["payload"]["commitment"] == replay["commitment"]
    dealt = [event["payload"] for event in events if event["type"] == "holdem.hole_cards_dealt"]
    players = len(dealt)
    for position, payload in enumerate(dealt):
        if payload["seat"] == 0:
            assert payload["cards"] == [deck[position], deck[players + position]]
        else:
            assert payload["cards"] is None  # the seed reveals them; the replay does not need to
    top = 2 * players
    for event in events:
        if event["type"] == "holdem.board_dealt":
            cards = event["payload"]["cards"]
            assert cards == deck[top + 1 : top + 1 + len(cards)]
            top += 1 + len(cards)


@pytest.mark.parametrize(("style", "seed"), [(cautious, 1), (maniac, 2)])
def test_a_full_match_through_the_api_conserves_chips_and_shows_the_fold(
    make_client, folder, reproducible, style, seed
):
    client = make_client()
    match_id, _ = play_a_full_match(client, folder, style, random.Random(seed))
    check_the_finished_match(client, match_id)
    assert all(reply.status < 400 for reply in client.replies)


def test_after_the_human_is_out_the_ais_play_the_match_to_its_end(
    make_client, folder, reproducible
):
    client = make_client()
    # A human who shoves every hand is out soon; the AIs then finish the match when watched.
    for attempt in range(5):
        match_id, watched = play_a_full_match(client, folder, maniac, random.Random(100 + attempt))
        if watched:
            break
    assert watched
    check_the_finished_match(client, match_id)
    view = client.view(match_id).ok().body["view"]
    assert view["seats"][0]["place"] > 1 and view["winner"] != 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_full_match_with_real_commits_where_the_ais_move_after_each_commit(reproducible):
    client = ApiClient()  # no callback capturing: every request commits, as in production
    # A maniac's match is short; the commits, and the AIs' moves after them, are what is tested.
    match_id, _ = play_a_full_match(client, Folder, maniac, random.Random(3))
    check_the_finished_match(client, match_id)
