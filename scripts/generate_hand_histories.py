"""Write hand histories for the import's tests and bench: PHH, PHHS and PokerStars text.

Every hand is played by PokerKit (the reference) from a seeded random table and policy, so the
same arguments always give the same files. One played hand can be written three ways:

- PokerStars text, as the room writes it for the player at the table ("Hero"): only the hero's
  hole cards are dealt in the text; other hands appear when they are shown at showdown;
- PHH/PHHS from the same point of view (``????`` for cards nobody saw), the PokerStars file's
  "twin";
- PHH/PHHS with every card known, as PokerKit and televised hands write them.

``python scripts/generate_hand_histories.py`` rewrites the test corpus under
``tests/engine/holdem/importing/data/`` (with ``expected.json`` and ``refusals.json``);
``--hands N --format pokerstars|phhs --out FILE`` streams N hands to one file (for the bench),
never holding more than one hand in memory.

Amounts are integers in minor units everywhere inside (cents for cash games, chips for
tournaments); they are written as the room writes them ("$0.05", "$1", "247.15").
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokerkit import Automation, ChipsPushing, NoLimitTexasHoldem, State

from games.engine.holdem.evaluator import evaluate, hand_rank
from games.engine.holdem.pokerstars import pokerstars_hand_name, roman

DATA = Path(__file__).resolve().parent.parent / "tests/engine/holdem/importing/data"

# Hole dealing, board dealing, card burning and showdown are done by hand here, so that the
# cards come from this script's seeded deck and each show or muck is chosen.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
STREET_NAMES = ("Flop", "Turn", "River")

TABLE_NAMES = (
    "Aaltje III", "Deneb V", "Antares IV", "Halley II", "Vega VII", "Sirius", "Polaris IX",
    "Capella", "Rigel II", "Mira VI", "Altair", "Castor IV",
)  # fmt: skip
NAME_PARTS = (
    "river", "fish", "ace", "nit", "donk", "shark", "tilt", "grind", "bluff", "stack", "set",
    "quads", "kicker", "limp", "shove", "flush", "wheel", "nuts", "tank", "value",
)  # fmt: skip


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tournament:
    """A tournament hand's header facts."""

    number: int
    buy_in: str
    level: int


@dataclass
class Table:
    """One hand's table, players in PokerKit's order: p1 first after the button, the button last
    (heads-up: p1 the big blind, p2 the button and small blind)."""

    names: list[str]
    seats: list[int]
    max_seats: int
    button_seat: int
    stacks: list[int]
    antes: list[int]
    # Positive: small blind, big blind, straddle. Negative: a live blind posted out of position
    # (PokerKit's convention: it does not move who acts first).
    blinds: list[int]
    posts: list[str]  # "", "small", "big", "straddle", "posted", "dead"
    small_blind: int
    big_blind: int
    scale: int
    currency: str | None
    rake_percent: int
    rake_cap: int
    tournament: Tournament | None
    hand_id: int
    table_name: str
    played_at: datetime
    hero: int | None
    sitting_out: list[tuple[int, str, int]] = field(default_factory=list)
    cases: set[str] = field(default_factory=set)

    @property
    def size(self) -> int:
        return len(self.names)

    def raw(self, values: Sequence[int]) -> list[int]:
        """A per-player list as PokerKit and PHH take it (heads-up: small blind's first)."""
        return [values[1], values[0]] if self.size == 2 else list(values)


@dataclass(frozen=True)
class Features:
    """What a generated table may have; each is drawn with the given chance."""

    seats: tuple[int, int] = (2, 6)
    cash: float = 1.0
    straddle: float = 0.0
    dead_blind: float = 0.0
    posted_blind: float = 0.0
    missing_small_blind: float = 0.0
    antes: float = 0.0
    big_blind_ante: float = 0.0
    short_stack: float = 0.0
    sitting_out: float = 0.0
    rake: bool = True
    hero: float = 0.95
    aggression: float = 0.25
    stop_early: float = 0.0


