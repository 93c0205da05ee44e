"""The parts of a view every betting game shares, as typed dicts (each game's ``view_types``
builds its view from them; the API's schema is read from these types).
"""

from __future__ import annotations

from typing import Literal, TypedDict

BettingKind = Literal["fold", "check", "call", "bet", "raise"]
"""A betting action as a view names it (``games.engine.betting.BETTING_KINDS``)."""


class LegalActionsView(TypedDict):
    """What the seat to act may do now; every kind is listed as itself. Amounts are totals for
    the round ("bet to", "raise to"): ``min_raise_to``/``max_raise_to`` bound an opening bet and
    a raise alike; ``call_amount`` is what a call adds."""

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_bet: bool
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
