"""What players expect at a table: pre-actions while the AIs act (cleared when the bet they
assumed changes, played when the turn comes), the keyboard all-in that asks for a second press,
the made hand named under your cards, amounts in big blinds, and short sounds with a remembered
mute switch."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.engine.holdem.evaluator import evaluate, hand_rank
from games.models import Event, Match
from games.selectors import match_state
from tests.e2e.conftest import SCREENSHOTS, act, open_match, settled, wait_for_turn
from tests.e2e.test_holdem import CALLING_STATIONS, human_actions
from tests.e2e.test_page import messages

RAISER = ["human", "calling_station", "tests.e2e.bots:MinRaiser", "calling_station"]


def choose_language(page: Page, code: str) -> None:
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def wait_until(check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


# --- pre-actions ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_pre_action_is_cleared_by_a_raise_and_one_plays_when_the_turn_comes(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"preactions-{language}")
    player, match_id = make_match("holdem", RAISER)
    # At a player's pace (0.9 s a move): the AIs' moves are shown one by one.
    page = browse(player=player, motion="no-preference")
    choose_language(page, language)
    words = {
        name: messages(language)[f"action.{name}"].split("{")[0].strip()
        for name in ("call", "raise")
    }
    open_match(page, match_id)
    wait_for_turn(page)
    # We are on the button; the small blind (a calling station) and the big blind (it raises
    # the minimum) act after us. Call; while they act, choose "Check".
    page.locator("[data-action=call]").click()
    expect(page.locator(".seat[data-seat='1'] .last-action")).to_contain_text(words["call"])
    check = page.locator(".preactions [data-preaction=check]")
    check.click()
    expect(check).to_have_attribute("aria-pressed", "true")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"preaction-chosen-{language}-1280x800.png")
    # The big blind raises: "Check" assumed nothing more to pay, so it is cleared, and the
    # choices now offer the call of the raise.
    expect(page.locator(".seat[data-seat='2'] .last-action")).to_contain_text(words["raise"])
    expect(page.locator(".preaction[aria-pressed=true]")).to_have_count(0)
    expect(page.locator(".preactions [data-preaction=call]")).to_contain_text("20")
    # The turn comes: nothing was played for us.
    wait_for_turn(page)
    expect(page.locator(".betting-bar [data-action=call]")).to_be_visible()
    assert [event.type for event in human_actions(match_id)] == ["holdem.called"]
    # Call the raise; on the flop, while the others act, choose "Call any": the big blind
    # leads, the calling station calls, and our call is made when the turn comes.
    page.locator("[data-action=call]").click()
    expect(page.locator(".board .card.face")).to_have_count(3)
    call_any = page.locator(".preactions [data-preaction=call_any]")
    call_any.click()
    expect(call_any).to_have_attribute("aria-pressed", "true")
    wait_until(lambda: len(human_actions(match_id)) == 3)
    third = human_actions(match_id)[2]
    assert third.type == "holdem.called" and third.payload["amount"] == 20
    if language == "en":
        expect(page.locator(".log li", has_text="You call 20")).to_have_count(3)
    expect(page.locator(".preaction[aria-pressed=true]")).to_have_count(0)


# --- the keyboard's all-in -------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_keyboard_all_in_needs_a_second_press(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"all-in-keys-{language}")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    choose_language(page, language)
    open_match(page, match_id)
    seq = settled(page)
    wait_for_turn(page)
    question = page.locator(".confirm-all-in")
    # A asks; Escape lets it go; nothing was sent.
    page.keyboard.press("a")
    expect(question).to_be_visible()
    expect(question).to_contain_text("1,000")
    page.screenshot(path=SCREENSHOTS / f"all-in-question-{language}-1280x800.png")
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    # Any other key than A or Enter lets it go too, without acting on it.
    page.keyboard.press("a")
    expect(question).to_be_visible()
    page.keyboard.press("x")
    expect(question).to_have_count(0)
    assert human_actions(match_id) == []
    assert settled(page) == seq
    # A, then A again (English) or Enter (Arabic): the whole stack goes in.
    page.keyboard.press("a")
    expect(question).to_be_visible()
    page.keyboard.press("a" if language == "en" else "Enter")
    wait_until(lambda: len(human_actions(match_id)) == 1)
    shove = human_actions(match_id)[0]
    assert shove.type == "holdem.raised" and shove.payload["to"] == 1000


# --- the made hand -------------------------------------------------------------------------


def english_hand_name(rank: dict[str, Any]) -> str:
    english = messages("en")
    text = english[f"hand.name.{rank['category']}"]
    ranks = rank["ranks"]
    params: dict[str, str] = {}
    for index, code in enumerate(ranks):
        params[f"rank{index + 1}"] = english[f"card.rank.{code}"]
        single = params[f"rank{index + 1}"]
        params[f"ranks{index + 1}"] = english.get(f"card.rank_plural.{code}", single)
    if ranks:
        params.update(rank=params["rank1"], ranks=params["ranks1"], high=params["ranks1"])
        params["low"] = params.get("ranks2", "")
    return re.sub(r"\{(\w+)\}", lambda match: params[match[1]], text)


def test_your_made_hand_is_named_under_your_cards_and_can_be_turned_off(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("made-hand")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    made = page.locator(".my-area .made-hand")
    expect(made).to_have_count(0)  # before the flop there is nothing to name
    for _ in range(4):
        act(page, "[data-action=check], [data-action=call]")
        wait_for_turn(page)
        state = match_state(Match.objects.get(id=match_id))
        on_the_flop = len(state.board) >= 3 and state.hand_number == 1
        if on_the_flop and page.locator(".betting-bar").count():
            break
    state = match_state(Match.objects.get(id=match_id))
    assert len(state.board) >= 3 and state.to_act == 0
    expected = english_hand_name(dict(hand_rank(evaluate([*state.seats[0].hole, *state.board]))))
    expect(made).to_have_text(f"Your hand: {expected}")
    page.screenshot(path=SCREENSHOTS / "made-hand-en-1280x800.png")
    # A setting, on by default: off, the line goes, and stays off after a reload.
    page.locator("summary.table-options-summary").click()
    page.locator("#table-option-madeHand").uncheck()
    expect(made).to_have_count(0)
    page.reload()
    wait_for_turn(page)
    expect(page.locator(".betting-bar")).to_be_visible()
    expect(made).to_have_count(0)


# --- amounts in big blinds -----------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ar"])
def test_amounts_in_big_blinds_count_by_the_tables_own_big_blind(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"big-blinds-{language}")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    choose_language(page, language)
    open_match(page, match_id)
    wait_for_turn(page)
    view = page.evaluate(f"fetch('/api/matches/{match_id}/').then((r) => r.json())")["view"]
    big = view["blinds"]["big"]
    stacks = [seat["stack"] for seat in view["seats"]]
    page.locator("summary.table-options-summary").click()
    page.locator("#table-option-bigBlinds").check()
    unit = messages(language)["controls.amount.big_blinds"]

    def in_big_blinds(chips: int) -> re.Pattern[str]:
        """The amount as the catalog words it; right-to-left text isolates each value."""
        count = f"{chips / big:.2f}".rstrip("0").rstrip(".")
        text = unit.replace("{count}", count)
        return re.compile("[\u2068\u2069]*".join(re.escape(char) for char in text))

    for seat, stack in enumerate(stacks):
        expect(page.locator(f".seat[data-seat='{seat}'] .seat-stack")).to_contain_text(
            in_big_blinds(stack)
        )
    call = view["legal_actions"]["call_amount"]
    expect(page.locator(".betting-bar [data-action=call]")).to_contain_text(in_big_blinds(call))
    page.screenshot(path=SCREENSHOTS / f"big-blinds-{language}-1280x800.png")
    # Back to chips: the stack reads in chips again.
    page.locator("#table-option-bigBlinds").uncheck()
    my_stack = page.locator(".seat[data-seat='0'] .seat-stack")
    expect(my_stack).not_to_contain_text(in_big_blinds(stacks[0]))


# --- sounds --------------------------------------------------------------------------------

# Every tone the page starts, by frequency: the real WebAudio graph, counted where it starts.
_TONES = """
window.__tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones.push(this.frequency.value);
  return start.apply(this, args);
};
"""


def tones(page: Page) -> list[float]:
    return page.evaluate("window.__tones")


def test_sounds_for_your_turn_a_bet_and_a_win_and_a_remembered_mute(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("sounds")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    page.context.add_init_script(_TONES)
    open_match(page, match_id)
    wait_for_turn(page)
    # Audio starts with the player's first gesture; from then on the turn and bets sound.
    act(page, "[data-action=call]")
    wait_for_turn(page)
    heard = tones(page)
    assert 300 in heard, heard  # a bet or a call
    assert 880 in heard, heard  # your turn
    # Play the first hand out: a pot we win plays the win's notes; one we lose does not.
    for _ in range(8):
        if page.locator(".result").count():
            break
        act(page, "[data-action=check], [data-action=call]")
    wait_for_turn(page)
    won = any(
        0 in event.payload["winners"]
        for event in Event.objects.filter(match_id=match_id, type="holdem.pot_awarded")
    )
    assert (784 in tones(page)) == won, (won, tones(page))
    # Mute: nothing more plays, and the choice is remembered after a reload.
    page.locator("summary.table-options-summary").click()
    page.locator("#table-option-sound").uncheck()
    page.evaluate("window.__tones = []")
    act(page, "[data-action=check], [data-action=call]")
    wait_for_turn(page)
    assert tones(page) == []
    page.reload()
    wait_for_turn(page)
    page.locator("summary.table-options-summary").click()
    expect(page.locator("#table-option-sound")).not_to_be_checked()
