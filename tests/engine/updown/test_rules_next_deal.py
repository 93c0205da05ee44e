"""RULES.md §2.5 — the next deal: both played (locked) cards go to the discard pile; each player
keeps their other card, draws one replacement and pays the next ante; when fewer than two cards
remain in the stock, the discards are shuffled together with the rest of the stock into a new
stock, and the cards held in hands stay out of it."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.errors import IllegalAction
from games.engine.updown import events as ev
from games.engine.updown.cards import SHOE, in_shoe_order
from games.engine.updown.game import StartDeal, shuffle_due, shuffle_pile
from tests.engine.updown.table import Table, cards_in_play


def test_both_locked_cards_go_to_the_discard_pile() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))
    table.lock_both("Kd2", "7c1")

    table.check_down()

    assert table.state.discards == ("Kd2", "7c1")
    assert table.hand(0) == {"As1"}
    assert table.hand(1) == {"2h2"}


def test_each_player_keeps_the_other_card_and_draws_one_replacement() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"), "Qs1 3d2")
    table.lock_both("Kd2", "7c1")
    table.check_down()

    produced = table.deal()

    assert [e for e in produced if isinstance(e, ev.CardDealt)] == [
        ev.CardDealt(seat=0, card="Qs1"),
        ev.CardDealt(seat=1, card="3d2"),
    ]
    assert table.hand(0) == {"As1", "Qs1"}
    assert table.hand(1) == {"2h2", "3d2"}
    assert [e for e in produced if isinstance(e, ev.AntePosted)] == [
        ev.AntePosted(seat=0, amount=1),
        ev.AntePosted(seat=1, amount=1),
    ]
    assert produced[-1] == ev.SignalsShown(up=(2, 0), down=(0, 2))


def test_no_shuffle_while_two_or_more_cards_remain_in_the_stock() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))
    table.lock_first_cards()
    table.check_down()

    assert not shuffle_due(table.state)
    with pytest.raises(IllegalAction) as refused:
        table.run(StartDeal(shoe=SHOE))
    assert refused.value.code == "no_shuffle_due"
    produced = table.deal()
    assert not any(isinstance(e, ev.ShoeShuffled) for e in produced)


def play_until_the_stock_is_empty(table: Table) -> None:
    """Checked deals until fewer than two cards remain: 4 + 50 × 2 = 104 cards drawn."""
    table.deal(seed=bytes(32))
    table.lock_first_cards()
    table.check_down()
    while not shuffle_due(table.state):
        table.play_checked_deal()
    assert table.state.deal_number == 51


def test_the_discards_and_the_rest_of_the_stock_are_reshuffled_held_cards_stay_out() -> None:
    table = Table(stacks=(200, 200))
    play_until_the_stock_is_empty(table)
    held = {card for seat in table.state.seats for card in seat.hand}
    discards = table.state.discards
    stock = table.state.stock()

    pile = shuffle_pile(table.state)
    produced = table.deal(seed=bytes(range(32)))

    assert len(stock) < 2
    assert pile == in_shoe_order(discards + stock)
    assert len(pile) == 102 and not held & set(pile)
    shuffle = next(e for e in produced if isinstance(e, ev.ShoeShuffled))
    assert (shuffle.shuffle, shuffle.size) == (2, 102)
    assert table.state.shoe is not None and Counter(table.state.shoe.order) == Counter(pile)
    assert table.state.discards == ()
    # The held cards are still held, each with one new card from the new shoe.
    for seat in table.state.seats:
        assert len(seat.hand) == 2 and len(held & set(seat.hand)) == 1
    assert Counter(cards_in_play(table.state)) == Counter(SHOE)


def test_a_reshuffle_needs_a_fresh_seed_from_the_house() -> None:
    table = Table(stacks=(200, 200))
    play_until_the_stock_is_empty(table)

    with pytest.raises(IllegalAction) as refused:
        table.run(StartDeal())

    assert refused.value.code == "seed_required"


def test_a_stacked_reshuffle_must_hold_exactly_the_pile() -> None:
    table = Table(stacks=(200, 200))
    play_until_the_stock_is_empty(table)

    with pytest.raises(IllegalAction) as refused:
        table.run(StartDeal(shoe=SHOE))

    assert refused.value.code == "invalid_shoe"
    assert refused.value.params == {"size": 102}
