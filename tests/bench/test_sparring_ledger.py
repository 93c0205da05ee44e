"""bench/sparring_ledger.py: real matches booked hand by hand must add up to the chips the hard
seats won, and a line can only hold the hands it names."""

from __future__ import annotations

from bench.bench_bots import Rotation
from bench.sparring_ledger import (
    ANSWER,
    PARTNERS_FOLD,
    SHOWDOWN_LATER,
    SHOWDOWN_PREFLOP,
    STREETS,
    TOTAL,
    WON,
    Book,
    book_match,
    ledger_group,
    report,
)


def booked(specs: tuple[str, ...], group: int) -> tuple[Book, int]:
    """One rising match of ``specs`` booked for the hard seats (the first spec's), and the
    chips those seats won in it."""
    book = Book()
    entries = [entry for entry, spec in enumerate(specs) if spec == specs[0]]
    hard, result = book_match(Rotation(specs, group, 0), entries, book)
    return book, sum(result.net[seat] for seat in hard)


def endings(book: Book) -> list[str]:
    others = ("level", TOTAL, WON, "hard all-in", ANSWER.split(":")[0])
    return [line for line in book.net if not line.startswith(others)]


def test_a_matchs_lines_add_up_to_the_hard_seats_chips_and_hands() -> None:
    for group in range(3):
        book, won = booked(("hard", "reg", "hard", "reg"), group)
        assert book.chips == won
        hands = book.count[TOTAL]
        assert hands > 10
        # Every hand ends one way, and is played at one level.
        assert sum(book.count[line] for line in endings(book)) == hands
        levels = [line for line in book.net if line.startswith("level")]
        assert sum(book.count[line] for line in levels) == hands
        assert abs(sum(book.net[line] for line in endings(book)) - book.net[TOTAL]) < 1e-6


def test_players_who_never_fold_never_fold_a_hand_to_hard() -> None:
    book, _ = booked(("hard", "calling_station", "hard", "calling_station"), 0)
    partner_folds = {PARTNERS_FOLD.format(street=street) for street in STREETS}
    assert not partner_folds & book.net.keys()
    # They call: the hands hard does not fold are shown down.
    assert book.count[SHOWDOWN_PREFLOP] + book.count[SHOWDOWN_LATER] > 0


def test_hard_answers_a_partners_open_once_and_folding_it_never_wins() -> None:
    answers = [ANSWER.format(answer=a) for a in ("fold", "call", "re-raise", "all in")]
    for group in range(3):
        book, _ = booked(("hard", "reg", "hard", "reg"), group)
        assert sum(book.count[line] for line in answers) <= book.count[TOTAL]
        assert book.count[answers[0]] > 0 and book.count[answers[1]] > 0
        # A hand where no hard seat put a chip in after the open: blinds lost at most.
        assert book.net[answers[0]] < 0
    # A partner who never raises never opens.
    book, _ = booked(("hard", "calling_station", "hard", "calling_station"), 0)
    assert not set(answers) & book.net.keys()


def test_a_group_is_booked_over_every_rotation_and_reported_per_match() -> None:
    [book] = ledger_group((("hard", "reg", "hard", "reg"), 0))
    assert book.matches == 4 and book.count[WON] == 4
    text = report("reg", book)
    assert text.splitlines()[0] == "hard vs reg: 4 matches; big blinds a match, times a match"
    assert f"{book.net[TOTAL] / 4:+8.2f}" in text
