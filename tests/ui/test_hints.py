"""Hints (? / f2, three levels) and Check my progress (e), driven through the pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from ui_helpers import SIZE, board_text, load
from ui_puzzles import NINE_PUZZLES, SOLUTION_9, block_file

from sudoku_tui.engine.board.conflicts import conflicting_cells
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game import hints
from sudoku_tui.game import texts as says
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
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


async def test_three_presses_name_show_apply(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "question_mark")
        assert status(app) == "Hint: Full House (press ? again to see where)"
        assert not app.game.board.hint_cells
        await press(pilot, "question_mark")
        assert 0 in app.game.board.hint_cells
        assert status(app).startswith("Full House: r1c1 is the last empty cell of row 1")
        assert "[" in board_text(app)  # marked without relying on colour
        await press(pilot, "f2")  # f2 is the same key
        assert app.session.play.values[0] == int(SOLUTION_9[0])
        assert not app.game.board.hint_cells
        assert status(app) == f"Applied Full House: r1c1={SOLUTION_9[0]}"
        # The board changed: the next press names the next step.
        await press(pilot, "question_mark")
        assert status(app).startswith("Hint: Full House")


async def test_a_change_starts_again_at_the_name(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "question_mark", "question_mark")
        assert app.game.board.hint_cells
        app.game.board.cursor = 40
        await press(pilot, SOLUTION_9[40])
        assert not app.game.board.hint_cells  # an entry drops the old highlight
        await press(pilot, "question_mark")
        assert status(app).startswith("Hint: ")  # level 1 again, not level 2
        assert not app.game.board.hint_cells


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
        app.game.board.cursor = 0
        await press(pilot, SOLUTION_9[1], "question_mark")  # repeats r1c2 in row 1
        assert status(app) == says.HINT_CLASH
        assert not app.game.board.hint_cells


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
        app.game.board.cursor = cell
        await press(pilot, str(value), "question_mark")
        assert status(app) == says.HINT_WRONG
        app.game.board.cursor = 0
        await press(pilot, "e")
        name = app.session.puzzle.shape.cell_name(cell)
        assert status(app) == f"{name} is wrong."
        assert app.game.board.cursor == cell


async def test_progress_when_right(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "e")
        assert status(app) == says.NO_ENTRIES
        app.game.board.cursor = 40
        await press(pilot, SOLUTION_9[40], "e")
        assert status(app) == "So far so good: your entry agrees with the solution."
        assert app.game.board.cursor == 40


async def test_disabled_without_a_puzzle() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.game.check_action("hint", ()) is None
        assert app.game.check_action("check_progress", ()) is None
        await press(pilot, "question_mark", "e")
        assert status(app) != says.NO_STEP
        assert app.query(BoardArea)  # still the start screen, nothing crashed


# A 9x9 position (made from line 3 of the bundled 9x9-hard.txt as it was at commit
# a161c0f, by placing its singles) whose next step removes candidates only: a Locked
# Pair, three eliminations.
ELIMINATIONS_FIRST = "2..79..6.6..42.19.....6..723..254.16421689537..6137..416.94.7.398437265173..16.49"


async def test_an_elimination_step_is_one_undo(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "pair.txt", 3, [ELIMINATIONS_FIRST]))
        await press(pilot, "a")  # every empty cell's candidates as pencil marks
        marks_before = list(app.session.play.marks)
        values_before = list(app.session.play.values)
        await press(pilot, "question_mark", "question_mark")
        hinted = app.game.board.hint_cells
        assert hinted
        await press(pilot, "question_mark")
        assert status(app).startswith("Applied ")
        removed = [
            (cell, value)
            for cell in range(81)
            for value in range(1, 10)
            if marks_before[cell] >> (value - 1) & 1 and not app.session.play.marks[cell] >> (value - 1) & 1
        ]
        assert len(removed) >= 2 and app.session.play.values == values_before
        # Each removed candidate was really not the cell's solution value.
        solution = solve(app.session.puzzle)
        assert solution is not None and all(solution[cell] != value for cell, value in removed)
        await press(pilot, "u")  # one undo takes the whole step back
        assert app.session.play.marks == marks_before
        await press(pilot, "u")  # the next undo is the candidates fill
        assert not any(app.session.play.marks)


async def test_an_elimination_without_marks_moves_the_hints_on(tmp_path: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "pair.txt", 3, [ELIMINATIONS_FIRST]))
        await press(pilot, "question_mark")
        assert app.session.hints.shown is not None
        first = app.session.hints.shown.step
        assert first.eliminations and not first.placements
        await press(pilot, "question_mark", "question_mark")
        assert status(app).startswith("Applied ") and not app.session.play.can_undo  # no marks: nothing to undo
        await press(pilot, "question_mark")
        assert status(app).startswith("Hint: ")
        assert app.session.hints.shown is not None
        # The removed candidates are remembered: the next step is another one.
        following = app.session.hints.shown.step
        assert (following.placements, following.eliminations) != (first.placements, first.eliminations)
        assert not set(following.eliminations) & set(first.eliminations)


def test_a_hint_search_can_be_stopped() -> None:
    # The worker passes "has the app quit?" down: an empty board's search through
    # forcing nets stops at the first check instead of running for seconds.
    empty = Puzzle(square(3), (0,) * 81)
    with pytest.raises(Cancelled):
        hints.find_hint(empty, empty.givens, frozenset(), should_stop=lambda: True)


async def test_a_placement_step_is_one_undo(tmp_path: Path) -> None:
    """A placed value also leaves its peers' marks: one undo brings the value and every mark back."""
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "nine.txt", 3, [NINE_PUZZLES[0]]))
        await press(pilot, "a")
        marks_before, values_before = list(app.session.play.marks), list(app.session.play.values)
        await press(pilot, "question_mark", "question_mark", "question_mark")
        assert status(app).startswith("Applied ")
        placed = [cell for cell in range(81) if app.session.play.values[cell] != values_before[cell]]
        marked = [cell for cell in range(81) if app.session.play.marks[cell] != marks_before[cell]]
        assert len(placed) == 1 and len(marked) >= 2  # the placed cell's marks, and at least one peer's
        await press(pilot, "u")
        assert app.session.play.values == values_before and app.session.play.marks == marks_before
        await press(pilot, "ctrl+y")  # and one redo applies it again
        assert [cell for cell in range(81) if app.session.play.values[cell] != values_before[cell]] == placed


async def test_hints_and_progress_checks_count_in_the_game_kept(tmp_path: Path, data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, write(tmp_path, "near.txt", 3, [NEAR_FULL]))
        await press(pilot, "question_mark", "question_mark", "question_mark")  # one hint, seen whole and applied
        await press(pilot, "question_mark")  # the next step's name: a second hint
        await press(pilot, "e", "right", "e")  # Check my progress twice
        assert app.session.aids.hints == 2 and app.session.aids.checks == 2
        await pilot.press("q")
    with SqliteStore(data_home / STORE_NAME) as store:
        [game] = store.games_in_progress(LOCAL_PLAYER)
    assert (game.aids.hints, game.aids.checks) == (2, 2)
