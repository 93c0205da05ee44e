"""The load bench's players, as people (:mod:`bench.load.locustfile` plays them): how long they
think, how long the web client takes to show what the AIs did, what they choose. Fixed, so
that capacity figures compare across changes; no Locust here (its import patches the process).
"""

from __future__ import annotations

import math
import random
from typing import Any

THINK_MEDIAN_S = 3.0
THINK_SIGMA = 0.6
THINK_CAP_S = 15.0
# pace.js, SPEEDS.normal, not watching: how long the table shows each record (ms).
MOVE_MS = 900
PLAYER_ACTIONS = {"folded", "checked", "called", "bet", "raised", "card_locked"}


def think_s(rng: random.Random) -> float:
    """A person's time to decide: log-normal, median ``THINK_MEDIAN_S``, capped."""
    return min(THINK_CAP_S, rng.lognormvariate(math.log(THINK_MEDIAN_S), THINK_SIGMA))


def display_ms(records: list[dict[str, Any]], viewer: int) -> float:
    """How long the web client takes to show ``records`` at the normal speed (pace.js,
    ``pauseFor``): the viewer's own moves at once, the others' and the boards 900 ms, a pot
    twice that, a new hand half."""
    total = 0.0
    for record in records:
        kind = record["type"].rsplit(".", 1)[-1]
        if record["payload"].get("seat") == viewer and kind in PLAYER_ACTIONS:
            continue
        if kind in PLAYER_ACTIONS or kind in ("board_dealt", "locked_cards_revealed"):
            total += MOVE_MS
        elif kind == "cards_exposed":
            total += MOVE_MS / 2
        elif kind == "pot_awarded":
            total += MOVE_MS * 2
        elif kind in ("hand_started", "deal_started"):
            total += MOVE_MS / 2
    return total


def human_choice(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Mostly check or call, sometimes fold, now and then a minimum bet or raise: hands go to
    every street and the human's chips last."""
    roll = rng.random()
    if legal["can_check"]:
        if legal["can_bet"] and roll < 0.15:
            return {"action": "bet", "amount": legal["min_raise_to"]}
        return {"action": "check"}
    if legal["can_raise"] and roll < 0.05:
        return {"action": "raise", "amount": legal["min_raise_to"]}
    if roll < 0.25:
        return {"action": "fold"}
    return {"action": "call"}
