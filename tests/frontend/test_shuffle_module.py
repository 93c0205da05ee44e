"""The browser's shuffle check (frontend/static/frontend/js/shuffle.js) re-derives exactly the
decks the server deals, and names the first difference when a seed or a card was tampered with."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from games.engine.cards import STANDARD_DECK
from games.engine.events import to_record
from games.engine.holdem.game import StartHand, StartMatch, advance
from games.engine.holdem.state import HoldemState
from games.engine.shuffle import commitment, shuffled
from games.engine.updown.cards import SHOE

MODULE = "/js/shuffle.js"


def run(page: Page, body: str, argument: Any) -> Any:
    """Evaluate ``body`` (an async function of ``m``, the module, and ``arg``) in the page."""
    return page.evaluate(
        f"async (arg) => {{ const m = await import('{MODULE}'); return ({body})(m, arg); }}",
        argument,
    )


def test_the_browser_shuffles_every_seed_as_the_server_does(page: Page) -> None:
    rng = random.Random(11)
    seeds = [rng.randbytes(32) for _ in range(20)]
    decks = run(
        page,
        "async (m, seeds) => Promise.all(seeds.map((s) => m.shuffled(s, m.STANDARD_DECK)))",
        [seed.hex() for seed in seeds],
    )
    assert decks == [shuffled(seed, STANDARD_DECK) for seed in seeds]
    shoe = run(
        page,
        "async (m, a) => m.shuffled(a.seed, a.pile)",
        {"seed": seeds[0].hex(), "pile": list(SHOE)},
    )
    assert shoe == shuffled(seeds[0], SHOE)
    assert run(page, "async (m, seed) => m.commitmentOf(seed)", seeds[1].hex()) == commitment(
        seeds[1]
    )


def _finished_hand() -> dict[str, Any]:
    """A real hand as the replay serves it once over: every event, commitment and seed."""
    state, _ = advance(HoldemState(), StartMatch(stacks=(1000,) * 4, small_blind=10, big_blind=20))
    state, events = advance(state, StartHand(seed=bytes(range(32))))
    from games.engine.holdem.betting import legal_actions
    from games.engine.holdem.game import Act

    while state.to_act is not None:
        legal = legal_actions(state)
        assert legal is not None
        kind = "check" if legal.can_check else "call"
        state, produced = advance(state, Act(state.to_act, kind))
        events += produced
    records = [to_record(event) for event in events]
    started = next(r for r in records if r["type"] == "holdem.hand_started")
    ended = next(r for r in records if r["type"] == "holdem.hand_ended")
    return {
        "events": records,
        "commitment": started["payload"]["commitment"],
        "seed": ended["payload"]["seed"],
    }


def test_a_real_hand_checks_out_card_by_card(page: Page) -> None:
    hand = _finished_hand()
    result = run(page, "async (m, hand) => m.verifyHoldemHand(hand)", hand)
    assert result["ok"] and result["commitmentOk"]
    # Eight hole cards, three burns, five board cards: every card the hand used.
    assert result["checked"] == 16
    assert result["firstDifference"] is None


def test_a_tampered_seed_fails_the_commitment_and_the_deal(page: Page) -> None:
    hand = _finished_hand()
    tampered = {**hand, "seed": "ff" + hand["seed"][2:]}
    result = run(page, "async (m, hand) => m.verifyHoldemHand(hand)", tampered)
    assert not result["ok"] and not result["commitmentOk"]
    assert result["firstDifference"] is not None


def test_a_card_dealt_out_of_order_is_named_as_the_first_difference(page: Page) -> None:
    hand = _finished_hand()
    events = [dict(event) for event in hand["events"]]
    board = next(
        e for e in events if e["type"] == "holdem.board_dealt" and e["payload"]["street"] == "turn"
    )
    original = board["payload"]["cards"][0]
    swapped = next(card for card in STANDARD_DECK if card != original)
    board["payload"] = {**board["payload"], "cards": [swapped]}
    result = run(page, "async (m, hand) => m.verifyHoldemHand(hand)", {**hand, "events": events})
    assert result["commitmentOk"] and not result["ok"]
    difference = result["firstDifference"]
    assert difference["dealt"] == swapped and difference["expected"] == original
    assert difference["what"] == {"street": "turn", "index": 0}
    # Four players: eight hole cards, burn, flop, burn, then the turn.
    assert difference["position"] == 13


def test_an_up_and_down_shoe_checks_out_and_a_wrong_draw_does_not(page: Page) -> None:
    seed = bytes(range(32, 64))
    order = shuffled(seed, SHOE)
    proof = {"commitment": commitment(seed), "seed": seed.hex(), "pile": list(SHOE)}
    drawn: list[str | None] = [*order[:10], None, *order[11:20]]
    good = run(page, "async (m, a) => m.verifyShoe(a)", {**proof, "drawn": drawn})
    assert good["ok"] and good["checked"] == 19
    drawn[4] = order[5]
    bad = run(page, "async (m, a) => m.verifyShoe(a)", {**proof, "drawn": drawn})
    assert not bad["ok"] and bad["firstDifference"]["what"] == {"draw": 5}
