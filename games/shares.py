"""Shared hands: a finished hand its owner opens to anyone holding an unguessable link.

The writes (share, revoke) and the reads (the owner's links, a link's hand) of
:class:`games.models.SharedHand`. A shared hand is shown exactly as its owner's replay showed it
when the hand ended: the owner's seat's view of each event, the proof as it stood then (a seed
revealed later, e.g. an Up & Down shoe's, is not given), and the table as the owner saw it at the
hand's last event — never the match as it is now.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import hooks, imports, selectors
from games.engine.errors import ErrorCode
from games.engine.share_preview import SharePreview
from games.errors import HandNotFinished, HandNotFound, refusal
from games.models import HandSummary, Match, Player, SharedHand
from games.registry import game_for

# 32 bytes of the system's CSPRNG: 43 URL-safe characters, no guessing them.
TOKEN_BYTES = 32


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def owner_name(player: Player) -> str | None:
    """The name a link may be signed with: a registered player's username (a guest has none)."""
    return player.user.get_username() if player.user is not None else None


# --- the owner's writes -------------------------------------------------------------------


def hand_share(
    *, player: Player, match_id: Any, hand_number: int, show_owner_name: bool
) -> tuple[SharedHand, bool]:
    """The live link of the owner's finished hand, made now if it has none (``True`` then).
    Sharing a shared hand again keeps its link and takes the new name choice."""
    with transaction.atomic():
        match = selectors.match_get(match_id=match_id, player=player, lock=True)
        _closed_hand(match, hand_number)
        live = SharedHand.objects.filter(match=match, hand_number=hand_number, revoked_at=None)
        existing = live.first()
        if existing is not None:
            if existing.show_owner_name != show_owner_name:
                existing.show_owner_name = show_owner_name
                existing.save(update_fields=["show_owner_name"])
            return existing, False
        # The match row's lock serialises shares of its hands: no second live link races in.
        token = secrets.token_urlsafe(TOKEN_BYTES)
        shared = SharedHand.objects.create(
            token=token,
            digest=token_digest(token),
            owner=player,
            match=match,
            hand_number=hand_number,
            show_owner_name=show_owner_name,
        )
        return shared, True


def _closed_hand(match: Match, hand_number: int) -> HandSummary:
    hand = HandSummary.objects.filter(match=match, hand_number=hand_number).first()
    if hand is None:
        raise HandNotFound(hand_number)
    if not (hand.finished or hand.abandoned):
        raise HandNotFinished(hand_number)
    return hand


def share_revoke(*, player: Player, token: str) -> None:
    """The owner's live link stops working (404 from now on); anyone else's is not found."""
    revoked = SharedHand.objects.filter(
        digest=token_digest(token), owner=player, revoked_at=None
    ).update(revoked_at=timezone.now())
    if not revoked:
        raise refusal(ErrorCode.NOT_FOUND)


def shares_revoke(shares: Any) -> int:
    """Revoke every live link of ``shares`` (a queryset: the admin's action)."""
    return int(shares.filter(revoked_at=None).update(revoked_at=timezone.now()))


# --- reads ------------------------------------------------------------------------------------


def share_body(shared: SharedHand) -> dict[str, Any]:
    """A link as its owner's list shows it."""
    return {
        "token": shared.token,
        "match_id": str(shared.match_id),
        "game": shared.match.game,
        "hand_number": shared.hand_number,
        "show_owner_name": shared.show_owner_name,
        "created_at": shared.created_at.isoformat(),
    }


def player_shares(player: Player | None) -> list[dict[str, Any]]:
    """The player's live links, newest first."""
    if player is None:
        return []
    shares = SharedHand.objects.filter(owner=player, revoked_at=None).select_related("match")
    return [share_body(shared) for shared in shares]


def shared_hand_get(token: str) -> SharedHand:
    """The live link ``token``, or ``not_found`` — a revoked link and a wrong one alike.

    Looked up by the token's SHA-256: an index lookup by a digest the guesser cannot steer
    leaks nothing through its timing about how many characters a guess got right."""
    shared = (
        SharedHand.objects.filter(digest=token_digest(token), revoked_at=None)
        .select_related("match", "owner__user")
        .first()
    )
    if shared is None:
        raise refusal(ErrorCode.NOT_FOUND)
    return shared


@dataclass(frozen=True)
class SharedHandAtItsEnd:
    """A shared hand as its owner saw it when it ended."""

    replay: dict[str, Any]
    view: dict[str, Any]
    preview: SharePreview


def hand_at_its_end(shared: SharedHand) -> SharedHandAtItsEnd:
    match = shared.match
    if match.origin == Match.Origin.IMPORTED:
        return _imported_at_its_end(shared)
    game = game_for(match.game)
    replay = selectors.hand_replay(match, shared.hand_number, at_its_end=True)
    last_seq = replay["events"][-1]["seq"]
    state = selectors.folded_from_events(match, upto=last_seq)
    seat = game.human_seat
    rows = selectors.hand_events(match, shared.hand_number)
    records = [{"type": row.type, "payload": row.payload} for row in rows]
    return SharedHandAtItsEnd(
        replay=replay,
        view=dict(game.view(state, seat)),
        preview=game.share_preview(records, seat),
    )


def _imported_at_its_end(shared: SharedHand) -> SharedHandAtItsEnd:
    """An imported hand as its owner's replay shows it (every card its history tells, the
    others unknown), seen from the hero's seat (a spectator's view when the history names no
    hero). The owner's file (its name, the hand's line) stays theirs."""
    match = shared.match
    game = game_for(match.game)
    replay = imports.imported_replay(match, shared.hand_number)
    source = replay["source"]
    replay["source"] = {
        key: value for key, value in source.items() if key not in PRIVATE_SOURCE_KEYS
    }
    hero = source["hero"]
    state = selectors.folded_from_events(match, upto=replay["events"][-1]["seq"])
    records = [{"type": item["type"], "payload": item["payload"]} for item in replay["events"]]
    preview = game.share_preview(records, hero if hero is not None else -1)
    # A hand the history shows only in part is no face for the link's preview.
    hands = [cards for cards in preview["hands"] if cards and None not in cards]
    return SharedHandAtItsEnd(
        replay=replay,
        view=imports.told(dict(game.view(state, hero))),
        preview=SharePreview(hands=hands, ending=preview["ending"], pot=preview["pot"]),
    )


# What an imported hand's source tells its owner only: where the hand sits in their file.
PRIVATE_SOURCE_KEYS = frozenset({"file_name", "line"})


def shared_hand_body(shared: SharedHand) -> dict[str, Any]:
    """What the public endpoint answers: the replay, the table it is drawn on, who played it
    (the owner's seat named only if they chose so; an imported hand's players as its history
    names them) and the preview's facts."""
    match = shared.match
    at_end = hand_at_its_end(shared)
    name = owner_name(shared.owner) if shared.show_owner_name else None
    if match.origin == Match.Origin.IMPORTED:
        players = imports.imported_players(match)
    else:
        players = hooks.seat_personas(match.seats, match.game)
        human = game_for(match.game).human_seat
        players[human] = {**players[human], "name": name}
    return {
        "game": match.game,
        "hand_number": shared.hand_number,
        "owner": name,
        "players": players,
        "view": at_end.view,
        "replay": at_end.replay,
        "preview": dict(at_end.preview),
    }
