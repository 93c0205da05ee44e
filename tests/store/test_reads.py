"""The hot reads (:func:`games.selectors.match_get`, the events after a seq, where the recent
events start) run fixed statements instead of compiling ORM queries: they must read exactly
what the ORM reads, with and without a snapshot, locked or not, and find no one else's match."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import transaction

from games import selectors
from games.errors import MatchNotFound
from games.models import Event as EventRow
from games.models import HandSummary, Match, Player, Snapshot
from tests.store.conftest import House, calling_station

FIELDS = [field.attname for field in Match._meta.concrete_fields]


def values(match: Match) -> list[object]:
    return [getattr(match, name) for name in FIELDS]


def test_a_match_read_is_the_orm_s_with_its_snapshot(house: House, player: Player) -> None:
    house.play_hands(2, calling_station)
    expected = Match.objects.select_related("snapshot").get(pk=house.match().pk)
    read = selectors.match_get(match_id=str(house.match().pk), player=player, snapshot=True)
    assert values(read) == values(expected)
    snapshot = Snapshot.objects.get(match=expected)
    assert (read.snapshot.pk, read.snapshot.seq, read.snapshot.engine_version) == (
        snapshot.pk,
        snapshot.seq,
        snapshot.engine_version,
    )
    assert bytes(read.snapshot.state) == bytes(snapshot.state)
    assert selectors.match_state(read) == selectors.folded_from_events(expected)


def test_a_match_without_a_snapshot_reads_as_none(new_match: Callable[[], Match]) -> None:
    match = new_match()
    Snapshot.objects.filter(match=match).delete()
    read = selectors.match_get(match_id=match.pk, snapshot=True)
    assert getattr(read, "snapshot", None) is None
    assert values(read) == values(Match.objects.get(pk=match.pk))


def test_a_snapshot_is_read_unless_the_row_is_at_the_key_given(
    house: House, player: Player
) -> None:
    house.play_hands(2, calling_station)
    match = Match.objects.get(pk=house.match().pk)
    snapshot = Snapshot.objects.get(match=match)
    later = match.updated_at + timedelta(microseconds=1)  # the row saved again since
    elsewhere = [(match.seq - 1, match.updated_at), (match.seq, None), (match.seq, later)]
    for key, read_it in [((match.seq, match.updated_at), False), *((k, True) for k in elsewhere)]:
        for lock in (False, True):
            with transaction.atomic():
                read = selectors.match_get(
                    match_id=match.pk, player=player, lock=lock, snapshot=True,
                    snapshot_unless_at=key,
                )  # fmt: skip
            assert values(read) == values(match)
            found = getattr(read, "snapshot", None)
            assert (found is not None and found.pk == snapshot.pk) is read_it, (key, lock)


def test_a_locked_read_is_the_orm_s(house: House, player: Player) -> None:
    with transaction.atomic():
        read = selectors.match_get(match_id=house.match().pk, player=player, lock=True)
    assert values(read) == values(Match.objects.get(pk=house.match().pk))


UNKNOWN = "6f1c1a52-58a5-4e0b-9d25-1f3c1e0f4b7a"


@pytest.mark.parametrize("match_id", ["not-a-uuid", "", None, UNKNOWN])
def test_a_malformed_or_unknown_id_is_not_found(house: House, match_id: object) -> None:
    for lock in (False, True):
        with pytest.raises(MatchNotFound):
            selectors.match_get(match_id=match_id, lock=lock, snapshot=not lock)


def test_another_player_s_match_is_not_found(house: House) -> None:
    stranger = Player.objects.create(display_name="stranger")
    with pytest.raises(MatchNotFound):
        selectors.match_get(match_id=house.match().pk, player=stranger, snapshot=True)


def test_events_after_a_seq_and_up_to_one_are_the_orm_s(house: House) -> None:
    house.play_hands(2, calling_station)
    match = house.match()
    rows = EventRow.objects.filter(match=match).order_by("seq")
    for after, upto in ((0, None), (5, None), (5, 12), (match.seq, None), (3, 3)):
        expected = rows.filter(seq__gt=after)
        if upto is not None:
            expected = expected.filter(seq__lte=upto)
        read = selectors.stored_events(match, after=after, upto=upto)
        assert [seq for seq, _ in read] == [row.seq for row in expected]
    feed = selectors.visible_feed(match, viewer=0, after=4)
    assert [item["seq"] for item in feed] == list(
        rows.filter(seq__gt=4).values_list("seq", flat=True)
    )


def orm_recent_seq(match: Match) -> int:
    firsts = list(
        HandSummary.objects.filter(match=match, first_seq__lte=match.seq)
        .order_by("-hand_number")
        .values_list("first_seq", flat=True)[:2]
    )
    return firsts[-1] if firsts else match.seq + 1


def test_recent_seq_is_the_orm_s_hand_after_hand(house: House) -> None:
    seen = {selectors.recent_seq(house.match())}
    assert selectors.recent_seq(house.match()) == orm_recent_seq(house.match())
    for _ in range(3):
        house.play_hands(1, calling_station)
        match = house.match()
        assert selectors.recent_seq(match) == orm_recent_seq(match)
        seen.add(selectors.recent_seq(match))
    assert len(seen) >= 3  # it moved on with the hands
