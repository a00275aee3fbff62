"""Rooms on the game screen, two served games against a real hub: w joins by code, a value
typed in one game shows on the other's board, the room's panel names every seat and the
others' cursors."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Static

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game import texts
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.game_screen import GameScreen
from sudoku_tui.ui.rooms import RaceResults, RoomPanel, RoomsDialog
from sudoku_tui.ui.statistics_screen import StatisticsScreen
from tests.serve.room_games import LINE_4, running_hub

SIZE = (80, 24)
PUZZLE_4 = Puzzle.from_line(shape_for_size("4x4"), LINE_4)
ROUNDS = 200  # pauses of the pilot at most while waiting for the other game


def served(folder: Path, player: str, name: str, rooms: Path) -> SudokuApp:
    with open_store_at(str(folder), player).store as store:
        store.set_name(player, name)
    return SudokuApp(store=open_store_at(str(folder), player), identity=Identity(player, served=True, rooms=rooms))


async def until(pilots, check) -> None:  # type: ignore[no-untyped-def]
    for _ in range(ROUNDS):
        if check():
            return
        for pilot in pilots:
            await pilot.pause()
        await asyncio.sleep(0.01)
    raise AssertionError("the room never got there")


def screen_of(app: SudokuApp) -> GameScreen:
    screen = next(each for each in app.screen_stack if isinstance(each, GameScreen))
    assert isinstance(screen, GameScreen)
    return screen


async def rooms_dialog(app: SudokuApp, pilot) -> RoomsDialog:  # type: ignore[no-untyped-def]
    """``w``, and the dialog once the hub said whether the player holds a seat somewhere."""
    await pilot.press("w")
    await until([pilot], lambda: isinstance(app.screen, RoomsDialog))
    assert isinstance(app.screen, RoomsDialog)
    return app.screen


async def _join(app: SudokuApp, pilot, what: str, code: str = "") -> None:  # type: ignore[no-untyped-def]
    await rooms_dialog(app, pilot)
    if code:
        app.screen.query_one("#room-code", Input).value = code
    await pilot.click(f"#{what}")
    await pilot.pause()


@asynccontextmanager
async def two_in_a_room(
    tmp_path: Path, kind: str
) -> AsyncIterator[tuple[SudokuApp, Pilot[None], SudokuApp, Pilot[None]]]:
    """Ann's room of ``kind`` with her 4x4 puzzle, Bob in it: both apps and their pilots."""
    puzzles = tmp_path / "four.txt"
    puzzles.write_text(LINE_4 + "\n")
    async with running_hub() as (hub, _):
        ann = served(tmp_path / "server", "SHA256:ann", "Ann", hub.path)
        bob = served(tmp_path / "server", "SHA256:bob", "Bob", hub.path)
        async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
            await a.pause()
            await b.pause()
            ann_screen, bob_screen = screen_of(ann), screen_of(bob)
            await _join(ann, a, kind)
            await until([a], lambda: ann_screen.rooms.room is not None and bool(ann_screen.rooms.room.code))
            ann_screen.open_file(puzzles)
            await until([a], lambda: ann_screen.rooms.room.puzzle is not None)  # type: ignore[union-attr]
            await _join(bob, b, "join", ann_screen.rooms.room.code)  # type: ignore[union-attr]
            await until([a, b], lambda: bob_screen.session.puzzle == ann_screen.session.puzzle)
            yield ann, a, bob, b


async def test_a_shared_board_on_two_screens(tmp_path: Path) -> None:
    async with two_in_a_room(tmp_path, "coop") as (ann, a, bob, b):
        ann_screen, bob_screen = screen_of(ann), screen_of(bob)
        await a.press("right", "2")
        await until([a, b], lambda: bob_screen.session.play.values[1] == 2)
        await b.press("down")
        # Bob's cursor is told once it rests, the last cell only: wait for r2c1 (cell 4 of 4x4).
        await until([a, b], lambda: ann_screen.rooms.room.cursors.get(1) == 4)  # type: ignore[union-attr]
        panel = str(ann_screen.query_one("#room", RoomPanel).render())
        assert "Ann" in panel and "Bob" in panel and "Co-op" in panel and "r2c1" in panel  # Bob's cursor, one down
        assert "Waiting" not in str(bob_screen.query_one("#room", RoomPanel).render())
        assert not bob_screen.board.play.can_undo


