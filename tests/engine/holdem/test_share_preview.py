"""A shared Hold'em hand's preview facts (issue 29): the hands shown, the owner's first, and the
street on which a stack first ran out."""

from __future__ import annotations

from games.engine.holdem.share_preview import share_preview
from games.engine.share_preview import neutral_preview


def record(kind: str, **payload: object) -> dict[str, object]:
    return {"type": f"holdem.{kind}", "payload": payload}


def test_the_all_in_street_is_where_a_stack_first_ran_out():
    """Seat 0 (1000) bets 200 on the flop and shoves 800 on the turn; seat 1 (3000) calls both."""
    records = [
        record("blind_posted", seat=0, blind="small", amount=10),
        record("blind_posted", seat=1, blind="big", amount=20),
        record("hole_cards_dealt", seat=0, cards=["As", "Ks"]),
        record("hole_cards_dealt", seat=1, cards=["Qh", "Qd"]),
        record("called", seat=0, amount=10),
        record("checked", seat=1),
        record("board_dealt", street="flop", burned="2c", cards=["3c", "4c", "5c"]),
        record("bet", seat=0, to=200),
        record("called", seat=1, amount=200),
        record("board_dealt", street="turn", burned="2d", cards=["9d"]),
        record("bet", seat=0, to=780),
        record("called", seat=1, amount=780),
        record("board_dealt", street="river", burned="2h", cards=["Jh"]),
        record("hand_shown", seat=0, cards=["As", "Ks"], rank={}),
        record("hand_shown", seat=1, cards=["Qh", "Qd"], rank={}),
        record(
            "pot_awarded",
            pot=0,
            amount=2000,
            eligible=[0, 1],
            winners=[1],
            shares=[2000],
            hand_rank=None,
            odd_chips=[],
        ),
        record("hand_ended", hand_number=1, seed="00", stacks=[0, 4000]),
    ]
    assert share_preview(records, 0) == {
        "hands": [["As", "Ks"], ["Qh", "Qd"]],
        "ending": "all_in_turn",
        "pot": 2000,
    }
    # Without the shove the same hand is a plain showdown.
    calm = [r for r in records if r["type"] != "holdem.hand_ended"] + [
        record("hand_ended", hand_number=1, seed="00", stacks=[780, 3220])
    ]
    assert share_preview(calm, 0)["ending"] == "showdown"


def test_an_uncontested_hand_shows_only_the_owners_cards():
    records = [
        record("blind_posted", seat=0, blind="small", amount=10),
        record("blind_posted", seat=1, blind="big", amount=20),
        record("hole_cards_dealt", seat=0, cards=["7c", "2d"]),
        record("hole_cards_dealt", seat=1, cards=["Ah", "Ad"]),
        record("raised", seat=0, to=60),
        record("folded", seat=1),
        record("uncalled_bet_returned", seat=0, amount=40),
        record(
            "pot_awarded",
            pot=0,
            amount=40,
            eligible=[0],
            winners=[0],
            shares=[40],
            hand_rank=None,
            odd_chips=[],
        ),
        record("hand_ended", hand_number=1, seed="00", stacks=[1020, 980]),
    ]
    # Seat 1's aces were never shown: they are not in the preview.
    assert share_preview(records, 0) == {
        "hands": [["7c", "2d"]],
        "ending": "no_showdown",
        "pot": 40,
    }


def test_a_game_with_no_preview_of_its_own_tells_the_owners_cards_and_the_pot():
    facts = {"you": {"seat": 0, "cards": ["Kd"], "net": 3}, "pot": 6, "showdown": True}
    assert neutral_preview(facts) == {"hands": [["Kd"]], "ending": "showdown", "pot": 6}
