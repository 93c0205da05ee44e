"""What a player may see (DESIGN.md §5, RULES.md §2.2 and §2.4): own cards and which one is
locked; of the opponent only the signal (UP and DOWN counts) until the reveal, then the locked
card — never the kept one, and nothing (an index, an order, an event field) that tells which of
the two cards the opponent locked."""

from __future__ import annotations

import json

import pytest

from games.engine.events import Event
from games.engine.updown import events as ev
from games.engine.updown.state import UpDownState, apply
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import Table

HUMAN, AI = 0, 1


def two_deals(ai_lock: str, *, ai_starts: bool) -> Table:
    """Deal 1: the human holds As1 3c1, the AI Kd2 4h2, and the AI keeps Kd2. Deal 2: the human
    draws Qs1, the AI draws 7d2, so the AI holds one UP card kept from before (Kd2) and one DOWN
    card just drawn (7d2), and locks ``ai_lock``. The human's locked card beats both (or loses
    to both), so the outcome is the same whichever the AI locks."""
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"), "Qs1 7d2")
    # Deal 1: the AI wins with 4h2 over 3c1 (and starts deal 2), or loses it to As1.
    table.lock_cards({HUMAN: "3c1" if ai_starts else "As1", AI: "4h2"})
    table.check_down()
    assert table.state.next_starter == (AI if ai_starts else HUMAN)
    table.deal()
    table.lock_cards({HUMAN: "As1" if ai_starts else "3c1", AI: ai_lock})
    starter = table.state.starter
    assert starter is not None
    table.bet(starter, 2)
    table.call(1 - starter)
    assert table.state.deal_number == 2 and table.state.to_act is None
    return table


def views_after_each_event(events: list[Event], viewer: int) -> list[dict[str, object]]:
    state = UpDownState()
    views = []
    for item in events:
        apply(state, item)
        views.append(view(state, viewer))
    return views


def masked(value: object, card: str) -> str:
    """JSON text with every mention of one card replaced, to compare all but that card."""
    return json.dumps(value, sort_keys=True).replace(f'"{card}"', '"<revealed>"')


@pytest.mark.parametrize("ai_starts", [False, True], ids=["ai-locks-second", "ai-locks-first"])
def test_nothing_the_human_sees_depends_on_which_card_the_ai_locked(ai_starts: bool) -> None:
    kept_played = two_deals("Kd2", ai_starts=ai_starts)  # the AI plays the old UP card
    drawn_played = two_deals("7d2", ai_starts=ai_starts)  # the AI plays the new DOWN card
    first, second = kept_played.events, drawn_played.events
    assert len(first) == len(second)
    deal_2 = first.index(ev.DealStarted(deal_number=2, starter=AI if ai_starts else HUMAN))
    reveal = next(
        i for i in range(deal_2, len(first)) if isinstance(first[i], ev.LockedCardsRevealed)
    )

    views_first = views_after_each_event(first, HUMAN)
    views_second = views_after_each_event(second, HUMAN)
    for index in range(len(first)):
        feed_first = visible_record(first[index], HUMAN)
        feed_second = visible_record(second[index], HUMAN)
        if index < reveal:
            # Before the reveal: identical, event by event and view by view.
            assert feed_first == feed_second, (index, first[index], second[index])
            assert views_first[index] == views_second[index], (index, first[index])
        else:
            # From the reveal on: identical except for the revealed card itself.
            assert masked(feed_first, "Kd2") == masked(feed_second, "7d2"), index
            assert masked(views_first[index], "Kd2") == masked(views_second[index], "7d2"), index
    # And the card the AI kept never reached the human at all.
    for events, kept in ((first, "7d2"), (second, "Kd2")):
        seen = json.dumps([visible_record(e, HUMAN) for e in events])
        seen += json.dumps(views_after_each_event(events, HUMAN))
        assert kept not in seen


def test_the_opponents_lock_event_carries_no_card_and_no_index() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock(HUMAN, "As1")

    produced = table.lock(AI, "4h2")

    locked = produced[0]
    assert visible_record(locked, HUMAN)["payload"] == {"seat": AI, "card": None}
    assert visible_record(locked, AI)["payload"] == {"seat": AI, "card": "4h2"}
    assert visible_record(locked, None)["payload"] == {"seat": AI, "card": None}


def test_a_viewer_sees_their_own_two_cards_and_which_one_they_locked() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock(HUMAN, "As1")

    mine = view(table.state, HUMAN)["seats"][HUMAN]

    assert mine["cards"] == ["3c1", "As1"]  # in shoe order, not the order drawn
    assert mine["locked_card"] == "As1"
    assert mine["has_locked"] is True
    assert mine["signal"] == {"up": 1, "down": 1}


def test_a_viewer_sees_only_the_opponents_signal_and_whether_they_locked() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock(HUMAN, "As1")
    table.lock(AI, "4h2")

    theirs = view(table.state, HUMAN)["seats"][AI]

    assert theirs["cards"] is None
    assert theirs["locked_card"] is None
    assert theirs["has_locked"] is True
    assert theirs["signal"] == {"up": 1, "down": 1}
    assert (theirs["stack"], theirs["bet"]) == (19, 0)


