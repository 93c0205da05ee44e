"""How fast this machine runs Python right now: a fixed piece of work, timed.

The machine is shared, and its speed moves from one hour to the next: the same code, the same
load, has cost 14 ms of server CPU an action in one run and 21 ms in another, with Locust's own
CPU per action and PostgreSQL's moving by the same share. The load bench times this work
before and after its parts, so a reader can tell a change in the code from a change in the
machine: compare CPU per action in units of the reference, not in milliseconds alone.

The work is the server's kind (dictionaries, strings, JSON, hashing, small objects), not
Cardavia's code, so a change to Cardavia never moves the yardstick.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import time

ROUNDS = 5


def _work() -> int:
    """About a tenth of a second of ordinary Python."""
    total = 0
    for round_ in range(10_000):
        record = {"seq": round_, "type": "action", "payload": {"seat": round_ % 4, "amount": 20}}
        text = json.dumps(record, separators=(",", ":"))
        parsed = json.loads(text)
        total += parsed["payload"]["seat"] + len(hashlib.sha256(text.encode()).hexdigest())
        total += sum(len(str(n)) for n in range(40))
    return total


def reference_ms(rounds: int = ROUNDS) -> float:
    """The median CPU milliseconds of the fixed work, over ``rounds`` runs after a warm-up."""
    _work()
    spent = []
    for _ in range(rounds):
        began = time.process_time()
        _work()
        spent.append(1000 * (time.process_time() - began))
    return statistics.median(spent)
