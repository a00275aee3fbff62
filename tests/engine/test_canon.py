"""Canonical forms and de-duplication (engine/authors/canon.py).

The forms are checked against things canon.py does not compute: transforms
made here at random, a search written here over every placement of a 4x4
board, a search written here over every column order of a 9x9 board (rows
chosen greedily, which the lexicographic order makes exact), and Royle's
published list of 17-clue puzzles, kept in the least form of this same order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import permutations, product
from pathlib import Path

import pytest

from sudoku_tui.engine.authors.canon import canonical_form, canonical_transform, dedupe
from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import count_solutions, solve

FOUR, NINE, SIXTEEN = square(2), square(3), square(4)

# Puzzles that need no shared data: the block-size format's example, a 17-clue one, an empty row
# and column, a very symmetric one, and a few sparse ones with many ties.
NINE_LINES = (
    "...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68.",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "1...5...9" + "." * 72,
    ".2.4.6.8." + "." * 63 + "1.3.5.7.9",
    "123456789456789123789123456" + "." * 54,
    "5" + "." * 79 + "5",
    "." * 81,
)


# --- transforms made here --------------------------------------------------


def line_order(box: int, rng: random.Random) -> list[int]:
    """A random order of rows (or columns) that keeps bands (stacks) whole."""
    bands = list(range(box))
    rng.shuffle(bands)
    order: list[int] = []
    for band in bands:
        inner = list(range(box))
        rng.shuffle(inner)
        order += [band * box + i for i in inner]
    return order


def place(puzzle: Puzzle, transposed: bool, rows: Sequence[int], cols: Sequence[int], relabel: Sequence[int]) -> Puzzle:
    n = puzzle.shape.n
    g = puzzle.givens
    values = [relabel[g[c * n + r] if transposed else g[r * n + c]] for r in rows for c in cols]
    return Puzzle(puzzle.shape, tuple(values))


def moved(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """The puzzle after a random composition of every kind of change."""
    shape = puzzle.shape
    box, n = shape.box, shape.n
    for _ in range(3):
        relabel = [0, *rng.sample(range(1, n + 1), n)]
        puzzle = place(puzzle, rng.random() < 0.5, line_order(box, rng), line_order(box, rng), relabel)
    return puzzle


def first_appearance(values: Sequence[int]) -> tuple[int, ...]:
    labels = {0: 0}
    return tuple(labels.setdefault(v, len(labels)) for v in values)


def as_line(values: Sequence[int]) -> str:
    return "".join(str(v) if v else "." for v in values)


def line_orders(box: int) -> list[tuple[int, ...]]:
    """Every order of rows that keeps bands whole."""
    found = []
    for bands in permutations(range(box)):
        for inner in product(permutations(range(box)), repeat=box):
            found.append(tuple(b * box + inner[i][j] for i, b in enumerate(bands) for j in range(box)))
    return found


def brute_form(puzzle: Puzzle) -> str:
    """The least line over every placement, each relabelled by first appearance."""
    box, n = puzzle.shape.box, puzzle.shape.n
    g = puzzle.givens
    orders = line_orders(box)
    best: tuple[int, ...] | None = None
    for transposed in (False, True):
        for rows in orders:
            for cols in orders:
                values = [g[c * n + r] if transposed else g[r * n + c] for r in rows for c in cols]
                line = first_appearance(values)
                if best is None or line < best:
                    best = line
    assert best is not None
    return as_line(best)


def column_search_form(puzzle: Puzzle) -> str:
    """The least line, rows chosen one at a time over every full column order.

    Each candidate is an orientation, the rows so far, one whole column order
    and its labels; only those giving the least prefix go on. No partial
    orders, no ties between stacks: none of canon.py's bookkeeping.
    """
    shape = puzzle.shape
    box, n = shape.box, shape.n
    g = puzzle.givens
    grids = (
        [tuple(g[r * n : r * n + n]) for r in range(n)],
        [tuple(g[c * n + r] for c in range(n)) for r in range(n)],
    )
    candidates = [(lines, (), cols, {0: 0}) for lines in grids for cols in line_orders(box)]
    form: list[int] = []
    for depth in range(n):
        best: list[int] | None = None
        kept: list[tuple[list[tuple[int, ...]], tuple[int, ...], tuple[int, ...], dict[int, int]]] = []
        for lines, rows, cols, labels in candidates:
            for row in allowed_rows(box, rows):
                seen = dict(labels)
                key = [seen.setdefault(lines[row][c], len(seen)) for c in cols]
                if best is None or key < best:
                    best, kept = key, []
                if key == best:
                    kept.append((lines, (*rows, row), cols, seen))
        assert best is not None
        form += best
        # Candidates that differ only in the order of the rows used are alike.
        unique = {
            (id(k[0]), frozenset(k[1]), k[1][depth - depth % box :], k[2], tuple(sorted(k[3].items()))): k for k in kept
        }
        candidates = list(unique.values())
    return as_line(form)


def allowed_rows(box: int, rows: tuple[int, ...]) -> Iterator[int]:
    if len(rows) % box:
        band = rows[-1] // box
        yield from (r for r in range(band * box, band * box + box) if r not in rows)
    else:
        used = {r // box for r in rows}
        yield from (r for r in range(box * box) if r // box not in used)


def grids_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 grid (288), found here by brute force."""
    shape = FOUR
    grids: list[tuple[int, ...]] = []

    def fill(values: list[int], cell: int) -> None:
        if cell == 16:
            grids.append(tuple(values))
            return
        used = {values[p] for p in shape.peers[cell]}
        for v in range(1, 5):
            if v not in used:
                values[cell] = v
                fill(values, cell + 1)
        values[cell] = 0

    fill([0] * 16, 0)
    return grids


