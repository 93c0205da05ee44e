"""The admin's hand page tells a hand as a support agent reads one: the table with names,
positions and stacks, each street with its pot and cards, each action in words, the showdown,
the pots with their eligible players and winners, odd chips, stacks after; Up & Down's signals,
locks, reveal and why, kept cards. Scripted hands of both games, read line by line in order."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.models import Match, Player
from tests.admin.conftest import store
from tests.engine.holdem.table import Table as HoldemTable
from tests.engine.updown.table import Table as UpDownTable

HOLDEM_SEATS = ["human", "easy", "medium", "hard"]  # you, Vera, Otto, Lina


@pytest.fixture(autouse=True)
def catalog(db: None) -> None:
    call_command("load_catalog", verbosity=0)


@pytest.fixture
def marta(db: None) -> Player:
    user = User.objects.create_user("marta", password="a-long-enough-secret")
    return Player.objects.create(user=user, display_name="Marta")


def side_pots_and_odd_chip(owner: Player) -> Match:
    """Hand 1: three all-ins of different sizes (a main pot and a side pot) run out to a
    showdown. Hand 2: a three-way split of 70 chips on a broadway board (one odd chip)."""
    table = HoldemTable(stacks=(1000, 200, 500, 1000))
    table.deal(
        holes={0: "QcQd", 1: "AsAh", 2: "KsKh", 3: "7c2d"},
        board="3h8d9cJs4s",
    )
    # Button 0; Vera (1) small blind, Otto (2) big blind, Lina (3) first to act.
    table.raise_to(3, 500)
    table.call(0)
    table.call(1)  # all-in for 200
    table.call(2)  # all-in for 500
    table.check_down()
    # Hand 2: button 1 (Vera). Otto small blind, Lina big blind; Marta and Vera call.
    table.deal(
        holes={0: "2c3c", 1: "4d5d", 2: "6h7h", 3: "8s9s"},
        board="AhKdQcJhTs",
    )
    table.call(0)
    table.call(1)
    table.fold(2)
    table.check(3)
    table.check_down()
    return store(table.events, seats=HOLDEM_SEATS, owner=owner)


def heads_up(owner: Player) -> Match:
    table = HoldemTable(stacks=(1000, 1000))
    table.deal(holes={0: "AsKd", 1: "7c2h"})
    table.raise_to(0, 60)
    table.fold(1)
    return store(table.events, seats=["human", "hard"], owner=owner)


def story(page: str) -> list[str]:
    """The hand's lines as text, in order."""
    body = page.split('class="bo-story"', 1)[1].split("</ol>", 1)[0]
    lines = re.findall(r"<li[^>]*>(.*?)</li>", body, flags=re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line)).strip() for line in lines]


def in_order(lines: list[str], expected: list[str]) -> None:
    """Each expected text is in a line after the one before it."""
    at = 0
    for wanted in expected:
        found = next((i for i in range(at, len(lines)) if wanted in lines[i]), None)
        assert found is not None, f"{wanted!r} not found after line {at}:\n" + "\n".join(lines)
        at = found + 1


def table_text(page: str, marker: str) -> str:
    """The text of the first table after ``marker`` (a class name), tags taken out."""
    table = page.split(marker, 1)[1].split("</table>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", table))


def no_python_reprs(page: str) -> None:
    text = html.unescape(page)
    assert not re.search(r"\b[A-Z][A-Za-z]+\(\w+=", text), "a Python repr is on the page"
    assert "{'" not in text and "', '" not in text


