"""The game screen's keys: each a binding that names its action for the Footer, the palette and F1."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ..game import texts
from .commands import command

GAME_KEYS: list[BindingType] = [
    # First, so the Footer shows it even when the terminal is too narrow for every key.
    command("f1", "help", "Help", "every key with what it does", footer="Help"),
    # Second, so that however narrow the terminal, the Footer still says how to quit.
    # The app's quit saves the game. Textual's palette lists Quit already: no tooltip,
    # so ours is not listed twice.
    Binding("q", "app.quit", "Quit"),
    Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True),
    command("o", "open", texts.OPEN_FILE, "choose a puzzle file to play", footer="Open"),
    command("n", "new_puzzle", texts.NEW_PUZZLE, "make a puzzle: size, difficulty, symmetry", footer="New"),
    # Only while a puzzle is being made (check_action hides it otherwise, so Escape goes
    # on elsewhere). Out of the Footer, where it would push q Quit off at 80 columns: the
    # status line says "Esc cancels" while the puzzle is being made, and F1 lists it.
    command("escape", "cancel_new", "Stop Making", "stop making the new puzzle"),
    # Only while a note shows (the hint area): Escape goes on elsewhere otherwise.
    Binding("escape", "close_note", texts.CLOSE_NOTE, show=False, tooltip=texts.CLOSE_NOTE_TIP),
    command("r", "random", texts.LOAD_RANDOM, "show a random puzzle of the file", footer="Random"),
    command("s", "solve", texts.SOLVE, "fill the board with the solution", footer="Solve"),
    command("c", "check", texts.CHECK, "say whether the filled board is solved", footer="Check"),
    command(
        "question_mark",
        "hint",
        texts.HINT,
        "the next logical step: its name, then where, then applied",
        footer="Hint",
        key_display="?",
    ),
    Binding("f2", "hint", "Hint", show=False),
    command("e", "check_progress", texts.CHECK_PROGRESS, "say whether the entries so far are right"),
    command("m", "show_mistakes", texts.SHOW_MISTAKES, "mark entries that differ from the solution, or stop"),
    command("d", "daily", texts.DAILY, "today's daily puzzle, the same for everyone (UTC)"),
    # Out of the Footer (no room at 80 columns): F1 and the palette list them; the status
    # line says "ctrl+s starts it, Esc goes back" while a puzzle is typed in.
    command("i", "enter_puzzle", texts.ENTER_PUZZLE, "type in a puzzle (or paste its line): values are givens"),
    command("ctrl+s", "start_entered", texts.START_ENTERED, "play the puzzle typed in, once its solutions are counted"),
    command("escape", "leave_entry", texts.LEAVE_ENTRY, "back to the game in play, without the puzzle typed in"),
    command("t", "statistics", texts.STATISTICS, "games, best times, the daily streak, recent solves"),
    command("b", "leaderboard", texts.LEADERBOARD, "the daily puzzle's ranking by date and level, and the streaks"),
    # Priority: the screen sees g before the board does, so digits typed right
    # after it (or pasted) already find the number box focused.
    command("g", "choose_number", texts.CHOOSE_NUMBER, "type the number of a puzzle", footer="Number", priority=True),
    # [ and ] are out of the Footer so that q Quit fits at 80 columns (F1 and the palette list them).
    command(
        "left_square_bracket",
        "step(-1)",
        texts.PREVIOUS_PUZZLE,
        "show the previous puzzle of the file",
        key_display="[",
    ),
    command("right_square_bracket", "step(1)", texts.NEXT_PUZZLE, "show the next puzzle of the file", key_display="]"),
    # Out of the Footer, where they would push q Quit off at 80 columns: F1 and the palette list them.
    command("w", "rooms", texts.ROOMS, "race, play one board together, or watch, by a room's code"),
    command("S", "start_race", texts.START_RACE, "the host starts the room's race (or a rematch after its end)"),
    command("space", "pause", "Pause", "stop the clock and hide the board, or go on"),
    # Out of the Footer (no room at 80 columns): F1 and the palette list it.
    command("R", "replay", texts.REPLAY, texts.REPLAY_TIP),
]
