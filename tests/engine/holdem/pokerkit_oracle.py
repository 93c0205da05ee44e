"""PokerKit 0.7.7 as an oracle for our Hold'em engine: one hand played on both, compared throughout.

Used by ``test_differential_pokerkit.py`` (CI) and ``bench/bench_differential.py`` (long runs).

For each hand both tables start from the same stacks, blinds and ante. Our engine deals from an
explicit deck; PokerKit is dealt exactly the hole cards, burns and board cards our events show, so
both play the same cards. PokerKit automates everything else the dealer does (antes, blinds, bet
collection, showdown, hand killing, pushing and pulling chips). At every decision we compare who
acts and the whole legal set — fold, check or call and its amount, raise and its min/max "raise
to" — then apply one action, chosen at random from our legal set, to both. At the end the settled
stacks must agree. Antes (not in RULES.md; the engine has them for hand histories) are dead money
in the main pot on both sides: PokerKit runs without ante trimming.

Seats. PokerKit numbers players from the seat left of the button: index 0 is the small blind,
index 1 the big blind, the last index the button. Heads-up it reverses the blinds
(``get_effective_blind_or_straddle`` reads ``blinds[not index]``), so index 0 is the big blind and
index 1 the button posting the small blind — which is still "index ``i`` is the ``i``-th seat
clockwise from the button's left" (RULES.md §1.3). One mapping serves every table size.

PokerKit departs from RULES.md in two known places, neither configurable. Each is detected
precisely, counted per hand (``KNOWN_DIFFERENCES``), and worked around:

``odd_chips``
    RULES.md §1.6 settles each pot separately and gives a split pot's indivisible chips one at a
    time to the tied winners clockwise from the button's left. PokerKit gives all of a split
    pot's odd chips to the lowest-index winner (``push_chips``: ``if i == player_indices[0]:
    += remainder``) — and, having killed the hands that win nothing, merges adjacent pots whose
    remaining players are the same, so which chips are "odd" can differ too. Amounts and winners
    never differ, so PokerKit's result is predicted exactly from our ``PotAwarded`` events
    (:meth:`DifferentialHand._as_pokerkit_settles`) and the hand is still compared chip for chip.
``short_all_in_reopens``
    A round's first wager that is an all-in below the minimum (pre-flop: a raise by less than
    the big blind in an unraised pot; post-flop: a bet below the minimum bet) becomes PokerKit's
    "last full raise" (``completion_betting_or_raising_amount``) and clears its "already acted"
    set, so players who already acted may raise again. RULES.md §1.4: a short all-in does not
    reopen raising. Detected when PokerKit offers a raise we refuse only because raising was not
    reopened, PokerKit's remembered raise size is below our full-raise size, and the round's
    first wager was such an all-in; that player is given an action legal in both.

Three more differences showed up here, all of them PokerKit's or a question of reading the rules;
they are reported to the lead, handled just as precisely, counted, and not part of the 1% budget
for the known ones:

``raise_nobody_can_match``
    PokerKit refuses a raise when no other live player's chips exceed the current bet; RULES.md
    §1.4 refuses it only when "everyone else still in the hand is all-in". A player who cannot
    even cover the current bet is not all-in yet, so we offer the raise (it can only come back as
    uncalled). A question of reading §1.4, pending the lead's decision.
``forced_check``
    PokerKit fixes a round's actors when the round starts, so when everyone else has folded or
    gone all-in it still asks the last player with chips to act although they owe nothing and
    can only check. RULES.md §1.6 deals on at once; we check for them in PokerKit.
``short_all_ins_forgotten``
    PokerKit sums consecutive short all-in raises for the whole table and starts again from
    zero once they reach a full raise, so a player who acted before all of them cannot raise
    after one more short all-in; RULES.md §1.4 counts each player's "total of increases since
    their last action", which does reach a full raise (about one hand in a million).

Heads-up hands with equal blinds are not generated: PokerKit opens pre-flop after the player with
the largest blind, breaking ties towards the higher index — heads-up that is the button, so the
big blind would act first, against RULES.md §1.3 (reported as a PokerKit limitation).

Any other difference raises :class:`Mismatch` with a reproduction.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerkit import Automation, NoLimitTexasHoldem
from pokerkit.state import State

from games.engine.cards import STANDARD_DECK
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.betting import LegalActions, legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.state import BETTING, HoldemState

ODD_CHIPS = "odd_chips"
SHORT_ALL_IN_REOPENS = "short_all_in_reopens"
RAISE_NOBODY_CAN_MATCH = "raise_nobody_can_match"
FORCED_CHECK = "forced_check"
SHORT_ALL_INS_FORGOTTEN = "short_all_ins_forgotten"
KNOWN_DIFFERENCES = (ODD_CHIPS, SHORT_ALL_IN_REOPENS)
REPORTED_DIFFERENCES = (RAISE_NOBODY_CAN_MATCH, FORCED_CHECK, SHORT_ALL_INS_FORGOTTEN)

# Every dealer step except dealing cards: the cards come from our events so both deal the same.
# Tournament mode (PokerKit's default) runs the board out once and shows every live hand.
PEER_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class Mismatch(AssertionError):
    """Our engine and PokerKit disagree in a way none of the known differences explains."""


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One hand: the table (stacks by our seat), the forced bets, the button and the deck."""

    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int
    button: int
    deck: tuple[str, ...]

    @property
    def order(self) -> list[int]:
        """Our seats in PokerKit index order: clockwise from the seat left of the button."""
        n = len(self.stacks)
        return [(self.button + 1 + i) % n for i in range(n)]

    def start_match(self) -> StartMatch:
        return StartMatch(
            stacks=self.stacks,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            first_button=self.button,
        )


