"""What a served game costs while nobody types: CPU seconds and wake-ups of an idle game process.

    python -m benchmarks.bench_idle [--seconds S] [--profile]

One ``sudoku-tui serve ssh`` on the loopback and three real SSH clients (asyncssh,
a terminal each): a solo player with today's daily puzzle on the board, and a co-op
room of two on the same puzzle. Once every screen has settled, nobody types for S
seconds (default 30) and each game process's CPU seconds (``/proc/PID/stat``, user
and system) and context switches (``/proc/PID/status``: each one a time the process
went to sleep or was woken) are read before and after. Reported: CPU milliseconds
a second and wake-ups a second per game, beside the load average. On a server with
hundreds of sessions this is what every game costs before anyone plays: 100 games
at 10 ms a second are a whole core's tenth.

``--profile`` runs the same with each game under ``py-spy`` when it is installed
(not by default: it is no dependency of the project).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_serve import children_of, cpu_seconds
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, make_key

SETTLE = 3.0  # seconds after the last screen's first board before counting
CODE_AT = "Co-op "


def switches(pid: int) -> int:
    """Voluntary and involuntary context switches of every thread of a process so far."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    except OSError:
        return total
    return total


def spy(pid: int, seconds: float, folder: Path) -> tuple[subprocess.Popen[bytes], Path]:
    """py-spy sampling one game for ``seconds``, its stacks (idle ones left out) to a file."""
    out = folder / f"spy-{pid}.txt"
    command = ["py-spy", "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "250", "-f", "raw", "-o", str(out)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out


def top_stacks(out: Path, count: int = 15) -> str:
    """The stacks sampled most, each by its innermost frames."""
    stacks = []
    for line in out.read_text().splitlines() if out.exists() else []:
        stack, _, samples = line.rpartition(" ")
        stacks.append((int(samples), ";".join(stack.split(";")[-6:])))
    stacks.sort(reverse=True)
    return "\n".join(f"    {n:5d} {stack}" for n, stack in stacks[:count])


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


async def sessions(port: int, folder: Path) -> list[Screen]:
    """A solo game on today's daily, and a co-op room of two on its puzzle."""
    keys = [make_key(folder, f"key{n}") for n in range(3)]
    solo = await Screen(await connect(port, keys[0])).start()
    await solo.wait_for("Press o to open", timeout=60)
    await solo.press("d")
    await solo.wait_for("(new puzzle, 9x9)", timeout=60)
    host = await Screen(await connect(port, keys[1])).start("coop")
    await host.wait_for(CODE_AT, timeout=60)
    code = host.text().split(CODE_AT, 1)[1][:6]
    await host.press("d")
    await host.wait_for("(new puzzle, 9x9)", timeout=60)
    guest = await Screen(await connect(port, keys[2])).start(f"join {code}")
    await guest.wait_for(code, timeout=60)
    return [solo, host, guest]


async def measure(seconds: float, folder: Path, profile: bool) -> None:
    server = ServerProcess(folder / "server")
    try:
        screens = await sessions(server.port, folder)
        await asyncio.sleep(SETTLE)
        games = children_of(server.process.pid)
        print(f"{len(games)} games idle for {seconds:.0f} s; {load()}", flush=True)
        before = {pid: (cpu_seconds(pid), switches(pid)) for pid in games}
        wall = time.perf_counter()
        spies = [spy(pid, seconds, folder) for pid in games[1:2]] if profile else []
        await asyncio.sleep(seconds)
        for process, out in spies:
            await asyncio.to_thread(process.wait)
            print(f"  py-spy of a co-op game (most samples first):\n{top_stacks(out)}")
        wall = time.perf_counter() - wall
        for pid in games:
            cpu, woken = cpu_seconds(pid) - before[pid][0], switches(pid) - before[pid][1]
            print(f"  game {pid}: CPU {cpu / wall * 1000:.1f} ms a second, {woken / wall:.1f} wake-ups a second")
        server_cpu = cpu_seconds(server.process.pid)
        print(f"  server: {server_cpu:.1f} CPU s in all; {load()}")
        for screen in screens:
            screen.conn.close()
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--profile", action="store_true", help="py-spy a co-op game (py-spy installed)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as folder:
        asyncio.run(measure(args.seconds, Path(folder), args.profile))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
