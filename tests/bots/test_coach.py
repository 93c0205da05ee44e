"""Learn from the hand (bots/holdem/coach.py): the expected chips of each choice follow the stated
showdown model, and the review asks the bot with a random source seeded by the decision."""

from __future__ import annotations

import random

import pytest

from bots.holdem import coach


def _view(*, pot=100, call=20, my_bet=0, others=((300, 20), (15, 20))) -> dict:
    """The viewer (seat 0) facing ``call`` into ``pot``; others: (stack, bet) of seats in."""
    seats = [{"seat": 0, "stack": 500, "bet": my_bet, "in_hand": True, "folded": False}]
    seats += [
        {"seat": i, "stack": stack, "bet": bet, "in_hand": True, "folded": False}
        for i, (stack, bet) in enumerate(others, start=1)
    ]
    seats.append({"seat": 9, "stack": 900, "bet": 0, "in_hand": True, "folded": True})
    return {"viewer": 0, "pot": pot, "seats": seats, "legal_actions": {"call_amount": call}}


def test_each_choice_is_valued_at_showdown_with_no_further_betting():
    view = _view()
    assert coach.expected_chips(view, ("fold", None), 0.9) == 0
    assert coach.expected_chips(view, ("call", None), 0.25) == pytest.approx(0.25 * 120 - 20)
    # A raise to 120: seat 1 calls 100 more, seat 2 only its 15 behind, the folded seat nothing.
    raised = coach.expected_chips(view, ("raise", 120), 0.5)
    assert raised == pytest.approx(0.5 * (100 + 120 + 100 + 15) - 120)
    assert coach.pot_odds(view) == pytest.approx(20 / 120)
    assert coach.pot_odds(_view(call=0)) == 0


class Recorder:
    """A bot that raises to a random amount: the review must be the same every time."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def act(self, view, history, rng: random.Random):
        amount = rng.randrange(40, 400)
        self.seen.append(amount)
        return ("raise", amount)


def test_the_review_is_reproducible_and_marks_the_costly_spots():
    view = _view()
    spots = [
        coach.Spot(seq=7, street="flop", view=view, history=[], yours=("fold", None), equity=0.8),
        coach.Spot(seq=9, street="turn", view=view, history=[], yours=("call", None), equity=0.1),
    ]
    first = coach.review_hand(spots, bot=Recorder(), seed="match-1")
    again = coach.review_hand(spots, bot=Recorder(), seed="match-1")
    assert first == again
    assert coach.review_hand(spots, bot=Recorder(), seed="match-2") != first
    folded = first[0]
    assert folded["yours"] == {"kind": "fold", "amount": None}
    assert folded["hard"]["kind"] == "raise" and folded["ev_yours"] == 0
    assert folded["cost"] == pytest.approx(folded["ev_hard"])
    assert first[1]["yours"] == {"kind": "call", "amount": 20}
    assert 7 in coach.costly(first, big_blind=20)  # folding 80% equity gave up chips
