"""The admin sees every shared link, live or revoked, and revokes them (issue 29)."""

from __future__ import annotations

from django.test import Client

from games.models import SharedHand
from tests.api.client import ApiClient
from tests.api.conftest import deal, house, make_client, quiet  # noqa: F401 - fixtures
from tests.api.test_shares import heads_up, share, shared  # noqa: F401 - a fixture


def test_the_admin_lists_links_without_their_secret_and_revokes_them(
    admin_client: Client,
    quiet,  # noqa: F811
    heads_up,  # noqa: F811
):
    token = share(quiet, heads_up, 1).ok().body["token"]
    page = admin_client.get("/admin/games/sharedhand/").content.decode()
    assert f"{token[:6]}…" in page and token not in page
    assert "hand 1 of" in page
    reply = admin_client.post(
        "/admin/games/sharedhand/",
        {"action": "revoke_selected", "_selected_action": [SharedHand.objects.get().pk]},
    )
    assert reply.status_code == 302
    assert SharedHand.objects.get().revoked_at is not None
    assert shared(ApiClient(), token).status == 404
    revoked = admin_client.get("/admin/games/sharedhand/?state=revoked").content.decode()
    assert f"{token[:6]}…" in revoked
    assert (
        f"{token[:6]}…"
        not in admin_client.get("/admin/games/sharedhand/?state=live").content.decode()
    )
