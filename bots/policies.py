"""The contract every bot keeps, for every game: a pure policy of what its seat may see.

``act(view, history, rng)`` gets the seat's ``view`` (exactly what the API shows that player),
``history`` — the seat's visible feed records, oldest first: the current hand and, for reading
the opponents, the hands before it in the match — and a seeded ``random.Random``. It returns a
command ``(kind, amount)`` such as ``("raise", 120)`` or ``("fold", None)``. It never sees hidden
state, and the same inputs with the same seed give the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

View = dict[str, Any]
Record = dict[str, Any]
Choice = tuple[str, int | None]


class Bot(Protocol):
    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice: ...


def legal_kinds(legal: dict[str, Any]) -> list[str]:
    """The kinds of betting action a view's ``legal_actions`` allows, each as itself, in a fixed
    order: fold, check, call, bet (an opening bet), raise."""
    allowed = (
        ("fold", legal["can_fold"]),
        ("check", legal["can_check"]),
        ("call", legal["can_call"]),
        ("bet", legal["can_bet"]),
        ("raise", legal["can_raise"]),
    )
    return [kind for kind, can in allowed if can]


def can_bet_or_raise(legal: dict[str, Any]) -> bool:
    """Whether the seat may put in more than a call: an opening bet or a raise."""
    return bool(legal["can_bet"] or legal["can_raise"])


def bet_kind(legal: dict[str, Any]) -> str:
    """The kind that puts in more than a call now: ``bet`` when nobody has bet this round."""
    return "bet" if legal["can_bet"] else "raise"
