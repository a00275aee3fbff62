"""Reading variant collections (docs/puzzle-files.md): a header naming the variant,
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

from ..board.variants import GIVENS, BadField, FieldFailure, check_text, find_variant, variant_template
from .model import NO_PUZZLES, PuzzleFile, PuzzleFileError, invalid_character, wrong_length

_GIVEN_CHARACTERS = frozenset(".0123456789")
# What ends the givens when they are the last field.
_LABEL_SEPARATOR = re.compile(r"[ \t,]")


def invalid_region(line_number: int) -> str:
    return f"Line {line_number} has an invalid region."


def invalid_cage(line_number: int) -> str:
    return f"Line {line_number} has an invalid cage."


_WORDS: dict[FieldFailure, Callable[[int], str]] = {
    "length": wrong_length,
    "character": invalid_character,
    "region": invalid_region,
    "cage": invalid_cage,
}


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
    line_fields = find_variant(variant).line_fields
    count = 1 if line_fields is None else 1 + line_fields.count
    while len(fields) < count - 1:
        space = rest.find(" ")
        if space < 0:
            return [*fields, rest], ""
        fields.append(rest[:space])
        rest = rest[space + 1 :]
    end = (_LABEL_SEPARATOR if line_fields is None else line_fields.label_separator).search(rest)
    if end is None:
        return [*fields, rest], ""
    return [*fields, rest[: end.start()]], rest[end.end() :].strip()


def check_fields(variant: str, fields: list[str]) -> None:
    """Raise :class:`LineFailure` at the first failure."""
    line_fields = find_variant(variant).line_fields
    try:
        check_text(fields[0], GIVENS, _GIVEN_CHARACTERS)
        if line_fields is None:
            return
        if len(fields) < 2:
            raise BadField("length")
        line_fields.check(fields[1:])
    except BadField as bad:
        raise LineFailure(_WORDS[bad.failure]) from None
