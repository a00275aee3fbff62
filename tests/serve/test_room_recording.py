"""A room's game records the player's own moves against the real hub: on a co-op board the
others' changes reach the board but not the recording, and taking back one's own move is an undo."""

from __future__ import annotations

from pathlib import Path

from sudoku_tui.game.replay.labels import Move, MoveKind
from tests.serve.room_games import running_hub
from tests.serve.test_room_play import _coop


async def test_a_coop_game_records_the_players_own_moves_alone(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        ann.room.enter(5, 2)
        await bob.until("changed", cell=5)
        bob.room.enter(6, 3)
        await ann.until("changed", cell=6)
        assert ann.room.undo().changed
        assert [(m.kind, m.cell, m.value) for m in ann.session.moves] == [
            (MoveKind.VALUE, 5, 2),
            (MoveKind.UNDO, -1, 0),
        ]
        assert [(m.kind, m.cell, m.value) for m in bob.session.moves] == [(MoveKind.VALUE, 6, 3)]
        assert all(isinstance(move, Move) for move in ann.session.moves)
        ann.close()
        bob.close()
