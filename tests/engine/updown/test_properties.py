"""Properties of the Up & Down engine over random matches (hypothesis), RULES.md §2.

Each example seats two players with random stacks (or Cardavia's 20 and 20), a random ante and
first starter, then plays deals from random seeds — with a restart now and then — choosing among
what ``legal_actions`` offers (a lock of either card; fold, check, call, the minimum and maximum
raise and a size in between). Along the way it checks that chips are never made or lost, that
the 104 cards are always all in the stock, the hands or the discards, that folding the same
events always gives the same state, that ``decide`` accepts exactly the choices offered and
refuses everything else with the right code, that ``audit`` verifies every match, and that no
player ever receives a card of the opponent's hand before it is revealed.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Protocol

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.engine.errors import IllegalAction
from games.engine.events import Event, from_record, to_record
from games.engine.updown import events as ev
from games.engine.updown.audit import audit
from games.engine.updown.betting import UpDownLegalActions as LegalActions
from games.engine.updown.betting import legal_actions
from games.engine.updown.cards import SHOE
from games.engine.updown.game import (
    Act,
    Command,
    Lock,
    Restart,
    StartDeal,
    StartMatch,
    advance,
    decide,
)
from games.engine.updown.rules import START_MATCH
from games.engine.updown.state import (
    BETWEEN_DEALS,
    MATCH_OVER,
    UpDownState,
    apply,
    fold,
)
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import cards_in_play

PROPERTY_SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

Decision = Callable[[UpDownState, LegalActions], None]
Batch = Callable[[UpDownState, list[Event], UpDownState], None]


@st.composite
def matches(draw: st.DrawFn) -> StartMatch:
    """Cardavia's match half of the time; otherwise 1–60 chips each (short stacks: all-ins, all-in
    antes) or 500–5000 (deep stacks: matches long enough to run out the stock and reshuffle),
    and an ante of 0–3."""
    if draw(st.booleans(), label="cardavia"):
        return START_MATCH
    stack = st.integers(1, 60) if draw(st.booleans(), label="short") else st.integers(500, 5000)
    stacks = draw(st.tuples(stack, stack), label="stacks")
    ante = draw(st.integers(0, 3), label="ante")
    return StartMatch(stacks=stacks, ante=ante, first_starter=draw(st.integers(0, 1)))


def offered(legal: LegalActions, between: int | None = None) -> list[Lock | Act]:
    """Every choice ``legal_actions`` offers; ``between`` is a raise-to inside the range."""
    seat = legal.seat
    if legal.can_lock:
        return [Lock(seat, card) for card in legal.lockable]
    choices: list[Lock | Act] = []
    if legal.can_fold:
        choices.append(Act(seat, "fold"))
    if legal.can_check:
        choices.append(Act(seat, "check"))
    if legal.can_call:
        choices.append(Act(seat, "call"))
    if legal.can_bet_or_raise:
        kind = legal.bet_kind
        sizes = {legal.min_raise_to, legal.max_raise_to}
        if between is not None:
            sizes.add(between)
        choices += [Act(seat, kind, size) for size in sorted(sizes)]
    return choices


class Picker(Protocol):
    """Where a match's random choices come from."""

    def seed(self) -> bytes: ...
    def size(self, low: int, high: int) -> int: ...
    def action(self, choices: list[Lock | Act]) -> Lock | Act: ...
    def restart(self) -> bool: ...


