"""A showdown muck (``pN sm`` with no cards) in a PHH file from another room: the player gives up
their claim to every pot, as PHH and PokerKit define it, and ``manage.py phh replay`` settles the
hand without them instead of refusing the file."""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

import pytest
from django.core.management import call_command
from pokerkit import HandHistory

from games.engine.holdem import phh

# Three players all in preflop for different amounts (a main pot and a side pot). p1 holds the
# best hand (aces full) but mucks; p2 (kings) and p3 (queens) are left to settle it.
THREE_WAY = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [100, 300, 301]
actions = [
  "d dh p1 AsAd",
  "d dh p2 KsKd",
  "d dh p3 QsQd",
  "p3 cbr 301",
  "p1 cc",
  "p2 cc",
  "d db AcKhQh",
  "d db 2c",
  "d db 7d",
  "p1 sm",
  "p2 sm KsKd",
  "p3 sm QsQd",
]
"""


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = HandHistory.loads(text)
    return list(state.stacks)


def test_a_mucked_winner_gives_up_every_pot_as_pokerkit_settles_it() -> None:
    ours = phh.replay(phh.loads(THREE_WAY))
    # p2's kings full win the main pot (300) and the side pot p1 was never in (400).
    assert ours.finishing_stacks == (0, 700, 1)
    assert list(ours.finishing_stacks) == pokerkit_stacks(THREE_WAY)
    shown = {item.seat for item in ours.events if type(item).__name__ == "HandShown"}
    assert shown == {1, 2}


def test_a_muck_with_unknown_cards_is_accepted() -> None:
    text = THREE_WAY.replace('"d dh p1 AsAd"', '"d dh p1 ????"')
    assert phh.replay(phh.loads(text)).finishing_stacks == (0, 700, 1)


def test_without_the_muck_the_best_hand_wins_as_before() -> None:
    shown = THREE_WAY.replace('"p1 sm",', '"p1 sm AsAd",')
    assert phh.replay(phh.loads(shown)).finishing_stacks == (300, 400, 1)
    assert pokerkit_stacks(shown) == [300, 400, 1]


def test_a_muck_by_a_player_not_at_showdown_is_refused() -> None:
    text = THREE_WAY.replace('"p2 cc",', '"p2 f",').replace('"p2 sm KsKd",', '"p2 sm",')
    with pytest.raises(phh.PHHError, match="p2 mucks but is not at a showdown"):
        phh.replay(phh.loads(text))


def test_manage_py_phh_replay_reads_a_file_with_a_muck(tmp_path: Path) -> None:
    path = tmp_path / "muck.phh"
    path.write_text(THREE_WAY)
    out = io.StringIO()
    call_command("phh", "replay", str(path), stdout=out)
    assert json.loads(out.getvalue()) == {"file": str(path), "finishing_stacks": [0, 700, 1]}
