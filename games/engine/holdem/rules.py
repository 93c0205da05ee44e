"""Cardavia's Hold'em match: the table every new match starts with (docs/rules.md#holdem-match),
and the sit & go with rising blinds a player may choose instead
(docs/rules.md#holdem-rising-blinds)."""

from __future__ import annotations

import dataclasses

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

# The sit & go's schedule: about 1.5x a level, a level every 10 hands, so that 1000 chips are 50
# big blinds at the start, 10 by hand 31 and 2.5 by hand 71 — a match of some 60-90 hands.
BLIND_LEVELS = (
    (10, 20),
    (15, 30),
    (25, 50),
    (50, 100),
    (75, 150),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1000),
)
HANDS_PER_LEVEL = 10

SIT_AND_GO_TABLE = dataclasses.replace(
    CARDAVIA_TABLE, blind_levels=BLIND_LEVELS, hands_per_level=HANDS_PER_LEVEL
)

FIXED = "fixed"
RISING = "rising"
TABLES = {FIXED: CARDAVIA_TABLE, RISING: SIT_AND_GO_TABLE}
"""The tables a match may start with, by the ``blinds`` option's value (the first, the default)."""
