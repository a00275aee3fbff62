"""What the game says, in one place, so the code and the tests agree letter for letter.

File errors come from the engine (``PuzzleFileError.message``); these are the
game's own sentences and the names its actions go by in the command palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..engine.board.geometry import Shape
from .clock import format_elapsed
from .language import gettext as _
from .printable import printable

NO_SOLUTION = _("The puzzle has no solution.")
SOLVED = _("The puzzle is correctly solved.")
NOT_SOLVED = _("The puzzle is NOT solved.")

# The game in play: what the player is told when it starts, ends or comes back.
SOLVED_TITLE = _("Well done")


def solved_in(played: str) -> str:
    return _("Solved in {played}!").format(played=played)


def resumed(played: str) -> str:
    return _("Your game of this puzzle was resumed ({played} played).").format(played=played)


def solved_before(played: str) -> str:
    return _("You solved this puzzle before, in {played}. Here it is afresh.").format(played=played)


def file_puzzle(name: str, number: int | None) -> str:
    """Where a saved game's puzzle comes from, for the offer to resume it."""
    return _("{name}, puzzle {number}").format(name=name, number=number)


def daily_puzzle(day: str) -> str:
    return _("The daily puzzle of {day}").format(day=day)


NO_FILE_PUZZLE = _("A puzzle without a file")


def saved_game(where: str, shape: str, played: str) -> str:
    return _("{where} ({shape}), {played} played.").format(where=where, shape=shape, played=played)


# The status line: the clock, the mode, the cell under the cursor.
def clock(played: str, paused: bool, solved: bool) -> str:
    state = _(" paused") if paused else " ✓" if solved else ""  # ✓: a symbol, the same in every language
    return _("⏱ {played}{state}").format(played=played, state=state)


PENCIL_MODE = _("PENCIL")
VALUES_MODE = _("Values")
CHOOSE_HIGHLIGHT = _("Highlight which value? (a value; 0 none; Esc)")


def cell_filled(cell: str) -> str:
    return _("{cell} is filled.").format(cell=cell)


def cell_can_hold(cell: str, values: str) -> str:
    return _("{cell} can hold {values}").format(cell=cell, values=values)


def nothing_fits(cell: str) -> str:
    return _("{cell}: no value fits!").format(cell=cell)


def cell_marks(cell: str, marks: str) -> str:
    return _("{cell} marks {marks}").format(cell=cell, marks=marks)


def mistakes_shown(shown: bool) -> str:
    return _("Show mistakes: on.") if shown else _("Show mistakes: off.")


# The game screen: its titles, the puzzle bar, files being read.
TITLE = _("Sudoku")
SAVED_GAME = _("Saved game")


def not_available(action: str) -> str:
    """A command chosen in the palette while it cannot run."""
    return _("{action} is not available now.").format(action=action)


def loading(name: str) -> str:
    return _("Loading {name}…").format(name=name)


def checking_file(name: str | None) -> str:
    return _("Checking {name}…").format(name=name) if name is not None else _("Checking the file…")


def unreadable(name: str, error: object) -> str:
    return _("{name} cannot be read: {error}").format(name=name, error=error)


def file_range(count: int, shape: str) -> str:
    return _("of 0 … {last}  ({shape})").format(last=count - 1, shape=shape)


def made_range(shape: str) -> str:
    return _("(new puzzle, {shape})").format(shape=shape)


def made_title(choice: str) -> str:
    return _("New {choice} puzzle").format(choice=choice)


# A hint, as it is shown press after press.
def hint_named(name: str) -> str:
    return _("Hint: {name} (press ? again to see where)").format(name=name)


def hint_explained(name: str, explanation: str) -> str:
    return _("{name}: {explanation}").format(name=name, explanation=explanation)


def hint_applied(technique: str, effects: str) -> str:
    return _("Applied {technique}: {effects}").format(technique=technique, effects=effects)


# Action names, as the command palette lists them.
OPEN_FILE = _("Open Puzzle File")
NEW_PUZZLE = _("New Puzzle")
LOAD_RANDOM = _("Load Random Puzzle")
SOLVE = _("Solve Puzzle")
CHECK = _("Check Solution")
CHOOSE_NUMBER = _("Choose Puzzle Number")
NEXT_PUZZLE = _("Next Puzzle")
PREVIOUS_PUZZLE = _("Previous Puzzle")
HINT = _("Hint")
CHECK_PROGRESS = _("Check my progress")
SHOW_MISTAKES = _("Show Mistakes")
DAILY = _("Daily Puzzle")
STATISTICS = _("Statistics")

# Hints and progress checks.
HINT_CLASH = _("No hint: a value repeats in a row, column or box. Fix that first.")
HINT_WRONG = _("No hint: some entries disagree with the solution (press e to find the first).")
HINT_FULL = _("No hint: every cell is filled.")
NO_STEP = _("No logical step found")
NO_ENTRIES = _("No entries yet: nothing to check.")
LOOKING_FOR_HINT = _("Looking for a hint…")
CHECKING_ENTRIES = _("Checking your entries…")


def practised_step(name: str) -> str:
    """A hint's technique when it is the one the puzzle was made to practise."""
    return _("{name}, the technique you are practising").format(name=name)


START = _("Press o to open a puzzle file.")
SOLVING = _("Solving…")
MAKING_CANCELLED = _("New puzzle cancelled.")
FIRST_PUZZLE = _("That was the first puzzle.")
LAST_PUZZLE = _("That was the last puzzle.")


def wrong_entry(name: str) -> str:
    return _("{name} is wrong.").format(name=name)


def progress_ok(count: int) -> str:
    if count == 1:
        return _("So far so good: your entry agrees with the solution.")
    return _("So far so good: all {count} entries agree with the solution.").format(count=count)


# Hints beside the puzzle number, whose range is shown just before them.
def not_a_number(text: str, last: int) -> str:
    if len(text) > 8:
        return _("Not a number: type 0 … {last}.").format(last=last)
    return _("{text!r} is not a number.").format(text=text)


def out_of_range(number: int, last: int) -> str:
    if last < 10_000:
        return _("No puzzle {number}: type 0 … {last}.").format(number=number, last=last)
    return _("No puzzle {number}.").format(number=number)


def too_small(width: int, height: int, need_width: int, need_height: int) -> str:
    return _(
        "Terminal too small ({width}x{height}).\n"
        "Sudoku needs at least {need_width}x{need_height}: make the window bigger.\n"
        "Press q to quit."
    ).format(width=width, height=height, need_width=need_width, need_height=need_height)


def symbols(shape: Shape, values: Sequence[int]) -> str:
    """``1 4 7`` (or ``A C`` on 16x16): values as the board writes them."""
    return " ".join(shape.symbol(value) for value in values)


# A game that stopped: what its player reads instead of a traceback.
GAME_STOPPED = _("The game stopped unexpectedly; your moves are saved.")


def crash_written(path: Path) -> str:
    return _("What went wrong is written in {path}.").format(path=path)


def command_stopped(command: str) -> str:
    return _("sudoku-tui {command} stopped on an unexpected error.").format(command=command)


# Files and keys: a server's authorized-keys file, and a game that would be replaced.


def key_file_missing(name: str) -> str:
    return _("There is no authorized-keys file {name}.").format(name=name)


