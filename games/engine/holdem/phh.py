"""PHH (Poker Hand History) files, read and replayed by our Hold'em engine.

PHH is the TOML hand-history standard of PokerKit (https://github.com/uoftcprg/phh-std). This
module sits beside the engine, as ``pgn.py`` sits beside a chess model: :func:`loads` reads a file
into a :class:`HandHistory`, :func:`replay` plays it through :mod:`games.engine.holdem.game` and
returns our engine's finishing stacks, in PHH player order (p1..pn).

Reading a file
--------------
Only no-limit Texas hold'em (``variant = "NT"``) is accepted, with the fields ``antes``,
``blinds_or_straddles``, ``min_bet``, ``starting_stacks`` and ``actions``; other fields
(``players``, ``seats``, ``hand``, ``finishing_stacks``, ...) are ignored. Amounts must be whole
chips. As PokerKit does, an array shorter than the number of players is padded with zeros and a
single number stands for every player. Actions: ``d dh pN CARDS`` (``??`` is an unknown card;
one line per player or one per card), ``d db CARDS``, ``pN f``, ``pN cc``, ``pN cbr AMOUNT`` and
``pN sm CARDS`` / ``pN sm -`` (show), ``pN sm`` (a muck: see below); a ``# commentary`` and
blank no-op lines are allowed.

Refused, each with a one-line reason (:class:`PHHError`): malformed TOML or fields; several hands
in one file; another variant; straddles (forced bets beyond the small and big blind); antes other
than uniform or a big-blind ante; ``min_bet`` other than the big blind
(docs/rules.md#holdem-betting); more than ten players or a non-positive / unknown (``inf``)
stack; stud and draw actions; a card used twice or a show that contradicts
the dealt cards; and, when replaying, any action our engine refuses (a re-raise a short all-in
did not reopen, docs/rules.md#holdem-all-ins, a bet below the minimum, acting out of turn, acting on
the wrong street, acting after the hand is over), a hand that reaches showdown with unknown hole or
board cards, and a file that stops before the hand is over
("hand incomplete").

Seats
-----
PHH lists players clockwise, p1 first to receive cards: with 3+ players p1 is the small blind, p2
the big blind and the last player the button; heads-up p1 is the big blind and p2 the button, who
posts the small blind (PokerKit reverses ``blinds_or_straddles`` and ``antes`` for two players, so
the raw arrays still read "small blind, big blind"). Our table is the same: seat ``k`` is player
``k + 1`` and the first button is the last seat, so our blinds, deal order (from the seat left of
the button) and odd-chip order (clockwise from the button's left) all follow PHH order.

The deck
--------
Our engine deals from an explicit deck; :func:`deck_for` puts each player's cards where our deal
order takes them and the board after the burns, and fills burns and unknown cards with unused
cards. A ``sm`` line reveals an unknown player's cards. PokerKit writes the ``sm`` lines of an
all-in hand before the board run-out; any order is accepted, since the deck is built first.
Without ``sm`` lines our showdown shows every live hand anyway; only unknown cards stop it.

Mucks
-----
``pN sm`` with no cards is a muck at showdown, as PHH and PokerKit define it: the player gives up
their claim, and each pot goes to the best hand among the players eligible for it who did not
muck (split, odd chips and all, by our rules). Our own games never muck — at our showdown every
live hand is shown (docs/rules.md#holdem-pots) — so the replay plays the hand through our engine
and then settles the pots again without the mucked hands (:func:`settle_without`). A mucked
hand's cards may be unknown (``??``). A muck by a player not at showdown, or by every player
eligible for a pot, is refused.

Where PokerKit and our rules differ
-----------------------------------
- PokerKit still asks for a check from the one player left able to bet when they owe nothing
  (the big blind after everyone else called all-in); our engine deals on, as nobody could answer
  a bet. That ``pN cc`` is accepted and skipped.
- PokerKit counts a short all-in raise as a full one when it is the first raise of the round, so
  players who already acted may re-raise; docs/rules.md#holdem-all-ins does not reopen raising:
  refused.
- Odd chips go one at a time clockwise from the button's left, pot by pot
  (docs/rules.md#holdem-pots); PokerKit gives a pot's remainder to its lowest-index winner, after
  merging pots with the same winners. Antes count as each player's contribution; PokerKit makes them
  dead money in the main pot (the two differ with a big-blind ante or a partial ante once there are
  side pots).

>>> text = '''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
... '''
>>> replay(loads(text)).finishing_stacks
(99, 98, 103)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from games.engine import hand_history
from games.engine.cards import STANDARD_DECK, is_card
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.game import HistoryFormat
from games.engine.hand_history import Action, Card, Replay
from games.engine.holdem import events as ev
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.evaluator import evaluate, hand_rank, kickers_needed
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.pots import split_pot
from games.engine.holdem.state import BETTING, HoldemState
from games.engine.holdem.state import fold as fold_events
from games.engine.toml_files import parse_toml, read_utf8

SUPPORTED_VARIANT = "NT"
MAX_PLAYERS = 10
REQUIRED_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
)


class PHHError(ValueError):
    """A hand history we cannot accept; ``str(error)`` is the one-line reason."""


@dataclass(frozen=True, slots=True)
class HandHistory:
    """A no-limit hold'em hand as our engine sees it (players in PHH order)."""

    starting_stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: int
    min_bet: int
    actions: tuple[Action, ...]

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def table(self) -> StartMatch:
        """Our table: seat ``k`` is player ``k + 1``, the first button on the last seat.

        >>> HandHistory((50, 60), 1, 2, 0, 0, 2, ()).table().first_button
        1
        """
        return StartMatch(
            stacks=self.starting_stacks,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            min_bet=self.min_bet,
            first_button=self.player_count - 1,
        )


