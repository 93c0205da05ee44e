"""The table's narration speaks of its subject properly: "You win" and "Vera wins", never
"You wins", in English and in German; Arabic verbs agree with the AI persona's gender (Vera and
Lina are women, Otto a man), which the match body's ``players`` carries.

Two kinds of check: lines the page narrates while a real match is played, and the client's own
``narrate()`` (``window.cardavia.narrate``) on events of every shape a subject can take (you, one
AI of either gender, a split with you, a split between AIs)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import act, open_match, wait_for_turn

ISOLATES = re.compile("[\u2066-\u2069]")

# Seat 0 is you; the AI personas of seats 1-3 and their grammatical gender.
SAMPLES = """() => {
  const players = [
    {seat: 0, name: null, gender: null},
    {seat: 1, name: "Vera", gender: "female"},
    {seat: 2, name: "Otto", gender: "male"},
    {seat: 3, name: "Lina", gender: "female"},
  ];
  const display = {viewer: 0, players, seats: players.map(() => ({}))};
  const say = (type, payload) =>
    window.cardavia.narrate(display, {type: `holdem.${type}`, seq: 1, payload});
  const pot = (winners) => say("pot_awarded", {
    pot: 0, amount: 300, winners, shares: winners.map(() => 300 / winners.length),
  });
  return {
    you_win: pot([0]),
    vera_wins: pot([1]),
    otto_wins: pot([2]),
    you_split: pot([0, 2]),
    ais_split: pot([1, 2]),
    you_call: say("called", {seat: 0, amount: 20}),
    vera_calls: say("called", {seat: 1, amount: 20}),
    otto_calls: say("called", {seat: 2, amount: 20}),
    vera_folds: say("folded", {seat: 1}),
    otto_folds: say("folded", {seat: 2}),
    you_button: say("hand_started", {hand_number: 2, button: 0}),
    vera_button: say("hand_started", {hand_number: 2, button: 1}),
    vera_wins_match: say("match_ended", {winner: 1}),
    otto_wins_match: say("match_ended", {winner: 2}),
  };
}"""


def spoken(page: Page, language: str) -> dict[str, str]:
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    return {key: ISOLATES.sub("", line) for key, line in page.evaluate(SAMPLES).items()}


def log_lines(page: Page) -> list[str]:
    """The narration, oldest first, without the bidi isolates around names and amounts."""
    lines = page.locator(".log li").all_inner_texts()
    return [ISOLATES.sub("", line) for line in reversed(lines)]


def test_the_narration_says_you_win_and_she_wins_in_english_and_german(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    assert spoken(page, "en") == {
        "you_win": "You win the pot: 300",
        "vera_wins": "Vera wins the pot: 300",
        "otto_wins": "Otto wins the pot: 300",
        "you_split": "You and Otto split the pot: 300",
        "ais_split": "Vera and Otto split the pot: 300",
        "you_call": "You call 20",
        "vera_calls": "Vera calls 20",
        "otto_calls": "Otto calls 20",
        "vera_folds": "Vera folds",
        "otto_folds": "Otto folds",
        "you_button": "Hand 2 · you are on the button",
        "vera_button": "Hand 2 · Vera is on the button",
        "vera_wins_match": "Vera wins the match.",
        "otto_wins_match": "Otto wins the match.",
    }
    german = spoken(page, "de")
    assert german["you_win"] == "Du gewinnst den Pot: 300"
    assert german["vera_wins"] == "Vera gewinnt den Pot: 300"
    assert german["you_split"] == "Du und Otto teilt euch den Pot: 300"
    assert german["ais_split"] == "Vera und Otto teilen sich den Pot: 300"
    assert german["you_call"] == "Du gehst mit 20 mit"
    assert german["vera_calls"] == "Vera geht mit 20 mit"
    assert german["vera_button"] == "Hand 2 · Vera hat den Button"


def test_arabic_verbs_agree_with_the_personas_gender(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    arabic = spoken(page, "ar")
    assert arabic["vera_folds"] == "Vera تنسحب"  # she folds
    assert arabic["otto_folds"] == "Otto ينسحب"  # he folds
    assert arabic["vera_calls"] == "Vera تجاري بـ20"
    assert arabic["otto_calls"] == "Otto يجاري بـ20"
    assert arabic["vera_wins"] == "تفوز Vera بالبوت (300)"
    assert arabic["otto_wins"] == "يفوز Otto بالبوت (300)"
    assert arabic["you_win"] == "تفوز بالبوت (300)"
    assert arabic["vera_button"] == "اليد 2 · Vera صاحبة الزر"
    assert arabic["vera_wins_match"] == "فازت Vera بالمباراة."
    assert arabic["otto_wins_match"] == "فاز Otto بالمباراة."


def play_into_the_second_hand(page: Page, match_id: str) -> list[str]:
    """Fold the first hand; the AIs finish it and the second hand is dealt: the narration
    from our fold to our next turn."""
    open_match(page, match_id)
    wait_for_turn(page)
    act(page, "[data-action=fold]")
    wait_for_turn(page)
    expect(page.locator(".table-facts")).to_contain_text(re.compile("2"))
    return log_lines(page)


def test_a_match_against_the_personas_is_narrated_with_their_gender_in_arabic(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("narration-ar")
    player, match_id = make_match("holdem", level="medium")
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    lines = play_into_the_second_hand(page, match_id)
    assert "تنسحب" in lines  # our own fold, in the second person
    # The second hand: Vera has the button, Otto posts the small blind, Lina the big blind.
    assert "اليد 2 · Vera صاحبة الزر" in lines
    assert any(re.fullmatch(r"Otto يضع البلايند الصغير \(\d+\)", line) for line in lines), lines
    assert any(re.fullmatch(r"Lina تضع البلايند الكبير \(\d+\)", line) for line in lines), lines
    # No line gives a woman a man's verb, nor a man a woman's.
    masculine = re.compile(r"^(Vera|Lina) ي|ف?(فاز|يفوز|انسحب) (Vera|Lina)\b")
    feminine = re.compile(r"^Otto ت|ف?(فازت|تفوز|انسحبت) Otto\b")
    assert not [line for line in lines if masculine.search(line) or feminine.search(line)]


def test_a_match_is_narrated_with_the_right_verbs_in_english(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("narration-en")
    player, match_id = make_match("holdem", level="medium")
    page = browse(player=player)
    lines = play_into_the_second_hand(page, match_id)
    assert "You fold" in lines
    assert "Hand 2 · Vera is on the button" in lines
    assert any(re.fullmatch(r"Otto posts the small blind \(\d+\)", line) for line in lines)
    assert any(re.fullmatch(r"Lina posts the big blind \(\d+\)", line) for line in lines)
    # "You" takes the verb's base form; a named player its -s form.
    wrong = re.compile(r"\bYou (wins|calls|folds|checks|bets|raises|posts|shows|pays|is)\b")
    assert not [line for line in lines if wrong.search(line)]
    awarded = [line for line in lines if re.search(r"\b(win|wins|split)\b.*\bpot\b", line)]
    assert awarded, lines
    assert all(
        re.match(
            r"(You win|You and .+ split|\w+ wins|.+ and \w+ split) (the pot|side pot \d)", line
        )
        for line in awarded
    ), awarded
