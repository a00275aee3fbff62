"""Snapshots of the replay screen: at 80x24 and 120x40, and under NO_COLOR (the move's cell
in [brackets], the current move marked ›, the labels in words).

Regenerate after a deliberate change with
``pytest tests/ui/test_replay_snapshots.py --snapshot-update`` and look at the
report before committing the new SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from replay_game import labels_done, open_replay
from textual.pilot import Pilot
from ui_helpers import SIZE, snapshot_app

SnapCompare = Callable[..., bool]
LARGE = (120, 40)


def replaying(index: int) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """The replay of the known game, labelled, at move ``index``."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_replay(pilot, index=index)
        await labels_done(pilot)

    return run_before


@pytest.mark.parametrize(("size", "index"), [(SIZE, 3), (LARGE, 6)], ids=["80x24", "120x40"])
def test_the_replay(snap_compare: SnapCompare, size: tuple[int, int], index: int) -> None:
    assert snap_compare(snapshot_app(), terminal_size=size, run_before=replaying(index))


def test_the_replay_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=replaying(5))
