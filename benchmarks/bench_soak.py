"""A soak of ``sudoku-tui serve ssh``: many hostile sessions, and nothing left behind.

    python -m benchmarks.bench_soak [--sessions N] [--addresses A] [--at-once K] [--seed S] [--limit SECONDS] [--quick]

N sessions (default 1000; 100 with ``--quick``), K at a time (default 8), from
A loopback addresses (default 20: 127.0.0.2 and on, each client's socket bound
to one), against one server on 127.0.0.1 that lets them all in
(``--connections-per-minute`` high, ``--guests``). Each session is one of:
dropped mid-login (a bare TCP connection with or without a banner and
noise, or an SSH login cut short); a session without a terminal; or a
session with a terminal whose type, environment and window size are drawn
from hostile values (NUL and control bytes, over-long names, sizes up to
2**32-1), which then plays a little (keys, random bytes, hostile resizes,
now and then a flood of input or a client that never reads) and drops
(abort, close or end of input), some before the game has drawn at all.
Four of the five keys have names; the fifth's games open on the name dialog,
which then takes the same hostile keys.

Afterwards, once every client is gone: the sessions the server still counts
(its log's last ``sessions now``; must be 0), its game processes left (0),
and its resident memory at the start, after a warm-up of the same mix, and
at the end (the end within 10 MiB of the warm-up's). Not a timed test: every
session and the whole run have a bound (``--limit``), so it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.serve.ssh_helpers import GuestClient, ServerProcess, asyncssh, game_processes, make_key, resident_memory

MIB = 1024 * 1024
SESSION_LIMIT = 90.0  # seconds one client may take before it gives up (and drops)
SETTLE_LIMIT = 120.0  # seconds the server has, once every client is gone, to end every session
SESSIONS_NOW = re.compile(r"sessions now: (\d+)")

# Hostile values: what a terminal never sends.
TERM_TYPES = [
    "xterm-256color",
    "",
    "xterm\x00evil",
    "\x1b]52;c;AAAA\x07",
    "\x1b[2J\x1b[H",
    "vt100\r\nX: y",
    "a" * 5000,
    "xterm\x7f",
    "screen.xterm-256color",
    "dumb",
]
ENV_VALUES: list[str | bytes] = ["1", "", "a\x00b", "\x1b[2J", "x" * 20000, b"\xff\xfe\x00", "\r\n", "\x9b31m"]
ENV_NAMES = ["NO_COLOR", "LANG", "TERM", "LD_PRELOAD", "PYTHONPATH", "SUDOKU_TUI_PLAYER", "X\x00Y"]
SIZES = [0, 1, 2, 80, 24, 1000, 1001, 65535, 65536, 70000, 2**31, 2**32 - 1]
KEYS = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "1", "5", "9", "o", "\x1b", "\t", "\r", " ", "?", "u", "n"]
HOSTILE_BYTES = [b"\xff", b"\x9b", b"\x1b[99999999999999999999A", b"\x1b]52;c;AAAA\x07", b"\x00", b"\x03", b"\x1a"]


def hostile_size(rng: random.Random) -> tuple[int, int]:
    return rng.choice(SIZES), rng.choice(SIZES)


def hostile_env(rng: random.Random) -> dict[str, str | bytes]:
    return {rng.choice(ENV_NAMES): rng.choice(ENV_VALUES) for _ in range(rng.randint(0, 4))}


async def ssh_connect(port: int, address: str, key: Path | None) -> asyncssh.SSHClientConnection:
    options = {"known_hosts": None, "username": "player", "agent_path": None, "local_addr": (address, 0)}
    if key is None:
        return await asyncssh.connect(
            "127.0.0.1",
            port,
            client_keys=None,
            client_factory=GuestClient,
            preferred_auth="keyboard-interactive",
            **options,
        )
    return await asyncssh.connect("127.0.0.1", port, client_keys=[str(key)], **options)


async def mid_login(rng: random.Random, port: int, address: str, key: Path | None) -> str:
    """A connection that never gets as far as a session."""
    if rng.random() < 0.5:
        _reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        if rng.random() < 0.7:
            writer.write(b"SSH-2.0-soak\r\n" + rng.randbytes(rng.randint(0, 3000)))
        await asyncio.sleep(rng.uniform(0, 0.5))
        writer.close()
        return "mid-login: bare TCP"
    try:  # an SSH login cut short wherever it has got to
        conn = await asyncio.wait_for(ssh_connect(port, address, key), rng.uniform(0.005, 0.3))
        conn.abort()
        return "mid-login: logged in, then dropped"
    except TimeoutError:
        return "mid-login: cut short"


async def without_terminal(rng: random.Random, port: int, address: str, key: Path | None) -> str:
    async with await ssh_connect(port, address, key) as conn:
        result = await conn.run(term_type=None, env=hostile_env(rng), encoding=None)
        return f"no terminal: exit {result.exit_status}"


async def with_terminal(rng: random.Random, port: int, address: str, key: Path | None) -> str:
    conn = await ssh_connect(port, address, key)
    try:
        process = await conn.create_process(
            term_type=rng.choice(TERM_TYPES),
            term_size=hostile_size(rng) if rng.random() < 0.6 else (80, 24),
            env=hostile_env(rng),
            encoding=None,
        )
        reads = rng.random() < 0.9  # the others never read what the game draws
        drew = False
        if reads and rng.random() < 0.8:  # the others drop before the game has drawn
            with contextlib.suppress(TimeoutError):
                drew = bool(await asyncio.wait_for(process.stdout.read(65536), 30))
        for _ in range(rng.randint(0, 12)):
            choice = rng.random()
            if choice < 0.6:
                process.stdin.write(rng.choice(KEYS).encode())
            elif choice < 0.8:
                process.stdin.write(rng.choice(HOSTILE_BYTES) + rng.randbytes(rng.randint(0, 64)))
            elif choice < 0.95:
                process.change_terminal_size(*hostile_size(rng))
            else:
                for _ in range(3):  # a flood: more than the server holds
                    process.stdin.write(rng.randbytes(MIB))
                    await asyncio.wait_for(process.stdin.drain(), 30)
            await asyncio.sleep(rng.uniform(0, 0.3))
            if reads:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.stdout.read(65536), 0.05)
        ending = rng.choice(["abort", "close", "eof"])
        if ending == "eof":
            process.stdin.write_eof()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait_closed(), 20)
        return f"terminal: {'drew' if drew else 'not drawn'}, {ending}"
    finally:
        conn.abort()


async def one_session(rng: random.Random, port: int, address: str, key: Path | None) -> str:
    kind = rng.random()
    try:
        if kind < 0.15:
            return await asyncio.wait_for(mid_login(rng, port, address, key), SESSION_LIMIT)
        if kind < 0.25:
            return await asyncio.wait_for(without_terminal(rng, port, address, key), SESSION_LIMIT)
        return await asyncio.wait_for(with_terminal(rng, port, address, key), SESSION_LIMIT)
    except TimeoutError:
        return "client gave up"
    except (asyncssh.Error, OSError) as error:  # refused, or dropped by the server: counted, not fatal
        return f"ended by the server: {type(error).__name__}"


async def sessions(
    count: int, at_once: int, rng: random.Random, port: int, addresses: list[str], keys: list[Path]
) -> Counter[str]:
    """``count`` sessions, ``at_once`` at a time, and how each went (in the Counter as they end)."""
    outcomes: Counter[str] = Counter()
    queue = list(range(count))

    async def worker() -> None:
        while queue:
            number = queue.pop()
            key = None if rng.random() < 0.3 else rng.choice(keys)
            outcomes[await one_session(random.Random(rng.random()), port, addresses[number % len(addresses)], key)] += 1

    workers = [asyncio.ensure_future(worker()) for _ in range(at_once)]
    try:
        await asyncio.gather(*workers)
    except asyncio.CancelledError:  # the soak's time is up: the sessions under way drop
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        outcomes["not run: the soak's time was up"] += len(queue)
    return outcomes


async def settled(server: ServerProcess, limit: float) -> None:
    """Until every session that started has ended and no game process is left (at most ``limit`` s)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        log = server.log()
        if log.count("session start: ") == log.count("session end: ") and not game_processes(server):
            break
        await asyncio.sleep(1)
    await asyncio.sleep(2)  # the last connections close


