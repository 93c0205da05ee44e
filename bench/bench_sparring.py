"""The hard Hold'em AI against stronger sparring partners: how often it wins, and how it folds.

Played like :mod:`bench.bench_bots` (its duplicate deals, seats rotated through every position,
the engine-only arena), on Cardavia's table (4 seats, 1000 chips, blinds 10/20):

- head to head, two hard seats against two of each partner in alternate seats:
  ``sparring_hard_vs_<partner>_win_pct`` (% of matches a hard seat wins; peer: chance, 50%) and
  ``sparring_hard_vs_<partner>_chips_per_100`` (chips per 100 hands per hard seat; the peer is
  the big blind, so the ratio is big blinds per 100 hands);
- hard alone against three of each baseline: ``sparring_hard_win_pct_vs_3_<baseline>``
  (peer: chance, 25%).

And how hard plays at each of those tables (``<table>`` is ``vs_<partner>`` or
``vs_3_<baseline>``), read from every decision with every seat's cards known to the bench
(:func:`bots.holdem.arena.play_match`'s ``observe`` and ``on_events``; the bots see nothing more):

- ``sparring_<table>_fold_hu_postflop_bet_pct``: of hard's decisions on the flop, turn or river
  with exactly one opponent left and chips to call, the % that fold; peer: the other seats
  facing hard's bets heads-up (the ratio is ours / max(1, theirs)).
- ``sparring_<table>_short_all_in_fold_pct``: of hard's decisions facing an all-in of at most
  15 big blinds effective (the shover's bet this street, capped by what hard has), the % that
  fold; peer: the other seats facing such all-ins.
- ``sparring_<table>_short_all_in_bad_folds_per_1000``: of those folds, the ones whose equity
  against the shover's actual cards (the board so far completed) beat the price (call / pot
  after the call), per 1000 matches; peer: all of hard's folds to such all-ins.
- ``sparring_<table>_preflop_fold_to_raise_pct`` and ``sparring_<table>_3bet_pct`` (facing
  exactly one raise): hard's shares before the flop; peer: the other seats' same shares.

Rates carry their 95% interval (``ci95``). The table on standard error adds the counts, the
folds holding the better hand, and the whole bench's time; a few of hard's doubtful folds per
table are printed and written to ``bench/sparring_examples.txt``.

Run on request only (``python -m bench sparring``; ``make bench`` leaves it out): thousands of
matches, and partners that may not be registered yet (an unknown spec stops it before the first
match). ``BENCH_SPARRING_HARD`` (default ``hard``) is the bot under test, any seat spec
including ``module.path:ClassName``; ``BENCH_SPARRING_PARTNERS`` (default
``aggressor,nash,reg,exploiter``) and ``BENCH_SPARRING_BASELINES`` (default
``equity,calling_station,random,maniac``) the comma-separated opponents;
``BENCH_SPARRING_MATCHES`` (default 1000) the matches per table, rounded up to whole groups of
four; ``BENCH_BOTS_PROCESSES`` (default 2) the processes playing them.

``BENCH_SPARRING_BLINDS`` (default ``fixed,rising``) the blinds the tables are played at:
``fixed`` Cardavia's 10/20 table (the figures above), ``rising`` the sit & go
(docs/rules.md#holdem-rising-blinds: the same stacks, blinds up a level every 10 hands), whose
tables' figures are named with ``rising_`` before ``vs_`` (``sparring_hard_rising_vs_nash_win_pct``)
and have no chips figure (chips of different levels do not add up).
``BENCH_SPARRING_RISING_MATCHES`` (default: ``BENCH_SPARRING_MATCHES``) the matches per rising
table.
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import sys
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench.bench_bots import Job, play_groups, rotations
from bench.common import Figure, figure
from bots import registry
from bots.holdem.arena import play_match
from bots.results import Outcome, chips_per_100, summarize, win_rate_interval
from games.engine.cards import card_index
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.equity import pot_shares
from games.engine.holdem.evaluator import CATEGORY_NAMES, category, evaluate
from games.engine.holdem.rules import FIXED, RISING, TABLES


def _names(variable: str, default: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in os.environ.get(variable, default).split(",") if name)


HARD = os.environ.get("BENCH_SPARRING_HARD", "hard")
PARTNERS = _names("BENCH_SPARRING_PARTNERS", "aggressor,nash,reg,exploiter")
BASELINES = _names("BENCH_SPARRING_BASELINES", "equity,calling_station,random,maniac")
MATCHES = int(os.environ.get("BENCH_SPARRING_MATCHES", "1000"))
RISING_MATCHES = int(os.environ.get("BENCH_SPARRING_RISING_MATCHES", str(MATCHES)))
BLINDS = _names("BENCH_SPARRING_BLINDS", f"{FIXED},{RISING}")
SHORT_ALL_IN_BB = 15
CLEAR_MARGIN = 0.05  # "beat the price by at least 5 points"
EQUITY_SAMPLES = 400  # Monte Carlo boards when more than two cards are to come (preflop)
EXAMPLES_PER_TABLE = 5
EXAMPLES = Path(__file__).with_name("sparring_examples.txt")
POSTFLOP = ("flop", "turn", "river")
SHORT_ABOVE = "short all-in folded with equity above the price"
HU_AHEAD = "post-flop heads-up fold holding the better hand"
HU_ABOVE = "post-flop heads-up fold behind but with equity above the price"


# --- one decision -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    """What one decision faced, read from the deciding seat's view."""

    seat: int
    street: str
    call: int  # chips to call (0: nothing to call)
    pot: int  # every chip in the middle, this street's bets included
    opponents: tuple[int, ...]  # the other seats still in the hand
    raises: int  # bets and raises so far this hand (before the flop: the raises)
    shover: int | None  # the opponent whose all-in is the bet to call, if any
    effective: int  # chips the call risks against that all-in, hard's own bet included
    big_blind: int
    uncalled: int = 0  # the part of bets this seat cannot match: it goes back, never won

    @property
    def price(self) -> float:
        """The share of the pot after the call that the call is: the pot the call can win,
        without what a bigger stack's all-in puts in beyond this seat's chips."""
        return self.call / (self.pot - self.uncalled + self.call) if self.call else 0.0

    @property
    def heads_up_postflop_bet(self) -> bool:
        return self.street in POSTFLOP and len(self.opponents) == 1 and self.call > 0

    @property
    def facing_preflop_raise(self) -> bool:
        return self.street == "preflop" and self.raises >= 1 and self.call > 0

    @property
    def facing_single_open(self) -> bool:
        return self.facing_preflop_raise and self.raises == 1

    @property
    def short_all_in(self) -> bool:
        return self.shover is not None and self.effective <= SHORT_ALL_IN_BB * self.big_blind


