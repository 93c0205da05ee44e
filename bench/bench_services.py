"""``manage.py simulate`` through the services and event store, beside the engine-only arena.

The same seats, seeds and hand limit on both paths: the simulation plays every move through
:func:`games.services.ai_turn_play` (row lock, fold, decide, append, snapshot, read model, the
bots' history read from the store), the arena (:func:`bots.arena.play`) folds the same matches in
memory. Both play exactly the same moves (``tests/bots/test_simulate.py`` holds them to it; the
bench checks the hands dealt agree), so the ratio of their actions/s is the store's whole cost.
Runs against the configured database (``DATABASE_URL``; the figure is meant for PostgreSQL) in a
throw-away test database.

Figures: ``services_vs_arena`` — bot actions/s through ``simulate`` (as it runs: commits not
waiting for the WAL flush, see ``games.services.driving_ai_turns``) vs the arena's, with the raw
counts and seconds; ``services_vs_arena_durable`` — the same with every commit flushed to disk
(what a player's command does).
"""

from __future__ import annotations

import io
import json
import os
import time
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from bench.common import Figure, figure, on_scratch_database  # noqa: E402

GAME = "holdem"
SEATS = ("hard", "medium", "medium", "medium")  # simulate's default seats
SEED = "bench"
MATCHES = 4  # one full rotation of the seats
MAX_HANDS = 100
REPEATS = 2


def arena_actions(*, matches: int = MATCHES, max_hands: int = MAX_HANDS) -> tuple[int, int]:
    """(bot actions, hands) of the arena playing the matches ``simulate`` plays."""
    from bots import arena, registry
    from bots.holdem.arena import _owner
    from bots.seeds import simulation_labels
    from games.engine.holdem import HOLDEM
    from games.engine.holdem.rules import CARDAVIA_TABLE

    actions = hands = 0

    def count(*_: Any) -> None:
        nonlocal actions
        actions += 1

    count_seats = len(SEATS)
    for index in range(matches):
        shift = index % count_seats
        specs = [SEATS[(seat - shift) % count_seats] for seat in range(count_seats)]
        bots = [registry.resolve(spec, game=GAME, seat=s) for s, spec in enumerate(specs)]
        deal_label, bot_label = simulation_labels(SEED, index, count_seats)
        # simulate stops as soon as hand max_hands + 1 is dealt, before any action in it
        _, dealt = arena.play(
            HOLDEM,
            CARDAVIA_TABLE,
            bots,
            deal_seed=deal_label,
            bot_seed=bot_label,
            recent_hands=registry.recent_hands(GAME),
            max_hands=max_hands,
            owner=_owner,
            observe=count,
        )
        hands += min(dealt, max_hands)
    return actions, hands


def simulate(*, matches: int = MATCHES, max_hands: int = MAX_HANDS, durable: bool = False) -> int:
    """Hands ``manage.py simulate`` played (the summary's count); ``durable`` makes its commits
    wait for the disk, as a player's do."""
    from games import services

    driving = services.driving_ai_turns
    if durable:
        services.driving_ai_turns = lambda **kw: driving(**{**kw, "durable": True})  # type: ignore[assignment]
    try:
        return _simulate(matches, max_hands)
    finally:
        services.driving_ai_turns = driving  # type: ignore[assignment]


def _simulate(matches: int, max_hands: int) -> int:
    out = io.StringIO()
    call_command(
        "simulate",
        "--game",
        GAME,
        "--matches",
        str(matches),
        "--seats",
        ",".join(SEATS),
        "--seed",
        SEED,
        "--max-hands",
        str(max_hands),
        "--json",
        stdout=out,
        stderr=io.StringIO(),
    )
    return int(json.loads(out.getvalue())["hands"])


def _best(action: Any) -> tuple[float, Any]:
    """Fastest of REPEATS runs (noise only ever adds time) and the run's result."""
    fastest, result = float("inf"), None
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = action()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, result


def run() -> list[Figure]:
    return on_scratch_database(_measure)


def _measure() -> list[Figure]:
    simulate(matches=1, max_hands=5)  # warm up: imports, bot tables, connection
    arena_seconds, (actions, arena_hands) = _best(arena_actions)
    services_seconds, services_hands = _best(simulate)
    durable_seconds, durable_hands = _best(lambda: simulate(durable=True))
    if not services_hands == durable_hands == arena_hands:
        raise AssertionError(
            f"simulate played {services_hands} and {durable_hands} hands, the arena {arena_hands}"
        )
    raw = {
        "database": connection.vendor,
        "seats": list(SEATS),
        "matches": MATCHES,
        "max_hands": MAX_HANDS,
        "actions": actions,
        "hands": arena_hands,
        "arena_seconds": arena_seconds,
        "services_seconds": services_seconds,
        "services_durable_seconds": durable_seconds,
    }
    print(json.dumps(raw), flush=True)
    peer = "engine-only arena, same seats and seeds"
    return [
        {
            **figure(
                "services_vs_arena",
                "actions/s",
                actions / services_seconds,
                peer,
                actions / arena_seconds,
            ),
            "raw": raw,  # type: ignore[typeddict-unknown-key]
        },
        figure(
            "services_vs_arena_durable",
            "actions/s",
            actions / durable_seconds,
            peer,
            actions / arena_seconds,
        ),
    ]
