"""PokerStars text hand histories, read: as the room writes them (cash games in $ with cents,
tournaments in chips with antes, players sitting out, "posts small & big blinds", uncalled bets
returned, "collected", "Total pot X | Rake Y", "shows" and "mucks") and as our own export writes
them (:mod:`games.engine.holdem.pokerstars`).

A file is read a block at a time (:func:`split_hands`): each hand starts at its
``PokerStars Hand #`` header, so memory holds a block and a hand whatever the file's size.

What is taken from where
------------------------
- Seats: every ``Seat N: name (stack in chips)`` line before ``*** HOLE CARDS ***``, but those
  marked sitting out (or who "sits out" before the deal): they are not dealt in.
- Forced bets, in the order written: ``posts the ante``, ``posts small blind``, ``posts big
  blind`` (the first is the big blind; a later one is a live post out of turn), ``posts small &
  big blinds`` (the small part dead, the big part live), ``posts straddle``.
- Cards: ``Dealt to`` lines (one: the hero), ``shows [..]``, and the summary's ``showed`` /
  ``mucked [..]``; a player who ``mucks`` at showdown gives up the pot.
- Rake: the summary's total pot less what was collected (the room's rake and any fee), so that
  what our rules pay out is checked against every ``collected`` line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from games.engine.errors import ErrorCode
from games.engine.holdem.importing.source import (
    CHIPS,
    CardBook,
    HandRefused,
    SourceAction,
    SourceHand,
    minor_units,
)

ROOM = "pokerstars"
OWN_EXPORT_ROOM = "cardavia"
OWN_EXPORT_TABLE = "cardavia-"

HEADER = re.compile(r"^(?:\ufeff)?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+):")
_HEADER_PARTS = re.compile(
    r"^\S*PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>\d+):\s*(?P<game>.*?)"
    r"\s+-\s+(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})\s*(?P<zone>[A-Z]+)?"
)
_STAKES = re.compile(r"\((?P<small>[^()/\s]+)/(?P<big>[^()/\s]+)(?:\s+(?P<code>[A-Z]{3}))?\)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_TABLE = re.compile(r"^Table '(?P<name>.*)' (?P<max>\d+)-max.*?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^\s()]+) in chips[^)]*\)(?P<rest>.*)$"
)
_POST = re.compile(
    r"^(?P<name>.+?): posts (?P<what>the ante|small blind|big blind|small & big blinds|straddle)"
    r" (?P<amount>\S+)(?P<all_in> and is all-in)?\s*$"
)
_ACTION = re.compile(
    r"^(?P<name>.+?): (?P<verb>folds|checks|calls|bets|raises)(?: (?P<first>\S+))?"
    r"(?: to (?P<to>\S+))?(?: and is all-in)?(?: \[[^\]]*\])?\s*$"
)
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\](?: \[[^\]]*\])?\s*$")
_SHOWS = re.compile(r"^(?P<name>.+?): shows \[(?P<cards>[^\]]*)\]")
_MUCKS = re.compile(r"^(?P<name>.+?): mucks hand")
_COLLECTED = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot"
)
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+?)\s*$")
_STREET = re.compile(r"^\*\*\* (?P<title>[A-Z ]+?) \*\*\*(?P<cards>.*)$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?:.*?\| Rake (?P<rake>\S+))?")
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]*)\]")
_BRACKETED = re.compile(r"\[([^\]]*)\]")
_SUMMARY_SEAT = re.compile(
    r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* (?P<verb>showed|mucked) \[(?P<cards>[^\]]*)\]"
)
_SITS_OUT = re.compile(r"^(?P<name>.+?)(?:: sits out| is sitting out)\s*$")
# What an action line holds after the name, found by one scan: most lines that are no action
# lack it, and the action's own pattern would try every split of the line into a name first.
_ACTION_VERB = re.compile(r": (?:folds|checks|calls|bets|raises)")
ACTION_KINDS = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet"}
_CHATTER = (
    " said, ",
    " is disconnected",
    " is connected",
    " has timed out",
    " has returned",
    " joins the table",
    " leaves the table",
    " sits out",
    " is sitting out",
    " will be allowed to play",
    " finished the tournament",
    " wins the tournament",
    " re-buys",
    " takes the add-on",
    " cashed out",
    ": doesn't show hand",
    " was removed from the table",
    " wins the $",
    " wins an entry",
    " is feeling ",
)
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
ZONES = {
    "UTC": "UTC",
    "GMT": "UTC",
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "AEST": "Australia/Sydney",
}
STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
NO_LIMIT_HOLDEM = "Hold'em No Limit"

Line = tuple[int, str]


# A header anywhere in a text, at the start of one of its lines (HEADER never crosses a line).
_HEADER_AT_LINE = re.compile(HEADER.pattern, re.MULTILINE)


@dataclass(frozen=True)  # not slots: pickled to a worker (see games.import_rows.StoredHand)
class HandText:
    """One hand as the file holds it: its text from its header on (line ends and blank lines
    kept, up to the next header), the header's line number and the hand id the header gives."""

    line: int
    hand_id: str
    text: str


