"""Read models built from events: the hand (or deal) list of a match (``HandSummary``).

The projector is the only writer of these tables; ``manage.py rebuild_projections`` empties them
and projects every stored event again, so they can always be thrown away and rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.updown import events as ud
from games.models import HandSummary, Match

SEGMENT_STARTS = (ev.MatchRestarted, ud.MatchRestarted)
POT_AWARDS = (ev.PotAwarded, ud.PotAwarded)
HAND_ENDS = (ev.HandEnded, ud.DealEnded)
HAND_ABANDONMENTS = (ev.HandAbandoned, ud.DealAbandoned)


def _opened_hand(item: Event) -> tuple[int, int | None] | None:
    """(hand number, button or starter) when ``item`` starts a Hold'em hand or an Up & Down deal."""
    if isinstance(item, ev.HandStarted):
        return item.hand_number, item.button
    if isinstance(item, ud.DealStarted):
        return item.deal_number, item.starter
    return None


def project(match: Match, numbered_events: Iterable[tuple[int, Event]]) -> None:
    """Update the read models of ``match`` with events given as ``(seq, event)`` in order."""
    current = HandSummary.objects.filter(match=match).order_by("-hand_number").first()
    segment = current.segment if current else 0
    dirty = False
    for seq, item in numbered_events:
        if isinstance(item, SEGMENT_STARTS):
            segment = item.segment
            continue
        opened = _opened_hand(item)
        if opened is not None:
            if current is not None and dirty:
                current.save()
            current = HandSummary(
                match=match,
                hand_number=opened[0],
                segment=segment,
                first_seq=seq,
                last_seq=seq,
                button=opened[1],
            )
            dirty = True
            continue
        if current is None or current.finished or current.abandoned:
            continue
        current.last_seq = seq
        dirty = True
        if isinstance(item, ev.BoardDealt):
            current.board = [*current.board, *item.cards]
        elif isinstance(item, ev.HandShown):
            current.showdown = True
        elif isinstance(item, ud.LockedCardsRevealed):
            # Up & Down's "board" is the two locked cards, shown at every reveal.
            current.board = list(item.cards)
        elif isinstance(item, POT_AWARDS):
            current.pot_total += item.amount
            current.winners = sorted({*current.winners, *item.winners})
            if isinstance(item, ud.PotAwarded):
                current.showdown = item.outcome != "fold"
        elif isinstance(item, HAND_ENDS):
            current.finished = True
        elif isinstance(item, HAND_ABANDONMENTS):
            current.abandoned = True
    if current is not None and dirty:
        current.save()
