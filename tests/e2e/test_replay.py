"""The study pages in Chromium (issue 11): a match's hand list and stack chart, the replayer
stepped with the keyboard, "Verify the shuffle" on a real hand and on a tampered seed, the
settlement explained, a costly spot opened from "learn from the hand", and the same in Arabic.

Hands are played on the server (calling stations and the human's fixed policy, fixed seeds),
then the browser opens them as their owner."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from games import selectors, services
from games.engine.holdem import HOLDEM
from games.engine.updown import UPDOWN
from games.models import Event, Match, Player
from games.selectors import match_state
from games.stats import player_stats
from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS
from tests.e2e.test_accessibility import axe_violations

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]
# Someone must lose chips for the stack chart to show eliminations: two maniacs never fold.
MANIACS = ["human", "maniac", "maniac", "calling_station"]

Policy = Callable[[dict[str, Any]], tuple[str, int | None]]


def check_or_call(legal: dict[str, Any]) -> tuple[str, int | None]:
    return ("check", None) if legal["can_check"] else ("call", None)


def check_or_fold(legal: dict[str, Any]) -> tuple[str, int | None]:
    """Never put a chip in: the maniacs and the calling station fight it out."""
    return ("check", None) if legal["can_check"] else ("fold", None)


def shove(legal: dict[str, Any]) -> tuple[str, int | None]:
    """All in whenever possible: a policy the hard AI disagrees with often."""
    if legal["can_raise"]:
        kind = "raise" if legal.get("call_amount", 0) > 0 else "bet"
        if legal.get("can_bet") and not legal.get("call_amount"):
            kind = "bet"
        return kind, legal["max_raise_to"]
    return check_or_call(legal)


def finished_hands(match_id: str) -> list[dict[str, Any]]:
    match = Match.objects.get(id=match_id)
    return [hand for hand in selectors.match_hands(match) if hand["finished"]]


def play_holdem(player: Player, match_id: str, hands: int, policy: Policy = check_or_call) -> None:
    """Play until ``hands`` hands are over (or the human is out, or the match ends)."""
    for _ in range(400):
        match = Match.objects.get(id=match_id)
        state = match_state(match)
        if len(finished_hands(match_id)) >= hands or match.status != Match.Status.ACTIVE:
            return
        if state.to_act != 0:
            return  # out of the match
        kind, amount = policy(HOLDEM.view(state, 0)["legal_actions"])
        services.match_act(match_id=match_id, player=player, kind=kind, amount=amount)
    raise AssertionError("the hands did not finish")


def play_updown(player: Player, match_id: str, deals: int) -> None:
    """Lock the first card, then check or call, until ``deals`` deals are over."""
    for _ in range(200):
        match = Match.objects.get(id=match_id)
        if len(finished_hands(match_id)) >= deals or match.status != Match.Status.ACTIVE:
            return
        legal = UPDOWN.view(match_state(match), 0)["legal_actions"]
        assert legal is not None, "the AI plays inside the request in these tests"
        if legal.get("can_lock"):
            services.match_act(
                match_id=match_id, player=player, kind="lock", card=legal["lockable"][0]
            )
        else:
            kind, _ = check_or_call(legal)
            services.match_act(match_id=match_id, player=player, kind=kind)
    raise AssertionError("the deals did not finish")


def a_showdown_hand(match_id: str) -> dict[str, Any]:
    return next(hand for hand in finished_hands(match_id) if hand["showdown"])


def open_replay(page: Page, match_id: str, number: int, step: int | None = None) -> None:
    suffix = "" if step is None else f"/step/{step}"
    page.goto(f"/#/match/{match_id}/hand/{number}{suffix}")
    page.wait_for_selector(".replay-stage")


def current_step(page: Page) -> int:
    return int(page.locator(".replay-stage").get_attribute("data-step") or -1)


def replay_events(match_id: str, number: int) -> list[Event]:
    hand = next(h for h in finished_hands(match_id) if h["hand_number"] == number)
    return list(
        Event.objects.filter(
            match_id=match_id, seq__gte=hand["first_seq"], seq__lte=hand["last_seq"]
        ).order_by("seq")
    )


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)


def choose_language(page: Page, code: str) -> None:
    page.select_option("#language-picker", code)
    expect(page.locator("html")).to_have_attribute("lang", code)


# --- the hand list and the replayer -------------------------------------------------------------


def test_a_showdown_hand_replayed_step_by_step_with_the_keyboard(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-keyboard")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 2)
    hand = a_showdown_hand(match_id)
    number = hand["hand_number"]
    events = replay_events(match_id, number)
    page = browse(player=player)

    # From the table: the hand list, its row for the hand, its link.
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector(".stage")
    page.locator(".hands-link").click()
    row = page.locator(f".hand-row[data-hand='{number}']")
    expect(row.locator(".hand-showdown")).to_have_text("Yes")
    expect(row.locator(".hand-pot")).to_contain_text(f"{hand['pot_total']:,}")
    page.locator("[data-filter=showdown]").click()
    expect(page.locator(".hand-row")).to_have_count(
        sum(1 for h in finished_hands(match_id) if h["showdown"])
    )
    row.locator(".hand-link").click()
    expect(page).to_have_url(re.compile(rf"#/match/{match_id}/hand/{number}$"))
    page.wait_for_selector(".replay-stage")
    assert current_step(page) == 0
    expect(page.locator(".replay-stage .board .card.face")).to_have_count(0)

    # → one event at a time; the log highlights the event just shown; each step has its URL.
    page.locator("body").press("ArrowRight")
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", "1")
    expect(page).to_have_url(re.compile(rf"/hand/{number}/step/1$"))
    flop = next(i for i, e in enumerate(events) if e.type == "holdem.board_dealt") + 1
    for _ in range(flop - 1):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", str(flop))
    board = page.locator(".replay-stage .board .card.face")
    expect(board).to_have_count(3)
    for index, code in enumerate(events[flop - 1].payload["cards"]):
        expect(board.nth(index)).to_have_attribute("data-card", code)
    current = page.locator(".replay-log li.current")
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-seq", str(events[flop - 1].seq))
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_count(0)

    # End: everything the hand revealed, the pots paid; Home: back to the start.
    page.keyboard.press("End")
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", str(len(events)))
    shown = [e for e in events if e.type == "holdem.hand_shown"]
    for each in shown:
        seat = each.payload["seat"]
        cards = page.locator(f".replay-stage .result-shown li[data-seat='{seat}'] .card.face")
        expect(cards).to_have_count(2)
    for award in (e for e in events if e.type == "holdem.pot_awarded"):
        for seat in award.payload["winners"]:
            expect(page.locator(f".replay-stage .seat[data-seat='{seat}']")).to_have_class(
                re.compile("winner")
            )
    expect(page.locator(".replay-stage .board .card.face")).to_have_count(5)
    page.keyboard.press("Home")
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", "0")

    # Space plays the hand; it moves on by itself, and space pauses it.
    page.keyboard.press(" ")
    expect(page.locator("[data-action=play]")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => Number(document.querySelector('.replay-stage').dataset.step) >= 2"
    )
    page.keyboard.press(" ")
    expect(page.locator("[data-action=play]")).to_have_attribute("aria-pressed", "false")

    # A step's address opens that step.
    open_replay(page, match_id, number, step=flop)
    expect(page.locator(".replay-stage .board .card.face")).to_have_count(3)

    # The settlement, explained: each pot, who could win it, the winner's share and hand.
    settlement = page.locator(".settlement")
    award = next(e for e in events if e.type == "holdem.pot_awarded").payload
    expect(settlement.locator(".settle-pot").first).to_contain_text(f"{award['amount']:,}")
    expect(settlement.locator(".settle-eligible").first).to_contain_text("Could win it")
    if award["hand_rank"]:
        expect(settlement.locator(".settle-winning").first).to_contain_text("Best hand")
    for seat, share in zip(award["winners"], award["shares"], strict=True):
        expect(settlement.locator(f".settle-shares li[data-seat='{seat}']")).to_contain_text(
            f"{share:,}"
        )


def test_the_shuffle_check_passes_on_a_real_hand_and_names_the_first_difference_of_a_tampered_seed(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-proof")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 1)
    number = a_showdown_hand(match_id)["hand_number"]
    page = browse(player=player)
    open_replay(page, match_id, number)
    page.locator("[data-action=verify]").click()
    result = page.locator(".proof-result")
    expect(result).to_have_attribute("data-ok", "true")
    # Four players to showdown: every card dealt and burned, 8 hole cards, 3 burns, 5 board
    # cards.
    expect(result.locator(".proof-verdict")).to_contain_text("16 cards")
    expect(result.locator(".proof-commitment")).to_contain_text("equals the commitment")

    # The same hand served with another seed: the hash and the deal both fail.
    def other_seed(body: dict[str, Any]) -> None:
        body["seed"] = "00" + body["seed"][2:]

    result = verified_as_served(browse, player, match_id, number, other_seed)
    expect(result).to_have_attribute("data-ok", "false")
    expect(result.locator(".proof-commitment")).to_contain_text("is not the commitment")
    expect(result.locator(".proof-difference")).to_contain_text("First difference: card")
    # The first card of the deck the table dealt (the first player's first hole card).
    expect(result.locator(".proof-difference")).to_contain_text("card 1 of the deck")

    # A burned card other than the seed's is caught too (the burns are checked, not only the
    # cards shown).
    def other_burn(body: dict[str, Any]) -> None:
        burns = body["dealt"]["burned"]
        used = {card for hole in body["dealt"]["holes"] for card in hole["cards"]}
        used |= {burn["card"] for burn in burns}
        used |= {
            card
            for event in body["events"]
            if event["type"] == "holdem.board_dealt"
            for card in event["payload"]["cards"]
        }
        burns[0]["card"] = next(
            f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in used
        )

    result = verified_as_served(browse, player, match_id, number, other_burn)
    expect(result).to_have_attribute("data-ok", "false")
    expect(result.locator(".proof-commitment")).to_contain_text("equals the commitment")
    expect(result.locator(".proof-difference")).to_contain_text("burn")


def verified_as_served(
    browse: Any, player: Player, match_id: str, number: int, change: Callable[[Any], None]
) -> Any:
    """The shuffle check's result on a new page served the hand's replay altered by ``change``."""

    def serve(route: Route) -> None:
        body = route.fetch().json()
        change(body)
        route.fulfill(json=body)

    page = browse(player=player)
    page.route(re.compile(r"/api/matches/[^/]+/hands/\d+/$"), serve)
    open_replay(page, match_id, number)
    page.locator("[data-action=verify]").click()
    return page.locator(".proof-result")


def test_an_up_and_down_deal_is_checked_shoe_by_shoe(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-updown")
    player, match_id = make_match("updown", ["human", "calling_station"])
    play_updown(player, match_id, 2)
    page = browse(player=player)
    open_replay(page, match_id, 1)
    # The shoe still serves the match: its seed is secret, the check says so.
    page.locator("[data-action=verify]").click()
    expect(page.locator(".proof-result")).to_have_attribute("data-ok", "sealed")
    # A restart reveals every seed: now the shoe checks out card by card.
    services.match_restart(match_id=match_id, player=player)
    open_replay(page, match_id, 1)
    page.reload()
    page.wait_for_selector(".replay-stage")
    page.locator("[data-action=verify]").click()
    result = page.locator(".proof-result")
    expect(result).to_have_attribute("data-ok", "true")
    expect(result.locator("h4")).to_contain_text("Shoe 1")
    # Up & Down's settlement: the reason in words.
    expect(page.locator(".settlement .settle-eligible")).not_to_be_empty()
    page.keyboard.press("End")
    revealed = Event.objects.filter(match_id=match_id, type="updown.locked_cards_revealed").first()
    assert revealed is not None
    for seat, code in enumerate(revealed.payload["cards"]):
        expect(
            page.locator(f".replay-stage .reveal-card[data-seat='{seat}'] .card")
        ).to_have_attribute("data-card", code[:2])
    shot(page, "replay-updown-en-1280x800")


# --- the stack chart ---------------------------------------------------------------------------


def test_the_stack_chart_opens_a_hand(browse: Any, make_match: Any, deal: Any) -> None:
    deal("replay-chart")
    player, match_id = make_match("holdem", MANIACS)
    play_holdem(player, match_id, 6, check_or_fold)
    hands = finished_hands(match_id)
    assert len(hands) >= 2
    page = browse(player=player)
    page.goto(f"/#/match/{match_id}/hands")
    chart = page.locator(".stack-chart svg")
    expect(chart).to_be_visible()
    # One line per seat, one point per finished hand until a seat is out.
    expect(page.locator(".stack-chart .chart-series")).to_have_count(4)
    points = page.locator(".stack-chart .chart-series[data-series='0'] .chart-link")
    expect(points.first).to_be_visible()
    eliminated = Event.objects.filter(match_id=match_id, type="holdem.player_eliminated")
    expect(page.locator(".stack-chart .chart-out")).to_have_count(eliminated.count())
    target = hands[1]["hand_number"]
    page.locator(f".stack-chart .chart-series[data-series='0'] [data-hand='{target}']").click()
    expect(page).to_have_url(re.compile(rf"#/match/{match_id}/hand/{target}$"))
    expect(page.locator(".study-replay h2")).to_contain_text(f"Hand {target}")


def test_a_finished_match_is_studied_from_the_lobby(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-finished")
    player, match_id = make_match("holdem", MANIACS)
    for _ in range(40):
        match = Match.objects.get(id=match_id)
        if match.status != Match.Status.ACTIVE:
            break
        if match_state(match).to_act == 0:
            play_holdem(player, match_id, len(finished_hands(match_id)) + 1, shove)
        else:
            services.match_watch(match_id=match_id, player=player)
    assert Match.objects.get(id=match_id).status == Match.Status.FINISHED
    page = browse(player=player)
    page.goto("/")
    finished = page.locator(f".finished li[data-match='{match_id}']")
    expect(finished).to_be_visible()
    expect(page.locator(f".resume li[data-match='{match_id}']")).to_have_count(0)
    shot(page, "lobby-finished-en-1280x800")
    finished.locator("a").click()
    expect(page).to_have_url(re.compile(rf"#/match/{match_id}/hands$"))
    expect(page.locator(".stack-chart svg")).to_be_visible()


# --- learn from the hand ---------------------------------------------------------------------


def analysis(page: Page, match_id: str, number: int) -> dict[str, Any]:
    """The hand's analysis as the page's own session reads it (waiting out the 202s)."""
    for _ in range(120):
        answer = page.evaluate(
            """async (path) => {
              const r = await fetch(path, {credentials: 'same-origin'});
              return {status: r.status, body: await r.json()};
            }""",
            f"/api/matches/{match_id}/hands/{number}/analysis/",
        )
        if answer["status"] == 200:
            return dict(answer["body"])
        assert answer["status"] == 202, answer
        page.wait_for_timeout(500)
    raise AssertionError("the analysis never came")


def test_a_costly_spot_opens_from_learn_from_the_hand(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-learn")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    # Shoving every hand against calling stations: the hard AI folds much of it.
    play_holdem(player, match_id, 3, shove)
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    costly = None
    for hand in finished_hands(match_id):
        data = analysis(page, match_id, hand["hand_number"])
        if data["costly"]:
            costly = (hand["hand_number"], data)
            break
    assert costly is not None, "no hand of the shoving policy was costly"
    number, data = costly
    open_replay(page, match_id, number)
    page.locator("[data-action=analyse]").click()
    learn = page.locator(".learn")
    expect(learn.locator("tr.costly")).to_have_count(len(data["costly"]))
    expect(page.locator(".equity-chart .chart-series")).to_have_count(
        len({seat for street in data["streets"] for seat in street["equity"]})
    )
    seq = data["costly"][0]
    learn.locator(f"tr.costly[data-seq='{seq}'] .open-spot").click()
    current = page.locator(".replay-log li.current")
    expect(current).to_have_attribute("data-seq", str(seq))
    expect(current.locator(".costly-tag")).to_be_visible()
    shot(page, "replay-learn-en-1280x800")
    # The replayer's own buttons go from costly spot to costly spot.
    page.keyboard.press("Home")
    page.locator("[data-action=costly-next]").click()
    expect(page.locator(".replay-log li.current")).to_have_attribute(
        "data-seq", str(min(data["costly"]))
    )


# --- the same in Arabic, and how it looks -------------------------------------------------------


def test_the_replayer_in_arabic(browse: Any, make_match: Any, deal: Any) -> None:
    deal("replay-arabic")
    player, match_id = make_match("holdem", MANIACS)
    play_holdem(player, match_id, 4, check_or_fold)
    number = finished_hands(match_id)[0]["hand_number"]
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    choose_language(page, "ar")
    page.goto(f"/#/match/{match_id}/hands")
    expect(page.locator(".stack-chart svg")).to_be_visible()
    expect(page.locator(".study-hands h2")).not_to_contain_text("hands of this match")
    page.locator(f".stack-chart .chart-series[data-series='0'] [data-hand='{number}']").click()
    expect(page).to_have_url(re.compile(rf"/hand/{number}$"))
    page.wait_for_selector(".replay-stage")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(page.locator(".replay-log li.current")).to_have_count(1)
    page.locator("[data-action=verify]").click()
    expect(page.locator(".proof-result")).to_have_attribute("data-ok", "true")
    # The analysis, in Arabic too: the equity graph and each decision of ours.
    page.locator("[data-action=analyse]").click()
    expect(page.locator(".equity-chart .chart-series").first).to_be_visible(timeout=60_000)
    data = analysis(page, match_id, number)
    assert data["decisions"], "we acted in this hand"
    expect(page.locator(".learn tbody tr")).to_have_count(len(data["decisions"]))
    # The words come from the Arabic catalog: no English, no raw keys.
    text = page.locator(".study-replay").inner_text()
    assert "replay." not in text
    assert "Verify the shuffle" not in text and "Settlement" not in text


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_screenshots(browse: Any, make_match: Any, deal: Any, language: str, size: str) -> None:
    deal(f"replay-shots-{language}-{size}")
    player, match_id = make_match("holdem", MANIACS)
    play_holdem(player, match_id, 6, check_or_fold)
    viewport = DESKTOP if size == "desktop" else PHONE
    page = browse(player=player, viewport=viewport)
    page.goto("/")
    page.wait_for_selector(".lobby")
    choose_language(page, language)
    name = f"{language}-{viewport['width']}x{viewport['height']}"
    page.goto(f"/#/match/{match_id}/hands")
    expect(page.locator(".stack-chart svg")).to_be_visible()
    shot(page, f"replay-hands-{name}")
    hidden = page.evaluate(
        "(() => { const s = document.querySelector('.table-scroll');"
        " return s.scrollWidth - s.clientWidth; })()"
    )
    assert hidden <= 0, "the hand list scrolls sideways"
    number = a_showdown_hand(match_id)["hand_number"]
    open_replay(page, match_id, number)
    page.keyboard.press("End")
    page.locator("[data-action=verify]").click()
    expect(page.locator(".proof-result").first).to_be_visible()
    shot(page, f"replay-hand-{name}")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the page spills sideways"
    page.goto("/#/stats")
    expect(page.locator(".stats-level svg").first).to_be_visible()
    shot(page, f"replay-stats-{name}")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the statistics spill sideways"


def test_the_study_code_is_loaded_only_when_a_study_page_opens(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-lazy")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector(".stage")
    assert not any(url.endswith("/study.js") for url in loaded)
    page.locator(".hands-link").click()
    page.wait_for_selector(".study-hands")
    assert any(url.endswith("/study.js") for url in loaded)


def test_the_hand_and_the_match_download_as_hand_histories(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("replay-exports")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 1)
    page = browse(player=player)
    open_replay(page, match_id, 1)
    with page.expect_download() as download:
        page.locator(".exports [data-format=phh]").click()
    text = download.value.path().read_text(encoding="utf-8")
    assert "variant" in text and "actions" in text, text[:200]
    with page.expect_download() as download:
        page.locator(".exports [data-format=pokerstars]").click()
    assert "Hold'em" in download.value.path().read_text(encoding="utf-8")
    page.goto(f"/#/match/{match_id}/hands")
    page.wait_for_selector(".hand-list")
    with page.expect_download() as download:
        page.locator(".exports [data-format=phh]").click()
    assert download.value.suggested_filename
    # The hand list's new fields: your cards, the all-in filter.
    expect(page.locator(".hand-row[data-hand='1'] .hand-cards .card.face")).to_have_count(2)
    expect(page.locator("[data-filter=all_in]")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_no_serious_accessibility_violation_on_the_study_pages(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"replay-axe-{language}")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 2)
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    choose_language(page, language)
    page.goto(f"/#/match/{match_id}/hands")
    page.wait_for_selector(".stack-chart svg")
    found = {"hands": axe_violations(page)}
    open_replay(page, match_id, 1)
    page.keyboard.press("End")
    page.locator("[data-action=verify]").click()
    expect(page.locator(".proof-result")).to_have_attribute("data-ok", "true")
    found["replay"] = axe_violations(page)
    assert found == {"hands": [], "replay": []}


def test_your_statistics_are_drawn_as_plots(browse: Any, make_match: Any, deal: Any) -> None:
    deal("replay-stats")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 3)
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.locator(".lobby-stats a").click()
    level = page.locator(".stats-level[data-game='holdem'][data-level='medium']")
    expect(level).to_contain_text("3 hands in 1 match")
    for key in ("vpip", "pfr", "three_bet", "went_to_showdown", "won_at_showdown"):
        expect(level.locator(f"svg .bar[data-key='{key}'] .bar-fill")).to_have_count(1)
    # Checking or calling: no raise; VPIP is every hand we called pre-flop (a big blind that
    # checks has put nothing in voluntarily).
    voluntary = 0
    for hand in finished_hands(match_id):
        events = replay_events(match_id, hand["hand_number"])
        flop = next((e.seq for e in events if e.type == "holdem.board_dealt"), 10**9)
        voluntary += any(
            e.type == "holdem.called" and e.payload["seat"] == 0 and e.seq < flop for e in events
        )
    vpip = f"{round(100 * voluntary / 3)}%"
    expect(level.locator("svg .bar[data-key='vpip'] .bar-value")).to_have_text(vpip)
    expect(level.locator("svg .bar[data-key='pfr'] .bar-value")).to_have_text("0%")
    expect(page.locator(".stats-winrate svg .interval[data-key='medium'] circle")).to_have_count(1)
    # The headline is big blinds per 100 hands (each hand in its own big blind); chips below.
    (figures,) = player_stats(player)["holdem"]
    winrate = page.locator(".stats-winrate")
    expect(winrate.locator("h4")).to_have_text("Big blinds won per 100 hands")
    shown = winrate.locator("svg .interval[data-key='medium'] .bar-value").text_content() or ""
    assert float(shown.replace("\u2212", "-").replace(",", "")) == round(figures["bb_per_100"], 1)
    expect(winrate).to_contain_text("chips won per 100 hands")


def a_hand_with_side_pots(make_match: Any, deal: Any) -> tuple[Player, str, int, list[Event]]:
    """Hand 2 of a match against calling stations, paid in more than one pot: we fold hand 1
    (so their stacks come apart), then go all in (the seeds of tests/e2e/test_holdem.py)."""
    deal("side-pots")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 1, check_or_fold)
    play_holdem(player, match_id, 2, shove)
    events = replay_events(match_id, 2)
    assert sum(e.type == "holdem.pot_awarded" for e in events) > 1, "the seeds give a side pot"
    return player, match_id, 2, events


def test_pots_form_and_are_paid_in_the_replay(browse: Any, make_match: Any, deal: Any) -> None:
    player, match_id, number, events = a_hand_with_side_pots(make_match, deal)
    awards = [e for e in events if e.type == "holdem.pot_awarded"]
    page = browse(player=player)
    # The step just before the first payout: every pot on the table, with its amount.
    first_award = events.index(awards[0])
    open_replay(page, match_id, number, step=first_award)
    pots = page.locator(".replay-stage .pots .pot")
    expect(pots).to_have_count(len(awards))
    for award in awards:  # paid side pots first; the table lists the main pot first
        expect(pots.nth(award.payload["pot"])).to_contain_text(f"{award.payload['amount']:,}")
    # Each payout takes its pot off the table.
    page.keyboard.press("ArrowRight")
    expect(pots).to_have_count(len(awards) - 1)
    page.keyboard.press("End")
    expect(page.locator(".replay-stage .pots .pot-side")).to_have_count(0)
    # The settlement lists every pot with who could win it.
    expect(page.locator(".settlement .settle-pot")).to_have_count(len(awards))
    for award in awards:
        pot = page.locator(f".settlement .settle-pot[data-pot='{award.payload['pot']}']")
        expect(pot.locator(".settle-eligible")).to_contain_text("Could win it")
        for seat, share in zip(award.payload["winners"], award.payload["shares"], strict=True):
            expect(pot.locator(f".settle-shares li[data-seat='{seat}']")).to_contain_text(
                f"{share:,}"
            )
