"""A served game writes its changes at most once a second (docs/serving.md, "What a game
costs"): played by a real asyncssh client on a real SQLite store, a hang-up or a stop right
after a key loses nothing, and a kill loses no change made after a second without one."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.paths import bundled_puzzles
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, fingerprint, keys, servers
from tests.serve.test_ssh_server import START_LINE, game_processes, open_bundled, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

RIGHT, LEFT, DOWN = "\x1b[C", "\x1b[D", "\x1b[B"
EMPTY = [
    cell
    for cell, value in enumerate(read_puzzle_file(bundled_puzzles() / "4x4-easy.txt").puzzle(0).givens)
    if not value
]


def stored(server: ServerProcess, player: str) -> list[int]:
    """The values of the player's game in progress as the server's store has them now."""
    with open_store_at(server.store, player).store as store:
        games = store.games_in_progress(player)
    return games[0].value_list() if games else []


async def until_stored(server: ServerProcess, player: str, cell: int, value: int) -> None:
    deadline = time.monotonic() + 30  # a safety net
    while not (values := stored(server, player)) or values[cell] != value:
        assert time.monotonic() < deadline, f"cell {cell} never stored as {value}: {values}"
        await asyncio.sleep(0.1)


async def type_at(screen: Screen, at: int, cell: int, value: int) -> None:
    """From cell ``at`` to ``cell`` of the 4x4 board, then the value; back once its answer is drawn."""
    row, column = divmod(at, 4)
    to_row, to_column = divmod(cell, 4)
    keys = [DOWN] * (to_row - row) + [RIGHT if to_column > column else LEFT] * abs(to_column - column)
    await screen.press(*keys)
    screen.arrived.clear()
    await screen.press(str(value), pause=0)
    await asyncio.wait_for(screen.arrived.wait(), 30)


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["hang-up", "stop"])
async def test_a_hang_up_or_a_stop_right_after_keys_keeps_every_change(servers, keys, signum: int) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    player = fingerprint(alice)
    first, second = EMPTY[:2]
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await open_bundled(screen)
        await type_at(screen, 0, first, 1)
        await until_stored(server, player, first, 1)  # a lone change: written once drawn
        await type_at(screen, first, second, 2)  # within a second of that write: it waits
        [game] = game_processes(server)
        os.kill(game, signum)
        await screen.exit_status()
    assert stored(server, player)[second] == 2


async def test_a_killed_game_keeps_a_change_made_after_a_quiet_second(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    player = fingerprint(alice)
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await open_bundled(screen)
        await type_at(screen, 0, EMPTY[0], 3)
        await until_stored(server, player, EMPTY[0], 3)  # written by itself, no way out taken
        [game] = game_processes(server)
        os.kill(game, signal.SIGKILL)
        await screen.exit_status()
    assert stored(server, player)[EMPTY[0]] == 3
