"""Hand histories out through the API: PokerKit reads our PHH and parses our PokerStars text back
to our finishing stacks — on hands with side pots, split pots and odd chips — and
``manage.py phh replay`` reads our Up & Down deal histories back to the deals' stacks."""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from pokerkit import HandHistory

from games import projections
from games.engine.events import from_record, to_record
from games.engine.holdem.events import MatchStarted
from games.engine.holdem.played_hand import played_hand
from games.models import Event, Match, Player
from tests.api.test_schema import betting, play_to_the_end, start_with_baselines
from tests.engine.holdem.random_hands import BIG_BLIND, SMALL_BLIND, random_hands

pytestmark = pytest.mark.filterwarnings("ignore:The field 'time_zone_abbreviation':UserWarning")

SEATS = ["human", "easy", "medium", "hard"]


def _hard_hands() -> list[list[dict]]:
    """Random 4-seat hands, kept where the writers are tested hardest: side pots, split pots,
    odd chips."""
    chosen = []
    sides = 0
    for seed in (2026, 2027, 2028):
        for records in random_hands(seed, 150, 4):
            hand = played_hand(records)
            side = len(hand.pots) > 1
            split = any(len(pot.winners) > 1 for pot in hand.pots)
            if split or (side and sides < 25):
                chosen.append(records)
                sides += side
    return chosen


def _stored_match(player: Player, records: list[dict]) -> Match:
    """A match holding one hand's records, stored and projected as the services do."""
    hand = played_hand(records)
    start = MatchStarted(
        stacks=tuple(hand.starting_stacks[seat] for seat in range(len(SEATS))),
        small_blind=SMALL_BLIND,
        big_blind=BIG_BLIND,
        first_button=hand.button,
    )
    records = [to_record(start), *records]
    match = Match.objects.create(game="holdem", owner=player, seats=SEATS, seq=len(records))
    numbered = []
    for seq, record in enumerate(records, start=1):
        number = None if record["type"] == "holdem.match_started" else 1
        Event.objects.create(match=match, seq=seq, hand_number=number, **record)
        numbered.append((seq, from_record(record["type"], record["version"], record["payload"])))
    projections.project(match, numbered)
    return match


def _as_pokerkit_splits(records: list[dict], order: list[int]) -> dict[int, int]:
    """Our finishing stacks with each pot's odd chips where PokerKit puts them.

    Our rules give a pot's odd chips one each, clockwise from the button (docs/rules.md);
    PokerKit gives the whole remainder to the first winner in its order. The two agree on a
    single odd chip and differ only when a three-way (or wider) split leaves two or more."""
    stacks = dict(enumerate(_final(records)))
    for pot in (r["payload"] for r in records if r["type"] == "holdem.pot_awarded"):
        if len(pot["odd_chips"]) > 1:
            first = min(pot["winners"], key=order.index)
            for seat in pot["odd_chips"]:
                stacks[seat] -= 1
                stacks[first] += 1
    return stacks


def _final(records: list[dict]) -> list[int]:
    return next(r for r in records if r["type"] == "holdem.hand_ended")["payload"]["stacks"]


def test_pokerkit_reads_our_exports_back_to_our_stacks(api):
    api.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok()
    player = Player.objects.get(id=api.session().body["player"]["id"])
    hands = _hard_hands()
    kinds = {"side": 0, "split": 0, "odd": 0, "pokerkit_odd_chips": 0}
    for records in hands:
        final = _final(records)
        for pot in (r["payload"] for r in records if r["type"] == "holdem.pot_awarded"):
            kinds["side"] += pot["pot"] > 0
            kinds["split"] += len(pot["winners"]) > 1
            kinds["odd"] += bool(pot["odd_chips"])
        match = _stored_match(player, records)
        base = f"/api/matches/{match.id}/hands/1/export/"

        phh = api.get(base, format="phh")
        assert phh.status == 200
        assert phh.headers["Content-Disposition"].startswith("attachment; filename=")
        history = HandHistory.loads(phh.text)
        seats = [seat - 1 for seat in history.seats]
        expected = _as_pokerkit_splits(records, seats)
        assert dict(zip(seats, list(history)[-1].stacks, strict=True)) == {
            s: expected[s] for s in seats
        }
        kinds["pokerkit_odd_chips"] += expected != dict(enumerate(final))

        stars = api.get(base, format="pokerstars")
        (parsed,) = HandHistory.from_pokerstars(stars.text, error_status=True)
        seats = [seat - 1 for seat in parsed.seats]
        expected = _as_pokerkit_splits(records, seats)
        assert dict(zip(seats, list(parsed)[-1].stacks, strict=True)) == {
            s: expected[s] for s in seats
        }
    assert kinds["pokerkit_odd_chips"] >= 1, "a split leaving two odd chips"
    assert kinds["side"] > 20 and kinds["split"] > 15 and kinds["odd"] > 3, kinds


