"""Accounts through the lobby: a guest plays, signs up and keeps the match; logs out (a new
guest, with no matches), plays again as that guest, logs in and finds both matches."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from games.models import Match
from tests.e2e.conftest import wait_for_turn

USERNAME = "ada_lovelace"
PASSWORD = "analytical-engine-1843"


def start_from_lobby(page: Page, game: str) -> str:
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.locator(f"[data-start={game}]").click()
    wait_for_turn(page)
    match = re.search(r"#/match/([0-9a-f-]+)", page.url)
    assert match, page.url
    page.locator(".table-menu a.button").click()
    page.wait_for_selector(".lobby")
    return match.group(1)


def fill_credentials(page: Page) -> None:
    page.locator(".account-form input[name=username]").fill(USERNAME)
    page.locator(".account-form input[name=password]").fill(PASSWORD)


def resumable(page: Page) -> list[str]:
    return [
        item.get_attribute("data-match") or ""
        for item in page.locator(".resume li[data-match]").all()
    ]


def test_a_guest_signs_up_and_logs_in_through_the_lobby_keeping_the_matches(
    browse: Any,
) -> None:
    page = browse()
    holdem = start_from_lobby(page, "holdem")
    expect(page.locator(f".resume li[data-match='{holdem}']")).to_be_visible()
    account = page.locator(".account")
    expect(account).to_contain_text("guest")

    # Sign up: the guest's match is now the account's, and still offered to resume.
    fill_credentials(page)
    account.get_by_role("button", name="Sign up").click()
    expect(account).to_contain_text(f"Signed in as {USERNAME}.")
    expect(page.locator(f".resume li[data-match='{holdem}']")).to_be_visible()
    assert Match.objects.get(id=holdem).owner.user.username == USERNAME

    # Log out: a new guest, who has no match to resume.
    account.get_by_role("button", name="Log out").click()
    expect(account.locator(".account-form")).to_be_visible()
    expect(page.locator(".resume")).to_have_count(0)
    updown = start_from_lobby(page, "updown")
    assert Match.objects.get(id=updown).owner.user is None

    # Log in: the account's match is back, and this guest's match has joined it.
    fill_credentials(page)
    page.locator(".account-form button[type=submit]").click()
    expect(account).to_contain_text(f"Signed in as {USERNAME}.")
    expect(page.locator(".resume li[data-match]")).to_have_count(2)
    assert sorted(resumable(page)) == sorted([holdem, updown])
    assert {m.owner.user.username for m in Match.objects.all()} == {USERNAME}
    # A reload keeps the session signed in; the match opens from the lobby.
    page.reload()
    page.wait_for_selector(".lobby")
    expect(account).to_contain_text(f"Signed in as {USERNAME}.")
    page.locator(f".resume li[data-match='{holdem}'] a").click()
    wait_for_turn(page)
    expect(page).to_have_url(re.compile(holdem))