def random_name(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = rng.choice(NAME_PARTS) + rng.choice(("", "_", ".", "")) + rng.choice(NAME_PARTS)
        name += str(rng.randrange(100)) if rng.random() < 0.6 else ""
        if rng.random() < 0.1:
            name = name.capitalize() + " " + rng.choice(NAME_PARTS)  # names may hold spaces
        if name not in taken:
            taken.add(name)
            return name


def make_table(rng: random.Random, features: Features, hand_id: int, when: datetime) -> Table:
    size = rng.randint(*features.seats)
    max_seats = max(size, rng.choice((2, 6, 9, 10) if size <= 2 else (6, 9, 10)))
    max_seats = max(max_seats, size + 1) if max_seats < 10 and size > 2 else max_seats
    if size == 2:
        max_seats = rng.choice((2, 6))
    cash = rng.random() < features.cash
    if cash:
        small, big = rng.choice(((1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100)))
        scale, currency = 100, "USD"
    else:
        level = rng.randint(1, 15)
        big = (20, 30, 50, 100, 150, 200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 3000)[
            level - 1
        ]
        small, scale, currency = big // 2, 1, None
    taken: set[str] = set()
    names = [random_name(rng, taken) for _ in range(size)]
    hero = rng.randrange(size) if rng.random() < features.hero else None
    if hero is not None:
        names[hero] = "Hero"
    seat_numbers = sorted(rng.sample(range(1, max_seats + 1), size + 0))
    button_at = rng.randrange(size)
    # PokerKit's order starts after the button; heads-up, with the big blind.
    rotated = seat_numbers[button_at + 1 :] + seat_numbers[: button_at + 1]
    button_seat = seat_numbers[button_at]
    stacks = [rng.randint(40, 250) * big // (1 if rng.random() < 0.8 else 4) for _ in range(size)]
    if cash:
        stacks = [stack + rng.randrange(big) for stack in stacks]  # odd cents: "$247.15"
    antes = [0] * size
    blinds = [0] * size
    posts = [""] * size
    cases: set[str] = {f"seats_{size}", "cash" if cash else "tournament"}
    # Positions by PokerKit index: heads-up p2 is the button and small blind, p1 the big blind.
    small_at, big_at = (1, 0) if size == 2 else (0, 1)
    if size > 2 and rng.random() < features.missing_small_blind:
        # The small blind's player left: the button is followed by the big blind, who is p1.
        big_at, small_at = 0, -1
        cases.add("missing_small_blind")
    if small_at >= 0:
        blinds[small_at], posts[small_at] = small, "small"
    blinds[big_at], posts[big_at] = big, "big"
    cases.add("blinds")
    free = [index for index in range(size) if not posts[index] and index != size - 1]
    if size > 3 and small_at >= 0 and rng.random() < features.straddle:
        blinds[2], posts[2] = 2 * big, "straddle"
        cases.add("straddle")
        free.remove(2)
    if free and size > 3 and rng.random() < features.dead_blind:
        index = rng.choice(free)
        free.remove(index)
        antes[index], blinds[index], posts[index] = small, -big, "dead"
        cases.add("dead_blind")
    if free and size > 3 and rng.random() < features.posted_blind:
        index = rng.choice(free)
        blinds[index], posts[index] = -big, "posted"
        cases.add("posted_blind")
    if not cash and rng.random() < features.big_blind_ante:
        antes[big_at] = big
        cases.add("big_blind_ante")
    elif rng.random() < features.antes:
        ante = max(1, big // 10) if cash else max(5, big // 8)
        antes = [ante + extra for extra in antes]
        cases.add("antes")
    if not cash and rng.random() < features.short_stack:
        index = rng.choice([big_at, *free] if free else [big_at])
        stacks[index] = rng.randint(1, big + antes[index])  # all in with the forced bets
        cases.add("short_stack_forced_all_in")
    sitting_out: list[tuple[int, str, int]] = []
    empty = sorted(set(range(1, max_seats + 1)) - set(seat_numbers))
    if empty and rng.random() < features.sitting_out:
        seat = rng.choice(empty)
        sitting_out.append((seat, random_name(rng, taken), rng.randint(40, 120) * big))
        cases.add("sitting_out")
    if cash:
        cases.add("cents" if small % 100 or big % 100 or any(s % 100 for s in stacks) else "")
        cases.discard("")
    tournament = None
    if not cash:
        tournament = Tournament(
            number=rng.randint(100_000_000, 999_999_999),
            buy_in=rng.choice(("$3.19+$0.31 USD", "$10+$1 USD", "$0.98+$0.12 USD")),
            level=level,
        )
    return Table(
        names=[names[seat_numbers.index(seat)] for seat in rotated],
        seats=rotated,
        max_seats=max_seats,
        button_seat=button_seat,
        stacks=[stacks[seat_numbers.index(seat)] for seat in rotated],
        antes=antes,
        blinds=blinds,
        posts=posts,
        small_blind=small,
        big_blind=big,
        scale=scale,
        currency=currency,
        rake_percent=5 if cash and features.rake else 0,
        rake_cap=3 * 100 if cash else 0,
        tournament=tournament,
        hand_id=hand_id,
        table_name=(
            f"{tournament.number} {rng.randint(1, 40)}" if tournament else rng.choice(TABLE_NAMES)
        ),
        played_at=when,
        hero=None
        if hero is None
        else [names[seat_numbers.index(s)] for s in rotated].index("Hero"),
        sitting_out=sitting_out,
        cases=cases,
    )


# --- playing a hand with PokerKit -------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One thing that happened, in order, as a hand history tells it."""

    kind: str  # ante, blind, deal, board, fold, check, call, bet, raise, uncalled, show, muck
    player: int = -1
    amount: int = 0  # chips put in (call), the raise's increase, a returned or collected amount
    to: int = 0  # bet / raise to (the street total)
    cards: tuple[str, ...] = ()
    all_in: bool = False
    post: str = ""
    action: int = -1  # index of the matching PHH action, if any
    marked: bool = False  # the step a refusal case corrupted


@dataclass
class PlayedHand:
    """A hand PokerKit played to its end (or to where its record stops)."""

    table: Table
    hole: list[tuple[str, str]]
    board: list[str]
    steps: list[Step]
    phh_actions: list[str]  # every card known
    finishing_stacks: list[int]
    stacks_without_rake: list[int]
    pots: list[tuple[int, int, list[int]]]  # (amount, rake, collected per player)
    shown: dict[int, tuple[str, ...]]
    mucked: set[int]
    folded_on: dict[int, int]  # player -> street index (0 preflop)
    complete: bool
    went_to_showdown: bool
    cases: set[str]

    @property
    def rake(self) -> int:
        return sum(rake for _, rake, _ in self.pots)


def make_rake(
    table: Table, log: dict[int, tuple[int, int]] | None = None
) -> Callable[[int, State | None], tuple[int, int]]:
    """The room's rake: a share of each pot, rounded down to the cent, capped; none when no flop
    was dealt ("no flop, no drop"). ``log`` records unraked amount -> (amount, rake)."""

    def rake(amount: int, state: State | None = None) -> tuple[int, int]:
        taken = 0
        if table.rake_percent and state is not None and state.board_cards:
            taken = min(amount * table.rake_percent // 100, table.rake_cap)
        if log is not None:
            log[amount - taken] = (amount, taken)
        return taken, amount - taken

    return rake


def new_state(table: Table, *, raked: bool, log: dict[int, tuple[int, int]] | None = None) -> State:
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        False,
        table.raw(table.antes),
        table.raw(table.blinds),
        table.big_blind,
        table.stacks,
        table.size,
        rake=make_rake(table if raked else dataclasses.replace(table, rake_percent=0), log),
    )


def _choose(
    state: State,
    rng: random.Random,
    aggression: float,
    street: int,
    big_blind: int,
    may_raise: bool,
) -> tuple[str, int]:
    """A plausible action: folds often before the flop, bets and raises now and then, all in
    sometimes."""
    to_call = state.checking_or_calling_amount or 0
    roll = rng.random()
    fold_chance = (0.45 if street == 0 else 0.25) if to_call else 0.0
    if roll < fold_chance:
        return "fold", 0
    if may_raise and state.can_complete_bet_or_raise_to() and roll < fold_chance + aggression:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None
        pot = sum(pot.amount for pot in state.pots) + sum(state.bets)
        wanted = max(state.bets) + rng.choice((1, 2, 3)) * max(pot, big_blind) // 2
        if rng.random() < 0.07:
            wanted = high
        return "raise", max(low, min(high, wanted))
    return "call", 0


def play(
    table: Table, rng: random.Random, features: Features, *, reference: bool = True
) -> PlayedHand:
    """Play ``table``'s hand in PokerKit; record it step by step. ``reference``: also replay it
    without rake (for expected.json's ``rake_by_player``)."""
    deck = list(DECK)
    rng.shuffle(deck)
    rake_log: dict[int, tuple[int, int]] = {}
    state = new_state(table, raked=True, log=rake_log)
    steps: list[Step] = []
    actions: list[str] = []
    committed = [0] * table.size  # what each player has put in this street (live)
    for index in range(table.size):
        # A dead blind's dead part is PokerKit's ante for that seat, but PokerStars writes it
        # in the "posts small & big blinds" line.
        dead = table.small_blind if table.posts[index] == "dead" else 0
        ante = min(table.antes[index], table.stacks[index]) - dead
        if ante > 0:
            all_in = ante + dead == table.stacks[index]
            steps.append(Step("ante", index, ante, all_in=all_in))
    order = sorted(
        (index for index in range(table.size) if table.posts[index]),
        key=lambda index: ("small", "big", "straddle", "posted", "dead").index(table.posts[index]),
    )
    for index in order:
        live = min(abs(table.blinds[index]), table.stacks[index] - _ante_paid(table, index))
        dead = table.small_blind if table.posts[index] == "dead" else 0
        all_in = state.stacks[index] == 0
        if live + dead > 0:  # an ante that took every chip leaves no blind to post
            steps.append(Step("blind", index, live + dead, post=table.posts[index], all_in=all_in))
        committed[index] = live
    hole: list[tuple[str, str]] = []
    for index in range(table.size):
        cards = (deck.pop(), deck.pop())
        hole.append(cards)
        state.deal_hole("".join(cards))
        actions.append(f"d dh p{index + 1} {''.join(cards)}")
        steps.append(Step("deal", index, cards=cards, action=len(actions) - 1))
    put_in = sum(step.amount for step in steps)  # antes and blinds, as posted
    board: list[str] = []
    shown: dict[int, tuple[str, ...]] = {}
    mucked: set[int] = set()
    folded_on: dict[int, int] = {}
    street = 0
    stop_after = (
        rng.randint(1, 6) if rng.random() < features.stop_early else None
    )  # actions, then the record ends
    betting_actions = 0
    short_all_in = False
    street_closed = False
    went_to_showdown = False
    while state.status:
        if stop_after is not None and betting_actions >= stop_after:
            break
        if not street_closed and state.actor_index is None:
            # The betting is over (perhaps with nobody able to act): unmatched chips go back.
            steps.extend(_uncalled(committed))
            street_closed = True
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            count = 3 if not board else 1
            dealt = tuple(deck.pop() for _ in range(count))
            state.deal_board("".join(dealt))
            actions.append(f"d db {''.join(dealt)}")
            board.extend(dealt)
            street = 1 if len(board) == 3 else street + 1
            committed = [0] * table.size
            short_all_in = False
            street_closed = False
            steps.append(Step("board", cards=dealt, action=len(actions) - 1))
        elif state.actor_index is not None:
            index = state.actor_index
            kind, to = _choose(
                state, rng, features.aggression, street, table.big_blind, not short_all_in
            )
            smallest = state.min_completion_betting_or_raising_to_amount
            before = state.stacks[index]
            faced = max(state.bets)
            betting_actions += 1
            if kind == "fold" and state.can_fold():
                state.fold()
                actions.append(f"p{index + 1} f")
                steps.append(Step("fold", index, action=len(actions) - 1))
                folded_on[index] = street
            elif kind == "raise":
                state.complete_bet_or_raise_to(to)
                actions.append(f"p{index + 1} cbr {to}")
                # An all-in short of a full raise does not reopen the betting in rooms (it does
                # in PokerKit): nobody raises again this street, so both agree.
                short_all_in = short_all_in or (smallest is not None and to < smallest)
                all_in = state.stacks[index] == 0
                if faced == 0:
                    steps.append(Step("bet", index, to, to, all_in=all_in, action=len(actions) - 1))
                else:
                    steps.append(
                        Step("raise", index, to - faced, to, all_in=all_in, action=len(actions) - 1)
                    )
                committed[index] = to
            else:
                state.check_or_call()
                actions.append(f"p{index + 1} cc")
                added = before - state.stacks[index]
                if added:
                    all_in = state.stacks[index] == 0
                    steps.append(Step("call", index, added, all_in=all_in, action=len(actions) - 1))
                    committed[index] += added
                else:
                    steps.append(Step("check", index, action=len(actions) - 1))
            # What the actor put in (a refund of uncalled chips goes to someone else).
            put_in += before - state.stacks[index]
            if not _betting_open(state):
                steps.extend(_uncalled(committed))
                street_closed = True
        elif state.showdown_index is not None:
            went_to_showdown = True
            index = state.showdown_index
            # Winners always show; a hand that wins nothing is mucked half the time. Hands
            # all in before the river are turned up before the run-out, as rooms do.
            all_in_runout = len(board) < 5
            final_board = [*board, *deck[::-1][: 5 - len(board)]]
            wins = _wins_something(state, table, index, hole, final_board)
            if wins or all_in_runout or rng.random() < 0.5:
                state.show_or_muck_hole_cards(True)
                shown[index] = hole[index]
                actions.append(f"p{index + 1} sm {''.join(hole[index])}")
                steps.append(Step("show", index, cards=hole[index], action=len(actions) - 1))
            else:
                state.show_or_muck_hole_cards(False)
                mucked.add(index)
                actions.append(f"p{index + 1} sm")
                steps.append(Step("muck", index, action=len(actions) - 1))
        else:
            raise AssertionError(f"PokerKit waits for something unexpected: {state}")
    complete = not state.status
    uncalled = sum(step.amount for step in steps if step.kind == "uncalled")
    pots = _pots(state, rake_log, put_in, uncalled) if complete else []
    return PlayedHand(
        table=table,
        hole=hole,
        board=board,
        steps=steps,
        phh_actions=actions,
        finishing_stacks=list(state.stacks),
        stacks_without_rake=_replay_without_rake(table, actions) if complete and reference else [],
        pots=pots,
        shown=shown,
        mucked=mucked,
        folded_on=folded_on,
        complete=complete,
        went_to_showdown=went_to_showdown,
        cases=set(table.cases),
    )


def _ante_paid(table: Table, index: int) -> int:
    return min(table.antes[index], table.stacks[index])


def _betting_open(state: State) -> bool:
    return state.actor_index is not None


def _uncalled(committed: list[int]) -> list[Step]:
    """The part of the street's biggest bet nobody matched goes back to its player."""
    if not any(committed):
        return []
    top = max(committed)
    leader = committed.index(top)
    second = max((amount for i, amount in enumerate(committed) if i != leader), default=0)
    return [Step("uncalled", leader, top - second)] if top > second else []


def _wins_something(
    state: State, table: Table, index: int, hole: list[tuple[str, str]], board: list[str]
) -> bool:
    """Whether ``index`` wins a share of some pot at this showdown.

    A player is in every pot up to what they put in; their best chance is the smallest pot
    group, everyone still in who put in at least as much. ``board`` is the full final board
    (the deck's next cards when the hand is all in before the river)."""
    put_in = [
        table.stacks[i] - state.stacks[i] - state.bets[i] for i in range(table.size)
    ]  # bets still out are uncalled chips that go back
    values = {i: evaluate([*hole[i], *board]) for i in range(table.size) if state.statuses[i]}
    rivals = [values[i] for i in values if put_in[i] >= put_in[index]]
    return values[index] >= max(rivals)


def _pots(
    state: State, log: dict[int, tuple[int, int]], put_in: int, uncalled: int
) -> list[tuple[int, int, list[int]]]:
    """Each pot's amount, its rake and what each player collected from it, main pot first, as
    the room tells it. ``log`` maps a pot's unraked amount to (amount, rake), as the rake
    function saw it; ``put_in`` all the chips the players put in, ``uncalled`` what went back
    to a bettor nobody called."""
    pots: list[tuple[int, int, list[int]]] = []
    for operation in state.operations:
        if isinstance(operation, ChipsPushing):
            pushed = sum(operation.amounts)
            amount, rake = log.get(pushed, (pushed, 0))
            pots.append((amount, rake, list(operation.amounts)))
    if len(pots) == 1 and sum(1 for share in pots[0][2] if share) == 1:
        # One winner. PokerKit leaves a bet nobody called wholly out of the pot; the room
        # returns only the part nobody matched, and the matched part is in the pot.
        _, rake, shares = pots[0]
        winner = next(i for i, share in enumerate(shares) if share)
        pot = put_in - uncalled
        paid = [0] * len(shares)
        paid[winner] = pot - rake
        return [(pot, rake, paid)]
    assert put_in - uncalled == sum(amount for amount, _, _ in pots), "uncalled bets disagree"
    return pots


def _replay_without_rake(table: Table, actions: list[str]) -> list[int]:
    """The same hand with no rake: what PokerKit pays when the room takes nothing."""
    from pokerkit.notation import parse_action

    state = new_state(table, raked=False)
    for action in actions:
        while state.can_burn_card():
            state.burn_card("??")
        parse_action(state, action)
    return list(state.stacks)


# --- writing ----------------------------------------------------------------------------------


def stars_money(amount: int, table: Table) -> str:
    """An amount as PokerStars writes it: "$0.05", "$1", "$247.15"; tournament chips bare."""
    if table.scale == 1:
        return str(amount)
    whole, cents = divmod(amount, 100)
    return f"${whole}" if not cents else f"${whole}.{cents:02d}"


def phh_money(amount: int, scale: int) -> str:
    """An amount as the PHH dataset writes it: "0.50", "200", "247.15" (never a float)."""
    if scale == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}" if not cents else f"{sign}{whole}.{cents:02d}"


def hand_name(cards: Sequence[str], board: Sequence[str]) -> str:
    return pokerstars_hand_name(hand_rank(evaluate([*cards, *board])))


def _stamp(when: datetime, zone: str) -> str:
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S} {zone}"


def _header(table: Table) -> str:
    eastern = table.played_at - timedelta(hours=5)
    # Newer PokerStars files give the player's own time zone, then ET in brackets.
    when = (
        f"{_stamp(table.played_at + timedelta(hours=1), 'CET')} [{_stamp(eastern, 'ET')}]"
        if table.hand_id % 3 == 0
        else _stamp(eastern, "ET")
    )
    if table.tournament is not None:
        t = table.tournament
        return (
            f"PokerStars Hand #{table.hand_id}: Tournament #{t.number}, {t.buy_in} Hold'em No "
            f"Limit - Level {roman(t.level)} ({table.small_blind}/{table.big_blind}) - {when}"
        )
    stakes = f"{stars_money(table.small_blind, table)}/{stars_money(table.big_blind, table)}"
    return f"PokerStars Hand #{table.hand_id}:  Hold'em No Limit ({stakes} USD) - {when}"


POST_WORDS = {
    "small": "small blind",
    "big": "big blind",
    "posted": "big blind",
    "straddle": "straddle",
    "dead": "small & big blinds",
}


def to_pokerstars(hand: PlayedHand) -> tuple[list[str], int | None]:
    """The hand as PokerStars writes it for the player at the table (``table.hero``), and the
    index of the line a refusal case corrupted (its marked step), if any."""
    table = hand.table
    names = table.names

    def money(amount: int) -> str:
        return stars_money(amount, table)

    lines = [
        _header(table),
        f"Table '{table.table_name}' {table.max_seats}-max Seat #{table.button_seat} is the button",
    ]
    seats = sorted(
        [(seat, index) for index, seat in enumerate(table.seats)]
        + [(seat, -1 - k) for k, (seat, _, _) in enumerate(table.sitting_out)]
    )
    for seat, index in seats:
        if index >= 0:
            lines.append(f"Seat {seat}: {names[index]} ({money(table.stacks[index])} in chips)")
        else:
            _, name, stack = table.sitting_out[-1 - index]
            lines.append(f"Seat {seat}: {name} ({money(stack)} in chips) is sitting out")
    board: list[str] = []
    marked: int | None = None
    for step in hand.steps:
        if marked is None and step.marked:
            marked = len(lines) + (1 if step.kind == "deal" and step.player == 0 else 0)
        name = names[step.player] if step.player >= 0 else ""
        all_in = " and is all-in" if step.all_in else ""
        match step.kind:
            case "ante":
                lines.append(f"{name}: posts the ante {money(step.amount)}{all_in}")
            case "blind":
                words = POST_WORDS[step.post]
                lines.append(f"{name}: posts {words} {money(step.amount)}{all_in}")
            case "deal":
                if step.player == 0:
                    lines.append("*** HOLE CARDS ***")
                if step.player == table.hero:
                    lines.append(f"Dealt to {name} [{' '.join(step.cards)}]")
            case "board":
                title = ("FLOP", "TURN", "RIVER")[0 if not board else len(board) - 2]
                old = f"[{' '.join(board)}] " if board else ""
                lines.append(f"*** {title} *** {old}[{' '.join(step.cards)}]")
                board.extend(step.cards)
            case "fold":
                lines.append(f"{name}: folds")
            case "check":
                lines.append(f"{name}: checks")
            case "call":
                lines.append(f"{name}: calls {money(step.amount)}{all_in}")
            case "bet":
                lines.append(f"{name}: bets {money(step.to)}{all_in}")
            case "raise":
                lines.append(f"{name}: raises {money(step.amount)} to {money(step.to)}{all_in}")
            case "uncalled":
                lines.append(f"Uncalled bet ({money(step.amount)}) returned to {name}")
            case "show" if len(board) < 5:
                # All in before the river: the hands are turned up before the run-out.
                lines.append(f"{name}: shows [{' '.join(step.cards)}]")
            case "show" | "muck":
                pass
            case "malformed":
                lines.append(f"{name}: dances {money(step.amount)}")
            case "illegal_check":
                lines.append(f"{name}: checks")
    if not hand.complete:
        return lines, marked
    if hand.went_to_showdown:
        lines.append("*** SHOW DOWN ***")
        for step in hand.steps:
            if step.kind == "show":
                label = hand_name(step.cards, hand.board)
                lines.append(f"{names[step.player]}: shows [{' '.join(step.cards)}] ({label})")
            elif step.kind == "muck":
                lines.append(f"{names[step.player]}: mucks hand")
    lines.extend(_collections(hand, money))
    if not hand.went_to_showdown:
        winner = next(i for i in range(table.size) if sum(p[2][i] for p in hand.pots))
        lines.append(f"{names[winner]}: doesn't show hand")
    lines.extend(_summary(hand, money))
    return lines, marked


def _pot_label(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def _collections(hand: PlayedHand, money: Callable[[int], str]) -> list[str]:
    lines = []
    count = len(hand.pots)
    # PokerStars pays the last side pot first and the main pot last.
    for pot_index in reversed(range(count)):
        _, _, paid = hand.pots[pot_index]
        for player, amount in enumerate(paid):
            if amount:
                label = _pot_label(pot_index, count)
                lines.append(f"{hand.table.names[player]} collected {money(amount)} from {label}")
    return lines


def _summary(hand: PlayedHand, money: Callable[[int], str]) -> list[str]:
    table = hand.table
    total = sum(amount for amount, _, _ in hand.pots)
    parts = ""
    if len(hand.pots) > 1:
        parts = f" Main pot {money(hand.pots[0][0])}."
        for index, (amount, _, _) in enumerate(hand.pots[1:], start=1):
            label = "Side pot" if len(hand.pots) == 2 else f"Side pot-{index}"
            parts += f" {label} {money(amount)}."
    lines = ["*** SUMMARY ***", f"Total pot {money(total)}{parts} | Rake {money(hand.rake)}"]
    if hand.board:
        lines.append(f"Board [{' '.join(hand.board)}]")
    won = [sum(paid[i] for _, _, paid in hand.pots) for i in range(table.size)]
    for seat, index in sorted((seat, index) for index, seat in enumerate(table.seats)):
        roles = ""
        if seat == table.button_seat:
            roles += " (button)"
        if table.posts[index] == "small":
            roles += " (small blind)"
        elif table.posts[index] == "big":
            roles += " (big blind)"
        text = f"Seat {seat}: {table.names[index]}{roles} "
        if index in hand.folded_on:
            street = hand.folded_on[index]
            if street == 0:
                text += "folded before Flop"
                if not table.posts[index] and not _acted_with_chips(hand, index):
                    text += " (didn't bet)"
            else:
                text += f"folded on the {STREET_NAMES[street - 1]}"
        elif index in hand.shown:
            cards = " ".join(hand.shown[index])
            label = hand_name(hand.shown[index], hand.board)
            result = f"won ({money(won[index])})" if won[index] else "lost"
            text += f"showed [{cards}] and {result} with {label}"
        elif index in hand.mucked:
            text += "mucked" + (f" [{' '.join(hand.hole[index])}]" if index == table.hero else "")
        else:
            text += f"collected ({money(won[index])})"
        lines.append(text)
    return lines


def _acted_with_chips(hand: PlayedHand, index: int) -> bool:
    return any(
        step.player == index and step.kind in ("call", "bet", "raise") for step in hand.steps
    )


def phh_fields(hand: PlayedHand, *, hero_view: bool, venue: bool) -> list[tuple[str, str]]:
    """The hand's PHH fields, as (key, TOML value) pairs in the dataset's order."""
    table = hand.table
    scale = table.scale

    def amounts(values: Sequence[int]) -> str:
        return "[" + ", ".join(phh_money(value, scale) for value in values) + "]"

    actions = []
    shown = set(hand.shown)
    for action in hand.phh_actions:
        words = action.split()
        if hero_view and words[:2] == ["d", "dh"]:
            player = int(words[2][1:]) - 1
            if player != table.hero and player not in shown:
                action = f"d dh {words[2]} ????"
        if words[1:2] == ["cbr"]:
            action = f"{words[0]} cbr {phh_money(int(words[2]), scale)}"
        actions.append(action)
    fields = [
        ("variant", "'NT'"),
        ("ante_trimming_status", "false"),
        ("antes", amounts(table.raw(table.antes))),
        ("blinds_or_straddles", amounts(table.raw(table.blinds))),
        ("min_bet", phh_money(table.big_blind, scale)),
        ("starting_stacks", amounts(table.stacks)),
        ("actions", "[" + ", ".join(f"'{action}'" for action in actions) + "]"),
    ]
    if venue:
        fields.append(("venue", "'PokerStars'"))
    eastern = table.played_at - timedelta(hours=5)
    fields += [
        ("time", f"{eastern:%H:%M:%S}"),
        ("time_zone", "'ET'"),
        ("day", str(eastern.day)),
        ("month", str(eastern.month)),
        ("year", str(eastern.year)),
        ("hand", str(table.hand_id)),
    ]
    if table.tournament is not None:
        fields.append(("level", str(table.tournament.level)))
    fields += [
        ("seats", "[" + ", ".join(map(str, table.seats)) + "]"),
        ("seat_count", str(table.max_seats)),
        ("table", _toml_string(table.table_name)),
        ("players", "[" + ", ".join(_toml_string(name) for name in table.names) + "]"),
    ]
    if hand.complete:
        won = [sum(paid[i] for _, _, paid in hand.pots) for i in range(table.size)]
        fields.append(("winnings", amounts(won)))
    if table.currency:
        fields.append(("currency", f"'{table.currency}'"))
    if hand.complete and table.rake_percent:
        fields.append(("_rake", phh_money(hand.rake, scale)))
    return fields


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def to_phh(hand: PlayedHand, *, hero_view: bool, venue: bool, one_action_a_line: bool) -> str:
    lines = []
    for key, value in phh_fields(hand, hero_view=hero_view, venue=venue):
        if key == "actions" and one_action_a_line:
            inner = value[1:-1].split(", ")
            lines.append("actions = [")
            lines.extend(f"  {action}," for action in inner)
            lines.append("]")
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


# --- refusal cases: a good hand with one impossible thing in it -----------------------------


@dataclass(frozen=True)
class Corrupted:
    hand: PlayedHand
    code: str
    phh_twin: bool  # the same fault exists in the PHH twin (PHH has no "check" apart from "cc")


def _betting(step: Step) -> bool:
    return step.kind in ("fold", "check", "call", "bet", "raise")


def corrupt(hand: PlayedHand, code: str, rng: random.Random) -> Corrupted | None:
    """``hand`` with one fault of kind ``code``, or None when the hand has no place for it."""
    steps = list(hand.steps)
    actions = list(hand.phh_actions)
    table = hand.table
    places: list[int]
    if code == "out_of_turn":
        places = [
            k
            for k in range(len(steps) - 1)
            if _betting(steps[k])
            and _betting(steps[k + 1])
            and steps[k].player != steps[k + 1].player
        ]
        if not places:
            return None
        k = rng.choice(places)
        first, second = steps[k], steps[k + 1]
        steps[k] = dataclasses.replace(second, action=first.action, marked=True)
        steps[k + 1] = dataclasses.replace(first, action=second.action)
        actions[first.action], actions[second.action] = (
            actions[second.action],
            actions[first.action],
        )
    elif code == "bet_exceeds_stack":
        places = [k for k, step in enumerate(steps) if step.kind in ("bet", "raise")]
        if not places:
            return None
        k = rng.choice(places)
        step = steps[k]
        to = table.stacks[step.player] + table.big_blind * rng.randint(1, 5)
        steps[k] = dataclasses.replace(step, to=to, amount=step.amount + to - step.to, marked=True)
        actions[step.action] = f"p{step.player + 1} cbr {to}"
    elif code in ("unknown_card", "card_dealt_twice"):
        hero = table.hero
        flop = next((k for k, step in enumerate(steps) if step.kind == "board"), None)
        if hero is None or (code == "card_dealt_twice" and flop is None):
            return None
        deal = next(
            k for k, step in enumerate(steps) if step.kind == "deal" and step.player == hero
        )
        if code == "unknown_card":
            cards = (steps[deal].cards[0], rng.choice(("Zs", "1h", "Xd", "Kx")))
            steps[deal] = dataclasses.replace(steps[deal], cards=cards, marked=True)
            actions[steps[deal].action] = f"d dh p{hero + 1} {''.join(cards)}"
        else:
            assert flop is not None
            board = (steps[deal].cards[0], *steps[flop].cards[1:])
            steps[flop] = dataclasses.replace(steps[flop], cards=board, marked=True)
            actions[steps[flop].action] = f"d db {''.join(board)}"
    elif code == "illegal_action":
        # A raise smaller than the smallest legal raise, by a player with chips to spare.
        places = [
            k
            for k, step in enumerate(steps)
            if step.kind == "raise" and not step.all_in and step.amount >= 2 * _unit(table)
        ]
        if not places:
            return None
        k = rng.choice(places)
        step = steps[k]
        faced = step.to - step.amount
        to = faced + _unit(table)
        steps[k] = dataclasses.replace(step, to=to, amount=to - faced, marked=True)
        actions[step.action] = f"p{step.player + 1} cbr {to}"
    elif code == "illegal_check":
        places = [k for k, step in enumerate(steps) if step.kind == "call"]
        if not places:
            return None
        k = rng.choice(places)
        steps[k] = dataclasses.replace(steps[k], kind="illegal_check", marked=True)
        return Corrupted(dataclasses.replace(hand, steps=steps), "illegal_action", False)
    elif code == "malformed_line":
        places = [k for k, step in enumerate(steps) if _betting(step)]
        k = rng.choice(places)
        step = steps[k]
        steps[k] = dataclasses.replace(step, kind="malformed", amount=table.big_blind, marked=True)
        actions[step.action] = f"p{step.player + 1} dance"
    else:
        raise ValueError(code)
    corrupted = dataclasses.replace(hand, steps=steps, phh_actions=actions)
    return Corrupted(corrupted, code, True)


def _unit(table: Table) -> int:
    return 1


# --- the corpus -------------------------------------------------------------------------------

CASH_6MAX = Features(seats=(3, 6), sitting_out=0.2, antes=0.05)
FULL_RING = Features(
    seats=(7, 10), straddle=0.35, dead_blind=0.3, posted_blind=0.3, missing_small_blind=0.2
)
HEADS_UP = Features(seats=(2, 2), aggression=0.35)
TOURNAMENT = Features(
    seats=(2, 9), cash=0.0, antes=0.5, big_blind_ante=0.3, short_stack=0.3, aggression=0.3
)
ALL_IN = Features(seats=(2, 8), aggression=0.6, antes=0.2, straddle=0.2)
STOPS = Features(seats=(2, 9), stop_early=1.0, antes=0.2, straddle=0.2, hero=1.0)
MIXED = Features(
    seats=(2, 10), cash=0.7, straddle=0.15, dead_blind=0.1, posted_blind=0.1,
    missing_small_blind=0.1, antes=0.2, big_blind_ante=0.2, short_stack=0.1, sitting_out=0.1,
    aggression=0.3, hero=1.0,
)  # fmt: skip
KNOWN_CARDS = Features(seats=(2, 10), cash=0.5, antes=0.4, straddle=0.2, aggression=0.4)

# (file stem, features, hands): PokerStars text with its hero-view PHHS twin.
POKERSTARS_FILES = (
    ("cash_6max", CASH_6MAX, 26),
    ("full_ring", FULL_RING, 22),
    ("heads_up", HEADS_UP, 10),
    ("tournament", TOURNAMENT, 20),
    ("all_in", ALL_IN, 14),
    ("stops_early", STOPS, 8),
)
# (file stem, features, hands): PHHS with every card known.
PHHS_FILES = (("final_table", KNOWN_CARDS, 20), ("cash_known", CASH_6MAX, 12))
SINGLE_PHH = 12
REFUSAL_CODES = (
    "out_of_turn", "bet_exceeds_stack", "unknown_card", "card_dealt_twice", "illegal_action",
    "malformed_line",
)  # fmt: skip
NOT_HAND_HISTORIES = {
    "not_hand_history/notes.txt": (
        "Thursday game, 4 players.\nBring chips and the good cards.\n"
        "Hand #3 was the big one: Ben had aces.\n"
    ),
    "not_hand_history/results.csv": (
        "date,player,net\n2026-03-01,ben,12.50\n2026-03-01,ana,-12.50\n"
    ),
    "not_hand_history/settings.phh": "title = 'My table'\ntheme = 'dark'\n",
    "not_hand_history/empty.txt": "",
}


@dataclass
class Corpus:
    root: Path
    expected: dict[str, dict[str, Any]] = field(default_factory=dict)
    refusals: list[dict[str, Any]] = field(default_factory=list)

    def write(self, relative: str, text: str) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class Dealer:
    """Hands one after another: hand ids rise, the clock moves on."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.hand_ids = itertools.count(254_100_000_000 + self.rng.randrange(10**8), 7)
        self.clock = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)

    def hand(self, features: Features, *, reference: bool = True) -> PlayedHand:
        self.clock += timedelta(seconds=self.rng.randint(20, 240))
        table = make_table(self.rng, features, next(self.hand_ids), self.clock)
        return play(table, self.rng, features, reference=reference)

    def again(self, hand: PlayedHand) -> PlayedHand:
        """``hand`` played again later under a new hand number (same cards and actions)."""
        self.clock += timedelta(seconds=self.rng.randint(20, 240))
        table = dataclasses.replace(hand.table, hand_id=next(self.hand_ids), played_at=self.clock)
        return dataclasses.replace(hand, table=table)


def hand_cases(hand: PlayedHand, *, hero_view: bool) -> list[str]:
    cases = set(hand.cases)
    kinds = {step.kind for step in hand.steps}
    if "uncalled" in kinds:
        cases.add("uncalled_bet")
    if any(step.all_in for step in hand.steps):
        cases.add("all_in")
    if hand.went_to_showdown:
        cases.add("showdown")
    if hand.mucked:
        cases.add("partial_show")
    if _runout(hand):
        cases.add("all_in_runout")
    if hand.rake:
        cases.add("rake")
    if len(hand.pots) > 1:
        cases.add("side_pots")
    if any(sum(1 for amount in paid if amount) > 1 for _, _, paid in hand.pots):
        cases.add("split_pot")
    if not hand.complete:
        cases.add("stops_early")
    if hero_view and any(
        i != hand.table.hero and i not in hand.shown for i in range(hand.table.size)
    ):
        cases.add("unknown_hole_cards")
    if hero_view and hand.table.hero is None:
        cases.add("no_hero")
    return sorted(cases)


def _runout(hand: PlayedHand) -> bool:
    board = 0
    for step in hand.steps:
        if step.kind == "board":
            board += len(step.cards)
        if step.kind == "show" and board < 5:
            return True
    return False


def expected_entry(hand: PlayedHand, *, line: int, fmt: str, hero_view: bool) -> dict[str, Any]:
    """The reference figures of one good hand. Players in the file's order: seat order for
    PokerStars text, the ``players`` field's order for PHH."""
    table = hand.table
    order = list(range(table.size))
    if fmt == "pokerstars":
        order.sort(key=lambda index: table.seats[index])
    rake_by_player = (
        [a - b for a, b in zip(hand.stacks_without_rake, hand.finishing_stacks, strict=True)]
        if hand.complete
        else [0] * table.size
    )
    return {
        "format": fmt,
        "line": line,
        "hand_id": str(table.hand_id),
        "players": [table.names[i] for i in order],
        "finishing_stacks": [hand.finishing_stacks[i] for i in order],
        "rake": hand.rake,
        "rake_by_player": [rake_by_player[i] for i in order],
        "scale": table.scale,
        "complete": hand.complete,
        "went_to_showdown": hand.went_to_showdown,
        "cases": hand_cases(hand, hero_view=hero_view),
    }


def _stars_file(
    corpus: Corpus, stem: str, items: list[PlayedHand | Corrupted], *, bom: bool = False
) -> None:
    """A PokerStars file and its hero-view PHHS twin; good hands into expected.json, refused
    ones into refusals.json."""
    stars_name, twin_name = f"pokerstars/{stem}.txt", f"twins/{stem}.phhs"
    stars: list[str] = []
    twin: list[str] = []
    for index, item in enumerate(items, start=1):
        hand = item.hand if isinstance(item, Corrupted) else item
        start = len(stars) + 1
        lines, marked = to_pokerstars(hand)
        stars.extend([*lines, "", ""])
        twin_start = len(twin) + 1
        fields = phh_fields(hand, hero_view=True, venue=True)
        twin.extend([f"[{index}]", *(f"{key} = {value}" for key, value in fields), ""])
        actions_line = twin_start + 1 + [key for key, _ in fields].index("actions")
        if isinstance(item, Corrupted):
            assert marked is not None
            stars_refusal = {
                "file": stars_name,
                "index": index,
                "hand_id": str(hand.table.hand_id),
                "hand_line": start,
                "line": start + marked,
                "code": item.code,
                "got": lines[marked],
            }
            twin_refusal = {
                "file": twin_name,
                "index": index,
                "hand_id": str(hand.table.hand_id),
                "hand_line": twin_start,
                "line": actions_line,
                "code": item.code,
                "action": _marked_action(hand),
            }
            corpus.refusals.append(stars_refusal | {"twin": f"{twin_name}#{index}"})
            if item.phh_twin:
                corpus.refusals.append(twin_refusal)
            else:
                # PHH's "cc" is check or call: the twin of an impossible check is a good hand.
                corpus.expected[f"{twin_name}#{index}"] = expected_entry(
                    _uncorrupted(hand), line=twin_start, fmt="phhs", hero_view=True
                )
            continue
        corpus.expected[f"{stars_name}#{index}"] = expected_entry(
            hand, line=start, fmt="pokerstars", hero_view=True
        )
        corpus.expected[f"{twin_name}#{index}"] = expected_entry(
            hand, line=twin_start, fmt="phhs", hero_view=True
        )
    corpus.write(stars_name, ("\ufeff" if bom else "") + "\n".join(stars).rstrip("\n") + "\n")
    corpus.write(twin_name, "\n".join(twin).rstrip("\n") + "\n")


def _marked_action(hand: PlayedHand) -> int:
    """The index in ``actions`` of the corrupted action."""
    return next(step.action for step in hand.steps if step.marked)


def _uncorrupted(hand: PlayedHand) -> PlayedHand:
    steps = [
        dataclasses.replace(step, kind="call", marked=False) if step.marked else step
        for step in hand.steps
    ]
    return dataclasses.replace(hand, steps=steps)


def build_corpus(root: Path, seed: int) -> Corpus:
    corpus = Corpus(root)
    dealer = Dealer(seed)
    for stem, features, count in POKERSTARS_FILES:
        hands: list[PlayedHand | Corrupted] = [dealer.hand(features) for _ in range(count)]
        _stars_file(corpus, stem, hands, bom=stem == "cash_6max")
    # Good and impossible hands mixed: the good ones must still be imported.
    mixed: list[PlayedHand | Corrupted] = []
    for code in (*REFUSAL_CODES, "illegal_check", *REFUSAL_CODES):
        mixed.append(dealer.hand(MIXED))
        while True:
            corrupted = corrupt(dealer.hand(MIXED), code, dealer.rng)
            if corrupted is not None:
                mixed.append(corrupted)
                break
    _stars_file(corpus, "with_refusals", mixed)
    for stem, features, count in PHHS_FILES:
        name = f"phhs/{stem}.phhs"
        lines: list[str] = []
        for index in range(1, count + 1):
            hand = dealer.hand(features)
            start = len(lines) + 1
            fields = phh_fields(hand, hero_view=False, venue=False)
            lines.extend([f"[{index}]", *(f"{key} = {value}" for key, value in fields), ""])
            corpus.expected[f"{name}#{index}"] = expected_entry(
                hand, line=start, fmt="phhs", hero_view=False
            )
        corpus.write(name, "\n".join(lines).rstrip("\n") + "\n")
    for number in range(1, SINGLE_PHH + 1):
        features = (KNOWN_CARDS, FULL_RING, TOURNAMENT, HEADS_UP)[number % 4]
        hand = dealer.hand(dataclasses.replace(features, hero=0.0))
        name = f"phh/hand_{number:02d}.phh"
        corpus.write(name, to_phh(hand, hero_view=False, venue=False, one_action_a_line=True))
        corpus.expected[f"{name}#1"] = expected_entry(hand, line=1, fmt="phh", hero_view=False)
    for number, code in enumerate(REFUSAL_CODES, start=1):
        while True:
            corrupted = corrupt(dealer.hand(dataclasses.replace(MIXED, hero=1.0)), code, dealer.rng)
            if corrupted is not None and corrupted.phh_twin:
                break
        name = f"phh/refused_{number:02d}_{code}.phh"
        text = to_phh(corrupted.hand, hero_view=False, venue=False, one_action_a_line=True)
        corpus.write(name, text)
        action = _marked_action(corrupted.hand)
        actions_line = text.splitlines().index("actions = [") + 1
        corpus.refusals.append(
            {
                "file": name,
                "index": 1,
                "hand_id": str(corrupted.hand.table.hand_id),
                "hand_line": 1,
                "line": actions_line + 1 + action,
                "code": code,
                "action": action,
            }
        )
    for name, text in NOT_HAND_HISTORIES.items():
        corpus.write(name, text)
        corpus.refusals.append(
            {"file": name, "index": None, "hand_id": None, "hand_line": None, "line": None,
             "code": "not_a_hand_history"}
        )  # fmt: skip
    corpus.write("expected.json", _json_lines(corpus.expected))
    corpus.write("refusals.json", _json_list(corpus.refusals))
    return corpus


def _json_lines(entries: dict[str, dict[str, Any]]) -> str:
    """One hand a line: small on disk, and a diff shows which hands changed."""
    rows = [
        f"{json.dumps(key)}: {json.dumps(entry, ensure_ascii=False)}"
        for key, entry in sorted(entries.items())
    ]
    return "{\n" + ",\n".join(rows) + "\n}\n"


def _json_list(items: list[dict[str, Any]]) -> str:
    return "[\n" + ",\n".join(json.dumps(item, ensure_ascii=False) for item in items) + "\n]\n"


# --- the bench's big file ---------------------------------------------------------------------

BENCH_PROFILES = (CASH_6MAX, FULL_RING, HEADS_UP, TOURNAMENT, ALL_IN, MIXED)


def stream_hands(count: int, seed: int, fmt: str, out: TextIO, distinct: int = 1000) -> None:
    """``count`` hands written one by one. PokerKit plays ``distinct`` of them (about 0.1 s
    each); the rest repeat those under new hand numbers and times, so a 100,000-hand file takes
    minutes, not hours. Memory holds the ``distinct`` hands, whatever ``count`` is."""
    dealer = Dealer(seed)
    pool: list[PlayedHand] = []
    for index in range(1, count + 1):
        if len(pool) < distinct:
            features = dataclasses.replace(BENCH_PROFILES[index % len(BENCH_PROFILES)], hero=1.0)
            hand = dealer.hand(features, reference=False)
            pool.append(hand)
        else:
            hand = dealer.again(pool[index % distinct])
        if fmt == "pokerstars":
            lines, _ = to_pokerstars(hand)
            out.write("\n".join(lines) + "\n\n\n")
        else:
            fields = phh_fields(hand, hero_view=True, venue=True)
            out.write("\n".join([f"[{index}]", *(f"{k} = {v}" for k, v in fields)]) + "\n\n")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--hands", type=int, help="stream this many hands to --out")
    parser.add_argument("--format", choices=("pokerstars", "phhs"), default="pokerstars")
    parser.add_argument("--out", type=Path, help="file for --hands (default: stdout)")
    parser.add_argument("--distinct", type=int, default=1000, help="hands PokerKit plays")
    parser.add_argument("--corpus", type=Path, default=DATA, help="where the corpus goes")
    args = parser.parse_args(argv)
    if args.hands is None:
        corpus = build_corpus(args.corpus, args.seed)
        good, refused = len(corpus.expected), len(corpus.refusals)
        print(f"{good} good hands, {refused} refusals in {args.corpus}")
        return
    if args.out is None:
        stream_hands(args.hands, args.seed, args.format, sys.stdout, args.distinct)
        return
    with args.out.open("w", encoding="utf-8") as out:
        stream_hands(args.hands, args.seed, args.format, out, args.distinct)


if __name__ == "__main__":
    main()