def read_spot(seat: int, view: dict[str, Any], raises: int) -> Spot:
    """The spot ``seat`` decides in; ``raises`` is the bets and raises of the hand so far."""
    seats = view["seats"]
    legal = view["legal_actions"] or {}
    call = int(legal.get("call_amount", 0)) if legal.get("can_call") else 0
    opponents = tuple(
        other["seat"]
        for other in seats
        if other["seat"] != seat and other["in_hand"] and not other["folded"]
    )
    top = max((seats[other]["bet"] for other in opponents), default=0)
    shovers = [o for o in opponents if seats[o]["all_in"] and seats[o]["bet"] == top]
    shover = shovers[0] if shovers and call > 0 else None
    own = seats[seat]
    effective = min(top, own["stack"] + own["bet"]) if shover is not None else 0
    most = own["stack"] + own["bet"]
    uncalled = sum(max(0, seats[other]["bet"] - most) for other in opponents)
    return Spot(
        seat,
        view["street"],
        call,
        view["pot"],
        opponents,
        raises,
        shover,
        effective,
        view["blinds"]["big"],
        uncalled,
    )


# --- equity against known cards ------------------------------------------------------------


def equity_against(
    hero: Sequence[str],
    villain: Sequence[str],
    board: Sequence[str],
    rng: np.random.Generator,
    samples: int = EQUITY_SAMPLES,
) -> float:
    """Hero's share of a heads-up pot against ``villain``'s actual cards, the board completed:
    every completion when at most two cards are to come, else ``samples`` random ones."""
    known = [card_index(card) for card in (*hero, *villain, *board)]
    live = np.setdiff1d(np.arange(52, dtype=np.int8), np.array(known, dtype=np.int8))
    missing = 5 - len(board)
    if missing <= 2:
        rest = np.array(list(itertools.combinations(live, missing)), dtype=np.int8)
        rest = rest.reshape(len(rest), missing)
    else:
        keys = rng.random((samples, len(live)))
        rest = live[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]
    fixed = np.array([card_index(card) for card in board], dtype=np.int8)
    boards = np.concatenate((np.broadcast_to(fixed, (len(rest), len(fixed))), rest), axis=1)
    villains = np.broadcast_to(
        np.array([card_index(card) for card in villain], dtype=np.int8), (len(rest), 1, 2)
    )
    hero_indices = [card_index(card) for card in hero]
    return float(pot_shares(hero_indices, boards, villains).mean())


