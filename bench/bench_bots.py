"""The AI players: how strong (thousands of matches), how quick (one decision, and the whole AI
answer through a real worker).

Strength — the same bots, views and histories as through the services, played by the pure
engine (:mod:`bots.holdem.arena`; the services path, ``manage.py simulate``, is ~100x slower).
Cardavia's table: 4 seats, 1000 chips each, blinds 10/20. Each configuration is played in
groups of four matches that share their deals (duplicate deals) with the seats rotated one step
per match, so every bot plays every position with the same cards. Chance alone is 25%.

- ``hard_win_pct_vs_equity``, ``..._vs_calling_station``, ``..._vs_random``,
  ``..._vs_maniac``: % of matches one hard bot wins against three of the baseline (peer: chance).
- ``hard_vs_medium_win_pct``, ``medium_vs_easy_win_pct``: head to head, two of each in
  alternate seats: % of matches the first level wins (peer: chance, 50%).

Speed:

- ``hard_decision_ms_p95``: one hard decision (its view and history in, a command out),
  p95 over a few thousand decisions at mixed tables (peer: the issue's budget, 150 ms).
- ``ai_reply_ms_p95``: from a human action committed to the last AI action after it stored —
  through a real ``celery worker`` against Redis and PostgreSQL when ``CELERY_BROKER_URL`` is
  set and ``DATABASE_URL`` is PostgreSQL, else in-process (peer: the budget, 1000 ms).
- ``worker_ai_moves_per_s``: AI moves one worker stores per second, reusing its database
  connection (``CELERY_DB_REUSE_MAX``), beside the same worker closing it after every task.

``BENCH_BOTS_MATCHES`` (default 2000) sets the matches against each baseline,
``BENCH_BOTS_HEAD_TO_HEAD_MATCHES`` (default 500) those between levels, ``BENCH_BOTS_PROCESSES``
(default 2) the processes playing them. The detailed table (win rates with 95% intervals,
chips per 100 hands with 95% intervals, for every bot) goes to standard error.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.common import Figure, figure
from bots import registry
from bots.holdem.arena import MatchResult, play_match
from bots.policies import Bot
from bots.results import Outcome, summarize, win_rate_interval

MATCHES = int(os.environ.get("BENCH_BOTS_MATCHES", "2000"))
# Level against level the matches run long (hundreds of hands) and the gap is wide: fewer do.
HEAD_TO_HEAD_MATCHES = int(os.environ.get("BENCH_BOTS_HEAD_TO_HEAD_MATCHES", "500"))
PROCESSES = int(os.environ.get("BENCH_BOTS_PROCESSES", "2"))
BASELINES = ("equity", "calling_station", "random", "maniac")
HEAD_TO_HEAD = (("hard", "medium"), ("medium", "easy"))
LATENCY_DECISIONS = 3000
REPLY_SAMPLES = 40


Job = tuple[tuple[str, ...], int]
"""One group of matches: the specs (entry ``i`` is ``specs[i]``) and the group's number."""


@dataclass(frozen=True, slots=True)
class Rotation:
    """One match of a group: the group's deals, the entries moved ``shift`` seats on."""

    specs: tuple[str, ...]
    group: int
    shift: int

    @property
    def seats(self) -> list[str]:
        """The spec in each seat: entry ``i`` sits in seat ``(i + shift) % n``."""
        count = len(self.specs)
        return [self.specs[(seat - self.shift) % count] for seat in range(count)]

    @property
    def deal_seed(self) -> str:
        return f"bench-{self.group}"

    @property
    def bot_seed(self) -> str:
        return f"bench-{self.group}-{self.shift}"

    def seat_of(self, entry: int) -> int:
        return (entry + self.shift) % len(self.specs)

    def bots(self) -> list[Bot]:
        return [registry.resolve(spec, seat=seat) for seat, spec in enumerate(self.seats)]

    def outcomes(self, result: MatchResult) -> list[Outcome]:
        """Each entry's outcome, in entry order whatever seat it played."""
        return [
            Outcome(
                result.places[self.seat_of(entry)], result.net[self.seat_of(entry)], result.hands
            )
            for entry in range(len(self.specs))
        ]


def rotations(job: Job) -> list[Rotation]:
    """One group: the same deals with the seats rotated through every position."""
    specs, group = job
    return [Rotation(specs, group, shift) for shift in range(len(specs))]


def _play_group(job: Job) -> list[tuple[list[Outcome], int]]:
    played = []
    for rotation in rotations(job):
        result = play_match(
            rotation.bots(), deal_seed=rotation.deal_seed, bot_seed=rotation.bot_seed
        )
        played.append((rotation.outcomes(result), result.hands))
    return played


