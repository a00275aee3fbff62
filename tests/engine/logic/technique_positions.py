"""Shared helpers of the per-technique tests (test_technique_*.py).

Every position is a state of one of the bundled puzzles (puzzles/*.txt, made
by the project's generator, one solution each) on the logic runner's way
through it, taken right before the runner used the technique or, for a
technique the runner seldom needs, where that technique's finder yields the
step (``--any`` below), unless a comment at the position says otherwise; its
``source`` names the puzzle and the step (a few name the files as they were
before they were made again, by commit). ``benchmarks/find_technique_positions.py``
finds such positions.

Each test file writes its 9x9 positions inline as :class:`Position`:

- ``values``: 81 characters, row by row, ``.`` for an empty cell;
- ``cands``: the pencil marks, 81 whitespace-separated groups row by row
  (one grid row a line reads best), ``.`` for a cell that holds a value;
  ``|`` and lines of ``-`` may frame the boxes and are ignored;
- ``solution``: the puzzle's solution, 81 digits.

A :class:`Case` names a technique of ``TECHNIQUES``, a position where it
applies, and the step it must find, written as ``Step.effects`` writes it
(``r3c5=7, r1c1<>5``). :func:`check_case` runs the finder and checks the
step, and that nothing it yields contradicts the solution.

Only the logic engine's public names are used (the table, the grid, the
step's fields), so the tests survive a refactoring of the finders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import islice

from sudoku_tui.engine.board.geometry import Shape, square
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.step import Step
from sudoku_tui.engine.logic.techniques import TECHNIQUES, Technique

SIZE = 9
CELLS = SIZE * SIZE
ALL_VALUES = frozenset(range(1, SIZE + 1))
# The expected step must be among the first steps a finder yields: finders may
# change their search order, but an easy position has few steps to find.
WITHIN = 5
# Steps checked against the solution per case: every step on the positions
# here (the forcing net yields the most, 79), while a finder that someday
# yields thousands still ends quickly.
SOUNDNESS_LIMIT = 100

_EFFECT = re.compile(r"r([1-9])c([1-9])(=|<>)([1-9])")


@cache
def shape() -> Shape:
    return square(3)


def parse_values(line: str) -> list[int]:
    """An 81-character line: a digit per given or placed cell, ``.`` (or 0) for an empty one."""
    line = line.strip()
    assert len(line) == CELLS, f"a values line has {CELLS} characters, not {len(line)}"
    assert all(ch in ".0123456789" for ch in line), f"unexpected character in {line!r}"
    return [int(ch) if ch.isdigit() else 0 for ch in line]


def parse_cands(text: str) -> list[int]:
    """81 groups of digits (``.`` for a filled cell) as candidate bit sets, bit v-1 for value v."""
    # Lines of only -, + and | frame the boxes; | inside a row does too.
    rows = [line for line in text.splitlines() if line.strip(" -+|")]
    tokens = " ".join(rows).replace("|", " ").split()
    assert len(tokens) == CELLS, f"a candidate grid has {CELLS} groups, not {len(tokens)}"
    masks = []
    for tok in tokens:
        assert tok == "." or (tok.isdigit() and "0" not in tok), f"bad candidate group {tok!r}"
        mask = 0
        for ch in tok.strip("."):
            mask |= 1 << (int(ch) - 1)
        masks.append(mask)
    return masks


def cell_of(row: int, col: int) -> int:
    """The cell index of ``r{row}c{col}`` (rows and columns from 1, row by row)."""
    return (row - 1) * SIZE + col - 1


def parse_effects(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """``r3c5=7, r1c1<>5`` as (placements, eliminations) of (cell, value)."""
    placements: list[tuple[int, int]] = []
    eliminations: list[tuple[int, int]] = []
    parts = [p.strip() for p in text.split(",")]
    for part in parts:
        match = _EFFECT.fullmatch(part)
        assert match, f"bad effect {part!r}"
        row, col, op, value = match.groups()
        target = placements if op == "=" else eliminations
        target.append((cell_of(int(row), int(col)), int(value)))
    return placements, eliminations


@dataclass(frozen=True)
class Position:
    """A 9x9 position, its candidates and the puzzle's solution; ``source``
    says where it came from (generator seed and level, or a bundled file)."""

    values: str
    cands: str
    solution: str
    source: str

    def grid(self) -> CandidateGrid:
        """A fresh grid each call: a finder must not change it, but a test may."""
        return CandidateGrid(shape(), parse_values(self.values), parse_cands(self.cands))

    def solved(self) -> list[int]:
        return parse_values(self.solution)


@dataclass(frozen=True)
class Case:
    """``technique``'s finder must find ``expected`` on ``position``.

    ``step_name`` is the name the step carries when it differs from the
    table's (the AIC finder also yields nice loops). ``within``: how early
    the step must come (a few forms come after every step of another form).
    ``quiet_after``: once the expected step is applied, the finder finds
    nothing more, which shows it does not just report anything.
    """

    technique: str
    position: Position
    expected: str
    step_name: str = ""
    within: int = WITHIN
    quiet_after: bool = False

    @property
    def name(self) -> str:
        return self.step_name or self.technique


def case_id(case: Case) -> str:
    """The test id: the step's name and its effects."""
    return f"{case.name}: {case.expected}"


