"""Hints (? / f2, three levels) and Check my progress (e), driven through the pilot."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from ui_helpers import SIZE, load
from ui_puzzles import NINE_PUZZLES, SOLUTION_9, block_file

from sudoku_tui.engine.conflicts import conflicting_cells
from sudoku_tui.engine.geometry import square
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui import hint_logic as says
from sudoku_tui.ui.widgets import BoardArea

# The solution with r1c1, r5c5 and r9c9 emptied: each is a Full House, r1c1 first.
NEAR_FULL = "." + SOLUTION_9[1:40] + "." + SOLUTION_9[41:80] + "."
# An empty 4x4 has many solutions: no sound technique can place or remove anything.
EMPTY_FOUR = "." * 16


async def settle_hint(pilot: Pilot[None]) -> None:
    """Let the hint worker answer and its message be handled."""
    app = pilot.app
    ours = [worker for worker in app.workers if worker.group == "hint"]
    if ours:
        await app.workers.wait_for_complete(ours)
    await pilot.pause()


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle_hint(pilot)


def status(app: SudokuApp) -> str:
    return str(app.query_one("#status").render())


def write(tmp_path: Path, name: str, box: int, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text(block_file(box, lines))
    return path


def board_text(app: SudokuApp) -> str:
    board = app.board
    return "\n".join(board.render_line(y).text for y in range(board.plan.height))


async def test_three_presses_name_show_apply(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "question_mark")
        assert status(app) == "Hint: Full House (press ? again to see where)"
        assert not app.board.hint_cells
        await press(pilot, "question_mark")
        assert 0 in app.board.hint_cells
        assert status(app).startswith("Full House: r1c1 is the last empty cell of row 1")
        assert "[" in board_text(app)  # marked without relying on colour
        await press(pilot, "f2")  # f2 is the same key
        assert app.grid.values[0] == int(SOLUTION_9[0])
        assert not app.board.hint_cells
        assert status(app) == f"Applied Full House: r1c1={SOLUTION_9[0]}"
        # The board changed: the next press names the next step.
        await press(pilot, "question_mark")
        assert status(app).startswith("Hint: Full House")


async def test_a_change_starts_again_at_the_name(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "question_mark", "question_mark")
        assert app.board.hint_cells
        app.board.cursor = 40
        await press(pilot, SOLUTION_9[40])
        assert not app.board.hint_cells  # an entry drops the old highlight
        await press(pilot, "question_mark")
        assert status(app).startswith("Hint: ")  # level 1 again, not level 2
        assert not app.board.hint_cells


async def test_no_logical_step(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "empty.txt", 2, [EMPTY_FOUR]))
        await press(pilot, "question_mark")
        assert status(app) == says.NO_STEP


async def test_clashing_entries_get_no_hint(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        app.board.cursor = 0
        await press(pilot, SOLUTION_9[1], "question_mark")  # repeats r1c2 in row 1
        assert status(app) == says.HINT_CLASH
        assert not app.board.hint_cells


def wrong_but_quiet(line: str) -> tuple[int, int]:
    """An empty cell and a value that is wrong there yet repeats nothing."""
    values = [0 if ch == "." else int(ch) for ch in line]
    for cell, value in enumerate(values):
        if value:
            continue
        for candidate in range(1, 10):
            if candidate == int(SOLUTION_9[cell]):
                continue
            trial = values.copy()
            trial[cell] = candidate
            if not conflicting_cells(square(3), trial):
                return cell, candidate
    raise AssertionError("no quiet wrong value")


async def test_wrong_entries_no_hint_and_progress_points_at_them(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "nine.txt", 3, [NINE_PUZZLES[0]]))
        cell, value = wrong_but_quiet(NINE_PUZZLES[0])
        app.board.cursor = cell
        await press(pilot, str(value), "question_mark")
        assert status(app) == says.HINT_WRONG
        app.board.cursor = 0
        await press(pilot, "e")
        name = app.puzzle.shape.cell_name(cell)
        assert status(app) == f"{name} is wrong."
        assert app.board.cursor == cell


async def test_progress_when_right(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "e")
        assert status(app) == says.NO_ENTRIES
        app.board.cursor = 40
        await press(pilot, SOLUTION_9[40], "e")
        assert status(app) == "So far so good: your entry agrees with the solution."
        assert app.board.cursor == 40


async def test_disabled_without_a_puzzle() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.check_action("hint", ()) is None
        assert app.check_action("check_progress", ()) is None
        await press(pilot, "question_mark", "e")
        assert status(app) != says.NO_STEP
        assert app.query(BoardArea)  # still the start screen, nothing crashed