class Drawn:
    """Choices drawn from hypothesis: failures shrink to short, readable matches."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def seed(self) -> bytes:
        return self.data.draw(st.binary(min_size=32, max_size=32), label="seed")

    def size(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high), label="raise to")

    def action(self, choices: list[Lock | Act]) -> Lock | Act:
        return self.data.draw(st.sampled_from(choices), label="action")

    def restart(self) -> bool:
        return False


class Seeded:
    """Choices from a seeded ``random.Random``: whole matches, beyond hypothesis's data budget."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # A quiet table half of the time: deep-stacked matches then last long enough to run out
        # the stock, reshuffle and reveal old seeds; a lively one otherwise (all-ins, folds).
        self.raise_rate = rng.choice((0.03, 0.35))

    def seed(self) -> bytes:
        return self.rng.randbytes(32)

    def size(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def action(self, choices: list[Lock | Act]) -> Lock | Act:
        # Mostly call or check, so that deals reach the reveal; fold 10%, raise at the table's
        # rate, all-in only now and then.
        folds = [c for c in choices if isinstance(c, Act) and c.kind == "fold"]
        passive = [c for c in choices if isinstance(c, Lock) or c.kind in ("check", "call")]
        raises = [c for c in choices if isinstance(c, Act) and c.kind in ("bet", "raise")]
        roll = self.rng.random()
        if folds and roll < 0.1:
            return folds[0]
        if raises and roll >= 1 - self.raise_rate:
            return (
                raises[-1] if self.rng.random() < 0.15 else self.rng.choice(raises[:-1] or raises)
            )
        return self.rng.choice(passive)

    def restart(self) -> bool:
        return self.rng.random() < 0.002


def play(
    pick: Picker,
    start: StartMatch,
    deals: int,
    on_decision: Decision | None = None,
    on_batch: Batch | None = None,
) -> tuple[list[Event], UpDownState]:
    """Play up to ``deals`` deals (restarting a finished match) with picked legal actions."""
    state = UpDownState()
    events: list[Event] = []

    def step(command: Command) -> None:
        nonlocal state
        before = state
        state, batch = advance(state, command)
        events.extend(batch)
        if on_batch is not None:
            on_batch(before, batch, state)

    step(start)
    for _ in range(deals):
        if state.phase == MATCH_OVER or pick.restart():
            step(Restart())
        step(StartDeal(seed=pick.seed()))
        while (legal := legal_actions(state)) is not None:
            if on_decision is not None:
                on_decision(state, legal)
            between = (
                pick.size(legal.min_raise_to, legal.max_raise_to)
                if legal.can_bet_or_raise
                else None
            )
            if pick.restart():
                step(Restart())
                break
            step(pick.action(offered(legal, between)))
    return events, state


ALL_CARDS = frozenset(SHOE)
CARD_ID = re.compile(r'"([2-9TJQKA][cdhs][12])"')


def chips_on_table(state: UpDownState) -> int:
    return sum(seat.stack + seat.contributed for seat in state.seats)


# --- chips and cards ------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_chips_are_conserved_by_every_batch_every_deal_and_the_whole_match(
    start: StartMatch, rng: random.Random
) -> None:
    total = sum(start.stacks)

    def conserved(before: UpDownState, batch: list[Event], after: UpDownState) -> None:
        assert chips_on_table(after) == total
        state = before.copy()
        for item in batch:
            if isinstance(item, ev.PotAwarded):
                assert item.amount == state.pot_total() == sum(item.shares)
                if item.outcome == "tie":  # even, once unmatched chips are back: no odd chip
                    assert item.shares[0] == item.shares[1] and not item.odd_chips
            elif isinstance(item, ev.DealEnded):
                assert sum(item.stacks) == total
            apply(state, item)
            for seat in state.seats:
                assert seat.stack >= 0 and seat.bet >= 0 and seat.contributed >= seat.bet

    _, state = play(Seeded(rng), start, deals=200, on_batch=conserved)

    assert sum(seat.stack for seat in state.seats) == total


def test_a_cardavia_match_ends_with_one_player_holding_all_40_chips() -> None:
    rng = random.Random(11)
    for _ in range(20):
        state, _ = advance(UpDownState(), START_MATCH)
        while state.phase != MATCH_OVER:
            state, _ = advance(state, StartDeal(seed=rng.randbytes(32)))
            while (legal := legal_actions(state)) is not None:
                state, _ = advance(state, Seeded(rng).action(offered(legal, legal.max_raise_to)))
        assert state.winner is not None
        assert [seat.stack for seat in state.seats] == [
            40 if s == state.winner else 0 for s in (0, 1)
        ]


@PROPERTY_SETTINGS
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_the_104_cards_are_always_in_the_stock_the_hands_or_the_discards(
    start: StartMatch, rng: random.Random
) -> None:
    events, _ = play(Seeded(rng), start, deals=150)
    if any(isinstance(item, ev.ShoeShuffled) and item.size < len(SHOE) for item in events):
        event("reshuffled")

    state = UpDownState()
    for item in events:
        apply(state, item)
        if state.shoe is None:
            continue
        # The ids are distinct: 104 of them, each a card of the shoe, is every card once.
        cards = cards_in_play(state)
        assert len(cards) == len(SHOE) and set(cards) == ALL_CARDS, item
        for seat in state.seats:
            assert seat.locked is None or seat.locked in seat.hand
            if isinstance(item, ev.SignalsShown):
                assert len(seat.hand) == 2  # the kept card and the one drawn
            elif isinstance(item, ev.DealEnded):
                assert len(seat.hand) == 1  # the card kept for the next deal