def key_file_unreadable(name: str, why: str) -> str:
    return _("The authorized-keys file {name} cannot be read: {why}.").format(name=name, why=why)


def key_file_bad_line(name: str, line: int) -> str:
    return _("{name} line {line} is not an SSH public key.").format(name=name, line=line)


def key_file_empty(name: str) -> str:
    return _("{name} holds no key: no one could log in. Put a public key on each line.").format(name=name)


LEAVE_GAME_TITLE = _("Leave this game?")
LEAVE_GAME = _(
    "This puzzle was made for you and is in no file: once another puzzle takes its place, "
    "nothing can bring this game back."
)
KEEP_PLAYING = _("Keep playing")
LEAVE_IT = _("Leave it")


# Serving on the web: what a browser tab is told when the server will not start its game.
WEB_SERVER_FULL = _("The server is full: try again in a few minutes.")
WEB_TOO_MANY_CONNECTIONS = _("Too many games started from your address: try again in a minute.")
WEB_MALFORMED = _("The page sent a message the server does not understand.")
WEB_FOREIGN_ORIGIN = _("This server plays only on its own page.")


def not_an_origin(text: str) -> str:
    return _("{text!r} is not an origin (for example https://sudoku.example.org or http://127.0.0.1:8000)").format(
        text=text
    )


# Serving over SSH: what the server says of a player's connection.
TYPED_TOO_MUCH = _("Too much typed at once: some keys were dropped.")

# Players meet: names, linked keys, the daily ranking and its result card.
NAME_RULE = _("A name is 3 to 16 letters, digits, - or _.")
NAME_FOR_GUESTS = _("Names that begin with guest- are kept for guests.")
NAME_TAKEN = _("That name is taken: choose another.")
LOCAL_PLAYER_NAME = _("you")
CODE_NOT_VALID = _("That code is not valid (used or expired).")
CODE_IS_YOURS = _("That code is yours: use it from your other key.")
ALREADY_ONE_PLAYER = _("These keys are one player already.")


def unnamed_player(player: str) -> str:
    """A key's player who has not chosen a name yet: named by their id's first letters."""
    # An id more than a word (like guest-): the same in every language.
    return "player-" + "".join(letter for letter in player.removeprefix("SHA256:") if letter.isalnum())[:4]


# The result card: what solving the daily puzzle shows, to copy and share (at most 40 columns a line).
CARD_TITLE = _("Your result")
CARD_KEYS = _("y copies · Esc closes")
CARD_COPY_KEY = _("Copy")
CARD_COPIED = _("Copied (where the terminal allows OSC 52).")
CARD_PICTURE = _("Boxes in the order I completed them:")


def card_title(day: str) -> str:
    return _("Sudoku daily {day}").format(day=day)


def card_result(level: str, size: str, played: str, hints: int) -> str:
    used = _("no hints") if hints == 0 else _("1 hint") if hints == 1 else _("{hints} hints").format(hints=hints)
    return _("{level} {size} in {played}, {used}").format(level=level.capitalize(), size=size, played=played, used=used)


# The leaderboard: the day's daily ranking and the streaks, in the game and on the command line.
LEADERBOARD = _("Leaderboard")
NO_SOLVES = _("No one has solved this daily puzzle on its day yet.")
NO_STREAKS = _("No one has a daily streak now.")
STORE_NOT_READ = _("The saved games could not be read.")
SOLVES_HEADINGS = (_("Rank"), _("Name"), _("Time"), _("Hints"), _("Mistakes shown"))
STREAKS_HEADINGS = (_("Rank"), _("Name"), _("Days"))
STREAKS_TITLE = _("Daily streaks now")
LEADERBOARD_KEYS = _("←/→ date  l level  z board  ↑/↓ scroll  Tab daily or streaks")
OWN_ROW = "›"  # marks the player's own row, beside the colour


def ranking_title(day: str, level: str, board: str) -> str:
    return _("Daily puzzle {day} (UTC), {level}, {board}").format(day=day, level=level, board=board)


def not_a_date(text: str) -> str:
    return _("Not a date: {text!r} (write it as YYYY-MM-DD).").format(text=text)


def no_store_in(folder: str) -> str:
    return _("There is no store in {folder} (a server keeps it as store.sqlite3 in its --data folder).").format(
        folder=folder
    )


# Players meet, names and kept games: the name dialog, Change Name, a guest's Keep My Games.
CHANGE_NAME = _("Change Name")
KEEP_MY_GAMES = _("Keep My Games")
CHOOSE_NAME_TITLE = _("Choose your name")
NAME_ASKED = _("Other players on this server will see you by this name.")
NAME_LATER = _("Later")
NAME_OK = _("OK")
NO_MORE_CODES = _("No more codes in this game: use one you were given.")
NOT_KEPT = _("Your games cannot be kept on this server now.")
GAMES_KEPT_BY_KEY = _("Your games are your SSH key's now: play on, they are kept.")


def named(name: str) -> str:
    return _("You are {name} on this server.").format(name=name)


def keep_games_code(code: str, minutes: int) -> str:
    """What a guest who chose Keep My Games is told; the game does not know the server's address."""
    return _(
        "Your code: {code}\n\n"
        "To keep this game's puzzles, history and statistics for good, run this from a terminal "
        "with your SSH key, within {minutes} minutes and while this game is open:\n\n"
        "ssh -t <this server> link {code}\n\n"
        "Until then they are kept only while you play."
    ).format(code=code, minutes=minutes)


# SSH command words: linking keys, and the rooms of a later version.
LINK_NEEDS_KEY = _("Linking needs an SSH key: a guest keeps its games with Keep My Games in the game's palette.")
LINK_TOO_OFTEN = _("Too many link commands from this key (at most 5 in 10 minutes): try again later.")
LINK_STORE_UNAVAILABLE = _("Keys cannot be linked now: the server's store cannot be used. Try again later.")
ROOM_CODE_NEEDED = _("A room code is 6 letters and digits: ssh -t HOST join CODE, or watch CODE.")


def link_code_made(code: str, minutes: int) -> tuple[str, str]:
    """What ``ssh HOST link`` prints: the code, and how to use it from the other key."""
    return (
        _("Your link code is {code}: valid for {minutes} minutes, once.").format(code=code, minutes=minutes),
        _("From your other key, type: ssh -t HOST link {code} (HOST as you connect here).").format(code=code),
    )


def keys_linked(name: str | None) -> str:
    """What ``ssh HOST link CODE`` prints once this key is the code maker's player."""
    who = name if name is not None else _("the player of the key that made the code")
    return _("Linked: this key now plays as {who}, with every game, the history, statistics and streak.").format(
        who=who
    )


def unknown_ssh_command(word: str) -> str:
    return _(
        "Unknown command: {word}. Try ssh -t HOST [plain | race | coop | join CODE | watch CODE | link [CODE]]."
    ).format(word=word)


# Rooms in the game (w): the dialog, the room's panel, what the room says

ROOMS = _("Rooms")
ROOMS_OFF = _("Rooms are played on a server: ssh -t HOST, or the server's web page.")
ROOMS_UNREACHABLE = _("The rooms do not answer: try again in a moment.")
ROOM_CODE_PROMPT = _("Room code (6 letters and digits):")
ROOM_CODE_BAD = _("A room's code is 6 letters and digits.")
CREATE_RACE = _("Create a Race")
CREATE_COOP = _("Create a Co-op Room")
JOIN_ROOM = _("Join")
WATCH_ROOM = _("Watch")
START_RACE = _("Start Race")
ROOM_CLOSED = {
    "no-room": _("There is no room with that code."),
    "full": _("That room is full."),
    "idle": _("The room closed: nobody played for 10 minutes."),
    "server": _("The server stopped: the room closed."),
    "left": _("You left the room."),
}
ROOM_GONE = _("The connection to the room ended.")


