"""A key redraws only what changed (the board's changed lines, the Footer when its keys
change), and what is on screen is still what a whole redraw would show."""

from __future__ import annotations

import gc
import weakref

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets._footer import FooterKey
from ui_helpers import SIZE, load, still_clock

from sudoku_tui.paths import bundled_puzzles
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.themes import HIGH_CONTRAST
from sudoku_tui.ui.widgets import DigitCounts, GameFooter

# Moves across and down, a value, marks, undo, highlighting off and on, a value chosen.
KEYS = ["right", "right", "down", "5", "left", "p", "3", "4", "p", "u", "x", "down", "x", "f", "7", "up", "f", "6"]


async def screen_now(pilot: Pilot[None]) -> str:
    await pilot.pause()
    return pilot.app.export_screenshot()


async def test_screen_after_each_key_is_the_whole_redraw() -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        board = app.game.board
        board.cursor = board.play.values.index(0)
        for key in KEYS:
            await pilot.press(key)
            shown = await screen_now(pilot)
            board.refresh()  # every line drawn again
            assert shown == await screen_now(pilot), f"after {key}"


async def test_footer_rebuilt_only_when_its_keys_change() -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        footer = app.game.query_one(GameFooter)
        # The footer shows the loaded game's keys (Solve enabled) a refresh after the load.
        for _ in range(100):
            if [key.has_class("-disabled") for key in footer.query(FooterKey) if key.action == "solve"] == [False]:
                break
            await pilot.pause(0.02)
        keys = list(footer.query(FooterKey))
        await pilot.press("right", "5", "u")
        await pilot.pause()
        assert list(footer.query(FooterKey)) == keys  # the same widgets: not rebuilt
        await pilot.press("space")  # paused: Solve is disabled
        await pilot.pause()
        solve = [key for key in footer.query(FooterKey) if key.action == "solve"]
        assert [key.has_class("-disabled") for key in solve] == [True]
        await pilot.press("space")
        await pilot.pause()
        solve = [key for key in footer.query(FooterKey) if key.action == "solve"]
        assert [key.has_class("-disabled") for key in solve] == [False]


async def test_keys_a_rebuild_replaced_are_freed() -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        footer = app.game.query_one(GameFooter)
        replaced: list[weakref.ref[FooterKey]] = []
        for _ in range(4):  # paused and on again, twice: each a rebuild with Solve disabled or not
            keys = list(footer.query(FooterKey))
            await pilot.press("space")
            await pilot.pause()
            assert not set(keys) & set(footer.query(FooterKey)), "not rebuilt"
            replaced += [weakref.ref(key) for key in keys]
            del keys
        gc.collect()
        assert [ref for ref in replaced if ref() is not None] == []


async def test_the_others_cursors_redraw_where_they_move() -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        board = app.game.board
        empty = board.play.values.index(0)

        def initials() -> str:
            return "".join(c for y in range(board.plan.height) for c in board.render_line(y).text if c in "QZ")

        for others in ({0: "Q"}, {empty: "Q", 80: "Z"}, {}):
            board.show_others(others)
            shown = await screen_now(pilot)
            assert initials() == "".join(sorted(others.values()))
            board.refresh()
            assert shown == await screen_now(pilot), f"with {others}"
        board.show_others({40: "Q"})
        await pilot.pause()
        row, col = board.play.shape.positions[40]
        plan = board.plan
        line = board.render_line(plan.cell_y[row] + plan.cell_height // 2).text  # the cell's values' line
        assert line[plan.cell_x[col] + plan.cell_width - 1] == "Q"


async def test_the_counts_take_a_new_theme_at_once() -> None:
    """The value counts keep their styles between redraws; a theme chosen still shows on them."""
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        counts = app.game.query_one(DigitCounts)
        await pilot.press("right", "5")
        before = await screen_now(pilot)
        app.theme = HIGH_CONTRAST.name
        shown = await screen_now(pilot)
        assert shown != before
        counts._looks = None  # the styles worked out anew, as on a first drawing
        counts.refresh()
        assert shown == await screen_now(pilot)


async def test_a_key_reaches_the_terminal_in_one_update(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """What a key changes on the board and beside it (the status line's marks of the cell,
    the counts of values left) goes out together, not a message later."""
    updates: list[set[str]] = []
    refresh = Screen._compositor_refresh

    def counted(screen: Screen[object]) -> None:
        updates.append({str(widget.id) for widget in screen._dirty_widgets})
        refresh(screen)

    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bundled_puzzles() / "9x9-easy.txt")
        board = app.game.board
        board.cursor = board.play.values.index(0)
        await pilot.pause()
        monkeypatch.setattr(Screen, "_compositor_refresh", counted)
        expected = [
            ("right", {"board", "cell-info"}),
            ("down", {"board", "cell-info"}),
            ("5", {"board", "counts"}),
            ("u", {"board", "counts"}),
            ("p", {"mode"}),
            ("3", {"board", "cell-info"}),
        ]
        for key, widgets in expected:
            updates.clear()
            await pilot.press(key)
            await pilot.pause(0.1)
            assert updates == [widgets], key
