"""The hard level: real poker for 50-big-blind stacks at a 4-handed table.

Preflop it plays ranges by position and stack depth: opens the top share of hands for its seat,
re-raises a range (the top of the hands that beat the raiser's range, and suited aces and
suited connectors as bluffs now and then), calls by its equity against the raiser's estimated
range and the price (pairs and suited hands get some implied odds when stacks are deep), and
once stacks are short (15 big blinds or less, 20 where the blinds rise) moves all-in or folds
by the equilibrium push/fold charts (:mod:`bots.holdem.pushfold`), calling a shove when its
equity against the shover's chart range — widened by what it has seen them do — beats the
price.

After the flop it narrows each opponent's range by what they did on every street, samples its
equity against those ranges, and picks check, bet (at a fraction of the pot), call, raise or
fold by expected value: a bet's value comes from the hands that call and the pot when they
fold, so bluffs and semi-bluffs happen where folds pay for them and value bets grow thin
against players who never fold. Heads-up it never folds the top of its own range to a bet
(minimum defence: otherwise any two cards bet at a profit against it), less of it against a
bettor whose shown-down bets were rarely bluffs. Against a heads-up player who keeps betting,
a call is worth the bets still to come that it wins (see ``HardBot._kept_betting``): a pair
calls and lets them barrel their misses rather than raising them out. Close choices are mixed
(a softmax over their values), so the same spot does not always get the same answer.

Checked to (or first to act) after the flop against players who fold to bets more than a
typical player — or heads-up against a stranger, until a dozen hands show who they are — it
bets as :class:`bots.holdem.sparring.Exploiter` does instead: value where it is ahead of the
hands that call, a bluff at the smallest size their measured folding pays for, c-bets and
semi-bluffs. Such players fold to a third of the pot as often as to a pot-sized bet, which the
option values above (calls read off the price) do not expect; against callers those values
stay, and win more (docs/hard-ai.md, "After the flop").

Value is counted towards winning the match, not only in chips (:func:`match_utility`), but
nearly at face value: winner-takes-all rewards chips, and a short stack that will not gamble
just blinds away; against players who make big mistakes every hand, whom it beats anyway in
small pots, big risks are avoided. The exponents (:data:`SOUND_RISK`, :data:`WEAK_RISK`,
:data:`RECKLESS_RISK`) are the ones that won most in measured sweeps.

Heads-up against a wild player — one who never folds and raises whatever they hold, or one
who bets random amounts, a pot and a half and more on average — it plays their hand as any
hand (``HardBot._against_a_wild_player``): every chip goes in with 70% equity against a
random hand or more, a bet is called only with 10 points of equity over its price (Q-9 folds
to a maniac's all-in, A-K calls it), and nothing is bluffed: such a player offers a big edge
again within a few hands, so a small one is not worth the match.

It reads the opponents from the hands before (see :mod:`bots.holdem.reading`): a player who
bets whenever checked to shows it within a few hands and gets called wider; a maniac's bets
and shoves say little about their cards, so it calls them lighter (and, knowing they will bet
again, treats a call as the stack it will cost); a calling station never folds, so it stops
bluffing and bets its value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from bots.holdem import pushfold, reading
from bots.holdem.combos import CLASS_INDEX, CLASS_NAMES, COMBO_INDEX, COMBOS
from bots.holdem.preflop import (
    equity_versus_random,
    equity_versus_top,
    hand_class,
    hand_percentile,
    top_range,
)
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
from bots.holdem.sparring import Exploiter, Table
from bots.holdem.spot import Spot
from bots.holdem.styles import BALANCED, Style
from bots.policies import Choice, Record, View, bet_kind

# Exponents of match_utility (1 is plain chip value). A winner-takes-all match is won by
# compounding an edge: the bigger the edge per hand, the more a lost stack costs against what a
# doubled one gains (a gambler's-ruin curve). Against sound players the edge is small and chips
# count nearly at face value — a short stack that will not gamble just blinds away; against
# players who make big mistakes every hand (calling stations, maniacs) big risks are avoided.
# Both values won most often in measured sweeps (see docs/hard-ai.md).
SOUND_RISK = 0.9
WEAK_RISK = 0.3  # calling stations: the edge is big and steady
RECKLESS_RISK = 0.7  # maniacs: the edge is big, but so is every pot they play
KNOWN_AFTER_HANDS = 12
PUSH_FOLD_DEPTH = 15.0  # big blinds: at or below, an unopened pot is shoved or folded
# The same where the blinds rise (a sit & go): an open of two and a half big blinds that folds
# to a re-shove loses an eighth of a 20-big-blind stack, and the charts shove or fold up to there
# (docs/hard-ai.md, "Where the blinds rise").
RISING_PUSH_FOLD_DEPTH = 20.0
RESTEAL_DEPTH = 25.0  # big blinds: at or below, an all-in over a lone raiser counts their folds
RESTEAL_BEHIND_FOLDS = 0.85  # each player still to act lets a re-steal through this often
# The share of all hands that calls a re-steal (an all-in over an open) at 25 big blinds or
# less, whatever share of the opener's range that is: the aggressor, opening half its hands,
# called with 31% of them, the regular, opening a quarter to two fifths, with 62% (400 rising
# matches). On 2,000 rising matches, with _steal_pays and without: the exploiter's table
# 54.5% -> 55.8%, the regular's 52.4% -> 53.3%.
RESTEAL_CALLERS = 0.15
# Big blinds of its own below which a stack answering a raise starts to count its chips at
# face value, all the way at PUSH_FOLD_DEPTH (see _short_stack_risk).
_EDGE_DEPTH = 25.0

# Opening widths by (players dealt, position); heads-up the button opens most hands.
_OPEN_WIDTHS = {
    (4, "CO"): 0.27,
    (4, "BTN"): 0.4,
    (4, "SB"): 0.4,
    (3, "BTN"): 0.4,
    (3, "SB"): 0.42,
    (2, "BTN"): 0.7,
}
# What an opponent's first raise from each position usually holds, before reading them.
_THEIR_OPEN_WIDTHS = {"CO": 0.25, "BTN": 0.38, "SB": 0.38, "BB": 0.12}
_THREE_BET_WIDTH = 0.1
# A lone open is re-raised for value with this top share of the opener's range, and at most this
# share of all hands. Where the blinds rise stacks are 50 big blinds and less, and an opener who
# folds most of its opens to a re-raise pays for a wider one. On 800 rising matches against the
# regular (bench.sparring_ledger), hard's re-raises (top 30%, at most 10%) won 4.3 big blinds
# each and its calls lost 0.6; with the top 60%, at most 20%, twice as many re-raises win 2.1
# each, and hard's answers to the regular's opens went from -1.5 to -0.4 big blinds a match.
_VALUE_RERAISE = (0.3, 0.1)
_RISING_VALUE_RERAISE = (0.6, 0.2)
_FOUR_BET_WIDTH = 0.05
# Hands that re-raise as bluffs now and then: they block the best hands or flop well.
_RERAISE_BLUFFS = frozenset(
    CLASS_INDEX[name]
    for name in ("A5s", "A4s", "A3s", "A2s", "KTs", "QTs", "JTs", "T9s", "98s", "87s", "76s")
)
_TYPICAL_PFR = 0.18
# The share of a raising range that calls an all-in over it, for a player who folds to bets
# (the sparring aggressor opens 48% and calls an all-in with its best 12-20%: about 0.3).
_ALL_IN_CALLERS = 0.3
# A typical player's fold to a post-flop bet (the prior a stranger is read with): how readily an
# opponent folds is measured against it.
_USUAL_FOLD_TO_BET = Profile().fold_to_bet
# Fold to a post-flop bet from which a player counts as a folder (see HardBot._bets_into_folders):
# the regular and the exploiter measure 0.44 on average, the aggressor 0.35, a calling station
# 0.24, three equity bots 0.33.
_FOLDER = 0.36

# Heads-up against a wild player (see HardBot._against_a_wild_player). Measured on 2,000
# matches of one hard seat against three maniacs (not the bench's deals): 46.3% won with
# the usual play, 49.4% with all-in at 70% and calls at the price, 53.0% / 58.8% / 63.5% /
# 64.4% / 63.0% with calls needing 5 / 10 / 20 / 25 / 30 points over the price (every hand
# played so, from the first); all-in at 65% or 80% moved it by less than a point; all-in calls
# needing 10 or 5 points instead of 20: 57.5% / 54.1%. Played so once the reads below show a
# maniac (the first hands are played as usual): 58.7%.
# A ``folds`` read at or below which a player calls or raises whatever they hold. The prior
# (0.45, weight 2) reaches 0.15 after four bets not folded to, 0.25 after two; at 0.25 hard
# played 3.5% of its heads-up decisions against the aggressor and 1.3% against the exploiter as
# against a wild player (200 matches each), at 0.15 0.5% and 0.1%. On the bench's deals, with
# calls at 10 points: the aggressor 55.2% -> 55.8%, the exploiter 54.0% -> 56.1%, three
# maniacs 55.5% -> 55.6%, three random players 55.1% -> 54.5%.
NEVER_FOLDS = 0.15
MANIAC_RECKLESS = 0.3
MANIAC_ALL_IN = 0.7  # equity against a random hand from which every chip goes in
# The call edge is also what keeps hard's fold to their post-flop bets inside the 40-60%
# band; on the bench's deals (1,000 matches each, three random / three maniacs): 5 points won
# 47.5% / 52.9% folding 49.7% / 47.5%, 8 points 53.0% / 55.0% folding 55.0% / 51.3%, 10 points
# 55.1% / 55.5% folding 59.0% / 54.5%, 12 points 57.7% / 57.5% folding 63.8% / 56.9%, 20 points
# 62.6% / 59.4% folding 81.0% / 68.4%; 20 for all-in calls with 5 or 10 for the rest: 54.1% /
# 57.4% folding 60.0% / 51.8%, 57.8% / 59.0% folding 66.4% / 56.8%. 10 meets both aims at both
# tables.
MANIAC_CALL_EDGE = 0.1  # equity over the price a call needs
# Post-flop bets of this many pots on average mark a player who bets at random (see
# _heads_up_with_a_wild_player). One hard seat against three random players, 1,000 other
# deals: 49.1% -> 59.8%; against three maniacs 58.7% -> 59.4% (they show sooner).
WILD_BET_SIZE = 1.5
_ANY_HAND = np.ones(len(COMBOS))

_STREET_CARDS = (("flop", 3), ("turn", 4), ("river", 5))
# Streets still to be bet after each post-flop street (the river has none).
_STREETS_AFTER = {name: len(_STREET_CARDS) - 1 - i for i, (name, _) in enumerate(_STREET_CARDS)}
_NEXT_BET = 0.65  # of the pot: what a player who keeps betting bets next street
# How much of the bets a call keeps coming counts (see HardBot._kept_betting). Measured on the
# 1,000 sparring matches against the aggressor: 0 (not counted) won 50.3%, 1 (the plain
# expectation) 53.3%, 2 55.7% — and 53.9% against 49.3% on 1,000 other deals — while the
# exploiter (55.4% -> 55.8%) and the regular (67.0% -> 66.1%) barely moved. The plain
# expectation reads their range as betting no wider than the hands it holds now; a player who
# bets whenever checked to bets their misses too.
_KEPT_BETTING_WEIGHT = 2.0
# Where the blinds rise, a bet of at most this share of the pot is read as coming from the
# bottom _SMALL_BET_RANGE of the bettor's range: a player bets that little when a fold is all
# it wants (the exploiter bluffs a third of the pot whenever it is behind, and its value bets
# are two thirds and more). On 2,000 rising matches the exploiter's table rose 50.6% -> 52.4%
# with this read alone, to 54.5% with _opens_reckless (docs/hard-ai.md).
_SMALL_BET = 0.4
_SMALL_BET_RANGE = 0.7
# Equity a call must clear beyond the price, for the streets still to come (reverse implied
# odds); a draw gets some back (implied odds).
_CALL_MARGIN = {"flop": 0.03, "turn": 0.02, "river": 0.0}


def shove_width(behind: int, depth: float) -> float:
    """The share of hands to move all-in with, unopened, with ``behind`` players to act: the
    push/fold equilibrium chart (:mod:`bots.holdem.pushfold`)."""
    return pushfold.shove_share(behind, depth)


@dataclass
class _Read:
    """What the bot knows this decision: the hand, and the opponents' tendencies."""

    spot: Spot
    profiles: list[Profile]