def room_title(kind: str, code: str) -> str:
    return (_("Race {code}") if kind == "race" else _("Co-op {code}")).format(code=code)


def room_hint(kind: str, host: bool, race: str, has_puzzle: bool) -> str:
    """What the panel's last line tells the player to do next."""
    if not host:
        return _("Waiting for the host") if not has_puzzle or (kind == "race" and race == "waiting") else ""
    if not has_puzzle:
        return _("Pick a puzzle: o n r d")
    if kind == "race" and race == "waiting":
        return _("S starts the race")
    if kind == "race" and race == "over":
        return _("S: a rematch")
    return ""


# A race's end: the results dialog
RACE_RESULTS = _("Race Results")
RACE_NO_FINISH = _("Nobody finished.")
RESULTS_REMATCH = _("S: a rematch   Esc: close")
RESULTS_CLOSE = _("Esc: close")


def race_result(place: int, name: str, elapsed: str) -> str:
    """One finish in the results: place, name (plain text), time (columns: the same in every language)."""
    return f"{place:>2}. {name:<16} {elapsed:>8}"


# Rooms in the history: a room's game as the statistics list it, and coming back to a room
ROOM_GAMES_HEADING = _("Games in rooms, the last first:")
BACK_TO_ROOM_NOTE = _("You hold a seat in a room still open:")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 21st."""
    last = number % 10 if number % 100 not in (11, 12, 13) else 0
    # Each ending a sentence of its own: a language writes every ordinal its way (German: 1., 2.).
    ending = {1: _("{number}st"), 2: _("{number}nd"), 3: _("{number}rd")}.get(last, _("{number}th"))
    return ending.format(number=number)


def room_game(kind: str, others: tuple[str, ...], place: int, field: int) -> str:
    """A game of a room (names as plain text): ``co-op with bob, carol``, ``race 2nd of 3``."""
    if kind == "coop":
        return _("co-op with {names}").format(names=", ".join(others)) if others else _("co-op")
    if place:
        return _("race {place} of {field}").format(place=ordinal(place), field=field)
    return _("race of {field}, not finished").format(field=field) if field else _("race, not finished")


def room_game_line(day: str, board: str, what: str, outcome: str, elapsed: str) -> str:
    return _("{day} {board} {what}: {outcome} {elapsed}").format(
        day=day, board=board, what=what, outcome=outcome, elapsed=elapsed
    )


def back_to_room(code: str) -> str:
    return _("Back to room {code}").format(code=code)


# Your own puzzle (i, New Puzzle's Enter a Puzzle, a pasted line) and several cells at once
SEVERAL_SOLUTIONS_FOUND = _("The puzzle has several solutions.")
OWN_PUZZLE = _("Your own puzzle")
ENTER_PUZZLE = _("Enter a Puzzle")
START_ENTERED = _("Start the Puzzle")
LEAVE_ENTRY = _("Leave Entering")
GIVENS_MODE = _("GIVENS")
CHECKING_PUZZLE = _("Checking the puzzle…")
ENTRY_NO_MARKS = _("Typed values are the puzzle's givens: no pencil marks here.")


# The status line while a puzzle is typed in (short: the cell, the mode and the clock share the line).
ENTERING = _("Type the givens: ctrl+s starts, Esc goes back.")
ENTRY_BAR = _("(the game in play waits)")  # the puzzle bar, whose number is the waiting game's


def own_range(shape: str) -> str:
    return _("(your own puzzle, {shape})").format(shape=shape)


def own_title(shape: str, level: str | None) -> str:
    """The Header's subtitle for the player's own puzzle, with its level once graded."""
    if level:
        return _("Your own {shape} puzzle, {level}").format(shape=shape, level=level)
    return _("Your own {shape} puzzle").format(shape=shape)


NOT_A_PUZZLE = _("The pasted text is not a puzzle")


def not_a_puzzle_length(cells: int) -> str:
    """A paste that is not a puzzle line: how many cells it had."""
    return _("{not_a_puzzle}: {cells} cells, where a puzzle has 16, 81 or 256.").format(
        not_a_puzzle=NOT_A_PUZZLE, cells=cells
    )


def not_a_puzzle_character(character: str) -> str:
    return _("{not_a_puzzle}: {character!r} is no value of a cell.").format(
        not_a_puzzle=NOT_A_PUZZLE, character=character
    )


# Everyday play: the hint area, and what a new player tripped on
NOTE_CLOSES = _("Esc closes")
CLOSE_NOTE = _("Close Note")
CLOSE_NOTE_TIP = _("close the note a hint or message left on screen")
HINT_TITLE = _("Hint")
PROGRESS_TITLE = _("Check my progress")


def practice_puzzle(technique: str) -> str:
    """A saved practice game, for the offer to resume it."""
    return _("A {technique} practice puzzle").format(technique=technique)


def practice_title(shape: str, technique: str) -> str:
    """The Header of a practice game, new or resumed."""
    return _("{shape} {technique} practice puzzle").format(shape=shape, technique=technique)


def daily_title(day: str, level: str, shape: str) -> str:
    """The Header of the daily puzzle: its date and level."""
    return _("The daily {level} {shape} puzzle of {day}").format(level=level, shape=shape, day=day)


# Translators: at most 4 letters, over the digit counts: how many of each value are left to place.
COUNTS_HEADING = _("Left")

# Colours and themes: colour mode's name on the status line; the themes the game adds.
COLOUR_MODE = _("COLOUR")


def mode(pencil: bool, colouring: bool) -> str:
    """The status line's mode: colour mode over pencil mode (value keys paint while it is on)."""
    return COLOUR_MODE if colouring else PENCIL_MODE if pencil else VALUES_MODE


# Statistics: the chart of one solve, and the screen's own words
def one_solve_so_far(time: str) -> str:
    """The Statistics screen with a single solve: its time, and what the chart will become."""
    return _("One solve so far, in {time}: the chart grows as you play.").format(time=time)


def one_solve_bar(time: str, board: str, level: str | None, day: str) -> str:
    """Beside the single bar: the solve's time, board, level (when known) and date."""
    if level:
        return _("{time}  {board} {level}, {day}").format(time=time, board=board, level=level, day=day)
    return _("{time}  {board}, {day}").format(time=time, board=board, day=day)


STATS_NOT_SAVED = _("Your games are not being saved: these figures are this run's alone.")
NO_GAMES_YET = _("No games yet.")
NO_SOLVE_YET = _("No puzzle solved yet: solve one and its time shows here.")
# Translators: the Statistics table's headings (Board and Level are the leaderboard's); short columns.
STARTED = _("Started")
SOLVED_COLUMN = _("Solved")
BEST = _("Best")
MEDIAN = _("Median")


def streak_line(current: int, longest: int) -> str:
    """The daily streak, now and at its longest, in the Statistics screen and ``stats``."""
    if longest == 1:
        return _("Daily puzzle streak: {current} now, longest {longest} day.").format(current=current, longest=longest)
    return _("Daily puzzle streak: {current} now, longest {longest} days.").format(current=current, longest=longest)


