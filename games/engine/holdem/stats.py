"""Hold'em's player statistics (``GET /api/stats/``): the line stored per hand the owner was
dealt into (:func:`~games.engine.holdem.hand_stats.hand_stat_line`), the sums the query adds per
level, and one level's figures from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.game import GameStats, Tally
from games.engine.holdem.hand_stats import hand_stat_line
from games.engine.stats import per_100_interval, ratio

Record = Mapping[str, Any]

FIELDS = (
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
    "net_bb",
)


def stat_line(records: Sequence[Record], seat: int) -> dict[str, Any] | None:
    """The fields stored for ``seat``'s hand; None if it was not dealt in (knocked out earlier:
    watching is not playing)."""
    dealt = any(
        r["type"] == "holdem.hole_cards_dealt" and r["payload"]["seat"] == seat for r in records
    )
    if not dealt:
        return None
    line = hand_stat_line(records, seat=seat)
    return {name: getattr(line, name) for name in FIELDS}


TALLIES: Mapping[str, Tally] = {
    "hands": Tally("count"),
    "matches": Tally("distinct", "match"),
    "vpip": Tally("count", where={"vpip": True}),
    "pfr": Tally("count", where={"pfr": True}),
    "opportunities": Tally("count", where={"three_bet_opportunity": True}),
    "three_bets": Tally("count", where={"three_bet": True}),
    "saw_flop": Tally("count", where={"saw_flop": True}),
    "showdowns": Tally("count", where={"went_to_showdown": True}),
    "showdowns_won": Tally("count", where={"won_at_showdown": True}),
    "aggressive": Tally("sum", "postflop_aggressive"),
    "calls": Tally("sum", "postflop_calls"),
    "net_total": Tally("sum", "net"),
    "net_squared": Tally("squares", "net"),
    "net_bb_total": Tally("sum", "net_bb"),
    "net_bb_squared": Tally("squares", "net_bb"),
}


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
        "bb_per_100": 100 * row["net_bb_total"] / hands,
        "bb_ci95": per_100_interval(row["net_bb_total"], row["net_bb_squared"], hands),
        "chips_per_100": 100 * row["net_total"] / hands,
        "ci95": per_100_interval(row["net_total"], row["net_squared"], hands),
    }


STATS = GameStats(model="HoldemStatLine", line=stat_line, tallies=TALLIES, entry=holdem_entry)
"""Hold'em's statistics, as the game declares them."""
