"""What a closed dialog leaves behind is freed (sudoku_tui/ui/gone_widgets.py): however
often a player opens and closes the Open dialog, the game holds no more."""

from __future__ import annotations

import gc
import weakref

from ui_helpers import SIZE, tree_loaded

from sudoku_tui.ui import SudokuApp


async def test_the_open_dialogs_lines_go_with_it() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        caches = []  # the first dialog's widgets' styles caches, each holding the lines it drew
        for _ in range(3):
            await pilot.press("o")
            await tree_loaded(pilot)
            if not caches:
                caches = [weakref.ref(widget._styles_cache) for widget in app.screen.query("*")]
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.game
        # Checked two dialogs later: the last one's folder tree may still be held by its loader.
        gc.collect()
        assert len(caches) >= 5  # its frame, tree, labels, path box and buttons
        assert [cache for cache in caches if cache() is not None] == []
