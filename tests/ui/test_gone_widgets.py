"""What a closed dialog leaves behind is freed (sudoku_tui/ui/gone_widgets.py): however
often a player opens and closes the Open dialog, the game holds no more."""

from __future__ import annotations

import gc

from textual._styles_cache import StylesCache
from ui_helpers import SIZE, tree_loaded

from sudoku_tui.ui import SudokuApp


def styles_caches() -> int:
    gc.collect()
    # type(), not isinstance(): a dead weak proxy among the objects would raise.
    return sum(type(thing) is StylesCache for thing in gc.get_objects())


async def test_the_open_dialogs_lines_go_with_it() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        held = []
        for _ in range(8):
            await pilot.press("o")
            await tree_loaded(pilot)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.game
            held.append(styles_caches())
        # The first time fills caches that stay; after that, each dialog's widgets (some 20,
        # each with a styles cache holding the lines it drew) would otherwise stay too.
        assert held[1:] == [held[1]] * 7, held
