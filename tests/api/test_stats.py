"""``GET /api/stats/``: the player's figures per game and level, from the read model the events
keep (games.stats), equal to the same figures computed from the events themselves, in a number
of queries that does not grow with the number of hands."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.holdem.hand_stats import hand_stat_line
from games.engine.updown.deal_stats import deal_stat_line
from games.models import Event, HandSummary, HoldemStatLine, Match, Player, UpDownStatLine
from tests.api.schema import SchemaChecker
from tests.api.test_schema import betting, play_to_the_end, shove, start_with_baselines


def _hands(match: Match) -> list[list[dict]]:
    """Each finished hand's records, straight from the event store."""
    finished = set(
        HandSummary.objects.filter(match=match, finished=True).values_list("hand_number", flat=True)
    )
    hands: dict[int, list[dict]] = {}
    for row in Event.objects.filter(match=match, hand_number__in=finished).order_by("seq"):
        hands.setdefault(row.hand_number, []).append({"type": row.type, "payload": row.payload})
    return list(hands.values())


def _expected_holdem(matches: list[Match]) -> dict:
    lines = [
        hand_stat_line(records, seat=0)
        for match in matches
        for records in _hands(match)
        if any(
            r["type"] == "holdem.hole_cards_dealt" and r["payload"]["seat"] == 0 for r in records
        )
    ]
    flop = [line for line in lines if line.saw_flop]
    shown = [line for line in lines if line.went_to_showdown]
    return {
        "hands": len(lines),
        "matches": len(matches),
        "vpip": sum(line.vpip for line in lines) / len(lines),
        "pfr": sum(line.pfr for line in lines) / len(lines),
        "went_to_showdown": len(shown) / len(flop) if flop else None,
        "won_at_showdown": sum(line.won_at_showdown for line in shown) / len(shown)
        if shown
        else None,
        "chips_per_100": 100 * sum(line.net for line in lines) / len(lines),
        "bb_per_100": 100 * sum(line.net / line.big_blind for line in lines) / len(lines),
    }


@pytest.mark.parametrize("game", ["holdem", "updown"])
def test_stats_equal_the_figures_of_the_events(make_client, reproducible, game):
    client = make_client()
    checker = SchemaChecker.fetch(client)
    assert client.get("/api/stats/").ok().body == {"holdem": [], "updown": []}
    client.post("/api/matches/", {"game": game, "level": "easy"}).ok()
    ids = [start_with_baselines(client, game, style) for style in (betting, shove)]
    for seed, match_id in enumerate(ids):
        play_to_the_end(client, match_id, random.Random(seed), (betting, shove)[seed])
    body = client.get("/api/stats/").ok().body
    checker.check_all(client)
    matches = [Match.objects.get(id=match_id) for match_id in ids]
    # The API's own start played no hand to its end? It may have: count it only if it did.
    started = Match.objects.exclude(id__in=ids).get(game=game)
    if _hands(started):
        matches.append(started)
    (entry,) = [e for e in body[game] if e["level"] == "medium"] or body[game]
    if game == "holdem":
        medium = [m for m in matches if m.level == entry["level"]]
        expected = _expected_holdem(medium)
        for key, value in expected.items():
            assert entry[key] == pytest.approx(value), key
        low, high = entry["ci95"]
        assert low <= entry["chips_per_100"] <= high
        low, high = entry["bb_ci95"]
        assert low <= entry["bb_per_100"] <= high
        assert entry["bb_per_100"] == pytest.approx(entry["chips_per_100"] / 20)  # all at 10/20
    else:
        medium = [m for m in matches if m.level == entry["level"]]
        lines = [deal_stat_line(records, seat=0) for m in medium for records in _hands(m)]
        assert entry["deals"] == len(lines)
        assert entry["fold_rate"] == pytest.approx(sum(x.folded for x in lines) / len(lines))
        assert entry["chips_per_deal"] == pytest.approx(sum(x.net for x in lines) / len(lines))
        for signal in "012":
            for group, up in (("UP", True), ("DOWN", False)):
                count = sum(x.opponent_up == int(signal) and x.locked_up is up for x in lines)
                assert entry["locks"][signal][group] == count
        assert entry["matches"] == len(medium)
        assert entry["match_wins"] <= entry["matches"]


def _patient(legal: dict, rng: random.Random) -> dict:
    """Checks, calls half the time, else folds: a player who lasts into the raised levels."""
    if legal["can_check"]:
        return {"action": "check"}
    return {"action": "call" if legal["can_call"] and rng.random() < 0.5 else "fold"}


