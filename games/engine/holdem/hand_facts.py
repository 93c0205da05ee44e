"""What the hand list tells about one Hold'em hand from a seat, read from the hand's records.

The seat's own hole cards are theirs to see; nobody else's are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.hand_facts import WATCHED, result, won
from games.engine.holdem.hand_stats import hand_stat_line

Record = Mapping[str, Any]


def hand_facts(records: Sequence[Record], seat: int) -> dict[str, Any]:
    """``you``, ``pot``, ``showdown``, ``all_in``, ``result``, ``stacks_after`` and
    ``eliminated`` of one hand, as the contract of the hand list names them."""
    cards: list[str] = []
    pots: list[Record] = []
    stacks_after: list[int] = []
    eliminated: list[int] = []
    showdown = folded = dealt = False
    for record in records:
        kind, payload = record["type"], record["payload"]
        if kind == "holdem.hole_cards_dealt" and payload["seat"] == seat:
            dealt = True
            cards = list(payload.get("cards") or [])
        elif kind == "holdem.hand_shown":
            showdown = True
        elif kind == "holdem.folded" and payload["seat"] == seat:
            folded = True
        elif kind == "holdem.pot_awarded":
            pots.append(payload)
        elif kind == "holdem.hand_ended":
            stacks_after = list(payload["stacks"])
        elif kind == "holdem.player_eliminated":
            eliminated.append(payload["seat"])
    net = hand_stat_line(records, seat=seat).net if dealt else 0
    return {
        "you": {"seat": seat, "cards": cards, "net": net},
        "pot": sum(pot["amount"] for pot in pots),
        "showdown": showdown,
        "all_in": _anyone_all_in(records, stacks_after),
        "result": result(pots, seat=seat, folded=folded) if dealt else WATCHED,
        "stacks_after": stacks_after,
        "eliminated": sorted(eliminated),
    }


def _anyone_all_in(records: Sequence[Record], stacks_after: Sequence[int]) -> bool:
    """Someone put their last chip in: a seat dealt in whose chips ran out during the betting.

    Action events carry no all-in flag: a seat dealt in whose final stack is exactly what the
    pots paid it had nothing behind once the betting was over (uncalled chips came back)."""
    dealt = {r["payload"]["seat"] for r in records if r["type"] == "holdem.hole_cards_dealt"}
    if not stacks_after:
        return False
    paid = won([r["payload"] for r in records if r["type"] == "holdem.pot_awarded"])
    # Chips left behind the line after the betting: the final stack less what the pots paid.
    return any(stacks_after[seat] - paid.get(seat, 0) == 0 for seat in dealt)
