"""The hand list from the owner's seat: ``you``, ``pot``, ``result``, ``stacks_after``,
``eliminated`` and ``all_in`` agree with each other and with the chips of whole matches."""

from __future__ import annotations

import random

import pytest

from games.hand_facts import hand_facts
from tests.api.test_schema import betting, play_to_the_end, shove, start_with_baselines

CHIPS = {"holdem": 4000, "updown": 40}


@pytest.mark.parametrize("game", ["holdem", "updown"])
@pytest.mark.parametrize("style", [betting, shove])
def test_each_hand_tells_the_owner_what_it_did_to_their_stack(
    make_client, reproducible, game, style
):
    client = make_client()
    client.post("/api/matches/", {"game": game, "level": "easy"}).ok()  # the player
    match_id = start_with_baselines(client, game, style)
    play_to_the_end(client, match_id, random.Random(7), style)
    hands = [h for h in client.hands(match_id).ok().body["hands"] if h["finished"]]
    assert hands
    before = None
    out: set[int] = set()
    for hand in hands:
        after = hand["stacks_after"]
        assert sum(after) == CHIPS[game]
        assert hand["pot"] == hand["pot_total"]
        if before is not None:
            assert after[0] - before[0] == hand["you"]["net"]
            knocked = {s for s, chips in enumerate(after) if chips == 0 and before[s] > 0}
            assert set(hand["eliminated"]) == knocked
        out |= set(hand["eliminated"])
        if hand["result"] == "won":
            assert 0 in hand["winners"] and hand["you"]["net"] > 0
        if hand["result"] in ("lost", "folded", "watched"):
            assert hand["you"]["net"] <= 0
        if hand["all_in"] is False:
            assert not set(hand["eliminated"])
        if hand["result"] == "watched":
            assert before is not None and before[0] == 0 and hand["you"]["cards"] == []
        if game == "holdem" and hand["result"] != "folded" and after and before and before[0]:
            assert len(hand["you"]["cards"]) == 2
        if game == "updown":
            assert hand["you"]["cards"] == hand["detail"]["locked_cards"][:1]
        before = after
    assert out  # someone was knocked out: the match ended


def _pot(winners, shares, amount=None):
    return {
        "type": "holdem.pot_awarded",
        "payload": {"amount": amount or sum(shares), "winners": winners, "shares": shares},
    }


def test_a_split_pot_is_split_and_a_side_pot_won_is_won():
    start = [
        {"type": "holdem.hand_started", "payload": {"hand_number": 4, "button": 0}},
        {"type": "holdem.hole_cards_dealt", "payload": {"seat": 0, "cards": ["As", "Kd"]}},
        {"type": "holdem.hole_cards_dealt", "payload": {"seat": 1, "cards": ["Ah", "Kc"]}},
        {"type": "holdem.hole_cards_dealt", "payload": {"seat": 2, "cards": ["2c", "2d"]}},
        {"type": "holdem.called", "payload": {"seat": 0, "amount": 100}},
        {"type": "holdem.called", "payload": {"seat": 1, "amount": 100}},
        {"type": "holdem.called", "payload": {"seat": 2, "amount": 100}},
        {"type": "holdem.hand_shown", "payload": {"seat": 0, "cards": ["As", "Kd"]}},
    ]
    split = [*start, _pot([0, 1], [151, 149], 300)]
    split.append({"type": "holdem.hand_ended", "payload": {"stacks": [151, 149, 0]}})
    split.append({"type": "holdem.player_eliminated", "payload": {"seat": 2, "place": 3}})
    facts = hand_facts("holdem", split, seat=0)
    assert facts["result"] == "split"
    assert facts["you"] == {"seat": 0, "cards": ["As", "Kd"], "net": 51}
    assert facts["eliminated"] == [2] and facts["all_in"] is True and facts["showdown"] is True
    side = [*start, _pot([2], [300]), _pot([0], [50])]
    side.append({"type": "holdem.hand_ended", "payload": {"stacks": [50, 0, 300]}})
    assert hand_facts("holdem", side, seat=0)["result"] == "won"
    assert hand_facts("holdem", side, seat=1)["result"] == "lost"


def test_a_hand_dealt_after_the_seat_was_knocked_out_was_watched_not_folded():
    watched = [
        {"type": "holdem.hand_started", "payload": {"hand_number": 9, "button": 1}},
        {"type": "holdem.hole_cards_dealt", "payload": {"seat": 1, "cards": None}},
        {"type": "holdem.hole_cards_dealt", "payload": {"seat": 2, "cards": None}},
        {"type": "holdem.folded", "payload": {"seat": 1}},
        _pot([2], [30]),
        {"type": "holdem.hand_ended", "payload": {"stacks": [0, 990, 1010, 0]}},
    ]
    facts = hand_facts("holdem", watched, seat=0)
    assert facts["result"] == "watched"
    assert facts["you"] == {"seat": 0, "cards": [], "net": 0}
    folded = [*watched[:2], {"type": "holdem.hole_cards_dealt", "payload": {"seat": 0}}]
    folded += [{"type": "holdem.folded", "payload": {"seat": 0}}, *watched[2:]]
    assert hand_facts("holdem", folded, seat=0)["result"] == "folded"
