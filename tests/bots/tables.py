"""Building the spots the bot tests put a bot in: a table dealt from a chosen deck, scripted
actions, and what one seat sees of it (its view and its visible history) — through the engine
only, exactly as the services would show it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bots.policies import Bot, Choice, Record
from games.engine.cards import STANDARD_DECK
from games.engine.holdem.game import Act, StartHand, StartMatch, advance, next_button
from games.engine.holdem.state import BETTING, BETWEEN_HANDS, HoldemState
from games.engine.holdem.view import view, visible_record

Script = Callable[[dict[str, Any]], Choice]


def deck_with(
    holes: Mapping[int, tuple[str, str]], board: Sequence[str], seats: int, button: int
) -> tuple[str, ...]:
    """A deck dealing ``holes`` (seat → cards) and then ``board`` (up to five cards), every other
    card in standard order. Hole cards go one at a time clockwise from left of the button."""
    used = {card for cards in holes.values() for card in cards} | set(board)
    spare = iter(card for card in STANDARD_DECK if card not in used)
    order = [(button + 1 + offset) % seats for offset in range(seats)]
    first = [holes[s][0] if s in holes else next(spare) for s in order]
    second = [holes[s][1] if s in holes else next(spare) for s in order]
    rest = list(board) + [next(spare) for _ in range(5 - len(board))]
    street_cards = [next(spare), *rest[:3], next(spare), rest[3], next(spare), rest[4]]
    deck = first + second + street_cards
    deck += [card for card in spare]
    assert sorted(deck) == sorted(STANDARD_DECK)
    return tuple(deck)


@dataclass
class Table:
    """A match played by hand: start it, deal decks, act; ``seen(seat)`` is what a bot gets."""

    stacks: tuple[int, ...] = (1000, 1000, 1000, 1000)
    state: HoldemState = field(default_factory=HoldemState)
    records: list[list[Record]] = field(default_factory=list)
    # Rising blinds (a sit & go) when given: the levels from 10/20 on, a level every N hands.
    blind_levels: tuple[tuple[int, int], ...] = ()
    hands_per_level: int = 0

    def __post_init__(self) -> None:
        self.records = [[] for _ in self.stacks]
        self._do(
            StartMatch(
                stacks=self.stacks,
                small_blind=10,
                big_blind=20,
                blind_levels=self.blind_levels,
                hands_per_level=self.hands_per_level,
            )
        )

    def _do(self, command: Any) -> None:
        self.state, events = advance(self.state, command)
        for item in events:
            for seat, records in enumerate(self.records):
                records.append(visible_record(item, seat))

    def deal(
        self, holes: Mapping[int, tuple[str, str]] | None = None, board: Sequence[str] = ()
    ) -> None:
        assert self.state.phase == BETWEEN_HANDS
        button = next_button(self.state)
        deck = deck_with(holes or {}, board, len(self.stacks), button)
        self._do(StartHand(deck=deck))

    def act(self, kind: str, amount: int | None = None) -> None:
        assert self.state.to_act is not None
        self._do(Act(self.state.to_act, kind, amount))

    def play(self, scripts: Mapping[int, Script], until_seat: int | None = None) -> None:
        """Let scripted seats act until ``until_seat`` is to act or the hand is over."""
        while self.state.phase == BETTING and self.state.to_act is not None:
            seat = self.state.to_act
            if seat == until_seat:
                return
            kind, amount = scripts[seat](view(self.state, seat))
            self.act(kind, amount)

    def seen(self, seat: int) -> tuple[dict[str, Any], list[Record]]:
        return view(self.state, seat), list(self.records[seat])

    def ask(self, bot: Bot, seat: int, seed: int = 0) -> Choice:
        seat_view, history = self.seen(seat)
        return bot.act(seat_view, history, random.Random(seed))


# --- scripted players ----------------------------------------------------------------------


def folds(seat_view: dict[str, Any]) -> Choice:
    legal = seat_view["legal_actions"]
    return ("fold", None) if legal["can_fold"] else ("check", None)


def calls(seat_view: dict[str, Any]) -> Choice:
    legal = seat_view["legal_actions"]
    return ("call", None) if legal["can_call"] else ("check", None)


def shoves(seat_view: dict[str, Any]) -> Choice:
    legal = seat_view["legal_actions"]
    if legal["can_bet"] or legal["can_raise"]:
        return ("bet" if legal["can_bet"] else "raise"), legal["max_raise_to"]
    return calls(seat_view)


def bets_half_pot(seat_view: dict[str, Any]) -> Choice:
    legal = seat_view["legal_actions"]
    if legal["can_bet"]:
        target = max(legal["min_raise_to"], seat_view["pot"] // 2)
        return "bet", min(target, legal["max_raise_to"])
    return calls(seat_view)


def flop_bettor(seat_view: dict[str, Any]) -> Choice:
    """Calls preflop, bets half the pot on the flop, then checks or folds."""
    if seat_view["street"] == "preflop":
        return calls(seat_view)
    return bets_half_pot(seat_view) if seat_view["street"] == "flop" else folds(seat_view)


def answering(response: object) -> object:
    """Calls preflop, answers a flop bet with ``response``, then checks or calls."""

    def play(seat_view: dict[str, Any]) -> Choice:
        if seat_view["street"] == "flop":
            return response(seat_view)  # type: ignore[operator]
        return calls(seat_view)

    return play


def opens(seat_view: dict[str, Any]) -> Choice:
    """Raises to two and a half big blinds whenever it may before the flop, then checks or
    calls: a player who opens every hand."""
    legal = seat_view["legal_actions"]
    if seat_view["street"] == "preflop" and legal["can_raise"]:
        target = max(legal["min_raise_to"], 5 * seat_view["blinds"]["big"] // 2)
        return "raise", min(target, legal["max_raise_to"])
    return calls(seat_view)
