"""Read models: the hand list of a match (pot total, winners, showdown...) is projected from the
events as they are appended, and can be thrown away and rebuilt from the events alone."""

from __future__ import annotations

import io
from typing import Any

from django.core.management import call_command

from games.engine.holdem import events as ev
from games.models import HandSummary
from games.selectors import stored_events
from tests.store.conftest import calling_station, heads_up_shoves


def raise_then_fold(view: dict[str, Any]) -> tuple[str, int | None]:
    """The first player raises to 40; everyone else folds: the raise comes back uncalled."""
    legal = view["legal_actions"]
    if legal["can_raise"] and legal["min_raise_to"] == 40:
        return "raise", 40
    return ("fold", None) if legal["can_fold"] else ("check", None)


def mixed(view: dict[str, Any]) -> tuple[str, int | None]:
    """Showdowns, uncontested pots and all-ins, by hand number."""
    policy = (calling_station, raise_then_fold, heads_up_shoves)[view["hand_number"] % 3]
    return policy(view)


def summaries(match_id: Any) -> list[dict[str, Any]]:
    return list(
        HandSummary.objects.filter(match_id=match_id)
        .order_by("hand_number")
        .values(*HandSummary.VALUE_FIELDS)
    )


def expected_summaries(match: Any) -> list[dict[str, Any]]:
    """The hand list worked out here from the stored events, independently of the projector.

    A hand's events run from its start to the next hand's start or the next restart: what it
    caused after its end (eliminations, the end of the match) is its own."""
    hands: list[dict[str, Any]] = []
    segment = 0
    open_hand = False
    for seq, item in stored_events(match):
        if isinstance(item, ev.MatchRestarted):
            segment = item.segment
            open_hand = False
        elif isinstance(item, ev.HandStarted):
            open_hand = True
            hands.append(
                {
                    "hand_number": item.hand_number,
                    "segment": segment,
                    "first_seq": seq,
                    "last_seq": seq,
                    "pot_total": 0,
                    "winners": [],
                    "showdown": False,
                    "finished": False,
                    "abandoned": False,
                    "detail": {"button": item.button, "board": [], "all_in": False},
                }
            )
            dealt: set[int] = set()
            paid: dict[int, int] = {}
        elif open_hand:
            hand = hands[-1]
            hand["last_seq"] = seq
            if isinstance(item, ev.BoardDealt):
                hand["detail"]["board"] += list(item.cards)
            elif isinstance(item, ev.HandShown):
                hand["showdown"] = True
            elif isinstance(item, ev.HoleCardsDealt):
                dealt.add(item.seat)
            elif isinstance(item, ev.PotAwarded):
                hand["pot_total"] += item.amount
                hand["winners"] = sorted({*hand["winners"], *item.winners})
                for winner, share in zip(item.winners, item.shares, strict=True):
                    paid[winner] = paid.get(winner, 0) + share
            elif isinstance(item, ev.HandEnded):
                hand["finished"] = True
                # Someone dealt in had nothing behind: all they hold now, the pots paid them.
                hand["detail"]["all_in"] = any(
                    item.stacks[seat] == paid.get(seat, 0) for seat in dealt
                )
            elif isinstance(item, ev.HandAbandoned):
                hand["abandoned"] = True
    return hands


def test_the_hand_list_is_projected_as_events_are_appended(house, fixed_seeds):
    house.play_hands(12, mixed)
    rows = summaries(house.match_id)
    assert rows == expected_summaries(house.match())
    finished = [row for row in rows if row["finished"]]
    assert len(finished) >= 12
    assert any(row["showdown"] for row in finished)
    assert any(not row["showdown"] for row in finished)
    assert all(row["pot_total"] > 0 and row["winners"] for row in finished)
    assert not rows[-1]["finished"]  # the hand in play is listed too


def test_an_abandoned_hand_and_the_new_segment_are_projected(house, fixed_seeds):
    house.play_hands(2, calling_station)
    house.step(calling_station)
    house.restart()
    house.play_hands(2, calling_station)
    rows = summaries(house.match_id)
    assert rows == expected_summaries(house.match())
    abandoned = [row for row in rows if row["abandoned"]]
    assert len(abandoned) == 1
    assert abandoned[0]["pot_total"] == 0 and abandoned[0]["winners"] == []
    assert {row["segment"] for row in rows} == {0, 1}
    assert all(
        row["segment"] == 1 for row in rows if row["hand_number"] > abandoned[0]["hand_number"]
    )


def test_a_hand_owns_the_events_it_caused_after_its_end(house, fixed_seeds):
    """Everyone shoves until the match ends: the eliminations and the end of the match belong to
    the hand that caused them, so its last_seq is the match's last event."""
    for _ in range(500):
        if house.match().status != "active":
            break
        if house.state().to_act is not None:
            house.step(heads_up_shoves)
        else:
            house.watch()
    rows = summaries(house.match_id)
    assert rows == expected_summaries(house.match())
    kinds = {seq: type(item) for seq, item in stored_events(house.match())}
    last = rows[-1]
    assert last["last_seq"] == house.match().seq and kinds[last["last_seq"]] is ev.MatchEnded
    in_last = range(last["first_seq"], last["last_seq"] + 1)
    assert any(kinds[seq] is ev.PlayerEliminated for seq in in_last)
    # Every seq from the first hand on belongs to exactly one hand.
    covered = [seq for row in rows for seq in range(row["first_seq"], row["last_seq"] + 1)]
    assert covered == list(range(rows[0]["first_seq"], house.match().seq + 1))


def test_the_pot_total_is_what_the_pots_awarded(house, fixed_seeds):
    house.play_hands(9, mixed)
    awarded: dict[int, int] = {}
    hand = 0
    for _, item in stored_events(house.match()):
        if isinstance(item, ev.HandStarted):
            hand = item.hand_number
        elif isinstance(item, ev.PotAwarded):
            awarded[hand] = awarded.get(hand, 0) + item.amount
    for row in summaries(house.match_id):
        assert row["pot_total"] == awarded.get(row["hand_number"], 0)


def test_rebuilding_the_read_models_from_events_gives_the_same_rows(
    house, make_house, new_match, fixed_seeds
):
    house.play_hands(8, mixed)
    house.step(mixed)
    house.restart()
    house.play_hands(3, mixed)
    other = make_house(new_match())
    other.play_hands(4, mixed)
    before = {house.match_id: summaries(house.match_id), other.match_id: summaries(other.match_id)}

    HandSummary.objects.filter(match_id=house.match_id).update(pot_total=0, winners=[])  # damaged
    HandSummary.objects.filter(match_id=other.match_id).delete()  # lost
    out = io.StringIO()
    call_command("rebuild_projections", stdout=out)

    after = {house.match_id: summaries(house.match_id), other.match_id: summaries(other.match_id)}
    assert after == before
    assert "rebuilt" in out.getvalue()
    # And the projection goes on from the rebuilt rows.
    house.refresh()
    house.play_hands(2, mixed)
    assert summaries(house.match_id) == expected_summaries(house.match())
