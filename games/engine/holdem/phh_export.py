"""A finished hand written as PHH (Poker Hand History), the TOML standard PokerKit reads.

The counterpart of :mod:`games.engine.holdem.phh` (which reads PHH): players are listed
clockwise from the first seat left of the button, so with three or more players p1 is the small
blind and the button is last; heads-up p1 is the big blind and p2 the button, who posts the
small blind. The raw ``blinds_or_straddles`` still read "small blind, big blind" (PokerKit
reverses them for two players). Every dealt hand's cards are written (the hand is over and its
seed revealed them), and every live hand at showdown is shown (``pN sm CARDS``), in the order
it was shown.

Our own extra fields are PHH's optional ones: ``hand``, ``seats`` (1-based table seats),
``players``, ``finishing_stacks``, and ``level`` (of rising blinds: ``blinds_or_straddles`` and
``min_bet`` are that level's), ``seed``/``commitment`` as user-defined ``_``-prefixed fields
(PHH keeps fields starting with an underscore for such use).

>>> from games.engine.holdem.played_hand import PlayedHand, PotResult, Street, PlayedAction
>>> hand = PlayedHand(
...     hand_number=1, button=0, small_blind=10, big_blind=20, seats=(1, 0),
...     starting_stacks={0: 100, 1: 100}, blinds_posted={0: ("small", 10), 1: ("big", 20)},
...     hole_cards={0: ("As", "Ad"), 1: ("Kc", "Kd")},
...     streets=(Street("preflop", (), (PlayedAction(0, "fold", 0, 10),)),),
...     returned={1: 10}, shown={}, pots=(PotResult(0, 20, (1,), (20,), (), False),),
...     finishing_stacks={0: 90, 1: 110})
>>> print(to_phh(hand, names={0: "You", 1: "Vera"}), end="")  # doctest: +ELLIPSIS
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [100, 100]
actions = [
  "d dh p1 KcKd",
  "d dh p2 AsAd",
  "p2 f",
]
...
finishing_stacks = [110, 90]
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.holdem.played_hand import PlayedAction, PlayedHand

PHH_ACTION = {"fold": "f", "check": "cc", "call": "cc"}


def to_phh(hand: PlayedHand, *, names: Mapping[int, str] | None = None) -> str:
    """The hand as one PHH document (TOML text)."""
    order = hand.seats
    player = {seat: f"p{index}" for index, seat in enumerate(order, start=1)}
    lines = [
        'variant = "NT"',
        f"antes = {_array([0] * len(order))}",
        f"blinds_or_straddles = {_array(_blinds(hand))}",
        f"min_bet = {hand.big_blind}",
        f"starting_stacks = {_array(hand.starting_stacks[seat] for seat in order)}",
        "actions = [",
        *(f'  "{action}",' for action in _actions(hand, player)),
        "]",
        f"hand = {hand.hand_number}",
        f"seats = {_array(seat + 1 for seat in order)}",
    ]
    if names is not None:
        lines.append(f"players = [{', '.join(_quoted(names[seat]) for seat in order)}]")
    lines.append(f"finishing_stacks = {_array(hand.finishing_stacks[seat] for seat in order)}")
    if hand.level is not None:
        lines.append(f"_level = {hand.level}")
    if hand.commitment:
        lines.append(f"_commitment = {_quoted(hand.commitment)}")
    if hand.seed:
        lines.append(f"_seed = {_quoted(hand.seed)}")
    return "\n".join(lines) + "\n"


def _blinds(hand: PlayedHand) -> list[int]:
    """Small blind, big blind, then zeros — in raw (non-reversed) PHH order for any count."""
    blinds = [0] * len(hand.seats)
    blinds[0], blinds[1] = hand.small_blind, hand.big_blind
    return blinds


def _actions(hand: PlayedHand, player: Mapping[int, str]) -> list[str]:
    """Deals, actions and shows in PHH order. Hands are shown once the betting is over: in an
    all-in hand where the table turned them up, before the rest of the board is run out (as
    PokerKit plays it too)."""
    lines = [f"d dh {player[seat]} {''.join(hand.hole_cards[seat])}" for seat in hand.seats]
    last_betting = hand.exposed_after
    if last_betting is None:  # no run-out, or a hand stored before exposures were events
        last_betting = max(
            (index for index, street in enumerate(hand.streets) if street.actions), default=0
        )
    shows = [f"{player[seat]} sm {''.join(cards)}" for seat, cards in hand.shown.items()]
    for index, street in enumerate(hand.streets):
        if street.cards:
            lines.append(f"d db {''.join(street.cards)}")
        for action in street.actions:
            lines.append(f"{player[action.seat]} {_phh_action(action)}")
        if index == last_betting:
            lines.extend(shows)
    return lines


def _phh_action(action: PlayedAction) -> str:
    if action.kind in PHH_ACTION:
        return PHH_ACTION[action.kind]
    if not action.answerable:
        return f"cc # {action.kind} to {action.to}: no one could call more than {action.faced}"
    return f"cbr {action.to}"


def _array(values: object) -> str:
    return "[" + ", ".join(str(value) for value in values) + "]"  # type: ignore[attr-defined]


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
