"""Player aids: pencil marks, candidates, possible values, highlighting,
undo and redo, the clock and pause, saves and resume, F1 help.

Saves go to the test's own data folder (the autouse ``data_home`` fixture).
Most tests play the 4x4 file: a small board keeps them quick.
"""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.command import CommandInput, CommandList
from textual.pilot import Pilot
from textual.widgets import Label
from ui_helpers import SIZE, board_text, label, load, notices, settle
from ui_puzzles import FOUR_PUZZLES, SOLUTION_4

from sudoku_tui.engine.board.conflicts import conflicting_cells
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import Game, Source
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.board import Board
from sudoku_tui.ui.dialogs import ResumeDialog
from sudoku_tui.ui.game_screen import GameScreen
from sudoku_tui.ui.help import HelpScreen
from sudoku_tui.ui.statistics_screen import StatisticsScreen

FIRST_EMPTY = FOUR_PUZZLES[0].index(".")  # cell 1 of "1.3." ...


async def solve_by_hand(pilot: Pilot[None], app: SudokuApp) -> None:
    """Type the solution into every empty cell of the 4x4 in play."""
    for cell, value in enumerate(app.session.play.values):
        if not value:
            app.game.board.cursor = cell
            await pilot.press(SOLUTION_4[cell])


async def test_pencil_mode_marks_and_entries_clear_peer_marks(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        assert label(app, "mode") == "Values"
        await pilot.press("right", "p", "2", "4")
        assert board.pencil and label(app, "mode") == "PENCIL"
        assert app.session.play.values[FIRST_EMPTY] == 0
        assert app.session.play.marks_of(FIRST_EMPTY) == [2, 4]
        assert label(app, "cell-info") == "r1c2 marks 2 4"
        await pilot.press("4")  # a second press takes the mark away
        assert app.session.play.marks_of(FIRST_EMPTY) == [2]
        # A peer in the same row, then a value entered: the value leaves the peer's marks.
        await pilot.press("right", "right", "2", "p", "left", "left")
        assert not board.pencil and label(app, "mode") == "Values"
        peer = FIRST_EMPTY + 2
        assert app.session.play.marks_of(peer) == [2]
        await pilot.press("2")
        assert app.session.play.values[FIRST_EMPTY] == 2 and app.session.play.marks_of(peer) == []
        await pilot.press("u")  # one undo brings the mark back with the empty cell
        assert app.session.play.values[FIRST_EMPTY] == 0 and app.session.play.marks_of(peer) == [2]


async def test_candidates_undo_redo_and_the_possible_values_hint(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        assert not board.check_action("undo", ()) and not board.check_action("redo", ())
        await pilot.press("a")
        empty = [cell for cell, value in enumerate(app.session.play.values) if not value]
        assert all(app.session.play.marks_of(cell) == app.session.play.candidates_of(cell) for cell in empty)
        await pilot.press("u")
        assert not any(app.session.play.marks)
        await pilot.press("ctrl+y")
        assert all(app.session.play.marks_of(cell) for cell in empty)
        await pilot.press("ctrl+z")
        assert not any(app.session.play.marks)
        await pilot.press("right", "v")
        possible = " ".join(str(v) for v in app.session.play.candidates_of(FIRST_EMPTY))
        assert label(app, "cell-info") == f"r1c2 can hold {possible}"
        await pilot.press("left")  # the answer is for one cell: moving away ends it
        assert "can hold" not in label(app, "cell-info")


async def test_solve_is_undone_in_one_step(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "3", "s")
        await settle(pilot)
        solution = list(solve(app.session.puzzle) or ())
        assert app.session.play.values == solution
        assert not app.session.clock.running  # solved: the clock stopped
        await pilot.press("u")
        assert (
            app.session.play.values[FIRST_EMPTY] == 3
            and app.session.play.values.count(0) == FOUR_PUZZLES[0].count(".") - 1
        )
        assert app.session.clock.running
        await pilot.press("ctrl+y")
        assert app.session.play.values == solution


async def test_highlighting_and_its_switch(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        lit = board._highlights()
        assert lit.peers == frozenset(app.session.play.shape.peers[0]) and lit.value == 1
        assert "‹1›" in board_text(app)  # the other 1s, marked without colour
        # A value that repeats in its row: both cells are conflicts, drawn !v!.
        await pilot.press("right", "1")
        conflicts = conflicting_cells(app.session.play.shape, app.session.play.values)
        assert conflicts and board._highlights().conflicts == conflicts
        assert "!1!" in board_text(app)
        await pilot.press("x")
        assert not board.highlight
        lit = board._highlights()
        assert not lit.peers and not lit.conflicts and not lit.value
        assert "!" not in board_text(app) and "‹" not in board_text(app)
        await pilot.press("x")
        assert board._highlights().conflicts == conflicts


async def test_space_pauses_hides_the_board_and_stops_the_clock(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        board = app.game.board
        await pilot.press("space")
        assert board.paused and not app.session.clock.running
        assert "paused" in label(app, "clock")
        shown = board_text(app)
        assert "Paused" in shown and not any(ch.isdigit() for ch in shown)
        elapsed = app.session.clock.elapsed()
        await pilot.press("right", "2", "a", "u")  # nothing moves or changes while paused
        await pilot.pause(0.05)
        assert app.session.clock.elapsed() == elapsed
        assert board.cursor == 0 and app.session.play.values[FIRST_EMPTY] == 0 and not any(app.session.play.marks)
        assert app.game.check_action("solve", ()) is None
        await pilot.press("space")
        assert not board.paused and app.session.clock.running


async def test_solving_by_hand_stops_the_clock(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await solve_by_hand(pilot, app)
        assert app.session.play.is_solved() and not app.session.clock.running
        assert "✓" in label(app, "clock")
        assert any(message.startswith("Solved in") for message in notices(app))


async def test_a_game_is_saved_and_resumed_when_its_puzzle_is_opened(puzzle_dir: Path, data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "3", "right", "right", "p", "2")
        await pilot.press("q")
    with SqliteStore(data_home / STORE_NAME) as store:
        assert len(store.games_in_progress(LOCAL_PLAYER)) == 1 and store.last_game(LOCAL_PLAYER) is not None

    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")  # the offer of the last game: the file is opened instead
        await load(pilot, puzzle_dir / "four.txt")
        assert app.session.play.values[FIRST_EMPTY] == 3
        assert app.session.play.marks_of(3) == [2]
        assert any("resumed" in message for message in notices(app))
        # Another puzzle of the file starts afresh; coming back resumes again.
        await pilot.press("right_square_bracket")
        assert app.session.play.values == [int(ch) if ch != "." else 0 for ch in FOUR_PUZZLES[1]]
        await pilot.press("left_square_bracket")
        assert app.session.play.values[FIRST_EMPTY] == 3


async def test_start_without_a_file_offers_the_last_game(puzzle_dir: Path, data_home: Path) -> None:
    puzzle_file = puzzle_dir / "four.txt"
    puzzle = read_puzzle_file(puzzle_file).puzzle(2)
    values = list(puzzle.givens)
    values[values.index(0)] = int(SOLUTION_4[puzzle.givens.index(0)])
    data_home.mkdir(parents=True)
    with SqliteStore(data_home / STORE_NAME) as store:
        store.put_game(LOCAL_PLAYER, Game.of(puzzle, values, [0] * 16, 65.0, source=Source.file(str(puzzle_file), 2)))

    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeDialog)
        await pilot.press("escape")  # not now: the start board as always
        assert app.session.puzzles is None and not app.session.in_game

    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.number == 2 and app.session.play.values == values
        assert app.session.clock.elapsed() >= 65.0

    # The file is gone: the saved puzzle is played on its own.
    puzzle_file.unlink()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.puzzle.givens == puzzle.givens and app.session.play.values == values
        assert app.game.check_action("solve", ()) is True


async def test_a_corrupt_save_is_kept_aside_and_play_goes_on(puzzle_dir: Path, data_home: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / STORE_NAME).write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("damaged" in message for message in notices(app))
        assert not isinstance(app.screen, ResumeDialog)
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "3")
    kept = [path.name for path in data_home.iterdir() if path.name.startswith(f"{STORE_NAME}.damaged")]
    assert len(kept) == 1
    with SqliteStore(data_home / STORE_NAME) as store:
        assert len(store.games_in_progress(LOCAL_PLAYER)) == 1


async def test_a_failed_save_is_a_notice_not_a_crash(puzzle_dir: Path, data_home: Path) -> None:
    data_home.parent.mkdir(parents=True)
    data_home.write_text("a file where the folder should be")
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("right", "3", "right", "4")
        assert app.session.play.values[FIRST_EMPTY] == 3
        failures = [message for message in notices(app) if "cannot be saved" in message]
        assert len(failures) == 1  # said once, at the start, not at every key


async def test_f1_lists_every_key_from_the_bindings(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await pilot.press("f1")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        listed = {key for keys, _ in screen.rows for key in keys.split()}
        declared = [*Binding.make_bindings(GameScreen.BINDINGS), *Binding.make_bindings(Board.BINDINGS)]
        for binding in declared:
            assert app.get_key_display(binding) in listed, binding
        texts = [what for _, what in screen.rows]
        assert any("Pause" in what for what in texts) and any("Undo" in what for what in texts)
        # Each key once: ctrl+p is Textual's binding and ours, listed a single time.
        keys = [keys for keys, _ in screen.rows]
        assert len(keys) == len(set(keys)) and sum("palette" in what.lower() for what in texts) == 1
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen) and app.game.board.has_focus


async def test_a_dialog_stops_the_clock_until_it_closes(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        assert app.session.clock.running
        for key in ("f1", "n", "ctrl+p"):  # help, New puzzle, the command palette
            await pilot.press(key)
            await pilot.pause()
            assert len(app.screen_stack) > 1 and not app.session.clock.running, key
            await pilot.press("escape")
            await pilot.pause()
            assert len(app.screen_stack) == 1 and app.session.clock.running, key
        # Paused by the player: a dialog opening and closing leaves it paused.
        await pilot.press("space", "f1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.game.board.paused and not app.session.clock.running


async def test_the_palette_lists_the_aids_and_runs_them(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        for title in ("Pencil Mode", "Fill Candidates", "Possible Values", "Highlighting", "Pause", "Help"):
            assert title in commands and not commands[title].help.startswith("Not available"), title
        # Nothing to undo yet: listed, said to be unavailable, and doing nothing.
        assert commands["Undo"].help.startswith("Not available")
        commands["Undo"].callback()
        await pilot.pause()
        assert not app.session.play.can_undo
        commands["Fill Candidates"].callback()
        await pilot.pause()
        assert any(app.session.play.marks)
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Undo"].callback()
        await pilot.pause()
        assert not any(app.session.play.marks)
        commands["Pencil Mode"].callback()
        assert app.game.board.pencil


async def test_a_dialog_leaves_a_solved_game_or_no_game_without_a_clock(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        # The empty start board: no game, no clock, before or after a dialog.
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not app.session.in_game and not app.session.clock.running
        await load(pilot, puzzle_dir / "four.txt")
        await solve_by_hand(pilot, app)
        assert app.session.play.is_solved() and not app.session.clock.running
        elapsed = app.session.clock.elapsed()
        for key in ("f1", "ctrl+p"):
            await pilot.press(key)
            await pilot.pause()
            assert len(app.screen_stack) > 1
            await pilot.press("escape")
            await pilot.pause()
            assert len(app.screen_stack) == 1 and not app.session.clock.running, key
        assert app.session.clock.elapsed() == elapsed


async def palette_run(pilot: Pilot[None], title: str) -> None:
    """Choose a command in the palette as a player does: ctrl+p, its name, Enter."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    # The whole name put in the search box: one search, where a key a letter made eleven names
    # cost 9 s (typing into the palette is tests/ui/test_game_start.py's).
    pilot.app.screen.query_one(CommandInput).value = title
    for _ in range(50):  # the palette searches in the background
        await pilot.pause(0.02)
        if pilot.app.screen.query_one(CommandList).option_count:
            break
    else:
        raise AssertionError(f"the palette found nothing for {title!r}")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_the_palette_runs_the_aids_by_name(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        await palette_run(pilot, "Fill Candidates")
        assert len(app.screen_stack) == 1 and any(app.session.play.marks)
        await palette_run(pilot, "Undo")
        assert not any(app.session.play.marks)
        await palette_run(pilot, "Redo")
        assert any(app.session.play.marks)
        await palette_run(pilot, "Pencil Mode")
        assert app.game.board.pencil and label(app, "mode") == "PENCIL"
        await palette_run(pilot, "Highlighting")
        assert not app.game.board.highlight
        await palette_run(pilot, "Pause")
        assert app.game.board.paused and not app.session.clock.running  # and closing the palette did not start it
        await palette_run(pilot, "Pause")
        assert not app.game.board.paused and app.session.clock.running
        await palette_run(pilot, "Possible Values")
        assert "can hold" in label(app, "cell-info") or "is filled" in label(app, "cell-info")
        await palette_run(pilot, "Check my progress")
        hint_workers = [worker for worker in app.workers if worker.group == "hint"]
        if hint_workers:
            await app.workers.wait_for_complete(hint_workers)
        await pilot.pause()
        assert str(app.query_one("#status", Label).render()) not in ("", "Checking your entries…")
        await palette_run(pilot, "Help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await palette_run(pilot, "Statistics")
        assert isinstance(app.screen, StatisticsScreen)
