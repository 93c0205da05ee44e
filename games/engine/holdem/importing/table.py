"""A hand from another room played through our engine, on a table configured as its history
says (seats, stacks, button, forced bets, rake, units): the events an imported hand is stored as.

The deck is built so that our deal gives each player the cards the history tells, and the
board in its place after each burn; every card the history does not tell is ``"??"`` (burns,
unseen hole cards), so nothing is invented: a hand whose cards are unknown at showdown gives
up its claim, and one that every claim to a pot leaves unknown is refused. Each action is
checked by our rules (turn, street, amounts); the file's payouts are checked against ours.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.engine.cards import STANDARD_DECK, is_card
from games.engine.errors import ErrorCode, IllegalAction
from games.engine.events import Event, to_record
from games.engine.holdem import events as ev
from games.engine.holdem.game import (
    UNKNOWN_CARD,
    Act,
    Command,
    StartHand,
    StartMatch,
    advance_in_place,
)
from games.engine.holdem.importing.source import (
    HandRefused,
    ParsedHand,
    SourceAction,
    SourceHand,
)
from games.engine.holdem.state import BETTING, HoldemState, fold

MAX_PLAYERS = 10
# The edition of docs/rules.md imported tables play: live hands are turned up before an all-in
# run-out, as the rooms themselves do.
IMPORTED_RULES_EDITION = 2
BOARD_SIZES = (0, 3, 4, 5)


def play_source(hand: SourceHand, *, rake: tuple[int, ...] | None = None) -> ParsedHand:
    """The hand's events, or :class:`HandRefused` naming its line and the reason; ``rake``:
    the room's rake by pot, when known (else its total, from the main pot first)."""
    count = len(hand.players)
    if not 2 <= count <= MAX_PLAYERS:
        raise HandRefused(
            ErrorCode.TOO_MANY_PLAYERS, hand.line, count=count, minimum=2, maximum=MAX_PLAYERS
        )
    if not hand.forced:
        # No forced bet at all: not a hand our table can deal (nor any room).
        raise HandRefused(ErrorCode.MISSING_FIELD, hand.line, field="blinds")
    deck = deck_for(hand)
    table = StartMatch(
        stacks=tuple(hand.stacks),
        small_blind=min(hand.small_blind, hand.big_blind),
        big_blind=max(hand.big_blind, 1),
        min_bet=hand.min_bet or max(hand.big_blind, 1),
        first_button=hand.button,
        rules_edition=IMPORTED_RULES_EDITION,
        forced_bets=tuple(hand.forced),
        rake=rake if rake is not None else ((hand.rake,) if hand.rake else ()),
        mucks=tuple(sorted(hand.mucks)),
        scale=hand.scale,
    )
    events: list[Event] = []
    state = HoldemState()
    start_hand = StartHand(deck=deck)
    try:
        advance_in_place(state, table, events)
        advance_in_place(state, start_hand, events)
    except IllegalAction as refusal:
        raise HandRefused(ErrorCode.MISSING_FIELD, hand.line, field=refusal.code.value) from None
    # The command the hand ended in (all-in from the forced bets: the deal), and where its
    # events start: the rake is only read when the pots are paid, in that command.
    ending = _Ending(1, start_hand) if state.phase != BETTING else None
    for action in hand.actions:
        start = len(events)
        played = _play(state, action, hand, events)
        if ending is None and played is not None and state.phase != BETTING:
            ending = _Ending(start, played)
    if state.phase == BETTING and hand.complete:
        raise HandRefused(ErrorCode.HAND_TRUNCATED, _last_line(hand))
    awards = _awards(events)
    if ending is not None:
        _check_board_used(state, hand)
        rakes = None if _pays_as_the_file(awards, hand) else _rake_by_pot(awards, hand)
        if rakes is not None and rakes != table.rake:
            # The room took its rake pot by pot: the pots paid again with that split (read
            # from each pot's total and winners, which no rake changes: once is enough).
            events = _settled_again(events, ending, rakes)
            awards = _awards(events)
        _check_payouts(awards, hand)
    return _parsed(hand, tuple(events), awards, finished=state.phase != BETTING)


def _awards(events: Sequence[Event]) -> list[ev.PotAwarded]:
    """The hand's pots as paid (read once: the checks below each go through them)."""
    return [item for item in events if isinstance(item, ev.PotAwarded)]


@dataclass(frozen=True, slots=True)
class _Ending:
    """The command a hand ended in, and the index of its first event."""

    start: int
    command: Command


def _settled_again(events: list[Event], ending: _Ending, rake: tuple[int, ...]) -> list[Event]:
    """The hand's events on a table taking ``rake``: those before the command the hand ended in
    folded again (the rake changes nothing before the pots are paid), then that command played
    again — the events a whole new play would give, without deciding every action anew."""
    opening = events[0]
    assert isinstance(opening, ev.MatchStarted)
    replayed = [replace(opening, rake=rake), *events[1 : ending.start]]
    state = fold(replayed)
    advance_in_place(state, ending.command, replayed)
    return replayed


