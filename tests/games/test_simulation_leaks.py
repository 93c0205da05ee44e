"""The leak scan over long AI-only simulations (``manage.py simulate``, both games), observed
from the human's seat: after every stored event, the seat's view and the event as that seat may
see it hold no card the rules still hide from it (an opponent's unshown cards, the stock, undealt
or burned cards) and no seed not yet revealed. The rules of what is hidden when are those of the
API's leak tests (tests/api/test_leaks.py for Hold'em, tests/api/test_updown.py for Up & Down).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management import call_command

from games.engine.holdem import HOLDEM
from games.engine.holdem import events as ev
from games.engine.updown import UPDOWN
from games.models import Match
from games.selectors import stored_events
from tests.api.client import Reply
from tests.api.test_leaks import assert_nothing_hidden_in, hidden_by_seq
from tests.api.test_updown import _assert_nothing_hidden_in, _secrets_by_seq

SEAT = 0  # the human's seat, here played by a bot and watched


def simulate(game: str, seats: str, matches: int, max_hands: int) -> list[Match]:
    call_command(
        "simulate",
        game=game,
        seats=seats,
        matches=matches,
        max_hands=max_hands,
        seed=f"leak-scan-{game}",
        json=True,
        stdout=open("/dev/null", "w"),  # noqa: SIM115 - the summary is not what is checked
        stderr=open("/dev/null", "w"),  # noqa: SIM115
    )
    return list(Match.objects.filter(game=game))


def record(game: Any, seq: int, item: Any) -> dict[str, Any]:
    return json.loads(json.dumps({"seq": seq, **game.visible_record(item, SEAT)}))


@pytest.mark.django_db
def test_a_long_holdem_simulation_shows_the_seat_nothing_hidden() -> None:
    checked = 0
    for match in simulate("holdem", "hard,medium,maniac,calling_station", 4, 60):
        hidden = hidden_by_seq(str(match.id))
        state = HOLDEM.new_state()
        for seq, item in stored_events(match):
            HOLDEM.apply(state, item)
            view = json.loads(json.dumps(HOLDEM.view(state, SEAT)))
            for body in (view, record(HOLDEM, seq, item)):
                reply = Reply("GET", f"/{match.id}/{seq}", 200, body, text=json.dumps(body))
                assert_nothing_hidden_in(reply, hidden[seq])
            checked += hidden[seq] is not None
    assert checked > 2000, checked  # most events come while a hand is in play


@pytest.mark.django_db
def test_exposed_hands_are_face_up_exactly_from_their_exposure_on() -> None:
    """An all-in run-out turns every live hand up (RULES.md §1.6): after every stored event of a
    hand in play, the seat's view shows an opponent's cards if and only if a ``CardsExposed`` (or
    the showdown) already turned them up, and the exposure itself reaches the seat whole."""
    exposures = 0
    checked = 0
    for match in simulate("holdem", "hard,medium,maniac,calling_station", 4, 60):
        state = HOLDEM.new_state()
        face_up: dict[int, list[str]] = {}
        for seq, item in stored_events(match):
            HOLDEM.apply(state, item)
            if isinstance(item, ev.HandStarted):
                face_up = {}
            if isinstance(item, ev.CardsExposed | ev.HandShown):
                face_up[item.seat] = list(item.cards)
            if isinstance(item, ev.CardsExposed):
                exposures += 1
                assert record(HOLDEM, seq, item)["payload"]["cards"] == list(item.cards)
            if state.phase != "betting":
                continue
            seats = HOLDEM.view(state, SEAT)["seats"]
            for seat in seats:
                if seat["seat"] != SEAT and state.seats[seat["seat"]].dealt:
                    assert seat["cards"] == face_up.get(seat["seat"]), (match.id, seq, seat)
                    checked += 1
    assert exposures > 20, exposures  # the maniac goes all-in often enough to matter
    assert checked > 2000, checked


@pytest.mark.django_db
def test_a_long_up_and_down_simulation_shows_the_seat_nothing_hidden() -> None:
    checked = 0
    for match in simulate("updown", "hard,calling_station", 6, 150):
        secrets = _secrets_by_seq(str(match.id))
        state = UPDOWN.new_state()
        for seq, item in stored_events(match):
            UPDOWN.apply(state, item)
            # The previous deal's reveal (last_deal) was public when made (see test_updown).
            view = {**UPDOWN.view(state, SEAT), "last_deal": None}
            assert not secrets[seq].shown_in(json.dumps(view)), (match.id, seq)
            _assert_nothing_hidden_in(record(UPDOWN, seq, item), secrets[seq])
            checked += bool(secrets[seq].cards)
    assert checked > 800, checked
