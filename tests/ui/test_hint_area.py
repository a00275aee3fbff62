"""The hint area: a hint's whole sentence on screen at 80x24, never over the cells it names.

Ten hints in a row (each pressed three times: named, shown, applied) on a 9x9
and on a Samurai board, the biggest the game plays; every sentence is read
off the rendered screen, and the note's region is checked against the screen
regions of the cells the sentence names. Nothing the game says is a toast.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.geometry import Region, Size
from textual.pilot import Pilot
from textual.widgets import Label
from ui_helpers import SIZE, load, wait_for

import sudoku_tui
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.step import Step
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.hint_area import NARROWEST, HintArea, place_note

PUZZLES = Path(sudoku_tui.__file__).parent / "puzzles"
# Puzzle 9 of this file asks for Locked Candidates and pairs early: long sentences.
EXTREME = PUZZLES / "9x9-extreme.txt"
SAMURAI = PUZZLES / "samurai-medium.txt"
# Steps of the Samurai's puzzle 0 played before the hints: from here its steps are long to say.
SAMURAI_STEPS_BEFORE = 61


def screen_lines(app: SudokuApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def spoken(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def note_text(app: SudokuApp) -> str:
    """The note's sentence as the screen shows it: its rows inside the frame, joined."""
    note = app.game.note
    inner = note.content_region
    rows = screen_lines(app)[inner.y : inner.bottom]
    return spoken(" ".join(row[inner.x : inner.right] for row in rows))


def named(step: Step) -> set[int]:
    """The cells a hint's sentence speaks of: its pattern, what it places, what it clears."""
    return set(step.cells) | {cell for cell, _ in step.placements} | {cell for cell, _ in step.eliminations}


def check_said_whole(app: SudokuApp, cells: set[int]) -> bool:
    """The status line's sentence is on screen whole: on the status line when it fits,
    else in the note, which covers none of ``cells`` nor the cursor. True when the note held it."""
    sentence = spoken(str(app.query_one("#status", Label).content))
    assert sentence
    assert not app._notifications  # never a toast
    note = app.game.note
    if not note.display:
        status_row = screen_lines(app)[app.query_one("#status-bar").region.y]
        assert sentence in spoken(status_row)
        return False
    assert note_text(app) == sentence
    board = app.game.board
    for cell in {*cells, board.cursor}:
        assert not note.region.overlaps(board.cell_region(cell)), (sentence, cell)
    assert app.screen.region.contains_region(note.region)
    return True


async def ten_hints(pilot: Pilot[None]) -> int:
    """Ten hints, each pressed to its end; how many of their sentences the note held."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    in_note = 0
    for _ in range(10):
        step: Step | None = None
        for _level in range(3):
            await pilot.press("question_mark")
            await wait_for(pilot, "hint")
            shown = app.session.hints.shown
            step = shown.step if shown is not None else step
            assert step is not None
            in_note += check_said_whole(app, named(step))
    return in_note


async def test_ten_hints_on_a_9x9_at_80x24() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, EXTREME)
        app.game.show_puzzle(9)
        await pilot.pause()
        assert app.game.board.plan.density == "paired"  # the board keeps its marks
        assert await ten_hints(pilot) >= 4  # the long ones went to the note, and read whole there


async def test_ten_hints_on_a_samurai_at_80x24() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, SAMURAI)
        app.game.show_puzzle(0)
        await pilot.pause()
        session = app.session
        # Play the steps before as hints would, their eliminations kept.
        for step in solve_logically(session.puzzle).steps[:SAMURAI_STEPS_BEFORE]:
            session.hint_signature()
            app.game.board.show_answer(session.apply_step(step))
        await pilot.pause()
        assert app.game.board.region.width == 71  # the board fills the screen's width: no room beside it
        assert await ten_hints(pilot) >= 4


async def test_the_note_goes_beside_a_small_board() -> None:
    """A 4x4 at 120x40 leaves room beside it: the note covers no cell at all."""
    app = SudokuApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await load(pilot, PUZZLES / "4x4-easy.txt")
        game = app.game
        game.show_note("A sentence long enough to need the hint area rather than the status line, " * 2)
        await pilot.pause()
        board = game.board.region
        assert game.note.region.x > board.right
        assert note_text(app) == spoken(
            "A sentence long enough to need the hint area rather than the status line, " * 2
        )


async def test_the_note_goes_with_a_change_or_escape_and_never_piles_up() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, EXTREME)
        game = app.game
        for number in range(5):
            game.show_note(f"Sentence number {number}, and long enough to wrap over two lines of the note. " * 2)
        await pilot.pause()
        assert len(game.query(HintArea)) == 1 and "number 4" in note_text(app)
        await pilot.press("escape")
        assert not game.note.display
        game.show_note("Another sentence.")
        await pilot.pause()
        assert game.note.display
        await pilot.press("right")  # the cursor moves: the note stays, off the cursor
        assert game.note.display
        assert not game.note.region.overlaps(game.board.cell_region(game.board.cursor))
        await pilot.press("1")  # the play changed: what was said is over
        assert not game.note.display


async def test_textual_s_own_notifications_go_to_the_note() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, EXTREME)
        app.notify("[b]Saved[/b] a screenshot somewhere")
        await pilot.pause()
        assert not app._notifications
        assert app.game.note.text == "Saved a screenshot somewhere"


@pytest.mark.parametrize("width", [80, 60, 120])
def test_a_note_avoids_every_region_it_is_given(width: int) -> None:
    screen = Size(width, 24)
    # Cells down the whole bottom and top of the screen, and one column through the middle.
    avoid = [Region(0, 0, width, 3), Region(0, 21, width, 3), Region(width // 2, 0, 3, 24)]
    region, lines = place_note("word " * 40, screen, avoid)
    assert not any(region.overlaps(cell) for cell in avoid)
    assert region.width >= NARROWEST and len(lines) + 2 == region.height
    assert spoken(" ".join(lines)) == spoken("word " * 40)
