"""``runserver`` for ``make run``: WhiteNoise's (static files as in production) on sockets that
send each response at once.

Django's development server speaks HTTP/1.1 keep-alive but leaves Nagle's algorithm on: a
response written in two pieces (headers, then body) on a reused connection waits for the
client's delayed ACK, about 40 ms, before its second piece leaves. Browsers reuse connections,
so every request a player makes would pay that wait; ``TCP_NODELAY`` removes it.
"""

from __future__ import annotations

import socket
from typing import Any

from django.conf import settings
from django.core.servers.basehttp import WSGIServer
from whitenoise.runserver_nostatic.management.commands.runserver import (
    Command as WhiteNoiseRunserver,
)


class NoDelayWSGIServer(WSGIServer):
    def get_request(self) -> tuple[socket.socket, Any]:
        connection, address = super().get_request()
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return connection, address


class Command(WhiteNoiseRunserver):  # type: ignore[misc]  # whitenoise's command: untyped
    server_cls = NoDelayWSGIServer

    def inner_run(self, *args: Any, **options: Any) -> None:
        # In the serving process (not the autoreloader's watcher): the embedded AI worker.
        if settings.AI_TURNS == "thread":
            from bots import inprocess

            inprocess.start()
        super().inner_run(*args, **options)