def recent_solves(count: int, first: str, last: str, best: str) -> str:
    return _("Last {count} solves, oldest first: {first} … {last} (best {best})").format(
        count=count, first=first, last=last, best=best
    )


def statistics_heading(player: str, day: str) -> str:
    """``sudoku-tui stats``'s first line."""
    return _("Statistics of {player} on {day} (UTC)").format(player=player, day=day)


def recent_solve_times(times: str) -> str:
    return _("Recent solve times: {times}").format(times=times)


def entries_skipped(count: int) -> str:
    return _("{count} saved entries could not be read and were left out.").format(count=count)


def mistakes_played(shown: int, started: int) -> str:
    """How many of the games started were played with show mistakes on."""
    if started == 1:
        return _("Played with show mistakes on: {shown} of {started} game.").format(shown=shown, started=started)
    return _("Played with show mistakes on: {shown} of {started} games.").format(shown=shown, started=started)


# A game's outcome as the history and the rooms' games say it (the store keeps the English word).
OUTCOMES = {"solved": _("solved"), "filled": _("filled"), "abandoned": _("abandoned")}


def outcome(word: str) -> str:
    return OUTCOMES.get(word, word)


# The names of the houses, as the plain mode reads them and the replay says where a step was
# (the engine names them in English: ``row 4``, ``box 3``).
HOUSE_NAMES = {
    "row": _("row {number}"),
    "column": _("column {number}"),
    "box": _("box {number}"),
    "region": _("region {number}"),
    "diagonal": _("diagonal {number}"),
    "window": _("window {number}"),
}


def house_name(word: str, number: int) -> str:
    """``row 4``: a house by its kind (or label) and its number from 1."""
    return HOUSE_NAMES.get(word, word + " {number}").format(number=number)


# The replay screen
REPLAY = _("Replay")
REPLAY_TIP = _("play the game again move by move, each move with the step that justified it")
REPLAY_CHOSEN = _("Replay a Game")
REPLAY_CHOSEN_TIP = _("replay the game chosen in the history")
HISTORY_HEADING = _("Your last games (↑ ↓ choose, R replays):")
LABELLING = _("labelling…")
LABELS_FAILED = _("no labels: they could not be worked out")
REPLAY_AT_START = _("The start: no move yet. → steps forward, space plays.")
REPLAY_EMPTY = _("No move of this game was recorded: there is nothing to replay.")
REPLAY_NO_GAME = _("That game is not in your games any more: it cannot be replayed.")
LONGEST_WAITS_HEADING = _("Longest waits (w goes to each)")
REPLAY_BACK = _("Back to the Game")
# The replay's keys: their names in F1 and the palette, what they do, and the Footer's short words.
REPLAY_HELP_TIP = _("every key of the replay with what it does")
REPLAY_BACK_TIP = _("leave the replay: the game is as it was")
# Translators: the Footer's words of the replay: each at most 7 letters (nine keys share 80 columns).
BACK_KEY = _("Back")
PREVIOUS_KEY = _("Prev")
NEXT_KEY = _("Next")
PLAY_KEY = _("Play")
FASTER_KEY = _("Faster")
SLOWER_KEY = _("Slower")
WAIT_KEY = _("Wait")
PREVIOUS_MOVE = _("Previous Move")
PREVIOUS_MOVE_TIP = _("step back one move")
NEXT_MOVE = _("Next Move")
NEXT_MOVE_TIP = _("step forward one move")
PLAY_OR_PAUSE = _("Play or Pause")
PLAY_OR_PAUSE_TIP = _("play the moves at the game's pace times the speed")
FASTER = _("Faster")
FASTER_TIP = _("play at twice the speed (up to 16x)")
SLOWER = _("Slower")
SLOWER_TIP = _("play at half the speed (down to 1x)")
NEXT_WAIT = _("Next Long Wait")
NEXT_WAIT_TIP = _("the board before the move after each long wait")
TO_START = _("To the Start")
TO_START_TIP = _("the board before the first move")
TO_END = _("To the End")
TO_END_TIP = _("the board after the last move")
# What each kind of move did, after the cell's name (a move with no cell stands alone).
# "= {value}" is a symbol, the same in every language.
# Translators: short (the list gives what a move did 12 columns).
MOVE_WORDS = {
    "value": "= {value}",
    "clear": _("cleared"),
    "mark": _("+mark {value}"),
    "unmark": _("-mark {value}"),
    "colour": _("colour {value}"),
    "hint": _("hint = {value}"),
    "undo": _("undo"),
    "redo": _("redo"),
    "solve": _("Solve"),
}
MOVE_NO_VALUE = {"colour": _("colour off"), "hint": _("hint")}  # a colour or hint move with value 0
# A move's label is a technique's name (English, as the engine names it), or one of these words.
MOVE_LABELS = {"guess": _("guess"), "mistake": _("mistake")}


def move_label(label: str) -> str:
    return MOVE_LABELS.get(label, label)


def replay_title(name: str) -> str:
    """The replay screen's Header: which game."""
    return _("Replay: {name}").format(name=name)


def played_game(day: str, board: str, level: str | None, outcome: str, elapsed: str) -> str:
    """A game of the history, as the Statistics screen lists it to choose one to replay
    (columns, the same in every language; the outcome is said in the player's)."""
    return f"{day}  {board} {level or ''}".rstrip() + f"  {OUTCOMES.get(outcome, outcome)}  {elapsed}"


def played_name(day: str, board: str, level: str | None) -> str:
    """A game of the history in the replay's Header."""
    if level:
        return _("{board} {level} game of {day}").format(board=board, level=level, day=day)
    return _("{board} game of {day}").format(board=board, day=day)


def move_done(shape: Shape, kind: str, cell: int, value: int) -> str:
    """``r3c5 = 7``: what one move did, where (the cell's name and the layout are the same in every language)."""
    words = MOVE_NO_VALUE[kind] if kind in MOVE_NO_VALUE and not value else MOVE_WORDS[kind]
    text = words.format(value=shape.symbol(value) if kind != "colour" else value) if value else words
    return f"{shape.cell_name(cell)} {text}" if 0 <= cell < shape.size else text


def move_line(number: int, at_ms: int, done: str, label: str, took_ms: int) -> str:
    """The current move: ``Move 12 · 1:03 · r3c5 = 7 · Hidden Single (took 0:14)``."""
    at, took = format_elapsed(at_ms / 1000), format_elapsed(took_ms / 1000)
    if label:
        return _("Move {number} · {at} · {done} · {label} (took {took})").format(
            number=number, at=at, done=done, label=label, took=took
        )
    return _("Move {number} · {at} · {done} (took {took})").format(number=number, at=at, done=done, took=took)


def an(name: str) -> str:
    """``a Naked Pair``, ``an X-Wing``: a technique's name with its article (English picks it by
    the name's sound; another language says both its own way)."""
    if name[:1] in "AEIOX":
        return _("an {technique}").format(technique=name)
    return _("a {technique}").format(technique=name)