def play_groups[T](
    play_group: Callable[[Job], list[T]], specs: tuple[str, ...], matches: int
) -> tuple[list[T], float]:
    """``play_group`` (a module-level function: it runs in the pool) over enough groups for
    ``matches`` matches among ``specs``; every match's result and the seconds it all took."""
    groups = math.ceil(matches / len(specs))
    jobs = [(specs, group) for group in range(groups)]
    start = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(PROCESSES) as pool:
        results = [item for chunk in pool.imap_unordered(play_group, jobs, 4) for item in chunk]
    return results, time.perf_counter() - start


def series(specs: tuple[str, ...], matches: int) -> tuple[list[list[Outcome]], int, float]:
    """``matches`` (rounded up to whole groups) among ``specs``; (outcomes, hands, seconds)."""
    results, seconds = play_groups(_play_group, specs, matches)
    outcomes = [outcome for outcome, _ in results]
    return outcomes, sum(hands for _, hands in results), seconds


def _wins(outcomes: list[list[Outcome]], entries: list[int]) -> int:
    return sum(1 for match in outcomes if any(match[e].place == 1 for e in entries))


def _report(
    title: str, specs: tuple[str, ...], outcomes: list[list[Outcome]], hands: int, seconds: float
) -> None:
    matches = len(outcomes)
    print(f"\n{title}: {matches} matches, {hands:,} hands, {seconds:.0f}s", file=sys.stderr)
    for entry in summarize(specs, outcomes):
        low, high = win_rate_interval(entry["matches_won"], matches)
        chips_low, chips_high = entry["ci95"]
        print(
            f"  {entry['bot']:<16} wins {100 * entry['matches_won'] / matches:5.1f}% "
            f"[{100 * low:4.1f}, {100 * high:4.1f}]  avg finish {entry['avg_finish']:.2f}  "
            f"chips/100 {entry['chips_per_100']:8.1f} [{chips_low:.1f}, {chips_high:.1f}]",
            file=sys.stderr,
        )


def strength_figures() -> list[Figure]:
    figures = []
    for baseline in BASELINES:
        specs = ("hard", baseline, baseline, baseline)
        outcomes, hands, seconds = series(specs, MATCHES)
        _report(f"hard vs 3 {baseline}", specs, outcomes, hands, seconds)
        rate = 100 * _wins(outcomes, [0]) / len(outcomes)
        figures.append(figure(f"hard_win_pct_vs_{baseline}", "% matches", rate, "chance", 25.0))
    for stronger, weaker in HEAD_TO_HEAD:
        specs = (stronger, weaker, stronger, weaker)
        outcomes, hands, seconds = series(specs, HEAD_TO_HEAD_MATCHES)
        _report(f"{stronger} vs {weaker}, two each", specs, outcomes, hands, seconds)
        rate = 100 * _wins(outcomes, [0, 2]) / len(outcomes)
        figures.append(figure(f"{stronger}_vs_{weaker}_win_pct", "% matches", rate, "chance", 50.0))
    return figures


# --- speed ---------------------------------------------------------------------------------


class _Timed:
    """Wraps a bot and keeps the seconds each of its decisions took."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def act(self, view: Any, history: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        choice = self.bot.act(view, history, rng)
        self.seconds.append(time.perf_counter() - start)
        return choice


def decision_ms_p95() -> tuple[float, float]:
    """p95 of hard's decisions at mixed tables, and of the equity baseline's beside it."""
    hard_times: list[float] = []
    equity_times: list[float] = []
    tables = (
        ("hard", "equity", "maniac", "random"),
        ("hard", "medium", "calling_station", "equity"),
        ("hard", "hard", "equity", "easy"),
    )
    group = 0
    while len(hard_times) < LATENCY_DECISIONS:
        specs = tables[group % len(tables)]
        timed = [_Timed(registry.resolve(spec, seat=seat)) for seat, spec in enumerate(specs)]
        play_match(timed, deal_seed=f"latency-{group}")  # type: ignore[arg-type]
        for spec, bot in zip(specs, timed, strict=True):
            (hard_times if spec == "hard" else equity_times if spec == "equity" else []).extend(
                bot.seconds
            )
        group += 1
    return _p95(hard_times) * 1000, _p95(equity_times) * 1000


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


def speed_figures() -> list[Figure]:
    # The first decision builds the evaluator's and the preflop tables: not a decision's cost.
    play_match([registry.resolve(s) for s in ("hard",) * 4], deal_seed="warm-up", max_hands=2)
    hard, equity = decision_ms_p95()
    print(f"\nhard decision p95 {hard:.1f} ms (equity baseline {equity:.1f} ms)", file=sys.stderr)
    figures = [figure("hard_decision_ms_p95", "ms", hard, "issue budget", 150.0)]
    figures.extend(_service_figures())
    return figures


def _service_figures() -> list[Figure]:
    """The AI's answer to a human action, and a worker's throughput, on a throw-away database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    real_worker = bool(settings.CELERY_BROKER_URL) and connection.vendor == "postgresql"
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        if real_worker:
            return _through_a_worker()
        return [_in_process_reply()]
    finally:
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _reply_seconds(match_id: Any, player: Any) -> float:
    """Play the human's next action (check or call); seconds until no AI is left to act."""

    from games import services
    from games.models import Match
    from games.selectors import ai_seat_to_act, match_state

    state = match_state(Match.objects.get(id=match_id))
    owed = state.current_bet - state.seats[0].bet
    start = time.perf_counter()
    services.match_act(match_id=match_id, player=player, kind="call" if owed else "check")
    while True:
        match = Match.objects.get(id=match_id)
        if ai_seat_to_act(match, match_state(match)) is None:
            return time.perf_counter() - start
        time.sleep(0.005)


