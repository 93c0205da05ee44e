"""AI policies: pure functions of what a seat may see (its ``view``) and a seeded random source.

These are the placeholder players until the AI issue lands its levels; they already obey the
contract every bot keeps: it sees only its own view and answers with ``(action, amount)``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

Choice = tuple[str, int | None]


class Bot(Protocol):
    def act(self, view: dict[str, Any], rng: random.Random) -> Choice: ...


class RandomBot:
    """Uniform over the legal kinds of action; raise sizes uniform between min and max."""

    def act(self, view: dict[str, Any], rng: random.Random) -> Choice:
        legal = view["legal_actions"]
        kinds = [
            kind
            for kind, allowed in (
                ("fold", legal["can_fold"]),
                ("check", legal["can_check"]),
                ("call", legal["can_call"]),
                ("raise", legal["can_raise"]),
            )
            if allowed
        ]
        kind = rng.choice(kinds)
        if kind == "raise":
            return kind, rng.randint(legal["min_raise_to"], legal["max_raise_to"])
        return kind, None


class CallingStation:
    """Checks or calls, always."""

    def act(self, view: dict[str, Any], rng: random.Random) -> Choice:
        return ("check", None) if view["legal_actions"]["can_check"] else ("call", None)


PLACEHOLDER_BOTS: dict[str, Bot] = {
    "easy": CallingStation(),
    "medium": RandomBot(),
    "hard": RandomBot(),
}
