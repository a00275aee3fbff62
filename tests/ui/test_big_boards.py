"""16x16 and Samurai boards on screen: fitting 80x24, the cursor, the
aids, Solve and Check, hints and New puzzle, driven through the pilot.

The fixture files in ``boards/`` were made by ``sudoku-tui generate`` (kept out of
``puzzles/``, whose folder tree the open-dialog snapshot shows).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import SIZE, label, load, settle, snapshot_app, wait_for

from sudoku_tui.engine.files.formats import format_drawn_samurai, read_puzzle_file
from sudoku_tui.engine.search.solver import candidates, count_solutions, solve
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import MessageDialog

BIG_BOARDS = Path(__file__).parent / "boards"
SAMURAI = BIG_BOARDS / "samurai.txt"
SIXTEEN = BIG_BOARDS / "sixteen.txt"


def drawn_row(app: SudokuApp, row: int) -> str:
    """The text of the screen line that shows a board row (one-line cells)."""
    board = app.game.board
    return board.render_line(board.plan.cell_y[row]).text


def place(app: SudokuApp, row: int, col: int) -> None:
    app.game.board.cursor = app.session.play.shape.cell_at[(row, col)]


async def test_samurai_fits_80x24_one_line_a_row() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SAMURAI)
        board = app.game.board
        assert app.session.play.shape.is_samurai
        assert board.plan.density == "shaded"
        assert (board.region.width, board.region.height) == (71, 21)
        assert not app.screen.has_class("-too-small")
        assert app.screen.has_class("-short")  # the Header made way
        # Between the puzzle bar and the status line, on screen in full.
        assert board.region.y == 1 and board.region.bottom == 22
        # Bands of boxes read apart without colour: the box edges change glyph every three rows.
        assert drawn_row(app, 0).lstrip().startswith("┃") and drawn_row(app, 3).lstrip().startswith("╏")
        # Every given is drawn: row 1 of the drawing holds both top grids' first rows.
        givens = "".join(app.session.play.shape.symbol(v) if v else "·" for v in app.session.puzzle.givens[:18])
        assert "".join(drawn_row(app, 0).split()).replace("┃", "") == givens


async def test_samurai_gets_box_lines_and_the_header_at_120x40() -> None:
    app = SudokuApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await load(pilot, SAMURAI)
        assert app.game.board.plan.density == "compact"
        assert app.game.board.region.height == 29
        assert not app.screen.has_class("-short") and not app.screen.has_class("-too-small")


async def test_the_cursor_jumps_over_the_gaps() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SAMURAI)
        board = app.game.board
        place(app, 0, 8)
        await pilot.press("right")
        assert board.cursor_position == (0, 12)  # over the gap to the top-right grid
        await pilot.press("left")
        assert board.cursor_position == (0, 8)
        place(app, 8, 0)
        await pilot.press("down")
        assert board.cursor_position == (12, 0)  # top-left grid to bottom-left grid
        place(app, 9, 6)
        await pilot.press("left")
        assert board.cursor_position == (9, 6)  # nothing to the left: it stays
        await pilot.press("up", "up", "up", "up")
        assert board.cursor_position == (5, 6)  # from the centre grid into the top-left one


async def test_highlighting_and_conflicts_cross_the_overlapping_grids() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SAMURAI)
        shape, givens = app.session.play.shape, app.session.puzzle.givens
        # An empty cell of a shared box (top-left grid and centre grid) and a value
        # given in the same row only in the part that belongs to the centre grid.
        found = next(
            (
                (shape.cell_at[(row, col)], row, value)
                for row in range(6, 9)
                for col in range(6, 9)
                if not givens[shape.cell_at[(row, col)]]
                for value in (givens[shape.cell_at[(row, other)]] for other in range(9, 15))
                if value and value not in {givens[shape.cell_at[(row, c)]] for c in range(9)}
            ),
            None,
        )
        assert found is not None
        cell, row, value = found
        app.game.board.cursor = cell
        await pilot.press(str(value))
        assert app.session.play.values[cell] == value
        symbol = shape.symbol(value)
        # Both copies of the value are marked as a conflict, in the centre grid's part of the row.
        assert drawn_row(app, row).count(f"!{symbol}!") == 2
        # The cursor's peers in both grids are highlighted (underlined).
        board = app.game.board
        lit = board._highlights()
        assert shape.cell_at[(row, 0)] in lit.peers and shape.cell_at[(row, 14)] in lit.peers
        assert shape.cell_at[(0, 6)] in lit.peers and shape.cell_at[(14, 6)] in lit.peers
        await pilot.press("u")
        assert app.session.play.values[cell] == 0 and f"!{symbol}!" not in drawn_row(app, row)


async def test_samurai_solve_check_and_puzzle_number() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SAMURAI)
        await pilot.press("g", "1", "enter")
        await settle(pilot)
        assert app.session.number == 1
        assert app.session.puzzle == read_puzzle_file(SAMURAI).puzzle(1)
        await pilot.press("s")
        await settle(pilot)
        assert app.session.play.is_full()
        await pilot.press("c")
        assert isinstance(app.screen, MessageDialog)
        assert app.screen.message == "The puzzle is correctly solved."


async def test_a_samurai_drawn_in_21_lines_opens(tmp_path: Path) -> None:
    puzzle = read_puzzle_file(SAMURAI).puzzle(1)
    path = tmp_path / "drawn.txt"
    path.write_text(format_drawn_samurai(puzzle.givens, "."))
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, path)
        assert app.session.puzzle.givens == puzzle.givens
        assert app.game.board.plan.density == "shaded"


@pytest.mark.parametrize("path", [SAMURAI, SIXTEEN], ids=["samurai", "16x16"])
async def test_hints_on_big_boards(path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, path)
        before = list(app.session.play.values)
        await pilot.press("question_mark")
        await wait_for(pilot, "hint")
        assert label(app, "status").startswith("Hint: ")
        await pilot.press("question_mark")
        assert app.game.board.hint_cells
        await pilot.press("question_mark")
        assert label(app, "status").startswith("Applied ")
        changed = [cell for cell, value in enumerate(app.session.play.values) if value != before[cell]]
        assert changed
        # Every value the hint placed is the solution's.
        solution = solve(app.session.puzzle)
        assert solution is not None
        assert all(app.session.play.values[cell] == solution[cell] for cell in changed)


async def test_sixteen_by_sixteen_marks_read_at_80x24() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SIXTEEN)
        assert app.game.board.plan.density == "compact"
        empty = next(cell for cell, value in enumerate(app.session.play.values) if not value)
        app.game.board.cursor = empty
        await pilot.press("p", "A", "G", "3")  # pencil mode: marks 10, 16 and 3
        assert label(app, "mode").strip().lower().startswith("pencil")
        assert app.session.play.marks[empty] == (1 << 9) | (1 << 15) | (1 << 2)
        assert app.session.play.values[empty] == 0
        # The cell shows that it has marks; the status line lists them with letters.
        info = label(app, "cell-info")
        assert "3" in info and "A" in info and "G" in info
        await pilot.press("p", "a")  # candidates for every empty cell, from the engine
        assert app.session.play.marks[empty] == candidates(app.session.puzzle.shape, app.session.play.values)[empty]
        await pilot.press("u")
        assert app.session.play.marks[empty] == (1 << 9) | (1 << 15) | (1 << 2)


async def test_a_new_samurai_is_made_and_played() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "down", "down", "enter")  # 9x9 is chosen at first; samurai is two down
        await wait_for(pilot, "make")
        assert app.session.made is not None
        assert app.session.puzzle.shape.is_samurai
        assert count_solutions(app.session.puzzle, 2) == 1
        assert app.game.sub_title == "New easy Samurai puzzle"
        assert app.game.board.plan.density == "shaded"
        assert not app.screen.has_class("-too-small")


# ---- snapshots: 80x24 and 120x40 ------------------------------------------------

SnapCompare = Callable[..., bool]


def playing(path: Path, *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Open ``path``, press ``keys``, stop the clock."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await load(pilot, path)
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


# Down and right into the shared box of the top-left and centre grids: its row, column
# and both boxes are highlighted across the two grids.
TO_SHARED = ("down",) * 7 + ("right",) * 7


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
def test_samurai_snapshot(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(SAMURAI, *TO_SHARED))


def test_samurai_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(SAMURAI, *TO_SHARED))


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
def test_sixteen_by_sixteen_with_marks_snapshot(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    # Candidates everywhere, then the cursor on an empty cell: the status line lists its marks.
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(SIXTEEN, "a", "right"))
