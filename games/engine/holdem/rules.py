"""Cardavia's Hold'em match: the table every new match starts with (docs/rules.md#holdem-match)."""

from __future__ import annotations

from games.engine.holdem.game import StartMatch

SEATS = 4
STARTING_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
HUMAN_SEAT = 0

CARDAVIA_TABLE = StartMatch(
    stacks=(STARTING_STACK,) * SEATS,
    small_blind=SMALL_BLIND,
    big_blind=BIG_BLIND,
    first_button=HUMAN_SEAT,
)
