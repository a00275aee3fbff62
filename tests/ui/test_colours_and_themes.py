"""Colour mode on the board (z, 1-6, 0, Escape), and the theme the player chose, kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from test_big_boards import playing
from ui_helpers import SIZE, label, load, snapshot_app

from sudoku_tui.game.store.local import open_local_store
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.themes import COLOUR_BLIND_SAFE, HIGH_CONTRAST

SnapCompare = Callable[..., bool]
BOARDS = Path(__file__).parent / "boards"
PUZZLES = Path(__file__).parent / "puzzles"


class CountingBells(SudokuApp):
    """The game, counting the bells it rings (a refused key rings one)."""

    bells = 0

    def bell(self) -> None:
        self.bells += 1


def row_text(app: SudokuApp, cell: int) -> str:
    """The screen line of a cell's last row (where a painted cell shows its letter)."""
    board = app.game.board
    row = app.session.play.shape.positions[cell][0]
    return board.render_line(board.plan.cell_y[row] + board.plan.cell_height - 1).text


async def test_colour_mode_paints_removes_and_leaves(puzzle_dir: Path) -> None:
    app = CountingBells()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "nine.txt")
        play = app.session.play
        empty = next(cell for cell in range(81) if not play.values[cell])
        app.game.board.cursor = empty
        await pilot.press("z")
        assert label(app, "mode") == "COLOUR"
        await pilot.press("3")
        assert play.colours[empty] == 3 and play.values[empty] == 0
        assert "c" in row_text(app, empty)
        await pilot.press("9")  # a value, no colour: refused, nothing typed
        assert app.bells == 1 and play.values[empty] == 0 and play.colours[empty] == 3
        await pilot.press("0")
        assert play.colours[empty] == 0
        await pilot.press("u")  # undo takes the removal back
        assert play.colours[empty] == 3
        await pilot.press("escape")
        assert label(app, "mode") == "Values"
        await pilot.press("4")  # out of colour mode a digit is a value again
        assert play.values[empty] == 4 and play.colours[empty] == 3
        await pilot.press("z", "6", "z")
        assert play.colours[empty] == 6 and label(app, "mode") == "Values"
        given = next(cell for cell in range(81) if play.is_given(cell))
        app.game.board.cursor = given
        await pilot.press("z", "1")
        assert play.colours[given] == 0 and app.bells == 2


async def test_colours_come_back_with_the_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "z", "5")
        await app.action_quit()
    again = SudokuApp()
    async with again.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        assert again.session.play.colours[1] == 5
        assert "e" in row_text(again, 1)


async def test_the_theme_chosen_comes_back_in_the_next_game() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "textual-dark"
        app.theme = HIGH_CONTRAST.name  # what choosing it in the palette does
        await pilot.pause()
        await app.action_quit()
    again = SudokuApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == HIGH_CONTRAST.name
        assert again.screen.styles.background.hex == "#000000"


async def test_a_theme_chosen_through_the_palette_is_kept(data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"theme", "enter")
        await pilot.pause()
        await pilot.press(*"colour-blind", "enter")
        await pilot.pause()
        assert app.theme == COLOUR_BLIND_SAFE.name
        await app.action_quit()
    opened = open_local_store()
    assert opened.store.get_setting("local", "theme") == COLOUR_BLIND_SAFE.name
    opened.store.close()


async def test_a_kept_theme_the_game_no_longer_has_is_left_aside() -> None:
    opened = open_local_store()
    opened.store.put_setting("local", "theme", "a-theme-gone")
    opened.store.close()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"


# A chain on the first rows: each of the six colours once, the cursor left on a painted cell.
CHAIN = ("a", "z", "right", "1", *("right",) * 2, "2", *("right",) * 2, "3", *("right",) * 2, "4")
CHAIN += ("down", "right", "5", "left", "left", "6", "left")


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
def test_coloured_board_snapshot(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(PUZZLES / "nine.txt", *CHAIN))


def test_coloured_sixteen_by_sixteen_snapshot(snap_compare: SnapCompare) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(BOARDS / "sixteen.txt", *CHAIN))


def test_coloured_board_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(PUZZLES / "nine.txt", *CHAIN))


@pytest.mark.parametrize("theme", [HIGH_CONTRAST.name, COLOUR_BLIND_SAFE.name])
def test_coloured_board_in_our_themes(snap_compare: SnapCompare, theme: str) -> None:
    app = snapshot_app()
    app.theme = theme
    keys = (*CHAIN, "m", "z", "down", "down", "5")  # show mistakes on, and a conflict
    assert snap_compare(app, terminal_size=SIZE, run_before=playing(PUZZLES / "nine.txt", *keys))
