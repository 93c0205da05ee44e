"""Texas Hold'em hand values: the best five of five to seven cards as one comparable ``int``.

docs/rules.md#holdem-ranking: compare the category, then the ranks that make it, then kickers in
order; aces are low only in the wheel A-2-3-4-5; suits never rank; the sixth and seventh cards
never break a tie. A value packs exactly that order into one integer, so a plain ``>`` compares
two hands and ``==`` means a split::

    category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

with ranks 0 (deuce) … 12 (ace) listed most significant first: the ranks that make the hand,
then the kickers; unused slots are 0. A straight (flush) carries only its top card, the wheel's
being the five (rank 3).

>>> evaluate(["As", "Ks", "Qs", "Js", "Ts"]) > evaluate(["Ad", "Ac", "Ah", "As", "Kd"])
True
>>> hand_rank(evaluate(["Kh", "Kd", "7c", "7s", "2d", "3c", "9h"]))
{'category': 'two_pair', 'ranks': ['K', '7', '9']}
>>> category(evaluate(["5c", "4d", "3h", "2s", "Ac"])) == STRAIGHT
True

.. warning:: The scalar functions check their input; :func:`evaluate_batch` checks shape, range
   and duplicates too, so a malformed row raises instead of quietly getting a wrong value.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypedDict

import numpy as np

from games.engine.cards import STANDARD_DECK

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)

_CATEGORY_SHIFT = 20
_ACE = 12
_FIVE = 3
_WHEEL_MASK = 1 << _ACE | 0b1111
_RANK_MASK_ALL = (1 << 13) - 1

# A card's code adds up, over a hand, to three fields at once (cards in a hand are distinct, so
# the one-bit-per-card field never carries):
#   bits  0..30  sum of 5**rank — base-5 digit r counts the cards of rank r (at most 4 < 5);
#   bits 32..47  one 4-bit counter per suit (at most 7 < 16);
#   bits 48..99  bit 13*suit + rank: the rank mask of each suit, for flushes (scalar code only).
_RANK_KEY_BITS = (1 << 31) - 1
_SUIT_COUNT_SHIFT = 32
# Adding 3 to a nibble holding 0..7 sets its top bit exactly when the count is 5 or more.
_FIVE_OF_A_SUIT_PROBE = 0x3333
_FIVE_OF_A_SUIT_BITS = 0x8888
_SUITED_BITS_SHIFT = 48


def _pack(category_: int, ranks: Sequence[int]) -> int:
    value = category_
    for slot in range(5):
        value = value << 4 | (ranks[slot] if slot < len(ranks) else 0)
    return value


def _straight_high(rank_mask: int) -> int | None:
    """Top rank of the best straight among the ranks in ``rank_mask``; the wheel is five-high."""
    for high in range(_ACE, _FIVE, -1):
        run = 0b11111 << (high - 4)
        if rank_mask & run == run:
            return high
    if rank_mask & _WHEEL_MASK == _WHEEL_MASK:
        return _FIVE
    return None


_SHAPE_CATEGORY: dict[tuple[int, ...], int] = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): THREE_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (4, 1): FOUR_OF_A_KIND,
}


def _five_unsuited_value(ranks: Sequence[int]) -> int:
    """Value of five cards of these ranks when they are not all of one suit."""
    # Bigger groups first, higher rank first within a size: that is the order §1.5 compares in.
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ordered = [rank for rank, _ in groups]
    if shape == (1, 1, 1, 1, 1):
        high = _straight_high(sum(1 << rank for rank in ranks))
        if high is not None:
            return _pack(STRAIGHT, [high])
    return _pack(_SHAPE_CATEGORY[shape], ordered)


def _suited_value(rank_mask: int) -> int:
    """Value of the best five of 5 to 7 cards of one suit with these ranks (0 for fewer than 5)."""
    if rank_mask.bit_count() < 5:
        return 0
    high = _straight_high(rank_mask)
    if high is not None:
        return _pack(STRAIGHT_FLUSH, [high])
    top_five = [rank for rank in range(_ACE, -1, -1) if rank_mask >> rank & 1][:5]
    return _pack(FLUSH, top_five)


def _rank_multisets(size: int) -> np.ndarray:
    """Every way to hold ``size`` cards by rank alone: rows of 13 counts, each 0..4."""
    counts = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        options = np.arange(5)
        counts = np.column_stack((np.repeat(counts, 5, axis=0), np.tile(options, len(counts))))
        counts = counts[counts.sum(axis=1) <= size]
    result: np.ndarray = counts[counts.sum(axis=1) == size]
    return result


@dataclass(frozen=True, slots=True)
class _Tables:
    rank_keys: np.ndarray  # sorted base-5 keys of every rank multiset of 5, 6 or 7 cards
    rank_values: np.ndarray  # value of the hand with rank_keys[i]
    rank_value_of_key: dict[int, int]
    suited_values: np.ndarray  # indexed by one suit's 13-bit rank mask
    suited_value_list: list[int]
    code_of_card: dict[str, int]
    code_of_index: dict[int, int]
    batch_code: np.ndarray  # per card index: rank key + suit counter (fits int64)
    batch_suited_bit: np.ndarray  # per card index: 1 << (13 * suit + rank)


def prepare() -> None:
    """Build the lookup tables now rather than in the first evaluation."""
    _tables()


@functools.cache
def _tables() -> _Tables:
    powers = 5 ** np.arange(13, dtype=np.int64)

    five = _rank_multisets(5)
    five_ranks = np.repeat(np.tile(np.arange(13), len(five)), five.ravel()).reshape(-1, 5)
    five_keys = five @ powers
    five_values = np.array([_five_unsuited_value(row) for row in five_ranks.tolist()])
    order = np.argsort(five_keys)
    five_keys, five_values = five_keys[order], five_values[order]

    keys, values = [five_keys], [five_values]
    for size in (6, 7):
        multisets = _rank_multisets(size)
        flat = np.repeat(np.tile(np.arange(13), len(multisets)), multisets.ravel())
        ranks = flat.reshape(-1, size)
        # The best five of them, literally: every five-card sub-multiset, keep the highest.
        choices = ranks[:, np.array(list(combinations(range(size), 5)))]
        sub_keys = powers[choices].sum(axis=2)
        sub_values = five_values[np.searchsorted(five_keys, sub_keys)]
        keys.append(multisets @ powers)
        values.append(sub_values.max(axis=1))
    rank_keys = np.concatenate(keys)
    rank_values = np.concatenate(values)
    order = np.argsort(rank_keys)
    rank_keys, rank_values = rank_keys[order], rank_values[order]

    suited_value_list = [_suited_value(mask) for mask in range(_RANK_MASK_ALL + 1)]

    code_of_index: dict[int, int] = {}
    for index in range(52):
        rank, suit = divmod(index, 4)
        code_of_index[index] = (
            5**rank
            | 1 << (_SUIT_COUNT_SHIFT + 4 * suit)
            | 1 << (_SUITED_BITS_SHIFT + 13 * suit + rank)
        )
    batch_code = np.array(
        [code & ((1 << _SUITED_BITS_SHIFT) - 1) for code in code_of_index.values()],
        dtype=np.int64,
    )
    batch_suited_bit = np.array(
        [1 << (13 * (index % 4) + index // 4) for index in range(52)], dtype=np.int64
    )
    return _Tables(
        rank_keys=rank_keys,
        rank_values=rank_values,
        rank_value_of_key=dict(zip(rank_keys.tolist(), rank_values.tolist(), strict=True)),
        suited_values=np.array(suited_value_list, dtype=np.int64),
        suited_value_list=suited_value_list,
        code_of_card={card: code_of_index[i] for i, card in enumerate(STANDARD_DECK)},
        code_of_index=code_of_index,
        batch_code=batch_code,
        batch_suited_bit=batch_suited_bit,
    )


def _value_of_total(total: int, tables: _Tables) -> int:
    if ((total >> _SUIT_COUNT_SHIFT & 0xFFFF) + _FIVE_OF_A_SUIT_PROBE) & _FIVE_OF_A_SUIT_BITS:
        # Five of one suit among at most seven cards leaves too few others for quads or a full
        # house, so the suit alone decides: flush or straight flush.
        suited = total >> _SUITED_BITS_SHIFT
        flush_table = tables.suited_value_list
        return max(
            flush_table[suited & _RANK_MASK_ALL],
            flush_table[suited >> 13 & _RANK_MASK_ALL],
            flush_table[suited >> 26 & _RANK_MASK_ALL],
            flush_table[suited >> 39],
        )
    return tables.rank_value_of_key[total & _RANK_KEY_BITS]


def evaluate(cards: Sequence[str]) -> int:
    """Value of the best five of 5 to 7 distinct cards such as ``["As", "Kd", ...]``.

    >>> evaluate(["2c", "3d", "4h", "5s", "6c"]) > evaluate(["Ac", "2d", "3h", "4s", "5c"])
    True
    """
    tables = _tables()
    count = len(cards)
    if not 5 <= count <= 7 or len(set(cards)) != count:
        raise ValueError(f"need 5 to 7 distinct cards, got {list(cards)!r}")
    try:
        total = sum(map(tables.code_of_card.__getitem__, cards))
    except (KeyError, TypeError):
        raise ValueError(f"not all cards: {list(cards)!r}") from None
    return _value_of_total(total, tables)


def evaluate_indices(indices: Sequence[int]) -> int:
    """:func:`evaluate` for cards in integer form, ``rank * 4 + suit``.

    >>> evaluate_indices([51, 47, 43, 39, 35]) == evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    True
    """
    tables = _tables()
    count = len(indices)
    if not 5 <= count <= 7 or len(set(indices)) != count:
        raise ValueError(f"need 5 to 7 distinct card indices, got {list(indices)!r}")
    try:
        total = sum(map(tables.code_of_index.__getitem__, indices))
    except (KeyError, TypeError):
        raise ValueError(f"card indices run 0..51, got {list(indices)!r}") from None
    return _value_of_total(total, tables)


def evaluate_batch(hands: np.ndarray) -> np.ndarray:
    """Values of many hands at once: an ``(N, k)`` integer array of card indices, ``k`` in 5..7.

    Returns an ``(N,)`` ``int64`` array, each entry equal to :func:`evaluate_indices` of its row.

    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]])).tolist() == [
    ...     evaluate(["As", "Ks", "Qs", "Js", "Ts", "2c", "2d"])
    ... ]
    True
    """
    hands = np.asarray(hands)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError(f"need an (N, 5..7) array of card indices, got shape {hands.shape}")
    if not np.issubdtype(hands.dtype, np.integer):
        raise ValueError(f"card indices must be integers, got {hands.dtype}")
    if hands.size == 0:
        return np.zeros(len(hands), dtype=np.int64)
    if hands.min() < 0 or hands.max() > 51:
        raise ValueError("card indices run 0..51")
    tables = _tables()
    suited_bits = _row_sums(tables.batch_suited_bit, hands)
    # A repeated card makes the one-bit-per-card sum carry, so fewer than k bits remain set.
    if np.any(np.bitwise_count(suited_bits) != hands.shape[1]):
        raise ValueError("a hand holds the same card twice")
    return _values_of_sums(_row_sums(tables.batch_code, hands), suited_bits, tables)


def _row_sums(per_card: np.ndarray, hands: np.ndarray) -> np.ndarray:
    # Column by column: a k-wide (N, k) gather-then-sum is several times slower in numpy.
    sums = np.take(per_card, hands[:, 0])
    for column in range(1, hands.shape[1]):
        sums += np.take(per_card, hands[:, column])
    return sums


def _values_of_sums(totals: np.ndarray, suited_bits: np.ndarray, tables: _Tables) -> np.ndarray:
    values = tables.rank_values[np.searchsorted(tables.rank_keys, totals & _RANK_KEY_BITS)]
    suit_counts = totals >> _SUIT_COUNT_SHIFT
    suited_rows = np.flatnonzero((suit_counts + _FIVE_OF_A_SUIT_PROBE) & _FIVE_OF_A_SUIT_BITS)
    if suited_rows.size:
        bits = suited_bits[suited_rows]
        flush_table = tables.suited_values
        values[suited_rows] = np.maximum.reduce(
            [flush_table[bits >> (13 * suit) & _RANK_MASK_ALL] for suit in range(4)]
        )
    return values


def category(value: int) -> int:
    """The category of a hand value: 0 (high card) … 8 (straight flush); see CATEGORY_NAMES."""
    return value >> _CATEGORY_SHIFT


# How many ranks name each category and its kickers, in the packed value's order.
_SIGNIFICANT_RANKS = (5, 4, 3, 3, 1, 5, 2, 2, 1)
RANK_CHARACTERS = "23456789TJQKA"


class HandRank(TypedDict):
    """A hand's rank as data: its category (``CATEGORY_NAMES``) and the ranks that name it then
    its kickers, as rank characters (``"K"``, ``"T"``) — ``{"category": "two_pair", "ranks":
    ["K", "7", "A"]}`` is kings and sevens with an ace. A straight (flush) names only its high
    card; an ace-high straight flush is a royal flush."""

    category: str
    ranks: list[str]


def hand_rank(value: int) -> HandRank:
    """The hand value as data, for events (the words are the client's, in its language).

    >>> hand_rank(evaluate(["Kh", "Kd", "7s", "7c", "As", "2d", "3c"]))
    {'category': 'two_pair', 'ranks': ['K', '7', 'A']}
    >>> hand_rank(evaluate(["Ah", "2d", "3c", "9s", "7h", "Kd", "Kc"]))
    {'category': 'pair', 'ranks': ['K', 'A', '9', '7']}
    """
    kind = category(value)
    if not 0 <= kind < len(CATEGORY_NAMES):
        raise ValueError(f"{value} is not a hand value")
    shifts = _RANK_SHIFTS[: _SIGNIFICANT_RANKS[kind]]
    ranks = [RANK_CHARACTERS[value >> shift & 0xF] for shift in shifts]
    return {"category": CATEGORY_NAMES[kind], "ranks": ranks}


# Where each of a value's five rank slots sits, most significant first.
_RANK_SHIFTS = (16, 12, 8, 4, 0)


# How many of a category's ranks name the hand ("pair of eights": one; "two pair, kings and
# sevens": two); the ranks after them in a value are its kickers. A flush is named by its top
# card and compared card by card like high card. Categories absent here have no kickers.
NAMING_RANKS = {HIGH_CARD: 1, PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 1, FOUR_OF_A_KIND: 1, FLUSH: 1}


def kickers_needed(best: int, beaten: int | None) -> int:
    """How many of ``best``'s kicker ranks it took to beat ``beaten`` (the best other hand shown
    for a pot; None when nobody else showed one): 0 when the category or the ranks that name the
    hand decided, else the position of the first kicker that differs, counted from 1.

    >>> eights = evaluate(["8h", "8d", "Jc", "6s", "4d", "3c", "2h"])
    >>> kickers_needed(eights, evaluate(["8s", "8c", "Tc", "6h", "4d", "3c", "2h"]))
    1
    >>> kickers_needed(eights, evaluate(["7s", "7c", "Ac", "6h", "4d", "3c", "2h"]))
    0
    >>> ace_king_queen = evaluate(["Ah", "Kd", "Qc", "6s", "4d"])
    >>> kickers_needed(ace_king_queen, evaluate(["As", "Kc", "Jc", "6h", "4d"]))
    2
    """
    if beaten is None or category(best) != category(beaten):
        return 0
    naming = NAMING_RANKS.get(category(best))
    if naming is None:
        return 0
    for slot, shift in enumerate((16, 12, 8, 4, 0)):
        if best >> shift & 0xF != beaten >> shift & 0xF:
            return max(0, slot + 1 - naming)
    return 0


RANK_WORDS = dict(
    zip(
        RANK_CHARACTERS,
        [
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
            "ace",
        ],
        strict=True,
    )
)


def plural_of(word: str) -> str:
    """A rank's word in the plural: "sixes", "Eights"."""
    return word + ("es" if word.endswith("x") else "s")


