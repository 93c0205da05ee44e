"""What one viewer may see (docs/architecture.md#views): the only thing the API serialises for
a player.

A viewer sees their own cards (and which one they locked), both players' signals, stacks, bets,
the pot, whose turn it is and — on their turn — their legal actions; after the reveal, both locked
cards. Never the opponent's cards before the reveal, the opponent's kept card at all, the stock,
or a seed before :class:`~games.engine.updown.events.ShuffleRevealed`. Nothing shown depends on
which of the opponent's two cards was locked, except the locked card itself once revealed.
``viewer=None`` is a spectator: no cards in hands at all.
"""

from __future__ import annotations

from typing import Any

from games.engine.events import Event, to_record
from games.engine.updown import events as ev
from games.engine.updown.betting import legal_actions
from games.engine.updown.cards import ACE, DEUCE, in_shoe_order, rank
from games.engine.updown.events import Outcome
from games.engine.updown.state import BETTING, LOCKING, LastDeal, UpDownState


def view(state: UpDownState, viewer: int | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or None for a spectator) may see it, JSON-ready."""
    config = state.config
    legal = legal_actions(state)
    shoe = state.shoe
    return {
        "game": "updown",
        "phase": state.phase,
        "segment": state.segment,
        "deal_number": state.deal_number,
        "viewer": viewer,
        "ante": None if config is None else config.ante,
        "starter": state.starter,
        "to_act": state.to_act,
        "pot": state.pot_total(),
        "current_bet": state.current_bet,
        "seats": [_seat_view(state, index, viewer) for index in range(len(state.seats))],
        "legal_actions": legal.as_dict() if legal is not None and legal.seat == viewer else None,
        "shoe": None
        if shoe is None
        else {
            "shuffle": shoe.number,
            "commitment": shoe.commitment,
            "stock": state.stock_count(),
            # Every discard was shown when it was played: the pile is public.
            "discards": list(state.discards),
        },
        "revealed_seeds": [
            {"shuffle": number, "seed": seed} for number, seed in state.revealed_seeds
        ],
        "last_deal": _last_deal(state.last_deal),
        "winner": state.winner,
    }


def _last_deal(last: LastDeal | None) -> dict[str, Any] | None:
    """The previous deal's reveal and result: both locked cards (public since the reveal), who
    folded, the winner and why, and the chips each seat won."""
    if last is None:
        return None
    return {
        "deal_number": last.deal_number,
        "locked_cards": list(last.locked_cards),
        "folded": last.folded,
        "winner": last.winner,
        "outcome": last.outcome,
        "reason": _reason(last),
        "won": list(last.shares),
    }


def _reason(last: LastDeal) -> str:
    """Why the deal went as it did: ``fold``, ``tie``, ``higher_card`` or ``two_beats_ace``."""
    if last.outcome == Outcome.HIGHER_CARD and {rank(card) for card in last.locked_cards} == {
        DEUCE,
        ACE,
    }:
        return "two_beats_ace"
    return str(last.outcome)


def _seat_view(state: UpDownState, index: int, viewer: int | None) -> dict[str, Any]:
    seat = state.seats[index]
    in_deal = state.phase in (LOCKING, BETTING)
    revealed = state.revealed[index] if state.revealed else None
    if index == viewer:
        # Own cards, in shoe order: the same whichever card was drawn last.
        cards: list[str] | None = list(in_shoe_order(seat.hand))
        locked_card = seat.locked if seat.locked is not None else revealed
        # The card carried over from the last deal, among the two (the other was just drawn).
        kept_card = seat.kept if seat.kept in seat.hand else None
    else:
        cards = None
        locked_card = revealed
        kept_card = None
    return {
        "seat": index,
        "stack": seat.stack,
        "bet": seat.bet,
        "in_deal": in_deal,
        "folded": seat.folded,
        "all_in": in_deal and seat.stack == 0,
        "signal": None if state.starter is None else {"up": seat.signal[0], "down": seat.signal[1]},
        "has_locked": seat.locked is not None or revealed is not None,
        "cards": cards,
        "locked_card": locked_card,
        "kept_card": kept_card,
    }


def visible_record(item: Event, viewer: int | None) -> dict[str, Any]:
    """The event's stored record with everything ``viewer`` may not see yet removed.

    Seeds and stacked orders are only ever revealed by ``ShuffleRevealed``; a hand's cards and
    the card a player locked are shown to that player alone until ``LockedCardsRevealed``.
    """
    record = to_record(item)
    payload = record["payload"]
    if isinstance(item, ev.ShoeShuffled):
        payload["seed"] = None
        payload["order"] = None
    elif isinstance(item, ev.CardDealt | ev.CardLocked) and item.seat != viewer:
        payload["card"] = None
    return record