def ahead_now(hero: Sequence[str], villain: Sequence[str], board: Sequence[str]) -> bool:
    """Whether hero's best hand on this (flop or later) board beats villain's."""
    return evaluate([*hero, *board]) > evaluate([*villain, *board])


# --- one table's tally ---------------------------------------------------------------------


@dataclass(slots=True)
class Example:
    where: tuple[int, int, int]  # group, shift, hand: a stable order across processes
    kind: str  # SHORT_ABOVE, HU_AHEAD or HU_ABOVE
    text: str


@dataclass(slots=True)
class Tally:
    """Counts over a table's matches: ``hard.<stat>`` for hard seats, ``other.<stat>`` for the
    rest (their heads-up post-flop spots only when hard is the one betting)."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: list[Example] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.counts.update(other.counts)
        self.examples.extend(other.examples)

    def share(self, role: str, stat: str, of: str) -> tuple[float, int]:
        spots = self.counts[f"{role}.{of}"]
        return (self.counts[f"{role}.{stat}"] / spots if spots else 0.0), spots


def count_decision(
    tally: Tally, spot: Spot, answer: str, *, hard: bool, hard_seats: frozenset[int]
) -> None:
    """Count one decision's spots (the equity-free part: see :class:`Watch` for the rest)."""
    role = "hard" if hard else "other"
    folded = answer == "fold"
    counts = tally.counts
    counts[f"{role}.decisions"] += 1
    if spot.heads_up_postflop_bet and (hard or spot.opponents[0] in hard_seats):
        counts[f"{role}.hu_bet_spots"] += 1
        counts[f"{role}.hu_bet_folds"] += folded
    if spot.short_all_in:
        counts[f"{role}.short_all_in_spots"] += 1
        counts[f"{role}.short_all_in_folds"] += folded
    if spot.facing_preflop_raise:
        counts[f"{role}.preflop_raise_spots"] += 1
        counts[f"{role}.preflop_raise_folds"] += folded
    if spot.facing_single_open:
        counts[f"{role}.single_open_spots"] += 1
        counts[f"{role}.three_bets"] += answer in ("raise", "bet")


PREMIUM = frozenset({"AA", "KK", "QQ", "AK"})
STRONG_VS_ALL_IN = frozenset({"AA", "KK", "QQ", "JJ", "TT", "99", "AK", "AQ"})
SMALL_PAIRS = frozenset({"22", "33", "44", "55", "66"})
SMALL_BET = 0.6  # of the pot before the bet


