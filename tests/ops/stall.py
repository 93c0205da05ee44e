"""A test-only Django app that makes a human command stall, so a test can kill the gunicorn
worker in the middle of it. Installed only by ``tests.ops.stall_settings``, in a test's server.

While the file ``$STALL_DIR/stall-before-commit`` exists, a command stalls after its events and
snapshot are written, inside its transaction; while ``stall-after-commit`` exists, it stalls
right after COMMIT, before the response is sent. Either way the worker's pid goes to
``$STALL_DIR/stalled`` first. Its writes are either the ORM's (the snapshot's save is the last)
or, on PostgreSQL, one batch of statements (``games.services._Writes.send``, the snapshot in it).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from django.apps import AppConfig
from django.db import transaction
from django.db.models.signals import post_save


def _stall() -> None:
    (Path(os.environ["STALL_DIR"]) / "stalled").write_text(str(os.getpid()))
    time.sleep(120)


def _after_snapshot(sender: Any, **kwargs: Any) -> None:
    _after_writes()


def _after_writes() -> None:
    directory = Path(os.environ["STALL_DIR"])
    if (directory / "stall-before-commit").exists():
        _stall()
    elif (directory / "stall-after-commit").exists():
        transaction.on_commit(_stall)  # before the AI turn's own on_commit: registered earlier


class StallConfig(AppConfig):
    name = "tests.ops.stall"
    label = "ops_stall"

    def ready(self) -> None:
        from games.models import Snapshot

        post_save.connect(_after_snapshot, sender=Snapshot, dispatch_uid="ops-stall")
        _stall_batched_writes()


def _stall_batched_writes() -> None:
    from games import services

    send = services._Writes.send

    def send_then_stall(self: Any, *, commit: bool = False) -> None:
        if commit:  # the COMMIT goes with the writes: stall just before them
            _after_writes()
        send(self, commit=commit)
        if not commit:
            _after_writes()

    services._Writes.send = send_then_stall  # type: ignore[method-assign]
