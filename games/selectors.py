"""Reads of the event store: a match's events, its folded state, and what a viewer may see."""

from __future__ import annotations

import pickle
from typing import Any

from games.engine.events import Event, from_record
from games.errors import MatchNotFound
from games.models import Event as EventRow
from games.models import Match, Player
from games.rulesets import ruleset_for


def match_for_player(*, match_id: Any, player: Player | None) -> Match:
    """The player's own match; anyone else's (or none) is simply not found."""
    if player is None:
        raise MatchNotFound()
    try:
        return Match.objects.get(id=match_id, owner=player)
    except (Match.DoesNotExist, ValueError, TypeError) as missing:
        raise MatchNotFound() from missing
    except Exception as invalid:  # a malformed UUID raises ValidationError
        if invalid.__class__.__name__ == "ValidationError":
            raise MatchNotFound() from invalid
        raise


def stored_events(
    match: Match, *, after: int = 0, upto: int | None = None
) -> list[tuple[int, Event]]:
    rows = EventRow.objects.filter(match=match, seq__gt=after).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    return [
        (row.seq, from_record(row.type, row.version, row.payload))
        for row in rows.only("seq", "type", "version", "payload")
    ]


def match_state(match: Match) -> Any:
    """The folded state at ``match.seq`` exactly: the snapshot plus the events after it, up to
    ``match.seq`` — never a later move committed since ``match`` was read."""
    rules = ruleset_for(match.game)
    snapshot = getattr(match, "snapshot", None) if match.pk else None
    state = None
    after = 0
    if (
        snapshot is not None
        and snapshot.engine_version == rules.engine_version
        and snapshot.seq <= match.seq
    ):
        state = pickle.loads(bytes(snapshot.state))  # written only by this server, see services
        after = snapshot.seq
    if state is None:
        state = rules.new_state()
    for _, item in stored_events(match, after=after, upto=match.seq):
        rules.apply(state, item)
    return state


def folded_from_events(match: Match) -> Any:
    """The state folded from every stored event, ignoring snapshots (for checks and audits)."""
    rules = ruleset_for(match.game)
    state = rules.new_state()
    for _, item in stored_events(match):
        rules.apply(state, item)
    return state


def visible_feed(match: Match, *, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
    """The events after ``after`` as ``viewer`` may see them, each with its seq and time."""
    rules = ruleset_for(match.game)
    rows = EventRow.objects.filter(match=match, seq__gt=after).order_by("seq")
    feed = []
    for row in rows:
        record = rules.visible_record(from_record(row.type, row.version, row.payload), viewer)
        feed.append({"seq": row.seq, "created_at": row.created_at.isoformat(), **record})
    return feed


def hand_events(match: Match, hand_number: int) -> list[EventRow]:
    return list(EventRow.objects.filter(match=match, hand_number=hand_number).order_by("seq"))


def shuffle_proofs(match: Match) -> list[dict[str, Any]]:
    """Every Up & Down shuffle of the match: its commitment, and once revealed its seed and the
    pile it shuffled — enough for anyone to recompute the shoe and check the commitment."""
    from games.engine.updown import events as updown_events

    proofs: dict[int, dict[str, Any]] = {}
    for _, item in stored_events(match, upto=match.seq):
        if isinstance(item, updown_events.ShoeShuffled):
            proofs[item.shuffle] = {
                "shuffle": item.shuffle,
                "commitment": item.commitment,
                "seed": None,
                "pile": None,
            }
        elif isinstance(item, updown_events.ShuffleRevealed) and item.shuffle in proofs:
            proofs[item.shuffle].update(seed=item.seed, pile=list(item.pile))
    return [proofs[number] for number in sorted(proofs)]
