"""Hand histories from other rooms, read into our engine's events: PHH and PHHS
(:mod:`~games.engine.holdem.importing.phh`) and PokerStars text
(:mod:`~games.engine.holdem.importing.pokerstars`).

:func:`iter_hands` reads a file lazily, a hand at a time (memory stays flat in the file's size),
detecting its format from its first lines, and yields for each hand either a
:class:`ParsedHand` (its source and its events, on a table configured as the history says:
:mod:`~games.engine.holdem.importing.table`) or a :class:`RefusedHand` (its line and a stable
code of the error catalog). A file that is no hand history raises :class:`NotAHandHistory`.
:func:`hand_readers` splits the same file into its hands' text only, each a :data:`HandReader`
that reads and plays its hand when called, in any process (it pickles): an import hands them to
worker processes while it stores what they return.

>>> import io
>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2009/07/01 12:00:00 ET
... Table 'Aase' 6-max Seat #1 is the button
... Seat 1: Ann ($1.00 in chips)
... Seat 2: Bob ($2.47 in chips)
... Ann: posts small blind $0.01
... Bob: posts big blind $0.02
... *** HOLE CARDS ***
... Ann: raises $0.04 to $0.06
... Bob: folds
... Uncalled bet ($0.04) returned to Ann
... Ann collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0
... '''
>>> [hand] = iter_hands(io.StringIO(text), "ann.txt")
>>> hand.players, hand.unit, hand.scale, hand.events[-1].stacks
(('Ann', 'Bob'), 'USD', 100, (102, 245))
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from typing import TextIO

from games.engine.holdem.importing import phh, pokerstars
from games.engine.holdem.importing.source import (
    HandRefused,
    ParsedHand,
    RefusedHand,
    SourceHand,
)
from games.engine.holdem.importing.table import play_source

__all__ = [
    "HandReader",
    "NotAHandHistory",
    "ParsedHand",
    "RefusedHand",
    "hand_readers",
    "iter_hands",
    "phh",
    "pokerstars",
    "sniff",
]

# How far into a file its format must show (lines that are not blank).
SNIFF_LINES = 5
# A PokerStars file is searched for its hands' headers this many characters at a time.
BLOCK_CHARS = 1 << 20


# One hand's text, not read yet: called, the hand read and played (or its refusal).
HandReader = Callable[[], ParsedHand | RefusedHand]


class NotAHandHistory(ValueError):
    """The file is neither PHH, PHHS nor PokerStars text: refused as a whole."""


def iter_hands(stream: TextIO, file_name: str) -> Iterator[ParsedHand | RefusedHand]:
    """Every hand of the file in order, read lazily: a :class:`ParsedHand` or a
    :class:`RefusedHand` each. Raises :class:`NotAHandHistory` before yielding anything if the
    file's first lines are no hand history's."""
    readers = hand_readers(stream, file_name)
    return (read() for read in readers)


def hand_readers(stream: TextIO, file_name: str) -> Iterator[HandReader]:
    """Every hand of the file in order, split but not read (lazily); raises
    :class:`NotAHandHistory` at once if the file's first lines are no hand history's."""
    numbered = enumerate(stream, start=1)
    head: list[tuple[int, str]] = []
    for number, text in numbered:
        head.append((number, text))
        if sum(1 for _, line in head if line.strip()) >= SNIFF_LINES:
            break
    kind = sniff([text for _, text in head])
    if kind is None:
        raise NotAHandHistory(file_name)
    if kind == "pokerstars":
        rest = iter(functools.partial(stream.read, BLOCK_CHARS), "")
        return _pokerstars(itertools.chain(["".join(text for _, text in head)], rest))
    return _phh(itertools.chain(head, numbered), file_name)


def sniff(first_lines: list[str]) -> str | None:
    """``"pokerstars"``, ``"phh"`` or None, from a file's first lines."""
    meaningful = [line.strip().lstrip("\ufeff") for line in first_lines if line.strip()]
    if not meaningful:
        return None
    if pokerstars.HEADER.match(meaningful[0]):
        return "pokerstars"
    if all(phh.looks_like_toml(line) for line in meaningful) and any(
        phh.PHH_KEY.match(line) for line in meaningful
    ):
        return "phh"
    return None


def _pokerstars(blocks: Iterator[str]) -> Iterator[HandReader]:
    for hand in pokerstars.split_hands(blocks):
        yield functools.partial(
            _played, functools.partial(pokerstars.parse_text, hand), hand.line, hand.hand_id
        )


def _phh(lines: Iterator[tuple[int, str]], file_name: str) -> Iterator[HandReader]:
    for section in phh.read_sections(lines):
        yield functools.partial(
            _played,
            functools.partial(phh.parse_section, section, file_name),
            section.line,
            phh.hand_id_of(section),
        )


def _played(read: Callable[[], SourceHand], line: int, hand_id: str) -> ParsedHand | RefusedHand:
    """The hand read and played through our engine, or its refusal (its line, its id)."""
    try:
        source = read()
        hand_id = source.hand_id or hand_id
        return play_source(source)
    except HandRefused as refusal:
        return RefusedHand(
            line=refusal.line or line,
            hand_id=hand_id,
            code=refusal.code.value,
            params=refusal.params,
        )
