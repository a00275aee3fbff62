"""A game process for the store tests: run as a script, it opens the store of a
folder and writes games; each id it prints was committed before it was printed.

    store_worker.py game PLACE N        save game N, say "ready", wait for a line, save it again (quitting), exit
    store_worker.py put PLACE START COUNT
                                        say "ready", wait for a line, save games START.. one by one, exit
    store_worker.py forever PLACE START
                                        save games START, START+1..; every third one is then finished
                                        ("put N" / "fin N" after each commit) until killed
    store_worker.py unreadable FOLDER   (as root: become nobody first) open the store, say how it went

PLACE is where the store is, as a server names it: a folder (the SQLite store in
it) or a PostgreSQL URL. The tests import :func:`numbered_game` from here too.
"""

from __future__ import annotations

import fcntl  # noqa: F401  imported while the files can still be read (see "unreadable")
import json
import os
import sys
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.store.interface import Store
from sudoku_tui.game.store.local import open_local_store
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.game.store.records import Game, Source

NINE = square(3)
PLAYER = "local"


def numbered_game(number: int, elapsed: float = 1.0) -> Game:
    """A 9x9 game of its own puzzle: the number's digits (base 9) are its first givens."""
    values = [0] * NINE.size
    cell = 0
    while True:
        number, digit = divmod(number, 9)
        values[cell] = digit + 1
        cell += 1
        if not number:
            break
    puzzle = Puzzle(NINE, tuple(values))
    return Game.of(puzzle, values, [0] * NINE.size, elapsed, source=Source.file("/puzzles/p.txt", cell))


def number_of(givens: str) -> int:
    """The number that the givens of :func:`numbered_game` were made from."""
    digits = [NINE.value_of(ch) - 1 for ch in givens.rstrip(".")]
    return sum(d * 9**i for i, d in enumerate(digits))


def say(text: str) -> None:
    print(text, flush=True)


def open_store(place: str) -> Store:
    opened = open_store_at(place, PLAYER)
    assert not opened.notices, opened.notices  # a store that could not be opened would keep nothing
    return opened.store


def one_game(place: str, number: int) -> None:
    store = open_store(place)
    store.put_game(PLAYER, numbered_game(number, 1.0))
    say("ready")
    sys.stdin.readline()
    store.put_game(PLAYER, numbered_game(number, 2.0))
    store.close()
    say("saved")


def many_games(place: str, start: int, count: int) -> None:
    store = open_store(place)
    say("ready")
    sys.stdin.readline()
    for number in range(start, start + count):
        store.put_game(PLAYER, numbered_game(number))
    store.close()


def forever(place: str, start: int) -> None:
    store = open_store(place)
    number = start
    while True:
        game = numbered_game(number)
        store.put_game(PLAYER, game)
        say(f"put {number}")
        if number % 3 == 0:
            store.finish_game(PLAYER, game)
            say(f"fin {number}")
        number += 1


def unreadable(folder: Path) -> None:
    os.chdir(folder)
    if os.geteuid() == 0:
        # Root reads any file: drop to nobody, after every import, in the store's folder.
        os.setgid(65534)
        os.setuid(65534)
    opened = open_local_store(Path("."))
    saved = opened.store.put_game(PLAYER, numbered_game(7))
    again = opened.store.find_game(PLAYER, saved.key) is not None
    say(json.dumps({"uid": os.getuid(), "saving": opened.saving, "notices": opened.notices, "found": again}))


def main(argv: list[str]) -> None:
    mode, place = argv[0], argv[1]
    if mode == "game":
        one_game(place, int(argv[2]))
    elif mode == "put":
        many_games(place, int(argv[2]), int(argv[3]))
    elif mode == "forever":
        forever(place, int(argv[2]))
    elif mode == "unreadable":
        unreadable(Path(place))
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
