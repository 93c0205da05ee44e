"""Finished hands played by random legal actions, with stacks that force short all-ins, side pots
and split pots: the material for checking hand-history writers against PokerKit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.engine.events import to_record
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.state import HoldemState

SMALL_BLIND, BIG_BLIND = 10, 20


def random_stacks(rng: random.Random, seats: int) -> tuple[int, ...]:
    """Stacks from a few chips to deep, so blinds, calls and bets run players out of chips."""
    return tuple(rng.choice((7, 15, 33, 61, 140, 333, 1000, 1001)) for _ in range(seats))


def random_act(rng: random.Random, state: HoldemState) -> Act:
    legal = legal_actions(state)
    assert legal is not None
    choices: list[tuple[str, int | None]] = []
    if legal.can_check:
        choices += [("check", None)] * 3
    if legal.can_call:
        choices += [("call", None)] * 3
    if legal.can_fold:
        choices.append(("fold", None))
    if legal.can_bet or legal.can_raise:
        kind = "bet" if legal.can_bet else "raise"
        low, high = legal.min_raise_to, legal.max_raise_to
        choices += [(kind, low), (kind, high), (kind, rng.randint(low, high))]
    kind, amount = rng.choice(choices)
    return Act(state.to_act, kind, amount)


def random_hands(seed: int, count: int, seats: int = 4) -> Iterator[list[dict[str, Any]]]:
    """``count`` finished hands, each as its records (hand_started .. hand_ended)."""
    rng = random.Random(seed)
    for _ in range(count):
        state = HoldemState()
        stacks = random_stacks(rng, seats)
        state, _ = advance(
            state,
            StartMatch(
                stacks=stacks,
                small_blind=SMALL_BLIND,
                big_blind=BIG_BLIND,
                first_button=rng.randrange(seats),
            ),
        )
        state, produced = advance(state, StartHand(seed=rng.randbytes(32)))
        events = list(produced)
        while state.to_act is not None:
            state, produced = advance(state, random_act(rng, state))
            events.extend(produced)
        records = [to_record(item) for item in events]
        assert any(record["type"] == "holdem.hand_ended" for record in records)
        yield records


RISING_LEVELS = ((10, 20), (25, 50), (60, 120), (100, 200), (150, 300))


def random_rising_hands(seed: int, matches: int, seats: int = 4) -> Iterator[list[dict[str, Any]]]:
    """Finished hands past the first level of rising blinds (a level a hand): random play of
    ``matches`` short matches, each hand's records (hand_started .. hand_ended) from hand 2 on."""
    rng = random.Random(seed)
    for _ in range(matches):
        state, _ = advance(
            HoldemState(),
            StartMatch(
                stacks=tuple(rng.choice((150, 333, 1000, 1001)) for _ in range(seats)),
                small_blind=SMALL_BLIND,
                big_blind=BIG_BLIND,
                first_button=rng.randrange(seats),
                blind_levels=RISING_LEVELS,
                hands_per_level=1,
            ),
        )
        for hand in range(1, len(RISING_LEVELS) + 2):
            if state.phase != "between_hands":
                break
            state, produced = advance(state, StartHand(seed=rng.randbytes(32)))
            events = list(produced)
            while state.to_act is not None:
                state, produced = advance(state, random_act(rng, state))
                events.extend(produced)
            if hand > 1:
                yield [to_record(item) for item in events]