def nine_puzzles() -> list[Puzzle]:
    return [Puzzle.from_line(NINE, line) for line in NINE_LINES]


def sample(lines: list[str], size: int, seed: int = 2026) -> list[str]:
    return random.Random(seed).sample(lines, size) if len(lines) > size else lines


# --- 4x4: every placement ----------------------------------------------------


def test_4x4_grids_fall_in_two_classes() -> None:
    grids = grids_4x4()
    assert len(grids) == 288
    forms = {canonical_form(Puzzle(FOUR, grid)) for grid in grids}
    # A known count: 4x4 Sudoku has two essentially different grids.
    assert len(forms) == 2
    assert {brute_form(Puzzle(FOUR, grid)) for grid in grids[::24]} <= forms


def test_4x4_form_is_the_least_over_every_placement() -> None:
    rng = random.Random(4)
    grids = grids_4x4()
    for _ in range(700):
        grid = rng.choice(grids)
        keep = set(rng.sample(range(16), rng.randint(0, 16)))
        puzzle = Puzzle(FOUR, tuple(v if cell in keep else 0 for cell, v in enumerate(grid)))
        assert canonical_form(puzzle) == brute_form(puzzle), puzzle.to_line()


def test_4x4_forms_are_equal_exactly_for_equivalent_puzzles() -> None:
    rng = random.Random(44)
    grids = grids_4x4()
    puzzles = []
    for _ in range(250):
        grid = rng.choice(grids)
        keep = set(rng.sample(range(16), rng.randint(3, 7)))
        puzzles.append(Puzzle(FOUR, tuple(v if cell in keep else 0 for cell, v in enumerate(grid))))
    # Equivalent pairs too, not only strangers.
    puzzles += [moved(p, rng) for p in puzzles[:60]]
    brute = [brute_form(p) for p in puzzles]
    forms = [canonical_form(p) for p in puzzles]
    for i in range(len(puzzles)):
        for j in range(i):
            assert (forms[i] == forms[j]) == (brute[i] == brute[j])


# --- 9x9 -------------------------------------------------------------------


def test_form_is_the_least_over_every_column_order() -> None:
    # Not the sparsest boards, whose ties cost the search here seconds each.
    for puzzle in nine_puzzles()[:3] + nine_puzzles()[4:7]:
        assert canonical_form(puzzle) == column_search_form(puzzle), puzzle.to_line()


def test_moved_puzzles_keep_their_form() -> None:
    rng = random.Random(9)
    for puzzle in nine_puzzles():
        form = canonical_form(puzzle)
        for _ in range(8):
            assert canonical_form(moved(puzzle, rng)) == form


def test_form_is_below_every_moved_copy() -> None:
    rng = random.Random(19)
    for puzzle in nine_puzzles():
        form = canonical_form(puzzle)
        for _ in range(200):
            copy = moved(puzzle, rng)
            assert form <= as_line(first_appearance(copy.givens))