def holding(cards: Sequence[str], board: Sequence[str]) -> set[str]:
    """The kinds of hand the bench sorts decisions by: before the flop ``premium``,
    ``strong_vs_all_in`` (99+, AK, AQ), ``small_pair``, ``ace`` (any other ace); after it
    ``weak_pair`` (one pair below top pair, using a hole card) or ``no_pair``."""
    ranks = "".join(sorted((card[0] for card in cards), key="23456789TJQKA".index, reverse=True))
    kinds: set[str] = set()
    if not board:
        if ranks in PREMIUM:
            kinds.add("premium")
        if ranks in STRONG_VS_ALL_IN:
            kinds.add("strong_vs_all_in")
        if ranks in SMALL_PAIRS:
            kinds.add("small_pair")
        if "A" in ranks and ranks not in PREMIUM:
            kinds.add("ace")
        return kinds
    made = category(evaluate([*cards, *board]))
    board_made = category(evaluate(list(board))) if len(board) >= 5 else None
    if CATEGORY_NAMES[made] == "high_card" or (board_made is not None and board_made == made):
        kinds.add("no_pair")
    elif CATEGORY_NAMES[made] == "pair":
        order = "23456789TJQKA"
        top = max(order.index(card[0]) for card in board)
        paired = [order.index(c[0]) for c in cards if any(b[0] == c[0] for b in board)]
        pocket = cards[0][0] == cards[1][0]
        if not paired and not pocket:
            kinds.add("no_pair")  # the board's pair, not ours
        elif (paired and max(paired) < top) or (pocket and order.index(cards[0][0]) < top):
            kinds.add("weak_pair")
    return kinds


def count_holding(
    tally: Tally,
    spot: Spot,
    answer: str,
    kinds: set[str],
    *,
    hard: bool,
    hard_seats: frozenset[int],
) -> None:
    """Count the spots the issue's table sorts by hand: folds to a raise by holding, to a
    3-bet, of 99+/AK/AQ to an all-in, of weak pairs and no pairs to small heads-up bets."""
    role = "hard" if hard else "other"
    counts = tally.counts
    folded = answer == "fold"

    def seen(name: str) -> None:
        counts[f"{role}.{name}_spots"] += 1
        counts[f"{role}.{name}_folds"] += folded

    if spot.facing_preflop_raise:
        for kind in ("small_pair", "ace"):
            if kind in kinds:
                seen(f"raise_{kind}")
        if "premium" not in kinds:
            seen("raise_non_premium")
        if spot.raises == 2:
            seen("three_bet")
    if spot.shover is not None and "strong_vs_all_in" in kinds:
        seen("all_in_strong")
    small = spot.call <= SMALL_BET * max(spot.pot - spot.call, 1)
    if spot.heads_up_postflop_bet and small and (hard or spot.opponents[0] in hard_seats):
        for kind in ("weak_pair", "no_pair"):
            if kind in kinds:
                seen(f"small_bet_{kind}")


