"""DESIGN.md §4 and §6 for Up & Down — a provably fair shoe, and audit.

Every shuffle (the 104-card shoe, and each reshuffle) has its own seed, committed before any of
its cards is drawn. A shoe serves many deals, so its seed is revealed only once no card of that
shuffle can still be hidden: after the shoe is replaced *and* every card still held came from a
later shuffle — or when the match segment ends (match over, restart). ``audit`` replays the
seeds and the players' actions and compares every stored event with what the rules give.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

from games.engine.events import Event
from games.engine.shuffle import shuffled
from games.engine.updown import events as ev
from games.engine.updown.audit import audit
from games.engine.updown.betting import legal_actions
from games.engine.updown.cards import SHOE, compare
from games.engine.updown.game import Act, Lock, Restart, StartDeal, advance, shuffle_due
from games.engine.updown.rules import START_MATCH
from games.engine.updown.state import BETWEEN_DEALS, MATCH_OVER, UpDownState
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import Table

SEED = bytes(range(32))
RESEED = bytes(range(32, 64))


def test_each_shuffle_is_committed_before_any_of_its_cards_is_dealt() -> None:
    table = Table()

    produced = table.deal(seed=SEED)

    shuffle = produced[1]
    assert isinstance(shuffle, ev.ShoeShuffled)
    assert shuffle.commitment == hashlib.sha256(SEED).hexdigest()
    assert shuffle.seed == SEED.hex()
    assert all(isinstance(e, ev.CardDealt) for e in produced[2:6])
    assert visible_record(shuffle, 0)["payload"]["seed"] is None
    assert visible_record(shuffle, 0)["payload"]["commitment"] == shuffle.commitment


def test_the_shoe_order_is_the_documented_function_of_the_seed() -> None:
    table = Table()

    produced = table.deal(seed=SEED)

    order = shuffled(SEED, SHOE)
    assert table.state.shoe is not None and list(table.state.shoe.order) == order
    dealt = [e for e in produced if isinstance(e, ev.CardDealt)]
    assert dealt == [ev.CardDealt(seat=position % 2, card=order[position]) for position in range(4)]
    assert table.hand(0) == {order[0], order[2]}


def test_a_seed_stays_secret_while_its_shoe_is_in_use() -> None:
    table = Table(stacks=(200, 200))
    table.deal(seed=SEED)
    table.lock_first_cards()
    table.check_down()
    for _ in range(20):
        table.play_checked_deal()

    assert not table.all(ev.ShuffleRevealed)
    assert view(table.state, 0)["revealed_seeds"] == []
    assert all(visible_record(e, 0)["payload"].get("seed") is None for e in table.events)


def until_reshuffled(table: Table) -> tuple[dict[int, str], dict[int, str]]:
    """Play checked deals until the stock runs out, then deal with a reshuffle.

    Returns each seat's card from the first shoe (kept through the reshuffle) and its new card.
    """
    table.deal(seed=SEED)
    table.lock_first_cards()
    table.check_down()
    while not shuffle_due(table.state):
        table.play_checked_deal()
    old = {seat: table.state.seats[seat].hand[0] for seat in (0, 1)}
    table.deal(seed=RESEED)
    new = {seat: next(c for c in table.state.seats[seat].hand if c != old[seat]) for seat in (0, 1)}
    return old, new


def test_a_replaced_shoes_seed_waits_until_every_card_drawn_from_it_has_been_played() -> None:
    table = Table(stacks=(200, 200))
    old, new = until_reshuffled(table)
    assert table.last(ev.ShoeShuffled).shuffle == 2
    assert not table.all(ev.ShuffleRevealed)  # both hold a card of shuffle 1

    # Seat 0 plays its old card, seat 1 keeps its old card: shuffle 1 must stay secret.
    table.lock_cards({0: old[0], 1: new[1]})
    table.check_down()
    assert not table.all(ev.ShuffleRevealed)

    # Next deal seat 1 plays the old card: nothing of shuffle 1 is hidden any more.
    table.deal()
    table.lock_cards({0: new[0], 1: old[1]})
    table.check_down()

    revealed = table.all(ev.ShuffleRevealed)
    assert revealed == [ev.ShuffleRevealed(shuffle=1, seed=SEED.hex(), pile=SHOE)]
    # Anyone can now check shuffle 1: the seed matches its commitment and gives the deals seen.
    first_shuffle = table.all(ev.ShoeShuffled)[0]
    assert hashlib.sha256(bytes.fromhex(revealed[0].seed or "")).hexdigest() == (
        first_shuffle.commitment
    )
    dealt = [e.card for e in table.all(ev.CardDealt)][:4]
    assert dealt == shuffled(SEED, SHOE)[:4]


def test_the_end_of_the_match_reveals_every_seed() -> None:
    table = Table()
    table.deal(seed=SEED)
    order = shuffled(SEED, SHOE)
    # Lock a pair of cards that do not tie; the human shoves and the AI calls.
    first, second = next(
        (a, b) for a in (order[0], order[2]) for b in (order[1], order[3]) if compare(a, b)
    )
    table.lock_cards({0: first, 1: second})
    table.bet(0, 19)
    table.call(1)

    assert table.state.phase == MATCH_OVER
    assert table.events[-1] == ev.ShuffleRevealed(shuffle=1, seed=SEED.hex(), pile=SHOE)
    assert isinstance(table.events[-2], ev.MatchEnded)


def test_a_restart_reveals_every_seed_still_secret() -> None:
    table = Table(stacks=(200, 200))
    until_reshuffled(table)
    table.lock_first_cards()

    produced = table.restart()

    assert produced[0] == ev.DealAbandoned(deal_number=table.state.deal_number)
    assert [e.shuffle for e in produced if isinstance(e, ev.ShuffleRevealed)] == [1, 2]
    assert table.state.phase == BETWEEN_DEALS
    assert table.restart()[:-1] == []  # nothing left to reveal


# --- audit ----------------------------------------------------------------------------------


def random_match(rng: random.Random, deals: int = 200) -> list[Event]:
    """AI-against-AI from the Cardavia start: random legal choices, a restart now and then."""
    state, events = advance(UpDownState(), START_MATCH)
    for _ in range(deals):
        if state.phase == MATCH_OVER or rng.random() < 0.02:
            state, produced = advance(state, Restart())
            events += produced
        state, produced = advance(state, StartDeal(seed=rng.randbytes(32)))
        events += produced
        while (legal := legal_actions(state)) is not None:
            if legal.can_lock:
                command: Lock | Act = Lock(legal.seat, rng.choice(legal.lockable))
            elif legal.can_check:
                command = Act(legal.seat, "check")
            else:
                command = Act(legal.seat, rng.choice(["call", "call", "fold"]))
            if legal.can_bet_or_raise and rng.random() < 0.3:
                kind = legal.bet_kind
                command = Act(legal.seat, kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
            state, produced = advance(state, command)
            events += produced
    return events


def test_audit_verifies_every_deal_of_a_match() -> None:
    events = random_match(random.Random(7))

    report = audit(events)

    assert report.ok, report.mismatches
    assert report.hands_verified == sum(isinstance(e, ev.DealEnded) for e in events)
    assert any(isinstance(e, ev.ShuffleRevealed) for e in events)


def tampered(events: list[Event], kind: type[Event], change: dict[str, object]) -> list[Event]:
    index = next(i for i, e in enumerate(events) if isinstance(e, kind))
    return [*events[:index], dataclasses.replace(events[index], **change), *events[index + 1 :]]


def test_audit_finds_a_pot_paid_to_the_wrong_player() -> None:
    events = random_match(random.Random(3), deals=20)
    award = next(e for e in events if isinstance(e, ev.PotAwarded) and len(e.winners) == 1)
    forged = [
        dataclasses.replace(e, winners=(1 - award.winners[0],)) if e is award else e for e in events
    ]

    report = audit(forged)

    assert not report.ok
    assert report.mismatches[0].index == events.index(award)


def test_audit_finds_a_seed_that_does_not_match_its_commitment() -> None:
    events = random_match(random.Random(4), deals=5)

    report = audit(tampered(events, ev.ShoeShuffled, {"seed": RESEED.hex()}))

    assert not report.ok
    assert report.mismatches[0].reason == "differs from the rules"


def test_audit_finds_a_card_the_seed_did_not_deal() -> None:
    events = random_match(random.Random(5), deals=5)
    dealt = next(e for e in events if isinstance(e, ev.CardDealt))
    other = next(card for card in SHOE if card != dealt.card)

    report = audit(tampered(events, ev.CardDealt, {"card": other}))

    assert not report.ok
    assert report.mismatches[0].index == events.index(dealt)
