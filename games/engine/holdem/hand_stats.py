"""One player's statistics line for one finished Hold'em hand, from the hand's records.

The standard tracker statistics, each counted per hand so that any set of hands sums to its
figures (the store keeps one line per player and hand; a query adds them up):

- **VPIP**: put chips in voluntarily before the flop (a call, bet or raise; blinds do not count).
- **PFR**: raised before the flop.
- **3-bet**: re-raised the first raise before the flop; an *opportunity* is acting while facing
  exactly that one raise.
- **Aggression factor**: bets and raises after the flop divided by calls after the flop.
- **Went to showdown** (of the hands that saw the flop) and **won at showdown** (of those).
- **Net chips**: what the hand's end left minus what it started with, for chips per 100 hands;
  and the same in the hand's own big blinds (``net_bb``), for big blinds per 100 hands that stay
  right when the blinds rise.

>>> hand = [
...     {"type": "holdem.hand_started", "payload": {"hand_number": 1, "big_blind": 20}},
...     {"type": "holdem.blind_posted", "payload": {"seat": 1, "blind": "small", "amount": 10}},
...     {"type": "holdem.blind_posted", "payload": {"seat": 0, "blind": "big", "amount": 20}},
...     {"type": "holdem.hole_cards_dealt", "payload": {"seat": 1, "cards": None}},
...     {"type": "holdem.hole_cards_dealt", "payload": {"seat": 0, "cards": ["As", "Ad"]}},
...     {"type": "holdem.raised", "payload": {"seat": 1, "to": 60}},
...     {"type": "holdem.raised", "payload": {"seat": 0, "to": 180}},
...     {"type": "holdem.folded", "payload": {"seat": 1}},
...     {"type": "holdem.uncalled_bet_returned", "payload": {"seat": 0, "amount": 120}},
...     {"type": "holdem.pot_awarded", "payload": {"winners": [0], "shares": [120]}},
... ]
>>> line = hand_stat_line(hand, seat=0)
>>> line.vpip, line.pfr, line.three_bet_opportunity, line.three_bet, line.saw_flop, line.net
(True, True, True, True, False, 60)
>>> line.net_bb
3.0
>>> hand_stat_line(hand, seat=1).net
-60
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.holdem.events import V1_BLINDS

Record = Mapping[str, Any]

ACTIONS = {"holdem.folded", "holdem.checked", "holdem.called", "holdem.bet", "holdem.raised"}
VOLUNTARY = {"holdem.called", "holdem.bet", "holdem.raised"}
AGGRESSIVE = {"holdem.bet", "holdem.raised"}


@dataclass(frozen=True, slots=True)
class HandStatLine:
    seat: int
    vpip: bool
    pfr: bool
    three_bet_opportunity: bool
    three_bet: bool
    saw_flop: bool
    went_to_showdown: bool
    won_at_showdown: bool
    postflop_aggressive: int  # bets and raises after the flop
    postflop_calls: int
    net: int
    big_blind: int  # the hand's own

    @property
    def net_bb(self) -> float:
        """The net in the hand's big blinds."""
        return self.net / self.big_blind


@dataclass
class _Seat:
    """What one pass over the hand learns about the seat."""

    dealt: bool = False
    folded: bool = False
    round_bet: int = 0
    put_in: int = 0
    won: int = 0
    vpip: bool = False
    pfr: bool = False
    opportunity: bool = False
    three_bet: bool = False
    saw_flop: bool = False
    shown: bool = False
    aggressive: int = 0
    calls: int = 0


def hand_stat_line(records: Iterable[Record], *, seat: int) -> HandStatLine:
    """``seat``'s line for one hand (records from ``hand_started`` to ``hand_ended``)."""
    me = _Seat()
    preflop = True
    raises = 0  # raises before the flop so far; the big blind is not one
    big_blind = V1_BLINDS[1]
    for record in records:
        kind, payload = record["type"], record["payload"]
        mine = payload.get("seat") == seat
        if kind == "holdem.hand_started":
            # A stored version-1 start has no blinds: those hands were all dealt at 10/20.
            big_blind = payload.get("big_blind", big_blind)
        elif kind == "holdem.board_dealt":
            preflop = False
            me.round_bet = 0
            me.saw_flop = me.saw_flop or (me.dealt and not me.folded)
        elif kind == "holdem.hole_cards_dealt" and mine:
            me.dealt = True
        elif kind == "holdem.blind_posted" and mine:
            me.round_bet += payload["amount"]
            me.put_in += payload["amount"]
        elif kind in ACTIONS:
            if mine:
                _act(me, kind, payload, preflop=preflop, raises=raises)
            raises += preflop and kind == "holdem.raised"
        elif kind == "holdem.uncalled_bet_returned" and mine:
            me.put_in -= payload["amount"]
        elif kind == "holdem.hand_shown" and mine:
            me.shown = True
        elif kind == "holdem.pot_awarded" and seat in payload["winners"]:
            me.won += payload["shares"][list(payload["winners"]).index(seat)]
    return HandStatLine(
        seat=seat,
        vpip=me.vpip,
        pfr=me.pfr,
        three_bet_opportunity=me.opportunity,
        three_bet=me.three_bet,
        saw_flop=me.saw_flop,
        went_to_showdown=me.shown and me.saw_flop,
        won_at_showdown=me.shown and me.saw_flop and me.won > 0,
        postflop_aggressive=me.aggressive,
        postflop_calls=me.calls,
        net=me.won - me.put_in,
        big_blind=big_blind,
    )


def _act(me: _Seat, kind: str, payload: Mapping[str, Any], *, preflop: bool, raises: int) -> None:
    if kind == "holdem.called":
        added = payload["amount"]
    elif kind in AGGRESSIVE:
        added = payload["to"] - me.round_bet
    else:
        added = 0
    me.round_bet += added
    me.put_in += added
    me.folded = me.folded or kind == "holdem.folded"
    if preflop:
        me.opportunity = me.opportunity or raises == 1
        me.vpip = me.vpip or kind in VOLUNTARY
        me.pfr = me.pfr or kind == "holdem.raised"
        me.three_bet = me.three_bet or (kind == "holdem.raised" and raises == 1)
    else:
        me.aggressive += kind in AGGRESSIVE
        me.calls += kind == "holdem.called"