class Watch:
    """The bench's eyes on one match: every seat's cards (from the events) and every decision
    (from ``observe``). Hard's folds are valued against the actual cards they folded to."""

    def __init__(
        self, tally: Tally, hard_seats: frozenset[int], names: Sequence[str], where: tuple[int, int]
    ) -> None:
        self.tally = tally
        self.hard_seats = hard_seats
        self.names = names
        self.where = where
        self.rng = np.random.default_rng(zlib.crc32(repr(where).encode()))
        self.hole: dict[int, tuple[str, ...]] = {}
        self.hand: list[Event] = []  # this hand's events so far
        self.hand_number = 0

    def on_events(self, events: Sequence[Event]) -> None:
        for item in events:
            if isinstance(item, ev.HandStarted):
                self.hole, self.hand, self.hand_number = {}, [], item.hand_number
            self.hand.append(item)
            if isinstance(item, ev.HoleCardsDealt):
                self.hole[item.seat] = item.cards

    def raises(self) -> int:
        return sum(isinstance(item, ev.Bet | ev.Raised) for item in self.hand)

    def observe(self, seat: int, view: dict[str, Any], history: Any, answer: Any) -> None:
        spot = read_spot(seat, view, self.raises())
        hard = seat in self.hard_seats
        count_decision(self.tally, spot, answer[0], hard=hard, hard_seats=self.hard_seats)
        count_holding(
            self.tally,
            spot,
            answer[0],
            holding(self.hole[seat], view["board"]),
            hard=hard,
            hard_seats=self.hard_seats,
        )
        if not hard or answer[0] != "fold":
            return
        if spot.short_all_in:
            assert spot.shover is not None
            self._fold("short_all_in", spot, spot.shover, view)
        if spot.heads_up_postflop_bet:
            self._fold("hu", spot, spot.opponents[0], view)

    def _fold(self, what: str, spot: Spot, villain: int, view: dict[str, Any]) -> None:
        counts = self.tally.counts
        board = view["board"]
        hero_cards, villain_cards = self.hole[spot.seat], self.hole[villain]
        equity = equity_against(hero_cards, villain_cards, board, self.rng)
        above = equity > spot.price
        ahead = what == "hu" and ahead_now(hero_cards, villain_cards, board)
        counts[f"hard.{what}_folds_checked"] += 1
        counts[f"hard.{what}_folds_above_price"] += above
        counts[f"hard.{what}_folds_clearly_above"] += equity >= spot.price + CLEAR_MARGIN
        counts[f"hard.{what}_folds_ahead"] += ahead
        if what == "short_all_in":
            kind = SHORT_ABOVE if above else None
        else:
            kind = HU_AHEAD if ahead else HU_ABOVE if above else None
        if kind and sum(e.kind == kind for e in self.tally.examples) < EXAMPLES_PER_TABLE:
            text = self.describe(spot, villain, board, equity)
            self.tally.examples.append(Example((*self.where, self.hand_number), kind, text))

    def describe(self, spot: Spot, villain: int, board: Sequence[str], equity: float) -> str:
        """One fold as a line: who held what, the action, and what the fold gave up."""
        group, shift = self.where
        actions: list[str] = []
        for item in self.hand:
            if isinstance(item, ev.BoardDealt):
                actions.append(f"| {item.street} {' '.join(item.cards)}:")
            elif isinstance(item, ev.PLAYER_ACTIONS):
                actions.append(_action(item))
        hero, other = self.names[spot.seat], self.names[villain]
        return (
            f"group {group} shift {shift} hand {self.hand_number}: "
            f"s{spot.seat} {hero} {' '.join(self.hole[spot.seat])} folds to "
            f"s{villain} {other} {' '.join(self.hole[villain])}"
            f"{' (all-in)' if spot.shover == villain else ''}; "
            f"board {' '.join(board) or '-'}; pot {spot.pot}, call {spot.call}, "
            f"price {100 * spot.price:.0f}%, equity {100 * equity:.0f}%"
            f"{_standing(self.hole[spot.seat], self.hole[villain], board)}\n"
            f"    preflop: {' '.join(actions)}"
        )


def _standing(hero: Sequence[str], villain: Sequence[str], board: Sequence[str]) -> str:
    """Both hands' categories once there is a board: ``; high card vs high card``."""
    if not board:
        return ""
    ours, theirs = (CATEGORY_NAMES[category(evaluate([*held, *board]))] for held in (hero, villain))
    return f"; {ours} vs {theirs}"


def _action(item: Event) -> str:
    seat = getattr(item, "seat", "?")
    if isinstance(item, ev.Raised | ev.Bet):
        return f"s{seat} {'raise' if isinstance(item, ev.Raised) else 'bet'} {item.to},"
    if isinstance(item, ev.Called):
        return f"s{seat} call {item.amount},"
    return f"s{seat} {'fold' if isinstance(item, ev.Folded) else 'check'},"


# --- the tables ----------------------------------------------------------------------------


@dataclass(slots=True)
class Played:
    outcomes: list[Outcome]
    hands: int
    tally: Tally


def _watched_group(job: Job, blinds: str = FIXED) -> list[Played]:
    """bench_bots' group (same deals, every rotation), every match watched; hard is every
    entry playing the first entry's spec; at the table of the ``blinds`` option."""
    specs, group = job
    hard_entries = [entry for entry, spec in enumerate(specs) if spec == specs[0]]
    played = []
    for rotation in rotations(job):
        tally = Tally()
        hard_seats = frozenset(rotation.seat_of(entry) for entry in hard_entries)
        watch = Watch(tally, hard_seats, rotation.seats, (group, rotation.shift))
        result = play_match(
            rotation.bots(),
            deal_seed=rotation.deal_seed,
            bot_seed=rotation.bot_seed,
            observe=watch.observe,
            on_events=watch.on_events,
            table=TABLES[blinds],
        )
        played.append(Played(rotation.outcomes(result), result.hands, tally))
    return played


