"""Practise a technique: chosen in the New Puzzle dialog, made as ``generate
--technique`` makes it, and named by the hint when its step comes."""

from __future__ import annotations

from textual.widgets import Button, Select
from ui_helpers import SIZE, wait_for

from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.search.solver import count_solutions
from sudoku_tui.game import new_puzzle, texts
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import LeaveGameDialog
from sudoku_tui.ui.new_puzzle_dialog import NewPuzzleDialog


async def test_practise_a_skyscraper_and_its_hint_names_it() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewPuzzleDialog)
        # Past size, difficulty and symmetry to the technique's list.
        await pilot.press("tab", "tab", "tab")
        select = dialog.query_one("#technique", Select)
        assert app.focused is select
        select.value = TechniqueName.SKYSCRAPER
        await pilot.pause()
        assert select.value is TechniqueName.SKYSCRAPER
        assert dialog.query_one("#daily", Button).disabled
        assert str(dialog.query_one("#note").render()) == new_puzzle.PRACTICE_NOTE
        await pilot.click("#start")
        await wait_for(pilot, "make")

        session = app.session
        puzzle = session.puzzle
        assert session.practising is TechniqueName.SKYSCRAPER
        assert app.game.sub_title == "New 9x9 Skyscraper practice puzzle"
        assert count_solutions(puzzle, 2) == 1
        steps = solve_logically(puzzle).steps
        first = next(number for number, step in enumerate(steps) if step.technique is TechniqueName.SKYSCRAPER)

        # Play the steps before it as hints would (each after a hint was asked
        # for this board, so their eliminations are kept), then ask for a hint.
        for step in steps[:first]:
            session.hint_signature()
            app.game.board.show_answer(session.apply_step(step))
        await pilot.press("question_mark")
        await wait_for(pilot, "hint")
        said = str(app.query_one("#status").render())
        assert said == f"Hint: {texts.practised_step('Skyscraper')} (press ? again to see where)"

        # The dialog offers the same practice again; another puzzle (today's daily) is not practice.
        await pilot.press("n")
        assert isinstance(app.screen, NewPuzzleDialog)
        assert app.screen.choice().technique is TechniqueName.SKYSCRAPER
        await pilot.press("escape", "d")
        # The practice game has moves and no file brings it back: the game asks first.
        assert isinstance(app.screen, LeaveGameDialog)
        await pilot.press("right", "enter")  # Leave it
        await wait_for(pilot, "make")
        assert session.made is not None and session.puzzle == session.made.puzzle != puzzle
        assert session.practising is None
