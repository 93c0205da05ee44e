"""The Celery app: configured from Django settings named ``CELERY_*``; tasks found in each app.

With no ``CELERY_BROKER_URL`` the settings turn on ``task_always_eager``, so tasks run in-process
and no worker is needed (the embedded default of ``make run``).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

app = Celery("cardavia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
