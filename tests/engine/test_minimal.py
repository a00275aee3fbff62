"""Needed and redundant givens (engine/authors/minimal.py).

On 4x4 and 9x9 the answers are checked with a small solution counter written
here; on 16x16 and Samurai, where it would be too slow, against the solver's
count of each puzzle less one given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from sudoku_tui.engine.authors.minimal import GivensReport, analyse_givens, is_minimal
from sudoku_tui.engine.board.geometry import Shape, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import count_solutions, solve

FOUR, NINE, SIXTEEN = square(2), square(3), square(4)

# Every 17-clue puzzle with one solution is minimal: no 16-clue puzzle has
# one solution (McGuire, Tugemann and Civario, 2012). This one is from
# Royle's list.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def count_here(shape: Shape, givens: Sequence[int], limit: int = 2) -> int:
    """Solutions up to ``limit``: a depth-first search on the cell with the
    fewest candidates, each house's values kept as a bit set; independent
    of the engine's solver."""
    full = (1 << shape.n) - 1
    houses = shape.cell_houses
    held = [0] * len(shape.houses)
    open_cells = []
    for cell, value in enumerate(givens):
        if not value:
            open_cells.append(cell)
            continue
        bit = 1 << (value - 1)
        if any(held[h] & bit for h in houses[cell]):
            return 0
        for h in houses[cell]:
            held[h] |= bit
    found = 0

    def search() -> None:
        nonlocal found
        if not open_cells:
            found += 1
            return
        best_index, best_free = fewest_candidates(houses, held, open_cells, full)
        cell = open_cells.pop(best_index)
        while best_free and found < limit:
            bit = best_free & -best_free
            best_free ^= bit
            for h in houses[cell]:
                held[h] |= bit
            search()
            for h in houses[cell]:
                held[h] &= ~bit
        open_cells.insert(best_index, cell)

    search()
    return found


def fewest_candidates(
    houses: Sequence[Sequence[int]], held: list[int], open_cells: list[int], full: int
) -> tuple[int, int]:
    """The index in ``open_cells`` of a cell with the fewest candidates, and its candidates."""
    best_index, best_free = 0, -1
    for index, cell in enumerate(open_cells):
        used = 0
        for h in houses[cell]:
            used |= held[h]
        free = full & ~used
        if best_free < 0 or free.bit_count() < best_free.bit_count():
            best_index, best_free = index, free
            if free.bit_count() <= 1:
                break
    return best_index, best_free


def without(puzzle: Puzzle, cell: int) -> tuple[int, ...]:
    return tuple(0 if c == cell else v for c, v in enumerate(puzzle.givens))


def expected_report(puzzle: Puzzle) -> GivensReport:
    solutions = count_here(puzzle.shape, puzzle.givens)
    if solutions != 1:
        return GivensReport(solutions)
    cells = [cell for cell, value in enumerate(puzzle.givens) if value]
    unique = {cell: count_here(puzzle.shape, without(puzzle, cell)) == 1 for cell in cells}
    return GivensReport(1, tuple(c for c in cells if not unique[c]), tuple(c for c in cells if unique[c]))


def test_a_17_clue_puzzle_is_minimal() -> None:
    puzzle = Puzzle.from_line(NINE, SEVENTEEN)
    report = analyse_givens(puzzle)
    assert report == expected_report(puzzle)
    assert report.unique and report.minimal and is_minimal(puzzle)
    assert report.needed == tuple(cell for cell, v in enumerate(puzzle.givens) if v)
    assert report.redundant == ()


def test_an_added_given_is_the_redundant_one() -> None:
    puzzle = Puzzle.from_line(NINE, SEVENTEEN)
    solution = solve(puzzle)
    assert solution is not None
    original = tuple(cell for cell, v in enumerate(puzzle.givens) if v)
    # Adding a cell of the solution can make an old given redundant too;
    # take the first added cell that leaves only itself redundant (checked
    # with the counter here), and several cells that do not, for contrast.
    tried = 0
    for cell in range(81):
        if puzzle.givens[cell]:
            continue
        bigger = Puzzle(NINE, tuple(solution[cell] if c == cell else v for c, v in enumerate(puzzle.givens)))
        report = analyse_givens(bigger)
        assert report == expected_report(bigger)
        assert cell in report.redundant
        assert not report.minimal and not is_minimal(bigger)
        tried += 1
        if report.redundant == (cell,):
            assert report.needed == original
            return
        assert tried < 20, "no added given was the only redundant one"


