"""What the hand-history formats share: PHH for Hold'em (:mod:`games.engine.holdem.phh`) and UD
for Up & Down (:mod:`games.engine.updown.history`).

Both are TOML files (:mod:`games.engine.toml_files`) holding one hand: the table, then an array
of action lines in PHH's style (``d dh p1 ...``, ``p2 cbr 60``, ``p1 f``; ``# comments``). Each
format reads a file into its own history type and replays it through its game's engine; what is
the same for both lives here: an :class:`Action` line, the :class:`Replay` result, reading chip
amounts and player names, the turn and refusal checks of a replayed action, and the
:class:`Reader` that turns ``loads`` and ``replay`` into ``load`` and ``replay_file``. Each
format raises its own ``ValueError`` subclass, whose text is the one-line reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.toml_files import read_utf8

Card = str | None
"""A card of a history; None where the history does not tell it (``??``)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of ``actions``: ``actor`` is the 0-based player (None for the dealer ``d``).

    ``kind`` is the format's code: ``dh`` (hole cards dealt), ``f``, ``cc`` (check or call),
    ``cbr`` (bet or raise to ``amount``), ``sm`` (cards shown), ``noop`` (a blank or
    comment-only line), and a format's own (PHH's ``db``, UD's ``lock``).
    """

    number: int  # 1-based position in ``actions``
    text: str
    kind: str
    actor: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int | None = None

    def where(self) -> str:
        return where(self.number, self.text)


@dataclass(frozen=True, slots=True)
class Replay:
    """The result of a replay: our engine's finishing stacks (in the file's player order), its
    events, and the cards it dealt from (a Hold'em deck, an Up & Down deal's shoe)."""

    finishing_stacks: tuple[int, ...]
    events: tuple[Event, ...]
    deck: tuple[str, ...]


def where(number: int, text: str) -> str:
    """How a reason names an action line.

    >>> where(3, "  p2 cbr 60 ")
    "action 3 'p2 cbr 60'"
    """
    return f"action {number} {text.strip()!r}"


def words(text: str) -> list[str]:
    """An action line's words, its ``# comment`` left out.

    >>> words("p2 cbr 60  # a raise")
    ['p2', 'cbr', '60']
    """
    return text.split("#", 1)[0].split()


def action_lines(document: dict[str, Any], error: type[ValueError]) -> list[str]:
    """The document's ``actions``, which must be an array of strings."""
    lines = document["actions"]
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise error("malformed: 'actions' is not an array of strings")
    return lines


def amount(value: Any, name: str, error: type[ValueError]) -> int:
    """A whole, finite, non-negative chip amount: a TOML integer, or a whole number such as
    ``2.0`` where the format reads fractions exactly (PHH reads them as ``Decimal``).

    >>> amount(40, "min_bet", ValueError), amount(Decimal("2.0"), "ante", ValueError)
    (40, 2)
    >>> amount(Decimal("0.5"), "ante", ValueError)
    Traceback (most recent call last):
    ValueError: unsupported: ante holds 0.5 (our chips are whole numbers)
    """
    if isinstance(value, float):  # a format that reads no fractions (UD)
        raise error(f"malformed: {name} holds {value!r}, not a whole number of chips")
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise error(f"malformed: {name} holds {value!r}, not a number")
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise error(f"unsupported: {name} holds {value} (unknown amounts cannot be replayed)")
        if value != value.to_integral_value():
            raise error(f"unsupported: {name} holds {value} (our chips are whole numbers)")
        value = int(value)
    if value < 0:
        raise error(f"malformed: {name} holds a negative amount {value}")
    return int(value)


def player(word: str, count: int, where: str, error: type[ValueError]) -> int:
    """The 0-based player ``pN`` names, among ``count`` players.

    >>> player("p2", 4, "action 1", ValueError)
    1
    >>> player("p5", 4, "action 1", ValueError)
    Traceback (most recent call last):
    ValueError: malformed: action 1: 'p5' is not a player p1..p4
    """
    digits = word[1:]
    if word[:1] != "p" or not digits.isdigit() or not 1 <= int(digits) <= count:
        raise error(f"malformed: {where}: {word!r} is not a player p1..p{count}")
    return int(digits) - 1


def check_turn(action: Action, seat: int, step: str, error: type[ValueError]) -> None:
    """Refuse ``action`` unless its player is ``seat``, the one whose turn it is to ``step``."""
    if action.actor != seat:
        raise error(
            f"{action.where()}: it is p{seat + 1}'s turn {step}, not p{(action.actor or 0) + 1}'s"
        )


def betting_kind(action: Action, *, can_check: bool, bets: bool) -> str:
    """The engine's action kind for a betting line: ``f`` folds, ``cc`` checks when nothing is
    owed (``can_check``) else calls, ``cbr`` bets when ``bets`` (an opening bet, as the format
    reads it) else raises.

    >>> betting_kind(Action(1, "p1 cc", "cc", 0), can_check=False, bets=False)
    'call'
    """
    if action.kind == "f":
        return "fold"
    if action.kind == "cc":
        return "check" if can_check else "call"
    return "bet" if bets else "raise"


def play[S, C](
    advance: Callable[[S, C], tuple[S, list[Event]]],
    state: S,
    command: C,
    action: Action,
    error: type[ValueError],
) -> tuple[S, list[Event]]:
    """``advance(state, command)`` for the line ``action``; a refusal of the rules becomes
    ``error`` naming the line, the rule's reason and its code."""
    try:
        return advance(state, command)
    except IllegalAction as refusal:
        raise error(f"{action.where()}: {refusal.message} [{refusal.code}]") from None


@dataclass(frozen=True, slots=True)
class Reader[H]:
    """A format's file reading, from its ``loads`` (text to history) and ``replay`` (history to
    :class:`Replay`); both raise ``error`` for anything the format cannot accept."""

    error: type[ValueError]
    loads: Callable[[str], H]
    replay: Callable[[H], Replay]

    def load(self, path: str | Path) -> H:
        """Read a history file (UTF-8 TOML)."""
        return self.loads(read_utf8(path, self.error))

    def replay_file(self, path: str | Path) -> tuple[int, ...]:
        """The finishing stacks (in the file's player order) of the hand in ``path``."""
        return self.replay(self.load(path)).finishing_stacks
