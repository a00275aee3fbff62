"""A plain bit-set depth-first search, the yardstick the benchmark divides by.

Naked singles by propagation, hidden singles per house, branching on the
cell with the fewest candidates; stops at the first solution. Written here,
apart from the engine, so figures read as ratios against a simple solver
run in the same process on the same puzzles.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tui.engine.board.geometry import Shape


class BaselineSolver:
    def __init__(self, shape: Shape) -> None:
        self.n = shape.n
        self.full = (1 << shape.n) - 1
        self.peers = [list(p) for p in shape.peers]
        self.houses = [list(h.cells) for h in shape.houses]

    def solve(self, givens: Sequence[int]) -> list[int] | None:
        cands = [self.full] * len(givens)
        for cell, v in enumerate(givens):
            if v and not self._assign(cands, cell, 1 << (v - 1)):
                return None
        found = self._search(cands)
        return None if found is None else [c.bit_length() for c in found]

    def _assign(self, cands: list[int], cell: int, bit: int) -> bool:
        if not cands[cell] & bit:
            return False
        cands[cell] = bit
        todo = [cell]
        while todo:
            c = todo.pop()
            b = cands[c]
            for p in self.peers[c]:
                m = cands[p]
                if m & b:
                    m ^= b
                    if not m:
                        return False
                    cands[p] = m
                    if not m & (m - 1):
                        todo.append(p)
        return True

    def _hidden_singles(self, cands: list[int]) -> bool | None:
        """Place hidden singles; None on a contradiction, else whether any was placed."""
        placed = False
        for house in self.houses:
            once = twice = solved = 0
            for c in house:
                m = cands[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    solved |= m
            if once != self.full:
                return None
            only = once & ~twice & ~solved
            while only:
                bit = only & -only
                only ^= bit
                spot = next((c for c in house if cands[c] & bit), -1)
                if spot < 0:
                    return None
                if cands[spot] != bit:
                    if not self._assign(cands, spot, bit):
                        return None
                    placed = True
        return placed

    def _search(self, cands: list[int]) -> list[int] | None:
        if self._hidden_singles(cands) is None:  # one pass a node: a fixed point costs more than it saves
            return None
        best, size = -1, self.n + 1
        for cell, m in enumerate(cands):
            if m & (m - 1):
                k = m.bit_count()
                if k < size:
                    best, size = cell, k
        if best < 0:
            return cands
        m = cands[best]
        while m:
            bit = m & -m
            m ^= bit
            trial = cands.copy()
            if self._assign(trial, best, bit):
                found = self._search(trial)
                if found is not None:
                    return found
        return None
