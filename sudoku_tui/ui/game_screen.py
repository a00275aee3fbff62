"""The game screen: the board, the puzzle bar, the status line, and every action of the game.

The screen draws a :class:`~sudoku_tui.game.session.Session` and sends it the
player's actions; the session holds the game and asks the engine everything
about Sudoku. Reading a file, solving, hints and making a puzzle run in
thread workers that post their answers back (:mod:`.worker_messages`), so
keys keep answering while they work.

Each action is one binding (in :mod:`.keys`) and one ``action_`` method;
:meth:`GameScreen.check_action` says when it is enabled, and the Footer, the
command palette and F1 help all read the bindings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.css.query import NoMatches
from textual.geometry import Offset, Region, Size
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static
from textual.worker import get_current_worker

from ..engine.board.geometry import Shape
from ..engine.board.levels import Level
from ..engine.board.puzzle import Puzzle
from ..engine.files.formats import read_puzzle_file
from ..engine.files.model import PuzzleFileError
from ..engine.making.generator import GenerationFailed
from ..engine.progress import Cancelled
from ..engine.search.solver import solve
from ..game import texts
from ..game.daily import today
from ..game.entering import ENTRY_SIZES, NotAPuzzle, PuzzleEntry, entry_size, level_word, read_pasted
from ..game.entering import Verdict as EntryVerdict
from ..game.entering import count as count_entered
from ..game.file_choice import os_problem, shown_name
from ..game.hints import (
    HintAnswer,
    ShownHint,
    Signature,
    Verdict,
    find_hint,
    hint_cells,
    judge,
    named_cells,
    progress_message,
    step_name,
)
from ..game.new_puzzle import NewPuzzleChoice, make_puzzle, making_text
from ..game.players.identity import Identity
from ..game.players.leaderboard import NoStore, store_to_read
from ..game.printable import printable
from ..game.replay.cache import labels_for
from ..game.replay.recording import RecordedGame
from ..game.replay.stepping import Replay
from ..game.rooms.playing import DEFAULT_LEVEL
from ..game.session import Notice, Session
from ..game.store.interface import StoreError
from ..game.store.records import Game, Source
from ..game.store.statistics import PlayedGame
from .board import Board
from .commands import palette_commands
from .compositor import PartialCompositor
from .dialogs import LeaveGameDialog, MessageDialog, OpenFileDialog, ResumeDialog
from .drawing.layout import choose_plan, smallest_plan
from .ghost import GhostPanel, GhostPart
from .gone_widgets import let_gone_widgets_go
from .help import HelpScreen, key_rows
from .hint_area import HintArea
from .keys import GAME_KEYS
from .language_choice import language_commands
from .leaderboard_screen import LeaderboardScreen
from .new_puzzle_dialog import NewPuzzleDialog
from .player_dialogs import PlayerDialogs
from .replay_screen import ReplayScreen
from .result_card_screen import ResultCardScreen
from .rooms import RoomNews, RoomPanel, RoomPart
from .statistics_screen import StatisticsScreen
from .widgets import BoardArea, DigitCounts, GameFooter, PuzzleBar, PuzzleNumber, StatusLine
from .worker_messages import (
    EntryCounted,
    FileLoaded,
    Graded,
    HintReady,
    LoadFailed,
    LoadProgress,
    MakeFailed,
    MakeProgress,
    PuzzleMade,
    SolutionFound,
    SolveFinished,
)

# Files at least this big show a progress bar while they load; smaller ones
# load before a bar could be seen.
BIG_FILE_BYTES = 1 << 20

# Rows the game needs besides the board: header, puzzle bar, status line, footer.
CHROME_ROWS = 4
# Columns the puzzle bar needs to show the number, its range and a hint.
MIN_COLUMNS = 44
# Columns the Footer needs for the main keys and the palette's.
FULL_FOOTER_COLUMNS = 80

Cells = frozenset[int]
NO_CELLS: Cells = frozenset()

# Actions that would show or change the hidden board: off while paused.
OFF_WHILE_PAUSED = frozenset({"solve", "check", "hint", "check_progress", "replay"})
# Actions that need a file.
NEED_FILE = frozenset({"random", "choose_number", "step"})
# While a puzzle is typed in, the game in play waits behind it: only these act.
WHILE_ENTERING = frozenset({"help", "start_entered", "leave_entry"})  # i again would lose what was typed
# Actions that put another puzzle in play: in a room, the host's alone.
CHOOSE_PUZZLE = frozenset({"open", "new_puzzle", "random", "daily", "choose_number", "step", "enter_puzzle"})


def header_of(origin: Source, level: str | None, shape: str) -> str:
    """The Header of a puzzle without a file: a daily's date and level, a practice's technique."""
    if origin.kind == "daily" and origin.day is not None:
        return texts.daily_title(origin.day.isoformat(), level or "", shape)
    if origin.kind == "practice" and origin.path is not None:
        return texts.practice_title(shape, origin.path)
    if origin.kind == "own":
        return texts.own_title(shape, level)
    return texts.SAVED_GAME


class GameScreen(Screen[None]):
    """One game of Sudoku on screen."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_KEYS

    def __init__(
        self,
        session: Session,
        initial_path: Path | None = None,
        store_notices: Sequence[str] = (),
        identity: Identity | None = None,
        save_every: float | None = None,
    ) -> None:
        super().__init__()
        self._compositor = PartialCompositor()  # a key draws only what it changed (compositor.py)
        self.session = session
        self.save_every = save_every
        self._written_at = -math.inf  # when changes were last written (with save_every)
        self.players = PlayerDialogs(self, session, identity if identity is not None else Identity())
        self.initial_path = initial_path
        self.rooms = RoomPart(self)
        self.ghost = GhostPart(self)
        self.store_notices = store_notices
        # The board as it was when the status line's message was said; None for a
        # message that lasts (a job under way, or the start's invitation).
        self._moment: tuple[object, ...] | None = None
        self._title_before_entry = ""  # the Header's subtitle while a puzzle is typed in, to put back
        # The play as it was when the note was shown (it goes once the play changes),
        # and the cells its sentence names (it never covers them).
        self._note_moment: tuple[object, ...] | None = None
        self._note_cells: frozenset[int] = frozenset()
        self.said: list[str] = []  # every note, in order (the last few hundred)

    # ---- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with PuzzleBar(id="puzzle-bar"):
            yield from PuzzleBar.parts()
        with BoardArea(id="board-area"):
            yield Board(self.session, id="board")
            yield DigitCounts(id="counts")
            yield RoomPanel(id="room")
            yield GhostPanel(id="ghost")
        with StatusLine(id="status-bar"):
            yield from StatusLine.parts()
        yield Static("", id="too-small")
        yield GameFooter(compact=True)
        yield HintArea(id="note")

    def on_mount(self) -> None:
        self.board.focus()
        # The cell's marks in the status line change as the cursor does, not a message later:
        # the board's lines and the status line go to the terminal in one update.
        self.watch(self.board, "cursor", self._cursor_moved, init=False)
        self.watch(self.board, "answers", self._answer_shown, init=False)
        self._check_size()
        self.status.say(texts.START)
        self.set_interval(1.0, self._show_clock)
        self._show_clock()
        if self.save_every is not None:
            self.session.save_later = self._save_soon
        self.app.screen_change_signal.subscribe(self, self._screen_changed)
        last = self.session.open_store(self.store_notices)
        # A player asked for a name answers that first; then the room asked for on the
        # command line, or else the offer of the last game.
        asked = self.players.identity.room_asked
        self.players.ask_name_first(lambda: self.rooms.choose(asked) if asked else self._offer_last(last))
        if self.initial_path is not None:
            self.open_file(self.initial_path)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    @property
    def puzzle_bar(self) -> PuzzleBar:
        return self.query_one("#puzzle-bar", PuzzleBar)

    @property
    def number_box(self) -> PuzzleNumber:
        return self.puzzle_bar.number_box

    @property
    def status(self) -> StatusLine:
        return self.query_one("#status-bar", StatusLine)

    def notice(self, notice: Notice) -> None:
        """What the session tells the player in passing: a note, not a toast over the board."""
        self.show_note(notice.text, title=notice.title, warning=notice.severity != "information")

    @property
    def note(self) -> HintArea:
        return self.query_one("#note", HintArea)

    def show_note(
        self, text: str, *, title: str = "", warning: bool = False, cells: frozenset[int] = frozenset()
    ) -> None:
        """Say ``text`` whole in the hint area, which covers none of ``cells`` nor the cursor;
        it replaces the note shown before, and goes once the play changes."""
        text = printable(text, lines=True)
        self.said = [*self.said[-299:], text]
        self._note_cells = cells
        self._note_moment = self._play_now()
        self.note.show(text, printable(title), warning)
        self.call_after_refresh(self._place_note)

    def _place_note(self) -> None:
        """Put the note where it covers none of its cells: beside the board when there is room."""
        with suppress(NoMatches):
            note, board = self.note, self.board
            if not note.showing:
                return
            avoid = [board.cell_region(cell) for cell in (*self._note_cells, board.cursor)]
            area_widget = self.query_one("#board-area", BoardArea)
            area = area_widget.region
            right = max(widget.region.right for widget in area_widget.children if widget.display)
            beside = Region(right + 1, area.y, max(area.right - right - 1, 0), area.height)
            note.place(self.size, avoid, beside)

    def hide_note(self) -> None:
        self._note_moment = None
        with suppress(NoMatches):
            self.note.hide()

    def action_close_note(self) -> None:
        self.hide_note()

    @on(HintArea.Told)
    def _told(self, told: HintArea.Told) -> None:
        self.show_note(told.text, title=told.title, warning=told.warning)

    @on(HintArea.Dismissed)
    def _note_clicked(self) -> None:
        self.hide_note()

    def _play_now(self) -> tuple[object, ...]:
        play = self.session.play
        return (id(play), tuple(play.values), tuple(play.marks), self.session.paused)

    def on_resize(self, event: events.Resize) -> None:
        # Runs before Textual records the new size, so use the event's.
        self._check_size(event.size)
        if self._note_moment is not None:  # the board moved: the note finds its place again
            self.call_after_refresh(self._place_note)

    def _check_size(self, size: Size | None = None) -> None:
        """Fit the game to the terminal: drop the Header when that lets a roomier
        drawing fit, and show the "terminal too small" note when even the
        smallest drawing does not fit."""
        width, height = size or self.app.size
        shape = self._shown_shape()
        smallest = smallest_plan(shape)
        need_width = max(smallest.width, MIN_COLUMNS)
        need_height = smallest.height + CHROME_ROWS - 1  # the Header can go
        small = width < need_width or height < need_height
        with_header = choose_plan(shape, width, height - CHROME_ROWS)
        without = choose_plan(shape, width, height - CHROME_ROWS + 1)
        short = without is not None and (with_header is None or without.height > with_header.height)
        if self.has_class("-too-small") and not small:
            # Hidden, the board lost the keys: it takes them back (else no arrow would move it).
            self.call_after_refresh(self._board_takes_keys)
        self.set_class(small, "-too-small")
        self.set_class(short, "-short")
        self._fit_footer(width)
        if small:
            self.query_one("#too-small", Static).update(texts.too_small(width, height, need_width, need_height))

    def terminal_cursor(self) -> Offset | None:
        """Where the terminal's cursor goes: on the selected cell's value while the board has
        the keys; None elsewhere (the number box, a board too big for the terminal)."""
        if self.has_class("-too-small"):
            return None
        with suppress(NoMatches):
            board = self.board
            if self.focused is board and board.display:
                return board.value_offset(board.cursor)
        return None

    def _board_takes_keys(self) -> None:
        if self.focused is None:
            with suppress(NoMatches):
                self.board.focus()

    def _shown_shape(self) -> Shape:
        """The board on screen: the puzzle being typed in, else the game's."""
        with suppress(NoMatches):
            return self.board.play.shape
        return self.session.play.shape

    def _fit_footer(self, width: int) -> None:
        """Below 80 columns the palette's key leaves the Footer (ctrl+p still works, F1 lists
        it): drawn over keys cut short, it garbles them, and the game's keys matter more."""
        with suppress(NoMatches):
            footer = self.query_one(Footer)
            wide = width >= FULL_FOOTER_COLUMNS
            if footer.show_command_palette != wide:
                footer.show_command_palette = wide
                footer.refresh(recompose=True)

    # ---- enabled state ------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """True runs the action; None shows it disabled in the Footer and does nothing;
        False hides it (and the key goes on to the focused widget).

        While the number box has the focus every game key is hidden, so g, q
        and the rest can be typed there; under a dialog the Footer shows none
        of them, since none can be pressed.
        """
        if isinstance(self.focused, Input) or self.app.screen is not self:
            return False
        return self.action_state(action)

    def action_state(self, action: str, parameters: tuple[object, ...] = ()) -> bool | None:
        """Whether an action can run now (True), is disabled (None) or is not offered (False)."""
        session = self.session
        if action == "cancel_new":
            return session.making is not None  # hidden otherwise, so Escape goes on elsewhere
        if action == "close_note":
            return self._note_moment is not None  # the same: Escape goes on when no note shows
        if action == "race_ghost":
            return self.ghost.offer is not None  # offered on a served daily only: hidden otherwise
        entering = self._entry is not None
        if action == "leave_entry":
            return entering  # hidden otherwise, as cancel_new
        if entering and action not in WHILE_ENTERING:
            return None
        if action == "start_entered" and not entering:
            return None
        room = self.rooms.room
        if action == "start_race":  # the host's alone, when there is a race to start
            return room is not None and room.is_host and room.kind == "race" and room.race != "racing"
        if room is not None and room.kind is not None and not self._room_allows(action):
            return None
        if action in OFF_WHILE_PAUSED and session.paused:
            return None
        return True if self._can(action) else None

    def _room_allows(self, action: str) -> bool:
        """In a room: Solve off, hints off in a race, the puzzle the host's choice, no pause in a race."""
        room = self.rooms.room
        assert room is not None
        if action == "solve":
            return room.allows_solve
        if action in ("hint", "check_progress"):
            return not room.aids_off
        if action in CHOOSE_PUZZLE:
            return room.may_choose
        if action in ("pause", "replay"):  # a race's clock never stops
            return room.kind != "race"
        return True

    def _can(self, action: str) -> bool:
        """Whether an action can run in the game's present state."""
        session = self.session
        if action in ("pause", "replay"):
            return session.in_game
        if action == "random":  # another puzzle of the file: one there must be
            return session.puzzles is not None and len(session.puzzles) > 1
        if action in NEED_FILE:
            return session.puzzles is not None
        if action in ("solve", "hint", "check_progress"):
            return session.has_puzzle and not session.solving
        if action == "check":
            return session.play.is_full() and not session.solving
        return True

    def commands(self) -> Iterator[SystemCommand]:
        """The command palette's entries: the screen's actions, then the board's."""
        yield from palette_commands(self, self.action_state, self._unavailable)
        board = self.board
        yield from palette_commands(board, board.check_action, self._unavailable)
        yield from self.players.commands()
        yield from language_commands(self, self.players.identity, self.session.keeper)

    def _unavailable(self, title: str) -> None:
        self.show_note(texts.not_available(title), warning=True)

    # ---- dialogs ----------------------------------------------------------------

    def _screen_changed(self, screen: Screen[object]) -> None:
        """A dialog over the game stops the clock until the last one closes (a puzzle typed in, too)."""
        self.session.cover(self.app.screen is not self or self._entry is not None)
        self._show_clock()
        self.refresh_bindings()
        if self.app.screen is self:  # back from a dialog: its widgets have gone
            let_gone_widgets_go()

    def show_message(self, text: str, title: str = texts.TITLE) -> None:
        folders = self.session.folders
        if folders is not None:  # served: a file's sentence names no path of the server
            text, title = folders.hidden(text), folders.hidden(title)
        self.app.push_screen(MessageDialog(text, title))

    def action_statistics(self) -> None:
        try:
            stats, problem = self.session.keeper.statistics(), ""
        except StoreError as error:
            stats, problem = None, str(error)
        screen = StatisticsScreen(stats, problem, saving=self.session.keeper.store.persistent)
        self.app.push_screen(screen, self._replay_played)

    # ---- replays ----------------------------------------------------------------

    def action_replay(self) -> None:
        """R: the game in play, replayed from its first move to the last one so far."""
        session = self.session
        game = RecordedGame(
            session.keeper.game_id or "", session.puzzle, session.moves, session.clock.elapsed(), session.solved, False
        )
        self.replay(game, self.sub_title or texts.TITLE, session.solution)

    def _replay_played(self, played: PlayedGame | None) -> None:
        """A game chosen in the Statistics screen's history: replayed, when the store still has it."""
        if played is None:
            return
        keeper = self.session.keeper
        try:
            game = keeper.store.recorded_game(keeper.player, played.game_id)
        except StoreError as error:
            self.show_message(str(error))
            return
        if game is None:
            self.show_note(texts.REPLAY_NO_GAME, warning=True)
            return
        self.replay(game, texts.played_name(played.day.isoformat(), played.board, played.level))

    def replay(self, game: RecordedGame, title: str, solution: Sequence[int] | None = None) -> None:
        """Open the replay screen on ``game``: its labels come from the store's cache, else are worked out."""
        store = self.session.keeper.store
        replay = Replay(game.puzzle, game.moves, solution, now=self.session.now)
        self.app.push_screen(ReplayScreen(replay, title, lambda stop: labels_for(store, game, stop), store))

    def action_leaderboard(self) -> None:
        session, keeper = self.session, self.session.keeper
        board = LeaderboardScreen(keeper.store, keeper.player, today())
        identity = getattr(self.app, "identity", None)
        if isinstance(identity, Identity) and identity.keep_store is not None:
            # A served guest plays in a store that keeps nothing: the server's lists every player.
            with suppress(StoreError, NoStore):
                server = store_to_read(None, identity.keep_store)
                if server is not None:
                    board = LeaderboardScreen(server, keeper.player, today(), owns_store=True)
        if session.origin.kind == "daily" and session.origin.day is not None:
            board.start_at(session.origin.day, session.level, session.play.shape.name)  # the daily in play
        self.app.push_screen(board)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(key_rows(self.app, (self.board, self), self.board)))

    # ---- open -------------------------------------------------------------------

    def action_open(self) -> None:
        self.app.push_screen(OpenFileDialog(self.session.last_folder, self.session.folders), self._open_chosen)

    def _open_chosen(self, path: Path | None) -> None:
        if path is not None:
            self._unless_kept(lambda: self.open_file(path))

    def _unless_kept(self, replace_game: Callable[[], None]) -> None:
        """Run ``replace_game``, which puts another puzzle in place of the game in play;
        when nothing would bring that game back (a made puzzle with moves), ask first."""
        if not self.session.at_stake:
            replace_game()
            return

        def answer(leave: bool | None) -> None:
            if leave:
                replace_game()

        self.app.push_screen(LeaveGameDialog(), answer)

    def open_file(self, path: Path) -> None:
        """Read a file in the background; the game in play stays until it has read."""
        refused = self.session.may_open(path)
        if refused:
            self.show_message(refused)
            return
        if self.session.cancel_making():
            self._making_done()
        token = self.session.begin_load(path)
        self.status.say(texts.loading(printable(path.name)))
        try:
            big = path.stat().st_size >= BIG_FILE_BYTES
        except OSError:
            big = False
        self.status.show_bar(big)
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
        except OSError as error:
            self.post_message(LoadFailed(token, os_problem(path, error)))
            return
        except Exception as error:  # whatever else goes wrong, the player gets a sentence, not a crash
            self.post_message(LoadFailed(token, texts.unreadable(shown_name(path), error)))
            return
        self.post_message(FileLoaded(token, puzzles))

    def on_load_progress(self, message: LoadProgress) -> None:
        loading = self.session.loading
        if self.session.jobs.is_current("load", message.token) and message.total:
            self.status.progress(message.done, message.total)
            if message.done >= message.total:
                self.status.say(texts.checking_file(printable(loading.name) if loading else None))

    def on_load_failed(self, message: LoadFailed) -> None:
        path = self.session.loading
        if self.session.load_failed(message.token):
            self._load_done()
            # The file's name goes in the title: the message itself is the engine's, letter for letter.
            self.show_message(message.text, title=shown_name(path) if path else texts.TITLE)

    def on_file_loaded(self, message: FileLoaded) -> None:
        session = self.session
        if not session.file_loaded(message.token, message.puzzles):
            return
        self._load_done()
        puzzles = message.puzzles
        if puzzles.path is not None:
            self.sub_title = printable(puzzles.path.name)
        self.puzzle_bar.show_range(texts.file_range(len(puzzles), puzzles.shape.name), enabled=True)
        self._show_new_play()
        if self.session.origin.kind == "own":  # resumed: named as when it was typed in, no number to choose
            self.puzzle_bar.show_range(texts.own_range(puzzles.shape.name), enabled=False)

    def _load_done(self) -> None:
        self.status.show_bar(False)
        self.status.say("")

    # ---- the last game ------------------------------------------------------------

    def _offer_last(self, last: Game | None) -> None:
        """At start, unless a file was named: the last unsolved game, to resume."""
        if self.initial_path is None and last is not None:
            self.app.push_screen(ResumeDialog(self.session.describe(last)), self._resume_answer(last))

    def _resume_answer(self, game: Game):  # type: ignore[no-untyped-def]
        def answer(resume: bool | None) -> None:
            if resume:
                self.resume(game)

        return answer

    def resume(self, game: Game) -> None:
        """Play a saved game again: from its file when the file is still there, else on its own."""
        source = self.session.resume(game)
        if isinstance(source, Path):
            self.open_file(source)
            return
        self.sub_title = header_of(game.source, game.level, game.shape)
        self.post_message(FileLoaded(self.session.begin_load(None), source))

    # ---- new puzzle (made by the generator, no file) ------------------------------

    def action_new_puzzle(self) -> None:
        self.app.push_screen(NewPuzzleDialog(self.session.last_choice), self._new_chosen)

    def action_daily(self) -> None:
        """Today's daily puzzle (UTC), at the player's daily level, on a 9x9 board."""
        level = Level.parse(str(self.session.keeper.setting("daily_level")))
        self._new_chosen(NewPuzzleChoice("9x9", level, day=today()))

    def _new_chosen(self, choice: NewPuzzleChoice | None) -> None:
        if choice is not None and choice.entering:
            self.begin_entry(choice.size)
        elif choice is not None:
            self._unless_kept(lambda: self._make_new(choice))

    def _make_new(self, choice: NewPuzzleChoice) -> None:
        token = self.session.begin_making(choice)
        self.status.say(making_text(choice, 1))
        self.status.show_bar(True, total=None)  # no end known: the bar pulses
        self.refresh_bindings()
        self._make(choice, token)

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
        if self.session.cancel_making():
            self.workers.cancel_group(self, "make")
            self._making_done()
            self._say(texts.MAKING_CANCELLED)

    def _making_done(self) -> None:
        self.status.show_bar(False)
        self.status.say("")
        self.refresh_bindings()

    def on_make_progress(self, message: MakeProgress) -> None:
        choice = self.session.making
        if self.session.jobs.is_current("make", message.token) and choice is not None:
            self.status.say(making_text(choice, message.attempts + 1))

    def on_make_failed(self, message: MakeFailed) -> None:
        if self.session.making_failed(message.token):
            self._making_done()
            self.show_message(message.text)

    def on_puzzle_made(self, message: PuzzleMade) -> None:
        choice = message.choice
        if not self.session.puzzle_made(message.token, message.made, choice.day, choice.technique):
            return
        self._making_done()
        # The puzzle belongs to no file: Load Random and the puzzle number go
        # back to how they are at start (o opens a file again, from its folder).
        self.puzzle_bar.show_range(texts.made_range(message.made.puzzle.shape.name), enabled=False)
        made_header = texts.made_title(choice.describe())
        self.sub_title = (
            made_header if choice.day is None else header_of(self.session.origin, choice.level.key, choice.size_label)
        )
        self._show_new_play()

    # ---- puzzles ------------------------------------------------------------

    def show_puzzle(self, number: int) -> None:
        """Show puzzle ``number`` of the file, replacing whatever the cells held."""
        self.session.show_puzzle(number)
        self._show_new_play()

    def _show_new_play(self, offer: bool = True) -> None:
        """Draw the play the session just started (or the game in play again, after a
        puzzle typed in was left: ``offer`` False, the room has it already)."""
        session = self.session
        self.workers.cancel_group(self, "solve")
        self.puzzle_bar.show_number(session.number)
        self.puzzle_bar.say("")
        self.board.paused = session.paused
        self.board.show_play(session.play)
        self.board.cursor = session.cursor  # a resumed game comes back where it was left
        self.board.focus()
        self.status.say("")
        self._moment = None
        if self._note_moment is not None and self._note_moment != self._play_now():
            self.hide_note()  # it spoke of the puzzle before (a notice of this one stays)
        self.workers.cancel_group(self, "answer")
        self._show_board_state()
        self._show_clock()
        self._entered_again()
        self._grade_unknown()
        self.ghost.look()
        if offer and self.rooms.room is not None:
            self.rooms.room.offer_puzzle()  # the host's choice becomes the room's

    def action_random(self) -> None:
        number = self.session.random_number()
        if number is not None:
            self.show_puzzle(number)

    def action_step(self, delta: int) -> None:
        number, why = self.session.step_to(delta)
        if number is None:
            self.puzzle_bar.say(why)
        else:
            self.show_puzzle(number)

    def action_choose_number(self) -> None:
        box = self.number_box
        if not box.disabled:
            self.set_focus(box)  # at once, not on the next turn as focus() does
            box.select_all()

    @on(Input.Submitted, "#number")
    def _number_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        wanted, why = self.session.judge_number(event.value.strip())
        if wanted is None:
            self.puzzle_bar.say(why)
        else:
            self.show_puzzle(wanted)

    @on(PuzzleNumber.Abandoned)
    def leave_number_box(self) -> None:
        """Forget what was typed in the number box and go back to the board."""
        self.restore_number()
        self.board.focus()

    @on(PuzzleNumber.Left)
    def restore_number(self) -> None:
        """Show the number of the puzzle in play again, without a hint."""
        self.puzzle_bar.show_number(self.session.number)
        self.puzzle_bar.say("")

    @on(Input.Changed, "#number")
    def _number_typed(self, event: Input.Changed) -> None:
        # Say early when the text cannot be a puzzle number; Enter still refuses it.
        typed = event.value.strip()
        if typed not in ("", str(self.session.number)):
            self.puzzle_bar.say(self.session.judge_number(typed)[1])

    # ---- playing ------------------------------------------------------------

    @on(Board.Changed)
    def _board_changed(self, message: Board.Changed) -> None:
        """The session changed the play for an action (and saved it): show what it did."""
        if message.answer.solved:
            self.board.mark_solved(True)
        self._moment_passed()
        self._show_board_state()
        self._show_clock()
        self.refresh_bindings()
        card = self.session.result_card() if message.answer.solved else None
        if card is not None:  # the daily, solved by the player: the card stays up until closed
            self.app.push_screen(ResultCardScreen(card))

    def action_solve(self) -> None:
        token = self.session.begin_solve()
        if token is None:
            return
        self.status.say(texts.SOLVING)
        self.refresh_bindings()
        self._solve(token)

    @work(thread=True, group="solve", exclusive=True, exit_on_error=False)
    def _solve(self, token: int) -> None:
        worker = get_current_worker()
        try:
            solution = solve(self.session.puzzle, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.post_message(SolveFinished(token, solution))

    def on_solve_finished(self, message: SolveFinished) -> None:
        found = self.session.solve_finished(message.token, message.solution)
        if found is None:
            return  # the puzzle changed while it was being solved
        self.status.say("")
        self.board.show_play(self.session.play, reset_cursor=False)
        self.board.mark_solved(found)
        self._show_board_state()
        self._show_clock()
        self.refresh_bindings()
        if not found:
            self.show_message(texts.NO_SOLUTION)

    def action_check(self) -> None:
        solved = self.session.check()
        if solved is None:
            return
        self.board.mark_solved(solved)
        self.show_message(texts.SOLVED if solved else texts.NOT_SOLVED)

    # ---- hints and Check my progress ----------------------------------------------

    def action_hint(self) -> None:
        session = self.session
        signature = session.hint_signature()
        shown = session.hints.press(signature)
        if shown is not None:
            self._show_hint(shown)
            return
        self.board.hint_cells = frozenset()
        if session.hints.should_ask(signature):
            self.status.say(texts.LOOKING_FOR_HINT)
            self._think(signature, True)

    def action_check_progress(self) -> None:
        signature = self.session.hint_signature()
        if self.session.hints.should_check(signature):
            self.status.say(texts.CHECKING_ENTRIES)
            self._think(signature, False)

    @work(thread=True, group="hint", exit_on_error=False)
    def _think(self, signature: Signature, is_hint: bool) -> None:
        puzzle, values, removed = signature
        worker = get_current_worker()
        answer: HintAnswer | Verdict
        try:
            # Cancelled when the game quits: a long search (an almost empty
            # Samurai) then stops at once instead of holding the exit up.
            if is_hint:
                answer = find_hint(puzzle, values, removed, should_stop=lambda: worker.is_cancelled)
            else:
                answer = judge(puzzle, values)
        except Cancelled:
            return
        self.post_message(HintReady(signature, answer))

    def on_hint_ready(self, message: HintReady) -> None:
        session = self.session
        answer = message.answer
        session.hints.answered(isinstance(answer, HintAnswer))
        if message.signature != session.hint_signature():
            self.status.say("")  # the board changed while the answer was worked out
            return
        if isinstance(answer, Verdict):
            self._show_progress(answer)
        elif answer.step is None:
            self._say(answer.message, severity="warning")
        else:
            self._show_hint(session.hints.show(message.signature, answer.step))

    def _show_hint(self, shown: ShownHint) -> None:
        step = shown.step
        name = step_name(step, self.session.practising)
        cells = named_cells(step)
        if shown.level == 1:
            self.session.hint_shown()  # a step named is a hint used, however far it is followed
            self._say(texts.hint_named(name), title=texts.HINT_TITLE)
        elif shown.level == 2:
            self.board.hint_cells = hint_cells(step)
            self._say(texts.hint_explained(name, step.explanation), title=texts.HINT_TITLE, cells=cells)
        else:
            self.board.hint_cells = frozenset()
            room = self.rooms.room
            shared = room is not None and room.kind is not None
            self.board.show_answer(room.apply_step(step) if shared and room else self.session.apply_step(step))
            applied = texts.hint_applied(str(step.technique), step.effects(self.session.puzzle.shape))
            self._say(applied, title=texts.HINT_TITLE, cells=cells)

    def _show_progress(self, verdict: Verdict) -> None:
        session = self.session
        session.progress_checked()
        text = progress_message(session.puzzle, session.play.values, verdict)
        cells = frozenset() if verdict.wrong_cell is None else frozenset({verdict.wrong_cell})
        if verdict.wrong_cell is not None:
            self.board.cursor = verdict.wrong_cell
        self._say(text, severity="information" if verdict.ok else "warning", title=texts.PROGRESS_TITLE, cells=cells)

    def _say(
        self,
        text: str,
        *,
        severity: SeverityLevel = "information",
        title: str = "",
        cells: frozenset[int] = frozenset(),
    ) -> None:
        """A message for the moment on the status line (it goes when the board changes,
        the cursor moves on or the game pauses); when the line cannot hold the whole
        text, the hint area holds it too, wrapped, over none of the ``cells`` it names."""
        self.status.say(text)
        self._moment = self._state_now()
        if cell_len(text) <= self.status_room():
            self.hide_note()  # what it said before is over
            return
        self.show_note(text, title=title, warning=severity != "information", cells=cells)

    def status_room(self) -> int:
        """Columns the status line's message has beside the cell's marks, the mode and the clock."""
        return self.app.size.width - 2

    # ---- clock, pause and the status line ---------------------------------------

    def _state_now(self) -> tuple[object, ...]:
        play, board = self.session.play, self.board
        return (id(play), tuple(play.values), tuple(play.marks), board.cursor, self.session.paused)

    def _moment_passed(self) -> None:
        """The status line's message goes once the board it spoke of has changed, and the
        note once the play has (a cursor moving on moves the note off the cursor)."""
        if self._moment is not None and self._moment != self._state_now():
            self._moment = None
            self.status.say("")
        if self._note_moment is not None and self._note_moment != self._play_now():
            self.hide_note()
        elif self._note_moment is not None:
            self._place_note()

    def _show_board_state(self) -> None:
        """What the board shows besides the play: the counts of values left, the mistakes."""
        session, board = self.session, self.board
        board.mistakes = session.mistakes() if board.entry is None else frozenset()
        self._show_counts()
        self.ghost.show()
        if session.wants_solution:
            self._find_solution(session.puzzle)

    def _show_counts(self) -> None:
        play = self.board.play  # the puzzle being typed in, when it is
        with suppress(NoMatches):  # the app is shutting down
            self.query_one("#counts", DigitCounts).show(play.shape.symbols, play.left_to_place(), self.board.chosen)

    @work(thread=True, group="answer", exclusive=True, exit_on_error=False)
    def _find_solution(self, puzzle: Puzzle) -> None:
        worker = get_current_worker()
        try:
            solution = solve(puzzle, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.post_message(SolutionFound(puzzle, solution))

    def on_solution_found(self, message: SolutionFound) -> None:
        if self.session.solution_found(message.puzzle, message.solution):
            self.board.mistakes = self.session.mistakes()

    def action_show_mistakes(self) -> None:
        """m: mark the entries that differ from the solution, or stop marking them (kept as a setting)."""
        shown = self.session.toggle_mistakes()
        self._say(texts.mistakes_shown(shown))
        self._show_board_state()

    def action_pause(self) -> None:
        """Space: stop the clock and hide the board, or go on."""
        if self.session.toggle_pause():
            self.board.paused = self.session.paused
            self._moment_passed()
            self._show_clock()
            self._show_cell(self.board)
            self.refresh_bindings()

    def _show_clock(self) -> None:
        with suppress(NoMatches):  # a tick while the app shuts down
            self.status.show_clock(self.session.clock_text())
        self.ghost.show()

    def action_race_ghost(self) -> None:
        """G: race the ghost the daily's start offered."""
        self.ghost.race()

    def on_board_selected(self, message: Board.Selected) -> None:
        if message.board.entry is not None:  # a puzzle typed in: the game's cursor stays where it was
            self._show_cell(message.board)
            self._show_counts()
            return
        self.session.cursor = message.board.cursor  # kept with the game
        self.rooms.moved_to(message.board.cursor)
        self._moment_passed()
        self._show_cell(message.board)
        self._show_counts()

    def _cursor_moved(self) -> None:
        self._show_cell(self.board)  # shown again on the Selected message: the same text, no redraw

    def _answer_shown(self) -> None:
        """A change drawn on the board: the counts and the cell's marks beside it now (the
        Changed and Selected messages show them again, unchanged)."""
        self._show_counts()
        self._show_cell(self.board)

    def _show_cell(self, board: Board) -> None:
        """The status line's cell part: the mode, and the cell's marks (none while paused)."""
        session = self.session
        mode = texts.mode(board.pencil, board.colouring) if session.in_game else ""
        if board.entry is not None:
            with suppress(NoMatches):  # the app is shutting down
                self.status.show_cell(texts.GIVENS_MODE, False, board.play.shape.cell_name(board.cursor))
            return
        if board.choosing:
            info = texts.CHOOSE_HIGHLIGHT
        elif session.paused:
            info = ""
        else:
            info = session.cell_info(board.cursor, board.possible_for == board.cursor)
        with suppress(NoMatches):  # the app is shutting down
            self.status.show_cell(mode, board.pencil or board.colouring, info)

    # ---- your own puzzle (typed in or pasted) ---------------------------------------

    @property
    def _entry(self) -> PuzzleEntry | None:
        with suppress(NoMatches):
            return self.board.entry
        return None

    def action_enter_puzzle(self) -> None:
        """``i``: an empty board to type a puzzle in, of the classic size in play (else 9x9)."""
        self.begin_entry(entry_size(self.session.play.shape))

    def begin_entry(self, size: str, values: Sequence[int] | None = None) -> None:
        """Show an empty board of ``size`` (or ``values``, a pasted puzzle) whose values are
        the givens to be; the game in play waits behind it, its clock stopped."""
        if self.session.cancel_making():
            self.workers.cancel_group(self, "make")
            self._making_done()
        entry = PuzzleEntry(size if size in ENTRY_SIZES else "9x9", values)
        board = self.board
        if board.entry is None:
            self._title_before_entry = self.sub_title or ""
        board.entry = entry
        board.pencil = False
        board.show_play(entry.play)
        board.mistakes = frozenset()
        self.sub_title = texts.ENTER_PUZZLE
        self.puzzle_bar.say(texts.ENTRY_BAR)
        self.status.say(texts.ENTERING)
        self._moment = None
        self._entered_again()

    def action_leave_entry(self) -> None:
        """Escape: the puzzle typed in goes, and the game in play comes back as it was."""
        if self._entry is None:
            return
        self._end_entry()
        self.status.say("")
        self.sub_title = self._title_before_entry
        self._show_new_play(offer=False)

    def _end_entry(self) -> None:
        self.workers.cancel_group(self, "count")
        self.board.entry = None

    def _entered_again(self) -> None:
        """After the entry board came or went: the clock, the size, the keys, the status line's cell."""
        self.session.cover(self.app.screen is not self or self._entry is not None)
        self._show_clock()
        self._check_size()
        self._show_cell(self.board)
        self._show_counts()
        self.refresh_bindings()

    def action_start_entered(self) -> None:
        """ctrl+s: count the solutions of the puzzle typed in (in the background)."""
        entry = self._entry
        if entry is None:
            return
        self.status.say(texts.CHECKING_PUZZLE)
        self._count(entry.puzzle())

    @work(thread=True, group="count", exclusive=True, exit_on_error=False)
    def _count(self, puzzle: Puzzle) -> None:
        worker = get_current_worker()
        try:
            verdict = count_entered(puzzle, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.post_message(EntryCounted(puzzle, verdict))

    def on_entry_counted(self, message: EntryCounted) -> None:
        entry = self._entry
        if entry is None or entry.puzzle() != message.puzzle:
            return  # left, or changed while it was counted
        if message.verdict == "none":
            self.status.say(texts.ENTERING)
            self.show_message(texts.NO_SOLUTION)
            return
        self._unless_kept(lambda: self._play_own(message.puzzle, message.verdict))

    def _play_own(self, puzzle: Puzzle, verdict: EntryVerdict) -> None:
        """Play the puzzle typed in (the game in play is kept first, as for any other puzzle)."""
        self._end_entry()
        self.session.start_own(puzzle)
        shape = puzzle.shape.name
        self.puzzle_bar.show_range(texts.own_range(shape), enabled=False)
        self.sub_title = texts.own_title(shape, self.session.level)
        self._show_new_play()
        if verdict == "several":
            self.show_message(texts.SEVERAL_SOLUTIONS_FOUND)

    # ---- the level of a puzzle nobody graded ----------------------------------------

    def _grade_unknown(self) -> None:
        """Grade the puzzle in play in the background when its level is not known (a file's,
        the player's own), so the history and the statistics say it; no key waits for it."""
        token = self.session.begin_grading()
        if token is not None:
            self._grade(self.session.puzzle, token)

    @work(thread=True, group="grade", exclusive=True, exit_on_error=False)
    def _grade(self, puzzle: Puzzle, token: int) -> None:
        worker = get_current_worker()
        try:
            level = level_word(puzzle, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        if not worker.is_cancelled:
            self.post_message(Graded(token, level))

    def on_graded(self, message: Graded) -> None:
        session = self.session
        if session.graded(message.token, message.level) and self._entry is None and session.origin.kind == "own":
            self.sub_title = texts.own_title(session.puzzle.shape.name, message.level)

    def on_paste(self, event: events.Paste) -> None:
        """A puzzle line pasted anywhere in the game: typed in at once, and started as ctrl+s
        starts one; anything else is a sentence on the status line, and nothing changes."""
        if isinstance(self.focused, Input) or not event.text.strip():
            return  # the number box takes its own paste
        event.stop()
        if self._entry is None and not self.action_state("enter_puzzle"):
            self._unavailable(texts.ENTER_PUZZLE)
            return
        try:
            puzzle = read_pasted(event.text)
        except NotAPuzzle as refused:
            self._say(str(refused), severity="warning")
            return
        self.begin_entry(puzzle.shape.name, puzzle.givens)
        self.action_start_entered()

    # ---- rooms ------------------------------------------------------------------

    def action_rooms(self) -> None:
        self.rooms.open()

    def action_start_race(self) -> None:
        room = self.rooms.room
        if room is not None:
            room.rematch() if room.race == "over" else room.start()

    def on_room_news(self, news: RoomNews) -> None:
        self.rooms.receive(news)

    def room_news(self, kind: str) -> None:
        """The room said something (``kind``): show the room again, and the board where it changed."""
        room = self.rooms.room
        if room is None:
            return
        board = self.board
        board.room = room if room.kind is not None else None
        board.show_others(room.others_cursors())
        panel = self.query_one("#room", RoomPanel)
        panel.show_room(room)
        if not panel.display:
            panel.display = True
            area = self.query_one("#board-area", BoardArea)
            area.fit(area.size)
        if kind == "joined" and room.wants_a_puzzle:
            self._new_chosen(NewPuzzleChoice("9x9", DEFAULT_LEVEL, day=today()))
        if kind == "rematch":
            self.rooms.close_results()  # the host asked for another race: the last one's results go
        if kind in ("puzzle", "rematch"):
            self.puzzle_bar.show_range(texts.made_range(self.session.play.shape.name), enabled=False)
            self.sub_title = texts.room_title(room.kind or "coop", room.code)
            self._show_new_play()
        elif kind in ("changed", "refused"):
            if not room.board_changed:
                return  # one's own change come back as the room has it: the board shows it already
            self._show_cell_changed()
        elif kind == "started":
            board.paused = self.session.paused
            board.mark_solved(self.session.solved)
            board.refresh()
            self._show_board_state()
            self._show_clock()
        elif kind == "ended":
            self.rooms.show_results()
        elif kind == "closed":
            self.show_note(texts.ROOM_CLOSED.get(room.closed, texts.ROOM_GONE), warning=True)
        if kind != "moved":  # another's cursor changes no key; the Footer's check costs a millisecond
            self.refresh_bindings()

    def _save_soon(self) -> None:
        """A change waits to be written: right after its screen is drawn (the write is never
        between a key and its answer), or, within ``save_every`` seconds of the last write, at
        that time with every change made meanwhile. Every way out writes at once."""
        wait = self._written_at + (self.save_every or 0.0) - time.monotonic()
        if wait <= 0:
            self.call_after_refresh(self._write_changes)
        else:
            self.set_timer(wait, self._write_changes, name="save")

    def _write_changes(self) -> None:
        self._written_at = time.monotonic()
        self.session.flush()

    def _show_cell_changed(self) -> None:
        """Another player changed a cell: the lines it is on, not the whole board."""
        self.board.mark_solved(self.session.solved)
        self.board.show_changes()
        self._show_board_state()
        if self.session.solved:
            self._show_clock()  # stopped: the time it stopped at

    def on_unmount(self) -> None:
        self.session.flush()
        self.rooms.leave()
