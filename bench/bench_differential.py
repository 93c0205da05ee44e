"""The PokerKit differential comparison of the CI test, run at scale.

Plays random hands on our engine and on PokerKit 0.7.7 with the same cards, comparing every
decision and every settled stack (``tests/engine/holdem/pokerkit_oracle.py`` says how, and which
differences from RULES.md it handles). Hands run in worker processes, one per core, in chunks
with their own seeds, so a reported reproduction can be replayed alone.

How many hands: ``BENCH_DIFFERENTIAL_HANDS`` if set; otherwise 1,000,000 when asked for by name
(``python -m bench differential``), and 20,000 inside a plain ``make bench`` so that it stays
short. The hand count is part of every figure's name (``differential_20k_…``).

Figures:
- ``differential_<n>_hands_per_s``: hands/s of our engine beside PokerKit's, each measured as the
  time spent in that engine during the comparison (one core).
- ``differential_<n>_mismatches``: hands on which the two disagreed beyond the handled
  differences — must be 0 (each one is printed with its reproduction).
- ``differential_<n>_known_differences`` and ``differential_<n>_reported_differences``: hands on
  which a known difference (odd chips, short all-in reopening) or one reported to the lead
  (a raise nobody can match, a forced check, forgotten short all-ins) had to be handled.
Count figures give the hands compared as the peer value, so the ratio is the share of hands.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.common import Figure, figure
from tests.engine.holdem.pokerkit_oracle import Tally, run_hands

BY_NAME = 1_000_000
IN_MAKE_BENCH = 20_000
CHUNK = 2_000
SEED = 7_000_000
SHOWN_MISMATCHES = 3


def hand_count() -> int:
    """The hands to compare: the env var, else 1,000,000 if this bench was picked by name."""
    if "BENCH_DIFFERENTIAL_HANDS" in os.environ:
        return int(os.environ["BENCH_DIFFERENTIAL_HANDS"])
    named = any(arg and arg in __name__.rsplit(".", 1)[-1] for arg in sys.argv[1:])
    return BY_NAME if named else IN_MAKE_BENCH


def label(hands: int) -> str:
    if hands % 1_000_000 == 0:
        return f"{hands // 1_000_000}m"
    if hands % 1_000 == 0:
        return f"{hands // 1_000}k"
    return str(hands)


def _chunk(seed: int, hands: int) -> Tally:
    return run_hands(seed, hands, stop_at_first=False)


def compare(hands: int) -> Tally:
    """Run ``hands`` hands in chunks over every core and add up what they found."""
    total = Tally()
    sizes = [min(CHUNK, hands - start) for start in range(0, hands, CHUNK)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = [pool.submit(_chunk, SEED + i, size) for i, size in enumerate(sizes)]
        for done, future in enumerate(futures, start=1):
            part = future.result()
            total.hands += part.hands
            total.decisions += part.decisions
            total.treated.update(part.treated)
            total.features.update(part.features)
            total.timings.update(part.timings)
            total.mismatches += part.mismatches
            if done % 50 == 0:
                print(f"differential: {total.hands:,} hands compared", file=sys.stderr)
    return total


def count_figure(name: str, count: int, hands: int, what: str) -> Figure:
    return figure(name, f"hands ({what})", count, "of hands", hands)


def run() -> list[Figure]:
    hands = hand_count()
    tag = f"differential_{label(hands)}"
    start = time.perf_counter()
    tally = compare(hands)
    elapsed = time.perf_counter() - start
    known, reported = tally.known_treated_hands, tally.reported_treated_hands
    print(
        f"differential: {tally.hands:,} hands, {tally.decisions:,} decisions in {elapsed:.0f}s; "
        f"mismatches {len(tally.mismatches)}; handled {dict(tally.treated)}",
        file=sys.stderr,
    )
    for mismatch in tally.mismatches[:SHOWN_MISMATCHES]:
        print(f"differential MISMATCH:\n{mismatch}", file=sys.stderr)
    return [
        figure(
            f"{tag}_hands_per_s",
            "hands/s",
            tally.hands / tally.timings["ours"],
            "pokerkit",
            tally.hands / tally.timings["peer"],
        ),
        count_figure(f"{tag}_mismatches", len(tally.mismatches), tally.hands, "must be 0"),
        count_figure(f"{tag}_known_differences", known, tally.hands, "odd chips, reopening"),
        count_figure(
            f"{tag}_reported_differences",
            reported,
            tally.hands,
            "no-match raise, forced check, forgotten short all-ins",
        ),
    ]


if __name__ == "__main__":
    for item in run():
        print(item)
