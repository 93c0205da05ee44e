"""Baseline opponents the levels are measured against (``manage.py simulate --seats ...``).

- ``random``: uniform over the legal kinds of action; a bet or raise uniform over its sizes.
- ``calling_station``: checks or calls, always.
- ``maniac``: bets, raises and moves all-in often, whatever it holds; never folds.
- ``equity``: Monte Carlo equity against random hands, against the pot odds — calls when the
  price is right, bets and raises when its equity is well above a fair share.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from bots.holdem.preflop import equity_versus_random, hand_class
from bots.holdem.spot import Spot
from bots.policies import Choice, Record, View, bet_kind, can_bet_or_raise, legal_kinds
from games.engine.holdem.equity import equity_vs_random


class RandomBot:
    """Uniform over the legal kinds of action; raise sizes uniform between min and max."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        legal = view["legal_actions"]
        kinds = legal_kinds(legal)
        kind = rng.choice(kinds)
        if kind in ("bet", "raise"):
            return kind, rng.randint(legal["min_raise_to"], legal["max_raise_to"])
        return kind, None


class CallingStation:
    """Checks or calls, always."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        return ("check", None) if view["legal_actions"]["can_check"] else ("call", None)


class Maniac:
    """Raises or bets 45% of the time (up to twice the pot), moves all-in 15%, else calls or
    checks; never folds and never looks at its cards."""

    ALL_IN = 0.15
    RAISE = 0.45

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        legal = view["legal_actions"]
        roll = rng.random()
        if can_bet_or_raise(legal):
            if roll < self.ALL_IN:
                return bet_kind(legal), legal["max_raise_to"]
            if roll < self.ALL_IN + self.RAISE:
                current = max(seat["bet"] for seat in view["seats"])
                pot = view["pot"] + legal["call_amount"]
                target = current + int(pot * rng.uniform(0.5, 2.0))
                amount = max(legal["min_raise_to"], min(legal["max_raise_to"], target))
                return bet_kind(legal), amount
        return ("check", None) if legal["can_check"] else ("call", None)


class EquityBot:
    """Equity against random hands (one per live opponent) against the pot odds.

    Facing a bet it calls when its equity covers the price and raises the pot when the equity
    is a tenth above its "strong" mark; owing nothing it bets two thirds of the pot when strong.
    Strong is ``2 / (opponents + 2)``: two thirds heads-up, a half three-way, 40% four-way.
    Preflop equities come from the stored table, post-flop ones from 300 sampled showdowns.
    """

    SAMPLES = 300

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        spot = Spot.read(view, ())
        opponents = max(1, len(spot.opponents))
        equity = self.equity(spot, opponents, rng)
        strong = 2 / (opponents + 2)
        if spot.facing_bet:
            if spot.can_raise and equity >= strong + 0.1:
                return spot.raise_to(spot.bet_to(1.0))
            return ("call", None) if equity >= spot.pot_odds else ("fold", None)
        if spot.can_raise and equity >= strong:
            return spot.raise_to(spot.bet_to(0.66))
        return "check", None

    def equity(self, spot: Spot, opponents: int, rng: random.Random) -> float:
        if spot.preflop and opponents <= 3:
            return equity_versus_random(hand_class(*spot.hole), opponents)
        cards = spot.view["seats"][spot.seat]["cards"]
        return equity_vs_random(
            cards,
            spot.view["board"],
            opponents=opponents,
            samples=self.SAMPLES,
            rng=np.random.default_rng(rng.getrandbits(64)),
        )
