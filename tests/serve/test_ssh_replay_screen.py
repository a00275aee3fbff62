"""The replay screen in a served game: a real SSH client plays a few keys, presses R,
steps through its moves on an 80x24 terminal, and goes back to the game."""

from __future__ import annotations

from tests.serve.ssh_helpers import ServerProcess, connect, keys, servers
from tests.serve.test_ssh_server import START_LINE, play_a_move, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

RIGHT = "\x1b[C"


async def test_r_replays_a_served_game_and_q_goes_back_to_it(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server: ServerProcess = servers()
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)  # a 1 typed in each cell right from the top-left (givens refuse it)
        await screen.press("R")
        await screen.wait_for("Replay: ")
        await screen.wait_for("The start: no move yet.")
        await screen.press(RIGHT)
        await screen.wait_for("Move 1 · ")
        await screen.wait_for("move 1 of ")  # the playback line
        await screen.press("q")  # back to the game, which goes on
        await screen.wait_for("Values")
        assert "Replay: " not in screen.text()
        assert await quit_game(screen) == 0
