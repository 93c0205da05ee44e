"""Where hard's chips go at a sparring table: ``python -m bench.sparring_ledger PARTNER [MATCHES]``.

Plays the sparring bench's deals (two hard seats against two of ``PARTNER``, the seats rotated)
at rising blinds, or at the fixed table with ``BENCH_SPARRING_BLINDS=fixed``, and books every
hand's result for the two hard seats together — so chips passed between them cancel and only
what they take from the partners counts — in big blinds of the hand's own level, under how the
hand ended (``SHOWDOWN_PREFLOP``, ``PARTNERS_FOLD`` on a street, ``HARD_FOLDS`` on a street)
and under its level. A partner's open (the first raise before the flop, short of all-in) is booked
again under hard's answer to it — the first hard seat to put chips in: ``call``, ``re-raise``
or ``all in``, or ``fold`` when none did before another raise; and re-raises all-in over it
get a line of their own, split by whether the opener went on. A match's endings add up to the
hard seats' net chips; the printout is per match, beside how often a line happens and the share
of matches a hard seat won.

It answers "which hands decide the match", which the bench's win rates cannot: a table's win
rate moves by noise of about two points on 2,000 matches, its ledger by much less.
"""

from __future__ import annotations

import functools
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.bench_bots import Job, Rotation, play_groups, rotations
from bots.holdem.arena import MatchResult, play_match
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.rules import RISING, TABLES

STREETS = ("preflop", "flop", "turn", "river")
SHOWDOWN_PREFLOP = "showdown, all in before the flop"
SHOWDOWN_LATER = "showdown after the flop"
PARTNERS_FOLD = "partners fold on the {street}"
HARD_FOLDS = "hard folds on the {street}"
RESTEAL = "hard all-in over a partner's open, {outcome}"
ANSWER = "hard's answer to a partner's open: {answer}"
TOTAL = "total"
WON = "matches won"


@dataclass
class Book:
    """Big blinds (``net``) and occurrences (``count``) per line, and the chips behind them."""

    net: Counter[str] = field(default_factory=Counter)
    count: Counter[str] = field(default_factory=Counter)
    chips: int = 0
    matches: int = 0

    def add(self, other: Book) -> None:
        self.net.update(other.net)
        self.count.update(other.count)
        self.chips += other.chips
        self.matches += other.matches

    def book(self, line: str, big_blinds: float) -> None:
        self.net[line] += big_blinds
        self.count[line] += 1


@dataclass(frozen=True)
class Opening:
    """A partner's open (the first raise before the flop) and the events after it up to the
    flop."""

    open: ev.Bet | ev.Raised
    preflop: Sequence[Event]


def hand_lines(hand: Sequence[Event], hard: frozenset[int], before: Sequence[int]) -> list[str]:
    """The lines a finished hand is booked under (besides its level and the total)."""
    alive = {seat for seat, chips in enumerate(before) if chips > 0}
    partners = alive - hard
    street = 0
    last_fold: dict[int, int] = {}
    shown: set[int] = set()
    acted_after_flop = False
    opening: Opening | None = None
    raised = False
    for index, item in enumerate(hand):
        if isinstance(item, ev.BoardDealt):
            street += 1
        elif isinstance(item, ev.Folded):
            last_fold[item.seat] = street
        elif isinstance(item, ev.HandShown):
            shown.add(item.seat)
        if isinstance(item, ev.PLAYER_ACTIONS) and street > 0:
            acted_after_flop = True
        if isinstance(item, ev.Bet | ev.Raised) and street == 0 and not raised:
            raised = True
            if item.seat in partners:
                opening = Opening(item, _until_the_flop(hand[index + 1 :]))
    lines = [_ending(partners, hard, shown, last_fold, acted_after_flop)]
    if opening:
        answers = (_answer(opening, hard, before), _resteal(opening, hard, before))
        lines.extend(line for line in answers if line)
    return lines


def _until_the_flop(events: Sequence[Event]) -> Sequence[Event]:
    flop = next((i for i, item in enumerate(events) if isinstance(item, ev.BoardDealt)), None)
    return events[:flop]


def _ending(
    partners: set[int],
    hard: frozenset[int],
    shown: set[int],
    last_fold: dict[int, int],
    acted_after_flop: bool,
) -> str:
    if shown & partners:
        return SHOWDOWN_LATER if acted_after_flop else SHOWDOWN_PREFLOP
    if partners and partners <= last_fold.keys():
        return PARTNERS_FOLD.format(street=STREETS[max(last_fold[s] for s in partners)])
    hard_folds = [street for seat, street in last_fold.items() if seat in hard]
    return HARD_FOLDS.format(street=STREETS[max(hard_folds, default=0)])


