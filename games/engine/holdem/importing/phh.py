"""PHH and PHHS hand histories, read for import: a ``.phh`` file is one hand (a TOML document),
a ``.phhs`` file many (a TOML table per hand, ``[1]``, ``[2]``... as PokerKit writes them).

The file is read a section at a time (:func:`read_sections`), so memory holds one hand. Unlike
``manage.py phh replay`` (:mod:`games.engine.holdem.phh`, whose table is Cardavia's whole-chip
one), the table is the history's own: straddles (``blinds_or_straddles`` past the big blind),
per-player antes, amounts in cents (``247.15`` reads as 24715 at scale 100), unknown hole cards
(``????``) and partial shows, and hands that stop before the end (kept as they stop).

Seats follow PHH: players clockwise, p1 first to be dealt, the button last; heads-up p1 is the
big blind and p2 the button posting the small blind (PokerKit reverses ``antes`` and
``blinds_or_straddles`` for two players, so the raw arrays read "small blind, big blind").

Our own export of an imported hand (:func:`games.engine.holdem.phh_export.imported_to_phh`)
adds user-defined fields for what PHH's cannot say, read back here: ``_forced_bets`` (each
forced bet as posted, ``"p3 dead 0.05"``: they must add up to the arrays), ``_stakes``,
``_hero`` and ``_button`` (the players are then re-listed in the history's seat order).
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.engine.cards import is_card
from games.engine.errors import ErrorCode
from games.engine.holdem.importing.pokerstars import ZONES
from games.engine.holdem.importing.source import (
    CHIPS,
    CardBook,
    HandRefused,
    SourceAction,
    SourceHand,
)

ROOM = "phh"
SUPPORTED_VARIANT = "NT"
REQUIRED = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
MAX_DECIMALS = 2  # cents: a history in finer units is refused (amount_not_exact)
BOARD_STREETS = {0: 0, 3: 1, 4: 2, 5: 3}

SECTION = re.compile(r"^\s*\[(?!\[)\s*(?P<name>[^\]]+?)\s*\]\s*(#.*)?$")
PHH_KEY = re.compile(r"^(variant|antes|blinds_or_straddles|starting_stacks|actions)\s*=")
_TOML_LINE = re.compile(r"^(\[[^\]]+\]|[A-Za-z0-9_'\"-]+\s*=|[\"'\]#,]|\d)")

Line = tuple[int, str]


@dataclass(frozen=True, slots=True)
class Section:
    """One hand's TOML text, from ``line`` of the file; ``name`` its table's (``""`` for a
    ``.phh`` file's single hand)."""

    line: int
    name: str
    text: str
    lines: tuple[Line, ...]


def looks_like_toml(line: str) -> bool:
    """A line a PHH file could hold: a table header, ``key = value``, or an array's line."""
    return bool(_TOML_LINE.match(line.strip()))


def read_sections(lines: Iterable[Line]) -> Iterator[Section]:
    """Each hand's section, lazily: a new one at each ``[name]`` table header."""
    current: list[Line] = []
    name = ""
    start: int | None = None  # the section's header line (a .phh file has none)
    for number, text in lines:
        header = SECTION.match(text)
        if header is not None and not _inside_array(current):
            if _has_content(current):
                yield _section(name, current, start)
            current, name, start = [], header["name"].strip("'\""), number
            continue
        current.append((number, text))
    if _has_content(current):
        yield _section(name, current, start)


def _inside_array(lines: list[Line]) -> bool:
    """Whether the text so far leaves an array open (a header-like line is then its item)."""
    depth = 0
    for _, text in lines:
        code = text.split("#", 1)[0] if '"' not in text else text
        depth += code.count("[") - code.count("]")
    return depth > 0


def _has_content(lines: list[Line]) -> bool:
    return any(text.strip() and not text.strip().startswith("#") for _, text in lines)


def _section(name: str, lines: list[Line], start: int | None) -> Section:
    first = start if start is not None else lines[0][0]
    return Section(first, name, "".join(text for _, text in lines), tuple(lines))


HAND_FIELD = re.compile(r"^\s*hand\s*=\s*['\"]?([^'\"#\s]+)", re.MULTILINE)


def hand_id_of(section: Section) -> str:
    """The section's ``hand`` field, read without parsing it (for a refusal's report)."""
    found = HAND_FIELD.search(section.text)
    return found[1] if found else ""


def parse_section(section: Section, file_name: str) -> SourceHand:
    """One hand's section as the history tells it; :class:`HandRefused` if unreadable."""
    try:
        document = tomllib.loads(section.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        line = section.line + max(getattr(error, "lineno", 1) - 1, 0)
        raise HandRefused(ErrorCode.MALFORMED_LINE, line, text=str(error)[:80]) from None
    return _Reader(section, document).read()


class _Reader:
    def __init__(self, section: Section, document: dict[str, Any]) -> None:
        self.section = section
        self.document = document
        self.line = section.line

    def read(self) -> SourceHand:
        document = self.document
        variant = document.get("variant")
        if variant is None:
            raise HandRefused(ErrorCode.MISSING_FIELD, self.line, field="variant")
        if variant != SUPPORTED_VARIANT:
            raise HandRefused(ErrorCode.UNSUPPORTED_GAME, self.line, game=str(variant)[:60])
        for name in REQUIRED:
            if name not in document:
                raise HandRefused(ErrorCode.MISSING_FIELD, self.line, field=name)
        actions = document["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise HandRefused(ErrorCode.MISSING_FIELD, self.line, field="actions")
        unit = str(document.get("currency") or CHIPS)
        scale = self._scale(unit)
        raw_stacks = document["starting_stacks"]
        if not isinstance(raw_stacks, list):
            raise HandRefused(ErrorCode.MISSING_FIELD, self.line, field="starting_stacks")
        count = len(raw_stacks)
        if not 2 <= count <= 10:
            raise HandRefused(
                ErrorCode.TOO_MANY_PLAYERS, self.line, count=count, minimum=2, maximum=10
            )
        stacks = [self._amount(value, scale, unit) for value in raw_stacks]
        if any(stack <= 0 for stack in stacks):
            raise HandRefused(ErrorCode.MISSING_FIELD, self.line, field="starting_stacks")
        antes = self._per_player(document["antes"], count, scale, unit)
        blinds = self._per_player(document["blinds_or_straddles"], count, scale, unit, signed=True)
        names = document.get("players")
        players = (
            [str(name) for name in names]
            if isinstance(names, list) and len(names) == count
            else [f"p{index + 1}" for index in range(count)]
        )
        seats = document.get("seats")
        hand = SourceHand(
            room=str(document.get("venue") or ROOM).lower()[:32],
            hand_id=str(document["hand"]) if document.get("hand") is not None else "",
            line=self.line,
            players=players,
            seat_numbers=[int(seat) for seat in seats]
            if isinstance(seats, list) and len(seats) == count
            else list(range(1, count + 1)),
            stacks=stacks,
            button=count - 1,
            small_blind=0,
            big_blind=0,
            unit=unit,
            scale=scale,
            played_at=self._played_at(),
            table=str(document.get("table") or ""),
            max_seats=int(document.get("seat_count") or count),
        )
        hand.min_bet = self._amount(document["min_bet"], scale, unit)
        hand.forced = _forced_bets(antes, blinds)
        stakes = {kind: amount for _, kind, amount in hand.forced if kind in ("small", "big")}
        hand.small_blind, hand.big_blind = stakes.get("small", 0), stakes.get("big", 0)
        hand.rake = self._amount(document.get("_rake", 0), scale, unit)
        winnings = document.get("winnings")
        if isinstance(winnings, list) and len(winnings) == count:
            hand.collected = {
                player: amount
                for player, amount in enumerate(
                    self._amount(value, scale, unit) for value in winnings
                )
                if amount
            }
        hand.hole = [[None, None] for _ in players]
        self._actions(hand, actions)
        hand.complete = False  # a PHH file may stop anywhere: the hand is kept as it stops
        self._our_own_fields(hand, antes, blinds)
        return hand

    def _our_own_fields(self, hand: SourceHand, antes: list[int], blinds: list[int]) -> None:
        """What our export of an imported hand adds in user-defined fields (PHH has none for
        it): the forced bets as posted, the table's stakes, the hero, the room's seat order."""
        document, count = self.document, len(hand.players)
        forced = document.get("_forced_bets")
        if isinstance(forced, list):
            hand.forced = [self._forced_bet(text, hand) for text in forced]
            if _forced_totals(hand.forced, count) != _forced_totals(
                _forced_bets(antes, blinds), count
            ):
                raise HandRefused(ErrorCode.MALFORMED_LINE, self.line, text="_forced_bets")
        stakes = document.get("_stakes")
        if isinstance(stakes, list) and len(stakes) == 2:
            hand.small_blind, hand.big_blind = (
                self._amount(value, hand.scale, hand.unit) for value in stakes
            )
        hero = document.get("_hero")
        if isinstance(hero, str):
            hand.hero = _player(hero, count, self.line)
        button = document.get("_button")
        if isinstance(button, int) and 0 <= button < count:
            _in_room_order(hand, button)

    def _forced_bet(self, text: Any, hand: SourceHand) -> tuple[int, str, int]:
        match str(text).split():
            case [who, "ante" | "small" | "big" | "straddle" | "posted" | "dead" as kind, amount]:
                value = self._amount(_decimal(amount), hand.scale, hand.unit)
                return _player(who, len(hand.players), self.line), kind, value
        raise HandRefused(ErrorCode.MALFORMED_LINE, self.line, text=str(text)[:80])

    def _scale(self, unit: str) -> int:
        """100 when any amount has cents (or the history names a currency), else 1."""
        values: list[Any] = []
        for name in ("starting_stacks", "antes", "blinds_or_straddles", "min_bet"):
            value = self.document.get(name)
            values.extend(value if isinstance(value, list) else [value])
        for text in self.document.get("actions") or []:
            words = str(text).split("#", 1)[0].split()
            if len(words) == 3 and words[1] == "cbr":
                values.append(_decimal(words[2]))
        fractional = any(
            isinstance(value, Decimal) and value.is_finite() and value != value.to_integral_value()
            for value in values
        )
        return 100 if fractional or unit != CHIPS else 1

    def _amount(self, value: Any, scale: int, unit: str, line: int | None = None) -> int:
        where = line or self.line
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise HandRefused(ErrorCode.MALFORMED_LINE, where, text=repr(value)[:80])
        if isinstance(value, Decimal) and not value.is_finite():
            raise HandRefused(ErrorCode.AMOUNT_NOT_EXACT, where, amount=str(value), unit=unit)
        scaled = Decimal(value) * scale
        if scaled != scaled.to_integral_value() or scaled < 0:
            raise HandRefused(ErrorCode.AMOUNT_NOT_EXACT, where, amount=str(value), unit=unit)
        return int(scaled)

    def _per_player(
        self, value: Any, count: int, scale: int, unit: str, *, signed: bool = False
    ) -> list[int]:
        """An array of amounts (a single number: every player's; short: padded with zeros),
        in PHH's raw order (for two players: small blind's, big blind's); ``signed``: a
        negative amount is kept (a blind posted out of turn)."""
        if not isinstance(value, list):
            return [self._amount(value, scale, unit)] * count
        amounts = [
            -self._amount(-item, scale, unit)
            if signed and isinstance(item, int | Decimal) and item < 0
            else self._amount(item, scale, unit)
            for item in value
        ][:count]
        return amounts + [0] * (count - len(amounts))

    def _played_at(self) -> datetime | None:
        document = self.document
        try:
            day = date(int(document["year"]), int(document["month"]), int(document["day"]))
        except (KeyError, TypeError, ValueError):
            return None
        moment = document.get("time")
        clock = moment if isinstance(moment, time) else time()
        name = str(document.get("time_zone") or "UTC")
        try:
            zone = ZoneInfo(ZONES.get(name, name))
        except (ZoneInfoNotFoundError, ValueError):
            zone = ZoneInfo("UTC")
        return datetime.combine(day, clock.replace(tzinfo=None), zone).astimezone(UTC)

    def _actions(self, hand: SourceHand, actions: list[str]) -> None:
        count = len(hand.players)
        lines = _action_lines(self.section, actions)
        board = 0
        book = CardBook()
        for text, line in zip(actions, lines, strict=True):
            words = text.split("#", 1)[0].split()
            match words:
                case []:
                    continue
                case ["d", "db", cards]:
                    new = _cards(cards, line)
                    for card in new:
                        book.add(card, "board", line)
                    hand.board.extend(new)
                    board += len(new)
                    if board not in BOARD_STREETS:
                        raise HandRefused(ErrorCode.MALFORMED_LINE, line, text=text[:80])
                case ["d", "dh", who, cards]:
                    player = _player(who, count, line)
                    dealt = _cards(cards, line)
                    if len(dealt) != 2:
                        raise HandRefused(ErrorCode.MALFORMED_LINE, line, text=text[:80])
                    for card in dealt:
                        book.add(card, player, line)
                    hand.hole[player] = list(dealt)
                case [who, "f" | "cc" as kind]:
                    player = _player(who, count, line)
                    street = BOARD_STREETS[board]
                    name = "fold" if kind == "f" else "call"
                    hand.actions.append(SourceAction(line, player, street, name))
                case [who, "cbr", amount]:
                    player = _player(who, count, line)
                    value = self._amount(_decimal(amount), hand.scale, hand.unit, line)
                    street = BOARD_STREETS[board]
                    hand.actions.append(SourceAction(line, player, street, "raise", value))
                case [who, "sm"]:
                    hand.mucks.add(_player(who, count, line))
                case [who, "sm", "-"]:
                    _player(who, count, line)
                case [who, "sm", cards]:
                    player = _player(who, count, line)
                    shown = _cards(cards, line)
                    for card in shown:
                        book.add(card, player, line)
                    hand.hole[player] = _merge_show(hand.hole[player], shown, line)
                case [_, "sd" | "pb", *_]:
                    raise HandRefused(ErrorCode.UNSUPPORTED_GAME, line, game="draw or stud")
                case _:
                    raise HandRefused(ErrorCode.MALFORMED_LINE, line, text=text[:80])


def _forced_bets(antes: list[int], blinds: list[int]) -> list[tuple[int, str, int]]:
    """The forced bets in posting order: antes (a dead small blind is one too), then the blinds
    by position — the first positive one is the small blind when a bigger one follows, else
    the big blind (a missing small blind); positive ones after the big blind are straddles, and a
    negative one is a live blind posted out of turn (PokerKit's convention)."""
    count = len(antes)
    order = list(range(count))
    if count == 2:  # heads-up, raw order: the button (p2) first
        order = [1, 0]
    forced = [(order[index], "ante", amount) for index, amount in enumerate(antes) if amount > 0]
    positives = [(order[index], amount) for index, amount in enumerate(blinds) if amount > 0]
    with_small = len(positives) >= 2 and positives[0][1] < positives[1][1]
    kinds = (["small"] if with_small else []) + ["big"]
    for position, (player, amount) in enumerate(positives):
        forced.append((player, kinds[position] if position < len(kinds) else "straddle", amount))
    forced += [
        (order[index], "posted", -amount) for index, amount in enumerate(blinds) if amount < 0
    ]
    return forced


def _forced_totals(forced: list[tuple[int, str, int]], count: int) -> list[int]:
    totals = [0] * count
    for player, _, amount in forced:
        totals[player] += amount
    return totals


def _in_room_order(hand: SourceHand, button: int) -> None:
    """Re-list the players in the room's seat order, PHH's player ``p{n}`` (the button) at
    index ``button``: the inverse of our export's listing from the button's left."""
    count = len(hand.players)

    def moved(player: int) -> int:
        return (player + button + 1) % count

    old = sorted(range(count), key=moved)  # the PHH index of each new index
    hand.players = [hand.players[index] for index in old]
    hand.seat_numbers = [hand.seat_numbers[index] for index in old]
    hand.stacks = [hand.stacks[index] for index in old]
    hand.hole = [hand.hole[index] for index in old]
    hand.button = button
    hand.forced = [(moved(player), kind, amount) for player, kind, amount in hand.forced]
    hand.actions = [
        dataclasses.replace(action, player=moved(action.player)) for action in hand.actions
    ]
    hand.mucks = {moved(player) for player in hand.mucks}
    if hand.collected is not None:
        hand.collected = {moved(player): amount for player, amount in hand.collected.items()}
    if hand.hero is not None:
        hand.hero = moved(hand.hero)


def _decimal(text: str) -> Decimal | str:
    try:
        return Decimal(text.replace(",", ""))
    except ArithmeticError:
        return text


def _player(word: str, count: int, line: int) -> int:
    digits = word[1:]
    if word[:1] != "p" or not digits.isdigit() or not 1 <= int(digits) <= count:
        raise HandRefused(ErrorCode.UNKNOWN_PLAYER, line, player=word[:40])
    return int(digits) - 1


def _cards(text: str, line: int) -> tuple[str | None, ...]:
    if len(text) % 2:
        raise HandRefused(ErrorCode.INVALID_CARD, line, card=text[:20])
    cards: list[str | None] = []
    for start in range(0, len(text), 2):
        card = text[start : start + 2]
        if card == "??":
            cards.append(None)
        elif is_card(card):
            cards.append(card)
        else:
            raise HandRefused(ErrorCode.INVALID_CARD, line, card=card)
    return tuple(cards)


def _merge_show(
    dealt: list[str | None], shown: tuple[str | None, ...], line: int
) -> list[str | None]:
    """The dealt cards completed by a show (in any order); a show that contradicts them is a
    card dealt twice."""
    known = [card for card in dealt if card is not None]
    extra = [card for card in shown if card is not None and card not in known]
    merged = known + extra
    if len(merged) > 2:
        raise HandRefused(ErrorCode.CARD_DEALT_TWICE, line, card=extra[-1] or "??")
    return merged + [None] * (2 - len(merged))


def _action_lines(section: Section, actions: list[str]) -> list[int]:
    """The file line of each action, found in order in the section's text (the section's first
    line where one cannot be found)."""
    numbers: list[int] = []
    cursor = 0
    lines = section.lines
    for action in actions:
        found = section.line
        for index in range(cursor, len(lines)):
            if action and action in lines[index][1]:
                found, cursor = lines[index][0], index
                break
        numbers.append(found)
    return numbers
