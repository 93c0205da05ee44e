"""Whole Hold'em hands per second: our engine beside PokerKit 0.7.7, same table, same policy.

Figure ``holdem_hands_per_s`` (hands/s, peer ``pokerkit``): random 4-player hands at 10/20, every
hand starting fresh with 1000 chips each (RULES.md §1.1), played to the end.

- Ours: ``StartHand`` from a seed (our provably fair shuffle), then ``decide`` for each action
  and its events applied one by one to the state with :func:`games.engine.holdem.state.apply`
  (the fold), exactly as the server does — until ``HandEnded``.
- PokerKit: ``NoLimitTexasHoldem`` with every dealer step automated, dealing included (its own
  shuffled deck), so only the players' actions are called.

One policy for both, from the same seeded random stream (the cards differ, so the hands do):
facing a bet — fold 15%, call 45%, minimum raise 25%, all-in 15%; owing nothing — check 70%,
minimum bet 20%, all-in 10%. When raising is not allowed, the raise shares call (or check).

``BENCH_HOLDEM_HANDS`` sets the hands per timed run (default 2,000); the figure is the best of
two timed runs after a short warm-up, for each engine in the same process.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

from pokerkit import Automation, NoLimitTexasHoldem

from bench.common import Figure, figure
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance, decide
from games.engine.holdem.state import BETTING, HoldemState, apply

HANDS = int(os.environ.get("BENCH_HOLDEM_HANDS", "2000"))
STACKS = (1000, 1000, 1000, 1000)
SMALL_BLIND, BIG_BLIND = 10, 20
RUNS = 2
WARM_UP_HANDS = 100

FOLD, CALL, MIN_RAISE, ALL_IN = "fold", "call", "min_raise", "all_in"

PEER_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def choose(rng: random.Random, facing_bet: bool, can_raise: bool) -> str:
    """The policy: one of fold / call (or check) / min_raise (or min bet) / all_in."""
    roll = rng.random()
    if facing_bet:
        choice = (
            FOLD if roll < 0.15 else CALL if roll < 0.60 else MIN_RAISE if roll < 0.85 else ALL_IN
        )
    else:
        choice = CALL if roll < 0.70 else MIN_RAISE if roll < 0.90 else ALL_IN
    if choice in (MIN_RAISE, ALL_IN) and not can_raise:
        return CALL
    return choice


def play_ours(hands: int, seed: int) -> int:
    """Play ``hands`` hands through ``decide`` + ``apply``; returns the actions taken."""
    rng = random.Random(seed)
    table, _ = advance(HoldemState(), StartMatch(STACKS, SMALL_BLIND, BIG_BLIND))
    actions = 0
    for _ in range(hands):
        state = table.copy()  # every hand starts fresh: 1000 each, button on seat 0
        for event in decide(state, StartHand(seed=rng.randbytes(32))):
            apply(state, event)
        while state.phase == BETTING:
            legal = legal_actions(state)
            assert legal is not None
            choice = choose(rng, legal.can_call, legal.can_bet_or_raise)
            if choice == FOLD:
                action = Act(legal.seat, "fold")
            elif choice == CALL:
                action = Act(legal.seat, "call" if legal.can_call else "check")
            else:
                to = legal.min_raise_to if choice == MIN_RAISE else legal.max_raise_to
                action = Act(legal.seat, legal.bet_kind, to)
            for event in decide(state, action):
                apply(state, event)
            actions += 1
    return actions


def play_pokerkit(hands: int, seed: int) -> int:
    """Play ``hands`` hands on PokerKit with every dealer step automated; returns the actions."""
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the module-level generator
    actions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            PEER_AUTOMATIONS, False, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND, STACKS, len(STACKS)
        )
        while state.status:
            actor = state.actor_index
            assert actor is not None
            facing_bet = max(state.bets) > state.bets[actor]
            choice = choose(rng, facing_bet, state.can_complete_bet_or_raise_to())
            if choice == FOLD:
                state.fold()
            elif choice == CALL:
                state.check_or_call()
            elif choice == MIN_RAISE:
                state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
            else:
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            actions += 1
    return actions


def hands_per_second(play: Callable[[int, int], int]) -> tuple[float, int]:
    """Best of ``RUNS`` timed runs of ``HANDS`` hands after a warm-up; (hands/s, actions)."""
    play(WARM_UP_HANDS, 0)
    best, actions = float("inf"), 0
    for run in range(RUNS):
        start = time.perf_counter()
        actions = play(HANDS, run + 1)
        best = min(best, time.perf_counter() - start)
    return HANDS / best, actions


def run() -> list[Figure]:
    ours, our_actions = hands_per_second(play_ours)
    peer, peer_actions = hands_per_second(play_pokerkit)
    print(
        f"holdem: {HANDS} hands each — ours {ours:,.0f} hands/s ({our_actions / HANDS:.1f} "
        f"actions/hand), pokerkit {peer:,.0f} hands/s ({peer_actions / HANDS:.1f} actions/hand)",
        file=sys.stderr,
    )
    return [figure("holdem_hands_per_s", "hands/s", ours, "pokerkit", peer)]


if __name__ == "__main__":
    for item in run():
        print(item)
