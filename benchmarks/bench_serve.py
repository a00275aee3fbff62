"""Capacity of ``sudoku-tui serve ssh`` on this machine: sessions held, memory, key-to-screen time.

    python -m benchmarks.bench_serve [N ...] [--playing M] [--think S] [--nice N] [--solver pure|compiled]

For each N (default 10 50 100): a server on the loopback, N SSH sessions
opened at once with a key each (real asyncssh clients with a terminal), and
then M of them (default 50, at most N) play together, a key every
0.3 s after the screen answered the last (``--think``): open a bundled 9x9
file through the Open dialog, then 20 moves (arrows and values), a hint and
a solve. Reported: the sessions that reached the game's first screen, the
memory of the game processes (resident and proportional, per session), and
the time from a key to the first bytes of the screen's answer, at the 50th
and 95th percentile, for the moves and for the hint and the solve; and the
memory again after playing (with ``--solver compiled`` a game loads the
compiled search for its first hint or solve).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from tests.serve.ssh_helpers import Screen, ServerProcess, connect, make_key

START_LINE = "Press o to open a puzzle file."
RIGHT, LEFT, DOWN = "\x1b[C", "\x1b[D", "\x1b[B"


def moves_to_empty_cells(count: int = 8) -> list[str]:
    """Keys that each change the screen: the cursor walks to the first empty cells of
    puzzle 0 of the bundled 9x9-easy file, and a value goes into each."""
    from sudoku_tui.engine.files.formats import read_puzzle_file
    from sudoku_tui.paths import bundled_puzzles

    givens = read_puzzle_file(bundled_puzzles() / "9x9-easy.txt").puzzle(0).givens
    keys, row, column = [], 0, 0
    for cell in [cell for cell, value in enumerate(givens) if not value][:count]:
        target_row, target_column = divmod(cell, 9)
        keys += [DOWN] * (target_row - row)
        keys += [RIGHT if target_column > column else LEFT] * abs(target_column - column)
        keys.append(str(1 + cell % 9))
        row, column = target_row, target_column
    return keys


MOVES = moves_to_empty_cells()
PLAY_LIMIT = 240.0  # seconds one player's game may take before it counts as not finished
NICE = 10  # the games' priority, as the server's default (--nice)
SOLVER = "pure"  # the games' search, as the server's default (--solver)
THINK = 0.3  # seconds between a screen's answer and the next key: a fast player (--think)


class TimedScreen(Screen):
    """A screen that times the server's answers."""

    async def key_to_screen(self, key: str, timeout: float = 30.0) -> float:
        """Seconds from sending ``key`` to the first bytes drawn in answer."""
        assert self.process is not None
        await asyncio.sleep(THINK)  # a player's pause between keys (what the last key drew has arrived by now)
        self.arrived.clear()
        sent = time.perf_counter()
        self.process.stdin.write(key.encode())
        await asyncio.wait_for(self.arrived.wait(), timeout)
        return time.perf_counter() - sent


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process has used so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


class CpuShares:
    """Where the CPU went between :meth:`start` and :meth:`report`: this benchmark's own
    clients (SSH and a terminal emulator each), the server, and its games."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.games = children_of(server_pid)
        self.before = self._now()

    def _now(self) -> tuple[float, float, float, float]:
        games = sum(cpu_seconds(pid) for pid in self.games)
        return time.perf_counter(), time.process_time(), cpu_seconds(self.server_pid), games

    def report(self, keys: int) -> str:
        wall, clients, server, games = (after - before for after, before in zip(self._now(), self.before, strict=True))
        return (
            f"CPU over {wall:.0f} s of play: clients {clients:.0f} s, server {server:.0f} s, "
            f"games {games:.0f} s ({games / max(keys, 1) * 1000:.0f} ms a timed key; opening the file, "
            "the clock and idle time included)"
        )


def memory_of_children(server_pid: int) -> tuple[int, int, int]:
    """(game processes, total resident KiB, total proportional KiB) of the server's children."""
    count = rss = pss = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            parent = int(status.split("PPid:")[1].split()[0])
            if parent != server_pid:
                continue
            rss += int(status.split("VmRSS:")[1].split()[0])
            rollup = (entry / "smaps_rollup").read_text()
            pss += int(rollup.split("Pss:")[1].split()[0])
            count += 1
        except (OSError, IndexError, ValueError):
            continue
    return count, rss, pss


