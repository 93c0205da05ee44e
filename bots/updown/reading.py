"""Where a real deal stands in the abstract game, read from what one seat may see.

A bot gets its seat's view and visible history; this module turns them into the public state of
the abstract game (effective stack, class pair, position) and the point of the betting tree the
deal has reached, and turns the tree's answer back into a legal command. Everything it reads is
public or the seat's own: the signals, the revealed locked cards of the previous deal (which
give away each kept card's group), the stacks, and the betting so far.

A real bet the tree lacks (the opponent bet 3 into a tree of 2 and 4) is translated to a tree
size (:func:`~bots.updown.abstraction.translate`); the coin that randomises the translation is a
hash of the deal and the action's place in it, so the same history always reads the same way.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bots.policies import bet_kind, can_bet_or_raise
from bots.updown.abstraction import (
    CALL,
    CHECK,
    FOLD,
    MAX_STACK,
    PAIR_INDEX,
    RANK_INDEX,
    fresh_class,
    kept_class,
    size_to,
    translate,
    tree_for,
)

Record = dict[str, Any]
View = dict[str, Any]
Command = tuple[str, int | str | None]

_BETTING = {"updown.checked", "updown.called", "updown.bet", "updown.raised", "updown.folded"}
_SEGMENT_START = {"updown.match_started", "updown.match_restarted", "updown.deal_abandoned"}


def rank_of(card: str) -> int:
    """0 for a deuce up to 12 for an ace (``"Ah1"`` -> 12)."""
    return RANK_INDEX[card[0]]


def is_up(card: str) -> bool:
    return rank_of(card) >= RANK_INDEX["8"]


@dataclass(frozen=True, slots=True)
class RealRound:
    """The betting round as it really stands: bets by position (0 = starter) and the last
    full raise, which decide what each tree size means in real chips."""

    bets: tuple[int, int]
    last_full: int
    ante_pot: int
    stack: int  # the most either can bet to: the smaller of (stack + bet)

    @property
    def current(self) -> int:
        return max(self.bets)

    @property
    def pot(self) -> int:
        return self.ante_pot + sum(self.bets)

    def target(self, label: str, position: int) -> int:
        owed = self.current - self.bets[position]
        return size_to(label, self.current, self.last_full, self.pot, owed, self.stack)

    def after(self, position: int, kind: str, to: int | None) -> RealRound:
        bets = list(self.bets)
        last_full = self.last_full
        if kind == CALL:
            bets[position] = self.current
        elif kind in ("bet", "raise") and to is not None:
            increase = to - self.current
            if increase >= last_full:
                last_full = increase
            bets[position] = to
        return RealRound((bets[0], bets[1]), last_full, self.ante_pot, self.stack)


@dataclass(frozen=True, slots=True)
class DealReading:
    """The seat's deal in the abstract game's terms."""

    seat: int
    position: int  # 0: this seat started the deal (locks first, bets first)
    stack: int  # effective stack, the tree to use (0–19)
    pair: int  # index into CLASS_PAIRS
    cards: tuple[str, ...]
    locked: str | None
    node: int | None  # the tree node to act at (betting), None while locking
    real: RealRound | None
    exact: bool  # False when the history did not explain the betting and the node is a guess


def read_deal(view: View, history: Sequence[Record]) -> DealReading:
    """Read the seat's deal; raises ValueError if the seat has nothing to decide."""
    seat = view["viewer"]
    starter = view["starter"]
    if seat is None or starter is None or view["to_act"] != seat:
        raise ValueError("not this seat's turn")
    seats = view["seats"]
    me = seats[seat]
    position = 0 if seat == starter else 1
    by_position = (starter, 1 - starter)
    effective = min(s["stack"] + s["bet"] for s in seats)
    stack = min(effective, MAX_STACK)
    start = _current_deal_start(history, view["deal_number"])
    classes = tuple(_hand_class(view, history, start, index) for index in by_position)
    pair = PAIR_INDEX[(classes[0], classes[1])]
    cards = tuple(me["cards"] or ())
    if view["phase"] == "locking":
        return DealReading(seat, position, stack, pair, cards, None, None, None, True)
    ante_pot = view["pot"] - sum(s["bet"] for s in seats)
    real = RealRound((0, 0), 1, ante_pot, effective)
    actions = _betting_actions(history, start, by_position)
    walked = _walk(stack, real, actions, view["deal_number"])
    exact = walked is not None and _acts_at(stack, walked[0], position)
    if not exact:
        walked = _walk(stack, real, _guessed_actions(view, by_position, position), -1)
        if walked is None or not _acts_at(stack, walked[0], position):
            walked = (_first_node_of(stack, position), real)
    assert walked is not None
    node, real_now = walked
    return DealReading(seat, position, stack, pair, cards, me["locked_card"], node, real_now, exact)


def command_for(label: str, reading: DealReading, view: View) -> Command:
    """The tree's action as a command the table accepts: sizes are worked out on the real
    round, and an action the real table does not offer falls back to its nearest legal one."""
    legal = view["legal_actions"]
    if label == FOLD:
        return (CHECK, None) if legal["can_check"] else (FOLD, None)
    if label in (CHECK, CALL):
        return (CHECK, None) if legal["can_check"] else (CALL, None)
    if not can_bet_or_raise(legal):
        return (CHECK, None) if legal["can_check"] else (CALL, None)
    assert reading.real is not None
    target = reading.real.target(label, reading.position)
    if label == "allin":
        target = legal["max_raise_to"]
    amount = min(max(target, legal["min_raise_to"]), legal["max_raise_to"])
    return (bet_kind(legal), amount)