def test_a_whole_holdem_match_exports_every_finished_hand(make_client, reproducible):
    client = make_client()
    client.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok()
    match_id = start_with_baselines(client, "holdem", betting)
    play_to_the_end(client, match_id, random.Random(3), betting)
    finished = [h for h in client.hands(match_id).ok().body["hands"] if h["finished"]]

    phhs = client.get(f"/api/matches/{match_id}/export/", format="phh")
    assert phhs.status == 200 and ".phhs" in phhs.headers["Content-Disposition"]
    histories = list(HandHistory.load_all(io.BytesIO(phhs.text.encode())))
    assert len(histories) == len(finished)
    for hand, history in zip(finished, histories, strict=True):
        seats = [seat - 1 for seat in history.seats]
        stacks = dict(zip(seats, list(history)[-1].stacks, strict=True))
        assert stacks == {s: hand["stacks_after"][s] for s in seats}

    stars = client.get(f"/api/matches/{match_id}/export/", format="pokerstars")
    parsed = list(HandHistory.from_pokerstars(stars.text, error_status=True))
    assert len(parsed) == len(finished)
    for hand, history in zip(finished, parsed, strict=True):
        seats = [seat - 1 for seat in history.seats]
        stacks = dict(zip(seats, list(history)[-1].stacks, strict=True))
        assert stacks == {s: hand["stacks_after"][s] for s in seats}


def test_up_and_down_deals_export_and_replay_with_manage_py(make_client, reproducible, tmp_path):
    client = make_client()
    client.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    match_id = start_with_baselines(client, "updown", betting)
    play_to_the_end(client, match_id, random.Random(5), betting)
    finished = [h for h in client.hands(match_id).ok().body["hands"] if h["finished"]]
    paths = []
    for hand in finished:
        reply = client.get(
            f"/api/matches/{match_id}/hands/{hand['hand_number']}/export/", format="ud"
        )
        assert reply.status == 200 and ".udh" in reply.headers["Content-Disposition"]
        path = tmp_path / f"deal-{hand['hand_number']}.udh"
        path.write_text(reply.text)
        paths.append(str(path))
    out = io.StringIO()
    call_command("phh", "replay", *paths, stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["finishing_stacks"] for line in lines] == [h["stacks_after"] for h in finished]

    whole = client.http.get(f"/api/matches/{match_id}/export/", {"format": "ud"})
    assert whole.status_code == 200 and whole["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(whole.content)) as archive:
        names = archive.namelist()
        assert len(names) == len(finished)
        assert archive.read(names[0]) == Path(paths[0]).read_bytes()


def test_refusals(make_client, reproducible):
    owner, stranger = make_client(), make_client()
    match_id = owner.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok().body["id"]
    stranger.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    base = f"/api/matches/{match_id}"
    bad = owner.get(f"{base}/export/", format="ud")
    assert bad.status == 400 and bad.code == "export_format_unknown"
    assert bad.params == {"format": "ud", "allowed": ["phh", "pokerstars"]}
    assert owner.get(f"{base}/hands/1/export/", format="xml").code == "export_format_unknown"
    assert owner.get(f"{base}/hands/1/export/", format="phh").code == "hand_not_finished"
    assert owner.get(f"{base}/hands/99/export/", format="phh").code == "hand_not_found"
    assert stranger.get(f"{base}/export/", format="phh").code == "not_found"
    assert stranger.get(f"{base}/hands/1/export/", format="phh").code == "not_found"
