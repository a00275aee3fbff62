"""Your own puzzle on screen: i (and New Puzzle's Enter a Puzzle) types one in, ctrl+s starts
it, a pasted line loads it; no solution, several, one (graded afterwards); nothing is lost."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from ui_helpers import SIZE, label, load, settle, wait_for
from ui_puzzles import FOUR_NO_SOLUTION, FOUR_PUZZLES, NINE_PUZZLES

from sudoku_tui.game import texts
from sudoku_tui.game.store.records import UNGRADED
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import MessageDialog, ResumeDialog
from sudoku_tui.ui.new_puzzle_dialog import ChoiceSet, NewPuzzleDialog

UNIQUE_FOUR = FOUR_PUZZLES[1]  # "..3..4..2..1..2.": one solution
SEVERAL_FOUR = FOUR_PUZZLES[0]


async def counted(pilot: Pilot[None]) -> None:
    """Wait for the count of a puzzle's solutions, and its grading when it had one."""
    await wait_for(pilot, "count")
    await wait_for(pilot, "grade")


async def paste(pilot: Pilot[None], text: str) -> None:
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await counted(pilot)


def message_of(app: SudokuApp) -> str:
    screen = app.screen
    assert isinstance(screen, MessageDialog), screen
    return screen.message


async def test_i_types_a_puzzle_in_and_ctrl_s_plays_it_graded(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")  # a 4x4 in play: i gives a 4x4 board
        await pilot.press("i")
        board = app.game.board
        assert board.entry is not None and board.play.shape.name == "4x4"
        assert label(app, "status") == texts.ENTERING and label(app, "mode") == texts.GIVENS_MODE
        assert not app.session.clock.running  # the game in play waits behind
        for cell, symbol in enumerate(UNIQUE_FOUR):
            if symbol != ".":
                board.cursor = cell
                await pilot.press(symbol)
        await pilot.press("p", "1", "p")  # a mark is refused on a puzzle being typed in
        await pilot.press("ctrl+s")
        await counted(pilot)
        assert board.entry is None and app.session.puzzle.to_line() == UNIQUE_FOUR
        assert app.session.origin.kind == "own" and app.session.level == "easy"
        assert app.game.sub_title == texts.own_title("4x4", "easy")
        assert all(app.session.play.is_given(cell) == (s != ".") for cell, s in enumerate(UNIQUE_FOUR))
        assert app.session.clock.running


async def test_no_solution_keeps_the_board_to_mend_and_esc_goes_back_to_the_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "5")  # a move in the game in play
        played = list(app.session.play.values)
        await pilot.press("i")
        assert app.game.board.play.shape.name == "9x9"
        await pilot.press("1", "right", "1", "ctrl+s")
        await counted(pilot)
        assert message_of(app) == texts.NO_SOLUTION
        await pilot.press("escape")
        assert app.game.board.entry is not None and app.game.board.play.values[:2] == [1, 1]
        await pilot.press("u", "escape")  # mended no further: back to the game, as it was
        assert app.game.board.entry is None and app.session.play.values == played
        assert app.game.board.play is app.session.play and app.game.board.cursor == 1
        assert app.game.sub_title == "nine.txt" and app.session.clock.running


async def test_several_solutions_are_said_and_played_all_the_same() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, SEVERAL_FOUR)
        assert message_of(app) == texts.SEVERAL_SOLUTIONS_FOUND
        await pilot.press("enter")
        assert app.session.puzzle.to_line() == SEVERAL_FOUR and app.session.in_game
        await wait_for(pilot, "grade")
        # No grade means anything with several solutions: it says so in a word.
        assert app.session.origin.kind == "own" and app.session.level == UNGRADED


async def test_a_pasted_grid_replaces_the_game_which_is_kept(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        first = app.session.puzzle
        await pilot.press("right", "5")
        rows = "\n".join(NINE_PUZZLES[2][r * 9 : r * 9 + 9] for r in range(9))
        await paste(pilot, f"\n  {rows}\n")
        assert app.session.puzzle.to_line() == NINE_PUZZLES[2] and app.session.level == "easy"
        kept = app.session.keeper.resumable(first)  # in the store, as leaving any game keeps it
        assert kept is not None and kept.value_list()[1] == 5


async def test_a_resumed_own_puzzle_is_still_named_as_the_players_own(data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await paste(pilot, NINE_PUZZLES[2])
        app.game.board.cursor = cell = NINE_PUZZLES[2].index(".")
        await pilot.press("5")
        assert app.session.play.values[cell] == 5
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzle.to_line() == NINE_PUZZLES[2] and app.session.origin.kind == "own"
        assert app.game.sub_title == texts.own_title("9x9", "easy")
        assert label(app, "range") == texts.own_range("9x9")


async def test_pasted_text_that_is_no_puzzle_changes_nothing(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        await pilot.press("right", "5")
        played = list(app.session.play.values)
        await paste(pilot, "hello there")
        assert label(app, "status") == texts.not_a_puzzle_length(10)
        await paste(pilot, NINE_PUZZLES[0][:80] + "x")
        assert label(app, "status") == texts.not_a_puzzle_character("x")
        assert app.session.play.values == played and app.game.board.entry is None
        await paste(pilot, FOUR_NO_SOLUTION)  # a puzzle with none: shown to mend, the game waits
        assert message_of(app) == texts.NO_SOLUTION
        await pilot.press("escape", "escape")
        assert app.session.play.values == played and app.game.board.play is app.session.play


async def test_new_puzzle_s_enter_a_puzzle_gives_the_size_chosen() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewPuzzleDialog)
        dialog.query_one("#size", ChoiceSet).choose(2)  # 16x16
        await pilot.pause()
        await pilot.click("#enter")
        await settle(pilot)
        board = app.game.board
        assert board.entry is not None and board.play.shape.name == "16x16"
        await pilot.press("G")  # 16 as a given
        assert board.play.values[0] == 16
        await pilot.press("n", "i")  # nothing else acts while a puzzle is typed in, nor i again
        await pilot.pause()
        assert not isinstance(app.screen, NewPuzzleDialog) and board.play.values[0] == 16
