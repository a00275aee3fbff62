"""The game screen's compositor: Textual's, drawing for a partial update only what it covers.

For a partial update (a key's changed lines, the clock's second) Textual's compositor asks
every widget whose *clip* meets the box around the changed regions for lines, and for the
screen's children the clip is the whole screen: the header, the footer, the status line and
the board's frame were each drawn again, every line of them, for a digit typed into one
cell. This one asks only the widgets whose visible part meets one of the changed regions
not inside a widget in front of it, and only for the lines from the first to the last it
meets. Lines and places outside the regions are not on the update's list, and what is
behind a widget never shows, so what reaches the terminal is the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class PartialCompositor(Compositor):
    """Textual's compositor, with partial updates drawn from the widgets they meet."""

    _changed: Sequence[Region] = ()  # the regions of the partial update being drawn

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = ()

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None:
            yield from super()._get_renders(crop)
            return
        # Front to back: a region inside a widget drawn already is that widget's alone (a
        # widget's lines cover its whole region), so the widgets behind it need not draw it.
        uncovered = list(self._changed or (crop,))
        for widget, (region, clip) in self.visible_widgets.items():
            if not uncovered:
                break
            visible = region.intersection(clip)
            met = [visible.intersection(each) for each in uncovered if visible.overlaps(each)]
            if not met:
                continue
            first, last = min(each.y for each in met), max(each.bottom for each in met)
            lines = Region(visible.x, first, visible.width, last - first)  # the visible part, on the rows met
            # Given as the clip: the caller draws region & clip, which is these lines.
            yield region, lines, widget.render_lines(lines.translate(-region.offset))
            uncovered = [each for each in uncovered if not visible.contains_region(each)]