def _plural(rank: str) -> str:
    return plural_of(RANK_WORDS[rank])


def describe(rank: HandRank) -> str:
    """The hand in English, as a dealer would call it: the one place the engine's data becomes
    English words (the admin, hand-history comments). Clients build the words of their own
    language from the catalog (``hand.name.<category>``).

    >>> describe(hand_rank(evaluate(["Ah", "Kh", "Qh", "Jh", "Th"])))
    'royal flush'
    >>> describe({"category": "full_house", "ranks": ["6", "K"]})
    'full house, sixes full of kings'
    """
    kind, ranks = rank["category"], rank["ranks"]
    words = [RANK_WORDS[character] for character in ranks]
    plurals = [_plural(character) for character in ranks]
    match kind:
        case "straight_flush" if ranks[:1] == ["A"]:
            return "royal flush"
        case "straight_flush" | "flush" | "straight":
            return f"{kind.replace('_', ' ')}, {words[0]} high"
        case "four_of_a_kind" | "three_of_a_kind":
            return f"{kind.replace('_', ' ')}, {plurals[0]}"
        case "full_house":
            return f"full house, {plurals[0]} full of {plurals[1]}"
        case "two_pair":
            return f"two pair, {plurals[0]} and {plurals[1]}"
        case "pair":
            return f"pair of {plurals[0]}"
        case _:
            return f"high card, {words[0]}"


