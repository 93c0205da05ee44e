"""The baselines play as their names say, and every bot only ever answers a legal move."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from bots import registry
from bots.holdem.arena import play_match
from bots.holdem.baselines import CallingStation, EquityBot, Maniac, RandomBot
from bots.holdem.preflop import CLASS_INDEX, equity_versus_random, equity_versus_top
from bots.holdem.ranges import likely_from_top, range_percentile, read_board, sample_equity
from games.engine.cards import card_index
from games.engine.holdem.equity import equity_vs_random
from tests.bots.tables import Table, bets_half_pot


def test_every_bot_only_ever_answers_legal_moves_through_whole_matches():
    """The arena plays every move through the engine, which refuses an illegal one."""
    specs = ["easy", "medium", "hard", "random", "calling_station", "maniac", "equity"]
    for index in range(len(specs)):
        seats = [specs[(index + offset) % len(specs)] for offset in range(4)]
        bots = [registry.resolve(spec, seat=seat) for seat, spec in enumerate(seats)]
        result = play_match(bots, deal_seed=f"legal-{index}", max_hands=150)
        assert sum(result.net) == 0
        assert sorted(result.places)[0] == 1


def test_a_calling_station_checks_or_calls_whatever_it_holds():
    table = Table()
    table.deal()
    table.act("raise", 200)
    assert table.ask(CallingStation(), table.state.to_act) == ("call", None)


def test_the_random_bot_picks_every_legal_kind_and_sizes_within_the_limits():
    table = Table()
    table.deal()
    seat_view, history = table.seen(3)
    legal = seat_view["legal_actions"]
    choices = [RandomBot().act(seat_view, history, random.Random(seed)) for seed in range(300)]
    assert {kind for kind, _ in choices} == {"fold", "call", "raise"}
    sizes = [amount for kind, amount in choices if kind == "raise"]
    assert min(sizes) >= legal["min_raise_to"] and max(sizes) <= legal["max_raise_to"]
    assert len(set(sizes)) > 20


def test_a_maniac_raises_or_moves_all_in_often_and_never_folds():
    table = Table()
    table.deal()
    table.act("raise", 60)
    seat_view, history = table.seen(table.state.to_act)
    kinds = Counter(Maniac().act(seat_view, history, random.Random(s))[0] for s in range(400))
    assert kinds["fold"] == 0
    assert 0.5 < kinds["raise"] / 400 < 0.7


def test_the_equity_bot_calls_when_its_equity_covers_the_price_and_folds_when_not():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("Ah", "Kd"), 1: ("7c", "2s")})
    table.act("raise", 200)  # the button (seat 0) raises; the big blind faces 180 more
    assert table.ask(EquityBot(), 1) == ("fold", None)  # 72o: 35% < 180 / 400
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("Ah", "Kd"), 1: ("Ac", "Ad")})
    table.act("raise", 200)
    assert table.ask(EquityBot(), 1)[0] == "raise"


# --- the tools they think with ---------------------------------------------------------------


def test_the_preflop_table_agrees_with_a_fresh_simulation():
    rng = np.random.default_rng(3)
    for name, cards in (("AKs", ["Ah", "Kh"]), ("T9s", ["Tc", "9c"]), ("72o", ["7d", "2c"])):
        for opponents in (1, 3):
            fresh = equity_vs_random(cards, opponents=opponents, samples=20_000, rng=rng)
            assert abs(equity_versus_random(CLASS_INDEX[name], opponents) - fresh) < 0.02


def test_equity_falls_as_the_range_it_faces_tightens():
    widths = (1.0, 0.5, 0.2, 0.05)
    values = [equity_versus_top(CLASS_INDEX["AJo"], width) for width in widths]
    assert values == sorted(values, reverse=True)


def test_sampled_equity_against_one_known_hand_matches_the_exact_odds():
    """AcKc against QdQh from a flop of 2c 7h 9d: the exact 990-run-out count gives 27.6%."""
    hero = (card_index("Ac"), card_index("Kc"))
    board = tuple(card_index(c) for c in ("2c", "7h", "9d"))
    only_queens = np.zeros(1326)
    from bots.holdem.combos import COMBO_INDEX

    only_queens[COMBO_INDEX[(card_index("Qd"), card_index("Qh"))]] = 1.0
    sampled = sample_equity(hero, board, [only_queens], 20_000, np.random.default_rng(1))
    exact = _exact_equity(hero, board, (card_index("Qd"), card_index("Qh")))
    assert abs(sampled.equity - exact) < 0.015


def _exact_equity(hero, board, villain) -> float:
    from itertools import combinations

    from games.engine.holdem.evaluator import evaluate_indices

    live = [c for c in range(52) if c not in (*hero, *board, *villain)]
    total = 0.0
    runs = list(combinations(live, 5 - len(board)))
    for run in runs:
        full = (*board, *run)
        mine, theirs = evaluate_indices((*hero, *full)), evaluate_indices((*villain, *full))
        total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total / len(runs)


def test_a_bet_moves_a_range_towards_its_strong_hands():
    board = tuple(card_index(c) for c in ("Ks", "8d", "3c"))
    strength = read_board(board).strength
    uniform = np.ones(1326)
    after_bet = uniform * likely_from_top(range_percentile(strength, uniform), 0.3, 0.05)
    mean_before = np.average(strength, weights=uniform * (strength > 0))
    mean_after = np.average(strength, weights=after_bet * (strength > 0))
    assert mean_after > mean_before + 0.15


@pytest.mark.parametrize("seed", range(3))
def test_a_flop_bettor_script_bets_half_the_pot(seed):
    table = Table(stacks=(1000, 1000))
    table.deal()
    table.act("call")
    table.act("check")
    kind, amount = bets_half_pot(table.seen(table.state.to_act)[0])
    assert (kind, amount) == ("bet", 20)
