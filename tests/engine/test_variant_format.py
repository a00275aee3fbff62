"""Variant files (docs/puzzle-files.md): what they hold, and each exact message."""

from __future__ import annotations

import pytest

from sudoku_tui.engine.board.variants import BOX_REGIONS, jigsaw, sudoku_x, windoku
from sudoku_tui.engine.files.formats import parse_puzzle_data
from sudoku_tui.engine.files.model import PuzzleFileError
from tests.variant_rules import GRID, domino_cages, killer_fields

MOVED_REGIONS = "111122333" + "111222333" + "112222333" + BOX_REGIONS[27:]
EMPTY = "." * 81
KILLER = killer_fields(GRID, domino_cages())


def message(text: str) -> str:
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_data(text)
    return caught.value.message


def test_x_and_windoku_files() -> None:
    data = f"X\n# a comment\n\n{GRID[:80]}. first,easy\n{EMPTY}\n"
    puzzles = parse_puzzle_data(data)
    assert puzzles.shape is sudoku_x() and puzzles.describe() == "2 puzzles, x"
    assert puzzles.labels == ["first,easy", ""]
    assert puzzles.puzzle(0).givens[79] == int(GRID[79]) and puzzles.puzzle(0).givens[80] == 0
    assert parse_puzzle_data(f" windoku \n{EMPTY.replace('.', '0')}\n").shape is windoku()


def test_jigsaw_file_gives_each_puzzle_its_regions() -> None:
    puzzles = parse_puzzle_data(f"jigsaw\n{EMPTY} {MOVED_REGIONS}\t moved\n{EMPTY} {BOX_REGIONS}\n")
    assert puzzles.describe() == "2 puzzles, jigsaw" and puzzles.labels == ["moved", ""]
    assert puzzles.puzzle(0).shape is jigsaw(MOVED_REGIONS)
    assert puzzles.puzzle(1).shape is jigsaw(BOX_REGIONS)


def test_killer_file() -> None:
    puzzles = parse_puzzle_data(f"killer\n{EMPTY} {KILLER} no givens\n")
    puzzle = puzzles.puzzle(0)
    assert puzzles.labels == ["no givens"] and len(puzzle.shape.cages) == 45
    assert puzzle.shape.cages[0].cells == (0, 1) and puzzle.shape.cages[0].total == 3
    assert puzzle.shape.cages[4].cells == (8,) and puzzle.shape.cages[4].total == 9
    assert puzzle.to_line() == f"{EMPTY} {KILLER}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"x\n{EMPTY}\n{EMPTY}.\n", "Line 3 has the wrong length."),
        (f"windoku\n{EMPTY[:80]}x\n", "Line 2 has an invalid character."),
        ("x\n# nothing\n\n", "The file has no puzzles."),
        (f"jigsaw\n{EMPTY}\n", "Line 2 has the wrong length."),
        (f"jigsaw\n{EMPTY} {MOVED_REGIONS[:80]}\n", "Line 2 has the wrong length."),
        (f"jigsaw\n{EMPTY[:80]}A {MOVED_REGIONS[:80]}\n", "Line 2 has an invalid character."),
        (f"jigsaw\n{EMPTY} {MOVED_REGIONS[:80]}0\n", "Line 2 has an invalid character."),
        # ten cells in region 1, eight in region 9
        (f"jigsaw\n{EMPTY} {MOVED_REGIONS}\n{EMPTY} 1{MOVED_REGIONS[1:80]}1\n", "Line 3 has an invalid region."),
        # two cells trade places between regions 1 and 9: the right counts, not connected
        (f"jigsaw\n{EMPTY} 9{BOX_REGIONS[1:80]}1\n", "Line 2 has an invalid region."),
        (f"killer\n{EMPTY} {KILLER.split()[0]}\n", "Line 2 has the wrong length."),
        (f"killer\n{EMPTY} {KILLER.split()[0]} \n", "Line 2 has the wrong length."),
        (f"killer\n{EMPTY} {KILLER.replace('a', '_', 1)}\n", "Line 2 has an invalid character."),
        (f"killer\n{EMPTY} {KILLER.replace(',', ';', 1)}\n", "Line 2 has an invalid character."),
        (f"killer\n{EMPTY} {KILLER.replace('a', 'e', 1)}\n", "Line 2 has an invalid cage."),  # e in two pieces
        (f"killer\n{EMPTY} {KILLER},4\n", "Line 2 has an invalid cage."),  # one sum too many
        (f"killer\n{EMPTY} {KILLER.rsplit(',', 1)[0]}\n", "Line 2 has an invalid cage."),  # one too few
        (f"killer\n{EMPTY} {KILLER.replace(' 3,', ' 2,', 1)}\n", "Line 2 has an invalid cage."),  # 2 = 1+1 only
        (f"killer\n{EMPTY} {KILLER.replace(',', ',,', 1)}\n", "Line 2 has an invalid cage."),
    ],
)
def test_each_message(text: str, expected: str) -> None:
    assert message(text) == expected


def test_fields_are_checked_in_order() -> None:
    # A bad character in the givens comes before a bad region map, a bad map before bad sums.
    assert message(f"jigsaw\n{EMPTY[:80]}A {BOX_REGIONS[:80]}\n") == "Line 2 has an invalid character."
    assert message(f"jigsaw\n{EMPTY[:80]}A 9{BOX_REGIONS[1:80]}1\n") == "Line 2 has an invalid character."
    bad_map = KILLER.replace("a", "e", 1).rsplit(",", 1)[0]
    assert message(f"killer\n{EMPTY} {bad_map}\n") == "Line 2 has an invalid cage."
    assert message(f"killer\n{EMPTY}x {bad_map}\n") == "Line 2 has the wrong length."
