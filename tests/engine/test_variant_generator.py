"""Generated variant puzzles: one solution, the level asked, every rule of the variant kept."""

from __future__ import annotations

import random

import pytest

from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.board.variants import variant_names, variant_template
from sudoku_tui.engine.files.variant_lines import check_fields
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.making.generator import generate
from sudoku_tui.engine.making.variant_boards import random_regions
from sudoku_tui.engine.search.solver import count_solutions, solve
from tests.variant_rules import keeps_rules


@pytest.mark.parametrize("variant", variant_names())
def test_generated_variant_is_unique_and_at_its_level(variant: str) -> None:
    made = generate(variant_template(variant), Level.MEDIUM, rng=random.Random(7))
    puzzle = made.puzzle
    line = puzzle.to_line()
    check_fields(variant, line.split(" "))  # a line the file reader accepts
    assert puzzle.shape.variant == variant and count_solutions(puzzle) == 1
    assert solve(puzzle) == made.solution and keeps_rules(variant, line, made.solution)
    result = solve_logically(puzzle)
    assert result.solved and result.level == made.level == Level.MEDIUM
    if variant == "killer":
        assert puzzle.given_count < 20  # the cages carry the puzzle


def test_random_regions_are_nine_connected_regions() -> None:
    for seed in range(5):
        regions = random_regions(random.Random(seed))
        check_fields("jigsaw", ["." * 81, regions])
        assert regions != random_regions(random.Random(seed + 100))
