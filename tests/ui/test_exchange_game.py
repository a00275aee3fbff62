"""The game opens other programs' files (.sdk, .ss, pencil marks) like its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import SIZE, load

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.exchange import puzzle_text
from sudoku_tui.ui import SudokuApp

EASY = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


@pytest.mark.parametrize(("to", "name"), [("sdk", "easy.sdk"), ("ss", "easy.ss"), ("pm", "marks.txt")])
async def test_the_game_plays_an_exchange_file(to: str, name: str, tmp_path: Path) -> None:
    shape = square(3)
    puzzle = Puzzle.from_line(shape, EASY)
    path = tmp_path / name
    path.write_text(puzzle_text(shape, puzzle.givens, to))
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, path)
        shown = app.session.puzzle
        assert shown.shape is shape
        # Pencil marks may also give the cells the givens leave one candidate: the givens stay.
        assert all(mine == value for mine, value in zip(shown.givens, puzzle.givens, strict=True) if value)
        if to != "pm":
            assert shown.givens == puzzle.givens
        assert app.game.board.play is app.session.play
