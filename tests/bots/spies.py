"""Bots for the tests, named by ``module.path:ClassName`` seat specs (as any plug-in bot is)."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bots.policies import Choice, Record, View

SEEN: list[tuple[View, list[Record]]] = []


def _check_or_call(view: View) -> Choice:
    return ("check", None) if view["legal_actions"]["can_check"] else ("call", None)


class Spy:
    """Remembers everything it is given, then checks or calls."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        SEEN.append((view, list(history)))
        return _check_or_call(view)


class Broken:
    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        raise RuntimeError("this bot is broken")


class Cheater:
    """Answers a raise far beyond its stack."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        return "raise", 10**9


class SlowFirstTime:
    """Thinks for a minute the first time it is asked (long enough to be killed mid-thought),
    at once afterwards. Each decision it starts is a line in the file ``SLOW_BOT_LOG`` names."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        log = Path(os.environ["SLOW_BOT_LOG"])
        with log.open("a") as lines:
            lines.write(f"deciding seq-view hand {view['hand_number']}\n")
        if len(log.read_text().splitlines()) == 1:
            time.sleep(60)
        return _check_or_call(view)


def no_hidden_cards(view: View, records: Sequence[Record], seat: int) -> list[Any]:
    """Everything in a bot's inputs that its seat may not see yet (empty when all is well)."""
    leaks: list[Any] = []
    for index, other in enumerate(view["seats"]):
        if index != seat and other["cards"] is not None:  # no showdown happens mid-hand
            leaks.append(("view cards", index))
    for record in records:
        payload = record["payload"]
        dealt = record["type"] == "holdem.hole_cards_dealt"
        if dealt and payload["seat"] != seat and payload["cards"] is not None:
            leaks.append(("hole cards", payload["seat"]))
        if record["type"] == "holdem.hand_started" and (payload["seed"] or payload["deck"]):
            leaks.append(("seed", payload["hand_number"]))
        if record["type"] == "holdem.board_dealt" and payload["burned"] is not None:
            leaks.append(("burned", payload["street"]))
    return leaks
