"""An independent statement of the variants' rules, for checking the engine.

Written from the file format (docs/puzzle-files.md) on the puzzle line itself: it reads
the region map, the cage map and the sums with its own code and shares
nothing with the engine's shapes.
"""

from __future__ import annotations

from collections.abc import Sequence


def _groups(variant: str, fields: list[str]) -> list[list[int]]:
    """Every group of cells that must hold nine different values."""
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    cols = [[9 * r + c for r in range(9)] for c in range(9)]
    if variant == "jigsaw":
        boxes = [[cell for cell in range(81) if fields[1][cell] == name] for name in "123456789"]
    else:
        boxes = [[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)] for b in range(9)]
    groups = rows + cols + boxes
    if variant == "x":
        groups += [[10 * i for i in range(9)], [8 * i + 8 for i in range(9)]]
    if variant == "windoku":
        for top, left in ((1, 1), (1, 5), (5, 1), (5, 5)):
            groups.append([9 * (top + r) + left + c for r in range(3) for c in range(3)])
    return groups


def cages(line: str) -> list[tuple[list[int], int]]:
    """(cells, sum) of each cage of a killer line, in the order of first cells."""
    fields = line.split(" ")
    names: list[str] = []
    for name in fields[1]:
        if name not in names:
            names.append(name)
    sums = [int(s) for s in fields[2].split(",")]
    return [([c for c in range(81) if fields[1][c] == name], total) for name, total in zip(names, sums, strict=True)]


def keeps_rules(variant: str, line: str, grid: Sequence[int]) -> bool:
    """Is ``grid`` (81 values) a solution of the puzzle line ``line``?"""
    fields = line.split(" ")
    givens = fields[0]
    if len(grid) != 81 or any(ch not in ".0" and int(ch) != grid[i] for i, ch in enumerate(givens)):
        return False
    if any(sorted(grid[c] for c in group) != list(range(1, 10)) for group in _groups(variant, fields)):
        return False
    if variant == "killer":
        for cells, total in cages(line):
            values = [grid[c] for c in cells]
            if len(set(values)) != len(values) or sum(values) != total:
                return False
    return True


# The first solution of the empty 9x9 board, row by row.
GRID = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def domino_cages() -> str:
    """A cage map of two-cell cages along each row, the last cell of a row alone (45 cages)."""
    return "".join(NAMES[5 * row + min(col // 2, 4)] for row in range(9) for col in range(9))


def killer_fields(grid: str, cage_map: str) -> str:
    """The cage map and the sums a solution ``grid`` gives it (the fields after a killer's givens)."""
    totals: dict[str, int] = {}
    for cell, name in enumerate(cage_map):
        totals[name] = totals.get(name, 0) + int(grid[cell])
    return f"{cage_map} {','.join(map(str, totals.values()))}"
