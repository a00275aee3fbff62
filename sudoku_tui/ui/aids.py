"""Player aids the app holds (issue 4): the clock and pause, saves and resume, help, the status line.

Mixed into :class:`~sudoku_tui.ui.app.SudokuApp`; the board keeps the aids
that act on cells (pencil marks, candidates, undo and redo, highlighting).

Saves: the game in play is written after every change and when the game
is left (another puzzle, quit), but only once it has a move or was resumed,
so browsing a file's puzzles does not fill the save file. Opening a puzzle
that has a save resumes it; a solved one starts afresh. A save that fails
is a warning, said once until saving works again; play goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.css.query import NoMatches
from textual.widgets import Label

from ..engine.formats import PuzzleFile
from ..engine.puzzle import Puzzle
from ..play import Clock, Play, format_elapsed
from ..saves import SavedGame, SaveError, SaveStore
from .board import Board
from .dialogs import ResumeDialog
from .help import HelpScreen, key_rows
from .jobs import FileLoaded

if TYPE_CHECKING:
    from textual.app import App

    _AppBase = App[None]
else:
    _AppBase = object

# App actions that would show or change the hidden board: off while paused.
OFF_WHILE_PAUSED = frozenset({"solve", "check", "hint", "check_progress"})


class PlayAids(_AppBase):
    """Clock, pause, saves, resume, help and the status line's cell info.

    Expects the app's ``grid`` (a :class:`Play`), ``puzzles``, ``number``,
    ``board``, ``open_file`` and the status bar's ``#cell-info``, ``#mode``
    and ``#clock`` labels.
    """

    if TYPE_CHECKING:
        grid: Play
        puzzles: PuzzleFile | None
        number: int
        _load_token: int

        @property
        def board(self) -> Board: ...

        def open_file(self, path: Path) -> None: ...

    def _aids_init(self, saves_folder: Path | None = None) -> None:
        self.saves = SaveStore(saves_folder)
        self.clock = Clock()
        self.in_game = False  # False on the empty start board: no clock, no saves
        self._source: tuple[str | None, int | None] = (None, None)  # file and number of the game in play
        self._resumed = False
        self._solved = False
        self._save_failed = False
        self._resume_number: int | None = None

    def _aids_mount(self, offer_last: bool) -> None:
        self.saves.load()
        if self.saves.notice:
            self.notify(self.saves.notice, severity="warning", timeout=12)
        self.set_interval(1.0, self._show_clock)
        self._show_clock()
        self.screen_change_signal.subscribe(self, self._screen_changed)
        last = self.saves.last()
        if offer_last and last is not None and not last.solved:
            self.push_screen(ResumeDialog(self._describe(last)), self._resume_answer(last))

    # ---- games --------------------------------------------------------------

    def _new_play(self, puzzle: Puzzle) -> Play:
        """Leave the game in play (saved) and start ``puzzle``, resuming its save if it has one.

        Showing the puzzle already in play again (Load Random landing on it)
        replaces whatever the cells held, as the seed says: a fresh start.
        """
        again = self.in_game and puzzle == self.grid.puzzle
        if again:
            self._forget_game()
        else:
            self._save_game()
        self.board.paused = False
        path = self.puzzles.path if self.puzzles is not None else None
        self._source = (str(path.resolve()) if path is not None else None, self.number if path else None)
        saved = None if again else self.saves.find(puzzle)
        play: Play | None = None
        if saved is not None and not saved.solved:
            try:
                play = Play(puzzle, saved.value_list(), saved.marks)
            except ValueError:
                play = None
        self.clock = Clock(saved.elapsed if play is not None and saved is not None else 0.0)
        if play is not None:
            self.notify(f"Your game of this puzzle was resumed ({format_elapsed(self.clock.elapsed())} played).")
        elif saved is not None and saved.solved:
            self.notify(f"You solved this puzzle before, in {format_elapsed(saved.elapsed)}. Here it is afresh.")
        self.in_game, self._resumed, self._solved = True, play is not None, False
        if len(self.screen_stack) == 1:  # else it starts when the dialog closes
            self.clock.start()
        self._show_clock()
        return play or Play(puzzle)

    def _after_change(self, announce: bool = True) -> None:
        """After any change to the grid in play: stop or restart the clock, save."""
        if not self.in_game:
            return
        solved = self.grid.is_full() and self.grid.is_solved()
        if solved != self._solved:
            self._solved = solved
            if solved:
                self.clock.pause()
                self.board.mark_solved(True)
                if announce:
                    self.notify(f"Solved in {format_elapsed(self.clock.elapsed())}!", title="Well done")
            elif not self.board.paused:
                self.clock.start()
            self._show_clock()
        self._save_game(force=True)

    def _save_game(self, force: bool = False) -> None:
        """Write the game in play, once it is worth keeping; a failure is a warning, never a crash."""
        if not self.in_game or not (force or self.grid.can_undo or self._resumed):
            return
        path, index = self._source
        game = SavedGame.of(
            self.grid.puzzle, self.grid.values, self.grid.marks, self.clock.elapsed(), self._solved, path, index
        )
        try:
            self.saves.put(game)
        except SaveError as error:
            if not self._save_failed:
                self.notify(str(error), severity="warning", timeout=10)
            self._save_failed = True
            return
        self._save_failed = False
        self._resumed = True  # saved once: from now on it is kept up to date

    def _forget_game(self) -> None:
        try:
            self.saves.forget(self.saves.key_of(self.grid.puzzle))
        except SaveError as error:
            self.notify(str(error), severity="warning", timeout=10)

    async def action_quit(self) -> None:
        self._save_game()
        self.exit()

    # ---- the last game --------------------------------------------------------

    @staticmethod
    def _describe(game: SavedGame) -> str:
        where = f"{Path(game.path).name}, puzzle {game.index}" if game.path else "A puzzle without a file"
        return f"{where} ({game.shape}), {format_elapsed(game.elapsed)} played."

    def _resume_answer(self, game: SavedGame):  # type: ignore[no-untyped-def]
        def answer(resume: bool | None) -> None:
            if resume:
                self.resume(game)

        return answer

    def resume(self, game: SavedGame) -> None:
        """Play a saved game again: from its file when the file is still there, else on its own."""
        if game.path and Path(game.path).is_file() and game.index is not None:
            self._resume_number = game.index
            self.open_file(Path(game.path))
            return
        # A made puzzle or a file that is gone: the puzzle alone, as a one-puzzle collection.
        puzzle = game.puzzle()
        self._load_token += 1
        self.sub_title = "Saved game"
        self.post_message(FileLoaded(self._load_token, PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()])))

    def _first_number(self, count: int) -> int:
        """The puzzle to show when a file has loaded: the resumed game's, else 0."""
        number, self._resume_number = self._resume_number, None
        return number if number is not None and 0 <= number < count else 0

    # ---- clock and pause ------------------------------------------------------

    def action_pause(self) -> None:
        """Space: stop the clock and hide the board, or go on."""
        if not self.in_game:
            return
        board = self.board
        board.paused = not board.paused
        if board.paused:
            self.clock.pause()
        elif not self._solved:
            self.clock.start()
        self._show_clock()
        self.refresh_bindings()

    def _screen_changed(self, screen: object) -> None:
        """A dialog (any screen over the game's) stops the clock; closing it starts it again,
        unless the player paused or the puzzle is solved."""
        if not self.in_game or self._solved:
            return
        try:
            board = self.screen_stack[0].query_one("#board", Board)
        except NoMatches:
            return  # shutting down
        if len(self.screen_stack) > 1:
            self.clock.pause()
        elif not board.paused:
            self.clock.start()

    def _show_clock(self) -> None:
        try:
            label = self.query_one("#clock", Label)
        except NoMatches:
            return  # a tick while the app shuts down, or while another screen is on top
        if not self.in_game:
            label.update("")
            return
        state = " paused" if self.board.paused else " ✓" if self._solved else ""
        label.update(f"⏱ {format_elapsed(self.clock.elapsed())}{state}")

    # ---- help and the status line ---------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(key_rows(self, self.board)))  # type: ignore[arg-type]

    def on_board_selected(self, message: Board.Selected) -> None:
        # A handler by name: @on in a mixin that is not a Textual class is not collected.
        # The game's screen is asked by name: a dialog may be on top by now
        # (a file that finished loading under F1 help), or the app shutting down.
        board = message.board
        try:
            game = self.screen_stack[0]
            mode, info = game.query_one("#mode", Label), game.query_one("#cell-info", Label)
        except (IndexError, NoMatches):
            return
        mode.update(("PENCIL" if board.pencil else "Values") if self.in_game else "")
        mode.set_class(board.pencil, "-pencil")
        info.update(self._cell_info(board))

    def _cell_info(self, board: Board) -> str:
        """The selected cell's marks, or its possible values after ``v``."""
        if not self.in_game:
            return ""
        play, cell = board.grid, board.cursor
        shape = play.shape
        name = shape.cell_name(cell)
        if board.possible_for == cell:
            if play.values[cell]:
                return f"{name} is filled."
            possible = play.candidates_of(cell)
            listed = " ".join(shape.symbol(v) for v in possible)
            return f"{name} can hold {listed}" if possible else f"{name}: no value fits!"
        marks = play.marks_of(cell)
        if marks:
            return f"{name} marks {' '.join(shape.symbol(v) for v in marks)}"
        return name