class LoadWatch:
    """The 1-minute load average, sampled every few seconds while the soak runs."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._watch())

    async def _watch(self) -> None:
        while True:
            self.samples.append(os.getloadavg()[0])
            await asyncio.sleep(5)

    def stop(self) -> str:
        if self._task is not None:
            self._task.cancel()
        if not self.samples:
            return "no samples"
        return f"1-minute load average: max {max(self.samples):.1f}, mean {sum(self.samples) / len(self.samples):.1f}"


async def soak(args: argparse.Namespace, folder: Path) -> int:
    rng = random.Random(args.seed)
    keys = [make_key(folder, f"key{number}") for number in range(5)]
    addresses = [f"127.0.0.{2 + number}" for number in range(args.addresses)]
    server = ServerProcess(folder / "server", "--guests", "--connections-per-minute", "1000000")
    for key in keys[1:]:  # named: their games start at the board; the first key's meet the name dialog
        server.name_player(key)
    deadline = time.monotonic() + args.limit
    try:
        at_start = resident_memory(server.process.pid)
        await sessions(args.warm_up, args.at_once, rng, server.port, addresses, keys)
        await settled(server, SETTLE_LIMIT)
        warmed = resident_memory(server.process.pid)
        started = time.monotonic()
        load = LoadWatch()
        load.start()
        running = asyncio.ensure_future(sessions(args.sessions, args.at_once, rng, server.port, addresses, keys))
        done, _ = await asyncio.wait([running], timeout=max(1.0, deadline - time.monotonic()))
        if not done:
            running.cancel()
        outcomes = await running
        took = time.monotonic() - started
        loads = load.stop()
        await settled(server, SETTLE_LIMIT)
        after = resident_memory(server.process.pid)
        log = server.log()
        counted = SESSIONS_NOW.findall(log)
        left = game_processes(server)
        seen = sorted(set(re.findall(r"from (127\.0\.0\.\d+)", log)))
        print(f"{args.sessions} sessions ({args.at_once} at a time, seed {args.seed}) in {took:.0f} s; {loads}")
        for outcome, number in sorted(outcomes.items(), key=lambda item: -item[1]):
            print(f"  {number:5d}  {outcome}")
        print(
            f"  server log: {log.count('session start: ')} sessions started, {log.count('session end: ')} ended, "
            f"{log.count('refused ')} refused, {log.count('too many connections')} dropped by the rate limit, "
            f"{len(seen)} client addresses"
        )
        endings = Counter(re.findall(r"s \(([^)]*), exit (-?\d+)\)", log))
        print("  endings: " + ", ".join(f"{why} exit {status}: {n}" for (why, status), n in endings.most_common()))
        print(f"sessions still counted: {counted[-1] if counted else 'none ended'}")
        print(f"game processes left: {len(left)}")
        print(
            f"server memory: {at_start / MIB:.1f} MiB at start, {warmed / MIB:.1f} MiB after {args.warm_up} sessions "
            f"of warm-up, {after / MIB:.1f} MiB at the end ({(after - warmed) / MIB:+.1f} MiB)"
        )
        good = bool(counted) and counted[-1] == "0" and not left and after - warmed <= 10 * MIB
        print("holds" if good else "DOES NOT HOLD")
        return 0 if good else 1
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--addresses", type=int, default=20, help="loopback addresses, from 127.0.0.2 (20)")
    parser.add_argument("--at-once", type=int, default=8, help="sessions at a time (8)")
    parser.add_argument("--warm-up", type=int, default=40, help="sessions before the first memory figure (40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=3600.0, help="seconds the whole soak may take (3600)")
    parser.add_argument("--quick", action="store_true", help="100 sessions")
    args = parser.parse_args(argv)
    if args.quick:
        args.sessions = min(args.sessions, 100)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} before the soak")
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(soak(args, Path(folder)))


if __name__ == "__main__":
    sys.exit(main())
