"""Hand evaluation and Monte Carlo equity against eval7 and treys.

Both sides get their input pre-built (our index arrays, their card objects), so only evaluation
is timed. The equity peer is the plain Python loop a caller would write around eval7.
"""

from __future__ import annotations

import random

import eval7
import numpy as np
import treys

from bench.common import Figure, best_seconds, figure
from games.engine.cards import STANDARD_DECK
from games.engine.holdem.equity import equity_vs_random
from games.engine.holdem.evaluator import evaluate, evaluate_batch

HANDS = 100_000
# treys is pure Python and ~20x slower than eval7; a fifth of the hands gives the same rate.
TREYS_HANDS = 20_000
EQUITY_HERO = ("Ah", "Kh")
EQUITY_OPPONENTS = 3
EQUITY_SAMPLES = 10_000
SEED = 20_240_601


def random_seven_card_hands(count: int, seed: int) -> np.ndarray:
    keys = np.random.default_rng(seed).random((count, 52))
    return np.argpartition(keys, 6, axis=1)[:, :7]


def eval7_equity(hero: tuple[str, ...], opponents: int, samples: int, seed: int) -> float:
    """The same Monte Carlo as ``equity_vs_random``, written as a plain loop over eval7."""
    draw = random.Random(seed).sample
    evaluate_eval7 = eval7.evaluate
    hero_cards = [eval7.Card(card) for card in hero]
    deck = [eval7.Card(card) for card in STANDARD_DECK if card not in hero]
    unknown = 5 + 2 * opponents
    won = 0.0
    for _ in range(samples):
        drawn = draw(deck, unknown)
        board = drawn[:5]
        hero_value = evaluate_eval7(hero_cards + board)
        best, winners = hero_value, 1
        for seat in range(opponents):
            opponent_value = evaluate_eval7(drawn[5 + 2 * seat : 7 + 2 * seat] + board)
            if opponent_value > best:
                best, winners = opponent_value, 1
            elif opponent_value == best:
                winners += 1
        if hero_value == best:
            won += 1.0 / winners
    return won / samples


def run() -> list[Figure]:
    hands = random_seven_card_hands(HANDS, SEED)
    card_lists = [[STANDARD_DECK[index] for index in row] for row in hands.tolist()]

    ours_batch = HANDS / best_seconds(lambda: evaluate_batch(hands))
    ours_scalar = HANDS / best_seconds(lambda: [evaluate(cards) for cards in card_lists], 3)

    eval7_deck = [eval7.Card(card) for card in STANDARD_DECK]
    eval7_hands = [[eval7_deck[index] for index in row] for row in hands.tolist()]
    evaluate_eval7 = eval7.evaluate
    eval7_rate = HANDS / best_seconds(lambda: [evaluate_eval7(hand) for hand in eval7_hands])

    judge = treys.Evaluator()
    treys_deck = [treys.Card.new(card) for card in STANDARD_DECK]
    treys_hands = [
        ([treys_deck[i] for i in row[:2]], [treys_deck[i] for i in row[2:]])
        for row in hands[:TREYS_HANDS].tolist()
    ]
    treys_rate = TREYS_HANDS / best_seconds(
        lambda: [judge.evaluate(hole, board) for hole, board in treys_hands], 3
    )

    ours_equity = equity_vs_random(
        EQUITY_HERO,
        opponents=EQUITY_OPPONENTS,
        samples=EQUITY_SAMPLES,
        rng=np.random.default_rng(SEED),
    )
    peer_equity = eval7_equity(EQUITY_HERO, EQUITY_OPPONENTS, EQUITY_SAMPLES, SEED)
    # Timing a wrong answer is worthless: both estimates of one equity must agree within ~6 SE.
    if abs(ours_equity - peer_equity) > 6 * 0.5 * (2 / EQUITY_SAMPLES) ** 0.5:
        raise RuntimeError(f"equity disagrees: ours {ours_equity:.4f}, eval7 {peer_equity:.4f}")
    ours_equity_ms = 1000 * best_seconds(
        lambda: equity_vs_random(
            EQUITY_HERO,
            opponents=EQUITY_OPPONENTS,
            samples=EQUITY_SAMPLES,
            rng=np.random.default_rng(SEED),
        )
    )
    peer_equity_ms = 1000 * best_seconds(
        lambda: eval7_equity(EQUITY_HERO, EQUITY_OPPONENTS, EQUITY_SAMPLES, SEED), 3
    )

    return [
        figure("eval_7card_per_s", "evals/s", ours_batch, "eval7", eval7_rate),
        figure("eval_7card_per_s_vs_treys", "evals/s", ours_batch, "treys", treys_rate),
        figure("eval_7card_scalar_per_s", "evals/s", ours_scalar, "eval7", eval7_rate),
        figure("equity_ms", "ms", ours_equity_ms, "eval7 loop", peer_equity_ms),
    ]
