"""A player's statistics across matches: a read model kept by the events, and its one query.

When a hand ends, the projector (:mod:`games.projections`) calls :func:`project_hand`, which
stores the owner's line for that hand — Hold'em: :func:`~games.engine.holdem.hand_stats.
hand_stat_line`; Up & Down: :func:`~games.engine.updown.deal_stats.deal_stat_line`. Each line
hangs on its ``HandSummary``, so ``manage.py rebuild_projections`` throws the lines away with the
hand list and projects them again.

:func:`player_stats` answers ``GET /api/stats/`` with one aggregate query per game, grouped by
level: the number of queries does not grow with the number of hands, and no match is refolded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, F, Q, Sum

from games.engine.events import Event, to_record
from games.engine.holdem.hand_stats import hand_stat_line
from games.engine.updown.deal_stats import deal_stat_line
from games.models import HandSummary, HoldemStatLine, Player, UpDownStatLine
from games.registry import game_for

Z95 = 1.96  # two-sided 95% normal quantile


def project_hand(row: HandSummary, hand: Sequence[tuple[int, Event]]) -> None:
    """Store (or refresh) the owner's line for the finished hand ``row``."""
    match = row.match
    seat = game_for(match.game).human_seat
    records = [to_record(item) for _, item in hand]
    common = {"player_id": match.owner_id, "match": match, "level": match.level}
    if match.game == "holdem":
        dealt = any(
            r["type"] == "holdem.hole_cards_dealt" and r["payload"]["seat"] == seat for r in records
        )
        if not dealt:
            return  # knocked out earlier: watching is not playing
        line = hand_stat_line(records, seat=seat)
        fields: dict[str, Any] = {
            name: getattr(line, name)
            for name in (
                "vpip",
                "pfr",
                "three_bet_opportunity",
                "three_bet",
                "saw_flop",
                "went_to_showdown",
                "won_at_showdown",
                "postflop_aggressive",
                "postflop_calls",
                "net",
            )
        }
        HoldemStatLine.objects.update_or_create(hand=row, defaults={**common, **fields})
        return
    deal = deal_stat_line(records, seat=seat)
    ended = next((r for r in records if r["type"] == "updown.deal_ended"), None)
    stacks = ended["payload"]["stacks"] if ended else []
    won_match = bool(stacks) and stacks[seat] > 0 and min(stacks) == 0
    UpDownStatLine.objects.update_or_create(
        hand=row,
        defaults={
            **common,
            "own_up": deal.own_up,
            "opponent_up": deal.opponent_up,
            "locked_up": deal.locked_up,
            "folded": deal.folded,
            "won_deal": deal.won_deal,
            "won_match": won_match,
            "net": deal.net,
        },
    )


def player_stats(player: Player | None) -> dict[str, list[dict[str, Any]]]:
    """``{"holdem": [...], "updown": [...]}``: one entry per level the player has played."""
    if player is None:
        return {"holdem": [], "updown": []}
    return {"holdem": _holdem(player), "updown": _updown(player)}


def _holdem(player: Player) -> list[dict[str, Any]]:
    rows = (
        HoldemStatLine.objects.filter(player=player)
        .values("level")
        .annotate(
            hands=Count("id"),
            matches=Count("match", distinct=True),
            vpip=_count("vpip"),
            pfr=_count("pfr"),
            opportunities=_count("three_bet_opportunity"),
            three_bets=_count("three_bet"),
            saw_flop=_count("saw_flop"),
            showdowns=_count("went_to_showdown"),
            showdowns_won=_count("won_at_showdown"),
            aggressive=Sum("postflop_aggressive"),
            calls=Sum("postflop_calls"),
            net_total=Sum("net"),
            net_squared=Sum(F("net") * F("net")),
        )
        .order_by("level")
    )
    return [holdem_entry(row) for row in rows]


def holdem_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one level from its sums (rates 0..1; null where nothing was possible)."""
    hands = row["hands"]
    return {
        "level": row["level"],
        "hands": hands,
        "matches": row["matches"],
        "vpip": ratio(row["vpip"], hands),
        "pfr": ratio(row["pfr"], hands),
        "three_bet": ratio(row["three_bets"], row["opportunities"]),
        "aggression": ratio(row["aggressive"], row["calls"]),
        "went_to_showdown": ratio(row["showdowns"], row["saw_flop"]),
        "won_at_showdown": ratio(row["showdowns_won"], row["showdowns"]),
        "chips_per_100": 100 * row["net_total"] / hands,
        "ci95": per_100_interval(row["net_total"], row["net_squared"], hands),
    }


def _updown(player: Player) -> list[dict[str, Any]]:
    locks = {
        f"locks_{signal}_{group}": Count(
            "id", filter=Q(opponent_up=signal, locked_up=(group == "UP"))
        )
        for signal in (0, 1, 2)
        for group in ("UP", "DOWN")
    }
    rows = (
        UpDownStatLine.objects.filter(player=player)
        .values("level")
        .annotate(
            deals=Count("id"),
            matches=Count("match", distinct=True),
            match_wins=_count("won_match"),
            folds=_count("folded"),
            net_total=Sum("net"),
            **locks,
        )
        .order_by("level")
    )
    return [updown_entry(row) for row in rows]


def updown_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    deals = row["deals"]
    return {
        "level": row["level"],
        "deals": deals,
        "matches": row["matches"],
        "match_wins": row["match_wins"],
        "fold_rate": ratio(row["folds"], deals),
        "chips_per_deal": row["net_total"] / deals,
        # Against each signal of the opponent (how many UP cards it showed), the group of the
        # card you locked.
        "locks": {
            str(signal): {group: row[f"locks_{signal}_{group}"] for group in ("UP", "DOWN")}
            for signal in (0, 1, 2)
        },
    }


def _count(flag: str) -> Count:
    return Count("id", filter=Q(**{flag: True}))


def ratio(part: int | None, whole: int | None) -> float | None:
    return None if not whole else (part or 0) / whole


def per_100_interval(total: int, squares: int, count: int) -> list[float]:
    """The normal 95% interval of chips won per 100 hands, from the hands' net sum and sum of
    squares (the sample standard deviation; a single hand has no spread to measure)."""
    mean = total / count
    if count < 2:
        return [100 * mean, 100 * mean]
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    half = Z95 * math.sqrt(variance / count)
    return [100 * (mean - half), 100 * (mean + half)]
