"""The hint area: a framed note, over the game screen, that holds a whole sentence.

A hint, Check my progress or anything else the game says that the status
line cannot hold shows here, wrapped, in full. The note is placed where it
covers none of the cells the sentence names (nor the cursor): beside the
board when there is room there, else over the rows of the screen that hold
none of them, the footer and status line first. One note at a time: a new
sentence replaces the last, so nothing piles up; it goes when the board
changes, with Escape, or when clicked.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.widgets import Static

from ..game import texts

# Columns the frame and padding take from the text's width, and rows the frame takes.
FRAME_WIDTH = 4
FRAME_HEIGHT = 2
# The narrowest note worth placing: below it even short words wrap badly.
NARROWEST = 28


def wrapped(text: str, width: int) -> list[str]:
    """The lines ``text`` takes wrapped to ``width`` columns (as the note draws them)."""
    return [line.plain for line in Content(text).wrap(width)]


def _widths(screen: Size) -> Iterator[int]:
    """Note widths to try, widest first: fewer lines, so fewer rows covered."""
    width = screen.width
    while width > NARROWEST:
        yield width
        width = width * 3 // 4
    if screen.width >= NARROWEST:
        yield NARROWEST


def _places(screen: Size, size: Size) -> Iterator[Region]:
    """Where a note of ``size`` may go, in order of preference: the bottom rows first
    (the footer and status line), then upwards; right-aligned, left-aligned, then between."""
    width, height = size
    xs = list(dict.fromkeys((screen.width - width, 0, *range(screen.width - width, -1, -4))))
    for y in range(screen.height - height, -1, -1):
        for x in xs:
            yield Region(x, y, width, height)


def place_note(
    text: str, screen: Size, avoid: Sequence[Region], beside: Region | None = None
) -> tuple[Region, list[str]]:
    """Where the note for ``text`` goes and its lines: in ``beside`` (free room by the
    board) when the text fits there, else the first place that overlaps no region of
    ``avoid``; when none is free (no such board is known), the bottom of the screen."""
    if beside is not None and beside.width >= NARROWEST:
        lines = wrapped(text, beside.width - FRAME_WIDTH)
        if len(lines) + FRAME_HEIGHT <= beside.height:
            return Region(beside.x, beside.y, beside.width, len(lines) + FRAME_HEIGHT), lines
    for width in _widths(screen):
        lines = wrapped(text, width - FRAME_WIDTH)
        size = Size(width, len(lines) + FRAME_HEIGHT)
        if size.height > screen.height:
            continue
        for place in _places(screen, size):
            if not any(place.overlaps(region) for region in avoid):
                return place, lines
    lines = wrapped(text, screen.width - FRAME_WIDTH)
    height = min(len(lines) + FRAME_HEIGHT, screen.height)
    return Region(0, screen.height - height, screen.width, height), lines


class HintArea(Static):
    """The note; :meth:`show` places it and :meth:`hide` takes it away."""

    DEFAULT_CSS = """
    HintArea {
        layer: note;
        position: absolute;
        display: none;
        border: round $accent;
        border-title-align: left;
        border-subtitle-align: right;
        padding: 0 1;
        background: $panel;
        color: $text;
    }
    HintArea.-warning {
        border: round $warning;
    }
    """

    class Dismissed(Message):
        """The player closed the note (a click on it)."""

    class Told(Message):
        """Something to say in the note, from any thread (what would have been a toast)."""

        def __init__(self, text: str, title: str, warning: bool) -> None:
            super().__init__()
            self.text, self.title, self.warning = text, title, warning

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.text = ""
        self.lines: list[str] = []

    @property
    def showing(self) -> bool:
        return bool(self.text)

    def show(self, text: str, title: str = "", warning: bool = False) -> None:
        """Say ``text`` (placed by :meth:`place`, which the screen calls with what to avoid)."""
        self.text = text
        self.border_title = title
        self.border_subtitle = texts.NOTE_CLOSES
        self.set_class(warning, "-warning")

    def place(self, screen: Size, avoid: Iterable[Region], beside: Region | None = None) -> None:
        if not self.text:
            return
        region, self.lines = place_note(self.text, screen, list(avoid), beside)
        self.styles.offset = (region.x, region.y)
        self.styles.width = region.width
        self.styles.height = region.height
        self.update("\n".join(self.lines))
        self.display = True

    def hide(self) -> None:
        self.text = ""
        self.lines = []
        self.display = False

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Dismissed())
