"""The game screen's compositor: Textual's, drawing for a partial update only what it covers.

For a partial update (a key's changed lines, the clock's second) Textual's compositor asks
every widget whose *clip* meets the changed region for lines, and for the screen's children
the clip is the whole screen: the header, the footer, the status line and the board's frame
were each drawn again, every line of them, for a digit typed into one cell. This one asks
only the widgets whose visible part meets the region, and only for their lines within it.
The lines outside it are not on the update's list, so what reaches the terminal is the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip


class PartialCompositor(Compositor):
    """Textual's compositor, with partial updates drawn from the widgets they meet."""

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None:
            yield from super()._get_renders(crop)
            return
        top, bottom = crop.y, crop.bottom
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = region.intersection(clip)
            first, last = max(y, top), min(y + height, bottom)
            if not width or last <= first:
                continue
            lines = Region(x, first, width, last - first)  # the visible part, within the rows changed
            if crop.overlaps(lines):
                # Given as the clip: the caller draws region & clip, which is these lines.
                yield region, lines, widget.render_lines(lines.translate(-region.offset))
