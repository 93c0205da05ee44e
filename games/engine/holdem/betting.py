"""Betting rules (docs/rules.md#holdem-betting): what the player to act may do, and checking a
chosen action.

One source of truth for "is this allowed, and why not": :func:`legal_actions` lists the choices
with exact amounts, and :func:`action_event` accepts exactly those and refuses everything else
with an :class:`~games.engine.errors.IllegalAction` carrying a stable code. The betting itself is
the shared :mod:`games.engine.betting`; Hold'em's hooks: a raise nobody could answer (nobody else
in the hand has chips) is refused as ``no_one_can_respond``, the all-in players named first.
"""

from __future__ import annotations

from games.engine.betting import (
    Action,
    BettingRules,
    LegalActions,
    check_turn,
    someone_could_respond,
)
from games.engine.errors import ErrorCode, refuse
from games.engine.holdem import events as ev
from games.engine.holdem.state import HoldemState, Phase

__all__ = ["LegalActions", "action_event", "legal_actions", "someone_could_respond"]


RULES = BettingRules[HoldemState](
    events=ev.BETTING, nobody_answers=ErrorCode.NO_ONE_CAN_RESPOND, reopening_first=False
)


def legal_actions(state: HoldemState) -> LegalActions | None:
    """The choices of the seat to act, or None when nobody is to act."""
    if state.phase != Phase.BETTING or state.to_act is None:
        return None
    return RULES.legal_actions(state, state.to_act)


def action_event(state: HoldemState, seat: int, kind: str, amount: int | None) -> Action:
    """The event for ``seat`` taking action ``kind`` (amount: bet-to total), or IllegalAction."""
    if state.phase == Phase.MATCH_OVER:
        raise refuse(ErrorCode.MATCH_OVER)
    if state.phase != Phase.BETTING or state.to_act is None:
        raise refuse(ErrorCode.NO_HAND_IN_PROGRESS)
    check_turn(kind, seat, state.to_act)
    return RULES.event_for(state, seat, kind, amount)
