"""Every command of the plain mode, in-process: lines in, sentences out, a real SQLite store.

Each command is typed at least once on 4x4-easy.txt's puzzle 0 (``.....43.2..1....``,
the cursor on r1c1 where 1 and 3 may go) and its answer checked; then the contract's
own sentence, whole games, the saved game on the next start, the verbose levels,
bad input, and long work.
"""

from __future__ import annotations

import io
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from sudoku_tui.game import texts
from sudoku_tui.game.file_choice import OUTSIDE_FOLDERS, PuzzleFolders
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.local import open_local_store
from sudoku_tui.paths import bundled_puzzles
from sudoku_tui.plain.commands import COMMANDS
from sudoku_tui.plain.game import PlainGame
from sudoku_tui.plain.jobs import Jobs, Stopped
from tests.plain.plain_helpers import FOUR, played, solving_lines

# For each command, lines typed after 4x4-easy.txt opened, and what the answers must hold (a pattern).
SAMPLES: dict[str, tuple[list[str], str]] = {
    "help": (["help"], re.escape(texts.PLAIN_HELP_HEADING) + r"\nhelp \[COMMAND\]: the commands"),
    "quit": (["quit", "r2c2"], re.escape(texts.PLAIN_GOODBYE) + r"\n$"),
    "go": (["go r2c2"], r"r2c2, 4, given\.\n"),
    "up": (["r2c1", "up"], r"r2c1, empty, possible 1\.\nr1c1, empty, possible 1 3\.\n"),
    "down": (["down"], r"\nr2c1, empty, possible 1\.\n"),
    "left": (["r1c2", "left"], r"r1c2, empty, possible 1 2 3\.\nr1c1, empty, possible 1 3\.\n"),
    "right": (["right"], r"\nr1c2, empty, possible 1 2 3\.\n"),
    "enter": (["enter 3"], r"\nr1c1, 3\.\n"),
    "clear": (["3", "clear"], r"r1c1, 3\.\nr1c1, empty, possible 1 3\.\n"),
    "read": (["read row 2"], r"Row 2: empty, 4, 3, empty\. Missing 1 2\.\n"),
    "board": (["board"], r"Row 1: empty, empty, empty, empty\. Missing 1 2 3 4\.\nRow 2: empty, 4, 3, empty\."),
    "marks": (["marks"], r"r1c1, no marks\.\n"),
    "mark": (["mark 1 3"], r"r1c1, marks 1 3\.\n"),
    "pencil": (["pencil", "3", "marks"], re.escape(texts.plain_mode(True)) + r"\n.*\nr1c1, marks 3\.\n"),
    "fill": (["fill", "marks"], re.escape(texts.PLAIN_FILLED_MARKS) + r"\nr1c1, marks 1 3\.\n"),
    "possible": (["possible"], r"r1c1 can hold 1 3\.\n"),
    "undo": (["3", "undo"], r"Undone: Enter\.\nr1c1, empty, possible 1 3\.\n"),
    "redo": (["3", "undo", "redo"], r"Redone: Enter\.\nr1c1, 3\.\n"),
    "hint": (["hint"], re.escape(texts.plain_hint_named("Naked Single"))),
    "progress": (["3", "progress"], re.escape(texts.progress_ok(1))),
    "check": (["check"], re.escape(texts.PLAIN_NOT_FULL)),
    "solve": (["solve", "read row 1"], re.escape(texts.PLAIN_SOLVED_BY_SOLVE) + r"\nRow 1: 3, 2, 1, 4\.\n"),
    "mistakes": (["1", "mistakes"], r"Show mistakes: on\.\nWrong entries: r1c1\.\n"),
    "counts": (["counts"], r"Left to place: 1 3 left, 2 3 left, 3 3 left, 4 3 left\.\n"),
    "find": (["find 4"], r"4 is in r2c2\.\n"),
    "conflicts": (
        ["r1c2 4", "conflicts"],
        r"r1c2, 4, repeats in column 2, repeats in box 1\.\nValues repeat in r1c2 r2c2\.\n",
    ),
    "colour": (["colour 2"], r"r1c1, empty, possible 1 3, no marks, colour 2\.\n"),
    "open": (["open sudoku-4x4.txt"], r"sudoku-4x4\.txt, puzzle 0, 4x4: \d+ empty cells\.\n"),
    "files": (["files"], r"Puzzle files: 16x16-easy\.txt, .*4x4-easy\.txt"),
    "new": (["new 4x4 easy"], r"Making an easy 4x4 puzzle\.\nA puzzle made for you, 4x4: \d+ empty cells\.\n"),
    "practice": (["practice"], r"Techniques to practise: .*X-Wing"),
    "daily": (["daily easy"], r"The daily puzzle of \d{4}-\d\d-\d\d, 9x9: \d+ empty cells\.\n"),
    "puzzle": (["puzzle 3", "puzzle"], r"4x4-easy\.txt, puzzle 3, 4x4: .*\n.*\nPuzzle 3, of 0 to 19\.\n"),
    "next": (["next"], r"4x4-easy\.txt, puzzle 1, 4x4"),
    "previous": (["puzzle 5", "previous"], r"4x4-easy\.txt, puzzle 4, 4x4"),
    "random": (["random"], r"4x4-easy\.txt, puzzle (?!0,)\d+, 4x4"),
    "own": (["own 4.......2..1...3"], r"Your own puzzle, 4x4: 12 empty cells\.\nr1c1, 4, given\.\n"),
    "resume": (["resume"], re.escape(texts.PLAIN_NO_SAVED_GAME)),
    "pause": (["pause", "r1c1", "pause"], r"paused\.\n" + re.escape(texts.PLAIN_PAUSED) + r"\nThe clock runs again\."),
    "time": (["time"], r"Time played: \d+:\d\d\.\n"),
    "where": (["where"], r"4x4-easy\.txt, puzzle 0, 4x4: 12 empty cells\. You are at r1c1\. Time played"),
    "stats": (["stats"], r"Statistics of local on .*\n"),
    "leaderboard": (["leaderboard"], re.escape(texts.NO_SOLVES)),
    "rooms": (["rooms"], re.escape(texts.PLAIN_NO_ROOMS)),
    "verbose": (["verbose terse", "r1c1"], r"Verbose 0, terse\.\nr1c1, empty\.\n"),
}


