"""The match driver: the one loop that moves a match on, for any game.

A command (a player's move, the house's start or restart) is advanced by the game; then, while
the last hand is over and the match goes on, the house deals the next one. Every place that plays
a match goes through :func:`advance_match`: the event store (``games.services``) and the
engine-only arenas the bots are measured in (``bots.holdem.arena``, ``bots.updown.arena``), so a
match plays the same whichever of them runs it.

>>> from games.engine.updown import UPDOWN
>>> state, events = advance_match(UPDOWN, UPDOWN.new_state(), [UPDOWN.start_match()],
...                               seed=lambda state: bytes(32))
>>> [item.TYPE for item in events[:3]], UPDOWN.to_act(state)
(['updown.match_started', 'updown.deal_started', 'updown.shoe_shuffled'], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.engine.events import Event
from games.engine.game import Game


def _always[S](state: S) -> bool:
    return True


def advance_match[S, C](
    game: Game[S, C],
    state: S,
    commands: Iterable[C],
    *,
    seed: Callable[[S], bytes],
    deals_on: Callable[[S], bool] = _always,
) -> tuple[S, list[Event]]:
    """Advance ``commands`` in turn, then deal hands while one is due; the state after them and
    every event they produced. ``state`` is not changed.

    A hand is due when the last is over (``game.is_between_hands``) and ``deals_on(state)``
    holds (the store stops dealing when its human has left; an arena at its hand limit). Each
    deal takes ``seed(state)``, the house's secret for it, read in the state before the deal.
    Raises :class:`~games.engine.errors.IllegalAction` for a command the rules refuse.
    """
    produced: list[Event] = []
    for command in commands:
        state, events = game.advance(state, command)
        produced.extend(events)
    # A loop, not an if: a hand whose blinds put everyone all-in plays out with no action at all,
    # and the next one must be dealt too, or the match waits for a move nobody can make.
    while game.is_between_hands(state) and deals_on(state):
        state, events = game.advance(state, game.start_hand(seed(state)))
        produced.extend(events)
    return state, produced
