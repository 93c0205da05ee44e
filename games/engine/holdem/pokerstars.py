"""A finished hand written as PokerStars hand-history text, the format most poker tools import.

The layout is PokerStars' own: a header with the hand number, the game, the hand's own blinds
(with its level, as PokerStars' tournament headers say it, at a table whose blinds rise) and the
time;
the table line naming the button's seat; one ``Seat N: name (stack in chips)`` line per dealt
player; the blinds; ``*** HOLE CARDS ***`` with a ``Dealt to`` line for every player (the hand is
over and its seed revealed every card); each street's actions (``raises X to Y``: X the increase,
Y the round total); uncalled bets returned; ``*** SHOW DOWN ***`` with each shown hand; who
collected what from which pot; and a summary. Seats are numbered from 1, as PokerStars does.

A raise nobody could answer with more than the bet it faced is written as the call it amounts to
(see :class:`~games.engine.holdem.played_hand.PlayedAction`): PokerStars-format readers such as
PokerKit's refuse the raise, and the chips end where a call's would.

Hands are separated by two blank lines. The hand's name for each shown hand comes from
``describe`` (English, as PokerStars text always is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from games.engine.holdem.played_hand import PlayedAction, PlayedHand

STREET_TITLES = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}


def to_pokerstars(
    hand: PlayedHand,
    *,
    names: Mapping[int, str],
    played_at: datetime,
    table: str,
    describe: Callable[[tuple[str, ...]], str],
    seat_count: int,
) -> str:
    """The hand as PokerStars text. ``describe(seven_cards)`` names a shown hand in English."""
    lines = [
        f"PokerStars Hand #{hand.hand_number}: Hold'em No Limit {_level(hand)}"
        f"({hand.small_blind}/{hand.big_blind}) - {played_at:%Y/%m/%d %H:%M:%S} UTC",
        f"Table '{table}' {seat_count}-max Seat #{hand.button + 1} is the button",
        *(
            f"Seat {seat + 1}: {names[seat]} ({hand.starting_stacks[seat]} in chips)"
            for seat in sorted(hand.seats)
        ),
        *_blinds(hand, names),
        "*** HOLE CARDS ***",
        *(f"Dealt to {names[seat]} [{' '.join(hand.hole_cards[seat])}]" for seat in hand.seats),
    ]
    board: list[str] = []
    for street in hand.streets:
        if street.cards:
            lines.append(_street_line(street.name, board, street.cards))
            board.extend(street.cards)
        lines.extend(_action_line(action, names) for action in street.actions)
    lines.extend(
        f"Uncalled bet ({amount}) returned to {names[seat]}"
        for seat, amount in hand.returned.items()
    )
    if hand.shown:
        lines.append("*** SHOW DOWN ***")
        lines.extend(
            f"{names[seat]}: shows [{' '.join(cards)}] ({describe(cards + tuple(board))})"
            for seat, cards in hand.shown.items()
        )
    lines.extend(_collections(hand, names))
    lines.extend(_summary(hand, names, board))
    return "\n".join(lines) + "\n"


def _level(hand: PlayedHand) -> str:
    """A rising-blinds hand's level as PokerStars' tournament headers name it: "- Level IV "."""
    return "" if hand.level is None else f"- Level {roman(hand.level)} "


def roman(number: int) -> str:
    """``number`` (1 or more) in Roman numerals."""
    numerals = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    text = ""
    for value, letters in numerals:
        count, number = divmod(number, value)
        text += letters * count
    return text


def join_hands(texts: Iterable[str]) -> str:
    """Several hands in one file, as PokerStars writes them."""
    return "\n\n".join(text.rstrip("\n") + "\n" for text in texts)


def _blinds(hand: PlayedHand, names: Mapping[int, str]) -> list[str]:
    lines = []
    for seat, (blind, amount) in sorted(
        hand.blinds_posted.items(), key=lambda item: item[1][0] != "small"
    ):
        all_in = amount == hand.starting_stacks[seat]
        lines.append(
            f"{names[seat]}: posts {blind} blind {amount}" + (" and is all-in" if all_in else "")
        )
    return lines


def _street_line(name: str, board: list[str], cards: tuple[str, ...]) -> str:
    title = STREET_TITLES[name]
    if not board:
        return f"*** {title} *** [{' '.join(cards)}]"
    return f"*** {title} *** [{' '.join(board)}] [{' '.join(cards)}]"


def _action_line(action: PlayedAction, names: Mapping[int, str]) -> str:
    name = names[action.seat]
    all_in = " and is all-in" if action.all_in else ""
    if action.kind == "fold":
        return f"{name}: folds"
    if action.kind == "check":
        return f"{name}: checks"
    if action.kind == "call":
        return f"{name}: calls {action.added}{all_in}"
    if not action.answerable:
        return f"{name}: calls {_call_part(action)}"
    if action.kind == "bet":
        return f"{name}: bets {action.to}{all_in}"
    return f"{name}: raises {action.to - action.faced} to {action.to}{all_in}"


def _call_part(action: PlayedAction) -> int:
    """The chips of a raise nobody could answer that a call of the bet it faced puts in."""
    return action.added - (action.to - action.faced)


def _collections(hand: PlayedHand, names: Mapping[int, str]) -> list[str]:
    lines = []
    side_pots = len(hand.pots) > 1
    for pot in hand.pots:
        where = "main pot" if pot.pot == 0 else f"side pot-{pot.pot}"
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            lines.append(f"{names[seat]} collected {share} from {where if side_pots else 'pot'}")
    return lines


def _summary(hand: PlayedHand, names: Mapping[int, str], board: list[str]) -> list[str]:
    total = sum(pot.amount for pot in hand.pots)
    pots = ""
    if len(hand.pots) > 1:
        pots = f" Main pot {hand.pots[0].amount}." + "".join(
            f" Side pot-{pot.pot} {pot.amount}." for pot in hand.pots[1:]
        )
    lines = ["*** SUMMARY ***", f"Total pot {total}{pots} | Rake 0"]
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    won = hand.won
    for seat in sorted(hand.seats):
        role = " (button)" if seat == hand.button else ""
        if seat in hand.shown:
            cards = " ".join(hand.shown[seat])
            result = f"won ({won[seat]})" if won[seat] else "lost"
            lines.append(f"Seat {seat + 1}: {names[seat]}{role} showed [{cards}] and {result}")
        elif won[seat]:
            lines.append(f"Seat {seat + 1}: {names[seat]}{role} collected ({won[seat]})")
        else:
            lines.append(f"Seat {seat + 1}: {names[seat]}{role} folded")
    return lines