def memory(server: ServerProcess) -> str:
    games, rss, pss = memory_of_children(server.process.pid)
    per = max(games, 1)
    return f"{games} game processes: {rss / per / 1024:.0f} MiB resident, {pss / per / 1024:.0f} MiB proportional each"


async def open_session(port: int, key: Path) -> TimedScreen | None:
    try:
        conn = await connect(port, key)
        screen = TimedScreen(conn)
        await screen.start()
        await screen.wait_for(START_LINE, timeout=300)
        return screen
    except Exception as error:  # a session that did not make it is counted, not fatal
        print(f"  a session failed: {type(error).__name__}: {error}"[:200], file=sys.stderr)
        return None


async def play(screen: TimedScreen) -> tuple[list[float], list[float]]:
    await screen.press("o")
    await screen.wait_for("📄 9x9-easy.txt", timeout=120)
    await screen.press("\t", "9x9-easy.txt")
    await screen.wait_for("puzzles/9x9-easy.txt", timeout=120)
    await screen.press("\r")
    await screen.wait_for("of 0 … ", timeout=120)
    screen.emulating = False  # from here only the time of each answer's first bytes counts
    moves = [await screen.key_to_screen(key) for key in MOVES]
    slow = [await screen.key_to_screen("?"), await screen.key_to_screen("s")]
    return moves, slow


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(count: int, playing: int, folder: Path) -> None:
    keys = [make_key(folder, f"key{number}") for number in range(count)]
    server = ServerProcess(
        folder / f"server-{count}",
        *("--max-sessions", str(count + 5), "--connections-per-minute", "100000"),
        *("--nice", str(NICE), "--solver", SOLVER),
    )
    try:
        started = time.perf_counter()
        screens = await asyncio.gather(*(open_session(server.port, key) for key in keys))
        held = [screen for screen in screens if screen is not None]
        took = time.perf_counter() - started
        print(f"N={count}: {len(held)} sessions held (all on screen after {took:.0f} s); " + memory(server))
        players = held[: min(playing, len(held))]
        shares = CpuShares(server.process.pid)
        # Each player gets a bounded time, so one stuck session cannot hold the whole run.
        results = await asyncio.gather(
            *(asyncio.wait_for(play(screen), PLAY_LIMIT) for screen in players), return_exceptions=True
        )
        moves = [t for r in results if isinstance(r, tuple) for t in r[0]]
        slow = [t for r in results if isinstance(r, tuple) for t in r[1]]
        failed = sum(1 for r in results if not isinstance(r, tuple))
        if moves:
            print(
                f"  {len(players) - failed} playing: key to screen p50 {percentile(moves, 0.5) * 1000:.0f} ms, "
                f"p95 {percentile(moves, 0.95) * 1000:.0f} ms ({len(moves)} keys); hint and solve p50 "
                f"{percentile(slow, 0.5) * 1000:.0f} ms, p95 {percentile(slow, 0.95) * 1000:.0f} ms"
                + (f"; {failed} did not finish" if failed else "")
            )
            print("  " + shares.report(len(moves) + len(slow)))
            print("  after playing: " + memory(server))
        for screen in held:
            screen.conn.close()
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("counts", nargs="*", type=int, default=[10, 50, 100])
    parser.add_argument("--playing", type=int, default=50)
    parser.add_argument("--think", type=float, default=THINK, help="seconds between keys (default 0.3)")
    parser.add_argument("--nice", type=int, default=NICE, help="the games' lower priority (default 10, the server's)")
    parser.add_argument("--solver", choices=("pure", "compiled"), default=SOLVER, help="the games' search (pure)")
    args = parser.parse_args(argv)
    globals()["THINK"], globals()["NICE"], globals()["SOLVER"] = args.think, args.nice, args.solver
    print(
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} before the run; "
        f"games at nice {NICE}, {SOLVER} search, a key every {THINK} s after the last answer"
    )
    with tempfile.TemporaryDirectory() as folder:
        for count in args.counts:
            asyncio.run(measure(count, args.playing, Path(folder)))


if __name__ == "__main__":
    main()
