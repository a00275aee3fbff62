"""The plain mode's command loop: a line read, sentences answered.

:class:`PlainGame` plays the same :class:`~sudoku_tui.game.session.Session` as the
full-screen game (the same saves, resume, statistics and daily puzzle); it reads
its lines from any function and writes to any text stream, so tests drive it
without a terminal. Long work goes through :class:`~.jobs.Jobs`. Whatever a
command raises becomes one sentence; only quitting, the end of input, Ctrl+C
at the prompt and a hang-up end the loop, and each of them saves the game.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TextIO

from ..engine.files.formats import read_puzzle_file
from ..engine.files.model import PuzzleFile, PuzzleFileError
from ..engine.logic.step import Step
from ..engine.search.solver import solve
from ..game import texts
from ..game.clock import format_elapsed
from ..game.daily import today
from ..game.file_choice import PathProblem, choose_typed, is_puzzle_file, os_problem, shown_name
from ..game.hints import find_hint, judge, progress_message, step_name
from ..game.players.leaderboard import leaderboard_lines, read_leaderboard
from ..game.session import Answer, Notice, Session
from ..game.stats_report import statistics_text
from ..game.store.interface import StoreError
from ..game.store.records import Game
from .commands import CELL, COMMANDS, find_command
from .jobs import WORKING_AFTER, Jobs, Stopped
from .making import PuzzleMaking
from .reading import FULL, NORMAL, TERSE, Reading, drawn_line, houses_named, lines_of

VERBOSE_SETTING = "plain_verbose"
YES = ("yes", "y")
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
ReadLine = Callable[[], str]  # raises EOFError at the end of input


class HungUp(Exception):
    """The terminal went away (SIGHUP) or the game was told to stop (SIGTERM)."""


class PlainGame(PuzzleMaking):
    """One player's game in plain text; :meth:`start`, then :meth:`run` (or :meth:`handle` line by line)."""

    def __init__(self, session: Session, out: TextIO, *, working_after: float = WORKING_AFTER) -> None:
        self.session = session
        self.out = out
        session.notify = self._notice
        self.jobs = Jobs(self.say, working_after)
        self.verbose = NORMAL
        self.pencil = False
        self.last: Game | None = None  # the saved game offered at start
        self.confirm: Callable[[], None] | None = None  # what runs if the player answers yes
        self.running = True

    # ---- saying ---------------------------------------------------------------

    def say(self, text: str) -> None:
        folders = self.session.folders
        if folders is not None:  # served: no path of the server's is ever said
            text = folders.hidden(text)
        with suppress(OSError, ValueError):  # the terminal went away: the game still saves
            self.out.write(text + "\n")
            self.out.flush()

    def _notice(self, notice: Notice) -> None:
        self.say(notice.text)

    # ---- the loop ---------------------------------------------------------------

    def start(self, path: Path | None = None, notices: tuple[str, ...] | list[str] = ()) -> None:
        """Open the store (its notices said), then the file named, or offer the saved game."""
        self.say(texts.PLAIN_WELCOME)
        self.last = self.session.open_store(list(notices))
        verbose = self.session.keeper.setting(VERBOSE_SETTING)
        self.verbose = verbose if isinstance(verbose, int) and not isinstance(verbose, bool) else NORMAL
        if path is not None:
            self.open_path(path)
        elif self.last is not None:
            self.say(texts.plain_saved_offer(Session.describe(self.last)))
        else:
            self.say(texts.PLAIN_NO_PUZZLE)

    def run(self, read_line: ReadLine) -> None:
        """Answer lines until quit, the end of input, Ctrl+C at the prompt or a hang-up; the game is saved."""
        try:
            while self.running:
                self.handle(read_line())
        except (EOFError, KeyboardInterrupt, HungUp):
            self.running = False
        finally:
            self.finish()

    def finish(self) -> None:
        self.session.quit()
        self.say(texts.PLAIN_GOODBYE)

    def handle(self, line: str) -> None:
        """One line's answer; a failure is a sentence and the game goes on."""
        try:
            self._handle(line.strip())
        except Stopped:
            self.say(texts.PLAIN_STOPPED)
        except (StoreError, OSError, ValueError) as error:
            self.say(texts.plain_failed(error))

    def _handle(self, text: str) -> None:
        if self.confirm is not None:
            confirmed, self.confirm = self.confirm, None
            if text.lower() in YES:
                confirmed()
            else:
                self.say(texts.PLAIN_KEEP_PLAYING)
            return
        board_line = not text or CELL.fullmatch(text) or (len(text) == 1 and find_command(text) is None)
        if self.session.paused and board_line:
            self.say(texts.PLAIN_PAUSED)  # the board is hidden, as on the full-screen game
        elif not text:
            self.do_read("")
        elif CELL.fullmatch(text):
            self.do_go(text)
        elif len(text) == 1 and (self._symbol(text) or text.isdigit() or text == "." or text.isupper()):
            self.do_value(text)
        else:
            self._command(text)

    def _command(self, text: str) -> None:
        word, _, rest = text.partition(" ")
        command = find_command(word)
        if command is None:
            self.say(texts.plain_unknown(_shown(word)))
        elif command.board and self.session.paused:
            self.say(texts.PLAIN_PAUSED)
        else:
            getattr(self, f"do_{command.handler}")(rest.strip())

    def _symbol(self, text: str) -> int:
        """The value a typed symbol stands for on this board (0: none); letters only in capitals."""
        shape = self.session.play.shape
        if not (text.isdigit() or text.isupper()):
            return 0
        return shape.value_of(text)

    # ---- cells --------------------------------------------------------------------

    def do_read(self, rest: str) -> None:
        if not rest:
            self.say(self.reading.cell(self.session.cursor))
            return
        words = rest.lower().split()
        if words == ["board"]:
            self.do_read_board("")
            return
        if len(words) != 2 or not words[1].isdigit():
            self.say(texts.plain_usage(texts.PLAIN_USAGES["read"]))
            return
        self._read_house(words[0], int(words[1]))

    def _read_house(self, kind: str, number: int) -> None:
        shape = self.session.play.shape
        if kind in ("row", "column"):
            cells = drawn_line(shape, kind, number)
            if not cells:
                self.say(texts.plain_no_house(kind, str(number), lines_of(shape, kind)))
                return
            self.say(self.reading.cells(texts.house_name(kind, number), cells))
            return
        houses = houses_named(shape, kind)
        if not houses:
            self.say(texts.plain_not_a_word(kind, "row, column, box"))  # the words typed: English
        elif not 1 <= number <= len(houses):
            self.say(texts.plain_no_house(kind, str(number), len(houses)))
        else:
            house = houses[number - 1]
            self.say(self.reading.cells(texts.house_name(house.label or house.kind, house.number + 1), house.cells))

    def do_read_board(self, _rest: str) -> None:
        shape = self.session.play.shape
        reading = Reading(self.session.play, min(self.verbose, NORMAL), self.session.mistakes())
        for row in range(1, shape.rows + 1):
            self.say(reading.cells(texts.house_name("row", row), drawn_line(shape, "row", row)))

    def do_go(self, rest: str) -> None:
        found = CELL.fullmatch(rest)
        if found is None:
            self.say(texts.plain_usage("go r4c7"))  # a command: the same in every language
            return
        shape = self.session.play.shape
        cell = shape.cell_at.get((int(found[1]) - 1, int(found[2]) - 1))
        if cell is None:
            self.say(texts.plain_no_cell(rest.split()[0]))
            return
        self.session.cursor = cell
        if found[3]:
            self.do_value(found[3])
        else:
            self.say(self.reading.cell(cell))

    def _move(self, rows: int, cols: int) -> None:
        """One cell on, jumping over a Samurai board's gaps; at the edge the cell is read again."""
        shape = self.session.play.shape
        row, col = shape.positions[self.session.cursor]
        while 0 <= row + rows < shape.rows and 0 <= col + cols < shape.cols:
            row, col = row + rows, col + cols
            cell = shape.cell_at.get((row, col))
            if cell is not None:
                self.session.cursor = cell
                break
        self.say(self.reading.cell(self.session.cursor))

    def do_up(self, _rest: str) -> None:
        self._move(*MOVES["up"])

    def do_down(self, _rest: str) -> None:
        self._move(*MOVES["down"])

    def do_left(self, _rest: str) -> None:
        self._move(*MOVES["left"])

    def do_right(self, _rest: str) -> None:
        self._move(*MOVES["right"])

    def do_value(self, rest: str) -> None:
        if not rest:
            self.say(texts.plain_usage("enter VALUE"))
            return
        if rest in ("0", "."):
            self.do_clear("")
            return
        value = self._symbol(rest) if len(rest) == 1 else 0
        if not value:
            self.say(texts.plain_not_value(_shown(rest), self.session.play.shape.name))
            return
        session = self.session
        cell = session.cursor
        answer = session.toggle_mark(cell, value) if self.pencil else session.enter(cell, value)
        self._changed(answer, cell)

    def do_clear(self, _rest: str) -> None:
        cell = self.session.cursor
        self._changed(self.session.enter(cell, 0), cell)

    def _changed(self, answer: Answer, cell: int) -> None:
        """What a change to ``cell`` did: refused (a given, a filled cell's marks), or the cell read again."""
        if answer.refused:
            self.say(texts.PLAIN_GIVEN)
            return
        self._find_solution()
        self.say(self.reading.cell(cell))
        if self.verbose >= FULL:
            self.say(texts.plain_empty_left(self.session.play.values.count(0)))
        if answer.solved:
            self._solved()

    def _solved(self) -> None:
        card = self.session.result_card()
        if card is not None:  # the daily, solved by the player
            self.say(card.text)

    def do_marks(self, _rest: str) -> None:
        play, cell = self.session.play, self.session.cursor
        marks = texts.symbols(play.shape, play.marks_of(cell))
        self.say(texts.plain_cell(play.shape.cell_name(cell), [texts.plain_marks(marks)]))

    def do_mark(self, rest: str) -> None:
        values = [self._symbol(word) if len(word) == 1 else 0 for word in rest.split()]
        if not values or 0 in values:
            self.say(texts.plain_usage(texts.PLAIN_USAGES["mark"]))
            return
        cell = self.session.cursor
        for value in values:
            answer = self.session.toggle_mark(cell, value)
            if answer.refused:
                play = self.session.play
                self.say(texts.PLAIN_GIVEN if play.is_given(cell) else texts.cell_filled(play.shape.cell_name(cell)))
                return
        self.do_marks("")

    def do_pencil(self, _rest: str) -> None:
        self.pencil = not self.pencil
        self.say(texts.plain_mode(self.pencil))

    def do_fill(self, _rest: str) -> None:
        self.session.fill_candidates()
        self.say(texts.PLAIN_FILLED_MARKS)

    def do_possible(self, _rest: str) -> None:
        self.say(self.session.cell_info(self.session.cursor, True) + ".")

    def do_undo(self, _rest: str) -> None:
        self._step_back(True)

    def do_redo(self, _rest: str) -> None:
        self._step_back(False)

    def _step_back(self, undo: bool) -> None:
        session = self.session
        answer = session.undo() if undo else session.redo()
        move = answer.move
        if move is None:
            self.say(texts.PLAIN_NOTHING_TO_UNDO if undo else texts.PLAIN_NOTHING_TO_REDO)
            return
        self.say(texts.plain_undone(move.name) if undo else texts.plain_redone(move.name))
        cells = move.cells
        if len(cells) == 1:
            session.cursor = cells[0]
            self.say(self.reading.cell(cells[0]))

    def do_counts(self, _rest: str) -> None:
        play = self.session.play
        left = play.left_to_place()
        parts = [texts.plain_count(play.shape.symbol(v + 1), count, self.verbose) for v, count in enumerate(left)]
        self.say(texts.plain_counts(parts))

    def do_find(self, rest: str) -> None:
        value = self._symbol(rest) if len(rest) == 1 else 0
        if not value:
            self.say(texts.plain_usage(texts.PLAIN_USAGES["find"]))
            return
        play = self.session.play
        name = play.shape.cell_name
        placed = [name(cell) for cell, held in enumerate(play.values) if held == value]
        marked = [
            name(cell) for cell in range(play.shape.size) if not play.values[cell] and value in play.marks_of(cell)
        ]
        self.say(texts.plain_found(play.shape.symbol(value), " ".join(placed), " ".join(marked)))

    def do_conflicts(self, _rest: str) -> None:
        play = self.session.play
        cells = sorted(play.conflicts())
        if not cells:
            self.say(texts.PLAIN_NO_CONFLICTS)
            return
        self.say(texts.plain_conflicts(" ".join(play.shape.cell_name(cell) for cell in cells)))

    def do_colour(self, rest: str) -> None:
        if not (rest.isdigit() and 0 <= int(rest) <= 6):
            self.say(texts.plain_usage(texts.PLAIN_COLOUR_USAGE))
            return
        cell = self.session.cursor
        answer = self.session.paint(cell, int(rest))
        if answer.refused:
            self.say(texts.PLAIN_GIVEN)
            return
        self.say(Reading(self.session.play, FULL, self.session.mistakes()).cell(cell))

    # ---- hints and checks -----------------------------------------------------------

    def do_hint(self, _rest: str) -> None:
        session = self.session
        if not session.has_puzzle:
            self.say(texts.PLAIN_NO_GAME)
            return
        signature = session.hint_signature()
        shown = session.hints.press(signature)
        if shown is None:
            puzzle, values, removed = signature
            answer = self.jobs.run(lambda stop: find_hint(puzzle, values, removed, should_stop=stop))
            if answer.step is None:
                self.say(answer.message)
                return
            shown = session.hints.show(signature, answer.step)
        self._say_hint(shown.level, shown.step)

    def _say_hint(self, level: int, step: Step) -> None:
        session = self.session
        name = step_name(step, session.practising)
        if level == 1:
            session.hint_shown()
            self.say(texts.plain_hint_named(name))
        elif level == 2:
            self.say(texts.hint_explained(name, step.explanation))
        else:
            answer = session.apply_step(step)
            self.say(texts.hint_applied(str(step.technique), step.effects(session.puzzle.shape)))
            self._find_solution()
            if answer.solved:
                self._solved()

    def do_progress(self, _rest: str) -> None:
        session = self.session
        if not session.has_puzzle:
            self.say(texts.PLAIN_NO_GAME)
            return
        puzzle, values = session.puzzle, session.play.values
        verdict = self.jobs.run(lambda _stop: judge(puzzle, values))
        session.progress_checked()
        self.say(progress_message(puzzle, values, verdict))
        if verdict.wrong_cell is not None:
            session.cursor = verdict.wrong_cell
            self.say(self.reading.cell(verdict.wrong_cell))

    def do_check(self, _rest: str) -> None:
        solved = self.session.check()
        self.say(texts.PLAIN_NOT_FULL if solved is None else texts.SOLVED if solved else texts.NOT_SOLVED)

    def do_solve(self, _rest: str) -> None:
        session = self.session
        token = session.begin_solve()
        if token is None:
            self.say(texts.PLAIN_NO_GAME)
            return
        puzzle = session.puzzle
        try:
            solution = self.jobs.run(lambda stop: solve(puzzle, should_stop=stop))
        except Stopped:
            session.jobs.drop("solve")
            session.solving = False
            raise
        found = session.solve_finished(token, solution)
        self.say(texts.PLAIN_SOLVED_BY_SOLVE if found else texts.NO_SOLUTION)

    def do_mistakes(self, rest: str) -> None:
        session = self.session
        wanted = rest.lower()
        if wanted not in ("", "on", "off"):
            self.say(texts.plain_usage(texts.PLAIN_USAGES["mistakes"]))
            return
        if wanted == "" or (wanted == "on") != session.show_mistakes:
            session.toggle_mistakes()
        self.say(texts.mistakes_shown(session.show_mistakes))
        if session.show_mistakes and session.has_puzzle:
            self._find_solution()
            wrong = sorted(session.mistakes())
            names = " ".join(session.play.shape.cell_name(cell) for cell in wrong)
            self.say(texts.plain_mistakes(names) if wrong else texts.PLAIN_NO_MISTAKES)

    # ---- puzzles ------------------------------------------------------------------------

    def do_open(self, rest: str) -> None:
        if not rest:
            self.say(texts.PLAIN_OPEN_USAGE)
            self.do_files("")
            return
        session = self.session
        try:
            chosen = choose_typed(rest, session.last_folder, session.folders)
        except PathProblem as problem:
            self.say(str(problem))
            return
        if chosen.is_folder:
            self._list_files(chosen.path)
            return
        self._unless_kept(lambda: self.open_path(chosen.path))

    def open_path(self, path: Path) -> None:
        """Read a file (in a job) and play its first puzzle, or the saved game of it."""
        session = self.session
        refused = session.may_open(path)
        if refused:
            self.say(refused)
            return
        token = session.begin_load(path)
        try:
            puzzles = self.jobs.run(lambda stop: read_puzzle_file(path, should_stop=stop))
        except Stopped:
            session.load_failed(token)
            raise
        except PuzzleFileError as error:
            session.load_failed(token)
            self.say(f"{shown_name(path)}: {error.message}")
            return
        except OSError as error:
            session.load_failed(token)
            self.say(os_problem(path, error))
            return
        self._loaded(token, puzzles)

    def _loaded(self, token: int, puzzles: PuzzleFile) -> None:
        if self.session.file_loaded(token, puzzles):
            self._tell_puzzle()

    def do_files(self, _rest: str) -> None:
        session = self.session
        folders = session.folders.roots if session.folders is not None else (session.last_folder,)
        for folder in folders:
            self._list_files(folder)

    def _list_files(self, folder: Path) -> None:
        try:
            names = sorted(path.name for path in folder.iterdir() if path.is_file() and is_puzzle_file(path))
        except OSError as error:
            self.say(os_problem(folder, error))
            return
        self.say(texts.plain_files(", ".join(names)) if names else texts.PLAIN_NO_LAST_FOLDER)

    def do_puzzle(self, rest: str) -> None:
        session = self.session
        if session.puzzles is None:
            self.say(texts.PLAIN_NO_FILE)
            return
        if not rest:
            self.say(texts.plain_number(session.number, len(session.puzzles) - 1))
            return
        wanted, why = session.judge_number(rest)
        if wanted is None:
            self.say(why)
            return
        self._show(wanted)

    def _show(self, number: int) -> None:
        self.session.show_puzzle(number)
        self._tell_puzzle()

    def do_next(self, _rest: str) -> None:
        self._step(1)

    def do_previous(self, _rest: str) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        if self.session.puzzles is None:
            self.say(texts.PLAIN_NO_FILE)
            return
        number, why = self.session.step_to(delta)
        if number is None:
            self.say(why)
        else:
            self._show(number)

    def do_random(self, _rest: str) -> None:
        number = self.session.random_number()
        if number is None:
            self.say(texts.PLAIN_NO_FILE)
        else:
            self._show(number)

    def do_resume(self, _rest: str) -> None:
        game = self.last
        if game is None:
            self.say(texts.PLAIN_NO_SAVED_GAME)
            return
        self.last = None
        source = self.session.resume(game)
        if isinstance(source, Path):
            self.open_path(source)
        else:
            self._loaded(self.session.begin_load(None), source)

    # ---- the clock and what is in play ------------------------------------------

    def do_pause(self, _rest: str) -> None:
        session = self.session
        if not session.toggle_pause():
            self.say(texts.PLAIN_NO_GAME)
            return
        self.say(self._time() if session.paused else f"{texts.PLAIN_GOING_ON} {self.reading.cell(session.cursor)}")

    def _time(self) -> str:
        session = self.session
        return texts.plain_time(format_elapsed(session.clock.elapsed()), session.paused, session.solved)

    def do_time(self, _rest: str) -> None:
        self.say(self._time() if self.session.in_game else texts.PLAIN_NO_GAME)

    def do_where(self, _rest: str) -> None:
        session = self.session
        if not session.in_game:
            self.say(texts.PLAIN_NO_GAME)
            return
        play = session.play
        puzzle = texts.plain_puzzle(self._where(), play.shape.name, play.values.count(0))
        self.say(texts.plain_where(puzzle, play.shape.cell_name(session.cursor), self._time()))

    # ---- the player -------------------------------------------------------------------

    def do_stats(self, _rest: str) -> None:
        self.say(statistics_text(self.session.keeper.statistics()))

    def do_leaderboard(self, _rest: str) -> None:
        keeper = self.session.keeper
        level = str(keeper.setting("daily_level"))
        for line in leaderboard_lines(read_leaderboard(keeper.store, today(), level)):
            self.say(line)

    def do_rooms(self, _rest: str) -> None:
        self.say(texts.PLAIN_NO_ROOMS)

    def do_verbose(self, rest: str) -> None:
        word = rest.lower()
        if word:
            words = texts.PLAIN_VERBOSE_WORDS
            level = int(word) if word in ("0", "1", "2") else words.index(word) if word in words else None
            if level is None:
                self.say(texts.plain_usage(texts.PLAIN_VERBOSE_USAGE))
                return
            self.verbose = level
            self.session.keeper.put_setting(VERBOSE_SETTING, level)
        self.say(texts.plain_verbose(self.verbose))

    def do_help(self, rest: str) -> None:
        if rest:
            command = find_command(rest.split()[0])
            if command is None:
                self.say(texts.plain_unknown(_shown(rest)))
                return
            names = ", ".join((command.name, *command.aliases))
            self.say(f"{texts.plain_usage(command.usage)} {command.help[:1].upper()}{command.help[1:]}. ({names})")
            return
        self.say(texts.PLAIN_HELP_HEADING)
        for command in COMMANDS:
            self.say(f"{command.usage}: {command.help}." if self.verbose > TERSE else command.usage)

    def do_quit(self, _rest: str) -> None:
        self.running = False


def _shown(word: str) -> str:
    """A word the player typed, said back as printable text and not too long."""
    cut = word[:32]
    return "".join(char if char.isprintable() else "?" for char in cut) + ("…" if len(word) > 32 else "")
