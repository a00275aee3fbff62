"""Several cells at once on screen: shift with an arrow selects a rectangle; a value, a clear
a mark or a paint acts on each selected cell but the givens, and one u takes it all back."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import SIZE, load

from sudoku_tui.ui import SudokuApp

# nine.txt's first puzzle keeps the even cells: 0, 2, 10 are givens, 1, 9, 11 are not.
RECTANGLE = (0, 1, 2, 9, 10, 11)
CHANGEABLE = (1, 9, 11)


async def test_a_value_goes_into_each_selected_cell_and_one_u_takes_it_back(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        before = list(app.session.play.values)
        await pilot.press("shift+right", "shift+right", "shift+down")
        assert app.game.board.selected_cells() == RECTANGLE == app.session.selected_cells()
        await pilot.press("5")
        values = app.session.play.values
        assert [values[cell] for cell in CHANGEABLE] == [5, 5, 5]
        assert all(values[cell] == before[cell] for cell in set(RECTANGLE) - set(CHANGEABLE))  # givens stay
        await pilot.press("0")
        assert all(app.session.play.values[cell] == 0 for cell in CHANGEABLE)
        await pilot.press("u")
        assert [app.session.play.values[cell] for cell in CHANGEABLE] == [5, 5, 5]
        await pilot.press("u")
        assert app.session.play.values == before and not app.session.play.can_undo


async def test_a_mark_goes_on_all_unless_all_have_it(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "3")  # cell 1 filled: it takes no mark
        await pilot.press("left", "shift+down", "shift+right", "shift+right", "p", "4")
        marks = app.session.play.marks
        assert [marks[cell] for cell in (1, 9, 11)] == [0, 0b1000, 0b1000]
        await pilot.press("4")
        assert [marks[cell] for cell in (9, 11)] == [0, 0]
        await pilot.press("u")
        assert [app.session.play.marks[cell] for cell in (9, 11)] == [0b1000, 0b1000]


async def test_a_plain_arrow_or_a_click_collapses_the_selection(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        board = app.game.board
        await pilot.press("shift+right", "shift+down")
        assert len(board.selected_cells()) == 4
        await pilot.press("left")
        assert board.selected_cells() == (9,) and not app.session.selection.several
        await pilot.press("shift+left")  # at the edge: nothing to grow, nothing selected
        assert board.selected_cells() == (9,)
        await pilot.press("shift+up", "5")  # cells 0 (a given) and 9
        assert app.session.play.values[9] == 5
        await pilot.press("shift+right", "up")  # a plain arrow at the edge still collapses
        assert not app.session.selection.several


async def test_colour_mode_paints_each_selected_cell_and_one_u_takes_it_back(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("shift+right", "shift+right", "shift+down", "z", "3")
        colours = app.session.play.colours
        assert [colours[cell] for cell in CHANGEABLE] == [3, 3, 3]
        assert all(colours[cell] == 0 for cell in set(RECTANGLE) - set(CHANGEABLE))  # givens take no paint
        await pilot.press("0")
        assert all(app.session.play.colours[cell] == 0 for cell in RECTANGLE)
        await pilot.press("u", "u")
        assert not any(app.session.play.colours) and not app.session.play.can_undo
