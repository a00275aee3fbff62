"""Capacity of ``sudoku-tui serve ssh`` on this machine: first screens, sessions held, memory, key-to-screen time.

    python -m benchmarks.bench_serve [N ...] [--playing M] [--think S] [--arrivals A] [--over S]
                                     [--nice N] [--solver pure|compiled] [--settle S]

First, arrivals: A clients (default 50) connect one after another, spread
evenly over S seconds (default 10), each with a key of its own (already
named, so no dialog), and each is timed from the start of its connection
(TCP, SSH key exchange and login) to the game's first screen, and from its
session's start (the shell asked for) to that screen: p50 and p95, with
games forked from the warm template, and then, as the reference in the same
run, with ``--cold-games`` (each game a new Python process).

Then for each N (default 300): a server on the loopback (``--max-sessions``
raised to N + 5: its default is 50), N SSH sessions opened at once with a key
each (real asyncssh clients with a terminal), all held on screen together, and
then M of them (default 100, at most N) open a bundled 9x9 file through the
Open dialog, all in the same second (the time until every one is on its
puzzle, and the CPU it took, are reported apart), and once all are, play
together, a key every ``--think`` seconds (default 1.0) after the screen
answered the last, their first keys spread evenly over the first
``--think`` seconds: 20 moves (arrows and values), a hint and a solve.
Reported: the sessions that reached the game's first screen, the memory of
the game processes (resident, and proportional: PSS from
/proc/PID/smaps_rollup, the shared pages split among the processes sharing
them; the template's own apart), and the time from a key to the first bytes
of the screen's answer, at the 50th and 95th percentile, for the moves and
for the hint and the solve; and the memory again after playing, and with
``--settle S`` once more after S seconds more (where the host runs the
kernel's same-page merging, the games' pages alike are merged meanwhile).

Each run prints the load average before it: the machine's other work slows
every figure here, which is wall-clock time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from contextlib import suppress
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
THINK = 1.0  # seconds between a screen's answer and the next key (--think)
SETTLE = 0.0  # seconds the sessions are held after playing before memory is read again (--settle)
TEMPLATE_READY = "a game's code moved together"  # the template ready, and warm (hot_code.py)


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

    def report(self, count: int, each: str = "a timed key") -> str:
        """The split, and the games' CPU for each of ``count`` things done (``each`` names one)."""
        wall, clients, server, games = (after - before for after, before in zip(self._now(), self.before, strict=True))
        return (
            f"CPU over {wall:.0f} s: clients {clients:.0f} s, server {server:.0f} s, "
            f"games {games:.0f} s ({games / max(count, 1) * 1000:.0f} ms {each}; the clock and idle time included)"
        )


def is_game(entry: Path, server_pid: int) -> bool | None:
    """True for a game of the server (its child leading a session of its own), False for
    its template (its child in its session), None for any other process."""
    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
    if int(fields[1]) != server_pid:
        return None
    return int(fields[3]) == int(entry.name)


def memory_of_children(server_pid: int) -> tuple[int, int, int, int]:
    """(game processes, their total resident KiB, their total proportional KiB, the templates' proportional KiB)."""
    count = rss = pss = templates = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            game = is_game(entry, server_pid)
            if game is None:
                continue
            rollup = (entry / "smaps_rollup").read_text()
            proportional = int(rollup.split("Pss:")[1].split()[0])
            if not game:
                templates += proportional
                continue
            rss += int(rollup.split("Rss:")[1].split()[0])
            pss += proportional
            count += 1
        except (OSError, IndexError, ValueError):
            continue
    return count, rss, pss, templates


def memory(server: ServerProcess) -> str:
    games, rss, pss, templates = memory_of_children(server.process.pid)
    per = max(games, 1)
    return (
        f"{games} game processes: {rss / per / 1024:.0f} MiB resident, {pss / per / 1024:.1f} MiB proportional each"
        f" (the template: {templates / 1024:.0f} MiB proportional)"
    )


KSM = Path("/sys/kernel/mm/ksm")
SETTLE_EVERY = 60.0  # seconds between the memory readings after play (--settle)


