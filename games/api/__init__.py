"""The REST API: thin DRF views, one module per resource, calling only services and selectors.

- :mod:`games.api.sessions`: who is playing, sign up, log in, log out.
- :mod:`games.api.matches`: the match list, starting a match, the match body, its commands.
- :mod:`games.api.events`: a match's event feed.
- :mod:`games.api.hands`: the hand list and a finished hand's replay.
- :mod:`games.api.errors`: the error catalog, and the JSON 404 of an unknown address.
- :mod:`games.api.schemas`: the output shapes ``/api/schema/`` describes (documentation only:
  the views send the selectors' bodies as they are, and a test validates them against it).

A player sees and acts only in their own matches; anyone else's match answers 404. Responses
carry only what the player's seat may see (``view`` and the filtered event feed).
"""
