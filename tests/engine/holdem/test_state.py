"""The folded state: copies are complete and independent (``decide`` relies on both)."""

from __future__ import annotations

import random

from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.state import HoldemState, fold


def _states_of_a_random_match(seed: int) -> list[HoldemState]:
    rng = random.Random(seed)
    state, _ = advance(
        HoldemState(), StartMatch(stacks=(300, 500, 700, 900), small_blind=10, big_blind=20)
    )
    states = [state]
    while state.phase != "match_over" and len(states) < 400:
        if state.phase == "between_hands":
            state, _ = advance(state, StartHand(seed=rng.randbytes(32)))
        else:
            legal = legal_actions(state)
            assert legal is not None
            if legal.can_bet_or_raise and rng.random() < 0.3:
                state, _ = advance(
                    state,
                    Act(
                        legal.seat,
                        legal.bet_kind,
                        rng.randint(legal.min_raise_to, legal.max_raise_to),
                    ),
                )
            elif legal.can_check:
                state, _ = advance(state, Act(legal.seat, "check"))
            else:
                state, _ = advance(state, Act(legal.seat, rng.choice(["call", "fold"])))
        states.append(state)
    return states


def test_a_copy_equals_its_original_in_every_field() -> None:
    for state in _states_of_a_random_match(7):
        assert state.copy() == state


def test_changing_a_copy_leaves_the_original_alone() -> None:
    for state in _states_of_a_random_match(8)[1:]:
        before = state.copy()
        clone = state.copy()
        clone.seats[0].stack += 1
        clone.board.append("As")
        clone.shown[0] = ("Kd", "Kc")
        clone.places[3] = 4
        assert state == before


def test_fold_from_a_snapshot_equals_fold_from_the_start() -> None:
    rng = random.Random(3)
    state, events = advance(
        HoldemState(), StartMatch(stacks=(1000,) * 4, small_blind=10, big_blind=20)
    )
    history = list(events)
    state, events = advance(state, StartHand(seed=rng.randbytes(32)))
    history += events
    while state.phase == "betting":
        legal = legal_actions(state)
        assert legal is not None
        state, events = advance(state, Act(legal.seat, "call" if legal.can_call else "check"))
        history += events
    middle = len(history) // 2
    assert fold(history[middle:], fold(history[:middle])) == fold(history) == state
