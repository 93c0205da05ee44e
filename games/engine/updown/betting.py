"""Locking and betting (docs/rules.md#updown-locking, docs/rules.md#updown-betting): what the
player to act may do, and checking a choice.

One source of truth for "is this allowed, and why not": :func:`legal_actions` lists the choices
— which card to lock, or check/bet/call/raise/fold with exact amounts — and :func:`lock_event`
and :func:`action_event` accept exactly those, refusing everything else with an
:class:`~games.engine.errors.IllegalAction` carrying a stable code. The betting itself is the
shared :mod:`games.engine.betting`; Up & Down's hooks: a raise nobody could answer is refused
as ``opponent_all_in`` (facing an all-in: call or fold), and a short all-in that did not
reopen raising is named first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.betting import Action, BettingRules, LegalActions, check_turn
from games.engine.errors import ErrorCode, IllegalAction, refuse
from games.engine.updown import events as ev
from games.engine.updown.cards import in_shoe_order
from games.engine.updown.state import SEATS, Phase, UpDownState


@dataclass(frozen=True, slots=True)
class UpDownLegalActions(LegalActions):
    """The choices of the seat to act. While locking, ``lockable`` holds the seat's two cards (in
    shoe order) and nothing else is allowed; while betting, as :class:`LegalActions` (amounts
    are totals for the round, antes not counted)."""

    lockable: tuple[str, ...] = ()

    @property
    def can_lock(self) -> bool:
        return bool(self.lockable)

    def as_dict(self) -> dict[str, Any]:
        return {
            "can_lock": self.can_lock,
            "lockable": list(self.lockable),
            **LegalActions.as_dict(self),
        }


RULES = BettingRules[UpDownState](
    events=ev.BETTING, nobody_answers=ErrorCode.OPPONENT_ALL_IN, reopening_first=True
)


def legal_actions(state: UpDownState) -> UpDownLegalActions | None:
    """The choices of the seat to act, or None when nobody is to act."""
    index = state.to_act
    if index is None:
        return None
    if state.phase == Phase.LOCKING:
        return UpDownLegalActions(seat=index, lockable=in_shoe_order(state.seats[index].hand))
    if state.phase != Phase.BETTING:
        return None
    betting = RULES.legal_actions(state, index)
    return UpDownLegalActions(**{name: getattr(betting, name) for name in _FIELDS})


_FIELDS = tuple(LegalActions.__dataclass_fields__)


def _no_deal(state: UpDownState) -> IllegalAction | None:
    if state.phase == Phase.MATCH_OVER:
        return refuse(ErrorCode.MATCH_OVER)
    if state.phase == Phase.NO_MATCH:
        return refuse(ErrorCode.NO_MATCH)
    if state.phase == Phase.BETWEEN_DEALS or state.to_act is None:
        return refuse(ErrorCode.NO_DEAL_IN_PROGRESS)
    return None


def lock_event(state: UpDownState, seat: int, card: str) -> ev.CardLocked:
    """The event for ``seat`` locking ``card`` (one of its two cards), or IllegalAction."""
    refusal = _no_deal(state)
    if refusal is not None:
        raise refusal
    if state.phase != Phase.LOCKING:
        raise refuse(ErrorCode.NOT_LOCKING_PHASE)
    if seat in range(SEATS) and state.seats[seat].locked is not None:
        raise refuse(ErrorCode.ALREADY_LOCKED)
    if seat != state.to_act:
        raise refuse(ErrorCode.NOT_YOUR_TURN, seat=seat, to_act=state.to_act)
    hand = state.seats[seat].hand
    if card not in hand:
        raise refuse(ErrorCode.UNKNOWN_CARD, card=card, allowed=list(in_shoe_order(hand)))
    return ev.CardLocked(seat=seat, card=card)


def action_event(state: UpDownState, seat: int, kind: str, amount: int | None) -> Action:
    """The event for ``seat`` taking action ``kind`` (amount: bet-to total), or IllegalAction."""
    refusal = _no_deal(state)
    if refusal is not None:
        raise refusal
    check_turn(kind, seat, state.to_act)
    if state.phase == Phase.LOCKING:
        raise refuse(ErrorCode.LOCK_FIRST)
    return RULES.event_for(state, seat, kind, amount)
