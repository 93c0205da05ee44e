"""Bots that never answer, for the time-limit tests (seat specs ``tests.bots.hangs:Name``)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bots.policies import Choice, Record, View


class Hangs:
    """Thinks forever: only Celery's soft time limit (an exception in ``act``) stops it."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        while True:
            time.sleep(3600)


class HangsStubbornly:
    """Thinks forever and swallows the soft time limit too: only killing its process stops it."""

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Choice:
        while True:
            try:
                time.sleep(3600)
            except BaseException:  # the point: it ignores SoftTimeLimitExceeded
                continue
