"""The easy and medium levels (the hard one is :mod:`bots.holdem.hard`).

- **Easy** plays like a newcomer: too many hands, mostly calling, judging its hand by how it
  ranks on the board and never by what the others did; it raises only its best hands and makes
  the odd careless choice.
- **Medium** plays a sound, simple game: a fixed preflop chart, then equity against random
  hands against the pot odds — discounted when someone bets, since bets mean strength — with
  value bets and an occasional bluff. It never reads its opponents.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from bots.holdem.baselines import RandomBot
from bots.holdem.combos import COMBO_INDEX
from bots.holdem.preflop import equity_versus_top, hand_class, hand_percentile
from bots.holdem.ranges import board_strength
from bots.holdem.spot import Spot
from bots.holdem.styles import BALANCED, Style
from bots.policies import Choice, Record, View
from games.engine.holdem.equity import equity_vs_random


class EasyBot:
    MISTAKES = 0.06

    def __init__(self, style: Style = BALANCED) -> None:
        self.style = style

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        if rng.random() < self.MISTAKES:
            return RandomBot().act(view, history, rng)
        spot = Spot.read(view, history)
        if spot.preflop:
            return self._preflop(spot, rng)
        return self._postflop(spot, rng)

    def _preflop(self, spot: Spot, rng: random.Random) -> Choice:
        style = self.style
        percentile = hand_percentile(hand_class(*spot.hole))
        big = spot.big_blind
        if percentile < 0.05 * style.aggression and spot.can_raise:
            return spot.raise_to(big * 3 + spot.current_bet)
        if not spot.facing_bet:
            return "check", None
        price = spot.to_call / big
        if spot.to_call >= 0.5 * spot.chips(spot.seat):
            return ("call", None) if percentile < 0.08 * style.looseness else ("fold", None)
        playable = (0.55 if price <= 1 else 0.4 if price <= 4 else 0.15) * style.looseness
        return ("call", None) if percentile < playable else ("fold", None)

    def _postflop(self, spot: Spot, rng: random.Random) -> Choice:
        style = self.style
        strength = float(board_strength(spot.board)[COMBO_INDEX[spot.hole]])
        if not spot.facing_bet:
            if spot.can_raise and strength > 0.85 and rng.random() < 0.5 * style.aggression:
                return spot.raise_to(spot.bet_to(0.5))
            if spot.can_raise and rng.random() < 0.04 * style.bluffing:
                return spot.raise_to(spot.bet_to(0.5))
            return "check", None
        size = spot.to_call / max(spot.pot - spot.to_call, 1)
        if strength > 0.93 and spot.can_raise and rng.random() < 0.3 * style.aggression:
            return spot.raise_to(spot.bet_to(0.75))
        keeps_going = 0.55 if size <= 0.6 else 0.7 if size <= 1.2 else 0.82
        return ("call", None) if strength > keeps_going / style.looseness**0.3 else ("fold", None)


class MediumBot:
    SAMPLES = 250

    def __init__(self, style: Style = BALANCED) -> None:
        self.style = style

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        spot = Spot.read(view, history)
        if spot.preflop:
            return self._preflop(spot, rng)
        return self._postflop(spot, rng)

    def _preflop(self, spot: Spot, rng: random.Random) -> Choice:
        style = self.style
        class_id = hand_class(*spot.hole)
        percentile = hand_percentile(class_id)
        big = spot.big_blind
        raises = spot.preflop_raises
        short = spot.effective_big_blinds <= 10
        if not raises:
            if not spot.facing_bet:
                if spot.can_raise and percentile < 0.1 * style.looseness:
                    return spot.raise_to(big * 3)
                return "check", None
            if short:
                return spot.all_in() if percentile < 0.3 * style.looseness else ("fold", None)
            if percentile < 0.22 * style.looseness * style.aggression**0.5:
                return spot.raise_to(round(big * rng.choice((2.5, 3.0))))
            if spot.to_call <= big and percentile < 0.32 * style.looseness:
                return "call", None
            return "fold", None
        equity = equity_versus_top(class_id, 0.3 if len(raises) == 1 else 0.12)
        if equity >= 0.62 and spot.can_raise:
            if len(raises) >= 2 or spot.to_call >= 0.25 * spot.chips(spot.seat):
                return spot.all_in()
            return spot.raise_to(raises[-1].to * 3)
        if equity >= spot.pot_odds + 0.08 + style.call_margin:
            return "call", None
        return "fold", None

    def _postflop(self, spot: Spot, rng: random.Random) -> Choice:
        style = self.style
        opponents = max(1, len(spot.opponents))
        cards = spot.view["seats"][spot.seat]["cards"]
        equity = equity_vs_random(
            cards,
            spot.view["board"],
            opponents=opponents,
            samples=self.SAMPLES,
            rng=np.random.default_rng(rng.getrandbits(64)),
        )
        bets = sum(1 for a in spot.actions_on(spot.street) if a.kind in ("bet", "raise"))
        # A bet says the bettor holds something: worth less than a random hand thinks.
        equity -= 0.08 * bets
        strong = 2 / (opponents + 2) + 0.05
        if spot.facing_bet:
            if spot.can_raise and equity >= strong + 0.15:
                return spot.raise_to(spot.bet_to(0.8))
            margin = {"flop": 0.05, "turn": 0.03}.get(spot.street, 0.0) + style.call_margin
            return ("call", None) if equity >= spot.pot_odds + margin else ("fold", None)
        if spot.can_raise and equity >= strong and rng.random() < min(1.0, 0.8 * style.aggression):
            return spot.raise_to(spot.bet_to(rng.choice(style.bet_sizes)))
        if (
            spot.can_raise
            and opponents == 1
            and equity < 0.3
            and rng.random() < 0.12 * style.bluffing
        ):
            return spot.raise_to(spot.bet_to(0.5))
        return "check", None
