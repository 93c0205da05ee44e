"""Events are stored as JSON records ``{"type", "version", "payload"}`` and never rewritten: every
Hold'em event survives the trip through JSON, unknown or newer records are refused, and an old
record is upcast to the current schema on the way in."""

from __future__ import annotations

import dataclasses
import inspect
import json
from typing import Any

import pytest

from games.engine.cards import STANDARD_DECK
from games.engine.events import Event, event, from_record, to_record, upcaster
from games.engine.holdem import events as ev
from games.engine.holdem.state import fold
from tests.engine.holdem.table import Table

SAMPLES: list[Event] = [
    ev.MatchStarted(stacks=(1000, 1000, 1000, 1000), small_blind=10, big_blind=20),
    ev.MatchStarted(
        stacks=(500, 700),
        small_blind=5,
        big_blind=10,
        ante=1,
        big_blind_ante=10,
        min_bet=10,
        first_button=1,
    ),
    ev.MatchStarted(
        stacks=(1000, 1000),
        small_blind=10,
        big_blind=20,
        blind_levels=((10, 20), (15, 30), (25, 50)),
        hands_per_level=10,
    ),
    ev.HandStarted(
        hand_number=1,
        button=0,
        commitment="ab" * 32,
        level=1,
        small_blind=10,
        big_blind=20,
        seed="cd" * 32,
    ),
    ev.HandStarted(
        hand_number=2,
        button=1,
        commitment="",
        level=3,
        small_blind=25,
        big_blind=50,
        deck=STANDARD_DECK,
    ),
    ev.AntePosted(seat=2, amount=5),
    ev.BlindPosted(seat=1, blind="small", amount=10),
    ev.BlindPosted(seat=2, blind="big", amount=15),
    ev.HoleCardsDealt(seat=3, cards=("As", "Kd")),
    ev.Folded(seat=0),
    ev.Checked(seat=1),
    ev.Called(seat=2, amount=40),
    ev.Bet(seat=1, to=20),
    ev.Raised(seat=3, to=60),
    ev.BoardDealt(street="flop", burned="2c", cards=("Ah", "Kh", "Qh")),
    ev.BoardDealt(street="river", burned="3c", cards=("2d",)),
    ev.UncalledBetReturned(seat=3, amount=600),
    ev.CardsExposed(seat=2, cards=("Ks", "Kd")),
    ev.HandShown(seat=1, cards=("Ah", "2d"), rank={"category": "straight", "ranks": ["5"]}),
    ev.PotAwarded(
        pot=1,
        amount=80,
        eligible=(0, 1, 2, 3),
        winners=(2, 3, 0),
        shares=(27, 27, 26),
        hand_rank={"category": "two_pair", "ranks": ["K", "7", "A"]},
        odd_chips=(2, 3),
        kickers=1,
    ),
    ev.PotAwarded(
        pot=0, amount=50, eligible=(3,), winners=(3,), shares=(50,), hand_rank=None, odd_chips=()
    ),
    ev.HandEnded(hand_number=1, seed="cd" * 32, stacks=(1000, 990, 980, 1030)),
    ev.HandEnded(hand_number=2, seed=None, stacks=(4000, 0, 0, 0)),
    ev.HandAbandoned(hand_number=3, seed="ef" * 32),
    ev.PlayerEliminated(seat=3, place=4),
    ev.MatchEnded(winner=0),
    ev.MatchRestarted(segment=1, stacks=(1000, 1000, 1000, 1000)),
]


def through_json(record: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(record))


def test_every_holdem_event_type_has_a_sample_here() -> None:
    defined = {
        cls
        for _, cls in inspect.getmembers(ev, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and cls.__module__ == ev.__name__
    }

    assert defined == {type(sample) for sample in SAMPLES}


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: type(sample).__name__)
def test_an_event_survives_the_round_trip_through_json(sample: Event) -> None:
    stored = through_json(to_record(sample))

    loaded = from_record(stored["type"], stored["version"], stored["payload"])

    assert type(loaded) is type(sample)
    assert through_json(to_record(loaded)) == stored


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: type(sample).__name__)
def test_a_record_names_its_type_and_version(sample: Event) -> None:
    record = to_record(sample)

    assert record["type"] == type(sample).TYPE
    assert record["type"].startswith("holdem.")
    assert record["version"] == type(sample).VERSION >= 1
    left_out = {field.name for field in dataclasses.fields(sample)} - set(record["payload"])
    assert left_out <= type(sample).OMITTED_AT_DEFAULT
    for field in dataclasses.fields(sample):
        if field.name in left_out:
            assert getattr(sample, field.name) == field.default


def test_a_field_omitted_at_its_default_is_recorded_once_it_differs() -> None:
    played = ev.PotAwarded(0, 30, (0, 1), (0,), (30,), None, ())
    raked = dataclasses.replace(played, rake=2)

    assert "rake" not in to_record(played)["payload"]
    assert to_record(raked)["payload"]["rake"] == 2
    assert from_record(*_parts(to_record(raked))) == raked


def _parts(record: dict[str, Any]) -> tuple[str, int, dict[str, Any]]:
    return record["type"], record["version"], record["payload"]