def technique(name: str) -> Technique:
    """The table's record of ``name`` (looked up by name, so order changes do not matter)."""
    found = [t for t in TECHNIQUES if t.name == name]
    assert len(found) == 1, f"{name!r} is not one entry of TECHNIQUES"
    return found[0]


def first_steps(name: str, grid: CandidateGrid, limit: int) -> list[Step]:
    return list(islice(technique(name).finder(grid), limit))


def _houses() -> list[list[int]]:
    rows = [[cell_of(r, c) for c in range(1, 10)] for r in range(1, 10)]
    cols = [[cell_of(r, c) for r in range(1, 10)] for c in range(1, 10)]
    boxes = [
        [cell_of(br + r, bc + c) for r in range(1, 4) for c in range(1, 4)] for br in (0, 3, 6) for bc in (0, 3, 6)
    ]
    return rows + cols + boxes


def check_position(position: Position) -> None:
    """The position is sound: its solution is a valid grid that keeps its
    values, every empty cell still has the solution's value as a candidate,
    and no candidate repeats a value placed in the same house (a pencil-mark
    grid copied wrong would show here first)."""
    values, solution = parse_values(position.values), position.solved()
    cands = parse_cands(position.cands)
    for house in _houses():
        assert {solution[c] for c in house} == ALL_VALUES, f"the solution breaks the house {house}"
        placed = sum(1 << (values[c] - 1) for c in house if values[c])
        assert not any(cands[c] & placed for c in house), f"a candidate repeats a value of the house {house}"
    for cell in range(CELLS):
        name = shape().cell_name(cell)
        if values[cell]:
            assert values[cell] == solution[cell], f"{name} holds {values[cell]}, the solution {solution[cell]}"
            assert cands[cell] == 0, f"{name} holds a value and has candidates"
        else:
            assert cands[cell] >> (solution[cell] - 1) & 1, f"{name} lost its solution value {solution[cell]}"


def check_sound(steps: list[Step], position: Position) -> None:
    """No step places a wrong value or removes a cell's solution value."""
    solution = position.solved()
    for step in steps:
        text = f"{step.technique}: {step.effects(shape())}"
        assert step.placements or step.eliminations, f"a step without effects: {text}"
        for cell, value in step.placements:
            assert solution[cell] == value, f"wrong placement in {text}"
        for cell, value in step.eliminations:
            assert solution[cell] != value, f"eliminates the solution value in {text}"


def check_case(case: Case) -> None:
    """The position is sound; the finder yields the expected step early and
    only sound steps, leaves its grid alone, and (``quiet_after``) finds
    nothing once the step is applied."""
    check_position(case.position)
    grid = case.position.grid()
    before = (grid.values[:], grid.cands[:])
    steps = first_steps(case.technique, grid, max(SOUNDNESS_LIMIT, case.within))
    assert (grid.values, grid.cands) == before, "a finder changed the grid it read"
    found = [(s.technique, s.effects(shape())) for s in steps[: case.within]]
    assert (case.name, case.expected) in found, f"{case.name} => {case.expected} not among {found}"
    # The pairs behind the text too, so a wrong cell numbering cannot hide.
    step = steps[found.index((case.name, case.expected))]
    placements, eliminations = parse_effects(case.expected)
    assert (set(step.placements), set(step.eliminations)) == (set(placements), set(eliminations))
    check_sound(steps, case.position)
    if case.quiet_after:
        check_quiet(case.technique, case.position, case.expected)


def check_quiet(name: str, position: Position, applied: str = "") -> None:
    """``name``'s finder finds nothing on ``position`` (with the ``applied``
    effects, ``r3c5=7, r1c1<>5``, made first)."""
    grid = position.grid()
    if applied:
        placements, eliminations = parse_effects(applied)
        grid.apply(placements, eliminations)
    left = [s.effects(shape()) for s in first_steps(name, grid, 3)]
    assert not left, f"{name} still finds {left}"
