"""Killer's techniques, each on a position of its own making, and where it finds nothing."""

from __future__ import annotations

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.variants import variant_template
from sudoku_tui.engine.logic.cages import cage_combinations, cage_house_interaction, rule_of_45
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.step import Step, TechniqueName
from tests.variant_rules import GRID, NAMES, domino_cages, killer_fields

EMPTY = "." * 81


def killer_grid(cage_map: str) -> CandidateGrid:
    puzzle = Puzzle.from_line(variant_template("killer"), f"{EMPTY} {killer_fields(GRID, cage_map)}")
    return CandidateGrid.from_puzzle(puzzle)


def test_cage_combinations_removes_what_no_set_holds() -> None:
    grid = killer_grid(domino_cages())  # r1c1 + r1c2 = 3: only 1+2
    step = next(cage_combinations(grid))
    assert step.technique == TechniqueName.CAGE_COMBINATIONS
    assert set(step.eliminations) == {(cell, v) for cell in (0, 1) for v in range(3, 10)}
    assert "adds up to 3: only 1+2 fits" in step.explanation


def test_cage_combinations_places_a_needed_value_with_one_cell() -> None:
    grid = killer_grid(domino_cages())
    grid.apply((), [(0, v) for v in range(3, 10)] + [(1, v) for v in (1, *range(3, 10))])
    # r1c1 holds 1 or 2, r1c2 only 2 (a naked single the cage does not need): 1 must go in r1c1.
    step = next(cage_combinations(grid))
    assert step.placements == ((0, 1),) and not step.eliminations


def test_no_cage_steps_on_a_classic_board() -> None:
    grid = CandidateGrid(square(3), [0] * 81)
    assert next(cage_combinations(grid), None) is None
    assert next(rule_of_45(grid), None) is None
    assert next(cage_house_interaction(grid), None) is None


def test_rule_of_45_places_a_lone_innie() -> None:
    cage_map = list(domino_cages())
    cage_map[8] = cage_map[17]  # r1c9 joins r2c9's cage: row 1's cages inside it leave r1c9 alone
    grid = killer_grid("".join(cage_map))
    step = next(rule_of_45(grid))
    assert step.technique == TechniqueName.RULE_OF_45
    assert step.placements == ((8, int(GRID[8])),)
    assert step.explanation.startswith("row 1 adds up to 45 and its cages inside it to 36")


def cage_map(top_rows: list[str]) -> str:
    """A cage map drawn as the given top rows (a letter a cage) over rows of dominoes,
    the last cell of a row alone; each cage gets a name of its own."""
    cage_of = [f"top {label}" for label in "".join(top_rows)]
    cage_of += [f"row {cell // 9} pair {min(cell % 9 // 2, 4)}" for cell in range(len(cage_of), 81)]
    names = {key: NAMES[index] for index, key in enumerate(dict.fromkeys(cage_of))}
    return "".join(names[key] for key in cage_of)


def rule_of_45_steps(cage_rows: list[str]) -> list[Step]:
    return list(rule_of_45(killer_grid(cage_map(cage_rows))))


def test_rule_of_45_on_two_rows_narrows_their_innies() -> None:
    # Dominoes stand across rows 1-2; the cage of r1c9, r2c9 and r3c9 reaches below them.
    steps = rule_of_45_steps(["abcdefghI", "abcdefghI", "jjkkllmmI"])
    innies = next(step for step in steps if step.explanation.startswith("rows 1-2 "))
    total = int(GRID[8]) + int(GRID[17])
    assert innies.cells == (8, 17)
    assert innies.explanation.startswith(f"rows 1-2 add up to 90 and their cages inside them to {90 - total}")
    assert innies.eliminations
    for cell, value in innies.eliminations:
        assert value != int(GRID[cell])
        assert not any(other != value and value + other == total for other in range(1, 10))


def test_rule_of_45_places_a_lone_outie() -> None:
    # The cage of r1c7, r1c8 and r2c8 reaches out of row 1 by one cell, and row 1's other cages lie inside it.
    steps = rule_of_45_steps(["aabbccDDe", "ffgghhIDj", "kkllmmIno"])
    outie = next(step for step in steps if step.cells == (16,))
    assert outie.placements == ((16, int(GRID[16])),)
    assert outie.explanation.startswith("the cages reaching into row 1 add up to")
    assert f"so r2c8 outside add up to {GRID[16]}" in outie.explanation


def test_cage_house_interaction_clears_the_rest_of_the_house() -> None:
    grid = killer_grid(domino_cages())  # r1c1 + r1c2 = 3 needs 1 and 2, both in row 1
    step = next(cage_house_interaction(grid))
    assert step.technique == TechniqueName.CAGE_HOUSE and step.values == (1,)
    assert step.houses == (0,) and set(step.eliminations) == {(cell, 1) for cell in range(2, 9)}
    grid.apply((), step.eliminations)
    after = next(cage_house_interaction(grid))
    assert after.houses != (0,) or after.values != (1,)
