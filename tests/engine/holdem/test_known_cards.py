"""What a hand's records tell of its cards: a hand played here tells them all (and its equity
by street is then exactly the played hand's), an imported one only what its history told."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from games.engine.events import to_record
from games.engine.holdem.importing import ParsedHand, iter_hands
from games.engine.holdem.known_cards import known_cards
from games.engine.holdem.played_hand import played_hand
from games.engine.holdem.street_equity import equity_by_known_street, equity_by_street
from tests.engine.holdem.random_hands import random_hands

DATA = Path(__file__).parent / "importing" / "data"


def test_a_hand_played_here_tells_every_card_and_gets_the_played_hand_s_equities() -> None:
    for records in list(random_hands(7, 40)):
        hand = played_hand(records)
        known = known_cards(records)
        assert known.hole_cards == hand.hole_cards
        assert [street.name for street in known.streets] == [s.name for s in hand.streets]
        ours = equity_by_known_street(known, samples=500, rng=np.random.default_rng(3))
        played = equity_by_street(hand, samples=500, rng=np.random.default_rng(3))
        assert [(s.street, s.equity) for s in ours] == [(s.street, s.equity) for s in played]
        assert all(street.unknown == () for street in ours)


def test_an_imported_hand_is_computed_only_where_every_hand_still_in_is_told() -> None:
    # Its hands tell the hero's cards and the hands shown at a showdown, no others.
    with (DATA / "pokerstars" / "cash_6max.txt").open(encoding="utf-8-sig") as stream:
        hands = [
            hand for hand in iter_hands(stream, "cash_6max.txt") if isinstance(hand, ParsedHand)
        ]
    for hand in hands:
        known = known_cards([to_record(item) for item in hand.events])
        live = set(known.seats)
        computed = equity_by_known_street(known, samples=200, rng=np.random.default_rng(1))
        # The equity stops where one player is left: the streets after it have none.
        for street, told in zip(known.streets, computed, strict=False):
            assert told.street == street.name
            assert told.unknown == known.unknown_seats(live)
            if told.unknown:
                assert told.equity is None
            else:
                assert told.equity is not None and set(told.equity.shares) == live
            live -= street.folded