def _human_replies(samples: int) -> list[float]:
    from games import services
    from games.models import Match, Player
    from games.selectors import ai_seat_to_act, match_state

    player = Player.objects.create()
    replies: list[float] = []
    match = None
    while len(replies) < samples:
        if match is None or Match.objects.get(id=match.id).status != Match.Status.ACTIVE:
            match = services.match_start(player=player, level="hard").match
        current = Match.objects.get(id=match.id)
        state = match_state(current)
        if state.to_act == 0:
            replies.append(_reply_seconds(match.id, player))
        elif ai_seat_to_act(current, state) is None:
            match = None  # the human is out: start another match
        else:
            time.sleep(0.01)
    return replies


def _in_process_reply() -> Figure:
    replies = _human_replies(REPLY_SAMPLES)
    p95 = _p95(replies) * 1000
    print(f"AI reply p95 {p95:.0f} ms (in-process: no broker configured)", file=sys.stderr)
    return figure("ai_reply_ms_p95_in_process", "ms", p95, "issue budget", 1000.0)


def _through_a_worker() -> list[Figure]:
    from django.conf import settings
    from django.db import connection

    from bots.workers import database_url, new_queue_name, route_tasks_to, start_worker
    from cardavia.celery import app

    queue = new_queue_name()
    route_tasks_to(app, queue)
    app.conf.task_always_eager = False
    database = database_url(connection.settings_dict)
    worker = start_worker(database=database, queue=queue, broker=settings.CELERY_BROKER_URL)
    try:
        worker.wait_ready()
        replies = _human_replies(REPLY_SAMPLES)
        reused = _moves_per_second()
    finally:
        worker.stop()
    closing = start_worker(
        database=database,
        queue=queue,
        broker=settings.CELERY_BROKER_URL,
        extra_env={"CELERY_DB_REUSE_MAX": "0"},
    )
    try:
        closing.wait_ready()
        closed = _moves_per_second()
    finally:
        closing.stop()
    p95 = _p95(replies) * 1000
    print(
        f"AI reply p95 {p95:.0f} ms through a worker; worker {reused:.0f} AI moves/s reusing "
        f"its connection, {closed:.0f} closing it per task",
        file=sys.stderr,
    )
    return [
        figure("ai_reply_ms_p95", "ms", p95, "issue budget", 1000.0),
        figure("worker_ai_moves_per_s", "moves/s", reused, "closing per task", closed),
    ]


def _moves_per_second(seconds: float = 8.0) -> float:
    """AI moves stored per second by the running worker, in AI-only matches of quick bots."""
    from games import services
    from games.models import Event as EventRow
    from games.models import Match, Player

    player = Player.objects.create()
    seats = ["calling_station"] * 4  # a match that never ends: the worker is never idle
    actions = ("holdem.folded", "holdem.checked", "holdem.called", "holdem.bet", "holdem.raised")
    started = [services.match_start(player=player, seats=seats).match for _ in range(4)]
    ids = [match.id for match in started]
    time.sleep(1.0)  # past the worker's warm-up
    first = EventRow.objects.filter(match_id__in=ids, type__in=actions).count()
    begin = time.perf_counter()
    time.sleep(seconds)
    moves = EventRow.objects.filter(match_id__in=ids, type__in=actions).count() - first
    elapsed = time.perf_counter() - begin
    Match.objects.filter(id__in=ids).update(status=Match.Status.FINISHED)  # stop them
    return moves / elapsed


def run() -> list[Figure]:
    return strength_figures() + speed_figures()


if __name__ == "__main__":
    for item in run():
        print(item)
