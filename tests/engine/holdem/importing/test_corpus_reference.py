"""The import's test corpus (tests/engine/holdem/importing/data/) checked against its reference.

The corpus is written by scripts/generate_hand_histories.py from hands PokerKit played. These
tests hold the data to what it claims, independently of the generator's own bookkeeping:

- every PHH/PHHS hand, replayed action by action by PokerKit (no repairs), ends with the
  ``expected.json`` stacks (plus the rake taken from each player's winnings);
- every PokerStars hand adds up: its chips, counted line by line, end where ``expected.json``
  says, the pot and the rake agree with its summary, and it is the same hand as its PHHS twin
  (players, stacks, board, shown cards); PokerKit's own PokerStars reader agrees where it can
  read the hand;
- each listed refusal is impossible at exactly the recorded action and line, and nowhere before;
- every case the import must handle appears at least a minimum number of times (each case
  detected from the files themselves, and equal to the generator's tags);
- the committed files are exactly what the generator writes (it is deterministic).
"""

from __future__ import annotations

import functools
import importlib.util
import io
import json
import re
import sys
import tomllib
import warnings
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pokerkit
import pytest
from pokerkit.notation import parse_action

from tests.engine.holdem.importing import stacks_rake_aside

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[4]
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
REFUSALS: list[dict[str, Any]] = json.loads((DATA / "refusals.json").read_text())
CODES = {
    "out_of_turn", "bet_exceeds_stack", "unknown_card", "card_dealt_twice", "not_a_hand_history",
    "malformed_line", "illegal_action",
}  # fmt: skip
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)

# The least number of good hands each case must have (the contract's list, and more).
MINIMUM = 3
CASES = (
    *(f"seats_{n}" for n in range(2, 11)),
    "blinds", "straddle", "antes", "big_blind_ante", "dead_blind", "posted_blind",
    "missing_small_blind", "cents", "tournament", "unknown_hole_cards", "partial_show",
    "uncalled_bet", "all_in", "all_in_runout", "side_pots", "split_pot", "rake", "showdown",
    "stops_early", "sitting_out", "short_stack_forced_all_in",
)  # fmt: skip


# --- reading the files (only as far as these checks need) -------------------------------------


@functools.cache
def file_lines(relative: str) -> list[str]:
    return (DATA / relative).read_text(encoding="utf-8-sig").splitlines()


@functools.cache
def phhs_hands(relative: str) -> dict[int, dict[str, Any]]:
    """A .phhs file's hands by number, amounts as Decimal (never floats); a .phh file is hand 1."""
    text = (DATA / relative).read_text(encoding="utf-8")
    loaded = tomllib.loads(text, parse_float=Decimal)
    if relative.endswith(".phh"):
        return {1: loaded}
    return {int(key): value for key, value in loaded.items()}


def to_minor(value: Any, scale: int) -> int:
    minor = Decimal(value) * scale
    assert minor == minor.to_integral_value(), f"{value} is not a whole number of minor units"
    return int(minor)


def phh_scale(hand: dict[str, Any]) -> int:
    """Cents when the hand is in a currency, else chips (what PHH itself says)."""
    return 100 if hand.get("currency") else 1


def minor_actions(actions: list[str], scale: int) -> list[str]:
    """PHH actions with bet amounts in minor units, so PokerKit computes in whole numbers."""
    result = []
    for action in actions:
        words = action.split()
        if len(words) == 3 and words[1] == "cbr":
            action = f"{words[0]} cbr {to_minor(words[2], scale)}"
        result.append(action)
    return result


def phh_state(hand: dict[str, Any]) -> pokerkit.State:
    scale = phh_scale(hand)
    return pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        hand.get("ante_trimming_status", False),
        [to_minor(v, scale) for v in hand["antes"]],
        [to_minor(v, scale) for v in hand["blinds_or_straddles"]],
        to_minor(hand["min_bet"], scale),
        [to_minor(v, scale) for v in hand["starting_stacks"]],
        len(hand["starting_stacks"]),
    )


