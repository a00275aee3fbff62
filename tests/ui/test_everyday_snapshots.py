"""Snapshots of a puzzle being typed in and of several cells selected, at 80x24 and 120x40
and under NO_COLOR (the selection's ▸ ◂ show without colour).

Regenerate after a deliberate change with
``pytest tests/ui/test_everyday_snapshots.py --snapshot-update`` and look at the
report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_aids_snapshots import in_project, playing
from ui_helpers import SIZE, snapshot_app

# playing(): nine.txt opened and keys pressed, in the project's folder, as the aids' snapshots do.
__all__ = ["in_project"]  # the fixture, used by name

SnapCompare = Callable[..., bool]
LARGE = (120, 40)


# A puzzle being typed in: three givens, the cursor moved on.
ENTERING = ("i", "5", "right", "3", "down", "down", "7", "right")
# A 3 x 2 rectangle of givens and empty cells, a 4 put in each empty one; then grown a row
# down, and a 2 marked in the one empty cell of the rectangle.
SELECTING = ("down", "down", "shift+right", "shift+right", "shift+down", "4", "shift+down", "p", "2")


@pytest.mark.parametrize("size", [SIZE, LARGE], ids=["80x24", "120x40"])
def test_entering_a_puzzle(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(*ENTERING))


def test_entering_a_puzzle_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(*ENTERING))


@pytest.mark.parametrize("size", [SIZE, LARGE], ids=["80x24", "120x40"])
def test_several_cells_selected(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=playing(*SELECTING))


def test_several_cells_selected_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=playing(*SELECTING))
