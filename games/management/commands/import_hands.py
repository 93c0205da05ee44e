"""``manage.py import_hands FILE... --user NAME``: import PHH, PHHS and PokerStars text files as
the player NAME's imported hands (README "Importing hands").

Each file is checked as an upload is (size, compression, that it is a hand history) and read
in this process (``--sync``, the default here) or queued for the Celery worker (``--queue``).
Per file, standard output says how many hands were imported, skipped as already there, and
refused, each refusal with its line and reason; a progress line on standard error follows the
file as it is read. The exit status is 1 if any file was refused as a whole or failed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import imports
from games.engine.errors import Refusal
from games.models import HandImport, Player
from games.players import player_for_user


class Command(BaseCommand):
    help = "Import hand-history files (PHH, PHHS, PokerStars text) for a player."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="Files to import.")
        parser.add_argument("--user", required=True, help="The account's username.")
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument(
            "--sync", action="store_true", default=True, help="Import here (the default)."
        )
        mode.add_argument(
            "--queue", action="store_true", help="Queue each file for the Celery worker."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        owner = _player(options["user"])
        failures = 0
        for name in options["files"]:
            path = Path(name)
            try:
                job = imports.import_file(owner=owner, path=path, queue=options["queue"])
            except Refusal as refused:
                failures += 1
                self.stderr.write(f"{name}: refused: {refused.message} [{refused.code.value}]")
                continue
            except OSError as error:
                failures += 1
                self.stderr.write(f"{name}: {error.strerror or error}")
                continue
            if options["queue"]:
                self.stdout.write(f"{name}: queued as import {job.id}")
                continue
            imports.import_run(str(job.id), progress=self._progress)
            job.refresh_from_db()
            self.stderr.write("")
            failures += self._report(name, job)
        if failures:
            sys.exit(1)

    def _progress(self, job: HandImport) -> None:
        percent = 100 * job.bytes_done // job.size if job.size else 100
        self.stderr.write(
            f"\r{job.file_name}: {percent:3d}% {job.hands_read} hands read, "
            f"{job.imported} imported, {job.skipped} skipped, {len(job.refused)} refused",
            ending="",
        )
        self.stderr.flush()

    def _report(self, name: str, job: HandImport) -> int:
        """The file's line (and one per refused hand); 1 if the file failed as a whole."""
        if job.status == HandImport.Status.FAILED:
            error = job.error or {}
            self.stderr.write(f"{name}: failed: {error.get('message')} [{error.get('code')}]")
            return 1
        self.stdout.write(
            f"{name}: {job.imported} imported, {job.skipped} skipped, {len(job.refused)} refused"
        )
        for refusal in job.refused:
            hand = f" hand {refusal['hand_id']}" if refusal["hand_id"] else ""
            self.stdout.write(
                f"  line {refusal['line']}{hand}: {refusal['message']} [{refusal['code']}]"
            )
        return 0


def _player(username: str) -> Player:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"no user {username!r}")
    return player_for_user(user)
