"""Pots (docs/rules.md#holdem-pots): side pots, and splitting a pot with odd chips."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]


def side_pots(
    bets: Sequence[int], live: Sequence[bool], all_in: Sequence[bool], dead: int = 0
) -> list[Pot]:
    """The main pot then each side pot, from every player's bets in the hand (antes excluded).

    Each live all-in player caps a pot at their bets; folded chips stay in the pots they reach,
    but only live players are eligible. ``dead`` money (the antes) belongs to the main pot — or
    forms a pot of its own when a live player went all-in on the ante alone.

    >>> side_pots([50, 200, 200], [True, True, True], [True, False, False])
    [Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=300, eligible=(1, 2))]
    >>> side_pots([0, 20, 20], [True, True, True], [True, False, False], dead=15)
    [Pot(amount=15, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2))]
    """
    flags = zip(bets, live, all_in, strict=True)
    caps = sorted({bet for bet, is_live, is_all_in in flags if is_live and is_all_in} | {max(bets)})
    pots: list[Pot] = []
    floor = 0
    for cap in caps:
        amount = sum(max(0, min(bet, cap) - floor) for bet in bets)
        if not pots:
            amount += dead
        eligible = tuple(seat for seat, bet in enumerate(bets) if live[seat] and bet >= cap)
        if amount > 0:
            # A level only folded players reached is dead money for the pot below it.
            if pots and (pots[-1].eligible == eligible or not eligible):
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            else:
                pots.append(Pot(amount, eligible))
        floor = cap
    return pots


def split_pot(amount: int, winners_clockwise: Sequence[int]) -> tuple[list[int], list[int]]:
    """Equal shares for tied winners listed clockwise from the first seat left of the button;
    the indivisible chips go one at a time in that order. Returns (shares, odd_chip_seats).

    >>> split_pot(101, [3, 1])
    ([51, 50], [3])
    >>> split_pot(5, [0, 1, 2])
    ([2, 2, 1], [0, 1])
    """
    count = len(winners_clockwise)
    base, odd = divmod(amount, count)
    shares = [base + (1 if i < odd else 0) for i in range(count)]
    return shares, list(winners_clockwise[:odd])
