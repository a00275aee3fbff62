"""A server's rooms as ``serve ssh`` and ``serve web`` run them: the hub on ``rooms.sock`` in
the server's folder, with a relay to the other hosts when the store is PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...game.store.location import is_postgresql
from ..server_settings import ROOMS_SOCKET, ServerSettings
from .hub import Hub


async def start_rooms(settings: ServerSettings, log: Callable[[str], None]) -> Hub | None:
    """The running hub; None (rooms off, and the log says why) when its socket cannot be.
    When the shared store cannot be reached, rooms are this host's alone."""
    path = settings.folder / ROOMS_SOCKET
    if is_postgresql(settings.store_location):
        hub = await _with_relay(settings.store_location, path, log)
        if hub is not None:
            return hub
    hub = Hub(path, log)
    try:
        await hub.start()
    except OSError as error:  # a socket's path has at most 107 bytes
        log(f"rooms off: {hub.path} cannot be a socket ({error.strerror or error})")
        return None
    return hub


async def _with_relay(url: str, path: Path, log: Callable[[str], None]) -> Hub | None:
    import psycopg  # the server extra's, for PostgreSQL stores alone

    from .relay import Relay  # psycopg's user

    relay = Relay(url, log)
    hub = Hub(path, log, relay=relay)
    try:
        await hub.start()
    except psycopg.Error as error:
        await relay.stop()  # the connections it made before the failure
        log(f"rooms across hosts off: the store cannot be reached ({error.__class__.__name__})")
        return None
    except OSError:
        return None  # said by the hub without a relay, which fails the same way
    log("rooms shared with the other hosts on the store")
    return hub
