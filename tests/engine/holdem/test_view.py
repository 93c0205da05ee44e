"""What a Hold'em table shows without replaying the feed (docs/architecture.md#views): each
seat's last action this hand, the hands shown at showdown with their ranks as data, and once the
hand is over each pot's winners and shares — and nothing a viewer may not see."""

from __future__ import annotations

import json

from games.engine.holdem.view import view
from tests.engine.holdem.table import NEUTRAL_BOARD, Table


def last_actions(table: Table, viewer: int | None = 0) -> list[dict | None]:
    return [seat["last_action"] for seat in view(table.state, viewer)["seats"]]


def test_each_seat_shows_its_last_action_this_hand() -> None:
    table = Table()
    table.deal(holes={0: "7c2d", 3: "AsAd"}, board=NEUTRAL_BOARD)
    assert last_actions(table) == [None, None, None, None]  # blinds are not actions

    table.raise_to(3, 60)
    table.call(0)
    table.fold(1)

    assert last_actions(table) == [
        {"kind": "call", "amount": 60},  # what the call added
        {"kind": "fold", "amount": None},
        None,  # the big blind has not acted yet
        {"kind": "raise", "amount": 60},  # the total the raise went to
    ]


def test_the_last_action_is_the_latest_one_across_the_streets() -> None:
    table = Table()
    table.deal(holes={0: "7c2d", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.call(0)
    table.call(1)
    table.check(2)
    assert last_actions(table)[2] == {"kind": "check", "amount": None}

    table.bet(1, 40)

    assert last_actions(table)[1] == {"kind": "bet", "amount": 40}
    assert last_actions(table)[0] == {"kind": "call", "amount": 20}  # from the preflop


def test_a_showdown_shows_the_hands_and_each_pots_winners_until_the_next_deal() -> None:
    table = Table()
    table.deal(holes={1: "KsKd", 2: "QsQd", 0: "7c2d", 3: "8c3d"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.fold(0)
    table.call(1)
    table.check(2)
    table.check_down()

    seen = view(table.state, 0)

    assert seen["shown_hands"] == [
        {
            "seat": 1,
            "cards": ["Ks", "Kd"],
            "rank": {"category": "pair", "ranks": ["K", "T", "9", "7"]},
        },
        {
            "seat": 2,
            "cards": ["Qs", "Qd"],
            "rank": {"category": "pair", "ranks": ["Q", "T", "9", "7"]},
        },
    ]
    assert seen["pots_awarded"] == [
        {
            "pot": 0,
            "amount": 40,
            "winners": [1],
            "shares": [40],
            "hand_rank": {"category": "pair", "ranks": ["K", "T", "9", "7"]},
            "kickers": 0,
        }
    ]
    assert json.loads(json.dumps(seen)) == seen

    table.deal(holes={}, board=NEUTRAL_BOARD)

    seen = view(table.state, 0)
    assert seen["shown_hands"] == [] and seen["pots_awarded"] == []
    assert all(action is None for action in last_actions(table))


def test_a_fold_out_shows_no_hand_and_names_the_winner_without_a_rank() -> None:
    table = Table()
    table.deal(holes={0: "7c2d", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 60)
    table.fold(0)
    table.fold(1)
    table.fold(2)

    for viewer in (0, 1, None):
        seen = view(table.state, viewer)
        assert seen["shown_hands"] == []
        assert seen["pots_awarded"] == [
            {
                "pot": 0,
                "amount": 50,
                "winners": [3],
                "shares": [50],
                "hand_rank": None,
                "kickers": 0,
            }
        ]  # the raise's unmatched 40 went back first
        # The winner's cards were never shown: they are nowhere in anyone else's view.
        assert '"As"' not in json.dumps(seen)


def test_nothing_of_the_result_shows_while_the_hand_is_played() -> None:
    table = Table()
    table.deal(holes={0: "7c2d", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 60)

    seen = view(table.state, None)

    assert seen["shown_hands"] == [] and seen["pots_awarded"] == []
    assert "AsAd" not in json.dumps(seen) and '"As"' not in json.dumps(seen)


def test_the_viewer_sees_their_made_hand_from_the_flop_on_and_nobody_elses() -> None:
    table = Table()
    table.deal(holes={0: "9c9d", 3: "AsAd", 1: "8c3d", 2: "6c4d"}, board="9h7d2cKsKd")
    table.call(3)
    table.call(0)
    table.call(1)
    assert view(table.state, 0)["made_hand"] is None  # before the flop: nothing to name yet

    table.check(2)  # the flop: 9h 7d 2c

    assert view(table.state, 0)["made_hand"] == {
        "category": "three_of_a_kind",
        "ranks": ["9", "7", "2"],
    }
    assert view(table.state, 3)["made_hand"] == {"category": "pair", "ranks": ["A", "9", "7", "2"]}
    assert view(table.state, None)["made_hand"] is None  # a spectator holds no cards

    table.bet(1, 20)
    table.fold(2)
    assert view(table.state, 2)["made_hand"] is None  # a folded hand is not named
