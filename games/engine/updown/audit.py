"""Audit: re-derive every dealer event of an Up & Down match from its inputs.

The free inputs of a match are the table (``MatchStarted``), each shuffle's seed or stacked order
(``ShoeShuffled``), the players' locks and bets, and restarts. Everything else — deals and draws,
antes, signals, the reveal, returned chips, the pot, the end of each deal, revealed seeds, the end
of the match — is what ``decide`` must produce from those inputs. :func:`audit` replays the
inputs as commands and reports the first stored event that differs from what the rules give.

Since the shuffle events are re-derived from their seeds, a seed that does not match its
commitment, or a card dealt that the seed did not put there, is a mismatch too.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.audit import AuditReport, replay_inputs
from games.engine.events import Event
from games.engine.updown import events as ev
from games.engine.updown.game import DECIDING, Act, Command, Lock, Restart, StartDeal, StartMatch


def command_at(events: Sequence[Event], index: int) -> Command | None:
    """The command that produced the batch starting at ``events[index]`` (the match's start
    and the players' betting actions are asked again by
    :func:`~games.engine.audit.replay_inputs` itself), or None when that event is a dealer event
    no command starts with."""
    item = events[index]
    match item:
        case ev.DealStarted():
            # The shuffle, when there is one, directly follows the start of the deal.
            following = events[index + 1] if index + 1 < len(events) else None
            if isinstance(following, ev.ShoeShuffled):
                if following.seed is not None:
                    return StartDeal(seed=bytes.fromhex(following.seed))
                return StartDeal(shoe=tuple(following.order or ()))
            return StartDeal()
        case ev.CardLocked():
            return Lock(item.seat, item.card)
        # A restart abandons the deal in play, reveals the seeds still secret, then restarts.
        case ev.DealAbandoned() | ev.ShuffleRevealed() | ev.MatchRestarted():
            return Restart()
    return None


def audit(events: Sequence[Event]) -> AuditReport:
    """Replay the inputs of ``events`` and compare every event with what the rules produce."""
    return replay_inputs(events, DECIDING, command_at, ev.DealEnded, table=StartMatch, act=Act)
