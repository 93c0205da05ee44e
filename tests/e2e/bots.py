"""Bots for browser tests that need an AI to act one known way (seat spec
``tests.e2e.bots:ClassName``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

# A raise while the bets are small; then the seat only checks or calls.
RAISE_BELOW = 60


class MinRaiser:
    """Raises (or bets) the minimum whenever the highest bet is below 60 chips, else checks or
    calls: it raises the big blind's option pre-flop and leads every later street."""

    def act(
        self, view: dict[str, Any], history: Sequence[Any], rng: random.Random
    ) -> tuple[str, int | None]:
        legal = view["legal_actions"]
        highest = max(seat["bet"] for seat in view["seats"])
        if (legal.get("can_bet") or legal["can_raise"]) and highest < RAISE_BELOW:
            return ("bet" if legal.get("can_bet") else "raise"), legal["min_raise_to"]
        return ("check", None) if legal["can_check"] else ("call", None)
