"""A game without a screen: what is in play, its clock, its saves, its background jobs.

A :class:`Session` is everything a game is: the file and puzzle number (or
the puzzle made for the player), the :class:`~.play.Play` with its undo, the
clock, the saved games, and a token per kind of background job so that an
answer from a job that was replaced is ignored. The screen sends it the
player's actions and draws what it holds; the unit tests drive whole games
through it without a screen.

Saves: the game in play is written after every change and when the game is
left (another puzzle, quit), but only once it has a move or was resumed, so
browsing a file's puzzles does not fill the store. Opening a puzzle that has
a save resumes it; a solved one starts afresh. A save that fails is a
warning, said once until saving works again; play goes on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..engine.formats import PuzzleFile
from ..engine.generator import Generated
from ..engine.geometry import square
from ..engine.logic.step import Step
from ..engine.puzzle import Puzzle
from ..engine.solver import is_solved
from ..paths import bundled_puzzles
from . import texts
from .clock import Clock, TimeSource, format_elapsed
from .file_choice import saved_file, shown_name
from .hints import HintTracker, Signature
from .new_puzzle import NewPuzzleChoice
from .play import Move, Play
from .saves import SavedGame, SaveError, SaveStore

Severity = Literal["information", "warning", "error"]
JobKind = Literal["load", "solve", "make"]


@dataclass(frozen=True)
class Notice:
    """Something to tell the player in passing (the screen shows it as a notification)."""

    text: str
    severity: Severity = "information"
    title: str = ""
    timeout: float | None = None


Notify = Callable[[Notice], None]


def _ignore(_notice: Notice) -> None:
    pass


def empty_puzzle() -> Puzzle:
    """The starting board: an empty 9x9 where any value can be entered."""
    shape = square(3)
    return Puzzle(shape, (0,) * shape.size)


class JobTokens:
    """One counter per kind of background job; a job's answers carry the token
    it was started with, and only the latest token's answers count."""

    def __init__(self) -> None:
        self._latest: dict[JobKind, int] = {"load": 0, "solve": 0, "make": 0}

    def next(self, kind: JobKind) -> int:
        self._latest[kind] += 1
        return self._latest[kind]

    def is_current(self, kind: JobKind, token: int) -> bool:
        return self._latest[kind] == token

    def drop(self, kind: JobKind) -> None:
        """Whatever the job under way still answers is ignored."""
        self._latest[kind] += 1


