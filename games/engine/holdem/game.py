"""Commands and ``decide``: what a player or the house asks for, and the events it produces.

``decide(state, command)`` never changes ``state``: it works on a copy, lets the player's action
(or the house's command) happen, then lets the dealer do everything that follows without a choice —
next street, run-out, showdown, pots, the end of the hand, eliminations and the end of the match —
until a player must act again or the hand is over.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.cards import STANDARD_DECK
from games.engine.errors import ErrorCode, refuse
from games.engine.event_sourcing import Deciding
from games.engine.events import Emit
from games.engine.holdem import events as ev
from games.engine.holdem.betting import RULES, action_event
from games.engine.holdem.blinds import blinds_of, valid_levels
from games.engine.holdem.evaluator import evaluate, hand_rank, kickers_needed
from games.engine.holdem.events import Blind, Street
from games.engine.holdem.pots import split_pot
from games.engine.holdem.state import (
    BETTING,
    BETWEEN_HANDS,
    FOLDING,
    MATCH_OVER,
    NO_MATCH,
    HoldemState,
)
from games.engine.shuffle import SEED_BYTES, commitment, shuffled

# The edition of docs/rules.md new tables play (MatchStarted.rules_edition): 2 turns live hands
# face up before an all-in run-out and records the kickers that decided each pot.
RULES_EDITION = 2


@dataclass(frozen=True, slots=True)
class StartMatch:
    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    min_bet: int = 0
    first_button: int = 0
    blind_levels: tuple[tuple[int, int], ...] = ()
    hands_per_level: int = 0
    rules_edition: int = RULES_EDITION
    # A table from another room's hand history (:mod:`games.engine.holdem.importing`): each
    # hand posts exactly ``forced_bets`` — (seat, kind, amount) in order, kind ``"ante"`` or a
    # :class:`Blind` — instead of Cardavia's blinds; the pots pay out ``rake`` less (from the
    # main pot first); the ``mucks`` seats give up their hands at showdown; ``scale`` is the
    # minor units per major unit of every amount (100 for cents). Its deck may hold ``"??"``
    # for cards the history does not tell: a hand with one at showdown gives up its claim.
    forced_bets: tuple[tuple[int, str, int], ...] = ()
    rake: tuple[int, ...] = ()
    mucks: tuple[int, ...] = ()
    scale: int = 1


# The placeholder of a card a hand history does not tell (an imported table's deck only).
UNKNOWN_CARD = "??"
ANTE = "ante"
FORCED_KINDS = frozenset({ANTE, *(str(kind) for kind in Blind)})


@dataclass(frozen=True, slots=True)
class StartHand:
    """Deal the next hand from ``seed`` (the house's secret), or from an explicit ``deck``."""

    seed: bytes | None = None
    deck: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Act:
    seat: int
    kind: str  # fold, check, call, bet, raise
    amount: int | None = None  # bet/raise: the total to have bet this round


@dataclass(frozen=True, slots=True)
class Restart:
    """Begin a new match segment with every starting stack restored; allowed at any time."""


Command = StartMatch | StartHand | Act | Restart

# Each street after the preflop, with the street before it and how many cards it deals.
NEXT_STREET = {
    Street.PREFLOP: (Street.FLOP, 3),
    Street.FLOP: (Street.TURN, 1),
    Street.TURN: (Street.RIVER, 1),
}


def _act(state: HoldemState, command: Act, emit: Emit) -> None:
    emit(action_event(state, command.seat, command.kind, command.amount))


def _start_match(state: HoldemState, command: StartMatch, emit: Emit) -> None:
    if state.phase != NO_MATCH:
        raise refuse(ErrorCode.MATCH_ALREADY_STARTED)
    stacks = tuple(command.stacks)
    if not 2 <= len(stacks) <= 10 or any(stack <= 0 for stack in stacks):
        raise refuse(ErrorCode.INVALID_TABLE, minimum=2, maximum=10)
    if not 0 <= command.small_blind <= command.big_blind or command.big_blind <= 0:
        raise refuse(ErrorCode.INVALID_BLINDS)
    if not valid_levels(command):
        raise refuse(ErrorCode.INVALID_BLINDS)
    if not 0 <= command.first_button < len(stacks):
        raise refuse(ErrorCode.INVALID_BUTTON)
    if not _valid_forced_bets(command, len(stacks)):
        raise refuse(ErrorCode.INVALID_BLINDS)
    if any(amount < 0 for amount in command.rake) or command.scale < 1:
        raise refuse(ErrorCode.INVALID_TABLE, minimum=2, maximum=10)
    emit(
        ev.MatchStarted(
            stacks=stacks,
            small_blind=command.small_blind,
            big_blind=command.big_blind,
            ante=command.ante,
            big_blind_ante=command.big_blind_ante,
            min_bet=command.min_bet or command.big_blind,
            first_button=command.first_button,
            blind_levels=tuple(command.blind_levels),
            hands_per_level=command.hands_per_level,
            rules_edition=command.rules_edition,
            forced_bets=tuple(command.forced_bets),
            rake=tuple(command.rake),
            mucks=tuple(command.mucks),
            scale=command.scale,
        )
    )


def _valid_forced_bets(command: StartMatch, seats: int) -> bool:
    """Every forced bet names a seat, a known kind and a positive amount; every muck a seat."""
    return all(
        0 <= seat < seats and kind in FORCED_KINDS and amount > 0
        for seat, kind, amount in command.forced_bets
    ) and all(0 <= seat < seats for seat in command.mucks)


def _restart(state: HoldemState, command: Restart, emit: Emit) -> None:
    if state.config is None:
        raise refuse(ErrorCode.NO_MATCH)
    if state.phase == BETTING:
        emit(ev.HandAbandoned(hand_number=state.hand_number, seed=state.seed))
    emit(ev.MatchRestarted(segment=state.segment + 1, stacks=state.config.starting_stacks))


# --- the start of a hand -------------------------------------------------------------------


def next_button(state: HoldemState) -> int:
    """Where the button goes for the next hand (docs/rules.md#holdem-blinds).

    The first hand of a match (or segment) has it on ``first_button``; then it moves clockwise to
    the next player still in the match — except that heads-up, a player who posted the previous
    big blind never posts it again: the button goes to them instead.
    """
    assert state.config is not None
    if state.button is None:
        first = state.config.first_button
        return first if state.seats[first].in_match else state.next_in_match(first)
    button = state.next_in_match(state.button)
    players = state.players_in_match()
    if len(players) == 2:
        big_blind = state.next_in_match(button)
        if big_blind == state.last_big_blind:
            button = big_blind
    return button


def blind_seats(state: HoldemState, button: int) -> tuple[int, int]:
    """(small blind, big blind). Heads-up the button posts the small blind."""
    if len(state.players_in_match()) == 2:
        return button, state.next_in_match(button)
    small = state.next_in_match(button)
    return small, state.next_in_match(small)


def _start_hand(state: HoldemState, command: StartHand, emit: Emit) -> None:
    if state.phase == MATCH_OVER:
        raise refuse(ErrorCode.MATCH_OVER)
    if state.phase != BETWEEN_HANDS:
        raise refuse(ErrorCode.HAND_IN_PROGRESS)
    assert state.config is not None
    button = next_button(state)
    blinds = blinds_of(state.config, state.segment_hands + 1)
    opening = functools.partial(
        ev.HandStarted,
        hand_number=state.hand_number + 1,
        button=button,
        level=blinds.level,
        small_blind=blinds.small,
        big_blind=blinds.big,
    )
    if command.seed is not None:
        if len(command.seed) != SEED_BYTES:
            raise refuse(ErrorCode.INVALID_SEED, size=SEED_BYTES)
        emit(opening(commitment=commitment(command.seed), seed=command.seed.hex()))
    else:
        deck = tuple(command.deck or ())
        if not _valid_deck(deck, unknown_allowed=state.config.imported):
            raise refuse(ErrorCode.INVALID_DECK)
        emit(opening(commitment="", deck=deck))
    if state.config.imported:
        _post_table_forced_bets(state, emit)
    else:
        _post_forced_bets(state, button, emit)
    _deal_hole_cards(state, button, emit)


def _valid_deck(deck: tuple[str, ...], *, unknown_allowed: bool) -> bool:
    """The 52 standard cards; an imported table's deck may hide some as ``"??"``."""
    if not unknown_allowed:
        return sorted(deck) == _SORTED_DECK
    distinct = set(deck)
    distinct.discard(UNKNOWN_CARD)
    known = len(deck) - deck.count(UNKNOWN_CARD)  # every card told, repeats included
    return (
        len(deck) == len(STANDARD_DECK) and len(distinct) == known and distinct <= _STANDARD_CARDS
    )


# The standard deck as every deal checks it, built once.
_SORTED_DECK = sorted(STANDARD_DECK)
_STANDARD_CARDS = frozenset(STANDARD_DECK)


def _post_table_forced_bets(state: HoldemState, emit: Emit) -> None:
    """An imported table's forced bets, in the order its history posted them (all-in when the
    stack is short)."""
    assert state.config is not None
    for seat, kind, amount in state.config.forced_bets:
        if not state.seats[seat].dealt:
            continue
        posted = min(amount, state.seats[seat].stack)
        if posted <= 0:
            continue
        if kind == ANTE:
            emit(ev.AntePosted(seat=seat, amount=posted))
        else:
            emit(ev.BlindPosted(seat=seat, blind=Blind(kind), amount=posted))


def _post_forced_bets(state: HoldemState, button: int, emit: Emit) -> None:
    config = state.config
    assert config is not None
    small, big = blind_seats(state, button)
    if config.ante:
        for seat in state.clockwise_from(state.next_in_match(button)):
            if state.seats[seat].dealt:
                emit(ev.AntePosted(seat=seat, amount=min(config.ante, state.seats[seat].stack)))
    if config.big_blind_ante:
        emit(ev.AntePosted(seat=big, amount=min(config.big_blind_ante, state.seats[big].stack)))
    # The hand's own blinds (its level's), which HandStarted just set.
    emit(
        ev.BlindPosted(
            seat=small, blind=Blind.SMALL, amount=min(state.small_blind, state.seats[small].stack)
        )
    )
    emit(
        ev.BlindPosted(
            seat=big, blind=Blind.BIG, amount=min(state.big_blind, state.seats[big].stack)
        )
    )


def _deal_hole_cards(state: HoldemState, button: int, emit: Emit) -> None:
    """Two cards each, one at a time clockwise from the seat left of the button."""
    order = [seat for seat in state.clockwise_from(button + 1) if state.seats[seat].dealt]
    count = len(order)
    deck = state.deck
    for position, seat in enumerate(order):
        emit(ev.HoleCardsDealt(seat=seat, cards=(deck[position], deck[count + position])))


# --- the dealer's work after an action -----------------------------------------------------


def _run_dealer(state: HoldemState, emit: Emit) -> None:
    """Everything that follows without a choice, until someone must act or the hand is over."""
    while state.phase == BETTING and state.to_act is None:
        _return_uncalled_bet(state, emit)
        live = [i for i, seat in enumerate(state.seats) if seat.live]
        if len(live) == 1:
            _award_uncontested(state, live[0], emit)
            _end_hand(state, emit)
        elif state.street == Street.RIVER:
            _showdown(state, live, emit)
            _end_hand(state, emit)
        else:
            if _exposes_all_ins(state) and _run_out_to_expose(state, live):
                _expose(state, emit)
            _deal_next_street(state, emit)


def _exposes_all_ins(state: HoldemState) -> bool:
    """Edition 2 of the rules turns live hands face up before an all-in run-out and counts the
    kickers that decided each pot; tables stored before it keep edition 1's events."""
    assert state.config is not None
    return state.config.rules_edition >= 2


def _run_out_to_expose(state: HoldemState, live: Sequence[int]) -> bool:
    """Betting is over for good (at most one live player still has chips, so someone is
    all-in) and the live hands are not face up yet (docs/rules.md#holdem-pots)."""
    with_chips = sum(1 for seat in live if state.seats[seat].stack > 0)
    return with_chips <= 1 and not state.shown


def _expose(state: HoldemState, emit: Emit) -> None:
    """Every live hand turned face up, clockwise from the seat left of the button, as at the
    showdown."""
    for seat in _showdown_order(state):
        if _claims_at_showdown(state, seat):
            emit(ev.CardsExposed(seat=seat, cards=state.seats[seat].hole))


def _claims_at_showdown(state: HoldemState, seat: int) -> bool:
    """Whether a live hand is shown: not when its history has it mucked, or does not tell its
    cards (an imported hand's; nothing is invented)."""
    assert state.config is not None
    return seat not in state.config.mucks and UNKNOWN_CARD not in state.seats[seat].hole


def _raked(amounts: Sequence[int], rakes: Sequence[int]) -> list[tuple[int, int]]:
    """Each pot's (payout, rake): ``rakes`` by pot from the main pot; what a pot cannot pay
    goes on to the next (a single total is taken from the main pot first).

    >>> _raked([100, 40], [110])
    [(0, 100), (30, 10)]
    >>> _raked([100, 40], [5, 2])
    [(95, 5), (38, 2)]
    """
    taken = []
    carry = 0
    for index, amount in enumerate(amounts):
        wanted = carry + (rakes[index] if index < len(rakes) else 0)
        part = min(wanted, amount)
        carry = wanted - part
        taken.append((amount - part, part))
    return taken


def _showdown_order(state: HoldemState) -> list[int]:
    assert state.button is not None
    seats = state.seats
    return [seat for seat in state.clockwise_from(state.button + 1) if seats[seat].live]


def _return_uncalled_bet(state: HoldemState, emit: Emit) -> None:
    returned = RULES.uncalled_bet_returned([seat.bet for seat in state.seats])
    if returned is not None:
        emit(returned)


def _deal_next_street(state: HoldemState, emit: Emit) -> None:
    street, count = NEXT_STREET[state.street or Street.PREFLOP]
    top = state.next_card
    emit(
        ev.BoardDealt(
            street=street,
            burned=state.deck[top],
            cards=tuple(state.deck[top + 1 : top + 1 + count]),
        )
    )


def _award_uncontested(state: HoldemState, winner: int, emit: Emit) -> None:
    assert state.config is not None
    ((amount, rake),) = _raked([state.pot_total()], state.config.rake)
    contributors = tuple(i for i, seat in enumerate(state.seats) if seat.live)
    emit(
        ev.PotAwarded(
            pot=0,
            amount=amount,
            eligible=contributors,
            winners=(winner,),
            shares=(amount,),
            hand_rank=None,
            odd_chips=(),
            rake=rake,
        )
    )


def _showdown(state: HoldemState, live: Sequence[int], emit: Emit) -> None:
    assert state.config is not None
    order = [seat for seat in _showdown_order(state) if _claims_at_showdown(state, seat)]
    values: dict[int, int] = {}
    for seat in order:
        cards = state.seats[seat].hole
        values[seat] = evaluate((*cards, *state.board))
        emit(ev.HandShown(seat=seat, cards=cards, rank=hand_rank(values[seat])))
    pots = state.pots()
    raked = _raked([pot.amount for pot in pots], state.config.rake)
    # Settle from the last side pot to the main pot (docs/rules.md#holdem-pots).
    for number in range(len(pots) - 1, -1, -1):
        pot = pots[number]
        amount, rake = raked[number]
        claims = [seat for seat in pot.eligible if seat in values]
        if not claims and len(pot.eligible) == 1:
            # A pot only one hand can win needs no cards: it goes to that hand unshown.
            _award_unshown(number, amount, rake, pot.eligible[0], emit)
            continue
        if not claims:
            # Every hand eligible for it mucked or is unknown: the history cannot be settled.
            raise refuse(ErrorCode.SHOWDOWN_CARDS_UNKNOWN, players=list(pot.eligible))
        best = max(values[seat] for seat in claims)
        winners = [seat for seat in order if seat in pot.eligible and values[seat] == best]
        beaten = max((values[seat] for seat in claims if seat not in winners), default=None)
        shares, odd = split_pot(amount, winners)
        emit(
            ev.PotAwarded(
                pot=number,
                amount=amount,
                eligible=pot.eligible,
                winners=tuple(winners),
                shares=tuple(shares),
                hand_rank=hand_rank(best),
                odd_chips=tuple(odd),
                kickers=kickers_needed(best, beaten) if _exposes_all_ins(state) else 0,
                rake=rake,
            )
        )


def _award_unshown(number: int, amount: int, rake: int, winner: int, emit: Emit) -> None:
    emit(
        ev.PotAwarded(
            pot=number,
            amount=amount,
            eligible=(winner,),
            winners=(winner,),
            shares=(amount,),
            hand_rank=None,
            odd_chips=(),
            rake=rake,
        )
    )


def _end_hand(state: HoldemState, emit: Emit) -> None:
    emit(
        ev.HandEnded(
            hand_number=state.hand_number,
            seed=state.seed,
            stacks=tuple(seat.stack for seat in state.seats),
        )
    )
    busted = [i for i, seat in enumerate(state.seats) if seat.in_match and seat.stack == 0]
    survivors = [i for i, seat in enumerate(state.seats) if seat.in_match and seat.stack > 0]
    # Players knocked out in the same hand: more chips at the start of the hand places higher.
    busted.sort(key=lambda i: -state.seats[i].hand_start_stack)
    for position, seat in enumerate(busted):
        better = sum(
            1
            for other in busted[:position]
            if state.seats[other].hand_start_stack > state.seats[seat].hand_start_stack
        )
        emit(ev.PlayerEliminated(seat=seat, place=len(survivors) + 1 + better))
    if len(survivors) == 1:
        emit(ev.MatchEnded(winner=survivors[0]))


DECIDING = Deciding[HoldemState, Command](
    FOLDING,
    {StartMatch: _start_match, StartHand: _start_hand, Act: _act, Restart: _restart},
    dealer=_run_dealer,
)
advance = DECIDING.advance
advance_in_place = DECIDING.advance_in_place
"""``advance`` on the state itself, its events appended to a list (an import's fast path)."""
"""The state after a command and the events it produced, or :class:`IllegalAction`."""
decide = DECIDING.decide
"""The events a command produces in a state (``advance`` without the state)."""


def deck_for(seed: bytes) -> list[str]:
    """The deck order a hand's seed fixes (see :mod:`games.engine.shuffle`)."""
    return shuffled(seed, STANDARD_DECK)
