"""The admin's hand histories out: a hand page links to the player's replay and downloads the
hand; matches and hands export in bulk as a zip of the same files the API serves."""

from __future__ import annotations

import io
import zipfile

from django.test import Client
from pokerkit import HandHistory

from games.models import HandSummary, Match


def test_the_hand_page_links_to_the_players_replay_and_its_downloads(
    admin_client: Client, honest_match: Match
) -> None:
    html = admin_client.get(f"/admin/games/match/{honest_match.id}/hands/2/").content.decode()
    assert f'href="/#/match/{honest_match.id}/hand/2"' in html
    url = f"/admin/games/match/{honest_match.id}/hands/2/export/phh/"
    assert f'href="{url}"' in html
    download = admin_client.get(url)
    assert download["Content-Disposition"] == (
        f'attachment; filename="cardavia-{str(honest_match.id)[:8]}-hand-2.phh"'
    )
    final = list(HandHistory.loads(download.content.decode()))[-1]
    hand = HandSummary.objects.get(match=honest_match, hand_number=2)
    assert sum(final.stacks) == 4000 and hand.finished
    assert (
        admin_client.get(f"/admin/games/match/{honest_match.id}/hands/2/export/xml/").status_code
        == 400
    )


def _zip(response) -> dict[str, bytes]:
    assert response["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_bulk_exports_of_matches_and_hands(admin_client: Client, honest_match: Match) -> None:
    files = _zip(
        admin_client.post(
            "/admin/games/match/",
            {"action": "export_selected", "_selected_action": [str(honest_match.id)]},
        )
    )
    prefix = f"cardavia-{str(honest_match.id)[:8]}"
    assert set(files) == {f"{prefix}.phhs", f"{prefix}.txt"}
    assert len(list(HandHistory.load_all(io.BytesIO(files[f"{prefix}.phhs"])))) == 3
    hands = HandSummary.objects.filter(match=honest_match).order_by("hand_number")[:2]
    files = _zip(
        admin_client.post(
            "/admin/games/handsummary/",
            {"action": "export_selected", "_selected_action": [str(hand.pk) for hand in hands]},
        )
    )
    assert sorted(files) == sorted(
        f"{prefix}-hand-{n}.{ext}" for n in (1, 2) for ext in ("phh", "txt")
    )
