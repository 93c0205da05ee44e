"""Up & Down bots: a CFR+ strategy of a one-deal abstraction, its levels, and its baselines.

Every bot answers ``act(view, history, rng)`` (the :class:`bots.policies.Bot` contract):
``view`` is :func:`games.engine.updown.view.view` for its seat, ``history`` the seat's visible
records (:func:`games.engine.updown.view.visible_record`) of the current deal and the deals
before it, ``rng`` a seeded ``random.Random``. While locking it answers ``("lock", card_id)``
(one of its two cards, e.g. ``("lock", "As1")``), otherwise ``(kind, amount)`` as
:class:`games.engine.updown.game.Act` takes it. Nothing here imports Django.

- :mod:`~bots.updown.abstraction` — the abstract one-deal game: ranks, hand classes, the
  betting tree per effective stack, bet translation.
- :mod:`~bots.updown.solver` — vector-form CFR+, exact best response and exploitability.
- :mod:`~bots.updown.policy` — the shipped strategy (``policy_data/``), written by
  ``scripts/solve_updown.py``.
- :mod:`~bots.updown.reading` — a seat's view and history as a point of the abstract game.
- :mod:`~bots.updown.levels` — ``easy``, ``medium``, ``hard``.
- :mod:`~bots.updown.baselines` — ``random``, ``calling_station``, ``maniac``, ``folder``.
- :mod:`~bots.updown.arena` — fast engine-only matches and seat-swapped series.

How the strategy is computed and how good it is: docs/updown-ai.md.
"""

from __future__ import annotations

from typing import cast

from bots.holdem.styles import BALANCED, Persona, persona_for_seat
from bots.policies import Bot
from bots.registry import BotFactory, GameBots
from bots.updown.baselines import CallingStation, Folder, Maniac, RandomBot
from bots.updown.levels import EasyBot, HardBot, MediumBot
from games.engine.events import Event
from games.engine.updown import events as ev

# Seat spec -> bot class (built with no arguments).
CLASSES: dict[str, type] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "random": RandomBot,
    "calling_station": CallingStation,
    "maniac": Maniac,
    "folder": Folder,
}


def _factory(cls: type) -> BotFactory:
    return lambda seat: cast(Bot, cls())


def _persona(seat: int) -> Persona:
    # Up & Down's levels play one (equilibrium) strategy each: a name, and no style.
    return Persona(persona_for_seat(seat).name, BALANCED, persona_for_seat(seat).gender)


def record_owner(item: Event) -> int | None:
    """The seat an Up & Down event shows more to: the card dealt to it, the card it locked
    (:func:`games.engine.updown.view.visible_record` hides nothing else from one seat only)."""
    return item.seat if isinstance(item, ev.CardDealt | ev.CardLocked) else None


BOTS = GameBots(
    factories={name: _factory(cls) for name, cls in CLASSES.items()},
    persona=_persona,
    # The deal before the one in play: its revealed locked cards tell each kept card's group.
    recent_hands=1,
    record_owner=record_owner,
)
"""Up & Down's bots, as ``games.engine.updown.UPDOWN.bots_package`` names this package."""
