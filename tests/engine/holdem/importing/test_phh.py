"""PHH and PHHS, read for import (games.engine.holdem.importing.phh): cents, straddles, per-player
antes, unknown and partly shown cards, hands that stop early, many hands a file; each hand PokerKit
can replay ends with PokerKit's stacks."""

from __future__ import annotations

import io
from decimal import Decimal

import pokerkit
import pytest

from games.engine.holdem import events as ev
from games.engine.holdem.importing import ParsedHand, RefusedHand, iter_hands
from games.engine.holdem.state import fold


def hands(text: str) -> list[ParsedHand | RefusedHand]:
    return list(iter_hands(io.StringIO(text), "hands.phhs"))


def parsed(text: str) -> ParsedHand:
    [hand] = hands(text)
    assert isinstance(hand, ParsedHand), hand
    return hand


def stacks(hand: ParsedHand) -> list[int]:
    return [seat.stack for seat in fold(hand.events).seats]


def pokerkit_stacks(text: str) -> list[Decimal | int]:
    history = pokerkit.HandHistory.loads(text, parse_value=pokerkit.parse_value)
    *_, final = iter(history)
    return list(final.stacks)


CENTS = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.50, 1]
min_bet = 0.50
starting_stacks = [247.15, 100, 50.05]
actions = ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p1 cbr 3.50", "p2 f", "p3 cc",
  "d db 2c3d4h", "p1 cbr 5", "p3 f"]
players = ["Ann", "Bob", "Cid"]
currency = "USD"
hand = 42
venue = "PokerStars"
"""


def test_cents_and_a_straddle_match_pokerkit() -> None:
    hand = parsed(CENTS)
    assert (hand.scale, hand.unit, hand.room, hand.hand_id) == (100, "USD", "pokerstars", "42")
    kinds = [item.blind for item in hand.events if isinstance(item, ev.BlindPosted)]
    assert kinds == ["small", "big", "straddle"]
    assert stacks(hand) == [int(value * 100) for value in pokerkit_stacks(CENTS)]
    assert stacks(hand) == [24715 + 400, 10000 - 50, 5005 - 350]


ANTES = """variant = "NT"
antes = [5, 5, 5, 5]
blinds_or_straddles = [10, 20, 0, 0]
min_bet = 20
starting_stacks = [1000, 1000, 12, 1000]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 QsQd", "d dh p4 2c7h", "p3 cc", "p4 f",
  "p1 f", "p2 cc", "d db AhKh3c", "d db 9s", "d db 4d", "p2 sm JsJd", "p3 sm QsQd"]
"""


def test_antes_a_short_all_in_and_unknown_hole_cards_match_pokerkit() -> None:
    hand = parsed(ANTES)
    assert sum(isinstance(item, ev.AntePosted) for item in hand.events) == 4
    assert stacks(hand) == pokerkit_stacks(ANTES)


def test_a_hand_that_stops_early_is_kept_as_it_stops() -> None:
    text = CENTS.replace('"p2 f", "p3 cc",\n  "d db 2c3d4h", "p1 cbr 5", "p3 f"]', "]")
    hand = parsed(text)
    assert not hand.finished and not any(isinstance(item, ev.HandEnded) for item in hand.events)
    assert stacks(hand) == [24715 - 350, 10000 - 50, 5005 - 100]


def test_a_phhs_file_holds_many_hands_each_at_its_line() -> None:
    text = f"[1]\n{CENTS}\n[2]\n{ANTES}"
    first, second = hands(text)
    assert isinstance(first, ParsedHand) and isinstance(second, ParsedHand)
    assert (first.line, second.line) == (1, text.splitlines().index("[2]") + 1)


def test_a_mucked_hand_gives_up_the_pot() -> None:
    text = ANTES.replace('"p2 sm JsJd"', '"p2 sm"').replace('"p3 sm QsQd"', '"p3 sm 2s2d"')
    hand = parsed(text.replace('"d dh p3 QsQd"', '"d dh p3 ????"'))
    assert [item.seat for item in hand.events if isinstance(item, ev.HandShown)] == [2]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (('variant = "NT"', 'variant = "FT"'), "unsupported_game"),
        (('"p3 cc", "p4 f"', '"p4 f", "p3 cc"'), "action_out_of_turn"),
        (('"d dh p4 2c7h"', '"d dh p4 QsQd"'), "card_dealt_twice"),
        (('"d dh p4 2c7h"', '"d dh p4 2c7x"'), "invalid_card"),
        (('"p4 f"', '"p4 dance"'), "malformed_line"),
        (
            ("starting_stacks = [1000, 1000, 12, 1000]", "starting_stacks = [1000]"),
            "too_many_players",
        ),
        (("min_bet = 20\n", ""), "missing_field"),
    ],
)
def test_an_impossible_hand_is_refused(change: tuple[str, str], code: str) -> None:
    [hand] = hands(ANTES.replace(*change))
    assert isinstance(hand, RefusedHand) and hand.code == code