class HardBot:
    """The hard level (see the module docstring); ``style`` shifts its choices, ``samples`` is
    the number of sampled showdowns behind each post-flop decision."""

    def __init__(
        self,
        style: Style = BALANCED,
        samples: int = 500,
        sound_risk: float = SOUND_RISK,
        weak_risk: float = WEAK_RISK,
        reckless_risk: float = RECKLESS_RISK,
    ) -> None:
        self.style = style
        self.samples = samples
        self.sound_risk = sound_risk
        self.weak_risk = weak_risk
        self.reckless_risk = reckless_risk
        self._bettor = Exploiter()

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        hands = reading.split_hands(history)
        hand = hands[-1] if hands and not hands[-1].over else HandRecord()
        spot = Spot(view=view, hand=hand)
        read = _Read(spot, reading.profiles(hands, len(view["seats"])))
        if _heads_up_with_a_wild_player(read):
            return self._against_a_wild_player(spot, rng)
        if self._bets_into_folders(read):
            return self._bettor.decide(Table(spot, hands, read.profiles), rng)
        if spot.preflop:
            return self._preflop(read, rng)
        return self._postflop(read, rng)

    @staticmethod
    def _bets_into_folders(read: _Read) -> bool:
        """Whether to bet as the exploiter does (see the module docstring): checked to (or
        first to act) after the flop, with every player left in folding to bets more than
        :data:`_FOLDER` of the time — or heads-up with a stranger. Against many strangers at
        once (three calling stations early in a match) its own careful values won 84% of the
        matches, the exploiter's bets 65%."""
        spot = read.spot
        if spot.preflop or spot.facing_bet:
            return False
        heads_up = len(spot.opponents) == 1
        return all(
            read.profiles[seat].fold_to_bet >= _FOLDER
            or (heads_up and read.profiles[seat].hands < KNOWN_AFTER_HANDS)
            for seat in spot.opponents
        )

    def _against_a_wild_player(self, spot: Spot, rng: random.Random) -> Choice:
        """Heads-up against a player who bets whatever they hold (see
        :func:`_heads_up_with_a_wild_player`): their hand is any hand, so the equity is
        against a random one. Every chip goes in with :data:`MANIAC_ALL_IN` of it or more
        (they call), a bet is called only with :data:`MANIAC_CALL_EDGE` more equity than its
        price, and nothing is bluffed. Such a player offers a big edge again within a few
        hands: a small one passed up costs a blind, a coin flip lost costs the match."""
        if spot.preflop:
            equity = equity_versus_random(hand_class(*spot.hole), 1)
        else:
            generator = np.random.default_rng(rng.getrandbits(64))
            showdowns = sample_equity(spot.hole, spot.board, [_ANY_HAND], self.samples, generator)
            equity = showdowns.equity
        if equity >= MANIAC_ALL_IN and spot.can_raise:
            return spot.all_in()
        if spot.facing_bet and equity < spot.pot_odds + MANIAC_CALL_EDGE:
            return "fold", None
        return spot.call_or_check()

    # --- preflop -------------------------------------------------------------------------

    def _preflop(self, read: _Read, rng: random.Random) -> Choice:
        spot = read.spot
        if not spot.preflop_raises:
            return self._unopened(read, rng)
        return self._facing_raise(read, rng)

    def _unopened(self, read: _Read, rng: random.Random) -> Choice:
        spot, style = read.spot, self.style
        percentile = hand_percentile(hand_class(*spot.hole))
        big = spot.big_blind
        behind = spot.acting_after(spot.seat)
        limpers = spot.limpers
        if not spot.facing_bet:
            # The big blind's option in a limped pot: raise the best hands, check the rest.
            iso = (0.3 if len(spot.dealt) == 2 else 0.14) * style.looseness
            if spot.can_raise and percentile < iso:
                return spot.raise_to(big * (3 + len(limpers)))
            return "check", None
        push_fold_depth = RISING_PUSH_FOLD_DEPTH if _blinds_rise(spot) else PUSH_FOLD_DEPTH
        if spot.effective_big_blinds <= push_fold_depth:
            class_id = hand_class(*spot.hole)
            depth = spot.effective_big_blinds
            if limpers:
                depth *= 1.5  # limpers add callers: shove tighter
            # The chart's callers call by equilibrium; players who call far more than that
            # are shoved on with the range of a deeper stack (value, not fold equity).
            depth *= 1.0 + max((read.profiles[s].loose_passive for s in behind), default=0.0)
            if pushfold.shoves(class_id, len(behind), depth):
                return spot.all_in()
            return "fold", None
        loose_behind = _mean(read.profiles[seat].vpip for seat in behind) > 0.55
        if limpers:
            iso = 0.16 * style.looseness
            if percentile < iso:
                return spot.raise_to(round(big * (3.5 + len(limpers))))
            cheap = spot.to_call <= big
            if cheap and percentile < 0.3 * style.looseness and spot.position in ("SB", "BTN"):
                return "call", None
            return "fold", None
        width = _OPEN_WIDTHS.get((len(spot.dealt), spot.position), 0.3) * style.looseness
        size = rng.choice((2.2, 2.5) if len(spot.dealt) == 2 else (2.3, 2.5, 2.8))
        reckless_behind = max(
            (_opens_reckless(spot, read.profiles[s]) for s in behind), default=0.0
        )
        if reckless_behind > 0.4:
            # Whoever raises behind will re-raise whatever they hold: open only hands that
            # are happy to go all-in, and see a cheap flop with the next best.
            if percentile < 0.2 * style.looseness:
                return spot.raise_to(round(big * size))
            if spot.to_call <= big and percentile < 0.45 * style.looseness:
                return "call", None
            return "fold", None
        if not loose_behind and _steal_pays(spot, read, behind, size):
            width = 1.0
        if loose_behind:
            # Players who call everything: open only hands that win when called, and bigger.
            width *= 0.65
            size *= 1.5
        elif behind and _mean(read.profiles[s].vpip for s in behind) < 0.22:
            width *= 1.25  # tight blinds fold too often: steal more
        if percentile < width:
            if style.aggression < 1.0 and percentile > width * style.aggression**0.5:
                return "call", None  # a passive player limps the bottom of their range
            return spot.raise_to(round(big * size * style_size(style)))
        if spot.position == "SB" and len(spot.dealt) > 2:
            complete = min(0.7, width * (1.2 + 0.6 * (1.0 - min(style.aggression, 1.0))))
            if percentile < complete:
                return "call", None
        return "fold", None

    def _facing_raise(self, read: _Read, rng: random.Random) -> Choice:
        spot, style = read.spot, self.style
        class_id = hand_class(*spot.hole)
        raises = spot.preflop_raises
        last = raises[-1]
        reckless = _opens_reckless(spot, read.profiles[last.seat])
        shoved = last.all_in or spot.is_all_in(last.seat)
        acted = {a.seat for a in spot.actions_on("preflop")}
        # Players still to act mostly fold: the hand is played against those who put chips in
        # (the players behind are priced in as a margin below).
        others = [
            seat
            for seat in spot.opponents
            if seat != last.seat and seat in acted and seat not in spot.acting_after(spot.seat)
        ]
        width = self._preflop_width(spot, read.profiles[last.seat], last.seat)
        if not others:
            equity = equity_versus_top(class_id, width)
        else:
            ranges = [
                self._preflop_weights(spot, read.profiles[s], s) for s in [last.seat, *others]
            ]
            equity = self._sampled(spot, ranges, 400, rng)
        behind = [s for s in spot.acting_after(spot.seat) if s not in acted]
        if not others and len(raises) == 1 and self._resteals(spot, read, class_id, width, behind):
            return spot.all_in()
        my_chips = spot.chips(spot.seat)
        # Against a reckless raiser any call ends all-in soon: decide as for all the chips.
        committed = spot.to_call >= 0.35 * (my_chips - spot.my_bet) or shoved or reckless > 0.5
        if committed or not spot.can_raise or spot.effective_big_blinds <= PUSH_FOLD_DEPTH + 3:
            margin = (0.025 * len(behind) + 0.5 * style.call_margin) * (1.0 - reckless)
            stake = spot.to_call if shoved else min(spot.my_stack, self._most_at_risk(spot))
            risk = _short_stack_risk(spot, self._risk(read, facing_a_shove=shoved))
            if not _worth_the_risk(spot, equity - margin, risk, stake):
                return "fold", None
            if spot.can_raise and not shoved:
                # An all-in is called by the top of the raiser's range, not the whole of it:
                # it needs the edge over those hands (against an opener of half their hands
                # who calls an all-in with the best 15%, K-T is a big underdog).
                calling = width * _calls_all_in(read.profiles[last.seat])
                if equity_versus_top(class_id, calling) > 0.5 + 0.02 * len(others):
                    return spot.all_in()
            return "call", None
        in_position = spot.acts_last_postflop
        opener = read.profiles[last.seat]
        callers = [a.seat for a in spot.actions_on("preflop") if a.kind == "call"]
        if self._reraises(spot, read, class_id, width, len(raises), not callers, rng):
            if len(raises) >= 2:
                return spot.all_in()
            return spot.raise_to(self._reraise_to(spot, last, in_position))
        margin = 0.03 if in_position or spot.position == "BB" else 0.06
        if others:
            margin -= 0.02
        margin += style.call_margin + 0.025 * len(behind)
        if len(raises) >= 2:
            margin += 0.02
        margin -= self._implied_odds(spot, class_id)
        if _opens_reckless(spot, opener) > 0.3:
            margin -= 0.02  # their raises say little: the equity estimate is a floor
        if equity >= spot.pot_odds + margin:
            return "call", None
        return "fold", None

    def _resteals(
        self, spot: Spot, read: _Read, class_id: int, width: float, behind: list[int]
    ) -> bool:
        """Whether a short stack's all-in over a lone raiser wins chips, counting the pot it
        takes when the raiser folds (they call with the top :func:`_calls_all_in` of their
        range, and with :data:`RESTEAL_CALLERS` of all hands at least; each player still to
        act is taken to fold its usual share): at
        :data:`RESTEAL_DEPTH` big blinds or less an open is re-stolen, not only re-raised for
        value. Only where the blinds rise (a sit & go): waiting for a hand costs a level's blinds
        there; at the fixed table the measured play stays as it is (docs/hard-ai.md)."""
        last = spot.preflop_raises[-1]
        mine, theirs = spot.chips(spot.seat), spot.chips(last.seat)
        stake = min(mine, theirs)
        deep = stake > RESTEAL_DEPTH * spot.big_blind
        if not _blinds_rise(spot) or deep or not spot.can_raise or last.all_in:
            return False
        # A sound opener calls with the hands that beat a re-steal, about the same hands
        # whatever it opens: a tight opener calls with more of its range than a loose one.
        calls = max(_calls_all_in(read.profiles[last.seat]), min(RESTEAL_CALLERS / width, 1.0))
        folds = (1.0 - calls) * RESTEAL_BEHIND_FOLDS ** len(behind)
        equity = equity_versus_top(class_id, width * calls)
        called_pot = spot.pot - spot.my_bet - last.to + 2 * stake
        called = equity * called_pot - (stake - spot.my_bet)
        return folds * spot.pot + (1.0 - folds) * called > 0

    def _reraises(
        self,
        spot: Spot,
        read: _Read,
        class_id: int,
        width: float,
        raises: int,
        nobody_called: bool,
        rng: random.Random,
    ) -> bool:
        """Whether to 3-bet (or 4-bet) a raiser whose range is the top ``width`` of hands: the
        top of the hands that beat it, and some hands that play well when called (suited aces,
        suited connectors) as bluffs, so a re-raise does not announce a premium hand."""
        style = self.style
        last = spot.preflop_raises[-1]
        raiser = read.profiles[last.seat]
        percentile = hand_percentile(class_id)
        if raises == 1:
            share, most = _RISING_VALUE_RERAISE if _blinds_rise(spot) else _VALUE_RERAISE
            value = min(max(share * width, 0.03), most) * style.aggression**0.5
            bluff_chance = 0.45
        elif raises == 2:
            value = min(max(0.35 * width, 0.025), 0.06) * style.aggression**0.5
            bluff_chance = 0.25 if spot.preflop_raises[0].seat == spot.seat else 0.0
        else:
            return percentile < min(max(0.5 * width, 0.02), 0.04)
        if percentile < value:
            return True
        return (
            nobody_called
            and _opens_reckless(spot, raiser) < 0.3
            and class_id in _RERAISE_BLUFFS
            and rng.random() < bluff_chance * style.bluffing
        )

    def _implied_odds(self, spot: Spot, class_id: int) -> float:
        """Equity a call may lack for what the hand wins when it hits: a small pair's set or a
        suited hand's flush pays off deep stacks, not short ones."""
        deep = spot.to_call <= 0.1 * spot.effective_stack
        if not deep:
            return 0.0
        if CLASS_NAMES[class_id][0] == CLASS_NAMES[class_id][1]:
            return 0.06
        return 0.02 if CLASS_NAMES[class_id].endswith("s") else 0.0

    def _reraise_to(self, spot: Spot, last: Action, in_position: bool) -> int:
        target = round(last.to * (3.0 if in_position else 3.6))
        if target >= 0.4 * spot.chips(spot.seat):
            return int(spot.legal["max_raise_to"])
        return target

    def _preflop_width(self, spot: Spot, profile: Profile, seat: int) -> float:
        """How wide ``seat``'s preflop range is, judging from what they did this hand."""
        mine = [a for a in spot.actions_on("preflop") if a.seat == seat]
        raises_so_far: list[Action] = []
        width = 1.0
        for action in spot.actions_on("preflop"):
            if action.kind in ("bet", "raise"):
                raises_so_far.append(action)
                if action.seat == seat:
                    width = self._raise_width(spot, profile, raises_so_far, action)
        if not any(a.kind in ("bet", "raise") for a in mine):
            if any(a.kind == "call" for a in mine):
                return min(1.0, max(0.12, profile.vpip * 1.15))
            return 1.0
        return width

    def _raise_width(
        self, spot: Spot, profile: Profile, raises: list[Action], last: Action
    ) -> float:
        count = len(raises)
        shoved = last.all_in or (last is spot.preflop_raises[-1] and spot.is_all_in(last.seat))
        if count == 1 and shoved:
            base = shove_width(_behind_the_shove(spot, last), _shove_depth(spot, last))
        elif count == 1:
            limped_first = any(
                a.seat == last.seat and a.kind == "call"
                for a in spot.actions_on("preflop")
                if spot.hand.actions.index(a) < spot.hand.actions.index(last)
            )
            base = (
                0.06 if limped_first else _THEIR_OPEN_WIDTHS.get(spot.position_of(last.seat), 0.3)
            )
            if len(spot.dealt) == 2:
                base = 0.6
        else:
            base = _THREE_BET_WIDTH if count == 2 else _FOUR_BET_WIDTH
            if shoved:
                base *= 1.5
        looseness = min(max(profile.pfr / _TYPICAL_PFR, 0.6), 5.0)
        width = base * (looseness if count == 1 else looseness**0.7)
        width = min(1.0, width)
        width += (1.0 - width) * _opens_reckless(spot, profile)
        return min(1.0, max(0.02, width))

    def _preflop_weights(self, spot: Spot, profile: Profile, seat: int) -> np.ndarray:
        """Per-combo weights of ``seat``'s preflop range."""
        mine = [a for a in spot.actions_on("preflop") if a.seat == seat]
        width = self._preflop_width(spot, profile, seat)
        weights = top_range(width)
        if mine and not any(a.kind in ("bet", "raise") for a in mine):
            # A caller would have raised their best hands: fewer of those remain.
            weights = weights - 0.6 * top_range(min(width, 0.06))
        elif not mine:
            weights = weights - 0.5 * top_range(0.08)  # a big blind that checked
        reckless = _opens_reckless(spot, profile)
        return (1.0 - reckless) * weights + reckless

    # --- after the flop --------------------------------------------------------------------

    def _postflop(self, read: _Read, rng: random.Random) -> Choice:
        spot, style = read.spot, self.style
        opponents = spot.opponents
        ranges = [self._range(spot, read.profiles[seat], seat) for seat in opponents]
        generator = np.random.default_rng(rng.getrandbits(64))
        showdowns = sample_equity(spot.hole, spot.board, ranges, self.samples, generator)
        if len(showdowns.shares) == 0:
            return spot.call_or_check()
        board = read_board(spot.board)
        drawing = bool(board.drawing[COMBO_INDEX[spot.hole]])
        options = self._options(spot, read, showdowns, drawing)
        if spot.facing_bet and len(opponents) == 1 and self._defends(spot, read):
            options = [option for option in options if option[1][0] != "fold"]
        return _pick(options, spot.pot, rng, temperature=0.03 / style.aggression**0.3)

    def _defends(self, spot: Spot, read: _Read) -> bool:
        """Minimum defence: heads-up, facing a bet of ``b`` into ``p``, a range that folds more
        than ``b / (p + b)`` of itself lets any two cards bet at a profit. So the top
        ``p / (p + b)`` of the hands this seat can hold here never folds — scaled by how often
        the bettor's shown-down bets were bluffs against the share that makes a call break
        even: against a bettor who only bets value, calling is what loses."""
        bettor = read.profiles[spot.opponents[0]]
        pot_before = spot.pot - spot.to_call
        defence = pot_before / max(spot.pot, 1)
        break_even_bluffs = spot.to_call / (spot.pot + spot.to_call)
        # Showdowns are few (the bets that work are never shown): how often the bettor bets
        # when checked to says as much — who bets every time is mostly bluffing, who bets one
        # time in ten has it.
        from_betting = min(max((bettor.stab - 0.35) / 0.65, 0.0), 1.0)
        bluffs = (bettor.bluffs + from_betting) / 2
        bluffing = min(bluffs / max(break_even_bluffs, 0.05), 1.0)
        share = defence * bluffing
        mine = self._range(spot, Profile(), spot.seat)
        strength = read_board(spot.board).strength
        place = float(range_percentile(strength, mine)[COMBO_INDEX[spot.hole]])
        return place >= 1.0 - share

    def _range(self, spot: Spot, profile: Profile, seat: int) -> np.ndarray:
        """``seat``'s range now: their preflop range, narrowed by each action since."""
        weights = self._preflop_weights(spot, profile, seat)
        board = spot.board
        # A player who bets whenever checked to bets most of their range: the measured rate
        # counts as soon as a few hands show it.
        bet_share = min(max(1.2 * profile.aggression + 0.05, profile.stab, 0.12), 0.95)
        bluff_floor = min(
            max(0.04 + 0.5 * (profile.bluffs - 0.15), 0.03) + 0.8 * profile.reckless, 0.95
        )
        call_share = min(max(profile.calls_down, 0.15), 1.0)
        call_floor = min(0.05 + 0.8 * profile.reckless, 0.95)
        slowplay = 0.25 + 0.5 * (1.0 - profile.aggression)
        for street, cards in _STREET_CARDS:
            if len(board) < cards:
                break
            actions = [a for a in spot.actions_on(street) if a.seat == seat]
            if not actions:
                continue
            strength = read_board(tuple(board[:cards])).strength
            for action in actions:
                place = range_percentile(strength, weights)
                if action.kind == "bet" and _small_rising_bet(spot, action):
                    weights = weights * likely_from_top(1.0 - place, _SMALL_BET_RANGE, bluff_floor)
                elif action.kind == "bet":
                    weights = weights * likely_from_top(place, bet_share, bluff_floor)
                elif action.kind == "raise":
                    weights = weights * likely_from_top(place, bet_share * 0.45, bluff_floor * 0.7)
                elif action.kind == "call":
                    weights = weights * likely_to_continue(place, call_share, call_floor)
                elif action.kind == "check":
                    weights = weights * likely_check(place, slowplay)
        return weights

    def _options(
        self, spot: Spot, read: _Read, showdowns: Showdowns, drawing: bool
    ) -> list[tuple[float, Choice]]:
        """Every sensible choice with its value: the chips it is worth for sure (certainty
        equivalent) under :func:`match_utility`, as if the hand were checked down from here."""
        style = self.style
        pot = spot.pot
        shares = showdowns.shares
        profiles = [read.profiles[seat] for seat in spot.opponents]
        stack = spot.my_stack
        total = sum(seat["stack"] for seat in spot.view["seats"]) + pot
        risk = self._risk(read)
        equity = float(shares.mean())
        reckless = max((profile.reckless for profile in profiles), default=0.0)
        options: list[tuple[float, Choice]] = []

        def worth(expected_utility: float) -> float:
            return float(total * expected_utility ** (1.0 / risk) - stack)

        if spot.facing_bet:
            call = spot.to_call
            margin = 0.0 if call >= stack else _CALL_MARGIN.get(spot.street, 0.0)
            if drawing:
                margin -= 0.03
            margin += style.call_margin + 0.02 * len(spot.active_opponents[1:])
            won = np.clip(shares - margin, 0.0, 1.0) * (pot + call)
            options.append((0.0, ("fold", None)))
            called = match_utility(stack - call + won, total, risk).mean()
            if call < stack and spot.street != "river":
                # A reckless bettor bets again: a call now usually ends with the stacks in.
                stake = min(stack, self._most_at_risk(spot))
                all_in = match_utility(stack - stake + shares * (pot + 2 * stake), total, risk)
                called = (1 - 0.7 * reckless) * called + 0.7 * reckless * all_in.mean()
            kept_betting = self._kept_betting(spot, profiles, equity, pot + call, stack - call)
            options.append((worth(float(called)) + kept_betting, ("call", None)))
        else:
            position_factor = 1.0 if spot.acts_last_postflop else 0.93
            checked = match_utility(stack + shares * pot * position_factor, total, risk).mean()
            options.append((worth(float(checked)), ("check", None)))
        if not spot.can_raise:
            return options
        fractions = [0.75, 1.0] if spot.facing_bet else [*style.bet_sizes, 1.5]
        targets = {spot.bet_to(fraction) for fraction in fractions}
        targets.add(int(spot.legal["max_raise_to"]))
        strength = read_board(spot.board).strength
        for target in sorted(targets):
            added = target - spot.my_bet
            to_call_them = target - spot.current_bet
            continues = np.stack(
                [
                    self._continue_likelihood(
                        strength[showdowns.combos[:, i]],
                        profile,
                        to_call_them / (pot + added + to_call_them),
                    )
                    for i, profile in enumerate(profiles)
                ],
                axis=1,
            )
            nobody = np.prod(1.0 - continues, axis=1)
            callers = continues.sum(axis=1)
            final_pot = pot + added + callers * to_call_them
            folded_to = match_utility(np.array(stack + pot), total, risk)
            called_by = match_utility(stack - added + shares * final_pot, total, risk)
            expected = float((nobody * folded_to + (1.0 - nobody) * called_by).mean())
            if target < int(spot.legal["max_raise_to"]) and reckless > 0:
                # A reckless opponent raises back whatever they hold: a weak hand then has to
                # let the bet go, a strong one ends up all-in.
                raised_back = 0.6 * reckless
                if equity < 0.5:
                    then = float(match_utility(np.array(stack - added), total, risk))
                else:
                    stake = min(stack, self._most_at_risk(spot))
                    then = float(
                        match_utility(
                            stack - stake + shares * (pot + 2 * stake), total, risk
                        ).mean()
                    )
                expected = (1.0 - raised_back) * expected + raised_back * then
            bonus = (style.aggression - 1.0) * 0.03 * pot
            options.append((worth(expected) + bonus, (bet_kind(spot.legal), target)))
        return options

    @staticmethod
    def _kept_betting(
        spot: Spot, profiles: list[Profile], equity: float, pot: float, behind: float
    ) -> float:
        """Chips a call wins later from a heads-up opponent who keeps betting: on each street
        to come they bet again (as often as they bet when checked to, about two thirds of the
        pot), and a hand ahead of their range calls and wins those bets. A raise folds their
        bluffs out now; a call lets them bluff again — which the values above, counted as if
        the hand were checked down, leave out. Weighed by :data:`_KEPT_BETTING_WEIGHT`."""
        if len(profiles) != 1:
            return 0.0
        edge = max(2.0 * equity - 1.0, 0.0)
        stab = profiles[0].stab
        gained = 0.0
        for street in range(_STREETS_AFTER.get(spot.street, 0)):
            bet = min(_NEXT_BET * pot, behind)
            gained += stab ** (street + 1) * bet * edge
            pot += 2 * bet
            behind -= bet
        return _KEPT_BETTING_WEIGHT * gained

    @staticmethod
    def _most_at_risk(spot: Spot) -> int:
        """The most any live opponent could still put in against this seat."""
        return max((spot.chips(seat) - spot.my_bet for seat in spot.opponents), default=0)

    @staticmethod
    def _continue_likelihood(strength: np.ndarray, profile: Profile, price: float) -> np.ndarray:
        """How likely each sampled opponent hand goes on when a call costs ``price`` of the
        final pot: a hand whose strength (its showdown odds against a random hand, roughly)
        clears the price, scaled by how readily this opponent folds — a calling station's bar
        is at zero, a nit's at twice the price."""
        bar = price * min(profile.fold_to_bet / _USUAL_FOLD_TO_BET, 2.5)
        floor = min(0.03 + 0.8 * profile.reckless, 0.95)
        return floor + (1.0 - floor) / (1.0 + np.exp(-(strength - bar) / 0.05))

    def _risk(self, read: _Read, facing_a_shove: bool = False) -> float:
        """The match_utility exponent for this hand: from ``sound_risk`` towards ``weak_risk``
        as the opponents in it make bigger mistakes (call too much, shove or fold whatever the
        depth at the fixed table, or bet without cards). A stranger is played carefully (see
        :meth:`_risk_against`) except when ``facing_a_shove`` before the flop: played carefully
        there, K-K folded to a stranger's 50-big-blind all-in in hand 1, open or over its own
        raise, and A-A alone called."""
        rising = _blinds_rise(read.spot)
        return min(
            (
                self._risk_against(read.profiles[seat], rising, rising or facing_a_shove)
                for seat in read.spot.opponents
            ),
            default=self.sound_risk,
        )

    def _risk_against(self, profile: Profile, rising: bool, typical_stranger: bool) -> float:
        # Squared: a regular's raising reads a little reckless; only a maniac's counts fully.
        reckless = profile.reckless**2
        # Where the blinds rise every stack shoves or folds within a few levels: push/fold
        # play is the game there, not a mistake that bleeds blinds.
        push_fold = 0.0 if rising else profile.push_fold
        passive = max(profile.loose_passive, push_fold) * (1.0 - profile.reckless)
        sound = self.sound_risk
        measured = (
            sound + (self.weak_risk - sound) * passive + (self.reckless_risk - sound) * reckless
        )
        # Until a dozen hands show who they are, a stranger is played carefully: an edge is
        # likelier than not at Cardavia's tables, and a stack lost early ends the match.
        # A maniac shows within a few decisions, long before a dozen hands. Where the blinds
        # rise a dozen hands are a third of the match and its deepest stacks: a stranger is
        # played as the typical player the prior reads them as.
        if typical_stranger:
            return measured
        known = min(max(profile.hands / KNOWN_AFTER_HANDS, profile.reckless), 1.0)
        return known * measured + (1.0 - known) * self.weak_risk

    def _sampled(
        self, spot: Spot, ranges: list[np.ndarray], samples: int, rng: random.Random
    ) -> float:
        generator = np.random.default_rng(rng.getrandbits(64))
        return sample_equity(spot.hole, spot.board, ranges, samples, generator).equity


