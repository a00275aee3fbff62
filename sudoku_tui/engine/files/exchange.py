"""Other programs' puzzle files: reading them, and writing puzzles in them.

- **Grids** (SadMan Sudoku ``.sdk``, Simple Sudoku ``.ss``): one puzzle as
  ``n`` rows of ``n`` characters, ``.`` or ``0`` empty. ``#`` lines carry
  the author, level and so on (``#A``, ``#L`` ...) and are skipped; lines
  made of ``-``, ``+``, ``*``, ``=`` and ``|`` only are drawn box borders;
  ``|`` and spaces inside a row are borders too. A ``[Puzzle]`` line starts
  the puzzle; another ``[...]`` section (SadMan's ``[State]``) is skipped up
  to the next ``[Puzzle]``. Several grids may follow one another (a blank
  line between them is usual): each is a puzzle. A row of 81 (or 256)
  characters is a whole puzzle, as SadMan also accepts.
- **Collections** (``.sdm``): one 81-digit puzzle a line, ``0`` empty: the
  plain collection of :mod:`.formats` reads them as they are.
- **Pencil-mark grids**: the candidates of every cell, as groups of symbols
  separated by spaces (any border drawing of ``|``, ``-``, ``+``, ``.``,
  ``*``, ``:`` or ``=`` is skipped), 81 groups a 9x9 puzzle (16 for 4x4, 256
  for 16x16); several grids in one file are several puzzles. A group of one
  candidate is a given, any other group an empty cell: a pencil-mark grid has
  no other way to tell a given from a cell down to one candidate.

:mod:`.formats` reads a ``.sdk`` or ``.ss`` file with :func:`read_grids`
whatever it holds, with the exact messages of
section 1 (``Line n has the wrong length.`` for a row of the wrong length or
a grid cut short, ``Line n has an invalid character.``); any other file
comes to :func:`read_exchange` only when it is not a plain collection, and
is taken as grids or as pencil marks when it reads as one, else the plain
collection's message stands.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Shape, square
from ..board.puzzle import format_line
from .model import NO_PUZZLES, PuzzleFile, PuzzleFileError, invalid_character, wrong_length

GRID_SUFFIXES = frozenset({".sdk", ".ss"})
_BORDER = frozenset("-+*=|")
_ROW_FILLER = str.maketrans("", "", "| *")
_MARK_BORDER = str.maketrans("|-+*:=!", "       ")
# Row length -> (board, cells of the puzzle a row of this length holds).
_ROW_SIZES = {4: 2, 9: 3, 16: 4}
_WHOLE_LINES = {81: 3, 256: 4}


def read_exchange(lines: list[str]) -> PuzzleFile | None:
    """The puzzles of lines that read as grids or as pencil marks, else None."""
    for reader in (read_grids, read_pencil_marks):
        try:
            return reader(lines)
        except PuzzleFileError:
            continue
    return None


def read_grids(lines: Sequence[str]) -> PuzzleFile:
    """Puzzles drawn as grids (SadMan, Simple Sudoku and the like)."""
    shape: Shape | None = None
    rows: list[str] = []
    puzzles: list[str] = []
    last = 0
    for number, row in _grid_rows(lines):
        if shape is None:
            shape = _shape_of_row(len(row), number)
        if len(row) == shape.line_length and not rows:
            rows = [row[i : i + shape.n] for i in range(0, shape.line_length, shape.n)]
        elif len(row) == shape.n:
            rows.append(row)
        else:
            raise PuzzleFileError(wrong_length(number))
        if not _symbols_ok(shape, "".join(rows)):
            raise PuzzleFileError(invalid_character(number))
        last = number
        if len(rows) == shape.n:
            puzzles.append("".join(rows).replace("0", "."))
            rows = []
    if rows:  # a grid cut short: the row that should come next is missing
        raise PuzzleFileError(wrong_length(last + 1))
    if shape is None or not puzzles:
        raise PuzzleFileError(NO_PUZZLES)
    return PuzzleFile(shape, "plain", puzzles)


def _grid_rows(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """``(line number, row)`` for every row of cells, borders and comments left out."""
    in_puzzle = True
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if text.startswith("["):
            in_puzzle = text.lower() == "[puzzle]"
            continue
        if not in_puzzle or not text or text.startswith("#") or set(text) <= _BORDER:
            continue
        yield number, text.translate(_ROW_FILLER)


def _shape_of_row(length: int, number: int) -> Shape:
    box = _ROW_SIZES.get(length) or _WHOLE_LINES.get(length)
    if box is None:
        raise PuzzleFileError(wrong_length(number))
    return square(box)


def _symbols_ok(shape: Shape, text: str) -> bool:
    allowed = shape.symbols + shape.symbols.lower() + ".0"
    return all(char in allowed for char in text)


def read_pencil_marks(lines: Sequence[str]) -> PuzzleFile:
    """Puzzles given as the candidates of every cell; one-candidate cells are the givens."""
    groups: list[str] = []
    first_line: list[int] = []  # the line of each group, for the messages
    for number, line in enumerate(lines, start=1):
        if line.lstrip().startswith("#"):
            continue
        for group in line.translate(_MARK_BORDER).split():
            if set(group) != {"."}:  # dots alone draw a border's corners
                groups.append(group.upper())
                first_line.append(number)
    shape = _marks_shape(groups)
    if shape is None:
        raise PuzzleFileError(wrong_length(first_line[-1] if first_line else 1))
    values: list[int] = []
    for group, number in zip(groups, first_line, strict=True):
        candidates = [shape.value_of(char) for char in group]
        if 0 in candidates or len(set(candidates)) != len(candidates):
            raise PuzzleFileError(invalid_character(number))
        values.append(candidates[0] if len(candidates) == 1 else 0)
    size = shape.size
    puzzles = [format_line(shape, values[start : start + size]) for start in range(0, len(values), size)]
    return PuzzleFile(shape, "plain", puzzles)


def _marks_shape(groups: list[str]) -> Shape | None:
    """The board whose cell count divides the groups' and whose symbols they use."""
    if not groups:
        return None
    used = set("".join(groups))
    for box in (2, 3, 4):
        shape = square(box)
        if len(groups) % shape.size == 0 and used <= set(shape.symbols):
            return shape
    return None


