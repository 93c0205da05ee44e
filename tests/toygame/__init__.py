"""High Card, a toy third game that lives only in the tests: the proof that a game is its own
packages plus one registry line (docs/architecture.md#adding-a-game).

- :mod:`tests.toygame.engine` — the rules, implementing :class:`games.engine.game.Game`
  (``TOY``), with its events, state, commands, views, audit and hand summaries.
- :mod:`tests.toygame.bots` — its bots package: one bot, offered as every level.

The fixture ``toy_game`` (``tests/toygame/conftest.py``) registers it for one test
(``games.registry.registered``); no product file names it.
"""
