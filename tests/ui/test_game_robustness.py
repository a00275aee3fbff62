"""Nothing a player types, no path and no signal crashes the game, hangs it or loses a game.

Paths typed in the Open dialog and paths kept with saved games; file names
that look like markup; SIGTERM and SIGHUP on the real program; the Footer
and the too-small note in narrow terminals; the game without a terminal.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pty_game import PtyGame
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label
from ui_helpers import SIZE, label, load, settle, tree_loaded
from ui_puzzles import FOUR_PUZZLES, block_file

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.file_choice import PathProblem, choose_typed, os_problem
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import Game, Source
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import MessageDialog, OpenFileDialog, ResumeDialog
from tests.search_paths import compiled_search_available
from tests.serve.needs import need_program

LONG_NAME = "x" * 300 + ".txt"  # a name over the 255 bytes a folder entry may have


async def type_path(pilot, text: str) -> OpenFileDialog:  # type: ignore[no-untyped-def]
    """Open the dialog, type ``text`` in its path box, press Enter."""
    app = pilot.app
    await pilot.press("o")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, OpenFileDialog)
    box = dialog.query_one("#path", Input)
    box.focus()
    box.value = text
    await pilot.press("enter")
    await pilot.pause()
    return dialog


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        (f"/tmp/{LONG_NAME}", "That path is too long: a name in it is over 255 characters."),
        ("~nosuchuser/x.txt", "~nosuchuser names no user's home folder on this machine."),
        # Was a ValueError; the NUL is shown escaped, as every control character in a name.
        ("~no\x00user/x.txt", "~no\\x00user names no user's home folder on this machine."),
        ("/tmp/" + "a/" * 3000 + "x.txt", "That path is too long for this system."),  # short names, long path
        ("/no/such/folder/x.txt", "There is no file x.txt."),
    ],
    ids=["long name", "no such user", "NUL in a user name", "long path", "no such folder"],
)
async def test_a_typed_path_gets_a_sentence_not_a_crash(puzzle_dir: Path, typed: str, says: str) -> None:
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await type_path(pilot, typed)
        assert app.screen is dialog and app.is_running
        assert str(dialog.query_one("#open-error", Label).render()) == says


def test_a_folder_that_may_not_be_read_gets_a_sentence() -> None:
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert os_problem(Path("/secret/p.txt"), denied) == "p.txt cannot be read: permission denied."


def without_read_rights() -> list[str]:
    """The command prefix that runs a program as a user a folder of mode 000
    refuses. Root reads any folder: here it runs without that power."""
    if os.geteuid() != 0:
        return []
    # Root without setpriv cannot give up reading every folder (in CI that fails the test).
    setpriv = need_program("setpriv")
    powers = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={powers}", f"--bounding-set={powers}"]


def test_a_folder_the_player_may_not_read_gets_sentences_in_the_real_game(tmp_path: Path) -> None:
    # Typed and saved paths into a folder the system refuses: a sentence each,
    # and the saved game resumes on its own (these crashed the game).
    secret = tmp_path / "secret"
    secret.mkdir()
    inside = secret / "four.txt"
    inside.write_text(block_file(2, FOUR_PUZZLES))
    data_home = tmp_path / "data-home"
    (data_home / "sudoku-tui").mkdir(parents=True)
    puzzle = Puzzle.from_line(square(2), FOUR_PUZZLES[0])
    with SqliteStore(data_home / "sudoku-tui" / STORE_NAME) as store:
        store.put_game(
            LOCAL_PLAYER, Game.of(puzzle, list(puzzle.givens), [0] * 16, 5.0, source=Source.file(str(inside), 0))
        )
    secret.chmod(0)
    try:
        game = PtyGame.running([*without_read_rights(), sys.executable, "-m", "sudoku_tui"], data_home)
        game.wait_for("Resume your last game?")
        time.sleep(1.0)  # the dialog takes the keys once it is up
        game.press("\r")
        game.wait_for("Saved game")
        for typed, says in [
            (str(inside), "four.txt cannot be read: permission denied."),
            (str(secret), "secret cannot be read: permission denied."),
        ]:
            game.press("o")
            game.wait_for("Open Puzzle File")
            time.sleep(0.5)
            game.press("\t", "\x15")  # to the path box; Ctrl+U empties it
            game.press(typed + "\r")
            game.wait_for(says)
            game.press("\x1b")
            time.sleep(0.5)
        game.press("q")
        assert game.finish() == 0
    finally:
        secret.chmod(0o700)


def test_choose_typed_keeps_a_bare_name_in_the_folder_shown(puzzle_dir: Path) -> None:
    assert choose_typed("four.txt", puzzle_dir).path == puzzle_dir / "four.txt"
    assert choose_typed(str(puzzle_dir), puzzle_dir).is_folder
    with pytest.raises(PathProblem, match="Type a file path"):
        choose_typed("  ", puzzle_dir)


async def test_a_typed_folder_keeps_the_box_for_the_next_path(puzzle_dir: Path, tmp_path: Path) -> None:
    app = SudokuApp(start_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await type_path(pilot, str(puzzle_dir))
        box = dialog.query_one("#path", Input)
        assert box.has_focus and box.value == f"{puzzle_dir}/"
        await pilot.press(*"four.txt", "enter")  # typed straight after: not lost to the tree
        await settle(pilot)
        assert app.session.puzzles is not None and app.session.puzzles.path == puzzle_dir / "four.txt"


@pytest.mark.parametrize("absolute", [False, True])
async def test_a_path_typed_as_the_dialog_opens_goes_to_the_box(puzzle_dir: Path, absolute: bool) -> None:
    # The tree has focus as the dialog opens; what was typed there went nowhere.
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        typed = str(puzzle_dir / "four.txt") if absolute else "four.txt"
        await pilot.press(*typed)
        box = app.screen.query_one("#path", Input)
        assert box.has_focus and box.value == str(puzzle_dir / "four.txt")
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzles is not None and app.session.puzzles.path == puzzle_dir / "four.txt"


async def test_the_tree_lists_folders_and_puzzle_files_only(puzzle_dir: Path) -> None:
    (puzzle_dir / "notes.md").write_text("# not a puzzle")
    (puzzle_dir / "sub").mkdir()
    app = SudokuApp(start_folder=puzzle_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await tree_loaded(pilot)
        tree = app.screen.query_one("#tree")
        names = {str(node.label) for node in tree.root.children}  # type: ignore[attr-defined]
        assert "notes.md" not in names and {"four.txt", "nine.txt", "sub"} <= names


@pytest.mark.parametrize("name", ["bad-puzzle-length.txt", "[@click=app.quit]x [b]y.txt"])
async def test_a_file_error_names_the_file_in_the_dialog_title(tmp_path: Path, name: str) -> None:
    bad = tmp_path / name
    bad.write_text("2\n" + FOUR_PUZZLES[0] + "\n" + FOUR_PUZZLES[1][:-1] + "\n")
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, bad)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        assert dialog.message == "Line 3 has the wrong length." and dialog.dialog_title == bad.name
        # The title drawn is the name itself: markup in it was once drawn as "x y.txt".
        title = dialog.query_one(Vertical).border_title
        assert title is not None and Content.from_markup(title).plain == bad.name


async def test_a_saved_game_with_an_impossible_path_resumes_on_its_own(data_home: Path) -> None:
    puzzle = Puzzle.from_line(square(2), FOUR_PUZZLES[0])
    data_home.mkdir(parents=True)
    with SqliteStore(data_home / STORE_NAME) as store:
        game = Game.of(puzzle, list(puzzle.givens), [0] * 16, 5.0, source=Source.file("/" + LONG_NAME, 0))
        store.put_game(LOCAL_PLAYER, game)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running and app.session.puzzle == puzzle


async def test_a_file_name_is_never_markup(tmp_path: Path) -> None:
    path = tmp_path / "[@click=app.quit]x.txt"
    path.write_text(block_file(2, FOUR_PUZZLES))
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.game.open_file(path)
        assert label(app, "status") == f"Loading {path.name}…"
        await pilot.click("#status")
        await settle(pilot)
        assert app.is_running and app.session.puzzles is not None
        assert path.name in app.game.sub_title


@pytest.mark.parametrize("width", [60, 50])
async def test_below_80_columns_the_footer_keeps_quit_and_does_not_garble(puzzle_dir: Path, width: int) -> None:
    from textual.widgets import Footer

    app = SudokuApp()
    async with app.run_test(size=(width, 24)) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        footer = app.game.query_one(Footer)
        assert not footer.show_command_palette  # its key, drawn over cut keys, garbled them
        keys = [key for key in footer.query("FooterKey") if key.region.right <= width]
        assert any(key.action == "app.quit" for key in keys)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game.query_one(Footer).show_command_palette


async def test_the_too_small_note_says_how_to_quit() -> None:
    app = SudokuApp()
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        note = str(app.query_one("#too-small").render())
        assert "too small" in note and "Press q to quit." in note
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("keys_from", ["nothing", "a terminal"])  # `sudoku-tui FILE | cat`: keys, no screen
def test_without_a_terminal_the_game_says_so_and_exits_2(puzzle_dir: Path, keys_from: str) -> None:
    master, terminal = os.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "sudoku_tui", str(puzzle_dir / "four.txt")],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=terminal if keys_from == "a terminal" else subprocess.DEVNULL,
        )
    finally:
        os.close(master)
        os.close(terminal)
    assert result.returncode == 2
    assert (
        result.stderr.strip() == "sudoku-tui needs a terminal: run it in one, without redirecting its input or output."
    )
    assert result.stdout == ""


# What the terminal gets back when the game gives it up: the main screen, no mouse reports.
LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
MOUSE_OFF = "\x1b[?1000l"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_saves_the_game_and_gives_the_terminal_back(tmp_path: Path, signum: int) -> None:
    path = tmp_path / "four.txt"
    path.write_text(block_file(2, FOUR_PUZZLES))
    data_home = tmp_path / "data-home"
    game = PtyGame(path, data_home)
    game.wait_for("four.txt")
    game.press("l", "2")  # r1c2 = 2: a move, and the cursor on the second cell
    time.sleep(1.2)  # a second played since the move: it must be kept too
    os.kill(game.process.pid, signum)
    assert game.finish() == 128 + signum
    shown = game.seen()
    assert shown.rfind(LEAVE_ALTERNATE_SCREEN) > shown.rfind("\x1b[?1049h") and MOUSE_OFF in shown
    with SqliteStore(data_home / "sudoku-tui" / STORE_NAME) as store:
        [kept] = store.games_in_progress(LOCAL_PLAYER)
    assert kept.value_list()[1] == 2 and kept.cursor == 1
    assert kept.elapsed >= 1.0


def test_a_crash_exits_non_zero(tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(
        "import sys\n"
        "import sudoku_tui.ui as ui\n"
        "from sudoku_tui.cli import main\n"
        "class Crashing(ui.SudokuApp):\n"
        "    def on_mount(self):\n"
        "        raise RuntimeError('a bug')\n"
        "ui.SudokuApp = Crashing\n"
        "sys.exit(main([]))\n"
    )
    game = PtyGame.running([sys.executable, str(script)], tmp_path / "data-home")
    assert game.finish() == 1


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_the_game_compiles_the_search_as_it_starts_and_quits_without_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new install: Numba's cache is empty. Nothing is solved, hinted or made,
    # yet the search gets compiled (and cached) in the background; quitting
    # meanwhile does not wait for the compiler.
    cache = tmp_path / "numba-cache"
    path = tmp_path / "four.txt"
    path.write_text(block_file(2, FOUR_PUZZLES))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))  # PtyGame passes the environment on
    game = PtyGame(path, tmp_path / "data-home")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    game.wait_for("four.txt")
    deadline = time.monotonic() + 120
    while not any(cache.rglob("*.nbi")):
        assert time.monotonic() < deadline, "the game compiled nothing as it started"
        assert game.process.poll() is None, game.seen()[-2000:]
        time.sleep(0.2)
    game.press("q")
    assert game.finish(timeout=15) == 0
