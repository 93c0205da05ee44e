"""Hold'em bots: pure policies of what one seat may see, and the tools they think with.

Every bot answers ``act(view, history, rng) -> (kind, amount)`` (see :mod:`bots.policies`):
``view`` is :func:`games.engine.holdem.view.view` for its seat and ``history`` the seat's visible
feed records (:func:`games.engine.holdem.view.visible_record`) of the current hand and the hands
before it. Nothing here imports Django: the same bots play through the services and through the
engine-only :mod:`bots.holdem.arena`.
"""
