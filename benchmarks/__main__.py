"""Run the benchmarks, one after another, each under its own heading.

    python -m benchmarks                     # every benchmark
    python -m benchmarks --quick             # each one's short form, where it has one
    python -m benchmarks solver generator    # some of them (bench_<name>.py)

A benchmark is a module ``benchmarks/bench_<name>.py`` with ``main(argv)``;
this runner passes ``--quick`` to the ones whose ``main`` parses it.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import platform
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent


def names() -> list[str]:
    return sorted(path.stem.removeprefix("bench_") for path in HERE.glob("bench_*.py"))


def run(name: str, quick: bool) -> None:
    module = importlib.import_module(f"benchmarks.bench_{name}")
    takes_quick = "--quick" in inspect.getsource(module)
    print(f"\n## {name}  ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)", flush=True)
    start = time.perf_counter()
    module.main(["--quick"] if quick and takes_quick else [])
    print(f"({name}: {time.perf_counter() - start:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short forms where there are some")
    parser.add_argument("names", nargs="*", help=f"which ones (default: all): {', '.join(names())}")
    args = parser.parse_args()
    unknown = sorted(set(args.names) - set(names()))
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}")
    print(f"# sudoku-tui benchmarks on {platform.machine()}, Python {platform.python_version()}")
    for name in args.names or names():
        run(name, args.quick)


if __name__ == "__main__":
    main()
