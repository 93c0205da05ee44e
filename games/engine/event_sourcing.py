"""A game's event-sourced core, wired once for every game: folding events into its state
(:class:`Folding`: ``apply``, ``fold``) and turning commands into events (:class:`Deciding`:
``advance``, ``decide``).

A game supplies the hooks: its state class, one handler per event type, one per command type
and the dealer's work after any command (everything that follows without a choice, until a
player must act again or the hand is over). ``games.engine.holdem.state``/``game`` and
``games.engine.updown.state``/``game`` each build one of both and export their methods as
module functions (``apply``, ``fold``, ``advance``, ``decide``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.engine.errors import ErrorCode, refuse
from games.engine.events import Copyable, Emit, Event, run_command

__all__ = ["Deciding", "Folding"]


class Folding[S: Copyable]:
    """Folding events into a state: ``apply`` one event in place, ``fold`` many from the start
    (or from a copy of a snapshot)."""

    __slots__ = ("handlers", "new_state")

    def __init__(
        self,
        new_state: Callable[[], S],
        handlers: Mapping[type[Event], Callable[[S, Any], None]],
    ) -> None:
        self.new_state = new_state
        self.handlers = dict(handlers)

    def apply(self, state: S, event: Event) -> None:
        """Update ``state`` in place by one event."""
        self.handlers[type(event)](state, event)

    def fold(self, events: Iterable[Event], state: S | None = None) -> S:
        """The state the events lead to, from nothing or from a copy of ``state`` (a
        snapshot); ``state`` itself never changes."""
        result = self.new_state() if state is None else state.copy()
        handlers = self.handlers
        for item in events:
            handlers[type(item)](result, item)
        return result


class Deciding[S: Copyable, C]:
    """Turning commands into events: each command's handler emits its events, then the dealer
    does what follows without a choice. ``state`` is never changed: the work is done on a copy
    (:func:`~games.engine.events.run_command`), each event folded in as it is emitted."""

    __slots__ = ("dealer", "folding", "handlers")

    def __init__(
        self,
        folding: Folding[S],
        handlers: Mapping[type[Any], Callable[[S, Any, Emit], None]],
        dealer: Callable[[S, Emit], None],
    ) -> None:
        self.folding = folding
        self.handlers = dict(handlers)
        self.dealer = dealer

    def advance(self, state: S, command: C) -> tuple[S, list[Event]]:
        """The state after ``command`` and the events it produced, or
        :class:`~games.engine.errors.IllegalAction`."""
        return run_command(
            state, self.folding.apply, lambda work, emit: self._decide(work, command, emit)
        )

    def advance_in_place(self, state: S, command: C, produced: list[Event]) -> None:
        """``advance`` without the copy: ``state`` itself changes and the events are appended
        to ``produced``. For a caller that discards ``state`` when a command is refused (a
        refusal may leave it half changed), such as a hand-history import."""

        handlers = self.folding.handlers  # Folding.apply, its look-ups done once a command

        def emit(item: Event) -> None:
            handlers[type(item)](state, item)
            produced.append(item)

        self._decide(state, command, emit)

    def decide(self, state: S, command: C) -> list[Event]:
        """The events ``command`` produces in ``state``, or
        :class:`~games.engine.errors.IllegalAction`."""
        return self.advance(state, command)[1]

    def _decide(self, state: S, command: C, emit: Emit) -> None:
        handler = self.handlers.get(type(command))
        if handler is None:
            raise refuse(ErrorCode.UNKNOWN_COMMAND, command=type(command).__name__)
        handler(state, command, emit)
        self.dealer(state, emit)
