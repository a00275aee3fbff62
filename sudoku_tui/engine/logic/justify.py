"""What justified a move: the easiest logical step behind a value placed or a
candidate removed, ``guess`` when none, ``mistake`` against the solution.

A move is judged in the position before it: the board's values, and the
candidates worked out from those values alone (the player's own pencil
marks play no part, so a player who never writes marks is judged like one
who does). A value typed over another is judged with that cell empty.

**In the position.** Often no single step does the move at once: a hidden
single may appear only once a locked candidates step has taken a candidate
away. So the steps are run on the candidates, easiest first by HoDoKu's
order (``techniques.TECHNIQUES``): each round looks at every technique in
order, and at every step each finds; the first step that places the value
(or removes the candidate) ends the search; else the eliminations of the
first technique that has any are applied and the next round starts from
the top. The move is labelled with the hardest technique (latest in the
order) the chain needed, the step that did the move included: a move that
needed a naked pair and then a hidden single is labelled ``Naked Pair``.
Because each round applies the easiest technique that changes anything,
the label is the easiest technique whose steps, and easier ones', reach the
move (eliminations only help the later steps). Why so: a player rarely
writes down a pointing pair before the single it opens; labelling that
single ``guess`` would be wrong, and labelling it ``Hidden Single`` would
hide what they saw.

Only eliminations are applied along the chain, never a value placed
elsewhere: values are the player's own moves, recorded and labelled one by
one; were other singles applied, every right value of an easy puzzle would
come out a single, guesses included. A step that places a value does a
move when it places that value in that cell; it removes a candidate when it
eliminates it, places another value in its cell, or places that value in a
cell it sees.

**Bound.** At most ``MOST_ROUNDS`` techniques applied, and at most
``MOST_STEPS`` steps looked at per technique and round; past the bound the
move is a ``guess``. The bound weighs two errors. Too short, and a player
who kept their eliminations in pencil marks (which are set aside) is told
they guessed a value logic gave them; too long, and a lucky guess is
credited with a long chain nobody holds in mind. Measured on the bundled
9x9 puzzles (30 a level, every placement of the logic solver's way judged
from its values alone; 10 right values placed at random at the start):
with 12 rounds 99.75 % of the solver's placements get their step and 31 %
of the random ones (11 % are singles there); with 24 rounds, 100 % and 61 %;
with 8, 99.2 % and 23 %. The table is HoDoKu's up to its forcing chains; the
forcing nets are left out (``LABEL_TECHNIQUES``): on the hardest puzzles
they took a 200-move game from under 3 s of CPU to over 6 s, to label 1 %
more of its moves with steps no player follows in their head. The
bound counts steps, not time, so a game gets the same labels on every
machine.

**Several solutions.** The uniqueness techniques are left out (they are
sound only on a puzzle with one solution), and a move is a ``mistake`` only
when no solution of the position agrees with it (a value no solution puts
there; a candidate every solution puts there). When the position already
has no solution (an earlier wrong value stands), the solution given decides.

**Candidates already gone.** A candidate the values already rule out (a
mark of a value its row, column or box holds) needs no step: ``ruled out``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice

from ..board.geometry import Shape
from ..board.puzzle import Puzzle
from ..board.variants import uniqueness_applies
from ..search.solver import solve
from .grid import CandidateGrid, bit
from .runner import next_step
from .step import Step, TechniqueName
from .techniques import TECHNIQUES, Technique

GUESS = "guess"
MISTAKE = "mistake"
RULED_OUT = "ruled out"

MOST_ROUNDS = 12  # techniques applied before a move is called a guess
MOST_STEPS = 400  # steps looked at per technique and round
# HoDoKu's table without the forcing nets (the last three rows).
_NETS = {TechniqueName.FORCING_NET_CONTRADICTION, TechniqueName.FORCING_NET_VERITY, TechniqueName.NESTED_FORCING_NET}
LABEL_TECHNIQUES: list[Technique] = [t for t in TECHNIQUES if t.name not in _NETS]


@dataclass(frozen=True)
class Justification:
    """A move's label and the steps behind it: the eliminations applied first,
    then the step that did the move (none for a guess, a mistake or ``ruled out``)."""

    label: str
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Position:
    """A board to judge moves on: its values, its solution, and whether that
    solution is the only one (the uniqueness techniques need it)."""

    shape: Shape
    values: tuple[int, ...]
    solution: tuple[int, ...]
    unique: bool = True
    should_stop: Callable[[], bool] | None = None  # polled by the long searches


def justify(
    position: Position, cell: int, value: int, removal: bool = False, rounds: int = MOST_ROUNDS
) -> Justification:
    """The label of placing ``value`` in ``cell`` (or, with ``removal``, of
    removing it from the cell's candidates) in ``position``, with at most
    ``rounds`` techniques applied before the step that does it."""
    if removal and position.values[cell]:
        return Justification(RULED_OUT)  # a filled cell has no candidates left to remove
    values = list(position.values)
    values[cell] = 0
    if _is_mistake(position, values, cell, value, removal):
        return Justification(MISTAKE)
    grid = CandidateGrid(position.shape, values)
    grid.should_stop = position.should_stop
    if removal and not grid.cands[cell] & bit(value):
        return Justification(RULED_OUT)
    return _search(grid, _techniques(position), _doer(grid.shape, cell, value, removal), rounds)


def available_step(position: Position) -> Step | None:
    """The easiest step in the position (what was there to see), within the bound's table."""
    grid = CandidateGrid(position.shape, position.values)
    grid.should_stop = position.should_stop
    if grid.is_solved():
        return None
    return next_step(grid, position.unique, _techniques(position))


def _techniques(position: Position) -> list[Technique]:
    classic = uniqueness_applies(position.shape)
    return [t for t in LABEL_TECHNIQUES if (position.unique or not t.uniqueness) and (classic or not t.classic_only)]


def _is_mistake(position: Position, values: list[int], cell: int, value: int, removal: bool) -> bool:
    """Whether the move disagrees with the solution (see the module's docstring)."""
    if position.unique:
        return (position.solution[cell] == value) == removal
    if _solves(position, values, cell, 0) is None:
        return (position.solution[cell] == value) == removal
    if not removal:
        return _solves(position, values, cell, value) is None
    # A candidate is wrongly removed when every solution puts it there.
    others = (v for v in range(1, position.shape.n + 1) if v != value)
    return all(_solves(position, values, cell, other) is None for other in others)


def _solves(position: Position, values: list[int], cell: int, value: int) -> tuple[int, ...] | None:
    """A solution of ``values`` with ``value`` in ``cell`` (0: left empty), or None."""
    board = tuple(value if c == cell else v for c, v in enumerate(values))
    return solve(Puzzle(position.shape, board), position.should_stop)


def _doer(shape: Shape, cell: int, value: int, removal: bool) -> Callable[[Step], bool]:
    """Whether a step does the move: places the value there, or removes the candidate."""
    target = (cell, value)
    peers = shape.peer_sets[cell]

    def places(step: Step) -> bool:
        return target in step.placements

    def removes(step: Step) -> bool:
        if target in step.eliminations:
            return True
        return any((c == cell and v != value) or (v == value and c in peers) for c, v in step.placements)

    return removes if removal else places


def _search(
    grid: CandidateGrid, techniques: list[Technique], does: Callable[[Step], bool], rounds: int
) -> Justification:
    """Rounds of the easiest steps until one does the move (see the module's docstring)."""
    chain: list[Step] = []
    hardest = (-1, "")  # the rank of the hardest technique the chain needed, and its step's name
    for _ in range(rounds + 1):
        grid.check_stop()
        found = _round(grid, techniques, does)
        if found is None:
            break
        rank, steps, done = found
        chain += steps
        # Named by its step, not its row: the AIC search also finds nice loops. On a
        # tie the later step names it, so the step that did the move when it can.
        if rank >= hardest[0]:
            hardest = (rank, steps[0].technique.value)
        if done:
            return Justification(hardest[1], tuple(chain))
        for step in steps:
            for c, v in step.eliminations:
                grid.eliminate(c, v)
    return Justification(GUESS)


def _round(
    grid: CandidateGrid, techniques: list[Technique], does: Callable[[Step], bool]
) -> tuple[int, list[Step], bool] | None:
    """The first technique, in order, with a step that does the move (then that
    step, True) or else with eliminations (then all its steps that eliminate
    and place nothing, False); None when no technique changes anything."""
    for rank, technique in enumerate(techniques):
        useful: list[Step] = []
        for step in islice(technique.finder(grid), MOST_STEPS):
            if does(step):
                return rank, [step], True
            if step.eliminations and not step.placements:
                useful.append(step)
        if useful:
            return rank, useful, False
    return None
