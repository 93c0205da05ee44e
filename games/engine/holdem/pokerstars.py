"""A finished hand written as PokerStars hand-history text, the format most poker tools import.

The layout is PokerStars' own: a header with the hand number, the game, the hand's own blinds
(with its level, as PokerStars' tournament headers say it, at a table whose blinds rise) and the
time;
the table line naming the button's seat; one ``Seat N: name (stack in chips)`` line per dealt
player; the blinds; ``*** HOLE CARDS ***`` with a ``Dealt to`` line for every player (the hand is
over and its seed revealed every card); each street's actions (``raises X to Y``: X the increase,
Y the round total); uncalled bets returned; ``*** SHOW DOWN ***`` with each shown hand; who
collected what from which pot; and a summary. Seats are numbered from 1, as PokerStars does.

A raise nobody could answer with more than the bet it faced is written as the call it amounts to
(see :class:`~games.engine.holdem.played_hand.PlayedAction`): PokerStars-format readers such as
PokerKit's refuse the raise, and the chips end where a call's would.

An all-in run-out is written as PokerStars writes it: once the betting is over, each live hand
``shows [..]`` (no name yet) before the next street's line; the ``*** SHOW DOWN ***`` lines then
name every hand. Hands are named in PokerStars' own English ("a pair of Eights", "two pair, Kings
and Sevens", "a straight, Five to Nine"), with the kickers that decided a pot as PokerStars adds
them ("high card Ace - King+Queen kicker"; the hand it beat: "- lower kicker"), from the events'
``kickers``. The summary says what each shown hand won or lost with.

Hands are separated by two blank lines.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime

from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.evaluator import (
    RANK_CHARACTERS,
    RANK_WORDS,
    HandRank,
    deciding_kickers,
    evaluate,
    hand_rank,
    naming_count,
    plural_of,
)
from games.engine.holdem.imported_hand import ImportedHand, money
from games.engine.holdem.importing.source import CHIPS
from games.engine.holdem.importing.table import fingerprint
from games.engine.holdem.played_hand import PlayedAction, PlayedHand

STREET_TITLES = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}


def to_pokerstars(
    hand: PlayedHand,
    *,
    names: Mapping[int, str],
    played_at: datetime,
    table: str,
    seat_count: int,
) -> str:
    """The hand as PokerStars text."""
    lines = [
        f"PokerStars Hand #{hand.hand_number}: Hold'em No Limit {_level(hand)}"
        f"({hand.small_blind}/{hand.big_blind}) - {played_at:%Y/%m/%d %H:%M:%S} UTC",
        f"Table '{table}' {seat_count}-max Seat #{hand.button + 1} is the button",
        *(
            f"Seat {seat + 1}: {names[seat]} ({hand.starting_stacks[seat]} in chips)"
            for seat in sorted(hand.seats)
        ),
        *_blinds(hand, names),
        "*** HOLE CARDS ***",
        *(f"Dealt to {names[seat]} [{' '.join(hand.hole_cards[seat])}]" for seat in hand.seats),
    ]
    board: list[str] = []
    returned = [
        f"Uncalled bet ({amount}) returned to {names[seat]}"
        for seat, amount in hand.returned.items()
    ]
    for index, street in enumerate(hand.streets):
        if street.cards:
            lines.append(_street_line(street.name, board, street.cards))
            board.extend(street.cards)
        lines.extend(_action_line(action, names) for action in street.actions)
        if index == hand.exposed_after:
            # The betting is over: the uncalled chips go back, then the hands are turned up.
            lines.extend(returned)
            returned = []
            lines.extend(
                f"{names[seat]}: shows [{' '.join(cards)}]" for seat, cards in hand.shown.items()
            )
    lines.extend(returned)
    named = _shown_hand_names(hand)
    if hand.shown:
        lines.append("*** SHOW DOWN ***")
        lines.extend(
            f"{names[seat]}: shows [{' '.join(cards)}] ({named[seat]})"
            for seat, cards in hand.shown.items()
        )
    lines.extend(_collections(hand, names))
    lines.extend(_summary(hand, names, board, named))
    return "\n".join(lines) + "\n"


def _level(hand: PlayedHand) -> str:
    """A rising-blinds hand's level as PokerStars' tournament headers name it: "- Level IV "."""
    return "" if hand.level is None else f"- Level {roman(hand.level)} "


def roman(number: int) -> str:
    """``number`` (1 or more) in Roman numerals."""
    numerals = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    text = ""
    for value, letters in numerals:
        count, number = divmod(number, value)
        text += letters * count
    return text


def join_hands(texts: Iterable[str]) -> str:
    """Several hands in one file, as PokerStars writes them."""
    return "\n\n".join(text.rstrip("\n") + "\n" for text in texts)


def _blinds(hand: PlayedHand, names: Mapping[int, str]) -> list[str]:
    lines = []
    for seat, (blind, amount) in sorted(
        hand.blinds_posted.items(), key=lambda item: item[1][0] != "small"
    ):
        all_in = amount == hand.starting_stacks[seat]
        lines.append(
            f"{names[seat]}: posts {blind} blind {amount}" + (" and is all-in" if all_in else "")
        )
    return lines


def _street_line(name: str, board: list[str], cards: tuple[str, ...]) -> str:
    title = STREET_TITLES[name]
    if not board:
        return f"*** {title} *** [{' '.join(cards)}]"
    return f"*** {title} *** [{' '.join(board)}] [{' '.join(cards)}]"


def _action_line(action: PlayedAction, names: Mapping[int, str]) -> str:
    name = names[action.seat]
    all_in = " and is all-in" if action.all_in else ""
    if action.kind == "fold":
        return f"{name}: folds"
    if action.kind == "check":
        return f"{name}: checks"
    if action.kind == "call":
        return f"{name}: calls {action.added}{all_in}"
    if not action.answerable:
        return f"{name}: calls {_call_part(action)}"
    if action.kind == "bet":
        return f"{name}: bets {action.to}{all_in}"
    return f"{name}: raises {action.to - action.faced} to {action.to}{all_in}"


def _call_part(action: PlayedAction) -> int:
    """The chips of a raise nobody could answer that a call of the bet it faced puts in."""
    return action.added - (action.to - action.faced)


def _collections(hand: PlayedHand, names: Mapping[int, str]) -> list[str]:
    lines = []
    side_pots = len(hand.pots) > 1
    for pot in hand.pots:
        where = "main pot" if pot.pot == 0 else f"side pot-{pot.pot}"
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            lines.append(f"{names[seat]} collected {share} from {where if side_pots else 'pot'}")
    return lines


def _summary(
    hand: PlayedHand, names: Mapping[int, str], board: list[str], named: Mapping[int, str]
) -> list[str]:
    total = sum(pot.amount for pot in hand.pots)
    pots = ""
    if len(hand.pots) > 1:
        pots = f" Main pot {hand.pots[0].amount}." + "".join(
            f" Side pot-{pot.pot} {pot.amount}." for pot in hand.pots[1:]
        )
    lines = ["*** SUMMARY ***", f"Total pot {total}{pots} | Rake 0"]
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    won = hand.won
    for seat in sorted(hand.seats):
        role = " (button)" if seat == hand.button else ""
        if seat in hand.shown:
            cards = " ".join(hand.shown[seat])
            result = f"won ({won[seat]})" if won[seat] else "lost"
            lines.append(
                f"Seat {seat + 1}: {names[seat]}{role} showed [{cards}] and {result} "
                f"with {named[seat]}"
            )
        elif won[seat]:
            lines.append(f"Seat {seat + 1}: {names[seat]}{role} collected ({won[seat]})")
        else:
            lines.append(f"Seat {seat + 1}: {names[seat]}{role} folded")
    return lines


# --- hand names, as PokerStars writes them ---------------------------------------------------

# PokerStars capitalises the ranks and calls the two a deuce.
RANK_NAMES = {
    rank: ("deuce" if rank == "2" else word).capitalize() for rank, word in RANK_WORDS.items()
}


def _plural(rank: str) -> str:
    return plural_of(RANK_NAMES[rank])


def _straight(high: str) -> str:
    """From the low card to the high one: "Five to Nine"; the wheel is "Ace to Five"."""
    low = "A" if high == "5" else RANK_CHARACTERS[RANK_CHARACTERS.index(high) - 4]
    return f"{RANK_NAMES[low]} to {RANK_NAMES[high]}"


def pokerstars_hand_name(rank: HandRank) -> str:
    """A hand named as PokerStars names it at showdown (its ranks as data, no kickers).

    >>> pokerstars_hand_name({"category": "pair", "ranks": ["8", "J", "6", "4"]})
    'a pair of Eights'
    >>> pokerstars_hand_name({"category": "straight", "ranks": ["5"]})
    'a straight, Ace to Five'
    """
    ranks = rank["ranks"]
    match rank["category"]:
        case "straight_flush" if ranks[0] == "A":
            return "a Royal Flush"
        case "straight_flush":
            return f"a straight flush, {_straight(ranks[0])}"
        case "four_of_a_kind":
            return f"four of a kind, {_plural(ranks[0])}"
        case "full_house":
            return f"a full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
        case "flush":
            return f"a flush, {RANK_NAMES[ranks[0]]} high"
        case "straight":
            return f"a straight, {_straight(ranks[0])}"
        case "three_of_a_kind":
            return f"three of a kind, {_plural(ranks[0])}"
        case "two_pair":
            return f"two pair, {_plural(ranks[0])} and {_plural(ranks[1])}"
        case "pair":
            return f"a pair of {_plural(ranks[0])}"
        case _:
            return f"high card {RANK_NAMES[ranks[0]]}"


def _kicker_part(rank: HandRank, kickers: int) -> str:
    """ " - King+Queen kicker": the kicker ranks that decided a pot, as PokerStars adds them."""
    decided = deciding_kickers(rank, kickers)
    return f" - {'+'.join(RANK_NAMES[each] for each in decided)} kicker" if decided else ""


def _best_rank(cards: Sequence[str]) -> HandRank:
    return hand_rank(max(evaluate(list(five)) for five in itertools.combinations(cards, 5)))


def _shown_hand_names(hand: PlayedHand) -> dict[int, str]:
    """Each shown hand's name: a winner's with the kickers that won it a pot; a hand that only
    a kicker beat, with "lower kicker"."""
    names = {}
    for seat, cards in hand.shown.items():
        rank = _best_rank(cards + hand.board)
        name = pokerstars_hand_name(rank)
        won_by_kicker = [p.kickers for p in hand.pots if seat in p.winners and p.kickers]
        beaten_by_kicker = any(
            p.kickers and p.hand_rank and seat not in p.winners and _same_named(rank, p.hand_rank)
            for p in hand.pots
        )
        if won_by_kicker:
            name += _kicker_part(rank, max(won_by_kicker))
        elif beaten_by_kicker:
            name += " - lower kicker"
        names[seat] = name
    return names


def _same_named(one: HandRank, other: HandRank) -> bool:
    naming = naming_count(one)
    return one["category"] == other["category"] and one["ranks"][:naming] == other["ranks"][:naming]


# --- an imported hand, in the room's money -----------------------------------------------------

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
POSTS = {"ante": "the ante", "small": "small blind", "big": "big blind", "posted": "big blind"}
POSTS |= {"straddle": "straddle"}
OWN_TABLE = re.compile(r"^(?P<table>cardavia-[^#]*)#(?P<number>\d+)$")


def imported_to_pokerstars(hand: ImportedHand, *, played_at: datetime) -> str:
    """An imported hand as PokerStars text in the room's money (``$0.25``; chips at a table
    in chips), read back by our importer (:mod:`games.engine.holdem.importing.pokerstars`)
    to the same events.

    Seats are numbered from 1 in the history's seat order; times are UTC; ``played_at`` is
    used when the history told no time. The hero's cards are ``Dealt to`` them (every known
    hand's, in an observer's history with several known); other known hands are shown where
    the table turned them up, at showdown, or after the pot (a hand known but never shown);
    a muck is ``mucks hand``. A hand that stops before its end has no summary.
    PokerStars text has no room, so a hand from elsewhere reads back as PokerStars'.
    """
    source = hand.source
    names = dict(enumerate(source.players))
    writer = _ImportedWriter(hand, names)
    hand_id, table = _hand_id_and_table(hand)
    when = (source.played_at or played_at).astimezone(UTC)
    lines = [
        f"PokerStars Hand #{hand_id}:  Hold'em No Limit "
        f"({writer.money(source.small_blind)}/{writer.money(source.big_blind)}{writer.code})"
        f" - {when:%Y/%m/%d %H:%M:%S} UTC",
        f"Table '{table}' {hand.seat_count}-max Seat #{hand.button + 1} is the button",
        *(
            f"Seat {seat + 1}: {names[seat]} ({writer.money(stack)} in chips)"
            for seat, stack in enumerate(hand.table.stacks)
        ),
        *writer.posts(),
        "*** HOLE CARDS ***",
        *writer.dealt(),
    ]
    for item in hand.events:
        lines.extend(writer.line(item))
    lines.extend(writer.shown_after())
    if hand.end is not None:
        lines.extend(writer.summary())
    return "\n".join(lines) + "\n"


def _hand_id_and_table(hand: ImportedHand) -> tuple[str, str]:
    """The header's hand number (digits only) and the table's name: our own export's hand id
    (``cardavia-…#3``) is its table and its number again. A hand id PokerStars cannot write
    (not digits, or none) becomes a number of its own, the same each time (from the id, or
    the hand's content), so the hand is still told apart from others and from itself."""
    hand_id, table = hand.source.hand_id, hand.source.table
    own = OWN_TABLE.match(hand_id)
    if own is not None:
        return own["number"], own["table"]
    if hand_id.isdigit():
        return hand_id, table
    known_by = hand_id or fingerprint(hand.source.room, hand.source.players, hand.events)
    return str(int(hashlib.sha256(known_by.encode()).hexdigest()[:15], 16)), table


class _ImportedWriter:
    """Writes an imported hand's events as lines, keeping what the lines need: each seat's
    chips behind, the board so far, the hands already shown."""

    def __init__(self, hand: ImportedHand, names: Mapping[int, str]) -> None:
        self.hand = hand
        self.names = names
        self.scale = hand.source.scale
        unit = hand.source.unit
        self.symbol = CURRENCY_SYMBOLS.get(unit, "")
        self.code = f" {unit}" if unit != CHIPS else ""
        self.behind = list(hand.table.stacks)
        self.round_bets = [0] * hand.seat_count
        self.board: list[str] = []
        self.shown: set[int] = set()
        known = [seat for seat in range(hand.seat_count) if hand.known(seat) is not None]
        hero = hand.source.hero
        if hero is not None:
            self.dealt_to = [hero] if hero in known else []
        else:  # an observer's history: one hand dealt to would read as the hero's
            self.dealt_to = known if len(known) > 1 else []
        self.shown.update(self.dealt_to)
        self.showdown_open = False

    def money(self, amount: int) -> str:
        return f"{self.symbol}{money(amount, self.scale)}"

    def posts(self) -> list[str]:
        lines = []
        forced = list(self.hand.table.forced_bets)
        while forced:
            seat, kind, amount = forced.pop(0)
            live = 0 if kind == "ante" else amount
            if kind == "dead":  # with the live part after it: "posts small & big blinds"
                live = forced.pop(0)[2] if forced[:1] and forced[0][:2] == (seat, "posted") else 0
                amount += live
                what = "small & big blinds"
            else:
                what = POSTS[kind]
            posted = min(amount, self.behind[seat])
            self.behind[seat] -= posted
            self.round_bets[seat] += min(live, posted)
            all_in = " and is all-in" if self.behind[seat] == 0 else ""
            lines.append(f"{self.names[seat]}: posts {what} {self.money(amount)}{all_in}")
        return lines

    def dealt(self) -> list[str]:
        return [
            f"Dealt to {self.names[seat]} [{' '.join(self.hand.known(seat) or ())}]"
            for seat in self.dealt_to
        ]

    def line(self, item: Event) -> list[str]:
        """The lines of one event (none for the dealer's work the text does not tell)."""
        if isinstance(item, ev.Folded):
            return [f"{self.names[item.seat]}: folds"]
        if isinstance(item, ev.Checked):
            return [f"{self.names[item.seat]}: checks"]
        if isinstance(item, ev.Called):
            all_in = self._put(item.seat, item.amount)
            return [f"{self.names[item.seat]}: calls {self.money(item.amount)}{all_in}"]
        if isinstance(item, ev.Bet):
            added = item.to - self.round_bets[item.seat]
            return [
                f"{self.names[item.seat]}: bets {self.money(item.to)}{self._put(item.seat, added)}"
            ]
        if isinstance(item, ev.Raised):
            by = item.to - max(self.round_bets)
            added = item.to - self.round_bets[item.seat]
            return [
                f"{self.names[item.seat]}: raises {self.money(by)} to {self.money(item.to)}"
                f"{self._put(item.seat, added)}"
            ]
        if isinstance(item, ev.UncalledBetReturned):
            self.behind[item.seat] += item.amount
            self.round_bets[item.seat] -= item.amount
            return [f"Uncalled bet ({self.money(item.amount)}) returned to {self.names[item.seat]}"]
        if isinstance(item, ev.BoardDealt):
            return [self._street(item)]
        if isinstance(item, ev.CardsExposed):
            return self._show(item.seat, "")
        if isinstance(item, ev.HandShown):
            return self._showdown(item)
        if isinstance(item, ev.PotAwarded):
            return self._collected(item)
        return []

    def _put(self, seat: int, added: int) -> str:
        self.behind[seat] -= added
        self.round_bets[seat] += added
        return " and is all-in" if self.behind[seat] == 0 else ""

    def _street(self, item: ev.BoardDealt) -> str:
        cards = " ".join(item.cards)
        title = STREET_TITLES[item.street]
        line = (
            f"*** {title} *** [{' '.join(self.board)}] [{cards}]"
            if self.board
            else f"*** {title} *** [{cards}]"
        )
        self.board.extend(item.cards)
        self.round_bets = [0] * self.hand.seat_count
        return line

    def _show(self, seat: int, words: str) -> list[str]:
        cards = self.hand.known(seat)
        if cards is None or (seat in self.shown and not words):
            return []
        self.shown.add(seat)
        return [f"{self.names[seat]}: shows [{' '.join(cards)}]{words}"]

    def _showdown(self, item: ev.HandShown) -> list[str]:
        named = f" ({pokerstars_hand_name(item.rank)})"
        return self._open_showdown() + self._show(item.seat, named)

    def _open_showdown(self) -> list[str]:
        if self.showdown_open:
            return []
        self.showdown_open = True
        return ["*** SHOW DOWN ***"]

    def _collected(self, award: ev.PotAwarded) -> list[str]:
        lines = self._open_showdown() if self.hand.table.mucks else []
        if award.pot == 0:
            lines.extend(f"{self.names[seat]}: mucks hand" for seat in self.hand.table.mucks)
        side_pots = len(self.hand.awards()) > 1
        where = (
            "pot" if not side_pots else ("main pot" if award.pot == 0 else f"side pot-{award.pot}")
        )
        lines.extend(
            f"{self.names[seat]} collected {self.money(share)} from {where}"
            for seat, share in zip(award.winners, award.shares, strict=True)
            if share
        )
        return lines

    def shown_after(self) -> list[str]:
        """Known hands the text has not told yet: shown after the pot, as players may."""
        return [
            line
            for seat in range(self.hand.seat_count)
            if seat not in self.hand.table.mucks
            for line in self._show(seat, "")
        ]

    def summary(self) -> list[str]:
        awards = self.hand.awards()
        total = sum(award.amount + award.rake for award in awards)
        pots = ""
        if len(awards) > 1:
            pots = "".join(
                f" {'Main pot' if award.pot == 0 else f'Side pot-{award.pot}'}"
                f" {self.money(award.amount + award.rake)}."
                for award in awards
            )
        lines = [
            "*** SUMMARY ***",
            f"Total pot {self.money(total)}{pots} | Rake {self.money(self.hand.rake())}",
        ]
        if self.board:
            lines.append(f"Board [{' '.join(self.board)}]")
        paid = self.hand.paid()
        for seat in range(self.hand.seat_count):
            role = " (button)" if seat == self.hand.button else ""
            cards = self.hand.known(seat)
            if seat in self.hand.table.mucks and cards is not None:
                lines.append(
                    f"Seat {seat + 1}: {self.names[seat]}{role} mucked [{' '.join(cards)}]"
                )
            elif seat in paid:
                won = self.money(paid[seat])
                lines.append(f"Seat {seat + 1}: {self.names[seat]}{role} collected ({won})")
            else:
                lines.append(f"Seat {seat + 1}: {self.names[seat]}{role} lost")
        return lines
