"""Deprecated: the old name of :mod:`games.registry`, kept while the services, selectors and API
still read a game through it. ``ruleset_for(name)`` gives the registered
:class:`~games.engine.game.Game` wrapped in the old attribute names; new code uses
``games.registry.game_for`` and the :class:`~games.engine.game.Game` interface directly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.events import Event
from games.engine.game import ActionRequest
from games.registry import GAMES, AnyGame, game_for


@dataclass(frozen=True)
class Ruleset:
    """A game seen through the old ``Ruleset`` names (deprecated)."""

    game_object: AnyGame

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game_object, name)

    @property
    def game(self) -> str:
        return self.game_object.name

    @property
    def start_match(self) -> Any:
        return self.game_object.start_match()

    def act(self, seat: int, kind: str, amount: Any = None, card: str | None = None) -> Any:
        # Bots answered ("lock", card) in the amount's place; the API sends ``card``.
        if card is None and isinstance(amount, str):
            card, amount = amount, None
        return self.game_object.command(seat, ActionRequest(kind, amount, card))

    def opens_hand(self, item: Event) -> int | None:
        return self.game_object.hand_opened_by(item)

    @property
    def segment_types(self) -> tuple[str, ...]:
        return (f"{self.game}.match_started", f"{self.game}.match_restarted")

    @property
    def hand_closing_types(self) -> tuple[str, ...]:
        return _OLD_NAMES[self.game][0]

    @property
    def between_hands_phase(self) -> str:
        return _OLD_NAMES[self.game][1]

    @property
    def match_over_phase(self) -> str:
        return "match_over"


# What the old Ruleset spelled out for the two games it knew; the Game interface answers these
# through hand_opened_by / closes_hand / is_between_hands / is_match_over.
_OLD_NAMES = {
    "holdem": (("holdem.hand_ended", "holdem.hand_abandoned"), "between_hands"),
    "updown": (("updown.deal_ended", "updown.deal_abandoned"), "between_deals"),
}


class _Rulesets(Mapping[str, Ruleset]):
    def __getitem__(self, name: str) -> Ruleset:
        return Ruleset(GAMES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


RULESETS: Mapping[str, Ruleset] = _Rulesets()
HOLDEM = Ruleset(game_for("holdem"))
UPDOWN = Ruleset(game_for("updown"))


def ruleset_for(game: str) -> Ruleset:
    return Ruleset(game_for(game))
