"""Where the benchmarks find their puzzles: the project's own files, and the
public collections in ``../shared/data`` (or ``$SUDOKU_DATA``), which are
read in place and skipped when absent."""

from __future__ import annotations

import gzip
import os
import random
from pathlib import Path

from sudoku_tui.engine.files.formats import read_puzzle_file

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
DATA = Path(os.environ.get("SUDOKU_DATA", ROOT.parent / "shared" / "data"))
EXCHANGE_GZ = DATA / "9x9" / "exchange-hard-diabolical-rated.txt.gz"
# Files the benchmarks make from the data (the 441k-line file unpacked), kept between runs; git ignores it.
CACHE = ROOT / "benchmarks" / ".cache"


def file_lines(path: Path) -> list[str] | None:
    """The puzzle lines of a file, or None (said on stdout) when it is absent."""
    if not path.exists():
        print(f"{path.name:<28}skipped: absent", flush=True)
        return None
    return read_puzzle_file(path).lines


def sample(lines: list[str], size: int) -> list[str]:
    """The same ``size`` lines on every run."""
    return random.Random(2026).sample(lines, size) if len(lines) > size else lines


def exchange_lines() -> list[str] | None:
    """The 441k-puzzle Sudoku Exchange bank's lines (0 for empty), or None when absent."""
    if not EXCHANGE_GZ.exists():
        print(f"{'exchange':<28}skipped: absent", flush=True)
        return None
    with gzip.open(EXCHANGE_GZ, "rt", encoding="ascii") as handle:
        return [row.split()[1] for row in handle if row.strip()]


def exchange_file() -> Path | None:
    """The exchange bank as a puzzle file the commands read, made once into the cache."""
    big = CACHE / "exchange-441k.txt"
    if big.exists():
        return big
    lines = exchange_lines()
    if lines is None:
        return None
    CACHE.mkdir(parents=True, exist_ok=True)
    part = big.with_suffix(".part")
    part.write_text("".join(line + "\n" for line in lines), encoding="ascii")
    part.replace(big)
    return big