# --- reading --------------------------------------------------------------------------------


def loads(text: str) -> HandHistory:
    """Read PHH text; raises :class:`PHHError` for anything we cannot replay."""
    document = parse_toml(text, PHHError, parse_float=Decimal)
    if (
        "variant" not in document
        and document
        and all(isinstance(value, dict) for value in document.values())
    ):
        raise PHHError(
            f"the file holds {len(document)} hands in tables; replay takes one hand per file"
        )
    missing = [name for name in REQUIRED_FIELDS if name not in document]
    if "variant" in missing:
        raise PHHError("malformed: no 'variant' field")
    variant = document["variant"]
    if not isinstance(variant, str):
        raise PHHError("malformed: 'variant' is not a string")
    if variant != SUPPORTED_VARIANT:
        raise PHHError(
            f"unsupported variant {variant!r}: only no-limit Texas hold'em ('NT') is replayed"
        )
    if missing:
        raise PHHError(f"malformed: missing field(s) {', '.join(missing)}")

    stacks = _amounts(document["starting_stacks"], "starting_stacks", None)
    count = len(stacks)
    if not 2 <= count <= MAX_PLAYERS:
        raise PHHError(f"unsupported: {count} players (our tables seat 2 to {MAX_PLAYERS})")
    if any(stack <= 0 for stack in stacks):
        raise PHHError("malformed: every starting stack must be positive")
    antes = _amounts(document["antes"], "antes", count)
    blinds = _amounts(document["blinds_or_straddles"], "blinds_or_straddles", count)
    min_bet = _amount(document["min_bet"], "min_bet")
    small_blind, big_blind = _blinds(blinds)
    ante, big_blind_ante = _antes(antes)
    if min_bet != big_blind:
        raise PHHError(
            f"unsupported: min_bet {min_bet} differs from the big blind {big_blind} "
            "(docs/rules.md#holdem-betting: the minimum bet is the big blind)"
        )
    lines = hand_history.action_lines(document, PHHError)
    actions = tuple(parse_action(line, number, count) for number, line in enumerate(lines, 1))
    return HandHistory(
        starting_stacks=stacks,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
        min_bet=min_bet,
        actions=actions,
    )


def _amount(value: Any, name: str) -> int:
    return hand_history.amount(value, name, PHHError)


