"""The three AI seats are three different players: dealt the same cards in the same spot, their
choices come with different frequencies — each plays its persona's style."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots import registry
from games.engine.cards import STANDARD_DECK
from tests.bots.tables import Table

AI_SEATS = (1, 2, 3)
DEALS = 240


def first_in_frequencies(level: str) -> dict[int, dict[str, float]]:
    """How often each AI seat's bot folds, calls or raises first to act preflop, over the same
    deals (each bot asked in the same seat of the same table)."""
    rng = random.Random(2026)
    bots = {seat: registry.resolve(level, seat=seat) for seat in AI_SEATS}
    counts = {seat: Counter[str]() for seat in AI_SEATS}
    for deal in range(DEALS):
        table = Table()
        table.deal({3: tuple(rng.sample(STANDARD_DECK, 2))})  # type: ignore[dict-item]
        for seat, bot in bots.items():
            counts[seat][table.ask(bot, 3, seed=deal)[0]] += 1
    return {
        seat: {kind: counts[seat][kind] / DEALS for kind in ("fold", "call", "raise")}
        for seat in AI_SEATS
    }


def distance(a: dict[str, float], b: dict[str, float]) -> float:
    """Total variation distance between two action frequency tables."""
    return sum(abs(a[kind] - b[kind]) for kind in a) / 2


@pytest.mark.parametrize("level", registry.LEVELS)
def test_the_three_ai_seats_do_not_act_alike_in_the_same_spot(level):
    frequencies = first_in_frequencies(level)
    for first in AI_SEATS:
        for second in AI_SEATS:
            if first < second:
                assert distance(frequencies[first], frequencies[second]) >= 0.05, frequencies


@pytest.mark.parametrize("level", registry.LEVELS)
def test_the_loose_passive_seat_plays_more_hands_and_raises_less_than_the_tight_aggressive(level):
    styles = {p["style"]: p["seat"] for p in registry.seat_personas(["human"] + [level] * 3)[1:]}  # type: ignore[index]
    frequencies = first_in_frequencies(level)
    loose = frequencies[styles["loose_passive"]]
    tight = frequencies[styles["tight_aggressive"]]
    assert loose["fold"] < tight["fold"]
    assert loose["raise"] / (1 - loose["fold"]) < tight["raise"] / (1 - tight["fold"])
