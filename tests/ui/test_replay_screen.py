"""The replay screen driven with keys: stepping, jumping, playing on the replay's own clock,
speed, the labels arriving from their worker, and back to the game as it was; R in the game
and R in the Statistics screen's history."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from replay_game import FakeTime, held, labels_done, open_replay
from textual.widgets import Label, OptionList, Static
from textual.worker import WorkerCancelled, WorkerState
from ui_helpers import SIZE, load
from ui_puzzles import SOLUTION_4

from sudoku_tui.game.replay.labels import MoveKind
from sudoku_tui.game.replay.stepping import LONGEST_GAP_MS
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.help import HelpScreen
from sudoku_tui.ui.replay_screen import LABELS_GROUP, ReplayScreen
from sudoku_tui.ui.statistics_screen import StatisticsScreen


def move_line(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-move", Label).render())


def status(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-status", Label).render())


def replay_board(screen: ReplayScreen) -> str:
    board = screen.board
    return "\n".join(board.render_line(y).text for y in range(board.plan.height))


async def test_arrows_step_and_home_and_end_jump_with_each_moves_line() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot)
        await labels_done(pilot)
        assert screen.replay.index == 0 and "The start" in move_line(screen)
        await pilot.press("right", "right", "right")
        assert screen.replay.index == 3
        assert move_line(screen) == "Move 3 · 0:09 · r6c9 = 8 · Hidden Single (took 0:05)"
        assert "[8]" in replay_board(screen)  # the move's cell, in brackets
        await pilot.press("left")
        assert move_line(screen) == "Move 2 · 0:04 · r1c8 -mark 3 · Naked Pair (took 0:02)"
        assert "[8]" not in replay_board(screen)
        await pilot.press("end")
        assert screen.replay.at_end and move_line(screen).startswith("Move 7 · 2:28 · r1c1 = 1 · mistake")
        assert status(screen) == "Paused at 4x · move 7 of 7"
        await pilot.press("home")
        assert screen.replay.at_start


async def test_the_screen_answers_at_once_and_the_labels_come_when_ready() -> None:
    release = threading.Event()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, labeller=held(release))
        await pilot.press("right", "right")
        assert move_line(screen) == "Move 2 · 0:04 · r1c8 -mark 3 · labelling… (took 0:02)"
        waits = str(screen.query_one("#replay-waits", Static).render())
        assert "You waited 2:10 before r1c4 = 6; labelling…" in waits
        release.set()
        await labels_done(pilot)
        assert move_line(screen) == "Move 2 · 0:04 · r1c8 -mark 3 · Naked Pair (took 0:02)"
        waits = str(screen.query_one("#replay-waits", Static).render())
        assert "You waited 2:10 before r1c4 = 6; a Full House in row 6 was there to see" in waits


async def test_leaving_cancels_the_labelling() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_replay(pilot, labeller=held(threading.Event()))  # never released
        [worker] = [worker for worker in app.workers if worker.group == LABELS_GROUP]
        await pilot.press("escape")
        with pytest.raises(WorkerCancelled):
            await worker.wait()
        assert worker.state is WorkerState.CANCELLED and app.screen is app.game


async def test_space_plays_at_the_games_pace_on_the_replays_clock_and_pauses() -> None:
    time = FakeTime()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, time)
        await pilot.press("space")
        assert screen.replay.playing and status(screen) == "▶ Playing at 4x · move 0 of 7"
        time.now += 0.51  # the first move came 2 s into the game: half a second at 4x
        screen.advance()
        await pilot.pause()
        assert screen.replay.index == 1 and status(screen) == "▶ Playing at 4x · move 1 of 7"
        time.now += 0.5
        screen.advance()
        assert screen.replay.index == 2
        await pilot.press("space")
        assert not screen.replay.playing
        time.now += 100
        screen.advance()
        await pilot.pause()
        assert screen.replay.index == 2 and status(screen) == "Paused at 4x · move 2 of 7"


async def test_plus_and_minus_change_the_speed_between_1x_and_16x() -> None:
    time = FakeTime()
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, time, index=4)
        await pilot.press("plus", "plus", "plus")  # the third is past the fastest: refused
        assert screen.replay.speed == 16 and status(screen) == "Paused at 16x · move 4 of 7"
        await pilot.press("minus")
        assert screen.replay.speed == 8
        await pilot.press("space")
        # Move 6 came 2:10 after move 5: it plays as the longest gap, at 8x.
        time.now += 0.2  # move 5, a second after move 4 in the game
        screen.advance()
        assert screen.replay.index == 5
        time.now += LONGEST_GAP_MS / 1000 / 8 + 0.01
        screen.advance()
        await pilot.pause()
        assert screen.replay.index == 6 and move_line(screen).startswith("Move 6 · 2:23 · r1c4 = 6")


async def test_w_goes_to_each_long_wait_and_f1_lists_the_replays_keys() -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot)
        await pilot.press("w")
        assert screen.replay.index == 2  # before r6c9 = 8, after a wait of 5 s
        await pilot.press("w")
        assert screen.replay.index == 5  # before r1c4 = 6, after 2:10
        await pilot.press("f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = dict(help_screen.rows)
        assert {"←", "→", "space", "+", "-", "w", "home", "end"} <= set(keys)
        assert keys["space"].startswith("Play or Pause")
        await pilot.press("escape")
        assert app.screen is screen
        titles = [command.title for command in screen.commands()]
        assert {"Next Move", "Play or Pause", "Faster", "Back to the Game"} <= set(titles)


async def test_r_replays_the_game_in_play_and_escape_goes_back_to_it_as_it_was(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        empty = [cell for cell, value in enumerate(app.session.play.values) if not value]
        for cell in empty[:2]:
            app.game.board.cursor = cell
            await pilot.press(SOLUTION_4[cell])
        await pilot.press("p", "1")  # pencil mode; a mark in a filled cell is refused: no move
        app.game.board.cursor = empty[2]
        await pilot.press("2", "u")  # a mark, undone
        played = app.session.play
        before = (list(played.values), list(played.marks), app.game.board.cursor, app.session.moves)
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert app.session.covered  # the game's clock waits while the replay is up
        kinds = [move.kind for move in screen.replay.moves]
        assert kinds == [MoveKind.VALUE, MoveKind.VALUE, MoveKind.MARK, MoveKind.UNDO]
        await pilot.press("end")
        assert screen.replay.play().values == played.values  # the replay ends where the game is
        await pilot.press("home", "space")
        await pilot.press("q")
        assert app.screen is app.game and not app.session.covered
        assert (list(played.values), list(played.marks), app.game.board.cursor, app.session.moves) == before
        assert app.session.play is played


async def test_r_in_the_statistics_history_replays_a_finished_game(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        for cell, value in enumerate(app.session.play.values):
            if not value:
                app.game.board.cursor = cell
                await pilot.press(SOLUTION_4[cell])
        solved_moves = app.session.moves
        await pilot.press("t")
        stats = app.screen
        assert isinstance(stats, StatisticsScreen) and stats.stats is not None
        history = stats.query_one("#history", OptionList)
        assert history.option_count == 1 and "4x4" in str(history.get_option_at_index(0).prompt)
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.moves == solved_moves and "4x4" in screen.sub_title
        await labels_done(pilot)
        await pilot.press("end")
        assert screen.replay.play().is_solved()
        await pilot.press("escape")
        assert app.screen is app.game


async def test_the_games_f1_and_palette_list_r_replay(puzzle_dir: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        titles = {command.title: command.help for command in app.game.commands()}
        assert titles["Replay"].startswith("Play the game again move by move")
        await pilot.press("f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert dict(help_screen.rows)["R"].startswith("Replay: play the game again")
