"""What a shared hand's link preview says, as data: the hands shown, how the hand ended, the pot.

A chat app shows a link's title and description without running the page, so the server words
them (in the reader's language, from the catalog) from these facts; nothing here is prose.
Every game has the neutral facts (:func:`neutral_preview`); a game that knows more of its hands
says more (Hold'em: on which street someone went all-in, ``games.engine.holdem.share_preview``).

>>> neutral_preview({"you": {"cards": ["Ah", "Kh"]}, "pot": 60, "showdown": False})
{'hands': [['Ah', 'Kh']], 'ending': 'no_showdown', 'pot': 60}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict


class SharePreview(TypedDict):
    """``hands``: the owner's cards first, then every hand shown by the end, each as the cards
    it showed; ``ending``: ``showdown``, ``no_showdown`` or ``all_in_<street>``; ``pot``: the
    chips the pots paid."""

    hands: list[list[str]]
    ending: str
    pot: int


SHOWDOWN, NO_SHOWDOWN = "showdown", "no_showdown"


def all_in_on(street: str) -> str:
    return f"all_in_{street}"


def neutral_preview(facts: Mapping[str, Any]) -> SharePreview:
    """The preview from a hand's hand-list facts (:meth:`Game.hand_facts` from the owner's
    seat): the owner's own cards, whether it came to a showdown, the pot."""
    cards = list(facts["you"]["cards"])
    return {
        "hands": [cards] if cards else [],
        "ending": SHOWDOWN if facts["showdown"] else NO_SHOWDOWN,
        "pot": int(facts["pot"]),
    }
