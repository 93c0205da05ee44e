"""The decision in front of a bot, read from its view and the hand's public actions.

A :class:`Spot` holds the numbers every policy needs — pot, what is owed, stacks, positions —
and turns "bet two thirds of the pot" into a legal ``raise to`` amount.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from bots.holdem.reading import Action, HandRecord, current_hand
from bots.policies import Choice, Record, View, bet_kind, can_bet_or_raise
from games.engine.cards import card_index


@dataclass
class Spot:
    view: View
    hand: HandRecord

    @classmethod
    def read(cls, view: View, history: Sequence[Record]) -> Spot:
        return cls(view=view, hand=current_hand(history))

    # --- the table ---------------------------------------------------------------------------

    @cached_property
    def seat(self) -> int:
        return int(self.view["viewer"])

    @cached_property
    def legal(self) -> dict[str, Any]:
        legal: dict[str, Any] = self.view["legal_actions"]
        return legal

    @cached_property
    def hole(self) -> tuple[int, int]:
        cards = self.view["seats"][self.seat]["cards"]
        return card_index(cards[0]), card_index(cards[1])

    @cached_property
    def board(self) -> tuple[int, ...]:
        return tuple(card_index(card) for card in self.view["board"])

    @property
    def street(self) -> str:
        return str(self.view["street"])

    @property
    def preflop(self) -> bool:
        return not self.view["board"]

    @cached_property
    def big_blind(self) -> int:
        return int(self.view["blinds"]["big"])

    @property
    def pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return int(self.view["pot"])

    @property
    def to_call(self) -> int:
        return int(self.legal["call_amount"]) if self.legal["can_call"] else 0

    @property
    def facing_bet(self) -> bool:
        return bool(self.legal["can_call"])

    @property
    def can_raise(self) -> bool:
        """Whether the seat may put in more than a call (an opening bet or a raise)."""
        return can_bet_or_raise(self.legal)

    @cached_property
    def current_bet(self) -> int:
        return int(max(seat["bet"] for seat in self.view["seats"]))

    @property
    def my_bet(self) -> int:
        return int(self.view["seats"][self.seat]["bet"])

    @property
    def my_stack(self) -> int:
        return int(self.view["seats"][self.seat]["stack"])

    @cached_property
    def dealt(self) -> list[int]:
        """Seats dealt into this hand, clockwise from the button."""
        seats = self.view["seats"]
        count = len(seats)
        button = self.view["button"] or 0
        return [
            (button + offset) % count
            for offset in range(count)
            if seats[(button + offset) % count]["in_hand"]
        ]

    @cached_property
    def opponents(self) -> list[int]:
        """Opponents still holding cards in this hand."""
        return [
            seat
            for seat in self.dealt
            if seat != self.seat and not self.view["seats"][seat]["folded"]
        ]

    @cached_property
    def active_opponents(self) -> list[int]:
        """Opponents who still have chips to bet with."""
        return [seat for seat in self.opponents if not self.view["seats"][seat]["all_in"]]

    def is_all_in(self, seat: int) -> bool:
        return bool(self.view["seats"][seat]["all_in"])

    def chips(self, seat: int) -> int:
        """A seat's stack plus this round's bet: what it could have in front of it."""
        info = self.view["seats"][seat]
        return int(info["stack"] + info["bet"])

    @cached_property
    def effective_stack(self) -> int:
        """The most this seat can win or lose from here against the live opponents."""
        mine = self.chips(self.seat)
        others = max((self.chips(seat) for seat in self.opponents), default=0)
        return min(mine, others)

    @property
    def effective_big_blinds(self) -> float:
        return self.effective_stack / self.big_blind

    @cached_property
    def players_in_match(self) -> int:
        return sum(1 for seat in self.view["seats"] if seat["in_match"])

    @property
    def position(self) -> str:
        return self.position_of(self.seat)

    def position_of(self, seat: int) -> str:
        """BTN, SB, BB or CO (first to act 4-handed); heads-up the button is ``BTN``."""
        dealt = self.dealt
        index = dealt.index(seat) if seat in dealt else 0
        if len(dealt) == 2:
            return ("BTN", "BB")[index]
        return ("BTN", "SB", "BB", "CO")[index] if len(dealt) <= 4 else "CO"

    @cached_property
    def preflop_order(self) -> list[int]:
        """Dealt seats in the order they act preflop: after the big blind (heads-up: button)."""
        dealt = self.dealt
        first = 3 % len(dealt) if len(dealt) > 2 else 0
        return dealt[first:] + dealt[:first]

    def acting_after(self, seat: int) -> list[int]:
        """Seats still holding cards that act after ``seat`` in this preflop order."""
        order = self.preflop_order
        after = order[order.index(seat) + 1 :] if seat in order else []
        return [s for s in after if not self.view["seats"][s]["folded"]]

    @cached_property
    def acts_last_postflop(self) -> bool:
        """In position: every live opponent acts before this seat after the flop."""
        order = self.dealt[1:] + self.dealt[:1]
        live = [seat for seat in order if seat == self.seat or seat in self.opponents]
        return live[-1] == self.seat

    # --- this hand's actions ---------------------------------------------------------------

    def actions_on(self, street: str) -> list[Action]:
        return [action for action in self.hand.actions if action.street == street]

    def still_in_at(self, preflop_action: Action) -> list[int]:
        """The seats dealt in that had not folded when ``preflop_action`` was taken, its own
        seat among them."""
        folded: set[int] = set()
        for action in self.actions_on("preflop"):
            if action is preflop_action:
                break
            if action.kind == "fold":
                folded.add(action.seat)
        return [seat for seat in self.dealt if seat not in folded]

    @cached_property
    def preflop_raises(self) -> list[Action]:
        return [a for a in self.actions_on("preflop") if a.kind in ("bet", "raise")]

    @cached_property
    def limpers(self) -> list[int]:
        """Seats that called the big blind before any raise."""
        seats = []
        for action in self.actions_on("preflop"):
            if action.kind in ("bet", "raise"):
                break
            if action.kind == "call":
                seats.append(action.seat)
        return seats

    @cached_property
    def preflop_aggressor(self) -> int | None:
        raises = self.preflop_raises
        return raises[-1].seat if raises else None

    # --- amounts ---------------------------------------------------------------------------

    def bet_to(self, pot_fraction: float) -> int:
        """The legal ``raise to`` total for a bet (or raise) of ``pot_fraction`` of the pot,
        counted after calling; the minimum or the stack when that size is out of range."""
        pot_after_call = self.pot + self.to_call
        target = self.current_bet + round(pot_fraction * pot_after_call)
        return self.clamp(target)

    def clamp(self, target: int) -> int:
        low, high = int(self.legal["min_raise_to"]), int(self.legal["max_raise_to"])
        target = max(low, min(high, int(target)))
        # A bet that leaves a sliver behind is an all-in in all but name: make it one.
        if high - target < 0.25 * (self.pot + target - self.my_bet):
            target = high
        return target

    def raise_to(self, target: int) -> Choice:
        if not self.can_raise:
            return self.call_or_check()
        return bet_kind(self.legal), self.clamp(target)

    def all_in(self) -> Choice:
        if not self.can_raise:
            return self.call_or_check()
        return bet_kind(self.legal), int(self.legal["max_raise_to"])

    def call_or_check(self) -> Choice:
        return ("call", None) if self.facing_bet else ("check", None)

    def fold_or_check(self) -> Choice:
        return ("fold", None) if self.facing_bet else ("check", None)

    @property
    def pot_if_called(self) -> int:
        """The pot this seat plays for after calling: bets beyond what it can match come back
        to their owners, so they are not part of it."""
        cap = self.my_bet + self.to_call
        bets = [seat["bet"] for seat in self.view["seats"]]
        return int(self.pot - sum(bets) + sum(min(bet, cap) for bet in bets) + self.to_call)

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call pays for: the equity a call needs."""
        if not self.facing_bet:
            return 0.0
        return self.to_call / self.pot_if_called
