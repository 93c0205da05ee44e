"""What both games' betting shares: turning a chosen fold/check/call/bet/raise into its event,
and folding a check, call, bet or raise into the state.

Each game's ``legal_actions`` says what the player to act may do (with the same fields in both
games); :func:`betting_event` accepts exactly that and refuses everything else with a stable code.
:func:`apply_check`, :func:`apply_call` and :func:`apply_bet` move the chips and mark the seat as
having acted; who acts next is the game's own rule, so each game sets ``to_act`` after them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol

from games.engine.errors import IllegalAction
from games.engine.events import Event

ACTION_KINDS = ("fold", "check", "call", "bet", "raise")


def check_turn(kind: str, seat: int, to_act: int | None) -> None:
    """Refuse an action no game knows, or one taken out of turn."""
    if kind not in ACTION_KINDS:
        raise IllegalAction(
            "unknown_action", f"Unknown action {kind!r}.", action=kind, allowed=list(ACTION_KINDS)
        )
    if seat != to_act:
        raise IllegalAction("not_your_turn", "It is not your turn.", seat=seat, to_act=to_act)


class BettingSeat(Protocol):
    stack: int
    bet: int  # this round
    contributed: int  # this hand or deal
    acted: bool
    seen_bet: int  # the bet this seat last acted facing


class BettingRound(Protocol):
    @property
    def seats(self) -> Sequence[BettingSeat]: ...

    current_bet: int
    last_full_raise: int


def apply_check(state: BettingRound, seat_index: int) -> None:
    seat = state.seats[seat_index]
    seat.acted = True
    seat.seen_bet = state.current_bet


def apply_call(state: BettingRound, seat_index: int, amount: int) -> None:
    seat = state.seats[seat_index]
    seat.stack -= amount
    seat.bet += amount
    seat.contributed += amount
    seat.acted = True
    seat.seen_bet = state.current_bet


def apply_bet(state: BettingRound, seat_index: int, to: int) -> None:
    """A bet or raise to ``to`` chips this round."""
    seat = state.seats[seat_index]
    added = to - seat.bet
    seat.stack -= added
    seat.contributed += added
    seat.bet = to
    increase = to - state.current_bet
    # Only a full bet or raise sets the size the next raise must match (RULES.md §1.4, §2.3).
    if increase >= state.last_full_raise:
        state.last_full_raise = increase
    state.current_bet = to
    seat.acted = True
    seat.seen_bet = to


class BettingChoices(Protocol):
    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_raise: bool
    min_raise_to: int
    max_raise_to: int


def betting_event(
    legal: BettingChoices,
    kind: str,
    amount: Any,
    *,
    opening: bool,
    events: ModuleType,
    why_no_raise: Callable[[], IllegalAction],
) -> Event:
    """The event for ``legal.seat`` choosing ``kind`` (``amount``: the raise-to total).

    ``opening`` says nobody has bet this round (a bet, not a raise); ``events`` is the game's
    events module (``Folded``, ``Checked``, ``Called``, ``Bet``, ``Raised``); ``why_no_raise``
    explains, in the game's terms, a bet or raise that ``legal`` does not allow.
    """
    seat = legal.seat
    if kind == "fold":
        if not legal.can_fold:
            raise IllegalAction("nothing_to_fold", "You owe nothing: check instead of folding.")
        return events.Folded(seat=seat)  # type: ignore[no-any-return]
    if kind == "check":
        if not legal.can_check:
            raise IllegalAction(
                "cannot_check", "You must call, raise or fold.", to_call=legal.call_amount
            )
        return events.Checked(seat=seat)  # type: ignore[no-any-return]
    if kind == "call":
        if not legal.can_call:
            raise IllegalAction("nothing_to_call", "There is no bet to call: check instead.")
        return events.Called(seat=seat, amount=legal.call_amount)  # type: ignore[no-any-return]
    if not legal.can_raise:
        raise why_no_raise()
    if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(
            "amount_required",
            "Give the total to bet this round as a whole number of chips.",
            minimum=legal.min_raise_to,
            maximum=legal.max_raise_to,
        )
    if amount > legal.max_raise_to:
        raise IllegalAction(
            "amount_above_stack",
            f"You can bet at most {legal.max_raise_to} this round.",
            maximum=legal.max_raise_to,
        )
    if amount < legal.min_raise_to:
        raise IllegalAction(
            "amount_below_minimum",
            f"The bet must be to at least {legal.min_raise_to}.",
            minimum=legal.min_raise_to,
        )
    if opening:
        return events.Bet(seat=seat, to=amount)  # type: ignore[no-any-return]
    return events.Raised(seat=seat, to=amount)  # type: ignore[no-any-return]