def test_a_match_reloaded_from_json_replays_to_the_same_state() -> None:
    table = Table()
    table.deal_seed(bytes(range(32)))
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.fold(2)
    table.deal_seed(bytes(range(1, 33)))
    table.call(1)

    stored = [through_json(to_record(item)) for item in table.events]
    replayed = fold(from_record(r["type"], r["version"], r["payload"]) for r in stored)

    assert [seat.stack for seat in replayed.seats] == list(table.stacks)
    assert [seat.hole for seat in replayed.seats] == [seat.hole for seat in table.state.seats]
    assert (replayed.phase, replayed.button, replayed.to_act, replayed.places) == (
        table.state.phase,
        table.state.button,
        table.state.to_act,
        table.state.places,
    )


def test_event_type_names_are_unique() -> None:
    names = [type(sample).TYPE for sample in SAMPLES]

    assert len(set(names)) == len({type(sample) for sample in SAMPLES})


def test_an_unknown_event_type_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        from_record("holdem.no_such_event", 1, {})


def test_a_record_newer_than_the_code_is_refused() -> None:
    record = to_record(ev.Folded(seat=0))

    with pytest.raises(ValueError, match="newer"):
        from_record(record["type"], record["version"] + 1, record["payload"])


def test_registering_an_event_type_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="registered twice"):

        @event("holdem.folded")
        @dataclasses.dataclass(frozen=True, slots=True)
        class AnotherFolded(Event):
            seat: int


# --- upcasting: a throwaway event type at version 3, with records stored at versions 1 and 2 ---


@event("test.sample", version=3)
@dataclasses.dataclass(frozen=True, slots=True)
class Sample(Event):
    """v1: {"chips"}; v2 renamed chips to amount; v3 added seat."""

    seat: int
    amount: int


@upcaster("test.sample", from_version=1)
def _rename_chips_to_amount(payload: dict[str, Any]) -> dict[str, Any]:
    payload = dict(payload)
    payload["amount"] = payload.pop("chips")
    return payload


@upcaster("test.sample", from_version=2)
def _add_seat(payload: dict[str, Any]) -> dict[str, Any]:
    return {**payload, "seat": 0}


def test_a_current_record_is_read_as_it_is() -> None:
    assert from_record("test.sample", 3, {"seat": 2, "amount": 40}) == Sample(seat=2, amount=40)


def test_an_old_record_is_upcast_through_every_version_to_the_current_one() -> None:
    assert from_record("test.sample", 1, {"chips": 40}) == Sample(seat=0, amount=40)


def test_a_record_one_version_old_gets_only_the_last_upcaster() -> None:
    assert from_record("test.sample", 2, {"amount": 40}) == Sample(seat=0, amount=40)


def test_upcasting_never_changes_the_stored_payload() -> None:
    stored = {"chips": 40}

    from_record("test.sample", 1, stored)

    assert stored == {"chips": 40}


def test_a_new_record_of_the_upcast_type_is_written_at_the_current_version() -> None:
    assert to_record(Sample(seat=1, amount=5)) == {
        "type": "test.sample",
        "version": 3,
        "payload": {"seat": 1, "amount": 5},
    }


# --- hand ranks: English text in version 1, data since version 2 ----------------------------


def test_a_version_1_hand_shown_reads_as_data() -> None:
    stored = {"seat": 2, "cards": ["6c", "6d"], "rank": "full house, sixes full of kings"}

    shown = from_record("holdem.hand_shown", 1, stored)

    assert isinstance(shown, ev.HandShown)
    assert shown.rank == {"category": "full_house", "ranks": ["6", "K"]}
    assert to_record(shown)["version"] == 2


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("two pair, kings and sevens", {"category": "two_pair", "ranks": ["K", "7"]}),
        ("royal flush", {"category": "straight_flush", "ranks": ["A"]}),
        ("pair of aces", {"category": "pair", "ranks": ["A"]}),
        ("straight, five high", {"category": "straight", "ranks": ["5"]}),
        ("", None),
    ],
)
def test_a_version_1_pot_award_reads_its_hand_rank_as_data(text: str, data: object) -> None:
    stored = {
        "pot": 0,
        "amount": 80,
        "eligible": [0, 1],
        "winners": [1],
        "shares": [80],
        "hand_rank": text,
        "odd_chips": [],
    }

    awarded = from_record("holdem.pot_awarded", 1, stored)

    assert isinstance(awarded, ev.PotAwarded) and awarded.hand_rank == data


# --- a hand's blinds: on its start since version 2 -------------------------------------------


def test_a_version_1_hand_start_reads_as_a_level_1_hand_of_the_table_of_its_time() -> None:
    stored = {"hand_number": 4, "button": 2, "commitment": "ab" * 32, "seed": None, "deck": None}

    started = from_record("holdem.hand_started", 1, stored)

    assert isinstance(started, ev.HandStarted)
    assert (started.level, started.small_blind, started.big_blind) == (1, 10, 20)
    assert to_record(started)["version"] == 2


def test_a_match_start_with_levels_reads_back_as_pairs() -> None:
    start = ev.MatchStarted(
        stacks=(1000, 1000), small_blind=10, big_blind=20, blind_levels=((10, 20), (15, 30))
    )

    stored = through_json(to_record(start))
    loaded = from_record(stored["type"], stored["version"], stored["payload"])

    assert isinstance(loaded, ev.MatchStarted)
    assert loaded.blind_levels == ((10, 20), (15, 30)) and loaded == start
