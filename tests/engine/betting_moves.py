"""The betting moves both games' test tables offer, as named calls on a seat."""

from __future__ import annotations

from typing import Any

from games.engine.events import Event


class BettingMoves:
    """Mixed into a game's test ``Table``: it supplies ``run(command)``, ``state`` and its
    game's ``Act`` and ``Restart`` command classes."""

    Act: Any
    Restart: Any
    state: Any

    def run(self, command: Any) -> list[Event]:
        raise NotImplementedError

    def act(self, seat: int, kind: str, amount: int | None = None) -> list[Event]:
        return self.run(self.Act(seat=seat, kind=kind, amount=amount))

    def fold(self, seat: int) -> list[Event]:
        return self.act(seat, "fold")

    def check(self, seat: int) -> list[Event]:
        return self.act(seat, "check")

    def call(self, seat: int) -> list[Event]:
        return self.act(seat, "call")

    def bet(self, seat: int, to: int) -> list[Event]:
        return self.act(seat, "bet", to)

    def raise_to(self, seat: int, to: int) -> list[Event]:
        return self.act(seat, "raise", to)

    def restart(self) -> list[Event]:
        return self.run(self.Restart())

    def check_down(self) -> list[Event]:
        """Whoever is to act checks until nobody is (there must be no bet to face)."""
        produced: list[Event] = []
        while self.state.to_act is not None:
            produced += self.check(self.state.to_act)
        return produced
