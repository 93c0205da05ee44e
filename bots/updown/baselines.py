"""Baseline opponents the Up & Down levels are measured against.

None of them looks at its cards: each locks one of its two cards at random (an even coin), and
then bets as its name says.

- ``random``: uniform over the legal kinds of action (fold only when it owes chips); a bet or
  raise uniform over every legal total.
- ``calling_station``: checks or calls, always.
- ``maniac``: bets or raises the maximum (its whole stack) whenever it may; when it may not
  (facing an all-in), calls. Never folds.
- ``folder``: folds to any bet, checks otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.policies import bet_kind, can_bet_or_raise, legal_kinds
from bots.updown.reading import Command, Record, View


def _lock_at_random(view: View, rng: random.Random) -> Command | None:
    legal = view["legal_actions"]
    if legal["can_lock"]:
        return "lock", rng.choice(legal["lockable"])
    return None


class RandomBot:
    """Uniform over the legal kinds of action; a bet or raise uniform over its sizes."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Command:
        locked = _lock_at_random(view, rng)
        if locked is not None:
            return locked
        legal = view["legal_actions"]
        kinds = legal_kinds(legal)
        kind = rng.choice(kinds)
        if kind in ("bet", "raise"):
            return kind, rng.randint(legal["min_raise_to"], legal["max_raise_to"])
        return kind, None


class CallingStation:
    """Checks or calls, always."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Command:
        locked = _lock_at_random(view, rng)
        if locked is not None:
            return locked
        return ("check", None) if view["legal_actions"]["can_check"] else ("call", None)


class Maniac:
    """Bets or raises its whole stack whenever it may, else calls; never folds."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Command:
        locked = _lock_at_random(view, rng)
        if locked is not None:
            return locked
        legal = view["legal_actions"]
        if can_bet_or_raise(legal):
            return bet_kind(legal), legal["max_raise_to"]
        return ("check", None) if legal["can_check"] else ("call", None)


class Folder:
    """Folds to any bet, checks otherwise."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Command:
        locked = _lock_at_random(view, rng)
        if locked is not None:
            return locked
        return ("fold", None) if view["legal_actions"]["can_fold"] else ("check", None)
