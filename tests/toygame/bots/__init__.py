"""High Card's bots: one bot, offered as every level (and as ``medium``, the stand-in every game
needs), found by ``bots.registry`` through ``TOY.bots_package``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bots.policies import Bot
from bots.registry import GameBots


class HighCardBot:
    """Checks a card of 5 or more (or when it owes nothing to fold), folds a lower one."""

    def act(self, view: dict[str, Any], history: Any, rng: random.Random) -> tuple[str, None]:
        legal = view["legal_actions"]
        card = view["card"] or 0
        return ("check" if card >= 5 or not legal["can_fold"] else "fold"), None


@dataclass(frozen=True)
class _Style:
    key: str = "plain"
    label: str = "plain"


@dataclass(frozen=True)
class _Persona:
    name: str
    gender: str | None = None
    style: _Style = _Style()


def _bot(seat: int) -> Bot:
    return HighCardBot()  # type: ignore[return-value]


BOTS = GameBots(
    factories={"easy": _bot, "medium": _bot, "hard": _bot, "high_card": _bot},
    persona=lambda seat: _Persona(name=f"Toy {seat}"),
)
