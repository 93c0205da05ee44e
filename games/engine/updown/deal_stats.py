"""One player's statistics line for one finished Up & Down deal, from the deal's records.

Counted per deal so that any set of deals sums to its figures: the signals both players showed,
the group (UP or DOWN) of the card the player locked — "which card you locked against each
signal" — whether they folded, whether they won the deal, and the net chips (what they won less
what they put in: ante and bets, less anything returned).

>>> deal = [
...     {"type": "updown.deal_started", "payload": {"deal_number": 3, "starter": 0}},
...     {"type": "updown.ante_posted", "payload": {"seat": 0, "amount": 1}},
...     {"type": "updown.ante_posted", "payload": {"seat": 1, "amount": 1}},
...     {"type": "updown.signals_shown", "payload": {"up": [1, 2], "down": [1, 0]}},
...     {"type": "updown.card_locked", "payload": {"seat": 0, "card": "2c1"}},
...     {"type": "updown.card_locked", "payload": {"seat": 1, "card": None}},
...     {"type": "updown.bet", "payload": {"seat": 0, "to": 3}},
...     {"type": "updown.called", "payload": {"seat": 1, "amount": 3}},
...     {"type": "updown.locked_cards_revealed", "payload": {"cards": ["2c1", "Ah2"]}},
...     {"type": "updown.pot_awarded", "payload": {"amount": 8, "winners": [0], "shares": [8]}},
...     {"type": "updown.deal_ended", "payload": {"deal_number": 3, "winner": 0}},
... ]
>>> line = deal_stat_line(deal, seat=0)
>>> line.own_up, line.opponent_up, line.locked_up, line.folded, line.won_deal, line.net
(1, 2, False, False, True, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.updown.cards import is_up

Record = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DealStatLine:
    seat: int
    own_up: int  # UP cards in the player's signal (0, 1 or 2)
    opponent_up: int  # UP cards in the opponent's signal
    locked_up: bool | None  # the locked card's group; None when the deal had no lock
    folded: bool
    won_deal: bool
    net: int


def deal_stat_line(records: Iterable[Record], *, seat: int) -> DealStatLine:
    """``seat``'s line for one deal (records from ``deal_started`` to ``deal_ended``)."""
    own_up = opponent_up = 0
    locked_up: bool | None = None
    folded = won_deal = False
    round_bet = put_in = won = 0
    for record in records:
        kind, payload = record["type"], record["payload"]
        mine = payload.get("seat") == seat
        if kind == "updown.signals_shown":
            own_up, opponent_up = payload["up"][seat], payload["up"][1 - seat]
        elif kind == "updown.card_locked" and mine and payload.get("card"):
            locked_up = is_up(payload["card"])
        elif kind == "updown.ante_posted" and mine:
            put_in += payload["amount"]
        elif kind == "updown.called" and mine:
            round_bet += payload["amount"]
            put_in += payload["amount"]
        elif kind in ("updown.bet", "updown.raised") and mine:
            put_in += payload["to"] - round_bet
            round_bet = payload["to"]
        elif kind == "updown.folded" and mine:
            folded = True
        elif kind == "updown.uncalled_bet_returned" and mine:
            put_in -= payload["amount"]
        elif kind == "updown.pot_awarded" and seat in payload["winners"]:
            won += payload["shares"][list(payload["winners"]).index(seat)]
        elif kind == "updown.deal_ended":
            won_deal = payload["winner"] == seat
    return DealStatLine(
        seat=seat,
        own_up=own_up,
        opponent_up=opponent_up,
        locked_up=locked_up,
        folded=folded,
        won_deal=won_deal,
        net=won - put_in,
    )
