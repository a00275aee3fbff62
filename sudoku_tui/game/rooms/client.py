"""A game's side of a room (docs/rooms.md): its connection to the server's room hub.

A thread reads the hub's lines and hands each, checked (:func:`messages.decode`),
to a callback, so the game's screen never waits on the socket; the callback runs
in that thread, and a screen passes it on to its own (Textual's
``call_from_thread``). Sending writes one line at once: the hub always reads.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from .messages import MAX_LINE, BadMessage, decode, encode

OnMessage = Callable[[dict[str, Any]], None]
ASK_WITHIN = 1.0  # seconds: the hub is on this machine; one that does not answer by then is not asked


def held_seat(path: Path | str, player: str, name: str) -> tuple[str, str] | None:
    """The open room where ``player`` holds a seat on the hub at ``path``, as (code, kind);
    None when there is none, or the hub does not answer. One question, its own connection."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(ASK_WITHIN)
            sock.connect(str(path))
            sock.sendall(encode("hello", player=player, name=name) + encode("find"))
            with sock.makefile("rb") as lines:
                answer = decode(lines.readline(MAX_LINE + 1))
    except (OSError, BadMessage):
        return None
    return (answer["code"], answer["room"]) if answer["kind"] == "held" else None


class RoomClient:
    """One connection to the hub at ``path``. ``on_message`` gets every message the hub
    sends; ``on_end`` is called once when the connection has ended, for whatever reason."""

    def __init__(self, path: Path | str, on_message: OnMessage, on_end: Callable[[], None] | None = None) -> None:
        self.path = Path(path)
        self.on_message = on_message
        self.on_end = on_end
        self._socket: socket.socket | None = None
        self._sending = threading.Lock()
        self._reader: threading.Thread | None = None
        self.ended = threading.Event()

    def connect(self) -> None:
        """Connects and starts reading; OSError when the hub is not there."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(str(self.path))
        except OSError:
            sock.close()
            raise
        self._socket = sock
        self._reader = threading.Thread(target=self._read, name="room reader", daemon=True)
        self._reader.start()

    def send(self, kind: str, **fields: Any) -> None:
        """One message to the hub; OSError when the connection is gone."""
        line = encode(kind, **fields)
        if self._socket is None:
            raise OSError("not connected to the rooms")
        with self._sending:
            self._socket.sendall(line)

    def close(self) -> None:
        """Ends the connection and waits for the reader (it calls ``on_end``)."""
        sock = self._socket
        if sock is None:
            return
        with suppress(OSError):  # the hub ended it already
            sock.shutdown(socket.SHUT_RDWR)  # wakes the reader out of its wait
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(timeout=5)
        sock.close()

    def _read(self) -> None:
        assert self._socket is not None
        try:
            with self._socket.makefile("rb") as lines:
                while True:
                    line = lines.readline(MAX_LINE + 1)
                    if not line.endswith(b"\n"):
                        return  # the end (or a line longer than any message: not our hub's)
                    self.on_message(decode(line))
        except (OSError, BadMessage):
            return  # a connection that broke, or a hub that is not one: the same end
        finally:
            self.ended.set()
            if self.on_end is not None:
                self.on_end()
