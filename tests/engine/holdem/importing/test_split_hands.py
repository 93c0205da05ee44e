"""A PokerStars file is cut into hands from blocks of its text of any size: the same hands,
header lines and line numbers as reading it line by line, whatever the blocks' edges cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.holdem.importing import pokerstars

DATA = Path(__file__).parent / "data" / "pokerstars"


def _by_lines(text: str) -> list[tuple[int, str, list[tuple[int, str]]]]:
    """The hands as a line-by-line reader finds them: each from a line the header matches to
    the next such line, its lines not blank without their ends (the header's kept)."""
    hands: list[tuple[int, str, list[tuple[int, str]]]] = []
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if header := pokerstars.HEADER.match(line):
            hands.append((number, header[1], [(number, line)]))
        elif hands and line.strip():
            hands[-1][2].append((number, line.rstrip("\r\n")))
    return hands


def _by_blocks(text: str, size: int) -> list[tuple[int, str, list[tuple[int, str]]]]:
    blocks = (text[at : at + size] for at in range(0, len(text), size))
    return [
        (hand.line, hand.hand_id, pokerstars.hand_lines(hand))
        for hand in pokerstars.split_hands(blocks)
    ]


def _texts() -> list[str]:
    corpus = [path.read_text(encoding="utf-8-sig") for path in sorted(DATA.glob("*.txt"))]
    joined = "\n\n".join(corpus)
    return [
        joined,
        "\n\npreamble\n" + joined.rstrip("\n"),  # lines before the first header; no last end
        joined.replace("\n", "\r\n"),
    ]


@pytest.mark.parametrize("size", [1, 7, 113, 4096, 1 << 20])
def test_blocks_of_any_size_cut_the_same_hands_as_lines(size):
    for text in _texts():
        expected = _by_lines(text)
        assert len(expected) > 100
        assert _by_blocks(text, size) == expected


def test_a_header_cut_by_a_block_edge_is_still_found():
    text = _texts()[0]
    second = text.index("PokerStars", text.index("PokerStars") + 1)
    blocks = [text[: second + 5], text[second + 5 :]]
    hands = list(pokerstars.split_hands(blocks))
    assert hands[1].text.startswith(text[second : second + 30])
    assert hands[0].text == text[:second]
