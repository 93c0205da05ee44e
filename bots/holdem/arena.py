"""Engine-only matches: bots play Cardavia's table with no database, for large samples.

The same bots, views and visible histories as through the services (``manage.py simulate``),
folded by the pure engine instead of stored — about a hundred times faster, which is what makes
thousands of matches affordable. Hands are dealt from seeds derived from a deal seed, so the same
deal seed with the seats rotated replays the same cards to different players ("duplicate" deals).

>>> from bots.holdem.baselines import CallingStation, Maniac
>>> result = play_match([Maniac(), CallingStation(), Maniac(), CallingStation()], deal_seed="doc")
>>> result.places.count(1), sum(result.net), result.finished
(1, 0, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bots.policies import Bot, Record
from games.engine.holdem import events as ev
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import BETWEEN_HANDS, MATCH_OVER, HoldemState
from games.engine.holdem.view import view, visible_record

# How many earlier hands a bot sees besides the one in play (as ``bots.tasks`` gives it).
RECENT_HANDS = 25
MAX_HANDS = 2_000


@dataclass(frozen=True, slots=True)
class MatchResult:
    places: list[int]  # per seat: 1 for the winner
    net: list[int]  # per seat: chips won (+) or lost (-)
    hands: int
    finished: bool  # False when MAX_HANDS ran out first (places then follow the stacks)


def hand_seed(deal_seed: str, hand_number: int) -> bytes:
    return hashlib.sha256(f"{deal_seed}:{hand_number}".encode()).digest()


class _Histories:
    """Each seat's visible records of the recent hands; records are shared where identical."""

    def __init__(self, seats: int, recent_hands: int) -> None:
        self.records: list[list[Record]] = [[] for _ in range(seats)]
        self.hand_starts: list[int] = []
        self.recent_hands = recent_hands

    def add(self, item: ev.Event) -> None:
        if isinstance(item, ev.HandStarted):
            self.hand_starts.append(len(self.records[0]))
            if len(self.hand_starts) > self.recent_hands + 1:
                cut = self.hand_starts[1]
                self.records = [records[cut:] for records in self.records]
                self.hand_starts = [start - cut for start in self.hand_starts[1:]]
        if isinstance(item, ev.HoleCardsDealt):
            hidden = visible_record(item, None)
            for seat, records in enumerate(self.records):
                records.append(visible_record(item, seat) if seat == item.seat else hidden)
            return
        record = visible_record(item, None)
        for records in self.records:
            records.append(record)


def play_match(
    bots: Sequence[Bot],
    *,
    deal_seed: str,
    bot_seed: str | None = None,
    recent_hands: int = RECENT_HANDS,
    max_hands: int = MAX_HANDS,
    table: StartMatch = CARDAVIA_TABLE,
) -> MatchResult:
    """Play one match among ``bots``, seat by seat: Cardavia's table (RULES.md §1.1) unless
    ``table`` sets another (other stacks, heads-up)."""
    seats = len(table.stacks)
    if len(bots) != seats:
        raise ValueError(f"the table has {seats} seats, got {len(bots)} bots")
    rngs = [random.Random(f"{bot_seed or deal_seed}:{seat}") for seat in range(seats)]
    histories = _Histories(seats, recent_hands)
    state, events = advance(HoldemState(), table)
    for item in events:
        histories.add(item)
    while state.phase != MATCH_OVER:
        if state.phase == BETWEEN_HANDS:
            if state.hand_number >= max_hands:
                break
            command: object = StartHand(seed=hand_seed(deal_seed, state.hand_number + 1))
        else:
            seat = state.to_act
            assert seat is not None
            kind, amount = bots[seat].act(view(state, seat), histories.records[seat], rngs[seat])
            command = Act(seat, kind, amount)
        state, events = advance(state, command)  # type: ignore[arg-type]
        for item in events:
            histories.add(item)
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
