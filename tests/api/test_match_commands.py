"""The match API: start, view (legal actions and whose turn), act with raise-to amounts, the event
feed after a seq, the hand list, restart, watch, and a finished hand's replay."""

from __future__ import annotations

import hashlib

from games import services
from games.engine.holdem import HOLDEM
from games.models import Match
from tests.api.client import ApiClient
from tests.api.conftest import CHIPS_IN_PLAY, House
from tests.api.test_full_match import verify_replay


def test_starting_a_match_deals_the_first_hand(quiet):
    reply = quiet.start(level="easy")
    assert reply.status == 201
    body = reply.body
    assert {k: body[k] for k in ("game", "level", "status", "watching")} == {
        "game": "holdem",
        "level": "easy",
        "status": "active",
        "watching": False,
    }
    view = body["view"]
    assert body["seq"] == Match.objects.get(id=body["id"]).seq
    assert view["hand_number"] == 1 and view["phase"] == "betting" and view["street"] == "preflop"
    assert (view["button"], view["small_blind_seat"], view["big_blind_seat"]) == (0, 1, 2)
    assert view["blinds"] == {
        "small": 10,
        "big": 20,
        "ante": 0,
        "level": 1,
        "next_level": None,
        "hands_left": None,
        "hand_number": 1,
        "hands_per_level": 0,
        "schedule": [],
    }
    assert [seat["stack"] for seat in view["seats"]] == [1000, 990, 980, 1000]
    assert len(view["seats"][0]["cards"]) == 2
    assert all(seat["cards"] is None for seat in view["seats"][1:])
    assert view["to_act"] == 3 and view["legal_actions"] is None  # not our turn
    assert len(view["commitment"]) == 64 and view["revealed_seed"] is None


def test_the_ai_seats_have_names_and_three_different_styles(quiet):
    body = quiet.start(level="hard").ok().body
    human, *ais = quiet.view(body["id"]).ok().body["players"]
    assert body["players"] == [human, *ais]
    assert human == {
        "seat": 0,
        "name": None,
        "gender": None,
        "level": "human",
        "style": None,
        "style_label": None,
    }
    assert [ai["seat"] for ai in ais] == [1, 2, 3]
    assert all(ai["level"] == "hard" and ai["name"] for ai in ais)
    # Each persona's name carries its grammatical gender, which the narration agrees with.
    assert [(ai["name"], ai["gender"]) for ai in ais] == [
        ("Vera", "female"),
        ("Otto", "male"),
        ("Lina", "female"),
    ]
    assert len({ai["name"] for ai in ais}) == 3 and len({ai["style"] for ai in ais}) == 3


def test_the_view_shows_whose_turn_and_the_legal_actions_on_ours(quiet, house):
    match_id = quiet.start().ok().body["id"]
    house.ai(match_id, "raise", 60)
    view = quiet.view(match_id).ok().body["view"]
    assert view["to_act"] == 0
    assert view["legal_actions"] == {
        "seat": 0,
        "can_fold": True,
        "can_check": False,
        "can_call": True,
        "call_amount": 60,
        "can_bet": False,
        "can_raise": True,
        "min_raise_to": 100,
        "max_raise_to": 1000,
    }


def test_a_raise_is_to_a_total_for_the_round(quiet, house):
    match_id = quiet.start().ok().body["id"]
    house.ai(match_id, "raise", 60)
    reply = quiet.act(match_id, "raise", 180).ok().body
    assert reply["events"][0]["type"] == "holdem.raised"
    assert reply["events"][0]["payload"] == {"seat": 0, "to": 180}
    me = reply["view"]["seats"][0]
    assert (me["bet"], me["stack"]) == (180, 820)
    assert reply["view"]["to_act"] == 1
    assert reply["view"]["pot"] == 10 + 20 + 60 + 180