@dataclass(slots=True)
class Table:
    """One table's matches, summed."""

    title: str
    key: str  # for figure names: vs_<partner> or vs_3_<baseline>
    specs: tuple[str, ...]
    outcomes: list[list[Outcome]]
    hands: int
    seconds: float
    tally: Tally
    blinds: str = FIXED

    @property
    def hard_entries(self) -> list[int]:
        return [entry for entry, spec in enumerate(self.specs) if spec == self.specs[0]]

    @property
    def matches(self) -> int:
        return len(self.outcomes)

    @property
    def wins(self) -> int:
        entries = self.hard_entries
        return sum(1 for match in self.outcomes if any(match[e].place == 1 for e in entries))

    def chips_per_100(self, entries: Sequence[int]) -> tuple[float, tuple[float, float]]:
        """Per seat of these entries: each entry's matches are observations alike."""
        return chips_per_100([match[e] for match in self.outcomes for e in entries])

    def per_1000(self, count: int) -> float:
        return 1000 * count / max(self.matches, 1)


def play_table(
    title: str, key: str, specs: tuple[str, ...], matches: int, blinds: str = FIXED
) -> Table:
    results, seconds = play_groups(functools.partial(_watched_group, blinds=blinds), specs, matches)
    tally = Tally()
    for item in results:
        tally.add(item.tally)
    tally.examples.sort(key=lambda example: example.where)
    return Table(
        title,
        key,
        specs,
        [item.outcomes for item in results],
        sum(item.hands for item in results),
        seconds,
        tally,
        blinds,
    )


def slug(spec: str) -> str:
    """A spec as part of a figure name: ``pkg.mod:NashBot`` -> ``nashbot``."""
    return re.sub(r"[^a-z0-9]+", "_", spec.rpartition(":")[2].lower()).strip("_")


def check_specs(specs: Sequence[str]) -> None:
    """Fail before any match is played when a spec names no bot (a partner not landed yet)."""
    for spec in specs:
        registry.resolve(spec)


def tables(matches: int = MATCHES, rising_matches: int = RISING_MATCHES) -> list[Table]:
    check_specs((HARD, *PARTNERS, *BASELINES))
    lineups = [
        ((HARD, partner, HARD, partner), f"{HARD} vs {partner}, two each", f"vs_{slug(partner)}")
        for partner in PARTNERS
    ] + [
        ((HARD, baseline, baseline, baseline), f"{HARD} vs 3 {baseline}", f"vs_3_{slug(baseline)}")
        for baseline in BASELINES
    ]
    played = []
    for blinds in BLINDS:
        count = rising_matches if blinds == RISING else matches
        prefix, suffix = ("rising_", ", rising blinds") if blinds == RISING else ("", "")
        for specs, title, key in lineups:
            played.append(play_table(title + suffix, prefix + key, specs, count, blinds))
            report(played[-1])
    return played


# --- figures, the table and the examples ---------------------------------------------------


def _pct_interval(hits: int, spots: int) -> tuple[float, float]:
    low, high = win_rate_interval(hits, spots)
    return round(100 * low, 2), round(100 * high, 2)


def _compared(name: str, unit: str, ours: float, peer: str, theirs: float) -> Figure:
    """A figure beside a peer that may be 0: the ratio is ours / max(1, theirs)."""
    return Figure(
        name=name, unit=unit, ours=ours, peer=peer, peer_value=theirs, ratio=ours / max(1, theirs)
    )


