"""The game's terminal driver: Textual's, made safe against whatever bytes and sizes it is sent.

A served game reads what a stranger types, and a terminal (or a client
pretending to be one) can report any size. Textual's own driver decodes its
input as strict UTF-8 and lets its parser's errors end the app, so a single
byte such as ``0xff``, or ``ESC[99999999999999999999A``, ended a game with a
traceback. Here input that cannot be decoded is replaced (U+FFFD, which no
binding takes), a sequence the parser fails on is dropped with the parser's
state, and every size the game lays out to is clamped to :data:`LARGEST`.
"""

from __future__ import annotations

import os
import selectors
import sys
import threading
import time
from codecs import getincrementaldecoder
from contextlib import suppress

from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.message import Message

from .terminal_cursor import ShowsCursor

# Wider and taller than any real terminal (a small font on an 8K screen is about
# 900 x 260), small enough that laying the game out stays within its memory cap.
LARGEST = Size(1000, 500)
READ_SIZE = 4096
PAUSE = 0.1  # seconds: how often the input looks again while a sequence may be cut short


def clamped(width: int, height: int) -> Size:
    """A terminal size the game can lay out to: at least 1x1, at most :data:`LARGEST`."""
    return Size(min(max(width, 1), LARGEST.width), min(max(height, 1), LARGEST.height))


def clamped_message(message: Message) -> Message:
    """``message``, or the resize it is with its size clamped: a terminal's in-band resize
    report comes through the input, and anyone can type one."""
    if isinstance(message, events.Resize):
        size = clamped(*message.size)
        return events.Resize(size, size, pixel_size=message.pixel_size)
    return message


class PlayerInput:
    """What the player typed, decoded and parsed into Textual's events; never raises on bad input."""

    def __init__(self, debug: bool = False) -> None:
        self._debug = debug
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._parser = XTermParser(debug)

    def events(self, data: bytes, final: bool = False) -> list[Message]:
        text = self._decode(data, final=final)
        try:
            return list(self._parser.feed(text)) if text else []
        except Exception:  # a sequence Textual cannot parse: dropped, with what came before it
            self._parser = XTermParser(self._debug)
            return []

    def tick(self) -> list[Message]:
        """What a pause completes (a lone Escape is the Escape key once no sequence follows it)."""
        try:
            return list(self._parser.tick())
        except Exception:  # as in events()
            self._parser = XTermParser(self._debug)
            return []


class WakingEvent(threading.Event):
    """The input thread's signal to end, which also wakes it where it waits (a pipe it watches)."""

    def __init__(self) -> None:
        super().__init__()
        self.wake_fd, self._wake_write = os.pipe()
        os.set_blocking(self.wake_fd, False)
        os.set_blocking(self._wake_write, False)

    def set(self) -> None:
        super().set()
        with suppress(OSError):  # full (woken already) or closed (the driver is done)
            os.write(self._wake_write, b"x")

    def drain(self) -> None:
        with suppress(OSError):
            os.read(self.wake_fd, 64)

    def close(self) -> None:
        fds, self.wake_fd, self._wake_write = (self.wake_fd, self._wake_write), -1, -1  # never another file's
        for fd in fds:
            with suppress(OSError):
                os.close(fd)


class PlayerTerminalDriver(ShowsCursor, LinuxDriver):
    """Textual's Linux driver, with input that never ends the game and sizes that stay bounded,
    and the terminal's cursor shown on the selected cell (:mod:`.terminal_cursor`).

    It draws on standard output (Textual's draws on standard error): a served game
    sends its standard error to the server's log, so no traceback reaches the player."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._file = sys.__stdout__
        # The size the app lays out to until the first resize (else it asks the terminal itself).
        if self._size is None:
            self._size = self._get_terminal_size()
        self.waking = WakingEvent()
        self.exit_event = self.waking

    def _get_terminal_size(self) -> tuple[int, int]:
        width, height = super()._get_terminal_size()
        return tuple(clamped(width, height))  # type: ignore[return-value]

    def process_message(self, message: Message) -> None:
        super().process_message(clamped_message(message))

    def run_input_thread(self) -> None:
        """Textual's input loop, with :class:`PlayerInput` in place of its strict decoder and parser,
        asleep while nothing is typed (Textual's wakes ten times a second, which a hundred served
        games pay for together): it waits with a timeout only while a sequence may be cut short
        (a lone Escape), and :class:`WakingEvent` wakes it when input ends."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self.waking.wake_fd, selectors.EVENT_READ)
        player_input = PlayerInput(self._debug)
        typed_at: float | None = None  # when the last bytes came, while a pause may still complete them
        try:
            while not self.exit_event.is_set():
                ready = selector.select(None if typed_at is None else PAUSE)
                if any(key.fd == self.waking.wake_fd for key, _ in ready):
                    self.waking.drain()
                    continue
                if ready:
                    data = os.read(self.fileno, READ_SIZE)
                    if not data:  # the terminal is gone: nothing more will come
                        break
                    typed_at = time.monotonic()
                    for event in player_input.events(data):
                        self.process_message(event)
                for event in player_input.tick():
                    self.process_message(event)
                if typed_at is not None and time.monotonic() - typed_at > constants.ESCAPE_DELAY + PAUSE:
                    typed_at = None  # whatever a pause completes, tick() has given by now
        finally:
            selector.close()

    def close(self) -> None:
        super().close()
        self.waking.close()
