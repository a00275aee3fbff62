"""The pure-Python search's own tables and deductions (pure.py): the folds
that count a house in a few shifts, and locked candidates, which the
answers alone (test_solver.py) would not show."""

from __future__ import annotations

from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.variants import BOX_REGIONS, jigsaw, sudoku_x
from sudoku_tui.engine.search.pure import PureSearch, _fold_plan, pure_tables

NINE = square(3)
# Regions that are not boxes: the first three rows' regions trade cells.
MOVED_REGIONS = "111122333" + "111222333" + "112222333" + BOX_REGIONS[27:]


def test_a_row_of_nine_folds_in_two_stages_of_two_shifts() -> None:
    assert _fold_plan(list(range(9))) == ((1, 2), (3, 6))
    assert _fold_plan([0, 1, 2, 9, 10, 11, 18, 19, 20]) == ((1, 2), (9, 18))
    assert _fold_plan([0, 1, 2, 3, 16, 17, 18, 19]) == ((1,), (2,), (16,))
    assert _fold_plan(list(range(16))) == ((1,), (2,), (4,), (8,))


def test_an_irregular_house_folds_one_offset_at_a_time() -> None:
    assert _fold_plan([0, 1, 5, 9]) == ((1, 5, 9),)
    assert _fold_plan([0]) == ()


def _candidates(givens: dict[tuple[int, int], int], cell: tuple[int, int]) -> set[int]:
    line = ["."] * 81
    for (row, col), value in givens.items():
        line[row * 9 + col] = str(value)
    search = PureSearch(NINE)
    state = search.start([0 if c == "." else int(c) for c in line])
    assert state is not None
    bits = search.open_candidates(state, cell[0] * 9 + cell[1])
    return {v + 1 for v in range(9) if bits >> v & 1}


def test_a_value_a_box_holds_in_one_row_leaves_the_rest_of_that_row() -> None:
    # Box 1's second and third rows are full without a 1: its 1 is in row 1,
    # so no other cell of row 1 may hold it (pointing).
    givens = {(r, c): 2 + 3 * (r - 1) + c for r in (1, 2) for c in range(3)}
    assert 1 not in _candidates(givens, (0, 5))
    assert 1 in _candidates(givens, (1, 5))


def test_a_value_a_column_holds_in_one_box_leaves_the_rest_of_that_box() -> None:
    # Column 1 below box 1 is full without a 1: its 1 is in box 1, so no other
    # cell of box 1 may hold it (claiming, down a column).
    givens = {(r, 0): r - 1 for r in range(3, 9)}
    assert 1 not in _candidates(givens, (1, 1))
    assert 1 in _candidates(givens, (1, 0))


def test_locked_candidates_need_square_boxes() -> None:
    assert len(pure_tables(NINE).lines) == 2
    assert len(pure_tables(samurai()).lines) == 2
    assert len(pure_tables(sudoku_x()).lines) == 2
    assert len(pure_tables(jigsaw(BOX_REGIONS)).lines) == 2  # a jigsaw whose regions are the boxes
    assert pure_tables(jigsaw(MOVED_REGIONS)).lines == ()