def table_figures(table: Table) -> list[Figure]:
    figures: list[Figure] = []
    counts = table.tally.counts
    chips: Figure | None = None
    if len(table.hard_entries) > 1:
        name = f"sparring_hard_{table.key}"
        chance = 50.0
        per_100, chips_ci = table.chips_per_100(table.hard_entries)
        chips = figure(f"{name}_chips_per_100", "chips/100 hands", per_100, "big blind", 20.0)
        chips["ci95"] = (round(chips_ci[0], 1), round(chips_ci[1], 1))
        if table.blinds == RISING:
            chips = None  # chips won at different levels do not add up to a rate
    else:
        name = f"sparring_hard_win_pct_{table.key}"
        chance = 25.0
    win = figure(
        name + ("_win_pct" if len(table.hard_entries) > 1 else ""),
        "% matches",
        100 * table.wins / table.matches,
        "chance",
        chance,
    )
    win["ci95"] = _pct_interval(table.wins, table.matches)
    figures.append(win)
    if chips:
        figures.append(chips)

    def rate(stat: str, of: str, label: str, peer: str) -> Figure:
        ours, spots = table.tally.share("hard", stat, of)
        theirs, _ = table.tally.share("other", stat, of)
        item = _compared(f"sparring_{table.key}_{label}", "% spots", 100 * ours, peer, 100 * theirs)
        item["ci95"] = _pct_interval(counts[f"hard.{stat}"], spots)
        return item

    figures.append(rate("hu_bet_folds", "hu_bet_spots", "fold_hu_postflop_bet_pct", "others"))
    figures.append(
        rate("short_all_in_folds", "short_all_in_spots", "short_all_in_fold_pct", "others")
    )
    figures.append(
        _compared(
            f"sparring_{table.key}_short_all_in_bad_folds_per_1000",
            "folds/1000 matches",
            table.per_1000(counts["hard.short_all_in_folds_above_price"]),
            "all short all-in folds",
            table.per_1000(counts["hard.short_all_in_folds"]),
        )
    )
    figures.append(
        rate("preflop_raise_folds", "preflop_raise_spots", "preflop_fold_to_raise_pct", "others")
    )
    figures.append(rate("three_bets", "single_open_spots", "3bet_pct", "others"))
    return figures


def _share_text(tally: Tally, role: str, stat: str, of: str) -> str:
    share, spots = tally.share(role, stat, of)
    low, high = _pct_interval(tally.counts[f"{role}.{stat}"], spots)
    return f"{100 * share:5.1f}% of {spots:,} [{low:.1f}, {high:.1f}]"


def report(table: Table) -> None:
    """The table's lines on standard error."""
    tally, counts = table.tally, table.tally.counts
    out = sys.stderr
    print(
        f"\n{table.title}: {table.matches} matches, {table.hands:,} hands, "
        f"{table.seconds:.0f}s ({table.seconds / max(table.matches, 1):.2f} s/match)",
        file=out,
    )
    entries = summarize(table.specs, table.outcomes)
    for side, playing in (("hard", True), ("the others", False)):
        chosen = [e for e in range(len(table.specs)) if (e in table.hard_entries) == playing]
        won = sum(entries[e]["matches_won"] for e in chosen)  # one winner a match
        low, high = _pct_interval(won, table.matches)
        per_100, (chips_low, chips_high) = table.chips_per_100(chosen)
        print(
            f"  {side:<10} win {100 * won / table.matches:5.1f}% [{low:.1f}, {high:.1f}]  "
            f"chips/100 per seat {per_100:7.1f} [{chips_low:.1f}, {chips_high:.1f}]  "
            f"avg finish {sum(entries[e]['avg_finish'] for e in chosen) / len(chosen):.2f}",
            file=out,
        )
    hard_hu = _share_text(tally, "hard", "hu_bet_folds", "hu_bet_spots")
    other_hu = _share_text(tally, "other", "hu_bet_folds", "hu_bet_spots")
    print(
        f"  post-flop heads-up facing a bet: hard folds {hard_hu}; "
        f"the others facing hard's bets fold {other_hu}",
        file=out,
    )
    print(
        f"    hard's heads-up folds: {counts['hard.hu_folds_ahead']} holding the better hand, "
        f"{counts['hard.hu_folds_above_price']} with equity above the price "
        f"({counts['hard.hu_folds_clearly_above']} by >= 5 points)",
        file=out,
    )
    short = (
        counts["hard.short_all_in_spots"],
        counts["hard.short_all_in_folds"],
        counts["hard.short_all_in_folds_above_price"],
        counts["hard.short_all_in_folds_clearly_above"],
    )
    others_short = _share_text(tally, "other", "short_all_in_folds", "short_all_in_spots")
    print(
        f"  all-ins of <= {SHORT_ALL_IN_BB} bb faced: {short[0]}, folded {short[1]}, "
        f"{short[2]} of them with equity above the price, {short[3]} by >= 5 points "
        f"(the others fold {others_short}); "
        "per 1000 matches " + " / ".join(f"{table.per_1000(n):.1f}" for n in short),
        file=out,
    )
    folds = _share_text(tally, "hard", "preflop_raise_folds", "preflop_raise_spots")
    other_folds = tally.share("other", "preflop_raise_folds", "preflop_raise_spots")[0]
    three_bets = _share_text(tally, "hard", "three_bets", "single_open_spots")
    other_three_bets = tally.share("other", "three_bets", "single_open_spots")[0]
    print(
        f"  preflop facing a raise: hard folds {folds} (others {100 * other_folds:.1f}%); "
        f"3-bets a single open {three_bets} (others {100 * other_three_bets:.1f}%)",
        file=out,
    )
    print("  folds by holding (hard | the others):", file=out)
    for name, label in HOLDING_LINES:
        mine = _share_text(tally, "hard", f"{name}_folds", f"{name}_spots")
        theirs = _share_text(tally, "other", f"{name}_folds", f"{name}_spots")
        print(f"    {label:<40} {mine} | {theirs}", file=out)
    hu_folds = counts["hard.hu_folds_checked"]
    print(
        f"    heads-up post-flop folds giving up the better hand: "
        f"{100 * counts['hard.hu_folds_ahead'] / max(hu_folds, 1):.1f}% of {hu_folds:,}",
        file=out,
    )