def _answer(opening: Opening, hard: frozenset[int], before: Sequence[int]) -> str | None:
    """Hard's answer to a partner's open short of all-in; none when another partner raised
    before any hard seat put chips in."""
    if opening.open.to >= before[opening.open.seat]:
        return None
    for item in opening.preflop:
        if isinstance(item, ev.Called) and item.seat in hard:
            return ANSWER.format(answer="call")
        if isinstance(item, ev.Bet | ev.Raised):
            if item.seat not in hard:
                return None
            all_in = item.to >= before[item.seat]
            return ANSWER.format(answer="all in" if all_in else "re-raise")
    return ANSWER.format(answer="fold")


def _resteal(opening: Opening, hard: frozenset[int], before: Sequence[int]) -> str | None:
    """The re-raise line when the second raise before the flop was a hard seat's all-in over a
    partner's open: ``went on`` when the opener called or raised again."""
    shove = next((i for i in opening.preflop if isinstance(i, ev.Bet | ev.Raised)), None)
    if shove is None or shove.seat not in hard or shove.to < before[shove.seat]:
        return None
    after = opening.preflop[opening.preflop.index(shove) + 1 :]
    opener = opening.open.seat
    went_on = any(isinstance(item, ev.Called | ev.Raised) and item.seat == opener for item in after)
    return RESTEAL.format(outcome="went on" if went_on else "folded")


class Eyes:
    """Books each hand of one match as its events arrive."""

    def __init__(self, hard: frozenset[int], book: Book) -> None:
        self.hard = hard
        self.book = book
        self.stacks: list[int] = []
        self.hand: list[Event] = []

    def on_events(self, events: Sequence[Event]) -> None:
        for item in events:
            if isinstance(item, ev.MatchStarted):
                self.stacks = list(item.stacks)
            elif isinstance(item, ev.HandStarted):
                self.hand = []
            self.hand.append(item)
            if isinstance(item, ev.HandEnded):
                self._close(item)

    def _close(self, end: ev.HandEnded) -> None:
        start = next(item for item in self.hand if isinstance(item, ev.HandStarted))
        chips = sum(end.stacks[seat] - self.stacks[seat] for seat in self.hard)
        big_blinds = chips / start.big_blind
        for line in hand_lines(self.hand, self.hard, self.stacks):
            self.book.book(line, big_blinds)
        self.book.book(f"level {start.level}", big_blinds)
        self.book.book(TOTAL, big_blinds)
        self.book.chips += chips
        self.stacks = list(end.stacks)


def book_match(
    rotation: Rotation, entries: Sequence[int], book: Book, blinds: str = RISING
) -> tuple[frozenset[int], MatchResult]:
    """Play one match of the bench's deals, booking its hands for the seats of ``entries``
    (the hard seats); those seats and the result."""
    hard = frozenset(rotation.seat_of(entry) for entry in entries)
    result = play_match(
        rotation.bots(),
        deal_seed=rotation.deal_seed,
        bot_seed=rotation.bot_seed,
        on_events=Eyes(hard, book).on_events,
        table=TABLES[blinds],
    )
    return hard, result


def ledger_group(job: Job, blinds: str = RISING) -> list[Book]:
    """One group of the bench's deals (every rotation), booked; hard is the first spec."""
    specs, _ = job
    entries = [entry for entry, spec in enumerate(specs) if spec == specs[0]]
    book = Book()
    for rotation in rotations(job):
        hard, result = book_match(rotation, entries, book, blinds)
        book.matches += 1
        book.book(WON, float(any(result.places[seat] == 1 for seat in hard)))
    return [book]


def ledger(partner: str, matches: int, blinds: str = RISING) -> Book:
    specs = ("hard", partner, "hard", partner)
    books, _ = play_groups(functools.partial(ledger_group, blinds=blinds), specs, matches)
    total = Book()
    for book in books:
        total.add(book)
    return total


def report(partner: str, book: Book) -> str:
    n = max(book.matches, 1)
    lines = [f"hard vs {partner}: {book.matches} matches; big blinds a match, times a match"]
    for line in sorted(book.net):
        lines.append(f"  {line:48s} {book.net[line] / n:+8.2f}  {book.count[line] / n:6.2f}")
    return "\n".join(lines)


def main(arguments: Sequence[str]) -> None:
    partner = arguments[0]
    matches = int(arguments[1]) if len(arguments) > 1 else 400
    blinds = os.environ.get("BENCH_SPARRING_BLINDS", RISING)
    print(report(partner, ledger(partner, matches, blinds)))


if __name__ == "__main__":
    main(sys.argv[1:])
