"""``manage.py simulate``: AI-only matches through the real services and event store.

    python manage.py simulate --game holdem --matches 20 --seats hard,equity,equity,equity
    python manage.py simulate --matches 8 --seats hard,maniac,my.bots:Shark,random --json --seed 7

Every match is started with :func:`games.services.match_start` (``seats=`` the rotated specs, for
one simulation player) and played turn by turn with :func:`bots.services.ai_turn_take` — the same
path as a Celery worker, minus the queue (``games.services.driving_ai_turns``), committing up to
``TURNS_PER_COMMIT`` turns at a time. The specs rotate one
seat per match, so each plays every position equally often; with ``--seed`` the deals and the
bots' choices are reproducible, and the rotations of a group of matches share their deals
(duplicate deals: position and card luck cancel).

A progress bar goes to standard error; standard output gets a table, or with ``--json`` one
object ``{"game", "matches", "hands", "seats": [{"seat", "bot", "matches_won", "avg_finish",
"chips_per_100", "ci95"}]}`` where ``seat`` is the spec's index in ``--seats``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from bots import registry
from bots.results import Outcome, summarize, win_rate_interval
from bots.seeds import numbered_seed, simulation_labels
from bots.services import ai_turn_take
from games import services
from games.engine.game import Standings
from games.models import Match
from games.registry import GAMES, game_for

DEFAULT_MAX_HANDS = 2_000
# AI turns stored per transaction. Each turn is still its own event, decided as if alone; a
# commit per turn cost more than the turn (the services_vs_arena bench), and nobody watches a
# simulation move by move.
TURNS_PER_COMMIT = 32


class Command(BaseCommand):
    help = "Play AI-only matches through the services and event store; summarise per bot."

    def add_arguments(self, parser: Any) -> None:
        # Read when the command runs: every game registered then (a test's toy game too).
        parser.add_argument("--game", default=registry.default_game(), choices=list(GAMES))
        parser.add_argument("--matches", type=int, default=4, help="Matches to play (default 4).")
        parser.add_argument(
            "--seats",
            default=None,
            help="Comma-separated bot specs, one per seat: easy|medium|hard, random, "
            "calling_station, maniac, equity, the Hold'em sparring partners aggressor, nash, "
            "reg, exploiter, or module.path:ClassName (default: hard and mediums).",
        )
        parser.add_argument("--json", action="store_true", help="One JSON object on stdout.")
        parser.add_argument("--seed", default=None, help="Make deals and choices reproducible.")
        parser.add_argument(
            "--max-hands",
            type=int,
            default=DEFAULT_MAX_HANDS,
            help="Stop a match after this many hands and place the players by their stacks.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        game = options["game"]
        if game not in GAMES:
            raise CommandError(f"--game {game}: no such game on this server")
        specs = self._specs(game, options["seats"], game_for(game).seat_count)
        matches = options["matches"]
        if matches < 1:
            raise CommandError("--matches must be at least 1")
        seed = options["seed"]
        player = services.player_create_guest()
        results: list[list[Outcome]] = []
        hands = 0
        bar = _ProgressBar(self.stderr, matches)
        for index in range(matches):
            shift = index % len(specs)
            outcome = self._play(player, game, specs, shift, options["max_hands"], seed, index, bar)
            results.append(outcome)
            hands += outcome[0].hands
            bar.update(index + 1, hands)
        bar.close()
        summary = {
            "game": game,
            "matches": matches,
            "hands": hands,
            "seats": summarize(specs, results),
        }
        if options["json"]:
            self.stdout.write(json.dumps(summary))
        else:
            self._print_table(summary)

    def _specs(self, game: str, seats: str | None, seat_count: int) -> list[str]:
        specs = (
            [s.strip() for s in seats.split(",") if s.strip()]
            if seats
            else ["hard"] + ["medium"] * (seat_count - 1)
        )
        if len(specs) != seat_count:
            raise CommandError(f"--seats needs {seat_count} specs for {game}, got {len(specs)}")
        for seat, spec in enumerate(specs):
            try:
                registry.resolve(spec, game=game, seat=seat)
            except registry.UnknownBot as unknown:
                raise CommandError(str(unknown)) from None
        return specs

    def _play(
        self,
        player: Any,
        game: str,
        specs: list[str],
        shift: int,
        max_hands: int,
        seed: str | None,
        index: int,
        bar: _ProgressBar,
    ) -> list[Outcome]:
        """One match with spec ``i`` in seat ``(i + shift) % n``; outcomes in spec order."""
        count = len(specs)
        seats = [specs[(seat - shift) % count] for seat in range(count)]
        deals: Iterator[bytes] | None = None
        salt: str | None = None
        if seed is not None:
            deal_label, salt = simulation_labels(seed, index, count)
            deals = (numbered_seed(deal_label, number) for number in itertools.count(1))
        with services.driving_ai_turns(seeds=deals, durable=False):
            appended = services.match_start(player=player, game=game, seats=seats)
            rules = game_for(game)
            state = appended.state
            starting = rules.standings(state).starting
            match = appended.match
            turns = 0
            # The services deal the next hand as soon as one ends: stop once hand max_hands + 1
            # is dealt (its blinds count as their owners' chips, see _standings).
            while match.status == Match.Status.ACTIVE and rules.standings(state).hands <= max_hands:
                played = ai_turn_take(
                    match_id=match.id,
                    seq=match.seq,
                    salt=salt,
                    most=TURNS_PER_COMMIT,
                    until=lambda state: rules.standings(state).hands > max_hands,
                )
                if played is None:
                    raise CommandError(f"match {match.id} stopped with no AI to act")
                match, state = played.match, played.state
                turns += 1
                if turns % 200 == 0:
                    bar.tick(rules.standings(state).hands)
        standing = rules.standings(state)
        places, stacks = _places(standing, count)
        return [
            Outcome(
                place=places[(entry + shift) % count],
                net=stacks[(entry + shift) % count] - starting[(entry + shift) % count],
                hands=min(standing.hands, max_hands),
            )
            for entry in range(count)
        ]

    def _print_table(self, summary: dict[str, Any]) -> None:
        matches = summary["matches"]
        self.stdout.write(
            f"{summary['game']}: {matches} matches, {summary['hands']} hands, seats rotated"
        )
        self.stdout.write(
            f"{'seat':>4}  {'bot':<28} {'won':>5} {'win %':>6} {'95% interval':>15} "
            f"{'avg finish':>10} {'chips/100':>10} {'95% interval':>20}"
        )
        for entry in summary["seats"]:
            low, high = win_rate_interval(entry["matches_won"], matches)
            chips_low, chips_high = entry["ci95"]
            self.stdout.write(
                f"{entry['seat']:>4}  {entry['bot']:<28} {entry['matches_won']:>5} "
                f"{100 * entry['matches_won'] / matches:>6.1f} "
                f"{f'{100 * low:.1f}–{100 * high:.1f}':>15} {entry['avg_finish']:>10.2f} "
                f"{entry['chips_per_100']:>10.1f} {f'{chips_low:.1f} … {chips_high:.1f}':>20}"
            )
        by_bot: dict[str, list[int]] = {}
        for entry in summary["seats"]:
            by_bot.setdefault(entry["bot"], []).append(entry["matches_won"])
        if len(by_bot) < len(summary["seats"]):
            self.stdout.write(
                "per bot: "
                + ", ".join(
                    f"{bot} won {sum(wins)} of {matches} ({100 * sum(wins) / matches:.1f}%)"
                    for bot, wins in by_bot.items()
                )
            )


def _places(standing: Standings, count: int) -> tuple[list[int], list[int]]:
    """Each seat's place and chips; players still in (a match cut at --max-hands, or the loser
    of a game that records only its winner) take the places left, by their chips."""
    stacks = list(standing.chips)
    places = dict(standing.places)
    still_in = sorted((s for s in range(count) if s not in places), key=lambda s: -stacks[s])
    free = (place for place in range(1, count + 1) if place not in places.values())
    for seat, place in zip(still_in, list(free), strict=False):
        places[seat] = place
    return [places[seat] for seat in range(count)], stacks


class _ProgressBar:
    """A one-line bar on standard error, redrawn in place."""

    WIDTH = 30

    def __init__(self, stream: Any, total: int) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.hands = 0
        self._draw()

    def update(self, done: int, hands: int) -> None:
        self.done, self.hands = done, hands
        self._draw()

    def tick(self, hands_in_match: int) -> None:
        self._draw(extra=f" (this match: hand {hands_in_match})")

    def close(self) -> None:
        self.stream.write("", ending="\n")
        self.stream.flush()

    def _draw(self, extra: str = "") -> None:
        filled = round(self.WIDTH * self.done / self.total)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} matches, {self.hands:,} hands{extra}   ",
            ending="",
        )
        self.stream.flush()
