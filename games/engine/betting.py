"""The betting both games share: the action kinds, the legal choices, turning a chosen action into
its event, folding betting events into the state, and the betting events themselves.

A game supplies its hooks as a :class:`BettingRules` (who could answer a raise, how it names a
raise nobody could answer) and its own event types (:func:`betting_events` registers the shared
event classes under the game's type names, so stored events keep their names). Who acts next is
the game's own rule: each game sets ``to_act`` after :func:`apply_action`.

The rules are those of docs/rules.md#holdem-betting and docs/rules.md#updown-betting: with nothing
owed a player checks or bets, otherwise calls, raises or folds; amounts are the total bet this
round ("bet to"); a raise must add at least the last full bet or raise; a short all-in does not
reopen raising for a player who already acted (docs/rules.md#holdem-all-ins).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from games.engine.errors import ErrorCode, IllegalAction, refuse
from games.engine.events import Event, registered_subclass


class ActionKind(StrEnum):
    """What a player may ask to do. ``LOCK`` is Up & Down's: lock one of two cards."""

    FOLD = "fold"
    """Give up every claim on the pot; offered only when the player owes chips."""
    CHECK = "check"
    """Pass with nothing owed."""
    CALL = "call"
    """Match the round's highest bet, or put in the whole stack when it cannot."""
    BET = "bet"
    """Open the betting of a round in which nobody has bet, to ``amount``."""
    RAISE = "raise"
    """Raise the round's bet to ``amount``."""
    LOCK = "lock"
    """Up & Down: lock one of your two cards face down."""


BETTING_KINDS = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)
ACTION_KINDS = tuple(kind.value for kind in BETTING_KINDS)  # kept for the API's choices


# --- the events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Folded(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Checked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A call of ``amount`` more chips; less than owed when it puts the caller all-in."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Bet(Event):
    """An opening bet in a round where nobody had bet, to ``to`` chips."""

    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class Raised(Event):
    """A raise of the round's bet to ``to`` chips."""

    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(Event):
    """The part of a bet (or an ante) nobody matched, back to its owner."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    seat: int
    amount: int


Action = Folded | Checked | Called | Bet | Raised
"""A player's betting action: the only free choices of a betting round."""


@dataclass(frozen=True, slots=True)
class BettingEvents:
    """One game's betting events: the shared classes, registered under the game's type names
    (``holdem.folded``, ``updown.folded``, ...)."""

    ante_posted: type[AntePosted]
    folded: type[Folded]
    checked: type[Checked]
    called: type[Called]
    bet: type[Bet]
    raised: type[Raised]
    uncalled_bet_returned: type[UncalledBetReturned]

    def classes(
        self,
    ) -> tuple[
        type[AntePosted],
        type[Folded],
        type[Checked],
        type[Called],
        type[Bet],
        type[Raised],
        type[UncalledBetReturned],
    ]:
        """The classes in field order, for a game's events module to name them."""
        return (
            self.ante_posted,
            self.folded,
            self.checked,
            self.called,
            self.bet,
            self.raised,
            self.uncalled_bet_returned,
        )

    def folding[S: BettingRound](
        self, first_to_act: Callable[[S, int], int | None]
    ) -> dict[type[Event], Callable[[S, Any], None]]:
        """How a game's state folds these events: a player's action moves the chips
        (:func:`apply_action`) and passes the turn to ``first_to_act(state, seat + 1)``, the
        game's rule for who acts next (None: nobody, the round is over); a returned bet goes
        back to its owner."""

        def action(state: S, item: Action) -> None:
            apply_action(state, item)
            state.to_act = first_to_act(state, item.seat + 1)

        return {
            **dict.fromkeys(
                (self.folded, self.checked, self.called, self.bet, self.raised), action
            ),
            self.uncalled_bet_returned: apply_uncalled_bet_returned,
        }


