"""The load test's parts (``python -m bench load``, :mod:`bench.bench_load`): the stack it starts
(:mod:`.stack`), the players Locust runs (:mod:`.locustfile`), the bench-only ceiling endpoint
(:mod:`.ceiling`, served under :mod:`.ceiling_settings` only) and the figures (:mod:`.report`).

Nothing here is installed with the product (``pyproject.toml`` packages ``cardavia``, ``games``,
``bots`` and ``frontend`` only), so the ceiling endpoint is never reachable in production.
"""
