"""Sparring partners: four stronger baselines that test the levels (the hard one above all).

- ``aggressor`` (:class:`Aggressor`) pushes people around: wide opens, light 3-bets, a bet on
  every street when checked to, raises with draws and strong hands; it folds only its weakest.
- ``nash`` (:class:`NashPusher`) plays push/fold at every depth from the equilibrium charts.
- ``reg`` (:class:`Regular`) is a solid tight-aggressive regular: ranges by position, equity
  sampled against each opponent's estimated range, value bets, sound calls, some bluffs.
- ``exploiter`` (:class:`Exploiter`) plays like ``reg`` but bluffs every spot a player's
  measured folding pays for, and never a player who calls.

All are pure policies (:class:`bots.policies.Bot`): the same view, history and seed give the
same answer. Nothing here imports Django.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bots.holdem import pushfold, reading
from bots.holdem.combos import COMBO_INDEX
from bots.holdem.preflop import equity_versus_top, hand_class, hand_percentile, top_range
from bots.holdem.ranges import (
    Showdowns,
    likely_check,
    likely_from_top,
    likely_to_continue,
    range_percentile,
    read_board,
    sample_equity,
)
from bots.holdem.reading import Action, HandRecord, Profile
from bots.holdem.spot import Spot
from bots.policies import Choice, Record, View
from games.engine.holdem.evaluator import STRAIGHT, category, evaluate_indices

PUSH_FOLD_DEPTH = 12.0  # big blinds: the regular shoves or folds at or below this depth

_STREET_CARDS = (("flop", 3), ("turn", 4), ("river", 5))


# --- what every sparring partner reads --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """What a seat has read: the spot it decides in, the hands so far, each seat's profile."""

    spot: Spot
    hands: list[HandRecord]
    profiles: list[Profile]


def _read(view: View, history: Sequence[Record]) -> Table:
    hands = reading.split_hands(history)
    hand = hands[-1] if hands and not hands[-1].over else HandRecord()
    spot = Spot(view=view, hand=hand)
    return Table(spot, hands, reading.profiles(hands, len(view["seats"])))


@dataclass(frozen=True, slots=True)
class _Holding:
    """This seat's cards on the board: strength in 0..1 among all combos (draws lifted), whether
    that strength is a draw's, and whether a hole card makes a pair or better."""

    strength: float
    drawing: bool
    paired: bool

    @property
    def strong(self) -> bool:
        return self.strength >= 0.85 and not self.drawing


