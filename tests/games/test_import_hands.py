"""``manage.py import_hands`` and the Celery task ``games.tasks.import_hands``: a file's hands
imported, skipped or refused (with line and reason), progress on stderr, and every imported hand
verified by ``manage.py audit``; the task through a real worker and broker."""

from __future__ import annotations

import io
import json
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone

from games import import_rows, imports
from games.models import Event, HandImport, HoldemStatLine, ImportedHand, Match, Player
from games.players import player_for_user
from tests.bots.test_worker import wait_for, workers  # noqa: F401 - a fixture

DATA = Path(__file__).resolve().parents[1] / "engine" / "holdem" / "importing" / "data"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
REFUSALS: list[dict[str, Any]] = json.loads((DATA / "refusals.json").read_text())


def good_hands(relative: str) -> int:
    return sum(1 for key in EXPECTED if key.startswith(f"{relative}#"))


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_hands", *args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def ann(db: None) -> Player:
    return player_for_user(get_user_model().objects.create_user("ann", password="x"))


def test_the_command_imports_skips_and_refuses_with_lines(ann: Player, tmp_path: Path) -> None:
    cash, refusals = DATA / "pokerstars/heads_up.txt", DATA / "pokerstars/with_refusals.txt"
    status, out, err = run(str(cash), str(refusals), "--user", "ann")
    assert status == 0
    lines = out.splitlines()
    assert (
        lines[0]
        == f"{cash}: {good_hands('pokerstars/heads_up.txt')} imported, 0 skipped, 0 refused"
    )
    wanted = [r for r in REFUSALS if r["file"] == "pokerstars/with_refusals.txt"]
    assert lines[1] == (
        f"{refusals}: {good_hands('pokerstars/with_refusals.txt')} imported, 0 skipped, "
        f"{len(wanted)} refused"
    )
    assert lines[2].startswith(f"  line {wanted[0]['line']} hand {wanted[0]['hand_id']}: ")
    assert "hands read" in err  # the progress line
    again, out, _ = run(str(cash), "--user", "ann")
    assert again == 0 and " 0 imported, " in out
    assert ImportedHand.objects.filter(owner=ann).count() == good_hands(
        "pokerstars/heads_up.txt"
    ) + good_hands("pokerstars/with_refusals.txt")


def test_a_file_refused_whole_is_said_and_the_status_is_1(ann: Player, tmp_path: Path) -> None:
    notes = DATA / "not_hand_history/notes.txt"
    status, out, err = run(str(notes), str(DATA / "phh/hand_01.phh"), "--user", "ann")
    assert status == 1
    assert f"{notes}: refused: " in err and "[not_a_hand_history]" in err
    assert "hand_01.phh: 1 imported" in out


def test_every_imported_hand_is_verified_by_the_audit(ann: Player) -> None:
    run(str(DATA / "pokerstars/all_in.txt"), str(DATA / "twins/tournament.phhs"), "--user", "ann")
    out = io.StringIO()
    call_command("audit", stdout=out)
    imported = ImportedHand.objects.count()
    finished = ImportedHand.objects.filter(match__status="finished").count()
    assert imported > 20
    assert f"verified hands: {finished}" in out.getvalue()
    assert "mismatches: 0" in out.getvalue()


@pytest.mark.celery_worker
@pytest.mark.broker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(240)
def test_the_task_imports_through_a_real_worker(workers: Callable[..., Any]) -> None:  # noqa: F811
    workers()
    owner = Player.objects.create()
    job = imports.import_file(owner=owner, path=DATA / "pokerstars/cash_6max.txt", queue=True)

    def done() -> bool:
        job.refresh_from_db()
        return job.status == HandImport.Status.DONE

    wait_for(done, 120, "the worker to import the file")
    assert job.imported == good_hands("pokerstars/cash_6max.txt")
    assert job.bytes_done == job.size


def stored(owner: Player) -> list[tuple[int, str, list[tuple[str, int, Any, int | None]]]]:
    """Each imported hand of ``owner`` by file and line: its hand id and its events as stored."""
    hands = ImportedHand.objects.filter(owner=owner).order_by("file_name", "line")
    return [
        (
            hand.line,
            hand.source_hand_id,
            list(
                Event.objects.filter(match_id=hand.match_id)
                .order_by("seq")
                .values_list("type", "version", "payload", "hand_number")
            ),
        )
        for hand in hands
    ]