def test_every_command_has_a_sample_and_an_answer() -> None:
    assert set(SAMPLES) == {command.name for command in COMMANDS}
    for command in COMMANDS:
        assert callable(getattr(PlainGame, f"do_{command.handler}"))


@pytest.mark.parametrize("name", list(SAMPLES))
def test_each_command_answers(tmp_path: Path, name: str) -> None:
    lines, expected = SAMPLES[name]
    said, _game = played(tmp_path, lines, FOUR)
    start = said.index("r1c1, empty, possible 1 3.\n") + len("r1c1, empty, possible 1 3.\n")
    answers = "\n" + said[start:]
    assert re.search(expected, answers), f"{name}: {answers}"
    assert "Unknown command" not in answers and "did not work" not in answers


def test_the_contracts_cell_sentence(tmp_path: Path) -> None:
    # Row 4 holds 1 3 4 6 7 9: r4c7 may hold 2, 5 or 8 (the rest of the board is empty).
    line = "." * 27 + "134679..." + "." * 45
    said, _game = played(tmp_path, [f"own {line}", "r4c7"])
    assert said.endswith("\nr4c7, empty, possible 2 5 8.\n" + texts.PLAIN_GOODBYE + "\n")


def test_a_whole_game_solved_then_counted(tmp_path: Path) -> None:
    said, game = played(tmp_path, [*solving_lines(), "check", "stats"], FOUR)
    assert "\nSolved in " in said
    assert f"\n{texts.SOLVED}\n" in said
    assert re.search(r"4x4\s+easy\s+1\s+1\s", said), said  # the file's puzzle graded, as on the screen
    assert game.session.solved


def test_the_saved_game_is_resumed_on_the_next_start(tmp_path: Path) -> None:
    said, _game = played(tmp_path, ["r1c1 3", "r1c2", "mark 2", "r4c4"], FOUR)
    assert said.endswith(f"r4c4, empty, possible 2 3 4.\n{texts.PLAIN_GOODBYE}\n")
    said, game = played(tmp_path, ["resume", "r1c1", "where"])
    assert "Saved game: 4x4-easy.txt, puzzle 0 (4x4)," in said
    assert "Your game of this puzzle was resumed" in said
    assert "\nr1c1, 3.\n" in said
    assert "You are at r1c1." in said  # the cursor, kept with the game
    assert game.session.play.values[1] == 0 and game.session.play.marks_of(1) == [2]
    # Opening the same file on the next start resumes it too (as the full-screen game does).
    said, _game = played(tmp_path, ["r1c1"], FOUR)
    assert "Your game of this puzzle was resumed" in said and "\nr1c1, 3.\n" in said


def test_the_verbose_levels_and_the_setting_is_kept(tmp_path: Path) -> None:
    said, _game = played(tmp_path, ["verbose 0", "r1c1", "read row 2", "verbose full", "r1c1", "read row 2"], FOUR)
    assert "\nr1c1, empty.\nRow 2: . 4 3 .. Missing 1 2.\n" in said
    assert "\nr1c1, empty, possible 1 3, no marks.\n" in said
    assert "Row 2: r2c1 empty possible 1 no marks; r2c2 4 given; r2c3 3 given; r2c4 empty possible 2 no marks." in said
    said, _game = played(tmp_path, ["verbose", "verbose loud"], FOUR)
    assert "\nVerbose 2, full.\n" in said
    assert texts.plain_usage("verbose 0, 1 or 2 (terse, normal or full)") in said


def test_a_hint_named_explained_applied_and_undone(tmp_path: Path) -> None:
    said, game = played(tmp_path, ["hint", "hint", "hint", "r2c1", "undo", "r2c1"], FOUR)
    assert texts.plain_hint_named("Naked Single") in said and "press ?" not in said
    assert "Naked Single: r2c1 can only hold 1" in said
    assert "Applied Naked Single: r2c1=1\nr2c1, 1.\nUndone: Hint: Naked Single.\nr2c1, empty, possible 1.\n" in said
    assert game.session.aids.hints == 1


