"""The terminal's own cursor on the selected cell, for screen magnifiers and Braille displays.

Textual hides the terminal's cursor for good and draws its own highlights; after
each frame it leaves the (hidden) cursor at ``App.cursor_position``, which only
its text inputs set. Braille displays (BRLTTY) and screen magnifiers follow the
terminal's cursor, not a highlight, so the app puts ``cursor_position`` on the
selected cell's value while the board has the keys (``SudokuApp``), and a driver
with :class:`ShowsCursor` shows the cursor there: hidden while each frame is
written (else it would be seen running over the screen as the frame is drawn, on
a terminal without synchronized output) and shown again at its end. In dialogs
and the number box the cursor stays as Textual keeps it: hidden.
"""

from __future__ import annotations

from textual.driver import Driver

HIDE = "\x1b[?25l"
SHOW = "\x1b[?25h"


class ShowsCursor(Driver):
    """A driver that shows the terminal's cursor where the app leaves it, when asked to.
    It comes first among a real driver's bases (the one whose ``write`` it calls)."""

    _cursor_shown = False

    @property
    def cursor_shown(self) -> bool:
        return self._cursor_shown

    def show_cursor(self, shown: bool) -> None:
        """Show the terminal's cursor (at the end of every frame from now on), or hide it."""
        if shown != self._cursor_shown:
            self._cursor_shown = shown
            super().write(SHOW if shown else HIDE)  # type: ignore[safe-super]  # the real driver's

    def write(self, data: str) -> None:
        if self._cursor_shown and data:
            data = f"{HIDE}{data}{SHOW}"
        super().write(data)  # type: ignore[safe-super]  # the real driver's
