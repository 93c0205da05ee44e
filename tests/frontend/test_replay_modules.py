"""The replayer's pure modules in the browser, against the engine: pots formed as the engine
forms them (views/replay_steps.js), the hand's steps and starting stacks, the hole cards the
revealed seed fixes and the shuffle check with shown hands (proof.js), Up & Down shoes checked
draw by draw, and the stack chart's history (views/replay_list.js)."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from games.engine.events import to_record
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.pots import side_pots
from games.engine.holdem.state import HoldemState
from games.engine.shuffle import commitment, shuffled
from games.engine.updown.cards import SHOE


def run(page: Page, module: str, body: str, argument: Any) -> Any:
    """Evaluate ``body`` (an async function of ``m``, the module, and ``arg``) in the page."""
    return page.evaluate(
        f"async (arg) => {{ const m = await import('{module}'); return ({body})(m, arg); }}",
        argument,
    )


def test_pots_are_formed_as_the_engine_forms_them(page: Page) -> None:
    rng = random.Random(7)
    cases = []
    for _ in range(300):
        seats = rng.randint(2, 4)
        bets = [rng.choice([0, 10, 20, 50, 100, 100, 250, 400]) for _ in range(seats)]
        live = [rng.random() < 0.75 for _ in range(seats)]
        all_in = [is_live and rng.random() < 0.4 for is_live in live]
        if max(bets) == 0:
            continue
        cases.append({"bets": bets, "live": live, "allIn": all_in})
    found = run(
        page,
        "/js/views/replay_steps.js",
        "async (m, cases) => cases.map((c) => m.potsFrom(c.bets, c.live, c.allIn))",
        cases,
    )
    for case, pots in zip(cases, found, strict=True):
        expected = side_pots(case["bets"], case["live"], case["allIn"])
        assert [(p["amount"], tuple(p["eligible"])) for p in pots] == [
            (p.amount, p.eligible) for p in expected
        ], case


def _hand(seed: bytes, policy: str) -> tuple[list[dict[str, Any]], tuple[int, ...]]:
    """A real four-handed hand's records (every card in them) and the stacks it started with.

    ``policy``: "check" (everyone checks or calls to the showdown) or "fold" (seat 1 and 2 fold
    when they may, so hands are mucked)."""
    state, _ = advance(
        HoldemState(), StartMatch(stacks=(1000, 800, 1200, 1000), small_blind=10, big_blind=20)
    )
    stacks = tuple(seat.stack for seat in state.seats)
    state, events = advance(state, StartHand(seed=seed))
    while state.to_act is not None:
        legal = legal_actions(state)
        assert legal is not None
        seat = state.to_act
        if policy == "fold" and seat in (1, 2) and legal.can_fold:
            kind = "fold"
        else:
            kind = "check" if legal.can_check else "call"
        state, produced = advance(state, Act(seat, kind))
        events += produced
    return [to_record(event) for event in events], stacks


def _as_owner_sees(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The replay's view for seat 0: the others' hole cards and the burns hidden."""
    out = []
    for seq, record in enumerate(records, start=1):
        payload = dict(record["payload"])
        if record["type"] == "holdem.hole_cards_dealt" and payload["seat"] != 0:
            payload["cards"] = None
        if record["type"] == "holdem.board_dealt":
            payload["burned"] = None
        out.append({**record, "seq": seq, "payload": payload})
    return out


def _replay(records: list[dict[str, Any]]) -> dict[str, Any]:
    started = next(r for r in records if r["type"] == "holdem.hand_started")
    ended = next(r for r in records if r["type"] == "holdem.hand_ended")
    return {
        "hand_number": 1,
        "events": _as_owner_sees(records),
        "commitment": started["payload"]["commitment"],
        "seed": ended["payload"]["seed"],
    }


def test_the_seed_reveals_every_hole_card_and_shown_hands_are_checked_too(page: Page) -> None:
    records, _ = _hand(bytes(range(5, 37)), "fold")
    replay = _replay(records)
    dealt = {
        str(r["payload"]["seat"]): list(r["payload"]["cards"])
        for r in records
        if r["type"] == "holdem.hole_cards_dealt"
    }
    assert run(page, "/js/proof.js", "async (m, r) => m.holeCardsFromSeed(r)", replay) == dealt
    result = run(page, "/js/proof.js", "async (m, r) => m.verifyHoldem(r)", replay)
    shown = sum(1 for r in records if r["type"] == "holdem.hand_shown")
    # Our two cards, two for each other hand shown, five board cards.
    assert result["ok"] and result["checked"] == 2 + 2 * (shown - 1) + 5
    assert result["digest"] == replay["commitment"]
    # A shown hand that is not what the seed dealt is the first difference.
    events = replay["events"]
    for record in events:
        if record["type"] == "holdem.hand_shown" and record["payload"]["seat"] != 0:
            record["payload"] = {**record["payload"], "cards": ["2c", "2d"]}
            seat = record["payload"]["seat"]
            break
    bad = run(page, "/js/proof.js", "async (m, r) => m.verifyHoldem(r)", replay)
    assert not bad["ok"] and bad["commitmentOk"]
    assert bad["firstDifference"]["what"]["seat"] == seat


