"""An imported hand's analysis: the same study as a hand played here, computed only from the
cards its history tells (:mod:`games.engine.holdem.known_cards`), never a card invented.

- **Equity by street** where every hand still in (and the board) is told: a street with a hand
  the history does not tell keeps its place in ``streets`` with ``method`` ``"unknown"``, no
  figures and ``unknown`` naming those seats.
- **The decision review** of the hero's decisions (the importing player's seat, the match
  body's ``viewer``) when the history tells the hero's cards, with the hard AI's choice from the
  hero's view and history as for a played hand. The equity of a decision is against the hands
  still in: those the history tells as they were, each it does not tell dealt at random from the
  cards out of sight (``unseen`` names them; their figures are then a sampled estimate, and
  such a decision is never listed as ``costly``: the hands that bet into the hero were not
  random, so a cost against random hands is too rough to single out). Without
  a hero, or without the hero's cards, ``decisions`` is empty and ``unreviewed`` says why
  (``no_hero``, ``hero_cards_unknown``).

Amounts are the table's minor units (cents at a cash table), antes and straddles in the pot as
the view counts them; a costly decision gave up two of the hand's big blinds. The rake is not in
the expected chips (the room took it from the pot at the end, by its own rule): the model is the
played hands' (:mod:`bots.holdem.coach`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from bots.holdem import coach
from bots.holdem.analysis import SAMPLES, SpotEquity, decision_spots, hand_seed
from bots.holdem.hard import HardBot
from games.engine.events import Event, to_record
from games.engine.holdem.known_cards import KnownCards, known_cards
from games.engine.holdem.street_equity import (
    KnownStreetEquity,
    equity_against_unseen,
    equity_by_known_street,
    showdown_equity,
)
from games.imports import imported_hero
from games.models import HandSummary, Match


def imported_hand_analysis(
    match: Match, hand: HandSummary, hand_events: Sequence[tuple[int, Event]]
) -> dict[str, Any]:
    """The analysis body of a finished imported hand (the API's 200 answer)."""
    cards = known_cards([to_record(item) for _, item in hand_events])
    rng = np.random.default_rng(hand_seed(match, hand.hand_number))
    streets = [
        _street_body(street) for street in equity_by_known_street(cards, samples=SAMPLES, rng=rng)
    ]
    hero = imported_hero(match)
    unreviewed = _unreviewed(cards, hero)
    reviewed: list[dict[str, Any]] = []
    if hero is not None and unreviewed is None:
        spots = decision_spots(match, hand, hand_events, hero, _hero_equity(cards, hero, rng))
        reviewed = coach.review_hand(spots, bot=HardBot(), seed=str(match.id))
        for decision, spot in zip(reviewed, spots, strict=True):
            decision["unseen"] = list(spot.unseen)
    return {
        "status": "ready",
        "streets": streets,
        "decisions": reviewed,
        # An estimate against random hands marks no spot costly: a hand that bet the river is
        # no random hand, and "the next costly spot" should not send the player to a guess.
        "costly": coach.costly([d for d in reviewed if not d["unseen"]], cards.big_blind),
        "unreviewed": unreviewed,
    }


def _street_body(street: KnownStreetEquity) -> dict[str, Any]:
    equity = street.equity
    if equity is None:
        return {
            "street": street.street,
            "method": "unknown",
            "samples": None,
            "equity": {},
            "unknown": list(street.unknown),
        }
    return {
        "street": street.street,
        "method": "exact" if equity.exact else "monte_carlo",
        "samples": None if equity.exact else equity.boards,
        "equity": {str(seat): share for seat, share in equity.shares.items()},
        "unknown": [],
    }


def _unreviewed(cards: KnownCards, hero: int | None) -> str | None:
    """Why the hero's decisions cannot be reviewed, or None when they can."""
    if hero is None:
        return "no_hero"
    if cards.hole_cards.get(hero) is None:
        return "hero_cards_unknown"
    return None


def _hero_equity(cards: KnownCards, hero: int, rng: np.random.Generator) -> SpotEquity:
    """The hero's pot share at a spot: against the hands still in, each the history does not
    tell dealt at random (an estimate, said by the seats it returns)."""

    def equity(live: frozenset[int], board: Sequence[str]) -> tuple[float, tuple[int, ...]]:
        if len(live) < 2:
            return 1.0, ()
        unseen = cards.unknown_seats(live)
        holes = {seat: hole for seat in live if (hole := cards.hole_cards.get(seat)) is not None}
        dead = cards.dead_cards(live)
        if unseen:
            shares = equity_against_unseen(
                holes, len(unseen), board, dead, samples=SAMPLES, rng=rng
            )
        else:
            shares = showdown_equity(holes, board, dead, samples=SAMPLES, rng=rng)
        return shares.shares[hero], unseen

    return equity