def step_seen(shape: Shape, technique: str, houses: Sequence[int], cells: Sequence[int]) -> str:
    """``a Naked Pair in row 5``: a step that was there to see, and where."""
    if houses:
        house = shape.houses[houses[0]]
        where = house_name(house.label or house.kind, house.number + 1)
        return _("{step} in {house}").format(step=an(technique), house=where)
    if cells:
        return _("{step} at {cell}").format(step=an(technique), cell=shape.cell_name(cells[0]))
    return an(technique)


def wait_line(waited_ms: int, before: str, seen: str | None) -> str:
    """A long wait: how long, before which move, and what was there to see (None: not known yet)."""
    waited = format_elapsed(waited_ms / 1000)
    if seen is None:
        return _("You waited {waited} before {before}; labelling…").format(waited=waited, before=before)
    if seen:
        return _("You waited {waited} before {before}; {seen} was there to see").format(
            waited=waited, before=before, seen=seen
        )
    return _("You waited {waited} before {before}; no step of the table was there to see").format(
        waited=waited, before=before
    )


def playback(playing: bool, speed: int, index: int, count: int) -> str:
    """The replay's status line: playing or paused, the speed, the place among the moves."""
    if playing:
        return _("▶ Playing at {speed}x · move {index} of {count}").format(speed=speed, index=index, count=count)
    return _("Paused at {speed}x · move {index} of {count}").format(speed=speed, index=index, count=count)


# The plain mode: the game as lines of text (sudoku-tui --plain, ssh -t HOST plain), for
# screen readers and Braille displays. Short, and each ends with a full stop. The commands the
# player types (help, read row 4, verbose terse, the levels) are English words in every
# language, like keys: only the answers are translated.
PLAIN_WELCOME = _("Sudoku in plain text. Type help for the commands, quit to leave.")
PLAIN_NO_PUZZLE = _("No puzzle yet: type open FILE, new medium or daily.")
PLAIN_GOODBYE = _("Your game is saved. Goodbye.")
PLAIN_WORKING = _("Working… (Ctrl+C stops it)")
PLAIN_STOPPED = _("Stopped: nothing changed.")
PLAIN_PAUSED = _("The game is paused: type pause to go on.")
PLAIN_GOING_ON = _("The clock runs again.")
PLAIN_NOTHING_TO_UNDO = _("Nothing to undo.")
PLAIN_NOTHING_TO_REDO = _("Nothing to redo.")
PLAIN_GIVEN = _("That cell is a given: it cannot change.")
PLAIN_NO_FILE = _("No puzzle file is open: type open FILE.")
PLAIN_NO_GAME = _("No puzzle is in play.")
PLAIN_NO_SAVED_GAME = _("There is no saved game to resume.")
PLAIN_NO_CONFLICTS = _("No value repeats in a row, column or box.")
PLAIN_NO_MISTAKES = _("No wrong entries.")
PLAIN_NO_LAST_FOLDER = _("No puzzle files there.")
PLAIN_FILLED_MARKS = _("Every empty cell's marks are filled in.")


def plain_hint_named(name: str) -> str:
    """A hint's first answer in the plain mode, where hint is typed again (there is no ? key)."""
    return _("Hint: {name} (type hint again to see where)").format(name=name)


PLAIN_NOT_FULL = _("Not every cell is filled yet.")
PLAIN_SOLVED_BY_SOLVE = _("Solved: the board shows the solution.")
PLAIN_NO_ROOMS = _("Rooms are played in the full-screen game: ssh -t HOST, without plain.")
PLAIN_KEEP_PLAYING = _("Kept playing.")
PLAIN_LEAVE_ASK = _("Type yes to leave it, anything else to keep playing.")
PLAIN_OPEN_USAGE = _("Type open and a file's name, for example open 9x9-easy.txt.")
PLAIN_ENTER_USAGE = _("Type enter and the puzzle's line: 16, 81 or 256 cells, 0 or . for an empty one.")
PLAIN_HELP_HEADING = _("Commands (help and a command's name says more):")
PLAIN_VERBOSE_WORDS = ("terse", "normal", "full")  # typed after verbose: command words, not translated
PLAIN_NEW_WORDS = _("a size, a level or a symmetry (help new)")
PLAIN_PRACTICE_WORDS = _("the techniques practice lists")
# Translators: the command words (colour, verbose, terse, normal, full) stay English: the player types them.
PLAIN_COLOUR_USAGE = _("colour N, N from 0 to 6")
PLAIN_VERBOSE_USAGE = _("verbose 0, 1 or 2 (terse, normal or full)")
# How each command is typed, where that is more than its word: the command words stay English, the
# capitals name what the player types in its place (they may be translated).
PLAIN_USAGES = {
    "help": _("help [COMMAND]"),
    "go": _("r4c7 [VALUE], or go r4c7"),
    "enter": _("a value, or enter VALUE"),
    "clear": _("clear, 0 or ."),
    "read": "read [row N|column N|box N|board]",  # command words only
    "mark": _("mark VALUE..."),
    "mistakes": "mistakes [on|off]",  # command words only
    "find": _("find VALUE"),
    "colour": _("colour N"),
    "open": _("open FILE"),
    "new": _("new [SIZE] [LEVEL] [SYMMETRY]"),
    "practice": _("practice [TECHNIQUE]"),
    "daily": _("daily [LEVEL]"),
    "puzzle": _("puzzle N"),
    "own": _("own LINE"),
    "verbose": "verbose [0|1|2|terse|normal|full]",  # command words only
}
# What each command does, as help says it (a phrase: help adds the capital and the full stop).
PLAIN_HELP = {
    "help": _("the commands, or what one does"),
    "quit": _("save the game and leave"),
    "go": _("go to a cell and read it (with a value: enter it there)"),
    "up": _("go one cell up and read it"),
    "down": _("go one cell down and read it"),
    "left": _("go one cell left and read it"),
    "right": _("go one cell right and read it"),
    "enter": _("enter a value in the cell (in pencil mode: toggle its mark)"),
    "clear": _("empty the cell"),
    "read": _("read the cell, a row, a column, a box or the board"),
    "board": _("read every row of the board"),
    "marks": _("read the cell's pencil marks"),
    "mark": _("put a pencil mark on the cell, or take it off"),
    "pencil": _("pencil mode on or off: values then toggle marks"),
    "fill": _("fill every empty cell's pencil marks"),
    "possible": _("the values the rules allow in the cell"),
    "undo": _("undo the last change"),
    "redo": _("redo what was undone"),
    "hint": _("the next logical step: its name, then where and why, then applied"),
    "progress": _("whether the entries so far are right"),
    "check": _("whether the filled board is solved"),
    "solve": _("fill the board with the solution"),
    "mistakes": _("show mistakes on or off, and the wrong entries"),
    "counts": _("how many of each value are left to place"),
    "find": _("where a value is placed and where it is marked"),
    "conflicts": _("the cells whose value repeats in a house"),
    "colour": _("paint the cell with colour 1 to 6, or 0 to take it off"),
    "open": _("open a puzzle file (open alone lists the files)"),
    "files": _("the puzzle files you may open"),
    "new": _("make a new puzzle, for example new medium or new 16x16 hard"),
    "practice": _("a 9x9 puzzle that needs a technique (alone: the list)"),
    "daily": _("today's daily puzzle, the same for everyone (UTC)"),
    "puzzle": _("show puzzle N of the file"),
    "next": _("the next puzzle of the file"),
    "previous": _("the previous puzzle of the file"),
    "random": _("a random puzzle of the file"),
    "own": _("play a puzzle you type or paste as one line"),
    "resume": _("play your saved game on"),
    "pause": _("stop the clock (the board is hidden), or go on"),
    "time": _("the time played"),
    "where": _("the puzzle in play, the cell and the time"),
    "stats": _("your games, best times and the daily streak"),
    "leaderboard": _("today's daily puzzle's ranking"),
    "rooms": _("rooms are played in the full-screen game"),
    "verbose": _("how much each answer says (kept)"),
}
# What an undo or redo took back or made again (a move's English name, as the game keeps it).
MOVE_NAMES = {
    "Enter": _("Enter"),
    "Clear": _("Clear"),
    "Pencil mark": _("Pencil mark"),
    "Colour": _("Colour"),
    "Remove colour": _("Remove colour"),
    "Auto candidates": _("Auto candidates"),
    "Show the puzzle": _("Show the puzzle"),
    "Solve": _("Solve"),
    "Hint": HINT,
}


