"""Cardavia's Up & Down match (docs/rules.md#updown-match): the command every new match starts with.

Two seats — seat 0 the human, seat 1 the AI — of 20 chips each, an ante of 1 chip every deal,
and the human starting the first deal. A restart gives both 20 chips again.
"""

from __future__ import annotations

from games.engine.updown.game import StartMatch

SEATS = 2
STARTING_STACK = 20
ANTE = 1
HUMAN_SEAT = 0
AI_SEAT = 1
CHIPS_IN_PLAY = SEATS * STARTING_STACK

START_MATCH = StartMatch(stacks=(STARTING_STACK,) * SEATS, ante=ANTE, first_starter=HUMAN_SEAT)
