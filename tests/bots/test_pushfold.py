"""The push/fold charts: the shapes equilibrium ranges must have, and the solver behind them."""

from __future__ import annotations

import numpy as np
import pytest

from bots.holdem import pushfold
from bots.holdem.combos import CLASS_INDEX, CLASS_SIZES

DEPTHS = (3.0, 6.0, 10.0, 15.0, 25.0)


def test_ranges_narrow_as_stacks_deepen_and_players_behind_grow() -> None:
    for behind in (1, 2, 3):
        shares = [pushfold.shove_share(behind, depth) for depth in DEPTHS]
        assert shares == sorted(shares, reverse=True)
    for depth in DEPTHS:
        assert (
            pushfold.shove_share(1, depth)
            > pushfold.shove_share(2, depth)
            > pushfold.shove_share(3, depth)
        )


def test_heads_up_ten_big_blinds_matches_the_published_nash_widths() -> None:
    # The published heads-up charts: the small blind shoves about 58% at 10 bb, the big blind
    # calls about 37%.
    assert 0.55 <= pushfold.shove_share(1, 10.0) <= 0.63
    assert 0.33 <= pushfold.call_share(1, 0, 10.0) <= 0.41


def test_a_caller_with_players_behind_calls_tighter_than_the_big_blind() -> None:
    for depth in (8.0, 12.0, 15.0):
        assert pushfold.call_share(3, 2, depth) <= pushfold.call_share(3, 0, depth)


@pytest.mark.parametrize(
    ("hand", "behind", "depth", "expected"),
    [
        ("AA", 3, 50.0, True),
        ("KK", 3, 200.0, True),
        ("72o", 3, 10.0, False),
        ("72o", 1, 1.0, True),
        ("A5s", 1, 15.0, True),
        ("J4o", 3, 15.0, False),
    ],
)
def test_chart_entries(hand: str, behind: int, depth: float, expected: bool) -> None:
    assert pushfold.shoves(CLASS_INDEX[hand], behind, depth) is expected


def test_weights_are_the_chart_over_every_combo() -> None:
    weights = pushfold.shove_weights(2, 12.0)
    assert weights.shape == (1326,)
    assert set(np.unique(weights)) <= {0.0, 1.0}
    assert weights.mean() == pytest.approx(pushfold.shove_share(2, 12.0))


def test_the_solver_reproduces_the_stored_chart_from_fresh_equities() -> None:
    equities = pushfold.class_equities(seed=5, boards=6)
    assert np.allclose(equities + equities.T, 1.0)
    shove, calls = pushfold.solve(10.0, 1, equities, pushfold.compatible_combos())
    priors = CLASS_SIZES / CLASS_SIZES.sum()
    assert float((shove >= 0.5) @ priors) == pytest.approx(pushfold.shove_share(1, 10.0), abs=0.05)
    assert float((calls[0] >= 0.5) @ priors) == pytest.approx(
        pushfold.call_share(1, 0, 10.0), abs=0.05
    )