def chosen_action(item: Event) -> tuple[int, ActionKind, int | None] | None:
    """The seat, kind and amount (bet-to) of the choice a betting action event records, or None
    for any other event: what a player asked, for an audit to ask again.

    >>> chosen_action(Raised(seat=2, to=60))
    (2, <ActionKind.RAISE: 'raise'>, 60)
    """
    match item:
        case Folded():
            return item.seat, ActionKind.FOLD, None
        case Checked():
            return item.seat, ActionKind.CHECK, None
        case Called():
            return item.seat, ActionKind.CALL, None
        case Bet():
            return item.seat, ActionKind.BET, item.to
        case Raised():
            return item.seat, ActionKind.RAISE, item.to
    return None


def betting_events(game: str, module: str) -> BettingEvents:
    """Register the shared betting events under ``game``'s type names (``f"{game}.folded"``)."""

    def register[E: Event](base: type[E], name: str) -> type[E]:
        return registered_subclass(base, f"{game}.{name}", module)

    return BettingEvents(
        ante_posted=register(AntePosted, "ante_posted"),
        folded=register(Folded, "folded"),
        checked=register(Checked, "checked"),
        called=register(Called, "called"),
        bet=register(Bet, "bet"),
        raised=register(Raised, "raised"),
        uncalled_bet_returned=register(UncalledBetReturned, "uncalled_bet_returned"),
    )


# --- the state a betting round needs -------------------------------------------------------


class BettingSeat(Protocol):
    stack: int
    bet: int  # this round
    contributed: int  # this hand or deal
    folded: bool
    acted: bool
    seen_bet: int  # the bet this seat last acted facing

    @property
    def can_act(self) -> bool:
        """In the hand, not folded, with chips left: could still bet."""
        ...


class BettingRound(Protocol):
    @property
    def seats(self) -> Sequence[BettingSeat]: ...

    current_bet: int
    last_full_raise: int
    to_act: int | None


def apply_action(state: BettingRound, item: Action) -> None:
    """Fold a betting action into the state: chips, the round's bet, who has acted."""
    seat = state.seats[item.seat]
    match item:
        case Folded():
            seat.folded = True
        case Called():
            seat.stack -= item.amount
            seat.bet += item.amount
            seat.contributed += item.amount
        case Bet() | Raised():
            added = item.to - seat.bet
            seat.stack -= added
            seat.contributed += added
            seat.bet = item.to
            # Only a full bet or raise sets the size the next raise must match
            # (docs/rules.md#holdem-all-ins, docs/rules.md#updown-all-ins).
            if item.to - state.current_bet >= state.last_full_raise:
                state.last_full_raise = item.to - state.current_bet
            state.current_bet = item.to
    seat.acted = True
    seat.seen_bet = state.current_bet


