"""The Up & Down AI: how exploitable it is, how often it wins, how fast it decides.

``python -m bench updown_ai`` — every figure is reproducible: the matches are seeded.

- ``updown_exploitability`` (chips/deal; peer: the uniform-random strategy of the same
  abstraction). A best responder's gain per deal against the *shipped* (quantised) hard strategy
  in the abstract one-deal game (docs/updown-ai.md), averaged over the two positions and over
  the public states (effective stack, class pair) in the proportions hard-vs-hard matches meet
  them. ``updown_exploitability_medium`` and ``_easy`` measure the other levels the same way.
- ``updown_win_rate_hard_vs_<bot>`` (share of matches won; ``ci95`` the Wilson interval).
  Whole 20-vs-20 matches through the engine (:mod:`bots.updown.arena`), seats swapped every
  other match on the same deal seed. Peer: the easy level's win rate against the same baseline;
  for the levels head to head (hard against medium and easy, medium against easy), an even
  match (0.5).
- ``updown_decision_ms_p95`` (ms; peer: the random baseline): the 95th percentile of the time
  ``act`` takes for hard's decisions during its matches against the baselines.

``BENCH_UPDOWN_MATCHES`` sets the matches per pairing (default 2,000; the whole run takes a few
minutes on one core).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from bench.common import figure
from bots.updown.abstraction import CLASS_PAIRS, STACKS
from bots.updown.arena import Player, play_series
from bots.updown.baselines import CallingStation, Folder, Maniac, RandomBot
from bots.updown.levels import EasyBot, HardBot, MediumBot
from bots.updown.policy import shipped
from bots.updown.reading import Command, Record, View, read_deal
from bots.updown.solver import StackSolver, Strategy, uniform_strategy

MATCHES = int(os.environ.get("BENCH_UPDOWN_MATCHES", "2000"))
VISIT_MATCHES = 300
SEED = "bench-updown"


class Timed:
    """A bot whose decisions are timed (the first, which loads the policy, is not kept)."""

    def __init__(self, bot: Player) -> None:
        self.bot = bot
        self.seconds: list[float] = []
        self.warm = False

    def act(self, view: View, history: Sequence[Record], rng: Any) -> Command:
        start = time.perf_counter()
        choice = self.bot.act(view, history, rng)
        if self.warm:
            self.seconds.append(time.perf_counter() - start)
        self.warm = True
        return choice

    def p95_ms(self) -> float:
        return float(np.percentile(self.seconds, 95) * 1000)


def public_state_visits() -> np.ndarray:
    """How often hard, playing itself, meets each (stack, class pair): one count per lock."""
    visits = np.zeros((len(STACKS), len(CLASS_PAIRS)))

    def count(seat: int, view: View, history: list[Record], command: Command) -> None:
        if command[0] == "lock":
            reading = read_deal(view, history)
            visits[reading.stack, reading.pair] += 1

    play_series(HardBot(), HardBot(), VISIT_MATCHES, seed=f"{SEED}:visits", observe=count)
    return visits / visits.sum()


def exploitability(strategies: dict[int, Strategy], visits: np.ndarray) -> float:
    prior = shipped().prior
    total = 0.0
    for stack in STACKS:
        if visits[stack].any():
            per_pair = StackSolver(stack, prior).exploitability(strategies[stack])
            total += float(per_pair @ visits[stack])
    return total


def exploitability_figures() -> list[dict[str, Any]]:
    visits = public_state_visits()
    levels = {
        "hard": HardBot().book,
        "medium": MediumBot().book,
        "easy": EasyBot().book,
    }
    uniform = exploitability({stack: uniform_strategy(stack) for stack in STACKS}, visits)
    figures: list[dict[str, Any]] = []
    for level, book in levels.items():
        name = "updown_exploitability" + ("" if level == "hard" else f"_{level}")
        ours = exploitability({stack: book.at(stack) for stack in STACKS}, visits)
        figures.append(dict(figure(name, "chips/deal", ours, "uniform random", uniform)))
    return figures


def win_rate_figures() -> tuple[list[dict[str, Any]], Timed, Timed]:
    baselines: dict[str, type[Player]] = {
        "random": RandomBot,
        "calling_station": CallingStation,
        "maniac": Maniac,
        "folder": Folder,
    }
    hard = Timed(HardBot())
    peer = Timed(RandomBot())
    figures: list[dict[str, Any]] = []
    for name, baseline in baselines.items():
        opponent = peer if name == "random" else baseline()
        ours = play_series(hard, opponent, MATCHES, seed=f"{SEED}:{name}")
        easy = play_series(EasyBot(), baseline(), MATCHES, seed=f"{SEED}:{name}")
        figures.append(
            _win_rate(f"updown_win_rate_hard_vs_{name}", ours, f"easy vs {name}", easy.win_rate)
        )
    for first, second in ((HardBot, MediumBot), (HardBot, EasyBot), (MediumBot, EasyBot)):
        ours = play_series(first(), second(), MATCHES, seed=f"{SEED}:{_level(second)}")
        name = f"updown_win_rate_{_level(first)}_vs_{_level(second)}"
        figures.append(_win_rate(name, ours, "even match", 0.5))
    return figures, hard, peer


def _level(bot: type) -> str:
    return bot.__name__.removesuffix("Bot").lower()


def _win_rate(name: str, series: Any, peer: str, peer_value: float) -> dict[str, Any]:
    low, high = series.interval
    return {
        **figure(name, "match win rate", series.win_rate, peer, peer_value),
        "ci95": [round(low, 4), round(high, 4)],
        "matches": series.matches,
        "chips_per_deal": round(series.chips_per_deal, 4),
    }


def run() -> list[dict[str, Any]]:
    figures = exploitability_figures()
    win_rates, hard, peer = win_rate_figures()
    figures += win_rates
    timing = dict(figure("updown_decision_ms_p95", "ms", hard.p95_ms(), "random", peer.p95_ms()))
    timing["decisions"] = len(hard.seconds)
    return [*figures, timing]