def _short_stack_risk(spot: Spot, risk: float) -> float:
    """The match-utility exponent for putting a stack in before the flop, moved towards chips
    at face value as this seat's own stack gets short (from ``_EDGE_DEPTH`` big blinds, all the
    way at ``PUSH_FOLD_DEPTH``): the curve's bend is the edge the stack can still use, and a
    few big blinds have none left to use — they shove or fold, and the blinds eat them while
    they wait. Only here, where a short stack answers a raise or an all-in: after the flop the
    bend stays (measured: applied everywhere, three calling stations were beaten in 84.0% of
    2,000 matches instead of 86.1%)."""
    depth = spot.chips(spot.seat) / spot.big_blind
    short = min(max((_EDGE_DEPTH - depth) / (_EDGE_DEPTH - PUSH_FOLD_DEPTH), 0.0), 1.0)
    return risk + (1.0 - risk) * short


def _opens_reckless(spot: Spot, profile: Profile) -> float:
    """How little ``profile``'s raises before the flop say (``Profile.reckless``). Where the
    blinds rise, read from their raising before the flop only: there the exploiter's bluffs
    after the flop made its opens (the regular's, exactly) read as a little reckless, and hard
    called and re-raised them too wide (docs/hard-ai.md). The fixed table plays as measured."""
    return profile.reckless_preflop if _blinds_rise(spot) else profile.reckless


