"""A recorded game played again move by move: what the replay screen shows.

:class:`Replay` holds a game's puzzle and moves, the board after any move
(values, pencil marks and colours, played by :class:`~.labels.Board` with
undo and redo as the game has them), a place in the moves that steps
forward and back or jumps to either end, and a playback with a speed.

**The pace.** Playback keeps the game's rhythm, so a learner sees where
they went fast and where they stopped to think: each move comes after the
time it took in the game, divided by the speed (1x, 2x, 4x, 8x or 16x; 4x
to begin with, about the pace at which one reads each move's label as it
goes by). A gap counts at most :data:`LONGEST_GAP_MS`: a two-minute stare
plays as eight seconds at 1x (two at 4x), since the longest waits are
listed with what was there to see, and watching an unchanged board tells
nothing more. Stepping by hand pauses the playback.

**The clock.** The playback reads time from the ``now`` it is given (a
``TimeSource``, seconds from any fixed point) whenever :meth:`Replay.update`
is called: the screen calls it on a timer, tests move a clock of their own.

**The labels** come later (they take seconds, in the background): until
:meth:`Replay.set_labels` gives them, :attr:`Replay.labelled` is False and
the longest waits are known without the step that was there to see.

Pure, with no store and no screen.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.board.puzzle import Puzzle
from ...engine.logic.step import Step
from ...engine.search.solver import solve
from ..clock import TimeSource
from ..play import CellChange, Play, put_changes
from .labels import LABELLED, LONGEST_WAITS, Board, GameLabels, Move, MoveKind, longest_waits

SPEEDS = (1, 2, 4, 8, 16)  # times the game's own pace
FIRST_SPEED = 4
LONGEST_GAP_MS = 8_000  # the most a gap between two moves counts, at 1x


@dataclass(frozen=True)
class ShownMove:
    """One move as the replay lists it: its number (from 1), the move, and the time
    it took (since the move before, or since the game's start for the first)."""

    number: int
    move: Move
    took_ms: int
    label: str | None  # None: not labelled yet, or a kind that gets no label (see ``wants_label``)

    @property
    def wants_label(self) -> bool:
        """A value placed or a mark removed: the kinds that get a label."""
        return self.move.kind in LABELLED


@dataclass(frozen=True)
class ShownWait:
    """A long wait: the move made after it (its index), how long it was, and the
    step there was to see before it (``known`` False while the labels are worked out)."""

    move: int
    waited_ms: int
    step: Step | None
    known: bool


class Replay:
    """A game's moves, a place among them (:attr:`index` moves played), and a playback."""

    def __init__(
        self,
        puzzle: Puzzle,
        moves: Sequence[Move],
        solution: Sequence[int] | None = None,
        now: TimeSource = time.monotonic,
    ) -> None:
        self.puzzle = puzzle
        self.moves = tuple(moves)
        self.now = now
        self.labels: GameLabels | None = None
        self.index = 0  # how many moves have been played: 0 is the start
        self.playing = False
        self.speed = FIRST_SPEED
        self._last = 0.0  # when the playback last looked at the clock
        self._waited_ms = 0.0  # playback time spent since the move at ``index`` was reached
        board = Board(puzzle, tuple(solution) if solution is not None else _solution_of(puzzle, self.moves))
        self._values = list(board.values)
        self._marks = list(board.marks)
        self._colours = list(board.colours)
        self._diffs = [tuple(board.play(move)) for move in self.moves]  # what each move changed, in order

    # ---- what is shown -----------------------------------------------------

    @property
    def count(self) -> int:
        return len(self.moves)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self.moves)

    @property
    def labelled(self) -> bool:
        return self.labels is not None

    def play(self) -> Play:
        """The board after the moves played so far: values, marks and colours."""
        return Play(self.puzzle, self._values, self._marks, self._colours)

    def took_ms(self, index: int) -> int:
        """The time move ``index`` took: since the move before it, or since the game's start."""
        before = self.moves[index - 1].at_ms if index else 0
        return max(self.moves[index].at_ms - before, 0)

    def shown(self, index: int) -> ShownMove:
        labels = self.labels
        label = labels.labels[index] if labels is not None and index < len(labels.labels) else None
        return ShownMove(index + 1, self.moves[index], self.took_ms(index), label)

    @property
    def current(self) -> ShownMove | None:
        """The move played last (None at the start)."""
        return self.shown(self.index - 1) if self.index else None

    def waits(self) -> list[ShownWait]:
        """The longest waits, longest first; with the step there was to see once labelled."""
        if self.labels is not None:
            return [ShownWait(wait.move, wait.waited_ms, wait.step, True) for wait in self.labels.waits]
        return [ShownWait(move, gap, None, False) for move, gap in longest_waits(self.moves, LONGEST_WAITS)]

    def set_labels(self, labels: GameLabels) -> None:
        self.labels = labels

    # ---- stepping (each pauses the playback) -------------------------------

    def go_to(self, index: int) -> bool:
        """Show the board after ``index`` moves; False when that is where it was."""
        self.pause()
        return self._go(index)

    def step(self, delta: int) -> bool:
        return self.go_to(self.index + delta)

    def to_start(self) -> bool:
        return self.go_to(0)

    def to_end(self) -> bool:
        return self.go_to(len(self.moves))

    def next_wait(self) -> bool:
        """Go to the next of the longest waits in the order of the game (after the last: the first).
        The board shows the position before the move that ended the wait, where the step was to see."""
        starts = sorted(wait.move for wait in self.waits())
        if not starts:
            return False
        later = [move for move in starts if move > self.index]
        return self.go_to(later[0] if later else starts[0])

    def _go(self, index: int) -> bool:
        index = max(0, min(index, len(self.moves)))
        if index == self.index:
            return False
        while self.index < index:
            self._apply(self._diffs[self.index], forward=True)
            self.index += 1
        while self.index > index:
            self.index -= 1
            self._apply(self._diffs[self.index], forward=False)
        self._waited_ms = 0.0
        return True

    def _apply(self, diff: tuple[CellChange, ...], forward: bool) -> None:
        put_changes(self._values, self._marks, self._colours, diff, forward)

    # ---- playback ------------------------------------------------------------

    def start_playing(self) -> None:
        """Play from here (from the start, once at the end)."""
        if self.at_end:
            self._go(0)
        if not self.moves:
            return
        self.playing = True
        self._last = self.now()

    def pause(self) -> None:
        if self.playing:
            self.update()
        self.playing = False

    def toggle(self) -> None:
        """Space: play or pause."""
        if self.playing:
            self.pause()
        else:
            self.start_playing()

    def faster(self) -> bool:
        return self._set_speed(1)

    def slower(self) -> bool:
        return self._set_speed(-1)

    def _set_speed(self, delta: int) -> bool:
        """The next speed up or down; False at either end. The time played so far counts at the old speed."""
        place = SPEEDS.index(self.speed) + delta
        if not 0 <= place < len(SPEEDS):
            return False
        self.update()
        self.speed = SPEEDS[place]
        return True

    def gap_ms(self, index: int) -> int:
        """How long the playback waits before move ``index``, at 1x."""
        return min(self.took_ms(index), LONGEST_GAP_MS)

    def update(self) -> bool:
        """Play the moves whose time has come; True when the board changed. At the end the playback stops."""
        if not self.playing:
            return False
        now = self.now()
        self._waited_ms += max(now - self._last, 0.0) * 1000 * self.speed
        self._last = now
        changed = False
        while self.index < len(self.moves) and self._waited_ms >= self.gap_ms(self.index):
            self._waited_ms -= self.gap_ms(self.index)
            self._apply(self._diffs[self.index], forward=True)
            self.index += 1
            changed = True
        if self.at_end:
            self.playing = False
            self._waited_ms = 0.0
        return changed


def _solution_of(puzzle: Puzzle, moves: tuple[Move, ...]) -> tuple[int, ...]:
    """What Solve put on the board, for a game whose solution was not given: the solver's,
    worked out only when the game has a Solve (else the givens stand in, never read)."""
    if any(move.kind is MoveKind.SOLVE for move in moves):
        found = solve(puzzle)
        if found is not None:
            return found
    return puzzle.givens