def test_big_blinds_per_100_count_each_hand_in_its_own_big_blind(make_client, reproducible):
    client = make_client()
    started = client.post("/api/matches/", {"game": "holdem", "level": "easy", "blinds": "rising"})
    match_id = started.ok().body["id"]
    play_to_the_end(client, match_id, random.Random(4), _patient)
    match = Match.objects.get(id=match_id)
    hands = _hands(match)
    big_blinds = {
        r["payload"]["big_blind"]
        for records in hands
        for r in records
        if r["type"] == "holdem.hand_started"
    }
    assert max(big_blinds) > 20, "the match reached a raised level"

    (entry,) = client.get("/api/stats/").ok().body["holdem"]

    expected = _expected_holdem([match])
    assert entry["hands"] == expected["hands"]
    assert entry["bb_per_100"] == pytest.approx(expected["bb_per_100"])
    assert entry["bb_per_100"] != pytest.approx(entry["chips_per_100"] / 20)
    low, high = entry["bb_ci95"]
    assert low <= entry["bb_per_100"] <= high


def test_the_stats_survive_a_rebuild_of_the_projections(make_client, reproducible):
    client = make_client()
    client.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok()
    match_id = start_with_baselines(client, "holdem", betting)
    play_to_the_end(client, match_id, random.Random(1), betting)
    before = client.get("/api/stats/").ok().body
    assert before["holdem"] and before["holdem"][0]["hands"] > 0
    HoldemStatLine.objects.all().delete()
    call_command("rebuild_projections", verbosity=0)
    assert client.get("/api/stats/").ok().body == before


def _lines(player: Player, count: int) -> None:
    """``count`` stored hand lines of one match, as the projector writes them."""
    match = Match.objects.create(game="holdem", owner=player, level="hard")
    hands = HandSummary.objects.bulk_create(
        HandSummary(match=match, hand_number=n, first_seq=n, last_seq=n, finished=True)
        for n in range(1, count + 1)
    )
    HoldemStatLine.objects.bulk_create(
        HoldemStatLine(
            hand=hand,
            player=player,
            match=match,
            level="hard",
            vpip=hand.hand_number % 3 == 0,
            pfr=hand.hand_number % 5 == 0,
            three_bet_opportunity=hand.hand_number % 4 == 0,
            three_bet=hand.hand_number % 8 == 0,
            saw_flop=hand.hand_number % 2 == 0,
            went_to_showdown=hand.hand_number % 6 == 0,
            won_at_showdown=hand.hand_number % 12 == 0,
            postflop_aggressive=hand.hand_number % 3,
            postflop_calls=hand.hand_number % 2,
            net=(hand.hand_number % 7) * 10 - 30,
            net_bb=((hand.hand_number % 7) * 10 - 30) / 20,
        )
        for hand in hands
    )


def test_a_stats_request_takes_the_same_queries_for_3_hands_as_for_3000(
    make_client, django_assert_num_queries
):
    client = make_client()
    client.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    player = Player.objects.get(id=client.session().body["player"]["id"])
    _lines(player, 3)
    with CaptureQueriesContext(connection) as small:
        few = client.get("/api/stats/").ok().body
    _lines(player, 3000)
    with django_assert_num_queries(len(small.captured_queries)):
        many = client.get("/api/stats/").ok().body
    (entry,) = many["holdem"]
    assert few["holdem"][0]["hands"] == 3 and entry["hands"] == 3003
    assert entry["matches"] == 2
    assert entry["vpip"] == pytest.approx(1001 / 3003)
    assert len(small.captured_queries) <= 6


def test_the_migration_fills_the_lines_of_hands_played_before_it(make_client, reproducible):
    import importlib

    from django.apps import apps

    backfill = importlib.import_module("games.migrations.0009_backfill_stat_lines").backfill
    client = make_client()
    client.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    match_id = start_with_baselines(client, "updown", betting)
    play_to_the_end(client, match_id, random.Random(2), betting)
    before = client.get("/api/stats/").ok().body
    assert before["updown"]
    UpDownStatLine.objects.all().delete()
    assert client.get("/api/stats/").ok().body["updown"] == []
    backfill(apps, None)
    assert client.get("/api/stats/").ok().body == before


def test_the_migration_gives_earlier_lines_their_net_in_big_blinds_of_10_20(make_client):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("games.migrations.0013_holdem_stat_line_net_bb")
    client = make_client()
    client.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    player = Player.objects.get(id=client.session().body["player"]["id"])
    _lines(player, 14)
    HoldemStatLine.objects.update(net_bb=0.0)  # as the column was added to lines stored before

    migration.net_in_big_blinds(apps, None)

    lines = list(HoldemStatLine.objects.values_list("net", "net_bb"))
    assert len(lines) == 14 and any(net for net, _ in lines)
    assert all(net_bb == pytest.approx(net / 20) for net, net_bb in lines)
