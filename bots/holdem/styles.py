"""Playing styles, and the named characters who sit in the AI seats.

A style shifts a level's choices without changing how well it thinks: how many hands it plays,
how often it bets or raises rather than calls, how often it bluffs, how much more (or less) than
the price it wants before calling, and its favourite bet sizes. The three AI seats of a match get
three different styles, so the table feels like three people.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Gender = Literal["female", "male"]


@dataclass(frozen=True, slots=True)
class Style:
    key: str
    label: str
    looseness: float  # multiplies the share of starting hands played
    aggression: float  # multiplies the chance of betting or raising rather than checking or calling
    bluffing: float  # multiplies the bluff frequencies
    call_margin: float  # equity wanted above the price before calling (negative: calls lighter)
    bet_sizes: tuple[float, ...]  # favourite bets, as fractions of the pot


TIGHT_AGGRESSIVE = Style(
    "tight_aggressive", "tight-aggressive", 0.82, 1.35, 0.9, 0.02, (0.66, 0.75, 1.0)
)
LOOSE_PASSIVE = Style("loose_passive", "loose-passive", 1.3, 0.55, 0.45, -0.03, (0.33, 0.5))
BALANCED = Style("balanced", "balanced", 1.0, 1.0, 1.0, 0.0, (0.5, 0.66, 0.75))
LOOSE_AGGRESSIVE = Style(
    "loose_aggressive", "loose-aggressive", 1.2, 1.3, 1.35, -0.01, (0.66, 0.9, 1.2)
)

STYLES: dict[str, Style] = {
    style.key: style for style in (TIGHT_AGGRESSIVE, LOOSE_PASSIVE, BALANCED, LOOSE_AGGRESSIVE)
}


@dataclass(frozen=True, slots=True)
class Persona:
    """Who sits in an AI seat: a name the table shows, the style they play, and the name's
    grammatical gender ("female" or "male"), which the table's sentences about them follow
    (Arabic verbs and adjectives agree with it: "فازت فيرا", "فاز أوتو")."""

    name: str
    style: Style
    gender: Gender


# Seats 1–3 are the AI seats of a match against a human; seat 0 only holds a bot in AI-only
# matches (``manage.py simulate``). Each seat keeps its character from match to match.
PERSONAS: tuple[Persona, ...] = (
    Persona("Rune", LOOSE_AGGRESSIVE, "male"),
    Persona("Vera", TIGHT_AGGRESSIVE, "female"),
    Persona("Otto", LOOSE_PASSIVE, "male"),
    Persona("Lina", BALANCED, "female"),
)


def persona_for_seat(seat: int) -> Persona:
    return PERSONAS[seat % len(PERSONAS)]
