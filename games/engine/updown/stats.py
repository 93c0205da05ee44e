"""Up & Down's player statistics (``GET /api/stats/``): the line stored per deal
(:func:`~games.engine.updown.deal_stats.deal_stat_line`, and whether the deal won the match),
the sums the query adds per level, and one level's figures from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.game import GameStats, Tally
from games.engine.stats import ratio
from games.engine.updown.deal_stats import deal_stat_line

Record = Mapping[str, Any]

SIGNALS = (0, 1, 2)  # how many UP cards the opponent showed
GROUPS = ("UP", "DOWN")


def stat_line(records: Sequence[Record], seat: int) -> dict[str, Any]:
    """The fields stored for ``seat``'s deal."""
    deal = deal_stat_line(records, seat=seat)
    ended = next((r for r in records if r["type"] == "updown.deal_ended"), None)
    stacks = ended["payload"]["stacks"] if ended else []
    return {
        "own_up": deal.own_up,
        "opponent_up": deal.opponent_up,
        "locked_up": deal.locked_up,
        "folded": deal.folded,
        "won_deal": deal.won_deal,
        "won_match": bool(stacks) and stacks[seat] > 0 and min(stacks) == 0,
        "net": deal.net,
    }


TALLIES: Mapping[str, Tally] = {
    "deals": Tally("count"),
    "matches": Tally("distinct", "match"),
    "match_wins": Tally("count", where={"won_match": True}),
    "folds": Tally("count", where={"folded": True}),
    "net_total": Tally("sum", "net"),
    **{
        f"locks_{signal}_{group}": Tally(
            "count", where={"opponent_up": signal, "locked_up": group == "UP"}
        )
        for signal in SIGNALS
        for group in GROUPS
    },
}


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
            str(signal): {group: row[f"locks_{signal}_{group}"] for group in GROUPS}
            for signal in SIGNALS
        },
    }


STATS = GameStats(model="UpDownStatLine", line=stat_line, tallies=TALLIES, entry=updown_entry)
"""Up & Down's statistics, as the game declares them."""
