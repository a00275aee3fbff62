"""Every board as data: shapes, houses, puzzle lines, conflicts."""

from __future__ import annotations

import pytest

from sudoku_tui.engine.board.conflicts import PotentialConflicts, conflicting_cells
from sudoku_tui.engine.board.geometry import samurai, samurai_grid_cells, square
from sudoku_tui.engine.board.puzzle import (
    InvalidCharacter,
    LineError,
    SharedBoxesDisagree,
    WrongLength,
    format_line,
    parse_line,
)
from sudoku_tui.engine.board.shapes import shape_for_size


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_square_shapes(box: int) -> None:
    shape = square(box)
    n = box * box
    assert (shape.n, shape.size, shape.rows, shape.cols) == (n, n * n, n, n)
    assert len(shape.houses) == 3 * n
    assert all(len(h.cells) == n for h in shape.houses)
    assert all(len(p) == 3 * (n - 1) - 2 * (box - 1) for p in shape.peers)
    assert all(len(houses) == 3 for houses in shape.cell_houses)
    assert len(set(shape.symbols)) == n


def test_symbols() -> None:
    assert square(3).symbols == "123456789"
    assert square(4).symbols == "123456789ABCDEFG"
    assert square(4).value_of("a") == 10 and square(4).value_of("G") == 16
    assert square(3).value_of("A") == 0 and square(2).value_of("5") == 0
    assert square(4).symbol(16) == "G" and square(4).symbol(0) == "."


def test_box_membership_9x9() -> None:
    shape = square(3)
    box_of = {cell: h.number for h in shape.houses if h.kind == "box" for cell in h.cells}
    assert box_of[0] == 0 and box_of[80] == 8 and box_of[3 * 9 + 4] == 4
    assert shape.cell_name(80) == "r9c9"


def test_samurai_shape() -> None:
    shape = samurai()
    assert (shape.size, shape.rows, shape.cols, shape.line_length) == (369, 21, 21, 405)
    kinds = [h.kind for h in shape.houses]
    assert kinds.count("row") == 45 and kinds.count("column") == 45 and kinds.count("box") == 41
    assert (9, 0) not in shape.cell_at and (0, 10) not in shape.cell_at  # gaps
    assert (9, 9) in shape.cell_at  # the centre grid
    centre = shape.cell_at[10, 10]
    assert len(shape.cell_houses[centre]) == 3
    shared = shape.cell_at[7, 7]  # in the top-left and the centre grid
    assert len(shape.cell_houses[shared]) == 5  # two rows, two columns, one box
    assert len(shape.peers[shared]) > 20
    assert set(samurai_grid_cells(0)) & set(samurai_grid_cells(2)) == {
        shape.cell_at[r, c] for r in range(6, 9) for c in range(6, 9)
    }
    assert shape.cell_name(shape.cell_at[20, 20]) == "r21c21"
    # The four shared boxes, 36 cells, are the cells of two grids.
    in_two = {cell for cell in range(shape.size) if shape.in_two_grids(cell)}
    grids = [set(samurai_grid_cells(g)) for g in range(5)]
    assert in_two == {cell for cell in range(shape.size) if sum(cell in grid for grid in grids) == 2}
    assert len(in_two) == 36 and not any(square(3).in_two_grids(cell) for cell in range(81))


def test_shape_for_size() -> None:
    assert shape_for_size(9) is square(3)
    assert shape_for_size("16x16") is square(4)
    assert shape_for_size("samurai") is samurai()
    with pytest.raises(ValueError):
        shape_for_size(7)


def test_samurai_line_round_trip() -> None:
    shape = samurai()
    values = [(cell % 9) + 1 if cell % 7 == 0 else 0 for cell in range(shape.size)]
    line = format_line(shape, values)
    assert parse_line(shape, line) == tuple(values)


def test_potential_conflicts() -> None:
    shape = square(2)
    clean = PotentialConflicts(shape, parse_line(shape, "2...43213...1432"))
    assert not clean.has_conflict
    assert clean.creates_conflict(1, 2)  # row 1 holds 2
    assert not clean.creates_conflict(1, 1)
    empty = PotentialConflicts(shape, [0] * 16)
    empty.set_conflict(0, 1, True)
    assert [empty.creates_conflict(cell, 1) for cell in (1, 4, 5, 10)] == [True, True, True, False]
    empty.set_conflict(0, 1, False)
    assert not any(empty.creates_conflict(cell, 1) for cell in (1, 4, 5, 10))
    for line in ("11..............", "1...1...........", "1....1.........."):
        assert PotentialConflicts(shape, parse_line(shape, line)).has_conflict, line
    assert conflicting_cells(shape, parse_line(shape, "1....1..........")) == {0, 5}


def test_house_look_ups() -> None:
    shape = square(3)
    assert shape.house_cells[0] == tuple(range(9))
    assert [shape.house_kinds[h] for h in (shape.row_houses[0], shape.column_houses[0], shape.box_houses[0])] == [
        "row",
        "column",
        "box",
    ]
    assert shape.peer_sets[0] == frozenset(shape.peers[0])
    assert shape.house_sets[shape.box_houses[0]] == frozenset({0, 1, 2, 9, 10, 11, 18, 19, 20})
    # A cell of a Samurai's shared box lies in two rows, two columns and one box.
    big = samurai()
    shared = samurai_grid_cells(0)[80]  # bottom-right corner of the top-left grid
    by_kind = big.cell_houses_by_kind
    assert (len(by_kind["row"][shared]), len(by_kind["column"][shared]), len(by_kind["box"][shared])) == (2, 2, 1)


@pytest.mark.parametrize(
    ("line", "error"),
    [("2...4321", WrongLength), ("2...43213...14x2", InvalidCharacter)],
)
def test_line_errors_say_what_is_wrong(line: str, error: type[LineError]) -> None:
    with pytest.raises(error):
        parse_line(square(2), line)


def test_samurai_shared_boxes_must_agree() -> None:
    shape = samurai()
    line = list(format_line(shape, [0] * shape.size))
    line[80] = "1"  # the top-left grid's last cell, which the centre grid holds too
    with pytest.raises(SharedBoxesDisagree):
        parse_line(shape, "".join(line))