def apply_uncalled_bet_returned(state: BettingRound, item: UncalledBetReturned) -> None:
    seat = state.seats[item.seat]
    seat.stack += item.amount
    seat.contributed -= item.amount
    seat.bet = max(0, seat.bet - item.amount)
    state.current_bet = max(other.bet for other in state.seats)


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the highest bet (or contribution) nobody matched, or None.

    Folded players' bets count as matching up to what they put in.

    >>> uncalled_bet([100, 40, 0])
    (0, 60)
    >>> uncalled_bet([40, 40, 0]) is None
    True
    """
    highest = max(bets)
    top = list(bets).index(highest)  # the first seat with it, as max() by seat would give
    second = max((*bets[:top], *bets[top + 1 :]), default=0)
    excess = highest - second
    return (top, excess) if excess > 0 else None


# --- the legal choices ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LegalActions:
    """The choices of the seat to act. Amounts are totals for the round ("bet to").

    ``can_bet`` (an opening bet, nobody has bet this round) and ``can_raise`` (a bet to raise)
    never hold together; ``min_raise_to``/``max_raise_to`` bound whichever is allowed, and are
    equal when only an all-in below the minimum is possible. ``call_amount`` is what a call adds
    (less than owed when it puts the caller all-in).
    """

    seat: int
    can_fold: bool = False
    can_check: bool = False
    can_call: bool = False
    call_amount: int = 0
    can_bet: bool = False
    can_raise: bool = False
    min_raise_to: int = 0
    max_raise_to: int = 0

    @property
    def can_bet_or_raise(self) -> bool:
        """Whether the seat may put in more than a call: an opening bet or a raise."""
        return self.can_bet or self.can_raise

    @property
    def bet_kind(self) -> ActionKind:
        """The kind that puts in more than a call now: ``bet`` when nobody has bet this round,
        else ``raise`` (whether or not it is allowed: see ``can_bet_or_raise``)."""
        return ActionKind.BET if self.can_bet else ActionKind.RAISE

    @property
    def kinds(self) -> list[ActionKind]:
        """The legal betting kinds, each as itself, in a fixed order.

        >>> LegalActions(seat=0, can_check=True, can_bet=True, min_raise_to=20).kinds
        [<ActionKind.CHECK: 'check'>, <ActionKind.BET: 'bet'>]
        """
        allowed = (self.can_fold, self.can_check, self.can_call, self.can_bet, self.can_raise)
        return [kind for kind, can in zip(BETTING_KINDS, allowed, strict=True) if can]

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "can_fold": self.can_fold,
            "can_check": self.can_check,
            "can_call": self.can_call,
            "call_amount": self.call_amount,
            "can_bet": self.can_bet,
            "can_raise": self.can_raise,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }


def raising_reopened(state: BettingRound, seat_index: int) -> bool:
    """A seat may raise if it has not acted this round, or the bet has grown by a full raise
    since it last acted (short all-ins add up; docs/rules.md#holdem-all-ins)."""
    seat = state.seats[seat_index]
    return not seat.acted or state.current_bet - seat.seen_bet >= state.last_full_raise


# The choices about chips owed: fold, check, call.
PAYING_KINDS = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL)
# (can_fold, can_check, can_call, call_amount), as LegalActions has them.
OwedChoices = tuple[bool, bool, bool, int]


def owed_choices(state: BettingRound, seat_index: int) -> OwedChoices:
    """What a seat may do about the chips it owes: fold or call them (a call of its whole stack
    at most), or check when it owes nothing."""
    seat = state.seats[seat_index]
    owed = state.current_bet - seat.bet
    return owed > 0, owed == 0, owed > 0, min(owed, seat.stack)


def someone_could_respond(state: BettingRound, seat_index: int) -> bool:
    """Whether any other player still in the hand has chips to answer a raise."""
    return any(seat.can_act for i, seat in enumerate(state.seats) if i != seat_index)


