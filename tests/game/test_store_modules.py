"""The player store's modules load neither Textual nor, for reading the store, the generator."""

from __future__ import annotations

import subprocess
import sys

STORE_MODULES = [
    "sudoku_tui.game.store.interface",
    "sudoku_tui.game.store.checks",
    "sudoku_tui.game.store.settings",
    "sudoku_tui.game.store.statistics",
    "sudoku_tui.game.store.sql",
    "sudoku_tui.game.store.sqlite",
    "sudoku_tui.game.store.import_saves",
    "sudoku_tui.game.store.local",
    "sudoku_tui.game.stats_report",
]


def loaded_after(modules: list[str]) -> set[str]:
    code = f"import sys, {', '.join(modules)}; print(' '.join(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def test_the_store_loads_no_textual_and_no_generator() -> None:
    loaded = loaded_after(STORE_MODULES)
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}
    assert "sudoku_tui.engine.making.generator" not in loaded and "numba" not in loaded


def test_the_daily_puzzle_loads_no_textual() -> None:
    loaded = loaded_after(["sudoku_tui.game.daily"])
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}