def split_hands(blocks: Iterable[str]) -> Iterator[HandText]:
    """The hands of a file given as consecutive blocks of its text (any sizes, from line 1),
    each cut at its header but not yet into lines (lazily): an import's own process does only
    this, one search of each block for headers, and its workers the rest (:func:`hand_lines`).
    The text before the first header belongs to no hand."""
    pieces: list[str] = []  # the hand's text so far
    first, hand_id = 0, ""  # the hand's header line (0: no hand yet) and id
    line = 1  # the line the text being searched starts at
    for text in _whole_lines(blocks):
        at = 0
        for header in _HEADER_AT_LINE.finditer(text):
            start = header.start()
            if first:
                pieces.append(text[at:start])
                yield HandText(first, hand_id, "".join(pieces))
            line += text.count("\n", at, start)
            pieces, first, hand_id, at = [], line, header[1], start
        if first:
            pieces.append(text[at:] if at else text)
        line += text.count("\n", at)
    if first:
        yield HandText(first, hand_id, "".join(pieces))


def _whole_lines(blocks: Iterable[str]) -> Iterator[str]:
    """The same text in pieces that end at a line's end (the last one perhaps not), so that no
    header is cut in two."""
    waiting: list[str] = []
    for block in blocks:
        cut = block.rfind("\n") + 1
        if not cut:
            waiting.append(block)
            continue
        waiting.append(block[:cut])
        yield "".join(waiting)
        waiting = [block[cut:]]
    if rest := "".join(waiting):
        yield rest


def hand_lines(hand: HandText) -> list[Line]:
    """The hand's numbered lines: the header as read (its end of line kept), then each line not
    blank without its end of line."""
    text = hand.text
    header_end = text.find("\n") + 1 or len(text)
    numbered = [(hand.line, text[:header_end])]
    numbered += [
        (number, line.rstrip("\r"))
        for number, line in enumerate(text[header_end:].split("\n"), start=hand.line + 1)
        if line.strip()
    ]
    return numbered


def read_hands(lines: Iterable[Line]) -> Iterator[list[Line]]:
    """The file's hands, each as its numbered lines from its header on (lazily); ``lines`` are
    the file's from line 1."""
    return (hand_lines(hand) for hand in split_hands(text for _, text in lines))


def parse_text(hand: HandText) -> SourceHand:
    """:func:`parse_hand` of a hand as :func:`split_hands` cut it."""
    return parse_hand(hand_lines(hand))


def parse_hand(lines: list[Line]) -> SourceHand:
    """One hand's lines (header first) as the room told it; :class:`HandRefused` if unreadable."""
    return _Reader(lines).read()


