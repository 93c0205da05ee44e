"""A finished Hold'em hand's analysis, as ``GET .../hands/{n}/analysis/`` serves it: equity by
street and the hard AI's review of the owner's decisions (:mod:`bots.holdem.coach`).

Hold'em's ``BOTS.analysis``: the Celery task ``bots.tasks.analyse_hand`` builds it
(:func:`bots.analysis.store_analysis`) into the ``HandAnalysis`` read model: derived data, never
an event. With the bots rather than in ``games`` because the review asks the hard AI.

Equity is computed with every card the hand's end revealed (its seed revealed the whole deck):
exactly where at most two board cards remain, from :data:`SAMPLES` random boards before the flop
(the figure says which). The random boards are drawn from a generator seeded by the match and the
hand, so the same hand always gets the same numbers.
"""

from __future__ import annotations

import copy
import hashlib
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from bots.holdem import coach
from bots.holdem.hard import HardBot
from bots.selectors import seat_history
from games.engine.events import Event, to_record
from games.engine.holdem.played_hand import played_hand
from games.engine.holdem.street_equity import equity_by_street as street_equities
from games.engine.holdem.street_equity import showdown_equity
from games.models import Event as EventRow
from games.models import HandSummary, Match
from games.registry import game_for
from games.selectors import match_state, stored_events

logger = logging.getLogger(__name__)

SAMPLES = 20_000  # Monte Carlo boards before the flop: a standard error of at most 0.0036

ACTIONS: Mapping[str, str] = {
    "holdem.folded": "fold",
    "holdem.checked": "check",
    "holdem.called": "call",
    "holdem.bet": "bet",
    "holdem.raised": "raise",
}


def hand_analysis(match: Match, hand: HandSummary) -> dict[str, Any]:
    """The analysis body of a finished Hold'em hand played here (the API's 200 answer)."""
    events = hand_events(match, hand)
    played = played_hand([to_record(item) for _, item in events])
    rng = np.random.default_rng(hand_seed(match, hand.hand_number))
    streets = [
        {
            "street": street.street,
            "method": "exact" if street.equity.exact else "monte_carlo",
            "samples": None if street.equity.exact else street.equity.boards,
            "equity": {str(seat): share for seat, share in street.equity.shares.items()},
        }
        for street in street_equities(played, samples=SAMPLES, rng=rng)
    ]
    holes = played.hole_cards
    seat = game_for(match.game).human_seat
    spots = decision_spots(
        match,
        hand,
        events,
        seat,
        lambda live, board: (_equity(seat, live, holes, board, rng), ()),
    )
    reviewed = coach.review_hand(spots, bot=HardBot(), seed=str(match.id))
    return {
        "status": "ready",
        "streets": streets,
        "decisions": reviewed,
        "costly": coach.costly(reviewed, played.big_blind),
    }


def hand_events(match: Match, hand: HandSummary) -> list[tuple[int, Event]]:
    """The hand's stored events with their seqs, in order."""
    rows = EventRow.objects.filter(match=match, hand_number=hand.hand_number)
    in_hand = set(rows.values_list("seq", flat=True))
    return [(seq, item) for seq, item in stored_events(match, upto=hand.last_seq) if seq in in_hand]


#: A hand's equity for the reviewed seat at a spot: the seats still in and the board then give
#: its pot share and the seats among them whose hands were dealt at random (none: all known).
SpotEquity = Callable[[frozenset[int], Sequence[str]], tuple[float, tuple[int, ...]]]


def decision_spots(
    match: Match,
    hand: HandSummary,
    hand_events: Sequence[tuple[int, Event]],
    seat: int,
    equity: SpotEquity,
) -> list[coach.Spot]:
    """Each action of ``seat``, with the view and history it had just before it."""
    game = game_for(match.game)
    before = copy.copy(match)
    before.seq = hand.first_seq - 1
    state = match_state(before)
    equities: dict[tuple[int, frozenset[int]], tuple[float, tuple[int, ...]]] = {}
    spots = []
    for seq, item in hand_events:
        kind = ACTIONS.get(item.TYPE)
        if kind is not None and getattr(item, "seat", None) == seat:
            at = copy.copy(match)
            at.seq = seq - 1
            view = game.view(state, seat)
            live = frozenset(
                index
                for index, other in enumerate(view["seats"])
                if other["in_hand"] and not other["folded"]
            )
            key = (len(view["board"]), live)
            if key not in equities:
                equities[key] = equity(live, view["board"])
            share, unseen = equities[key]
            spots.append(
                coach.Spot(
                    seq=seq,
                    street=view["street"] or "preflop",
                    view=view,
                    history=seat_history(at, seat),
                    yours=(kind, getattr(item, "to", None)),
                    equity=share,
                    unseen=unseen,
                )
            )
        game.apply(state, item)
    return spots


def _equity(
    seat: int,
    live: frozenset[int],
    holes: Mapping[int, Sequence[str]],
    board: Sequence[str],
    rng: np.random.Generator,
) -> float:
    """The seat's pot share at showdown against the other hands still in."""
    if len(live) < 2:
        return 1.0
    dead = [card for other, cards in holes.items() if other not in live for card in cards]
    shares = showdown_equity(
        {other: holes[other] for other in live}, board, dead, samples=SAMPLES, rng=rng
    )
    return shares.shares[seat]


def hand_seed(match: Match, hand_number: int) -> int:
    digest = hashlib.sha256(f"analysis:{match.id}:{hand_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
