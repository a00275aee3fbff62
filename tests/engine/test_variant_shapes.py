"""The variants as shapes: their houses, cages, peers and puzzle lines."""

from __future__ import annotations

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle, format_line
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.board.variants import (
    BOX_REGIONS,
    cage_combinations,
    jigsaw,
    killer,
    shape_of_line,
    sudoku_x,
    windoku,
)

# The boxes, but r3c3 moves to region 2 and r1c4 to region 1 (both stay connected).
MOVED_REGIONS = "111122333" + "111222333" + "112222333" + BOX_REGIONS[27:]


def test_sudoku_x_adds_the_diagonals_after_the_classic_houses() -> None:
    shape, classic = sudoku_x(), square(3)
    assert shape.houses[:27] == classic.houses
    diagonals = [shape.houses[h] for h in shape.extra_houses]
    assert [h.cells for h in diagonals] == [tuple(range(0, 81, 10)), tuple(range(8, 80, 8))]
    assert [h.name for h in diagonals] == ["diagonal 1", "diagonal 2"]
    assert 80 in shape.peer_sets[0] and 80 not in classic.peer_sets[0]
    assert 40 in shape.peer_sets[0] and 40 in shape.peer_sets[8]  # the centre is on both
    assert len(shape.cell_houses[40]) == 5 and not shape.in_two_grids(40)


def test_windoku_windows() -> None:
    shape = windoku()
    windows = [shape.houses[h].cells for h in shape.extra_houses]
    assert windows[0] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert windows[3][0] == 9 * 5 + 5
    assert 12 in shape.peer_sets[28] and 12 not in square(3).peer_sets[28]


def test_jigsaw_regions_replace_the_boxes() -> None:
    shape = jigsaw(MOVED_REGIONS)
    regions = [shape.houses[h] for h in shape.box_houses]
    assert len(shape.houses) == 27 and len(regions) == 9
    assert regions[0].cells == (0, 1, 2, 3, 9, 10, 11, 18, 19)
    assert 20 in regions[1].cells and regions[1].name == "region 2"
    assert 3 in shape.peer_sets[18] and 20 not in shape.peer_sets[0]
    assert jigsaw(MOVED_REGIONS) is shape  # made once per map


def test_killer_cages_make_peers_and_keep_their_totals() -> None:
    cage_map = "aab" + "c" * 78
    shape = killer(cage_map, (3, 4, 38))
    assert [(c.cells, c.total) for c in shape.cages][:2] == [((0, 1), 3), ((2,), 4)]
    assert shape.cell_cage[:4] == (0, 0, 1, 2)
    assert shape.houses == square(3).houses
    assert 80 in shape.peer_sets[3]  # the big cage's cells all differ


def test_lines_carry_their_shape() -> None:
    template = shape_for_size("jigsaw")
    line = "." * 80 + "5 " + MOVED_REGIONS
    puzzle = Puzzle.from_line(template, line)
    assert puzzle.shape is jigsaw(MOVED_REGIONS) and puzzle.givens[80] == 5
    assert puzzle.to_line() == line and format_line(puzzle.shape, puzzle.givens, "0").endswith(MOVED_REGIONS)
    killer_line = "." * 81 + " " + "aab" + "c" * 78 + " 3,4,38"
    assert shape_of_line(shape_for_size("killer"), killer_line).cages[2].total == 38
    assert shape_for_size("x") is sudoku_x() and shape_for_size("windoku") is windoku()


def test_cage_combinations() -> None:
    assert cage_combinations(2, 3) == (0b11,)
    assert cage_combinations(2, 17) == (0b110000000,)
    assert len(cage_combinations(3, 15)) == 8
    assert cage_combinations(9, 45) == (0b111111111,)
    assert cage_combinations(2, 2) == () and cage_combinations(1, 10) == ()