def _steal_pays(spot: Spot, read: _Read, behind: list[int], size: float) -> bool:
    """Whether an open of ``size`` big blinds wins chips with any two cards where the blinds
    rise: the players behind let it through as often as they do not play a hand (their
    ``vpip``), and it is given up whenever one of them plays. Players who fold their blinds
    pay a sit & go's rising blinds to whoever opens (docs/hard-ai.md)."""
    if not _blinds_rise(spot) or not behind:
        return False
    through = math.prod(1.0 - read.profiles[seat].vpip for seat in behind)
    cost = round(spot.big_blind * size) - spot.my_bet
    return through * spot.pot > (1.0 - through) * cost


def _small_rising_bet(spot: Spot, action: Action) -> bool:
    """A bet of at most :data:`_SMALL_BET` of the pot where the blinds rise: read as coming
    from the bottom of the bettor's range (:data:`_SMALL_BET_RANGE`), not the top."""
    return _blinds_rise(spot) and action.to <= _SMALL_BET * max(action.pot, 1)


def _blinds_rise(spot: Spot) -> bool:
    """Whether this table's blinds rise (a sit & go); at the fixed table ``hands_per_level`` is
    0 and every rule that depends on it plays as it was measured there."""
    return bool(spot.view["blinds"].get("hands_per_level"))