# --- fold -----------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(start=matches(), data=st.data())
def test_folding_the_same_events_gives_the_same_state_every_time(
    start: StartMatch, data: st.DataObject
) -> None:
    events, played = play(Drawn(data), start, deals=6)

    assert fold(events) == fold(events) == played
    records = [json.loads(json.dumps(to_record(item))) for item in events]
    assert fold(from_record(r["type"], r["version"], r["payload"]) for r in records) == played
    half = len(events) // 2
    assert fold(events[half:], fold(events[:half])) == played


@PROPERTY_SETTINGS
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_audit_verifies_every_random_match(start: StartMatch, rng: random.Random) -> None:
    events, _ = play(Seeded(rng), start, deals=120)

    report = audit(events)

    assert report.ok, report.mismatches[:1]
    assert report.hands_verified == sum(isinstance(e, ev.DealEnded) for e in events)


# --- legality -------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_every_choice_legal_actions_offers_is_accepted(
    start: StartMatch, rng: random.Random
) -> None:
    def all_accepted(state: UpDownState, legal: LegalActions) -> None:
        snapshot = state.copy()
        middle = (legal.min_raise_to + legal.max_raise_to) // 2 if legal.can_bet_or_raise else None
        for action in offered(legal, middle):
            first = decide(state, action)[0]
            match action:
                case Lock():
                    assert first == ev.CardLocked(seat=legal.seat, card=action.card)
                case Act(kind="fold"):
                    assert first == ev.Folded(seat=legal.seat)
                case Act(kind="check"):
                    assert first == ev.Checked(seat=legal.seat)
                case Act(kind="call"):
                    assert first == ev.Called(seat=legal.seat, amount=legal.call_amount)
                case _:
                    assert isinstance(first, ev.Bet | ev.Raised)
                    assert (first.seat, first.to) == (legal.seat, action.amount)
        assert state == snapshot  # decide never changes the state it is given

    play(Seeded(rng), start, deals=30, on_decision=all_accepted)


def refused(state: UpDownState, action: Command) -> str:
    """The IllegalAction code ``decide`` refuses ``action`` with (fails if it is accepted)."""
    try:
        decide(state, action)
    except IllegalAction as error:
        return error.code
    raise AssertionError(f"{action} was accepted")


def why_no_raise(state: UpDownState, seat_index: int) -> str:
    """RULES.md §2.3, read independently of the engine: why this seat may not raise."""
    seat, other = state.seats[seat_index], state.seats[1 - seat_index]
    if seat.stack <= state.current_bet - seat.bet:
        return "not_enough_chips_to_raise"
    if seat.acted and state.current_bet - seat.seen_bet < state.last_full_raise:
        return "raise_not_reopened"
    assert other.stack == 0
    return "opponent_all_in"


@PROPERTY_SETTINGS
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_everything_legal_actions_does_not_offer_is_refused_with_its_code(
    start: StartMatch, rng: random.Random
) -> None:
    def rest_refused(state: UpDownState, legal: LegalActions) -> None:
        seat, other = legal.seat, 1 - legal.seat
        if legal.can_lock:
            for card in (*state.seats[other].hand, "Zz1", "As3"):
                assert refused(state, Lock(seat, card)) == "unknown_card"
            wrong = "already_locked" if state.seats[other].locked else "not_your_turn"
            for card in state.seats[other].hand:
                assert refused(state, Lock(other, card)) == wrong
            for kind in ("fold", "check", "call", "bet", "raise"):
                assert refused(state, Act(seat, kind, 1)) == "lock_first"
            return
        for card in state.seats[seat].hand:
            assert refused(state, Lock(seat, card)) == "not_locking_phase"
        if not legal.can_fold:
            assert refused(state, Act(seat, "fold")) == "nothing_to_fold"
        if not legal.can_check:
            assert refused(state, Act(seat, "check")) == "cannot_check"
        if not legal.can_call:
            assert refused(state, Act(seat, "call")) == "nothing_to_call"
        # Each kind is itself: a bet opens a round nobody has bet in, a raise raises a bet.
        wrong_kind = ("raise", "cannot_raise") if state.current_bet == 0 else ("bet", "cannot_bet")
        for amount in (None, legal.min_raise_to, legal.max_raise_to):
            assert refused(state, Act(seat, wrong_kind[0], amount)) == wrong_kind[1]
        for kind in ("bet", "raise"):
            if kind == wrong_kind[0]:
                continue
            if legal.can_bet_or_raise:
                assert refused(state, Act(seat, kind, legal.min_raise_to - 1)) == (
                    "amount_below_minimum"
                )
                assert refused(state, Act(seat, kind, legal.max_raise_to + 1)) == (
                    "amount_above_stack"
                )
                assert refused(state, Act(seat, kind, None)) == "amount_required"
            else:
                expected = why_no_raise(state, seat)
                event(f"raise refused: {expected}")
                for amount in (None, state.current_bet + 1, 10**6):
                    assert refused(state, Act(seat, kind, amount)) == expected
        assert refused(state, Act(seat, "muck")) == "unknown_action"
        for action in offered(legal):
            assert isinstance(action, Act)
            assert refused(state, Act(other, action.kind, action.amount)) == "not_your_turn"

    play(Seeded(rng), start, deals=30, on_decision=rest_refused)