@dataclass(frozen=True, slots=True)
class BettingRules[S: BettingRound]:
    """One game's hooks into the shared betting.

    ``nobody_answers``: the code refusing a raise nobody could answer (no other player with
    chips: :func:`someone_could_respond`). ``reopening_first``: when a raise is barred both by a
    short all-in that did not reopen raising and by nobody left to answer, whether the refusal
    names the short all-in (Up & Down) or the all-in players (Hold'em).
    """

    events: BettingEvents
    nobody_answers: ErrorCode
    reopening_first: bool

    def legal_actions(self, state: S, index: int) -> LegalActions:
        """The betting choices of seat ``index``, to act in ``state``."""
        seat = state.seats[index]
        owed = state.current_bet - seat.bet
        can_fold, can_check, can_call, call_amount = owed_choices(state, index)
        max_to = seat.bet + seat.stack
        can_raise = (
            seat.stack > owed
            and someone_could_respond(state, index)
            and raising_reopened(state, index)
        )
        min_to = min(state.current_bet + state.last_full_raise, max_to)
        opening = state.current_bet == 0
        return LegalActions(
            seat=index,
            can_fold=can_fold,
            can_check=can_check,
            can_call=can_call,
            call_amount=call_amount,
            can_bet=can_raise and opening,
            can_raise=can_raise and not opening,
            min_raise_to=min_to if can_raise else 0,
            max_raise_to=max_to if can_raise else 0,
        )

    def why_no_raise(self, state: S, index: int) -> IllegalAction:
        """Why seat ``index`` may not bet or raise now."""
        seat = state.seats[index]
        if seat.stack <= state.current_bet - seat.bet:
            return refuse(ErrorCode.NOT_ENOUGH_CHIPS_TO_RAISE, stack=seat.stack)
        reopened = raising_reopened(state, index)
        if self.reopening_first and not reopened:
            return refuse(ErrorCode.RAISE_NOT_REOPENED)
        if not someone_could_respond(state, index):
            return refuse(self.nobody_answers)
        return refuse(ErrorCode.RAISE_NOT_REOPENED)

    def event_for(self, state: S, index: int, kind: str, amount: Any) -> Action:
        """:meth:`action_event` of seat ``index``'s own :meth:`legal_actions`. A fold, check
        or call reads no more of them than what the seat owes (:func:`owed_choices`), so only
        that is worked out for one: the rest of the choices cost more than the action itself,
        on every action a hand-history import replays."""
        if kind in PAYING_KINDS:
            return self._paying_event(index, kind, owed_choices(state, index))
        return self.action_event(state, self.legal_actions(state, index), kind, amount)

    def action_event(self, state: S, legal: LegalActions, kind: str, amount: Any) -> Action:
        """The event for ``legal.seat`` choosing ``kind`` (``amount``: the bet-to total), which
        ``legal`` must allow; anything else is refused with its code."""
        seat = legal.seat
        events = self.events
        if kind in PAYING_KINDS:
            owed = (legal.can_fold, legal.can_check, legal.can_call, legal.call_amount)
            return self._paying_event(seat, kind, owed)
        opening = state.current_bet == 0
        if kind == ActionKind.BET and not opening:
            raise refuse(ErrorCode.CANNOT_BET)
        if kind == ActionKind.RAISE and opening:
            raise refuse(ErrorCode.CANNOT_RAISE)
        if not (legal.can_bet or legal.can_raise):
            raise self.why_no_raise(state, seat)
        if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
            raise refuse(
                ErrorCode.AMOUNT_REQUIRED, minimum=legal.min_raise_to, maximum=legal.max_raise_to
            )
        if amount > legal.max_raise_to:
            raise refuse(ErrorCode.AMOUNT_ABOVE_STACK, maximum=legal.max_raise_to)
        if amount < legal.min_raise_to:
            raise refuse(ErrorCode.AMOUNT_BELOW_MINIMUM, minimum=legal.min_raise_to)
        if opening:
            return events.bet(seat=seat, to=amount)
        return events.raised(seat=seat, to=amount)

    def _paying_event(self, seat: int, kind: str, owed: OwedChoices) -> Action:
        """``seat``'s fold, check or call (``kind``), if its ``owed`` choices allow it."""
        can_fold, can_check, can_call, call_amount = owed
        if kind == ActionKind.FOLD:
            if not can_fold:
                raise refuse(ErrorCode.NOTHING_TO_FOLD)
            return self.events.folded(seat=seat)
        if kind == ActionKind.CHECK:
            if not can_check:
                raise refuse(ErrorCode.CANNOT_CHECK, to_call=call_amount)
            return self.events.checked(seat=seat)
        if not can_call:
            raise refuse(ErrorCode.NOTHING_TO_CALL)
        return self.events.called(seat=seat, amount=call_amount)

    def uncalled_bet_returned(self, bets: Sequence[int]) -> UncalledBetReturned | None:
        """The return of what nobody matched of ``bets`` (this round's, or a deal's
        contributions), or None (docs/rules.md#holdem-ending, docs/rules.md#updown-all-ins)."""
        returned = uncalled_bet(bets)
        if returned is None:
            return None
        return self.events.uncalled_bet_returned(seat=returned[0], amount=returned[1])


def check_turn(kind: str, seat: int, to_act: int | None) -> None:
    """Refuse a betting action no game knows, or one taken out of turn."""
    if kind not in ACTION_KINDS:
        raise refuse(ErrorCode.UNKNOWN_ACTION, action=kind, allowed=list(ACTION_KINDS))
    if seat != to_act:
        raise refuse(ErrorCode.NOT_YOUR_TURN, seat=seat, to_act=to_act)
