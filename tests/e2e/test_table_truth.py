"""The table is a function of the server's state: at every step of scripted hands of both
games, a second page opened afresh on the same match shows exactly what the page that played
them shows — the same words (seats, result, reveal, action log) and the same card faces."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from games.models import Event, Match
from tests.e2e.conftest import drawn_seq, open_match, settled, wait_for_turn

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]

# What a player sees of the table: its words and every card's face (a back is "back").
TABLE = """() => {
  const stage = document.querySelector('.stage');
  return {
    text: stage.innerText,
    cards: [...stage.querySelectorAll('.card')].map((c) => c.dataset.card || 'back'),
  };
}"""


def table(page: Page) -> dict[str, Any]:
    return page.evaluate(TABLE)


class Witness:
    """A second tab on the match, reopened at each step and compared with the playing one."""

    def __init__(self, browse: Any, first: Page, match_id: str) -> None:
        self.first = first
        self.second = browse(context=first.context)
        self.match_id = match_id
        open_match(self.second, match_id)
        self.steps = 0

    def check(self) -> None:
        wait_for_turn(self.first)
        self.second.reload()
        self.second.wait_for_selector(".stage")
        settled(self.second)
        seq = Match.objects.get(id=self.match_id).seq
        for page in (self.first, self.second):
            if page.locator(".out-panel").count():  # the summary reads the hand list
                page.wait_for_selector(".summary-figures")
        assert drawn_seq(self.first) == drawn_seq(self.second) == seq
        first, second = table(self.first), table(self.second)
        lines = first["text"].splitlines(), second["text"].splitlines()
        diff = "\n".join(difflib.unified_diff(*lines, lineterm=""))
        assert second == first, f"step {self.steps} at seq {seq}:\n{diff}"
        self.steps += 1


def play(page: Page, witness: Witness, choose: Callable[[Page], str | None], turns: int) -> None:
    """Up to ``turns`` turns: compare the two tabs, then click what ``choose`` picks."""
    for _ in range(turns):
        witness.check()
        if page.locator(".out-panel.match-over").count():
            return
        selector = choose(page)
        if selector is None:
            return
        seq = drawn_seq(page)
        page.locator(selector).first.click()
        settled(page, seq)
    witness.check()


def visible(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def hand_number(page: Page) -> int:
    """The hand (or deal) in play, as the table's facts say it (in English)."""
    found = re.search(r"(?:Hand|Deal) (\d+)", page.locator(".table-facts").inner_text())
    return int(found.group(1)) if found else 0


def test_holdem_reopened_at_every_step_shows_the_same_table(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("truth-holdem")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    witness = Witness(browse, page, match_id)

    def choose(page: Page) -> str | None:
        hand = hand_number(page)
        if hand >= 6:
            return None
        if hand == 2 and visible(page, "[data-action=fold]"):
            return "[data-action=fold]"
        if hand == 4 and visible(page, "[data-size=pot]"):
            page.locator("[data-size=pot]").click()
            return "[data-action=raise], [data-action=bet]"
        return "[data-action=check], [data-action=call]"

    play(page, witness, choose, turns=40)
    assert hand_number(page) >= 4
    assert Event.objects.filter(match_id=match_id, type="holdem.folded", payload__seat=0).exists()
    assert witness.steps >= 12


def test_updown_reopened_at_every_step_shows_the_same_table(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("truth-updown")
    player, match_id = make_match("updown", ["human", "random"])
    page = browse(player=player)
    open_match(page, match_id)
    witness = Witness(browse, page, match_id)
    all_in_deals: set[int] = set()

    def choose(page: Page) -> str | None:
        deal_number = hand_number(page)
        if deal_number >= 6:
            return None
        if visible(page, ".lock-choice"):
            page.locator(".lock-choice").first.click()
            return "[data-action=lock]"
        if deal_number in (2, 4) and visible(page, "[data-action=fold]"):
            return "[data-action=fold]"
        if deal_number == 3 and visible(page, "[data-size=all_in]"):
            all_in_deals.add(deal_number)
            page.locator("[data-size=all_in]").click()
            return "[data-action=raise], [data-action=bet]"
        return "[data-action=check], [data-action=call]"

    play(page, witness, choose, turns=40)
    assert hand_number(page) >= 4 or visible(page, ".out-panel.match-over")
    assert all_in_deals, "no deal was played all-in"
    assert Event.objects.filter(match_id=match_id, type="updown.folded", payload__seat=0).exists()
    assert witness.steps >= 8