def merging() -> str:
    """Whether the kernel's same-page merging runs (the host's setting, which this does not change)."""
    try:
        return {"0": "off", "1": "on", "2": "off (unmerged)"}.get((KSM / "run").read_text().strip(), "?")
    except OSError:
        return "not in this kernel"


def ksmd_cpu() -> float:
    """CPU seconds the kernel's merging thread (ksmd) has used so far (0 without one)."""
    for entry in Path("/proc").iterdir():
        with suppress(OSError):
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == "ksmd":
                return cpu_seconds(int(entry.name))
    return 0.0


async def settle(server: ServerProcess) -> None:
    """The sessions held, idle, for SETTLE seconds after play: their memory every SETTLE_EVERY
    seconds, and the CPU the kernel's merging thread took meanwhile."""
    began, merged = time.perf_counter(), ksmd_cpu()
    while (waited := time.perf_counter() - began) < SETTLE:
        await asyncio.sleep(min(SETTLE_EVERY, SETTLE - waited))
        print(
            f"  after {time.perf_counter() - began:.0f} s more: {memory(server)}; "
            f"ksmd {ksmd_cpu() - merged:.1f} s of CPU"
        )


async def open_session(port: int, key: Path) -> TimedScreen | None:
    try:
        conn = await connect(port, key, named=False)  # named before: no store opened in the timing
        screen = TimedScreen(conn)
        await screen.start()
        await screen.wait_for(START_LINE, timeout=300)
        return screen
    except Exception as error:  # a session that did not make it is counted, not fatal
        print(f"  a session failed: {type(error).__name__}: {error}"[:200], file=sys.stderr)
        return None


async def open_puzzle(screen: TimedScreen) -> None:
    """The bundled 9x9 file through the Open dialog, its first puzzle on screen."""
    await screen.press("o")
    await screen.wait_for("📄 9x9-easy.txt", timeout=120)
    await screen.press("\t", "9x9-easy.txt")
    await screen.wait_for("puzzles/9x9-easy.txt", timeout=120)
    await screen.press("\r")
    await screen.wait_for("of 0 … ", timeout=120)


async def play(screen: TimedScreen, phase: float) -> tuple[list[float], list[float]]:
    """The timed keys, the first after ``phase`` seconds: players who started together would
    press their keys in the same instant every second, which a hundred players do not."""
    await asyncio.sleep(phase)
    screen.emulating = False  # from here only the time of each answer's first bytes counts
    moves = [await screen.key_to_screen(key) for key in MOVES]
    slow = [await screen.key_to_screen("?"), await screen.key_to_screen("s")]
    return moves, slow


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def start_server(folder: Path, sessions: int, *options: str) -> ServerProcess:
    return ServerProcess(
        folder,
        *("--max-sessions", str(sessions + 5), "--connections-per-minute", "100000"),
        *("--nice", str(NICE), "--solver", SOLVER),
        *options,
    )


def named_keys(folder: Path, server: ServerProcess, count: int) -> list[Path]:
    keys = [make_key(folder, f"key{number}") for number in range(count)]
    for key in keys:
        server.name_player(key)
    return keys


async def first_screen(port: int, key: Path, delay: float) -> tuple[float, float] | None:
    """Seconds from the connection's start, and from the session's, to the game's first screen."""
    await asyncio.sleep(delay)
    try:
        began = time.perf_counter()
        conn = await connect(port, key, named=False)
        screen = TimedScreen(conn)
        session = time.perf_counter()
        await screen.start()
        await screen.wait_for(START_LINE, timeout=120)
        shown = time.perf_counter()
    except Exception as error:  # a session that did not make it is counted, not fatal
        print(f"  a session failed: {type(error).__name__}: {error}"[:200], file=sys.stderr)
        return None
    await screen.press("q", pause=0)
    conn.close()
    return shown - began, shown - session