def move_name(name: str) -> str:
    """A move's name in the player's language; a hint's keeps its technique (``Hint: X-Wing``)."""
    technique = name.removeprefix("Hint: ")
    if technique != name:
        return _("Hint: {technique}").format(technique=technique)
    return MOVE_NAMES.get(name, name)


def plain_unknown(word: str) -> str:
    return _("Unknown command {word}. Type help for the commands.").format(word=word)


def plain_usage(usage: str) -> str:
    return _("Usage: {usage}.").format(usage=usage)


def plain_failed(error: object) -> str:
    return _("That did not work: {error}. The game goes on.").format(error=error)


def plain_saved_offer(description: str) -> str:
    return _("Saved game: {description} Type resume to play it on.").format(description=description)


def plain_cell(name: str, parts: Sequence[str]) -> str:
    """``r4c7, empty, possible 2 5 8.``: the cell's name and what it holds, each part after a comma
    (punctuation, the same in every language)."""
    return ", ".join([name, *parts]) + "."


PLAIN_EMPTY = _("empty")
PLAIN_GIVEN_WORD = _("given")
PLAIN_WRONG_WORD = _("wrong")
PLAIN_NOTHING_FITS = _("nothing fits")


def plain_possible(values: str) -> str:
    return _("possible {values}").format(values=values)


def plain_marks(marks: str) -> str:
    return _("marks {marks}").format(marks=marks) if marks else _("no marks")


def plain_repeats(house: str) -> str:
    return _("repeats in {house}").format(house=house)


def plain_colour(colour: int) -> str:
    return _("colour {colour}").format(colour=colour)


def plain_house(name: str, cells: str, missing: str) -> str:
    """``Row 4: 5, 3, empty. Missing 1 2 4.``"""
    house = f"{name[:1].upper()}{name[1:]}"
    if missing:
        return _("{house}: {cells}. Missing {missing}.").format(house=house, cells=cells, missing=missing)
    return _("{house}: {cells}.").format(house=house, cells=cells)


def plain_no_house(kind: str, number: str, count: int) -> str:
    """``kind``: the word typed (row, column, box, or another house word of the board)."""
    said = {
        "row": _("There is no row {number}: the board has rows 1 to {count}."),
        "column": _("There is no column {number}: the board has columns 1 to {count}."),
        "box": _("There is no box {number}: the board has boxes 1 to {count}."),
    }.get(kind, _("There is no {kind} {number}: the board has {kind}s 1 to {count}."))
    return said.format(kind=kind, number=number, count=count)


def plain_puzzle(where: str, shape: str, empty: int) -> str:
    return _("{where}, {shape}: {empty} empty cells.").format(where=where, shape=shape, empty=empty)


def plain_number(number: int, last: int) -> str:
    return _("Puzzle {number}, of 0 to {last}.").format(number=number, last=last)


def plain_mode(pencil: bool) -> str:
    return _("Pencil mode on: values toggle marks.") if pencil else _("Pencil mode off: values are entered.")


def plain_verbose(level: int) -> str:
    return _("Verbose {level}, {word}.").format(level=level, word=PLAIN_VERBOSE_WORDS[level])


def plain_counts(parts: Sequence[str]) -> str:
    return _("Left to place: {counts}.").format(counts=", ".join(parts))


def plain_count(symbol: str, left: int, verbose: int) -> str:
    if verbose == 0:
        return f"{symbol}:{left}"  # terse: a symbol and a figure, the same in every language
    if left == 0:
        return _("{symbol} done").format(symbol=symbol)
    return _("{symbol} {left} left").format(symbol=symbol, left=left)


def plain_found(symbol: str, placed: str, marked: str) -> str:
    if placed:
        said = _("{symbol} is in {placed}").format(symbol=symbol, placed=placed)
    else:
        said = _("{symbol} is placed nowhere").format(symbol=symbol)
    return _("{said}; marked in {marked}.").format(said=said, marked=marked) if marked else f"{said}."


def plain_conflicts(cells: str) -> str:
    return _("Values repeat in {cells}.").format(cells=cells)


def plain_mistakes(cells: str) -> str:
    return _("Wrong entries: {cells}.").format(cells=cells)


def plain_undone(name: str) -> str:
    return _("Undone: {name}.").format(name=move_name(name))


def plain_redone(name: str) -> str:
    return _("Redone: {name}.").format(name=move_name(name))


def plain_empty_left(count: int) -> str:
    return _("{count} empty cells left.").format(count=count) if count != 1 else _("1 empty cell left.")


def plain_not_value(text: str, shape: str) -> str:
    return _("{text} is no value of a {shape} board.").format(text=text, shape=shape)


def plain_no_cell(text: str) -> str:
    return _("There is no cell {text} on this board.").format(text=text)


def plain_files(names: str) -> str:
    return _("Puzzle files: {names}.").format(names=names)


def plain_not_a_word(word: str, choices: str) -> str:
    return _("{word} is not one of {choices}.").format(word=word, choices=choices)


def plain_making(what: str) -> str:
    """``what``: the puzzle asked for (``hard 9x9``), English words as the player typed them."""
    if what[:1] in "aeiou":
        return _("Making an {what} puzzle.").format(what=what)
    return _("Making a {what} puzzle.").format(what=what)


def plain_techniques(names: str) -> str:
    return _("Techniques to practise: {names}.").format(names=names)


def plain_time(played: str, paused: bool, solved: bool) -> str:
    if paused:
        return _("Time played: {played}, paused.").format(played=played)
    if solved:
        return _("Time played: {played}, solved.").format(played=played)
    return _("Time played: {played}.").format(played=played)


def plain_where(puzzle: str, cell: str, time: str) -> str:
    return _("{puzzle} You are at {cell}. {time}").format(puzzle=puzzle, cell=cell, time=time)


PLAIN_MADE = _("A puzzle made for you")


# A file path the player typed (the Open dialog, the plain mode's open), and why it cannot be opened.
PATH_NAME_TOO_LONG = _("That path is too long: a name in it is over 255 characters.")
PATH_TOO_LONG = _("That path is too long for this system.")
OUTSIDE_FOLDERS = _("This server opens puzzle files only from its own puzzle folders.")
TYPE_A_PATH = _("Type a file path, or pick a file in the tree.")


def path_not_permitted(name: str) -> str:
    return _("{name} cannot be read: permission denied.").format(name=name)


def no_such_file(name: str) -> str:
    return _("There is no file {name}.").format(name=name)