def _pays_as_the_file(awards: Sequence[ev.PotAwarded], hand: SourceHand) -> bool:
    """Whether every player was paid what the file says (or the file does not say)."""
    if hand.collected is None:
        return True
    return _paid(awards) == {seat: amount for seat, amount in hand.collected.items() if amount}


def _paid(awards: Sequence[ev.PotAwarded]) -> dict[int, int]:
    paid: dict[int, int] = {}
    for item in awards:
        for seat, share in zip(item.winners, item.shares, strict=True):
            if share:
                paid[seat] = paid.get(seat, 0) + share
    return paid


def _rake_by_pot(awards: Sequence[ev.PotAwarded], hand: SourceHand) -> tuple[int, ...] | None:
    """The rake of each pot that makes each player's payout the file's, where the pots'
    winners tell it: a pot whose winners win no other pot paid what they collected; the rest of
    the rake is the main pot's (any split of it pays the same). None if the file does not say
    what it paid, or takes no rake."""
    if not hand.rake or hand.collected is None:
        return None
    by_pot = sorted(awards, key=_pot)
    if len(by_pot) < 2:
        return None
    wins: dict[int, int] = {}
    for award in by_pot:
        for seat in award.winners:
            wins[seat] = wins.get(seat, 0) + 1
    rakes = [0] * len(by_pot)
    for index, award in enumerate(by_pot):
        if index and all(wins[seat] == 1 for seat in award.winners):
            paid = sum(hand.collected.get(seat, 0) for seat in award.winners)
            rakes[index] = award.amount + award.rake - paid
    rakes[0] = hand.rake - sum(rakes[1:])
    if any(rake < 0 for rake in rakes):
        return None
    while rakes[-1] == 0:  # (64, 0, 0) rakes as (64,) does: one table, however it was read
        rakes.pop()
    return tuple(rakes)


def _pot(award: ev.PotAwarded) -> int:
    return award.pot


def deck_for(hand: SourceHand) -> tuple[str, ...]:
    """The 52 slots our deal reads: hole cards clockwise from the button's left, one card each
    round; then burn, flop, burn, turn, burn, river; the rest (and every unknown) ``"??"``."""
    count = len(hand.players)
    slots = [UNKNOWN_CARD] * len(STANDARD_DECK)
    seen: set[str] = set()

    def place(position: int, card: str | None) -> None:
        if card is None:
            return
        if not is_card(card):
            raise HandRefused(ErrorCode.INVALID_CARD, hand.line, card=card)
        if card in seen:
            raise HandRefused(ErrorCode.CARD_DEALT_TWICE, hand.line, card=card)
        seen.add(card)
        slots[position] = card

    for order, player in enumerate((hand.button + 1 + offset) % count for offset in range(count)):
        cards = (hand.hole[player] if player < len(hand.hole) else []) + [None, None]
        place(order, cards[0])
        place(count + order, cards[1])
    if len(hand.board) > 5:
        raise HandRefused(
            ErrorCode.MALFORMED_LINE,
            hand.line,
            text=" ".join(card or "??" for card in hand.board)[:80],
        )
    start = 2 * count
    for card, position in zip(
        hand.board, (start + 1, start + 2, start + 3, start + 5, start + 7), strict=False
    ):
        place(position, card)
    return tuple(slots)


def _play(
    state: HoldemState, action: SourceAction, hand: SourceHand, events: list[Event]
) -> Act | None:
    """One action, checked against our engine's turn, street and rules (the state changes in
    place: a refused hand's state is thrown away); the command played (None: skipped)."""
    name = hand.players[action.player]
    if action.kind in ("check", "call") and _check_nobody_could_answer(state, action):
        return None
    to_act = state.to_act if state.phase == BETTING else None
    if to_act is None:
        raise HandRefused(
            ErrorCode.IMPOSSIBLE_ACTION,
            action.line,
            player=name,
            action=action.kind,
            rule="no_hand_in_progress",
        )
    if BOARD_SIZES[action.street] != len(state.board):
        raise HandRefused(
            ErrorCode.IMPOSSIBLE_ACTION,
            action.line,
            player=name,
            action=action.kind,
            rule="wrong_street",
        )
    if to_act != action.player:
        raise HandRefused(
            ErrorCode.ACTION_OUT_OF_TURN, action.line, player=name, to_act=hand.players[to_act]
        )
    seat = state.seats[to_act]
    kind = action.kind
    if kind in ("bet", "raise"):
        # A bet opens a round nobody has bet in (before the flop the big blind is a bet).
        kind = "bet" if state.current_bet == 0 else "raise"
        assert action.amount is not None
        if action.amount > seat.stack + seat.bet:
            raise HandRefused(
                ErrorCode.ACTION_ABOVE_STACK, action.line, player=name, stack=seat.stack + seat.bet
            )
    elif kind == "call" and seat.bet >= state.current_bet:
        kind = "check"  # a call of nothing (a room's way to write a check)
    command = _command(to_act, kind, action.amount)
    try:
        advance_in_place(state, command, events)
    except IllegalAction as refusal:
        raise HandRefused(
            ErrorCode.IMPOSSIBLE_ACTION,
            action.line,
            player=name,
            action=action.kind,
            rule=refusal.code.value,
        ) from None
    except (KeyError, ValueError):
        # Our showdown reached a card the history does not tell (a board card).
        raise HandRefused(
            ErrorCode.SHOWDOWN_CARDS_UNKNOWN, action.line, players=list(hand.players)
        ) from None
    return command