def test_the_steps_start_from_the_hands_stacks_and_end_on_its_result(page: Page) -> None:
    records, stacks = _hand(bytes(range(40, 72)), "check")
    replay = _replay(records)
    seats = [
        {"stack": stack, "bet": 0, "in_match": True, "in_hand": False, "cards": None}
        for stack in stacks
    ]
    body = {
        "id": "m",
        "game": "holdem",
        "level": "medium",
        "status": "active",
        "watching": False,
        "players": [],
        "seq": 99,
        "view": {"viewer": 0, "seats": seats, "board": [], "pots": None, "legal_actions": None},
    }
    found = run(
        page,
        "/js/views/replay_steps.js",
        """async (m, a) => {
          const { steps } = m.buildSteps(a.body, a.replay);
          const last = steps[steps.length - 1];
          return {
            count: steps.length,
            start: m.startingStacks(a.body, a.replay.events),
            first: steps[0].seats.map((s) => s.stack),
            last: last.seats.map((s) => s.stack),
            board: last.board,
            pot: last.pot,
          };
        }""",
        {"body": body, "replay": replay},
    )
    ended = next(r for r in records if r["type"] == "holdem.hand_ended")["payload"]
    assert found["count"] == len(records) + 1
    assert found["start"] == list(stacks) and found["first"] == list(stacks)
    assert found["last"] == list(ended["stacks"])
    assert len(found["board"]) == 5 and found["pot"] == 0


def test_an_up_and_down_deal_is_checked_on_every_shoe_it_drew_from(page: Page) -> None:
    seed = bytes(range(90, 122))
    order = shuffled(seed, SHOE)
    feed: list[dict[str, Any]] = [
        {"type": "updown.deal_started", "payload": {"deal_number": 1}},
        {"type": "updown.shoe_shuffled", "payload": {"shuffle": 1}},
    ]
    # Deal 1 draws four cards (ours: 1st and 3rd), deal 2 two (ours first).
    feed += [
        {"type": "updown.card_dealt", "payload": {"card": card if i % 2 == 0 else None}}
        for i, card in enumerate(order[:4])
    ]
    feed.append({"type": "updown.deal_started", "payload": {"deal_number": 2}})
    feed += [
        {"type": "updown.card_dealt", "payload": {"card": order[4]}},
        {"type": "updown.card_dealt", "payload": {"card": None}},
    ]
    proof = {"shuffle": 1, "commitment": commitment(seed), "seed": seed.hex(), "pile": list(SHOE)}
    replay = {"hand_number": 2, "shuffles": [proof]}
    script = "async (m, a) => m.verifyDeal(a.replay, a.feed)"
    [result] = run(page, "/js/proof.js", script, {"replay": replay, "feed": feed})
    assert result["ok"] and result["shuffle"] == 1 and result["checked"] == 3
    feed[-2]["payload"] = {"card": order[7]}
    [result] = run(page, "/js/proof.js", script, {"replay": replay, "feed": feed})
    assert not result["ok"] and result["firstDifference"]["what"] == {"draw": 5}
    sealed = {"hand_number": 2, "shuffles": [{**proof, "seed": None, "pile": None}]}
    [result] = run(page, "/js/proof.js", script, {"replay": sealed, "feed": feed})
    assert result["sealed"] and not result["ok"]


def test_the_stack_history_comes_from_the_hand_list_or_else_the_feed(page: Page) -> None:
    hands = [
        {"hand_number": 1, "finished": True, "stacks_after": [900, 1100], "eliminated": []},
        {"hand_number": 2, "finished": True, "stacks_after": [0, 2000], "eliminated": [0]},
        {"hand_number": 3, "finished": False},
    ]
    feed = [
        {"type": "holdem.hand_ended", "payload": {"hand_number": 1, "stacks": [950, 1050]}},
        {"type": "holdem.hand_ended", "payload": {"hand_number": 2, "stacks": [0, 2000]}},
        {"type": "holdem.player_eliminated", "payload": {"seat": 0, "place": 2}},
    ]
    script = "async (m, a) => m.stackHistory(a.hands, a.feed)"
    module = "/js/views/replay_list.js"
    from_list = run(page, module, script, {"hands": hands, "feed": None})
    assert from_list == [
        {"number": 1, "stacks": [900, 1100], "eliminated": []},
        {"number": 2, "stacks": [0, 2000], "eliminated": [0]},
    ]
    old_list = [
        {k: v for k, v in hand.items() if k not in ("stacks_after", "eliminated")} for hand in hands
    ]
    from_feed = run(page, module, script, {"hands": old_list, "feed": feed})
    assert from_feed == [
        {"number": 1, "stacks": [950, 1050], "eliminated": []},
        {"number": 2, "stacks": [0, 2000], "eliminated": [0]},
    ]


def test_the_stack_chart_starts_from_the_segments_first_stacks(page: Page) -> None:
    hands = [
        {"hand_number": 1, "segment": 0, "finished": True, "stacks_after": [0, 2000]},
        {"hand_number": 2, "segment": 1, "finished": True, "stacks_after": [1200, 800]},
        {"hand_number": 3, "segment": 1, "finished": True, "stacks_after": [1500, 500]},
        {"hand_number": 4, "segment": 1, "finished": False, "stacks_after": []},
    ]
    module = "/js/views/replay_list.js"
    found = run(
        page,
        module,
        "async (m, a) => [m.stackHistory(a.hands, null, [1000, 1000]), m.segmentOpening(a.hands)]",
        {"hands": hands},
    )
    # After a restart the chart shows the new segment only, from its starting stacks.
    assert found == [
        [
            {"number": None, "stacks": [1000, 1000], "eliminated": []},
            {"number": 2, "stacks": [1200, 800], "eliminated": []},
            {"number": 3, "stacks": [1500, 500], "eliminated": []},
        ],
        2,
    ]
