"""A served game's moves recorded: a real SSH client plays a few keys, and the server's
store holds them, with the game clock's times (docs/replays.md)."""

from __future__ import annotations

from sudoku_tui.game.replay.labels import MoveKind
from sudoku_tui.game.store.location import open_store_at
from tests.serve.ssh_helpers import ServerProcess, connect, fingerprint, keys, servers
from tests.serve.test_ssh_server import START_LINE, play_a_move, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name


async def test_a_served_games_moves_are_recorded_in_the_servers_store(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server: ServerProcess = servers()
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)  # a 1 typed in each cell right from the top-left (givens refuse it)
        await screen.press("u")  # the last one taken back
        assert await quit_game(screen) == 0
    player = fingerprint(alice)
    store = open_store_at(server.store, player).store
    try:
        games = store.games_in_progress(player)
        assert len(games) == 1 and games[0].game_id is not None
        recorded = store.recorded_game(player, games[0].game_id)
        assert store.recorded_game("someone-else", games[0].game_id) is None
    finally:
        store.close()
    assert recorded is not None and not recorded.finished
    moves = recorded.moves
    assert moves[-1].kind is MoveKind.UNDO
    values = [move for move in moves if move.kind is MoveKind.VALUE]
    assert values and all(move.value == 1 and 0 <= move.cell < 4 for move in values)
    assert [move.at_ms for move in moves] == sorted(move.at_ms for move in moves)
    # The board kept is the moves played again: each 1 entered, the last one taken back.
    kept = [cell for cell in range(16) if games[0].values[cell] == "1" and recorded.puzzle.givens[cell] == 0]
    assert kept == [move.cell for move in values[:-1]]
