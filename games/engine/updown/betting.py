"""Locking and betting (RULES.md §2.3): what the player to act may do, and checking a choice.

One source of truth for "is this allowed, and why not": :func:`legal_actions` lists the choices
— which card to lock, or check/bet/call/raise/fold with exact amounts — and :func:`lock_event`
and :func:`action_event` accept exactly those, refusing everything else with an
:class:`~games.engine.errors.IllegalAction` carrying a stable code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.betting import betting_event, check_turn
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.updown import events as ev
from games.engine.updown.cards import in_shoe_order
from games.engine.updown.state import (
    BETTING,
    BETWEEN_DEALS,
    LOCKING,
    MATCH_OVER,
    NO_MATCH,
    SEATS,
    UpDownState,
)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """The choices of the seat to act.

    While locking, ``lockable`` holds the seat's two cards and nothing else is allowed. While
    betting, amounts are totals for the round ("raise to", antes not counted); ``call_amount`` is
    what a call adds (less than owed when it puts the caller all-in); ``min_raise_to`` equals
    ``max_raise_to`` when only an all-in below the minimum is possible.
    """

    seat: int
    lockable: tuple[str, ...] = ()
    can_fold: bool = False
    can_check: bool = False
    can_call: bool = False
    call_amount: int = 0
    can_raise: bool = False
    min_raise_to: int = 0
    max_raise_to: int = 0

    @property
    def can_lock(self) -> bool:
        return bool(self.lockable)

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "can_lock": self.can_lock,
            "lockable": list(self.lockable),
            "can_fold": self.can_fold,
            "can_check": self.can_check,
            "can_call": self.can_call,
            "call_amount": self.call_amount,
            "can_raise": self.can_raise,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }


def raising_reopened(state: UpDownState, seat_index: int) -> bool:
    """A seat may raise if it has not acted yet, or the bet has grown by a full raise since it
    last acted (a short all-in does not reopen raising; RULES.md §2.3)."""
    seat = state.seats[seat_index]
    return not seat.acted or state.current_bet - seat.seen_bet >= state.last_full_raise


def opponent_can_respond(state: UpDownState, seat_index: int) -> bool:
    """Whether the opponent has chips to answer a raise (facing an all-in: call or fold only)."""
    return state.seats[1 - seat_index].can_act


def legal_actions(state: UpDownState) -> LegalActions | None:
    """The choices of the seat to act, or None when nobody is to act."""
    index = state.to_act
    if index is None:
        return None
    seat = state.seats[index]
    if state.phase == LOCKING:
        return LegalActions(seat=index, lockable=in_shoe_order(seat.hand))
    if state.phase != BETTING:
        return None
    owed = state.current_bet - seat.bet
    max_to = seat.bet + seat.stack
    can_raise = (
        seat.stack > owed and opponent_can_respond(state, index) and raising_reopened(state, index)
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


def _no_deal(state: UpDownState) -> IllegalAction | None:
    if state.phase == MATCH_OVER:
        return IllegalAction("match_over", "The match is over.")
    if state.phase == NO_MATCH:
        return IllegalAction("no_match", "There is no match yet.")
    if state.phase == BETWEEN_DEALS or state.to_act is None:
        return IllegalAction("no_deal_in_progress", "No deal is waiting for a player.")
    return None


def lock_event(state: UpDownState, seat: int, card: str) -> Event:
    """The event for ``seat`` locking ``card`` (one of its two cards), or IllegalAction."""
    refusal = _no_deal(state)
    if refusal is not None:
        raise refusal
    if state.phase != LOCKING:
        raise IllegalAction("not_locking_phase", "Both cards are locked: it is time to bet.")
    if seat in range(SEATS) and state.seats[seat].locked is not None:
        raise IllegalAction("already_locked", "Your locked card cannot be changed.")
    if seat != state.to_act:
        raise IllegalAction("not_your_turn", "It is not your turn.", seat=seat, to_act=state.to_act)
    hand = state.seats[seat].hand
    if card not in hand:
        raise IllegalAction(
            "unknown_card",
            "Lock one of your own two cards.",
            card=card,
            allowed=list(in_shoe_order(hand)),
        )
    return ev.CardLocked(seat=seat, card=card)


def action_event(state: UpDownState, seat: int, kind: str, amount: int | None) -> Event:
    """The event for ``seat`` taking action ``kind`` (amount: raise-to total), or IllegalAction."""
    refusal = _no_deal(state)
    if refusal is not None:
        raise refusal
    check_turn(kind, seat, state.to_act)
    if state.phase == LOCKING:
        raise IllegalAction("lock_first", "Lock one of your cards first: betting starts after.")
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


def _why_no_raise(state: UpDownState, seat_index: int) -> IllegalAction:
    seat = state.seats[seat_index]
    if seat.stack <= state.current_bet - seat.bet:
        return IllegalAction(
            "not_enough_chips_to_raise", "Your stack only covers a call.", stack=seat.stack
        )
    if not raising_reopened(state, seat_index):
        return IllegalAction(
            "raise_not_reopened",
            "A short all-in did not reopen raising: you may only call or fold.",
        )
    return IllegalAction("opponent_all_in", "Your opponent is all-in: you may only call or fold.")