def _behind_the_shove(spot: Spot, shove: Action) -> int:
    """How many players were left to act behind an unopened all-in when it was made, which
    sets its chart range: a shove into three players is far tighter than one into the big blind
    alone. Where the blinds rise the players who folded since are counted; at the fixed table
    the read counts only the players still in (the figures there were measured with it)."""
    if _blinds_rise(spot):
        return max(len(spot.still_in_at(shove)) - 1, 1)
    return len(spot.acting_after(shove.seat)) or 1


def _shove_depth(spot: Spot, shove: Action) -> float:
    """The depth in big blinds an all-in really plays at: what it risks against the biggest
    stack still in the hand behind it. A big stack moving all-in over short stacks risks only
    what they have, and the charts shove far wider at that depth than at its own."""
    covered = max(
        (spot.chips(seat) for seat in spot.still_in_at(shove) if seat != shove.seat),
        default=shove.to,
    )
    return min(shove.to, covered) / spot.big_blind


def _calls_all_in(profile: Profile) -> float:
    """The share of a raiser's range that calls an all-in over it: the top ~30% for a player
    who folds to bets, up to all of it for one who never folds (a calling station, a maniac)."""
    folds_less = min(max(1.0 - profile.fold_to_bet / _USUAL_FOLD_TO_BET, 0.0), 1.0)
    never_folds = max(profile.loose_passive, folds_less)
    return _ALL_IN_CALLERS + (1.0 - _ALL_IN_CALLERS) * never_folds