def test_worker_processes_store_what_one_process_stores(ann: Player) -> None:
    files = [DATA / "pokerstars/all_in.txt", DATA / "pokerstars/with_refusals.txt"]
    for path in files:
        run(str(path), "--user", "ann")
    bob = player_for_user(get_user_model().objects.create_user("bob", password="x"))
    # Every file read by two worker processes, a chunk of two hands at a time.
    with (
        override_settings(IMPORT_PARALLEL_BYTES=0, IMPORT_WORKERS=2),
        mock.patch.object(import_rows, "CHUNK_HANDS", 2),
        mock.patch.object(
            import_rows, "ProcessPoolExecutor", wraps=import_rows.ProcessPoolExecutor
        ) as pools,
    ):
        outputs = [run(str(path), "--user", "bob")[1] for path in files]
        again = run(str(files[0]), "--user", "bob")[1]
    assert outputs[1].count("[") == len(
        [r for r in REFUSALS if r["file"] == "pokerstars/with_refusals.txt"]
    )
    assert " 0 imported, " in again and f" {good_hands('pokerstars/all_in.txt')} skipped" in again
    assert stored(bob) == stored(ann) != []
    assert [call.args[0] for call in pools.call_args_list] == [2, 2, 2]  # one pool a file


def test_event_rows_written_as_copy_text_read_back_as_their_payloads(ann: Player) -> None:
    match = Match.objects.create(game="holdem", owner=ann, origin=Match.Origin.IMPORTED)
    payload = {"text": 'back\\slash, tab\t, newline\n, return\r, quote" and \\N', "n": [1, 2]}
    record = {"type": "holdem.match_started", "version": 1, "payload": payload}
    rows = import_rows._event_copy(match.id, [record, record], timezone.now())
    hand = import_rows.StoredHand(
        match_id=match.id,
        room="test",
        hand_id="1",
        fingerprint="",
        finished=True,
        event_count=2,
        event_copy=rows,
        event_records=(record, record),
        summary={},
        source={},
        stats=None,
    )
    imports._store_events([hand])
    assert list(
        Event.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "payload", "hand_number")
    ) == [(1, payload, None), (2, payload, 1)]


def test_imported_match_ids_are_version_7_in_time_order_and_unguessable() -> None:
    """An import's match ids grow with the time they were made (so each batch lands at the end
    of the indexes), and their random part differs between ids of the same millisecond."""
    made = []
    for _ in range(3):
        made += [import_rows.time_ordered_id() for _ in range(200)]
        time.sleep(0.002)
    assert {made_id.version for made_id in made} == {7}
    assert {made_id.variant for made_id in made} == {uuid.RFC_4122}
    assert len(set(made)) == len(made)
    milliseconds = [made_id.int >> 80 for made_id in made]
    assert milliseconds == sorted(milliseconds)
    assert abs(milliseconds[-1] - time.time_ns() // 1_000_000) < 60_000
    same_millisecond = [made_id for made_id in made if made_id.int >> 80 == milliseconds[0]]
    assert len({made_id.int & (1 << 62) - 1 for made_id in same_millisecond}) == len(
        same_millisecond
    )


def test_an_imported_hand_is_stored_under_a_time_ordered_id(ann: Player) -> None:
    path = DATA / "pokerstars" / "all_in.txt"
    run(str(path), "--user", "ann")
    ids = list(ImportedHand.objects.filter(owner=ann).values_list("match_id", flat=True))
    assert ids and {match_id.version for match_id in ids} == {7}


def test_rows_written_as_copy_text_read_back_as_the_orm_writes_them(ann: Player) -> None:
    """Text with COPY's special characters, JSON with quotes and accents, NULL, booleans and
    times come back from the import's rows as the ORM would have stored them."""
    match = Match.objects.create(game="holdem", owner=ann, origin=Match.Origin.IMPORTED)
    job = HandImport.objects.create(owner=ann, file_name="f.txt", path="/tmp/f.txt", size=1)
    values = {
        "match_id": match.id,
        "owner_id": ann.pk,
        "hand_import_id": job.pk,
        "file_name": "a\tb\\c\nd.txt",
        "created_at": timezone.now(),
        "room": "PokerStars",
        "source_hand_id": "\\N",
        "played_at": datetime(2009, 7, 1, 16, 0, tzinfo=UTC),
        "table_name": 'Aase "II"\r',
        "line": 7,
        "unit": "USD",
        "scale": 100,
        "small_blind": 1,
        "big_blind": 2,
        "players": ["Ånn", 'Bob "the\tcat"', "Ch\\ris"],
        "hero": None,
        "pot_total": 0,
        "rake": 0,
        "went_to_showdown": True,
        "fingerprint": "",
    }
    imports._insert(ImportedHand, tuple(values), [tuple(values.values())])
    stored = ImportedHand.objects.get(match=match)
    # (Django's bulk INSERT, which SQLite gets, sets created_at itself: auto_now_add.)
    compared = [name for name in values if name != "created_at"]
    assert {name: getattr(stored, name) for name in compared} == {
        name: values[name] for name in compared
    }


def test_each_imported_statistics_line_points_at_its_own_hand(ann: Player) -> None:
    run(str(DATA / "pokerstars" / "all_in.txt"), "--user", "ann")
    lines = HoldemStatLine.objects.filter(player=ann)
    assert lines.count() > 3
    for line in lines:
        assert line.hand.match_id == line.match_id
