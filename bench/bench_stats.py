"""``GET /api/stats/`` for a player with 10,000 Hold'em hands, beside a plain query over the
events computing the same figures. Runs against the configured database (``DATABASE_URL``;
SQLite by default) in a throw-away test database.

The hands are real: matches played by the engine with a simple random policy (calls, checks,
some bets, raises and folds), stored as the services store them and projected by the projector,
which keeps the stats read model (``games.stats``).

Figure ``stats_request_ms_10000_hands``: the whole request (session, one aggregate query per
game), vs reading the player's events in one query and folding each hand's line in Python
(:func:`games.engine.holdem.hand_stats.hand_stat_line`, then the same sums) — what the endpoint
would do without its read model.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from bench.common import Figure, figure, on_scratch_database  # noqa: E402

HANDS = int(os.environ.get("BENCH_STATS_HANDS", "10000"))
HANDS_PER_MATCH = 500
SAMPLES = 15


def _policy(rng: random.Random, legal: Any) -> tuple[str, int | None]:
    """Mostly calls and checks, with bets, raises and folds: every statistic gets counts."""
    roll = rng.random()
    if (legal.can_bet or legal.can_raise) and roll < 0.15:
        return ("bet" if legal.can_bet else "raise"), legal.min_raise_to
    if legal.can_fold and roll < 0.35:
        return "fold", None
    return ("call" if legal.can_call else "check"), None


def _played_match(rng: random.Random, hands: int) -> list[Any]:
    """One match's events: up to ``hands`` hands, restarting whenever the match ends."""
    from games.engine.errors import IllegalAction
    from games.engine.holdem.betting import legal_actions
    from games.engine.holdem.game import Act, Restart, StartHand, advance
    from games.engine.holdem.rules import CARDAVIA_TABLE
    from games.engine.holdem.state import HoldemState

    state, history = advance(HoldemState(), CARDAVIA_TABLE)
    played = 0
    while played < hands:
        try:
            state, events = advance(state, StartHand(seed=rng.randbytes(32)))
        except IllegalAction:  # the match is over (one player left): start it again
            state, events = advance(state, Restart())
            history += events
            continue
        history += events
        played += 1
        while (legal := legal_actions(state)) is not None:
            kind, amount = _policy(rng, legal)
            state, events = advance(state, Act(legal.seat, kind, amount))
            history += events
    return history


def _store(player: Any, events: list[Any]) -> None:
    """Append the events as the services do (hand numbers, the projector)."""
    from games.engine.events import HandOpening, SegmentStart, to_record
    from games.models import Event, Match
    from games.projections import project

    match = Match.objects.create(
        game="holdem", owner=player, level="hard", seats=["human", "hard", "hard", "hard"]
    )
    rows, hand = [], None
    for seq, item in enumerate(events, start=1):
        if isinstance(item, HandOpening):
            hand = item.number
        elif isinstance(item, SegmentStart):
            hand = None
        rows.append(Event(match=match, seq=seq, hand_number=hand, **to_record(item)))
    Event.objects.bulk_create(rows, batch_size=2000)
    match.seq = len(rows)
    match.save()
    project(match, list(enumerate(events, start=1)))


def peer_stats(player: Any) -> dict[str, Any]:
    """The same Hold'em figures from a plain query over the player's events."""
    from games.engine.holdem.hand_stats import hand_stat_line
    from games.engine.holdem.stats import holdem_entry
    from games.models import Event

    rows = (
        Event.objects.filter(match__owner=player, match__game="holdem", hand_number__isnull=False)
        .order_by("match_id", "seq")
        .values_list("match_id", "hand_number", "type", "payload", "match__level")
    )
    hands: dict[tuple[Any, int], list[dict[str, Any]]] = {}
    levels: dict[tuple[Any, int], str] = {}
    for match_id, number, kind, payload, level in rows.iterator(chunk_size=5000):
        hands.setdefault((match_id, number), []).append({"type": kind, "payload": payload})
        levels[match_id, number] = level
    sums: dict[str, dict[str, Any]] = {}
    for key, records in hands.items():
        if not any(r["type"] == "holdem.hand_ended" for r in records):
            continue
        if not any(
            r["type"] == "holdem.hole_cards_dealt" and r["payload"]["seat"] == 0 for r in records
        ):
            continue
        line = hand_stat_line(records, seat=0)
        row = sums.setdefault(
            levels[key],
            dict.fromkeys(
                [
                    "hands",
                    "vpip",
                    "pfr",
                    "opportunities",
                    "three_bets",
                    "saw_flop",
                    "showdowns",
                    "showdowns_won",
                    "aggressive",
                    "calls",
                    "net_total",
                    "net_squared",
                ],
                0,
            )
            | {"level": levels[key], "matches": set()},
        )
        row["matches"].add(key[0])
        row["hands"] += 1
        row["vpip"] += line.vpip
        row["pfr"] += line.pfr
        row["opportunities"] += line.three_bet_opportunity
        row["three_bets"] += line.three_bet
        row["saw_flop"] += line.saw_flop
        row["showdowns"] += line.went_to_showdown
        row["showdowns_won"] += line.won_at_showdown
        row["aggressive"] += line.postflop_aggressive
        row["calls"] += line.postflop_calls
        row["net_total"] += line.net
        row["net_squared"] += line.net * line.net
    return {
        "holdem": [
            holdem_entry({**row, "matches": len(row["matches"])}) for _, row in sorted(sums.items())
        ]
    }


def run() -> list[Figure]:
    return on_scratch_database(_measure)


def _median_ms(action: Any) -> float:
    action()
    samples = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def _measure() -> list[Figure]:
    from games.models import HoldemStatLine, Player

    client = Client()
    client.get("/api/session/")
    client.post("/api/matches/", {"game": "updown"}, content_type="application/json")
    player = Player.objects.get()
    rng = random.Random(2026)
    while HoldemStatLine.objects.filter(player=player).count() < HANDS:
        _store(player, _played_match(rng, HANDS_PER_MATCH))
    ours = client.get("/api/stats/").json()
    peer = peer_stats(player)
    # The two must agree, or the comparison means nothing.
    assert ours["holdem"] == peer["holdem"], (ours["holdem"], peer["holdem"])
    hands = ours["holdem"][0]["hands"]
    ours_ms = _median_ms(lambda: client.get("/api/stats/"))
    peer_ms = _median_ms(lambda: peer_stats(player))
    return [
        figure(
            f"stats_request_ms_{HANDS}_hands_{connection.vendor}",
            "ms",
            ours_ms,
            f"plain query over the events, folded per hand ({hands} hands)",
            peer_ms,
        )
    ]