def naming_count(rank: HandRank) -> int:
    """How many of the rank's ranks name the hand (all of them where there are no kickers)."""
    return NAMING_RANKS.get(CATEGORY_NAMES.index(rank["category"]), len(rank["ranks"]))


def deciding_kickers(rank: HandRank, kickers: int) -> list[str]:
    """The kicker ranks that decided a pot: the first ``kickers`` after those naming the hand."""
    naming = naming_count(rank)
    return rank["ranks"][naming : naming + kickers]


def describe_won(rank: HandRank, kickers: int) -> str:
    """:func:`describe` with the kickers that decided a pot (``PotAwarded.kickers``), as the
    client says it in English.

    >>> describe_won({"category": "pair", "ranks": ["8", "J", "6", "4"]}, 1)
    'pair of eights, jack kicker'
    >>> describe_won({"category": "high_card", "ranks": ["A", "K", "Q", "8", "6"]}, 2)
    'ace high, king-queen kicker'
    >>> describe_won({"category": "flush", "ranks": ["A", "Q", "9", "6", "2"]}, 1)
    'flush, ace-queen high'
    """
    decided = deciding_kickers(rank, kickers)
    if not decided:
        return describe(rank)
    words = [RANK_WORDS[character] for character in rank["ranks"]]
    kicker = "-".join(RANK_WORDS[character] for character in decided)
    match rank["category"]:
        case "high_card":
            return f"{words[0]} high, {kicker} kicker"
        case "flush":
            return f"flush, {words[0]}-{kicker} high"
        case _:
            return f"{describe(rank)}, {kicker} kicker"


