"""The table's own modules in the browser: the window of recent events the table folds
(recent.js), the result's life (display.js) and the knock-out summary's figures (watch.js)."""

from __future__ import annotations

from playwright.sync_api import Page

KEEP = """async (kinds) => {
  const { keepRecent } = await import('/js/recent.js');
  let records = [];
  kinds.forEach((kind, index) => {
    records = keepRecent(records, { seq: index + 1, type: `holdem.${kind}`, payload: {} });
  });
  return records.map((record) => record.seq);
}"""


def test_the_window_starts_at_the_hand_before_the_one_in_play(page: Page) -> None:
    kinds = ["match_started", "hand_started", "called", "hand_ended"]
    kinds += ["hand_started", "folded", "hand_ended", "hand_started", "checked"]
    # Openings at seqs 2, 5 and 8: the window starts at 5 (the hand before hand 3).
    assert page.evaluate(KEEP, kinds) == [5, 6, 7, 8, 9]
    # Before any hand nothing is cut; with one hand the window starts at its opening.
    assert page.evaluate(KEEP, ["match_started"]) == [1]
    assert page.evaluate(KEEP, ["match_started", "hand_started", "called"]) == [2, 3]


RESULT = """async () => {
  const { annotateFrom } = await import('/js/display.js');
  const seats = [0, 1].map(() => ({ cards: null }));
  const display = { game: 'holdem', viewer: 0, seq: 0, hand_number: 2, seats, live: true };
  const records = [
    { seq: 1, type: 'holdem.hand_started', payload: { hand_number: 1 } },
    { seq: 2, type: 'holdem.pot_awarded',
      payload: { pot: 0, winners: [1], shares: [30], amount: 30 } },
    { seq: 3, type: 'holdem.hand_ended', payload: { hand_number: 1, stacks: [0, 0] } },
    { seq: 4, type: 'holdem.hand_started', payload: { hand_number: 2 } },
    { seq: 5, type: 'holdem.called', payload: { seat: 1, amount: 20 } },
  ];
  const at = (seq) => {
    annotateFrom(Object.assign(display, { seq }), records);
    return display.result ? display.result.number : null;
  };
  return [at(2), at(4), at(5)];
}"""


def test_a_result_belongs_to_its_hand_and_goes_at_the_next_hands_first_move(page: Page) -> None:
    # Hand 1's pot at seq 2 and after hand 2 is dealt (seq 4); gone once hand 2's first move
    # is made (seq 5). The result is numbered by its own hand, not by the hand in play.
    assert page.evaluate(RESULT) == [1, 1, None]


SUMMARY = """async (hands) => {
  const { summaryFigures } = await import('/js/watch.js');
  const display = { game: 'holdem', viewer: 0, winner: 2, seats: [{ place: 3 }, {}, {}, {}] };
  const figures = summaryFigures(hands, display);
  const { place, played, biggest, out } = figures;
  return { place, played, biggest, out };
}"""


def hand(
    number: int, *, result: str, pot: int, eliminated: list[int] | None = None
) -> dict[str, object]:
    return {
        "hand_number": number,
        "segment": 1,
        "finished": True,
        "result": result,
        "pot": pot,
        "eliminated": eliminated or [],
    }


def test_the_summary_counts_the_hands_up_to_the_knock_out(page: Page) -> None:
    hands = [
        {**hand(1, result="won", pot=999), "segment": 0},  # before a restart: not counted
        hand(2, result="won", pot=120),
        hand(3, result="split", pot=400),
        hand(4, result="lost", pot=2000),
        hand(5, result="lost", pot=900, eliminated=[0, 3]),
        hand(6, result="folded", pot=50),  # watched after the knock-out
    ]
    assert page.evaluate(SUMMARY, hands) == {"place": 3, "played": 4, "biggest": 400, "out": 5}