def board_lines(screen: GameScreen) -> list[str]:
    board = screen.board
    return [board.render_line(y).text for y in range(board.plan.height)]


async def test_the_others_cursors_on_a_shared_board(tmp_path: Path) -> None:
    async with two_in_a_room(tmp_path, "coop") as (ann, a, bob, b):
        ann_screen, bob_screen = screen_of(ann), screen_of(bob)
        await b.press("down", "right")  # Bob to r2c2, cell 5
        await until([a, b], lambda: ann_screen.rooms.room.cursors.get(1) == 5)  # type: ignore[union-attr]
        await a.pause()
        plan = ann_screen.board.plan
        middle = board_lines(ann_screen)[plan.cell_y[1] + plan.cell_height // 2]  # r2's values' line
        assert middle[plan.cell_x[1] + plan.cell_width - 1] == "B"  # at the right end of r2c2, beside its value
        assert sum(line.count("B") for line in board_lines(ann_screen)) == 1  # nowhere else
        assert "A" not in "".join(board_lines(ann_screen))  # Ann's own cursor as ever, no initial
        assert sum(line.count("A") for line in board_lines(bob_screen)) == 1  # and Bob sees Ann's


async def _solve(app: SudokuApp, pilot, solution: list[int]) -> None:  # type: ignore[no-untyped-def]
    board = screen_of(app).board
    for cell, value in enumerate(solution):
        if not board.play.values[cell]:
            board.cursor = cell
            await pilot.press(str(value))


async def test_a_race_ends_with_its_results(tmp_path: Path) -> None:
    solution = solve(Puzzle.from_line(shape_for_size("4x4"), LINE_4))
    assert solution is not None
    async with two_in_a_room(tmp_path, "race") as (ann, a, bob, b):
        bob_screen = screen_of(bob)
        await a.press("S")
        await until([a, b], lambda: bob_screen.rooms.room.race == "racing")  # type: ignore[union-attr]
        await _solve(ann, a, solution)
        await until([a, b], lambda: len(bob_screen.rooms.room.finishes) == 1)  # type: ignore[union-attr]
        assert not isinstance(bob.screen, RaceResults)  # one finish is no end
        await _solve(bob, b, solution)
        await until([a, b], lambda: isinstance(ann.screen, RaceResults) and isinstance(bob.screen, RaceResults))
        shown = [str(app.screen.query_one("#results", Static).render()).splitlines() for app in (ann, bob)]
        assert [line.split()[:2] for line in shown[0]] == [["1.", "Ann"], ["2.", "Bob"]] and shown[0] == shown[1]
        assert "S: a rematch" in str(ann.screen.query_one("#results-keys", Label).render())
        assert "rematch" not in str(bob.screen.query_one("#results-keys", Label).render())
        await b.press("S")  # not the host's: nothing
        await b.press("escape")
        await until([b], lambda: not isinstance(bob.screen, RaceResults))
        panel = str(bob_screen.query_one("#room", RoomPanel).render())
        assert "#1" in panel and "#2" in panel and "Race over" in panel  # the panel keeps the results
        assert bob_screen.rooms.room.race == "over"  # type: ignore[union-attr]
        await a.press("S")
        await until([a, b], lambda: bob_screen.rooms.room.race == "waiting")  # type: ignore[union-attr]
        await until([a], lambda: not isinstance(ann.screen, RaceResults))
        assert bob_screen.session.paused  # hidden again until the host's S


async def test_a_room_made_with_no_puzzle_in_play_starts_on_todays_daily(tmp_path: Path) -> None:
    from sudoku_tui.game.daily import daily_puzzle, today

    async with running_hub() as (hub, _):
        ann = served(tmp_path / "server", "SHA256:ann", "Ann", hub.path)
        async with ann.run_test(size=SIZE) as a:
            await a.pause()
            screen = screen_of(ann)
            assert not screen.session.has_puzzle
            await _join(ann, a, "race")
            await until([a], lambda: screen.rooms.room is not None and screen.rooms.room.puzzle is not None)
            room = screen.rooms.room
            assert room is not None and room.puzzle is not None
            assert room.puzzle.to_line() == daily_puzzle(today(), "medium", "9")[0]
            assert room.hidden  # a race's board, until the host's S


async def test_a_player_back_in_a_new_game_is_offered_their_room_first(tmp_path: Path) -> None:
    """Bob's game ends (a dropped connection ends it the same way); Ann enters a value; Bob's next
    game, same key, opens the Rooms dialog: "Back to room CODE" has the focus, and Enter takes
    him back to his seat, the board as the room has it now."""
    async with two_in_a_room(tmp_path, "coop") as (ann, a, bob, _b):
        ann_screen, bob_screen = screen_of(ann), screen_of(bob)
        room = ann_screen.rooms.room
        assert room is not None
        code, hub_path = room.code, ann_screen.players.identity.rooms
        assert hub_path is not None
        bob_screen.rooms.leave()  # as the game's end does
        await until([a], lambda: [s.connected for s in room.seats] == [True, False])
        await a.press("right", "2")
        again = served(tmp_path / "server", "SHA256:bob", "Bob", hub_path)
        async with again.run_test(size=SIZE) as c:
            await c.pause()
            dialog = await rooms_dialog(again, c)
            assert dialog.held == (code, "coop")
            back = dialog.query_one("#back", Button)
            assert dialog.focused is back and str(back.label) == f"Back to room {code}"
            await c.press("enter")
            screen = screen_of(again)
            await until([a, c], lambda: screen.session.play.values[1] == 2)
            assert screen.rooms.room is not None and screen.rooms.room.seat == 1
            assert [s.connected for s in room.seats] == [True, True]
            panel = str(screen.query_one("#room", RoomPanel).render())
            assert ">  Bob" in panel or "> Bob" in panel


async def test_nothing_is_offered_without_a_seat_or_in_the_room_itself(tmp_path: Path) -> None:
    async with two_in_a_room(tmp_path, "coop") as (ann, a, _bob, _b):
        dialog = await rooms_dialog(ann, a)  # Ann is in her room: nothing to go back to
        assert dialog.held is None
        assert not dialog.query("#back") and dialog.focused is dialog.query_one("#race", Button)
        hub_path = screen_of(ann).players.identity.rooms
        assert hub_path is not None
        cat = served(tmp_path / "server", "SHA256:cat", "Cat", hub_path)
        async with cat.run_test(size=SIZE) as c:
            await c.pause()
            assert (await rooms_dialog(cat, c)).held is None


async def test_the_statistics_list_a_game_solved_together(tmp_path: Path) -> None:
    solution = solve(Puzzle.from_line(shape_for_size("4x4"), LINE_4))
    assert solution is not None
    async with two_in_a_room(tmp_path, "coop") as (ann, a, bob, b):
        await _solve(ann, a, solution)
        await until([a, b], lambda: screen_of(bob).session.solved)
        await b.pause()
        await b.press("t")
        await b.pause()
        assert isinstance(bob.screen, StatisticsScreen)
        listed = str(bob.screen.query_one("#rooms", Label).render())
        assert texts.ROOM_GAMES_HEADING in listed and "4x4 co-op with Ann: solved" in listed


async def test_on_a_shared_board_solve_is_off_and_a_hint_applied_reaches_the_others(tmp_path: Path) -> None:
    async with two_in_a_room(tmp_path, "coop") as (ann, a, bob, b):
        ann_screen, bob_screen = screen_of(ann), screen_of(bob)
        assert ann_screen.action_state("solve") is None and bob_screen.action_state("solve") is None
        await a.press("s")  # Solve would have filled Ann's board alone: nothing happens
        await a.pause()
        assert ann_screen.session.play.values == list(PUZZLE_4.givens)
        unique = tmp_path / "unique.txt"  # a puzzle of one solution, which hints need
        unique.write_text(".....43.2..1....\n")
        ann_screen.open_file(unique)
        await until([a, b], lambda: bob_screen.session.puzzle.to_line() == ".....43.2..1....")
        givens = list(ann_screen.session.puzzle.givens)
        for _ in range(12):  # a hint's presses (named, shown, applied) until a value stands
            await a.press("question_mark")
            for _ in range(20):  # the hint is looked for in the background
                await a.pause()
                await asyncio.sleep(0.01)
            if ann_screen.session.play.values != givens:
                break
        assert ann_screen.session.play.values != givens, "no hint placed a value"
        await until([a, b], lambda: bob_screen.session.play.values == ann_screen.session.play.values)
