"""Commands and ``decide``: what a player or the house asks for, and the events it produces.

``decide(state, command)`` never changes ``state``: it works on a copy, lets the player's action
(or the house's command) happen, then lets the dealer do everything that follows without a choice
— the reveal, the pot, the end of the deal, the seeds that may now be shown, the end of the match
— until a player must act again or the deal is over.

The house starts each deal with :class:`StartDeal`. When :func:`shuffle_due` is true (the first
deal of a match segment, or fewer than two cards left to draw) the dealer shuffles, and the
command must carry a fresh ``seed``; otherwise a seed it carries is not used and not recorded.
The simplest house therefore sends a new seed with every ``StartDeal``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.engine.errors import ErrorCode, refuse
from games.engine.event_sourcing import Deciding
from games.engine.events import Emit
from games.engine.shuffle import SEED_BYTES, commitment, shuffled
from games.engine.updown import events as ev
from games.engine.updown.betting import RULES, action_event, lock_event
from games.engine.updown.cards import SHOE, compare, in_shoe_order, signal
from games.engine.updown.events import Outcome
from games.engine.updown.state import (
    BETTING,
    BETWEEN_DEALS,
    FOLDING,
    LOCKING,
    MATCH_OVER,
    NO_MATCH,
    SEATS,
    UpDownState,
)


@dataclass(frozen=True, slots=True)
class StartMatch:
    stacks: tuple[int, ...]
    ante: int
    first_starter: int = 0


@dataclass(frozen=True, slots=True)
class StartDeal:
    """Start the next deal. ``seed`` (the house's secret) is used only if a shuffle is due.

    ``shoe`` stacks the shuffle instead (tests, hand histories): the exact order of the cards
    to be shuffled, allowed only when a shuffle is due.
    """

    seed: bytes | None = None
    shoe: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Lock:
    seat: int
    card: str  # a card id of the seat's own hand, e.g. "As1"


@dataclass(frozen=True, slots=True)
class Act:
    seat: int
    kind: str  # fold, check, call, bet, raise
    amount: int | None = None  # bet/raise: the total to have bet this round, antes not counted


@dataclass(frozen=True, slots=True)
class Restart:
    """Begin a new match segment with both starting stacks restored; allowed at any time."""


Command = StartMatch | StartDeal | Lock | Act | Restart


def _lock(state: UpDownState, command: Lock, emit: Emit) -> None:
    emit(lock_event(state, command.seat, command.card))


def _act(state: UpDownState, command: Act, emit: Emit) -> None:
    emit(action_event(state, command.seat, command.kind, command.amount))


def _run_dealer(state: UpDownState, emit: Emit) -> None:
    """Once the betting is over, settle the deal."""
    if state.phase == BETTING and state.to_act is None:
        _settle(state, emit)


def _start_match(state: UpDownState, command: StartMatch, emit: Emit) -> None:
    if state.phase != NO_MATCH:
        raise refuse(ErrorCode.MATCH_ALREADY_STARTED)
    stacks = tuple(command.stacks)
    if len(stacks) != SEATS or any(
        isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0 for stack in stacks
    ):
        raise refuse(ErrorCode.INVALID_TABLE, minimum=SEATS, maximum=SEATS)
    if isinstance(command.ante, bool) or not isinstance(command.ante, int) or command.ante < 0:
        raise refuse(ErrorCode.INVALID_ANTE)
    if command.first_starter not in range(SEATS):
        raise refuse(ErrorCode.INVALID_STARTER)
    emit(ev.MatchStarted(stacks=stacks, ante=command.ante, first_starter=command.first_starter))


def _restart(state: UpDownState, command: Restart, emit: Emit) -> None:
    if state.config is None:
        raise refuse(ErrorCode.NO_MATCH)
    if state.phase in (LOCKING, BETTING):
        emit(ev.DealAbandoned(deal_number=state.deal_number))
    _reveal_every_seed(state, emit)
    emit(ev.MatchRestarted(segment=state.segment + 1, stacks=state.config.starting_stacks))


# --- the start of a deal -------------------------------------------------------------------


def shuffle_due(state: UpDownState) -> bool:
    """Whether the next deal starts with a shuffle, so that :class:`StartDeal` needs a seed:
    at the start of a match segment, and when fewer than two cards are left to draw (§2.5)."""
    return state.shoe is None or state.stock_count() < SEATS


def shuffle_pile(state: UpDownState) -> tuple[str, ...]:
    """What the next shuffle shuffles, in shoe order: all 104 cards at the start of a segment,
    otherwise the discards with the rest of the stock (the cards in hands stay out)."""
    if state.shoe is None:
        return SHOE
    return in_shoe_order(state.discards + state.stock())


def _start_deal(state: UpDownState, command: StartDeal, emit: Emit) -> None:
    if state.phase == MATCH_OVER:
        raise refuse(ErrorCode.MATCH_OVER)
    if state.phase == NO_MATCH:
        raise refuse(ErrorCode.NO_MATCH)
    if state.phase != BETWEEN_DEALS:
        raise refuse(ErrorCode.DEAL_IN_PROGRESS)
    assert state.config is not None and state.next_starter is not None
    first_deal = state.shoe is None
    emit(ev.DealStarted(deal_number=state.deal_number + 1, starter=state.next_starter))
    if shuffle_due(state):
        _shuffle(state, command, emit)
    elif command.shoe is not None:
        raise refuse(ErrorCode.NO_SHUFFLE_DUE)
    assert state.shoe is not None
    # One card at a time from the top, seat 0 first: in a segment's first deal seat 0 gets the
    # 1st and 3rd cards, seat 1 the 2nd and 4th; later each seat draws one, seat 0 first.
    for _ in range(2 if first_deal else 1):
        for drawer in range(SEATS):
            emit(ev.CardDealt(seat=drawer, card=state.shoe.order[state.next_card]))
    for index, seat in enumerate(state.seats):
        # A player with less than the ante antes what they have and is all-in
        # (docs/rules.md#updown-cards).
        emit(ev.AntePosted(seat=index, amount=min(state.config.ante, seat.stack)))
    signals = [signal(seat.hand) for seat in state.seats]
    emit(
        ev.SignalsShown(up=tuple(up for up, _ in signals), down=tuple(down for _, down in signals))
    )


def _shuffle(state: UpDownState, command: StartDeal, emit: Emit) -> None:
    pile = shuffle_pile(state)
    number = state.shuffle_count + 1
    if command.shoe is not None:
        stacked = tuple(command.shoe)
        if Counter(stacked) != Counter(pile):
            raise refuse(
                ErrorCode.INVALID_SHOE,
                size=len(pile),
            )
        emit(ev.ShoeShuffled(shuffle=number, commitment="", size=len(pile), order=stacked))
        return
    if command.seed is None:
        raise refuse(ErrorCode.SEED_REQUIRED)
    if not isinstance(command.seed, bytes) or len(command.seed) != SEED_BYTES:
        raise refuse(ErrorCode.INVALID_SEED, size=SEED_BYTES)
    emit(
        ev.ShoeShuffled(
            shuffle=number,
            commitment=commitment(command.seed),
            size=len(pile),
            seed=command.seed.hex(),
        )
    )


# --- the end of a deal ---------------------------------------------------------------------


def _settle(state: UpDownState, emit: Emit) -> None:
    """Return what was not matched, reveal both locked cards, pay the pot, end the deal."""
    _return_uncalled(state, emit)
    seats = state.seats
    locked = tuple(seat.locked or "" for seat in seats)
    emit(ev.LockedCardsRevealed(cards=locked))
    pot = state.pot_total()
    folded = [index for index, seat in enumerate(seats) if seat.folded]
    assert state.starter is not None
    result = compare(locked[0], locked[1])
    winner: int | None
    if folded or result:
        winner = 1 - folded[0] if folded else (0 if result > 0 else 1)
        outcome = Outcome.FOLD if folded else Outcome.HIGHER_CARD
        emit(ev.PotAwarded(amount=pot, winners=(winner,), shares=(pot,), outcome=outcome))
    else:
        winner = None
        # Both have put in the same once the excess is returned, so the pot is even; were it
        # odd, the chip would go to the player who did not start (the one out of position).
        second = 1 - state.starter
        half, odd = divmod(pot, 2)
        shares = [half, half]
        shares[second] += odd
        emit(
            ev.PotAwarded(
                amount=pot,
                winners=(0, 1),
                shares=tuple(shares),
                outcome=Outcome.TIE,
                odd_chips=(second,) if odd else (),
            )
        )
    emit(
        ev.DealEnded(
            deal_number=state.deal_number,
            winner=winner,
            stacks=tuple(seat.stack for seat in seats),
        )
    )
    busted = [index for index, seat in enumerate(seats) if seat.stack == 0]
    if busted:
        emit(ev.MatchEnded(winner=1 - busted[0]))
        _reveal_every_seed(state, emit)
    else:
        _reveal_finished_seeds(state, emit)


def _return_uncalled(state: UpDownState, emit: Emit) -> None:
    """The unmatched part of the larger contribution (a bet, or an ante) goes back
    (docs/rules.md#updown-all-ins)."""
    returned = RULES.uncalled_bet_returned([seat.contributed for seat in state.seats])
    if returned is not None:
        emit(returned)


def _reveal_finished_seeds(state: UpDownState, emit: Emit) -> None:
    """Reveal each replaced shoe's seed once no card of it is hidden any more.

    A seed gives away the whole order of its shuffle, and the pile it shuffled is the shoe minus
    the cards then held: so shuffle ``k`` is revealed only when every card still in a hand came
    from a later shuffle (the held cards of earlier shuffles have all been played and shown).
    """
    oldest_held = min(state.origin.values(), default=state.shuffle_count + 1)
    for shoe in state.retired:
        if shoe.number < oldest_held:
            _reveal(shoe.number, shoe.seed, shoe.pile, shoe.order, emit)


def _reveal_every_seed(state: UpDownState, emit: Emit) -> None:
    """At the end of a match segment every shoe is finished with: show every secret seed."""
    shoes = list(state.retired)
    if state.shoe is not None and not state.shuffle_revealed(state.shoe.number):
        shoes.append(state.shoe)
    for shoe in shoes:
        _reveal(shoe.number, shoe.seed, shoe.pile, shoe.order, emit)


def _reveal(
    number: int, seed: str | None, pile: tuple[str, ...], order: tuple[str, ...], emit: Emit
) -> None:
    emit(
        ev.ShuffleRevealed(
            shuffle=number, seed=seed, pile=pile, order=None if seed is not None else order
        )
    )


DECIDING = Deciding[UpDownState, Command](
    FOLDING,
    {StartMatch: _start_match, StartDeal: _start_deal, Lock: _lock, Act: _act, Restart: _restart},
    dealer=_run_dealer,
)
advance = DECIDING.advance
"""The state after a command and the events it produced, or :class:`IllegalAction`."""
decide = DECIDING.decide
"""The events a command produces in a state (``advance`` without the state)."""


def shoe_for(seed: bytes, pile: tuple[str, ...] = SHOE) -> list[str]:
    """The order a seed gives a pile (see :mod:`games.engine.shuffle`); by default the full shoe."""
    return shuffled(seed, pile)