def test_transform_is_a_legal_move_giving_the_form() -> None:
    rng = random.Random(29)
    for puzzle in [*nine_puzzles(), *(moved(p, rng) for p in nine_puzzles())]:
        form = canonical_form(puzzle)
        t = canonical_transform(puzzle)
        # Rows and columns keep bands and stacks whole; values are permuted.
        for order in (t.rows, t.columns):
            assert sorted(order) == list(range(9))
            assert all(order[i] // 3 == order[i - i % 3] // 3 for i in range(9))
        assert sorted(t.relabel) == list(range(10)) and t.relabel[0] == 0
        assert place(puzzle, t.transposed, t.rows, t.columns, t.relabel).to_line() == form
        assert t.apply(puzzle).to_line() == form


def test_form_has_the_puzzle_s_solution_count() -> None:
    for puzzle in nine_puzzles():
        form = Puzzle.from_line(NINE, canonical_form(puzzle))
        assert count_solutions(form, 3) == count_solutions(puzzle, 3)
        assert form.given_count == puzzle.given_count


def test_solution_grids() -> None:
    rng = random.Random(39)
    grid = solve(Puzzle.from_line(NINE, "." * 81))
    assert grid is not None
    puzzle = Puzzle(NINE, grid)
    form = canonical_form(puzzle)
    assert form.startswith("123456789")
    assert canonical_form(moved(puzzle, rng)) == form


def test_16x16_puzzle() -> None:
    rng = random.Random(16)
    grid = solve(Puzzle(SIXTEEN, (0,) * 256))
    assert grid is not None
    keep = set(rng.sample(range(256), 90))
    puzzle = Puzzle(SIXTEEN, tuple(v if cell in keep else 0 for cell, v in enumerate(grid)))
    form = canonical_form(puzzle)
    assert canonical_form(moved(puzzle, rng)) == form
    assert canonical_transform(puzzle).apply(puzzle).to_line() == form


def test_unsupported_puzzles_are_refused() -> None:
    with pytest.raises(ValueError, match="Samurai"):
        canonical_form(Puzzle(samurai(), (0,) * samurai().size))
    with pytest.raises(ValueError, match="repeats"):
        canonical_form(Puzzle.from_line(NINE, "1.......1" + "." * 72))
    with pytest.raises(ValueError, match="repeats"):
        canonical_form(Puzzle.from_line(NINE, "1" + "." * 71 + "1" + "." * 8))


def test_dedupe_keeps_the_first_of_each_class_in_order() -> None:
    rng = random.Random(49)
    a, b, c = nine_puzzles()[:3]
    given = [a, moved(a, rng), b, a, moved(b, rng), c, moved(c, rng), moved(a, rng)]
    kept = list(dedupe(given))
    assert [id(p) for p in kept] == [id(a), id(b), id(c)]
    # Boards of different shapes are never alike, even both empty.
    four, nine = Puzzle(FOUR, (0,) * 16), Puzzle(NINE, (0,) * 81)
    assert [id(p) for p in dedupe([four, nine, four, nine])] == [id(four), id(nine)]
    assert list(dedupe([])) == []


# --- shared collections -------------------------------------------------------


def collection(shared_file: Callable[..., Path], *parts: str) -> list[str]:
    return read_puzzle_file(shared_file(*parts)).lines


def test_top1465_moved_copies_keep_their_form(shared_file: Callable[..., Path]) -> None:
    rng = random.Random(1465)
    for line in sample(collection(shared_file, "9x9", "top1465.txt"), 250):
        puzzle = Puzzle.from_line(NINE, line)
        form = canonical_form(puzzle)
        assert canonical_form(moved(puzzle, rng)) == form
        assert canonical_transform(puzzle).apply(puzzle).to_line() == form


def test_collections_against_the_column_search(shared_file: Callable[..., Path]) -> None:
    for name in ("top1465.txt", "17-clue.txt", "forum-hardest-1106.txt"):
        for line in sample(collection(shared_file, "9x9", name), 12, seed=len(name)):
            puzzle = Puzzle.from_line(NINE, line)
            assert canonical_form(puzzle) == column_search_form(puzzle), line


def test_17_clue_list_is_in_least_form(shared_file: Callable[..., Path]) -> None:
    """Royle's list holds inequivalent puzzles, published in (nearly always)
    the least form of this order: forms are distinct, never above the line."""
    lines = sample(collection(shared_file, "9x9", "17-clue.txt"), 3000)
    forms = [canonical_form(Puzzle.from_line(NINE, line)) for line in lines]
    assert len(set(forms)) == len(forms)
    assert all(form <= line.replace("0", ".") for form, line in zip(forms, lines, strict=True))
    assert sum(form == line.replace("0", ".") for form, line in zip(forms, lines, strict=True)) > 0.9 * len(lines)
    rng = random.Random(17)
    for line in lines[:150]:
        puzzle = Puzzle.from_line(NINE, line)
        assert canonical_form(moved(puzzle, rng)) == canonical_form(puzzle)


def test_forms_of_different_puzzles_differ(shared_file: Callable[..., Path]) -> None:
    """Puzzles with different counts of givens or of solutions are never
    equivalent, so their forms differ; dedupe of a collection and its moved
    copies keeps exactly the collection's classes."""
    unique = sample(collection(shared_file, "9x9", "top1465.txt"), 200)
    several = sample(collection(shared_file, "9x9", "serg-multi-solution.txt"), 200)
    puzzles = [Puzzle.from_line(NINE, line) for line in unique + several]
    signature = {}
    for puzzle, solutions in zip(puzzles, [1] * len(unique) + [2] * len(several), strict=True):
        form = canonical_form(puzzle)
        assert signature.setdefault(form, (puzzle.given_count, solutions)) == (puzzle.given_count, solutions)
    rng = random.Random(7)
    mixed = puzzles + [moved(p, rng) for p in puzzles]
    rng.shuffle(mixed)
    assert len(list(dedupe(mixed))) == len(signature)


def test_16x16_collection(shared_file: Callable[..., Path]) -> None:
    rng = random.Random(206)
    for line in collection(shared_file, "16x16", "tarek-first20.txt")[:10]:
        puzzle = Puzzle.from_line(SIXTEEN, line)
        assert canonical_form(moved(puzzle, rng)) == canonical_form(puzzle)
