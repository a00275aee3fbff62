"""The game screen's compositor draws a partial update from the widgets it meets only, and
what a terminal shows after its update is what it shows after Textual's own compositor's."""

from __future__ import annotations

import functools

import pyte
from textual import _styles_cache
from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget
from ui_helpers import SIZE, load, still_clock

from sudoku_tui.paths import bundled_puzzles
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.compositor import PartialCompositor

# What partial updates cover: a board line, the board's top, the counts beside it, the
# clock, a run from the board to the status line, the whole screen; and several at once, as
# a key changes the board's lines and the status line's marks.
UPDATES = [
    [Region(0, 5, 73, 1)],
    [Region(0, 2, 80, 6)],
    [Region(74, 2, 6, 10)],
    [Region(72, 22, 7, 1)],
    [Region(3, 18, 61, 5)],
    [Region(0, 0, 80, 24)],
    [Region(3, 22, 61, 1), Region(0, 9, 73, 6), Region(0, 16, 73, 6), Region(0, 2, 73, 2)],
    [Region(74, 2, 6, 10), Region(72, 22, 7, 1)],
]


def sent(app: SudokuApp, compositor: Compositor, regions: list[Region]) -> str:
    """What a partial update of ``regions`` writes to the terminal (its escape codes and text)."""
    compositor._dirty_regions.clear()
    compositor._dirty_regions.update(regions)
    update = compositor.render_partial_update()
    assert update is not None
    return update.render_segments(app.console)


def on_a_terminal(written: str) -> list[tuple[object, ...]]:
    """Every cell a terminal shows once ``written`` reaches it: character, colours, attributes."""
    screen = pyte.Screen(*SIZE)
    pyte.Stream(screen).feed(written)
    return [
        (cell.data, cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore, cell.reverse)
        for row in range(SIZE[1])
        for cell in (screen.buffer[row][column] for column in range(SIZE[0]))
    ]


async def test_a_partial_update_sends_what_textuals_compositor_sends() -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        await pilot.press("right", "down", "5", "p", "3")
        await pilot.pause()
        compositor = app.game._compositor
        assert isinstance(compositor, PartialCompositor)
        for regions in UPDATES:
            ours = sent(app, compositor, regions)
            compositor._get_renders = functools.partial(Compositor._get_renders, compositor)  # type: ignore[method-assign]
            try:
                textuals = sent(app, compositor, regions)
            finally:
                del compositor._get_renders
            assert on_a_terminal(ours) == on_a_terminal(textuals), regions
            assert len(ours) > sum(region.width for region in regions), regions  # their text and styles


async def test_a_partial_update_draws_only_the_widgets_it_meets(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    drawn: list[str] = []
    render_widget = _styles_cache.StylesCache.render_widget

    def counted(cache: _styles_cache.StylesCache, widget: Widget, crop: Region):  # type: ignore[no-untyped-def]
        drawn.append(type(widget).__name__)
        return render_widget(cache, widget, crop)

    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        await pilot.pause()
        monkeypatch.setattr(_styles_cache.StylesCache, "render_widget", counted)
        clock = app.game.query_one("#clock")
        app.game._compositor._dirty_regions.add(clock.region)
        app.game._compositor.render_partial_update()
        assert "Header" not in drawn and "Board" not in drawn and "GameFooter" not in drawn
        assert "Label" in drawn  # the clock itself