def _heads_up_with_a_wild_player(read: _Read) -> bool:
    """Whether the one opponent left bets and raises whatever they hold: one who never folds
    (:data:`NEVER_FOLDS`) and raises far more than a sound player (:data:`MANIAC_RECKLESS`),
    or one whose bets after the flop are :data:`WILD_BET_SIZE` pots on average (no sound player
    sizes so; a player betting random amounts up to their stack does). A calling station never
    folds either, but does not raise, and is played for value by the usual option values; the
    aggressor bets as often as a maniac but folds to 32% or more of the bets and raises it
    faces (10th percentile of its reads, sparring matches), a maniac to none: its read falls
    to :data:`NEVER_FOLDS` within four bets.
    The sparring partners' and the equity bots' bets average 0.78 pots or less (90th
    percentile), the random bot's 2.4 (median)."""
    spot = read.spot
    if len(spot.opponents) != 1:
        return False
    profile = read.profiles[spot.opponents[0]]
    never_folds = profile.folds <= NEVER_FOLDS and profile.reckless >= MANIAC_RECKLESS
    return never_folds or profile.bet_size >= WILD_BET_SIZE


def match_utility(chips: np.ndarray, total: float, risk: float) -> np.ndarray:
    """What holding ``chips`` of the table's ``total`` is worth towards winning the match.

    Concave: a player with an edge wins more often than their share of the chips (they get to
    use the edge for longer), so losing a stack costs more than doubling it gains — big pots
    need more than a chip-for-chip edge.
    """
    result: np.ndarray = (np.maximum(chips, 0.0) / total) ** risk
    return result


