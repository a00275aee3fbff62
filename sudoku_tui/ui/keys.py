"""The game screen's keys: each a binding that names its action for the Footer, the palette and F1."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ..game import texts
from .commands import command

GAME_KEYS: list[BindingType] = [
    # First, so the Footer shows it even when the terminal is too narrow for every key.
    command("f1", "help", texts.HELP, texts.HELP_TIP, footer=texts.HELP),
    # Second, so that however narrow the terminal, the Footer still says how to quit.
    # The app's quit saves the game. Textual's palette lists Quit already: no tooltip,
    # so ours is not listed twice.
    Binding("q", "app.quit", texts.QUIT),
    Binding("ctrl+q", "app.quit", texts.QUIT, show=False, priority=True),
    command("o", "open", texts.OPEN_FILE, texts.OPEN_TIP, footer=texts.OPEN_KEY),
    command("n", "new_puzzle", texts.NEW_PUZZLE, texts.NEW_TIP, footer=texts.NEW_KEY),
    # Only while a puzzle is being made (check_action hides it otherwise, so Escape goes
    # on elsewhere). Out of the Footer, where it would push q Quit off at 80 columns: the
    # status line says "Esc cancels" while the puzzle is being made, and F1 lists it.
    command("escape", "cancel_new", texts.STOP_MAKING, texts.STOP_MAKING_TIP),
    # Only while a note shows (the hint area): Escape goes on elsewhere otherwise.
    Binding("escape", "close_note", texts.CLOSE_NOTE, show=False, tooltip=texts.CLOSE_NOTE_TIP),
    command("r", "random", texts.LOAD_RANDOM, texts.RANDOM_TIP, footer=texts.RANDOM_KEY),
    command("s", "solve", texts.SOLVE, texts.SOLVE_TIP, footer=texts.SOLVE_KEY),
    command("c", "check", texts.CHECK, texts.CHECK_TIP, footer=texts.CHECK_KEY),
    command(
        "question_mark",
        "hint",
        texts.HINT,
        texts.HINT_TIP,
        footer=texts.HINT,
        key_display="?",
    ),
    Binding("f2", "hint", texts.HINT, show=False),
    command("e", "check_progress", texts.CHECK_PROGRESS, texts.CHECK_PROGRESS_TIP),
    command("m", "show_mistakes", texts.SHOW_MISTAKES, texts.SHOW_MISTAKES_TIP),
    command("d", "daily", texts.DAILY, texts.DAILY_TIP),
    # Out of the Footer (no room at 80 columns): F1 and the palette list them; the status
    # line says "ctrl+s starts it, Esc goes back" while a puzzle is typed in.
    command("i", "enter_puzzle", texts.ENTER_PUZZLE, texts.ENTER_PUZZLE_TIP),
    command("ctrl+s", "start_entered", texts.START_ENTERED, texts.START_ENTERED_TIP),
    command("escape", "leave_entry", texts.LEAVE_ENTRY, texts.LEAVE_ENTRY_TIP),
    command("t", "statistics", texts.STATISTICS, texts.STATISTICS_TIP),
    command("b", "leaderboard", texts.LEADERBOARD, texts.LEADERBOARD_TIP),
    # Priority: the screen sees g before the board does, so digits typed right
    # after it (or pasted) already find the number box focused.
    command("g", "choose_number", texts.CHOOSE_NUMBER, texts.CHOOSE_NUMBER_TIP, footer=texts.NUMBER_KEY, priority=True),
    # [ and ] are out of the Footer so that q Quit fits at 80 columns (F1 and the palette list them).
    command(
        "left_square_bracket",
        "step(-1)",
        texts.PREVIOUS_PUZZLE,
        texts.PREVIOUS_PUZZLE_TIP,
        key_display="[",
    ),
    command("right_square_bracket", "step(1)", texts.NEXT_PUZZLE, texts.NEXT_PUZZLE_TIP, key_display="]"),
    # Out of the Footer, where they would push q Quit off at 80 columns: F1 and the palette list them.
    command("w", "rooms", texts.ROOMS, texts.ROOMS_TIP),
    command("S", "start_race", texts.START_RACE, texts.START_RACE_TIP),
    command("space", "pause", texts.PAUSE, texts.PAUSE_TIP),
    # Out of the Footer (no room at 80 columns): F1 and the palette list it.
    command("R", "replay", texts.REPLAY, texts.REPLAY_TIP),
    # Only while a served daily offers its ghost (hidden otherwise): the offer's note names it.
    command("G", "race_ghost", texts.RACE_GHOST, texts.RACE_GHOST_TIP),
]
