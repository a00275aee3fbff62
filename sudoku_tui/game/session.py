"""A game without a screen: what is in play, its clock, its saves, its background jobs.

A :class:`Session` is everything a game is: the file and puzzle number (or
the puzzle made for the player), the :class:`~.play.Play` with its undo, the
clock, the saved games, and a token per kind of background job so that an
answer from a job that was replaced is ignored. The screen sends it the
player's actions and draws what it holds; the unit tests drive whole games
through it without a screen.

The store (through a :class:`~.keeper.Keeper`): the game in play is written
after every change and when it is left (another puzzle, quit), but only once
it has a move or was resumed, so browsing a file's puzzles records nothing.
With :attr:`Session.save_later` set (the screen does), a change is not written
at once: the session asks for one :meth:`Session.flush` a little later, and
every change until then goes with it; leaving, ending and quitting write the
game whole at once (docs/serving.md, "What a game costs": the store's writes).
A game that ends (solved by the player, filled by Solve, left unsolved for
another puzzle, started afresh) goes into the player's history. Opening a
puzzle that has a game in progress resumes it; a solved one starts afresh.
A store that fails is a warning, said once until it works again; play goes
on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Literal

from ..engine.board.geometry import square
from ..engine.board.puzzle import Puzzle
from ..engine.files.model import PuzzleFile
from ..engine.logic.step import Step, TechniqueName
from ..engine.making.generator import Generated
from ..engine.search.solver import is_solved
from ..paths import bundled_puzzles
from . import texts
from .box_order import BoxOrder
from .clock import Clock, TimeSource, format_elapsed
from .daily import today
from .file_choice import OUTSIDE_FOLDERS, PuzzleFolders, saved_file, shown_name
from .hints import HintTracker, Signature
from .keeper import Keeper
from .new_puzzle import NewPuzzleChoice
from .play import Move, Play
from .replay.labels import Move as RecordedMove
from .replay.labels import MoveKind
from .replay.recording import Recorder, moves_of
from .result_card import ResultCard, result_card
from .selection import Selection
from .store.interface import LOCAL_PLAYER, Store
from .store.records import Aids, Game, RoomGame, Source

# Seconds a served game's change waits to be written, with every change made meanwhile: what
# a game killed outright (SIGKILL, a power cut) may lose; docs/serving.md, "What a game costs".
SAVE_EVERY = 1.0
Severity = Literal["information", "warning", "error"]
JobKind = Literal["load", "solve", "make", "grade"]
# Where a puzzle with no level comes from that the game grades itself, in the background
# (made and daily puzzles have theirs; a room's puzzle is the room's).
GRADED_HERE = frozenset({"file", "own"})


@dataclass(frozen=True)
class Notice:
    """Something to tell the player in passing (the screen shows it as a notification)."""

    text: str
    severity: Severity = "information"
    title: str = ""
    timeout: float | None = None


Notify = Callable[[Notice], None]


@dataclass(frozen=True)
class Answer:
    """What a player's action did, for the screen to show: the cells it changed,
    a refusal (the screen rings the bell), whether it solved the puzzle. What
    the player is told in passing goes out as a :class:`Notice`."""

    move: Move | None = None  # None: nothing changed
    refused: bool = False
    solved: bool = False

    @property
    def changed(self) -> bool:
        return self.move is not None


UNCHANGED = Answer()
REFUSED = Answer(refused=True)


def _ignore(_notice: Notice) -> None:
    pass


def practised_in(origin: Source) -> TechniqueName | None:
    """The technique a game practises, from where its puzzle came from (None for any other)."""
    if origin.kind != "practice" or origin.path is None:
        return None
    try:
        return TechniqueName(origin.path)
    except ValueError:
        return None


def empty_puzzle() -> Puzzle:
    """The starting board: an empty 9x9 where any value can be entered."""
    shape = square(3)
    return Puzzle(shape, (0,) * shape.size)


class JobTokens:
    """One counter per kind of background job; a job's answers carry the token
    it was started with, and only the latest token's answers count."""

    def __init__(self) -> None:
        self._latest: dict[JobKind, int] = {"load": 0, "solve": 0, "make": 0, "grade": 0}

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
        store: Store,
        *,
        player: str = LOCAL_PLAYER,
        now: TimeSource = time.monotonic,
        notify: Notify = _ignore,
        start_folder: Path | None = None,
        folders: PuzzleFolders | None = None,
    ) -> None:
        self.now = now
        # A served game: the only folders files may be opened from (None: anywhere).
        self.folders = folders
        self.notify = notify
        self.keeper = Keeper(store, lambda text: self.notify(Notice(text, "warning", timeout=10)), player)
        # Where the open dialog starts: the last file's folder once a file was opened.
        self.last_folder = start_folder if start_folder is not None else bundled_puzzles()
        self.puzzles: PuzzleFile | None = None
        self.number = 0
        self.made: Generated | None = None  # the made puzzle in play, when it is one
        self.practising: TechniqueName | None = None  # the technique the made puzzle in play practises
        self.origin = Source()  # where the puzzle in play came from, as the history says it
        self.level: str | None = None  # its level, when known (made and daily puzzles)
        self.aids = Aids()  # what helped in the game in play
        self.solution: tuple[int, ...] | None = None  # the puzzle's solution, once known
        self.show_mistakes = False
        self.play = Play(empty_puzzle())
        self.cursor = 0  # the selected cell, kept with the game
        # The cells shift with an arrow selected (the board keeps it as its cursor moves).
        self.selection = Selection()
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
        self.recorder = Recorder()  # the moves of the game in play, for its replay
        self.boxes = BoxOrder()  # the order the game's boxes were completed in (the result card's picture)
        self.room: RoomGame | None = None  # the room the game in play is played in, as the history will say it
        self.watching = False  # watching a room: the board is the room's, never this player's game
        self._kept = False  # the game in play is in the store (it had a move, or was resumed)
        self._ended = False  # the game in play is over (solved or filled): nothing more is saved
        # Called after a change instead of writing it (None: written at once): it must call
        # flush() soon. unsaved: a change is waiting for that flush.
        self.save_later: Callable[[], None] | None = None
        self.unsaved = False
        self._resume_number: int | None = None
        self._resumed_origin: tuple[Source, str | None] | None = None  # for a saved puzzle played alone

    # ---- what is in play ----------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        return self.play.puzzle

    @property
    def has_puzzle(self) -> bool:
        """A puzzle from a file or a made one is in play (not the empty start board)."""
        return self.puzzles is not None or self.made is not None

    def open_store(self, notices: Sequence[str] = ()) -> Game | None:
        """Tell what opening the store found (``notices`` and the store's own); the
        last unsolved game, to offer at start. The settings take effect."""
        for text in [*notices, *self.keeper.notices()]:
            self.notify(Notice(text, "warning", timeout=12))
        self.show_mistakes = bool(self.keeper.setting("show_mistakes"))
        return self.keeper.last_game()

    # ---- files ------------------------------------------------------------------

    def may_open(self, path: Path) -> str:
        """Why ``path`` may not be opened in this game (a served game's folders); "" when it may."""
        return "" if self.folders is None or self.folders.holds(path) else OUTSIDE_FOLDERS

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
        self._resumed_origin = None
        return True

    def _first_number(self, count: int) -> int:
        """The puzzle to show when a file has loaded: the resumed game's, else 0."""
        number, self._resume_number = self._resume_number, None
        return number if number is not None and 0 <= number < count else 0

    def show_puzzle(self, number: int) -> None:
        """Play puzzle ``number`` of the file, replacing whatever the cells held."""
        assert self.puzzles is not None
        self.number = number
        path = self.puzzles.path
        if path is not None:
            origin, level = Source.file(str(path.resolve()), number), None
        else:  # a saved game whose file is gone, played alone
            origin, level = self._resumed_origin or (Source(), None)
        self._start(self.puzzles.puzzle(number), origin, level)

    def random_number(self, rng: random.Random | None = None) -> int | None:
        """Another puzzle of the file, at random (never the one in play); None when there is none."""
        if self.puzzles is None or len(self.puzzles) < 2:
            return None
        drawn = (rng or random).randrange(len(self.puzzles) - 1)
        return drawn + 1 if drawn >= self.number else drawn

    @property
    def at_stake(self) -> bool:
        """A game with moves is in play that nothing would bring back once another
        puzzle replaced it: a made puzzle (but today's daily, which d makes again), or
        a saved puzzle played without its file. A puzzle of a file comes back,
        resumed, whenever the file is opened again."""
        if not self.in_game or self._ended or not (self._kept or self.play.can_undo):
            return False
        if self.puzzles is not None and self.puzzles.path is not None:
            return False
        return not (self.origin.kind == "daily" and self.origin.day == today())

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

    def puzzle_made(
        self, token: int, made: Generated, daily: date | None = None, practising: TechniqueName | None = None
    ) -> bool:
        """Play a made puzzle (the daily puzzle of ``daily``, or one practising a
        technique, which hints then name as such); it belongs to no file.
        False for a replaced job."""
        if not self.jobs.is_current("make", token):
            return False
        self.making = None
        self.puzzles = None
        self.made = made
        self.number = 0
        origin = Source.daily(daily) if daily is not None else Source.made()
        if practising is not None:  # kept with the game: resumed, it is still this practice
            origin = Source.practice(practising.value)
        self._start(made.puzzle, origin, made.level.key if made.level is not None else None)
        self.solution = made.solution
        return True

    # ---- the player's own puzzle ------------------------------------------------

    def start_own(self, puzzle: Puzzle) -> None:
        """Play a puzzle the player typed in or pasted (as a one-puzzle collection with no
        file); the game in play is kept first, as for any other puzzle. Its level comes
        later (:meth:`graded`)."""
        self.cancel_making()
        self.jobs.drop("load")
        self.loading = None
        self.puzzles, self.made, self.number = PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()]), None, 0
        self._resumed_origin = (Source.own(), None)
        self._start(puzzle, Source.own(), None)

    # ---- grading a puzzle nobody graded -----------------------------------------

    def begin_grading(self) -> int | None:
        """A job's token to grade the puzzle in play (a file's, or the player's own) in the
        background; None when it has its level or is none the game grades."""
        if not self.in_game or self.watching or self.level is not None or self.origin.kind not in GRADED_HERE:
            return None
        return self.jobs.next("grade")

    def graded(self, token: int, level: str) -> bool:
        """The level of the puzzle in play, worked out in the background: kept with the game,
        or put in its history entry when the game ended meanwhile (solved, or filled). False
        for a replaced job (another puzzle is in play by now) or one answered already."""
        if not self.jobs.is_current("grade", token):
            return False
        self.jobs.drop("grade")
        self.level = level
        if self._ended:
            if not self.watching:
                self.keeper.record_level(level)
        else:
            self.save_game()
        return True

    # ---- starting and leaving a game -------------------------------------------

    def start_room_puzzle(self, puzzle: Puzzle, *, hidden: bool = False) -> None:
        """A room's puzzle, played from its start whatever this player kept of it (every
        seat begins on the same board); ``hidden``: a race waiting for its start."""
        self.cancel_making()
        self.jobs.drop("load")
        self.loading = None
        if not (self.in_game and puzzle == self.play.puzzle):  # the host's own choice keeps its origin
            self.puzzles, self.made, self.number = PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()]), None, 0
            self._resumed_origin = (Source.made(), None)
            self._start(puzzle, Source.made(), None, fresh=True)
        else:
            self._start(puzzle, self.origin, self.level, fresh=True)
        self.paused = hidden
        self._sync_clock()

    def restart_clock(self) -> None:
        """A race starts: the board shows and the clock runs from nought, the same moment for all."""
        self.clock = Clock(now=self.now)
        self.paused = False
        self._sync_clock()

    def _start(self, puzzle: Puzzle, origin: Source, level: str | None, *, fresh: bool = False) -> None:
        """Leave the game in play (kept, or ended in the history) and start ``puzzle``,
        resuming the player's game of it when one is in progress.

        Showing the puzzle already in play again (its number typed, its file
        opened again) goes on with the game in play: no key throws a game away.
        A solved one starts afresh.
        """
        again = self.in_game and puzzle == self.play.puzzle
        if again and not self._ended and not fresh:
            return
        self.jobs.drop("solve")  # a solve still running is for the old puzzle
        self.jobs.drop("grade")  # so is a grade
        self.solving = False
        self.practising = None
        self._leave(again)
        saved = None if again or fresh else self.keeper.resumable(puzzle)
        play = self._resumed_play(puzzle, saved)
        resumed = saved if play is not None else None
        self.keeper.start(resumed)
        self.origin, self.level = (resumed.source, resumed.level) if resumed is not None else (origin, level)
        self.practising = practised_in(self.origin)
        self.aids = resumed.aids if resumed is not None else Aids()
        if self.show_mistakes:  # on now, whatever it was when the resumed game was left
            self.aids = replace(self.aids, mistakes_shown=True)
        self.clock = Clock(resumed.elapsed if resumed is not None else 0.0, now=self.now)
        self._tell_start(puzzle, resumed)
        self.in_game, self._kept, self._ended, self.solved, self.paused = True, resumed is not None, False, False, False
        self.play = play or Play(puzzle)
        self.recorder = Recorder.resumed(resumed.moves) if resumed is not None else Recorder()
        self.cursor = resumed.cursor if resumed is not None else 0
        self.solution = None
        self.boxes.start(self.play.shape, self.play.values)
        self._sync_clock()

    def _tell_start(self, puzzle: Puzzle, resumed: Game | None) -> None:
        if resumed is not None:
            self.notify(Notice(texts.resumed(format_elapsed(resumed.elapsed))))
            return
        before = self.keeper.solved_before(puzzle)
        if before is not None:
            self.notify(Notice(texts.solved_before(format_elapsed(before.elapsed))))

    @staticmethod
    def _resumed_play(puzzle: Puzzle, saved: Game | None) -> Play | None:
        if saved is None:
            return None
        try:
            return Play(puzzle, saved.value_list(), saved.marks, saved.colours)
        except ValueError:
            return None

    def _leave(self, afresh: bool) -> None:
        """The game in play is left: for another puzzle (it stays resumable) or
        for a fresh start of the same one (it ends)."""
        waiting, self.unsaved = self.unsaved, False  # what is written here is the game whole
        if not self.in_game or self._ended or self.watching:
            return
        if waiting and not (self._kept or self.play.can_undo):  # only others' changes (a room's): kept as they were
            self.save_game(force=True)
        if afresh:
            if self._kept or self.play.can_undo:
                self.keeper.finish(self._record())
        elif self._kept or self.play.can_undo:
            self.keeper.leave(self._record())

    def _record(self) -> Game:
        """The game in play as the store keeps it."""
        return Game.of(
            self.play.puzzle,
            self.play.values,
            self.play.marks,
            self.clock.elapsed(),
            colours=self.play.colours,
            solved=self.solved,
            source=self.origin,
            level=self.level,
            aids=self.aids,
            cursor=self.cursor,
            room=self.room,
            moves=self.recorder.data(),
        )

    def placed_in_race(self, place: int) -> None:
        """The room numbered this player's finish: the history entry of the race says the place."""
        if self.room is not None and self.room.kind == "race" and self._ended:
            self.room = replace(self.room, place=place)
            self.keeper.record_room(self.room)

    def save_game(self, force: bool = False) -> None:
        """Write the game in play, once it is worth keeping; a failure is a warning, never a crash."""
        force, self.unsaved = force or self.unsaved, False
        if not self.in_game or self._ended or self.watching or not (force or self.play.can_undo or self._kept):
            return
        if self.keeper.save(self._record()):
            self._kept = True  # saved once: from now on it is kept up to date

    def _end(self) -> None:
        """The puzzle is solved (by the player or by Solve): the game goes to the history
        (a watcher's never: the players solved it)."""
        if not self.watching:
            self.keeper.finish(self._record())
        self._ended, self.unsaved = True, False

    def quit(self) -> None:
        """The game ends (quit, a signal, a dropped connection): keep it, with the time
        played up to now and the selected cell."""
        self.save_game()
        self.keeper.close()

    # ---- the last game --------------------------------------------------------

    @staticmethod
    def describe(game: Game) -> str:
        source = game.source
        if source.kind == "file" and source.path:
            where = texts.file_puzzle(shown_name(source.path), source.index)
        elif source.kind == "daily" and source.day is not None:
            where = texts.daily_puzzle(source.day.isoformat())
        elif source.kind == "own":
            where = texts.OWN_PUZZLE
        elif source.kind == "practice" and source.path:
            where = texts.practice_puzzle(source.path)
        else:
            where = texts.NO_FILE_PUZZLE
        return texts.saved_game(where, game.shape, format_elapsed(game.elapsed))

    def resume(self, game: Game) -> Path | PuzzleFile:
        """What to load to play a saved game again: its file when the file is still
        there (the game's number is shown once it has loaded), else the puzzle
        alone, as a one-puzzle collection."""
        source = game.source
        path = saved_file(source.path, self.folders) if source.kind == "file" and source.path else None
        if path is not None and source.index is not None:
            self._resume_number = source.index
            return path
        self._resumed_origin = (source, game.level)
        puzzle = game.puzzle()
        return PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()])

    # ---- playing ----------------------------------------------------------------

    def after_change(self, announce: bool = True) -> bool:
        """After any change to the play: stop or restart the clock, save.
        True when the change solved the puzzle."""
        if not self.in_game:
            return False
        self.boxes.update(self.play.shape, self.play.values, self.solution)
        solved = self.play.is_full() and self.play.is_solved()
        just_solved = solved and not self.solved
        if solved != self.solved:
            self.solved = solved
            self._sync_clock()
            if just_solved and announce and not self.aids.solve_used:
                self.notify(Notice(texts.solved_in(format_elapsed(self.clock.elapsed())), title=texts.SOLVED_TITLE))
        if just_solved and not self._ended:
            self._end()
        self._changed()
        return just_solved

    def _changed(self) -> None:
        """The play changed: written now, or by the flush the screen was asked for."""
        if self.save_later is None or self._ended or self.watching or not self.in_game:
            self.save_game(force=True)
            return
        if not self.unsaved:
            self.unsaved = True
            self.save_later()

    def flush(self) -> None:
        """Write the changes waiting since :attr:`save_later` was called (none: nothing)."""
        if self.unsaved:
            self.save_game(force=True)

    # The player's changes: each is one undoable move on the play, followed by
    # after_change (the clock, the save, "solved"); the answer says what to redraw.

    def enter(self, cell: int, value: int) -> Answer:
        """A value typed in a cell, or a clear key (value 0): refused in a given."""
        self.cursor = cell  # kept with the game, which is saved below
        if not self.play.may_enter(cell):
            return REFUSED
        if self.play.values[cell] == value:
            return UNCHANGED
        return self._answer(self.play.enter(cell, value), MoveKind.VALUE)

    def toggle_mark(self, cell: int, value: int) -> Answer:
        """A value typed in pencil mode: its mark on or off; refused in a given or a filled cell."""
        self.cursor = cell
        if not self.play.may_enter(cell) or not self.play.may_mark(cell):
            return REFUSED
        return self._answer(self.play.toggle_mark(cell, value), MoveKind.MARK)

    def selected_cells(self) -> tuple[int, ...]:
        """The cells the player selected (``shift`` with an arrow), or the cursor's cell alone."""
        return self.selection.cells(self.play.shape)

    def enter_each(self, cells: Sequence[int], value: int) -> Answer:
        """A value (or a clear, value 0) on several cells at once, as one move; the givens
        among them stay. One cell: as :meth:`enter`. Refused when no cell may change."""
        if len(cells) == 1:
            return self.enter(cells[0], value)
        if not self.play.changeable(cells):
            return REFUSED
        return self._answer(self.play.enter_each(cells, value), MoveKind.VALUE)

    def toggle_mark_each(self, cells: Sequence[int], value: int) -> Answer:
        """A mark on several cells at once (set on all unless all have it), as one move;
        only empty cells take it. One cell: as :meth:`toggle_mark`."""
        if len(cells) == 1:
            return self.toggle_mark(cells[0], value)
        if not any(self.play.may_mark(cell) for cell in self.play.changeable(cells)):
            return REFUSED
        return self._answer(self.play.toggle_mark_each(cells, value), MoveKind.MARK)

    def paint(self, cell: int, colour: int) -> Answer:
        """Colour mode's paint on a cell (0 takes it off): refused on a given."""
        self.cursor = cell
        if not self.play.may_paint(cell):
            return REFUSED
        return self._answer(self.play.paint(cell, colour), MoveKind.COLOUR)

    def paint_each(self, cells: Sequence[int], colour: int) -> Answer:
        """Colour mode's paint on several cells at once (the givens among them stay bare), as
        one move. One cell: as :meth:`paint`. Refused when none may take paint."""
        if len(cells) == 1:
            return self.paint(cells[0], colour)
        if not any(self.play.may_paint(cell) for cell in cells):
            return REFUSED
        return self._answer(self.play.paint_cells(cells, colour), MoveKind.COLOUR)

    def fill_candidates(self) -> Answer:
        return self._answer(self.play.fill_candidates(), MoveKind.MARK)

    def undo(self) -> Answer:
        return self._answer(self.play.undo(), MoveKind.UNDO)

    def redo(self) -> Answer:
        return self._answer(self.play.redo(), MoveKind.REDO)

    def _answer(self, move: Move | None, action: MoveKind) -> Answer:
        if move is None:
            return UNCHANGED
        self.record(action, move)
        return Answer(move, solved=self.after_change())

    def record(self, action: MoveKind, move: Move) -> None:
        """Keep a change the player made with the game's moves, at the game clock's time
        (before :meth:`after_change` saves them). A room's undo of the player's own move
        comes here too."""
        if self.in_game and not self.watching:
            self.recorder.add(moves_of(action, move, int(self.clock.elapsed() * 1000)))

    @property
    def moves(self) -> tuple[RecordedMove, ...]:
        """The moves of the game in play so far (a resumed game's from its start), for its replay."""
        return self.recorder.moves

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
            shown = self.play.replace_values(self.puzzle.givens, "Show the puzzle")
            if shown is not None:
                self.record(MoveKind.VALUE, shown)
            self.after_change(announce=False)
            return False
        self.solution = tuple(solution)
        self.aids = replace(self.aids, solve_used=True)
        filled = self.play.replace_values(solution)
        if filled is not None:
            self.record(MoveKind.SOLVE, filled)
        self.after_change(announce=False)
        return True

    def check(self) -> bool | None:
        """Check Solution: None when the board is not full."""
        if not self.play.is_full():
            return None
        return is_solved(self.puzzle, self.play.values)

    def hint_signature(self) -> Signature:
        return self.hints.signature(self.puzzle, self.play.values)

    def apply_step(self, step: Step) -> Answer:
        """Placements become entries and eliminations leave the pencil marks, as one
        move that one undo takes back; eliminations are also remembered for the
        next hint, so that one is not found again when the cells had no marks."""
        self.hints.applied(step)
        hinted = self.play.apply_step(step.placements, step.eliminations, name=f"Hint: {step.technique}")
        return self._answer(hinted, MoveKind.HINT)

    def hint_shown(self) -> None:
        """A hint named its step: it counts as used."""
        self.aids = replace(self.aids, hints=self.aids.hints + 1)

    def progress_checked(self) -> None:
        """Check my progress answered: it counts as used."""
        self.aids = replace(self.aids, checks=self.aids.checks + 1)

    def result_card(self) -> ResultCard | None:
        """The result card of the daily puzzle in play once the player solved it
        (None for any other game, and for one Solve filled)."""
        origin = self.origin
        if not self.solved or self.aids.solve_used or origin.kind != "daily" or origin.day is None:
            return None
        shape, elapsed = self.play.shape, self.clock.elapsed()
        return result_card(origin.day, self.level or "", shape, elapsed, self.aids.hints, self.boxes.order)

    # ---- show mistakes ------------------------------------------------------------

    def toggle_mistakes(self) -> bool:
        """Show mistakes on or off (a setting, kept); a game it was ever on in says so in the history."""
        self.show_mistakes = not self.show_mistakes
        self.keeper.put_setting("show_mistakes", self.show_mistakes)
        if self.show_mistakes and self.in_game:
            self.aids = replace(self.aids, mistakes_shown=True)
        return self.show_mistakes

    @property
    def wants_solution(self) -> bool:
        """Show mistakes is on and the puzzle's solution is still to be worked out."""
        return self.show_mistakes and self.has_puzzle and self.solution is None

    def solution_found(self, puzzle: Puzzle, solution: Sequence[int] | None) -> bool:
        """The solution of ``puzzle`` was worked out; False when another puzzle is in play by now."""
        if puzzle != self.puzzle or solution is None:
            return False
        self.solution = tuple(solution)
        self.boxes.update(self.play.shape, self.play.values, self.solution)  # a box found wrong is not complete
        return True

    def mistakes(self) -> frozenset[int]:
        """The entries that differ from the solution, while show mistakes is on."""
        if not self.show_mistakes or self.solution is None:
            return frozenset()
        solution, play = self.solution, self.play
        return frozenset(
            cell
            for cell, value in enumerate(play.values)
            if value and not play.is_given(cell) and value != solution[cell]
        )

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
        return texts.clock(format_elapsed(self.clock.elapsed()), self.paused, self.solved)

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
                return texts.cell_filled(name)
            possible = play.candidates_of(cell)
            return texts.cell_can_hold(name, texts.symbols(shape, possible)) if possible else texts.nothing_fits(name)
        marks = play.marks_of(cell)
        return texts.cell_marks(name, texts.symbols(shape, marks)) if marks else name
