"""Cardavia's Django project: settings, URLs, the Celery app, WSGI/ASGI entry points."""

# Loaded with Django so that @shared_task binds to this app (and its settings) in every process.
from .celery import app as celery_app

__all__ = ("celery_app",)
