"""The game's driver in a browser tab (``serve web``): Textual's web driver, made safe
as :mod:`.terminal_input` makes the terminal one.

A page's keys come to the game as bytes in textual-serve's packets; Textual's web
driver decodes them as strict UTF-8 with its own parser and takes an in-band resize
report (``ESC[48;100000;100000;0;0t``, which anyone can type into the page) at its
word. Here the keys go through :class:`~.terminal_input.PlayerInput` and every size
is clamped, as on a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable
from traceback import format_exc

from textual import log
from textual.drivers._byte_stream import ByteStream
from textual.drivers.web_driver import WebDriver, _ExitInput
from textual.message import Message

from .terminal_cursor import ShowsCursor
from .terminal_input import PlayerInput, clamped_message


class PlayerWebDriver(ShowsCursor, WebDriver):
    """Textual's web driver, with input that never ends the game and sizes that stay bounded,
    and the terminal's cursor shown on the selected cell (:mod:`.terminal_cursor`)."""

    def process_message(self, message: Message) -> None:
        super().process_message(clamped_message(message))

    def run_input_thread(self) -> None:
        """Textual's web input loop, with :class:`PlayerInput` in place of its strict decoder and parser."""
        input_reader = self._input_reader
        player_input = PlayerInput(self._debug)
        packets = ByteStream()
        try:
            for data in input_reader:
                if data:
                    self._take(packets.feed(data), player_input)
                for event in player_input.tick():
                    self.process_message(event)
        except _ExitInput:  # how Textual's driver ends its input loop
            pass
        except Exception:  # as Textual's own loop: into Textual's log, never the page
            log(format_exc())
        finally:
            input_reader.close()

    def _take(self, packets: Iterable[tuple[str, bytes]], player_input: PlayerInput) -> None:
        """The page's keys (``D`` packets) as events; the server's meta packets as Textual takes them."""
        for packet_type, payload in packets:
            if packet_type == "D":
                for event in player_input.events(payload):
                    self.process_message(event)
            else:
                self._on_meta(packet_type, payload)
