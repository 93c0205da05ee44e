"""Hold'em bots: pure policies of what one seat may see, and the tools they think with.

Every bot answers ``act(view, history, rng) -> (kind, amount)`` (see :mod:`bots.policies`):
``view`` is :func:`games.engine.holdem.view.view` for its seat and ``history`` the seat's visible
feed records (:func:`games.engine.holdem.view.visible_record`) of the current hand and the hands
before it. Nothing here imports Django: the same bots play through the services and through the
engine-only :mod:`bots.holdem.arena`.
"""

from __future__ import annotations

from typing import Any

from bots.holdem.styles import persona_for_seat
from bots.policies import Bot
from bots.registry import GameBots
from games.engine.events import Event
from games.engine.holdem import events as ev

# The bot modules load on first use (``bots.registry`` asks for a bot), not with the package.


def _style(seat: int) -> Any:
    return persona_for_seat(seat).style


def _easy(seat: int) -> Bot:
    from bots.holdem.levels import EasyBot

    return EasyBot(_style(seat))


def _medium(seat: int) -> Bot:
    from bots.holdem.levels import MediumBot

    return MediumBot(_style(seat))


def _hard(seat: int) -> Bot:
    from bots.holdem.hard import HardBot

    return HardBot(_style(seat))


def _baseline(name: str) -> Any:
    def build(seat: int) -> Bot:
        from bots.holdem import baselines

        return getattr(baselines, name)()  # type: ignore[no-any-return]

    return build


def _sparring(name: str) -> Any:
    def build(seat: int) -> Bot:
        from bots.holdem import sparring

        return getattr(sparring, name)()  # type: ignore[no-any-return]

    return build


def _warm_up() -> None:
    """Build the evaluator's tables and the preflop tables before the first AI turn, not in it."""
    from bots.holdem.preflop import hand_percentile
    from bots.holdem.ranges import board_strength
    from games.engine.cards import card_index

    hand_percentile(0)
    board_strength(tuple(card_index(card) for card in ("As", "Kd", "7h")))


def _analysis(match: Any, hand: Any) -> dict[str, Any]:
    """A finished hand's equity by street and the hard AI's review (bots.holdem.analysis, read
    when asked: it reads the store); an imported hand's from the cards its history tells."""
    from bots.holdem import analysis, imported_analysis

    if match.origin == match.Origin.IMPORTED:
        events = analysis.hand_events(match, hand)
        return imported_analysis.imported_hand_analysis(match, hand, events)
    return analysis.hand_analysis(match, hand)


def record_owner(item: Event) -> int | None:
    """The seat a Hold'em event shows more to: the hole cards dealt to it
    (:func:`games.engine.holdem.view.visible_record` hides nothing else from one seat only)."""
    return item.seat if isinstance(item, ev.HoleCardsDealt) else None


BOTS = GameBots(
    factories={
        "easy": _easy,
        "medium": _medium,
        "hard": _hard,
        "random": _baseline("RandomBot"),
        "calling_station": _baseline("CallingStation"),
        "maniac": _baseline("Maniac"),
        "equity": _baseline("EquityBot"),
        # Sparring partners (bots.holdem.sparring): stronger baselines that test the levels.
        "aggressor": _sparring("Aggressor"),
        "nash": _sparring("NashPusher"),
        "reg": _sparring("Regular"),
        "exploiter": _sparring("Exploiter"),
    },
    persona=persona_for_seat,
    recent_hands=25,  # enough hands to read a maniac or a calling station
    warm_up=_warm_up,
    analysis=_analysis,
    record_owner=record_owner,
)
"""Hold'em's bots, as ``games.engine.holdem.HOLDEM.bots_package`` names this package."""