def apply(state: pokerkit.State, action: str) -> None:
    """One PHH action, strictly: no player is folded or checked for the file."""
    while state.can_burn_card():
        state.burn_card("??")
    with warnings.catch_warnings():
        # PokerKit only warns when a card is not in the deck (dealt twice): that is an error.
        warnings.simplefilter("error")
        parse_action(state, action)


def replay(hand: dict[str, Any]) -> pokerkit.State:
    state = phh_state(hand)
    for action in minor_actions(hand["actions"], phh_scale(hand)):
        apply(state, action)
    return state


def key_parts(key: str) -> tuple[str, int]:
    relative, index = key.rsplit("#", 1)
    return relative, int(index)


@functools.cache
def stars_hands(relative: str) -> dict[int, tuple[int, list[str]]]:
    """A PokerStars file's hands by number: (first line, the hand's lines)."""
    hands: dict[int, tuple[int, list[str]]] = {}
    current: list[str] = []
    start = 0
    for number, line in enumerate([*file_lines(relative), ""], start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            hands[len(hands) + 1] = (start, current)
            current = []
    return hands


STAKES = re.compile(r"\((\$?[\d.]+)/(\$?[\d.]+)(?: USD)?\)")
SEAT = re.compile(r"^Seat (\d+): (.+) \((\$?[\d.]+) in chips\)( is sitting out)?$")
CARDS = re.compile(r"\[([^\]]+)\]")


@dataclass
class StarsHand:
    """What a PokerStars hand says, counted line by line."""

    hand_id: str
    scale: int
    seats: dict[str, int] = field(default_factory=dict)
    starting: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    hero: tuple[str, str] | None = None
    hero_name: str | None = None
    shown: dict[str, str] = field(default_factory=dict)
    board: list[str] = field(default_factory=list)
    put_in: int = 0
    uncalled: int = 0
    collected: int = 0
    total_pot: int | None = None
    rake: int | None = None
    posts: list[str] = field(default_factory=list)
    sitting_out: int = 0
    lines: list[str] = field(default_factory=list)
    # The betting in PHH's words: (name, "f" | "cc" | "cbr", street total for cbr).
    actions: list[tuple[str, str, int]] = field(default_factory=list)


def read_stars(lines: list[str]) -> StarsHand:
    header = lines[0]
    found = re.search(r"PokerStars Hand #(\d+):", header)
    stakes = STAKES.search(header)
    assert found and stakes, header
    scale = 100 if stakes.group(2).startswith("$") else 1
    big_blind = to_minor(stakes.group(2).lstrip("$"), scale)
    hand = StarsHand(hand_id=found.group(1), scale=scale, lines=lines)

    def money(text: str) -> int:
        return to_minor(text.lstrip("$"), scale)

    street: dict[str, int] = {}
    body = iter(lines[2:])
    for line in body:
        seat = SEAT.match(line)
        if seat and "*** SUMMARY ***" not in lines[: lines.index(line)]:
            if seat.group(4):
                hand.sitting_out += 1
                continue
            name = seat.group(2)
            hand.seats[name] = int(seat.group(1))
            hand.starting[name] = hand.stacks[name] = money(seat.group(3))
            continue
        if line.startswith("*** SUMMARY ***"):
            total = re.match(r"Total pot (\$?[\d.]+).*\| Rake (\$?[\d.]+)$", next(body))
            assert total, line
            hand.total_pot, hand.rake = money(total.group(1)), money(total.group(2))
            break
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            hand.board.extend(CARDS.findall(line)[-1].split())
            street = {}
            continue
        if line.startswith("Dealt to "):
            name = line[len("Dealt to ") : line.rindex(" [")]
            first, second = CARDS.findall(line)[-1].split()
            hand.hero, hand.hero_name = (first, second), name
            continue
        if line.startswith("Uncalled bet ("):
            found = re.match(r"Uncalled bet \((\$?[\d.]+)\) returned to (.+)$", line)
            assert found, line
            hand.stacks[found.group(2)] += money(found.group(1))
            hand.uncalled += money(found.group(1))
            continue
        name = next(
            (n for n in sorted(hand.stacks, key=len, reverse=True) if line.startswith(n)), ""
        )
        rest = line[len(name) :]
        collected = re.match(r" collected (\$?[\d.]+) from (?:main |side )?pot(?:-\d+)?$", rest)
        if collected:
            hand.stacks[name] += money(collected.group(1))
            hand.collected += money(collected.group(1))
            continue
        action = re.match(
            r": (posts the ante|posts small blind|posts big blind|posts straddle|"
            r"posts small & big blinds|calls|bets|raises) (\$?[\d.]+)(?: to (\$?[\d.]+))?"
            r"( and is all-in)?$",
            rest,
        )
        if action:
            verb, amount = action.group(1), money(action.group(2))
            if verb == "raises":
                to = money(action.group(3))
                added = to - street.get(name, 0)
                street[name] = to
            else:
                added = amount
                live = min(amount, big_blind) if verb == "posts small & big blinds" else amount
                street[name] = street.get(name, 0) + (0 if verb == "posts the ante" else live)
            if verb.startswith("posts"):
                hand.posts.append(verb)
            elif verb == "calls":
                hand.actions.append((name, "cc", 0))
            else:
                hand.actions.append((name, "cbr", street[name]))
            hand.stacks[name] -= added
            hand.put_in += added
            assert hand.stacks[name] >= 0, line
            continue
        if rest in (": folds", ": checks"):
            hand.actions.append((name, "f" if rest == ": folds" else "cc", 0))
            continue
        shows = re.match(r": shows \[([^\]]+)\]", rest)
        if shows:
            hand.shown[name] = "".join(shows.group(1).split())
    return hand


# --- PHH and PHHS: PokerKit reproduces expected.json ------------------------------------------

PHH_KEYS = sorted(key for key, entry in EXPECTED.items() if entry["format"] in ("phh", "phhs"))
STARS_KEYS = sorted(key for key, entry in EXPECTED.items() if entry["format"] == "pokerstars")


def test_corpus_has_a_few_hundred_hands_and_stays_small() -> None:
    assert len(EXPECTED) >= 250
    size = sum(path.stat().st_size for path in DATA.rglob("*") if path.is_file())
    assert size < 500_000, f"the corpus is {size} bytes"


@pytest.mark.parametrize("key", PHH_KEYS)
def test_pokerkit_replays_each_phh_hand_to_the_expected_stacks(key: str) -> None:
    relative, index = key_parts(key)
    entry = EXPECTED[key]
    hand = phhs_hands(relative)[index]
    scale = phh_scale(hand)
    assert entry["scale"] == scale
    assert entry["players"] == hand["players"]
    assert str(hand["hand"]) == entry["hand_id"]
    header = f"[{index}]" if relative.endswith(".phhs") else None
    if header:
        assert file_lines(relative)[entry["line"] - 1] == header
    state = replay(hand)
    assert state.status is not entry["complete"], "the hand ends where expected.json says"
    stacks = list(state.stacks)
    if entry["complete"]:
        # PokerKit plays without rake: the room's rake is what each winner did not get.
        assert all(r >= 0 for r in entry["rake_by_player"])
        assert sum(entry["rake_by_player"]) == entry["rake"]
        assert stacks == list(stacks_rake_aside(entry).values())
        won = [to_minor(v, scale) for v in hand.get("winnings", [])]
        if won:
            assert [bool(r) for r in entry["rake_by_player"]] <= [bool(w) for w in won]
            put_in = sum(hand_starts(hand)) - sum(stacks)  # nothing left in front: all settled
            assert put_in == 0
        assert to_minor(hand.get("_rake", 0), scale) == entry["rake"]
    else:
        # Stopped before the end: the stacks behind, chips still in front of the players.
        assert stacks == entry["finishing_stacks"]
        assert entry["rake"] == 0


def hand_starts(hand: dict[str, Any]) -> list[int]:
    scale = phh_scale(hand)
    return [to_minor(v, scale) for v in hand["starting_stacks"]]


@pytest.mark.parametrize("key", [k for k in PHH_KEYS if EXPECTED[k]["complete"]])
def test_pokerkit_hand_history_api_agrees(key: str) -> None:
    """PokerKit's own reader (HandHistory, with its repairs) lands on the same stacks."""
    relative, index = key_parts(key)
    hand = dict(phhs_hands(relative)[index])
    scale = phh_scale(hand)
    for name in ("antes", "blinds_or_straddles", "starting_stacks"):
        hand[name] = [to_minor(v, scale) for v in hand[name]]
    hand["min_bet"] = to_minor(hand["min_bet"], scale)
    hand["actions"] = minor_actions(hand["actions"], scale)
    for name in ("winnings", "_rake", "time"):
        hand.pop(name, None)
    history = pokerkit.HandHistory(
        **{k: v for k, v in hand.items() if k in pokerkit.HandHistory.__dataclass_fields__}
    )
    final = list(history)[-1]
    entry = EXPECTED[key]
    assert list(final.stacks) == list(stacks_rake_aside(entry).values())


# --- PokerStars text: the chips add up, and it is its twin's hand -----------------------------


@pytest.mark.parametrize("key", STARS_KEYS)
def test_pokerstars_hand_adds_up_to_the_expected_stacks(key: str) -> None:
    relative, index = key_parts(key)
    entry = EXPECTED[key]
    start, lines = stars_hands(relative)[index]
    assert start == entry["line"]
    hand = read_stars(lines)
    assert hand.hand_id == entry["hand_id"]
    assert hand.scale == entry["scale"]
    in_seat_order = sorted(hand.seats, key=hand.seats.__getitem__)
    assert in_seat_order == entry["players"]
    assert [hand.stacks[name] for name in in_seat_order] == entry["finishing_stacks"]
    if entry["complete"]:
        assert hand.rake == entry["rake"]
        assert hand.collected + entry["rake"] == hand.total_pot
        assert hand.put_in - hand.uncalled == hand.total_pot
        assert sum(entry["finishing_stacks"]) + entry["rake"] == sum(hand.starting.values())
    else:
        assert hand.total_pot is None, "a hand that stops has no summary"


@pytest.mark.parametrize("key", STARS_KEYS)
def test_pokerstars_hand_is_the_same_hand_as_its_phhs_twin(key: str) -> None:
    relative, index = key_parts(key)
    twin_key = f"twins/{Path(relative).stem}.phhs#{index}"
    hand = read_stars(stars_hands(relative)[index][1])
    twin = phhs_hands(f"twins/{Path(relative).stem}.phhs")[index]
    scale = phh_scale(twin)
    assert str(twin["hand"]) == hand.hand_id
    assert dict(zip(twin["players"], twin["seats"], strict=True)) == hand.seats
    assert {
        name: to_minor(stack, scale)
        for name, stack in zip(twin["players"], twin["starting_stacks"], strict=True)
    } == hand.starting
    board = "".join(a.split()[2] for a in twin["actions"] if a.startswith("d db "))
    assert board == "".join(hand.board)
    dealt = {
        twin["players"][int(a.split()[2][1:]) - 1]: a.split()[3]
        for a in twin["actions"]
        if a.startswith("d dh ")
    }
    shown = {
        twin["players"][int(a.split()[0][1:]) - 1]: a.split()[2]
        for a in twin["actions"]
        if len(a.split()) == 3 and a.split()[1] == "sm"
    }
    assert shown == hand.shown
    betting = []
    for action in minor_actions(twin["actions"], scale):
        words = action.split()
        if words[0] != "d" and words[1] in ("f", "cc", "cbr"):
            amount = int(words[2]) if words[1] == "cbr" else 0
            betting.append((twin["players"][int(words[0][1:]) - 1], words[1], amount))
    assert betting == hand.actions
    for name, cards in dealt.items():
        known = name == hand.hero_name or name in hand.shown
        assert (cards != "????") is known, f"{name}'s cards: {cards}"
    if hand.hero is not None:
        assert dealt[hand.hero_name or ""] == "".join(hand.hero)
    twin_entry = EXPECTED[twin_key]
    by_name = dict(zip(twin_entry["players"], twin_entry["finishing_stacks"], strict=True))
    assert [by_name[name] for name in EXPECTED[key]["players"]] == EXPECTED[key]["finishing_stacks"]
    assert twin_entry["rake"] == EXPECTED[key]["rake"]


def pokerkit_can_read(hand: StarsHand, entry: dict[str, Any]) -> bool:
    """PokerKit's PokerStars reader knows blinds only (no antes, straddles or out-of-turn posts)
    and wants hands turned up at the showdown, after the board."""
    return (
        entry["complete"]
        and sorted(hand.posts) in (["posts big blind", "posts small blind"], ["posts big blind"])
        and "all_in_runout" not in entry["cases"]
        and "missing_small_blind" not in entry["cases"]
        and len(hand.seats) > 2
    )


def readable_by_pokerkit() -> list[str]:
    return [
        key
        for key in STARS_KEYS
        if pokerkit_can_read(
            read_stars(stars_hands(key_parts(key)[0])[key_parts(key)[1]][1]), EXPECTED[key]
        )
    ]


@pytest.mark.parametrize("key", readable_by_pokerkit())
def test_pokerkit_reads_our_pokerstars_text_to_the_same_stacks(key: str) -> None:
    """PokerKit's own PokerStars reader, on the hands it can read, lands on our stacks (the
    others are held to their PHHS twin, which PokerKit replays)."""
    relative, index = key_parts(key)
    entry = EXPECTED[key]
    lines = stars_hands(relative)[index][1]
    scale = entry["scale"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (history,) = pokerkit.HandHistory.from_pokerstars(
            "\n".join(lines) + "\n",
            parse_value=lambda text: to_minor(text.replace(",", ""), scale),
            error_status=True,
        )
    final = list(history)[-1]
    stacks = dict(zip(history.players or [], final.stacks, strict=True))
    assert stacks == stacks_rake_aside(entry)


def test_pokerkit_reads_a_good_share_of_the_pokerstars_hands() -> None:
    assert len(readable_by_pokerkit()) >= 25


# --- refusals ---------------------------------------------------------------------------------


def test_refusal_codes_are_the_documented_ones() -> None:
    assert {refusal["code"] for refusal in REFUSALS} == CODES
    readme = (DATA / "README.md").read_text()
    for code in CODES:
        assert f"`{code}`" in readme


PHH_REFUSALS = [r for r in REFUSALS if r["file"].endswith((".phh", ".phhs")) and r["index"]]


@pytest.mark.parametrize("refusal", PHH_REFUSALS, ids=lambda r: f"{r['file']}#{r['index']}")
def test_phh_refusal_is_impossible_exactly_at_its_action(refusal: dict[str, Any]) -> None:
    hand = phhs_hands(refusal["file"])[refusal["index"]]
    assert f"{refusal['file']}#{refusal['index']}" not in EXPECTED
    actions = minor_actions(hand["actions"], phh_scale(hand))
    state = phh_state(hand)
    bad = refusal["action"]
    for action in actions[:bad]:
        apply(state, action)  # everything before it is possible
    with pytest.raises((ValueError, UserWarning)):
        apply(state, actions[bad])
    line = file_lines(refusal["file"])[refusal["line"] - 1]
    assert hand["actions"][bad] in line
    assert str(hand["hand"]) == refusal["hand_id"]


STARS_REFUSALS = [r for r in REFUSALS if r["file"].startswith("pokerstars/")]


@pytest.mark.parametrize("refusal", STARS_REFUSALS, ids=lambda r: f"{r['file']}#{r['index']}")
def test_pokerstars_refusal_is_at_its_line_and_its_twin_agrees(refusal: dict[str, Any]) -> None:
    start, lines = stars_hands(refusal["file"])[refusal["index"]]
    assert start == refusal["hand_line"]
    assert start < refusal["line"] <= start + len(lines)
    assert file_lines(refusal["file"])[refusal["line"] - 1] == refusal["got"]
    assert f"PokerStars Hand #{refusal['hand_id']}:" in lines[0]
    twin = next((r for r in PHH_REFUSALS if f"{r['file']}#{r['index']}" == refusal["twin"]), None)
    if twin is None:
        # PHH writes a check and a call alike ("cc"): the twin of an impossible check is good.
        assert refusal["code"] == "illegal_action" and refusal["got"].endswith(": checks")
        assert refusal["twin"] in EXPECTED
        hand = read_stars(lines[: refusal["line"] - start])
        name = refusal["got"].rsplit(":", 1)[0]
        assert hand.put_in > 0 and name in hand.stacks  # there was a bet to call
    else:
        assert twin["code"] == refusal["code"]
        assert twin["hand_id"] == refusal["hand_id"]


def test_files_that_are_not_hand_histories() -> None:
    whole = [r for r in REFUSALS if r["code"] == "not_a_hand_history"]
    assert len(whole) >= 3
    for refusal in whole:
        text = (DATA / refusal["file"]).read_text()
        assert "PokerStars Hand #" not in text
        try:
            loaded = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue
        assert "actions" not in loaded and not any(isinstance(v, dict) for v in loaded.values())


# --- coverage ---------------------------------------------------------------------------------


def detect_phh_cases(hand: dict[str, Any]) -> set[str]:
    """Cases read from a PHH hand itself (PokerKit's conventions: a negative blind is a live
    blind posted out of turn; a dead blind's dead part is that seat's ante)."""
    size = len(hand["players"])
    antes = [Decimal(v) for v in hand["antes"]]
    blinds = [Decimal(v) for v in hand["blinds_or_straddles"]]
    if size == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    cases = {f"seats_{size}"}
    if size > 2 and blinds[0] > 0 and blinds[1] <= 0:  # the big blind first after the button
        cases.add("missing_small_blind")
    if size > 2 and any(b > 0 for b in blinds[2:]):
        cases.add("straddle")
    for ante, blind in zip(antes, blinds, strict=True):
        if blind < 0:
            cases.add("dead_blind" if ante else "posted_blind")
    live_antes = [a for a, b in zip(antes, blinds, strict=True) if not b < 0]
    if len([a for a in antes if a]) == 1 and "dead_blind" not in cases:
        cases.add("big_blind_ante")
    elif any(live_antes):
        cases.add("antes")
    if any("????" in action for action in hand["actions"]):
        cases.add("unknown_hole_cards")
    if any(action.split()[1:] == ["sm"] for action in hand["actions"]):
        cases.add("partial_show")
    return cases


def detect_stars_cases(hand: StarsHand) -> set[str]:
    text = "\n".join(hand.lines)
    cases = set()
    if "posts straddle" in text:
        cases.add("straddle")
    if "posts small & big blinds" in text:
        cases.add("dead_blind")
    if "Uncalled bet (" in text:
        cases.add("uncalled_bet")
    if hand.rake:
        cases.add("rake")
    if "side pot" in text:
        cases.add("side_pots")
    if hand.total_pot is None:
        cases.add("stops_early")
    if hand.sitting_out:
        cases.add("sitting_out")
    if "*** SHOW DOWN ***" in text:
        cases.add("showdown")
    if "mucks hand" in text:
        cases.add("partial_show")
    if re.search(r": shows \[[^\]]+\]\n(?:.+: shows .*\n)*\*\*\* (FLOP|TURN|RIVER)", text):
        cases.add("all_in_runout")
    if "and is all-in" in text:
        cases.add("all_in")
    if hand.scale == 100 and re.search(r"\$\d+\.\d\d", text):
        cases.add("cents")
    if "Tournament #" in text.splitlines()[0]:
        cases.add("tournament")
    return cases


DETECTED_FROM_PHH = {
    "missing_small_blind", "straddle", "dead_blind", "posted_blind", "big_blind_ante", "antes",
    "unknown_hole_cards", "partial_show",
} | {f"seats_{n}" for n in range(2, 11)}  # fmt: skip
DETECTED_FROM_STARS = {
    "straddle", "dead_blind", "uncalled_bet", "rake", "side_pots", "stops_early", "sitting_out",
    "showdown", "partial_show", "all_in_runout", "all_in", "cents", "tournament",
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_case_tags_are_what_the_files_show(key: str) -> None:
    relative, index = key_parts(key)
    entry = EXPECTED[key]
    tags = set(entry["cases"])
    if entry["format"] == "pokerstars":
        detected = detect_stars_cases(read_stars(stars_hands(relative)[index][1]))
        checked = DETECTED_FROM_STARS
    else:
        detected = detect_phh_cases(phhs_hands(relative)[index])
        checked = DETECTED_FROM_PHH
    assert tags & checked == detected & checked


def coverage() -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in EXPECTED.values():
        counts.update(entry["cases"])
        counts[f"format_{entry['format']}"] += 1
    return counts


def test_every_case_is_covered() -> None:
    counts = coverage()
    table = "\n".join(f"{case:28} {counts[case]:4}" for case in CASES)
    missing = [case for case in CASES if counts[case] < MINIMUM]
    assert not missing, f"cases under {MINIMUM} hands: {missing}\n{table}"
    assert counts["format_pokerstars"] >= 100
    assert counts["format_phhs"] >= 100
    assert counts["format_phh"] >= 10
    refused = Counter(refusal["code"] for refusal in REFUSALS)
    assert all(refused[code] >= 2 for code in CODES - {"not_a_hand_history"}), refused


@functools.cache
def load_generator() -> Any:
    """scripts/generate_hand_histories.py, loaded from its file (scripts/ is no package)."""
    path = ROOT / "scripts" / "generate_hand_histories.py"
    spec = importlib.util.spec_from_file_location("generate_hand_histories", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


# --- the generator --------------------------------------------------------------------------


def test_generator_rewrites_the_corpus_byte_for_byte(tmp_path: Path) -> None:
    generator = load_generator()
    generator.build_corpus(tmp_path, 29)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    committed = sorted(
        p.relative_to(DATA) for p in DATA.rglob("*") if p.is_file() and p.name != "README.md"
    )
    assert written == committed
    for relative in written:
        assert (tmp_path / relative).read_bytes() == (DATA / relative).read_bytes(), relative


@pytest.mark.parametrize("fmt", ["pokerstars", "phhs"])
def test_generator_streams_a_big_file_of_distinct_hands(fmt: str) -> None:
    """The bench's file: N hands, each with its own hand number, readable as a whole."""
    generator = load_generator()
    out = io.StringIO()
    generator.stream_hands(12, 7, fmt, out, distinct=4)
    text = out.getvalue()
    if fmt == "pokerstars":
        ids = re.findall(r"^PokerStars Hand #(\d+):", text, re.MULTILINE)
        assert text.count("*** SUMMARY ***") == 12
    else:
        hands = tomllib.loads(text, parse_float=Decimal)
        assert list(hands) == [str(n) for n in range(1, 13)]
        ids = [str(hand["hand"]) for hand in hands.values()]
        for hand in hands.values():
            assert not replay(hand).status  # every hand plays to its end in PokerKit
    assert len(ids) == len(set(ids)) == 12