class _Reader:
    """Reads one hand, section by section (header, seats and posts, streets, summary)."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.first = lines[0][0]
        self.hand: SourceHand | None = None
        self.names: dict[str, int] = {}
        self.street = 0
        self.big_posted = False
        self.showed: dict[int, list[str]] = {}
        self.dealt: dict[int, list[str]] = {}
        self.collected: dict[int, int] = {}
        self.total: int | None = None
        self.stated_rake = 0
        self.summary_board: list[str] | None = None
        self.board: list[str] = []
        self.in_summary = False
        self.summary_seen = False
        self.book = CardBook()

    # --- the header and the table -------------------------------------------------------

    def read(self) -> SourceHand:
        header = _HEADER_PARTS.match(self.lines[0][1])
        if header is None:
            raise HandRefused(ErrorCode.MALFORMED_LINE, self.first, text=self.lines[0][1][:80])
        game = header["game"]
        if NO_LIMIT_HOLDEM not in game:
            raise HandRefused(ErrorCode.UNSUPPORTED_GAME, self.first, game=_game_name(game))
        stakes = list(_STAKES.finditer(game))
        if not stakes:
            raise HandRefused(ErrorCode.MISSING_FIELD, self.first, field="stakes")
        small_text, big_text, code = stakes[-1]["small"], stakes[-1]["big"], stakes[-1]["code"]
        tournament = _TOURNAMENT.search(game)
        unit, scale = _unit(small_text + big_text, code, tournament is not None)
        hand = SourceHand(
            room=ROOM,
            hand_id=header["id"],
            line=self.first,
            players=[],
            seat_numbers=[],
            stacks=[],
            button=0,
            small_blind=minor_units(small_text, scale, unit, self.first),
            big_blind=minor_units(big_text, scale, unit, self.first),
            unit=unit,
            scale=scale,
            played_at=_played_at(header["date"], header["zone"]),
            tournament=tournament[1] if tournament else "",
        )
        self.hand = hand
        body = iter(self.lines[1:])
        button_seat = self._table_and_seats(body)
        self._seat_players(button_seat)
        for number, text in body:
            self._line(number, text)
        return self._finish()

    def _table_and_seats(self, body: Iterator[Line]) -> int:
        """The table line, then every seat line and forced bet up to the hole cards."""
        hand = self._hand()
        table = None
        seats: list[tuple[int, str, int]] = []
        self.sitting_out: set[str] = set()
        self.pending_posts: list[tuple[int, str, str, int]] = []
        for number, text in body:
            if table is None:
                table = _TABLE.match(text)
                if table is None:
                    raise HandRefused(ErrorCode.MISSING_FIELD, number, field="table")
                hand.table = table["name"]
                hand.max_seats = int(table["max"])
                continue
            if text.startswith("*** HOLE CARDS ***"):
                self.seat_lines = seats
                return int(table["button"])
            seat = _SEAT.match(text) if text.startswith("Seat ") else None
            if seat is not None:
                rest = seat["rest"]
                if "sitting out" in rest or "out of hand" in rest:
                    self.sitting_out.add(seat["name"])
                stack = minor_units(seat["stack"], hand.scale, hand.unit, number)
                seats.append((int(seat["seat"]), seat["name"], stack))
                continue
            post = _POST.match(text) if ": posts " in text else None
            if post is not None:
                amount = minor_units(post["amount"], hand.scale, hand.unit, number)
                self.pending_posts.append((number, post["name"], post["what"], amount))
                continue
            sits = _SITS_OUT.match(text)
            if sits is not None:
                self.sitting_out.add(sits["name"])
                continue
            if not _chatter(text):
                raise HandRefused(ErrorCode.MALFORMED_LINE, number, text=text[:80])
        raise HandRefused(ErrorCode.HAND_TRUNCATED, self.first)

    def _seat_players(self, button_seat: int) -> None:
        """The players dealt in, clockwise by seat number; the button's index (an empty seat's
        button: the player before it, so the action after it starts where it should)."""
        hand = self._hand()
        posting = {name for _, name, _, _ in self.pending_posts}
        dealt = [
            (seat, name, stack)
            for seat, name, stack in sorted(self.seat_lines)
            if name not in self.sitting_out or name in posting
        ]
        for index, (seat, name, stack) in enumerate(dealt):
            hand.players.append(name)
            hand.seat_numbers.append(seat)
            hand.stacks.append(stack)
            self.names[name] = index
        before = [index for index, (seat, _, _) in enumerate(dealt) if seat <= button_seat]
        hand.button = before[-1] if before else len(dealt) - 1
        hand.hole = [[None, None] for _ in dealt]
        for number, name, what, amount in self.pending_posts:
            self._post(number, self._player(name, number), what, amount)

    def _post(self, number: int, player: int, what: str, amount: int) -> None:
        hand = self._hand()
        if what == "the ante":
            hand.forced.append((player, "ante", amount))
        elif what == "small blind":
            hand.forced.append((player, "small", amount))
        elif what == "straddle":
            hand.forced.append((player, "straddle", amount))
        elif what == "big blind":
            hand.forced.append((player, "posted" if self.big_posted else "big", amount))
            self.big_posted = True
        else:  # small & big blinds: the small part is dead, the big part a live post
            dead = min(hand.small_blind, amount)
            if dead:
                hand.forced.append((player, "dead", dead))
            if amount - dead:
                hand.forced.append((player, "posted", amount - dead))

    # --- the streets and the summary -----------------------------------------------------

    def _line(self, number: int, text: str) -> None:
        # Most lines are actions: the street's pattern is tried only on a line that could be one.
        street = _STREET.match(text) if text.startswith("*** ") else None
        if street is not None:
            self._section(number, street["title"], street["cards"])
            return
        if self.in_summary:
            self._summary_line(number, text)
            return
        action = _ACTION.match(text) if _ACTION_VERB.search(text) else None
        if action is not None and action["name"] in self.names:
            self._action(number, action)
            return
        # Each pattern tried only on a line holding the text it cannot match without.
        if text.startswith("Dealt to ") and (found := _DEALT.match(text)):
            self._dealt(number, found)
        elif ": shows [" in text and (found := _SHOWS.match(text)):
            self._shows(number, found)
        elif ": mucks hand" in text and (found := _MUCKS.match(text)):
            self._mucks(number, found)
        elif " collected " in text and (found := _COLLECTED.match(text)):
            self._collected(number, found)
        elif text.startswith("Uncalled bet (") and (found := _UNCALLED.match(text)):
            self._uncalled(number, found)
        elif action is not None:
            raise HandRefused(ErrorCode.UNKNOWN_PLAYER, number, player=action["name"])
        elif not _chatter(text):
            raise HandRefused(ErrorCode.MALFORMED_LINE, number, text=text[:80])

    def _section(self, number: int, title: str, cards: str) -> None:
        if title in STREETS:
            self.street = STREETS[title]
            dealt = _bracketed(cards)
            new = self._cards(dealt[-1] if dealt else [], "board", number)
            for card in new:
                if card in self.board:
                    raise HandRefused(ErrorCode.CARD_DEALT_TWICE, number, card=card)
                self.board.append(card)
        elif title == "SUMMARY":
            self.in_summary = True
            self.summary_seen = True
        elif title in ("SHOW DOWN", "HOLE CARDS"):
            return
        else:  # FIRST FLOP, SECOND BOARD...: a board run twice
            raise HandRefused(ErrorCode.UNSUPPORTED_GAME, number, game=title.title())

    def _action(self, number: int, found: re.Match[str]) -> None:
        hand = self._hand()
        player = self._player(found["name"], number)
        verb = found["verb"]
        kind = ACTION_KINDS.get(verb, "raise")
        amount = None
        if kind in ("bet", "raise"):
            text = found["to"] if kind == "raise" else found["first"]
            if text is None:
                raise HandRefused(ErrorCode.MALFORMED_LINE, number, text=found.string[:80])
            amount = minor_units(text, hand.scale, hand.unit, number)
        hand.actions.append(SourceAction(number, player, self.street, kind, amount))

    def _dealt(self, number: int, found: re.Match[str]) -> None:
        player = self._player(found["name"], number)
        self.dealt[player] = self._hole(player, found["cards"], number)

    def _shows(self, number: int, found: re.Match[str]) -> None:
        player = self._player(found["name"], number)
        self.showed[player] = self._hole(player, found["cards"], number)

    def _hole(self, player: int, text: str, number: int) -> list[str]:
        """A player's two cards, checked: each a card, none told for anyone else, and no
        more than two for the player."""
        cards = self._cards(text.split(), player, number)
        told = {*self.dealt.get(player, []), *self.showed.get(player, []), *cards}
        if len(cards) != 2 or len(told) > 2:
            raise HandRefused(ErrorCode.CARD_DEALT_TWICE, number, card=" ".join(cards)[:20])
        return cards

    def _cards(self, texts: list[str], owner: int | str, number: int) -> list[str]:
        cards = []
        for text in texts:
            card = self.book.card(text, number)
            if card is None:
                raise HandRefused(ErrorCode.INVALID_CARD, number, card=text)
            self.book.add(card, owner, number)
            cards.append(card)
        return cards

    def _mucks(self, number: int, found: re.Match[str]) -> None:
        self._hand().mucks.add(self._player(found["name"], number))

    def _collected(self, number: int, found: re.Match[str]) -> None:
        hand = self._hand()
        player = self._player(found["name"], number)
        amount = minor_units(found["amount"], hand.scale, hand.unit, number)
        self.collected[player] = self.collected.get(player, 0) + amount

    def _uncalled(self, number: int, found: re.Match[str]) -> None:
        self._player(found["name"], number)  # our rules return it; the name must be seated

    def _summary_line(self, number: int, text: str) -> None:
        hand = self._hand()
        # Each pattern tried only on a line holding the text it cannot match without.
        total = _TOTAL.match(text) if text.startswith("Total pot ") else None
        if total is not None:
            self.total = minor_units(total["total"], hand.scale, hand.unit, number)
            if total["rake"]:
                self.stated_rake = minor_units(total["rake"], hand.scale, hand.unit, number)
            return
        board = _BOARD.match(text) if text.startswith("Board [") else None
        if board is not None:
            # The board once more: checked as cards, told by the streets already.
            self.summary_board = [
                self.book.card(text, number) or "??" for text in board["cards"].split()
            ]
            return
        shown = " showed [" in text or " mucked [" in text
        seat = _SUMMARY_SEAT.match(text) if shown else None
        if seat is not None and seat["name"] in self.names:
            player = self.names[seat["name"]]
            self.showed[player] = self._hole(player, seat["cards"], number)
            if seat["verb"] == "mucked":
                hand.mucks.add(player)

    def _finish(self) -> SourceHand:
        hand = self._hand()
        # No summary: the record stops before the end (the hand is kept as far as it goes).
        hand.complete = self.summary_seen
        for player, cards in {**self.dealt, **self.showed}.items():
            hand.hole[player] = list[str | None](cards)
        board = self.board or self.summary_board or []
        hand.board = [card if card != "??" else None for card in board]
        if len(self.dealt) == 1:
            hand.hero = next(iter(self.dealt))
        hand.collected = dict(self.collected) if self.summary_seen else None
        if self.total is not None:
            # The room's rake, and any fee it took: the pot less what it paid out.
            hand.rake = max(self.total - sum(self.collected.values()), 0)
        else:
            hand.rake = self.stated_rake
        if hand.table.startswith(OWN_EXPORT_TABLE):
            # Our own export numbers hands within a match: the table names the match.
            hand.room = OWN_EXPORT_ROOM
            hand.hand_id = f"{hand.table}#{hand.hand_id}"
        return hand

    def _player(self, name: str, number: int) -> int:
        try:
            return self.names[name]
        except KeyError:
            raise HandRefused(ErrorCode.UNKNOWN_PLAYER, number, player=name) from None

    def _hand(self) -> SourceHand:
        assert self.hand is not None
        return self.hand


def _chatter(text: str) -> bool:
    """A line that tells nothing about the hand's chips or cards (chat, connections...)."""
    return any(marker in text for marker in _CHATTER)


