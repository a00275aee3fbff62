"""The fast solver: the classic's answer on every puzzle, counting, checking.

Answers are checked against things the engine did not compute: the known
vectors, the classic algorithm, a small lex-first search written here, a
rule checker written here, and published solutions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import Shape, samurai, square
from sudoku_tui.engine.board.puzzle import Puzzle, format_line
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.engine.search import solver as solver_module
from sudoku_tui.engine.search.reference import solve_classic
from sudoku_tui.engine.search.solver import candidates, count_solutions, is_solved, solve

# Every test runs through the pure-Python search and the compiled kernel.
pytestmark = pytest.mark.usefixtures("search_path")

FOUR, NINE, SIXTEEN = square(2), square(3), square(4)
# Puzzles of a big hard collection the pure-Python search solves here (the
# compiled kernel takes them all): a random sample keeps the suite quick.
PURE_SAMPLE = 150

SEED_NINE = "...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68."
SEED_NINE_SOLUTION = "934817256728653419615942738176425893452398167389176542897564321563281974241739685"
CLASSIC_28K = "...82.4..52..4..1.6.......7.4...9.2...25.....9.37....6..8.1.......2...3.........5"


def puzzle(shape: Shape, line: str) -> Puzzle:
    return Puzzle.from_line(shape, line)


def solved_line(shape: Shape, line: str) -> str | None:
    found = solve(puzzle(shape, line))
    return None if found is None else format_line(shape, found)


# --- independent helpers -------------------------------------------------


def grid_ok(box: int, givens: Sequence[int], values: Sequence[int]) -> bool:
    """A square grid obeys the rules and keeps its givens (rows, columns and
    boxes computed here from coordinates, not taken from the engine)."""
    n = box * box
    if len(values) != n * n or any(g and g != v for g, v in zip(givens, values, strict=True)):
        return False
    target = set(range(1, n + 1))
    for i in range(n):
        top, left = (i // box) * box, (i % box) * box
        row = {values[i * n + c] for c in range(n)}
        col = {values[r * n + i] for r in range(n)}
        blk = {values[(top + r) * n + left + c] for r in range(box) for c in range(box)}
        if row != target or col != target or blk != target:
            return False
    return True


def solutions(box: int, givens: Sequence[int]) -> Iterator[list[int]]:
    """Every solution in row-major order, values ascending: plain
    backtracking with forward checking, independent of the engine."""
    n = box * box
    values = list(givens)
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    where = [(cell // n, cell % n, (cell // n // box) * box + cell % n // box) for cell in range(n * n)]
    for cell, v in enumerate(values):
        if v:
            r, c, b = where[cell]
            if (rows[r] | cols[c] | boxes[b]) >> v & 1:
                return
            rows[r] |= 1 << v
            cols[c] |= 1 << v
            boxes[b] |= 1 << v
    empty = [cell for cell, v in enumerate(values) if not v]
    every = ((1 << n) - 1) << 1

    def dead_end(start: int) -> bool:
        return any((rows[r] | cols[c] | boxes[b]) & every == every for r, c, b in (where[x] for x in empty[start:]))

    def search(i: int) -> Iterator[list[int]]:
        if i == len(empty):
            yield list(values)
            return
        cell = empty[i]
        r, c, b = where[cell]
        for v in range(1, n + 1):
            bit = 1 << v
            if (rows[r] | cols[c] | boxes[b]) & bit:
                continue
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            values[cell] = v
            if not dead_end(i + 1):
                yield from search(i + 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
        values[cell] = 0

    yield from search(0)


def lex_first(box: int, givens: Sequence[int]) -> list[int] | None:
    return next(solutions(box, givens), None)


# --- known answers of the classic algorithm ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("2...43213...1432", "2143432132141432"),
        (".4..2..4.24...12", "3421213412434312"),
        ("........1....234", None),
        ("2..443213...1432", None),
    ],
)
def test_seed_four_by_four(line: str, expected: str | None) -> None:
    assert solved_line(FOUR, line) == expected


def test_seed_nine_by_nine() -> None:
    assert solved_line(NINE, SEED_NINE) == SEED_NINE_SOLUTION
    assert count_solutions(puzzle(NINE, SEED_NINE)) == 1


@pytest.mark.parametrize(
    "line",
    [
        "11" + "." * 79,  # row
        "1" + "." * 8 + "1" + "." * 71,  # column
        "1" + "." * 9 + "1" + "." * 70,  # box
        "." * 79 + "99",  # row, at the far end of the board
    ],
)
def test_conflicting_givens_have_no_solution(line: str) -> None:
    assert solved_line(NINE, line) is None
    assert count_solutions(puzzle(NINE, line)) == 0


def test_conflicting_givens_four_and_sixteen() -> None:
    assert solved_line(FOUR, "1...........1...") is None
    assert solved_line(SIXTEEN, "G" + "." * 16 + "G" + "." * 238) is None  # box


@pytest.mark.usefixtures("portfolio")
def test_empty_boards_give_the_first_grid() -> None:
    assert solved_line(FOUR, "." * 16) == "1234341221434321"
    assert solved_line(NINE, "." * 81) == format_line(NINE, lex_first(3, [0] * 81) or [])
    assert count_solutions(puzzle(NINE, "." * 81), limit=5) == 5
    empty16 = solve(puzzle(SIXTEEN, "." * 256))
    assert empty16 is not None and list(empty16) == lex_first(4, [0] * 256)


# --- agreement with the classic algorithm and the independent search -----


def test_classic_agrees_on_the_28k_step_puzzle() -> None:
    result = solve_classic(puzzle(NINE, CLASSIC_28K))
    assert 20_000 < result.steps < 40_000
    assert result.solution == solve(puzzle(NINE, CLASSIC_28K))


def random_four(rng: random.Random, givens: int) -> str:
    cells = ["."] * 16
    for cell in rng.sample(range(16), givens):
        cells[cell] = str(rng.randint(1, 4))
    return "".join(cells)


@pytest.fixture(params=["cell order first", "counting then narrowing"])
def portfolio(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a test through both ways solve() reaches the classic's answer:
    the search in cell order (the usual one) and, with its node budget at
    zero, counting followed by fixing cells one by one."""
    if request.param != "cell order first":
        monkeypatch.setattr(solver_module, "IN_ORDER_NODES", 0)
        monkeypatch.setattr(solver_module, "IN_ORDER_NODES_BEFORE_SAT", 0)


