"""The puzzle file a command names, read the one way every command reads it,
and the one check of ``--index`` against it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import texts
from ..paths import puzzle_path
from .console import fail

if TYPE_CHECKING:
    from ..engine.files.model import PuzzleFile


def read_file(path: str) -> PuzzleFile | None:
    """The file's puzzles (a bundled one when no such local file exists), or
    None after printing the reason."""
    # The file formats load only when a command reads a file: --help stays fast.
    from ..engine.files.formats import read_puzzle_file
    from ..engine.files.model import PuzzleFileError

    try:
        return read_puzzle_file(puzzle_path(path))
    except PuzzleFileError as error:
        fail(error.message)
        return None


def puzzle_index(puzzles: PuzzleFile, index: int) -> bool:
    """Whether ``--index`` (from 0) names one of the file's puzzles; if not, says
    so, and the command ends with a usage error."""
    if 0 <= index < len(puzzles):
        return True
    fail(texts.puzzle_index_out_of_range(index, len(puzzles)))
    return False
