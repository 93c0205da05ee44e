"""The page behind a shared link writes a preview chat apps can show (title, description, Open
Graph) in the reader's language, from the hand's facts and the catalog (issue 29)."""

from __future__ import annotations

import html
import re

import pytest
from django.core.management import call_command

from cardavia.shared_page import number
from tests.api.test_shares import heads_up, hole_cards, share  # noqa: F401 - a fixture

SUIT = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@pytest.fixture
def catalog(db: None) -> None:
    call_command("load_catalog", verbosity=0)


def meta(page: str, name: str) -> str:
    found = re.search(rf'<meta (?:name|property)="{name}" content="([^"]*)">', page)
    assert found, name
    return html.unescape(found.group(1))


def written(cards: list[str]) -> str:
    return "".join(("10" if code[0] == "T" else code[0]) + SUIT[code[1]] for code in cards)


def test_the_preview_names_both_hands_the_all_in_street_and_the_pot(quiet, heads_up, catalog):  # noqa: F811
    token = share(quiet, heads_up, 1).ok().body["token"]
    dealt = hole_cards(heads_up, 1)
    page = quiet.http.get(f"/shared/{token}", headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert page.status_code == 200
    text = page.content.decode()
    expected = f"{written(dealt[0])} vs {written(dealt[3])}, all-in before the flop, pot 2,030"
    assert meta(text, "description") == expected
    assert meta(text, "og:description") == expected
    assert "<title>Texas Hold&#x27;em, hand 1: a shared hand on CARDAVIA</title>" in text
    assert meta(text, "og:title") == "Texas Hold'em, hand 1: a shared hand on CARDAVIA"
    assert '<html lang="en" dir="ltr">' in text
    # The cards of the seats that folded unseen are nowhere in the page.
    for seat in (1, 2):
        for code in dealt[seat]:
            assert written([code]) not in meta(text, "description")


def test_the_preview_is_in_the_readers_language(quiet, heads_up, catalog):  # noqa: F811
    token = share(quiet, heads_up, 1).ok().body["token"]
    german = quiet.http.get(f"/shared/{token}", headers={"Accept-Language": "de-AT, en;q=0.5"})
    assert "All-in vor dem Flop, Pot 2.030" in meta(german.content.decode(), "description")
    arabic = quiet.http.get(f"/shared/{token}", headers={"Accept-Language": "ar"}).content.decode()
    assert '<html lang="ar" dir="rtl">' in arabic
    assert "أول إن قبل الفلوب" in meta(arabic, "description")
    assert "٢٬٠٣٠" in meta(arabic, "description")
    unknown = quiet.http.get(f"/shared/{token}", headers={"Accept-Language": "xx"})
    assert "all-in before the flop" in meta(unknown.content.decode(), "description")


def test_the_owners_name_is_in_the_title_only_when_chosen(quiet, heads_up, catalog):  # noqa: F811
    quiet.signup("sharer", "a long enough password 42").ok()
    token = share(quiet, heads_up, 1).ok().body["token"]
    assert "sharer" not in quiet.http.get(f"/shared/{token}").content.decode()
    share(quiet, heads_up, 1, show_owner_name=True).ok()
    page = quiet.http.get(f"/shared/{token}").content.decode()
    assert meta(page, "og:title") == "Texas Hold'em, hand 1, shared by sharer"


def test_a_revoked_or_wrong_link_has_no_preview(quiet, heads_up, catalog):  # noqa: F811
    token = share(quiet, heads_up, 1).ok().body["token"]
    quiet.request("DELETE", f"/api/shares/{token}/")
    for link in (token, "no-such-token"):
        page = quiet.http.get(f"/shared/{link}")
        assert page.status_code == 404
        assert 'name="description"' not in page.content.decode()
        assert '<div id="app"' in page.content.decode()  # the client says why


def test_numbers_are_grouped_as_each_language_writes_them():
    assert [number(2030, code) for code in ("en", "de", "fi", "ar", "ms")] == [
        "2,030",
        "2.030",
        "2\u00a0030",
        "٢٬٠٣٠",
        "2,030",
    ]
