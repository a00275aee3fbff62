"""CPU a game process spends on one key: cursor moves, values, pencil marks, undo.

    python -m benchmarks.bench_keys [--quick] [--size 80x24] [--keys N] [--profile KIND]
    python -m benchmarks.bench_keys --against DIR     # and the sudoku_tui of another checkout

A served game runs one process per player, so what a key costs in CPU is
what decides how many can play on a machine (``bench_serve.py`` measures
the whole). The game runs headless (Textual's test harness) on the bundled
9x9-easy file with a store in a temporary folder, and each kind of key is
pressed N times: the arrows round a square; values 1-9 in turn into one
empty cell; pencil marks 1-9 in turn in that cell; undo. Reported: CPU
milliseconds a key (the whole process: the key's handling, the screen's
update, the save), and wall milliseconds beside it.

``--against DIR`` measures the package in DIR (another checkout, e.g. the
commit before a change) and this one, each in its own process, taking
turns, so both see the same load on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual import events
from textual.app import App

KINDS = ("move", "value", "mark", "undo")
PACE = 0.05  # seconds between keys: enough for the screen's answer (the CPU counted is the same)
ROOT = Path(__file__).resolve().parent.parent


def keys_for(kind: str, count: int) -> list[str]:
    """What is pressed for one kind (the board's cursor is on an empty cell)."""
    if kind == "move":
        return [["right", "down", "left", "up"][i % 4] for i in range(count)]
    if kind in ("value", "mark"):
        return [str(i % 9 + 1) for i in range(count)]
    return ["u"] * count


async def press(app: App[None], key: str) -> None:
    """A key as the terminal's driver hands it to the app, then a pause while the
    screen answers: like a player typing, without the test pilot's own work
    (which waits on every widget after each key)."""
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    await asyncio.sleep(PACE)


async def measure(size: tuple[int, int], count: int, profile: str | None) -> dict[str, tuple[float, float]]:
    """CPU and wall milliseconds a key, by kind."""
    from sudoku_tui.game.store.local import open_local_store
    from sudoku_tui.paths import bundled_puzzles
    from sudoku_tui.ui import SudokuApp

    results: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = open_local_store(Path(folder))
        app = SudokuApp(bundled_puzzles() / "9x9-easy.txt", now=lambda: 0.0, store=store)
        async with app.run_test(size=size) as pilot:
            for _ in range(10):  # the file loads and the screen settles
                await pilot.pause(0.05)
            board = app.game.board
            board.cursor = board.play.values.index(0)
            await pilot.pause()
            for kind in KINDS:
                if kind == "mark":
                    await pilot.press("0", "p")  # marks go in an empty cell
                keys = keys_for(kind, count)
                profiler = cProfile.Profile(time.process_time) if kind == profile else None  # CPU, not wall
                cpu, wall = time.process_time(), time.perf_counter()
                if profiler:
                    profiler.enable()
                for key in keys:
                    await press(app, key)
                await pilot.pause()
                if profiler:
                    profiler.disable()
                results[kind] = (
                    (time.process_time() - cpu) / count * 1000,
                    (time.perf_counter() - wall) / count * 1000,
                )
                if profiler:
                    pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(40)
                if kind == "mark":
                    await pilot.press("p")
    return results


def measure_elsewhere(folder: Path | None, args: argparse.Namespace) -> dict[str, tuple[float, float]]:
    """One measurement in a process of its own, with the package in ``folder`` (this checkout when None)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(part) for part in (folder or ROOT, ROOT)))
    command = [sys.executable, "-m", "benchmarks.bench_keys", "--json", "--size", args.size, "--keys", str(args.keys)]
    with tempfile.TemporaryDirectory() as elsewhere:  # not the project root, which would come first on sys.path
        answer = subprocess.run(command, env=env, cwd=elsewhere, capture_output=True, text=True, check=True)
    return {kind: (cpu, wall) for kind, (cpu, wall) in json.loads(answer.stdout).items()}


def line(name: str, results: dict[str, tuple[float, float]]) -> str:
    parts = [f"{kind} {cpu:5.1f} ({wall:5.1f})" for kind, (cpu, wall) in results.items()]
    return f"{name:<10}" + " | ".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 keys a kind, one round")
    parser.add_argument("--size", default="80x24", help="terminal columns x rows (default 80x24)")
    parser.add_argument("--keys", type=int, default=100, help="keys of each kind (default 100)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each checkout with --against (default 3)")
    parser.add_argument("--profile", choices=KINDS, help="print a cProfile of one kind's keys on stderr")
    parser.add_argument("--against", type=Path, help="a checkout whose sudoku_tui is measured too")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run, for --against
    args = parser.parse_args(argv)
    if args.quick:
        args.keys, args.rounds = 40, 1
    columns, rows = (int(part) for part in args.size.lower().split("x"))
    if args.json:
        print(json.dumps(asyncio.run(measure((columns, rows), args.keys, None))))
        return
    print(f"CPU ms a key (wall ms), {args.keys} keys a kind, {columns}x{rows}, 9x9-easy", flush=True)
    if args.against is None:
        print(line("this", asyncio.run(measure((columns, rows), args.keys, args.profile))), flush=True)
        return
    for _ in range(args.rounds):
        print(line("reference", measure_elsewhere(args.against.resolve(), args)), flush=True)
        print(line("this", measure_elsewhere(None, args)), flush=True)


if __name__ == "__main__":
    main()
