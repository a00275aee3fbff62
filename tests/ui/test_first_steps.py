"""What a new player tripped on: the New Puzzle dialog's highlight and its fit at 60x20,
the daily's header, a practice game resumed as practice, the digit counts' heading."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select
from ui_helpers import SIZE, load, settle, wait_for

from sudoku_tui.engine.board.levels import Level, Symmetry
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.game import texts
from sudoku_tui.game.daily import today
from sudoku_tui.game.new_puzzle import NewPuzzleChoice
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import ResumeDialog
from sudoku_tui.ui.new_puzzle_dialog import ChoiceSet, NewPuzzleDialog
from sudoku_tui.ui.widgets import DigitCounts


def screen_lines(app: SudokuApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_the_highlight_is_on_the_chosen_options() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewPuzzleDialog(NewPuzzleChoice("9x9", Level.HARD, Symmetry.MIRROR)))
        await pilot.pause()
        await pilot.pause()
        for name, chosen in (("size", "9x9"), ("level", "hard"), ("symmetry", "mirror")):
            choices = app.screen.query_one(f"#{name}", ChoiceSet)
            assert choices.chosen == chosen
            assert [button.id for button in choices.query(".-selected")] == [f"{name}-{chosen}"]


async def test_the_dialog_and_its_technique_list_fit_60x20() -> None:
    app = SudokuApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewPuzzleDialog)
        screen = dialog.region
        for widget in dialog.query("RadioButton, Button, Select, Label"):
            if widget.display:
                assert screen.contains_region(widget.region), widget
        drawn = "\n".join(screen_lines(app))
        assert "…" not in drawn  # no option's name cut
        for label in ("Sudoku X", "Rotational", "Extreme", "Start", "Cancel", "Today's Daily"):
            assert label in drawn
        # The technique list opens inside the screen, every name whole, and scrolls to the last.
        await pilot.press("tab", "tab", "tab", "enter")
        await pilot.pause()
        overlay = dialog.query_one("SelectOverlay")
        assert screen.contains_region(overlay.region)
        drawn = "\n".join(screen_lines(app))
        assert TechniqueName.POINTING.value in drawn
        await pilot.press("end")
        await pilot.pause()
        last = [name for name, _ in dialog.query_one("#technique", Select)._options][-1]
        assert str(last) in "\n".join(screen_lines(app))


async def test_the_daily_header_says_its_date_and_level() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await wait_for(pilot, "make")
        assert app.game.sub_title == texts.daily_title(today().isoformat(), "medium", "9x9")
        assert today().isoformat() in screen_lines(app)[0] and "medium" in screen_lines(app)[0]


async def test_a_resumed_practice_game_is_still_practice_of_its_technique() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.game._new_chosen(NewPuzzleChoice("9x9", technique=TechniqueName.X_WING))
        await wait_for(pilot, "make")
        assert app.session.practising is TechniqueName.X_WING
        puzzle = app.session.puzzle
        empty = app.session.play.values.index(0)
        app.game.board.cursor = empty
        await pilot.press(app.session.play.shape.symbol(1))  # a move: the game is kept
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeDialog)
        assert texts.practice_puzzle("X-Wing") in app.screen.about
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzle == puzzle
        assert app.session.practising is TechniqueName.X_WING
        assert app.game.sub_title == texts.practice_title("9x9", "X-Wing")


async def test_a_heading_over_the_digit_counts(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        counts = app.query_one(DigitCounts)
        assert counts.display
        heading = screen_lines(app)[counts.region.y]
        assert texts.COUNTS_HEADING in heading[counts.region.x : counts.region.right]
        first = screen_lines(app)[counts.content_region.y]
        assert first[counts.content_region.x :].lstrip().startswith("1")
