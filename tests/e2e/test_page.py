"""The page around the tables: the lobby, the language picker (Arabic right to left, with no
reload), the picture sliders, the Full rules view in every language, the pace of the AIs."""

from __future__ import annotations

import itertools
import re
from typing import Any

from playwright.sync_api import Page, expect

from cardavia.i18n.selectors import catalog as catalog_of
from cardavia.i18n.selectors import enabled_languages
from games.models import Match
from tests.e2e.conftest import act, open_match, settled, wait_for_turn

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]


def messages(code: str) -> dict[str, str]:
    from cardavia.i18n.models import Language

    return catalog_of(Language.objects.get(code=code))["messages"]


def no_raw_keys(page: Page) -> None:
    """Every word came through the catalog: no key and no unformatted placeholder shows."""
    text = page.locator("body").inner_text()
    assert not re.search(r"\b(ui|game|card|action|event|level|updown|rules)\.[a-z_]+\.", text)
    assert "{" not in text and "}" not in text


def test_the_lobby_starts_a_match_at_the_chosen_level(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    expect(page.locator("h1")).to_have_text("CARDAVIA")
    expect(page.locator(".game-holdem .header-line")).to_have_text(
        "4 players · You vs 3 AI opponents · Virtual chip match"
    )
    # Three levels for each game, and Hold'em's two blinds (fixed, rising).
    expect(page.locator(".game-card .levels:not(.blinds-choice) .level")).to_have_count(6)
    expect(page.locator(".game-holdem .blinds-choice .level")).to_have_count(2)
    no_raw_keys(page)
    page.locator("label[for=level-updown-hard]").click()
    page.locator("[data-start=updown]").click()
    wait_for_turn(page)
    match = Match.objects.get()
    assert (match.game, match.level) == ("updown", "hard")
    expect(page.locator(".seat-opponent .seat-name")).to_have_text(match_players_name(match))
    # Back in the lobby the unfinished match can be resumed.
    page.locator(".table-menu a.button").click()
    resume = page.locator(f".resume li[data-match='{match.id}'] a")
    expect(resume).to_be_visible()
    resume.click()
    wait_for_turn(page)
    expect(page).to_have_url(re.compile(str(match.id)))


def match_players_name(match: Match) -> str:
    from bots import registry

    return registry.seat_personas(match.seats, match.game)[1]["name"]


def test_switching_to_arabic_mirrors_the_page_and_translates_it_without_a_reload(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("arabic")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    english_name = page.locator(".table-title h2").inner_text()
    page.evaluate("window.__sameDocument = true")
    options = page.locator("#language-picker option")
    expect(options).to_have_count(len(enabled_languages()))
    expect(page.locator("#language-picker option[value=ar]")).to_have_text("العربية")
    page.select_option("#language-picker", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    arabic = messages("ar")
    title = page.locator(".table-title h2")
    expect(title).to_have_text(arabic["game.holdem.name"])
    assert title.inner_text() != english_name
    expect(page.locator("[data-tab=table]")).to_have_text(arabic["ui.tabs.table"])
    expect(page.locator("[data-action=fold]")).to_contain_text(arabic["action.fold"])
    # Card names are spoken in Arabic too; the game is where it was.
    card = page.locator(".my-cards .card").first
    label = card.get_attribute("aria-label") or ""
    assert label and not re.search(r"[A-Za-z]{3,}", label)
    no_raw_keys(page)
    # The choice is kept.
    page.reload()
    wait_for_turn(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


def test_first_visit_follows_the_browser_language(browse: Any) -> None:
    page = browse(locale="de-DE")
    page.goto("/")
    page.wait_for_selector(".lobby")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language-picker")).to_have_value("de")


def test_the_last_language_picked_wins_when_catalogs_arrive_out_of_order(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    held: list[Any] = []
    # Finnish's catalog is held back until German's has been applied.
    page.route("**/api/i18n/fi/", lambda route: held.append(route))
    page.select_option("#language-picker", "fi")
    page.select_option("#language-picker", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_timeout(500)  # the late Finnish answer arrives, and must change nothing
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language-picker")).to_have_value("de")
    assert page.evaluate("window.cardavia.language().code") == "de"


def open_picture_settings(page: Page) -> None:
    expect(page.locator("details.picture-settings")).not_to_have_attribute("open", "")
    page.locator("summary.picture-summary").click()
    expect(page.locator("#slider-contrast")).to_be_visible()


def test_the_sliders_change_the_table_and_are_remembered(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("sliders")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    # On the table the picture settings are folded: one tap opens them.
    open_picture_settings(page)
    stage = page.locator(".stage")
    for name in ("contrast", "grain", "temperature"):
        expect(page.locator(f"#slider-{name}")).to_have_value("50")
    before = stage.screenshot()

    def styles() -> dict[str, str]:
        return page.evaluate(
            """() => ({
              filter: getComputedStyle(document.querySelector('.stage')).filter,
              grain: getComputedStyle(document.querySelector('.stage-grain')).opacity,
              tint: getComputedStyle(document.querySelector('.stage-tint')).backgroundColor,
            })"""
        )

    assert styles()["filter"] == "contrast(1)"
    page.locator("#slider-contrast").focus()
    page.keyboard.press("End")
    page.locator("#slider-grain").focus()
    page.keyboard.press("Home")
    page.locator("#slider-temperature").focus()
    page.keyboard.press("End")
    expect(page.locator("#slider-contrast")).to_have_value("100")
    # Each key's redraw comes in its own frame: wait for the last slider's too.
    page.wait_for_function(
        """() => getComputedStyle(document.querySelector('.stage-grain')).opacity === '0'
          && getComputedStyle(document.querySelector('.stage-tint')).backgroundColor
               .startsWith('rgba(255, 150, 40, 0.28')"""
    )
    changed = styles()
    assert changed["filter"] == "contrast(1.5)"
    assert changed["grain"] == "0"
    assert changed["tint"].startswith("rgba(255, 150, 40, 0.28")
    assert stage.screenshot() != before

    page.reload()
    wait_for_turn(page)
    expect(page.locator("#slider-contrast")).to_have_value("100")
    expect(page.locator("#slider-grain")).to_have_value("0")
    assert styles() == changed
    open_picture_settings(page)
    page.locator(".reset").click()
    expect(page.locator("#slider-temperature")).to_have_value("50")
    assert styles()["filter"] == "contrast(1)"


def test_the_four_colour_deck(browse: Any, make_match: Any, deal: Any) -> None:
    deal("four-colour")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    open_picture_settings(page)
    page.locator("#four-colour").check()
    expect(page.locator("html")).to_have_class(re.compile("four-colour"))


def test_the_full_rules_in_every_language_with_contents_and_anchors(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.locator("[data-tab=rules]").click()
    expect(page).to_have_url(re.compile("#/rules$"))
    for language in enabled_languages():
        page.select_option("#language-picker", language["code"])
        expect(page.locator("html")).to_have_attribute("lang", language["code"])
        texts = messages(language["code"])
        toc = page.locator(".toc li a")
        titles = [key for key in texts if key.startswith("rules.") and key.endswith(".title")]
        expect(toc).to_have_count(len(titles))
        expect(toc.first).to_have_text(texts["rules.intro.title"])
        expect(page.locator("#rules-holdem-betting h3")).to_have_text(
            texts["rules.holdem-betting.title"]
        )
        expect(page.locator("#rules-holdem-betting li").first).to_be_visible()
        expect(page.locator("#rules-holdem-betting strong").first).to_be_visible()
        no_raw_keys(page)
    page.locator(".toc a[href='#/rules/updown-reveal']").click()
    expect(page).to_have_url(re.compile("#/rules/updown-reveal$"))
    expect(page.locator("#rules-updown-reveal")).to_be_focused()
    # The back button and a shared link work: back to the rules' top, back to the lobby.
    page.go_back()
    expect(page).to_have_url(re.compile("#/rules$"))
    page.go_back()
    page.wait_for_selector(".lobby")
    page.goto("/#/rules/holdem-pots")
    expect(page.locator("#rules-holdem-pots")).to_be_focused()


def test_the_ais_moves_appear_one_at_a_time(browse: Any, make_match: Any, deal: Any) -> None:
    deal("pace")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, motion="no-preference")
    open_match(page, match_id)
    wait_for_turn(page)
    page.evaluate(
        """() => {
          const first = document.querySelector('.log li');
          window.__lines = [{
            count: document.querySelectorAll('.log li').length,
            at: performance.now(),
            text: first && first.innerText,
          }];
          new MutationObserver(() => {
            const count = document.querySelectorAll('.log li').length;
            const last = window.__lines[window.__lines.length - 1];
            const newest = document.querySelector('.log li');
            if (!last || last.count !== count) {
              window.__lines.push({count, at: performance.now(), text: newest && newest.innerText});
            }
          }).observe(document.body, {subtree: true, childList: true});
        }"""
    )
    seq = settled(page)
    page.locator("[data-action=call]").click()
    settled(page, seq)
    lines = page.evaluate("window.__lines")
    counts = [line["count"] for line in lines]
    assert counts == sorted(counts) and len(counts) >= 3
    assert all(b - a == 1 for a, b in itertools.pairwise(counts)), counts
    gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(lines)]
    assert max(gaps) >= 400, gaps  # an AI's move waits its turn
    # Our own action shows at once, before the AIs' moves (the log holds the whole hand, from
    # its first line: it is rebuilt from the feed, issue 27).
    assert "You call" in lines[1]["text"], lines[:2]


def test_an_api_refusal_is_shown_in_the_chosen_language(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("refusal")
    browse.expect_status(409)
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    page.select_option("#language-picker", "fi")
    # Two tabs act on the same turn: this tab's fold is held on its way until the other tab's
    # call has landed, so it reaches the server stale (the stream would otherwise bring this
    # tab up to date first, and its fold would no longer be stale).
    actions = re.compile(r"/api/matches/[^/]+/actions/")
    held: list[Any] = []
    page.route(actions, lambda route: held.append(route))
    with page.expect_request(actions):
        page.locator("[data-action=fold]").first.click()
    other = browse(context=page.context)
    open_match(other, match_id)
    wait_for_turn(other)
    act(other, "[data-action=call]")
    # The fold goes on now, behind the call: the API refuses it with stale_seq, shown in Finnish.
    for route in held:
        route.continue_()
    page.unroute(actions)
    error = page.locator(".error-text")
    expect(error).to_be_visible()
    english, finnish = messages("en")["error.stale_seq"], messages("fi")["error.stale_seq"]
    assert english != finnish
    shown = error.inner_text()
    assert shown and "{" not in shown
    assert shown.split()[0] == finnish.split()[0]


def test_the_lobby_is_drawn_whole_once_the_matches_are_known(
    browse: Any, make_match: Any, deal: Any
) -> None:
    """Nothing in the lobby moves under the pointer: it waits for the player's matches, whose
    lists would otherwise arrive above the statistics link and the account box."""
    deal("lobby-whole")
    player, _ = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    held: list[Any] = []
    page.route("**/api/matches/", lambda route: held.append(route))
    page.goto("/")
    expect(page.locator(".loading[aria-busy='true']")).to_be_visible()
    page.wait_for_timeout(300)
    assert len(held) == 1
    expect(page.locator(".lobby")).to_have_count(0)
    held[0].continue_()
    page.wait_for_selector(".lobby")
    link = page.locator(".lobby-stats a")
    first = link.bounding_box()
    expect(page.locator(".lobby .resume")).to_have_count(1)  # drawn with the lobby, not after
    assert link.bounding_box() == first
    link.click()
    expect(page.locator(".lobby")).to_have_count(0)
