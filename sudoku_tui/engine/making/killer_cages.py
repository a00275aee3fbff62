"""Killer cages made from a solution grid, for the generator.

Cages grow at random from a solution: each starts at the first cell no cage
holds yet (in a random order) and takes neighbouring free cells whose
values it does not hold yet, up to a size drawn from ``SIZES``. A cell left
alone joins a neighbouring cage that can take its value, else stays a cage
of one. Cages are named with the 62 letters and digits of the cage map;
cages of this size come to about thirty a board, far below that.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board.geometry import Shape
from ..board.variants import killer

CAGE_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
# Sizes a cage aims at, drawn uniformly: small cages, so that few givens
# (often none) are needed for a single solution.
SIZES = (2, 2, 3, 3, 3, 4)


def _neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, 9)
    return [
        9 * r + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 9 and 0 <= c < 9
    ]


def grow_cages(solution: Sequence[int], rng: random.Random, sizes: Sequence[int] = SIZES) -> list[list[int]]:
    """Cages (lists of cells) covering the board, each with different values of ``solution``."""
    cage_of = [-1] * 81
    cages: list[list[int]] = []
    order = list(range(81))
    rng.shuffle(order)
    for seed in order:
        if cage_of[seed] >= 0:
            continue
        cage = [seed]
        cage_of[seed] = len(cages)
        target = rng.choice(sizes)
        while len(cage) < target:
            held = {solution[c] for c in cage}
            free = [n for c in cage for n in _neighbours(c) if cage_of[n] < 0 and solution[n] not in held]
            if not free:
                break
            cell = rng.choice(free)
            cage_of[cell] = len(cages)
            cage.append(cell)
        cages.append(cage)
    _absorb_singles(solution, cages, cage_of, rng)
    return [cage for cage in cages if cage]


def _absorb_singles(solution: Sequence[int], cages: list[list[int]], cage_of: list[int], rng: random.Random) -> None:
    """Cells alone in their cage join a neighbour's cage that can take their value."""
    for index in rng.sample(range(len(cages)), len(cages)):
        if len(cages[index]) != 1:
            continue
        cell = cages[index][0]
        homes = [
            cage_of[n]
            for n in _neighbours(cell)
            if len(cages[cage_of[n]]) < 9 and solution[cell] not in {solution[c] for c in cages[cage_of[n]]}
        ]
        if homes:
            home = rng.choice(homes)
            cages[home].append(cell)
            cage_of[cell] = home
            cages[index] = []


def killer_shape(solution: Sequence[int], cages: Sequence[Sequence[int]]) -> Shape:
    """The killer shape of these cages, named in the order of their first cells, totals from ``solution``."""
    ordered = sorted((sorted(cage) for cage in cages), key=lambda cage: cage[0])
    if len(ordered) > len(CAGE_NAMES):
        raise ValueError(f"{len(ordered)} cages: a cage map names at most {len(CAGE_NAMES)}")
    names = [""] * 81
    for name, cage in zip(CAGE_NAMES, ordered, strict=False):
        for cell in cage:
            names[cell] = name
    totals = tuple(sum(solution[c] for c in cage) for cage in ordered)
    return killer("".join(names), totals)
