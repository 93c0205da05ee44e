"""Reading the table: what a seat's visible history says about the hand and the opponents.

:func:`current_hand` lists the actions of the hand in play (street by street); :func:`profiles`
sums up each opponent over the earlier hands in the history — how often they play a hand, raise,
bet, fold to a bet (after the flop, and to any bet or raise on any street), how big their bets
are, and whether the hands they showed down after betting were strong. Every count
starts from a prior (pseudo-counts), so a few hands move an estimate only a little: a maniac is
recognised within a dozen hands, a calling station within a few streets.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from bots.policies import Record
from games.engine.holdem.evaluator import HIGH_CARD, PAIR, category, evaluate

PREFIX = "holdem."
ACTION_TYPES = {
    "holdem.folded": "fold",
    "holdem.checked": "check",
    "holdem.called": "call",
    "holdem.bet": "bet",
    "holdem.raised": "raise",
}


@dataclass(frozen=True, slots=True)
class Action:
    street: str
    seat: int
    kind: str  # fold, check, call, bet, raise
    to: int  # the seat's total bet this round after the action
    facing: int  # what the seat owed before acting
    all_in: bool
    pot: int = 0  # every chip in the middle before the action, this round's bets included


@dataclass(slots=True)
class HandRecord:
    """One hand as a seat saw it: the actions, the board and any hands shown."""

    number: int = 0
    button: int | None = None
    big_blind_seat: int | None = None
    actions: list[Action] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    shown: dict[int, tuple[str, ...]] = field(default_factory=dict)
    dealt: list[int] = field(default_factory=list)
    over: bool = False


def split_hands(history: Sequence[Record]) -> list[HandRecord]:
    """Every hand in the history, in order; the last one may still be in play."""
    hands: list[HandRecord] = []
    hand: HandRecord | None = None
    # Chips behind each seat, known once the history shows a match start or a hand's end.
    stacks: dict[int, int] | None = None
    bets: dict[int, int] = {}
    street = "preflop"
    current_bet = pot = 0
    for record in history:
        kind = record["type"]
        payload = record["payload"]
        if kind == "holdem.hand_started":
            hand = HandRecord(number=payload["hand_number"], button=payload["button"])
            hands.append(hand)
            street, current_bet, bets, pot = "preflop", 0, {}, 0
            continue
        if kind == "holdem.match_started" or kind == "holdem.match_restarted":
            stacks = dict(enumerate(payload["stacks"]))
            continue
        if kind == "holdem.hand_ended":
            stacks = dict(enumerate(payload["stacks"]))
            if hand is not None:
                hand.over = True
            continue
        if hand is None:
            continue
        if kind == "holdem.blind_posted" or kind == "holdem.ante_posted":
            seat = payload["seat"]
            pot += payload["amount"]
            if stacks is not None:
                stacks[seat] = stacks.get(seat, 0) - payload["amount"]
            if kind == "holdem.blind_posted":
                bets[seat] = bets.get(seat, 0) + payload["amount"]
                current_bet = max(current_bet, bets[seat])
                if payload["blind"] == "big":
                    hand.big_blind_seat = seat
        elif kind == "holdem.hole_cards_dealt":
            hand.dealt.append(payload["seat"])
        elif kind == "holdem.board_dealt":
            street, current_bet, bets = payload["street"], 0, {}
            hand.board.extend(payload["cards"])
        elif kind in ACTION_TYPES:
            seat = payload["seat"]
            before = bets.get(seat, 0)
            action = ACTION_TYPES[kind]
            if action == "call":
                to = before + payload["amount"]
            elif action in ("bet", "raise"):
                to = payload["to"]
            else:
                to = before
            all_in = False
            if stacks is not None:
                stacks[seat] = stacks.get(seat, 0) - (to - before)
                all_in = stacks[seat] <= 0 and to > before
            bets[seat] = to
            facing = current_bet - before
            current_bet = max(current_bet, to)
            hand.actions.append(Action(street, seat, action, to, facing, all_in, pot))
            pot += to - before
        elif kind == "holdem.uncalled_bet_returned" and stacks is not None:
            stacks[payload["seat"]] = stacks.get(payload["seat"], 0) + payload["amount"]
        elif kind == "holdem.hand_shown":
            hand.shown[payload["seat"]] = tuple(payload["cards"])
    return hands


# The events that set every seat's chips behind: where a split may start and know them.
_STACKS_KNOWN = ("holdem.match_started", "holdem.match_restarted", "holdem.hand_ended")


def current_hand(history: Sequence[Record]) -> HandRecord:
    """The hand in play (an empty record between hands), as :func:`split_hands` reads it: split
    from the last event before its start that tells the stacks, not from the beginning (a bot
    asks on every decision, and its history holds many hands)."""
    start = _last_index(history, ("holdem.hand_started",), len(history))
    if start is None:
        return HandRecord()
    known = _last_index(history, _STACKS_KNOWN, start)
    hands = split_hands(history[known if known is not None else start :])
    return hands[-1] if hands and not hands[-1].over else HandRecord()


def _last_index(history: Sequence[Record], kinds: tuple[str, ...], before: int) -> int | None:
    for index in range(before - 1, -1, -1):
        if history[index]["type"] in kinds:
            return index
    return None


@dataclass(slots=True)
class Profile:
    """One opponent's tendencies, each a smoothed frequency in 0..1."""

    hands: int = 0
    vpip: float = 0.35  # voluntarily put chips in preflop
    pfr: float = 0.18  # raised preflop
    shove: float = 0.03  # went all-in preflop
    aggression: float = 0.3  # bets and raises among their post-flop actions
    fold_to_bet: float = 0.3  # folds when facing a post-flop bet
    calls_down: float = 0.5  # calls (rather than folds) facing a post-flop bet
    bluffs: float = 0.2  # weak hands among the hands they showed after betting or raising
    raise_rate: float = 0.15  # bets and raises among all their decisions, every street
    preflop_raise_rate: float = 0.15  # raises among their decisions before the flop
    stab: float = 0.4  # bets when checked to (or first to act) after the flop
    folds: float = 0.45  # folds when facing a bet or raise, on any street (blinds aside)
    bet_size: float = 0.7  # post-flop bets and raises short of all-in, in pots (beyond a call)

    @property
    def reckless(self) -> float:
        """0 for a sound player, towards 1 the more their bets carry no information.

        Counted per decision (not per hand) and with all-ins weighing in, a maniac shows within
        a few hands — before most of the chips are gone.
        """
        return _reckless(self.raise_rate, self.shove)

    @property
    def reckless_preflop(self) -> float:
        """:attr:`reckless` from their raising before the flop only: a player who bets after
        the flop whenever behind (``Exploiter``) raises as a sound player does before it, and
        their opens are no wider for their bluffs later in the hand."""
        return _reckless(self.preflop_raise_rate, self.shove)

    @property
    def push_fold(self) -> float:
        """0 for a player whose raises are raises, towards 1 the more of them are all-ins: a
        push/fold player at deep stacks, who bleeds blinds waiting for a hand."""
        return max(0.0, min(1.0, (self.shove / max(self.pfr, 0.01) - 0.4) / 0.4))

    @property
    def loose_passive(self) -> float:
        """0 for a player who raises the hands they play, towards 1 the more they just call
        instead — the big, steady mistake of a calling station."""
        return max(0.0, min(1.0, (self.vpip - self.pfr - 0.15) / 0.25))


