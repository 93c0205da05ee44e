"""What every bench module shares: one figure's record, a timer and a scratch database."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NotRequired, TypedDict


class Figure(TypedDict):
    name: str
    unit: str
    ours: float
    peer: str
    peer_value: float
    ratio: float
    ci95: NotRequired[tuple[float, float]]  # a rate's 95% interval, in ``unit``


def figure(name: str, unit: str, ours: float, peer: str, peer_value: float) -> Figure:
    """One published figure, ours beside the peer's; ``ratio`` is ours / peer's in ``unit``.

    >>> figure("eval_per_s", "evals/s", 3.0, "eval7", 2.0)["ratio"]
    1.5
    """
    return Figure(
        name=name, unit=unit, ours=ours, peer=peer, peer_value=peer_value, ratio=ours / peer_value
    )


def best_seconds(action: Callable[[], object], repeats: int = 5) -> float:
    """Fastest of ``repeats`` timed runs after one untimed warm-up.

    The minimum, not the mean: noise from the machine only ever adds time.
    """
    action()
    fastest = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def on_scratch_database[T](measure: Callable[[], T]) -> T:
    """``measure()`` on a fresh test database made beside the configured one, dropped after.

    Django is imported here, not above: the engine-only benches never set it up.
    """
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        return measure()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