def path_not_opened(name: str, why: object) -> str:
    """``why``: the system's own words."""
    return _("{name} cannot be opened: {why}.").format(name=name, why=why)


def no_home_folder(name: str) -> str:
    return _("{name} names no user's home folder on this machine.").format(name=name)


# The screens' words: the keys as the Footer, the palette and F1 name them; buttons; dialogs' titles.
QUIT = _("Quit")
CLOSE = _("Close")
CANCEL = _("Cancel")
OTHER_BUTTON = _("Other button")
NOT_AVAILABLE_NOW = _("Not available now.")
HELP = _("Help")
HELP_TIP = _("every key with what it does")
OPEN_KEY = _("Open")
OPEN_TIP = _("choose a puzzle file to play")
NEW_KEY = _("New")
NEW_TIP = _("make a puzzle: size, difficulty, symmetry")
STOP_MAKING = _("Stop Making")
STOP_MAKING_TIP = _("stop making the new puzzle")
RANDOM_KEY = _("Random")
RANDOM_TIP = _("show a random puzzle of the file")
SOLVE_KEY = _("Solve")
SOLVE_TIP = _("fill the board with the solution")
CHECK_KEY = _("Check")
CHECK_TIP = _("say whether the filled board is solved")
HINT_TIP = _("the next logical step: its name, then where, then applied")
CHECK_PROGRESS_TIP = _("say whether the entries so far are right")
SHOW_MISTAKES_TIP = _("mark entries that differ from the solution, or stop")
DAILY_TIP = _("today's daily puzzle, the same for everyone (UTC)")
ENTER_PUZZLE_TIP = _("type in a puzzle (or paste its line): values are givens")
START_ENTERED_TIP = _("play the puzzle typed in, once its solutions are counted")
LEAVE_ENTRY_TIP = _("back to the game in play, without the puzzle typed in")
STATISTICS_TIP = _("games, best times, the daily streak, recent solves")
LEADERBOARD_TIP = _("the daily puzzle's ranking by date and level, and the streaks")
NUMBER_KEY = _("Number")
CHOOSE_NUMBER_TIP = _("type the number of a puzzle")
PREVIOUS_PUZZLE_TIP = _("show the previous puzzle of the file")
NEXT_PUZZLE_TIP = _("show the next puzzle of the file")
ROOMS_TIP = _("race, play one board together, or watch, by a room's code")
START_RACE_TIP = _("the host starts the room's race (or a rematch after its end)")
PAUSE = _("Pause")
PAUSE_TIP = _("stop the clock and hide the board, or go on")
# The board's keys (out of the Footer: F1 and the palette list them).
PENCIL_MODE_ACTION = _("Pencil Mode")
PENCIL_MODE_TIP = _("while it is on, value keys add or remove marks")
COLOUR_MODE_ACTION = _("Colour Mode")
COLOUR_MODE_TIP = _("while it is on, 1-6 paint the cell, 0 takes the paint off")
FILL_CANDIDATES = _("Fill Candidates")
FILL_CANDIDATES_TIP = _("fill every empty cell's marks")
POSSIBLE_VALUES = _("Possible Values")
POSSIBLE_VALUES_TIP = _("show the possible values of the cell")
HIGHLIGHTING = _("Highlighting")
HIGHLIGHTING_TIP = _("the cursor's houses, its value and conflicts, on or off")
HIGHLIGHT_VALUE = _("Highlight a Value")
HIGHLIGHT_VALUE_TIP = _("press f, then a value: it shows everywhere (f again: off)")
UNDO = _("Undo")
UNDO_TIP = _("undo the last change")
REDO = _("Redo")
REDO_TIP = _("redo what was undone")
# F1's list of keys.
KEYS_TITLE = _("Keys")
KEYS_SCROLL = _("↑ ↓ scroll · Esc closes")
DIRECTIONS = {"up": _("up"), "down": _("down"), "left": _("left"), "right": _("right")}
MOVE_KEYS = _("Move the cursor ({directions}); the mouse selects a cell too")
SELECT_KEYS = _("Select a rectangle of cells: a value, a clear or a mark then acts on each")
VALUE_KEYS = _("Enter that value; in pencil mode, add or remove that mark")
CLEAR_KEYS = _("Clear the cell")
PALETTE_KEY = _("Command palette: every action by name")
# The dialogs: opening a file, resuming a game, the puzzle number box, the leaderboard's keys.
OPEN_KEYS = _("Enter opens · Tab moves · Esc cancels")
FILE_PATH = _("File path:")
RESUME_TITLE = _("Resume your last game?")
RESUME = _("Resume")
NOT_NOW = _("Not now")
BACK_TO_BOARD = _("Back to board")
SHOW_PUZZLE = _("Show puzzle")
PUZZLE_LABEL = _("Puzzle")
EARLIER = _("Earlier")
LATER = _("Later")
LEVEL = _("Level")
BOARD = _("Board")
STREAKS = _("Streaks")
RACE_OVER = _("Race over")
CHANGE_NAME_TIP = _("The name other players see you by")
# New Puzzle's dialog.
NEXT_OPTION = _("Next option")
PREVIOUS_OPTION = _("Previous option")
CHOOSE = _("Choose")
START_KEY = _("Start")
NEW_PUZZLE_KEYS = _("↑↓ choose · Tab next · Enter starts · Esc cancels")
SIZE = _("Size")
DIFFICULTY = _("Difficulty")
SYMMETRY = _("Symmetry")
PRACTISE = _("Practise a technique:")
NO_TECHNIQUE = _("none (a puzzle at the level)")
TODAYS_DAILY = _("Today's Daily")
NEW_ENTER_TIP = _("An empty board of this size: the values you type are the givens; ctrl+s starts it.")
NEW_DAILY_TIP = _("The same puzzle for everyone today (UTC), at this size and level; solving it keeps your streak.")
# Textual's own commands in the palette, and its search box, by their English titles.
TEXTUAL_COMMANDS = {
    "Theme": _("Theme"),
    "Change the current theme": _("Change the current theme"),
    "Quit": QUIT,
    "Quit the application as soon as possible": _("Quit the application as soon as possible"),
    "Keys": KEYS_TITLE,
    "Hide the keys and widget help panel": _("Hide the keys and widget help panel"),
    "Show help for the focused widget and a summary of available keys": _(
        "Show help for the focused widget and a summary of available keys"
    ),
    "Minimize": _("Minimize"),
    "Minimize the widget and restore to normal size": _("Minimize the widget and restore to normal size"),
    "Maximize": _("Maximize"),
    "Maximize the focused widget": _("Maximize the focused widget"),
    "Screenshot": _("Screenshot"),
    "Save an SVG 'screenshot' of the current screen": _("Save an SVG 'screenshot' of the current screen"),
}
SEARCH_COMMANDS = _("Search for commands…")
PALETTE = _("palette")
PALETTE_TIP = _("Open the command palette")
SEARCH_THEMES = _("Search for themes…")

KEEP_MY_GAMES_TIP = _("A code that gives this game's puzzles to your SSH key")

# Languages: the palette's Language, a served player's setting.
LANGUAGE = _("Language")
LANGUAGE_TIP = _("the language the game speaks to you, from your next game on")
SEARCH_LANGUAGES = _("Search for languages…")
TERMINAL_LANGUAGE = _("As my terminal asks")


