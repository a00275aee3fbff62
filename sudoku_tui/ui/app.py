"""SudokuApp: the seed's program in a terminal (PRODUCT.md section 4).

The app holds the state (the loaded file, the puzzle number, the puzzle and
the grid in play) and asks the engine everything about Sudoku. Reading a
file and solving run in thread workers that report back by posting
messages, so keys keep answering while they work; a token on every job lets
late answers from a job that was replaced be ignored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import events, on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, ProgressBar, Static
from textual.worker import get_current_worker

from ..engine.formats import PuzzleFile, PuzzleFileError, read_puzzle_file
from ..engine.generator import Generated, GenerationFailed
from ..engine.geometry import square
from ..engine.progress import Cancelled
from ..engine.puzzle import Puzzle
from ..engine.solver import is_solved, solve
from ..paths import bundled_puzzles
from ..play import Play
from . import messages as text
from .aids import OFF_WHILE_PAUSED, PlayAids
from .board import Board
from .dialogs import MessageDialog, OpenFileDialog
from .hint_logic import CHECK_PROGRESS, HINT
from .hints import HintActions
from .jobs import FileLoaded, LoadFailed, LoadProgress, SolveFinished
from .layout import choose_plan, smallest_plan
from .new_game import MakeFailed, MakeProgress, NewPuzzleChoice, NewPuzzleDialog, PuzzleMade, make_puzzle, making_text
from .widgets import BoardArea, PuzzleNumber

# Files at least this big show a progress bar while they load; smaller ones
# load before a bar could be seen.
BIG_FILE_BYTES = 1 << 20

# Actions of the game's own keys (the rest are Textual's).
GAME_ACTIONS = frozenset({"open", "random", "solve", "check", "choose_number", "step", "new_puzzle", "cancel_new"})
# Hint and Check my progress (ui/hints.py).
GAME_ACTIONS |= {"hint", "check_progress"}
# Pause and help (ui/aids.py): space goes on to the number box and the dialogs.
GAME_ACTIONS |= {"pause", "help"}

# Rows the game needs besides the board: header, puzzle bar, status line, footer.
CHROME_ROWS = 4
# Columns the puzzle bar needs to show the number, its range and a hint.
MIN_COLUMNS = 44


def _empty_puzzle() -> Puzzle:
    """The starting board of the seed: an empty 9x9 where any value can be entered."""
    shape = square(3)
    return Puzzle(shape, (0,) * shape.size)


class SudokuApp(HintActions, PlayAids, App[None]):
    """The game."""

    TITLE = "Sudoku"
    # Absolute, so subclasses defined elsewhere (tests, tools) still find it.
    CSS_PATH = Path(__file__).with_name("sudoku.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        # First, so the Footer shows it even when the terminal is too narrow for every key.
        Binding("f1", "help", "Help", tooltip="Every key with what it does"),
        Binding("o", "open", "Open", tooltip=text.OPEN_FILE),
        Binding("n", "new_puzzle", "New", tooltip=text.NEW_PUZZLE),
        # Works only while a puzzle is being made (check_action hides it otherwise, so Escape
        # goes on elsewhere). Out of the Footer, where it would push q Quit off at 80 columns:
        # the status line says "Esc cancels" while the puzzle is being made, and F1 lists it.
        Binding("escape", "cancel_new", "Stop making", show=False),
        Binding("r", "random", "Random", tooltip=text.LOAD_RANDOM),
        Binding("s", "solve", "Solve", tooltip=text.SOLVE),
        Binding("c", "check", "Check", tooltip=text.CHECK),
        Binding("question_mark", "hint", "Hint", key_display="?", tooltip=HINT),
        Binding("f2", "hint", "Hint", show=False),
        Binding("e", "check_progress", "Progress", show=False, tooltip=CHECK_PROGRESS),
        # Priority: the app sees g before the board does, so digits typed right
        # after it (or pasted) already find the number box focused.
        Binding("g", "choose_number", "Number", tooltip=text.CHOOSE_NUMBER, priority=True),
        # [ and ] are out of the Footer so that q Quit fits at 80 columns (F1 and the palette list them).
        Binding("left_square_bracket", "step(-1)", "Prev", key_display="[", tooltip=text.PREVIOUS_PUZZLE, show=False),
        Binding("right_square_bracket", "step(1)", "Next", key_display="]", tooltip=text.NEXT_PUZZLE, show=False),
        Binding("space", "pause", "Pause", show=False, tooltip="Pause: stop the clock and hide the board, or go on"),
        Binding("q", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, path: str | Path | None = None, *, start_folder: str | Path | None = None) -> None:
        super().__init__()
        self.initial_path = Path(path) if path is not None else None
        # Where the open dialog starts: the last file's folder once a file was opened.
        self.last_folder = Path(start_folder) if start_folder is not None else bundled_puzzles()
        self.puzzles: PuzzleFile | None = None
        self.number = 0
        self.puzzle = _empty_puzzle()
        self.grid = Play(self.puzzle)  # the grid in play: values, marks, undo and redo
        self.loading: Path | None = None
        self.solving = False
        self._load_token = 0
        self._solve_token = 0
        self._aids_init()
        # New puzzle: the job under way (None when none), the last choice, the made puzzle in play.
        self.making: NewPuzzleChoice | None = None
        self.last_choice: NewPuzzleChoice | None = None
        self.generated: Generated | None = None
        self._make_token = 0

    # ---- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="puzzle-bar"):
            yield Label("Puzzle", id="number-label")
            yield PuzzleNumber("0", id="number", compact=True, disabled=True, select_on_focus=True)
            yield Label("", id="range")
            yield Label("", id="hint")
        with BoardArea(id="board-area"):
            yield Board(self.grid, id="board")
        with Horizontal(id="status-bar"):
            yield Label("", id="status")
            yield Label("", id="cell-info")
            yield ProgressBar(id="progress", show_eta=False)
            yield Label("", id="mode")
            yield Label("", id="clock")
        yield Static("", id="too-small")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.board.focus()
        self._check_size()
        self._status("Press o to open a puzzle file.")
        self._aids_mount(offer_last=self.initial_path is None)
        if self.initial_path is not None:
            self.open_file(self.initial_path)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    @property
    def number_box(self) -> PuzzleNumber:
        return self.query_one("#number", PuzzleNumber)

    def on_resize(self, event: events.Resize) -> None:
        # Runs before Textual records the new size, so use the event's.
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        """Fit the game to the terminal: drop the Header when that lets a roomier
        drawing fit, and show the "terminal too small" note when even the
        smallest drawing does not fit."""
        width, height = size or self.size
        shape = self.grid.shape
        smallest = smallest_plan(shape)
        need_width = max(smallest.width, MIN_COLUMNS)
        need_height = smallest.height + CHROME_ROWS - 1  # the Header can go
        small = width < need_width or height < need_height
        with_header = choose_plan(shape, width, height - CHROME_ROWS)
        without = choose_plan(shape, width, height - CHROME_ROWS + 1)
        short = without is not None and (with_header is None or without.height > with_header.height)
        self.screen.set_class(small, "-too-small")
        self.screen.set_class(short, "-short")
        if small:
            self.query_one("#too-small", Static).update(text.too_small(width, height, need_width, need_height))

    # ---- enabled state ------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """True runs the action; None shows it disabled in the Footer and does nothing.

        False (hidden, and the key goes on to the focused widget) while a
        dialog is up or the number box has the focus, so g, q and the rest
        can be typed there.
        """
        if action in GAME_ACTIONS and (len(self.screen_stack) > 1 or isinstance(self.focused, Input)):
            return False
        return self._state(action)

    def _state(self, action: str) -> bool | None:
        """Whether an action can run in the game's present state (True) or not (None)."""
        if action in OFF_WHILE_PAUSED and self.board.paused:
            return None
        if action == "pause":
            return True if self.in_game else None
        if action in ("random", "choose_number", "step"):
            return True if self.puzzles is not None else None
        if action == "solve":
            return True if self._has_puzzle() and not self.solving else None
        if action == "cancel_new":
            return self.making is not None  # False hides it, so Escape goes on elsewhere
        if action in ("hint", "check_progress"):
            return True if self._has_puzzle() and not self.solving else None
        if action == "check":
            return True if self.grid.is_full() and not self.solving else None
        return True

    def _has_puzzle(self) -> bool:
        """A puzzle from a file or a made one is in play (not the empty start board)."""
        return self.puzzles is not None or self.generated is not None

    def _enabled(self, action: str) -> bool:
        return self._state(action) is True

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: the seed's names first, then Textual's own commands."""
        ours: list[tuple[str, str, str, Callable[[], object]]] = [
            (text.OPEN_FILE, "open", "Choose a puzzle file to play", self.action_open),
            (text.NEW_PUZZLE, "new_puzzle", "Make a puzzle: size, difficulty, symmetry", self.action_new_puzzle),
            (text.LOAD_RANDOM, "random", "Show a random puzzle of the file", self.action_random),
            (text.SOLVE, "solve", "Fill the board with the solution", self.action_solve),
            (text.CHECK, "check", "Say whether the filled board is solved", self.action_check),
            (HINT, "hint", "The next logical step: its name, then where, then applied", self.action_hint),
            (CHECK_PROGRESS, "check_progress", "Say whether the entries so far are right", self.action_check_progress),
            (text.CHOOSE_NUMBER, "choose_number", "Type the number of a puzzle", self.action_choose_number),
            (text.NEXT_PUZZLE, "step", "Show the next puzzle of the file", partial(self.action_step, 1)),
            (text.PREVIOUS_PUZZLE, "step", "Show the previous puzzle of the file", partial(self.action_step, -1)),
        ]
        ours += [
            ("Pause", "pause", "Stop the clock and hide the board, or go on", self.action_pause),
            ("Help", "help", "Every key with what it does", self.action_help),
        ]
        for title, action, help_text, callback in ours:
            if self._enabled(action):
                yield SystemCommand(title, help_text, callback)
            else:
                yield SystemCommand(title, f"Not available now. {help_text}", self._unavailable(title))
        # The board's aids, by the names and descriptions of its own bindings.
        board = self.board
        for binding in board.BINDINGS:
            assert isinstance(binding, Binding)
            title, help_text = binding.description, binding.tooltip
            callback = getattr(board, f"action_{binding.action}")
            if board.check_action(binding.action, ()) is True:
                yield SystemCommand(title, help_text, callback)
            else:
                yield SystemCommand(title, f"Not available now. {help_text}", self._unavailable(title))
        yield from super().get_system_commands(screen)

    def _unavailable(self, title: str) -> Callable[[], None]:
        def say() -> None:
            self.notify(f"{title} is not available now.", severity="warning")

        return say

    def _refresh_state(self) -> None:
        self.refresh_bindings()

    # ---- open ---------------------------------------------------------------

    def action_open(self) -> None:
        self.push_screen(OpenFileDialog(self.last_folder), self._open_chosen)

    def _open_chosen(self, path: Path | None) -> None:
        if path is not None:
            self.open_file(path)

    def open_file(self, path: Path) -> None:
        """Read a file in the background; the current game stays until it has read."""
        self.action_cancel_new()  # the file asked for last wins over a puzzle being made
        self._load_token += 1
        token = self._load_token
        self.loading = path
        self._status(f"Loading {path.name}…")
        try:
            big = path.stat().st_size >= BIG_FILE_BYTES
        except OSError:
            big = False
        self.query_one("#progress", ProgressBar).update(total=100, progress=0)
        self._show_bar(big)
        self._read_file(path, token)

    @work(thread=True, group="load", exclusive=True, exit_on_error=False)
    def _read_file(self, path: Path, token: int) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(LoadProgress(token, done, total))

        try:
            puzzles = read_puzzle_file(path, progress=progress, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        except PuzzleFileError as error:
            self.post_message(LoadFailed(token, error.message))
            return
        except Exception as error:  # noqa: BLE001 - whatever goes wrong, the player gets a message, not a crash
            self.post_message(LoadFailed(token, f"The file {path} cannot be read: {error}"))
            return
        self.post_message(FileLoaded(token, puzzles))

    def on_load_progress(self, message: LoadProgress) -> None:
        if message.token == self._load_token and message.total:
            bar = self.query_one("#progress", ProgressBar)
            bar.update(total=message.total, progress=message.done)
            if message.done >= message.total:
                self._status(f"Checking {self.loading.name if self.loading else 'the file'}…")

    def on_load_failed(self, message: LoadFailed) -> None:
        if message.token != self._load_token:
            return
        self._load_done()
        self.show_message(message.message)

    def on_file_loaded(self, message: FileLoaded) -> None:
        if message.token != self._load_token:
            return
        self._load_done()
        puzzles = message.puzzles
        self.puzzles = puzzles
        self.generated = None
        if puzzles.path is not None:
            self.last_folder = puzzles.path.resolve().parent
            self.sub_title = puzzles.path.name
        box = self.number_box
        box.disabled = False
        self.query_one("#range", Label).update(f"of 0 … {len(puzzles) - 1}  ({puzzles.shape.name})")
        self.show_puzzle(self._first_number(len(puzzles)))
        self._check_size()

    def _load_done(self) -> None:
        self.loading = None
        self._show_bar(False)
        self._status("")

    # ---- new puzzle (made by the generator, no file) ----------------------

    def action_new_puzzle(self) -> None:
        self.push_screen(NewPuzzleDialog(self.last_choice), self._new_chosen)

    def _new_chosen(self, choice: NewPuzzleChoice | None) -> None:
        if choice is None:
            return
        self.last_choice = choice
        self._make_token += 1
        self.making = choice
        self._status(making_text(choice, 1))
        self.query_one("#progress", ProgressBar).update(total=None)  # no end known: the bar pulses
        self._show_bar(True)
        self._refresh_state()
        self._make(choice, self._make_token)

    @work(thread=True, group="make", exclusive=True, exit_on_error=False)
    def _make(self, choice: NewPuzzleChoice, token: int) -> None:
        worker = get_current_worker()

        def progress(attempts: int, _total: int) -> None:
            self.post_message(MakeProgress(token, attempts))

        try:
            made = make_puzzle(choice, lambda: worker.is_cancelled, progress)
        except Cancelled:
            return
        except GenerationFailed as error:
            self.post_message(MakeFailed(token, str(error)))
            return
        self.post_message(PuzzleMade(token, choice, made))

    def action_cancel_new(self) -> None:
        """Stop making a puzzle; the game in play stays as it was."""
        if self.making is None:
            return
        self._make_token += 1  # whatever the job still posts is ignored
        self.workers.cancel_group(self, "make")
        self._make_done()
        self._status("New puzzle cancelled.")

    def _make_done(self) -> None:
        self.making = None
        self._show_bar(False)
        self._status("")
        self._refresh_state()

    def on_make_progress(self, message: MakeProgress) -> None:
        if message.token == self._make_token and self.making is not None:
            self._status(making_text(self.making, message.attempts + 1))

    def on_make_failed(self, message: MakeFailed) -> None:
        if message.token == self._make_token:
            self._make_done()
            self.show_message(message.message)

    def on_puzzle_made(self, message: PuzzleMade) -> None:
        if message.token != self._make_token:
            return
        self._make_done()
        made = message.generated
        # The puzzle belongs to no file: Load Random and the puzzle number go
        # back to how they are at start (o opens a file again, from its folder).
        self.puzzles = None
        self.generated = made
        self.number = 0
        box = self.number_box
        box.value = "0"
        box.disabled = True
        self.query_one("#range", Label).update(f"(new puzzle, {made.puzzle.shape.name})")
        self.sub_title = f"New {message.choice.describe()} puzzle"
        self._solve_token += 1  # a solve still running is for the old puzzle
        self.workers.cancel_group(self, "solve")
        self.solving = False
        self.puzzle = made.puzzle
        self.grid = self._new_play(self.puzzle)
        self._hint("")
        self.board.show_grid(self.grid)
        self.board.focus()
        self._check_size()
        self._refresh_state()

    # ---- puzzles ------------------------------------------------------------

    def show_puzzle(self, number: int) -> None:
        """Show puzzle ``number`` of the file, replacing whatever the cells held."""
        assert self.puzzles is not None
        self._solve_token += 1  # a solve still running is for the old puzzle
        self.workers.cancel_group(self, "solve")
        self.solving = False
        self.number = number
        self.puzzle = self.puzzles.puzzle(number)
        self.grid = self._new_play(self.puzzle)
        self.number_box.value = str(number)
        self._hint("")
        self.board.show_grid(self.grid)
        self.board.focus()
        self._status("")
        self._refresh_state()

    def action_random(self) -> None:
        if self.puzzles is not None:
            self.show_puzzle(random.randrange(len(self.puzzles)))

    def action_step(self, delta: int) -> None:
        if self.puzzles is None:
            return
        last = len(self.puzzles) - 1
        wanted = self.number + delta
        if not 0 <= wanted <= last:
            self._hint("That was the first puzzle." if wanted < 0 else "That was the last puzzle.")
            return
        self.show_puzzle(wanted)

    def action_choose_number(self) -> None:
        box = self.number_box
        if not box.disabled:
            self.screen.set_focus(box)  # at once, not on the next turn as focus() does
            box.select_all()

    def _judge_number(self, typed: str) -> tuple[int | None, str]:
        """The puzzle number typed, or None and the hint that says why not."""
        assert self.puzzles is not None
        last = len(self.puzzles) - 1
        try:
            wanted = int(typed)
        except ValueError:
            return None, text.not_a_number(typed, last)
        if not 0 <= wanted <= last:
            return None, text.out_of_range(wanted, last)
        return wanted, ""

    @on(Input.Submitted, "#number")
    def _number_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.puzzles is None:
            return
        wanted, hint = self._judge_number(event.value.strip())
        if wanted is None:
            self._hint(hint)
            return
        self.show_puzzle(wanted)

    @on(PuzzleNumber.Abandoned)
    def leave_number_box(self) -> None:
        """Forget what was typed in the number box and go back to the board."""
        self.restore_number()
        self.board.focus()

    @on(PuzzleNumber.Left)
    def restore_number(self) -> None:
        """Show the number of the puzzle in play again, without a hint."""
        self.number_box.value = str(self.number)
        self._hint("")

    @on(Input.Changed, "#number")
    def _number_typed(self, event: Input.Changed) -> None:
        # Say early when the text cannot be a puzzle number; Enter still refuses it.
        typed = event.value.strip()
        if self.puzzles is None or typed in ("", str(self.number)):
            return
        self._hint(self._judge_number(typed)[1])

    def _hint(self, message: str) -> None:
        self.query_one("#hint", Label).update(message)

    def _show_bar(self, shown: bool) -> None:
        """The progress bar takes the place of the cell's marks on the status line while it shows."""
        self.query_one("#progress", ProgressBar).display = shown
        self.query_one("#cell-info", Label).display = not shown

    def _status(self, message: str) -> None:
        self.query_one("#status", Label).update(message)

    # ---- playing ------------------------------------------------------------

    @on(Board.Changed)
    def _board_changed(self) -> None:
        self._refresh_state()
        self._after_change()

    def action_solve(self) -> None:
        if not self._has_puzzle() or self.solving:
            return
        self._solve_token += 1
        self.solving = True
        self._status("Solving…")
        self._refresh_state()
        self._solve(self.puzzle, self._solve_token)

    @work(thread=True, group="solve", exclusive=True, exit_on_error=False)
    def _solve(self, puzzle: Puzzle, token: int) -> None:
        worker = get_current_worker()
        try:
            solution = solve(puzzle, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.post_message(SolveFinished(token, solution))

    def on_solve_finished(self, message: SolveFinished) -> None:
        if message.token != self._solve_token:
            return  # the puzzle changed while it was being solved
        self.solving = False
        self._status("")
        if message.solution is None:
            # The seed: say so, and show the original puzzle without the player's entries (undoable).
            self.grid.replace_values(self.puzzle.givens, "Show the puzzle")
            self.board.show_grid(self.grid, reset_cursor=False)
            self._after_change(announce=False)
            self._refresh_state()
            self.show_message(text.NO_SOLUTION)
            return
        self.grid.replace_values(message.solution)  # one undoable step: undo brings the entries back
        self.board.show_grid(self.grid, reset_cursor=False)
        self.board.mark_solved(True)
        self._after_change(announce=False)
        self._refresh_state()

    def action_check(self) -> None:
        if not self.grid.is_full():
            return
        solved = is_solved(self.puzzle, self.grid.values)
        self.board.mark_solved(solved)
        self.show_message(text.SOLVED if solved else text.NOT_SOLVED)

    # ---- dialogs ------------------------------------------------------------

    def show_message(self, message: str) -> None:
        self.push_screen(MessageDialog(message))
