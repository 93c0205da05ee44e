"""Engine-only matches: bots play Cardavia's table with no database, for large samples.

The same bots, views and visible histories (:mod:`bots.history`) as through the services,
folded by the pure engine instead of stored — about a hundred times faster, which is what makes
thousands of matches affordable. Hands are dealt from seeds derived from a deal seed, so the same
deal seed with the seats rotated replays the same cards to different players ("duplicate" deals).
A bot's random source for a turn is seeded by the bot seed and the turn's place in the match (its
seq), as :func:`bots.services.ai_command_choose` seeds it; so ``manage.py simulate --seed``
plays exactly the matches this module plays with the same seeds (a test holds the two to it).

>>> from bots.holdem.baselines import CallingStation, Maniac
>>> result = play_match([Maniac(), CallingStation(), Maniac(), CallingStation()], deal_seed="doc")
>>> result.places.count(1), sum(result.net), result.finished
(1, 0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bots import registry
from bots.history import RecentHands
from bots.policies import Bot
from bots.seeds import numbered_seed
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import BETWEEN_HANDS, MATCH_OVER, HoldemState
from games.engine.holdem.view import view, visible_record

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
) -> MatchResult:
    """Play one match among ``bots``, seat by seat: Cardavia's table
    (docs/rules.md#holdem-match) unless ``table`` sets another (other stacks, heads-up). Bots see
    the recent hands the live game shows them (:func:`bots.registry.recent_hands`) unless
    ``recent_hands`` says otherwise."""
    if recent_hands is None:
        recent_hands = registry.recent_hands("holdem")
    seats = len(table.stacks)
    if len(bots) != seats:
        raise ValueError(f"the table has {seats} seats, got {len(bots)} bots")
    histories = RecentHands(seats, recent_hands, visible_record, _owner)
    state, events = advance(HoldemState(), table)
    seq = _record(histories, events, 0)
    while state.phase != MATCH_OVER:
        if state.phase == BETWEEN_HANDS:
            if state.hand_number >= max_hands:
                break
            command: object = StartHand(seed=numbered_seed(deal_seed, state.hand_number + 1))
        else:
            seat = state.to_act
            assert seat is not None
            rng = random.Random(f"{bot_seed or deal_seed}:{seq}")
            kind, amount = bots[seat].act(view(state, seat), histories.seen(seat), rng)
            command = Act(seat, kind, amount)
        state, events = advance(state, command)  # type: ignore[arg-type]
        seq = _record(histories, events, seq)
    return _result(state)


def _record(histories: RecentHands, events: list[Event], seq: int) -> int:
    """Show the events to every seat; the seq of the last one, as the event store numbers it."""
    for item in events:
        histories.add(item, opens_hand=isinstance(item, ev.HandStarted))
    return seq + len(events)


def _owner(item: Event) -> int | None:
    return item.seat if isinstance(item, ev.HoleCardsDealt) else None


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
