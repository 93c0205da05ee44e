"""Engine-only Hold'em matches: bots play Cardavia's table with no database, for large samples.

The match is played by :func:`bots.arena.play` (the same bots, views, visible histories and
match driver as through the services, about a hundred times faster). Hands are dealt from
seeds derived from a deal seed, so the same deal seed with the seats rotated replays the same
cards to different players ("duplicate" deals); ``manage.py simulate --seed`` plays exactly the
matches this module plays with the same seeds (a test holds the two to it).

>>> from bots.holdem.baselines import CallingStation, Maniac
>>> result = play_match([Maniac(), CallingStation(), Maniac(), CallingStation()], deal_seed="doc")
>>> result.places.count(1), sum(result.net), result.finished
(1, 0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bots import arena, registry
from bots.holdem import record_owner
from bots.policies import Bot
from games.engine.events import Event
from games.engine.holdem import HOLDEM
from games.engine.holdem.game import StartMatch
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import MATCH_OVER, HoldemState

MAX_HANDS = 2_000


@dataclass(frozen=True, slots=True)
class MatchResult:
    places: list[int]  # per seat: 1 for the winner
    net: list[int]  # per seat: chips won (+) or lost (-)
    hands: int
    finished: bool  # False when MAX_HANDS ran out first (places then follow the stacks)


def play_match(
    bots: Sequence[Bot],
    *,
    deal_seed: str,
    bot_seed: str | None = None,
    recent_hands: int | None = None,
    max_hands: int = MAX_HANDS,
    table: StartMatch = CARDAVIA_TABLE,
    observe: arena.Observer | None = None,
    on_events: Callable[[Sequence[Event]], None] | None = None,
) -> MatchResult:
    """Play one match among ``bots``, seat by seat: Cardavia's table
    (docs/rules.md#holdem-match) unless ``table`` sets another (other stacks, heads-up). Bots see
    the recent hands the live game shows them (:func:`bots.registry.recent_hands`) unless
    ``recent_hands`` says otherwise. ``observe`` and ``on_events`` are :func:`bots.arena.play`'s
    (every decision; every event with every seat's cards): for a bench, nothing plays through
    them."""
    if recent_hands is None:
        recent_hands = registry.recent_hands("holdem")
    seats = len(table.stacks)
    if len(bots) != seats:
        raise ValueError(f"the table has {seats} seats, got {len(bots)} bots")
    state, _ = arena.play(
        HOLDEM,
        table,
        bots,
        deal_seed=deal_seed,
        bot_seed=bot_seed,
        recent_hands=recent_hands,
        max_hands=max_hands,
        owner=record_owner,
        observe=observe,
        on_events=on_events,
    )
    return _result(state)


def _result(state: HoldemState) -> MatchResult:
    assert state.config is not None
    start = state.config.starting_stacks
    stacks = [seat.stack for seat in state.seats]
    places = dict(state.places)
    if state.phase != MATCH_OVER:
        standing = sorted(
            (seat for seat in range(len(stacks)) if seat not in places), key=lambda s: -stacks[s]
        )
        for place, seat in enumerate(standing, start=1):
            places[seat] = place
    return MatchResult(
        places=[places[seat] for seat in range(len(stacks))],
        net=[stack - first for stack, first in zip(stacks, start, strict=True)],
        hands=state.hand_number,
        finished=state.phase == MATCH_OVER,
    )
