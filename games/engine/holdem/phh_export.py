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

from collections.abc import Iterable, Mapping
from datetime import UTC

from games.engine.holdem import events as ev
from games.engine.holdem.imported_hand import ImportedHand, money
from games.engine.holdem.importing.source import CHIPS
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


# --- an imported hand ---------------------------------------------------------------------------

# Forced bets PHH's arrays hold as antes: an ante, and a dead blind (dead money).
DEAD_MONEY = ("ante", "dead")


def imported_to_phh(hand: ImportedHand) -> str:
    """An imported hand as one PHH document, in the room's money (``currency``; amounts exact
    to the cent), read back by our importer (:mod:`games.engine.holdem.importing.phh`) to the
    same events and by PokerKit to the same stacks (rake aside).

    PHH lists players from the button's left; the history's own seat order comes back through
    ``_button`` (the button's index in it). PHH's arrays cannot tell a dead blind from an ante
    nor give the table's stakes, so ``_forced_bets`` lists each forced bet (player, kind,
    amount) in posting order and ``_stakes`` the small and big blind; the room's rake is
    ``_rake`` (PHH has a rake function, no field) and the hero ``_hero``. Cards the history
    does not tell are ``??``; a hand given up at showdown is ``pN sm``; a hand that stops
    before its end stops its ``actions`` there.
    """
    source, table, count, scale = hand.source, hand.table, hand.seat_count, hand.source.scale
    order = tuple((hand.button + 1 + index) % count for index in range(count))
    player = {seat: f"p{index}" for index, seat in enumerate(order, start=1)}
    antes, blinds = [0] * count, [0] * count
    for seat, kind, amount in table.forced_bets:
        raw = _raw_index(order.index(seat), count)
        if kind in DEAD_MONEY:
            antes[raw] += amount
        else:
            blinds[raw] = -amount if kind == ev.Blind.POSTED else amount

    def amounts(values: Iterable[int]) -> str:
        return _array(money(value, scale) for value in values)

    lines = [
        'variant = "NT"',
        f"antes = {amounts(antes)}",
        f"blinds_or_straddles = {amounts(blinds)}",
        f"min_bet = {money(table.min_bet or table.big_blind, scale)}",
        f"starting_stacks = {amounts(table.stacks[seat] for seat in order)}",
        "actions = [",
        *(f'  "{action}",' for action in _imported_actions(hand, player)),
        "]",
        f"venue = {_quoted(source.room)}",
    ]
    if source.hand_id:
        lines.append(f"hand = {_quoted(source.hand_id)}")
    if source.played_at is not None:
        moment = source.played_at.astimezone(UTC)
        lines += [
            f"year = {moment.year}",
            f"month = {moment.month}",
            f"day = {moment.day}",
            f"time = {moment:%H:%M:%S}",
            'time_zone = "UTC"',
        ]
    if source.table:
        lines.append(f"table = {_quoted(source.table)}")
    lines += [
        f"seats = {_array(seat + 1 for seat in order)}",
        f"seat_count = {count}",
        f"players = [{', '.join(_quoted(source.players[seat]) for seat in order)}]",
    ]
    if hand.end is not None:
        paid = hand.paid()
        lines.append(f"finishing_stacks = {amounts(hand.end.stacks[seat] for seat in order)}")
        lines.append(f"winnings = {amounts(paid.get(seat, 0) for seat in order)}")
    if source.unit != CHIPS:
        lines.append(f"currency = {_quoted(source.unit)}")
    forced = (
        f"{player[seat]} {kind} {money(amount, scale)}" for seat, kind, amount in table.forced_bets
    )
    lines += [
        f"_rake = {money(hand.rake(), scale)}",
        f"_forced_bets = [{', '.join(_quoted(text) for text in forced)}]",
        f"_stakes = {amounts((source.small_blind, source.big_blind))}",
        f"_button = {hand.button}",
    ]
    if source.hero is not None:
        lines.append(f"_hero = {_quoted(player[source.hero])}")
    return "\n".join(lines) + "\n"


def _raw_index(index: int, count: int) -> int:
    """Where PHH player ``index`` (from 0) stands in the raw arrays: heads-up, PokerKit lists
    the button's entry (p2's) first."""
    return 1 - index if count == 2 else index


def _imported_actions(hand: ImportedHand, player: Mapping[int, str]) -> list[str]:
    """Deals, actions and shows in PHH order: a hand turned up before an all-in run-out is
    shown there, the others at showdown; a muck (``pN sm``) at showdown."""
    scale = hand.source.scale
    lines = []
    for seat in player:
        cards = hand.holes.get(seat)
        if cards is not None:
            lines.append(f"d dh {player[seat]} {''.join(card or '??' for card in cards)}")
    shown: set[int] = set()
    for item in hand.events:
        if isinstance(item, ev.BoardDealt):
            lines.append(f"d db {''.join(item.cards)}")
        elif isinstance(item, ev.Folded):
            lines.append(f"{player[item.seat]} f")
        elif isinstance(item, ev.Checked | ev.Called):
            lines.append(f"{player[item.seat]} cc")
        elif isinstance(item, ev.Bet | ev.Raised):
            lines.append(f"{player[item.seat]} cbr {money(item.to, scale)}")
        elif isinstance(item, ev.CardsExposed | ev.HandShown) and item.seat not in shown:
            known = hand.known(item.seat)
            if known is not None:
                shown.add(item.seat)
                lines.append(f"{player[item.seat]} sm {''.join(known)}")
        elif isinstance(item, ev.PotAwarded) and not shown.issuperset(hand.table.mucks):
            # The mucks come after the hands shown, before any pot is pushed.
            for seat in hand.table.mucks:
                if seat not in shown:
                    shown.add(seat)
                    lines.append(f"{player[seat]} sm")
    return lines
