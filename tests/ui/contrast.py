"""The contrast of what the game draws: WCAG 2's contrast ratio of each character's
foreground against its background, as the screen shows them (Textual's styles resolved:
theme variables, alpha blended, filters applied).

Text needs 4.5:1 (WCAG 2.1, 1.4.3, level AA). Drawing characters (box lines, the
faint dot of an empty cell, a radio's dot) are no text: they are graphics, which need
3:1 where they carry meaning (1.4.11): the grid lines carry the boxes, a dot the choice.
Pure decoration (block elements: a frame round a control, a scrollbar, the footer's
separator) needs nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.geometry import Region
from textual.screen import ModalScreen

TEXT_RATIO = 4.5
GRAPHIC_RATIO = 3.0
GRAPHICS = frozenset("·●") | {chr(code) for code in range(0x2500, 0x25A0)}
# Block elements: the frames Textual draws round a control or a dialog ("tall", "thick"),
# a toggle's sides, a scrollbar, the footer's separator.
DECORATION = frozenset(chr(code) for code in range(0x2580, 0x25A0))


def luminance(color: Color) -> float:
    """WCAG 2's relative luminance of a colour."""
    red, green, blue = color.get_truecolor()

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def ratio(foreground: Color, background: Color) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@dataclass(frozen=True)
class Drawn:
    """A run of characters on the screen, with the colours it shows in."""

    y: int
    text: str
    foreground: Color
    background: Color

    @property
    def ratio(self) -> float:
        return ratio(self.foreground, self.background)

    @property
    def is_text(self) -> bool:
        return any(not char.isspace() and char not in GRAPHICS for char in self.text)

    @property
    def needed(self) -> float:
        if self.is_text:
            return TEXT_RATIO
        return 1.0 if all(char.isspace() or char in DECORATION for char in self.text) else GRAPHIC_RATIO


def colours_of(style: Style | None) -> tuple[Color, Color] | None:
    """The foreground and background a style shows (reverse swaps them); None when the
    style leaves one to the terminal (Textual draws every colour itself: a bug to see)."""
    if style is None or style.color is None or style.bgcolor is None:
        return None
    foreground, background = style.color, style.bgcolor
    return (background, foreground) if style.reverse else (foreground, background)


def drawn(app: App[object]) -> Iterator[Drawn | tuple[int, str]]:
    """Every run of visible characters to be read on the screen now; ``(y, text)`` for one
    without colours. Left out, as WCAG leaves them out: what a dialog covers (the game
    behind it is inert and dimmed), an inactive control (a footer key that does nothing
    now)."""
    screen = app.screen
    shown = Region(0, 0, *app.size) if not isinstance(screen, ModalScreen) else screen.children[0].region
    inactive = [key.region for key in screen.query(".-disabled")]
    # The compositor's strips are what the terminal is sent (each widget's filters applied):
    # no public call hands them over.
    for y, strip in enumerate(screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            width = segment.cell_length
            place = Region(x, y, width, 1)
            x += width
            if not shown.contains_region(place) or any(region.overlaps(place) for region in inactive):
                continue
            yield from _visible(y, segment)


def _visible(y: int, segment: Segment) -> Iterator[Drawn | tuple[int, str]]:
    text = segment.text
    if not text.strip() or segment.control:
        return
    colours = colours_of(segment.style)
    if colours is None:
        yield (y, text)
        return
    yield Drawn(y, text, *colours)
