"""``manage.py simulate``: AI-only matches through the real services and event store, seats
rotated, a progress bar on standard error and one JSON summary on standard output."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.audit import audit_match
from games.models import Event as EventRow
from games.models import Match

pytestmark = pytest.mark.django_db

SEATS = "hard,maniac,random,bots.holdem.baselines:CallingStation"


def simulate(*args: str) -> tuple[dict, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


def test_plays_matches_through_the_event_store_and_prints_one_json_summary():
    summary, progress = simulate("--matches", "4", "--seats", SEATS, "--json", "--seed", "1")
    assert set(summary) == {"game", "matches", "hands", "seats"}
    assert summary["game"] == "holdem" and summary["matches"] == 4 and summary["hands"] > 0
    assert [entry["bot"] for entry in summary["seats"]] == SEATS.split(",")
    for entry in summary["seats"]:
        assert set(entry) == {"seat", "bot", "matches_won", "avg_finish", "chips_per_100", "ci95"}
        low, high = entry["ci95"]
        assert low <= entry["chips_per_100"] <= high
    assert sum(entry["matches_won"] for entry in summary["seats"]) == 4
    assert abs(sum(entry["chips_per_100"] for entry in summary["seats"])) < 1
    assert "4/4 matches" in progress
    matches = list(Match.objects.all())
    assert len(matches) == 4 and all(m.status == Match.Status.FINISHED for m in matches)
    assert EventRow.objects.count() > 100
    for match in matches:
        assert audit_match(match).report.mismatches == []


def test_rotates_the_seats_so_each_bot_plays_every_position():
    simulate("--matches", "4", "--seats", SEATS, "--json", "--seed", "2")
    seatings = [match.seats for match in Match.objects.order_by("created_at")]
    for index, bot in enumerate(SEATS.split(",")):
        assert sorted(seating.index(bot) for seating in seatings) == [0, 1, 2, 3], index


def test_the_same_seed_plays_the_same_matches():
    first, _ = simulate("--matches", "2", "--seats", SEATS, "--json", "--seed", "7")
    second, _ = simulate("--matches", "2", "--seats", SEATS, "--json", "--seed", "7")
    assert first == second


def test_without_json_prints_a_table():
    out = io.StringIO()
    call_command("simulate", "--matches", "1", "--seats", SEATS, "--seed", "3", stdout=out)
    assert "chips/100" in out.getvalue() and "hard" in out.getvalue()


def test_refuses_an_unknown_bot_or_the_wrong_number_of_seats():
    with pytest.raises(CommandError, match="unknown bot 'shark'"):
        simulate("--seats", "hard,shark,random,random")
    with pytest.raises(CommandError, match="needs 4 specs"):
        simulate("--seats", "hard,random")


def test_up_and_down_plays_through_the_same_command_or_is_not_available_yet():
    from bots import registry
    from games.registry import GAMES

    if "updown" not in GAMES or "updown" not in registry.games():
        with pytest.raises(CommandError, match="not available yet"):
            simulate("--game", "updown", "--matches", "1")
        return
    summary, _ = simulate(
        "--game", "updown", "--matches", "2", "--seats", "hard,maniac", "--json", "--seed", "1"
    )
    assert summary["game"] == "updown" and summary["matches"] == 2
    assert sorted(entry["avg_finish"] for entry in summary["seats"]) in ([1.0, 2.0], [1.5, 1.5])
    assert sum(entry["matches_won"] for entry in summary["seats"]) == 2


@pytest.mark.parametrize(
    ("game", "seats", "matches"),
    [("holdem", "hard,equity,maniac,medium", 4), ("updown", "hard,maniac", 4)],
)
def test_the_arena_plays_exactly_the_matches_simulate_plays(game, seats, matches):
    """The bench measures strength in the engine-only arena; this holds it to the real thing:
    the same seeds give the same matches, move for move, as through the services."""
    from bots import registry
    from bots.holdem.arena import play_match as holdem_match
    from bots.seeds import simulation_labels
    from bots.updown.arena import play_match as updown_match
    from games.selectors import match_state

    simulate("--game", game, "--matches", str(matches), "--seats", seats, "--json", "--seed", "9")
    specs = seats.split(",")
    played = list(Match.objects.order_by("created_at"))
    assert len(played) == matches
    for index, match in enumerate(played):
        bots = [registry.resolve(spec, game=game, seat=s) for s, spec in enumerate(match.seats)]
        deal_label, bot_label = simulation_labels("9", index, len(specs))
        state = match_state(match)
        stacks = [seat.stack for seat in state.seats]
        if game == "holdem":
            result = holdem_match(bots, deal_seed=deal_label, bot_seed=bot_label)
            assert (result.hands, result.net) == (state.hand_number, [s - 1000 for s in stacks])
        else:
            result = updown_match(bots, deal_seed=deal_label, bot_seed=bot_label)
            net = (stacks[0] - 20, stacks[1] - 20)
            assert (result.deals, result.net, result.winner) == (
                state.deal_number,
                net,
                state.winner,
            )
        assert result.finished and match.status == Match.Status.FINISHED
