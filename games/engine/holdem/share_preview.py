"""A shared Hold'em hand's preview facts (:mod:`games.engine.share_preview`): the owner's hole
cards and every hand shown, and the street on which a player first went all-in.

Read from the hand's records (``type``, ``payload``) as the owner's replay stores them; only the
owner's hole cards and the hands shown are read, never another seat's unshown cards. Action
events carry no all-in flag, so the chips each seat put in are counted street by street against
the stack it started with (its final stack, less what the pots paid it, plus what it put in).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from games.engine.hand_facts import won
from games.engine.share_preview import NO_SHOWDOWN, SHOWDOWN, SharePreview, all_in_on

Record = Mapping[str, Any]

PREFLOP = "preflop"


def share_preview(records: Sequence[Record], seat: int) -> SharePreview:
    own: list[str] = []
    shown: dict[int, list[str]] = {}
    pots: list[Record] = []
    for record in records:
        kind, payload = record["type"], record["payload"]
        if kind == "holdem.hole_cards_dealt" and payload["seat"] == seat:
            own = list(payload.get("cards") or [])
        elif kind == "holdem.hand_shown":
            shown[payload["seat"]] = list(payload["cards"])
        elif kind == "holdem.pot_awarded":
            pots.append(payload)
    hands = [own] if own else []
    hands += [cards for shower, cards in sorted(shown.items()) if shower != seat]
    street = all_in_street(records)
    ending = all_in_on(street) if street else SHOWDOWN if shown else NO_SHOWDOWN
    # The pot as bet: what it paid out plus the room's rake (an imported hand's; ours take none).
    pot = sum(pot["amount"] + pot.get("rake", 0) for pot in pots)
    return {"hands": hands, "ending": ending, "pot": pot}


def all_in_street(records: Sequence[Record]) -> str | None:
    """The street on which a seat first put in its last chip, or None if nobody did."""
    ended = next((r["payload"] for r in records if r["type"] == "holdem.hand_ended"), None)
    if ended is None:
        return None
    moves = list(_chip_moves(records))
    put: dict[int, int] = {}
    for _, seat, added in moves:
        put[seat] = put.get(seat, 0) + added
    paid = won([r["payload"] for r in records if r["type"] == "holdem.pot_awarded"])
    # What each seat sat down with: what it ended with, less what it won, plus what it put in.
    starting = {seat: ended["stacks"][seat] - paid.get(seat, 0) + put[seat] for seat in put}
    running: dict[int, int] = {}
    for street, seat, added in moves:
        if added <= 0:
            continue
        running[seat] = running.get(seat, 0) + added
        if running[seat] >= starting[seat]:
            return street
    return None


def _chip_moves(records: Sequence[Record]) -> Iterator[tuple[str, int, int]]:
    """Every chip move in order as (street, seat, chips): blinds, antes, calls, bets and raises
    in, uncalled bets back (negative)."""
    street = PREFLOP
    round_bet: dict[int, int] = {}
    for record in records:
        kind, payload = record["type"].removeprefix("holdem."), record["payload"]
        if kind == "board_dealt":
            street, round_bet = payload["street"], {}
        elif kind in ("blind_posted", "called"):
            seat = payload["seat"]
            round_bet[seat] = round_bet.get(seat, 0) + payload["amount"]
            yield street, seat, payload["amount"]
        elif kind in ("bet", "raised"):
            seat = payload["seat"]
            yield street, seat, payload["to"] - round_bet.get(seat, 0)
            round_bet[seat] = payload["to"]
        elif kind == "ante_posted":
            yield street, payload["seat"], payload["amount"]
        elif kind == "uncalled_bet_returned":
            yield street, payload["seat"], -payload["amount"]
