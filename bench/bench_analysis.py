"""A hand's analysis (``bots.holdem.analysis``) for a four-way hand to the river, beside the eval7
Python loop for its equity. Runs against the configured database (``DATABASE_URL``; SQLite by
default) in a throw-away test database.

The hand: a Cardavia table (four seats), everyone checking or calling to the river, stored as the
services store it. The peer computes the same equity by street with eval7 in a plain Python loop:
every board exactly where two cards or fewer remain, the same number of random boards before the
flop (:data:`bots.holdem.analysis.SAMPLES`).

Figures:
- ``hand_analysis_ms_4way_river``: the whole analysis (equity by street, the equity at each of
  the player's decisions, the hard AI's review of each), vs the eval7 loop for the streets alone.
- ``street_equity_ms_4way_river``: our equity by street alone (numpy batch evaluator), vs the
  same eval7 loop.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Sequence
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

import django

django.setup()


from bench.common import Figure, best_seconds, figure, on_scratch_database  # noqa: E402

REPEATS = 3


def eval7_street_equity(
    holes: dict[int, Sequence[str]], board: Sequence[str], samples: int, seed: int = 0
) -> dict[int, float]:
    """The players' pot shares over every completion of ``board`` (or ``samples`` random ones
    when more than two cards are missing), one eval7 evaluation at a time."""
    import eval7

    cards = {seat: [eval7.Card(card) for card in hole] for seat, hole in holes.items()}
    fixed = [eval7.Card(card) for card in board]
    used = {card for hole in holes.values() for card in hole} | set(board)
    deck = [card for card in eval7.Deck().cards if str(card) not in used]
    missing = 5 - len(board)
    if missing <= 2:
        runouts: Any = itertools.combinations(deck, missing)
    else:
        rng = random.Random(seed)
        runouts = (rng.sample(deck, missing) for _ in range(samples))
    totals = dict.fromkeys(holes, 0.0)
    count = 0
    for runout in runouts:
        complete = [*fixed, *runout]
        values = {seat: eval7.evaluate(hole + complete) for seat, hole in cards.items()}
        best = max(values.values())
        winners = [seat for seat, value in values.items() if value == best]
        for seat in winners:
            totals[seat] += 1 / len(winners)
        count += 1
    return {seat: total / count for seat, total in totals.items()}


def _four_way_to_the_river(seed: int) -> list[Any]:
    """A match's events whose first hand everyone checks or calls down to the river."""
    from games.engine.holdem.betting import legal_actions
    from games.engine.holdem.game import Act, StartHand, advance
    from games.engine.holdem.rules import CARDAVIA_TABLE
    from games.engine.holdem.state import HoldemState

    state, history = advance(HoldemState(), CARDAVIA_TABLE)
    state, events = advance(state, StartHand(seed=random.Random(seed).randbytes(32)))
    history += events
    while (legal := legal_actions(state)) is not None:
        state, events = advance(state, Act(legal.seat, "call" if legal.can_call else "check"))
        history += events
    return history


def run() -> list[Figure]:
    return on_scratch_database(_measure)


def _best_ms(action: Any) -> float:
    return best_seconds(action, REPEATS) * 1000


def _measure() -> list[Figure]:
    import numpy as np

    from bench.bench_stats import _store
    from bots.holdem.analysis import SAMPLES, hand_analysis
    from games.engine.holdem.played_hand import played_hand
    from games.engine.holdem.street_equity import equity_by_street
    from games.models import Event, HandSummary, Match, Player

    player = Player.objects.create()
    _store(player, _four_way_to_the_river(2026))
    match = Match.objects.get()
    hand = HandSummary.objects.get(match=match, hand_number=1)
    records = [
        {"type": kind, "version": version, "payload": payload}
        for kind, version, payload in Event.objects.filter(match=match, hand_number=1)
        .order_by("seq")
        .values_list("type", "version", "payload")
    ]
    played = played_hand(records)
    assert len(played.seats) == 4 and len(played.board) == 5 and not played.returned

    def peer() -> None:
        board: list[str] = []
        for street in played.streets:
            board.extend(street.cards)
            eval7_street_equity(dict(played.hole_cards), board, SAMPLES)

    analysis_ms = _best_ms(lambda: hand_analysis(match, hand))
    equity_ms = _best_ms(
        lambda: equity_by_street(played, samples=SAMPLES, rng=np.random.default_rng(0))
    )
    peer_ms = _best_ms(peer)
    body = hand_analysis(match, hand)
    assert [street["street"] for street in body["streets"]] == [
        "preflop",
        "flop",
        "turn",
        "river",
    ]
    peer_name = f"eval7 Python loop, equity by street ({SAMPLES} boards preflop)"
    return [
        figure("hand_analysis_ms_4way_river", "ms", analysis_ms, peer_name, peer_ms),
        figure("street_equity_ms_4way_river", "ms", equity_ms, peer_name, peer_ms),
    ]
