"""WSGI entry point (gunicorn cardavia.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

application = get_wsgi_application()