def language_chosen(language: str) -> str:
    """Said once a served player chose a language: the game in play keeps its own."""
    return _("{language}: your next game speaks it (this one keeps its language).").format(language=language)


# The ghost on the daily: a served daily raced against the day's fastest solve (docs/replays.md).
RACE_GHOST = _("Race the Ghost")
RACE_GHOST_TIP = _("race the fastest solve of this daily on the server: its count of cells filled, beside yours")
# Translators: the heading of the ghost race's panel beside the board (at most 22 letters).
GHOST_HEADING = _("Ghost race")
# Translators: the labels of the two counts of cells filled in the ghost race (at most 14 letters).
GHOST_YOU = _("You")
GHOST = _("Ghost")


def ghost_offer(name: str, played: str) -> str:
    """Said as a served daily starts, when someone solved it already today."""
    return _("The fastest solve of this daily, {name}'s in {played}, can race you as a ghost: press G.").format(
        name=name, played=played
    )


def own_ghost_offer(played: str) -> str:
    """Said as a served daily starts, when the player's own earlier solve is the only one."""
    return _("Your own solve of this daily, in {played}, can race you as a ghost: press G.").format(played=played)


def ghost_whose(name: str, played: str) -> str:
    """The panel's last line: whose solve the ghost is, and its time."""
    return _("{name}, {played}").format(name=name, played=played)


# The command line
PREPARING = _("Preparing the solver (first run only)…")
INTERRUPTED = _("Interrupted.")
NEEDS_TERMINAL = _("sudoku-tui needs a terminal: run it in one, without redirecting its input or output.")
STUCK = _("Stuck: no logical step found")
CANON_SQUARE_ONLY = _("Canonical forms are for square boards (4x4, 9x9, 16x16); this file holds Samurai puzzles.")
# minimal's verdicts, one line a puzzle.
MINIMAL = _("minimal")
SEVERAL_SOLUTIONS = _("several solutions")
NO_SOLUTION_VERDICT = _("no solution")


def unknown_command(words: Sequence[str]) -> str:
    return _("unknown command or extra arguments: {words}").format(words=" ".join(words))


def not_a_whole_number(text: str) -> str:
    return _("{text!r} is not a whole number").format(text=text)


def at_least_one(value: int) -> str:
    return _("{value} must be at least 1").format(value=value)


def too_large(value: int, most: int) -> str:
    return _("{value} is too large (at most {most})").format(value=value, most=most)


def puzzle_index_out_of_range(index: int, count: int) -> str:
    """For ``--index``, which counts the file's puzzles from 0."""
    return _("Puzzle index {index} is out of range: the file has {count} (0 to {last}).").format(
        index=index, count=count, last=count - 1
    )


def needs_textual(error: ImportError) -> str:
    return _("The game needs Textual: {error}").format(error=error)


def output_failed(reason: str) -> str:
    return _("sudoku-tui stopped: the output could not be written ({reason}).").format(reason=reason)


def needs_extra(command: str, extra: str, module: str, install: str) -> str:
    """``install``: the pip command that adds the extra to the game as it was installed."""
    return _("{command} needs the {extra} extra ({install}): {module} is missing.").format(
        command=command, extra=extra, install=install, module=module
    )


def needs_authors_extra(command: str, module: str, install: str) -> str:
    return needs_extra(command, "authors", module, install)


def cannot_draw(missing: str, board: str) -> str:
    return _("export cannot draw the {missing} of {board} puzzles yet, and without them they cannot be solved.").format(
        missing=missing, board=board
    )


def canon_classic_only(board: str) -> str:
    return _("Canonical forms are for classic boards; this file holds {board} puzzles.").format(board=board)


def no_canonical_form(error: str) -> str:
    return _("no canonical form: {error}").format(error=error)


def dedupe_count(kept: int, read: int) -> str:
    return _("{kept} of {read} puzzles kept, {left_out} equivalent repeats left out.").format(
        kept=kept, read=read, left_out=read - kept
    )


def not_minimal(redundant: Sequence[str]) -> str:
    return _("not minimal: {givens}").format(givens=" ".join(redundant))


def grade_line(level: str, score: int) -> str:
    """explain's last line on a puzzle logic solves."""
    return _("Grade: {level} (score {score})").format(level=level, score=score)


def booklet_written(count: int, path: str) -> str:
    return _("{count} puzzles written to {path}").format(count=count, path=printable(path))


def convert_square_only(to: str) -> str:
    return _("--to {to} is written for square boards; this file holds Samurai puzzles (use --to line).").format(to=to)


def exchange_classic_only(board: str) -> str:
    return _("The exchange formats hold classic puzzles; this file holds {board} puzzles.").format(board=board)


def not_listen_address(text: str) -> str:
    return _("{text!r} is not ADDR:PORT (for example 127.0.0.1:2222)").format(text=text)


def not_a_port(number: int) -> str:
    return _("{number} is not a port (0 to 65535)").format(number=number)


def not_seconds(text: str) -> str:
    return _("{text!r} is not a number of seconds").format(text=text)


def not_more_than_zero_seconds(text: str) -> str:
    return _("{text} must be more than 0 seconds").format(text=text)


def not_a_folder(text: str) -> str:
    return _("{text} is not a folder").format(text=text)


# The command line: sudoku-tui replay (docs/replays.md), and the labels it works out.
REPLAY_NO_SOLUTION = _("The puzzle of this game has no solution: its moves cannot be judged.")
REPLAY_NO_FINISHED_GAME = _("No finished game to replay yet: finish one, or name a game in progress.")
REPLAY_WAITS_HEADING = _("Longest waits:")
REPLAY_NO_MOVES = _("No moves were recorded in this game (it was played before moves were recorded).")
REPLAY_NOTHING_TO_SEE = _("no step")
# Translators: a move's kind, in a column of 7 letters (a longer word pushes the line on).
MOVE_KINDS = {
    "value": _("value"),
    "clear": _("clear"),
    "mark": _("mark"),
    "unmark": _("unmark"),
    "colour": _("colour"),
    "hint": _("hint"),
    "undo": _("undo"),
    "redo": _("redo"),
    "solve": _("solve"),
}


def replay_unknown_game(game_id: str) -> str:
    return _("No game {game_id!r} in your games: the ids are in 'sudoku-tui stats --json' (its history).").format(
        game_id=game_id
    )


def replay_heading(game_id: str, board: str, elapsed: str, outcome: str, moves: int) -> str:
    if moves == 1:
        return _("Game {game_id}: {board}, {elapsed}, {outcome}, 1 move").format(
            game_id=game_id, board=board, elapsed=elapsed, outcome=outcome
        )
    return _("Game {game_id}: {board}, {elapsed}, {outcome}, {moves} moves").format(
        game_id=game_id, board=board, elapsed=elapsed, outcome=outcome, moves=moves
    )


def replay_wait(move: int, waited: str, step: str) -> str:
    return "  " + _("before move {move}, {waited}: {step}").format(move=move, waited=waited, step=step)


def replay_colour(cell: str, colour: int) -> str:
    """A colour move in replay's list: ``r3c5 colour 2``."""
    return _("{cell} colour {colour}").format(cell=cell, colour=colour)


def replay_outcome(solved: bool, finished: bool) -> str:
    if not finished:
        return _("in progress")
    return _("solved") if solved else _("not solved")