# Each seat's fold, check and call, built once: a command is a value (frozen), and the same few
# come back in every hand, where building one costs more than the look-up.
_PAYING_COMMANDS: dict[tuple[int, str], Act] = {}


def _command(seat: int, kind: str, amount: int | None) -> Act:
    if amount is None and kind in ("fold", "check", "call"):
        command = _PAYING_COMMANDS.get((seat, kind))
        if command is None:
            command = _PAYING_COMMANDS[seat, kind] = Act(seat=seat, kind=kind)
        return command
    return Act(seat=seat, kind=kind, amount=amount)


def _check_nobody_could_answer(state: HoldemState, action: SourceAction) -> bool:
    """A check PokerKit's histories ask of the one player left with chips after everyone else
    went all-in: our engine dealt on at once (nobody could answer a bet), so it is skipped —
    a check or call of a live player on a street (or in a hand) our engine is already past."""
    moved_on = state.phase != BETTING or BOARD_SIZES[action.street] < len(state.board)
    return moved_on and state.seats[action.player].live


def _check_board_used(state: HoldemState, hand: SourceHand) -> None:
    """The file's board is exactly the board the hand needed."""
    if len(hand.board) > len(state.board):
        raise HandRefused(
            ErrorCode.MALFORMED_LINE,
            hand.line,
            text=" ".join(card or "??" for card in hand.board)[:80],
        )


def _check_payouts(awards: Sequence[ev.PotAwarded], hand: SourceHand) -> None:
    """What the file says each player collected is what our rules pay (every player, at a
    table without rake; the total where the room's rake may split across pots otherwise)."""
    if hand.collected is None:
        return
    paid: dict[int, int] = {}
    for item in awards:
        for seat, share in zip(item.winners, item.shares, strict=True):
            paid[seat] = paid.get(seat, 0) + share
    if hand.rake:
        collected = hand.collected
        ours, theirs = sum(paid.values()), sum(collected.values())
        if ours != theirs:
            winner = max(collected, key=lambda seat: collected.get(seat, 0), default=0)
            raise HandRefused(
                ErrorCode.SETTLEMENT_MISMATCH,
                _last_line(hand),
                player=hand.players[winner],
                expected=theirs,
                found=ours,
            )
        return
    for seat in sorted(set(paid) | set(hand.collected)):
        if paid.get(seat, 0) != hand.collected.get(seat, 0):
            raise HandRefused(
                ErrorCode.SETTLEMENT_MISMATCH,
                _last_line(hand),
                player=hand.players[seat],
                expected=hand.collected.get(seat, 0),
                found=paid.get(seat, 0),
            )


def _last_line(hand: SourceHand) -> int:
    return hand.actions[-1].line if hand.actions else hand.line


def _parsed(
    hand: SourceHand,
    events: tuple[Event, ...],
    awards: Sequence[ev.PotAwarded],
    *,
    finished: bool,
) -> ParsedHand:
    return ParsedHand(
        room=hand.room,
        hand_id=hand.hand_id,
        played_at=hand.played_at,
        table=hand.table,
        line=hand.line,
        players=tuple(hand.players),
        hero=hand.hero,
        unit=hand.unit,
        scale=hand.scale,
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        events=events,
        pot=sum(item.amount + item.rake for item in awards),
        rake=sum(item.rake for item in awards),
        went_to_showdown=any(isinstance(item, ev.HandShown) for item in events),
        finished=finished,
        # A hand with the room's id is known by it; one without, by its content.
        fingerprint=fingerprint(hand.room, hand.players, events)
        if not hand.hand_id
        else hashlib.sha256(f"{hand.room}#{hand.hand_id}".encode()).hexdigest(),
    )


def fingerprint(room: str, players: Sequence[str], events: Sequence[Event]) -> str:
    """A hand's content, hashed: the same hand read twice (from any file) has the same one."""
    digest = hashlib.sha256(room.encode())
    digest.update("\x1f".join(players).encode())
    for item in events:
        record = to_record(item)
        digest.update(f"{record['type']}{sorted(record['payload'].items())}".encode())
    return digest.hexdigest()