def _reckless(raise_rate: float, shove: float) -> float:
    return max(0.0, min(1.0, (raise_rate - 0.22) * 3.0 + (shove - 0.05) * 3.0))


# (prior frequency, prior weight) for each profile field.
_PRIORS = {
    "vpip": (0.35, 5.0),
    "pfr": (0.18, 5.0),
    "shove": (0.03, 10.0),
    "aggression": (0.3, 3.0),
    "fold_to_bet": (0.3, 4.0),
    "bluffs": (0.2, 3.0),
    "raise_rate": (0.15, 6.0),
    "preflop_raise_rate": (0.15, 6.0),  # as every street's: a sound player's share
    # A player who bets whenever checked to shows it within a few hands: a light prior.
    "stab": (0.4, 3.0),
    "folds": (0.45, 2.0),
    "bet_size": (0.7, 2.0),
}


def _smoothed(name: str, hits: float, trials: float) -> float:
    prior, weight = _PRIORS[name]
    return (hits + prior * weight) / (trials + weight)


_COUNTERS = (
    "preflop_decisions",
    "preflop_raises",
    "hands",
    "vpip",
    "pfr",
    "shove",
    "post",
    "aggr",
    "faced",
    "folded",
    "showdowns",
    "weak",
    "decisions",
    "raises",
    "unopened",
    "stabs",
    "facing",
    "gave_up",
    "sized",
    "pots",
)


