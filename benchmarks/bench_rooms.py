"""Co-op rooms on one ``sudoku-tui serve ssh``: the time from a player's key to the other
players' screens, and memory per player.

    python -m benchmarks.bench_rooms [--rooms R] [--players P] [--moves M] [--think S] [--quick]

R co-op rooms (default 25; 3 with ``--quick``) of P players each (default 4),
every player a key of its own and a real asyncssh client with a terminal and a
terminal emulator (pyte). The host of each room connects with ``ssh -t HOST coop``
and puts today's daily puzzle in play (``d``); the others connect with ``join
CODE``. Then, in every room at once, the players take turns: each moves to an
empty cell (arrow keys 20 ms apart), waits S seconds (default 1.0) and types
its value (M values a player, default 3), the next player's turn starting
when the value stands on every other screen; the rooms' first turns are
spread evenly over the first S seconds. For each value, the time from the
key leaving the client to the value standing in that cell on each of the other
players' screens is measured; reported: p50, p95 and the largest, over every
value and every other screen, with the machine's load; before play, the games'
CPU a second while nobody types (their upkeep). Then the memory of the
game processes, per player (resident and proportional). The target of the
issue: p95 under 250 ms. The clients run on the same two cores as the server
and its games; the load line says how busy the machine was.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_serve import CpuShares, children_of, cpu_seconds, memory, percentile
from sudoku_tui.game.daily import daily_puzzle, today
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, make_key

RIGHT, LEFT, DOWN, UP = "\x1b[C", "\x1b[D", "\x1b[B", "\x1b[A"
CODE = re.compile(r"Co-op ([A-Z0-9]{6})")
# A second's thought before each value: with the arrow keys before it, about a key a second
# from each player, the pace of bench_serve's players (the serving target).
THINK = 1.0
WAIT = 120.0  # seconds: a safety net for one screen that never shows a value
IDLE = 5.0  # seconds the games are left alone before play, to measure their upkeep


def board_cells(line: str) -> list[str] | None:
    """A screen line's 9 cell values ("" for an empty cell), or None when it is no board line
    (at 80x24, beside the room's panel, a line a row)."""
    if line.count("┃") < 4 or line.count("│") < 6:
        return None
    cells = re.split(r"[┃│]", line)[1:10]
    # The value's digit alone: the cursor's marks and another player's initial go.
    return [re.sub(r"[^0-9]", "", cell) for cell in cells] if len(cells) == 9 else None


def board_values(screen: Screen) -> list[list[str]]:
    """The 9x9 board as the screen shows it: rows of cell values, "" for an empty cell."""
    return [cells for line in screen.screen.display if (cells := board_cells(line)) is not None]


BOARD_LINES: dict[int, list[int]] = {}  # a terminal's id -> the screen line of each board row


def shows(screen: Screen, cell: int, value: int) -> bool:
    """Whether the value stands in the cell: its row's line read alone once the board's
    lines are known (reading the whole screen for each piece of output the clients get was
    a good part of the benchmark's own CPU, which shares the two cores with the games)."""
    terminal = screen.screen
    row, column = divmod(cell, 9)
    lines = BOARD_LINES.get(id(terminal))
    if lines is None:
        lines = [y for y, line in enumerate(terminal.display) if board_cells(line) is not None]
        if len(lines) < 9:
            return False
        BOARD_LINES[id(terminal)] = lines
    buffer_line = terminal.buffer[lines[row]]
    cells = board_cells("".join(buffer_line[x].data for x in range(terminal.columns)))
    if cells is None:  # the board moved (a dialog, a resize): found again next time
        del BOARD_LINES[id(terminal)]
        return False
    return cells[column] == str(value)


class Player:
    """One client in a room: its screen and where its cursor stands."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.at = 0

    def keys_to(self, cell: int) -> list[str]:
        row, column = divmod(self.at, 9)
        to_row, to_column = divmod(cell, 9)
        self.at = cell
        vertical = [DOWN if to_row > row else UP] * abs(to_row - row)
        return vertical + [RIGHT if to_column > column else LEFT] * abs(to_column - column)


async def arrival(screen: Screen, cell: int, value: int) -> float:
    """The moment the value stands in the cell on ``screen``."""
    async with asyncio.timeout(WAIT):
        while not shows(screen, cell, value):
            screen.arrived.clear()
            if shows(screen, cell, value):
                break
            await screen.arrived.wait()
    return time.perf_counter()


async def open_room(port: int, keys: list[Path], line: str) -> list[Player]:
    host_conn = await connect(port, keys[0])
    host = await Screen(host_conn).start("coop")
    await host.wait_for("Co-op ", timeout=WAIT)
    found = CODE.search(host.text())
    assert found is not None, host.text()
    await host.press("d")
    await host.wait_for("(new puzzle, 9x9)", timeout=WAIT)
    players = [Player(host)]
    for key in keys[1:]:
        screen = await Screen(await connect(port, key)).start(f"join {found.group(1)}")
        await until_board(screen, line)
        players.append(Player(screen))
    return players


async def until_board(screen: Screen, line: str) -> None:
    """Until the room's puzzle stands on a joiner's screen (its first given)."""
    given = next(cell for cell, char in enumerate(line) if char != ".")
    async with asyncio.timeout(WAIT):
        while not shows(screen, given, int(line[given])):
            screen.arrived.clear()
            await screen.arrived.wait()


async def play_room(
    players: list[Player], cells: list[int], solution: tuple[int, ...], think: float, phase: float
) -> list[float]:
    """The players in turn, a value each time, the first after ``phase`` seconds (rooms that
    started together would type their values in the same instants, which rooms do not); the
    times to the other screens."""
    await asyncio.sleep(phase)
    times: list[float] = []
    for turn, cell in enumerate(cells):
        player = players[turn % len(players)]
        await player.screen.press(*player.keys_to(cell), pause=0.02)
        await asyncio.sleep(think)
        others = [other.screen for other in players if other is not player]
        waits = [asyncio.ensure_future(arrival(screen, cell, solution[cell])) for screen in others]
        await asyncio.sleep(0)  # the waiters see the screens as they were before the key
        sent = time.perf_counter()
        await player.screen.press(str(solution[cell]), pause=0)
        times += [at - sent for at in await asyncio.gather(*waits)]
    return times


async def idle_cost(server_pid: int, seconds: float = IDLE) -> str:
    """What the games cost while nobody types (their clocks, their upkeep): a share of every
    value's CPU below that grows with the games, not with the values."""
    games = children_of(server_pid)
    before = sum(cpu_seconds(pid) for pid in games)
    await asyncio.sleep(seconds)
    each = (sum(cpu_seconds(pid) for pid in games) - before) / seconds / max(len(games), 1)
    return f"idle for {seconds:.0f} s: {each * 1000:.1f} ms of CPU a second a game"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


async def measure(rooms: int, size: int, moves: int, think: float, folder: Path) -> None:
    line, made = daily_puzzle(today(), "medium", "9")
    empty = [cell for cell, char in enumerate(line) if char == "."]
    keys = [make_key(folder, f"key{number}") for number in range(rooms * size)]
    server = ServerProcess(
        folder / "server", "--max-sessions", str(rooms * size + 5), "--connections-per-minute", "100000"
    )
    try:
        started = time.perf_counter()
        teams = await asyncio.gather(
            *(open_room(server.port, keys[room * size : (room + 1) * size], line) for room in range(rooms))
        )
        print(f"{rooms} co-op rooms of {size}: all on one board after {time.perf_counter() - started:.0f} s; {load()}")
        print("  " + memory(server))
        print("  " + await idle_cost(server.process.pid), flush=True)
        cells = empty[: size * moves]
        shares = CpuShares(server.process.pid)
        results = await asyncio.gather(
            *(play_room(team, cells, made.solution, think, think * number / rooms) for number, team in enumerate(teams))
        )
        times = [t for room in results for t in room]
        print(
            f"  key to the other {size - 1} screens: p50 {percentile(times, 0.5) * 1000:.0f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.0f} ms, largest {max(times) * 1000:.0f} ms "
            f"({len(times)} arrivals of {len(cells) * rooms} values); {load()}"
        )
        print("  " + shares.report(len(cells) * rooms, "a value"))
        print("  after playing: " + memory(server))
        for team in teams:
            for player in team:
                player.screen.conn.close()
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=25)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=3, help="values each player types")
    parser.add_argument("--think", type=float, default=THINK)
    parser.add_argument("--quick", action="store_true", help="3 rooms")
    args = parser.parse_args(argv)
    rooms = 3 if args.quick else args.rooms
    with tempfile.TemporaryDirectory(prefix="bench-rooms-") as folder:
        asyncio.run(measure(rooms, args.players, args.moves, args.think, Path(folder)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
