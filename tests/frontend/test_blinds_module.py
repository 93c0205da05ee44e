"""The table's blinds (frontend/static/frontend/js/views/blinds.js): from the view read at one
hand, the client works out every later hand's level, blinds, next level and hands to go exactly
as the server's view says them — at a sit & go's every level and at the fixed table."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from games.engine.holdem.game import Act, StartHand, advance
from games.engine.holdem.rules import CARDAVIA_TABLE, SIT_AND_GO_TABLE
from games.engine.holdem.state import HoldemState
from games.engine.holdem.view import view

MODULE = "/js/views/blinds.js"


def views_by_hand(table: Any, hands: int) -> dict[int, dict[str, Any]]:
    """The view's blinds in each of ``hands`` hands (everyone folds to the big blind), and
    before the first (key 0: the hand about to be dealt)."""
    state, _ = advance(HoldemState(), table)
    seen = {0: view(state, 0)["blinds"]}
    for number in range(1, hands + 1):
        state, _ = advance(state, StartHand(seed=number.to_bytes(32, "big")))
        seen[number] = view(state, 0)["blinds"]
        while state.to_act is not None:
            state, _ = advance(state, Act(state.to_act, "fold"))
    return seen


def expected(blinds: dict[str, Any]) -> dict[str, Any]:
    return {
        "level": blinds["level"],
        "small": blinds["small"],
        "big": blinds["big"],
        "next": blinds["next_level"],
        "handsLeft": blinds["hands_left"],
        "rising": len(blinds["schedule"]) > 1,
    }


@pytest.mark.parametrize(("table", "hands"), [(SIT_AND_GO_TABLE, 125), (CARDAVIA_TABLE, 25)])
def test_every_later_hand_s_blinds_are_worked_out_as_the_server_says(
    page: Page, table: Any, hands: int
) -> None:
    seen = views_by_hand(table, hands)
    pairs = [
        (read, later)
        for read in (0, 1, 9, 10, 11, 37, 99, 100)
        for later in range(1, hands + 1)
        if read <= later and read <= hands
    ]
    worked_out = page.evaluate(
        f"""async (arg) => {{
            const m = await import('{MODULE}');
            return arg.pairs.map(([read, later]) => m.blindsForHand(arg.seen[read], later));
        }}""",
        {"pairs": pairs, "seen": {str(k): v for k, v in seen.items()}},
    )
    for (read, later), got in zip(pairs, worked_out, strict=True):
        assert got == expected(seen[later]), (read, later)
