"""RULES.md §2.2 — deck, deal and ante: two French decks shuffled together (104 cards, no
jokers); two cards each at the start of the match; an ante of 1 chip every deal (a player with 1
chip antes it and is all-in, and then there is no betting); the public UP/DOWN signals."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.cards import STANDARD_DECK
from games.engine.errors import IllegalAction
from games.engine.updown import events as ev
from games.engine.updown.cards import SHOE, is_up, signal
from games.engine.updown.state import BETWEEN_DEALS, LOCKING
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import Table


def test_the_shoe_is_two_french_decks_of_104_cards_without_jokers() -> None:
    assert len(SHOE) == 104
    assert len(set(SHOE)) == 104  # every physical card has its own id
    assert Counter(card[:2] for card in SHOE) == Counter({card: 2 for card in STANDARD_DECK})


def test_the_first_shuffle_shuffles_all_104_cards() -> None:
    table = Table()

    produced = table.deal(seed=bytes(32))

    shuffle = next(e for e in produced if isinstance(e, ev.ShoeShuffled))
    assert shuffle.size == 104
    assert sorted(table.state.shoe.order) == sorted(SHOE)  # type: ignore[union-attr]


def test_each_player_is_dealt_two_cards_at_the_start_of_the_match() -> None:
    table = Table()

    produced = table.deal(("As1 Kd2", "7c1 2h2"))

    assert [e for e in produced if isinstance(e, ev.CardDealt)] == [
        ev.CardDealt(seat=0, card="As1"),
        ev.CardDealt(seat=1, card="7c1"),
        ev.CardDealt(seat=0, card="Kd2"),
        ev.CardDealt(seat=1, card="2h2"),
    ]
    assert table.hand(0) == {"As1", "Kd2"}
    assert table.hand(1) == {"7c1", "2h2"}


def test_every_deal_each_player_pays_an_ante_of_one_chip() -> None:
    table = Table()

    for deal in range(3):
        produced = table.deal(("As1 Kd2", "7c1 2h2")) if deal == 0 else table.deal()
        assert [e for e in produced if isinstance(e, ev.AntePosted)] == [
            ev.AntePosted(seat=0, amount=1),
            ev.AntePosted(seat=1, amount=1),
        ]
        assert table.state.pot_total() == 2
        table.lock_first_cards()
        table.check_down()


def test_a_player_with_one_chip_antes_it_and_is_all_in() -> None:
    table = Table(stacks=(1, 39))

    table.deal(("As1 Kd2", "7c1 2h2"))

    assert table.stacks == (0, 38)
    assert view(table.state, 0)["seats"][0]["all_in"] is True


def test_all_in_from_the_ante_both_still_lock_then_there_is_no_betting() -> None:
    table = Table(stacks=(1, 39))
    table.deal(("As1 Kd2", "7c1 2h2"))
    assert table.state.phase == LOCKING

    table.lock(0, "Kd2")
    produced = table.lock(1, "7c1")

    # Straight to the reveal: no one is asked to bet.
    assert not any(isinstance(e, ev.BETTING_ACTIONS) for e in produced)
    assert produced[1] == ev.LockedCardsRevealed(cards=("Kd2", "7c1"))
    assert table.won() == {0: 2}
    assert table.stacks == (2, 38)
    assert table.state.phase == BETWEEN_DEALS


def test_all_in_from_the_ante_on_the_other_seat_skips_the_betting_too() -> None:
    table = Table(stacks=(39, 1))
    table.deal(("As1 Kd2", "7c1 2h2"))

    table.lock(0, "As1")
    with pytest.raises(IllegalAction) as refused:
        table.bet(0, 1)
    assert refused.value.code == "not_your_turn"
    produced = table.lock(1, "2h2")  # a 2 beats an ace

    assert table.won() == {1: 2}
    assert isinstance(produced[-1], ev.ShuffleRevealed | ev.DealEnded | ev.MatchEnded)
    assert table.stacks == (38, 2)


@pytest.mark.parametrize("card", [r + "c1" for r in "89TJQKA"])
def test_eight_to_ace_are_up(card: str) -> None:
    assert is_up(card)


@pytest.mark.parametrize("card", [r + "h2" for r in "234567"])
def test_two_to_seven_are_down(card: str) -> None:
    assert not is_up(card)


def test_signals_count_the_up_and_down_cards_in_each_hand() -> None:
    table = Table()

    produced = table.deal(("8s1 7s1", "As2 Kd2"))

    assert produced[-1] == ev.SignalsShown(up=(1, 2), down=(1, 0))
    assert [table.state.seats[s].signal for s in (0, 1)] == [(1, 1), (2, 0)]
    assert signal(["2c1", "3c1"]) == (0, 2)


def test_signals_are_public_and_the_cards_are_not() -> None:
    table = Table()
    produced = table.deal(("8s1 7s1", "As2 Kd2"))

    seen_by_0 = [visible_record(e, 0)["payload"] for e in produced]

    assert produced[-1] == ev.SignalsShown(up=(1, 2), down=(1, 0))
    assert seen_by_0[-1] == {"up": (1, 2), "down": (1, 0)}
    dealt = [p for p, e in zip(seen_by_0, produced, strict=True) if isinstance(e, ev.CardDealt)]
    assert dealt == [
        {"seat": 0, "card": "8s1"},
        {"seat": 1, "card": None},
        {"seat": 0, "card": "7s1"},
        {"seat": 1, "card": None},
    ]
    assert view(table.state, 0)["seats"][1]["signal"] == {"up": 2, "down": 0}
    assert view(table.state, 0)["seats"][1]["cards"] is None


def test_signals_are_counted_as_the_deal_begins_and_do_not_change_when_a_card_is_locked() -> None:
    table = Table()
    table.deal(("8s1 7s1", "As2 Kd2"))
    before = view(table.state, 0)["seats"]

    table.lock(0, "7s1")
    table.lock(1, "As2")

    after = view(table.state, 0)["seats"]
    assert [seat["signal"] for seat in after] == [seat["signal"] for seat in before]
