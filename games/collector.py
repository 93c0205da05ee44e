"""What a serving process loads before its first request or AI turn, set aside from the garbage
collector.

Django, the app, the hand evaluator's and the bots' tables — about 100,000 objects — live as long
as the process, yet every full collection walked them again: about 50 ms during which no request
or turn of that process moved. Frozen (``gc.freeze``), a full collection walks only what came
since. Called once the process is ready: a gunicorn worker (``gunicorn.conf.py``) and each
Celery pool process (``bots.tasks``).
"""

from __future__ import annotations

import gc


def set_aside_what_is_loaded() -> None:
    gc.collect()  # what is garbage already is not kept for ever
    gc.freeze()
