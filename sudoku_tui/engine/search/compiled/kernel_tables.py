"""A Shape as the flat integer arrays the compiled kernel reads.

The same facts as the Shape's own tuples (geometry.py), in the form Numba
compiles against; built once per shape and cached. Also converts puzzle lines to and from
arrays of values in bulk, so a file of half a million lines never becomes
half a million Puzzle objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from ...board.geometry import Shape, samurai_grid_cells
from ...board.variants import cage_combinations, innies


@dataclass(frozen=True, eq=False)
class KernelTables:
    """One shape's peers, houses and line layout as numpy arrays."""

    shape: Shape
    peers: np.ndarray  # int32 cells x max peers, padded with 0 (peer_count says how many)
    peer_count: np.ndarray  # int32 per cell
    houses: np.ndarray  # int32 houses x n
    cages: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # see cage_tables (empty without cages)
    full: int  # every value's bit
    line_cells: np.ndarray  # for each character of a puzzle line, the cell it describes
    decode: np.ndarray  # uint8 value of each byte of a line (0 for '.', '0' and non-symbols)
    encode: np.ndarray  # uint8 symbol byte of each value (index 0 unused)

    @property
    def cells(self) -> int:
        return self.shape.size

    def geometry(
        self,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The tables the kernel's functions take as one argument."""
        return (self.peers, self.peer_count, self.houses, *self.cages)


@cache
def kernel_tables(shape: Shape) -> KernelTables:
    """The arrays of ``shape``, built on first use."""
    cells = shape.size
    width = max(len(p) for p in shape.peers)
    peers = np.zeros((cells, width), dtype=np.int32)
    peer_count = np.zeros(cells, dtype=np.int32)
    for cell, cell_peers in enumerate(shape.peers):
        peers[cell, : len(cell_peers)] = cell_peers
        peer_count[cell] = len(cell_peers)
    houses = np.array([house.cells for house in shape.houses], dtype=np.int32)
    if shape.is_samurai:
        line_cells = np.array([cell for grid in range(5) for cell in samurai_grid_cells(grid)], dtype=np.int64)
    else:
        line_cells = np.arange(cells, dtype=np.int64)
    decode = np.zeros(256, dtype=np.uint8)
    encode = np.zeros(shape.n + 1, dtype=np.uint8)
    for value, symbol in enumerate(shape.symbols, start=1):
        decode[ord(symbol)] = value
        decode[ord(symbol.lower())] = value
        encode[value] = ord(symbol)
    full = (1 << shape.n) - 1
    return KernelTables(shape, peers, peer_count, houses, cage_tables(shape), full, line_cells, decode, encode)


def cage_tables(shape: Shape) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A killer's cages as arrays: ``cells`` (int32 cages x 9, padded with 0),
    ``size`` (int32 per cage), ``combination_range`` (int32 cages x 2: where
    its combinations start and end in the next array) and ``combinations``
    (int64 bit sets of the values that can fill each cage, cage by cage).
    After the cages come the houses' innies, which the search treats as
    cages too."""
    groups = [(cage.cells, cage.total) for cage in shape.cages] + [(cells, total) for _, cells, total in innies(shape)]
    cells = np.zeros((len(groups), shape.n), dtype=np.int32)
    size = np.zeros(len(groups), dtype=np.int32)
    ranges = np.zeros((len(groups), 2), dtype=np.int32)
    combinations: list[int] = []
    for index, (cage_cells, total) in enumerate(groups):
        cells[index, : len(cage_cells)] = cage_cells
        size[index] = len(cage_cells)
        ranges[index, 0] = len(combinations)
        combinations.extend(cage_combinations(len(cage_cells), total))
        ranges[index, 1] = len(combinations)
    return cells, size, ranges, np.array(combinations, dtype=np.int64)


def lines_to_givens(table: KernelTables, lines: list[str]) -> np.ndarray:
    """Values (uint8, rows x cells) of validated puzzle lines, in one pass.

    For Samurai the shared boxes appear twice in a line; the last copy wins,
    which is harmless because file reading has checked that they agree.
    """
    length = table.shape.line_length
    raw = np.frombuffer("".join(lines).encode("ascii", "surrogateescape"), dtype=np.uint8)
    raw = raw.reshape(len(lines), length)
    values = table.decode[raw]
    if not table.shape.is_samurai:
        return values
    givens = np.zeros((len(lines), table.cells), dtype=np.uint8)
    givens[:, table.line_cells] = values
    return givens


def solutions_to_lines(table: KernelTables, solutions: np.ndarray) -> list[str]:
    """Puzzle lines (upper-case symbols) of rows of cell values."""
    if len(solutions) == 0:
        return []
    chars = table.encode[solutions[:, table.line_cells]]
    return _split(chars)


def _split(chars: np.ndarray) -> list[str]:
    rows, width = chars.shape
    text = str(chars.tobytes(), "ascii")
    return [text[i : i + width] for i in range(0, rows * width, width)]
