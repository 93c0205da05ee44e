"""What the hand list tells about one Up & Down deal from a seat, read from the deal's records.

The seat's own locked card is theirs to see; the opponent's is not read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.hand_facts import result, won
from games.engine.updown.deal_stats import deal_stat_line

Record = Mapping[str, Any]


def deal_facts(records: Sequence[Record], seat: int) -> dict[str, Any]:
    """``you``, ``pot``, ``showdown``, ``all_in``, ``result``, ``stacks_after`` and
    ``eliminated`` of one deal, as the contract of the hand list names them."""
    locked: list[str] = []
    pots: list[Record] = []
    stacks_after: list[int] = []
    showdown = False
    for record in records:
        kind, payload = record["type"], record["payload"]
        if kind == "updown.card_locked" and payload["seat"] == seat and payload.get("card"):
            locked = [payload["card"]]
        elif kind == "updown.pot_awarded":
            pots.append(payload)
            showdown = showdown or payload.get("outcome") != "fold"
        elif kind == "updown.deal_ended":
            stacks_after = list(payload["stacks"])
    line = deal_stat_line(records, seat=seat)
    paid = won(pots)
    # All in: a player with nothing behind once the betting was over.
    all_in = any(stack - paid.get(s, 0) == 0 for s, stack in enumerate(stacks_after))
    return {
        "you": {"seat": seat, "cards": locked, "net": line.net},
        "pot": sum(pot["amount"] for pot in pots),
        "showdown": showdown,
        "all_in": all_in,
        "result": result(pots, seat=seat, folded=line.folded),
        "stacks_after": stacks_after,
        # Nobody leaves an Up & Down match early: the player a deal leaves with nothing is out.
        "eliminated": [s for s, stack in enumerate(stacks_after) if stack == 0],
    }