@pytest.mark.usefixtures("portfolio")
def test_fast_agrees_with_classic_on_sparse_four_by_four() -> None:
    rng = random.Random(2)
    assert sum(1 for _ in solutions(2, [0] * 16)) == 288
    for _ in range(600):
        line = random_four(rng, rng.randint(0, 6))
        p = puzzle(FOUR, line)
        assert solve(p) == solve_classic(p).solution, line
        fitting = sum(1 for _ in solutions(2, p.givens))
        assert count_solutions(p, limit=300) == fitting, line
        assert count_solutions(p) == min(fitting, 2)


@pytest.mark.usefixtures("portfolio")
def test_fast_agrees_with_independent_search_on_sparse_nine_by_nine() -> None:
    # Dig cells out of a solution: many solutions each, some givens far down
    # the board so the first solution is not simply the greedy fill.
    rng = random.Random(9)
    base = [int(ch) for ch in SEED_NINE_SOLUTION]
    for _ in range(40):
        keep = rng.randint(16, 36)
        values = [0] * 81
        for cell in rng.sample(range(81), keep):
            values[cell] = base[cell]
        found = solve(Puzzle(NINE, tuple(values)))
        assert found is not None and list(found) == lex_first(3, values)


@pytest.mark.usefixtures("portfolio")
def test_sat_path_agrees_with_independent_search_on_sixteen_by_sixteen() -> None:
    # 16x16 goes through the SAT solver: dig a relabelled grid until some
    # puzzles have several solutions, and compare with the plain search.
    rng = random.Random(4)
    grid = lex_first(4, [0] * 256)
    assert grid is not None
    several = 0
    for _ in range(12):
        relabel = [0, *rng.sample(range(1, 17), 16)]
        values = [0] * 256
        for cell in rng.sample(range(256), rng.randint(140, 190)):
            values[cell] = relabel[grid[cell]]
        p = Puzzle(SIXTEEN, tuple(values))
        several += count_solutions(p) == 2
        found = solve(p)
        assert found is not None and list(found) == lex_first(4, values)
    assert several >= 3


@pytest.mark.usefixtures("portfolio")
def test_serg_multi_solution_sample(shared_file: Callable[..., Path]) -> None:
    pf = read_puzzle_file(shared_file("9x9", "serg-multi-solution.txt"))
    rng = random.Random(5)
    for index in rng.sample(range(len(pf)), 150):
        p = pf.puzzle(index)
        assert count_solutions(p) == 2
        found = solve(p)
        assert found is not None and list(found) == lex_first(3, p.givens), pf.lines[index]


# --- shared collections ---------------------------------------------------


def check_collection(path: Path, sample: int | None, unique: bool) -> None:
    pf = read_puzzle_file(path)
    box = pf.shape.box
    indexes = range(len(pf)) if sample is None else random.Random(1).sample(range(len(pf)), sample)
    for index in indexes:
        p = pf.puzzle(index)
        found = solve(p)
        assert found is not None and grid_ok(box, p.givens, found), pf.lines[index]
        if unique:
            assert count_solutions(p) == 1, pf.lines[index]


def test_top1465_solves_with_unique_solutions(shared_file: Callable[..., Path], search_path: str) -> None:
    sample = PURE_SAMPLE if search_path == "pure" else None
    check_collection(shared_file("9x9", "top1465.txt"), sample, unique=True)


