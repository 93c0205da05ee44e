"""No-limit Texas Hold'em, exactly as docs/rules.md#holdem says, for 2–10 seats, any blinds and
antes.

The Cardavia match is :data:`games.engine.holdem.rules.CARDAVIA_TABLE`: four seats of 1000 chips,
blinds 10/20, no ante, the button on seat 0 (the human) in the first hand.

Choices where the rules are silent (what a careful card room does):

- **Short big blind.** A big blind posted short (all-in) sets the bet to call at what was posted;
  the minimum raise is still the posted bet plus one big blind.
- **Short opening bet.** After an all-in bet below the minimum, a raise must still add a full
  minimum bet on top of it (e.g. all-in 15 with min bet 20: raise to at least 35).
- **Bet and raise** both name the total to have bet this round ("bet to N"): ``bet`` opens a
  round nobody has bet in, ``raise`` raises a bet (the big blind counts as a bet); the other kind
  is refused (``cannot_bet``, ``cannot_raise``).
- **Fold** is offered only when a player owes chips; otherwise they check
  (docs/rules.md#holdem-betting).
- **Uncalled chips** return at the end of each betting round (and when all others fold), so the
  pot shown is always the contested one.
- **Antes** (not in Cardavia's match, but in hand histories) are posted before the blinds, from the
  seat left of the button; a big-blind ante is posted by the big blind.
- **Showdown** happens after the river, also after an automatic run-out; live hands are shown
  clockwise from the seat left of the button. A pot's odd chips follow the same order.
- **Two players eliminated in one hand** place by their stacks at the start of that hand (more chips
  places higher); equal stacks share the place.
- **Restart** is allowed at any time: a hand in play is abandoned (its seed revealed, its chips not
  settled), every stack returns to its starting amount and the button to its first seat.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, cast

from games.engine.events import Event
from games.engine.game import (
    ActionRequest,
    EngineGame,
    HandSummary,
    Standings,
    summarize,
    went_all_in,
)
from games.engine.holdem import (
    audit,
    evaluator,
    hand_facts,
    narration,  # noqa: F401 - registers its lines for staff
    phh,
    share_preview,
    view,
)
from games.engine.holdem import events as ev
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.evaluator import HandRank, describe_won
from games.engine.holdem.exports import EXPORTS
from games.engine.holdem.game import DECIDING, Act, Command, Restart, StartHand
from games.engine.holdem.rules import CARDAVIA_TABLE, FIXED, SEATS, TABLES
from games.engine.holdem.state import HoldemState, Phase
from games.engine.holdem.stats import STATS
from games.engine.holdem.view_types import HoldemView
from games.engine.share_preview import SharePreview

__all__ = ["HOLDEM", "Holdem"]


class Holdem(EngineGame[HoldemState, Command]):
    """Texas Hold'em as a :class:`~games.engine.game.Game`: the Cardavia table (four seats of
    1000 chips, blinds 10/20, the human on seat 0)."""

    name = "holdem"
    engine_version = "holdem-4"
    seat_count = SEATS
    view_type = HoldemView
    history_format = phh.FORMAT
    exports = EXPORTS
    stats = STATS
    offers_analysis = True
    blinds_options = tuple(TABLES)
    between_hands = Phase.BETWEEN_HANDS

    def warm_up(self) -> None:
        """The hand evaluator's tables (about 0.3 s of CPU): else the first showdown a
        process settles pays for them."""
        evaluator.prepare()

    def __init__(self) -> None:
        deal = functools.partial(StartHand, deck=None)
        super().__init__(
            DECIDING, view, legal_actions, audit.audit, CARDAVIA_TABLE, Restart(), deal=deal
        )

    def start_match(self, blinds: str = FIXED) -> Command:
        """Cardavia's table, or with ``rising`` blinds the sit & go (docs/rules.md)."""
        try:
            return TABLES[blinds]
        except KeyError:
            raise ValueError(f"holdem offers no {blinds!r} blinds") from None

    def command(self, seat: int, request: ActionRequest) -> Command:
        return Act(seat, request.kind, request.amount)

    def seat_in_match(self, state: HoldemState, seat: int) -> bool:
        return state.seats[seat].in_match

    def standings(self, state: HoldemState) -> Standings:
        return Standings(
            hands=state.hand_number,
            starting=state.config.starting_stacks if state.config else (),
            chips=tuple(seat.stack + seat.contributed for seat in state.seats),
            places=dict(state.places),
        )

    def words(self, event: Event) -> dict[str, Any]:
        """Hand ranks (data in the events) said in English; a pot's with its deciding kickers."""
        payload = event.payload()
        kickers = payload.get("kickers", 0)
        return {
            key: describe_won(cast(HandRank, value), kickers)
            if key in ("rank", "hand_rank") and isinstance(value, dict)
            else value
            for key, value in payload.items()
        }

    def summarize_hand(self, events: Sequence[tuple[int, Event]]) -> HandSummary:
        """The hand's pot, winners and showdown; ``detail``: the button, the board, and whether
        a player went all-in (the admin's filter)."""
        opening = events[0][1]
        assert isinstance(opening, ev.HandStarted)
        # The board, the showdown and the seats dealt in, read in one pass (an import asks this
        # of every hand).
        board: list[str] = []
        showdown = False
        dealt: set[int] = set()
        for _, item in events:
            if isinstance(item, ev.BoardDealt):
                board.extend(item.cards)
            elif isinstance(item, ev.HandShown):
                showdown = True
            elif isinstance(item, ev.HoleCardsDealt):
                dealt.add(item.seat)
        return summarize(
            events,
            awards=ev.PotAwarded,
            ended=ev.HandEnded,
            showdown=showdown,
            detail={
                "button": opening.button,
                "board": board,
                "all_in": went_all_in(
                    events, dealt=dealt, awards=ev.PotAwarded, ended=ev.HandEnded
                ),
            },
        )

    def hand_facts(self, records: Sequence[Mapping[str, Any]], seat: int) -> dict[str, Any]:
        return hand_facts.hand_facts(records, seat)

    def share_preview(self, records: Sequence[Mapping[str, Any]], seat: int) -> SharePreview:
        return share_preview.share_preview(records, seat)

    def replay_proof(self, hand: Sequence[Event], match: Sequence[Event]) -> dict[str, Any]:
        """The hand's commitment and, once it is over, its seed: the seed fixes the whole deck
        (:mod:`games.engine.shuffle`), so anyone can check every card dealt — and ``dealt``,
        every card the hand dealt and burned as stored (every seat's hole cards, each street's
        burn), public with the seed, so the check covers them all, not only those shown."""
        opening = next(item for item in hand if isinstance(item, ev.HandStarted))
        closing = next(
            (item for item in hand if isinstance(item, ev.HandEnded | ev.HandAbandoned)), None
        )
        seed = None if closing is None else closing.seed
        return {
            "commitment": opening.commitment,
            "seed": seed,
            "dealt": None if seed is None else _dealt(hand),
        }


def _dealt(hand: Sequence[Event]) -> dict[str, list[dict[str, Any]]]:
    return {
        "holes": [
            {"seat": item.seat, "cards": list(item.cards)}
            for item in hand
            if isinstance(item, ev.HoleCardsDealt)
        ],
        "burned": [
            {"street": str(item.street), "card": item.burned}
            for item in hand
            if isinstance(item, ev.BoardDealt)
        ],
    }


HOLDEM = Holdem()
"""Texas Hold'em, as the registry (``games.registry``) lists it."""
