"""Betting rules (RULES.md §1.4): what the player to act may do, and checking a chosen action.

One source of truth for "is this allowed, and why not": :func:`legal_actions` lists the choices
with exact amounts, and :func:`action_event` accepts exactly those and refuses everything else
with an :class:`~games.engine.errors.IllegalAction` carrying a stable code.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.betting import betting_event, check_turn
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.state import BETTING, MATCH_OVER, HoldemState


@dataclass(frozen=True, slots=True)
class LegalActions:
    """The choices of the seat to act. Raise amounts are totals for the round ("raise to").

    ``call_amount`` is what a call adds (less than owed when it puts the caller all-in).
    ``min_raise_to`` equals ``max_raise_to`` when only an all-in below the minimum is possible.
    """

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_raise: bool
    min_raise_to: int
    max_raise_to: int

    def as_dict(self) -> dict[str, int | bool]:
        return {
            "seat": self.seat,
            "can_fold": self.can_fold,
            "can_check": self.can_check,
            "can_call": self.can_call,
            "call_amount": self.call_amount,
            "can_raise": self.can_raise,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }


def raising_reopened(state: HoldemState, seat_index: int) -> bool:
    """A seat may raise if it has not acted this round, or the bet has grown by a full raise
    since it last acted (short all-ins add up; RULES.md §1.4)."""
    seat = state.seats[seat_index]
    return not seat.acted or state.current_bet - seat.seen_bet >= state.last_full_raise


def someone_could_respond(state: HoldemState, seat_index: int) -> bool:
    """Whether any other player still in the hand has chips to answer a raise."""
    return any(seat.can_act for i, seat in enumerate(state.seats) if i != seat_index)


def legal_actions(state: HoldemState) -> LegalActions | None:
    """The choices of the seat to act, or None when nobody is to act."""
    if state.phase != BETTING or state.to_act is None:
        return None
    index = state.to_act
    seat = state.seats[index]
    owed = state.current_bet - seat.bet
    max_to = seat.bet + seat.stack
    can_raise = (
        seat.stack > owed and someone_could_respond(state, index) and raising_reopened(state, index)
    )
    min_to = min(state.current_bet + state.last_full_raise, max_to)
    return LegalActions(
        seat=index,
        can_fold=owed > 0,
        can_check=owed == 0,
        can_call=owed > 0,
        call_amount=min(owed, seat.stack),
        can_raise=can_raise,
        min_raise_to=min_to if can_raise else 0,
        max_raise_to=max_to if can_raise else 0,
    )


def action_event(state: HoldemState, seat: int, kind: str, amount: int | None) -> Event:
    """The event for ``seat`` taking action ``kind`` (amount: raise-to total), or IllegalAction."""
    if state.phase == MATCH_OVER:
        raise IllegalAction("match_over", "The match is over.")
    if state.phase != BETTING or state.to_act is None:
        raise IllegalAction("no_hand_in_progress", "No hand is waiting for an action.")
    check_turn(kind, seat, state.to_act)
    legal = legal_actions(state)
    assert legal is not None
    return betting_event(
        legal,
        kind,
        amount,
        opening=state.current_bet == 0,
        events=ev,
        why_no_raise=lambda: _why_no_raise(state, seat),
    )


def _why_no_raise(state: HoldemState, seat_index: int) -> IllegalAction:
    seat = state.seats[seat_index]
    if seat.stack <= state.current_bet - seat.bet:
        return IllegalAction(
            "not_enough_chips_to_raise", "Your stack only covers a call.", stack=seat.stack
        )
    if not someone_could_respond(state, seat_index):
        return IllegalAction(
            "no_one_can_respond", "Everyone else is all-in: you may only call or fold."
        )
    return IllegalAction(
        "raise_not_reopened",
        "A short all-in did not reopen raising: you may only call or fold.",
    )