def parse_description(text: str) -> HandRank:
    """The data an English description (:func:`describe`, as events stored it before version 2)
    names: its category and the ranks the words give (the kickers were never written).

    >>> parse_description("full house, sixes full of kings")
    {'category': 'full_house', 'ranks': ['6', 'K']}
    >>> parse_description("royal flush")
    {'category': 'straight_flush', 'ranks': ['A']}
    """
    if text == "royal flush":
        return {"category": "straight_flush", "ranks": ["A"]}
    words = {word: rank for rank, word in RANK_WORDS.items()}
    words.update({_plural(rank): rank for rank in RANK_WORDS})
    head, _, tail = text.partition(", ")
    if head.startswith("pair of "):
        head, tail = "pair", head.removeprefix("pair of ")
    kind = head.replace(" ", "_")
    if kind not in CATEGORY_NAMES:
        raise ValueError(f"not a hand description: {text!r}")
    named = [words[word] for word in tail.replace(",", " ").split() if word in words]
    return {"category": kind, "ranks": named}


__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "NAMING_RANKS",
    "PAIR",
    "RANK_CHARACTERS",
    "RANK_WORDS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "HandRank",
    "category",
    "deciding_kickers",
    "describe",
    "describe_won",
    "evaluate",
    "evaluate_batch",
    "evaluate_indices",
    "hand_rank",
    "kickers_needed",
    "naming_count",
    "parse_description",
    "plural_of",
]
