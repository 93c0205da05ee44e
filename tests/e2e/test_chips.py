"""Chips move on the table: when a betting round ends the bets slide into the pot, and at the
end of a hand the pot's chips slide to its winners — animated (Web Animations API) in a layer of
their own that takes no room and no clicks; under prefers-reduced-motion nothing flies."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from games.models import Event
from tests.e2e.conftest import DESKTOP, SCREENSHOTS, act, open_match, wait_for_turn

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]
CHECK_OR_CALL = "[data-action=check], [data-action=call]"

# Every flying chip stack the page adds: its kind (bet -> pot, pot -> winner), its seat, and
# whether it was animated when it appeared.
WATCH_FLIGHTS = """() => {
  window.__flights = [];
  const seen = new WeakSet();  // a flight added with its new layer is reported twice
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.nodeType !== 1) continue;
        const flights = node.matches('.chip-flight')
          ? [node] : [...node.querySelectorAll('.chip-flight')];
        for (const flight of flights) {
          if (seen.has(flight)) continue;
          seen.add(flight);
          window.__flights.push({
            kind: flight.dataset.kind,
            seat: Number(flight.dataset.seat),
            animations: flight.getAnimations().length,
          });
        }
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def play_the_first_hand(page: Page, match_id: str) -> None:
    open_match(page, match_id)
    wait_for_turn(page)
    page.evaluate(WATCH_FLIGHTS)
    for _ in range(12):
        if page.locator(".result").count():
            return
        act(page, CHECK_OR_CALL)
        wait_for_turn(page)
    expect(page.locator(".result")).to_be_visible()


def test_bets_slide_to_the_pot_and_the_pot_to_the_winners(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("chips")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, motion="no-preference", viewport=DESKTOP)
    open_match(page, match_id)
    wait_for_turn(page)
    page.evaluate(WATCH_FLIGHTS)
    # Our call closes the preflop round: the flop is dealt and every bet flies to the pot.
    page.locator("[data-action=call]").click()
    page.wait_for_selector(".chip-flight")
    # Held a moment into their flight for the screenshot, then let go.
    page.evaluate(
        """() => document.querySelectorAll('.chip-flight').forEach((flight) =>
             flight.getAnimations().forEach((a) => { a.pause(); a.currentTime = 60; }))"""
    )
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "chips-en-1280x800.png")
    page.evaluate(
        "() => document.querySelectorAll('.chip-flight')"
        ".forEach((flight) => flight.getAnimations().forEach((a) => a.play()))"
    )
    layer = page.locator("#chip-flights")
    assert layer.evaluate("(el) => getComputedStyle(el).position") == "fixed"
    assert layer.evaluate("(el) => getComputedStyle(el).pointerEvents") == "none"
    expect(layer).to_have_attribute("aria-hidden", "true")
    wait_for_turn(page)
    flights = page.evaluate("window.__flights")
    bets = sorted(flight["seat"] for flight in flights if flight["kind"] == "bet")
    assert bets == [0, 1, 2, 3], flights  # four seats had called the big blind
    assert all(flight["animations"] == 1 for flight in flights), flights
    # Play on to the showdown: the pot goes to whoever won it.
    for _ in range(12):
        if page.locator(".result").count():
            break
        act(page, CHECK_OR_CALL)
        wait_for_turn(page)
    expect(page.locator(".result")).to_be_visible()
    awards = Event.objects.filter(match_id=match_id, type="holdem.pot_awarded").order_by("seq")
    winners = sorted({seat for award in awards for seat in award.payload["winners"]})
    won = sorted({f["seat"] for f in page.evaluate("window.__flights") if f["kind"] == "win"})
    assert won == winners, (won, winners)
    # Landed chips are gone: nothing is left in the layer.
    page.wait_for_function("() => !document.querySelector('.chip-flight')")


def test_no_chip_flies_under_reduced_motion(browse: Any, make_match: Any, deal: Any) -> None:
    deal("chips-reduced")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, motion="reduce")
    play_the_first_hand(page, match_id)
    assert page.evaluate("window.__flights") == []
    assert page.locator(".chip-flight").count() == 0