def _bracketed(text: str) -> list[list[str]]:
    return [group.split() for group in _BRACKETED.findall(text)]


def _game_name(game: str) -> str:
    """The game a header names, without the stakes and the tournament."""
    name = _STAKES.sub("", _TOURNAMENT.sub("", game)).strip(" ,-")
    return re.sub(r"^[^A-Za-z]*\+?[^A-Za-z]*[A-Z]{3}\s+", "", name)[:60] or game[:60]


def _unit(stakes: str, code: str | None, tournament: bool) -> tuple[str, int]:
    """(unit, scale): a tournament's chips; a cash game's currency, counted in cents."""
    if tournament:
        return CHIPS, 1
    symbol = next((symbol for symbol in CURRENCIES if symbol in stakes), None)
    if code is None and symbol is None:
        return CHIPS, 1  # play money
    return code or CURRENCIES[symbol or "$"], 100


def _played_at(text: str, zone: str | None) -> datetime:
    """When the hand was played, in the zone the header names (UTC if it names none we know)."""
    day, clock = text.split(" ")
    year, month, date = (int(part) for part in day.split("/"))
    hour, minute, second = (int(part) for part in clock.split(":"))
    local = datetime(year, month, date, hour, minute, second, tzinfo=_zone(zone or "UTC"))
    return local.astimezone(UTC)


@functools.cache
def _zone(abbreviation: str) -> ZoneInfo:
    return ZoneInfo(ZONES.get(abbreviation, "UTC"))
