"""WSGI entry point (gunicorn cardavia.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

application = get_wsgi_application()

from games.registry import warm_up_games  # noqa: E402  (after Django is set up)

# Before the first request (the ASGI entry point serves this application too): a player's
# action would otherwise build each game's tables, a few hundred ms once per process.
warm_up_games()
