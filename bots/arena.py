"""Engine-only matches for any game: bots play a whole match with no database.

The same bots, views and visible histories (:mod:`bots.history`) as through the services,
folded by the pure engine instead of stored, and moved on by the same match driver
(:func:`games.engine.match.advance_match`) — which is what makes thousands of matches
affordable and still the matches the live game plays. Hand ``n`` is dealt from
``numbered_seed(deal_seed, n)``, and a bot's random source for a turn is seeded by the bot
seed and the turn's place in the match (its seq), as :func:`bots.services.ai_command_choose`
seeds it; so ``manage.py simulate --seed`` plays exactly the matches an arena plays with the
same seeds (a test holds the two to it). Each game's arena (:mod:`bots.holdem.arena`,
:mod:`bots.updown.arena`) turns the final state into its results.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bots.history import RecentHands
from bots.seeds import numbered_seed
from games.engine.events import Event
from games.engine.game import ActionRequest, Game
from games.engine.match import advance_match

View = dict[str, Any]
Record = dict[str, Any]
Answer = tuple[str, int | str | None]
"""A bot's answer: ``(kind, amount)``, or Up & Down's ``("lock", card)``."""

Observer = Callable[[int, View, list[Record], Answer], None]


class Player(Protocol):
    """What an arena needs of a bot (the :class:`bots.policies.Bot` contract)."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Answer: ...


def request(kind: str, answer: int | str | None) -> ActionRequest:
    """A bot's answer as the request a client would send.

    >>> request("lock", "As1")
    ActionRequest(kind='lock', amount=None, card='As1')
    >>> request("raise", 60)
    ActionRequest(kind='raise', amount=60, card=None)
    """
    if isinstance(answer, str):
        return ActionRequest(kind, card=answer)
    return ActionRequest(kind, answer)


def play[S, C](
    game: Game[S, C],
    start: C,
    bots: Sequence[Player],
    *,
    deal_seed: str,
    bot_seed: str | None,
    recent_hands: int,
    max_hands: int,
    owner: Callable[[Event], int | None],
    observe: Observer | None = None,
    on_events: Callable[[Sequence[Event]], None] | None = None,
) -> tuple[S, int]:
    """Play one match of ``game`` from the command ``start``, ``bots[k]`` in seat ``k``, until
    it is over or ``max_hands`` hands have been dealt; the final state and the hands dealt.

    ``owner(event)`` is the one seat an event shows more to (its own cards), or None.
    ``observe(seat, view, history, answer)``, if given, sees every decision, and
    ``on_events(events)`` every batch of events as it is folded, hidden cards and all (a bench's
    instrument: the bots never see them), each batch before the decision that follows it.
    """
    histories = RecentHands(len(bots), recent_hands, game.visible_record, owner)
    dealt = 0  # hands dealt: the number of the last one, as an arena never restarts
    seq = 0  # events so far: the seq of the last one, as the event store numbers it

    def next_seed(state: S) -> bytes:
        nonlocal dealt
        dealt += 1
        return numbered_seed(deal_seed, dealt)

    def deals_on(state: S) -> bool:
        return dealt < max_hands

    def advance(state: S, command: C) -> S:
        nonlocal seq
        state, events = advance_match(game, state, [command], seed=next_seed, deals_on=deals_on)
        for item in events:
            histories.add(item, opens_hand=game.hand_opened_by(item) is not None)
        if on_events is not None:
            on_events(events)
        seq += len(events)
        return state

    state = advance(game.new_state(), start)
    while (seat := game.to_act(state)) is not None:
        seat_view = game.view(state, seat)
        history = histories.seen(seat)
        rng = random.Random(f"{bot_seed or deal_seed}:{seq}")
        answer = bots[seat].act(seat_view, history, rng)
        if observe is not None:
            observe(seat, seat_view, history, answer)
        state = advance(state, game.command(seat, request(*answer)))
    return state, dealt
