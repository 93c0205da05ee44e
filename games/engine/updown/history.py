"""Up & Down deal histories: a small TOML format in the spirit of PHH, written and replayed.

The format is documented in ``docs/updown-hand-history.md``. One file holds one deal::

    variant = "UD"
    format_version = 1
    ante = 1
    starting_stacks = [20, 20]
    starter = "p1"
    actions = ["d dh p1 Kh1 7c2", "d dh p2 Qs2 3d1", "p1 lock Kh1", "p2 lock 3d1",
               "p1 cbr 2", "p2 f", "p1 sm Kh1", "p2 sm 3d1"]
    finishing_stacks = [21, 19]

Player ``pN`` is seat ``N - 1`` (p1 is the human's seat 0 in a Cardavia match). :func:`deal_history`
exports a stored deal from a match's events; :func:`load`/:func:`loads` read a file into a
:class:`DealHistory` and :func:`replay` plays it through :mod:`games.engine.updown.game`,
returning our engine's finishing stacks — the same shape as :mod:`games.engine.holdem.phh`.
Anything we cannot accept raises :class:`HistoryError` (a ``ValueError``) whose text is the
one-line reason.

>>> text = '''
... variant = "UD"
... format_version = 1
... ante = 1
... starting_stacks = [20, 20]
... starter = "p1"
... actions = ["d dh p1 Kh1 7c2", "d dh p2 Qs2 3d1", "p1 lock Kh1", "p2 lock 3d1",
...            "p1 cbr 2", "p2 f"]
... '''
>>> replay(text).finishing_stacks
(21, 19)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import hand_history
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.game import HistoryFormat
from games.engine.hand_history import Action, Card, Replay
from games.engine.toml_files import parse_toml
from games.engine.updown import events as ev
from games.engine.updown.betting import legal_actions
from games.engine.updown.cards import SHOE, in_shoe_order, is_card_id
from games.engine.updown.game import Act, Lock, StartDeal, StartMatch, advance
from games.engine.updown.state import BETTING, LOCKING, SEATS, UpDownState, apply, fold

VARIANT = "UD"
FORMAT_VERSION = 1
REQUIRED_FIELDS = ("variant", "format_version", "ante", "starting_stacks", "starter", "actions")
UNKNOWN = "??"
HEADER = "# Up & Down deal history (docs/updown-hand-history.md)\n"


class HistoryError(ValueError):
    """A deal history we cannot accept; ``str(error)`` is the one-line reason."""


@dataclass(frozen=True, slots=True)
class DealHistory:
    """One Up & Down deal as our engine replays it (players in seat order)."""

    ante: int
    starting_stacks: tuple[int, ...]
    starter: int
    actions: tuple[Action, ...]
    finishing_stacks: tuple[int, ...] | None = None


# --- writing ---------------------------------------------------------------------------------


def deal_history(events: Sequence[Event], deal_number: int, *, for_seat: int | None = None) -> str:
    """The deal ``deal_number`` of a match's stored ``events`` as history text.

    With ``for_seat=None`` this is the house's complete record: both hands in full. With a seat,
    it is what that player may keep: the opponent's kept (never played) card is written ``??``,
    and the shoe's seed only if it has been revealed in ``events`` (which the house record shows
    too). Raises :class:`HistoryError` if the deal is not in ``events`` or did not finish.
    """
    start = next(
        (
            i
            for i, item in enumerate(events)
            if isinstance(item, ev.DealStarted) and item.deal_number == deal_number
        ),
        None,
    )
    if start is None:
        raise HistoryError(f"there is no deal {deal_number} in these events")
    before = fold(events[:start])
    assert before.config is not None
    state = before.copy()
    lines: list[str] = []
    hands: list[tuple[str, ...]] = []
    finishing: tuple[int, ...] | None = None
    for item in events[start:]:
        apply(state, item)
        match item:
            case ev.SignalsShown():
                # Shoe order, not the order drawn: nothing may tell which card is new.
                hands = [in_shoe_order(seat.hand) for seat in state.seats]
            case ev.CardLocked():
                lines.append(f"p{item.seat + 1} lock {item.card}")
            case ev.Folded():
                lines.append(f"p{item.seat + 1} f")
            case ev.Checked() | ev.Called():
                lines.append(f"p{item.seat + 1} cc")
            case ev.Bet() | ev.Raised():
                lines.append(f"p{item.seat + 1} cbr {item.to}")
            case ev.LockedCardsRevealed():
                lines += [f"p{seat + 1} sm {card}" for seat, card in enumerate(item.cards)]
            case ev.DealEnded():
                finishing = tuple(item.stacks)
                break
            case ev.DealAbandoned():
                raise HistoryError(f"deal {deal_number} was abandoned by a restart")
    if finishing is None:
        raise HistoryError(f"deal {deal_number} is not over")
    dealt = []
    for seat, hand in enumerate(hands):
        if for_seat is not None and seat != for_seat:
            # Only the played card is public; the kept one is written unknown, after it.
            hand = (state.revealed[seat], UNKNOWN)
        dealt.append(f"d dh p{seat + 1} {' '.join(hand)}")
    document: dict[str, Any] = {
        "variant": VARIANT,
        "format_version": FORMAT_VERSION,
        "deal": deal_number,
        "segment": state.segment,
        **_shuffle_fields(events, state),
        "ante": before.config.ante,
        "starting_stacks": [seat.stack for seat in before.seats],
        "starter": f"p{(state.starter or 0) + 1}",
        "actions": dealt + lines,
        "finishing_stacks": list(finishing),
    }
    return HEADER + "".join(f"{key} = {_toml_value(value)}\n" for key, value in document.items())


def _toml_value(value: Any) -> str:
    """A TOML value: numbers and short arrays inline, the actions one per line.

    JSON's string escapes are all valid in TOML basic strings.
    """
    if isinstance(value, list):
        items = [_toml_value(item) for item in value]
        if value and all(isinstance(item, str) for item in value):
            return "[\n" + "".join(f"  {item},\n" for item in items) + "]"
        return "[" + ", ".join(items) + "]"
    return json.dumps(value)


def _shuffle_fields(events: Sequence[Event], state: UpDownState) -> dict[str, Any]:
    """The shoe the deal drew from: its number and commitment, and its seed once revealed."""
    shoe = state.shoe
    if shoe is None:
        return {}
    fields: dict[str, Any] = {"shuffle": shoe.number}
    if shoe.commitment:
        fields["shuffle_commitment"] = shoe.commitment
    for item in events:
        if isinstance(item, ev.ShuffleRevealed) and item.shuffle == shoe.number and item.seed:
            fields["shuffle_seed"] = item.seed
    return fields


# --- reading ---------------------------------------------------------------------------------


def loads(text: str) -> DealHistory:
    """Read deal history text; raises :class:`HistoryError` for anything we cannot replay."""
    document = parse_toml(text, HistoryError)
    if "variant" not in document:
        raise HistoryError("malformed: no 'variant' field")
    if document["variant"] != VARIANT:
        raise HistoryError(
            f"unsupported variant {document['variant']!r}: this reader takes Up & Down ('UD')"
        )
    missing = [name for name in REQUIRED_FIELDS if name not in document]
    if missing:
        raise HistoryError(f"malformed: missing field(s) {', '.join(missing)}")
    version = document["format_version"]
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise HistoryError(
            f"unsupported format_version {version!r}: this reader takes {FORMAT_VERSION}"
        )
    ante = _amount(document["ante"], "ante")
    stacks = _stacks(document["starting_stacks"], "starting_stacks")
    if any(stack <= 0 for stack in stacks):
        raise HistoryError("malformed: every starting stack must be positive")
    finishing = None
    if "finishing_stacks" in document:
        finishing = _stacks(document["finishing_stacks"], "finishing_stacks")
    starter = document["starter"]
    if starter not in ("p1", "p2"):
        raise HistoryError(f"malformed: starter is {starter!r}, not 'p1' or 'p2'")
    lines = hand_history.action_lines(document, HistoryError)
    actions = tuple(parse_action(line, number) for number, line in enumerate(lines, start=1))
    return DealHistory(
        ante=ante,
        starting_stacks=stacks,
        starter=int(starter[1]) - 1,
        actions=actions,
        finishing_stacks=finishing,
    )


def _amount(value: Any, name: str) -> int:
    return hand_history.amount(value, name, HistoryError)


def _stacks(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != SEATS:
        raise HistoryError(f"malformed: {name} must be an array of two amounts (p1, p2)")
    return tuple(_amount(item, name) for item in value)


def _player(word: str, where: str) -> int:
    return hand_history.player(word, SEATS, where, HistoryError)


def _card(word: str, where: str) -> Card:
    if word == UNKNOWN:
        return None
    if not is_card_id(word):
        raise HistoryError(f"malformed: {where}: {word!r} is not a card id such as 'As1'")
    return word


def parse_action(text: str, number: int) -> Action:
    """One action line.

    >>> parse_action("p2 cbr 3  # a raise", 4)
    Action(number=4, text='p2 cbr 3  # a raise', kind='cbr', actor=1, cards=(), amount=3)
    >>> parse_action("d dh p1 As1 ??", 1).cards
    ('As1', None)
    """
    where = hand_history.where(number, text)
    match hand_history.words(text):
        case []:
            return Action(number, text, "noop")
        case ["d", "dh", player, first, second]:
            cards = (_card(first, where), _card(second, where))
            return Action(number, text, "dh", _player(player, where), cards)
        case ["d", "dh", *_]:
            raise HistoryError(f"malformed: {where}: 'd dh' names a player and two cards")
        case [player, "lock", card]:
            locked = _card(card, where)
            if locked is None:
                raise HistoryError(f"malformed: {where}: a lock names the card locked")
            return Action(number, text, "lock", _player(player, where), (locked,))
        case [player, "sm", card]:
            shown = _card(card, where)
            if shown is None:
                raise HistoryError(f"malformed: {where}: a show names the card shown")
            return Action(number, text, "sm", _player(player, where), (shown,))
        case [player, "f" | "cc" as kind]:
            return Action(number, text, kind, _player(player, where))
        case [player, "cbr", amount]:
            if not amount.isdigit():
                raise HistoryError(f"malformed: {where}: {amount!r} is not a whole number of chips")
            return Action(number, text, "cbr", _player(player, where), amount=int(amount))
        case _:
            raise HistoryError(f"malformed: {where} is not an Up & Down action")


# --- replaying -------------------------------------------------------------------------------


def first_deal_shoe(hands: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    """A 104-card shoe from which our engine's first deal gives each seat these two cards.

    Seat 0 gets the 1st and 3rd cards, seat 1 the 2nd and 4th; unknown cards, and the rest of
    the shoe, are the unused cards in shoe order.

    >>> first_deal_shoe([("As1", None), ("Kd2", "2c1")])[:4]
    ('As1', 'Kd2', '2d1', '2c1')
    """
    slots: list[Card] = [hands[0][0], hands[1][0], hands[0][1], hands[1][1]]
    used = {card for card in slots if card is not None}
    spare = iter(card for card in SHOE if card not in used)
    top = tuple(card if card is not None else next(spare) for card in slots)
    return top + tuple(spare)


def _hands(history: DealHistory) -> list[tuple[Card, Card]]:
    hands: list[tuple[Card, Card] | None] = [None] * SEATS
    dealing = True
    for action in history.actions:
        if action.kind == "noop":
            continue
        if action.kind != "dh":
            dealing = False
            continue
        assert action.actor is not None
        if not dealing:
            raise HistoryError(f"malformed: {action.where()}: cards dealt after the deal began")
        if hands[action.actor] is not None:
            raise HistoryError(f"malformed: {action.where()}: p{action.actor + 1} dealt twice")
        hands[action.actor] = (action.cards[0], action.cards[1])
    missing = [f"p{seat + 1}" for seat, hand in enumerate(hands) if hand is None]
    if missing:
        raise HistoryError(f"malformed: no 'd dh' line for {', '.join(missing)}")
    known = [card for hand in hands if hand for card in hand if card is not None]
    for card in known:
        if known.count(card) > 1:
            raise HistoryError(f"malformed: the card {card} is dealt twice")
    return [hand for hand in hands if hand is not None]


def replay(history: DealHistory | str) -> Replay:
    """Play the deal (a :class:`DealHistory`, or history text) through our engine.

    Raises :class:`HistoryError` if the file is malformed, our rules refuse an action, the deal
    does not finish, or the file's ``finishing_stacks`` differ from our engine's.
    """
    if isinstance(history, str):
        history = loads(history)
    hands = _hands(history)
    shoe = first_deal_shoe(hands)
    events: list[Event] = []
    try:
        state, produced = advance(
            UpDownState(),
            StartMatch(
                stacks=history.starting_stacks,
                ante=history.ante,
                first_starter=history.starter,
            ),
        )
        events += produced
        state, produced = advance(state, StartDeal(shoe=shoe))
        events += produced
    except IllegalAction as error:
        raise HistoryError(f"unsupported deal: {error.message}") from None

    for action in history.actions:
        if action.kind in ("noop", "dh"):
            continue
        if action.kind == "sm":
            _check_show(state, action)
            continue
        state, produced = _play(state, action, hands)
        events += produced

    if state.phase in (LOCKING, BETTING):
        legal = legal_actions(state)
        waiting = (
            "unfinished"
            if legal is None
            else f"p{legal.seat + 1} to " + ("lock" if legal.can_lock else "bet")
        )
        raise HistoryError(f"deal incomplete: the actions end with {waiting}")
    stacks = tuple(seat.stack for seat in state.seats)
    if history.finishing_stacks is not None and history.finishing_stacks != stacks:
        raise HistoryError(
            f"finishing_stacks {list(history.finishing_stacks)} differ from the rules' "
            f"{list(stacks)}"
        )
    return Replay(finishing_stacks=stacks, events=tuple(events), deck=shoe)


def _play(
    state: UpDownState, action: Action, hands: Sequence[tuple[Card, Card]]
) -> tuple[UpDownState, list[Event]]:
    """One player action, checked against our engine's turn and rules."""
    legal = legal_actions(state)
    if legal is None:
        raise HistoryError(f"{action.where()}: the deal is already over")
    hand_history.check_turn(
        action, legal.seat, "to lock" if legal.can_lock else "to act", HistoryError
    )
    seat = legal.seat
    if action.kind == "lock":
        card = action.cards[0]
        if card not in hands[seat]:
            raise HistoryError(
                f"{action.where()}: p{seat + 1} was not dealt {card} (the 'd dh' line)"
            )
        command: Lock | Act = Lock(seat=seat, card=card or "")
    else:
        kind = hand_history.betting_kind(
            action, can_check=legal.can_check, bets=state.current_bet == 0
        )
        command = Act(seat=seat, kind=kind, amount=action.amount)
    return hand_history.play(advance, state, command, action, HistoryError)


def _check_show(state: UpDownState, action: Action) -> None:
    """A ``sm`` line must come after the reveal and show the card the player locked."""
    assert action.actor is not None
    if not state.revealed:
        raise HistoryError(f"{action.where()}: a locked card is shown only after the betting")
    if state.revealed[action.actor] != action.cards[0]:
        raise HistoryError(
            f"{action.where()}: p{action.actor + 1} locked {state.revealed[action.actor]}"
        )


READER = hand_history.Reader(HistoryError, loads, replay)
FORMAT = HistoryFormat(
    name="UD", variants=(VARIANT,), replay_file=READER.replay_file, error=HistoryError
)
"""UD as the game interface names it (:attr:`games.engine.game.Game.history_format`)."""
load = READER.load
"""Read a deal history file (UTF-8 TOML); raises :class:`HistoryError`."""
replay_file = READER.replay_file
"""Finishing stacks (p1, p2) of the deal in ``path``; raises :class:`HistoryError`."""