def test_4x4_puzzles_against_the_counter_here() -> None:
    rng = random.Random(4)
    grid = solve(Puzzle(FOUR, (0,) * 16))
    assert grid is not None
    kinds = set()
    for _ in range(150):
        keep = set(rng.sample(range(16), rng.randint(3, 10)))
        relabel = [0, *rng.sample(range(1, 5), 4)]
        puzzle = Puzzle(FOUR, tuple(relabel[v] if cell in keep else 0 for cell, v in enumerate(grid)))
        report = analyse_givens(puzzle)
        assert report == expected_report(puzzle)
        assert is_minimal(puzzle) == report.minimal
        kinds.add((report.solutions, report.minimal))
    # Several solutions, minimal, and unique but not minimal all came up.
    assert {(2, False), (1, True), (1, False)} <= kinds


def test_no_or_several_solutions_are_reported_not_analysed() -> None:
    none = Puzzle.from_line(NINE, "11" + "." * 79)
    several = Puzzle.from_line(NINE, SEVENTEEN[:-9] + "." * 9)
    assert count_here(NINE, several.givens) == 2
    assert analyse_givens(none) == GivensReport(0, (), ())
    assert analyse_givens(several) == GivensReport(2, (), ())
    # Contradiction only found by search: two cells of a row left one value.
    stuck = Puzzle.from_line(FOUR, "12....3.........")
    assert count_here(FOUR, stuck.givens) == 0
    assert analyse_givens(stuck).solutions == 0
    for puzzle in (none, several, stuck):
        assert not is_minimal(puzzle)
        assert not analyse_givens(puzzle).unique


def test_progress() -> None:
    puzzle = Puzzle.from_line(NINE, SEVENTEEN)
    calls: list[tuple[int, int]] = []
    analyse_givens(puzzle, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 17) for i in range(1, 18)]


def test_16x16() -> None:
    rng = random.Random(16)
    grid = solve(Puzzle(SIXTEEN, (0,) * 256))
    assert grid is not None
    # A full grid: every given can go alone.
    full = Puzzle(SIXTEEN, grid)
    report = analyse_givens(full)
    assert report.redundant == tuple(range(256)) and not is_minimal(full)
    # Fewer givens: the two kinds, each checked by the solver directly.
    # Blank random cells, each only if the puzzle keeps one solution.
    values = list(grid)
    blank = set()
    for cell in rng.sample(range(256), 150):
        values[cell] = 0
        if count_solutions(Puzzle(SIXTEEN, tuple(values))) == 1:
            blank.add(cell)
        else:
            values[cell] = grid[cell]
    puzzle = Puzzle(SIXTEEN, tuple(values))
    report = analyse_givens(puzzle)
    assert report.solutions == 1
    assert sorted(report.needed + report.redundant) == [c for c in range(256) if c not in blank]
    assert report.needed and report.redundant
    for cell in rng.sample(report.redundant, 5):
        assert count_solutions(Puzzle(SIXTEEN, without(puzzle, cell))) == 1
    for cell in rng.sample(report.needed, min(5, len(report.needed))):
        assert count_solutions(Puzzle(SIXTEEN, without(puzzle, cell))) == 2


def test_samurai_puzzles(shared_file: Callable[..., Path]) -> None:
    folder = shared_file("samurai")
    files = sorted(path for path in folder.glob("*.txt") if not path.stem.endswith("_solution"))
    solutions_seen = set()
    for path in files:
        puzzle = read_puzzle_file(path).puzzle(0)
        report = analyse_givens(puzzle)
        solutions_seen.add(report.solutions)
        assert report.solutions == count_solutions(puzzle)
        assert is_minimal(puzzle) == report.minimal
        if report.solutions != 1:
            assert report.needed == report.redundant == ()
            continue
        # Cells shared by two grids are one given, counted once.
        assert len(report.needed) + len(report.redundant) == puzzle.given_count
        for cell in report.redundant[:3]:
            assert count_solutions(Puzzle(puzzle.shape, without(puzzle, cell))) == 1
        for cell in report.needed[:3]:
            assert count_solutions(Puzzle(puzzle.shape, without(puzzle, cell))) == 2
    assert {0, 1, 2} <= solutions_seen


def test_17_clue_collection_is_minimal(shared_file: Callable[..., Path]) -> None:
    lines = read_puzzle_file(shared_file("9x9", "17-clue.txt")).lines
    for line in random.Random(17).sample(lines, 40):
        assert is_minimal(Puzzle.from_line(NINE, line))
