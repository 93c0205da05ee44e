"""The Hold'em audit re-derives every dealer event from the seeds and the players' actions, and
names the first stored event that differs — a forged pot, a swapped seed, a seed that is not hex."""

from __future__ import annotations

import dataclasses
import random

from games.engine.events import Event, from_record, to_record
from games.engine.holdem import events as ev
from games.engine.holdem.audit import audit
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, Restart, StartHand, advance
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import MATCH_OVER, HoldemState


def random_match(rng: random.Random, hands: int = 30) -> list[Event]:
    """A match of random legal play (with the odd restart), as the store would hold it."""
    state, events = advance(HoldemState(), CARDAVIA_TABLE)
    for _ in range(hands):
        if state.phase == MATCH_OVER or rng.random() < 0.03:
            state, produced = advance(state, Restart())
            events += produced
        state, produced = advance(state, StartHand(seed=rng.randbytes(32)))
        events += produced
        while (legal := legal_actions(state)) is not None:
            kind = "check" if legal.can_check else rng.choice(["call", "call", "fold"])
            amount = None
            if legal.can_bet_or_raise and rng.random() < 0.3:
                kind = legal.bet_kind
                amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            state, produced = advance(state, Act(legal.seat, kind, amount))
            events += produced
    return events


def replaced(events: list[Event], item: Event, **change: object) -> list[Event]:
    return [dataclasses.replace(e, **change) if e is item else e for e in events]


def test_audit_verifies_every_hand_of_a_match() -> None:
    events = random_match(random.Random(11))

    report = audit(events)

    assert report.ok, report.mismatches
    assert report.hands_verified == sum(isinstance(e, ev.HandEnded) for e in events) > 20


def test_audit_finds_a_pot_paid_to_the_wrong_player() -> None:
    events = random_match(random.Random(12))
    award = next(e for e in events if isinstance(e, ev.PotAwarded) and len(e.winners) == 1)
    other = next(seat for seat in range(4) if seat != award.winners[0])

    report = audit(replaced(events, award, winners=(other,)))

    assert not report.ok
    assert report.mismatches[0].index == events.index(award)
    assert report.mismatches[0].reason == "differs from the rules"


def test_audit_finds_a_seed_that_does_not_match_its_commitment() -> None:
    events = random_match(random.Random(13))
    hand = next(e for e in events if isinstance(e, ev.HandStarted))

    report = audit(replaced(events, hand, seed=bytes(32).hex()))

    assert not report.ok
    assert report.mismatches[0].index == events.index(hand)


def test_audit_reports_a_seed_that_is_not_hex_instead_of_failing() -> None:
    events = random_match(random.Random(14), hands=3)
    hand = next(e for e in events if isinstance(e, ev.HandStarted))

    report = audit(replaced(events, hand, seed="not a seed"))

    assert [m.index for m in report.mismatches] == [events.index(hand)]
    assert report.mismatches[0].reason.startswith("the rules refuse it")


def match_at_edition(edition: int, seed: int = 7) -> list[Event]:
    """A random match whose table plays ``edition`` of the rules, stored as a record would be:
    an edition-1 table's ``MatchStarted`` record has no ``rules_edition`` (it predates it)."""
    table = dataclasses.replace(CARDAVIA_TABLE, rules_edition=edition)
    rng = random.Random(seed)
    state, events = advance(HoldemState(), table)
    while len(events) < 3000 and state.phase != MATCH_OVER:
        state, produced = advance(state, StartHand(seed=rng.randbytes(32)))
        events += produced
        while (legal := legal_actions(state)) is not None:
            kind, amount = ("check" if legal.can_check else "call"), None
            if legal.can_bet_or_raise and rng.random() < 0.15:
                kind, amount = legal.bet_kind, legal.max_raise_to  # all-in: run-outs follow
            state, produced = advance(state, Act(legal.seat, kind, amount))
            events += produced
    if edition == 1:
        record = to_record(events[0])
        del record["payload"]["rules_edition"]
        events[0] = from_record(record["type"], record["version"], record["payload"])
    return events


def test_a_table_stored_before_edition_2_is_audited_by_its_own_rules() -> None:
    """Matches stored before all-in exposure and the kicker count have neither; their audit
    must stay clean, and the same deals at edition 2 do have both."""
    old = match_at_edition(1)
    new = match_at_edition(2)

    assert not any(isinstance(e, ev.CardsExposed) for e in old)
    assert all(e.kickers == 0 for e in old if isinstance(e, ev.PotAwarded))
    assert any(isinstance(e, ev.CardsExposed) for e in new)
    assert audit(old).ok
    assert audit(new).ok


def test_an_edition_1_table_with_an_exposure_forged_in_fails_its_audit() -> None:
    old = match_at_edition(1)
    new = match_at_edition(2)
    first = next(i for i, e in enumerate(new) if isinstance(e, ev.CardsExposed))
    # The same deals up to the first run-out, then edition 2's exposure slipped into the old match.
    forged = [*old[:first], new[first], *old[first:]]

    report = audit(forged)

    assert not report.ok
    assert report.mismatches[0].index == first