def test_bad_input_gets_a_sentence(tmp_path: Path) -> None:
    lines = [
        "r9c9",
        "r1c1 9",
        "G",
        "r2c2 1",
        "read row 7",
        "read box 0",
        "read diagonal 1",
        "read",
        "open nowhere.txt",
        "new 4x4 extreme",
        "new huge",
        "mistakes maybe",
        "colour 9",
        "\x1b[A",
        "puzzle x",
        "puzzle 99",
        "previous",
        "find",
        "help frobnicate",
        "own 12",
    ]
    said, _game = played(tmp_path, lines, FOUR)
    for sentence in (
        texts.plain_no_cell("r9c9"),
        texts.plain_not_value("9", "4x4"),
        texts.plain_not_value("G", "4x4"),
        texts.PLAIN_GIVEN,
        texts.plain_no_house("row", "7", 4),
        texts.plain_no_house("box", "0", 4),
        texts.plain_not_a_word("diagonal", "row, column, box"),
        "There is no file nowhere.txt.",
        texts.plain_not_a_word("extreme", "easy"),
        texts.plain_not_a_word("huge", "a size, a level or a symmetry (help new)"),
        texts.plain_usage("mistakes [on|off]"),
        texts.plain_usage("colour N, N from 0 to 6"),
        texts.plain_unknown("?[A"),
        texts.not_a_number("x", 19),
        texts.out_of_range(99, 19),
        texts.FIRST_PUZZLE,
        texts.plain_usage("find VALUE"),
        texts.plain_unknown("frobnicate"),
        texts.not_a_puzzle_length(2),
    ):
        assert sentence in said, sentence
    assert "Traceback" not in said and "did not work" not in said


def test_no_puzzle_yet(tmp_path: Path) -> None:
    said, _game = played(tmp_path, ["hint", "solve", "progress", "next", "random", "puzzle 2", "time", "pause"])
    assert said.count(texts.PLAIN_NO_GAME) == 5
    assert said.count(texts.PLAIN_NO_FILE) == 3
    assert texts.PLAIN_NO_PUZZLE in said


def test_a_made_game_is_not_left_without_asking(tmp_path: Path) -> None:
    said, game = played(tmp_path, ["new 4x4", "fill", "open 4x4-easy.txt", "no", "open 4x4-easy.txt", "yes"])
    assert said.count(texts.PLAIN_LEAVE_ASK) == 2
    assert texts.PLAIN_KEEP_PLAYING in said
    assert "4x4-easy.txt, puzzle 0, 4x4: 12 empty cells." in said
    assert game.session.puzzles is not None and game.session.puzzles.path is not None


def test_sixteen_by_sixteen_takes_capital_letters(tmp_path: Path) -> None:
    file = bundled_puzzles() / "16x16-easy.txt"
    opened, game = played(tmp_path, [], file)
    play = game.session.play
    cell, value = next((c, v) for c in range(play.shape.size) for v in play.candidates_of(c) if v >= 10)
    name, symbol = play.shape.cell_name(cell), play.shape.symbol(value)
    said, game = played(tmp_path, [name, symbol, "a", "b"], file)
    assert f"\n{name}, {symbol}.\n{texts.PLAIN_FILLED_MARKS}\n" in said  # a fills the marks, as the game's key
    assert "Daily puzzle " in said  # b: the leaderboard
    assert opened  # the first start said something


def test_a_served_player_opens_only_the_servers_folders(tmp_path: Path) -> None:
    opened = open_local_store(tmp_path)

    out = io.StringIO()
    folders = PuzzleFolders.of([bundled_puzzles()])
    game = PlainGame(Session(opened.store, folders=folders), out)
    game.start(None, opened.notices)
    for line in ("open /etc/passwd", "open 4x4-easy.txt", "open nowhere.txt", "files"):
        game.handle(line)
    game.finish()
    said = out.getvalue()
    assert OUTSIDE_FOLDERS in said
    assert "4x4-easy.txt, puzzle 0, 4x4" in said
    assert str(bundled_puzzles()) not in said  # no path of the server's
    assert "There is no file nowhere.txt." in said


def test_long_work_says_working_and_ctrl_c_stops_it() -> None:
    said: list[str] = []
    jobs = Jobs(said.append, working_after=0.05)
    assert jobs.run(lambda _stop: time.sleep(0.3) or 7) == 7
    assert said == [texts.PLAIN_WORKING]
    seen_stop = threading.Event()

    def endless(stop: object) -> None:
        assert callable(stop)
        for _ in range(600):  # bounded: at most a minute
            if stop():
                seen_stop.set()
                return
            time.sleep(0.1)

    # As in a terminal: a shell's background job (this suite, run so) starts with SIGINT ignored.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(Stopped):
            jobs.run(endless)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert seen_stop.is_set()
