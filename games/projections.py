"""Read models built from events: the hand list of a match (``HandSummary``).

The projector is the only writer of these tables; ``manage.py rebuild_projections`` empties them
and projects every stored event again, so they can always be thrown away and rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.events import Event
from games.engine.holdem import events as ev
from games.models import HandSummary, Match


def project(match: Match, numbered_events: Iterable[tuple[int, Event]]) -> None:
    """Update the read models of ``match`` with events given as ``(seq, event)`` in order."""
    current = HandSummary.objects.filter(match=match).order_by("-hand_number").first()
    segment = current.segment if current else 0
    dirty = False
    for seq, item in numbered_events:
        if isinstance(item, ev.MatchRestarted):
            segment = item.segment
            continue
        if isinstance(item, ev.HandStarted):
            if current is not None and dirty:
                current.save()
            current = HandSummary(
                match=match,
                hand_number=item.hand_number,
                segment=segment,
                first_seq=seq,
                last_seq=seq,
                button=item.button,
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
        elif isinstance(item, ev.PotAwarded):
            current.pot_total += item.amount
            current.winners = sorted({*current.winners, *item.winners})
        elif isinstance(item, ev.HandEnded):
            current.finished = True
        elif isinstance(item, ev.HandAbandoned):
            current.abandoned = True
    if current is not None and dirty:
        current.save()
