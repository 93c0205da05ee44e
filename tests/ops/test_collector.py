"""What a serving process loads before its first request or AI turn lives as long as it does:
each one sets it aside from the garbage collector (``gc.freeze``), so a full collection walks
only what came since (about 50 ms with it, during which no request of the process moved)."""

from __future__ import annotations

import gc
import runpy
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bots import tasks

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def _web_worker_ready() -> None:
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))["post_worker_init"](None)


@pytest.mark.parametrize("ready", [_web_worker_ready, tasks._warm_up], ids=["web", "worker"])
def test_a_serving_process_sets_what_it_loaded_aside(ready: Callable[[], None], unfrozen: None):
    assert gc.get_freeze_count() == 0
    ready()
    assert gc.get_freeze_count() > 50_000  # Django, the app, the tables
    assert not gc.get_objects(generation=2)  # nothing left for a full collection to walk