@PROPERTY_SETTINGS
@given(start=matches(), data=st.data())
def test_no_action_is_accepted_between_deals_or_after_the_match(
    start: StartMatch, data: st.DataObject
) -> None:
    _, state = play(Drawn(data), start, deals=data.draw(st.integers(0, 5), label="deals"))
    assert state.phase in (BETWEEN_DEALS, MATCH_OVER)
    code = "match_over" if state.phase == MATCH_OVER else "no_deal_in_progress"
    for seat in (0, 1):
        for kind in ("fold", "check", "call"):
            assert refused(state, Act(seat, kind)) == code
        assert refused(state, Act(seat, "bet", 1)) == code
        for card in state.seats[seat].hand:
            assert refused(state, Lock(seat, card)) == code


# --- hidden information ---------------------------------------------------------------------


@settings(PROPERTY_SETTINGS, max_examples=50)  # a view and two feeds per event: slow
@given(start=matches(), rng=st.randoms(use_true_random=True))
def test_no_player_ever_receives_a_card_of_the_opponents_hand_before_it_is_revealed(
    start: StartMatch, rng: random.Random
) -> None:
    # Card ids each player has received in the feed, minus those made public since.
    received: dict[int, set[str]] = {0: set(), 1: set()}

    def nothing_hidden_received(
        before: UpDownState, batch: list[Event], after: UpDownState
    ) -> None:
        state = before.copy()
        for index, item in enumerate(batch):
            apply(state, item)
            public: set[str] = set()
            if isinstance(item, ev.ShoeShuffled) and state.shoe is not None:
                public = set(state.shoe.pile)  # all shown when played, or (a new segment) all new
            elif isinstance(item, ev.ShuffleRevealed):
                public = set(item.pile)
                if not segment_ends(batch, index, state):
                    # A seed mid-match: every card in a hand must have been drawn from a later
                    # shuffle — none drawn from this one, and none held since before it was
                    # made (its pile, the rest of the shoe, would tell those).
                    in_hands = {card for seat in state.seats for card in seat.hand}
                    assert all(state.origin[card] > item.shuffle for card in in_hands), item
            for viewer in (0, 1):
                record = json.dumps(visible_record(item, viewer))
                received[viewer] |= set(CARD_ID.findall(record))
                received[viewer] -= public
                hidden = set(state.seats[1 - viewer].hand) - set(state.revealed)
                assert not hidden & received[viewer], (item, viewer)
        # A client reads its view after each command.
        # The previous deal's reveal (last_deal) was public when it was made; after a reshuffle
        # its card ids may be dealt again, which the id alone does not tell.
        last = after.last_deal
        shown_before = set(last.locked_cards) if last is not None else set()
        for viewer in (0, 1):
            seen = set(CARD_ID.findall(json.dumps(view(after, viewer)))) - shown_before
            hidden = set(after.seats[1 - viewer].hand) - set(after.revealed)
            assert not hidden & seen, (batch, viewer)

    play(Seeded(rng), start, deals=120, on_batch=nothing_hidden_received)


def segment_ends(events: list[Event], index: int, state: UpDownState) -> bool:
    """Whether the ShuffleRevealed at ``index`` is one of those a match end or restart gives."""
    if state.phase == MATCH_OVER:
        return True
    while index < len(events) and isinstance(events[index], ev.ShuffleRevealed):
        index += 1
    return index < len(events) and isinstance(events[index], ev.MatchRestarted)
