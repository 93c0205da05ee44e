"""Cardavia's pure game engine: no Django, no I/O, no clocks, no randomness of its own.

Every game is a fold over immutable events: ``state = fold(events)``, and a command becomes
events through ``decide(state, command)`` or is refused with :class:`IllegalAction`.
"""