# --- the public hand classes ----------------------------------------------------------------


def _payload(record: Record) -> dict[str, Any]:
    payload: dict[str, Any] = record["payload"]
    return payload


def _current_deal_start(history: Sequence[Record], deal_number: int) -> int | None:
    for index in range(len(history) - 1, -1, -1):
        record = history[index]
        if record["type"] == "updown.deal_started":
            return index if _payload(record)["deal_number"] == deal_number else None
    return None


def _hand_class(view: View, history: Sequence[Record], start: int | None, seat: int) -> int:
    """A seat's class: the group of the card it kept, when the previous deal of this segment
    revealed it, and the group of its new card; otherwise two fresh cards of its signal."""
    up = view["seats"][seat]["signal"]["up"]
    previous = None if start is None else _previous_deal(history, start)
    if previous is None:
        return fresh_class(up)
    signals_up, revealed = previous
    kept_up = signals_up[seat] - (1 if is_up(revealed[seat]) else 0)
    if kept_up not in (0, 1) or up - kept_up not in (0, 1):
        return fresh_class(up)  # a history that does not add up: trust only the signal
    return kept_class(kept_up == 1, up - kept_up == 1)


def _previous_deal(
    history: Sequence[Record], start: int
) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
    """(UP counts by seat, revealed locked cards by seat) of the deal before ``start``, if it
    was in the same match segment and the history still holds it."""
    revealed: tuple[str, ...] | None = None
    for index in range(start - 1, -1, -1):
        record = history[index]
        kind = record["type"]
        if kind in _SEGMENT_START:
            return None
        if kind == "updown.locked_cards_revealed" and revealed is None:
            revealed = tuple(_payload(record)["cards"])
        elif kind == "updown.signals_shown" and revealed is not None:
            return tuple(_payload(record)["up"]), revealed
        elif kind == "updown.deal_started" and revealed is not None:
            return None
    return None


# --- the betting so far ---------------------------------------------------------------------

Action = tuple[int, str, int | None]  # (position, kind, to)


def _betting_actions(
    history: Sequence[Record], start: int | None, by_position: tuple[int, int]
) -> list[Action] | None:
    if start is None:
        return None
    actions: list[Action] = []
    for record in history[start:]:
        kind = record["type"]
        if kind in _BETTING:
            payload = _payload(record)
            position = by_position.index(payload["seat"])
            actions.append((position, kind.removeprefix("updown."), payload.get("to")))
    return actions


def _walk(
    stack: int, real: RealRound, actions: list[Action] | None, deal_number: int
) -> tuple[int, RealRound] | None:
    """Follow real actions down the tree: (node reached, real round), or None when they leave
    it (an action by the wrong player, a raise where the tree has none)."""
    if actions is None:
        return None
    tree = tree_for(stack)
    node_index = 0
    for number, (position, kind, to) in enumerate(actions):
        node = tree.nodes[node_index]
        if node.terminal or node.player != position:
            return None
        normal = {"checked": CHECK, "called": CALL, "folded": FOLD}.get(kind)
        if normal is not None:
            if normal not in node.actions:
                return None
            node_index = tree.child(node_index, normal)
            real = real.after(position, normal, None)
            continue
        sizes = [(label, real.target(label, position)) for label in _raise_labels(node.actions)]
        if not sizes or to is None:
            return None
        toss = (zlib.crc32(f"{deal_number}:{number}".encode()) & 0xFFFFFFFF) / 2**32
        label = "allin" if to >= real.stack else translate(to, sizes, toss)
        if label not in node.actions:
            label = sizes[-1][0]
        node_index = tree.child(node_index, label)
        real = real.after(position, "raise", to)
    return node_index, real


def _raise_labels(actions: tuple[str, ...]) -> list[str]:
    return [action for action in actions if action not in (FOLD, CHECK, CALL)]


def _guessed_actions(view: View, by_position: tuple[int, int], position: int) -> list[Action]:
    """A betting history that explains the bets on the table, when the real one is missing:
    the fewest actions that leave this seat to act facing those bets."""
    seats = view["seats"]
    mine = seats[by_position[position]]["bet"]
    theirs = seats[by_position[1 - position]]["bet"]
    if theirs <= mine:  # nothing owed: the start of the round for each position
        return [] if position == 0 else [(0, "checked", None)]
    if position == 0:
        if mine == 0:
            return [(0, "checked", None), (1, "bet", theirs)]
        return [(0, "bet", mine), (1, "raised", theirs)]
    if mine == 0:
        return [(0, "bet", theirs)]
    return [(0, "checked", None), (1, "bet", mine), (0, "raised", theirs)]


def _acts_at(stack: int, node: int, position: int) -> bool:
    return tree_for(stack).nodes[node].player == position


def _first_node_of(stack: int, position: int) -> int:
    """The last resort: the first node of the tree where this position acts."""
    tree = tree_for(stack)
    return next(index for index in tree.decisions if tree.nodes[index].player == position)
