"""Read models built from events: the hand (or deal) list of a match (``HandSummary``), and
the owner's statistics line of each finished hand (:mod:`games.stats`).

A hand's events follow the store's one rule (``games.services._store``): from the event that
opens it to the last one before the next hand's opening or the next segment's start — so its
eliminations and the end of the match are its own, and ``last_seq`` is the last seq its replay
shows. Each game summarises a hand from those events (``Game.summarize_hand``: neutral fields,
and what only that game has in ``detail``); the projector stores that, game-blind.

The projector is the only writer of these tables; ``manage.py rebuild_projections`` empties them
and projects every stored event again, so they can always be thrown away and rebuilt.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from django.db import transaction

from games.engine.events import Event, from_record
from games.models import Event as EventRow
from games.models import HandSummary, Match
from games.registry import AnyGame, game_for
from games.stats import project_hand


def project(match: Match, numbered_events: Iterable[tuple[int, Event]]) -> None:
    """Update the read models of ``match`` with events given as ``(seq, event)`` in order (the
    next ones after those already projected)."""
    game = game_for(match.game)
    numbered = list(numbered_events)
    if not numbered:
        return
    current = HandSummary.objects.filter(match=match).order_by("-hand_number").first()
    segment = current.segment if current else 0
    hand: list[tuple[int, Event]] | None = None
    if current is not None and current.last_seq == numbered[0][0] - 1:
        # Still open: the new events may join it (they are stored already: read those before).
        hand = _open_hand(match, current.hand_number, before=numbered[0][0])
    for seq, item in numbered:
        opened = game.hand_opened_by(item)
        if game.starts_segment(item) or opened is not None:
            if current is not None and hand is not None:
                _save(game, current, hand)
            hand = None
            if opened is None:
                segment = getattr(item, "segment", segment)
                continue
            current = HandSummary(match=match, hand_number=opened, segment=segment)
            hand = []
        if hand is not None:
            hand.append((seq, item))
    if current is not None and hand is not None:
        _save(game, current, hand)
        _remember_on_commit(str(match.pk), current.hand_number, hand)


# The open hand of recently appended matches, as last committed: most appends continue the hand
# of the append before, and committed events never change, so they need not be read back.
_OPEN_HANDS: OrderedDict[str, tuple[int, tuple[tuple[int, Event], ...]]] = OrderedDict()
_OPEN_HANDS_KEPT = 1024


def _open_hand(match: Match, hand_number: int, *, before: int) -> list[tuple[int, Event]]:
    remembered = _OPEN_HANDS.get(str(match.pk))
    if remembered is not None:
        number, events = remembered
        if number == hand_number and events and events[-1][0] == before - 1:
            return list(events)
    return _stored_hand(match, hand_number, before=before)


def _remember_on_commit(match_id: str, hand_number: int, hand: list[tuple[int, Event]]) -> None:
    events = tuple(hand)

    def remember() -> None:
        _OPEN_HANDS[match_id] = (hand_number, events)
        _OPEN_HANDS.move_to_end(match_id)
        while len(_OPEN_HANDS) > _OPEN_HANDS_KEPT:
            _OPEN_HANDS.popitem(last=False)

    # Only once committed: a rolled-back append must never be taken for the match's history.
    transaction.on_commit(remember)


def _stored_hand(match: Match, hand_number: int, *, before: int) -> list[tuple[int, Event]]:
    rows = EventRow.objects.filter(match=match, hand_number=hand_number, seq__lt=before)
    rows = rows.order_by("seq")
    return [
        (seq, from_record(kind, version, payload))
        for seq, kind, version, payload in rows.values_list("seq", "type", "version", "payload")
    ]


def _save(game: AnyGame, row: HandSummary, hand: list[tuple[int, Event]]) -> None:
    summary = game.summarize_hand(hand)
    row.first_seq = summary.first_seq
    row.last_seq = summary.last_seq
    row.pot_total = summary.pot_total
    row.winners = list(summary.winners)
    row.showdown = summary.showdown
    row.finished = summary.finished
    row.abandoned = summary.abandoned
    row.detail = summary.detail
    row.save()
    if summary.finished:
        # The player's statistics (games.stats) follow each hand as it ends.
        project_hand(row, hand)
