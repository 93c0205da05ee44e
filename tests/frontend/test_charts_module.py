"""The study pages' SVG charts (views/charts.js), drawn in the browser."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

# Stacks by hand: seats 1 and 2 are knocked out by the same hand (x = 2), seat 3 alone later.
STACKS = {
    "0": [1000, 1500, 3000, 4000],
    "1": [1000, 500, 0],
    "2": [1000, 1000, 0],
    "3": [1000, 1000, 1000, 0],
}

DRAW = """async (stacks) => {
  const { render } = await import('/vendor/preact-11.2.0/preact.js');
  const { lineChart } = await import('/js/views/charts.js');
  const series = Object.entries(stacks).map(([seat, ys]) => ({
    key: seat,
    cls: `series-${seat}`,
    label: `Seat ${seat}`,
    points: ys.map((y, x) => ({ x, y, marker: y === 0 ? 'out' : null, title: `${seat}@${x}` })),
  }));
  const root = document.createElement('div');
  document.body.append(root);
  render(lineChart({ series, xLabels: ['0', '1', '2', '3'], label: 'Stacks' }), root);
  return [...root.querySelectorAll('.chart-series')].map((g) => ({
    seat: g.dataset.series,
    line: g.querySelector('polyline').getAttribute('points'),
    outs: [...g.querySelectorAll('.chart-out')].map((o) => o.getAttribute('d')),
  }));
}"""


def _points(line: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in line.split())]


def _cross_centre(path: str) -> tuple[float, float]:
    """A cross is drawn from its top-left corner, 6 units from its centre each way."""
    x, y = (float(n) for n in re.match(r"M([-\d.]+),([-\d.]+)", path).groups())  # type: ignore[union-attr]
    return x + 6, y + 6


def test_players_knocked_out_by_the_same_hand_keep_a_cross_each(page: Page) -> None:
    drawn: list[dict[str, Any]] = page.evaluate(DRAW, STACKS)
    by_seat = {series["seat"]: series for series in drawn}
    crosses = {seat: _cross_centre(by_seat[seat]["outs"][0]) for seat in ("1", "2", "3")}

    # Side by side, at least a cross's width (12 units) apart, on the zero line.
    assert abs(crosses["1"][0] - crosses["2"][0]) >= 12
    assert crosses["1"][1] == crosses["2"][1]
    # Each line ends on its own cross.
    for seat in ("1", "2", "3"):
        assert _points(by_seat[seat]["line"])[-1] == crosses[seat]
    # A player knocked out alone stays exactly on the hand's position, as do the other points.
    winner = _points(by_seat["0"]["line"])
    assert crosses["3"][0] == winner[3][0]
    assert _points(by_seat["1"]["line"])[1][0] == winner[1][0]