def _worth_the_risk(spot: Spot, equity: float, risk: float, stake: int) -> bool:
    """Whether putting ``stake`` chips in (a call, and what follows it) with ``equity`` beats
    folding, in match utility: the price alone would call far too often once a short stack
    faces a big one."""
    stack = spot.my_stack
    total = sum(seat["stack"] for seat in spot.view["seats"]) + spot.pot
    stake = max(stake, spot.to_call)
    lost = stack - stake
    won = lost + spot.pot_if_called + 2 * (stake - spot.to_call)
    called = equity * match_utility(np.array(won), total, risk) + (1 - equity) * match_utility(
        np.array(lost), total, risk
    )
    return bool(called > match_utility(np.array(stack), total, risk))


def style_size(style: Style) -> float:
    """Aggressive styles open a little bigger, passive ones a little smaller."""
    return 0.9 + 0.1 * style.aggression


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


def _pick(
    options: list[tuple[float, Choice]], pot: int, rng: random.Random, temperature: float
) -> Choice:
    """The best option, mostly: close options are mixed (softmax over EV in pots), so the
    same spot does not always get the same answer and the play is harder to read."""
    best = max(ev for ev, _ in options)
    scale = max(temperature * pot, 1e-9)
    weights = [math.exp((ev - best) / scale) for ev, _ in options]
    roll = rng.random() * sum(weights)
    for weight, (_, choice) in zip(weights, options, strict=True):
        roll -= weight
        if roll <= 0:
            return choice
    return options[-1][1]