def _holding(spot: Spot) -> _Holding:
    board = read_board(spot.board)
    index = COMBO_INDEX[spot.hole]
    ranks = {card // 4 for card in spot.board}
    first, second = spot.hole[0] // 4, spot.hole[1] // 4
    made = category(evaluate_indices([*spot.hole, *spot.board]))
    paired = first == second or first in ranks or second in ranks or made >= STRAIGHT
    return _Holding(float(board.strength[index]), bool(board.drawing[index]), paired)


def _acted_this_street(spot: Spot) -> bool:
    """Whether this seat already bet or raised this street (so a bet now is a raise of it)."""
    return any(
        a.seat == spot.seat and a.kind in ("bet", "raise") for a in spot.actions_on(spot.street)
    )


# --- push/fold ----------------------------------------------------------------------------


def _unopened_shove(spot: Spot) -> bool:
    # Everyone still holding cards may call: the players to act, and any limpers.
    behind = len(spot.opponents)
    return pushfold.shoves(hand_class(*spot.hole), behind, spot.effective_big_blinds)


def _calls_raise(spot: Spot, last: Action) -> bool:
    """Whether a push/fold player puts all its chips in against ``last`` (a shove, or a raise
    it answers as if it were one)."""
    shover_behind = len([s for s in spot.still_in_at(last) if s != last.seat])
    seats = spot.view["seats"]
    pending = [
        s
        for s in spot.opponents
        if s != last.seat and not seats[s]["all_in"] and seats[s]["bet"] < spot.current_bet
    ]
    # Players who already called are in the pot too: count them as players still to beat.
    callers = [s for s in spot.opponents if s != last.seat and s not in pending]
    depth = min(spot.chips(spot.seat), spot.chips(last.seat)) / spot.big_blind
    after_me = len(pending) + len(callers)
    return pushfold.calls_shove(hand_class(*spot.hole), shover_behind, after_me, depth)


# --- 1. the aggressor -------------------------------------------------------------------


class Aggressor:
    """Pushes the table around.

    Preflop it opens about half its hands (more three-handed, most heads-up), raises limpers,
    3-bets the top of its range and a good share of the next 30% as bluffs, and calls raises
    with the top half from the big blind (less elsewhere); facing an all-in or a big re-raise it
    keeps only strong hands. After the flop it bets whenever it is checked to, street after
    street: 75% of the pot with a pair or better, 60–66% with draws and air — the one read it
    keeps is that air stops barrelling the turn and river into players seen to fold to fewer
    than 30% of bets. Bet into, it raises with draws and strong hands, calls with any pair (a
    weak one only cheaply after the flop), floats the flop with air when the price is small (now
    and then raising it as a bluff), and folds air facing a raise or a turn or river bet.
    """

    OPEN_WIDTHS = {2: 0.8, 3: 0.6, 4: 0.48}
    GIVE_UP = 0.3  # fold-to-bet below which a player counts as one who never folds

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        if not view["board"]:
            return self._preflop(Spot.read(view, history), rng)
        table = _read(view, history)
        return self._postflop(table.spot, rng, table.profiles)

    def _preflop(self, spot: Spot, rng: random.Random) -> Choice:
        percentile = hand_percentile(hand_class(*spot.hole))
        big = spot.big_blind
        raises = spot.preflop_raises
        if not raises:
            if not spot.facing_bet:
                if spot.can_raise and percentile < 0.4:
                    return spot.raise_to(big * (3 + len(spot.limpers)))
                return "check", None
            width = self.OPEN_WIDTHS.get(len(spot.dealt), 0.48)
            if spot.limpers:
                width *= 0.8
            if percentile < width:
                return spot.raise_to(round(big * (2.5 + len(spot.limpers))))
            return "fold", None
        last = raises[-1]
        shoved = last.all_in or spot.is_all_in(last.seat)
        heads_up = len(spot.opponents) == 1
        if shoved or spot.to_call >= 0.4 * spot.chips(spot.seat):
            keep = 0.2 if heads_up else 0.12
            if percentile < keep:
                return spot.all_in() if not shoved else ("call", None)
            return "fold", None
        if len(raises) == 1:
            light = percentile < 0.42 and rng.random() < 0.35
            if percentile < 0.12 or light:
                factor = 3.0 if spot.acts_last_postflop else 3.6
                return spot.raise_to(round(last.to * factor))
            defend = 0.38 if spot.acts_last_postflop else 0.25
            if spot.position == "BB":
                defend = 0.5  # already half in, and closing the action
            return ("call", None) if percentile < defend else ("fold", None)
        if percentile < 0.05:
            return spot.all_in()
        if percentile < 0.2 and spot.to_call <= 0.2 * spot.chips(spot.seat):
            return "call", None
        return "fold", None

    def _postflop(self, spot: Spot, rng: random.Random, profiles: list[Profile]) -> Choice:
        holding = _holding(spot)
        if not spot.facing_bet:
            if not spot.can_raise:
                return "check", None
            if holding.paired or holding.strength >= 0.7:
                return spot.raise_to(spot.bet_to(0.75))
            callers = all(profiles[s].fold_to_bet < self.GIVE_UP for s in spot.opponents)
            if spot.street != "flop" and not holding.drawing and callers:
                return "check", None  # the one read it keeps: air does not barrel a station
            return spot.raise_to(spot.bet_to(rng.uniform(0.6, 0.66)))
        reraised = _acted_this_street(spot)
        if holding.strong:
            return spot.all_in() if reraised else spot.raise_to(spot.bet_to(0.9))
        if holding.drawing:
            if reraised:
                return ("call", None) if spot.pot_odds < 0.4 else ("fold", None)
            return spot.raise_to(spot.bet_to(0.9))
        if holding.paired:
            # A weak pair goes on cheaply, or until the river tells it it is beaten.
            weak = holding.strength < 0.6 and spot.street != "flop"
            if (reraised or weak) and spot.pot_odds > 0.25:
                return "fold", None
            return "call", None
        if reraised or spot.street != "flop":
            return "fold", None
        if rng.random() < 0.2:
            return spot.raise_to(spot.bet_to(0.9))
        return ("call", None) if spot.pot_odds < 0.3 else ("fold", None)


# --- 2. the push/fold player ------------------------------------------------------------


class NashPusher:
    """A push/fold short-stack player at every stack depth.

    Unopened (limpers or not) it moves all-in with the equilibrium pushing range for the
    players left to act and the effective stack, else folds — checks when it may. Facing a raise
    or an all-in it moves all-in (or calls the all-in) with the equilibrium calling range for
    that spot, else folds. After the flop, reached only in limped or checked pots, it checks,
    and facing a bet calls with a pair or better that uses a hole card, folding the rest.
    The charts are :mod:`bots.holdem.pushfold`'s.
    """

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        spot = Spot.read(view, history)
        if not spot.preflop:
            if not spot.facing_bet:
                return "check", None
            return ("call", None) if _holding(spot).paired else ("fold", None)
        raises = spot.preflop_raises
        if not raises:
            if not spot.facing_bet:
                return "check", None
            return spot.all_in() if _unopened_shove(spot) else ("fold", None)
        last = raises[-1]
        if not _calls_raise(spot, last):
            return "fold", None
        return spot.all_in() if spot.can_raise else ("call", None)


# --- 3. the regular ---------------------------------------------------------------------

# Opening widths by (players dealt, position); heads-up the button opens most hands.
_OPEN_WIDTHS = {
    (4, "CO"): 0.22,
    (4, "BTN"): 0.4,
    (4, "SB"): 0.36,
    (3, "BTN"): 0.34,
    (3, "SB"): 0.4,
    (2, "BTN"): 0.65,
}
# What a first raise from each position holds before reads adjust it.
_THEIR_OPEN_WIDTHS = {"CO": 0.24, "BTN": 0.4, "SB": 0.38, "BB": 0.15}
_THREE_BET_WIDTH = 0.09
_FOUR_BET_WIDTH = 0.045
_TYPICAL_PFR = 0.18
# Equity a call needs beyond the price, for the streets still to come (reverse implied odds).
_CALL_MARGIN = {"flop": 0.04, "turn": 0.02, "river": 0.0}


class Regular:
    """A solid tight-aggressive regular.

    Preflop it opens 22% of hands first to act up to 40% on the button (65% heads-up), steals
    more against tight blinds and less against loose ones, 3-bets its value (equity against the
    raiser's estimated range) plus a few suited bluffs, calls in position or from the big blind
    when its equity beats the price, and folds the rest; at 12 big blinds or fewer it plays the
    push/fold charts. After the flop it estimates every opponent's range (their preflop range
    from what they did and how loose they are, narrowed street by street by their bets, calls
    and checks), samples its equity against those ranges, and: value-bets when it is ahead of
    the hands that would call, c-bets the flop as the preflop raiser, semi-bluffs some draws,
    bluffs some rivers where the opponent folds enough, raises its best hands, and calls when
    its equity beats the pot odds by a margin. Against a maniac it calls lighter; against a
    calling station it stops bluffing and bets its value bigger.
    """

    SAMPLES = 300

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        return self.decide(_read(view, history), rng)

    def decide(self, table: Table, rng: random.Random) -> Choice:
        """The choice for a table already read (a bot that borrows this one's play passes
        the reading it has made)."""
        if table.spot.preflop:
            return self._preflop(table, rng)
        return self._postflop(table, rng)

    # --- preflop ---------------------------------------------------------------------------

    def _preflop(self, table: Table, rng: random.Random) -> Choice:
        spot = table.spot
        class_id = hand_class(*spot.hole)
        percentile = hand_percentile(class_id)
        big = spot.big_blind
        heads_up = len(spot.dealt) == 2
        if spot.preflop_raises:
            return self._facing_raise(table, class_id, percentile, rng)
        limpers = spot.limpers
        if not spot.facing_bet:
            # The big blind's option in a limped pot.
            if spot.can_raise and percentile < (0.3 if heads_up else 0.12):
                return spot.raise_to(big * (3 + len(limpers)))
            return "check", None
        if spot.effective_big_blinds <= PUSH_FOLD_DEPTH:
            return spot.all_in() if _unopened_shove(spot) else ("fold", None)
        if limpers:
            if percentile < 0.15:
                return spot.raise_to(round(big * (3.5 + len(limpers))))
            if spot.position in ("BTN", "SB") and percentile < 0.25:
                return "call", None
            return "fold", None
        width = _OPEN_WIDTHS.get((len(spot.dealt), spot.position), 0.3)
        behind = spot.acting_after(spot.seat)
        if behind:
            loose = sum(table.profiles[s].vpip for s in behind) / len(behind)
            if loose > 0.55:
                width *= 0.75  # they call everything: open what wins when called
            elif loose < 0.22:
                width *= 1.25  # they fold too often: steal more
            if max(table.profiles[s].reckless for s in behind) > 0.4:
                width = min(width, 0.2)  # whoever re-raises anything: open only what calls it
        if percentile < width:
            return spot.raise_to(round(big * (2.2 if heads_up else 2.5)))
        return "fold", None

    def _facing_raise(
        self, table: Table, class_id: int, percentile: float, rng: random.Random
    ) -> Choice:
        spot = table.spot
        raises = spot.preflop_raises
        last = raises[-1]
        opener = table.profiles[last.seat]
        shoved = last.all_in or spot.is_all_in(last.seat)
        depth = min(spot.chips(spot.seat), spot.chips(last.seat)) / spot.big_blind
        if depth <= PUSH_FOLD_DEPTH and len(raises) == 1 and opener.reckless < 0.3:
            if not _calls_raise(spot, last):
                return "fold", None
            return spot.all_in() if spot.can_raise else ("call", None)
        others = [s for s in spot.opponents if s != last.seat]
        if others:
            ranges = [self._preflop_weights(spot, table.profiles[s], s) for s in spot.opponents]
            generator = np.random.default_rng(rng.getrandbits(64))
            equity = sample_equity(spot.hole, (), ranges, self.SAMPLES, generator).equity
        else:
            width, _ = self._preflop_width(spot, opener, last.seat)
            equity = equity_versus_top(class_id, width)
        seats = spot.view["seats"]
        pending = [
            s for s in others if not seats[s]["all_in"] and seats[s]["bet"] < spot.current_bet
        ]
        chips_left = spot.chips(spot.seat) - spot.my_bet
        committed = shoved or spot.to_call >= 0.33 * chips_left or not spot.can_raise
        if committed:
            need = spot.pot_odds + 0.03 + 0.025 * len(pending) - 0.05 * opener.reckless
            if equity < need:
                return "fold", None
            if spot.can_raise and not shoved and equity > 0.55:
                return spot.all_in()
            return "call", None
        in_position = spot.acts_last_postflop
        value = 0.56 if len(raises) >= 2 else 0.58
        if equity >= value:
            if len(raises) >= 2:
                return spot.all_in()
            return spot.raise_to(self._reraise_to(spot, last, in_position))
        suited = spot.hole[0] % 4 == spot.hole[1] % 4
        if (
            len(raises) == 1
            and not others
            and suited
            and 0.12 < percentile < 0.35
            and opener.reckless < 0.3
            and rng.random() < 0.15
        ):
            return spot.raise_to(self._reraise_to(spot, last, in_position))
        margin = 0.05 if in_position or spot.position == "BB" else 0.09
        margin += 0.03 * (len(raises) >= 2) + 0.025 * len(pending) - 0.02 * bool(others)
        if percentile < 0.5 and equity >= spot.pot_odds + margin:
            return "call", None
        return "fold", None

    @staticmethod
    def _reraise_to(spot: Spot, last: Action, in_position: bool) -> int:
        target = round(last.to * (3.0 if in_position else 3.6))
        if target >= 0.4 * spot.chips(spot.seat):
            return int(spot.legal["max_raise_to"])
        return target

    # --- ranges ----------------------------------------------------------------------------

    def _preflop_width(self, spot: Spot, profile: Profile, seat: int) -> tuple[float, str]:
        """How wide ``seat``'s preflop range is, and whether they raised, called or checked."""
        count = 0
        width: float | None = None
        for action in spot.actions_on("preflop"):
            if action.kind in ("bet", "raise"):
                count += 1
                if action.seat == seat:
                    width = self._raise_width(spot, profile, count, action)
        if width is not None:
            return width, "raised"
        if any(a.seat == seat and a.kind == "call" for a in spot.actions_on("preflop")):
            return min(1.0, max(0.12, profile.vpip * 1.1)), "called"
        return 1.0, "checked"

    @staticmethod
    def _raise_width(spot: Spot, profile: Profile, count: int, action: Action) -> float:
        shoved = action.all_in or spot.is_all_in(action.seat)
        if count == 1 and shoved:
            behind = len(spot.acting_after(action.seat)) or 1
            base = pushfold.shove_share(behind, action.to / spot.big_blind)
        elif count == 1:
            base = _THEIR_OPEN_WIDTHS.get(spot.position_of(action.seat), 0.3)
            if len(spot.dealt) == 2:
                base = 0.6
        else:
            base = _THREE_BET_WIDTH if count == 2 else _FOUR_BET_WIDTH
            if shoved:
                base *= 1.5
        looseness = min(max(profile.pfr / _TYPICAL_PFR, 0.6), 4.0)
        width = min(1.0, base * (looseness if count == 1 else looseness**0.7))
        width += (1.0 - width) * profile.reckless
        return min(1.0, max(0.02, width))

    def _preflop_weights(self, spot: Spot, profile: Profile, seat: int) -> np.ndarray:
        width, how = self._preflop_width(spot, profile, seat)
        weights = top_range(width)
        if how == "called":
            weights = weights - 0.6 * top_range(min(width, 0.05))  # they'd have raised those
        elif how == "checked":
            weights = weights - 0.5 * top_range(0.1)
        reckless = profile.reckless
        result: np.ndarray = (1.0 - reckless) * weights + reckless
        return result

    def _range(self, spot: Spot, profile: Profile, seat: int) -> np.ndarray:
        """``seat``'s range now: the preflop range, reweighted by each post-flop action by how
        likely it is from each part of the range (bets from the top, calls from the middle,
        checks from anywhere but the very top), with floors for their bluffs and recklessness."""
        weights = self._preflop_weights(spot, profile, seat)
        bet_share = min(max(1.1 * profile.aggression + 0.08, 0.15), 0.95)
        bluff_floor = min(
            max(0.05 + 0.4 * (profile.bluffs - 0.2), 0.03) + 0.8 * profile.reckless, 0.95
        )
        call_share = min(max(1.1 * profile.calls_down, 0.2), 1.0)
        call_floor = min(0.06 + 0.8 * profile.reckless, 0.95)
        slowplay = 0.3 + 0.4 * (1.0 - profile.aggression)
        for street, cards in _STREET_CARDS:
            if len(spot.board) < cards:
                break
            actions = [a for a in spot.actions_on(street) if a.seat == seat]
            if not actions:
                continue
            strength = read_board(spot.board[:cards]).strength
            for action in actions:
                place = range_percentile(strength, weights)
                if action.kind == "bet":
                    weights = weights * likely_from_top(place, bet_share, bluff_floor)
                elif action.kind == "raise":
                    weights = weights * likely_from_top(place, bet_share * 0.5, bluff_floor * 0.7)
                elif action.kind == "call":
                    weights = weights * likely_to_continue(place, call_share, call_floor)
                elif action.kind == "check":
                    weights = weights * likely_check(place, slowplay)
        return weights

    # --- after the flop --------------------------------------------------------------------

    def _postflop(self, table: Table, rng: random.Random) -> Choice:
        spot = table.spot
        opponents = spot.opponents
        ranges = [self._range(spot, table.profiles[s], s) for s in opponents]
        generator = np.random.default_rng(rng.getrandbits(64))
        showdowns = sample_equity(spot.hole, spot.board, ranges, self.SAMPLES, generator)
        if len(showdowns.shares) == 0:
            return spot.call_or_check()
        holding = _holding(spot)
        profiles = [table.profiles[s] for s in opponents]
        if spot.facing_bet:
            return self._facing_bet(table, showdowns, holding, profiles, rng)
        return self._checked_to(table, showdowns, holding, profiles, rng)

    def fold_rates(self, table: Table, seats: Sequence[int]) -> list[float]:
        """How often each of ``seats`` folds to a post-flop bet, as this bot believes it."""
        return [table.profiles[seat].fold_to_bet for seat in seats]

    def _calls(
        self, spot: Spot, showdowns: Showdowns, fold_rates: Sequence[float], bet: int
    ) -> np.ndarray:
        """Per sampled showdown, the chance somebody calls a bet of ``bet`` chips: a hand calls
        when its strength clears the price, the bar raised for players who fold readily."""
        strength = read_board(spot.board).strength
        price = bet / (spot.pot + 2 * bet)
        folds = np.ones(len(showdowns.shares))
        for i, rate in enumerate(fold_rates):
            bar = min(max(price * rate / 0.3, 0.05), 0.95)
            theirs = strength[showdowns.combos[:, i]]
            goes_on = 0.04 + 0.96 / (1.0 + np.exp(-(theirs - bar) / 0.06))
            folds = folds * (1.0 - goes_on)
        result: np.ndarray = 1.0 - folds
        return result

    def _checked_to(
        self,
        table: Table,
        showdowns: Showdowns,
        holding: _Holding,
        profiles: list[Profile],
        rng: random.Random,
    ) -> Choice:
        spot = table.spot
        if not spot.can_raise:
            return "check", None
        opponents = len(profiles)
        rates = self.fold_rates(table, spot.opponents)
        station = max(rates) < 0.2
        size = 0.8 if station else (0.75 if spot.street == "river" else 0.66)
        target = spot.bet_to(size)
        called = self._calls(spot, showdowns, rates, target - spot.my_bet)
        ahead_of_callers = showdowns.weighted_equity(called)
        if ahead_of_callers >= 1.1 / (opponents + 1):
            return spot.raise_to(target)
        bluff = self._bluff(table, showdowns, rates)
        if bluff is not None:
            return bluff
        if station:
            return "check", None
        equity = showdowns.equity
        if (
            spot.street == "flop"
            and spot.preflop_aggressor == spot.seat
            and opponents <= 2
            and (holding.drawing or equity > 0.4 or rng.random() < 0.6 / opponents)
        ):
            return spot.raise_to(spot.bet_to(0.5))
        if holding.drawing and spot.street != "river" and rng.random() < 0.45:
            return spot.raise_to(spot.bet_to(0.66))
        if (
            spot.street == "river"
            and opponents == 1
            and equity < 0.25
            and rng.random() < min(0.35, rates[0])
        ):
            bet = spot.bet_to(0.66)
            folds = 1.0 - float(self._calls(spot, showdowns, rates, bet - spot.my_bet).mean())
            if folds > (bet - spot.my_bet) / (spot.pot + bet - spot.my_bet):
                return spot.raise_to(bet)
        return "check", None

    def _bluff(self, table: Table, showdowns: Showdowns, rates: Sequence[float]) -> Choice | None:
        """A bet with a hand that wins little at showdown: the regular leaves these to its
        c-bets, semi-bluffs and river bluffs (see :class:`Exploiter`)."""
        return None

    def _facing_bet(
        self,
        table: Table,
        showdowns: Showdowns,
        holding: _Holding,
        profiles: list[Profile],
        rng: random.Random,
    ) -> Choice:
        spot = table.spot
        equity = showdowns.equity
        bettor = self._last_aggressor(spot)
        reckless = table.profiles[bettor].reckless if bettor is not None else 0.0
        all_in_call = spot.to_call >= spot.my_stack
        margin = 0.0 if all_in_call else _CALL_MARGIN.get(spot.street, 0.0)
        margin += 0.02 * max(len(spot.active_opponents) - 1, 0) - 0.06 * reckless
        if holding.drawing:
            margin -= 0.03
        heads_up = len(profiles) == 1
        if spot.can_raise and equity >= (0.72 if heads_up else 0.62):
            target = spot.bet_to(0.8)
            if target >= 0.5 * spot.chips(spot.seat):
                return spot.all_in()
            return spot.raise_to(target)
        if (
            spot.can_raise
            and holding.drawing
            and spot.street == "flop"
            and heads_up
            and not _acted_this_street(spot)
            and self.fold_rates(table, spot.opponents)[0] >= 0.25
            and spot.to_call < 0.25 * spot.my_stack
            and rng.random() < 0.2
        ):
            return spot.raise_to(spot.bet_to(0.8))
        if equity >= spot.pot_odds + margin:
            return "call", None
        return "fold", None

    @staticmethod
    def _last_aggressor(spot: Spot) -> int | None:
        aggressive = [a for a in spot.actions_on(spot.street) if a.kind in ("bet", "raise")]
        return aggressive[-1].seat if aggressive else None


# --- 4. the exploiter -------------------------------------------------------------------


class Exploiter(Regular):
    """Plays like :class:`Regular`, but punishes players who fold too much.

    It counts how often each opponent folded when facing a post-flop bet in the hands it has
    seen — with a light prior, so three or four answers are enough evidence — and, whenever its
    hand is behind, bets the size whose bluff makes the most money: a bet ``b`` into a pot ``p``
    with air pays when the chance that everyone folds beats ``b / (p + b)``. Every such spot
    gets a bet, every street; a player who calls gets none (and only value bets).
    """

    PRIOR_FOLDS = 0.7  # pseudo-folds in PRIOR_FACED pseudo-answers: a 35% prior, worth two
    PRIOR_FACED = 2.0
    SIZES = (0.33, 0.5, 0.75, 1.0)

    def fold_rates(self, table: Table, seats: Sequence[int]) -> list[float]:
        faced = dict.fromkeys(seats, 0)
        folded = dict.fromkeys(seats, 0)
        for hand in table.hands:
            for action in hand.actions:
                if action.street == "preflop" or action.seat not in faced or action.facing <= 0:
                    continue
                faced[action.seat] += 1
                folded[action.seat] += action.kind == "fold"
        return [(folded[s] + self.PRIOR_FOLDS) / (faced[s] + self.PRIOR_FACED) for s in seats]

    def _bluff(self, table: Table, showdowns: Showdowns, rates: Sequence[float]) -> Choice | None:
        spot = table.spot
        everyone_folds = float(np.prod(rates))
        equity = showdowns.equity
        pot = spot.pot
        best: tuple[float, int] | None = None
        for size in self.SIZES:
            target = spot.bet_to(size)
            bet = target - spot.my_bet
            if everyone_folds <= bet / (pot + bet):
                continue
            # Called, air rarely wins: count the called pot at a fraction of today's equity.
            called = equity * 0.5 * (pot + 2 * bet) - bet
            value = everyone_folds * pot + (1.0 - everyone_folds) * called
            if best is None or value > best[0]:
                best = (value, target)
        if best is None or best[0] <= equity * pot:
            return None
        return spot.raise_to(best[1])
