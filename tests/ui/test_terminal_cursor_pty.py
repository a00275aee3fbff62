"""The terminal's cursor on the selected cell, in a real terminal: the game runs on a
pseudo-terminal, pyte reads what it draws, and after each move the terminal's cursor is
shown on the screen cell holding the selected cell's value; over a dialog it is hidden
(Textual's own way), and back on the cell when the dialog closes."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pty_game import PtyGame
from ui_puzzles import NINE_PUZZLES

from tests.serve.needs import need

pyte = need("pyte")

F1 = "\x1bOP"
MOVES = {"\x1b[C": 1, "\x1b[B": 9, "\x1b[D": -1}  # right, down, left: the cell they go to


class Terminal:
    """What a terminal shows of the game's output so far (pyte, fed everything again)."""

    def __init__(self, game: PtyGame) -> None:
        self.game = game

    def screen(self) -> pyte.Screen:
        screen = pyte.Screen(80, 24)
        pyte.ByteStream(screen).feed(bytes(self.game.output))
        return screen

    def until(self, seen: Callable[[pyte.Screen], bool], what: str, timeout: float = 20.0) -> pyte.Screen:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if seen(screen):
                return screen
            time.sleep(0.05)
        screen = self.screen()
        cursor = screen.cursor
        raise AssertionError(f"{what}; the cursor is at {cursor.x},{cursor.y}:\n" + "\n".join(screen.display))


def under_cursor(screen: pyte.Screen) -> str:
    return str(screen.buffer[screen.cursor.y][screen.cursor.x].data)


def test_the_terminal_cursor_is_on_the_selected_value(puzzle_dir: Path, data_home: Path) -> None:
    game = PtyGame(puzzle_dir / "nine.txt", data_home)
    terminal = Terminal(game)
    puzzle = NINE_PUZZLES[0]
    game.wait_for("Puzzle")
    cell, places = 0, set()
    for key in ["\x1b[C", "\x1b[C", "\x1b[B", "\x1b[B", "\x1b[D", "\x1b[B"]:
        game.press(key, pause=0)
        cell += MOVES[key]
        if puzzle[cell] == ".":
            continue  # an empty cell: nothing drawn to find; the pilot tests check its place
        screen = terminal.until(
            lambda screen, symbol=puzzle[cell]: not screen.cursor.hidden and under_cursor(screen) == symbol,
            f"the cursor is not shown on cell {cell}'s {puzzle[cell]}",
        )
        places.add((screen.cursor.x, screen.cursor.y))
    assert len(places) >= 3  # it moved with the selection, cell by cell
    game.press(F1)
    terminal.until(lambda screen: screen.cursor.hidden, "the cursor still shows over the help")
    game.press("\x1b")
    terminal.until(
        lambda screen: not screen.cursor.hidden and (screen.cursor.x, screen.cursor.y) in places,
        "the cursor did not come back to the cell",
    )
    game.press("q")
    assert game.finish() == 0