def profiles(hands: Sequence[HandRecord], seats: int) -> list[Profile]:
    """Each seat's profile from the hands in ``hands``: the finished ones, and the raising
    already seen in the hand in play (a third raise in one hand says as much as a third hand)."""
    counts: list[dict[str, float]] = [dict.fromkeys(_COUNTERS, 0.0) for _ in range(seats)]
    for hand in hands:
        if not hand.over:
            for action, against_a_bet in _against_bets(hand.actions):
                if action.seat < seats:
                    _count_decision(counts[action.seat], action, against_a_bet)
            continue
        aggressive: set[int] = set()
        for seat in hand.dealt:
            if seat < seats:
                counts[seat]["hands"] += 1
        voluntary: set[int] = set()
        raised: set[int] = set()
        for action, against_a_bet in _against_bets(hand.actions):
            c = counts[action.seat] if action.seat < seats else None
            if c is None:
                continue
            _count_decision(c, action, against_a_bet)
            if action.street == "preflop":
                if action.kind in ("call", "bet", "raise"):
                    voluntary.add(action.seat)
                if action.kind in ("bet", "raise"):
                    raised.add(action.seat)
                    if action.all_in:
                        c["shove"] += 1
                continue
            c["post"] += 1
            if action.kind in ("bet", "raise"):
                c["aggr"] += 1
                if not action.all_in:  # an all-in's size is the stack's, not a choice
                    c["sized"] += 1
                    c["pots"] += _pots(action)
                aggressive.add(action.seat)
            if action.facing > 0:
                c["faced"] += 1
                if action.kind == "fold":
                    c["folded"] += 1
            elif action.kind in ("check", "bet"):
                c["unopened"] += 1
                c["stabs"] += action.kind == "bet"
        for seat in voluntary:
            counts[seat]["vpip"] += 1
        for seat in raised:
            counts[seat]["pfr"] += 1
        if len(hand.board) == 5:
            for seat, cards in hand.shown.items():
                if seat in aggressive and seat < seats:
                    counts[seat]["showdowns"] += 1
                    counts[seat]["weak"] += _weak(cards, hand.board)
    result = []
    for c in counts:
        fold_to_bet = _smoothed("fold_to_bet", c["folded"], c["faced"])
        result.append(
            Profile(
                hands=int(c["hands"]),
                vpip=_smoothed("vpip", c["vpip"], c["hands"]),
                pfr=_smoothed("pfr", c["pfr"], c["hands"]),
                shove=_smoothed("shove", c["shove"], c["hands"]),
                aggression=_smoothed("aggression", c["aggr"], c["post"]),
                fold_to_bet=fold_to_bet,
                calls_down=1.0 - fold_to_bet,
                bluffs=_smoothed("bluffs", c["weak"], c["showdowns"]),
                raise_rate=_smoothed("raise_rate", c["raises"], c["decisions"]),
                preflop_raise_rate=_smoothed(
                    "preflop_raise_rate", c["preflop_raises"], c["preflop_decisions"]
                ),
                stab=_smoothed("stab", c["stabs"], c["unopened"]),
                folds=_smoothed("folds", c["gave_up"], c["facing"]),
                bet_size=_smoothed("bet_size", c["pots"], c["sized"]),
            )
        )
    return result


def _pots(action: Action) -> float:
    """A post-flop bet or raise's size beyond the call, in pots after the call (at most 5):
    its bet before this one on the street is taken as none."""
    return min((action.to - action.facing) / max(action.pot + action.facing, 1), 5.0)


def _against_bets(actions: Sequence[Action]) -> Iterator[tuple[Action, bool]]:
    """Each action, and whether it answered a bet or raise (owing only the big blind is not:
    a small blind that never folds there may still fold to every raise)."""
    raised: set[str] = set()
    for action in actions:
        yield action, action.facing > 0 and action.street in raised
        if action.kind in ("bet", "raise"):
            raised.add(action.street)


def _count_decision(counts: dict[str, float], action: Action, against_a_bet: bool) -> None:
    counts["decisions"] += 1
    counts["raises"] += action.kind in ("bet", "raise")
    if action.street == "preflop":
        counts["preflop_decisions"] += 1
        counts["preflop_raises"] += action.kind in ("bet", "raise")
    if against_a_bet:
        counts["facing"] += 1
        counts["gave_up"] += action.kind == "fold"


def _weak(cards: Sequence[str], board: Sequence[str]) -> int:
    """1 when the shown hand is no better than the board's own pair (or high card)."""
    value = evaluate([*cards, *board])
    if category(value) == HIGH_CARD:
        return 1
    return int(category(value) == PAIR and category(evaluate(board)) == PAIR)
