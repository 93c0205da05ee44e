"""What the hand list tells about one hand from the owner's seat, read from the hand's records.

Pure functions over stored records (``{"type", "payload"}``), no database: the selector reads a
match's events once and hands each hand's records here. The owner's own cards are theirs to see
(Hold'em: their hole cards; Up & Down: the card they locked); nobody else's are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.holdem.hand_stats import hand_stat_line
from games.engine.updown.deal_stats import deal_stat_line

Record = Mapping[str, Any]

WON, LOST, SPLIT, FOLDED = "won", "lost", "split", "folded"


def hand_facts(game: str, records: Sequence[Record], *, seat: int) -> dict[str, Any]:
    """``you``, ``pot``, ``showdown``, ``all_in``, ``result``, ``stacks_after`` and
    ``eliminated`` of one hand (or deal), as the contract of the hand list names them."""
    if game == "holdem":
        return _holdem(records, seat=seat)
    return _updown(records, seat=seat)


def _holdem(records: Sequence[Record], *, seat: int) -> dict[str, Any]:
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
        "result": _result(pots, seat=seat, folded=folded or not dealt),
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
    won = _won([r["payload"] for r in records if r["type"] == "holdem.pot_awarded"])
    # Chips left behind the line after the betting: the final stack less what the pots paid.
    return any(stacks_after[seat] - won.get(seat, 0) == 0 for seat in dealt)


def _result(pots: Sequence[Record], *, seat: int, folded: bool) -> str:
    if folded:
        return FOLDED
    shares = [len(pot["winners"]) for pot in pots if seat in pot["winners"]]
    if not shares:
        return LOST
    return WON if any(count == 1 for count in shares) else SPLIT


def _updown(records: Sequence[Record], *, seat: int) -> dict[str, Any]:
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
    won = _won(pots)
    # All in: a player with nothing behind once the betting was over.
    all_in = any(stack - won.get(s, 0) == 0 for s, stack in enumerate(stacks_after))
    return {
        "you": {"seat": seat, "cards": locked, "net": line.net},
        "pot": sum(pot["amount"] for pot in pots),
        "showdown": showdown,
        "all_in": all_in,
        "result": _result(pots, seat=seat, folded=line.folded),
        "stacks_after": stacks_after,
        # Nobody leaves an Up & Down match early: the player a deal leaves with nothing is out.
        "eliminated": [s for s, stack in enumerate(stacks_after) if stack == 0],
    }


def _won(pots: Sequence[Record]) -> dict[int, int]:
    """Chips each seat took from the pots."""
    won: dict[int, int] = {}
    for pot in pots:
        for winner, share in zip(pot["winners"], pot["shares"], strict=True):
            won[winner] = won.get(winner, 0) + share
    return won