def test_side_pots_all_ins_and_showdown_in_words(admin_client: Client, marta: Player) -> None:
    match = side_pots_and_odd_chip(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    lines = story(page)
    in_order(
        lines,
        [
            "Hand 1 · marta is on the button",
            "Vera posts the small blind (10)",
            "Otto posts the big blind (20)",
            "Pre-flop pot 30",
            "Vera: A♠ A♥",
            "marta: Q♣ Q♦",
            "Lina raises to 500",
            "marta calls 500",
            "Vera calls 190, all-in",
            "Otto calls 480, all-in",
            "Flop: 3♥ 8♦ 9♣ pot 1,700",
            "Lina checks",
            "marta checks",
            "Turn: J♠ pot 1,700",
            "River: 4♠ pot 1,700",
            "shows",
            "Otto wins side pot 1: 900 (Pair of kings)",
            "Vera wins the pot: 800 (Pair of aces)",
        ],
    )
    shown = [line for line in lines if " shows " in line]
    assert len(shown) == 4 and any("Lina shows 7♣ 2♦: High card, jack" in s for s in shown)
    text = table_text(page, 'class="bo-table"')
    assert re.search(r"marta\s+Player\s+BTN\s+1000\s+500\s+-500", text), text
    assert re.search(r"Vera\s+Easy\s+SB\s+200\s+800\s+\+600", text), text
    assert re.search(r"Otto\s+Medium\s+BB\s+500\s+900\s+\+400", text), text
    assert re.search(r"Lina\s+Hard\s+1000\s+500\s+-500", text), text
    pots = table_text(page, "bo-pots")
    assert re.search(r"Main pot\s+800\s+marta, Vera, Otto and Lina\s+Vera", pots), pots
    assert re.search(r"Side pot 1\s+900\s+marta, Otto and Lina\s+Otto", pots), pots
    no_python_reprs(page)


def test_a_split_pot_names_its_odd_chip(admin_client: Client, marta: Player) -> None:
    match = side_pots_and_odd_chip(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/2/").content.decode()
    lines = story(page)
    in_order(
        lines,
        [
            "Hand 2 · Vera is on the button",
            "marta calls 20",
            "Vera calls 20",
            "Otto folds",
            "Lina checks",
            "Flop: A♥ K♦ Q♣ pot 70",
            "Lina shows 8♠ 9♠: Straight, ace high",
            "Lina, marta and Vera split the pot: 70 (Straight, ace high)",
            "The odd chip goes to Lina: the first winner clockwise from the button.",
        ],
    )
    pots = table_text(page, "bo-pots")
    assert re.search(r"Lina 24, marta 23 and Vera 23\s+Straight, ace high\s+Lina", pots), pots
    no_python_reprs(page)
    # Previous and next hand.
    assert f'href="/admin/games/match/{match.id}/hands/1/"' in page
    assert f'href="/admin/games/match/{match.id}/hands/3/"' not in page


def test_a_heads_up_hand_and_its_links(admin_client: Client, marta: Player) -> None:
    match = heads_up(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    in_order(
        story(page),
        [
            "Hand 1 · marta is on the button",
            "marta posts the small blind (10)",
            "Vera posts the big blind (20)",
            "Pre-flop pot 30",
            "marta: A♠ K♦",
            "marta raises to 60",
            "Vera folds",
            "Uncalled 40 goes back to marta",
            "marta wins the pot: 40",
        ],
    )
    assert "BTN · SB" in page
    assert f'href="/#/match/{match.id}/hand/1"' in page
    for fmt in ("phh", "pokerstars"):
        assert f"/admin/games/match/{match.id}/hands/1/export/{fmt}/" in page
    no_python_reprs(page)


def test_the_raw_events_are_one_click_away(admin_client: Client, marta: Player) -> None:
    match = heads_up(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    raw = page.split('class="bo-raw"', 1)[1]
    assert "<details" in page and "<summary>Raw events (JSON)</summary>" in page
    rows = re.findall(r"<tr><td>(\d+)</td><td><code>([a-z_.]+)</code></td><td>(\d+)</td>", raw)
    assert [kind for _, kind, _ in rows][:3] == [
        "holdem.hand_started",
        "holdem.blind_posted",
        "holdem.blind_posted",
    ]
    payloads = re.findall(r"<pre>(.*?)</pre>", raw, flags=re.S)
    assert json.loads(html.unescape(payloads[1])) == {"amount": 10, "blind": "small", "seat": 0}


def updown_match(owner: Player) -> Match:
    """Deal 1: both lock and bet; Marta's 2 beats Vera's ace. Deal 2: Vera folds."""
    table = UpDownTable()
    table.deal(("2s1 7c1", "Ad2 Kh1"), "Qs1 3d2")
    table.lock(0, "2s1")
    table.lock(1, "Ad2")
    table.bet(0, 3)
    table.call(1)
    table.deal()
    starter = table.state.starter
    other = 1 - starter
    locks = {0: "Qs1", 1: "3d2"}
    table.lock(starter, locks[starter])
    table.lock(other, locks[other])
    table.bet(starter, 2)
    table.fold(other)
    return store(table.events, game="updown", seats=["human", "hard"], owner=owner)


def test_up_and_down_two_beats_ace(admin_client: Client, marta: Player) -> None:
    match = updown_match(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    assert f"<h1>Deal 1 of match {str(match.id)[:8]}</h1>" in page
    assert "/hands/1/export/ud/" in page and "Download the deal history" in page
    in_order(
        story(page),
        [
            "Deal 1 · marta starts",
            "marta gets the 2♠",
            "Vera gets the A♦",
            "marta pays the ante (1)",
            "Signals",
            "marta signals 0 UP · 2 DOWN",
            "Vera signals 2 UP · 0 DOWN",
            "marta locks a card",
            "Vera locks a card",
            "marta bets 3",
            "Vera calls 3",
            "Reveal pot 8",
            "marta locked the 2♠",
            "Vera locked the A♦",
            "marta wins: a 2 beats an ace.",
            "marta wins the pot: 8",
            "marta keeps the 7♣",
            "Vera keeps the K♥",
        ],
    )
    no_python_reprs(page)


def test_up_and_down_a_fold_and_the_kept_cards_of_the_deal_before(
    admin_client: Client, marta: Player
) -> None:
    match = updown_match(marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/2/").content.decode()
    lines = story(page)
    in_order(lines, ["Deal 2", "locks a card", "bets 2", "folds", "Reveal", "folded:", "wins"])
    # Each kept the card it did not lock: Marta the 7♣ and the Q♠ drawn, locking the Q♠.
    assert any("marta keeps the 7♣" in line for line in lines), lines
    assert any("Vera keeps the K♥" in line for line in lines), lines
    no_python_reprs(page)


def test_the_four_colour_deck_is_a_choice_kept_in_a_cookie(
    admin_client: Client, marta: Player
) -> None:
    match = heads_up(marta)
    url = f"/admin/games/match/{match.id}/hands/1/"
    assert 'class="backoffice four-colour"' not in admin_client.get(url).content.decode()
    chosen = admin_client.get(url + "?four_colour=on")
    assert chosen.status_code == 302 and chosen.cookies["cardavia_four_colour"].value == "on"
    assert 'class="backoffice four-colour"' in admin_client.get(url).content.decode()


def test_the_page_is_in_the_staff_members_language(admin_client: Client, marta: Player) -> None:
    from cardavia.i18n.accounts import choose_language

    match = heads_up(marta)
    admin = User.objects.get(username="admin")
    choose_language(admin, "ar")
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    assert 'dir="rtl"' in page
    lines = story(page)
    assert not any("raises to" in line for line in lines)
    assert "ترفع إلى 60" not in " ".join(lines)  # marta's gender is unknown: the other case
    assert any("marta يرفع إلى 60" in line for line in lines), lines
    no_python_reprs(page)


def test_a_hand_in_play_and_a_hand_that_does_not_exist(admin_client: Client, marta: Player) -> None:
    table = HoldemTable()
    table.deal(holes={0: "AsKd", 1: "7c2h", 2: "9s9h", 3: "Jc8c"})
    table.raise_to(3, 60)
    match = store(table.events, seats=HOLDEM_SEATS, owner=marta)
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/").content.decode()
    in_order(story(page), ["Hand 1", "Lina raises to 60"])
    seats = html.unescape(
        re.sub(r"<[^>]+>", " ", page.split("bo-table", 1)[1].split("</table>")[0])
    )
    assert re.search(r"Lina\s+Hard\s+1000\s+—\s+—", seats), seats  # no stacks after yet
    assert admin_client.get(f"/admin/games/match/{match.id}/hands/2/").status_code == 404
