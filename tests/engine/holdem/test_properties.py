"""Properties of the Hold'em engine over random matches (hypothesis), RULES.md §1.1 and §1.4.

Each example seats 2–6 players with random stacks, blinds, antes and button, then plays hands
from random seeds with actions drawn from what ``legal_actions`` offers (fold, check, call, the
minimum and maximum raise and a size in between). Along the way it checks that chips are never
made or lost, that stacks never go negative, that folding the same events always gives the same
state, and that ``decide`` accepts exactly the choices offered — refusing everything else with
the right ``IllegalAction`` code.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.engine.errors import IllegalAction
from games.engine.events import Event, from_record, to_record
from games.engine.holdem import events as ev
from games.engine.holdem.betting import LegalActions, legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance, decide
from games.engine.holdem.state import (
    BETTING,
    BETWEEN_HANDS,
    MATCH_OVER,
    HoldemState,
    apply,
    fold,
)

PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

Decision = Callable[[HoldemState, LegalActions], None]
Batch = Callable[[HoldemState, list[Event], HoldemState], None]


@st.composite
def tables(draw: st.DrawFn) -> StartMatch:
    """2–6 seats, 1–40 big blinds each (short stacks make all-ins and side pots common)."""
    seats = draw(st.integers(2, 6), label="seats")
    big = draw(st.integers(2, 50), label="big blind")
    small = draw(st.integers(1, big), label="small blind")
    ante = draw(st.sampled_from((0, 0, 1, max(1, big // 4))), label="ante")
    stack = st.integers(1, 40 * big)
    stacks = draw(st.lists(stack, min_size=seats, max_size=seats), label="stacks")
    button = draw(st.integers(0, seats - 1), label="first button")
    return StartMatch(tuple(stacks), small, big, ante=ante, first_button=button)


def offered(legal: LegalActions, between: int | None = None) -> list[Act]:
    """Every choice ``legal_actions`` offers; ``between`` is a raise-to inside the range."""
    seat = legal.seat
    choices = []
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
    def action(self, choices: list[Act]) -> Act: ...


class Drawn:
    """Choices drawn from hypothesis: failures shrink to short, readable matches."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def seed(self) -> bytes:
        return self.data.draw(st.binary(min_size=32, max_size=32), label="seed")

    def size(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high), label="raise to")

    def action(self, choices: list[Act]) -> Act:
        return self.data.draw(st.sampled_from(choices), label="action")


