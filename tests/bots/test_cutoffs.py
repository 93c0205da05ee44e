"""The note of the bot deciding a turn, and the mark a hard time limit leaves (bots/cutoffs.py):
a chain of turns reads the shared cache once, a decision writes only its note, and the note of
a process killed mid-decision becomes the mark that skips the bot on the turn's next attempt.
A real worker killing a real pool process: tests/bots/test_worker_time_limits.py."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest
from celery.exceptions import TimeLimitExceeded
from django.core.cache import cache

from bots import cutoffs
from bots.policies import Choice

pytestmark = pytest.mark.usefixtures("fresh_cache")


@pytest.fixture
def fresh_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


class Notes:
    """A bot that reads, while it decides, the note its turn left."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.seen: list[Any] = []

    def act(self, view: Any, history: Any, rng: random.Random) -> Choice:
        self.seen.append(json.loads(cutoffs._note_path(self.match_id).read_text()))
        return ("check", None)


class Checks:
    """A bot that checks."""

    def act(self, view: Any, history: Any, rng: random.Random) -> Choice:
        return ("check", None)


class Counting:
    """The shared cache, its reads counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reads = 0
        real = cutoffs._cache

        def counted(operation: str, *args: Any) -> Any:
            self.reads += operation == "get"
            return real(operation, *args)

        monkeypatch.setattr(cutoffs, "_cache", counted)


class Play:
    name = "bots.tasks.play"


def kill_while_deciding(match_id: str, seq: int, name: str) -> None:
    """As a pool process killed at the hard limit: its note stays, its parent reports it."""
    cutoffs._note(match_id, seq, name)
    cutoffs._on_hard_time_limit(
        sender=Play(), exception=TimeLimitExceeded(20.0), args=(match_id, seq)
    )


def test_a_chain_reads_the_marks_once_and_each_decision_leaves_its_note(monkeypatch):
    match_id = str(uuid.uuid4())
    bot = Notes(match_id)
    counted = Counting(monkeypatch)
    with cutoffs.chain(match_id):
        for seq in (7, 8, 9):
            cutoffs.ask(bot, "hard", (match_id, seq), None, [], random.Random(1))
    assert counted.reads == 1
    assert bot.seen == [[7, "hard"], [8, "hard"], [9, "hard"]]
    assert not cutoffs._note_path(match_id).exists()  # the chain over, its note is gone


def test_the_note_of_a_killed_decision_skips_that_bot_on_that_turn_only():
    match_id = str(uuid.uuid4())
    kill_while_deciding(match_id, 12, "hard")
    assert not cutoffs._note_path(match_id).exists()  # taken by the parent
    bot = Notes(match_id)
    with cutoffs.chain(match_id):
        with pytest.raises(cutoffs.CutOffBefore):
            cutoffs.ask(bot, "hard", (match_id, 12), None, [], random.Random(1))
        cutoffs.ask(bot, "medium", (match_id, 12), None, [], random.Random(1))  # the stand-in
        cutoffs.ask(bot, "hard", (match_id, 13), None, [], random.Random(1))  # the next turn
    assert bot.seen == [[12, "medium"], [13, "hard"]]


def test_marks_add_up_and_other_failures_mark_nothing():
    match_id = str(uuid.uuid4())
    kill_while_deciding(match_id, 12, "hard")
    kill_while_deciding(match_id, 12, "medium")
    cutoffs._note(match_id, 14, "hard")
    cutoffs._on_hard_time_limit(sender=Play(), exception=ValueError(), args=(match_id, 14))
    assert cutoffs._marks(match_id) == {(12, "hard"), (12, "medium")}
    cutoffs._note_path(match_id).unlink()


def test_outside_a_chain_a_decision_reads_the_marks_and_removes_its_note():
    match_id = str(uuid.uuid4())
    kill_while_deciding(match_id, 3, "hard")
    bot = Notes(match_id)
    with pytest.raises(cutoffs.CutOffBefore):
        cutoffs.ask(bot, "hard", (match_id, 3), None, [], random.Random(1))
    cutoffs.ask(bot, "hard", (match_id, 4), None, [], random.Random(1))
    assert bot.seen == [[4, "hard"]]
    assert not cutoffs._note_path(match_id).exists()


def test_a_folder_cleaned_away_is_made_again_and_an_unwritable_one_fails_no_turn(
    tmp_path, monkeypatch
):
    match_id = str(uuid.uuid4())
    folder = tmp_path / "notes"
    monkeypatch.setattr(cutoffs, "_notes", lambda: folder)
    bot = Notes(match_id)
    with cutoffs.chain(match_id):
        cutoffs.ask(bot, "hard", (match_id, 5), None, [], random.Random(1))
    assert bot.seen == [[5, "hard"]]  # the folder made at the first note
    folder.rmdir()
    folder.touch()  # a file where the folder should be: no note can be written
    with cutoffs.chain(match_id):
        assert cutoffs.ask(Checks(), "hard", (match_id, 6), None, [], random.Random(1))
