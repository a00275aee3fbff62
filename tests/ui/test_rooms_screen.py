"""Rooms on the game screen, two served games against a real hub: w joins by code, a value
typed in one game shows on the other's board, the room's panel names every seat and the
others' cursors."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.game_screen import GameScreen
from sudoku_tui.ui.rooms import RoomPanel, RoomsDialog
from tests.serve.room_games import LINE_4, running_hub

SIZE = (80, 24)
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


async def _join(app: SudokuApp, pilot, what: str, code: str = "") -> None:  # type: ignore[no-untyped-def]
    await pilot.press("w")
    await pilot.pause()
    assert isinstance(app.screen, RoomsDialog)
    if code:
        app.screen.query_one("#room-code", Input).value = code
    await pilot.click(f"#{what}")
    await pilot.pause()


async def test_a_shared_board_on_two_screens(tmp_path: Path) -> None:
    puzzles = tmp_path / "four.txt"
    puzzles.write_text(LINE_4 + "\n")
    async with running_hub() as (hub, _):
        ann = served(tmp_path / "server", "SHA256:ann", "Ann", hub.path)
        bob = served(tmp_path / "server", "SHA256:bob", "Bob", hub.path)
        async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
            await a.pause()
            await b.pause()
            ann_screen, bob_screen = screen_of(ann), screen_of(bob)
            await _join(ann, a, "coop")
            await until([a], lambda: ann_screen.rooms.room is not None and bool(ann_screen.rooms.room.code))
            ann_screen.open_file(puzzles)
            await until([a], lambda: ann_screen.rooms.room.puzzle is not None)  # type: ignore[union-attr]
            await _join(bob, b, "join", ann_screen.rooms.room.code)  # type: ignore[union-attr]
            await until([a, b], lambda: bob_screen.session.puzzle == ann_screen.session.puzzle)
            await a.press("right", "2")
            await until([a, b], lambda: bob_screen.session.play.values[1] == 2)
            await b.press("down")
            await until([a, b], lambda: 1 in ann_screen.rooms.room.cursors)  # type: ignore[union-attr]
            panel = str(ann_screen.query_one("#room", RoomPanel).render())
            assert "Ann" in panel and "Bob" in panel and "Co-op" in panel and "r2c1" in panel  # Bob's cursor, one down
            assert "Waiting" not in str(bob_screen.query_one("#room", RoomPanel).render())
            assert not bob_screen.board.play.can_undo


def board_lines(screen: GameScreen) -> list[str]:
    board = screen.board
    return [board.render_line(y).text for y in range(board.plan.height)]


async def test_the_others_cursors_on_a_shared_board(tmp_path: Path) -> None:
    puzzles = tmp_path / "four.txt"
    puzzles.write_text(LINE_4 + "\n")
    async with running_hub() as (hub, _):
        ann = served(tmp_path / "server", "SHA256:ann", "Ann", hub.path)
        bob = served(tmp_path / "server", "SHA256:bob", "Bob", hub.path)
        async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
            await a.pause()
            await b.pause()
            ann_screen, bob_screen = screen_of(ann), screen_of(bob)
            await _join(ann, a, "coop")
            await until([a], lambda: ann_screen.rooms.room is not None and bool(ann_screen.rooms.room.code))
            ann_screen.open_file(puzzles)
            await until([a], lambda: ann_screen.rooms.room.puzzle is not None)  # type: ignore[union-attr]
            await _join(bob, b, "join", ann_screen.rooms.room.code)  # type: ignore[union-attr]
            await until([a, b], lambda: bob_screen.session.puzzle == ann_screen.session.puzzle)
            await b.press("down", "right")  # Bob to r2c2, cell 5
            await until([a, b], lambda: ann_screen.rooms.room.cursors.get(1) == 5)  # type: ignore[union-attr]
            await a.pause()
            plan = ann_screen.board.plan
            top = board_lines(ann_screen)[plan.cell_y[1]]  # the first line of the board's second row
            corner = plan.cell_x[1] + plan.cell_width - 1  # the top-right place of r2c2
            assert top[corner] == "B"
            assert sum(line.count("B") for line in board_lines(ann_screen)) == 1  # nowhere else
            assert "A" not in "".join(board_lines(ann_screen))  # Ann's own cursor as ever, no initial
            assert sum(line.count("A") for line in board_lines(bob_screen)) == 1  # and Bob sees Ann's