HOLDING_LINES = (
    ("raise_non_premium", "non-premium hands facing a raise"),
    ("raise_small_pair", "small pairs (22-66) facing a raise"),
    ("raise_ace", "other aces facing a raise"),
    ("three_bet", "facing a 3-bet"),
    ("all_in_strong", "99+, AK, AQ facing an all-in"),
    ("small_bet_weak_pair", "weak pair, heads-up bet <= 60% pot"),
    ("small_bet_no_pair", "no pair, heads-up bet <= 60% pot"),
)


def examples_text(played: Sequence[Table]) -> str:
    lines = [
        f"Hard's doubtful folds ({HARD}): equity against the actual cards above the price, "
        f"or the better hand held post-flop; up to {EXAMPLES_PER_TABLE} of each kind per table, "
        "in match order (group, rotation, hand). Written by python -m bench sparring.",
    ]
    for table in played:
        lines.append(f"\n== {table.title} ({table.matches} matches)")
        for kind in (SHORT_ABOVE, HU_AHEAD, HU_ABOVE):
            chosen = [e for e in table.tally.examples if e.kind == kind][:EXAMPLES_PER_TABLE]
            lines.append(f"-- {kind}: {len(chosen) or 'none'}")
            lines.extend(example.text for example in chosen)
    return "\n".join(lines) + "\n"


def run() -> list[Figure]:
    start = time.perf_counter()
    played = tables()
    seconds = time.perf_counter() - start
    text = examples_text(played)
    print("\n" + text, file=sys.stderr)
    # A run of the rising tables alone keeps the fixed tables' examples (and time) apart.
    rising_only = set(BLINDS) == {RISING}
    examples = EXAMPLES.with_name("sparring_examples_rising.txt") if rising_only else EXAMPLES
    examples.write_text(text)
    matches = sum(table.matches for table in played)
    print(
        f"sparring bench: {matches} matches in {seconds:.0f}s "
        f"({seconds / max(matches, 1):.2f} s/match, {len(played)} tables)",
        file=sys.stderr,
    )
    figures = [item for table in played for item in table_figures(table)]
    figures.append(
        Figure(
            name="sparring_rising_bench_s" if rising_only else "sparring_bench_s",
            unit="s",
            ours=seconds,
            peer="matches played",
            peer_value=float(matches),
            ratio=seconds / max(matches, 1),
        )
    )
    return figures


if __name__ == "__main__":
    for item in run():
        print(item)