class Session:
    """One player's game: what is in play and everything that goes with it."""

    def __init__(
        self,
        saves: SaveStore | None = None,
        *,
        now: TimeSource = time.monotonic,
        notify: Notify = _ignore,
        start_folder: Path | None = None,
    ) -> None:
        self.saves = saves if saves is not None else SaveStore()
        self.now = now
        self.notify = notify
        # Where the open dialog starts: the last file's folder once a file was opened.
        self.last_folder = start_folder if start_folder is not None else bundled_puzzles()
        self.puzzles: PuzzleFile | None = None
        self.number = 0
        self.made: Generated | None = None  # the made puzzle in play, when it is one
        self.play = Play(empty_puzzle())
        self.cursor = 0  # the selected cell, kept with the game
        self.clock = Clock(now=now)
        self.in_game = False  # False on the empty start board: no clock, no saves
        self.solved = False
        self.paused = False
        self.covered = False  # a dialog is over the game: the clock waits
        self.jobs = JobTokens()
        self.loading: Path | None = None
        self.solving = False
        self.making: NewPuzzleChoice | None = None
        self.last_choice: NewPuzzleChoice | None = None
        self.hints = HintTracker()
        self._source: tuple[str | None, int | None] = (None, None)  # file and number of the game in play
        self._resumed = False
        self._save_failed = False
        self._resume_number: int | None = None

    # ---- what is in play ----------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        return self.play.puzzle

    @property
    def has_puzzle(self) -> bool:
        """A puzzle from a file or a made one is in play (not the empty start board)."""
        return self.puzzles is not None or self.made is not None

    def open_saves(self) -> SavedGame | None:
        """Read the saved games; the last unsolved game, to offer at start."""
        self.saves.load()
        if self.saves.notice:
            self.notify(Notice(self.saves.notice, "warning", timeout=12))
        last = self.saves.last()
        return last if last is not None and not last.solved else None

    # ---- files ------------------------------------------------------------------

    def begin_load(self, path: Path | None) -> int:
        """A file is to be read (or a saved puzzle without one is to be played);
        the game in play stays until it has read."""
        self.cancel_making()  # the file asked for last wins over a puzzle being made
        self.loading = path
        return self.jobs.next("load")

    def load_failed(self, token: int) -> bool:
        """A read failed; False when it was for a load that was replaced."""
        if not self.jobs.is_current("load", token):
            return False
        self.loading = None
        return True

    def file_loaded(self, token: int, puzzles: PuzzleFile) -> bool:
        """Play the file's first puzzle (or the resumed game's); False for a replaced load."""
        if not self.jobs.is_current("load", token):
            return False
        self.loading = None
        self.puzzles = puzzles
        self.made = None
        if puzzles.path is not None:
            self.last_folder = puzzles.path.resolve().parent
        self.show_puzzle(self._first_number(len(puzzles)))
        return True

    def _first_number(self, count: int) -> int:
        """The puzzle to show when a file has loaded: the resumed game's, else 0."""
        number, self._resume_number = self._resume_number, None
        return number if number is not None and 0 <= number < count else 0

    def show_puzzle(self, number: int) -> None:
        """Play puzzle ``number`` of the file, replacing whatever the cells held."""
        assert self.puzzles is not None
        self.number = number
        self._start(self.puzzles.puzzle(number))

    def random_number(self, rng: random.Random | None = None) -> int | None:
        if self.puzzles is None:
            return None
        return (rng or random).randrange(len(self.puzzles))

    def step_to(self, delta: int) -> tuple[int | None, str]:
        """The puzzle ``delta`` away from the one in play, or None and why not."""
        if self.puzzles is None:
            return None, ""
        wanted = self.number + delta
        if wanted < 0:
            return None, texts.FIRST_PUZZLE
        if wanted >= len(self.puzzles):
            return None, texts.LAST_PUZZLE
        return wanted, ""

    def judge_number(self, typed: str) -> tuple[int | None, str]:
        """The puzzle number typed, or None and the hint that says why not."""
        if self.puzzles is None:
            return None, ""
        last = len(self.puzzles) - 1
        try:
            wanted = int(typed)
        except ValueError:
            return None, texts.not_a_number(typed, last)
        if not 0 <= wanted <= last:
            return None, texts.out_of_range(wanted, last)
        return wanted, ""

    # ---- made puzzles -----------------------------------------------------------

    def begin_making(self, choice: NewPuzzleChoice) -> int:
        self.last_choice = choice
        self.making = choice
        return self.jobs.next("make")

    def cancel_making(self) -> bool:
        """Stop making a puzzle (True when one was being made); the game in play stays."""
        if self.making is None:
            return False
        self.jobs.drop("make")
        self.making = None
        return True

    def making_failed(self, token: int) -> bool:
        if not self.jobs.is_current("make", token):
            return False
        self.making = None
        return True

    def puzzle_made(self, token: int, made: Generated) -> bool:
        """Play a made puzzle; it belongs to no file. False for a replaced job."""
        if not self.jobs.is_current("make", token):
            return False
        self.making = None
        self.puzzles = None
        self.made = made
        self.number = 0
        self._start(made.puzzle)
        return True

    # ---- starting and leaving a game -------------------------------------------

    def _start(self, puzzle: Puzzle) -> None:
        """Leave the game in play (saved) and start ``puzzle``, resuming its save if it has one.

        Showing the puzzle already in play again (Load Random landing on it)
        replaces whatever the cells held: a fresh start.
        """
        self.jobs.drop("solve")  # a solve still running is for the old puzzle
        self.solving = False
        again = self.in_game and puzzle == self.play.puzzle
        if again:
            self._forget_game()
        else:
            self.save_game()
        self.paused = False
        path = self.puzzles.path if self.puzzles is not None else None
        self._source = (str(path.resolve()) if path is not None else None, self.number if path else None)
        saved = None if again else self.saves.find(puzzle)
        play = self._resumed_play(puzzle, saved)
        self.clock = Clock(saved.elapsed if play is not None and saved is not None else 0.0, now=self.now)
        if play is not None:
            self.notify(
                Notice(f"Your game of this puzzle was resumed ({format_elapsed(self.clock.elapsed())} played).")
            )
        elif saved is not None and saved.solved:
            self.notify(
                Notice(f"You solved this puzzle before, in {format_elapsed(saved.elapsed)}. Here it is afresh.")
            )
        self.in_game, self._resumed, self.solved = True, play is not None, False
        self.play = play or Play(puzzle)
        self.cursor = saved.cursor if play is not None and saved is not None else 0
        self._sync_clock()

    @staticmethod
    def _resumed_play(puzzle: Puzzle, saved: SavedGame | None) -> Play | None:
        if saved is None or saved.solved:
            return None
        try:
            return Play(puzzle, saved.value_list(), saved.marks)
        except ValueError:
            return None

    def save_game(self, force: bool = False) -> None:
        """Write the game in play, once it is worth keeping; a failure is a warning, never a crash."""
        if not self.in_game or not (force or self.play.can_undo or self._resumed):
            return
        path, index = self._source
        game = SavedGame.of(
            self.play.puzzle,
            self.play.values,
            self.play.marks,
            self.clock.elapsed(),
            self.solved,
            path,
            index,
            self.cursor,
        )
        try:
            self.saves.put(game)
        except SaveError as error:
            if not self._save_failed:
                self.notify(Notice(str(error), "warning", timeout=10))
            self._save_failed = True
            return
        self._save_failed = False
        self._resumed = True  # saved once: from now on it is kept up to date

    def _forget_game(self) -> None:
        try:
            self.saves.forget(self.saves.key_of(self.play.puzzle))
        except SaveError as error:
            self.notify(Notice(str(error), "warning", timeout=10))

    def quit(self) -> None:
        """The game ends (quit, a signal, a dropped connection): keep it, with the time
        played up to now and the selected cell."""
        self.save_game()

    # ---- the last game --------------------------------------------------------

    @staticmethod
    def describe(game: SavedGame) -> str:
        where = f"{shown_name(game.path)}, puzzle {game.index}" if game.path else "A puzzle without a file"
        return f"{where} ({game.shape}), {format_elapsed(game.elapsed)} played."

    def resume(self, game: SavedGame) -> Path | PuzzleFile:
        """What to load to play a saved game again: its file when the file is still
        there (the game's number is shown once it has loaded), else the puzzle
        alone, as a one-puzzle collection."""
        path = saved_file(game.path) if game.path else None
        if path is not None and game.index is not None:
            self._resume_number = game.index
            return path
        puzzle = game.puzzle()
        return PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()])

    # ---- playing ----------------------------------------------------------------

    def after_change(self, announce: bool = True) -> bool:
        """After any change to the play: stop or restart the clock, save.
        True when the change solved the puzzle."""
        if not self.in_game:
            return False
        solved = self.play.is_full() and self.play.is_solved()
        just_solved = solved and not self.solved
        if solved != self.solved:
            self.solved = solved
            self._sync_clock()
            if just_solved and announce:
                self.notify(Notice(f"Solved in {format_elapsed(self.clock.elapsed())}!", title="Well done"))
        self.save_game(force=True)
        return just_solved

    def begin_solve(self) -> int | None:
        """A token for a solve of the puzzle in play, or None when none may start."""
        if not self.has_puzzle or self.solving:
            return None
        self.solving = True
        return self.jobs.next("solve")

    def solve_finished(self, token: int, solution: Sequence[int] | None) -> bool | None:
        """Put the solver's answer on the board as one undoable move: the solution,
        or the original puzzle when there is none (then False). None for a replaced job."""
        if not self.jobs.is_current("solve", token):
            return None
        self.solving = False
        if solution is None:
            self.play.replace_values(self.puzzle.givens, "Show the puzzle")
            self.after_change(announce=False)
            return False
        self.play.replace_values(solution)
        self.after_change(announce=False)
        return True

    def check(self) -> bool | None:
        """Check Solution: None when the board is not full."""
        if not self.play.is_full():
            return None
        return is_solved(self.puzzle, self.play.values)

    def hint_signature(self) -> Signature:
        return self.hints.signature(self.puzzle, self.play.values)

    def apply_step(self, step: Step) -> Move | None:
        """Placements become entries and eliminations leave the pencil marks, as one
        move that one undo takes back; eliminations are also remembered for the
        next hint, so that one is not found again when the cells had no marks."""
        self.hints.applied(step)
        return self.play.apply_step(step.placements, step.eliminations, name=f"Hint: {step.technique}")

    # ---- the clock --------------------------------------------------------------

    def toggle_pause(self) -> bool:
        """Space: stop the clock and hide the board, or go on. False when no game is in play."""
        if not self.in_game:
            return False
        self.paused = not self.paused
        self._sync_clock()
        return True

    def cover(self, covered: bool) -> None:
        """A dialog opened over the game (or the last one closed)."""
        self.covered = covered
        self._sync_clock()

    def _sync_clock(self) -> None:
        """The clock runs while a game is played: not paused, not solved, nothing over it."""
        if self.in_game and not (self.paused or self.solved or self.covered):
            self.clock.start()
        else:
            self.clock.pause()

    def clock_text(self) -> str:
        if not self.in_game:
            return ""
        state = " paused" if self.paused else " ✓" if self.solved else ""
        return f"⏱ {format_elapsed(self.clock.elapsed())}{state}"

    # ---- the status line --------------------------------------------------------

    def cell_info(self, cell: int, show_possible: bool) -> str:
        """The cell's marks, or its possible values after ``v``."""
        if not self.in_game:
            return ""
        play = self.play
        shape = play.shape
        name = shape.cell_name(cell)
        if show_possible:
            if play.values[cell]:
                return f"{name} is filled."
            possible = play.candidates_of(cell)
            return f"{name} can hold {texts.symbols(shape, possible)}" if possible else f"{name}: no value fits!"
        marks = play.marks_of(cell)
        return f"{name} marks {texts.symbols(shape, marks)}" if marks else name
