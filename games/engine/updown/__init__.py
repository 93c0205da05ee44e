"""Up & Down, exactly as docs/rules.md#updown says: two players, one card locked each deal, one bet.

The Cardavia match is :data:`games.engine.updown.rules.START_MATCH`: two seats of 20 chips, an
ante of 1, the human (seat 0) starting the first deal. The modules mirror Hold'em's: ``events``,
``state`` (``fold``), ``game`` (commands, ``decide``/``advance``), ``betting``
(``legal_actions``), ``view`` (``view``, ``visible_record``), ``audit``, ``rules``, and
``history`` (the TOML deal-history format, docs/updown-hand-history.md); ``cards`` is the shoe.

Choices where the rules are silent (what a careful card room does):

- **Card ids.** The 104 physical cards are told apart by their deck: a two-character card plus
  ``1`` or ``2`` (``"As1"``, ``"As2"``). The shoe order ``SHOE`` is deck 1 in standard order
  (``2c1 2d1 … As1``) then deck 2. Ids let every card be accounted for in stock, hands and
  discards; the deck digit never matters for play.
- **Shuffles.** The first shuffle of a match segment is ``shuffled(seed, SHOE)``. A reshuffle
  puts the discards and the rest of the stock into shoe order, then ``shuffled(seed, pile)``;
  the cards in hands stay out (§2.5). With two players the stock is always even, so it is empty
  when a reshuffle is due; the rule is implemented for a leftover card all the same.
- **Seeds for reshuffles.** Every shuffle has its own seed, committed (``ShoeShuffled``) before
  any of its cards is drawn. The house passes it in ``StartDeal(seed=...)``: ``shuffle_due(state)``
  says when one is needed (the first deal of a segment; fewer than two cards left to draw) and
  ``decide`` refuses a due shuffle without one (``seed_required``). A seed sent when no shuffle is
  due is unused and not recorded, so a house may simply send a fresh seed with every deal.
- **When a seed is revealed.** A shoe serves many deals, so revealing its seed after a deal would
  reveal the rest of the stock, and the kept cards. A seed is revealed (``ShuffleRevealed``, with
  the pile it shuffled) only when no card of its shuffle can still be hidden: after the shoe has
  been replaced by a reshuffle *and* every card still held came from a later shuffle (a kept
  card from an old shoe keeps that seed secret until it is played). At the end of a match
  segment — the match ends, or a restart — every remaining seed is revealed; the cards then still
  held are never played. This is the honest form of "revealed when the hand ends" for a shoe.
- **Dealing order.** One card at a time from the top of the stock (one ``CardDealt`` event per
  card), seat 0 first: in a segment's first deal seat 0 gets the 1st and 3rd cards, seat 1 the
  2nd and 4th; in later deals seat 0 draws first. The draws happen at the start of the next deal
  (then the antes, then the signals), so a match that ends draws nothing. The order is fixed, so
  it tells nothing about any choice.
- **Locking.** A lock names the card id (``Lock(seat, "As1")``); it must be one of the seat's own
  two cards (``unknown_card``); the starter locks first. The ``CardLocked`` event holds that
  card, and the opponent's copy of it holds nothing: no index, no card, nothing that says "the
  newly drawn one". Views, ``legal_actions`` and hand histories list a hand in shoe order, never
  in the order drawn.
- **Ante larger than a stack** (not in Cardavia's match, where every ante is 1 chip and every
  stack at least 1): the player antes what they have and is all-in; the excess of the other ante is
  returned like an unmatched bet.
- **Bet and raise** both name the total to have bet this round, antes not counted ("bet to
  N"): ``bet`` opens the betting, ``raise`` raises a bet; the other kind is refused
  (``cannot_bet``, ``cannot_raise``). The first bet must be at least 1; a raise must increase by
  at least the last full bet or raise; the most a player may bet to is their whole stack plus
  what they already bet.
- **Unmatched chips** (an uncalled bet, the excess of a call the opponent could not cover) return
  before the reveal, so the pot shown at the reveal is the one contested.
- **Facing an all-in** a player may only call or fold (``opponent_all_in``); after a short all-in
  a player who already acted may only call or fold (``raise_not_reopened``).
- **Odd chip on a tie.** Once unmatched chips are returned both players have put in the same, so
  a tied pot is always even and splits exactly. Were it ever odd, the odd chip would go to the
  player who did not start the deal.
- **Fold** is offered only when a player owes chips; otherwise they check. After a fold both
  locked cards are still revealed and the player who did not fold wins (and starts next).
- **Restart** is allowed at any time: a deal in play is abandoned (``DealAbandoned``, its chips
  not settled), every secret seed is revealed, both stacks return to their start (20), a fresh
  shoe is shuffled at the next deal and the first starter (the human) starts. Deal and shuffle
  numbers run on through the whole match.

The events of one deal, in order: ``DealStarted``, ``ShoeShuffled`` (when due), ``CardDealt``
(four in a segment's first deal, else two), ``AntePosted`` ×2, ``SignalsShown``, ``CardLocked``
×2, the betting (``Checked``/``Bet``/``Called``/``Raised``/``Folded``; none if a player is all-in
from the ante), ``UncalledBetReturned`` (if any), ``LockedCardsRevealed``, ``PotAwarded``,
``DealEnded``, then any ``ShuffleRevealed`` now due — or ``MatchEnded`` and every remaining
``ShuffleRevealed`` when a player has no chips left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.events import Event
from games.engine.game import (
    ActionRequest,
    EngineGame,
    HandSummary,
    Standings,
    summarize,
    went_all_in,
)
from games.engine.updown import (
    audit,
    deal_facts,
    history,
    narration,  # noqa: F401 - registers its lines for staff
    view,
)
from games.engine.updown import events as ev
from games.engine.updown.betting import legal_actions
from games.engine.updown.exports import EXPORTS
from games.engine.updown.game import DECIDING, Act, Command, Lock, Restart, StartDeal
from games.engine.updown.rules import SEATS, START_MATCH
from games.engine.updown.state import Phase, UpDownState
from games.engine.updown.stats import STATS
from games.engine.updown.view_types import UpDownView

__all__ = ["UPDOWN", "UpDown"]


class UpDown(EngineGame[UpDownState, Command]):
    """Up & Down as a :class:`~games.engine.game.Game`: two seats of 20 chips, an ante of 1,
    the human on seat 0. A "hand" of the interface is a deal."""

    name = "updown"
    engine_version = "updown-2"
    seat_count = SEATS
    view_type = UpDownView
    history_format = history.FORMAT
    exports = EXPORTS
    stats = STATS
    between_hands = Phase.BETWEEN_DEALS

    def __init__(self) -> None:
        # A deal's seed is used only when the shoe needs a (re)shuffle; an unused one is not
        # recorded.
        super().__init__(
            DECIDING, view, legal_actions, audit.audit, START_MATCH, Restart(), deal=StartDeal
        )

    def command(self, seat: int, request: ActionRequest) -> Command:
        if request.kind == "lock":
            return Lock(seat, request.card or "")
        return Act(seat, request.kind, request.amount)

    def seat_in_match(self, state: UpDownState, seat: int) -> bool:
        # Nobody is knocked out of Up & Down before the match ends.
        return state.phase != Phase.MATCH_OVER

    def standings(self, state: UpDownState) -> Standings:
        # Up & Down records only its winner: the loser takes the place left.
        return Standings(
            hands=state.deal_number,
            starting=state.config.starting_stacks if state.config else (),
            chips=tuple(seat.stack + seat.contributed for seat in state.seats),
            places={} if state.winner is None else {state.winner: 1},
        )

    def summarize_hand(self, events: Sequence[tuple[int, Event]]) -> HandSummary:
        """The deal's pot and winners; a showdown unless someone folded. ``detail``: the
        starter, both locked cards once revealed, the outcome, and whether a player went
        all-in (the admin's filter)."""
        opening = events[0][1]
        assert isinstance(opening, ev.DealStarted)
        revealed = [item for _, item in events if isinstance(item, ev.LockedCardsRevealed)]
        outcome = next((i.outcome for _, i in events if isinstance(i, ev.PotAwarded)), None)
        return summarize(
            events,
            awards=ev.PotAwarded,
            ended=ev.DealEnded,
            showdown=outcome is not None and outcome != ev.Outcome.FOLD,
            detail={
                "starter": opening.starter,
                "locked_cards": list(revealed[-1].cards) if revealed else [],
                "outcome": outcome,
                "all_in": went_all_in(
                    events, dealt=(0, 1), awards=ev.PotAwarded, ended=ev.DealEnded
                ),
            },
        )

    def hand_facts(self, records: Sequence[Mapping[str, Any]], seat: int) -> dict[str, Any]:
        return deal_facts.deal_facts(records, seat)

    def replay_proof(self, hand: Sequence[Event], match: Sequence[Event]) -> dict[str, Any]:
        """Every shuffle of the match: its commitment, and once revealed its seed and the pile
        it shuffled. A shoe serves many deals and its seed is revealed only once no card of it
        can still be hidden, so a deal's proof may come with a later deal."""
        proofs: dict[int, dict[str, Any]] = {}
        for item in match:
            if isinstance(item, ev.ShoeShuffled):
                proofs[item.shuffle] = {
                    "shuffle": item.shuffle,
                    "commitment": item.commitment,
                    "seed": None,
                    "pile": None,
                }
            elif isinstance(item, ev.ShuffleRevealed) and item.shuffle in proofs:
                proofs[item.shuffle].update(seed=item.seed, pile=list(item.pile))
        return {"shuffles": [proofs[number] for number in sorted(proofs)]}


UPDOWN = UpDown()
"""Up & Down, as the registry (``games.registry``) lists it."""