async def arrivals(count: int, over: float, folder: Path, cold: bool) -> None:
    """``count`` clients connecting evenly over ``over`` seconds: their first screens."""
    folder.mkdir()
    server = start_server(folder / "server", count, *(("--cold-games",) if cold else ()))
    try:
        if not cold:
            await server.wait_for_log(TEMPLATE_READY, timeout=300)
        keys = named_keys(folder, server, count)
        print(f"  load average {os.getloadavg()[0]:.1f} before")
        times = await asyncio.gather(
            *(first_screen(server.port, key, number * over / count) for number, key in enumerate(keys))
        )
        done = [t for t in times if t is not None]
        if done:
            connection = [t[0] for t in done]
            session = [t[1] for t in done]
            print(
                f"  {'cold (a new process a game)' if cold else 'warm (forked from the template)'}: "
                f"{len(done)} of {count} on screen; connection to first screen p50 "
                f"{percentile(connection, 0.5) * 1000:.0f} ms, p95 {percentile(connection, 0.95) * 1000:.0f} ms; "
                f"session to first screen p50 {percentile(session, 0.5) * 1000:.0f} ms, "
                f"p95 {percentile(session, 0.95) * 1000:.0f} ms"
            )
    finally:
        await asyncio.to_thread(server.terminate)


async def measure(count: int, playing: int, folder: Path) -> None:
    server = start_server(folder / f"server-{count}", count)
    try:
        await server.wait_for_log(TEMPLATE_READY, timeout=300)
        keys = named_keys(folder, server, count)
        print(f"  load average {os.getloadavg()[0]:.1f} before")
        started = time.perf_counter()
        screens = await asyncio.gather(*(open_session(server.port, key) for key in keys))
        held = [screen for screen in screens if screen is not None]
        took = time.perf_counter() - started
        print(f"N={count}: {len(held)} sessions held (all on screen after {took:.0f} s); " + memory(server))
        players = held[: min(playing, len(held))]
        # Everybody's puzzle open first: the keys are timed while all of them play, not
        # beside a hundred Open dialogs opened in the same second (timed apart, below).
        opening = time.perf_counter()
        shares = CpuShares(server.process.pid)
        opened = await asyncio.gather(
            *(asyncio.wait_for(open_puzzle(screen), PLAY_LIMIT) for screen in players), return_exceptions=True
        )
        players = [screen for screen, result in zip(players, opened, strict=True) if result is None]
        print(
            f"  {len(players)} opened a puzzle file together: all on their puzzle after "
            f"{time.perf_counter() - opening:.1f} s; " + shares.report(len(players), "an opening")
        )
        shares = CpuShares(server.process.pid)
        # Each player gets a bounded time, so one stuck session cannot hold the whole run.
        results = await asyncio.gather(
            *(
                asyncio.wait_for(play(screen, THINK * number / len(players)), PLAY_LIMIT)
                for number, screen in enumerate(players)
            ),
            return_exceptions=True,
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
            await settle(server)
        for screen in held:
            screen.conn.close()
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("counts", nargs="*", type=int, default=[300])
    parser.add_argument("--playing", type=int, default=100)
    parser.add_argument("--think", type=float, default=THINK, help="seconds between keys (default 1.0)")
    parser.add_argument("--arrivals", type=int, default=50, help="clients timed to their first screen (50; 0: none)")
    parser.add_argument("--over", type=float, default=10.0, help="seconds the arrivals are spread over (10)")
    parser.add_argument("--nice", type=int, default=NICE, help="the games' lower priority (default 10, the server's)")
    parser.add_argument("--solver", choices=("pure", "compiled"), default=SOLVER, help="the games' search (pure)")
    parser.add_argument("--settle", type=float, default=0.0, help="seconds held after play, then memory again (0)")
    args = parser.parse_args(argv)
    globals()["THINK"], globals()["NICE"], globals()["SOLVER"] = args.think, args.nice, args.solver
    globals()["SETTLE"] = args.settle
    print(
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} before the run; "
        f"games at nice {NICE}, {SOLVER} search, a key every {THINK} s after the last answer; "
        f"the kernel's same-page merging {merging()}"
    )
    with tempfile.TemporaryDirectory() as folder:
        if args.arrivals:
            print(f"{args.arrivals} clients connecting over {args.over:.0f} s:")
            for cold in (False, True):
                asyncio.run(arrivals(args.arrivals, args.over, Path(folder) / f"arrivals-{cold}", cold))
        for count in args.counts:
            asyncio.run(measure(count, args.playing, Path(folder)))


if __name__ == "__main__":
    main()
