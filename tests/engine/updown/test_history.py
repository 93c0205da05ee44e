"""Up & Down deal histories (games/engine/updown/history.py, docs/updown-hand-history.md):
every deal our engine plays exports to a file that replays to the engine's own stacks, for the
house and for each player; hand-written files replay as the rules say; and a file we cannot
accept gives a one-line reason (a ValueError)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from games.engine.events import Event
from games.engine.updown import events as ev
from games.engine.updown.history import (
    FORMAT_VERSION,
    HistoryError,
    deal_history,
    load,
    loads,
    replay,
    replay_file,
)
from tests.engine.updown.table import Table
from tests.engine.updown.test_rules_shuffle_and_audit import random_match

FILES = Path(__file__).parent / "history_files"

GOOD_FILES = {
    "fold.udh": (17, 23),
    "two_beats_ace.udh": (0, 40),
    "tie.udh": (14, 26),
    "all_in_from_the_ante.udh": (2, 38),
}

BAD_FILES = {
    "bad_toml.udh": "malformed TOML:",
    "wrong_variant.udh": "unsupported variant 'NT': this reader takes Up & Down ('UD')",
    "short_allin_reraise.udh": "action 7 'p1 cbr 9': A short all-in did not reopen raising",
}

HEAD = """
variant = "UD"
format_version = 1
ante = 1
starting_stacks = [20, 20]
starter = "p1"
"""


def with_actions(*lines: str, head: str = HEAD) -> str:
    body = ",\n".join(f'  "{line}"' for line in lines)
    return f"{head}actions = [\n{body}\n]\n"


DEALT = ("d dh p1 Kd1 3c1", "d dh p2 Qs1 4c1")


# --- round trips -------------------------------------------------------------------------------


def finished_deals(events: list[Event]) -> dict[int, tuple[int, ...]]:
    """deal number → the stacks its DealEnded recorded."""
    return {e.deal_number: tuple(e.stacks) for e in events if isinstance(e, ev.DealEnded)}


@pytest.mark.parametrize("match_seed", range(5))
def test_every_exported_deal_replays_to_the_engines_stacks(match_seed: int) -> None:
    events = random_match(random.Random(match_seed), deals=60)
    deals = finished_deals(events)
    assert deals

    for number, stacks in deals.items():
        for for_seat in (None, 0, 1):
            text = deal_history(events, number, for_seat=for_seat)
            assert replay(text).finishing_stacks == stacks, (number, for_seat, text)


def test_an_exported_deal_is_toml_with_the_documented_fields() -> None:
    table = Table()
    table.deal(seed=bytes(32))
    table.lock_first_cards()
    table.check_down()

    document = tomllib.loads(deal_history(table.events, 1))

    assert document["variant"] == "UD"
    assert document["format_version"] == FORMAT_VERSION
    assert (document["deal"], document["segment"], document["shuffle"]) == (1, 0, 1)
    assert document["shuffle_commitment"] == table.last(ev.ShoeShuffled).commitment
    assert "shuffle_seed" not in document  # the shoe is still in use: its seed is secret
    assert (document["ante"], document["starting_stacks"], document["starter"]) == (
        1,
        [20, 20],
        "p1",
    )
    assert document["finishing_stacks"] == list(table.stacks)
    assert [line.split()[:2] for line in document["actions"][:2]] == [["d", "dh"]] * 2


def test_an_exported_deal_names_the_seed_once_it_is_revealed() -> None:
    table = Table()
    table.deal(seed=bytes(32))
    table.lock_first_cards()
    table.check_down()
    table.restart()

    document = tomllib.loads(deal_history(table.events, 1))

    assert document["shuffle_seed"] == bytes(32).hex()


def test_a_history_lists_each_hand_in_shoe_order_not_the_order_drawn() -> None:
    table = Table()
    table.deal(("Kd1 3c1", "Qs1 4c1"), "2c1 Ah2")
    table.lock_cards({0: "Kd1", 1: "4c1"})
    table.check_down()
    table.deal()  # the AI lost: the human starts; each draws after the card kept
    table.lock_cards({0: "2c1", 1: "Ah2"})
    table.check_down()

    actions = tomllib.loads(deal_history(table.events, 2))["actions"]

    assert actions[:2] == ["d dh p1 2c1 3c1", "d dh p2 Qs1 Ah2"]


def test_a_players_history_does_not_tell_the_opponents_kept_card() -> None:
    table = Table()
    table.deal(("Kd1 3c1", "Qs1 4c1"))
    table.lock_cards({0: "Kd1", 1: "4c1"})
    table.check_down()

    human = deal_history(table.events, 1, for_seat=0)
    ai = deal_history(table.events, 1, for_seat=1)

    assert "d dh p2 4c1 ??" in human and "Qs1" not in human
    assert "d dh p1 Kd1 ??" in ai and "3c1" not in ai
    assert replay(human).finishing_stacks == replay(ai).finishing_stacks == table.stacks


def test_only_finished_deals_can_be_exported() -> None:
    table = Table()
    table.deal(("Kd1 3c1", "Qs1 4c1"))
    table.lock_first_cards()

    with pytest.raises(HistoryError, match="deal 1 is not over"):
        deal_history(table.events, 1)
    with pytest.raises(HistoryError, match="there is no deal 2"):
        deal_history(table.events, 2)
    table.restart()
    with pytest.raises(HistoryError, match="deal 1 was abandoned by a restart"):
        deal_history(table.events, 1)


# --- files --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "stacks"), GOOD_FILES.items())
def test_hand_written_files_replay_as_the_rules_say(name: str, stacks: tuple[int, int]) -> None:
    assert replay_file(FILES / name) == stacks


@pytest.mark.parametrize(("name", "reason"), BAD_FILES.items())
def test_files_we_cannot_accept_give_a_one_line_reason(name: str, reason: str) -> None:
    with pytest.raises(HistoryError) as refused:
        replay_file(FILES / name)

    assert str(refused.value).startswith(reason)
    assert "\n" not in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_missing_or_binary_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="cannot read the file"):
        load(tmp_path / "nowhere.udh")
    binary = tmp_path / "binary.udh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(HistoryError, match="not UTF-8"):
        load(binary)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("actions = []", "malformed: no 'variant' field"),
        ('variant = "UD"\nactions = []', "malformed: missing field(s) format_version, ante"),
        (
            HEAD.replace("format_version = 1", "format_version = 2") + "actions = []",
            "unsupported format_version 2",
        ),
        (
            HEAD.replace("[20, 20]", "[20, 20, 20]") + "actions = []",
            "malformed: starting_stacks must be",
        ),
        (
            HEAD.replace("[20, 20]", "[20, 0]") + "actions = []",
            "malformed: every starting stack must be positive",
        ),
        (HEAD.replace("ante = 1", "ante = 1.5") + "actions = []", "malformed: ante holds 1.5"),
        (HEAD.replace('"p1"', '"p3"') + "actions = []", "malformed: starter is 'p3'"),
        (HEAD + "actions = 'p1 f'", "malformed: 'actions' is not an array of strings"),
        (with_actions("d dh p1 Kd1", DEALT[1]), "malformed: action 1 'd dh p1 Kd1': 'd dh' names"),
        (
            with_actions("d dh p1 Kd1 Kd", DEALT[1]),
            "malformed: action 1 'd dh p1 Kd1 Kd': 'Kd' is not a card id",
        ),
        (
            with_actions("d dh p1 Kd1 3c1", "d dh p2 Kd1 4c1"),
            "malformed: the card Kd1 is dealt twice",
        ),
        (with_actions(DEALT[0]), "malformed: no 'd dh' line for p2"),
        (
            with_actions(*DEALT, "p3 lock Kd1"),
            "malformed: action 3 'p3 lock Kd1': 'p3' is not a player",
        ),
        (
            with_actions(*DEALT, "p1 lock ??"),
            "malformed: action 3 'p1 lock ??': a lock names the card",
        ),
        (
            with_actions(*DEALT, "p1 shove"),
            "malformed: action 3 'p1 shove' is not an Up & Down action",
        ),
        (
            with_actions(*DEALT, "p1 cbr 2.5"),
            "malformed: action 3 'p1 cbr 2.5': '2.5' is not a whole",
        ),
        (with_actions(*DEALT, "p1 lock Qs1"), "action 3 'p1 lock Qs1': p1 was not dealt Qs1"),
        (
            with_actions(*DEALT, "p2 lock Qs1"),
            "action 3 'p2 lock Qs1': it is p1's turn to lock, not p2's",
        ),
        (with_actions(*DEALT, "p1 cbr 2"), "action 3 'p1 cbr 2': Lock one of your cards first"),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cbr 0"),
            "action 5 'p1 cbr 0': The bet must be to at least 1. [amount_below_minimum]",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cbr 20"),
            "action 5 'p1 cbr 20': You can bet at most 19",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 f"),
            "action 5 'p1 f': You owe nothing: check instead of folding.",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cc", "p2 cc", "p1 cc"),
            "action 7 'p1 cc': the deal is already over",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cc"),
            "deal incomplete: the actions end with p2 to bet",
        ),
        (with_actions(*DEALT, "p1 lock Kd1"), "deal incomplete: the actions end with p2 to lock"),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p1 sm Kd1"),
            "action 4 'p1 sm Kd1': a locked card is shown only after",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cc", "p2 cc", "p2 sm Qs1"),
            "action 7 'p2 sm Qs1': p2 locked 4c1",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "d dh p1 Kd1 3c1"),
            "malformed: action 5 'd dh p1 Kd1 3c1': cards dealt after",
        ),
        (
            with_actions(*DEALT, "p1 lock Kd1", "p2 lock 4c1", "p1 cc", "p2 cc")
            + "finishing_stacks = [20, 20]\n",
            "finishing_stacks [20, 20] differ from the rules' [21, 19]",
        ),
    ],
)
def test_malformed_or_illegal_histories_are_refused_with_a_clear_reason(
    text: str, reason: str
) -> None:
    with pytest.raises(HistoryError) as refused:
        replay(text)

    assert str(refused.value).startswith(reason), str(refused.value)


def test_loads_reads_a_history_without_replaying_it() -> None:
    history = loads(with_actions(*DEALT, "p1 lock Kd1", "# a comment", ""))

    assert history.starting_stacks == (20, 20)
    assert (history.ante, history.starter, history.finishing_stacks) == (1, 0, None)
    assert [action.kind for action in history.actions] == ["dh", "dh", "lock", "noop", "noop"]


def test_the_example_in_the_format_documentation_replays() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "updown-hand-history.md").read_text()
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]

    assert replay(example).finishing_stacks == (20, 20)
