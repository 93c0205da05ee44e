"""Engine-only Up & Down matches: bots play whole 20-vs-20 matches with no database.

The match is played by :func:`bots.arena.play`: the same views, visible histories and match
driver a bot gets through the services, folded by the pure engine instead of stored, so
thousands of matches are affordable. Every shuffle's seed derives from the match's deal seed,
and a bot's random source for a turn from the bot seed and the turn's seq, so a match replays
exactly — and ``manage.py simulate --seed`` plays the very matches this module plays with the
same seeds (a test holds them to it).

:func:`play_series` plays a pairing in twos: the same deal seed twice, the bots' seats swapped.
The shoe's order does not depend on anyone's choices and each seat draws in a fixed order, so
the swapped match deals each bot the cards the other had ("duplicate" deals): card luck cancels
and the first-deal starter (seat 0, the human's seat) alternates.

>>> from bots.updown.baselines import CallingStation, Folder
>>> result = play_match([CallingStation(), Folder()], deal_seed="doc")
>>> result.finished, sum(result.net)
(True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bots import arena, registry
from bots.arena import Observer, Player
from bots.results import win_rate_interval
from bots.updown import record_owner
from games.engine.updown import UPDOWN
from games.engine.updown.game import StartMatch
from games.engine.updown.rules import START_MATCH
from games.engine.updown.state import MATCH_OVER, UpDownState

MAX_DEALS = 2_000


@dataclass(frozen=True, slots=True)
class MatchResult:
    winner: int | None  # the seat that won; None if MAX_DEALS ran out with equal stacks
    net: tuple[int, int]  # per seat: chips won (+) or lost (-)
    deals: int
    finished: bool  # False when MAX_DEALS ran out first (the bigger stack then wins)


def play_match(
    bots: Sequence[Player],
    *,
    deal_seed: str,
    bot_seed: str | None = None,
    max_deals: int = MAX_DEALS,
    start: StartMatch = START_MATCH,
    recent_deals: int | None = None,
    observe: Observer | None = None,
) -> MatchResult:
    """Play one match, ``bots[0]`` in seat 0 (who starts the first deal).

    ``observe(seat, view, history, command)``, if given, sees every decision (the bench times
    decisions and counts the public states the bots meet with it). Bots see the deals the live
    game shows them (:func:`bots.registry.recent_hands`) unless ``recent_deals`` says otherwise.
    """
    if len(bots) != 2:
        raise ValueError(f"Up & Down has two seats, got {len(bots)} bots")
    if recent_deals is None:
        recent_deals = registry.recent_hands("updown")
    state, _ = arena.play(
        UPDOWN,
        start,
        bots,
        deal_seed=deal_seed,
        bot_seed=bot_seed,
        recent_hands=recent_deals,
        max_hands=max_deals,
        owner=record_owner,
        observe=observe,
    )
    return _result(state)


def _result(state: UpDownState) -> MatchResult:
    assert state.config is not None
    stacks = [seat.stack for seat in state.seats]
    net = (
        stacks[0] - state.config.starting_stacks[0],
        stacks[1] - state.config.starting_stacks[1],
    )
    if state.phase == MATCH_OVER:
        return MatchResult(state.winner, net, state.deal_number, True)
    winner = None if stacks[0] == stacks[1] else (0 if stacks[0] > stacks[1] else 1)
    return MatchResult(winner, net, state.deal_number, False)


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A pairing's matches from the first bot's side."""

    matches: int
    wins: float  # a match MAX_DEALS left level counts half
    deals: int
    net: int  # the first bot's chips won over all matches

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win rate."""
        return win_rate_interval(round(self.wins), self.matches)

    @property
    def chips_per_deal(self) -> float:
        return self.net / max(self.deals, 1)


def play_series(
    first: Player,
    second: Player,
    matches: int,
    *,
    seed: str,
    observe: Observer | None = None,
) -> SeriesResult:
    """``matches`` matches of ``first`` against ``second``, in pairs with seats swapped and
    the same deal seed (so an even count is fairest); reproducible by ``seed``."""
    wins = 0.0
    deals = 0
    net = 0
    for number in range(matches):
        swapped = number % 2 == 1
        bots = [second, first] if swapped else [first, second]
        result = play_match(
            bots,
            deal_seed=f"{seed}:deal:{number // 2}",
            bot_seed=f"{seed}:bots:{number}",
            observe=observe,
        )
        seat = 1 if swapped else 0
        wins += 1.0 if result.winner == seat else 0.5 if result.winner is None else 0.0
        deals += result.deals
        net += result.net[seat]
    return SeriesResult(matches, wins, deals, net)
