"""``manage.py audit`` and the admin's hand histories re-derive every dealer event."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from games import admin as admin_module
from games.models import Event as EventRow
from games.models import Match


def test_audit_verifies_every_hand_of_an_honest_match(honest_match: Match, capsys) -> None:
    call_command("audit")
    out = capsys.readouterr().out
    assert "verified hands: 3" in out
    assert "mismatches: 0" in out


def test_audit_finds_a_pot_paid_to_the_wrong_player_and_exits_1(
    honest_match: Match, tampered_match: Match, capsys
) -> None:
    with pytest.raises(CommandError) as failed:
        call_command("audit")
    assert failed.value.returncode == 1
    captured = capsys.readouterr()
    assert "mismatches: 1" in captured.out
    assert f"mismatch in match {tampered_match.id}" in captured.err
    assert "holdem.pot_awarded" in captured.err
    # The honest match's 3 hands and the tampered match's first hand were verified.
    assert "verified hands: 4" in captured.out


def test_audit_can_be_limited_to_given_matches(
    honest_match: Match, tampered_match: Match, capsys
) -> None:
    call_command("audit", str(honest_match.id))
    assert "mismatches: 0" in capsys.readouterr().out


@pytest.fixture
def staff(db: None) -> Client:
    user = User.objects.create_superuser("referee", "referee@example.com", "a-long-passphrase")
    client = Client()
    client.force_login(user)
    return client


def test_the_hand_history_shows_every_event_and_says_the_settlement_is_verified(
    staff: Client, honest_match: Match
) -> None:
    page = staff.get(f"/admin/games/match/{honest_match.id}/hands/2/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Verified" in html
    rows = EventRow.objects.filter(match=honest_match, hand_number=2)
    for row in rows:
        assert f"<tr><td>{row.seq}</td><td><code>{row.type}</code></td>" in html
    assert "HoleCardsDealt(" not in html and "PotAwarded(" not in html


def test_the_hand_history_of_a_tampered_hand_shows_the_mismatch(
    staff: Client, tampered_match: Match
) -> None:
    assert (
        "Verified" in staff.get(f"/admin/games/match/{tampered_match.id}/hands/1/").content.decode()
    )
    tampered = staff.get(f"/admin/games/match/{tampered_match.id}/hands/2/").content.decode()
    assert "Mismatch" in tampered and "Verified" not in tampered
    later = staff.get(f"/admin/games/match/{tampered_match.id}/hands/3/").content.decode()
    assert "Not verified" in later


def test_the_hand_pages_read_a_stored_audit_that_covers_the_match(
    staff: Client, tampered_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    staff.post(f"/admin/games/match/{tampered_match.id}/audit/")

    def not_again(match: Match) -> None:
        raise AssertionError("the stored audit covers the match: no need to audit it again")

    monkeypatch.setattr(admin_module, "audit_match", not_again)
    pages = {
        hand: staff.get(f"/admin/games/match/{tampered_match.id}/hands/{hand}/").content.decode()
        for hand in (1, 2, 3)
    }
    assert "Verified" in pages[1]
    assert "Mismatch" in pages[2] and "payload.winners" in pages[2]
    assert "Not verified" in pages[3]


def test_the_audit_action_reports_each_selected_match(
    staff: Client, honest_match: Match, tampered_match: Match
) -> None:
    staff.post(
        "/admin/games/match/",
        {
            "action": "audit_selected",
            "_selected_action": [str(honest_match.id), str(tampered_match.id)],
        },
    )
    html = staff.get("/admin/games/match/").content.decode()
    assert "3 hands verified, no mismatch" in html
    assert "1 hand verified, then a mismatch at seq" in html


def test_staff_can_read_events_but_never_add_change_or_delete_them(
    staff: Client, honest_match: Match
) -> None:
    row = EventRow.objects.filter(match=honest_match).first()
    assert row is not None
    assert staff.get("/admin/games/event/").status_code == 200
    page = staff.get(f"/admin/games/event/{row.pk}/change/")
    assert page.status_code == 200 and 'type="submit" value="Save"' not in page.content.decode()
    assert staff.get("/admin/games/event/add/").status_code == 403
    assert staff.post(f"/admin/games/event/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    assert EventRow.objects.filter(pk=row.pk).exists()


def test_the_admin_is_for_staff_only(client: Client, honest_match: Match) -> None:
    page = client.get(f"/admin/games/match/{honest_match.id}/hands/1/")
    assert page.status_code == 302 and "/admin/login/" in page["Location"]


def test_every_admin_page_needs_staff(client: Client, honest_match: Match) -> None:
    """Every registered model's list and add pages, and a match's page: a signed-in player
    who is not staff is sent to the log-in page like a stranger; staff get in."""
    from django.contrib import admin
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    pages = ["/admin/", f"/admin/games/match/{honest_match.pk}/change/"]
    for model in admin.site._registry:
        name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        pages += [reverse(f"{name}_changelist"), reverse(f"{name}_add")]
    assert len(pages) > 8
    users = get_user_model().objects
    client.force_login(users.create_user("player", password="a-long-enough-secret"))
    for page in pages:
        reply = client.get(page)
        assert reply.status_code == 302 and "/admin/login/" in reply["Location"], page
        assert client.post(page, {}).status_code == 302, page
    client.force_login(users.create_user("clerk", password="a-long-enough-secret", is_staff=True))
    assert client.get("/admin/").status_code == 200