@dataclass(slots=True)
class HandResult:
    spec: HandSpec
    actions: list[Act]
    ours: tuple[int, ...]
    peer: tuple[int, ...]
    treated: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)
    decisions: int = 0


def random_spec(rng: random.Random) -> HandSpec:
    """A random table biased towards all-ins, side pots and odd chips.

    2–6 players; stacks of 3–60 big blinds, and a tenth of them 1–3 big blinds (so blinds and
    antes put players all-in); odd and uneven small blinds; an ante in a quarter of the hands.
    (More short stacks would make the known differences touch more than 1% of the hands.)
    """
    players = rng.randint(2, 6)
    big_blind = rng.choice((2, 3, 4, 5, 10, 20, 25, 50, 100))
    # Heads-up the blinds must differ: PokerKit opens pre-flop after the largest blind, ties
    # going to the higher index — heads-up the button — so the big blind would act first where
    # RULES.md §1.3 has the button act. A PokerKit limitation (reported); 3+ players may tie.
    top = big_blind - 1 if players == 2 and big_blind > 1 else big_blind
    small_blind = rng.choice((big_blind // 2 or 1, rng.randint(1, top)))
    ante = rng.randint(1, max(1, big_blind // 2)) if rng.random() < 0.25 else 0
    stacks = tuple(
        rng.randint(1, 3 * big_blind)
        if rng.random() < 0.1
        else rng.randint(3 * big_blind, 60 * big_blind)
        for _ in range(players)
    )
    deck = tuple(rng.sample(STANDARD_DECK, len(STANDARD_DECK)))
    return HandSpec(stacks, small_blind, big_blind, ante, rng.randrange(players), deck)


def random_action(rng: random.Random, legal: LegalActions, allow_raise: bool = True) -> Act:
    """A random choice from our legal set, ``allow_raise`` permitting.

    Facing a bet: fold 20%, call 40%, raise 40% (min raise 15%, random size 15%, all-in 10%).
    Owing nothing: check 60%, bet or raise 40% (same split). When the rules leave a single raise
    size (an all-in at or below the minimum) only the all-in share takes it and the other raise
    shares call or check: a short stack does not shove four times as often as a deep one.
    """
    roll = rng.random()
    if legal.can_fold and roll < 0.2:
        return Act(legal.seat, "fold")
    passive = Act(legal.seat, "check" if legal.can_check else "call")
    if not (legal.can_bet_or_raise and allow_raise) or roll < 0.6:
        return passive
    low, high = legal.min_raise_to, legal.max_raise_to
    kind = legal.bet_kind
    if roll >= 0.9:
        return Act(legal.seat, kind, high)
    if low == high:
        return passive
    return Act(legal.seat, kind, low if roll < 0.75 else rng.randint(low, high))


@dataclass(slots=True)
class _Round:
    """The betting round as RULES.md §1.4 describes it, kept by the oracle itself (not read from
    the engine's state) to recognise the situations where PokerKit departs from the rules."""

    full_raise: int  # the last full bet or raise; the big blind (= minimum bet) to begin with
    level: int = 0  # the round's highest bet
    wagers: int = 0
    first_wager_short_all_in: bool = False
    level_after: dict[int, int] = field(default_factory=dict)  # after each seat's last action

    def reopened_for(self, seat: int) -> bool:
        """Not acted yet, or the bet grew by a full raise since (short all-ins add up)."""
        return seat not in self.level_after or self.level - self.level_after[seat] >= (
            self.full_raise
        )


class DifferentialHand:
    """One hand on both engines, kept in step; ``run`` plays it to the end."""

    def __init__(self, spec: HandSpec, timings: Counter[str] | None = None) -> None:
        self.spec = spec
        self.order = spec.order
        self.index_of = {seat: index for index, seat in enumerate(self.order)}
        self.actions: list[Act] = []
        self.treated: set[str] = set()
        # What the hand exercised (all-ins, side pots, splits…), so tests can check coverage.
        self.features: set[str] = {f"players_{len(spec.stacks)}"} | (
            {"ante"} if spec.ante else set()
        )
        self.posted: Counter[int] = Counter()
        self.decisions = 0
        self.timings = timings if timings is not None else Counter()
        self.round = _Round(full_raise=spec.big_blind)
        self.awards: list[ev.PotAwarded] = []
        self.final: tuple[int, ...] | None = None

        start = time.perf_counter()
        state, _ = advance(HoldemState(), spec.start_match())
        self.state, events = advance(state, StartHand(deck=spec.deck))
        middle = time.perf_counter()
        self.peer: State = NoLimitTexasHoldem.create_state(
            PEER_AUTOMATIONS,
            # No ante trimming: antes are dead money in the main pot, as in our side pots
            # (``HoldemState.pots``); trimming would count them as each player's contribution.
            False,
            spec.ante,
            (spec.small_blind, spec.big_blind),
            spec.big_blind,
            [spec.stacks[seat] for seat in self.order],
            len(spec.stacks),
        )
        holes = {e.seat: e.cards for e in events if isinstance(e, ev.HoleCardsDealt)}
        for index, seat in enumerate(self.order):
            self.peer.deal_hole("".join(holes[seat]), index)
        self.timings["ours"] += middle - start
        self.timings["peer"] += time.perf_counter() - middle
        self._follow(events)

    # --- reporting --------------------------------------------------------------------------

    def fail(self, message: str) -> Mismatch:
        spec = self.spec
        lines = [
            message,
            "reproduction (our seats; PokerKit index i = our seat order[i]):",
            f"  order = {self.order}",
            f"  StartMatch(stacks={spec.stacks}, small_blind={spec.small_blind}, "
            f"big_blind={spec.big_blind}, ante={spec.ante}, first_button={spec.button})",
            f"  StartHand(deck={spec.deck})",
            *(f"  {action}" for action in self.actions),
        ]
        return Mismatch("\n".join(lines))

    # --- keeping PokerKit in step with our dealer -------------------------------------------

    def _follow(self, events: Sequence[Event]) -> None:
        """Give PokerKit the cards our dealer dealt; note what the known differences need."""
        start = time.perf_counter()
        for item in events:
            if isinstance(item, ev.BoardDealt):
                self._peer_forced_checks()
                if not self.peer.can_burn_card(item.burned):
                    raise self.fail(f"PokerKit does not expect the {item.street} we dealt")
                self.peer.burn_card(item.burned)
                self.peer.deal_board("".join(item.cards))
                self.round = _Round(full_raise=self.spec.big_blind)
            elif isinstance(item, ev.AntePosted | ev.BlindPosted):
                if isinstance(item, ev.BlindPosted):
                    self.round.level = max(self.round.level, item.amount)
                self.posted[item.seat] += item.amount
                if self.posted[item.seat] == self.spec.stacks[item.seat]:
                    self.features.add("all_in_forced_bet")
            elif isinstance(item, ev.UncalledBetReturned):
                self.features.add("uncalled_bet")
            elif isinstance(item, ev.PotAwarded):
                self.awards.append(item)
                self.features.add(f"pots_{min(item.pot + 1, 3)}+" if item.pot else "pot")
                if len(item.winners) > 1:
                    self.features.add("split_pot")
                if item.odd_chips:
                    self.features.add(f"odd_chips_{min(len(item.odd_chips), 2)}+")
            elif isinstance(item, ev.HandEnded):
                self.final = tuple(item.stacks)
        self.timings["peer"] += time.perf_counter() - start

    def _peer_forced_checks(self) -> None:
        """Check for PokerKit's player who owes nothing while nobody else has chips.

        PokerKit fixes a round's order of actors when the round starts, so a player stays in it
        after everyone else has folded or gone all-in; it then asks them to act although their
        only choice is to check. RULES.md §1.4/§1.6: nobody could respond, so there is no
        betting and the dealer goes on (``forced_check``).
        """
        peer = self.peer
        while (actor := peer.actor_index) is not None:
            others_with_chips = any(
                peer.statuses[i] and peer.stacks[i] > 0 for i in peer.player_indices if i != actor
            )
            if (
                others_with_chips
                or peer.can_fold()
                or peer.checking_or_calling_amount != 0
                or peer.can_complete_bet_or_raise_to()
            ):
                return  # a real decision: _compare judges it
            self.treated.add(FORCED_CHECK)
            peer.check_or_call()

    def _note_action(self, action: Act, before: HoldemState) -> None:
        """Keep the round (``_Round``) up to date with one player action."""
        round_ = self.round
        if action.kind in ("bet", "raise"):
            assert action.amount is not None
            seat = before.seats[action.seat]
            all_in = action.amount == seat.bet + seat.stack
            increase = action.amount - round_.level
            short = increase < round_.full_raise
            if all_in:
                self.features.add("all_in_short" if short else "all_in")
            if round_.wagers == 0 and all_in and short:
                round_.first_wager_short_all_in = True
            if not short:
                round_.full_raise = increase
            round_.level = action.amount
            round_.wagers += 1
        round_.level_after[action.seat] = round_.level

    # --- one decision -----------------------------------------------------------------------

    def _compare(self, legal: LegalActions | None) -> bool:
        """Compare the decision point; return whether raising is allowed on both sides."""
        peer = self.peer
        actor = peer.actor_index
        if legal is None:
            if actor is not None:
                raise self.fail(f"PokerKit has seat {self.order[actor]} to act, we have nobody")
            return False
        if actor is None:
            raise self.fail(f"we have seat {legal.seat} to act, PokerKit has nobody")
        if self.order[actor] != legal.seat:
            raise self.fail(f"to act: ours seat {legal.seat}, PokerKit seat {self.order[actor]}")
        if self.round.level != self.state.current_bet:
            raise self.fail(
                f"bet to match: ours {self.state.current_bet}, by RULES.md §1.4 {self.round.level}"
            )
        ours_call = 0 if legal.can_check else legal.call_amount
        if legal.can_fold != peer.can_fold() or ours_call != peer.checking_or_calling_amount:
            raise self.fail(
                f"fold/call differ: ours can_fold={legal.can_fold} call={ours_call}, "
                f"PokerKit can_fold={peer.can_fold()} call={peer.checking_or_calling_amount}"
            )
        peer_raise = peer.can_complete_bet_or_raise_to()
        if legal.can_bet_or_raise and peer_raise:
            peer_range = (
                peer.min_completion_betting_or_raising_to_amount,
                peer.max_completion_betting_or_raising_to_amount,
            )
            if (legal.min_raise_to, legal.max_raise_to) != peer_range:
                raise self.fail(
                    f"raise-to range: ours {(legal.min_raise_to, legal.max_raise_to)}, "
                    f"PokerKit {peer_range}"
                )
            return True
        if legal.can_bet_or_raise == peer_raise:
            return False
        if peer_raise and self._known_reopening(legal.seat):
            return False
        if legal.can_bet_or_raise and (
            self._nobody_can_match(legal.seat) or self._short_all_ins_forgotten(legal.seat)
        ):
            return False
        raise self.fail(f"can raise: ours {legal.can_bet_or_raise}, PokerKit {peer_raise}")

    def _known_reopening(self, seat_index: int) -> bool:
        """Whether PokerKit lets the seat raise where RULES.md §1.4 does not, as a known case."""
        state, round_ = self.state, self.round
        seat = state.seats[seat_index]
        others_with_chips = any(
            other.live and other.stack > 0 for i, other in enumerate(state.seats) if i != seat_index
        )
        refused_only_as_not_reopened = (
            seat.stack > round_.level - seat.bet
            and others_with_chips
            and not round_.reopened_for(seat_index)
        )
        if (
            refused_only_as_not_reopened
            and round_.first_wager_short_all_in
            and self.peer.completion_betting_or_raising_amount < round_.full_raise
        ):
            self.treated.add(SHORT_ALL_IN_REOPENS)
            return True
        return False

    def _nobody_can_match(self, seat_index: int) -> bool:
        """PokerKit refuses a raise that no other player could match even in part.

        PokerKit allows a raise only if another live player's chips (bet plus stack) exceed the
        current bet. RULES.md §1.4 forbids raising only when "everyone else still in the hand is
        all-in"; a player who has chips but cannot cover the current bet is not all-in yet, so
        we allow the raise (any raise is then returned as uncalled). Pending the lead's reading
        of §1.4 (``raise_nobody_can_match``).
        """
        state = self.state
        if any(
            seat.can_act and seat.bet + seat.stack > state.current_bet
            for i, seat in enumerate(state.seats)
            if i != seat_index
        ):
            return False
        self.treated.add(RAISE_NOBODY_CAN_MATCH)
        return True

    def _short_all_ins_forgotten(self, seat_index: int) -> bool:
        """PokerKit forgets short all-ins that already added up to a full raise.

        PokerKit keeps one running total of consecutive short all-in raises for the whole table
        and empties it once it reaches a full raise; a later short all-in starts a new total,
        and players who already acted may not raise while that total is short. RULES.md §1.4
        counts, for each player, "the total of increases since their last action": a player
        who acted before all of those all-ins may raise once they add up to a full raise
        (``short_all_ins_forgotten``; PokerKit's side, reported).
        """
        peer, round_ = self.peer, self.round
        since_full = peer.consecutive_short_all_in_amounts
        if (
            seat_index in round_.level_after
            and round_.reopened_for(seat_index)
            and since_full
            and sum(since_full) < peer.completion_betting_or_raising_amount
            and peer.actor_index in peer.acted_player_indices
        ):
            self.treated.add(SHORT_ALL_INS_FORGOTTEN)
            return True
        return False

    def _apply(self, action: Act) -> None:
        before = self.state
        start = time.perf_counter()
        self.state, events = advance(before, action)
        middle = time.perf_counter()
        match action.kind:
            case "fold":
                self.peer.fold()
            case "check" | "call":
                self.peer.check_or_call()
            case _:
                self.peer.complete_bet_or_raise_to(action.amount)
        self.timings["ours"] += middle - start
        self.timings["peer"] += time.perf_counter() - middle
        self.actions.append(action)
        self._note_action(action, before)
        self._follow(events)

    def _as_pokerkit_settles(self) -> list[int]:
        """Our final stacks with our showdown pots re-split the way PokerKit splits them.

        First each of our splits is checked against RULES.md §1.6 on its own — equal shares, the
        indivisible chips one at a time to the tied winners clockwise from the button's left — so
        that replacing our shares below cannot hide a mistake in them.

        PokerKit kills every shown hand that wins no pot, then rebuilds the pots from the hands
        left: adjacent pots whose remaining players are the same merge into one, and all of a
        split pot's indivisible chips go to its lowest-index winner (the first clockwise from
        the button's left, as in our order). Pot amounts and winners are the same either way, so
        only odd chips move between tied winners (``odd_chips``). Amounts and winners come from
        our events, so a wrong pot or winner of ours still shows up as a difference.
        """
        assert self.final is not None
        expected = list(self.final)
        showdown = sorted((a for a in self.awards if a.hand_rank), key=lambda a: a.pot)
        winners_anywhere = {seat for award in showdown for seat in award.winners}
        merged: list[tuple[frozenset[int], int, tuple[int, ...]]] = []
        for award in showdown:
            clockwise = sorted(award.winners, key=self.index_of.__getitem__)
            base, odd = divmod(award.amount, len(clockwise))
            by_rules = {seat: base + (i < odd) for i, seat in enumerate(clockwise)}
            ours = dict(zip(award.winners, award.shares, strict=True))
            if ours != by_rules:
                raise self.fail(f"pot {award.pot} split: ours {ours}, RULES.md §1.6 {by_rules}")
            for winner, share in ours.items():
                expected[winner] -= share
            key = frozenset(award.eligible) & winners_anywhere
            if merged and merged[-1][0] == key:
                if set(merged[-1][2]) != set(award.winners):
                    raise self.fail(f"pots {merged[-1]} and {award} merge but differ in winners")
                merged[-1] = (key, merged[-1][1] + award.amount, merged[-1][2])
            else:
                merged.append((key, award.amount, award.winners))
        for _, amount, winners in merged:
            ordered = sorted(winners, key=self.index_of.__getitem__)
            base, odd = divmod(amount, len(ordered))
            for seat in ordered:
                expected[seat] += base
            expected[ordered[0]] += odd
        return expected

    # --- the whole hand ---------------------------------------------------------------------

    def run(self, rng: random.Random) -> HandResult:
        """Play to the end with random actions from our legal set."""
        while self.state.phase == BETTING:
            legal = legal_actions(self.state)
            allow_raise = self._compare(legal)
            assert legal is not None
            self.decisions += 1
            self._apply(random_action(rng, legal, allow_raise))
        return self._finish()

    def replay(self, actions: Sequence[Act]) -> HandResult:
        """Play the given actions (a reproduction), comparing as in :meth:`run`."""
        for action in actions:
            legal = legal_actions(self.state)
            allow_raise = self._compare(legal)
            if legal is None or (action.kind in ("bet", "raise") and not allow_raise):
                raise self.fail(f"{action} is not legal on both sides")
            self.decisions += 1
            self._apply(action)
        if self.state.phase == BETTING:
            raise self.fail("the hand is not over after the given actions")
        return self._finish()

    def _finish(self) -> HandResult:
        self._peer_forced_checks()
        self._compare(None)
        if self.peer.status:
            raise self.fail("our hand is over, PokerKit's is not")
        assert self.final is not None
        peer = [0] * len(self.order)
        for index, seat in enumerate(self.order):
            peer[seat] = self.peer.stacks[index]
        expected = self._as_pokerkit_settles()
        if expected != list(self.final):
            self.treated.add(ODD_CHIPS)
        if expected != peer:
            raise self.fail(
                f"final stacks: ours {self.final} (as PokerKit would split: {tuple(expected)}), "
                f"PokerKit {tuple(peer)}"
            )
        if any(award.hand_rank for award in self.awards):
            self.features.add("showdown")
        return HandResult(
            self.spec,
            self.actions,
            self.final,
            tuple(peer),
            self.treated,
            self.features,
            self.decisions,
        )


def play(spec: HandSpec, rng: random.Random, timings: Counter[str] | None = None) -> HandResult:
    """Play one hand on both engines with random legal actions; raise Mismatch on a difference."""
    return DifferentialHand(spec, timings).run(rng)


@dataclass(slots=True)
class Tally:
    hands: int = 0
    decisions: int = 0
    treated: Counter[str] = field(default_factory=Counter)
    features: Counter[str] = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)
    timings: Counter[str] = field(default_factory=Counter)

    @property
    def known_treated_hands(self) -> int:
        """Hands where at least one of the two known differences had to be handled."""
        return self.treated["known"]

    @property
    def reported_treated_hands(self) -> int:
        """Hands where a difference reported to the lead (not a known one) had to be handled."""
        return self.treated["reported"]


def run_hands(seed: int, count: int, stop_at_first: bool = True) -> Tally:
    """``count`` random hands from ``seed``: everything a test or a bench needs to report."""
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(count):
        spec = random_spec(rng)
        try:
            result = play(spec, rng, tally.timings)
        except Mismatch as error:
            tally.mismatches.append(str(error))
            if stop_at_first:
                break
            continue
        finally:
            tally.hands += 1
        tally.decisions += result.decisions
        tally.treated.update(result.treated)
        tally.features.update(result.features)
        if result.treated & set(KNOWN_DIFFERENCES):
            tally.treated["known"] += 1
        if result.treated & set(REPORTED_DIFFERENCES):
            tally.treated["reported"] += 1
    return tally
