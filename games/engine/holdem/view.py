"""What one viewer may see (docs/architecture.md#views): the only thing the API serialises for
a player.

A viewer sees their own hole cards, the board, hands turned face up (for an all-in run-out, from
``CardsExposed`` on, or at the showdown), stacks, bets, pots and —
on their turn — their legal actions. Never an opponent's unshown cards, the deck, a burned card
or a seed before its hand is over. ``viewer=None`` is a spectator: no hole cards at all.

So that a table can draw itself without replaying the feed, the view also carries each seat's
last action this hand (``last_action``: kind and amount), the hands shown at the showdown with
their ranks as data (``shown_hands``), and, once the hand is over and until the next is dealt,
each pot's winners and shares (``pots_awarded``) — all of it public once it happened.
"""

from __future__ import annotations

from typing import Any

from games.engine.events import Event, to_record
from games.engine.holdem import events as ev
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.blinds import blinds_of
from games.engine.holdem.evaluator import HandRank, evaluate, hand_rank
from games.engine.holdem.state import BETTING, HoldemState, TableConfig


def view(state: HoldemState, viewer: int | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or None for a spectator) may see it, JSON-ready."""
    config = state.config
    in_hand = state.phase == BETTING
    legal = legal_actions(state)
    return {
        "game": "holdem",
        "phase": state.phase,
        "segment": state.segment,
        "hand_number": state.hand_number,
        "viewer": viewer,
        "blinds": None if config is None else _blinds(state, config),
        "button": state.button,
        "small_blind_seat": state.small_blind_seat,
        "big_blind_seat": state.big_blind_seat,
        "street": state.street,
        "board": list(state.board),
        "pot": state.pot_total(),
        "pots": _pots(state) if in_hand else [],
        "seats": [_seat_view(state, index, viewer) for index in range(state.seat_count)],
        "to_act": state.to_act,
        "legal_actions": legal.as_dict() if legal is not None and legal.seat == viewer else None,
        "commitment": state.commitment,
        # The seed of the hand in play is the house's secret until the hand ends.
        "revealed_seed": None if in_hand else state.seed,
        "shown_hands": [
            {"seat": shown.seat, "cards": list(shown.cards), "rank": _rank(shown.rank)}
            for shown in state.hands_shown
        ],
        "pots_awarded": [] if in_hand else [_pot_awarded(award) for award in state.pots_awarded],
        "winner": state.winner,
        "made_hand": _made_hand(state, viewer),
    }


def _made_hand(state: HoldemState, viewer: int | None) -> dict[str, Any] | None:
    """The viewer's best five of their hole cards and the board, as data (the client names it
    under their cards): from the flop on, while they hold a live hand. Only cards the viewer
    sees go into it, so it tells them nothing new."""
    if viewer is None or state.phase != BETTING or len(state.board) < 3:
        return None
    seat = state.seats[viewer]
    if not seat.hole or seat.folded:
        return None
    return _rank(hand_rank(evaluate([*seat.hole, *state.board])))


def _blinds(state: HoldemState, config: TableConfig) -> dict[str, Any]:
    """The hand in play's blinds; between hands, the next hand's."""
    in_hand = state.phase == BETTING
    hand = state.segment_hands if in_hand else state.segment_hands + 1
    blinds = blinds_of(config, max(hand, 1))
    return {
        "small": blinds.small,
        "big": blinds.big,
        "ante": config.ante,
        "level": blinds.level,
        "next_level": None if blinds.next_level is None else _level(blinds.next_level),
        "hands_left": blinds.hands_left,
        "hand_number": state.hand_number if in_hand else state.hand_number + 1,
        "hands_per_level": config.hands_per_level,
        "schedule": [_level(level) for level in config.blind_levels],
    }


def _level(blinds: tuple[int, int]) -> dict[str, int]:
    return {"small": blinds[0], "big": blinds[1]}


def _rank(rank: HandRank | None) -> dict[str, Any] | None:
    return None if rank is None else {"category": rank["category"], "ranks": list(rank["ranks"])}


def _pot_awarded(award: ev.PotAwarded) -> dict[str, Any]:
    """A pot's result: its winners and what each won, and the rank that won it (None when
    everyone else folded: no hand was shown)."""
    return {
        "pot": award.pot,
        "amount": award.amount,
        "winners": list(award.winners),
        "shares": list(award.shares),
        "hand_rank": _rank(award.hand_rank),
        "kickers": award.kickers,
    }


def _seat_view(state: HoldemState, index: int, viewer: int | None) -> dict[str, Any]:
    seat = state.seats[index]
    if index == viewer or index in state.shown:
        cards: list[str] | None = list(seat.hole) if seat.hole else None
    else:
        cards = None
    return {
        "seat": index,
        "stack": seat.stack,
        "bet": seat.bet,
        "in_match": seat.in_match,
        "in_hand": seat.dealt and state.phase == BETTING,
        "folded": seat.folded,
        "all_in": seat.live and seat.stack == 0 and state.phase == BETTING,
        "cards": cards,
        "place": state.places.get(index),
        "last_action": None
        if seat.last_action is None
        else {"kind": str(seat.last_action[0]), "amount": seat.last_action[1]},
    }


def _pots(state: HoldemState) -> list[dict[str, Any]]:
    """The pots as they stand: each all-in player caps one; players who can still bet are
    eligible for every pot, since they can still match it."""
    seats = state.seats
    if not any(seat.contributed for seat in seats):
        return []
    pots = state.pots()
    can_still_match = {index for index, seat in enumerate(seats) if seat.can_act}
    return [
        {"amount": pot.amount, "eligible": sorted(set(pot.eligible) | can_still_match)}
        for pot in pots
    ]


def visible_record(item: Event, viewer: int | None) -> dict[str, Any]:
    """The event's stored record with everything ``viewer`` may not see yet removed.

    Seeds and burned cards are only ever revealed by ``HandEnded``/``HandAbandoned`` (which carry
    the seed, from which every card of the finished hand can be re-derived). ``CardsExposed`` and
    ``HandShown`` are public: the rules turn those hands up for everyone.
    """
    record = to_record(item)
    payload = record["payload"]
    if isinstance(item, ev.HandStarted):
        payload["seed"] = None
        payload["deck"] = None
    elif isinstance(item, ev.HoleCardsDealt) and item.seat != viewer:
        payload["cards"] = None
    elif isinstance(item, ev.BoardDealt):
        payload["burned"] = None
    return record