def test_the_feed_gives_the_events_after_a_seq(api):
    match_id = api.start().ok().body["id"]
    everything = api.events(match_id).ok().body
    seq = everything["seq"]
    assert [e["seq"] for e in everything["events"]] == list(range(1, seq + 1))
    assert everything["events"][0]["type"] == "holdem.match_started"
    for after in (0, 1, seq // 2, seq - 1, seq):
        part = api.events(match_id, after=after).ok().body
        assert part["seq"] == seq
        assert part["events"] == everything["events"][after:]
    assert all("created_at" in event for event in everything["events"])


def test_the_feed_says_whether_an_ai_is_still_to_act(quiet, house):
    match_id = quiet.start().ok().body["id"]
    assert house.to_act(match_id) != HOLDEM.human_seat  # an AI opens the first hand
    body = quiet.events(match_id).ok().body
    seq = body["seq"]
    assert (body["status"], body["awaiting_ai"]) == ("active", True)
    waiting = {"seq": seq, "events": [], "status": "active", "awaiting_ai": True}
    assert quiet.events(match_id, after=seq).ok().body == waiting
    while house.to_act(match_id) != HOLDEM.human_seat:
        house.ai(match_id, "call")
    body = quiet.events(match_id, after=seq).ok().body
    assert body["events"] and body["seq"] > seq
    assert body["awaiting_ai"] is False  # the human's turn: read the match, then act


def test_the_feed_read_in_pieces_is_the_whole_feed(api):
    match_id = api.start().ok().body["id"]
    pieces: list = []
    last = 0
    for _ in range(15):
        view = api.view(match_id).ok().body["view"]
        if view["legal_actions"] is None:
            break
        legal = view["legal_actions"]
        api.act(match_id, "check" if legal["can_check"] else "call").ok()
        piece = api.events(match_id, after=last).ok().body
        pieces += piece["events"]
        last = piece["seq"]
    assert pieces == api.events(match_id).ok().body["events"][: len(pieces)]
    assert [e["seq"] for e in pieces] == list(range(1, last + 1))


def test_the_hand_list_has_pot_totals_winners_and_showdowns(api, monkeypatch):
    # Calling stations at every AI seat: no hand ends before the showdown.
    monkeypatch.setattr(
        services, "default_seats", lambda rules, level: ["human"] + 3 * ["calling_station"]
    )
    match_id = api.start(level="easy").ok().body["id"]
    for _ in range(60):
        hands = api.hands(match_id).ok().body["hands"]
        if len([hand for hand in hands if hand["finished"]]) >= 2:
            break
        legal = api.view(match_id).ok().body["view"]["legal_actions"]
        api.act(match_id, "check" if legal["can_check"] else "call").ok()
    finished = [hand for hand in hands if hand["finished"]]
    assert len(finished) >= 2
    for hand in finished:
        assert hand["showdown"] is True  # nobody folds against calling stations
        assert hand["pot_total"] >= 4 * 20
        assert hand["winners"] and set(hand["winners"]) <= {0, 1, 2, 3}
        assert len(hand["detail"]["board"]) == 5  # the game's own: a Hold'em board
        assert hand["first_seq"] < hand["last_seq"]
    assert hands[-1]["finished"] is False  # the hand in play


def test_restarting_mid_hand_abandons_it_and_begins_a_new_segment(quiet, house):
    match_id = quiet.start().ok().body["id"]
    house.ai(match_id, "raise", 100)
    quiet.act(match_id, "call").ok()
    reply = quiet.restart(match_id).ok().body
    types = [event["type"] for event in reply["events"]]
    assert types[:3] == ["holdem.hand_abandoned", "holdem.match_restarted", "holdem.hand_started"]
    view = reply["view"]
    assert view["segment"] == 1 and view["hand_number"] == 2 and view["button"] == 0
    assert sum(seat["stack"] for seat in view["seats"]) + view["pot"] == CHIPS_IN_PLAY
    assert [seat["stack"] for seat in view["seats"]] == [1000, 990, 980, 1000]
    abandoned = quiet.replay(match_id, 1).ok().body
    assert hashlib.sha256(bytes.fromhex(abandoned["seed"])).hexdigest() == abandoned["commitment"]
    verify_replay(abandoned)
    hands = quiet.hands(match_id).ok().body["hands"]
    assert [(h["hand_number"], h["segment"], h["abandoned"]) for h in hands] == [
        (1, 0, True),
        (2, 1, False),
    ]


def test_a_finished_match_can_be_restarted(quiet, house, finished):
    reply = quiet.restart(finished).ok().body
    assert reply["status"] == "active"
    assert reply["view"]["phase"] == "betting" and reply["view"]["winner"] is None
    assert all(seat["in_match"] and seat["place"] is None for seat in reply["view"]["seats"])
    assert house.match(finished).status == "active"


def test_watching_lets_the_ais_play_the_match_to_its_end(
    quiet, knocked_out, django_capture_on_commit_callbacks
):
    # The same browser session, now letting the AIs move after each request.
    watcher = quiet.twin(around=lambda: django_capture_on_commit_callbacks(execute=True))
    reply = watcher.watch(knocked_out).ok().body
    assert reply["watching"] is True
    match = Match.objects.get(id=knocked_out)
    assert match.status == "finished" and match.watching
    final = watcher.view(knocked_out).ok().body
    assert final["view"]["phase"] == "match_over" and final["view"]["seats"][0]["place"] == 4
    assert sum(seat["stack"] for seat in final["view"]["seats"]) == CHIPS_IN_PLAY


def test_a_finished_hand_can_be_replayed_and_verified(quiet: ApiClient, house: House):
    match_id = quiet.start().ok().body["id"]
    assert quiet.replay(match_id, 1).code == "hand_not_finished"
    house.ai(match_id, "fold")  # seat 3
    quiet.act(match_id, "fold").ok()
    house.ai(match_id, "fold")  # the small blind folds: the big blind wins
    replay = quiet.replay(match_id, 1).ok().body
    verify_replay(replay)
    assert replay["hand_number"] == 1
    assert replay["events"][-1]["type"] == "holdem.hand_ended"
    assert replay["seed"] == replay["events"][-1]["payload"]["seed"]


def test_restarting_while_watching_brings_the_human_back_and_stops_watching(
    quiet, house, knocked_out
):
    watching = quiet.watch(knocked_out).ok().body  # quiet: the AIs' hand waits mid-way
    assert watching["watching"] is True and watching["view"]["phase"] == "betting"
    assert watching["view"]["seats"][0]["in_hand"] is False
    reply = quiet.restart(knocked_out).ok().body
    assert reply["watching"] is False
    types = [event["type"] for event in reply["events"]]
    assert types[:2] == ["holdem.hand_abandoned", "holdem.match_restarted"]
    assert reply["view"]["seats"][0]["in_match"] and reply["view"]["seats"][0]["cards"]
    assert house.match(knocked_out).watching is False
