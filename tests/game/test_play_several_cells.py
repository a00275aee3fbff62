"""Several cells at once: the selection's rectangle, and one action on each selected cell as one move."""

from __future__ import annotations

from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.files.model import PuzzleFile
from sudoku_tui.game.play import Play
from sudoku_tui.game.selection import Selection
from sudoku_tui.game.session import REFUSED, Session
from sudoku_tui.game.store.sqlite import SqliteStore

FOUR = Puzzle.from_line(square(2), "2...43213...1432")  # givens: 0, 4-7, 8, 12-15


def bits(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def test_the_selection_is_the_rectangle_between_anchor_and_cursor() -> None:
    nine = square(3)
    one = Selection(10)
    assert one.cells(nine) == (10,) and not one.several
    grown = one.moved(11, extend=True).moved(20, extend=True)  # from r2c2 to r3c3
    assert grown.anchor == 10 and grown.several
    assert grown.cells(nine) == (10, 11, 19, 20)
    back = grown.moved(0, extend=True)  # past the anchor: the rectangle turns over
    assert back.cells(nine) == (0, 1, 9, 10)
    assert back.moved(3, extend=False) == Selection(3)  # a plain move collapses it


def test_a_samurai_selection_skips_the_gaps() -> None:
    samurai = shape_for_size("samurai")
    top_left = samurai.cell_at[(0, 0)]
    right_top = samurai.cell_at[(0, 20)]
    cells = Selection(right_top, top_left).cells(samurai)
    assert len(cells) == 18  # the gap between the two top grids has no cells
    assert all(samurai.positions[cell][0] == 0 for cell in cells)


def test_a_value_goes_into_each_selected_cell_but_the_givens_in_one_undo() -> None:
    play = Play(FOUR)
    play.toggle_mark(9, 4)  # in the columns of cells 1 and 3
    play.toggle_mark(11, 4)
    move = play.enter_each([0, 1, 2, 3, 4], 4)  # 0 and 4 are givens
    assert move is not None and move.name == "Enter"
    assert play.values[:5] == [2, 4, 4, 4, 4]
    assert play.marks[9] == 0 and play.marks[11] == 0  # 4 left the peers' marks (columns 1 and 3)
    play.undo()
    assert play.values[:5] == [2, 0, 0, 0, 4]
    assert play.marks[9] == bits(4) and play.marks[11] == bits(4)


def test_a_clear_empties_each_selected_entry() -> None:
    play = Play(FOUR)
    play.enter_each([1, 2, 3], 1)
    assert play.enter_each([0, 1, 2, 3], 0) is not None
    assert play.values[:4] == [2, 0, 0, 0]
    assert play.enter_each([0, 4], 0) is None  # givens alone: nothing to do


def test_a_mark_is_set_on_all_unless_all_have_it() -> None:
    play = Play(FOUR)
    play.toggle_mark(1, 3)
    play.enter(3, 1)  # a filled cell takes no marks
    play.toggle_mark_each([0, 1, 2, 3], 3)
    assert [play.marks[cell] for cell in (0, 1, 2, 3)] == [0, bits(3), bits(3), 0]
    play.toggle_mark_each([0, 1, 2, 3], 3)  # all have it now: off on all
    assert [play.marks[cell] for cell in (0, 1, 2, 3)] == [0, 0, 0, 0]
    play.undo()
    assert [play.marks[cell] for cell in (1, 2)] == [bits(3), bits(3)]


def test_the_session_refuses_a_selection_of_givens_and_follows_its_selection(tmp_path: Path) -> None:
    session = Session(SqliteStore(tmp_path / "store.sqlite3"), start_folder=tmp_path)
    token = session.begin_load(None)
    assert session.file_loaded(token, PuzzleFile(FOUR.shape, "plain", [FOUR.to_line()]))
    assert session.enter_each([4, 5, 6], 1) is REFUSED
    session.selection = Selection(2).moved(3, extend=True)
    cells = session.selected_cells()
    assert cells == (2, 3)
    answer = session.enter_each(cells, 4)
    assert answer.changed and session.play.values[2:4] == [4, 4]
    assert session.undo().changed and session.play.values[2:4] == [0, 0] and not session.play.can_undo
    assert session.toggle_mark_each(cells, 2).changed and session.play.marks[2] == session.play.marks[3] == bits(2)
