"""Learn from the hand: at each of your decisions, what the hard AI would have done in your seat
from exactly your view and history then, and what each choice was expected to win.

Pure: a :class:`Spot` is what the player saw (the view and history a bot is given, see
:mod:`bots.policies`), what they did, and their equity then — their share of the pot at a
showdown against the hands still in, given every card the hand's end revealed (the analysis
computes it with :mod:`games.engine.holdem.street_equity`).

The expected chips of a choice are a simple, stated model, the same for both choices: from this
point, the chips the player ends with out of what they add now and the pot, if the hand went to
showdown with no further betting — a fold ends with 0; a check with ``equity * pot``; a call
with ``equity * (pot + call) - call``; a bet or raise to ``T`` with
``equity * (pot + added + calls) - added``, every opponent still in calling it as far as their
stack goes (no fold equity). ``cost`` is the hard AI's figure less yours: the chips your choice
gave up by that model. A spot is costly when it gave up at least :data:`COSTLY_BIG_BLINDS` big
blinds.

The hard AI's random source is seeded by the match and the decision's seq, so a review is the
same every time it is computed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bots.policies import Bot, Choice, Record, View

COSTLY_BIG_BLINDS = 2


@dataclass(frozen=True, slots=True)
class Spot:
    seq: int  # the seq of the player's action event
    street: str
    view: View  # the player's view just before acting
    history: Sequence[Record]
    yours: Choice
    equity: float
    # Seats still in whose hands nobody has seen (an imported history's): the equity dealt them
    # at random. Played hands know every card: none.
    unseen: tuple[int, ...] = ()


def added_chips(view: View, choice: Choice) -> int:
    """The chips ``choice`` puts in from the viewer's stack."""
    kind, amount = choice
    if kind == "call":
        return int(view["legal_actions"]["call_amount"])
    if kind in ("bet", "raise"):
        return int(amount or 0) - int(view["seats"][view["viewer"]]["bet"])
    return 0


def expected_chips(view: View, choice: Choice, equity: float) -> float:
    """The chips the viewer ends with from here by the model above."""
    kind, amount = choice
    if kind == "fold":
        return 0.0
    added = added_chips(view, choice)
    pot = view["pot"] + added
    if kind in ("bet", "raise"):
        to = int(amount or 0)
        for seat in view["seats"]:
            if seat["seat"] != view["viewer"] and seat["in_hand"] and not seat["folded"]:
                pot += max(0, min(to - seat["bet"], seat["stack"]))
    return float(equity * pot - added)


def pot_odds(view: View) -> float:
    """The price of a call: the call over the pot it would make (0 when nothing is owed)."""
    call = int(view["legal_actions"]["call_amount"] or 0)
    return call / (view["pot"] + call) if call else 0.0


def as_action(view: View, choice: Choice) -> dict[str, Any]:
    """A choice as the review shows it: a call's amount is the chips it adds, a bet's or a
    raise's the total it bets to."""
    kind, amount = choice
    if kind == "call":
        return {"kind": kind, "amount": added_chips(view, choice)}
    return {"kind": kind, "amount": amount if kind in ("bet", "raise") else None}


def review_hand(spots: Sequence[Spot], *, bot: Bot, seed: str) -> list[dict[str, Any]]:
    """Each spot reviewed: yours against the hard AI's choice, in chips by the model above."""
    reviewed = []
    for spot in spots:
        hard = bot.act(spot.view, spot.history, random.Random(f"{seed}:{spot.seq}"))
        ev_yours = expected_chips(spot.view, spot.yours, spot.equity)
        ev_hard = expected_chips(spot.view, hard, spot.equity)
        reviewed.append(
            {
                "seq": spot.seq,
                "street": spot.street,
                "equity": spot.equity,
                "pot_odds": pot_odds(spot.view),
                "yours": as_action(spot.view, spot.yours),
                "hard": as_action(spot.view, hard),
                "ev_yours": ev_yours,
                "ev_hard": ev_hard,
                "cost": ev_hard - ev_yours,
            }
        )
    return reviewed


def costly(reviewed: Sequence[dict[str, Any]], big_blind: int) -> list[int]:
    """The seqs of the spots whose choice gave up at least :data:`COSTLY_BIG_BLINDS` big blinds."""
    return [item["seq"] for item in reviewed if item["cost"] >= COSTLY_BIG_BLINDS * big_blind]