# Writing -------------------------------------------------------------------


def candidates(shape: Shape, givens: Sequence[int]) -> list[tuple[int, ...]]:
    """Each cell's candidates left by the givens alone: a given's own value,
    and for an empty cell every value no peer holds."""
    every = range(1, shape.n + 1)
    found: list[tuple[int, ...]] = []
    for cell, value in enumerate(givens):
        if value:
            found.append((value,))
        else:
            taken = {givens[peer] for peer in shape.peers[cell]}
            found.append(tuple(v for v in every if v not in taken))
    return found


def grid_text(shape: Shape, givens: Sequence[int], borders: bool) -> str:
    """``n`` rows of ``n`` characters (``.`` empty); with ``borders`` (Simple
    Sudoku's drawing) ``|`` between stacks and a dashed line between bands."""
    line = format_line(shape, givens)
    n, box = shape.n, shape.box
    rows = [line[start : start + n] for start in range(0, shape.size, n)]
    if not borders:
        return "\n".join(rows) + "\n"
    drawn = ["|".join(row[i : i + box] for i in range(0, n, box)) for row in rows]
    rule = "-" * len(drawn[0])
    bands = ["\n".join(drawn[i : i + box]) for i in range(0, n, box)]
    return f"\n{rule}\n".join(bands) + "\n"


def pencil_mark_text(shape: Shape, givens: Sequence[int]) -> str:
    """Every cell's candidates, columns aligned, ``|`` between stacks and a
    ``-+`` rule between bands."""
    n, box = shape.n, shape.box
    groups = ["".join(shape.symbol(v) for v in marks) for marks in candidates(shape, givens)]
    width = max(len(group) for group in groups)
    rows: list[str] = []
    for row in range(n):
        cells = [groups[row * n + col].ljust(width) for col in range(n)]
        stacks = [" ".join(cells[i : i + box]) for i in range(0, n, box)]
        rows.append(" | ".join(stacks).rstrip())
    stack_width = box * width + box - 1
    rule = "-+-".join("-" * stack_width for _ in range(box))
    bands = ["\n".join(rows[i : i + box]) for i in range(0, n, box)]
    return f"\n{rule}\n".join(bands) + "\n"


def puzzle_text(shape: Shape, givens: Sequence[int], to: str) -> str:
    """One puzzle written ``to`` a format of :data:`WRITTEN` (a line ends each row)."""
    if to == "line":
        return format_line(shape, givens) + "\n"
    if shape.is_samurai:
        raise ValueError(f"{to} is written for square boards, not Samurai")
    if to == "pm":
        return pencil_mark_text(shape, givens)
    return grid_text(shape, givens, borders=to == "ss")


WRITTEN = ("line", "sdk", "ss", "pm")