class Seeded:
    """Choices from a seeded ``random.Random``: whole matches, beyond hypothesis's data budget."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def seed(self) -> bytes:
        return self.rng.randbytes(32)

    def size(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def action(self, choices: list[Act]) -> Act:
        # Mostly call or check, so that rounds go round the table and short all-ins come back
        # to players who already acted; fold 10%, raise (any offered size) 35%.
        folds = [c for c in choices if c.kind == "fold"]
        passive = [c for c in choices if c.kind in ("check", "call")]
        raises = [c for c in choices if c.kind in ("bet", "raise")]
        roll = self.rng.random()
        if folds and roll < 0.1:
            return folds[0]
        if raises and roll >= 0.65:
            return self.rng.choice(raises)
        return passive[0]


def play(
    pick: Picker,
    table: StartMatch,
    hands: int,
    on_decision: Decision | None = None,
    on_batch: Batch | None = None,
) -> tuple[list[Event], HoldemState]:
    """Play up to ``hands`` hands (fewer if the match ends) with picked legal actions."""
    state = HoldemState()
    events: list[Event] = []

    def step(command: StartMatch | StartHand | Act) -> None:
        nonlocal state
        before = state
        state, batch = advance(state, command)
        events.extend(batch)
        if on_batch is not None:
            on_batch(before, batch, state)

    step(table)
    for _ in range(hands):
        if state.phase != BETWEEN_HANDS:
            break
        step(StartHand(seed=pick.seed()))
        while state.phase == BETTING:
            legal = legal_actions(state)
            assert legal is not None, "a hand waits for an action but nobody may act"
            if on_decision is not None:
                on_decision(state, legal)
            between = (
                pick.size(legal.min_raise_to, legal.max_raise_to)
                if legal.can_bet_or_raise
                else None
            )
            step(pick.action(offered(legal, between)))
    return events, state


def chips_on_table(state: HoldemState) -> int:
    return sum(seat.stack + seat.contributed for seat in state.seats)


# --- chips ------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(table=tables(), rng=st.randoms(use_true_random=True))
def test_chips_are_conserved_by_every_batch_every_hand_and_the_whole_match(
    table: StartMatch, rng: random.Random
) -> None:
    total = sum(table.stacks)

    def conserved(before: HoldemState, batch: list[Event], after: HoldemState) -> None:
        assert chips_on_table(after) == total
        # Replay the batch: the pots awarded hold exactly the chips in the middle at that time.
        state, pot, awarded = before.copy(), None, 0
        for item in batch:
            if isinstance(item, ev.PotAwarded):
                pot = state.pot_total() if pot is None else pot
                awarded += item.amount
                assert sum(item.shares) == item.amount
            elif isinstance(item, ev.HandEnded):
                assert sum(item.stacks) == total
            apply(state, item)
        assert pot is None or awarded == pot

    _, state = play(Seeded(rng), table, hands=1000, on_batch=conserved)

    assert sum(seat.stack for seat in state.seats) == total
    assert state.phase == MATCH_OVER  # random play busts everyone but one long before that
    assert state.winner is not None
    assert state.seats[state.winner].stack == total


@PROPERTY_SETTINGS
@given(table=tables(), rng=st.randoms(use_true_random=True))
def test_no_stack_bet_or_contribution_ever_goes_negative(
    table: StartMatch, rng: random.Random
) -> None:
    events, _ = play(Seeded(rng), table, hands=1000)

    state = HoldemState()
    for item in events:
        apply(state, item)
        for seat in state.seats:
            assert seat.stack >= 0, item
            assert seat.bet >= 0, item
            assert seat.contributed >= 0, item
            assert seat.contributed >= seat.bet, item


# --- fold ---------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(table=tables(), data=st.data())
def test_folding_the_same_events_gives_the_same_state_every_time(
    table: StartMatch, data: st.DataObject
) -> None:
    events, played = play(Drawn(data), table, hands=6)

    first, second = fold(events), fold(events)
    assert first == second == played
    # Stored events come back as records (JSON): they must fold to the same state too.
    records = [to_record(item) for item in events]
    assert fold(from_record(r["type"], r["version"], r["payload"]) for r in records) == played
    # Folding from a snapshot is the same as folding everything.
    half = len(events) // 2
    assert fold(events[half:], fold(events[:half])) == played


# --- legality -----------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(table=tables(), rng=st.randoms(use_true_random=True))
def test_every_choice_legal_actions_offers_is_accepted(
    table: StartMatch, rng: random.Random
) -> None:
    def all_accepted(state: HoldemState, legal: LegalActions) -> None:
        snapshot = state.copy()
        middle = (legal.min_raise_to + legal.max_raise_to) // 2 if legal.can_bet_or_raise else None
        for action in offered(legal, middle):
            first = decide(state, action)[0]
            match action.kind:
                case "fold":
                    assert first == ev.Folded(seat=legal.seat)
                case "check":
                    assert first == ev.Checked(seat=legal.seat)
                case "call":
                    assert first == ev.Called(seat=legal.seat, amount=legal.call_amount)
                case _:
                    assert isinstance(first, ev.Bet | ev.Raised)
                    assert (first.seat, first.to) == (legal.seat, action.amount)
        assert state == snapshot  # decide never changes the state it is given

    play(Seeded(rng), table, hands=20, on_decision=all_accepted)


def refused(state: HoldemState, action: Act) -> str:
    """The IllegalAction code ``decide`` refuses ``action`` with (fails if it is accepted)."""
    try:
        decide(state, action)
    except IllegalAction as error:
        return error.code
    raise AssertionError(f"{action} was accepted")


def why_no_raise(state: HoldemState, seat_index: int) -> str:
    """RULES.md §1.4, read independently of the engine: why this seat may not raise."""
    seat = state.seats[seat_index]
    if seat.stack <= state.current_bet - seat.bet:
        return "not_enough_chips_to_raise"  # the stack covers at most a call
    others = [s for i, s in enumerate(state.seats) if i != seat_index and s.live]
    if all(other.stack == 0 for other in others):
        return "no_one_can_respond"  # everyone else still in the hand is all-in
    # Otherwise only a short all-in that did not reopen raising can stop a raise.
    assert seat.acted
    return "raise_not_reopened"


@PROPERTY_SETTINGS
@given(table=tables(), rng=st.randoms(use_true_random=True))
def test_everything_legal_actions_does_not_offer_is_refused_with_its_code(
    table: StartMatch, rng: random.Random
) -> None:
    def rest_refused(state: HoldemState, legal: LegalActions) -> None:
        seat = legal.seat
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
                below = Act(seat, kind, legal.min_raise_to - 1)
                above = Act(seat, kind, legal.max_raise_to + 1)
                assert refused(state, below) == "amount_below_minimum"
                assert refused(state, above) == "amount_above_stack"
                assert refused(state, Act(seat, kind, None)) == "amount_required"
                assert refused(state, Act(seat, kind, True)) == "amount_required"
            else:
                expected = why_no_raise(state, seat)
                event(f"raise refused: {expected}")
                for amount in (None, state.current_bet + 1, state.seats[seat].stack + 10**6):
                    assert refused(state, Act(seat, kind, amount)) == expected
        assert refused(state, Act(seat, "muck")) == "unknown_action"
        for other in range(len(state.seats)):
            if other != seat:
                for action in offered(legal):
                    assert refused(state, Act(other, action.kind, action.amount)) == (
                        "not_your_turn"
                    )

    play(Seeded(rng), table, hands=20, on_decision=rest_refused)


@PROPERTY_SETTINGS
@given(table=tables(), data=st.data())
def test_no_action_is_accepted_between_hands_or_after_the_match(
    table: StartMatch, data: st.DataObject
) -> None:
    _, state = play(Drawn(data), table, hands=data.draw(st.integers(0, 5), label="hands"))
    assert state.phase in (BETWEEN_HANDS, MATCH_OVER)
    code = "match_over" if state.phase == MATCH_OVER else "no_hand_in_progress"
    for seat in range(len(state.seats)):
        for kind in ("fold", "check", "call"):
            assert refused(state, Act(seat, kind)) == code
        assert refused(state, Act(seat, "raise", table.big_blind * 2)) == code