def _amounts(value: Any, name: str, count: int | None) -> tuple[int, ...]:
    """An array of amounts; with ``count``, a number means all players and short arrays pad."""
    if count is not None and not isinstance(value, list | dict):
        return (_amount(value, name),) * count
    if not isinstance(value, list):
        raise PHHError(f"malformed: {name} is not an array")
    amounts = [_amount(item, name) for item in value]
    if count is not None:
        if len(amounts) > count:
            raise PHHError(f"malformed: {name} has {len(amounts)} entries for {count} players")
        amounts += [0] * (count - len(amounts))
    return tuple(amounts)


def _blinds(blinds: Sequence[int]) -> tuple[int, int]:
    """(small blind, big blind) from the raw ``blinds_or_straddles`` (small blind first)."""
    if any(blinds[2:]):
        raise PHHError(
            f"unsupported: straddles (blinds_or_straddles = {list(blinds)}); "
            "our rules have a small and a big blind only"
        )
    small, big = blinds[0], blinds[1]
    if big <= 0:
        raise PHHError(f"unsupported: no big blind (blinds_or_straddles = {list(blinds)})")
    if small > big:
        raise PHHError(f"unsupported: the small blind {small} exceeds the big blind {big}")
    return small, big


def _antes(antes: Sequence[int]) -> tuple[int, int]:
    """(ante, big-blind ante) from the raw ``antes`` (index 1 is the big blind's position)."""
    if len(set(antes)) == 1:
        return antes[0], 0
    if antes[1] > 0 and not any(amount for i, amount in enumerate(antes) if i != 1):
        return 0, antes[1]
    raise PHHError(
        f"unsupported antes {list(antes)}: only a uniform ante or a big-blind ante is replayed"
    )