def test_legal_actions_are_shown_to_the_player_to_act_only() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))

    locking = view(table.state, HUMAN)["legal_actions"]
    assert view(table.state, AI)["legal_actions"] is None
    table.lock(HUMAN, "As1")
    table.lock(AI, "Kd2")
    betting = view(table.state, HUMAN)["legal_actions"]

    assert locking is not None and betting is not None
    assert (locking["can_lock"], locking["lockable"]) == (True, ["3c1", "As1"])
    assert (betting["can_lock"], betting["can_check"], betting["can_bet"]) == (False, True, True)
    assert (betting["min_raise_to"], betting["max_raise_to"]) == (1, 19)


def test_after_the_reveal_both_locked_cards_are_shown_and_the_kept_cards_are_not() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock_cards({HUMAN: "As1", AI: "4h2"})
    table.check_down()

    seen = view(table.state, HUMAN)

    assert [seat["locked_card"] for seat in seen["seats"]] == ["As1", "4h2"]
    assert seen["last_deal"] == {
        "deal_number": 1,
        "locked_cards": ["As1", "4h2"],
        "folded": None,
        "winner": HUMAN,
        "outcome": "higher_card",
        "reason": "higher_card",
        "won": [2, 0],
    }
    assert seen["seats"][HUMAN]["cards"] == ["3c1"]
    assert "Kd2" not in json.dumps(seen)


def test_a_spectator_sees_no_cards_in_hands() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock(HUMAN, "As1")

    seen = view(table.state, None)

    assert [seat["cards"] for seat in seen["seats"]] == [None, None]
    assert [seat["locked_card"] for seat in seen["seats"]] == [None, None]
    for card in ("As1", "3c1", "Kd2", "4h2"):
        assert card not in json.dumps(seen)


def test_no_seed_or_stock_before_it_is_revealed() -> None:
    table = Table()
    produced = table.deal(seed=bytes(range(32)))

    seen = json.dumps(view(table.state, HUMAN)) + json.dumps(
        [visible_record(e, HUMAN) for e in produced]
    )

    assert bytes(range(32)).hex() not in seen
    assert view(table.state, HUMAN)["shoe"]["stock"] == 100
    opponent = table.state.seats[AI].hand
    assert not any(card in seen for card in opponent)


def test_a_view_is_json_ready() -> None:
    table = Table()
    table.deal(seed=bytes(32))
    for _ in range(3):
        table.lock_first_cards()
        for viewer in (HUMAN, AI, None):
            seen = view(table.state, viewer)
            assert json.loads(json.dumps(seen)) == seen
        table.check_down()
        table.deal()


def test_the_last_deal_stays_visible_after_the_next_deal_starts() -> None:
    table = Table()
    table.deal(("2c1 9c1", "Ad2 4h2"), "Qs1 7d2")
    table.lock_cards({HUMAN: "2c1", AI: "Ad2"})
    table.bet(HUMAN, 3)
    table.call(AI)
    table.deal()  # the next deal starts in the same command as the last one ends, live

    last = view(table.state, HUMAN)["last_deal"]

    assert table.state.deal_number == 2
    assert last == {
        "deal_number": 1,
        "locked_cards": ["2c1", "Ad2"],
        "folded": None,
        "winner": HUMAN,
        "outcome": "higher_card",
        "reason": "two_beats_ace",
        "won": [8, 0],
    }


def test_the_last_deal_names_who_folded_and_both_locked_cards_are_still_shown() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"))
    table.lock_cards({HUMAN: "3c1", AI: "Kd2"})
    table.bet(HUMAN, 2)
    table.fold(AI)

    last = view(table.state, AI)["last_deal"]

    assert (last["folded"], last["winner"], last["reason"]) == (AI, HUMAN, "fold")
    # The uncalled bet went back: the antes were the pot.
    assert last["locked_cards"] == ["3c1", "Kd2"] and last["won"] == [2, 0]


def test_the_kept_card_is_marked_among_the_players_own_two_cards_only() -> None:
    table = Table()
    table.deal(("As1 3c1", "Kd2 4h2"), "Qs1 7d2")
    table.lock_cards({HUMAN: "As1", AI: "4h2"})
    table.check_down()
    table.deal()

    mine = view(table.state, HUMAN)["seats"]
    theirs = view(table.state, AI)["seats"]

    assert (mine[HUMAN]["cards"], mine[HUMAN]["kept_card"]) == (["3c1", "Qs1"], "3c1")
    assert mine[AI]["kept_card"] is None and "Kd2" not in json.dumps(mine)
    assert theirs[AI]["kept_card"] == "Kd2" and theirs[HUMAN]["kept_card"] is None
    assert [seat["kept_card"] for seat in view(table.state, None)["seats"]] == [None, None]
