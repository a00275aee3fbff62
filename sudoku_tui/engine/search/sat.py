"""Solving and counting with a CDCL SAT solver, for boards where the
depth-first search is too slow (16x16: some take it a minute, SAT
milliseconds).

The puzzle is first propagated by the search (singles), then only the open
cells and their candidates become variables, so the formula is small and
built per puzzle (no solver is shared between calls or threads). Encoding,
the one that makes 16x16 easy: every open cell takes at least one and at
most one of its candidates; every value a house still needs goes to at least
one and at most one of the cells that may take it.

The first solution in row-major order comes from the same idea as in
solver.py: once several solutions are known to exist, open cells are fixed
in order, each to the smallest value that keeps the formula satisfiable;
each decision is added as a unit clause so later calls build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from pysat.solvers import Solver

from ..board.geometry import Shape
from ..board.variants import cage_combinations
from ..progress import Cancelled

SOLVER_NAME = "glucose4"
# Conflicts between two polls of should_stop.
_POLL_CONFLICTS = 2000


class SatPuzzle:
    """A propagated puzzle state as a formula over its open candidates:
    ``fixed`` holds each placed cell's value (0 when open), ``candidates``
    each open cell's (bit v-1 for value v)."""

    def __init__(
        self,
        shape: Shape,
        fixed: Sequence[int],
        candidates: Sequence[int],
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        self.should_stop = should_stop
        n = self.n = shape.n
        self.fixed = list(fixed)  # values known without search
        self.var: dict[tuple[int, int], int] = {}  # (cell, value) -> variable
        self.meaning: list[tuple[int, int]] = [(-1, 0)]  # variable -> (cell, value)
        cell_vars: list[list[int]] = []
        for cell in range(shape.size):
            if self.fixed[cell]:
                continue
            m = candidates[cell]
            own = []
            for value in range(1, n + 1):
                if m >> (value - 1) & 1:
                    self.meaning.append((cell, value))
                    self.var[cell, value] = len(self.meaning) - 1
                    own.append(len(self.meaning) - 1)
            cell_vars.append(own)
        self.open_cells = [cell for cell in range(shape.size) if not self.fixed[cell]]
        clauses: list[list[int]] = []
        for own in cell_vars:
            clauses.append(own)
            clauses.extend([-a, -b] for a, b in combinations(own, 2))
        for house in shape.house_cells:
            for value in range(1, n + 1):
                places = [self.var[c, value] for c in house if (c, value) in self.var]
                if places:
                    clauses.append(places)
                    clauses.extend([-a, -b] for a, b in combinations(places, 2))
        self.next_var = len(self.meaning) - 1  # the last variable in use
        for cage in shape.cages:
            clauses.extend(self._cage_clauses(cage.cells, cage_combinations(len(cage.cells), cage.total)))
        self.solver = Solver(name=SOLVER_NAME, bootstrap_with=clauses)

    def _cage_clauses(self, cells: Sequence[int], value_sets: Sequence[int]) -> list[list[int]]:
        """A killer cage: its cells differ, and one of its combinations (a
        fresh variable each) holds: every cell takes a value of it and every
        value of it has a cell."""
        placed = sum(1 << (self.fixed[c] - 1) for c in cells if self.fixed[c])
        viable = [m for m in value_sets if placed & ~m == 0]
        chosen = [self._fresh() for _ in viable]
        clauses: list[list[int]] = [chosen]
        clauses.extend([-a, -b] for a, b in combinations(chosen, 2))
        for value in range(1, self.n + 1):
            places = [self.var[c, value] for c in cells if (c, value) in self.var]
            clauses.extend([-a, -b] for a, b in combinations(places, 2))
            holding = [k for k, m in zip(chosen, viable, strict=True) if m >> (value - 1) & 1]
            clauses.extend([-x, *holding] for x in places)
            if not placed >> (value - 1) & 1:
                clauses.extend([-k, *places] for k in holding)
        return clauses

    def _fresh(self) -> int:
        self.next_var += 1
        return self.next_var

    def close(self) -> None:
        self.solver.delete()

    def _satisfiable(self, assumptions: list[int]) -> bool:
        if self.should_stop is None:
            return bool(self.solver.solve(assumptions=assumptions))
        # Polled before every call too: counting makes many short calls.
        if self.should_stop():
            raise Cancelled()
        while True:
            self.solver.conf_budget(_POLL_CONFLICTS)
            result = self.solver.solve_limited(assumptions=assumptions)
            if result is not None:
                return bool(result)
            if self.should_stop():
                raise Cancelled()

    def _model_values(self) -> list[int]:
        values = list(self.fixed)
        model = self.solver.get_model() or []
        for literal in model:
            if 0 < literal < len(self.meaning):
                cell, value = self.meaning[literal]
                values[cell] = value
        return values

    def count(self, limit: int) -> tuple[int, list[int] | None]:
        """Solutions up to ``limit``, and the first one found."""
        first: list[int] | None = None
        found = 0
        # Each solution found is excluded by a clause that only holds while
        # its fresh activation literal is assumed; the literals are switched
        # off at the end so later questions see the plain puzzle again.
        active: list[int] = []
        while found < limit:
            if not self._satisfiable(active):
                break
            values = self._model_values()
            first = first or values
            found += 1
            if found < limit:
                self.next_var += 1
                active.append(self.next_var)
                self.solver.add_clause([-self.next_var] + [-self.var[c, values[c]] for c in self.open_cells])
        for literal in active:
            self.solver.add_clause([-literal])
        return found, first

    def first_in_order(self, known: list[int]) -> list[int]:
        """The row-major first solution, given any solution ``known``."""
        best = known
        for cell in self.open_cells:
            for value in range(1, best[cell]):
                literal = self.var.get((cell, value))
                if literal is None:
                    continue
                if self._satisfiable([literal]):
                    best = self._model_values()
                    break
                self.solver.add_clause([-literal])
            self.solver.add_clause([self.var[cell, best[cell]]])
        return best


class UniqueAgainst:
    """Uniqueness of puzzles cut from one known solution, as the generator digs.

    One formula over every cell, built once: each cell holds one value, each
    house holds each value once, and (while its activation literal is
    assumed) the grid differs from the known solution somewhere. A puzzle
    whose givens agree with the solution is unique exactly when that formula
    has no model with the givens assumed; each question is one solver call,
    where building a formula per puzzle costs more than the call.
    """

    def __init__(self, shape: Shape, solution: Sequence[int], should_stop: Callable[[], bool] | None = None) -> None:
        n, cells = shape.n, shape.size
        self.n = n
        self.should_stop = should_stop
        clauses: list[list[int]] = []
        for cell in range(cells):
            own = [cell * n + value for value in range(1, n + 1)]
            clauses.append(own)
            clauses.extend([-a, -b] for a, b in combinations(own, 2))
        for house in shape.house_cells:
            for value in range(1, n + 1):
                places = [cell * n + value for cell in house]
                clauses.append(places)
                clauses.extend([-a, -b] for a, b in combinations(places, 2))
        self.differs = cells * n + 1
        clauses.append([-self.differs] + [-(cell * n + solution[cell]) for cell in range(cells)])
        self.solver = Solver(name=SOLVER_NAME, bootstrap_with=clauses)

    def unique(self, givens: Sequence[int]) -> bool:
        assumptions = [self.differs] + [cell * self.n + value for cell, value in enumerate(givens) if value]
        if self.should_stop is None:
            return not self.solver.solve(assumptions=assumptions)
        while True:
            if self.should_stop():
                raise Cancelled()
            self.solver.conf_budget(_POLL_CONFLICTS)
            result = self.solver.solve_limited(assumptions=assumptions)
            if result is not None:
                return not result

    def close(self) -> None:
        self.solver.delete()
