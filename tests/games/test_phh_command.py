"""``manage.py phh replay FILE...`` (DESIGN.md): one JSON line per good file, one stderr line per
bad file, the other files still replayed, exit status 1 if any file failed, never a traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from pokerkit import HandHistory

BASE_DIR = Path(__file__).resolve().parents[2]
FILES = BASE_DIR / "tests" / "engine" / "holdem" / "phh_files"
IMPORTED = BASE_DIR / "tests" / "engine" / "holdem" / "importing" / "data"
GOOD = {"heads_up.phh": [40, 160], "side_pots.phh": [200, 370, 0, 100]}
BAD = {"bad_toml.phh": "malformed TOML"}


def run(*paths: Path) -> tuple[int, list[str], list[str]]:
    """call_command: (exit status, stdout lines, stderr lines)."""
    out, err = StringIO(), StringIO()
    status = 0
    try:
        call_command("phh", "replay", *map(str, paths), stdout=out, stderr=err)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    return status, out.getvalue().splitlines(), err.getvalue().splitlines()


def test_good_files_print_one_json_line_each() -> None:
    paths = [FILES / name for name in GOOD]
    status, out, err = run(*paths)
    assert (status, err) == (0, [])
    assert [json.loads(line) for line in out] == [
        {"file": str(path), "finishing_stacks": GOOD[path.name]} for path in paths
    ]


def test_a_bad_file_gets_one_stderr_line_and_the_others_are_still_replayed() -> None:
    paths = [FILES / "heads_up.phh", FILES / "bad_toml.phh", FILES / "side_pots.phh"]
    status, out, err = run(*paths)
    assert status == 1
    assert [json.loads(line)["file"] for line in out] == [str(paths[0]), str(paths[2])]
    assert len(err) == 1
    assert err[0].startswith(f"{paths[1]}: ") and BAD["bad_toml.phh"] in err[0]


def pokerkit_finishing_stacks(path: Path) -> list[Any]:
    with path.open("rb") as source:
        history = HandHistory.load(source)
    *_, state = iter(history)
    return list(state.stacks)


def test_another_rooms_table_is_replayed_in_its_own_money() -> None:
    """Cents, straddles and antes that differ by seat (issue 29): the importer's table, the
    stacks as the file writes them, PokerKit's (with the room's rake taken as it was paid)."""
    expected = json.loads((IMPORTED / "expected.json").read_text())
    cents = [IMPORTED / "phh" / f"hand_{number:02}.phh" for number in (1, 3, 5)]
    status, out, err = run(FILES / "straddle.phh", *cents)
    assert (status, err) == (0, [])
    lines = [json.loads(line, parse_float=Decimal) for line in out]
    assert lines[0]["finishing_stacks"] == pokerkit_finishing_stacks(FILES / "straddle.phh")
    for path, line in zip(cents, lines[1:], strict=True):
        entry = expected[f"phh/{path.name}#1"]
        assert entry["scale"] == 100
        paid = [Decimal(stack) / 100 for stack in entry["finishing_stacks"]]
        assert line["finishing_stacks"] == paid, path.name
    # Written exactly, to the cent: never a float's approximation.
    assert all(re.fullmatch(r"\d+\.\d\d", str(stack)) for stack in lines[1]["finishing_stacks"])


def test_a_room_hand_the_rules_refuse_names_its_line_and_code() -> None:
    path = IMPORTED / "phh" / "refused_01_out_of_turn.phh"
    status, out, err = run(path)
    assert (status, out) == (1, [])
    (line,) = err
    assert re.fullmatch(rf"{re.escape(str(path))}: line \d+: .+ \[action_out_of_turn\]", line)


def test_a_missing_file_is_one_more_bad_file(tmp_path: Path) -> None:
    status, out, err = run(tmp_path / "nowhere.phh", FILES / "heads_up.phh")
    assert status == 1 and len(out) == 1
    assert err == [f"{tmp_path / 'nowhere.phh'}: cannot read the file: No such file or directory"]


@pytest.mark.parametrize("name", sorted(path.name for path in FILES.glob("*.phh")))
def test_every_sample_file_gives_exactly_one_line(name: str) -> None:
    status, out, err = run(FILES / name)
    assert len(out) + len(err) == 1
    assert status == (1 if err else 0)


def test_the_real_command_line_exits_non_zero_without_a_traceback() -> None:
    paths = [FILES / "heads_up.phh", FILES / "bad_toml.phh", FILES / "dwan_ivey_2009.phh"]
    done = subprocess.run(
        [sys.executable, "manage.py", "phh", "replay", *map(str, paths)],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert [json.loads(line)["finishing_stacks"] for line in done.stdout.splitlines()] == [
        [40, 160],
        [572100, 1997500, 1109500],
    ]
    (error,) = done.stderr.splitlines()
    assert error.startswith(f"{paths[1]}: malformed TOML")
    assert "Traceback" not in done.stderr