def _cards(text: str, where: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise PHHError(f"malformed: {where}: {text!r} is not a sequence of two-character cards")
    cards: list[Card] = []
    for i in range(0, len(text), 2):
        card = text[i : i + 2]
        if card == "??":
            cards.append(None)
        elif is_card(card):
            cards.append(card)
        else:
            raise PHHError(f"malformed: {where}: {card!r} is not a card")
    return tuple(cards)


def _player(word: str, count: int, where: str) -> int:
    return hand_history.player(word, count, where, PHHError)


def parse_action(text: str, number: int, count: int) -> Action:
    """One action line of a hand with ``count`` players.

    >>> parse_action("p2 cbr 60 # a raise", 5, 3)
    Action(number=5, text='p2 cbr 60 # a raise', kind='cbr', actor=1, cards=(), amount=60)
    >>> parse_action("d dh p1 As??", 1, 2).cards
    ('As', None)
    """
    where = hand_history.where(number, text)
    match hand_history.words(text):
        case []:
            return Action(number, text, "noop")
        case ["d", "db", cards]:
            return Action(number, text, "db", None, _cards(cards, where))
        case ["d", "dh", player, cards]:
            return Action(number, text, "dh", _player(player, count, where), _cards(cards, where))
        case [player, "f" | "cc" as kind]:
            return Action(number, text, kind, _player(player, count, where))
        case [player, "cbr", amount]:
            value = _action_amount(amount, where)
            return Action(number, text, "cbr", _player(player, count, where), amount=value)
        case [player, "sm"]:
            # A muck: the player gives up their claim to the pot (PHH, PokerKit).
            return Action(number, text, "muck", _player(player, count, where))
        case [player, "sm", "-"]:
            return Action(number, text, "sm", _player(player, count, where))
        case [player, "sm", cards]:
            shown = _cards(cards, where)
            if len(shown) != 2:
                raise PHHError(f"malformed: {where}: a hold'em player shows two cards")
            return Action(number, text, "sm", _player(player, count, where), shown)
        case [_, "sd" | "pb", *_]:
            raise PHHError(f"unsupported: {where} is not a no-limit hold'em action")
        case _:
            raise PHHError(f"malformed: {where} is not a PHH action")


def _action_amount(text: str, where: str) -> int:
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        raise PHHError(f"malformed: {where}: {text!r} is not an amount") from None
    return _amount(value, f"{where}:")


# --- the cards -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cards:
    """Every card the file tells: hole cards per player (shows merged in) and the board."""

    hole: tuple[tuple[Card, Card], ...]
    board: tuple[Card, ...]


def known_cards(history: HandHistory) -> Cards:
    """Hole cards (from ``d dh``, completed by ``sm``) and the board, checked for consistency."""
    count = history.player_count
    dealt: list[list[Card]] = [[] for _ in range(count)]
    shown: list[tuple[Card, ...] | None] = [None] * count
    board: list[Card] = []
    for action in history.actions:
        if action.kind == "dh":
            assert action.actor is not None
            dealt[action.actor].extend(action.cards)
            if len(dealt[action.actor]) > 2:
                raise PHHError(f"malformed: {action.where()}: more than two hole cards")
        elif action.kind == "db":
            board.extend(action.cards)
            if len(board) > 5:
                raise PHHError(f"malformed: {action.where()}: more than five board cards")
        elif action.kind == "sm" and action.cards:
            assert action.actor is not None
            shown[action.actor] = action.cards
    hole: list[tuple[Card, Card]] = []
    for player in range(count):
        cards = dealt[player] + [None] * (2 - len(dealt[player]))
        if shown[player] is not None:
            cards = _merge_show(cards, list(shown[player] or ()), player)
        hole.append((cards[0], cards[1]))
    seen: set[str] = set()
    for card in [card for pair in hole for card in pair] + board:
        if card is not None:
            if card in seen:
                raise PHHError(f"malformed: the card {card} appears twice")
            seen.add(card)
    return Cards(hole=tuple(hole), board=tuple(board))


def _merge_show(dealt: list[Card], shown: list[Card], player: int) -> list[Card]:
    """The dealt cards completed by what the player shows (in any order)."""
    known_dealt = [card for card in dealt if card is not None]
    known_shown = [card for card in shown if card is not None]
    if len(set(known_shown)) != len(known_shown):
        raise PHHError(f"malformed: p{player + 1} shows the same card twice")
    missing = [card for card in known_dealt if card not in known_shown]
    if len(missing) > shown.count(None):
        raise PHHError(
            f"malformed: p{player + 1} shows {_text(shown)} but was dealt {_text(dealt)}"
        )
    extra = [card for card in known_shown if card not in known_dealt]
    result = [*known_dealt, *extra]
    return result + [None] * (2 - len(result))


def _text(cards: Iterable[Card]) -> str:
    return "".join(card or "??" for card in cards)


def deck_for(cards: Cards) -> tuple[str, ...]:
    """A 52-card deck from which our engine deals exactly these cards.

    With ``n`` players (seat ``k`` = player ``k + 1``, dealt first from the button's left), seat
    ``k`` gets ``deck[k]`` and ``deck[n + k]``; then burn, flop, burn, turn, burn, river. Burns
    and unknown cards take the unused cards in standard order.

    >>> deck = deck_for(Cards(hole=(("As", "Kd"), (None, "2c")), board=("Th", "Jh", "Qh")))
    >>> deck[:4], deck[5:8]
    (('As', '2d', 'Kd', '2c'), ('Th', 'Jh', 'Qh'))
    """
    count = len(cards.hole)
    slots: list[Card] = [None] * len(STANDARD_DECK)
    for seat, (first, second) in enumerate(cards.hole):
        slots[seat] = first
        slots[count + seat] = second
    for card, position in zip(cards.board, board_positions(count), strict=False):
        slots[position] = card
    used = {card for card in slots if card is not None}
    spare = iter(card for card in STANDARD_DECK if card not in used)
    return tuple(card if card is not None else next(spare) for card in slots)


def board_positions(count: int) -> tuple[int, ...]:
    """Where the five board cards lie in the deck for ``count`` players (after each burn)."""
    start = 2 * count
    return (start + 1, start + 2, start + 3, start + 5, start + 7)


# --- replaying -----------------------------------------------------------------------------


def replay(history: HandHistory) -> Replay:
    """Play the hand through our engine; raises :class:`PHHError` if our rules refuse it."""
    cards = known_cards(history)
    deck = deck_for(cards)
    events: list[Event] = []
    state = HoldemState()
    try:
        state, produced = advance(state, history.table())
        events += produced
        state, produced = advance(state, StartHand(deck=deck))
        events += produced
    except IllegalAction as error:
        raise PHHError(f"unsupported table: {error.message}") from None

    board_dealt = 0  # board cards the file has dealt so far
    betting_began = False
    option: tuple[int, int] | None = None  # (seat, board size) of a check our engine skipped
    for action in history.actions:
        if action.kind == "db":
            board_dealt += len(action.cards)
        elif action.kind == "dh":
            if betting_began:
                raise PHHError(f"malformed: {action.where()}: hole cards dealt after the betting")
        elif action.kind in ("f", "cc", "cbr"):
            betting_began = True
            if action.kind == "cc" and option == (action.actor, board_dealt):
                option = None  # PokerKit's pointless check: nothing to replay
                continue
            before = state
            state, produced = _play(state, action, board_dealt)
            events += produced
            option = _skipped_check(before, produced)

    if state.phase == BETTING:
        legal = legal_actions(state)
        waiting = f"p{legal.seat + 1} to act on the {state.street}" if legal else "unfinished"
        raise PHHError(f"hand incomplete: the actions end with {waiting}")
    _check_board(cards, state, board_dealt)
    mucked = {action.actor for action in history.actions if action.kind == "muck"}
    for item in events:
        if isinstance(item, ev.HandShown) and None in cards.hole[item.seat]:
            if item.seat in mucked:
                continue
            raise PHHError(
                f"p{item.seat + 1}'s hole cards are unknown at showdown "
                "(no 'sm' line shows them), so the pot cannot be settled"
            )
    if mucked:
        events = settle_without({seat for seat in mucked if seat is not None}, events, state)
        ended = next(item for item in events if isinstance(item, ev.HandEnded))
        return Replay(finishing_stacks=tuple(ended.stacks), events=tuple(events), deck=deck)
    return Replay(
        finishing_stacks=tuple(seat.stack for seat in state.seats),
        events=tuple(events),
        deck=deck,
    )


def settle_without(mucked: set[int], events: Sequence[Event], state: HoldemState) -> list[Event]:
    """The hand's events with its pots settled again as if the ``mucked`` hands were never
    shown: each pot to the best hand among its eligible players who did not muck.

    Winners are ordered clockwise from the button's left (seat 0 in a PHH replay, see "Seats"),
    so odd chips follow our rules (docs/rules.md#holdem-pots)."""
    shown = {item.seat: item for item in events if isinstance(item, ev.HandShown)}
    for seat in sorted(mucked):
        if seat not in shown:
            raise PHHError(f"p{seat + 1} mucks but is not at a showdown")
    values = {
        seat: evaluate([*item.cards, *state.board])
        for seat, item in shown.items()
        if seat not in mucked
    }
    change: dict[int, int] = {}
    settled: list[Event] = []
    for item in events:
        if isinstance(item, ev.PotAwarded):
            claim = [seat for seat in sorted(item.eligible) if seat not in mucked]
            if not claim:
                raise PHHError(f"every player eligible for pot {item.pot} mucks")
            best = max(values.get(seat, -1) for seat in claim)
            winners = [seat for seat in claim if values.get(seat, -1) == best]
            shares, odd = split_pot(item.amount, winners)
            for seat, share in zip(item.winners, item.shares, strict=True):
                change[seat] = change.get(seat, 0) - share
            for seat, share in zip(winners, shares, strict=True):
                change[seat] = change.get(seat, 0) + share
            contested = best >= 0 and len(claim) > 1 and item.hand_rank is not None
            beaten = max(
                (values.get(seat, -1) for seat in claim if seat not in winners), default=-1
            )
            item = replace(
                item,
                winners=tuple(winners),
                shares=tuple(shares),
                odd_chips=tuple(odd),
                hand_rank=hand_rank(best) if contested else None,
                kickers=kickers_needed(best, beaten if beaten >= 0 else None) if contested else 0,
            )
        elif isinstance(item, ev.HandShown | ev.CardsExposed) and item.seat in mucked:
            continue  # a mucked hand is never shown
        elif isinstance(item, ev.HandEnded):
            stacks = [stack + change.get(seat, 0) for seat, stack in enumerate(item.stacks)]
            item = replace(item, stacks=tuple(stacks))
        settled.append(item)
    return settled


def _play(state: HoldemState, action: Action, board_dealt: int) -> tuple[HoldemState, list[Event]]:
    """One player action, checked against our engine's turn, street and rules."""
    legal = legal_actions(state)
    if legal is None:
        raise PHHError(f"{action.where()}: the hand is already over")
    street = state.street or "preflop"
    if board_dealt != len(state.board):
        raise PHHError(
            f"{action.where()}: the file has dealt {board_dealt} board card(s) but the hand "
            f"is on the {street} ({len(state.board)})"
        )
    hand_history.check_turn(action, legal.seat, f"on the {street}", PHHError)
    kind = hand_history.betting_kind(action, can_check=legal.can_check, bets=legal.can_bet)
    command = Act(seat=legal.seat, kind=kind, amount=action.amount)
    return hand_history.play(advance, state, command, action, PHHError)


def _skipped_check(before: HoldemState, produced: Sequence[Event]) -> tuple[int, int] | None:
    """The (seat, board size) of a check PokerKit asks for after this action and we skip.

    When an action leaves one player able to bet, who owes nothing and has not acted this round
    (say the big blind after everyone else called all-in), our engine deals on: nobody could
    answer a bet (docs/rules.md#holdem-all-ins). PokerKit still asks that player, who can only
    check (``cc``).
    """
    after = fold_events(produced[:1], before)  # the action alone, before the dealer's work
    able = [index for index, seat in enumerate(after.seats) if seat.can_act]
    live = [seat for seat in after.seats if seat.live]
    if after.to_act is not None or len(able) != 1 or len(live) < 2:
        return None
    seat = after.seats[able[0]]
    if seat.acted or seat.bet < after.current_bet:
        return None
    return able[0], len(after.board)


def _check_board(cards: Cards, state: HoldemState, board_dealt: int) -> None:
    """The file's board must be exactly the one the hand used, known if it went to showdown."""
    used = len(state.board)
    if board_dealt > used:
        raise PHHError(
            f"malformed: the file deals {board_dealt} board cards but the hand ended with {used}"
        )
    if board_dealt < used:
        raise PHHError(
            f"hand incomplete: the hand needs {used} board cards but the file deals {board_dealt}"
        )
    if state.street == "showdown" and None in cards.board:
        raise PHHError("a board card is unknown at showdown, so the pot cannot be settled")


READER = hand_history.Reader(PHHError, loads, replay)


def replay_any_table(path: str | Path) -> tuple[int | Decimal, ...]:
    """The finishing stacks of the hand in ``path`` (PHH order), whatever its room's table: a
    table this reader calls unsupported (cents, straddles, uneven antes) is the importer's to
    replay (:mod:`games.engine.holdem.importing.replay`), in the file's money."""
    text = read_utf8(path, PHHError)
    try:
        return replay(loads(text)).finishing_stacks
    except PHHError as refusal:
        if not _another_rooms_table(refusal):
            raise
    # Imported here: the importer's package imports this game's, which imports this module.
    from games.engine.holdem.importing.replay import finishing_stacks

    return finishing_stacks(text, Path(path).name, PHHError)


def _another_rooms_table(refusal: PHHError) -> bool:
    reason = str(refusal)
    return reason.startswith(("unsupported:", "unsupported antes", "unsupported table"))


FORMAT = HistoryFormat(
    name="PHH", variants=(SUPPORTED_VARIANT,), replay_file=replay_any_table, error=PHHError
)
"""PHH as the game interface names it (:attr:`games.engine.game.Game.history_format`)."""
load = READER.load
"""Read a PHH file (UTF-8 TOML); raises :class:`PHHError`."""
replay_file = replay_any_table
