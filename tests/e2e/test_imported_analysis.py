"""An imported hand's analysis in the replayer (issue 29): the equity graph where the history
tells every hand still in, each street it cannot compute said in words, the hero's decisions
beside the hard AI's with an estimate against unseen hands marked "≈", the amounts in dollars,
and in Arabic no English left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from games.engine.holdem.importing import ParsedHand, iter_hands
from games.imports import import_file, import_run
from games.models import ImportedHand, Player
from tests.e2e.conftest import PHONE
from tests.e2e.test_imports import assert_fits, choose_language
from tests.e2e.test_replay import analysis, open_replay, shot

DATA = Path(__file__).resolve().parents[1] / "engine" / "holdem" / "importing" / "data"


def imported(owner: Player, relative: str, index: int) -> str:
    """Import the corpus file as ``owner``'s; the match id of its ``index``-th hand (from 1)."""
    with (DATA / relative).open(encoding="utf-8-sig") as stream:
        hands = [hand for hand in iter_hands(stream, relative) if isinstance(hand, ParsedHand)]
    import_run(str(import_file(owner=owner, path=DATA / relative).id))
    row = ImportedHand.objects.get(owner=owner, source_hand_id=hands[index - 1].hand_id)
    return str(row.match_id)


def analyse(page: Page, match_id: str) -> dict[str, Any]:
    open_replay(page, match_id, 1)
    data = analysis(page, match_id, 1)
    page.locator("[data-action=analyse]").click()
    expect(page.locator(".analysis")).to_have_attribute("data-status", "ready")
    return data


def test_an_imported_hand_is_analysed_in_the_replayer(browse: Any) -> None:
    owner = Player.objects.create()
    # Every hand shown: the graph has a line per player, each street computed.
    shown = imported(owner, "pokerstars/all_in.txt", 9)
    # The hero's cards only: no street computed, every decision an estimate.
    hidden = imported(owner, "pokerstars/heads_up.txt", 2)
    page = browse(player=owner)
    page.goto("/")
    page.wait_for_selector(".lobby")

    data = analyse(page, shown)
    seats = {seat for street in data["streets"] for seat in street["equity"]}
    expect(page.locator(".equity-chart .chart-series")).to_have_count(len(seats))
    expect(page.locator(".equity-methods li[data-method=unknown]")).to_have_count(0)
    expect(page.locator(".learn tbody tr")).to_have_count(len(data["decisions"]))
    expect(page.locator(".learn tbody tr[data-unseen]")).to_have_count(0)

    data = analyse(page, hidden)
    expect(page.locator(".equity-chart")).to_have_count(0)
    methods = page.locator(".equity-methods li[data-method=unknown]")
    expect(methods).to_have_count(len(data["streets"]))
    expect(methods.first).to_contain_text("not computed")
    rows = page.locator(".learn tbody tr[data-unseen]")
    expect(rows).to_have_count(len(data["decisions"]))
    expect(rows.first.locator("td").nth(1)).to_contain_text("≈")
    costs = page.locator(".learn tbody").inner_text()
    assert "$" in costs and "chips" not in costs, costs
    shot(page, "imported-analysis-en-1280x800")

    # The same analysis, redrawn in Arabic.
    choose_language(page, "ar")
    expect(page.locator(".analysis")).to_have_attribute("data-status", "ready")
    # The page's language is set with its catalog; the redraw follows at the next frame.
    expect(page.locator(".analysis")).not_to_contain_text("not computed")
    text = page.locator(".analysis").inner_text()
    assert "replay." not in text and "not computed" not in text, text
    shot(page, "imported-analysis-ar-1280x800")
    page.set_viewport_size(PHONE)
    shot(page, "imported-analysis-ar-360x740")
    assert_fits(page, "an imported hand's analysis on a phone")