def test_forum_hardest_solves(shared_file: Callable[..., Path], search_path: str) -> None:
    sample = PURE_SAMPLE if search_path == "pure" else None
    check_collection(shared_file("9x9", "forum-hardest-1106.txt"), sample, unique=True)


def test_seventeen_clue_sample_solves(shared_file: Callable[..., Path]) -> None:
    check_collection(shared_file("9x9", "17-clue.txt"), 1500, unique=False)


def test_tarek_sixteen_sample_solves_uniquely(shared_file: Callable[..., Path]) -> None:
    check_collection(shared_file("16x16", "tarek-206.txt"), 8, unique=True)
    check_collection(shared_file("16x16", "tarek-first20.txt"), 4, unique=True)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "hard1", "hard2", "diabolical"])
def test_exchange_samples_match_published_solutions(shared_file: Callable[..., Path], level: str) -> None:
    path = shared_file("9x9", "exchange-samples", f"{level}_puzzle_and_solution.txt")
    for text in path.read_text().splitlines()[:200]:
        line, expected = text.split()
        assert solved_line(NINE, line) == expected


SAMURAI_NAMES = ["easy1", "easy2", "hard1", "hard2"]


@pytest.mark.parametrize("name", SAMURAI_NAMES)
def test_samurai_files_match_their_solutions(shared_file: Callable[..., Path], name: str) -> None:
    p = read_puzzle_file(shared_file("samurai", f"{name}.txt")).puzzle(0)
    expected = read_puzzle_file(shared_file("samurai", f"{name}_solution.txt")).puzzle(0)
    assert solve(p) == expected.givens
    assert count_solutions(p) == 1


def samurai_grids_ok(givens: Sequence[int], values: Sequence[int]) -> bool:
    """Each of the five 9x9 grids, cut from the 405-character line, is solved."""
    shape = samurai()
    line, start = format_line(shape, values), format_line(shape, givens, "0")
    return all(
        grid_ok(3, [int(ch) for ch in start[g * 81 : g * 81 + 81]], [int(ch) for ch in line[g * 81 : g * 81 + 81]])
        for g in range(5)
    )


@pytest.mark.parametrize("name", ["moderate1", "moderate2", "empty"])
def test_other_samurai_files_solve(shared_file: Callable[..., Path], name: str) -> None:
    p = read_puzzle_file(shared_file("samurai", f"{name}.txt")).puzzle(0)
    found = solve(p)
    assert found is not None and samurai_grids_ok(p.givens, found)


@pytest.mark.usefixtures("portfolio")
def test_empty_samurai_gives_the_classic_answer() -> None:
    shape = samurai()
    p = Puzzle(shape, (0,) * shape.size)
    result = solve_classic(p, max_steps=5_000_000)
    assert solve(p) == result.solution


def test_fast_agrees_with_classic_on_sparse_samurai() -> None:
    # Random givens, some contradictory: the classic's answer where it
    # finishes within a small step budget (most do), None included.
    shape = samurai()
    rng = random.Random(11)
    compared = 0
    for _ in range(40):
        values = [0] * shape.size
        for cell in rng.sample(range(shape.size), rng.randint(0, 25)):
            values[cell] = rng.randint(1, 9)
        p = Puzzle(shape, tuple(values))
        try:
            reference = solve_classic(p, max_steps=100_000).solution
        except Cancelled:
            continue
        assert solve(p) == reference
        compared += 1
    assert compared >= 20


def test_invalid_samurai_has_no_solution(shared_file: Callable[..., Path]) -> None:
    p = read_puzzle_file(shared_file("samurai", "invalid.txt")).puzzle(0)
    assert solve(p) is None
    assert count_solutions(p) == 0


# --- API details -----------------------------------------------------------


def test_should_stop_cancels_a_long_count() -> None:
    with pytest.raises(Cancelled):
        count_solutions(puzzle(NINE, "." * 81), limit=10**9, should_stop=lambda: True)
    with pytest.raises(Cancelled):
        count_solutions(puzzle(SIXTEEN, "." * 256), limit=10**6, should_stop=lambda: True)


def test_count_limits() -> None:
    p = puzzle(FOUR, "." * 16)
    assert count_solutions(p, limit=1) == 1
    assert count_solutions(p, limit=1000) == 288
    assert count_solutions(puzzle(SIXTEEN, "." * 256), limit=3) == 3


def test_is_solved_and_candidates() -> None:
    p = puzzle(FOUR, "2...43213...1432")
    good = [int(ch) for ch in "2143432132141432"]
    assert is_solved(p, good)
    assert not is_solved(p, [*good[:-1], 0])
    swapped = good.copy()
    swapped[1], swapped[2] = swapped[2], swapped[1]
    assert not is_solved(p, swapped)
    cands = candidates(FOUR, p.givens)
    assert cands[0] == 0 and cands[1] == 0b0001  # r1c2 can only be 1
