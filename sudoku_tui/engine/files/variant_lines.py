"""Reading variant collections (README, "Puzzle files"): a header naming the variant,
then one puzzle a line.

Fields on a line are separated by one space: the 81 givens, then for a
jigsaw the region map, for a killer the cage map and the sums (separated
by commas). Comment and blank lines are skipped and text after the last
field is the puzzle's label, as in a plain collection. Each line is checked
field by field, and in each field its length, then its characters, then
what it describes; the first failure is the file's error.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..board.variants import GIVENS, cage_combinations, variant_template
from .formats import NO_PUZZLES, PuzzleFile, PuzzleFileError, invalid_character, wrong_length

FIELDS = {"x": 1, "windoku": 1, "jigsaw": 2, "killer": 3}
_GIVEN_CHARACTERS = frozenset(".0123456789")
_REGION_NAMES = frozenset("123456789")
_CAGE_NAMES = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_SUM_CHARACTERS = frozenset("0123456789,")
# What ends the last field: a killer's sums hold commas, so only a space or a tab ends them.
_LABEL_SEPARATOR = re.compile(r"[ \t,]")
_SUMS_END = re.compile(r"[ \t]")


def invalid_region(line_number: int) -> str:
    return f"Line {line_number} has an invalid region."


def invalid_cage(line_number: int) -> str:
    return f"Line {line_number} has an invalid cage."


class LineFailure(Exception):
    """The first failure of a line, as the function that words its message."""

    def __init__(self, words: Callable[[int], str]) -> None:
        super().__init__(words(0))
        self.words = words


def read_variant_collection(variant: str, lines: list[str]) -> PuzzleFile:
    """The puzzles of a variant file whose line 1 names ``variant``."""
    puzzles: list[str] = []
    labels: list[str] = []
    for number in range(2, len(lines) + 1):
        line = lines[number - 1]
        if not line.strip() or line.startswith("#"):
            continue
        fields, label = split_fields(variant, line)
        try:
            check_fields(variant, fields)
        except LineFailure as failure:
            raise PuzzleFileError(failure.words(number)) from None
        puzzles.append(" ".join(fields))
        labels.append(label)
    if not puzzles:
        raise PuzzleFileError(NO_PUZZLES)
    return PuzzleFile(variant_template(variant), "variant", puzzles, labels if any(labels) else None)


def split_fields(variant: str, line: str) -> tuple[list[str], str]:
    """The fields of a line (fewer than the variant has when some are missing) and its label."""
    fields: list[str] = []
    rest = line
    count = FIELDS[variant]
    while len(fields) < count - 1:
        space = rest.find(" ")
        if space < 0:
            return [*fields, rest], ""
        fields.append(rest[:space])
        rest = rest[space + 1 :]
    end = (_SUMS_END if variant == "killer" else _LABEL_SEPARATOR).search(rest)
    if end is None:
        return [*fields, rest], ""
    return [*fields, rest[: end.start()]], rest[end.end() :].strip()


def check_fields(variant: str, fields: list[str]) -> None:
    """Raise :class:`LineFailure` at the first failure."""
    count = FIELDS[variant]
    _check_text(fields[0], GIVENS, _GIVEN_CHARACTERS)
    if count == 1:
        return
    if len(fields) < 2:
        raise LineFailure(wrong_length)
    names = _REGION_NAMES if variant == "jigsaw" else _CAGE_NAMES
    _check_text(fields[1], GIVENS, names)
    groups = _groups(fields[1])
    if variant == "jigsaw":
        if len(groups) != 9 or any(len(cells) != 9 or not _connected(cells) for cells in groups):
            raise LineFailure(invalid_region)
        return
    if any(not _connected(cells) for cells in groups):
        raise LineFailure(invalid_cage)
    if len(fields) < 3 or not fields[2]:
        raise LineFailure(wrong_length)
    if not _SUM_CHARACTERS.issuperset(fields[2]):
        raise LineFailure(invalid_character)
    totals = fields[2].split(",")
    if len(totals) != len(groups) or not all(totals):
        raise LineFailure(invalid_cage)
    if any(not cage_combinations(len(cells), int(total)) for cells, total in zip(groups, totals, strict=True)):
        raise LineFailure(invalid_cage)


def _check_text(text: str, length: int, allowed: frozenset[str]) -> None:
    if len(text) != length:
        raise LineFailure(wrong_length)
    if not allowed.issuperset(text):
        raise LineFailure(invalid_character)


def _groups(names: str) -> list[list[int]]:
    """The cells of each name, in the order of each name's first cell."""
    groups: dict[str, list[int]] = {}
    for cell, name in enumerate(names):
        groups.setdefault(name, []).append(cell)
    return list(groups.values())


def _connected(cells: list[int]) -> bool:
    """Are the cells one orthogonally connected piece of the 9x9 board?"""
    inside = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        cell = todo.pop()
        row, col = divmod(cell, 9)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            neighbour = 9 * r + c
            if 0 <= r < 9 and 0 <= c < 9 and neighbour in inside and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return len(seen) == len(inside)
