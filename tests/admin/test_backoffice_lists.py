"""The lists and pages a support agent works from: matches and hands found by username, match
id, hand number and date; filters; names instead of seats; a match's page with its players,
places, stack chart, audit and hands 50 to a page, in as many queries at 5,000 hands as at 10;
audits run from the admin; and nothing of it for staff without the ``games`` view permission."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import audit
from games.models import HandSummary, Match, MatchAudit, Player
from tests.admin.conftest import played_hands, store

SEATS = ["human", "easy", "medium", "hard"]  # the owner, Vera, Otto, Lina


@pytest.fixture
def marta(db: None) -> Player:
    user = User.objects.create_user("marta", password="a-long-enough-secret")
    return Player.objects.create(user=user, display_name="Marta")


@pytest.fixture
def martas_match(marta: Player) -> Match:
    return store(played_hands(3, seed=1), seats=SEATS, owner=marta)


def rows(page: str) -> list[str]:
    return re.findall(r"<tr>.*?</tr>", page.split('id="result_list"', 1)[1], flags=re.S)


def test_matches_are_found_by_username_id_and_date(
    admin_client: Client, martas_match: Match, honest_match: Match
) -> None:
    by_name = admin_client.get("/admin/games/match/?q=mart").content.decode()
    assert len(rows(by_name)) - 1 == 1 and str(martas_match.id)[:8] in by_name
    assert "marta, Vera, Otto and Lina" in by_name  # names, not seat numbers
    by_id = admin_client.get(f"/admin/games/match/?q={str(honest_match.id)[:8]}").content.decode()
    assert len(rows(by_id)) - 1 == 1 and str(honest_match.id)[:8] in by_id
    # A match stored without its seats: a guest owner, the other seats by number.
    guest = f"Guest {honest_match.owner_id}, Seat 1, Seat 2 and Seat 3"
    assert f'<td class="field-players">{guest}</td>' in by_id
    full_id = admin_client.get(f"/admin/games/match/?q={honest_match.id}").content.decode()
    assert len(rows(full_id)) - 1 == 1
    today = martas_match.created_at.date().isoformat()
    assert len(rows(admin_client.get(f"/admin/games/match/?q={today}").content.decode())) == 3
    assert "0 matches" in admin_client.get("/admin/games/match/?q=2001-01-01").content.decode()


def test_hands_are_found_by_username_match_and_number_and_filtered(
    admin_client: Client, martas_match: Match, honest_match: Match
) -> None:
    page = admin_client.get("/admin/games/handsummary/?q=marta").content.decode()
    assert len(rows(page)) - 1 == 3
    assert "Hand summaries" in admin_client.get("/admin/").content.decode()
    by_number = admin_client.get("/admin/games/handsummary/?q=2").content.decode()
    assert len(rows(by_number)) - 1 == 2  # hand 2 of each match
    showdowns = HandSummary.objects.filter(showdown=True).count()
    page = admin_client.get("/admin/games/handsummary/?showdown=yes").content.decode()
    assert len(rows(page)) - 1 == showdowns
    assert admin_client.get("/admin/games/handsummary/?all_in=yes").status_code == 200
    for query in ("game=holdem", "game=updown", "level=medium", "all_in=no"):
        assert admin_client.get(f"/admin/games/handsummary/?{query}").status_code == 200
    winners = HandSummary.objects.get(match=martas_match, hand_number=1).winners
    names = dict(enumerate(["marta", "Vera", "Otto", "Lina"]))
    page = admin_client.get("/admin/games/handsummary/?q=marta").content.decode()
    assert f'<td class="field-winner_names">{", ".join(names[w] for w in winners)}</td>' in page


def test_the_match_list_shows_each_matchs_audit_state(
    admin_client: Client, martas_match: Match, tampered_match: Match, honest_match: Match
) -> None:
    admin_client.post(
        "/admin/games/match/",
        {
            "action": "audit_selected",
            "_selected_action": [str(martas_match.id), str(tampered_match.id)],
        },
    )
    page = admin_client.get("/admin/games/match/").content.decode()
    assert page.count("3 hands verified, no mismatch") == 2  # the message and the row
    assert "Not yet audited" in page  # the honest match nobody audited
    assert "1 hand verified, then a mismatch at seq" in page
    verified = admin_client.get("/admin/games/match/?audit=verified").content.decode()
    mismatch = admin_client.get("/admin/games/match/?audit=mismatch").content.decode()
    never = admin_client.get("/admin/games/match/?audit=none").content.decode()
    assert str(martas_match.id)[:8] in verified and str(tampered_match.id)[:8] not in verified
    assert str(tampered_match.id)[:8] in mismatch and str(martas_match.id)[:8] not in mismatch
    assert str(honest_match.id)[:8] in never and str(martas_match.id)[:8] not in never


def test_the_audit_button_shows_the_first_difference_side_by_side(
    admin_client: Client, tampered_match: Match
) -> None:
    url = f"/admin/games/match/{tampered_match.id}/change/"
    assert "Not yet audited" in admin_client.get(url).content.decode()
    assert "Audit this match" in admin_client.get(url).content.decode()
    done = admin_client.post(f"/admin/games/match/{tampered_match.id}/audit/")
    assert done.status_code == 302 and done["Location"] == url
    page = admin_client.get(url).content.decode()
    assert "1 hand verified, then a mismatch at seq" in page
    differing = re.findall(r'<tr class="bo-differs"><td><code>(.*?)</code>', page)
    assert differing == ["payload.winners"]  # paid to another seat, the same amount
    row = re.search(r'<tr class="bo-differs"><td><code>payload.winners</code></td>(.*?)</tr>', page)
    assert row is not None
    stored, derived = re.findall(r"<code>(.*?)</code>", row.group(1))
    assert stored != derived
    # The tampered hand's page shows the same difference.
    row_ = audit.audit_match(tampered_match)
    hand = tampered_match.events.get(seq=row_.first_bad_seq).hand_number
    hand_page = admin_client.get(f"/admin/games/match/{tampered_match.id}/hands/{hand}/")
    assert "payload.winners" in hand_page.content.decode()


def test_a_large_selection_is_audited_by_a_worker_task(
    admin_client: Client,
    martas_match: Match,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    monkeypatch.setattr(audit, "INLINE_AUDIT_EVENTS", 10)
    queued: list[list[str]] = []
    from games import tasks

    monkeypatch.setattr(tasks.audit_matches, "delay", lambda ids: queued.append(ids))
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            "/admin/games/match/",
            {"action": "audit_selected", "_selected_action": [str(martas_match.id)]},
        )
    page = admin_client.get("/admin/games/match/").content.decode()
    assert "1 match is being audited by a worker" in page
    assert "Audit queued" in page  # its row, until the worker takes it
    assert queued == [[str(martas_match.id)]]  # sent once the request's transaction committed
    assert MatchAudit.objects.get(match=martas_match).state == MatchAudit.State.QUEUED
    # The task itself, as the worker runs it.
    assert tasks.audit_matches.run([str(martas_match.id)]) == 1
    page = admin_client.get("/admin/games/match/").content.decode()
    assert "3 hands verified, no mismatch" in page


def test_the_match_page_shows_players_places_chart_and_hands(
    admin_client: Client, marta: Player
) -> None:
    from tests.engine.holdem.table import Table

    table = Table(stacks=(1000, 200, 500, 1000))
    table.deal(holes={0: "QcQd", 1: "AsAh", 2: "KsKh", 3: "7c2d"}, board="3h8d9cJs4s")
    table.raise_to(3, 500)
    table.call(0)
    table.fold(1)
    table.call(2)
    table.check_down()  # Otto's kings beat: Vera keeps 190
    table.deal(holes={0: "QcQd", 2: "KsKh", 3: "AsAh", 1: "7c2d"}, board="3h8d9cJs4s")
    match = store(table.events, seats=SEATS, owner=marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/change/").content.decode()
    players = re.sub(r"<[^>]+>", " ", page.split("<h2>Players</h2>", 1)[1].split("</table>")[0])
    assert re.search(r"0\s+marta\s+Player", players) and re.search(r"3\s+Lina\s+Hard", players)
    assert "<svg" in page and page.count("<polyline") == 4
    assert f'href="/admin/games/match/{match.id}/hands/1/"' in page
    assert "Hands (2)" in page


def test_places_are_read_from_eliminations(admin_client: Client, marta: Player) -> None:
    from tests.engine.holdem.table import Table

    table = Table(stacks=(1000, 20, 1000, 1000))
    table.deal(holes={0: "AsAh", 1: "7c2d", 2: "KsKh", 3: "QcQd"}, board="3h8d9cJs4s")
    table.raise_to(3, 100)
    table.call(0)
    table.call(1)  # all-in for 20, loses: fourth
    table.fold(2)
    table.check_down()
    match = store(table.events, seats=SEATS, owner=marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/change/").content.decode()
    players = re.sub(r"<[^>]+>", " ", page.split("<h2>Players</h2>", 1)[1].split("</table>")[0])
    assert re.search(r"1\s+Vera\s+Easy\s+4\b", players), players


def _match_with_hands(owner: Player, count: int) -> Match:
    """A match whose hand list holds ``count`` hands, bulk-created (its events are not needed
    for the list)."""
    match = Match.objects.create(owner=owner, game="holdem", seats=SEATS)
    HandSummary.objects.bulk_create(
        HandSummary(
            match=match,
            hand_number=number,
            first_seq=number * 10,
            last_seq=number * 10 + 9,
            pot_total=40,
            winners=[number % 4],
            showdown=number % 2 == 0,
            finished=True,
            detail={"button": number % 4, "board": [], "all_in": number % 7 == 0},
        )
        for number in range(1, count + 1)
    )
    return match


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url)
    assert page.status_code == 200
    return len(captured.captured_queries)


def test_the_match_page_costs_the_same_queries_at_10_and_5000_hands(
    admin_client: Client, marta: Player
) -> None:
    small = _match_with_hands(marta, 10)
    large = _match_with_hands(marta, 5000)
    small_url = f"/admin/games/match/{small.id}/change/"
    large_url = f"/admin/games/match/{large.id}/change/"
    _queries(admin_client, small_url)  # sessions, content types and the like, once
    assert _queries(admin_client, small_url) == _queries(admin_client, large_url)
    page = admin_client.get(large_url + "?page=100").content.decode()
    numbers = re.findall(r"/hands/(\d+)/", page)
    assert [int(n) for n in numbers] == list(range(4951, 5001))
    assert "Hands (5000)" in page and "100 / 100" in page


def staff_without_games(db: None) -> Client:
    user = User.objects.create_user("clerk", password="a-long-enough-secret", is_staff=True)
    # Everything but the games app's permissions: the translation catalog's, for instance.
    user.user_permissions.set(Permission.objects.exclude(content_type__app_label="games"))
    client = Client()
    client.force_login(user)
    return client


def test_staff_without_the_games_view_permission_see_none_of_it(
    db: None, martas_match: Match
) -> None:
    client = staff_without_games(db)
    index = client.get("/admin/").content.decode()
    assert "Matches" not in index and "Hand summaries" not in index and "Events" not in index
    pages = [
        "/admin/games/match/",
        f"/admin/games/match/{martas_match.id}/change/",
        "/admin/games/handsummary/",
        "/admin/games/event/",
        f"/admin/games/match/{martas_match.id}/hands/1/",
        f"/admin/games/match/{martas_match.id}/hands/1/export/phh/",
    ]
    for url in pages:
        assert client.get(url).status_code == 403, url
    assert client.post(f"/admin/games/match/{martas_match.id}/audit/").status_code == 403
    assert not MatchAudit.objects.exists()
    # With the view permission of matches, the match pages open.
    user = User.objects.get(username="clerk")
    user.user_permissions.add(Permission.objects.get(codename="view_match"))
    client.force_login(user)
    assert client.get(f"/admin/games/match/{martas_match.id}/hands/1/").status_code == 200
